/**
 * The line machine (adapters/llvm/read.ts) takes blank lines, comments and labels the quick way
 * and every other line the exact way (comment and bracket scan first, then the instruction to the
 * strict reader). These tests hold the odd forms of a line to the results and errors of their
 * plain counterparts: each text here has a comment, CR line ends, brackets in the comment or a
 * continuation line, and must read exactly like the plain one. Also: the character codes and the
 * keyword tables.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { parseModule } from "../../adapters/llvm/read.js";
import { parseModuleFile } from "./chunks.js";
import { codesOf } from "../../adapters/llvm/read.js";
import { WordTable } from "../../adapters/llvm/intern.js";
import type { LlvmCall, LlvmModule } from "../../adapters/llvm/ir.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/llvm/", import.meta.url));
const fixtureFiles = readdirSync(FIXTURES).filter((f) => f.endsWith(".ll")).sort();

const tmp = mkdtempSync(join(tmpdir(), "llvm-parse-identity-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The module, checked to be the same when streamed in small chunks. */
function parse(text: string): LlvmModule {
  const m = parseModule(text, "t.ll");
  const path = join(tmp, "t.ll");
  writeFileSync(path, text);
  expect(JSON.stringify(parseModuleFile(path, 7))).toBe(JSON.stringify(m));
  return m;
}

/** The message of the MalformedInput, the same when streamed. */
function failure(text: string): string {
  let message = "";
  try {
    parseModule(text, "t.ll");
  } catch (e) {
    message = (e as Error).message;
  }
  expect(message, "expected an error").not.toBe("");
  const path = join(tmp, "t.ll");
  writeFileSync(path, text);
  expect(() => parseModuleFile(path, 7)).toThrow(message.replace(/^t\.ll/, path));
  return message;
}

const same = (a: LlvmModule, b: LlvmModule) => expect(JSON.stringify(a)).toBe(JSON.stringify(b));

describe("the quick and the exact way read the fixtures alike", () => {
  it.each(fixtureFiles)("%s: a comment on every line, non-ASCII and brackets in it", (file) => {
    const text = readFileSync(join(FIXTURES, file), "utf8");
    const commented = text.split("\n").map((l) => `${l} ; é 漢 ( [ { < "`).join("\n");
    same(parse(commented), parse(text));
  });

  it.each(fixtureFiles)("%s: CR LF line ends", (file) => {
    const text = readFileSync(join(FIXTURES, file), "utf8");
    same(parse(text.replace(/\n/g, "\r\n")), parse(text));
  });
});

const fn = (body: string) => `define i32 @f(i32 %a, ptr %p) {\n${body}\n}\n`;

describe("lines the quick way leaves to the exact way", () => {
  it("an instruction whose `to` stands on the next line", () => {
    const call = "declare i32 @g(i32)\ndeclare i32 @__gxx_personality_v0(...)\n";
    const split = parse(
      call +
        "define i32 @f(i32 %a) personality ptr @__gxx_personality_v0 {\nentry:\n  %r = invoke i32 @g(i32 %a)\n          to label %ok unwind label %bad\nok:\n  ret i32 %r\nbad:\n  %lp = landingpad { ptr, i32 }\n          cleanup\n  resume { ptr, i32 } %lp\n}\n",
    );
    const one = parse(
      call +
        "define i32 @f(i32 %a) personality ptr @__gxx_personality_v0 {\nentry:\n  %r = invoke i32 @g(i32 %a) to label %ok unwind label %bad\n\nok:\n  ret i32 %r\nbad:\n  %lp = landingpad { ptr, i32 } cleanup\n\n  resume { ptr, i32 } %lp\n}\n",
    );
    same(split, one);
    expect(split.functions[0].blocks[0].succs).toEqual(["ok", "bad"]);
  });

  it("a comment after an instruction, with a local name, quotes and brackets in it", () => {
    const plain = parse(fn("entry:\n  %x = add i32 %a, 1\n  ret i32 %x"));
    same(parse(fn('entry:\n  %x = add i32 %a, 1 ; uses %a "(" [\n  ret i32 %x ;')), plain);
  });

  it("brackets left open at the end of a line go on over the next lines", () => {
    const plain = parse(fn("entry:\n  switch i32 %a, label %d [ i32 0, label %d ]\n\n\nd:\n  ret i32 0"));
    same(parse(fn("entry:\n  switch i32 %a, label %d [\n    i32 0, label %d\n  ]\nd:\n  ret i32 0")), plain);
  });

  it("a label with an instruction after it", () => {
    const [b] = parse(fn("entry: ret i32 %a ; (")).functions[0].blocks;
    expect([b.label, b.line, b.instrs.map((i) => [i.op, i.operands, i.line])]).toEqual(["entry", 2, [["ret", ["a"], 2]]]);
  });

  it("the same error either way", () => {
    const message = failure(fn("entry:\n  %x = add i32 %a, %b %c\n  ret i32 %x"));
    expect(message).toMatch(/^t\.ll:3: /);
    expect(failure(fn("entry:\n  %x = add i32 %a, %b %c ; (\n  ret i32 %x"))).toBe(message);
    expect(failure(fn("entry:\n  %x = add i32 %a, 1 (\n  ret i32 %x"))).toBe(
      "t.ll:3: unbalanced brackets: the instruction is not closed before the '}' of the function",
    );
  });
});

describe("names and numbers", () => {
  it("a name with digits only is a number: the next unnamed value counts on from it", () => {
    // (LLVM reads `%00` as the number 0, and numbers must come in sequence)
    const m = parse(fn("entry:\n  %00 = add i32 %a, 1\n  add i32 %00, 1\n  %002 = add i32 %a, 2\n  ret i32 %002"));
    const is = m.functions[0].blocks[0].instrs;
    expect(is.map((i) => i.result)).toEqual(["00", "1", "002", null]);
    expect(is[3].operands).toEqual(["002"]);
  });

  it("a number out of sequence, or past 32 bits, is malformed, as LLVM's parser and lexer have it", () => {
    expect(() => parse(fn("entry:\n  %7 = add i32 %a, 1\n  ret i32 %a"))).toThrow(/^t\.ll:\d+: instruction expected to be numbered '%0'$/);
    const big = "123456789012345678901";
    expect(() => parse(fn(`entry:\n  %${big} = add i32 %a, 1\n  ret i32 %a`))).toThrow(/^t\.ll:\d+: invalid value number \(too large\)$/);
  });

  it("non-ASCII characters in quoted names and in constants are kept as written", () => {
    const m = parse(
      'declare void @g(ptr, [3 x i8])\ndefine void @f() {\nentry:\n  %"é x" = alloca i8\n  call void @g(ptr %"é x", [3 x i8] c"é\\00")\n  ret void\n}\n',
    );
    const [alloca, call] = m.functions[0].blocks[0].instrs;
    expect(alloca.result).toBe("é x");
    expect(call.operands).toEqual(["é x"]);
    expect((call as LlvmCall).args[1].value).toEqual({ kind: "const", text: 'c"é\\00"' });
  });
});

describe("character codes and keyword tables", () => {
  it("codes: ASCII as is, anything else 128, one 0 after the end", () => {
    expect([...codesOf("a(é")]).toEqual([97, 40, 128, 0]);
  });

  it("word tables find their words, and only them", () => {
    const words = new WordTable(["load", "store", "lo"]);
    const s = "load lo loads stor store";
    const c = codesOf(s);
    expect([words.find(c, 0, 4), words.find(c, 5, 7), words.find(c, 8, 13), words.find(c, 14, 18), words.find(c, 19, 24)]).toEqual([0, 2, -1, -1, 1]);
  });
});
