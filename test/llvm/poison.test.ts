/**
 * undef is not poison (adapters/llvm/poison.ts). A read of an uninitialised alloca is undef;
 * mem2reg may put another value there, which is a refinement only if that value cannot be poison.
 * Both directions, on hand-written IR with opt-14's own output (test/fixtures/llvm/hand/poison.*):
 * refinements to values that cannot be poison are reported as refinements; to values that may
 * be, as suspected miscompilations that reject the function (`sound_refinement`), naming the
 * value and why, unless accepted knowingly. LLVM's own single-store.ll under opt-14. And the
 * oracle alone, on snippets.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { validate } from "../../api/llvm.js";
import { formatReport } from "../../api/report.js";
import { ROOT, runMain } from "../cli/cli.js";
import { parseModule } from "../../adapters/llvm/read.js";
import { PoisonOracle } from "../../adapters/llvm/poison.js";
import { SourceText } from "../../adapters/llvm/text.js";

const HAND = fileURLToPath(new URL("../fixtures/llvm/hand/", import.meta.url));
const BEFORE = readFileSync(`${HAND}poison.before.ll`, "utf8");
const AFTER = readFileSync(`${HAND}poison.after.ll`, "utf8");

describe("refinements of an uninitialised read: to values that cannot be poison, and to values that may be", () => {
  it("each use certified up to refinement names what mem2reg put there; those to values that may be poison are suspected miscompilations, which reject the function", () => {
    const r = validate(BEFORE, AFTER);
    const of = Object.fromEntries(r.functions.map((f) => [f.name, { verdict: f.verdict, refinements: (f.refinements ?? []).map((x) => ({ to: x.to, unsound: x.unsound ?? null })) }]));
    expect(of).toEqual({
      "@arg_may_be_poison": { verdict: "rejected", refinements: [{ to: "%a", unsound: "it may be poison: the argument %a, which has no noundef attribute" }] },
      "@arg_noundef": { verdict: "certified", refinements: [{ to: "%a", unsound: null }] },
      "@nsw_may_be_poison": { verdict: "rejected", refinements: [{ to: "%s", unsound: expect.stringMatching(/^it may be poison: %s \(add nsw/) }] },
      "@plain_add": { verdict: "certified", refinements: [{ to: "%s", unsound: null }] },
      "@frozen": { verdict: "certified", refinements: [{ to: "%f", unsound: null }] },
    });
    // the place: the load's block, statement and line in the before text
    const line = BEFORE.split("\n").findIndex((l) => l.includes("%v = load")) + 1;
    expect(r.functions[0].refinements![0]).toMatchObject({ use: { block: "j", stmt: 0 }, line, value: "x.t.0" });
    // what fails is sound_refinement alone, whose witness is the suspected miscompilation, which
    // is also the function's first line
    const f = r.functions[0];
    expect(Object.entries(f.properties).filter(([, p]) => !p.holds).map(([n]) => n)).toEqual(["sound_refinement"]);
    expect(f.properties.sound_refinement.witness!.map((w) => w.text)).toEqual([f.refinements![0].text]);
    expect(f.summary).toBe(
      `suspected miscompilation at block j, statement 0 (line ${line}): x.t.0 is read there uninitialised on some path and became %a, which may be poison (the argument %a, which has no noundef attribute); an uninitialised read is undef, which poison does not refine`,
    );
    expect(r.functions[1].properties.sound_refinement).toEqual({ holds: true });
  });

  it("accepted knowingly (acceptUnsoundRefinements): certified, sound_refinement still fails, marked accepted, and no text calls them suspected miscompilations", () => {
    const r = validate(BEFORE, AFTER, { acceptUnsoundRefinements: true });
    expect(r.functions.map((f) => f.verdict)).toEqual(Array(5).fill("certified"));
    const p = r.functions[0].properties.sound_refinement;
    expect(p).toMatchObject({ holds: false, failures: 1, accepted: true });
    expect(p.witness![0].text).toMatch(/^not a refinement, accepted by --accept-unsound-refinements, at block j, statement 0 \(line \d+\): x\.t\.0 .* which may be poison/);
    const text = formatReport(r);
    expect(text).not.toMatch(/suspected miscompilation/);
    expect(text).toContain("(2 not refinements, accepted by --accept-unsound-refinements)");
    expect(text).toMatch(/^certified: 5 of 5 functions certified$/m);
  });

  it("--undef strict rejects every one of them", () => {
    expect(validate(BEFORE, AFTER, { undef: "strict" }).functions.map((f) => f.verdict)).toEqual(Array(5).fill("rejected"));
  });
});

describe("LLVM's own regression test Transforms/Mem2Reg/single-store.ll under opt-14 (test/fixtures/llvm/hand/single-store.*)", () => {
  const before = readFileSync(`${HAND}single-store.before.ll`, "utf8");
  const after = readFileSync(`${HAND}single-store.after.ll`, "utf8");
  const lineOf = (text: string) => before.split("\n").findIndex((l) => l.includes(text)) + 1;

  it("@single_store_maybe_poison, which LLVM marks a miscompile (llvm/llvm-project#96631), is rejected as a suspected miscompilation; @single_store_cant_be_poison (noundef) is certified", () => {
    const r = validate(before, after);
    const f = Object.fromEntries(r.functions.map((x) => [x.name, x]));
    expect(f["@single_store_maybe_poison"].verdict).toBe("rejected");
    expect(f["@single_store_maybe_poison"].summary).toMatch(/^suspected miscompilation at block exit, statement 0 \(line \d+\): a\.if\.0 .* became %x, which may be poison \(the argument %x, which has no noundef attribute\)/);
    expect(f["@single_store_cant_be_poison"].verdict).toBe("certified");
    expect(f["@single_store_cant_be_poison"].refinements).toMatchObject([{ to: "%x", text: expect.stringMatching(/^refinement at .* which cannot be poison$/) }]);
    expect(r.verdict).toBe("rejected");
  });

  it("@single_store_literal_poison: opt-14 returns poison where the alloca is uninitialised on one path (llvm/llvm-project#97702, fixed in LLVM 19): poison does not refine undef, so it is rejected too", () => {
    expect(after).toMatch(/ret i8 poison/);
    const f = validate(before, after).functions.find((x) => x.name === "@single_store_literal_poison")!;
    expect(f.verdict).toBe("rejected");
    expect(f.summary).toBe(
      `suspected miscompilation at block exit, statement 0 (line ${lineOf("%v = load i8, ptr %a")}): a.if.0 is read there uninitialised on some path and became poison, which may be poison (poison itself); an uninitialised read is undef, which poison does not refine`,
    );
    // the same function with undef in place of poison is a refinement (undef refines the stored poison)
    const fixed = after.replace("ret i8 poison", "ret i8 undef");
    expect(validate(before, fixed).functions.find((x) => x.name === "@single_store_literal_poison")!.verdict).toBe("certified");
    // and a store of undef that mem2reg turned into poison is not
    const undefStored = before.replace("store i8 poison, ptr %a", "store i8 undef, ptr %a");
    expect(validate(undefStored, after).functions.find((x) => x.name === "@single_store_literal_poison")!.verdict).toBe("rejected");
  });

  it("the command: exit 1, the function's first line says suspected miscompilation; --accept-unsound-refinements: exit 0", async () => {
    const files = [`${HAND}single-store.before.ll`, `${HAND}single-store.after.ll`];
    const r = await runMain(["validate", ...files], ROOT);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^function @single_store_maybe_poison: rejected: suspected miscompilation at block exit, statement 0 \(line \d+\): /m);
    expect(r.stdout).toMatch(/^rejected: 1 of 3 functions certified$/m);
    const accepted = await runMain(["validate", ...files, "--accept-unsound-refinements"], ROOT);
    expect(accepted.stdout).toMatch(/^certified: 3 of 3 functions certified$/m);
    expect(accepted.stdout).not.toMatch(/suspected/);
    expect(accepted.status).toBe(0);
  });
});

describe("a long chain of defined values (test/fixtures/llvm/hand/poison-chain.*: fuzz --target llvm-mem2reg, seed 1102, case 966089, opt-14)", () => {
  it("is certified: every refinement is to a value that cannot be poison (a bounded search once gave up on its 25-value chain through four loops' phis and rejected the function)", () => {
    const r = validate(readFileSync(`${HAND}poison-chain.before.ll`, "utf8"), readFileSync(`${HAND}poison-chain.after.ll`, "utf8"));
    expect(r.functions.map((f) => f.verdict)).toEqual(["certified"]);
    const refinements = r.functions[0].refinements!;
    expect(refinements.length).toBeGreaterThan(0);
    for (const x of refinements) expect({ to: x.to, unsound: x.unsound ?? null, text: x.text }).toEqual({ to: x.to, unsound: null, text: expect.stringMatching(/which cannot be poison$/) });
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

  it("depth is no limit: 5,000 plain additions from a noundef argument cannot be poison; from an argument without noundef, the reason is the chain, its first links named and the rest counted", () => {
    const chain = (from: string) => {
      const lines = [`  %x0 = add i32 ${from}, 1`];
      for (let k = 1; k < 5000; k++) lines.push(`  %x${k} = ${k % 2 === 0 ? "xor" : "add"} i32 %x${k - 1}, ${k}`);
      return oracle(lines.join("\n"));
    };
    expect(chain("%n").mayBePoison("%x4999")).toBeNull();
    expect(chain("%a").mayBePoison("%x4999")).toBe(
      "%x4999, computed from %x4998, computed from %x4997, computed from %x4996, computed from %x4995, computed from %x4994, computed from %x4993, computed from %x4992, computed from 4992 more values, computed from the argument %a, which has no noundef attribute",
    );
    // two loops' phis feeding each other, with no source on the cycle: defined
    const text = [
      "define i32 @f(i32 noundef %n) {",
      "entry:\n  br label %l1",
      "l1:\n  %i = phi i32 [ 0, %entry ], [ %k, %l2 ]\n  %j = add i32 %i, 1\n  br label %l2",
      "l2:\n  %p = phi i32 [ %j, %l1 ], [ %k, %l2 ]\n  %k = mul i32 %p, %n\n  %c = icmp slt i32 %k, %n\n  br i1 %c, label %l2, label %l1",
      "}",
    ].join("\n");
    const o = new PoisonOracle(parseModule(text, "c.ll").functions[0], new SourceText(text, "c.ll"));
    expect(["%i", "%j", "%p", "%k", "%c"].map((v) => o.mayBePoison(v))).toEqual([null, null, null, null, null]);
  });
});
