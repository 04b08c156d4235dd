/**
 * The theorems of Construct_SSA and Construct_SSA_notriv as properties, each decided with the
 * literal spec definitions on small random definitely-assigned CFGs (reducible and not).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { construct } from "../../impl/construct.js";
import { substAllFast } from "../../impl/notriv_fast.js";
import { Entry_reaches, Entry_unreachable } from "../../spec/graph_path.js";
import { cytronMinimal, reducible } from "../../spec/minimality.js";
import { Cfg, SsaCfg, Transformed } from "../../spec/model.js";
import {
  allDefs_disjoint,
  allDefs_var_disjoint,
  allUses_def_ass,
  conventional,
  def_ass_uses,
  defs_uses_disjoint,
  Entry_no_phis,
  oldDefs_def,
  oldUses_def,
  phis_same_var,
  phis_wf,
  pruned,
  redundant,
  simpleDefs_phiDefs_disjoint,
} from "../../spec/ssa_cfg.js";
import { equivCounterexample } from "../../spec/ssa_semantics.js";
import { modelCfg } from "../helpers/random_model.js";

const RUNS = { numRuns: 500 };

/** Every assumption of CFG_SSA_Transformed (and of the CFG_SSA_wf, CFG_wf it includes), literally. */
function failedAssumptions(t: Transformed): string[] {
  const checks: [string, boolean][] = [
    ["Entry_unreachable", Entry_unreachable(t)],
    ["Entry_reaches", Entry_reaches(t)],
    ["old.defs_uses_disjoint", defs_uses_disjoint(t.old)],
    ["old.def_ass_uses", def_ass_uses(t.old)],
    ["defs_uses_disjoint", defs_uses_disjoint(t.ssa)],
    ["phis_wf", phis_wf(t)],
    ["simpleDefs_phiDefs_disjoint", simpleDefs_phiDefs_disjoint(t)],
    ["allDefs_disjoint", allDefs_disjoint(t)],
    ["allUses_def_ass", allUses_def_ass(t)],
    ["Entry_no_phis", Entry_no_phis(t)],
    ["oldDefs_def", oldDefs_def(t)],
    ["oldUses_def", oldUses_def(t)],
    ["conventional", conventional(t)],
    ["phis_same_var", phis_same_var(t)],
    ["allDefs_var_disjoint", allDefs_var_disjoint(t)],
  ];
  return checks.filter(([, ok]) => !ok).map(([name]) => name);
}

function notriv(g: Cfg, ssa: SsaCfg, varOf: Int32Array): Transformed {
  return new Transformed(g, substAllFast(ssa), varOf);
}

describe("Construct_SSA", () => {
  it("braun_ssa_CFG_SSA_Transformed: for a CFG_wf input, the construction satisfies every CFG_SSA_Transformed assumption", () => {
    fc.assert(
      fc.property(modelCfg(), (g) => {
        expect(failedAssumptions(construct(g).transformed)).toEqual([]);
      }),
      RUNS,
    );
  });
  it("phis'_pruned: the constructed SSA CFG is pruned", () => {
    fc.assert(
      fc.property(modelCfg(), (g) => {
        expect(pruned(construct(g).transformed)).toBe(true);
      }),
      RUNS,
    );
  });
  it("equiv: along every path from Entry (up to nodeCount + 3 nodes), each SSA use denotes its variable's last definition", () => {
    fc.assert(
      fc.property(modelCfg(), (g) => {
        expect(equivCounterexample(construct(g).transformed, g.nodeCount + 3)).toBeUndefined();
      }),
      RUNS,
    );
  });
});

describe("Construct_SSA_notriv (substAll)", () => {
  it("notriv: CFG_SSA_Transformed and not_redundant: substAll's output is a valid translation without trivial phis", () => {
    fc.assert(
      fc.property(modelCfg(), (g) => {
        const c = construct(g);
        const t = notriv(g, c.ssa, c.transformed.varOf);
        expect(failedAssumptions(t)).toEqual([]);
        expect(redundant(t)).toBe(false);
      }),
      RUNS,
    );
  });
  it("pruned_invariant: removal keeps the SSA CFG pruned", () => {
    fc.assert(
      fc.property(modelCfg(), (g) => {
        const c = construct(g);
        expect(pruned(notriv(g, c.ssa, c.transformed.varOf))).toBe(true);
      }),
      RUNS,
    );
  });
  it("minimal: for a reducible CFG, substAll's output is cytronMinimal", () => {
    fc.assert(
      fc.property(
        modelCfg().filter((g) => reducible(g)),
        (g) => {
          const c = construct(g);
          expect(cytronMinimal(notriv(g, c.ssa, c.transformed.varOf))).toBe(true);
        },
      ),
      RUNS,
    );
  });
  it("equiv holds for substAll's output along every enumerated path", () => {
    fc.assert(
      fc.property(modelCfg(), (g) => {
        const c = construct(g);
        expect(equivCounterexample(notriv(g, c.ssa, c.transformed.varOf), g.nodeCount + 3)).toBeUndefined();
      }),
      RUNS,
    );
  });
});
