/**
 * Braun et al.'s algorithm and peeling, against the verified functional construction and the
 * literal definitions.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { certified, checkTransformed } from "../../checks/index.js";
import { constructBraun } from "../../impl/braun.js";
import { constructFast } from "../../impl/construct_fast.js";
import { substAllFast } from "../../impl/notriv_fast.js";
import { peel } from "../../impl/peel.js";
import { reducible } from "../../spec/minimality.js";
import { SsaCfg, Transformed, Cfg } from "../../spec/model.js";
import { ssaArrays } from "../helpers/compare.js";
import { modelCfg } from "../helpers/random_model.js";
import { isReducible } from "../../graph/reducible.js";
import { someRedundantSet } from "../../spec/irreducible.js";

const RUNS = { numRuns: 500 };
const QUALITY_ALL = ["pruned", "no_trivial_phis", "cytronMinimal", "no_redundant_set"];
const t = (g: Cfg, s: SsaCfg, varOf: Int32Array) => new Transformed(g, s, varOf);

describe("Braun et al. (2013)", () => {
  it("the basic version (no tryRemoveTrivialPhi) places exactly the phis of the functional construction braun_ssa", () => {
    fc.assert(
      fc.property(modelCfg({ maxNodes: 9, maxVars: 3 }), (g) => {
        expect(ssaArrays(constructBraun(g, { removeTrivial: false }).ssa)).toEqual(ssaArrays(constructFast(g).ssa));
      }),
      RUNS,
    );
  });
  it("with tryRemoveTrivialPhi: certified, pruned, no trivial phi; on reducible CFGs cytronMinimal with the phi count of functional + substAll", () => {
    fc.assert(
      fc.property(modelCfg({ maxNodes: 9, maxVars: 3 }), (g) => {
        const b = constructBraun(g);
        const red = reducible(g);
        const verdicts = checkTransformed(b.transformed);
        expect(certified(verdicts, red ? QUALITY_ALL : ["pruned", "no_trivial_phis"])).toBe(true);
        if (red) expect(b.ssa.phiCount).toBe(substAllFast(constructFast(g).ssa).phiCount);
      }),
      RUNS,
    );
  });
});

describe("peeling (Braun et al. 2013, Sec. 3.2; Wagner 2016, Fig. 4.2)", () => {
  it("no_redundant_set_minimal: after peeling there is no redundant set (literal, all subsets) and the SSA is cytronMinimal, on every CFG", () => {
    fc.assert(
      fc.property(modelCfg({ maxNodes: 8, maxVars: 2 }), fc.boolean(), (g, viaBraun) => {
        const c = viaBraun ? constructBraun(g) : constructFast(g);
        const p = t(g, peel(c.ssa), c.transformed.varOf);
        expect(certified(checkTransformed(p), QUALITY_ALL)).toBe(true);
        expect(someRedundantSet(p)).toBeUndefined();
      }),
      RUNS,
    );
  });
  it("peel subsumes trivial-phi removal, and after substAll it removes exactly the redundant SCCs that remain", () => {
    fc.assert(
      fc.property(modelCfg({ maxNodes: 9, maxVars: 3 }), (g) => {
        const c = constructFast(g);
        const a = peel(c.ssa);
        const b = peel(substAllFast(c.ssa));
        expect(a.phiCount).toBe(b.phiCount);
        if (isReducible(g.graph)) expect(b.phiCount).toBe(substAllFast(c.ssa).phiCount);
      }),
      RUNS,
    );
  });
  it("phi_count_minimal: braun + peel and functional + peel agree on the phi count (the minimum) on every CFG", () => {
    fc.assert(
      fc.property(modelCfg({ maxNodes: 9, maxVars: 3 }), (g) => {
        expect(peel(constructBraun(g).ssa).phiCount).toBe(peel(constructFast(g).ssa).phiCount);
      }),
      RUNS,
    );
  });
});
