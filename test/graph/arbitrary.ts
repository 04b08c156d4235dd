/**
 * Small random graphs for the graph/ properties, plus brute-force oracles built on the literal
 * definitions of spec/graph_path.ts.
 *
 * `arbCfg`: 1..9 nodes, Entry = 0 with no predecessors (the `graph_Entry` assumption),
 * parallel edges, self-loops, and in about half the cases nodes unreachable from Entry. Node
 * ids are shuffled, so id order says nothing about the graph's shape.
 * `arbDigraph`: any digraph on 1..9 vertices (every vertex may have predecessors), for SCCs.
 */
import fc from "fast-check";
import { dominates, paths } from "../../spec/graph_path.js";
import type { Node } from "../../spec/ids.js";
import { Graph } from "../../spec/model.js";

/** A graph that prints as its predecessor lists in fast-check counterexamples. */
export function graphOf(preds: number[][], entry = 0): Graph {
  const g = Graph.fromLists(entry, preds);
  Object.defineProperty(g, fc.toStringMethod, { value: () => `Graph.fromLists(${entry}, ${JSON.stringify(preds)})` });
  return g;
}

export interface CfgOpts {
  maxNodes?: number;
  /** Most extra predecessors per node beyond the spanning one. */
  maxExtraPreds?: number;
}

/**
 * Predecessor lists of a CFG: Entry = 0 has none; see the module comment.
 *
 * @bounds 1 to maxNodes (default 9) nodes, up to maxExtraPreds (default 3) extra predecessors
 * per node; in about half of the cases nodes unreachable from Entry; no edge into Entry
 */
export function arbCfgPreds(opts: CfgOpts = {}): fc.Arbitrary<number[][]> {
  const maxNodes = opts.maxNodes ?? 9;
  const maxExtra = opts.maxExtraPreds ?? 3;
  return fc.integer({ min: 1, max: maxNodes }).chain((n) =>
    fc
      .tuple(
        // all reachable (a spanning predecessor for every node) or not
        fc.boolean(),
        // the spanning predecessor of the i-th non-Entry node (in the shuffled order): one before it, or none
        fc.array(fc.option(fc.nat(), { freq: 2 }), { minLength: n, maxLength: n }),
        // extra predecessors: anything, including self-loops and repeats (parallel edges)
        fc.array(fc.array(fc.nat({ max: n - 1 }), { maxLength: maxExtra }), { minLength: n, maxLength: n }),
        // a relabelling of the non-Entry nodes
        fc.shuffledSubarray(
          Array.from({ length: n - 1 }, (_, i) => i + 1),
          { minLength: n - 1, maxLength: n - 1 },
        ),
        // where the spanning predecessor goes in the list
        fc.array(fc.nat(), { minLength: n, maxLength: n }),
      )
      .map(([allReachable, span, extra, perm, at]) => {
        const label = [0, ...perm]; // position -> node id
        const preds: number[][] = Array.from({ length: n }, () => []);
        for (let i = 1; i < n; i++) {
          const t = label[i];
          const list = extra[i].slice();
          const s = span[i];
          if (allReachable || s !== null) {
            const from = label[(s ?? 0) % i];
            list.splice(at[i] % (list.length + 1), 0, from);
          }
          preds[t] = list;
        }
        preds[0] = [];
        return preds;
      }),
  );
}

/**
 * `arbCfgPreds` as a graph.
 *
 * @bounds 1 to maxNodes (default 9) nodes, up to maxExtraPreds (default 3) extra predecessors
 * per node; in about half of the cases nodes unreachable from Entry; no edge into Entry
 */
export function arbCfg(opts: CfgOpts = {}): fc.Arbitrary<Graph> {
  return arbCfgPreds(opts).map((p) => graphOf(p));
}

/** Any digraph on 1..maxNodes vertices, as predecessor lists (Entry 0 is just a vertex here). */
export function arbDigraphPreds(maxNodes = 9, maxPreds = 3): fc.Arbitrary<number[][]> {
  return fc
    .integer({ min: 1, max: maxNodes })
    .chain((n) => fc.array(fc.array(fc.nat({ max: n - 1 }), { maxLength: maxPreds }), { minLength: n, maxLength: n }));
}

export function arbDigraph(maxNodes = 9, maxPreds = 3): fc.Arbitrary<Graph> {
  return arbDigraphPreds(maxNodes, maxPreds).map((p) => graphOf(p));
}

/** A 0/1 mask over `0..n-1`. */
export function arbMask(n: number): fc.Arbitrary<Uint8Array> {
  return fc.array(fc.boolean(), { minLength: n, maxLength: n }).map((bs) => Uint8Array.from(bs, (b) => (b ? 1 : 0)));
}

// ---------------------------------------------------------------------------------------------
// brute-force oracles
// ---------------------------------------------------------------------------------------------

export const N = (n: number): Node => n as Node;

/** `dom[a][b]` = the literal `dominates g a b` of spec/graph_path.ts, for every pair. */
export function literalDominance(g: Graph): boolean[][] {
  const out: boolean[][] = [];
  for (let a = 0; a < g.nodeCount; a++) {
    const row: boolean[] = [];
    for (let b = 0; b < g.nodeCount; b++) row.push(dominates(g, N(a), N(b)));
    out.push(row);
  }
  return out;
}

/** Reachable from Entry by the literal definition: some path `Entry -ns-> n`. */
export function literalReachable(g: Graph): boolean[] {
  const out: boolean[] = [];
  for (let n = 0; n < g.nodeCount; n++) out.push(!paths(g, g.Entry, N(n), g.nodeCount).next().done);
  return out;
}

/**
 * `reach[u][v]`: a path with at least one edge from `u` to `v` inside the vertices allowed by
 * `mask` (transitive closure by Warshall, not reflexive).
 */
export function closure(g: Graph, mask?: Uint8Array): boolean[][] {
  const n = g.nodeCount;
  const ok = (v: number) => mask === undefined || mask[v] !== 0;
  const r: boolean[][] = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  for (let v = 0; v < n; v++) for (const u of g.predecessors(N(v))) if (ok(u) && ok(v)) r[u][v] = true;
  for (let k = 0; k < n; k++) for (let i = 0; i < n; i++) if (r[i][k]) for (let j = 0; j < n; j++) if (r[k][j]) r[i][j] = true;
  return r;
}
