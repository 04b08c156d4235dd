/**
 * Exact reducibility test with a witness.
 *
 * The Isabelle definition (Formal_SSA, theory Graph_path) is
 * `reducible g == ALL n ns. g |- n-ns->n --> (EX m in set ns. ALL n in set ns. dominates g m n)`:
 * every closed path has a node dominating all of its nodes.
 *
 * Algorithm: the retreating-edge criterion of Hecht and Ullman, "Characterizations of reducible
 * flow graphs", J. ACM 21(3), 1974 (see also Tarjan, "Testing flow graph reducibility",
 * J. Comput. Syst. Sci. 9, 1974): a flow graph is reducible iff for one (any) DFS from Entry
 * every retreating edge `u -> h` (`h` a DFS ancestor of `u`) has `h` dominating `u`. With the
 * O(1) dominance of graph/dominators.ts the test is O(E log V) (dominators) plus O(V + E).
 *
 * Why this is exactly the Isabelle definition:
 * - Unreachable closed paths: all their nodes are unreachable, and every node dominates an
 *   unreachable node (vacuously), so they never violate it; only the reachable part matters.
 * - If some retreating edge `u -> h` has `h` not dominating `u`, the closed path
 *   `h, (DFS tree path to u), u, h` violates it: `h` does not dominate `u`, and any other node
 *   `m` of it is a proper DFS descendant of `h`, so the tree path Entry..h avoids `m` and `m`
 *   does not dominate `h`. That cycle is the witness we return (simple, first = last).
 * - Conversely, if every retreating edge goes to a dominator, take a reachable closed path and
 *   its node `h` of least reverse-postorder number. Going around from any node `x` to `h`, the
 *   last edge `y -> h` is retreating, so `h` dominates `y`; if `h` did not dominate `x`, the
 *   first node after `x` on the way that `h` dominates would have a predecessor reachable from
 *   Entry avoiding `h`, a contradiction. So `h` dominates the whole closed path.
 */
import type { Node } from "../spec/ids.js";
import type { Graph } from "../spec/model.js";
import { type DomTree, dominatorTree } from "./dominators.js";
import { isRetreatingEdge } from "./dfs.js";

export type ReducibilityResult =
  | { readonly reducible: true }
  | {
      readonly reducible: false;
      /** A closed path of `g` (first = last, a simple cycle) no node of which dominates all its nodes. */
      readonly witness: Node[];
      /** The retreating edge `[u, h]` that closes the witness (`h` does not dominate `u`). */
      readonly edge: readonly [u: Node, h: Node];
    };

/**
 * Decide the Isabelle `reducible g`, with a violating cycle when it is false. The first
 * offending retreating edge in (source ascending, successor ascending) order is reported.
 * Pass the dominator tree of `g` if it is already built. O(V + E) after dominators; no recursion.
 */
export function checkReducible(g: Graph, dt: DomTree = dominatorTree(g)): ReducibilityResult {
  if (dt.graph !== g) throw new Error("internal: dominator tree of another graph");
  const d = dt.dfs;
  const { start, list } = g.succs;
  for (let u = 0; u < g.nodeCount; u++) {
    if (d.reachable[u] === 0) continue;
    for (let k = start[u], e = start[u + 1]; k < e; k++) {
      const h = list[k];
      if (!isRetreatingEdge(d, u, h) || dt.dominatesReachable(h, u)) continue;
      // the DFS tree path h .. u, then the edge back to h
      const up: Node[] = [];
      for (let x = u; x !== h; x = d.parent[x]) up.push(x as Node);
      up.push(h as Node);
      up.reverse();
      up.push(h as Node);
      return { reducible: false, witness: up, edge: [u as Node, h as Node] };
    }
  }
  return { reducible: true };
}

/** The Isabelle `reducible g`. O(E log V). */
export function isReducible(g: Graph, dt?: DomTree): boolean {
  return checkReducible(g, dt).reducible;
}

/** A closed path violating `reducible g`, or undefined if `g` is reducible. O(E log V). */
export function irreducibilityWitness(g: Graph, dt?: DomTree): Node[] | undefined {
  const r = checkReducible(g, dt);
  return r.reducible ? undefined : r.witness;
}
