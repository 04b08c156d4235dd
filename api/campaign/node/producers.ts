/**
 * Producer campaigns with processes and files, around the pure engine (api/campaign/producers.ts):
 * the process runner (a batch's files in a temporary directory, the target's steps run in a
 * process group of their own with a timeout, the before and after forms read back and validated
 * through the adapter exactly as `formal-ssa validate` does), findings on disk (one folder per
 * signature: finding.json, the case in the producer's language, its before and after forms, the
 * report, a README with the producer's version and the exact commands that reproduce it without
 * formal-ssa), `--replay` of a finding, and merging the findings of shards.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { FuzzCase, FuzzTarget, PrintedBatch, ProcessRunner, ProcessStep } from "../../../adapters/fuzz_target.js";
import { MalformedInput } from "../../../spec/errors.js";
import { adapterNamed } from "../../adapters.js";
import { batchFindings, type BatchRun, type BatchRunner, type CampaignFinding, type FunctionResult, type PhiTally, type RunFailure, type RunOptions } from "../producers.js";
import { validateWith } from "../../producers.js";
import { formatReport, type Report } from "../../report.js";
import { QUALITY } from "../../../checks/index.js";
import { shellQuote } from "../options.js";
import { isolatedRunner } from "./isolated_runner.js";
import { explorerBase, explorerLink } from "../../node/link.js";
import { hermescVersion, installedHermesc } from "../../node/hermes.js";

const QUALITY_SET = new Set<string>(QUALITY);

/** What a producer's stderr says when it broke an invariant of its own (an assertion, an internal compiler error). */
const INTERNAL_ERROR = /internal compiler error|Assertion [`'"].*[`'"] failed|Assertion failed|LLVM ERROR|UNREACHABLE executed|Invariant Violation|\bICE\b/i;

/**
 * Whether a program runs: `PROGRAM --version` starts and ends in time, whatever its status (not
 * every program knows `--version`: Debian's awk, mawk, answers it with status 2).
 */
export function hasTool(program: string): boolean {
  const r = spawnSync(program, ["--version"], { encoding: "utf8", timeout: 10_000 });
  return r.error === undefined && r.signal === null;
}

/** The producer's version line for a variant (its `--version`'s first line), or "unknown". */
export function producerVersion(runner: ProcessRunner, variant: string): string {
  const [program, ...args] = runner.version(variant);
  const r = spawnSync(program, args, { encoding: "utf8", timeout: 10_000 });
  const lines = `${r.stdout ?? ""}\n${r.stderr ?? ""}`.split("\n");
  const line = (runner.versionLine !== undefined ? lines.find((l) => runner.versionLine!.test(l)) : undefined) ?? lines.find((l) => l.trim() !== "");
  return line?.trim() ?? "unknown";
}

const fill = (arg: string, dir: string) => arg.replaceAll("{dir}", dir);

/** A step as a shell command line, with the run's directory shown as `dir`. */
export function stepText(step: ProcessStep, dir: string): string {
  return [
    ...step.argv.map((a) => shellQuote(fill(a, dir))),
    ...(step.stdin !== undefined ? [`< ${shellQuote(join(dir, step.stdin))}`] : []),
    ...(step.stdout !== undefined ? [`> ${shellQuote(join(dir, step.stdout))}`] : []),
    ...(step.stderr !== undefined ? [`2> ${shellQuote(join(dir, step.stderr))}`] : []),
  ].join(" ");
}

/** The process groups of the steps under way: ended with this process (a second Ctrl-C exits at once). */
const running = new Set<number>();
let killOnExit = false;

/**
 * Runs one step in its own process group (so that a terminal's Ctrl-C does not kill the producer
 * mid-batch); undefined when it exited 0 in time, else what happened. Asynchronous, so that
 * several runs of a campaign can be under way at once: stdin and stdout are the step's files
 * themselves, stderr is collected (up to `maxBuffer`).
 */
function runStep(step: ProcessStep, dir: string, timeoutMs: number): Promise<RunFailure | undefined> {
  const [program, ...args] = step.argv.map((a) => fill(a, dir));
  const maxBuffer = 1 << 28;
  return new Promise((resolve) => {
    const fds: number[] = [];
    const closeFds = () => {
      for (const fd of fds.splice(0)) closeSync(fd);
    };
    let child: ChildProcess;
    try {
      const stdin = step.stdin !== undefined ? openSync(join(dir, step.stdin), "r") : "ignore";
      if (typeof stdin === "number") fds.push(stdin);
      const stdout = step.stdout !== undefined ? openSync(join(dir, step.stdout), "w") : "ignore";
      if (typeof stdout === "number") fds.push(stdout);
      const stderrFile = step.stderr !== undefined ? openSync(join(dir, step.stderr), "w") : "pipe";
      if (typeof stderrFile === "number") fds.push(stderrFile);
      child = spawn(program, args, { cwd: dir, detached: true, stdio: [stdin, stdout, stderrFile] });
    } catch (e) {
      closeFds();
      resolve({ kind: "crash", message: `${program}: cannot run (${e instanceof Error ? e.message : String(e)})`, stderr: "" });
      return;
    }
    // the child has its own copies of the files now
    closeFds();
    const pid = child.pid;
    if (pid !== undefined) {
      running.add(pid);
      if (!killOnExit) {
        killOnExit = true;
        process.once("exit", () => {
          for (const g of running) killGroup(g);
        });
      }
    }
    const chunks: Buffer[] = [];
    let size = 0;
    child.stderr?.on("data", (b: Buffer) => {
      if (size >= maxBuffer) return;
      chunks.push(b);
      size += b.length;
    });
    let timedOut = false;
    const started = performance.now();
    const timer = setTimeout(() => {
      timedOut = true;
      if (pid !== undefined) killGroup(pid);
    }, timeoutMs);
    let error: Error | undefined;
    child.once("error", (e) => {
      error = e;
      // a program that could not be started has no process to wait for
      if (pid === undefined) {
        clearTimeout(timer);
        resolve({ kind: "crash", message: `${program}: cannot run (${e.message})`, stderr: "" });
      }
    });
    child.once("close", (status: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      if (pid !== undefined) running.delete(pid);
      // a step whose standard error is its output (hermesc's dumps): its diagnostics are in that file
      const stderr = step.stderr !== undefined ? diagnosticsOf(join(dir, step.stderr), maxBuffer) : Buffer.concat(chunks).toString("utf8");
      // past its time is a timeout, whichever the event loop saw first: on a loaded machine the
      // child's end can be read before the timer's turn comes
      if (performance.now() - started > timeoutMs) timedOut = true;
      if (timedOut) return resolve({ kind: "timeout", message: `${program}: no answer within ${timeoutMs} ms, killed`, stderr });
      if (error !== undefined) return resolve({ kind: "crash", message: `${program}: cannot run (${error.message})`, stderr });
      const first = stderr.split("\n").find((l) => INTERNAL_ERROR.test(l)) ?? stderr.split("\n").find((l) => l.trim() !== "") ?? "";
      if (signal !== null) return resolve({ kind: INTERNAL_ERROR.test(stderr) ? "internal-error" : "crash", message: `${program}: killed by ${signal}${first !== "" ? `: ${first.trim()}` : ""}`, stderr });
      if (status !== 0) return resolve({ kind: INTERNAL_ERROR.test(stderr) ? "internal-error" : "crash", message: `${program}: exit status ${status}${first !== "" ? `: ${first.trim()}` : ""}`, stderr });
      resolve(undefined);
    });
  });
}

/**
 * The diagnostics in a step's standard error written to a file among its output (hermesc's dumps
 * around them): the lines that say error, fatal or assertion, else the file's last lines.
 */
function diagnosticsOf(file: string, maxBuffer: number): string {
  let text: string;
  try {
    text = readFileSync(file).subarray(-maxBuffer).toString("utf8");
  } catch {
    return "";
  }
  const lines = text.split("\n");
  const errors = lines.filter((l) => INTERNAL_ERROR.test(l) || /\b(error|fatal)\b/i.test(l));
  return (errors.length > 0 ? errors : lines.filter((l) => l.trim() !== "").slice(-5)).join("\n");
}

/** SIGKILL to a step's process group (the producer and whatever it started). */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // the group is gone already
  }
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A file's text, or undefined for a binary (SPIR-V's `.spv`): a finding keeps the texts, and the
 * steps in its README make the binaries again (read as text, they would be written back broken).
 */
function utf8(bytes: Uint8Array): string | undefined {
  try {
    return UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** The file of `dir` that `pattern` names. */
function findFile(dir: string, pattern: string | RegExp): string | undefined {
  if (typeof pattern === "string") return existsSync(join(dir, pattern)) ? pattern : undefined;
  return readdirSync(dir).find((f) => pattern.test(f));
}

/** Each function's result in a report: certified, or its first failing property that certification needs, with the report's first line. */
export function functionResults(report: Report): FunctionResult[] {
  return report.functions.map((f) => {
    if (f.verdict === "certified") return { name: f.name, certified: true };
    const failing = Object.entries(f.properties).find(([p, v]) => !v.holds && v.decided !== false && v.accepted !== true && !QUALITY_SET.has(p));
    return { name: f.name, certified: false, property: failing?.[0] ?? "?", summary: f.summary };
  });
}

/**
 * The runner of a process target: each batch in a fresh temporary directory (removed after),
 * its steps in order, the producer's validator on the output where there is one, then the
 * before and after forms validated through the target's adapter. The validator runs while this
 * process validates (neither reads what the other writes). Runs may overlap (each has its own
 * directory and processes): a campaign starts the next batches' while it judges this one's.
 * Without `keepFiles`, the run reads back no texts, formats no report and runs no `views` steps:
 * judging a batch needs only the verdicts.
 */
export function processRunner(target: FuzzTarget, timeoutMs: number): BatchRunner {
  const runner = target.runner;
  if (runner.kind !== "process") throw new Error(`target ${target.name} is not run as processes`);
  const adapter = adapterNamed(target.adapter);
  if (adapter === undefined) throw new Error(`target ${target.name}: no adapter ${target.adapter}`);
  const run = async (variant: string, printed: PrintedBatch, cases: readonly FuzzCase[], options: RunOptions = {}): Promise<BatchRun> => {
    const keepFiles = options.keepFiles !== false;
    const limitMs = timeoutMs + (runner.timePerCaseMs?.(variant) ?? 0) * cases.length;
    const dir = mkdtempSync(join(tmpdir(), `formal-ssa-fuzz-${target.name}-`));
    try {
      for (const [file, text] of Object.entries(printed.files)) writeFileSync(join(dir, file), text);
      const keep = (): Record<string, string> => {
        const files: Record<string, string> = {};
        for (const f of readdirSync(dir)) {
          const text = utf8(readFileSync(join(dir, f)));
          if (text !== undefined) files[f] = text;
        }
        return files;
      };
      for (const step of [...runner.steps(variant, Object.keys(printed.files)), ...(keepFiles ? (runner.views?.(variant) ?? []) : [])]) {
        const failure = await runStep(step, dir, limitMs);
        if (failure !== undefined) return { kind: "failed", failure, files: keep() };
      }
      const beforeFile = findFile(dir, runner.before);
      const afterFile = findFile(dir, runner.after);
      if (beforeFile === undefined || afterFile === undefined)
        return { kind: "failed", failure: { kind: "crash", message: `${runner.steps(variant, [])[0]?.argv[0]}: wrote no ${beforeFile === undefined ? String(runner.before) : String(runner.after)}` }, files: keep() };
      // started now, answered after the pair is validated: the validator runs on another core meanwhile
      const validated = runner.validator !== undefined ? runStep(runner.validator(variant, afterFile), dir, timeoutMs) : Promise.resolve(undefined);
      const version = target.inputVersion?.(variant);
      // a producer's binary form (a SPIR-V module) is read as bytes, as `formal-ssa validate` reads it
      const input = (file: string) => {
        const bytes = readFileSync(join(dir, file));
        const binary = adapter.recognizesBinary?.(bytes) === true;
        return { text: binary ? "" : bytes.toString("utf8"), ...(binary ? { bytes } : {}), name: file, ...(version !== undefined ? { version } : {}) };
      };
      let report: Report;
      try {
        report = validateWith(adapter, input(beforeFile), input(afterFile));
      } catch (e) {
        const message = e instanceof MalformedInput ? `formal-ssa cannot read the pair: ${e.message}` : `formal-ssa failed on the pair: ${e instanceof Error ? e.message : String(e)}`;
        // the validator's process ends before its directory goes
        await validated;
        return { kind: "failed", failure: { kind: "unreadable", message }, files: keep() };
      }
      const failure = await validated;
      const invalid = failure === undefined ? undefined : `${failure.message}${failure.stderr ? `: ${failure.stderr.split("\n").find((l) => l.trim() !== "")?.trim() ?? ""}` : ""}`;
      let functions = functionResults(report);
      let phis: PhiTally[] | undefined;
      const second = runner.secondOracle?.(variant);
      let secondReport: Report | undefined;
      if (second !== undefined) {
        const cases = new Set(printed.functionNames);
        phis = [phiTally(second.ownLabel, report, cases)];
        const failed = await runStep(second.step, dir, limitMs);
        if (failed !== undefined) return { kind: "failed", failure: { ...failed, message: `${second.label}: ${failed.message}` }, files: keep() };
        try {
          secondReport = validateWith(adapter, input(second.output), input(second.output));
        } catch (e) {
          const message = `${second.label}: ${e instanceof MalformedInput ? `formal-ssa cannot read the pair: ${e.message}` : `formal-ssa failed on the pair: ${e instanceof Error ? e.message : String(e)}`}`;
          return { kind: "failed", failure: { kind: "unreadable", message }, files: keep() };
        }
        phis.push(phiTally(second.label, secondReport, cases));
        functions = withSecondOracle(functions, functionResults(secondReport), second.label);
      }
      let files: Record<string, string> = {};
      if (keepFiles) {
        files = keep();
        files["report.txt"] = formatReport(report, { functions: true });
        if (secondReport !== undefined) files[`report-${second!.label}.txt`] = formatReport(secondReport, { functions: true });
      }
      return { kind: "ran", functions, files, ...(invalid !== undefined ? { invalid } : {}), ...(phis !== undefined ? { phis } : {}) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return Object.assign(run, { overlapping: overlappingRuns() });
}

/** The phis a report's functions among `names` placed, and their minimum. */
function phiTally(label: string, report: Report, names: ReadonlySet<string>): PhiTally {
  const t: PhiTally = { label, functions: 0, placed: 0, minimum: 0 };
  for (const f of report.functions) {
    if (!names.has(f.name) || f.stats.phis === undefined || f.stats.phis_minimum === undefined) continue;
    t.functions++;
    t.placed += f.stats.phis;
    t.minimum += f.stats.phis_minimum;
  }
  return t;
}

/**
 * The results of both oracles as one: a function the first certifies and the second rejects is
 * rejected, at the second's stage (its own rejection stays first where both reject).
 */
function withSecondOracle(first: FunctionResult[], second: FunctionResult[], label: string): FunctionResult[] {
  const other = new Map(second.map((f) => [f.name, f]));
  const out = first.map((f) => {
    const o = other.get(f.name);
    return f.certified && o !== undefined && !o.certified ? { ...o, stage: label } : f;
  });
  // a function only the second paired (none, for one script compiled twice) still counts
  const seen = new Set(first.map((f) => f.name));
  for (const o of second) if (!seen.has(o.name) && !o.certified) out.push({ ...o, stage: label });
  return out;
}

/**
 * How many runs of a process target a campaign keeps under way: one being validated here, and
 * one producer's processes per core besides (at most four: a batch's validation here takes about
 * as long as its producer, so more would only wait), three on two cores.
 */
export function overlappingRuns(): number {
  return Math.min(availableParallelism(), 4) + 1;
}

// ---------------------------------------------------------------------------------------------
// Findings on disk

/** A finding's folder name: its signature made safe, with a short hash so that near names stay apart. */
export function findingFolder(signature: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < signature.length; i++) h = Math.imul(h ^ signature.charCodeAt(i), 0x01000193) >>> 0;
  const slug = signature.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/-+/g, "-").replace(/^-|-$/g, "").slice(0, 80);
  return `${slug}-${h.toString(16).padStart(8, "0")}`;
}

/** finding.json: what `--replay` and `--merge` read back. */
export interface FindingRecord extends Omit<CampaignFinding, "case"> {
  format: "formal-ssa/producer-finding@1";
  case: FuzzCase;
  /** The producer's version line. */
  version: string;
  maxBlocks: number;
}

export interface WriteFindingOptions {
  out: string;
  target: FuzzTarget;
  /** The target's runner, for one more run of the case alone (its files). */
  runner: BatchRunner;
  maxBlocks: number;
  /** The version line of the variant's producer. */
  version: string;
}

/**
 * The explorer's link to a finding's function (api/node/link.ts): the before and after texts the
 * run kept (SPIR-V: their disassembly) and the case's function, for a rejected function; else
 * why there is none.
 */
function findingLink(f: CampaignFinding, target: FuzzTarget, printed: PrintedBatch, files: Record<string, string>): string {
  if (f.kind !== "rejected") return `no link: a ${f.kind} finding has no verdict to show`;
  if (target.runner.kind !== "process") {
    // the React Compiler: the page compiles the case's source itself (every later pass checked, as the campaign does)
    const source = printed.files[target.caseFile];
    if (target.adapter !== "react-compiler" || source === undefined) return "no link: the explorer does not take this producer's input";
    const where = explorerBase();
    if ("missing" in where) return where.missing;
    const link = explorerLink(where.base, { p: "react", src: source, fn: printed.functionNames[0] ?? "", each: "1" });
    return "url" in link ? link.url : `no link: it would be ${link.tooLong} characters; open the explorer and paste ${target.caseFile}`;
  }
  const names = Object.keys(files);
  const form = (x: string | RegExp) => (typeof x === "string" ? names.find((n) => n === x || n === x.replace(/\.spv$/, ".spvasm")) : names.find((n) => x.test(n)));
  const [b, a] = [form(target.runner.before), form(target.runner.after)];
  if (b === undefined || a === undefined || b.endsWith(".spv") || a.endsWith(".spv")) return "no link: the run kept no text of the two forms";
  const where = explorerBase();
  if ("missing" in where) return where.missing;
  const link = explorerLink(where.base, { p: target.adapter, src: files[b], ssa: files[a], fn: printed.functionNames[0] ?? "" });
  return "url" in link ? link.url : `no link: it would be ${link.tooLong} characters; open the explorer and load ${b} and ${a}`;
}

/**
 * Writes a finding into `out/<folder>/`: finding.json, the case alone in the producer's
 * language, what one run of it gave (before and after forms, report.txt, stderr.txt), and
 * README.txt with the version, the commands that reproduce it without formal-ssa,
 * `formal-ssa fuzz --replay` and the explorer's link. Returns the folder, and the link (or why
 * there is none).
 */
export async function writeProducerFinding(f: CampaignFinding, o: WriteFindingOptions): Promise<{ dir: string; link: string }> {
  const dir = join(o.out, findingFolder(f.signature));
  mkdirSync(dir, { recursive: true });
  const record: FindingRecord = { format: "formal-ssa/producer-finding@1", ...f, version: o.version, maxBlocks: o.maxBlocks };
  writeFileSync(join(dir, "finding.json"), `${JSON.stringify(record, null, 2)}\n`);
  const printed = o.target.print([f.case], f.variant);
  for (const [file, text] of Object.entries(printed.files)) writeFileSync(join(dir, file), text);
  // one more run of the case alone, for its files
  const run = await o.runner(f.variant, printed, [f.case]);
  for (const [file, text] of Object.entries(run.files)) if (printed.files[file] === undefined) writeFileSync(join(dir, file), text);
  if (run.kind === "failed" && run.failure.stderr) writeFileSync(join(dir, "stderr.txt"), run.failure.stderr);
  const lines = [`formal-ssa fuzz --target ${o.target.name} finding: ${f.description}`, "", `signature: ${f.signature}`, `producer: ${o.version} (variant ${f.variant})`, `found at case ${f.index} of campaign seed ${f.seed}, shrunk in ${f.shrinkSteps} steps (finding.json counts the hits)`, ""];
  if (o.target.runner.kind === "process") {
    lines.push("Reproduce without formal-ssa (in this folder):");
    for (const step of [...o.target.runner.steps(f.variant, Object.keys(printed.files)), ...(o.target.runner.views?.(f.variant) ?? [])]) lines.push(`  ${stepText(step, ".")}`);
    if (o.target.runner.validator !== undefined) lines.push(`  ${stepText(o.target.runner.validator(f.variant, "<after>"), ".")}`);
    lines.push("");
  }
  const inProcess = o.target.runner.kind === "in-process" ? o.target.reproduce : undefined;
  if (inProcess !== undefined) lines.push("Reproduce without formal-ssa (in this folder):", ...inProcess(f.variant, Object.keys(printed.files)).map((l) => `  ${l}`), "");
  lines.push("Replay with formal-ssa (runs the producer again and validates):", `  formal-ssa fuzz --replay ${shellQuote(dir)}`, "");
  const link = findingLink(f, o.target, printed, run.files);
  lines.push("Open in the explorer (the pair and the function; the link's state stays in the browser):", `  ${link}`, "");
  writeFileSync(join(dir, "README.txt"), `${lines.join("\n")}\n`);
  return { dir, link };
}

/** Reads a finding folder's finding.json (malformed: one line naming it). */
export function readFindingRecord(dir: string): FindingRecord {
  const file = join(dir, "finding.json");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new MalformedInput(`${file}: no finding here (a folder that formal-ssa fuzz wrote holds finding.json)`);
  }
  let record: FindingRecord;
  try {
    record = JSON.parse(text) as FindingRecord;
  } catch (e) {
    throw new MalformedInput(`${file}: not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (record.format !== "formal-ssa/producer-finding@1") throw new MalformedInput(`${file}: format: want "formal-ssa/producer-finding@1"`);
  return record;
}

/** `formal-ssa fuzz --replay DIR`: the finding's case through its producer again; whether the same signature comes out. */
export async function replayFinding(record: FindingRecord, target: FuzzTarget, runner: BatchRunner): Promise<{ reproduced: boolean; description: string }> {
  const { findings } = await batchFindings(target, record.variant, [record.case], runner);
  const f = findings[0];
  if (f === undefined) return { reproduced: false, description: "clean: the producer's output is certified now" };
  return { reproduced: f.signature === record.signature, description: f.description };
}

// ---------------------------------------------------------------------------------------------
// Campaigns over several targets, and merging shards

/** One target's line of a campaign's summary. */
export interface CampaignSummaryRow {
  target: string;
  variants: string[];
  cases: number;
  seconds: number;
  casesPerSecond: number;
  /** Distinct signatures found, and all hits. */
  findings: number;
  hits: number;
  /** Case indices this shard ran (for merging: shards cover disjoint indices). */
  firstIndex: number;
  lastIndex: number;
}

/** The summary as a text table. */
export function formatSummary(rows: readonly CampaignSummaryRow[]): string {
  const header = ["target", "variants", "cases", "seconds", "cases/s", "findings", "hits"];
  const body = rows.map((r) => [r.target, r.variants.join(","), String(r.cases), r.seconds.toFixed(1), r.casesPerSecond.toFixed(1), String(r.findings), String(r.hits)]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(header), ...body.map(line)].join("\n") + "\n";
}

/** Every finding folder directly under `dir` (those holding finding.json). */
export function findingFolders(dir: string): string[] {
  if (!existsSync(dir)) throw new MalformedInput(`${dir}: no such folder`);
  return readdirSync(dir)
    .map((f) => join(dir, f))
    .filter((f) => existsSync(join(f, "finding.json")))
    .sort();
}

/**
 * `formal-ssa fuzz --merge OUT DIR...`: the findings of several campaigns (shards) in one folder,
 * one per signature: hits summed, and of the cases the one with the smallest CFG kept (its folder
 * copied whole). Returns the merged records.
 */
export function mergeFindings(out: string, dirs: readonly string[]): FindingRecord[] {
  const best = new Map<string, { record: FindingRecord; folder: string; hits: number }>();
  mkdirSync(out, { recursive: true });
  for (const dir of dirs)
    for (const folder of findingFolders(dir)) {
      // a constructor's or differential finding (a folder each, no hits to sum): copied as it is
      if (JSON.parse(readFileSync(join(folder, "finding.json"), "utf8")).format === "formal-ssa/constructor-finding@1") {
        const to = join(out, basename(folder));
        if (to !== folder && !existsSync(to)) cpSync(folder, to, { recursive: true });
        continue;
      }
      const record = readFindingRecord(folder);
      const seen = best.get(record.signature);
      if (seen === undefined) best.set(record.signature, { record, folder, hits: record.hits });
      else {
        seen.hits += record.hits;
        if (record.case.cfg.blocks.length < seen.record.case.cfg.blocks.length) Object.assign(seen, { record, folder });
      }
    }
  mkdirSync(out, { recursive: true });
  const merged: FindingRecord[] = [];
  for (const { record, folder, hits } of best.values()) {
    const to = join(out, findingFolder(record.signature));
    if (to !== folder) {
      rmSync(to, { recursive: true, force: true });
      cpSync(folder, to, { recursive: true });
    }
    const updated = { ...record, hits };
    writeFileSync(join(to, "finding.json"), `${JSON.stringify(updated, null, 2)}\n`);
    merged.push(updated);
  }
  return merged.sort((a, b) => (a.signature < b.signature ? -1 : 1));
}

/** What a target needs to run here: its batch runner and the version line of each variant. */
export interface PreparedTarget {
  target: FuzzTarget;
  runner: BatchRunner;
  version(variant: string): string;
  /** Ends what the runner keeps (an in-process target's worker thread); the campaign calls it when done. */
  close?: () => Promise<void>;
}

/** Options of the runners that find their producer elsewhere than on PATH (the React Compiler, Hermes). */
export interface InProcessOptions {
  /** A package directory of babel-plugin-react-compiler to load instead of the installed one. */
  reactCompilerDir?: string;
  /** The hermesc the `hermes` target runs (default: the installed hermes-compiler package's). */
  hermesc?: string;
}

/**
 * The programs a process target's steps name that are not looked up on PATH, each resolved to
 * its binary: `hermesc`, the hermes-compiler package's (an optional peer dependency) or the one
 * given, which must be Hermes V1 (the target's flags and dump syntax are V1's).
 */
const PROGRAMS: Record<string, (o: InProcessOptions) => string> = {
  hermesc: (o) => {
    let bin: string;
    try {
      bin = o.hermesc ?? installedHermesc();
    } catch (e) {
      throw new MalformedInput(`--target hermes: ${e instanceof Error ? e.message : String(e)} (npm install --save-dev hermes-compiler, or --hermesc PATH)`);
    }
    let release: string;
    try {
      release = hermescVersion(bin).release;
    } catch (e) {
      throw new MalformedInput(`--target hermes: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (release.startsWith("0.")) throw new MalformedInput(`--target hermes: ${bin} is Hermes ${release}, the legacy compiler; the target runs Hermes V1 (hermes-compiler 260318099.x)`);
    return bin;
  },
};

/** A process runner whose steps run the resolved binaries (the steps a finding's README shows keep the names). */
function withPrograms(runner: ProcessRunner, paths: ReadonlyMap<string, string>): ProcessRunner {
  const step = (s: ProcessStep): ProcessStep => ({ ...s, argv: [paths.get(s.argv[0]) ?? s.argv[0], ...s.argv.slice(1)] });
  return {
    ...runner,
    tools: (v) => runner.tools(v).map((t) => paths.get(t) ?? t),
    steps: (v, files) => runner.steps(v, files).map(step),
    ...(runner.views !== undefined ? { views: (v: string) => runner.views!(v).map(step) } : {}),
    ...(runner.validator !== undefined ? { validator: (v: string, after: string) => step(runner.validator!(v, after)) } : {}),
    ...(runner.secondOracle !== undefined
      ? {
          secondOracle: (v: string) => {
            const s = runner.secondOracle!(v);
            return s === undefined ? undefined : { ...s, step: step(s.step) };
          },
        }
      : {}),
    version: (v) => step({ argv: runner.version(v) }).argv,
  };
}

/** In-process runners by target name, loaded only when their target runs (the React Compiler brings Babel). */
const IN_PROCESS: Record<string, (o: InProcessOptions & { timeoutMs: number }) => Promise<{ runner: BatchRunner & { close(): Promise<void> }; version: string }>> = {
  "react-compiler": async (o) => {
    // loaded here too: the version line, and a bad --react-compiler DIR refused before any batch
    const { loadReactCompiler } = await import("./react.js");
    const loaded = await loadReactCompiler(o.reactCompilerDir);
    // the compiler runs in a worker thread (isolated_runner.ts): a case it loops on or eats memory
    // with is a timeout or a crash of that batch, bisected to its case, not the campaign's end
    const runner = isolatedRunner({
      module: new URL("./react.js", import.meta.url).href,
      factory: "nodeReactBatchRunner",
      options: o.reactCompilerDir === undefined ? {} : { reactCompiler: o.reactCompilerDir },
      timeoutPerCaseMs: o.timeoutMs,
      producer: "babel-plugin-react-compiler",
    });
    return { runner, version: `babel-plugin-react-compiler ${loaded.version ?? "(version unknown)"}` };
  },
};

/**
 * A target ready to run: its tools checked (missing ones: `MalformedInput` naming them and how to
 * get them), its runner made.
 */
export async function prepareTarget(target: FuzzTarget, variants: readonly string[], o: { timeoutMs: number } & InProcessOptions): Promise<PreparedTarget> {
  if (target.runner.kind === "process") {
    const named = [...new Set(variants.flatMap((v) => (target.runner as ProcessRunner).tools(v)))];
    const paths = new Map(named.filter((t) => PROGRAMS[t] !== undefined).map((t) => [t, PROGRAMS[t](o)]));
    const runner = withPrograms(target.runner, paths);
    const missing = named.filter((t) => !hasTool(paths.get(t) ?? t));
    if (missing.length > 0) throw new MalformedInput(`--target ${target.name}: ${missing.join(", ")} not on PATH (${target.description}; scripts/setup-fuzz-tools.sh installs them)`);
    const versions = new Map(variants.map((v) => [v, producerVersion(runner, v)]));
    return { target, runner: processRunner({ ...target, runner }, o.timeoutMs), version: (v) => versions.get(v) ?? producerVersion(runner, v) };
  }
  const make = IN_PROCESS[target.name];
  if (make === undefined) throw new MalformedInput(`--target ${target.name}: no in-process runner`);
  const { runner, version } = await make(o);
  return { target, runner, version: () => version, close: runner.close };
}

/** A written finding's hit count, brought up to date after the campaign counted more hits. */
export async function updateHits(out: string, f: CampaignFinding): Promise<void> {
  const file = join(out, findingFolder(f.signature), "finding.json");
  if (!existsSync(file)) return;
  const record = JSON.parse(readFileSync(file, "utf8")) as FindingRecord;
  writeFileSync(file, `${JSON.stringify({ ...record, hits: f.hits }, null, 2)}\n`);
}
