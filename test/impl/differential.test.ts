/**
 * The algorithms against each other, as the theorems relate them (issue: Braun, peeling,
 * Cytron, Aycock-Horspool). Every output is certified by the checkers; phi counts:
 * - `phi_count_minimal`: a pruned, Cytron-minimal SSA form has no more phis than ANY valid
 *   translation, so Cytron's count and every `peel` count are equal and below all others;
 * - `reducible_nonredundant_imp_minimal`: on reducible CFGs removing trivial phis already gives
 *   that minimum, for every algorithm (Aycock-Horspool once its dead phis are removed);
 * - on irreducible CFGs trivial-phi removal may leave redundant SCCs, and peeling repairs them.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { certified, checkTransformed, QUALITY } from "../../checks/index.js";
import { ALGORITHMS, buildSsa, MINIMIZATIONS } from "../../api/construct.js";
import { arbitraryCfg, structuredCfg } from "../../fuzz/arbitraries/index.js";
import { isReducible } from "../../graph/reducible.js";
import { constructAycockHorspool } from "../../impl/aycock_horspool.js";
import { substAllFast } from "../../impl/notriv_fast.js";
import { removeDeadPhis } from "../../impl/prune.js";
import { lowerCfg } from "../../io/lower.js";
import { Cfg, Transformed } from "../../spec/model.js";
import { modelCfg } from "../helpers/random_model.js";

const cfgs: fc.Arbitrary<Cfg> = fc.oneof(
  modelCfg({ maxNodes: 9, maxVars: 3 }),
  structuredCfg({ maxStatements: 20 }).map((d) => lowerCfg(d, "s", "s").cfg),
  arbitraryCfg({ maxBlocks: 10, blockForm: "mixed" }).map((d) => lowerCfg(d, "g", "g").cfg),
);

describe("all algorithms and minimisations", () => {
  it("every output is certified; counts obey phi_count_minimal and, on reducible CFGs, reducible_nonredundant_imp_minimal", () => {
    let irreducibleTrivialNotMinimal = 0;
    fc.assert(
      fc.property(cfgs, (g) => {
        const reducible = isReducible(g.graph);
        const counts = new Map<string, number>();
        for (const algorithm of ALGORITHMS) {
          for (const minimize of MINIMIZATIONS) {
            const { construction, ssa } = buildSsa(g, { algorithm, minimize });
            const t = new Transformed(g, ssa, construction.transformed.varOf);
            const verdicts = checkTransformed(t);
            const holds = (p: string) => verdicts.find((v) => v.property === p)!.holds;
            const label = `${algorithm}+${minimize}`;
            expect({ label, certified: certified(verdicts) }).toEqual({ label, certified: true });
            if (algorithm !== "aycock-horspool") expect({ label, pruned: holds("pruned") }).toEqual({ label, pruned: true });
            if (minimize !== "none") expect({ label, trivial: holds("no_trivial_phis") }).toEqual({ label, trivial: true });
            if (minimize === "peel" || algorithm === "cytron")
              expect({ label, minimal: holds("cytronMinimal") && holds("no_redundant_set") }).toEqual({ label, minimal: true });
            if (reducible && minimize !== "none") expect({ label, minimal: holds("cytronMinimal") }).toEqual({ label, minimal: true });
            if (!reducible && minimize === "trivial" && !holds("cytronMinimal")) irreducibleTrivialNotMinimal++;
            counts.set(label, ssa.phiCount);
          }
        }
        const minimum = counts.get("cytron+none")!;
        for (const [label, c] of counts) expect({ label, atLeastMinimum: c >= minimum }).toEqual({ label, atLeastMinimum: true });
        // pruned and minimal: the minimum (Aycock-Horspool is minimal after peeling but not pruned)
        for (const algorithm of ALGORITHMS.filter((a) => a !== "aycock-horspool"))
          expect({ algorithm, peel: counts.get(`${algorithm}+peel`) }).toEqual({ algorithm, peel: minimum });
        const ahPeel = removeDeadPhis(buildSsa(g, { algorithm: "aycock-horspool", minimize: "peel" }).ssa);
        expect({ ahPeelPruned: ahPeel.phiCount }).toEqual({ ahPeelPruned: minimum });
        if (reducible) {
          for (const algorithm of ALGORITHMS.filter((a) => a !== "aycock-horspool"))
            expect({ algorithm, trivial: counts.get(`${algorithm}+trivial`) }).toEqual({ algorithm, trivial: minimum });
          const ah = removeDeadPhis(substAllFast(constructAycockHorspool(g).ssa));
          expect({ ahPrunedTrivial: ah.phiCount }).toEqual({ ahPrunedTrivial: minimum });
        }
      }),
      { numRuns: 400 },
    );
    // the reason peeling exists: trivial-phi removal alone is not minimal on some irreducible CFG
    expect(irreducibleTrivialNotMinimal).toBeGreaterThan(0);
  });
});

export { QUALITY };
