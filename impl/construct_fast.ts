/**
 * The efficient refinement of the functional construction (construct.ts; CC 2016 Section 4.1,
 * AFP Construct_SSA and its code theory Construct_SSA_code). Same output, value for value:
 * a property test compares the two on random CFGs.
 *
 * - `phiDefNodes g v` is the set of nodes with `length (predecessors g n) ~= 1` from which a use
 *   of `v` is reachable on a path without a definition of `v`, the node itself included
 *   (lemmas `phiDefNodesI`/`phiDefNodesE`). One backward breadth-first search per variable
 *   from its uses, stopping at its definitions, computes it: O(N + E) per variable, in
 *   practice proportional to the variable's live range.
 * - `lookupDef` walks single-predecessor chains; each walk memoises its answer on every node it
 *   passed (the role of the AFP's sparse phi map), so every (node, variable) pair is walked once.
 *
 * Everything is iterative over typed arrays: a chain of 10^6 nodes is a loop, not a stack.
 */
import type { Node, Val, Var } from "../spec/ids.js";
import { Cfg, Rows, SsaCfg, Transformed } from "../spec/model.js";
import { Construction, Def, sortRows, ValTable } from "./ssa_val.js";
import type { Tracer } from "./trace.js";

/**
 * `phiDefNodes g v` for every used variable `v`, as rows indexed by variable (ascending nodes).
 * The search of a variable starts from its uses one after the other, each going on only into
 * nodes no earlier one entered; `trace` gets one `phiDefNodes_aux` event per use (`incremental`).
 */
export function allPhiDefNodes(g: Cfg, trace?: Tracer): Rows<Node> {
  const N = g.nodeCount;
  const V = g.varCount;
  const usersOf = transpose(g.useRows, V);
  const stamp = new Int32Array(N).fill(-1);
  const queue = new Int32Array(N);
  const rows: number[][] = [];
  const { start: ps, list: pl } = g.preds;
  for (let v = 0; v < V; v++) {
    const out: number[] = [];
    let head = 0;
    let tail = 0;
    for (let j = usersOf.start[v]; j < usersOf.start[v + 1]; j++) {
      const u = usersOf.list[j];
      const from = tail;
      const found = out.length;
      if (stamp[u] !== v && !g.defRows.has(u, v)) {
        stamp[u] = v;
        queue[tail++] = u;
      }
      while (head < tail) {
        const x = queue[head++];
        if (ps[x + 1] - ps[x] !== 1) out.push(x);
        for (let k = ps[x]; k < ps[x + 1]; k++) {
          const m = pl[k];
          if (stamp[m] !== v && !g.defRows.has(m, v)) {
            stamp[m] = v;
            queue[tail++] = m;
          }
        }
      }
      if (trace !== undefined)
        trace({ kind: "phiDefNodes_aux", def: "phiDefNodes_aux", variable: v as Var, from: u as Node, visited: Array.from(queue.subarray(from, tail)) as Node[], found: out.slice(found) as Node[], incremental: true });
    }
    out.sort((a, b) => a - b);
    rows.push(out);
  }
  return Rows.from<Node>(rows);
}

/** Rows indexed by the row entries: `out[x]` lists every `i` whose row contains `x`. */
export function transpose(r: Rows<number>, count: number): Rows<number> {
  const start = new Int32Array(count + 1);
  for (const x of r.list) start[x + 1]++;
  for (let i = 0; i < count; i++) start[i + 1] += start[i];
  const fill = start.slice(0, count);
  const list = new Int32Array(r.list.length);
  for (let i = 0; i < r.rowCount; i++) for (let k = r.start[i]; k < r.start[i + 1]; k++) list[fill[r.list[k]]++] = i;
  return new Rows(start, list);
}

/** `lookupDef` with memoisation along single-predecessor chains. Answers are value keys. */
class MemoLookup {
  private memo = new Map<number, number>();
  private walk: number[] = [];
  constructor(private g: Cfg) {}

  lookupDef(n: Node, v: Var, trace?: Tracer): number {
    const g = this.g;
    const N = g.nodeCount;
    const V = g.varCount;
    const walk = this.walk;
    walk.length = 0;
    let x: number = n;
    let res: number;
    let memo = false;
    for (;;) {
      if (g.defRows.has(x, v)) {
        res = ValTable.key(v, x as Node, Def.SimpleDef, N);
        break;
      }
      if (g.preds.count(x) !== 1) {
        res = ValTable.key(v, x as Node, Def.PhiDef, N);
        break;
      }
      const hit = this.memo.get(x * V + v);
      if (hit !== undefined) {
        res = hit;
        memo = true;
        break;
      }
      walk.push(x);
      if (walk.length > N) throw new Error("lookupDef: a cycle of single-predecessor nodes (Entry_reaches does not hold)");
      x = g.preds.at(x, 0);
    }
    for (const w of walk) this.memo.set(w * V + v, res);
    if (trace !== undefined) {
      const path = [...walk, x] as Node[];
      const found = (Math.floor(res / 2) % N) as Node;
      const phi = res % 2 === Def.PhiDef;
      trace(memo ? { kind: "lookupDef", def: "lookupDef", variable: v, at: n, path, found, phi, memo: true } : { kind: "lookupDef", def: "lookupDef", variable: v, at: n, path, found, phi });
    }
    return res;
  }
}

/**
 * The functional construction `braun_ssa`, efficiently. Output identical to `construct`.
 *
 * `trace`: the searches and walks as they are done here, each once (see impl/trace.ts).
 *
 * @standin CFG_Construct_linorder: the locale assumes nothing beyond CFG_wf and hosts the
 * executable construction of Construct_SSA_code, whose definitions impl/construct_code.ts
 * transcribes; constructFast is the efficient construction in its role (breadth-first
 * phiDefNodes, memoised lookupDef), with construct's output, value for value (tested)
 */
export function constructFast(g: Cfg, trace?: Tracer): Construction {
  const N = g.nodeCount;
  const phiNodes = allPhiDefNodes(g, trace);
  const look = new MemoLookup(g);

  // every value: simple definitions, phis, and whatever uses' names (see construct.ts)
  const useKeys = new Float64Array(g.useRows.list.length);
  for (let n = 0; n < N; n++)
    for (let k = g.useRows.start[n]; k < g.useRows.start[n + 1]; k++)
      useKeys[k] = look.lookupDef(n as Node, g.useRows.list[k] as Var, trace);
  const keys: number[] = [];
  for (let n = 0; n < N; n++)
    for (let k = g.defRows.start[n]; k < g.defRows.start[n + 1]; k++)
      keys.push(ValTable.key(g.defRows.list[k] as Var, n as Node, Def.SimpleDef, N));
  for (let v = 0; v < phiNodes.rowCount; v++)
    for (let k = phiNodes.start[v]; k < phiNodes.start[v + 1]; k++)
      keys.push(ValTable.key(v as Var, phiNodes.list[k] as Node, Def.PhiDef, N));
  for (const k of useKeys) keys.push(k);
  const vals = ValTable.fromKeys(keys, N);
  const idOfKey = (key: number): Val => {
    const v = Math.floor(key / 2 / N) as Var;
    const n = (Math.floor(key / 2) % N) as Node;
    return vals.find(v, n, (key % 2) as Def);
  };

  const defList = new Int32Array(g.defRows.list.length);
  for (let n = 0; n < N; n++)
    for (let k = g.defRows.start[n]; k < g.defRows.start[n + 1]; k++)
      defList[k] = vals.find(g.defRows.list[k] as Var, n as Node, Def.SimpleDef);
  const useList = new Int32Array(useKeys.length);
  for (let k = 0; k < useKeys.length; k++) useList[k] = idOfKey(useKeys[k]);
  sortRows(g.defRows.start, defList);
  sortRows(g.useRows.start, useList);

  // phis, node by node, each node's phis by value id
  const phiVals: number[] = [];
  for (let v = 0; v < phiNodes.rowCount; v++)
    for (let k = phiNodes.start[v]; k < phiNodes.start[v + 1]; k++)
      phiVals.push(vals.find(v as Var, phiNodes.list[k] as Node, Def.PhiDef));
  phiVals.sort((a, b) => vals.node(a as Val) - vals.node(b as Val) || a - b);
  const phiStart = new Int32Array(N + 1);
  const phiDef = Int32Array.from(phiVals);
  const argStart = new Int32Array(phiDef.length + 1);
  for (let p = 0; p < phiDef.length; p++) {
    const n = vals.node(phiDef[p] as Val);
    phiStart[n + 1]++;
    argStart[p + 1] = argStart[p] + g.preds.count(n);
  }
  for (let n = 0; n < N; n++) phiStart[n + 1] += phiStart[n];
  const argList = new Int32Array(argStart[phiDef.length]);
  for (let p = 0; p < phiDef.length; p++) {
    const n = vals.node(phiDef[p] as Val);
    const v = vals.var(phiDef[p] as Val);
    for (let i = 0; i < g.preds.count(n); i++) argList[argStart[p] + i] = idOfKey(look.lookupDef(g.preds.at(n, i), v, trace));
  }

  const ssa = new SsaCfg(
    g.graph,
    vals.count,
    new Rows<Val>(g.defRows.start, defList),
    new Rows<Val>(g.useRows.start, useList),
    phiStart,
    phiDef,
    new Rows<Val>(argStart, argList),
  );
  return { old: g, ssa, vals, transformed: new Transformed(g, ssa, vals.varOf()) };
}

