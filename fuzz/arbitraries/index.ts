/**
 * # Random CFGs for property tests
 *
 * fast-check arbitraries that produce original CFGs in the exchange format
 * (`CfgDoc`, the library's `CfgDocument`: `"kind": "cfg"`, `"format": "formal-ssa/1"`, see
 * docs/format.md), ready for the SSA constructions and checkers. Every generated CFG satisfies
 * the assumptions of the Isabelle locale `CFG_wf`:
 *
 * - block ids `B0`, `B1`, ... are unique, `B0` is the entry, `preds` name existing blocks;
 * - the entry has no predecessors (`Entry_unreachable`) and reaches every block (`Entry_reaches`);
 * - every use is definitely assigned (`defAss`): either the entry block first defines every
 *   used variable, as the AFP While instance makes Entry do (`definiteAssignment: "entry"`), or
 *   uses are kept only where definitely assigned (`"by-construction"`), so that variables are
 *   undefined on paths that do not read them; by default (`"mixed"`) half of the CFGs each;
 * - in `defs`/`uses` form a block's defs and uses are disjoint (`defs_uses_disjoint`); in `stmts`
 *   form a statement may use and define the same variable (FORMAT.md splits it).
 *
 * ## Builders
 *
 * | builder | produces | use it for |
 * | --- | --- | --- |
 * | `structuredCfg(c)` | reducible CFGs of While-like programs: if, while, do-while, switch (fallthrough, several labels per case, optional default), break, continue, return (to one exit block); so also parallel edges (two labels of a case) and self-loops (a do-while with a straight-line body) | the reducible-CFG theorems (minimality of Braun's algorithm), readable counterexamples |
 * | `structuredProgram(c)`, `lowerProgram(p, o)` | the program AST, and its lowering | tests that need the source program, hand-written programs |
 * | `formatProgram(p)`, `parseProgram(text)` | a program as text, and read back (its inverse) | counterexample reports, programs typed by hand (the explorer) |
 * | `arbitraryCfg(c)` | arbitrary graphs: irreducible cycles, parallel edges, self-loops, chains; `stmts`, `defs-uses` or mixed blocks | everything else: the constructions must work on any CFG |
 *
 * ```ts
 * import fc from "fast-check";
 * import { arbitraryCfg, structuredCfg } from "./fuzz/arbitraries/index.js";
 *
 * fc.assert(fc.property(structuredCfg({ maxStatements: 20 }), (cfg) => cfg.blocks.length >= 1));
 * fc.assert(fc.property(arbitraryCfg({ maxBlocks: 8, blockForm: "mixed" }), (cfg) => cfg.entry === "B0"));
 * ```
 *
 * Every knob has a documented default with the reason for it; see `StructuredProgramConstraints`
 * (statement weights, nesting and list bounds, and for switches `maxSwitchCases`,
 * `maxLabelsPerCase`, `sharedLabelProbability`, `caseBreakProbability`,
 * `switchDefaultProbability`) and `CfgConstraints`.
 *
 * ## What they vary
 *
 * Beyond the shape, what real compilers vary and constructors wrongly assume fixed (vary.ts):
 * the order of each block's predecessors (`structuredCfg` draws a permutation per block, so a
 * loop header lists its back edge first as often as its preheader; `arbitraryCfg` rotates them),
 * and entry definitions or not. Parallel edges, self-loops, critical edges, and entries with one
 * or several successors come from both builders' shapes; test/fuzz/variation.test.ts measures
 * each rate.
 *
 * ## Shrinking
 *
 * Both builders are compositions of fast-check's combinators (`record`, `array`, `tuple`,
 * `oneof`, `nat`, `integer`, `map`), never `chain`, so shrinking comes from fast-check: a
 * failing CFG shrinks by removing blocks, statements or switch cases, by emptying blocks, by
 * replacing compound statements with assignments, by dropping extra case labels, a switch's
 * default and the break ending a case, and by moving edges towards the simplest choice. The mapping
 * from generated specification to CFG is total (out-of-range edge ends are clamped or
 * dropped), so every shrunk value is again a well-formed CFG. Graph edges are relative to
 * their target block, so removing an unrelated block keeps them: graph counterexamples end at
 * the two to four blocks that matter ("some cycle is irreducible" shrinks to the 3-block loop
 * B0 -> B1 <-> B2 <- B0). fast-check cannot move a statement out of its parent by itself, so
 * every compound statement of a structured program carries a draw that shrinks towards
 * replacing it by one of its branches (`HOIST_RANGE` in structured.ts): structured
 * counterexamples shed the ifs, loops and switches around the part that fails (a phi-argument
 * swap shrinks to 3 to 7 blocks, 4 on average, over 80 seeds; 3 to 12 without hoisting).
 *
 * ## Determinism
 *
 * The same seed gives the same CFGs (`fc.sample(arb, { seed, numRuns })`), and a failing
 * property prints the seed and path to replay it.
 */
export {
  structuredProgram,
  structuredCfg,
  lowerProgram,
  restrictToDefinitelyAssigned,
  truncateProgram,
  programSize,
  formatProgram,
  CORE_COMPOUND_ODDS,
  HOIST_RANGE,
  MAX_PRINT_INDENT,
} from "./structured.js";
export type {
  Program,
  Stmt,
  AssignStmt,
  IfStmt,
  WhileStmt,
  DoWhileStmt,
  SwitchStmt,
  SwitchCase,
  BreakStmt,
  ContinueStmt,
  ReturnStmt,
  StatementWeights,
  DefiniteAssignment,
  StructuredProgramConstraints,
  StructuredCfgConstraints,
  LowerOptions,
} from "./structured.js";
export { varyStructured } from "./structured.js";
export { parseProgram, type ParseProgramOptions } from "./program_text.js";
export { arbitraryCfg, buildCfg } from "./graphs.js";
export type { BlockForm, EdgeWeights, CfgConstraints, EdgeSpec, BlockSpec, EntrySpec, BuildOptions } from "./graphs.js";
export { variableName, variableNames } from "./common.js";
export { permuteBy, permutePredecessors, predecessorOrders, PERMUTATION_CODES, MAX_PERMUTED_BLOCKS } from "./vary.js";
export type { CfgDefiniteAssignment, PredecessorOrder } from "./vary.js";
