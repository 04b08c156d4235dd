/**
 * Textual LLVM IR -> `LlvmModule` (see ir.ts for the model, the naming and the predecessor
 * order), in one reading: this line machine cuts the text into entities (top-level entities,
 * function headers, block labels, instructions) and hands each to the strict reader
 * (verify.ts), which checks it as LLVM's parser does and gives back each instruction's model.
 * `parseModule` takes the text, `parseModuleChunks` its bytes in chunks, never holding it whole;
 * both feed the same line machine, so they give the same module and the same errors.
 *
 * Kept: function definitions with their blocks and instructions. Read by the strict reader but
 * not kept: `declare`s, globals, type definitions, comdats, metadata, attribute groups,
 * `source_filename`/`target`. Skipped: comments (`;` outside strings, so `; preds = ...` too:
 * never trusted), `uselistorder` directives and LLVM 19+ debug records (`#dbg_value(...)`
 * lines). Debug intrinsic calls (`llvm.dbg.*`) stay as instructions, flagged `debug`.
 *
 * Lines: an instruction normally takes one line. It goes on over the next lines while its
 * brackets are open (`switch ... [` up to `]`), and a line starting with `to` (the successors
 * of `invoke`/`callbr`) or `catch`/`filter`/`cleanup` (landingpad clauses) continues the
 * instruction before it. An instruction's line is its first line.
 *
 * Malformed (MalformedInput, one line `FILE:LINE: what`): what the strict reader refuses, and
 * here unbalanced braces or brackets, an instruction or label outside a function, anything
 * unknown at the top level, a block without a terminator, a duplicate block label, a branch
 * target or phi incoming block that names no block of the function, a function without blocks.
 *
 * How, for speed: the text is read through its character codes (`codesOf`, one byte per
 * character, made once per text or chunk, in a buffer reused from text to text); in a body,
 * `quickBodyLine` takes blank and comment lines and labels alone on their line in one pass, and
 * every other line the exact way (`Scan`, then `bodyLine`, which keeps an instruction pending
 * until the next line tells whether it goes on).
 */
import { MalformedInput } from "../../spec/errors.js";
import { TERMINATOR_OPS, type LlvmBlock, type LlvmFunction, type LlvmInstr, type LlvmModule } from "./ir.js";
import { unescapeBytes } from "./lex.js";
import { checkFunctionBlocks, ModuleChecker, OPCODE_WORDS } from "./verify.js";

/**
 * `checker`: the strict reading to feed (verify.ts), when the text is a piece of a module whose
 * other pieces go through the same checker (stream.ts); the caller then calls its `finish` after
 * the last piece. Without it the text is a whole module, checked to its end here.
 */
export function parseModule(text: string, file: string, checker?: ModuleChecker): LlvmModule {
  const m = new LineMachine(file, checker);
  const codes = scratchCodesOf(text); // nothing keeps them past this call
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let n = 1;
  for (;;) {
    const nl = text.indexOf("\n", start);
    if (nl < 0) {
      m.line(text, codes, start, text.length, n);
      break;
    }
    m.line(text, codes, start, nl, n++);
    start = nl + 1;
  }
  return m.finish();
}

/**
 * The module from its bytes in chunks (UTF-8, cut anywhere), line by line, never holding the
 * whole text; same result and errors as `parseModule` on its text.
 */
export function parseModuleChunks(chunks: Iterable<Uint8Array>, file: string, checker?: ModuleChecker): LlvmModule {
  const m = new LineMachine(file, checker);
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  /** The start of a line that goes on in the next chunk, in pieces (a long line costs no copying per chunk). */
  let carry: string[] = [];
  let n = 1;
  let first = true;
  for (const bytes of chunks) {
    if (bytes.length === 0) continue;
    let chunk = decoder.decode(bytes, { stream: true });
    if (first && chunk.length > 0) {
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      first = false;
    }
    let start = 0;
    let nl = chunk.indexOf("\n");
    if (nl >= 0 && carry.length > 0) {
      carry.push(chunk.slice(0, nl));
      const joined = carry.join("");
      m.line(joined, codesOf(joined), 0, joined.length, n++);
      carry = [];
      start = nl + 1;
      nl = chunk.indexOf("\n", start);
    }
    if (nl >= 0) {
      const codes = codesOf(chunk);
      while (nl >= 0) {
        m.line(chunk, codes, start, nl, n++);
        start = nl + 1;
        nl = chunk.indexOf("\n", start);
      }
    }
    if (start < chunk.length) carry.push(chunk.slice(start));
  }
  carry.push(decoder.decode());
  const last = carry.join("");
  m.line(last, codesOf(last), 0, last.length, n);
  return m.finish();
}

// ---------------------------------------------------------------------------------------------

/** What a block holds until its terminator: never changed, replaced. */
const NO_INSTRS: LlvmInstr[] = [];
const NO_SUCCS: string[] = [];

/** Where the line machine stands. */
const TOP = 0;
const HEADER = 1;
const BODY = 2;

/** First words of the top-level entities that are skipped. */
const TOP_SKIP = new Set(["declare", "source_filename", "target", "attributes", "module", "deplibs", "uselistorder", "uselistorder_bb"]);
/** First words of top-level entities: inside a body they mean a missing `}`. */
const TOP_LEVEL_WORDS = ["define", "declare", "attributes", "source_filename", "target"];

/** Shows a name with its sigil the way LLVM writes it: `%x`, `%"a b"`. */
export function llvmName(sigil: string, name: string): string {
  return /^[-A-Za-z$._0-9]+$/.test(name) ? sigil + name : `${sigil}${JSON.stringify(name)}`;
}

/** The blanks that `Scan` trims: space, tab, CR, FF, VT. */
export function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 12 || c === 11;
}

/** Name characters: `[-A-Za-z$._0-9]`. */
const NAME_CHAR: Uint8Array = new Uint8Array(256);
for (let c = 0; c < 128; c++) if (/[-A-Za-z$._0-9]/.test(String.fromCharCode(c))) NAME_CHAR[c] = 1;

/** Whether `b` holds the ASCII word `w` from `start`. */
function codesAre(b: Uint8Array, start: number, w: string): boolean {
  for (let i = 0; i < w.length; i++) if (b[start + i] !== w.charCodeAt(i)) return false;
  return true;
}

const UTF8 = new TextEncoder();

/**
 * The character codes of `s`, one byte per UTF-16 unit (128 for any that is not ASCII), with a 0
 * after them (so a look one past the end reads no character): what the line machine and the
 * strict reader's lexer read.
 */
export function codesOf(s: string): Uint8Array {
  return codesIn(s, Buffer.allocUnsafe(s.length + 1));
}

/** Scratch codes, reused from text to text: nothing may keep them past the caller's use. */
let scratch: Buffer | null = null;
const SCRATCH_MAX = 1 << 22;

function scratchCodesOf(s: string): Uint8Array {
  const n = s.length + 1;
  if (n > SCRATCH_MAX) return codesOf(s);
  if (scratch === null || scratch.length < n) scratch = Buffer.allocUnsafeSlow(Math.max(n, 2 * (scratch?.length ?? 1 << 15)));
  return codesIn(s, scratch);
}

function codesIn(s: string, buf: Buffer): Uint8Array {
  const n = s.length;
  const b = new Uint8Array(buf.buffer, buf.byteOffset, n + 1); // a plain view: one kind of array for V8
  // ASCII text (the usual case) encodes one byte per character
  const { read, written } = UTF8.encodeInto(s, b);
  if (read !== n || written !== n)
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      b[i] = c < 128 ? c : 128;
    }
  b[n] = 0;
  return b;
}

/**
 * The index of the next character `code` at or after `from` that stands outside strings and
 * brackets (`()`, `[]`, `{}`, `<>`), counting from bracket depth 0 at `from`; -1 if none.
 */
export function topLevelIndexOf(text: string, code: number, from = 0): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const close = text.indexOf('"', i + 1);
      if (close < 0) return -1;
      i = close;
    } else if (c === 40 || c === 91 || c === 123 || c === 60) depth++;
    else if (c === 41 || c === 93 || c === 125 || c === 62) depth--;
    else if (c === code && depth === 0) return i;
  }
  return -1;
}

/** Per character code for `Scan`: 1 opens a bracket, -1 closes one, 2 a string, 3 a comment. */
const SCAN_CLASS = new Int8Array(256);
for (const ch of "([{<") SCAN_CLASS[ch.charCodeAt(0)] = 1;
for (const ch of ")]}>") SCAN_CLASS[ch.charCodeAt(0)] = -1;
SCAN_CLASS[34] = 2;
SCAN_CLASS[59] = 3;

/**
 * A line's content: `raw[a, b)` is the part of the line `raw[start, stop)` before its comment,
 * trimmed; `delta` its bracket balance. Nothing is copied.
 */
class Scan {
  raw = "";
  a = 0;
  b = 0;
  delta = 0;
  /** `codes` are `codesOf(raw)`. */
  run(raw: string, codes: Uint8Array, start: number, stop: number): void {
    let depth = 0;
    let end = stop;
    for (let i = start; i < stop; i++) {
      const k = SCAN_CLASS[codes[i]];
      if (k === 0) continue;
      if (k === 2) {
        const close = raw.indexOf('"', i + 1);
        if (close < 0 || close >= stop) break; // unterminated: the instruction parser reports it
        i = close;
      } else if (k === 3) {
        end = i; // ;
        break;
      } else depth += k;
    }
    const a = skipBlanks(codes, start, end);
    end = trimBlanks(codes, a, end);
    this.raw = raw;
    this.a = a;
    this.b = end;
    this.delta = depth;
  }
  text(): string {
    return this.raw.slice(this.a, this.b);
  }
}

/**
 * The first index of `raw[a, b)` (read by its codes) that is not blank, or `b`. (These loops are
 * functions of their own, shared by every caller, so that V8 optimizes them with the feedback of
 * all: a rarely taken loop in a rarely called function otherwise deoptimizes again and again.)
 */
function skipBlanks(codes: Uint8Array, a: number, b: number): number {
  while (a < b && BLANK[codes[a]] === 1) a++;
  return a;
}

/** The end of `raw[a, b)` without its trailing blanks. */
function trimBlanks(codes: Uint8Array, a: number, b: number): number {
  while (b > a && BLANK[codes[b - 1]] === 1) b--;
  return b;
}

/** `isBlank` per code. */
const BLANK = Uint8Array.from({ length: 256 }, (_, c) => (isBlank(c) ? 1 : 0));

/** The leading run of name characters of `s`. */
function leadingWord(s: string): string {
  let i = 0;
  while (i < s.length) {
    if (!isNameChar(s.charCodeAt(i))) break;
    i++;
  }
  return s.slice(0, i);
}

class LineMachine {
  private readonly scan = new Scan();
  private state: typeof TOP | typeof HEADER | typeof BODY = TOP;
  private readonly functions: LlvmFunction[] = [];

  /** Top level: the bracket depth of a skipped entity spanning lines, and where it started. */
  private topDepth = 0;
  private topLine = 0;

  /** Header: the `define` text so far. */
  private header = "";
  private headerDepth = 0;
  private headerLine = 0;

  /** Body: the function being read. */
  private fn: LlvmFunction | null = null;
  private block: LlvmBlock | null = null;
  /** The instructions of `block` so far, `instrCount` of them (copied out at its terminator). */
  private readonly instrs: LlvmInstr[] = [];
  private instrCount = 0;
  private labels = new Map<string, number>();
  /** The instruction read but not yet parsed (it may go on over the next lines). */
  private pending: string | null = null;
  private pendingA = 0;
  private pendingB = 0;
  private pendingLine = 0;
  private pendingDepth = 0;
  /** `codesOf(pending)`, or null to be made when needed (for a joined instruction). */
  private pendingCodes: Uint8Array | null = null;

  /** The strict reading (verify.ts), fed every entity; `ownChecker`: made here, so finished here. */
  private readonly check: ModuleChecker;
  private readonly ownChecker: boolean;
  /** Top level: the lines of an entity spanning lines, joined (`topDepth` > 0). */
  private topText = "";

  constructor(
    private readonly file: string,
    checker?: ModuleChecker,
  ) {
    this.check = checker ?? new ModuleChecker(file);
    this.ownChecker = checker === undefined;
  }

  private fail(line: number, what: string): never {
    throw new MalformedInput(`${this.file}:${line}: ${what}`);
  }

  /** Line `n` of the module is `raw[start, stop)` (without its newline); `codes` are `codesOf(raw)`. */
  line(raw: string, codes: Uint8Array, start: number, stop: number, n: number): void {
    if (this.state === BODY && this.quickBodyLine(raw, codes, start, stop, n)) return;
    const scan = this.scan;
    scan.run(raw, codes, start, stop);
    const delta = scan.delta;
    switch (this.state) {
      case BODY:
        this.bodyLine(raw, codes, scan.a, scan.b, delta, n);
        return;
      case HEADER:
        this.header += " " + scan.text();
        this.headerDepth += delta;
        this.maybeStartBody();
        return;
      case TOP:
        this.topLevelLine(raw, codes, scan.a, scan.b, delta, n);
        return;
    }
  }

  finish(): LlvmModule {
    if (this.state === BODY) {
      const fn = this.fn!;
      if (this.pending !== null && this.pendingDepth > 0)
        this.fail(this.pendingLine, `unbalanced brackets: the instruction is not closed before the end of the file`);
      this.fail(fn.line, `function ${llvmName("@", fn.name)} is not closed: no '}' before the end of the file`);
    }
    if (this.state === HEADER) this.fail(this.headerLine, `'define' without a body: no '{' before the end of the file`);
    if (this.topDepth > 0) this.fail(this.topLine, `unbalanced brackets: not closed before the end of the file`);
    if (this.ownChecker) this.check.finish();
    return { functions: this.functions };
  }

  // --- top level ------------------------------------------------------------------------------

  /** The top-level line `raw[a, b)` (comment-free, trimmed). */
  private topLevelLine(raw: string, codes: Uint8Array, a: number, b: number, delta: number, n: number): void {
    if (this.topDepth > 0) {
      this.topDepth += delta;
      if (this.topDepth < 0) this.fail(n, `unbalanced brackets: more closing than opening since line ${this.topLine}`);
      this.topText += " " + raw.slice(a, b);
      if (this.topDepth === 0) {
        const text = this.topText;
        this.topText = "";
        this.check.topLevel(text, codesOf(text), 0, text.length, this.topLine);
      }
      return;
    }
    if (a === b) return;
    const c0 = codes[a];
    if (c0 === 64 /* @ */ || c0 === 36 /* $ */ || c0 === 33 /* ! */ || c0 === 94 /* ^ */) return this.skipTop(raw, codes, a, b, delta, n);
    const text = raw.slice(a, b);
    if (c0 === 37 /* % */) {
      // `%T = type ...` is a type definition; `%x = add ...` an instruction
      const eq = /^%(?:"[^"]*"|[-A-Za-z$._0-9]+)\s*=\s*([A-Za-z_]*)/.exec(text);
      if (eq !== null && eq[1] === "type") return this.skipTop(raw, codes, a, b, delta, n);
      this.fail(n, `instruction outside a function`);
    }
    if (c0 === 125 /* } */) this.fail(n, `unbalanced braces: '}' outside a function`);
    if (text.startsWith("#dbg_")) this.fail(n, `debug record outside a function`);
    const w = leadingWord(text);
    if (w === "define") {
      this.header = text;
      this.headerDepth = delta;
      this.headerLine = n;
      this.state = HEADER;
      this.maybeStartBody();
      return;
    }
    if (TOP_SKIP.has(w)) return this.skipTop(raw, codes, a, b, delta, n);
    if (labelOf(raw, codes, a, b) !== null) this.fail(n, `block label outside a function`);
    if (OPCODE_WORDS.has(w)) this.fail(n, `instruction outside a function`);
    this.fail(n, `unexpected ${JSON.stringify(w || text.slice(0, 20))} outside a function`);
  }

  /**
   * A top-level entity other than `define`, `raw[a, b)` on line `n`: to the checker, once its
   * brackets close (an entity goes on over the next lines while they are open).
   */
  private skipTop(raw: string, codes: Uint8Array, a: number, b: number, delta: number, n: number): void {
    if (delta < 0) this.fail(n, `unbalanced brackets: more closing than opening`);
    this.topDepth = delta;
    this.topLine = n;
    if (delta === 0) this.check.topLevel(raw, codes, a, b, n);
    else this.topText = raw.slice(a, b);
  }

  // --- function header ------------------------------------------------------------------------

  /** Starts the body once the header's only open bracket is the body's `{` at its end. */
  private maybeStartBody(): void {
    const h = this.header;
    if (this.headerDepth < 0) this.fail(this.headerLine, `unbalanced brackets in 'define'`);
    if (this.headerDepth === 0 && h.endsWith("}"))
      this.fail(this.headerLine, `the body must start on the line after the '{' of 'define'`);
    if (this.headerDepth !== 1 || !h.endsWith("{")) return;
    const { name, params, paramsEnd } = this.check.functionHeader(h, codesOf(h), 0, h.length - 1, this.headerLine);
    const { groups, optnone } = headerAttributes(h.slice(0, h.length - 1), paramsEnd);
    this.fn = { name, params, blocks: [], line: this.headerLine, attributeGroups: groups, optnone };
    this.block = null;
    this.labels = new Map();
    this.instrCount = 0;
    this.pending = null;
    this.pendingCodes = null;
    this.state = BODY;
  }

  // --- function body --------------------------------------------------------------------------

  /**
   * The common lines of a body that need no `Scan`: blank and comment lines, labels alone on
   * their line (up to a comment) and debug records. Returns false, having changed nothing but
   * flushing the pending instruction as `bodyLine` would, for any other line: `bodyLine` takes it.
   */
  private quickBodyLine(raw: string, codes: Uint8Array, start: number, stop: number, n: number): boolean {
    if (this.pending !== null && this.pendingDepth !== 0) return false;
    const a = skipBlanks(codes, start, stop);
    if (a === stop) return true;
    const c0 = codes[a];
    if (c0 === 59 /* ; */) return true;
    // `a` is now where `Scan` would start the line's content too, and that content is not empty
    if (this.pending !== null) {
      if (isContinuation(codes, a, stop)) return false;
      this.flush();
    }
    if (c0 === 37 /* % */) return false;
    if (c0 === 35 /* # */) return codesAre(codes, a, "#dbg_");
    if (NAME_CHAR[c0] === 0) return false;
    let i = a + 1;
    while (i < stop && NAME_CHAR[codes[i]] === 1) i++;
    if (i < stop && codes[i] === 58 /* : */) {
      const rest = skipBlanks(codes, i + 1, stop);
      if (rest < stop && codes[rest] !== 59 /* ; */) return false; // `bb: ret void`
      this.startBlock(raw.slice(a, i), false, n);
      return true;
    }
    return false;
  }

  /** The body line `raw[a, b)` (comment-free, trimmed), `codes` are `codesOf(raw)`. */
  private bodyLine(raw: string, codes: Uint8Array, a: number, b: number, delta: number, n: number): void {
    if (this.pending !== null) {
      if (this.pendingDepth === 0) {
        if (a === b) return;
        if (!isContinuation(codes, a, b)) this.flush();
      }
      if (this.pending !== null) {
        if (b - a === 1 && codes[a] === 125 /* } */)
          this.fail(this.pendingLine, `unbalanced brackets: the instruction is not closed before the '}' of the function`);
        // the instruction goes on over this line
        this.pendingCodes = null;
        this.pending = this.pending.slice(this.pendingA, this.pendingB) + " " + raw.slice(a, b);
        this.pendingA = 0;
        this.pendingB = this.pending.length;
        this.pendingDepth += delta;
        if (this.pendingDepth < 0) this.fail(this.pendingLine, `unbalanced brackets: more closing than opening`);
        return;
      }
    }
    if (a === b) return;
    const c0 = codes[a];
    if (c0 === 125 /* } */) {
      if (b - a > 1) this.fail(n, `unexpected text after the '}' that closes the function`);
      this.endFunction(n);
      return;
    }
    if (c0 === 35 /* # */ && codesAre(codes, a, "#dbg_")) return;
    const label = labelOf(raw, codes, a, b);
    if (label !== null) {
      this.startBlock(label.name, label.quoted, n);
      const rest = skipBlanks(codes, label.end, b);
      if (rest < b) this.bodyLine(raw, codes, rest, b, delta, n); // `bb: ret void` on one line
      return;
    }
    if (isUselistorder(codes, a, b)) return;
    if (isTopLevelWord(codes, a, b))
      this.fail(this.fn!.line, `function ${llvmName("@", this.fn!.name)} is not closed: no '}' before line ${n}`);
    this.pending = raw;
    this.pendingCodes = codes;
    this.pendingA = a;
    this.pendingB = b;
    this.pendingLine = n;
    this.pendingDepth = delta;
    if (delta < 0) this.fail(n, `unbalanced brackets: more closing than opening`);
  }

  /** `implicit`: a block without a label (the strict reader gives it the next number). */
  private startBlock(label: string, quoted: boolean, n: number, implicit = false): void {
    const fn = this.fn!;
    if (this.block !== null)
      this.fail(n, `block ${llvmName("%", label)} starts before block ${llvmName("%", this.block.label)} ends (it has no terminator)`);
    const name = implicit ? this.check.blockLabel(label, quoted, true, n) : label;
    const size = this.labels.size;
    this.labels.set(name, fn.blocks.length);
    if (this.labels.size === size) this.fail(n, `duplicate block label ${llvmName("%", name)} in function ${llvmName("@", fn.name)}`);
    if (!implicit) this.check.blockLabel(name, quoted, false, n);
    this.block = { label: name, instrs: NO_INSTRS, succs: NO_SUCCS, line: n }; // both set by the terminator
    fn.blocks.push(this.block);
  }

  private flush(): void {
    const text = this.pending!;
    const line = this.pendingLine;
    this.pending = null;
    if (this.pendingDepth !== 0) this.fail(line, `unbalanced brackets in the instruction`);
    if (this.block === null) this.startBlock("", false, line, true); // an unnamed block
    const instr = this.check.instruction(text, this.pendingCodes ?? codesOf(text), this.pendingA, this.pendingB, line);
    this.instrs[this.instrCount++] = instr;
    if (TERMINATOR_OPS.has(instr.op)) {
      const block = this.block!;
      block.succs = (instr as { succs: string[] }).succs; // shared with the terminator
      block.instrs = this.instrs.slice(0, this.instrCount); // of its exact size
      this.instrCount = 0;
      this.block = null;
    }
  }

  private endFunction(n: number): void {
    const fn = this.fn!;
    const where = `function ${llvmName("@", fn.name)}`;
    if (this.block !== null) this.fail(n, `block ${llvmName("%", this.block.label)} of ${where} has no terminator`);
    if (fn.blocks.length === 0) this.fail(fn.line, `${where} has no blocks`);
    for (const b of fn.blocks) {
      const term = b.instrs[b.instrs.length - 1];
      for (const s of b.succs)
        if (!this.labels.has(s)) this.fail(term.line, `branch to unknown block ${llvmName("%", s)} in ${where}`);
      for (const i of b.instrs) {
        if (i.op !== "phi") break;
        for (const inc of i.incoming)
          if (!this.labels.has(inc.block)) this.fail(i.line, `phi names unknown block ${llvmName("%", inc.block)} in ${where}`);
      }
    }
    this.check.endFunction(n);
    checkFunctionBlocks(fn, this.labels, (line, what) => this.fail(line, what));
    this.functions.push(fn);
    this.fn = null;
    this.block = null;
    this.state = TOP;
  }
}

/** Whether `raw[a, b)` is a `uselistorder` or `uselistorder_bb` directive (by its codes). */
function isUselistorder(codes: Uint8Array, a: number, b: number): boolean {
  return codes[a] === 117 /* u */ && (startsWithWord(codes, a, b, "uselistorder") || startsWithWord(codes, a, b, "uselistorder_bb"));
}

/** Whether `raw[a, b)` starts with one of `TOP_LEVEL_WORDS`. */
function isTopLevelWord(codes: Uint8Array, a: number, b: number): boolean {
  const c = codes[a];
  for (const w of TOP_LEVEL_WORDS) if (c === w.charCodeAt(0) && startsWithWord(codes, a, b, w)) return true;
  return false;
}

/** Whether `raw[a, b)` starts with the word `w` (not followed by a name character). */
function startsWithWord(codes: Uint8Array, a: number, b: number, w: string): boolean {
  const e = a + w.length;
  if (e >= codes.length || !codesAre(codes, a, w)) return false; // (the codes have one more byte than raw)
  return e >= b || !isNameChar(codes[e]);
}

/** A line that continues the instruction before it: `to label ...`, landingpad clauses (`catch`, `filter`, `cleanup`). */
function isContinuation(codes: Uint8Array, a: number, b: number): boolean {
  // by the first two letters, then the word: this is asked of every line after an instruction
  const c = codes[a];
  const d = codes[a + 1];
  let w: string;
  if (c === 116 /* t */ && d === 111 /* o */) w = "to";
  else if (c === 99 /* c */ && d === 97 /* a */) w = "catch";
  else if (c === 99 /* c */ && d === 108 /* l */) w = "cleanup";
  else if (c === 102 /* f */ && d === 105 /* i */) w = "filter";
  else return false;
  return startsWithWord(codes, a, b, w) && codes[a + w.length] !== 58; // `cleanup:` is a label
}

/** `name:`, `"a b":`, `12:` at `raw[a]`, or null; `end` is the index after the colon. */
function labelOf(raw: string, codes: Uint8Array, a: number, b: number): { name: string; quoted: boolean; end: number } | null {
  if (codes[a] === 34) {
    const close = raw.indexOf('"', a + 1);
    if (close > 0 && close + 1 < b && codes[close + 1] === 58 /* : */)
      return { name: unescapeBytes(raw.slice(a + 1, close)), quoted: true, end: close + 2 };
    return null;
  }
  let i = a;
  while (i < b && isNameChar(codes[i])) i++;
  if (i > a && i < b && codes[i] === 58) return { name: raw.slice(a, i), quoted: false, end: i + 1 };
  return null;
}

function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45 || c === 36;
}

/**
 * What follows a `define`'s parameter list (from `from`): the attribute groups it names (`#0`) and
 * whether it says `optnone` itself; strings (`section "x"`) and brackets (`personality ptr
 * @f(...)`, `prefix [2 x i8] ...`) are skipped.
 */
export function headerAttributes(h: string, from: number): { groups: number[]; optnone: boolean } {
  const groups: number[] = [];
  let optnone = false;
  let depth = 0;
  for (let i = from; i < h.length; i++) {
    const ch = h.charCodeAt(i);
    if (ch === 34 /* " */) {
      const close = h.indexOf('"', i + 1);
      if (close < 0) break;
      i = close;
    } else if (ch === 40 || ch === 91 || ch === 123 || ch === 60) depth++;
    else if (ch === 41 || ch === 93 || ch === 125 || ch === 62) depth--;
    else if (depth === 0 && ch === 35 /* # */) {
      let j = i + 1;
      while (j < h.length && h.charCodeAt(j) >= 48 && h.charCodeAt(j) <= 57) j++;
      if (j > i + 1) groups.push(Number(h.slice(i + 1, j)));
      i = j - 1;
    } else if (depth === 0 && ch === 111 /* o */ && h.startsWith("optnone", i) && !isWordChar(h.charCodeAt(i - 1)) && !isWordChar(h.charCodeAt(i + 7))) optnone = true;
  }
  return { groups, optnone };
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46 || c === 36 || c === 45;
}
