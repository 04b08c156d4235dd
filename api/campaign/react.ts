/**
 * The in-process runner of the fuzz target `react-compiler` (adapters/react-compiler/fuzz.ts)
 * for the campaign engine (api/campaign/producers.ts): a printed batch, one JavaScript module, goes
 * through Babel and babel-plugin-react-compiler in one call in this process (`compilationMode:
 * "all"`, as `validateSources` compiles), its functions are captured from the compiler's logger
 * and validated as `formal-ssa react --each-pass` validates them: enterSSA and
 * EliminateRedundantPhi exactly, against the HIR before SSA, and the HIR after every later pass
 * in SSA for `CFG_SSA_wf` on its own.
 *
 * What a case can come to, in this order (the first that applies is its finding; formal-ssa
 * failing with an exception on one of its functions comes before all, as `unreadable`):
 * - `rejected`: a stage of its function or of a function nested in it is not certified (the
 *   stage and the first failing property make the signature);
 * - `unreadable`: the adapter could not translate something the compiler produced (a gap in
 *   formal-ssa's model, or a construct the compiler should not produce: a finding to look at);
 * - `internal-error`: the compiler gave up on the function with an invariant of its own
 *   (`CompilerError.invariant`: category or severity `Invariant`);
 * - `crash`: an error that is not the compiler's own escaped its pipeline (`PipelineError`), or
 *   Babel threw;
 * - clean: certified, or skipped by the compiler for a reason of the user's code (`Todo`,
 *   `UnsupportedSyntax`, a rule of React): not a finding; `stats` counts them by reason.
 *
 * The runner has no timeout of its own: the compiler runs in the runner's thread. The CLI's target
 * runs it in a worker thread (api/campaign/node/isolated_runner.ts) with a heap limit and a time limit per
 * batch, so that a hang or a heap eaten is a finding of its case.
 */
import type { CapturedFunction } from "../../adapters/react-compiler/index.js";
import { Capture, LAST_PASS_BEFORE_SSA, snapshot } from "../../adapters/react-compiler/index.js";
import type { FuzzCase, PrintedBatch } from "../../adapters/fuzz_target.js";
import { QUALITY } from "../../checks/index.js";
import { MalformedInput } from "../../spec/errors.js";
import type { BatchRun, BatchRunner, FunctionResult, RunFailure } from "./producers.js";
import { compileOne, loadCompiler, type LoadedCompiler } from "../react_compiler.js";
import { outsideThePipeline } from "../react_logger.js";
import { formatReactReport, gaveUp, ReactValidator, type CompilerEvent, type CompilerLogger, type ReactFunctionReport } from "../react_validator.js";

export interface ReactFuzzOptions {
  /**
   * The compiler to run: Babel and a copy of the plugin (api/campaign/node/react.ts loads one from a
   * package directory, `--react-compiler DIR`). Default: the installed peer dependencies,
   * loaded at the first batch.
   */
  compiler?: LoadedCompiler | (() => Promise<LoadedCompiler>);
  /** Check the HIR after every later pass in SSA too (default true). */
  eachPass?: boolean;
  /**
   * For the tests of the fuzzer: changes each captured function before it is validated, which
   * makes a deliberately broken producer out of a correct one.
   */
  tamper?: (c: CapturedFunction) => void;
}

/** What the runner has seen so far, over every batch (for a campaign's summary). */
export interface ReactFuzzStats {
  batches: number;
  /** Case functions compiled. */
  cases: number;
  /** Case functions that reached SSA and were validated (with the functions nested in them). */
  validated: number;
  /** Functions validated, nested ones included. */
  functions: number;
  /** Stages decided (enterSSA, EliminateRedundantPhi and each later pass, of every function). */
  stages: number;
  /** Case functions the compiler skipped for a reason of the code, by reason (numbers taken out). */
  skipped: Record<string, number>;
  /** Case functions the compiler gave up on with an invariant of its own, or crashed on. */
  internalErrors: number;
  crashes: number;
}

/** The function of each printed line that starts one: `function f3(` on line L gives L -> f3. */
function functionLines(text: string): Map<number, string> {
  const out = new Map<number, string>();
  text.split("\n").forEach((line, i) => {
    const m = /^function (\w+)\(/.exec(line);
    if (m !== null) out.set(i + 1, m[1]);
  });
  return out;
}

const QUALITY_SET = new Set<string>(QUALITY);

/** The first stage of a rejected function that is not certified, and its first failing property that certification needs. */
function rejection(f: ReactFunctionReport): { stage: string; property: string; summary: string } {
  for (const [stage, r] of Object.entries(f.stages ?? {})) {
    if (r.verdict === "certified") continue;
    const failing = Object.entries(r.properties).find(([p, v]) => !v.holds && v.decided !== false && v.accepted !== true && !QUALITY_SET.has(p));
    return { stage, property: failing?.[0] ?? "?", summary: `${f.name}: ${f.reason ?? r.summary ?? "rejected"}` };
  }
  return { stage: "?", property: "?", summary: `${f.name}: ${f.reason ?? "rejected"}` };
}

/**
 * The runner: one Babel call per batch, every function captured and validated once the compiler
 * is done with it (at its next event, outside its pipeline, which would take an error of ours for
 * its own), and each case's outcome judged from its function and those nested in it. `stats`
 * adds up what it saw. A compiler that hands its logger no HIR (the releases before
 * 19.0.0-beta-b2e8e9c-20241220) throws `MalformedInput` at the first batch.
 */
export function reactBatchRunner(options: ReactFuzzOptions = {}): BatchRunner & { stats: ReactFuzzStats } {
  const eachPass = options.eachPass ?? true;
  const stats: ReactFuzzStats = { batches: 0, cases: 0, validated: 0, functions: 0, stages: 0, skipped: {}, internalErrors: 0, crashes: 0 };
  let compiler: LoadedCompiler | undefined = typeof options.compiler === "object" ? options.compiler : undefined;
  const runner = async (_variant: string, printed: PrintedBatch, _cases: readonly FuzzCase[]): Promise<BatchRun> => {
    compiler ??= typeof options.compiler === "function" ? await options.compiler() : await loadCompiler("formal-ssa fuzz --target react-compiler");
    const [file, text] = Object.entries(printed.files)[0];
    const files: Record<string, string> = { [file]: text };
    // as a build validates: a certified function's stages decide only what its verdict needs, a
    // rejected one is validated again in full for its report
    const validator = new ReactValidator({ stages: "failing", eachPass });
    validator.currentFile = file;
    const caseOf = (name: string) => name.split(" > ")[0];
    // each function is validated as soon as the compiler is done with it (its CompileSuccess or
    // error event, outside the compiler's pipeline), so that a batch's copies do not pile up; an
    // error of formal-ssa's is that case's finding
    const failures = new Map<string, RunFailure>();
    let captured = 0;
    const validate = (c: CapturedFunction) => {
      captured++;
      // the stages decided: enterSSA and EliminateRedundantPhi of every function of the unit, and each later pass of every function it still has
      stats.stages += 2 * c.before.functions.length + (c.passes ?? []).reduce((n, p) => n + p.unit.functions.length, 0);
      options.tamper?.(c);
      try {
        validator.validateCaptured(c);
      } catch (e) {
        failures.set(caseOf(c.name), { kind: "unreadable", message: `formal-ssa failed validating ${c.name}: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`, ...(e instanceof Error && e.stack !== undefined ? { stderr: e.stack } : {}) });
      }
    };
    const capture = new Capture(validate, LAST_PASS_BEFORE_SSA, snapshot, eachPass);
    const events: CompilerEvent[] = [];
    const logger: CompilerLogger = {
      logEvent: (f, e) => {
        validator.event(f, e);
        events.push(e);
        if (outsideThePipeline(e)) capture.flush();
      },
      // the validator follows the passes too: a function the compiler gives up on after SSA is
      // told from one it gave up on before (as `formal-ssa react` tells them)
      debugLogIRs: (v) => {
        validator.logged(v);
        capture.debugLogIRs(v);
      },
    };
    try {
      compileOne(compiler.babel, compiler.plugin, { text, name: file }, logger);
    } catch (e) {
      const message = e instanceof MalformedInput ? `Babel cannot parse the printed batch (a printer bug): ${e.message}` : `babel-plugin-react-compiler: Babel threw: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`;
      return { kind: "failed", failure: { kind: e instanceof MalformedInput ? "unreadable" : "crash", message, ...(e instanceof Error && e.stack !== undefined ? { stderr: e.stack } : {}) }, files };
    }
    capture.flush();
    if (captured === 0 && events.some((e) => e.kind === "CompileSuccess"))
      // the compiler compiled functions and showed the logger none of them: a release without `debugLogIRs`
      throw new MalformedInput(
        `babel-plugin-react-compiler ${compiler.version ?? "(version unknown)"} hands its logger no HIR (no debugLogIRs): formal-ssa reads the releases that do, 19.0.0-beta-b2e8e9c-20241220 and later`,
      );
    stats.batches++;
    const lines = functionLines(text);
    const report = validator.report();
    files["report.txt"] = formatReactReport(report, { functions: true, skipped: true });
    const byCase = new Map<string, ReactFunctionReport[]>();
    for (const f of report.functions) {
      const name = caseOf(f.name);
      let list = byCase.get(name);
      if (list === undefined) byCase.set(name, (list = []));
      list.push(f);
      stats.functions++;
    }
    // the compiler's own failures, by the function whose start line the event gives
    const compilerFailures = new Map<string, RunFailure>();
    const skipped = new Map<string, string>();
    // the compiler's verdicts on a function, classified as `formal-ssa react` classifies them (gaveUp)
    for (const e of events) {
      const name = lines.get(e.fnLoc?.start?.line ?? -1);
      const g = gaveUp(e);
      if (name === undefined || g === undefined) continue;
      if (e.kind === "PipelineError") compilerFailures.set(name, { kind: "crash", message: `babel-plugin-react-compiler: PipelineError: ${g.reason}`, stderr: String(e.data ?? "") });
      else if (g.fault === "compiler") {
        if (!compilerFailures.has(name)) compilerFailures.set(name, { kind: "internal-error", message: `babel-plugin-react-compiler: Invariant: ${g.reason}` });
      } else if (!skipped.has(name)) skipped.set(name, g.reason);
    }
    const functions: FunctionResult[] = [];
    for (const name of printed.functionNames) {
      stats.cases++;
      const reports = byCase.get(name) ?? [];
      if (reports.length > 0) stats.validated++;
      const rejected = reports.find((f) => f.verdict === "rejected");
      if (rejected !== undefined) {
        const r = rejection(rejected);
        functions.push({ name, certified: false, stage: r.stage, property: r.property, summary: r.summary });
        continue;
      }
      const unmappable = reports.find((f) => f.verdict === "unmappable");
      if (unmappable !== undefined && !failures.has(name)) failures.set(name, { kind: "unreadable", message: `formal-ssa cannot translate ${unmappable.name}: ${unmappable.reason}` });
      const own = compilerFailures.get(name);
      if (own !== undefined && !failures.has(name)) {
        failures.set(name, own);
        if (own.kind === "crash") stats.crashes++;
        else stats.internalErrors++;
      }
      if (reports.length > 0 || failures.has(name)) functions.push({ name, certified: true });
      else if (skipped.has(name)) {
        // the compiler gave up on the code before SSA for a reason of the code: nothing to judge
        const reason = skipped.get(name)!.replace(/\d+/g, "N");
        stats.skipped[reason] = (stats.skipped[reason] ?? 0) + 1;
        functions.push({ name, certified: true });
      }
    }
    return { kind: "ran", functions, files, ...(failures.size > 0 ? { failures } : {}) };
  };
  return Object.assign(runner, { stats });
}
