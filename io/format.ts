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

/** One function: an original CFG over variables or an SSA CFG over SSA values. */
export interface FunctionDoc {
  format?: string;
  kind: Kind;
  name?: string;
  entry: string;
  blocks: BlockDoc[];
  /** SSA value -> original variable (`var`), `kind: "ssa"` only. */
  vars?: Record<string, string>;
}

/** An original CFG over variables: a `FunctionDoc` of kind `cfg` (no `vars`). */
export type CfgDoc = FunctionDoc & { kind: "cfg"; vars?: undefined };

/** A whole module: several functions in one file. */
export interface ModuleDoc {
  format: string;
  functions: FunctionDoc[];
}
