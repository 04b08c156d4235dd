/**
 * Validating what the React Compiler captured: `ReactValidator` pairs each captured function's
 * HIR before SSA with its two stages (adapters/react-compiler), certifies both, and keeps the
 * totals and the compiler's events; the report types and their text form.
 */
import type { FunctionPair, PassForm, SsaForm, StagedFunction } from "../adapters/adapter.js";
import { Capture, LAST_PASS_BEFORE_SSA, reactCompilerAdapter, snapshot, STAGES, type CapturedFunction, type PipelineValue } from "../adapters/react-compiler/index.js";
import { QUALITY, type QualityProperty } from "../checks/index.js";
import type { FunctionDoc } from "../io/format.js";
import { lowerCfg } from "../io/lower.js";
import { checkSsaForm, SOUND_REFINEMENT, validatePairDetailed, type DetailOptions, type PairResult, type ProducerOptions } from "./producers.js";
import { formatReport, withoutTimes, type FunctionReport } from "./report.js";
import { requireList } from "./validate.js";

export const REACT_REPORT_FORMAT = "formal-ssa/react-report@1";

/** What the React Compiler passes to its logger's `logEvent` (LoggerEvent), as far as read here. */
export interface CompilerEvent {
  kind: string;
  fnLoc?: { start?: { line: number; column: number } } | null;
  reason?: string;
  data?: string;
  detail?: { reason?: string; options?: { reason?: string }; [field: string]: unknown };
  [field: string]: unknown;
}

/** The React Compiler's `Logger` (its options' `logger`). */
export interface CompilerLogger {
  logEvent(filename: string | null, event: CompilerEvent): void;
  debugLogIRs?(value: PipelineValue): void;
}

/** One function the compiler lowered to SSA (or one nested in it). */
export interface ReactFunctionReport {
  file: string;
  name: string;
  line: number;
  /** `unmappable`: the adapter could not pair it; `reason` says why. */
  verdict: "certified" | "rejected" | "unmappable";
  /** Phis enterSSA created, those left after EliminateRedundantPhi, and the fewest any translation needs (braun+peel). */
  phis?: { created: number; left: number; minimum: number };
  /**
   * Each stage's report, keyed by pass name (`SSA`, `EliminateRedundantPhi`; with `eachPass`
   * also every later pass in SSA, `ConstantPropagation` ... `PropagateScopeDependenciesHIR`,
   * whose reports say whether the HIR there is well-formed SSA on its own).
   */
  stages?: Record<string, FunctionReport>;
  reason?: string;
}

/** The reports of one captured function (the one compiled, and those nested in it) and its file. */
export interface ValidatedFunction {
  file: string;
  reports: ReactFunctionReport[];
}

/** A function the compiler gave up on before SSA, with its reason. */
export interface SkippedFunction {
  file: string;
  line: number;
  column: number;
  /** The logger event (`CompileError`, `CompileSkip`, `PipelineError`). */
  event: string;
  reason: string;
}

export interface ReactSummary {
  files: number;
  /** Functions that reached SSA, nested ones included. */
  compiled: number;
  skipped: number;
  certified: number;
  rejected: number;
  unmappable: number;
  phis_created: number;
  phis_left: number;
  phis_minimum: number;
  /** (created - left) / created: the share of enterSSA's phis that EliminateRedundantPhi removes. */
  redundant_share: number;
}

/** The report of `formal-ssa react --json` (schemas/react-report.json). */
export interface ReactReport {
  format: typeof REACT_REPORT_FORMAT;
  producer: "babel-plugin-react-compiler";
  /** certified: every compiled function is; incomplete: none rejected, but some could not be paired. */
  verdict: "certified" | "rejected" | "incomplete";
  require?: string[];
  summary: ReactSummary;
  functions: ReactFunctionReport[];
  skipped: SkippedFunction[];
}

export interface ReactOptions extends ProducerOptions {
  /** Called with each function's report as soon as it is made. */
  onReport?: (report: ReactFunctionReport) => void;
  /** Called with each function's original and stage SSA documents (for `--emit`), and where its blocks stand in the source (`lines()`, for the explorer). */
  onDocuments?: (file: string, name: string, documents: { original: FunctionDoc; ssa: FunctionDoc; eliminated: FunctionDoc; lines: () => Record<string, [number, number]> }) => void;
  /** Called with each function's two stages as validated, the last time they are (for `--certificate`). */
  onStages?: (file: string, stages: { built: PairResult; eliminated: PairResult }) => void;
  /**
   * Which functions keep their stage reports in the report (`stages`): `all` (the default of
   * `validateSources` and the command), or `failing` (the logger's default: a build keeps only
   * what it may have to show, the counts of the others).
   */
  stages?: "all" | "failing";
  /**
   * Also check the HIR after every later pass that keeps it in SSA (ConstantPropagation through
   * PropagateScopeDependenciesHIR in 1.0.0) on its own: `CFG_SSA_wf` and the HIR's own edges
   * (adapters/react-compiler/pass_ssa.ts), each pass a stage of its own, named after it. A
   * function is certified only when every one is well-formed too.
   */
  eachPass?: boolean;
}

/**
 * The failure that heads a rejected function's report: its first failing property that
 * certification needs (validity, or a quality property in `require`), with its first witness.
 */
function firstFailure(stage: string, r: FunctionReport, require: readonly string[]): string {
  const unrequired = new Set<string>(QUALITY.filter((q) => !require.includes(q)));
  for (const [name, p] of Object.entries(r.properties))
    if (!p.holds && !unrequired.has(name) && p.accepted !== true) {
      const w = p.witness?.[0];
      if (name === SOUND_REFINEMENT && w !== undefined) return `${stage}: ${w.text}`;
      return `${stage}: ${name} fails${w !== undefined ? `: ${w.text}` : ""}`;
    }
  return `${stage}: rejected`;
}

const BUILT_NAMES = { original: "before SSA", ssa: "after enterSSA" } as const;
const ELIMINATED_NAMES = { original: "before SSA", ssa: "after EliminateRedundantPhi" } as const;

/**
 * Validates captured functions and keeps the totals: the one engine behind the logger, the
 * command and `validateSources`.
 */
export class ReactValidator {
  readonly functions: ReactFunctionReport[] = [];
  private readonly events: Array<{ file: string; event: CompilerEvent }> = [];
  private readonly files = new Set<string>();
  private readonly options: ReactOptions & { require: string[]; undef: "strict" | "refine" };
  /** The stages as `validateStages` last validated them (only with `onStages`). */
  private lastStages: { built: PairResult; eliminated: PairResult } | undefined;
  /** The capture to wire into the compiler's logger (`debugLogIRs`). */
  readonly capture: Capture;
  /** The file the caller is compiling, by the caller's name for it (Babel's is absolute); unset, the compiler's. */
  currentFile: string | undefined;

  constructor(options: ReactOptions = {}) {
    this.options = { ...options, require: requireList(options.require), undef: options.undef ?? reactCompilerAdapter.defaultUndef };
    this.capture = new Capture((c) => this.validateCaptured(c), LAST_PASS_BEFORE_SSA, snapshot, options.eachPass === true);
  }

  /** A compiler event (`logEvent`). */
  event(file: string | null, event: CompilerEvent): void {
    this.events.push({ file: this.currentFile ?? file ?? "<input>", event });
  }

  /** Validates a function captured at the three points (what `capture` calls once it has them). */
  validateCaptured(c: CapturedFunction): void {
    this.record(this.reportsOf(c));
  }

  /**
   * The reports of a captured function and the functions nested in it, kept nowhere: what a
   * validating logger's thread makes and hands back (`record` keeps them).
   */
  reportsOf(c: CapturedFunction): ValidatedFunction {
    const file = this.currentFile ?? c.file ?? "<input>";
    return { file, reports: reactCompilerAdapter.functions(c).map((f) => this.validate(f, file)) };
  }

  /** Keeps a captured function's reports (made by `reportsOf`, here or on another thread), in the order given. */
  record(v: ValidatedFunction): void {
    this.files.add(v.file);
    for (const r of v.reports) {
      this.functions.push(r);
      this.options.onReport?.(r);
    }
  }

  private validate(f: StagedFunction, file: string): ReactFunctionReport {
    if (f.stages === undefined) return { file, name: f.name, line: f.line, verdict: "unmappable", reason: f.unmappable };
    const [built, eliminated] = f.stages.map((s) => s.pair) as [FunctionPair, FunctionPair];
    this.options.onDocuments?.(file, f.name, { original: built.original, ssa: built.ssa, eliminated: eliminated.ssa, lines: () => built.blockLines?.() ?? {} });
    const stages = { built, eliminated, name: f.name, line: f.line, file };
    const r = this.validateBoth(stages);
    // the stages as last validated (a function rejected by a build's narrow check is checked again in full)
    if (this.options.onStages !== undefined && this.lastStages !== undefined) this.options.onStages(file, this.lastStages);
    return f.passes === undefined ? r : this.withPasses(r, f.passes, () => this.validateStages(stages, undefined));
  }

  /** enterSSA's and EliminateRedundantPhi's stages of a function against its HIR before SSA. */
  private validateBoth(stages: { built: FunctionPair; eliminated: FunctionPair; name: string; line: number; file: string }): ReactFunctionReport {
    if (this.options.stages !== "failing") return this.validateStages(stages, undefined);
    // A build keeps no stage report of a certified function, so it decides only what the verdict
    // and the phi counts need: the required quality properties, and for EliminateRedundantPhi's
    // output pruned and no_redundant_set, from which its phi count is known to be the minimum
    // (Wagner: pruned, with no redundant phi set, is minimal) without building braun+peel. A
    // function rejected so is checked again with every property, for its report.
    const require = this.options.require;
    const r = this.validateStages(stages, { built: require, eliminated: [...new Set<QualityProperty>([...require, "pruned", "no_redundant_set"])] });
    return r.verdict === "certified" ? r : this.validateStages(stages, undefined);
  }

  /**
   * A function's report with its later passes' (`eachPass`): each pass a stage, the function
   * rejected at the first pass whose HIR is not well-formed SSA, or not validated where a pass's
   * HIR has a construct the adapter cannot translate. `full` gives the two stages' reports where
   * `r` kept none (a build's certified function) and a pass needs them shown.
   */
  private withPasses(r: ReactFunctionReport, passes: readonly PassForm[], full: () => ReactFunctionReport): ReactFunctionReport {
    const reports: Record<string, FunctionReport> = {};
    let rejected: string | undefined;
    let unmappable: string | undefined;
    // a pass that changed nothing the document shows hands over the form of the pass before: checked once
    let last: { form: SsaForm; report: FunctionReport } | undefined;
    for (const p of passes) {
      if ("unmappable" in p) {
        unmappable ??= `after ${p.pass}: ${p.unmappable}`;
        continue;
      }
      const report = last?.form === p.form ? last.report : checkSsaForm(p.form, p.pass);
      last = { form: p.form, report };
      reports[p.pass] = report;
      if (report.verdict === "rejected") rejected ??= firstFailure(p.pass, report, []);
    }
    if (r.verdict !== "certified") return r.stages === undefined ? r : { ...r, stages: { ...r.stages, ...reports } };
    if (rejected === undefined && unmappable === undefined) return r.stages === undefined ? r : { ...r, stages: { ...r.stages, ...reports } };
    const base = r.stages === undefined ? full() : r;
    return { ...base, verdict: rejected !== undefined ? "rejected" : "unmappable", stages: { ...base.stages, ...reports }, reason: rejected ?? unmappable };
  }

  /** Both stages of a function, with the quality properties to decide at each (all where undefined). */
  private validateStages(
    { built, eliminated, name, line, file }: { built: FunctionPair; eliminated: FunctionPair; name: string; line: number; file: string },
    quality: { built: readonly QualityProperty[]; eliminated: readonly QualityProperty[] } | undefined,
  ): ReactFunctionReport {
    // enterSSA's phis beyond those left are the next pass's to remove: the stage's count is explained by them
    const removed = built.phis - eliminated.phis;
    const builtPair: FunctionPair =
      removed === 0
        ? built
        : {
            ...built,
            differences: [
              ...built.differences,
              { kind: "removed by EliminateRedundantPhi", block: built.original.entry, detail: `${removed} of enterSSA's phis are redundant and removed by the next pass`, minimumDelta: -removed },
            ],
          };
    // one original for both stages, lowered once; the minimum found with the second serves the first
    const original = lowerCfg(built.original, "before SSA", built.name);
    // a build keeping only what fails writes no witnesses for certified functions
    const certifiedWitnesses = this.options.stages !== "failing";
    // the options written out, not spread from this.options (a spread per function showed in the build's profile)
    const { require, undef, necessaryPaths, acceptUnsoundRefinements } = this.options;
    // the tests' independent minimum (DetailOptions) passes through
    const constructMinimum = (this.options as DetailOptions).constructMinimum;
    const elim = validatePairDetailed(eliminated, "EliminateRedundantPhi", { require, undef, acceptUnsoundRefinements, necessaryPaths, constructMinimum, original, certifiedWitnesses, names: ELIMINATED_NAMES, quality: quality?.eliminated });
    const elimReport = elim.report;
    // the adapter hands over one pair object for both stages when EliminateRedundantPhi left the
    // function as enterSSA built it: lowered and checked once, reported under each stage's name
    const decided = builtPair === eliminated ? elim.decided : undefined;
    const builtResult = validatePairDetailed(builtPair, "enterSSA", { require, undef, acceptUnsoundRefinements, necessaryPaths, original, certifiedWitnesses, minimum: elimReport.stats.phis_minimum, names: BUILT_NAMES, decided, quality: quality?.built });
    const builtReport = builtResult.report;
    if (this.options.onStages !== undefined) this.lastStages = { built: builtResult, eliminated: elim };
    const stages: Record<string, FunctionReport> = { [STAGES[0]]: builtReport, [STAGES[1]]: elimReport };
    const ok = builtReport.verdict === "certified" && elimReport.verdict === "certified";
    return {
      file,
      name,
      line,
      verdict: ok ? "certified" : "rejected",
      phis: { created: built.phis, left: eliminated.phis, minimum: builtReport.stats.phis_minimum ?? elimReport.stats.phis_minimum ?? 0 },
      ...(ok && this.options.stages === "failing" ? {} : { stages }),
      ...(ok ? {} : { reason: builtReport.verdict === "rejected" ? firstFailure(STAGES[0], builtReport, this.options.require) : firstFailure(STAGES[1], elimReport, this.options.require) }),
    };
  }

  /** The compiler's events for functions that never reached SSA, one per function. */
  skipped(): SkippedFunction[] {
    const compiled = new Set(this.functions.map((f) => `${f.file}:${f.line}`));
    const out = new Map<string, SkippedFunction>();
    for (const { file, event } of this.events) {
      if (event.kind !== "CompileError" && event.kind !== "CompileSkip" && event.kind !== "PipelineError") continue;
      const start = event.fnLoc?.start;
      const line = start?.line ?? 0;
      const key = `${file}:${line}:${start?.column ?? 0}`;
      if (compiled.has(`${file}:${line}`) || out.has(key)) continue;
      const reason = event.reason ?? event.detail?.reason ?? event.detail?.options?.reason ?? (event.data ?? "").split("\n")[0];
      out.set(key, { file, line, column: start?.column ?? 0, event: event.kind, reason: String(reason) });
    }
    return [...out.values()];
  }

  report(): ReactReport {
    const fs = this.functions;
    const count = (v: ReactFunctionReport["verdict"]) => fs.filter((f) => f.verdict === v).length;
    const sum = (k: "created" | "left" | "minimum") => fs.reduce((s, f) => s + (f.phis?.[k] ?? 0), 0);
    const skipped = this.skipped();
    const created = sum("created");
    const rejected = count("rejected");
    const unmappable = count("unmappable");
    return {
      format: REACT_REPORT_FORMAT,
      producer: "babel-plugin-react-compiler",
      verdict: rejected > 0 ? "rejected" : unmappable > 0 ? "incomplete" : "certified",
      ...(this.options.require.length > 0 ? { require: this.options.require } : {}),
      summary: {
        files: new Set([...this.files, ...this.events.map((e) => e.file)]).size,
        compiled: fs.length,
        skipped: skipped.length,
        certified: count("certified"),
        rejected,
        unmappable,
        phis_created: created,
        phis_left: sum("left"),
        phis_minimum: sum("minimum"),
        redundant_share: created === 0 ? 0 : Math.round(((created - sum("left")) / created) * 10000) / 10000,
      },
      functions: fs,
      skipped,
    };
  }
}

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;

/** One line for a function: where, what, verdict and phi counts. */
export function functionLine(f: ReactFunctionReport): string {
  const where = `${f.file}:${f.line}: ${f.name}`;
  if (f.verdict === "unmappable") return `${where}: not validated: ${f.reason}`;
  const p = f.phis!;
  const counts = `enterSSA ${plural(p.created, "phi")}, ${p.left} left by EliminateRedundantPhi, minimum ${p.minimum}`;
  return f.verdict === "certified" ? `${where}: certified (${counts})` : `${where}: rejected: ${f.reason} (${counts})`;
}

export interface ReactFormatOptions {
  /** A line for every function, not only for those not certified. */
  functions?: boolean;
  /** The compiler's reasons for the functions it skipped. */
  skipped?: boolean;
}

/** The text report of `formal-ssa react`. */
export function formatReactReport(report: ReactReport, options: ReactFormatOptions = {}): string {
  const out: string[] = [];
  for (const f of report.functions) {
    if (f.verdict === "certified" && !options.functions) continue;
    out.push(functionLine(f));
    if (f.verdict === "rejected") {
      // a later pass that only passes on what an earlier one broke is not written out again
      let previous: { stage: string; failures: string } | undefined;
      for (const [stage, r] of Object.entries(f.stages!)) {
        if (r.verdict === "certified") {
          previous = undefined;
          continue;
        }
        // a later pass is checked on its own: no quality property is required of it
        const later = !(STAGES as readonly string[]).includes(stage);
        const text = formatReport({ format: "formal-ssa/report@1", verdict: "rejected", producer: stage === "SSA" ? "enterSSA" : stage, require: later ? undefined : report.require, functions: [withoutTimes({ functions: [r] }).functions[0]] }, { failingOnly: true });
        const lines = text.trimEnd().split("\n").slice(1, -2);
        // the first line names the stage's sizes; the rest are its failures
        const failures = lines.slice(1).join("\n");
        if (later && previous !== undefined && previous.failures === failures) {
          out.push(`  ${stage}: the same failures as after ${previous.stage}`);
          continue;
        }
        if (later) previous = { stage, failures };
        for (const line of lines) out.push(`  ${stage}: ${line.trimStart()}`);
      }
    }
  }
  if (options.skipped) for (const s of report.skipped) out.push(`${s.file}:${s.line}:${s.column}: skipped by the compiler (${s.event}): ${s.reason}`);
  const s = report.summary;
  out.push(
    `${plural(s.files, "file")}: ${plural(s.compiled, "function")} reached SSA (${s.skipped} skipped by the compiler); ` +
      `${s.certified} certified, ${s.rejected} rejected, ${s.unmappable} not validated`,
  );
  out.push(
    `phis: enterSSA created ${s.phis_created}, EliminateRedundantPhi left ${s.phis_left}, braun+peel needs ${s.phis_minimum}; ` +
      `${(s.redundant_share * 100).toFixed(1)}% of enterSSA's phis are redundant`,
  );
  out.push(`${report.verdict}: ${s.certified} of ${plural(s.compiled, "function")} certified`);
  return out.join("\n") + "\n";
}

/** A report of nothing validated yet (formatReactReport of one function uses it). */
export function emptyReport(): ReactReport {
  return {
    format: REACT_REPORT_FORMAT,
    producer: "babel-plugin-react-compiler",
    verdict: "certified",
    summary: { files: 0, compiled: 0, skipped: 0, certified: 0, rejected: 0, unmappable: 0, phis_created: 0, phis_left: 0, phis_minimum: 0, redundant_share: 0 },
    functions: [],
    skipped: [],
  };
}
