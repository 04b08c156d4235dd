/**
 * The SPIR-V readers (adapters/spirv/binary.ts, text.ts, read.ts): both forms of every fixture
 * read to the same module (same opcodes, operand words and id flags; ids one to one), `show`
 * gives one line per instruction (spirv-dis's own line for the fixtures), malformed inputs give
 * their exact one-line message, either byte order reads the same, `looksLikeSpirv` tells SPIR-V
 * from the other inputs; and, against the real tools, spirv-dis --raw-id of each binary reads
 * to exactly its words and ids, and spirv-as of hand-written assembly to what the text reader
 * makes of it. The fixtures come from scripts/regen-spirv-fixtures.sh (test/fixtures/spirv/).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { readBinary } from "../../adapters/spirv/binary.js";
import { MAGIC, Op, type SpvModule } from "../../adapters/spirv/module.js";
import { looksLikeSpirv, readSpirv } from "../../adapters/spirv/read.js";
import { readText } from "../../adapters/spirv/text.js";
import { MalformedInput } from "../../spec/errors.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const FIXTURES = join(ROOT, "test/fixtures/spirv");
const SOURCES = readdirSync(join(FIXTURES, "src"))
  .filter((f) => /\.(frag|comp)$/.test(f))
  .map((f) => f.replace(/\.(frag|comp)$/, ""))
  .sort();
const VARIANTS = ["before", "after", "inl.before", "inl.after"];
const FILES = SOURCES.flatMap((s) => VARIANTS.map((v) => `${s}.${v}`));

const tmp = mkdtempSync(join(tmpdir(), "spirv-read-test-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const bytesOf = (file: string): Uint8Array => new Uint8Array(readFileSync(join(FIXTURES, file)));
const textOf = (file: string): string => readFileSync(join(FIXTURES, file), "utf8");

/**
 * The first difference between two modules, or undefined if they are the same up to a one-to-one
 * correspondence of ids (the same ids exactly when `exact`): the same instructions, each with the
 * same opcode, operand words (ids through the correspondence) and id flags. The correspondence is
 * one for the whole module: result ids, result types and operands alike.
 */
function difference(a: SpvModule, b: SpvModule, exact: boolean): string | undefined {
  const fwd = new Map<number, number>();
  const back = new Map<number, number>();
  const sameId = (x: number, y: number): boolean => {
    if (exact) return x === y;
    const fx = fwd.get(x);
    const by = back.get(y);
    if (fx === undefined && by === undefined) {
      fwd.set(x, y);
      back.set(y, x);
      return true;
    }
    return fx === y && by === x;
  };
  if (a.version !== b.version) return `version ${a.version.toString(16)} vs ${b.version.toString(16)}`;
  if (exact && a.bound !== b.bound) return `bound ${a.bound} vs ${b.bound}`;
  const n = Math.min(a.instructions.length, b.instructions.length);
  for (let k = 0; k < n; k++) {
    const x = a.instructions[k];
    const y = b.instructions[k];
    const at = `instruction ${k}: ${a.place(x)} ${a.show(x)} vs ${b.place(y)} ${b.show(y)}`;
    if (x.opcode !== y.opcode) return `${at}: opcode`;
    if ((x.resultType === 0) !== (y.resultType === 0) || (x.resultType !== 0 && !sameId(x.resultType, y.resultType))) return `${at}: result type`;
    if ((x.result === 0) !== (y.result === 0) || (x.result !== 0 && !sameId(x.result, y.result))) return `${at}: result id`;
    if (x.operands.length !== y.operands.length || x.isId.length !== x.operands.length || y.isId.length !== y.operands.length)
      return `${at}: ${x.operands.length} vs ${y.operands.length} operand words`;
    for (let j = 0; j < x.operands.length; j++) {
      if (x.isId[j] !== y.isId[j]) return `${at}: word ${j} is an id in one and not the other`;
      if (x.isId[j] ? !sameId(x.operands[j], y.operands[j]) : x.operands[j] !== y.operands[j]) return `${at}: word ${j}: ${x.operands[j]} vs ${y.operands[j]}`;
    }
  }
  if (a.instructions.length !== b.instructions.length) return `${a.instructions.length} vs ${b.instructions.length} instructions`;
  return undefined;
}

/** The message of the MalformedInput `f` throws, checked to be exactly one line. */
function malformed(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(MalformedInput);
    const message = (e as Error).message;
    expect(message).not.toContain("\n");
    return message;
  }
  throw new Error("no MalformedInput");
}

/** A binary of these words, little-endian. */
function bin(...words: number[]): Uint8Array {
  const out = new Uint8Array(4 * words.length);
  const view = new DataView(out.buffer);
  words.forEach((w, k) => view.setUint32(4 * k, w >>> 0, true));
  return out;
}
/** The same bytes with every word's bytes reversed (the other byte order). */
function swapped(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  for (let k = 0; k + 3 < bytes.length; k += 4) {
    out[k] = bytes[k + 3];
    out[k + 1] = bytes[k + 2];
    out[k + 2] = bytes[k + 1];
    out[k + 3] = bytes[k];
  }
  return out;
}
const OP_MEMORY_MODEL = 14;
const HEADER = [MAGIC, 0x00010000, 0, 10, 0];
const inst = (opcode: number, ...operands: number[]): number[] => [((operands.length + 1) << 16) | opcode, ...operands];

// a seeded generator (mulberry32) for the mutation tests
const SEED = Number(process.env.FC_SEED ?? 20_161_017); // fixed: the suite seed (test/setup/global.ts)
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

describe("the fixtures", () => {
  it(`exist for every source and variant (${SOURCES.length} sources: ${SOURCES.join(", ")})`, () => {
    expect(SOURCES).toEqual(["access_chain", "early_return", "logic", "loops", "params", "switch", "uninit"]);
    const missing = FILES.flatMap((f) => [`${f}.spv`, `${f}.spvasm`]).filter((f) => !existsSync(join(FIXTURES, f)));
    expect(missing, "run: bash scripts/regen-spirv-fixtures.sh").toEqual([]);
  });

  it("are what their names say: OpVariables of Function storage before, OpPhi after --ssa-rewrite, no calls once inlined", () => {
    const count = (m: SpvModule, op: number) => m.instructions.filter((i) => i.opcode === op).length;
    for (const s of SOURCES) {
      const before = readBinary(bytesOf(`${s}.before.spv`), s);
      const after = readBinary(bytesOf(`${s}.after.spv`), s);
      expect(count(before, Op.Phi), s).toBe(s === "logic" ? 2 : 0); // glslang's own phis of && and ||
      expect(count(after, Op.Load), s).toBeLessThan(count(before, Op.Load));
      // early_return's values meet only at returns, params's only in the callee (its locals are pointers)
      if (s === "early_return" || s === "params") expect(count(after, Op.Phi), s).toBe(0);
      else expect(count(after, Op.Phi), s).toBeGreaterThan(count(before, Op.Phi));
      // early_return's callee returns early: the inliner leaves it (spirv-opt warns), the others inline
      const calls = count(readBinary(bytesOf(`${s}.inl.before.spv`), s), Op.FunctionCall);
      expect(calls, s).toBe(s === "early_return" ? 1 : 0);
    }
    const sw = readText(textOf("switch.before.spvasm"), "switch");
    const op = sw.instructions.find((i) => i.opcode === Op.Switch)!;
    // 0 -> %13, 1 and 2 -> one block %14, 7 -> %15
    expect(sw.show(op)).toBe("OpSwitch %12 %16 0 %13 1 %14 2 %14 7 %15");
  });
});

describe("binary and text give the same module", () => {
  it.each(FILES)("%s: readBinary(.spv) and readText(.spvasm), ids one to one", (f) => {
    const b = readBinary(bytesOf(`${f}.spv`), `${f}.spv`);
    const t = readText(textOf(`${f}.spvasm`), `${f}.spvasm`);
    expect(b.form).toBe("binary");
    expect(t.form).toBe("text");
    expect(difference(b, t, false)).toBeUndefined();
    // spirv-dis's header comments: version and bound
    expect(t.version).toBe(b.version);
    expect(t.bound).toBeGreaterThanOrEqual(b.bound);
    // readSpirv picks the form by the magic number
    expect(difference(readSpirv({ bytes: bytesOf(`${f}.spv`), name: f }), b, true)).toBeUndefined();
    expect(difference(readSpirv({ bytes: bytesOf(`${f}.spvasm`), name: f }), t, true)).toBeUndefined();
    expect(difference(readSpirv({ text: textOf(`${f}.spvasm`), name: f }), t, true)).toBeUndefined();
  });

  it("numbers text ids as module.ts says: %12 is 12, names above the largest number in order of first appearance", () => {
    const m = readText("; Bound: 3\n%b = OpTypeBool\n%7 = OpTypeVoid\n%fn = OpTypeFunction %7\n%a = OpTypeFunction %b", "t");
    expect(m.instructions.map((i) => i.result)).toEqual([8, 7, 9, 10]);
    expect(m.instructions[3].operands).toEqual([8]);
    expect(m.bound).toBe(11);
    expect([8, 7, 9, 10, 3].map((id) => m.idName(id))).toEqual(["b", "7", "fn", "a", "3"]);
    expect(m.version).toBe(0x00010000);
    const declared = readText("; SPIR-V\n; Version: 1.5\n; Bound: 40\n%1 = OpTypeVoid\n", "t");
    expect([declared.version, declared.bound]).toEqual([0x00010500, 40]);
    // in order of appearance in the text: the result before its type; %0 and %007 are names
    const order = readText("%u = OpUndef %later\n%later = OpTypeBool\n%0 = OpTypeVoid\n%007 = OpTypeVoid", "t");
    expect(order.instructions.map((i) => [i.result, i.resultType])).toEqual([[1, 2], [2, 0], [3, 0], [4, 0]]);
    expect(order.idName(3)).toBe("0");
  });

  it("classifies operand words by the grammar: ids, literals, enumerants with their parameters, pairs", () => {
    const m = readText(HAND, "hand.spvasm");
    const flags = (prefix: string) => {
      const i = m.instructions.find((x) => m.show(x).startsWith(prefix));
      if (i === undefined) throw new Error(`no ${prefix}`);
      return { words: i.operands.length, ids: i.isId.map((b) => (b ? "i" : "l")).join("") };
    };
    expect(flags("%ld = OpLoad")).toEqual({ words: 3, ids: "ill" }); // pointer, Volatile|Aligned|Nontemporal, 16
    expect(flags("OpCopyMemorySized")).toEqual({ words: 7, ids: "iiilll" + "l" }); // two MemoryAccess, each Aligned N
    expect(flags("OpDecorate %fn LinkageAttributes")).toEqual({ words: 6, ids: "illlll" }); // "k_export" and its nul: 3 words
    expect(flags("OpExecutionModeId")).toEqual({ words: 5, ids: "iliii" });
    expect(flags("OpGroupMemberDecorate")).toEqual({ words: 5, ids: "iilil" });
    expect(flags("%e1 = OpExtInst")).toEqual({ words: 5, ids: "iliil" }); // vloadn's n is a literal
    expect(flags("%e3 = OpExtInst")).toEqual({ words: 6, ids: "iliiil" }); // vstore_half_r's rounding mode
    expect(flags("%e6 = OpExtInst")).toEqual({ words: 4, ids: "ilii" }); // an unknown NonSemantic set: ids
    expect(flags("%e9 = OpExtInst")).toEqual({ words: 4, ids: "illl" }); // DebugOperation Constu 12
    expect(flags("%sc4 = OpSpecConstantOp")).toEqual({ words: 7, ids: "liillll" });
    expect(flags("OpLoopMerge")).toEqual({ words: 5, ids: "iilll" });
    expect(flags("OpSwitch %u64_big")).toEqual({ words: 11, ids: "iillillilli" }); // 64-bit cases: two words each
    expect(flags("OpSwitch %s16_n")).toEqual({ words: 6, ids: "iilili" });
    expect(flags("%ph = OpPhi")).toEqual({ words: 4, ids: "iiii" });
  });

  it("keeps the words it cannot classify as literals: unknown opcodes, enumerants, bits", () => {
    const m = readBinary(
      bin(...HEADER, ...inst(0xfff0, 7, 8), ...inst(Op.Decorate, 1, 99999, 7, 8), ...inst(Op.Store, 1, 2, 0x80000000, 9)),
      "t.spv",
    );
    expect(m.instructions.map((i) => [i.operands, i.isId])).toEqual([
      [[7, 8], [false, false]],
      [[1, 99999, 7, 8], [true, false, false, false]],
      [[1, 2, 0x80000000, 9], [true, true, false, false]],
    ]);
    expect(m.instructions.map((i) => m.show(i))).toEqual(["Op#65520 7 8", "OpDecorate %1 99999 7 8", "OpStore %1 %2 0x80000000 9"]);
    // the text reader takes the same by number
    const t = readText("OpDecorate %1 99999 7 8\nOpStore %1 %2 0x80000000 9", "t");
    expect(t.instructions.map((i) => [i.operands, i.isId])).toEqual(m.instructions.slice(1).map((i) => [i.operands, i.isId]));
  });

  it("names and places instructions in each form", () => {
    const b = readBinary(bytesOf("params.before.spv"), "params.before.spv");
    const t = readText(textOf("params.before.spvasm"), "params.before.spvasm");
    const fb = b.instructions.find((i) => i.opcode === Op.Function)!;
    const ft = t.instructions.find((i) => i.opcode === Op.Function)!;
    expect(b.idName(fb.result)).toBe(t.idName(ft.result)); // OpName vs the text's own name
    expect(b.place(fb)).toMatch(/^word \d+$/);
    expect(t.place(ft)).toMatch(/^line \d+$/);
    expect(b.instructions[0].at).toBe(5);
    expect(t.instructions[0].at).toBe(6); // after spirv-dis's five header comments
    const lines = textOf("params.before.spvasm").split("\n");
    expect(lines[ft.at - 1]).toContain("OpFunction");
    // a binary's id without OpName is its number
    const label = b.instructions.find((i) => i.opcode === Op.Label)!;
    expect(b.idName(label.result)).toBe(String(label.result));
  });
});

describe("show", () => {
  it.each(FILES)("%s: one line per instruction, spirv-dis's own line for text input", (f) => {
    const b = readBinary(bytesOf(`${f}.spv`), f);
    const text = textOf(`${f}.spvasm`);
    const t = readText(text, f);
    const lines = text.split("\n");
    for (const [m, i] of [...b.instructions.map((i) => [b, i] as const), ...t.instructions.map((i) => [t, i] as const)]) {
      const s = m.show(i);
      expect(s).not.toMatch(/[\n\r]/);
      expect(s).toMatch(/^(%\S+ = )?Op[A-Z]/);
    }
    // the fixtures have no multi-line strings, and their floats print as spirv-dis prints them
    for (const i of t.instructions) expect(t.show(i)).toBe(lines[i.at - 1].trim().replace(/\s+/g, " "));
  });

  it("shows literals of every kind as spirv-dis writes them", () => {
    const m = readText(HAND, "hand.spvasm");
    const shown = (pattern: RegExp) => m.instructions.map((i) => m.show(i)).filter((s) => pattern.test(s));
    expect(shown(/^%f_(inf|nan|den|neg0|mid|exp) /)).toEqual([
      "%f_inf = OpConstant %f32 0x1p+128",
      "%f_nan = OpConstant %f32 -0x1.8p+128",
      "%f_den = OpConstant %f32 0x1.8p-148",
      "%f_neg0 = OpConstant %f32 -0",
      "%f_mid = OpConstant %f32 1",
      "%f_exp = OpConstant %f32 100000",
    ]);
    expect(shown(/^%(h1|hden|u64_big|i64_neg|s16_n) /)).toEqual([
      "%u64_big = OpConstant %u64 18446744073709551615",
      "%i64_neg = OpConstant %i64 -9223372036854775808",
      "%s16_n = OpConstant %s16 -2",
      "%h1 = OpConstant %f16 0x1.8p+0",
      "%hden = OpConstant %f16 0x1p-24",
    ]);
    expect(shown(/^OpSource /)).toEqual(['OpSource OpenCL_C 120 %src "kernel void k() {}\\u{a}// second line"']);
    expect(shown(/^OpEntryPoint /)).toEqual(['OpEntryPoint Kernel %fn "k\\"e\\\\rnu00e9l"']);
    expect(shown(/^(%ld = OpLoad|OpLoopMerge|%e5|%sc4|OpSwitch %i64_neg)/)).toEqual([
      "%sc4 = OpSpecConstantOp %v4f VectorShuffle %v4c %v4c 7 0 4294967295 2",
      "%ld = OpLoad %u32 %var Volatile|Aligned|Nontemporal 16",
      "%e5 = OpExtInst %void %dbg DebugTypeComposite %src Structure %src 7 9 %e4 %src %u32_1 FlagIsProtected|FlagIsPrivate",
      "OpLoopMerge %l1 %l2 Unroll|DependencyLength|MinIterations 3 5",
      "OpSwitch %i64_neg %l1 -1 %l2 -9223372036854775808 %l1",
    ]);
  });
});

describe("malformed input: one line naming the place", () => {
  const H = HEADER;
  it.each([
    ["12 bytes", new Uint8Array(12), "t.spv: word 3: the input ends inside the header (12 bytes; the header is 5 words, 20 bytes)"],
    ["no magic number", bin(0x12345678, 0, 0, 0, 0), "t.spv: word 0: not a SPIR-V binary: the first word is 0x12345678, not the magic number 0x07230203 in either byte order"],
    ["2 bytes over", new Uint8Array([...bin(...H), 1, 2]), "t.spv: word 5: the input is 22 bytes, not a whole number of words (2 bytes left over)"],
    ["bound 0", bin(MAGIC, 0x10000, 0, 0, 0), "t.spv: word 3: the bound is 0 (it is one more than the largest id)"],
    ["word count 0", bin(...H, 0x00000011), "t.spv: word 5: OpCapability: word count 0"],
    ["past the end", bin(...H, (4 << 16) | Op.Store, 1), "t.spv: word 5: OpStore: 4 words, but the input ends after 2"],
    ["result id 0", bin(...H, ...inst(Op.TypeVoid, 0)), "t.spv: word 6: OpTypeVoid: result id 0"],
    ["result id = bound", bin(...H, ...inst(Op.TypeVoid, 10)), "t.spv: word 6: OpTypeVoid: result id %10 is not below the bound 10"],
    ["operand id past the bound", bin(...H, ...inst(Op.Store, 11, 2)), "t.spv: word 6: OpStore: operand id %11 is not below the bound 10"],
    ["result type 0", bin(...H, ...inst(Op.Undef, 0, 2)), "t.spv: word 6: OpUndef: result type id 0"],
    ["defined twice", bin(...H, ...inst(Op.TypeVoid, 1), ...inst(Op.TypeBool, 1)), "t.spv: word 8: OpTypeBool: the result id %1 is defined twice"],
    ["an operand short", bin(...H, ...inst(Op.Store, 1)), "t.spv: word 7: OpStore ends before its IdRef operand"],
    ["a required enumerant short", bin(...H, ...inst(OP_MEMORY_MODEL, 0)), "t.spv: word 7: OpMemoryModel ends before its MemoryModel operand"],
    ["an enumerant's parameter short", bin(...H, ...inst(Op.Decorate, 1, 30)), "t.spv: word 8: OpDecorate ends before its LiteralInteger operand"],
    ["a string without nul", bin(...H, ...inst(Op.Name, 1, 0x64636261)), "t.spv: word 7: OpName: the literal string has no nul byte before the end of the instruction"],
    ["garbage after a nul", bin(...H, ...inst(Op.Name, 1, 0x41006261)), "t.spv: word 7: OpName: the literal string's padding after its nul byte is not zero"],
    ["a word too many", bin(...H, ...inst(Op.TypeVoid, 1, 7)), "t.spv: word 7: OpTypeVoid has 1 word more than its operands"],
    ["a constant of no numeric type", bin(...H, ...inst(Op.TypeVoid, 1), ...inst(Op.Constant, 1, 2, 5)),
      "t.spv: word 10: OpConstant: the result type %1 is not an integer or floating-point type (of at most 64 bits)"],
    ["a 64-bit constant of one word", bin(...H, ...inst(Op.TypeInt, 1, 64, 0), ...inst(Op.Constant, 1, 2, 5)), "t.spv: word 12: OpConstant ends inside a 64-bit literal"],
    ["a switch on a float", bin(...H, ...inst(Op.TypeFloat, 1, 32), ...inst(Op.Undef, 1, 2), ...inst(Op.Switch, 2, 3, 0, 4)),
      "t.spv: word 14: OpSwitch: the selector %2 has no integer type"],
  ])("binary: %s", (_, bytes, message) => {
    expect(malformed(() => readBinary(bytes, "t.spv"))).toBe(message);
    // and in the other byte order, where the words are whole
    if (bytes.length >= 20 && bytes.length % 4 === 0 && !message.includes("magic")) expect(malformed(() => readBinary(swapped(bytes), "t.spv"))).toBe(message);
  });

  it.each([
    ["an unknown opcode", "OpCapability Shader\nOpFooBar %x", "t.spvasm:2: unknown opcode OpFooBar"],
    ["an unknown enumerant", "OpCapability Shaderz", "t.spvasm:1: unknown Capability 'Shaderz'"],
    ["an unknown enumerant parameter", "OpDecorate %x BuiltIn Foo", "t.spvasm:1: unknown BuiltIn 'Foo'"],
    ["an unknown bit", "OpStore %a %b Aligned|Foo 4", "t.spvasm:1: unknown MemoryAccess 'Foo'"],
    ["an id as a literal", "%int = OpTypeInt %32 1", "t.spvasm:1: expected a literal integer, found '%32'"],
    ["a literal as an id", "OpStore 12 %x", "t.spvasm:1: expected an id (IdRef), found '12'"],
    ["a string as an id", 'OpStore "p" %x', "t.spvasm:1: expected an id (IdRef), found a string"],
    ["an id as a string", "OpName %x %y", "t.spvasm:1: expected a literal string, found '%y'"],
    ["a quote left open", 'OpName %x "abc\nOpName %y "d"', "t.spvasm:2: unterminated string (no closing \")"],
    ["an unterminated string at the end", 'OpName %x "abc', "t.spvasm:1: unterminated string (no closing \")"],
    // spirv-as reads a word up to a blank or `;` whatever quotes it holds: `%main"main"` is one word (no id)
    ["a quote inside a word", 'OpName %main"main"', "t.spvasm:1: a quote inside the word '%main\"…': spirv-as reads no id, opcode or operand so"],
    ["a string with more after it", 'OpName %x "a"b', 't.spvasm:1: a string literal must end its word: "\\"a\\"b"'],
    ["a string with more after it, a quote left open", 'OpName %x "a"b"c', 't.spvasm:1: unterminated string (no closing ")'],
    ["a missing =", "%x OpTypeVoid", "t.spvasm:1: expected '=' after '%x' (an instruction is '%id = OpName ...' or 'OpName ...')"],
    ["a missing result", "OpTypeVoid", "t.spvasm:1: OpTypeVoid has a result: write '%id = OpTypeVoid ...'"],
    ["a result that is not", "%x = OpStore %a %b", "t.spvasm:1: OpStore has no result, but the line gives it one ('%x' =)"],
    ["nothing after =", "%x =", "t.spvasm:1: expected an instruction after '%x' ="],
    ["a missing result type", "%x = OpLoad", "t.spvasm:1: OpLoad is missing its result type"],
    ["a missing operand", "%x = OpLoad %t\n%y = OpLoad %t %x", "t.spvasm:1: OpLoad is missing its IdRef operand"],
    ["too many operands", "OpCapability Shader Kernel", "t.spvasm:1: too many operands for OpCapability: 'Kernel'"],
    ["defined twice", "%v = OpTypeVoid\n%v = OpTypeBool", "t.spvasm:2: '%v' is defined twice (first at line 1)"],
    ["not an instruction", "; comment\n\n  foo", "t.spvasm:3: expected an instruction (OpName), found 'foo'"],
    ["a float for an integer", "%i = OpTypeInt 32 1\n%c = OpConstant %i 1.5", "t.spvasm:2: expected an integer (the type is a 32-bit signed integer), found '1.5'"],
    ["a signed integer too large", "%i = OpTypeInt 32 1\n%c = OpConstant %i 2147483648", "t.spvasm:2: 2147483648 does not fit a 32-bit signed integer"],
    ["a negative unsigned integer", "%i = OpTypeInt 32 0\n%c = OpConstant %i -1", "t.spvasm:2: -1 does not fit a 32-bit unsigned integer"],
    ["a float too large", "%f = OpTypeFloat 32\n%c = OpConstant %f 1e39", "t.spvasm:2: 1e39 is too large for a 32-bit float"],
    ["not a float", "%f = OpTypeFloat 32\n%c = OpConstant %f abc", "t.spvasm:2: expected a floating-point number, found 'abc'"],
    ["a constant of an unknown type", "%c = OpConstant %f 1", "t.spvasm:1: OpConstant: the result type %f is not an integer or floating-point type (of at most 64 bits)"],
    ["an unknown extended instruction", '%1 = OpExtInstImport "GLSL.std.450"\n%2 = OpExtInst %t %1 Sqrtx %a', "t.spvasm:2: unknown extended instruction 'Sqrtx' of GLSL.std.450"],
    ["an extended instruction of no set", "%2 = OpExtInst %t %1 Sqrt %a", "t.spvasm:1: unknown extended instruction 'Sqrt' (%1 is not the import of a set this reader knows)"],
    ["an unknown spec constant opcode", "%c = OpSpecConstantOp %t IFoo %a", "t.spvasm:1: unknown opcode 'IFoo' for OpSpecConstantOp"],
    ["a case literal of no type", "OpSwitch %s %d 1 %a", "t.spvasm:1: OpSwitch: the selector %s has no integer type"],
    ["an empty id", "% = OpTypeVoid", "t.spvasm:1: '%' without an id name"],
    ["a nul in a string", 'OpName %x "a\u0000b"', "t.spvasm:1: a literal string cannot contain a nul character"],
  ])("text: %s", (_, text, message) => {
    expect(malformed(() => readText(text, "t.spvasm"))).toBe(message);
  });

  it("a string ended by a comment reads: spirv-as ends a word at `;`", () => {
    expect(() => readText('OpName %x "a";c\n%x = OpTypeVoid', "t.spvasm")).not.toThrow();
  });

  it("bytes that are not UTF-8 and not a binary: the UTF-8 message of io/text.ts", () => {
    expect(malformed(() => readSpirv({ bytes: new Uint8Array([0x4f, 0x70, 0xff]), name: "t.spvasm" }))).toBe(
      "t.spvasm: not UTF-8: line 1, byte offset 2: invalid byte 0xff",
    );
  });

  it(`random damage to the fixtures reads or gives one line (seed ${SEED}; FC_SEED=${SEED} repeats it)`, () => {
    console.log(`spirv read.test.ts: mutation seed ${SEED}`);
    const rnd = random(SEED);
    const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)];
    let failures = 0;
    let reads = 0;
    for (let round = 0; round < 300; round++) {
      const f = pick(FILES);
      // a binary: one word replaced, or cut short
      const bytes = bytesOf(`${f}.spv`).slice();
      const view = new DataView(bytes.buffer);
      const w = 5 + Math.floor(rnd() * (bytes.length / 4 - 5));
      if (rnd() < 0.8) view.setUint32(4 * w, rnd() < 0.5 ? Math.floor(rnd() * 2 ** 32) : view.getUint32(4 * w, true) ^ (1 << Math.floor(rnd() * 32)), true);
      const damaged = rnd() < 0.2 ? bytes.subarray(0, 4 * w) : bytes;
      // a text: a token dropped, duplicated or replaced
      const tokens = textOf(`${f}.spvasm`).split(/( +|\n)/);
      const k = Math.floor(rnd() * tokens.length);
      const r = rnd();
      tokens.splice(k, 1, ...(r < 0.3 ? [] : r < 0.6 ? [tokens[k], tokens[k]] : [pick(['"', "%", "=", "Op", "0x1p+999", "-1", "None|Foo", "%zz", ";", "\n", "OpNop", "1.5"])]));
      const cases: [string, () => SpvModule, RegExp][] = [
        [`${f}.spv`, () => readBinary(damaged, `${f}.spv`), new RegExp(`^${f}\\.spv: word \\d+: [^\\n]+$`)],
        [`${f}.spvasm`, () => readText(tokens.join(""), `${f}.spvasm`), new RegExp(`^${f}\\.spvasm:\\d+: [^\\n]+$`)],
      ];
      for (const [, read, pattern] of cases) {
        try {
          const m = read();
          reads++;
          for (const i of m.instructions) expect(m.show(i)).not.toMatch(/\n/);
        } catch (e) {
          if (!(e instanceof MalformedInput)) throw new Error(`seed ${SEED}, round ${round}, ${f}: ${String(e)}`);
          expect(e.message).toMatch(pattern);
          failures++;
        }
      }
    }
    expect(failures).toBeGreaterThan(0);
    expect(reads).toBeGreaterThan(0);
  });
});

describe("byte order", () => {
  it.each(FILES)("%s.spv in the other byte order reads the same", (f) => {
    const bytes = bytesOf(`${f}.spv`);
    const little = readBinary(bytes, f);
    const big = readBinary(swapped(bytes), f);
    expect(difference(little, big, true)).toBeUndefined();
    expect(big.instructions.map((i) => i.at)).toEqual(little.instructions.map((i) => i.at));
    expect(readSpirv({ bytes: swapped(bytes), name: f }).form).toBe("binary");
    expect(looksLikeSpirv("anything", swapped(bytes).subarray(0, 4))).toBe(true);
  });

  it("reads bytes at any offset of their buffer", () => {
    const bytes = bytesOf("loops.after.spv");
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    expect(difference(readBinary(shifted.subarray(3), "x"), readBinary(bytes, "x"), true)).toBeUndefined();
  });
});

describe("looksLikeSpirv", () => {
  const json = readFileSync(join(ROOT, "examples/diamond.json"), "utf8");
  const ll = readFileSync(join(ROOT, "test/fixtures/llvm/loops.before.ll"), "utf8");
  it("takes a binary, a .spv, a .spvasm and spirv-dis's text", () => {
    expect(looksLikeSpirv("loops.after.spv", bytesOf("loops.after.spv"))).toBe(true);
    expect(looksLikeSpirv("x.bin", bytesOf("loops.after.spv").subarray(0, 16))).toBe(true);
    expect(looksLikeSpirv("loops.after.spvasm", textOf("loops.after.spvasm"))).toBe(true);
    expect(looksLikeSpirv("<stdin>", textOf("loops.after.spvasm"))).toBe(true);
    expect(looksLikeSpirv("<stdin>", bytesOf("loops.after.spvasm"))).toBe(true);
    expect(looksLikeSpirv("<stdin>", "\n; my shader\n  OpCapability Shader\n")).toBe(true);
    expect(looksLikeSpirv("<stdin>", "%1 = OpExtInstImport \"GLSL.std.450\"")).toBe(true);
    expect(looksLikeSpirv("X.SPV", "")).toBe(true);
  });
  it("never takes the exchange format's JSON or LLVM IR", () => {
    expect(looksLikeSpirv("diamond.json", json)).toBe(false);
    expect(looksLikeSpirv("<stdin>", json)).toBe(false);
    expect(looksLikeSpirv("<stdin>", new TextEncoder().encode(json))).toBe(false);
    expect(looksLikeSpirv("loops.before.ll", ll)).toBe(false);
    expect(looksLikeSpirv("<stdin>", ll)).toBe(false);
    expect(looksLikeSpirv("<stdin>", "%struct.S = type { i32 }\n")).toBe(false);
    expect(looksLikeSpirv("<stdin>", "define i32 @f() {\n  ret i32 0\n}\n")).toBe(false);
    expect(looksLikeSpirv("<stdin>", "Open the door")).toBe(false);
    expect(looksLikeSpirv("<stdin>", "")).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Against the real tools

/** A tool on PATH; the test fails (never skips) when it is missing. */
function tool(name: string): string {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) if (dir !== "" && existsSync(join(dir, name))) return join(dir, name);
  if (existsSync(`/usr/bin/${name}`)) return `/usr/bin/${name}`;
  throw new Error(`${name} is not installed: run bash scripts/setup-spirv-tools.sh (Debian packages spirv-tools, glslang-tools)`);
}
const run = (name: string, args: string[]): string => execFileSync(tool(name), args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** Hand-written assembly for the kinds the shaders do not reach (Kernel: spirv-as does not validate). */
const HAND = String.raw`; hand-written: kinds the shaders do not reach
; Version: 1.6
OpCapability Addresses
OpCapability Kernel
OpCapability Linkage
OpCapability Int64
OpCapability Float16
OpCapability Float64
OpCapability Int16
%ocl = OpExtInstImport "OpenCL.std"
%dbg = OpExtInstImport "OpenCL.DebugInfo.100"
%ns = OpExtInstImport "NonSemantic.Whatever.7"
%gl = OpExtInstImport "GLSL.std.450"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %fn "k\"e\\rn\u00e9l"
OpExecutionMode %fn LocalSize 4 2 1
OpExecutionModeId %fn LocalSizeId %u32_1 %u32_1 %u32_1
%src = OpString "a.cl"
OpSource OpenCL_C 120 %src "kernel void k() {}
// second line"
OpDecorate %fn LinkageAttributes "k_export" Export
OpDecorate %grp Volatile
%grp = OpDecorationGroup
OpGroupDecorate %grp %v1
OpGroupMemberDecorate %grp %st 1 %st 0
OpDecorateString %v1 UserSemantic "hello world"
OpMemberDecorate %st 1 Offset 8
%void = OpTypeVoid
%u64 = OpTypeInt 64 0
%i64 = OpTypeInt 64 1
%u32 = OpTypeInt 32 0
%i16 = OpTypeInt 16 0
%s16 = OpTypeInt 16 1
%f16 = OpTypeFloat 16
%f32 = OpTypeFloat 32
%f64 = OpTypeFloat 64
%v4f = OpTypeVector %f32 4
%st = OpTypeStruct %u32 %f64
%ptr = OpTypePointer Function %u32
%fnty = OpTypeFunction %void
%u32_1 = OpConstant %u32 1
%u32_max = OpConstant %u32 4294967295
%u32_hex = OpConstant %u32 0xDEADbeef
%u64_big = OpConstant %u64 18446744073709551615
%i64_neg = OpConstant %i64 -9223372036854775808
%i64_x = OpConstant %i64 0x123456789
%s16_n = OpConstant %s16 -2
%s16_hex = OpConstant %s16 0xFFFF
%u16_x = OpConstant %i16 65535
%h1 = OpConstant %f16 0x1.8p+0
%hden = OpConstant %f16 0x1p-24
%hinf = OpConstant %f16 -0x1p+16
%hnan = OpConstant %f16 0x1.2p+16
%hdec = OpConstant %f16 0.1
%f_inf = OpConstant %f32 0x1p+128
%f_nan = OpConstant %f32 -0x1.8p+128
%f_nan2 = OpConstant %f32 0x1.000002p+128
%f_den = OpConstant %f32 0x1.8p-148
%f_den2 = OpConstant %f32 1e-45
%f_neg0 = OpConstant %f32 -0
%f_mid = OpConstant %f32 1.00000005960464477539
%f_big = OpConstant %f32 3.40282347e+38
%f_exp = OpConstant %f32 1E5
%f_tenth = OpConstant %f32 .1
%d_x = OpConstant %f64 -2.2250738585072014e-308
%d_inf = OpConstant %f64 -0x1p+1024
%d_nan = OpConstant %f64 0x1.0000000000001p+1024
%d_den = OpConstant %f64 0x0.0000000000001p-1022
%v4c = OpConstantComposite %v4f %f_inf %f_nan %f_den %f_neg0
%sc = OpSpecConstant %u32 3
%sc2 = OpSpecConstantOp %u32 IAdd %sc %u32_1
%sc3 = OpSpecConstantOp %f32 CompositeExtract %v4c 2
%sc4 = OpSpecConstantOp %v4f VectorShuffle %v4c %v4c 7 0 4294967295 2
%v1 = OpVariable %ptr Function
%fn = OpFunction %void None %fnty
%l0 = OpLabel
%var = OpVariable %ptr Function
%var2 = OpVariable %ptr Function
OpStore %var %u32_1 Aligned|Volatile 4
%ld = OpLoad %u32 %var Volatile|Aligned|Nontemporal 16
OpCopyMemory %var %var2 Aligned 4 Volatile
OpCopyMemorySized %var %var2 %u32_1 Aligned 8 Aligned 4
%e1 = OpExtInst %v4f %ocl vloadn %u32_1 %var 4
%e2 = OpExtInst %f32 %ocl vstore_half %f_inf %u32_1 %var
%e3 = OpExtInst %f32 %ocl vstore_half_r %f_inf %u32_1 %var RTZ
%e4 = OpExtInst %void %dbg DebugTypeBasic %src %u32_1 Float
%e5 = OpExtInst %void %dbg DebugTypeComposite %src Structure %src 7 9 %e4 %src %u32_1 FlagIsProtected|FlagIsPrivate|FlagIsPublic
%e6 = OpExtInst %void %ns 7 %e5 %u32_1
%e7 = OpExtInst %f32 %gl Sqrt %f_den
%e8 = OpExtInst %void %dbg DebugOperation Deref
%e9 = OpExtInst %void %dbg DebugOperation Constu 12
OpLoopMerge %l1 %l2 DependencyLength|Unroll|MinIterations 3 5
OpSelectionMerge %l1 Flatten
OpSwitch %u64_big %l1 0 %l1 18446744073709551615 %l2 4294967296 %l1
OpSwitch %i64_neg %l1 -1 %l2 -9223372036854775808 %l1
OpSwitch %s16_n %l1 -2 %l2 32767 %l1
OpSwitch %u16_x %l1 65535 %l2
%l1 = OpLabel
%ph = OpPhi %u32 %u32_1 %l0 %ld %l2
OpReturn
%l2 = OpLabel
OpUnreachable
OpFunctionEnd
`;

/** A compute shader for what the fixtures lack: 8- to 64-bit types, images, spec constants, debug printf, loop controls. */
const FEATURES = `#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_debug_printf : require
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_EXT_control_flow_attributes : require
layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;
layout(constant_id = 3) const int SC = 7;
const int SC2 = SC * 2 + 1;
layout(std430, binding = 0) buffer Buf {
  int64_t big; uint64_t ubig; double d; float16_t h; int16_t s16; uint8_t u8; float f[];
} buf;
layout(binding = 1) uniform sampler2D tex;
layout(binding = 2, rgba8) uniform image2D img;
shared float sh[8];
void main() {
  uint id = gl_GlobalInvocationID.x;
  switch (int(buf.big)) {
    case 1: buf.d = 1.0lf / 3.0lf; break;
    case -500000000: buf.d = -0.0lf; break;
    case 0x7fffffff: buf.h = float16_t(0.333); break;
    default: buf.d = 1e300; break;
  }
  buf.ubig = 18446744073709551615ul;
  float acc = 0.0;
  [[unroll]] for (int i = 0; i < 4; i++) acc += buf.f[i] * 1.17549435e-38;
  [[dependency_infinite]] for (int i = 0; i < SC2; i++) acc += sqrt(abs(acc));
  vec4 t = textureLod(tex, vec2(acc), 1.5) + textureGrad(tex, vec2(0.5), vec2(0.25), vec2(0.5)) + textureLodOffset(tex, vec2(0.1), 0.0, ivec2(1, -1));
  imageStore(img, ivec2(id), t);
  sh[id % 8] = acc;
  barrier();
  atomicAdd(buf.big, 1l);
  buf.f[id] = sh[(id + 1) % 8] + 1.0 / 0.0 + 1.4e-45;
  debugPrintfEXT("id=%u \\"q\\" \\\\ acc=%f\\n", id, acc);
}
`;

describe("against spirv-dis, spirv-as and glslangValidator (bash scripts/setup-spirv-tools.sh installs them)", () => {
  it("the tools are installed", () => {
    if (!existsSync("/usr/bin/spirv-dis")) throw new Error("/usr/bin/spirv-dis is missing: run bash scripts/setup-spirv-tools.sh");
    for (const t of ["spirv-dis", "spirv-as", "spirv-opt", "glslangValidator"]) expect(tool(t)).toBeTruthy();
  });

  it.each(FILES)("%s: spirv-dis --raw-id read as text is exactly the binary", (f) => {
    const b = readBinary(bytesOf(`${f}.spv`), f);
    const t = readText(run("spirv-dis", ["--raw-id", join(FIXTURES, `${f}.spv`)]), f);
    expect(difference(b, t, true)).toBeUndefined();
  });

  // what glslang makes of FEATURES: plain, with NonSemantic.Shader.DebugInfo.100 (-gVS), with
  // OpSource text and OpLine (-g), and each after spirv-opt -O
  const shaders = ["plain", "gVS", "g"].flatMap((v) => [v, `${v}.O`]);
  it.each(shaders)("a feature shader (%s): binary = spirv-dis --raw-id exactly, = spirv-dis one to one", (v) => {
    const src = join(tmp, "features.comp");
    writeFileSync(src, FEATURES);
    const [flags, opt] = v.split(".");
    const spv = join(tmp, `features.${v}.spv`);
    run("glslangValidator", ["-V", "--target-env", "vulkan1.2", ...(flags === "plain" ? [] : [`-${flags}`]), src, "-o", spv]);
    if (opt === "O") run("spirv-opt", ["-O", spv, "-o", spv]);
    const b = readBinary(new Uint8Array(readFileSync(spv)), spv);
    expect(difference(b, readText(run("spirv-dis", ["--raw-id", spv]), spv), true)).toBeUndefined();
    expect(difference(b, readText(run("spirv-dis", [spv]), spv), false)).toBeUndefined();
    expect(difference(b, readBinary(swapped(new Uint8Array(readFileSync(spv))), spv), true)).toBeUndefined();
  });

  it("hand-written assembly: readText = readBinary of spirv-as's binary; spirv-dis of that reads back the same", () => {
    const asm = join(tmp, "hand.spvasm");
    const spv = join(tmp, "hand.spv");
    writeFileSync(asm, HAND);
    run("spirv-as", [asm, "-o", spv]);
    const b = readBinary(new Uint8Array(readFileSync(spv)), spv);
    const t = readText(HAND, asm);
    expect(difference(t, b, false)).toBeUndefined();
    expect(difference(b, readText(run("spirv-dis", ["--raw-id", spv]), spv), true)).toBeUndefined();
    expect(difference(b, readText(run("spirv-dis", [spv]), spv), false)).toBeUndefined();
    // spirv-as keeps numeric ids with --preserve-numeric-ids: then the numbers agree too
    const raw = join(tmp, "raw.spvasm");
    writeFileSync(raw, run("spirv-dis", ["--raw-id", spv]));
    const again = join(tmp, "again.spv");
    run("spirv-as", ["--preserve-numeric-ids", raw, "-o", again]);
    expect(difference(readBinary(new Uint8Array(readFileSync(again)), again), readText(readFileSync(raw, "utf8"), raw), true)).toBeUndefined();
  });
});
