/**
 * Aycock and Horspool's crude construction (impl/aycock_horspool.ts), as properties:
 * - validity: the crude output is a CFG_SSA_Transformed instance satisfying `equiv` (all
 *   validity checkers), on reducible and irreducible CFGs; it is neither pruned nor minimal;
 * - placement: a phi of `x` exactly at the joins not defining `x` where `x` is definitely assigned
 *   at the end of every predecessor (the literal `defAss'`);
 * - minimisation by the caller: after `substAll` no trivial phis (`not_redundant`), after
 *   `removeDeadPhis` also `pruned`, and on reducible CFGs the same phis as Cytron's pruned
 *   minimal SSA (Aycock and Horspool's minimality claim for reducible CFGs);
 * - scale: a 10^6-node chain and the paper's 10^4 ifs, no recursion.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chain, nIfs } from "../../bench/families.js";
import { certified, checkTransformed } from "../../checks/index.js";
import { arbitraryCfg, structuredCfg } from "../../fuzz/arbitraries/index.js";
import { isReducible } from "../../graph/reducible.js";
import { constructAycockHorspool } from "../../impl/aycock_horspool.js";
import { constructCytron } from "../../impl/cytron.js";
import { substAllFast } from "../../impl/notriv_fast.js";
import { removeDeadPhis } from "../../impl/prune.js";
import { Def, ValTable } from "../../impl/ssa_val.js";
import type { FunctionDoc } from "../../io/format.js";
import { lowerCfg } from "../../io/lower.js";
import type { Node, Val, Var } from "../../spec/ids.js";
import { Cfg, Rows, SsaCfg, Transformed } from "../../spec/model.js";
import { defAssPrime } from "../../spec/ssa_cfg.js";
import { cfg } from "../helpers/build.js";
import { modelCfg, modelCfgSpec, toCfg } from "../helpers/random_model.js";

const RUNS = { numRuns: 300 };
const QUALITY = ["pruned", "no_trivial_phis", "cytronMinimal", "no_redundant_set"];

const docs: fc.Arbitrary<FunctionDoc> = fc.oneof(
  structuredCfg({ maxStatements: 25 }),
  arbitraryCfg({ maxBlocks: 12, blockForm: "stmts" }),
  arbitraryCfg({ maxBlocks: 12, blockForm: "defs-uses" }),
  arbitraryCfg({ maxBlocks: 12, blockForm: "mixed" }),
);
const anyCfg: fc.Arbitrary<Cfg> = fc.oneof(modelCfg({ maxNodes: 8, maxVars: 3 }), docs.map((d) => lowerCfg(d, "random.json", "f").cfg));

function failing(t: Transformed, allowed: readonly string[] = QUALITY): string[] {
  return checkTransformed(t)
    .filter((v) => !v.holds && !allowed.includes(v.property))
    .map((v) => v.property);
}

function phiSet(ssa: SsaCfg, varOf: Int32Array): string[] {
  return ssa
    .phiKeys()
    .map(([n, v]) => `${n}:${varOf[v]}`)
    .sort();
}

/** Defs, uses and phis with every value written as its ssaVal `var/node/def`, independent of numbering. */
function keyed(ssa: SsaCfg, vals: ValTable) {
  const k = (v: number) => `${vals.var(v as Val)}/${vals.node(v as Val)}/${vals.def(v as Val)}`;
  const rows = (r: Rows<number>) => r.toArrays().map((row) => row.map(k).sort());
  return {
    defs: rows(ssa.defRows),
    uses: rows(ssa.useRows),
    phis: ssa
      .phiKeys()
      .map(([n, v]) => `${n} ${k(v)} = phi(${ssa.phis(n, v)!.map(k).join(", ")})`)
      .sort(),
  };
}

describe("constructAycockHorspool on hand-made CFGs", () => {
  // 0: x, y := ; 1 (preds 0, 3): header; 2: use x; 3: x := , y := ; 4: exit
  const loop = cfg({ preds: [[], [0, 3], [1], [2], [1]], defs: { 0: ["x", "y"], 3: ["x", "y"] }, uses: { 2: ["x"] } });
  it("the loop: a phi for every variable at the join, also the dead y (valid, not pruned); removeDeadPhis after substAll leaves x's", () => {
    const c = constructAycockHorspool(loop.old);
    const [x, y] = [loop.varId("x"), loop.varId("y")];
    expect(phiSet(c.ssa, c.transformed.varOf)).toEqual([`1:${x}`, `1:${y}`]);
    const yPhi = c.vals.find(y, 1 as Node, Def.PhiDef);
    expect(c.ssa.phis(1 as Node, yPhi)).toEqual([c.vals.find(y, 0 as Node, Def.SimpleDef), c.vals.find(y, 3 as Node, Def.SimpleDef)]);
    const verdicts = checkTransformed(c.transformed);
    expect(certified(verdicts)).toBe(true);
    expect(certified(verdicts, ["pruned"])).toBe(false);
    const m = removeDeadPhis(substAllFast(c.ssa));
    expect(phiSet(m, c.transformed.varOf)).toEqual([`1:${x}`]);
  });
  it("undef deviation: no phi where a predecessor has no value; single-predecessor nodes pass the value through", () => {
    // 0: nothing; 1 (pred 0): x := ; 2 (pred 0): nothing; 3 (preds 1, 2): nothing; 4 (pred 1): use x
    const b = cfg({ preds: [[], [0], [0], [1, 2], [1]], defs: { 1: ["x"] }, uses: { 4: ["x"] } });
    const c = constructAycockHorspool(b.old);
    expect(c.ssa.phiCount).toBe(0);
    expect(c.ssa.uses(4 as Node)).toEqual([c.vals.find(b.varId("x"), 1 as Node, Def.SimpleDef)]);
    expect(certified(checkTransformed(c.transformed), QUALITY)).toBe(true);
  });
  it("garbage in: a use that is not definitely assigned reads an Entry phi without arguments; rejected", () => {
    const b = cfg({ preds: [[], [0]], uses: { 1: ["x"] } });
    const c = constructAycockHorspool(b.old);
    const e = c.vals.find(b.varId("x"), 0 as Node, Def.PhiDef);
    expect(c.ssa.uses(1 as Node)).toEqual([e]);
    expect(c.ssa.phis(0 as Node, e)).toEqual([]);
    expect(certified(checkTransformed(c.transformed))).toBe(false);
  });
});

describe("constructAycockHorspool on random CFGs", () => {
  it("crude placement: a phi of x at n iff n has >= 2 predecessors, does not define x, and x is definitely assigned at the end of each (literal defAss'), also on CFGs that are not definitely assigned", () => {
    fc.assert(
      fc.property(modelCfgSpec({ maxNodes: 7, maxVars: 3 }), fc.boolean(), (spec, entryDefines) => {
        const g = toCfg(entryDefines ? spec : { ...spec, defs: [[], ...spec.defs.slice(1)] });
        const c = constructAycockHorspool(g);
        const want: string[] = [];
        for (let n = 0; n < g.nodeCount; n++) {
          const ps = g.predecessors(n as Node);
          if (n === g.Entry || ps.length < 2) continue;
          for (let x = 0; x < g.varCount; x++)
            if (!g.defs(n as Node).includes(x as Var) && ps.every((p) => defAssPrime(g, p, x as Var))) want.push(`${n}:${x}`);
        }
        // Entry phis are the garbage marker of uses without a value, not placed phis
        const placed = c.ssa.phiKeys().filter(([n]) => n !== g.Entry);
        expect(placed.map(([n, v]) => `${n}:${c.transformed.varOf[v]}`).sort()).toEqual(want.sort());
      }),
      RUNS,
    );
  });
  it("braun_ssa_CFG_SSA_Transformed and equiv for the crude output: certified (validity only) on random model and exchange-format CFGs", () => {
    let irreducible = 0;
    let unpruned = 0;
    fc.assert(
      fc.property(anyCfg, (g) => {
        const c = constructAycockHorspool(g);
        expect(failing(c.transformed)).toEqual([]);
        if (!isReducible(g.graph)) irreducible++;
        if (!certified(checkTransformed(c.transformed), ["pruned"])) unpruned++;
      }),
      RUNS,
    );
    expect(irreducible).toBeGreaterThan(10);
    expect(unpruned).toBeGreaterThan(10);
  });
  it("not_redundant: after substAll the output is certified and has no trivial phis", () => {
    fc.assert(
      fc.property(anyCfg, (g) => {
        const c = constructAycockHorspool(g);
        const t = new Transformed(g, substAllFast(c.ssa), c.transformed.varOf);
        expect(failing(t, ["pruned", "cytronMinimal", "no_redundant_set"])).toEqual([]);
      }),
      RUNS,
    );
  });
  it("after substAll and removeDeadPhis: certified, pruned, no trivial phis; on reducible CFGs cytronMinimal with Cytron's phis and values", () => {
    let reducible = 0;
    fc.assert(
      fc.property(anyCfg, (g) => {
        const c = constructAycockHorspool(g);
        const m = removeDeadPhis(substAllFast(c.ssa));
        const t = new Transformed(g, m, c.transformed.varOf);
        const red = isReducible(g.graph);
        expect(failing(t, red ? [] : ["cytronMinimal", "no_redundant_set"])).toEqual([]);
        const cy = constructCytron(g);
        expect(m.phiCount).toBeGreaterThanOrEqual(cy.ssa.phiCount);
        if (red) {
          reducible++;
          expect(m.phiCount).toBe(cy.ssa.phiCount);
          expect(phiSet(m, c.transformed.varOf)).toEqual(phiSet(cy.ssa, cy.transformed.varOf));
          expect(keyed(m, c.vals)).toEqual(keyed(cy.ssa, cy.vals));
        }
      }),
      RUNS,
    );
    expect(reducible).toBeGreaterThan(100);
  });
});

describe("constructAycockHorspool at scale, without recursion", () => {
  it("a chain of 10^6 nodes: no joins, no phis, the last use reads x.B0", () => {
    const low = lowerCfg(chain(1_000_000), "chain.json", "chain");
    const c = constructAycockHorspool(low.cfg);
    expect(c.ssa.phiCount).toBe(0);
    const x0 = c.vals.find(low.varIds.get("x")!, low.layout.stmtDefNode[0] as Node, Def.SimpleDef);
    expect(x0).toBeGreaterThanOrEqual(0);
    expect(c.ssa.uses((low.cfg.nodeCount - 1) as Node)).toEqual([x0]);
  });
  it("the paper's 10^4 consecutive ifs: 10^4 crude phis (one per join), certified; none left after substAll and removeDeadPhis", () => {
    const low = lowerCfg(nIfs(10_000), "ifs.json", "ifs");
    const c = constructAycockHorspool(low.cfg);
    expect(c.ssa.phiCount).toBe(10_000);
    expect(failing(c.transformed)).toEqual([]);
    const m = removeDeadPhis(substAllFast(c.ssa));
    expect(m.phiCount).toBe(0);
    expect(certified(checkTransformed(new Transformed(low.cfg, m, c.transformed.varOf)), QUALITY)).toBe(true);
  });
});
