/**
 * The parts of a SPIR-V module the adapter reasons about: the preamble (everything before the
 * first function: capabilities, names, decorations, types, constants, global variables), the
 * functions with their parameters and blocks, where every id is defined and who uses it, and the
 * variables `spirv-opt --ssa-rewrite` promotes.
 *
 * Which variables the pass promotes (SPIRV-Tools, source/opt/mem_pass.cpp, `IsTargetVar`,
 * `IsTargetType`, `HasOnlySupportedRefs`, `CollectTargetVars`; the same in SPIRV-Tools 2023.1,
 * Debian's spirv-tools): an `OpVariable` of storage class `Function`
 * - whose pointee type is a "target type": an integer, float, bool, vector, matrix, image,
 *   sampler, sampled image or pointer, an array of a target type, or a struct all of whose
 *   members are target types;
 * - and whose every user is an `OpLoad`, an `OpStore`, an `OpName` or a decoration (`OpDecorate`,
 *   `OpDecorateId`): one access chain, copy, call argument or any other use keeps it memory.
 * Its loads in blocks reachable from the function's entry are replaced by the reaching value and
 * removed; its stores, the variable itself and its loads in unreachable blocks stay (the pass
 * walks the reachable blocks only: `WhileEachBlockInReversePostOrder` from the entry).
 */
import { IdTable } from "./binary.js";
import { checkIds } from "./ids.js";
import { FUNCTION_STORAGE, Op, type SpvInstruction, type SpvModule } from "./module.js";
import type { ModuleParts, SpvBlock, SpvFunction } from "./parts.js";

export type { ModuleParts, SpvBlock, SpvFunction } from "./parts.js";

const isDebugLine = (i: SpvInstruction) => i.opcode === Op.Line || i.opcode === Op.NoLine;

/** The literal string starting at operand word `k` (UTF-8 packed four bytes to a word, nul-terminated). */
export function literalString(words: readonly number[], k: number): string {
  const bytes: number[] = [];
  for (let w = k; w < words.length; w++) {
    const word = words[w];
    for (let b = 0; b < 4; b++) {
      const c = (word >>> (8 * b)) & 0xff;
      if (c === 0) return new TextDecoder().decode(new Uint8Array(bytes));
      bytes.push(c);
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

const TERMINATORS: ReadonlySet<number> = new Set([
  Op.Branch,
  Op.BranchConditional,
  Op.Switch,
  Op.Return,
  Op.ReturnValue,
  Op.Kill,
  Op.Unreachable,
  Op.TerminateInvocation,
  Op.IgnoreIntersectionKHR,
  Op.TerminateRayKHR,
  Op.EmitMeshTasksEXT,
]);

export const isTerminator = (i: SpvInstruction): boolean => TERMINATORS.has(i.opcode);

/** The successor labels of a terminator, one per edge. */
export function successors(t: SpvInstruction): number[] {
  switch (t.opcode) {
    case Op.Branch:
      return [t.operands[0]];
    case Op.BranchConditional:
      return [t.operands[1], t.operands[2]];
    case Op.Switch: {
      // selector, default, then (literal words, label) pairs: the labels are the id words after the first two
      const out = [t.operands[1]];
      for (let k = 2; k < t.operands.length; k++) if (t.isId[k]) out.push(t.operands[k]);
      return out;
    }
    default:
      return [];
  }
}

/**
 * The module cut into its parts. Structural problems a validator would report (an instruction
 * outside a block, a block without a terminator, a function without `OpFunctionEnd`), and the
 * validator's rules on ids that make a module unreadable (ids.ts: defined, before their use, of
 * the function that uses them), make the input malformed here: `fail(instruction, what)` throws
 * with the place. A use its definition does not dominate is noted (`undominated`), not refused.
 */
export function partsOf(module: SpvModule, fail: (at: SpvInstruction | undefined, what: string) => never): ModuleParts {
  const ins = module.instructions;
  const preamble: SpvInstruction[] = [];
  const functions: SpvFunction[] = [];
  // by id, in tables indexed by the id where the bound allows (a module's ids are dense): the
  // defining instruction's index + 1, and how the id is used (USED, OTHER_USE)
  const limit = 4 * ins.length + 1024;
  const defs = new IdTable(module.bound, limit);
  const uses = new IdTable(module.bound, limit);
  const names = new Map<number, string>();
  const note = (i: SpvInstruction, k: number) => {
    if (i.result !== 0) defs.set(i.result, k + 1);
    const flag = SUPPORTED_USERS.has(i.opcode) ? USED : USED | OTHER_USE;
    for (let o = 0; o < i.operands.length; o++)
      if (i.isId[o]) {
        const id = i.operands[o];
        uses.set(id, uses.get(id) | flag);
      }
  };
  let k = 0;
  while (k < ins.length && ins[k].opcode !== Op.Function) {
    const i = ins[k++];
    if (isDebugLine(i)) continue;
    preamble.push(i);
    note(i, k - 1);
    if (i.opcode === Op.Name) names.set(i.operands[0], literalString(i.operands, 1));
  }
  while (k < ins.length) {
    const header = ins[k++];
    if (header.opcode !== Op.Function) fail(header, "an instruction outside any function after the first function");
    note(header, k - 1);
    const params: SpvInstruction[] = [];
    while (k < ins.length && (ins[k].opcode === Op.FunctionParameter || isDebugLine(ins[k]))) {
      if (!isDebugLine(ins[k])) {
        params.push(ins[k]);
        note(ins[k], k);
      }
      k++;
    }
    const blocks: SpvBlock[] = [];
    for (;;) {
      while (k < ins.length && isDebugLine(ins[k])) k++;
      if (k >= ins.length) fail(header, `function ${module.idName(header.result)} has no OpFunctionEnd`);
      const i = ins[k++];
      if (i.opcode === Op.FunctionEnd) {
        note(i, k - 1);
        functions.push({ header, id: header.result, params, blocks, end: i });
        break;
      }
      if (i.opcode !== Op.Label) fail(i, `an instruction outside any block of function ${module.idName(header.result)}`);
      note(i, k - 1);
      const body: SpvInstruction[] = [];
      for (;;) {
        if (k >= ins.length) fail(i, `block ${module.idName(i.result)} has no terminator`);
        const j = ins[k++];
        if (isDebugLine(j)) continue;
        if (j.opcode === Op.Label || j.opcode === Op.FunctionEnd) fail(j, `block ${module.idName(i.result)} ends without a terminator`);
        body.push(j);
        note(j, k - 1);
        if (isTerminator(j)) break;
      }
      blocks.push({ label: i.result, labelInstruction: i, body, succs: successors(body[body.length - 1]) });
    }
  }
  const parts: ModuleParts = {
    module,
    preamble,
    functions,
    names,
    def: (id) => {
      const at = defs.get(id);
      return at === 0 ? undefined : ins[at - 1];
    },
    used: (id) => (uses.get(id) & USED) !== 0,
    onlyLoadsAndStores: (id) => (uses.get(id) & OTHER_USE) === 0,
    undominated: [],
  };
  return { ...parts, undominated: checkIds(parts, fail) };
}

/** What `partsOf` notes of an id's uses: some instruction uses it; one other than those of `SUPPORTED_USERS` does. */
const USED = 1;
const OTHER_USE = 2;

/** Whether `type` (an id) is a type whose variables the pass may promote (`IsTargetType`). Iterative: nested arrays and structs do not recurse. */
export function isTargetType(parts: ModuleParts, type: number): boolean {
  const stack = [type];
  const seen = new Set<number>();
  while (stack.length > 0) {
    const t = stack.pop()!;
    if (seen.has(t)) continue;
    seen.add(t);
    const d = parts.def(t);
    if (d === undefined) return false;
    switch (d.opcode) {
      case Op.TypeInt:
      case Op.TypeFloat:
      case Op.TypeBool:
      case Op.TypeVector:
      case Op.TypeMatrix:
      case Op.TypeImage:
      case Op.TypeSampler:
      case Op.TypeSampledImage:
      case Op.TypePointer:
        break;
      case Op.TypeArray:
        stack.push(d.operands[0]);
        break;
      case Op.TypeStruct:
        for (const m of d.operands) stack.push(m);
        break;
      default:
        return false;
    }
  }
  return true;
}

/** Users that do not keep a variable in memory (`HasOnlySupportedRefs`). */
const SUPPORTED_USERS: ReadonlySet<number> = new Set([Op.Load, Op.Store, Op.Name, Op.Decorate, Op.DecorateId]);

/** A function's variables, in the order of their `OpVariable`, and which of them the pass promotes. */
export function functionVariables(parts: ModuleParts, fn: SpvFunction): { variables: SpvInstruction[]; promoted: Set<number> } {
  const variables: SpvInstruction[] = [];
  const promoted = new Set<number>();
  for (const b of fn.blocks)
    for (const i of b.body) {
      if (i.opcode !== Op.Variable) continue;
      variables.push(i);
      if (i.operands[0] !== FUNCTION_STORAGE) continue;
      const ptr = parts.def(i.resultType);
      if (ptr === undefined || ptr.opcode !== Op.TypePointer || !isTargetType(parts, ptr.operands[1])) continue;
      if (parts.onlyLoadsAndStores(i.result)) promoted.add(i.result);
    }
  return { variables, promoted };
}

/** Labels reachable from the function's first block (iteratively). */
export function reachableLabels(fn: SpvFunction): Set<number> {
  const byLabel = new Map(fn.blocks.map((b) => [b.label, b]));
  const seen = new Set<number>();
  if (fn.blocks.length === 0) return seen;
  const stack = [fn.blocks[0].label];
  seen.add(fn.blocks[0].label);
  while (stack.length > 0) {
    const b = byLabel.get(stack.pop()!);
    if (b === undefined) continue;
    for (const s of b.succs)
      if (!seen.has(s) && byLabel.has(s)) {
        seen.add(s);
        stack.push(s);
      }
  }
  return seen;
}
