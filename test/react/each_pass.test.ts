/**
 * The per-pass check (`eachPass`, `formal-ssa react --each-pass`): the HIR after every pass that
 * follows EliminateRedundantPhi and keeps the HIR in SSA, each on its own as an SSA document
 * (adapters/react-compiler/pass_ssa.ts), decided as `check` decides one (`CFG_SSA_wf`), with the
 * HIR's own edges on top (`consistent_edges`).
 *
 * - every fixture is well-formed after every later pass; the passes are the ones the installed
 *   babel-plugin-react-compiler 1.0.0 logs, as its pipeline lists them (read from its
 *   dist/index.js, `runWithEnvironment`, not from formal-ssa);
 * - a reactive scope's dependencies are no SSA uses: scope_loop.js, whose scope records the loop
 *   header's phi, a value defined inside the scope, is well-formed (the compiler's own HIR shows
 *   that dependency here);
 * - a broken later pass is caught at that pass and only there: one pass's captured HIR is
 *   changed (a loop phi's operands swapped, a phi dropped, a predecessor added) before
 *   validation, and that pass's stage is rejected with the property that breaks;
 * - the validating logger (in the build's thread and on its own thread) reports what
 *   `validateSources` reports; the command's `--each-pass` gives one stage per pass.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { Capture, LAST_PASS_BEFORE_SSA, snapshot, type CapturedFunction, type SnapUnit } from "../../adapters/react-compiler/index.js";
import { compileOne, loadCompiler, validateSources, validatingLogger, type CompilerLogger, type ReactReport } from "../../api/react_compiler.js";
import { outsideThePipeline } from "../../api/react_logger.js";
import { ReactValidator } from "../../api/react_validator.js";
import { ensureBuilt, runCli } from "../cli/cli.js";
import { build } from "./helpers.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));
const FIXTURE_FILES = readdirSync(FIXTURES).filter((f) => f.endsWith(".js"));
const fixture = (f: string) => readFileSync(FIXTURES + f, "utf8");

/** The HIR passes babel-plugin-react-compiler 1.0.0 logs after EliminateRedundantPhi with its default options, in order (its `runWithEnvironment`). */
const LATER_PASSES = [
  "ConstantPropagation",
  "InferTypes",
  "OptimizePropsMethodCalls",
  "AnalyseFunctions",
  "InferMutationAliasingEffects",
  "DeadCodeElimination",
  "PruneMaybeThrows",
  "InferMutationAliasingRanges",
  "InferReactivePlaces",
  "RewriteInstructionKindsBasedOnReassignment",
  "InferReactiveScopeVariables",
  "MemoizeFbtAndMacroOperandsInSameScope",
  "OutlineFunctions",
  "AlignMethodCallScopes",
  "AlignObjectMethodScopes",
  "PruneUnusedLabelsHIR",
  "AlignReactiveScopesToBlockScopesHIR",
  "MergeOverlappingReactiveScopesHIR",
  "BuildReactiveScopeTerminalsHIR",
  "FlattenReactiveLoopsHIR",
  "FlattenScopesWithHooksOrUseHIR",
  "PropagateScopeDependenciesHIR",
];

/** Every function of `text` the compiler reaches SSA with, captured with its later passes. */
async function captureEachPass(text: string): Promise<CapturedFunction[]> {
  const { babel, plugin } = await loadCompiler();
  const out: CapturedFunction[] = [];
  const capture = new Capture((c) => out.push(c), LAST_PASS_BEFORE_SSA, snapshot, true);
  const logger: CompilerLogger = { logEvent: (_f, e) => (outsideThePipeline(e) ? capture.flush() : undefined), debugLogIRs: capture.debugLogIRs };
  compileOne(babel, plugin, { name: "input.js", text }, logger);
  capture.flush();
  return out;
}

/** The unit captured after `pass`. */
const unitAfter = (c: CapturedFunction, pass: string): SnapUnit => c.passes!.find((p) => p.name === pass)!.unit;

describe("every fixture after every later pass", () => {
  it("is well-formed SSA, each pass a stage named after it, in the pipeline's order", async () => {
    const report = await validateSources(
      FIXTURE_FILES.map((f) => ({ name: f, text: fixture(f) })),
      { eachPass: true },
    );
    expect(report.functions.filter((f) => f.verdict !== "certified").map((f) => `${f.name}: ${f.reason}`)).toEqual([]);
    expect(report.verdict).toBe("certified");
    for (const f of report.functions) {
      const stages = Object.keys(f.stages!);
      expect(stages.slice(0, 2)).toEqual(["SSA", "EliminateRedundantPhi"]);
      // a compiled function goes through every pass; a nested one may be outlined or removed on the way
      if (!f.name.includes(" > ")) expect(stages.slice(2)).toEqual(LATER_PASSES);
      else expect(LATER_PASSES.slice(0, stages.length - 2)).toEqual(stages.slice(2));
      for (const s of stages.slice(2)) expect(f.stages![s].properties.allUses_def_ass?.holds).toBe(true);
    }
    // without eachPass, the two stages only
    const plain = await validateSources([{ name: "loops.js", text: fixture("loops.js") }]);
    expect(plain.functions.map((f) => Object.keys(f.stages!))).toEqual(plain.functions.map(() => ["SSA", "EliminateRedundantPhi"]));
  });

  it("scope_loop.js: a scope whose dependency is a phi defined inside it is well-formed (dependencies are no SSA uses)", async () => {
    // the compiler's own HIR: the scope's recorded dependency is the identifier a phi defines
    const { babel, plugin } = await loadCompiler();
    const found: string[] = [];
    const logger: CompilerLogger = {
      logEvent() {},
      debugLogIRs(v) {
        if (v.name !== "PropagateScopeDependenciesHIR") return;
        const blocks = (v.value as { body: { blocks: Map<number, { phis: Set<{ place: { identifier: { id: number } } }>; terminal: { kind: string; scope?: { dependencies: Set<{ identifier: { id: number } }> } } }> } }).body.blocks;
        const phiIds = new Set([...blocks.values()].flatMap((b) => [...b.phis].map((p) => p.place.identifier.id)));
        for (const b of blocks.values()) if (b.terminal.kind === "scope") for (const d of b.terminal.scope!.dependencies) if (phiIds.has(d.identifier.id)) found.push(`dependency ${d.identifier.id}`);
      },
    };
    compileOne(babel, plugin, { name: "scope_loop.js", text: fixture("scope_loop.js") }, logger);
    expect(found.length).toBeGreaterThan(0);
    const report = await validateSources([{ name: "scope_loop.js", text: fixture("scope_loop.js") }], { eachPass: true });
    expect(report.functions.map((f) => [f.name, f.verdict])).toEqual([["lastTaken", "certified"]]);
    expect(report.functions[0].stages!.PropagateScopeDependenciesHIR.verdict).toBe("certified");
  });
});

describe("a broken later pass is caught at that pass", () => {
  /** sumTo (loops.js) captured, its unit after `pass` changed by `breakIt`, validated: each stage's verdict and the function's reason. */
  async function brokenAt(pass: string, breakIt: (unit: SnapUnit) => void): Promise<{ verdicts: Record<string, string>; reason: string | undefined }> {
    const [sumTo] = (await captureEachPass(fixture("loops.js"))).filter((c) => c.name === "sumTo");
    breakIt(unitAfter(sumTo, pass));
    const validator = new ReactValidator({ eachPass: true });
    validator.validateCaptured(sumTo);
    const [f] = validator.report().functions;
    return { verdicts: Object.fromEntries(Object.entries(f.stages!).map(([s, r]) => [s, r.verdict])), reason: f.reason };
  }

  /** The verdicts wanted: every stage certified but `pass`. */
  const onlyRejected = (pass: string) => Object.fromEntries(["SSA", "EliminateRedundantPhi", ...LATER_PASSES].map((s) => [s, s === pass ? "rejected" : "certified"]));

  it("a loop phi's two operands swapped after DeadCodeElimination: the loop's value is read on entry before it is defined (allUses_def_ass)", async () => {
    const r = await brokenAt("DeadCodeElimination", (unit) => {
      const fn = unit.functions[0];
      // a loop header: a block with a phi of two operands one of which its own body defines
      const phi = fn.blocks.flatMap((b) => b.phis).find((p) => p.operands.length === 2)!;
      const [[p0, v0], [p1, v1]] = phi.operands;
      phi.operands = [
        [p0, v1],
        [p1, v0],
      ];
    });
    expect(r.verdicts).toEqual(onlyRejected("DeadCodeElimination"));
    expect(r.reason).toMatch(/^DeadCodeElimination: allUses_def_ass fails/);
  });

  it("a phi dropped after InferTypes: its readers read a value nothing defines (allUses_def_ass)", async () => {
    const r = await brokenAt("InferTypes", (unit) => {
      const b = unit.functions[0].blocks.find((x) => x.phis.length > 0)!;
      b.phis = b.phis.slice(1);
    });
    expect(r.verdicts).toEqual(onlyRejected("InferTypes"));
    expect(r.reason).toMatch(/^InferTypes: allUses_def_ass fails/);
  });

  it("a predecessor no terminal leads from, added after ConstantPropagation: the HIR's edges disagree (consistent_edges)", async () => {
    const r = await brokenAt("ConstantPropagation", (unit) => {
      const fn = unit.functions[0];
      const b = fn.blocks.find((x) => x.phis.length > 0)!;
      const stranger = fn.blocks.find((x) => x.id !== b.id && !b.preds.includes(x.id) && x.id !== fn.entry)!;
      b.preds = [...b.preds, stranger.id];
    });
    expect(r.verdicts).toEqual(onlyRejected("ConstantPropagation"));
    expect(r.reason).toMatch(/^ConstantPropagation: consistent_edges fails/);
  });
});

/** A report's functions as plain JSON, without the times (which differ from run to run) and the file (a build's is Babel's absolute name). */
const comparable = (r: ReactReport) => (JSON.parse(JSON.stringify(r, (k, v: unknown) => (k === "milliseconds" || k === "file" ? undefined : v))) as ReactReport).functions;

describe("the validating logger and the command", () => {
  it("the logger with eachPass (in the build's thread, and on its own thread) reports what validateSources does", async () => {
    const text = fixture("loops.js") + fixture("try.js");
    // every stage kept, so that the later passes' reports are compared too
    const expected = comparable(await validateSources([{ name: "live.js", text }], { eachPass: true }));
    expect(expected.length).toBeGreaterThan(3);
    for (const f of expected) expect(Object.keys(f.stages!)).toContain("DeadCodeElimination");
    const inline = validatingLogger({ eachPass: true, stages: "all", thread: false, warn: () => {} });
    await build(text, inline);
    expect(comparable(inline.report())).toEqual(expected);
    // the thread runs compiled code: the logger as Node imports it, from dist/
    ensureBuilt();
    const node = (await import(pathToFileURL(join(ROOT, "dist", "api/node/react_compiler.js")).href)) as typeof import("../../api/node/react_compiler.js");
    const threaded = node.validatingLogger({ eachPass: true, stages: "all", warn: () => {} });
    await build(text, threaded);
    expect(comparable(threaded.report())).toEqual(expected);
  });

  it("formal-ssa react --each-pass --json: a stage per later pass, every one certified", () => {
    ensureBuilt();
    const r = runCli(["react", join(FIXTURES, "scope_loop.js"), "--each-pass", "--json"], ROOT);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as ReactReport;
    expect(Object.keys(report.functions[0].stages!)).toEqual(["SSA", "EliminateRedundantPhi", ...LATER_PASSES]);
    expect(Object.values(report.functions[0].stages!).map((s) => s.verdict)).toEqual(["SSA", "EliminateRedundantPhi", ...LATER_PASSES].map(() => "certified"));
  });
});
