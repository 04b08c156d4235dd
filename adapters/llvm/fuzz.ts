/**
 * The fuzz target `llvm-mem2reg` (adapters/fuzz_target.ts): a batch of cases as one module of
 * LLVM IR, one function `@f<k>` per case, in the style of clang -O0 (emit.ts: an `alloca` per
 * variable, a load per use, a store per definition; parameters `noundef`, as clang declares
 * them, so that the known miscompile of llvm/llvm-project#96631 does not stand for every
 * `sound_refinement` finding), run through `opt-N -passes=mem2reg -S` of
 * the variant's release, and read back through the adapter as `validate before.ll after.ll
 * --llvm-version N` does. Both kinds of case print from their CFG, irreducible ones included.
 * LLVM 14 gets typed pointers (`i32*`), 15 and 16 opaque ones (`ptr`), as their clang emits.
 */
import type { FuzzTarget, PrintedBatch } from "../fuzz_target.js";
import { emitFunction } from "./emit.js";

export const LLVM_FUZZ_VERSIONS = ["14", "15", "16"] as const;

/** The batch's module: one function per case. */
function printBatch(cases: Parameters<FuzzTarget["print"]>[0], variant: string): PrintedBatch {
  const out: string[] = [`; formal-ssa fuzz --target llvm-mem2reg: ${cases.length} random programs for opt-${variant} -passes=mem2reg`, `source_filename = "fuzz"`, ""];
  const functionNames: string[] = [];
  cases.forEach((c, k) => {
    const name = `f${k}`;
    out.push(...emitFunction(c.cfg, { name, uninitialised: new Set(c.uninitialised), opaque: variant !== "14", noundef: true }), "");
    functionNames.push(`@${name}`);
  });
  out.push("declare void @use(i32)", "");
  return { files: { "before.ll": out.join("\n") }, functionNames };
}

export const llvmFuzzTarget: FuzzTarget = {
  name: "llvm-mem2reg",
  adapter: "llvm",
  shapes: "any",
  variants: LLVM_FUZZ_VERSIONS,
  description: "LLVM's mem2reg: each case an LLVM function in clang -O0's style, a batch one module through opt-N -passes=mem2reg -S (N = 14, 15, 16)",
  print: printBatch,
  caseFile: "before.ll",
  inputVersion: (variant) => variant,
  runner: {
    kind: "process",
    tools: (variant) => [`opt-${variant}`],
    steps: (variant) => [{ argv: [`opt-${variant}`, "-passes=mem2reg", "-S", "{dir}/before.ll", "-o", "{dir}/after.ll"] }],
    before: "before.ll",
    after: "after.ll",
    version: (variant) => [`opt-${variant}`, "--version"],
  },
};
