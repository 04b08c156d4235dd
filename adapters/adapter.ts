/**
 * The one interface every producer of SSA implements (LLVM's mem2reg today; the React Compiler
 * and SPIR-V next). An adapter only translates: it reads the producer's form of a function
 * before and after SSA construction into a pair of exchange-format documents on the same
 * blocks and statements (an original CFG and an SSA CFG, io/format.ts), together with the
 * verdicts of the checks only the producer's form can decide (LLVM's `same_instructions`:
 * nothing changed but what mem2reg may change) and what it knows about the producer's phis.
 *
 * It never constructs or validates itself: the library (api/) lowers, checks, compares phi
 * counts, reports, streams and spreads work over threads for every producer alike. Adapters do
 * not import impl/, checks/ or each other, and touch no file system: inputs are texts.
 */
import type { FunctionDoc } from "../io/format.js";
import type { ColumnarFunction } from "../io/columns.js";

/** A producer's text, and the name messages use for it (a file path, or `<stdin>`). */
export interface SourceInput {
  text: string;
  name: string;
  /**
   * The input's bytes, for a producer with a binary form (a SPIR-V module): an adapter whose
   * `recognizesBinary` accepts them reads these, and `text` is then empty.
   */
  bytes?: Uint8Array;
  /**
   * The producer's version, given by the user (`--llvm-version 16`): it overrides what the input
   * says of itself. LLVM's mem2reg promotes by rules that changed between releases.
   */
  version?: string;
}

/** One failure of a producer-specific check, in the producer's terms. */
export interface AdapterFailure {
  /** The block (of the original document) it concerns. */
  block: string;
  /** Line in the before input. */
  line: number;
  /** Line in the after input, where there is one. */
  after_line?: number;
  /**
   * How reports name the two places, where "line" would not be right (a binary input's word
   * offset: `word 279`); `line` and `after_line` hold the numbers.
   */
  places?: { before?: string; after?: string };
  message: string;
}

/** The verdict of a producer-specific check (`same_instructions`): every failure, with its place. */
export interface AdapterCheck {
  property: string;
  failures: AdapterFailure[];
}

/**
 * A reason why the producer's phi count differs from the minimum of braun+peel on the same
 * original CFG (LLVM: `phi(undef, v)` folded to `v`, equal values merged), or another remark.
 */
export interface PhiDifference {
  kind: string;
  block: string;
  detail: string;
  /**
   * How many phis this difference adds to the minimum relative to the producer's count (+1: the
   * producer has one phi fewer than the minimum here), 0 for a remark.
   */
  minimumDelta: number;
}

/** A place of the original document: block id and statement index. */
export interface StatementPlace {
  variable: string;
  block: string;
  stmt: number;
}

/**
 * A use of the SSA document: the use of `value` by statement `stmt` of block `block`, or
 * argument `arg` (in the block's `preds` order) of the phi defining `phi` in block `block`,
 * which is used at the end of that predecessor.
 */
export type UsePlace = { block: string; stmt: number; value: string } | { block: string; phi: string; arg: number };

/**
 * A use whose value, as the producer defines it, does not dominate it (a phi argument: the end
 * of its predecessor): the producer's own rule (LLVM's verifier, spirv-val) fails there. The
 * adapter gives the use a value of the model whose definition does not dominate it either, so
 * that `allUses_def_ass` fails there with its path; `message` says it in the producer's terms.
 */
export type UndominatedUse = UsePlace & { message: string };

/** One function of the producer as the validator sees it. */
export interface FunctionPair {
  /** The function's name as the producer writes it (LLVM: without `@`). */
  name: string;
  /** The original CFG (`kind: "cfg"`, `name` set). */
  original: FunctionDoc;
  /** The producer's SSA on the same blocks and statements (`kind: "ssa"`). */
  ssa: FunctionDoc;
  /**
   * The same two documents in columns (io/columns.ts), where the adapter builds them so: what
   * lowering takes, with no object per block or statement (`original` and `ssa` are then built
   * only when asked for).
   */
  columns?: { original: ColumnarFunction; ssa: ColumnarFunction };
  /** Definitions in `original` that stand for uninitialised content: the wildcards of `--undef refine`. */
  uninitialised: StatementPlace[];
  /** Producer-specific checks; each must hold for the function to be certified. */
  checks: AdapterCheck[];
  /**
   * The uses of `ssa` whose value the producer defines where it does not dominate them (see
   * `UndominatedUse`). `allUses_def_ass` decides them strictly, also under `--undef refine`
   * (what the producer's SSA reads there is no refinement of an uninitialised read: it is not
   * valid SSA), and keeps them failing when a producer check leaves the other properties
   * undecided. Absent: none. An adapter whose SSA document's definitions stand where the
   * producer's do says `exactDefinitions` instead.
   */
  undominated?: UndominatedUse[];
  /**
   * Whether every definition of `ssa` stands where the producer's own does (GCC's SSA names, the
   * React Compiler's identifiers): then a use `allUses_def_ass` finds undefined on a path is
   * undefined there in the producer's SSA too, and `allUses_def_ass` is decided strictly also
   * under `--undef refine`. False or absent where the model's definitions stand in for the
   * producer's at or after them (LLVM and SPIR-V: a store for the value it stores, where the
   * value itself may be computed earlier, and available on more paths), which is why a use
   * undefined on a path where the original reads uninitialised content is only a refinement
   * there, and `undominated` lists the uses the producer's own rule rejects.
   */
  exactDefinitions?: boolean;
  /** The phis the producer placed (our SSA document may hold more, e.g. for merged equal values). */
  phis: number;
  /** Every known reason why `phis` differs from the minimum. */
  differences: PhiDifference[];
  /** Set when the producer's count cannot be accounted for (the reason, one line). */
  unaccountable?: string;
  /** Sizes in the producer's terms, reported as they are: `blocks` at least. */
  stats: { blocks: number } & Record<string, number>;
  /**
   * Where a place of the original stands in the before input (LLVM: the line of the .ll), for
   * the one sentence that opens a rejected function's report; `stmt` null: the block's end (its
   * terminator, where a phi argument is used). Undefined where the producer's form has no lines.
   */
  sourceLine?(block: string, stmt: number | null): number | undefined;
  /**
   * Where each block of `original` stands in the before input: its first and last line
   * (1-based), for a reader that links the text to the graph (the explorer). Undefined where the
   * producer's form has no lines (a binary); made when asked, never on validation's path.
   */
  blockLines?(): Record<string, [number, number]>;
  /**
   * For a use certified only up to refinement (`--undef refine`): what an SSA value of `ssa`
   * stands for in the producer's output (LLVM: `1`, `%x`), and whether putting it where the
   * original reads uninitialised content is a refinement under the producer's own semantics.
   * Undefined where the producer's output names no such value.
   */
  refinedValue?(valueName: string): RefinedValue | undefined;
}

/**
 * What an uninitialised read became, judged by the producer's semantics: LLVM's `undef` is
 * refined by any value that cannot be poison; a JavaScript read gives `undefined` (or throws
 * before the declaration), which no other value refines.
 */
export interface RefinedValue {
  /** The value as the producer's output writes it. */
  value: string;
  /** Why it is not a refinement (LLVM: why it may be poison); null: it is one. */
  unsound: string | null;
  /** The end of the report's sentence "... became VALUE, " + clause: why it is or is not a refinement. */
  clause: string;
}

/** One function's original CFG alone (for `construct`). */
export interface OriginalFunction {
  name: string;
  original: FunctionDoc;
  /** The same in columns, where the adapter builds it so (`original` then built only when asked for). */
  columns?: ColumnarFunction;
}

/**
 * A producer of SSA. `S` is the adapter's own description of a share of its inputs (a run of
 * functions), plain data that can cross to a worker thread.
 */
export interface Adapter<S = unknown> {
  /** The registry's key, and the subpath export (`formal-ssa/llvm`). */
  readonly name: string;
  /** What builds the SSA, as reports name it ("mem2reg"). */
  readonly producer: string;
  /** The producer's form, as messages name it ("LLVM IR"). */
  readonly form: string;
  /** What it reads, for help texts and messages: "two .ll files (before and after mem2reg)". */
  readonly inputs: string;
  /** `--undef` when the user gives none. */
  readonly defaultUndef: "strict" | "refine";
  /** Whether an input is in this producer's form, from its name and its first bytes. */
  recognizes(name: string, head: string): boolean;
  /**
   * For a producer with a binary form: whether an input's first bytes are it (read as bytes,
   * not as UTF-8 text).
   */
  recognizesBinary?(head: Uint8Array): boolean;
  /** Every function of the two inputs, paired and translated, in the before input's order. */
  pairs(before: SourceInput, after: SourceInput): Iterable<FunctionPair>;
  /** Every function's original CFG. */
  originals(before: SourceInput): Iterable<OriginalFunction>;
  /**
   * The inputs cut into at most `k` shares of whole functions, in order, for worker threads
   * (undefined where that cannot be done); `functions` counts them all.
   */
  split(before: SourceInput, after: SourceInput | undefined, k: number): { shares: S[]; functions: number } | undefined;
  /** `pairs` of one share. */
  sharePairs(share: S): Iterable<FunctionPair>;
  /** `originals` of one share. */
  shareOriginals(share: S): Iterable<OriginalFunction>;
  /** How many functions an input holds, cheaply (for progress), when known. */
  countFunctions(input: SourceInput): number;
}

/**
 * A producer's SSA after a later pass of its pipeline, on its own: no original to pair it with,
 * so what can be decided is what holds of an SSA CFG alone (`CFG_SSA_wf`, as `check` decides it),
 * with the adapter's own checks of the producer's form on top.
 */
export interface SsaForm {
  name: string;
  /** The SSA document (`kind: "ssa"`, `name` and `vars` set). */
  ssa: FunctionDoc;
  /** Producer-specific checks; each must hold for the form to be well-formed. */
  checks: AdapterCheck[];
  /** Phis of the form. */
  phis: number;
  /** Producer-specific sizes (`blocks` the form's blocks). */
  stats: { blocks: number; [stat: string]: number };
}

/** One later pass's form of a function, or why it cannot be translated. */
export type PassForm = { pass: string; form: SsaForm } | { pass: string; unmappable: string };

/** One function of an in-process producer, paired at each stage of its SSA construction. */
export interface StagedFunction {
  name: string;
  /** The source file, where the producer says. */
  file: string | null;
  line: number;
  /** One pair per stage (`CompilerAdapter.stages`, in order); absent when the function cannot be paired. */
  stages?: Array<{ stage: string; pair: FunctionPair }>;
  /** Why the function cannot be paired (the construct and its place), when it cannot. */
  unmappable?: string;
  /**
   * Where the later passes were captured: the function after each of them, in pipeline order (a
   * function a pass removed, as an outlined or dead closure, has no form from there on).
   */
  passes?: PassForm[];
}

/**
 * A producer that builds SSA inside a compiler running in this process, watched through a hook
 * of the compiler (the React Compiler's logger), rather than one whose before and after forms
 * are texts. `C` is what the hook captures for one compiled unit; the adapter only translates it
 * into pairs, one per stage of the producer's construction.
 */
export interface CompilerAdapter<C = unknown> {
  readonly name: string;
  /** What builds the SSA, as reports name it. */
  readonly producer: string;
  readonly form: string;
  readonly inputs: string;
  readonly defaultUndef: "strict" | "refine";
  /** The stages validated, in pipeline order (the first is the construction itself). */
  readonly stages: readonly string[];
  /** Every function of one captured unit, paired at each stage. */
  functions(captured: C): StagedFunction[];
}
