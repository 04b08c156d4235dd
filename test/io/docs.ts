/**
 * Tiny document builders for the io tests: a statement is written `"x, y := z"` (defs := uses),
 * so a block reads like the pseudo-program it encodes.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { BlockDoc, FunctionDoc, PhiDoc } from "../../io/format.js";
import { readDocumentText } from "../../io/read.js";

const words = (s: string): string[] => s.split(",").map((w) => w.trim()).filter((w) => w !== "");

/** `"x, y := z"` -> `{defs: [x, y], uses: [z]}`. */
export function st(text: string): { defs: string[]; uses: string[] } {
  const [defs, uses] = text.split(":=");
  return { defs: words(defs), uses: words(uses ?? "") };
}

/** A `stmts` block. */
export function blk(id: string, preds: string[], stmts: string[], phis?: PhiDoc[]): BlockDoc {
  return { id, preds, ...(phis ? { phis } : {}), stmts: stmts.map(st) };
}

/** A `defs`/`uses` block. */
export function du(id: string, preds: string[], defs: string[], uses: string[], phis?: PhiDoc[]): BlockDoc {
  return { id, preds, ...(phis ? { phis } : {}), defs, uses };
}

export function cfgDoc(blocks: BlockDoc[], entry = blocks[0].id): FunctionDoc {
  return { kind: "cfg", name: "f", entry, blocks };
}

export function ssaDoc(blocks: BlockDoc[], vars?: Record<string, string>, entry = blocks[0].id): FunctionDoc {
  return { kind: "ssa", name: "f", entry, blocks, ...(vars ? { vars } : {}) };
}

export const EXAMPLES = ["loop", "diamond", "nested-loops-break", "irreducible", "parallel-edges", "self-loop"] as const;

export function examplePath(name: string): string {
  return fileURLToPath(new URL(`../../examples/${name}.json`, import.meta.url));
}

export function example(name: string): FunctionDoc {
  const docs = readDocumentText(readFileSync(examplePath(name), "utf8"), `examples/${name}.json`);
  return docs[0];
}
