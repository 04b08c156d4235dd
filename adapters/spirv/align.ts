/**
 * `same_instructions` for `spirv-opt --ssa-rewrite`: the module after the pass must be the
 * module before it with exactly the pass's changes, and nothing else:
 * - the loads of promoted variables in reachable blocks are gone, every use of such a load's
 *   result now names its replacement (one replacement per load, on which all its users agree);
 * - each reachable block may start with new `OpPhi`s (the pass inserts them before the block's
 *   first instruction, so before any phi the block had);
 * - the preamble may hold new `OpUndef`s (appended to the types and values), names and
 *   decorations of removed loads are gone, and new phis may carry the `RelaxedPrecision`
 *   decoration of their variable.
 * Everything else corresponds one to one, in order: the same opcodes and literal words, and ids
 * that correspond consistently across the whole module (a one-to-one map, built as the
 * instructions align: ids are never compared by number, so before and after may each be binary
 * or text). Whatever else differs is a failure at its place in both inputs.
 */
import { IdTable } from "./binary.js";
import { Op, type SpvInstruction, type SpvModule } from "./module.js";
import { reachableLabels, type ModuleParts } from "./structure.js";

/** One failure of `same_instructions`. */
export interface AlignFailure {
  /** The function it is in (its index in the before module), or -1 for the preamble. */
  fn: number;
  /** The block's label in the before module (0 where there is none). */
  label: number;
  before?: SpvInstruction;
  after?: SpvInstruction;
  message: string;
}

/** A phi the pass added: its instruction, its block (after label), and its operands as (value, parent label) pairs. */
export interface NewPhi {
  instruction: SpvInstruction;
  /** The block's label in the before module. */
  label: number;
  pairs: Array<[number, number]>;
}

/** Ids to ids: a `Map`, or an `IdMap`. */
export interface IdLookup {
  get(id: number): number | undefined;
}

/**
 * A map from a module's ids to ids (never 0) in a table indexed by the id where the module's
 * bound allows (binary.ts `IdTable`): the alignment maps every id of both modules, tens of
 * thousands in a fuzz batch, and a `Map` of them was most of the alignment's time.
 */
export class IdMap implements IdLookup {
  private readonly table: IdTable;
  constructor(module: SpvModule) {
    this.table = new IdTable(module.bound, 4 * module.instructions.length + 1024);
  }
  get(id: number): number | undefined {
    const v = this.table.get(id);
    return v === 0 ? undefined : v;
  }
  has(id: number): boolean {
    return this.table.get(id) !== 0;
  }
  set(id: number, to: number): void {
    this.table.set(id, to);
  }
}

export interface Alignment {
  /** Before id -> after id, for everything that stays. */
  readonly corr: IdLookup;
  /** After id -> before id. */
  readonly inv: IdLookup;
  /** Removed load (before id) -> the after id its users now name; absent for a load nobody used. */
  readonly repl: IdLookup;
  /** Before loads the pass removes (promoted variables, reachable blocks). */
  readonly removed: { has(id: number): boolean };
  /** The after `OpStore` each kept before `OpStore` aligned with (what pair.ts asks of the others is their ids). */
  readonly counterpart: ReadonlyMap<SpvInstruction, SpvInstruction>;
  /** New phis, by after id. */
  readonly newPhis: ReadonlyMap<number, NewPhi>;
  /** The new phis of each function (by its index in the before module), in the order of `newPhis`. */
  readonly newPhisOf: readonly (readonly NewPhi[])[];
  /** Ids of `OpUndef`s in the after module (new or old). */
  readonly undefs: ReadonlySet<number>;
  readonly failures: AlignFailure[];
}

/** At most this many failures are kept per block: one difference usually shifts all that follows. */
const MAX_PER_BLOCK = 3;

const DECORATIONS: ReadonlySet<number> = new Set([Op.Decorate, Op.DecorateId, Op.DecorateString, Op.MemberDecorate, Op.MemberDecorateString]);

/** The loads the pass removes: those of promoted variables in blocks reachable from the function's entry. */
export function removedLoads(before: ModuleParts, promoted: ReadonlyArray<ReadonlySet<number>>): IdMap {
  const removed = new IdMap(before.module);
  before.functions.forEach((fn, f) => {
    const live = reachableLabels(fn);
    for (const b of fn.blocks) if (live.has(b.label)) for (const i of b.body) if (i.opcode === Op.Load && promoted[f].has(i.operands[0])) removed.set(i.result, 1);
  });
  return removed;
}

/**
 * What a module's original CFGs need of an alignment, without an after module (`construct`):
 * which loads the pass would remove; nothing corresponds, nothing is added.
 */
export function beforeOnly(before: ModuleParts, promoted: ReadonlyArray<ReadonlySet<number>>): Alignment {
  return { corr: new Map(), inv: new Map(), repl: new Map(), removed: removedLoads(before, promoted), counterpart: new Map(), newPhis: new Map(), newPhisOf: before.functions.map(() => []), undefs: new Set(), failures: [] };
}

/**
 * Aligns the two modules. `promoted[f]` holds the promoted variables of the before module's
 * function `f` (structure.ts `functionVariables`).
 */
export function align(before: ModuleParts, after: ModuleParts, promoted: ReadonlyArray<ReadonlySet<number>>): Alignment {
  const corr = new IdMap(before.module);
  const inv = new IdMap(after.module);
  const repl = new IdMap(before.module);
  const removed = removedLoads(before, promoted);
  const counterpart = new Map<SpvInstruction, SpvInstruction>();
  const newPhis = new Map<number, NewPhi>();
  const newPhisOf: NewPhi[][] = before.functions.map(() => []);
  const undefs = new Set<number>();
  const failures: AlignFailure[] = [];
  const B = before.module;
  const A = after.module;

  // 1. the loads the pass removes, and the phis it adds (by position: new phis lead their block)
  const fnCount = Math.min(before.functions.length, after.functions.length);
  if (before.functions.length !== after.functions.length)
    failures.push({ fn: -1, label: 0, message: `${before.functions.length} functions before, ${after.functions.length} after` });
  const leadingPhis = (body: readonly SpvInstruction[]) => {
    let n = 0;
    while (n < body.length && body[n].opcode === Op.Phi) n++;
    return n;
  };
  for (let f = 0; f < fnCount; f++) {
    const fb = before.functions[f];
    const fa = after.functions[f];
    for (let k = 0; k < Math.min(fb.blocks.length, fa.blocks.length); k++) {
      const added = leadingPhis(fa.blocks[k].body) - leadingPhis(fb.blocks[k].body);
      for (let p = 0; p < added; p++) {
        const i = fa.blocks[k].body[p];
        const pairs: Array<[number, number]> = [];
        for (let w = 0; w + 1 < i.operands.length; w += 2) pairs.push([i.operands[w], i.operands[w + 1]]);
        const phi = { instruction: i, label: fb.blocks[k].label, pairs };
        newPhis.set(i.result, phi);
        newPhisOf[f].push(phi);
      }
    }
  }
  for (const i of after.preamble) if (i.opcode === Op.Undef) undefs.add(i.result);

  // 2. unification of ids as instructions align
  const unify = (b: number, a: number): string | undefined => {
    if (removed.has(b)) {
      const r = repl.get(b);
      if (r === undefined) repl.set(b, a);
      else if (r !== a) return `the removed load %${B.idName(b)} is replaced by %${A.idName(r)} in one place and by %${A.idName(a)} in another`;
      return undefined;
    }
    const c = corr.get(b);
    if (c !== undefined) return c === a ? undefined : `%${B.idName(b)} corresponds to %${A.idName(c)} elsewhere, but to %${A.idName(a)} here`;
    if (newPhis.has(a)) return `%${A.idName(a)} is a phi the pass added, but here it stands for %${B.idName(b)}, which is not a removed load`;
    const d = inv.get(a);
    if (d !== undefined) return `%${A.idName(a)} corresponds to %${B.idName(d)} elsewhere, but to %${B.idName(b)} here`;
    corr.set(b, a);
    inv.set(a, b);
    return undefined;
  };
  /**
   * Why two instructions do not correspond, or undefined when they do. Their ids are unified
   * wherever the two have the same layout of ids, even when the opcodes or literals differ, so
   * that one changed instruction does not also hide the replacements of the loads it reads.
   */
  const compare = (b: SpvInstruction, a: SpvInstruction): string | undefined => {
    let sameLayout = (b.resultType === 0) === (a.resultType === 0) && (b.result === 0) === (a.result === 0) && b.operands.length === a.operands.length;
    for (let k = 0; k < b.operands.length && sameLayout; k++) sameLayout = b.isId[k] === a.isId[k];
    if (!sameLayout) return b.opcode !== a.opcode ? "a different instruction" : "different operands";
    let why: string | undefined = b.opcode !== a.opcode ? "a different instruction" : undefined;
    for (let k = 0; k < b.operands.length && why === undefined; k++) if (!b.isId[k] && b.operands[k] !== a.operands[k]) why = `operand ${k + 1} differs`;
    const also = (w: string | undefined) => {
      if (why === undefined) why = w;
    };
    if (b.resultType !== 0) also(unify(b.resultType, a.resultType));
    if (b.result !== 0) also(removed.has(b.result) ? `%${B.idName(b.result)} is a load the pass removes` : unify(b.result, a.result));
    for (let k = 0; k < b.operands.length; k++) if (b.isId[k]) also(unify(b.operands[k], a.operands[k]));
    if (why === undefined && b.opcode === Op.Store) counterpart.set(b, a);
    return why;
  };
  const fail = (fn: number, label: number, b: SpvInstruction | undefined, a: SpvInstruction | undefined, message: string) =>
    failures.push({ fn, label, before: b, after: a, message });

  const promotedAll = new Set<number>();
  for (const vars of promoted) for (const x of vars) promotedAll.add(x);

  /** Two instruction lists that must correspond one to one. */
  const alignLists = (fn: number, label: number, bs: readonly SpvInstruction[], as: readonly SpvInstruction[], where: string): void => {
    let shown = 0;
    const n = Math.min(bs.length, as.length);
    for (let k = 0; k < n && shown < MAX_PER_BLOCK; k++) {
      const why = compare(bs[k], as[k]);
      if (why === undefined) continue;
      const hint =
        as[k].opcode === Op.Load && bs[k].opcode !== Op.Load && promotedAll.has(inv.get(as[k].operands[0]) ?? 0)
          ? " (the pass should have removed this load of a promoted variable)"
          : "";
      fail(fn, label, bs[k], as[k], `${why}: ${B.show(bs[k])} before, ${A.show(as[k])} after${hint}`);
      shown++;
    }
    if (bs.length !== as.length && shown < MAX_PER_BLOCK) {
      const extra = bs.length > as.length ? bs[n] : as[n];
      fail(
        fn,
        label,
        bs.length > as.length ? extra : undefined,
        bs.length > as.length ? undefined : extra,
        `${where}: ${bs.length} instructions before (without the removed loads), ${as.length} after (without the new phis); ${bs.length > as.length ? `first missing after: ${B.show(extra)}` : `first extra after: ${A.show(extra)}`}`,
      );
    }
  };

  // 3. the preamble: names and decorations of removed loads aside, decorations of new phis aside;
  // the pass appends its OpUndefs to the types and values, the preamble's last section
  const targetOf = (i: SpvInstruction) => (i.operands.length > 0 && i.isId[0] ? i.operands[0] : 0);
  const bPre = before.preamble.filter((i) => !((i.opcode === Op.Name || DECORATIONS.has(i.opcode)) && removed.has(targetOf(i))));
  const aPre = after.preamble.filter((i) => !(DECORATIONS.has(i.opcode) && newPhis.has(targetOf(i))));
  let trailing = aPre.length;
  while (trailing > bPre.length && aPre[trailing - 1].opcode === Op.Undef) trailing--;
  alignLists(-1, 0, bPre, aPre.slice(0, trailing), "the preamble");

  // 4. functions, block by block
  for (let f = 0; f < fnCount; f++) {
    const fb = before.functions[f];
    const fa = after.functions[f];
    alignLists(f, 0, [fb.header, ...fb.params], [fa.header, ...fa.params], `function %${B.idName(fb.id)}`);
    if (fb.blocks.length !== fa.blocks.length)
      fail(f, 0, fb.header, fa.header, `function %${B.idName(fb.id)} has ${fb.blocks.length} blocks before, ${fa.blocks.length} after`);
    for (let k = 0; k < Math.min(fb.blocks.length, fa.blocks.length); k++) {
      const bb = fb.blocks[k];
      const ab = fa.blocks[k];
      const why = compare(bb.labelInstruction, ab.labelInstruction);
      if (why !== undefined) fail(f, bb.label, bb.labelInstruction, ab.labelInstruction, `the blocks differ: ${why}`);
      const bs = bb.body.filter((i) => !removed.has(i.result));
      const as = ab.body.filter((i) => !newPhis.has(i.result));
      alignLists(f, bb.label, bs, as, `block %${B.idName(bb.label)}`);
    }
    alignLists(f, 0, [fb.end], [fa.end], `function %${B.idName(fb.id)}`);
  }
  return { corr, inv, repl, removed, counterpart, newPhis, newPhisOf, undefs, failures };
}
