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
 * mem2reg repeats promotion until no alloca is promotable (`promoteMemoryToRegister` loops), so
 * an alloca `a` whose address was stored into allocas promoted in the first round can be promoted
 * in a second one: the loads of such a holder `p` are replaced by `a` itself, and `a`'s users are
 * then loads and stores again. This is the shape clang's always-inline leaves behind
 * (`store i32* %idx, i32** %pIdx.addr.i`, then `%0 = load i32*, i32** %pIdx.addr.i` and
 * `load i32, i32* %0`). The second round is modelled where it is decidable from the text:
 * - every user of `a` other than stores of its address into first-round allocas passes the
 *   first-round rules, and every such store is in a reachable block (mem2reg leaves the stores of
 *   unreachable blocks, with a `poison` pointer, so `a` stays a stored address there);
 * - every store into each holder `p` stores `a` itself, so that a load of `p` reads `a` or the
 *   uninitialised holder;
 * - the results of the holders' loads (aliases of `a`) pass the first-round rules as if they were
 *   `a` (only the pointer of non-volatile loads and of stores of `a`'s type, lifetime markers);
 * - for the validator, `a` is indeed gone after mem2reg (`present` is the after version's
 *   allocas): a holder load that only the uninitialised holder reaches becomes `undef`, and then
 *   mem2reg keeps `a`; the comparison of the instructions accepts either way.
 * Whether a load of `p` really reads `a` is not assumed: the adapter keeps it as a use of `p`
 * whose value must be the store of `a` (mem2reg.ts), so the equivalence check proves it, and the
 * uninitialised holder is accepted only as a refinement. A third round is not modelled: such an
 * alloca stays memory here, and the comparison reports the difference.
 */
import type { LlvmAlloca, LlvmCall, LlvmFunction, LlvmInstr, LlvmStore, LlvmValue } from "./ir.js";
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
  /** Allocas promoted in a round after the first, by name. */
  laterRounds: Set<string>;
  /** The round that promotes each promoted alloca (1, 2, ...). */
  rounds: Map<string, number>;
  /** The loads of holders of later-round allocas, by result name: the alloca whose address they read. */
  aliases: Map<string, string>;
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

export interface PromotionOptions {
  /** Blocks reachable from the entry (stores of an address there stay in unreachable ones). */
  reachable?: Uint8Array;
  /** The allocas the after version still has (validate only). */
  present?: ReadonlySet<string>;
  /**
   * Whether a load of another type than the allocated one stops promotion: LLVM 15 and later
   * (`LI->getType() != AI->getAllocatedType()` in isAllocaPromotable), not LLVM 14 (default
   * false). `"either"`: the release is not known, and the after version decides (`present`).
   */
  loadTypes?: boolean | "either";
  /** The function is `optnone` (module_context.ts): opt's passes skip it, so nothing is promoted. */
  optnone?: boolean;
}

export function promotion(fn: LlvmFunction, src: SourceText, opts: PromotionOptions = {}): Promotion {
  /** Whether the load-type rule applies to `name`. */
  const typedLoads = (name: string): boolean => (opts.loadTypes === "either" ? (opts.present?.has(name) ?? true) : opts.loadTypes === true);
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
  const laterRounds = new Set<string>();
  const rounds = new Map<string, number>();
  const aliases = new Map<string, string>();
  if (opts.optnone === true) for (const name of allocas.keys()) kept.set(name, "the function is optnone, which opt's passes skip");
  if (allocas.size === 0 || opts.optnone === true) return { promoted, removed, dropped, kept, laterRounds, rounds, aliases };
  const gepCache = new Map<LlvmInstr, boolean>();
  const users = usersOf(fn, new Set(allocas.keys()));
  const derivedUsers = usersOf(fn, derivedOf(users));
  /** What mem2reg deletes besides loads and stores when it promotes `name`. */
  const sweep = (list: { instr: LlvmInstr }[], dUsers: Map<string, { instr: LlvmInstr }[]>) => {
    for (const u of list) {
      if (isLifetime(u.instr)) removed.add(u.instr);
      else if (u.instr.op === "call") dropped.add(u.instr);
      else if (u.instr.op !== "load" && u.instr.op !== "store") {
        removed.add(u.instr);
        for (const d of dUsers.get(u.instr.result!) ?? []) {
          if (isLifetime(d.instr)) removed.add(d.instr);
          else dropped.add(d.instr);
        }
      }
    }
  };

  for (const [name, a] of allocas) {
    const why = disqualify(typedLoads(name), name, a.alloca.type, users.get(name) ?? [], derivedUsers, fn, src, gepCache);
    if (why !== null) {
      kept.set(name, why);
      continue;
    }
    promoted.set(name, a);
    rounds.set(name, 1);
    sweep(users.get(name) ?? [], derivedUsers);
  }

  // later rounds, to the fixpoint: allocas whose address only allocas promoted before hold
  const holderUsersCache = new Map<string, { instr: LlvmInstr; pos: Pos }[]>();
  /** The users of an alloca and of every alias of it found so far. */
  const usersThrough = (name: string): { instr: LlvmInstr; pos: Pos; via: string }[] => {
    const out: { instr: LlvmInstr; pos: Pos; via: string }[] = (users.get(name) ?? []).map((u) => ({ ...u, via: name }));
    for (const [x, a] of aliases) if (a === name) for (const u of holderUsersCache.get(x) ?? []) out.push({ ...u, via: x });
    return out;
  };
  /** The alloca a pointer operand stands for: the alloca itself, or the one an alias reads. */
  const resolve = (v: LlvmValue): string | undefined =>
    v.kind !== "local" ? undefined : allocas.has(v.name) ? v.name : aliases.get(v.name);
  for (let round = 2; ; round++) {
    const found: { name: string; mine: string[]; rest: { instr: LlvmInstr; pos: Pos; via: string }[] }[] = [];
    for (const [name] of allocas) {
      if (promoted.has(name) || opts.present?.has(name)) continue;
      const r = laterRound(name);
      if (r !== null) found.push({ name, ...r });
    }
    if (found.length === 0) break;
    for (const f of found) {
      promoted.set(f.name, allocas.get(f.name)!);
      kept.delete(f.name);
      laterRounds.add(f.name);
      rounds.set(f.name, round);
      sweep(f.rest, derivedUsers);
      for (const x of f.mine) aliases.set(x, f.name);
    }
    const fresh = new Set(found.flatMap((f) => f.mine));
    for (const [x, list] of usersOf(fn, fresh)) holderUsersCache.set(x, list);
    const freshDerived = usersOf(fn, derivedOf(usersOf(fn, fresh)));
    for (const [x, list] of freshDerived) derivedUsers.set(x, list);
    for (const x of fresh) sweep(holderUsersCache.get(x) ?? [], derivedUsers);
  }

  /**
   * Whether `name` becomes promotable once the allocas promoted so far are gone: the aliases
   * (holder loads that will read its address) and the users left besides the stores of its
   * address into holders, or null.
   */
  function laterRound(name: string): { mine: string[]; rest: { instr: LlvmInstr; pos: Pos; via: string }[] } | null {
    // no store of its address at all: no holder, so its users are the ones that disqualified it in
    // the first round (with the same derived users), and still do
    if (!(users.get(name) ?? []).some((u) => u.instr.op === "store" && u.instr.value.kind === "local" && u.instr.value.name === name)) return null;
    const type = allocas.get(name)!.alloca.type;
    const values = new Set<string>([name]);
    const holders = new Set<string>();
    const rest: { instr: LlvmInstr; pos: Pos; via: string }[] = [];
    const mine: string[] = [];
    const work: { instr: LlvmInstr; pos: Pos; via: string }[] = usersThrough(name);
    const holderStores = new Map<string, { instr: LlvmStore; pos: Pos }[]>();
    const holderLoads = new Map<string, { instr: LlvmInstr; pos: Pos }[]>();
    const addHolder = (h: string): boolean => {
      if (holders.has(h)) return true;
      holders.add(h);
      const stores: { instr: LlvmStore; pos: Pos }[] = [];
      const loads: { instr: LlvmInstr; pos: Pos }[] = [];
      for (const u of usersThrough(h)) {
        if (u.instr.op === "store" && resolve(u.instr.ptr) === h) stores.push({ instr: u.instr, pos: u.pos });
        else if (u.instr.op === "load" && resolve(u.instr.ptr) === h) loads.push(u);
      }
      holderStores.set(h, stores);
      holderLoads.set(h, loads);
      const stored = storeReaches(fn, stores.map((s) => s.pos));
      for (const { instr: u, pos } of loads) {
        // a load that no store reaches becomes `undef` when its holder is promoted, one in an
        // unreachable block keeps reading its (poison) holder: neither is an alias
        if (u.result === null || (opts.reachable !== undefined && !opts.reachable[pos.b]) || !stored(pos)) continue;
        if (values.has(u.result)) continue;
        values.add(u.result);
        mine.push(u.result);
        for (const v of usersOf(fn, new Set([u.result])).get(u.result) ?? []) work.push({ ...v, via: u.result });
      }
      return true;
    };
    while (work.length > 0) {
      const u = work.pop()!;
      const i = u.instr;
      const holder = i.op === "store" && i.value.kind === "local" && i.value.name === u.via ? resolve(i.ptr) : undefined;
      if (holder !== undefined && promoted.has(holder)) {
        // mem2reg leaves the stores of unreachable blocks, with a `poison` pointer, so the
        // address stays stored there
        if (opts.reachable !== undefined && !opts.reachable[u.pos.b]) return null;
        addHolder(holder);
      } else rest.push(u);
    }
    // every store into a holder stores this alloca's address, so its loads read nothing else
    for (const h of holders) for (const s of holderStores.get(h)!) if (!(s.instr.value.kind === "local" && values.has(s.instr.value.name))) return null;
    const restUsers = new Map<string, { instr: LlvmInstr; pos: Pos }[]>();
    for (const u of rest) {
      let list = restUsers.get(u.via);
      if (!list) restUsers.set(u.via, (list = []));
      list.push(u);
    }
    const extraDerived = usersOf(fn, derivedOf(usersOf(fn, new Set(mine))));
    const allDerived = extraDerived.size === 0 ? derivedUsers : new Map([...derivedUsers, ...extraDerived]);
    for (const [via, list] of restUsers) if (disqualify(typedLoads(name), via, type, list, allDerived, fn, src, gepCache) !== null) return null;
    return { mine, rest };
  }
  return { promoted, removed, dropped, kept, laterRounds, rounds, aliases };
}

/**
 * Whether one of the stores at `stores` reaches the position on some path from the entry (mem2reg
 * gives a load that none reaches `undef`; where some does, its phis of the one stored value and
 * `undef` simplify to that value).
 */
function storeReaches(fn: LlvmFunction, stores: Pos[]): (at: Pos) => boolean {
  const index = new Map<string, number>();
  fn.blocks.forEach((b, i) => index.set(b.label, i));
  const firstStore = new Int32Array(fn.blocks.length).fill(-1);
  for (const s of stores) if (firstStore[s.b] < 0 || s.i < firstStore[s.b]) firstStore[s.b] = s.i;
  // blocks entered with a store behind: forward from every block holding one
  const reachIn = new Uint8Array(fn.blocks.length);
  const stack = stores.map((s) => s.b);
  const seen = new Uint8Array(fn.blocks.length);
  while (stack.length > 0) {
    const b = stack.pop()!;
    if (seen[b]) continue;
    seen[b] = 1;
    for (const t of fn.blocks[b].succs) {
      const k = index.get(t);
      if (k === undefined || reachIn[k]) continue;
      reachIn[k] = 1;
      stack.push(k);
    }
  }
  return (at) => reachIn[at.b] === 1 || (firstStore[at.b] >= 0 && firstStore[at.b] < at.i);
}

/** Results of bitcasts, zero GEPs and addrspacecasts of the names: their own users decide. */
function derivedOf(users: Map<string, { instr: LlvmInstr }[]>): Set<string> {
  const derived = new Set<string>();
  for (const [name, list] of users)
    for (const u of list)
      if ((u.instr.op === "bitcast" || u.instr.op === "getelementptr" || u.instr.op === "addrspacecast") && u.instr.result !== null && u.instr.operands[0] === name)
        derived.add(u.instr.result);
  return derived;
}

/** Why `name` is not promotable, or null if it is. */
function disqualify(
  typedLoads: boolean,
  name: string,
  allocatedType: string,
  users: { instr: LlvmInstr; pos: Pos }[],
  derivedUsers: Map<string, { instr: LlvmInstr; pos: Pos }[]>,
  fn: LlvmFunction,
  src: SourceText,
  /** Per getelementptr already looked at: whether it has an index other than the constant 0. */
  zeroIndexCache?: Map<LlvmInstr, boolean>,
): string | null {
  const type = normType(allocatedType);
  for (const { instr: u, pos } of users) {
    switch (u.op) {
      case "load":
        if (u.volatile) return `volatile load at line ${u.line}`;
        if (!(u.ptr.kind === "local" && u.ptr.name === name)) return `used by a load at line ${u.line} other than as its pointer`;
        if (typedLoads && u.type !== allocatedType && normType(u.type) !== type) return `load of another type (${u.type}) at line ${u.line}, which LLVM 15 and later do not promote`;
        continue;
      case "store":
        if (u.value.kind === "local" && u.value.name === name) return `its address is stored at line ${u.line}`;
        if (!(u.ptr.kind === "local" && u.ptr.name === name)) return `used by a store at line ${u.line} other than as its pointer`;
        if (u.type !== allocatedType && normType(u.type) !== type) return `store of another type (${u.type}) at line ${u.line}`;
        if (u.volatile) return `volatile store at line ${u.line}`;
        continue;
      case "call":
        if (u.intrinsic === "lifetime.start" || u.intrinsic === "lifetime.end") continue;
        if (isDroppableUse(u, name)) continue;
        return `passed to a call at line ${u.line}`;
      case "bitcast":
      case "getelementptr":
      case "addrspacecast": {
        if (u.operands[0] !== name || u.result === null) return `used by ${u.op} at line ${u.line} other than as its operand`;
        if (u.op === "getelementptr") {
          let nonZero = zeroIndexCache?.get(u);
          if (nonZero === undefined) {
            const shape = shapeOf(src, src.instruction(fn, pos.b, pos.i), u.line);
            const idx = shape.holes.slice(1);
            nonZero = idx.some((h) => h.kind !== "value" || h.value.kind !== "const" || h.value.text !== "0");
            zeroIndexCache?.set(u, nonZero);
          }
          if (nonZero) return `getelementptr with a non-zero index at line ${u.line}`;
        }
        for (const d of derivedUsers.get(u.result) ?? []) {
          if (isLifetime(d.instr)) continue;
          if (u.op !== "addrspacecast" && isDroppableUse(d.instr, u.result)) continue;
          return `${u.op} at line ${u.line} has a user other than lifetime markers (line ${d.instr.line})`;
        }
        continue;
      }
      default:
        return `used by ${u.op} at line ${u.line}`;
    }
  }
  return null;
}
