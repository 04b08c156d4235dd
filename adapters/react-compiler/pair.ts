/**
 * A function's HIR before enterSSA and after it (or after EliminateRedundantPhi), as a pair of
 * exchange-format documents on the same blocks and statements.
 *
 * The model (docs/react-compiler.md says it for users):
 * - A variable is an identifier's `declarationId`: enterSSA gives every definition a new
 *   identifier and copies the declaration's id onto it, so an SSA identifier renames the
 *   variable of its declaration. Temporaries (`$12`) are variables like named locals: value
 *   blocks (`a && b`, `c ? d : e`, `x?.y`) store their result into one temporary from several
 *   blocks, which then needs a phi.
 * - Each instruction is one statement: it reads the operands enterSSA renames, then writes its
 *   lvalues. A terminal that reads anything (`if`, `return`, `switch`, the catch binding of
 *   `try`) is one more statement at the end of its block.
 * - Edges are the terminals' successors (`eachTerminalSuccessor`), so exception edges run from
 *   every `maybe-throw` to its handler, and labelled break and continue are the `goto`s the HIR
 *   has. Predecessors keep the HIR's order; a block reached twice from one terminal (two switch
 *   cases) has two edges, and a phi's one operand for that predecessor stands for both.
 * - The entry block starts with up to three statements: the uninitialised definition of every
 *   variable the function reads (enterSSA's answer to a read no definition reaches is the
 *   variable's identifier from before SSA; in a nested function, what the lookup finds in the
 *   enclosing function, `EntryValues`), the captured variables of a nested function (its
 *   `context`, whose SSA identifiers the enclosing function chose where it created the closure),
 *   and the parameters.
 * - A context variable (captured by a closure and reassigned: `DeclareContext`,
 *   `StoreContext`, `LoadContext`) is memory. The compiler never defines it, and reads and
 *   writes of its value go through the box; the identifier that names the box is what enterSSA
 *   renames, as an operand. So it is a variable whose only definition is the uninitialised one
 *   at the entry, and every reference to its box must be that definition (`equiv`).
 * - Nested function expressions and object methods are functions of their own; the enclosing
 *   function reads their captured variables where it creates them (the compiler's operands of
 *   `FunctionExpression`), and what their entries take from there (`EntryValues`): enterSSA
 *   resolves a nested function's read that none of its definitions reaches in the enclosing
 *   function, through the creating block.
 */
import type { AdapterFailure, FunctionPair, RefinedValue, StatementPlace } from "../adapter.js";
import type { BlockDoc, FunctionDoc, PhiDoc, StmtDoc } from "../../io/format.js";
import type { SnapBlock, SnapFunction, SnapPhi, SnapStmt, SnapUnit } from "./hir.js";

export const SAME_INSTRUCTIONS = "same_instructions";

/** A function the adapter could pair, or the reason it could not. */
export type PairResult = { kind: "pair"; pair: FunctionPair } | { kind: "unmappable"; name: string; line: number; reason: string };

export const blockName = (id: number): string => `bb${id}`;

export function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** `x$12`, `#t43$43`, `$7`: the compiler's printed form (printIdentifier). */
export function printed(names: Map<number, string>, id: number): string {
  return `${names.get(id) ?? ""}$${id}`;
}

/** The variables of the original CFG, named after their declaration. */
class VariableNames {
  private readonly byDecl = new Map<number, string>();
  /** variable -> its identifier before SSA, the one enterSSA answers a read nothing defines with */
  readonly identifier = new Map<string, number>();
  constructor(private readonly unit: SnapUnit) {}
  of(id: number): string {
    const decl = this.unit.declarations.get(id)!;
    let name = this.byDecl.get(decl);
    if (name === undefined) {
      name = `${this.unit.names.get(id) ?? ""}$${decl}`;
      this.byDecl.set(decl, name);
      this.identifier.set(name, id);
    }
    return name;
  }
}

/**
 * Predecessors with the multiplicity of the terminals' edges, in the HIR's order of `preds`; a
 * disagreement between the two is reported.
 */
export function predecessorLists(fn: SnapFunction, failures: AdapterFailure[]): Map<number, number[]> {
  const blocks = fn.blocks;
  const position = new Map<number, number>();
  for (let i = 0; i < blocks.length; i++) position.set(blocks[i].id, i);
  // per block, the blocks whose terminals lead to it, once per edge, in the terminals' order
  const incoming: number[][] = [];
  for (let i = 0; i < blocks.length; i++) incoming.push([]);
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    const succs = b.terminal.succs;
    for (let k = 0; k < succs.length; k++) {
      const j = position.get(succs[k]);
      if (j === undefined) failures.push({ block: blockName(b.id), line: b.terminal.line, message: `terminal ${b.terminal.kind} leads to bb${succs[k]}, which is not a block of the function` });
      else incoming[j].push(b.id);
    }
  }
  const out = new Map<number, number[]>();
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    const edges = incoming[i];
    // the HIR's order, each predecessor as often as the terminals lead from it (its `preds` is a
    // set: no repeats); they agree iff every edge is counted and every predecessor has one
    // (by scans where there are few edges, as nearly always; counted in a map past SCAN_LIMIT)
    const counted = edges.length > SCAN_LIMIT ? edgeCounts(edges) : undefined;
    const list: number[] = [];
    let agree = true;
    for (let k = 0; k < b.preds.length; k++) {
      const p = b.preds[k];
      const before = list.length;
      if (counted !== undefined) for (let c = counted.get(p) ?? 0; c > 0; c--) list.push(p);
      else for (let e = 0; e < edges.length; e++) if (edges[e] === p) list.push(p);
      if (list.length === before) agree = false;
    }
    if (agree && list.length === edges.length) {
      out.set(b.id, list);
      continue;
    }
    const fromTerminals = counted ?? edgeCounts(edges);
    failures.push({
      block: blockName(b.id),
      line: b.terminal.line,
      message: `the HIR's predecessors of bb${b.id} (${b.preds.map(blockName).join(", ") || "none"}) are not the blocks whose terminals lead to it (${[...fromTerminals.keys()].map(blockName).join(", ") || "none"})`,
    });
    // the terminals decide: they are the program's control flow
    out.set(b.id, [...fromTerminals].flatMap(([p, k]) => Array<number>(k).fill(p)));
  }
  return out;
}

/** How many of the edges come from each block, in order of first edge. */
function edgeCounts(edges: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (let e = 0; e < edges.length; e++) counts.set(edges[e], (counts.get(edges[e]) ?? 0) + 1);
  return counts;
}

/** The blocks reachable from the entry along the terminals' edges (iteratively: no recursion). */
export function reachableBlocks(fn: SnapFunction): Set<number> {
  const succs = new Map<number, number[]>();
  for (let i = 0; i < fn.blocks.length; i++) succs.set(fn.blocks[i].id, fn.blocks[i].terminal.succs);
  const seen = new Set<number>([fn.entry]);
  const stack = [fn.entry];
  while (stack.length > 0) {
    const next = succs.get(stack.pop()!);
    if (next === undefined) continue;
    for (let k = 0; k < next.length; k++) {
      const s = next[k];
      if (!seen.has(s) && succs.has(s)) {
        seen.add(s);
        stack.push(s);
      }
    }
  }
  return seen;
}

/**
 * The variables a function reads, in order of first read: those its entry takes from where it
 * starts (the uninitialised definitions, or for a nested function the values at its creation).
 * A statement creating a nested function reads what that function's entry takes (`childRead`).
 */
function readVariables(fn: SnapFunction, reachable: Set<number>, vars: VariableNames, defined: Set<string>, childRead: (child: number) => readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const read = (v: string) => {
    if (!seen.has(v) && !defined.has(v)) out.push(v);
    seen.add(v);
  };
  // indexed loops on the per-statement paths: the validator runs cold in a build, where the
  // interpreter pays for every iterator and destructuring (measured: docs/performance.md)
  const blocks = fn.blocks;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (!reachable.has(b.id)) continue;
    const stmts = b.stmts;
    for (let k = 0; k < stmts.length; k++) {
      const s = stmts[k];
      const uses = s.uses;
      for (let j = 0; j < uses.length; j++) read(vars.of(uses[j]));
      if (s.child !== undefined) {
        const taken = childRead(s.child);
        for (let j = 0; j < taken.length; j++) read(taken[j]);
      }
    }
    const tuses = b.terminal.uses;
    for (let j = 0; j < tuses.length; j++) read(vars.of(tuses[j]));
  }
  return out;
}

interface Sides {
  before: SnapFunction;
  after: SnapFunction;
  beforeUnit: SnapUnit;
  afterUnit: SnapUnit;
  /** The stage's entry values of every function of the unit (`entryValues`), by index. */
  entries: ReadonlyArray<EntryValues | undefined>;
  /** The shared part of every function of the unit, by index. */
  shares: ReadonlyArray<Shared | undefined>;
  /** The function's index in the unit. */
  index: number;
}

/**
 * What a nested function's entry takes from where it is created, at one stage: per variable of
 * its `read`, the SSA identifier its reads resolve to there. enterSSA gives a nested function's
 * entry block the block creating it as a predecessor while it renames the function
 * (`entry.preds.add(blockId)` in EnterSSA.ts), so a read that no definition of the nested function
 * reaches resolves in the enclosing function: to the variable's identifier from before SSA when
 * nothing defines it there either, or to the enclosing function's value at the creation, a phi it
 * may place for the lookup on the way (a context variable declared in a closure that is created in
 * a loop: the loop header gets a phi of the closure's own variable). The creating statement reads
 * those values, so the enclosing function's checks decide that each is its value there.
 */
type EntryValues = ReadonlyMap<string, number>;

/** The variable an SSA identifier renames (its declaration's), named as the original names it. */
function ssaVariable(beforeUnit: SnapUnit, afterUnit: SnapUnit, id: number): string {
  const decl = afterUnit.declarations.get(id)!;
  return `${beforeUnit.names.get(decl) ?? afterUnit.names.get(id) ?? ""}$${decl}`;
}

/**
 * The entry values of function `i` at a stage (its children's already known): the identifiers its
 * SSA reads but does not define (phi operands, operands, terminal operands, and what its
 * children's entries take at their creation), the first of each variable of `read`. The compiled
 * function itself has no enclosing function: its entry takes the identifiers from before SSA.
 */
function entryValuesOf(i: number, after: SnapFunction, unit: { before: SnapUnit; after: SnapUnit }, sh: Shared, entries: ReadonlyArray<EntryValues | undefined>, shares: ReadonlyArray<Shared | undefined>): EntryValues {
  const out = new Map<string, number>();
  if (after.parent < 0) return out;
  const defined = new Set<number>(after.params);
  for (let j = 0; j < after.context.length; j++) defined.add(after.context[j]);
  const blocks = after.blocks;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (!sh.reachable.has(b.id)) continue;
    for (let p = 0; p < b.phis.length; p++) defined.add(b.phis[p].def);
    for (let k = 0; k < b.stmts.length; k++) {
      const defs = b.stmts[k].defs;
      for (let j = 0; j < defs.length; j++) defined.add(defs[j]);
    }
  }
  const wanted = new Set(sh.free);
  const use = (id: number) => {
    if (defined.has(id)) return;
    const v = ssaVariable(unit.before, unit.after, id);
    if (wanted.has(v) && !out.has(v)) out.set(v, id);
  };
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (!sh.reachable.has(b.id)) continue;
    for (let p = 0; p < b.phis.length; p++) {
      const ops = b.phis[p].operands;
      for (let j = 0; j < ops.length; j++) use(ops[j][1]);
    }
    for (let k = 0; k < b.stmts.length; k++) {
      const st = b.stmts[k];
      for (let j = 0; j < st.uses.length; j++) use(st.uses[j]);
      if (st.child !== undefined) {
        const ids = childEntryIds(st.child, entries, shares);
        for (let j = 0; j < ids.length; j++) use(ids[j]);
      }
    }
    const tuses = b.terminal.uses;
    for (let j = 0; j < tuses.length; j++) use(tuses[j]);
  }
  return out;
}

/** What the entry of nested function `child` takes, as SSA identifiers, in the order of its `read`. */
function childEntryIds(child: number, entries: ReadonlyArray<EntryValues | undefined>, shares: ReadonlyArray<Shared | undefined>): number[] {
  const sh = shares[child];
  if (sh === undefined) return [];
  const e = entries[child];
  return sh.free.map((v) => e?.get(v) ?? sh.vars.identifier.get(v)!);
}

/** What a function's pairs at every stage share: computed from the HIR before SSA, once. */
interface Shared {
  vars: VariableNames;
  preds: Map<number, number[]>;
  predFailures: AdapterFailure[];
  reachable: Set<number>;
  read: string[];
  /**
   * The variables of `read` that the function never defines (nor takes as parameters or
   * captured context): what its entry may take from where it is created (`EntryValues`), and
   * what the statement creating it reads. Variables it defines are declared before they are read
   * (JavaScript's scoping; the compiler gives up on a read before a later definition).
   */
  free: string[];
  uninitialised: StatementPlace[];
  /** The original document, built with the first stage's pair. */
  original?: FunctionDoc;
}

function shared(before: SnapFunction, vars: VariableNames, childRead: (child: number) => readonly string[]): Shared {
  const predFailures: AdapterFailure[] = [];
  const preds = predecessorLists(before, predFailures);
  // the HIR keeps blocks no edge reaches (the fallthrough of a try whose every path returns):
  // their code never runs, so they are left out, with their edges into reachable blocks
  const reachable = reachableBlocks(before);
  const defined = new Set<string>();
  for (let j = 0; j < before.params.length; j++) defined.add(vars.of(before.params[j]));
  for (let j = 0; j < before.context.length; j++) defined.add(vars.of(before.context[j]));
  const read = readVariables(before, reachable, vars, defined, childRead);
  const definedHere = new Set<string>();
  const blocks = before.blocks;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (!reachable.has(b.id)) continue;
    for (let k = 0; k < b.stmts.length; k++) {
      const defs = b.stmts[k].defs;
      for (let j = 0; j < defs.length; j++) definedHere.add(vars.of(defs[j]));
    }
  }
  const free = read.filter((v) => !definedHere.has(v));
  const uninitialised = read.map((v) => ({ variable: v, block: blockName(before.entry), stmt: 0 }));
  return { vars, preds, predFailures, reachable, read, free, uninitialised };
}

/**
 * The pair of one function at one stage (both sides mappable). A class of small methods rather
 * than one big function: V8 optimises each method on its own, where one big function cost its
 * optimising compiler tens of milliseconds per compilation in a build (--trace-opt).
 */
class StagePairing {
  readonly failures: AdapterFailure[];
  private readonly buildOriginal: boolean;
  /** A dictionary from the start: no hidden-class transition per name, `__proto__` an ordinary key. */
  readonly ssaVars: Record<string, string> = Object.create(null) as Record<string, string>;
  /** Each SSA identifier is named, and mapped to its variable, once. */
  private readonly valNames = new Map<number, string>();
  readonly origBlocks: BlockDoc[] = [];
  readonly ssaBlocks: BlockDoc[] = [];
  phis = 0;
  instructions = 0;
  unreachable = 0;
  /** The entry's statements before its instructions. */
  private readonly entryOrig: StmtDoc[] = [];
  private readonly entrySsa: StmtDoc[] = [];

  private readonly sh: Shared;

  constructor(private readonly sides: Sides) {
    const sh = (this.sh = sides.shares[sides.index]!);
    this.failures = [...sh.predFailures];
    this.buildOriginal = sh.original === undefined;
  }

  private fail(block: number, line: number, message: string): void {
    this.failures.push({ block: blockName(block), line, message });
  }

  private val(id: number): string {
    return printed(this.sides.afterUnit.names, id);
  }

  private readonly varOfVal = (id: number): string => {
    let name = this.valNames.get(id);
    if (name === undefined) {
      name = this.val(id);
      // the SSA identifier renames the variable of its declaration
      this.ssaVars[name] = ssaVariable(this.sides.beforeUnit, this.sides.afterUnit, id);
      this.valNames.set(id, name);
    }
    return name;
  };

  private readonly varOf = (id: number): string => this.sh.vars.of(id);

  /**
   * The SSA name of what an entry takes for variable `v` (of function `index`'s `read`): its
   * entry value at this stage, or the identifier from before SSA.
   */
  private entryName(index: number, v: string): string {
    const u = this.sides.entries[index]?.get(v);
    const name = u !== undefined ? this.val(u) : printed(this.sides.beforeUnit.names, this.sh.vars.identifier.get(v)!);
    this.ssaVars[name] = v;
    return name;
  }

  /** What the function's entry takes from where it starts, the captured context and the parameters. */
  entry(): void {
    const { before, after } = this.sides;
    const { read } = this.sh;
    if (read.length > 0) {
      this.entryOrig.push({ defs: read, uses: [] });
      this.entrySsa.push({ defs: read.map((v) => this.entryName(this.sides.index, v)), uses: [] });
    }
    for (const [what, b, a] of [["captured context", before.context, after.context], ["parameters", before.params, after.params]] as const) {
      if (b.length === 0 && a.length === 0) continue;
      if (b.length !== a.length) this.fail(before.entry, before.line, `the ${what} changed from ${b.length} to ${a.length} places`);
      this.entryOrig.push({ defs: b.map(this.varOf), uses: [] });
      this.entrySsa.push({ defs: a.map(this.varOfVal), uses: [] });
    }
  }

  /** One block of the function before SSA, with the same block after (if there is one). */
  block(b: SnapBlock, a: SnapBlock | undefined): void {
    const { before } = this.sides;
    const { preds, reachable } = this.sh;
    const ps = preds.get(b.id)!.filter((p) => reachable.has(p));
    const orig: BlockDoc = { id: blockName(b.id), preds: ps.map(blockName), stmts: b.id === before.entry ? [...this.entryOrig] : [] };
    const ssa: BlockDoc = { id: blockName(b.id), preds: ps.map(blockName), phis: [], stmts: b.id === before.entry ? [...this.entrySsa] : [] };
    const live = reachable.has(b.id);
    if (live) {
      this.origBlocks.push(orig);
      this.ssaBlocks.push(ssa);
    } else this.unreachable++;
    if (b.phis.length > 0) this.fail(b.id, b.terminal.line, `bb${b.id} has phis before enterSSA`);
    if (a === undefined) return;
    for (let k = 0; k < a.phis.length; k++) this.phi(b, a.phis[k], ps, live, ssa.phis as PhiDoc[]);
    this.statements(b, a, orig.stmts!, ssa.stmts!);
    this.terminal(b, a, orig.stmts!, ssa.stmts!);
  }

  /** A phi, its operands in the order of the edges. */
  private phi(b: SnapBlock, phi: SnapPhi, ps: readonly number[], live: boolean, out: PhiDoc[]): void {
    if (live) this.phis++;
    const ops = phi.operands;
    // a phi has about as many operands as its block has predecessors, mostly two: scans, no
    // map or set per phi, unless there are many
    const byPred = ops.length > SCAN_LIMIT ? new Map(ops) : undefined;
    const args: string[] = [];
    for (let k = 0; k < ps.length; k++) {
      const p = ps[k];
      const o = byPred !== undefined ? byPred.get(p) : operandFor(ops, p);
      if (o === undefined) this.fail(b.id, b.terminal.line, `phi ${this.val(phi.def)} has no operand for predecessor bb${p}`);
      else args.push(this.varOfVal(o));
    }
    const all = this.sh.preds.get(b.id)!;
    const predSet = all.length > SCAN_LIMIT ? new Set(all) : undefined;
    for (let k = 0; k < ops.length; k++) {
      const p = ops[k][0];
      if (!(predSet !== undefined ? predSet.has(p) : all.includes(p))) this.fail(b.id, b.terminal.line, `phi ${this.val(phi.def)} has an operand for bb${p}, which is not a predecessor`);
    }
    out.push({ def: this.varOfVal(phi.def), args });
  }

  /** The instructions, one statement each, paired in order. */
  private statements(b: SnapBlock, a: SnapBlock, orig: StmtDoc[], ssa: StmtDoc[]): void {
    if (a.stmts.length !== b.stmts.length) this.fail(b.id, b.terminal.line, `bb${b.id} had ${b.stmts.length} instructions and has ${a.stmts.length}`);
    const n = Math.min(a.stmts.length, b.stmts.length);
    for (let i = 0; i < n; i++) {
      const sb = b.stmts[i];
      const sa = a.stmts[i];
      this.instructions++;
      if (sb.kind !== sa.kind || sb.uses.length !== sa.uses.length || sb.defs.length !== sa.defs.length || sb.child !== sa.child)
        this.fail(b.id, sb.line, `instruction ${i} of bb${b.id} changed: ${sb.kind} reading ${sb.uses.length} and writing ${sb.defs.length} before, ${sa.kind} reading ${sa.uses.length} and writing ${sa.defs.length} after`);
      const oUses = this.buildOriginal ? sb.uses.map(this.varOf) : [];
      const sUses = sa.uses.map(this.varOfVal);
      // creating a nested function reads what its entry takes (`EntryValues`)
      const child = sa.child !== undefined && sa.child === sb.child ? this.sides.shares[sa.child] : undefined;
      if (child !== undefined)
        for (const v of child.free) {
          if (this.buildOriginal) oUses.push(v);
          sUses.push(this.entryName(sa.child!, v));
        }
      // statements are { defs, uses } everywhere (one object shape for the code that reads them),
      // each list made in the order it always was
      if (this.buildOriginal) {
        const oDefs = sb.defs.map(this.varOf);
        orig.push({ defs: oDefs, uses: oUses });
      }
      const sDefs = sa.defs.map(this.varOfVal);
      ssa.push({ defs: sDefs, uses: sUses });
    }
  }

  /** The terminal: the same kind and successors; a statement where it reads anything. */
  private terminal(b: SnapBlock, a: SnapBlock, orig: StmtDoc[], ssa: StmtDoc[]): void {
    const tb = b.terminal;
    const ta = a.terminal;
    if (tb.kind !== ta.kind || !sameNumbers(tb.succs, ta.succs) || tb.uses.length !== ta.uses.length)
      this.fail(b.id, tb.line, `the terminal of bb${b.id} changed: ${tb.kind} to ${tb.succs.map(blockName).join(", ")} before, ${ta.kind} to ${ta.succs.map(blockName).join(", ")} after`);
    if (tb.uses.length > 0 || ta.uses.length > 0) {
      if (this.buildOriginal) orig.push({ defs: [], uses: tb.uses.map(this.varOf) });
      ssa.push({ defs: [], uses: ta.uses.map(this.varOfVal) });
    }
  }
}

/** Up to this many operands or predecessors a phi's lookups scan its lists. */
export const SCAN_LIMIT = 8;

/** A phi's operand for a predecessor, by a scan: the last one listed, as a map built from the list keeps it. */
export function operandFor(ops: ReadonlyArray<readonly [number, number]>, pred: number): number | undefined {
  let found: number | undefined;
  for (let i = 0; i < ops.length; i++) if (ops[i][0] === pred) found = ops[i][1];
  return found;
}

/** The pair of one function at one stage (both sides mappable). */
function pairOf(sides: Sides): FunctionPair {
  const { before, after } = sides;
  const sh = sides.shares[sides.index]!;
  const p = new StagePairing(sides);
  p.entry();
  const afterBlocks = new Map<number, SnapBlock>();
  for (let i = 0; i < after.blocks.length; i++) afterBlocks.set(after.blocks[i].id, after.blocks[i]);
  if (after.blocks.length !== before.blocks.length || before.blocks.some((b) => !afterBlocks.has(b.id)))
    p.failures.push({
      block: blockName(before.entry),
      line: before.line,
      message: `the blocks changed: ${before.blocks.map((b) => blockName(b.id)).join(" ")} before, ${after.blocks.map((b) => blockName(b.id)).join(" ")} after`,
    });
  for (let i = 0; i < before.blocks.length; i++) p.block(before.blocks[i], afterBlocks.get(before.blocks[i].id));
  const name = before.name;
  sh.original ??= { kind: "cfg", name, entry: blockName(before.entry), blocks: p.origBlocks };
  return {
    name,
    original: sh.original,
    ssa: { kind: "ssa", name, entry: blockName(before.entry), blocks: p.ssaBlocks, vars: p.ssaVars },
    uninitialised: sh.uninitialised,
    checks: [{ property: SAME_INSTRUCTIONS, failures: p.failures }],
    // every SSA identifier is defined where the compiler defines it (its instruction, its phi, the entry's uninitialised definitions)
    exactDefinitions: true,
    refinedValue: javascriptRefinement,
    blockLines: () => blockLines(before),
    phis: p.phis,
    differences: [],
    stats: { blocks: before.blocks.length - p.unreachable, instructions: p.instructions, unreachable_blocks: p.unreachable },
  };
}

/** Each block's source lines: from its first to its last instruction or terminal the compiler placed (line 0: made up, left out). */
function blockLines(f: SnapFunction): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const b of f.blocks) {
    let lo = Infinity;
    let hi = 0;
    for (const line of [...b.stmts.map((s) => s.line), b.terminal.line])
      if (line > 0) {
        lo = Math.min(lo, line);
        hi = Math.max(hi, line);
      }
    if (hi > 0) out[blockName(b.id)] = [lo, hi];
  }
  return out;
}

export function sameMap<K, V>(a: ReadonlyMap<K, V>, b: ReadonlyMap<K, V>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  // forEach, not an iterator per entry (see readVariables)
  let same = true;
  a.forEach((v, k) => {
    if (same && b.get(k) !== v) same = false;
  });
  return same;
}


/**
 * Whether two snapshots of a function say the same to the pairing: the same blocks, phis,
 * statements and terminals over the same identifiers. (Identifiers are the compiler's objects'
 * ids: the same id names the same identifier, with the same declaration and name, in both.)
 */
export function sameSnapshot(a: SnapFunction, b: SnapFunction): boolean {
  if (a.entry !== b.entry || a.blocks.length !== b.blocks.length || !sameNumbers(a.params, b.params) || !sameNumbers(a.context, b.context)) return false;
  for (let k = 0; k < a.blocks.length; k++) {
    const x = a.blocks[k];
    const y = b.blocks[k];
    if (x.id !== y.id || x.phis.length !== y.phis.length || x.stmts.length !== y.stmts.length) return false;
    for (let p = 0; p < x.phis.length; p++) {
      const u = x.phis[p];
      const v = y.phis[p];
      if (u.def !== v.def || u.operands.length !== v.operands.length) return false;
      for (let j = 0; j < u.operands.length; j++) if (u.operands[j][0] !== v.operands[j][0] || u.operands[j][1] !== v.operands[j][1]) return false;
    }
    for (let t = 0; t < x.stmts.length; t++) {
      const u = x.stmts[t];
      const v = y.stmts[t];
      if (u.kind !== v.kind || u.child !== v.child || !sameNumbers(u.uses, v.uses) || !sameNumbers(u.defs, v.defs)) return false;
    }
    if (x.terminal.kind !== y.terminal.kind || !sameNumbers(x.terminal.succs, y.terminal.succs) || !sameNumbers(x.terminal.uses, y.terminal.uses)) return false;
  }
  return true;
}

/**
 * Every function of a compiled unit (the compiled function and those nested in it), paired
 * between a snapshot before enterSSA and each snapshot after a later pass: per function, one
 * pair per stage, all on the same original document. A stage that left a function exactly as
 * the stage before it (EliminateRedundantPhi with no phi to remove) gets that stage's very pair
 * object, so that the library validates it once.
 */
export function pairsOf(before: SnapUnit, stages: readonly SnapUnit[]): PairResult[][] {
  const n = before.functions.length;
  // names and declarations are read by id: a stage can reuse its predecessor's pairs only when they agree
  const sameIds = stages.map((u, k) => k > 0 && sameMap(stages[k - 1].names, u.names) && sameMap(stages[k - 1].declarations, u.declarations));
  // a function's shared part and entry values need its children's (what their entries take is
  // read where they are created): nested functions come after their parents, so from the last
  const shares: Array<Shared | undefined> = new Array(n).fill(undefined);
  // one naming of variables for the unit: an enclosing function names what its nested ones take
  const vars = new VariableNames(before);
  for (let i = n - 1; i >= 0; i--) {
    const b = before.functions[i];
    if (b.unmappable === undefined) shares[i] = shared(b, vars, (c) => shares[c]?.free ?? []);
  }
  const mappable = (i: number, after: SnapUnit): SnapFunction | undefined => {
    const a = after.functions[i] as SnapFunction | undefined;
    return shares[i] !== undefined && a !== undefined && a.unmappable === undefined && a.name === before.functions[i].name ? a : undefined;
  };
  const entries = stages.map((after) => {
    const e: Array<EntryValues | undefined> = new Array(n).fill(undefined);
    for (let i = n - 1; i >= 0; i--) {
      const a = mappable(i, after);
      if (a !== undefined) e[i] = entryValuesOf(i, a, { before, after }, shares[i]!, e, shares);
    }
    return e;
  });
  const out: PairResult[][] = [];
  for (let i = 0; i < n; i++) {
    const b = before.functions[i];
    const results: PairResult[] = [];
    for (let k = 0; k < stages.length; k++) {
      const after = stages[k];
      const a = after.functions[i] as SnapFunction | undefined;
      const reason = b.unmappable ?? a?.unmappable ?? (a === undefined || a.name !== b.name ? `${b.name}: no such function after SSA` : undefined);
      if (reason !== undefined) {
        results.push({ kind: "unmappable", name: b.name, line: b.line, reason });
        continue;
      }
      const previous = results[k - 1];
      if (previous?.kind === "pair" && sameIds[k] && sameSnapshot(stages[k - 1].functions[i], a!) && sameEntries(entries[k - 1], entries[k], i, a!)) {
        results.push(previous);
        continue;
      }
      results.push({ kind: "pair", pair: pairOf({ before: b, after: a!, beforeUnit: before, afterUnit: after, entries: entries[k], shares, index: i }) });
    }
    out.push(results);
  }
  return out;
}

/** Whether two stages give function `i` and the functions it creates the same entry values. */
function sameEntries(x: ReadonlyArray<EntryValues | undefined>, y: ReadonlyArray<EntryValues | undefined>, i: number, fn: SnapFunction): boolean {
  const same = (j: number) => (x[j] === undefined) === (y[j] === undefined) && (x[j] === undefined || sameMap(x[j]!, y[j]!));
  if (!same(i)) return false;
  for (let i = 0; i < fn.blocks.length; i++) {
    const stmts = fn.blocks[i].stmts;
    for (let k = 0; k < stmts.length; k++) if (stmts[k].child !== undefined && !same(stmts[k].child!)) return false;
  }
  return true;
}

/**
 * Under `--undef refine`, what an uninitialised read became, judged by JavaScript's semantics:
 * a variable declared without a value reads `undefined`, and one read before its declaration
 * throws a ReferenceError; in a nested function, the entry's definition is the enclosing
 * function's value at the closure's creation. Each is one definite outcome, so no other value
 * refines it: every such use is a suspected miscompilation.
 */
export function javascriptRefinement(valueName: string): RefinedValue {
  return {
    value: valueName,
    unsound: "JavaScript has no undefined value to refine: the read gives undefined, or throws before the declaration",
    clause: "which JavaScript does not allow: an uninitialised read gives undefined (or throws a ReferenceError before its declaration), one definite outcome that no other value refines",
  };
}
