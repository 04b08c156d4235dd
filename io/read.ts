/**
 * Reading the exchange format (../shared/FORMAT.md): JSON text -> validated `FunctionDoc`s.
 *
 * Everything that makes a document unreadable is `MalformedInput` with one line
 * `FILE: function NAME, block ID, statement I: what is wrong` (parts that do not apply are left
 * out; a phi is named `phi I`, a block without a usable id `block #I`). Two phis of one block
 * defining one value are malformed: Isabelle's phis are a map from (node, value). Whatever breaks only a
 * locale assumption (phi argument count, entry with predecessors, unreachable blocks, double
 * definitions, uses not definitely assigned, defs and uses overlapping) is read without
 * complaint: the checkers report those by name.
 *
 * Decisions the format leaves open:
 * - unknown fields are malformed, so that a typo such as `"stmt"` is not silently ignored;
 * - a block with none of `stmts`, `defs`, `uses` is an empty `stmts` block; a block with only
 *   one of `defs`/`uses` has the other empty;
 * - a function inside a module may repeat `"format"`, but only with the same version;
 * - a function without a name is called `#i`, `i` counting from 0 in its file;
 * - a key repeated in one JSON object, anywhere in the document, is malformed (`JSON.parse`
 *   would silently keep the last): `FILE: line L, column C: duplicate key "K" in /blocks/3`
 *   (where the object is, as a JSON pointer; `in the top-level object` for the document itself);
 * - a file must be UTF-8: invalid bytes are malformed (io/text.ts), not replaced by U+FFFD.
 *
 * The returned documents are in normal form: every block has `stmts`, or both
 * `defs` and `uses`; `phis` only where the document has them. Phi `args` objects are kept as
 * objects (use `phiArgList`).
 */
import { MalformedInput } from "../spec/errors.js";
import { FORMAT_VERSION, type BlockDoc, type DebugDoc, type DebugRecordDoc, type FunctionDoc, type Kind, type PhiDoc, type StmtDoc } from "./format.js";
import { findDuplicateKey, findJsonSyntaxError } from "./json.js";

/** A document's functions, and whether it is a module (`"functions": [...]`) or one function. */
export interface ReadDocument {
  functions: FunctionDoc[];
  module: boolean;
}

/** The functions of a document's text (`file` names it in messages). */
export function readDocumentText(text: string, file: string): FunctionDoc[] {
  return readDocument(text, file).functions;
}

/** `readDocumentText`, telling a module from a single function. */
export function readDocument(text: string, file: string): ReadDocument {
  return readValue(parseJson(text, file), file);
}

/**
 * The functions of a parsed JSON value, checked exactly as text is. A value built in a program
 * goes through JSON first (`JSON.stringify`), so that it means what its JSON text means: an
 * `undefined` field is absent, a `toJSON` applies.
 */
export function readDocumentValue(value: unknown, file: string): ReadDocument {
  let json: unknown;
  try {
    const text = JSON.stringify(value);
    json = text === undefined ? value : JSON.parse(text);
  } catch (e) {
    throw new MalformedInput(`${file}: not a JSON value (${firstLine(e instanceof Error ? e.message : String(e))})`);
  }
  return readValue(json, file);
}

function readValue(json: unknown, file: string): ReadDocument {
  const top: Where = new Where(file);
  if (!isObject(json)) top.fail(`the document is not a JSON object`);
  if (!Object.hasOwn(json, "format")) top.fail(`missing "format" (want "${FORMAT_VERSION}")`);
  checkFormat(json.format, top);
  if (!Object.hasOwn(json, "functions")) return { functions: [readFunction(json, file, 0)], module: false };
  checkKeys(json, MODULE_KEYS, top);
  if (!Array.isArray(json.functions)) top.fail(`"functions" must be a list`);
  return { functions: json.functions.map((f: unknown, i: number) => readFunction(f, file, i)), module: true };
}

/** `name`, or `#i` for the i-th function of its file without one. */
export function functionName(doc: FunctionDoc, index: number): string {
  return doc.name ?? `#${index}`;
}

/** A phi's arguments in `preds` order (an `args` object is keyed by predecessor id). */
export function phiArgList(phi: PhiDoc, preds: readonly string[]): string[] {
  const a = phi.args;
  return Array.isArray(a) ? a : preds.map((p) => a[p]);
}

// ---------------------------------------------------------------------------------------------

const MODULE_KEYS = ["format", "functions"];
const FUNCTION_KEYS = ["format", "kind", "name", "entry", "blocks", "vars", "debug"];
const DEBUG_KEYS = ["vars", "records"];
const RECORD_KEYS = ["block", "at", "var", "value", "opaque"];
const BLOCK_KEYS = ["id", "preds", "phis", "stmts", "defs", "uses"];
const STMT_KEYS = ["defs", "uses"];
const PHI_KEYS = ["def", "args"];

type Json = Record<string, unknown>;

/**
 * The place a message names, as a chain of parts. Parts are formatted only when a message is
 * written: a large valid document costs one small object per block and statement, no strings.
 */
class Where {
  constructor(
    readonly file: string,
    private readonly parent?: Where,
    private readonly label?: string,
    /** A user's name (shown via `show`), or an index. */
    private readonly value?: string | number,
  ) {}
  in(label: string, value: string | number): Where {
    return new Where(this.file, this, label, value);
  }
  fail(what: string): never {
    const parts: string[] = [];
    for (let w: Where | undefined = this; w?.label !== undefined; w = w.parent)
      parts.push(`${w.label} ${typeof w.value === "number" ? w.value : show(w.value!)}`);
    const place = parts.length > 0 ? `${parts.reverse().join(", ")}: ` : "";
    throw new MalformedInput(`${this.file}: ${place}${what}`);
  }
}

function parseJson(text: string, file: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (e) {
    const err = findJsonSyntaxError(body);
    if (err) throw new MalformedInput(`${file}: not JSON: line ${err.line}, column ${err.column}: ${err.reason}`);
    throw new MalformedInput(`${file}: not JSON: ${firstLine(e instanceof Error ? e.message : String(e))}`);
  }
  const dup = findDuplicateKey(body);
  if (dup) {
    const key = dup.key.length > 40 ? `${JSON.stringify(dup.key.slice(0, 40)).slice(0, -1)}..."` : JSON.stringify(dup.key);
    const where = dup.path === "" ? "the top-level object" : dup.path;
    throw new MalformedInput(`${file}: line ${dup.line}, column ${dup.column}: duplicate key ${key} in ${where}`);
  }
  return json;
}

function readFunction(raw: unknown, file: string, index: number): FunctionDoc {
  const unnamed: Where = new Where(file).in("function", `#${index}`);
  if (!isObject(raw)) unnamed.fail("not a JSON object");
  if (Object.hasOwn(raw, "name") && typeof raw.name !== "string") unnamed.fail(`"name" must be a string, not ${brief(raw.name)}`);
  const name = raw.name as string | undefined;
  const fn: Where = name === undefined ? unnamed : new Where(file).in("function", name);
  checkKeys(raw, FUNCTION_KEYS, fn);
  if (Object.hasOwn(raw, "format")) checkFormat(raw.format, fn);

  if (!Object.hasOwn(raw, "kind")) fn.fail(`missing "kind" ("cfg" or "ssa")`);
  if (raw.kind !== "cfg" && raw.kind !== "ssa") fn.fail(`"kind" must be "cfg" or "ssa", not ${brief(raw.kind)}`);
  const kind: Kind = raw.kind;
  if (!Object.hasOwn(raw, "entry")) fn.fail(`missing "entry" (the id of the entry block)`);
  if (typeof raw.entry !== "string") fn.fail(`"entry" must be a string, not ${brief(raw.entry)}`);
  const entry = raw.entry;
  if (!Object.hasOwn(raw, "blocks")) fn.fail(`missing "blocks"`);
  if (!Array.isArray(raw.blocks)) fn.fail(`"blocks" must be a list, not ${brief(raw.blocks)}`);
  const rawBlocks: unknown[] = raw.blocks;

  // ids first: a predecessor may name a block further down
  const index_ = new Map<string, number>();
  for (let b = 0; b < rawBlocks.length; b++) {
    const rb = rawBlocks[b];
    const at: Where = fn.in("block", `#${b}`);
    if (!isObject(rb)) at.fail(`not a JSON object`);
    if (!Object.hasOwn(rb, "id")) at.fail(`missing "id"`);
    if (typeof rb.id !== "string") at.fail(`"id" must be a string, not ${brief(rb.id)}`);
    const first = index_.get(rb.id);
    if (first !== undefined) fn.in("block", rb.id).fail(`duplicate block id (blocks #${first} and #${b})`);
    index_.set(rb.id, b);
  }
  const blocks: BlockDoc[] = new Array(rawBlocks.length);
  for (let b = 0; b < rawBlocks.length; b++) blocks[b] = readBlock(rawBlocks[b] as Json, kind, index_, fn);

  if (!index_.has(entry)) fn.fail(`entry ${JSON.stringify(entry)} is not a block id`);
  const doc: FunctionDoc = { kind, ...(name === undefined ? {} : { name }), entry, blocks };
  if (Object.hasOwn(raw, "vars")) {
    if (kind === "cfg") fn.fail(`"vars" in a "cfg" document (only "ssa" documents map values to variables)`);
    doc.vars = readStringMap(raw.vars, `"vars"`, fn);
  }
  if (Object.hasOwn(raw, "debug")) {
    if (kind === "cfg") fn.fail(`"debug" in a "cfg" document (only "ssa" documents have debug records)`);
    doc.debug = readDebug(raw.debug, (id) => {
      const b = index_.get(id);
      if (b === undefined) return undefined;
      return blocks[b].stmts?.length ?? 0;
    }, fn);
  }
  return doc;
}

/**
 * An SSA document's `"debug"`: `{"vars": [...], "records": [...]}`, each record's block a block
 * id, `at` from 0 to the block's statement count (0 in a defs/uses block), `var` one of `vars`,
 * and exactly one of `value` (a string or null) and `opaque` (a string). The byte reader calls
 * it too (on the field's own JSON), so both accept the same documents.
 */
export function readDebugValue(raw: unknown, statementsOf: (block: string) => number | undefined, file: string, functionLabel: string): DebugDoc {
  return readDebug(raw, statementsOf, new Where(file).in("function", functionLabel));
}

function readDebug(raw: unknown, statementsOf: (block: string) => number | undefined, fn: Where): DebugDoc {
  if (!isObject(raw)) fn.fail(`"debug" must be an object, not ${brief(raw)}`);
  checkKeys(raw, DEBUG_KEYS, fn.in("field", "debug"));
  if (!Object.hasOwn(raw, "vars")) fn.fail(`"debug" has no "vars" (the variables with a home in the original)`);
  const vars = readStrings(raw.vars, `"debug"."vars"`, fn);
  const known = new Set(vars);
  if (!Object.hasOwn(raw, "records")) fn.fail(`"debug" has no "records" (give [] for none)`);
  if (!Array.isArray(raw.records)) fn.fail(`"debug"."records" must be a list, not ${brief(raw.records)}`);
  const records: DebugRecordDoc[] = raw.records.map((r: unknown, i: number) => {
    const at: Where = fn.in("debug record", i);
    if (!isObject(r)) at.fail("not a JSON object");
    checkKeys(r, RECORD_KEYS, at);
    if (typeof r.block !== "string") at.fail(`"block" must be a string, not ${brief(r.block)}`);
    const count = statementsOf(r.block);
    if (count === undefined) at.fail(`block ${JSON.stringify(r.block)} is not a block id`);
    if (typeof r.at !== "number" || !Number.isInteger(r.at) || r.at < 0 || r.at > count!)
      at.fail(`"at" must be a whole number from 0 to ${count} (the block's statements), not ${brief(r.at)}`);
    if (typeof r.var !== "string") at.fail(`"var" must be a string, not ${brief(r.var)}`);
    if (!known.has(r.var)) at.fail(`variable ${JSON.stringify(r.var)} is not among "debug"."vars"`);
    const hasValue = Object.hasOwn(r, "value");
    const hasOpaque = Object.hasOwn(r, "opaque");
    if (hasValue === hasOpaque) at.fail(`needs exactly one of "value" (an SSA value, or null) and "opaque" (a location formal-ssa does not judge)`);
    if (hasValue && r.value !== null && typeof r.value !== "string") at.fail(`"value" must be a string or null, not ${brief(r.value)}`);
    if (hasOpaque && typeof r.opaque !== "string") at.fail(`"opaque" must be a string, not ${brief(r.opaque)}`);
    return r as unknown as DebugRecordDoc;
  });
  return { vars, records };
}

function readBlock(rb: Json, kind: Kind, ids: Map<string, number>, fn: Where): BlockDoc {
  const id = rb.id as string;
  const at: Where = fn.in("block", id);
  checkKeys(rb, BLOCK_KEYS, at);
  if (!Object.hasOwn(rb, "preds")) at.fail(`missing "preds" (give [] for none)`);
  const preds = readStrings(rb.preds, `"preds"`, at);
  for (const p of preds) if (!ids.has(p)) at.fail(`predecessor ${JSON.stringify(p)} is not a block id`);

  const block: BlockDoc = { id, preds };
  if (Object.hasOwn(rb, "phis")) {
    if (kind === "cfg") at.fail(`"phis" in a "cfg" document (only "ssa" documents have phis)`);
    if (!Array.isArray(rb.phis)) at.fail(`"phis" must be a list, not ${brief(rb.phis)}`);
    block.phis = rb.phis.map((p: unknown, i: number) => readPhi(p, preds, at.in("phi", i)));
    const first = new Map<string, number>();
    block.phis.forEach((p, i) => {
      const j = first.get(p.def);
      if (j !== undefined) at.in("phi", i).fail(duplicatePhiMessage(p.def, j));
      first.set(p.def, i);
    });
  }
  const hasStmts = Object.hasOwn(rb, "stmts");
  const hasDefs = Object.hasOwn(rb, "defs");
  const hasUses = Object.hasOwn(rb, "uses");
  if (hasStmts && (hasDefs || hasUses))
    at.fail(`has both "stmts" and ${hasDefs ? `"defs"` : `"uses"`} (a block is either statements or one defs/uses node)`);
  if (hasDefs || hasUses) {
    block.defs = hasDefs ? readStrings(rb.defs, `"defs"`, at) : [];
    block.uses = hasUses ? readStrings(rb.uses, `"uses"`, at) : [];
  } else if (hasStmts) {
    if (!Array.isArray(rb.stmts)) at.fail(`"stmts" must be a list, not ${brief(rb.stmts)}`);
    block.stmts = rb.stmts.map((s: unknown, i: number) => readStmt(s, at.in("statement", i)));
  } else block.stmts = [];
  return block;
}

/**
 * Two phis of one block defining one value: Isabelle's `phis g` is a map from `(node, value)` to
 * the arguments, so it has one phi per value and node; a document with two is no SSA CFG of the
 * model (the byte reader and lowering say the same, in these words).
 */
export function duplicatePhiMessage(def: string, firstPhi: number): string {
  return `defines ${JSON.stringify(def)} again, as phi ${firstPhi} of this block does (one phi per value and block: phis g is a map from (node, value))`;
}

function readStmt(raw: unknown, at: Where): StmtDoc {
  if (!isObject(raw)) at.fail(`not a JSON object`);
  checkKeys(raw, STMT_KEYS, at);
  if (!Object.hasOwn(raw, "defs")) at.fail(`missing "defs" (give [] for none)`);
  if (!Object.hasOwn(raw, "uses")) at.fail(`missing "uses" (give [] for none)`);
  readStrings(raw.defs, `"defs"`, at);
  readStrings(raw.uses, `"uses"`, at);
  return raw as unknown as StmtDoc;
}

function readPhi(raw: unknown, preds: readonly string[], at: Where): PhiDoc {
  if (!isObject(raw)) at.fail(`not a JSON object`);
  checkKeys(raw, PHI_KEYS, at);
  if (!Object.hasOwn(raw, "def")) at.fail(`missing "def"`);
  if (typeof raw.def !== "string") at.fail(`"def" must be a string, not ${brief(raw.def)}`);
  if (!Object.hasOwn(raw, "args")) at.fail(`missing "args"`);
  // a list may have the wrong length: that is phis_wf, which the checkers report
  if (Array.isArray(raw.args)) return { def: raw.def, args: readStrings(raw.args, `"args"`, at) };
  if (!isObject(raw.args)) at.fail(`"args" must be a list or an object keyed by predecessor id, not ${brief(raw.args)}`);
  const args = readStringMap(raw.args, `"args"`, at);
  const seen = new Set<string>();
  for (const p of preds) {
    if (seen.has(p))
      at.fail(`"args" is keyed by predecessor, but "preds" lists ${JSON.stringify(p)} twice (parallel edges need a list)`);
    seen.add(p);
  }
  for (const k of Object.keys(args)) if (!seen.has(k)) at.fail(`"args" names ${JSON.stringify(k)}, which is not a predecessor`);
  for (const p of preds) if (!Object.hasOwn(args, p)) at.fail(`"args" has no argument for predecessor ${JSON.stringify(p)}`);
  return { def: raw.def, args };
}

function readStrings(raw: unknown, what: string, at: Where): string[] {
  if (!Array.isArray(raw)) at.fail(`${what} must be a list of strings, not ${brief(raw)}`);
  for (let i = 0; i < raw.length; i++)
    if (typeof raw[i] !== "string") at.fail(`${what}[${i}] must be a string, not ${brief(raw[i])}`);
  return raw as string[];
}

function readStringMap(raw: unknown, what: string, at: Where): Record<string, string> {
  if (!isObject(raw)) at.fail(`${what} must be an object, not ${brief(raw)}`);
  for (const [k, v] of Object.entries(raw))
    if (typeof v !== "string") at.fail(`${what}[${JSON.stringify(k)}] must be a string, not ${brief(v)}`);
  // JSON.parse made every key an own data property, "__proto__" included: safe to keep as is
  return raw as Record<string, string>;
}

function checkFormat(format: unknown, at: Where): void {
  if (typeof format !== "string") at.fail(`"format" must be a string, not ${brief(format)}`);
  if (format !== FORMAT_VERSION) at.fail(`unknown format ${JSON.stringify(format)} (want "${FORMAT_VERSION}")`);
}

function checkKeys(o: Json, allowed: readonly string[], at: Where): void {
  for (const k of Object.keys(o))
    if (!allowed.includes(k)) at.fail(`unknown field ${JSON.stringify(k)} (allowed: ${allowed.join(", ")})`);
}

function isObject(x: unknown): x is Json {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** A user's name inside the place prefix: bare when that cannot be misread, else quoted. */
export function show(name: string): string {
  return /^[\w.$#@'/+-]+$/.test(name) ? name : JSON.stringify(name);
}

/** What a wrong value is, in a few words. */
function brief(x: unknown): string {
  if (x === null) return "null";
  if (Array.isArray(x)) return "a list";
  switch (typeof x) {
    case "string":
      return x.length <= 20 ? JSON.stringify(x) : `a string`;
    case "number":
    case "boolean":
      return String(x);
    case "object":
      return "an object";
    default:
      return typeof x;
  }
}

function firstLine(s: string): string {
  return s.split("\n", 1)[0];
}
