/**
 * Structured programs: a While-like language and its lowering to a reducible CFG.
 *
 * Source: the While instantiation of Formal_SSA (AFP WhileGraphSSA over Slicing/While, see
 * shared/reference/afp-catalog.md 5.5), with two deviations:
 * - statements are abstract: an assignment is `defs := f(uses)` (any number of defs and uses,
 *   as the exchange format's statements), conditions are statements with uses only; there are
 *   no expressions or values, because the Formal_SSA semantics ignores them (catalog 6.7);
 * - `break` and `continue` (of the innermost loop) are added; they keep the CFG reducible
 *   but give loops several exits and several back edges, which plain While never has.
 * The AFP makes Entry define every used variable (`while_cfg_defs`); `lowerProgram` does the
 * same with the entry block's first statement, unless told not to.
 *
 * Lowering (one pass, explicit stack, O(size)): an assignment appends a statement to the
 * current block; `if (c) S1 else S2` appends the condition statement, opens one block per
 * branch and a join block whose preds are the branch ends that fall through; `while (c) S`
 * opens a header block (the condition, preds: the block before, then the back edges in
 * order), a body block, and an exit block (preds: the header, then the breaks in order);
 * `continue` is a back edge to the header, `break` an edge to the exit. Code after a jump, or
 * after an `if` whose branches both jump, is unreachable and is cut away, so every block is
 * reachable from the entry. Structured control flow with single-level break/continue yields
 * reducible CFGs (a standard fact; the tests check it with an independent reducibility test).
 *
 * Generation is bounded by `maxDepth` (nesting) and `maxSequenceLength` (per statement list),
 * and the result is truncated to `maxStatements` in preorder. It uses fast-check's own
 * combinators only (`oneof`, `array`, `tuple`, `record`, `map`), so shrinking removes
 * statements, turns compound statements into assignments (`withCrossShrink`) and drops defs
 * and uses. It cannot hoist a statement out of its parent, so a counterexample may keep an
 * enclosing if or while or two (7 to 10 blocks where 4 would do).
 */
import fc from "fast-check";
import type { Arbitrary } from "fast-check";
import { FORMAT_VERSION } from "../../io/format.js";
import type { BlockDoc, FunctionDoc, StmtDoc } from "../../io/format.js";
import {
  checkInteger,
  checkWeights,
  orderedSubset,
  variableNames,
  variableSet,
} from "./common.js";

// ---------------------------------------------------------------------------------------------
// The language

/** `defs := f(uses)`. A variable may be both used and defined (`x := x + 1`). */
export interface AssignStmt {
  kind: "assign";
  defs: string[];
  uses: string[];
}
/** `if (cond) then else else_`; the condition only reads `cond`. */
export interface IfStmt {
  kind: "if";
  cond: string[];
  then: Stmt[];
  else: Stmt[];
}
/** `while (cond) body`; the condition is tested before every iteration. */
export interface WhileStmt {
  kind: "while";
  cond: string[];
  body: Stmt[];
}
/** Leave the innermost loop. */
export interface BreakStmt {
  kind: "break";
}
/** Jump to the condition of the innermost loop. */
export interface ContinueStmt {
  kind: "continue";
}
/** A statement. A sequence (`c1;; c2`) is a list `Stmt[]`; the empty list is `Skip`. */
export type Stmt = AssignStmt | IfStmt | WhileStmt | BreakStmt | ContinueStmt;

/** A whole program: its variables (in the order used for the entry definitions) and its body. */
export interface Program {
  vars: string[];
  body: Stmt[];
}

// ---------------------------------------------------------------------------------------------
// Constraints

/** Relative weights of the statement kinds (integers; `break`/`continue` only inside loops). */
export interface StatementWeights {
  assign?: number;
  if?: number;
  while?: number;
  break?: number;
  continue?: number;
}

/**
 * How definite assignment (CFG_wf `defAss`) is guaranteed:
 * - `"entry"`: the entry block's first statement defines every used variable (as the AFP
 *   While instance makes Entry do);
 * - `"by-construction"`: no entry definitions; a use is generated (kept) only where its
 *   variable is definitely assigned.
 */
export type DefiniteAssignment = "entry" | "by-construction";

export interface StructuredProgramConstraints {
  /**
   * Number of variables, named `a`, `b`, `c`, ...
   * @defaultValue 4: few enough that the same variable is assigned on several paths (phis)
   * and used far from its definition, enough that unrelated variables do not interact.
   */
  variableCount?: number;
  /**
   * Upper bound on the statements of the whole program (every assign, if, while, break and
   * continue counts one), enforced by truncating in preorder.
   * @defaultValue 50: a CFG of at most a few dozen blocks, quick to check with the literal
   * definitions of spec/ that enumerate paths; with the other defaults only ~4% of the
   * programs reach it, so truncation rarely distorts the shape.
   */
  maxStatements?: number;
  /**
   * Maximal nesting of if/while.
   * @defaultValue 3: loop nests of depth 3 and ifs inside them; deeper nests rarely find
   * anything the shallower ones miss but blow up the size.
   */
  maxDepth?: number;
  /**
   * Maximal length of a statement list (a branch, a loop body). The program body is such a
   * list, one core statement, and another such list; the core statement is an if or a while
   * `CORE_COMPOUND_ODDS` times as often as an assignment, so that few programs are a single
   * straight-line block (a plain list would give 30%, or, with a minimum length, would stop
   * fast-check's shrinker from dropping the last statement). The prefix and suffix shrink
   * to nothing, the core to an assignment.
   * @defaultValue 3: with the default weights programs average about 18 statements and 21
   * blocks; 4 already doubles that, as every level multiplies the size.
   */
  maxSequenceLength?: number;
  /**
   * Bounds on the defs of one assignment.
   * @defaultValue 1 and 2: mostly `x := e`; two defs (a call returning a pair) exercise the
   * statement splitting of FORMAT.md. Set the minimum to 0 to get use-only statements.
   */
  minDefsPerStatement?: number;
  maxDefsPerStatement?: number;
  /**
   * Maximal uses of one assignment or condition.
   * @defaultValue 2: enough for `x := y op z`, and with 4 variables about a third of the
   * assignments read the variable they write.
   */
  maxUsesPerStatement?: number;
  /**
   * Statement kind weights.
   * @defaultValue `{assign: 4, if: 2, while: 2, break: 1, continue: 1}`: about half the
   * statements are assignments, so blocks have definitions between the joins; if and while
   * are equally likely, so most programs have a loop; break and continue are rarer because
   * each ends its statement list (what follows is dead) and too many make loops trivial.
   */
  weights?: StatementWeights;
  /** @defaultValue "entry", as the AFP While instance. */
  definiteAssignment?: DefiniteAssignment;
}

/** How much likelier the program's core statement is an if or while than an assignment. */
export const CORE_COMPOUND_ODDS = 8;

const DEFAULTS: Required<Omit<StructuredProgramConstraints, "weights">> & { weights: Required<StatementWeights> } = {
  variableCount: 4,
  maxStatements: 50,
  maxDepth: 3,
  maxSequenceLength: 3,
  minDefsPerStatement: 1,
  maxDefsPerStatement: 2,
  maxUsesPerStatement: 2,
  weights: { assign: 4, if: 2, while: 2, break: 1, continue: 1 },
  definiteAssignment: "entry",
};

type ResolvedConstraints = typeof DEFAULTS;

function resolve(c: StructuredProgramConstraints): ResolvedConstraints {
  const r: ResolvedConstraints = {
    ...DEFAULTS,
    ...c,
    weights: { ...DEFAULTS.weights, ...c.weights },
  };
  const who = "structuredProgram";
  checkInteger(who, "variableCount", r.variableCount, 0);
  checkInteger(who, "maxStatements", r.maxStatements, 0);
  checkInteger(who, "maxDepth", r.maxDepth, 0);
  checkInteger(who, "maxSequenceLength", r.maxSequenceLength, 0);
  checkInteger(who, "minDefsPerStatement", r.minDefsPerStatement, 0);
  checkInteger(who, "maxDefsPerStatement", r.maxDefsPerStatement, r.minDefsPerStatement);
  checkInteger(who, "maxUsesPerStatement", r.maxUsesPerStatement, 0);
  checkWeights(who, "weights", { ...r.weights });
  if (r.weights.assign <= 0) throw new RangeError(`${who}: weights.assign must be positive`);
  if (r.definiteAssignment !== "entry" && r.definiteAssignment !== "by-construction") {
    throw new RangeError(`${who}: definiteAssignment must be "entry" or "by-construction"`);
  }
  return r;
}

// ---------------------------------------------------------------------------------------------
// Generation

/**
 * Arbitrary structured programs. Every `break`/`continue` is inside a loop, nothing follows
 * a jump in its statement list, and the program has at most `maxStatements` statements.
 * With `definiteAssignment: "by-construction"`, every use is definitely assigned without
 * entry definitions (see `restrictToDefinitelyAssigned`).
 */
export function structuredProgram(constraints: StructuredProgramConstraints = {}): Arbitrary<Program> {
  const c = resolve(constraints);
  const vars = variableNames(c.variableCount);
  const defsArb = variableSet(vars, c.minDefsPerStatement, c.maxDefsPerStatement);
  const usesArb = variableSet(vars, 0, c.maxUsesPerStatement);
  const assign: Arbitrary<Stmt> = fc.record({ kind: fc.constant("assign" as const), defs: defsArb, uses: usesArb });
  const jumps = {
    break: fc.constant<Stmt>({ kind: "break" }),
    continue: fc.constant<Stmt>({ kind: "continue" }),
  };

  // Statement lists by remaining depth and loop context. The recursion here is over
  // `maxDepth` (a constraint), not over generated values; each list arbitrary is built once.
  const stmts = new Map<string, Arbitrary<Stmt>>();
  const lists = new Map<string, Arbitrary<Stmt[]>>();
  const listArb = (depth: number, inLoop: boolean): Arbitrary<Stmt[]> => {
    const key = `${depth}/${inLoop}`;
    const known = lists.get(key);
    if (known !== undefined) return known;
    const list = fc.array(listStmt(depth, inLoop), { maxLength: c.maxSequenceLength }).map(cutAfterJump);
    lists.set(key, list);
    return list;
  };
  /** `core`: the if/while weights are scaled so that they are CORE_COMPOUND_ODDS times the assignment's. */
  const listStmt = (depth: number, inLoop: boolean, core = false): Arbitrary<Stmt> => {
    const key = `${depth}/${inLoop}/${core}`;
    const known = stmts.get(key);
    if (known !== undefined) return known;
    const compound = c.weights.if + c.weights.while;
    const assignWeight = core && compound > 0 ? compound : c.weights.assign;
    const scale = core ? CORE_COMPOUND_ODDS : 1;
    const choices: fc.WeightedArbitrary<Stmt>[] = [{ arbitrary: assign, weight: assignWeight }];
    if (depth > 0) {
      const inner = listArb(depth - 1, inLoop);
      const innerLoop = listArb(depth - 1, true);
      choices.push({
        arbitrary: fc.record({ kind: fc.constant("if" as const), cond: usesArb, then: inner, else: inner }),
        weight: c.weights.if * scale,
      });
      choices.push({
        arbitrary: fc.record({ kind: fc.constant("while" as const), cond: usesArb, body: innerLoop }),
        weight: c.weights.while * scale,
      });
    }
    if (inLoop) {
      choices.push({ arbitrary: jumps.break, weight: c.weights.break });
      choices.push({ arbitrary: jumps.continue, weight: c.weights.continue });
    }
    // Assignments first: cross-shrinking replaces a compound statement by an assignment.
    const stmt = fc.oneof({ withCrossShrink: true }, ...choices);
    stmts.set(key, stmt);
    return stmt;
  };

  // The body is `prefix ++ [core] ++ suffix` (see maxSequenceLength): the core is an if or a
  // while CORE_COMPOUND_ODDS times as often as an assignment, which is what it shrinks to.
  const core = listStmt(c.maxDepth, false, true);
  const side = listArb(c.maxDepth, false);
  const top = fc.tuple(side, core, side).map(([prefix, m, suffix]) => [...prefix, m, ...suffix]);
  const program = top.map((body) => {
    const p: Program = { vars: vars.slice(), body: truncateProgram(body, c.maxStatements) };
    return c.definiteAssignment === "by-construction" ? restrictToDefinitelyAssigned(p) : p;
  });
  return program;
}

/** The list up to and including its first `break`/`continue`: what follows is dead code. */
function cutAfterJump(stmts: Stmt[]): Stmt[] {
  const i = stmts.findIndex((s) => s.kind === "break" || s.kind === "continue");
  return i < 0 ? stmts : stmts.slice(0, i + 1);
}

/** Frame of the tree copies below: copy `src[i..]` into `dst`. */
interface CopyFrame {
  src: readonly Stmt[];
  dst: Stmt[];
  i: number;
}

/**
 * The first `max` statements of `body` in preorder (every statement counts one, an if or
 * while keeps its condition and the kept part of its branches). Explicit stack.
 */
export function truncateProgram(body: readonly Stmt[], max: number): Stmt[] {
  const out: Stmt[] = [];
  const stack: CopyFrame[] = [{ src: body, dst: out, i: 0 }];
  let budget = max;
  while (stack.length > 0) {
    const f = stack[stack.length - 1];
    if (budget === 0 || f.i >= f.src.length) {
      stack.pop();
      continue;
    }
    const s = f.src[f.i++];
    budget--;
    switch (s.kind) {
      case "assign":
        f.dst.push({ kind: "assign", defs: s.defs.slice(), uses: s.uses.slice() });
        break;
      case "break":
      case "continue":
        f.dst.push({ kind: s.kind });
        break;
      case "if": {
        const node: IfStmt = { kind: "if", cond: s.cond.slice(), then: [], else: [] };
        f.dst.push(node);
        stack.push({ src: s.else, dst: node.else, i: 0 });
        stack.push({ src: s.then, dst: node.then, i: 0 });
        break;
      }
      case "while": {
        const node: WhileStmt = { kind: "while", cond: s.cond.slice(), body: [] };
        f.dst.push(node);
        stack.push({ src: s.body, dst: node.body, i: 0 });
        break;
      }
    }
  }
  return out;
}

/** Number of statements of a program, every kind counting one. Explicit stack. */
export function programSize(body: readonly Stmt[]): number {
  let n = 0;
  const stack: (readonly Stmt[])[] = [body];
  while (stack.length > 0) {
    const list = stack.pop()!;
    for (const s of list) {
      n++;
      if (s.kind === "if") stack.push(s.then, s.else);
      else if (s.kind === "while") stack.push(s.body);
    }
  }
  return n;
}

/**
 * Definitely assigned variables at a program point, or `null` where the point is unreachable
 * (after a jump): `null` is the top element, the identity of the meet (intersection).
 */
type Assigned = Set<string> | null;

function meet(a: Assigned, b: Assigned): Assigned {
  if (a === null) return b;
  if (b === null) return a;
  const out = new Set<string>();
  for (const v of a) if (b.has(v)) out.add(v);
  return out;
}

type RestrictFrame =
  | { tag: "seq"; src: readonly Stmt[]; dst: Stmt[]; i: number }
  /** The then-branch is done; `atCond` is what holds after the condition. */
  | { tag: "if-then-done"; node: IfStmt; src: IfStmt; atCond: Set<string> }
  | { tag: "if-else-done"; afterThen: Assigned }
  /** The loop body is done; after the loop holds what held before it. */
  | { tag: "while-done"; before: Set<string> };

/**
 * A copy of `program` without entry definitions in mind: every use that is not definitely
 * assigned is dropped, and dead code (after a jump, or after an `if` whose branches both jump)
 * is cut. The analysis is structural and sound for the lowered CFG: after `if`, the meet of the
 * branches that fall through; at a loop header and after the loop, what held before the loop
 * (the body only adds definitions, and every break leaves with a superset). Explicit stack.
 */
export function restrictToDefinitelyAssigned(program: Program): Program {
  const body: Stmt[] = [];
  let cur: Assigned = new Set<string>();
  const stack: RestrictFrame[] = [{ tag: "seq", src: program.body, dst: body, i: 0 }];
  const keep = (uses: readonly string[], at: Set<string>) => uses.filter((v) => at.has(v));
  while (stack.length > 0) {
    const f = stack[stack.length - 1];
    switch (f.tag) {
      case "seq": {
        if (cur === null || f.i >= f.src.length) {
          stack.pop();
          break;
        }
        const s = f.src[f.i++];
        const at: Set<string> = cur;
        switch (s.kind) {
          case "assign": {
            f.dst.push({ kind: "assign", defs: s.defs.slice(), uses: keep(s.uses, at) });
            const next = new Set(at);
            for (const v of s.defs) next.add(v);
            cur = next;
            break;
          }
          case "break":
          case "continue":
            f.dst.push({ kind: s.kind });
            cur = null;
            break;
          case "if": {
            const node: IfStmt = { kind: "if", cond: keep(s.cond, at), then: [], else: [] };
            f.dst.push(node);
            stack.push({ tag: "if-then-done", node, src: s, atCond: at });
            stack.push({ tag: "seq", src: s.then, dst: node.then, i: 0 });
            break;
          }
          case "while": {
            const node: WhileStmt = { kind: "while", cond: keep(s.cond, at), body: [] };
            f.dst.push(node);
            stack.push({ tag: "while-done", before: at });
            stack.push({ tag: "seq", src: s.body, dst: node.body, i: 0 });
            break;
          }
        }
        break;
      }
      case "if-then-done":
        stack.pop();
        stack.push({ tag: "if-else-done", afterThen: cur });
        cur = f.atCond;
        stack.push({ tag: "seq", src: f.src.else, dst: f.node.else, i: 0 });
        break;
      case "if-else-done":
        stack.pop();
        cur = meet(f.afterThen, cur);
        break;
      case "while-done":
        stack.pop();
        cur = f.before;
        break;
    }
  }
  return { vars: program.vars.slice(), body };
}

// ---------------------------------------------------------------------------------------------
// Lowering

export interface LowerOptions {
  /** The document's `name`. @defaultValue "structured" */
  name?: string;
  /**
   * Prepend to the entry block a statement defining every variable used in the lowered CFG
   * (in the order of `program.vars`), as the AFP's `while_cfg_defs` does for Entry. Turn it off
   * only for programs whose uses are definitely assigned by construction.
   * @defaultValue true
   */
  defineAllAtEntry?: boolean;
}

/** A block under construction: index into the block list; ids are `B<index>`. */
interface Building {
  preds: number[];
  stmts: StmtDoc[];
}

type LowerFrame =
  | { tag: "seq"; stmts: readonly Stmt[]; i: number }
  | { tag: "if-then-done"; elseBlock: number; elseStmts: readonly Stmt[] }
  | { tag: "if-else-done"; thenEnd: number | null }
  | { tag: "while-done"; header: number };

/** The innermost loops, for break and continue. */
interface LoopContext {
  header: number;
  breaks: number[];
}

/**
 * Lowers a structured program to a reducible CFG in `stmts` form (see the module comment).
 * Blocks are numbered in creation order, `B0` is the entry. Linear in the program size; an
 * explicit stack, so 10^5 nested statements are fine. Throws a RangeError for a `break` or
 * `continue` outside a loop.
 */
export function lowerProgram(program: Program, options: LowerOptions = {}): FunctionDoc {
  const name = options.name ?? "structured";
  const defineAllAtEntry = options.defineAllAtEntry ?? true;
  const blocks: Building[] = [{ preds: [], stmts: [] }];
  const newBlock = (preds: number[]): number => {
    blocks.push({ preds, stmts: [] });
    return blocks.length - 1;
  };
  const used = new Set<string>();
  const emit = (b: number, defs: readonly string[], uses: readonly string[]) => {
    for (const v of uses) used.add(v);
    blocks[b].stmts.push({ defs: defs.slice(), uses: uses.slice() });
  };

  /** The block control is in, or null after a jump (the code that follows is dead). */
  let cur: number | null = 0;
  const loops: LoopContext[] = [];
  const stack: LowerFrame[] = [{ tag: "seq", stmts: program.body, i: 0 }];
  while (stack.length > 0) {
    const f = stack[stack.length - 1];
    switch (f.tag) {
      case "seq": {
        if (cur === null || f.i >= f.stmts.length) {
          stack.pop(); // the rest of a list after a jump is cut away
          break;
        }
        const s = f.stmts[f.i++];
        const here: number = cur;
        switch (s.kind) {
          case "assign":
            emit(here, s.defs, s.uses);
            break;
          case "if": {
            emit(here, [], s.cond);
            const thenBlock = newBlock([here]);
            const elseBlock = newBlock([here]);
            stack.push({ tag: "if-then-done", elseBlock, elseStmts: s.else });
            stack.push({ tag: "seq", stmts: s.then, i: 0 });
            cur = thenBlock;
            break;
          }
          case "while": {
            const header = newBlock([here]);
            emit(header, [], s.cond);
            const body = newBlock([header]);
            loops.push({ header, breaks: [] });
            stack.push({ tag: "while-done", header });
            stack.push({ tag: "seq", stmts: s.body, i: 0 });
            cur = body;
            break;
          }
          case "break":
          case "continue": {
            const loop = loops[loops.length - 1];
            if (loop === undefined) throw new RangeError(`lowerProgram: ${s.kind} outside a loop`);
            if (s.kind === "break") loop.breaks.push(here);
            else blocks[loop.header].preds.push(here);
            cur = null;
            break;
          }
        }
        break;
      }
      case "if-then-done":
        stack.pop();
        stack.push({ tag: "if-else-done", thenEnd: cur });
        stack.push({ tag: "seq", stmts: f.elseStmts, i: 0 });
        cur = f.elseBlock;
        break;
      case "if-else-done": {
        stack.pop();
        const ends: number[] = [];
        if (f.thenEnd !== null) ends.push(f.thenEnd);
        if (cur !== null) ends.push(cur);
        cur = ends.length === 0 ? null : newBlock(ends);
        break;
      }
      case "while-done": {
        stack.pop();
        if (cur !== null) blocks[f.header].preds.push(cur); // the back edge from the body's end
        const loop = loops.pop()!;
        cur = newBlock([f.header, ...loop.breaks]);
        break;
      }
    }
  }

  if (defineAllAtEntry && used.size > 0) {
    blocks[0].stmts.unshift({ defs: orderedSubset(program.vars, used), uses: [] });
  }
  const docs: BlockDoc[] = blocks.map((b, i) => ({
    id: `B${i}`,
    preds: b.preds.map((p) => `B${p}`),
    stmts: b.stmts,
  }));
  return { format: FORMAT_VERSION, kind: "cfg", name, entry: "B0", blocks: docs };
}

// ---------------------------------------------------------------------------------------------
// Composition

export interface StructuredCfgConstraints extends StructuredProgramConstraints {
  /** The document's `name`. @defaultValue "structured" */
  name?: string;
}

/** Arbitrary reducible CFGs: `structuredProgram(constraints)` lowered by `lowerProgram`. */
export function structuredCfg(constraints: StructuredCfgConstraints = {}): Arbitrary<FunctionDoc> {
  const { name, ...rest } = constraints;
  const defineAllAtEntry = (constraints.definiteAssignment ?? DEFAULTS.definiteAssignment) === "entry";
  return structuredProgram(rest).map((p) => lowerProgram(p, { name: name ?? "structured", defineAllAtEntry }));
}

// ---------------------------------------------------------------------------------------------
// Printing

/** Indentation stops growing at this nesting depth, so that output stays linear in size. */
export const MAX_PRINT_INDENT = 32;

/**
 * The program as indented pseudo-code (`a, b := f(c)`, `if (a) { ... } else { ... }`), for
 * test comments and counterexample reports. Beyond `MAX_PRINT_INDENT` levels a line starts
 * with its depth (`[40] a := f(b)`) instead of more spaces. Explicit stack.
 */
export function formatProgram(program: Program): string {
  const lines: string[] = [];
  type Item = { stmt: Stmt; indent: number } | { text: string; indent: number };
  const stack: Item[] = [];
  const pushList = (list: readonly Stmt[], indent: number) => {
    for (let i = list.length - 1; i >= 0; i--) stack.push({ stmt: list[i], indent });
  };
  pushList(program.body, 0);
  const f = (vs: readonly string[]) => `f(${vs.join(", ")})`;
  while (stack.length > 0) {
    const item = stack.pop()!;
    const pad =
      item.indent <= MAX_PRINT_INDENT ? "  ".repeat(item.indent) : `${"  ".repeat(MAX_PRINT_INDENT)}[${item.indent}] `;
    if ("text" in item) {
      lines.push(pad + item.text);
      continue;
    }
    const s = item.stmt;
    switch (s.kind) {
      case "assign":
        lines.push(`${pad}${s.defs.length > 0 ? s.defs.join(", ") + " := " : ""}${f(s.uses)}`);
        break;
      case "break":
      case "continue":
        lines.push(pad + s.kind);
        break;
      case "if":
        lines.push(`${pad}if (${s.cond.join(", ")}) {`);
        stack.push({ text: "}", indent: item.indent });
        pushList(s.else, item.indent + 1);
        stack.push({ text: "} else {", indent: item.indent });
        pushList(s.then, item.indent + 1);
        break;
      case "while":
        lines.push(`${pad}while (${s.cond.join(", ")}) {`);
        stack.push({ text: "}", indent: item.indent });
        pushList(s.body, item.indent + 1);
        break;
    }
  }
  return lines.join("\n");
}
