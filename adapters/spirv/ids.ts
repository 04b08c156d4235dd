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
 * module is malformed here, as SPIRV-Tools refuse it. One pass over the module, and per function
 * the adapters' shared dominators (adapters/dominators.ts: Cooper, Harvey and Kennedy's iterative
 * algorithm, which is quadratic in the blocks at worst and near-linear on real CFGs, as in
 * spirv-val), then a constant-time query per use; no recursion.
 */
import { BlockDominators } from "../dominators.js";
import { OPCODES } from "./grammar.js";
import { Op, type SpvInstruction } from "./module.js";
import type { ModuleParts, SpvFunction } from "./parts.js";

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
  // the shared dominators (adapters/dominators.ts) over the blocks' indices, the entry first
  const indexOf = new Map(fn.blocks.map((b, k) => [b.label, k]));
  const doms = new BlockDominators(fn.blocks.map((b) => b.succs.flatMap((l) => (indexOf.has(l) ? [indexOf.get(l)!] : []))));
  const dominates = (a: number, b: number): boolean => doms.dominates(indexOf.get(a)!, indexOf.get(b)!);
  // reachable from the entry: what the entry dominates
  const reachable = { has: (label: number) => indexOf.has(label) && doms.dominates(0, indexOf.get(label)!) };
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

