/**
 * The SPIR-V validator's rules on ids (SPIRV-Tools' `spirv-val`, validate_id.cpp `IdPass` and
 * its dominance check), which a module must keep before the adapter reasons about it:
 * - every id an instruction uses is defined somewhere in the module;
 * - an id is defined before its use, in the module's order, except where SPIR-V lets an operand
 *   name what comes later (`spvOperandCanBeForwardDeclaredFunction`: names, decorations, entry
 *   points, branch targets, merge blocks, the function of a call, a phi's values and parents);
 *   a type instruction may name a later id only where `OpTypeForwardPointer` declared it;
 * - in a function, a value is used only where its definition dominates the use: in another
 *   block, the defining block dominates the using one; a phi's value dominates the end of the
 *   block it comes from; never in another function.
 * A damaged text or binary breaks them easily (two lines swapped, a name misspelt): such a
 * module is malformed here, as SPIRV-Tools refuse it. Linear in the module (dominators by the
 * iterative algorithm of Cooper, Harvey and Kennedy, over each function's blocks; no recursion).
 */
import { OPCODES } from "./grammar.js";
import { Op, type SpvInstruction } from "./module.js";
import { reachableLabels, type ModuleParts, type SpvFunction } from "./structure.js";

const EntryPoint = 15;
const ExecutionMode = 16;
const ExecutionModeId = 331;
const TypeForwardPointer = 39;
const EnqueueKernel = 292;
const GetKernelNDrangeSubGroupCount = 293;
const GetKernelNDrangeMaxSubGroupSize = 294;
const GetKernelWorkGroupSize = 295;
const GetKernelPreferredWorkGroupSizeMultiple = 296;

/** The opcodes whose result is a type (`spvOpcodeGeneratesType`): `OpType*` but the forward pointer, which has no result. */
const TYPE_OPCODES: ReadonlySet<number> = new Set(OPCODES.filter(([code, name]) => name.startsWith("OpType") && code !== TypeForwardPointer).map(([code]) => code));

/** Opcodes every operand of which may name a later id. */
const ALL_FORWARD: ReadonlySet<number> = new Set([
  ExecutionMode,
  ExecutionModeId,
  EntryPoint,
  Op.Name,
  Op.MemberName,
  Op.SelectionMerge,
  Op.Decorate,
  Op.MemberDecorate,
  Op.DecorateId,
  Op.DecorateString,
  Op.MemberDecorateString,
  Op.Branch,
  Op.LoopMerge,
  Op.Phi,
]);

/**
 * Whether operand word `k` of `i` may name a later id. SPIR-V counts an instruction's operands
 * with its result type and result; these opcodes' rules fall on single-word operands.
 */
function mayForward(i: SpvInstruction, k: number): boolean {
  if (ALL_FORWARD.has(i.opcode)) return true;
  switch (i.opcode) {
    case Op.GroupDecorate:
    case Op.GroupMemberDecorate:
    case Op.BranchConditional:
    case Op.Switch:
      return k !== 0;
    case Op.FunctionCall:
    case GetKernelWorkGroupSize:
    case GetKernelPreferredWorkGroupSizeMultiple:
      return k === 0;
    case GetKernelNDrangeSubGroupCount:
    case GetKernelNDrangeMaxSubGroupSize:
      return k === 1;
    case EnqueueKernel:
      return k === 6;
    case TypeForwardPointer:
      return k === 0;
    default:
      return false;
  }
}

/**
 * Checks the rules above; `fail(instruction, what)` throws with the place. `parts` holds the
 * module cut into its preamble and functions (structure.ts `partsOf`).
 */
export function checkIds(parts: ModuleParts, fail: (at: SpvInstruction | undefined, what: string) => never): void {
  const m = parts.module;
  const name = (id: number) => `%${m.idName(id)}`;
  const defined = new Set<number>();
  const forwardPointers = new Set<number>();
  /** Ids named before their definition where that is allowed -> the first instruction naming one. */
  const forward = new Map<number, SpvInstruction>();
  for (const i of m.instructions) {
    if (i.resultType !== 0 && !defined.has(i.resultType)) fail(i, `ID ${name(i.resultType)} has not been defined (the result type of ${m.show(i)})`);
    for (let k = 0; k < i.operands.length; k++) {
      if (!i.isId[k]) continue;
      const id = i.operands[k];
      if (defined.has(id)) continue;
      if (TYPE_OPCODES.has(i.opcode)) {
        if (!forwardPointers.has(id)) fail(i, `operand ${name(id)} of ${m.show(i)} requires a previous definition`);
      } else if (mayForward(i, k)) {
        if (i.opcode === TypeForwardPointer) forwardPointers.add(id);
        if (!forward.has(id)) forward.set(id, i);
      } else fail(i, `ID ${name(id)} has not been defined before its use in ${m.show(i)}`);
    }
    if (i.result !== 0) defined.add(i.result);
  }
  for (const [id, at] of forward) if (!defined.has(id)) fail(at, `ID ${name(id)} has not been defined (named by ${m.show(at)})`);
  const owner = new Map<number, SpvFunction>();
  for (const fn of parts.functions) {
    for (const p of fn.params) owner.set(p.result, fn);
    for (const b of fn.blocks) {
      owner.set(b.label, fn);
      for (const i of b.body) if (i.result !== 0) owner.set(i.result, fn);
    }
  }
  for (const fn of parts.functions) checkDominance(parts, fn, owner, fail);
}

/** Every value a function's instructions use is dominated by its definition (see the file's head). */
function checkDominance(parts: ModuleParts, fn: SpvFunction, owner: ReadonlyMap<number, SpvFunction>, fail: (at: SpvInstruction | undefined, what: string) => never): void {
  const m = parts.module;
  const name = (id: number) => `%${m.idName(id)}`;
  if (fn.blocks.length === 0) return;
  // where each value of the function is defined: its block (parameters: the entry, before all)
  const blockOf = new Map<number, number>();
  const entry = fn.blocks[0].label;
  for (const p of fn.params) blockOf.set(p.result, entry);
  for (const b of fn.blocks) for (const i of b.body) if (i.result !== 0) blockOf.set(i.result, b.label);
  const { pre, post } = dominatorTree(fn);
  // a dominates b where b lies in a's subtree of the dominator tree (b unreachable: never)
  const dominates = (a: number, b: number): boolean => {
    const pa = pre.get(a);
    const pb = pre.get(b);
    return pa !== undefined && pb !== undefined && pa <= pb && post.get(b)! <= post.get(a)!;
  };
  const reachable = reachableLabels(fn);
  for (const b of fn.blocks) {
    if (!reachable.has(b.label)) continue; // as spirv-val: uses in unreachable blocks are not checked
    for (const i of b.body)
      for (let k = 0; k < i.operands.length; k++) {
        if (!i.isId[k]) continue;
        const id = i.operands[k];
        const home = owner.get(id);
        if (home === undefined) continue; // a module-level id
        if (home !== fn) fail(i, `ID ${name(id)} of function ${name(home.id)} is used in function ${name(fn.id)}: ${m.show(i)}`);
        const def = blockOf.get(id);
        if (def === undefined) continue; // a label
        if (i.opcode === Op.Phi) {
          // (value, parent) pairs: the value's block dominates the parent's end
          if (k % 2 !== 0) continue;
          const parent = i.operands[k + 1];
          if (reachable.has(parent) && !dominates(def, parent)) fail(i, `in ${m.show(i)}, the definition of ID ${name(id)} does not dominate its parent ${name(parent)}`);
        } else if (def !== b.label && !dominates(def, b.label)) fail(i, `ID ${name(id)} defined in block ${name(def)} does not dominate its use in block ${name(b.label)}: ${m.show(i)}`);
      }
  }
}

/**
 * The dominator tree of a function's reachable blocks, as the pre- and postorder numbers of a
 * walk of it (an explicit stack): a block dominates another when the other lies in its subtree.
 */
function dominatorTree(fn: SpvFunction): { pre: Map<number, number>; post: Map<number, number> } {
  const idom = dominators(fn);
  const entry = fn.blocks[0].label;
  const children = new Map<number, number[]>();
  for (const [b, d] of idom) (children.get(d) ?? children.set(d, []).get(d)!).push(b);
  const pre = new Map<number, number>();
  const post = new Map<number, number>();
  let clock = 0;
  const stack: [number, number][] = [[entry, 0]];
  pre.set(entry, clock++);
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const kids = children.get(top[0]) ?? [];
    if (top[1] < kids.length) {
      const c = kids[top[1]++];
      pre.set(c, clock++);
      stack.push([c, 0]);
    } else {
      post.set(top[0], clock++);
      stack.pop();
    }
  }
  return { pre, post };
}

/** The immediate dominators of a function's reachable blocks (label -> label; the entry has none). */
function dominators(fn: SpvFunction): Map<number, number> {
  const byLabel = new Map(fn.blocks.map((b) => [b.label, b]));
  const entry = fn.blocks[0].label;
  // reverse postorder by an explicit stack
  const order: number[] = [];
  const seen = new Set<number>([entry]);
  const stack: [number, number][] = [[entry, 0]];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const succs = byLabel.get(top[0])?.succs ?? [];
    if (top[1] < succs.length) {
      const s = succs[top[1]++];
      if (!seen.has(s) && byLabel.has(s)) {
        seen.add(s);
        stack.push([s, 0]);
      }
    } else {
      order.push(top[0]);
      stack.pop();
    }
  }
  order.reverse();
  const index = new Map(order.map((l, i) => [l, i]));
  const preds = new Map<number, number[]>();
  for (const l of order) for (const s of byLabel.get(l)!.succs) if (index.has(s)) (preds.get(s) ?? preds.set(s, []).get(s)!).push(l);
  const idom = new Map<number, number>([[entry, entry]]);
  const intersect = (a: number, b: number): number => {
    while (a !== b) {
      while (index.get(a)! > index.get(b)!) a = idom.get(a)!;
      while (index.get(b)! > index.get(a)!) b = idom.get(b)!;
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const l of order) {
      if (l === entry) continue;
      let d: number | undefined;
      for (const p of preds.get(l) ?? []) if (idom.has(p)) d = d === undefined ? p : intersect(p, d);
      if (d !== undefined && idom.get(l) !== d) {
        idom.set(l, d);
        changed = true;
      }
    }
  }
  idom.delete(entry);
  return idom;
}
