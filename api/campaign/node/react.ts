/**
 * The React Compiler's fuzz runner in Node (api/campaign/react.ts): the compiler to run is the
 * installed peer dependency, or another copy of babel-plugin-react-compiler from a package
 * directory (`--react-compiler DIR`: `DIR/package.json` names the plugin, and its own
 * dependencies resolve from where it is installed, as `npm install --prefix P
 * babel-plugin-react-compiler@V` leaves them: DIR = `P/node_modules/babel-plugin-react-compiler`).
 * Babel is always the installed @babel/core: the plugin is a Babel 7 plugin in every release.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { MalformedInput } from "../../../spec/errors.js";
import { reactBatchRunner, type ReactFuzzOptions, type ReactFuzzStats } from "../react.js";
import { loadCompiler, type LoadedCompiler } from "../../react_compiler.js";
import type { BatchRunner } from "../producers.js";

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
 * Babel and the compiler's plugin: the copy in package directory `dir`, or without it the
 * installed one; `version` from the plugin's package.json. A directory that holds no
 * babel-plugin-react-compiler is malformed input (one line naming it).
 */
export async function loadReactCompiler(dir?: string): Promise<LoadedCompiler> {
  const installed = await loadCompiler("formal-ssa fuzz --target react-compiler");
  if (dir === undefined) {
    let version: string | undefined;
    try {
      version = (createRequire(import.meta.url)(`${PLUGIN}/package.json`) as { version?: string }).version;
    } catch {
      // a plugin whose package.json cannot be read has no version to tell
    }
    return { ...installed, version };
  }
  const root = resolve(dir);
  const pkg = packageJson(root);
  if (pkg === undefined) throw new MalformedInput(`${dir}: no package.json here (want the directory of an installed ${PLUGIN}, as node_modules/${PLUGIN})`);
  if (pkg.name !== PLUGIN) throw new MalformedInput(`${dir}: package.json names ${JSON.stringify(pkg.name)}, not ${PLUGIN}`);
  // the plugin's own dependencies (@babel/types) resolve from its directory, as in a project
  let mod: { default?: unknown } | ((...args: unknown[]) => unknown);
  try {
    mod = createRequire(join(root, "package.json"))(root) as typeof mod;
  } catch (e) {
    // a copy whose own dependencies are not installed where it is (copied out of its project)
    throw new MalformedInput(`${dir}: cannot load ${PLUGIN} ${pkg.version ?? ""} from here: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`);
  }
  const plugin = typeof mod === "function" ? mod : (mod.default ?? mod);
  return { babel: installed.babel, plugin, version: pkg.version };
}

/** The runner of `--target react-compiler`, with `reactCompiler` (a package directory) as the compiler where given. */
export function nodeReactBatchRunner(options: Omit<ReactFuzzOptions, "compiler"> & { reactCompiler?: string } = {}): BatchRunner & { stats: ReactFuzzStats; compiler: () => Promise<LoadedCompiler> } {
  let loaded: Promise<LoadedCompiler> | undefined;
  const compiler = () => (loaded ??= loadReactCompiler(options.reactCompiler));
  const { reactCompiler: _, ...rest } = options;
  return Object.assign(reactBatchRunner({ ...rest, compiler }), { compiler });
}
