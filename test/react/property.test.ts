/**
 * Random structured JavaScript through the React Compiler: small functions generated from a tiny
 * grammar (`let` variables, assignments, if/else, while and for loops with break and continue,
 * plain or to a labelled enclosing loop, `&&`/`||`/`??`/`?:` expressions, guarded returns) are
 * compiled by babel-plugin-react-compiler; every one reaches SSA and is certified at both stages
 * (enterSSA, EliminateRedundantPhi).
 *
 * Theorem (Braun et al., "Simple and Efficient Construction of SSA Form", CC 2013; formalised in
 * the CC 2016 Isabelle model, `Minimal_SSA` / `phi_count_minimal`): on a reducible CFG, SSA
 * without trivial phis is minimal. Structured JavaScript (labelled break and continue included)
 * gives reducible CFGs, so the phis EliminateRedundantPhi leaves are as few as any translation
 * needs: `left === minimum`, the minimum being braun+peel's own construction on the same
 * original CFG (`constructMinimum`), not the compiler's count.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DetailOptions } from "../../api/producers.js";
import { validateSources, type ReactOptions } from "../../api/react_compiler.js";

const SEED = 20_161_203;
const RUNS = 40;

const VARS = ["a", "b", "c"];
const READS = [...VARS, "p", "q"];

/** An expression of depth at most `d`. */
function expr(d: number): fc.Arbitrary<string> {
  const leaf = fc.oneof(fc.integer({ min: 0, max: 3 }).map(String), fc.constantFrom(...READS));
  if (d === 0) return leaf;
  const sub = expr(d - 1);
  return fc.oneof(
    { weight: 2, arbitrary: leaf },
    { weight: 2, arbitrary: fc.tuple(sub, fc.constantFrom("+", "-", "<", "===", "&&", "||", "??"), sub).map(([x, op, y]) => `(${x} ${op} ${y})`) },
    { weight: 1, arbitrary: fc.tuple(sub, sub, sub).map(([c, x, y]) => `(${c} ? ${x} : ${y})`) },
  );
}

/** Statements of nesting depth at most `d`, inside the loops labelled `labels` (break and continue allowed when there is one). */
function block(d: number, labels: readonly string[]): fc.Arbitrary<string> {
  return fc.array(stmt(d, labels), { minLength: 1, maxLength: 3 }).map((ss) => ss.join(" "));
}

function stmt(d: number, labels: readonly string[]): fc.Arbitrary<string> {
  const options: Array<{ weight: number; arbitrary: fc.Arbitrary<string> }> = [
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...VARS), expr(2)).map(([v, e]) => `${v} = ${e};`) },
    { weight: 1, arbitrary: fc.tuple(expr(1), expr(1)).map(([c, e]) => `if (${c}) return ${e};`) },
  ];
  // break or continue, of the innermost loop or of a labelled enclosing one
  if (labels.length > 0)
    options.push({
      weight: 2,
      arbitrary: fc.tuple(expr(1), fc.constantFrom("break", "continue"), fc.constantFrom("", ...labels)).map(([c, k, l]) => `if (${c}) ${k}${l === "" ? "" : ` ${l}`};`),
    });
  if (d > 0) {
    const inner = block(d - 1, labels);
    const label = `l${d}`;
    const body = block(d - 1, [...labels, label]);
    const i = `i${d}`;
    options.push(
      { weight: 2, arbitrary: fc.tuple(expr(1), inner).map(([c, t]) => `if (${c}) { ${t} }`) },
      { weight: 2, arbitrary: fc.tuple(expr(1), inner, inner).map(([c, t, e]) => `if (${c}) { ${t} } else { ${e} }`) },
      { weight: 2, arbitrary: fc.tuple(expr(1), body).map(([c, b]) => `${label}: while (${c}) { ${b} }`) },
      { weight: 2, arbitrary: fc.tuple(expr(0), body).map(([n, b]) => `${label}: for (let ${i} = 0; ${i} < ${n}; ${i}++) { a = a + ${i}; ${b} }`) },
    );
  }
  return fc.oneof(...options);
}

/** A whole function: three `let` variables over two parameters, a body, and a return that reads them all. */
const functionSource = block(3, []).map((body) => `function gen(p, q) {\n  let a = p;\n  let b = q;\n  let c = 0;\n  ${body}\n  return a + b + c;\n}\n`);

const CONSTRUCTED: ReactOptions & DetailOptions = { constructMinimum: true };

describe(`random structured functions (fast-check seed ${SEED}, ${RUNS} runs)`, () => {
  it("are compiled to SSA and certified at both stages, and EliminateRedundantPhi leaves the minimum (reducible CFG => trivial-phi removal is minimal, Braun et al. 2013)", async () => {
    let created = 0;
    let removed = 0;
    await fc.assert(
      fc.asyncProperty(functionSource, async (text) => {
        const report = await validateSources([{ name: "gen.js", text }], CONSTRUCTED);
        // the compiler really compiled it: the function reached SSA, none was skipped
        expect(report.summary.compiled).toBeGreaterThanOrEqual(1);
        expect(report.skipped).toEqual([]);
        expect(report.verdict).toBe("certified");
        for (const f of report.functions) {
          expect({ name: f.name, verdict: f.verdict, reason: f.reason }).toEqual({ name: "gen", verdict: "certified", reason: undefined });
          expect(f.stages!.SSA.verdict).toBe("certified");
          expect(f.stages!.EliminateRedundantPhi.verdict).toBe("certified");
          expect(f.phis!.left).toBe(f.phis!.minimum);
          expect(f.phis!.created).toBeGreaterThanOrEqual(f.phis!.left);
          created += f.phis!.created;
          removed += f.phis!.created - f.phis!.left;
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // the programs are not trivial: they make phis, and enterSSA makes redundant ones for the next pass to remove
    expect(created).toBeGreaterThan(RUNS);
    expect(removed).toBeGreaterThan(0);
  });
});
