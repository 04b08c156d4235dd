import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Graph } from "../../spec/model.js";
import { dominanceFrontiers, dominatorTree, iteratedDominanceFrontier } from "../../graph/index.js";
import { arbCfg, arbDigraph, graphOf, literalDominance, literalReachable, N } from "./arbitrary.js";

const RUNS = { numRuns: 400 };

/**
 * The textbook DF (Cytron et al. 1991) on the reachable subgraph, from the literal dominance:
 * DF(n) = { b reachable | some reachable predecessor p of b has n dominating p, and n does not
 * strictly dominate b }, for reachable n; empty for unreachable n.
 */
function naiveDf(g: Graph): number[][] {
  const dom = literalDominance(g);
  const reach = literalReachable(g);
  const out: number[][] = [];
  for (let n = 0; n < g.nodeCount; n++) {
    const row: number[] = [];
    if (reach[n])
      for (let b = 0; b < g.nodeCount; b++) {
        if (!reach[b]) continue;
        const viaPred = g.predecessors(N(b)).some((p) => reach[p] && dom[n][p]);
        const strict = n !== b && dom[n][b];
        if (viaPred && !strict) row.push(b);
      }
    out.push(row);
  }
  return out;
}

/** DF+(S) as the limit of X_0 = DF(S), X_{i+1} = DF(S u X_i). */
function naiveIdf(df: number[][], reach: boolean[], s: number[]): number[] {
  let x = new Set<number>();
  for (;;) {
    const next = new Set<number>();
    for (const v of [...s.filter((v) => reach[v]), ...x]) for (const y of df[v]) next.add(y);
    if (next.size === x.size) return [...next].sort((a, b) => a - b);
    x = next;
  }
}

describe("dominance frontiers", () => {
  it("DF(n) = the textbook definition computed naively from the literal dominance, for every node", () => {
    fc.assert(
      fc.property(arbCfg(), (g) => {
        const df = dominanceFrontiers(dominatorTree(g));
        expect(df.toArrays()).toEqual(naiveDf(g));
      }),
      RUNS,
    );
  });

  it("DF(n) = the textbook definition also on a general digraph from any root (the root may have predecessors)", () => {
    fc.assert(
      fc.property(
        arbDigraph(7).chain((g) => fc.tuple(fc.constant(g), fc.nat({ max: g.nodeCount - 1 }))),
        ([h, root]) => {
          const g = new Graph(h.nodeCount, N(root), h.preds);
          expect(dominanceFrontiers(dominatorTree(g)).toArrays()).toEqual(naiveDf(g));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("DF+(S) = the least fixpoint of X = DF(S u X), for random node sets S", () => {
    fc.assert(
      fc.property(
        arbCfg().chain((g) => fc.tuple(fc.constant(g), fc.array(fc.nat({ max: g.nodeCount - 1 }), { maxLength: 4 }))),
        ([g, s]) => {
          const dt = dominatorTree(g);
          const df = dominanceFrontiers(dt);
          const idf = iteratedDominanceFrontier(dt, df, s);
          expect(Array.from(idf)).toEqual(naiveIdf(naiveDf(g), literalReachable(g), s));
        },
      ),
      RUNS,
    );
  });

  it("examples: a diamond and a loop", () => {
    // diamond 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3
    const d = graphOf([[], [0], [0], [1, 2]]);
    const dtd = dominatorTree(d);
    const dfd = dominanceFrontiers(dtd);
    expect(dfd.toArrays()).toEqual([[], [3], [3], []]);
    expect(Array.from(iteratedDominanceFrontier(dtd, dfd, [1]))).toEqual([3]);
    // loop 0 -> 1 -> 2 -> 1, 1 -> 3; parallel back edges 2 -> 1 twice
    const l = graphOf([[], [0, 2, 2], [1], [1]]);
    const dtl = dominatorTree(l);
    const dfl = dominanceFrontiers(dtl);
    expect(dfl.toArrays()).toEqual([[], [1], [1], []]);
    expect(Array.from(iteratedDominanceFrontier(dtl, dfl, [2]))).toEqual([1]);
    expect(Array.from(iteratedDominanceFrontier(dtl, dfl, [0, 3]))).toEqual([]);
  });
});
