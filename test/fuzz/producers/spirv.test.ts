/**
 * The fuzz target `spirv` (adapters/spirv/fuzz.ts) on glslang and SPIRV-Tools, which `npm test`
 * installs (scripts/setup-test-tools.sh):
 * - the printer on hand-made programs: the shader compiles, and its text and glslang's SPIR-V
 *   have the shape asked for (a switch with a case of two labels falling through into the next,
 *   an uninitialised local, vector components written through access chains or as whole vectors,
 *   struct members), read from the text and the disassembly, never re-derived by the printer;
 * - under `inlined`, every case its own entry point, and the function the printer names for each
 *   case is the one that holds it after spirv-opt's inliner (checked on spirv-opt's output), or
 *   where it predicts wrongly (an early return in unreachable code), its fallback; the functions
 *   the inliner leaves uncalled are removed;
 * - a batch is judged from the binaries alone, without its files, to the same verdicts;
 * - a clean campaign under both variants, in batches;
 * - a deliberately broken producer (after spirv-opt, the first OpPhi's values swapped between its
 *   parents, or the first OpPhi dropped) is caught, rejected by a validity property, and shrunk.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { FuzzCase, FuzzTarget, ProcessRunner } from "../../../adapters/fuzz_target.js";
import { spirvFuzzTarget } from "../../../adapters/spirv/fuzz.js";
import { caseArbitrary, caseSeed, generateCase, judgeBatch, runCampaign, type BatchRun } from "../../../api/campaign/producers.js";
import { processRunner } from "../../../api/campaign/node/producers.js";
import { lowerProgram, type Program } from "../../../fuzz/arbitraries/structured.js";
import { QUALITY } from "../../../checks/index.js";

const SEED = Number(process.env.FC_SEED ?? 20161017);
const BROKEN = fileURLToPath(new URL("./broken.mjs", import.meta.url));
const TIMEOUT_MS = 60_000;
/** Time to shrink a broken producer's finding (see the test). */
const SHRINK_MS = 3_000;

const programCase = (program: Program, uninitialised: string[] = [], style = 0): FuzzCase => ({ kind: "program", program, cfg: lowerProgram(program), uninitialised, style });

/** Runs the target's steps on a printed batch (the real process runner) and returns what it left. */
async function run(variant: string, cases: FuzzCase[]): Promise<Extract<BatchRun, { kind: "ran" }>> {
  const printed = spirvFuzzTarget.print(cases, variant);
  const r = await processRunner(spirvFuzzTarget, TIMEOUT_MS)(variant, printed, cases);
  if (r.kind !== "ran") throw new Error(`the pipeline failed: ${r.failure.message}\n${r.failure.stderr ?? ""}`);
  return r;
}

/** The lines of the function whose OpName is `name`, in spirv-dis text with friendly names. */
function functionLines(asm: string, name: string): string[] {
  const lines = asm.split("\n");
  const named = lines.map((l) => /^\s*OpName (%\S+) "(.*)"$/.exec(l)).find((m) => m !== null && m[2] === name);
  if (named === undefined || named === null) throw new Error(`no function named ${name}`);
  const start = lines.findIndex((l) => l.trim().startsWith(`${named[1]} = OpFunction `));
  const end = lines.findIndex((l, i) => i > start && l.trim() === "OpFunctionEnd");
  return lines.slice(start, end + 1).map((l) => l.trim());
}

/** The id of the function's one local of pointer type `type` (`%_ptr_Function_v4int`). */
function localOfType(fn: readonly string[], type: string): string {
  const found = fn.map((l) => new RegExp(`^(%\\S+) = OpVariable ${type} Function$`).exec(l)).filter((m) => m !== null);
  if (found.length !== 1) throw new Error(`want one local of type ${type}, have ${found.length}`);
  return found[0]![1];
}

/** The block of each label and its terminator, for reading control flow off a function's lines. */
function terminators(fn: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  let label = "";
  for (const l of fn) {
    const m = /^(%\S+) = OpLabel$/.exec(l);
    if (m !== null) label = m[1];
    else if (/^Op(Branch|BranchConditional|Switch|Return|ReturnValue|Unreachable|Kill)\b/.test(l)) out.set(label, l);
  }
  return out;
}

// a := f(b); switch (a) { case, case: b := f(a) [falls through]  case: c := f(b); break  default: a := f(c) }
// while (b) { b := f(b); if (c) { break } else { continue } }  do { c := f(c) } while (c)
const SWITCH_PROGRAM: Program = {
  vars: ["a", "b", "c"],
  body: [
    { kind: "assign", defs: ["a"], uses: ["b"] },
    {
      kind: "switch",
      cond: ["a"],
      cases: [
        { labels: 2, body: [{ kind: "assign", defs: ["b"], uses: ["a"] }] },
        { labels: 1, body: [{ kind: "assign", defs: ["c"], uses: ["b"] }, { kind: "break" }] },
      ],
      default: [{ kind: "assign", defs: ["a"], uses: ["c"] }],
    },
    {
      kind: "while",
      cond: ["b"],
      body: [
        { kind: "assign", defs: ["b"], uses: ["b"] },
        { kind: "if", cond: ["c"], then: [{ kind: "break" }], else: [{ kind: "continue" }] },
      ],
    },
    { kind: "doWhile", body: [{ kind: "assign", defs: ["c"], uses: ["c"] }], cond: ["c"] },
  ],
};

// a := f(a, b); b := f(a); c := f(b, a); if (a) { b := f(c) } else { a := f(b) }
const STRAIGHT_PROGRAM: Program = {
  vars: ["a", "b", "c", "d"],
  body: [
    { kind: "assign", defs: ["a"], uses: ["a", "b"] },
    { kind: "assign", defs: ["b"], uses: ["a"] },
    { kind: "assign", defs: ["c", "d"], uses: ["b", "a"] },
    { kind: "if", cond: ["a"], then: [{ kind: "assign", defs: ["b"], uses: ["c"] }], else: [{ kind: "assign", defs: ["a"], uses: ["d"] }] },
  ],
};

/** The first style in 1..1000 whose printing of `program` (with `uninitialised`) matches `wanted` and not `unwanted`. */
function styleWith(program: Program, uninitialised: string[], wanted: RegExp[], unwanted?: RegExp): number {
  for (let style = 1; style <= 1000; style++) {
    const text = spirvFuzzTarget.print([programCase(program, uninitialised, style)], "alone").files["cases.comp"];
    if (wanted.every((w) => w.test(text)) && (unwanted === undefined || !unwanted.test(text))) return style;
  }
  throw new Error(`no style prints ${wanted.join(", ")}`);
}

/** Case k's function in the printed shader, from `int f<k>(` to its closing brace. */
function functionText(shader: string, k: number): string {
  const start = shader.indexOf(`int f${k}(int p0, int p1) {`);
  return shader.slice(start, shader.indexOf("\n}\n", start) + 2);
}

describe("the printer", () => {
  // the hand-made cases, printed as one batch and run through glslang and spirv-opt once
  const STYLES = {
    chainVector: styleWith(STRAIGHT_PROGRAM, [], [/^ {2}ivec4 quad0 = ivec4\(/m], /quad0 = mix|ivec4\(quad0\)/),
    wholeVector: styleWith(STRAIGHT_PROGRAM, [], [/^ {2}quad0 = mix\(quad0, ivec4\(.*\), bvec4\((true|false)(, (true|false)){3}\)\);$/m], /quad0\.[xyzw]/),
    struct: styleWith(STRAIGHT_PROGRAM, ["b"], [/^ {2}Rec rec0;$/m, /^ {2}rec0\.m\d = /m]),
    defaultLabel: styleWith(SWITCH_PROGRAM, [], [/^ {4}case -?\d+: default:$/m]),
    expressions: styleWith(STRAIGHT_PROGRAM, [], [/^ {2}if \(p1 > \d+ (&&|\|\|) .* \+ \d+ > \d+\) \{$/m, /^ {2}\S+ = .* > \d+ \? .* : .*;$/m]),
  };
  const cases = [
    programCase(SWITCH_PROGRAM, ["c"]),
    programCase(STRAIGHT_PROGRAM, [], STYLES.chainVector),
    programCase(STRAIGHT_PROGRAM, [], STYLES.wholeVector),
    programCase(STRAIGHT_PROGRAM, ["b"], STYLES.struct),
    programCase(SWITCH_PROGRAM, [], STYLES.defaultLabel),
    programCase(STRAIGHT_PROGRAM, [], STYLES.expressions),
  ];
  const shader = spirvFuzzTarget.print(cases, "alone").files["cases.comp"];
  let ran: Promise<Extract<BatchRun, { kind: "ran" }>> | undefined;
  /** glslang's and spirv-opt's f<k>, and its verdict. */
  const compiled = async (k: number) => {
    ran ??= run("alone", cases);
    const r = await ran;
    const name = `f${k}(i1;i1;`;
    return { before: functionLines(r.files["before.spvasm"], name), after: functionLines(r.files["after.spvasm"], name), verdict: r.functions.find((f) => f.name === name) };
  };

  it("the shader: GLSL 4.50, one invocation, buffers for the inputs and outputs, main calling each case's function", () => {
    expect(shader).toMatch(/^#version 450$/m);
    expect(shader).toMatch(/^layout\(local_size_x = 1\) in;$/m);
    expect(shader).toMatch(/^layout\(std430, binding = 0\) buffer \w+ \{ int inputs\[\]; \};$/m);
    expect(shader).toMatch(/^layout\(std430, binding = 1\) buffer \w+ \{ int outputs\[\]; \};$/m);
    for (let k = 0; k < cases.length; k++) expect(shader).toContain(`  outputs[${k}] = f${k}(inputs[${2 * k}], inputs[${2 * k + 1}]);\n`);
  });

  it("style 0: plain int locals, the uninitialised one without initializer, a switch whose two-label case falls through; glslang's SPIR-V has that shape", async () => {
    const text = functionText(shader, 0);
    expect(text).toMatch(/^ {2}int a = p0;$/m);
    expect(text).toMatch(/^ {2}int b = p1;$/m);
    expect(text).toMatch(/^ {2}int c;$/m);
    // the case with two labels, its body, then the next label: no break between them
    expect(text).toMatch(/^ {4}case -?\d+: case -?\d+:\n {6}b = a \+ \d+;\n {4}case -?\d+:\n {6}c = b \+ \d+;\n {6}break;\n {4}default:\n/m);
    expect(text).toMatch(/^ {2}do \{\n {4}c = c \+ \d+;\n {2}\} while \(c != \d+\);$/m);
    expect(text).toMatch(/^ {6}break;\n {4}\} else \{\n {6}continue;\n/m);
    expect(text).toMatch(/^ {2}return a \+ b \+ c;\n\}$/m);

    const { before, after, verdict } = await compiled(0);
    // every local an int, none reached through an access chain
    expect(before.filter((l) => / = OpVariable /.test(l)).every((l) => l.includes("%_ptr_Function_int"))).toBe(true);
    expect(before.some((l) => l.includes("OpAccessChain"))).toBe(false);
    // the switch: one target twice (two labels), and that block branches into the next case's block
    const sw = before.find((l) => l.startsWith("OpSwitch "))!.split(/\s+/);
    const targets = sw.slice(3).filter((_, i) => i % 2 === 1);
    const shared = targets.find((t, i) => targets.indexOf(t) !== i)!;
    expect(shared).toBeDefined();
    const next = targets.find((t) => t !== shared)!;
    expect(terminators(before).get(shared)).toBe(`OpBranch ${next}`);
    // certified, with phis: the pass did something
    expect(verdict).toMatchObject({ certified: true });
    expect(after.filter((l) => l.includes("= OpPhi ")).length).toBeGreaterThan(0);
  });

  it("a style that writes and reads ivec4 components through access chains: glslang's OpAccessChain into the vector, which the pass leaves in memory", async () => {
    expect(functionText(shader, 1)).toMatch(/^ {2}quad0\.[xyzw] = .*;$/m);
    const { before, after, verdict } = await compiled(1);
    const quad = localOfType(before, "%_ptr_Function_v4int");
    expect(before.some((l) => l.includes(`= OpAccessChain %_ptr_Function_int ${quad} `))).toBe(true);
    // not promoted: its loads through the access chains stay
    const chainLoads = (fn: string[]) => {
      const chains = new Set(fn.map((l) => /^(%\S+) = OpAccessChain /.exec(l)?.[1] ?? ""));
      return fn.filter((l) => chains.has(/ = OpLoad %int (%\S+)$/.exec(l)?.[1] ?? "-")).length;
    };
    expect(chainLoads(before)).toBeGreaterThan(0);
    expect(chainLoads(after)).toBe(chainLoads(before));
    expect(verdict).toMatchObject({ certified: true });
  });

  it("a style that writes and reads an ivec4 as a whole (mix, ivec4(v).y): only whole loads and stores, so the pass promotes the vector", async () => {
    expect(functionText(shader, 2)).toMatch(/ivec4\(quad0\)\.[xyzw]/);
    const { before, after, verdict } = await compiled(2);
    const quad = localOfType(before, "%_ptr_Function_v4int");
    expect(before.some((l) => l.split(" ").includes(quad) && l.includes("OpAccessChain"))).toBe(false);
    expect(before.some((l) => l.endsWith(`= OpLoad %v4int ${quad}`))).toBe(true);
    expect(after.some((l) => l.endsWith(`= OpLoad %v4int ${quad}`))).toBe(false); // promoted: its loads are gone
    expect(after.some((l) => l.startsWith(`OpStore ${quad} `))).toBe(true); // its stores stay (docs/spirv.md)
    expect(verdict).toMatchObject({ certified: true });
  });

  it("a style with struct members and an uninitialised member: written member by member, read through access chains", async () => {
    expect(shader).toMatch(/^struct Rec \{ int m0; int m1; int m2; int m3; \};$/m);
    const { before, verdict } = await compiled(3);
    const rec = localOfType(before, "%_ptr_Function_Rec");
    expect(before.some((l) => new RegExp(`= OpAccessChain %_ptr_Function_int ${rec} %int_\\d$`).test(l))).toBe(true);
    expect(verdict).toMatchObject({ certified: true });
  });

  it("a style with an extra case label on default: the switch sends that label and the default to one block", async () => {
    const { before, verdict } = await compiled(4);
    const sw = before.find((l) => l.startsWith("OpSwitch "))!.split(/\s+/);
    expect(sw.slice(3).filter((_, i) => i % 2 === 1)).toContain(sw[2]);
    expect(verdict).toMatchObject({ certified: true });
  });

  it("a style with a short-circuit condition and a conditional value: glslang's own OpPhi before the pass, and a temporary local of its own for ?:", async () => {
    const { before, verdict } = await compiled(5);
    expect(before.some((l) => / = OpPhi %bool /.test(l))).toBe(true);
    // the temporary: an int local without a name of its own, stored on two branches
    const temporaries = before.map((l) => /^(%\d+) = OpVariable %_ptr_Function_int Function$/.exec(l)?.[1]).filter((x) => x !== undefined);
    expect(temporaries.some((t) => before.filter((l) => l.startsWith(`OpStore ${t} `)).length === 2)).toBe(true);
    expect(verdict).toMatchObject({ certified: true });
  });
});

describe("inlined: one entry point per case", () => {
  const early: Program = { vars: ["a"], body: [{ kind: "if", cond: ["a"], then: [{ kind: "return", uses: ["a"] }], else: [] }, { kind: "assign", defs: ["a"], uses: ["a"] }] };
  const finalReturn: Program = { vars: ["a"], body: [{ kind: "assign", defs: ["a"], uses: [] }, { kind: "return", uses: ["a"] }] };
  // an early return after an if whose branches both break: code glslang drops as unreachable, so
  // the inliner sees none, though the printer predicts one (as in case 2269 of seed 20161017)
  const deadReturn: Program = {
    vars: ["a"],
    body: [
      { kind: "while", cond: ["a"], body: [{ kind: "if", cond: ["a"], then: [{ kind: "break" }], else: [{ kind: "break" }] }, { kind: "return", uses: ["a"] }] },
      { kind: "assign", defs: ["a"], uses: ["a"] },
    ],
  };
  const handMade = [programCase(STRAIGHT_PROGRAM), programCase(early), programCase(finalReturn), programCase(deadReturn)];
  const arb = caseArbitrary(spirvFuzzTarget, 12);
  const cases = [...handMade, ...Array.from({ length: 40 }, (_, i) => generateCase(arb, caseSeed(SEED, 50_000 + i)))];
  const printed = spirvFuzzTarget.print(cases, "inlined");
  let ran: Promise<Extract<BatchRun, { kind: "ran" }>> | undefined;
  const inlined = () => (ran ??= run("inlined", cases));
  /** Whether w<k> still calls f<k> after spirv-opt's inliner. */
  const keepsCall = (before: string, k: number) => functionLines(before, `w${k}(`).some((l) => l.includes("OpFunctionCall"));

  it("each case's wrapper is an entry point; a case without an early return is inlined into it, one with one is not, and the printer names the function that holds the case", async () => {
    expect(printed.files["cases.comp"]).toMatch(/^void w1\(\) \{ outputs\[1\] = f1\(inputs\[2\], inputs\[3\]\); \}$/m);
    expect(printed.files["cases.comp"]).toMatch(/^void main\(\) \{\}$/m);
    expect(printed.functionNames.slice(0, 3)).toEqual(["w0(", "f1(i1;i1;", "w2("]);
    const r = await inlined();
    const before = r.files["before.spvasm"];
    for (let k = 0; k < cases.length; k++) expect(before).toMatch(new RegExp(`OpEntryPoint GLCompute %w${k}_ "w${k}"`));
    // what a finding keeps: the texts; the binaries, which the steps make again, are left out
    expect(Object.keys(r.files).sort()).toEqual(["after.spvasm", "before.spvasm", "before0.spvasm", "cases.comp", "entry_points.awk", "entry_points.spvasm", "report.txt"]);
    expect([0, 1, 2].map((k) => keepsCall(before, k))).toEqual([false, true, false]);
    // the inlined copy is rewritten in the wrapper: the pass placed phis there
    expect(functionLines(r.files["after.spvasm"], "w0(").some((l) => l.includes("= OpPhi "))).toBe(true);
    expect(r.functions.every((f) => f.certified)).toBe(true);
    // the functions no wrapper calls any more are gone: f<k> is in the pair exactly where w<k> calls it
    const names = new Set(r.functions.map((f) => f.name));
    expect(cases.map((_, k) => names.has(`f${k}(i1;i1;`))).toEqual(cases.map((_, k) => keepsCall(before, k)));
  });

  it("a case the printer predicts to stay in f<k> but the inliner inlines after all is judged by its wrapper, not missing", async () => {
    expect({ name: printed.functionNames[3], fallback: printed.fallbackNames?.[3] }).toEqual({ name: "f3(i1;i1;", fallback: "w3(" });
    const r = await inlined();
    expect(keepsCall(r.files["before.spvasm"], 3)).toBe(false);
    expect(r.functions.some((f) => f.name === "f3(i1;i1;")).toBe(false);
    expect(judgeBatch(spirvFuzzTarget, "inlined", printed, r)).toEqual(cases.map(() => undefined));
    // without the fallback, the case would be missing
    expect(judgeBatch(spirvFuzzTarget, "inlined", { ...printed, fallbackNames: undefined }, r)[3]).toMatchObject({ kind: "missing" });
  });

  it("judging a batch keeps no files and runs no disassembly: the same verdicts, from the binaries alone", async () => {
    const judged = await processRunner(spirvFuzzTarget, TIMEOUT_MS)("inlined", printed, cases, { keepFiles: false });
    if (judged.kind !== "ran") throw new Error(`the pipeline failed: ${judged.failure.message}`);
    expect(judged.files).toEqual({});
    expect(judged.functions).toEqual((await inlined()).functions);
  });

  it("on random cases, the wrapper keeps its call exactly where the printer names the case function instead (its prediction of spirv-opt's inliner); it errs only towards f<k>", async () => {
    const before = (await inlined()).files["before.spvasm"];
    const kept = cases.map((_, k) => keepsCall(before, k));
    const predicted = printed.functionNames.map((n) => n.startsWith("f"));
    expect(kept.slice(handMade.length)).toEqual(predicted.slice(handMade.length));
    expect(kept.every((keep, k) => !keep || predicted[k])).toBe(true);
    expect(new Set(kept.slice(handMade.length)).size).toBe(2); // both kinds among the random ones
  });
});

describe("campaigns", () => {
  it("is clean on 300 random cases, alone and inlined in turn (100 per batch)", async () => {
    const r = await runCampaign({ target: spirvFuzzTarget, seed: SEED, maxBlocks: 12, batchSize: 100, runs: 300, shrinkTimeMs: 60_000, runner: processRunner(spirvFuzzTarget, TIMEOUT_MS) });
    expect(r.findings.map((f) => f.description)).toEqual([]);
    expect({ cases: r.cases, runs: r.runs }).toEqual({ cases: 300, runs: 3 });
  });

  /**
   * spirv with a broken step after spirv-opt: the pass's output disassembled (the target's own
   * steps make no text: its `views` do, for a finding's folder only), edited by broken.mjs and
   * assembled again, the binary the runner reads. Without spirv-val: it would report some of
   * these edits (a value that no longer dominates its new parent) before formal-ssa could, and
   * this test is about formal-ssa catching them.
   */
  function broken(mode: "swap-spirv" | "drop-spirv"): FuzzTarget {
    const { validator: _spirvVal, ...runner } = spirvFuzzTarget.runner as ProcessRunner;
    return {
      ...spirvFuzzTarget,
      name: `spirv-${mode}`,
      runner: {
        ...runner,
        steps: (variant, files) => [
          ...runner.steps(variant, files),
          { argv: ["spirv-dis", "{dir}/after.spv", "-o", "{dir}/after.spvasm"] },
          { argv: [process.execPath, BROKEN, mode, "{dir}/after.spvasm"] },
          { argv: ["spirv-as", "--target-env", "spv1.0", "{dir}/after.spvasm", "-o", "{dir}/after.spv"] },
        ],
      },
    };
  }

  const QUALITY_SET = new Set<string>(QUALITY);
  for (const [mode, property] of [
    // a swapped value may be one the original names on no path to its new parent (an uninitialised
    // variable's value): then the SSA is not even well-formed (allUses_def_ass), else it computes
    // something else (equiv)
    ["swap-spirv", /^(equiv|same_instructions|allUses_def_ass)$/],
    ["drop-spirv", /^(equiv|same_instructions|allUses_def_ass|conventional)$/],
  ] as const) {
    it(`a broken producer (${mode === "swap-spirv" ? "the first OpPhi's values swapped between its parents" : "the first OpPhi dropped"}) is caught as rejected and shrunk`, async () => {
      const target = broken(mode);
      // Shrinking costs a pipeline run per candidate (five processes, glslang's start the
      // largest): 48 runs take this one from its case to a three-block do-while loop. The
      // budget keeps the file short; it runs the first few candidates, enough for some steps.
      const r = await runCampaign({ target, variants: ["alone"], seed: SEED, maxBlocks: 8, batchSize: 40, runs: mode === "swap-spirv" ? 80 : 10, shrinkTimeMs: SHRINK_MS, runner: processRunner(target, TIMEOUT_MS) });
      expect(r.findings.length).toBeGreaterThan(0);
      const f = r.findings[0];
      expect(f.kind, f.description).toBe("rejected");
      const failing = f.signature.split(":").at(-1)!;
      expect(failing, f.description).toMatch(property);
      expect(QUALITY_SET.has(failing)).toBe(false);
      // shrunk: a smaller case (fast-check only steps to smaller values) with the same signature
      expect(f.shrinkSteps).toBeGreaterThan(0);
      expect(f.case.cfg.blocks.length).toBeLessThanOrEqual(8);
    });
  }
});
