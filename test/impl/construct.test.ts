import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { construct, lookupDef, phiDefNodes } from "../../impl/construct.js";
import { allPhiDefNodes, constructFast } from "../../impl/construct_fast.js";
import { substAll } from "../../impl/notriv.js";
import { substAllFast } from "../../impl/notriv_fast.js";
import { Def } from "../../impl/ssa_val.js";
import type { Node, Var } from "../../spec/ids.js";
import { Cfg, Graph, Rows, Transformed } from "../../spec/model.js";
import { ssaArrays } from "../helpers/compare.js";
import { modelCfg } from "../helpers/random_model.js";
import { cfg } from "../helpers/build.js";

const RUNS = { numRuns: 500 };

describe("phiDefNodes and lookupDef on the loop", () => {
  /** 0: x := ; 1: while header (preds 0, 3); 2: use x; 3: x := ; 4: use x */
  const b = cfg({ preds: [[], [0, 3], [1], [2], [1]], defs: { 0: ["x"], 3: ["x"] }, uses: { 2: ["x"], 4: ["x"] } });
  const x = b.varId("x");
  it("places the phi at the loop header only", () => {
    expect([...phiDefNodes(b.old, x)]).toEqual([1]);
  });
  it("lookupDef walks single-predecessor chains to a definition or a join", () => {
    expect(lookupDef(b.old, 2 as Node, x)).toEqual([x, 1, Def.PhiDef]);
    expect(lookupDef(b.old, 3 as Node, x)).toEqual([x, 3, Def.SimpleDef]);
    expect(lookupDef(b.old, 0 as Node, x)).toEqual([x, 0, Def.SimpleDef]);
  });
  it("the construction gives x.1 = phi(x.0, x.3) at the header", () => {
    const c = construct(b.old);
    const [p] = c.ssa.phiKeys();
    expect(p[0]).toBe(1);
    expect(c.ssa.phis(1 as Node, p[1])!.map((v) => [c.vals.node(v), c.vals.def(v)])).toEqual([
      [0, Def.SimpleDef],
      [3, Def.SimpleDef],
    ]);
  });
});

describe("efficient refinements give identical output", () => {
  it("constructFast = construct (phiDefNodes by backward search, memoised lookupDef)", () => {
    fc.assert(
      fc.property(modelCfg(), (g) => {
        expect(ssaArrays(constructFast(g).ssa)).toEqual(ssaArrays(construct(g).ssa));
      }),
      RUNS,
    );
  });
  it("allPhiDefNodes = phiDefNodes for every variable", () => {
    fc.assert(
      fc.property(modelCfg({ maxVars: 3 }), (g) => {
        const rows = allPhiDefNodes(g);
        for (let v = 0; v < g.varCount; v++) expect(rows.row(v)).toEqual([...phiDefNodes(g, v as Var)].sort((a, b) => a - b));
      }),
      RUNS,
    );
  });
  it("substAllFast = substAll (worklist with the same Max choice)", () => {
    fc.assert(
      fc.property(modelCfg(), (g) => {
        const c = constructFast(g);
        expect(ssaArrays(substAllFast(c.ssa))).toEqual(ssaArrays(substAll(c.ssa)));
      }),
      RUNS,
    );
  });
});

describe("no stack overflow at scale", () => {
  it("a chain of 10^6 single-predecessor nodes", () => {
    const N = 1_000_000;
    const predStart = new Int32Array(N + 1);
    const predList = new Int32Array(N - 1);
    for (let n = 1; n < N; n++) {
      predStart[n + 1] = n;
      predList[n - 1] = n - 1;
    }
    predStart[1] = 0;
    const g = new Graph(N, 0 as Node, new Rows<Node>(predStart, predList));
    const uses = Rows.from<Var>(Array.from({ length: N }, (_, n) => (n === 0 ? [] : [0])));
    const defs = Rows.from<Var>(Array.from({ length: N }, (_, n) => (n === 0 ? [0] : [])));
    const c = constructFast(new Cfg(g, 1, defs, uses));
    expect(c.ssa.phiCount).toBe(0);
    expect(c.ssa.uses((N - 1) as Node)).toEqual([0]);
    expect(c.vals.node(0 as never)).toBe(0);
    expect(substAllFast(c.ssa).phiCount).toBe(0);
    expect(c.transformed).toBeInstanceOf(Transformed);
  });
});
