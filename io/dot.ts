/**
 * Graphviz DOT of documents, at the level of the user's blocks (not model nodes): each block a
 * box with its id, phis and statements; an edge from each predecessor to the block, labelled by
 * its index in the block's `preds`, so parallel edges show up once per occurrence and the
 * labels give the phi argument order. The entry block has a double border.
 */
import type { BlockDoc, FunctionDoc } from "./format.js";
import { functionName, phiArgList } from "./read.js";

/** One `digraph`; several functions become one cluster each. */
export function toDot(docs: readonly FunctionDoc[]): string {
  const out: string[] = ["digraph formal_ssa {", "  node [shape=box, fontname=monospace];"];
  docs.forEach((doc, f) => {
    const title = `${functionName(doc, f)} (${doc.kind})`;
    const indent = docs.length === 1 ? "  " : "    ";
    if (docs.length === 1) out.push(`  label=${quote(title)};`, "  labelloc=t;");
    else out.push(`  subgraph cluster_${f} {`, `    label=${quote(title)};`);
    const index = new Map<string, number>();
    doc.blocks.forEach((b, i) => index.set(b.id, i));
    const node = (b: number) => `f${f}b${b}`;
    doc.blocks.forEach((b, i) => {
      const entry = b.id === doc.entry ? ", peripheries=2" : "";
      out.push(`${indent}${node(i)} [label=${label(blockLines(b))}${entry}];`);
    });
    doc.blocks.forEach((b, i) =>
      b.preds.forEach((p, k) => out.push(`${indent}${node(index.get(p)!)} -> ${node(i)} [label="${k}"];`)),
    );
    if (docs.length > 1) out.push("  }");
  });
  out.push("}");
  return `${out.join("\n")}\n`;
}

function blockLines(b: BlockDoc): string[] {
  const lines = [b.id];
  for (const p of b.phis ?? []) lines.push(`${p.def} = phi(${phiArgList(p, b.preds).join(", ")})`);
  if (b.stmts === undefined) lines.push(`defs: ${b.defs!.join(", ")}`, `uses: ${b.uses!.join(", ")}`);
  else for (const s of b.stmts) lines.push(`${s.defs.join(", ")} := ${s.uses.join(", ")}`.trim());
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
