/**
 * A low-high order of the dominator tree: the certificate of Georgiadis and Tarjan, "Dominator
 * Tree Certification and Divergent Spanning Trees", ACM TALG 12(1), 2016.
 *
 * Definition (GT 2016). Let D be the dominator tree of the flowgraph (V, E, r). A low-high order
 * δ is a preorder of D (root first, every subtree contiguous) such that every reachable v ≠ r
 * either has the edge (idom(v), v), or has edges (u, v) and (w, v) with u < v < w in δ and w not
 * a descendant of v in D. With δ and D a checker verifies D in linear time (GT 2016). The
 * argument below uses only facts this function checks on the `idom` it is handed (it throws
 * otherwise), so whatever it returns satisfies the definition for that tree.
 *
 * Algorithm. All steps are iterative (explicit stacks), on typed arrays.
 *
 * 1. Derived graph (GT 2016). Each edge (u, v), u and v reachable, v ≠ r, becomes (u', v) where
 *    u' = u if u = idom(v), else u' is the ancestor of u in D that is a child of idom(v) (it
 *    exists: idom(v) dominates every predecessor of v); edges with u' = v (u in the subtree of v)
 *    are dropped. u' is read off the root path of one DFS of D (the ancestor at depth
 *    depth(idom v) + 1), so this is O(E). A preorder of D whose every sibling set C(p) is
 *    ordered so that each c ∈ C(p) has a derived edge (p, c) or derived edges from siblings
 *    before and after c is a low-high order (a derived source u' stands for a vertex in the
 *    subtree of u', which is contiguous and on the same side of v's subtree, and not below v).
 *    Each sibling problem H_p = ({p} ∪ C(p), derived edges into C(p)) is a flowgraph from p whose
 *    dominator tree is flat (every c has idom p).
 *
 * 2. One flat problem H (root p; "s" below). Take a DFS tree T of H, depth d, preorder numbers.
 *    For z ≠ s define c(z) by the Lengauer–Tarjan semidominator recurrence with depths as keys:
 *      c(z) = min over derived edges (x, z), x ≠ z, of
 *               -1                                  if x = s,
 *               d(x)                                if x precedes z (then x is a T-ancestor),
 *               min { c(y) : y on the T-path from x up to, excluding, lca(x, z) }   otherwise,
 *    i.e. (LT's Theorem 4 is a minimum over semidominator paths) c(z) = d(sdom(z)), and -1 when
 *    sdom(z) = s. Computed in reverse preorder with EVAL/LINK and path compression (LT 1979, the
 *    simple version): O(E log V). Flatness gives c(z) < d(t(z)) for the DFS parent t(z) (by LT's
 *    Corollary 1, sdom(z) = t(z) would make t(z) = idom(z)); this is checked.
 *
 * 3. The head tree T*. In preorder, hp(z) := the shallowest vertex g of the T*-path from s to
 *    t(z) with d(g) > c(z) (it exists since d(t(z)) > c(z); it is s iff c(z) = -1). T*-ancestors
 *    are T-ancestors, so the query is an ancestor search with a monotone key along a path of T*,
 *    answered with skew-binary jump pointers (Myers 1983) in O(log V).
 *
 * 4. The layout. ρ(g) = right for even T*-depth, left for odd. In preorder each z is inserted into
 *    a doubly linked list immediately on side ρ(hp(z)) of end(hp(z)), the T*-child of hp(z)
 *    inserted last (or hp(z) itself), and end(hp(z)) := z. So the T*-children of g lie on side
 *    ρ(g) of g in increasing preorder going away from g, each at the far end of its own block
 *    (T*-subtree, contiguous) and its own children between it and g. The list minus s orders
 *    C(p). Finally δ is the preorder of D with children in these orders.
 *
 * Correctness (every z ≠ s without the edge (s, z) gets witnesses on both sides). Write C(w) for
 * the T*-path from s to w, h = hp(z), and "outer" for side ρ(h) of z (away from h). From the
 * layout: block(z) \ {z}, h and the blocks of T*-siblings of z with smaller preorder lie on the
 * inner side; the blocks of siblings with larger preorder, hp(h) and the blocks of T*-children
 * of hp(h) with smaller preorder than h lie on the outer side. By construction
 * (C1) C(z) = {g ∈ C(t(z)) : d(g) ≤ c(z)} ∪ {h, z}, h the shallowest g ∈ C(t(z)) with
 *      d(g) > c(z). Hence C(w) ⊆ C(t(w)) ∪ {w}, blocks are T-connected, hp(h) is the deepest
 *      g ∈ C(t(z)) with d(g) ≤ c(z), and for any c the shallowest element of C(w) deeper than c
 *      is that of C(t(w)) or w itself; it is that of C(t(w)), and C(w), C(t(w)) agree up to
 *      depth c, when c(w) ≥ c and d(t(w)) > c.
 * (a) Inner witness: t(z) is h or lies in the block of the T*-child of h on its T*-path, a
 *     T-ancestor of z, hence earlier than z in preorder: inner side.
 * (b) Outer witness: any derived edge (x, z) attaining the minimum c = c(z). If c = -1 then
 *     h = s and x = s (the free case) or x is later than z (second case, where then f = h).
 *   - x a T-ancestor, d(x) = c: x lies on the T-path from hp(h) (depth ≤ c) to h (depth > c),
 *     so x = hp(h) or x is in the block of a T*-child q ≠ h of hp(h) that is a T-ancestor of h,
 *     so q precedes h: outer side.
 *   - x later than z, a = lca(x, z): every y on the T-path (a, x] has c(y) ≥ c; let y1 be the
 *     highest with c(y1) = c. Flatness at the child of a gives c < d(a). Let f be the shallowest
 *     element of C(a) deeper than c. By (C1) along (a, y1], hp(y1) = f, and along (y1, x], x is
 *     in block(f) inside the block of a T*-child e of f that is y1 or below it, so e comes after z.
 *     If h = f, e is a later sibling of z: outer side. Otherwise (C1) puts h on the T-path
 *     (a, t(z)] and f ∉ C(z), so the contiguous block(f) misses z and lies on one side of it;
 *     it contains a, which lies on the T-path from hp(h) to h: outer side, as in the first case.
 * So the order of C(p) solves H_p, and by step 1 δ is a low-high order. It is a preorder of D by
 * construction.
 *
 * Complexity: O(E log V) time (path compression without balancing, and jump pointers),
 * O(V + E) space; no recursion anywhere, so dominator trees and DFS trees of depth 10^6 are fine.
 */
import { type Adjacency, vertexCount } from "./dfs.js";

/**
 * The reachable vertices of the flowgraph `(succ, root)` in a low-high order of the dominator tree
 * given by `idom` (as `immediateDominators(succ, pred, root)` returns it: `-1` for the root and
 * for unreachable vertices, which are left out). Parallel edges and self-loops are fine.
 * Throws a RangeError on malformed input and an Error if `idom` is not the dominator tree in a
 * way the construction detects.
 */
export function lowHighOrder(succ: Adjacency, root: number, idom: Int32Array): Int32Array {
  const n = vertexCount(succ);
  if (idom.length !== n) throw new RangeError(`idom has ${idom.length} entries for ${n} vertices`);
  if (!Number.isInteger(root) || root < 0 || root >= n) throw new RangeError(`root ${root} is not a vertex of 0..${n - 1}`);
  if (idom[root] !== -1) throw new RangeError("idom[root] must be -1");

  // ---- the dominator tree D: children rows --------------------------------------------------
  const kidStart = new Int32Array(n + 1);
  let reachable = 1;
  for (let v = 0; v < n; v++) {
    const p = idom[v];
    if (p < 0) continue;
    if (p >= n || v === root) throw new RangeError(`idom[${v}] = ${p} is not a vertex`);
    kidStart[p + 1]++;
    reachable++;
  }
  for (let v = 0; v < n; v++) kidStart[v + 1] += kidStart[v];
  const kidList = new Int32Array(kidStart[n]);
  {
    const fill = kidStart.slice(0, n);
    for (let v = 0; v < n; v++) if (idom[v] >= 0) kidList[fill[idom[v]]++] = v;
  }

  // ---- step 1: the derived graph, read off the root path of a DFS of D ----------------------
  const depthD = new Int32Array(n).fill(-1);
  const path = new Int32Array(reachable); // path[k] = the vertex at depth k on the current root path
  const stackV = new Int32Array(Math.max(reachable, 1));
  const stackE = new Int32Array(Math.max(reachable, 1));
  // derived edges (source u', target v), at most one per original edge
  const m = succ.list.length;
  const eSrc = new Int32Array(m);
  const eDst = new Int32Array(m);
  let ec = 0;
  let visited = 0;
  {
    let sp = 0;
    const enter = (u: number, depth: number): void => {
      depthD[u] = depth;
      path[depth] = u;
      visited++;
      for (let k = succ.start[u], e = succ.start[u + 1]; k < e; k++) {
        const v = succ.list[k];
        if (v === root || idom[v] < 0) continue; // the root has no in-edges that count; v unreachable
        const p = idom[v];
        let src: number;
        if (p === u) src = u;
        else {
          const dp = depthD[p];
          // idom(v) dominates every reachable predecessor of v: it must be on u's root path
          if (dp < 0 || dp >= depth || path[dp] !== p) throw new Error(`idom[${v}] = ${p} does not dominate its predecessor ${u}`);
          src = path[dp + 1];
          if (src === v) continue; // u lies in the subtree of v: the edge says nothing
        }
        eSrc[ec] = src;
        eDst[ec++] = v;
      }
    };
    enter(root, 0);
    stackV[0] = root;
    stackE[0] = kidStart[root];
    sp = 1;
    while (sp > 0) {
      const v = stackV[sp - 1];
      const e = stackE[sp - 1];
      if (e < kidStart[v + 1]) {
        stackE[sp - 1] = e + 1;
        const w = kidList[e];
        enter(w, sp);
        stackV[sp] = w;
        stackE[sp++] = kidStart[w];
      } else sp--;
    }
  }
  if (visited !== reachable) throw new Error("idom does not form a tree rooted at root");

  // derived in-edges by target; out-edges by source, split into edges to children (source = the
  // problem's root) and edges to siblings (source = a member of the target's problem)
  const inStart = new Int32Array(n + 1);
  const kidOutStart = new Int32Array(n + 1);
  const sibOutStart = new Int32Array(n + 1);
  for (let i = 0; i < ec; i++) {
    inStart[eDst[i] + 1]++;
    if (idom[eDst[i]] === eSrc[i]) kidOutStart[eSrc[i] + 1]++;
    else sibOutStart[eSrc[i] + 1]++;
  }
  for (let v = 0; v < n; v++) {
    inStart[v + 1] += inStart[v];
    kidOutStart[v + 1] += kidOutStart[v];
    sibOutStart[v + 1] += sibOutStart[v];
  }
  const inList = new Int32Array(ec);
  const kidOutList = new Int32Array(kidOutStart[n]);
  const sibOutList = new Int32Array(sibOutStart[n]);
  {
    const fIn = inStart.slice(0, n);
    const fKid = kidOutStart.slice(0, n);
    const fSib = sibOutStart.slice(0, n);
    for (let i = 0; i < ec; i++) {
      const u = eSrc[i];
      const v = eDst[i];
      inList[fIn[v]++] = u;
      if (idom[v] === u) kidOutList[fKid[u]++] = v;
      else sibOutList[fSib[u]++] = v;
    }
  }

  // ---- steps 2-4 on every sibling problem H_p ----------------------------------------------
  // local numbering: 0 = p, then the members in DFS preorder of H_p; scratch is reused
  const loc = new Int32Array(n).fill(-1); // vertex -> local number in the current problem
  const vAt = new Int32Array(n); // local -> vertex
  const tPar = new Int32Array(n); // DFS parent (local)
  const tDep = new Int32Array(n); // DFS depth
  const cval = new Int32Array(n); // c(z) = depth of sdom(z), -1 if sdom(z) = p
  const anc = new Int32Array(n); // EVAL/LINK forest
  const lab = new Int32Array(n); // least c on the compressed forest path
  const hp = new Int32Array(n); // T*-parent (local)
  const sd = new Int32Array(n); // T*-depth
  const jmp = new Int32Array(n); // skew-binary jump pointer in T*
  const nxt = new Int32Array(n); // the layout list
  const prv = new Int32Array(n);
  const endL = new Int32Array(n);
  const cstack = stackV; // path compression stack (the DFS of D is done with it)
  const kidOrd = new Int32Array(kidList.length); // the children of every p, in low-high order

  // COMPRESS of LT without recursion: collect the chain below the forest root, update top-down
  const evalMin = (v: number): number => {
    let sp = 0;
    let x = v;
    while (anc[anc[x]] !== -1) {
      cstack[sp++] = x;
      x = anc[x];
    }
    while (sp > 0) {
      x = cstack[--sp];
      const a = anc[x];
      if (lab[a] < lab[x]) lab[x] = lab[a];
      anc[x] = anc[a];
    }
    return lab[v];
  };

  for (let p = 0; p < n; p++) {
    const kids = kidStart[p + 1] - kidStart[p];
    if (kids === 0) continue;
    // DFS of H_p from p: the root's derived edges go to children, a member's to siblings
    let k = 1;
    loc[p] = 0;
    vAt[0] = p;
    tPar[0] = -1;
    tDep[0] = 0;
    stackV[0] = p;
    stackE[0] = kidOutStart[p];
    let sp = 1;
    while (sp > 0) {
      const x = stackV[sp - 1];
      const e = stackE[sp - 1];
      const stop = x === p ? kidOutStart[p + 1] : sibOutStart[x + 1];
      if (e < stop) {
        stackE[sp - 1] = e + 1;
        const y = x === p ? kidOutList[e] : sibOutList[e];
        if (loc[y] < 0) {
          loc[y] = k;
          vAt[k] = y;
          tPar[k] = loc[x];
          tDep[k] = sp;
          k++;
          stackV[sp] = y;
          stackE[sp++] = sibOutStart[y];
        }
      } else sp--;
    }
    if (k !== kids + 1) throw new Error(`not every child of ${p} is reachable from it in the derived graph: idom is not the dominator tree`);

    // step 2: c(z) in reverse preorder, LINK after each vertex
    for (let i = 0; i < k; i++) anc[i] = -1;
    for (let i = k - 1; i >= 1; i--) {
      const z = vAt[i];
      let c = 0x7fffffff;
      for (let q = inStart[z], qe = inStart[z + 1]; q < qe; q++) {
        const j = loc[inList[q]];
        if (j === 0) {
          c = -1;
          break;
        }
        const cand = j < i ? tDep[j] : evalMin(j);
        if (cand < c) c = cand;
      }
      if (c >= tDep[tPar[i]]) throw new Error(`the derived graph of ${p} is not flat at ${z}: idom is not the dominator tree`);
      cval[i] = c;
      lab[i] = c;
      anc[i] = tPar[i];
    }

    // step 3: T*-parents in preorder (the search keeps d(g) > c(z); d strictly decreases upwards)
    hp[0] = -1;
    sd[0] = 0;
    jmp[0] = 0;
    for (let i = 1; i < k; i++) {
      const c = cval[i];
      let g = tPar[i];
      while (g !== 0) {
        const jg = jmp[g];
        if (tDep[jg] > c) g = jg;
        else if (tDep[hp[g]] > c) g = hp[g];
        else break;
      }
      hp[i] = g;
      sd[i] = sd[g] + 1;
      const jg = jmp[g];
      const jjg = jmp[jg];
      jmp[i] = sd[g] - sd[jg] === sd[jg] - sd[jjg] ? jjg : g;
    }

    // step 4: the layout; ρ(g) = right iff sd[g] is even
    nxt[0] = -1;
    prv[0] = -1;
    endL[0] = 0;
    for (let i = 1; i < k; i++) {
      const g = hp[i];
      const e = endL[g];
      if ((sd[g] & 1) === 0) {
        const after = nxt[e];
        nxt[i] = after;
        prv[i] = e;
        if (after >= 0) prv[after] = i;
        nxt[e] = i;
      } else {
        const before = prv[e];
        prv[i] = before;
        nxt[i] = e;
        if (before >= 0) nxt[before] = i;
        prv[e] = i;
      }
      endL[g] = i;
      endL[i] = i;
    }
    let at = kidStart[p];
    for (let i = nxt[0]; i >= 0; i = nxt[i]) kidOrd[at++] = vAt[i];
    // p is the leftmost element by construction (only its own children go to its side)
    if (at !== kidStart[p + 1]) throw new Error(`internal: the layout of the children of ${p} lost a vertex`);
    for (let i = 0; i < k; i++) loc[vAt[i]] = -1;
  }

  // ---- δ: the preorder of D with every sibling set in its order ------------------------------
  const out = new Int32Array(reachable);
  let oc = 0;
  out[oc++] = root;
  stackV[0] = root;
  stackE[0] = kidStart[root];
  let sp = 1;
  while (sp > 0) {
    const v = stackV[sp - 1];
    const e = stackE[sp - 1];
    if (e < kidStart[v + 1]) {
      stackE[sp - 1] = e + 1;
      const w = kidOrd[e];
      out[oc++] = w;
      stackV[sp] = w;
      stackE[sp++] = kidStart[w];
    } else sp--;
  }
  return out;
}
