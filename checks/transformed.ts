/**
 * Checkers for the translation: locale `CFG_SSA_Transformed` (AFP SSA_CFG; Fig. 6 of the
 * CC 2016 paper). The assumptions keep the AFP's names `oldDefs_def`/`oldUses_def`; the paper
 * calls them `oldDefs_correct`/`oldUses_correct`, which in the AFP are two other lemmas (of
 * `CFG_Construct`, about the construction), so those names are not used for them here.
 *
 * @theory SSA_CFG
 */
import { reachForward } from "../graph/dfs.js";
import type { Node, Val, Var } from "../spec/ids.js";
import type { Rows, Transformed } from "../spec/model.js";
import { shortestPath, SsaIndex } from "./context.js";
import { Failures, Verdict } from "./verdict.js";

/**
 * `oldDefs_def: oldDefs g n = var g ` defs g n` (the paper's Fig. 6: `oldDefs_correct`).
 *
 * @isabelle CFG_SSA_Transformed.oldDefs_def
 */
export function oldDefs_def(t: Transformed): Verdict {
  return imageCheck(t, "oldDefs_def", t.old.defRows, t.ssa.defRows);
}

/**
 * `oldUses_def: n in set (alpha_n g) ==> oldUses g n = var g ` uses g n` (the paper's Fig. 6: `oldUses_correct`).
 *
 * @isabelle CFG_SSA_Transformed.oldUses_def
 */
export function oldUses_def(t: Transformed): Verdict {
  return imageCheck(t, "oldUses_def", t.old.useRows, t.ssa.useRows);
}

/** Per node, the set of old variables equals the image under `var` of the SSA values; allocation-free. */
function imageCheck(t: Transformed, name: string, old: Rows<Var>, ssa: Rows<Val>): Verdict {
  const f = new Failures(name);
  let stampSize = t.old.varCount;
  for (let k = 0; k < ssa.list.length; k++) stampSize = Math.max(stampSize, t.varOf[ssa.list[k]] + 1);
  const inOld = new Int32Array(stampSize).fill(-1);
  const inImage = new Int32Array(stampSize).fill(-1);
  for (let n = 0; n < t.nodeCount; n++) {
    let ok = true;
    for (let k = old.start[n]; k < old.start[n + 1]; k++) inOld[old.list[k]] = n;
    for (let k = ssa.start[n]; k < ssa.start[n + 1]; k++) {
      const x = t.varOf[ssa.list[k]];
      inImage[x] = n;
      if (inOld[x] !== n) ok = false;
    }
    for (let k = old.start[n]; k < old.start[n + 1]; k++) if (inImage[old.list[k]] !== n) ok = false;
    if (!ok) f.add({ kind: "node", node: n as Node, vals: ssa.row(n), vars: old.row(n), want: "var of the SSA values = the original variables" });
  }
  return f.verdict();
}

/** `phis_same_var: [| phis g (n,v) = Some vs; v' in set vs |] ==> var g v' = var g v`. */
export function phis_same_var(t: Transformed): Verdict {
  const f = new Failures("phis_same_var");
  const s = t.ssa;
  for (let n = 0; n < s.nodeCount; n++)
    for (let p = s.phiStart[n]; p < s.phiStart[n + 1]; p++)
      for (let i = 0; i < s.args.count(p); i++)
        if (t.var(s.args.at(p, i)) !== t.var(s.phiDef[p] as Val))
          f.add({ kind: "phi", node: n as Node, val: s.phiDef[p] as Val, arg: i, other: s.args.at(p, i), want: "an argument of the phi's variable" });
  return f.verdict();
}

/** `allDefs_var_disjoint: [| v in allDefs g n; v' in allDefs g n; v ~= v' |] ==> var g v' ~= var g v`. */
export function allDefs_var_disjoint(t: Transformed): Verdict {
  const f = new Failures("allDefs_var_disjoint");
  const s = t.ssa;
  // per variable: the last node that defined it and the value it defined there; only a node
  // where two values of one variable meet is looked at again, to collect them
  let vars = 0;
  for (let v = 0; v < s.valCount; v++) vars = Math.max(vars, t.varOf[v] + 1);
  const seenAt = new Int32Array(vars + 1).fill(-1);
  const seenVal = new Int32Array(vars + 1);
  const clashes = (n: number, v: number): boolean => {
    const x = t.varOf[v] < 0 ? vars : t.varOf[v]; // a value without a variable (-1) groups with its kind, as below
    if (seenAt[x] !== n) {
      seenAt[x] = n;
      seenVal[x] = v;
      return false;
    }
    return seenVal[x] !== v;
  };
  for (let n = 0 as Node; n < s.nodeCount; n++) {
    let clash = false;
    for (let k = s.defRows.start[n]; k < s.defRows.start[n + 1]; k++) clash = clashes(n, s.defRows.list[k]) || clash;
    for (let p = s.phiStart[n]; p < s.phiStart[n + 1]; p++) clash = clashes(n, s.phiDef[p]) || clash;
    if (!clash) continue;
    const defs = new Set<number>(s.defs(n));
    for (let p = s.phiStart[n]; p < s.phiStart[n + 1]; p++) defs.add(s.phiDef[p]);
    const byVar = new Map<number, Val[]>();
    for (const v of defs) {
      const x = t.var(v as Val);
      byVar.set(x, [...(byVar.get(x) ?? []), v as Val]);
    }
    for (const [x, vs] of byVar) if (vs.length > 1) f.add({ kind: "node", node: n, vals: vs, vars: [x as Var], want: "one version of the variable per node" });
  }
  return f.verdict();
}

/**
 * ```
 * conventional: [| g |- n-ns->m; n notin set (tl ns); v in allDefs g n; v in allUses g m;
 *                  x in set (tl ns); v' in allDefs g x |] ==> var g v' ~= var g v
 * ```
 * For each definition `n` of a value `v`: the nodes `x` lying on a path from `n` to a use of `v`
 * that does not return to `n` are those reachable from `n` without re-entering it (F) that reach
 * a use without entering `n` (B). The property fails iff F ∩ B holds another definition of
 * `var v`. When `n` is reachable and dominates every use of `v` (the normal case), F ∩ B is B
 * restricted to nodes reachable from Entry, so only the backward search over `v`'s live range
 * is needed; otherwise F is searched too. Witness: the path `n .. x .. m`.
 */
export function conventional(t: Transformed, idx = new SsaIndex(t.ssa)): Verdict {
  const f = new Failures("conventional");
  const s = t.ssa;
  const g = s.graph;
  const N = g.nodeCount;
  const dom = idx.dom;
  const kStamp = new Int32Array(N).fill(-1);
  const seen = new Int32Array(N).fill(-1);
  let round = 0;
  const queue = new Int32Array(N);
  const preds = g.preds;
  // values grouped by variable (a counting sort, values ascending in each group), the variables
  // in the order of their first value, so that each variable's definitions are marked once
  const V = s.valCount;
  let XC = 0;
  for (let v = 0; v < V; v++) XC = Math.max(XC, t.var(v as Val) + 1);
  const groupStart = new Int32Array(XC + 1);
  for (let v = 0; v < V; v++) groupStart[t.var(v as Val) + 1]++;
  for (let X = 0; X < XC; X++) groupStart[X + 1] += groupStart[X];
  const byVar = new Int32Array(V);
  const fill = groupStart.slice(0, XC);
  for (let v = 0; v < V; v++) byVar[fill[t.var(v as Val)]++] = v;
  const varOrder: number[] = [];
  const listed = new Uint8Array(XC);
  for (let v = 0; v < V; v++) {
    const X = t.var(v as Val);
    if (listed[X] === 0) {
      listed[X] = 1;
      varOrder.push(X);
    }
  }
  for (const X of varOrder) {
    const g0 = groupStart[X];
    const g1 = groupStart[X + 1];
    for (let i = g0; i < g1; i++) {
      const v = byVar[i];
      for (let k = idx.defNodes.start[v]; k < idx.defNodes.start[v + 1]; k++) kStamp[idx.defNodes.list[k]] = X;
    }
    for (let i = g0; i < g1; i++) {
      const v = byVar[i];
      if (idx.useCount(v) === 0) continue;
      const u0 = idx.useStart[v];
      const u1 = idx.useStart[v + 1];
      for (let k = idx.defNodes.start[v]; k < idx.defNodes.start[v + 1]; k++) {
        const n = idx.defNodes.list[k];
        // B: backward from the uses (other than at n itself), never entering n, breadth first so
        // that the definition found in between is one nearest to a use (a short witness path)
        round++;
        let head = 0;
        let tail = 0;
        for (let k = u0; k < u1; k++) {
          const un = idx.occNode[k];
          if (un !== n && seen[un] !== round) {
            seen[un] = round;
            queue[tail++] = un;
          }
        }
        let dominated = dom.isReachable(n);
        for (let k = u0; dominated && k < u1; k++) dominated = dom.dominates(n, idx.occNode[k]);
        // F: the nodes reachable from Entry where n dominates every use, else those reachable from
        // n without re-entering it (searched only then)
        let inF: Uint8Array | null = null;
        if (!dominated) {
          const blocked = new Uint8Array(N);
          blocked[n] = 1;
          const succ = g.succs;
          const seeds: number[] = [];
          for (let e = succ.start[n]; e < succ.start[n + 1]; e++) seeds.push(succ.list[e]);
          inF = reachForward(g, seeds, blocked);
        }
        // the first node of B, in the search's order, that defines X and lies in F
        let x = -1;
        while (head < tail) {
          const y = queue[head++];
          if (kStamp[y] === X && (inF === null ? dom.isReachable(y) : inF[y] === 1)) {
            x = y;
            break;
          }
          for (let e = preds.start[y]; e < preds.start[y + 1]; e++) {
            const z = preds.list[e];
            if (z !== n && seen[z] !== round) {
              seen[z] = round;
              queue[tail++] = z;
            }
          }
        }
        if (x < 0) continue;
        const at = x;
        f.add(() => conventionalWitness(t, idx, v as Val, n as Node, at as Node));
      }
    }
  }
  return f.verdict();
}

function conventionalWitness(t: Transformed, idx: SsaIndex, v: Val, n: Node, x: Node) {
  const g = t.graph;
  const notN = (y: number) => y === n;
  const toX = shortestFrom(g, n, x, notN);
  const useNodes = new Set(idx.usesOf(v).map((u) => u.node as number));
  useNodes.delete(n);
  const toUse = shortestToAny(g, x, useNodes, notN);
  const path = [...toX, ...toUse.slice(1)];
  const m = path[path.length - 1];
  const other = [...new Set<number>([...t.ssa.defs(x), ...phiDefsAt(t, x)])].find((w) => t.var(w as Val) === t.var(v));
  const occ = idx.usesOf(v).filter((u) => u.node === m);
  const phiUse = occ.every((u) => u.phi >= 0) ? occ[0] : undefined;
  return {
    kind: "path" as const,
    path,
    val: v,
    use: m,
    phiArg: phiUse ? { node: idx.phiNode[phiUse.phi] as Node, arg: phiUse.arg } : undefined,
    at: x,
    other: other as Val | undefined,
    want: "no other definition of the variable between the definition and the use",
    have: "another one",
  };
}

function phiDefsAt(t: Transformed, n: number): number[] {
  const s = t.ssa;
  const out: number[] = [];
  for (let p = s.phiStart[n]; p < s.phiStart[n + 1]; p++) out.push(s.phiDef[p]);
  return out;
}

/** A path from `from` (length > 1 if from = to is not wanted) to `to` whose nodes after the first are not blocked. */
function shortestFrom(g: Transformed["graph"], from: number, to: number, blocked: (n: number) => boolean): Node[] {
  const p = shortestPath(g, from, to, blocked);
  if (p) return p;
  throw new Error("internal: conventional witness path not found");
}

function shortestToAny(g: Transformed["graph"], from: number, targets: Set<number>, blocked: (n: number) => boolean): Node[] {
  if (targets.has(from)) return [from as Node];
  for (const m of targets) {
    const p = shortestPath(g, from, m, blocked);
    if (p) return p;
  }
  throw new Error("internal: conventional witness path not found");
}
