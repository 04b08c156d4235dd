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
import type { FunctionDoc, Kind } from "./format.js";
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

/** A `FunctionDoc` (valid, as `parseDocument` returns it) in columns. */
export function columnsOf(doc: FunctionDoc): ColumnarFunction {
  const names = new StringNames();
  const blocks = doc.blocks;
  const B = blocks.length;
  // block ids are interned first and are unique (as validated), so a block's name id is its index
  const blockName = new Int32Array(B);
  for (let b = 0; b < B; b++) blockName[b] = names.intern(blocks[b].id);
  const index = (id: string): number => names.intern(id);
  const predStart = new Int32Array(B + 1);
  const phiStart = new Int32Array(B + 1);
  const groupStart = new Int32Array(B + 1);
  const occStart = new Int32Array(B + 1);
  const blockForm = new Uint8Array(B);
  for (let b = 0; b < B; b++) {
    const blk = blocks[b];
    predStart[b + 1] = predStart[b] + blk.preds.length;
    const phis = blk.phis ?? [];
    phiStart[b + 1] = phiStart[b] + phis.length;
    let k = 0;
    for (const p of phis) k += 1 + (Array.isArray(p.args) ? p.args.length : blk.preds.length);
    if (blk.stmts === undefined) {
      blockForm[b] = FORM_DEFS_USES;
      groupStart[b + 1] = groupStart[b] + 1;
      k += blk.defs!.length + blk.uses!.length;
    } else {
      groupStart[b + 1] = groupStart[b] + blk.stmts.length;
      for (const s of blk.stmts) k += s.defs.length + s.uses.length;
    }
    occStart[b + 1] = occStart[b] + k;
  }
  const preds = new Int32Array(predStart[B]);
  const phiArity = new Int32Array(phiStart[B]);
  const groupDefs = new Int32Array(groupStart[B]);
  const groupUses = new Int32Array(groupStart[B]);
  const occ = new Int32Array(occStart[B]);
  let o = 0;
  const put = (xs: readonly string[]): void => {
    for (const x of xs) occ[o++] = names.intern(x);
  };
  for (let b = 0; b < B; b++) {
    const blk = blocks[b];
    blk.preds.forEach((p, i) => (preds[predStart[b] + i] = index(p)));
    (blk.phis ?? []).forEach((p, i) => {
      const args = phiArgList(p, blk.preds);
      phiArity[phiStart[b] + i] = args.length;
      occ[o++] = names.intern(p.def);
      put(args);
    });
    const g = groupStart[b];
    if (blk.stmts === undefined) {
      groupDefs[g] = blk.defs!.length;
      groupUses[g] = blk.uses!.length;
      put(blk.defs!);
      put(blk.uses!);
    } else
      blk.stmts.forEach((s, j) => {
        groupDefs[g + j] = s.defs.length;
        groupUses[g + j] = s.uses.length;
        put(s.defs);
        put(s.uses);
      });
  }
  let vars: Int32Array | undefined;
  if (doc.vars !== undefined) {
    const entries = Object.entries(doc.vars);
    vars = new Int32Array(2 * entries.length);
    entries.forEach(([k, v], i) => {
      vars![2 * i] = names.intern(k);
      vars![2 * i + 1] = names.intern(v);
    });
  }
  return {
    kind: doc.kind,
    name: doc.name,
    names,
    blockCount: B,
    blockName,
    entry: index(doc.entry),
    predStart,
    preds,
    blockForm,
    phiStart,
    phiArity,
    groupStart,
    groupDefs,
    groupUses,
    occStart,
    occ,
    vars,
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
  return doc;
}
