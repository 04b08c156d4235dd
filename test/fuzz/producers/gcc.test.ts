/**
 * The fuzz target `gcc` (adapters/gcc/fuzz.ts) on GCC 12, which `npm test` installs:
 * - the printer: hand-made cases print as C that gcc accepts under -Wall, and the function's
 *   text has the shape the case asks for (read from the source: loops with several exits, a
 *   switch with fallthrough and a case of two labels, gotos for a CFG); GCC's own CFG of an
 *   irreducible case is irreducible, of a structured program reducible; every style prints C
 *   that gcc accepts;
 * - a campaign of random cases under -O0 and -O2, in batches, is clean;
 * - the target compiles for LTO (no code generated after the dumps): its dumps give the same
 *   reports as those of a plain compile;
 * - a deliberately broken producer (gcc, then a phi's arguments swapped or a phi dropped in the
 *   ssa dump) is caught, as a rejected function failing a validity property, and shrunk to a
 *   small case.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FuzzCase, FuzzTarget } from "../../../adapters/fuzz_target.js";
import { GCC_DUMP_FLAGS, gccFuzzTarget } from "../../../adapters/gcc/fuzz.js";
import { gccAdapter, validate } from "../../../api/gcc.js";
import { caseArbitrary, caseSeed, generateCase, runCampaign, type BatchRun, type BatchRunner } from "../../../api/campaign/producers.js";
import { functionResults, processRunner } from "../../../api/campaign/node/producers.js";
import { formatReport, withoutTimes } from "../../../api/report.js";
import { VALIDITY } from "../../../checks/index.js";
import { lowerProgram, type Program } from "../../../fuzz/arbitraries/structured.js";
import type { FunctionDoc } from "../../../io/format.js";
import { SAME_INSTRUCTIONS } from "../../../adapters/gcc/index.js";

const SEED = Number(process.env.FC_SEED ?? 20161017);
const BROKEN = fileURLToPath(new URL("./broken.mjs", import.meta.url));

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "formal-ssa-gcc-fuzz-test-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * gcc's diagnostics on `text` under -Wall. The printed cases define variables that nothing reads
 * (an assignment's defs are random), which -Wall reports as unused: those two warnings are off.
 */
function syntaxDiagnostics(text: string): { status: number | null; stderr: string } {
  const file = join(dir, "cases.c");
  writeFileSync(file, text);
  const r = spawnSync("gcc", ["-fsyntax-only", "-Wall", "-Wno-unused-variable", "-Wno-unused-but-set-variable", file], { encoding: "utf8" });
  return { status: r.status, stderr: r.stderr };
}

/** GCC's own CFG of each function (the before dump, fixup_cfg1), compiling `text` at `level`. */
function gccCfgs(text: string, level: string): Map<string, FunctionDoc> {
  const sub = mkdtempSync(join(dir, "dumps-"));
  writeFileSync(join(sub, "cases.c"), text);
  const r = spawnSync("gcc", [level, "-c", ...GCC_DUMP_FLAGS, join(sub, "cases.c"), "-dumpdir", `${sub}/`, "-dumpbase", "cases.c", "-o", "/dev/null"], { encoding: "utf8" });
  expect(r.status, r.stderr).toBe(0);
  const name = readdirSync(sub).find((f) => f.endsWith(".fixup_cfg1"))!;
  return new Map([...gccAdapter.originals({ text: readFileSync(join(sub, name), "utf8"), name })].map((o) => [o.name, o.original]));
}

/**
 * Whether a CFG is reducible, by the classic T1/T2 reduction (Hecht and Ullman): remove
 * self-loops, merge a block into its only predecessor, until nothing changes; reducible iff one
 * block is left. Independent of the code under test.
 */
function reducible(doc: FunctionDoc): boolean {
  const preds = new Map(doc.blocks.map((b) => [b.id, new Set(b.preds)]));
  let changed = true;
  while (changed) {
    changed = false;
    for (const [id, ps] of preds) {
      ps.delete(id); // T1
      if (ps.size !== 1 || id === doc.entry) continue;
      // T2: id merges into its only predecessor p; id's successors get p as predecessor instead
      const [p] = ps;
      preds.delete(id);
      for (const qs of preds.values())
        if (qs.delete(id)) qs.add(p);
      changed = true;
      break;
    }
  }
  return preds.size === 1;
}

/** The text of function `name` in a printed file: from its head to the first `}` at the start of a line. */
function functionText(file: string, name: string): string {
  const start = file.search(new RegExp(`^__attribute__\\(\\(noipa\\)\\) \\w+ ${name} \\(`, "m"));
  expect(start).toBeGreaterThanOrEqual(0);
  return file.slice(start, file.indexOf("\n}", start) + 2);
}

const programCase = (program: Program, uninitialised: string[], style = 0): FuzzCase => ({ kind: "program", program, cfg: lowerProgram(program), uninitialised, style });

/**
 * A loop with three exits (the condition, a break, a return inside a switch), a switch whose
 * first case has two labels and falls through into the next, a default, a do-while with a
 * continue; `b` starts uninitialised.
 */
const LOOPS: Program = {
  vars: ["a", "b", "c"],
  body: [
    { kind: "assign", defs: ["a"], uses: ["a", "b"] },
    {
      kind: "while",
      cond: ["a"],
      body: [
        { kind: "if", cond: ["b"], then: [{ kind: "break" }], else: [] },
        {
          kind: "switch",
          cond: ["c"],
          cases: [
            { labels: 2, body: [{ kind: "assign", defs: ["b"], uses: ["b"] }] },
            { labels: 1, body: [{ kind: "assign", defs: ["c"], uses: [] }, { kind: "break" }] },
          ],
          default: [{ kind: "return", uses: ["a"] }],
        },
      ],
    },
    { kind: "doWhile", body: [{ kind: "assign", defs: ["a", "c"], uses: ["c"] }, { kind: "if", cond: ["a"], then: [{ kind: "continue" }], else: [] }], cond: ["b"] },
    { kind: "return", uses: ["c"] },
  ],
};

/** B0 -> B1 <-> B2 <- B0, B1 -> B3: a loop with two entries, and an exit. */
const IRREDUCIBLE: FuzzCase = {
  kind: "cfg",
  cfg: {
    kind: "cfg",
    entry: "B0",
    blocks: [
      { id: "B0", preds: [], stmts: [{ defs: ["a", "b"], uses: [] }] },
      { id: "B1", preds: ["B0", "B2"], stmts: [{ defs: ["a"], uses: ["a", "b"] }] },
      { id: "B2", preds: ["B0", "B1"], stmts: [{ defs: ["b"], uses: ["a"] }] },
      { id: "B3", preds: ["B1"], defs: [], uses: ["a", "b"] },
    ],
  },
  uninitialised: ["a"],
  style: 0,
};

/** A block with four successors, one of them twice (a parallel edge). */
const FOUR_WAY: FuzzCase = {
  kind: "cfg",
  cfg: {
    kind: "cfg",
    entry: "B0",
    blocks: [
      { id: "B0", preds: [], stmts: [{ defs: ["x"], uses: [] }, { defs: [], uses: ["x"] }] },
      { id: "B1", preds: ["B0"], stmts: [{ defs: ["x"], uses: [] }] },
      { id: "B2", preds: ["B0", "B0"], stmts: [] },
      { id: "B3", preds: ["B0", "B1", "B2"], stmts: [{ defs: [], uses: ["x"] }] },
    ],
  },
  uninitialised: [],
  style: 0,
};

describe("the printer: a batch as one C file", () => {
  const printed = gccFuzzTarget.print([programCase(LOOPS, ["b"]), IRREDUCIBLE, FOUR_WAY], "O0");
  const file = printed.files["cases.c"];

  it("is one file, cases.c, whose functions are f0, f1, ... with noipa, and gcc accepts it under -Wall", () => {
    expect(Object.keys(printed.files)).toEqual(["cases.c"]);
    expect(printed.functionNames).toEqual(["f0", "f1", "f2"]);
    expect([...file.matchAll(/^__attribute__\(\(noipa\)\) (?:void|int) (f\d+) \(int p0, int p1\)$/gm)].map((m) => m[1])).toEqual(["f0", "f1", "f2"]);
    expect(syntaxDiagnostics(file)).toEqual({ status: 0, stderr: "" });
  });

  it("a structured program: structured C, its loop exits, the switch's shared labels and fallthrough, b uninitialised", () => {
    const f = functionText(file, "f0");
    expect(f).not.toMatch(/goto/);
    // declarations: a and c from the parameters, b without an initializer
    expect(f).toMatch(/^ {2}int a = p0;$/m);
    expect(f).toMatch(/^ {2}int b;$/m);
    expect(f).toMatch(/^ {2}int c = p1;$/m);
    // the assignment reads a and b, defines a
    expect(f).toMatch(/^ {2}a = use\(\d+, a, b\);$/m);
    // the loop: its condition, a break under an if, a switch on c whose first case has two labels
    // and falls through (no break) into the second, which breaks; the default returns
    expect(f).toMatch(/^ {2}while \(cond\(\d+, a\)\) \{\n {4}if \(cond\(\d+, b\)\) \{\n {6}break;\n {4}\}\n {4}switch \(sel\(\d+, c\)\) \{\n/m);
    expect(f).toMatch(/^ {6}case 0: case 1:\n {8}b = use\(\d+, b\);\n {6}case 2:\n {8}c = use\(\d+\);\n {8}break;\n {6}default:\n {8}sink\(\d+, a\); return;\n {4}\}\n {2}\}$/m);
    // the do-while: two defs (the second from another call), a continue, the condition on b
    expect(f).toMatch(/^ {2}do \{\n {4}a = use\((\d+), c\); c = second\(\1\);\n {4}if \(cond\(\d+, a\)\) \{\n {6}continue;\n {4}\}\n {2}\} while \(cond\(\d+, b\)\);\n {2}sink\(\d+, c\); return;\n\}$/m);
  });

  it("a CFG: labels and gotos, the entry's first statement as the declarations", () => {
    const f = functionText(file, "f1");
    expect(f).toMatch(/^ {2}int a;$/m);
    expect(f).toMatch(/^ {2}int b = p0;$/m);
    expect(f).toMatch(/\{\n {2}int a;\n {2}int b = p0;\n {2}if \(cond\(\d+\)\) goto B1; else goto B2;\n B1:\n {2}a = use\(\d+, a, b\);\n {2}if \(cond\(\d+\)\) goto B2; else goto B3;\n B2:\n {2}b = use\(\d+, a\);\n {2}goto B1;\n B3:\n {2}sink\(\d+, a, b\);\n {2}return;\n\}/);
  });

  it("a block with more than two successors: a switch of gotos, the parallel edge as two case values", () => {
    const f = functionText(file, "f2");
    expect(f).toMatch(/^ {2}switch \(sel\(\d+\)\) \{\n {4}case 0: goto B2;\n {4}case 1: goto B2;\n {4}case 2: goto B3;\n {4}default: goto B1;\n {2}\}$/m);
  });

  it("GCC's CFG of the irreducible case is irreducible, of the structured program reducible, at -O0 and -O2", () => {
    for (const level of ["-O0", "-O2"]) {
      const cfgs = gccCfgs(file, level);
      expect([...cfgs.keys()].sort()).toEqual(["f0", "f1", "f2"]);
      expect({ level, f0: reducible(cfgs.get("f0")!), f1: reducible(cfgs.get("f1")!) }).toEqual({ level, f0: true, f1: false });
    }
    // the reduction itself, on the cases' own CFGs
    expect(reducible(lowerProgram(LOOPS))).toBe(true);
    expect(reducible(IRREDUCIBLE.cfg)).toBe(false);
  });

  it("styles vary the types, expressions, conditions and jumps, and gcc accepts every one", () => {
    const styles = Array.from({ length: 40 }, (_, i) => (i * 0x9e3779b1) >>> 1);
    const cases = styles.flatMap((style) => [programCase(LOOPS, ["b"], style), { ...IRREDUCIBLE, style }, { ...FOUR_WAY, style }]);
    const text = gccFuzzTarget.print(cases, "O2").files["cases.c"];
    expect(syntaxDiagnostics(text)).toEqual({ status: 0, stderr: "" });
    for (const shown of [/^ {2}unsigned b;$/m, /^ {2}_Complex double b;$/m, /^ {2}_Bool b;$/m, / int f\d+ \(/, /case \d+ \.\.\. \d+:/, /stop\(\d+\);/, /p1 < \d+/, /^ {2}for \(; /m, /if \(!\(/, /[abc] \+= use\(/, /\{ long t\d+ = use\(\d+[^;]*\); __builtin_memcpy\(&[abc], &t\d+, sizeof [abc]\); \}/])
      expect(text).toMatch(shown);
    // style 0 is the plainest: none of it
    expect(file).not.toMatch(/unsigned|_Complex|_Bool|case \d+ \.\.\.|stop\(\d|p1 <|for \(|if \(!|\+=|memcpy/);
  });
});

describe("gcc into-SSA: random programs, batched", () => {
  it("is clean on 300 cases under -O0 and -O2 (150 per batch)", async () => {
    const r = await runCampaign({ target: gccFuzzTarget, seed: SEED, maxBlocks: 12, batchSize: 150, runs: 300, shrinkTimeMs: 30_000, runner: processRunner(gccFuzzTarget, 120_000) });
    expect(r.findings.map((f) => f.description)).toEqual([]);
    expect({ cases: r.cases, runs: r.runs }).toEqual({ cases: 300, runs: 2 });
  });

  it("compiling for LTO, as the target does to skip code generation, changes no report: the dumps validate as those of a plain compile do", async () => {
    const arb = caseArbitrary(gccFuzzTarget, 12);
    const cases = Array.from({ length: 60 }, (_, i) => generateCase(arb, caseSeed(SEED, 1000 + i)));
    const runner = processRunner(gccFuzzTarget, 120_000);
    for (const level of ["O0", "O2"]) {
      const printed = gccFuzzTarget.print(cases, level);
      const target = await runner(level, printed, cases);
      if (target.kind !== "ran") throw new Error(target.failure.message);
      // the same C, compiled without -flto: its dumps through the same adapter
      const sub = mkdtempSync(join(dir, "plain-"));
      writeFileSync(join(sub, "cases.c"), printed.files["cases.c"]);
      const r = spawnSync("gcc", [`-${level}`, "-c", ...GCC_DUMP_FLAGS, join(sub, "cases.c"), "-dumpdir", `${sub}/`, "-dumpbase", "cases.c", "-o", "/dev/null"], { encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
      const dump = (pass: string) => readdirSync(sub).find((f) => f.endsWith(`t.${pass}`))!;
      const plain = validate(readFileSync(join(sub, dump("fixup_cfg1")), "utf8"), readFileSync(join(sub, dump("ssa")), "utf8"), { names: { original: dump("fixup_cfg1"), ssa: dump("ssa") } });
      // the dumps differ (types print without their uids under LTO), the reports do not
      expect(target.files[Object.keys(target.files).find((f) => f.endsWith("t.ssa"))!]).not.toMatch(/\bintD\.\d+/);
      expect(readFileSync(join(sub, dump("ssa")), "utf8")).toMatch(/\bintD\.\d+/);
      const untimed = (text: string) => text.replace(/, [0-9.]+ ms\b/g, "");
      expect(untimed(target.files["report.txt"])).toBe(formatReport(withoutTimes(plain), { functions: true }));
      expect(functionResults(plain)).toEqual(target.functions);
    }
  });

  it("every random case's function is in GCC's dumps under its name, at -O2 too", () => {
    const arb = caseArbitrary(gccFuzzTarget, 12);
    const cases = Array.from({ length: 60 }, (_, i) => generateCase(arb, caseSeed(SEED, i)));
    const printed = gccFuzzTarget.print(cases, "O2");
    expect([...gccCfgs(printed.files["cases.c"], "-O2").keys()].sort()).toEqual([...printed.functionNames].sort());
  });
});

/** gcc with a broken step after it, on its ssa dump. */
function broken(mode: "swap-gcc" | "drop-gcc"): FuzzTarget {
  const runner = gccFuzzTarget.runner;
  if (runner.kind !== "process") throw new Error("gcc runs processes");
  return { ...gccFuzzTarget, name: `gcc-${mode}`, runner: { ...runner, steps: (variant, files) => [...runner.steps(variant, files), { argv: [process.execPath, BROKEN, mode, "{dir}"] }] } };
}

/**
 * The runner within a budget of `runs` producer runs, so that shrinking goes as far on a busy
 * machine as on an idle one (the engine bounds it by time only): a batch printed as one before
 * is answered from memory (gcc and the broken step are deterministic, and shrinking tries many
 * draws that print the same C: about two in three here), and once the budget is spent every new
 * batch is taken as clean, which ends the shrinking where it is.
 */
function withinRuns(runner: BatchRunner, runs: number): BatchRunner {
  const seen = new Map<string, BatchRun>();
  return async (variant, printed, cases) => {
    const key = `${variant}\n${JSON.stringify(printed.files)}`;
    const known = seen.get(key);
    if (known !== undefined) return known;
    if (seen.size >= runs) return { kind: "ran", files: {}, functions: printed.functionNames.map((name) => ({ name, certified: true })) };
    const run = await runner(variant, printed, cases);
    seen.set(key, run);
    return run;
  };
}

describe("a broken producer is caught and shrunk", () => {
  const validity = new Set<string>([...VALIDITY, SAME_INSTRUCTIONS]);
  for (const mode of ["swap-gcc", "drop-gcc"] as const)
    it(`${mode}: gcc, then the first phi's ${mode === "swap-gcc" ? "arguments swapped" : "removal"} in the ssa dump`, async () => {
      const target = broken(mode);
      // 30 runs of gcc and the broken step: one for the batch, the rest to shrink
      const r = await runCampaign({ target, variants: ["O0"], seed: SEED, maxBlocks: 12, batchSize: 20, runs: 20, shrinkTimeMs: 600_000, runner: withinRuns(processRunner(target, 120_000), 30) });
      expect(r.findings.length).toBeGreaterThan(0);
      const f = r.findings[0];
      expect(f.kind).toBe("rejected");
      const property = f.signature.split(":").at(-1)!;
      expect(validity.has(property), property).toBe(true);
      // shrunk: a small case whose function still has a phi
      expect(f.shrinkSteps).toBeGreaterThan(0);
      expect(f.case.cfg.blocks.length).toBeLessThanOrEqual(6);
    });
});
