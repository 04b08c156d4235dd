/**
 * What SPIRV-Tools refuse because it cannot be read is malformed here too: each rule of the text
 * reader's words and ids (adapters/spirv/text.ts) and of the validator's rules on ids
 * (adapters/spirv/ids.ts) on a fixture with one damage, with the exact message and line, through
 * the API (the damaged text as the original, then as the pass's output). What spirv-val refuses
 * for dominance (a use its definition does not dominate, or that stands before it in the
 * function) is well-formed and wrong: a rejection, never malformed (the module before the pass:
 * `same_instructions`, it was no valid input; the pass's output: what the pairing finds, and
 * `allUses_def_ass` where the pass gave a read a value that does not dominate it). A last test
 * asks `spirv-as` and `spirv-val` whether each damaged text is indeed refused and the fixtures
 * taken.
 */
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { PropertyReport } from "../../api/report.js";
import { validate } from "../../api/spirv.js";
import { messageOf } from "../helpers/damage.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/spirv/", import.meta.url));
const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");

interface Refused {
  rule: string;
  file: string;
  from: string;
  to: string;
  also?: [string, string];
  line: number;
  message: string;
}

function damaged(d: Refused): string {
  let text = fixture(d.file);
  for (const [from, to] of [[d.from, d.to], ...(d.also === undefined ? [] : [d.also])]) {
    expect(text.split(from).length, `"${from}" is in the text once`).toBe(2);
    text = text.replace(from, to);
  }
  return text;
}

const UNINIT = "uninit.before.spvasm";
const REFUSED: Refused[] = [
  // words and ids as spirv-as reads them
  { rule: "a quote inside a word", file: UNINIT, from: `OpName %v "v"`, to: `OpName %v"v"`, line: 14, message: `a quote inside the word '%v"…': spirv-as reads no id, opcode or operand so` },
  { rule: "a string with more after it", file: UNINIT, from: `OpName %v "v"`, to: `OpName %v "v"w`, line: 14, message: `a string literal must end its word: "\\"v\\"w"` },
  { rule: "an id's name with another character", file: UNINIT, from: "%22 = OpLoad %float %v", to: "%2-2 = OpLoad %float %v", line: 43, message: "invalid id '%2-2': an id's name is letters, digits and '_' (spirv-as)" },
  { rule: "an enumerant by number", file: UNINIT, from: "OpDecorate %c Flat", to: "OpDecorate %c 14", line: 16, message: "a Decoration written as the number 14: spirv-as takes its name only" },
  { rule: "a memory access mask by number", file: UNINIT, from: "%22 = OpLoad %float %v", to: "%22 = OpLoad %float %v 1", line: 43, message: "a MemoryAccess written as the number 1: spirv-as takes its name only" },
  // ids: defined, before their use, dominating it
  { rule: "a name for an id never defined", file: UNINIT, from: `OpName %v "v"`, to: `OpName %zz "v"`, line: 14, message: `ID %zz has not been defined (named by OpName %zz "v")` },
  { rule: "a value never defined", file: UNINIT, from: "%12 = OpSGreaterThan %bool %9 %int_0", to: "%12 = OpSGreaterThan %bool %nowhere %int_0", line: 36, message: "ID %nowhere has not been defined before its use in %12 = OpSGreaterThan %bool %nowhere %int_0" },
  { rule: "a type used before its definition", file: UNINIT, from: "        %int = OpTypeInt 32 1\n%_ptr_Input_int = OpTypePointer Input %int\n", to: "%_ptr_Input_int = OpTypePointer Input %int\n        %int = OpTypeInt 32 1\n", line: 21, message: "operand %int of %_ptr_Input_int = OpTypePointer Input %int requires a previous definition" },
  { rule: "a value of another function", file: "params.before.spvasm", from: "%17 = OpLoad %int %acc\n", to: "%17 = OpLoad %int %acc_0\n", line: 92, message: "ID %acc_0 of function %main is used in function %step3_i1_i1_i1_: %17 = OpLoad %int %acc_0" },
];

interface Rejected extends Refused {
  /**
   * As the pass's output, against the fixture (or `of`, the module before the pass of a fixture
   * that is an output): the properties that fail (and a message of `same_instructions`, where
   * it is one).
   */
  asOutput: { of?: string; failing: string[]; message?: RegExp };
}

/** Well-formed and wrong: spirv-val refuses each for dominance; here a function rejected, with exit 1. */
const REJECTED: Rejected[] = [
  {
    rule: "a value used before its definition in the block",
    file: UNINIT,
    from: "          %9 = OpLoad %int %c\n         %12 = OpSGreaterThan %bool %9 %int_0\n",
    to: "         %12 = OpSGreaterThan %bool %9 %int_0\n          %9 = OpLoad %int %c\n",
    line: 35,
    message: "ID %9 has not been defined before its use in %12 = OpSGreaterThan %bool %9 %int_0",
    asOutput: { failing: ["same_instructions"], message: /^a different instruction: %9 = OpLoad %int %c before, %12 = OpSGreaterThan %bool %9 %int_0 after$/ },
  },
  {
    rule: "a value of a block that does not dominate the use",
    file: UNINIT,
    from: "               OpStore %v %float_2_5\n",
    to: "         %t = OpLoad %float %v\n               OpStore %v %float_2_5\n",
    also: ["%23 = OpCompositeConstruct %v4float %22 %22 %22 %22", "%23 = OpCompositeConstruct %v4float %t %22 %22 %22"],
    line: 45,
    message: "ID %t defined in block %13 does not dominate its use in block %14: %23 = OpCompositeConstruct %v4float %t %22 %22 %22",
    asOutput: { failing: ["same_instructions"], message: /the pass should have removed this load of a promoted variable/ },
  },
  {
    rule: "a phi's value that does not dominate its parent",
    file: "uninit.after.spvasm",
    from: "%24 = OpPhi %float %25 %5 %float_2_5 %13",
    to: "%24 = OpPhi %float %23 %5 %float_2_5 %13",
    line: 44,
    message: "in %24 = OpPhi %float %23 %5 %float_2_5 %13, the definition of ID %23 does not dominate its parent %5",
    // the pass's phi of v given, for the entry, %23 (no value of v at all, the composite after
    // the join): the read reads v.none, defined nowhere
    asOutput: { of: UNINIT, failing: ["allUses_def_ass", "equiv"] },
  },
];


describe("malformed where SPIRV-Tools refuse: the rule, its message and line", () => {
  it.each(REFUSED.map((d) => [d.rule, d] as const))("%s", (_, d) => {
    const text = damaged(d);
    const original = fixture(d.file);
    expect(messageOf(() => validate(text, original))).toBe(`before.spv:${d.line}: ${d.message}`);
    expect(messageOf(() => validate(original, text))).toBe(`after.spv:${d.line}: ${d.message}`);
  });

  it("the fixtures read", () => {
    for (const f of new Set([...REFUSED, ...REJECTED].map((d) => d.file))) expect(messageOf(() => validate(fixture(f), fixture(f)))).toBe("");
  });
});

describe("rejected, not malformed, where spirv-val refuses a use for dominance", () => {
  /** The properties that fail, those the pairing leaves undecided and the quality properties left out. */
  const failing = (p: Record<string, PropertyReport>) => Object.entries(p).filter(([n, x]) => !x.holds && x.decided !== false && !["pruned", "no_trivial_phis", "cytronMinimal", "no_redundant_set"].includes(n)).map(([n]) => n).sort();

  it.each(REJECTED.map((d) => [d.rule, d] as const))("%s", (_, d) => {
    const text = damaged(d);
    const original = fixture(d.file);
    // as the module before the pass: no valid input, whatever the pass made of it (the fixture
    // differs from it as well, which the pairing says beside)
    const before = validate(text, original);
    expect(before.verdict).toBe("rejected");
    const f = before.functions[0];
    expect(failing(f.properties)).toEqual(["same_instructions"]);
    expect(f.properties.same_instructions.witness!.map((w) => [w.line, w.message])).toContainEqual([d.line, `the module before the pass is not valid SSA: ${d.message} (spirv-val refuses it)`]);
    // as the pass's output
    const after = validate(d.asOutput.of === undefined ? original : fixture(d.asOutput.of), text);
    expect(after.verdict).toBe("rejected");
    const g = after.functions[0];
    expect(failing(g.properties)).toEqual(d.asOutput.failing);
    if (d.asOutput.message !== undefined) expect(g.properties.same_instructions.witness!.map((w) => w.message)).toContainEqual(expect.stringMatching(d.asOutput.message));
  });
});

describe("the rules are SPIRV-Tools': spirv-as and spirv-val refuse each damaged text and take the fixtures", () => {
  it("SPIRV-Tools agree", async () => {
    for (const tool of ["spirv-as", "spirv-val"])
      if (spawnSync(tool, ["--version"]).status !== 0) throw new Error(`${tool} is missing: bash scripts/setup-spirv-tools.sh (Debian's spirv-tools)`);
    const run = (t: string) =>
      new Promise<boolean>((resolve, reject) => {
        const p = spawn("bash", ["-o", "pipefail", "-c", "spirv-as -o - - | spirv-val -"], { stdio: ["pipe", "ignore", "ignore"] });
        p.on("error", reject);
        p.on("close", (code) => resolve(code === 0));
        p.stdin.end(t);
      });
    const cases: [string, string, boolean][] = [
      ...[...new Set([...REFUSED, ...REJECTED].map((d) => d.file))].map((f): [string, string, boolean] => [f, fixture(f), true]),
      ...[...REFUSED, ...REJECTED].map((d): [string, string, boolean] => [d.rule, damaged(d), false]),
    ];
    const verdicts = await Promise.all(cases.map((c) => run(c[1])));
    expect(cases.map((c, i) => [c[0], verdicts[i]])).toEqual(cases.map((c) => [c[0], c[2]]));
  }, 60_000);
});
