/**
 * `necessaryPhi g X z` as the checker decides it (checks/quality.ts, JoinSets): by iterated
 * dominance frontiers where Entry starts a forced chain to a definition, by one dominator tree
 * per variable of the graph with a root before every definition otherwise. Both are held to the
 * literal `necessaryPhi` of spec/minimality.ts on small random graphs: any edges (into Entry
 * too, unreachable nodes), any definitions, optionally a chain of single-successor nodes before
 * the old Entry; every node is asked.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JoinSets } from "../../checks/quality.js";
import { dominatorTree } from "../../graph/dominators.js";
import type { Node, Var } from "../../spec/ids.js";
import { necessaryPhi } from "../../spec/minimality.js";
import { Graph } from "../../spec/model.js";
import type { CFG_SSA_Transformed_base } from "../../spec/ssa_cfg.js";

interface Case {
  preds: number[][];
  defs: number[];
}

/**
 * A random graph (Entry 0) with one variable's definitions; `chain` nodes in front of it when asked.
 *
 * @bounds 1 to 7 nodes and 0 to 3 chain nodes before them, up to 5 extra edges (into Entry in
 * half of the cases), a spanning tree in half of them, up to 4 definitions
 */
const cases: fc.Arbitrary<Case> = fc
  .record({
    n: fc.integer({ min: 1, max: 7 }),
    chain: fc.integer({ min: 0, max: 3 }),
    intoEntry: fc.boolean(),
    spanning: fc.boolean(),
  })
  .chain(({ n, chain, intoEntry, spanning }) =>
    fc
      .record({
        parents: fc.array(fc.nat(), { minLength: n - 1, maxLength: n - 1 }),
        extra: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 5 }),
        defs: fc.uniqueArray(fc.nat({ max: n + chain - 1 }), { maxLength: 4 }),
      })
      .map(({ parents, extra, defs }) => {
        const total = n + chain;
        const preds: number[][] = Array.from({ length: total }, () => []);
        // chain nodes 0 .. chain-1 in front of the body's first node `chain`
        for (let c = 1; c <= chain; c++) preds[c].push(c - 1);
        if (spanning) parents.forEach((p, i) => preds[chain + i + 1].push(chain + (p % (i + 1))));
        for (const [a, b] of extra) {
          const to = intoEntry ? b % total : chain + (b % n);
          preds[to].push(a % total);
        }
        return { preds, defs };
      }),
  );

function literalNecessary(g: Graph, defs: readonly number[], z: number): boolean {
  const base = {
    nodeCount: g.nodeCount,
    Entry: g.Entry,
    predecessors: (n: Node) => g.predecessors(n),
    oldDefs: (n: Node) => (defs.includes(n) ? [0 as Var] : []),
    oldUses: () => [],
  } as unknown as CFG_SSA_Transformed_base;
  return necessaryPhi(base, 0 as Var, z as Node);
}

describe("necessaryPhi: JoinSets against the literal definition", () => {
  it("both methods equal the literal necessaryPhi at every node, and the frontier method is used where it applies", () => {
    let byFrontiers = 0;
    fc.assert(
      fc.property(cases, ({ preds, defs }) => {
        const g = Graph.fromLists(0, preds);
        const zs = Array.from({ length: g.nodeCount }, (_, z) => z);
        const want = zs.map((z) => literalNecessary(g, defs, z));
        const fast = new JoinSets(g, () => dominatorTree(g), true);
        const slow = new JoinSets(g, () => dominatorTree(g), false);
        expect(fast.necessaryAt(defs, zs)).toEqual(want);
        expect(slow.necessaryAt(defs, zs)).toEqual(want);
        if (fast.usesFrontiers(defs)) byFrontiers++;
      }),
      { numRuns: 1500 },
    );
    expect(byFrontiers).toBeGreaterThan(200);
  });
});
