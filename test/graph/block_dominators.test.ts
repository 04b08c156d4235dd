/**
 * adapters/dominators.ts `BlockDominators`, the adapters' own dominance (they may not import
 * graph/): on every ordered pair of blocks it agrees with the literal definition of
 * spec/graph_path.ts restricted to reachable blocks ("unreachable blocks dominate nothing and
 * are dominated by nothing"), in both directions, entry 0 with or without predecessors.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BlockDominators } from "../../adapters/dominators.js";
import type { Graph } from "../../spec/model.js";
import { arbCfg, arbDigraph, literalDominance, literalReachable } from "./arbitrary.js";

/** The graph's successor rows, as an adapter hands them over (one array per block, parallel edges kept). */
function succLists(g: Graph): number[][] {
  const out: number[][] = [];
  for (let n = 0; n < g.nodeCount; n++) out.push(Array.from(g.succs.list.subarray(g.succs.start[n], g.succs.start[n + 1])));
  return out;
}

function agrees(g: Graph): void {
  const bd = new BlockDominators(succLists(g));
  const lit = literalDominance(g);
  const reach = literalReachable(g);
  for (let a = 0; a < g.nodeCount; a++)
    for (let b = 0; b < g.nodeCount; b++) expect(bd.dominates(a, b), `dominates(${a}, ${b})`).toBe(reach[a] && reach[b] && lit[a][b]);
}

describe("BlockDominators agrees with literal dominance on reachable blocks", () => {
  it("CFGs (entry 0 without predecessors, unreachable blocks, self-loops, parallel edges)", () => {
    fc.assert(fc.property(arbCfg({ maxNodes: 10 }), agrees), { numRuns: 500, seed: 20010101 });
  });

  it("any digraph from vertex 0 (the entry may have predecessors)", () => {
    fc.assert(fc.property(arbDigraph(9, 3), agrees), { numRuns: 500, seed: 2001 });
  });

  it("a chain of 10^5 blocks (explicit stacks: no recursion)", () => {
    const n = 100_000;
    const succs = Array.from({ length: n }, (_, b) => (b + 1 < n ? [b + 1] : []));
    const bd = new BlockDominators(succs);
    expect(bd.dominates(0, n - 1)).toBe(true);
    expect(bd.dominates(n - 1, 0)).toBe(false);
    expect(bd.dominates(n / 2, n / 2 + 1)).toBe(true);
  });
});
