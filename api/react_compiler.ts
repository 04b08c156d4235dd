/**
 * `formal-ssa/react-compiler`: certify the React Compiler's SSA (babel-plugin-react-compiler's
 * `enterSSA`, then `EliminateRedundantPhi`) against its HIR before SSA, function by function.
 *
 * Two ways in:
 * - `validatingLogger()`: a logger to pass to the plugin in a project's own Babel config. It
 *   validates every function during the real build, reports what it finds through the project's
 *   own logger (or on stderr), and fails the build on request (`failOnRejection`). In Node the
 *   entry resolves to api/node/react_compiler.ts, whose logger validates on a thread of its own.
 * - `validateSources()` (and `formal-ssa react FILES`): runs Babel with the plugin
 *   (`compilationMode: "all"`, so ordinary functions are lowered too) over source texts and
 *   returns the report.
 *
 * babel-plugin-react-compiler and @babel/core are optional peer dependencies: only
 * `validateSources` loads them, when called; the logger needs neither.
 */
import type { SourceInput } from "../adapters/adapter.js";
import { Capture, LAST_PASS_BEFORE_SSA, snapshot, type CapturedFunction } from "../adapters/react-compiler/index.js";
import { FORMAT_VERSION, type FunctionDoc } from "../io/format.js";
import { MalformedInput, MissingDependency } from "./errors.js";
import { inlineValidation, outsideThePipeline } from "./react_logger.js";
import { ReactValidator, type CompilerLogger, type ReactOptions, type ReactReport } from "./react_validator.js";

export { reactCompilerAdapter, STAGES, SAME_INSTRUCTIONS, Capture, snapshot } from "../adapters/react-compiler/index.js";
export type { CapturedFunction, PipelineValue, SnapUnit, SnapFunction, HirFunction } from "../adapters/react-compiler/index.js";
export {
  REACT_REPORT_FORMAT,
  ReactValidator,
  functionLine,
  formatReactReport,
  gaveUpText,
  type CompilerCopy,
  type CompilerEvent,
  type CompilerLogger,
  type ReactFunctionReport,
  type SkippedFunction,
  type ReactSummary,
  type ReactReport,
  type ReactOptions,
  type ReactFormatOptions,
} from "./react_validator.js";
export { FINDING_CATEGORY, SsaRejected, validatingLogger, type LoadedCopy, type LoggerOptions, type ValidatingLogger } from "./react_logger.js";

export { MissingDependency };


const PEERS = ["babel-plugin-react-compiler", "@babel/core"] as const;

/** What @babel/core gives that is used here. */
export interface Babel {
  transformSync(code: string, options: object): unknown;
}

/**
 * Babel and a copy of the compiler's plugin, ready to compile (`version`: the plugin's, where
 * known; `directory`: the package directory it was loaded from, when not the installed one).
 */
export interface LoadedCompiler {
  babel: Babel;
  plugin: unknown;
  version: string | undefined;
  directory?: string;
}

/** @babel/core and the compiler's plugin, loaded when first needed. */
export async function loadCompiler(what = "formal-ssa react"): Promise<LoadedCompiler> {
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
  return validateSourcesWith(await loadCompiler(), sources, options);
}

/**
 * `validateSources` with Babel and the compiler's plugin given (a page bundles its own: the
 * explorer's @babel/standalone), so nothing is imported when it runs.
 */
export function validateSourcesWith(
  compiler: Pick<LoadedCompiler, "babel" | "plugin"> & Partial<Pick<LoadedCompiler, "version" | "directory">>,
  sources: readonly SourceInput[],
  options: ReactOptions & {
    onFile?: (name: string) => void;
    /**
     * Changes each captured function before it is validated, which makes a deliberately broken
     * producer out of a correct one (the explorer's planted-bug example; the fuzzer's tests use
     * the runner's own hook). Never set it to certify a build.
     */
    tamper?: (c: CapturedFunction) => void;
  } = {},
): ReactReport {
  const { babel, plugin, version, directory } = compiler;
  // the report names the copy where it is known
  const copy = version !== undefined || directory !== undefined ? { ...(version !== undefined ? { version } : {}), ...(directory !== undefined ? { directory } : {}) } : undefined;
  const validator = new ReactValidator({ ...(copy !== undefined ? { compiler: copy } : {}), ...options });
  // each file's functions are validated once Babel is done with it, outside the compiler, which
  // would catch an error raised inside its pipeline and take it for its own
  const backend = inlineValidation(validator);
  const capture = new Capture(
    (c) => {
      options.tamper?.(c);
      backend.submit(c);
    },
    LAST_PASS_BEFORE_SSA,
    snapshot,
    options.eachPass === true,
  );
  const logger: CompilerLogger = {
    logEvent: (f, e) => {
      validator.event(f, e);
      // the compiler is done with the function: its later passes are all captured (`eachPass`)
      if (outsideThePipeline(e)) capture.flush();
    },
    debugLogIRs: (v) => {
      validator.logged(v);
      capture.debugLogIRs(v);
    },
  };
  for (const s of sources) {
    validator.currentFile = s.name;
    compileOne(babel, plugin, s, logger);
    capture.flush();
    for (const v of backend.finish()) {
      if ("error" in v) throw v.error;
      validator.record(v);
    }
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
