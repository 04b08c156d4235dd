/**
 * `formal-ssa hermes FILE.js...`: hermesc's SSA construction certified on JavaScript in one step.
 * hermesc (the installed `hermes-compiler` package's binary, or the one given) compiles each file
 * with its dumps on (adapters/hermes/runs.ts):
 *
 *   V1:     hermesc -dump-ir -Xcustom-opt=simplestackpromotion,simplemem2reg -Xdump-between-passes FILE.js
 *   legacy: hermesc -custom-opt=simplestackpromotion -custom-opt=mem2reg -dump-ir -Xdump-before=Mem2Reg -Xdump-after=Mem2Reg FILE.js
 *
 * (`--pass mem2reg` runs V1's legacy builder; `--pipeline O` the real `-O` pipeline, every run of
 * the builder validated on its own input), and the dumps it writes to standard error are
 * validated exactly as `formal-ssa validate DUMP DUMP` validates them: one report, one entry per
 * function (per run of the builder). Which compiler it is, V1 or the legacy 0.12 one, hermesc's
 * `-version` says.
 */
import { spawnSync } from "node:child_process";
import { closeSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { hermesAdapter, hermescArgs, HERMES_PASSES, type HermesPass, type HermesPipeline, type HermesSyntax } from "../../adapters/hermes/index.js";
import { LimitExceeded, MalformedInput, MissingDependency, showBytes, ToolFailed } from "../errors.js";
import { producerReports, type ProducerOptions } from "../producers.js";
import { reportOf, requireList } from "../validate.js";
import type { FunctionReport, Report } from "../report.js";
import type { ProgressSink } from "./commands.js";

export interface HermesRunOptions extends ProducerOptions {
  progress?: ProgressSink;
  /** The hermesc to run: default the installed `hermes-compiler` package's. */
  hermesc?: string;
  /** The SSA builder (V1: `simplemem2reg`, its default, or `mem2reg`; the legacy compiler has `mem2reg` only). */
  pass?: HermesPass;
  /** `custom` (default): the promotion and the builder alone; `O`: the `-O` pipeline. */
  pipeline?: HermesPipeline;
  /** A directory to keep hermesc's dumps in (`FILE.js.ir`, which the report's lines then name). */
  keepDumps?: string;
}

/** At most this many lines of hermesc's error output go into the message. */
const ERROR_LINES = 12;

/** The directory of hermes-compiler's binary for this platform. */
const PLATFORM_DIR: Partial<Record<NodeJS.Platform, string>> = { linux: "linux64-bin", darwin: "osx-bin", win32: "win64-bin" };

/** The installed hermes-compiler package's hermesc (an optional peer dependency). */
export function installedHermesc(): string {
  const require = createRequire(import.meta.url);
  let pkg: string;
  try {
    pkg = require.resolve("hermes-compiler/package.json");
  } catch {
    throw new MissingDependency("formal-ssa hermes", ["hermes-compiler"]);
  }
  const dir = PLATFORM_DIR[process.platform];
  const bin = dir === undefined ? undefined : join(dirname(pkg), "hermesc", dir, process.platform === "win32" ? "hermesc.exe" : "hermesc");
  if (bin === undefined || !existsSync(bin)) throw new ToolFailed(`hermes-compiler has no hermesc for ${process.platform}: give one with --hermesc PATH`);
  return bin;
}

/** hermesc's release (`Hermes release version: 1.0.0`) and the dump syntax that goes with it. */
export function hermescVersion(hermesc: string): { release: string; syntax: HermesSyntax } {
  const r = spawnSync(hermesc, ["-version"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (r.error !== undefined) {
    const code = (r.error as NodeJS.ErrnoException).code;
    throw new ToolFailed(code === "ENOENT" ? `${hermesc} not found: install hermes-compiler (npm install --save-dev hermes-compiler) or give --hermesc PATH` : `${hermesc} could not be run: ${r.error.message}`);
  }
  const m = /Hermes release version: (\S+)/.exec(`${r.stdout}${r.stderr}`);
  if (m === null) throw new ToolFailed(`${hermesc} -version does not say its Hermes release version: is it hermesc?`);
  // the legacy compiler's releases are 0.x (hermes-compiler 0.14.x ships 0.12.0); Hermes V1 is 1.0.0 on
  return { release: m[1], syntax: m[1].startsWith("0.") ? "legacy" : "v1" };
}

/** The first lines of hermesc's diagnostics in its standard error (the dumps left out). */
function diagnostics(stderr: string): string[] {
  const all = stderr.split("\n");
  const errors = all.filter((l) => /: (error|fatal error): |Assertion|Segmentation|terminate called|Emitted \d+ error/.test(l));
  return errors.length > 0 ? errors : all.filter((l) => l.trim() !== "").slice(-ERROR_LINES);
}

/**
 * hermesc's dumps of one file: its standard error, through a temporary file (an `-O` dump of a
 * large bundle runs to hundreds of megabytes).
 */
function dumpsOf(hermesc: string, args: readonly string[], file: string, keep?: string): string {
  const dir = mkdtempSync(join(tmpdir(), "formal-ssa-hermes-"));
  try {
    const out = join(dir, "stderr.txt");
    const fd = openSync(out, "w");
    let r;
    try {
      r = spawnSync(hermesc, [...args, file], { stdio: ["ignore", "ignore", fd] });
    } finally {
      closeSync(fd);
    }
    if (r.error !== undefined) {
      const code = (r.error as NodeJS.ErrnoException).code;
      throw new ToolFailed(code === "ENOENT" ? `${hermesc} not found: install hermes-compiler (npm install --save-dev hermes-compiler) or give --hermesc PATH` : `${hermesc} could not be run: ${r.error.message}`);
    }
    const size = statSync(out).size;
    if (size > 512 * 2 ** 20) throw new LimitExceeded(`${file}: hermesc's dumps are ${showBytes(size)}, more than one input can be: split the file, or drop --pipeline O`);
    if (keep !== undefined) {
      mkdirSync(dirname(keep), { recursive: true });
      copyFileSync(out, keep);
    }
    const text = readFileSync(out, "utf8");
    if (r.status !== 0) {
      const lines = diagnostics(text);
      const shown = lines.slice(0, ERROR_LINES).map((l) => `  ${l}`);
      if (lines.length > ERROR_LINES) shown.push(`  (${lines.length - ERROR_LINES} more lines)`);
      throw new ToolFailed(`${hermesc} failed on ${file} (${r.status === null ? `signal ${r.signal}` : `exit ${r.status}`}):\n${shown.join("\n")}`);
    }
    return text;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Compiles each file with hermesc and certifies its SSA construction on every function: the
 * report of `formal-ssa validate` on the dumps, one entry per function and run of the builder
 * (named `FILE: f` where there are several files). Throws `MissingDependency` without
 * hermes-compiler, `ToolFailed` where hermesc is missing or fails on a file (with its first error
 * lines), `MalformedInput` for dumps the adapter cannot read (`<hermesc FILE>:LINE: ...`).
 */
export async function validateJs(files: readonly string[], options: HermesRunOptions = {}): Promise<Report> {
  const { hermesc: given, pass: wanted, pipeline = "custom", progress, keepDumps: _keep, ...rest } = options;
  if (files.length === 0) throw new MalformedInput("formal-ssa hermes: no JavaScript file given");
  const hermesc = given ?? installedHermesc();
  const { release, syntax } = hermescVersion(hermesc);
  const pass = wanted ?? (syntax === "v1" ? "simplemem2reg" : "mem2reg");
  if (!(HERMES_PASSES as readonly string[]).includes(pass)) throw new MalformedInput(`--pass: want ${HERMES_PASSES.join(" or ")}, have ${pass}`);
  if (syntax === "legacy" && pass !== "mem2reg") throw new MalformedInput(`--pass ${pass}: hermesc ${release} is the legacy compiler, whose only SSA builder is mem2reg`);
  const args = hermescArgs(syntax, pass, pipeline);
  const require = requireList(rest.require);
  const producer = `hermesc ${release} ${pass}${pipeline === "O" ? " (-O)" : ""}`;
  const functions: FunctionReport[] = [];
  for (const file of files) {
    if (!existsSync(file)) throw new MalformedInput(`${file}: no such file`);
    const kept = options.keepDumps === undefined ? undefined : join(options.keepDumps, `${basename(file)}.ir`);
    const text = dumpsOf(hermesc, args, file, kept);
    const input = { text, name: kept ?? `<hermesc ${basename(file)}>` };
    const prefix = files.length > 1 ? `${file}: ` : "";
    progress?.start(hermesAdapter.countFunctions(input), "validate");
    try {
      const opts: ProducerOptions = { ...rest, require, undef: rest.undef ?? hermesAdapter.defaultUndef, names: { original: input.name, ssa: input.name }, onFunction: (n) => progress?.tick(n) };
      for (const r of producerReports(hermesAdapter.pairs(input, input), producer, opts)) functions.push(prefix === "" ? r : { ...r, name: `${prefix}${r.name}` });
    } finally {
      progress?.stop();
    }
  }
  return reportOf(functions, require, producer);
}
