/**
 * adapters/llvm/stream.ts parses and adapts one function at a time; its results must be exactly
 * the whole-module reading's (`adaptModule` on both modules parsed whole), including where the
 * cut does not apply (functions reordered, a name defined twice) and for malformed input, whose
 * one-line message keeps the module's line numbers.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { toPair } from "../../adapters/llvm/index.js";
import { adaptModule, originalFunction } from "../../adapters/llvm/mem2reg.js";
import { docOf } from "../../io/columns.js";
import { adaptedFunctions, defines, llvmText, originalFunctions, split, type ModuleText } from "../../adapters/llvm/stream.js";
import { constructFunctions } from "../../api/construct.js";
import { validatePair } from "../../api/producers.js";
import { generatePair } from "./gen_pair.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/llvm/", import.meta.url));
const noMs = (x: unknown) => JSON.stringify(x, (k, v) => (k === "milliseconds" ? undefined : v));
const text = (t: string, file: string): ModuleText => ({ text: t, file, lineOffset: 0 });
const OPTS = { undef: "refine" as const, names: { original: "b.ll", ssa: "a.ll" } };

function bothWays(before: string, after: string) {
  const attempt = (run: () => unknown) => {
    try {
      return run();
    } catch (e) {
      return (e as Error).message;
    }
  };
  const whole = attempt(() => {
    const b = llvmText(before, "b.ll");
    const a = llvmText(after, "a.ll");
    return [...adaptModule(b.module, a.module, b.src, a.src)].map((f) => validatePair(toPair(f), "mem2reg", OPTS));
  });
  const streamed = attempt(() => [...adaptedFunctions(text(before, "b.ll"), text(after, "a.ll"))].map((f) => validatePair(toPair(f), "mem2reg", OPTS)));
  return { whole: noMs(whole), streamed: noMs(streamed) };
}

const constructAll = (functions: Iterable<Parameters<typeof constructFunctions>[0][number]>) =>
  constructFunctions([...functions], "b.ll", { algorithm: "braun", minimize: "peel" }).map((f) => f.doc);

describe("validate one function at a time = the whole-module pipeline", () => {
  const names = readdirSync(FIXTURES).filter((f) => f.endsWith(".before.ll"));
  it(`every fixture (${names.length} pairs), reports and constructed documents`, () => {
    for (const n of names) {
      const before = readFileSync(join(FIXTURES, n), "utf8");
      const after = readFileSync(join(FIXTURES, n.replace(".before.ll", ".after.ll")), "utf8");
      expect(defines(before).names.length).toBeGreaterThan(0);
      const { whole, streamed } = bothWays(before, after);
      expect({ n, streamed }).toEqual({ n, streamed: whole });
      const parsed = llvmText(before, "b.ll");
      // the whole module's originals as documents, against the streamed ones in columns
      const c1 = constructAll(parsed.module.functions.map((fn) => docOf(originalFunction(fn, parsed.src).columns)));
      const c2 = constructAll([...originalFunctions(text(before, "b.ll"))].map((f) => f.columns));
      expect(c2).toEqual(c1);
    }
  });

  it("a generated module with a mutant, functions reordered in the after version, a function defined twice", () => {
    const { before, after } = generatePair({ functions: 40, rounds: 2 });
    const mutant = after.replace("%add1 = add nsw i32 %n, 1\n", "%add1 = add nsw i32 %n, 7\n");
    expect(mutant).not.toBe(after);
    const r = bothWays(before, mutant);
    expect(r.streamed).toBe(r.whole);
    expect(r.whole).toMatch(/"verdict":"rejected"/);
    // the last function moved to the front: no cut, the whole-module pairing by name
    const d = defines(after);
    const last = after.slice(d.offsets[d.offsets.length - 1]);
    const reordered = last + "\n" + after.slice(0, d.offsets[d.offsets.length - 1]);
    const r2 = bothWays(before, reordered);
    expect(r2.streamed).toBe(r2.whole);
    expect(r2.whole).not.toMatch(/"verdict":"rejected"/);
    const db = defines(before);
    const first = before.slice(db.offsets[0], db.offsets[1]);
    const twice = bothWays(before + "\n" + first, after);
    expect(twice.streamed).toBe(twice.whole);
    expect(twice.whole).toMatch(/is defined twice/);
  });

  it("malformed input inside a later function and before the first: the same one-line message with the module's line", () => {
    const { before, after } = generatePair({ functions: 10, rounds: 1 });
    const d = defines(after);
    const cut = d.offsets[5];
    const broken = after.slice(0, cut) + after.slice(cut).replace(/\n  br label %[\w.]+\n/, "\n");
    expect(broken).not.toBe(after);
    const r = bothWays(before, broken);
    expect(r.streamed).toBe(r.whole);
    const line = Number(/^"a\.ll:(\d+): /.exec(r.whole)?.[1]);
    expect(line).toBeGreaterThan(d.lineOf(5));
    const head = bothWays("this is not IR\n" + before, after);
    expect(head.streamed).toBe(head.whole);
    expect(head.whole).toMatch(/^"b\.ll:1: /);
  });

  it("shares of a module (worker threads) see the attribute groups and metadata that stand outside their functions", () => {
    for (const [name, k] of [["optnone", 3], ["restrict_inline", 2]] as const) {
      const before = readFileSync(join(FIXTURES, `${name}.before.ll`), "utf8");
      const after = readFileSync(join(FIXTURES, `${name}.after.ll`), "utf8");
      const cut = split(text(before, "b.ll"), text(after, "a.ll"), k);
      // the first share ends before the attribute groups and the metadata, which LLVM prints last
      expect(cut!.shares.length).toBeGreaterThan(1);
      expect(cut!.shares[0].before.text).not.toMatch(/^(attributes #|!\d)/m);
      const shared = cut!.shares.flatMap((sh) => [...adaptedFunctions(sh.before, sh.after!)].map((f) => validatePair(toPair(f), "mem2reg", OPTS)));
      expect(shared.map((r) => r.verdict)).toEqual(defines(before).names.map(() => "certified"));
      expect(noMs(shared)).toBe(bothWays(before, after).whole);
    }
  });
});
