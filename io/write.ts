/**
 * Writing the exchange format: an SSA translation as a document with the original's blocks,
 * preds and statements, and any documents as deterministic, diff-friendly JSON text.
 */
import type { BlockIdx, Node, Var } from "../spec/ids.js";
import { FORMAT_VERSION, type BlockDoc, type FunctionDoc, type PhiDoc, type StmtDoc } from "./format.js";
import { FORM_DEFS_USES, requireRows, type NameTable } from "./columns.js";
import type { LoweredCfg } from "./lower.js";
import { utf8Buffer, utf8Bytes, utf8Text, type Utf8Buffer } from "./text.js";

/** How a construction named things: the value each occurrence reads or writes, and each block's phis. */
export interface Renaming {
  /** The value read for variable `v` by the uses in node `n`. */
  useValue(n: Node, v: Var): string;
  /** The value written for variable `v` by the defs in node `n`. */
  defValue(n: Node, v: Var): string;
  /** The phis of block `b` (on its first node), arguments in `preds` order. */
  phis(b: BlockIdx): { def: string; args: string[] }[];
}

/**
 * The `kind: "ssa"` document of `orig` renamed by `r`: the same blocks, preds and statements in
 * the same form, every variable occurrence renamed through the node it was lowered into (a def
 * through the node holding the defs, which may follow the node holding the uses).
 */
export function renameDocument(orig: LoweredCfg, r: Renaming, vars: Record<string, string>, name?: string): FunctionDoc {
  const blocks: BlockDoc[] = [];
  forEachRenamedBlock(orig, r, (id, preds, phis, groups, defsUses) => {
    const out: BlockDoc = { id, preds };
    if (phis.length > 0) out.phis = phis.map((p): PhiDoc => ({ def: p.def, args: p.args.slice() }));
    if (defsUses) {
      out.defs = groups[0].defs;
      out.uses = groups[0].uses;
    } else out.stmts = groups;
    blocks.push(out);
  });
  const fnName = name ?? orig.fn.name;
  return { kind: "ssa", ...(fnName === undefined ? {} : { name: fnName }), entry: orig.fn.names.text(orig.fn.blockName[orig.fn.entry]), blocks, vars: { ...vars } };
}

/**
 * Each block of `orig` renamed by `r`, in order: its id, preds, phis, and its statements (or its
 * one defs/uses group). One loop shared by the document and the streamed text.
 */
function forEachRenamedBlock(
  orig: LoweredCfg,
  r: Renaming,
  f: (id: string, preds: string[], phis: { def: string; args: string[] }[], groups: StmtDoc[], defsUses: boolean) => void,
): void {
  const { fn } = orig;
  requireRows(fn, "writing a function");
  const text = (id: number): string => fn.names.text(id);
  for (let b = 0; b < fn.blockCount; b++) {
    const bi = b as BlockIdx;
    const preds: string[] = [];
    for (let k = fn.predStart[b]; k < fn.predStart[b + 1]; k++) preds.push(text(fn.blockName[fn.preds[k]]));
    let o = fn.occStart[b];
    for (let p = fn.phiStart[b]; p < fn.phiStart[b + 1]; p++) o += 1 + fn.phiArity[p]; // an original has none
    const groups: StmtDoc[] = [];
    const defsUses = fn.blockForm[b] === FORM_DEFS_USES;
    for (let g = fn.groupStart[b]; g < fn.groupStart[b + 1]; g++) {
      const defs: string[] = [];
      const uses: string[] = [];
      o = renameGroup(orig, r, b, g, o, defs, uses);
      groups.push({ defs, uses });
    }
    f(text(fn.blockName[b]), preds, r.phis(bi), groups, defsUses);
  }
}

/**
 * Group `g` of block `b` renamed into `defs` and `uses` (appended), its occurrences starting at
 * `o`; returns where the next group's start. A def is renamed through the node holding the
 * group's defs, a use through the node holding its uses.
 */
function renameGroup(orig: LoweredCfg, r: Renaming, b: number, g: number, o: number, defs: string[], uses: string[]): number {
  const { fn, layout, occurrences } = orig;
  const defsUses = fn.blockForm[b] === FORM_DEFS_USES;
  const stmt = layout.blockFirstStmt[b] + g - fn.groupStart[b];
  const dn = (defsUses ? layout.blockFirstNode[b] : layout.stmtDefNode[stmt]) as Node;
  const un = (defsUses ? layout.blockFirstNode[b] : layout.stmtUseNode[stmt]) as Node;
  for (let e = o + fn.groupDefs[g]; o < e; o++) defs.push(r.defValue(dn, occurrences[o] as Var));
  for (let e = o + fn.groupUses[g]; o < e; o++) uses.push(r.useValue(un, occurrences[o] as Var));
  return o;
}

/**
 * Text written as it is made: UTF-8 bytes collected in a buffer and handed to `flush` whenever
 * it fills (and at `end`). `flush` must consume or copy the chunk before it returns.
 */
export class TextWriter {
  private readonly out: Utf8Buffer;
  private readonly buf: Uint8Array;
  private pos = 0;
  constructor(
    private readonly flush: (chunk: Uint8Array) => void,
    // 64 KB, a pipe's or a stream's chunk: a megabyte's buffer was resident on top of the
    // structures of a large function when it is written (2 MB more peak at 10^5 ifs), for no
    // fewer system calls that count (350 writes for its 22 MB)
    size = 1 << 16,
  ) {
    this.out = utf8Buffer(size);
    this.buf = this.out.bytes;
  }
  text(s: string): void {
    // at most 3 bytes per UTF-16 unit
    if (this.pos + 3 * s.length > this.buf.length) {
      this.drain();
      if (3 * s.length > this.buf.length) {
        this.flush(utf8Bytes(s));
        return;
      }
    }
    this.pos += this.out.write(s, this.pos);
  }
  /** Text known to be ASCII, copied code by code: cheaper than an encoder call for the short pieces of a block's line. */
  ascii(s: string): void {
    if (this.pos + s.length > this.buf.length) {
      this.drain();
      if (s.length > this.buf.length) {
        this.flush(Uint8Array.from(s, (c) => c.charCodeAt(0)));
        return;
      }
    }
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; i < s.length; i++) buf[p++] = s.charCodeAt(i);
    this.pos = p;
  }
  /** `src[start..end)`, UTF-8 already. */
  copy(src: Uint8Array, start: number, end: number): void {
    const len = end - start;
    if (this.pos + len > this.buf.length) {
      this.drain();
      if (len > this.buf.length) {
        this.flush(src.subarray(start, end));
        return;
      }
    }
    const buf = this.buf;
    if (len > 64) buf.set(src.subarray(start, end), this.pos);
    else for (let i = start, p = this.pos; i < end; i++) buf[p++] = src[i];
    this.pos += len;
  }
  /** A name of `table` as its JSON string literal: copied where the document wrote it without escapes. */
  name(table: NameTable, id: number): void {
    if (table.copyLiteral !== undefined) {
      if (!table.copyLiteral(id, this)) this.text(str(table.text(id)));
      return;
    }
    const lit = table.literal?.(id);
    if (lit !== undefined) this.copy(lit.bytes, lit.start, lit.end);
    else this.text(str(table.text(id)));
  }
  /** Bytes that are UTF-8 already. */
  bytes(b: Uint8Array): void {
    this.copy(b, 0, b.length);
  }
  end(): void {
    this.drain();
  }
  private drain(): void {
    if (this.pos > 0) this.flush(this.buf.subarray(0, this.pos));
    this.pos = 0;
  }
}

/** Chunks collected in memory, for callers that want the text as one string. */
export function collectText(write: (out: TextWriter) => void): string {
  const chunks: Uint8Array[] = [];
  const out = new TextWriter((c) => chunks.push(new Uint8Array(c)));
  write(out);
  out.end();
  return utf8Text(chunks);
}

/**
 * `renameDocument` written straight to `out` as `formatDocument` would format it (one function:
 * `indent` "" and `withFormat`; a module entry: indent "    ", no format), block by block, with
 * no document in between.
 */
export function writeRenamed(
  out: TextWriter,
  orig: LoweredCfg,
  r: Renaming,
  vars: Iterable<readonly [string, string]>,
  name: string | undefined,
  indent: string,
  withFormat: boolean,
): void {
  const i1 = `${indent}  `;
  const i2 = `${indent}    `;
  const fn = orig.fn;
  requireRows(fn, "writing a function");
  out.text(`{\n`);
  if (withFormat) out.text(`${i1}"format": ${str(FORMAT_VERSION)},\n`);
  out.text(`${i1}"kind": "ssa",\n`);
  const fnName = name ?? fn.name;
  if (fnName !== undefined) out.text(`${i1}"name": ${str(fnName)},\n`);
  out.text(`${i1}"entry": ${str(fn.names.text(fn.blockName[fn.entry]))},\n`);
  if (fn.blockCount === 0) out.text(`${i1}"blocks": []`);
  else {
    out.text(`${i1}"blocks": [\n`);
    // values' literals, once per value name (a value is read at many places)
    const literals = new Map<string, string>();
    const value = (name: string): void => {
      let lit = literals.get(name);
      if (lit === undefined) literals.set(name, (lit = str(name)));
      out.text(lit);
    };
    const values = (names: readonly string[]): void => {
      out.ascii("[");
      for (let i = 0; i < names.length; i++) {
        if (i > 0) out.ascii(", ");
        value(names[i]);
      }
      out.ascii("]");
    };
    const defs: string[] = [];
    const uses: string[] = [];
    // made once, not per block (young garbage is what grows V8's young generation)
    const between = `,\n${i2}`;
    for (let b = 0; b < fn.blockCount; b++) {
      out.ascii(b === 0 ? i2 : between);
      out.ascii(`{"id": `);
      out.name(fn.names, fn.blockName[b]);
      out.ascii(`, "preds": [`);
      for (let k = fn.predStart[b]; k < fn.predStart[b + 1]; k++) {
        if (k > fn.predStart[b]) out.ascii(", ");
        out.name(fn.names, fn.blockName[fn.preds[k]]);
      }
      out.ascii("]");
      const phis = r.phis(b as BlockIdx);
      if (phis.length > 0) {
        out.ascii(`, "phis": [`);
        phis.forEach((p, i) => {
          out.ascii(i > 0 ? `, {"def": ` : `{"def": `);
          value(p.def);
          out.ascii(`, "args": `);
          values(p.args);
          out.ascii("}");
        });
        out.ascii("]");
      }
      // an original has no phis: its groups' occurrences start the block's
      let o = fn.occStart[b];
      const defsUses = fn.blockForm[b] === FORM_DEFS_USES;
      out.ascii(defsUses ? ", " : `, "stmts": [`);
      for (let g = fn.groupStart[b]; g < fn.groupStart[b + 1]; g++) {
        const j = g - fn.groupStart[b];
        defs.length = 0;
        uses.length = 0;
        o = renameGroup(orig, r, b, g, o, defs, uses);
        out.ascii(defsUses ? `"defs": ` : j > 0 ? `, {"defs": ` : `{"defs": `);
        values(defs);
        out.ascii(`, "uses": `);
        values(uses);
        if (!defsUses) out.ascii("}");
      }
      out.ascii(defsUses ? "}" : "]}");
    }
    out.text(`\n${i1}]`);
  }
  let entries = 0;
  for (const [k, v] of vars) {
    out.text(entries++ === 0 ? `,\n${i1}"vars": {\n${i2}` : `,\n${i2}`);
    out.text(`${str(k)}: ${str(v)}`);
  }
  out.text(entries === 0 ? `,\n${i1}"vars": {}\n${indent}}` : `\n${i1}}\n${indent}}`);
}

/** The opening of a module's text (`formatEntries`); entries follow, separated by `,\n`, then `MODULE_CLOSE`. */
export const MODULE_OPEN = `{\n  "format": ${JSON.stringify(FORMAT_VERSION)},\n  "functions": [\n`;
export const MODULE_CLOSE = `\n  ]\n}\n`;

/**
 * JSON text of the documents: one function as a plain document, several as a module. Fields in
 * a fixed order, one block per line, one `vars` entry per line; ends with a newline.
 */
export function formatDocument(docs: readonly FunctionDoc[]): string {
  if (docs.length === 1) return `${formatFunction(docs[0], "", true)}\n`;
  return formatEntries(docs.map(moduleEntry), docs[0]);
}

/**
 * One function's text as an entry of a module (`formatEntries`): a long run formats each
 * function as soon as it is built and keeps the text, not the document.
 */
export function moduleEntry(doc: FunctionDoc): string {
  return `    ${formatFunction(doc, "    ", false)}`;
}

/** `formatDocument` from module entries; `first` is the first function's document, which stands alone if it is the only one. */
export function formatEntries(entries: readonly string[], first: FunctionDoc | undefined): string {
  if (entries.length === 1 && first !== undefined) return `${formatFunction(first, "", true)}\n`;
  if (entries.length === 0) return `{\n  "format": ${str(FORMAT_VERSION)},\n  "functions": []\n}\n`;
  return `${MODULE_OPEN}${entries.join(",\n")}${MODULE_CLOSE}`;
}

function formatFunction(doc: FunctionDoc, indent: string, withFormat: boolean): string {
  const i1 = `${indent}  `;
  const i2 = `${indent}    `;
  const fields: string[] = [];
  if (withFormat) fields.push(`"format": ${str(FORMAT_VERSION)}`);
  fields.push(`"kind": ${str(doc.kind)}`);
  if (doc.name !== undefined) fields.push(`"name": ${str(doc.name)}`);
  fields.push(`"entry": ${str(doc.entry)}`);
  fields.push(
    doc.blocks.length === 0 ? `"blocks": []` : `"blocks": [\n${doc.blocks.map((b) => i2 + formatBlock(b)).join(",\n")}\n${i1}]`,
  );
  if (doc.vars !== undefined) {
    const entries = Object.entries(doc.vars).map(([k, v]) => `${i2}${str(k)}: ${str(v)}`);
    fields.push(entries.length === 0 ? `"vars": {}` : `"vars": {\n${entries.join(",\n")}\n${i1}}`);
  }
  if (doc.debug !== undefined) {
    // one record a line, its fields in the format's order
    const records = doc.debug.records.map((r) => {
      const where = `"block": ${str(r.block)}, "at": ${r.at}, "var": ${str(r.var)}`;
      const loc = r.opaque !== undefined ? `"opaque": ${str(r.opaque)}` : `"value": ${r.value === null || r.value === undefined ? "null" : str(r.value)}`;
      return `${i2}  {${where}, ${loc}}`;
    });
    fields.push(`"debug": {"vars": ${list(doc.debug.vars)}, "records": [${records.length === 0 ? "" : `\n${records.join(",\n")}\n${i2}`}]}`);
  }
  return `{\n${fields.map((f) => i1 + f).join(",\n")}\n${indent}}`;
}

function formatBlock(b: BlockDoc): string {
  const parts = [`"id": ${str(b.id)}`, `"preds": ${list(b.preds)}`];
  if (b.phis !== undefined) parts.push(`"phis": [${b.phis.map(formatPhi).join(", ")}]`);
  if (b.stmts !== undefined)
    parts.push(`"stmts": [${b.stmts.map((s) => `{"defs": ${list(s.defs)}, "uses": ${list(s.uses)}}`).join(", ")}]`);
  else parts.push(`"defs": ${list(b.defs ?? [])}`, `"uses": ${list(b.uses ?? [])}`);
  return `{${parts.join(", ")}}`;
}

function formatPhi(p: PhiDoc): string {
  const args = Array.isArray(p.args)
    ? list(p.args)
    : `{${Object.entries(p.args)
        .map(([k, v]) => `${str(k)}: ${str(v)}`)
        .join(", ")}}`;
  return `{"def": ${str(p.def)}, "args": ${args}}`;
}

/** A JSON string literal; names rarely need escapes, and the check is cheaper than JSON.stringify. */
function str(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c === 34 || c === 92 || c > 126) return JSON.stringify(s);
  }
  return `"${s}"`;
}
const list = (xs: readonly string[]): string => `[${xs.map(str).join(", ")}]`;
