/**
 * Fuzzing with processes and files, around the in-process fuzzer (api/fuzz.ts): a constructor
 * command run once per CFG (`formal-ssa fuzz --constructor CMD`), and a finding written as
 * files: the shrunk original CFG, the offending SSA, the validator's report on the two (what
 * `formal-ssa validate` prints), and a README.txt with the commands that replay it. Producers
 * are fuzzed through their fuzz targets, in batches (api/node/fuzz_producers.ts).
 */
import { spawnSync, type SpawnSyncOptionsWithStringEncoding, type SpawnSyncReturns } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { QUALITY, type QualityProperty } from "../../checks/index.js";
import type { FunctionDoc } from "../../io/format.js";
import { formatDocument } from "../../io/write.js";
import { MalformedInput } from "../../spec/errors.js";
import { constructOne, type Algorithm, type Minimize } from "../construct.js";
import { ssaViolation, theoremViolation, type Finding } from "../fuzz.js";
import { formatReport } from "../report.js";
import { validate } from "../validate.js";
import { shellQuote } from "../fuzz_options.js";

/** Whether a program runs (`PROGRAM --version` exits 0). */
export function hasProgram(program: string): boolean {
  const r = spawnSync(program, ["--version"], { encoding: "utf8", timeout: 10_000 });
  return r.error === undefined && r.status === 0;
}

const QUALITY_SET = new Set<string>(QUALITY);
const nameOf = (b: { algorithm: string; minimize: string }) => `${b.algorithm}/${b.minimize}`;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function firstLine(s: string): string {
  const line = s.split("\n").find((l) => l.trim() !== "");
  return line === undefined ? "" : `: ${line.trim().slice(0, 200)}`;
}

/**
 * Runs a program (through the shell for a string) with `input` on stdin, in its own process
 * group (setsid; spawnSync honours `detached` though its type omits it), so that a timeout ends
 * whatever it started too.
 */
function runProcess(command: string | readonly string[], input: string, timeoutMs: number): { r: SpawnSyncReturns<string>; timedOut: boolean; error?: Error } {
  const options: SpawnSyncOptionsWithStringEncoding = { input, encoding: "utf8", timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 1 << 28 };
  const detached = { ...options, detached: true } as SpawnSyncOptionsWithStringEncoding;
  const r = typeof command === "string" ? spawnSync(command, { ...detached, shell: true }) : spawnSync(command[0], command.slice(1), detached);
  const errCode = (r.error as NodeJS.ErrnoException | undefined)?.code;
  const timedOut = errCode === "ETIMEDOUT";
  if (timedOut && r.pid !== undefined && r.pid > 0) {
    try {
      process.kill(-r.pid, "SIGKILL");
    } catch {
      // the group is gone already
    }
  }
  // EPIPE: the program did not read all of its input; its exit status and output still count
  return { r, timedOut, error: errCode === "EPIPE" ? undefined : r.error };
}

/** What happened to a process, for a finding; undefined when it exited 0 in time. */
function processFailure(run: ReturnType<typeof runProcess>, timeoutMs: number, who: string): { description: string; process: NonNullable<Finding["process"]> } | undefined {
  const { r, timedOut, error } = run;
  const stderr = r.stderr ?? "";
  const what = timedOut ? `timed out after ${timeoutMs} ms, killed` : error?.message;
  const proc = { status: r.status, signal: r.signal, stderr, ...(what !== undefined ? { error: what } : {}) };
  const by = who === "constructor" ? "" : `${who} `;
  if (timedOut) return { description: `timeout: ${by === "" ? "no answer" : `${by}gave no answer`} within ${timeoutMs} ms`, process: proc };
  if (error) return { description: `crash: cannot run ${who === "constructor" ? "the constructor" : who} (${error.message})`, process: proc };
  if (r.signal) return { description: `crash: ${by}killed by ${r.signal}`, process: proc };
  if (r.status !== 0) return { description: `crash: ${by}exit status ${r.status}${firstLine(stderr)}`, process: proc };
  return undefined;
}

/**
 * External oracle on one CFG: run `command` (through the shell) with the CFG document on stdin;
 * its stdout must be one SSA document on the same graph that the validator certifies (validity
 * properties; quality is not required). A crash, a timeout, malformed output, a different graph
 * or an SSA that is not certified is a finding.
 */
export function constructorViolation(doc: FunctionDoc, command: string, timeoutMs: number): Finding | undefined {
  const run = runProcess(command, formatDocument([doc]), timeoutMs);
  const failed = processFailure(run, timeoutMs, "constructor");
  const stdout = run.r.stdout ?? "";
  if (failed !== undefined) return { original: doc, ssaText: stdout, require: [], ...failed };
  const f = ssaViolation(doc, stdout);
  return f === undefined ? undefined : { ...f, ssaText: stdout };
}

/** The oracle of `formal-ssa fuzz`: differential, or a constructor command. */
export function oracleFor(opts: { command?: string; timeoutMs: number }): (doc: FunctionDoc) => Finding | undefined {
  const command = opts.command;
  if (command !== undefined) return (doc) => constructorViolation(doc, command, opts.timeoutMs);
  return theoremViolation;
}

export interface FindingContext {
  /** The output directory as the user wrote it (shown in the replay commands). */
  dir: string;
  /** `formal-ssa fuzz ...` that repeats the whole run. */
  rerun: string;
  /** The constructor command, in external mode. */
  command?: string;
  seed: number;
  runs: number;
  shrinks: number;
}

/** Every file `writeFinding` may write, in the order they are listed; stale ones from an earlier finding are removed. */
export const FINDING_FILES: readonly string[] = [
  "README.txt",
  "original.json",
  "ssa.json",
  "reference.ssa.json",
  "report.txt",
  "report.json",
  "stderr.txt",
];

/** Writes the finding into `ctx.dir` (created if needed); returns the paths written. */
export function writeFinding(f: Finding, ctx: FindingContext): string[] {
  const dir = ctx.dir;
  mkdirSync(dir, { recursive: true });
  for (const file of FINDING_FILES) rmSync(join(dir, file), { force: true });
  const p = (file: string) => join(dir, file);
  const q = (file: string) => shellQuote(p(file));
  const files: Record<string, string> = {};
  const fnName = f.original.name ?? "#0";
  files["original.json"] = formatDocument([f.original]);

  const construct = (c: { algorithm: Algorithm; minimize: Minimize }): string | undefined => {
    try {
      return formatDocument([constructOne(f.original, p("original.json"), fnName, c).doc]);
    } catch {
      return undefined; // the construction throws: that is the finding
    }
  };
  let ssaText = f.ssaText;
  if (f.construction !== undefined) ssaText = construct(f.construction);
  if (f.reference !== undefined) {
    const ref = construct(f.reference);
    if (ref !== undefined) files["reference.ssa.json"] = ref;
  }
  if (ssaText !== undefined) files["ssa.json"] = ssaText;
  if (f.process !== undefined && f.process.stderr !== "") files["stderr.txt"] = f.process.stderr;

  // the validator's report, exactly as `formal-ssa validate` would print it
  const require = f.require.filter((r) => QUALITY_SET.has(r));
  const requireFlag = require.length > 0 ? ` --require ${require.join(",")}` : "";
  const validateCmd = `formal-ssa validate ${q("original.json")} ${q("ssa.json")}${requireFlag}`;
  try {
    if (ssaText === undefined) throw new MalformedInput(`${p("ssa.json")}: no output`);
    const report = validate([f.original], ssaText, { names: { original: p("original.json"), ssa: p("ssa.json") }, require: require as QualityProperty[] });
    files["report.txt"] = `$ ${validateCmd}\n${formatReport(report)}`;
    files["report.json"] = `${JSON.stringify(report, null, 2)}\n`;
  } catch (e) {
    if (!(e instanceof MalformedInput)) throw e;
    const status = f.process === undefined ? "" : processLine(f.process);
    files["report.txt"] = `$ ${validateCmd}\nformal-ssa: ${e.message}\n${status}`;
    files["report.json"] = `${JSON.stringify({ format: "formal-ssa/fuzz-finding@1", verdict: "malformed", finding: f.description, malformed: e.message, ...(f.process ? { process: f.process } : {}) }, null, 2)}\n`;
  }

  const lines: string[] = [];
  lines.push(`formal-ssa fuzz finding: ${f.description}`);
  lines.push("");
  lines.push(`seed ${ctx.seed}, found at random CFG ${ctx.runs}, shrunk in ${plural(ctx.shrinks, "step")} to ${plural(f.original.blocks.length, "block")}.`);
  if (ctx.command !== undefined) lines.push(`constructor: ${ctx.command}`);
  else if (f.construction !== undefined) lines.push(`construction: formal-ssa construct --algorithm ${f.construction.algorithm} --minimize ${f.construction.minimize}`);
  lines.push("");
  lines.push("Replay:");
  if (ctx.command !== undefined) lines.push(`  ${ctx.command} < ${q("original.json")} > ${q("ssa.json")}`);
  else if (f.construction !== undefined)
    lines.push(`  formal-ssa construct --algorithm ${f.construction.algorithm} --minimize ${f.construction.minimize} ${q("original.json")} -o ${q("ssa.json")}`);
  lines.push(`  ${validateCmd}`);
  if (f.reference !== undefined) {
    lines.push("");
    lines.push(
      `The count relation: ${nameOf(f.reference)} places ${plural(f.reference.phis, "phi")} (reference.ssa.json, ` +
        `formal-ssa construct --algorithm ${f.reference.algorithm} --minimize ${f.reference.minimize} ${q("original.json")}); ` +
        `the validator decides each SSA on its own, so it may certify both.`,
    );
  }
  const about: Record<string, string> = {
    "original.json": "the shrunk original CFG (kind cfg)",
    "ssa.json": ctx.command !== undefined ? "the constructor's output on it, as written" : "the offending SSA (kind ssa)",
    "reference.ssa.json": "the SSA the count was compared with",
    "report.txt": "the validator's report (formal-ssa validate)",
    "report.json": "the same as JSON",
    "stderr.txt": "the constructor's stderr",
  };
  return writeFindingFiles(ctx, files, lines, about, f.process === undefined ? undefined : processLine(f.process));
}

/**
 * Ends a finding's README with what happened to the process (if anything), the command that
 * repeats the run and the list of the files it comes with, then writes every file, in
 * FINDING_FILES order. Returns the paths written.
 */
function writeFindingFiles(ctx: FindingContext, files: Record<string, string>, readme: string[], about: Record<string, string>, processText?: string): string[] {
  if (processText !== undefined) readme.push("", processText.trimEnd());
  readme.push("", "Repeat the whole run:", `  ${ctx.rerun}`, "", "Files:");
  for (const file of Object.keys(about)) if (files[file] !== undefined) readme.push(`  ${file}: ${about[file]}`);
  files["README.txt"] = `${readme.join("\n")}\n`;
  const written: string[] = [];
  for (const file of FINDING_FILES) {
    if (files[file] === undefined) continue;
    writeFileSync(join(ctx.dir, file), files[file]);
    written.push(join(ctx.dir, file));
  }
  return written;
}

function processLine(pr: NonNullable<Finding["process"]>, who = "constructor"): string {
  const how = pr.error !== undefined ? pr.error : pr.signal !== null ? `killed by ${pr.signal}` : `exit status ${pr.status}`;
  return `${who}: ${how}${pr.stderr !== "" ? " (stderr in stderr.txt)" : ""}\n`;
}

