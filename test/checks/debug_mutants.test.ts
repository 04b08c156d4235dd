/**
 * Mutants of a producer's debug records are caught with a checkable witness. The producer:
 * braun_ssa (`constructFast`, trivial phis removed by `substAll`) on random CFGs (test/helpers/random_model.ts, up to 8 nodes and 3
 * variables, Entry defining every variable), writing a record `x => v` after every definition
 * and every phi of every value `v` of `x`, as mem2reg and GCC's into-SSA do. Theorems checked:
 *
 * - those records are correct (`debug_correct` holds), and their availability never exceeds the
 *   exact construction's (the points where every path defines the variable);
 * - a record moved past a redefinition (`x => v` taken from `v`'s definition and written after
 *   another definition `w` of `x`) is wrong there: rejected, with a witness naming `x` and `v`
 *   that the literal semantics confirms (its path reaches the point, `s x` differs from `s' v`);
 * - a record pointed at another value (of `x`, defined elsewhere; or of another variable) is
 *   rejected likewise;
 * - a dropped record of a phi is a loss, never a rejection: at the join the incoming locations
 *   differ, so the location is unavailable there (the records still hold, availability drops);
 * - a dropped record of a definition is not only a loss: the location before it stays standing
 *   past the redefinition (as LiveDebugValues and var-tracking keep it), which is wrong at the
 *   definition's point whenever it is available there.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { debug_correct, type DebugVerdict } from "../../checks/debug_info.js";
import { constructFast } from "../../impl/construct_fast.js";
import { Debugged, debugLoc, debugRightOnPath, type DebugRecord } from "../../spec/debug_info.js";
import { path2 } from "../../spec/graph_path.js";
import type { Node, Val, Var } from "../../spec/ids.js";
import { Transformed } from "../../spec/model.js";
import { substAllFast } from "../../impl/notriv_fast.js";
import { modelCfg } from "../helpers/random_model.js";

interface Subject {
  t: Transformed;
  records: DebugRecord[][];
  vars: Var[];
  /** Values defined by a statement (not a phi), with their node. */
  simple: { v: Val; x: Var; n: Node }[];
}

const subjects: fc.Arbitrary<Subject> = modelCfg({ maxNodes: 8, maxVars: 3, maxExtraEdges: 4 }).map((cfg) => {
  // trivial phis removed (substAll), as producers do
  const built = constructFast(cfg);
  const t = new Transformed(cfg, substAllFast(built.ssa), built.transformed.varOf);
  const records: DebugRecord[][] = Array.from({ length: t.nodeCount }, () => []);
  const simple: Subject["simple"] = [];
  for (const [n, v] of t.ssa.phiKeys()) records[n].push({ var: t.var(v), loc: v });
  for (let n = 0; n < t.nodeCount; n++)
    for (const v of t.ssa.defs(n as Node)) {
      records[n].push({ var: t.var(v), loc: v });
      simple.push({ v, x: t.var(v), n: n as Node });
    }
  return { t, records, vars: Array.from({ length: t.old.varCount }, (_, x) => x as Var), simple };
});

const check = (s: Subject, records: DebugRecord[][]): DebugVerdict => debug_correct(s.t, { vars: s.vars, records });

/** Each witness is real: a path from Entry to its point, the location there is the value shown, and it is wrong on the path. */
function expectConfirmed(s: Subject, records: DebugRecord[][], v: DebugVerdict): void {
  const d = new Debugged(s.t, s.vars, records);
  for (const w of v.witnesses) {
    expect(path2(s.t, s.t.Entry, w.path, w.point)).toBe(true);
    expect(debugLoc(d, w.point, w.var)).toBe(w.shown);
    expect(debugRightOnPath(d, w.path, w.var, w.shown)).toBe(false);
  }
}

const copy = (r: DebugRecord[][]) => r.map((rs) => rs.slice());
const available = (v: DebugVerdict) => v.coverage.reduce((s, c) => s + c.available, 0);

describe("debug records: an exact producer's, and its mutants", () => {
  it("the records after every definition and phi hold, with availability at most the exact construction's", () => {
    fc.assert(
      fc.property(subjects, (s) => {
        const v = check(s, s.records);
        expect(v.holds).toBe(true);
        for (const c of v.coverage) expect(c.available).toBeLessThanOrEqual(c.exact);
      }),
      { numRuns: 200 },
    );
  });

  it("a record moved past a redefinition is rejected, with a confirmed witness", () => {
    let applied = 0;
    fc.assert(
      fc.property(subjects, fc.nat(), fc.nat(), (s, i, j) => {
        const pairs = s.simple.flatMap((a) => s.simple.filter((b) => b.x === a.x && b.n !== a.n).map((b) => [a, b] as const));
        if (pairs.length === 0) return;
        applied++;
        const [moved, past] = pairs[(i + j) % pairs.length];
        const records = copy(s.records);
        records[moved.n] = records[moved.n].filter((r) => r.loc !== moved.v);
        records[past.n].push({ var: moved.x, loc: moved.v });
        const v = check(s, records);
        expect(v.holds).toBe(false);
        expect(v.witnesses.some((w) => w.var === moved.x && w.shown === moved.v)).toBe(true);
        expectConfirmed(s, records, v);
      }),
      { numRuns: 200 },
    );
    console.log(`debug mutants: moved past a redefinition in ${applied} of 200 cases`);
    expect(applied).toBeGreaterThan(100);
  });

  it("a record pointed at another value (of its variable defined elsewhere, or of another variable) is rejected, with a confirmed witness", () => {
    let applied = 0;
    fc.assert(
      fc.property(subjects, fc.nat(), fc.nat(), fc.boolean(), (s, i, j, sameVariable) => {
        const at = s.simple[i % s.simple.length];
        const others = s.simple.filter((b) => (sameVariable ? b.x === at.x && b.n !== at.n : b.x !== at.x));
        if (others.length === 0) return;
        applied++;
        const to = others[j % others.length];
        const records = copy(s.records);
        records[at.n] = records[at.n].map((r) => (r.loc === at.v ? { var: r.var, loc: to.v } : r));
        const v = check(s, records);
        expect(v.holds).toBe(false);
        expect(v.witnesses.some((w) => w.var === at.x && w.shown === to.v)).toBe(true);
        expectConfirmed(s, records, v);
      }),
      { numRuns: 200 },
    );
    console.log(`debug mutants: pointed at another value in ${applied} of 200 cases`);
    expect(applied).toBeGreaterThan(100);
  });

  it("a dropped record of a phi is a loss, not a rejection", () => {
    let applied = 0;
    let lost = 0;
    fc.assert(
      fc.property(subjects, fc.nat(), (s, i) => {
        const keys = s.t.ssa.phiKeys();
        if (keys.length === 0) return;
        applied++;
        const [n, phi] = keys[i % keys.length];
        const records = copy(s.records);
        records[n] = records[n].filter((r) => r.loc !== phi);
        const before = check(s, s.records);
        const after = check(s, records);
        expect(after.holds).toBe(true);
        // not always lower: a phi whose incoming locations agree (a trivial phi, `x1 = phi(x0, x1)`)
        // leaves the location standing, and right
        expect(available(after)).toBeLessThanOrEqual(available(before));
        if (available(after) < available(before)) lost++;
      }),
      { numRuns: 400 },
    );
    console.log(`debug mutants: a phi's record dropped in ${applied} of 400 cases, availability lost in ${lost}`);
    expect(applied).toBeGreaterThan(50);
    expect(lost).toBeGreaterThan(applied / 4);
  });

  it("a dropped record of a definition leaves the old location standing past it: wrong where the old value no longer holds the variable", () => {
    let wrong = 0;
    fc.assert(
      fc.property(subjects, fc.nat(), (s, i) => {
        const at = s.simple[i % s.simple.length];
        const records = copy(s.records);
        records[at.n] = records[at.n].filter((r) => r.loc !== at.v);
        const v = check(s, records);
        // at the definition's node the variable holds `v`, which no longer stands anywhere: every
        // available location of x there is some other value, which is wrong (or x is unavailable)
        const d = new Debugged(s.t, s.vars, records);
        const shown = debugLoc(d, at.n, at.x);
        const staleThere = shown !== undefined && shown >= 0;
        expect(v.witnesses.some((w) => w.point === at.n && w.var === at.x)).toBe(staleThere);
        expectConfirmed(s, records, v);
        if (!v.holds) wrong++;
      }),
      { numRuns: 200 },
    );
    console.log(`debug mutants: a definition's record dropped, wrong in ${wrong} of 200 cases`);
    expect(wrong).toBeGreaterThan(20);
  });
});
