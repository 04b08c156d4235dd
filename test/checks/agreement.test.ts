/**
 * Every checker is a decision procedure for its locale assumption or quality property: on
 * small random CFGs, their constructed SSA, and mutants of it, each checker's verdict equals
 * the literal spec definition (exact bounds), and every witness it gives is re-checked by an
 * independent function. equiv, quantifying over unboundedly long paths, is checked both ways
 * differently: whenever the bounded literal semantics finds a counterexample the checker
 * rejects, and whenever the checker rejects, its witness path is a real counterexample.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkTransformed, QUALITY, Verdict, type QualityProperty } from "../../checks/index.js";
import { constructFast } from "../../impl/construct_fast.js";
import { substAllFast } from "../../impl/notriv_fast.js";
import { Entry_reaches, Entry_unreachable } from "../../spec/graph_path.js";
import { someRedundantSet } from "../../spec/irreducible.js";
import { cytronMinimal, pathsConverge } from "../../spec/minimality.js";
import { cytronMinimal as cytronMinimalChecker } from "../../checks/quality.js";
import { Transformed } from "../../spec/model.js";
import * as S from "../../spec/ssa_cfg.js";
import { equivCounterexample } from "../../spec/ssa_semantics.js";
import { arbMutation, mutate } from "../helpers/mutate.js";
import { modelCfg } from "../helpers/random_model.js";
import { recheck } from "../helpers/witness_check.js";

const RUNS = { numRuns: 500 };

/** The literal predicate of each property (exact with its default bound). */
const literal: Record<string, (t: Transformed) => boolean> = {
  Entry_unreachable: (t) => Entry_unreachable(t),
  Entry_reaches: (t) => Entry_reaches(t),
  "old.defs_uses_disjoint": (t) => S.defs_uses_disjoint(S.old(t)),
  "old.def_ass_uses": (t) => S.def_ass_uses(S.old(t)),
  phis_wf: (t) => S.phis_wf(t),
  simpleDefs_phiDefs_disjoint: (t) => S.simpleDefs_phiDefs_disjoint(t),
  allDefs_disjoint: (t) => S.allDefs_disjoint(t),
  allUses_def_ass: (t) => S.allUses_def_ass(t),
  Entry_no_phis: (t) => S.Entry_no_phis(t),
  defs_uses_disjoint: (t) => S.defs_uses_disjoint(t),
  oldDefs_def: (t) => S.oldDefs_def(t),
  oldUses_def: (t) => S.oldUses_def(t),
  phis_same_var: (t) => S.phis_same_var(t),
  allDefs_var_disjoint: (t) => S.allDefs_var_disjoint(t),
  conventional: (t) => S.conventional(t),
  pruned: (t) => S.pruned(t),
  no_trivial_phis: (t) => !S.redundant(t),
  cytronMinimal: (t) => cytronMinimal(t),
  no_redundant_set: (t) => someRedundantSet(t) === undefined,
};

/** SSA CFGs to check: the construction, its substAll result, and a mutant of either. */
const subjects = fc
  .record({ g: modelCfg(), minimize: fc.boolean(), mutant: fc.option(arbMutation(), { freq: 3 }) })
  .map(({ g, minimize, mutant }) => {
    const c = constructFast(g);
    let t = minimize ? new Transformed(g, substAllFast(c.ssa), c.transformed.varOf) : c.transformed;
    if (mutant) t = mutate(t, mutant.m, mutant.r) ?? t;
    return t;
  });

function agree(t: Transformed, verdicts: Verdict[]): void {
  for (const v of verdicts) {
    const lit = literal[v.property];
    if (lit) expect({ property: v.property, holds: v.holds }).toEqual({ property: v.property, holds: lit(t) });
    if (!v.holds) expect(v.witnesses.length).toBeGreaterThan(0);
    for (const w of v.witnesses) expect({ property: v.property, problem: recheck(t, v, w) }).toEqual({ property: v.property, problem: undefined });
  }
}

describe("checkers agree with the literal spec", () => {
  it("on random CFGs' SSA and its mutants, every checker's verdict equals the literal definition, and every witness rechecks", () => {
    fc.assert(
      fc.property(subjects, (t) => agree(t, checkTransformed(t))),
      RUNS,
    );
  });
  it("equiv: a bounded literal counterexample implies rejection; a rejection's witness is a real counterexample", () => {
    fc.assert(
      fc.property(subjects, (t) => {
        const v = checkTransformed(t).find((x) => x.property === "equiv")!;
        const lit = equivCounterexample(t, t.nodeCount + 4);
        if (lit !== undefined) expect(v.holds).toBe(false);
        for (const w of v.witnesses) expect(recheck(t, v, w)).toBeUndefined();
      }),
      RUNS,
    );
  });
  it("a subset of the quality properties (CheckOptions.quality) decides exactly those, with the verdicts of the full check", () => {
    const subsets: QualityProperty[][] = [[], ["pruned", "no_redundant_set"], ["cytronMinimal"], ["no_trivial_phis", "pruned"]];
    fc.assert(
      fc.property(subjects, fc.constantFrom(...subsets), (t, quality) => {
        const full = checkTransformed(t);
        const some = checkTransformed(t, { quality });
        const kept = full.filter((v) => !(QUALITY as readonly string[]).includes(v.property) || (quality as string[]).includes(v.property));
        expect(some.map((v) => [v.property, v.holds, v.failures])).toEqual(kept.map((v) => [v.property, v.holds, v.failures]));
      }),
      RUNS,
    );
  });
  it("mutants are not all valid: the mutation operators produce rejections", () => {
    let rejected = 0;
    fc.assert(
      fc.property(subjects, (t) => {
        if (checkTransformed(t).some((v) => !v.holds && !["pruned", "no_trivial_phis", "cytronMinimal", "no_redundant_set"].includes(v.property))) rejected++;
      }),
      { numRuns: 200 },
    );
    expect(rejected).toBeGreaterThan(10);
  });
});

describe("necessary phis on request", () => {
  it("every necessary phi gets two paths that converge by the literal pathsConverge, from two definitions of its variable", () => {
    let shown = 0;
    fc.assert(
      fc.property(subjects, (t) => {
        const v = cytronMinimalChecker(t, undefined, { paths: true });
        for (const w of v.evidence ?? []) {
          if (w.kind !== "necessary" || !w.paths) throw new Error("missing paths");
          const [xs, ys] = w.paths;
          expect(pathsConverge(t, xs[0], xs, ys[0], ys, w.node)).toBe(true);
          expect(t.oldDefs(xs[0]).includes(t.var(w.val)) && t.oldDefs(ys[0]).includes(t.var(w.val))).toBe(true);
          shown++;
        }
      }),
      RUNS,
    );
    expect(shown).toBeGreaterThan(20);
  });
});
