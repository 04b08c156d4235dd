/**
 * One function of the exchange format in columns: what lowering needs, in typed arrays, with
 * every name interned once. The byte reader (io/bytes_read.ts) builds this straight from a
 * file's bytes, with no object per block or statement; a `FunctionDoc` (a library caller's
 * object, an adapter's output) converts with `columnsOf`. Lowering (io/lower.ts), the writers
 * and DOT work on this form only, so both routes share one implementation.
 *
 * The occurrences of a block, in `occ` from `occStart[b]`: for each phi its def, then its
 * arguments in `preds` order (an `args` object is put in that order); then for each group its
 * defs, then its uses. A group is a statement of a `stmts` block, or the one defs/uses set of a
 * `defs`/`uses` block (which has exactly one group).
 */
import type { DebugDoc, FunctionDoc, Kind } from "./format.js";
import { phiArgList } from "./read.js";

/** Block forms. */
export const FORM_STMTS = 0;
export const FORM_DEFS_USES = 1;

/** Interned names: block ids, variables and values share one table; ids dense from 0. */
export interface NameTable {
  readonly count: number;
  /** The name as a string (decoded on demand for a table over bytes). */
  text(id: number): string;
  /**
   * The name's JSON string literal as bytes of a buffer (`bytes[start..end)`), where the
   * document wrote it without escapes, so a writer can copy it; undefined otherwise.
   */
  literal?(id: number): { bytes: Uint8Array; start: number; end: number } | undefined;
  /**
   * `literal`, copied straight to `sink` (`sink.copy(bytes, start, end)`), with no object per
   * call (a writer copies every block id and pred); false, and nothing copied, where `literal`
   * is undefined.
   */
  copyLiteral?(id: number, sink: LiteralSink): boolean;
  /** For a table over a document's bytes: copies the names out, so the document can be let go. */
  detach?(): void;
}

/** Where `NameTable.copyLiteral` copies a literal's bytes (a `TextWriter`). */
export interface LiteralSink {
  copy(src: Uint8Array, start: number, end: number): void;
}

export interface ColumnarFunction {
  readonly kind: Kind;
  /** The document's `name`, if it has one. */
  readonly name: string | undefined;
  readonly names: NameTable;
  readonly blockCount: number;
  /** Block -> name id of its `id`. */
  readonly blockName: Int32Array;
  /** Block index of `entry`. */
  readonly entry: number;
  /** Block -> its predecessors (block indices), `predStart[b] .. predStart[b + 1]` of `preds`. */
  readonly predStart: Int32Array;
  readonly preds: Int32Array;
  /** Block -> `FORM_STMTS` or `FORM_DEFS_USES`. */
  readonly blockForm: Uint8Array;
  /** Block -> its phis, `phiStart[b] .. phiStart[b + 1]`. */
  readonly phiStart: Int32Array;
  /** Phi -> number of arguments (a list may differ from the preds count: phis_wf decides that). */
  readonly phiArity: Int32Array;
  /** Block -> its groups, `groupStart[b] .. groupStart[b + 1]`. */
  readonly groupStart: Int32Array;
  readonly groupDefs: Int32Array;
  readonly groupUses: Int32Array;
  /** Block -> its first occurrence; one extra entry at the end. */
  readonly occStart: Int32Array;
  /** Name ids, see the module comment. */
  readonly occ: Int32Array;
  /** `vars` as pairs `[value, variable, value, variable, ...]` of name ids, in document order; undefined without `vars`. */
  readonly vars: Int32Array | undefined;
  /** The SSA document's debug records as read (few next to the blocks: kept as objects). */
  readonly debug?: DebugDoc;
  /** Set once `releaseRows` let go of its rows (predecessors, phis, statements, occurrences). */
  readonly rowsReleased?: boolean;
}

const NO_ROWS = new Int32Array(0);
const NO_FORMS = new Uint8Array(0);

/**
 * Lets go of `fn`'s rows: predecessors, block forms, phis, statement groups and occurrences
 * (every holder of `fn` sees them empty); its names, block names, entry, counts and `vars` stay.
 * Lowering reads the rows once: a validation that neither writes nor certifies the function
 * releases them once it is lowered, so that they are not held beside the model and the checks'
 * arrays (n-ifs at 10^5: 13 MB less at validate's peak). What reads rows later (writing, DOT, a
 * certificate) refuses a released function (`requireRows`) rather than reading empty rows.
 */
export function releaseRows(fn: ColumnarFunction): void {
  const m = fn as { -readonly [K in keyof ColumnarFunction]: ColumnarFunction[K] };
  m.predStart = NO_ROWS;
  m.preds = NO_ROWS;
  m.blockForm = NO_FORMS;
  m.phiStart = NO_ROWS;
  m.phiArity = NO_ROWS;
  m.groupStart = NO_ROWS;
  m.groupDefs = NO_ROWS;
  m.groupUses = NO_ROWS;
  m.occStart = NO_ROWS;
  m.occ = NO_ROWS;
  m.rowsReleased = true;
}

/** Throws where `what` would read the rows of a function `releaseRows` let go of (a mistake of this program, not of the input). */
export function requireRows(fn: ColumnarFunction, what: string): void {
  if (fn.rowsReleased === true) throw new Error(`internal: ${what} reads the rows of a function whose rows were released (io/columns.ts releaseRows)`);
}

/** A table of strings held as such. */
export class StringNames implements NameTable {
  private readonly ids = new Map<string, number>();
  readonly strings: string[] = [];
  get count(): number {
    return this.strings.length;
  }
  intern(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) this.ids.set(s, (id = this.strings.push(s) - 1));
    return id;
  }
  text(id: number): string {
    return this.strings[id];
  }
}

/**
 * A table of names given as a list, one per id (an adapter that numbers its names itself). Ids
 * that lowering would meet as one name must have distinct texts; the list is not checked.
 */
export class ListNames implements NameTable {
  constructor(readonly strings: readonly string[]) {}
  get count(): number {
    return this.strings.length;
  }
  text(id: number): string {
    return this.strings[id];
  }
}

/** Growable scratch of `columnsOf`, shared by every call (one walk of the document fills it). */
class IntScratch {
  a = new Int32Array(256);
  n = 0;
  push(x: number): void {
    if (this.n === this.a.length) {
      const b = new Int32Array(2 * this.a.length);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.n++] = x;
  }
  /** The values pushed since `reset`, as an array of their own; a big buffer is let go. */
  take(): Int32Array {
    const out = this.a.slice(0, this.n);
    if (this.a.length > SCRATCH_KEEP) this.a = new Int32Array(256);
    this.n = 0;
    return out;
  }
}
const SCRATCH_KEEP = 1 << 16;
const scratchPreds = new IntScratch();
const scratchArity = new IntScratch();
const scratchDefs = new IntScratch();
const scratchUses = new IntScratch();
const scratchOcc = new IntScratch();

/** A `FunctionDoc` (valid, as `parseDocument` returns it) in columns. */
export function columnsOf(doc: FunctionDoc): ColumnarFunction {
  const names = new StringNames();
  const blocks = doc.blocks;
  const B = blocks.length;
  // block ids are interned first and are unique (as validated), so a block's name id is its index
  const blockName = new Int32Array(B);
  for (let b = 0; b < B; b++) blockName[b] = names.intern(blocks[b].id);
  const predStart = new Int32Array(B + 1);
  const phiStart = new Int32Array(B + 1);
  const groupStart = new Int32Array(B + 1);
  const occStart = new Int32Array(B + 1);
  const blockForm = new Uint8Array(B);
  // one walk, in document order (the order names are interned in), into shared scratch; the
  // lists are copied out at their sizes at the end
  const preds = scratchPreds;
  const arity = scratchArity;
  const gDefs = scratchDefs;
  const gUses = scratchUses;
  const occ = scratchOcc;
  preds.n = arity.n = gDefs.n = gUses.n = occ.n = 0;
  for (let b = 0; b < B; b++) {
    const blk = blocks[b];
    const bp = blk.preds;
    for (let i = 0; i < bp.length; i++) preds.push(names.intern(bp[i]));
    predStart[b + 1] = preds.n;
    const phis = blk.phis;
    if (phis !== undefined)
      for (let i = 0; i < phis.length; i++) {
        const args = phiArgList(phis[i], bp);
        arity.push(args.length);
        occ.push(names.intern(phis[i].def));
        for (let j = 0; j < args.length; j++) occ.push(names.intern(args[j]));
      }
    phiStart[b + 1] = arity.n;
    const stmts = blk.stmts;
    if (stmts === undefined) {
      blockForm[b] = FORM_DEFS_USES;
      const defs = blk.defs!;
      const uses = blk.uses!;
      gDefs.push(defs.length);
      gUses.push(uses.length);
      for (let j = 0; j < defs.length; j++) occ.push(names.intern(defs[j]));
      for (let j = 0; j < uses.length; j++) occ.push(names.intern(uses[j]));
    } else
      for (let i = 0; i < stmts.length; i++) {
        const { defs, uses } = stmts[i];
        gDefs.push(defs.length);
        gUses.push(uses.length);
        for (let j = 0; j < defs.length; j++) occ.push(names.intern(defs[j]));
        for (let j = 0; j < uses.length; j++) occ.push(names.intern(uses[j]));
      }
    groupStart[b + 1] = gDefs.n;
    occStart[b + 1] = occ.n;
  }
  const predList = preds.take();
  const phiArity = arity.take();
  const groupDefs = gDefs.take();
  const groupUses = gUses.take();
  const occList = occ.take();
  let vars: Int32Array | undefined;
  if (doc.vars !== undefined) {
    // keys and values straight from the object, in its order (no entry arrays, as Object.entries makes)
    const table = doc.vars;
    const pairs = scratchOcc;
    pairs.n = 0;
    for (const k in table)
      if (Object.hasOwn(table, k)) {
        pairs.push(names.intern(k));
        pairs.push(names.intern(table[k]));
      }
    vars = pairs.take();
  }
  return {
    kind: doc.kind,
    name: doc.name,
    names,
    blockCount: B,
    blockName,
    entry: names.intern(doc.entry),
    predStart,
    preds: predList,
    blockForm,
    phiStart,
    phiArity,
    groupStart,
    groupDefs,
    groupUses,
    occStart,
    occ: occList,
    vars,
    ...(doc.debug !== undefined ? { debug: doc.debug } : {}),
  };
}

/** Back to a `FunctionDoc` (phi arguments as lists), for callers that want objects. */
export function docOf(fn: ColumnarFunction): FunctionDoc {
  const t = (id: number): string => fn.names.text(id);
  const blocks = [];
  for (let b = 0; b < fn.blockCount; b++) {
    const preds: string[] = [];
    for (let k = fn.predStart[b]; k < fn.predStart[b + 1]; k++) preds.push(t(fn.blockName[fn.preds[k]]));
    let o = fn.occStart[b];
    const take = (n: number): string[] => {
      const out: string[] = [];
      for (let i = 0; i < n; i++) out.push(t(fn.occ[o++]));
      return out;
    };
    const block: FunctionDoc["blocks"][number] = { id: t(fn.blockName[b]), preds };
    if (fn.phiStart[b + 1] > fn.phiStart[b]) {
      block.phis = [];
      for (let p = fn.phiStart[b]; p < fn.phiStart[b + 1]; p++) {
        const def = t(fn.occ[o++]);
        block.phis.push({ def, args: take(fn.phiArity[p]) });
      }
    }
    if (fn.blockForm[b] === FORM_DEFS_USES) {
      const g = fn.groupStart[b];
      block.defs = take(fn.groupDefs[g]);
      block.uses = take(fn.groupUses[g]);
    } else {
      block.stmts = [];
      for (let g = fn.groupStart[b]; g < fn.groupStart[b + 1]; g++) {
        const defs = take(fn.groupDefs[g]);
        block.stmts.push({ defs, uses: take(fn.groupUses[g]) });
      }
    }
    blocks.push(block);
  }
  const doc: FunctionDoc = { kind: fn.kind, ...(fn.name === undefined ? {} : { name: fn.name }), entry: t(fn.blockName[fn.entry]), blocks };
  if (fn.vars !== undefined) {
    const vars: Record<string, string> = Object.create(null);
    for (let i = 0; i < fn.vars.length; i += 2) vars[t(fn.vars[i])] = t(fn.vars[i + 1]);
    doc.vars = vars;
  }
  if (fn.debug !== undefined) doc.debug = fn.debug;
  return doc;
}
