/**
 * The exchange format `formal-ssa/1` at the library's surface: the document types, and
 * `parseDocument`, which reads a document from its text or from parsed JSON exactly as the
 * command line reads a file (the same one-line `MalformedInput` messages, naming the place).
 */
import { FORMAT_VERSION, type BlockDoc, type CfgDoc, type FunctionDoc, type ModuleDoc, type PhiDoc, type StmtDoc } from "../io/format.js";
import { readDocument, readDocumentValue, type ReadDocument } from "../io/read.js";
import { formatDocument } from "../io/write.js";

export { FORMAT_VERSION };
export type { BlockDoc, FunctionDoc, ModuleDoc, PhiDoc, StmtDoc };

/** An original CFG over variables. */
export type CfgDocument = CfgDoc;
/** An SSA CFG over SSA values. */
export type SsaDocument = FunctionDoc & { kind: "ssa" };
/** Several functions in one document. */
export type ModuleDocument = ModuleDoc;
/** Anything a file of the format may hold. */
export type Document = FunctionDoc | ModuleDoc;

/**
 * A document as the library accepts it: its JSON text, its parsed JSON value (checked as
 * thoroughly as text), or the functions `parseDocument` returned.
 */
export type DocumentInput = string | Document | readonly FunctionDoc[];

export interface ParseOptions {
  /** The name messages give the input (a file name); default `document`. */
  name?: string;
}

/**
 * The functions of a document, in normal form (every block has `stmts`, or both `defs` and
 * `uses`). Anything that is not the format throws `MalformedInput` with one line naming the
 * place, e.g. `cfg.json: function f, block B2: predecessor "B9" is not a block id`.
 */
export function parseDocument(input: DocumentInput, options: ParseOptions = {}): FunctionDoc[] {
  return parseDocumentShape(input, options).functions;
}

/** `parseDocument`, telling a module (or a list of functions) from a single function. */
export function parseDocumentShape(input: DocumentInput, options: ParseOptions = {}): ReadDocument {
  const name = options.name ?? "document";
  if (typeof input === "string") return readDocument(input, name);
  if (Array.isArray(input)) return readDocumentValue({ format: FORMAT_VERSION, functions: input }, name);
  return readDocumentValue(input, name);
}

/** The JSON text of functions: one function as a document of its own, several as a module (the format of `construct`'s output). */
export function formatDocuments(functions: readonly FunctionDoc[]): string {
  return formatDocument(functions);
}
