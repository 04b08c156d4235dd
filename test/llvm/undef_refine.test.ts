/**
 * `--undef refine` against literal bounded definitions, both ways, on random CFGs (the same
 * subjects as test/checks/agreement.test.ts: constructed SSA, its substAll result, mutants).
 * A random set of the original's definitions holds uninitialised content (always some of
 * Entry's, which define every variable, as an alloca's does in LLVM):
 * - equiv: `equivCounterexample(t, bound, wildcard)` (spec/ssa_semantics.ts) finds a path =>
 *   the checker rejects; the checker's witness is a real counterexample under wildcards;
 * - allUses_def_ass up to refinement: the literal definition below (every path from Entry to a
 *   use on which the value is undefined ends with a wildcard as the original's last definition)
 *   fails => the checker rejects; its witness path is such a path with a non-wildcard last
 *   definition;
 * - with uses no wildcard excuses (`strictUses`: where the producer's own value does not
 *   dominate the use), allUses_def_ass fails at such a use exactly where the strict definition
 *   does, and at the others up to refinement, both ways; `"all"` is the strict checker;
 * - without wildcards both are the strict checkers, verdict for verdict;
 * - refinements are counted exactly when strict rejects a use that refine accepts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkTransformed, refinementCount, Verdict } from "../../checks/index.js";
import type { Witness } from "../../checks/verdict.js";
import { constructFast } from "../../impl/construct_fast.js";
import { substAllFast } from "../../impl/notriv_fast.js";
import { path2, paths } from "../../spec/graph_path.js";
import type { Node, Val, Var } from "../../spec/ids.js";
import { allDefs, allUses, phiDefs } from "../../spec/ssa_cfg.js";
import { Cfg, Graph, Rows, SsaCfg, Transformed } from "../../spec/model.js";
import { equivCounterexample, sem, ssaStep, State } from "../../spec/ssa_semantics.js";
import { arbMutation, mutate } from "../helpers/mutate.js";
import { modelCfg } from "../helpers/random_model.js";

const RUNS = { numRuns: 500 };

interface Subject {
  t: Transformed;
  wild: (x: Var, n: Node) => boolean;
  wildKeys: Set<string>;
}

const subjects: fc.Arbitrary<Subject> = fc
  .record({ g: modelCfg(), minimize: fc.boolean(), mutant: fc.option(arbMutation(), { freq: 2 }), pick: fc.array(fc.boolean(), { maxLength: 40 }) })
  .map(({ g, minimize, mutant, pick }) => {
    const c = constructFast(g);
    let t = minimize ? new Transformed(g, substAllFast(c.ssa), c.transformed.varOf) : c.transformed;
    if (mutant) t = mutate(t, mutant.m, mutant.r) ?? t;
    // wildcards: Entry's definitions, and a pseudo-random share of the others
    const wildKeys = new Set<string>();
    let k = 0;
    for (let n = 0; n < g.nodeCount; n++)
      for (const x of g.defs(n as Node)) {
        const chosen = n === 0 ? (pick[k] ?? true) : (pick[k] ?? false) && k % 3 === 0;
        if (chosen) wildKeys.add(`${x}@${n}`);
        k++;
      }
    return { t, wildKeys, wild: (x: Var, n: Node) => wildKeys.has(`${x}@${n}`) };
  });

/** The last original definition of `x` along `ns` (undefined if none). */
function lastDef(t: Transformed, ns: readonly Node[], x: Var): Node | undefined {
  let last: Node | undefined;
  for (const n of ns) if (t.oldDefs(n).includes(x)) last = n;
  return last;
}

/**
 * Literal allUses_def_ass up to refinement, over paths of at most `bound` nodes: a use of `v`
 * (at node m, or as a phi argument at the end of predecessor p) is fine on a path from Entry
 * if some node of the path defines `v`, or the original's last definition of `var v` before
 * the use is a wildcard. Returns a failing (path, val, use) or undefined.
 */
function defAssUpToCounterexample(s: Subject, bound: number): { ns: Node[]; v: Val } | undefined {
  const t = s.t;
  for (let m = 0 as Node; m < t.nodeCount; m++) {
    const phiArgs = phiArgsAtEnd(t, m);
    for (const ns of paths(t, t.Entry, m, bound)) {
      const defined = (v: Val) => ns.some((n) => allDefs(t, n).includes(v));
      const fails = (v: Val, before: readonly Node[]) => {
        if (defined(v)) return false;
        const o = lastDef(t, before, t.var(v));
        return o === undefined || !s.wild(t.var(v), o);
      };
      for (const v of t.uses(m)) if (fails(v, ns.slice(0, -1))) return { ns, v };
      for (const v of phiArgs) if (fails(v, ns)) return { ns, v };
    }
  }
  return undefined;
}

/** The values used at the end of `m` as some phi's argument (phi argument i is used at the end of predecessor i). */
function phiArgsAtEnd(t: Transformed, m: Node): Val[] {
  const out: Val[] = [];
  for (const [n, w] of t.phiKeys()) {
    const preds = t.predecessors(n);
    const args = t.phis(n, w)!;
    for (let i = 0; i < preds.length && i < args.length; i++) if (preds[i] === m) out.push(args[i]);
  }
  return out;
}

/** Uses that no wildcard excuses, drawn per use: statement uses `node:val`, phi arguments `phi#arg` (the checker's phi index). */
interface Strict {
  stmt: Set<string>;
  phiArg: Set<string>;
}

/** The phi index of the phi defining `w` at `n` (the checkers' numbering). */
function phiIndex(t: Transformed, n: Node, w: Val): number {
  for (let p = t.ssa.phiStart[n]; p < t.ssa.phiStart[n + 1]; p++) if (t.ssa.phiDef[p] === w) return p;
  throw new Error("no such phi");
}

/**
 * Literal allUses_def_ass with wildcards and strict uses, over paths of at most `bound` nodes:
 * as `defAssUpToCounterexample`, but a strict use fails on any path that does not define its
 * value, whatever the original's last definition.
 */
function defAssStrictCounterexample(s: Subject, strict: Strict, bound: number): { ns: Node[]; v: Val } | undefined {
  const t = s.t;
  for (let m = 0 as Node; m < t.nodeCount; m++) {
    // the phi arguments used at the end of m: (phi, arg index, value)
    const args: [number, number, Val][] = [];
    for (const [n, w] of t.phiKeys()) {
      const preds = t.predecessors(n);
      const a = t.phis(n, w)!;
      for (let i = 0; i < preds.length && i < a.length; i++) if (preds[i] === m) args.push([phiIndex(t, n, w), i, a[i]]);
    }
    for (const ns of paths(t, t.Entry, m, bound)) {
      const defined = (v: Val) => ns.some((n) => allDefs(t, n).includes(v));
      const fails = (v: Val, before: readonly Node[], isStrict: boolean) => {
        if (defined(v)) return false;
        if (isStrict) return true;
        const o = lastDef(t, before, t.var(v));
        return o === undefined || !s.wild(t.var(v), o);
      };
      for (const v of t.uses(m)) if (fails(v, ns.slice(0, -1), strict.stmt.has(`${m}:${v}`))) return { ns, v };
      for (const [p, i, v] of args) if (fails(v, ns, strict.phiArg.has(`${p}#${i}`))) return { ns, v };
    }
  }
  return undefined;
}

/** Why an equiv witness is not a counterexample under wildcards, or undefined. */
function recheckEquiv(s: Subject, w: Witness): string | undefined {
  const t = s.t;
  if (w.kind !== "equiv") return "kind";
  const m = w.path[w.path.length - 1];
  if (!path2(t, t.Entry, w.path, m)) return "not a path from Entry";
  if (!t.uses(m).includes(w.val)) return "no use there";
  const st = sem(t, w.path)!;
  let s2: State<Val> = ssaStep(t, t.Entry, 0, new Map());
  for (let k = 1; k < w.path.length; k++) s2 = ssaStep(t, w.path[k], w.edges[k - 1], s2);
  const o = st.get(t.var(w.val));
  if (o !== undefined && s.wild(t.var(w.val), o)) return "the original's value is uninitialised here";
  return o !== s2.get(w.val) ? undefined : "no disagreement";
}

/** Why an allUses_def_ass witness is not a failure under wildcards, or undefined. */
function recheckDefAss(s: Subject, w: Witness): string | undefined {
  const t = s.t;
  if (w.kind !== "path" || w.val === undefined) return "kind";
  if (!path2(t, t.Entry, w.path, w.use)) return "not a path from Entry";
  if (!allUses(t, w.use).includes(w.val)) return "no use there";
  if (w.path.some((n) => allDefs(t, n).includes(w.val as Val))) return "the path defines the value";
  const before = w.phiArg ? w.path : w.path.slice(0, -1);
  const o = lastDef(t, before, t.var(w.val));
  return o !== undefined && s.wild(t.var(w.val), o) ? "the original's value is uninitialised there" : undefined;
}

const byName = (vs: Verdict[], p: string): Verdict => vs.find((v) => v.property === p)!;

describe("--undef refine: the checkers against literal definitions with wildcards", () => {
  it("equiv: a bounded literal counterexample implies rejection; every witness is a real counterexample", () => {
    fc.assert(
      fc.property(subjects, (s) => {
        const v = byName(checkTransformed(s.t, { wildcard: s.wild }), "equiv");
        const lit = equivCounterexample(s.t, s.t.nodeCount + 4, s.wild);
        if (lit !== undefined) expect(v.holds).toBe(false);
        for (const w of v.witnesses) expect(recheckEquiv(s, w)).toBeUndefined();
      }),
      RUNS,
    );
  });

  it("allUses_def_ass: a bounded literal failure implies rejection; every witness is a real failure", () => {
    fc.assert(
      fc.property(subjects, (s) => {
        const v = byName(checkTransformed(s.t, { wildcard: s.wild }), "allUses_def_ass");
        const lit = defAssUpToCounterexample(s, s.t.nodeCount + 2);
        if (lit !== undefined) expect(v.holds).toBe(false);
        for (const w of v.witnesses) expect(recheckDefAss(s, w)).toBeUndefined();
      }),
      RUNS,
    );
  });

  it("allUses_def_ass with strict uses: a bounded literal failure implies rejection; every witness is a real failure (a strict use's on any path that does not define it); \"all\" is the strict checker", () => {
    let strictWitnesses = 0;
    fc.assert(
      fc.property(subjects, fc.array(fc.integer({ min: 0, max: 3 }).map((x) => x > 0), { maxLength: 60 }), (s, draw) => {
        // a drawn share of the uses (three in four), statement uses and phi arguments alike
        const strict: Strict = { stmt: new Set(), phiArg: new Set() };
        let k = 0;
        for (let n = 0 as Node; n < s.t.nodeCount; n++) for (const v of s.t.uses(n)) if (draw[k++] ?? false) strict.stmt.add(`${n}:${v}`);
        for (const [n, w] of s.t.phiKeys()) s.t.phis(n, w)!.forEach((_, i) => draw[k++] && strict.phiArg.add(`${phiIndex(s.t, n, w)}#${i}`));
        const strictUses = { use: (n: Node, v: Val) => strict.stmt.has(`${n}:${v}`), phiArg: (p: number, i: number) => strict.phiArg.has(`${p}#${i}`) };
        const v = byName(checkTransformed(s.t, { wildcard: s.wild, strictUses }), "allUses_def_ass");
        const lit = defAssStrictCounterexample(s, strict, s.t.nodeCount + 2);
        if (lit !== undefined) expect(v.holds).toBe(false);
        for (const w of v.witnesses) {
          if (w.kind !== "path" || w.val === undefined) throw new Error("a path witness");
          const at = w.phiArg;
          const isStrict =
            at !== undefined
              ? phiDefs(s.t, at.node).some((d) => s.t.phis(at.node, d)![at.arg] === w.val && strict.phiArg.has(`${phiIndex(s.t, at.node, d)}#${at.arg}`))
              : strict.stmt.has(`${w.use}:${w.val}`);
          const problem = recheckDefAss(s, w);
          if (isStrict && problem === "the original's value is uninitialised there") strictWitnesses++;
          else expect(problem).toBeUndefined();
        }
        // every use strict: the strict checker, witness for witness
        expect(byName(checkTransformed(s.t, { wildcard: s.wild, strictUses: "all" }), "allUses_def_ass")).toEqual(byName(checkTransformed(s.t), "allUses_def_ass"));
      }),
      RUNS,
    );
    // strict uses did fail where a wildcard would have excused them (7 witnesses with the suite's seed)
    expect(strictWitnesses).toBeGreaterThan(5);
  });

  it("refine only ever accepts more, and a use counts as a refinement exactly when strict rejects what refine accepts", () => {
    let refined = 0;
    fc.assert(
      fc.property(subjects, (s) => {
        const strict = checkTransformed(s.t);
        const refine = checkTransformed(s.t, { wildcard: s.wild });
        for (const p of ["equiv", "allUses_def_ass"]) {
          const a = byName(strict, p);
          const b = byName(refine, p);
          if (a.holds) expect({ p, holds: b.holds }).toEqual({ p, holds: true });
          expect(b.failures).toBeLessThanOrEqual(a.failures);
        }
        // every other property is decided as before
        for (let k = 0; k < strict.length; k++)
          if (!["equiv", "allUses_def_ass"].includes(strict[k].property)) expect(refine[k]).toEqual(strict[k]);
        const n = refinementCount(refine);
        expect(refinementCount(strict)).toBe(0);
        if (n > 0) {
          refined++;
          expect(byName(strict, "equiv").holds && byName(strict, "allUses_def_ass").holds).toBe(false);
        }
        if (byName(strict, "equiv").holds && byName(strict, "allUses_def_ass").holds) expect(n).toBe(0);
      }),
      RUNS,
    );
    expect(refined).toBeGreaterThan(5);
  });

  it("without wildcards equiv's verdict is exactly the strict one (no extra fields)", () => {
    fc.assert(
      fc.property(subjects, (s) => {
        const v = byName(checkTransformed(s.t), "equiv");
        expect(Object.keys(v).sort()).toEqual(["failures", "holds", "property", "witnesses"]);
        const lit = equivCounterexample(s.t, s.t.nodeCount + 4);
        if (lit !== undefined) expect(v.holds).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it("a phi of the refined kind: x := ? at Entry; if c then x := 1; use x, with the use reading the definition in the branch", () => {
    // nodes: 0 Entry (defines x, uninitialised), 1 then (x := 1), 2 join (use x); edges 0->1, 0->2, 1->2
    const g = modelCfgFixed();
    expect(phiDefs(g.t, 2 as Node)).toEqual([]);
    const strict = checkTransformed(g.t);
    expect(byName(strict, "equiv").holds).toBe(false);
    expect(byName(strict, "allUses_def_ass").holds).toBe(false);
    const refine = checkTransformed(g.t, { wildcard: g.wild });
    expect(byName(refine, "equiv").holds).toBe(true);
    expect(byName(refine, "allUses_def_ass").holds).toBe(true);
    expect(refinementCount(refine)).toBe(1);
    // with Entry's definition not a wildcard, refine rejects like strict
    const none = checkTransformed(g.t, { wildcard: () => false });
    expect(byName(none, "equiv").holds).toBe(false);
  });
});

function modelCfgFixed(): { t: Transformed; wild: (x: Var, n: Node) => boolean } {
  const graph = Graph.fromLists(0, [[], [0], [0, 1]]);
  const cfg = new Cfg(graph, 1, Rows.from([[0], [0], []]), Rows.from([[], [], [0]]));
  // values: 0 = x at Entry, 1 = x at node 1; the use at 2 reads value 1
  const ssa = new SsaCfg(graph, 2, Rows.from<Val>([[0], [1], []]), Rows.from<Val>([[], [], [1]]), new Int32Array(4), new Int32Array(0), Rows.from<Val>([]));
  return { t: new Transformed(cfg, ssa, Int32Array.from([0, 0])), wild: (x, n) => x === 0 && n === 0 };
}
