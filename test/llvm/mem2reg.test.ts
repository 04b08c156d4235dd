/**
 * Certifying LLVM's mem2reg (adapters/llvm/mem2reg.ts, api/producers.ts): every function of every
 * fixture (with and without -g, typed and opaque pointers, names kept and discarded) is certified; mutants of the after
 * files are rejected with a witness that the literal semantics confirms; the comparison of the
 * remaining instructions names the place of a change; `--undef strict` and `refine` differ
 * exactly on uninitialised reads; a generated module of 10^5 blocks is certified whole.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { union } from "../../adapters/llvm/mem2reg.js";
import type { DetailOptions } from "../../api/producers.js";
import { validateLlvm, type LlvmFunctionResult } from "./validate.js";
import { recheck } from "../helpers/witness_check.js";
import { generatePair } from "./gen_pair.js";
import { parseModule } from "../../adapters/llvm/read.js";
import { promotion } from "../../adapters/llvm/promote.js";
import { SourceText } from "../../adapters/llvm/text.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/llvm/", import.meta.url));
const sources = readdirSync(join(FIXTURES, "src")).filter((f) => f.endsWith(".c")).map((f) => f.slice(0, -2)).sort();
const VARIANTS = ["", ".g", ".ptr"];
/** And clang's default, names discarded (numbered values and blocks; tests that name them take VARIANTS). */
const ALL_VARIANTS = [...VARIANTS, ".unnamed"];

const text = (f: string) => readFileSync(join(FIXTURES, f), "utf8");

function validate(beforeText: string, afterText: string, opts: DetailOptions = {}, names = ["before.ll", "after.ll"]): LlvmFunctionResult[] {
  return validateLlvm(beforeText, afterText, { keepModel: true, ...opts }, names);
}

function verdict(r: LlvmFunctionResult, property: string) {
  const v = r.verdicts.find((x) => x.property === property);
  if (v === undefined) throw new Error(`no verdict ${property} for ${r.name}`);
  return v;
}

/** The function of `fixture` (`NAME`, `NAME.g`, `NAME.ptr`) validated against a mutated after text. */
function mutantResult(fixture: string, mutate: (after: string) => string, fn: string, opts: DetailOptions = {}): LlvmFunctionResult {
  const after = text(`${fixture}.after.ll`);
  const mutated = mutate(after);
  expect(mutated).not.toBe(after);
  const r = validate(text(`${fixture}.before.ll`), mutated, opts).find((x) => x.name === `@${fn}`);
  if (r === undefined) throw new Error(`no function @${fn}`);
  return r;
}

/** Rejected, and every witness of equiv and allUses_def_ass re-checked with the literal definitions. */
function expectRejectedWithWitness(r: LlvmFunctionResult, property = "equiv"): void {
  expect(r.certified).toBe(false);
  const v = verdict(r, property);
  expect(v.holds).toBe(false);
  expect(v.witnesses.length).toBeGreaterThan(0);
  for (const p of ["equiv", "allUses_def_ass"])
    for (const w of verdict(r, p).witnesses) expect({ property: p, problem: recheck(r.model!, verdict(r, p), w) }).toEqual({ property: p, problem: undefined });
}

describe("the fixtures: every function certified", () => {
  for (const src of sources)
    for (const v of ALL_VARIANTS)
      it(`${src}${v}: before -> after mem2reg`, () => {
        const results = validate(text(`${src}${v}.before.ll`), text(`${src}${v}.after.ll`));
        expect(results.length).toBeGreaterThan(0);
        for (const r of results) {
          expect({ fn: r.name, certified: r.certified, translation: r.translation }).toEqual({ fn: r.name, certified: true, translation: [] });
          // mem2reg's phi count against braun+peel: equal, or every difference explained
          expect(r.differences.filter((d) => d.startsWith("unexplained"))).toEqual([]);
          if (r.differences.length === 0) expect(r.stats.phis).toBe(r.stats.phis_minimum);
        }
      });

  it("phis_minimum taken from a certified, pruned SSA without redundant sets (phi_count_minimal) equals braun+peel's count", () => {
    for (const src of sources)
      for (const v of ALL_VARIANTS) {
        const short = validate(text(`${src}${v}.before.ll`), text(`${src}${v}.after.ll`));
        const built = validate(text(`${src}${v}.before.ll`), text(`${src}${v}.after.ll`), { constructMinimum: true });
        expect(short.map((r) => r.stats.phis_minimum)).toEqual(built.map((r) => r.stats.phis_minimum));
      }
    const { before, after } = generatePair({ functions: 20, rounds: 9 });
    expect(validate(before, after).map((r) => r.stats.phis_minimum)).toEqual(validate(before, after, { constructMinimum: true }).map((r) => r.stats.phis_minimum));
  });

  it("the four variants of a program give the same verdicts and counts", () => {
    for (const src of sources) {
      const counts = ALL_VARIANTS.map((v) =>
        validate(text(`${src}${v}.before.ll`), text(`${src}${v}.after.ll`)).map((r) => [r.name, r.certified, r.stats.phis, r.stats.phis_minimum, r.stats.refinements]),
      );
      for (const c of counts.slice(1)) expect({ src, c }).toEqual({ src, c: counts[0] });
    }
  });

  it("stats per function: mem2reg's phis, the minimum, unreachable blocks, refinements", () => {
    const [pick, both, either] = validate(text("condexpr.before.ll"), text("condexpr.after.ll"));
    expect([pick.name, both.name, either.name]).toEqual(["@pick", "@both", "@either"]);
    for (const r of [pick, both, either]) expect(r.stats).toMatchObject({ phis: 0, phis_minimum: 0, unreachable_blocks: 0, refinements: 0 });
    const [nested] = validate(text("nested.before.ll"), text("nested.after.ll"));
    // n.addr, m.addr, total, i, j
    expect(nested.stats).toMatchObject({ blocks: 17, phis: 7, phis_minimum: 7, promoted: 5 });
  });
});

describe("promotion to the fixpoint: rounds.c (always-inline helpers passing a local's address down)", () => {
  it("the rounds mem2reg needs, per alloca; every variant certified", () => {
    for (const v of VARIANTS) {
      const before = text(`rounds${v}.before.ll`);
      const rounds = Object.fromEntries(
        parseModule(before, "rounds.ll").functions.map((fn) => [fn.name, Math.max(...promotion(fn, new SourceText(before, "rounds.ll")).rounds.values())]),
      );
      // two_levels and three_levels pass the pointer on by value (two rounds); three_rounds passes
      // the address of the parameter slot (`via(&q)`), four_rounds the address of a local holding it
      expect(rounds).toEqual({ two_levels: 2, three_levels: 2, three_rounds: 3, four_rounds: 4 });
      for (const r of validate(before, text(`rounds${v}.after.ll`))) expect({ fn: r.name, certified: r.certified }).toEqual({ fn: r.name, certified: true });
    }
  });

  it("mutants of the third and fourth round's values are rejected with witnesses", () => {
    // the loop's phi takes the value before the increment: v is read one iteration late
    const stale = mutantResult("rounds", (t) => t.replace("[ %add.i.i.i, %for.inc ]", "[ %v.0, %for.inc ]"), "four_rounds");
    expect(stale.certified).toBe(false);
    // the join's arguments swapped: x after the increment, x + 1 without it
    expectRejectedWithWitness(mutantResult("rounds", (t) => t.replace("[ %add.i.i, %if.then ], [ %x, %entry ]", "[ %x, %if.then ], [ %add.i.i, %entry ]"), "three_rounds"));
  });
});

describe("uninitialised reads: --undef strict and refine", () => {
  it("maybe_uninit returns 1 where x may be unset: a refinement, rejected strictly with a witness", () => {
    for (const v of VARIANTS) {
      const refine = validate(text(`uninit${v}.before.ll`), text(`uninit${v}.after.ll`), { undef: "refine" });
      const strict = validate(text(`uninit${v}.before.ll`), text(`uninit${v}.after.ll`), { undef: "strict" });
      const [mr, lr] = refine;
      const [ms, ls] = strict;
      expect(mr.certified).toBe(true);
      expect(mr.stats.refinements).toBe(1);
      expect(mr.differences.some((d) => d.startsWith("undef fold at block if.end"))).toBe(true);
      expect(mr.stats).toMatchObject({ phis: 0, phis_minimum: 1 });
      expectRejectedWithWitness(ms, "equiv");
      const w = verdict(ms, "equiv").witnesses[0];
      expect(w.kind === "equiv" && w.orig !== null).toBe(true); // the original's value is the alloca's
      expect(verdict(ms, "allUses_def_ass").holds).toBe(false);
      // last_value keeps `undef` in its phi: the same translation either way
      expect(lr.certified && ls.certified).toBe(true);
      expect(lr.stats.refinements).toBe(0);
    }
  });

  it("a stored argument given to a load before the store in a loop (mem2reg's single-store path): refine only", () => {
    const before = `define i32 @single_store_loop(i32 %n) {
entry:
  %a = alloca i32, align 4
  br label %h
h:
  %v = load i32, i32* %a, align 4
  store i32 %n, i32* %a, align 4
  %c = icmp eq i32 %v, 0
  br i1 %c, label %h, label %e
e:
  ret i32 %v
}
`;
    // what opt-14 -passes=mem2reg prints
    const after = `define i32 @single_store_loop(i32 %n) {
entry:
  br label %h

h:                                                ; preds = %h, %entry
  %c = icmp eq i32 %n, 0
  br i1 %c, label %h, label %e

e:                                                ; preds = %h
  ret i32 %n
}
`;
    // %n has no noundef: it may be poison, which does not refine the first load's undef, so the
    // refinement is a suspected miscompilation (LLVM's own single-store.ll, llvm/llvm-project#96631)
    const [r] = validate(before, after);
    expect(r.certified).toBe(false);
    expect(r.stats.refinements).toBeGreaterThan(0);
    expect(r.verdicts.every((v) => v.holds)).toBe(true);
    expect(validate(before, after, { acceptUnsoundRefinements: true })[0].certified).toBe(true);
    const noundef = (t: string) => t.replace("@single_store_loop(i32 %n)", "@single_store_loop(i32 noundef %n)");
    expect(validate(noundef(before), noundef(after))[0].certified).toBe(true);
    const [s] = validate(before, after, { undef: "strict" });
    expectRejectedWithWitness(s);
  });
});

describe("mutants of after.ll are rejected with a witness", () => {
  /** The phis mem2reg added (named `%x.N`), with the first two incoming values that differ swapped. */
  function* phiSwaps(after: string): Generator<{ mutated: string; fn: string; line: number }> {
    const lines = after.split("\n");
    let fn = "";
    for (let k = 0; k < lines.length; k++) {
      const d = /^define .*@([\w.]+)\(/.exec(lines[k]);
      if (d) fn = d[1];
      const m = /^(\s*%[\w.]+\.\d+ = phi [^[]+)(\[.*\])(.*)$/.exec(lines[k]);
      if (!m) continue;
      const pairs = m[2].slice(1, -1).split("], [").map((p) => p.trim().split(", "));
      const j = pairs.findIndex((p) => p[0] !== pairs[0][0]);
      if (j < 0) continue;
      [pairs[0][0], pairs[j][0]] = [pairs[j][0], pairs[0][0]];
      const copy = lines.slice();
      copy[k] = `${m[1]}[ ${pairs.map((p) => p.join(", ")).join(" ], [ ")} ]${m[3]}`;
      yield { mutated: copy.join("\n"), fn, line: k + 1 };
    }
  }

  it("every phi of every fixture with two incoming values swapped", () => {
    let count = 0;
    for (const src of sources)
      for (const v of VARIANTS) {
        const before = text(`${src}${v}.before.ll`);
        for (const m of phiSwaps(text(`${src}${v}.after.ll`))) {
          const r = validate(before, m.mutated).find((x) => x.name === `@${m.fn}`)!;
          expectRejectedWithWitness(r);
          count++;
        }
      }
    expect(count).toBeGreaterThanOrEqual(30);
  });

  it("a use of a load's replacement pointed at another value of the same variable", () => {
    const cases: [string, string, string, string][] = [
      // fixture, function, text, replacement; the instructions still correspond (only a value is wrong)
      ["loops", "sum_for", "%add = add nsw i32 %s.0, %i.0", "%add = add nsw i32 0, %i.0"],
      ["nested", "nested", "%add11 = add nsw i32 %total.1, %mul", "%add11 = add nsw i32 %total.0, %mul"],
      ["nested", "nested", "%cmp12 = icmp sgt i32 %total.1, 1000", "%cmp12 = icmp sgt i32 %total.0, 1000"],
      ["irreducible", "irreducible", "%add2 = add nsw i32 %acc.1, %i.1", "%add2 = add nsw i32 %acc.1, 0"],
    ];
    for (const [fixture, fn, from, to] of cases)
      for (const v of VARIANTS) {
        const r = mutantResult(`${fixture}${v}`, (a) => a.replace(from, to), fn);
        expectRejectedWithWitness(r);
        expect(r.translation).toEqual([]);
      }
    // a phi argument that is the stored value of a load only stores use: the load's value is
    // inferred from it (-1), and the load then fails too
    const r = mutantResult(
      "early_return",
      (a) => a.replace("%retval.0 = phi i32 [ -2, %if.then ], [ %i.0, %if.then3 ], [ -1, %for.end ]", "%retval.0 = phi i32 [ -2, %if.then ], [ -1, %if.then3 ], [ -1, %for.end ]"),
      "find",
    );
    expectRejectedWithWitness(r);
    expect(r.translation.map((f) => [f.block, f.message])).toEqual([["if.then3", "the load %7 is replaced by -1, which is not a value stored to %i"]]);
  });

  it("a use of a load's replacement pointed at a value that does not dominate it: not valid SSA, rejected by allUses_def_ass at the load, the pairing holds", () => {
    const r = mutantResult("loops", (a) => a.replace("ret i32 %s.0", "ret i32 %add"), "sum_for");
    expect(r.certified).toBe(false);
    expect(r.translation).toEqual([]);
    // the load of s after the loop is given the store of %add in the body, which does not dominate
    // it: one failure, its witness re-checked with the literal definition (test/pipeline/dominance.test.ts checks the path against the .ll)
    expectRejectedWithWitness(r, "allUses_def_ass");
    expect(verdict(r, "allUses_def_ass").failures).toBe(1);
  });

  it("a replacement computed anew after it was stored (the previous iteration's value is what the load reads)", () => {
    const before = `declare i32 @f()

define i32 @stale(i32 %n) {
entry:
  %x = alloca i32, align 4
  store i32 0, i32* %x, align 4
  br label %h
h:
  %w = call i32 @f()
  %v = load i32, i32* %x, align 4
  store i32 %w, i32* %x, align 4
  %c = icmp eq i32 %v, %n
  br i1 %c, label %e, label %h
e:
  ret i32 %v
}
`;
    // what opt-14 -passes=mem2reg prints
    const after = `declare i32 @f()

define i32 @stale(i32 %n) {
entry:
  br label %h

h:                                                ; preds = %h, %entry
  %x.0 = phi i32 [ 0, %entry ], [ %w, %h ]
  %w = call i32 @f()
  %c = icmp eq i32 %x.0, %n
  br i1 %c, label %e, label %h

e:                                                ; preds = %h
  ret i32 %x.0
}
`;
    expect(validate(before, after)[0].certified).toBe(true);
    // the load replaced by %w, which dominates it, but is this iteration's value, not the stored one
    const [r] = validate(before, after.replace("%c = icmp eq i32 %x.0, %n", "%c = icmp eq i32 %w, %n").replace("ret i32 %x.0", "ret i32 %w"));
    expect(r.certified).toBe(false);
    expect(r.translation.map((f) => [f.block, f.line, f.message])).toEqual([
      ["h", 10, "the load %v is replaced by %w, but on some path %w (line 9) is computed anew after it was stored to %x"],
    ]);
  });

  it("a changed instruction that mem2reg may not touch fails same_instructions at its block and line", () => {
    const before = text("loops.before.ll").split("\n");
    const beforeLine = before.findIndex((l) => l.includes("%inc = add nsw i32 %4, 1")) + 1;
    const after = text("loops.after.ll").split("\n");
    const afterLine = after.findIndex((l) => l.includes("%inc = add nsw i32 %i.0, 1")) + 1;
    const r = mutantResult("loops", (a) => a.replace("%inc = add nsw i32 %i.0, 1", "%inc = add nsw i32 %i.0, 2"), "sum_for");
    expect(r.certified).toBe(false);
    expect(r.translation).toEqual([
      {
        block: "for.inc",
        line: beforeLine,
        afterLine,
        message: "operand 2 of `%inc = add nsw i32 %4, 1` is 1 before and 2 after mem2reg, which do not correspond",
      },
    ]);
    // a deleted instruction (its use in the phi given another value: without a definition the
    // text is no valid IR, which is malformed input), an added one, a changed branch target
    const deleted = mutantResult("loops", (a) => a.replace("  %inc = add nsw i32 %i.0, 1\n", "").replace("[ %inc, %for.inc ]", "[ %i.0, %for.inc ]"), "sum_for");
    expect(deleted.translation[0]).toMatchObject({ block: "for.inc", line: beforeLine });
    const target = mutantResult("nested", (a) => a.replace("br i1 %cmp5, label %if.then6, label %if.end7", "br i1 %cmp5, label %if.end7, label %if.then6"), "nested");
    expect(target.translation[0].block).toBe("for.body4");
    expect(target.translation[0].message).toMatch(/operand 2 .* is label %if.then6 before and label %if.end7 after/);
  });

  it("an old phi (clang's) whose incoming values were changed: the loads it reads get wrong replacements", () => {
    const r = mutantResult("condexpr", (a) => a.replace("%cond = phi i32 [ %a, %cond.true ], [ %b, %cond.false ]", "%cond = phi i32 [ %b, %cond.true ], [ %a, %cond.false ]"), "pick");
    expect(r.certified).toBe(false);
    expect(r.translation.map((f) => [f.block, f.message])).toEqual([
      ["cond.true", "the load %2 is replaced by %b, which is not a value stored to %a.addr"],
      ["cond.false", "the load %3 is replaced by %a, which is not a value stored to %b.addr"],
    ]);
    // and a constant that no store writes
    const c = mutantResult("condexpr", (a) => a.replace("%0 = phi i1 [ false, %entry ], [ %tobool1, %land.rhs ]", "%0 = phi i1 [ true, %entry ], [ %tobool1, %land.rhs ]"), "both");
    expect(c.translation.map((f) => f.block)).toEqual(["land.end"]);
  });
});

describe("what mem2reg does outside the model", () => {
  it("unreachable blocks: left out of the model, counted; their loads and stores keep a poison pointer", () => {
    const before = `define i32 @unr(i32 %x) {
entry:
  %a = alloca i32, align 4
  store i32 %x, i32* %a, align 4
  %v = load i32, i32* %a, align 4
  ret i32 %v
dead:
  store i32 7, i32* %a, align 4
  %w = load i32, i32* %a, align 4
  %z = add i32 %w, 1
  br label %dead2
dead2:
  %q = load i32, i32* %a, align 4
  ret i32 %q
}
`;
    // what opt-14 -passes=mem2reg prints
    const after = `define i32 @unr(i32 %x) {
entry:
  ret i32 %x

dead:                                             ; No predecessors!
  store i32 7, i32* poison, align 4
  %w = load i32, i32* poison, align 4
  %z = add i32 %w, 1
  br label %dead2

dead2:                                            ; preds = %dead
  %q = load i32, i32* poison, align 4
  ret i32 %q
}
`;
    const [r] = validate(before, after);
    expect(r.certified).toBe(true);
    expect(r.stats.unreachable_blocks).toBe(2);
    const [bad] = validate(before, after.replace("%z = add i32 %w, 1", "%z = add i32 %w, 2"));
    expect(bad.translation[0]).toMatchObject({ block: "dead" });
  });

  it("LLVM 14 promotes an alloca loaded with another type (opaque pointers) and changes the type of what the load fed: rejected", () => {
    // clang's __atomic_store_n of a function pointer (sqlite3_config, SQLITE_CONFIG_LOG), reduced
    const before = `@g = global i64 0, align 8

define void @publish(ptr %p) {
entry:
  %tmp = alloca ptr, align 8
  store ptr %p, ptr %tmp, align 8
  %v = load i64, ptr %tmp, align 8
  store atomic i64 %v, ptr @g monotonic, align 8
  ret void
}
`;
    // what opt-14 -opaque-pointers -passes=mem2reg prints: the i64 load replaced by the pointer
    const after = `@g = global i64 0, align 8

define void @publish(ptr %p) {
entry:
  store atomic ptr %p, ptr @g monotonic, align 8
  ret void
}
`;
    const [r] = validate(before, after);
    expect(r.certified).toBe(false);
    expect(r.translation).toEqual([
      {
        block: "entry",
        line: 8,
        afterLine: 5,
        message:
          "`store atomic i64 %v, ptr @g monotonic, align 8` has become `store atomic ptr %p, ptr @g monotonic, align 8`: a suspected miscompilation: mem2reg replaced the load %v (line 7) of type i64 by a value of %tmp's allocated type ptr, which changes this instruction (LLVM 14 promotes a load of another type; later releases do not)",
      },
    ]);
  });

  // The second round, as opt-14 -passes=mem2reg prints it (checked by hand; the fixture
  // inline_ptr.c has the same shape from clang's always_inline).
  const TWICE = `define i32 @twice(i32 %x) {
entry:
  %a = alloca i32, align 4
  %p = alloca i32*, align 8
  store i32* %a, i32** %p, align 8
  %0 = load i32*, i32** %p, align 8
  store i32 5, i32* %0, align 4
  %v = load i32, i32* %a, align 4
  ret i32 %v
}
`;
  const LOOP = `define i32 @loop(i32 %n, i1 %c) {
entry:
  %i = alloca i32, align 4
  %p = alloca i32*, align 8
  store i32 0, i32* %i, align 4
  br i1 %c, label %l, label %r
l:
  store i32* %i, i32** %p, align 8
  br label %head
r:
  store i32* %i, i32** %p, align 8
  br label %head
head:
  %0 = load i32*, i32** %p, align 8
  %1 = load i32, i32* %0, align 4
  %cmp = icmp slt i32 %1, %n
  br i1 %cmp, label %body, label %exit
body:
  %2 = load i32*, i32** %p, align 8
  %3 = load i32, i32* %2, align 4
  %inc = add i32 %3, 1
  store i32 %inc, i32* %2, align 4
  br label %head
exit:
  %4 = load i32, i32* %i, align 4
  ret i32 %4
}
`;
  const LOOP_AFTER = `define i32 @loop(i32 %n, i1 %c) {
entry:
  br i1 %c, label %l, label %r

l:
  br label %head

r:
  br label %head

head:
  %i.0 = phi i32 [ 0, %l ], [ %inc, %body ], [ 0, %r ]
  %cmp = icmp slt i32 %i.0, %n
  br i1 %cmp, label %body, label %exit

body:
  %inc = add i32 %i.0, 1
  br label %head

exit:
  ret i32 %i.0
}
`;

  it("a second round of promotion (an alloca whose address only first-round allocas held) is modelled: certified", () => {
    const [r] = validate(TWICE, `define i32 @twice(i32 %x) {\nentry:\n  ret i32 5\n}\n`);
    expect({ certified: r.certified, translation: r.translation, refinements: r.stats.refinements }).toEqual({ certified: true, translation: [], refinements: 0 });
    // the store through the holder's load is the definition the load of %a reads
    const wrong = validate(TWICE, `define i32 @twice(i32 %x) {\nentry:\n  ret i32 %x\n}\n`)[0];
    expectRejectedWithWitness(wrong);
  });

  it("second round in a loop: the holder's loads are uses of the holder whose value must be the store of the alloca; phis counted", () => {
    const [r] = validate(LOOP, LOOP_AFTER);
    expect({ certified: r.certified, translation: r.translation }).toEqual({ certified: true, translation: [] });
    expect(r.stats.phis).toBe(1);
    // %p's two stores of %i meet at head: mem2reg's phi(%i, %i) -> %i needs a phi of ours there
    expect(r.differences.some((d) => d.startsWith("equal values merged at block head"))).toBe(true);
    // swapped incoming values of the second-round phi: rejected with a witness
    expectRejectedWithWitness(validate(LOOP, LOOP_AFTER.replace("[ 0, %l ], [ %inc, %body ]", "[ %inc, %l ], [ 0, %body ]"))[0]);
  });

  it("second round with the holder uninitialised on a path: a refinement (accepted by refine, rejected by strict)", () => {
    const before = `define i32 @uninit(i1 %c) {
entry:
  %a = alloca i32, align 4
  %p = alloca i32*, align 8
  store i32 1, i32* %a, align 4
  br i1 %c, label %s, label %j
s:
  store i32* %a, i32** %p, align 8
  br label %j
j:
  %0 = load i32*, i32** %p, align 8
  %1 = load i32, i32* %0, align 4
  ret i32 %1
}
`;
    const after = `define i32 @uninit(i1 %c) {
entry:
  br i1 %c, label %s, label %j

s:
  br label %j

j:
  ret i32 1
}
`;
    const [refine] = validate(before, after);
    expect({ certified: refine.certified, refinements: refine.stats.refinements }).toEqual({ certified: true, refinements: 1 });
    const [strict] = validate(before, after, { undef: "strict" });
    expect(strict.certified).toBe(false);
    expect(verdict(strict, "equiv").holds).toBe(false);
  });

  it("second round: a holder load that no store reaches becomes undef in the first round and is no alias of the alloca", () => {
    const before = `define i32 @early(i1 %c) {
entry:
  %a = alloca i32, align 4
  %p = alloca i32*, align 8
  %0 = load i32*, i32** %p, align 8
  store i32* %a, i32** %p, align 8
  store i32 3, i32* %a, align 4
  %1 = load i32, i32* %0, align 4
  ret i32 %1
}
`;
    // opt-14: %0 is undef after the first round, so %a's only user is its store: promoted
    const after = `define i32 @early(i1 %c) {
entry:
  %0 = load i32, i32* undef, align 4
  ret i32 %0
}
`;
    const [r] = validate(before, after);
    expect({ certified: r.certified, translation: r.translation, promoted: r.stats.promoted }).toEqual({ certified: true, translation: [], promoted: 2 });
  });

  it("second round not taken by mem2reg (holder phis in an irreducible loop do not simplify, the alloca stays): certified", () => {
    const before = `define i32 @irr(i1 %c, i1 %d) {
entry:
  %a = alloca i32, align 4
  %p = alloca i32*, align 8
  store i32 0, i32* %a, align 4
  br i1 %c, label %s1, label %s2
s1:
  store i32* %a, i32** %p, align 8
  br label %x
s2:
  store i32* %a, i32** %p, align 8
  br label %y
x:
  %0 = load i32*, i32** %p, align 8
  store i32 1, i32* %0, align 4
  br i1 %d, label %y, label %out
y:
  %1 = load i32*, i32** %p, align 8
  store i32 2, i32* %1, align 4
  br i1 %d, label %x, label %out
out:
  %v = load i32, i32* %a, align 4
  ret i32 %v
}
`;
    const after = `define i32 @irr(i1 %c, i1 %d) {
entry:
  %a = alloca i32, align 4
  store i32 0, i32* %a, align 4
  br i1 %c, label %s1, label %s2

s1:
  br label %x

s2:
  br label %y

x:
  %p.0 = phi i32* [ %a, %s1 ], [ %p.1, %y ]
  store i32 1, i32* %p.0, align 4
  br i1 %d, label %y, label %out

y:
  %p.1 = phi i32* [ %p.0, %x ], [ %a, %s2 ]
  store i32 2, i32* %p.1, align 4
  br i1 %d, label %x, label %out

out:
  %v = load i32, i32* %a, align 4
  ret i32 %v
}
`;
    const [r] = validate(before, after);
    expect({ certified: r.certified, translation: r.translation, promoted: r.stats.promoted, phis: r.stats.phis }).toEqual({ certified: true, translation: [], promoted: 1, phis: 2 });
  });

  it("a third round (an alloca whose address a second-round alloca held): promoted to the fixpoint, certified, with each alloca's round", () => {
    const before = `define i32 @third(i32 %x) {
entry:
  %a = alloca i32, align 4
  %p = alloca i32*, align 8
  %pp = alloca i32**, align 8
  store i32** %p, i32*** %pp, align 8
  %0 = load i32**, i32*** %pp, align 8
  store i32* %a, i32** %0, align 8
  %1 = load i32**, i32*** %pp, align 8
  %2 = load i32*, i32** %1, align 8
  store i32 %x, i32* %2, align 4
  %v = load i32, i32* %a, align 4
  ret i32 %v
}
`;
    const after = `define i32 @third(i32 %x) {
entry:
  ret i32 %x
}
`;
    // `after` is what opt-14 -passes=mem2reg printed for `before`
    const [r] = validate(before, after);
    expect({ certified: r.certified, translation: r.translation, promoted: r.stats.promoted }).toEqual({ certified: true, translation: [], promoted: 3 });
    const fn = parseModule(before, "third.ll").functions[0];
    expect(Object.fromEntries(promotion(fn, new SourceText(before, "third.ll")).rounds)).toEqual({ pp: 1, p: 2, a: 3 });
  });
});

describe("what the rest of the module says: optnone, and metadata numbered anew", () => {
  it("optnone.c: opt leaves the optnone functions alone, and the model promotes nothing in them", () => {
    const rs = validate(text("optnone.before.ll"), text("optnone.after.ll"));
    expect(rs.map((r) => [r.name, r.certified, r.stats.promoted])).toEqual([
      ["@kept_in_memory", true, 0],
      ["@also_kept", true, 0],
      ["@promoted", true, 3],
    ]);
  });

  it("optnone said of a function mem2reg promoted: rejected, naming the attribute", () => {
    // loops.c's functions all stand in group #0; saying optnone there claims opt skipped them
    const before = text("loops.before.ll").replace(/^attributes #0 = \{ noinline nounwind /m, "attributes #0 = { noinline nounwind optnone ");
    expect(before).not.toBe(text("loops.before.ll"));
    const rs = validate(before, text("loops.after.ll"));
    expect(rs.length).toBeGreaterThan(0);
    for (const r of rs) {
      expect(r.certified).toBe(false);
      expect(r.translation[0].message).toMatch(/mem2reg removed %[\w.]+, which no round of promotion makes promotable \(the function is optnone, which opt's passes skip\)/);
    }
  });

  it("optnone taken away from a function opt skipped: rejected, the loads it kept are not mem2reg's", () => {
    const before = text("optnone.before.ll").replace(/^attributes #0 = \{ noinline nounwind optnone /m, "attributes #0 = { noinline nounwind ");
    expect(before).not.toBe(text("optnone.before.ll"));
    const rs = validate(before, text("optnone.after.ll"));
    expect(rs.map((r) => [r.name, r.certified])).toEqual([
      ["@kept_in_memory", false],
      ["@also_kept", false],
      ["@promoted", true],
    ]);
  });

  it("restrict_inline.c: noalias scope declarations whose metadata opt numbered anew are certified; a scope swapped or changed is not", () => {
    const after = text("restrict_inline.after.ll");
    expect(validate(text("restrict_inline.before.ll"), after).map((r) => r.certified)).toEqual([true, true]);
    // sum_twice's second copy declares !13 (out) and !16 (in) after mem2reg: swapped
    const swapped = after
      .replace("scope.decl(metadata !13)", "scope.decl(metadata !TMP)")
      .replace("scope.decl(metadata !16)", "scope.decl(metadata !13)")
      .replace("scope.decl(metadata !TMP)", "scope.decl(metadata !16)");
    expect(swapped).not.toBe(after);
    const [r] = validate(text("restrict_inline.before.ll"), swapped);
    expect(r.certified).toBe(false);
    expect(r.translation[0].message).toBe("operand 2 of `call void @llvm.experimental.noalias.scope.decl(metadata !14)` is !14 before and !16 after mem2reg, which do not correspond");
    // a node's text changed: the scope no longer names %out
    const renamed = after.replace('!14 = distinct !{!14, !15, !"add_into: %out"}', '!14 = distinct !{!14, !15, !"add_into: %a"}');
    expect(renamed).not.toBe(after);
    expect(validate(text("restrict_inline.before.ll"), renamed).map((x) => x.certified)).toEqual([false, true]);
  });

  it("hand/attributes.ll: call-site attribute groups that opt numbered anew are certified; a group changed is not, even under the same number", () => {
    const before = text("hand/attributes.before.ll");
    const after = text("hand/attributes.after.ll");
    // opt printed `{ nounwind readonly }` as #2 and `{ nounwind }` as #3, the other way round
    expect(after).toMatch(/^attributes #2 = \{ nounwind readonly \}$/m);
    expect(validate(before, after).map((r) => [r.name, r.certified])).toEqual([
      ["@f", true],
      ["@h", true],
    ]);
    // @g's call given `{ nounwind }`: after mem2reg that is #3, the number `{ nounwind readonly }` had before
    const weaker = after.replace("%r = call i32 @g(i32 %x) #2", "%r = call i32 @g(i32 %x) #3");
    expect(weaker).not.toBe(after);
    const [f] = validate(before, weaker);
    expect(f.certified).toBe(false);
    expect(f.translation[0].message).toBe("`%r = call i32 @g(i32 %v) #3` has become `%r = call i32 @g(i32 %x) #3`");
    // @h's markers given `{ nounwind readonly }`
    const h = validate(before, after.replaceAll("i8* %p) #3", "i8* %p) #2"))[1];
    expect(h.certified).toBe(false);
    expect(h.translation).toHaveLength(2);
  });

  it("hand/attachments.ll: metadata attachments that opt numbered anew are certified; one changed, dropped or added is not", () => {
    const before = text("hand/attachments.before.ll");
    const after = text("hand/attachments.after.ll");
    // the removed load of %a took !0, !1 and !2 with it: `!range !3` before is `!range !0` after
    expect(after).toMatch(/%r = load i32, i32\* %p, align 4, !range !0, !noundef !1$/m);
    const [f] = validate(before, after);
    expect({ certified: f.certified, translation: f.translation }).toEqual({ certified: true, translation: [] });
    const message = (mutated: string) => {
      expect(mutated).not.toBe(after);
      const [r] = validate(before, mutated);
      expect(r.certified).toBe(false);
      return r.translation.map((x) => x.message);
    };
    // another range node (a valid one: LLVM's verifier reads the node as a range), a node's definition changed
    expect(message(after.replace("!range !0, !noundef !1", "!range !9, !noundef !1") + "!9 = !{i32 5, i32 10}\n")).toEqual([
      "the metadata attachment !range of %r = load (line 12) is !3 before and !9 after mem2reg, which do not correspond",
    ]);
    expect(message(after.replace("!0 = !{i32 0, i32 10}", "!0 = !{i32 0, i32 11}"))).toEqual([
      "the metadata attachment !range of %r = load (line 12) is !3 before and !0 after mem2reg, which do not correspond",
    ]);
    // deep in a node: the tbaa type's name, the loop property of a distinct self-referring node
    expect(message(after.replace('!4 = !{!"int", !5, i64 0}', '!4 = !{!"long", !5, i64 0}'))).toHaveLength(1);
    expect(message(after.replace('!8 = !{!"llvm.loop.mustprogress"}', '!8 = !{!"llvm.loop.unroll.disable"}'))).toEqual([
      "the metadata attachment !llvm.loop of br (line 21) is !10 before and !7 after mem2reg, which do not correspond",
    ]);
    expect(message(after.replace("i32 30, i32 1}", "i32 1, i32 30}"))).toHaveLength(1);
    // dropped and added
    expect(message(after.replace(", !noundef !1", ""))).toEqual(["the metadata attachment !noundef !4 of %r = load (line 12) is missing after mem2reg"]);
    expect(message(after.replace("%t = load i32, i32* %s, align 4, !tbaa !3", "%t = load i32, i32* %s, align 4, !tbaa !3, !invariant.load !1"))).toEqual([
      "mem2reg added the metadata attachment !invariant.load !1 to %t = load (line 14)",
    ]);
    // debug locations are not compared (mem2reg rewrites the debug intrinsics)
    const located = after.replace("%sum = add i32 %inc, %t", "%sum = add i32 %inc, %t, !dbg !1");
    expect(validate(before, located)[0].certified).toBe(true);
  });

  it("hand/types.ll: unnamed types that opt numbered anew are certified; a type changed is not, even under the same number", () => {
    const before = text("hand/types.before.ll");
    const after = text("hand/types.after.ll");
    // %a's type { i32, i32 } was %0 and is %2 after; the list node %1 is %0; { i8, i8 } %2 is %1
    expect(after).toMatch(/^%0 = type \{ i64, %0\* \}\n%1 = type \{ i8, i8 \}\n%2 = type \{ i32, i32 \}$/m);
    const [r] = validate(before, after);
    expect({ certified: r.certified, phis: r.stats.phis, promoted: r.stats.promoted }).toEqual({ certified: true, phis: 1, promoted: 1 });
    // with typed pointers a gep of another type than its pointer's is no valid IR: malformed input
    const typed = after.replace("%b = getelementptr inbounds %1, %1* %m", "%b = getelementptr inbounds %0, %0* %m");
    expect(typed).not.toBe(after);
    expect(() => validate(before, typed)).toThrow(/^after\.ll:22: '%m' defined with type '%1\*' but expected '%0\*'$/);
    // with opaque pointers it is: the gep through %m now indexes the list node, `%1` reads as
    // before but names another type
    const opaque = (t: string) => t.replace(/(%\d+|i8|i64)\*+/g, "ptr");
    const other = opaque(after).replace("%b = getelementptr inbounds %1, ptr %m", "%b = getelementptr inbounds %0, ptr %m");
    expect(other).not.toBe(opaque(after));
    expect(validate(opaque(before), opaque(after))[0].certified).toBe(true);
    expect(validate(opaque(before), other)[0].translation.map((f) => f.message)).toEqual([
      "`%b = getelementptr inbounds %2, ptr %m, i32 0, i32 1` has become `%b = getelementptr inbounds %0, ptr %m, i32 0, i32 1`",
    ]);
    const same = opaque(after).replace("%next = getelementptr inbounds %0, ptr %n", "%next = getelementptr inbounds %1, ptr %n");
    expect(validate(opaque(before), same)[0].translation.map((f) => f.message)).toEqual([
      "`%next = getelementptr inbounds %1, ptr %n, i32 0, i32 1` has become `%next = getelementptr inbounds %1, ptr %n, i32 0, i32 1`",
    ]);
    // the phi of %a given the list node's type: its incoming %s is of %a's type, no valid IR
    const phi = after.replace("%a.0 = phi %2", "%a.0 = phi %0");
    expect(() => validate(before, phi)).toThrow(/^after\.ll:19: '%s' defined with type '%2' but expected '%0'$/);
  });

  it("the same text naming another node: equal numbers are not taken for the same node", () => {
    // after mem2reg, the definitions of !6 (the %out scope list) and !9 (the %in one) trade numbers:
    // `metadata !6` reads as before but now names the %in scope
    const after = text("restrict_inline.after.ll");
    const traded = after.replace(/^!6 = !\{!7\}$/m, "!9 = !{!7}").replace(/^!9 = !\{!10\}$/m, "!6 = !{!10}");
    expect(traded).not.toBe(after);
    const [r] = validate(text("restrict_inline.before.ll"), traded);
    expect(r.certified).toBe(false);
    expect(r.translation[0].message).toMatch(/^operand 2 of `call void @llvm\.experimental\.noalias\.scope\.decl\(metadata !6\)` is !6 before and !6 after mem2reg, which do not correspond$/);
  });
});

describe("a generated module (no clang or opt needed)", () => {
  it("7*10^4 blocks in 5000 functions and one function of 3*10^4 blocks: every function certified, phis minimal", () => {
    for (const o of [
      { functions: 5000, rounds: 4 },
      { functions: 1, rounds: 10000 },
    ]) {
      const { before, after } = generatePair(o);
      const results = validate(before, after, { keepModel: false });
      expect(results).toHaveLength(o.functions);
      for (const r of results) {
        if (!r.certified) throw new Error(`${r.name} rejected: ${JSON.stringify(r.translation.slice(0, 3))}`);
        expect(r.stats.phis).toBe(o.rounds);
        expect(r.stats.phis_minimum).toBe(o.rounds);
      }
    }
  }, 120_000);
});

describe("the value search's union of value sets (mem2reg.ts `union`)", () => {
  // value sets as the search makes them: ascending, no repeats, BOT (-1) and KILL (-2) among the values
  const set = fc.uniqueArray(fc.integer({ min: -2, max: 12 }), { maxLength: 8 }).map((xs) => xs.sort((x, y) => x - y));
  it("is the ascending union, and `a` itself exactly when `b` adds nothing (solve tells a change by identity)", () => {
    fc.assert(
      fc.property(set, set, (a, b) => {
        const u = union(a, b);
        expect(u).toEqual([...new Set([...a, ...b])].sort((x, y) => x - y));
        expect(u === a).toBe(b.every((x) => a.includes(x)));
      }),
      { numRuns: 3000, seed: 2016 },
    );
  });
});
