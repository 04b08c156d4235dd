/**
 * `--undef refine` under each producer's own semantics (`sound_refinement`, api/producers.ts): a
 * use that equiv certifies only because the original reads uninitialised content there is
 * judged by what the producer's language makes of an uninitialised read.
 * - LLVM: undef, refined by a value that cannot be poison only (test/llvm/poison.test.ts).
 * - GCC: an indeterminate value, refined by any value (GIMPLE has no poison).
 * - SPIR-V: an undefined value, as OpUndef, refined by any value (no poison).
 * - the React Compiler: JavaScript reads undefined (or throws), which no other value refines.
 * The same hand-made pair (a diamond whose join reads x, defined on one side only, and the SSA
 * reading that side's definition) under each producer's judgement; and each adapter's real pairs
 * carry its producer's judgement.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { FunctionPair, RefinedValue } from "../../adapters/adapter.js";
import { gimpleRefinement } from "../../adapters/gcc/pair.js";
import { javascriptRefinement } from "../../adapters/react-compiler/pair.js";
import { spirvRefinement } from "../../adapters/spirv/pair.js";
import { validate as validateGcc } from "../../api/gcc.js";
import { formatReport } from "../../api/report.js";
import { reportOf } from "../../api/validate.js";
import { validatePairDetailed } from "../../api/producers.js";
import { validateSources } from "../../api/react_compiler.js";
import { validate as validateSpirv } from "../../api/spirv.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/", import.meta.url));

/** x uninitialised at the entry, defined in B1 only; the join B3 reads x, and the SSA reads x.B1 there (no phi). */
function diamond(refinedValue: (v: string) => RefinedValue): FunctionPair {
  return {
    name: "f",
    original: {
      kind: "cfg",
      name: "f",
      entry: "B0",
      blocks: [
        { id: "B0", preds: [], stmts: [{ defs: ["x", "c"], uses: [] }, { defs: [], uses: ["c"] }] },
        { id: "B1", preds: ["B0"], stmts: [{ defs: ["x"], uses: [] }] },
        { id: "B2", preds: ["B0"], stmts: [] },
        { id: "B3", preds: ["B1", "B2"], stmts: [{ defs: [], uses: ["x"] }] },
      ],
    },
    ssa: {
      kind: "ssa",
      name: "f",
      entry: "B0",
      blocks: [
        { id: "B0", preds: [], stmts: [{ defs: ["x.0", "c.0"], uses: [] }, { defs: [], uses: ["c.0"] }] },
        { id: "B1", preds: ["B0"], stmts: [{ defs: ["x.1"], uses: [] }] },
        { id: "B2", preds: ["B0"], stmts: [] },
        { id: "B3", preds: ["B1", "B2"], stmts: [{ defs: [], uses: ["x.1"] }] },
      ],
      vars: { "x.0": "x", "c.0": "c", "x.1": "x" },
    },
    uninitialised: [{ variable: "x", block: "B0", stmt: 0 }],
    checks: [],
    phis: 0,
    differences: [],
    stats: { blocks: 4 },
    refinedValue,
  };
}

describe("the same refined use under each producer's semantics", () => {
  it("GCC and SPIR-V: any value refines an uninitialised read; certified, the refinement listed as one", () => {
    for (const [producer, judge, why] of [
      ["into-SSA", gimpleRefinement, "an uninitialised local's default definition is an indeterminate value"],
      ["spirv-opt --ssa-rewrite", spirvRefinement, "as OpUndef does"],
    ] as const) {
      const { report } = validatePairDetailed(diamond(judge), producer, { undef: "refine" });
      expect(report.verdict).toBe("certified");
      expect(report.properties.sound_refinement).toEqual({ holds: true });
      expect(report.refinements).toEqual([{ use: { block: "B3", stmt: 0 }, value: "x.1", to: "x.1", text: expect.stringContaining(why) }]);
      expect(report.refinements![0].text).toMatch(/^refinement at block B3, statement 0: x\.1 is read there uninitialised on some path and became x\.1, which refines it/);
    }
  });

  it("the React Compiler: JavaScript reads undefined there, which no other value refines; rejected as a suspected miscompilation, unless accepted", () => {
    const { report } = validatePairDetailed(diamond(javascriptRefinement), "enterSSA", { undef: "refine" });
    expect(report.verdict).toBe("rejected");
    expect(report.summary).toMatch(/^suspected miscompilation at block B3, statement 0: x\.1 is read there uninitialised on some path and became x\.1, which JavaScript does not allow/);
    expect(report.properties.sound_refinement).toMatchObject({ holds: false, failures: 1 });
    const text = formatReport(reportOf([report], [], "enterSSA"));
    expect(text).toMatch(/^function f: rejected: suspected miscompilation at block B3/m);
    expect(text).toContain("(1 not refinements under enterSSA's semantics: suspected miscompilations)");

    const accepted = validatePairDetailed(diamond(javascriptRefinement), "enterSSA", { undef: "refine", acceptUnsoundRefinements: true }).report;
    expect(accepted.verdict).toBe("certified");
    expect(accepted.properties.sound_refinement).toMatchObject({ holds: false, failures: 1, accepted: true });
    expect(formatReport(reportOf([accepted], [], "enterSSA"), { functions: true })).not.toMatch(/suspected/);
  });

  it("strict: the refined use fails equiv under every producer, and sound_refinement is not judged", () => {
    for (const judge of [gimpleRefinement, spirvRefinement, javascriptRefinement]) {
      const { report } = validatePairDetailed(diamond(judge), "p", { undef: "strict" });
      expect(report.verdict).toBe("rejected");
      expect(report.properties.equiv.holds).toBe(false);
      expect(report.properties.sound_refinement).toBeUndefined();
    }
  });
});

describe("each adapter's real pairs carry its producer's judgement (sound_refinement decided under --undef refine)", () => {
  it("GCC: the dumps of control.c", () => {
    const r = validateGcc(readFileSync(`${FIXTURES}gcc/control.fixup_cfg1`, "utf8"), readFileSync(`${FIXTURES}gcc/control.ssa`, "utf8"), { undef: "refine" });
    expect(r.functions.length).toBeGreaterThan(0);
    for (const f of r.functions) expect({ f: f.name, p: f.properties.sound_refinement }).toEqual({ f: f.name, p: { holds: true } });
  });

  it("SPIR-V: the loops shader", () => {
    const r = validateSpirv(readFileSync(`${FIXTURES}spirv/loops.before.spvasm`, "utf8"), readFileSync(`${FIXTURES}spirv/loops.after.spvasm`, "utf8"), { undef: "refine" });
    for (const f of r.functions) expect({ f: f.name, p: f.properties.sound_refinement }).toEqual({ f: f.name, p: { holds: true } });
  });

  it("the React Compiler: a fixture's functions at both stages", async () => {
    const file = fileURLToPath(new URL("../react/fixtures/loops.js", import.meta.url));
    const r = await validateSources([{ name: file, text: readFileSync(file, "utf8") }], { undef: "refine" });
    const stages = r.functions.flatMap((f) => Object.values(f.stages ?? {}));
    expect(stages.length).toBeGreaterThan(0);
    for (const s of stages) expect(s.properties.sound_refinement).toEqual({ holds: true });
  });
});
