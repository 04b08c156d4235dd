/**
 * The fuzz target `spirv` (adapters/fuzz_target.ts): a batch of structured cases as one GLSL
 * compute shader `cases.comp` (glsl.ts prints each case as `int f<k>(int p0, int p1)`), compiled
 * by glslang, run through `spirv-opt --ssa-rewrite`, and read back through the adapter as
 * `formal-ssa validate before.spvasm after.spvasm` does; `spirv-val` judges the pass's output.
 * Two variants, the two pipelines of docs/spirv.md:
 *
 * - `alone`: `main` calls every `f<k>` (so glslang keeps them all); glslang's module is what the
 *   pass reads. Case k is the function `f<k>(i1;i1;` (its `OpName`, which the report uses).
 * - `inlined`: `spirv-opt --inline-entry-points-exhaustive --eliminate-dead-functions` first,
 *   then `--ssa-rewrite` on the inlined module. The inliner copies callees into entry points,
 *   and a GLSL shader has one, so `main` calling every case would hold all of them after
 *   inlining, and a rejection there would name no case. So each case gets an entry point of its own: a wrapper `void w<k>()` that calls
 *   `f<k>` and stores its result, kept by glslang's `--keep-uncalled` (`main` is empty), and made an
 *   entry point (`OpEntryPoint GLCompute`, `LocalSize 1 1 1`) by an `awk` script on the
 *   disassembly before `spirv-as` assembles it again. After inlining, `w<k>(` holds case k alone.
 *   SPIRV-Tools 2023.1 does not inline a function with a `return` before its end ("could not be
 *   inlined because the return instruction is not at the end of the function"): for a case with
 *   such a `return` (`hasEarlyReturn`), `w<k>` keeps its call and case k is `f<k>(i1;i1;`, which
 *   the pass rewrites as in `alone`. `--eliminate-dead-functions` removes each `f<k>` that no
 *   wrapper calls any more: its body was inlined, and kept it would be rewritten and validated
 *   again, as under `alone`, without judging anything (half the module: about a third of the
 *   variant's processes and half its validation). The prediction is not exact (an early
 *   `return` in code glslang finds unreachable and drops is no early return for the inliner),
 *   and a later spirv-opt may inline more: a case predicted to stay in `f<k>` whose `f<k>` is
 *   gone was inlined, and is judged by its wrapper (`fallbackNames`). (test/fuzz/producers/
 *   spirv.test.ts checks the prediction against spirv-opt's output.)
 *
 * The adapter reads the binaries (`before.spv`, `after.spv`), as `formal-ssa validate` reads a
 * binary; their disassembly (`spirv-dis`) is made only for a finding's folder (`views`).
 */
import type { FuzzCase, FuzzTarget, PrintedBatch, ProcessStep } from "../fuzz_target.js";
import { GLSL_RECORD_TYPE, hasEarlyReturn, printGlslFunction } from "./glsl.js";

export const SPIRV_FUZZ_VARIANTS = ["alone", "inlined"] as const;

/** `spirv-val`'s target environment: glslang's `-V` compiles for Vulkan 1.0. */
const VALIDATOR_ENV = "vulkan1.0";

/** The name the report gives case k's function under `variant` (see the module comment). */
export function spirvCaseFunction(c: FuzzCase, k: number, variant: string): string {
  if (variant === "inlined" && c.kind === "program" && !hasEarlyReturn(c.program)) return `w${k}(`;
  return `f${k}(i1;i1;`;
}

function printBatch(cases: readonly FuzzCase[], variant: string): PrintedBatch {
  if (!(SPIRV_FUZZ_VARIANTS as readonly string[]).includes(variant)) throw new RangeError(`spirv fuzz target: no variant ${variant} (${SPIRV_FUZZ_VARIANTS.join(", ")})`);
  const inlined = variant === "inlined";
  const out: string[] = [
    "#version 450",
    `// formal-ssa fuzz --target spirv (${variant}): ${cases.length} random program${cases.length === 1 ? "" : "s"}, one function each, for spirv-opt${inlined ? " --inline-entry-points-exhaustive, then" : ""} --ssa-rewrite`,
    "layout(local_size_x = 1) in;",
    "layout(std430, binding = 0) buffer Inputs { int inputs[]; };",
    "layout(std430, binding = 1) buffer Outputs { int outputs[]; };",
    GLSL_RECORD_TYPE,
    "",
  ];
  cases.forEach((c, k) => {
    if (c.kind !== "program") throw new RangeError("spirv fuzz target: SPIR-V needs structured control flow: it prints structured programs only");
    out.push(...printGlslFunction(`f${k}`, c.program, c.uninitialised, c.style), "");
  });
  const call = (k: number) => `outputs[${k}] = f${k}(inputs[${2 * k}], inputs[${2 * k + 1}]);`;
  if (inlined) {
    cases.forEach((_, k) => out.push(`void w${k}() { ${call(k)} }`));
    out.push("", "void main() {}", "");
  } else {
    out.push("void main() {", ...cases.map((_, k) => `  ${call(k)}`), "}", "");
  }
  const files: Record<string, string> = { "cases.comp": out.join("\n") };
  if (inlined) files["entry_points.awk"] = entryPointsScript(cases.length);
  const functionNames = cases.map((c, k) => spirvCaseFunction(c, k, variant));
  // a case predicted to stay in f<k> but inlined after all is in its wrapper (its f<k> removed)
  const fallbackNames = inlined ? functionNames.map((n, k) => (n.startsWith("f") ? `w${k}(` : undefined)) : undefined;
  return { files, functionNames, ...(fallbackNames !== undefined ? { fallbackNames } : {}) };
}

/**
 * The awk script that makes each wrapper `w<k>` an entry point of glslang's module, read from its
 * disassembly with raw ids (`spirv-dis --raw-id`, which takes 40% of the time of spirv-dis's
 * friendly names, a tenth of the variant's processes): read twice, first for the wrappers' ids
 * (their `OpName "w<k>("`), then copied with the wrappers' `OpEntryPoint` after glslang's own
 * and their `OpExecutionMode` after glslang's own. spirv-as numbers ids by their first
 * appearance whatever their names, so the module it assembles is the one it assembled from the
 * friendly names.
 */
function entryPointsScript(count: number): string {
  return [
    `BEGIN { N = ${count} }`,
    'NR == FNR { if ($1 == "OpName" && $3 ~ /^"w[0-9]+\\("$/) id[substr($3, 3, length($3) - 4)] = $2; next }',
    "{ print }",
    '/^ *OpEntryPoint / { for (k = 0; k < N; k++) print "OpEntryPoint GLCompute " id[k] " \\"w" k "\\"" }',
    '/^ *OpExecutionMode / { for (k = 0; k < N; k++) print "OpExecutionMode " id[k] " LocalSize 1 1 1" }',
    "",
  ].join("\n");
}

/**
 * spirv-opt validates its input before any pass unless told not to. Its input here is glslang's
 * module or the inliner's, none of the pass's doing, and validating it was half of each
 * spirv-opt run (on a batch of 200: --ssa-rewrite 0.8 -> 0.4 ms per case, the inliner 1.9 -> 1.1;
 * the output is the same, byte for byte). The pass's output is validated by spirv-val, as
 * before; a module that glslang or the inliner got wrong would show as a finding on the pass's
 * output (invalid-output, rejected or unreadable) rather than as spirv-opt's refusal.
 */
const SKIP_VALIDATION = "--skip-validation";

const dis = (name: string): ProcessStep => ({ argv: ["spirv-dis", `{dir}/${name}.spv`, "-o", `{dir}/${name}.spvasm`] });

function steps(variant: string): ProcessStep[] {
  if (variant === "inlined")
    return [
      { argv: ["glslangValidator", "-V", "--keep-uncalled", "{dir}/cases.comp", "-o", "{dir}/before0.spv"] },
      { argv: ["spirv-dis", "--raw-id", "{dir}/before0.spv", "-o", "{dir}/before0.spvasm"] },
      { argv: ["awk", "-f", "{dir}/entry_points.awk", "{dir}/before0.spvasm", "{dir}/before0.spvasm"], stdout: "entry_points.spvasm" },
      { argv: ["spirv-as", "--target-env", "spv1.0", "{dir}/entry_points.spvasm", "-o", "{dir}/entry_points.spv"] },
      // the functions no wrapper calls any more go (see the module comment)
      { argv: ["spirv-opt", SKIP_VALIDATION, "--inline-entry-points-exhaustive", "--eliminate-dead-functions", "{dir}/entry_points.spv", "-o", "{dir}/before.spv"] },
      { argv: ["spirv-opt", SKIP_VALIDATION, "--ssa-rewrite", "{dir}/before.spv", "-o", "{dir}/after.spv"] },
    ];
  return [
    { argv: ["glslangValidator", "-V", "{dir}/cases.comp", "-o", "{dir}/before.spv"] },
    { argv: ["spirv-opt", SKIP_VALIDATION, "--ssa-rewrite", "{dir}/before.spv", "-o", "{dir}/after.spv"] },
  ];
}

export const spirvFuzzTarget: FuzzTarget = {
  name: "spirv",
  adapter: "spirv",
  shapes: "structured",
  variants: SPIRV_FUZZ_VARIANTS,
  description:
    "SPIRV-Tools' spirv-opt --ssa-rewrite: each case a GLSL function, a batch one compute shader through glslangValidator -V, then --ssa-rewrite alone or after --inline-entry-points-exhaustive (each case its own entry point); spirv-val on the output",
  print: printBatch,
  caseFile: "cases.comp",
  runner: {
    kind: "process",
    tools: (variant) => (variant === "inlined" ? ["glslangValidator", "spirv-dis", "awk", "spirv-as", "spirv-opt", "spirv-val"] : ["glslangValidator", "spirv-opt", "spirv-dis", "spirv-val"]),
    steps: (variant) => steps(variant),
    // the disassembly, for people: a finding's folder keeps it; a batch is judged on the binaries
    // (two spirv-dis processes cost about a millisecond per case, a fifth of the batch's processes)
    views: () => [dis("before"), dis("after")],
    // the binaries, read as bytes (cheaper than the disassembly)
    before: "before.spv",
    after: "after.spv",
    // spirv-val reads binaries: the pass's output itself, of which after.spvasm is the disassembly
    validator: () => ({ argv: ["spirv-val", "--target-env", VALIDATOR_ENV, "{dir}/after.spv"] }),
    version: () => ["spirv-opt", "--version"],
  },
};
