/**
 * Big LLVM modules one function at a time. Parsing a whole module first keeps every instruction
 * of both versions alive for the whole run, so each young-generation collection copies what the
 * parser just built and the old generation grows to hundreds of MB. Here the text is cut at its
 * `define` lines, and each function of the before version is parsed, paired with the same
 * function of the after version and adapted before the next one is parsed: what one function
 * needs dies young.
 *
 * The same functions as the whole-module reading (`adaptModule` on both modules parsed whole),
 * which stays the reference and takes over whenever the cut does not apply: no `define` at all,
 * functions of the two versions not in the same order or defined twice, or malformed input (so
 * that its one-line message, with the module's line numbers, is exactly the whole-module one).
 */
import { MalformedInput } from "../../spec/errors.js";
import type { LlvmModule } from "./ir.js";
import { adaptModule, OriginalColumns, originalFunction, pairContext, soloContext, type AdaptedFunction } from "./mem2reg.js";
import { ModuleContext, type TextRange } from "./module_context.js";
import { parseModule } from "./read.js";
import { hasNumberedTypes, SourceText } from "./text.js";
import { ModuleChecker, type ModuleSymbols } from "./verify.js";

/** A parsed module with its text (the comparison reads instructions' text back). */
export interface LlvmInput {
  src: SourceText;
  module: LlvmModule;
}

/** A module text, or a share of one starting at line `lineOffset + 1` (the module's line numbers are kept). */
export interface ModuleText {
  text: string;
  file: string;
  lineOffset: number;
  /** Whether the whole module defines numbered types (a share does not see the type definitions). */
  numberedTypes?: boolean;
  /**
   * The LLVM release whose mem2reg made the after version (promote.ts: its rules changed), from
   * the user or the module's `!llvm.ident`; undefined when neither says.
   */
  llvmVersion?: number;
  /** Its `define` lines, where read already (`defines`). */
  defines?: Defines;
  /**
   * For a share: what stands outside the module's functions (module_context.ts: attribute groups
   * and metadata, which LLVM prints after them). A whole module is its own context.
   */
  context?: string;
  /**
   * For a share: the module's top level as the strict reading found it (verify.ts): its globals,
   * types and metadata, which the share's functions use, checked once for the whole module.
   */
  symbols?: ModuleSymbols;
}

/**
 * The major version of the clang that wrote a module, from its `!llvm.ident` (`!{!"Debian clang
 * version 14.0.6"}`), or undefined. Only the end of the module is read.
 */
export function identVersion(text: string): number | undefined {
  const at = text.lastIndexOf("!llvm.ident = !{!");
  if (at < 0) return undefined;
  const id = /^!llvm\.ident = !\{(![0-9]+)/.exec(text.slice(at, at + 64))?.[1];
  if (id === undefined) return undefined;
  let def = text.indexOf(`\n${id} = !{!"`, at);
  if (def < 0) def = text.lastIndexOf(`\n${id} = !{!"`, at);
  if (def < 0) return undefined;
  const m = /clang version (\d+)/.exec(text.slice(def, text.indexOf("\n", def + 1) >>> 0));
  return m === null ? undefined : Number(m[1]);
}

/**
 * Parses `text` (a module, or a share of one starting at line `lineOffset + 1`). `checker`: the
 * strict reading of the module `text` is a piece of (the caller finishes it after the last
 * piece); without it `text` is checked as a whole module.
 */
export function llvmText(text: string, file: string, lineOffset = 0, numberedTypes?: boolean, checker?: ModuleChecker): LlvmInput {
  const reader = checker ?? new ModuleChecker(file);
  const module = parseModule(text, file, reader);
  if (checker === undefined) reader.finish();
  if (lineOffset !== 0)
    for (const fn of module.functions) {
      fn.line += lineOffset;
      for (const b of fn.blocks) {
        b.line += lineOffset;
        for (const i of b.instrs) i.line += lineOffset;
      }
    }
  const src = new SourceText(text, file, lineOffset, numberedTypes);
  src.reader = reader;
  return { src, module };
}

/** The strict reading of `m`: a module's own, or one that starts from what the module's top level defines (a share). */
const checkerFor = (m: ModuleText): ModuleChecker => new ModuleChecker(m.file, m.symbols);

function parseWhole(m: ModuleText): LlvmInput {
  const checker = checkerFor(m);
  const input = llvmText(m.text, m.file, m.lineOffset, m.numberedTypes, checker);
  checker.finish();
  return input;
}

/**
 * The `define` lines of a module: offsets and function names as written, and `lineOf(k)`, the
 * 0-based line of the k-th. Lines are counted on demand (the stream counts each piece's lines
 * as it parses it, so a second pass over the whole text would be wasted).
 */
export interface Defines {
  offsets: number[];
  names: string[];
  lineOf(k: number): number;
}

export function defines(text: string): Defines {
  const offsets: number[] = [];
  const names: string[] = [];
  let at = text.startsWith("define ") ? 0 : text.indexOf("\ndefine ");
  if (at > 0) at++;
  while (at >= 0) {
    offsets.push(at);
    const eol = text.indexOf("\n", at);
    const m = /@("(?:[^"\\]|\\.)*"|[-A-Za-z$._0-9]+)\(/.exec(text.slice(at, eol < 0 ? text.length : eol));
    names.push(m ? m[1] : "");
    const next = text.indexOf("\ndefine ", at);
    at = next < 0 ? -1 : next + 1;
  }
  // newlines counted so far: `line` of them before offset `upTo`
  let upTo = 0;
  let line = 0;
  const lineOf = (k: number): number => {
    const to = offsets[k];
    if (to < upTo) upTo = line = 0;
    for (let i = text.indexOf("\n", upTo); i >= 0 && i < to; i = text.indexOf("\n", i + 1)) line++;
    upTo = to;
    return line;
  };
  return { offsets, names, lineOf };
}

/**
 * Each function's piece of `m`, parsed alone: from its `define` line to the next one (what
 * stands between functions, declarations and metadata, is parsed and skipped as usual). The
 * text before the first `define` is parsed first, for its malformed input.
 */
export function* pieces(m: ModuleText, d: Defines, numberedTypes: boolean): Generator<LlvmInput> {
  // one strict reading for all pieces: what one defines answers what another uses
  const checker = checkerFor(m);
  if (d.offsets[0] > 0) llvmText(m.text.slice(0, d.offsets[0]), m.file, m.lineOffset, numberedTypes, checker);
  let line = m.lineOffset + d.lineOf(0);
  for (let k = 0; k < d.offsets.length; k++) {
    const end = k + 1 < d.offsets.length ? d.offsets[k + 1] : m.text.length;
    const piece = llvmText(m.text.slice(d.offsets[k], end), m.file, line, numberedTypes, checker);
    // the piece ends just after a line break, so the next one starts that many lines further
    line += piece.src.lineCount - 1;
    yield piece;
  }
  checker.finish();
}

function streamable(d: Defines, other?: Defines): boolean {
  if (d.names.length === 0 || d.names.includes("") || new Set(d.names).size !== d.names.length) return false;
  return other === undefined || (other.names.length === d.names.length && other.names.every((n, i) => n === d.names[i]));
}

/**
 * Yields `piecewise()`; if that meets malformed input, the whole-module reading takes over past
 * the items given already (it throws the exact whole-module message, or, should the whole module
 * read where a piece did not, gives the rest).
 */
function* withFallback<T>(piecewise: () => Iterable<T>, whole: () => Iterable<T>): Generator<T> {
  let given = 0;
  try {
    for (const x of piecewise()) {
      given++;
      yield x;
    }
  } catch (e) {
    if (!(e instanceof MalformedInput)) throw e;
    let k = 0;
    for (const x of whole()) if (k++ >= given) yield x;
  }
}

/** Every function of the two versions adapted, one function at a time where the cut applies. */
export function* adaptedFunctions(before: ModuleText, after: ModuleText): Generator<AdaptedFunction> {
  const version = before.llvmVersion ?? after.llvmVersion;
  const db = before.defines ?? defines(before.text);
  const da = after.defines ?? defines(after.text);
  const cut = streamable(db, da);
  // what stands outside the functions is all the module-wide facts need (types, attribute
  // groups, metadata): read there, not through every function's body (and not copied out)
  const skipB = before.context === undefined && cut ? functionsRange(before.text, db) : undefined;
  const skipA = after.context === undefined && cut ? functionsRange(after.text, da) : undefined;
  const context = pairContext(before.context ?? before.text, after.context ?? after.text, skipB, skipA);
  const whole = () => {
    const b = parseWhole(before);
    const a = parseWhole(after);
    return adaptModule(b.module, a.module, b.src, a.src, version, context);
  };
  if (!cut) return yield* whole();
  const ntB = before.numberedTypes ?? numberedTypesOutside(before.text, skipB);
  const ntA = after.numberedTypes ?? numberedTypesOutside(after.text, skipA);
  function* piecewise(): Generator<AdaptedFunction> {
    const pb = pieces(before, db, ntB);
    const pa = pieces(after, da, ntA);
    for (;;) {
      const b = pb.next();
      const a = pa.next();
      if (b.done || a.done) {
        // the rest of each (its end-of-module checks)
        while (!pb.next().done);
        while (!pa.next().done);
        return;
      }
      yield* adaptModule(b.value.module, a.value.module, b.value.src, a.value.src, version, context);
    }
  }
  yield* withFallback(piecewise, whole);
}

/** Every function's original CFG (for `construct`), one function at a time where the cut applies. */
export function* originalFunctions(m: ModuleText): Generator<OriginalColumns> {
  const d = m.defines ?? defines(m.text);
  const cut = streamable(d);
  const skip = m.context === undefined && cut ? functionsRange(m.text, d) : undefined;
  // one context for the module's functions (its attribute groups and types read once)
  const context = soloContext(new ModuleContext(m.context ?? m.text, skip));
  const each = function* (inputs: Iterable<LlvmInput>) {
    for (const { src, module } of inputs)
      for (const fn of module.functions) {
        const { columns } = originalFunction(fn, src, m.llvmVersion, context);
        yield new OriginalColumns(columns.name!, columns);
      }
  };
  const whole = () => each([parseWhole(m)]);
  if (!cut) return yield* whole();
  yield* withFallback(() => each(pieces(m, d, m.numberedTypes ?? numberedTypesOutside(m.text, skip))), whole);
}

/** Cuts the function list into `k` contiguous shares of about equal text size: share i is [cuts[i], cuts[i+1]). */
function cuts(offsets: number[], size: number, k: number): number[] {
  const out = [0];
  const first = offsets[0];
  for (let i = 1; i < k; i++) {
    const target = first + ((size - first) * i) / k;
    let j = out[out.length - 1] + 1;
    while (j < offsets.length && offsets[j] < target) j++;
    if (j >= offsets.length) break;
    out.push(j);
  }
  out.push(offsets.length);
  return out;
}

/** What every share of a module carries of the whole: read once per module, not per share. */
interface ModuleFacts {
  numberedTypes: boolean;
  context: string;
  symbols: ModuleSymbols;
}

function shareOf(file: string, text: string, d: Defines, from: number, to: number, llvmVersion: number | undefined, facts: ModuleFacts): ModuleText {
  const start = d.offsets[from];
  const end = to < d.offsets.length ? d.offsets[to] : text.length;
  // the type definitions stand before the first function, outside every share but the first
  return { file, text: text.slice(start, end), lineOffset: d.lineOf(from), llvmVersion, ...facts };
}

/**
 * The strict reading of a module's top level, for its shares (`ModuleText.symbols`): everything
 * outside the functions' bodies (type definitions, globals, declarations, attribute groups,
 * metadata) and the functions' headers, checked here once; each share's thread then checks its
 * functions against it. Undefined where that does not read: the module is then read in one
 * thread, which reports the first problem in the file's order.
 */
function topLevelSymbols(m: ModuleText, d: Defines): ModuleSymbols | undefined {
  const text = m.text;
  const checker = new ModuleChecker(m.file);
  const typeDefinitions: string[] = [];
  checker.typeDefinitions = typeDefinitions;
  try {
    let from = 0;
    for (let k = 0; k <= d.offsets.length; k++) {
      const to = k < d.offsets.length ? d.offsets[k] : text.length;
      if (to > from) llvmText(text.slice(from, to), m.file, 0, undefined, checker);
      if (k === d.offsets.length) break;
      const eol = text.indexOf("\n", to);
      const header = text.slice(to, eol < 0 ? text.length : eol).trimEnd();
      if (!header.endsWith("{")) return undefined; // a header over several lines: read the module in one thread
      checker.functionHeader(header, codesOfHeader(header), 0, header.length - 1, 0);
      checker.endFunction(0);
      const close = text.indexOf("\n}", to);
      if (close < 0) return undefined;
      from = close + 2;
    }
    checker.finish();
  } catch (e) {
    if (e instanceof MalformedInput) return undefined;
    throw e;
  }
  return checker.symbols(typeDefinitions);
}

function codesOfHeader(s: string): Uint8Array {
  const b = new Uint8Array(s.length + 1);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    b[i] = c < 128 ? c : 128;
  }
  return b;
}

/** Where a module's functions stand: from the first `define` to the last function's closing `}`. */
function functionsRange(text: string, d: Defines): TextRange {
  const last = d.offsets[d.offsets.length - 1];
  const close = text.indexOf("\n}", last);
  return { from: d.offsets[0], to: close < 0 ? text.length : close + 2 };
}

/** The text before the first function and after the last one's closing `}`. */
function outsideFunctions(text: string, d: Defines): string {
  const { from, to } = functionsRange(text, d);
  return text.slice(0, from) + "\n" + text.slice(to);
}

/** `hasNumberedTypes` of the text outside `skip` (no copy of it). */
function numberedTypesOutside(text: string, skip: TextRange | undefined): boolean {
  if (skip === undefined) return hasNumberedTypes(text);
  return hasNumberedTypes(text.slice(0, skip.from)) || hasNumberedTypes(text.slice(skip.to));
}

/** A run of functions of the before module, and the same functions of the after module. */
export interface LlvmShare {
  before: ModuleText;
  after?: ModuleText;
}

/**
 * The modules cut into at most `k` shares of whole functions balanced by size; undefined when
 * the two versions do not define the same functions in the same order (shares pair by position).
 */
export function split(before: ModuleText, after: ModuleText | undefined, k: number): { shares: LlvmShare[]; functions: number } | undefined {
  const db = before.defines ?? defines(before.text);
  const da = after === undefined ? undefined : (after.defines ?? defines(after.text));
  if (!streamable(db, da)) return undefined;
  const c = cuts(db.offsets, before.text.length, k);
  const facts = (m: ModuleText, d: Defines): ModuleFacts | undefined => {
    const symbols = topLevelSymbols(m, d);
    return symbols === undefined ? undefined : { numberedTypes: hasNumberedTypes(m.text), context: outsideFunctions(m.text, d), symbols };
  };
  const factsB = facts(before, db);
  const factsA = after !== undefined && da !== undefined ? facts(after, da) : undefined;
  // a module whose top level does not read (malformed) is read in one thread, for its exact message
  if (factsB === undefined || (after !== undefined && factsA === undefined)) return undefined;
  const shares: LlvmShare[] = [];
  for (let i = 0; i + 1 < c.length; i++)
    shares.push({
      before: shareOf(before.file, before.text, db, c[i], c[i + 1], before.llvmVersion, factsB),
      ...(after !== undefined && da !== undefined && factsA !== undefined ? { after: shareOf(after.file, after.text, da, c[i], c[i + 1], after.llvmVersion, factsA) } : {}),
    });
  return { shares, functions: db.names.length };
}
