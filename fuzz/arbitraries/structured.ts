/**
 * Structured programs: a While-like language and its lowering to a reducible CFG.
 *
 * Source: the While instantiation of Formal_SSA (AFP WhileGraphSSA over Slicing/While, see
 * shared/reference/afp-catalog.md 5.5), with two deviations:
 * - statements are abstract: an assignment is `defs := f(uses)` (any number of defs and uses,
 *   as the exchange format's statements), conditions are statements with uses only; there are
 *   no expressions or values, because the Formal_SSA semantics ignores them (catalog 6.7);
 * - more control flow than plain While: `break` (of the innermost loop or switch) and
 *   `continue` (of the innermost loop), `do { S } while (c)`, early `return` (optionally
 *   reading variables, `return x`), and a C-style `switch (c) { case: S ... default: S }`
 *   with fallthrough, whose cases may have several labels. All are structured, so the CFG
 *   stays reducible, but they give loops several exits and several back edges, self-loops,
 *   joins of a switch head with case ends, and parallel edges (two labels of one case), which
 *   plain While never has.
 * The AFP makes Entry define every used variable (`while_cfg_defs`); `lowerProgram` does the
 * same with the entry block's first statement, unless told not to.
 *
 * Lowering (one pass, explicit stack, O(size)): an assignment appends a statement to the
 * current block; `if (c) S1 else S2` appends the condition statement, opens one block per
 * branch and a join block whose preds are the branch ends that fall through; `while (c) S`
 * opens a header block (the condition, preds: the block before, then the back edges in
 * order), a body block, and an exit block (preds: the header, then the breaks in order);
 * `continue` is a back edge to the header, `break` an edge to the exit.
 * `do S while (c)` opens a header block (preds: the block before, then the back edge) that
 * starts the body; the condition goes to a latch: the block where the body ends, or, when
 * the body has a `continue`, a new block (preds: the body's end if it falls through, then the
 * continues in order); the latch has the back edge to the header (a self-loop when the body
 * is straight-line) and the edge to the exit block (preds: the latch, then the breaks).
 * `switch (c)` appends the condition statement to the current block (the head) and opens one
 * block per case (preds: the head once per label, then the end of the previous case if that
 * falls through) and one for `default` (preds: the head, then the fallthrough); its exit block
 * has preds: the head if there is no default, the end of the last arm if it falls through,
 * then the breaks. `return x` appends a statement using `x` (none for a bare `return`) and
 * jumps to the single exit block, created last when the program has a reachable return
 * (preds: the end of the body if it falls through, then the returns in order). Code after a
 * jump, or after a compound statement none of whose paths continues, is unreachable and is
 * cut away, so every block is reachable from the entry. Structured control flow with
 * single-level break/continue and returns to one exit yields reducible CFGs (a standard
 * fact; the tests check it with an independent reducibility test).
 *
 * Generation is bounded by `maxDepth` (nesting), `maxSequenceLength` (per statement list) and
 * `maxSwitchCases`, and the result is truncated to `maxStatements` in preorder. It uses
 * fast-check's own combinators only (`oneof`, `array`, `tuple`, `record`, `integer`, `map`),
 * so shrinking removes statements and switch cases, turns compound statements into
 * assignments (`withCrossShrink`), drops defs, uses, extra case labels, a switch's default
 * and the `break` ending a case. fast-check cannot move a statement out of its parent by
 * itself, so every compound statement carries a draw that shrinks towards replacing it by one
 * of its branches in its place (`HOIST_RANGE`): a counterexample sheds the ifs and loops around
 * the part that fails.
 */
import fc from "fast-check";
import type { Arbitrary } from "fast-check";
import { FORMAT_VERSION } from "../../io/format.js";
import type { BlockDoc, CfgDoc, StmtDoc } from "../../io/format.js";
import {
  checkInteger,
  checkProbability,
  checkWeights,
  orderedSubset,
  PROBABILITY_SCALE,
  variableNames,
  variableSet,
} from "./common.js";
import { permutePredecessors, predecessorOrders, withoutEntryDefinitions, type CfgDefiniteAssignment, type PredecessorOrder } from "./vary.js";

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
/** `do body while (cond)`; the body runs once before the condition is first tested. */
export interface DoWhileStmt {
  kind: "doWhile";
  body: Stmt[];
  cond: string[];
}
/**
 * One arm of a switch: `labels` case labels (an integer >= 1; two or more jump to the same
 * block, parallel edges from the head) and a body that, unless it jumps, falls through into
 * the next arm's body.
 */
export interface SwitchCase {
  labels: number;
  body: Stmt[];
}
/**
 * `switch (cond) { case: ... default: ... }`: the head reads `cond` and jumps to one of the
 * case labels or to `default`; without a default (`null`) it may also jump past the switch.
 * Bodies fall through into the next arm (cases in order, default last); `break` leaves the
 * switch. Case labels are abstract (no values), as conditions are.
 */
export interface SwitchStmt {
  kind: "switch";
  cond: string[];
  cases: SwitchCase[];
  default: Stmt[] | null;
}
/** Leave the innermost loop or switch. */
export interface BreakStmt {
  kind: "break";
}
/** Jump to the condition of the innermost loop (a switch is no loop: C's `continue`). */
export interface ContinueStmt {
  kind: "continue";
}
/** Leave the program: `return` (no uses) or `return x, y` (reads them first). */
export interface ReturnStmt {
  kind: "return";
  uses: string[];
}
/** A statement. A sequence (`c1;; c2`) is a list `Stmt[]`; the empty list is `Skip`. */
export type Stmt = AssignStmt | IfStmt | WhileStmt | DoWhileStmt | SwitchStmt | BreakStmt | ContinueStmt | ReturnStmt;

/** A whole program: its variables (in the order used for the entry definitions) and its body. */
export interface Program {
  vars: string[];
  body: Stmt[];
}

/** Statements after which nothing in the same list runs. */
function isJump(s: Stmt): s is BreakStmt | ContinueStmt | ReturnStmt {
  return s.kind === "break" || s.kind === "continue" || s.kind === "return";
}

// ---------------------------------------------------------------------------------------------
// Constraints

/**
 * Relative weights of the statement kinds (non-negative integers, `assign` positive). `break`
 * occurs only inside a loop or switch, `continue` only inside a loop, `return` anywhere but
 * in the statements of the program body before its core statement (see `maxSequenceLength`).
 */
export interface StatementWeights {
  assign?: number;
  if?: number;
  while?: number;
  doWhile?: number;
  switch?: number;
  break?: number;
  continue?: number;
  return?: number;
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
   * Upper bound on the statements of the whole program (every assign, if, while, do-while,
   * switch, break, continue and return counts one; switch cases and labels do not), enforced
   * by truncating in preorder.
   * @defaultValue 50: a CFG of at most a few dozen blocks, quick to check with the literal
   * definitions of spec/ that enumerate paths; with the other defaults about 4% of the
   * programs reach it, so truncation rarely distorts the shape.
   */
  maxStatements?: number;
  /**
   * Maximal nesting of if/while/do-while/switch.
   * @defaultValue 3: loop nests of depth 3 and ifs or switches inside them; deeper nests
   * rarely find anything the shallower ones miss but blow up the size.
   */
  maxDepth?: number;
  /**
   * Maximal length of a statement list (a branch, a loop body, a switch arm). The program
   * body is such a list, one core statement, and another such list; the core statement is
   * compound (if, while, do-while or switch) `CORE_COMPOUND_ODDS` times as often as an
   * assignment, so that few programs are a single straight-line block (a plain list would
   * give 30%, or, with a minimum length, would stop fast-check's shrinker from dropping the
   * last statement). The prefix and suffix shrink to nothing, the core to an assignment. The
   * core is never a `return`, nor is a top-level statement of the prefix, which would make
   * the core dead code.
   * @defaultValue 3: with the default weights programs average about 18 statements and 19
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
   * Maximal uses of one assignment, condition or `return`.
   * @defaultValue 2: enough for `x := y op z`, and with 4 variables about a third of the
   * assignments read the variable they write.
   */
  maxUsesPerStatement?: number;
  /**
   * Statement kind weights.
   * @defaultValue `{assign: 6, if: 2, while: 2, doWhile: 1, switch: 1, break: 1, continue: 1,
   * return: 1}`: about half the statements are assignments, so blocks have definitions
   * between the joins (6, not 4 as before do-while, switch and return existed, keeps that
   * share and the program size); if and while are equally likely, so most programs have a
   * loop; do-while and switch are half as likely, enough that more than half of the programs
   * have each (a switch is also the largest statement: up to `maxSwitchCases` + 1 arms);
   * break, continue and return are rarer because each ends its statement list (what follows
   * is dead) and too many make loops trivial and programs short.
   */
  weights?: StatementWeights;
  /**
   * Maximal number of `case` arms of a switch (at least 1), not counting `default`.
   * @defaultValue 3: with a default, four arms, so that a case falls through into a case
   * and into the default, and a break can skip two arms; more arms only repeat that.
   */
  maxSwitchCases?: number;
  /**
   * Maximal number of labels of one case (`case 1: case 2: S`), at least 1.
   * @defaultValue 2: two labels give the parallel edges of FORMAT.md (the same pred twice,
   * each with its own phi argument); a third label adds nothing new.
   */
  maxLabelsPerCase?: number;
  /**
   * Probability that a case has more than one label (then 2 to `maxLabelsPerCase`).
   * @defaultValue 0.25: about two switches in five have such a case (and a third of the
   * programs a parallel edge), while most case blocks keep a single pred from the head, so
   * parallel edges stay the exception they are in real code.
   */
  sharedLabelProbability?: number;
  /**
   * Probability that a case body ends with `break` (the C idiom), added after the generated
   * statements unless they already end with a jump.
   * @defaultValue 0.5: cases that fall through (into the next arm, a join of the head's edge
   * and the previous case's end) and cases that break out of the switch are about equally
   * common (the rest end with continue or return).
   */
  caseBreakProbability?: number;
  /**
   * Probability that a switch has a `default` arm.
   * @defaultValue 0.5: with a default, every head edge goes to an arm; without one, the head
   * also jumps straight to the exit, which joins it with the case ends and breaks.
   */
  switchDefaultProbability?: number;
  /** @defaultValue "entry", as the AFP While instance. */
  definiteAssignment?: DefiniteAssignment;
}

/** How much likelier the program's core statement is compound than an assignment. */
export const CORE_COMPOUND_ODDS = 8;

/**
 * Hoisting, for shrinking: each compound statement comes with an integer in [0, HOIST_RANGE].
 * 0 stands for its first branch in its place (an if's then, a loop's body, a switch's first
 * case), 1 for its second (an if's else, a switch's default; nothing for a loop), any other
 * value for the statement itself. Integers shrink towards 0, so a failing program shrinks by
 * replacing an if, loop or switch by one of its branches, the jumps that left it removed.
 * @defaultValue 31: a compound statement is kept at generation with probability 30/32 (the
 * others stand for a branch, which the generator could have produced directly anyway).
 */
export const HOIST_RANGE = 31;

const DEFAULTS: Required<Omit<StructuredProgramConstraints, "weights">> & { weights: Required<StatementWeights> } = {
  variableCount: 4,
  maxStatements: 50,
  maxDepth: 3,
  maxSequenceLength: 3,
  minDefsPerStatement: 1,
  maxDefsPerStatement: 2,
  maxUsesPerStatement: 2,
  weights: { assign: 6, if: 2, while: 2, doWhile: 1, switch: 1, break: 1, continue: 1, return: 1 },
  maxSwitchCases: 3,
  maxLabelsPerCase: 2,
  sharedLabelProbability: 0.25,
  caseBreakProbability: 0.5,
  switchDefaultProbability: 0.5,
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
  checkInteger(who, "maxSwitchCases", r.maxSwitchCases, 1);
  checkInteger(who, "maxLabelsPerCase", r.maxLabelsPerCase, 1);
  checkProbability(who, "sharedLabelProbability", r.sharedLabelProbability);
  checkProbability(who, "caseBreakProbability", r.caseBreakProbability);
  checkProbability(who, "switchDefaultProbability", r.switchDefaultProbability);
  if (r.definiteAssignment !== "entry" && r.definiteAssignment !== "by-construction") {
    throw new RangeError(`${who}: definiteAssignment must be "entry" or "by-construction"`);
  }
  return r;
}

// ---------------------------------------------------------------------------------------------
// Generation

/**
 * Which jumps a statement list may contain besides `return`: none, `break` only (inside a
 * switch that is not inside a loop), or `break` and `continue` (inside a loop).
 */
type JumpContext = "none" | "switch" | "loop";

/** `yes` with probability `p`, else `no`; shrinks towards `no` (withCrossShrink). */
function withProbability<T>(p: number, no: Arbitrary<T>, yes: Arbitrary<T>): Arbitrary<T> {
  const w = Math.round(p * PROBABILITY_SCALE);
  if (w === 0) return no;
  if (w === PROBABILITY_SCALE) return yes;
  return fc.oneof({ withCrossShrink: true }, { arbitrary: no, weight: PROBABILITY_SCALE - w }, { arbitrary: yes, weight: w });
}

const BREAK: BreakStmt = { kind: "break" };

/**
 * Arbitrary structured programs. Every `break` is inside a loop or switch, every `continue`
 * inside a loop, nothing follows a jump in its statement list, and the program has at most
 * `maxStatements` statements. With `definiteAssignment: "by-construction"`, every use is
 * definitely assigned without entry definitions (see `restrictToDefinitelyAssigned`).
 */
export function structuredProgram(constraints: StructuredProgramConstraints = {}): Arbitrary<Program> {
  const c = resolve(constraints);
  const vars = variableNames(c.variableCount);
  const defsArb = variableSet(vars, c.minDefsPerStatement, c.maxDefsPerStatement);
  const usesArb = variableSet(vars, 0, c.maxUsesPerStatement);
  const assign: Arbitrary<Stmt> = fc.record({ kind: fc.constant("assign" as const), defs: defsArb, uses: usesArb });
  const jumps = {
    break: fc.constant<Stmt>(BREAK),
    continue: fc.constant<Stmt>({ kind: "continue" }),
    return: fc.record({ kind: fc.constant("return" as const), uses: usesArb }),
  };
  const labelsArb: Arbitrary<number> =
    c.maxLabelsPerCase >= 2
      ? withProbability(c.sharedLabelProbability, fc.constant(1), fc.integer({ min: 2, max: c.maxLabelsPerCase }))
      : fc.constant(1);

  // Statement lists by remaining depth and context. The recursion here is over `maxDepth`
  // (a constraint), not over generated values; each arbitrary is built once per context.
  const stmts = new Map<string, Arbitrary<Stmt | Stmt[]>>();
  const lists = new Map<string, Arbitrary<Stmt[]>>();
  /** `allowReturn` is false only for the top-level statements of the program's prefix. */
  const listArb = (depth: number, ctx: JumpContext, allowReturn = true): Arbitrary<Stmt[]> => {
    const key = `${depth}/${ctx}/${allowReturn}`;
    const known = lists.get(key);
    if (known !== undefined) return known;
    const list = fc.array(listStmt(depth, ctx, allowReturn), { maxLength: c.maxSequenceLength }).map((xs) => cutAfterJump(xs.flat()));
    lists.set(key, list);
    return list;
  };
  /**
   * One statement, or the list that stands in its place when it is hoisted (`HOIST_RANGE`). `core`: the compound weights are scaled so that they are
   * CORE_COMPOUND_ODDS times the assignment's, and there is no return.
   */
  const listStmt = (depth: number, ctx: JumpContext, allowReturn: boolean, core = false): Arbitrary<Stmt | Stmt[]> => {
    const key = `${depth}/${ctx}/${allowReturn}/${core}`;
    const known = stmts.get(key);
    if (known !== undefined) return known;
    const w = c.weights;
    const compound = w.if + w.while + w.doWhile + w.switch;
    const assignWeight = core && compound > 0 ? compound : w.assign;
    const scale = core ? CORE_COMPOUND_ODDS : 1;
    // a statement, or (hoisted) the list that stands in its place; lists flatten them
    const hoistable = (a: Arbitrary<Stmt>): Arbitrary<Stmt | Stmt[]> => fc.tuple(fc.integer({ min: 0, max: HOIST_RANGE }), a).map(([h, x]) => (h < 2 ? hoist(x, h) : x));
    const choices: fc.WeightedArbitrary<Stmt | Stmt[]>[] = [{ arbitrary: assign, weight: assignWeight }];
    if (depth > 0) {
      const inner = listArb(depth - 1, ctx);
      const innerLoop = listArb(depth - 1, "loop");
      const arm = listArb(depth - 1, ctx === "loop" ? "loop" : "switch");
      // A case body: the arm, then `break` with probability caseBreakProbability unless the
      // arm already ends with a jump.
      const caseBody = withProbability(
        c.caseBreakProbability,
        arm,
        arm.map((b) => cutAfterJump([...b, BREAK])),
      );
      const switchCase: Arbitrary<SwitchCase> = fc.record({ labels: labelsArb, body: caseBody });
      choices.push(
        {
          arbitrary: hoistable(fc.record({ kind: fc.constant("if" as const), cond: usesArb, then: inner, else: inner })),
          weight: w.if * scale,
        },
        {
          arbitrary: hoistable(fc.record({ kind: fc.constant("while" as const), cond: usesArb, body: innerLoop })),
          weight: w.while * scale,
        },
        {
          arbitrary: hoistable(fc.record({ kind: fc.constant("doWhile" as const), body: innerLoop, cond: usesArb })),
          weight: w.doWhile * scale,
        },
        {
          arbitrary: hoistable(
            fc.record({
              kind: fc.constant("switch" as const),
              cond: usesArb,
              cases: fc.array(switchCase, { minLength: 1, maxLength: c.maxSwitchCases }),
              default: withProbability<Stmt[] | null>(c.switchDefaultProbability, fc.constant(null), arm),
            }),
          ),
          weight: w.switch * scale,
        },
      );
    }
    if (ctx !== "none") choices.push({ arbitrary: jumps.break, weight: w.break });
    if (ctx === "loop") choices.push({ arbitrary: jumps.continue, weight: w.continue });
    if (allowReturn && !core) choices.push({ arbitrary: jumps.return, weight: w.return });
    // Assignments first: cross-shrinking replaces a compound statement by an assignment.
    const stmt = fc.oneof({ withCrossShrink: true }, ...choices);
    stmts.set(key, stmt);
    return stmt;
  };

  // The body is `prefix ++ [core] ++ suffix` (see maxSequenceLength): the core is compound
  // CORE_COMPOUND_ODDS times as often as an assignment, which is what it shrinks to.
  const core = listStmt(c.maxDepth, "none", false, true);
  const prefix = listArb(c.maxDepth, "none", false);
  const suffix = listArb(c.maxDepth, "none");
  const top = fc.tuple(prefix, core, suffix).map(([p, m, s]) => cutAfterJump([...p, ...(Array.isArray(m) ? m : [m]), ...s]));
  const program = top.map((body) => {
    const p: Program = { vars: vars.slice(), body: truncateProgram(body, c.maxStatements) };
    return c.definiteAssignment === "by-construction" ? restrictToDefinitelyAssigned(p) : p;
  });
  return program;
}

/**
 * What stands in the place of compound statement `s` when it is hoisted (`HOIST_RANGE`): branch
 * `which` (0: an if's then, a loop's body, a switch's first case; 1: an if's else, a switch's
 * default, nothing for a loop), without the jumps that left `s` (a loop's break and continue, a
 * switch's break), which would otherwise leave whatever encloses it.
 */
function hoist(s: Stmt, which: number): Stmt[] {
  switch (s.kind) {
    case "if":
      return which === 0 ? s.then : s.else;
    case "while":
    case "doWhile":
      return which === 0 ? withoutJumpsOf(s.body, "loop") : [];
    case "switch":
      return withoutJumpsOf(which === 0 ? s.cases[0].body : (s.default ?? []), "switch");
    default:
      return [s];
  }
}

/** Frame of `withoutJumpsOf`: copy `src[i..]` into `dst`; `inSwitch`/`inLoop`: a switch or loop opened inside the hoisted list. */
interface DetachFrame {
  src: readonly Stmt[];
  dst: Stmt[];
  i: number;
  inLoop: boolean;
  inSwitch: boolean;
}

/**
 * A copy of `list` without the jumps that leave the statement it was hoisted from: for a loop,
 * a `break` outside any inner loop or switch and a `continue` outside any inner loop; for a
 * switch, a `break` outside any inner loop or switch. Explicit stack.
 */
function withoutJumpsOf(list: readonly Stmt[], of: "loop" | "switch"): Stmt[] {
  const out: Stmt[] = [];
  const stack: DetachFrame[] = [{ src: list, dst: out, i: 0, inLoop: false, inSwitch: false }];
  while (stack.length > 0) {
    const f = stack[stack.length - 1];
    if (f.i >= f.src.length) {
      stack.pop();
      continue;
    }
    const x = f.src[f.i++];
    const push = (src: readonly Stmt[], dst: Stmt[], loop: boolean, sw: boolean) =>
      stack.push({ src, dst, i: 0, inLoop: f.inLoop || loop, inSwitch: f.inSwitch || sw });
    switch (x.kind) {
      case "break":
        if (f.inLoop || f.inSwitch) f.dst.push(x);
        break;
      case "continue":
        if (f.inLoop || of === "switch") f.dst.push(x);
        break;
      case "if": {
        const node: IfStmt = { kind: "if", cond: x.cond, then: [], else: [] };
        f.dst.push(node);
        push(x.else, node.else, false, false);
        push(x.then, node.then, false, false);
        break;
      }
      case "while":
      case "doWhile": {
        const node = { ...x, body: [] as Stmt[] };
        f.dst.push(node);
        push(x.body, node.body, true, false);
        break;
      }
      case "switch": {
        const node: SwitchStmt = { kind: "switch", cond: x.cond, cases: x.cases.map((k) => ({ labels: k.labels, body: [] })), default: x.default === null ? null : [] };
        f.dst.push(node);
        if (x.default !== null) push(x.default, node.default!, false, true);
        for (let k = x.cases.length - 1; k >= 0; k--) push(x.cases[k].body, node.cases[k].body, false, true);
        break;
      }
      default:
        f.dst.push(x);
    }
  }
  return out;
}

/** The list up to and including its first `break`/`continue`/`return`: what follows is dead code. */
function cutAfterJump(stmts: Stmt[]): Stmt[] {
  const i = stmts.findIndex(isJump);
  return i < 0 ? stmts : stmts.slice(0, i + 1);
}

/** Frame of the tree copies below: copy `src[i..]` into `dst`. */
interface CopyFrame {
  src: readonly Stmt[];
  dst: Stmt[];
  i: number;
}

/**
 * The first `max` statements of `body` in preorder (every statement counts one, an if, loop
 * or switch keeps its condition, its case labels and default, and the kept part of its
 * branches, body or arms). Explicit stack.
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
      case "return":
        f.dst.push({ kind: "return", uses: s.uses.slice() });
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
      case "doWhile": {
        const node: DoWhileStmt = { kind: "doWhile", body: [], cond: s.cond.slice() };
        f.dst.push(node);
        stack.push({ src: s.body, dst: node.body, i: 0 });
        break;
      }
      case "switch": {
        const node: SwitchStmt = {
          kind: "switch",
          cond: s.cond.slice(),
          cases: s.cases.map((k) => ({ labels: k.labels, body: [] })),
          default: s.default === null ? null : [],
        };
        f.dst.push(node);
        if (s.default !== null) stack.push({ src: s.default, dst: node.default!, i: 0 });
        for (let k = s.cases.length - 1; k >= 0; k--) stack.push({ src: s.cases[k].body, dst: node.cases[k].body, i: 0 });
        break;
      }
    }
  }
  return out;
}

/** The statement lists directly inside `s` (branches, loop body, switch arms), in order. */
function childLists(s: Stmt): (readonly Stmt[])[] {
  switch (s.kind) {
    case "if":
      return [s.then, s.else];
    case "while":
    case "doWhile":
      return [s.body];
    case "switch": {
      const out: (readonly Stmt[])[] = s.cases.map((k) => k.body);
      if (s.default !== null) out.push(s.default);
      return out;
    }
    default:
      return [];
  }
}

/** Number of statements of a program, every kind counting one. Explicit stack. */
export function programSize(body: readonly Stmt[]): number {
  let n = 0;
  const stack: (readonly Stmt[])[] = [body];
  while (stack.length > 0) {
    const list = stack.pop()!;
    for (const s of list) {
      n++;
      for (const l of childLists(s)) stack.push(l);
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
  | { tag: "while-done"; before: Set<string> }
  /** The body is done; the condition sees the meet of the body's end and the continues. */
  | { tag: "do-done"; node: DoWhileStmt; src: DoWhileStmt }
  /** Arm `next` of the switch is to be opened (or the switch closed, after the last arm). */
  | { tag: "switch-arm"; node: SwitchStmt; src: SwitchStmt; atCond: Set<string>; next: number };

/**
 * A copy of `program` without entry definitions in mind: every use that is not definitely
 * assigned is dropped, and dead code (after a jump, or after a compound statement none of
 * whose paths continues) is cut. The analysis is structural and exact for the lowered CFG:
 * after `if`, the meet of the branches that fall through; at a loop header, at the start of
 * a switch arm and after a while loop, what held before it (paths through the body only add
 * definitions); at a do-while condition, the meet of the body's end and the continues; after
 * a do-while or switch, the meet of the ways out (condition or fallthrough, breaks, and the
 * head of a switch without default). Explicit stack.
 */
export function restrictToDefinitelyAssigned(program: Program): Program {
  const body: Stmt[] = [];
  let cur: Assigned = new Set<string>();
  const stack: RestrictFrame[] = [{ tag: "seq", src: program.body, dst: body, i: 0 }];
  /** Meets of what holds at the breaks of the enclosing loops and switches. */
  const breakables: { breaks: Assigned }[] = [];
  /** Meets of what holds at the continues of the enclosing loops. */
  const loops: { continues: Assigned }[] = [];
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
          case "break": {
            f.dst.push({ kind: "break" });
            const t = breakables[breakables.length - 1];
            if (t !== undefined) t.breaks = meet(t.breaks, at);
            cur = null;
            break;
          }
          case "continue": {
            f.dst.push({ kind: "continue" });
            const t = loops[loops.length - 1];
            if (t !== undefined) t.continues = meet(t.continues, at);
            cur = null;
            break;
          }
          case "return":
            f.dst.push({ kind: "return", uses: keep(s.uses, at) });
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
            breakables.push({ breaks: null });
            loops.push({ continues: null });
            stack.push({ tag: "while-done", before: at });
            stack.push({ tag: "seq", src: s.body, dst: node.body, i: 0 });
            break;
          }
          case "doWhile": {
            const node: DoWhileStmt = { kind: "doWhile", body: [], cond: [] };
            f.dst.push(node);
            breakables.push({ breaks: null });
            loops.push({ continues: null });
            stack.push({ tag: "do-done", node, src: s });
            stack.push({ tag: "seq", src: s.body, dst: node.body, i: 0 });
            break;
          }
          case "switch": {
            const node: SwitchStmt = {
              kind: "switch",
              cond: keep(s.cond, at),
              cases: s.cases.map((k) => ({ labels: k.labels, body: [] })),
              default: s.default === null ? null : [],
            };
            f.dst.push(node);
            breakables.push({ breaks: null });
            stack.push({ tag: "switch-arm", node, src: s, atCond: at, next: 0 });
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
        breakables.pop();
        loops.pop();
        cur = f.before;
        break;
      case "do-done": {
        stack.pop();
        const breaks = breakables.pop()!.breaks;
        const atCond = meet(cur, loops.pop()!.continues);
        // an unreachable condition is not lowered: its uses do not matter, drop them
        f.node.cond = atCond === null ? [] : keep(f.src.cond, atCond);
        cur = meet(atCond, breaks);
        break;
      }
      case "switch-arm": {
        const prevEnd: Assigned = f.next === 0 ? null : cur; // the previous arm's fallthrough
        const n = f.src.cases.length;
        if (f.next < n) {
          const k = f.next++;
          cur = meet(f.atCond, prevEnd);
          stack.push({ tag: "seq", src: f.src.cases[k].body, dst: f.node.cases[k].body, i: 0 });
        } else if (f.next === n && f.src.default !== null) {
          f.next++;
          cur = meet(f.atCond, prevEnd);
          stack.push({ tag: "seq", src: f.src.default, dst: f.node.default!, i: 0 });
        } else {
          stack.pop();
          const breaks = breakables.pop()!.breaks;
          cur = meet(meet(f.src.default === null ? f.atCond : null, prevEnd), breaks);
        }
        break;
      }
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
  | { tag: "while-done"; header: number }
  | { tag: "do-done"; header: number; cond: readonly string[] }
  /** Arm `next` of the switch is to be opened (or the switch closed, after the last arm). */
  | { tag: "switch-arm"; head: number; node: SwitchStmt; next: number };

/** The innermost loops, for continue. */
interface LoopContext {
  header: number;
  /** A do-while collects its continues for the latch; a while adds them to the header. */
  doWhile: boolean;
  continues: number[];
}

/**
 * Lowers a structured program to a reducible CFG in `stmts` form (see the module comment).
 * Blocks are numbered in creation order, `B0` is the entry. Linear in the program size; an
 * explicit stack, so 10^5 nested statements are fine. Throws a RangeError for a `break`
 * outside a loop or switch, a `continue` outside a loop, or a case with fewer than one label.
 */
export function lowerProgram(program: Program, options: LowerOptions = {}): CfgDoc {
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
  /** The breaks of each enclosing loop or switch, innermost last. */
  const breakTargets: number[][] = [];
  const returns: number[] = [];
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
            loops.push({ header, doWhile: false, continues: [] });
            breakTargets.push([]);
            stack.push({ tag: "while-done", header });
            stack.push({ tag: "seq", stmts: s.body, i: 0 });
            cur = body;
            break;
          }
          case "doWhile": {
            const header = newBlock([here]);
            loops.push({ header, doWhile: true, continues: [] });
            breakTargets.push([]);
            stack.push({ tag: "do-done", header, cond: s.cond });
            stack.push({ tag: "seq", stmts: s.body, i: 0 });
            cur = header;
            break;
          }
          case "switch": {
            for (const k of s.cases) {
              if (!Number.isInteger(k.labels) || k.labels < 1) {
                throw new RangeError(`lowerProgram: a switch case needs an integer number of labels >= 1, got ${k.labels}`);
              }
            }
            emit(here, [], s.cond);
            breakTargets.push([]);
            stack.push({ tag: "switch-arm", head: here, node: s, next: 0 });
            break;
          }
          case "break": {
            const breaks = breakTargets[breakTargets.length - 1];
            if (breaks === undefined) throw new RangeError("lowerProgram: break outside a loop or switch");
            breaks.push(here);
            cur = null;
            break;
          }
          case "continue": {
            const loop = loops[loops.length - 1];
            if (loop === undefined) throw new RangeError("lowerProgram: continue outside a loop");
            if (loop.doWhile) loop.continues.push(here);
            else blocks[loop.header].preds.push(here);
            cur = null;
            break;
          }
          case "return":
            if (s.uses.length > 0) emit(here, [], s.uses);
            returns.push(here);
            cur = null;
            break;
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
        loops.pop();
        cur = newBlock([f.header, ...breakTargets.pop()!]);
        break;
      }
      case "do-done": {
        stack.pop();
        const loop = loops.pop()!;
        const breaks = breakTargets.pop()!;
        // The latch: the body's end, or a join of it and the continues; none if unreachable.
        let latch: number | null = cur;
        if (loop.continues.length > 0) latch = newBlock(cur === null ? loop.continues : [cur, ...loop.continues]);
        if (latch !== null) {
          emit(latch, [], f.cond);
          blocks[f.header].preds.push(latch); // the back edge
        }
        const exits: number[] = latch === null ? breaks : [latch, ...breaks];
        cur = exits.length === 0 ? null : newBlock(exits);
        break;
      }
      case "switch-arm": {
        const prevEnd = f.next === 0 ? null : cur; // the previous arm's fallthrough
        const cases = f.node.cases;
        if (f.next < cases.length) {
          const k = cases[f.next++];
          const preds: number[] = new Array<number>(k.labels).fill(f.head);
          if (prevEnd !== null) preds.push(prevEnd);
          cur = newBlock(preds);
          stack.push({ tag: "seq", stmts: k.body, i: 0 });
        } else if (f.next === cases.length && f.node.default !== null) {
          f.next++;
          cur = newBlock(prevEnd === null ? [f.head] : [f.head, prevEnd]);
          stack.push({ tag: "seq", stmts: f.node.default, i: 0 });
        } else {
          stack.pop();
          const exits: number[] = [];
          if (f.node.default === null) exits.push(f.head);
          if (prevEnd !== null) exits.push(prevEnd);
          exits.push(...breakTargets.pop()!);
          cur = exits.length === 0 ? null : newBlock(exits);
        }
        break;
      }
    }
  }
  if (returns.length > 0) newBlock(cur === null ? returns : [cur, ...returns]); // the single exit

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

export interface StructuredCfgConstraints extends Omit<StructuredProgramConstraints, "definiteAssignment"> {
  /** The document's `name`. @defaultValue "structured" */
  name?: string;
  /**
   * How definite assignment is guaranteed (vary.ts).
   * @defaultValue "mixed": half of the CFGs have the entry define every used variable, half
   * leave variables undefined on the paths where nothing reads them.
   */
  definiteAssignment?: CfgDefiniteAssignment;
  /**
   * @defaultValue "varied": each block's predecessors in a drawn order (a loop header's back
   * edge first as often as its preheader), not always in the order `lowerProgram` makes.
   */
  predecessorOrder?: PredecessorOrder;
}

/**
 * Arbitrary reducible CFGs: `structuredProgram(constraints)` lowered by `lowerProgram`, with
 * what vary.ts varies: predecessor order, and entry definitions or not.
 */
export function structuredCfg(constraints: StructuredCfgConstraints = {}): Arbitrary<CfgDoc> {
  const { name, definiteAssignment, predecessorOrder, ...rest } = constraints;
  return varyStructured(structuredProgram({ ...rest, definiteAssignment: "entry" }), {
    name: name ?? "structured",
    definiteAssignment: definiteAssignment ?? "mixed",
    predecessorOrder: predecessorOrder ?? "varied",
  });
}

/**
 * The CFGs of `programs` (whose uses may rely on entry definitions) lowered with what vary.ts
 * varies: under `"by-construction"` (or the `"mixed"` draw) the uses that are not definitely
 * assigned without entry definitions are dropped (`restrictToDefinitelyAssigned`) and the entry
 * defines nothing; `"varied"` permutes each block's predecessors. A composition of `map`s and
 * `tuple`s, so every part shrinks on its own.
 */
export function varyStructured(
  programs: Arbitrary<Program>,
  o: { name?: string; definiteAssignment: CfgDefiniteAssignment; predecessorOrder: PredecessorOrder },
): Arbitrary<CfgDoc> {
  const bare: Arbitrary<boolean> =
    o.definiteAssignment === "mixed" ? withoutEntryDefinitions() : fc.constant(o.definiteAssignment === "by-construction");
  const orders: Arbitrary<number[]> = o.predecessorOrder === "varied" ? predecessorOrders() : fc.constant([]);
  return fc.tuple(programs, bare, orders).map(([p, noEntryDefs, codes]) => {
    const lowered = noEntryDefs
      ? lowerProgram(restrictToDefinitelyAssigned(p), { name: o.name, defineAllAtEntry: false })
      : lowerProgram(p, { name: o.name });
    return permutePredecessors(lowered, codes);
  });
}

// ---------------------------------------------------------------------------------------------
// Printing

/** Indentation stops growing at this nesting depth, so that output stays linear in size. */
export const MAX_PRINT_INDENT = 32;

/**
 * The program as indented pseudo-code (`a, b := f(c)`, `if (a) { ... } else { ... }`,
 * `do { ... } while (a)`, `switch (a) { case 0: case 1: ... default: ... }`, `return a`),
 * for test comments and counterexample reports. Case labels are numbered from 0 in each
 * switch, for reading only; the labels of one case share a line (`case 0: case 1:`), so that
 * a case with two labels reads differently from an empty case falling into the next. Beyond `MAX_PRINT_INDENT` levels a line starts with its depth
 * (`[40] a := f(b)`) instead of more spaces. Explicit stack.
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
      case "return":
        lines.push(`${pad}return${s.uses.length > 0 ? " " + s.uses.join(", ") : ""}`);
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
      case "doWhile":
        lines.push(`${pad}do {`);
        stack.push({ text: `} while (${s.cond.join(", ")})`, indent: item.indent });
        pushList(s.body, item.indent + 1);
        break;
      case "switch": {
        lines.push(`${pad}switch (${s.cond.join(", ")}) {`);
        stack.push({ text: "}", indent: item.indent });
        if (s.default !== null) {
          pushList(s.default, item.indent + 2);
          stack.push({ text: "default:", indent: item.indent + 1 });
        }
        // one line per case, its labels numbered on from the previous case's
        let label = s.cases.reduce((n, k) => n + k.labels, 0);
        for (let k = s.cases.length - 1; k >= 0; k--) {
          pushList(s.cases[k].body, item.indent + 2);
          const labels: string[] = [];
          for (let l = 0; l < s.cases[k].labels; l++) labels.unshift(`case ${--label}:`);
          stack.push({ text: labels.join(" "), indent: item.indent + 1 });
        }
        break;
      }
    }
  }
  return lines.join("\n");
}
