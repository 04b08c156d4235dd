/**
 * The validating logger for a project's own Babel build: babel-plugin-react-compiler hands it
 * each function's HIR after every pass (`debugLogIRs`), it copies the three points that matter
 * (adapters/react-compiler/capture.ts) and has them validated by a backend: here, in the build's
 * own thread; in Node, on a thread of its own (api/node/react_thread.ts), so that the build
 * waits only for the copies. Either way the findings, the report and `failOnRejection` behave
 * alike, and reports keep the order in which the compiler compiled the functions.
 */
import { Capture, LAST_PASS_BEFORE_SSA, snapshot, type CapturedFunction, type HirFunction, type PipelineValue, type SnapUnit } from "../adapters/react-compiler/index.js";
import { MalformedInput } from "./errors.js";
import {
  emptyReport,
  formatReactReport,
  functionLine,
  outsideThePipeline,
  ReactValidator,
  type CompilerCopy,
  type CompilerEvent,
  type CompilerLogger,
  type ReactFunctionReport,
  type ReactOptions,
  type ReactReport,
  type ValidatedFunction,
} from "./react_validator.js";

export interface LoggerOptions extends Omit<ReactOptions, "compiler"> {
  /** The project's own logger: every event is passed on, and findings are reported through it. */
  logger?: CompilerLogger | null;
  /** Throw (and so fail the build) when a function is rejected. */
  failOnRejection?: boolean;
  /** Where findings go when there is no `logger` (default: `console.warn`). */
  warn?: (line: string) => void;
  /**
   * Node only (elsewhere the build's thread always validates): validate on a thread of the
   * logger's own, at low priority, so that the build's thread only copies the HIR (default
   * `true`). `false`, or options a thread cannot take (`onDocuments`), validate in the build's
   * thread as each function is compiled.
   */
  thread?: boolean;
  /**
   * The copy of babel-plugin-react-compiler the build is to run instead of the installed one: in
   * Node a package directory (as `formal-ssa react --react-compiler DIR`), anywhere the copy's
   * plugin itself with its version. The logger's `plugin` is that copy, to put in the Babel
   * config in place of the plugin's name; once Babel has run it, `report()` names it
   * (`compiler`).
   */
  compiler?: string | LoadedCopy;
}

/** A copy of the compiler's plugin, loaded: what `compiler` takes outside Node. */
export interface LoadedCopy extends CompilerCopy {
  plugin: unknown;
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
  /** Everything validated so far, the functions still in flight included. */
  report(): ReactReport;
  /**
   * With the option `compiler`: that copy's Babel plugin, for the config (`plugins: [[logger.plugin,
   * { logger }]]`); undefined without it.
   */
  readonly plugin: unknown;
}

/** What a backend hands back for one captured function: its reports, or the error validating it raised. */
export type Validated = ValidatedFunction | { error: Error };

/**
 * Where a logger's captured functions are validated. `copy` makes the captures (`snapshot`, or
 * `encodeUnit` for another thread); what `submit` takes comes back through `ready` and `finish`,
 * one `Validated` per function, in the order submitted.
 */
export interface ValidationBackend<U> {
  readonly copy: (fn: HirFunction) => U;
  submit(c: CapturedFunction<U>): void;
  /** What is validated and not yet handed back, without waiting. */
  ready(): Validated[];
  /** Has everything submitted validated (waiting for nothing it can do itself), and hands back the rest. */
  finish(): Validated[];
}

/**
 * Validates with `reportsOf` the captured function `capture` gives (a decoding, on another
 * thread), an error in either becoming the function's outcome.
 */
export function validateOne(validator: ReactValidator, capture: () => CapturedFunction): Validated {
  try {
    return validator.reportsOf(capture());
  } catch (e) {
    return { error: e instanceof Error ? e : new Error(String(e)) };
  }
}

/**
 * In the build's own thread. A function is validated at the compiler's next `logEvent` (its
 * `CompileSuccess` or error event), outside the compiler's pipeline: an error raised there
 * would be caught by the compiler and taken for its own.
 */
export function inlineValidation(validator: ReactValidator): ValidationBackend<SnapUnit> {
  const queue: CapturedFunction[] = [];
  const run = (): Validated[] => {
    const out = queue.map((c) => validateOne(validator, () => c));
    queue.length = 0;
    return out;
  };
  return { copy: snapshot, submit: (c) => queue.push(c), ready: run, finish: run };
}

export { outsideThePipeline };

/**
 * The plugin of the copy `compiler` names, which tells `used` when Babel first runs it (so that a
 * report names the copy only when it is the one that ran); a directory needs Node's entry.
 */
function pluginOf(compiler: LoggerOptions["compiler"], used: (copy: CompilerCopy) => void): unknown {
  if (compiler === undefined) return undefined;
  if (typeof compiler === "string")
    throw new MalformedInput(`validatingLogger({ compiler: ${JSON.stringify(compiler)} }): a package directory is loaded by formal-ssa/react-compiler as Node imports it; elsewhere give the copy's plugin, { plugin, version }`);
  const { plugin, ...copy } = compiler;
  if (typeof plugin !== "function") return plugin;
  const real = plugin as (this: unknown, ...args: unknown[]) => unknown;
  return function (this: unknown, ...args: unknown[]): unknown {
    used(copy);
    return real.apply(this, args);
  };
}

/** The logger around a backend: findings, `failOnRejection`, the report. */
export function loggerWith<U>(options: LoggerOptions, backend: (validator: ReactValidator) => ValidationBackend<U>): ValidatingLogger & { hasPendingRejection(): boolean } {
  const inner = options.logger ?? undefined;
  /** A rejection to fail the build with, and an error raised while validating (always thrown). */
  let rejection: SsaRejected | undefined;
  let internal: Error | undefined;
  const warn = options.warn ?? ((line: string) => console.warn(line));
  // the copy the build runs is named in the report once Babel has run it (`pluginOf`)
  const { compiler, ...validatorOptions } = options;
  const validator = new ReactValidator({
    stages: "failing",
    ...validatorOptions,
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
      if (r.verdict === "rejected" && options.failOnRejection) rejection ??= new SsaRejected(r);
    },
  });
  const plugin = pluginOf(compiler, (copy) => (validator.compiler = copy));
  const b = backend(validator);
  const deliver = (done: readonly Validated[]) => {
    for (const v of done) {
      if ("error" in v) internal ??= v.error;
      else validator.record(v);
    }
  };
  const capture = new Capture<U>((c) => b.submit(c), LAST_PASS_BEFORE_SSA, b.copy, options.eachPass === true);
  return {
    logEvent(filename, event) {
      validator.event(filename, event);
      inner?.logEvent(filename, event);
      // the compiler is done with the function: its later passes are all captured (`eachPass`)
      if (outsideThePipeline(event)) capture.flush();
      deliver(b.ready());
      const e = internal ?? rejection;
      if (e === undefined) return;
      if (outsideThePipeline(event)) {
        if (e === internal) internal = undefined;
        else rejection = undefined;
      }
      throw e;
    },
    debugLogIRs(value) {
      inner?.debugLogIRs?.(value);
      // no throw here: the compiler catches what its pipeline throws and skips the function
      validator.logged(value);
      capture.debugLogIRs(value);
    },
    report() {
      capture.flush();
      deliver(b.finish());
      if (internal !== undefined) {
        const e = internal;
        internal = undefined;
        throw e;
      }
      return validator.report();
    },
    hasPendingRejection: () => rejection !== undefined,
    plugin,
  };
}

/**
 * A logger for babel-plugin-react-compiler that validates every function's SSA as the compiler
 * builds it. Findings (rejected functions, and functions that could not be validated) are
 * passed to `logger.logEvent` as `CompileDiagnostic` events of category `formal-ssa`, or warned
 * when there is no logger. With `failOnRejection`, a rejection throws `SsaRejected` out of the
 * compiler's next `logEvent` (its `CompileSuccess` or error event for that function, which the
 * plugin does not catch), and Babel reports a failed build. This one validates in the build's
 * thread; `formal-ssa/react-compiler` in Node gives one that validates on its own thread.
 */
export function validatingLogger(options: LoggerOptions = {}): ValidatingLogger {
  const { hasPendingRejection: _, ...logger } = loggerWith(options, inlineValidation);
  return logger;
}
