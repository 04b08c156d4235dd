/**
 * Dead-phi elimination (impl/prune.ts), as properties:
 * - `liveVal`: exactly the phis whose value satisfies the literal inductive `liveVal`
 *   (spec/ssa_cfg.ts `liveVals`) are kept, and nothing else changes;
 * - `pruned` afterwards, and validity preserved (the output is still certified);
 * - idempotence, and the identity on SSA that is already pruned (the verified construction,
 *   theorem `phis'_pruned`) in canonical form.
 * Inputs with dead phis come from the crude construction of Aycock and Horspool, before and
 * after substAll.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nIfs } from "../../bench/families.js";
import { certified, checkTransformed } from "../../checks/index.js";
import { arbitraryCfg, structuredCfg } from "../../fuzz/arbitraries/index.js";
import { constructAycockHorspool } from "../../impl/aycock_horspool.js";
import { constructFast } from "../../impl/construct_fast.js";
import { substAllFast } from "../../impl/notriv_fast.js";
import { liveValues, removeDeadPhis } from "../../impl/prune.js";
import type { FunctionDoc } from "../../io/format.js";
import { lowerCfg } from "../../io/lower.js";
import type { Node, Val } from "../../spec/ids.js";
import { Cfg, Rows, SsaCfg, Transformed } from "../../spec/model.js";
import { liveVals, pruned as literalPruned } from "../../spec/ssa_cfg.js";
import { cfg, ssa as ssaOf } from "../helpers/build.js";
import { ssaArrays } from "../helpers/compare.js";
import { modelCfg } from "../helpers/random_model.js";

const RUNS = { numRuns: 300 };

const docs: fc.Arbitrary<FunctionDoc> = fc.oneof(
  structuredCfg({ maxStatements: 25 }),
  arbitraryCfg({ maxBlocks: 12, blockForm: "stmts" }),
  arbitraryCfg({ maxBlocks: 12, blockForm: "defs-uses" }),
  arbitraryCfg({ maxBlocks: 12, blockForm: "mixed" }),
);
const anyCfg: fc.Arbitrary<Cfg> = fc.oneof(modelCfg({ maxNodes: 8, maxVars: 3 }), docs.map((d) => lowerCfg(d, "random.json", "f").cfg));

/** SSA CFGs with dead phis: the crude construction, optionally after substAll. */
const withDeadPhis = (cfgs: fc.Arbitrary<Cfg>) =>
  fc.tuple(cfgs, fc.boolean()).map(([g, minimise]) => {
    const c = constructAycockHorspool(g);
    return { g, ssa: minimise ? substAllFast(c.ssa) : c.ssa, varOf: c.transformed.varOf };
  });

function failing(t: Transformed, allowed: readonly string[]): string[] {
  return checkTransformed(t)
    .filter((v) => !v.holds && !allowed.includes(v.property))
    .map((v) => v.property);
}

describe("removeDeadPhis on hand-made SSA", () => {
  it("dead phis (one unused, one feeding only itself) are removed; the live one stays", () => {
    // 0: x, y, z := ; 1 (preds 0, 3): loop header; 2 (pred 1): use x; 3 (pred 2): x, y := ; 4 (pred 1): exit
    const b = cfg({ preds: [[], [0, 3], [1], [2], [1]], defs: { 0: ["x", "y", "z"], 3: ["x", "y"] }, uses: { 2: ["x"] } });
    const s = ssaOf(b, {
      defs: { 0: ["x.0", "y.0", "z.0"], 3: ["x.3", "y.3"] },
      uses: { 2: ["x.1"] },
      phis: {
        1: [
          ["x.1", ["x.0", "x.3"]],
          ["y.1", ["y.0", "y.3"]],
          ["z.1", ["z.0", "z.1"]],
        ],
      },
    });
    const live = liveVals(s.ssa!);
    expect(["x.1", "y.1", "z.1"].map((v) => live.has(s.valId(v)))).toEqual([true, false, false]);
    const out = removeDeadPhis(s.ssa!);
    expect(out.phiKeys().map(([n, v]) => `${n}:${s.valName(v)}`)).toEqual(["1:x.1"]);
    expect(out.phis(1 as Node, s.valId("x.1"))).toEqual([s.valId("x.0"), s.valId("x.3")]);
    expect(certified(checkTransformed(new Transformed(s.old, out, s.t!.varOf)), ["pruned"])).toBe(true);
  });
  it("livePhi: a phi used only as an argument of a live phi is live", () => {
    // nested loops. 0: x := ; 1 (preds 0, 4): outer header; 2 (preds 1, 3): inner header;
    // 3 (pred 2): x := ; 4 (pred 2): back to 1; 5 (pred 1): use x
    const b = cfg({ preds: [[], [0, 4], [1, 3], [2], [2], [1]], defs: { 0: ["x"], 3: ["x"] }, uses: { 5: ["x"] } });
    const s = ssaOf(b, {
      defs: { 0: ["x.0"], 3: ["x.3"] },
      uses: { 5: ["x.1"] },
      phis: { 1: [["x.1", ["x.0", "x.2"]]], 2: [["x.2", ["x.1", "x.3"]]] },
    });
    const live = liveValues(s.ssa!);
    expect(["x.0", "x.1", "x.2", "x.3"].map((v) => live[s.valId(v)])).toEqual([1, 1, 1, 1]);
    expect(ssaArrays(removeDeadPhis(s.ssa!))).toEqual(ssaArrays(s.ssa!));
  });
});

describe("removeDeadPhis on random SSA", () => {
  it("liveVal: keeps exactly the phis whose value satisfies the literal liveVal; defs, uses and surviving arguments unchanged", () => {
    let removed = 0;
    fc.assert(
      fc.property(withDeadPhis(modelCfg({ maxNodes: 7, maxVars: 3 })), ({ ssa }) => {
        const live = liveVals(ssa);
        const out = removeDeadPhis(ssa);
        const want = ssa.phiKeys().filter(([, v]) => live.has(v));
        expect(out.phiKeys()).toEqual(want);
        for (const [n, v] of want) expect(out.phis(n, v)).toEqual(ssa.phis(n, v));
        expect(out.defRows.toArrays()).toEqual(ssa.defRows.toArrays());
        expect(out.useRows.toArrays()).toEqual(ssa.useRows.toArrays());
        expect(out.valCount).toBe(ssa.valCount);
        const mine = liveValues(ssa);
        for (let v = 0; v < ssa.valCount; v++) expect(mine[v] === 1).toBe(live.has(v as Val));
        removed += ssa.phiCount - out.phiCount;
      }),
      RUNS,
    );
    expect(removed).toBeGreaterThan(50);
  });
  it("pruned: the output is pruned (checker and literal) and still certified, on random model and exchange-format CFGs", () => {
    fc.assert(
      fc.property(withDeadPhis(anyCfg), ({ g, ssa, varOf }) => {
        const out = removeDeadPhis(ssa);
        const t = new Transformed(g, out, varOf);
        expect(failing(t, ["no_trivial_phis", "cytronMinimal", "no_redundant_set"])).toEqual([]);
        expect(certified(checkTransformed(t), ["pruned"])).toBe(true);
        if (g.nodeCount <= 12) expect(literalPruned(out)).toBe(true);
      }),
      RUNS,
    );
  });
  it("idempotent: removeDeadPhis (removeDeadPhis s) = removeDeadPhis s", () => {
    fc.assert(
      fc.property(withDeadPhis(anyCfg), ({ ssa }) => {
        const once = removeDeadPhis(ssa);
        expect(ssaArrays(removeDeadPhis(once))).toEqual(ssaArrays(once));
      }),
      RUNS,
    );
  });
  it("phis'_pruned: on the verified construction (already pruned, canonical) and after substAll it is the identity", () => {
    fc.assert(
      fc.property(anyCfg, (g) => {
        const f = constructFast(g).ssa;
        expect(ssaArrays(removeDeadPhis(f))).toEqual(ssaArrays(f));
        const s = substAllFast(f);
        expect(ssaArrays(removeDeadPhis(s))).toEqual(ssaArrays(s));
      }),
      RUNS,
    );
  });
  it("canonical form: phis out of order within a node come out by value id; duplicate uses are merged", () => {
    fc.assert(
      fc.property(withDeadPhis(modelCfg({ maxNodes: 7, maxVars: 3 })), ({ ssa }) => {
        // reverse every node's phis and duplicate every use
        const order: number[] = [];
        for (let n = 0; n < ssa.nodeCount; n++) for (let p = ssa.phiStart[n + 1] - 1; p >= ssa.phiStart[n]; p--) order.push(p);
        const shuffled = new SsaCfg(
          ssa.graph,
          ssa.valCount,
          ssa.defRows,
          Rows.from(ssa.useRows.toArrays().map((r) => [...r, ...r].reverse())),
          ssa.phiStart,
          Int32Array.from(order, (p) => ssa.phiDef[p]),
          Rows.from(order.map((p) => ssa.args.row(p))),
        );
        expect(ssaArrays(removeDeadPhis(shuffled))).toEqual(ssaArrays(removeDeadPhis(ssa)));
      }),
      RUNS,
    );
  });
});

describe("removeDeadPhis at scale", () => {
  it("the crude SSA of 10^4 ifs with 20 unused variables: 210 000 phis, the 200 000 dead ones removed (no wall-clock assertion: the bench measures the cost)", () => {
    const doc = nIfs(10_000);
    doc.blocks[0].stmts![0].defs.push(...Array.from({ length: 20 }, (_, i) => `dead${i}`));
    const low = lowerCfg(doc, "ifs.json", "ifs");
    const c = constructAycockHorspool(low.cfg);
    expect(c.ssa.phiCount).toBe(21 * 10_000);
    const out = removeDeadPhis(c.ssa);
    expect(out.phiCount).toBe(10_000); // argc's phis are live (used after every join), all dead ones gone
    expect(certified(checkTransformed(new Transformed(low.cfg, out, c.transformed.varOf)), ["pruned"])).toBe(true);
  });
});
