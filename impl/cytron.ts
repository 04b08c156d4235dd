/**
 * Pruned SSA construction by dominance frontiers.
 *
 * Source: R. Cytron, J. Ferrante, B. K. Rosen, M. N. Wegman, F. K. Zadeck, "Efficiently
 * computing static single assignment form and the control dependence graph", ACM TOPLAS 13(4),
 * 1991 (phi placement, Fig. 11; renaming, Fig. 12), pruned as in J.-D. Choi, R. Cytron,
 * J. Ferrante, "Automatic construction of sparse data flow evaluation graphs", POPL 1991: a phi
 * for `x` is kept only where `x` is live on entry. This is the variant LLVM's mem2reg implements.
 *
 * Variant and deviations:
 * - Dominators by Lengauer–Tarjan and frontiers by the Cooper–Harvey–Kennedy runner walk
 *   (graph/dominators.ts, graph/frontier.ts) instead of the paper's bottom-up DF_local/DF_up.
 * - Placement per variable `x`: the iterated dominance frontier `DF+(defNodes x)` by the paper's
 *   worklist (Fig. 11), intersected with `liveIn x` = the nodes from which a use of `x` is
 *   reachable on a path without a definition of `x`, the node itself included: a backward search
 *   from the uses of `x` stopping at its definitions. Entry is not added to the definition set
 *   (Cytron et al. assume an initial assignment there): Entry has no predecessors
 *   (`Entry_unreachable`), so `DF(Entry)` is empty and Entry is in no frontier, and for a
 *   definitely assigned CFG every phi so discarded is not live anyway.
 * - Renaming (Fig. 12) walks the dominator tree in preorder with an explicit stack of enter/exit
 *   events instead of recursion, so a 10^6-deep dominator tree is fine. The per-variable stacks
 *   are linked through one array (`below[slot]` = the entry under `slot` on its variable's
 *   stack), so a push or pop is O(1) and nothing is allocated per node. At a node: push its
 *   phis, let its uses read the stack tops (the model's nodes have disjoint defs and uses, and a
 *   node reads its uses before it writes its defs), push its defs; then, for every in-edge `i`
 *   of a successor `s` that comes from this node (parallel edges are separate in-edges with
 *   separate phi arguments), argument `i` of each phi at `s` is the current top of its variable.
 *   On exit everything pushed at the node is popped.
 * - Values are the Isabelle `ssaVal`s of the functional construction (impl/ssa_val.ts):
 *   `(x, n, SimpleDef)` for the definition of `x` at `n`, `(x, n, PhiDef)` for the phi of `x` at
 *   `n`, numbered in that lexicographic order, so the output is comparable with constructFast's
 *   value for value.
 * - A read from an empty stack (the input is not definitely assigned) yields `(x, Entry, PhiDef)`
 *   and creates an Entry phi for `x` without arguments: what the functional construction
 *   produces there (lookupDef stops at Entry, which has no predecessors), garbage in, garbage
 *   out, rejected by the checkers (`Entry_no_phis`).
 * - Nodes unreachable from Entry are not visited (the CFG_wf assumption `Entry_reaches` fails
 *   anyway): they get no phis and their uses are dropped (empty use rows); their definitions
 *   keep their values, so `defs` is complete. A phi argument on an edge from an unreachable
 *   predecessor is the phi's own value.
 *
 * Complexity: O(E log N) for the dominator tree, O(N + E + sum |DF(n)|) for the frontiers, per
 * variable the frontier work of its IDF (sum of |DF(y)| over the visited y) plus its live range
 * (the backward search, only for variables with a non-empty IDF); renaming O(N + E + defs + uses
 * + phi arguments); the final numbering O(values log values). No recursion anywhere.
 */
import { dominatorTree } from "../graph/dominators.js";
import { dominanceFrontiers } from "../graph/frontier.js";
import type { Node, Val, Var } from "../spec/ids.js";
import { Cfg, Rows, SsaCfg, Transformed } from "../spec/model.js";
import { transpose } from "./construct_fast.js";
import { Construction, Def, ValTable } from "./ssa_val.js";
import type { Tracer } from "./trace.js";

/** A use slot of a node that is not visited (unreachable): dropped from the output. */
export const SKIP_USE = -0x80000000;

/** The slot of the Entry phi of variable `x` created for a read from an empty stack. */
export function entrySlot(x: number): number {
  return -(x + 1);
}

/**
 * The SSA constructions of this folder that compute values as "slots" share this assembly:
 * slot `k < defCount` is the simple definition at position `k` of `g.defRows.list`, slot
 * `defCount + q` is phi `q` (node `phiNode[q]`, variable `phiVar[q]`, argument slots
 * `args[argStart[q] .. argStart[q+1])`), a negative slot `entrySlot(x)` is the argument-less
 * Entry phi of `x` (read from an empty stack), and `SKIP_USE` drops a use. The values are
 * numbered as ValTable keys `(var, node, Def)`; phis come out in node order, by value id within a
 * node; use rows sorted and deduplicated; def rows sorted. O(slots log slots + uses + args).
 */
export function assembleFromSlots(
  g: Cfg,
  phiNode: Int32Array,
  phiVar: Int32Array,
  argStart: Int32Array,
  args: Int32Array,
  useSlot: Int32Array,
): Construction {
  const N = g.nodeCount;
  const V = g.varCount;
  const D = g.defRows.list.length;
  const Q = phiNode.length;
  const entry = g.Entry;

  // the Entry phis asked for by reads from empty stacks (in uses or in phi arguments)
  const entryNeeded = new Uint8Array(V);
  for (const s of useSlot) if (s < 0 && s !== SKIP_USE) entryNeeded[-s - 1] = 1;
  for (const s of args) if (s < 0) entryNeeded[-s - 1] = 1;
  const lazyVars: number[] = [];
  for (let x = 0; x < V; x++) if (entryNeeded[x]) lazyVars.push(x);
  const L = lazyVars.length;

  // values: the keys of every slot
  const defNodeOf = new Int32Array(D);
  for (let n = 0; n < N; n++) for (let k = g.defRows.start[n]; k < g.defRows.start[n + 1]; k++) defNodeOf[k] = n;
  const keys = new Float64Array(D + Q + L);
  for (let k = 0; k < D; k++) keys[k] = ValTable.key(g.defRows.list[k] as Var, defNodeOf[k] as Node, Def.SimpleDef, N);
  for (let q = 0; q < Q; q++) keys[D + q] = ValTable.key(phiVar[q] as Var, phiNode[q] as Node, Def.PhiDef, N);
  for (let j = 0; j < L; j++) keys[D + Q + j] = ValTable.key(lazyVars[j] as Var, entry, Def.PhiDef, N);
  const vals = new ValTable(sortedUnique(keys), N);
  const slotId = new Int32Array(D + Q);
  for (let s = 0; s < D + Q; s++) {
    const key = keys[s];
    slotId[s] = vals.find(Math.floor(key / 2 / N) as Var, (Math.floor(key / 2) % N) as Node, (key % 2) as Def);
  }
  const lazyId = new Int32Array(V).fill(-1);
  for (let j = 0; j < L; j++) lazyId[lazyVars[j]] = vals.find(lazyVars[j] as Var, entry, Def.PhiDef);
  const idOf = (s: number): number => (s >= 0 ? slotId[s] : lazyId[-s - 1]);

  // defs: every definition, rows sorted
  const defList = new Int32Array(D);
  for (let k = 0; k < D; k++) defList[k] = slotId[k];
  for (let n = 0; n < N; n++) {
    const a = g.defRows.start[n];
    const b = g.defRows.start[n + 1];
    if (b - a > 1) defList.subarray(a, b).sort();
  }

  // uses: skipped ones dropped, rows deduplicated and sorted
  const us = g.useRows.start;
  const useStart = new Int32Array(N + 1);
  const useList = new Int32Array(g.useRows.list.length);
  const seenAt = new Int32Array(vals.count).fill(-1); // value -> last node listing it
  let w = 0;
  for (let n = 0; n < N; n++) {
    const from = w;
    for (let k = us[n]; k < us[n + 1]; k++) {
      if (useSlot[k] === SKIP_USE) continue;
      const v = idOf(useSlot[k]);
      if (seenAt[v] === n) continue;
      seenAt[v] = n;
      useList[w++] = v;
    }
    if (w - from > 1) useList.subarray(from, w).sort();
    useStart[n + 1] = w;
  }

  // phis: placed ones and the lazy Entry ones, bucketed by node (stable), then by value id
  const total = Q + L;
  const nodeOfPhi = (i: number): number => (i < Q ? phiNode[i] : entry);
  const idOfPhi = (i: number): number => (i < Q ? slotId[D + i] : lazyId[lazyVars[i - Q]]);
  const phiStart = new Int32Array(N + 1);
  for (let i = 0; i < total; i++) phiStart[nodeOfPhi(i) + 1]++;
  for (let n = 0; n < N; n++) phiStart[n + 1] += phiStart[n];
  const fill = phiStart.slice(0, N);
  const order = new Int32Array(total);
  for (let i = 0; i < total; i++) order[fill[nodeOfPhi(i)]++] = i;
  for (let n = 0; n < N; n++) {
    const a = phiStart[n];
    const b = phiStart[n + 1];
    let sorted = true;
    for (let j = a + 1; j < b; j++) if (idOfPhi(order[j - 1]) > idOfPhi(order[j])) sorted = false;
    if (!sorted) {
      const seg = Array.from(order.subarray(a, b)).sort((p, q) => idOfPhi(p) - idOfPhi(q));
      order.set(seg, a);
    }
  }
  const phiDef = new Int32Array(total);
  const outArgStart = new Int32Array(total + 1);
  for (let j = 0; j < total; j++) {
    const i = order[j];
    phiDef[j] = idOfPhi(i);
    outArgStart[j + 1] = outArgStart[j] + (i < Q ? argStart[i + 1] - argStart[i] : 0);
  }
  const outArgs = new Int32Array(outArgStart[total]);
  for (let j = 0; j < total; j++) {
    const i = order[j];
    if (i >= Q) continue; // Entry phis of empty stacks have no arguments
    for (let k = argStart[i], o = outArgStart[j]; k < argStart[i + 1]; k++, o++) outArgs[o] = idOf(args[k]);
  }

  const ssa = new SsaCfg(
    g.graph,
    vals.count,
    new Rows<Val>(g.defRows.start, defList),
    new Rows<Val>(useStart, useList.slice(0, w)),
    phiStart,
    phiDef,
    new Rows<Val>(outArgStart, outArgs),
  );
  return { old: g, ssa, vals, transformed: new Transformed(g, ssa, vals.varOf()) };
}

/** The distinct keys, ascending (ValTable.fromKeys without the Set, which dominates at 10^6 keys). */
function sortedUnique(keys: Float64Array): Float64Array {
  const a = keys.slice().sort();
  let w = 0;
  for (let i = 0; i < a.length; i++) if (i === 0 || a[i] !== a[i - 1]) a[w++] = a[i];
  return a.slice(0, w);
}

/** Pruned SSA by Cytron et al.'s placement and renaming. See the module comment. `trace`: one `cytron.phi` event per phi placed. */
export function constructCytron(g: Cfg, trace?: Tracer): Construction {
  const N = g.nodeCount;
  const V = g.varCount;
  const graph = g.graph;
  const { start: ps, list: pl } = graph.preds;
  const dt = dominatorTree(graph);
  const df = dominanceFrontiers(dt);
  const reachable = dt.reachable;
  const defsOf = transpose(g.defRows, V); // variable -> nodes defining it
  const usersOf = transpose(g.useRows, V); // variable -> nodes using it

  // ---- phi placement (Fig. 11), pruned by liveness --------------------------------------------
  const inIdf = new Int32Array(N).fill(-1); // = x: in DF+(defNodes x)
  const onWork = new Int32Array(N).fill(-1); // = x: entered the worklist for x
  const live = new Int32Array(N).fill(-1); // = x: x is live on entry
  const isDef = new Int32Array(N).fill(-1); // = x: defines x
  const work = new Int32Array(N);
  const idf = new Int32Array(N);
  const placedNode: number[] = [];
  const placedVar: number[] = [];
  for (let x = 0; x < V; x++) {
    // IDF worklist: W <- defNodes x; for X in W, for Y in DF(X): place at Y, add Y to W
    let sp = 0;
    for (let k = defsOf.start[x]; k < defsOf.start[x + 1]; k++) {
      const n = defsOf.list[k];
      isDef[n] = x;
      if (reachable[n] === 1 && onWork[n] !== x) {
        onWork[n] = x;
        work[sp++] = n;
      }
    }
    let idfCount = 0;
    while (sp > 0) {
      const X = work[--sp];
      for (let k = df.start[X], e = df.start[X + 1]; k < e; k++) {
        const Y = df.list[k];
        if (inIdf[Y] === x) continue;
        inIdf[Y] = x;
        idf[idfCount++] = Y;
        if (onWork[Y] !== x) {
          onWork[Y] = x;
          work[sp++] = Y;
        }
      }
    }
    if (idfCount === 0) continue;
    // liveIn x: backward search from the uses, not entering definitions (Choi et al.'s pruning)
    let head = 0;
    let tail = 0;
    for (let k = usersOf.start[x]; k < usersOf.start[x + 1]; k++) {
      const u = usersOf.list[k];
      if (live[u] !== x && isDef[u] !== x) {
        live[u] = x;
        work[tail++] = u;
      }
    }
    while (head < tail) {
      const n = work[head++];
      for (let k = ps[n]; k < ps[n + 1]; k++) {
        const m = pl[k];
        if (live[m] !== x && isDef[m] !== x) {
          live[m] = x;
          work[tail++] = m;
        }
      }
    }
    for (let i = 0; i < idfCount; i++) {
      if (live[idf[i]] !== x) continue;
      placedNode.push(idf[i]);
      placedVar.push(x);
      if (trace !== undefined) trace({ kind: "cytron.phi", def: "Cytron.placePhi", variable: x as Var, node: idf[i] as Node });
    }
  }

  // phis by node (counting sort, stable: variables ascend within a node)
  const Q = placedNode.length;
  const nodePhiStart = new Int32Array(N + 1);
  for (const n of placedNode) nodePhiStart[n + 1]++;
  for (let n = 0; n < N; n++) nodePhiStart[n + 1] += nodePhiStart[n];
  const fillP = nodePhiStart.slice(0, N);
  const phiNode = new Int32Array(Q);
  const phiVar = new Int32Array(Q);
  for (let i = 0; i < Q; i++) {
    const q = fillP[placedNode[i]]++;
    phiNode[q] = placedNode[i];
    phiVar[q] = placedVar[i];
  }
  const argStart = new Int32Array(Q + 1);
  for (let q = 0; q < Q; q++) argStart[q + 1] = argStart[q] + (ps[phiNode[q] + 1] - ps[phiNode[q]]);
  const D = g.defRows.list.length;
  const args = new Int32Array(argStart[Q]);
  for (let q = 0; q < Q; q++) args.fill(D + q, argStart[q], argStart[q + 1]); // unreachable predecessors: itself

  // in-edges grouped by source: edge k (a position in preds.list) goes pl[k] -> target[k]
  const E = pl.length;
  const target = new Int32Array(E);
  for (let n = 0; n < N; n++) for (let k = ps[n]; k < ps[n + 1]; k++) target[k] = n;
  const outStart = new Int32Array(N + 1);
  for (let k = 0; k < E; k++) outStart[pl[k] + 1]++;
  for (let n = 0; n < N; n++) outStart[n + 1] += outStart[n];
  const fillO = outStart.slice(0, N);
  const outEdge = new Int32Array(E);
  for (let k = 0; k < E; k++) outEdge[fillO[pl[k]]++] = k;

  // ---- renaming (Fig. 12) over the dominator tree, explicit stack -----------------------------
  const top = new Int32Array(V).fill(-1); // slot on top of each variable's stack, -1 empty
  const below = new Int32Array(D + Q); // the slot under each pushed slot
  const read = (x: number): number => (top[x] >= 0 ? top[x] : entrySlot(x));
  const useSlot = new Int32Array(g.useRows.list.length).fill(SKIP_USE);
  const { start: ds, list: dl } = g.defRows;
  const { start: us, list: ul } = g.useRows;
  const { start: cs, list: cl } = dt.children;
  const stack = new Int32Array(2 * N + 1);
  let sp = 0;
  stack[sp++] = graph.Entry;
  while (sp > 0) {
    const ev = stack[--sp];
    if (ev >= 0) {
      const n = ev;
      for (let q = nodePhiStart[n]; q < nodePhiStart[n + 1]; q++) {
        const x = phiVar[q];
        below[D + q] = top[x];
        top[x] = D + q;
      }
      for (let k = us[n]; k < us[n + 1]; k++) useSlot[k] = read(ul[k]);
      for (let k = ds[n]; k < ds[n + 1]; k++) {
        const x = dl[k];
        below[k] = top[x];
        top[x] = k;
      }
      for (let j = outStart[n]; j < outStart[n + 1]; j++) {
        const k = outEdge[j];
        const s = target[k];
        const i = k - ps[s]; // this edge is in-edge i of s
        for (let q = nodePhiStart[s]; q < nodePhiStart[s + 1]; q++) args[argStart[q] + i] = read(phiVar[q]);
      }
      stack[sp++] = ~n;
      for (let j = cs[n + 1] - 1; j >= cs[n]; j--) stack[sp++] = cl[j]; // children ascending
    } else {
      const n = ~ev;
      for (let k = ds[n + 1] - 1; k >= ds[n]; k--) top[dl[k]] = below[k];
      for (let q = nodePhiStart[n + 1] - 1; q >= nodePhiStart[n]; q--) top[phiVar[q]] = below[D + q];
    }
  }

  return assembleFromSlots(g, phiNode, phiVar, argStart, args, useSlot);
}
