/**
 * `formal-ssa/spirv`: certify SPIRV-Tools' `spirv-opt --ssa-rewrite`. Two SPIR-V modules before
 * and after the pass in, each a binary (bytes starting with the magic number) or the disassembly
 * text of `spirv-dis`, the report of `formal-ssa validate before.spv after.spv --json` out; the
 * model is described in docs/spirv.md.
 */
import type { SourceInput } from "../adapters/adapter.js";
import { spirvAdapter } from "../adapters/spirv/index.js";
import { FORMAT_VERSION } from "../io/format.js";
import type { ConstructRequest } from "./construct.js";
import type { ModuleDocument } from "./documents.js";
import { constructedWith, validateWith, type ProducerOptions } from "./producers.js";
import type { Report } from "./report.js";

export { spirvAdapter, looksLikeSpirv, readSpirv, SAME_INSTRUCTIONS } from "../adapters/spirv/index.js";
export type { SpvModule, SpvInstruction } from "../adapters/spirv/index.js";

/** A module: its bytes (binary SPIR-V) or its disassembly text. */
export type SpirvInput = Uint8Array | string;

export interface SpirvOptions extends ProducerOptions {
  /** Names of the two inputs in messages (default `before.spv`, `after.spv`). */
  names?: { original?: string; ssa?: string };
}

const source = (m: SpirvInput, name: string): SourceInput => (typeof m === "string" ? { text: m, name } : { text: "", name, bytes: m });

/**
 * Certifies `spirv-opt --ssa-rewrite` function by function: `after` must differ from `before`
 * only as the pass may (`same_instructions`), and its SSA must be a valid, equivalent
 * translation of the original CFG over the promoted variables. `undef` is `strict` unless given.
 * A malformed module throws `MalformedInput` (`NAME: word OFFSET: what` for a binary,
 * `NAME:LINE: what` for text).
 */
export function validate(before: SpirvInput, after: SpirvInput, options: SpirvOptions = {}): Report {
  return validateWith(spirvAdapter, source(before, options.names?.original ?? "before.spv"), source(after, options.names?.ssa ?? "after.spv"), options);
}

/** Our SSA of every function's original CFG (over the variables the pass would promote), as a module. */
export function construct(before: SpirvInput, options: ConstructRequest = {}): ModuleDocument {
  const functions = [...constructedWith(spirvAdapter, source(before, options.name ?? "before.spv"), options)].map((f) => f.doc);
  return { format: FORMAT_VERSION, functions };
}
