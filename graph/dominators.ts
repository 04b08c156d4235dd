/**
 * Immediate dominators and the dominator tree.
 *
 * Algorithm: Lengauer and Tarjan, "A fast algorithm for finding dominators in a flowgraph",
 * ACM TOPLAS 1(1), 1979, the "simple" version (EVAL/LINK with path compression but without
 * balancing): O(E log V) time, O(V) space. Variants and deviations:
 * - everything runs on DFS preorder numbers (`0` = the root) in typed arrays; the semidominator
 *   buckets are intrusive singly linked lists;
 * - the paper's recursive COMPRESS is replaced by an explicit stack (walk up to the forest root,
 *   then apply the label/ancestor updates top-down, in the order the recursion would), and the
 *   DFS is iterative (graph/dfs.ts), so dominator chains of 10^6 nodes do not overflow the stack.
 *
 * On top of `idom`, the dominator tree is numbered by an iterative DFS (pre/post intervals), so
 * `dominates(a, b)` is O(1): `a` dominates a reachable `b` iff `pre[a] <= pre[b]` and
 * `post[b] <= post[a]`. Building a `DomTree` is O(E log V) overall.
 *
 * Unreachable nodes. The literal definition (spec/graph_path.ts)
 * `dominates g n m == m in set (alpha_n g) /\ (ALL ns. g |- Entry g-ns->m --> n in set ns)`
 * holds vacuously when `m` is unreachable from Entry: every node dominates an unreachable node.
 * `DomTree.dominates` follows it exactly; `DomTree.dominatesReachable` is the relation on the
 * reachable subgraph only (false whenever either node is unreachable), which is what most
 * algorithms want. Likewise `idom` is `-1` for Entry and for every unreachable node, whereas the
 * literal `idom` of an unreachable node follows the vacuous relation (in the two-node graph of
 * Entry and an unreachable `u` it is Entry; if exactly two nodes are unreachable each is the
 * other's; usually it is undefined). On every reachable node the two agree.
 */
import type { Node } from "../spec/ids.js";
import { Rows, type Graph } from "../spec/model.js";
import { depthFirst, type Adjacency, type DfsResult, vertexCount } from "./dfs.js";

/**
 * Immediate dominators of the flowgraph `(succ, pred, root)` by simple Lengauer–Tarjan.
 * `succ` and `pred` must describe the same edges (parallel edges and self-loops are fine).
 * Returns `idom[v]` as a vertex, `-1` for the root and for vertices unreachable from it.
 * Pass the DFS of `succ` from `root` if it is already at hand. O(E log V), no recursion.
 */
export function immediateDominators(succ: Adjacency, pred: Adjacency, root: number, d?: DfsResult): Int32Array {
  const n = vertexCount(succ);
  if (vertexCount(pred) !== n) throw new RangeError("successor and predecessor rows differ in vertex count");
  const search = d ?? depthFirst(succ, root);
  const R = search.reachedCount;
  const vertex = search.preorder; // preorder number -> vertex
  const pre = search.pre; // vertex -> preorder number (-1 unreached)
  const { start: ps, list: pl } = pred;

  // all arrays below are indexed by preorder number
  const parent = new Int32Array(R);
  const semi = new Int32Array(R);
  const label = new Int32Array(R);
  const ancestor = new Int32Array(R).fill(-1);
  const dom = new Int32Array(R);
  const bucketHead = new Int32Array(R).fill(-1);
  const bucketNext = new Int32Array(R).fill(-1);
  const stack = new Int32Array(R);
  for (let i = 0; i < R; i++) {
    semi[i] = i;
    label[i] = i;
    parent[i] = i === 0 ? -1 : pre[search.parent[vertex[i]]];
  }

  // COMPRESS(v) of the paper without recursion: collect the chain v, ancestor(v), ... up to
  // (excluding) the vertex whose ancestor is a forest root, then update top-down.
  const compress = (v: number): void => {
    let sp = 0;
    let x = v;
    while (ancestor[ancestor[x]] !== -1) {
      stack[sp++] = x;
      x = ancestor[x];
    }
    while (sp > 0) {
      x = stack[--sp];
      const a = ancestor[x];
      if (semi[label[a]] < semi[label[x]]) label[x] = label[a];
      ancestor[x] = ancestor[a];
    }
  };
  const evaluate = (v: number): number => {
    if (ancestor[v] === -1) return v;
    compress(v);
    return label[v];
  };

  for (let w = R - 1; w >= 1; w--) {
    const wv = vertex[w];
    // semidominator: minimum over predecessors (unreachable predecessors do not count)
    for (let k = ps[wv], e = ps[wv + 1]; k < e; k++) {
      const v = pre[pl[k]];
      if (v < 0) continue;
      const u = evaluate(v);
      if (semi[u] < semi[w]) semi[w] = semi[u];
    }
    const s = semi[w];
    bucketNext[w] = bucketHead[s];
    bucketHead[s] = w;
    const p = parent[w];
    ancestor[w] = p; // LINK(parent(w), w)
    for (let v = bucketHead[p]; v !== -1; v = bucketNext[v]) {
      const u = evaluate(v);
      dom[v] = semi[u] < semi[v] ? u : p;
    }
    bucketHead[p] = -1;
  }
  for (let w = 1; w < R; w++) if (dom[w] !== semi[w]) dom[w] = dom[dom[w]];

  const idom = new Int32Array(n).fill(-1);
  for (let w = 1; w < R; w++) idom[vertex[w]] = vertex[dom[w]];
  return idom;
}

/**
 * The dominator tree of a CFG with O(1) dominance queries. Build it with `dominatorTree(g)`.
 * All per-node arrays are indexed by node id; unreachable nodes have `-1` entries.
 */
export class DomTree {
  constructor(
    readonly graph: Graph,
    /** The DFS of the CFG from Entry over successors that the tree was computed from. */
    readonly dfs: DfsResult,
    /** Immediate dominator; `-1` for Entry and for nodes unreachable from Entry. */
    readonly idom: Int32Array,
    /** Dominator-tree children of every node (ascending); rows of unreachable nodes are empty. */
    readonly children: Rows<Node>,
    /** Preorder number in the dominator tree (DFS from Entry, children ascending); `-1` if unreachable. */
    readonly pre: Int32Array,
    /** Postorder number in the dominator tree; `-1` if unreachable. */
    readonly post: Int32Array,
    /** Depth in the dominator tree (Entry = 0); `-1` if unreachable. */
    readonly depth: Int32Array,
    /** The reachable nodes in dominator-tree preorder: every node comes after its dominators. */
    readonly preorder: Int32Array,
  ) {}

  get nodeCount(): number {
    return this.graph.nodeCount;
  }
  get Entry(): Node {
    return this.graph.Entry;
  }
  /** Number of nodes reachable from Entry. */
  get reachableCount(): number {
    return this.preorder.length;
  }
  /** `n` is a node reachable from Entry. O(1). */
  isReachable(n: number): boolean {
    return n >= 0 && n < this.graph.nodeCount && this.dfs.reachable[n] === 1;
  }

  /**
   * Dominance on the reachable subgraph, reflexive: `a` and `b` are both reachable and every
   * path from Entry to `b` contains `a`. False if either node is unreachable (or not a node).
   * O(1).
   */
  dominatesReachable(a: number, b: number): boolean {
    if (!this.isReachable(a) || !this.isReachable(b)) return false;
    return this.pre[a] <= this.pre[b] && this.post[b] <= this.post[a];
  }

  /**
   * Exactly the literal `dominates g a b` of spec/graph_path.ts: `b` is a node and every path
   * from Entry to `b` contains `a`. Hence true for every `a` when `b` is an unreachable node
   * (vacuously), and false when `b` is reachable but `a` is not. O(1).
   */
  dominates(a: number, b: number): boolean {
    if (!(Number.isInteger(b) && b >= 0 && b < this.graph.nodeCount)) return false;
    if (this.dfs.reachable[b] === 0) return true;
    return this.dominatesReachable(a, b);
  }

  /** The literal `strict_dom g a b == a ~= b /\ dominates g a b`. O(1). */
  strictlyDominates(a: number, b: number): boolean {
    return a !== b && this.dominates(a, b);
  }

  /** `strictlyDominates` on the reachable subgraph only. O(1). */
  strictlyDominatesReachable(a: number, b: number): boolean {
    return a !== b && this.dominatesReachable(a, b);
  }

  /** The immediate dominator of `n`, or undefined for Entry and unreachable nodes. O(1). */
  idomOf(n: number): Node | undefined {
    if (!this.isReachable(n)) return undefined;
    const d = this.idom[n];
    return d < 0 ? undefined : (d as Node);
  }

  /**
   * The nearest common dominator of two reachable nodes (walking up by depth), or undefined if
   * either is unreachable. O(depth).
   */
  commonDominator(a: number, b: number): Node | undefined {
    if (!this.isReachable(a) || !this.isReachable(b)) return undefined;
    let x = a;
    let y = b;
    while (this.depth[x] > this.depth[y]) x = this.idom[x];
    while (this.depth[y] > this.depth[x]) y = this.idom[y];
    while (x !== y) {
      x = this.idom[x];
      y = this.idom[y];
    }
    return x as Node;
  }
}

/** Children rows of a forest given by parent pointers (`-1` = no parent), each row ascending. O(V). */
export function childrenOf(parent: Int32Array): Rows<Node> {
  const n = parent.length;
  const start = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) if (parent[v] >= 0) start[parent[v] + 1]++;
  for (let v = 0; v < n; v++) start[v + 1] += start[v];
  const fill = start.slice(0, n);
  const list = new Int32Array(start[n]);
  for (let v = 0; v < n; v++) if (parent[v] >= 0) list[fill[parent[v]]++] = v;
  return new Rows<Node>(start, list);
}

/** The dominator tree of `g` (Lengauer–Tarjan, then an iterative tree numbering). O(E log V). */
export function dominatorTree(g: Graph): DomTree {
  const n = g.nodeCount;
  const d = depthFirst(g.succs, g.Entry);
  const idom = immediateDominators(g.succs, g.preds, g.Entry, d);
  const children = childrenOf(idom);
  const t = depthFirst(children, g.Entry);
  const depth = new Int32Array(n).fill(-1);
  const order = t.preorder;
  for (let i = 0; i < order.length; i++) {
    const v = order[i];
    depth[v] = i === 0 ? 0 : depth[idom[v]] + 1;
  }
  return new DomTree(g, d, idom, children, t.pre, t.post, depth, order);
}
