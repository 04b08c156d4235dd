/**
 * Which allocas LLVM's mem2reg promotes, decided as LLVM 14 decides it
 * (llvm/lib/Transforms/Utils/PromoteMemoryToRegister.cpp, `isAllocaPromotable`; the pass,
 * `promoteMemoryToRegister` in Mem2Reg.cpp, only looks at the allocas of the entry block,
 * terminator excluded). An alloca is promotable iff every user is
 * - a load through it that is not volatile (atomic loads are promoted: "atomic semantics do not
 *   have any meaning for a local alloca"; LLVM 14 does not compare the loaded type with the
 *   allocated type, see below);
 * - a store INTO it (not of it) of the allocated type, not volatile (atomic stores are promoted);
 * - an intrinsic call that is `llvm.lifetime.start`/`.end` or droppable (`llvm.assume`, where
 *   the alloca only stands in an operand bundle);
 * - a bitcast, or a getelementptr whose indices are all the constant 0, used only by lifetime
 *   markers and droppable calls (`onlyUsedByLifetimeMarkersOrDroppableInsts`);
 * - an addrspacecast used only by lifetime markers.
 * Debug intrinsics (`llvm.dbg.declare`, `.value`, `.assign`) refer to it through metadata; they
 * are no users and never stop promotion.
 *
 * Checked against `opt-14 -passes=mem2reg` on hand-written IR: atomic loads and stores are
 * promoted; a store of another type is not; with opaque pointers a load of another type is
 * promoted and LLVM 14 then produces a broken module (the verifier aborts), fixed in later
 * releases by comparing the load's type too. Users in unreachable blocks count like any other.
 *
 * mem2reg repeats promotion until no alloca is promotable, so an alloca whose only disqualifying
 * user was a store of its address into a promoted alloca can be promoted in a second round (the
 * loads of that pointer are replaced by the alloca itself). That second round is not modelled:
 * the alloca stays memory here, and the comparison of the instructions reports the difference.
 */
import type { LlvmAlloca, LlvmCall, LlvmFunction, LlvmInstr } from "./ir.js";
import { shapeOf, SourceText } from "./text.js";

/** Where an instruction stands: block index and index in the block. */
export interface Pos {
  b: number;
  i: number;
}

export interface Promotion {
  /** Promoted allocas by name, with the entry-block index of the alloca. */
  promoted: Map<string, { index: number; alloca: LlvmAlloca }>;
  /**
   * Instructions that exist only for promoted allocas besides their loads and stores: lifetime
   * markers, their bitcasts and zero getelementptrs. mem2reg deletes them everywhere.
   */
  removed: Set<LlvmInstr>;
  /** Calls whose droppable use (an operand bundle) of a promoted alloca mem2reg drops. */
  dropped: Set<LlvmInstr>;
  /** For messages: why each entry-block alloca stays memory (the first disqualifying user). */
  kept: Map<string, string>;
}

/** Every user of each name in `names`: instruction and position, once per operand occurrence. */
function usersOf(fn: LlvmFunction, names: ReadonlySet<string>): Map<string, { instr: LlvmInstr; pos: Pos }[]> {
  const out = new Map<string, { instr: LlvmInstr; pos: Pos }[]>();
  if (names.size === 0) return out;
  for (let b = 0; b < fn.blocks.length; b++) {
    const instrs = fn.blocks[b].instrs;
    for (let i = 0; i < instrs.length; i++) {
      const ops = instrs[i].operands;
      for (let k = 0; k < ops.length; k++) {
        if (!names.has(ops[k])) continue;
        let list = out.get(ops[k]);
        if (!list) out.set(ops[k], (list = []));
        list.push({ instr: instrs[i], pos: { b, i } });
      }
    }
  }
  return out;
}

function normType(t: string): string {
  return t.replace(/\s+/g, " ").trim();
}

function isLifetime(i: LlvmInstr): boolean {
  return i.op === "call" && (i.intrinsic === "lifetime.start" || i.intrinsic === "lifetime.end");
}

/** `llvm.assume` with `name` only in its operand bundles (a droppable use). */
function isDroppableUse(i: LlvmInstr, name: string): boolean {
  if (i.op !== "call" || i.callee !== "llvm.assume") return false;
  return !(i as LlvmCall).args.some((a) => a.value.kind === "local" && a.value.name === name);
}

export function promotion(fn: LlvmFunction, src: SourceText): Promotion {
  const entry = fn.blocks[0];
  const allocas = new Map<string, { index: number; alloca: LlvmAlloca }>();
  for (let i = 0; i < entry.instrs.length - 1; i++) {
    const ins = entry.instrs[i];
    if (ins.op === "alloca" && ins.result !== null) allocas.set(ins.result, { index: i, alloca: ins });
  }
  const promoted = new Map<string, { index: number; alloca: LlvmAlloca }>();
  const removed = new Set<LlvmInstr>();
  const dropped = new Set<LlvmInstr>();
  const kept = new Map<string, string>();
  if (allocas.size === 0) return { promoted, removed, dropped, kept };
  const users = usersOf(fn, new Set(allocas.keys()));
  // bitcasts, zero GEPs and addrspacecasts of allocas: their own users decide
  const derived = new Set<string>();
  for (const [name, list] of users)
    for (const u of list)
      if ((u.instr.op === "bitcast" || u.instr.op === "getelementptr" || u.instr.op === "addrspacecast") && u.instr.result !== null && u.instr.operands[0] === name)
        derived.add(u.instr.result);
  const derivedUsers = usersOf(fn, derived);

  for (const [name, a] of allocas) {
    const why = disqualify(name, a.alloca, users.get(name) ?? [], derivedUsers, fn, src);
    if (why !== null) {
      kept.set(name, why);
      continue;
    }
    promoted.set(name, a);
    for (const u of users.get(name) ?? []) {
      if (isLifetime(u.instr)) removed.add(u.instr);
      else if (u.instr.op === "call") dropped.add(u.instr);
      else if (u.instr.op !== "load" && u.instr.op !== "store") {
        removed.add(u.instr);
        for (const d of derivedUsers.get(u.instr.result!) ?? []) {
          if (isLifetime(d.instr)) removed.add(d.instr);
          else dropped.add(d.instr);
        }
      }
    }
  }
  return { promoted, removed, dropped, kept };
}

/** Why `name` is not promotable, or null if it is. */
function disqualify(
  name: string,
  alloca: LlvmAlloca,
  users: { instr: LlvmInstr; pos: Pos }[],
  derivedUsers: Map<string, { instr: LlvmInstr; pos: Pos }[]>,
  fn: LlvmFunction,
  src: SourceText,
): string | null {
  const type = normType(alloca.type);
  for (const { instr: u, pos } of users) {
    const at = `line ${u.line}`;
    switch (u.op) {
      case "load":
        if (u.volatile) return `volatile load at ${at}`;
        if (!(u.ptr.kind === "local" && u.ptr.name === name)) return `used by a load at ${at} other than as its pointer`;
        continue;
      case "store":
        if (u.value.kind === "local" && u.value.name === name) return `its address is stored at ${at}`;
        if (!(u.ptr.kind === "local" && u.ptr.name === name)) return `used by a store at ${at} other than as its pointer`;
        if (normType(u.type) !== type) return `store of another type (${u.type}) at ${at}`;
        if (u.volatile) return `volatile store at ${at}`;
        continue;
      case "call":
        if (u.intrinsic === "lifetime.start" || u.intrinsic === "lifetime.end") continue;
        if (isDroppableUse(u, name)) continue;
        return `passed to a call at ${at}`;
      case "bitcast":
      case "getelementptr":
      case "addrspacecast": {
        if (u.operands[0] !== name || u.result === null) return `used by ${u.op} at ${at} other than as its operand`;
        if (u.op === "getelementptr") {
          const { shape } = shapeOf(src.instruction(fn, pos.b, pos.i), u.line);
          const idx = shape.holes.slice(1);
          if (idx.some((h) => h.kind !== "value" || h.value.kind !== "const" || h.value.text !== "0")) return `getelementptr with a non-zero index at ${at}`;
        }
        for (const d of derivedUsers.get(u.result) ?? []) {
          if (isLifetime(d.instr)) continue;
          if (u.op !== "addrspacecast" && isDroppableUse(d.instr, u.result)) continue;
          return `${u.op} at ${at} has a user other than lifetime markers (line ${d.instr.line})`;
        }
        continue;
      }
      default:
        return `used by ${u.op} at ${at}`;
    }
  }
  return null;
}
