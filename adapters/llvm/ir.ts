/**
 * Textual LLVM IR (as clang/opt 14 and later print it) reduced to what SSA construction and
 * validation need: functions, blocks in source order, each block's successors from its
 * terminator, and per instruction its opcode, result and the LOCAL values it reads.
 * The strict reader builds it as it checks each instruction (verify.ts, driven by read.ts): the
 * file is read once. Mapping it to CFGs is the consumer's job.
 *
 * Names. Every name is stored without its sigil (`%`, `@`) and unquoted: `%x` -> `x`,
 * `%"a b"` -> `a b` (with LLVM's `\XX` escapes decoded), `%12` -> `12`. Numbered values and
 * blocks are therefore their decimal digits. A quoted all-digit name such as `%"5"` is a named
 * value distinct from `%5` in LLVM but reads as the same string here; printers never emit both
 * in one function.
 *
 * Unnamed values get numbers as LLVM's parser gives them: within a function one counter runs over
 * the unnamed parameters, then the blocks and the non-void instruction results in source order;
 * an explicit `%N` or label `N:` sets it to N + 1. So a function whose first block has no label
 * has the entry block numbered with the next free number after the parameters
 * (`define i32 @f(i32 %0) {` -> entry block `1`), and a block that starts right after a
 * terminator without a label gets the next number too.
 *
 * Predecessors. LLVM text has no predecessor lists (the `; preds = ...` comments are ignored:
 * they are in use-list order and may be stale). The order used by this project is the one
 * `predecessors` below computes: walk the blocks in source order and, within each block, its
 * `succs` in order; every occurrence of block B in a `succs` list appends that block to B's
 * predecessors. A block that names B twice (a `switch` with two cases to B, a conditional
 * branch with both arms to B) appears twice, once per edge. LLVM's own order of phi incoming
 * pairs is independent of this: a consumer matches each phi's incoming blocks to these edges.
 */

/** A whole module: its function definitions in source order (`declare`s are not kept). */
export interface LlvmModule {
  functions: LlvmFunction[];
}

export interface LlvmFunction {
  /** Without `@`: `main`, `"a b"` -> `a b`, `@0` -> `0`. */
  name: string;
  /** Parameter names in order; an unnamed parameter gets its number (see above). */
  params: string[];
  /** In source order; `blocks[0]` is the entry. */
  blocks: LlvmBlock[];
  /** Line of the `define`. */
  line: number;
  /** The attribute groups its header names (`#0` -> 0), resolved against the module's `attributes #0 = {...}`. */
  attributeGroups: number[];
  /** Whether the header itself says `optnone` (the groups may say it too). */
  optnone: boolean;
}

export interface LlvmBlock {
  /** `for.cond`, `a b` (from `"a b":`), `5` (from `5:` or an implicit number). */
  label: string;
  /** Every instruction in order, the terminator last; debug intrinsic calls included (flagged). */
  instrs: LlvmInstr[];
  /** Successor labels from the terminator, in its textual order, duplicates kept (the terminator's own `succs` array). */
  succs: string[];
  /** Line of the label, or of the first instruction for a block without one. */
  line: number;
}

/** An operand as written. Locals are also listed, in textual order, in the instruction's `operands`. */
export type LlvmValue =
  | { kind: "local"; name: string }
  | { kind: "global"; name: string }
  /** A literal, aggregate, constant expression or inline asm, as written. */
  | { kind: "const"; text: string }
  /**
   * A `metadata` argument as written (`!12`, `!DIExpression()`, `i32 %x`, `!DIArgList(...)`),
   * with the locals it wraps. Those are no data-flow uses (LLVM keeps them as metadata, not as
   * operands) and are NOT in the instruction's `operands`.
   */
  | { kind: "metadata"; text: string; locals: string[] };

/** What every instruction has. */
export interface LlvmInstrBase {
  /** The result without `%`, or null for an instruction without one (void). */
  result: string | null;
  /**
   * The local values the instruction reads, in textual order, one entry per occurrence: what
   * matters for data flow. Excludes block labels (branch targets, phi incoming blocks),
   * named types (`%struct.S`), locals wrapped in metadata (debug intrinsics) and anything inside
   * constants (`blockaddress(@f, %bb)`).
   */
  operands: string[];
  /** 1-based source line of the instruction (its first line when it spans several). */
  line: number;
}

export interface LlvmAlloca extends LlvmInstrBase {
  op: "alloca";
  /** The allocated type as written (`i32`, `%struct.S`, `[4 x i8]`). */
  type: string;
  /** The element count operand (`alloca i32, i32 %n`), or null. */
  count: LlvmValue | null;
}

export interface LlvmLoad extends LlvmInstrBase {
  op: "load";
  /** The loaded type. */
  type: string;
  ptr: LlvmValue;
  volatile: boolean;
  atomic: boolean;
}

export interface LlvmStore extends LlvmInstrBase {
  op: "store";
  /** The stored value's type. */
  type: string;
  value: LlvmValue;
  ptr: LlvmValue;
  volatile: boolean;
  atomic: boolean;
}

export interface LlvmPhi extends LlvmInstrBase {
  op: "phi";
  type: string;
  /** In textual order, as LLVM keeps them (independent of the predecessor order above). */
  incoming: { value: LlvmValue; block: string }[];
}

/** A call argument: `i32 noundef %x` -> type `i32`, value `%x` (attributes dropped). */
export interface LlvmArg {
  /** `metadata` for metadata arguments. */
  type: string;
  value: LlvmValue;
}

/** The intrinsics SSA construction cares about; any other `llvm.*` callee is `other`. */
export type LlvmIntrinsic =
  | "lifetime.start"
  | "lifetime.end"
  | "dbg.declare"
  | "dbg.value"
  | "dbg.assign"
  | "dbg.label"
  | "other";

export interface LlvmCall extends LlvmInstrBase {
  op: "call" | "invoke" | "callbr";
  /** The return type, or the function type where the call spells it (`i32 (i8*, ...)`). */
  type: string;
  /** The callee's global name for a direct call (`@f` -> `f`), else null (a local, inline asm, a cast). */
  callee: string | null;
  calleeValue: LlvmValue;
  /** Arguments in order (operand bundles are not arguments; their locals are in `operands`). */
  args: LlvmArg[];
  /** For an `llvm.*` callee its kind (`llvm.lifetime.start.p0i8` -> `lifetime.start`), else null. */
  intrinsic: LlvmIntrinsic | null;
  /** A debug intrinsic (`llvm.dbg.*`): no data flow, kept so that positions stay as written. */
  debug: boolean;
  /**
   * The local the intrinsic is about: for `lifetime.*` the pointer argument, for `dbg.*` the local
   * wrapped by the first argument (`metadata ptr %x.addr` -> `x.addr`); null when that is not a
   * local (a constant, `!DIArgList(...)`, a non-intrinsic call).
   */
  subject: string | null;
  /** `invoke`: [normal, unwind]; `callbr`: [default, indirect...]; `call`: []. */
  succs: string[];
}

export type LlvmTerminatorOp =
  | "ret"
  | "br"
  | "switch"
  | "indirectbr"
  | "resume"
  | "unreachable"
  | "cleanupret"
  | "catchret"
  | "catchswitch";

export interface LlvmTerminator extends LlvmInstrBase {
  op: LlvmTerminatorOp;
  /**
   * Successors in textual order, duplicates kept: `br` [then, else]; `switch` [default, case
   * targets in order]; `indirectbr` the listed labels; `catchswitch` [handlers..., unwind?];
   * `catchret` [to]; `cleanupret` [unwind] or []; `ret`, `resume`, `unreachable` [].
   */
  succs: string[];
}

/** Every other LLVM instruction: only the opcode and the locals it reads. */
export type LlvmOtherOp =
  | "fneg"
  | "add" | "fadd" | "sub" | "fsub" | "mul" | "fmul" | "udiv" | "sdiv" | "fdiv" | "urem" | "srem" | "frem"
  | "shl" | "lshr" | "ashr" | "and" | "or" | "xor"
  | "extractelement" | "insertelement" | "shufflevector" | "extractvalue" | "insertvalue"
  | "fence" | "cmpxchg" | "atomicrmw" | "getelementptr"
  | "trunc" | "zext" | "sext" | "fptrunc" | "fpext" | "fptoui" | "fptosi" | "uitofp" | "sitofp"
  | "ptrtoint" | "ptrtoaddr" | "inttoptr" | "bitcast" | "addrspacecast"
  | "icmp" | "fcmp" | "select" | "freeze" | "va_arg" | "landingpad" | "catchpad" | "cleanuppad";

export interface LlvmOther extends LlvmInstrBase {
  op: LlvmOtherOp;
}

export type LlvmInstr = LlvmAlloca | LlvmLoad | LlvmStore | LlvmPhi | LlvmCall | LlvmTerminator | LlvmOther;

/** The member of `LlvmInstr` with opcode `K`: `LlvmInstrOf<"load">` is `LlvmLoad`. */
export type LlvmInstrOf<K extends LlvmInstr["op"]> = LlvmInstr extends infer I
  ? I extends LlvmInstr
    ? K extends I["op"]
      ? I
      : never
    : never
  : never;

export const TERMINATOR_OPS: ReadonlySet<string> = new Set<LlvmInstr["op"]>([
  "ret", "br", "switch", "indirectbr", "resume", "unreachable", "cleanupret", "catchret", "catchswitch", "invoke", "callbr",
]);

/**
 * Predecessors of every block, indexed like `fn.blocks`, in the order documented at the top:
 * blocks in source order, then each block's `succs` in order, one entry per edge.
 */
export function predecessors(fn: LlvmFunction): string[][] {
  const index = new Map<string, number>();
  fn.blocks.forEach((b, i) => index.set(b.label, i));
  const preds: string[][] = fn.blocks.map(() => []);
  for (const b of fn.blocks)
    for (const s of b.succs) {
      const i = index.get(s);
      if (i !== undefined) preds[i].push(b.label);
    }
  return preds;
}
