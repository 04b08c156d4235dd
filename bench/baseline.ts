/**
 * The build of formal-ssa before the speed redesign (issue 32), for the bench to time beside
 * today's in the same run: commit `BASELINE` exported with `git archive` into
 * tmp/baseline-SHORT/ and compiled there with this checkout's node_modules (its dependencies
 * are the same), once; later runs reuse it. Undefined, with the reason, where it cannot be had
 * (no git history, say).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The last commit before the redesign's first change (2026-11-28). */
export const BASELINE = "238c237";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The baseline's folder (its dist/cli/main.js and dist/bench/*), built when missing; or why not. */
export function baselineBuild(progress?: (line: string) => void): { dir: string } | { skipped: string } {
  const dir = join(ROOT, "tmp", `baseline-${BASELINE}`);
  if (existsSync(join(dir, "dist/cli/main.js"))) return { dir };
  progress?.(`building the baseline ${BASELINE} into ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const archive = spawnSync("bash", ["-c", `git -C "${ROOT}" archive ${BASELINE} | tar -x -C "${dir}"`], { encoding: "utf8" });
  if (archive.status !== 0) return { skipped: `git archive ${BASELINE} failed (${archive.stderr.trim().split("\n")[0] || `exit ${archive.status}`}): a clone with its history has it` };
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  const tsc = spawnSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", join(dir, "tsconfig.build.json")], { encoding: "utf8" });
  if (tsc.status !== 0) return { skipped: `compiling ${BASELINE} failed: ${tsc.stdout.trim().split("\n")[0]}` };
  return { dir };
}
