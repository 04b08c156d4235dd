/**
 * The SPIR-V validator's rules on ids (SPIRV-Tools' `spirv-val`, validate_id.cpp `IdPass` and
 * its dominance check), which a module must keep before the adapter reasons about it:
 * - every id an instruction uses is defined somewhere in the module;
 * - an id is defined before its use, in the module's order, except where SPIR-V lets an operand
 *   name what comes later (`spvOperandCanBeForwardDeclaredFunction`: names, decorations, entry
 *   points, branch targets, merge blocks, the function of a call, a phi's values and parents);
 *   a type instruction may name a later id only where `OpTypeForwardPointer` declared it (a
 *   function's own value used before its definition is the last rule's matter: that definition
 *   does not dominate the use, as blocks come after their dominators);
 * - a value of a function is used in that function only;
 * - in a function, a value is used only where its definition dominates the use: in another
 *   block, the defining block dominates the using one; a phi's value dominates the end of the
 *   block it comes from.
 * A damaged text or binary breaks the first three easily (two lines swapped, a name misspelt):
 * such a module cannot be read, and is malformed here, as SPIRV-Tools refuse it. The last is
 * another matter: a use its definition does not dominate is well-formed and wrong, the bug class
 * the validator exists for, so it is reported, not refused (`checkIds` returns the first such
 * use of each function): the adapter rejects a function whose module before the pass breaks it,
 * and a use the pass made so fails `allUses_def_ass` (pair.ts). One pass over the module, and
 * per function the adapters' shared dominators (adapters/dominators.ts: Cooper, Harvey and
 * Kennedy's iterative algorithm, which is quadratic in the blocks at worst and near-linear on
 * real CFGs, as in spirv-val), then a constant-time query per use; no recursion.
 */
import { BlockDominators } from "../dominators.js";
import { IdTable } from "./binary.js";
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

/** A use whose definition does not dominate it: the using instruction, and spirv-val's complaint. */
export interface Undominated {
  at: SpvInstruction;
  what: string;
}

/**
 * Checks the rules above; `fail(instruction, what)` throws with the place. `parts` holds the
 * module cut into its preamble and functions (structure.ts `partsOf`). What it keeps by id is in
 * tables indexed by the id where the module's bound allows (binary.ts `IdTable`): a module's ids
 * are dense, and maps of tens of thousands of ids were most of this check's time. Returns, per
 * function (by index), its first use that the definition does not dominate, if any.
 */
export function checkIds(parts: ModuleParts, fail: (at: SpvInstruction | undefined, what: string) => never): (Undominated | undefined)[] {
  const m = parts.module;
  const name = (id: number) => `%${m.idName(id)}`;
  const limit = 4 * m.instructions.length + 1024;
  const defined = new IdTable(m.bound, limit);
  const forwardPointers = new Set<number>();
  /** Ids named before their definition where that is allowed -> the first instruction naming one. */
  const forward = new Map<number, SpvInstruction>();
  /**
   * Ids an instruction of a function body uses before their definition in the module's order:
   * a reference to nothing, unless the same function defines the id later (then its definition
   * does not dominate the use, as blocks come after their dominators: `checkDominance` says so).
   */
  const early: { id: number; at: SpvInstruction; f: number }[] = [];
  let f = -1;
  let inFunction = false;
  for (const i of m.instructions) {
    if (i.opcode === Op.Function) {
      f++;
      inFunction = true;
    } else if (i.opcode === Op.FunctionEnd) inFunction = false;
    if (i.resultType !== 0 && defined.get(i.resultType) === 0) fail(i, `ID ${name(i.resultType)} has not been defined (the result type of ${m.show(i)})`);
    for (let k = 0; k < i.operands.length; k++) {
      if (!i.isId[k]) continue;
      const id = i.operands[k];
      if (defined.get(id) !== 0) continue;
      if (TYPE_OPCODES.has(i.opcode)) {
        if (!forwardPointers.has(id)) fail(i, `operand ${name(id)} of ${m.show(i)} requires a previous definition`);
      } else if (mayForward(i, k)) {
        if (i.opcode === TypeForwardPointer) forwardPointers.add(id);
        if (!forward.has(id)) forward.set(id, i);
      } else if (inFunction && i.opcode !== Op.Function) early.push({ id, at: i, f });
      else fail(i, `ID ${name(id)} has not been defined before its use in ${m.show(i)}`);
    }
    if (i.result !== 0) defined.set(i.result, 1);
  }
  for (const [id, at] of forward) if (defined.get(id) === 0) fail(at, `ID ${name(id)} has not been defined (named by ${m.show(at)})`);
  // by id: the function (index + 1) whose parameter, label or instruction defines it; for a
  // label, its block's index in the function + 1; for a value, its block's index + 1 (a
  // parameter's is the entry's)
  const where: FunctionIds = { owner: new IdTable(m.bound, limit), label: new IdTable(m.bound, limit), block: new IdTable(m.bound, limit) };
  parts.functions.forEach((fn, f) => {
    for (const p of fn.params) {
      where.owner.set(p.result, f + 1);
      where.block.set(p.result, 1);
    }
    fn.blocks.forEach((b, k) => {
      where.owner.set(b.label, f + 1);
      where.label.set(b.label, k + 1);
      for (const i of b.body)
        if (i.result !== 0) {
          where.owner.set(i.result, f + 1);
          where.block.set(i.result, k + 1);
        }
    });
  });
  // a use before the definition: of this function's own value, a use its definition does not
  // dominate (spirv-val says it so); of anything else, a reference to nothing
  const firstEarly: (Undominated | undefined)[] = parts.functions.map(() => undefined);
  for (const e of early) {
    if (where.owner.get(e.id) !== e.f + 1) fail(e.at, `ID ${name(e.id)} has not been defined before its use in ${m.show(e.at)}`);
    firstEarly[e.f] ??= { at: e.at, what: `ID ${name(e.id)} has not been defined before its use in ${m.show(e.at)}` };
  }
  // (every use of a value of its own block before the definition is one of these: blocks are contiguous)
  return parts.functions.map((fn, f) => {
    const later = checkDominance(parts, fn, f + 1, where, fail);
    return firstEarly[f] ?? later;
  });
}

/** Where checkIds found each id of the functions (see there). */
interface FunctionIds {
  owner: IdTable;
  label: IdTable;
  block: IdTable;
}

/**
 * Every value a function's instructions use is its own (else `fail`), and dominated by its
 * definition (see the file's head): the first use that is not, if any. `f`: the function's
 * index + 1.
 */
function checkDominance(parts: ModuleParts, fn: SpvFunction, f: number, where: FunctionIds, fail: (at: SpvInstruction | undefined, what: string) => never): Undominated | undefined {
  const m = parts.module;
  const name = (id: number) => `%${m.idName(id)}`;
  if (fn.blocks.length === 0) return undefined;
  /** A label's block index in this function, or -1 for another function's label or no label. */
  const indexOf = (label: number) => (where.owner.get(label) === f ? where.label.get(label) - 1 : -1);
  // the shared dominators (adapters/dominators.ts) over the blocks' indices, the entry first
  const doms = new BlockDominators(
    fn.blocks.map((b) => {
      const out: number[] = [];
      for (const l of b.succs) {
        const t = indexOf(l);
        if (t >= 0) out.push(t);
      }
      return out;
    }),
  );
  // reachable from the entry: what the entry dominates
  const reachable = (label: number) => {
    const k = indexOf(label);
    return k >= 0 && doms.dominates(0, k);
  };
  let first: Undominated | undefined;
  fn.blocks.forEach((b, bk) => {
    if (!doms.dominates(0, bk)) return; // as spirv-val: uses in unreachable blocks are not checked
    for (const i of b.body)
      for (let k = 0; k < i.operands.length; k++) {
        if (!i.isId[k]) continue;
        const id = i.operands[k];
        const home = where.owner.get(id);
        if (home === 0) continue; // a module-level id
        if (home !== f) fail(i, `ID ${name(id)} of function ${name(parts.functions[home - 1].id)} is used in function ${name(fn.id)}: ${m.show(i)}`);
        if (first !== undefined) continue;
        const def = where.block.get(id) - 1;
        if (def < 0) continue; // a label
        if (i.opcode === Op.Phi) {
          // (value, parent) pairs: the value's block dominates the parent's end
          if (k % 2 !== 0) continue;
          const parent = i.operands[k + 1];
          if (reachable(parent) && !doms.dominates(def, indexOf(parent))) first = { at: i, what: `in ${m.show(i)}, the definition of ID ${name(id)} does not dominate its parent ${name(parent)}` };
        } else if (def !== bk && !doms.dominates(def, bk))
          first = { at: i, what: `ID ${name(id)} defined in block ${name(fn.blocks[def].label)} does not dominate its use in block ${name(b.label)}: ${m.show(i)}` };
      }
  });
  return first;
}
