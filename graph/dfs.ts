/**
 * Depth-first search and reachability on dense integer ids.
 *
 * Algorithm: the depth-first search of Tarjan, "Depth-first search and linear graph algorithms",
 * SIAM J. Comput. 1(2), 1972, numbering vertices in preorder and postorder. Variant: the
 * recursion is replaced by an explicit stack holding, per open vertex, the position of its next
 * unexplored edge, so the visiting order and both numberings are exactly those of the recursive
 * formulation (successors are explored in row order; `Graph.succs` rows are ascending), while
 * the JS call stack stays flat: a chain of 10^6 vertices is fine. Time O(V + E), space O(V).
 *
 * Reachability (`reach`, `reachForward`, `reachBackward`) is a plain worklist search, O(V + E),
 * order-insensitive, with an optional mask of blocked vertices that are never entered.
 */
import type { Graph } from "../spec/model.js";

/** Adjacency in compressed rows: the neighbours of `v` are `list[start[v] .. start[v+1])`. `Rows` is one. */
export interface Adjacency {
  readonly start: Int32Array;
  readonly list: Int32Array;
}

/** Number of vertices of an adjacency: `start.length - 1`. */
export function vertexCount(adj: Adjacency): number {
  return adj.start.length - 1;
}

/** The result of one depth-first search from `root`. Unreached vertices have `-1` everywhere. */
export interface DfsResult {
  readonly root: number;
  /** Number of vertices of the searched graph (reached or not). */
  readonly vertexCount: number;
  /** Number of vertices reached from `root` (including `root`). */
  readonly reachedCount: number;
  /** Preorder (discovery) number, `0 .. reachedCount-1`; `-1` if unreached. `pre[root] = 0`. */
  readonly pre: Int32Array;
  /** Postorder (finishing) number, `0 .. reachedCount-1`; `-1` if unreached. `post[root] = reachedCount-1`. */
  readonly post: Int32Array;
  /** The reached vertices by preorder number: `preorder[pre[v]] = v`. */
  readonly preorder: Int32Array;
  /** The reached vertices by postorder number: `postorder[post[v]] = v`. */
  readonly postorder: Int32Array;
  /** Reverse postorder: `postorder` reversed; a topological order if the graph has no cycles. */
  readonly rpo: Int32Array;
  /** DFS tree parent; `-1` for the root and for unreached vertices. */
  readonly parent: Int32Array;
  /** 1 iff reached from `root`. */
  readonly reachable: Uint8Array;
}

/**
 * Depth-first search from `root` over `adj` (successor rows). O(V + E) time, O(V) space,
 * no recursion. Throws a RangeError if `root` is not a vertex.
 */
export function depthFirst(adj: Adjacency, root: number): DfsResult {
  const n = vertexCount(adj);
  if (!Number.isInteger(root) || root < 0 || root >= n) throw new RangeError(`dfs root ${root} is not a vertex of 0..${n - 1}`);
  const { start, list } = adj;
  const pre = new Int32Array(n).fill(-1);
  const post = new Int32Array(n).fill(-1);
  const parent = new Int32Array(n).fill(-1);
  const reachable = new Uint8Array(n);
  const preorder = new Int32Array(n);
  const postorder = new Int32Array(n);
  // the explicit call stack: vertex and the position of its next edge
  const stackV = new Int32Array(n);
  const stackE = new Int32Array(n);
  let sp = 0;
  let preCount = 0;
  let postCount = 0;

  pre[root] = preCount;
  preorder[preCount++] = root;
  reachable[root] = 1;
  stackV[0] = root;
  stackE[0] = start[root];
  sp = 1;
  while (sp > 0) {
    const top = sp - 1;
    const v = stackV[top];
    const e = stackE[top];
    if (e < start[v + 1]) {
      stackE[top] = e + 1;
      const w = list[e];
      if (reachable[w] === 0) {
        reachable[w] = 1;
        parent[w] = v;
        pre[w] = preCount;
        preorder[preCount++] = w;
        stackV[sp] = w;
        stackE[sp] = start[w];
        sp++;
      }
    } else {
      post[v] = postCount;
      postorder[postCount++] = v;
      sp--;
    }
  }
  const reached = preCount;
  const rpo = new Int32Array(reached);
  for (let i = 0; i < reached; i++) rpo[i] = postorder[reached - 1 - i];
  return {
    root,
    vertexCount: n,
    reachedCount: reached,
    pre,
    post,
    // whole when every vertex is reached (the common case): no copy of two arrays per vertex
    preorder: reached === n ? preorder : preorder.slice(0, reached),
    postorder: reached === n ? postorder : postorder.slice(0, reached),
    rpo,
    parent,
    reachable,
  };
}

/**
 * Only the reverse postorder and the reached vertices of `depthFirst(adj, root)`, the same order,
 * in about a quarter of its memory, a sixth with `cursors` (a construction on 4*10^6 nodes needs
 * no preorder, parents or numberings). O(V + E), no recursion.
 *
 * `cursors`, if given (at least one entry per vertex, any contents; overwritten), holds the
 * search's edge positions: a caller with a per-vertex scratch array of its own lends it, so the
 * search allocates only its result.
 */
export function reversePostorder(adj: Adjacency, root: number, cursors?: Int32Array): { rpo: Int32Array; reachable: Uint8Array } {
  const n = vertexCount(adj);
  if (!Number.isInteger(root) || root < 0 || root >= n) throw new RangeError(`dfs root ${root} is not a vertex of 0..${n - 1}`);
  if (cursors !== undefined && cursors.length < n) throw new RangeError("cursors is shorter than the vertex count");
  const { start, list } = adj;
  const reachable = new Uint8Array(n);
  // one array for both the stack and the result: the finished vertices fill `order` from the
  // end (reverse postorder, with no copy), the stack of vertices being visited fills it from the
  // start. A reached vertex is on the stack or finished, never both, so the stack's top stays
  // below the last vertex finished (`sp <= at`); a chain of 10^6 nodes is 10^6 deep.
  const order = new Int32Array(n);
  // per stack entry, the position of its vertex's next edge
  const stackE = cursors ?? new Int32Array(n);
  let at = n;
  reachable[root] = 1;
  order[0] = root;
  stackE[0] = start[root];
  let sp = 1;
  while (sp > 0) {
    const v = order[sp - 1];
    const e = stackE[sp - 1];
    if (e < start[v + 1]) {
      stackE[sp - 1] = e + 1;
      const w = list[e];
      if (reachable[w] === 0) {
        reachable[w] = 1;
        order[sp] = w;
        stackE[sp++] = start[w];
      }
    } else {
      // `at - 1 >= sp - 1`: at worst v is written over itself
      order[--at] = v;
      sp--;
    }
  }
  return { rpo: order.subarray(at), reachable };
}

/** Depth-first search of a CFG from `Entry` over its successors (ascending per node). O(V + E). */
export function dfs(g: Graph): DfsResult {
  return depthFirst(g.succs, g.Entry);
}

/**
 * `a` is an ancestor of `b` in the DFS tree (reflexive); false if either is unreached. O(1):
 * the DFS intervals `[pre, post]` nest.
 */
export function isDfsAncestor(d: DfsResult, a: number, b: number): boolean {
  if (!(a >= 0 && a < d.vertexCount && b >= 0 && b < d.vertexCount)) return false;
  if (d.reachable[a] === 0 || d.reachable[b] === 0) return false;
  return d.pre[a] <= d.pre[b] && d.post[b] <= d.post[a];
}

/**
 * The edge `u -> v` (both reached) is retreating in this DFS: `v` is a DFS ancestor of `u`,
 * self-loops included. O(1). Every cycle of the reached part contains a retreating edge.
 */
export function isRetreatingEdge(d: DfsResult, u: number, v: number): boolean {
  return isDfsAncestor(d, v, u);
}

/**
 * Every vertex `x` such that some path `s, ..., x` over `adj` starts at a seed `s` and contains
 * no blocked vertex (`blocked[x] !== 0`), as a 0/1 mask. A blocked seed is not entered. Seeds
 * out of range and a mask shorter than the vertex count are a RangeError. O(V + E), no recursion.
 */
export function reach(adj: Adjacency, seeds: Iterable<number>, blocked?: Uint8Array): Uint8Array {
  const n = vertexCount(adj);
  const { start, list } = adj;
  if (blocked !== undefined && blocked.length < n) throw new RangeError("blocked mask is shorter than the vertex count");
  const seen = new Uint8Array(n);
  // a vertex is pushed once (marked seen then), so n entries always do; but the stack holds
  // only the vertices seen and not yet expanded, a handful on a CFG's chains of blocks: it
  // starts small and doubles (up to n) as needed, not one int per vertex for every search
  let stack = new Int32Array(Math.min(n, 1024));
  let sp = 0;
  const push = (w: number): void => {
    if (sp === stack.length) {
      const grown = new Int32Array(Math.min(n, 2 * stack.length));
      grown.set(stack);
      stack = grown;
    }
    stack[sp++] = w;
  };
  for (const s of seeds) {
    if (!Number.isInteger(s) || s < 0 || s >= n) throw new RangeError(`seed ${s} is not a vertex of 0..${n - 1}`);
    if (seen[s] === 0 && (blocked === undefined || blocked[s] === 0)) {
      seen[s] = 1;
      push(s);
    }
  }
  while (sp > 0) {
    const v = stack[--sp];
    for (let k = start[v], e = start[v + 1]; k < e; k++) {
      const w = list[k];
      if (seen[w] === 0 && (blocked === undefined || blocked[w] === 0)) {
        seen[w] = 1;
        push(w);
      }
    }
  }
  return seen;
}

/** `reach` over successors: the nodes reachable from some seed avoiding `blocked`. O(V + E). */
export function reachForward(g: Graph, seeds: Iterable<number>, blocked?: Uint8Array): Uint8Array {
  return reach(g.succs, seeds, blocked);
}

/**
 * `reach` over predecessors: the nodes from which some seed is reachable by a path containing
 * no blocked node (the path's nodes, both ends included, are unblocked). O(V + E).
 */
export function reachBackward(g: Graph, seeds: Iterable<number>, blocked?: Uint8Array): Uint8Array {
  return reach(g.preds, seeds, blocked);
}

/**
 * There is a path `from, ..., to` in `g` none of whose nodes is `avoid` (so false whenever
 * `avoid` is `from` or `to`). A path `[from]` of one node counts when `from = to`. O(V + E).
 */
export function reachesAvoiding(g: Graph, from: number, to: number, avoid: number): boolean {
  const n = g.nodeCount;
  const blocked = new Uint8Array(n);
  if (avoid >= 0 && avoid < n) blocked[avoid] = 1;
  const seen = reach(g.succs, [from], blocked);
  return to >= 0 && to < n && seen[to] === 1;
}
