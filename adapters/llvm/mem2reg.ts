/**
 * LLVM's mem2reg as a translation the validator can certify: a function before mem2reg becomes
 * an original CFG (`kind: "cfg"`), the same function after it an SSA CFG (`kind: "ssa"`) on the
 * same blocks and statements, both in the exchange format, so that io/lower.ts and checks/
 * decide them unchanged.
 *
 * The original CFG. Blocks: those reachable from the entry, in source order (the others are
 * counted, not modelled); preds from `predecessors(fn)` restricted to them, one entry per edge.
 * Variables: the allocas mem2reg promotes (promote.ts), named after them. Statements, in
 * instruction order, only for those: a promoted `alloca a` is `{defs: [a]}` (its uninitialised
 * content is a definition, as the AFP While instance makes Entry define every variable),
 * `store v, a` is `{defs: [a]}`, a `load a` whose value is observed is `{uses: [a]}`; a load whose
 * value nothing observes (no user, or only stores whose values are never read again) is an empty
 * statement on both sides.
 *
 * The comparison. Per block, in order and never by value numbers (opt renumbers): before
 * mem2reg without the promoted allocas, their loads and stores, lifetime markers and their
 * casts, and debug intrinsics; after it without the phis mem2reg added (leading phis beyond the
 * block's original ones: mem2reg inserts at the front) and debug intrinsics. The rest must match
 * one to one (text.ts: same skeleton, corresponding values and labels): parameters by position,
 * results as they align, constants and globals by text, labels by block position; an operand
 * that was a removed load may be anything in the after version: that is the load's replacement
 * (all its users must agree). Unreachable blocks are compared too, with mem2reg's treatment of
 * them: loads and stores stay, the alloca operand becomes `poison`/`undef`. Anything else that
 * differs fails the property `same_instructions`, with its place.
 *
 * The SSA CFG: `a.undef` for the alloca's definition, `a.B.k` for the store of statement k of
 * block B, the phis mem2reg added under their LLVM names (`%x.0`), with their variable from their
 * name (`x.0` is a phi of `x`) or else from the loads they replace and the phis they feed. A
 * removed load's replacement `w` (and each argument of an added phi, at the end of its
 * predecessor) is mapped to an SSA value of the load's variable `a` by a backward search in the
 * original CFG: the last definitions of `a` that produce `w` (stores of a value that corresponds
 * to `w`; the alloca for `undef`/`poison`; the added phi itself) reaching the load. One such
 * definition on every path gives its value. Several (mem2reg simplified `phi(w, w)` to `w`) are
 * merged by a phi of our own where they meet (`a.B.fold`, reported as "equal values merged"),
 * because two stores are two definitions in the model. Paths without one (mem2reg folded
 * `phi(undef, w)` to `w`, or stored a constant or argument once and gave it to every load) leave
 * the value undefined there: only `--undef refine` accepts that, and counts it. Where `w` is an
 * instruction recomputed between the store and the load, the correspondence fails
 * (`same_instructions`). A store whose value is a load that only stores use gets its value from
 * the loads that read the store (unification).
 */
import type { FunctionDoc } from "../../io/format.js";
import { docOf, ListNames, type ColumnarFunction } from "../../io/columns.js";
import { type LlvmCall, type LlvmFunction, type LlvmInstr, type LlvmModule, type LlvmPhi, type LlvmStore, type LlvmValue } from "./ir.js";
import { llvmName } from "./read.js";
import { promotion, type Promotion } from "./promote.js";
import { unreachablePrediction } from "./paths.js";
import { PoisonOracle } from "./poison.js";
import { BlockDominators } from "../dominators.js";
import { foldSingleValuePlaceholders } from "../placeholders.js";
import type { RefinedValue, UndominatedUse } from "../adapter.js";
import { dominanceViolation } from "./verify.js";
import { attachmentsOf, mayHaveAttachmentsBeyond, sameSkeleton, shapeOf, SourceText, valueText, type ExpectedNames, type Hole } from "./text.js";
import { MalformedInput } from "../../spec/errors.js";
import { AttributeGroups, MetadataCorrespondence, ModuleContext, NumberedTypes, type TextRange } from "./module_context.js";

/** One failure of `same_instructions`: where (before file) and what. */
export interface TranslationFailure {
  block: string;
  line: number;
  afterLine?: number;
  message: string;
}

/** A way mem2reg's phis differ from the minimum, or another remark about the translation. */
export interface Difference {
  kind: "equal values merged" | "undef fold" | "unreachable phi" | "dropped operand bundle";
  variable?: string;
  block: string;
  detail: string;
}


/** Where a block of the original stands in the before text. */
export interface BlockLines {
  label: number;
  stmts: number[];
  end: number;
}

export interface AdaptedFunction {
  name: string;
  line: number;
  /** The original CFG and the SSA CFG, in columns (what lowering takes). */
  columns: { original: ColumnarFunction; ssa: ColumnarFunction };
  /** The same two as documents, built when asked for. */
  readonly original: FunctionDoc;
  readonly ssa: FunctionDoc;
  /** The alloca statements: variable, block, statement index (the wildcards of `--undef refine`). */
  uninitialised: { variable: string; block: string; stmt: number }[];
  /** The uses whose value (a removed load's replacement, an argument of mem2reg's phi) does not dominate them (`dominance`). */
  undominated: UndominatedUse[];
  failures: TranslationFailure[];
  differences: Difference[];
  stats: {
    blocks: number;
    unreachable_blocks: number;
    promoted: number;
    /** Phis mem2reg added in reachable blocks. */
    phis: number;
    /** Our phis for equal values mem2reg merged. */
    merged: number;
    /** Joins where mem2reg folded an uninitialised path away (`phi(undef, v)` -> `v`). */
    undef_folds: number;
  };
  /** Per reachable block of the original: the lines of its label, statements and terminator. */
  lines: Map<string, BlockLines>;
  /** What a value of the SSA document stands for after mem2reg, and whether that may be poison (a refinement of undef only if not). */
  refinedValue: (valueName: string) => RefinedValue | undefined;
  /** Allocas mem2reg removed although no round of promotion makes them promotable, if any. */
  unpromotable: string[];
}

/** Pairs the functions of the two modules by name and adapts each pair. */
export function* adaptModule(
  before: LlvmModule,
  after: LlvmModule,
  srcB: SourceText,
  srcA: SourceText,
  llvmVersion?: number,
  context: PairContext = pairContext(srcB.text, srcA.text),
): Generator<AdaptedFunction> {
  const byName = new Map<string, LlvmFunction>();
  for (const f of after.functions) byName.set(f.name, f);
  const seen = new Set<string>();
  for (const f of before.functions) {
    if (seen.has(f.name)) throw new MalformedInput(`${srcB.file}:${f.line}: function ${llvmName("@", f.name)} is defined twice`);
    seen.add(f.name);
    if (!byName.has(f.name)) throw new MalformedInput(`${srcA.file}: function ${llvmName("@", f.name)} of ${srcB.file} (line ${f.line}) is missing`);
  }
  for (const f of after.functions)
    if (!seen.has(f.name)) throw new MalformedInput(`${srcA.file}:${f.line}: function ${llvmName("@", f.name)} is not in ${srcB.file}`);
  for (const f of before.functions) yield new Adapter(f, srcB, byName.get(f.name)!, srcA, llvmVersion, context).run();
}

/** The module-level facts of both versions (module_context.ts), shared by all their functions. */
export interface PairContext {
  before: ModuleContext;
  after: ModuleContext;
  metadata: MetadataCorrespondence;
  attributes: AttributeGroups;
  types: NumberedTypes;
}

/** `PairContext` of two module texts (or of what stands outside the functions of two shares). */
export function pairContext(before: string, after: string, skipBefore?: TextRange, skipAfter?: TextRange): PairContext {
  const b = new ModuleContext(before, skipBefore);
  const a = new ModuleContext(after, skipAfter);
  return { before: b, after: a, metadata: new MetadataCorrespondence(b, a), attributes: new AttributeGroups(b, a), types: new NumberedTypes(b, a) };
}

/**
 * The original CFG of one function alone (for `construct`): the same variables and statements
 * as above, except that without the after version a load is a use iff it has a user at all.
 */
export function originalFunction(
  fn: LlvmFunction,
  src: SourceText,
  llvmVersion?: number,
  context: PairContext = soloContext(new ModuleContext(src.text)),
): { columns: ColumnarFunction; unreachable_blocks: number; promoted: number } {
  return new Adapter(fn, src, null, null, llvmVersion, context).originalOnly();
}

/** `PairContext` of one module standing for both versions (`construct` has no after version). */
export function soloContext(m: ModuleContext): PairContext {
  return { before: m, after: m, metadata: new MetadataCorrespondence(m, m), attributes: new AttributeGroups(m, m), types: new NumberedTypes(m, m) };
}

// ---------------------------------------------------------------------------------------------

/** A value of the after version as a key: `%x`, `@g`, or a constant's text. */
type Key = string;
const UNDEF_KEYS = new Set(["undef", "poison"]);
/** `undef` or `poison`: in unreachable code, where mem2reg may put either. */
const isUndef = (k: Key) => UNDEF_KEYS.has(k);
/**
 * Whether a definition of the variable whose value is `stored` gives a load the value `w` that
 * mem2reg put there: the same value, or `undef` where `poison` was stored (undef refines poison).
 * Never `poison` where `undef` was stored: poison does not refine undef.
 */
const produces = (stored: Key, w: Key) => stored === w || (stored === "poison" && w === "undef");

function keyOf(v: LlvmValue): Key {
  return valueText(v).trim();
}

/** Instruction kinds before mem2reg. */
const KEEP = 0;
const ALLOCA = 1;
const LOAD = 2;
const STORE = 3;
const DROP = 4;
/** A load in an unreachable block that mem2reg replaced by a value (paths.ts). */
const UNREACHABLE_LOAD = 5;

/** An SSA value of the model. */
interface SsaVal {
  name: string;
  variable: number;
}

/** Special members of the value sets of a search. */
const BOT = -1;
const KILL = -2;

/**
 * What a backward scan of one block finds first: an SSA value (>= 0); nothing (PASS); w
 * recomputed after a definition producing it (KILLED, a stale value); w's computation with no
 * such definition behind it in the block (KILL_IN: what comes in is stale).
 */
type Scan = number;
const PASS = -1;
const KILLED = -2;
const KILL_IN = -3;
/** Added to a scan to store it in a zero-initialised memo (every scan is >= KILL_IN). */
const SCAN_BIAS = 4;

interface Web {
  /** The after value `w` and what the scans need of it, looked up once. */
  w: Key;
  /** Where `w` is computed: its block and instruction (-1: an added phi), or block -1 (not a local of the after version, or `a`'s own added phi). */
  defB: number;
  defI: number;
  /** The block of `a`'s own added phi `w`, and its SSA value; -1 if `w` is none. */
  phiB: number;
  phiVal: number;
  /** Final in-sets of blocks (sorted value ids, BOT, KILL). */
  inSet: Map<number, number[]>;
  /** Block -> scan from its end (memo). */
  /** Block -> scan from its end plus SCAN_BIAS (memo; 0: not scanned yet), allocated at the first scan. */
  outScan: Int32Array | null;
  /** Block -> the value at its start (rep), or BOT; memo of finished ones (allocated by the first `rep`). */
  rep: Map<number, number> | null;
}

class Adapter {
  private readonly failures: TranslationFailure[] = [];
  private readonly differences: Difference[] = [];
  private readonly NB: number;
  private readonly reachable: Uint8Array;
  private readonly preds: number[][]; // reachable preds per block, per edge
  private readonly blockIndexB = new Map<string, number>();
  private readonly blockIndexA = new Map<string, number>();
  private readonly prom: Promotion;
  /** Promoted variable names, by index. */
  private readonly varNames: string[] = [];
  private readonly varIndex = new Map<string, number>();
  /** Where each block's instructions start in the per-instruction arrays below (NB + 1 entries). */
  private readonly base: Int32Array;
  /** Per instruction of the before version (at `base[b] + i`): its kind. */
  private readonly kind: Uint8Array;
  /** Removed (reachable) loads by result name: variable, position. */
  private readonly loads = new Map<string, { variable: number; b: number; i: number }>();
  /** before local -> after key, for aligned results and parameters. */
  private readonly vmap = new Map<string, Key>();
  /** after local name -> before position (`position(b, i)`; i = -1 for an added phi at the start of b). */
  private readonly defPosA = new Map<string, number>();
  /** Replacement of each removed load, as seen in its users. */
  private readonly repl = new Map<string, Key>();
  private readonly replWhere = new Map<string, number>();
  /** The phis mem2reg added, reachable ones: after name -> block, instruction, variable (-1 unknown). */
  private readonly newPhis = new Map<string, { b: number; phi: LlvmPhi; variable: number }>();
  private readonly vals: SsaVal[] = [];
  private readonly undefVal: number[] = [];
  /** Per instruction (at `base[b] + i`): the SSA value a store defines, -1 elsewhere. */
  private readonly storeVal: Int32Array;
  private readonly phiVal = new Map<string, number>();
  /** Per variable, per block: event instruction indices (alloca, stores), ascending. */
  private readonly events = new Map<number, number[]>();
  /** Per after value, per variable: the web of the search (`lookup`). */
  private readonly webs = new Map<Key, Web[]>();
  private readonly foldPhis = new Map<string, { val: number; b: number; args: number[] }>();
  private readonly folds = new Set<number>();
  private readonly loadVal = new Map<string, number>();
  /** Loads of unreachable blocks that mem2reg replaced, with the value (null: `undef`/`poison`). */
  private readonly unreachableValue = new Map<string, LlvmValue | null>();
  private pending: string[] = [];

  private readonly fa: LlvmFunction;
  private readonly srcA: SourceText;

  constructor(
    private readonly fb: LlvmFunction,
    private readonly srcB: SourceText,
    fa: LlvmFunction | null,
    srcA: SourceText | null,
    private readonly llvmVersion: number | undefined,
    private readonly context: PairContext,
  ) {
    this.fa = fa ?? fb;
    this.srcA = srcA ?? srcB;
    this.NB = fb.blocks.length;
    fb.blocks.forEach((b, i) => this.blockIndexB.set(b.label, i));
    this.fa.blocks.forEach((b, i) => this.blockIndexA.set(b.label, i));
    this.reachable = new Uint8Array(this.NB);
    const stack = [0];
    this.reachable[0] = 1;
    while (stack.length > 0) {
      const b = stack.pop()!;
      for (const s of fb.blocks[b].succs) {
        const t = this.blockIndexB.get(s)!;
        if (!this.reachable[t]) {
          this.reachable[t] = 1;
          stack.push(t);
        }
      }
    }
    // `predecessors(fb)` by index (labels are unique), restricted to reachable blocks
    this.preds = fb.blocks.map(() => []);
    for (let p = 0; p < this.NB; p++) {
      if (!this.reachable[p]) continue;
      for (const s of fb.blocks[p].succs) {
        const t = this.blockIndexB.get(s);
        if (t !== undefined) this.preds[t].push(p);
      }
    }
    let present: Set<string> | undefined;
    if (fa !== null) {
      present = new Set();
      for (const ins of fa.blocks[0]?.instrs ?? []) if (ins.op === "alloca" && ins.result !== null) present.add(ins.result);
    }
    // LLVM 15 and later do not promote an alloca loaded with another type than its own; with no
    // release known, construct takes the later rule and validate accepts either, as the after
    // version shows which one its mem2reg applied
    const loadTypes = llvmVersion !== undefined ? llvmVersion >= 15 : fa === null ? true : "either";
    const optnone = context.before.optnone(fb);
    this.prom = promotion(fb, srcB, { reachable: this.reachable, present, loadTypes, optnone });
    for (const name of this.prom.promoted.keys()) {
      this.varIndex.set(name, this.varNames.length);
      this.varNames.push(name);
    }
    this.base = new Int32Array(this.NB + 1);
    for (let b = 0; b < this.NB; b++) this.base[b + 1] = this.base[b] + fb.blocks[b].instrs.length;
    this.kind = new Uint8Array(this.base[this.NB]);
    this.storeVal = new Int32Array(this.base[this.NB]).fill(-1);
  }

  /** The variable a load or store through local `ptr` accesses: a promoted alloca or an alias of a second-round one. */
  private varOfPtr(ptr: string): number | undefined {
    return this.varIndex.get(ptr) ?? this.varIndex.get(this.prom.aliases.get(ptr) ?? "");
  }

  /** Set once an alloca is found removed that no round promotes: what follows would only repeat it. */
  private quiet = false;
  private unpromotable: string[] = [];

  private fail(b: number, line: number, message: string, afterLine?: number): void {
    if (this.quiet) return;
    this.failures.push({ block: this.fb.blocks[b]?.label ?? "?", line, afterLine, message });
  }

  originalOnly(): { columns: ColumnarFunction; unreachable_blocks: number; promoted: number } {
    this.classify();
    // a load is a use iff it has a user at all (only this mode asks)
    const used = new Set<string>();
    for (const blk of this.fb.blocks) for (const ins of blk.instrs) for (const o of ins.operands) used.add(o);
    for (const name of this.loads.keys()) if (used.has(name)) this.loadVal.set(name, -1);
    const r = this.documents();
    return { columns: r.columns.original, unreachable_blocks: r.stats.unreachable_blocks, promoted: r.stats.promoted };
  }

  run(): AdaptedFunction {
    this.classify();
    this.align();
    this.removedUnpromotable();
    this.originalIsSsa();
    this.collectPhis();
    this.modelValues();
    this.resolveAll();
    this.outputIsSsa();
    return this.documents();
  }

  /**
   * Where the pairing failed and no read the model sees is undominated (`dominance`), whether the
   * after version uses a value its definition does not dominate elsewhere (a changed instruction
   * mem2reg may not touch, whose values the model does not see): then that is said too, as one
   * more failure of `same_instructions`, for the pairing diagnostic to name what LLVM's verifier
   * would refuse.
   */
  private outputIsSsa(): void {
    if (this.fa === this.fb || this.failures.length === 0 || !this.originalValid || this.undominatedLoads.size > 0 || this.undominatedArgs.length > 0) return;
    if (this.fa.blocks.length !== this.NB) return;
    const doms = new BlockDominators(this.fa.blocks.map((blk) => blk.succs.map((t) => this.blockIndexA.get(t) ?? 0)));
    const v = dominanceViolation(this.fa, this.blockIndexA, () => doms);
    if (v !== null)
      this.fail(v.block, this.fb.blocks[v.block].line, `after mem2reg, ${llvmName("%", v.name)} is used where its definition (line ${v.defLine} after mem2reg) does not dominate the use: not valid SSA (LLVM's verifier: instruction does not dominate all uses)`, v.line);
  }

  /**
   * The original's own SSA values (the results of its instructions, which the model does not
   * see) must be dominated by their definitions, or LLVM's verifier refuses the module: a use
   * that is not fails `same_instructions` at its place, as no translation of it can be valid.
   */
  private originalIsSsa(): void {
    const v = dominanceViolation(this.fb, this.blockIndexB, this.blockDominators);
    this.originalValid = v === null;
    if (v !== null)
      this.fail(v.block, v.line, `${llvmName("%", v.name)} is used where its definition (line ${v.defLine}) does not dominate the use: the original is not valid SSA (LLVM's verifier: instruction does not dominate all uses)`);
  }

  // --- 1. what mem2reg removes ---------------------------------------------------------------

  private classify(): void {
    const { promoted, removed } = this.prom;
    const unreachable = unreachablePrediction(this.fb, this.prom, this.reachable, this.blockDominators);
    for (let b = 0; b < this.NB; b++) {
      const instrs = this.fb.blocks[b].instrs;
      const k0 = this.base[b];
      for (let i = 0; i < instrs.length; i++) {
        const ins = instrs[i];
        if (isDebug(ins) || removed.has(ins)) this.kind[k0 + i] = DROP;
        else if (ins.op === "alloca" && b === 0 && ins.result !== null && promoted.has(ins.result)) this.kind[k0 + i] = ALLOCA;
        else if (!this.reachable[b]) {
          // what the way mem2reg promoted the alloca leaves in unreachable code (paths.ts)
          const fate = unreachable.fates.get(ins);
          if (fate === undefined) this.kind[k0 + i] = KEEP;
          else if (fate.kind === "removed") this.kind[k0 + i] = DROP;
          else {
            this.kind[k0 + i] = UNREACHABLE_LOAD;
            this.unreachableValue.set(ins.result!, fate.value);
          }
        }
        else if (ins.op === "load" && ins.ptr.kind === "local" && this.varOfPtr(ins.ptr.name) !== undefined) {
          this.kind[k0 + i] = LOAD;
          this.loads.set(ins.result!, { variable: this.varOfPtr(ins.ptr.name)!, b, i });
        } else if (ins.op === "store" && ins.ptr.kind === "local" && this.varOfPtr(ins.ptr.name) !== undefined) this.kind[k0 + i] = STORE;
        else this.kind[k0 + i] = KEEP;
      }
    }
    // second round: the holder's loads are replaced by the alloca itself, which the after
    // version no longer has; `&a` stands for it (no value of the after text is spelled so)
    for (const a of this.prom.laterRounds) this.vmap.set(a, `&${a}`);
    for (const [x, a] of this.prom.aliases) if (this.loads.has(x)) this.repl.set(x, `&${a}`);
  }

  // --- 2. the comparison -------------------------------------------------------------------

  private align(): void {
    const fb = this.fb;
    const fa = this.fa;
    if (fb.params.length !== fa.params.length)
      this.fail(0, fb.line, `${fb.params.length} parameters before mem2reg, ${fa.params.length} after`, fa.line);
    for (let k = 0; k < Math.min(fb.params.length, fa.params.length); k++) this.vmap.set(fb.params[k], `%${fa.params[k]}`);
    if (fb.blocks.length !== fa.blocks.length) {
      this.fail(0, fb.line, `${fb.blocks.length} blocks before mem2reg, ${fa.blocks.length} after (mem2reg does not change the CFG)`, fa.line);
    }
    const NB = Math.min(fb.blocks.length, fa.blocks.length);
    // pass 1: the instructions that must correspond, and their results
    const pairs: { b: number; ib: number[]; ia: number[] }[] = [];
    for (let b = 0; b < NB; b++) {
      const blkB = fb.blocks[b];
      const blkA = fa.blocks[b];
      const ib: number[] = [];
      let oldPhis = 0;
      for (let i = 0; i < blkB.instrs.length; i++) {
        if (this.kind[this.base[b] + i] !== KEEP) continue;
        ib.push(i);
        if (blkB.instrs[i].op === "phi") oldPhis++;
      }
      let leading = 0;
      while (leading < blkA.instrs.length && blkA.instrs[leading].op === "phi") leading++;
      const added = Math.max(0, leading - oldPhis);
      for (let i = 0; i < added; i++) {
        const phi = blkA.instrs[i] as LlvmPhi;
        this.defPosA.set(phi.result!, position(b, -1));
        if (this.reachable[b]) this.newPhis.set(phi.result!, { b, phi, variable: -1 });
        else this.differences.push({ kind: "unreachable phi", block: blkB.label, detail: `phi ${llvmName("%", phi.result!)} in an unreachable block (line ${phi.line} after)` });
      }
      const ia: number[] = [];
      const assumes = this.nonnullAssumes(b, ib);
      for (let i = added; i < blkA.instrs.length; i++) {
        if (isDebug(blkA.instrs[i])) continue;
        const load = assumes.size === 0 ? undefined : assumes.get(ia.length);
        if (load !== undefined && this.isNonnullAssume(b, i, load)) {
          i++; // the icmp and the assume that keep a removed load's !nonnull
          continue;
        }
        ia.push(i);
      }
      pairs.push({ b, ib, ia });
      const n = Math.min(ib.length, ia.length);
      let ok = true;
      for (let k = 0; k < n; k++) {
        const x = blkB.instrs[ib[k]];
        const y = blkA.instrs[ia[k]];
        if (x.op !== y.op || (x.result === null) !== (y.result === null)) {
          this.fail(b, x.line, `${describe(x)} has become ${describe(y)}`, y.line);
          ok = false;
          break;
        }
        if (x.result !== null) {
          this.vmap.set(x.result, `%${y.result}`);
          this.defPosA.set(y.result!, position(b, ib[k]));
        }
      }
      if (ok && ib.length !== ia.length) {
        if (ib.length > ia.length) {
          const x = blkB.instrs[ib[n]];
          this.fail(b, x.line, `${describe(x)} is missing after mem2reg`);
        } else {
          const y = blkA.instrs[ia[n]];
          const line = n > 0 ? blkB.instrs[ib[n - 1]].line : blkB.line;
          this.fail(b, line, `${describe(y)} was added by mem2reg`, y.line);
        }
        pairs[pairs.length - 1].ib.length = n;
        pairs[pairs.length - 1].ia.length = n;
      } else if (!ok) {
        pairs.pop();
      }
    }
    // pass 2: each pair in detail
    for (const { b, ib, ia } of pairs) for (let k = 0; k < ib.length; k++) this.compare(b, ib[k], ia[k]);
  }

  /**
   * mem2reg repeats promotion while allocas become promotable, and promote.ts follows it to the
   * fixpoint. An entry alloca that no round makes promotable but that the after version lacks is
   * something mem2reg may not do (or a rule the model lacks): that is the one failure reported,
   * since the misalignment it causes would only repeat it.
   */
  private removedUnpromotable(): void {
    const afterAllocas = new Set<string>();
    let count = 0;
    for (const ins of this.fa.blocks[0]?.instrs ?? []) if (ins.op === "alloca") {
      count++;
      if (ins.result !== null) afterAllocas.add(ins.result);
    }
    const gone: string[] = [];
    let keptCount = 0;
    for (const ins of this.fb.blocks[0].instrs) {
      if (ins.op !== "alloca" || ins.result === null || this.prom.promoted.has(ins.result)) continue;
      keptCount++;
      if (!/^\d+$/.test(ins.result) && !afterAllocas.has(ins.result)) gone.push(ins.result);
    }
    if (gone.length === 0 && count >= keptCount) return;
    this.unpromotable = gone.length > 0 ? gone : [`${keptCount - count} unnamed`];
    this.failures.length = 0;
    const why = (n: string) => this.prom.kept.get(n) ?? "not promotable";
    const allocaLine = (n: string) => this.fb.blocks[0].instrs.find((i) => i.result === n)?.line ?? this.fb.line;
    if (gone.length === 0)
      this.fail(0, this.fb.line, `mem2reg removed ${keptCount - count} alloca(s) that no round of promotion makes promotable`);
    for (const n of gone)
      this.fail(
        0,
        allocaLine(n),
        `mem2reg removed ${llvmName("%", n)}, which no round of promotion makes promotable (${why(n)})`,
      );
    this.quiet = true;
  }

  /**
   * LLVM 14's PromoteMemToReg keeps a removed load's `!nonnull` metadata as a fact: right after
   * the load it inserts `icmp ne <ty> %load, null` and `call void @llvm.assume(i1 %that)`, and the
   * load's replacement then stands in the icmp. It does so unless ValueTracking's isKnownNonZero
   * proves the replacement non-null, which the model does not decide, so the pair is accepted
   * where such a load was and not required. Per block: the number of kept instructions before
   * each removed `!nonnull` load, and the load's name.
   */
  private nonnullAssumes(b: number, ib: number[]): Map<number, string> {
    const out = new Map<number, string>();
    const instrs = this.fb.blocks[b].instrs;
    let kept = 0;
    for (let i = 0; i < instrs.length; i++) {
      while (kept < ib.length && ib[kept] < i) kept++;
      const ins = instrs[i];
      if (ins.op !== "load" || ins.result === null || (this.kind[this.base[b] + i] !== LOAD && this.kind[this.base[b] + i] !== UNREACHABLE_LOAD)) continue;
      if (this.srcB.rawIncludes(this.fb, b, i, "!nonnull") && /!nonnull\b/.test(this.srcB.instruction(this.fb, b, i))) out.set(kept, ins.result);
    }
    return out;
  }

  /** Whether after instructions `i`, `i + 1` are the nonnull assume of removed load `load`; records its replacement. */
  private isNonnullAssume(b: number, i: number, load: string): boolean {
    const instrs = this.fa.blocks[b].instrs;
    const cmp = instrs[i];
    const call = instrs[i + 1];
    if (cmp === undefined || call === undefined || cmp.op !== "icmp" || cmp.result === null || call.op !== "call" || (call as LlvmCall).callee !== "llvm.assume") return false;
    const args = (call as LlvmCall).args;
    if (args.length !== 1 || args[0].value.kind !== "local" || args[0].value.name !== cmp.result) return false;
    const m = /=\s*icmp\s+ne\s+(.*)$/.exec(this.srcA.instruction(this.fa, b, i));
    if (m === null || !/,\s*null\s*$/.test(m[1]) || cmp.operands.length !== 1) return false;
    const li = this.loads.get(load)?.i ?? -1;
    if (li >= 0 && li < this.fb.blocks[b].instrs.length && this.kind[this.base[b] + li] === LOAD) this.replacement(load, `%${cmp.operands[0]}`, b, instrs[i].line, instrs[i].line);
    return true;
  }

  /** Records `w` as the replacement of removed load `name` seen at `line`. */
  private replacement(name: string, w: Key, b: number, line: number, afterLine: number): void {
    const had = this.repl.get(name);
    if (had === undefined) {
      this.repl.set(name, w);
      this.replWhere.set(name, afterLine);
    } else if (had !== w)
      this.fail(b, line, `the users of the load ${llvmName("%", name)} disagree on its replacement: ${had} (line ${this.replWhere.get(name)} after) and ${w}`, afterLine);
  }

  /** Whether before-local `x` and after value `a` correspond; records replacements. */
  private operand(b: number, x: LlvmInstr, y: LlvmInstr, hb: LlvmValue, ha: LlvmValue): boolean {
    if (hb.kind === "local") {
      const load = this.loads.get(hb.name);
      if (load !== undefined && this.kind[this.base[load.b] + load.i] === LOAD) {
        this.replacement(hb.name, keyOf(ha), b, x.line, y.line);
        return true;
      }
      if (this.prom.promoted.has(hb.name)) return ha.kind === "const" && isUndef(ha.text.trim()); // unreachable code
      if (this.unreachableValue.has(hb.name)) return this.unreachableOperand(b, x, y, hb.name, ha);
      const want = this.vmap.get(hb.name);
      return want !== undefined && want === keyOf(ha);
    }
    // metadata nodes are named by numbers that opt gives anew (module_context.ts)
    if (hb.kind === "metadata" && ha.kind === "metadata") return this.context.metadata.same(hb.text, ha.text);
    return hb.kind === ha.kind && keyOf(hb) === keyOf(ha);
  }

  /** `operand` of two locals `%nb` and `%na`, without building them as values unless needed. */
  private localOperand(b: number, x: LlvmInstr, y: LlvmInstr, nb: string, na: string): boolean {
    const load = this.loads.get(nb);
    if (load !== undefined && this.kind[this.base[load.b] + load.i] === LOAD) {
      this.replacement(nb, `%${na}`.trim(), b, x.line, y.line);
      return true;
    }
    if (this.prom.promoted.has(nb)) return false; // a local is no `undef` (unreachable code)
    if (this.unreachableValue.has(nb)) return this.unreachableOperand(b, x, y, nb, { kind: "local", name: na });
    const want = this.vmap.get(nb);
    return want !== undefined && want === `%${na}`.trim();
  }

  /**
   * An operand that was a load mem2reg replaced in unreachable code: the value it predicts
   * (paths.ts), followed through loads replaced by loads; `undef` or `poison` where that value is
   * the load itself, directly or around a cycle (LLVM's replaceAllUsesWith leaves the load itself
   * there, which becomes `poison`), or where the alloca had no store.
   */
  private unreachableOperand(b: number, x: LlvmInstr, y: LlvmInstr, name: string, ha: LlvmValue): boolean {
    const seen = new Set<string>([name]);
    let v: LlvmValue | null = this.unreachableValue.get(name)!;
    while (v !== null && v.kind === "local" && this.unreachableValue.has(v.name)) {
      if (seen.has(v.name)) {
        v = null;
        break;
      }
      seen.add(v.name);
      v = this.unreachableValue.get(v.name)!;
    }
    if (v === null) return ha.kind === "const" && isUndef(ha.text.trim());
    return this.operand(b, x, y, v, ha);
  }

  private compare(b: number, ib: number, ia: number): void {
    const x = this.fb.blocks[b].instrs[ib];
    const y = this.fa.blocks[b].instrs[ia];
    if (x.op === "phi") return this.comparePhis(b, x, y as LlvmPhi);
    if (this.prom.dropped.has(x)) {
      const cx = x as LlvmCall;
      const cy = y as LlvmCall;
      if (cx.callee !== cy.callee) this.fail(b, x.line, `${describe(x)} has become ${describe(y)}`, y.line);
      else this.differences.push({ kind: "dropped operand bundle", block: this.fb.blocks[b].label, detail: `line ${x.line}: the operand bundle naming a promoted alloca was dropped` });
      return;
    }
    const tb = this.srcB.instruction(this.fb, b, ib);
    const written = this.srcA.instruction(this.fa, b, ia);
    if (!this.sameAttachments(b, x, y, tb, written)) return;
    // attribute groups by their before numbers, where opt numbered them anew (module_context.ts)
    const ta = this.context.attributes.aligned ? written : this.context.attributes.translate(written);
    // equal texts may name different metadata nodes by the same number: only the shapes tell
    // and where opt numbered the unnamed types anew, equal texts may mean different types
    const textual = !namesMetadataNodes(x) && this.context.types.aligned;
    if (textual && tb === ta) {
      // the same text: operands in the same places, labels with the same names
      let ok = x.operands.length === y.operands.length;
      for (let k = 0; ok && k < x.operands.length; k++)
        ok = this.localOperand(b, x, y, x.operands[k], y.operands[k]);
      const sx = (x as { succs?: string[] }).succs ?? [];
      const sy = (y as { succs?: string[] }).succs ?? [];
      for (let k = 0; ok && k < sx.length; k++) ok = this.blockIndexB.get(sx[k]) === this.blockIndexA.get(sy[k]);
      if (ok) return;
    }
    if (textual && this.tokenCompare(b, x, y, tb, ta)) return;
    let sb, sa;
    try {
      sb = shapeOf(this.srcB, tb, x.line);
      sa = shapeOf(this.srcA, ta, y.line);
    } catch {
      this.fail(b, x.line, `cannot compare ${describe(x)} with line ${y.line} after mem2reg`, y.line);
      return;
    }
    const types = this.context.types;
    const skeletonsDiffer = types.aligned ? sb.skeleton !== sa.skeleton : types.canonical(sb.skeleton, "b") !== types.canonical(sa.skeleton, "a");
    if (skeletonsDiffer || sb.holes.length !== sa.holes.length) {
      this.fail(b, x.line, `\`${oneLine(tb)}\` has become \`${oneLine(written)}\`${this.punned(x)}`, y.line);
      return;
    }
    for (let k = 0; k < sb.holes.length; k++) {
      const hb: Hole = sb.holes[k];
      const ha: Hole = sa.holes[k];
      let ok: boolean;
      if (hb.kind === "label" || ha.kind === "label")
        ok = hb.kind === "label" && ha.kind === "label" && this.blockIndexB.get(hb.name) === this.blockIndexA.get(ha.name);
      else ok = this.operand(b, x, y, hb.value, ha.value);
      if (!ok) {
        const show = (h: Hole) => (h.kind === "label" ? `label ${llvmName("%", h.name)}` : valueText(h.value));
        this.fail(b, x.line, `operand ${k + 1} of \`${oneLine(tb)}\` is ${show(hb)} before and ${show(ha)} after mem2reg, which do not correspond`, y.line);
        return;
      }
    }
  }

  /**
   * The metadata attachments of a kept instruction, those that carry meaning for the program
   * (`!range`, `!nonnull`, `!noundef`, `!align`, `!tbaa`, `!llvm.loop`, `!prof`, ...), must
   * be the same nodes after mem2reg, through the correspondence of metadata nodes (opt numbers
   * them anew). Debug information (`!dbg`, `!DIAssignID`, `!heapallocsite`) is not compared:
   * mem2reg rewrites the debug intrinsics, and the graph of locations and scopes says nothing of
   * what the program computes. Kinds are compared by name, as LLVM prints them in the order of
   * its kind numbers, which opt may give out in another order.
   */
  private sameAttachments(b: number, x: LlvmInstr, y: LlvmInstr, tb: string, ta: string): boolean {
    // most instructions have none but a debug location: no need to read them
    if (!mayHaveAttachmentsBeyond(tb, DEBUG_ATTACHMENTS) && !mayHaveAttachmentsBeyond(ta, DEBUG_ATTACHMENTS)) return true;
    const hb = attachmentsOf(tb);
    const ha = attachmentsOf(ta);
    if (hb.size === 0 && ha.size === 0) return true;
    for (const [kind, node] of hb) {
      if (DEBUG_ATTACHMENTS.has(kind)) continue;
      const other = ha.get(kind);
      if (other === undefined) {
        this.fail(b, x.line, `the metadata attachment !${kind} ${node} of ${describe(x)} is missing after mem2reg`, y.line);
        return false;
      }
      if (!this.context.metadata.same(node, other)) {
        this.fail(b, x.line, `the metadata attachment !${kind} of ${describe(x)} is ${node} before and ${other} after mem2reg, which do not correspond`, y.line);
        return false;
      }
    }
    for (const [kind, node] of ha)
      if (!DEBUG_ATTACHMENTS.has(kind) && !hb.has(kind)) {
        this.fail(b, x.line, `mem2reg added the metadata attachment !${kind} ${node} to ${describe(x)}`, y.line);
        return false;
      }
    return true;
  }

  /**
   * Why an instruction's types changed, when one of its operands is a removed load of another
   * type than its alloca's: LLVM 14 promotes such loads under opaque pointers and puts the stored
   * value, of the allocated type, in their place (later releases compare the types).
   */
  private punned(x: LlvmInstr): string {
    for (const o of x.operands) {
      const l = this.loads.get(o);
      if (l === undefined) continue;
      const load = this.fb.blocks[l.b].instrs[l.i];
      const alloca = this.prom.promoted.get(this.varNames[l.variable])?.alloca;
      if (load.op !== "load" || alloca === undefined || normType(load.type) === normType(alloca.type)) continue;
      return `: a suspected miscompilation: mem2reg replaced the load ${llvmName("%", o)} (line ${load.line}) of type ${normType(load.type)} by a value of ${llvmName("%", this.varNames[l.variable])}'s allocated type ${normType(alloca.type)}, which changes this instruction (LLVM 14 promotes a load of another type; later releases do not)`;
    }
    return "";
  }

  /** Scratch of `tokenCompare`: the corresponding local names, and the names expected next. */
  private readonly pairScratch: string[] = [];
  private readonly expectScratch: ExpectedNames = { b: undefined, a: undefined };
  /** `tokenCompare`'s state while `sameSkeleton` calls `tokenPair`: the two instructions, operands and pairs matched so far. */
  private tokenX: LlvmInstr | null = null;
  private tokenY: LlvmInstr | null = null;
  private tokenOperands = 0;
  private tokenPairs = 0;
  /** `tokenPair` bound once per function (a closure per compared instruction was most of what `tokenCompare` allocated). */
  private readonly tokenPairBound = (nb: string, na: string): boolean => this.tokenPair(nb, na);

  /** Local value names of each version (parameters and results), for `tokenCompare`. */
  private localsB: Set<string> | null = null;
  private localsA: Set<string> | null = null;

  /**
   * The common case without the grammar (text.ts `sameSkeleton`): equal text between the local
   * names, names that are labels of blocks at the same position, values exactly the parser's
   * operands on both sides (so no type or label was taken for a value) that correspond, other
   * names (types) equal. False when it does not apply; `shapeOf` decides then.
   */
  private tokenCompare(b: number, x: LlvmInstr, y: LlvmInstr, tb: string, ta: string): boolean {
    if (this.numberedTypes) return false;
    this.localsB ??= localNames(this.fb);
    this.localsA ??= localNames(this.fa);
    this.tokenX = x;
    this.tokenY = y;
    this.tokenOperands = 0;
    this.tokenPairs = 0; // the first tokenPairs entries of pairScratch (no `length = 0`: a runtime call)
    // the operands are the names expected next (the parser's strings: no new substrings)
    const expect = this.expectScratch;
    expect.b = x.operands[0];
    expect.a = y.operands[0];
    const same = sameSkeleton(tb, ta, this.tokenPairBound, expect);
    const vk = this.tokenOperands;
    if (!same || vk !== x.operands.length || vk !== y.operands.length) return false;
    const pairs = this.pairScratch;
    for (let k = 0; k < this.tokenPairs; k += 2) if (!this.localOperand(b, x, y, pairs[k], pairs[k + 1])) return false;
    return true;
  }

  /** The k-th names of the two texts `tokenCompare` compares (see there). */
  private tokenPair(nb: string, na: string): boolean {
    const localsA = this.localsA!;
    if (this.localsB!.has(nb)) {
      const x = this.tokenX!;
      const y = this.tokenY!;
      const vk = this.tokenOperands;
      if (!localsA.has(na) || x.operands[vk] !== nb || y.operands[vk] !== na) return false;
      this.tokenOperands = vk + 1;
      this.expectScratch.b = x.operands[vk + 1];
      this.expectScratch.a = y.operands[vk + 1];
      this.pairScratch[this.tokenPairs++] = nb;
      this.pairScratch[this.tokenPairs++] = na;
      return true;
    }
    if (this.blockIndexB.has(nb)) return this.blockIndexB.get(nb) === this.blockIndexA.get(na);
    return nb === na && !localsA.has(na);
  }

  private get numberedTypes(): boolean {
    return this.srcB.numberedTypes;
  }

  /** A phi of the original: same type, and per predecessor block the same values, in order. */
  /** A type of the before (`b`) or after (`a`) version, comparable across the two: blanks dropped, numbered types by class. */
  private typeText(t: string, side: "b" | "a"): string {
    const types = this.context.types;
    return (types.aligned ? t : types.canonical(t, side)).replace(/\s+/g, "");
  }

  private comparePhis(b: number, x: LlvmPhi, y: LlvmPhi): void {
    if (this.typeText(x.type, "b") !== this.typeText(y.type, "a")) {
      this.fail(b, x.line, `phi ${llvmName("%", x.result!)} of type ${x.type} has become one of type ${y.type}`, y.line);
      return;
    }
    const byBlock = (p: LlvmPhi, index: Map<string, number>) => {
      const m = new Map<number, LlvmValue[]>();
      for (const inc of p.incoming) {
        const k = index.get(inc.block) ?? -1;
        let l = m.get(k);
        if (!l) m.set(k, (l = []));
        l.push(inc.value);
      }
      return m;
    };
    const mb = byBlock(x, this.blockIndexB);
    const ma = byBlock(y, this.blockIndexA);
    if (mb.size !== ma.size) {
      this.fail(b, x.line, `phi ${llvmName("%", x.result!)}: its incoming blocks differ after mem2reg`, y.line);
      return;
    }
    for (const [k, vb] of mb) {
      const va = ma.get(k);
      if (va === undefined || va.length !== vb.length) {
        this.fail(b, x.line, `phi ${llvmName("%", x.result!)}: its incoming blocks differ after mem2reg`, y.line);
        return;
      }
      for (let j = 0; j < vb.length; j++)
        if (!this.operand(b, x, y, vb[j], va[j])) {
          this.fail(b, x.line, `phi ${llvmName("%", x.result!)}: the value from ${llvmName("%", this.fb.blocks[k]?.label ?? "?")} is ${valueText(vb[j])} before and ${valueText(va[j])} after mem2reg, which do not correspond`, y.line);
          return;
        }
    }
  }

  // --- 3. the phis mem2reg added: their variables ---------------------------------------------

  private collectPhis(): void {
    const typeOf = (v: number) => this.typeText(this.prom.promoted.get(this.varNames[v])!.alloca.type, "b");
    // by name: `x.N` is a phi of `x` (LLVM: alloca name + "." + version, digits appended if taken)
    for (const [name, p] of this.newPhis) {
      const m = /^(.*)\.(\d+)$/.exec(name);
      const v = m === null ? undefined : this.varIndex.get(m[1]);
      if (v !== undefined && typeOf(v) === this.typeText(p.phi.type, "a")) p.variable = v;
    }
    // named after their allocas, every phi is decided already (clang with -fno-discard-value-names)
    let undecided = false;
    for (const p of this.newPhis.values()) if (p.variable < 0) undecided = true;
    if (undecided) this.phisByValueAtStart();
    // otherwise: the variable of the loads it replaces, then along phis
    const hints = new Map<string, Set<number>>();
    if (this.newPhis.size > 0)
      for (const [name, w] of this.repl) {
        const p = w.startsWith("%") ? this.newPhis.get(w.slice(1)) : undefined;
        if (p === undefined || p.variable >= 0) continue;
        let h = hints.get(w.slice(1));
        if (!h) hints.set(w.slice(1), (h = new Set()));
        h.add(this.loads.get(name)!.variable);
      }
    for (const [name, h] of hints) if (h.size === 1) this.newPhis.get(name)!.variable = [...h][0];
    for (let changed = true; changed; ) {
      changed = false;
      for (const [, p] of this.newPhis) {
        const linked = p.phi.incoming.map((inc) => (inc.value.kind === "local" ? this.newPhis.get(inc.value.name) : undefined));
        for (const q of linked) {
          if (q === undefined) continue;
          if (p.variable < 0 && q.variable >= 0) {
            p.variable = q.variable;
            changed = true;
          } else if (q.variable < 0 && p.variable >= 0) {
            q.variable = p.variable;
            changed = true;
          }
        }
      }
    }
    for (const [name, p] of this.newPhis) {
      if (p.variable >= 0) continue;
      const same = this.varNames.map((_, v) => v).filter((v) => typeOf(v) === this.typeText(p.phi.type, "a"));
      if (same.length === 1) p.variable = same[0];
      else this.fail(p.b, this.fb.blocks[p.b].line, `cannot tell which promoted variable the phi ${llvmName("%", name)} (line ${p.phi.line} after mem2reg) belongs to`, p.phi.line);
    }
    // mem2reg makes a variable's phis of its allocated type (PHINode::Create(AI->getAllocatedType(), ...))
    for (const [name, p] of this.newPhis) {
      if (p.variable < 0 || typeOf(p.variable) === this.typeText(p.phi.type, "a")) continue;
      const alloca = this.prom.promoted.get(this.varNames[p.variable])!.alloca;
      this.fail(
        p.b,
        this.fb.blocks[p.b].line,
        `the phi ${llvmName("%", name)} (line ${p.phi.line} after mem2reg) of ${llvmName("%", this.varNames[p.variable])} has type ${p.phi.type} there, not the allocated type ${alloca.type} of before`,
        p.phi.line,
      );
    }
  }

  /**
   * Phis decided exactly, from what some variable v holds at the start of a block C: if that is
   * a phi of mem2reg's standing in C, it is v's phi there (a value coming from a strict
   * dominator of C cannot be defined in C). What v holds at C's start is known
   * - from a load of v in C with no store to v before it, whose replacement the after version shows;
   * - from a phi of v already decided, whose argument for the predecessor C holds where C stores
   *   nothing to v;
   * - where C is not the phi's block, v has no phi at C and holds the same at the end of every
   *   predecessor of C, back to the phi's block;
   * - and where a predecessor's last store to v stores a load L of another variable u, L's
   *   replacement is what v holds there, which tells what u holds at the start of L's block when
   *   nothing is stored to u before L there.
   * This decides the phis of unnamed allocas (LLVM names them `.0`, `.1`, ... whatever the alloca),
   * which clang's default output is full of. Conflicting evidence decides nothing.
   */
  private phisByValueAtStart(): void {
    const conflicted = new Set<string>();
    // facts "variable v holds after value w at the start of block c", and decided phis to follow
    const facts: { v: number; c: number; w: Key }[] = [];
    const decided: string[] = [];
    for (const [name, p] of this.newPhis) if (p.variable >= 0) decided.push(name);
    const named = new Set(decided);
    /** Load `name` is replaced by `w`: where nothing is stored to its variable before it in its block, a fact. */
    const loadHolds = (name: string, w: Key): void => {
      const load = this.loads.get(name);
      if (load !== undefined && this.kind[this.base[load.b] + load.i] === LOAD && this.upwardExposed(load)) facts.push({ v: load.variable, c: load.b, w });
    };
    /** v holds w at the end of block q (q's last store to v, if any, tells of the load it stores). */
    const atEnd = (v: number, q: number, w: Key): boolean => {
      const last = this.storesIn(q).last.get(v);
      if (last === undefined) return false;
      const stored = (this.fb.blocks[q].instrs[last] as LlvmStore).value;
      if (stored.kind === "local" && !this.repl.has(stored.name)) loadHolds(stored.name, w);
      return true;
    };
    for (const [name, w] of this.repl) loadHolds(name, w);
    while (facts.length > 0 || decided.length > 0) {
      const fact = facts.pop();
      if (fact !== undefined) {
        const { v, c, w } = fact;
        const name = w.startsWith("%") ? w.slice(1) : "";
        const p = this.newPhis.get(name);
        if (p === undefined || conflicted.has(name)) continue;
        // c is not w's block: then v has no phi at c, and holds w at the end of every predecessor
        // of c; one that stores nothing to v holds w at its start too (each block once per v and w)
        let seen = this.seenFacts.get(w);
        if (seen === undefined) this.seenFacts.set(w, (seen = new Set()));
        const stack = [c];
        let reached = false;
        while (stack.length > 0) {
          const x = stack.pop()!;
          if (x === p.b) {
            reached = true;
            continue;
          }
          if (seen.has(v * this.NB + x)) continue;
          seen.add(v * this.NB + x);
          for (const q of this.preds[x]) if (!atEnd(v, q, w)) stack.push(q);
        }
        if (!reached) continue;
        if (p.variable < 0) {
          p.variable = v;
          decided.push(name);
        } else if (p.variable !== v) conflicted.add(name);
        continue;
      }
      const name = decided.pop()!;
      const p = this.newPhis.get(name)!;
      if (conflicted.has(name)) continue;
      // a phi of v: its argument for predecessor q is what v holds at q's end
      for (const inc of p.phi.incoming) {
        const q = this.blockIndexA.get(inc.block);
        if (q === undefined || !this.reachable[q]) continue;
        const w = keyOf(inc.value);
        if (!atEnd(p.variable, q, w)) facts.push({ v: p.variable, c: q, w });
      }
    }
    // a phi LLVM named after its alloca stays that alloca's; others with conflicting evidence are undecided
    for (const name of conflicted) if (!named.has(name)) this.newPhis.get(name)!.variable = -1;
  }

  /** `phisByValueAtStart`'s facts followed: after value -> variable * NB + block. */
  private readonly seenFacts = new Map<Key, Set<number>>();

  /** Per block (scanned once, when first asked): the index of the first and of the last store of each variable. */
  private readonly stores = new Map<number, { first: Map<number, number>; last: Map<number, number> }>();

  private storesIn(b: number): { first: Map<number, number>; last: Map<number, number> } {
    let s = this.stores.get(b);
    if (s === undefined) {
      s = { first: new Map(), last: new Map() };
      const instrs = this.fb.blocks[b].instrs;
      for (let i = 0; i < instrs.length; i++) {
        if (this.kind[this.base[b] + i] !== STORE) continue;
        const v = this.varOfPtr(((instrs[i] as LlvmStore).ptr as { name: string }).name);
        if (v === undefined) continue;
        if (!s.first.has(v)) s.first.set(v, i);
        s.last.set(v, i);
      }
      this.stores.set(b, s);
    }
    return s;
  }

  /** Whether no store of the load's variable stands before it in its block. */
  private upwardExposed(load: { variable: number; b: number; i: number }): boolean {
    return (this.storesIn(load.b).first.get(load.variable) ?? Infinity) > load.i;
  }

  // --- 4. the model's values and statements --------------------------------------------------

  private addVal(name: string, variable: number): number {
    this.vals.push({ name, variable });
    return this.vals.length - 1;
  }

  private modelValues(): void {
    for (let v = 0; v < this.varNames.length; v++) this.undefVal.push(this.addVal(`${this.varNames[v]}.undef`, v));
    for (let b = 0; b < this.NB; b++) {
      if (!this.reachable[b]) continue;
      const instrs = this.fb.blocks[b].instrs;
      let s = 0;
      for (let i = 0; i < instrs.length; i++) {
        const k = this.kind[this.base[b] + i];
        if (k !== ALLOCA && k !== LOAD && k !== STORE) continue;
        const ins = instrs[i];
        if (k !== LOAD) {
          const v = k === ALLOCA ? this.varIndex.get(ins.result!)! : this.varOfPtr(((ins as LlvmStore).ptr as { name: string }).name)!;
          const key = v * this.NB + b;
          let ev = this.events.get(key);
          if (!ev) this.events.set(key, (ev = []));
          ev.push(i);
          if (k === STORE) this.storeVal[this.base[b] + i] = this.addVal(`${this.varNames[v]}.${this.fb.blocks[b].label}.${s}`, v);
        }
        s++;
      }
    }
    for (const [name, p] of this.newPhis) if (p.variable >= 0) this.phiVal.set(name, this.addVal(`%${name}`, p.variable));
  }

  /** The after key a store writes; `?L` while the replacement of load L is unknown. */
  private storeKey(b: number, i: number): Key {
    const st = this.fb.blocks[b].instrs[i] as LlvmStore;
    const v = st.value;
    if (v.kind === "local") {
      if (this.loads.has(v.name)) return this.repl.get(v.name) ?? `?${v.name}`;
      return this.vmap.get(v.name) ?? `!${v.name}`;
    }
    return keyOf(v);
  }

  // --- 5. replacements -> SSA values ---------------------------------------------------------

  private resolveAll(): void {
    for (const name of this.loads.keys()) if (this.repl.has(name)) this.pending.push(name);
    const phiArgs: { name: string; p: { b: number; phi: LlvmPhi; variable: number } }[] = [];
    for (const [name, p] of this.newPhis) if (p.variable >= 0) phiArgs.push({ name, p });
    this.argsOf = new Map();
    let round = 0;
    while (this.pending.length > 0 || round === 0) {
      const todo = this.pending;
      this.pending = [];
      for (const name of todo) {
        if (this.loadVal.has(name)) continue;
        const l = this.loads.get(name)!;
        const w = this.repl.get(name)!;
        const what = () => `the load ${llvmName("%", name)}`;
        const undominated = this.dominance(w, l.b, l.i, what);
        if (undominated !== undefined) this.undominatedLoads.set(name, undominated);
        const v = (undominated !== undefined ? this.candidate(l.variable, w) : undefined) ?? this.lookup(l.variable, w, l.b, l.i, what);
        this.loadVal.set(name, v);
      }
      if (round === 0)
        for (const { name, p } of phiArgs) {
          const args: number[] = [];
          const preds = this.preds[p.b];
          const seen = new Map<number, number>();
          // the incoming pairs by block, in order (once per phi, not per predecessor)
          const byLabel = new Map<string, LlvmPhi["incoming"]>();
          for (const inc of p.phi.incoming) {
            const l = byLabel.get(inc.block);
            if (l === undefined) byLabel.set(inc.block, [inc]);
            else l.push(inc);
          }
          for (const q of preds) {
            const nth = seen.get(q) ?? 0;
            seen.set(q, nth + 1);
            const label = this.fa.blocks[q]?.label;
            const incs = (label === undefined ? undefined : byLabel.get(label)) ?? [];
            const inc = incs[Math.min(nth, incs.length - 1)];
            if (inc === undefined) {
              this.fail(p.b, this.fb.blocks[p.b].line, `the phi ${llvmName("%", name)} (line ${p.phi.line} after mem2reg) has no value for the predecessor ${llvmName("%", this.fb.blocks[q].label)}`, p.phi.line);
              args.push(this.undefVal[p.variable]);
              continue;
            }
            const what = () => `the argument for ${llvmName("%", this.fb.blocks[q].label)} of the phi ${llvmName("%", name)}`;
            const w = keyOf(inc.value);
            const undominated = this.dominance(w, q, this.fb.blocks[q].instrs.length, what);
            if (undominated !== undefined) this.undominatedArgs.push({ phi: name, arg: args.length, message: undominated });
            args.push((undominated !== undefined ? this.candidate(p.variable, w) : undefined) ?? this.lookup(p.variable, w, q, this.fb.blocks[q].instrs.length, what));
          }
          this.argsOf.set(name, args);
        }
      round++;
    }
  }

  private argsOf = new Map<string, number[]>();
  private doms: BlockDominators | null = null;
  /** The before version's block dominators, made once per function for every question of dominance (`dominance`, `originalIsSsa`, paths.ts). */
  private readonly blockDominators = (): BlockDominators => (this.doms ??= new BlockDominators(this.fb.blocks.map((blk) => blk.succs.map((t) => this.blockIndexB.get(t)!))));

  /**
   * Whether the original is valid SSA (`originalIsSsa`). Where it is not, the reads `dominance`
   * finds undominated say nothing sure (a removed load stands where the original reads it, which
   * its own users need not be dominated by): the pairing fails, and they are not reported.
   */
  private originalValid = true;
  /** Removed loads whose replacement does not dominate them: load name -> the message (`dominance`). */
  private readonly undominatedLoads = new Map<string, string>();
  /** Arguments of mem2reg's phis that do not dominate the end of their predecessor: the phi, the argument's index in `preds` order, the message. */
  private readonly undominatedArgs: { phi: string; arg: number; message: string }[] = [];

  /**
   * LLVM's own rule for the after version: an instruction standing for a removed load must
   * dominate it (a phi argument: the end of its predecessor). Constants, globals and arguments
   * are available everywhere. What breaks it, in LLVM's terms, or undefined. Such a use is not
   * a failure of the pairing: the read is given the model's value for the producer's
   * definition of `w` (its phi, or a store of it: `candidate`), which does not dominate the
   * read either (w's definition dominates the store), and `allUses_def_ass` fails there.
   */
  private dominance(w: Key, b: number, i: number, what: () => string): string | undefined {
    if (!w.startsWith("%")) return undefined;
    const p = this.defPosA.get(w.slice(1));
    if (p === undefined) return undefined; // a parameter
    const db = blockOf(p);
    // the dominator tree only for a value of another block than the entry, which dominates every reachable one
    const ok = db === b ? indexOf(p) < i : db === 0 && this.reachable[b] ? true : this.blockDominators().dominates(db, b);
    if (ok) return undefined;
    const d = { b: db, i: indexOf(p) };
    const defLine = d.i >= 0 ? this.fb.blocks[d.b].instrs[d.i].line : this.fb.blocks[d.b].line;
    return `${what()} is replaced by ${w}, which does not dominate it (defined in block ${llvmName("%", this.fb.blocks[d.b].label)}, line ${defLine} before mem2reg): not valid SSA (LLVM's verifier: instruction does not dominate all uses)`;
  }

  /**
   * The SSA value of variable `a` that stands for after-value `w` just before instruction `i` of
   * block `b` (i = length: the end of the block).
   */
  private lookup(a: number, w: Key, b: number, i: number, what: () => string): number {
    let byVar = this.webs.get(w);
    if (!byVar) this.webs.set(w, (byVar = []));
    const web = (byVar[a] ??= this.newWeb(a, w));
    const start = this.scan(a, web, b, i);
    const line = i < this.fb.blocks[b].instrs.length ? this.fb.blocks[b].instrs[i].line : this.fb.blocks[b].instrs[this.fb.blocks[b].instrs.length - 1].line;
    if (start >= 0) return start;
    if (start === KILLED) return this.recomputed(a, w, b, line, what);
    const inB = this.solve(a, web, b);
    const result = start === KILL_IN ? killOf(inB) : inB;
    if (result.includes(KILL)) return this.recomputed(a, w, b, line, what);
    // how many values the set holds, and the first
    let values = 0;
    let first = -1;
    for (const x of result)
      if (x >= 0) {
        if (values === 0) first = x;
        values++;
      }
    if (values === 0) {
      const cand = this.candidate(a, w);
      if (cand === undefined) {
        const why = w === "poison" ? `where only the uninitialised content of ${llvmName("%", this.varNames[a])} reaches (undef, which poison does not refine)` : `which is not a value stored to ${llvmName("%", this.varNames[a])}`;
        this.fail(b, line, `${what()} is replaced by ${w}, ${why}`);
        return this.undefVal[a];
      }
      return cand;
    }
    if (values === 1) return first;
    return this.rep(a, web, b);
  }

  private newWeb(a: number, w: Key): Web {
    const web: Web = { w, defB: -1, defI: -1, phiB: -1, phiVal: -1, inSet: new Map(), outScan: null, rep: null };
    if (!w.startsWith("%")) return web;
    const name = w.slice(1);
    const phi = this.newPhis.get(name);
    if (phi !== undefined && phi.variable === a) {
      web.phiB = phi.b;
      web.phiVal = this.phiVal.get(name)!;
      return web;
    }
    const d = this.defPosA.get(name);
    if (d !== undefined) {
      web.defB = blockOf(d);
      web.defI = indexOf(d);
    }
    return web;
  }

  private recomputed(a: number, w: Key, b: number, line: number, what: () => string): number {
    const p = this.defPosA.get(w.slice(1));
    const d = p === undefined ? undefined : { b: blockOf(p), i: indexOf(p) };
    const where = d === undefined ? "" : ` (line ${d.i >= 0 ? this.fb.blocks[d.b].instrs[d.i].line : this.fb.blocks[d.b].line})`;
    this.fail(b, line, `${what()} is replaced by ${w}, but on some path ${w}${where} is computed anew after it was stored to ${llvmName("%", this.varNames[a])}`);
    return this.undefVal[a];
  }

  /** Any definition of `a` that produces `w`, for a replacement that no such definition reaches. */
  private candidate(a: number, w: Key): number | undefined {
    if (w === "undef") return this.undefVal[a];
    const phi = w.startsWith("%") ? this.newPhis.get(w.slice(1)) : undefined;
    if (phi !== undefined && phi.variable === a) return this.phiVal.get(w.slice(1));
    for (let b = 0; b < this.NB; b++) {
      for (const i of this.events.get(a * this.NB + b) ?? []) {
        if (this.kind[this.base[b] + i] !== STORE) continue;
        if (produces(this.storeKey(b, i), w)) return this.storeVal[this.base[b] + i];
      }
    }
    return undefined;
  }

  /** What a backward scan of block `b` from before instruction `from` finds first, for the web's `(a, w)`. */
  private scan(a: number, web: Web, b: number, from: number): Scan {
    const w = web.w;
    const ev = this.events.get(a * this.NB + b);
    // the position of w's own computation in this block, if any
    const dpos = web.defB === b && web.defI < from ? web.defI : -2;
    let k = ev === undefined ? -1 : lowerBound(ev, from) - 1;
    for (; k >= 0; k--) {
      const i = ev![k];
      if (dpos > i) return this.killBehind(a, w, b, ev!, k);
      const hit = this.event(a, w, b, i);
      if (hit >= 0) return hit;
    }
    if (dpos >= -1) return this.killBehind(a, w, b, ev ?? [], k);
    if (web.phiB === b) return web.phiVal;
    return PASS;
  }

  /** After meeting w's computation: a definition behind it in the block means a stale value. */
  private killBehind(a: number, w: Key, b: number, ev: number[], k: number): Scan {
    for (; k >= 0; k--) if (this.event(a, w, b, ev[k]) >= 0) return KILLED;
    return KILL_IN;
  }

  /** The SSA value if the event at (b, i) defines `a` as `w` (binding an unknown store), else -1. */
  private event(a: number, w: Key, b: number, i: number): number {
    // the alloca's own content is undef (LLVM 14 to 18), which poison does not refine
    if (this.kind[this.base[b] + i] === ALLOCA) return w === "undef" ? this.undefVal[a] : -1;
    const k = this.storeKey(b, i);
    if (produces(k, w)) return this.storeVal[this.base[b] + i];
    if (k.startsWith("?")) {
      // the value of a load that only stores use: what the loads reading this store see
      const load = k.slice(1);
      this.repl.set(load, w);
      this.pending.push(load);
      return this.storeVal[this.base[b] + i];
    }
    return -1;
  }

  /** `[v]` per SSA value v, shared (value sets are never changed in place). */
  private readonly singles: number[][] = [];
  /**
   * Scratch of `solve`, by block: region membership and queue stamps, current in-sets, and the
   * region and the work list themselves (a block is in each at most once, so `NB` entries do):
   * made once per function, where each solve made two arrays and a closure.
   */
  private stampRegion: Int32Array | null = null;
  private stampQueued: Int32Array | null = null;
  private regionList: Int32Array | null = null;
  private workList: Int32Array | null = null;
  private curIn: number[][] = [];
  private generation = 0;
  /** Successors among the reachable blocks, per edge (the reverse of `preds`). */
  private succsOf: number[][] | null = null;

  /** The final in-set of block `b` for the web of `(a, w)`. */
  private solve(a: number, web: Web, b0: number): number[] {
    const have = web.inSet.get(b0);
    if (have !== undefined) return have;
    if (this.stampRegion === null) {
      this.stampRegion = new Int32Array(this.NB);
      this.stampQueued = new Int32Array(this.NB);
      this.regionList = new Int32Array(this.NB);
      this.workList = new Int32Array(this.NB);
      this.succsOf = Array.from({ length: this.NB }, () => []);
      for (let b = 0; b < this.NB; b++) for (const p of this.preds[b]) this.succsOf[p].push(b);
    }
    const inRegion = this.stampRegion;
    const queued = this.stampQueued!;
    const region = this.regionList!;
    const work = this.workList!;
    const succs = this.succsOf!;
    const cur = this.curIn;
    const gen = ++this.generation;
    // discover the blocks whose in-sets are needed
    let regionSize = 0;
    region[regionSize++] = b0;
    inRegion[b0] = gen;
    for (let r = 0; r < regionSize; r++) {
      const preds = this.preds[region[r]];
      for (let k = 0; k < preds.length; k++) {
        const p = preds[k];
        if (inRegion[p] === gen || web.inSet.has(p)) continue;
        const s = this.outScanOf(a, web, p);
        if (s === PASS || s === KILL_IN) {
          inRegion[p] = gen;
          region[regionSize++] = p;
        }
      }
    }
    for (let r = 0; r < regionSize; r++) {
      const b = region[r];
      cur[b] = b === 0 ? BOT_ONLY : NONE;
    }
    // worklist to the least fixpoint (sets only grow; a block's in-set feeds its successors')
    let workSize = 0;
    for (let r = 0; r < regionSize; r++) {
      work[workSize++] = region[r];
      queued[region[r]] = gen;
    }
    while (workSize > 0) {
      const b = work[--workSize];
      queued[b] = 0;
      if (b === 0) continue;
      let acc = cur[b];
      const preds = this.preds[b];
      for (let k = 0; k < preds.length; k++) acc = union(acc, this.outSet(a, web, preds[k], gen));
      if (acc === cur[b]) continue;
      cur[b] = acc;
      const next = succs[b];
      for (let k = 0; k < next.length; k++) {
        const d = next[k];
        if (inRegion[d] === gen && queued[d] !== gen) {
          queued[d] = gen;
          work[workSize++] = d;
        }
      }
    }
    for (let r = 0; r < regionSize; r++) web.inSet.set(region[r], cur[region[r]]);
    for (let r = 0; r < regionSize; r++) this.countFold(a, web, region[r]);
    return web.inSet.get(b0)!;
  }

  /** What leaves block `p` for the web, in `solve` of generation `gen`: its scan's value, or its in-set passed on or killed. */
  private outSet(a: number, web: Web, p: number, gen: number): number[] {
    const s = this.outScanOf(a, web, p);
    if (s >= 0) return (this.singles[s] ??= [s]);
    if (s === KILLED) return KILL_ONLY;
    const inP = this.stampRegion![p] === gen ? this.curIn[p] : web.inSet.get(p)!;
    return s === PASS ? inP : killOf(inP);
  }

  private outScanOf(a: number, web: Web, p: number): Scan {
    const memo = (web.outScan ??= new Int32Array(this.NB));
    const m = memo[p];
    if (m !== 0) return m - SCAN_BIAS;
    const s = this.scan(a, web, p, this.fb.blocks[p].instrs.length);
    memo[p] = s + SCAN_BIAS;
    return s;
  }

  /** The value at the start of block `b` in the web: our phis where several values meet. */
  private rep(a: number, web: Web, b0: number): number {
    const w = web.w;
    const repMemo = (web.rep ??= new Map());
    const memo = repMemo.get(b0);
    if (memo !== undefined) return memo;
    // the blocks of the web behind b0 whose start values are needed
    const need: number[] = [];
    const seen = new Set<number>([b0]);
    const stack = [b0];
    while (stack.length > 0) {
      const b = stack.pop()!;
      need.push(b);
      for (const p of this.preds[b]) {
        const s = this.outScanOf(a, web, p);
        if (s === PASS && !seen.has(p) && !repMemo.has(p)) {
          seen.add(p);
          stack.push(p);
        }
      }
    }
    const values = (b: number) => (web.inSet.get(b) ?? []).filter((x) => x >= 0);
    // placeholders: a phi at every join of the web where several values meet
    const PH = -1000;
    const phiAt = new Map<number, number>(); // block -> placeholder id (PH - k)
    const placeholders: { b: number; args: number[] }[] = [];
    for (const b of need) if (this.preds[b].length >= 2 && values(b).length >= 2) {
      phiAt.set(b, PH - placeholders.length);
      placeholders.push({ b, args: [] });
    }
    const startOf = new Map<number, number>();
    const startValue = (b: number): number => {
      // follow single-predecessor chains without recursion
      const chain: number[] = [];
      let x = b;
      let result: number;
      for (;;) {
        const m = repMemo.get(x) ?? startOf.get(x);
        if (m !== undefined) {
          result = m;
          break;
        }
        const ph = phiAt.get(x);
        if (ph !== undefined) {
          result = ph;
          break;
        }
        const vs = values(x);
        if (this.preds[x].length !== 1 || x === 0) {
          result = vs.length === 1 ? vs[0] : BOT;
          break;
        }
        chain.push(x);
        const p = this.preds[x][0];
        const s = this.outScanOf(a, web, p);
        if (s >= 0) {
          result = s;
          break;
        }
        if (s !== PASS) {
          result = BOT;
          break;
        }
        x = p;
      }
      startOf.set(x, result);
      for (const c of chain) startOf.set(c, result);
      return result;
    };
    const endValue = (p: number): number => {
      const s = this.outScanOf(a, web, p);
      if (s >= 0) return s;
      if (s === PASS) return startValue(p);
      return BOT;
    };
    for (const ph of placeholders) ph.args = this.preds[ph.b].map(endValue);
    // remove placeholders that merge one value (ignoring themselves and undefined paths)
    const { find, folded } = foldSingleValuePlaceholders(placeholders.map((h) => h.args), PH, BOT);
    // the remaining placeholders become our phis
    const real = new Map<number, number>();
    for (let k = 0; k < placeholders.length; k++) {
      const self = PH - k;
      if (folded(k)) continue;
      const b = placeholders[k].b;
      const key = `${a}|${w}|${b}`;
      let fp = this.foldPhis.get(key);
      if (!fp) {
        const label = this.fb.blocks[b].label;
        fp = { val: this.addVal(`${this.varNames[a]}.${label}.fold`, a), b, args: [] };
        this.foldPhis.set(key, fp);
        this.differences.push({
          kind: "equal values merged",
          variable: this.varNames[a],
          block: label,
          detail: `mem2reg merged definitions of ${llvmName("%", this.varNames[a])} that all store ${w} where they meet (phi(${w}, ${w}, ...) simplified to ${w}); the model needs a phi there`,
        });
      }
      real.set(self, fp.val);
    }
    const resolve = (x: number): number => {
      const y = find(x);
      return y <= PH ? real.get(y)! : y;
    };
    for (let k = 0; k < placeholders.length; k++) {
      if (folded(k)) continue;
      const fp = this.foldPhis.get(`${a}|${w}|${placeholders[k].b}`)!;
      if (fp.args.length > 0) continue;
      const fill = values(placeholders[k].b)[0];
      fp.args = placeholders[k].args.map((x) => {
        const r = resolve(x);
        return r === BOT ? fill : r;
      });
    }
    for (const b of need) {
      const v = startValue(b);
      repMemo.set(b, v === BOT ? BOT : resolve(v));
    }
    return repMemo.get(b0)!;
  }

  /**
   * A join of a web where an uninitialised path meets a definition and the predecessors bring
   * different things: an exact translation needs a phi there, which mem2reg folded away
   * (`phi(undef, v)` -> `v`).
   */
  private countFold(a: number, web: Web, b: number): void {
    const w = web.w;
    if (this.preds[b].length < 2) return;
    const inB = web.inSet.get(b)!;
    if (!inB.includes(BOT) || !inB.some((x) => x >= 0)) return;
    const key = a * this.NB + b;
    if (this.folds.has(key)) return;
    let first: string | undefined;
    let differ = false;
    for (const p of this.preds[b]) {
      const s = this.outScanOf(a, web, p);
      const o = s >= 0 ? String(s) : s === PASS ? (web.inSet.get(p) ?? []).join(",") : "x";
      if (first === undefined) first = o;
      else if (o !== first) differ = true;
    }
    if (!differ) return;
    this.folds.add(key);
    this.differences.push({
      kind: "undef fold",
      variable: this.varNames[a],
      block: this.fb.blocks[b].label,
      detail: `an uninitialised ${llvmName("%", this.varNames[a])} meets ${w} here; mem2reg uses ${w} on both (phi(undef, ${w}) -> ${w}, or a single stored constant or argument given to every load): ${w === "poison" ? "not a refinement of the uninitialised read, since poison does not refine undef (llvm/llvm-project#97702, fixed in LLVM 19)" : `a refinement of the uninitialised read if ${w} cannot be poison`}`,
    });
  }

  // --- 6. the two documents ------------------------------------------------------------------

  private poison: PoisonOracle | undefined;

  /**
   * The after text's value that SSA value `v` stands for: `undef` for an alloca's definition,
   * the stored value for a store (as mem2reg's output writes it), the phi for one of mem2reg's
   * phis, and for our phi of equal values merged, that value.
   */
  private afterValueOf(v: number): string | undefined {
    // what each value stands for, indexed once (only functions with a refinement ask)
    const src = (this.sources ??= this.valueSources());
    for (let guard = 0; guard < 16; guard++) {
      if (this.undefVal[this.vals[v].variable] === v) return "undef";
      const phi = src.phis.get(v);
      if (phi !== undefined) return llvmName("%", phi);
      const fold = src.folds.get(v);
      if (fold !== undefined) {
        const next = fold.args.find((a) => a >= 0 && this.undefVal[this.vals[a].variable] !== a);
        if (next === undefined) return "undef";
        v = next;
        continue;
      }
      const at = src.stores[v];
      if (at < 0) return undefined;
      let b = 0;
      while (this.base[b + 1] <= at) b++;
      const stored = (this.fb.blocks[b].instrs[at - this.base[b]] as LlvmStore).value;
      if (stored.kind !== "local") return keyOf(stored);
      return this.repl.get(stored.name) ?? this.vmap.get(stored.name);
    }
    return undefined;
  }

  private sources: { phis: Map<number, string>; folds: Map<number, { args: number[] }>; stores: Int32Array } | undefined;

  /** Per value: mem2reg's phi it is, our fold phi it is, or the first store (flat position) that defines it. */
  private valueSources(): NonNullable<Adapter["sources"]> {
    const phis = new Map<number, string>();
    for (const [n, id] of this.phiVal) phis.set(id, n);
    const folds = new Map<number, { args: number[] }>();
    for (const f of this.foldPhis.values()) folds.set(f.val, f);
    const stores = new Int32Array(this.vals.length).fill(-1);
    for (let at = this.storeVal.length - 1; at >= 0; at--) if (this.storeVal[at] >= 0) stores[this.storeVal[at]] = at;
    return { phis, folds, stores };
  }

  /**
   * The two documents, in columns (io/columns.ts: what lowering takes, with no object per block
   * or statement). One name table per document: the reachable blocks first (id = block's
   * position among them, as lowering wants), then the variables (the original) or the values,
   * then the variables named by `vars` (the SSA). Value names are made distinct here (`#2`...),
   * as lowering takes one name per id.
   */
  private documents(): AdaptedFunction {
    const fb = this.fb;
    const NV = this.varNames.length;
    const uninitialised: AdaptedFunction["uninitialised"] = [];
    const used = new Uint8Array(this.vals.length);
    const phisAt = new Map<number, { val: number; args: number[] }[]>();
    for (const [n, p] of this.newPhis) {
      const v = this.phiVal.get(n);
      if (v === undefined) continue;
      let l = phisAt.get(p.b);
      if (!l) phisAt.set(p.b, (l = []));
      l.push({ val: v, args: this.argsOf.get(n) ?? [] });
    }
    for (const fp of this.foldPhis.values()) {
      let l = phisAt.get(fp.b);
      if (!l) phisAt.set(fp.b, (l = []));
      l.push({ val: fp.val, args: fp.args });
    }
    // reachable blocks, renumbered
    const R = this.reachable.reduce((acc, x) => acc + x, 0);
    const rIndex = new Int32Array(this.NB).fill(-1);
    const blockNames: string[] = [];
    for (let b = 0; b < this.NB; b++)
      if (this.reachable[b]) {
        rIndex[b] = blockNames.length;
        blockNames.push(fb.blocks[b].label);
      }
    const blockName = new Int32Array(R);
    for (let r = 0; r < R; r++) blockName[r] = r;
    const predStart = new Int32Array(R + 1);
    let np = 0;
    for (let b = 0; b < this.NB; b++) if (this.reachable[b]) np += this.preds[b].length;
    const preds = new Int32Array(np);
    // statements: one group each; SSA occurrences: per statement its def and its use (-1: none)
    let ns = 0;
    for (let b = 0; b < this.NB; b++) {
      if (!this.reachable[b]) continue;
      const k0 = this.base[b];
      for (let i = 0; i < fb.blocks[b].instrs.length; i++) {
        const k = this.kind[k0 + i];
        if (k === ALLOCA || k === STORE || k === LOAD) ns++;
      }
    }
    const groupStart = new Int32Array(R + 1);
    const stmtVar = new Int32Array(ns);
    const stmtIsDef = new Uint8Array(ns);
    const stmtVal = new Int32Array(ns);
    const phiStart = new Int32Array(R + 1);
    const phiList: { val: number; args: number[] }[] = [];
    const lines = new Map<string, BlockLines>();
    /** The removed loads `dominance` found undominated, as statements (named once the values are). */
    const undominatedAt: { block: string; stmt: number; val: number; message: string }[] = [];
    np = 0;
    let s = 0;
    for (let b = 0; b < this.NB; b++) {
      if (!this.reachable[b]) continue;
      const r = rIndex[b];
      const blk = fb.blocks[b];
      for (const p of this.preds[b]) preds[np++] = rIndex[p];
      predStart[r + 1] = np;
      const stmtLines: number[] = [];
      lines.set(blk.label, { label: blk.line, stmts: stmtLines, end: blk.instrs[blk.instrs.length - 1]?.line ?? blk.line });
      const k0 = this.base[b];
      const first = s;
      for (let i = 0; i < blk.instrs.length; i++) {
        const k = this.kind[k0 + i];
        if (k !== ALLOCA && k !== STORE && k !== LOAD) continue;
        const ins = blk.instrs[i];
        stmtLines.push(ins.line);
        if (k === ALLOCA) {
          const v = this.varIndex.get(ins.result!)!;
          uninitialised.push({ variable: this.varNames[v], block: blk.label, stmt: s - first });
          stmtVar[s] = v;
          stmtIsDef[s] = 1;
          stmtVal[s] = this.undefVal.length > v ? this.undefVal[v] : -1;
        } else if (k === STORE) {
          stmtVar[s] = this.varOfPtr(((ins as LlvmStore).ptr as { name: string }).name)!;
          stmtIsDef[s] = 1;
          stmtVal[s] = this.storeVal[k0 + i];
        } else {
          const val = this.loadVal.get(ins.result!);
          // a load whose value nothing observes is an empty statement on both sides
          stmtVar[s] = val === undefined ? -1 : this.loads.get(ins.result!)!.variable;
          stmtVal[s] = val === undefined ? -1 : val;
          const message = val === undefined ? undefined : this.undominatedLoads.get(ins.result!);
          if (message !== undefined) undominatedAt.push({ block: blk.label, stmt: s - first, val: val!, message });
        }
        if (stmtVal[s] >= 0) used[stmtVal[s]] = 1;
        s++;
      }
      groupStart[r + 1] = s;
      for (const ph of phisAt.get(b) ?? []) {
        phiList.push(ph);
        used[ph.val] = 1;
        for (const a of ph.args) used[a] = 1;
      }
      phiStart[r + 1] = phiList.length;
    }
    /**
     * One group per statement, with its def or use `ids[k]` (none where < 0) as occurrence
     * `R + ids[k]`; each block's phis first where `phis` is given (def, then arguments).
     */
    const statementColumns = (ids: Int32Array, phis: { val: number; args: number[] }[] | null) => {
      const groupDefs = new Int32Array(ns);
      const groupUses = new Int32Array(ns);
      const occStart = new Int32Array(R + 1);
      let n = 0;
      for (const p of phis ?? []) n += 1 + p.args.length;
      for (let k = 0; k < ns; k++) if (ids[k] >= 0) n++;
      const occ = new Int32Array(n);
      n = 0;
      for (let r = 0; r < R; r++) {
        if (phis !== null)
          for (let p = phiStart[r]; p < phiStart[r + 1]; p++) {
            occ[n++] = R + phis[p].val;
            for (const arg of phis[p].args) occ[n++] = R + arg;
          }
        for (let k = groupStart[r]; k < groupStart[r + 1]; k++) {
          if (ids[k] < 0) continue;
          if (stmtIsDef[k]) groupDefs[k] = 1;
          else groupUses[k] = 1;
          occ[n++] = R + ids[k];
        }
        occStart[r + 1] = n;
      }
      return { groupDefs, groupUses, occStart, occ };
    };
    // the original: variables after the blocks
    const columnsO = statementColumns(stmtVar, null);
    const fname = llvmName("@", fb.name);
    const original: ColumnarFunction = {
      kind: "cfg",
      name: fname,
      names: new ListNames(blockNames.concat(this.varNames)),
      blockCount: R,
      blockName,
      entry: 0,
      predStart,
      preds,
      blockForm: new Uint8Array(R),
      phiStart: new Int32Array(R + 1),
      phiArity: new Int32Array(0),
      groupStart,
      groupDefs: columnsO.groupDefs,
      groupUses: columnsO.groupUses,
      occStart: columnsO.occStart,
      occ: columnsO.occ,
      vars: undefined,
    };
    // unique value names, then the variables `vars` names: a value v is id R + v, a variable x
    // is R + vals.length + x
    const NVals = this.vals.length;
    const names: string[] = blockNames.slice();
    const taken = valueNamesMayCollide(this.varNames) ? new Set<string>() : undefined;
    let nUsed = 0;
    for (let v = 0; v < NVals; v++) {
      if (!used[v]) {
        names.push("");
        continue;
      }
      nUsed++;
      let n = this.vals[v].name;
      if (taken !== undefined) {
        for (let k = 2; taken.has(n); k++) n = `${this.vals[v].name}#${k}`;
        taken.add(n);
      }
      names.push(n);
    }
    for (let x = 0; x < NV; x++) names.push(this.varNames[x]);
    const vars = new Int32Array(2 * nUsed);
    for (let v = 0, j = 0; v < NVals; v++)
      if (used[v]) {
        vars[j++] = R + v;
        vars[j++] = R + NVals + this.vals[v].variable;
      }
    const phiArity = new Int32Array(phiList.length);
    for (let p = 0; p < phiList.length; p++) phiArity[p] = phiList[p].args.length;
    const columnsS = statementColumns(stmtVal, phiList);
    const ssa: ColumnarFunction = {
      kind: "ssa",
      name: fname,
      names: new ListNames(names),
      blockCount: R,
      blockName,
      entry: 0,
      predStart,
      preds,
      blockForm: original.blockForm,
      phiStart,
      phiArity,
      groupStart,
      groupDefs: columnsS.groupDefs,
      groupUses: columnsS.groupUses,
      occStart: columnsS.occStart,
      occ: columnsS.occ,
      vars,
    };
    let byName: Map<string, number> | undefined;
    const refinedValue = (valueName: string): RefinedValue | undefined => {
      if (byName === undefined) {
        byName = new Map();
        for (let v = 0; v < NVals; v++) if (used[v]) byName.set(names[R + v], v);
      }
      const v = byName.get(valueName);
      const value = v === undefined ? undefined : this.afterValueOf(v);
      if (value === undefined) return undefined;
      // `&a`: the address of an alloca promoted in a later round, which the after text no longer
      // has (an alloca's address is a defined pointer, never poison)
      if (value.startsWith("&")) return { value, unsound: null, clause: `which cannot be poison (the address of the alloca ${llvmName("%", value.slice(1))})` };
      this.poison ??= new PoisonOracle(this.fa, this.srcA);
      const poison = this.poison.mayBePoison(value);
      return poison === null
        ? { value, unsound: null, clause: "which cannot be poison" }
        : { value, unsound: `it may be poison: ${poison}`, clause: `which may be poison (${poison}); an uninitialised read is undef, which poison does not refine` };
    };
    const unreachable = this.NB - R;
    const phis = this.newPhis.size;
    const undominated: UndominatedUse[] = this.originalValid ? undominatedAt.map((u) => ({ block: u.block, stmt: u.stmt, value: names[R + u.val], message: u.message })) : [];
    if (this.originalValid)
      for (const u of this.undominatedArgs) {
        const phi = this.newPhis.get(u.phi)!;
        undominated.push({ block: fb.blocks[phi.b].label, phi: names[R + this.phiVal.get(u.phi)!], arg: u.arg, message: u.message });
      }
    return withDocuments({
      name: fb.name,
      line: fb.line,
      columns: { original, ssa },
      uninitialised,
      undominated,
      failures: this.failures.sort((x, y) => x.line - y.line),
      differences: this.differences,
      unpromotable: this.unpromotable,
      lines,
      refinedValue,
      stats: {
        blocks: R,
        unreachable_blocks: unreachable,
        promoted: NV,
        phis,
        merged: this.foldPhis.size,
        undef_folds: this.folds.size,
      },
    });
  }
}

/** An original CFG in columns, with its document built when first asked for (`OriginalFunction`). */
export class OriginalColumns {
  constructor(
    readonly name: string,
    readonly columns: ColumnarFunction,
  ) {}
  get original(): FunctionDoc {
    return docOf(this.columns);
  }
}

/** Gives columns their documents, built when first asked for. */
export class WithDocuments {
  declare readonly columns: { original: ColumnarFunction; ssa: ColumnarFunction };
  get original(): FunctionDoc {
    return docOf(this.columns.original);
  }
  get ssa(): FunctionDoc {
    return docOf(this.columns.ssa);
  }
}

/**
 * `fields` with `WithDocuments`' getters on its prototype (getters in an object literal would
 * give every function's object a hidden class of its own, which filled V8's old space: +0.4 s of
 * garbage collection on SQLite).
 */
function withDocuments(fields: Omit<AdaptedFunction, "original" | "ssa">): AdaptedFunction {
  return Object.assign(Object.create(WithDocuments.prototype) as WithDocuments, fields) as AdaptedFunction;
}

/**
 * Whether two of the value names `addVal` gives may be equal: `x.undef`, `x.L.k` (statement k of
 * block L), `x.L.fold` and `%p` (a phi of the after version). For one variable x they differ,
 * as what follows the last dot tells them apart (`undef`, `fold`, digits) and a block's label
 * and statement are read back from before and after it. Names of two variables can meet only
 * where one variable's name is the other's followed by a dot (`a` and `a.b`: `a.b.c.0`), and a
 * phi's name only a variable's that starts with `%`. Neither is common, so a function's value
 * names need no set of their own unless this says so.
 */
export function valueNamesMayCollide(varNames: readonly string[]): boolean {
  let known: Set<string> | undefined;
  for (const x of varNames) {
    if (x.startsWith("%")) return true;
    for (let p = x.indexOf("."); p >= 0; p = x.indexOf(".", p + 1)) {
      known ??= new Set(varNames);
      if (known.has(x.slice(0, p))) return true;
    }
  }
  return false;
}

/** Attachments of debug information, which `sameAttachments` leaves alone. */
const DEBUG_ATTACHMENTS: ReadonlySet<string> = new Set(["dbg", "DIAssignID", "heapallocsite"]);

function normType(t: string): string {
  return t.replace(/\s+/g, " ").trim();
}

/**
 * An instruction's place in its function as one number (`defPosA`: an object per instruction
 * was a third of what aligning the two versions allocated): block * POSITION_SLOT + index + 1,
 * index -1 for a phi mem2reg added.
 */
const POSITION_SLOT = 1 << 26;
const position = (b: number, i: number): number => b * POSITION_SLOT + i + 1;
const blockOf = (p: number): number => Math.floor(p / POSITION_SLOT);
const indexOf = (p: number): number => (p % POSITION_SLOT) - 1;

function localNames(fn: LlvmFunction): Set<string> {
  const out = new Set<string>(fn.params);
  for (const blk of fn.blocks) for (const i of blk.instrs) if (i.result !== null) out.add(i.result);
  return out;
}

/** Whether a call has a metadata argument that names a numbered node (`metadata !12`, `metadata !{!3}`). */
function namesMetadataNodes(i: LlvmInstr): boolean {
  if (i.op !== "call" && i.op !== "invoke" && i.op !== "callbr") return false;
  for (const a of i.args) if (a.value.kind === "metadata" && /![0-9]/.test(a.value.text)) return true;
  return false;
}

function isDebug(i: LlvmInstr): boolean {
  return i.op === "call" && i.debug;
}

function describe(i: LlvmInstr): string {
  const what = i.op === "call" && i.callee !== null ? `call to ${llvmName("@", i.callee)}` : i.op;
  return `${i.result !== null ? `${llvmName("%", i.result)} = ` : ""}${what} (line ${i.line})`;
}

function oneLine(s: string): string {
  return s.length > 120 ? `${s.slice(0, 117)}...` : s;
}

/** Index of the first element >= x in ascending `a`. */
function lowerBound(a: readonly number[], x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The union of two value sets, each ascending without repeats (every set of the value search
 * is: `NONE`, `BOT_ONLY`, `KILL_ONLY`, `singles`, `killOf` and this): `a` itself when `b` adds
 * nothing (`solve` tells a change by identity), else a new ascending array, merged in one pass
 * (a copy, a push per new value and a sort made 240,000 arrays per SQLite validation).
 */
export function union(a: readonly number[], b: readonly number[]): number[] {
  // how many values of b are not in a
  let fresh = 0;
  for (let i = 0, j = 0; j < b.length; ) {
    if (i < a.length && a[i] < b[j]) i++;
    else {
      if (i >= a.length || a[i] !== b[j]) fresh++;
      else i++;
      j++;
    }
  }
  if (fresh === 0) return a as number[];
  const out = new Array<number>(a.length + fresh);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i] < b[j])) out[k++] = a[i++];
    else if (i >= a.length || b[j] < a[i]) out[k++] = b[j++];
    else {
      out[k++] = a[i++];
      j++;
    }
  }
  return out;
}

const NONE: number[] = [];
const BOT_ONLY = [BOT];
const KILL_ONLY = [KILL];

/** Paths with a definition behind w's recomputation carry a stale value; undefined paths stay so. */
function killOf(s: number[]): number[] {
  const out: number[] = [];
  if (s.includes(BOT)) out.push(BOT);
  if (s.some((x) => x !== BOT)) out.push(KILL);
  return out.sort((x, y) => x - y);
}
