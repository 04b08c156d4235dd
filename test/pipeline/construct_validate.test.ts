/**
 * End to end through the exchange format: random CFGs (structured, hence reducible, and
 * arbitrary graphs with irreducible cycles, parallel edges and self-loops, in both block forms)
 * are constructed, written as SSA documents, read back, paired with their original and
 * certified by the exact checkers. The theorems the checkers decide here:
 * - braun_ssa_CFG_SSA_Transformed and phis'_pruned for the construction,
 * - not_redundant and pruned_invariant for substAll,
 * - minimal (cytronMinimal) for substAll on reducible CFGs.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { certified, checkTransformed } from "../../checks/index.js";
import { constructOne } from "../../api/construct.js";
import { arbitraryCfg, structuredCfg } from "../../fuzz/arbitraries/index.js";
import { isReducible } from "../../graph/reducible.js";
import type { FunctionDoc } from "../../io/format.js";
import { lowerPair } from "../../io/lower.js";
import { readDocumentText } from "../../io/read.js";
import { formatDocument } from "../../io/write.js";
import { chain, nIfs } from "../../bench/families.js";

const cfgs: fc.Arbitrary<FunctionDoc> = fc.oneof(
  structuredCfg({ maxStatements: 25 }),
  arbitraryCfg({ maxBlocks: 12, blockForm: "stmts" }),
  arbitraryCfg({ maxBlocks: 12, blockForm: "defs-uses" }),
  arbitraryCfg({ maxBlocks: 12, blockForm: "mixed" }),
);

function failed(doc: FunctionDoc, minimize: "none" | "trivial"): { failed: string[]; reducible: boolean; phis: number } {
  const c = constructOne(doc, "random.json", "f", { algorithm: "functional", minimize });
  const [back] = readDocumentText(formatDocument([c.doc]), "random.ssa.json");
  const pair = lowerPair(doc, back, "random.json", "random.ssa.json", "f");
  if (!pair.ok) return { failed: [`same_graph: ${pair.mismatch}`], reducible: false, phis: 0 };
  const verdicts = checkTransformed(pair.transformed);
  expect(certified(verdicts)).toBe(verdicts.every((v) => v.holds || ["pruned", "no_trivial_phis", "cytronMinimal", "no_redundant_set"].includes(v.property)));
  return { failed: verdicts.filter((v) => !v.holds).map((v) => v.property), reducible: isReducible(pair.transformed.graph), phis: c.ssa.phiCount };
}

describe("construct, write, read, validate", () => {
  it("the construction (no minimisation) is certified and pruned on 1000 random CFGs", () => {
    fc.assert(
      fc.property(cfgs, (doc) => {
        const r = failed(doc, "none");
        expect(r.failed.filter((p) => p !== "no_trivial_phis" && p !== "cytronMinimal" && p !== "no_redundant_set")).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });
  it("substAll's output is certified, pruned and free of trivial phis on 1000 random CFGs; cytronMinimal where reducible", () => {
    let reducible = 0;
    let irreducible = 0;
    fc.assert(
      fc.property(cfgs, (doc) => {
        const r = failed(doc, "trivial");
        const allowed = r.reducible ? [] : ["cytronMinimal", "no_redundant_set"];
        expect(r.failed.filter((p) => !allowed.includes(p))).toEqual([]);
        if (r.reducible) reducible++;
        else irreducible++;
      }),
      { numRuns: 1000 },
    );
    expect(reducible).toBeGreaterThan(100);
    expect(irreducible).toBeGreaterThan(10);
  });
});

describe("the paper's scaling test and a deep chain, without stack overflow", () => {
  it("10^4 consecutive if statements: 10^4 trivial phis placed, none left after substAll, certified", () => {
    const doc = nIfs(10_000);
    const c = constructOne(doc, "ifs.json", "ifs", { algorithm: "functional", minimize: "trivial" });
    expect(c.construction.ssa.phiCount).toBe(10_000);
    expect(c.ssa.phiCount).toBe(0);
    const pair = lowerPair(doc, c.doc, "ifs.json", "ifs.ssa.json", "ifs");
    expect(pair.ok && certified(checkTransformed(pair.transformed), ["pruned", "no_trivial_phis", "cytronMinimal", "no_redundant_set"])).toBe(true);
  });
  it("a chain of 10^6 single-predecessor blocks", () => {
    const c = constructOne(chain(1_000_000), "chain.json", "chain", { algorithm: "functional", minimize: "trivial" });
    expect(c.ssa.phiCount).toBe(0);
    expect(c.doc.blocks[999_999].stmts![0].uses).toEqual(["x.B0"]);
  });
});
