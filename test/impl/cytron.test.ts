/**
 * Cytron et al.'s construction, pruned (impl/cytron.ts), as properties:
 * - validity: the output is a CFG_SSA_Transformed instance satisfying `equiv` (all validity
 *   checkers), on reducible and irreducible CFGs;
 * - quality: `pruned` and `cytronMinimal` on every definitely assigned CFG (Cytron et al.'s
 *   placement at DF+ is minimal, Choi et al.'s liveness filter makes it pruned);
 * - agreement with the verified construction: on reducible CFGs the same phis (node, variable) as
 *   `substAll (braun_ssa g)` (theorem `minimal` of Construct_SSA_notriv), never more on any CFG;
 * - scale: a 10^6-node chain (a 10^6-deep dominator tree) and the paper's 10^4 ifs, no recursion.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { certified, checkCfg, checkTransformed } from "../../checks/index.js";
import { arbitraryCfg, structuredCfg } from "../../fuzz/arbitraries/index.js";
import { isReducible } from "../../graph/reducible.js";
import { constructFast } from "../../impl/construct_fast.js";
import { constructCytron } from "../../impl/cytron.js";
import { substAllFast } from "../../impl/notriv_fast.js";
import { Def, ValTable } from "../../impl/ssa_val.js";
import type { FunctionDoc } from "../../io/format.js";
import { lowerCfg } from "../../io/lower.js";
import { readDocumentFile } from "../../api/node/files.js";
import type { Node, Val, Var } from "../../spec/ids.js";
import { cytronMinimal as literalCytronMinimal } from "../../spec/minimality.js";
import { Cfg, Graph, Rows, SsaCfg, Transformed } from "../../spec/model.js";
import { pruned as literalPruned } from "../../spec/ssa_cfg.js";
import { cfg } from "../helpers/build.js";
import { ssaArrays } from "../helpers/compare.js";
import { modelCfg, modelCfgSpec, toCfg } from "../helpers/random_model.js";
import { chain, nIfs } from "../../bench/families.js";

const RUNS = { numRuns: 300 };

const docs: fc.Arbitrary<FunctionDoc> = fc.oneof(
  structuredCfg({ maxStatements: 25 }),
  arbitraryCfg({ maxBlocks: 12, blockForm: "stmts" }),
  arbitraryCfg({ maxBlocks: 12, blockForm: "defs-uses" }),
  arbitraryCfg({ maxBlocks: 12, blockForm: "mixed" }),
);

function failing(t: Transformed): string[] {
  return checkTransformed(t)
    .filter((v) => !v.holds)
    .map((v) => v.property);
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

/** The phis as `node:variable`, sorted. */
function phiSet(ssa: SsaCfg, varOf: Int32Array): string[] {
  return ssa
    .phiKeys()
    .map(([n, v]) => `${n}:${varOf[v]}`)
    .sort();
}

describe("constructCytron on hand-made CFGs", () => {
  it("the diamond: one phi at the join, arguments in predecessor order", () => {
    // 0: x := ; 1: x := ; 2: x := ; 3 (preds 1, 2): use x
    const b = cfg({ preds: [[], [0], [0], [1, 2]], defs: { 0: ["x"], 1: ["x"], 2: ["x"] }, uses: { 3: ["x"] } });
    const c = constructCytron(b.old);
    const x = b.varId("x");
    expect(c.ssa.phiKeys().map(([n]) => n)).toEqual([3]);
    const phi = c.ssa.phiDef[0] as Val;
    expect(c.ssa.phis(3 as Node, phi)).toEqual([c.vals.find(x, 1 as Node, Def.SimpleDef), c.vals.find(x, 2 as Node, Def.SimpleDef)]);
    expect(c.ssa.uses(3 as Node)).toEqual([phi]);
    expect(certified(checkTransformed(c.transformed), ["pruned", "cytronMinimal", "no_trivial_phis"])).toBe(true);
  });
  it("the loop: the phi at the header, none for a variable dead there (pruning)", () => {
    // 0: x, y := ; 1 (preds 0, 3): header; 2: use x; 3: x := , y := ; 4: (exit) nothing
    const b = cfg({ preds: [[], [0, 3], [1], [2], [1]], defs: { 0: ["x", "y"], 3: ["x", "y"] }, uses: { 2: ["x"] } });
    const c = constructCytron(b.old);
    expect(phiSet(c.ssa, c.transformed.varOf)).toEqual([`1:${b.varId("x")}`]);
    expect(certified(checkTransformed(c.transformed), ["pruned", "cytronMinimal"])).toBe(true);
  });
  it("parallel edges: every in-edge from the same predecessor gets its own (equal) argument", () => {
    // 0: x := ; 1 (preds 0, 2, 2): header; 2 (pred 1): x := ; 3 (pred 1): use x
    const b = cfg({ preds: [[], [0, 2, 2], [1], [1]], defs: { 0: ["x"], 2: ["x"] }, uses: { 3: ["x"], 2: [] } });
    const c = constructCytron(b.old);
    const x = b.varId("x");
    const [[n, phi]] = c.ssa.phiKeys();
    expect(n).toBe(1);
    const d2 = c.vals.find(x, 2 as Node, Def.SimpleDef);
    expect(c.ssa.phis(1 as Node, phi)).toEqual([c.vals.find(x, 0 as Node, Def.SimpleDef), d2, d2]);
    expect(certified(checkTransformed(c.transformed), ["pruned", "cytronMinimal"])).toBe(true);
  });
  it("garbage in: a use that is not definitely assigned reads (x, Entry, PhiDef), an Entry phi without arguments, as the functional construction does; rejected", () => {
    // 0: nothing; 1: use x
    const b = cfg({ preds: [[], [0]], uses: { 1: ["x"] } });
    const c = constructCytron(b.old);
    const x = b.varId("x");
    const e = c.vals.find(x, 0 as Node, Def.PhiDef);
    expect(e).toBeGreaterThanOrEqual(0);
    expect(c.ssa.uses(1 as Node)).toEqual([e]);
    expect(c.ssa.phis(0 as Node, e)).toEqual([]);
    expect(ssaArrays(c.ssa)).toEqual(ssaArrays(constructFast(b.old).ssa));
    expect(certified(checkTransformed(c.transformed))).toBe(false);
  });
});

describe("constructCytron on random CFGs", () => {
  it("CFG_SSA_Transformed, equiv, pruned and cytronMinimal on random model CFGs (reducible and irreducible); the literal pruned and cytronMinimal agree", () => {
    let irreducible = 0;
    fc.assert(
      fc.property(modelCfg({ maxNodes: 7, maxVars: 3 }), (g) => {
        const c = constructCytron(g);
        expect(failing(c.transformed)).toEqual([]);
        expect(literalPruned(c.transformed)).toBe(true);
        expect(literalCytronMinimal(c.transformed)).toBe(true);
        if (!isReducible(g.graph)) irreducible++;
      }),
      RUNS,
    );
    expect(irreducible).toBeGreaterThan(10);
  });
  it("certified with pruned and cytronMinimal on random exchange-format CFGs, lowered through io (structured and arbitrary graphs, both block forms)", () => {
    let reducible = 0;
    let irreducible = 0;
    fc.assert(
      fc.property(docs, (doc) => {
        const g = lowerCfg(doc, "random.json", "f").cfg;
        const c = constructCytron(g);
        expect(certified(checkTransformed(c.transformed), ["pruned", "cytronMinimal"]), failing(c.transformed).join(", ")).toBe(true);
        if (isReducible(g.graph)) reducible++;
        else irreducible++;
      }),
      RUNS,
    );
    expect(reducible).toBeGreaterThan(30);
    expect(irreducible).toBeGreaterThan(10);
  });
  it("every phi is also free of triviality and no redundant phi set remains (no_trivial_phis, no_redundant_set)", () => {
    fc.assert(
      fc.property(fc.oneof(modelCfg({ maxNodes: 8, maxVars: 3 }), docs.map((d) => lowerCfg(d, "random.json", "f").cfg)), (g) => {
        const c = constructCytron(g);
        expect(certified(checkTransformed(c.transformed), ["no_trivial_phis", "no_redundant_set"]), failing(c.transformed).join(", ")).toBe(true);
      }),
      RUNS,
    );
  });
  it("garbage in, garbage out: without Entry's definitions, Cytron creates an Entry phi for exactly the variables the functional construction does (those live at Entry), and the output is certified iff the input is definitely assigned", () => {
    let rejected = 0;
    fc.assert(
      fc.property(modelCfgSpec({ maxNodes: 7, maxVars: 2 }), (spec) => {
        const g = toCfg({ ...spec, defs: [[], ...spec.defs.slice(1)] });
        const c = constructCytron(g);
        const f = constructFast(g);
        const entryPhiVars = (ssa: SsaCfg, varOf: Int32Array) => ssa.phiKeys().filter(([n]) => n === g.Entry).map(([, v]) => varOf[v]).sort();
        expect(entryPhiVars(c.ssa, c.transformed.varOf)).toEqual(entryPhiVars(f.ssa, f.transformed.varOf));
        const defAss = checkCfg(g).every((v) => v.holds);
        expect(certified(checkTransformed(c.transformed), ["pruned", "cytronMinimal"])).toBe(defAss);
        if (!defAss) rejected++;
      }),
      RUNS,
    );
    expect(rejected).toBeGreaterThan(30);
  });
});

describe("constructCytron against the verified construction with substAll", () => {
  const anyCfg: fc.Arbitrary<Cfg> = fc.oneof(modelCfg({ maxNodes: 8, maxVars: 3 }), docs.map((d) => lowerCfg(d, "random.json", "f").cfg));
  it("minimal (Construct_SSA_notriv): on reducible CFGs, phiCount (substAll (braun_ssa g)) = phiCount (Cytron), with the same phis (node, variable)", () => {
    fc.assert(
      fc.property(
        anyCfg.filter((g) => isReducible(g.graph)),
        (g) => {
          const f = constructFast(g);
          const s = substAllFast(f.ssa);
          const c = constructCytron(g);
          expect(c.ssa.phiCount).toBe(s.phiCount);
          expect(phiSet(c.ssa, c.transformed.varOf)).toEqual(phiSet(s, f.transformed.varOf));
        },
      ),
      RUNS,
    );
  });
  it("on every CFG, Cytron's phis are a subset of substAll's (so phiCount (Cytron) <= phiCount (substAll (braun_ssa g)))", () => {
    let fewer = 0;
    fc.assert(
      fc.property(anyCfg, (g) => {
        const f = constructFast(g);
        const s = substAllFast(f.ssa);
        const c = constructCytron(g);
        expect(c.ssa.phiCount).toBeLessThanOrEqual(s.phiCount);
        const mine = new Set(phiSet(c.ssa, c.transformed.varOf));
        const theirs = new Set(phiSet(s, f.transformed.varOf));
        for (const k of mine) expect(theirs.has(k)).toBe(true);
        if (c.ssa.phiCount < s.phiCount) fewer++;
      }),
      RUNS,
    );
    // irreducible CFGs where substAll leaves a redundant phi SCC (Cytron strictly fewer) are common
    expect(fewer).toBeGreaterThan(0);
  });
  it("examples/irreducible.json: Cytron places 2 phis and is cytronMinimal; substAll (braun_ssa g) keeps 4 and is not", () => {
    const [doc] = readDocumentFile("examples/irreducible.json");
    const g = lowerCfg(doc, "irreducible.json", "irreducible").cfg;
    const c = constructCytron(g);
    expect(c.ssa.phiCount).toBe(2);
    expect(certified(checkTransformed(c.transformed), ["pruned", "cytronMinimal", "no_trivial_phis", "no_redundant_set"])).toBe(true);
    const f = constructFast(g);
    const s = substAllFast(f.ssa);
    expect(s.phiCount).toBe(4);
    expect(certified(checkTransformed(new Transformed(g, s, f.transformed.varOf)), ["cytronMinimal"])).toBe(false);
  });
  it("values are the ssaVals (var, node, Def) of the functional construction: on reducible CFGs every use and phi argument names the same value as in substAll (braun_ssa g)", () => {
    fc.assert(
      fc.property(
        anyCfg.filter((g) => isReducible(g.graph)),
        (g) => {
          const c = constructCytron(g);
          const f = constructFast(g);
          expect(keyed(c.ssa, c.vals)).toEqual(keyed(substAllFast(f.ssa), f.vals));
        },
      ),
      RUNS,
    );
  });
});

describe("constructCytron at scale, without recursion", () => {
  it("a chain of 10^6 nodes (dominator tree 10^6 deep) with one definition: no phis, the last use reads x.B0", () => {
    const low = lowerCfg(chain(1_000_000), "chain.json", "chain");
    const c = constructCytron(low.cfg);
    expect(c.ssa.phiCount).toBe(0);
    const x0 = c.vals.find(low.varIds.get("x")!, low.layout.stmtDefNode[0] as Node, Def.SimpleDef);
    expect(x0).toBeGreaterThanOrEqual(0);
    expect(c.ssa.uses((low.cfg.nodeCount - 1) as Node)).toEqual([x0]);
  });
  it("a chain of 10^6 nodes alternately defining and using x: a per-variable stack 5 * 10^5 deep", () => {
    const N = 1_000_000;
    const predStart = new Int32Array(N + 1);
    const predList = new Int32Array(N - 1);
    for (let n = 1; n < N; n++) {
      predStart[n + 1] = n;
      predList[n - 1] = n - 1;
    }
    const g = new Graph(N, 0 as Node, new Rows<Node>(predStart, predList));
    const defs = Rows.from<Var>(Array.from({ length: N }, (_, n) => (n % 2 === 0 ? [0] : [])));
    const uses = Rows.from<Var>(Array.from({ length: N }, (_, n) => (n % 2 === 1 ? [0] : [])));
    const c = constructCytron(new Cfg(g, 1, defs, uses));
    expect(c.ssa.phiCount).toBe(0);
    expect(c.vals.node(c.ssa.uses((N - 1) as Node)[0])).toBe(N - 2);
  });
  it("the paper's 10^4 consecutive ifs: no phis at all (argc is never redefined), certified", () => {
    const low = lowerCfg(nIfs(10_000), "ifs.json", "ifs");
    const c = constructCytron(low.cfg);
    expect(c.ssa.phiCount).toBe(0);
    expect(certified(checkTransformed(c.transformed), ["pruned", "cytronMinimal", "no_trivial_phis", "no_redundant_set"])).toBe(true);
  });
});
