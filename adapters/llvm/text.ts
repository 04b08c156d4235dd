/**
 * The text of single instructions, for comparing two versions of a function instruction by
 * instruction (adapters/llvm/mem2reg.ts). The reader (read.ts) keeps what data flow needs, not the
 * text; this module gets each instruction's text back from the module's text and its line
 * numbers, and splits it into a skeleton and its values with the strict reader's own grammar
 * (verify.ts `shapeSpans`):
 *
 *   `%add = add nsw i32 %0, 1, !dbg !12`  ->  skeleton `add nsw i32 \u0000, \u0000`, values [%0, 1]
 *
 * Every value position (what the grammar reads as a value: locals, globals, constants of any
 * kind) and every label (`label %bb`) becomes a hole; types (`%struct.S`), flags, alignment and
 * attributes stay in the skeleton; the result name and metadata attachments (`!dbg !12`, which
 * opt renumbers) are left out. Two instructions are the same up to renaming when their
 * skeletons are equal and their values and labels correspond.
 */
import type { LlvmBlock, LlvmFunction, LlvmValue } from "./ir.js";
import { unescapeBytes as unescape } from "./lex.js";
import { parseModule, topLevelIndexOf } from "./read.js";
import { ModuleChecker } from "./verify.js";

/** `SourceText`'s buffer of line starts while it scans (it keeps a copy of its own). */
let lineScratch = new Int32Array(1 << 12);

/** A module's text with its line starts, lines numbered from 1 as the parser numbers them. */
export class SourceText {
  private readonly starts: Int32Array;
  /**
   * `text` may be a piece of a module starting at line `lineOffset + 1` (a worker's share of the
   * functions); lines keep the module's numbers.
   */
  constructor(
    readonly text: string,
    readonly file: string,
    readonly lineOffset = 0,
    /** For a piece: whether the whole module defines numbered types (they stand outside the piece). */
    numberedTypes?: boolean,
  ) {
    this.numbered = numberedTypes;
    // one pass over the text (a piece is one function): line starts into a shared buffer that
    // doubles, then copied out once
    let starts = lineScratch;
    let k = 1;
    starts[0] = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) {
      if (k + 1 >= starts.length) {
        const grown = new Int32Array(starts.length * 2);
        grown.set(starts);
        starts = lineScratch = grown;
      }
      starts[k++] = i + 1;
    }
    starts[k] = text.length + 1;
    this.starts = starts.slice(0, k + 1);
  }

  /**
   * The strict reading of the module this text is (or is a piece of), which gives the types the
   * shapes of its instructions are read with (`shapeOf`); where none was given, the text is read
   * for it on the first use.
   */
  reader: ModuleChecker | undefined;

  get shapeReader(): ModuleChecker {
    if (this.reader === undefined) {
      const checker = new ModuleChecker(this.file);
      parseModule(this.text, this.file, checker);
      this.reader = checker;
    }
    return this.reader;
  }

  private numbered: boolean | undefined;
  /** Whether the module defines numbered or quoted types (`%0 = type {...}`), which read like local names. */
  get numberedTypes(): boolean {
    return (this.numbered ??= hasNumberedTypes(this.text));
  }

  get lineCount(): number {
    return this.starts.length - 1;
  }

  /** Line `n` (1-based, in the module's numbering) without its line break. */
  line(n: number): string {
    n -= this.lineOffset;
    if (n < 1 || n > this.lineCount) return "";
    let end = this.starts[n] - 1;
    if (end > this.starts[n - 1] && this.text.charCodeAt(end - 1) === 13) end--;
    return this.text.slice(this.starts[n - 1], Math.max(this.starts[n - 1], end));
  }

  /**
   * The text of `fn.blocks[b].instrs[i]`, its lines joined with blanks, comments dropped (and
   * a label standing before it on its first line). It ends before the next instruction or block.
   */
  instruction(fn: LlvmFunction, b: number, i: number): string {
    const block = fn.blocks[b];
    const instr = block.instrs[i];
    const stop = nextLine(fn, b, i);
    let out = "";
    for (let n = instr.line; n < stop && n <= this.lineCount + this.lineOffset; n++) {
      let s = this.strippedLine(n);
      if (s.length === 0) continue;
      if (n > instr.line && (s.startsWith("#dbg_") || s.startsWith("uselistorder"))) continue;
      if (n > instr.line && s === "}") break;
      if (n === instr.line && n === block.line) s = dropLabel(s);
      out = out.length === 0 ? s : `${out} ${s}`;
    }
    return out;
  }

  /**
   * `stripComment(this.line(n)).trim()`: line `n` without its comment and outer blanks. A line
   * that is ASCII up to its comment is cut in place and sliced once (most lines: the three
   * strings of the general way were a tenth of what comparing allocated); any other goes the
   * general way, as `trim` also drops Unicode blanks. A comment starts at the first `;` outside
   * double quotes, as `stripComment` has it.
   */
  private strippedLine(n: number): string {
    const k = n - this.lineOffset;
    if (k < 1 || k > this.lineCount) return "";
    const text = this.text;
    const a = this.starts[k - 1];
    const e = Math.min(this.starts[k] - 1, text.length);
    let cut = e;
    let quoted = false;
    for (let j = a; j < e; j++) {
      const c = text.charCodeAt(j);
      if (c >= 128) return stripComment(this.line(n)).trim();
      if (c === 34) quoted = !quoted;
      else if (c === 59 && !quoted) {
        cut = j;
        break;
      }
    }
    let from = a;
    while (from < cut && isAsciiBlank(text.charCodeAt(from))) from++;
    let to = cut;
    while (to > from && isAsciiBlank(text.charCodeAt(to - 1))) to--;
    return text.slice(from, to);
  }

  /**
   * Whether the lines `instruction(fn, b, i)` is made of contain `needle` at all (comments
   * included): false means its text cannot contain it, without building that text.
   */
  rawIncludes(fn: LlvmFunction, b: number, i: number, needle: string): boolean {
    const first = Math.max(1, fn.blocks[b].instrs[i].line - this.lineOffset);
    const stop = Math.min(nextLine(fn, b, i) - this.lineOffset, this.lineCount + 1);
    if (stop <= first) return false;
    const from = this.starts[first - 1];
    const to = Math.min(this.starts[stop - 1], this.text.length);
    return this.text.slice(from, to).includes(needle);
  }
}

/** Whether `text` defines numbered or quoted types: only top-level lines start with `%`. */
export function hasNumberedTypes(text: string): boolean {
  const re = /^%(\d+|"[^"]*") = type\b/;
  for (let i = text.startsWith("%") ? 0 : text.indexOf("\n%"); i >= 0; i = text.indexOf("\n%", i + 1)) {
    const from = text.charCodeAt(i) === 10 ? i + 1 : i;
    const eol = text.indexOf("\n", from);
    if (re.test(text.slice(from, eol < 0 ? text.length : eol))) return true;
  }
  return false;
}

/** The first line after instruction `i` of block `b` that belongs to something else. */
function nextLine(fn: LlvmFunction, b: number, i: number): number {
  const block: LlvmBlock = fn.blocks[b];
  if (i + 1 < block.instrs.length) return block.instrs[i + 1].line;
  if (b + 1 < fn.blocks.length) {
    const next = fn.blocks[b + 1];
    return Math.min(next.line, next.instrs.length > 0 ? next.instrs[0].line : next.line);
  }
  return Number.MAX_SAFE_INTEGER; // up to the `}` of the function
}

/** What `String.prototype.trim` drops among ASCII characters: tab, line feed, vertical tab, form feed, carriage return, space. */
function isAsciiBlank(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

function stripComment(s: string): string {
  let i = 0;
  for (;;) {
    const semi = s.indexOf(";", i);
    if (semi < 0) return s;
    const quote = s.indexOf('"', i);
    if (quote < 0 || quote > semi) return s.slice(0, semi);
    const close = s.indexOf('"', quote + 1);
    if (close < 0) return s;
    i = close + 1;
  }
}

/** `bb: ret void` -> `ret void`. */
function dropLabel(s: string): string {
  const m = /^(?:"(?:[^"\\]|\\.)*"|[-A-Za-z$._0-9]+):\s*/.exec(s);
  return m ? s.slice(m[0].length) : s;
}

/** One hole of a skeleton. */
export type Hole = { kind: "value"; value: LlvmValue } | { kind: "label"; name: string };

export interface Shape {
  /** The text with every hole as `\u0000`, without result name and metadata attachments. */
  skeleton: string;
  holes: Hole[];
}

/**
 * The skeleton and holes of one instruction's text (as `SourceText.instruction` gives it), read
 * with the types of the module `src` is. Throws MalformedInput where the strict reader would.
 */
export function shapeOf(src: SourceText, text: string, line: number): Shape {
  // the skeleton starts after `%result =`
  let from = 0;
  const m = /^\s*%(?:"[^"]*"|[-A-Za-z$._0-9]+)\s*=\s*/.exec(text);
  if (m !== null) from = m[0].length;
  const spans = src.shapeReader.shapeSpans(text, line).filter((s) => s.start >= from).sort((a, b) => a.start - b.start);
  let skeleton = "";
  let at = from;
  const holes: Hole[] = [];
  for (const s of spans) {
    if (s.start < at) continue; // nested in a hole already taken (cannot happen with this grammar)
    skeleton += text.slice(at, s.start) + "\u0000";
    holes.push(s.hole);
    at = s.end;
  }
  // attachments may stand inside what the reader skipped as a whole (`landingpad ... cleanup, !dbg !7`)
  skeleton += withoutAttachments(text.slice(at));
  return { skeleton: skeleton.trimEnd(), holes };
}

/**
 * The metadata attachments of an instruction's text, kind -> node as written (`, align 4,
 * !range !5, !dbg !12` -> {range: "!5", dbg: "!12"}); empty without any. They come last, each
 * after a comma outside brackets and strings; a node may be written inline (`!{i32 0, i32 2}`).
 */
export function attachmentsOf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!text.includes(", !")) return out;
  let start = -1;
  for (let i = topLevelIndexOf(text, 44); i >= 0; i = topLevelIndexOf(text, 44, i + 1)) {
    let j = i + 1;
    while (j < text.length && text.charCodeAt(j) === 32) j++;
    if (text.charCodeAt(j) !== 33 || !attachmentKindAt(text, j + 1)) continue;
    if (start >= 0) addAttachment(out, text.slice(start, i));
    start = j;
  }
  if (start >= 0) addAttachment(out, text.slice(start));
  return out;
}

/**
 * False when `attachmentsOf(text)` has no kind outside `kinds` (every `, !kind ` of the text, in
 * strings or not, is one of them); true when it may have one.
 */
export function mayHaveAttachmentsBeyond(text: string, kinds: ReadonlySet<string>): boolean {
  for (let i = text.indexOf(", !"); i >= 0; i = text.indexOf(", !", i + 3)) {
    let j = i + 3;
    while (j < text.length && (attachmentKindAt(text, j) || (text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57))) j++;
    if (j === i + 3 || !kinds.has(text.slice(i + 3, j))) return true;
  }
  return false;
}

/** Whether a kind name (`dbg`, `llvm.loop`) starts at `i`, not a node number or `{`. */
function attachmentKindAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46 || c === 36 || c === 45;
}

/** `!kind node` into `out`. */
function addAttachment(out: Map<string, string>, entry: string): void {
  const t = entry.trim();
  const blank = t.search(/\s/);
  if (blank < 0) out.set(t.slice(1), "");
  else out.set(t.slice(1, blank), t.slice(blank).trim());
}

/** `, align 4, !dbg !12` -> `, align 4`: attachments come last; `!` outside strings starts them. */
function withoutAttachments(tail: string): string {
  let i = 0;
  for (;;) {
    const bang = tail.indexOf("!", i);
    if (bang < 0) return tail;
    const quote = tail.indexOf('"', i);
    if (quote >= 0 && quote < bang) {
      const close = tail.indexOf('"', quote + 1);
      if (close < 0) return tail;
      i = close + 1;
      continue;
    }
    return tail.slice(0, bang).replace(/[\s,]+$/, "");
  }
}

/** A value's text as LLVM would print it (locals and globals with their sigil). */
export function valueText(v: LlvmValue): string {
  switch (v.kind) {
    case "local":
      return `%${v.name}`;
    case "global":
      return `@${v.name}`;
    default:
      return v.text;
  }
}

/**
 * A cheaper split than `shapeOf`, without the grammar: the text (after the result, without
 * metadata attachments) cut at every local name (`%x`, `%"a b"`, `%12`) outside strings. Names
 * can be values, labels or types; the caller tells them apart by what the function defines and
 * checks the values against the parser's `operands`. Null when the text does not scan cleanly.
 * The validator compares with `sameSkeleton`, which gives the same answer without building the
 * skeletons; this is its reference (test/llvm/text.test.ts holds them to each other).
 */
export function localTokens(text: string): { skeleton: string; names: string[] } | null {
  let i = 0;
  const n = text.length;
  if (text.charCodeAt(0) === 37 /* % */) {
    const eq = text.indexOf("=");
    if (eq < 0) return null;
    i = eq + 1;
    while (i < n && text.charCodeAt(i) === 32) i++;
  }
  const names: string[] = [];
  let skeleton = "";
  let from = i;
  let depth = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const close = text.indexOf('"', i + 1);
      if (close < 0) return null;
      i = close + 1;
      continue;
    }
    if (c === 40 || c === 91 || c === 123 || c === 60) depth++;
    else if (c === 41 || c === 93 || c === 125 || c === 62) depth--;
    else if (c === 33 /* ! */ && depth === 0) {
      // the metadata attachments: `, !dbg !12, !tbaa !7` at the end
      let j = i - 1;
      while (j >= from && text.charCodeAt(j) === 32) j--;
      if (j >= from && text.charCodeAt(j) === 44 /* , */) {
        skeleton += text.slice(from, j);
        return { skeleton: skeleton.trimEnd(), names };
      }
    } else if (c === 37 /* % */) {
      skeleton += text.slice(from, i) + "\u0000";
      let j = i + 1;
      if (j < n && text.charCodeAt(j) === 34) {
        const close = text.indexOf('"', j + 1);
        if (close < 0) return null;
        names.push(unescape(text.slice(j + 1, close)));
        j = close + 1;
      } else {
        const start = j;
        while (j < n && isNameChar(text.charCodeAt(j))) j++;
        if (j === start) return null;
        names.push(text.slice(start, j));
      }
      i = from = j;
      continue;
    }
    i++;
  }
  skeleton += text.slice(from);
  return { skeleton: skeleton.trimEnd(), names };
}

/** The names a caller of `sameSkeleton` expects next in each text (it may update them in `pair`). */
export interface ExpectedNames {
  b: string | undefined;
  a: string | undefined;
}

/**
 * `localTokens` of two texts compared in one pass, without building either: true iff both scan
 * cleanly, their skeletons are equal, they have as many names, and `pair(nb, na)` accepts the
 * k-th name of each, called in order (so it may stop early). The comparison of every instruction
 * pair goes through here, hence no substrings but the names, and not even those where a name is
 * exactly the one `expect` gives (that string is passed instead: equal, and hashed already).
 */
export function sameSkeleton(tb: string, ta: string, pair: (nb: string, na: string) => boolean, expect?: ExpectedNames): boolean {
  let i = afterResult(tb);
  let j = afterResult(ta);
  if (i < 0 || j < 0) return false;
  const nb = tb.length;
  const na = ta.length;
  let depth = 0;
  for (;;) {
    if (i >= nb || j >= na) return tails(tb, i, ta, j, depth);
    const c = tb.charCodeAt(i);
    if (c !== ta.charCodeAt(j)) {
      // trailing blanks and metadata attachments are not part of a skeleton
      return tails(tb, i, ta, j, depth);
    }
    const k = c < 128 ? SKELETON_CLASS[c] : 0;
    if (k === 0) {
      i++;
      j++;
      continue;
    }
    if (k === NAME) {
      const x = readName(tb, i + 1, expect?.b);
      const xEnd = nameEnd;
      const y = x === null ? null : readName(ta, j + 1, expect?.a);
      if (x === null || y === null || !pair(x, y)) return false;
      i = xEnd;
      j = nameEnd;
      continue;
    }
    if (k === STRING) {
      // a string constant is part of the skeleton, names in it included
      const closeB = tb.indexOf('"', i + 1);
      const closeA = ta.indexOf('"', j + 1);
      if (closeB < 0 || closeA < 0 || closeB - i !== closeA - j || tb.slice(i, closeB) !== ta.slice(j, closeA)) return false;
      i = closeB + 1;
      j = closeA + 1;
      continue;
    }
    if (k === OPEN) depth++;
    else if (k === CLOSE) depth--;
    else if (depth === 0 && attachmentAt(tb, i) && attachmentAt(ta, j)) return true; // `!`
    i++;
    j++;
  }
}

/** What `sameSkeleton` does at an ASCII character both texts have: 0 nothing but go on. */
const NAME = 1;
const STRING = 2;
const OPEN = 3;
const CLOSE = 4;
const BANG = 5;
const SKELETON_CLASS = new Uint8Array(128);
SKELETON_CLASS[37] = NAME; // %
SKELETON_CLASS[34] = STRING; // "
for (const ch of "([{<") SKELETON_CLASS[ch.charCodeAt(0)] = OPEN;
for (const ch of ")]}>") SKELETON_CLASS[ch.charCodeAt(0)] = CLOSE;
SKELETON_CLASS[33] = BANG; // !

/** Where a text's skeleton starts: after `%result = `, or at 0; -1 if `%` starts no result. */
function afterResult(text: string): number {
  if (text.charCodeAt(0) !== 37) return 0;
  const eq = text.indexOf("=");
  if (eq < 0) return -1;
  let i = eq + 1;
  while (i < text.length && text.charCodeAt(i) === 32) i++;
  return i;
}

/** Where the name `readName` read last ends. */
let nameEnd = 0;

/**
 * `%name` or `%"quoted"` from just after the `%`: the name (`expected` itself if the bare name is
 * that), its end in `nameEnd`; null if empty or unclosed.
 */
function readName(text: string, j: number, expected: string | undefined): string | null {
  if (j < text.length && text.charCodeAt(j) === 34) {
    const close = text.indexOf('"', j + 1);
    if (close < 0) return null;
    nameEnd = close + 1;
    return unescape(text.slice(j + 1, close));
  }
  const start = j;
  while (j < text.length && isNameChar(text.charCodeAt(j))) j++;
  if (j === start) return null;
  nameEnd = j;
  return expected !== undefined && expected.length === j - start && text.startsWith(expected, start) ? expected : text.slice(start, j);
}

/** `!` at `i` starts the metadata attachments: a comma stands before it (blanks between). */
function attachmentAt(text: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && text.charCodeAt(k) === 32) k--;
  return k >= 0 && text.charCodeAt(k) === 44;
}

/** Whether the two texts, equal up to `i` and `j`, differ only by what is not part of a skeleton. */
function tails(tb: string, i: number, ta: string, j: number, depth: number): boolean {
  if (onlyTail(tb, i, depth) && onlyTail(ta, j, depth)) return true;
  return onlyTail(tb, backUp(tb, i), depth) && onlyTail(ta, backUp(ta, j), depth);
}

/** Back from `i` over blanks, a comma and blanks: where a tail of attachments may start (both sides agreed up to `i`). */
function backUp(text: string, i: number): number {
  while (i > 0 && text.charCodeAt(i - 1) === 32) i--;
  if (i > 0 && text.charCodeAt(i - 1) === 44) {
    i--;
    while (i > 0 && text.charCodeAt(i - 1) === 32) i--;
  }
  return i;
}

/** Whether what is left from `i` is blanks, or (at depth 0) blanks, a comma, blanks and the attachments. */
function onlyTail(text: string, i: number, depth: number): boolean {
  while (i < text.length && text.charCodeAt(i) === 32) i++;
  if (i >= text.length) return true;
  if (depth !== 0 || text.charCodeAt(i) !== 44) return false;
  i++;
  while (i < text.length && text.charCodeAt(i) === 32) i++;
  return i < text.length && text.charCodeAt(i) === 33;
}

function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45 || c === 36;
}
