/**
 * One function of hermesc before its SSA builder (SimpleMem2Reg of Hermes V1, or the legacy
 * Mem2Reg of V1 and of Hermes 0.12) and after it, as a pair of exchange-format documents on the
 * same blocks and statements (docs/hermes.md says it for users).
 *
 * What the builders do, read in lib/Optimizer/Scalar/SimpleMem2Reg.cpp and Mem2Reg.cpp and
 * observed on their dumps: stack slots (`AllocStackInst $x`) that only `LoadStackInst` and
 * `StoreStackInst` use, and that are safe (V1: stored from at most one try region; legacy: not
 * used under a try or catch) become SSA values: each load is replaced by a value (a stored one,
 * a new `PhiInst`, or `undefined` where no store reaches) and the stores and the slot go. Before
 * that, in every block and for every slot, a load after a store or load of the same slot is
 * replaced by that value (forwarded loads) and a store followed by another store of the slot is
 * removed (removed stores); slots left with stores only are removed with them (store-only
 * slots); SimpleMem2Reg ends by folding every phi whose operands other than itself are one value
 * into that value, the builder's and IRGen's alike (folded phis); legacy Mem2Reg leaves the
 * promoted slots' allocations behind, places phis that nothing reads, and forwards frame loads
 * and removes frame stores in a block too (`LoadFrameInst`, `StoreFrameInst`). Nothing else
 * changes: the blocks and their order, every other instruction, in order, with the same operands
 * (a removed load's or folded phi's users take its replacement).
 *
 * The original CFG. Blocks: the reachable ones, in the dump's order (block ids are the before
 * dump's labels, `BB3`); predecessors one per edge, from the terminators' block operands. If the
 * first block has predecessors, an empty block `entry` comes first. Variables: the promoted
 * slots (named after their labels, `x`, `x#2` for a second slot of one name). Statements, in
 * instruction order: the allocation `{defs: [x]}` (a fresh slot holds `undefined`, which both
 * builders put where no store reaches: the wildcards of `--undef refine`), a store `{defs: [x]}`,
 * a load whose value is read `{uses: [x]}`.
 *
 * The SSA CFG: `x.init` for the allocation, `x.BB3.2` for the store of statement 2 of BB3, the
 * builder's phis under their after numbers (`%22`), and a phi of the model's own `x.BB3.merge`
 * where definitions of one value meet that the builder saw as one ("equal values merged"). Each
 * load's replacement, and each argument of a new phi at the end of its predecessor, is mapped
 * to an SSA value of the variable by the backward search of search.ts; the checks then judge it.
 *
 * The producer's checks. `same_instructions`: the pairing above holds, every removed load or
 * folded phi is replaced consistently, and the extras that do not make SSA are right where they
 * are: a slot that stays (kept: it has other users, or is unsafe) may lose a load only to the
 * value of the store or load before it in its block, and a store only to a later store in its
 * block, with nothing between that may read the slot, nor throw where the slot is read after an
 * enclosing handler; a folded phi's operands other than itself are one value, which its users
 * get and which is computed before the phi's block; a frame load or store (legacy) likewise,
 * with nothing between that may run code writing or reading the variable, unless no other
 * function touches it. `covered`: every instruction kind is known (kinds.ts), and no promoted
 * slot is stored inside a try region and read after its handler (the model has the edges of the
 * try instructions only, not one from every instruction that may throw to the handler: such a
 * function is not covered, rather than certified on a CFG that lacks the exceptional paths).
 */
import type { AdapterFailure, FunctionPair, PhiDifference, RefinedValue, StatementPlace, UndominatedUse } from "../adapter.js";
import type { BlockDoc, FunctionDoc, PhiDoc, StmtDoc } from "../../io/format.js";
import { BlockDominators } from "../dominators.js";
import type { HermesBlock, HermesFunction, HermesInstr, HermesOperand } from "./dump.js";
import { ALLOC, DIRECT_EVAL, isInert, isTerminator, knownKind, LOAD, LOAD_FRAME, PHI, STORE, STORE_FRAME, TRY_END, TRY_START, type HermesSyntax } from "./kinds.js";
import { ValueSearch, type SearchTables } from "./search.js";

/** A use of a removed load's or phi argument's replacement: `load N` (the load %N), or `phi N K` (argument K, in predecessor order, of the phi %N). */
type UndominatedKey = `load ${string}` | `phi ${string} ${number}`;

export const SAME_INSTRUCTIONS = "same_instructions";
export const COVERED = "covered";

/** What the legacy frame rules need of the whole module (module.ts). */
export interface ModuleFacts {
  /** Whether every function the dump's functions create is in it (else nothing is known of the others). */
  complete: boolean;
  /** Frame variable (`x@f`, frameVar) -> the functions that store it (by name), in any of their dumps. */
  stores: Map<string, Set<string>>;
  /** Frame variable -> the functions that load it. */
  loads: Map<string, Set<string>>;
  /** Frame variable -> the function that declares it (where it is written without `@`). */
  owner: Map<string, string>;
  /** Functions whose frame may be resumed while a closure runs (generators, async). */
  resumable: Set<string>;
  /** Function -> the functions it creates (closures, generators). */
  children: Map<string, Set<string>>;
}

export interface PairOptions {
  syntax: HermesSyntax;
  /** The builder, where the dump's section titles say (`SimpleMem2Reg`, `Mem2Reg`; the legacy compiler's is Mem2Reg). */
  builder?: string;
  /** The name reports give the function (`f`, or `f (SimpleMem2Reg #2)` for a later run). */
  name: string;
  /** For the legacy frame rules. */
  module?: ModuleFacts;
}

/** Item kinds of a block: the slot and frame accesses and phis, which the builders change, and the rest. */
const enum K {
  Other,
  Alloc,
  Load,
  Store,
  Phi,
  FLoad,
  FStore,
}

interface Item {
  k: K;
  /** Load, Store: the slot's allocation (before: its result number); FLoad, FStore: the frame variable's key. */
  slot: number;
  fvar: string;
}

const NONE = -1;

/** The after-dump key of an operand's value: `%12`, or the value's text. */
const keyOf = (o: HermesOperand): string => o.value;

/**
 * A frame variable operand -> its key: the variable's name and the function that declares it
 * (legacy `[x#2]` in f and `[x#1@f]` in another function are both `x@f`; the printer numbers
 * scopes anew in every dump, so the numbers are left out), V1 `[%VS1.x]` -> `x` (V1's builders
 * never touch frames: the key only pairs a function's accesses before and after). Two scopes of
 * one function with a variable of one name are one key: more accesses, never fewer.
 */
export function frameVar(o: HermesOperand | undefined, fn: string): string {
  if (o === undefined || !o.value.startsWith("[")) return "";
  const inner = o.value.slice(1, -1);
  if (inner.startsWith("%")) return inner.replace(/^%VS\d+\./, "");
  const at = inner.lastIndexOf("@");
  const name = (at > 0 ? inner.slice(0, at) : inner).replace(/#\d+$/, "");
  const owner = at > 0 ? inner.slice(at + 1).replace(/^"(.*)"$/, "$1") : fn;
  return `${name}@${owner}`;
}

/** The numbers the printer gives scopes anew in every dump: V1 `%VS3`, legacy `#2` in `x#2`, `%S{f#0#1()#2}`. */
const SCOPE_NUMBER = /%VS(\d+)|#(\d+)/g;

class Builder {
  private readonly failures: AdapterFailure[] = [];
  private readonly uncovered: AdapterFailure[] = [];
  private readonly differences: PhiDifference[] = [];
  private readonly nb: number;
  private readonly B: HermesBlock[];
  private readonly A: HermesBlock[];
  /** Result number -> place, per side. */
  private readonly placeB = new Map<number, { b: number; i: number }>();
  private readonly placeA = new Map<number, { b: number; i: number }>();
  private readonly labelB = new Map<number, number>();
  private readonly labelA = new Map<number, number>();
  private readonly itemsB: Item[][] = [];
  private readonly itemsA: Item[][] = [];
  private readonly succs: number[][] = [];
  private readonly reachable: Uint8Array;
  private readonly preds: number[][] = [];
  /** Before place (b, i) -> after index in block b, for the instructions that stay. */
  private readonly keptB: Int32Array[] = [];
  /** After index -> before index, per block (-1: added). */
  private readonly keptA: Int32Array[] = [];
  /** Before result -> after result, for instructions that stay. */
  private readonly resB2A = new Map<number, number>();
  private readonly resA2B = new Map<number, number>();
  /** Before slot -> after slot. */
  private readonly slotMap = new Map<number, number>();
  /** Removed loads and folded phis (before results) -> what their users read instead (after keys). */
  private readonly repl = new Map<number, string>();
  private readonly replLine = new Map<number, number>();
  /** Blocks whose instructions could not be paired (their failure is reported; the model leaves their uses out). */
  private readonly misaligned = new Set<number>();
  /** Promoted slots (before results), in order, and their variable names. */
  private readonly vars: number[] = [];
  private readonly varOfSlot = new Map<number, number>();
  private readonly varNames: string[] = [];
  /** Slots that stay after the builder (kept). */
  private readonly keptSlots = new Set<number>();
  /** New phis (reachable blocks): after result -> block, after index, variable. */
  private readonly newPhis = new Map<number, { b: number; j: number; v: number }>();
  private doms: BlockDominators | undefined;

  constructor(
    private readonly before: HermesFunction,
    private readonly after: HermesFunction,
    private readonly opts: PairOptions,
  ) {
    this.B = before.blocks;
    this.A = after.blocks;
    this.nb = this.B.length;
    this.reachable = new Uint8Array(this.nb);
  }

  private fail(b: number, line: number, message: string, afterLine?: number): void {
    this.failures.push({ block: this.blockId(b), line, ...(afterLine !== undefined ? { after_line: afterLine } : {}), message });
  }

  private notCovered(b: number, line: number, message: string, afterLine?: number): void {
    if (this.uncovered.some((f) => f.message === message)) return;
    this.uncovered.push({ block: this.blockId(b), line, ...(afterLine !== undefined ? { after_line: afterLine } : {}), message: `not covered: ${message}` });
  }

  private blockId(b: number): string {
    return b < 0 || b >= this.nb ? "entry" : `BB${this.B[b].label}`;
  }

  private dominators(): BlockDominators {
    return (this.doms ??= new BlockDominators(this.succs));
  }

  // --- 1. blocks, edges, items ------------------------------------------------------------

  private readBlocks(): boolean {
    const syntax = this.opts.syntax;
    this.B.forEach((blk, b) => this.labelB.set(blk.label, b));
    this.A.forEach((blk, b) => this.labelA.set(blk.label, b));
    const index = (fn: HermesFunction, place: Map<number, { b: number; i: number }>) =>
      fn.blocks.forEach((blk, b) =>
        blk.instrs.forEach((ins, i) => {
          if (ins.result !== null) place.set(ins.result, { b, i });
        }),
      );
    index(this.before, this.placeB);
    index(this.after, this.placeA);
    // unknown kinds: the function is not covered (reported once per kind)
    const seen = new Set<string>();
    for (const [fn, side] of [
      [this.before, "before"],
      [this.after, "after"],
    ] as const)
      fn.blocks.forEach((blk, b) =>
        blk.instrs.forEach((ins) => {
          if (knownKind(syntax, ins.kind) || seen.has(ins.kind)) return;
          seen.add(ins.kind);
          const where = side === "before" ? { line: ins.line } : { line: this.B[Math.min(b, this.nb - 1)]?.line ?? this.before.line, after: ins.line };
          this.notCovered(b, where.line, `the instruction kind ${ins.kind} (line ${ins.line} ${side} the pass) is not one the adapter knows (adapters/hermes/kinds.ts)`, where.after);
        }),
      );
    for (let b = 0; b < this.nb; b++) {
      const blk = this.B[b];
      const last = blk.instrs[blk.instrs.length - 1];
      const out: number[] = [];
      if (last === undefined) this.fail(b, blk.line, `block %BB${blk.label} is empty`);
      else if (!isTerminator(syntax, last.kind) && knownKind(syntax, last.kind)) this.fail(b, last.line, `block %BB${blk.label} ends with ${last.kind}, which ends no block`);
      else
        for (const o of last.operands)
          if (o.kind === "block") {
            const t = this.labelB.get(o.n);
            if (t === undefined) this.fail(b, last.line, `${o.value} is no block of the function`);
            else out.push(t);
          }
      this.succs.push(out);
    }
    this.itemsB.push(...this.B.map((blk) => blk.instrs.map((ins) => this.item(ins, this.placeB, this.before))));
    this.itemsA.push(...this.A.map((blk) => blk.instrs.map((ins) => this.item(ins, this.placeA, this.after))));
    // reachability, predecessors one per edge (in block order, then successor order)
    const stack = [0];
    if (this.nb > 0) this.reachable[0] = 1;
    while (stack.length > 0) {
      const b = stack.pop()!;
      for (const s of this.succs[b])
        if (!this.reachable[s]) {
          this.reachable[s] = 1;
          stack.push(s);
        }
    }
    for (let b = 0; b < this.nb; b++) this.preds.push([]);
    for (let b = 0; b < this.nb; b++) if (this.reachable[b]) for (const s of this.succs[b]) this.preds[s].push(b);
    if (this.A.length !== this.nb) {
      this.fail(0, this.before.line, `${this.nb} blocks before the pass, ${this.A.length} after (the SSA builders do not change the CFG)`, this.after.line);
      return false;
    }
    return true;
  }

  private item(ins: HermesInstr, place: Map<number, { b: number; i: number }>, fn: HermesFunction): Item {
    const isAlloc = (o: HermesOperand | undefined) => {
      if (o === undefined || o.kind !== "instr") return false;
      const p = place.get(o.n);
      return p !== undefined && fn.blocks[p.b].instrs[p.i].kind === ALLOC;
    };
    switch (ins.kind) {
      case ALLOC:
        return { k: K.Alloc, slot: ins.result ?? NONE, fvar: "" };
      case LOAD:
        if (ins.operands.length === 1 && isAlloc(ins.operands[0])) return { k: K.Load, slot: ins.operands[0].n, fvar: "" };
        break;
      case STORE:
        if (ins.operands.length === 2 && isAlloc(ins.operands[1])) return { k: K.Store, slot: ins.operands[1].n, fvar: "" };
        break;
      case PHI:
        return { k: K.Phi, slot: NONE, fvar: "" };
      case LOAD_FRAME: {
        const v = frameVar(ins.operands.find((o) => o.value.startsWith("[")), fn.name);
        if (v !== "") return { k: K.FLoad, slot: NONE, fvar: v };
        break;
      }
      case STORE_FRAME: {
        const v = frameVar(ins.operands.find((o) => o.value.startsWith("[")), fn.name);
        if (v !== "") return { k: K.FStore, slot: NONE, fvar: v };
        break;
      }
    }
    return { k: K.Other, slot: NONE, fvar: "" };
  }

  // --- 2. pairing the instructions -------------------------------------------------------------

  /** The allocations, paired in order by their text (a slot the builder removed is missing after). */
  private pairSlots(): void {
    const list = (fn: HermesFunction, items: Item[][]) => {
      const out: { b: number; i: number; n: number; sig: string }[] = [];
      fn.blocks.forEach((blk, b) =>
        blk.instrs.forEach((ins, i) => {
          if (items[b][i].k === K.Alloc && ins.result !== null) out.push({ b, i, n: ins.result, sig: `${ins.head} ${ins.operands.map((o) => o.value).join(", ")}` });
        }),
      );
      return out;
    };
    const sb = list(this.before, this.itemsB);
    const sa = list(this.after, this.itemsA);
    // the blocks where each slot is accessed, by kind: a slot that stays keeps its other users and some of its accesses
    const uses = (fn: HermesFunction, items: Item[][]) => {
      const m = new Map<number, string[]>();
      fn.blocks.forEach((blk, b) =>
        blk.instrs.forEach((ins, i) => {
          const it = items[b][i];
          const add = (n: number, what: string) => (m.get(n) ?? m.set(n, []).get(n)!).push(`${b}:${what}`);
          if (it.k === K.Load || it.k === K.Store) add(it.slot, it.k === K.Load ? "l" : "s");
          else if (it.k !== K.Alloc) for (const o of ins.operands) if (o.kind === "instr") add(o.n, `o${i}`);
        }),
      );
      return m;
    };
    const usesB = uses(this.before, this.itemsB);
    const usesA = uses(this.after, this.itemsA);
    /** How many of the before slot's accesses the after slot lacks, or -1 where the after slot has one the before slot has not. */
    const leftover = (nb: number, na: number): number => {
      const have = [...(usesB.get(nb) ?? [])];
      for (const u of usesA.get(na) ?? []) {
        // other users are compared by block (their index moves as items are removed)
        const key = u.replace(/:o\d+$/, ":o");
        const k = have.findIndex((h) => h.replace(/:o\d+$/, ":o") === key);
        if (k < 0) return -1;
        have.splice(k, 1);
      }
      return have.length;
    };
    // in order within each segment between the instructions that stay (an allocation stays where it was)
    for (const seg of this.segments) {
      let from = 0;
      const bs = sb.filter((x) => x.b === seg.b && x.i >= seg.lo && x.i < seg.hi);
      const as = sa.filter((x) => x.b === seg.b && x.i >= seg.loA && x.i < seg.hiA);
      /** Slots of text `sig` in `xs` from index `k` on. */
      const countFrom = (xs: readonly { sig: string }[], sig: string, k: number) => xs.slice(k).filter((x) => x.sig === sig).length;
      for (const [j, a] of as.entries()) {
        // the after slots of this text from this one on, each needing a before slot: a choice
        // may pass over a before slot only where one of this text was removed
        const need = countFrom(as, a.sig, j);
        // the first slot of the same text whose accesses cover the after slot's (a slot of that
        // text before it was removed), else the first of that text; among adjacent slots of the
        // same text from there on, the one that lost the fewest accesses (two slots of one name
        // where the builder removed the first and forwarded its copy of the second: the kept
        // slot keeps its accesses); a slot of another text between ends the choice, as the
        // allocations keep their order
        let pick = -1;
        let best = Infinity;
        for (let k = from; k < bs.length; k++) {
          if (bs[k].sig !== a.sig) {
            if (best < Infinity) break;
            continue;
          }
          if (best < Infinity && countFrom(bs, a.sig, k) < need) break;
          if (pick < 0) pick = k;
          const lost = leftover(bs[k].n, a.n);
          if (lost >= 0 && lost < best) {
            best = lost;
            pick = k;
            if (lost === 0) break;
          }
        }
        if (pick < 0) {
          this.fail(a.b, this.B[a.b]?.line ?? this.before.line, `the allocation \`${this.A[a.b].instrs[a.i].text}\` (line ${this.A[a.b].instrs[a.i].line} after) is not one of before`, this.A[a.b].instrs[a.i].line);
          continue;
        }
        this.slotMap.set(bs[pick].n, a.n);
        from = pick + 1;
      }
    }
  }

  /** Per aligned block, the stretches between the instructions that stay (anchors), before and after. */
  private readonly segments: { b: number; lo: number; hi: number; loA: number; hiA: number }[] = [];

  /** Pairs each block's instructions: the others in order, then the slot and frame accesses and phis between them. */
  private alignBlocks(): void {
    for (let b = 0; b < this.nb; b++) {
      const ib = this.itemsB[b];
      const ia = this.itemsA[b];
      const kb = new Int32Array(ib.length).fill(-1);
      const ka = new Int32Array(ia.length).fill(-1);
      this.keptB.push(kb);
      this.keptA.push(ka);
      const anchorsB = ib.flatMap((it, i) => (it.k === K.Other ? [i] : []));
      const anchorsA = ia.flatMap((it, j) => (it.k === K.Other ? [j] : []));
      const n = Math.min(anchorsB.length, anchorsA.length);
      let ok = true;
      for (let k = 0; k < n; k++) {
        const x = this.B[b].instrs[anchorsB[k]];
        const y = this.A[b].instrs[anchorsA[k]];
        if (x.kind !== y.kind || (x.result === null) !== (y.result === null)) {
          this.fail(b, x.line, `\`${x.text}\` has become \`${y.text}\``, y.line);
          ok = false;
          break;
        }
      }
      if (ok && anchorsB.length !== anchorsA.length) {
        if (anchorsB.length > anchorsA.length) this.fail(b, this.B[b].instrs[anchorsB[n]].line, `\`${this.B[b].instrs[anchorsB[n]].text}\` is missing after the pass`);
        else this.fail(b, n > 0 ? this.B[b].instrs[anchorsB[n - 1]].line : this.B[b].line, `\`${this.A[b].instrs[anchorsA[n]].text}\` was added by the pass`, this.A[b].instrs[anchorsA[n]].line);
        ok = false;
      }
      if (!ok) {
        this.misaligned.add(b);
        continue;
      }
      for (let k = 0; k < n; k++) this.keep(b, anchorsB[k], anchorsA[k]);
      // the segments between anchors
      for (let s = 0; s <= n; s++) {
        const lo = s === 0 ? 0 : anchorsB[s - 1] + 1;
        const hi = s === n ? ib.length : anchorsB[s];
        const loA = s === 0 ? 0 : anchorsA[s - 1] + 1;
        const hiA = s === n ? ia.length : anchorsA[s];
        this.segments.push({ b, lo, hi, loA, hiA });
      }
    }
  }

  /** The slot and frame accesses of each segment (once the slots are paired). */
  private alignSegments(): void {
    for (const seg of this.segments) this.alignSegment(seg.b, seg.lo, seg.hi, seg.loA, seg.hiA);
  }

  private keep(b: number, i: number, j: number): void {
    this.keptB[b][i] = j;
    this.keptA[b][j] = i;
    const x = this.B[b].instrs[i];
    const y = this.A[b].instrs[j];
    if (x.result !== null && y.result !== null) {
      this.resB2A.set(x.result, y.result);
      this.resA2B.set(y.result, x.result);
    }
  }

  private alignSegment(b: number, lo: number, hi: number, loA: number, hiA: number): void {
    const ib = this.itemsB[b];
    const ia = this.itemsA[b];
    const used = new Set<number>();
    const pick = (j: number, order: number[], match: (i: number) => boolean): boolean => {
      for (const i of order)
        if (!used.has(i) && match(i)) {
          used.add(i);
          this.keep(b, i, j);
          return true;
        }
      return false;
    };
    const forward = Array.from({ length: hi - lo }, (_, k) => lo + k);
    const backward = [...forward].reverse();
    // loads and frame loads stay first in a block (later ones are forwarded): matched from the
    // front; stores and frame stores stay last (earlier ones are removed): matched from the back
    const added = (j: number) => {
      const y = this.A[b].instrs[j];
      this.fail(b, lo > 0 ? this.B[b].instrs[lo - 1].line : this.B[b].line, `\`${y.text}\` was added by the pass`, y.line);
    };
    for (let j = loA; j < hiA; j++) {
      const a = ia[j];
      let ok = true;
      if (a.k === K.Alloc) ok = pick(j, forward, (i) => ib[i].k === K.Alloc && this.slotMap.get(ib[i].slot) === a.slot);
      else if (a.k === K.Load) ok = pick(j, forward, (i) => ib[i].k === K.Load && this.slotMap.get(ib[i].slot) === a.slot);
      else if (a.k === K.FLoad) ok = pick(j, forward, (i) => ib[i].k === K.FLoad && ib[i].fvar === a.fvar);
      if (!ok) added(j);
    }
    for (let j = hiA - 1; j >= loA; j--) {
      const a = ia[j];
      let ok = true;
      if (a.k === K.Store) ok = pick(j, backward, (i) => ib[i].k === K.Store && this.slotMap.get(ib[i].slot) === a.slot);
      else if (a.k === K.FStore) ok = pick(j, backward, (i) => ib[i].k === K.FStore && ib[i].fvar === a.fvar);
      if (!ok) added(j);
    }
    // the instructions that stay keep their order
    let last = -1;
    for (let j = loA; j < hiA; j++) {
      const i = this.keptA[b][j];
      if (i < 0 || ia[j].k === K.Phi) continue;
      if (i < last) {
        const y = this.A[b].instrs[j];
        this.fail(b, this.B[b].instrs[i].line, `\`${y.text}\` (line ${y.line} after) stands in another order than before the pass`, y.line);
      }
      last = i;
    }
  }

  /**
   * The phis of each block: the builder adds its own at the block's front; IRGen's that stay are
   * matched from the last backwards (a folded one is missing), the others are new. Run once the
   * other instructions are compared, so that a load's replacement its other users show decides.
   */
  private matchPhis(): void {
    for (let b = 0; b < this.nb; b++) {
      if (this.misaligned.has(b)) continue;
      const phisA: number[] = [];
      this.itemsA[b].forEach((it, j) => {
        if (it.k === K.Phi) phisA.push(j);
      });
      const phisB: number[] = [];
      this.itemsB[b].forEach((it, i) => {
        if (it.k === K.Phi) phisB.push(i);
      });
      let pb = phisB.length - 1;
      for (let q = phisA.length - 1; q >= 0 && pb >= 0; q--) {
        const j = phisA[q];
        while (pb >= 0 && !this.phiMayBe(b, phisB[pb], j)) pb--;
        if (pb < 0) break;
        this.keep(b, phisB[pb], j);
        pb--;
      }
    }
  }

  /** Whether after phi j may be before phi i of IRGen: the same type and incoming blocks, and operands that may correspond. */
  private phiMayBe(b: number, i: number, j: number): boolean {
    const x = this.B[b].instrs[i];
    const y = this.A[b].instrs[j];
    if (x.head !== y.head || x.operands.length !== y.operands.length) return false;
    const ex = this.phiEntries(x, this.labelB);
    const ey = this.phiEntries(y, this.labelA);
    if (ex === undefined || ey === undefined || ex.size !== ey.size) return false;
    for (const [blk, vx] of ex) {
      const vy = ey.get(blk);
      if (vy === undefined) return false;
      if (vx.kind === "instr") {
        const p = this.placeB.get(vx.n);
        const k = p === undefined ? K.Other : this.itemsB[p.b][p.i].k;
        // a load or phi may have been replaced; another instruction stays itself (paired by now or not yet: anchors are)
        if (k === K.Load || k === K.Phi || k === K.FLoad) {
          // a removed value its other users show replaced must be that
          const r = this.repl.get(vx.n);
          if (r !== undefined && r !== keyOf(vy) && this.resB2A.get(vx.n) === undefined) return false;
          continue;
        }
        const want = this.resB2A.get(vx.n);
        if (want !== undefined && (vy.kind !== "instr" || vy.n !== want)) return false;
      } else if (vx.value !== vy.value) return false;
    }
    return true;
  }

  /** A phi's entries by incoming block position; undefined where they do not read as value, block pairs. */
  private phiEntries(ins: HermesInstr, labels: Map<number, number>): Map<number, HermesOperand> | undefined {
    if (ins.operands.length % 2 !== 0) return undefined;
    const m = new Map<number, HermesOperand>();
    for (let k = 0; k < ins.operands.length; k += 2) {
      const blk = ins.operands[k + 1];
      const b = blk.kind === "block" ? labels.get(blk.n) : undefined;
      if (b === undefined || m.has(b)) return undefined;
      m.set(b, ins.operands[k]);
    }
    return m;
  }

  // --- 3. comparing what stays -------------------------------------------------------------------

  /** Records that the users of removed value `n` (a load or a folded phi) read `w` instead. */
  private replacement(n: number, w: string, b: number, line: number, afterLine: number): boolean {
    const had = this.repl.get(n);
    if (had === undefined) {
      this.repl.set(n, w);
      this.replLine.set(n, afterLine);
      return true;
    }
    if (had === w) return true;
    this.fail(b, line, `the users of %${n} (line ${this.placeLine(n)} before) disagree on what replaced it: ${had} (line ${this.replLine.get(n)} after) and ${w}`, afterLine);
    return false;
  }

  private placeLine(n: number): number {
    const p = this.placeB.get(n);
    return p === undefined ? this.before.line : this.B[p.b].instrs[p.i].line;
  }

  /** Whether before operand x and after operand y correspond (recording replacements). */
  private operand(b: number, x: HermesInstr, y: HermesInstr, ox: HermesOperand, oy: HermesOperand): boolean {
    if (ox.kind === "instr") {
      const p = this.placeB.get(ox.n);
      if (p === undefined) return false;
      const kept = this.keptB[p.b][p.i] >= 0;
      if (kept) return oy.kind === "instr" && this.resB2A.get(ox.n) === oy.n;
      const k = this.itemsB[p.b][p.i].k;
      if (k === K.Load || k === K.Phi || k === K.FLoad) return this.replacement(ox.n, keyOf(oy), b, x.line, y.line);
      if (k === K.Alloc) return oy.kind === "instr" && this.slotMap.get(ox.n) === oy.n;
      return false;
    }
    if (ox.kind === "block") return oy.kind === "block" && this.labelB.get(ox.n) === this.labelA.get(oy.n);
    return ox.value === oy.value || this.sameUpToScopes(ox.value, oy.value);
  }

  /** Scope numbers before -> after, one to one (the printer numbers scopes anew in every dump). */
  private readonly scopeAfter = new Map<string, string>();
  private readonly scopeBefore = new Map<string, string>();

  /** Whether two operand texts are the same up to a one-to-one renaming of scope numbers. */
  private sameUpToScopes(x: string, y: string): boolean {
    if (!SCOPE_NUMBER.test(x)) return false;
    const sx = x.replace(SCOPE_NUMBER, (m) => m.replace(/\d+$/, "N"));
    const sy = y.replace(SCOPE_NUMBER, (m) => m.replace(/\d+$/, "N"));
    if (sx !== sy) return false;
    const nx = [...x.matchAll(SCOPE_NUMBER)].map((m) => m[0]);
    const ny = [...y.matchAll(SCOPE_NUMBER)].map((m) => m[0]);
    for (let k = 0; k < nx.length; k++) {
      const a = this.scopeAfter.get(nx[k]);
      const b = this.scopeBefore.get(ny[k]);
      if (a === undefined && b === undefined) {
        this.scopeAfter.set(nx[k], ny[k]);
        this.scopeBefore.set(ny[k], nx[k]);
      } else if (a !== ny[k] || b !== nx[k]) return false;
    }
    return true;
  }

  /** Compares the pairs that stay: every instruction but phis (`phis` false), or the phis. */
  private compareAll(phis: boolean): void {
    for (let b = 0; b < this.nb; b++) {
      if (this.misaligned.has(b)) continue;
      const kb = this.keptB[b];
      for (let i = 0; i < kb.length; i++) {
        const j = kb[i];
        if (j < 0 || (this.itemsB[b][i].k === K.Phi) !== phis) continue;
        const x = this.B[b].instrs[i];
        const y = this.A[b].instrs[j];
        if (x.kind !== y.kind || x.head !== y.head) {
          this.fail(b, x.line, `\`${x.text}\` has become \`${y.text}\``, y.line);
          continue;
        }
        if (x.kind === PHI) {
          this.comparePhi(b, x, y);
          continue;
        }
        if (x.operands.length !== y.operands.length) {
          this.fail(b, x.line, `\`${x.text}\` has become \`${y.text}\``, y.line);
          continue;
        }
        for (let k = 0; k < x.operands.length; k++)
          if (!this.operand(b, x, y, x.operands[k], y.operands[k])) {
            this.fail(b, x.line, `operand ${k + 1} of \`${x.text}\` is ${x.operands[k].value} before and ${y.operands[k].value} after the pass, which do not correspond`, y.line);
            break;
          }
      }
    }
  }

  private comparePhi(b: number, x: HermesInstr, y: HermesInstr): void {
    const ex = this.phiEntries(x, this.labelB);
    const ey = this.phiEntries(y, this.labelA);
    if (ex === undefined || ey === undefined || ex.size !== ey.size || [...ex.keys()].some((k) => !ey.has(k))) {
      this.fail(b, x.line, `the phi \`${x.text}\` has other incoming blocks after the pass: \`${y.text}\``, y.line);
      return;
    }
    for (const [p, vx] of ex)
      if (!this.operand(b, x, y, vx, ey.get(p)!)) {
        this.fail(b, x.line, `the phi \`${x.text}\`: the value from %BB${this.B[p].label} is ${vx.value} before and ${ey.get(p)!.value} after the pass, which do not correspond`, y.line);
        return;
      }
  }

  // --- 4. slots: promoted or kept ------------------------------------------------------------

  private classifySlots(): void {
    // a slot stays if anything after the pass still refers to it
    const referenced = new Set<number>();
    for (let b = 0; b < this.nb; b++)
      this.A[b].instrs.forEach((ins, j) => {
        const it = this.itemsA[b][j];
        if (it.k === K.Load || it.k === K.Store) referenced.add(it.slot);
        else if (it.k !== K.Alloc) for (const o of ins.operands) if (o.kind === "instr") referenced.add(o.n);
      });
    const names = new Map<string, number>();
    for (let b = 0; b < this.nb; b++)
      this.B[b].instrs.forEach((ins, i) => {
        if (this.itemsB[b][i].k !== K.Alloc || ins.result === null) return;
        const a = this.slotMap.get(ins.result);
        if (a !== undefined && referenced.has(a)) {
          this.keptSlots.add(ins.result);
          return;
        }
        // a slot whose other users stay is never promoted: pairing failed there (reported)
        const label = ins.operands[0]?.value.replace(/^\$/, "").replace(/^"(.*)"$/, "$1") ?? `%${ins.result}`;
        const k = (names.get(label) ?? 0) + 1;
        names.set(label, k);
        this.varOfSlot.set(ins.result, this.vars.length);
        this.vars.push(ins.result);
        this.varNames.push(k === 1 ? label : `${label}#${k}`);
      });
    if (this.keptSlots.size > 0 && this.vars.length > 0 && this.varNames.some((v) => /#\d+$/.test(v)))
      this.differences.push({ kind: "slot names", block: "entry", detail: "several slots have one name: the second is x#2, the third x#3 (in their order)", minimumDelta: 0 });
  }

  // --- 5. the new phis and their variables ----------------------------------------------------------

  private collectNewPhis(): void {
    let unreachable = 0;
    for (let b = 0; b < this.nb; b++) {
      if (this.misaligned.has(b)) continue;
      this.A[b].instrs.forEach((ins, j) => {
        if (this.itemsA[b][j].k !== K.Phi || this.keptA[b][j] >= 0 || ins.result === null) return;
        if (!this.reachable[b]) unreachable++;
        else this.newPhis.set(ins.result, { b, j, v: NONE });
      });
    }
    if (unreachable > 0)
      this.differences.push({ kind: "unreachable phis", block: "entry", detail: `${unreachable} phi(s) the pass placed in unreachable blocks, which the model leaves out with their blocks`, minimumDelta: 0 });
  }

  /**
   * The variable of each new phi. Decided exactly from what a variable v holds at the start of a
   * block c (adapters/llvm/mem2reg.ts does the same for unnamed allocas): if that is a new phi
   * standing in c, it is v's phi (a value from another variable's phi there would need v's own
   * phi there); where c is not the phi's block, v holds it at the end of every predecessor of c
   * that does not store v, and so on back to the phi's block. What v holds at c's start is known
   * from a load of v in c with no store of v before it (its replacement), and from v's phis
   * decided already (an argument is what v holds at the end of its predecessor; where that
   * predecessor's last store to v stores a load of u, that load's replacement is what u held
   * there).
   */
  private phiVariables(): void {
    if (this.newPhis.size === 0) return;
    const facts: { v: number; c: number; w: string }[] = [];
    const decided: number[] = [];
    const seen = new Set<string>();
    const lastStore = (v: number, q: number): number => {
      const items = this.itemsB[q];
      for (let i = items.length - 1; i >= 0; i--) if (items[i].k === K.Store && this.varOfSlot.get(items[i].slot) === v) return i;
      return -1;
    };
    const upwardLoad = (n: number, w: string) => {
      const p = this.placeB.get(n)!;
      const it = this.itemsB[p.b][p.i];
      const v = it.k === K.Load ? this.varOfSlot.get(it.slot) : undefined;
      if (v === undefined || !this.reachable[p.b]) return;
      if (this.itemsB[p.b].slice(0, p.i).some((x) => x.k === K.Store && x.slot === it.slot)) return;
      facts.push({ v, c: p.b, w });
    };
    /** v holds w at the end of q: q's last store of v, if any, tells of the load it stores; true if q stores v. */
    const atEnd = (v: number, q: number, w: string): boolean => {
      const i = lastStore(v, q);
      if (i < 0) return false;
      const o = this.B[q].instrs[i].operands[0];
      if (o.kind === "instr" && !this.repl.has(o.n) && this.resB2A.get(o.n) === undefined) upwardLoad(o.n, w);
      return true;
    };
    for (const [n, w] of this.repl) upwardLoad(n, w);
    // in order: every load's fact first (the strongest evidence), then what the phis they
    // decided say of their arguments
    while (facts.length > 0 || decided.length > 0) {
      const fact = facts.shift();
      if (fact !== undefined) {
        const { v, c, w } = fact;
        const phi = w.startsWith("%") ? this.newPhis.get(Number(w.slice(1))) : undefined;
        if (phi === undefined) continue;
        // back from c over blocks that do not store v, to the phi's block
        const stack = [c];
        let reached = false;
        while (stack.length > 0) {
          const x = stack.pop()!;
          if (x === phi.b) {
            reached = true;
            continue;
          }
          const key = `${v}|${w}|${x}`;
          if (seen.has(key)) continue;
          seen.add(key);
          for (const q of this.preds[x]) if (!atEnd(v, q, w)) stack.push(q);
        }
        if (!reached) continue;
        // the first evidence decides (a load of the slot in the phi's own block comes first); a
        // phi that another slot holds too is then that slot's value only through what the
        // searches find, and where the builder was wrong the checks say so with a path
        // (a builder places one phi per slot and block)
        if (phi.v === NONE && ![...this.newPhis.values()].some((q) => q.b === phi.b && q.v === v)) {
          phi.v = v;
          this.phiValues();
          decided.push(Number(w.slice(1)));
        }
        continue;
      }
      const n = decided.shift()!;
      const phi = this.newPhis.get(n)!;
      const e = this.phiEntries(this.A[phi.b].instrs[phi.j], this.labelA);
      if (e === undefined) continue;
      for (const [q, o] of e) if (this.reachable[q] && !atEnd(phi.v, q, keyOf(o))) facts.push({ v: phi.v, c: q, w: keyOf(o) });
    }
    if (this.opts.builder === "Mem2Reg" || this.opts.syntax === "legacy") this.mem2regPlaces();
    // then the phis whose arguments one variable alone holds at the ends of the predecessors
    // (every path's last definition produces the argument), most constrained first: a phi whose
    // arguments are all phis not decided yet waits, and a builder places one phi per variable
    // and block. Where several variables fit, one at a time: a phi that replaced loads of one of
    // them the one needing the fewest guesses about unknown values, then the first (such a phi
    // is read by no load: either slot holds what it merges).
    const fitsOf = (n: number, phi: { b: number; j: number; v: number }, strict = true) => {
      const cands = this.phiCandidates(n, phi);
      if (cands === undefined) return undefined;
      const taken = new Set<number>();
      for (const q of this.newPhis.values()) if (q.b === phi.b && q.v >= 0) taken.add(q.v);
      const out: { v: number; rank: number }[] = [];
      for (const v of cands) {
        if (taken.has(v)) continue;
        const bound = new Map<number, string>();
        if (this.argsFound(n, { ...phi, v }, new ValueSearch(this.tables(bound), strict))) out.push({ v, rank: bound.size });
      }
      return out.sort((x, y) => x.rank - y.rank || x.v - y.v);
    };
    for (;;) {
      let progress = false;
      const open: { n: number; phi: { b: number; j: number; v: number }; fits: { v: number; rank: number }[] | undefined }[] = [];
      for (const [n, phi] of this.newPhis) {
        if (phi.v !== NONE) continue;
        const fits = fitsOf(n, phi);
        if (fits !== undefined && fits.length === 1) {
          phi.v = fits[0].v;
          this.phiValues();
          progress = true;
        } else open.push({ n, phi, fits });
      }
      if (progress) continue;
      if (open.length === 0) break;
      // nothing forced: decide the phi with the best-ranked fit
      const ranked = open.filter((o) => o.fits !== undefined && o.fits.length > 0).sort((x, y) => x.fits![0].rank - y.fits![0].rank);
      if (ranked.length > 0) {
        ranked[0].phi.v = ranked[0].fits![0].v;
        this.phiValues();
        continue;
      }
      // a phi no variable's last definitions produce on every path (a dead phi legacy Mem2Reg
      // placed at a loop's header, before the slot's allocation, with `undefined` for the way in):
      // the variable whose definitions producing the arguments reach, the checks then judge it
      const loose = open.map((o) => ({ o, fits: fitsOf(o.n, o.phi, false) })).filter((x) => x.fits !== undefined && x.fits.length > 0);
      if (loose.length > 0) {
        loose[0].o.phi.v = loose[0].fits![0].v;
        this.phiValues();
        continue;
      }
      for (const o of open) this.fail(o.phi.b, this.B[o.phi.b].line, `cannot tell which slot the phi %${o.n} (line ${this.A[o.phi.b].instrs[o.phi.j].line} after) is of`, this.A[o.phi.b].instrs[o.phi.j].line);
      break;
    }
  }

  /**
   * The value of a removed load of a promoted slot that nothing after the pass reads but a
   * removed store (a copy into another slot): what the slot holds there in SSA form, the last
   * store before it in its block, else the slot's phi at the block's start, else the same at the
   * end of the immediate dominator, and so on up (the entry: `undefined`). That is the store's
   * value; where the other slot's readers read something else, the search finds no definition
   * for it and says so. (Left unknown, such a value was bound by the first search through the
   * store, which may be a dead phi's.)
   */
  private unobservedLoads(): void {
    const dom = this.dominators();
    const phiAt = new Map<string, number>();
    for (const [n, phi] of this.newPhis) if (phi.v !== NONE) phiAt.set(`${phi.v}:${phi.b}`, n);
    for (let changed = true; changed; ) {
      changed = false;
      for (let b = 0; b < this.nb; b++) {
        if (!this.reachable[b] || this.misaligned.has(b)) continue;
        this.B[b].instrs.forEach((ins, i) => {
          const it = this.itemsB[b][i];
          if (it.k !== K.Load || ins.result === null || this.keptB[b][i] >= 0 || this.repl.has(ins.result) || this.inferred.has(ins.result)) return;
          const v = this.varOfSlot.get(it.slot);
          if (v === undefined) return;
          let key: string | undefined;
          for (let x = b, from = i; key === undefined; ) {
            const items = this.itemsB[x];
            for (let k = from - 1; k >= 0; k--)
              if (items[k].k === K.Store && items[k].slot === it.slot) {
                key = this.afterKey(this.B[x].instrs[k].operands[0]);
                break;
              }
            if (key !== undefined) break;
            const phi = phiAt.get(`${v}:${x}`);
            if (phi !== undefined) key = `%${phi}`;
            else if (x === 0) key = "undefined";
            else {
              x = dom.idom[x];
              from = this.B[x].instrs.length;
            }
          }
          if (key !== undefined && !key.startsWith("?") && this.inferred.get(ins.result) !== key) {
            this.inferred.set(ins.result, key);
            changed = true;
          }
        });
      }
    }
  }

  /**
   * Mem2Reg (legacy, in both compilers) places a slot's phis at the iterated dominance frontier
   * of the blocks that store it, in blocks its allocation dominates, and inserts each at the
   * block's front, slot after slot in the order of the allocations: a block's new phis, from the
   * top, are its slots' in the reverse order (lib/Optimizer/Scalar/Mem2Reg.cpp,
   * promoteAllocStackToSSA). Where a block has as many undecided new phis as that predicts, each
   * takes its slot; this only names the phis (a phi with another slot's values is then rejected
   * by the checks, with a witness).
   */
  private mem2regPlaces(): void {
    const dom = this.dominators();
    const df: number[][] = Array.from({ length: this.nb }, () => []);
    for (let b = 0; b < this.nb; b++) {
      if (!this.reachable[b] || this.preds[b].length < 2) continue;
      for (const p of new Set(this.preds[b])) {
        for (let r = p; r !== dom.idom[b] && r >= 0; r = dom.idom[r]) {
          if (!df[r].includes(b)) df[r].push(b);
          if (r === dom.idom[r]) break;
        }
      }
    }
    const allocBlock = (slot: number) => this.placeB.get(slot)?.b ?? 0;
    const expected = new Map<number, number[]>();
    // a slot whose every load follows a store or load of it in its block has only stores left
    // once the loads are forwarded: Mem2Reg removes it (eliminateStoreOnlyLocations) before it places phis
    const storeOnly = (slot: number) =>
      this.itemsB.every((items) => items.every((it, i) => it.k !== K.Load || it.slot !== slot || items.slice(0, i).some((x) => (x.k === K.Load || x.k === K.Store) && x.slot === slot)));
    for (let v = 0; v < this.vars.length; v++) {
      const slot = this.vars[v];
      if (storeOnly(slot)) continue;
      const work: number[] = [];
      for (let b = 0; b < this.nb; b++) if (this.reachable[b] && this.itemsB[b].some((it) => it.k === K.Store && it.slot === slot)) work.push(b);
      const placed = new Set<number>();
      while (work.length > 0) {
        const x = work.pop()!;
        for (const y of df[x])
          if (!placed.has(y) && dom.dominates(allocBlock(slot), y)) {
            placed.add(y);
            work.push(y);
          }
      }
      for (const b of placed) (expected.get(b) ?? expected.set(b, []).get(b)!).push(v);
    }
    // the allocations' order: blocks, then instructions
    const order = (v: number) => {
      const p = this.placeB.get(this.vars[v])!;
      return p.b * 1e6 + p.i;
    };
    for (const [b, vs] of expected) {
      vs.sort((x, y) => order(y) - order(x));
      const phis = [...this.newPhis.values()].filter((q) => q.b === b).sort((x, y) => x.j - y.j);
      if (phis.length !== vs.length) continue;
      // phis decided already (by what loads read) must agree
      if (phis.some((q, k) => q.v !== NONE && q.v !== vs[k])) continue;
      phis.forEach((q, k) => (q.v = vs[k]));
    }
    this.phiValues();
  }

  /**
   * The variables that could hold a new phi's arguments: for each argument some definition of
   * theirs produces it; undefined where every argument is the phi itself or a phi not decided yet.
   */
  private phiCandidates(n: number, phi: { b: number; j: number }): number[] | undefined {
    const e = this.phiEntries(this.A[phi.b].instrs[phi.j], this.labelA);
    if (e === undefined) return [];
    let out: Set<number> | undefined;
    for (const [q, o] of e) {
      if (!this.reachable[q] || (o.kind === "instr" && (o.n === n || this.newPhis.get(o.n)?.v === NONE))) continue;
      const w = keyOf(o);
      const can = new Set<number>();
      const other = o.kind === "instr" ? this.newPhis.get(o.n) : undefined;
      if (other !== undefined) can.add(other.v);
      for (const [key, val] of this.eventVal) {
        const [, b, i] = key.split(":").map(Number);
        const k = i < 0 ? "undefined" : this.afterKey(this.B[b].instrs[i].operands[0]);
        if (k === w || k.startsWith("?")) can.add(this.vals[val].v);
      }
      out = out === undefined ? can : new Set([...out].filter((v) => can.has(v)));
    }
    return out === undefined ? undefined : [...out].sort((x, y) => x - y);
  }

  /** Whether each argument of new phi n is produced by a definition of its variable at the end of its predecessor. */
  private argsFound(n: number, phi: { b: number; j: number; v: number }, search: ValueSearch): boolean {
    const e = this.phiEntries(this.A[phi.b].instrs[phi.j], this.labelA);
    if (e === undefined) return false;
    for (const [q, o] of e) {
      if (!this.reachable[q]) continue;
      // the phi itself, or another whose slot is not known yet, says nothing
      if (o.kind === "instr" && (o.n === n || this.newPhis.get(o.n)?.v === NONE)) continue;
      const f = search.find(phi.v, keyOf(o), q, this.B[q].instrs.length);
      if (f.kind !== "value") return false;
    }
    return true;
  }

  // --- 6. the model's values --------------------------------------------------------------------

  /** SSA values: name, variable, and what it produces in the after dump's terms. */
  private readonly vals: { name: string; v: number; produces: string }[] = [];
  /** Per variable, per block: event indices (allocation, stores) ascending. */
  private readonly events = new Map<number, number[]>();
  /** Before place -> SSA value of the event (alloc, store). */
  private readonly eventVal = new Map<string, number>();
  private readonly phiVal = new Map<number, number>();
  /** Loads of promoted slots whose values are read: before result -> SSA value (set by the search). */
  private readonly loadVal = new Map<number, number>();
  private pending: number[] = [];
  private searchObj: ValueSearch | undefined;

  private addVal(name: string, v: number, produces: string): number {
    this.vals.push({ name, v, produces });
    return this.vals.length - 1;
  }

  /**
   * What removed loads nothing after the pass reads hold (`unobservedLoads`): the values of the
   * copies they feed, which make them read (a use of the model) once a search finds that copy.
   */
  private readonly inferred = new Map<number, string>();

  /** The after key a before operand stands for, or `?N` where it is a removed value not known yet. */
  private afterKey(o: HermesOperand): string {
    if (o.kind !== "instr") return o.value;
    const a = this.resB2A.get(o.n);
    if (a !== undefined) return `%${a}`;
    const r = this.repl.get(o.n) ?? this.inferred.get(o.n);
    if (r !== undefined) return r;
    return `?${o.n}`;
  }

  /**
   * The definitions of the promoted slots: each slot's content at the function's start (before
   * the first instruction: `x.init`, holding `undefined`), and its stores. An `AllocStackInst`
   * defines nothing where it stands: a slot is a register of the frame, whose content an
   * allocation executed again (in a loop) does not reset; SimpleMem2Reg merges values across it.
   */
  private modelValues(): void {
    for (let v = 0; v < this.vars.length; v++) {
      this.events.set(v * this.nb, [-1]);
      this.eventVal.set(`${v}:0:-1`, this.addVal(`${this.varNames[v]}.init`, v, "undefined"));
    }
    for (let b = 0; b < this.nb; b++) {
      if (!this.reachable[b]) continue;
      let s = b === 0 ? this.vars.length : 0;
      this.B[b].instrs.forEach((ins, i) => {
        const it = this.itemsB[b][i];
        const v = it.k === K.Store || it.k === K.Load ? this.varOfSlot.get(it.slot) : undefined;
        if (v === undefined) return;
        if (it.k === K.Store) {
          const key = v * this.nb + b;
          (this.events.get(key) ?? this.events.set(key, []).get(key)!).push(i);
          this.eventVal.set(`${v}:${b}:${i}`, this.addVal(`${this.varNames[v]}.${this.blockId(b)}.${s}`, v, ""));
        }
        s++;
      });
    }
  }

  private phiValues(): void {
    for (const [n, phi] of this.newPhis) if (phi.v !== NONE && !this.phiVal.has(n)) this.phiVal.set(n, this.addVal(`%${n}`, phi.v, `%${n}`));
  }

  /**
   * The search's view of the function. `trial`: for guessing a phi's variable, with no effect on
   * the model (no value bound, no merge phi made).
   */
  private tables(trial?: Map<number, string>, depth = 0): SearchTables {
    let dummy = 1 << 30;
    return {
      preds: this.preds,
      events: (v, b) => this.events.get(v * this.nb + b),
      produces: (v, b, i, w) => {
        const val = this.eventVal.get(`${v}:${b}:${i}`);
        if (val === undefined) return -1;
        if (i < 0) return w === "undefined" ? val : -1;
        const stored = this.B[b].instrs[i].operands[0];
        const k = this.afterKey(stored);
        if (k === w) {
          // a copy of a load nothing else reads: that load's value is read now, a use of the model
          if (trial === undefined && stored.kind === "instr" && !this.repl.has(stored.n) && this.inferred.has(stored.n)) {
            this.repl.set(stored.n, w);
            this.pending.push(stored.n);
          }
          return val;
        }
        if (k.startsWith("?")) {
          if (trial !== undefined) {
            // a guess binds the unknown value for this trial only, consistently, and only where
            // the load it stands for can read it: its own slot holds it there on every path
            const n = Number(k.slice(1));
            const had = trial.get(n);
            if (had !== undefined) return had === w ? val : -1;
            const before = new Set(trial.keys());
            trial.set(n, w);
            const p = this.placeB.get(n);
            const it = p === undefined ? undefined : this.itemsB[p.b][p.i];
            const u = it !== undefined && it.k === K.Load ? this.varOfSlot.get(it.slot) : undefined;
            if (u !== undefined && depth < 4 && new ValueSearch(this.tables(trial, depth + 1), true).find(u, w, p!.b, p!.i).kind !== "value") {
              for (const key of [...trial.keys()]) if (!before.has(key)) trial.delete(key);
              return -1;
            }
            return val;
          }
          // the value of a removed load or phi that only removed stores use: what the uses reading this store see
          const n = Number(k.slice(1));
          this.repl.set(n, w);
          this.pending.push(n);
          return val;
        }
        return -1;
      },
      computedAt: (w) => {
        if (!w.startsWith("%")) return undefined;
        const n = Number(w.slice(1));
        const phi = this.newPhis.get(n);
        if (phi !== undefined) return { b: phi.b, i: -1 };
        const before = this.resA2B.get(n);
        return before === undefined ? undefined : this.placeB.get(before);
      },
      phiIn: (v, b) => {
        for (const phi of this.newPhis.values()) if (phi.b === b && phi.v === v) return true;
        return false;
      },
      phiOf: (w, v) => {
        if (!w.startsWith("%")) return undefined;
        const n = Number(w.slice(1));
        const phi = this.newPhis.get(n);
        return phi !== undefined && phi.v === v ? { b: phi.b, val: this.phiVal.get(n)! } : undefined;
      },
      mergeValue: (v, w, b) => {
        if (trial !== undefined) return dummy++;
        this.differences.push({
          kind: "equal values merged",
          block: this.blockId(b),
          detail: `definitions of ${this.varNames[v]} that all hold ${w} meet here; the pass uses ${w} on every path, the model needs a phi`,
          minimumDelta: 1,
        });
        return this.addVal(`${this.varNames[v]}.${this.blockId(b)}.merge`, v, w);
      },
    };
  }

  private search(): ValueSearch {
    return (this.searchObj ??= new ValueSearch(this.tables()));
  }

  /** The SSA value for a use of variable v that reads after value `w` before (b, i); -1 where none can be named. */
  private resolve(v: number, w: string, b: number, i: number, what: () => string, line: number, use: UndominatedKey): number {
    const undominated = this.dominance(w, b, i, what);
    if (undominated !== undefined) {
      // not a failure of the pairing: the use is given the model's value for the producer's
      // definition of w (a store of w to the slot, or w's phi), which does not dominate it either
      // (w's computation dominates that store), so that allUses_def_ass fails there with its path
      const val = this.search().anywhere(v, w, this.nb);
      if (val >= 0) {
        this.undominatedUses.set(use, undominated);
        return val;
      }
      this.fail(b, line, undominated);
    }
    const f = this.search().find(v, w, b, i);
    if (f.kind === "value") return f.val;
    if (f.kind === "stale") {
      this.fail(b, line, `${what()} is replaced by ${w}, but on some path ${w} is computed anew after it was stored to ${this.varNames[v]}`);
      return -1;
    }
    const any = this.search().anywhere(v, w, this.nb);
    if (any >= 0) return any;
    this.fail(b, line, `${what()} is replaced by ${w}, which is not a value stored to ${this.varNames[v]}`);
    return -1;
  }

  /** The uses whose replacement does not dominate them (`dominance`), by `UndominatedKey`: the message. */
  private readonly undominatedUses = new Map<UndominatedKey, string>();

  /**
   * Hermes's own rule for the after dump (its verifier's): a value standing for a removed load is
   * computed where it dominates the load (a phi argument: the end of its predecessor). What
   * breaks it, or undefined.
   */
  private dominance(w: string, b: number, i: number, what: () => string): string | undefined {
    if (!w.startsWith("%")) return undefined;
    const at = this.tables().computedAt(w);
    if (at === undefined) return undefined;
    const ok = at.b === b ? at.i < i : this.dominators().dominates(at.b, b);
    return ok ? undefined : `${what()} is replaced by ${w}, which does not dominate it (computed in block %BB${this.B[at.b].label}): not valid SSA`;
  }

  private argsOf = new Map<number, number[]>();

  /** The loads of promoted slots whose values are read, each as a use of the SSA value its replacement stands for (again as values get bound). */
  private resolveLoads(): void {
    while (this.pending.length > 0) {
      const todo = this.pending;
      this.pending = [];
      for (const n of todo) {
        if (this.loadVal.has(n) || !this.repl.has(n)) continue;
        const p = this.placeB.get(n)!;
        const it = this.itemsB[p.b][p.i];
        if (it.k !== K.Load || !this.reachable[p.b] || this.misaligned.has(p.b)) continue;
        const v = this.varOfSlot.get(it.slot);
        if (v === undefined) continue;
        const line = this.B[p.b].instrs[p.i].line;
        this.loadVal.set(n, this.resolve(v, this.repl.get(n)!, p.b, p.i, () => `the load %${n}`, line, `load ${n}`));
      }
    }
  }

  /** The arguments of the new phis: what their variable holds at the end of each predecessor, one per edge. */
  private resolvePhiArgs(): void {
    for (const [n, phi] of this.newPhis) {
      if (phi.v === NONE) continue;
      const ins = this.A[phi.b].instrs[phi.j];
      const e = this.phiEntries(ins, this.labelA);
      if (e === undefined) {
        this.fail(phi.b, this.B[phi.b].line, `the phi %${n} (line ${ins.line} after) does not read as value, block pairs`, ins.line);
        continue;
      }
      const args: number[] = [];
      for (const q of this.preds[phi.b]) {
        const o = e.get(q);
        if (o === undefined) {
          this.fail(phi.b, this.B[phi.b].line, `the phi %${n} (line ${ins.line} after) has no value for the predecessor %BB${this.B[q].label}`, ins.line);
          args.push(-1);
          continue;
        }
        const len = this.B[q].instrs.length;
        args.push(this.resolve(phi.v, keyOf(o), q, len, () => `the argument for %BB${this.B[q].label} of the phi %${n}`, this.B[q].instrs[len - 1]?.line ?? this.B[q].line, `phi ${n} ${args.length}`));
      }
      for (const q of e.keys()) if (this.reachable[q] && !this.preds[phi.b].includes(q)) this.fail(phi.b, this.B[phi.b].line, `the phi %${n} (line ${ins.line} after) has a value for %BB${this.B[q].label}, which is no predecessor`, ins.line);
      this.argsOf.set(n, args);
    }
  }

  // --- 7. the extras that are not SSA: block-local rules ---------------------------------------

  /** Try regions: per block, the blocks of the try instructions whose regions may hold it. */
  private tryStacks: number[][] | undefined;

  /**
   * The region of each try: the blocks reachable from its body before it ends, counting the
   * tries that open (a TryStartInst's body) and end (legacy: a TryEndInst in a block; V1: the
   * TryEndInst ending one, or an edge to a handler, as a ThrowInst's catch target in a lowered
   * generator) on the way. A block reached at several depths (a generator's yield resumes past a
   * try without ending it) counts as inside wherever some path puts it there: more blocks in a
   * region make the rules that use it stricter, never laxer.
   */
  private trys(): number[][] {
    if (this.tryStacks !== undefined) return this.tryStacks;
    const out: number[][] = Array.from({ length: this.nb }, () => []);
    const handlers = new Set<number>();
    const starts: { t: number; h: number; body: number }[] = [];
    for (let t = 0; t < this.nb; t++) {
      const last = this.B[t].instrs[this.B[t].instrs.length - 1];
      if (last?.kind !== TRY_START) continue;
      const [h, body] = last.operands.filter((o) => o.kind === "block").map((o) => this.labelB.get(o.n)!);
      if (h === undefined || body === undefined) continue;
      handlers.add(h);
      starts.push({ t, h, body });
    }
    const cap = starts.length + 1;
    for (const { t, body } of starts) {
      const seen = new Set<number>();
      const queue: [number, number][] = [[body, 0]];
      while (queue.length > 0) {
        const [b, d] = queue.pop()!;
        if (seen.has(b * (cap + 1) + d)) continue;
        seen.add(b * (cap + 1) + d);
        if (!out[b].includes(t)) out[b].push(t);
        const blk = this.B[b];
        const last = blk.instrs[blk.instrs.length - 1];
        const ends = blk.instrs.filter((ins, i) => ins.kind === TRY_END && (this.opts.syntax === "legacy" || i === blk.instrs.length - 1)).length;
        const d2 = d - ends;
        if (d2 < 0) continue;
        if (last?.kind === TRY_START) {
          const [h2, body2] = last.operands.filter((o) => o.kind === "block").map((o) => this.labelB.get(o.n)!);
          if (h2 !== undefined) queue.push([h2, d2]);
          if (body2 !== undefined) queue.push([body2, Math.min(d2 + 1, cap)]);
          continue;
        }
        for (const s of this.succs[b]) {
          // an edge into a handler leaves the innermost try
          const ds = handlers.has(s) && ends === 0 ? d2 - 1 : d2;
          if (ds >= 0) queue.push([s, ds]);
        }
      }
    }
    return (this.tryStacks = out);
  }

  /** The handler block of the try instruction ending block t. */
  private handlerOf(t: number): number {
    const last = this.B[t].instrs[this.B[t].instrs.length - 1];
    const o = last.operands.find((x) => x.kind === "block")!;
    return this.labelB.get(o.n)!;
  }

  /**
   * Whether a location (a slot's before result, or a frame variable's key) may be read, in the
   * original, after entering handler h before anything stores it: then an exception thrown
   * where the location was just stored is observable.
   */
  private readAfter(h: number, slot: number, fvar: string): boolean {
    const seen = new Uint8Array(this.nb);
    const stack = [h];
    seen[h] = 1;
    while (stack.length > 0) {
      const b = stack.pop()!;
      let stored = false;
      const instrs = this.B[b].instrs;
      for (let i = 0; i < instrs.length; i++) {
        const it = this.itemsB[b][i];
        if (fvar !== "") {
          if (it.k === K.FLoad && it.fvar === fvar) return true;
          if (it.k === K.FStore && it.fvar === fvar) {
            stored = true;
            break;
          }
          if (it.k === K.Other && !isInert(instrs[i].kind, instrs[i].head, instrs[i].operands)) return true;
          continue;
        }
        if (it.k === K.Load && it.slot === slot) return true;
        if (it.k === K.Store && it.slot === slot) {
          stored = true;
          break;
        }
        if (it.k === K.Other && instrs[i].operands.some((o) => o.kind === "instr" && o.n === slot)) return true;
      }
      if (stored) continue;
      for (const s of this.succs[b])
        if (!seen[s]) {
          seen[s] = 1;
          stack.push(s);
        }
    }
    return false;
  }

  /**
   * Why an exception between two instructions of block b could observe the location, or
   * undefined: an enclosing try's handler reads it before storing it. A frame variable that other
   * functions may read is observable wherever the exception leaves the function too.
   */
  private observableOnThrow(b: number, slot: number, fvar: string): string | undefined {
    const trys = this.trys();
    for (const t of trys[b]) {
      const h = this.handlerOf(t);
      if (this.readAfter(h, slot, fvar)) return `the handler %BB${this.B[h].label} of the try at %BB${this.B[t].label} reads it`;
    }
    return undefined;
  }

  /**
   * Whether the instruction at (b, x) of the before dump, as it stands after the pass, may
   * throw or run JavaScript: a removed one does nothing, and one that stays is judged by its
   * after form (a load the pass replaced by a literal makes `%473 - 1` the inert `4294967295 - 1`).
   */
  private activeAt(b: number, x: number): boolean {
    const j = this.keptB[b][x];
    if (j < 0) return false;
    const y = this.A[b].instrs[j];
    return !isInert(y.kind, y.head, y.operands);
  }

  /** The instructions strictly between places i and k of block b that are active after the pass (`activeAt`). */
  private activeBetween(b: number, i: number, k: number): HermesInstr[] {
    const out: HermesInstr[] = [];
    for (let x = i + 1; x < k; x++) if (this.activeAt(b, x)) out.push(this.B[b].instrs[x]);
    return out;
  }

  /** What a removed access or phi must have become: the after key of before value `n` (a removed one's replacement, recursively). */
  private valueOf(n: number): string | undefined {
    const a = this.resB2A.get(n);
    if (a !== undefined) return `%${a}`;
    return this.repl.get(n);
  }

  private localRules(): void {
    for (let b = 0; b < this.nb; b++) {
      if (!this.reachable[b] || this.misaligned.has(b)) continue;
      const ib = this.itemsB[b];
      for (let i = 0; i < ib.length; i++) {
        if (this.keptB[b][i] >= 0) continue;
        const it = ib[i];
        if (it.k === K.Load && this.keptSlots.has(it.slot)) this.forwardedLoad(b, i, (x) => (x.k === K.Load || x.k === K.Store) && x.slot === it.slot, (x) => x.k === K.Other && this.B[b].instrs[x.i].operands.some((o) => o.kind === "instr" && o.n === it.slot), `the slot %${it.slot}`);
        else if (it.k === K.Store && this.keptSlots.has(it.slot)) this.removedStore(b, i, it.slot, "");
        else if (it.k === K.FLoad) this.forwardedFrameLoad(b, i, it.fvar);
        else if (it.k === K.FStore) this.removedStore(b, i, NONE, it.fvar);
      }
    }
  }

  /**
   * A removed load of a slot that stays: its value is that of the last store or load of the slot
   * before it in its block, with nothing between that writes the slot.
   */
  private forwardedLoad(b: number, i: number, access: (x: Item) => boolean, writes: (x: Item & { i: number }) => boolean, what: string): void {
    const ins = this.B[b].instrs[i];
    const got = this.repl.get(ins.result!);
    for (let k = i - 1; k >= 0; k--) {
      const x = this.itemsB[b][k];
      if (writes({ ...x, i: k })) {
        this.fail(b, ins.line, `the load \`${ins.text}\` was removed, but \`${this.B[b].instrs[k].text}\` (line ${this.B[b].instrs[k].line}) before it may change ${what}`);
        return;
      }
      if (!access(x)) continue;
      const src = this.B[b].instrs[k];
      const want = x.k === K.Store || x.k === K.FStore ? this.afterKey(src.operands[0]) : this.valueOf(src.result!);
      if (got !== undefined && want !== undefined && !want.startsWith("?") && got !== want)
        this.fail(b, ins.line, `the load \`${ins.text}\` was replaced by ${got}, but ${what} holds ${want} there (\`${src.text}\`, line ${src.line})`, this.replLine.get(ins.result!));
      else if (got === undefined && want !== undefined && !want.startsWith("?")) this.repl.set(ins.result!, want);
      return;
    }
    this.fail(b, ins.line, `the load \`${ins.text}\` was removed, but no store or load of ${what} stands before it in its block (${what} stays after the pass)`);
  }

  /**
   * Why instruction k of block b (one that may run JavaScript: a call, a getter, a conversion)
   * may read (or, `write`, store) frame variable fvar; undefined where it cannot. No other code
   * can touch a variable of this function that no other function loads or stores (and no
   * `eval`); in the first block, which runs once per call before any closure of this frame is
   * made, only the closures it has made before k can (their functions, and the functions those
   * make, are the ones that could).
   */
  private frameReach(fvar: string, b: number, k: number, write: boolean): string | undefined {
    const m = this.opts.module;
    if (m === undefined || !m.complete) return "the dump does not hold every function, so what else touches it is not known";
    if (this.B.some((blk) => blk.instrs.some((x) => x.kind === DIRECT_EVAL))) return "the function calls eval";
    const me = this.before.name;
    const owner = m.owner.get(fvar);
    const touching = new Set<string>();
    for (const f of m.stores.get(fvar) ?? []) if (f !== me) touching.add(f);
    // a variable of another function that only that function stores cannot change while this
    // one runs: the owner's frame waits below this call (or is gone), and a new call of it has
    // a new frame; unless the frame is a generator's or an async function's, which a call may resume
    if (write && owner !== undefined && owner !== me && [...touching].every((f) => f === owner) && !m.resumable.has(owner)) return undefined;
    if (!write) for (const f of m.loads.get(fvar) ?? []) if (f !== me) touching.add(f);
    if (touching.size === 0 && owner === me) return undefined;
    if (m.owner.get(fvar) === me && b === 0) {
      // the functions the closures made so far in this call are, and those they make
      const made = new Set<string>();
      const stack: string[] = [];
      for (let x = 0; x < k; x++) {
        const ins = this.B[0].instrs[x];
        if (!/^(Create|HBCCreate)\w*(Function|Generator|Class)Inst$/.test(ins.kind)) continue;
        for (const o of ins.operands) {
          const fm = /^%("[^"]*"|[^\s(#]+)(#\d+)*\(\)/.exec(o.value);
          if (fm !== null) stack.push(fm[1].replace(/^"(.*)"$/, "$1"));
        }
      }
      while (stack.length > 0) {
        const f = stack.pop()!;
        if (made.has(f)) continue;
        made.add(f);
        for (const c of m.children.get(f) ?? []) stack.push(c);
      }
      const reaching = [...touching].filter((f) => made.has(f));
      if (reaching.length === 0) return undefined;
      return `the closure ${reaching[0]} made before it ${write ? "stores" : "reads"} it`;
    }
    return `${[...touching].slice(0, 2).join(", ") || m.owner.get(fvar) || "another function"} ${write ? "stores" : "reads or stores"} it`;
  }

  private forwardedFrameLoad(b: number, i: number, fvar: string): void {
    const ins = this.B[b].instrs[i];
    const m = this.opts.module;
    for (let k = i - 1; k >= 0; k--) {
      const x = this.itemsB[b][k];
      const src = this.B[b].instrs[k];
      if ((x.k === K.FLoad || x.k === K.FStore) && x.fvar === fvar) {
        const want = x.k === K.FStore ? this.afterKey(src.operands[0]) : this.valueOf(src.result!);
        const got = this.repl.get(ins.result!);
        if (got !== undefined && want !== undefined && !want.startsWith("?") && got !== want)
          this.fail(b, ins.line, `the frame load \`${ins.text}\` was replaced by ${got}, but the variable holds ${want} there (\`${src.text}\`, line ${src.line})`, this.replLine.get(ins.result!));
        else if (got === undefined && want !== undefined && !want.startsWith("?")) this.repl.set(ins.result!, want);
        return;
      }
      if (x.k !== K.Other || !this.activeAt(b, k)) continue;
      const why = this.frameReach(fvar, b, k, true);
      if (why === undefined) continue;
      const msg = `the frame load \`${ins.text}\` was removed, but \`${src.text}\` (line ${src.line}) before it may run code that stores ${fvar}: ${why}`;
      if (m === undefined || !m.complete) this.notCovered(b, ins.line, msg);
      else this.fail(b, ins.line, msg);
      return;
    }
    this.fail(b, ins.line, `the frame load \`${ins.text}\` was removed, but no store or load of the variable stands before it in its block`);
  }

  /**
   * A removed store of a location that stays (a kept slot, a frame variable): a later store of
   * it in its block overwrites it, and nothing between may read it, nor throw to a handler that
   * reads it (nor, for a frame variable, run code that reads it).
   */
  private removedStore(b: number, i: number, slot: number, fvar: string): void {
    const ins = this.B[b].instrs[i];
    const what = fvar !== "" ? `the variable ${fvar}` : `the slot %${slot}`;
    for (let k = i + 1; k < this.B[b].instrs.length; k++) {
      const x = this.itemsB[b][k];
      const src = this.B[b].instrs[k];
      const same = fvar !== "" ? (x.k === K.FStore || x.k === K.FLoad) && x.fvar === fvar : (x.k === K.Store || x.k === K.Load) && x.slot === slot;
      if (same && (x.k === K.Store || x.k === K.FStore)) {
        // overwritten: what lies between must not observe the store
        const active = this.activeBetween(b, i, k);
        if (active.length === 0) return;
        if (fvar !== "")
          for (let z = i + 1; z < k; z++) {
            const y = this.B[b].instrs[z];
            if (!this.activeAt(b, z)) continue;
            const why = this.frameReach(fvar, b, z, false);
            if (why === undefined) continue;
            const msg = `the store \`${ins.text}\` was removed, but \`${y.text}\` (line ${y.line}) before the next store may run code that reads ${what}: ${why}`;
            const m = this.opts.module;
            if (m === undefined || !m.complete) this.notCovered(b, ins.line, msg);
            else this.fail(b, ins.line, msg);
            return;
          }
        const why = this.observableOnThrow(b, fvar !== "" ? NONE : slot, fvar);
        if (why !== undefined) this.fail(b, ins.line, `the store \`${ins.text}\` was removed, but \`${active[0].text}\` (line ${active[0].line}) may throw before the next store, and ${why}`);
        return;
      }
      if (same && this.keptB[b][k] >= 0) {
        this.fail(b, ins.line, `the store \`${ins.text}\` was removed, but \`${src.text}\` (line ${src.line}) reads ${what} after it`);
        return;
      }
      if (fvar === "" && x.k === K.Other && src.operands.some((o) => o.kind === "instr" && o.n === slot)) {
        this.fail(b, ins.line, `the store \`${ins.text}\` was removed, but \`${src.text}\` (line ${src.line}) reads ${what} after it`);
        return;
      }
    }
    this.fail(b, ins.line, `the store \`${ins.text}\` was removed, but no later store of ${what} in its block overwrites it (${what} stays after the pass)`);
  }

  /** Every folded phi: first to give its value to operands no one else reads (`check` false), then checked. */
  private foldedPhis(check: boolean): void {
    for (let b = 0; b < this.nb; b++) {
      if (!this.reachable[b] || this.misaligned.has(b)) continue;
      for (let i = 0; i < this.itemsB[b].length; i++) if (this.itemsB[b][i].k === K.Phi && this.keptB[b][i] < 0) this.foldedPhi(b, i, check);
    }
  }

  /**
   * A phi IRGen placed, which the pass removed (SimpleMem2Reg's final fold): its operands other
   * than itself are one value, which is what its users read, computed where it dominates the phi.
   */
  private foldedPhi(b: number, i: number, check: boolean): void {
    const ins = this.B[b].instrs[i];
    const self = ins.result!;
    const e = this.phiEntries(ins, this.labelB);
    if (e === undefined) {
      if (check) this.fail(b, ins.line, `the phi \`${ins.text}\` does not read as value, block pairs`);
      return;
    }
    const values = new Set<string>();
    for (const o of e.values()) {
      if (o.kind === "instr" && o.n === self) continue;
      const k = this.afterKey(o);
      values.add(k);
    }
    const got = this.repl.get(self);
    const known = [...values].filter((k) => !k.startsWith("?"));
    const distinct = new Set(known);
    if (got !== undefined) distinct.add(got);
    if (distinct.size > 1) {
      if (check) this.fail(b, ins.line, `the phi \`${ins.text}\` was removed and its users read ${got ?? [...distinct][0]}, but its operands are ${[...values].join(", ")}: not one value`, got === undefined ? undefined : this.replLine.get(self));
      return;
    }
    const w = [...distinct][0];
    if (w === undefined) return;
    // unknown operands (removed loads no one else reads) take the value
    for (const o of e.values())
      if (o.kind === "instr" && o.n !== self && this.afterKey(o).startsWith("?")) {
        this.repl.set(o.n, w);
        this.pending.push(o.n);
      }
    if (got === undefined) this.repl.set(self, w);
    if (!check) return;
    const at = this.tables().computedAt(w);
    if (at !== undefined && !(at.b !== b && this.dominators().dominates(at.b, b)))
      this.fail(b, ins.line, `the phi \`${ins.text}\` was folded into ${w}, which is not computed before its block (%BB${this.B[at.b].label})`);
    this.folded++;
  }

  private folded = 0;

  // --- 8. what the model cannot see: exceptional paths --------------------------------------------

  private exceptionalPaths(): void {
    if (this.vars.length === 0) return;
    let anyTry = false;
    for (const blk of this.B) if (blk.instrs[blk.instrs.length - 1]?.kind === TRY_START) anyTry = true;
    if (!anyTry) return;
    const trys = this.trys();
    for (let v = 0; v < this.vars.length; v++) {
      const slot = this.vars[v];
      for (let b = 0; b < this.nb; b++) {
        if (!this.reachable[b]) continue;
        const store = this.B[b].instrs.findIndex((_, i) => this.itemsB[b][i].k === K.Store && this.itemsB[b][i].slot === slot);
        if (store < 0) continue;
        for (const t of trys[b]) {
          const h = this.handlerOf(t);
          if (this.readAfter(h, slot, ""))
            this.notCovered(
              b,
              this.B[b].instrs[store].line,
              `the promoted slot ${this.varNames[v]} is stored inside the try region of %BB${this.B[t].label} and read after its handler %BB${this.B[h].label}; the model has no edge from an instruction that may throw to the handler`,
            );
        }
      }
    }
  }

  // --- 9. the documents --------------------------------------------------------------------------

  pair(): FunctionPair {
    const full = this.readBlocks();
    if (this.nb > 0 && this.preds[0].length > 0) this.notCovered(0, this.B[0].line, `the first block %BB${this.B[0].label} has predecessors (a loop back to the function's start), which the model has no place for`);
    if (full) {
      this.alignBlocks();
      this.pairSlots();
      this.alignSegments();
      this.compareAll(false);
      this.matchPhis();
      this.compareAll(true);
      this.classifySlots();
      this.collectNewPhis();
      this.modelValues();
      this.phiVariables();
      this.phiValues();
      this.unobservedLoads();
      // folded phis first: the loads only they read get their value from the phi's users
      this.foldedPhis(false);
      for (const n of this.repl.keys()) this.pending.push(n);
      this.resolveLoads();
      this.resolvePhiArgs();
      this.resolveLoads();
      this.localRules();
      // loads the local rules gave a value to may be read by promoted slots' removed stores
      for (const n of this.repl.keys()) if (!this.loadVal.has(n)) this.pending.push(n);
      this.resolveLoads();
      this.foldedPhis(true);
      this.exceptionalPaths();
    } else this.classifySlots();
    return this.documents();
  }

  private documents(): FunctionPair {
    const ids = (b: number) => this.blockId(b);
    const origBlocks: BlockDoc[] = [];
    const ssaBlocks: BlockDoc[] = [];
    const uninitialised: StatementPlace[] = [];
    const vars: Record<string, string> = {};
    const used = new Set<number>();
    const stmtLines = new Map<string, number[]>();
    const phisAt = new Map<number, PhiDoc[]>();
    const undominated: UndominatedUse[] = [];
    const name = (val: number) => (val >= 0 ? this.vals[val].name : "?");
    const valName = (val: number, v: number) => {
      if (val >= 0) {
        used.add(val);
        return this.vals[val].name;
      }
      // a use the search could not name (its failure is reported): a value nothing defines
      const n = `${this.varNames[v]}.unknown`;
      vars[n] = this.varNames[v];
      return n;
    };
    for (const [n, phi] of this.newPhis) {
      const val = this.phiVal.get(n);
      if (val === undefined) continue;
      used.add(val);
      const args = (this.argsOf.get(n) ?? this.preds[phi.b].map(() => -1)).map((a) => valName(a, phi.v));
      (phisAt.get(phi.b) ?? phisAt.set(phi.b, []).get(phi.b)!).push({ def: name(val), args });
      args.forEach((_, arg) => {
        const message = this.undominatedUses.get(`phi ${n} ${arg}`);
        if (message !== undefined) undominated.push({ block: ids(phi.b), phi: name(val), arg, message });
      });
    }
    for (const m of this.searchObj?.merges ?? []) {
      used.add(m.val);
      (phisAt.get(m.b) ?? phisAt.set(m.b, []).get(m.b)!).push({ def: name(m.val), args: m.args.map((a) => valName(a, m.v)) });
    }
    for (let b = 0; b < this.nb; b++) {
      if (!this.reachable[b]) continue;
      const id = ids(b);
      const o: StmtDoc[] = [];
      const s: StmtDoc[] = [];
      const lines: number[] = [];
      if (b === 0)
        // every promoted slot's content at the function's start: the wildcards of --undef refine
        for (let v = 0; v < this.vars.length; v++) {
          const val = this.eventVal.get(`${v}:0:-1`)!;
          used.add(val);
          uninitialised.push({ variable: this.varNames[v], block: id, stmt: o.length });
          o.push({ defs: [this.varNames[v]], uses: [] });
          s.push({ defs: [name(val)], uses: [] });
          lines.push(this.B[0].line);
        }
      this.B[b].instrs.forEach((ins, i) => {
        const it = this.itemsB[b][i];
        const v = it.k === K.Store || it.k === K.Load ? this.varOfSlot.get(it.slot) : undefined;
        if (v === undefined) return;
        const x = this.varNames[v];
        if (it.k === K.Load) {
          const val = this.loadVal.get(ins.result!);
          if (val === undefined) return;
          const message = this.undominatedUses.get(`load ${ins.result!}`);
          if (message !== undefined) undominated.push({ block: id, stmt: s.length, value: valName(val, v), message });
          o.push({ defs: [], uses: [x] });
          s.push({ defs: [], uses: [valName(val, v)] });
          lines.push(ins.line);
          return;
        }
        const val = this.eventVal.get(`${v}:${b}:${i}`);
        if (val === undefined) return;
        used.add(val);
        o.push({ defs: [x], uses: [] });
        s.push({ defs: [name(val)], uses: [] });
        lines.push(ins.line);
      });
      stmtLines.set(id, lines);
      const preds = this.preds[b].map(ids);
      origBlocks.push({ id, preds, stmts: o });
      const phis = phisAt.get(b) ?? [];
      ssaBlocks.push({ id, preds, ...(phis.length > 0 ? { phis } : {}), stmts: s });
    }
    for (const val of used) vars[this.vals[val].name] = this.varNames[this.vals[val].v];
    const original: FunctionDoc = { kind: "cfg", name: this.opts.name, entry: ids(0), blocks: origBlocks };
    const ssa: FunctionDoc = { kind: "ssa", name: this.opts.name, entry: ids(0), blocks: ssaBlocks, vars };
    const produced = new Map<string, string>();
    for (const val of used) produced.set(this.vals[val].name, this.producedBy(val));
    const lastLine = (b: number) => this.B[b].instrs[this.B[b].instrs.length - 1]?.line ?? this.B[b].line;
    const blockOf = new Map<string, number>();
    for (let b = 0; b < this.nb; b++) blockOf.set(ids(b), b);
    const loads = this.loadVal.size;
    return {
      name: this.opts.name,
      original,
      ssa,
      uninitialised,
      ...(undominated.length > 0 ? { undominated } : {}),
      checks: [
        { property: SAME_INSTRUCTIONS, failures: this.failures.sort((x, y) => x.line - y.line) },
        { property: COVERED, failures: this.uncovered },
      ],
      phis: this.newPhis.size,
      differences: this.remarks(),
      stats: { blocks: this.reachable.reduce((a, x) => a + x, 0), promoted: this.vars.length, kept_slots: this.keptSlots.size, loads_replaced: loads, folded_phis: this.folded, unreachable_blocks: this.nb - this.reachable.reduce((a, x) => a + x, 0) },
      refinedValue: (valueName) => hermesRefinement(valueName, produced.get(valueName)),
      sourceLine: (block, stmt) => {
        const b = blockOf.get(block);
        if (b === undefined) return undefined;
        if (stmt === null) return lastLine(b);
        return stmtLines.get(block)?.[stmt] ?? this.B[b].line;
      },
      blockLines: () => Object.fromEntries([...blockOf].filter(([, b]) => this.reachable[b]).map(([id, b]) => [id, [this.B[b].line, lastLine(b)]])),
    };
  }

  /** What SSA value `val` stands for in the after dump: the stored value, `undefined` for a fresh slot, the phi. */
  private producedBy(val: number): string {
    const x = this.vals[val];
    if (x.produces !== "") return x.produces;
    for (const [key, id] of this.eventVal)
      if (id === val) {
        const [, b, i] = key.split(":").map(Number);
        return this.afterKey(this.B[b].instrs[i].operands[0]);
      }
    return "?";
  }

  private remarks(): PhiDifference[] {
    const out = [...this.differences];
    if (this.folded > 0) out.push({ kind: "folded phis", block: "entry", detail: `${this.folded} phi(s) of IRGen folded into their one value by ${this.opts.builder ?? "the builder"}, each checked`, minimumDelta: 0 });
    return out;
  }
}

/**
 * Under `--undef refine`, what a read of a fresh slot became, judged by JavaScript's semantics:
 * the read gives `undefined`, so only `undefined` refines it (both builders put `undefined` where
 * no store reaches).
 */
export function hermesRefinement(valueName: string, produced: string | undefined): RefinedValue {
  if (produced === "undefined")
    return { value: "undefined", unsound: null, clause: "which is what JavaScript reads from a variable no store reached" };
  return {
    value: produced ?? valueName,
    unsound: "JavaScript has no undefined value to refine: a read of a fresh slot gives undefined",
    clause: "which JavaScript does not allow: a read of a fresh slot gives undefined, one definite outcome that no other value refines",
  };
}

/** One function before and after hermesc's SSA builder as the library's pair. */
export function hermesPair(before: HermesFunction, after: HermesFunction, opts: PairOptions): FunctionPair {
  return new Builder(before, after, opts).pair();
}

/** One function's original CFG from the dump before the pass alone (for `construct`): every slot only loads and stores use is a variable. */
export function hermesOriginal(fn: HermesFunction, opts: PairOptions): FunctionDoc {
  // the before dump against itself with every candidate slot removed would be a pair; the
  // original is the same whichever slots stay, so it is made from the candidates directly
  const candidates = candidateSlots(fn);
  const stripped: HermesFunction = {
    ...fn,
    blocks: fn.blocks.map((blk) => ({
      ...blk,
      instrs: blk.instrs.filter((ins) => !((ins.kind === ALLOC && ins.result !== null && candidates.has(ins.result)) || ((ins.kind === LOAD || ins.kind === STORE) && candidates.has(slotOperand(ins))))),
    })),
  };
  return hermesPair(fn, stripped, opts).original;
}

function slotOperand(ins: HermesInstr): number {
  const o = ins.kind === LOAD ? ins.operands[0] : ins.operands[1];
  return o?.kind === "instr" ? o.n : NONE;
}

/** The slots only LoadStackInst and StoreStackInst use (as the slot operand). */
function candidateSlots(fn: HermesFunction): Set<number> {
  const allocs = new Set<number>();
  const other = new Set<number>();
  for (const blk of fn.blocks)
    for (const ins of blk.instrs) {
      if (ins.kind === ALLOC && ins.result !== null) allocs.add(ins.result);
      ins.operands.forEach((o, k) => {
        if (o.kind !== "instr") return;
        const slotUse = (ins.kind === LOAD && k === 0) || (ins.kind === STORE && k === 1);
        if (!slotUse) other.add(o.n);
      });
    }
  return new Set([...allocs].filter((a) => !other.has(a)));
}
