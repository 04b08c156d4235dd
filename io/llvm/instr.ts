/**
 * One instruction of LLVM IR, from its (joined, comment-free) text to an `LlvmInstr`, opcode by
 * opcode after the LLVM Language Reference: types and values are told apart by their position
 * in the grammar, never by guessing from a name (`%struct.S` and `%0` can be types).
 */
import { ATOMIC, CH, Cursor, VOLATILE } from "./cursor.js";
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

/** Every opcode this parser knows, and the call markers that may stand before `call`. */
export const OPCODES: ReadonlySet<string> = new Set([
  ...Object.keys(OTHER),
  "alloca", "load", "store", "phi", "call", "invoke", "callbr", "tail", "musttail", "notail",
  "ret", "br", "switch", "indirectbr", "resume", "unreachable", "cleanupret", "catchret", "catchswitch",
]);

/** The operands of the instruction being parsed, copied out at its end. */
const SCRATCH: string[] = [];

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

/**
 * Parses the instruction standing in `c` (reset to its text and line). `c.resultNumber` is set
 * to N for a result written `%N`, else -1.
 */
export function parseInstruction(c: Cursor): LlvmInstr {
  const line = c.line;
  let result: string | null = null;
  c.resultNumber = -1;
  if (c.peek() === PERCENT) {
    result = c.localName();
    if (!c.quoted && isDigits(result)) c.resultNumber = Number(result);
    c.expect(61 /* = */, `after the result name`);
  }
  const opStart = c.pos;
  let op = c.word();
  if (op === "tail" || op === "musttail" || op === "notail") op = c.word();
  const operands = SCRATCH;
  operands.length = 0;
  let instr: LlvmInstr;
  switch (op) {
    case "alloca": {
      c.skipFlags();
      const type = c.type();
      let count: LlvmValue | null = null;
      const save = c.pos;
      if (c.eat(COMMA) && c.isTypeStart()) {
        c.skipType();
        count = c.value(operands);
      }
      else c.pos = save;
      instr = { op, result, operands, line, type, count };
      break;
    }
    case "load": {
      const flags = c.skipFlags();
      const type = c.type();
      c.expect(COMMA, "after the loaded type");
      c.skipType();
      const ptr = c.value(operands);
      instr = { op, result, operands, line, type, ptr, volatile: (flags & VOLATILE) !== 0, atomic: (flags & ATOMIC) !== 0 };
      break;
    }
    case "store": {
      const flags = c.skipFlags();
      const type = c.type();
      const value = c.value(operands);
      c.expect(COMMA, "between the stored value and the pointer");
      c.skipType();
      const ptr = c.value(operands);
      instr = {
        op, result, operands, line, type, value, ptr,
        volatile: (flags & VOLATILE) !== 0, atomic: (flags & ATOMIC) !== 0,
      };
      break;
    }
    case "phi": {
      c.skipFlags();
      const type = c.type();
      const incoming: { value: LlvmValue; block: string }[] = [];
      for (;;) {
        c.expect(LBRACK, "before a phi's incoming pair");
        const value = c.value(operands);
        c.expect(COMMA, "in a phi's incoming pair");
        const block = c.localName();
        c.expect(RBRACK, "after a phi's incoming pair");
        incoming.push({ value, block });
        const save = c.pos;
        if (c.eat(COMMA) && c.peek() === LBRACK) continue;
        c.pos = save;
        break;
      }
      instr = { op, result, operands, line, type, incoming: incoming.slice() };
      break;
    }
    case "call":
    case "invoke":
    case "callbr":
      instr = parseCall(c, op, result, operands, line);
      break;
    case "ret": {
      // `ret void`, but `ret void ()* %f` returns a function pointer
      const save = c.pos;
      const d = c.eatWord("void") ? c.peek() : 0;
      if (d !== -1 && d !== COMMA) {
        c.pos = save;
        c.skipTypedValue(operands);
      }
      instr = terminator(op, result, operands, line, []);
      break;
    }
    case "br": {
      let succs: string[];
      if (c.atWord("label")) succs = [c.label()];
      else {
        c.skipTypedValue(operands);
        c.expect(COMMA, "after the branch condition");
        const then = c.label();
        c.expect(COMMA, "between the branch targets");
        succs = [then, c.label()];
      }
      instr = terminator(op, result, operands, line, succs);
      break;
    }
    case "switch": {
      c.skipTypedValue(operands);
      c.expect(COMMA, "after the switch value");
      const succs = [c.label()];
      c.expect(LBRACK, "before the switch cases");
      while (!c.eat(RBRACK)) {
        c.eat(COMMA);
        c.skipTypedValue(operands);
        c.expect(COMMA, "in a switch case");
        succs.push(c.label());
      }
      instr = terminator(op, result, operands, line, succs);
      break;
    }
    case "indirectbr": {
      c.skipTypedValue(operands);
      c.expect(COMMA, "after the indirectbr address");
      instr = terminator(op, result, operands, line, labelList(c));
      break;
    }
    case "resume":
      c.skipTypedValue(operands);
      instr = terminator(op, result, operands, line, []);
      break;
    case "unreachable":
      instr = terminator(op, result, operands, line, []);
      break;
    case "cleanupret": {
      if (!c.eatWord("from")) c.fail(`expected 'from' after cleanupret, found ${c.here()}`);
      c.skipValue(operands);
      if (!c.eatWord("unwind")) c.fail(`expected 'unwind' in cleanupret, found ${c.here()}`);
      instr = terminator(op, result, operands, line, unwindDest(c));
      break;
    }
    case "catchret": {
      if (!c.eatWord("from")) c.fail(`expected 'from' after catchret, found ${c.here()}`);
      c.skipValue(operands);
      if (!c.eatWord("to")) c.fail(`expected 'to' in catchret, found ${c.here()}`);
      instr = terminator(op, result, operands, line, [c.label()]);
      break;
    }
    case "catchswitch": {
      if (!c.eatWord("within")) c.fail(`expected 'within' after catchswitch, found ${c.here()}`);
      c.skipValue(operands);
      const succs = labelList(c);
      if (!c.eatWord("unwind")) c.fail(`expected 'unwind' in catchswitch, found ${c.here()}`);
      succs.push(...unwindDest(c));
      instr = terminator(op, result, operands, line, succs);
      break;
    }
    default: {
      const family = Object.hasOwn(OTHER, op) ? OTHER[op as LlvmOtherOp] : undefined;
      if (family === undefined) {
        c.pos = opStart;
        c.fail(op === "" ? `expected an instruction, found ${c.here()}` : `unknown instruction '${op}'`);
      }
      parseOther(c, family, operands);
      instr = { op: op as LlvmOtherOp, result, operands, line };
    }
  }
  // anything left is alignment, orderings, metadata attachments: never a local value
  const pct = c.s.indexOf("%", c.pos);
  if (pct >= 0 && pct < c.end) c.fail(`unexpected ${c.here()} after the operands of '${op}'`);
  // an exact copy: an array grown by push keeps room for 17 entries, several times what it holds
  instr.operands = operands.length === 0 ? [] : operands.slice();
  return instr;
}

function terminator(op: LlvmTerminatorOp, result: string | null, operands: string[], line: number, succs: string[]): LlvmInstr {
  return { op, result, operands, line, succs: succs.length === 0 ? succs : succs.slice() };
}

function parseOther(c: Cursor, family: Family, operands: string[]): void {
  switch (family) {
    case "binary":
    case "compare":
      c.skipFlags();
      c.skipType();
      c.skipValue(operands);
      c.expect(COMMA, "between the operands");
      c.skipValue(operands);
      return;
    case "unary":
      c.skipFlags();
      c.skipTypedValue(operands);
      return;
    case "cast":
      c.skipFlags();
      c.skipTypedValue(operands);
      if (!c.eatWord("to")) c.fail(`expected 'to' in a cast, found ${c.here()}`);
      c.skipType();
      return;
    case "list":
      c.skipFlags();
      c.typedValueList(operands);
      return;
    case "gep":
      c.skipFlags();
      c.skipType();
      c.expect(COMMA, "after the getelementptr source type");
      c.typedValueList(operands);
      return;
    case "va_arg":
      c.skipTypedValue(operands);
      c.expect(COMMA, "after the va_arg list");
      c.skipType();
      return;
    case "landingpad":
      c.skipType(); // clauses (`cleanup`, `catch T @g`, `filter T C`) name constants only
      c.pos = c.end;
      return;
    case "pad":
      if (!c.eatWord("within")) c.fail(`expected 'within', found ${c.here()}`);
      c.skipValue(operands);
      c.expect(LBRACK, "before the pad's arguments");
      if (!c.eat(RBRACK)) {
        c.typedValueList(operands);
        c.expect(RBRACK, "after the pad's arguments");
      }
      return;
    case "none":
      c.pos = c.end; // fence [syncscope("...")] ordering
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

function parseCall(c: Cursor, op: "call" | "invoke" | "callbr", result: string | null, operands: string[], line: number): LlvmCall {
  c.skipFlags(); // fast-math flags, calling convention, return attributes, addrspace(N)
  const type = c.type();
  const calleeValue = c.value(operands);
  const callee = calleeValue.kind === "global" ? calleeValue.name : null;
  const args: LlvmArg[] = [];
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
        value = c.value(operands);
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
    if (d === LBRACK) operandBundles(c, operands);
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
  return {
    op, result, operands, line, type, callee, calleeValue, args: args.slice(), intrinsic,
    debug, subject, succs: succs.length === 0 ? [] : succs.slice(),
  };
}

const INTRINSICS: LlvmIntrinsic[] = ["lifetime.start", "lifetime.end", "dbg.declare", "dbg.value", "dbg.assign", "dbg.label"];

function intrinsicKind(callee: string): LlvmIntrinsic {
  const rest = callee.slice(5);
  for (const k of INTRINSICS) if (rest === k || (rest.startsWith(k) && rest.charCodeAt(k.length) === 46 /* . */)) return k;
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
  } else if (d === BANG) c.skipMetadata();
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
  return { kind: "metadata", text: c.s.slice(start, c.pos), locals };
}

/** `[ "tag"(T v, ...), ... ]`: the values are real operands. */
function operandBundles(c: Cursor, operands: string[]): void {
  c.expect(LBRACK, "before operand bundles");
  for (;;) {
    if (c.peek() !== QUOTE) c.fail(`expected an operand bundle tag, found ${c.here()}`);
    c.skipString();
    c.expect(LPAREN, "after an operand bundle tag");
    if (!c.eat(RPAREN)) {
      c.typedValueList(operands);
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
