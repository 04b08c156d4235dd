/**
 * The React Compiler's fuzz runner in Node (api/campaign/react.ts): the compiler to run is the
 * installed peer dependency, or another copy of babel-plugin-react-compiler from a package
 * directory (`--react-compiler DIR`: `DIR/package.json` names the plugin, and its own
 * dependencies resolve from where it is installed, as `npm install --prefix P
 * babel-plugin-react-compiler@V` leaves them: DIR = `P/node_modules/babel-plugin-react-compiler`).
 * Babel is always the installed @babel/core: the plugin is a Babel 7 plugin in every release.
 */
import { reactBatchRunner, type ReactFuzzOptions, type ReactFuzzStats } from "../react.js";
import type { LoadedCompiler } from "../../react_compiler.js";
import type { BatchRunner } from "../producers.js";
import { loadReactCompiler as loadCopy } from "../../node/react_compiler.js";

/**
 * Babel and the compiler's plugin: the copy in package directory `dir`, or without it the
 * installed one; `version` from the plugin's package.json. A directory that holds no
 * babel-plugin-react-compiler is malformed input (one line naming it). The loading is the
 * library's (api/node/react_compiler.ts), shared with `formal-ssa react --react-compiler DIR`.
 */
export function loadReactCompiler(dir?: string): Promise<LoadedCompiler> {
  return loadCopy(dir, "formal-ssa fuzz --target react-compiler");
}

/** The runner of `--target react-compiler`, with `reactCompiler` (a package directory) as the compiler where given. */
export function nodeReactBatchRunner(options: Omit<ReactFuzzOptions, "compiler"> & { reactCompiler?: string } = {}): BatchRunner & { stats: ReactFuzzStats; compiler: () => Promise<LoadedCompiler> } {
  let loaded: Promise<LoadedCompiler> | undefined;
  const compiler = () => (loaded ??= loadReactCompiler(options.reactCompiler));
  const { reactCompiler: _, ...rest } = options;
  return Object.assign(reactBatchRunner({ ...rest, compiler }), { compiler });
}
