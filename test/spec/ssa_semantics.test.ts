import { describe, expect, it } from "vitest";
import type { Node } from "../../spec/ids.js";
import { equiv, equivCounterexample, sem, ssaSem, ssaStep, step } from "../../spec/ssa_semantics.js";
import { cfg, ssa } from "../helpers/build.js";
import { loop } from "./examples.js";

const N = (n: number) => n as Node;

describe("step and sem", () => {
  const l = loop();
  const g = l.t!;
  it("step records the node of the last definition", () => {
    const s = step(g, N(0), new Map());
    expect(s.get(l.varId("x"))).toBe(0);
    expect(step(g, N(2), s).get(l.varId("x"))).toBe(0);
  });
  it("sem folds step along a path from Entry, and rejects non-paths", () => {
    expect(sem(g, [0, 1, 2, 3, 1, 4].map(N))!.get(l.varId("x"))).toBe(3);
    expect(sem(g, [0, 1, 4].map(N))!.get(l.varId("x"))).toBe(0);
    expect(sem(g, [1, 4].map(N))).toBeUndefined();
    expect(sem(g, [0, 2].map(N))).toBeUndefined();
  });
});

describe("ssaStep and ssaSem", () => {
  const l = loop();
  const g = l.t!;
  const V = l.valId;
  it("a phi entered through edge i reads argument i in the pre-state", () => {
    const s0 = ssaStep(g, N(0), 0, new Map());
    expect(ssaStep(g, N(1), 0, s0).get(V("x.1"))).toBe(0);
    const s3 = new Map([...s0, [V("x.3"), N(3)]]);
    expect(ssaStep(g, N(1), 1, s3).get(V("x.1"))).toBe(3);
  });
  it("ssaSem follows the path", () => {
    const [s] = ssaSem(g, [0, 1, 2, 3, 1, 4].map(N));
    expect(s.get(V("x.1"))).toBe(3);
    expect(ssaSem(g, [1, 4].map(N))).toEqual([]);
  });
  it("parallel edges give one derivation per edge", () => {
    const p = ssa(cfg({ preds: [[], [0, 0]], defs: { 0: ["x", "y"] }, uses: { 1: ["x"] } }), {
      defs: { 0: ["x.a", "x.b"] },
      uses: { 1: ["x.1"] },
      phis: { 1: [["x.1", ["x.a", "x.b"]]] },
      vars: { "x.b": "y" },
    });
    expect(ssaSem(p.t!, [0, 1].map(N))).toHaveLength(2);
  });
});

describe("equiv", () => {
  it("holds for the loop along every path up to the bound", () => {
    expect(equiv(loop().t!, 10)).toBe(true);
  });
  it("fails when the loop phi's arguments are swapped, with the first broken path", () => {
    const base = cfg({ preds: [[], [0, 3], [1], [2], [1]], defs: { 0: ["x"], 3: ["x"] }, uses: { 1: ["x"], 2: ["x"], 4: ["x"] } });
    const swapped = ssa(base, {
      defs: { 0: ["x.0"], 3: ["x.3"] },
      uses: { 1: ["x.1"], 2: ["x.1"], 4: ["x.1"] },
      phis: { 1: [["x.1", ["x.3", "x.0"]]] },
    });
    const c = equivCounterexample(swapped.t!, 10)!;
    expect(c.ns).toEqual([0, 1]);
    expect(c.orig).toBe(0);
    expect(c.ssa).toBeUndefined();
    expect(equiv(swapped.t!, 10)).toBe(false);
  });
});
