/**
 * One instruction of LLVM IR, from its (joined, comment-free) text to an `LlvmInstr`, opcode by
 * opcode after the LLVM Language Reference: types and values are told apart by their position
 * in the grammar, never by guessing from a name (`%struct.S` and `%0` can be types).
 *
 * `parseInstruction` reads any instruction; `quickParse` (the fast paths, below it) reads the
 * frequent ones faster, or gives up.
 */
import { ATOMIC, CH, Cursor, VOLATILE, blanksEndAt, codesAre, wordEndAt } from "./cursor.js";
import { WordTable } from "./intern.js";
import type {
  LlvmArg,
  LlvmCall,
  LlvmInstr,
  LlvmIntrinsic,
  LlvmOtherOp,
  LlvmTerminatorOp,
  LlvmValue,
} from "./ir.js";

const { COMMA, LPAREN, RPAREN, LBRACK, RBRACK, PERCENT, BANG, QUOTE, HASH } = CH;

type Family = "binary" | "unary" | "compare" | "cast" | "list" | "gep" | "va_arg" | "none" | "landingpad" | "pad";

/** The opcodes without a structure of their own, by the shape of their operand list. */
const OTHER: Record<LlvmOtherOp, Family> = {
  fneg: "unary",
  add: "binary", fadd: "binary", sub: "binary", fsub: "binary", mul: "binary", fmul: "binary",
  udiv: "binary", sdiv: "binary", fdiv: "binary", urem: "binary", srem: "binary", frem: "binary",
  shl: "binary", lshr: "binary", ashr: "binary", and: "binary", or: "binary", xor: "binary",
  extractelement: "list", insertelement: "list", shufflevector: "list", extractvalue: "list", insertvalue: "list",
  fence: "none", cmpxchg: "list", atomicrmw: "list", getelementptr: "gep",
  trunc: "cast", zext: "cast", sext: "cast", fptrunc: "cast", fpext: "cast", fptoui: "cast", fptosi: "cast",
  uitofp: "cast", sitofp: "cast", ptrtoint: "cast", ptrtoaddr: "cast", inttoptr: "cast", bitcast: "cast", addrspacecast: "cast",
  icmp: "compare", fcmp: "compare", select: "list", freeze: "list", va_arg: "va_arg", landingpad: "landingpad",
  catchpad: "pad", cleanuppad: "pad",
};

/** Opcodes with a structure of their own, in the order of their ids below. */
const SPECIAL_OPS = [
  "alloca", "load", "store", "phi", "call", "invoke", "callbr",
  "ret", "br", "switch", "indirectbr", "resume", "unreachable", "cleanupret", "catchret", "catchswitch",
] as const;
const ALLOCA = 0, LOAD = 1, STORE = 2, PHI = 3, CALL = 4, INVOKE = 5, CALLBR = 6;
/** The terminators besides `invoke` and `callbr`: from `RET` to `CATCHSWITCH`. */
const RET = 7, BR = 8, SWITCH = 9, INDIRECTBR = 10, RESUME = 11, UNREACHABLE = 12, CLEANUPRET = 13, CATCHRET = 14, CATCHSWITCH = 15;
/** Markers that may stand before `call`. */
const CALL_MARKERS = ["tail", "musttail", "notail"];
const OTHER_OPS = Object.keys(OTHER) as LlvmOtherOp[];

/**
 * Opcode ids: `SPECIAL_OPS`, then `OTHER_OPS` (from `FIRST_OTHER`), then `CALL_MARKERS` (from
 * `FIRST_MARKER`). The opcode word is looked up in place, never sliced out of the line.
 */
const OP_WORDS = new WordTable([...SPECIAL_OPS, ...OTHER_OPS, ...CALL_MARKERS]);
const FIRST_OTHER = SPECIAL_OPS.length;
const FIRST_MARKER = FIRST_OTHER + OTHER_OPS.length;

/** Every opcode this parser knows, and the call markers that may stand before `call`. */
export const OPCODES: ReadonlySet<string> = new Set(OP_WORDS.words);

/**
 * Where `Cursor.skipValue` and friends put the locals an instruction reads: null is the cursor's
 * own list, which `Cursor.takeLocals` copies out into the instruction's `operands`.
 */
const OPERANDS = null;

/** A phi's incoming pairs and a call's arguments, copied out at the end (`parseInstruction` is never re-entered). */
const INCOMING: { value: LlvmValue; block: string }[] = [];
const ARGS: LlvmArg[] = [];

/** Instructions that never have a result (calls: by their type). */
const VOID_OPS = new Set(["store", "fence", "ret", "br", "switch", "indirectbr", "resume", "unreachable", "cleanupret", "catchret"]);

/** Whether the instruction yields no value, so that an unnamed one takes no number. */
export function isVoid(i: LlvmInstr): boolean {
  if (i.op === "call" || i.op === "invoke" || i.op === "callbr") return returnsVoid(i.type);
  return VOID_OPS.has(i.op);
}

/** `void` and `void (i8*, ...)` return nothing; `void ()*` and `void ()* (i32)` return a pointer. */
function returnsVoid(type: string): boolean {
  if (!type.startsWith("void")) return false;
  let i = 4;
  while (i < type.length && (type.charCodeAt(i) === 32 || type.charCodeAt(i) === 9)) i++;
  if (i === type.length) return true;
  if (type.charCodeAt(i) !== LPAREN) return false;
  let depth = 0;
  for (; i < type.length; i++) {
    const c = type.charCodeAt(i);
    if (c === LPAREN) depth++;
    else if (c === RPAREN && --depth === 0) return i === type.length - 1;
  }
  return false;
}

/** `VOID_OPS` by opcode id (1: void), read per instruction without hashing. */
const VOID_ID = Uint8Array.from(OP_WORDS.words, (w) => (VOID_OPS.has(w) ? 1 : 0));

/**
 * Parses the instruction standing in `c` (reset to its text and line). `c.resultNumber` is set
 * to N for a result written `%N`, else -1; `c.unnamed` and `c.terminator` are set too.
 *
 * Each kind of instruction is read by a function of its own: V8 then optimizes each with the
 * cursor's small methods inlined, which it stops doing in one function of all of them.
 */
export function parseInstruction(c: Cursor): LlvmInstr {
  const line = c.line;
  let result: string | null = null;
  c.resultNumber = -1;
  if (c.peek() === PERCENT) {
    result = c.localName();
    c.resultNumber = c.number; // -1 unless a bare run of digits
    c.expect(61 /* = */, `after the result name`);
  }
  const opStart = c.pos;
  let end = c.wordEnd();
  let id = OP_WORDS.find(c.b, c.pos, end);
  if (id >= FIRST_MARKER) {
    // `tail call`: the opcode is the next word (a second marker is no opcode)
    c.pos = end;
    end = c.wordEnd();
    id = OP_WORDS.find(c.b, c.pos, end);
    if (id >= FIRST_MARKER) id = -1;
  }
  if (id < 0) {
    const op = c.s.slice(c.pos, end);
    c.pos = opStart;
    c.fail(op === "" ? `expected an instruction, found ${c.here()}` : `unknown instruction '${op}'`);
  }
  c.pos = end;
  const op = OP_WORDS.words[id] as LlvmInstr["op"];
  let instr: LlvmInstr;
  switch (id) {
    case ALLOCA:
      instr = parseAlloca(c, result, line);
      break;
    case LOAD:
      instr = parseLoad(c, result, line);
      break;
    case STORE:
      instr = parseStore(c, result, line);
      break;
    case PHI:
      instr = parsePhi(c, result, line);
      break;
    case CALL:
    case INVOKE:
    case CALLBR:
      instr = parseCall(c, op as LlvmCall["op"], result, line);
      break;
    case RET:
    case BR:
    case SWITCH:
      instr = parseBranch(c, id, result, line);
      break;
    case INDIRECTBR:
    case RESUME:
    case UNREACHABLE:
    case CLEANUPRET:
    case CATCHRET:
    case CATCHSWITCH:
      instr = parseRareTerminator(c, id, result, line);
      break;
    default: {
      const other = op as LlvmOtherOp;
      parseOther(c, OTHER[other]);
      instr = { op: other, result, operands: c.takeLocals(), line };
    }
  }
  c.endOfOperands(op);
  c.terminator = (id >= RET && id <= CATCHSWITCH) || id === INVOKE || id === CALLBR;
  c.unnamed = result === null && (id === CALL || id === INVOKE || id === CALLBR ? !returnsVoid((instr as LlvmCall).type) : VOID_ID[id] === 0);
  return instr;
}

// --- fast paths ------------------------------------------------------------------------------

/** The families of the opcodes `quickParse` reads, by opcode id (0: none of them). */
const QUICK_BINARY = 1; // binary and compare: `add nsw i32 %a, %b`, `icmp slt i32 %a, 0`
const QUICK_CAST = 2; // `zext i32 %a to i64`
const QUICK_GEP = 3; // `getelementptr inbounds T, T* %p, i64 0, i64 %i`
const QUICK_FAMILY = new Uint8Array(OP_WORDS.words.length);
for (let id = FIRST_OTHER; id < FIRST_MARKER; id++) {
  const family = OTHER[OP_WORDS.words[id] as LlvmOtherOp];
  QUICK_FAMILY[id] = family === "binary" || family === "compare" ? QUICK_BINARY : family === "cast" ? QUICK_CAST : family === "gep" ? QUICK_GEP : 0;
}

/**
 * `parseInstruction` for the most frequent instructions of a speculative read (see
 * `Cursor.speculative`), or null where the generic way must read the line: the same
 * instruction, and the same `resultNumber`, `unnamed`, `terminator` and `restEnd`, where it
 * does not give up. It gives up on every other opcode and on every rare form (quoted names,
 * strings, flags with brackets, `volatile`, `tail call`, operand bundles, `DIArgList`, a comment
 * where the generic read gives up, ...): see the `quick*` scanners of the cursor, which mirror
 * the generic ones on what they accept. test/llvm/parse_quick.test.ts holds the two to the same
 * results.
 *
 * Why: the generic parser moves the cursor token by token through small methods (each
 * `peek` skipping blanks again) and signals a doubt by throwing; this reads positions in local
 * variables, once, and returns null. A module at -O0 is mostly `load`, `store`,
 * `getelementptr`, `br`, `icmp`, `alloca` and `call`.
 */
export function quickParse(c: Cursor): LlvmInstr | null {
  const b = c.b;
  const end = c.end;
  const line = c.line;
  let p = c.pos;
  let result: string | null = null;
  let resultNumber = -1;
  if (p < end && b[p] === PERCENT) {
    const q = c.bareName(p + 1);
    if (q === p + 1) return null;
    result = c.nameText;
    resultNumber = c.number;
    p = blanksEndAt(b, q, end);
    if (p >= end || b[p] !== 61 /* = */) return null;
    p++;
  }
  p = blanksEndAt(b, p, end);
  const w = wordEndAt(b, p, end);
  const id = opcodeAt(b, p, w);
  let instr: LlvmInstr | null;
  switch (id) {
    case LOAD:
      instr = quickLoad(c, w, result, line);
      break;
    case STORE:
      instr = quickStore(c, w, result, line);
      break;
    case ALLOCA:
      instr = quickAlloca(c, w, result, line);
      break;
    case PHI:
      instr = quickPhi(c, w, result, line);
      break;
    case CALL:
      instr = quickCall(c, w, result, line);
      break;
    case BR:
      instr = quickBr(c, w, result, line);
      break;
    case RET:
      instr = quickRet(c, w, result, line);
      break;
    default:
      if (id < 0 || QUICK_FAMILY[id] === 0) return null;
      instr = quickOther(c, id, w, result, line);
  }
  if (instr === null) return null;
  const rest = c.restEndAt(c.pos);
  if (rest < 0) return null;
  c.restEnd = rest;
  c.resultNumber = resultNumber;
  c.terminator = id === BR || id === RET;
  c.unnamed = result === null && (id === CALL ? !returnsVoid((instr as LlvmCall).type) : VOID_ID[id] === 0);
  return instr;
}

const GETELEMENTPTR = OP_WORDS.words.indexOf("getelementptr");
const ICMP = OP_WORDS.words.indexOf("icmp");
const ZEXT = OP_WORDS.words.indexOf("zext");
const SEXT = OP_WORDS.words.indexOf("sext");

/** `OP_WORDS.find`, the most frequent opcodes first by their length and letters. */
function opcodeAt(b: Uint8Array, p: number, w: number): number {
  const c0 = b[p];
  switch (w - p) {
    case 2:
      if (c0 === 98 /* b */ && b[p + 1] === 114 /* r */) return BR;
      break;
    case 4: {
      const c1 = b[p + 1];
      const c2 = b[p + 2];
      const c3 = b[p + 3];
      if (c0 === 108 && c1 === 111 && c2 === 97 && c3 === 100) return LOAD;
      if (c0 === 99 && c1 === 97 && c2 === 108 && c3 === 108) return CALL;
      if (c0 === 105 && c1 === 99 && c2 === 109 && c3 === 112) return ICMP;
      if (c1 === 101 && c2 === 120 && c3 === 116) {
        if (c0 === 122) return ZEXT;
        if (c0 === 115) return SEXT;
      }
      break;
    }
    case 5:
      if (c0 === 115 && b[p + 1] === 116 && b[p + 2] === 111 && b[p + 3] === 114 && b[p + 4] === 101) return STORE;
      break;
    case 13:
      if (c0 === 103 && b[p + 3] === 101 && b[p + 7] === 101 && codesAre(b, p, "getelementptr")) return GETELEMENTPTR;
      break;
  }
  return OP_WORDS.find(b, p, w);
}

/** `parseLoad` after the opcode (ending at `p`); it leaves `c.pos` where that does. */
function quickLoad(c: Cursor, p: number, result: string | null, line: number): LlvmInstr | null {
  const b = c.b;
  const end = c.end;
  const t = quickFlagsType(c, p);
  if (t < 0) return null;
  const type = c.typeText;
  p = blanksEndAt(b, t, end);
  if (p >= end || b[p] !== COMMA) return null;
  p = c.quickType(blanksEndAt(b, p + 1, end));
  if (p < 0) return null;
  p = c.quickValue(blanksEndAt(b, p, end));
  if (p < 0) return null;
  const ptr = c.quickV;
  c.pos = p;
  return { op: "load", result, operands: c.takeLocals(), line, type, ptr, volatile: false, atomic: false };
}

function quickStore(c: Cursor, p: number, result: string | null, line: number): LlvmInstr | null {
  const b = c.b;
  const end = c.end;
  const t = quickFlagsType(c, p);
  if (t < 0) return null;
  const type = c.typeText;
  p = c.quickValue(blanksEndAt(b, t, end));
  if (p < 0) return null;
  const value = c.quickV;
  p = blanksEndAt(b, p, end);
  if (p >= end || b[p] !== COMMA) return null;
  p = c.quickType(blanksEndAt(b, p + 1, end));
  if (p < 0) return null;
  p = c.quickValue(blanksEndAt(b, p, end));
  if (p < 0) return null;
  const ptr = c.quickV;
  c.pos = p;
  return { op: "store", result, operands: c.takeLocals(), line, type, value, ptr, volatile: false, atomic: false };
}

function quickAlloca(c: Cursor, p: number, result: string | null, line: number): LlvmInstr | null {
  const b = c.b;
  const end = c.end;
  const t = quickFlagsType(c, p);
  if (t < 0) return null;
  const type = c.typeText;
  let count: LlvmValue | null = null;
  p = t;
  const q = blanksEndAt(b, t, end);
  if (q < end && b[q] === COMMA) {
    const r = blanksEndAt(b, q + 1, end);
    if (c.quickIsTypeStart(r)) {
      p = c.quickType(r);
      if (p < 0) return null;
      p = c.quickValue(blanksEndAt(b, p, end));
      if (p < 0) return null;
      count = c.quickV;
    }
  }
  c.pos = p;
  return { op: "alloca", result, operands: c.takeLocals(), line, type, count };
}

function quickPhi(c: Cursor, p: number, result: string | null, line: number): LlvmInstr | null {
  const b = c.b;
  const end = c.end;
  const t = quickFlagsType(c, p);
  if (t < 0) return null;
  const type = c.typeText;
  const incoming = INCOMING;
  incoming.length = 0;
  p = blanksEndAt(b, t, end);
  for (;;) {
    // p at `[`
    if (p >= end || b[p] !== LBRACK) return null;
    p = c.quickValue(blanksEndAt(b, p + 1, end));
    if (p < 0) return null;
    const value = c.quickV;
    p = blanksEndAt(b, p, end);
    if (p >= end || b[p] !== COMMA) return null;
    p = quickLocal(c, blanksEndAt(b, p + 1, end));
    if (p < 0) return null;
    const block = c.nameText;
    p = blanksEndAt(b, p, end);
    if (p >= end || b[p] !== RBRACK) return null;
    p++;
    incoming.push({ value, block });
    const q = blanksEndAt(b, p, end);
    if (q < end && b[q] === COMMA) {
      const r = blanksEndAt(b, q + 1, end);
      if (r < end && b[r] === LBRACK) {
        p = r;
        continue;
      }
    }
    break;
  }
  c.pos = p;
  return { op: "phi", result, operands: c.takeLocals(), line, type, incoming: incoming.slice() };
}

/**
 * `skipFlags` then `skipType` from `p`: the end of the type, its text in `c.typeText`; or -1.
 * The type is tried first: where one stands, `skipFlags` reads no flag.
 */
function quickFlagsType(c: Cursor, p: number): number {
  p = blanksEndAt(c.b, p, c.end);
  const t = c.quickTypeText(p);
  if (t >= 0) return t;
  p = c.quickFlags(p);
  return p < 0 ? -1 : c.quickTypeText(p);
}

/** `quickFlagsType` without the type's text. */
function quickFlagsSkipType(c: Cursor, p: number): number {
  p = blanksEndAt(c.b, p, c.end);
  const t = c.quickType(p);
  if (t >= 0) return t;
  p = c.quickFlags(p);
  return p < 0 ? -1 : c.quickType(p);
}

/** `localName` at `p` (after blanks), unquoted: its end, the name in `c.nameText`; or -1. */
function quickLocal(c: Cursor, p: number): number {
  if (p >= c.end || c.b[p] !== PERCENT) return -1;
  const q = c.bareName(p + 1);
  return q === p + 1 ? -1 : q;
}

/** Whether the five codes at `p` are `label` (asked of every `br`, so without a call). */
function isLabelWord(b: Uint8Array, p: number): boolean {
  return b[p] === 108 && b[p + 1] === 97 && b[p + 2] === 98 && b[p + 3] === 101 && b[p + 4] === 108;
}

/** `label` at `p` (after blanks): `label %x`, its end, `x` in `c.nameText`; or -1. */
function quickLabel(c: Cursor, p: number): number {
  const b = c.b;
  const end = c.end;
  const w = wordEndAt(b, p, end);
  if (w - p !== 5 || !isLabelWord(b, p)) return -1;
  return quickLocal(c, blanksEndAt(b, w, end));
}

function quickBr(c: Cursor, p: number, result: string | null, line: number): LlvmInstr | null {
  const b = c.b;
  const end = c.end;
  p = blanksEndAt(b, p, end);
  const w = wordEndAt(b, p, end);
  if (w - p === 5 && isLabelWord(b, p)) {
    p = quickLocal(c, blanksEndAt(b, w, end));
    if (p < 0) return null;
    const to = c.nameText;
    c.pos = p;
    return { op: "br", result, operands: c.takeLocals(), line, succs: [to] };
  }
  p = c.quickType(p);
  if (p < 0) return null;
  p = c.quickValue(blanksEndAt(b, p, end));
  if (p < 0) return null;
  p = blanksEndAt(b, p, end);
  if (p >= end || b[p] !== COMMA) return null;
  p = quickLabel(c, blanksEndAt(b, p + 1, end));
  if (p < 0) return null;
  const then = c.nameText;
  p = blanksEndAt(b, p, end);
  if (p >= end || b[p] !== COMMA) return null;
  p = quickLabel(c, blanksEndAt(b, p + 1, end));
  if (p < 0) return null;
  c.pos = p;
  return { op: "br", result, operands: c.takeLocals(), line, succs: [then, c.nameText] };
}

function quickRet(c: Cursor, p: number, result: string | null, line: number): LlvmInstr | null {
  const b = c.b;
  const end = c.end;
  p = blanksEndAt(b, p, end);
  const w = wordEndAt(b, p, end);
  if (w - p === 4 && b[p] === 118 && b[p + 1] === 111 && b[p + 2] === 105 && b[p + 3] === 100 /* void */) {
    // `ret void`, but `ret void ()* %f` returns a function pointer (as `parseBranch`)
    const d = blanksEndAt(b, w, end);
    if (d >= end || b[d] === COMMA) {
      c.pos = d;
      return { op: "ret", result, operands: c.takeLocals(), line, succs: [] };
    }
  }
  p = c.quickType(p);
  if (p < 0) return null;
  p = c.quickValue(blanksEndAt(b, p, end));
  if (p < 0) return null;
  c.pos = p;
  return { op: "ret", result, operands: c.takeLocals(), line, succs: [] };
}

/** `parseOther` for the binary, compare, cast and getelementptr families. */
function quickOther(c: Cursor, id: number, p: number, result: string | null, line: number): LlvmInstr | null {
  const b = c.b;
  const end = c.end;
  const family = QUICK_FAMILY[id];
  p = quickFlagsSkipType(c, p);
  if (p < 0) return null;
  if (family === QUICK_GEP) {
    p = blanksEndAt(b, p, end);
    if (p >= end || b[p] !== COMMA) return null;
    // `typedValueList`: it stops before a comma not followed by a type, or after the blanks
    // before anything else
    p = blanksEndAt(b, p + 1, end);
    for (;;) {
      p = c.quickType(p);
      if (p < 0) return null;
      p = c.quickValue(blanksEndAt(b, p, end));
      if (p < 0) return null;
      const q = blanksEndAt(b, p, end);
      if (q >= end || b[q] !== COMMA) {
        p = q;
        break;
      }
      const r = blanksEndAt(b, q + 1, end);
      if (!c.quickIsTypeStart(r)) break;
      p = r;
    }
  } else {
    p = c.quickValue(blanksEndAt(b, p, end));
    if (p < 0) return null;
    if (family === QUICK_BINARY) {
      p = blanksEndAt(b, p, end);
      if (p >= end || b[p] !== COMMA) return null;
      p = c.quickValue(blanksEndAt(b, p + 1, end));
    } else {
      const q = blanksEndAt(b, p, end);
      if (wordEndAt(b, q, end) !== q + 2 || b[q] !== 116 || b[q + 1] !== 111 /* to */) return null;
      p = c.quickType(blanksEndAt(b, q + 2, end));
    }
    if (p < 0) return null;
  }
  c.pos = p;
  return { op: OP_WORDS.words[id] as LlvmOtherOp, result, operands: c.takeLocals(), line };
}

/** `parseCall` for `call` (no marker) with plain arguments and function attributes. */
function quickCall(c: Cursor, p: number, result: string | null, line: number): LlvmInstr | null {
  const b = c.b;
  const end = c.end;
  const t = quickFlagsType(c, p);
  if (t < 0) return null;
  const type = c.typeText;
  p = c.quickValue(blanksEndAt(b, t, end));
  if (p < 0) return null;
  const calleeValue = c.quickV;
  p = blanksEndAt(b, p, end);
  if (p >= end || b[p] !== LPAREN) return null;
  const args = ARGS;
  args.length = 0;
  p = blanksEndAt(b, p + 1, end);
  if (p < end && b[p] === RPAREN) p++;
  else
    for (;;) {
      // p at the argument's type (`...` is no type: it gives up there)
      const at = c.quickTypeText(p);
      if (at < 0) return null;
      const argType = c.typeText;
      if (argType === "metadata") p = quickMetadataArg(c, blanksEndAt(b, at, end));
      else {
        p = c.quickParamAttrs(at);
        if (p < 0) return null;
        p = c.quickValue(p);
      }
      if (p < 0) return null;
      args.push({ type: argType, value: c.quickV });
      p = blanksEndAt(b, p, end);
      if (p < end && b[p] === COMMA) {
        p = blanksEndAt(b, p + 1, end);
        continue;
      }
      if (p >= end || b[p] !== RPAREN) return null;
      p++;
      break;
    }
  // function attributes (`#0`, `nounwind`, `memory(none)`), up to the end or the metadata
  // attachments; operand bundles, string attributes and anything else give up
  for (;;) {
    const q = blanksEndAt(b, p, end);
    if (q >= end || b[q] === COMMA) {
      p = q;
      break;
    }
    if (b[q] === HASH) {
      p = wordEndAt(b, blanksEndAt(b, q + 1, end), end);
      continue;
    }
    const w = wordEndAt(b, q, end);
    if (w === q || (w === q + 2 && b[q] === 116 && b[q + 1] === 111) /* to */) return null;
    p = w;
    const r = blanksEndAt(b, w, end);
    if (r < end && b[r] === LPAREN) {
      p = c.quickGroup(r);
      if (p < 0) return null;
    }
  }
  c.pos = p;
  return callInstr(c, "call", result, line, type, calleeValue, args, []);
}

/**
 * `metadataArg` at `p` (after blanks): its end, the argument in `c.quickV`; or -1. Reads `!12`,
 * `!DIExpression(...)`, `!{...}` and `T v` (a local's name into the argument, not the
 * operands); gives up on `DIArgList` and strings.
 */
function quickMetadataArg(c: Cursor, p: number): number {
  const b = c.b;
  const end = c.end;
  if (p >= end) return -1;
  const locals: string[] = [];
  let q: number;
  if (b[p] === BANG) {
    // `skipMetadata`
    q = p + 1;
    const d = q < end ? b[q] : -1;
    if (d === 123 /* { */) q = c.quickGroup(q);
    else {
      const w = wordEndAt(b, q, end);
      if (w === q || (w - q === 9 && codesAre(b, q, "DIArgList"))) return -1; // (blanks, strings: the generic way)
      q = w < end && b[w] === LPAREN ? c.quickGroup(w) : w;
    }
  } else if (b[p] === 68 /* D */) return -1; // `DIArgList(...)`, or no type
  else {
    // `skipTypedValue` into the argument's own locals
    q = c.quickType(p);
    if (q < 0) return -1;
    q = blanksEndAt(b, q, end);
    if (q < end && b[q] === PERCENT) {
      const e = c.bareName(q + 1);
      if (e === q + 1) return -1;
      locals.push(c.nameText);
      q = e;
    } else q = c.quickValue(q); // no local: nothing goes to the operands
  }
  if (q < 0) return -1;
  c.quickV = { kind: "metadata", text: c.text(p, q), locals };
  return q;
}

function parseAlloca(c: Cursor, result: string | null, line: number): LlvmInstr {
  c.skipFlags();
  const type = c.type();
  let count: LlvmValue | null = null;
  const save = c.pos;
  if (c.eat(COMMA) && c.isTypeStart()) {
    c.skipType();
    count = c.value(OPERANDS);
  } else c.pos = save;
  return { op: "alloca", result, operands: c.takeLocals(), line, type, count };
}

function parseLoad(c: Cursor, result: string | null, line: number): LlvmInstr {
  const flags = c.skipFlags();
  const type = c.type();
  c.expect(COMMA, "after the loaded type");
  c.skipType();
  const ptr = c.value(OPERANDS);
  return {
    op: "load", result, operands: c.takeLocals(), line, type, ptr,
    volatile: (flags & VOLATILE) !== 0, atomic: (flags & ATOMIC) !== 0,
  };
}

function parseStore(c: Cursor, result: string | null, line: number): LlvmInstr {
  const flags = c.skipFlags();
  const type = c.type();
  const value = c.value(OPERANDS);
  c.expect(COMMA, "between the stored value and the pointer");
  c.skipType();
  const ptr = c.value(OPERANDS);
  return {
    op: "store", result, operands: c.takeLocals(), line, type, value, ptr,
    volatile: (flags & VOLATILE) !== 0, atomic: (flags & ATOMIC) !== 0,
  };
}

function parsePhi(c: Cursor, result: string | null, line: number): LlvmInstr {
  c.skipFlags();
  const type = c.type();
  const incoming = INCOMING;
  incoming.length = 0;
  for (;;) {
    c.expect(LBRACK, "before a phi's incoming pair");
    const value = c.value(OPERANDS);
    c.expect(COMMA, "in a phi's incoming pair");
    const block = c.localName();
    c.expect(RBRACK, "after a phi's incoming pair");
    incoming.push({ value, block });
    const save = c.pos;
    if (c.eat(COMMA) && c.peek() === LBRACK) continue;
    c.pos = save;
    break;
  }
  return { op: "phi", result, operands: c.takeLocals(), line, type, incoming: incoming.slice() };
}

/** `ret`, `br`, `switch`. */
function parseBranch(c: Cursor, id: number, result: string | null, line: number): LlvmInstr {
  if (id === RET) {
    // `ret void`, but `ret void ()* %f` returns a function pointer
    const save = c.pos;
    const d = c.eatWord("void") ? c.peek() : 0;
    if (d !== -1 && d !== COMMA) {
      c.pos = save;
      c.skipTypedValue(OPERANDS);
    }
    return terminator(c, "ret", result, line, []);
  }
  if (id === BR) {
    if (c.atWord("label")) return terminator(c, "br", result, line, [c.label()]);
    c.skipTypedValue(OPERANDS);
    c.expect(COMMA, "after the branch condition");
    const then = c.label();
    c.expect(COMMA, "between the branch targets");
    return terminator(c, "br", result, line, [then, c.label()]);
  }
  c.skipTypedValue(OPERANDS);
  c.expect(COMMA, "after the switch value");
  const succs = [c.label()];
  c.expect(LBRACK, "before the switch cases");
  while (!c.eat(RBRACK)) {
    c.eat(COMMA);
    c.skipTypedValue(OPERANDS);
    c.expect(COMMA, "in a switch case");
    succs.push(c.label());
  }
  return terminator(c, "switch", result, line, succs.slice());
}

function parseRareTerminator(c: Cursor, id: number, result: string | null, line: number): LlvmInstr {
  switch (id) {
    case INDIRECTBR:
      c.skipTypedValue(OPERANDS);
      c.expect(COMMA, "after the indirectbr address");
      return terminator(c, "indirectbr", result, line, labelList(c).slice());
    case RESUME:
      c.skipTypedValue(OPERANDS);
      return terminator(c, "resume", result, line, []);
    case UNREACHABLE:
      return terminator(c, "unreachable", result, line, []);
    case CLEANUPRET: {
      if (!c.eatWord("from")) c.fail(`expected 'from' after cleanupret, found ${c.here()}`);
      c.skipValue(OPERANDS);
      if (!c.eatWord("unwind")) c.fail(`expected 'unwind' in cleanupret, found ${c.here()}`);
      return terminator(c, "cleanupret", result, line, unwindDest(c));
    }
    case CATCHRET: {
      if (!c.eatWord("from")) c.fail(`expected 'from' after catchret, found ${c.here()}`);
      c.skipValue(OPERANDS);
      if (!c.eatWord("to")) c.fail(`expected 'to' in catchret, found ${c.here()}`);
      return terminator(c, "catchret", result, line, [c.label()]);
    }
    default: {
      // catchswitch
      if (!c.eatWord("within")) c.fail(`expected 'within' after catchswitch, found ${c.here()}`);
      c.skipValue(OPERANDS);
      const succs = labelList(c);
      if (!c.eatWord("unwind")) c.fail(`expected 'unwind' in catchswitch, found ${c.here()}`);
      succs.push(...unwindDest(c));
      return terminator(c, "catchswitch", result, line, succs.slice());
    }
  }
}

/**
 * `succs` is the terminator's own array, of its exact size (block.succs will share it); every
 * operand has been read.
 */
function terminator(c: Cursor, op: LlvmTerminatorOp, result: string | null, line: number, succs: string[]): LlvmInstr {
  return { op, result, operands: c.takeLocals(), line, succs };
}

function parseOther(c: Cursor, family: Family): void {
  switch (family) {
    case "binary":
    case "compare":
      c.skipFlags();
      c.skipType();
      c.skipValue(OPERANDS);
      c.expect(COMMA, "between the operands");
      c.skipValue(OPERANDS);
      return;
    case "unary":
      c.skipFlags();
      c.skipTypedValue(OPERANDS);
      return;
    case "cast":
      c.skipFlags();
      c.skipTypedValue(OPERANDS);
      if (!c.eatWord("to")) c.fail(`expected 'to' in a cast, found ${c.here()}`);
      c.skipType();
      return;
    case "list":
      c.skipFlags();
      c.typedValueList(OPERANDS);
      return;
    case "gep":
      c.skipFlags();
      c.skipType();
      c.expect(COMMA, "after the getelementptr source type");
      c.typedValueList(OPERANDS);
      return;
    case "va_arg":
      c.skipTypedValue(OPERANDS);
      c.expect(COMMA, "after the va_arg list");
      c.skipType();
      return;
    case "landingpad":
      c.skipType(); // clauses (`cleanup`, `catch T @g`, `filter T C`) name constants only
      c.skipRest();
      return;
    case "pad":
      if (!c.eatWord("within")) c.fail(`expected 'within', found ${c.here()}`);
      c.skipValue(OPERANDS);
      c.expect(LBRACK, "before the pad's arguments");
      if (!c.eat(RBRACK)) {
        c.typedValueList(OPERANDS);
        c.expect(RBRACK, "after the pad's arguments");
      }
      return;
    case "none":
      c.skipRest(); // fence [syncscope("...")] ordering
      return;
  }
}

/** `[label %a, label %b]` */
function labelList(c: Cursor): string[] {
  const out: string[] = [];
  c.expect(LBRACK, "before the label list");
  if (c.eat(RBRACK)) return out;
  for (;;) {
    out.push(c.label());
    if (c.eat(COMMA)) continue;
    c.expect(RBRACK, "after the label list");
    return out;
  }
}

/** After `unwind`: `to caller` -> [], `label %u` -> [u]. */
function unwindDest(c: Cursor): string[] {
  if (c.eatWord("to")) {
    if (!c.eatWord("caller")) c.fail(`expected 'to caller', found ${c.here()}`);
    return [];
  }
  return [c.label()];
}

function parseCall(c: Cursor, op: "call" | "invoke" | "callbr", result: string | null, line: number): LlvmCall {
  c.skipFlags(); // fast-math flags, calling convention, return attributes, addrspace(N)
  const type = c.type();
  const calleeValue = c.value(OPERANDS);
  const args = ARGS;
  args.length = 0;
  c.expect(LPAREN, "before the call's arguments");
  if (!c.eat(RPAREN))
    for (;;) {
      if (c.eatWord("...")) {
        c.expect(RPAREN, "after '...'");
        break;
      }
      const argType = c.type();
      let value: LlvmValue;
      if (argType === "metadata") value = metadataArg(c);
      else {
        c.skipParamAttrs();
        value = c.value(OPERANDS);
      }
      args.push({ type: argType, value });
      if (c.eat(COMMA)) continue;
      c.expect(RPAREN, "after the call's arguments");
      break;
    }
  // function attributes and operand bundles, up to `to` or the metadata attachments
  for (;;) {
    const d = c.peek();
    if (d === -1 || d === COMMA) break;
    if (d === LBRACK) operandBundles(c);
    else if (d === HASH) {
      c.pos++;
      c.skipWord();
    } else if (d === QUOTE) {
      c.skipString();
      if (c.eat(61 /* = */) && c.peek() === QUOTE) c.skipString();
    } else {
      if (c.atWord("to")) break;
      if (!c.skipWord()) c.fail(`unexpected ${c.here()} after the call's arguments`);
      if (c.peek() === LPAREN) c.skipGroup();
    }
  }
  const succs: string[] = [];
  if (op !== "call") {
    if (!c.eatWord("to")) c.fail(`expected 'to label ...' in ${op}, found ${c.here()}`);
    succs.push(c.label());
    if (op === "invoke") {
      if (!c.eatWord("unwind")) c.fail(`expected 'unwind label ...' in invoke, found ${c.here()}`);
      succs.push(c.label());
    } else succs.push(...labelList(c));
  }
  return callInstr(c, op, result, line, type, calleeValue, args, succs.length === 0 ? [] : succs.slice());
}

/** The call with everything read: `args` are `ARGS` (copied here), `succs` its own array. */
function callInstr(
  c: Cursor, op: LlvmCall["op"], result: string | null, line: number, type: string, calleeValue: LlvmValue, args: LlvmArg[], succs: string[],
): LlvmCall {
  const callee = calleeValue.kind === "global" ? calleeValue.name : null;
  let intrinsic: LlvmIntrinsic | null = null;
  let subject: string | null = null;
  const debug = callee !== null && callee.startsWith("llvm.dbg.");
  if (callee !== null && callee.startsWith("llvm.")) {
    intrinsic = intrinsicKind(callee);
    if (intrinsic === "lifetime.start" || intrinsic === "lifetime.end") {
      const last = args.length > 0 ? args[args.length - 1].value : null;
      if (last?.kind === "local") subject = last.name;
    } else if (debug && args.length > 0) {
      const first = args[0].value;
      if (first.kind === "metadata" && first.locals.length === 1 && first.text.charCodeAt(0) !== BANG && !first.text.startsWith("DIArgList"))
        subject = first.locals[0];
    }
  }
  return { op, result, operands: c.takeLocals(), line, type, callee, calleeValue, args: args.slice(), intrinsic, debug, subject, succs };
}

const INTRINSICS: LlvmIntrinsic[] = ["lifetime.start", "lifetime.end", "dbg.declare", "dbg.value", "dbg.assign", "dbg.label"];

/** The kind of the `llvm.*` callee: `llvm.dbg.value` and `llvm.dbg.value.x` are `dbg.value`. */
function intrinsicKind(callee: string): LlvmIntrinsic {
  for (const k of INTRINSICS)
    if (callee.startsWith(k, 5) && (callee.length === 5 + k.length || callee.charCodeAt(5 + k.length) === 46 /* . */)) return k;
  return "other";
}

/** A `metadata` argument: `!12`, `!DIExpression()`, `i32 %x`, `!DIArgList(i32 %a, i32 %b)`. */
function metadataArg(c: Cursor): LlvmValue {
  c.ws();
  const start = c.pos;
  const locals: string[] = [];
  const d = c.peek();
  let argList = false;
  if (d === BANG && c.s.startsWith("!DIArgList(", c.pos)) {
    c.pos += 10;
    argList = true;
  } else if (d === BANG) c.skipValue(locals); // as a value, so that text.ts sees a hole (the node number may change)
  else if (c.s.startsWith("DIArgList(", c.pos)) {
    c.pos += 9;
    argList = true;
  } else c.skipTypedValue(locals);
  if (argList) {
    c.expect(LPAREN, "after DIArgList");
    if (!c.eat(RPAREN)) {
      c.typedValueList(locals);
      c.expect(RPAREN, "after the DIArgList");
    }
  }
  return { kind: "metadata", text: c.text(start, c.pos), locals };
}

/** `[ "tag"(T v, ...), ... ]`: the values are real operands. */
function operandBundles(c: Cursor): void {
  c.expect(LBRACK, "before operand bundles");
  for (;;) {
    if (c.peek() !== QUOTE) c.fail(`expected an operand bundle tag, found ${c.here()}`);
    c.skipString();
    c.expect(LPAREN, "after an operand bundle tag");
    if (!c.eat(RPAREN)) {
      c.typedValueList(OPERANDS);
      c.expect(RPAREN, "after an operand bundle");
    }
    if (c.eat(COMMA)) continue;
    c.expect(RBRACK, "after the operand bundles");
    return;
  }
}

export function isDigits(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
