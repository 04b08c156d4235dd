/**
 * The cases of a producer's fuzz target (adapters/fuzz_target.ts): a structured While program or
 * a CFG of any shape, which variables start uninitialised, and a style for the printer.
 *
 * - `structured`: a structured program (`structuredProgram`: if, while, do-while, switch with
 *   fallthrough and several labels per case, break, continue, return), truncated in preorder to
 *   the longest prefix whose CFG has at most `maxBlocks` blocks; every target prints these;
 * - `any`: a structured program or, as often, a CFG of `arbitraryCfg` steered towards irreducible
 *   cycles (more backward edges and extra in-edges, fewer chains), for targets with `goto` or an
 *   IR (C, LLVM).
 *
 * `uninitialised` is a subset of the variables (shrinking towards none); `style` shrinks towards
 * 0, the plainest printing.
 */
import fc from "fast-check";
import type { CfgDoc, FunctionDoc } from "../../io/format.js";
import { arbitraryCfg } from "./graphs.js";
import { lowerProgram, programSize, structuredProgram, truncateProgram, varyStructured, type Program } from "./structured.js";
import type { CfgDefiniteAssignment, PredecessorOrder } from "./vary.js";

/**
 * A case of a producer's fuzz target (see adapters/fuzz_target.ts): a structured program with
 * its CFG (`lowerProgram`), or a CFG of any shape alone. The CFG's entry block starts with a
 * statement defining every variable; a printer initialises there only the variables not in
 * `uninitialised`.
 */
export type FuzzCase =
  | { kind: "program"; program: Program; cfg: FunctionDoc; uninitialised: string[]; style: number }
  | { kind: "cfg"; cfg: FunctionDoc; uninitialised: string[]; style: number };

/** The smallest irreducible CFG: B0 -> B1 <-> B2 <- B0. */
const MIN_IRREDUCIBLE_BLOCKS = 3;

/** Structured programs whose CFG has at most `maxBlocks` blocks. */
export function structuredWithin(maxBlocks: number): fc.Arbitrary<Program> {
  return structuredProgram({ maxStatements: Math.max(50, 2 * maxBlocks) }).map((p) => fitProgram(p, maxBlocks));
}

/**
 * The CFGs of `formal-ssa fuzz --shape reducible`: structured programs whose CFG has at most
 * `maxBlocks` blocks, with what vary.ts varies (by default predecessor order, and entry
 * definitions or not).
 */
export function structuredCfgWithin(
  maxBlocks: number,
  o: { definiteAssignment?: CfgDefiniteAssignment; predecessorOrder?: PredecessorOrder } = {},
): fc.Arbitrary<CfgDoc> {
  return varyStructured(structuredWithin(maxBlocks), {
    definiteAssignment: o.definiteAssignment ?? "mixed",
    predecessorOrder: o.predecessorOrder ?? "varied",
  });
}

/** The longest preorder prefix of `p` whose CFG has at most `maxBlocks` blocks (never recursion). */
export function fitProgram(p: Program, maxBlocks: number): Program {
  const blocks = (m: number) => lowerProgram({ vars: p.vars, body: truncateProgram(p.body, m) }).blocks.length;
  const size = programSize(p.body);
  if (blocks(size) <= maxBlocks) return p;
  // block counts grow with the prefix almost monotonically (a jump can remove a join): binary
  // search, then step down until it fits
  let lo = 0;
  let hi = size;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (blocks(mid) <= maxBlocks) lo = mid;
    else hi = mid - 1;
  }
  while (lo > 0 && blocks(lo) > maxBlocks) lo--;
  return { vars: p.vars, body: truncateProgram(p.body, lo) };
}

/**
 * CFGs of any shape, steered towards irreducible cycles. A producer's case needs the entry's
 * definitions (its printer initialises there the variables that are not `uninitialised`), so
 * `"entry"` is the default here; `formal-ssa fuzz` draws `"mixed"`.
 */
export function steeredCfg(maxBlocks: number, definiteAssignment: CfgDefiniteAssignment = "entry"): fc.Arbitrary<CfgDoc> {
  return arbitraryCfg({
    definiteAssignment,
    minBlocks: Math.min(maxBlocks, MIN_IRREDUCIBLE_BLOCKS),
    maxBlocks,
    blockForm: "mixed",
    chainProbability: 0.15,
    maxExtraPredsPerBlock: 3,
    edgeWeights: { forward: 3, backward: 4, self: 1, parallel: 1 },
  });
}

/** The variables the entry block's first statement defines: those a case may leave uninitialised. */
export function entryVariables(doc: FunctionDoc): string[] {
  const entry = doc.blocks.find((b) => b.id === doc.entry);
  if (entry === undefined) return [];
  return entry.stmts !== undefined ? (entry.stmts[0]?.defs ?? []) : (entry.defs ?? []);
}

const STYLE = fc.nat({ max: 0x7fffffff });

/** Which variables start uninitialised, by position in the case's variable list (shrinking towards none). */
const MASK = fc.array(fc.boolean(), { maxLength: 8 });
const pick = (vars: readonly string[], mask: readonly boolean[]) => vars.filter((_, i) => mask[i] === true);

/**
 * Cases of a target that takes `shapes`, at most `maxBlocks` blocks per case. Records, not
 * chains, so that fast-check shrinks the program, the uninitialised variables and the style
 * each on its own.
 */
export function fuzzCases(shapes: "structured" | "any", maxBlocks: number): fc.Arbitrary<FuzzCase> {
  const program: fc.Arbitrary<FuzzCase> = fc
    .record({ program: structuredWithin(maxBlocks), mask: MASK, style: STYLE })
    .map(({ program, mask, style }) => {
      const cfg = lowerProgram(program);
      return { kind: "program" as const, program, cfg, uninitialised: pick(entryVariables(cfg), mask), style };
    });
  if (shapes === "structured") return program;
  const graph: fc.Arbitrary<FuzzCase> = fc
    .record({ cfg: steeredCfg(maxBlocks), mask: MASK, style: STYLE })
    .map(({ cfg, mask, style }) => ({ kind: "cfg" as const, cfg, uninitialised: pick(entryVariables(cfg), mask), style }));
  return fc.oneof(program, graph);
}
