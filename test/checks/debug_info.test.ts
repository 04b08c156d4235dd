/**
 * `debug_correct` (spec/debug_info.ts, an extension of SSA_Semantics) and its checker
 * (checks/debug_info.ts) agree on small random translations with random debug records
 * (test/helpers/broken_model.ts's translations, valid and broken, up to 7 nodes and 3
 * variables; records per node naming a value of the variable, one defined right there, any
 * value, unavailable, or an opaque location; in most cases (fc.option) random original definitions hold
 * uninitialised content, which puts no point in scope and makes any location right):
 *
 * - the debugger's location at every node, for every tracked variable, equals the literal
 *   meet over all paths (`debugLoc`, exact with its bound): both directions;
 * - every (point, variable) that the bounded literal semantics finds wrong, the checker finds
 *   wrong; every wrong one the checker reports has a witness path that the literal semantics
 *   confirms (from Entry to the point, the location there is the value shown, and `s x` differs
 *   from `s' v` on it): so the checker rejects exactly when the literal definition, read on all
 *   paths, does, which is shown in both directions on the cases (the property is required to
 *   hold in at least 5% of them and fail in at least 5%);
 * - the coverage figures (scope, available, exact construction, not covered) equal the literal
 *   definitions' counts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { debug_correct, TOP } from "../../checks/debug_info.js";
import { alpha_n, path2, paths } from "../../spec/graph_path.js";
import type { Node, Val, Var } from "../../spec/ids.js";
import type { Transformed } from "../../spec/model.js";
import {
  debugCounterexample,
  debugExactAvailable,
  debugInScope,
  debugLoc,
  debugRightOnPath,
  Debugged,
  isOpaque,
  isValueLocation,
  opaque,
  UNAVAILABLE,
  type DebugRecord,
} from "../../spec/debug_info.js";
import { brokenTransformed } from "../helpers/broken_model.js";
import { OutcomeTally } from "../helpers/literal.js";

/** A case: the translation with records, and the original definitions that hold uninitialised content. */
interface Case {
  d: Debugged;
  uninitialised: ((x: Var, n: Node) => boolean) | undefined;
}

/** Random records for a translation: per node up to two, of tracked variables; in most cases some definitions uninitialised. */
function withRecords(t: Transformed): fc.Arbitrary<Case> {
  const N = t.nodeCount;
  const V = t.ssa.valCount;
  const K = t.old.varCount;
  const valuesOf = (x: number) => Array.from({ length: V }, (_, v) => v).filter((v) => t.varOf[v] === x);
  const record = fc.record({ x: fc.nat({ max: K - 1 }), kind: fc.nat({ max: 19 }), pick: fc.nat() });
  return fc
    .record({
      tracked: fc.subarray(Array.from({ length: K }, (_, x) => x), { minLength: 1 }),
      perNode: fc.array(fc.array(record, { maxLength: 2 }), { minLength: N, maxLength: N }),
      // per node and variable, whether its definition there (if any) is uninitialised content
      wild: fc.option(fc.array(fc.boolean(), { minLength: N * K, maxLength: N * K }), { nil: undefined }),
    })
    .map(({ tracked, perNode, wild }) => {
      let opaqueCount = 0;
      const records = perNode.map((rs, n) =>
        rs.map(({ x, kind, pick }): DebugRecord => {
          const own = valuesOf(x);
          const here = t.ssa.defs(n as Node).filter((v) => t.varOf[v] === x);
          const phisHere = t.ssa.phiKeys().filter(([m, v]) => m === n && t.varOf[v] === x).map(([, v]) => v);
          const defined = [...here, ...phisHere];
          let loc: number;
          if (kind < 8 && defined.length > 0) loc = defined[pick % defined.length]; // as a producer writes it
          else if (kind < 13 && own.length > 0) loc = own[pick % own.length]; // a value of the variable
          else if (kind < 15 && V > 0) loc = pick % V; // any value
          else if (kind < 18) loc = UNAVAILABLE;
          else loc = opaque(opaqueCount++);
          return { var: x as Var, loc };
        }),
      );
      const uninitialised = wild === undefined ? undefined : (x: Var, n: Node) => wild[n * K + x];
      return { d: new Debugged(t, tracked as Var[], records), uninitialised };
    });
}

const subjects = brokenTransformed({ maxNodes: 7, maxVars: 3 }).chain(withRecords);
const tally = new OutcomeTally(["debug_correct (literal)", "debug_correct (checker)"]);

describe("debug_correct: the checker agrees with the literal definition", () => {
  it("locations both ways; a bounded literal wrong location is found, every reported one is confirmed; coverage counts equal; each outcome in at least 5% of the cases", () => {
    fc.assert(
      fc.property(subjects, ({ d, uninitialised }) => {
        const t = d.t as Transformed;
        const vars = d.debugVars();
        const v = debug_correct(t, { vars, records: d.records, uninitialised });
        const T = vars.length;
        // locations, both directions
        for (const p of alpha_n(t))
          vars.forEach((x, i) => {
            const lit = debugLoc(d, p, x);
            const got = v.locations[p * T + i];
            expect({ p, x, loc: got === TOP ? undefined : got }).toEqual({ p, x, loc: lit });
          });
        // wrong locations: the bounded literal ones are reported, every reported one is real
        const bound = t.nodeCount + 4;
        const literalWrong = new Set<string>();
        for (const p of alpha_n(t))
          for (const x of vars) {
            const single = new Debugged(t, [x], d.records);
            const only = debugCounterexampleAt(single, p, x, bound, uninitialised);
            if (only) literalWrong.add(`${p}:${x}`);
          }
        const reported = new Set(v.witnesses.map((w) => `${w.point}:${w.var}`));
        expect(v.failures).toBe(v.witnesses.length); // small graphs: every wrong one has its witness
        for (const k of literalWrong) expect({ wrong: k, reported: reported.has(k) }).toEqual({ wrong: k, reported: true });
        for (const w of v.witnesses) {
          expect(path2(t, t.Entry, w.path, w.point)).toBe(true);
          expect(debugLoc(d, w.point, w.var)).toBe(w.shown);
          expect(debugRightOnPath(d, w.path, w.var, w.shown, uninitialised)).toBe(false);
        }
        expect(debugCounterexample(d, bound, 2 * t.nodeCount, uninitialised) === undefined).toBe(literalWrong.size === 0);
        // coverage
        const counts = (x: Var) => (n: Node) => !uninitialised?.(x, n);
        v.coverage.forEach((c) => {
          let scope = 0, exact = 0, available = 0, notCovered = 0;
          for (const p of alpha_n(t)) {
            if (!debugInScope(d, p, c.var, counts(c.var))) continue;
            scope++;
            if (debugExactAvailable(d, p, c.var)) exact++;
            const l = debugLoc(d, p, c.var)!;
            if (isValueLocation(l)) available++;
            else if (isOpaque(l)) notCovered++;
          }
          expect({ ...c, wrong: 0 }).toEqual({ var: c.var, scope, exact, available, notCovered, wrong: 0 });
        });
        tally.add({ "debug_correct (literal)": literalWrong.size === 0, "debug_correct (checker)": v.holds });
        tally.note("with a record of a value of another variable", d.records.some((rs) => rs.some((r) => isValueLocation(r.loc) && t.varOf[r.loc] !== r.var)));
        tally.note("with an available location somewhere", v.coverage.some((c) => c.available > 0));
        tally.note("with uninitialised definitions", uninitialised !== undefined);
        tally.note("held with an available value location somewhere", v.holds && v.coverage.some((c) => c.available > 0));
        tally.note("with an opaque location somewhere", v.coverage.some((c) => c.notCovered > 0));
      }),
      { numRuns: 300 },
    );
    console.log(tally.lines("checks/debug_info: debug_correct").join("\n"));
    expect(tally.tooOneSided()).toEqual([]);
  });
});

/** The literal counterexample at one point and variable (the spec's search, restricted to `p`). */
function debugCounterexampleAt(d: Debugged, p: Node, x: Var, bound: number, uninitialised?: (x: Var, n: Node) => boolean): boolean {
  const l = debugLoc(d, p, x);
  if (l === undefined || !isValueLocation(l)) return false;
  for (const ns of paths(d, d.Entry, p, bound)) if (!debugRightOnPath(d, ns, x, l as Val, uninitialised)) return true;
  return false;
}
