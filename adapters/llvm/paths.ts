/**
 * The three ways LLVM 14's PromoteMemToReg promotes an alloca
 * (llvm/lib/Transforms/Utils/PromoteMemoryToRegister.cpp, `PromoteMem2Reg::run`), and what each
 * leaves in unreachable blocks, which the renaming never visits. For every promoted alloca, in
 * this order:
 *
 * 1. **A single store** (`rewriteSingleStoreAlloca`): every load the store dominates takes the
 *    stored value; a store of a non-instruction (constant, argument, global) counts as dominating
 *    every load. Dominance is the DominatorTree's: a load in an unreachable block is dominated by
 *    anything, a store in an unreachable block dominates no reachable block; in the store's own
 *    block, only the loads after it. If every load was rewritten, the store goes too and the
 *    alloca is done; else the rewritten loads stay rewritten and the rest goes on.
 * 2. **All uses in one block** (`promoteSingleBlockAlloca`): the loads, in the order of the
 *    alloca's use list (reverse textual order for a function read from text, as `opt` reads it),
 *    take the value of the nearest store above them, `undef` if the alloca has no store at all.
 *    At the first load with a store below it but none above, it gives up: the loads rewritten so
 *    far stay rewritten, and the rest goes on. Else the stores go too and the alloca is done.
 * 3. **The general renaming**: phis at the iterated dominance frontier of the stores, then a walk
 *    over the blocks reachable from the entry. Loads and stores in unreachable blocks are left,
 *    and the alloca, when deleted, is replaced by `poison` in them.
 *
 * A load whose replacement would be itself (only in unreachable code: a single store or the
 * nearest store storing that very load) takes `poison`.
 *
 * Reachable blocks need no such prediction: whatever path rewrote a load there, its value is
 * what `equiv` proves. In unreachable blocks nothing executes, so nothing semantic is to prove,
 * but the instructions must still be the ones LLVM leaves: this is what mem2reg.ts compares them
 * against. test/fixtures/llvm/paths.ll has a function per path and case, with opt-14's output.
 */
import type { LlvmFunction, LlvmInstr, LlvmLoad, LlvmStore, LlvmValue } from "./ir.js";
import type { Pos, Promotion } from "./promote.js";
import type { BlockDominators } from "../dominators.js";

/**
 * What mem2reg does to a load or store of a promoted alloca in an unreachable block: removes it
 * (a store), replaces a load by a value (`null`: `undef` or `poison`), or leaves it (absent).
 */
export type UnreachableFate = { kind: "removed" } | { kind: "replaced"; value: LlvmValue | null };

/** How mem2reg promoted an alloca: which of the three ways finished it. */
export type PromotionPath = "single store" | "single block" | "renaming";

interface Access {
  instr: LlvmLoad | LlvmStore;
  pos: Pos;
}

export interface UnreachablePrediction {
  fates: Map<LlvmInstr, UnreachableFate>;
  /** The way each promoted alloca with loads or stores in unreachable blocks was finished. */
  paths: Map<string, PromotionPath>;
}

export function unreachablePrediction(
  fn: LlvmFunction,
  prom: Promotion,
  reachable: Uint8Array,
  /** The function's block dominators, made on the first call and the same object after (the adapter's, shared with its other questions of dominance). */
  blockDominators: () => BlockDominators,
): UnreachablePrediction {
  const fates = new Map<LlvmInstr, UnreachableFate>();
  const paths = new Map<string, PromotionPath>();
  // most functions have no unreachable block: nothing to predict, and no accesses to collect
  if (reachable.indexOf(0) < 0) return { fates, paths };
  // the loads and stores of each promoted alloca, directly or through an alias, in textual order
  const accesses = new Map<string, Access[]>();
  let anyUnreachable = false;
  for (let b = 0; b < fn.blocks.length; b++) {
    const instrs = fn.blocks[b].instrs;
    for (let i = 0; i < instrs.length; i++) {
      const ins = instrs[i];
      if ((ins.op !== "load" && ins.op !== "store") || ins.ptr.kind !== "local") continue;
      const a = prom.promoted.has(ins.ptr.name) ? ins.ptr.name : prom.aliases.get(ins.ptr.name);
      if (a === undefined) continue;
      let list = accesses.get(a);
      if (!list) accesses.set(a, (list = []));
      list.push({ instr: ins, pos: { b, i } });
      if (!reachable[b]) anyUnreachable = true;
    }
  }
  if (!anyUnreachable) return { fates, paths };

  const params = new Set(fn.params);
  /** The DominatorTree's answer: an unreachable block is dominated by anything, and dominates nothing reachable. */
  const dominates = (a: number, b: number): boolean => {
    if (!reachable[b]) return true;
    if (!reachable[a]) return false;
    return blockDominators().dominates(a, b);
  };
  const isInstruction = (v: LlvmValue) => v.kind === "local" && !params.has(v.name);
  const valueFor = (load: LlvmLoad, stored: LlvmValue): LlvmValue | null => (stored.kind === "local" && stored.name === load.result ? null : stored);

  for (const [name, list] of accesses) {
    if (!list.some((x) => !reachable[x.pos.b])) continue;
    const loads = list.filter((x): x is Access & { instr: LlvmLoad } => x.instr.op === "load");
    const stores = list.filter((x): x is Access & { instr: LlvmStore } => x.instr.op === "store");
    const rewritten = new Map<LlvmLoad, LlvmValue | null>();
    let path: PromotionPath = "renaming";
    if (stores.length === 1) {
      const s = stores[0];
      const anywhere = !isInstruction(s.instr.value);
      for (const l of loads)
        if (anywhere || (l.pos.b === s.pos.b ? s.pos.i < l.pos.i : dominates(s.pos.b, l.pos.b))) rewritten.set(l.instr, valueFor(l.instr, s.instr.value));
      if (rewritten.size === loads.length) path = "single store";
    }
    if (path === "renaming" && list.every((x) => x.pos.b === list[0].pos.b)) {
      let done = true;
      for (let k = loads.length - 1; k >= 0; k--) {
        const l = loads[k];
        if (rewritten.has(l.instr)) continue;
        let above: (Access & { instr: LlvmStore }) | undefined;
        for (const s of stores) if (s.pos.i < l.pos.i && (above === undefined || s.pos.i > above.pos.i)) above = s;
        if (above !== undefined) rewritten.set(l.instr, valueFor(l.instr, above.instr.value));
        else if (stores.length === 0) rewritten.set(l.instr, null);
        else {
          done = false;
          break;
        }
      }
      if (done) path = "single block";
    }
    paths.set(name, path);
    for (const x of list) {
      if (reachable[x.pos.b]) continue;
      if (x.instr.op === "store") {
        if (path !== "renaming") fates.set(x.instr, { kind: "removed" });
      } else if (rewritten.has(x.instr)) fates.set(x.instr, { kind: "replaced", value: rewritten.get(x.instr)! });
    }
  }
  return { fates, paths };
}
