/**
 * Every checker is a decision procedure for its locale assumption or quality property: on
 * random translations inside and outside the locale `CFG_SSA_Transformed`
 * (test/helpers/broken_model.ts: up to 10 nodes and 4 variables, unreachable nodes, edges into
 * Entry, uses not definitely assigned, irreducible cycles, phis at Entry, phis of the wrong
 * arity, arbitrary phi arguments, and defects aimed at each property), each checker's verdict
 * equals the literal spec definition (exact bounds), and every witness it gives is re-checked
 * by an independent function. Both directions are shown, not assumed: the run counts, per
 * property, the cases where the definition held and where it failed, prints the table, and
 * fails unless every property failed in at least 5% and held in at least 5% of the cases (and
 * at least a third of the graphs were irreducible).
 *
 * equiv, quantifying over unboundedly long paths, is checked both ways differently: whenever
 * the bounded literal semantics finds a counterexample the checker rejects, and whenever the
 * checker rejects, its witness path is a real counterexample.
 *
 * Two phis for one key `(n, v)` are not among the cases: the model refuses them (SsaCfg), as
 * the readers do (test/io/duplicate_phis.test.ts), since Isabelle's `phis` is a map.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkTransformed, QUALITY, Verdict, type QualityProperty } from "../../checks/index.js";
import { cytronMinimal as cytronMinimalChecker, JoinSets, no_redundant_set, no_trivial_phis } from "../../checks/quality.js";
import { dominatorTree } from "../../graph/dominators.js";
import { alpha_n } from "../../spec/graph_path.js";
import { isReducible } from "../../graph/reducible.js";
import { someRedundantSet } from "../../spec/irreducible.js";
import { pathsConverge } from "../../spec/minimality.js";
import type { Transformed } from "../../spec/model.js";
import * as S from "../../spec/ssa_cfg.js";
import { equivCounterexample } from "../../spec/ssa_semantics.js";
import { trivial_code } from "../../spec/ssa_cfg_code.js";
import type { Node, Val } from "../../spec/ids.js";
import { brokenTransformed, toTransformed } from "../helpers/broken_model.js";
import { LITERAL, OutcomeTally } from "../helpers/literal.js";
import { recheck } from "../helpers/witness_check.js";

const RUNS = { numRuns: 600 };
const subjects = brokenTransformed({ maxNodes: 10, maxVars: 4 });

const tally = new OutcomeTally(Object.keys(LITERAL));
const equivTally = new OutcomeTally(["equiv (bounded literal)", "equiv (checker)"]);

function agree(t: Transformed, verdicts: Verdict[]): void {
  const outcomes: Record<string, boolean> = {};
  for (const v of verdicts) {
    const lit = LITERAL[v.property];
    if (lit) {
      const holds = lit(t);
      outcomes[v.property] = holds;
      expect({ property: v.property, holds: v.holds }).toEqual({ property: v.property, holds });
    }
    if (!v.holds) expect(v.witnesses.length).toBeGreaterThan(0);
    for (const w of v.witnesses) expect({ property: v.property, problem: recheck(t, v, w) }).toEqual({ property: v.property, problem: undefined });
  }
  tally.add(outcomes);
  tally.note("irreducible graphs", !isReducible(t.graph));
  tally.note("graphs of 8 to 10 nodes", t.nodeCount >= 8);
  tally.note("with 3 or 4 original variables", t.old.varCount >= 3);
  tally.note("cytronMinimal decided by augmented dominators (not the frontiers) for some variable", byAugmentedDominators(t));
}

/** Whether JoinSets answers some phi's necessity by its general method (a dominator tree with a new root before the definitions). */
function byAugmentedDominators(t: Transformed): boolean {
  const joins = new JoinSets(t.graph, () => dominatorTree(t.graph), true);
  const vars = new Set(t.phiKeys().map(([, v]) => t.var(v)));
  return [...vars].some((x) => !joins.usesFrontiers(alpha_n(t).filter((n) => t.oldDefs(n).includes(x))));
}

describe("checkers agree with the literal spec", () => {
  it("on random translations inside and outside the locale, every checker's verdict equals the literal definition, and every witness rechecks", () => {
    fc.assert(
      fc.property(subjects, (t) => agree(t, checkTransformed(t))),
      RUNS,
    );
  });
  it("both directions are exercised: every property failed in at least 5% and held in at least 5% of those cases; a third of the graphs were irreducible", () => {
    console.log(tally.lines("checks/agreement: the literal definitions' outcomes").join("\n"));
    expect(tally.total).toBe(RUNS.numRuns);
    expect(tally.tooOneSided()).toEqual([]);
    expect(tally.noted("irreducible graphs")).toBeGreaterThanOrEqual(tally.total / 3);
    expect(tally.noted("cytronMinimal decided by augmented dominators (not the frontiers) for some variable")).toBeGreaterThanOrEqual(tally.total / 20);
  });
  it("equiv: a bounded literal counterexample implies rejection; a rejection's witness is a real counterexample; each outcome in at least 5% of the cases", () => {
    fc.assert(
      fc.property(subjects, (t) => {
        const v = checkTransformed(t).find((x) => x.property === "equiv")!;
        const lit = equivCounterexample(t, t.nodeCount + 4);
        if (lit !== undefined) expect(v.holds).toBe(false);
        for (const w of v.witnesses) expect(recheck(t, v, w)).toBeUndefined();
        equivTally.add({ "equiv (bounded literal)": lit === undefined, "equiv (checker)": v.holds });
      }),
      RUNS,
    );
    console.log(equivTally.lines("checks/agreement: equiv").join("\n"));
    expect(equivTally.tooOneSided()).toEqual([]);
  });
  it("a subset of the quality properties (CheckOptions.quality) decides exactly those, with the verdicts of the full check", () => {
    const subsets: QualityProperty[][] = [[], ["pruned", "no_redundant_set"], ["cytronMinimal"], ["no_trivial_phis", "pruned"]];
    fc.assert(
      fc.property(subjects, fc.constantFrom(...subsets), (t, quality) => {
        const full = checkTransformed(t);
        const some = checkTransformed(t, { quality });
        const kept = full.filter((v) => !(QUALITY as readonly string[]).includes(v.property) || (quality as string[]).includes(v.property));
        expect(some.map((v) => [v.property, v.holds, v.failures])).toEqual(kept.map((v) => [v.property, v.holds, v.failures]));
      }),
      RUNS,
    );
  });
});

/**
 * Where `phis_wf` fails, Isabelle's code test `trivial_code` (the arguments are one value, or it
 * and the phi) differs from `trivial`, which asks that value to be in `allVars`: an argument
 * beyond its node's predecessors is used nowhere. The checkers decide `trivial` and
 * `redundant_set` themselves, on every input.
 */
describe("no_trivial_phis and no_redundant_set where phis_wf fails", () => {
  // 0 (Entry): p = phi(a)   1 <- 0: use p       (a is defined and used nowhere else)
  const entryPhi = (aDefinedAtEntry: boolean) =>
    toTransformed({
      preds: [[], [0]],
      oldDefs: [aDefinedAtEntry ? [0] : [], []],
      oldUses: [[], [0]],
      varCount: 1,
      defs: [aDefinedAtEntry ? [0] : [], []],
      uses: [[], [1]],
      phis: [{ n: 0, v: 1, args: [0] }],
      varOf: [0, 0],
    });
  it("p = phi(a) at Entry, which has no predecessors: trivial_code says trivial; the definition only where a is in allVars (defined somewhere), and so does the checker", () => {
    const alone = entryPhi(false);
    expect(S.phis_wf(alone)).toBe(false);
    expect(trivial_code(1 as Val, alone.phis(0 as Node, 1 as Val)!)).toBe(true);
    expect(S.allVars(alone).has(0 as Val)).toBe(false);
    expect(S.redundant(alone)).toBe(false);
    expect(no_trivial_phis(alone.ssa).holds).toBe(true);
    const defined = entryPhi(true);
    expect(S.redundant(defined)).toBe(true);
    expect(no_trivial_phis(defined.ssa).holds).toBe(false);
  });
  // 0: a :=    1 <- 0: p = phi(a, b)   2 <- 1: use p      (b is defined nowhere and used nowhere else)
  const extraArg = toTransformed({
    preds: [[], [0], [1]],
    oldDefs: [[0], [], []],
    oldUses: [[], [], [0]],
    varCount: 1,
    defs: [[0], [], []],
    uses: [[], [], [1]],
    phis: [{ n: 1, v: 1, args: [0, 2] }],
    varOf: [0, 0, 0],
  });
  it("p = phi(a, b) with one predecessor: b is in no allUses, so p is not trivial, and {p} is no redundant set; the checkers agree", () => {
    expect(S.phis_wf(extraArg)).toBe(false);
    expect(S.allVars(extraArg).has(2 as Val)).toBe(false);
    expect(S.redundant(extraArg)).toBe(false);
    expect(no_trivial_phis(extraArg.ssa).holds).toBe(true);
    expect(someRedundantSet(extraArg)).toBeUndefined();
    expect(no_redundant_set(extraArg.ssa).holds).toBe(true);
  });
  // 0 (Entry): p = phi(q)   1 <- 0: q = phi(p, c)   2 <- 1: use q    (c beyond 1's one predecessor)
  const cycle = toTransformed({
    preds: [[], [0], [1]],
    oldDefs: [[], [], []],
    oldUses: [[], [], [0]],
    varCount: 1,
    defs: [[], [], []],
    uses: [[], [], [1]],
    phis: [
      { n: 0, v: 0, args: [1] },
      { n: 1, v: 1, args: [0, 2] },
    ],
    varOf: [0, 0, 0],
  });
  it("a phi cycle whose one outside argument lies beyond its node's predecessors is no redundant set; its phi whose one argument is in allVars is one", () => {
    expect(S.allVars(cycle).has(2 as Val)).toBe(false);
    // {p}: its one argument q is outside it and in allVars: a redundant set
    expect(someRedundantSet(cycle)).toEqual([0]);
    expect(no_redundant_set(cycle.ssa).holds).toBe(false);
    expect(no_redundant_set(cycle.ssa).witnesses).toEqual([{ kind: "redundantSet", set: [0], outside: 1 }]);
  });
});

describe("necessary phis on request", () => {
  it("every necessary phi gets two paths that converge by the literal pathsConverge, from two definitions of its variable", () => {
    let shown = 0;
    fc.assert(
      fc.property(subjects, (t) => {
        const v = cytronMinimalChecker(t, undefined, { paths: true });
        for (const w of v.evidence ?? []) {
          if (w.kind !== "necessary" || !w.paths) throw new Error("missing paths");
          const [xs, ys] = w.paths;
          expect(pathsConverge(t, xs[0], xs, ys[0], ys, w.node)).toBe(true);
          expect(t.oldDefs(xs[0]).includes(t.var(w.val)) && t.oldDefs(ys[0]).includes(t.var(w.val))).toBe(true);
          shown++;
        }
      }),
      RUNS,
    );
    expect(shown).toBeGreaterThan(20);
  });
});
