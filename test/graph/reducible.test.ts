import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { path, paths } from "../../spec/graph_path.js";
import type { Graph } from "../../spec/model.js";
import { checkReducible, dominatorTree, irreducibilityWitness, isReducible } from "../../graph/index.js";
import { arbCfg, graphOf, literalDominance, N } from "./arbitrary.js";

const RUNS = { numRuns: 500 };

/** Some node of `ns` dominates (literally) every node of `ns`. */
function hasDominatingNode(dom: boolean[][], ns: readonly number[]): boolean {
  return ns.some((m) => ns.every((x) => dom[m][x]));
}

/**
 * The Isabelle `reducible g == ALL n ns. g |- n-ns->n --> (EX m in set ns. ALL n in set ns.
 * dominates g m n)`, brute force over every closed path of at most `nodeCount + 1` nodes, which
 * includes every simple cycle, with the literal dominance.
 */
function bruteReducible(g: Graph): boolean {
  const dom = literalDominance(g);
  for (let n = 0; n < g.nodeCount; n++)
    for (const ns of paths(g, N(n), N(n), g.nodeCount + 1)) if (!hasDominatingNode(dom, ns)) return false;
  return true;
}

describe("reducibility", () => {
  it("isReducible(g) = the Isabelle definition checked by brute force over all closed paths up to simple cycles", () => {
    fc.assert(
      fc.property(arbCfg(), (g) => {
        expect(isReducible(g)).toBe(bruteReducible(g));
      }),
      RUNS,
    );
  });

  it("every witness is a real closed path (first = last, simple) on which no node dominates all nodes", () => {
    fc.assert(
      fc.property(arbCfg(), (g) => {
        const r = checkReducible(g, dominatorTree(g));
        if (r.reducible) return;
        const w = r.witness;
        expect(path(g, w)).toBe(true);
        expect(w.length).toBeGreaterThanOrEqual(3);
        expect(w[0]).toBe(w[w.length - 1]);
        expect(new Set(w.slice(1)).size).toBe(w.length - 1);
        expect(hasDominatingNode(literalDominance(g), w)).toBe(false);
        const [u, h] = r.edge;
        expect(w[0]).toBe(h);
        expect(w[w.length - 2]).toBe(u);
        expect(irreducibilityWitness(g)).toEqual(w);
      }),
      RUNS,
    );
  });

  it("examples", () => {
    // the classic irreducible triangle: 0 -> 1, 0 -> 2, 1 <-> 2
    const t = graphOf([[], [0, 2], [0, 1]]);
    expect(checkReducible(t)).toEqual({ reducible: false, witness: [1, 2, 1], edge: [2, 1] });
    // a natural loop 1 -> 4 -> 1 with a self-loop on 1, and an unreachable cycle 2 <-> 3
    const l = graphOf([[], [0, 1, 4], [3], [2], [1]]);
    expect(isReducible(l)).toBe(true);
    expect(irreducibilityWitness(l)).toBeUndefined();
    expect(isReducible(graphOf([[]]))).toBe(true);
  });
});
