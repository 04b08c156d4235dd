/**
 * `parseProgram` is the inverse of `formatProgram`: every generated program (every statement
 * kind, switches with shared labels and empty cases, deep nesting past the print indent) reads
 * back to itself, with the suite's fixed seed (test/setup/seed.ts); without the variables given,
 * it lowers to the same CFG. Errors are one line naming line and column.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatProgram, lowerProgram, parseProgram, structuredProgram, MAX_PRINT_INDENT } from "../../api/arbitraries.js";
import type { Program, Stmt } from "../../api/arbitraries.js";

describe("parseProgram", () => {
  it("parseProgram(formatProgram(p)) is p (the program's variables given)", () => {
    fc.assert(
      fc.property(structuredProgram(), (p) => {
        expect(parseProgram(formatProgram(p), { vars: p.vars })).toEqual(p);
      }),
      { numRuns: 500 },
    );
  });

  it("the same for programs with many variables, deep nesting and wide switches", () => {
    fc.assert(
      fc.property(structuredProgram({ variableCount: 30, maxDepth: 5, maxSwitchCases: 4, maxLabelsPerCase: 3, maxStatements: 80 }), (p) => {
        expect(parseProgram(formatProgram(p), { vars: p.vars })).toEqual(p);
      }),
      { numRuns: 200 },
    );
  });

  it("without the variables, it names those the text uses and lowers to the same CFG", () => {
    fc.assert(
      fc.property(structuredProgram(), (p) => {
        const q = parseProgram(formatProgram(p));
        expect(q.body).toEqual(p.body);
        expect(p.vars.filter((v) => q.vars.includes(v))).toEqual(q.vars);
        expect(lowerProgram(q)).toEqual(lowerProgram(p));
      }),
      { numRuns: 300 },
    );
  });

  it("reads lines beyond the print indent (their depth prefix)", () => {
    let body: Stmt[] = [{ kind: "assign", defs: ["a"], uses: ["b"] }];
    for (let i = 0; i < MAX_PRINT_INDENT + 5; i++) body = [{ kind: "while", cond: ["a"], body }];
    const p: Program = { vars: ["a", "b"], body };
    const text = formatProgram(p);
    expect(text).toContain(`[${MAX_PRINT_INDENT + 5}] a := f(b)`);
    expect(parseProgram(text)).toEqual(p);
  });

  it("reads hand-written text: comments, `;`, an if without else, any function name", () => {
    const p = parseProgram("x := f() // start\nwhile (x) { x := g(x); y := h(x, i) }\nif (y) { return y }\nf(x)");
    expect(p).toEqual({
      vars: ["i", "x", "y"],
      body: [
        { kind: "assign", defs: ["x"], uses: [] },
        { kind: "while", cond: ["x"], body: [{ kind: "assign", defs: ["x"], uses: ["x"] }, { kind: "assign", defs: ["y"], uses: ["x", "i"] }] },
        { kind: "if", cond: ["y"], then: [{ kind: "return", uses: ["y"] }], else: [] },
        { kind: "assign", defs: [], uses: ["x"] },
      ],
    });
  });

  it("labels on one line are one case; on lines of their own, several", () => {
    const one = parseProgram("switch (a) {\n  case 0: case 1:\n    a := f()\n}");
    const two = parseProgram("switch (a) {\n  case 0:\n  case 1:\n    a := f()\n}");
    expect(one.body[0]).toEqual({ kind: "switch", cond: ["a"], cases: [{ labels: 2, body: [{ kind: "assign", defs: ["a"], uses: [] }] }], default: null });
    expect(two.body[0]).toEqual({ kind: "switch", cond: ["a"], cases: [{ labels: 1, body: [] }, { labels: 1, body: [{ kind: "assign", defs: ["a"], uses: [] }] }], default: null });
  });

  it.each([
    ["x := f(y", "line 1, column 9: expected \",\" or \")\", found the end of the input"],
    ["x := y", "line 1, column 7: expected \"(\" after the function name, found the end of the input"],
    ["if (x) {\n  break\n}", "line 2, column 3: break outside a loop or switch"],
    ["while (x) {\n  switch (x) {\n    case 0:\n      continue\n  }\n}\ncontinue", "line 7, column 1: continue outside a loop"],
    ["x := f()\n}", "line 2, column 1: unexpected \"}\""],
    ["x, x := f()", "line 1, column 4: x named twice in one list"],
    ["while := f()", "line 1, column 7: expected \"(\", found \":=\""],
    ["switch (a) {\n  default:\n  case 0:\n}", "line 3, column 3: a case after default (default is the last arm)"],
    ["a := f(b) $", "line 1, column 11: unexpected character \"$\""],
    ["do {\n} until (a)", "line 2, column 3: expected \"while\" after the body of do, found \"until\""],
  ])("rejects %j with one line naming line and column", (text, message) => {
    expect(() => parseProgram(text)).toThrow(new SyntaxError(message));
  });

  it("rejects a variable that is not among the given ones", () => {
    expect(() => parseProgram("a := f(z)", { vars: ["a"] })).toThrow("line 1, column 8: z is not one of the program's variables (a)");
  });
});
