/**
 * The fuzz target `spirv` (adapters/spirv/fuzz.ts) on glslang and SPIRV-Tools, which `npm test`
 * installs (scripts/setup-test-tools.sh):
 * - the printer on hand-made programs: the shader compiles, and its text and glslang's SPIR-V
 *   have the shape asked for (a switch with a case of two labels falling through into the next,
 *   an uninitialised local, vector components written through access chains or as whole vectors,
 *   struct members), read from the text and the disassembly, never re-derived by the printer;
 * - under `inlined`, every case its own entry point, and the function the printer names for each
 *   case is the one that holds it after spirv-opt's inliner (checked on spirv-opt's output);
 * - a clean campaign under both variants, in batches;
 * - a deliberately broken producer (after spirv-opt, the first OpPhi's values swapped between its
 *   parents, or the first OpPhi dropped) is caught, rejected by a validity property, and shrunk.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { FuzzCase, FuzzTarget, ProcessRunner } from "../../../adapters/fuzz_target.js";
import { spirvFuzzTarget } from "../../../adapters/spirv/fuzz.js";
import { caseArbitrary, caseSeed, generateCase, runCampaign, type BatchRun } from "../../../api/fuzz_producers.js";
import { processRunner } from "../../../api/node/fuzz_producers.js";
import { lowerProgram, type Program } from "../../../fuzz/arbitraries/structured.js";
import { QUALITY } from "../../../checks/index.js";

const SEED = Number(process.env.FC_SEED ?? 20161017);
const BROKEN = fileURLToPath(new URL("./broken.mjs", import.meta.url));
const TIMEOUT_MS = 60_000;

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

describe("the printer", () => {
  it("style 0: plain int locals, the uninitialised one without initializer, a switch whose two-label case falls through; glslang's SPIR-V has that shape", async () => {
    const c = programCase(SWITCH_PROGRAM, ["c"]);
    const text = spirvFuzzTarget.print([c], "alone").files["cases.comp"];
    expect(text).toMatch(/^#version 450$/m);
    expect(text).toMatch(/^layout\(local_size_x = 1\) in;$/m);
    expect(text).toMatch(/buffer \w+ \{ int \w+\[\]; \}/);
    expect(text).toMatch(/^int f0\(int p0, int p1\) \{$/m);
    expect(text).toMatch(/^ {2}int a = p0;$/m);
    expect(text).toMatch(/^ {2}int b = p1;$/m);
    expect(text).toMatch(/^ {2}int c;$/m);
    // the case with two labels, its body, then the next label: no break between them
    expect(text).toMatch(/^ {4}case -?\d+: case -?\d+:\n {6}b = a \+ \d+;\n {4}case -?\d+:\n {6}c = b \+ \d+;\n {6}break;\n {4}default:\n/m);
    expect(text).toMatch(/^ {2}do \{\n {4}c = c \+ \d+;\n {2}\} while \(c != \d+\);$/m);
    expect(text).toMatch(/^ {6}break;\n {4}\} else \{\n {6}continue;\n/m);
    expect(text).toMatch(/^ {2}return a \+ b \+ c;\n\}$/m);
    expect(text).toMatch(/^ {2}outputs\[0\] = f0\(inputs\[0\], inputs\[1\]\);$/m);

    const r = await run("alone", [c]);
    const fn = functionLines(r.files["before.spvasm"], "f0(i1;i1;");
    // every local an int, none reached through an access chain
    expect(fn.filter((l) => / = OpVariable /.test(l)).every((l) => l.includes("%_ptr_Function_int"))).toBe(true);
    expect(fn.some((l) => l.includes("OpAccessChain"))).toBe(false);
    // the switch: one target twice (two labels), and that block branches into the next case's block
    const sw = fn.find((l) => l.startsWith("OpSwitch "))!.split(/\s+/);
    const targets = sw.slice(3).filter((_, i) => i % 2 === 1);
    const shared = targets.find((t, i) => targets.indexOf(t) !== i)!;
    expect(shared).toBeDefined();
    const next = targets.find((t) => t !== shared)!;
    expect(terminators(fn).get(shared)).toBe(`OpBranch ${next}`);
    // certified, with phis: the pass did something
    expect(r.functions.find((f) => f.name === "f0(i1;i1;")).toMatchObject({ certified: true });
    expect(r.files["after.spvasm"].split("\n").filter((l) => l.includes("= OpPhi ")).length).toBeGreaterThan(0);
  });

  /** The first style in 1..1000 whose printing of `program` matches `wanted`, printed. */
  const styleWith = (program: Program, wanted: RegExp, unwanted?: RegExp): { style: number; text: string } => {
    for (let style = 1; style <= 1000; style++) {
      const text = spirvFuzzTarget.print([programCase(program, [], style)], "alone").files["cases.comp"];
      if (wanted.test(text) && (unwanted === undefined || !unwanted.test(text))) return { style, text };
    }
    throw new Error(`no style prints ${wanted}`);
  };

  it("a style that writes and reads ivec4 components through access chains: glslang's OpAccessChain into the vector, which the pass leaves in memory", async () => {
    const { style, text } = styleWith(STRAIGHT_PROGRAM, /^ {2}ivec4 quad0 = ivec4\(/m, /quad0 = mix|ivec4\(quad0\)/);
    expect(text).toMatch(/^ {2}quad0\.[xyzw] = .*;$/m);
    const r = await run("alone", [programCase(STRAIGHT_PROGRAM, [], style)]);
    const before = functionLines(r.files["before.spvasm"], "f0(i1;i1;");
    const after = functionLines(r.files["after.spvasm"], "f0(i1;i1;");
    expect(before.some((l) => /= OpAccessChain %_ptr_Function_int %quad0 /.test(l))).toBe(true);
    // not promoted: its loads stay
    expect(after.filter((l) => / = OpLoad %int %\d+$/.test(l)).length).toBe(before.filter((l) => / = OpLoad %int %\d+$/.test(l)).length);
    expect(r.functions.find((f) => f.name === "f0(i1;i1;")).toMatchObject({ certified: true });
  });

  it("a style that writes and reads an ivec4 as a whole (mix, ivec4(v).y): only whole loads and stores, so the pass promotes the vector", async () => {
    const { style, text } = styleWith(STRAIGHT_PROGRAM, /^ {2}quad0 = mix\(quad0, ivec4\(.*\), bvec4\((true|false)(, (true|false)){3}\)\);$/m, /quad0\.[xyzw]/);
    expect(text).toMatch(/ivec4\(quad0\)\.[xyzw]/);
    const r = await run("alone", [programCase(STRAIGHT_PROGRAM, [], style)]);
    const before = functionLines(r.files["before.spvasm"], "f0(i1;i1;");
    const after = functionLines(r.files["after.spvasm"], "f0(i1;i1;");
    expect(before.some((l) => l.includes("%quad0") && l.includes("OpAccessChain"))).toBe(false);
    expect(before.some((l) => /= OpLoad %v4int %quad0$/.test(l))).toBe(true);
    expect(after.some((l) => /= OpLoad %v4int %quad0$/.test(l))).toBe(false); // promoted: its loads are gone
    expect(after.some((l) => l.startsWith("OpStore %quad0 "))).toBe(true); // its stores stay (docs/spirv.md)
    expect(r.functions.find((f) => f.name === "f0(i1;i1;")).toMatchObject({ certified: true });
  });

  it("a style with struct members and an uninitialised member: written member by member, read through access chains", async () => {
    const program = STRAIGHT_PROGRAM;
    let found: { style: number; text: string } | undefined;
    for (let style = 1; style <= 1000 && found === undefined; style++) {
      const text = spirvFuzzTarget.print([programCase(program, ["b"], style)], "alone").files["cases.comp"];
      if (/^ {2}Rec rec0;$/m.test(text) && /^ {2}rec0\.m\d = /m.test(text)) found = { style, text };
    }
    expect(found).toBeDefined();
    expect(found!.text).toMatch(/^struct Rec \{ int m0; int m1; int m2; int m3; \};$/m);
    const r = await run("alone", [programCase(program, ["b"], found!.style)]);
    const before = functionLines(r.files["before.spvasm"], "f0(i1;i1;");
    expect(before.some((l) => /= OpAccessChain %_ptr_Function_int %rec0 %int_\d$/.test(l))).toBe(true);
    expect(r.functions.find((f) => f.name === "f0(i1;i1;")).toMatchObject({ certified: true });
  });

  it("a style with an extra case label on default: the switch sends that label and the default to one block", async () => {
    const { style, text } = styleWith(SWITCH_PROGRAM, /^ {4}case -?\d+: default:$/m);
    expect(text).toMatch(/switch/);
    const r = await run("alone", [programCase(SWITCH_PROGRAM, [], style)]);
    const sw = functionLines(r.files["before.spvasm"], "f0(i1;i1;").find((l) => l.startsWith("OpSwitch "))!.split(/\s+/);
    const defaultTarget = sw[2];
    expect(sw.slice(3).filter((_, i) => i % 2 === 1)).toContain(defaultTarget);
  });
});

describe("inlined: one entry point per case", () => {
  it("each case's wrapper is an entry point; a case without an early return is inlined into it, one with one is not, and the printer names the function that holds the case", async () => {
    const early: Program = { vars: ["a"], body: [{ kind: "if", cond: ["a"], then: [{ kind: "return", uses: ["a"] }], else: [] }, { kind: "assign", defs: ["a"], uses: ["a"] }] };
    const cases = [programCase(STRAIGHT_PROGRAM), programCase(early), programCase({ vars: ["a"], body: [{ kind: "assign", defs: ["a"], uses: [] }, { kind: "return", uses: ["a"] }] })];
    const printed = spirvFuzzTarget.print(cases, "inlined");
    expect(printed.files["cases.comp"]).toMatch(/^void w1\(\) \{ outputs\[1\] = f1\(inputs\[2\], inputs\[3\]\); \}$/m);
    expect(printed.files["cases.comp"]).toMatch(/^void main\(\) \{\}$/m);
    expect(printed.functionNames).toEqual(["w0(", "f1(i1;i1;", "w2("]);
    const r = await run("inlined", cases);
    const before = r.files["before.spvasm"];
    for (const k of [0, 1, 2]) expect(before).toMatch(new RegExp(`OpEntryPoint GLCompute %w${k}_ "w${k}"`));
    const calls = (name: string) => functionLines(before, name).some((l) => l.includes("OpFunctionCall"));
    expect([calls("w0("), calls("w1("), calls("w2(")]).toEqual([false, true, false]);
    // the inlined copy is rewritten in the wrapper: the pass placed phis there
    expect(functionLines(r.files["after.spvasm"], "w0(").some((l) => l.includes("= OpPhi "))).toBe(true);
    expect(r.functions.every((f) => f.certified)).toBe(true);
  });

  it("on random cases, the wrapper keeps its call exactly where the printer names the case function instead (its prediction of spirv-opt's inliner)", async () => {
    const arb = caseArbitrary(spirvFuzzTarget, 12);
    const cases = Array.from({ length: 80 }, (_, i) => generateCase(arb, caseSeed(SEED, 50_000 + i)));
    const names = spirvFuzzTarget.print(cases, "inlined").functionNames;
    const r = await run("inlined", cases);
    const kept = cases.map((_, k) => functionLines(r.files["before.spvasm"], `w${k}(`).some((l) => l.includes("OpFunctionCall")));
    expect(kept).toEqual(names.map((n) => n.startsWith("f")));
    // both kinds occur
    expect(new Set(kept).size).toBe(2);
  });
});

describe("campaigns", () => {
  it("is clean on 300 random cases, alone and inlined in turn (75 per batch)", async () => {
    const r = await runCampaign({ target: spirvFuzzTarget, seed: SEED, maxBlocks: 12, batchSize: 75, runs: 300, shrinkTimeMs: 60_000, runner: processRunner(spirvFuzzTarget, TIMEOUT_MS) });
    expect(r.findings.map((f) => f.description)).toEqual([]);
    expect({ cases: r.cases, runs: r.runs }).toEqual({ cases: 300, runs: 4 });
  });

  /**
   * spirv with a broken step after spirv-opt: the disassembly edited by broken.mjs, assembled
   * again and disassembled as spirv-dis writes it. Without spirv-val: it would report some of
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
          { argv: [process.execPath, BROKEN, mode, "{dir}/after.spvasm"] },
          { argv: ["spirv-as", "--target-env", "spv1.0", "{dir}/after.spvasm", "-o", "{dir}/after.spv"] },
          { argv: ["spirv-dis", "{dir}/after.spv", "-o", "{dir}/after.spvasm"] },
        ],
      },
    };
  }

  const QUALITY_SET = new Set<string>(QUALITY);
  for (const [mode, property] of [
    ["swap-spirv", /^(equiv|same_instructions)$/],
    ["drop-spirv", /^(equiv|same_instructions|allUses_def_ass|conventional)$/],
  ] as const) {
    it(`a broken producer (${mode === "swap-spirv" ? "the first OpPhi's values swapped between its parents" : "the first OpPhi dropped"}) is caught as rejected and shrunk`, async () => {
      const target = broken(mode);
      const r = await runCampaign({ target, variants: ["alone"], seed: SEED, maxBlocks: 12, batchSize: 20, runs: 20, shrinkTimeMs: 60_000, runner: processRunner(target, TIMEOUT_MS) });
      expect(r.findings.length).toBeGreaterThan(0);
      const f = r.findings[0];
      expect(f.kind).toBe("rejected");
      const failing = f.signature.split(":").at(-1)!;
      expect(failing).toMatch(property);
      expect(QUALITY_SET.has(failing)).toBe(false);
      // shrunk: a small program that still needs a phi
      expect(f.shrinkSteps).toBeGreaterThan(0);
      expect(f.case.cfg.blocks.length).toBeLessThanOrEqual(6);
    });
  }
});
