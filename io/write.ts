/**
 * Writing the exchange format: an SSA translation as a document with the original's blocks,
 * preds and statements, and any documents as deterministic, diff-friendly JSON text.
 */
import type { BlockIdx, Node, Var } from "../spec/ids.js";
import { FORMAT_VERSION, type BlockDoc, type FunctionDoc, type PhiDoc, type StmtDoc } from "./format.js";
import type { LoweredCfg } from "./lower.js";

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
  const { layout, varIds } = orig;
  const blocks = orig.blocks.map((b, i): BlockDoc => {
    const bi = i as BlockIdx;
    const out: BlockDoc = { id: b.id, preds: b.preds.slice() };
    const phis = r.phis(bi);
    if (phis.length > 0) out.phis = phis.map((p): PhiDoc => ({ def: p.def, args: p.args.slice() }));
    if (b.stmts === undefined) {
      const n = layout.blockFirstNode[bi] as Node;
      out.defs = b.defs!.map((d) => r.defValue(n, varIds.get(d)!));
      out.uses = b.uses!.map((u) => r.useValue(n, varIds.get(u)!));
    } else {
      out.stmts = b.stmts.map((s, j): StmtDoc => {
        const g = layout.blockFirstStmt[bi] + j;
        const dn = layout.stmtDefNode[g] as Node;
        const un = layout.stmtUseNode[g] as Node;
        return { defs: s.defs.map((d) => r.defValue(dn, varIds.get(d)!)), uses: s.uses.map((u) => r.useValue(un, varIds.get(u)!)) };
      });
    }
    return out;
  });
  const fnName = name ?? orig.doc.name;
  return { kind: "ssa", ...(fnName === undefined ? {} : { name: fnName }), entry: orig.doc.entry, blocks, vars: { ...vars } };
}

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
  return `{\n  "format": ${str(FORMAT_VERSION)},\n  "functions": [\n${entries.join(",\n")}\n  ]\n}\n`;
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
