/**
 * cli/llvm_stream.ts parses and validates one function at a time; its results must be exactly the
 * whole-module pipeline's (cli/llvm_pipeline.ts), including where the cut does not apply
 * (functions reordered, a name defined twice) and for malformed input, whose one-line message
 * keeps the module's line numbers.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { constructModule, eachFunction, llvmText, renderFunction, type LlvmValidateOptions } from "../../cli/llvm_pipeline.js";
import { defines, streamConstruct, streamValidate } from "../../cli/llvm_stream.js";
import { generatePair } from "./gen_pair.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/llvm/", import.meta.url));
const OPTS: LlvmValidateOptions = { undef: "refine", require: [], progress: false };
const noMs = (x: unknown) => JSON.stringify(x, (k, v) => (k === "milliseconds" ? undefined : v));

function bothWays(before: string, after: string) {
  const render = (r: Parameters<typeof renderFunction>[0]) => renderFunction(r, { json: true });
  const whole = (() => {
    try {
      return eachFunction(llvmText(before, "b.ll"), llvmText(after, "a.ll"), OPTS, render);
    } catch (e) {
      return (e as Error).message;
    }
  })();
  const streamed = (() => {
    try {
      return streamValidate({ text: before, file: "b.ll", lineOffset: 0 }, { text: after, file: "a.ll", lineOffset: 0 }, OPTS, render);
    } catch (e) {
      return (e as Error).message;
    }
  })();
  return { whole: noMs(whole), streamed: noMs(streamed) };
}

describe("validate one function at a time = the whole-module pipeline", () => {
  const names = readdirSync(FIXTURES).filter((f) => f.endsWith(".before.ll"));
  it(`every fixture (${names.length} pairs), reports and constructed documents`, () => {
    for (const n of names) {
      const before = readFileSync(join(FIXTURES, n), "utf8");
      const after = readFileSync(join(FIXTURES, n.replace(".before.ll", ".after.ll")), "utf8");
      expect(defines(before).names.length).toBeGreaterThan(0);
      const { whole, streamed } = bothWays(before, after);
      expect({ n, streamed }).toEqual({ n, streamed: whole });
      const c1 = constructModule(llvmText(before, "b.ll"), { algorithm: "braun", minimize: "peel" }).map((f) => f.doc);
      const c2 = streamConstruct({ text: before, file: "b.ll", lineOffset: 0 }, { algorithm: "braun", minimize: "peel" }).map((f) => f.doc);
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
});
