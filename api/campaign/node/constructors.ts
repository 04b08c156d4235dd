/**
 * Fuzzing with processes and files, around the fuzzer's engine (api/campaign/constructors.ts): a constructor
 * command run once per CFG, or once per batch of CFGs handed to it as one module (`formal-ssa
 * fuzz --constructor CMD [--batch N]`), a run that fails as a whole bisected; and a finding
 * written as files, in a folder of its own that no later run overwrites: the shrunk original
 * CFG, the offending SSA, the validator's report on the two (what `formal-ssa validate`
 * prints), and a README.txt with the commands that replay it. Producers are fuzzed through
 * their fuzz targets, in batches (api/campaign/node/producers.ts).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { QUALITY, type QualityProperty } from "../../../checks/index.js";
import type { FunctionDoc } from "../../../io/format.js";
import { formatDocument, formatEntries, moduleEntry } from "../../../io/write.js";
import { MalformedInput } from "../../../spec/errors.js";
import { constructOne, type Algorithm, type Minimize } from "../../construct.js";
import type { CfgDocument } from "../../documents.js";
import { parseDocument } from "../../documents.js";
import { differentialOracle, ssaViolation, type BatchOracle, type Finding } from "../constructors.js";
import { formatReport } from "../../report.js";
import { validate } from "../../validate.js";
import { shellQuote } from "../options.js";
import { normaliseMessage } from "../producers.js";
import { findingFolder } from "./producers.js";

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

/** What a constructor run gave. */
interface ProcessRun {
  stdout: string;
  stderr: string;
  status: number | null;
  signal: string | null;
  timedOut: boolean;
  error?: Error;
}

/**
 * Runs `command` through the shell with `input` on stdin, in its own process group (so that a
 * timeout ends whatever it started too), collecting stdout and stderr.
 */
function runCommand(command: string, input: string, timeoutMs: number): Promise<ProcessRun> {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, detached: true, stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    let error: Error | undefined;
    const started = performance.now();
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // the group is gone already
      }
    }, timeoutMs);
    child.stdout.on("data", (d: Buffer) => out.push(d));
    child.stderr.on("data", (d: Buffer) => err.push(d));
    // EPIPE: the program did not read all of its input; its exit status and output still count
    child.stdin.on("error", () => undefined);
    child.on("error", (e) => (error = e));
    child.on("close", (status, signal) => {
      clearTimeout(timer);
      // past its time is a timeout, whichever the event loop saw first: on a loaded machine the
      // child's end can be read before the timer's turn comes
      if (performance.now() - started > timeoutMs) timedOut = true;
      resolve({ stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8"), status, signal, timedOut, ...(error !== undefined ? { error } : {}) });
    });
    child.stdin.end(input);
  });
}

/** What happened to a process, for a finding; undefined when it exited 0 in time. */
function processFailure(run: ProcessRun, timeoutMs: number): { signature: string; description: string; process: NonNullable<Finding["process"]> } | undefined {
  const what = run.timedOut ? `timed out after ${timeoutMs} ms, killed` : run.error?.message;
  const proc = { status: run.status, signal: run.signal, stderr: run.stderr, ...(what !== undefined ? { error: what } : {}) };
  if (run.timedOut) return { signature: "constructor:timeout", description: `timeout: no answer within ${timeoutMs} ms`, process: proc };
  if (run.error) return { signature: "constructor:crash:cannot run", description: `crash: cannot run the constructor (${run.error.message})`, process: proc };
  if (run.signal) return { signature: `constructor:crash:${run.signal}`, description: `crash: killed by ${run.signal}`, process: proc };
  const crash = `exit status ${run.status}${firstLine(run.stderr)}`;
  if (run.status !== 0) return { signature: `constructor:crash:${normaliseMessage(crash)}`, description: `crash: ${crash}`, process: proc };
  return undefined;
}

export interface ConstructorOptions {
  /** The shell command. */
  command: string;
  /** Per constructor run (one CFG, or a batch of them). */
  timeoutMs: number;
  /**
   * `--batch`: the constructor gets a module of functions `f0`, `f1`, ... on stdin and answers
   * with a module of their SSA, in order and under the same names; otherwise one function.
   */
  modules: boolean;
}

/** The constructor's stdin for `docs`: one function document, or a module of functions `f0`, `f1`, ... */
export function constructorInput(docs: readonly CfgDocument[], modules: boolean): string {
  if (!modules) {
    if (docs.length !== 1) throw new Error(`constructorInput: ${docs.length} CFGs without the module protocol`);
    return formatDocument([docs[0]]);
  }
  // a module even of one function: the protocol's answer is always a module
  return formatEntries(docs.map((d, k) => moduleEntry({ ...d, name: `f${k}` })), undefined);
}

/**
 * The constructor's findings on a batch of CFGs: one run; its output read as one SSA function
 * per CFG, each validated against its CFG. A run that fails as a whole (a crash, a timeout,
 * output that is not one readable SSA document, or a module with another number of functions)
 * is run again on each half, down to the CFGs that fail alone; a failure that needs CFGs of both
 * halves is carried by the first CFG of the smallest range that still fails. An explicit stack.
 */
export async function constructorFindings(docs: readonly CfgDocument[], o: ConstructorOptions, first?: (f: Finding) => boolean): Promise<(Finding | undefined)[]> {
  const findings: (Finding | undefined)[] = new Array(docs.length).fill(undefined);
  type Item = { lo: number; hi: number; whole?: Finding };
  const stack: Item[] = [{ lo: 0, hi: docs.length }];
  /**
   * With `first`: whether the first accepted finding is known, so that the rest can stay
   * undecided (halves run left first, so every run still to come lies to its right; a pending
   * verdict on a whole range cannot apply, since a half of it failed).
   */
  const settled = () => {
    if (first === undefined) return false;
    const j = findings.findIndex((f) => f !== undefined && first(f));
    return j >= 0 && stack.every((item) => item.whole !== undefined || item.lo > j);
  };
  while (stack.length > 0 && !settled()) {
    const { lo, hi, whole: before } = stack.pop()!;
    if (before !== undefined) {
      // both halves are done: if neither failed, the failure needs CFGs of both
      if (!findings.slice(lo, hi).some((f) => f !== undefined)) findings[lo] = before;
      continue;
    }
    const part = docs.slice(lo, hi);
    const { whole, each } = await constructorRun(part, o, first);
    if (whole === undefined) {
      each.forEach((f, k) => (findings[lo + k] = f));
      continue;
    }
    if (hi - lo === 1) {
      findings[lo] = { ...whole, original: docs[lo] };
      continue;
    }
    const mid = (lo + hi) >> 1;
    stack.push({ lo, hi, whole: { ...whole, original: docs[lo] } }, { lo: mid, hi }, { lo, hi: mid });
  }
  return findings;
}

/** One constructor run on `docs`: a failure of the run as a whole, or each CFG's finding. */
async function constructorRun(docs: readonly CfgDocument[], o: ConstructorOptions, first?: (f: Finding) => boolean): Promise<{ whole?: Finding; each: (Finding | undefined)[] }> {
  const run = await runCommand(o.command, constructorInput(docs, o.modules), o.timeoutMs);
  const base = { original: docs[0], ssaText: run.stdout, require: [] };
  const failed = processFailure(run, o.timeoutMs);
  if (failed !== undefined) return { whole: { ...base, ...failed }, each: [] };
  if (!o.modules) return { each: [ssaViolation(docs[0], run.stdout)] };
  let functions: FunctionDoc[];
  try {
    functions = parseDocument(run.stdout, { name: "ssa.json" });
  } catch (e) {
    if (e instanceof MalformedInput) return { whole: { ...base, signature: `constructor:malformed-output:${normaliseMessage(e.message)}`, description: `malformed output: ${e.message}` }, each: [] };
    throw e;
  }
  if (functions.length !== docs.length)
    return { whole: { ...base, signature: "constructor:malformed-output:module size", description: `malformed output: want a module of ${docs.length} SSA function${docs.length === 1 ? "" : "s"} (one per CFG, in order), got ${functions.length}` }, each: [] };
  // a CFG alone keeps the output as written, for its finding's ssa.json
  const alone = (f: Finding | undefined) => (f !== undefined && docs.length === 1 ? { ...f, ssaText: run.stdout } : f);
  // with `first`, the CFGs after the first accepted finding stay undecided (not validated)
  const each: (Finding | undefined)[] = new Array(docs.length).fill(undefined);
  for (let k = 0; k < docs.length; k++) {
    each[k] = alone(ssaViolation({ ...docs[k], name: `f${k}` }, [functions[k]]));
    if (first !== undefined && each[k] !== undefined && first(each[k]!)) break;
  }
  return { each };
}

/** The oracle of `formal-ssa fuzz`: differential, or a constructor command. */
export function oracleFor(opts: { command?: string; timeoutMs: number; modules?: boolean }): BatchOracle {
  const command = opts.command;
  if (command === undefined) return differentialOracle;
  const o: ConstructorOptions = { command, timeoutMs: opts.timeoutMs, modules: opts.modules === true };
  return async (docs, first) => {
    const findings = await constructorFindings(docs, o, first);
    // the finding speaks of the CFG as the generator made it (the name the constructor saw is in its input)
    return findings.map((f, k) => (f === undefined ? undefined : { ...f, original: docs[k] }));
  };
}

export const CONSTRUCTOR_FINDING_FORMAT = "formal-ssa/constructor-finding@1";

/** finding.json of a `--constructor` or differential finding: what `--write-known` reads. */
export interface ConstructorFindingRecord {
  format: typeof CONSTRUCTOR_FINDING_FORMAT;
  signature: string;
  description: string;
  /** `constructor` or `differential`. */
  target: string;
  kind: string;
  command?: string;
  seed: number;
  foundAt: number;
  shrinkSteps: number;
  /** Blocks of the shrunk CFG. */
  blocks: number;
}

export interface FindingContext {
  /** The folder findings go in (`--out`), as the user wrote it (shown in the replay commands). */
  out: string;
  /** `formal-ssa fuzz ...` that repeats the whole run. */
  rerun: string;
  /** The constructor command, in external mode. */
  command?: string;
  /** `--batch`: the constructor was given modules (its input in original.json is one too). */
  modules?: boolean;
  seed: number;
  /** The 1-based number of the generated CFG that failed. */
  foundAt: number;
  shrinkSteps: number;
  shrinkTries: number;
}

/** Every file `writeFinding` may write, in the order they are listed. */
export const FINDING_FILES: readonly string[] = [
  "README.txt",
  "finding.json",
  "original.json",
  "ssa.json",
  "reference.ssa.json",
  "report.txt",
  "report.json",
  "stderr.txt",
];

/**
 * The finding's own folder under `out`: named by its signature (`findingFolder`), with `-2`,
 * `-3`, ... when a folder of that name holds another finding. An earlier finding is never
 * overwritten; `existing` says the folder holds this very finding already (the same CFG given
 * to the constructor), which is then left as it is.
 */
function folderFor(out: string, signature: string, originalText: string): { dir: string; existing: boolean } {
  const base = join(out, findingFolder(signature));
  for (let k = 1; ; k++) {
    const dir = k === 1 ? base : `${base}-${k}`;
    if (!existsSync(dir)) return { dir, existing: false };
    let there: string | undefined;
    try {
      there = readFileSync(join(dir, "original.json"), "utf8");
    } catch {
      there = undefined;
    }
    if (there === originalText) return { dir, existing: true };
  }
}

/**
 * Writes the finding into a folder of its own under `ctx.out` (created if needed), never over an
 * earlier finding; returns the folder, the paths written, and whether the folder held this
 * finding already (then nothing is written).
 */
export function writeFinding(f: Finding, ctx: FindingContext): { dir: string; files: string[]; existing: boolean } {
  const originalText = ctx.modules === true ? constructorInput([f.original], true) : formatDocument([f.original]);
  const { dir, existing } = folderFor(ctx.out, f.signature, originalText);
  if (existing) return { dir, files: [], existing };
  mkdirSync(dir, { recursive: true });
  const p = (file: string) => join(dir, file);
  const q = (file: string) => shellQuote(p(file));
  const files: Record<string, string> = {};
  const fnName = f.original.name ?? "#0";
  files["original.json"] = originalText;
  const record: ConstructorFindingRecord = {
    format: CONSTRUCTOR_FINDING_FORMAT,
    signature: f.signature,
    description: f.description,
    target: ctx.command !== undefined ? "constructor" : "differential",
    kind: f.signature.split(":")[1] ?? "",
    ...(ctx.command !== undefined ? { command: ctx.command } : {}),
    seed: ctx.seed,
    foundAt: ctx.foundAt,
    shrinkSteps: ctx.shrinkSteps,
    blocks: f.original.blocks.length,
  };
  files["finding.json"] = `${JSON.stringify(record, null, 2)}\n`;

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
    const report = validate(originalText, ssaText, { names: { original: p("original.json"), ssa: p("ssa.json") }, require: require as QualityProperty[] });
    files["report.txt"] = `$ ${validateCmd}\n${formatReport(report)}`;
    files["report.json"] = `${JSON.stringify(report, null, 2)}\n`;
  } catch (e) {
    if (!(e instanceof MalformedInput)) throw e;
    const status = f.process === undefined ? "" : processLine(f.process);
    files["report.txt"] = `$ ${validateCmd}\nformal-ssa: ${e.message}\n${status}`;
    files["report.json"] = `${JSON.stringify({ format: "formal-ssa/fuzz-finding@1", verdict: "malformed", finding: f.description, malformed: e.message, ...(f.process ? { process: f.process } : {}) }, null, 2)}\n`;
  }

  const lines: string[] = [];
  lines.push(`formal-ssa fuzz finding: ${f.description}`, `signature: ${f.signature}`);
  lines.push("");
  lines.push(
    `seed ${ctx.seed}, found at random CFG ${ctx.foundAt}, shrunk in ${plural(ctx.shrinkSteps, "step")} (${plural(ctx.shrinkTries, "smaller CFG")} tried) to ${plural(f.original.blocks.length, "block")}.`,
  );
  if (ctx.command !== undefined) lines.push(`constructor: ${ctx.command}${ctx.modules === true ? " (with --batch: a module on stdin, functions f0, f1, ...)" : ""}`);
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
    "finding.json": "the finding's record: signature, description, seed (what `fuzz --merge ... --write-known` reads)",
    "original.json": "the shrunk original CFG (kind cfg)",
    "ssa.json": ctx.command !== undefined ? "the constructor's output on it, as written" : "the offending SSA (kind ssa)",
    "reference.ssa.json": "the SSA the count was compared with",
    "report.txt": "the validator's report (formal-ssa validate)",
    "report.json": "the same as JSON",
    "stderr.txt": "the constructor's stderr",
  };
  return { dir, files: writeFindingFiles(dir, ctx, files, lines, about, f.process === undefined ? undefined : processLine(f.process)), existing: false };
}

/**
 * Ends a finding's README with what happened to the process (if anything), the command that
 * repeats the run and the list of the files it comes with, then writes every file, in
 * FINDING_FILES order. Returns the paths written.
 */
function writeFindingFiles(dir: string, ctx: FindingContext, files: Record<string, string>, readme: string[], about: Record<string, string>, processText?: string): string[] {
  if (processText !== undefined) readme.push("", processText.trimEnd());
  readme.push("", "Repeat the whole run:", `  ${ctx.rerun}`, "", "Files:");
  for (const file of Object.keys(about)) if (files[file] !== undefined) readme.push(`  ${file}: ${about[file]}`);
  files["README.txt"] = `${readme.join("\n")}\n`;
  const written: string[] = [];
  for (const file of FINDING_FILES) {
    if (files[file] === undefined) continue;
    writeFileSync(join(dir, file), files[file]);
    written.push(join(dir, file));
  }
  return written;
}

function processLine(pr: NonNullable<Finding["process"]>, who = "constructor"): string {
  const how = pr.error !== undefined ? pr.error : pr.signal !== null ? `killed by ${pr.signal}` : `exit status ${pr.status}`;
  return `${who}: ${how}${pr.stderr !== "" ? " (stderr in stderr.txt)" : ""}\n`;
}

