/**
 * One SPIR-V function before and after `spirv-opt --ssa-rewrite` as a pair of exchange-format
 * documents on the same blocks and statements (docs/spirv.md says it for users).
 *
 * The original CFG. Blocks: those reachable from the function's first block, in function order,
 * named by their labels; `preds` from the terminators, one entry per edge (a switch with two
 * cases to one block names it twice). Variables: the promoted `OpVariable`s (structure.ts).
 * Statements, in instruction order, only for those: the `OpVariable` defines its variable (its
 * uninitialised content, or its initializer), an `OpStore` to it defines it, an `OpLoad` of it
 * whose result something uses uses it; a load nobody uses is an empty statement on both sides.
 *
 * The SSA CFG. Values: `x.undef` (or `x.init`) for the variable's definition, `x.B.k` for the
 * store of statement k of block B, `x.N` for the pass's phi `%N`; phi arguments per edge in
 * `preds` order (SPIR-V's `OpPhi` names each parent block once; a block reached twice gets that
 * one value on both edges). A removed load's replacement `w`, and each argument `w` of a phi, is
 * a read of the variable with a claimed value, which becomes an SSA value of the variable:
 * - the pass's phi of the same variable: that phi;
 * - otherwise, by a backward search over the original CFG from the read, the last definitions
 *   of the variable that produce `w` (a store whose stored value is `w` after the pass; the
 *   variable's definition for an `OpUndef` or its initializer). One on every path gives its
 *   value; where several meet (the pass simplified `phi(w, w)` to `w`), a phi of our own merges
 *   them (`x.B.fold`, reported as "equal values merged": two stores are two definitions in the
 *   model). Paths ending at a definition that produces something else are left to `equiv`,
 *   which then fails with that path as its witness; a read no definition producing `w` reaches
 *   reads `x.none`, which nothing defines.
 * - If `w` is computed anew between the store and the read (a stale value around a loop: the
 *   store reaches, but `w` has changed since), the model cannot tell, so `same_instructions`
 *   fails there.
 * The variable of each of the pass's phis is inferred: a read of `x` that reaches the phi's
 * block without crossing a definition of `x` and is claimed to be that phi makes it `x`'s (a
 * load replaced by it, or an argument of a phi of `x`); a phi nothing reads takes the one
 * variable whose values its arguments are.
 */
import type { AdapterFailure, FunctionPair, PhiDifference, RefinedValue, StatementPlace, UndominatedUse, UsePlace } from "../adapter.js";
import type { BlockDoc, FunctionDoc, PhiDoc, StmtDoc } from "../../io/format.js";
import { BlockDominators } from "../dominators.js";
import type { Alignment } from "./align.js";
import { Op, type SpvInstruction } from "./module.js";
import { functionVariables, reachableLabels, type ModuleParts, type SpvBlock, type SpvFunction } from "./structure.js";

export const SAME_INSTRUCTIONS = "same_instructions";

/** Special search results. */
const BOT = -1; // a path whose last definition produces another value
const STALE = -2; // a path on which the claimed value is computed anew after the definition
const PASS = -3; // no definition in the scanned part of a block

/** A read of a variable with a claimed value. */
interface Read {
  variable: number;
  /** The block (index in the function) and the instruction index before which it reads; `at = body length` for a block's end. */
  block: number;
  at: number;
  /** The claimed value: an after id. */
  claimed: number;
}

/** A definition of a variable in the original CFG. */
interface Def {
  variable: number;
  block: number;
  /** Index in the block's body. */
  at: number;
  instruction: SpvInstruction;
  /** The value it produces, as an after id (`UNDEF` for an uninitialised variable). */
  produces: number;
  /** Its SSA value (index into `values`). */
  value: number;
}

const UNDEF = -10;

export class FunctionPairing {
  private readonly fn: SpvFunction;
  private readonly blocks: SpvBlock[];
  private readonly blockIndex = new Map<number, number>();
  /** Per block: its reachable predecessors, one per edge, as block indices. */
  private readonly preds: number[][];
  private readonly variables: SpvInstruction[];
  private readonly promoted: Set<number>;
  /** Values of the SSA document: name and variable. */
  private readonly values: Array<{ name: string; variable: number }> = [];
  private readonly usedNames = new Set<string>();
  /** Per block, per body index: the definition there (stores and variables of promoted variables). */
  private readonly defAt = new Map<SpvInstruction, Def>();
  private readonly defsOf = new Map<number, Def[]>();
  /** Before-side position of every instruction of the function that defines an id: [block, index]. */
  private readonly position = new Map<number, [number, number]>();
  /** The pass's phis in reachable blocks: after id -> block index, variable (once inferred), value. */
  private readonly phis = new Map<number, { block: number; pairs: Array<[number, number]>; variable: number; value: number; instruction: SpvInstruction }>();
  /** Fold phis: key `${variable}|${claimed}|${block}` -> value and args per edge. */
  private readonly folds = new Map<string, { value: number; block: number; args: number[]; variable: number; claimed: number }>();
  /** The in-value of a block for a (variable, claimed) search, once known. */
  private readonly inValue = new Map<string, number>();
  private readonly failures: AdapterFailure[] = [];
  private readonly differences: PhiDifference[] = [];
  private readonly noneValue = new Map<number, number>();
  private readonly dom: BlockDominators;

  constructor(
    private readonly before: ModuleParts,
    private readonly after: ModuleParts,
    private readonly alignment: Alignment,
    private readonly index: number,
    alignFailures: AdapterFailure[],
  ) {
    this.fn = before.functions[index];
    const live = reachableLabels(this.fn);
    this.blocks = this.fn.blocks.filter((b) => live.has(b.label));
    this.blocks.forEach((b, i) => this.blockIndex.set(b.label, i));
    this.preds = this.blocks.map(() => []);
    this.blocks.forEach((b, i) => {
      for (const s of b.succs) {
        const t = this.blockIndex.get(s);
        if (t !== undefined) this.preds[t].push(i);
      }
    });
    const { variables, promoted } = functionVariables(before, this.fn);
    this.variables = variables.filter((v) => promoted.has(v.result));
    this.promoted = promoted;
    this.failures.push(...alignFailures);
    this.blocks.forEach((b, bi) => b.body.forEach((i, k) => i.result !== 0 && this.position.set(i.result, [bi, k])));
    this.dom = new BlockDominators(this.blocks.map((b) => b.succs.flatMap((s) => (this.blockIndex.has(s) ? [this.blockIndex.get(s)!] : []))));
  }

  /**
   * The rule of SPIR-V's validator for the after module: the definition of a value must
   * dominate its use (a phi argument: the end of its parent block). What a read given a value
   * defined in this function that does not breaks, in SPIR-V's terms, or undefined. Such a read
   * is not a failure of the pairing: it is given the model's value for the pass's definition
   * (`standIn`), whose definition does not dominate it either, and `allUses_def_ass` fails there.
   */
  private dominance(r: Read): string | undefined {
    const at = this.stalePointOf(this.classOf(r.claimed));
    if (at === undefined) return undefined;
    const [b, k] = at;
    const ok = b === r.block ? k < r.at : this.dom.dominates(b, r.block);
    if (ok) return undefined;
    const body = this.blocks[r.block].body;
    const place = r.at < body.length ? body[r.at] : body[body.length - 1];
    return `the read of %${this.varName(r.variable)} at ${this.B.place(place)} is given %${this.A.idName(r.claimed)}, whose definition in block %${this.blockName(b)} does not dominate it (spirv-val refuses that)`;
  }

  /**
   * The model's value for the pass's own definition of what a read is given: the pass's phi of
   * the read's variable, or a definition of the variable that stores the value (the value's
   * definition dominates the store); undefined where there is none.
   */
  private standIn(r: Read): number | undefined {
    const phi = this.phis.get(r.claimed);
    if (phi !== undefined && phi.variable === r.variable) return phi.value;
    const claimed = this.classOf(r.claimed);
    return (this.defsOf.get(r.variable) ?? []).find((d) => d.produces === claimed)?.value;
  }

  private get B() {
    return this.before.module;
  }
  private get A() {
    return this.after.module;
  }

  /** Names of variables and blocks: the input's, made unique (a binary's OpNames may repeat: glslang calls every call argument `param`). */
  private readonly uniqueNames = new Map<number, string>();
  private readonly takenNames = new Set<string>();
  private uniqueName(id: number): string {
    let n = this.uniqueNames.get(id);
    if (n === undefined) {
      const base = this.B.idName(id);
      n = base;
      for (let k = 1; this.takenNames.has(n); k++) n = `${base}_${k}`;
      this.takenNames.add(n);
      this.uniqueNames.set(id, n);
    }
    return n;
  }
  private varName(x: number): string {
    return this.uniqueName(x);
  }
  private blockName(b: number): string {
    return this.uniqueName(this.blocks[b].label);
  }

  private addValue(name: string, variable: number): number {
    let n = name;
    for (let k = 1; this.usedNames.has(n); k++) n = `${name}#${k}`;
    this.usedNames.add(n);
    return this.values.push({ name: n, variable }) - 1;
  }

  private fail(block: number, instruction: SpvInstruction | undefined, message: string, afterInstruction?: SpvInstruction): void {
    const at = instruction ?? this.fn.header;
    this.failures.push({
      block: block >= 0 ? this.blockName(block) : this.blocks.length > 0 ? this.blockName(0) : "",
      line: at.at,
      ...(afterInstruction !== undefined ? { after_line: afterInstruction.at } : {}),
      places: { before: this.B.place(at), ...(afterInstruction !== undefined ? { after: this.A.place(afterInstruction) } : {}) },
      message,
    });
  }

  /** The class of an after id: `UNDEF` for every OpUndef, else the id itself. */
  private classOf(w: number): number {
    return this.alignment.undefs.has(w) ? UNDEF : w;
  }

  // --- definitions ------------------------------------------------------------------------------

  private collectDefs(): void {
    const { counterpart, corr } = this.alignment;
    this.blocks.forEach((b, bi) => {
      let stmt = 0;
      b.body.forEach((i, k) => {
        let variable = 0;
        let produces = UNDEF;
        let name = "";
        if (i.opcode === Op.Variable && this.promoted.has(i.result)) {
          variable = i.result;
          const init = i.operands.length > 1 ? corr.get(i.operands[1]) : undefined;
          if (i.operands.length > 1) produces = init === undefined ? BOT : this.classOf(init);
          name = `${this.varName(variable)}.${i.operands.length > 1 ? "init" : "undef"}`;
        } else if (i.opcode === Op.Store && this.promoted.has(i.operands[0])) {
          variable = i.operands[0];
          const a = counterpart.get(i);
          produces = a === undefined ? BOT : this.classOf(a.operands[1]);
          name = `${this.varName(variable)}.${this.blockName(bi)}.${stmt}`;
        }
        if (this.isStatement(i)) stmt++;
        if (variable === 0) return;
        const d: Def = { variable, block: bi, at: k, instruction: i, produces, value: this.addValue(name, variable) };
        this.defAt.set(i, d);
        let list = this.defsOf.get(variable);
        if (list === undefined) this.defsOf.set(variable, (list = []));
        list.push(d);
      });
    });
  }

  /** Whether an instruction is a statement of the documents. */
  private isStatement(i: SpvInstruction): boolean {
    if (i.opcode === Op.Variable) return this.promoted.has(i.result);
    if (i.opcode === Op.Store) return this.promoted.has(i.operands[0]);
    if (i.opcode === Op.Load) return this.promoted.has(i.operands[0]) && this.alignment.removed.has(i.result);
    return false;
  }

  /** Whether anything uses a load's result (in the before module; the same instructions use its replacement after). */
  private used(load: SpvInstruction): boolean {
    return this.before.used(load.result);
  }

  // --- the backward search ----------------------------------------------------------------------

  /**
   * Scans block `b` backwards from before index `from` for the read's variable: the definition
   * found (its value, or BOT if it produces something else), STALE if the claimed value is
   * defined on the way, or PASS.
   */
  private scan(variable: number, claimed: number, stalePoint: [number, number] | undefined, b: number, from: number): number {
    const body = this.blocks[b].body;
    for (let k = from - 1; k >= 0; k--) {
      if (stalePoint !== undefined && stalePoint[0] === b && stalePoint[1] === k) return STALE;
      const d = this.defAt.get(body[k]);
      if (d !== undefined && d.variable === variable) return d.produces === claimed ? d.value : BOT;
    }
    // a phi of the pass defines its value at the block's entry
    if (stalePoint !== undefined && stalePoint[0] === b && stalePoint[1] === -1) return STALE;
    return PASS;
  }

  /** Where the claimed value is (re)computed inside the function, if it is: [block, index], index -1 for a phi of the pass. */
  private stalePointOf(claimed: number): [number, number] | undefined {
    if (claimed === UNDEF) return undefined;
    const phi = this.phis.get(claimed);
    if (phi !== undefined) return [phi.block, -1];
    const b = this.alignment.inv.get(claimed);
    return b === undefined ? undefined : this.position.get(b);
  }

  /**
   * The SSA value a read stands for, by the search the module comment describes. Blocks'
   * in-values are cached per (variable, claimed value), so that reads of one web share their
   * fold phis. No recursion: the region is walked with an explicit stack.
   */
  private resolve(r: Read): number {
    const claimed = this.classOf(r.claimed);
    const stalePoint = this.stalePointOf(claimed);
    const first = this.scan(r.variable, claimed, stalePoint, r.block, r.at);
    if (first === STALE) return this.stale(r);
    if (first !== PASS) return first === BOT ? this.none(r.variable) : first;
    const v = this.inOf(r.variable, claimed, stalePoint, r.block, r);
    return v === BOT ? this.none(r.variable) : v;
  }

  private key(variable: number, claimed: number, b: number): string {
    return `${variable}|${claimed}|${b}`;
  }

  /** The in-value of block `b0` for (variable, claimed): a definition's value, a fold phi, or BOT. */
  private inOf(variable: number, claimed: number, stalePoint: [number, number] | undefined, b0: number, r: Read): number {
    const cached = this.inValue.get(this.key(variable, claimed, b0));
    if (cached !== undefined) return cached;
    // the region: blocks whose in-value is needed, backwards from b0 through blocks without a definition
    const region: number[] = [];
    const inRegion = new Map<number, number>();
    const outOf = new Map<number, number>();
    let stale = false;
    const stack = [b0];
    inRegion.set(b0, 0);
    region.push(b0);
    while (stack.length > 0) {
      const b = stack.pop()!;
      for (const p of this.preds[b]) {
        if (outOf.has(p)) continue;
        const s = this.scan(variable, claimed, stalePoint, p, this.blocks[p].body.length);
        if (s === STALE) stale = true;
        if (s !== PASS) {
          outOf.set(p, s === STALE ? BOT : s);
          continue;
        }
        const known = this.inValue.get(this.key(variable, claimed, p));
        if (known !== undefined) {
          outOf.set(p, known);
          continue;
        }
        outOf.set(p, PH_BASE - region.length); // its in-value, a placeholder until solved
        inRegion.set(p, region.length);
        region.push(p);
        stack.push(p);
      }
    }
    if (stale) this.stale(r);
    // placeholders: each region block's in-value from its predecessors' out-values
    const args: number[][] = region.map((b) => this.preds[b].map((p) => outOf.get(p)!));
    const entryBlock = 0;
    const self = (k: number) => PH_BASE - k;
    const forward = new Map<number, number>();
    const find = (x: number): number => {
      while (forward.has(x)) x = forward.get(x)!;
      return x;
    };
    region.forEach((b, k) => {
      if (b === entryBlock && this.preds[b].length === 0) forward.set(self(k), BOT);
    });
    for (let changed = true; changed; ) {
      changed = false;
      for (let k = 0; k < region.length; k++) {
        if (forward.has(self(k))) continue;
        let only: number | undefined;
        let many = false;
        for (const a0 of args[k]) {
          const x = find(a0);
          if (x === self(k) || x === BOT) continue;
          if (only === undefined) only = x;
          else if (only !== x) many = true;
        }
        if (!many) {
          forward.set(self(k), only ?? BOT);
          changed = true;
        }
      }
    }
    // the rest become fold phis
    const real = new Map<number, number>();
    for (let k = 0; k < region.length; k++) {
      if (forward.has(self(k))) continue;
      const b = region[k];
      const key = this.key(variable, claimed, b);
      let fold = this.folds.get(key);
      if (fold === undefined) {
        fold = { value: this.addValue(`${this.varName(variable)}.${this.blockName(b)}.fold`, variable), block: b, args: [], variable, claimed };
        this.folds.set(key, fold);
        this.differences.push({
          kind: "equal values merged",
          block: this.blockName(b),
          detail: `the pass gives %${this.varName(variable)} the same value %${claimed === UNDEF ? "undef" : this.A.idName(claimed)} on every edge into this block where definitions of it that store that value meet (phi(w, w, ...) simplified to w); the model needs a phi there`,
          minimumDelta: 1,
        });
      }
      real.set(self(k), fold.value);
    }
    const resolveArg = (x: number): number => {
      const y = find(x);
      return y <= PH_BASE ? real.get(y)! : y;
    };
    for (let k = 0; k < region.length; k++) {
      if (forward.has(self(k))) continue;
      const fold = this.folds.get(this.key(variable, claimed, region[k]))!;
      if (fold.args.length > 0) continue;
      const resolved = args[k].map(resolveArg);
      const fill = resolved.find((x) => x >= 0)!;
      // a path whose definition produces something else: any value does (equiv fails on it)
      fold.args = resolved.map((x) => (x >= 0 ? x : fill));
    }
    region.forEach((b, k) => this.inValue.set(this.key(variable, claimed, b), resolveArg(self(k))));
    return this.inValue.get(this.key(variable, claimed, b0))!;
  }

  private none(variable: number): number {
    let v = this.noneValue.get(variable);
    if (v === undefined) this.noneValue.set(variable, (v = this.addValue(`${this.varName(variable)}.none`, variable)));
    return v;
  }

  private stale(r: Read): number {
    const b = this.blocks[r.block];
    const at = r.at < b.body.length ? b.body[r.at] : b.body[b.body.length - 1];
    this.fail(
      r.block,
      at,
      `the read of %${this.varName(r.variable)} at ${this.B.place(at)} is given %${this.A.idName(r.claimed)}, which is computed again after the definition of %${this.varName(r.variable)} that the read sees: a stale value`,
    );
    return this.none(r.variable);
  }

  // --- the pass's phis ---------------------------------------------------------------------------

  /** Whether a read of `variable` at (block, at) reaches the entry of block `target` without crossing a definition of it. */
  private reachesEntry(variable: number, block: number, at: number, target: number): boolean {
    const defIn = (b: number, from: number) => {
      const body = this.blocks[b].body;
      for (let k = from - 1; k >= 0; k--) {
        const d = this.defAt.get(body[k]);
        if (d !== undefined && d.variable === variable) return true;
      }
      return false;
    };
    if (defIn(block, at)) return false;
    if (block === target) return true;
    const seen = new Set<number>([block]);
    const stack = [block];
    while (stack.length > 0) {
      const b = stack.pop()!;
      for (const p of this.preds[b]) {
        if (seen.has(p)) continue;
        seen.add(p);
        if (defIn(p, this.blocks[p].body.length)) continue;
        if (p === target) return true;
        stack.push(p);
      }
    }
    return false;
  }

  /** The loads of promoted variables with their replacements, as reads. */
  private loadReads(): Read[] {
    const out: Read[] = [];
    this.blocks.forEach((b, bi) =>
      b.body.forEach((i, k) => {
        if (i.opcode !== Op.Load || !this.alignment.removed.has(i.result)) return;
        const w = this.alignment.repl.get(i.result);
        if (w !== undefined) out.push({ variable: i.operands[0], block: bi, at: k, claimed: w });
      }),
    );
    return out;
  }

  private collectPhis(): void {
    // this function's own (a walk over the module's phis for each function was quadratic in a batch)
    for (const p of this.alignment.newPhisOf[this.index]) {
      const id = p.instruction.result;
      // the phis of this function's reachable blocks (labels are the before module's)
      const block = this.blockIndex.get(p.label);
      if (block === undefined) continue;
      const pairs = p.pairs.map(([value, parent]): [number, number] => [value, this.alignment.inv.get(parent) ?? -1]);
      this.phis.set(id, { block, pairs, variable: 0, value: -1, instruction: p.instruction });
    }
    // evidence: reads that reach the phi's block and claim the phi
    const claim = (id: number, variable: number, why: string, at: SpvInstruction) => {
      const phi = this.phis.get(id)!;
      if (phi.variable === 0) phi.variable = variable;
      else if (phi.variable !== variable) {
        this.fail(phi.block, at, `the pass's phi %${this.A.idName(id)} stands for %${this.varName(phi.variable)} and, ${why}, for %${this.varName(variable)}`, phi.instruction);
      }
    };
    const loads = this.loadReads();
    for (let changed = true; changed; ) {
      changed = false;
      for (const r of loads) {
        const phi = this.phis.get(r.claimed);
        if (phi === undefined || phi.variable === r.variable) continue;
        if (!this.reachesEntry(r.variable, r.block, r.at, phi.block)) continue;
        const was = phi.variable;
        claim(r.claimed, r.variable, `as the load at ${this.B.place(this.blocks[r.block].body[r.at])} reads it`, this.blocks[r.block].body[r.at]);
        if (was === 0) changed = true;
      }
      for (const [, q] of this.phis) {
        if (q.variable === 0) continue;
        for (const [value, parent] of q.pairs) {
          const p = this.blockIndex.get(parent);
          const phi = this.phis.get(value);
          if (p === undefined || phi === undefined || phi.variable === q.variable) continue;
          if (!this.reachesEntry(q.variable, p, this.blocks[p].body.length, phi.block)) continue;
          const was = phi.variable;
          claim(value, q.variable, `as an argument of a phi of %${this.varName(q.variable)}`, q.instruction);
          if (was === 0) changed = true;
        }
      }
    }
    // a phi nothing reads: the one variable whose values its arguments are
    for (const [id, phi] of this.phis) {
      if (phi.variable !== 0) continue;
      const fits = this.variables.filter((x) => phi.pairs.every(([value, parent]) => this.argumentFits(x.result, value, parent)));
      if (fits.length === 0) {
        this.fail(phi.block, undefined, `the pass's phi %${this.A.idName(id)} in block %${this.blockName(phi.block)} is no variable's: no promoted variable has its arguments as values on those edges`, phi.instruction);
        phi.variable = -1;
      } else phi.variable = fits[0].result;
    }
    for (const [id, phi] of this.phis)
      if (phi.variable > 0) phi.value = this.addValue(`${this.varName(phi.variable)}.${this.A.idName(id)}`, phi.variable);
  }

  /** Whether `value` can be `variable`'s value at the end of block `parent` (before id). */
  private argumentFits(variable: number, value: number, parent: number): boolean {
    const p = this.blockIndex.get(parent);
    if (p === undefined) return false;
    const phi = this.phis.get(value);
    if (phi !== undefined && phi.variable === variable) return true;
    const claimed = this.classOf(value);
    const defs = this.defsOf.get(variable) ?? [];
    return defs.some((d) => d.produces === claimed);
  }

  // --- the documents ------------------------------------------------------------------------------

  /** The original CFG alone (for `construct`: no after module; the alignment only says which loads the pass removes). */
  original(): FunctionDoc {
    return this.documents(false).original;
  }

  pair(): FunctionPair {
    return this.documents(true);
  }

  private documents(withSsa: boolean): FunctionPair {
    this.collectDefs();
    if (withSsa) this.collectPhis();
    const name = this.functionName();
    const blockIds = this.blocks.map((_, b) => this.blockName(b));
    const origBlocks: BlockDoc[] = [];
    const ssaBlocks: BlockDoc[] = [];
    const uninitialised: StatementPlace[] = [];
    const vals = (v: number) => this.values[v].name;
    const undominated: UndominatedUse[] = [];
    /** The value of a read at `place` (a use of the SSA document), noting it where its value does not dominate it. */
    const readValue = (r: Read, place: UsePlace) => {
      const message = this.dominance(r);
      if (message !== undefined) {
        const v = this.standIn(r) ?? this.resolve(r);
        undominated.push({ ...place, ...("stmt" in place ? { value: vals(v) } : {}), message });
        return v;
      }
      const phi = this.phis.get(r.claimed);
      if (phi !== undefined && phi.variable === r.variable) return phi.value;
      return this.resolve(r);
    };
    // phi arguments first resolved per edge (reads at the end of each predecessor)
    const phisAt = new Map<number, PhiDoc[]>();
    let phiCount = 0;
    for (const [id, phi] of withSsa ? this.phis : new Map()) {
      if (phi.variable <= 0) continue;
      phiCount++;
      const byParent = new Map<number, number>();
      for (const [value, parent] of phi.pairs) {
        const p = this.blockIndex.get(parent);
        const name = `the pass's phi %${this.A.idName(id)}`;
        if (parent < 0) this.fail(phi.block, undefined, `${name} names a parent that is no block of the module before the pass`, phi.instruction);
        // an unreachable parent (the pass gives it OpUndef) has no edge in the model
        if (p === undefined) continue;
        if (!this.preds[phi.block].includes(p)) this.fail(phi.block, undefined, `${name} has an operand for %${this.blockName(p)}, which is not a predecessor`, phi.instruction);
        else if (byParent.has(p)) this.fail(phi.block, undefined, `${name} names block %${this.blockName(p)} twice`, phi.instruction);
        else byParent.set(p, value);
      }
      for (const p of new Set(this.preds[phi.block]))
        if (!byParent.has(p)) this.fail(phi.block, undefined, `the pass's phi %${this.A.idName(id)} has no operand for predecessor %${this.blockName(p)}`, phi.instruction);
      const args = this.preds[phi.block].map((p, arg) => {
        const value = byParent.get(p);
        if (value === undefined) return vals(this.none(phi.variable));
        return vals(readValue({ variable: phi.variable, block: p, at: this.blocks[p].body.length, claimed: value }, { block: blockIds[phi.block], phi: vals(phi.value), arg }));
      });
      let list = phisAt.get(phi.block);
      if (list === undefined) phisAt.set(phi.block, (list = []));
      list.push({ def: vals(phi.value), args });
    }
    this.blocks.forEach((b, bi) => {
      const preds = this.preds[bi].map((p) => blockIds[p]);
      const os: StmtDoc[] = [];
      const ss: StmtDoc[] = [];
      b.body.forEach((i, k) => {
        if (!this.isStatement(i)) return;
        const d = this.defAt.get(i);
        if (d !== undefined) {
          if (i.opcode === Op.Variable && i.operands.length < 2) uninitialised.push({ variable: this.varName(d.variable), block: blockIds[bi], stmt: os.length });
          os.push({ defs: [this.varName(d.variable)], uses: [] });
          if (withSsa) ss.push({ defs: [vals(d.value)], uses: [] });
          return;
        }
        // a removed load: a use where its value is observed, an empty statement where it is not
        if (!this.used(i)) {
          os.push({ defs: [], uses: [] });
          ss.push({ defs: [], uses: [] });
          return;
        }
        const variable = i.operands[0];
        os.push({ defs: [], uses: [this.varName(variable)] });
        if (!withSsa) return;
        const w = this.alignment.repl.get(i.result);
        ss.push({ defs: [], uses: [vals(w === undefined ? this.none(variable) : readValue({ variable, block: bi, at: k, claimed: w }, { block: blockIds[bi], stmt: ss.length, value: "" }))] });
      });
      origBlocks.push({ id: blockIds[bi], preds, stmts: os });
      ssaBlocks.push({ id: blockIds[bi], preds, phis: phisAt.get(bi) ?? [], stmts: ss });
    });
    // fold phis, known only now that every read is resolved
    for (const fold of this.folds.values()) {
      const list = ssaBlocks[fold.block].phis as PhiDoc[];
      list.push({ def: vals(fold.value), args: fold.args.map(vals) });
    }
    const vars: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const v of this.values) vars[v.name] = this.varName(v.variable);
    const entry = blockIds[0];
    const unreachable = this.fn.blocks.length - this.blocks.length;
    return {
      name,
      original: { kind: "cfg", name, entry, blocks: origBlocks },
      ssa: { kind: "ssa", name, entry, blocks: ssaBlocks, vars },
      uninitialised,
      ...(undominated.length > 0 ? { undominated } : {}),
      refinedValue: spirvRefinement,
      // text only (a binary's places are word offsets): from the block's OpLabel to its terminator
      ...(this.B.form === "text" ? { blockLines: () => Object.fromEntries(this.blocks.map((b, k) => [blockIds[k], [b.labelInstruction.at, (b.body.at(-1) ?? b.labelInstruction).at]])) } : {}),
      checks: [{ property: SAME_INSTRUCTIONS, failures: this.failures }],
      phis: phiCount,
      differences: this.differences,
      stats: { blocks: this.blocks.length, promoted: this.variables.length, unreachable_blocks: unreachable },
    };
  }

  private functionName(): string {
    const n = this.before.names.get(this.fn.id);
    return n !== undefined && n !== "" ? n : `%${this.B.idName(this.fn.id)}`;
  }
}

/** Placeholders of `inOf` are numbers at and below this (value indices are >= 0, BOT and STALE small negatives). */
const PH_BASE = -1000;

/**
 * Under `--undef refine`, what an uninitialised read became, judged by SPIR-V's semantics: a
 * Function variable without an initializer holds an undefined value, like `OpUndef`, whose every
 * consumption may be any bit pattern; SPIR-V has no poison. So any value refines it. (The pass
 * never refines: `--undef strict` is the default.)
 */
export function spirvRefinement(valueName: string): RefinedValue {
  return { value: valueName, unsound: null, clause: "which refines it: an uninitialised variable holds an undefined value, as OpUndef does, which any value refines (SPIR-V has no poison)" };
}
