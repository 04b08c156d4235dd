/**
 * The exchange format `formal-ssa/1` (../shared/FORMAT.md) as TypeScript types: what a
 * document looks like after JSON.parse and validation, before lowering into the model.
 */

export const FORMAT_VERSION = "formal-ssa/1";

/** One statement: reads its `uses`, then writes its `defs`. */
export interface StmtDoc {
  defs: string[];
  uses: string[];
}

/** A phi: `args` in `preds` order, or keyed by predecessor id (only where `preds` has no duplicates). */
export interface PhiDoc {
  def: string;
  args: string[] | Record<string, string>;
}

/**
 * A block in one of two forms: `stmts` (ordered statements, lowered to a chain of nodes), or
 * `defs`/`uses` (the block is one abstract node with a set of defs and a set of uses).
 */
export interface BlockDoc {
  id: string;
  preds: string[];
  phis?: PhiDoc[];
  stmts?: StmtDoc[];
  defs?: string[];
  uses?: string[];
}

export type Kind = "cfg" | "ssa";

/**
 * One debug record of an SSA document (docs/format.md, "Debug records"): from after the first
 * `at` statements of `block` (0: right after its phis; a defs/uses block: 0 only), the debugger
 * finds variable `var` in SSA value `value`, or nowhere (`value: null`: undef, poison, GCC's
 * NULL), or at a location formal-ssa does not judge (`opaque`: its text, e.g. GCC's `D#1`).
 * Exactly one of `value` and `opaque`.
 */
export interface DebugRecordDoc {
  block: string;
  at: number;
  var: string;
  value?: string | null;
  opaque?: string;
}

/** The debug records of an SSA document, and the variables with a home in the original (the tracked ones). */
export interface DebugDoc {
  vars: string[];
  records: DebugRecordDoc[];
}

/** One function: an original CFG over variables or an SSA CFG over SSA values. */
export interface FunctionDoc {
  format?: string;
  kind: Kind;
  name?: string;
  entry: string;
  blocks: BlockDoc[];
  /** SSA value -> original variable (`var`), `kind: "ssa"` only. */
  vars?: Record<string, string>;
  /** `kind: "ssa"` only: the producer's debug records (the debugger's view, `debug_correct`). */
  debug?: DebugDoc;
}

/** An original CFG over variables: a `FunctionDoc` of kind `cfg` (no `vars`). */
export type CfgDoc = FunctionDoc & { kind: "cfg"; vars?: undefined };

/** A whole module: several functions in one file. */
export interface ModuleDoc {
  format: string;
  functions: FunctionDoc[];
}
