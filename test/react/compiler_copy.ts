/**
 * Another copy of babel-plugin-react-compiler for the tests of `--react-compiler DIR` and
 * `validatingLogger({ compiler })`: the installed package directory copied into a temporary
 * `node_modules` (its dependency @babel/types resolves through a link to the project's
 * `node_modules/@babel`), marked so that a test can tell it from the installed one:
 * - its package.json's version is `1.0.0-formal-ssa-copy`;
 * - the invariant "Expected reactive scope to implicitly break to fallthrough" says
 *   "... (the marked copy)";
 * - BuildReactiveFunction throws a TypeError (not the compiler's own error: a crash, which the
 *   plugin logs as `PipelineError`) on a function named `plantedCrash`, after SSA.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../cli/cli.js";

export const COPY_VERSION = "1.0.0-formal-ssa-copy";
export const MARKED_INVARIANT = "Expected reactive scope to implicitly break to fallthrough (the marked copy)";
export const PLANTED_CRASH = "TypeError: planted crash in buildReactiveFunction (the marked copy)";

const INSTALLED = join(ROOT, "node_modules", "babel-plugin-react-compiler");

/** Replaces `from` by `to` in `text`, exactly once (the patch must still apply to the installed release). */
function once(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`the copy's patch does not apply: ${JSON.stringify(from)} is not in the installed compiler exactly once`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** Makes the marked copy in a new temporary directory; its package directory. */
export function markedCompilerCopy(): string {
  const root = mkdtempSync(join(tmpdir(), "formal-ssa-react-copy-"));
  const dir = join(root, "node_modules", "babel-plugin-react-compiler");
  mkdirSync(join(dir, "dist"), { recursive: true });
  for (const f of readdirSync(join(INSTALLED, "dist"))) copyFileSync(join(INSTALLED, "dist", f), join(dir, "dist", f));
  symlinkSync(join(ROOT, "node_modules", "@babel"), join(root, "node_modules", "@babel"), "dir");
  const pkg = JSON.parse(readFileSync(join(INSTALLED, "package.json"), "utf8")) as { version: string };
  writeFileSync(join(dir, "package.json"), JSON.stringify({ ...pkg, version: COPY_VERSION }, null, 2));
  let code = readFileSync(join(INSTALLED, "dist", "index.js"), "utf8");
  code = once(code, `reason: "Expected reactive scope to implicitly break to fallthrough"`, `reason: ${JSON.stringify(MARKED_INVARIANT)}`);
  code = once(code, "function buildReactiveFunction(fn) {\n", `function buildReactiveFunction(fn) {\n  if (fn.id === "plantedCrash") throw new TypeError("planted crash in buildReactiveFunction (the marked copy)");\n`);
  writeFileSync(join(dir, "dist", "index.js"), code);
  return dir;
}
