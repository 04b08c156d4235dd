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
  // without a DFS at hand, only the preorder and the tree's parents are searched for (see `preorderTree`)
  const search = d !== undefined ? fromDfs(d) : preorderTree(succ, root);
  const R = search.R;
  const vertex = search.vertex; // preorder number -> vertex
  const pre = search.pre; // vertex -> preorder number (-1 unreached)
  const parent = search.parent; // preorder number -> its DFS parent's, -1 for the root
  const { start: ps, list: pl } = pred;

  // all arrays below are indexed by preorder number
  const semi = new Int32Array(R);
  const label = new Int32Array(R);
  const ancestor = new Int32Array(R).fill(-1);
  const dom = new Int32Array(R);
  const bucketHead = new Int32Array(R).fill(-1);
  const bucketNext = search.scratch.subarray(0, R).fill(-1);
  const stack = search.scratch2.subarray(0, R);
  for (let i = 0; i < R; i++) {
    semi[i] = i;
    label[i] = i;
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
  // both loads always made, and the choice a select: a load that runs only on some graphs had no
  // type feedback when V8 optimised this, and deoptimised it when it first ran
  for (let w = 1; w < R; w++) {
    const d = dom[w];
    const dd = dom[d];
    dom[w] = d !== semi[w] ? dd : d;
  }

  const idom = new Int32Array(n).fill(-1);
  for (let w = 1; w < R; w++) idom[vertex[w]] = vertex[dom[w]];
  return idom;
}

/**
 * What Lengauer–Tarjan needs of a DFS: the reached count `R`, preorder number <-> vertex, the
 * tree parent by preorder number; `scratch` and `scratch2` are arrays of at least `R` entries
 * the caller may overwrite.
 */
interface PreorderTree {
  R: number;
  pre: Int32Array;
  vertex: Int32Array;
  parent: Int32Array;
  scratch: Int32Array;
  scratch2: Int32Array;
}

function fromDfs(d: DfsResult): PreorderTree {
  const R = d.reachedCount;
  const parent = new Int32Array(R);
  for (let i = 0; i < R; i++) parent[i] = i === 0 ? -1 : d.pre[d.parent[d.preorder[i]]];
  return { R, pre: d.pre, vertex: d.preorder, parent, scratch: new Int32Array(R), scratch2: new Int32Array(R) };
}

/**
 * The depth-first search of `depthFirst(succ, root)` (same order, same numbers) keeping only
 * what `immediateDominators` reads: a `DfsResult` has seven arrays per vertex, which next to the
 * eight of Lengauer–Tarjan made the largest moment of a validation. The explicit stack's two
 * arrays are handed on as scratch.
 */
function preorderTree(succ: Adjacency, root: number): PreorderTree {
  const n = vertexCount(succ);
  if (!Number.isInteger(root) || root < 0 || root >= n) throw new RangeError(`dfs root ${root} is not a vertex of 0..${n - 1}`);
  const { start, list } = succ;
  const pre = new Int32Array(n).fill(-1);
  const vertex = new Int32Array(n);
  const parent = new Int32Array(n);
  const stackV = new Int32Array(n);
  const stackE = new Int32Array(n);
  let R = 0;
  pre[root] = R;
  parent[R] = -1;
  vertex[R++] = root;
  stackV[0] = root;
  stackE[0] = start[root];
  let sp = 1;
  while (sp > 0) {
    const v = stackV[sp - 1];
    const e = stackE[sp - 1];
    if (e < start[v + 1]) {
      stackE[sp - 1] = e + 1;
      const w = list[e];
      if (pre[w] < 0) {
        pre[w] = R;
        parent[R] = pre[v];
        vertex[R++] = w;
        stackV[sp] = w;
        stackE[sp++] = start[w];
      }
    } else sp--;
  }
  return { R, pre, vertex, parent, scratch: stackV, scratch2: stackE };
}

/**
 * The dominator tree of a CFG with O(1) dominance queries. Build it with `dominatorTree(g)`.
 * All per-node arrays are indexed by node id; unreachable nodes have `-1` entries.
 */
export class DomTree {
  private dfsCache: DfsResult | undefined;

  constructor(
    readonly graph: Graph,
    /** 1 iff the node is reachable from Entry. */
    readonly reachable: Uint8Array,
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
    dfs?: DfsResult,
  ) {
    this.dfsCache = dfs;
  }

  /**
   * The DFS of the CFG from Entry over successors that the tree was computed from, searched
   * again on first use (it is deterministic): held from the start, its seven arrays per node
   * would be a third of a validation's memory, and only reducibility asks for it.
   */
  get dfs(): DfsResult {
    return (this.dfsCache ??= depthFirst(this.graph.succs, this.graph.Entry));
  }

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
    return n >= 0 && n < this.graph.nodeCount && this.reachable[n] === 1;
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
    if (this.reachable[b] === 0) return true;
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
  const idom = immediateDominators(g.succs, g.preds, g.Entry);
  // of the search only reachability stays (see `DomTree.dfs`): Entry and every node with an idom
  const reachable = new Uint8Array(n);
  reachable[g.Entry] = 1;
  for (let v = 0; v < n; v++) if (idom[v] >= 0) reachable[v] = 1;
  const children = childrenOf(idom);
  const { pre, post, depth, preorder } = numberTree(children, g.Entry);
  return new DomTree(g, reachable, idom, children, pre, post, depth, preorder);
}

/**
 * Preorder and postorder numbers, depth and preorder of the tree `children` from `root`, as
 * `depthFirst(children, root)` numbers them (children in row order), `-1` off the tree: a tree
 * needs no visited marks, parents or reverse postorder, so only what `DomTree` keeps is made.
 */
function numberTree(children: Rows<Node>, root: number): { pre: Int32Array; post: Int32Array; depth: Int32Array; preorder: Int32Array } {
  const n = children.start.length - 1;
  const { start, list } = children;
  const pre = new Int32Array(n).fill(-1);
  const post = new Int32Array(n).fill(-1);
  const depth = new Int32Array(n).fill(-1);
  // the tree's size: the root and every node with a parent below it (all of them are reachable)
  const size = 1 + list.length;
  const preorder = new Int32Array(size);
  // the explicit stack holds the open nodes; a node's next child is where its row was left
  const stackV = new Int32Array(size);
  const stackE = new Int32Array(size);
  let preCount = 0;
  let postCount = 0;
  pre[root] = preCount;
  preorder[preCount++] = root;
  depth[root] = 0;
  stackV[0] = root;
  stackE[0] = start[root];
  let sp = 1;
  while (sp > 0) {
    const v = stackV[sp - 1];
    const e = stackE[sp - 1];
    if (e < start[v + 1]) {
      stackE[sp - 1] = e + 1;
      const w = list[e];
      pre[w] = preCount;
      preorder[preCount++] = w;
      depth[w] = sp;
      stackV[sp] = w;
      stackE[sp++] = start[w];
    } else {
      post[v] = postCount++;
      sp--;
    }
  }
  return { pre, post, depth, preorder: preCount === size ? preorder : preorder.slice(0, preCount) };
}
