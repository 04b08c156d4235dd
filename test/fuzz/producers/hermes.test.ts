/**
 * The fuzz target `hermes` (adapters/hermes/fuzz.ts) on Hermes V1, the hermes-compiler package
 * `npm test` installs (a devDependency):
 * - the printer: random cases print as JavaScript hermesc compiles, one top-level function `f<k>`
 *   per case, with what the shared printer (adapters/javascript_printer.ts) prints for Hermes:
 *   `try`/`finally`, `var`, labelled loops and switches, closures, destructuring, folded
 *   conditions; the React Compiler's target, which shares it, still prints neither `finally` nor
 *   `var`;
 * - campaigns under each variant: SimpleMem2Reg alone and in every run of the -O pipeline clean;
 *   Mem2Reg's findings are all finding H1 of docs/hermes.md (a phi placed in the block of a
 *   slot's own allocation, before it, with `undefined` from outside), each checked so on its
 *   shrunk case's dump, and the same case certified under SimpleMem2Reg (the second oracle);
 * - a deliberately broken producer (hermesc, then a phi's operands swapped, or a phi dropped with
 *   its users redirected to its first value, in the builder's section of the dump) is caught as a
 *   rejected function with its witness, and shrunk;
 * - the hermesc the target runs: the installed one, `--hermesc PATH`, and the legacy compiler or a
 *   missing binary refused with one line.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FuzzCase, FuzzTarget } from "../../../adapters/fuzz_target.js";
import { HERMES_FUZZ_VARIANTS, hermesFuzzArgs, hermesFuzzTarget, printHermesBatch } from "../../../adapters/hermes/fuzz.js";
import { printReactBatch } from "../../../adapters/react-compiler/fuzz.js";
import { SAME_INSTRUCTIONS } from "../../../adapters/hermes/index.js";
import { caseArbitrary, caseSeed, generateCase, runCampaign, type BatchRun, type BatchRunner } from "../../../api/campaign/producers.js";
import { prepareTarget } from "../../../api/campaign/node/producers.js";
import { installedHermesc } from "../../../api/node/hermes.js";
import { validateDump } from "../../../api/hermes.js";
import { VALIDITY } from "../../../checks/index.js";
import { MalformedInput } from "../../../spec/errors.js";
import { ROOT, runMain } from "../../cli/cli.js";

const SEED = Number(process.env.FC_SEED ?? 20161017);
const BROKEN = fileURLToPath(new URL("./broken.mjs", import.meta.url));
const SLOW = 300_000;
const require = createRequire(import.meta.url);
const LEGACY = join(dirname(require.resolve("hermes-compiler-legacy/package.json")), "hermesc/linux64-bin/hermesc");

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "formal-ssa-hermes-fuzz-test-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cases = (n: number, from = 0): FuzzCase[] => {
  const arb = caseArbitrary(hermesFuzzTarget, 12);
  return Array.from({ length: n }, (_, i) => generateCase(arb, caseSeed(SEED, from + i)));
};

/** hermesc (V1) on a script, its dumps on standard error, as the target's step runs it. */
function compile(script: string, variant: string): { status: number | null; dump: string } {
  const file = join(dir, "case.js");
  writeFileSync(file, script);
  const r = spawnSync(installedHermesc(), [...hermesFuzzArgs(variant), file], { encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "ignore", "pipe"] });
  return { status: r.status, dump: r.stderr };
}

describe("the printer", () => {
  it("150 random cases print as one script hermesc compiles, a function f<k> per case, with Hermes's extras among them", () => {
    const printed = printHermesBatch(cases(150), "simplemem2reg");
    const text = printed.files["case.js"];
    expect(printed.functionNames).toEqual(Array.from({ length: 150 }, (_, k) => `f${k}`));
    for (const k of [0, 75, 149]) expect(text).toContain(`function f${k}(p0, p1) {`);
    const { status, dump } = compile(text, "simplemem2reg");
    expect(status, dump.slice(-2000)).toBe(0);
    // the features, each in some case
    for (const feature of [/} finally {/, /} catch \(e\d+\) {/, /^\s*var \w+/m, /\b(break|continue) L\d+;/, /^\s*S\d+: switch/m, /get_\w+ = \(\) =>/, /\[\w+, \w+\] = /, /\({ \w+, \w+ } = /, /for \(const x\d+ of g\(\)\)/, /\bif \((true|false|K)\)/])
      expect(text).toMatch(feature);
    // every case is in the dumps, and certified
    const report = validateDump(dump);
    for (const name of printed.functionNames) expect(report.functions.map((f) => f.name)).toContain(name);
    expect(report.functions.filter((f) => f.verdict !== "certified").map((f) => `${f.name}: ${f.summary}`)).toEqual([]);
  });

  it("the -O variant names each case's function by the first run of SimpleMem2Reg", () => {
    expect(printHermesBatch(cases(2), "O").functionNames).toEqual(["f0 (SimpleMem2Reg #1)", "f1 (SimpleMem2Reg #1)"]);
  });

  it("the React Compiler's target, which shares the printer, prints neither finally nor var (its options are off)", () => {
    const text = printReactBatch(cases(300)).files["case.js"];
    expect(text).not.toMatch(/finally|^\s*var /m);
    expect(text).toMatch(/} catch/);
  });
});

/** Whether a function of the builder's section of a dump has finding H1's shape: a phi with `undefined` in front of an allocation in its block. */
function hasH1Phi(dump: string, fn: string): boolean {
  const section = dump.slice(dump.search(/^\*\*\* AFTER Mem2Reg/m));
  const start = section.indexOf(`\nfunction ${fn}(`);
  const body = section.slice(start, section.indexOf("\nfunction_end", start));
  return body.split(/\n(?=%BB\d+:)/).some((block) => {
    const phi = block.search(/= PhiInst .*\bundefined: undefined, %BB\d+/);
    const alloc = block.search(/= AllocStackInst /);
    return phi >= 0 && alloc > phi;
  });
}

describe("finding H1 as the campaigns meet it", () => {
  // the shrunk case of `formal-ssa fuzz --target hermes --variant mem2reg --seed 1` (8 hits in 400
  // cases): array destructuring's iterator slots, allocated in the inner loop's first block
  const found = ["function f0(p0, p1) {", "  let a = p0;", "  let b = p1;", "  while (g()) {", "    do {", "      [a, b] = g();", "    } while (g());", "  }", "  a = g();", "}", ""].join("\n");

  it("the fuzzed case: rejected under Mem2Reg with H1's phi in its dump, certified under SimpleMem2Reg", () => {
    const m2r = compile(found, "mem2reg");
    const f0 = validateDump(m2r.dump).functions.find((f) => f.name === "f0")!;
    expect(f0.verdict).toBe("rejected");
    expect(f0.summary).toMatch(/^conventional fails .*\?anon_2_iterDone/);
    expect(hasH1Phi(m2r.dump, "f0")).toBe(true);
    const simple = compile(found, "simplemem2reg");
    expect(hasH1Phi(simple.dump.replace("*** AFTER SimpleMem2Reg", "*** AFTER Mem2Reg"), "f0")).toBe(false);
    expect(validateDump(simple.dump).verdict).toBe("certified");
  });
});

describe("campaigns", () => {
  it("simplemem2reg: 300 random cases, in batches, SimpleMem2Reg certifies them all; the second oracle compiles the same script with Mem2Reg, whose one finding is H1 (checked on its shrunk case's dump, which SimpleMem2Reg's certifies); each builder's phis counted against the minimum on every case's function", async () => {
    const prepared = await prepareTarget(hermesFuzzTarget, ["simplemem2reg"], { timeoutMs: 120_000 });
    expect(prepared.version("simplemem2reg")).toBe("Hermes release version: 1.0.0");
    const r = await runCampaign({ target: hermesFuzzTarget, variants: ["simplemem2reg"], seed: SEED, maxBlocks: 12, batchSize: 150, runs: 300, shrinkTimeMs: 60_000, shrinkRuns: 40, runner: prepared.runner });
    expect(r.cases).toBe(300);
    expect(r.findings.map((f) => f.signature)).toEqual(["hermes:rejected:Mem2Reg:conventional"]);
    for (const f of r.findings) {
      expect(f.description).toMatch(/^hermes \(simplemem2reg\): Mem2Reg: f\d+: rejected: conventional fails/);
      const text = printHermesBatch([f.case], "mem2reg").files["case.js"];
      const m2r = compile(text, "mem2reg");
      expect(m2r.status).toBe(0);
      expect(hasH1Phi(m2r.dump, "f0"), text).toBe(true);
      const simple = compile(text, "simplemem2reg");
      expect(validateDump(simple.dump).verdict, text).toBe("certified");
    }
    expect(r.phis?.map((t) => [t.label, t.functions])).toEqual([
      ["SimpleMem2Reg", 300],
      ["Mem2Reg", 300],
    ]);
    // each builder's minimum is over the slots it promotes (its variables), so the two differ;
    // what each placed beyond its own minimum is explained in the reports (differences)
    for (const t of r.phis!) expect(t.minimum).toBeGreaterThan(0);
  }, SLOW);

  it("O: 60 random cases, every SimpleMem2Reg run of the pipeline certified; no second oracle", async () => {
    const prepared = await prepareTarget(hermesFuzzTarget, ["O"], { timeoutMs: 120_000 });
    const r = await runCampaign({ target: hermesFuzzTarget, variants: ["O"], seed: SEED, maxBlocks: 12, batchSize: 60, runs: 60, shrinkTimeMs: 1, runner: prepared.runner });
    expect(r.cases).toBe(60);
    expect(r.findings.map((f) => f.description)).toEqual([]);
    expect(r.phis).toBeUndefined();
  }, SLOW);

});

/** hermesc with a broken step after it, on the builder's section of its dump. */
function broken(mode: "swap-hermes" | "drop-hermes"): FuzzTarget {
  const runner = hermesFuzzTarget.runner;
  if (runner.kind !== "process") throw new Error("hermes runs processes");
  // without the second oracle: the broken step breaks only the first builder's dump
  const { secondOracle: _second, ...alone } = runner;
  return { ...hermesFuzzTarget, name: `hermes-${mode}`, runner: { ...alone, steps: (variant, files) => [...runner.steps(variant, files), { argv: [process.execPath, BROKEN, mode, "{dir}"] }] } };
}

/**
 * The runner within a budget of producer runs (as test/fuzz/producers/gcc.test.ts's): a batch
 * printed as one before is answered from memory, and once the budget is spent every new batch
 * is taken as clean, which ends the shrinking where it is.
 */
function withinRuns(runner: BatchRunner, runs: number): BatchRunner {
  const seen = new Map<string, BatchRun>();
  return async (variant, printed, batch) => {
    const key = `${variant}\n${JSON.stringify(printed.files)}`;
    const known = seen.get(key);
    if (known !== undefined) return known;
    if (seen.size >= runs) return { kind: "ran", files: {}, functions: printed.functionNames.map((name) => ({ name, certified: true })) };
    const run = await runner(variant, printed, batch);
    seen.set(key, run);
    return run;
  };
}

describe("a broken producer is caught and shrunk", () => {
  const validity = new Set<string>([...VALIDITY, SAME_INSTRUCTIONS]);
  for (const mode of ["swap-hermes", "drop-hermes"] as const)
    it(`${mode}: hermesc, then the first phi's ${mode === "swap-hermes" ? "operands swapped" : "removal, its users given its first value"} after SimpleMem2Reg`, async () => {
      const target = broken(mode);
      const prepared = await prepareTarget(target, ["simplemem2reg"], { timeoutMs: 120_000 });
      const r = await runCampaign({ target, variants: ["simplemem2reg"], seed: SEED, maxBlocks: 12, batchSize: 20, runs: 20, shrinkTimeMs: 600_000, runner: withinRuns(prepared.runner, 40) });
      expect(r.findings.length).toBeGreaterThan(0);
      const f = r.findings[0];
      expect(f.kind).toBe("rejected");
      const property = f.signature.split(":").at(-1)!;
      expect(validity.has(property), property).toBe(true);
      // the witness: a path of the CFG for a validity property; for the producer's check, the place
      // in both dumps and what is wrong there (a phi no slot's values explain, an operand that does not dominate)
      expect(f.description).toMatch(property === SAME_INSTRUCTIONS ? /same_instructions fails at block BB\d+, line \d+ \(line \d+ after hermesc\): \S/ : /path BB\d+( -> BB\d+)*/);
      expect(f.shrinkSteps).toBeGreaterThan(0);
      expect(f.case.cfg.blocks.length).toBeLessThanOrEqual(6);
    }, SLOW);
});

describe("the hermesc the target runs", () => {
  it("the installed hermes-compiler's by default, or --hermesc PATH; the variants are V1's", async () => {
    expect(hermesFuzzTarget.variants).toEqual(HERMES_FUZZ_VARIANTS);
    const given = await prepareTarget(hermesFuzzTarget, ["simplemem2reg"], { timeoutMs: 60_000, hermesc: installedHermesc() });
    expect(given.version("simplemem2reg")).toBe("Hermes release version: 1.0.0");
    const c = cases(3);
    const run = await given.runner("simplemem2reg", printHermesBatch(c, "simplemem2reg"), c);
    expect(run.kind).toBe("ran");
    if (run.kind === "ran") expect(run.functions.filter((f) => /^f\d$/.test(f.name)).map((f) => f.certified)).toEqual([true, true, true]);
  });

  it("the legacy compiler, or no hermesc at the path: refused with one line", async () => {
    await expect(prepareTarget(hermesFuzzTarget, ["simplemem2reg"], { timeoutMs: 60_000, hermesc: LEGACY })).rejects.toThrow(
      new MalformedInput(`--target hermes: ${LEGACY} is Hermes 0.12.0, the legacy compiler; the target runs Hermes V1 (hermes-compiler 260318099.x)`),
    );
    await expect(prepareTarget(hermesFuzzTarget, ["simplemem2reg"], { timeoutMs: 60_000, hermesc: join(dir, "no-hermesc") })).rejects.toThrow(/^--target hermes: .*no-hermesc not found: install hermes-compiler/);
  });

  it("formal-ssa fuzz --target hermes: the summary table, exit 0; --hermesc with the legacy compiler: one line, exit 2", async () => {
    const out = join(dir, "cli");
    const r = await runMain(["fuzz", "--target", "hermes", "--variant", "simplemem2reg,mem2reg", "--runs", "100", "--batch", "50", "--seed", String(SEED), "--out", out], ROOT);
    expect(r.stdout).toMatch(/^target +variants +cases +seconds +cases\/s +findings +hits\nhermes +simplemem2reg,mem2reg +100 /);
    expect(r.stdout).toMatch(/^hermes: phis on the cases' functions: SimpleMem2Reg \d+ in 100 functions, minimum \d+ \([^)]+\); Mem2Reg \d+ in 100 functions, minimum \d+ \([^)]+\)$/m);
    expect(r.status).toBe(0);
    const legacy = await runMain(["fuzz", "--target", "hermes", "--hermesc", LEGACY, "--runs", "1", "--out", out], ROOT);
    expect(legacy.status).toBe(2);
    expect(legacy.stderr.trim().split("\n")).toHaveLength(1);
    expect(legacy.stderr).toContain("is Hermes 0.12.0, the legacy compiler");
  }, SLOW);

  it("a finding's commands name hermesc, and write its dumps to dump.ir", () => {
    const runner = hermesFuzzTarget.runner;
    if (runner.kind !== "process") throw new Error("hermes runs processes");
    expect(runner.steps("mem2reg", ["case.js"])).toEqual([
      { argv: ["hermesc", "-dump-ir", "-Xcustom-opt=simplestackpromotion,mem2reg", "-Xdump-between-passes", "-w", "{dir}/case.js"], stderr: "dump.ir" },
    ]);
    expect(runner.steps("O", ["case.js"])[0].argv).toEqual(["hermesc", "-O", "-dump-ir", "-Xdump-between-passes", "-w", "{dir}/case.js"]);
  });
});
