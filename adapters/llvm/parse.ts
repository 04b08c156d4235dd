/**
 * Textual LLVM IR -> `LlvmModule` (see ir.ts for the model, the naming and the predecessor
 * order). `parseModule` takes the text, `parseModuleChunks` its bytes in chunks, never
 * holding it whole; both feed the same line machine, so they give the same module and the same
 * errors.
 *
 * Kept: function definitions with their blocks and instructions. Skipped: `declare`s, globals,
 * type definitions, comdats, metadata (`!0 = ...` lines and `!dbg !12` attachments), attribute
 * groups and `#0` references, comments (`;` outside strings, so `; preds = ...` too: never
 * trusted), `source_filename`/`target`, `uselistorder` directives and LLVM 19+ debug records
 * (`#dbg_value(...)`, `#dbg_declare(...)` lines). Debug intrinsic calls (`llvm.dbg.*`) stay as
 * instructions, flagged `debug`.
 *
 * Lines: an instruction normally takes one line. It goes on over the next lines while its
 * brackets are open (`switch ... [` up to `]`), and a line starting with `to` (the successors
 * of `invoke`/`callbr`) or `catch`/`filter`/`cleanup` (landingpad clauses) continues the
 * instruction before it. An instruction's line is its first line.
 *
 * Malformed (MalformedInput, one line `FILE:LINE: what`): unbalanced braces or brackets, an
 * instruction or label outside a function, anything unknown at the top level, an unknown
 * opcode or operand syntax, a block without a terminator, a duplicate block label, a branch
 * target or phi incoming block that names no block of the function, a function without blocks.
 *
 * How, for speed (modules of tens of MB, where every pass over the text and every object counts):
 * - the text is read through its character codes (`codesOf`, one byte per character, made once
 *   per text or chunk, in a buffer reused from text to text), and only what the result keeps is
 *   sliced out of it, once per distinct text (`Cursor.strings`, a small table shared by all
 *   parses);
 * - the exact way to read a line is `Scan` (its comment-free content and bracket balance) and
 *   then `bodyLine`, which keeps an instruction pending until the next line tells whether it
 *   goes on. In a body, `quickBodyLine` first tries the common lines in one pass instead:
 *   blank and comment lines, labels, and instructions read speculatively from the raw line (see
 *   `Cursor.speculative`), which succeeds only where the result is the exact one: the frequent
 *   instructions by the fast paths of instr.ts (`quickParse`), the others by the generic
 *   parser. Every other line takes the exact way, so results and errors do not depend on which
 *   way a line went.
 */
import { MalformedInput } from "../../spec/errors.js";
import { Cursor, GIVE_UP, NAME_CHAR, codesAre, codesOf, isBlank, scratchCodesOf, topLevelIndexOf, unescape } from "./cursor.js";
import { StringTable } from "./intern.js";
import { OPCODES, isDigits, parseInstruction, quickParse } from "./instr.js";
import type { LlvmBlock, LlvmFunction, LlvmInstr, LlvmModule } from "./ir.js";
import { checkFunctionBlocks, ModuleChecker } from "./verify.js";

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

/**
 * The texts every parser of this thread shares (`Cursor.strings`): the same names and types recur
 * from function to function (`%retval`, `%call`, `i32`, `%struct.S*`), and a table is costly to
 * set up (a module read one function at a time, adapters/llvm/stream.ts, makes a parser per function).
 * It is kept small (it starts afresh past `PARSER_STRINGS` texts) so that it stays in the
 * processor's cache: in a table of every text of a big module, looking a name up costs a cache
 * miss or more, and a table emptied per function copies each of its names again. Sharing only
 * saves copies; the strings are the same either way.
 */
let parserStrings: StringTable | undefined;
const PARSER_STRINGS = 1 << 12;
/** Slots for `PARSER_STRINGS` texts at half load: the table never grows. */
const PARSER_STRINGS_BITS = 13;

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
  private readonly cur: Cursor;
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
  private counter = 0;
  /** The instruction read but not yet parsed (it may go on over the next lines). */
  private pending: string | null = null;
  private pendingA = 0;
  private pendingB = 0;
  private pendingLine = 0;
  private pendingDepth = 0;
  /** `codesOf(pending)`, or null to be made when needed (for a joined instruction). */
  private pendingCodes: Uint8Array | null = null;
  /**
   * The pending instruction already parsed (by `quickBodyLine`), and its `Cursor.resultNumber`,
   * `unnamed` and `terminator`; or null.
   */
  private parsed: LlvmInstr | null = null;
  private parsedNumber = -1;
  private parsedUnnamed = false;
  private parsedTerminator = false;

  /** The strict reading (verify.ts), fed every entity; `ownChecker`: made here, so finished here. */
  private readonly check: ModuleChecker;
  private readonly ownChecker: boolean;
  /** Top level: the lines of an entity spanning lines, joined (`topDepth` > 0). */
  private topText = "";

  constructor(
    private readonly file: string,
    checker?: ModuleChecker,
  ) {
    this.cur = new Cursor(file, (parserStrings ??= new StringTable(PARSER_STRINGS, PARSER_STRINGS_BITS)));
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
    if (OPCODES.has(w)) this.fail(n, `instruction outside a function`);
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
    const fn = this.parseHeader(h.slice(0, h.length - 1), this.headerLine);
    this.check.functionHeader(h, codesOf(h), 0, h.length - 1, this.headerLine);
    this.fn = fn;
    this.block = null;
    this.labels = new Map();
    this.instrCount = 0;
    this.pending = null;
    this.pendingCodes = null;
    this.parsed = null;
    this.state = BODY;
  }

  /** `define [linkage ...] RetType @name(params) [attrs ...]` (without the `{`). */
  private parseHeader(h: string, line: number): LlvmFunction {
    const c = this.cur;
    // the name is the first `@` outside brackets and strings
    const at = topLevelIndexOf(h, 64);
    if (at < 0) this.fail(line, `'define' without a function name (@...)`);
    c.reset(h, line, at);
    const name = c.globalName();
    c.expect(40, `after the function name`);
    this.counter = 0;
    const params: string[] = [];
    if (!c.eat(41))
      for (;;) {
        if (c.eatWord("...")) {
          c.expect(41, `after '...'`);
          break;
        }
        c.skipType();
        let pname: string | null = null;
        for (;;) {
          const d = c.peek();
          if (d === 44 || d === 41) break;
          if (d === -1) c.fail(`unterminated parameter list`);
          if (d === 37) {
            pname = c.localName();
            if (!c.quoted && isDigits(pname)) this.counter = Number(pname) + 1;
          } else if (d === 40 || d === 91 || d === 123 || d === 60) c.skipGroup();
          else if (d === 34) c.skipString();
          else if (d === 61) c.pos++;
          else if (!c.skipWord()) c.fail(`unexpected ${c.here()} in the parameter list`);
        }
        params.push(pname ?? String(this.counter++));
        if (c.eat(44)) continue;
        c.expect(41, `after the parameters`);
        break;
      }
    const { groups, optnone } = headerAttributes(h, c.pos);
    return { name, params, blocks: [], line, attributeGroups: groups, optnone };
  }

  // --- function body --------------------------------------------------------------------------

  /**
   * The common lines of a body, read without `Scan`: blank and comment lines, labels alone on
   * their line (up to a comment), debug records, and instructions complete on their line. Such an
   * instruction is parsed at once, speculatively (see `Cursor.speculative`): from the raw line,
   * which saves a pass over it. Returns false, having changed nothing but flushing the pending
   * instruction as `bodyLine` would, for any other line (or when the speculative read gives up):
   * `bodyLine` takes it.
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
    if (c0 === 37 /* % */) return this.quickInstruction(raw, codes, a, stop, n);
    if (c0 === 35 /* # */) return codesAre(codes, a, "#dbg_");
    if (NAME_CHAR[c0] === 0) return false;
    let i = a + 1;
    while (i < stop && NAME_CHAR[codes[i]] === 1) i++;
    if (i < stop && codes[i] === 58 /* : */) {
      const rest = skipBlanks(codes, i + 1, stop);
      if (rest < stop && codes[rest] !== 59 /* ; */) return false; // `bb: ret void`
      this.startBlock(this.cur.strings.range(codes, raw, a, i), false, n);
      return true;
    }
    // `uselistorder`, or a top-level word (a missing `}`, reported there): the exact way
    if (isDirectiveWord(codes, a, i)) return false;
    return this.quickInstruction(raw, codes, a, stop, n);
  }

  /** The instruction that starts at `raw[a]`, read speculatively up to the end of the line. */
  private quickInstruction(raw: string, codes: Uint8Array, a: number, stop: number, n: number): boolean {
    const end = trimBlanks(codes, a, stop);
    const c = this.cur;
    c.reset(raw, n, a, end, codes);
    let instr = quickParse(c); // the frequent instructions, without the generic machinery
    if (instr === null) {
      c.reset(raw, n, a, end, codes);
      c.speculative = true;
      try {
        instr = parseInstruction(c);
      } catch (e) {
        if (e === GIVE_UP) return false;
        throw e;
      } finally {
        c.speculative = false;
      }
    }
    this.pending = raw;
    this.pendingCodes = codes;
    this.pendingA = a;
    this.pendingB = c.restEnd;
    this.pendingLine = n;
    this.pendingDepth = 0;
    this.parsed = instr;
    this.parsedNumber = c.resultNumber;
    this.parsedUnnamed = c.unnamed;
    this.parsedTerminator = c.terminator;
    return true;
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
        this.parsed = null;
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
    this.parsed = null;
    this.pending = raw;
    this.pendingCodes = codes;
    this.pendingA = a;
    this.pendingB = b;
    this.pendingLine = n;
    this.pendingDepth = delta;
    if (delta < 0) this.fail(n, `unbalanced brackets: more closing than opening`);
  }

  /** `implicit`: a block without a label (it takes the next number, `name`). */
  private startBlock(name: string, quoted: boolean, n: number, implicit = false): void {
    const fn = this.fn!;
    if (this.block !== null)
      this.fail(n, `block ${llvmName("%", name)} starts before block ${llvmName("%", this.block.label)} ends (it has no terminator)`);
    const size = this.labels.size;
    this.labels.set(name, fn.blocks.length);
    if (this.labels.size === size) this.fail(n, `duplicate block label ${llvmName("%", name)} in function ${llvmName("@", fn.name)}`);
    if (!quoted && isDigits(name)) this.counter = Number(name) + 1;
    this.check.blockLabel(name, quoted, implicit, n);
    this.block = { label: name, instrs: NO_INSTRS, succs: NO_SUCCS, line: n }; // both set by the terminator
    fn.blocks.push(this.block);
  }

  private flush(): void {
    const text = this.pending!;
    const line = this.pendingLine;
    this.pending = null;
    if (this.pendingDepth !== 0) this.fail(line, `unbalanced brackets in the instruction`);
    if (this.block === null) this.startBlock(String(this.counter), false, line, true); // an unnamed block
    let instr = this.parsed;
    let resultNumber = this.parsedNumber;
    let unnamed = this.parsedUnnamed;
    let terminator = this.parsedTerminator;
    if (instr === null) {
      const c = this.cur;
      c.reset(text, line, this.pendingA, this.pendingB, this.pendingCodes ?? undefined);
      instr = parseInstruction(c);
      resultNumber = c.resultNumber;
      unnamed = c.unnamed;
      terminator = c.terminator;
    }
    this.parsed = null;
    this.check.instruction(text, this.pendingCodes ?? codesOf(text), this.pendingA, this.pendingB, line);
    if (unnamed) instr.result = String(this.counter++);
    else if (resultNumber >= 0) this.counter = resultNumber + 1;
    this.instrs[this.instrCount++] = instr;
    if (terminator) {
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

/**
 * Whether the word `raw[a, e)` (a whole run of name characters) is `uselistorder`,
 * `uselistorder_bb` or one of `TOP_LEVEL_WORDS`: `isUselistorder || isTopLevelWord` for a line
 * whose first word is known, its length tried first.
 */
function isDirectiveWord(codes: Uint8Array, a: number, e: number): boolean {
  switch (e - a) {
    case 6:
      return codesAre(codes, a, "define") || codesAre(codes, a, "target");
    case 7:
      return codesAre(codes, a, "declare");
    case 10:
      return codesAre(codes, a, "attributes");
    case 12:
      return codesAre(codes, a, "uselistorder");
    case 15:
      return codesAre(codes, a, "uselistorder_bb") || codesAre(codes, a, "source_filename");
    default:
      return false;
  }
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
      return { name: unescape(raw.slice(a + 1, close)), quoted: true, end: close + 2 };
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
