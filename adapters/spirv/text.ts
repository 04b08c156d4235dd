/**
 * The SPIR-V text reader: what `spirv-dis` prints (SPIRV-Tools 2023.1), with friendly names
 * (`%main`, `%_ptr_Function_int`) or `--raw-id` (`%12`), read into the words the binary has.
 *
 * The text is a sequence of tokens: `%name` ids, `=`, quoted strings (`\` escapes the next
 * character, as spirv-as reads them; a string may span lines), and bare words (opcode names,
 * numbers, enumerant names, bitmasks `A|B`); `;` starts a comment to the end of the line. As
 * spirv-as, a word runs to a blank or `;` whatever quotes it holds: a quote inside a word, or a
 * string with more after it, is malformed; an id's name is ASCII letters, digits and `_`. As in
 * spirv-as, an instruction is `%id = OpName operands...` or `OpName operands...` and its operands
 * run to the next instruction: the next `OpXxx` word (Op and a capital letter; no enumerant
 * starts so: `OpenCL`, `OpaqueKHR`) or `%id =`. The comments `; Version: 1.0` and `; Bound: N`
 * of spirv-dis's header, before the first instruction, give the version and bound (else 1.0 and
 * one more than the largest id).
 *
 * Operands are read by the grammar, as the binary reader walks words (binary.ts), and encoded
 * as the binary encodes them: ids, integers (decimal, negative, `0x` hex), floats by their IEEE
 * bits (decimal, or the hex floats spirv-dis writes for infinities, NaNs and 16-bit floats:
 * `0x1p+128`, `-0x1.8p+128`), strings as UTF-8 packed four bytes to a word with a nul,
 * enumerants and bitmasks by value, OpExtInst's instruction by name in the set its OpExtInstImport
 * names, OpSpecConstantOp's opcode without `Op` (`IAdd`). The width of OpConstant's number is
 * its result type's, of OpSwitch's case literals the selector's type's.
 *
 * Ids: `%12` is id 12; every other name (`%main`, and `%0`, `%007`: not numbers as written)
 * gets a number above every numeric id the text uses, in order of first appearance (module.ts).
 * The readers agree word for word: spirv-dis --raw-id of a binary reads to exactly the binary's
 * instructions. Where the grammar gives no kinds (an enumerant, bitmask bit, extended instruction
 * or spec-constant opcode written as a number it does not know), the rest of the instruction is
 * read as literal integers, as the binary reader keeps those words; an enumerant or bitmask the
 * grammar names, written as a number, is malformed (spirv-dis prints the name; spirv-as refuses
 * the number).
 *
 * Malformed input throws `MalformedInput`, one line: `NAME:LINE: what is wrong`. One pass over
 * the characters, one over the tokens, one to number the ids: linear, no recursion.
 */
import { MalformedInput } from "../../spec/errors.js";
import {
  CAT_BIT_ENUM,
  CAT_COMPOSITE,
  CAT_CONTEXT_NUMBER,
  CAT_EXT_INST,
  CAT_ID,
  CAT_LITERAL_INTEGER,
  CAT_LITERAL_STRING,
  CAT_SELECTOR_NUMBER,
  CAT_SPEC_OP,
  CAT_VALUE_ENUM,
  ModuleFacts,
  extSetNamed,
  floatTypeCode,
  grammar,
  intTypeCode,
  isFloatType,
  isSignedType,
  showInstruction,
  typeWidth,
  type SpvExtSet,
  type SpvKind,
  type SpvOperand,
} from "./binary.js";
import { Op, type SpvInstruction, type SpvModule } from "./module.js";

const T_BARE = 0;
const T_ID = 1;
const T_STRING = 2;
const T_EQUALS = 3;

/** The tokens of a text: parallel arrays, grown by doubling. */
class Tokens {
  n = 0;
  type = new Uint8Array(1024);
  start = new Int32Array(1024);
  end = new Int32Array(1024);
  line = new Int32Array(1024);
  /** The decoded text of each string token, by token index. */
  strings = new Map<number, string>();
  add(type: number, start: number, end: number, line: number): void {
    if (this.n === this.type.length) {
      const grow = <T extends Uint8Array | Int32Array>(a: T, make: (n: number) => T): T => {
        const b = make(a.length * 2);
        b.set(a);
        return b;
      };
      this.type = grow(this.type, (k) => new Uint8Array(k));
      this.start = grow(this.start, (k) => new Int32Array(k));
      this.end = grow(this.end, (k) => new Int32Array(k));
      this.line = grow(this.line, (k) => new Int32Array(k));
    }
    const k = this.n++;
    this.type[k] = type;
    this.start[k] = start;
    this.end[k] = end;
    this.line[k] = line;
  }
}

interface Header {
  version: number | undefined;
  bound: number | undefined;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12 || c === 0xfeff;
}

/** What spirv-as takes for an id's name after `%` (`spvIsValidID`: ASCII letters, digits, `_`). */
const ID_NAME = /^[A-Za-z0-9_]+$/;

/** Splits `text` into tokens; reads spirv-dis's header comments before the first token. */
function lex(text: string, name: string, header: Header): Tokens {
  const t = new Tokens();
  const n = text.length;
  let line = 1;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      i++;
    } else if (isSpace(c)) i++;
    else if (c === 59 /* ; */) {
      let j = text.indexOf("\n", i);
      if (j < 0) j = n;
      if (t.n === 0) headerComment(text.slice(i, j), header);
      i = j;
    } else if (c === 34 /* " */) {
      const startLine = line;
      let j = i + 1;
      let s = "";
      let from = j;
      for (;;) {
        if (j >= n) throw new MalformedInput(`${name}:${startLine}: unterminated string (no closing ")`);
        const d = text.charCodeAt(j);
        if (d === 34) break;
        if (d === 10) line++;
        if (d === 92 /* \ */) {
          s += text.slice(from, j);
          j++;
          if (j >= n) throw new MalformedInput(`${name}:${startLine}: unterminated string (no closing ")`);
          if (text.charCodeAt(j) === 10) line++;
          from = j;
        }
        j++;
      }
      s += text.slice(from, j);
      // spirv-as reads words up to a blank or `;` out of quotes: a string with more after it is
      // one word with it, no string literal (or, should a quote in it stay open, no word at all)
      const after = j + 1 < n ? text.charCodeAt(j + 1) : 32;
      if (!isSpace(after) && after !== 59) {
        let quoting = false;
        let k = j + 1;
        let quoteLine = line;
        for (; k < n; k++) {
          const d = text.charCodeAt(k);
          if (d === 10) line++;
          if (d === 92 /* \ */) k++;
          else if (d === 34) {
            quoting = !quoting;
            quoteLine = line;
          } else if (!quoting && (isSpace(d) || d === 59)) break;
        }
        if (quoting) throw new MalformedInput(`${name}:${quoteLine}: unterminated string (no closing ")`);
        throw new MalformedInput(`${name}:${startLine}: a string literal must end its word: ${JSON.stringify(text.slice(i, k))}`);
      }
      t.strings.set(t.n, s);
      t.add(T_STRING, i, j + 1, startLine);
      i = j + 1;
    } else {
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (isSpace(d) || d === 59) break;
        // (a quote inside a word leaves it one word to spirv-as: no id, opcode, number or name has one)
        if (d === 34) throw new MalformedInput(`${name}:${line}: a quote inside the word '${text.slice(i, j)}"…': spirv-as reads no id, opcode or operand so`);
        j++;
      }
      const type = c === 37 /* % */ ? T_ID : j === i + 1 && c === 61 /* = */ ? T_EQUALS : T_BARE;
      if (type === T_ID && j === i + 1) throw new MalformedInput(`${name}:${line}: '%' without an id name`);
      if (type === T_ID && !ID_NAME.test(text.slice(i + 1, j))) throw new MalformedInput(`${name}:${line}: invalid id '${text.slice(i, j)}': an id's name is letters, digits and '_' (spirv-as)`);
      t.add(type, i, j, line);
      i = j;
    }
  }
  return t;
}

function headerComment(comment: string, header: Header): void {
  const v = /^;\s*Version:\s*(\d+)\.(\d+)\s*$/.exec(comment);
  if (v !== null && header.version === undefined) header.version = ((Number(v[1]) & 0xff) << 16) | ((Number(v[2]) & 0xff) << 8);
  const b = /^;\s*Bound:\s*(\d+)\s*$/.exec(comment);
  if (b !== null && header.bound === undefined) header.bound = Number(b[1]);
}

// ---------------------------------------------------------------------------------------------
// Numbers

const DECIMAL_INT = /^-?[0-9]+$/;
const HEX_INT = /^-?0[xX][0-9a-fA-F]+$/;
const DECIMAL_FLOAT = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
const HEX_FLOAT = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?[0-9]+)$/;

/** An integer token's value, or undefined if the token is not an integer. */
function integerOf(s: string): bigint | undefined {
  if (DECIMAL_INT.test(s)) return BigInt(s);
  if (HEX_INT.test(s)) return s[0] === "-" ? -BigInt(s.slice(1)) : BigInt(s);
  return undefined;
}

/** A 32-bit integer token as a word (decimal or hex, -2^31 .. 2^32-1), or an error message. */
function wordOf(s: string): number | string {
  // the common case without BigInt: a short decimal
  if (s.length <= 10 && DECIMAL_INT.test(s)) {
    const v = Number(s);
    if (v >= -0x80000000 && v <= 0xffffffff) return v >>> 0;
  }
  const v = integerOf(s);
  if (v === undefined) return `expected a literal integer, found '${s}'`;
  if (v < -0x80000000n || v > 0xffffffffn) return `${s} does not fit 32 bits`;
  return Number(BigInt.asUintN(32, v));
}

/** An integer of a `width`-bit type as its words (narrower than 32 bits: sign-extended if signed), or an error. */
function integerWords(s: string, width: number, signed: boolean, out: number[]): string | undefined {
  const v = integerOf(s);
  if (v === undefined) return `expected an integer (the type is a ${width}-bit ${signed ? "" : "un"}signed integer), found '${s}'`;
  // as spirv-as: a signed type takes a decimal in its range, or any bit pattern in hex
  const lo = signed ? -(1n << BigInt(width - 1)) : 0n;
  const hi = signed && !/^0[xX]/.test(s) ? (1n << BigInt(width - 1)) - 1n : (1n << BigInt(width)) - 1n;
  if (v < lo || v > hi) return `${s} does not fit a ${width}-bit ${signed ? "" : "un"}signed integer`;
  let bits = BigInt.asUintN(width, v);
  if (width <= 32) {
    if (signed) bits = BigInt.asUintN(32, BigInt.asIntN(width, bits));
    out.push(Number(bits));
    return undefined;
  }
  for (let k = 0; k < Math.ceil(width / 32); k++) out.push(Number((bits >> BigInt(32 * k)) & 0xffffffffn));
  return undefined;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const f64 = new Float64Array(1);
const u32of64 = new Uint32Array(f64.buffer);
const LITTLE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}

/**
 * The bits of num/den (positive) rounded to nearest, ties to even, in a binary format of
 * `mantissa` fraction bits and `exponent` exponent bits; undefined if it overflows.
 */
function roundRational(num: bigint, den: bigint, mantissa: number, exponent: number): bigint | undefined {
  if (num === 0n) return 0n;
  const bias = (1 << (exponent - 1)) - 1;
  const emin = 1 - bias;
  let e = bitLength(num) - bitLength(den);
  if (e >= 0 ? num < den << BigInt(e) : num << BigInt(-e) < den) e--;
  if (e < emin) e = emin;
  const shift = mantissa - e;
  const N = shift >= 0 ? num << BigInt(shift) : num;
  const D = shift >= 0 ? den : den << BigInt(-shift);
  let q = N / D;
  const r2 = 2n * (N - q * D);
  if (r2 > D || (r2 === D && (q & 1n) === 1n)) q++;
  const one = 1n << BigInt(mantissa);
  if (q === one << 1n) {
    q >>= 1n;
    e++;
  }
  if (q < one) return q; // subnormal
  const biased = e + bias;
  if (biased >= (1 << exponent) - 1) return undefined;
  return (BigInt(biased) << BigInt(mantissa)) | (q - one);
}

/** A float token as the words of a `width`-bit float (16, 32 or 64), or an error message. */
function floatWords(s: string, width: number, out: number[]): string | undefined {
  const mantissa = width === 16 ? 10 : width === 32 ? 23 : width === 64 ? 52 : 0;
  if (mantissa === 0) return `${width}-bit floating-point literals are not supported`;
  const exponent = width - 1 - mantissa;
  const push = (bits: bigint): undefined => {
    if (width <= 32) out.push(Number(bits));
    else out.push(Number(bits & 0xffffffffn), Number(bits >> 32n));
    return undefined;
  };
  const hex = HEX_FLOAT.exec(s);
  if (hex !== null) {
    const [, sign, whole, frac = "", exp] = hex;
    if (whole === "" && frac === "") return `expected a floating-point number, found '${s}'`;
    const signBit = sign === "-" ? 1n << BigInt(width - 1) : 0n;
    const e = Number(exp);
    const emax = (1 << (exponent - 1)) - 1;
    // spirv-dis's infinities and NaNs: 0x1p+128, 0x1.8p+128 (f32), exponent emax + 1
    if (e === emax + 1 && /^0*1$/.test(whole)) {
      const f = frac === "" ? 0n : BigInt(`0x${frac}`);
      const scaled = f << BigInt(mantissa);
      const den = 1n << BigInt(4 * frac.length);
      if (scaled % den !== 0n) return `${s} is not a ${width}-bit infinity or NaN (its fraction has too many bits)`;
      return push(signBit | (((1n << BigInt(exponent)) - 1n) << BigInt(mantissa)) | (scaled / den));
    }
    const m = BigInt(`0x0${whole}${frac}`);
    const e2 = e - 4 * frac.length;
    if (m === 0n) return push(signBit);
    if (e2 + bitLength(m) > 2 * emax + 2) return `${s} is too large for a ${width}-bit float`;
    if (e2 + bitLength(m) < -2 * emax - mantissa - 4) return push(signBit); // below half the smallest subnormal
    const bits = e2 >= 0 ? roundRational(m << BigInt(e2), 1n, mantissa, exponent) : roundRational(m, 1n << BigInt(-e2), mantissa, exponent);
    if (bits === undefined) return `${s} is too large for a ${width}-bit float`;
    return push(signBit | bits);
  }
  if (!DECIMAL_FLOAT.test(s)) return `expected a floating-point number, found '${s}'`;
  const d = Number(s);
  if (width === 64) {
    if (!Number.isFinite(d)) return `${s} is too large for a 64-bit float`;
    f64[0] = d;
    return push((BigInt(u32of64[LITTLE ? 1 : 0]) << 32n) | BigInt(u32of64[LITTLE ? 0 : 1]));
  }
  if (width === 32) {
    const f = Math.fround(d);
    if (!Number.isFinite(f)) return `${s} is too large for a 32-bit float`;
    // decimal -> double -> float rounds twice; it differs from rounding once only when the
    // double falls exactly halfway between two floats: then round exactly
    let midpoint = false;
    if (f !== d) {
      f32[0] = Math.abs(f);
      u32[0] += Math.abs(d) > Math.abs(f) ? 1 : -1;
      const g = Math.sign(d) * f32[0];
      midpoint = (f + g) / 2 === d;
    }
    if (!midpoint) {
      f32[0] = f;
      return push(BigInt(u32[0]));
    }
  }
  // exactly: the decimal as a fraction of two integers
  const m = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?$/.exec(s)!;
  const [, sign, whole = "", frac = "", exp = "0"] = m;
  const signBit = sign === "-" ? 1n << BigInt(width - 1) : 0n;
  const digits = BigInt(`0${whole}${frac}`);
  if (digits === 0n) return push(signBit);
  const e10 = Number(exp) - frac.length;
  const magnitude = e10 + digits.toString().length;
  if (magnitude > 40) return `${s} is too large for a ${width}-bit float`;
  if (magnitude < -60) return push(signBit);
  const bits = e10 >= 0 ? roundRational(digits * 10n ** BigInt(e10), 1n, mantissa, exponent) : roundRational(digits, 10n ** BigInt(-e10), mantissa, exponent);
  if (bits === undefined) return `${s} is too large for a ${width}-bit float`;
  return push(signBit | bits);
}

/** A string's UTF-8 bytes, nul-terminated and padded to whole words, little-endian; or an error. */
function stringWords(s: string, out: number[]): string | undefined {
  let ascii = true;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c === 0) return "a literal string cannot contain a nul character";
    if (c >= 0x80) ascii = false;
  }
  const bytes = ascii ? undefined : new TextEncoder().encode(s);
  const n = bytes === undefined ? s.length : bytes.length;
  for (let k = 0; k <= n; k += 4) {
    let w = 0;
    for (let b = 0; b < 4 && k + b < n; b++) w |= (bytes === undefined ? s.charCodeAt(k + b) : bytes[k + b]) << (8 * b);
    out.push(w >>> 0);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The module

class TextModule implements SpvModule {
  readonly form = "text";
  private facts: ModuleFacts | undefined;
  constructor(
    readonly name: string,
    readonly version: number,
    readonly bound: number,
    readonly instructions: readonly SpvInstruction[],
    /** The largest numeric id (`%12`) of the text; names are numbered above it. */
    private readonly maxNumeric: number,
    /** The names without `%`, by their number - maxNumeric - 1. */
    private readonly names: readonly string[],
  ) {}
  idName(id: number): string {
    return id > this.maxNumeric && id - this.maxNumeric - 1 < this.names.length ? this.names[id - this.maxNumeric - 1] : String(id);
  }
  place(instruction: SpvInstruction): string {
    return `line ${instruction.at}`;
  }
  show(instruction: SpvInstruction): string {
    if (this.facts === undefined) {
      const facts = new ModuleFacts(this.bound, 4 * this.instructions.length + 1024);
      for (const inst of this.instructions) facts.note(inst);
      this.facts = facts;
    }
    return showInstruction(instruction, this.facts, (id) => this.idName(id));
  }
}

interface MutableInstruction {
  opcode: number;
  resultType: number;
  result: number;
  operands: number[];
  isId: boolean[];
  at: number;
}

/** Reads spirv-dis's text; `MalformedInput` (`NAME:LINE: ...`) where it is not SPIR-V assembly. */
export function readText(text: string, name: string): SpvModule {
  const header: Header = { version: undefined, bound: undefined };
  const t = lex(text, name, header);
  const g = grammar();
  const ntok = t.n;
  const { type: ttype, start: tstart, end: tend, line: tline } = t;
  const raw = (k: number): string => text.slice(tstart[k], tend[k]);
  const show = (k: number): string => {
    if (ttype[k] === T_STRING) return "a string";
    const s = raw(k);
    return `'${s.length > 60 ? `${s.slice(0, 57)}...` : s}'`;
  };
  let errLine = 1;
  const fail = (what: string, line = errLine): never => {
    throw new MalformedInput(`${name}:${line}: ${what}`);
  };

  // ids: every spelling interned in order of first appearance
  const interned = new Map<string, number>();
  const spelling: string[] = [];
  /** The number of a numeric spelling (`%12`), 0 for a name. */
  const numeric: number[] = [];
  /** For a name, its rank among the names. */
  const rank: number[] = [];
  const nameList: string[] = [];
  let maxNumeric = 0;
  // what the parse needs to know, by interned index
  const definedAt: number[] = [];
  const valueType: number[] = []; // type's index + 1
  const typeCode: number[] = [];
  const extSets = new Map<number, SpvExtSet | undefined>();

  // numeric spellings (`%51`, all of them with --raw-id) are found by number, without a string
  const byNumber = new Map<number, number>();
  const intern = (k: number): number => {
    const from = tstart[k] + 1;
    const to = tend[k];
    // a number: digits without a leading zero (`%0`, `%007` are names)
    let num = 0;
    if (text.charCodeAt(from) !== 48 /* 0 */) {
      for (let j = from; j < to; j++) {
        const c = text.charCodeAt(j) - 48;
        if (c < 0 || c > 9) {
          num = 0;
          break;
        }
        num = num * 10 + c;
      }
    }
    if (num > 0xfffffffe) fail(`%${text.slice(from, to)} is too large for an id (at most 4294967294)`, tline[k]);
    let x = num !== 0 ? byNumber.get(num) : interned.get(text.slice(from, to));
    if (x !== undefined) return x;
    const s = text.slice(from, to);
    x = spelling.length;
    spelling.push(s);
    numeric.push(num);
    if (num === 0) {
      interned.set(s, x);
      rank.push(nameList.length);
      nameList.push(s);
    } else {
      byNumber.set(num, x);
      rank.push(-1);
      if (num > maxNumeric) maxNumeric = num;
    }
    definedAt.push(0);
    valueType.push(0);
    typeCode.push(0);
    return x;
  };

  const isOpStart = (k: number): boolean => {
    if (ttype[k] !== T_BARE) return false;
    const s = tstart[k];
    if (tend[k] - s < 3 || text.charCodeAt(s) !== 79 /* O */ || text.charCodeAt(s + 1) !== 112 /* p */) return false;
    const c = text.charCodeAt(s + 2);
    return c >= 65 && c <= 90;
  };
  /** Whether the instruction's operands end before token k. */
  const atEnd = (k: number): boolean => k >= ntok || isOpStart(k) || (ttype[k] === T_ID && k + 1 < ntok && ttype[k + 1] === T_EQUALS);

  const instructions: MutableInstruction[] = [];
  let stack: SpvOperand[] = new Array<SpvOperand>(64);
  let sp = 0;
  const push = (list: readonly SpvOperand[]): void => {
    if (sp + list.length > stack.length) {
      const bigger = new Array<SpvOperand>(2 * (sp + list.length));
      for (let k = 0; k < sp; k++) bigger[k] = stack[k];
      stack = bigger;
    }
    for (let k = list.length - 1; k >= 0; k--) stack[sp++] = list[k];
  };

  // the instruction being read, and what reading its operands needs
  let i = 0;
  let operands: number[] = [];
  let isId: boolean[] = [];
  const lit = (w: number): void => {
    operands.push(w);
    isId.push(false);
  };
  /** The rest of the instruction's operands, kinds unknown: integers only. */
  const rest = (): void => {
    while (!atEnd(i)) {
      const w = wordOf(raw(i));
      if (typeof w === "string" || ttype[i] !== T_BARE) fail(`expected a literal integer (the operands after an unknown value), found ${show(i)}`, tline[i]);
      lit(w as number);
      i++;
    }
  };
  const needBare = (what: string): string => {
    if (ttype[i] !== T_BARE) fail(`expected ${what}, found ${show(i)}`, tline[i]);
    return raw(i);
  };
  /**
   * An enumerant (or a bitmask's part) by name, or by number where the grammar does not know the
   * value (what spirv-dis prints of such a value). A number the grammar knows a name for is
   * refused, as spirv-as refuses every number there: spirv-dis would have printed the name.
   */
  const enumValue = (s: string, kind: SpvKind, bits: boolean): number => {
    const e = kind.byName.get(s);
    if (e !== undefined) return e.value;
    const w = wordOf(s);
    if (typeof w === "string") return fail(`unknown ${kind.name} '${s}'`, tline[i]);
    let known = kind.byValue.has(w);
    if (bits && w !== 0) {
      known = true;
      for (let bit = 0; bit < 32; bit++) if ((w & (1 << bit)) !== 0 && !kind.byValue.has((1 << bit) >>> 0)) known = false;
    }
    if (known) fail(`a ${kind.name} written as the number ${s}: spirv-as takes its name only`, tline[i]);
    return w;
  };

  while (i < ntok) {
    errLine = tline[i];
    const at = errLine;
    let resultTok = -1;
    if (ttype[i] === T_ID) {
      if (i + 1 >= ntok || ttype[i + 1] !== T_EQUALS) fail(`expected '=' after ${show(i)} (an instruction is '%id = OpName ...' or 'OpName ...')`);
      resultTok = i;
      i += 2;
      if (i >= ntok) fail(`expected an instruction after ${show(resultTok)} =`);
      errLine = tline[i];
    }
    if (ttype[i] !== T_BARE || !raw(i).startsWith("Op")) fail(`expected an instruction (OpName), found ${show(i)}`);
    const opText = raw(i);
    const op = g.opsByName.get(opText);
    if (op === undefined) fail(`unknown opcode ${opText}`);
    const info = op!;
    i++;
    if (info.hasResult && resultTok < 0) fail(`${info.name} has a result: write '%id = ${info.name} ...'`);
    if (!info.hasResult && resultTok >= 0) fail(`${info.name} has no result, but the line gives it one (${show(resultTok)} =)`);
    // the result first: names are numbered in order of appearance in the text
    let result = -1;
    if (resultTok >= 0) {
      result = intern(resultTok);
      if (definedAt[result] !== 0) fail(`${show(resultTok)} is defined twice (first at line ${definedAt[result]})`, tline[resultTok]);
      definedAt[result] = at;
    }
    let resultType = -1;
    if (info.hasType) {
      if (atEnd(i)) fail(`${info.name} is missing its result type`);
      if (ttype[i] !== T_ID) fail(`${info.name}'s result type: expected an id, found ${show(i)}`, tline[i]);
      resultType = intern(i++);
    }

    operands = [];
    isId = [];
    sp = 0;
    push(info.operands);
    let done = false;
    while (sp > 0 && !done) {
      const o = stack[--sp];
      if (atEnd(i)) {
        if (o.quantifier !== 0) continue;
        fail(`${info.name} is missing its ${o.kind.category === CAT_SELECTOR_NUMBER ? "case literal" : o.kind.name} operand`);
      }
      if (o.quantifier === 2) stack[sp++] = o;
      const kind = o.kind;
      const line = tline[i];
      switch (kind.category) {
        case CAT_ID:
          if (ttype[i] !== T_ID) fail(`expected an id (${kind.name}), found ${show(i)}`, line);
          operands.push(intern(i++));
          isId.push(true);
          break;
        case CAT_LITERAL_INTEGER: {
          const w = wordOf(needBare("a literal integer"));
          if (typeof w === "string") fail(w, line);
          lit(w as number);
          i++;
          break;
        }
        case CAT_LITERAL_STRING: {
          if (ttype[i] !== T_STRING) fail(`expected a literal string, found ${show(i)}`, line);
          const err = stringWords(t.strings.get(i)!, operands);
          if (err !== undefined) fail(err, line);
          while (isId.length < operands.length) isId.push(false);
          i++;
          break;
        }
        case CAT_CONTEXT_NUMBER:
        case CAT_SELECTOR_NUMBER: {
          const selector = kind.category === CAT_SELECTOR_NUMBER;
          // OpSwitch's selector is its first operand
          const code = selector ? (valueType[operands[0]] === 0 ? 0 : typeCode[valueType[operands[0]] - 1]) : typeCode[resultType];
          if (code === 0 || (selector && isFloatType(code))) {
            const what = selector ? `the selector %${spelling[operands[0]]} has no integer type` : `the result type %${spelling[resultType]} is not an integer or floating-point type (of at most 64 bits)`;
            fail(`${info.name}: ${what}`, line);
          }
          const s = needBare("a number");
          const err = isFloatType(code) ? floatWords(s, typeWidth(code), operands) : integerWords(s, typeWidth(code), isSignedType(code), operands);
          if (err !== undefined) fail(err, line);
          while (isId.length < operands.length) isId.push(false);
          i++;
          break;
        }
        case CAT_EXT_INST: {
          const setIdx = isId.length > 0 && isId[isId.length - 1] ? operands[operands.length - 1] : -1;
          const set = setIdx >= 0 ? extSets.get(setIdx) : undefined;
          const s = needBare("an extended instruction");
          const inst = set?.byName.get(s);
          let number: number;
          if (inst !== undefined) number = inst.number;
          else {
            const w = wordOf(s);
            if (typeof w === "string") fail(set === undefined ? `unknown extended instruction '${s}' (%${setIdx >= 0 ? spelling[setIdx] : "?"} is not the import of a set this reader knows)` : `unknown extended instruction '${s}' of ${set.name}`, line);
            number = w as number;
          }
          lit(number);
          i++;
          if (set === undefined) push(g.idsOnly);
          else {
            const known = set.byNumber.get(number);
            if (known !== undefined) push(known.operands);
            else if (set.name.startsWith("NonSemantic.")) push(g.idsOnly);
            else {
              rest();
              done = true;
            }
          }
          break;
        }
        case CAT_SPEC_OP: {
          const s = needBare("an opcode");
          let inner = g.opsByName.get(`Op${s}`);
          if (inner === undefined) {
            const w = wordOf(s);
            if (typeof w === "string") fail(`unknown opcode '${s}' for OpSpecConstantOp`, line);
            inner = g.ops[w as number];
            lit(w as number);
          } else lit(inner.opcode);
          i++;
          if (inner === undefined || !inner.hasType || !inner.hasResult) {
            rest();
            done = true;
          } else push(inner.operands);
          break;
        }
        case CAT_COMPOSITE:
          push(kind.bases);
          break;
        case CAT_VALUE_ENUM: {
          const value = enumValue(needBare(`a ${kind.name}`), kind, false);
          lit(value);
          i++;
          const e = kind.byValue.get(value);
          if (e === undefined) {
            rest();
            done = true;
          } else push(e.params);
          break;
        }
        case CAT_BIT_ENUM: {
          const s = needBare(`a ${kind.name}`);
          let mask = 0;
          for (const part of s.split("|")) mask = (mask | enumValue(part, kind, true)) >>> 0;
          lit(mask);
          i++;
          if (mask === 0) {
            const none = kind.byValue.get(0);
            if (none !== undefined) push(none.params);
            break;
          }
          let unknown = false;
          for (let bit = 31; bit >= 0 && !unknown; bit--) {
            const b = (1 << bit) >>> 0;
            if ((mask & b) === 0) continue;
            const e = kind.byValue.get(b);
            if (e === undefined) unknown = true;
            else push(e.params);
          }
          if (unknown) {
            sp = 0;
            rest();
            done = true;
          }
          break;
        }
        default:
          throw new Error(`readText: category ${kind.category}`);
      }
    }
    if (!atEnd(i)) fail(`too many operands for ${info.name}: ${show(i)}`, tline[i]);

    // what later instructions need to know
    if (result >= 0) {
      if (resultType >= 0) valueType[result] = resultType + 1;
      if (info.opcode === Op.TypeInt && operands.length >= 2) typeCode[result] = intTypeCode(operands[0], operands[1] !== 0);
      else if (info.opcode === Op.TypeFloat && operands.length >= 1) typeCode[result] = floatTypeCode(operands[0]);
      else if (info.opcode === Op.ExtInstImport) extSets.set(result, extSetNamed(t.strings.get(i - 1) ?? ""));
    }
    instructions.push({ opcode: info.opcode, resultType, result, operands, isId, at });
  }

  // number the ids: numeric spellings keep their number, names follow the largest in order
  if (maxNumeric + nameList.length > 0xfffffffe) fail(`too many ids: the names would be numbered above 4294967294`, 1);
  const finalId = new Array<number>(spelling.length);
  for (let x = 0; x < spelling.length; x++) finalId[x] = numeric[x] !== 0 ? numeric[x] : maxNumeric + 1 + rank[x];
  for (const inst of instructions) {
    inst.resultType = inst.resultType < 0 ? 0 : finalId[inst.resultType];
    inst.result = inst.result < 0 ? 0 : finalId[inst.result];
    const { operands, isId } = inst;
    for (let k = 0; k < operands.length; k++) if (isId[k]) operands[k] = finalId[operands[k]];
  }
  const largest = maxNumeric + nameList.length;
  const bound = Math.max(header.bound ?? 0, largest + 1);
  return new TextModule(name, header.version ?? 0x00010000, bound, instructions, maxNumeric, nameList);
}
