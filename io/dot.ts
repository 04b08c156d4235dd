/**
 * Graphviz DOT of documents, at the level of the user's blocks (not model nodes): each block a
 * box with its id, phis and statements; an edge from each predecessor to the block, labelled by
 * its index in the block's `preds`, so parallel edges show up once per occurrence and the
 * labels give the phi argument order. The entry block has a double border.
 */
import { columnsOf, FORM_DEFS_USES, requireRows, type ColumnarFunction } from "./columns.js";
import type { FunctionDoc } from "./format.js";
import { functionName } from "./read.js";
import { collectText, type TextWriter } from "./write.js";

/** One `digraph`; several functions become one cluster each. */
export function toDot(docs: readonly FunctionDoc[]): string {
  return collectText((out) => {
    writeDotOpen(out);
    docs.forEach((doc, f) => writeDotFunction(out, columnsOf(doc), functionName(doc, f), f, docs.length));
    writeDotClose(out);
  });
}

export function writeDotOpen(out: TextWriter): void {
  out.text("digraph formal_ssa {\n  node [shape=box, fontname=monospace];\n");
}

export function writeDotClose(out: TextWriter): void {
  out.text("}\n");
}

/** Function `f` of `count` (its name as messages give it): a cluster of its own when `count` > 1. */
export function writeDotFunction(out: TextWriter, fn: ColumnarFunction, name: string, f: number, count: number): void {
  requireRows(fn, "DOT");
  const title = `${name} (${fn.kind})`;
  const indent = count === 1 ? "  " : "    ";
  if (count === 1) out.text(`  label=${quote(title)};\n  labelloc=t;\n`);
  else out.text(`  subgraph cluster_${f} {\n    label=${quote(title)};\n`);
  const node = (b: number) => `f${f}b${b}`;
  for (let b = 0; b < fn.blockCount; b++) {
    const entry = b === fn.entry ? ", peripheries=2" : "";
    out.text(`${indent}${node(b)} [label=${label(blockLines(fn, b))}${entry}];\n`);
  }
  for (let b = 0; b < fn.blockCount; b++)
    for (let k = fn.predStart[b]; k < fn.predStart[b + 1]; k++) out.text(`${indent}${node(fn.preds[k])} -> ${node(b)} [label="${k - fn.predStart[b]}"];\n`);
  if (count > 1) out.text("  }\n");
}

function blockLines(fn: ColumnarFunction, b: number): string[] {
  const t = (id: number): string => fn.names.text(id);
  const lines = [t(fn.blockName[b])];
  let o = fn.occStart[b];
  const take = (n: number): string[] => {
    const xs: string[] = [];
    for (let i = 0; i < n; i++) xs.push(t(fn.occ[o++]));
    return xs;
  };
  for (let p = fn.phiStart[b]; p < fn.phiStart[b + 1]; p++) {
    const def = t(fn.occ[o++]);
    lines.push(`${def} = phi(${take(fn.phiArity[p]).join(", ")})`);
  }
  for (let g = fn.groupStart[b]; g < fn.groupStart[b + 1]; g++) {
    const defs = take(fn.groupDefs[g]);
    const uses = take(fn.groupUses[g]);
    if (fn.blockForm[b] === FORM_DEFS_USES) lines.push(`defs: ${defs.join(", ")}`, `uses: ${uses.join(", ")}`);
    else lines.push(`${defs.join(", ")} := ${uses.join(", ")}`.trim());
  }
  return lines;
}

/** Left-justified lines; user text can neither end the string nor form a DOT escape. */
function label(lines: readonly string[]): string {
  return `"${lines.map((l) => `${escape(l)}\\l`).join("")}"`;
}

const SPECIAL = /[\\"\x00-\x1f\x7f]/;

function escape(s: string): string {
  if (!SPECIAL.test(s)) return s;
  return s
    .replace(/[\\"]/g, "\\$&")
    .replace(/[\x00-\x1f\x7f]/g, (c) => `\\\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

function quote(s: string): string {
  return `"${escape(s)}"`;
}
