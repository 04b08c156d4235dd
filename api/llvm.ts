/**
 * `formal-ssa/llvm`: certify LLVM's mem2reg. Texts of LLVM IR before and after `opt
 * -passes=mem2reg` (LLVM 14, typed or opaque pointers, with or without debug info) in, the
 * report of `formal-ssa validate before.ll after.ll --json` out; the model is described in
 * docs/llvm.md.
 */
import { llvmAdapter } from "../adapters/llvm/index.js";
import { FORMAT_VERSION } from "../io/format.js";
import type { ConstructRequest } from "./construct.js";
import type { ModuleDocument } from "./documents.js";
import { constructedWith, validateWith, type ProducerOptions } from "./producers.js";
import type { Report } from "./report.js";

export { llvmAdapter, looksLikeLlvm, SAME_INSTRUCTIONS } from "../adapters/llvm/index.js";
export { emitLlvm } from "../adapters/llvm/emit.js";

export interface LlvmOptions extends ProducerOptions {
  /** Names of the two inputs in messages (default `before.ll`, `after.ll`). */
  names?: { original?: string; ssa?: string };
}

/**
 * Certifies `opt -passes=mem2reg` function by function: `after` must differ from `before` only
 * as mem2reg may (`same_instructions`), and its SSA must be a valid, equivalent translation of
 * the original CFG over the promoted allocas. `undef` is `refine` unless given. Malformed IR
 * throws `MalformedInput` (`NAME:LINE: what`).
 */
export function validate(before: string, after: string, options: LlvmOptions = {}): Report {
  return validateWith(llvmAdapter, { text: before, name: options.names?.original ?? "before.ll" }, { text: after, name: options.names?.ssa ?? "after.ll" }, options);
}

/** Our SSA of every function's original CFG (the allocas mem2reg would promote), as a module. */
export function construct(before: string, options: ConstructRequest = {}): ModuleDocument {
  const functions = [...constructedWith(llvmAdapter, { text: before, name: options.name ?? "before.ll" }, options)].map((f) => f.doc);
  return { format: FORMAT_VERSION, functions };
}
