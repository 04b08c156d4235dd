import { describe, expect, it } from "vitest";
import type { Node } from "../../spec/ids.js";
import {
  cytronMinimal,
  necessaryPhi,
  necessaryPhiPrime,
  necessaryPhiWitness,
  pathsConverge,
  pathsConvergePrime,
  phiCount,
  reducible,
  unnecessaryPhi,
} from "../../spec/minimality.js";
import { path2 } from "../../spec/graph_path.js";
import { cfg, ssa } from "../helpers/build.js";
import { diamond, irreducible, loop } from "./examples.js";

const N = (n: number) => n as Node;

describe("pathsConverge", () => {
  const g = diamond().graph;
  it("holds for two paths that meet only at their end", () => {
    expect(pathsConverge(g, N(2), [2, 4].map(N), N(0), [0, 1, 3, 4].map(N), N(4))).toBe(true);
    expect(pathsConvergePrime(g, N(2), [2, 4].map(N), N(0), [0, 1, 3, 4].map(N), N(4))).toBe(true);
  });
  it("fails when the paths share an inner node, start at one node, or are trivial", () => {
    expect(pathsConverge(g, N(0), [0, 1, 2, 4].map(N), N(2), [2, 4].map(N), N(4))).toBe(false);
    expect(pathsConvergePrime(g, N(0), [0, 1, 2, 4].map(N), N(2), [2, 4].map(N), N(4))).toBe(false);
    expect(pathsConverge(g, N(0), [0, 1, 2, 4].map(N), N(0), [0, 1, 3, 4].map(N), N(4))).toBe(false);
    expect(pathsConverge(g, N(4), [4].map(N), N(2), [2, 4].map(N), N(4))).toBe(false);
  });
});

describe("necessaryPhi and cytronMinimal", () => {
  it("the diamond's join needs a phi for x; its branch does not", () => {
    const d = diamond();
    const x = d.varId("x");
    expect(necessaryPhi(d.t!, x, N(4))).toBe(true);
    const w = necessaryPhiWitness(d.t!, x, N(4))!;
    expect(path2(d.graph, w.n, w.ns, N(4)) && path2(d.graph, w.m, w.ms, N(4))).toBe(true);
    expect(necessaryPhi(d.t!, x, N(1))).toBe(false);
    expect(necessaryPhi(d.t!, d.varId("y"), N(4))).toBe(false);
    expect(cytronMinimal(d.t!)).toBe(true);
    expect(cytronMinimal(loop().t!)).toBe(true);
  });
  /** 0: x := ; 1: loop header x.1 = phi(x.0, x.1); 2: use x -- one definition only, the phi is unnecessary */
  it("a phi merging one definition is unnecessary", () => {
    const b = ssa(cfg({ preds: [[], [0, 2], [1]], defs: { 0: ["x"] }, uses: { 2: ["x"] } }), {
      defs: { 0: ["x.0"] },
      uses: { 2: ["x.1"] },
      phis: { 1: [["x.1", ["x.0", "x.1"]]] },
    });
    expect(unnecessaryPhi(b.t!, b.valId("x.1"))).toBe(true);
    expect(cytronMinimal(b.t!)).toBe(false);
  });
  it("the irreducible pair has no trivial phi and is still not minimal", () => {
    const i = irreducible();
    expect(cytronMinimal(i.t!)).toBe(false);
  });
  it("phiCount", () => {
    expect(phiCount(irreducible().t!)).toBe(2);
    expect(phiCount(loop().t!)).toBe(1);
  });
});

describe("reducible", () => {
  it("loops and diamonds are reducible; a cycle with two entries is not", () => {
    expect(reducible(loop().graph)).toBe(true);
    expect(reducible(diamond().graph)).toBe(true);
    expect(reducible(irreducible().graph)).toBe(false);
    expect(reducible(cfg({ preds: [[], [0, 1]] }).graph)).toBe(true);
  });
});

describe("necessaryPhi' and converging cycles", () => {
  /** 0: x := ; 1: x := (loop header, preds 0 and 1): x defined at 0 and at 1 itself converge at 1 */
  it("a path may start at the join itself and come back around a cycle", () => {
    const b = cfg({ preds: [[], [0, 1]], defs: { 0: ["x"], 1: ["x"] } });
    expect(pathsConverge(b.graph, N(1), [1, 1].map(N), N(0), [0, 1].map(N), N(1))).toBe(true);
    const s = ssa(b, { defs: { 0: ["x.0"], 1: ["x.a"] }, phis: { 1: [["x.1", ["x.0", "x.a"]]] } });
    expect(necessaryPhiPrime(s.t!, s.valId("x.1"))).toBe(true);
    expect(unnecessaryPhi(s.t!, s.valId("x.1"))).toBe(false);
  });
});
