/**
 * The SPIR-V adapter on the hand-written shaders of test/fixtures/spirv (README there: glslang
 * 12 and SPIRV-Tools 2023.1, `--ssa-rewrite` alone and after `--inline-entry-points-exhaustive`).
 *
 * Certified: every function of every fixture, in both pipelines and in every combination of
 * the two forms (binary before and text after, and so on), with the same report whatever the
 * forms. The phis the pass placed are counted here independently of the adapter, from the
 * disassembly (`= OpPhi` lines of the function after the pass, less those before it, which are
 * glslang's own for `&&` and `||`), and every difference from braun+peel's minimum is explained.
 *
 * Rejected, with witnesses that re-check on the model with the literal spec definitions
 * (test/helpers/witness_check.ts) and block paths that are paths of the original document:
 * (a) two `OpPhi` pairs with their values swapped, (b) a load's replacement re-pointed to a
 * value of the same variable that is not the one that reaches it, (c) an instruction the pass
 * must not touch changed (`same_instructions`, naming the line in both inputs), (d) a phi the
 * pass placed dropped, its users given one of its arguments.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { FunctionPair, SourceInput } from "../../adapters/adapter.js";
import { QUALITY } from "../../checks/index.js";
import { validatePairDetailed, type PairResult } from "../../api/producers.js";
import { withoutTimes, type FunctionReport } from "../../api/report.js";
import { spirvAdapter, validate } from "../../api/spirv.js";
import type { FunctionDoc } from "../../io/format.js";
import { MalformedInput } from "../../spec/errors.js";
import { witnessPathProblems } from "../react/helpers.js";
import { recheck } from "../helpers/witness_check.js";

const DIR = fileURLToPath(new URL("../fixtures/spirv/", import.meta.url));
const NAMES = ["access_chain", "early_return", "logic", "loops", "params", "switch", "uninit"] as const;
const PIPELINES = ["", ".inl"] as const;
const bytes = (f: string) => new Uint8Array(readFileSync(DIR + f));
const text = (f: string) => readFileSync(DIR + f, "utf8");
const input = (f: string): SourceInput => (f.endsWith(".spv") ? { name: f, text: "", bytes: bytes(f) } : { name: f, text: text(f) });

/** Per function (in order), the `= OpPhi` lines of a disassembly. */
function phisPerFunction(asm: string): number[] {
  const out: number[] = [];
  for (const line of asm.split("\n")) {
    if (/=\s*OpFunction\s/.test(line)) out.push(0);
    else if (/=\s*OpPhi\s/.test(line)) out[out.length - 1]++;
  }
  return out;
}

const QUALITY_SET = new Set<string>(QUALITY);
const failing = (r: FunctionReport) =>
  Object.entries(r.properties)
    .filter(([name, p]) => !p.holds && p.decided !== false && !QUALITY_SET.has(name))
    .map(([name]) => name)
    .sort();

describe("every fixture is certified, in both pipelines and every combination of forms", () => {
  for (const name of NAMES)
    for (const p of PIPELINES) {
      const stem = `${name}${p}`;
      it(`${stem}: certified; phis as the disassembly counts them; every difference explained; the same report from binary and text`, () => {
        const placed = phisPerFunction(text(`${stem}.after.spvasm`)).map((n, i) => n - phisPerFunction(text(`${stem}.before.spvasm`))[i]);
        const reports = (["spv", "spvasm"] as const).flatMap((fb) =>
          (["spv", "spvasm"] as const).map((fa) => {
            const b = `${stem}.before.${fb}`;
            const a = `${stem}.after.${fa}`;
            const r = validate(fb === "spv" ? bytes(b) : text(b), fa === "spv" ? bytes(a) : text(a), { constructMinimum: true } as never);
            return { forms: `${fb}/${fa}`, r };
          }),
        );
        for (const { forms, r } of reports) {
          expect({ forms, verdict: r.verdict }).toEqual({ forms, verdict: "certified" });
          expect(r.functions.map((f) => f.stats.phis)).toEqual(placed);
          for (const f of r.functions) expect(f.differences?.filter((d) => d.startsWith("unexplained")) ?? [], `${forms} ${f.name}`).toEqual([]);
        }
        // the forms change nothing but the names the report gives values and blocks
        const shape = (r: (typeof reports)[number]["r"]) =>
          withoutTimes(r).functions.map((f) => ({ verdict: f.verdict, stats: f.stats, properties: Object.fromEntries(Object.entries(f.properties).map(([k, v]) => [k, v.holds])) }));
        for (const { r } of reports.slice(1)) expect(shape(r)).toEqual(shape(reports[0].r));
      });
    }

  it("access_chain: the array indexed by a variable stays memory (its loads and stores stay), scale and i are promoted", () => {
    const [main] = validate(bytes("access_chain.before.spv"), bytes("access_chain.after.spv")).functions;
    // scale, i, and glslang's p (a struct of floats written member by member: access chains, memory)
    expect(main.stats.promoted).toBe(2);
    const after = text("access_chain.after.spvasm");
    expect(after).toMatch(/OpAccessChain %_ptr_Function_float %table/);
    expect((after.match(/OpLoad %float %\d+/g) ?? []).length).toBeGreaterThan(0);
  });

  it("uninit: the read before any write is the variable's uninitialised definition, strictly (the pass gives it OpUndef and keeps phi(undef, v))", () => {
    const r = validate(bytes("uninit.before.spv"), bytes("uninit.after.spv"), { undef: "strict" });
    expect(r.verdict).toBe("certified");
    expect(text("uninit.after.spvasm")).toMatch(/OpUndef/);
  });
});

// --- mutants -----------------------------------------------------------------------------------

/** The adapter's pairs of a fixture's before text and a mutated after text, each validated with its model kept. */
function validateTexts(stem: string, after: string): Array<{ result: PairResult; original: FunctionDoc }> {
  const pairs: FunctionPair[] = [...spirvAdapter.pairs(input(`${stem}.before.spvasm`), { name: `${stem}.after.spvasm`, text: after })];
  return pairs.map((pair) => ({ result: validatePairDetailed(pair, spirvAdapter.producer, { keepModel: true }), original: pair.original }));
}

/** Every witness of every failing model property re-checks on the model; every block path is a path of the original document. */
function expectRealWitnesses(r: PairResult, original: FunctionDoc): void {
  for (const v of r.verdicts) {
    if (v.holds || QUALITY_SET.has(v.property)) continue;
    expect(v.witnesses.length).toBeGreaterThan(0);
    for (const w of v.witnesses) expect({ property: v.property, problem: recheck(r.model!, v, w) }).toEqual({ property: v.property, problem: undefined });
    const reported = r.report.properties[v.property].witness ?? [];
    expect(witnessPathProblems(original, reported, v.property !== "conventional")).toEqual([]);
  }
}

/** Replaces exactly one occurrence of `from` in `s`. */
function once(s: string, from: string | RegExp, to: string): string {
  const matches = s.match(new RegExp(typeof from === "string" ? from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : from.source, "g")) ?? [];
  expect(matches.length, `exactly one ${String(from)}`).toBe(1);
  return s.replace(from, to);
}

describe("mutants of the pass's output are rejected with real witnesses", () => {
  it("the unmutated text is certified (the baseline the mutants break)", () => {
    for (const stem of ["loops", "switch"]) for (const { result } of validateTexts(stem, text(`${stem}.after.spvasm`))) expect(result.report.verdict).toBe("certified");
  });

  it("(a) a phi's two values swapped between its parent blocks: equiv fails, with a path that shows it", () => {
    // switch's merge of r after `case 0: r = 10` falls into `case 1, 2`: %35 = OpPhi %int %int_0 %5 %int_10 %13
    const after = once(text("switch.after.spvasm"), "OpPhi %int %int_0 %5 %int_10 %13", "OpPhi %int %int_10 %5 %int_0 %13");
    const [{ result, original }] = validateTexts("switch", after);
    expect(result.report.verdict).toBe("rejected");
    expect(failing(result.report)).toContain("equiv");
    expect(failing(result.report)).not.toContain(SAME);
    expectRealWitnesses(result, original);
  });

  it("(b) a load's replacement re-pointed to another value of the same variable (the initial 0 of sum, not the loop's phi): equiv fails", () => {
    // loops: `sum -= 1` reads sum through the loop phi %89; give it sum's first store, %int_0
    const after = once(text("loops.after.spvasm"), "OpISub %int %89 %int_1", "OpISub %int %int_0 %int_1");
    const [{ result, original }] = validateTexts("loops", after);
    expect(result.report.verdict).toBe("rejected");
    expect(failing(result.report)).toContain("equiv");
    expect(failing(result.report)).not.toContain(SAME);
    expectRealWitnesses(result, original);
  });

  it("(c) an instruction the pass must not touch changed: same_instructions fails, naming the line before and after", () => {
    const asm = text("loops.after.spvasm");
    const line = asm.split("\n").findIndex((l) => l.includes("OpIAdd %int %87 %int_2")) + 1;
    const after = once(asm, "OpIAdd %int %87 %int_2", "OpISub %int %87 %int_2");
    const [{ result }] = validateTexts("loops", after);
    expect(failing(result.report)).toEqual([SAME]);
    const w = result.report.properties[SAME].witness!;
    expect(w).toHaveLength(1);
    expect(w[0]).toMatchObject({ after_line: line });
    expect(w[0].text).toMatch(/a different instruction: %\w+ = OpIAdd %int %\w+ %int_2 before, %\w+ = OpISub %int %87 %int_2 after/);
    const beforeLine = text("loops.before.spvasm").split("\n")[(w[0].line as number) - 1];
    expect(beforeLine).toMatch(/OpIAdd %int %\w+ %int_2/);
  });

  it("(d) a phi the pass placed dropped, its users given one of its values: equiv fails", () => {
    // the while loop's phi of k: %92 = OpPhi %int %56 %14 %100 %60; k > 0 and k -= ... then read %56 (k = n)
    let after = once(text("loops.after.spvasm"), /\s+%92 = OpPhi %int %56 %14 %100 %60\n/, "\n");
    after = after.replace(/%92\b/g, "%56");
    const [{ result, original }] = validateTexts("loops", after);
    expect(result.report.verdict).toBe("rejected");
    expect(failing(result.report)).toContain("equiv");
    expectRealWitnesses(result, original);
  });
});

const SAME = "same_instructions";

describe("--undef: strict by default, refine on request, both directions", () => {
  // uninit's join: %24 = OpPhi %float %25 %5 %float_2_5 %13, %25 an OpUndef. Folded by hand the way
  // LLVM's mem2reg folds phi(undef, v) to v: the phi gone, its users given %float_2_5.
  const folded = text("uninit.after.spvasm").replace(/\n\s+%24 = OpPhi %float %25 %5 %float_2_5 %13/, "").replace(/%24\b/g, "%float_2_5");

  it("strictly, the fold is rejected: on the path that skips the store, v is uninitialised, not 2.5", () => {
    expect(folded).not.toMatch(/OpPhi/);
    const r = validate(bytes("uninit.before.spv"), folded);
    expect(r.verdict).toBe("rejected");
    expect(failing(r.functions[0])).toEqual(["allUses_def_ass", "equiv"]);
  });

  it("with --undef refine the fold is certified, as one use certified up to refinement; the pass's own output needs none", () => {
    const r = validate(bytes("uninit.before.spv"), folded, { undef: "refine" });
    expect(r.verdict).toBe("certified");
    // one load of v (its result is read four times by one instruction)
    expect(r.functions[0].stats.refinements).toBe(1);
    const own = validate(bytes("uninit.before.spv"), bytes("uninit.after.spv"), { undef: "refine" });
    expect(own.functions[0].stats.refinements).toBe(0);
  });
});

describe("malformed and misplaced inputs", () => {
  it("a block without a terminator is malformed: one line naming the place", () => {
    // loops' last block loses its OpReturn: the function ends inside it (line 143: OpFunctionEnd)
    const asm = text("loops.before.spvasm").replace(/\n\s+OpReturn\n/, "\n");
    expect(asm.split("\n")[142]).toMatch(/OpFunctionEnd/);
    expect(() => validate(asm, text("loops.after.spvasm"))).toThrow(MalformedInput);
    expect(() => validate(asm, text("loops.after.spvasm"))).toThrow(/^before\.spv:143: block 59 ends without a terminator$/);
  });

  it("construct on a before module: our SSA of every function, over the variables the pass promotes", async () => {
    const { construct } = await import("../../api/spirv.js");
    const m = construct(bytes("loops.before.spv"), { algorithm: "braun", minimize: "peel" });
    expect(m.functions.map((f) => f.name)).toEqual(["main"]);
    expect(m.functions[0].blocks.flatMap((b) => b.phis ?? []).length).toBe(8);
  });
});
