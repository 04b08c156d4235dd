/**
 * `formal-ssa/hermes`: certify hermesc's SSA builders, Hermes V1's SimpleMem2Reg and the legacy
 * Mem2Reg (in V1 and in the 0.12 compiler of hermes-compiler 0.14.x), on hermesc's IR dumps:
 * the dump before the pass and the dump after it (`hermesc -dump-ir
 * -Xcustom-opt=simplestackpromotion` and `...,simplemem2reg`), or one stream of
 * `-Xdump-between-passes` (V1) or `-Xdump-before=Mem2Reg -Xdump-after=Mem2Reg` (legacy) holding
 * both. The report of `formal-ssa validate before.ir after.ir --json` out; the model is described
 * in docs/hermes.md. Running hermesc itself is `validateJs` of `formal-ssa/node`.
 */
import { hermesAdapter } from "../adapters/hermes/index.js";
import { FORMAT_VERSION } from "../io/format.js";
import type { ConstructRequest } from "./construct.js";
import type { ModuleDocument } from "./documents.js";
import { constructedWith, validateWith, type ProducerOptions } from "./producers.js";
import type { Report } from "./report.js";

export { COVERED, hermesAdapter, hermescArgs, HERMES_PASSES, looksLikeHermesDump, parseHermesDump, runsOf, SAME_INSTRUCTIONS } from "../adapters/hermes/index.js";
export type { HermesBlock, HermesDump, HermesFunction, HermesInstr, HermesOperand, HermesPass, HermesPipeline, HermesRun, HermesSection, HermesSyntax } from "../adapters/hermes/index.js";

export interface HermesOptions extends ProducerOptions {
  /** Names of the two inputs in messages (default `before.ir`, `after.ir`; `dump.ir` for `validateDump`). */
  names?: { original?: string; ssa?: string };
}

/**
 * Certifies hermesc's SSA construction function by function: `after` must differ from `before`
 * only as the builder may change it (`same_instructions`), every instruction kind must be known
 * (`covered`), and its SSA must be a valid, equivalent translation of the original CFG over the
 * promoted stack slots. `undef` is `strict` unless given. A malformed dump throws
 * `MalformedInput` (`NAME:LINE: function F: what`).
 */
export function validate(before: string, after: string, options: HermesOptions = {}): Report {
  return validateWith(hermesAdapter, { text: before, name: options.names?.original ?? "before.ir" }, { text: after, name: options.names?.ssa ?? "after.ir" }, options);
}

/** `validate` of one stream that holds the runs of the pass (hermesc's standard error with the dump flags), every run. */
export function validateDump(dump: string, options: HermesOptions = {}): Report {
  const name = options.names?.original ?? "dump.ir";
  const input = { text: dump, name };
  return validateWith(hermesAdapter, input, input, options);
}

/**
 * Our SSA of every function's original CFG, as a module. Without the after dump, the variables
 * are the slots only `LoadStackInst` and `StoreStackInst` use (the builders may keep some of
 * them, which `validate` then leaves out).
 */
export function construct(before: string, options: ConstructRequest = {}): ModuleDocument {
  const functions = [...constructedWith(hermesAdapter, { text: before, name: options.name ?? "before.ir" }, options)].map((f) => f.doc);
  return { format: FORMAT_VERSION, functions };
}
