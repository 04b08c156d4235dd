/**
 * `formal-ssa/react-compiler`: certify the React Compiler's SSA (babel-plugin-react-compiler's
 * `enterSSA`, then `EliminateRedundantPhi`) against its HIR before SSA, function by function.
 *
 * Two ways in:
 * - `validatingLogger()`: a logger to pass to the plugin in a project's own Babel config. It
 *   validates every function during the real build, reports what it finds through the project's
 *   own logger (or on stderr), and fails the build on request (`failOnRejection`).
 * - `validateSources()` (and `formal-ssa react FILES`): runs Babel with the plugin
 *   (`compilationMode: "all"`, so ordinary functions are lowered too) over source texts and
 *   returns the report.
 *
 * babel-plugin-react-compiler and @babel/core are optional peer dependencies: only
 * `validateSources` loads them, when called; the logger needs neither.
 */
import type { FunctionPair, SourceInput, StagedFunction } from "../adapters/adapter.js";
import { Capture, reactCompilerAdapter, STAGES, type CapturedFunction, type PipelineValue } from "../adapters/react-compiler/index.js";
import { QUALITY, type QualityProperty } from "../checks/index.js";
import { FORMAT_VERSION, type FunctionDoc } from "../io/format.js";
import { lowerCfg } from "../io/lower.js";
import { MalformedInput, MissingDependency } from "./errors.js";
import { validatePairDetailed, type DetailOptions, type ProducerOptions } from "./producers.js";
import { formatReport, withoutTimes, type FunctionReport } from "./report.js";
import { requireList } from "./validate.js";

export { reactCompilerAdapter, STAGES, SAME_INSTRUCTIONS, Capture, snapshot } from "../adapters/react-compiler/index.js";
export type { CapturedFunction, PipelineValue, SnapUnit, SnapFunction, HirFunction } from "../adapters/react-compiler/index.js";

export { MissingDependency };

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
  /** Each stage's report, keyed by pass name (`SSA`, `EliminateRedundantPhi`). */
  stages?: Record<string, FunctionReport>;
  reason?: string;
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
  /** Called with each function's original and stage SSA documents (for `--emit`). */
  onDocuments?: (file: string, name: string, documents: { original: FunctionDoc; ssa: FunctionDoc; eliminated: FunctionDoc }) => void;
  /**
   * Which functions keep their stage reports in the report (`stages`): `all` (the default of
   * `validateSources` and the command), or `failing` (the logger's default: a build keeps only
   * what it may have to show, the counts of the others).
   */
  stages?: "all" | "failing";
}

/**
 * The failure that heads a rejected function's report: its first failing property that
 * certification needs (validity, or a quality property in `require`), with its first witness.
 */
function firstFailure(stage: string, r: FunctionReport, require: readonly string[]): string {
  const unrequired = new Set<string>(QUALITY.filter((q) => !require.includes(q)));
  for (const [name, p] of Object.entries(r.properties))
    if (!p.holds && !unrequired.has(name)) {
      const w = p.witness?.[0];
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
  /** The capture to wire into the compiler's logger (`debugLogIRs`). */
  readonly capture: Capture;
  /** The file the caller is compiling, by the caller's name for it (Babel's is absolute); unset, the compiler's. */
  currentFile: string | undefined;

  constructor(options: ReactOptions = {}) {
    this.options = { ...options, require: requireList(options.require), undef: options.undef ?? reactCompilerAdapter.defaultUndef };
    this.capture = new Capture((c) => this.validateCaptured(c));
  }

  /** A compiler event (`logEvent`). */
  event(file: string | null, event: CompilerEvent): void {
    this.events.push({ file: this.currentFile ?? file ?? "<input>", event });
  }

  /** Validates a function captured at the three points (what `capture` calls once it has them). */
  validateCaptured(c: CapturedFunction): void {
    const file = this.currentFile ?? c.file ?? "<input>";
    this.files.add(file);
    for (const f of reactCompilerAdapter.functions(c)) {
      const r = this.validate(f, file);
      this.functions.push(r);
      this.options.onReport?.(r);
    }
  }

  private validate(f: StagedFunction, file: string): ReactFunctionReport {
    if (f.stages === undefined) return { file, name: f.name, line: f.line, verdict: "unmappable", reason: f.unmappable };
    const [built, eliminated] = f.stages.map((s) => s.pair) as [FunctionPair, FunctionPair];
    this.options.onDocuments?.(file, f.name, { original: built.original, ssa: built.ssa, eliminated: eliminated.ssa });
    const stages = { built, eliminated, name: f.name, line: f.line, file };
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
    const { require, undef, necessaryPaths } = this.options;
    // the tests' independent minimum (DetailOptions) passes through
    const constructMinimum = (this.options as DetailOptions).constructMinimum;
    const elim = validatePairDetailed(eliminated, "EliminateRedundantPhi", { require, undef, necessaryPaths, constructMinimum, original, certifiedWitnesses, names: ELIMINATED_NAMES, quality: quality?.eliminated });
    const elimReport = elim.report;
    // the adapter hands over one pair object for both stages when EliminateRedundantPhi left the
    // function as enterSSA built it: lowered and checked once, reported under each stage's name
    const decided = builtPair === eliminated ? elim.decided : undefined;
    const builtReport = validatePairDetailed(builtPair, "enterSSA", { require, undef, necessaryPaths, original, certifiedWitnesses, minimum: elimReport.stats.phis_minimum, names: BUILT_NAMES, decided, quality: quality?.built }).report;
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
    if (f.verdict === "rejected")
      for (const stage of STAGES) {
        const r = f.stages![stage];
        if (r.verdict === "certified") continue;
        const text = formatReport({ format: "formal-ssa/report@1", verdict: "rejected", producer: stage === "SSA" ? "enterSSA" : "EliminateRedundantPhi", require: report.require, functions: [withoutTimes({ functions: [r] }).functions[0]] }, { failingOnly: true });
        for (const line of text.trimEnd().split("\n").slice(1, -2)) out.push(`  ${stage}: ${line.trimStart()}`);
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

// --- the logger for a project's own build ----------------------------------------------------

export interface LoggerOptions extends ReactOptions {
  /** The project's own logger: every event is passed on, and findings are reported through it. */
  logger?: CompilerLogger | null;
  /** Throw (and so fail the build) when a function is rejected. */
  failOnRejection?: boolean;
  /** Where findings go when there is no `logger` (default: `console.warn`). */
  warn?: (line: string) => void;
}

/** A finding, as the compiler's logger receives it (a `CompileDiagnostic` event). */
export const FINDING_CATEGORY = "formal-ssa";

/** The error that fails a build: the rejected function's report line and failures. */
export class SsaRejected extends Error {
  constructor(readonly function_: ReactFunctionReport) {
    super(`formal-ssa: the React Compiler's SSA of ${functionLine(function_)}`);
    this.name = "SsaRejected";
  }
}

export interface ValidatingLogger extends CompilerLogger {
  debugLogIRs(value: PipelineValue): void;
  /** Everything validated so far. */
  report(): ReactReport;
}

/**
 * A logger for babel-plugin-react-compiler that validates every function's SSA as the compiler
 * builds it. Findings (rejected functions, and functions that could not be validated) are
 * passed to `logger.logEvent` as `CompileDiagnostic` events of category `formal-ssa`, or warned
 * when there is no logger. With `failOnRejection`, a rejection throws `SsaRejected` out of the
 * compiler's next `logEvent` (its `CompileSuccess` or error event for that function, which the
 * plugin does not catch), and Babel reports a failed build.
 */
export function validatingLogger(options: LoggerOptions = {}): ValidatingLogger {
  const inner = options.logger ?? undefined;
  let pending: SsaRejected | undefined;
  const warn = options.warn ?? ((line: string) => console.warn(line));
  const validator = new ReactValidator({
    stages: "failing",
    ...options,
    onReport: (r) => {
      options.onReport?.(r);
      if (r.verdict === "certified") return;
      const text = r.verdict === "rejected" ? formatReactReport({ ...emptyReport(), functions: [r] }).split("\n").filter((l) => l.startsWith("  ")) : [];
      if (inner !== undefined)
        inner.logEvent(r.file, {
          kind: "CompileDiagnostic",
          fnLoc: null,
          detail: { category: FINDING_CATEGORY, reason: functionLine(r), description: text.join("\n"), loc: null, suggestions: null },
        });
      else warn([functionLine(r), ...text].join("\n"));
      if (r.verdict === "rejected" && options.failOnRejection) pending ??= new SsaRejected(r);
    },
  });
  const check = () => {
    if (pending !== undefined) {
      const e = pending;
      pending = undefined;
      throw e;
    }
  };
  return {
    logEvent(filename, event) {
      validator.event(filename, event);
      inner?.logEvent(filename, event);
      check();
    },
    debugLogIRs(value) {
      inner?.debugLogIRs?.(value);
      // no throw here: the compiler catches what its pipeline throws and skips the function
      validator.capture.debugLogIRs(value);
    },
    report: () => validator.report(),
  };
}

function emptyReport(): ReactReport {
  return {
    format: REACT_REPORT_FORMAT,
    producer: "babel-plugin-react-compiler",
    verdict: "certified",
    summary: { files: 0, compiled: 0, skipped: 0, certified: 0, rejected: 0, unmappable: 0, phis_created: 0, phis_left: 0, phis_minimum: 0, redundant_share: 0 },
    functions: [],
    skipped: [],
  };
}

// --- running the compiler ---------------------------------------------------------------------

const PEERS = ["babel-plugin-react-compiler", "@babel/core"] as const;

interface Babel {
  transformSync(code: string, options: object): unknown;
}

/** @babel/core and the compiler's plugin, loaded when first needed. */
export async function loadCompiler(what = "formal-ssa react"): Promise<{ babel: Babel; plugin: unknown; version: string | undefined }> {
  try {
    const babel = (await import("@babel/core" as string)) as Partial<Babel> & { default?: Babel };
    const mod = (await import("babel-plugin-react-compiler" as string)) as { default: unknown };
    return { babel: typeof babel.transformSync === "function" ? (babel as Babel) : babel.default!, plugin: mod.default, version: undefined };
  } catch (e) {
    if ((e as { code?: string }).code === "ERR_MODULE_NOT_FOUND") throw new MissingDependency(what, PEERS);
    throw e;
  }
}

/** Babel's parser plugins for a file name: TypeScript for .ts/.tsx/.mts/.cts, JSX everywhere but .ts. */
function parserPlugins(name: string): string[] {
  if (/\.(ts|mts|cts)$/.test(name)) return ["typescript"];
  if (/\.tsx$/.test(name)) return ["typescript", "jsx"];
  return ["jsx"];
}

/**
 * Compiles each source with Babel and babel-plugin-react-compiler (`compilationMode: "all"`,
 * `panicThreshold: "none"`) and validates every function that reaches SSA. A source Babel cannot
 * parse throws `MalformedInput` (`FILE:LINE:COLUMN: message`).
 */
export async function validateSources(sources: readonly SourceInput[], options: ReactOptions & { onFile?: (name: string) => void } = {}): Promise<ReactReport> {
  const { babel, plugin } = await loadCompiler();
  const validator = new ReactValidator(options);
  const logger: CompilerLogger = { logEvent: (f, e) => validator.event(f, e), debugLogIRs: (v) => validator.capture.debugLogIRs(v) };
  for (const s of sources) {
    validator.currentFile = s.name;
    compileOne(babel, plugin, s, logger);
    options.onFile?.(s.name);
  }
  return validator.report();
}

/** Babel with the compiler over one source (its output is dropped). */
export function compileOne(babel: Babel, plugin: unknown, s: SourceInput, logger: CompilerLogger): void {
  try {
    babel.transformSync(s.text, {
      filename: s.name,
      babelrc: false,
      configFile: false,
      sourceType: "unambiguous",
      code: false,
      parserOpts: { plugins: parserPlugins(s.name) },
      plugins: [[plugin, { compilationMode: "all", panicThreshold: "none", logger }]],
    });
  } catch (e) {
    const err = e as { code?: string; loc?: { line: number; column: number }; reasonCode?: string; message?: string };
    if (err.code === "BABEL_PARSE_ERROR" || err.reasonCode !== undefined) {
      const msg = String(err.message ?? e).split("\n")[0].replace(/^[^:]*: /, "").replace(/ \(\d+:\d+\)$/, "");
      throw new MalformedInput(`${s.name}:${err.loc?.line ?? 0}:${(err.loc?.column ?? 0) + 1}: ${msg}`);
    }
    throw e;
  }
}

/** Each file's functions as modules of the exchange format, for `--emit`: the original, enterSSA's and EliminateRedundantPhi's. */
export function emittedModules(): {
  add: NonNullable<ReactOptions["onDocuments"]>;
  modules: Map<string, { original: FunctionDoc[]; ssa: FunctionDoc[]; eliminated: FunctionDoc[] }>;
  text: (docs: FunctionDoc[]) => string;
} {
  const modules = new Map<string, { original: FunctionDoc[]; ssa: FunctionDoc[]; eliminated: FunctionDoc[] }>();
  return {
    modules,
    add: (file, _name, d) => {
      let m = modules.get(file);
      if (m === undefined) modules.set(file, (m = { original: [], ssa: [], eliminated: [] }));
      m.original.push(d.original);
      m.ssa.push(d.ssa);
      m.eliminated.push(d.eliminated);
    },
    text: (docs) => JSON.stringify({ format: FORMAT_VERSION, functions: docs }) + "\n",
  };
}
