/**
 * Mutation testing of the validator: from the correct SSA of random CFGs, derive mutants with
 * the mistakes SSA constructors make. Every mutant must be either rejected by `validate`, or
 * shown equivalent by the literal spec (all validity assumptions hold and the bounded literal
 * semantics finds no counterexample). The kill rate of non-equivalent mutants must be 100%.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { certified, checkTransformed } from "../../checks/index.js";
import { constructFast } from "../../impl/construct_fast.js";
import { substAllFast } from "../../impl/notriv_fast.js";
import { Entry_reaches, Entry_unreachable } from "../../spec/graph_path.js";
import { Transformed } from "../../spec/model.js";
import * as S from "../../spec/ssa_cfg.js";
import { equivCounterexample } from "../../spec/ssa_semantics.js";
import { MUTATIONS, Mutation, mutate } from "../helpers/mutate.js";
import { modelCfg } from "../helpers/random_model.js";

/** The validity of a translation by the literal definitions alone. */
function literallyValid(t: Transformed): boolean {
  return (
    Entry_unreachable(t) &&
    Entry_reaches(t) &&
    S.defs_uses_disjoint(S.old(t)) &&
    S.def_ass_uses(S.old(t)) &&
    S.phis_wf(t) &&
    S.simpleDefs_phiDefs_disjoint(t) &&
    S.allDefs_disjoint(t) &&
    S.allUses_def_ass(t) &&
    S.Entry_no_phis(t) &&
    S.defs_uses_disjoint(t) &&
    S.oldDefs_def(t) &&
    S.oldUses_def(t) &&
    S.phis_same_var(t) &&
    S.allDefs_var_disjoint(t) &&
    S.conventional(t) &&
    equivCounterexample(t, t.nodeCount + 4) === undefined
  );
}

const tally = new Map<Mutation, { mutants: number; nonEquivalent: number; killed: number }>(MUTATIONS.map((m) => [m, { mutants: 0, nonEquivalent: 0, killed: 0 }]));

describe("mutation testing", () => {
  it("every non-equivalent mutant of correct SSA is rejected (kill rate 100%)", () => {
    fc.assert(
      fc.property(
        modelCfg({ maxNodes: 8, maxVars: 3 }),
        fc.boolean(),
        fc.constantFrom(...MUTATIONS),
        fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 8, maxLength: 8 }),
        (g, minimize, m, r) => {
          const c = constructFast(g);
          const t = minimize ? new Transformed(g, substAllFast(c.ssa), c.transformed.varOf) : c.transformed;
          const mutant = mutate(t, m, r);
          if (!mutant) return;
          const row = tally.get(m)!;
          row.mutants++;
          const rejected = !certified(checkTransformed(mutant));
          if (literallyValid(mutant)) {
            expect(rejected).toBe(false); // an equivalent mutant is a valid translation: certified
            return;
          }
          row.nonEquivalent++;
          if (rejected) row.killed++;
          expect(rejected).toBe(true);
        },
      ),
      { numRuns: 1500 },
    );
    for (const [, row] of tally) expect(row.killed).toBe(row.nonEquivalent);
  });
  afterAll(() => {
    const lines = [...tally].map(([m, r]) => `  ${m.padEnd(13)} ${String(r.mutants).padStart(5)} mutants, ${String(r.nonEquivalent).padStart(5)} non-equivalent, ${String(r.killed).padStart(5)} killed`);
    const ne = [...tally.values()].reduce((a, r) => a + r.nonEquivalent, 0);
    const k = [...tally.values()].reduce((a, r) => a + r.killed, 0);
    console.log(`mutation kill rate: ${k}/${ne} non-equivalent mutants killed (${ne ? ((100 * k) / ne).toFixed(1) : "100.0"}%)\n${lines.join("\n")}`);
  });
});
