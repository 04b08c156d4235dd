import { describe, expect, it } from "vitest";
import type { Node } from "../../spec/ids.js";
import {
  allDefs,
  allDefs_disjoint,
  allDefs_var_disjoint,
  allUses,
  allUses_def_ass,
  allVars,
  conventional,
  def_ass_uses,
  defAss,
  defAssPrime,
  def_dominates,
  strict_def_dom,
  defNode,
  defs_uses_disjoint,
  Entry_no_phis,
  isTrivialPhi,
  liveVal,
  old,
  oldDefs_def,
  oldUses_def,
  phi,
  phiArg,
  phiDefs,
  phis_same_var,
  phis_wf,
  phiUses,
  pruned,
  redundant,
  simpleDefs_phiDefs_disjoint,
  trivial,
  vars,
} from "../../spec/ssa_cfg.js";
import { the_trivial } from "../../spec/ssa_cfg_code.js";
import { cfg, ssa } from "../helpers/build.js";
import { diamond, irreducible, loop } from "./examples.js";

const N = (n: number) => n as Node;

describe("CFG / CFG_wf", () => {
  it("vars are the used variables only", () => {
    const b = cfg({ preds: [[], [0]], defs: { 0: ["x", "y"] }, uses: { 1: ["x"] } });
    expect([...vars(b.old)]).toEqual([b.varId("x")]);
  });
  it("def_ass_uses holds when every Entry path to a use defines the variable", () => {
    expect(def_ass_uses(loop().old)).toBe(true);
    expect(def_ass_uses(diamond().old)).toBe(true);
  });
  /** 0: if ... 1: x := ... ; 2: (nothing); 3: use x  -- the path 0,2,3 misses the definition */
  it("def_ass_uses fails when one path misses the definition", () => {
    const b = cfg({ preds: [[], [0], [0], [1, 2]], defs: { 1: ["x"] }, uses: { 3: ["x"] } });
    expect(def_ass_uses(b.old)).toBe(false);
  });
  it("a definition at the use node itself counts (paths include both ends)", () => {
    const b = cfg({ preds: [[], [0]], defs: { 1: ["x"] }, uses: { 1: ["y"] } });
    expect(def_ass_uses(b.old)).toBe(false);
    const c = cfg({ preds: [[], [0]], defs: { 1: ["x"] }, uses: {} });
    expect(def_ass_uses(c.old)).toBe(true);
  });
  it("defs_uses_disjoint", () => {
    expect(defs_uses_disjoint(loop().old)).toBe(true);
    expect(defs_uses_disjoint(cfg({ preds: [[]], defs: { 0: ["x"] }, uses: { 0: ["x"] } }).old)).toBe(false);
  });
});

describe("CFG_SSA definitions", () => {
  const b = loop();
  const g = b.t!;
  const V = b.valId;
  it("phis, phiDefs, allDefs", () => {
    expect(g.phis(N(1), V("x.1"))).toEqual([V("x.0"), V("x.3")]);
    expect(g.phis(N(2), V("x.1"))).toBeUndefined();
    expect(phiDefs(g, N(1))).toEqual([V("x.1")]);
    expect(phiDefs(g, N(3))).toEqual([]);
    expect(allDefs(g, N(3))).toEqual([V("x.3")]);
    expect(allDefs(g, N(1))).toEqual([V("x.1")]);
  });
  it("phiUses locates argument i at predecessor i, not at the phi's node", () => {
    expect(phiUses(g, N(0))).toEqual([V("x.0")]);
    expect(phiUses(g, N(3))).toEqual([V("x.3")]);
    expect(phiUses(g, N(1))).toEqual([]);
    expect(allUses(g, N(3))).toEqual([V("x.3")]);
    expect(allUses(g, N(2))).toEqual([V("x.1")]);
  });
  it("with parallel edges both arguments are uses at the same predecessor", () => {
    const p = ssa(cfg({ preds: [[], [0, 0]], defs: { 0: ["x", "y"] }, uses: { 1: ["x"] } }), {
      defs: { 0: ["x.0", "y.0"] },
      uses: { 1: ["x.1"] },
      phis: { 1: [["x.1", ["x.0", "y.0"]]] },
      vars: { "y.0": "x" },
    });
    expect(new Set(phiUses(p.t!, N(0)))).toEqual(new Set([p.valId("x.0"), p.valId("y.0")]));
  });
  it("allVars, defNode, phi, phiArg", () => {
    expect(allVars(g).size).toBe(3);
    expect(defNode(g, V("x.1"))).toBe(1);
    expect(defNode(g, V("x.3"))).toBe(3);
    expect(phi(g, V("x.1"))).toEqual([V("x.0"), V("x.3")]);
    expect(phi(g, V("x.0"))).toBeUndefined();
    expect(phiArg(g, V("x.1"), V("x.3"))).toBe(true);
    expect(phiArg(g, V("x.1"), V("x.1"))).toBe(false);
  });
  it("defAss counts phi definitions", () => {
    expect(defAss(g, N(2), V("x.1"))).toBe(true);
    expect(defAss(g, N(2), V("x.3"))).toBe(false);
  });
});

describe("trivial phis", () => {
  it("x.1 = phi(x.0, x.1) is trivial; x.1 = phi(x.0, x.3) is not", () => {
    const t = ssa(cfg({ preds: [[], [0, 1]], defs: { 0: ["x"] }, uses: { 1: ["x"] } }), {
      defs: { 0: ["x.0"] },
      uses: { 1: ["x.1"] },
      phis: { 1: [["x.1", ["x.0", "x.1"]]] },
    });
    const V = t.valId;
    expect(isTrivialPhi(t.t!, V("x.1"), V("x.0"))).toBe(true);
    expect(isTrivialPhi(t.t!, V("x.1"), V("x.1"))).toBe(false);
    expect(trivial(t.t!, V("x.1"))).toBe(true);
    expect(redundant(t.t!)).toBe(true);
    const l = loop();
    expect(trivial(l.t!, l.valId("x.1"))).toBe(false);
    expect(redundant(l.t!)).toBe(false);
    expect(redundant(irreducible().t!)).toBe(false);
  });
});

describe("liveVal and pruned", () => {
  it("the loop is pruned", () => {
    const l = loop();
    expect(liveVal(l.t!, l.valId("x.3"))).toBe(true);
    expect(pruned(l.t!)).toBe(true);
  });
  /** a phi cycle that feeds no ordinary use is dead: liveness starts from simple uses only */
  it("a self-feeding phi cycle without a real use is not live", () => {
    const d = ssa(cfg({ preds: [[], [0, 2], [1]], defs: { 0: ["x"] } }), {
      defs: { 0: ["x.0"] },
      phis: { 1: [["x.1", ["x.0", "x.2"]]], 2: [] },
      vars: {},
    });
    const d2 = ssa(cfg({ preds: [[], [0, 1]], defs: { 0: ["x"] } }), {
      defs: { 0: ["x.0"] },
      phis: { 1: [["x.1", ["x.0", "x.1"]]] },
    });
    expect(liveVal(d2.t!, d2.valId("x.1"))).toBe(false);
    expect(pruned(d2.t!)).toBe(false);
    expect(pruned(d.t!)).toBe(false);
  });
});

describe("CFG_SSA and CFG_SSA_wf assumptions", () => {
  it("hold on the examples", () => {
    for (const b of [loop(), diamond(), irreducible()]) {
      const g = b.t!;
      expect(phis_wf(g)).toBe(true);
      expect(simpleDefs_phiDefs_disjoint(g)).toBe(true);
      expect(allDefs_disjoint(g)).toBe(true);
      expect(allUses_def_ass(g)).toBe(true);
      expect(Entry_no_phis(g)).toBe(true);
    }
  });
  it("each fails on a broken SSA", () => {
    const base = cfg({ preds: [[], [0, 2], [1]], defs: { 0: ["x"], 2: ["x"] }, uses: { 1: ["x"] } });
    const wrongArity = ssa(base, { defs: { 0: ["x.0"], 2: ["x.2"] }, uses: { 1: ["x.1"] }, phis: { 1: [["x.1", ["x.0"]]] } });
    expect(phis_wf(wrongArity.t!)).toBe(false);
    const simpleAndPhi = ssa(base, { defs: { 0: ["x.0"], 1: ["x.1"], 2: ["x.2"] }, uses: {}, phis: { 1: [["x.1", ["x.0", "x.2"]]] } });
    expect(simpleDefs_phiDefs_disjoint(simpleAndPhi.t!)).toBe(false);
    const twice = ssa(base, { defs: { 0: ["x.0"], 2: ["x.0"] }, uses: { 1: ["x.0"] } });
    expect(allDefs_disjoint(twice.t!)).toBe(false);
    const useBeforeDef = ssa(base, { defs: { 0: ["x.0"], 2: ["x.2"] }, uses: { 1: ["x.2"] } });
    expect(allUses_def_ass(useBeforeDef.t!)).toBe(false);
    const entryPhi = ssa(cfg({ preds: [[], [0]] }), { phis: { 0: [["x.0", []]] } });
    expect(Entry_no_phis(entryPhi.t!)).toBe(false);
  });
  /** a phi argument is used at the end of its predecessor: x.2 defined in 2 reaches the use at 2 */
  it("allUses_def_ass places phi uses at the predecessor", () => {
    expect(allUses_def_ass(loop().t!)).toBe(true);
  });
});

describe("CFG_SSA_Transformed assumptions", () => {
  it("hold on the examples", () => {
    for (const b of [loop(), diamond(), irreducible()]) {
      const g = b.t!;
      expect(oldDefs_def(g)).toBe(true);
      expect(oldUses_def(g)).toBe(true);
      expect(phis_same_var(g)).toBe(true);
      expect(allDefs_var_disjoint(g)).toBe(true);
      expect(conventional(g)).toBe(true);
      expect(def_ass_uses(old(g))).toBe(true);
    }
  });
  it("var maps values back to variables", () => {
    const l = loop();
    expect(l.t!.var(l.valId("x.3"))).toBe(l.varId("x"));
  });
  it("oldDefs_def and oldUses_def fail when a renaming changes the variable", () => {
    const base = cfg({ preds: [[], [0]], defs: { 0: ["x", "y"] }, uses: { 1: ["x"] } });
    const wrongUse = ssa(base, { defs: { 0: ["x.0", "y.0"] }, uses: { 1: ["y.0"] } });
    expect(oldUses_def(wrongUse.t!)).toBe(false);
    const wrongDef = ssa(base, { defs: { 0: ["x.0"] }, uses: { 1: ["x.0"] } });
    expect(oldDefs_def(wrongDef.t!)).toBe(false);
  });
  it("phis_same_var fails for a phi mixing variables", () => {
    const base = cfg({ preds: [[], [0], [0], [1, 2]], defs: { 0: ["x", "y"] }, uses: { 3: ["x"] } });
    const mixed = ssa(base, { defs: { 0: ["x.0", "y.0"] }, uses: { 3: ["x.3"] }, phis: { 3: [["x.3", ["x.0", "y.0"]]] } });
    expect(phis_same_var(mixed.t!)).toBe(false);
  });
  it("allDefs_var_disjoint fails for two versions of x at one node", () => {
    const base = cfg({ preds: [[], [0, 1]], defs: { 0: ["x"], 1: ["x"] }, uses: {} });
    const two = ssa(base, { defs: { 0: ["x.0"], 1: ["x.a"] }, phis: { 1: [["x.1", ["x.0", "x.a"]]] } });
    expect(allDefs_var_disjoint(two.t!)).toBe(false);
  });
  /**
   * 0: x.0 := ;  1: x.1 := ;  2: use x.0   -- x.1 interferes on the path from x.0's definition
   * to its use: not conventional, although definitely assigned.
   */
  it("conventional fails when another version of the variable lies on a def-use path", () => {
    const base = cfg({ preds: [[], [0], [1]], defs: { 0: ["x"], 1: ["x"] }, uses: { 2: ["x"] } });
    const bad = ssa(base, { defs: { 0: ["x.0"], 1: ["x.1"] }, uses: { 2: ["x.0"] } });
    expect(allUses_def_ass(bad.t!)).toBe(true);
    expect(conventional(bad.t!)).toBe(false);
    const good = ssa(base, { defs: { 0: ["x.0"], 1: ["x.1"] }, uses: { 2: ["x.1"] } });
    expect(conventional(good.t!)).toBe(true);
  });
});

describe("defAss' and definition dominance", () => {
  it("defAss' g m v: every Entry path to m defines v", () => {
    const b = cfg({ preds: [[], [0], [0], [1, 2]], defs: { 0: ["y"], 1: ["x"] }, uses: { 3: ["x"] } });
    expect(defAssPrime(b.old, 3 as Node, b.varId("y"))).toBe(true);
    expect(defAssPrime(b.old, 3 as Node, b.varId("x"))).toBe(false);
    expect(defAssPrime(b.old, 1 as Node, b.varId("x"))).toBe(true);
  });
  it("def_dominates and strict_def_dom compare the defining nodes", () => {
    const l = loop();
    const V = l.valId;
    expect(def_dominates(l.t!, V("x.0"), V("x.3"))).toBe(true);
    expect(strict_def_dom(l.t!, V("x.0"), V("x.3"))).toBe(true);
    expect(def_dominates(l.t!, V("x.3"), V("x.1"))).toBe(false);
    expect(def_dominates(l.t!, V("x.1"), V("x.1"))).toBe(true);
    expect(strict_def_dom(l.t!, V("x.1"), V("x.1"))).toBe(false);
  });
});

describe("the_trivial (SSA_CFG_code)", () => {
  it("returns the one other argument, or -1", () => {
    expect(the_trivial(1, [0, 1, 0], 0, 3)).toBe(0);
    expect(the_trivial(1, [0], 0, 1)).toBe(0);
    expect(the_trivial(1, [0, 2], 0, 2)).toBe(-1);
    expect(the_trivial(1, [1, 1], 0, 2)).toBe(-1);
  });
});
