/**
 * undef is not poison (adapters/llvm/poison.ts). A read of an uninitialised alloca is undef;
 * mem2reg may put another value there, which is a refinement only if that value cannot be poison.
 * Both directions, on hand-written IR with opt-14's own output (test/fixtures/llvm/hand/poison.*):
 * refinements to values that cannot be poison are reported as refinements; to values that may
 * be, as suspected miscompilations, naming the value and why. And the oracle alone, on snippets.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { validate } from "../../api/llvm.js";
import { parseModule } from "../../adapters/llvm/parse.js";
import { PoisonOracle } from "../../adapters/llvm/poison.js";
import { SourceText } from "../../adapters/llvm/text.js";

const HAND = fileURLToPath(new URL("../fixtures/llvm/hand/", import.meta.url));
const BEFORE = readFileSync(`${HAND}poison.before.ll`, "utf8");
const AFTER = readFileSync(`${HAND}poison.after.ll`, "utf8");

describe("refinements of an uninitialised read: to values that cannot be poison, and to values that may be", () => {
  it("each use certified up to refinement names what mem2reg put there; the ones that may be poison are suspected miscompilations", () => {
    const r = validate(BEFORE, AFTER);
    const of = Object.fromEntries(r.functions.map((f) => [f.name, { verdict: f.verdict, refinements: (f.refinements ?? []).map((x) => ({ to: x.to, poison: x.may_be_poison ?? null })) }]));
    expect(of).toEqual({
      "@arg_may_be_poison": { verdict: "certified", refinements: [{ to: "%a", poison: "the argument %a, which has no noundef attribute" }] },
      "@arg_noundef": { verdict: "certified", refinements: [{ to: "%a", poison: null }] },
      "@nsw_may_be_poison": { verdict: "certified", refinements: [{ to: "%s", poison: expect.stringMatching(/^%s \(add nsw/) }] },
      "@plain_add": { verdict: "certified", refinements: [{ to: "%s", poison: null }] },
      "@frozen": { verdict: "certified", refinements: [{ to: "%f", poison: null }] },
    });
    // the place: the load's block, statement and line in the before text
    const line = BEFORE.split("\n").findIndex((l) => l.includes("%v = load") ) + 1;
    expect(r.functions[0].refinements![0]).toMatchObject({ use: { block: "j", stmt: 0 }, line, value: "x.t.0" });
  });

  it("--undef strict rejects every one of them", () => {
    expect(validate(BEFORE, AFTER, { undef: "strict" }).functions.map((f) => f.verdict)).toEqual(Array(5).fill("rejected"));
  });
});

describe("the oracle: what cannot be poison, and why the rest may be", () => {
  const oracle = (body: string, params = "i32 %a, i32 noundef %n, ptr %p") => {
    const text = `define i32 @f(${params}) {\nentry:\n${body}\n  ret i32 0\n}\ndeclare i32 @g()\n!0 = !{}\n`;
    const fn = parseModule(text, "o.ll").functions[0];
    return new PoisonOracle(fn, new SourceText(text, "o.ll"));
  };

  it("literals, globals, undef and noundef arguments cannot be poison; poison, arguments without noundef and constant expressions may", () => {
    const o = oracle("  %k = add i32 1, 2");
    for (const v of ["1", "-7", "0x3FF0000000000000", "true", "null", "zeroinitializer", "undef", "@g", "%n"]) expect({ v, r: o.mayBePoison(v) }).toEqual({ v, r: null });
    expect(o.mayBePoison("poison")).toBe("poison itself");
    expect(o.mayBePoison("%a")).toMatch(/no noundef/);
    expect(o.mayBePoison("ptrtoint (ptr @g to i32)")).toMatch(/constant expression/);
  });

  it("instructions: flags, loads, calls, shifts, freeze", () => {
    const o = oracle(
      [
        "  %add = add i32 %n, 1",
        "  %nsw = add nsw i32 %n, 1",
        "  %froma = add i32 %a, 1",
        "  %fr = freeze i32 %a",
        "  %ld = load i32, ptr %p, align 4",
        "  %ldn = load i32, ptr %p, align 4, !noundef !0",
        "  %c1 = call i32 @g()",
        "  %c2 = call noundef i32 @g()",
        "  %shc = shl i32 %n, 3",
        "  %shv = shl i32 %n, %n",
        "  %sel = select i1 true, i32 %add, i32 %fr",
      ].join("\n"),
    );
    const r = (v: string) => o.mayBePoison(v);
    expect([r("%add"), r("%fr"), r("%ldn"), r("%c2"), r("%shc"), r("%sel")]).toEqual([null, null, null, null, null, null]);
    expect(r("%nsw")).toMatch(/add nsw/);
    expect(r("%froma")).toMatch(/computed from the argument %a/);
    expect(r("%ld")).toMatch(/a load from memory/);
    expect(r("%c1")).toMatch(/a call without noundef/);
    expect(r("%shv")).toMatch(/a shift by a variable amount/);
  });

  it("constants written in the instruction: poison, and constant expressions, may be poison; literals may not", () => {
    const o = oracle(
      [
        "  %lit = add i32 %n, 7",
        "  %p1 = add i32 %n, poison",
        "  %ce = add i64 ptrtoint (ptr @g to i64), 1",
        "  %ph = select i1 true, i32 %n, i32 poison",
      ].join("\n"),
    );
    expect(o.mayBePoison("%lit")).toBeNull();
    expect(o.mayBePoison("%p1")).toMatch(/computed from poison/);
    expect(o.mayBePoison("%ce")).toMatch(/constant expression \(ptrtoint/);
    expect(o.mayBePoison("%ph")).toMatch(/computed from poison/);
  });

  it("a phi in a loop: defined when everything on the cycle is, and not when one value on it may be poison", () => {
    const loop = (step: string) => {
      const text = `define i32 @f(i32 noundef %n, i32 %a) {\nentry:\n  br label %l\nl:\n  %i = phi i32 [ 0, %entry ], [ %j, %l ]\n  %j = ${step}\n  %c = icmp slt i32 %j, %n\n  br i1 %c, label %l, label %e\ne:\n  ret i32 %i\n}\n`;
      return new PoisonOracle(parseModule(text, "l.ll").functions[0], new SourceText(text, "l.ll"));
    };
    expect(loop("add i32 %i, 1").mayBePoison("%i")).toBeNull();
    expect(loop("add nsw i32 %i, 1").mayBePoison("%i")).toMatch(/add nsw/);
    expect(loop("add i32 %i, %a").mayBePoison("%i")).toMatch(/%a, which has no noundef/);
    // asked from inside the cycle first, then about the phi: the same answers
    const o = loop("add i32 %i, %a");
    expect(o.mayBePoison("%j")).toMatch(/no noundef/);
    expect(o.mayBePoison("%i")).toMatch(/no noundef/);
  });
});
