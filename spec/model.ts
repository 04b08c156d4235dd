/**
 * The compact model: the locale parameters of graph_path.ts and ssa_cfg.ts stored as dense
 * integer ids in compressed rows (CSR), so that graphs of millions of nodes fit and algorithms
 * can walk them without allocating. Every class implements the literal locale interface, so the
 * literal definitions of spec/ run on it unchanged.
 *
 * `Graph` is shared: an original CFG and its SSA translation point to the same `Graph` object,
 * as the Isabelle locale `CFG_SSA_Transformed` instantiates both with the same graph parameters.
 */
import type { graph_Entry_base } from "./graph_path.js";
import { invariant } from "./errors.js";
import type { Node, Val, Var } from "./ids.js";
import type { CFG_base, CFG_SSA_base, CFG_SSA_Transformed_base } from "./ssa_cfg.js";

/** Rows of small integer lists: row `i` is `list[start[i] .. start[i+1])`. */
export class Rows<T extends number> {
  constructor(
    readonly start: Int32Array,
    readonly list: Int32Array,
  ) {}

  static from<T extends number>(rows: readonly (readonly number[])[]): Rows<T> {
    const start = new Int32Array(rows.length + 1);
    let total = 0;
    for (let i = 0; i < rows.length; i++) {
      total += rows[i].length;
      start[i + 1] = total;
    }
    const list = new Int32Array(total);
    for (let i = 0, k = 0; i < rows.length; i++) for (const x of rows[i]) list[k++] = x;
    return new Rows<T>(start, list);
  }

  static empty<T extends number>(count: number): Rows<T> {
    return new Rows<T>(new Int32Array(count + 1), new Int32Array(0));
  }

  get rowCount(): number {
    return this.start.length - 1;
  }
  count(i: number): number {
    return this.start[i + 1] - this.start[i];
  }
  at(i: number, j: number): T {
    return this.list[this.start[i] + j] as T;
  }
  /** Row `i` as a fresh array. */
  row(i: number): T[] {
    return Array.from(this.list.subarray(this.start[i], this.start[i + 1])) as T[];
  }
  has(i: number, x: number): boolean {
    for (let k = this.start[i], e = this.start[i + 1]; k < e; k++) if (this.list[k] === x) return true;
    return false;
  }
  toArrays(): T[][] {
    const out: T[][] = [];
    for (let i = 0; i < this.rowCount; i++) out.push(this.row(i));
    return out;
  }
}

/** The graph: `alpha_n = [0..nodeCount)`, `predecessors` as rows, `Entry`. */
export class Graph implements graph_Entry_base {
  private succCache: Rows<Node> | undefined;

  constructor(
    readonly nodeCount: number,
    readonly Entry: Node,
    /** `predecessors g n` for every node, in in-edge order. */
    readonly preds: Rows<Node>,
  ) {}

  static fromLists(entry: number, preds: readonly (readonly number[])[]): Graph {
    return new Graph(preds.length, entry as Node, Rows.from<Node>(preds));
  }

  predecessors(n: Node): Node[] {
    return this.preds.row(n);
  }

  /** `successors g m`: distinct, ascending (node order), computed once. */
  get succs(): Rows<Node> {
    if (this.succCache === undefined) this.succCache = buildSuccessors(this);
    return this.succCache;
  }

  get edgeCount(): number {
    return this.preds.list.length;
  }
}

function buildSuccessors(g: Graph): Rows<Node> {
  const n = g.nodeCount;
  const { start: ps, list: pl } = g.preds;
  // counting sort by source; a target appears once per source even with parallel edges. One
  // scratch array per node, not three: it marks the last target counted, then is the fill
  // position (a row's last entry is its last target, since targets ascend)
  const scratch = new Int32Array(n).fill(-1);
  const start = new Int32Array(n + 1);
  for (let t = 0; t < n; t++) {
    for (let k = ps[t]; k < ps[t + 1]; k++) {
      const f = pl[k];
      if (scratch[f] !== t) {
        scratch[f] = t;
        start[f + 1]++;
      }
    }
  }
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const fill = scratch;
  fill.set(start.subarray(0, n));
  const list = new Int32Array(start[n]);
  for (let t = 0; t < n; t++) {
    for (let k = ps[t]; k < ps[t + 1]; k++) {
      const f = pl[k];
      if (fill[f] > start[f] && list[fill[f] - 1] === t) continue; // a parallel edge
      list[fill[f]++] = t; // t ascends, so every row is sorted
    }
  }
  return new Rows<Node>(start, list);
}

/** Shared base of both programs: the graph accessors delegate to the one `Graph`. */
abstract class OnGraph implements graph_Entry_base {
  constructor(readonly graph: Graph) {}
  get nodeCount(): number {
    return this.graph.nodeCount;
  }
  get Entry(): Node {
    return this.graph.Entry;
  }
  /** The graph's predecessor rows, for algorithms that walk them directly. */
  get preds(): Rows<Node> {
    return this.graph.preds;
  }
  predecessors(n: Node): Node[] {
    return this.graph.predecessors(n);
  }
}

/** An original CFG (`CFG_base` over `'var`). */
export class Cfg extends OnGraph implements CFG_base<Var> {
  constructor(
    graph: Graph,
    readonly varCount: number,
    readonly defRows: Rows<Var>,
    readonly useRows: Rows<Var>,
  ) {
    super(graph);
  }
  defs(n: Node): Var[] {
    return this.defRows.row(n);
  }
  uses(n: Node): Var[] {
    return this.useRows.row(n);
  }
}

/**
 * An SSA CFG (`CFG_SSA_base` over `'val`), in the code theory's shape (`CFG_SSA_base_code`,
 * `CFG_SSA_wf_base_code`): uses as a table from nodes, phis as a table from keys `(node, value)`. Phis are stored per node: the phis of node `n` are
 * `phiStart[n] .. phiStart[n+1]`; phi `p` defines `phiDef[p]` with arguments `args.row(p)`.
 * A phi's argument count may differ from its node's predecessor count: that breaks `phis_wf`,
 * which the checkers report, so the model must be able to hold it. Two phis for one key
 * `(n, v)` it does not hold: Isabelle's `phis g` is a map, so no locale assumption can speak of
 * them; the readers and lowering refuse such a document as malformed, and the constructor
 * refuses such a table (an internal error: every construction makes one phi per key).
 *
 * @isabelle CFG_SSA_base_code, CFG_SSA_wf_base_code
 */
export class SsaCfg extends OnGraph implements CFG_SSA_base {
  constructor(
    graph: Graph,
    readonly valCount: number,
    readonly defRows: Rows<Val>,
    readonly useRows: Rows<Val>,
    readonly phiStart: Int32Array,
    readonly phiDef: Int32Array,
    readonly args: Rows<Val>,
  ) {
    super(graph);
    invariant(onePhiPerKey(graph.nodeCount, valCount, phiStart, phiDef), "two phis for one key (node, value) in an SSA CFG");
  }

  get phiCount(): number {
    return this.phiDef.length;
  }
  /** The node holding phi `p`. */
  phiNode(p: number): Node {
    // binary search over phiStart: phis are numbered node by node
    let lo = 0;
    let hi = this.graph.nodeCount - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.phiStart[mid] <= p) lo = mid;
      else hi = mid - 1;
    }
    return lo as Node;
  }

  defs(n: Node): Val[] {
    return this.defRows.row(n);
  }
  uses(n: Node): Val[] {
    return this.useRows.row(n);
  }
  /** `phis g (n,v)`: the arguments of the phi at `n` defining `v` (one at most, see the constructor). */
  phis(n: Node, v: Val): Val[] | undefined {
    for (let p = this.phiStart[n]; p < this.phiStart[n + 1]; p++) if (this.phiDef[p] === v) return this.args.row(p);
    return undefined;
  }
  phiKeys(): [Node, Val][] {
    const out: [Node, Val][] = [];
    for (let n = 0; n < this.graph.nodeCount; n++)
      for (let p = this.phiStart[n]; p < this.phiStart[n + 1]; p++) out.push([n as Node, this.phiDef[p] as Val]);
    return out;
  }
}

/** No node has two phis defining one value; a node with fewer than two phis costs nothing. */
function onePhiPerKey(nodeCount: number, valCount: number, phiStart: Int32Array, phiDef: Int32Array): boolean {
  let lastNode: Int32Array | undefined; // per value, 1 + the last node one of whose phis defines it
  for (let n = 0; n < nodeCount; n++) {
    if (phiStart[n + 1] - phiStart[n] < 2) continue;
    lastNode ??= new Int32Array(valCount);
    for (let p = phiStart[n]; p < phiStart[n + 1]; p++) {
      const v = phiDef[p];
      if (v < 0 || v >= valCount) continue; // out of range: not this check's business
      if (lastNode[v] === n + 1) return false;
      lastNode[v] = n + 1;
    }
  }
  return true;
}

/** An original CFG, its SSA translation on the same graph, and `var`. */
export class Transformed implements CFG_SSA_Transformed_base {
  constructor(
    readonly old: Cfg,
    readonly ssa: SsaCfg,
    /** `var g v` for every SSA value. */
    readonly varOf: Int32Array,
  ) {
    if (old.graph !== ssa.graph) throw new Error("internal: an original CFG and its SSA must share one graph");
  }
  get graph(): Graph {
    return this.ssa.graph;
  }
  get nodeCount(): number {
    return this.ssa.graph.nodeCount;
  }
  get Entry(): Node {
    return this.ssa.graph.Entry;
  }
  predecessors(n: Node): Node[] {
    return this.ssa.graph.predecessors(n);
  }
  defs(n: Node): Val[] {
    return this.ssa.defs(n);
  }
  uses(n: Node): Val[] {
    return this.ssa.uses(n);
  }
  phis(n: Node, v: Val): Val[] | undefined {
    return this.ssa.phis(n, v);
  }
  phiKeys(): [Node, Val][] {
    return this.ssa.phiKeys();
  }
  oldDefs(n: Node): Var[] {
    return this.old.defs(n);
  }
  oldUses(n: Node): Var[] {
    return this.old.uses(n);
  }
  var(v: Val): Var {
    return this.varOf[v] as Var;
  }
}
