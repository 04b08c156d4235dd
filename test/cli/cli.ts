/**
 * Running the built CLI from tests: `runMain` runs its program (dist/cli/program.js, what the
 * bin runs) inside the test's process, `runCli` spawns the bin (dist/cli/main.js). `npm test`
 * builds before vitest; when the tests run alone, `ensureBuilt` rebuilds if some compiled file
 * is missing or older than its source, so the tests never exercise a stale dist/.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const MAIN = join(ROOT, "dist/cli/main.js");
/** The program the bin runs: `main(argv, io)`. */
export const PROGRAM = join(ROOT, "dist/cli/program.js");

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

/** Whether dist/ lacks the bin or some compiled file is older than its source. */
export function needsBuild(): boolean {
  return !existsSync(MAIN) || ["spec", "graph", "io", "impl", "checks", "adapters", "fuzz", "api", "bench", "cli"].some(stale);
}

/** Builds dist/ if it needs it (test/setup/global.ts does it once before the suite). */
export function ensureBuilt(): void {
  if (!needsBuild()) return;
  // errors in files under edit elsewhere must not block emitting ours, so the status is ignored
  spawnSync("npx", ["tsc", "-p", "tsconfig.build.json"], { cwd: ROOT, stdio: "ignore" });
  if (!existsSync(MAIN)) throw new Error("the build did not produce dist/cli/main.js");
}

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built command with `args` in `cwd`, with `input` on standard input, as a process of
 * its own. For what is about the process: standard input, the real exit status, signals,
 * environment variables read at start-up, heap limits, worker threads, `npx`.
 */
export function runCli(args: string[], cwd: string, input?: string | Uint8Array): Run {
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd, encoding: "utf8", maxBuffer: 1 << 28, ...(input !== undefined ? { input } : {}) });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

type Program = typeof import("../../cli/program.js");
let program: Promise<Program> | undefined;
let running = false;

/**
 * Runs the built command's program with `args` in `cwd` inside this process: `main` of
 * dist/cli/program.js, the code the bin runs from argument parsing to the exit code, with what
 * it prints on standard output and standard error (not a terminal) collected, and its exit code
 * returned as the process would exit with it. It spares a process's start-up (a third of a
 * second) where a test is about what a command prints. Standard input is the process's: a
 * command that reads `-` goes through `runCli`. Runs one at a time (the working directory is
 * the process's).
 */
export async function runMain(args: string[], cwd: string): Promise<Run> {
  if (args.includes("-")) throw new Error(`runMain ${args.join(" ")}: standard input is the process's, use runCli`);
  if (running) throw new Error("runMain: one run at a time (it changes the working directory)");
  const { main } = await (program ??= (ensureBuilt(), import(pathToFileURL(PROGRAM).href) as Promise<Program>));
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const home = process.cwd();
  running = true;
  process.chdir(cwd);
  try {
    // a chunk is the writer's buffer, reused once the call returns: copied
    const status = await main(args, { stdout: (chunk) => void out.push(Buffer.from(chunk)), stderr: { write: (text) => err.push(Buffer.from(text)), isTTY: false } });
    return { status, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") };
  } finally {
    process.chdir(home);
    running = false;
  }
}
