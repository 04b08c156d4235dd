/**
 * `formal-ssa/gcc`: certify GCC's SSA construction (tree-into-ssa.cc). GCC 12's tree dumps
 * before and after it in (`gcc -O0 -c -fdump-tree-cfg-blocks-uid -fdump-tree-ssa-blocks-uid
 * file.c` writes `file.c.015t.cfg` and `file.c.021t.ssa`; `-fdump-tree-fixup_cfg1-blocks-uid`
 * writes `file.c.020t.fixup_cfg1`, the dump right before the pass, which is better), the report of
 * `formal-ssa validate file.c.020t.fixup_cfg1 file.c.021t.ssa --json` out; the model is described in docs/gcc.md.
 */
import { gccAdapter } from "../adapters/gcc/index.js";
import { FORMAT_VERSION } from "../io/format.js";
import type { ConstructRequest } from "./construct.js";
import type { ModuleDocument } from "./documents.js";
import { constructedWith, validateWith, type ProducerOptions } from "./producers.js";
import type { Report } from "./report.js";

export { gccAdapter, looksLikeGimpleDump, parseGimpleDump, SAME_INSTRUCTIONS } from "../adapters/gcc/index.js";
export type { GimpleDump, GimpleFunction, GimpleBlock, GimpleStmt, GimplePhi } from "../adapters/gcc/index.js";

export interface GccOptions extends ProducerOptions {
  /** Names of the two inputs in messages (default `before.cfg`, `after.ssa`). */
  names?: { original?: string; ssa?: string };
}

/**
 * Certifies GCC's SSA construction function by function: `after` must differ from `before` only
 * by renaming (`same_instructions`), and its SSA must be a valid, equivalent translation of the
 * original CFG over the renamed variables. `undef` is `strict` unless given. A malformed dump
 * throws `MalformedInput` (`NAME:LINE: function F: what`).
 */
export function validate(before: string, after: string, options: GccOptions = {}): Report {
  return validateWith(gccAdapter, { text: before, name: options.names?.original ?? "before.cfg" }, { text: after, name: options.names?.ssa ?? "after.ssa" }, options);
}

/**
 * Our SSA of every function's original CFG, as a module. Without the after dump, the variables
 * are those `is_gimple_reg` would rename, judged from the before dump (adapters/gcc/pair.ts).
 */
export function construct(before: string, options: ConstructRequest = {}): ModuleDocument {
  const functions = [...constructedWith(gccAdapter, { text: before, name: options.name ?? "before.cfg" }, options)].map((f) => f.doc);
  return { format: FORMAT_VERSION, functions };
}
