import { describe, expect, it } from "vitest";
import { MalformedInput } from "../../spec/errors.js";
import { lowerCfg, lowerPair, lowerSsa } from "../../io/lower.js";
import { blk, cfgDoc, du, example, ssaDoc } from "./docs.js";

const varsOf = (l: ReturnType<typeof lowerSsa>) => Object.fromEntries(l.valNames.map((v, i) => [v, l.varNames[l.varOf[i]]]));

describe("resolving the variable of each SSA value", () => {
  /**
   * B0: x, y :=        a, b :=
   * B1: := x, y        := a, b
   */
  const orig = lowerCfg(cfgDoc([blk("B0", [], ["x, y :="]), blk("B1", ["B0"], [":= x, y"])]), "o.json", "f");

  it("positionally: the i-th def/use of statement j matches the original's", () => {
    const l = lowerSsa(ssaDoc([blk("B0", [], ["a, b :="]), blk("B1", ["B0"], [":= a, b"])]), "s.json", "f", orig);
    expect(varsOf(l)).toEqual({ a: "x", b: "y" });
    expect(l.varNames).toEqual(orig.varNames);
  });

  it("positionally in defs/uses blocks only where both sides have exactly one def or use", () => {
    const o = lowerCfg(cfgDoc([du("B0", [], ["x"], []), du("B1", ["B0"], [], ["x"])]), "o.json", "f");
    expect(varsOf(lowerSsa(ssaDoc([du("B0", [], ["a"], []), du("B1", ["B0"], [], ["a"])]), "s.json", "f", o))).toEqual({ a: "x" });
    const o2 = lowerCfg(cfgDoc([du("B0", [], ["x", "y"], [])]), "o.json", "f");
    expect(() => lowerSsa(ssaDoc([du("B0", [], ["a", "b"], [])]), "s.json", "f", o2)).toThrow(
      new MalformedInput(`s.json: function f, block B0: cannot infer the variable of value "a" (give it in "vars")`),
    );
  });

  it("explicit vars win over positions", () => {
    const l = lowerSsa(ssaDoc([blk("B0", [], ["a, b :="]), blk("B1", ["B0"], [":= a, b"])], { a: "y" }), "s.json", "f", orig);
    expect(varsOf(l)).toEqual({ a: "y", b: "y" });
  });

  /**
   * loop.ssa.json without "vars": x.0, x.2 by position; x.1 is used, so by position too.
   * Below, x.1 is never used: it gets x from its arguments; u, only an argument, gets x from the phi x.3.
   */
  it("through phis: from arguments to the phi, and from the phi to its other arguments", () => {
    const o = lowerCfg(example("loop"), "loop.json", "loop");
    const s = example("loop.ssa");
    delete s.vars;
    expect(varsOf(lowerSsa(s, "s.json", "loop", o))).toEqual({ "x.0": "x", "x.1": "x", "x.2": "x" });
    const dead = ssaDoc([
      blk("B0", [], ["x.0 :="]),
      blk("B1", ["B0", "B2"], [":= x.0"], [{ def: "x.1", args: ["x.0", "x.2"] }]),
      blk("B2", ["B1"], ["x.2 := x.0"]),
      blk("B3", ["B1"], [":= x.3"], [{ def: "x.3", args: ["u"] }]),
    ]);
    expect(varsOf(lowerSsa(dead, "s.json", "loop", o))).toEqual({ "x.0": "x", "x.1": "x", "x.2": "x", "x.3": "x", u: "x" });
  });

  it("without an original, a value of unknown variable is its own variable", () => {
    const l = lowerSsa(ssaDoc([blk("B0", [], ["a, b := c"])], { a: "x", c: "x" }), "s.json", "f");
    expect(varsOf(l)).toEqual({ a: "x", b: "b", c: "x" });
    expect(l.varNames).toEqual(["x", "b"]);
  });

  it("with an original, a value whose variable cannot be inferred is malformed, named by its first place", () => {
    const s = ssaDoc([blk("B0", [], ["a, b, c :="]), blk("B1", ["B0"], [":= a, b"])]);
    expect(() => lowerSsa(s, "s.json", "f", orig)).toThrow(
      new MalformedInput(`s.json: function f, block B0, statement 0: cannot infer the variable of value "c" (give it in "vars")`),
    );
  });

  it("new variables are appended to the original's; the pair widens the original's variable count", () => {
    const p = lowerPair(orig.fn, ssaDoc([blk("B0", [], ["a, b :="]), blk("B1", ["B0"], [":= a, b"])], { b: "z" }), "o.json", "s.json", "f");
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.ssa.varNames).toEqual(["x", "y", "z"]);
    expect(Array.from(p.ssa.varOf)).toEqual([0, 2]);
    expect(p.transformed.old.varCount).toBe(3);
    expect(p.orig.cfg.varCount).toBe(2);
  });
});
