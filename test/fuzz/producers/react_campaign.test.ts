/**
 * A campaign of the fuzz target `react-compiler` through the engine (api/campaign/producers.ts) with
 * its in-process runner (api/campaign/react.ts) and the installed babel-plugin-react-compiler: a few
 * hundred random cases, two Babel calls, every function validated at enterSSA,
 * EliminateRedundantPhi and every later pass in SSA. Nothing is rejected, nothing is what
 * formal-ssa cannot read, no function is missing; what the compiler's own invariants say of the
 * printed code is an `internal-error` finding (docs/react-compiler.md has the ones found,
 * analysed: the compiler's bugs, not formal-ssa's).
 *
 * And the compiler the runner runs: another copy from a package directory (`--react-compiler
 * DIR`; here the installed one, by its directory), a directory that holds none refused, and a
 * compiler that hands its logger no HIR (as the releases before 19.0.0-beta-b2e8e9c-20241220)
 * stopped with one line rather than reported as missing functions.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { printReactBatch, reactFuzzTarget } from "../../../adapters/react-compiler/fuzz.js";
import { caseArbitrary, caseSeed, generateCase, runCampaign } from "../../../api/campaign/producers.js";
import { loadReactCompiler, nodeReactBatchRunner } from "../../../api/campaign/node/react.js";
import { loadCompiler, type CompilerLogger } from "../../../api/react_compiler.js";
import { reactBatchRunner } from "../../../api/campaign/react.js";
import { MalformedInput } from "../../../spec/errors.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

const SEED = Number(process.env.FC_SEED ?? 20161017);

describe("react-compiler: random programs through babel-plugin-react-compiler, one Babel call per batch", () => {
  it("a campaign of 200 cases: nothing rejected, nothing unreadable, nothing missing; the compiler's own invariants are internal-error findings", async () => {
    const runner = reactBatchRunner();
    const r = await runCampaign({ target: reactFuzzTarget, seed: SEED, maxBlocks: 12, batchSize: 100, runs: 200, shrinkTimeMs: 1, runner });
    expect(r.cases).toBe(200);
    const ours = r.findings.filter((f) => f.kind !== "internal-error");
    expect(ours.map((f) => f.description)).toEqual([]);
    for (const f of r.findings) expect(f.description).toMatch(/^react-compiler: internal-error: babel-plugin-react-compiler: Invariant: /);
    // nearly every case reached SSA and was validated, at every later pass too
    expect(runner.stats.cases).toBeGreaterThanOrEqual(200);
    expect(runner.stats.validated).toBeGreaterThan(0.9 * runner.stats.cases);
    // without eachPass two stages a function; with it, a stage per later pass the function got through
    expect(runner.stats.stages).toBeGreaterThan(10 * runner.stats.functions);
  });
});

describe("the compiler the runner runs", () => {
  const arb = caseArbitrary(reactFuzzTarget, 12);
  const cases = Array.from({ length: 3 }, (_, i) => generateCase(arb, caseSeed(SEED, i)));

  it("a copy of babel-plugin-react-compiler from its package directory: its version, and the same verdicts as the installed one", async () => {
    const dir = join(ROOT, "node_modules", "babel-plugin-react-compiler");
    const loaded = await loadReactCompiler(dir);
    expect(loaded.version).toBe("1.0.0");
    const fromDir = nodeReactBatchRunner({ reactCompiler: dir });
    const installed = reactBatchRunner();
    const printed = printReactBatch(cases);
    const a = await fromDir("default", printed, cases);
    const b = await installed("default", printed, cases);
    expect(a.kind).toBe("ran");
    expect(a.kind === "ran" && a.functions).toEqual(b.kind === "ran" && b.functions);
    expect(fromDir.stats.validated).toBeGreaterThan(0);
  });

  it("a directory without the plugin is refused with one line naming it", async () => {
    const empty = mkdtempSync(join(tmpdir(), "formal-ssa-react-dir-"));
    await expect(loadReactCompiler(empty)).rejects.toThrow(MalformedInput);
    await expect(loadReactCompiler(empty)).rejects.toThrow(/no package\.json here/);
    writeFileSync(join(empty, "package.json"), JSON.stringify({ name: "left-pad", version: "1.3.0" }));
    await expect(loadReactCompiler(empty)).rejects.toThrow(/names "left-pad", not babel-plugin-react-compiler/);
  });

  it("a compiler that shows its logger no HIR (no debugLogIRs) stops the campaign with one line", async () => {
    const { babel, plugin } = await loadCompiler();
    type Pass = { opts: { logger: CompilerLogger } };
    type Plugin = { pre?: (this: Pass, file: unknown) => void; [k: string]: unknown };
    const real = plugin as (...args: unknown[]) => Plugin;
    // the real compiler, its logger's debugLogIRs taken away before it reads its options (Babel's
    // `pre`): what a release before debugLogIRs does
    const blind = (...args: unknown[]): Plugin => {
      const p = real(...args);
      return {
        ...p,
        pre(this: Pass, file: unknown) {
          this.opts.logger = { logEvent: this.opts.logger.logEvent };
          p.pre?.call(this, file);
        },
      };
    };
    const runner = reactBatchRunner({ compiler: { babel, plugin: blind, version: "0.0.0-blind" } });
    await expect(runner("default", printReactBatch(cases), cases)).rejects.toThrow(/babel-plugin-react-compiler 0\.0\.0-blind hands its logger no HIR/);
  });
});

describe("the runner's report of a function the compiler gives up on after SSA", () => {
  it("reads as formal-ssa react's: certified, then the compiler gave up after its last pass (not 'before its first pass')", async () => {
    const { reactBatchRunner } = await import("../../../api/campaign/react.js");
    const { validateSources, formatReactReport } = await import("../../../api/react_compiler.js");
    // docs/findings.md: Invariant: Expected a break target, after SSA, in 1.0.0
    const source = "function f0() { let c; do { c = g(); } while (g(c)); }\n";
    const run = await reactBatchRunner()("default", { files: { "case.js": source }, functionNames: ["f0"] }, []);
    expect(run.kind).toBe("ran");
    if (run.kind !== "ran") return;
    expect(run.failures?.get("f0")?.kind).toBe("internal-error");
    const report = run.files["report.txt"];
    expect(report).toMatch(/^case\.js:1: f0: certified \([^)]*\); then the compiler gave up after \w+: CompileError \(Invariant\): Expected a break target$/m);
    expect(report).not.toContain("before its first pass");
    // the same lines as the command's (each pass validated there too)
    const command = formatReactReport(await validateSources([{ name: "case.js", text: source }], { eachPass: true }), { functions: true, skipped: true });
    expect(report.split("\n")[0]).toBe(command.split("\n")[0]);
  });
});
