/**
 * Scanning one logical line of LLVM IR (an instruction, possibly joined from several source
 * lines, comments already removed): names, words, types, values, bracket groups.
 *
 * Types, aggregates and constant expressions are skipped as balanced bracket groups with a
 * counter, never by recursion: their nesting depth does not cost stack. Everything inside a
 * constant (`getelementptr inbounds ([4 x i8], ptr @.str, i64 0, i64 0)`, `blockaddress(@f, %bb)`)
 * is a constant: LLVM constants cannot name instruction-local values.
 */
import { MalformedInput } from "../../spec/errors.js";
import type { LlvmValue } from "./ir.js";

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
const RBRACE = 125;
const LT = 60;
const GT = 62;
const STAR = 42;
const COMMA = 44;
const BACKSLASH = 92;

export const VOLATILE = 1;
export const ATOMIC = 2;

/** `[-A-Za-z$._0-9]`: the characters of an unquoted LLVM name. */
const NAME_CHAR = new Uint8Array(128);
/** Name characters and `+` (for `1.0e+00`): the characters of a keyword or number. */
const WORD_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[-A-Za-z$._0-9]/.test(ch)) NAME_CHAR[c] = 1;
  if (/[-A-Za-z$._0-9+]/.test(ch)) WORD_CHAR[c] = 1;
}

const TYPE_WORDS = new Set([
  "void", "half", "bfloat", "float", "double", "x86_fp80", "fp128", "ppc_fp128", "x86_mmx", "x86_amx",
  "label", "metadata", "token", "ptr", "opaque", "target",
]);

const TYPE_WORDS_BY_CHAR: (string[] | undefined)[] = [];
for (const w of TYPE_WORDS) (TYPE_WORDS_BY_CHAR[w.charCodeAt(0)] ??= []).push(w);

/** Words that start a value (literals, constant expressions, inline asm), never an attribute. */
const VALUE_WORDS = new Set([
  "true", "false", "null", "none", "undef", "poison", "zeroinitializer", "inf", "nan", "qnan", "snan",
  "getelementptr", "bitcast", "addrspacecast", "ptrtoint", "ptrtoaddr", "inttoptr", "trunc", "zext", "sext",
  "fptrunc", "fpext", "fptoui", "fptosi", "uitofp", "sitofp", "icmp", "fcmp", "add", "sub", "mul", "shl",
  "lshr", "ashr", "and", "or", "xor", "udiv", "sdiv", "urem", "srem", "fadd", "fsub", "fmul", "fdiv", "frem",
  "fneg", "select", "extractelement", "insertelement", "shufflevector", "extractvalue", "insertvalue",
  "blockaddress", "dso_local_equivalent", "no_cfi", "splat", "ptrauth", "asm",
]);

const LITERAL_WORDS = new Set(["true", "false", "null", "none", "undef", "poison", "zeroinitializer", "inf", "nan", "qnan", "snan"]);

/** Words standing before another value: `dso_local_equivalent @f`. */
const VALUE_PREFIXES = new Set(["dso_local_equivalent", "no_cfi"]);

const VALUE_WORDS_BY_CHAR: (string[] | undefined)[] = [];
for (const w of VALUE_WORDS) (VALUE_WORDS_BY_CHAR[w.charCodeAt(0)] ??= []).push(w);

/** Whether `s[start, end)` is one of `VALUE_WORDS`, without copying it. */
function isValueWordAt(s: string, start: number, end: number): boolean {
  const words = VALUE_WORDS_BY_CHAR[s.charCodeAt(start)];
  if (words === undefined) return false;
  const n = end - start;
  for (const w of words) if (w.length === n && s.startsWith(w, start)) return true;
  return false;
}

/** Whether `s[start, end)` is a type keyword (`i32`, `ptr`, `void`, ...), without copying it. */
export function isTypeWordAt(s: string, start: number, end: number): boolean {
  const n = end - start;
  if (n < 2) return false;
  const c0 = s.charCodeAt(start);
  if (c0 === 105 /* i */) {
    for (let i = start + 1; i < end; i++) {
      const c = s.charCodeAt(i);
      if (c < 48 || c > 57) return false;
    }
    return true;
  }
  const words = TYPE_WORDS_BY_CHAR[c0];
  if (words === undefined) return false;
  for (const w of words) if (w.length === n && s.startsWith(w, start)) return true;
  return false;
}

export class Cursor {
  s = "";
  pos = 0;
  line = 0;
  /** Whether the last name read by `localName`/`globalName` was quoted. */
  quoted = false;
  /** Set by `parseInstruction`: N for a result written `%N`, else -1. */
  resultNumber = -1;

  constructor(readonly file: string) {}

  /** The end of the text to read: `s` may go on with a comment. */
  end = 0;

  reset(s: string, line: number, pos = 0, end = s.length): void {
    this.s = s;
    this.pos = pos;
    this.end = end;
    this.line = line;
  }

  fail(what: string): never {
    throw new MalformedInput(`${this.file}:${this.line}: ${what}`);
  }

  /** What stands at the cursor, for messages: a few characters, or "the end of the line". */
  here(): string {
    this.ws();
    if (this.pos >= this.end) return "the end of the line";
    const rest = this.s.slice(this.pos, Math.min(this.pos + 24, this.end));
    return JSON.stringify(this.pos + 24 < this.end ? `${rest}...` : rest);
  }

  ws(): void {
    const s = this.s;
    let p = this.pos;
    while (p < this.end) {
      const c = s.charCodeAt(p);
      if (c !== SPACE && c !== TAB) break;
      p++;
    }
    this.pos = p;
  }

  /** The character code at the cursor after blanks, or -1 at the end. */
  peek(): number {
    this.ws();
    return this.pos < this.end ? this.s.charCodeAt(this.pos) : -1;
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
    const s = this.s;
    let p = this.pos;
    while (p < this.end) {
      const c = s.charCodeAt(p);
      if (c >= 128 || WORD_CHAR[c] === 0) break;
      p++;
    }
    return p;
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
    return end - this.pos === w.length && this.s.startsWith(w, this.pos);
  }

  eatWord(w: string): boolean {
    if (!this.atWord(w)) return false;
    this.pos += w.length;
    return true;
  }

  /** A name after `%`/`@`/`$`: quoted (unescaped) or bare. The cursor stands on the sigil. */
  private name(): string {
    const s = this.s;
    let p = this.pos + 1;
    if (p < this.end && s.charCodeAt(p) === QUOTE) {
      const close = s.indexOf('"', p + 1);
      if (close < 0 || close >= this.end) this.fail(`unterminated quoted name`);
      this.pos = close + 1;
      this.quoted = true;
      return unescape(s.slice(p + 1, close));
    }
    const start = p;
    while (p < this.end) {
      const c = s.charCodeAt(p);
      if (c >= 128 || NAME_CHAR[c] === 0) break;
      p++;
    }
    if (p === start) this.fail(`expected a name after '${s[this.pos]}'`);
    this.pos = p;
    this.quoted = false;
    return s.slice(start, p);
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
    const s = this.s;
    let p = this.pos;
    let depth = 0;
    while (p < this.end) {
      const c = s.charCodeAt(p);
      if (c === LPAREN || c === LBRACK || c === LBRACE || c === LT) depth++;
      else if (c === RPAREN || c === RBRACK || c === RBRACE || c === GT) {
        depth--;
        if (depth === 0) {
          this.pos = p + 1;
          return;
        }
      } else if (c === QUOTE) {
        const close = s.indexOf('"', p + 1);
        if (close < 0 || close >= this.end) break;
        p = close;
      }
      p++;
    }
    this.fail(`unbalanced '${s[this.pos]}'`);
  }

  isTypeStart(): boolean {
    const c = this.peek();
    if (c === PERCENT || c === LBRACE || c === LBRACK || c === LT) return true;
    return isTypeWordAt(this.s, this.pos, this.wordEnd());
  }

  /**
   * A type, returned as written: `i32`, `ptr`, `ptr addrspace(1)`, `%struct.S*`, `[4 x i8]`,
   * `<{ i8, i32 }>`, `i32 (i8*, ...)*`, `target("x", i8)`.
   */
  type(): string {
    this.ws();
    const start = this.pos;
    this.skipType();
    return this.s.slice(start, this.pos);
  }

  /** `type()` without copying it. */
  skipType(): void {
    const c = this.peek();
    if (c === PERCENT) this.name();
    else if (c === LBRACE || c === LBRACK || c === LT) this.skipGroup();
    else {
      const start = this.pos;
      const end = this.wordEnd();
      if (!isTypeWordAt(this.s, start, end)) this.fail(`expected a type, found ${this.here()}`);
      this.pos = end;
      if (end - start === 6 && this.s.startsWith("target", start) && this.peek() === LPAREN) this.skipGroup();
    }
    // pointers, address spaces, function types
    for (;;) {
      const save = this.pos;
      const d = this.peek();
      if (d === STAR) this.pos++;
      else if (d === LPAREN) this.skipGroup();
      else if (d === 97 /* a */ && this.eatWord("addrspace") && this.peek() === LPAREN) this.skipGroup();
      else {
        this.pos = save;
        return;
      }
    }
  }

  /** Skips metadata at `!`: `!12`, `!"s"`, `!{...}`, `!DIExpression(...)`. */
  skipMetadata(): void {
    this.pos++; // !
    const c = this.pos < this.end ? this.s.charCodeAt(this.pos) : -1;
    if (c === QUOTE) this.skipString();
    else if (c === LBRACE) this.skipGroup();
    else {
      this.skipWord();
      if (this.pos < this.end && this.s.charCodeAt(this.pos) === LPAREN) this.skipGroup();
    }
  }

  /** Set by `skipValue`: what the value was, where it started, and a local's or global's name. */
  vKind: LlvmValue["kind"] = "const";
  vStart = 0;
  vName = "";

  /**
   * A value (the type already read), as an object. A local is appended to `sink`. Constants of
   * every kind are returned as written.
   */
  value(sink: string[]): LlvmValue {
    const k = this.skipValue(sink);
    if (k === "local" || k === "global") return { kind: k, name: this.vName };
    const text = this.s.slice(this.vStart, this.pos);
    return k === "metadata" ? { kind: k, text, locals: [] } : { kind: "const", text };
  }

  /** `value()` without building the object: sets `vKind`, `vStart`, `vName`. */
  skipValue(sink: string[]): LlvmValue["kind"] {
    const c = this.peek();
    this.vStart = this.pos;
    if (c === PERCENT) {
      const name = this.name();
      sink.push(name);
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
    const start = this.pos;
    let w = this.word();
    while (VALUE_PREFIXES.has(w)) {
      const d = this.peek();
      if (d === AT || d === PERCENT) {
        this.name();
        return "const";
      }
      w = this.word();
    }
    const w0 = w.charCodeAt(0);
    if (w === "") this.fail(`expected a value, found ${this.here()}`);
    else if ((w0 >= 48 && w0 <= 57) || w0 === 45 /* - */ || w0 === 43 /* + */ || ((w0 === 115 || w0 === 117) && w.startsWith("0x", 1))) {
      // a number: decimal, float, hexadecimal float, `s0x`/`u0x` hexadecimal integer
    } else if (w === "c" && this.s.charCodeAt(this.pos) === QUOTE) this.skipString();
    else if (w === "asm") this.skipInlineAsm();
    else if (!VALUE_WORDS.has(w)) {
      this.pos = start;
      this.fail(`expected a value, found ${this.here()}`);
    } else if (!LITERAL_WORDS.has(w)) {
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

  /** `T v`, only the local (if any) to `sink`. */
  skipTypedValue(sink: string[]): void {
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
    while (!this.isTypeStart()) {
      if (this.atWord("volatile")) found |= VOLATILE;
      else if (this.atWord("atomic")) found |= ATOMIC;
      if (!this.skipWord()) this.fail(`expected a type, found ${this.here()}`);
      if (this.peek() === LPAREN) this.skipGroup();
    }
    return found;
  }

  /**
   * Parameter attributes between an argument's type and its value: `noundef`, `align 8`,
   * `byval(%struct.S)`, `"key"="value"`.
   */
  skipParamAttrs(): void {
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
      const end = this.wordEnd();
      if (end === start || isValueWordAt(this.s, start, end) || (end - start === 1 && this.s.charCodeAt(start) === 99 && this.s.charCodeAt(end) === QUOTE))
        return;
      const align = end - start === 5 && this.s.startsWith("align", start);
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
  typedValueList(sink: string[]): void {
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

function isHex(b: number): boolean {
  return (b >= 48 && b <= 57) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102);
}

export const CH = { COMMA, LPAREN, RPAREN, LBRACK, RBRACK, PERCENT, AT, BANG, QUOTE, HASH: 35 } as const;
