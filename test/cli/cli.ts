/**
 * Running the built CLI from tests. `npm test` builds before vitest; when the tests run alone,
 * `ensureBuilt` rebuilds if some compiled file is missing or older than its source, so the
 * tests never exercise a stale dist/.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const MAIN = join(ROOT, "dist/cli/main.js");

function stale(dir: string): boolean {
  for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const rel = join(dir, e.name);
    if (e.isDirectory()) {
      if (stale(rel)) return true;
    } else if (e.name.endsWith(".ts") && !e.name.endsWith(".d.ts")) {
      const out = join(ROOT, "dist", rel.replace(/\.ts$/, ".js"));
      if (!existsSync(out) || statSync(out).mtimeMs < statSync(join(ROOT, rel)).mtimeMs) return true;
    }
  }
  return false;
}

export function ensureBuilt(): void {
  if (existsSync(MAIN) && !["spec", "graph", "io", "impl", "checks", "adapters", "fuzz", "api", "bench", "cli"].some(stale)) return;
  // errors in files under edit elsewhere must not block emitting ours, so the status is ignored
  spawnSync("npx", ["tsc", "-p", "tsconfig.build.json"], { cwd: ROOT, stdio: "ignore" });
  if (!existsSync(MAIN)) throw new Error("the build did not produce dist/cli/main.js");
}

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built command with `args` in `cwd`, with `input` on standard input. */
export function runCli(args: string[], cwd: string, input?: string | Uint8Array): Run {
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd, encoding: "utf8", maxBuffer: 1 << 28, ...(input !== undefined ? { input } : {}) });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
