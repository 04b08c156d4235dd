/**
 * The SPIR-V binary reader, and what both readers share: the grammar's lookup tables (built once
 * from grammar.ts), the walk that classifies an instruction's operand words by the grammar, what
 * the walk needs to know of the module (the widths of the numeric types, the type of every id,
 * the extended instruction set each OpExtInstImport names), and `show`.
 *
 * A binary is a header of five words (magic number, version, generator, bound, schema) and then
 * instructions, each `word count << 16 | opcode` followed by its operand words. The reader takes
 * either byte order (by the magic number), copies the bytes into one Uint32Array in the
 * machine's order, and walks each instruction's words once with the grammar:
 *
 * - `IdResultType`, `IdResult` become the instruction's `resultType`, `result`; every other id
 *   kind (`IdRef`, `IdScope`, `IdMemorySemantics`) is an id word of `operands`;
 * - literal integers are one word; literal strings run to the word holding their nul byte;
 * - `LiteralContextDependentNumber` (OpConstant, OpSpecConstant) has the width of the result
 *   type: one word up to 32 bits, two (low word first) for 64; OpSwitch's case literals have the
 *   width of the selector's type; both need the types, so the reader keeps the width of every
 *   OpTypeInt/OpTypeFloat and the result type of every id;
 * - an enumerant (ValueEnum) is one word followed by its parameters; a bitmask (BitEnum) is one
 *   word followed by the parameters of each set bit, lowest bit first (as SPIRV-Tools reads them);
 * - OpExtInst's operands after the set and the instruction number follow the set's grammar
 *   where it gives them kinds other than ids (OpenCL.std's `vloadn` and a few others, the
 *   DebugInfo and OpenCL.DebugInfo.100 sets); otherwise, and for every set not in the grammar,
 *   they are ids. That is true of GLSL.std.450 (its grammar has only ids) and of every
 *   `NonSemantic.*` set by the rule of SPV_KHR_non_semantic_info (all operands of a non-semantic
 *   instruction are ids); for an unknown set that is not non-semantic it is an assumption;
 * - OpSpecConstantOp's operands after the opcode are those of that opcode, without its result
 *   type and result.
 *
 * Unknown opcodes (newer than the grammar, or vendor ones it lacks) are not an error: all their
 * words are kept as literals (`isId` false), since nothing says which of them are ids. The same
 * goes for the words after an enumerant, a bitmask bit, an extended instruction or a
 * spec-constant opcode the grammar does not know: its parameters are unknown, so the rest of the
 * instruction is kept as literals.
 *
 * Malformed input throws `MalformedInput`, one line: `NAME: word OFFSET: what is wrong`, OFFSET
 * counting words from 0 (the header is words 0 to 4). Linear in the input: one pass, no
 * recursion, no string built per word.
 */
import { MalformedInput } from "../../spec/errors.js";
import { EXT_INST_SETS, OPCODES, OPERAND_KINDS, type SpvKindData } from "./grammar.js";
import { MAGIC, Op, type SpvInstruction, type SpvModule } from "./module.js";

// ---------------------------------------------------------------------------------------------
// The grammar's tables

/** What an operand kind is, for reading. */
export const CAT_ID = 0;
export const CAT_LITERAL_INTEGER = 1;
export const CAT_LITERAL_STRING = 2;
export const CAT_CONTEXT_NUMBER = 3;
export const CAT_EXT_INST = 4;
export const CAT_SPEC_OP = 5;
export const CAT_COMPOSITE = 6;
export const CAT_VALUE_ENUM = 7;
export const CAT_BIT_ENUM = 8;
/** OpSwitch's case literal: a number with the width of the selector's type (the first base of PairLiteralIntegerIdRef there). */
export const CAT_SELECTOR_NUMBER = 9;

export interface SpvKind {
  readonly name: string;
  readonly category: number;
  /** A composite's parts, in order. */
  readonly bases: readonly SpvOperand[];
  /** An enumeration's enumerants by value (the first name listed for a value), and by every name. */
  readonly byValue: ReadonlyMap<number, SpvEnumerant>;
  readonly byName: ReadonlyMap<string, SpvEnumerant>;
}

export interface SpvEnumerant {
  readonly name: string;
  readonly value: number;
  readonly params: readonly SpvOperand[];
}

/** An operand of an instruction or of an enumerant: its kind and quantifier (0 one, 1 `?`, 2 `*`). */
export interface SpvOperand {
  readonly kind: SpvKind;
  readonly quantifier: 0 | 1 | 2;
}

export interface SpvOpInfo {
  readonly opcode: number;
  readonly name: string;
  readonly hasType: boolean;
  readonly hasResult: boolean;
  /** The operands after the result type and result. */
  readonly operands: readonly SpvOperand[];
}

export interface SpvExtInst {
  readonly name: string;
  readonly number: number;
  readonly operands: readonly SpvOperand[];
}

export interface SpvExtSet {
  readonly name: string;
  readonly byNumber: ReadonlyMap<number, SpvExtInst>;
  readonly byName: ReadonlyMap<string, SpvExtInst>;
}

export interface SpvGrammar {
  /** Indexed by opcode (the first name listed for an opcode). */
  readonly ops: readonly (SpvOpInfo | undefined)[];
  /** Every opcode name, `OpLoad`, aliases included. */
  readonly opsByName: ReadonlyMap<string, SpvOpInfo>;
  readonly kinds: ReadonlyMap<string, SpvKind>;
  /** The operands of an OpExtInst instruction the set does not describe: `IdRef*`. */
  readonly idsOnly: readonly SpvOperand[];
  readonly extSets: readonly { readonly name: string; readonly prefix: boolean; readonly set: SpvExtSet }[];
}

function category(c: SpvKindData[1], name: string): number {
  switch (c) {
    case "Id":
      return CAT_ID;
    case "LiteralInteger":
      return CAT_LITERAL_INTEGER;
    case "LiteralString":
      return CAT_LITERAL_STRING;
    case "LiteralContextDependentNumber":
      return CAT_CONTEXT_NUMBER;
    case "LiteralExtInstInteger":
      return CAT_EXT_INST;
    case "LiteralSpecConstantOpInteger":
      return CAT_SPEC_OP;
    case "Composite":
      return CAT_COMPOSITE;
    case "ValueEnum":
      return CAT_VALUE_ENUM;
    case "BitEnum":
      return CAT_BIT_ENUM;
  }
  throw new Error(`grammar.ts: operand kind ${name} has an unknown category ${String(c)}`);
}

/** The kinds of `data`, resolving names first among them and then in `outer` (the core kinds). */
function buildKinds(data: readonly SpvKindData[], outer: ReadonlyMap<string, SpvKind> | undefined): Map<string, SpvKind> {
  const kinds = new Map<string, SpvKind>();
  const pending: { kind: { bases: SpvOperand[] }; list: string }[] = [];
  const params: { e: { params: SpvOperand[] }; list: string }[] = [];
  for (const k of data) {
    const bases: SpvOperand[] = [];
    const byValue = new Map<number, SpvEnumerant>();
    const byName = new Map<string, SpvEnumerant>();
    if (k[1] === "Composite") pending.push({ kind: { bases }, list: k[2] });
    if (k[1] === "ValueEnum" || k[1] === "BitEnum")
      for (const [name, value, ps] of k[2]) {
        const e = { name, value, params: [] as SpvOperand[] };
        if (ps !== undefined) params.push({ e, list: ps });
        if (!byValue.has(value)) byValue.set(value, e);
        byName.set(name, e);
      }
    kinds.set(k[0], { name: k[0], category: category(k[1], k[0]), bases, byValue, byName });
  }
  const lookup = (name: string): SpvKind => {
    const k = kinds.get(name) ?? outer?.get(name);
    if (k === undefined) throw new Error(`grammar.ts: unknown operand kind ${name}`);
    return k;
  };
  for (const { kind, list } of pending) kind.bases.push(...operandList(list, lookup));
  for (const { e, list } of params) e.params.push(...operandList(list, lookup));
  return kinds;
}

function operandList(list: string, lookup: (name: string) => SpvKind): SpvOperand[] {
  if (list === "") return [];
  return list.split(" ").map((s) => {
    const last = s[s.length - 1];
    const quantifier = last === "?" ? 1 : last === "*" ? 2 : 0;
    return { kind: lookup(quantifier === 0 ? s : s.slice(0, -1)), quantifier };
  });
}

let grammarCache: SpvGrammar | undefined;

/** The grammar's tables, built on first use. */
export function grammar(): SpvGrammar {
  if (grammarCache !== undefined) return grammarCache;
  const kinds = buildKinds(OPERAND_KINDS, undefined);
  const lookup = (name: string): SpvKind => {
    const k = kinds.get(name);
    if (k === undefined) throw new Error(`grammar.ts: unknown operand kind ${name}`);
    return k;
  };
  // OpSwitch's pairs: the literal has the selector's width
  const pairLitId = lookup("PairLiteralIntegerIdRef");
  const selectorNumber: SpvKind = { name: "LiteralInteger", category: CAT_SELECTOR_NUMBER, bases: [], byValue: new Map(), byName: new Map() };
  const switchPair: SpvKind = { ...pairLitId, bases: [{ kind: selectorNumber, quantifier: 0 }, pairLitId.bases[1]] };
  const ops: (SpvOpInfo | undefined)[] = [];
  const opsByName = new Map<string, SpvOpInfo>();
  for (const [opcode, name, list] of OPCODES) {
    let operands = operandList(list, lookup);
    const hasType = operands.length > 0 && operands[0].kind.name === "IdResultType";
    if (hasType) operands = operands.slice(1);
    const hasResult = operands.length > 0 && operands[0].kind.name === "IdResult";
    if (hasResult) operands = operands.slice(1);
    if (opcode === Op.Switch) operands = operands.map((o) => (o.kind === pairLitId ? { kind: switchPair, quantifier: o.quantifier } : o));
    const info: SpvOpInfo = { opcode, name, hasType, hasResult, operands };
    if (ops[opcode] === undefined) ops[opcode] = info;
    opsByName.set(name, info);
  }
  const idsOnly: SpvOperand[] = [{ kind: lookup("IdRef"), quantifier: 2 }];
  const extSets = EXT_INST_SETS.map((s) => {
    const own = buildKinds(s.kinds, kinds);
    const lookupExt = (name: string): SpvKind => {
      const k = own.get(name) ?? kinds.get(name);
      if (k === undefined) throw new Error(`grammar.ts: unknown operand kind ${name} of ${s.name}`);
      return k;
    };
    const byNumber = new Map<number, SpvExtInst>();
    const byName = new Map<string, SpvExtInst>();
    for (const [name, number, list] of s.instructions) {
      const inst = { name, number, operands: list === undefined ? idsOnly : operandList(list, lookupExt) };
      if (!byNumber.has(number)) byNumber.set(number, inst);
      byName.set(name, inst);
    }
    return { name: s.name, prefix: s.match === "prefix", set: { name: s.name, byNumber, byName } };
  });
  grammarCache = { ops, opsByName, kinds, idsOnly, extSets };
  return grammarCache;
}

/**
 * The set an OpExtInstImport name imports: one of the grammar's (exact name, or by prefix as
 * SPIRV-Tools matches `NonSemantic.ClspvReflection.N`), else undefined (its operands are ids).
 */
export function extSetNamed(name: string): SpvExtSet | undefined {
  for (const s of grammar().extSets) if (s.prefix ? name.startsWith(s.name) : name === s.name) return s.set;
  return undefined;
}

/** The name of an opcode, `OpLoad`, or `Op#1234` when the grammar does not know it. */
export function opName(opcode: number): string {
  return grammar().ops[opcode]?.name ?? `Op#${opcode}`;
}

// ---------------------------------------------------------------------------------------------
// Numeric types

/**
 * A numeric scalar type as one number: `width << 2 | signed << 1 | float`, 0 for no numeric type
 * (width is at least 1, so every numeric type is at least 4). Literals are read for widths of 1
 * to 64 bits only (as SPIRV-Tools): a wider type is no numeric type here.
 */
export function intTypeCode(width: number, signed: boolean): number {
  return width < 1 || width > 64 ? 0 : width * 4 + (signed ? 2 : 0);
}
export function floatTypeCode(width: number): number {
  return width < 1 || width > 64 ? 0 : width * 4 + 1;
}
export const typeWidth = (code: number): number => Math.floor(code / 4);
export const isFloatType = (code: number): boolean => code % 2 === 1;
export const isSignedType = (code: number): boolean => (code & 2) !== 0;
/** The words a literal of the type takes: one up to 32 bits, two for 64. */
export const typeWords = (code: number): number => Math.max(1, Math.ceil(typeWidth(code) / 32));

/** A table from ids to numbers (0: none): dense when the bound is small enough, else a Map. */
export class IdTable {
  private readonly dense: Uint32Array | undefined;
  private readonly sparse: Map<number, number> | undefined;
  constructor(bound: number, limit: number) {
    if (bound <= limit) this.dense = new Uint32Array(bound);
    else this.sparse = new Map();
  }
  get(id: number): number {
    if (this.dense !== undefined) return id < this.dense.length ? this.dense[id] : 0;
    return this.sparse!.get(id) ?? 0;
  }
  set(id: number, value: number): void {
    if (this.dense !== undefined) this.dense[id] = value;
    else this.sparse!.set(id, value);
  }
}

/** What the operand walk needs to know of the module so far. */
export interface SpvTypes {
  /** The type code of a type id (0 if it is no numeric scalar type). */
  typeCode(typeId: number): number;
  /** The type code of the type of a value id (0 if unknown or not numeric). */
  valueTypeCode(id: number): number;
  /** The extended instruction set an OpExtInstImport id imports (undefined: its operands are ids). */
  extSet(id: number): SpvExtSet | undefined;
}

/** Module facts kept by id, noted instruction by instruction: the `SpvTypes` of a module. */
export class ModuleFacts implements SpvTypes {
  /** id -> its result type + 1 (0: not defined yet). */
  readonly defined: IdTable;
  readonly codes = new Map<number, number>();
  readonly sets = new Map<number, SpvExtSet | undefined>();
  /** The first OpName of each id: the instruction. */
  readonly names = new Map<number, SpvInstruction>();
  constructor(bound: number, limit: number) {
    this.defined = new IdTable(bound, limit);
  }
  typeCode(typeId: number): number {
    return this.codes.get(typeId) ?? 0;
  }
  valueTypeCode(id: number): number {
    const t = this.defined.get(id);
    return t === 0 ? 0 : this.typeCode(t - 1);
  }
  extSet(id: number): SpvExtSet | undefined {
    return this.sets.get(id);
  }
  /** Notes what `inst` defines. */
  note(inst: SpvInstruction): void {
    const { opcode, result, operands } = inst;
    if (result !== 0) this.defined.set(result, inst.resultType + 1);
    if (opcode === Op.TypeInt && operands.length >= 2) this.codes.set(result, intTypeCode(operands[0], operands[1] !== 0));
    else if (opcode === Op.TypeFloat && operands.length >= 1) this.codes.set(result, floatTypeCode(operands[0]));
    else if (opcode === Op.ExtInstImport) this.sets.set(result, extSetNamed(stringOf(operands, 0, operands.length)));
    else if (opcode === Op.Name && operands.length >= 1 && !this.names.has(operands[0])) this.names.set(operands[0], inst);
  }
}

// ---------------------------------------------------------------------------------------------
// The walk over an instruction's operand words

/** What the walk finds, word by word. Offsets are indices into the walked words. */
export interface OperandSink {
  id(at: number): void;
  /** A one-word literal integer. */
  literal(at: number): void;
  /** A literal string in words [at, end). */
  string(at: number, end: number): void;
  /** A number of `count` words with the numeric type `code`. */
  number(at: number, count: number, code: number): void;
  /** An enumerant or a bitmask of `kind`. */
  enumerant(at: number, kind: SpvKind): void;
  /** OpExtInst's instruction number, in `set` (undefined: not a set of the grammar). */
  extInst(at: number, set: SpvExtSet | undefined): void;
  /** OpSpecConstantOp's opcode. */
  specOp(at: number): void;
  /** Words [at, end) whose kinds are unknown: kept as literals. */
  rest(at: number, end: number): void;
}

/** Where and why walking operands failed: `at` indexes the walked words. */
export class WalkError {
  constructor(
    readonly at: number,
    readonly message: string,
  ) {}
}

// the walk's stack of pending operands, reused (the walk never re-enters itself)
let stack: SpvOperand[] = new Array<SpvOperand>(64);
let sp = 0;

/** Pushes `list` so that its first operand is on top. */
function push(list: readonly SpvOperand[]): void {
  if (sp + list.length > stack.length) {
    const bigger = new Array<SpvOperand>(2 * (sp + list.length));
    for (let k = 0; k < sp; k++) bigger[k] = stack[k];
    stack = bigger;
  }
  for (let k = list.length - 1; k >= 0; k--) stack[sp++] = list[k];
}

function describeKind(o: SpvOperand): string {
  return o.kind.category === CAT_SELECTOR_NUMBER ? "case literal" : o.kind.name;
}

/**
 * Walks the operand words [start, end) of an instruction `op` (those after its result type and
 * result) with the grammar, telling `sink` what each is. `resultType` is the instruction's
 * result type id (for OpConstant's number). Throws `WalkError` where the words do not fit.
 */
export function walkOperands(
  words: ArrayLike<number>,
  start: number,
  end: number,
  op: SpvOpInfo,
  resultType: number,
  types: SpvTypes,
  sink: OperandSink,
): void {
  sp = 0;
  push(op.operands);
  let p = start;
  while (sp > 0) {
    const o = stack[--sp];
    if (p >= end) {
      if (o.quantifier !== 0) continue;
      throw new WalkError(p, `${op.name} ends before its ${describeKind(o)} operand`);
    }
    // a `*` operand stays below whatever this one pushes (its parameters come first)
    if (o.quantifier === 2) stack[sp++] = o;
    const kind = o.kind;
    switch (kind.category) {
      case CAT_ID:
        sink.id(p++);
        break;
      case CAT_LITERAL_INTEGER:
        sink.literal(p++);
        break;
      case CAT_LITERAL_STRING: {
        let q = p;
        while (q < end && !hasZeroByte(words[q])) q++;
        if (q >= end) throw new WalkError(p, `${op.name}: the literal string has no nul byte before the end of the instruction`);
        const w = words[q];
        // after the nul, only nul padding: the text reader writes nothing else
        const nul = (w & 0xff) === 0 ? 0 : (w & 0xff00) === 0 ? 1 : (w & 0xff0000) === 0 ? 2 : 3;
        if (w >>> (8 * nul) !== 0) throw new WalkError(q, `${op.name}: the literal string's padding after its nul byte is not zero`);
        sink.string(p, q + 1);
        p = q + 1;
        break;
      }
      case CAT_CONTEXT_NUMBER:
      case CAT_SELECTOR_NUMBER: {
        const selector = kind.category === CAT_SELECTOR_NUMBER;
        const code = selector ? types.valueTypeCode(words[start]) : types.typeCode(resultType);
        if (code === 0 || (selector && isFloatType(code))) {
          const what = selector ? `the selector %${words[start]} has no integer type` : `the result type %${resultType} is not an integer or floating-point type (of at most 64 bits)`;
          throw new WalkError(p, `${op.name}: ${what}`);
        }
        const n = typeWords(code);
        if (p + n > end) throw new WalkError(p, `${op.name} ends inside a ${typeWidth(code)}-bit literal`);
        sink.number(p, n, code);
        p += n;
        break;
      }
      case CAT_EXT_INST: {
        // the set is the operand before: OpExtInst's IdRef 'Set'
        const set = p > start ? types.extSet(words[p - 1]) : undefined;
        sink.extInst(p, set);
        if (set === undefined) push(grammar().idsOnly);
        else {
          const inst = set.byNumber.get(words[p]);
          if (inst === undefined) {
            if (set.name.startsWith("NonSemantic.")) push(grammar().idsOnly);
            else {
              sink.rest(p + 1, end);
              return;
            }
          } else push(inst.operands);
        }
        p++;
        break;
      }
      case CAT_SPEC_OP: {
        const inner = grammar().ops[words[p]];
        sink.specOp(p++);
        if (inner === undefined || !inner.hasType || !inner.hasResult) {
          sink.rest(p, end);
          return;
        }
        push(inner.operands);
        break;
      }
      case CAT_COMPOSITE:
        push(kind.bases);
        break;
      case CAT_VALUE_ENUM: {
        const e = kind.byValue.get(words[p]);
        sink.enumerant(p++, kind);
        if (e === undefined) {
          sink.rest(p, end);
          return;
        }
        push(e.params);
        break;
      }
      case CAT_BIT_ENUM: {
        const mask = words[p];
        sink.enumerant(p++, kind);
        if (mask === 0) {
          const none = kind.byValue.get(0);
          if (none !== undefined) push(none.params);
          break;
        }
        // parameters of the lowest bit first: push the highest bit's first
        for (let bit = 31; bit >= 0; bit--) {
          const b = (1 << bit) >>> 0;
          if ((mask & b) === 0) continue;
          const e = kind.byValue.get(b);
          if (e === undefined) {
            sink.rest(p, end);
            return;
          }
          push(e.params);
        }
        break;
      }
      default:
        throw new Error(`walkOperands: category ${kind.category}`);
    }
  }
  if (p < end) {
    const extra = end - p;
    throw new WalkError(p, `${op.name} has ${extra} word${extra === 1 ? "" : "s"} more than its operands`);
  }
}

function hasZeroByte(w: number): boolean {
  return (w & 0xff) === 0 || (w & 0xff00) === 0 || (w & 0xff0000) === 0 || (w & 0xff000000) === 0;
}

/** The literal string in words [from, to): its bytes up to the nul, decoded as UTF-8 (never failing). */
export function stringOf(words: ArrayLike<number>, from: number, to: number): string {
  const bytes: number[] = [];
  let ascii = true;
  out: for (let q = from; q < to; q++) {
    const w = words[q];
    for (let s = 0; s < 32; s += 8) {
      const b = (w >>> s) & 0xff;
      if (b === 0) break out;
      if (b >= 0x80) ascii = false;
      bytes.push(b);
    }
  }
  if (!ascii) return new TextDecoder("utf-8").decode(new Uint8Array(bytes));
  let s = "";
  for (let k = 0; k < bytes.length; k += 4096) s += String.fromCharCode(...bytes.slice(k, k + 4096));
  return s;
}

// ---------------------------------------------------------------------------------------------
// show

/** The instruction in one line of disassembly-like text: `%51 = OpLoad %int %i_0`. */
export function showInstruction(inst: SpvInstruction, types: SpvTypes, idName: (id: number) => string): string {
  const id = (n: number): string => `%${oneLine(idName(n))}`;
  const head = inst.result !== 0 ? `${id(inst.result)} = ` : "";
  const info = grammar().ops[inst.opcode];
  const parts: string[] = [info?.name ?? `Op#${inst.opcode}`];
  if (inst.resultType !== 0) parts.push(id(inst.resultType));
  const words = inst.operands;
  if (info === undefined) {
    for (let k = 0; k < words.length; k++) parts.push(inst.isId[k] ? id(words[k]) : String(words[k]));
    return head + parts.join(" ");
  }
  let bits = "";
  const sink: OperandSink = {
    id: (at) => void parts.push(id(words[at])),
    literal: (at) => void parts.push(String(words[at])),
    string: (at, end) => void parts.push(quote(stringOf(words, at, end))),
    number: (at, count, code) => void parts.push(showNumber(words, at, count, code)),
    enumerant: (at, kind) => void parts.push(showEnumerant(words[at], kind)),
    extInst: (at, set) => void parts.push(set?.byNumber.get(words[at])?.name ?? String(words[at])),
    specOp: (at) => void parts.push(grammar().ops[words[at]]?.name.slice(2) ?? String(words[at])),
    rest: (at, end) => {
      for (let k = at; k < end; k++) parts.push(inst.isId[k] ? id(words[k]) : String(words[k]));
    },
  };
  try {
    walkOperands(words, 0, words.length, info, inst.resultType, types, sink);
  } catch (e) {
    if (!(e instanceof WalkError)) throw e;
    bits = ` ; ${e.message}`;
  }
  return head + parts.join(" ") + bits;
}

function oneLine(s: string): string {
  // eslint-disable-next-line no-control-regex
  return /[\s\u0000-\u001f\u007f]/.test(s) ? s.replace(/[\s\u0000-\u001f\u007f]/g, "_") : s;
}

function quote(s: string): string {
  // as spirv-dis, `"` and `\` escaped; control characters too, to keep one line
  // eslint-disable-next-line no-control-regex
  return `"${s.replace(/["\\]/g, (c) => `\\${c}`).replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`)}"`;
}

export function showEnumerant(value: number, kind: SpvKind): string {
  if (kind.category === CAT_VALUE_ENUM) return kind.byValue.get(value)?.name ?? String(value);
  if (value === 0) return kind.byValue.get(0)?.name ?? "0";
  const names: string[] = [];
  let unknown = 0;
  for (let bit = 0; bit < 32; bit++) {
    const b = (1 << bit) >>> 0;
    if ((value & b) === 0) continue;
    const e = kind.byValue.get(b);
    if (e === undefined) unknown = (unknown | b) >>> 0;
    else names.push(e.name);
  }
  if (unknown !== 0) names.push(`0x${unknown.toString(16)}`);
  return names.join("|");
}

const scratch = new DataView(new ArrayBuffer(8));

/**
 * A numeric literal as spirv-dis writes it: integers in decimal (signed by the type), 32- and
 * 64-bit floats as C's `%.9g` and `%.17g`, 16-bit floats, subnormals, infinities and NaNs as hex floats
 * (`0x1.8p+0`, `0x1p+128`, `-0x1.8p+128`).
 */
export function showNumber(words: ArrayLike<number>, at: number, count: number, code: number): string {
  const width = typeWidth(code);
  if (isFloatType(code)) {
    if (width === 16) return hexFloat(BigInt(words[at] & 0xffff), 10, 5);
    if (width === 32) {
      scratch.setUint32(0, words[at]);
      const v = scratch.getFloat32(0);
      return Number.isFinite(v) && (v === 0 || Math.abs(v) >= 2 ** -126) ? formatG(v, 9) : hexFloat(BigInt(words[at]), 23, 8);
    }
    if (width === 64 && count === 2) {
      scratch.setUint32(0, words[at + 1]);
      scratch.setUint32(4, words[at]);
      const v = scratch.getFloat64(0);
      return Number.isFinite(v) && (v === 0 || Math.abs(v) >= 2 ** -1022) ? formatG(v, 17) : hexFloat((BigInt(words[at + 1]) << 32n) | BigInt(words[at]), 52, 11);
    }
    return `0x${words[at].toString(16)}`;
  }
  if (count === 1) {
    const w = words[at];
    if (!isSignedType(code)) return String(width < 32 ? w % 2 ** width : w);
    const v = width >= 32 ? w | 0 : ((w % 2 ** width) << (32 - width)) >> (32 - width);
    return String(v);
  }
  let v = 0n;
  for (let k = count - 1; k >= 0; k--) v = (v << 32n) | BigInt(words[at + k]);
  return String(isSignedType(code) ? BigInt.asIntN(width, v) : BigInt.asUintN(width, v));
}

/** C's `%.{precision}g` of a finite number. */
function formatG(v: number, precision: number): string {
  if (v === 0) return Object.is(v, -0) ? "-0" : "0";
  const e = v.toExponential(precision - 1);
  const x = Number(e.slice(e.indexOf("e") + 1));
  const strip = (m: string): string => (m.includes(".") ? m.replace(/\.?0+$/, "") : m);
  if (x < -4 || x >= precision) {
    const mantissa = strip(e.slice(0, e.indexOf("e")));
    const abs = Math.abs(x);
    return `${mantissa}e${x < 0 ? "-" : "+"}${abs < 10 ? "0" : ""}${abs}`;
  }
  return strip(v.toFixed(precision - 1 - x));
}

/** The float of `bits` (`mantissa` fraction bits, `exponent` exponent bits) as a hex float, normalized. */
function hexFloat(bits: bigint, mantissa: number, exponent: number): string {
  const m = BigInt(mantissa);
  const sign = (bits >> BigInt(mantissa + exponent)) & 1n ? "-" : "";
  const biased = Number((bits >> m) & ((1n << BigInt(exponent)) - 1n));
  let fraction = bits & ((1n << m) - 1n);
  const bias = 2 ** (exponent - 1) - 1;
  let e: number;
  if (biased === 0) {
    if (fraction === 0n) return `${sign}0x0p+0`;
    // subnormal: normalized, as spirv-dis writes it
    e = 1 - bias;
    while ((fraction & (1n << m)) === 0n) {
      fraction <<= 1n;
      e--;
    }
    fraction &= (1n << m) - 1n;
  } else e = biased === 2 ** exponent - 1 ? bias + 1 : biased - bias;
  const digits = Math.ceil(mantissa / 4);
  let hex = fraction === 0n ? "" : (fraction << BigInt(digits * 4 - mantissa)).toString(16).padStart(digits, "0");
  while (hex.endsWith("0")) hex = hex.slice(0, -1);
  return `${sign}0x1${hex === "" ? "" : `.${hex}`}p${e < 0 ? "-" : "+"}${Math.abs(e)}`;
}

// ---------------------------------------------------------------------------------------------
// The binary reader

const LITTLE_ENDIAN_MACHINE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** The bytes as words in the machine's order (the module's byte order by its magic number). */
function wordsOf(bytes: Uint8Array, name: string): Uint32Array {
  const n = bytes.length >>> 2;
  if (bytes.length < 20) throw new MalformedInput(`${name}: word ${n}: the input ends inside the header (${bytes.length} bytes; the header is 5 words, 20 bytes)`);
  const first = bytes[0] | (bytes[1] << 8) | (bytes[2] << 16) | (bytes[3] << 24);
  const little = first >>> 0 === MAGIC;
  const big = ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0 === MAGIC;
  if (!little && !big) {
    const hex = (first >>> 0).toString(16).padStart(8, "0");
    throw new MalformedInput(`${name}: word 0: not a SPIR-V binary: the first word is 0x${hex}, not the magic number 0x07230203 in either byte order`);
  }
  if (bytes.length % 4 !== 0)
    throw new MalformedInput(`${name}: word ${n}: the input is ${bytes.length} bytes, not a whole number of words (${bytes.length % 4} bytes left over)`);
  if (little === LITTLE_ENDIAN_MACHINE && bytes.byteOffset % 4 === 0) return new Uint32Array(bytes.buffer, bytes.byteOffset, n);
  const words = new Uint32Array(n);
  new Uint8Array(words.buffer).set(bytes.subarray(0, n * 4));
  if (little !== LITTLE_ENDIAN_MACHINE)
    for (let k = 0; k < n; k++) {
      const w = words[k];
      words[k] = ((w & 0xff) << 24) | ((w & 0xff00) << 8) | ((w >>> 8) & 0xff00) | (w >>> 24);
    }
  return words;
}

class BinaryModule implements SpvModule {
  readonly form = "binary";
  constructor(
    readonly name: string,
    readonly version: number,
    readonly bound: number,
    readonly instructions: readonly SpvInstruction[],
    private readonly facts: ModuleFacts,
  ) {}
  private readonly decoded = new Map<number, string>();
  idName(id: number): string {
    const named = this.facts.names.get(id);
    if (named === undefined) return String(id);
    let s = this.decoded.get(id);
    if (s === undefined) {
      s = stringOf(named.operands, 1, named.operands.length);
      if (s === "") s = String(id);
      this.decoded.set(id, s);
    }
    return s;
  }
  place(instruction: SpvInstruction): string {
    return `word ${instruction.at}`;
  }
  show(instruction: SpvInstruction): string {
    return showInstruction(instruction, this.facts, (id) => this.idName(id));
  }
}

function falses(n: number): boolean[] {
  const a: boolean[] = [];
  for (let k = 0; k < n; k++) a.push(false);
  return a;
}
const ALL_FALSE: boolean[][] = Array.from({ length: 16 }, (_, n) => Object.freeze(falses(n)) as boolean[]);

/** Reads a SPIR-V binary (either byte order); `MalformedInput` (`NAME: word OFFSET: ...`) if it is not one. */
export function readBinary(bytes: Uint8Array, name: string): SpvModule {
  const words = wordsOf(bytes, name);
  const n = words.length;
  const version = words[1];
  const bound = words[3];
  const fail = (at: number, what: string): never => {
    throw new MalformedInput(`${name}: word ${at}: ${what}`);
  };
  if (bound === 0) fail(3, "the bound is 0 (it is one more than the largest id)");
  // ids index a dense table when the bound is in proportion to the input, else a Map
  const facts = new ModuleFacts(bound, n + 1024);
  const g = grammar();
  const instructions: SpvInstruction[] = [];

  // the sink marks ids and checks them against the bound; offsets are absolute (into `words`)
  let isId: boolean[] = [];
  let noIds: boolean[] = [];
  let base = 0;
  let current = "";
  const checkId = (id: number, at: number, what: string): void => {
    if (id === 0) fail(at, `${current}: ${what} 0`);
    if (id >= bound) fail(at, `${current}: ${what} %${id} is not below the bound ${bound}`);
  };
  const sink: OperandSink = {
    id(at) {
      checkId(words[at], at, "operand id");
      if (isId === noIds) isId = falses(isId.length);
      isId[at - base] = true;
    },
    literal() {},
    string() {},
    number() {},
    enumerant() {},
    extInst() {},
    specOp() {},
    rest() {},
  };

  for (let p = 5; p < n; ) {
    const first = words[p];
    const count = first >>> 16;
    const opcode = first & 0xffff;
    const info = g.ops[opcode];
    current = info?.name ?? `opcode ${opcode}`;
    if (count === 0) fail(p, `${current}: word count 0`);
    const end = p + count;
    if (end > n) fail(p, `${current}: ${count} words, but the input ends after ${n - p}`);
    let q = p + 1;
    let resultType = 0;
    let result = 0;
    if (info !== undefined) {
      if (info.hasType) {
        if (q >= end) fail(q, `${current} ends before its result type`);
        resultType = words[q];
        checkId(resultType, q, "result type id");
        q++;
      }
      if (info.hasResult) {
        if (q >= end) fail(q, `${current} ends before its result id`);
        result = words[q];
        checkId(result, q, "result id");
        if (facts.defined.get(result) !== 0) fail(q, `${current}: the result id %${result} is defined twice`);
        q++;
      }
    }
    const operands: number[] = [];
    for (let k = q; k < end; k++) operands.push(words[k]);
    // instructions without id operands (types, constants, decorations...) share one frozen
    // all-false array per length; the sink copies it at the first id
    noIds = end - q < ALL_FALSE.length ? ALL_FALSE[end - q] : falses(end - q);
    isId = noIds;
    if (info !== undefined) {
      base = q;
      try {
        walkOperands(words, q, end, info, resultType, facts, sink);
      } catch (e) {
        if (e instanceof WalkError) fail(e.at, e.message);
        throw e;
      }
    }
    const inst: SpvInstruction = { opcode, resultType, result, operands, isId, at: p };
    facts.note(inst);
    instructions.push(inst);
    p = end;
  }
  return new BinaryModule(name, version, bound, instructions, facts);
}
