/**
 * Scanning one logical line of LLVM IR (an instruction, possibly joined from several source
 * lines, comments already removed): names, words, types, values, bracket groups.
 *
 * Types, aggregates and constant expressions are skipped as balanced bracket groups with a
 * counter, never by recursion: their nesting depth does not cost stack. Everything inside a
 * constant (`getelementptr inbounds ([4 x i8], ptr @.str, i64 0, i64 0)`, `blockaddress(@f, %bb)`)
 * is a constant: LLVM constants cannot name instruction-local values.
 *
 * Speed: this runs over every character of every instruction of modules of tens of MB, so each
 * token is scanned once, as a range of the line, through the line's character codes `b`
 * (`codesOf`: reading a byte array costs a third of `charCodeAt`) and character tables; no
 * regular expressions, no substrings to look at. Only what the result keeps is sliced out of
 * the string `s`, and that goes through `strings` (one string per distinct text: a module says
 * `i32` and `%0` hundreds of thousands of times, and every copy would be work for the garbage
 * collector) or, for decimal numbers, `NUMBER_TEXTS`.
 */
import { MalformedInput } from "../../spec/errors.js";
import type { LlvmValue } from "./ir.js";
import { StringTable, WordTable } from "./intern.js";

const SPACE = 32;
const TAB = 9;
const QUOTE = 34; // "
const PERCENT = 37; // %
const AT = 64; // @
const BANG = 33; // !
const LPAREN = 40;
const RPAREN = 41;
const LBRACK = 91;
const RBRACK = 93;
const LBRACE = 123;
const LT = 60;
const STAR = 42;
const COMMA = 44;
const SEMICOLON = 59;
const BACKSLASH = 92;

export const VOLATILE = 1;
export const ATOMIC = 2;

/** `[-A-Za-z$._0-9]`: the characters of an unquoted LLVM name (per code, see `codesOf`). */
export const NAME_CHAR: Uint8Array = new Uint8Array(256);
/** 1 for every code but the digits' (`bareName`). */
const NOT_DIGIT = Uint8Array.from({ length: 256 }, (_, c) => (c >= 48 && c <= 57 ? 0 : 1));
/** Name characters and `+` (for `1.0e+00`): the characters of a keyword or number. */
const WORD_CHAR = new Uint8Array(256);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[-A-Za-z$._0-9]/.test(ch)) NAME_CHAR[c] = 1;
  if (/[-A-Za-z$._0-9+]/.test(ch)) WORD_CHAR[c] = 1;
}

/** Per code for `skipGroup`: 1 opens a bracket, -1 closes one, 2 starts a string. */
export const GROUP_CLASS: Int8Array = new Int8Array(256);
for (const ch of "([{<") GROUP_CLASS[ch.charCodeAt(0)] = 1;
for (const ch of ")]}>") GROUP_CLASS[ch.charCodeAt(0)] = -1;
GROUP_CLASS[QUOTE] = 2;
/** `GROUP_CLASS` for a speculative read (see `Cursor.speculative`): 3 for `;`, a comment. */
const SPECULATIVE_GROUP_CLASS = GROUP_CLASS.slice();
SPECULATIVE_GROUP_CLASS[SEMICOLON] = 3;

/** Thrown by `Cursor.fail` in speculative mode: no message, no stack, the caller reads the line again. */
export const GIVE_UP: unique symbol = Symbol("give up");

const TYPE_WORDS = [
  "void", "half", "bfloat", "float", "double", "x86_fp80", "fp128", "ppc_fp128", "x86_mmx", "x86_amx",
  "label", "metadata", "token", "ptr", "opaque", "target",
];

const TYPE_WORDS_BY_CHAR: (string[] | undefined)[] = [];
for (const w of TYPE_WORDS) (TYPE_WORDS_BY_CHAR[w.charCodeAt(0)] ??= []).push(w);

/** What a word standing where a value is expected means (`valueWordKind`). */
const NOT_VALUE_WORD = 0;
/** `true`, `null`, `zeroinitializer`, ...: a whole value. */
const LITERAL = 1;
/** `dso_local_equivalent`, `no_cfi`: stands before another value. */
const PREFIX = 2;
/** `getelementptr`, `bitcast`, ...: a constant expression, flags then one bracket group. */
const EXPRESSION = 3;
/** `asm`: inline assembler. */
const ASM = 4;

const LITERAL_WORDS = ["true", "false", "null", "none", "undef", "poison", "zeroinitializer", "inf", "nan", "qnan", "snan"];
const PREFIX_WORDS = ["dso_local_equivalent", "no_cfi"];
const EXPRESSION_WORDS = [
  "getelementptr", "bitcast", "addrspacecast", "ptrtoint", "ptrtoaddr", "inttoptr", "trunc", "zext", "sext",
  "fptrunc", "fpext", "fptoui", "fptosi", "uitofp", "sitofp", "icmp", "fcmp", "add", "sub", "mul", "shl",
  "lshr", "ashr", "and", "or", "xor", "udiv", "sdiv", "urem", "srem", "fadd", "fsub", "fmul", "fdiv", "frem",
  "fneg", "select", "extractelement", "insertelement", "shufflevector", "extractvalue", "insertvalue",
  "blockaddress", "splat", "ptrauth",
];

/** Words that start a value (literals, constant expressions, inline asm), never an attribute. */
const VALUE_WORDS = new WordTable([...LITERAL_WORDS, ...PREFIX_WORDS, ...EXPRESSION_WORDS, "asm"]);
const VALUE_WORD_KIND = Uint8Array.from([
  ...LITERAL_WORDS.map(() => LITERAL),
  ...PREFIX_WORDS.map(() => PREFIX),
  ...EXPRESSION_WORDS.map(() => EXPRESSION),
  ASM,
]);

/**
 * Per first character, the lengths of the `VALUE_WORDS` starting with it (bit `n` for length
 * `n`): most words asked about (attributes such as `noundef`, `align`) are none of them, and
 * are told so without hashing.
 */
const VALUE_WORD_LENGTHS = new Int32Array(128);
for (const w of VALUE_WORDS.words) VALUE_WORD_LENGTHS[w.charCodeAt(0)] |= 1 << w.length;

/** `VALUE_WORDS.find`. */
function findValueWord(b: Uint8Array, start: number, end: number): number {
  const c0 = b[start];
  const n = end - start;
  if (c0 >= 128 || n >= 32 || (VALUE_WORD_LENGTHS[c0] & (1 << n)) === 0) return -1;
  return VALUE_WORDS.find(b, start, end);
}

/** What the word `b[start, end)` means as a value (`LITERAL`, ...), or `NOT_VALUE_WORD`. */
function valueWordKind(b: Uint8Array, start: number, end: number): number {
  const c0 = b[start];
  if (end - start < 2 || c0 < 97 || c0 > 122) return NOT_VALUE_WORD; // every value word is lower case
  const i = findValueWord(b, start, end);
  return i < 0 ? NOT_VALUE_WORD : VALUE_WORD_KIND[i];
}

/** Whether the word `b[start, end)` is a type keyword (`i32`, `ptr`, `void`, ...). */
export function isTypeWordAt(b: Uint8Array, start: number, end: number): boolean {
  const n = end - start;
  if (n < 2) return false;
  const c0 = b[start];
  if (c0 === 105 /* i */) {
    for (let i = start + 1; i < end; i++) {
      const c = b[i];
      if (c < 48 || c > 57) return false;
    }
    return true;
  }
  const words = TYPE_WORDS_BY_CHAR[c0];
  if (words === undefined) return false;
  for (const w of words) if (w.length === n && codesAre(b, start, w)) return true;
  return false;
}

/** Whether `b[start, start + w.length)` are the codes of the ASCII word `w`. */
export function codesAre(b: Uint8Array, start: number, w: string): boolean {
  for (let i = 0; i < w.length; i++) if (b[start + i] !== w.charCodeAt(i)) return false;
  return true;
}

/** The end of the run of word characters at `b[p]`, at most `end`. */
export function wordEndAt(b: Uint8Array, p: number, end: number): number {
  while (p < end && WORD_CHAR[b[p]] === 1) p++;
  return p;
}

/** The first index from `p` on that is not a space or tab, at most `end`. */
export function blanksEndAt(b: Uint8Array, p: number, end: number): number {
  while (p < end) {
    const c = b[p];
    if (c !== SPACE && c !== TAB) break;
    p++;
  }
  return p;
}

/**
 * The codes the cursor reads `s` by: a byte per character, ASCII as is, any other character 128
 * (LLVM's syntax is ASCII: no other character is a letter, digit, bracket or quote to it), and
 * one more byte, 0, after the end, so that a look at the character after the last reads within
 * the array. The same index means the same character in `s` and in its codes.
 */
export function codesOf(s: string): Uint8Array {
  return codesIn(s, Buffer.allocUnsafe(s.length + 1));
}

/**
 * The largest text whose codes `scratchCodesOf` makes in its shared buffer; a bigger one (a whole
 * module) gets a buffer of its own, which is not kept once the parse is over.
 */
const SCRATCH_MAX = 1 << 22;
let scratch: Buffer | null = null;

/**
 * `codesOf(s)` in a buffer shared by every call: valid only until the next call. For a caller
 * that is done with the codes when it returns (`parseModule`): a module read one function at a
 * time (adapters/llvm/stream.ts) parses thousands of texts of a few KB, and a fresh buffer of that
 * size is an allocation outside the heap each (Buffer's own pool only serves up to 4 KB).
 */
export function scratchCodesOf(s: string): Uint8Array {
  const n = s.length + 1;
  if (n > SCRATCH_MAX) return codesOf(s);
  if (scratch === null || scratch.length < n) scratch = Buffer.allocUnsafeSlow(Math.max(n, 2 * (scratch?.length ?? 1 << 15)));
  return codesIn(s, scratch);
}

/** `codesOf(s)` written into `buf` (at least `s.length + 1` bytes), as a view of exactly that length. */
function codesIn(s: string, buf: Buffer): Uint8Array {
  const n = s.length;
  const b = new Uint8Array(buf.buffer, buf.byteOffset, n + 1); // a plain view: one kind of array for V8
  // UTF-8 as long as the text: all ASCII, and copied (one pass, where measuring the UTF-8 length
  // and then copying are two)
  const { read, written } = UTF8.encodeInto(s, b);
  if (read !== n || written !== n)
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      b[i] = c < 128 ? c : 128;
    }
  b[n] = 0;
  return b;
}

const UTF8 = new TextEncoder();

/** The numbers written in decimal below this are kept in `NUMBER_TEXTS` rather than `strings`. */
const NUMBERS = 1 << 14;

/**
 * The decimal numbers below `NUMBERS` as strings, made once for all cursors (a module read one
 * function at a time makes a cursor per function, and every function says `%0`, `%1`, ...):
 * `NUMBER_TEXTS[12]` is "12". Filled in order, so that the array stays dense (fast to index).
 */
const NUMBER_TEXTS: string[] = [];

export class Cursor {
  s = "";
  /** The codes of `s` (`codesOf`). */
  b: Uint8Array = new Uint8Array(1);
  pos = 0;
  line = 0;
  /** Whether the last name read by `localName`/`globalName` was quoted. */
  quoted = false;
  /** The value of the last name read when that is a bare run of digits (`%12`), else -1. */
  number = -1;
  /** Set by `parseInstruction`: N for a result written `%N`, else -1. */
  resultNumber = -1;
  /**
   * Set by `parseInstruction`: whether the instruction yields a value but names none (so that it
   * takes the next number), and whether it ends its block. (The line machine reads these rather
   * than the instruction: objects of a dozen shapes make slow property reads.)
   */
  unnamed = false;
  terminator = false;
  /** The end of the text to read: `s` may go on with a comment. */
  end = 0;
  /** One string per distinct name, type and constant text read (see intern.ts). */
  readonly strings: StringTable;
  /**
   * A speculative read: `s[pos, end)` is a raw source line, which may go on with a comment or
   * with unbalanced brackets that continue the instruction on the next lines. The caller wants
   * the instruction only if reading the raw line gives exactly what reading its comment-free
   * text would; otherwise `fail` throws `GIVE_UP` and the caller reads the line the exact way.
   * The instruction grammar itself never consumes a `;` or an unbalanced bracket outside a
   * string, so it suffices that `skipGroup` gives up at a `;`, and `endOfOperands` checks the
   * rest of the line (`restEnd`).
   */
  speculative = false;
  /** Set by a speculative `endOfOperands`: the end of the instruction's text, before any comment, trimmed. */
  restEnd = 0;
  /** The locals read into the cursor's own list (`sink` null, see `addLocal`), `localCount` of them. */
  private readonly locals: string[] = [];
  private localCount = 0;

  /**
   * `keep`: how many distinct texts `strings` holds before it starts afresh. The parser of a
   * module keeps all of them (`parseModule`: they go into its result anyway); a cursor that reads
   * instruction after instruction of one module after another keeps fewer. Or a table to share:
   * a table costs hundreds of KB to set up, and a module read one function at a time
   * (adapters/llvm/stream.ts) makes a parser per function.
   */
  constructor(
    readonly file: string,
    keep: number | StringTable = 1 << 14,
  ) {
    this.strings = typeof keep === "number" ? new StringTable(keep) : keep;
  }

  /** Reads `s[pos, end)` of line `line`; `codes` are `codesOf(s)`, made here when not given. */
  reset(s: string, line: number, pos = 0, end = s.length, codes?: Uint8Array): void {
    this.s = s;
    this.b = codes ?? codesOf(s);
    this.pos = pos;
    this.end = end;
    this.line = line;
    this.localCount = 0;
  }

  fail(what: string): never {
    if (this.speculative) throw GIVE_UP;
    throw new MalformedInput(`${this.file}:${this.line}: ${what}`);
  }

  /** What stands at the cursor, for messages: a few characters, or "the end of the line". */
  here(): string {
    this.ws();
    if (this.pos >= this.end) return "the end of the line";
    const rest = this.s.slice(this.pos, Math.min(this.pos + 24, this.end));
    return JSON.stringify(this.pos + 24 < this.end ? `${rest}...` : rest);
  }

  /** `s[start, end)` as a string of `strings` (or `NUMBER_TEXTS`). */
  text(start: number, end: number): string {
    const b = this.b;
    const n = end - start;
    // a small decimal number (`i32 1`, `align 8`): without hashing
    if (n <= 5) {
      let v = 0;
      let i = start;
      for (; i < end; i++) {
        const c = b[i];
        if (c < 48 || c > 57) break;
        v = v * 10 + (c - 48);
      }
      if (i === end && n > 0 && (n === 1 || b[start] !== 48) && v < NUMBERS) return this.numberText(v);
    }
    return this.strings.range(b, this.s, start, end);
  }

  /** `String(v)` for `v < NUMBERS`, made once. */
  private numberText(v: number): string {
    const numbers = NUMBER_TEXTS;
    while (numbers.length <= v) numbers.push(String(numbers.length));
    return numbers[v];
  }

  ws(): void {
    this.pos = blanksEndAt(this.b, this.pos, this.end);
  }

  /** The character code at the cursor after blanks (128 for any non-ASCII character), or -1 at the end. */
  peek(): number {
    const p = blanksEndAt(this.b, this.pos, this.end);
    this.pos = p;
    return p < this.end ? this.b[p] : -1;
  }

  eat(c: number): boolean {
    if (this.peek() !== c) return false;
    this.pos++;
    return true;
  }

  expect(c: number, what: string): void {
    if (!this.eat(c)) this.fail(`expected '${String.fromCharCode(c)}' ${what}, found ${this.here()}`);
  }

  /** The end of the word (keyword, number) at the cursor after blanks; the cursor when there is none. */
  wordEnd(): number {
    this.ws();
    return wordEndAt(this.b, this.pos, this.end);
  }

  /** A keyword, number or other run of word characters; "" if none stands here. */
  word(): string {
    const end = this.wordEnd();
    const start = this.pos;
    this.pos = end;
    return this.s.slice(start, end);
  }

  /** Consumes the word at the cursor without copying it; false if there is none. */
  skipWord(): boolean {
    const end = this.wordEnd();
    if (end === this.pos) return false;
    this.pos = end;
    return true;
  }

  /** Whether the word at the cursor is `w` (not consumed). */
  atWord(w: string): boolean {
    const end = this.wordEnd();
    return end - this.pos === w.length && codesAre(this.b, this.pos, w);
  }

  eatWord(w: string): boolean {
    if (!this.atWord(w)) return false;
    this.pos += w.length;
    return true;
  }

  /**
   * A name after `%`/`@`/`$`: quoted (unescaped) or bare. The cursor stands on the sigil. A bare
   * name is hashed as it is scanned, and its value noted when it is a number (`number`).
   */
  private name(): string {
    const p = this.pos + 1;
    if (p < this.end && this.b[p] === QUOTE) return this.quotedName(p);
    const e = this.bareName(p);
    if (e === p) this.fail(`expected a name after '${this.s[this.pos]}'`);
    this.pos = e;
    this.quoted = false;
    return this.nameText;
  }

  /** Set by `bareName`: the name read. */
  nameText = "";

  /**
   * The unquoted name whose first character is at `p` (after its sigil): returns its end (`p`
   * when no name character stands there), sets `nameText` and `number`. The name is hashed as
   * it is scanned, and its value noted when it is a number.
   */
  bareName(p: number): number {
    const b = this.b;
    const end = this.end;
    const start = p;
    let h = 0; // the hash of `hashRange` in intern.ts, computed as the name is scanned
    let letters = 0; // not 0 once a character other than a digit is seen
    for (; p < end; p++) {
      const c = b[p];
      if (NAME_CHAR[c] === 0) break;
      h = (Math.imul(h, 31) + c) | 0;
      letters |= NOT_DIGIT[c];
    }
    const n = p - start;
    if (n === 0) return p;
    if (letters !== 0) {
      this.number = -1;
      this.nameText = this.strings.get(b, this.s, start, p, h);
      return p;
    }
    // digits: their value, exact up to 15 of them; past that `Number` as the caller would compute it
    let v = 0;
    if (n <= 15) for (let k = start; k < p; k++) v = v * 10 + (b[k] - 48);
    else v = Number(this.s.slice(start, p));
    this.number = v;
    this.nameText = v < NUMBERS && (n === 1 || b[start] !== 48) ? this.numberText(v) : this.strings.get(b, this.s, start, p, h);
    return p;
  }

  /** `name()` for a name that is not kept (a named type). */
  private skipName(): void {
    const b = this.b;
    const end = this.end;
    let p = this.pos + 1;
    if (p < end && b[p] === QUOTE) {
      this.quotedName(p);
      return;
    }
    const start = p;
    while (p < end && NAME_CHAR[b[p]] === 1) p++;
    if (p === start) this.fail(`expected a name after '${this.s[this.pos]}'`);
    this.pos = p;
    this.quoted = false;
  }

  /** The quoted name whose opening quote is at `q`. */
  private quotedName(q: number): string {
    const close = this.s.indexOf('"', q + 1);
    if (close < 0 || close >= this.end) this.fail(`unterminated quoted name`);
    this.pos = close + 1;
    this.quoted = true;
    this.number = -1;
    return unescape(this.s.slice(q + 1, close));
  }

  /** `%name`, `%"quoted"`, `%12` -> the name without `%`. */
  localName(): string {
    if (this.peek() !== PERCENT) this.fail(`expected a local name (%...), found ${this.here()}`);
    return this.name();
  }

  globalName(): string {
    if (this.peek() !== AT) this.fail(`expected a global name (@...), found ${this.here()}`);
    return this.name();
  }

  /** `label %x` -> `x`. */
  label(): string {
    if (!this.eatWord("label")) this.fail(`expected 'label %...', found ${this.here()}`);
    return this.localName();
  }

  /** Skips a `"..."` string; the cursor stands on the quote. LLVM escapes `"` as `\22`. */
  skipString(): void {
    const close = this.s.indexOf('"', this.pos + 1);
    if (close < 0 || close >= this.end) this.fail(`unterminated string`);
    this.pos = close + 1;
  }

  /**
   * Skips a bracket group starting at the cursor (`(`, `[`, `{`, `<`) up to its matching close,
   * counting all four kinds of brackets and skipping strings. No recursion.
   */
  skipGroup(): void {
    this.ws();
    const b = this.b;
    const end = this.end;
    const table = this.speculative ? SPECULATIVE_GROUP_CLASS : GROUP_CLASS;
    let p = this.pos;
    let depth = 0;
    for (; p < end; p++) {
      const k = table[b[p]];
      if (k === 0) continue;
      if (k === 2) {
        const close = this.s.indexOf('"', p + 1);
        if (close < 0 || close >= end) break;
        p = close;
      } else if (k === 3) break; // a comment in a speculative read
      else if (k === 1) depth++;
      else if (--depth === 0) {
        this.pos = p + 1;
        return;
      }
    }
    this.fail(`unbalanced '${this.s[this.pos]}'`);
  }

  isTypeStart(): boolean {
    const c = this.peek();
    if (c === PERCENT || c === LBRACE || c === LBRACK || c === LT) return true;
    return isTypeWordAt(this.b, this.pos, wordEndAt(this.b, this.pos, this.end));
  }

  /**
   * A type, returned as written: `i32`, `ptr`, `ptr addrspace(1)`, `%struct.S*`, `[4 x i8]`,
   * `<{ i8, i32 }>`, `i32 (i8*, ...)*`, `target("x", i8)`.
   */
  type(): string {
    this.ws();
    const start = this.pos;
    this.skipType();
    return this.strings.range(this.b, this.s, start, this.pos);
  }

  /** `type()` without copying it. */
  skipType(): void {
    const c = this.peek();
    if (c === PERCENT) this.skipName();
    else if (c === LBRACE || c === LBRACK || c === LT) this.skipGroup();
    else {
      const b = this.b;
      const start = this.pos;
      const end = wordEndAt(b, start, this.end);
      if (!isTypeWordAt(b, start, end)) this.fail(`expected a type, found ${this.here()}`);
      this.pos = end;
      if (end - start === 6 && codesAre(b, start, "target") && this.peek() === LPAREN) this.skipGroup();
    }
    // pointers, address spaces, function types: blanks before them belong to the type, other
    // blanks not
    const b = this.b;
    const end = this.end;
    for (;;) {
      const p = blanksEndAt(b, this.pos, end);
      const d = p < end ? b[p] : -1;
      if (d === STAR) this.pos = p + 1;
      else if (d === LPAREN) {
        this.pos = p;
        this.skipGroup();
      } else if (d === 97 /* a */ && wordEndAt(b, p, end) === p + 9 && codesAre(b, p, "addrspace")) {
        const q = blanksEndAt(b, p + 9, end);
        if (q >= end || b[q] !== LPAREN) return;
        this.pos = q;
        this.skipGroup();
      } else return;
    }
  }

  /** Skips metadata at `!`: `!12`, `!"s"`, `!{...}`, `!DIExpression(...)`. */
  skipMetadata(): void {
    this.pos++; // !
    const c = this.pos < this.end ? this.b[this.pos] : -1;
    if (c === QUOTE) this.skipString();
    else if (c === LBRACE) this.skipGroup();
    else {
      this.skipWord();
      if (this.pos < this.end && this.b[this.pos] === LPAREN) this.skipGroup();
    }
  }

  /**
   * Records a local read by `skipValue`: into `sink`, or when that is null into the cursor's own
   * list, which `takeLocals` empties (this saves a scratch array's `length = 0` per instruction).
   */
  private addLocal(sink: string[] | null, name: string): void {
    if (sink === null) this.locals[this.localCount++] = name;
    else sink.push(name);
  }

  /** The locals of the cursor's own list (see `addLocal`), as a new array of their exact number. */
  takeLocals(): string[] {
    const l = this.locals;
    const n = this.localCount;
    this.localCount = 0;
    switch (n) {
      case 0:
        return [];
      case 1:
        return [l[0]];
      case 2:
        return [l[0], l[1]];
      case 3:
        return [l[0], l[1], l[2]];
      default:
        return l.slice(0, n);
    }
  }

  /** Set by `skipValue`: what the value was, where it started, and a local's or global's name. */
  vKind: LlvmValue["kind"] = "const";
  vStart = 0;
  vName = "";

  /**
   * A value (the type already read), as an object. A local is appended to `sink` (null: the
   * cursor's own list, see `addLocal`). Constants of every kind are returned as written.
   */
  value(sink: string[] | null): LlvmValue {
    const k = this.skipValue(sink);
    if (k === "local" || k === "global") return { kind: k, name: this.vName };
    const text = this.text(this.vStart, this.pos);
    return k === "metadata" ? { kind: k, text, locals: [] } : { kind: "const", text };
  }

  /** `value()` without building the object: sets `vKind`, `vStart`, `vName`. */
  skipValue(sink: string[] | null): LlvmValue["kind"] {
    const c = this.peek();
    this.vStart = this.pos;
    if (c === PERCENT) {
      const name = this.name();
      this.addLocal(sink, name);
      this.vName = name;
      return (this.vKind = "local");
    }
    if (c === AT) {
      this.vName = this.name();
      return (this.vKind = "global");
    }
    this.vKind = "const";
    if (c === LBRACE || c === LBRACK || c === LT) {
      this.skipGroup();
      return "const";
    }
    if (c === BANG) {
      this.skipMetadata();
      return (this.vKind = "metadata");
    }
    const b = this.b;
    const start = this.pos;
    // a number: decimal, float, hexadecimal float
    if ((c >= 48 && c <= 57) || c === 45 /* - */ || c === 43 /* + */) {
      this.pos = wordEndAt(b, start, this.end);
      return "const";
    }
    // the word `b[w, pos)`, after any prefixes (`dso_local_equivalent @f`)
    let w = start;
    this.pos = wordEndAt(b, w, this.end);
    let kind = valueWordKind(b, w, this.pos);
    while (kind === PREFIX) {
      const d = this.peek();
      if (d === AT || d === PERCENT) {
        this.name();
        return "const";
      }
      w = this.pos;
      this.pos = wordEndAt(b, w, this.end);
      kind = valueWordKind(b, w, this.pos);
    }
    const n = this.pos - w;
    const w0 = b[w];
    if (n === 0) this.fail(`expected a value, found ${this.here()}`);
    else if (
      (w0 >= 48 && w0 <= 57) || w0 === 45 || w0 === 43 ||
      ((w0 === 115 /* s */ || w0 === 117 /* u */) && n >= 3 && b[w + 1] === 48 /* 0 */ && b[w + 2] === 120 /* x */)
    ) {
      // a number after a prefix; or an `s0x`/`u0x` hexadecimal integer
    } else if (n === 1 && w0 === 99 /* c */ && b[this.pos] === QUOTE) this.skipString();
    else if (kind === ASM) this.skipInlineAsm();
    else if (kind === NOT_VALUE_WORD) {
      this.pos = start;
      this.fail(`expected a value, found ${this.here()}`);
    } else if (kind === EXPRESSION) {
      // a constant expression: opcode, flags and predicates, then one bracket group
      let inrange = false;
      for (;;) {
        if (this.peek() === LPAREN) {
          this.skipGroup();
          if (!inrange) break; // `inrange(-8, 16)` is a flag of a getelementptr
          inrange = false;
          continue;
        }
        inrange = this.atWord("inrange");
        if (!this.skipWord()) this.fail(`expected '(' in a constant expression, found ${this.here()}`);
      }
    }
    return "const";
  }

  /** After `asm`: `[sideeffect] [alignstack] [inteldialect] [unwind] "code", "constraints"`. */
  private skipInlineAsm(): void {
    while (this.peek() !== QUOTE) if (!this.skipWord()) this.fail(`expected the inline asm string, found ${this.here()}`);
    this.skipString();
    this.expect(COMMA, "between inline asm and its constraints");
    if (this.peek() !== QUOTE) this.fail(`expected the inline asm constraints, found ${this.here()}`);
    this.skipString();
  }

  /** Skips the rest of the instruction's text, unread (fence orderings, landingpad clauses). */
  skipRest(): void {
    if (this.speculative) throw GIVE_UP; // the rest may hold a comment or open brackets
    this.pos = this.end;
  }

  /**
   * After the operands: what is left (alignment, orderings, metadata attachments) must not name a
   * local value. A speculative read also looks there for the comment, which sets `restEnd`, and
   * gives up on a quote or unbalanced brackets.
   */
  endOfOperands(op: string): void {
    const b = this.b;
    const end = this.end;
    if (!this.speculative) {
      for (let i = this.pos; i < end; i++) if (b[i] === PERCENT) this.fail(`unexpected ${this.here()} after the operands of '${op}'`);
      return;
    }
    const r = this.restEndAt(this.pos);
    if (r < 0) throw GIVE_UP;
    this.restEnd = r;
  }

  /**
   * The speculative `endOfOperands` for operands that end at `p`, without throwing: the end of
   * the instruction's text (before any comment, trimmed, not before `p`), or -1 to give up.
   */
  restEndAt(p: number): number {
    const b = this.b;
    const end = this.end;
    if (p === end) return end;
    if (isAlignRest(b, p, end)) return end; // the most frequent rest, read at once
    let depth = 0;
    let stop = end;
    for (let i = p; i < end; i++) {
      const c = b[i];
      if (c === SEMICOLON) {
        stop = i;
        break;
      }
      const k = GROUP_CLASS[c];
      if (c === PERCENT || k === 2) return -1;
      depth += k;
    }
    if (depth !== 0) return -1;
    while (stop > p && isBlank(b[stop - 1])) stop--;
    return stop;
  }

  /** `T v`, only the local (if any) to `sink`. */
  skipTypedValue(sink: string[] | null): void {
    this.skipType();
    this.skipValue(sink);
  }

  /**
   * Words before a type: flags, predicates, calling conventions, return attributes, each
   * possibly with a bracket group (`dereferenceable(8)`, `addrspace(1)`). Returns which of
   * `volatile` (bit 1) and `atomic` (bit 2) were among them.
   */
  skipFlags(): number {
    let found = 0;
    const b = this.b;
    for (;;) {
      const c = this.peek();
      if (c === PERCENT || c === LBRACE || c === LBRACK || c === LT) return found;
      const start = this.pos;
      const end = wordEndAt(b, start, this.end);
      if (isTypeWordAt(b, start, end)) return found;
      if (end === start) this.fail(`expected a type, found ${this.here()}`);
      if (end - start === 8 && codesAre(b, start, "volatile")) found |= VOLATILE;
      else if (end - start === 6 && codesAre(b, start, "atomic")) found |= ATOMIC;
      this.pos = end;
      if (this.peek() === LPAREN) this.skipGroup();
    }
  }

  /**
   * Parameter attributes between an argument's type and its value: `noundef`, `align 8`,
   * `byval(%struct.S)`, `"key"="value"`.
   */
  skipParamAttrs(): void {
    const b = this.b;
    for (;;) {
      const c = this.peek();
      if (c === -1 || c === PERCENT || c === AT || c === LBRACE || c === LBRACK || c === LT || c === BANG || c === COMMA || c === RPAREN) return;
      if (c === QUOTE) {
        this.skipString();
        if (this.eat(61 /* = */) && this.peek() === QUOTE) this.skipString();
        continue;
      }
      if (c === 45 || c === 43 || (c >= 48 && c <= 57)) return; // a number
      const start = this.pos;
      const end = wordEndAt(b, start, this.end);
      if (end === start || findValueWord(b, start, end) >= 0 || (end - start === 1 && c === 99 && b[end] === QUOTE))
        return;
      const align = end - start === 5 && codesAre(b, start, "align");
      this.pos = end;
      if (align) {
        const d = this.peek();
        if (d >= 48 && d <= 57) this.skipWord();
      }
      if (this.peek() === LPAREN) this.skipGroup();
    }
  }

  /**
   * `T v, T v, ...` up to anything that does not start a type after a comma (`, align 4`,
   * `, !dbg !5`, `, 0` indices) or the end. The cursor ends before that comma.
   */
  typedValueList(sink: string[] | null): void {
    for (;;) {
      this.skipTypedValue(sink);
      const save = this.pos;
      if (!this.eat(COMMA)) return;
      if (!this.isTypeStart()) {
        this.pos = save;
        return;
      }
    }
  }

  // --- the fast paths' scanners ---------------------------------------------------------------
  //
  // `quickParse` in instr.ts reads the most frequent instructions of a speculative read with
  // these: each mirrors one of the methods above on the inputs it accepts (the same result, the
  // same end position) and returns -1 on anything else (a quoted name, a string, a comment in
  // brackets, a rare form), where the caller gives up and reads the line the generic way. They
  // take and return positions rather than moving `pos`, and never throw.

  /** Set by `quickValue`: the value read. */
  quickV: LlvmValue = NO_VALUE;

  /**
   * `skipType` at `p` (after blanks): the end of the type, or -1. Gives up on a quoted name,
   * `target(...)`, `addrspace(...)` and brackets holding a string or a comment.
   */
  quickType(p: number): number {
    const b = this.b;
    const end = this.end;
    if (p >= end) return -1;
    const c = b[p];
    if (c === 105 /* i */) {
      // `i32`, `i8*`: at once
      let q = p + 1;
      while (q < end && b[q] >= 48 && b[q] <= 57) q++;
      if (q > p + 1 && (q === end || WORD_CHAR[b[q]] === 0)) {
        while (q < end && b[q] === STAR) q++;
        if (!this.typeGoesOn(q)) return q;
      }
    }
    if (c === PERCENT) {
      const q = nameEndAt(b, p + 1, end); // a quote is no name character: a quoted name gives up
      if (q === p + 1) return -1;
      p = q;
    } else if (c === LBRACE || c === LBRACK || c === LT) {
      p = quickGroupEnd(b, p, end);
      if (p < 0) return -1;
    } else {
      const q = wordEndAt(b, p, end);
      if (!isTypeWordAt(b, p, q) || (q - p === 6 && codesAre(b, p, "target"))) return -1;
      p = q;
    }
    // the suffixes of `skipType`: blanks before them belong to the type
    for (;;) {
      const q = blanksEndAt(b, p, end);
      const d = q < end ? b[q] : -1;
      if (d === STAR) p = q + 1;
      else if (d === LPAREN) {
        p = quickGroupEnd(b, q, end);
        if (p < 0) return -1;
      } else if (d === 97 /* a */ && wordEndAt(b, q, end) === q + 9 && codesAre(b, q, "addrspace")) return -1;
      else return p;
    }
  }

  /** `skipGroup` at the bracket at `p`: the end of the group, or -1 on a string or a comment in it. */
  quickGroup(p: number): number {
    return quickGroupEnd(this.b, p, this.end);
  }

  /** Set by `quickTypeText`: the type read. */
  typeText = "";

  /**
   * `type()` at `p` (after blanks): the end of the type, its text in `typeText`; or -1. An
   * integer type or a named type, with or without `*`s (`i32`, `i8**`, `%struct.S*`), is read
   * and hashed in one pass; the rest as `quickType` reads it.
   */
  quickTypeText(p: number): number {
    const b = this.b;
    const end = this.end;
    const c0 = p < end ? b[p] : -1;
    if (c0 === 105 /* i */) {
      let q = p + 1;
      let bits = 0;
      for (; q < end; q++) {
        const c = b[q];
        if (c < 48 || c > 57) break;
        bits = bits * 10 + (c - 48);
      }
      if (q > p + 1 && (q === end || WORD_CHAR[b[q]] === 0)) {
        let e = q;
        while (e < end && b[e] === STAR) e++;
        if (!this.typeGoesOn(e)) {
          const stars = e - q;
          this.typeText =
            bits <= MAX_INT_TYPE && b[p + 1] !== 48 && stars <= 3 ? (INT_TYPES[4 * bits + stars] ??= this.s.slice(p, e)) : this.strings.range(b, this.s, p, e);
          return e;
        }
      }
    } else if (c0 === PERCENT) {
      let h = PERCENT; // as `hashRange`
      let q = p + 1;
      for (; q < end; q++) {
        const c = b[q];
        if (NAME_CHAR[c] === 0) break;
        h = (Math.imul(h, 31) + c) | 0;
      }
      if (q > p + 1) {
        for (; q < end && b[q] === STAR; q++) h = (Math.imul(h, 31) + STAR) | 0;
        if (!this.typeGoesOn(q)) {
          this.typeText = this.strings.get(b, this.s, p, q, h);
          return q;
        }
      }
    }
    const t = this.quickType(p);
    if (t >= 0) this.typeText = this.typeTextOf(p, t);
    return t;
  }

  /** Whether a suffix of `skipType` (`*`, a function type's `(`, `addrspace`) follows blanks at `p`. */
  private typeGoesOn(p: number): boolean {
    const b = this.b;
    const end = this.end;
    const q = blanksEndAt(b, p, end);
    if (q >= end) return false;
    const d = b[q];
    return d === STAR || d === LPAREN || (d === 97 /* a */ && wordEndAt(b, q, end) === q + 9 && codesAre(b, q, "addrspace"));
  }

  /**
   * The type `s[start, end)` as a string, as `type()` gives it. The most frequent types
   * (`i32`, `i8*`, `i64**`, `ptr`) come from `INT_TYPES` without hashing.
   */
  typeTextOf(start: number, end: number): string {
    const b = this.b;
    if (b[start] === 105 /* i */) {
      let p = start + 1;
      let bits = 0;
      for (; p < end; p++) {
        const c = b[p];
        if (c < 48 || c > 57) break;
        bits = bits * 10 + (c - 48);
      }
      const stars = end - p;
      if (p > start + 1 && bits <= MAX_INT_TYPE && b[start + 1] !== 48 && stars <= 3 && (stars === 0 || isStars(b, p, end))) {
        const k = 4 * bits + stars;
        return (INT_TYPES[k] ??= this.s.slice(start, end));
      }
    } else if (end - start === 3 && b[start] === 112 && b[start + 1] === 116 && b[start + 2] === 114) return "ptr";
    return this.strings.range(b, this.s, start, end);
  }

  /** `isTypeStart` at `p` (after blanks). */
  quickIsTypeStart(p: number): boolean {
    const b = this.b;
    const end = this.end;
    if (p >= end) return false;
    const c = b[p];
    if (c === PERCENT || c === LBRACE || c === LBRACK || c === LT) return true;
    return isTypeWordAt(b, p, wordEndAt(b, p, end));
  }

  /**
   * `skipFlags` from `p`: the start of the type after the flags (after blanks), or -1. Gives up
   * on a flag with a bracket group, and on `volatile` and `atomic` (which `skipFlags` reports).
   */
  quickFlags(p: number): number {
    const b = this.b;
    const end = this.end;
    for (;;) {
      p = blanksEndAt(b, p, end);
      if (p >= end) return -1;
      const c = b[p];
      if (c === PERCENT || c === LBRACE || c === LBRACK || c === LT) return p;
      const w = wordEndAt(b, p, end);
      if (isTypeWordAt(b, p, w)) return p;
      if (w === p) return -1;
      if ((w - p === 8 && codesAre(b, p, "volatile")) || (w - p === 6 && codesAre(b, p, "atomic"))) return -1;
      const q = blanksEndAt(b, w, end);
      if (q < end && b[q] === LPAREN) return -1;
      p = w;
    }
  }

  /**
   * `value(null)` at `p` (after blanks): its end, the value in `quickV`, a local appended to the
   * cursor's own list. Reads unquoted locals and globals, numbers, literals (`null`, `true`, ...)
   * and constant expressions; gives up on anything else.
   */
  quickValue(p: number): number {
    const b = this.b;
    const end = this.end;
    if (p >= end) return -1;
    const c = b[p];
    if (c === PERCENT || c === AT) {
      const q = this.bareName(p + 1); // a quote is no name character: a quoted name gives up
      if (q === p + 1) return -1;
      const name = this.nameText;
      if (c === PERCENT) {
        this.addLocal(null, name);
        this.quickV = { kind: "local", name };
      } else this.quickV = { kind: "global", name };
      return q;
    }
    let q = wordEndAt(b, p, end);
    if (!((c >= 48 && c <= 57) || c === 45 /* - */ || c === 43) /* + */) {
      // a word: a literal, or a constant expression (opcode, flags, one bracket group)
      const kind = valueWordKind(b, p, q);
      if (kind === EXPRESSION) {
        q = quickExpressionEnd(b, q, end);
        if (q < 0) return -1;
      } else if (kind !== LITERAL) return -1;
    }
    this.quickV = { kind: "const", text: this.text(p, q) };
    return q;
  }

  /**
   * `skipParamAttrs` from `p`: where the value starts (after blanks), or -1. Gives up on a
   * string attribute (`"key"="value"`).
   */
  quickParamAttrs(p: number): number {
    const b = this.b;
    const end = this.end;
    for (;;) {
      p = blanksEndAt(b, p, end);
      if (p >= end) return p;
      const c = b[p];
      if (c === PERCENT || c === AT || c === LBRACE || c === LBRACK || c === LT || c === BANG || c === COMMA || c === RPAREN) return p;
      if (c === QUOTE) return -1;
      if (c === 45 || c === 43 || (c >= 48 && c <= 57)) return p; // a number
      const w = wordEndAt(b, p, end);
      if (w === p || findValueWord(b, p, w) >= 0 || (w - p === 1 && c === 99 && b[w] === QUOTE)) return p;
      const align = w - p === 5 && codesAre(b, p, "align");
      p = w;
      if (align) {
        const d = blanksEndAt(b, p, end);
        if (d < end && b[d] >= 48 && b[d] <= 57) p = wordEndAt(b, d, end);
      }
      const q = blanksEndAt(b, p, end);
      if (q < end && b[q] === LPAREN) {
        p = quickGroupEnd(b, q, end);
        if (p < 0) return -1;
      }
    }
  }
}

/** The widest integer type in `INT_TYPES`. */
const MAX_INT_TYPE = 128;
/**
 * `iN` followed by 0 to 3 `*` (N at most `MAX_INT_TYPE`, no leading 0), at `4 N + stars`:
 * made once, for all cursors.
 */
const INT_TYPES: string[] = new Array<string>(4 * (MAX_INT_TYPE + 1));

function isStars(b: Uint8Array, p: number, end: number): boolean {
  for (; p < end; p++) if (b[p] !== STAR) return false;
  return true;
}

/** A value never read: what `Cursor.quickV` holds before the first `quickValue`. */
const NO_VALUE: LlvmValue = { kind: "const", text: "" };

/** Whether `b[p, end)` is `, align N`. */
function isAlignRest(b: Uint8Array, p: number, end: number): boolean {
  if (end - p < 9 || b[p] !== COMMA || b[p + 1] !== SPACE || b[p + 7] !== SPACE) return false;
  if (b[p + 2] !== 97 || b[p + 3] !== 108 || b[p + 4] !== 105 || b[p + 5] !== 103 || b[p + 6] !== 110) return false; // align
  for (let q = p + 8; q < end; q++) if (b[q] < 48 || b[q] > 57) return false;
  return true;
}

/** The end of the run of name characters at `b[p]`, at most `end`. */
function nameEndAt(b: Uint8Array, p: number, end: number): number {
  while (p < end && NAME_CHAR[b[p]] === 1) p++;
  return p;
}

/**
 * `skipGroup` of a speculative read at the bracket `b[p]`: the end of the group, or -1 where
 * `skipGroup` would skip a string (not done here) or give up at a comment.
 */
function quickGroupEnd(b: Uint8Array, p: number, end: number): number {
  let depth = 0;
  for (; p < end; p++) {
    const k = SPECULATIVE_GROUP_CLASS[b[p]];
    if (k === 0) continue;
    if (k === 1) depth++;
    else if (k === -1) {
      if (--depth === 0) return p + 1;
    } else return -1; // a string or a comment
  }
  return -1;
}

/**
 * The constant expression of `skipValue` after its opcode word (ending at `p`): flags and
 * predicates, then one bracket group (`inrange(-8, 16)` is a flag). Its end, or -1.
 */
function quickExpressionEnd(b: Uint8Array, p: number, end: number): number {
  let inrange = false;
  for (;;) {
    const q = blanksEndAt(b, p, end);
    if (q < end && b[q] === LPAREN) {
      p = quickGroupEnd(b, q, end);
      if (p < 0 || !inrange) return p;
      inrange = false;
      continue;
    }
    const w = wordEndAt(b, q, end);
    if (w === q) return -1;
    inrange = w - q === 7 && codesAre(b, q, "inrange");
    p = w;
  }
}

/** Decodes LLVM's `\XX` (hex byte) and `\\` escapes in a quoted name, bytes as UTF-8. */
export function unescape(raw: string): string {
  if (raw.indexOf("\\") < 0) return raw;
  const bytes: number[] = [];
  const enc = Buffer.from(raw, "utf8");
  for (let i = 0; i < enc.length; i++) {
    const b = enc[i];
    if (b === BACKSLASH && i + 1 < enc.length && enc[i + 1] === BACKSLASH) {
      bytes.push(BACKSLASH);
      i++;
    } else if (b === BACKSLASH && i + 2 < enc.length && isHex(enc[i + 1]) && isHex(enc[i + 2])) {
      bytes.push(parseInt(String.fromCharCode(enc[i + 1], enc[i + 2]), 16));
      i += 2;
    } else bytes.push(b);
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The blanks that `Scan` in parse.ts trims: space, tab, CR, FF, VT. */
export function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 12 || c === 11;
}

function isHex(b: number): boolean {
  return (b >= 48 && b <= 57) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102);
}

export const CH = { COMMA, LPAREN, RPAREN, LBRACK, RBRACK, PERCENT, AT, BANG, QUOTE, HASH: 35 } as const;

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
