/**
 * Indices the checkers share, computed once per SSA CFG: where each value is defined, every use
 * occurrence (a phi argument counts as a use at the end of its predecessor, as `phiUses` says),
 * the dominator tree.
 */
import { dominatorTree, DomTree } from "../graph/dominators.js";
import type { Node, Val } from "../spec/ids.js";
import { Graph, Rows, SsaCfg } from "../spec/model.js";

/** A use occurrence: value `val` used at `node`, ordinarily or as argument `arg` of phi `phi`. */
export interface UseOcc {
  node: Node;
  val: Val;
  /** -1 for an ordinary use. */
  phi: number;
  arg: number;
}

export class SsaIndex {
  private domCache: DomTree | undefined;
  /** Value -> every node defining it (simple or phi), ascending; more than one breaks allDefs_disjoint. */
  readonly defNodes: Rows<Node>;
  /** Phi -> its node. */
  readonly phiNode: Int32Array;
  /** Value -> the first phi defining it, -1 if none. */
  readonly phiOf: Int32Array;
  /**
   * Every use occurrence, grouped by value (`useStart[v] .. useStart[v+1]`), each group by node
   * (ties in the order below), as columns: an object per occurrence (10^5 of them for one
   * variable read 10^5 times) was most of a validation's V8 heap. `usesOf` makes the objects.
   */
  readonly useStart: Int32Array;
  readonly occNode: Int32Array;
  readonly occPhi: Int32Array;
  readonly occArg: Int32Array;

  constructor(readonly ssa: SsaCfg) {
    const N = ssa.nodeCount;
    const V = ssa.valCount;
    this.phiNode = new Int32Array(ssa.phiCount);
    for (let n = 0; n < N; n++) for (let p = ssa.phiStart[n]; p < ssa.phiStart[n + 1]; p++) this.phiNode[p] = n;
    this.phiOf = new Int32Array(V).fill(-1);
    for (let p = ssa.phiCount - 1; p >= 0; p--) this.phiOf[ssa.phiDef[p]] = p;

    this.defNodes = defNodeRows(ssa);

    // the occurrences in generation order: ordinary uses by node, then phi arguments by phi
    const preds = ssa.graph.preds;
    let total = ssa.useRows.list.length;
    for (let p = 0; p < ssa.phiCount; p++) total += Math.min(ssa.args.count(p), preds.count(this.phiNode[p]));
    const node = new Int32Array(total);
    const val = new Int32Array(total);
    const phi = new Int32Array(total);
    const arg = new Int32Array(total);
    let o = 0;
    for (let n = 0; n < N; n++)
      for (let k = ssa.useRows.start[n]; k < ssa.useRows.start[n + 1]; k++) {
        node[o] = n;
        val[o] = ssa.useRows.list[k];
        phi[o] = -1;
        arg[o++] = -1;
      }
    for (let p = 0; p < ssa.phiCount; p++) {
      const n = this.phiNode[p];
      const cnt = Math.min(ssa.args.count(p), preds.count(n)); // phiUses zips arguments with predecessors
      for (let i = 0; i < cnt; i++) {
        node[o] = preds.at(n, i);
        val[o] = ssa.args.at(p, i);
        phi[o] = p;
        arg[o++] = i;
      }
    }
    // sorted by (value, node), ties in generation order: two stable counting sorts, by node then by value
    const byNode = stableOrder(node, N, identity(total));
    const useStart = (this.useStart = new Int32Array(V + 1));
    for (let i = 0; i < total; i++) useStart[val[i] + 1]++;
    for (let v = 0; v < V; v++) useStart[v + 1] += useStart[v];
    const fill = useStart.slice(0, V);
    // the occurrences land straight in value order (the same as gathering through an order array)
    const occNode = (this.occNode = new Int32Array(total));
    const occPhi = (this.occPhi = new Int32Array(total));
    const occArg = (this.occArg = new Int32Array(total));
    for (let j = 0; j < total; j++) {
      const i = byNode[j];
      const at = fill[val[i]]++;
      occNode[at] = node[i];
      occPhi[at] = phi[i];
      occArg[at] = arg[i];
    }
  }

  get graph(): Graph {
    return this.ssa.graph;
  }
  get dom(): DomTree {
    return (this.domCache ??= dominatorTree(this.ssa.graph));
  }
  /** `defNode g v`: the first node defining `v`, or -1 when none does. */
  defNode(v: number): number {
    return this.defNodes.count(v) > 0 ? this.defNodes.at(v, 0) : -1;
  }
  isPhi(v: number): boolean {
    return this.phiOf[v] >= 0;
  }
  /** The use occurrences of `v`, as objects made now. */
  usesOf(v: number): UseOcc[] {
    const out: UseOcc[] = [];
    for (let k = this.useStart[v]; k < this.useStart[v + 1]; k++) out.push({ node: this.occNode[k] as Node, val: v as Val, phi: this.occPhi[k], arg: this.occArg[k] });
    return out;
  }
  /** How many use occurrences `v` has. */
  useCount(v: number): number {
    return this.useStart[v + 1] - this.useStart[v];
  }
  /**
   * `v in allVars g`: defined at some node (`allDefs`) or used at some node (`allUses`: an
   * ordinary use, or a phi argument zipped with a predecessor). Only a phi argument beyond its
   * node's predecessors (where `phis_wf` fails) is in no `allUses`, hence not in `allVars`.
   */
  inAllVars(v: number): boolean {
    return this.defNodes.count(v) > 0 || this.useStart[v + 1] > this.useStart[v];
  }
}

/**
 * Value -> every node defining it (simple or phi), ascending, each once: `groupRows` of the
 * (value, node) pairs, by counting (nodes are visited in ascending order, so rows come sorted
 * and a repeat can only follow its twin).
 */
function defNodeRows(ssa: SsaCfg): Rows<Node> {
  const N = ssa.nodeCount;
  const V = ssa.valCount;
  const { start: ds, list: dl } = ssa.defRows;
  const { phiStart, phiDef } = ssa;
  const start = new Int32Array(V + 1);
  for (let n = 0; n < N; n++) {
    for (let k = ds[n]; k < ds[n + 1]; k++) if (dl[k] >= 0 && dl[k] < V) start[dl[k] + 1]++;
    for (let p = phiStart[n]; p < phiStart[n + 1]; p++) if (phiDef[p] >= 0 && phiDef[p] < V) start[phiDef[p] + 1]++;
  }
  for (let v = 0; v < V; v++) start[v + 1] += start[v];
  const raw = new Int32Array(start[V]);
  const fill = start.slice(0, V);
  for (let n = 0; n < N; n++) {
    for (let k = ds[n]; k < ds[n + 1]; k++) if (dl[k] >= 0 && dl[k] < V) raw[fill[dl[k]]++] = n;
    for (let p = phiStart[n]; p < phiStart[n + 1]; p++) if (phiDef[p] >= 0 && phiDef[p] < V) raw[fill[phiDef[p]]++] = n;
  }
  // drop repeats within each row
  const out = new Int32Array(V + 1);
  let w = 0;
  for (let v = 0; v < V; v++) {
    for (let k = start[v]; k < start[v + 1]; k++) if (k === start[v] || raw[k] !== raw[k - 1]) raw[w++] = raw[k];
    out[v + 1] = w;
  }
  return new Rows<Node>(out, w === raw.length ? raw : raw.slice(0, w));
}

function identity(n: number): Int32Array {
  const a = new Int32Array(n);
  for (let i = 0; i < n; i++) a[i] = i;
  return a;
}

/** `items` stably sorted by `key[item]` (keys in `0 .. keyCount`), by counting. */
function stableOrder(key: Int32Array, keyCount: number, items: Int32Array): Int32Array {
  const start = new Int32Array(keyCount + 1);
  for (let j = 0; j < items.length; j++) start[key[items[j]] + 1]++;
  for (let k = 0; k < keyCount; k++) start[k + 1] += start[k];
  const out = new Int32Array(items.length);
  for (let j = 0; j < items.length; j++) out[start[key[items[j]]]++] = items[j];
  return out;
}

/** Rows indexed by the first component of each pair, each row sorted and (optionally) deduplicated. */
export function groupRows(count: number, pairs: readonly [number, number][], dedupe: boolean): Rows<never> {
  const rows: number[][] = Array.from({ length: count }, () => []);
  for (const [k, x] of pairs) if (k >= 0 && k < count) rows[k].push(x);
  for (const r of rows) {
    r.sort((a, b) => a - b);
    if (dedupe) {
      let w = 0;
      for (let i = 0; i < r.length; i++) if (i === 0 || r[i] !== r[i - 1]) r[w++] = r[i];
      r.length = w;
    }
  }
  return Rows.from(rows);
}

/** A shortest path `from -> to` by breadth-first search that never enters a `blocked` node. */
export function shortestPath(g: Graph, from: number, to: number, blocked?: (n: number) => boolean): Node[] | undefined {
  const N = g.nodeCount;
  const parent = new Int32Array(N).fill(-2);
  const queue = new Int32Array(N);
  let head = 0;
  let tail = 0;
  parent[from] = -1;
  queue[tail++] = from;
  const succ = g.succs;
  while (head < tail) {
    const x = queue[head++];
    if (x === to) return unwind(parent, x);
    for (let k = succ.start[x]; k < succ.start[x + 1]; k++) {
      const y = succ.list[k];
      if (parent[y] !== -2 || (blocked && blocked(y))) continue;
      parent[y] = x;
      queue[tail++] = y;
    }
  }
  return undefined;
}

function unwind(parent: Int32Array, x: number): Node[] {
  const out: Node[] = [];
  for (let y = x; y !== -1; y = parent[y]) out.push(y as Node);
  return out.reverse();
}
