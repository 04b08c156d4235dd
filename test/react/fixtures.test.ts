/**
 * The React Compiler adapter on hand-written JavaScript (test/react/fixtures/*.js): every
 * function that reaches SSA, nested ones included, is certified at both stages (enterSSA and
 * EliminateRedundantPhi), with the phi counts the compiler's own printout shows.
 *
 * Where the numbers come from (see fixtures/README.md): NOT from formal-ssa. A throwaway script
 * ran `transformSync` with babel-plugin-react-compiler 1.0.0 (`compilationMode: "all"`,
 * `panicThreshold: "none"`) and a logger whose `debugLogIRs(v)` printed
 * `printHIR(v.value.body)` for the passes `SSA` and `EliminateRedundantPhi`; `created` and
 * `left` are the `phi(` lines of each function in those two printouts (a nested function's
 * phis are printed indented under its `Function`/`ObjectMethod` instruction). `minimum` was
 * reasoned by hand from the source: a phi wherever two different definitions of a variable (or
 * of a value block's temporary: `&&`, `?:`, `?.`, a default value) reach a join and it is read
 * after it; the comments say which.
 *
 * Theorem (Braun et al. 2013, §3.3; CC 2016's Isabelle model, `phi_count_minimal`): on a
 * reducible CFG, removing trivial phis (and so trivial phi cycles) from the on-the-fly
 * construction leaves minimal SSA. Every CFG the compiler builds from this structured
 * JavaScript is reducible, so `left === minimum` is expected everywhere, and asserted; the
 * minimum is constructed independently by formal-ssa (braun+peel, `constructMinimum`), not taken
 * from the compiler's count.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { DetailOptions } from "../../api/producers.js";
import { validateSources, type ReactOptions, type ReactReport } from "../../api/react_compiler.js";

const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));
const source = (file: string) => ({ name: file, text: readFileSync(FIXTURES + file, "utf8") });

interface Expected {
  name: string;
  line: number;
  created: number;
  left: number;
  minimum: number;
}

/** Per fixture file, its functions in the order the compiler emits them (nested ones after their parent). */
const EXPECTED: Record<string, { functions: Expected[]; skipped?: Array<{ line: number; reason: RegExp }> }> = {
  "loops.js": {
    functions: [
      // i (0 / i++) and s (0 / s + i) at the loop header; n's phi is trivial (never reassigned)
      { name: "sumTo", line: 2, created: 3, left: 2, minimum: 2 },
      // header: n (param / if-join) and steps; if-join: n (n / 2, 3n + 1); steps' join phi is trivial
      { name: "collatz", line: 10, created: 4, left: 3, minimum: 3 },
      // do-while header: i (1 / i * 2); n and unused are never reassigned
      { name: "doubleUntil", line: 23, created: 3, left: 1, minimum: 1 },
    ],
  },
  "labelled.js": {
    functions: [
      // i: outer header; j: inner header; tries: outer header, inner header, the outer update block
      // (from `continue outer` after tries + 1, and from the inner loop's exit), the exit (from
      // `break outer` and the normal exit); found: the exit only (it is set just before `break
      // outer`, so every back edge carries the initial -1). rows and target are never reassigned.
      { name: "findPair", line: 2, created: 18, left: 7, minimum: 7 },
    ],
  },
  "switch.js": {
    functions: [
      // r entering case 1 (10 from case 0, or 0); r entering case 2 (-1 from default, or 0);
      // r and hits at the join after the switch (case 1's break, case 2's break); hits entering
      // case 1 is trivial
      { name: "classify", line: 2, created: 5, left: 4, minimum: 4 },
    ],
  },
  "try.js": {
    functions: [
      // after the try: failed (false / true) and value (JSON.parse / e); the ?: temporary; the
      // catch binding's phi over the five maybe-throw edges is trivial
      { name: "parse", line: 3, created: 4, left: 3, minimum: 3 },
      // the handler reads state: 1 or 2 (maybe-throw edges after each assignment); after the try:
      // state 2 or state + 10. The catch binding's phi is trivial
      { name: "progress", line: 15, created: 3, left: 2, minimum: 2 },
      // loop header: attempts and result (undefined / null from the handler); after the loop:
      // result (f's from `break`, or the header's); attempts, n and f at the handler are trivial
      { name: "retry", line: 28, created: 8, left: 3, minimum: 3 },
    ],
    // the compiler does not lower a finalizer: the function never reaches SSA
    skipped: [{ line: 43, reason: /finalizer \('finally'\)/ }],
  },
  "closures.js": {
    functions: [
      // count is a context variable (captured and reassigned): memory, never an SSA value
      { name: "counter", line: 2, created: 0, left: 0, minimum: 0 },
      { name: "counter > <anonymous>:4:14", line: 4, created: 0, left: 0, minimum: 0 },
      // the for-of iterator temporary, last and total (both context variables) get self-referential
      // phis at the loop header: all three trivial
      { name: "lastCall", line: 12, created: 3, left: 0, minimum: 0 },
      { name: "lastCall > <anonymous>:16:21", line: 16, created: 0, left: 0, minimum: 0 },
      // the iterator temporary and the closure's own g get self-referential phis at the loop
      // header (g's through the closure's lookup, which enterSSA lets into the enclosing function):
      // both trivial
      { name: "walkAll", line: 29, created: 2, left: 0, minimum: 0 },
      // rule and g at the join after the if: trivial (g is a context variable: memory)
      { name: "walkAll > <anonymous>:31:17", line: 31, created: 2, left: 0, minimum: 0 },
      { name: "walkAll > <anonymous>:31:17 > <anonymous>:36:16", line: 36, created: 0, left: 0, minimum: 0 },
    ],
  },
  "destructuring.js": {
    functions: [
      // a and b after the if (swapped / as destructured)
      { name: "swapAndSum", line: 2, created: 2, left: 2, minimum: 2 },
      // the default of width (1 / opts.width) joins in a temporary; area after the if; height's and
      // rest's phis at the default's join are trivial
      { name: "settings", line: 10, created: 4, left: 2, minimum: 2 },
    ],
  },
  "logical.js": {
    functions: [
      // one temporary each for &&, ||, ?? and ?:; the parameters' phis at their joins are trivial
      { name: "pick", line: 2, created: 12, left: 4, minimum: 4 },
      // the temporaries of o?.b (inner), ?.c (outer), ?? and d?.(1); v after the if
      { name: "deep", line: 9, created: 8, left: 4, minimum: 4 },
    ],
  },
  "scope_loop.js": {
    functions: [
      // last at the outer loop header (undefined / 1), read by its test; the do-while header
      // reads nothing
      { name: "lastTaken", line: 5, created: 1, left: 1, minimum: 1 },
    ],
  },
  "nested.js": {
    functions: [
      // total at the for-of header; the iterator's, add's, named's and obj's phis are trivial
      { name: "outer", line: 2, created: 5, left: 1, minimum: 1 },
      // w after `if (w < 0) w = -w`
      { name: "outer > <anonymous>:4:14", line: 4, created: 1, left: 1, minimum: 1 },
      { name: "outer > twice", line: 9, created: 0, left: 0, minimum: 0 },
      // the ?: temporary
      { name: "outer > <anonymous>:13:4", line: 13, created: 1, left: 1, minimum: 1 },
    ],
  },
};

/** Options that make the minimum braun+peel's own construction, never the SSA's count. */
const CONSTRUCTED: ReactOptions & DetailOptions = { constructMinimum: true };

async function validateFixture(file: string, options: ReactOptions = CONSTRUCTED): Promise<ReactReport> {
  return validateSources([source(file)], options);
}

describe("hand-written fixtures: every function certified at both stages, with the compiler's own phi counts", () => {
  for (const [file, expected] of Object.entries(EXPECTED))
    it(`${file}: ${expected.functions.map((f) => f.name).join(", ")}`, async () => {
      const report = await validateFixture(file);
      // the functions found, nested ones included, in order
      expect(report.functions.map((f) => ({ name: f.name, line: f.line }))).toEqual(expected.functions.map(({ name, line }) => ({ name, line })));
      for (const f of report.functions) {
        const want = expected.functions.find((e) => e.name === f.name)!;
        expect({ name: f.name, file: f.file, verdict: f.verdict, reason: f.reason, phis: f.phis }).toEqual({
          name: want.name,
          file,
          verdict: "certified",
          reason: undefined,
          phis: { created: want.created, left: want.left, minimum: want.minimum },
        });
        // both stages certified; each stage's own count is the printout's
        expect(f.stages!.SSA.verdict).toBe("certified");
        expect(f.stages!.EliminateRedundantPhi.verdict).toBe("certified");
        expect(f.stages!.SSA.stats.phis).toBe(want.created);
        expect(f.stages!.EliminateRedundantPhi.stats.phis).toBe(want.left);
        // on reducible CFGs trivial-phi removal is minimal (Braun et al. 2013): left === minimum
        expect(f.phis!.left).toBe(f.phis!.minimum);
        // EliminateRedundantPhi leaves no trivial phis (the model's no_trivial_phis) and no dead ones
        expect(f.stages!.EliminateRedundantPhi.properties.no_trivial_phis?.holds).toBe(true);
        expect(f.stages!.EliminateRedundantPhi.properties.pruned?.holds).toBe(true);
      }
      const created = expected.functions.reduce((s, f) => s + f.created, 0);
      const left = expected.functions.reduce((s, f) => s + f.left, 0);
      expect(report.verdict).toBe("certified");
      expect(report.summary).toMatchObject({
        files: 1,
        compiled: expected.functions.length,
        certified: expected.functions.length,
        rejected: 0,
        unmappable: 0,
        phis_created: created,
        phis_left: left,
        phis_minimum: left,
        skipped: expected.skipped?.length ?? 0,
      });
      expect(report.functions.filter((f) => f.verdict === "unmappable")).toEqual([]);
      expect(report.skipped.map((s) => ({ line: s.line, event: s.event }))).toEqual((expected.skipped ?? []).map((s) => ({ line: s.line, event: "CompileError" })));
      for (const [k, s] of (expected.skipped ?? []).entries()) expect(report.skipped[k].reason).toMatch(s.reason);
    });

  it("all fixtures at once: the totals are the sums, and the minimum taken from a certified, pruned SSA equals the constructed one", async () => {
    const files = Object.keys(EXPECTED);
    const built = await validateSources(files.map(source), CONSTRUCTED);
    const short = await validateSources(files.map(source));
    const all = Object.values(EXPECTED).flatMap((e) => e.functions);
    expect(built.summary).toMatchObject({
      files: files.length,
      compiled: all.length,
      certified: all.length,
      phis_created: all.reduce((s, f) => s + f.created, 0),
      phis_left: all.reduce((s, f) => s + f.left, 0),
      phis_minimum: all.reduce((s, f) => s + f.minimum, 0),
    });
    expect(short.functions.map((f) => [f.name, f.phis])).toEqual(built.functions.map((f) => [f.name, f.phis]));
  });

  it("a build's report (stages: failing, which decides only the quality properties its counts need) says what the full validation says, function by function", async () => {
    const files = Object.keys(EXPECTED);
    const full = await validateSources(files.map(source), CONSTRUCTED);
    const build = await validateSources(files.map(source), { stages: "failing" });
    const line = (f: ReactReport["functions"][number]) => [f.file, f.name, f.line, f.verdict, f.phis];
    expect(build.functions.map(line)).toEqual(full.functions.map(line));
    expect(build.summary).toEqual(full.summary);
    // certified functions keep no stage reports in a build
    expect(build.functions.filter((f) => f.stages !== undefined)).toEqual([]);
  });
});
