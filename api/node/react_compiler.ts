/**
 * `formal-ssa/react-compiler` as Node resolves it (package.json's `node` condition): everything of
 * api/react_compiler.ts, with the validating logger that validates on a thread of its own
 * (api/node/react_thread.ts) in place of the one that validates in the build's thread, and the
 * loading of a copy of babel-plugin-react-compiler from its package directory (the logger's
 * `compiler`, `formal-ssa react --react-compiler DIR`, `formal-ssa fuzz --react-compiler DIR`).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { MalformedInput } from "../../spec/errors.js";
import { validatingLogger as inlineLogger, type LoadedCopy, type LoggerOptions, type ValidatingLogger } from "../react_logger.js";
import { loadCompiler, type LoadedCompiler } from "../react_compiler.js";
import { threadLogger } from "./react_thread.js";

export * from "../react_compiler.js";

const PLUGIN = "babel-plugin-react-compiler";

/** A package's `package.json`, or undefined where there is none. */
function packageJson(dir: string): { name?: string; version?: string } | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
  } catch {
    return undefined;
  }
}

/**
 * The copy of babel-plugin-react-compiler in package directory `dir` (`DIR/package.json` names the
 * plugin; its own dependencies, @babel/types, resolve from where it is installed, as `npm install
 * --prefix P babel-plugin-react-compiler@V` leaves them: DIR = `P/node_modules/babel-plugin-react-compiler`),
 * loaded now. A directory that holds no babel-plugin-react-compiler is malformed input (one line
 * naming it).
 */
export function pluginFromDirectory(dir: string): LoadedCopy & { directory: string } {
  const root = resolve(dir);
  const pkg = packageJson(root);
  if (pkg === undefined) throw new MalformedInput(`${dir}: no package.json here (want the directory of an installed ${PLUGIN}, as node_modules/${PLUGIN})`);
  if (pkg.name !== PLUGIN) throw new MalformedInput(`${dir}: package.json names ${JSON.stringify(pkg.name)}, not ${PLUGIN}`);
  let mod: { default?: unknown } | ((...args: unknown[]) => unknown);
  try {
    mod = createRequire(join(root, "package.json"))(root) as typeof mod;
  } catch (e) {
    // a copy whose own dependencies are not installed where it is (copied out of its project)
    throw new MalformedInput(`${dir}: cannot load ${PLUGIN} ${pkg.version ?? ""} from here: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`);
  }
  const plugin = typeof mod === "function" ? mod : (mod.default ?? mod);
  return { plugin, ...(pkg.version !== undefined ? { version: pkg.version } : {}), directory: root };
}

/**
 * Babel and the compiler's plugin: the copy in package directory `dir` (`pluginFromDirectory`), or
 * without it the installed one, with `version` from the plugin's package.json. Babel is always the
 * installed @babel/core: the plugin is a Babel 7 plugin in every release. `what` names the command
 * in the message when the peer dependencies are missing.
 */
export async function loadReactCompiler(dir?: string, what = "formal-ssa react"): Promise<LoadedCompiler> {
  const installed = await loadCompiler(what);
  if (dir === undefined) {
    let version: string | undefined;
    try {
      version = (createRequire(import.meta.url)(`${PLUGIN}/package.json`) as { version?: string }).version;
    } catch {
      // a plugin whose package.json cannot be read has no version to tell
    }
    return { ...installed, version };
  }
  const copy = pluginFromDirectory(dir);
  return { babel: installed.babel, plugin: copy.plugin, version: copy.version, directory: copy.directory };
}

/**
 * A logger for babel-plugin-react-compiler that validates every function's SSA as the compiler
 * builds it, on a thread of its own at low priority (`thread: false`: in the build's thread).
 * Findings (rejected functions, and functions that could not be validated) are passed to
 * `logger.logEvent` as `CompileDiagnostic` events of category `formal-ssa`, or warned when there
 * is no logger, as the thread hands them back: at the compiler's next events, at `report()`, or
 * at the latest at the process's exit. With `failOnRejection`, a rejection throws `SsaRejected`
 * out of the compiler's next event once it is known, and Babel reports a failed build; one known
 * only after the compiler's last event sets the process's exit code to 1. With `compiler` (a
 * package directory), `logger.plugin` is that copy of the plugin, loaded now.
 */
export function validatingLogger(options: LoggerOptions = {}): ValidatingLogger {
  const o = typeof options.compiler === "string" ? { ...options, compiler: pluginFromDirectory(options.compiler) } : options;
  return o.thread === false || o.onDocuments !== undefined ? inlineLogger(o) : threadLogger(o);
}
