/**
 * Validating what the React Compiler captured: `ReactValidator` pairs each captured function's
 * HIR before SSA with its two stages (adapters/react-compiler), certifies both, and keeps the
 * totals and the compiler's events; the report types and their text form.
 */
import type { FunctionPair, PassForm, SsaForm, StagedFunction } from "../adapters/adapter.js";
import { Capture, functionPlace, LAST_PASS_BEFORE_SSA, reactCompilerAdapter, snapshot, STAGES, type CapturedFunction, type HirFunction, type PipelineValue } from "../adapters/react-compiler/index.js";
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
  /** 1.x: a CompilerErrorDetail, its fields in `options` (`category`); the 19 releases: the fields themselves (`severity`). */
  detail?: { reason?: string; options?: { reason?: string; [field: string]: unknown }; [field: string]: unknown };
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

/**
 * A function the compiler gave up on, with its reason: before SSA (the report's `skipped`), or
 * after its SSA was validated (`gave_up`), the function then left uncompiled.
 */
export interface SkippedFunction {
  file: string;
  line: number;
  column: number;
  /** The function's name, where the compiler's HIR gave it (every function that reached SSA). */
  name?: string;
  /** The logger event (`CompileError`, `CompileSkip`, `PipelineError`). */
  event: string;
  /** The compiler's category of the error (`Todo`, `Invariant`, a rule of React such as `Refs`; the 19 releases: its severity), where it gives one. */
  category?: string;
  /**
   * The last pass the compiler logged for the function before it gave up (`debugLogIRs`): the
   * error arose after it, in a pass or check that logs nothing of its own or in the next pass.
   * Absent where it logged none (the lowering, or the plugin's checks before it).
   */
  pass?: string;
  /**
   * `compiler`: an error of the compiler's own, a broken invariant (category or severity
   * `Invariant`) or a crash (`PipelineError`, an error that is not the compiler's); `code`: a
   * reason of the code (`Todo`, unsupported syntax, a rule of React, a directive).
   */
  fault: "compiler" | "code";
  reason: string;
}

export interface ReactSummary {
  files: number;
  /** Functions that reached SSA, nested ones included. */
  compiled: number;
  /** Functions the compiler gave up on before SSA. */
  skipped: number;
  /** Functions that reached SSA and that the compiler then gave up on (the compiled function, not those nested in it). */
  gave_up: number;
  /** Of the skipped and given up on, those whose error is the compiler's own (`fault` `compiler`). */
  compiler_errors: number;
  certified: number;
  rejected: number;
  unmappable: number;
  phis_created: number;
  phis_left: number;
  phis_minimum: number;
  /** (created - left) / created: the share of enterSSA's phis that EliminateRedundantPhi removes. */
  redundant_share: number;
}

/** The copy of babel-plugin-react-compiler a report is of, where known. */
export interface CompilerCopy {
  /** Its package.json's version. */
  version?: string;
  /** The package directory it was loaded from, when not the installed one (`--react-compiler DIR`). */
  directory?: string;
}

/** The report of `formal-ssa react --json` (schemas/react-report.json). */
export interface ReactReport {
  format: typeof REACT_REPORT_FORMAT;
  producer: "babel-plugin-react-compiler";
  /**
   * certified: every function that reached SSA is, and the compiler failed on none (whatever it
   * skipped for a reason of the code); rejected: some function is rejected; incomplete: none is,
   * but some could not be paired; compiler-error: every function that reached SSA is certified,
   * but the compiler gave up on some function with an error of its own (an invariant or a crash),
   * before SSA or after.
   */
  verdict: "certified" | "rejected" | "incomplete" | "compiler-error";
  compiler?: CompilerCopy;
  require?: string[];
  summary: ReactSummary;
  functions: ReactFunctionReport[];
  /** The functions the compiler gave up on before SSA. */
  skipped: SkippedFunction[];
  /** The functions that reached SSA (their reports are in `functions`) and that the compiler then gave up on. */
  gave_up: SkippedFunction[];
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
  /** The copy of the compiler the report is of (`report().compiler`). */
  compiler?: CompilerCopy;
}

/**
 * The events the plugin logs outside the compiler's pipeline, once per function (Program.ts):
 * the compiler is done with the function. An error thrown out of one of them fails the build;
 * thrown out of any other (a diagnostic of a pass), the compiler may catch it.
 */
export function outsideThePipeline(event: CompilerEvent): boolean {
  return event.kind === "CompileSuccess" || event.kind === "CompileSkip" || event.kind === "PipelineError" || (event.kind === "CompileError" && event.fnLoc != null);
}

/** A field of a compiler error's detail, directly or in its `options` (releases differ). */
function detailField(event: CompilerEvent, field: string): string | undefined {
  const d = event.detail as Record<string, unknown> | undefined;
  const v = d?.[field] ?? (d?.options as Record<string, unknown> | undefined)?.[field];
  return typeof v === "string" ? v : undefined;
}

/**
 * What the compiler says of a function it gave up on (`CompileError` with the function's place,
 * `CompileSkip`, `PipelineError`), or undefined for any other event (`CompileError` without a
 * place is a diagnostic the compilation goes on after). `fault` `compiler` is what the fuzz
 * target calls an `internal-error` (an invariant) or a `crash` (`PipelineError`).
 */
export function gaveUp(event: CompilerEvent): Pick<SkippedFunction, "event" | "category" | "fault" | "reason"> | undefined {
  if (!outsideThePipeline(event) || event.kind === "CompileSuccess") return undefined;
  if (event.kind === "PipelineError") return { event: event.kind, fault: "compiler", reason: String(event.data ?? "").split("\n")[0] };
  const category = detailField(event, "category") ?? detailField(event, "severity");
  const reason = detailField(event, "reason") ?? event.reason ?? (event.data ?? "").split("\n")[0];
  const invariant = detailField(event, "category") === "Invariant" || detailField(event, "severity") === "Invariant";
  return { event: event.kind, ...(category !== undefined ? { category } : {}), fault: invariant ? "compiler" : "code", reason: String(reason) };
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
  private readonly files = new Set<string>();
  /** The files the compiler's events named. */
  private readonly eventFiles = new Set<string>();
  /** The functions the compiler gave up on, by place, in the order of its events; `afterSsa` where the function had reached SSA. */
  private readonly givenUp = new Map<string, { skipped: SkippedFunction; afterSsa: boolean }>();
  /** The last pass the compiler logged for the function it is compiling, and where that function reached SSA (`logged`). */
  private lastPass: string | undefined;
  private atSsa: { file: string; name: string; line: number; column: number } | undefined;
  private readonly options: ReactOptions & { require: string[]; undef: "strict" | "refine" };
  /** The stages as `validateStages` last validated them (only with `onStages`). */
  private lastStages: { built: PairResult; eliminated: PairResult } | undefined;
  /** The capture to wire into the compiler's logger (`debugLogIRs`). */
  readonly capture: Capture;
  /** The file the caller is compiling, by the caller's name for it (Babel's is absolute); unset, the compiler's. */
  currentFile: string | undefined;
  /** The copy of the compiler the report is of (`report().compiler`): the option's, or set once known. */
  compiler: CompilerCopy | undefined;

  constructor(options: ReactOptions = {}) {
    this.options = { ...options, require: requireList(options.require), undef: options.undef ?? reactCompilerAdapter.defaultUndef };
    this.compiler = options.compiler;
    this.capture = new Capture((c) => this.validateCaptured(c), LAST_PASS_BEFORE_SSA, snapshot, options.eachPass === true);
  }

  /**
   * What the compiler logs after each pass (`debugLogIRs`, besides the capture): the pass it
   * is at, so that a function it gives up on is reported with the last pass it got through, and
   * whether the function reached SSA.
   */
  logged(v: PipelineValue): void {
    if (v.kind === "debug") return;
    this.lastPass = v.name;
    if (v.kind === "hir" && v.name === "SSA") {
      const fn = v.value as HirFunction;
      this.atSsa = { file: this.currentFile ?? (typeof fn.env?.filename === "string" ? fn.env.filename : null) ?? "<input>", ...functionPlace(fn) };
    }
  }

  /** A compiler event (`logEvent`): a function it gave up on is kept with the pass it got to. */
  event(file: string | null, event: CompilerEvent): void {
    const name = this.currentFile ?? file ?? "<input>";
    this.eventFiles.add(name);
    const why = gaveUp(event);
    if (why !== undefined) {
      const start = event.fnLoc?.start;
      const place = { file: name, line: start?.line ?? 0, column: start?.column ?? 0 };
      const key = `${place.file}:${place.line}:${place.column}`;
      const known = this.givenUp.get(key);
      // the compiler logs an error per detail: the first is kept, unless a later one is its own
      if (known === undefined) {
        const at = this.atSsa;
        const skipped: SkippedFunction = { ...place, ...(at !== undefined ? { name: at.name } : {}), event: why.event, ...(why.category !== undefined ? { category: why.category } : {}), ...(this.lastPass !== undefined ? { pass: this.lastPass } : {}), fault: why.fault, reason: why.reason };
        this.givenUp.set(key, { skipped, afterSsa: at !== undefined });
      } else if (known.skipped.fault === "code" && why.fault === "compiler") {
        const { category: _, ...rest } = known.skipped;
        known.skipped = { ...rest, event: why.event, ...(why.category !== undefined ? { category: why.category } : {}), fault: why.fault, reason: why.reason };
      }
    }
    if (outsideThePipeline(event)) {
      this.lastPass = undefined;
      this.atSsa = undefined;
    }
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

  /** The functions the compiler gave up on before SSA (`afterSsa` false), or after it (true), one per function. */
  skipped(afterSsa = false): SkippedFunction[] {
    return [...this.givenUp.values()].filter((g) => g.afterSsa === afterSsa).map((g) => g.skipped);
  }

  report(): ReactReport {
    const fs = this.functions;
    const count = (v: ReactFunctionReport["verdict"]) => fs.filter((f) => f.verdict === v).length;
    const sum = (k: "created" | "left" | "minimum") => fs.reduce((s, f) => s + (f.phis?.[k] ?? 0), 0);
    const skipped = this.skipped(false);
    const gave_up = this.skipped(true);
    const compilerErrors = [...skipped, ...gave_up].filter((g) => g.fault === "compiler").length;
    const created = sum("created");
    const rejected = count("rejected");
    const unmappable = count("unmappable");
    return {
      format: REACT_REPORT_FORMAT,
      producer: "babel-plugin-react-compiler",
      verdict: rejected > 0 ? "rejected" : unmappable > 0 ? "incomplete" : compilerErrors > 0 ? "compiler-error" : "certified",
      ...(this.compiler !== undefined ? { compiler: this.compiler } : {}),
      ...(this.options.require.length > 0 ? { require: this.options.require } : {}),
      summary: {
        files: new Set([...this.files, ...this.eventFiles]).size,
        compiled: fs.length,
        skipped: skipped.length,
        gave_up: gave_up.length,
        compiler_errors: compilerErrors,
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
      gave_up,
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

/** Where and why the compiler gave up on a function: `after PASS: EVENT (CATEGORY): REASON`. */
export function gaveUpText(g: SkippedFunction): string {
  // `HIR` is the lowering's output, the first thing the compiler logs
  const where = g.pass === undefined ? "before its first pass" : g.pass === "HIR" ? "after the lowering (HIR)" : `after ${g.pass}`;
  return `${where}: ${g.category !== undefined ? `${g.event} (${g.category})` : g.event}: ${g.reason}`;
}

export interface ReactFormatOptions {
  /** A line for every function, not only for those not certified or given up on. */
  functions?: boolean;
  /** The compiler's reasons for every function it skipped before SSA, not only for those it failed on with an error of its own. */
  skipped?: boolean;
}

/**
 * The text report of `formal-ssa react`: a line for every function not certified, or that the
 * compiler gave up on after SSA (`--functions`: for every function), with the failures of the
 * rejected ones; a line for every function the compiler failed on before SSA with an error of
 * its own (`--skipped`: for every function it skipped); the summary.
 */
export function formatReactReport(report: ReactReport, options: ReactFormatOptions = {}): string {
  const out: string[] = [];
  if (report.compiler?.directory !== undefined) out.push(`compiler: babel-plugin-react-compiler ${report.compiler.version ?? "(version unknown)"} from ${report.compiler.directory}`);
  // a function the compiler gave up on after SSA is told on its own line: the compiled function, by file, line and name
  const gaveUp = new Map<string, SkippedFunction>();
  for (const g of report.gave_up) if (g.name !== undefined && !gaveUp.has(`${g.file}:${g.line}:${g.name}`)) gaveUp.set(`${g.file}:${g.line}:${g.name}`, g);
  const told = new Set<SkippedFunction>();
  for (const f of report.functions) {
    const key = `${f.file}:${f.line}:${f.name}`;
    const g = gaveUp.get(key);
    if (f.verdict === "certified" && !options.functions && g === undefined) continue;
    if (g !== undefined) {
      gaveUp.delete(key);
      told.add(g);
    }
    out.push(g === undefined ? functionLine(f) : `${functionLine(f)}; then the compiler gave up ${gaveUpText(g)}`);
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
  // given up on after SSA, with no function line to join (a function whose stages did not come back)
  for (const g of report.gave_up.filter((g) => !told.has(g)))
    out.push(`${g.file}:${g.line}:${g.column}: ${g.name ?? "<unknown>"}: reached SSA, then the compiler gave up ${gaveUpText(g)}`);
  for (const s of report.skipped) if (options.skipped || s.fault === "compiler") out.push(`${s.file}:${s.line}:${s.column}: skipped by the compiler ${gaveUpText(s)}`);
  const s = report.summary;
  out.push(
    `${plural(s.files, "file")}: ${plural(s.compiled, "function")} reached SSA (${s.skipped} skipped by the compiler before SSA); ` +
      `${s.certified} certified, ${s.rejected} rejected, ${s.unmappable} not validated; the compiler gave up on ${s.gave_up} of them after SSA`,
  );
  out.push(
    `phis: enterSSA created ${s.phis_created}, EliminateRedundantPhi left ${s.phis_left}, braun+peel needs ${s.phis_minimum}; ` +
      `${(s.redundant_share * 100).toFixed(1)}% of enterSSA's phis are redundant`,
  );
  const failed = s.compiler_errors;
  out.push(`${report.verdict}: ${s.certified} of ${plural(s.compiled, "function")} certified${failed > 0 ? `; the compiler failed on ${plural(failed, "function")} with an error of its own (an invariant or a crash)` : ""}`);
  return out.join("\n") + "\n";
}

/** A report of nothing validated yet (formatReactReport of one function uses it). */
export function emptyReport(): ReactReport {
  return {
    format: REACT_REPORT_FORMAT,
    producer: "babel-plugin-react-compiler",
    verdict: "certified",
    summary: { files: 0, compiled: 0, skipped: 0, gave_up: 0, compiler_errors: 0, certified: 0, rejected: 0, unmappable: 0, phis_created: 0, phis_left: 0, phis_minimum: 0, redundant_share: 0 },
    functions: [],
    skipped: [],
    gave_up: [],
  };
}
