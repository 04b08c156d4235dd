/**
 * Fuzzing SSA constructors with random CFGs: the logic of `formal-ssa fuzz`.
 *
 * Two oracles, one CFG at a time, under fast-check (`fc.check` with the seed and the number of
 * runs), so that a finding is shrunk to a small CFG before it is reported:
 *
 * - differential (no `constructor`): every algorithm of `ALGORITHMS` with every minimisation of
 *   `MINIMIZATIONS` on the lowered model, each output decided by `checkTransformed`, and the
 *   relations the theorems state between them (`theoremViolation`);
 * - external (`constructor`): a command that reads the CFG document on stdin and writes an SSA
 *   document on stdout; a crash, a timeout, malformed output, a different graph, or an SSA that
 *   is not certified (validity) is a finding.
 *
 * A finding is written as files (`writeFinding`): the shrunk original CFG, the offending SSA,
 * the validator's report on the two (what `formal-ssa validate` prints), and a README.txt with
 * the commands that replay it.
 */
import { spawnSync, type SpawnSyncOptionsWithStringEncoding } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { certified, checkTransformed, QUALITY, type Verdict } from "../checks/index.js";
import {
  lowerProgram,
  programSize,
  structuredProgram,
  truncateProgram,
  arbitraryCfg,
  type Program,
} from "../fuzz/arbitraries/index.js";
import { isReducible } from "../graph/reducible.js";
import { removeDeadPhis } from "../impl/prune.js";
import type { FunctionDoc } from "../io/format.js";
import { lowerCfg, lowerPair } from "../io/lower.js";
import { readDocumentText } from "../io/read.js";
import { formatDocument } from "../io/write.js";
import { MalformedInput } from "../spec/errors.js";
import { Transformed } from "../spec/model.js";
import { ALGORITHMS, buildSsa, constructOne, MINIMIZATIONS, type Algorithm, type Minimize } from "./construct_pipeline.js";
import { reportJson, reportText, validateDocs } from "./validate_pipeline.js";
import { emitLlvm } from "./llvm_emit.js";
import { llvmReportText, llvmText, renderFunction, validateModules } from "./llvm_pipeline.js";

import { DEFAULT_MAX_BLOCKS, DEFAULT_OUT, DEFAULT_RUNS, DEFAULT_TIMEOUT_MS, hasOpt, MIN_IRREDUCIBLE_BLOCKS, OPT, shellQuote, SHAPES, TARGETS, type Shape, type Target } from "./fuzz_options.js";
export { DEFAULT_MAX_BLOCKS, DEFAULT_OUT, DEFAULT_RUNS, DEFAULT_TIMEOUT_MS, hasOpt, MIN_IRREDUCIBLE_BLOCKS, OPT, shellQuote, SHAPES, TARGETS, type Shape, type Target };

// ---------------------------------------------------------------------------------------------
// The CFGs

/**
 * The CFGs of a shape, at most `maxBlocks` blocks each:
 * - `reducible`: structured While programs (`structuredProgram`), truncated in preorder to the
 *   longest prefix whose CFG fits, lowered by `lowerProgram` (`stmts` blocks);
 * - `irreducible`: `arbitraryCfg`, steered towards irreducible graphs (more backward edges and
 *   extra in-edges, fewer chains), filtered to the irreducible ones; shrinking keeps the filter,
 *   so the counterexample is irreducible too;
 * - `any`: either of a structured CFG and an unfiltered graph of the steered `arbitraryCfg`
 *   (reducible or not, parallel edges, self-loops).
 * Graphs mix `stmts` and `defs`/`uses` blocks.
 */
export function cfgArbitrary(shape: Shape, maxBlocks: number): fc.Arbitrary<FunctionDoc> {
  const reducible = () => structuredWithin(maxBlocks);
  const graphs = () =>
    arbitraryCfg({
      minBlocks: Math.min(maxBlocks, MIN_IRREDUCIBLE_BLOCKS),
      maxBlocks,
      blockForm: "mixed",
      chainProbability: 0.15,
      maxExtraPredsPerBlock: 3,
      edgeWeights: { forward: 3, backward: 4, self: 1, parallel: 1 },
    });
  switch (shape) {
    case "reducible":
      return reducible();
    case "irreducible":
      return graphs().filter((doc) => !isReducible(lowerCfg(doc, "original.json", "random").cfg.graph));
    case "any":
      return fc.oneof(reducible(), graphs());
  }
}

function structuredWithin(maxBlocks: number): fc.Arbitrary<FunctionDoc> {
  return structuredProgram({ maxStatements: Math.max(50, 2 * maxBlocks) }).map((p) => lowerProgram(fitProgram(p, maxBlocks)));
}

/** The longest preorder prefix of `p` whose CFG has at most `maxBlocks` blocks (never recursion). */
function fitProgram(p: Program, maxBlocks: number): Program {
  const blocks = (m: number) => lowerProgram({ vars: p.vars, body: truncateProgram(p.body, m) }).blocks.length;
  const size = programSize(p.body);
  if (blocks(size) <= maxBlocks) return p;
  // block counts grow with the prefix almost monotonically (a jump can remove a join): binary
  // search, then step down until it fits
  let lo = 0;
  let hi = size;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (blocks(mid) <= maxBlocks) lo = mid;
    else hi = mid - 1;
  }
  while (lo > 0 && blocks(lo) > maxBlocks) lo--;
  return { vars: p.vars, body: truncateProgram(p.body, lo) };
}

// ---------------------------------------------------------------------------------------------
// Findings

/** What went wrong on one CFG. */
export interface Finding {
  /** One line: which relation failed. */
  description: string;
  /** The CFG (shrunk, once the run is over). */
  original: FunctionDoc;
  /** The offending SSA as the exchange-format text written to ssa.json (raw output of a constructor). */
  ssaText?: string;
  /** Quality properties `validate` must require to replay the finding (`--require`). */
  require: string[];
  /** Differential mode: the construction that produced `ssaText`. */
  construction?: { algorithm: Algorithm; minimize: Minimize };
  /** Differential mode, count relations: the construction the count was compared with. */
  reference?: { algorithm: Algorithm; minimize: Minimize; phis: number };
  /** External mode: a crash, timeout or spawn failure, with the constructor's stderr. */
  process?: { status: number | null; signal: string | null; error?: string; stderr: string };
  /** `--target llvm-mem2reg`: the emitted function and opt's output (absent when opt failed). */
  llvm?: { before: string; after?: string };
}

interface Built {
  algorithm: Algorithm;
  minimize: Minimize;
  phis: number;
  /** Phis left after removing the dead ones (`removeDeadPhis`); `phis` where pruned is promised. */
  livePhis: number;
}

const name = (b: { algorithm: string; minimize: string }) => `${b.algorithm}/${b.minimize}`;
const QUALITY_SET = new Set<string>(QUALITY);
/** The failing properties among `among`, by default the validity ones. */
const failing = (vs: readonly Verdict[], among?: readonly string[]) =>
  vs.filter((v) => !v.holds && (among === undefined ? !QUALITY_SET.has(v.property) : among.includes(v.property))).map((v) => v.property);

/** Aycock and Horspool's crude phase places phis for dead variables too: the one algorithm whose output need not be pruned. */
const UNPRUNED = "aycock-horspool";

/**
 * The quality properties the theorems promise for `algorithm` with `minimize`:
 * `pruned` for every algorithm but aycock-horspool (phis'_pruned, pruned_invariant);
 * `no_trivial_phis` after trivial and peel (not_redundant); `no_redundant_set` and
 * `cytronMinimal` after peel on every CFG (no_redundant_set_minimal), and for Cytron et al.'s
 * construction with any minimisation (minimal by construction); `cytronMinimal` after trivial on
 * reducible CFGs (minimal, reducible_nonredundant_imp_minimal).
 */
export function promisedQuality(algorithm: string, minimize: string, reducible: boolean): string[] {
  const out: string[] = [];
  if (algorithm !== UNPRUNED) out.push("pruned");
  if (minimize !== "none") out.push("no_trivial_phis");
  if (minimize === "peel" || algorithm === "cytron") out.push("cytronMinimal", "no_redundant_set");
  else if (minimize === "trivial" && reducible) out.push("cytronMinimal");
  return out;
}

/**
 * Differential oracle on one CFG: every algorithm and minimisation, each certified with the
 * quality its theorems promise (`promisedQuality`), and the phi counts (phi_count_minimal: a
 * pruned, Cytron-minimal form has the fewest phis of all valid translations): every `peel`
 * result has the same count, Cytron's (when it is an algorithm) too, and on reducible CFGs
 * every `trivial` result as well; no result has fewer. aycock-horspool, which is not pruned,
 * is compared after removing its dead phis (`removeDeadPhis`). Returns the first violation,
 * undefined when all hold.
 */
export function theoremViolation(doc: FunctionDoc): Finding | undefined {
  const fnName = doc.name ?? "#0";
  const lowered = lowerCfg(doc, "original.json", fnName);
  const cfg = lowered.cfg;
  const reducible = isReducible(cfg.graph);
  const built: Built[] = [];
  for (const algorithm of ALGORITHMS as readonly Algorithm[]) {
    for (const minimize of MINIMIZATIONS as readonly Minimize[]) {
      const c = { algorithm, minimize };
      let verdicts: Verdict[];
      let phis: number;
      let livePhis: number;
      try {
        const b = buildSsa(cfg, c);
        phis = b.ssa.phiCount;
        livePhis = (algorithm as string) === UNPRUNED ? removeDeadPhis(b.ssa).phiCount : phis;
        verdicts = checkTransformed(new Transformed(cfg, b.ssa, b.construction.transformed.varOf));
      } catch (e) {
        return { description: `${name(c)} throws: ${e instanceof Error ? e.message : String(e)}`, original: doc, require: [], construction: c };
      }
      if (!certified(verdicts))
        return { description: `validity: ${name(c)} is not certified (fails ${failing(verdicts).join(", ")})`, original: doc, require: [], construction: c };
      const promised = promisedQuality(algorithm, minimize, reducible);
      const broken = failing(verdicts, promised);
      if (broken.length > 0) {
        const why = minimize === "trivial" && reducible && broken.includes("cytronMinimal") ? " on a reducible CFG" : "";
        return { description: `quality: ${name(c)} is not ${broken.join(", not ")}${why}`, original: doc, require: broken, construction: c };
      }
      built.push({ ...c, phis, livePhis });
    }
  }
  const peeled = built.filter((b) => b.minimize === "peel");
  const cytron = built.find((b) => (b.algorithm as string) === "cytron" && b.minimize === "none");
  const ref = cytron ?? peeled.reduce<Built | undefined>((m, b) => (m === undefined || b.livePhis < m.livePhis ? b : m), undefined);
  if (ref === undefined) return undefined;
  const countFinding = (b: Built, relation: string, count: number): Finding => ({
    description: `${relation}: ${name(b)} has ${plural(count, "phi")}${count !== b.phis ? " after removing dead ones" : ""}, ${name(ref)} ${ref.phis}`,
    original: doc,
    require: QUALITY.filter((q) => q !== "pruned" || (b.algorithm as string) !== UNPRUNED),
    construction: { algorithm: b.algorithm, minimize: b.minimize },
    reference: { algorithm: ref.algorithm, minimize: ref.minimize, phis: ref.phis },
  });
  for (const b of built) if (b.phis < ref.phis) return countFinding(b, "phi_count_minimal (fewer phis than the minimum)", b.phis);
  const compared = reducible ? built.filter((b) => b.minimize === "peel" || b.minimize === "trivial") : peeled;
  for (const b of compared) {
    if (b.livePhis === ref.phis) continue;
    return countFinding(b, b.minimize === "peel" ? "phi_count_minimal" : "minimal phi count on a reducible CFG", b.livePhis);
  }
  return undefined;
}

/**
 * External oracle on one CFG: run `command` (through the shell, in its own process group) with
 * the CFG document on stdin; its stdout must be one SSA document on the same graph that the
 * validator certifies (validity properties; quality is not required).
 */
export function constructorViolation(doc: FunctionDoc, command: string, timeoutMs: number): Finding | undefined {
  const input = formatDocument([doc]);
  const options: SpawnSyncOptionsWithStringEncoding = {
    shell: true,
    input,
    encoding: "utf8",
    timeout: timeoutMs,
    killSignal: "SIGKILL",
    maxBuffer: 1 << 28,
  };
  // its own process group (setsid; spawnSync honours `detached` though its type omits it), so
  // that a timeout ends whatever the shell started too
  const r = spawnSync(command, { ...options, detached: true } as SpawnSyncOptionsWithStringEncoding);
  const stdout = r.stdout ?? "";
  const stderr = r.stderr ?? "";
  const errCode = (r.error as NodeJS.ErrnoException | undefined)?.code;
  // EPIPE: the command did not read all of its input; its exit status and output still count
  const error = errCode === "EPIPE" ? undefined : r.error;
  const timedOut = errCode === "ETIMEDOUT";
  if (timedOut && r.pid !== undefined && r.pid > 0) {
    try {
      process.kill(-r.pid, "SIGKILL");
    } catch {
      // the group is gone already
    }
  }
  const what = timedOut ? `timed out after ${timeoutMs} ms, killed` : error?.message;
  const proc = { status: r.status, signal: r.signal, stderr, ...(what !== undefined ? { error: what } : {}) };
  const base = { original: doc, ssaText: stdout, require: [] as string[] };
  if (timedOut) return { ...base, description: `timeout: no answer within ${timeoutMs} ms`, process: proc };
  if (error) return { ...base, description: `crash: cannot run the constructor (${error.message})`, process: proc };
  if (r.signal) return { ...base, description: `crash: killed by ${r.signal}`, process: proc };
  if (r.status !== 0) return { ...base, description: `crash: exit status ${r.status}${firstLine(stderr)}`, process: proc };
  let ssa: FunctionDoc;
  try {
    const docs = readDocumentText(stdout, "ssa.json");
    if (docs.length !== 1) throw new MalformedInput(`ssa.json: want one function, got ${docs.length}`);
    ssa = docs[0];
    const pair = lowerPair(doc, ssa, "original.json", "ssa.json", doc.name ?? "#0");
    if (!pair.ok) return { ...base, description: `same_graph: ${pair.mismatch}` };
    const verdicts = checkTransformed(pair.transformed);
    if (!certified(verdicts)) return { ...base, description: `validity: rejected (fails ${failing(verdicts).join(", ")})` };
    return undefined;
  } catch (e) {
    if (e instanceof MalformedInput) return { ...base, description: `malformed output: ${e.message}` };
    // not the constructor's fault, but worth the files: formal-ssa failed on this output
    return { ...base, description: `formal-ssa failed on this output: ${e instanceof Error ? e.message : String(e)}` };
  }
}


/**
 * mem2reg oracle on one CFG: the CFG as one LLVM function (cli/llvm_emit.ts), `opt
 * -passes=mem2reg -S` of it (own process group, killed after `timeoutMs`), and the pair validated
 * exactly as `formal-ssa validate before.ll after.ll` does (`--undef refine`, no quality
 * required). A crash, a timeout, output the reader rejects, or a function not certified is a
 * finding.
 */
export function mem2regViolation(doc: FunctionDoc, timeoutMs: number): Finding | undefined {
  const before = emitLlvm(doc);
  const options: SpawnSyncOptionsWithStringEncoding = { input: before, encoding: "utf8", timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 1 << 28 };
  const r = spawnSync(OPT, ["-passes=mem2reg", "-S"], { ...options, detached: true } as SpawnSyncOptionsWithStringEncoding);
  const stderr = r.stderr ?? "";
  const errCode = (r.error as NodeJS.ErrnoException | undefined)?.code;
  const timedOut = errCode === "ETIMEDOUT";
  if (timedOut && r.pid !== undefined && r.pid > 0) {
    try {
      process.kill(-r.pid, "SIGKILL");
    } catch {
      // gone already
    }
  }
  const what = timedOut ? `timed out after ${timeoutMs} ms, killed` : r.error?.message;
  const proc = { status: r.status, signal: r.signal, stderr, ...(what !== undefined ? { error: what } : {}) };
  const base = { original: doc, require: [] as string[] };
  if (timedOut) return { ...base, description: `timeout: opt gave no answer within ${timeoutMs} ms`, process: proc, llvm: { before } };
  if (r.error) return { ...base, description: `crash: cannot run opt (${r.error.message})`, process: proc, llvm: { before } };
  if (r.signal) return { ...base, description: `crash: opt killed by ${r.signal}`, process: proc, llvm: { before } };
  if (r.status !== 0) return { ...base, description: `crash: opt exit status ${r.status}${firstLine(stderr)}`, process: proc, llvm: { before } };
  const after = r.stdout ?? "";
  const llvm = { before, after };
  try {
    const results = validateModules(llvmText(before, "before.ll"), llvmText(after, "after.ll"), { undef: "refine", require: [], progress: false });
    if (results.length !== 1) return { ...base, description: `mem2reg: want one function in the pair, the adapter found ${results.length}`, llvm };
    const bad = results.filter((x) => !x.certified);
    if (bad.length === 0) return undefined;
    const fails = bad.flatMap((x) => [
      ...(x.translation.length > 0 ? ["same_instructions"] : []),
      ...x.verdicts.filter((v) => !v.holds && v.property !== "same_instructions" && !QUALITY_SET.has(v.property)).map((v) => v.property),
    ]);
    return { ...base, description: `mem2reg: not certified (fails ${[...new Set(fails)].join(", ")})`, llvm };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (e instanceof MalformedInput) return { ...base, description: `malformed: formal-ssa cannot read the pair: ${msg}`, llvm };
    return { ...base, description: `formal-ssa failed on this pair: ${msg}`, llvm };
  }
}

function firstLine(s: string): string {
  const line = s.split("\n").find((l) => l.trim() !== "");
  return line === undefined ? "" : `: ${line.trim().slice(0, 200)}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// ---------------------------------------------------------------------------------------------
// The run

export interface FuzzOptions {
  runs: number;
  seed: number;
  shape: Shape;
  maxBlocks: number;
  /** A shell command (`--constructor`): CFG document on stdin, SSA document on stdout. Differential mode without. */
  command?: string;
  /** `--target llvm-mem2reg`: each CFG through `opt -passes=mem2reg`, the pair validated. */
  target?: Target;
  timeoutMs: number;
  /** Called after every case (generated or shrunk). */
  onCase?: (p: Progress) => void;
}

export interface Progress {
  phase: "search" | "shrink";
  /** Cases run so far, shrinking included. */
  cases: number;
  /** Shrinking steps that failed again (the counterexample got smaller). */
  shrinks: number;
}

export interface FuzzResult {
  seed: number;
  cases: number;
  /** Generated CFGs checked before the finding (all `runs` when clean). */
  runs: number;
  shrinks: number;
  finding?: Finding;
}

export function fuzz(opts: FuzzOptions): FuzzResult {
  const arb = cfgArbitrary(opts.shape, opts.maxBlocks);
  const oracle = (doc: FunctionDoc): Finding | undefined =>
    opts.target === "llvm-mem2reg"
      ? mem2regViolation(doc, opts.timeoutMs)
      : opts.command === undefined
        ? theoremViolation(doc)
        : constructorViolation(doc, opts.command, opts.timeoutMs);
  const progress: Progress = { phase: "search", cases: 0, shrinks: 0 };
  let last: Finding | undefined;
  const property = fc.property(arb, (doc) => {
    progress.cases++;
    const f = oracle(doc);
    if (f !== undefined) {
      if (progress.phase === "shrink") progress.shrinks++;
      progress.phase = "shrink";
      last = f;
    }
    opts.onCase?.(progress);
    return f === undefined;
  });
  const details = fc.check(property, { seed: opts.seed, numRuns: opts.runs });
  const out: FuzzResult = { seed: details.seed, cases: progress.cases, runs: details.numRuns, shrinks: details.numShrinks };
  if (!details.failed) return out;
  if (details.counterexample === null) throw new Error(`fast-check gave up: ${String(details.errorInstance ?? "no counterexample")}`);
  const [doc] = details.counterexample;
  // the last failing case is the counterexample; otherwise (a flaky constructor) ask again
  let finding = last !== undefined && JSON.stringify(last.original) === JSON.stringify(doc) ? last : oracle(doc);
  if (finding === undefined) {
    const e = details.errorInstance;
    finding = { description: `flaky: failed once, passed when repeated${e instanceof Error ? ` (${e.message})` : ""}`, original: doc, require: [] };
  }
  return { ...out, finding };
}

// ---------------------------------------------------------------------------------------------
// Writing a finding

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

/** Every file `writeFinding` may write; stale ones from an earlier finding are removed. */
export const FINDING_FILES = ["README.txt", "original.json", "before.ll", "after.ll", "ssa.json", "reference.ssa.json", "report.txt", "report.json", "stderr.txt"] as const;

/** Writes the finding into `ctx.dir` (created if needed); returns the paths written. */
export function writeFinding(f: Finding, ctx: FindingContext): string[] {
  const dir = ctx.dir;
  mkdirSync(dir, { recursive: true });
  for (const file of FINDING_FILES) rmSync(join(dir, file), { force: true });
  if (f.llvm !== undefined) return writeLlvmFinding(f, f.llvm, ctx);
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
    const results = validateDocs([f.original], readDocumentText(ssaText, p("ssa.json")), p("original.json"), p("ssa.json"), require);
    files["report.txt"] = `$ ${validateCmd}\n${reportText(results, require)}`;
    files["report.json"] = `${JSON.stringify(reportJson(results), null, 2)}\n`;
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
      `The count relation: ${name(f.reference)} places ${plural(f.reference.phis, "phi")} (reference.ssa.json, ` +
        `formal-ssa construct --algorithm ${f.reference.algorithm} --minimize ${f.reference.minimize} ${q("original.json")}); ` +
        `the validator decides each SSA on its own, so it may certify both.`,
    );
  }
  if (f.process !== undefined) {
    lines.push("");
    lines.push(processLine(f.process).trimEnd());
  }
  lines.push("");
  lines.push("Repeat the whole run:");
  lines.push(`  ${ctx.rerun}`);
  lines.push("");
  lines.push("Files:");
  const about: Record<string, string> = {
    "original.json": "the shrunk original CFG (kind cfg)",
    "ssa.json": ctx.command !== undefined ? "the constructor's output on it, as written" : "the offending SSA (kind ssa)",
    "reference.ssa.json": "the SSA the count was compared with",
    "report.txt": "the validator's report (formal-ssa validate)",
    "report.json": "the same as JSON",
    "stderr.txt": "the constructor's stderr",
  };
  return writeFindingFiles(ctx.dir, files, lines, about);
}

/** A `--target llvm-mem2reg` finding: before.ll, after.ll, original.json, report.txt, README.txt (and opt's stderr). */
function writeLlvmFinding(f: Finding, llvm: NonNullable<Finding["llvm"]>, ctx: FindingContext): string[] {
  const p = (file: string) => join(ctx.dir, file);
  const q = (file: string) => shellQuote(p(file));
  const files: Record<string, string> = {};
  files["original.json"] = formatDocument([f.original]);
  files["before.ll"] = llvm.before;
  if (llvm.after !== undefined) files["after.ll"] = llvm.after;
  if (f.process !== undefined && f.process.stderr !== "") files["stderr.txt"] = f.process.stderr;
  const optCmd = `opt -passes=mem2reg -S ${q("before.ll")} -o ${q("after.ll")}`;
  const validateCmd = `formal-ssa validate ${q("before.ll")} ${q("after.ll")}`;
  if (llvm.after === undefined) {
    files["report.txt"] = `$ ${optCmd}\n${f.process === undefined ? "" : processLine(f.process).replace(/^constructor:/, "opt:")}`;
  } else {
    try {
      const results = validateModules(llvmText(llvm.before, p("before.ll")), llvmText(llvm.after, p("after.ll")), { undef: "refine", require: [], progress: false });
      files["report.txt"] = `$ ${validateCmd} --functions\n${llvmReportText(results.map((r) => renderFunction(r, { functions: true })))}`;
    } catch (e) {
      files["report.txt"] = `$ ${validateCmd}\nformal-ssa: ${e instanceof Error ? e.message : String(e)}\n`;
    }
  }
  const lines: string[] = [];
  lines.push(`formal-ssa fuzz --target llvm-mem2reg finding: ${f.description}`);
  lines.push("");
  lines.push(`seed ${ctx.seed}, found at random CFG ${ctx.runs}, shrunk in ${plural(ctx.shrinks, "step")} to ${plural(f.original.blocks.length, "block")}.`);
  lines.push("");
  lines.push("Replay:");
  lines.push(`  ${optCmd}`);
  lines.push(`  ${validateCmd}`);
  if (f.process !== undefined) {
    lines.push("");
    lines.push(processLine(f.process).replace(/^constructor:/, "opt:").trimEnd());
  }
  lines.push("");
  lines.push("Repeat the whole run:");
  lines.push(`  ${ctx.rerun}`);
  lines.push("");
  lines.push("Files:");
  const about: Record<string, string> = {
    "original.json": "the shrunk original CFG (kind cfg)",
    "before.ll": "the CFG as one LLVM function, the input of opt -passes=mem2reg",
    "after.ll": "opt's output",
    "report.txt": llvm.after === undefined ? "what happened to opt" : "the validator's report (formal-ssa validate --functions)",
    "stderr.txt": "opt's stderr",
  };
  return writeFindingFiles(ctx.dir, files, lines, about);
}

/**
 * Ends a finding's README with the list of the files it comes with, then
 * writes every file, in FINDING_FILES order. Returns the paths written.
 */
function writeFindingFiles(dir: string, files: Record<string, string>, readme: string[], about: Record<string, string>): string[] {
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

function processLine(pr: NonNullable<Finding["process"]>): string {
  const how = pr.error !== undefined ? pr.error : pr.signal !== null ? `killed by ${pr.signal}` : `exit status ${pr.status}`;
  return `constructor: ${how}${pr.stderr !== "" ? " (stderr in stderr.txt)" : ""}\n`;
}

