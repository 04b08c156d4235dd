/**
 * Dominance frontiers and iterated dominance frontiers.
 *
 * Definition: Cytron, Ferrante, Rosen, Wegman and Zadeck, "Efficiently computing static single
 * assignment form and the control dependence graph", ACM TOPLAS 13(4), 1991:
 * `DF(n) = { b | n dominates some predecessor of b, and n does not strictly dominate b }`, and
 * the iterated frontier `DF+(S)` is the least fixpoint of `X = DF(S u X)`.
 *
 * Algorithm: the "runner" formulation of Cooper, Harvey and Kennedy, "A simple, fast dominance
 * algorithm", Software—Practice and Experience 4 (2001), the dominance-frontier algorithm: for
 * every node `b` and every predecessor `p` of `b`, walk `runner` from `p` up the dominator
 * tree until `idom(b)`, adding `b` to `DF(runner)`. Deviations:
 * - the walk also stops at a runner that already holds `b` (everything above it up to `idom(b)`
 *   got `b` in that earlier walk), so every step adds a new pair and the time is
 *   O(V + E + sum |DF(n)|); the output is deduplicated even with parallel edges;
 * - the paper only runs the walk for nodes with at least two predecessors; we run it for every
 *   node (for one predecessor it stops at once), because Entry, should it have predecessors,
 *   has no idom and still belongs to the frontier of the dominators of its predecessors;
 * - only the subgraph reachable from Entry is considered: unreachable nodes have empty
 *   frontiers and are in no frontier, and edges from unreachable predecessors are ignored.
 *   (With the literal, vacuous dominance of spec/graph_path.ts every node would dominate an
 *   unreachable predecessor, which is not the frontier SSA construction needs.)
 *
 * `iteratedDominanceFrontier` is the classic worklist of Cytron et al. (each node enters the
 * worklist at most once): O(sum of |DF(x)| over the nodes x it visits) after `DF` is built.
 */
import type { Node } from "../spec/ids.js";
import { Rows } from "../spec/model.js";
import type { DomTree } from "./dominators.js";

/**
 * `DF(n)` for every node as rows, each row ascending (no duplicates). Rows of unreachable nodes
 * are empty. O(V + E + sum |DF|) time, no recursion.
 */
export function dominanceFrontiers(dt: DomTree): Rows<Node> {
  const g = dt.graph;
  const n = g.nodeCount;
  const { start: ps, list: pl } = g.preds;
  const reachable = dt.reachable;
  const idom = dt.idom;
  // lastAdded[r] = the latest b added to DF(r); b ascends, so rows come out ascending
  const lastAdded = new Int32Array(n).fill(-1);
  // pairs (runner, b), collected then bucketed by runner
  let cap = 16;
  let pairR = new Int32Array(cap);
  let pairB = new Int32Array(cap);
  let m = 0;
  const counts = new Int32Array(n + 1);
  for (let b = 0; b < n; b++) {
    if (reachable[b] === 0) continue;
    const stop = idom[b];
    for (let k = ps[b], e = ps[b + 1]; k < e; k++) {
      let runner = pl[k];
      if (reachable[runner] === 0) continue;
      while (runner !== stop && lastAdded[runner] !== b) {
        lastAdded[runner] = b;
        if (m === cap) {
          cap *= 2;
          const r2 = new Int32Array(cap);
          r2.set(pairR);
          pairR = r2;
          const b2 = new Int32Array(cap);
          b2.set(pairB);
          pairB = b2;
        }
        pairR[m] = runner;
        pairB[m] = b;
        m++;
        counts[runner + 1]++;
        runner = idom[runner];
      }
    }
  }
  for (let v = 0; v < n; v++) counts[v + 1] += counts[v];
  const fill = counts.slice(0, n);
  const list = new Int32Array(m);
  for (let i = 0; i < m; i++) list[fill[pairR[i]]++] = pairB[i]; // stable: b ascends per row
  return new Rows<Node>(counts, list);
}

/**
 * The iterated dominance frontier `DF+(S)` of the given nodes (`df` from `dominanceFrontiers`),
 * ascending. Unreachable (or out-of-range) nodes of `S` contribute nothing. Worklist, no
 * recursion; O(|S| + V + sum |DF(x)| over the visited x).
 */
export function iteratedDominanceFrontier(dt: DomTree, df: Rows<Node>, nodes: Iterable<number>): Int32Array {
  const n = dt.nodeCount;
  const onWork = new Uint8Array(n); // entered the worklist once
  const inIdf = new Uint8Array(n);
  const work = new Int32Array(n);
  let sp = 0;
  for (const x of nodes) {
    if (!dt.isReachable(x) || onWork[x] === 1) continue;
    onWork[x] = 1;
    work[sp++] = x;
  }
  let count = 0;
  const { start, list } = df;
  while (sp > 0) {
    const x = work[--sp];
    for (let k = start[x], e = start[x + 1]; k < e; k++) {
      const y = list[k];
      if (inIdf[y] === 0) {
        inIdf[y] = 1;
        count++;
        if (onWork[y] === 0) {
          onWork[y] = 1;
          work[sp++] = y;
        }
      }
    }
  }
  const out = new Int32Array(count);
  for (let v = 0, i = 0; v < n; v++) if (inIdf[v] === 1) out[i++] = v;
  return out;
}
