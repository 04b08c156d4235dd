/**
 * Fuzzing producers of SSA through their fuzz targets (adapters/fuzz_target.ts), in batches:
 * cases from the shared arbitraries, printed many to a batch in the producer's language, run
 * through the producer once per batch, every function's pair validated as `validate` does. What
 * is pure lives here: the cases and their seeds, judging a batch's run, bisecting a batch that
 * fails as a whole, shrinking a finding, signatures, and the campaign loop over a runner that
 * the caller provides (api/campaign/node/producers.ts runs processes; the React Compiler runs in
 * this process).
 *
 * Determinism: case `i` of a campaign with seed `S` is the first value fast-check generates for
 * the seed `caseSeed(S, i)`, whatever the batch, shard or time budget; shrinking starts from the
 * same seed, so it starts from exactly that case.
 */
import fc from "fast-check";
import type { FuzzCase, FuzzTarget, PrintedBatch } from "../../adapters/fuzz_target.js";
import { fuzzCases } from "../../fuzz/arbitraries/cases.js";
import { generateWithContext, shrinkInBatches } from "../../fuzz/shrink.js";
import { DEFAULT_SHRINK_RUNS } from "./options.js";

// ---------------------------------------------------------------------------------------------
// Cases

/** The seed of case `index` of a campaign seeded `seed` (a 31-bit mix: murmur3's finaliser). */
export function caseSeed(seed: number, index: number): number {
  let h = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h & 0x7fffffff;
}

/** The cases a target's campaign draws from. */
export function caseArbitrary(target: Pick<FuzzTarget, "shapes">, maxBlocks: number): fc.Arbitrary<FuzzCase> {
  return fuzzCases(target.shapes, maxBlocks);
}

/** The case fast-check generates first for `seed` (what shrinking starts from). */
export function generateCase(arb: fc.Arbitrary<FuzzCase>, seed: number): FuzzCase {
  let got: FuzzCase | undefined;
  fc.check(
    fc.property(arb, (c) => {
      got = c;
      return true;
    }),
    { seed, numRuns: 1 },
  );
  return got!;
}

/** Whether case `index` belongs to shard `shard` of `shards` (1-based, as `--shard I/N`). */
export function inShard(index: number, shard: { index: number; count: number }): boolean {
  return index % shard.count === shard.index - 1;
}

// ---------------------------------------------------------------------------------------------
// A batch's run, and what it says of each case

/** What the validation of one function of a batch said. */
export interface FunctionResult {
  /** The function's name as the adapter's report gives it. */
  name: string;
  certified: boolean;
  /** The stage or pass (the React Compiler's `SSA`, `EliminateRedundantPhi`, a later pass); absent for one-stage producers. */
  stage?: string;
  /** The first failing property that certification needs (`equiv`, `same_instructions`, `sound_refinement`, `phis_wf`, ...). */
  property?: string;
  /** The report's first line for it. */
  summary?: string;
}

/**
 * The phis a producer configuration placed on the functions of a batch's cases (those the
 * adapter paired), and the minimum for them (`phis_minimum` of the report: Wagner's minimal SSA
 * after peeling redundant phi SCCs).
 */
export interface PhiTally {
  label: string;
  functions: number;
  placed: number;
  minimum: number;
}

/** `a` and `b` summed label by label (in the order first seen). */
export function addPhiTallies(a: readonly PhiTally[], b: readonly PhiTally[]): PhiTally[] {
  const out = a.map((t) => ({ ...t }));
  for (const t of b) {
    const same = out.find((x) => x.label === t.label);
    if (same === undefined) out.push({ ...t });
    else {
      same.functions += t.functions;
      same.placed += t.placed;
      same.minimum += t.minimum;
    }
  }
  return out;
}

/** A producer's failure on a whole batch (or a case alone). */
export interface RunFailure {
  /**
   * `crash`: a signal or a non-zero exit; `timeout`; `internal-error`: the producer reported a
   * broken invariant or assertion of its own; `unreadable`: formal-ssa cannot read what the
   * producer wrote (the producer's output is malformed, or our reader is wrong: either way a
   * finding to look at).
   */
  kind: "crash" | "timeout" | "internal-error" | "unreadable";
  /** One line: what happened (`opt-15: exit status 134: Assertion ... failed`). */
  message: string;
  stderr?: string;
}

/** What running the producer on a printed batch gave. */
export type BatchRun =
  | {
      kind: "ran";
      /** Every function of the pair the adapter read, validated. */
      functions: FunctionResult[];
      /** The producer's own validator's complaint about its output (`spirv-val`), one line. */
      invalid?: string;
      /** Texts worth keeping with a finding: the before and after forms, the report, by file name. */
      files: Record<string, string>;
      /** Functions with a failure of their own, outside the pairs (an internal error reported per function by an in-process compiler). */
      failures?: Map<string, RunFailure>;
      /** The phis each oracle's producer placed on the cases' functions, against the minimum (a target with `secondOracle`). */
      phis?: PhiTally[];
    }
  | { kind: "failed"; failure: RunFailure; files: Record<string, string> };

/** What a run of a batch is asked for besides the verdicts. */
export interface RunOptions {
  /**
   * Whether the run keeps its files (`BatchRun.files`: the forms for people to read, the
   * report), which only a finding's folder uses; default true. Judging a batch needs none of them,
   * and on a batch of hundreds of functions they cost as much as a producer's run (the SPIR-V
   * target's disassembly is two processes more), so a campaign's batches, bisection and
   * shrinking run without them.
   */
  keepFiles?: boolean;
}

/**
 * Runs the producer on one printed batch of `variant`. `overlapping`: how many runs the runner
 * may have under way at once (a process runner: each run in its own directory; absent: one), so
 * that a campaign starts the next batches' runs before it judges this one's (the producer's
 * processes then run while this process validates).
 */
export type BatchRunner = ((variant: string, printed: PrintedBatch, cases: readonly FuzzCase[], options?: RunOptions) => Promise<BatchRun>) & { readonly overlapping?: number };

/** A finding on one case, before it is shrunk. */
export interface CaseFinding {
  kind: "rejected" | "crash" | "timeout" | "internal-error" | "unreadable" | "invalid-output" | "missing";
  /** One bug, one signature: target, kind, stage or pass, property or the crash message with numbers and names taken out. */
  signature: string;
  /** One line for people. */
  description: string;
}

/** `message` without what varies from case to case: numbers, hex, quoted names, paths, value names. */
export function normaliseMessage(message: string): string {
  return message
    .split("\n")[0]
    .replace(/\/[^\s:'"]+/g, "PATH")
    .replace(/`[^`']*'|(["'`]).*?\1/g, "'…'")
    .replace(/[%@$]?[A-Za-z_.]*\d[\w.]*/g, "N")
    .replace(/0x[0-9a-f]+/gi, "N")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 160);
}

/** A function's rejection as a case's finding. */
function rejectedFinding(target: FuzzTarget, variant: string, f: FunctionResult, note = ""): CaseFinding {
  const stage = f.stage === undefined ? "" : `${f.stage}:`;
  return {
    kind: "rejected",
    signature: `${target.name}:rejected:${stage}${f.property ?? "?"}`,
    description: `${variantText(target, variant)}: ${f.stage !== undefined ? `${f.stage}: ` : ""}${f.name}${note}: rejected: ${f.summary ?? `${f.property} fails`}`,
  };
}

/**
 * A rejected function of the pair that no case owns (the shader's `main`, which the SPIR-V
 * adapter also charges with what is wrong in the module's preamble): like output the producer's
 * validator rejects, it names no case, so it is a finding of the batch as a whole, bisected to
 * the case that causes it alone. Left out, a pass that broke only the preamble went unreported.
 */
function unownedRejection(target: FuzzTarget, variant: string, printed: PrintedBatch, run: Extract<BatchRun, { kind: "ran" }>): CaseFinding | undefined {
  const owned = new Set<string>(printed.functionNames);
  for (const f of printed.fallbackNames ?? []) if (f !== undefined) owned.add(f);
  const f = run.functions.find((x) => !x.certified && !owned.has(x.name));
  return f === undefined ? undefined : rejectedFinding(target, variant, f, " (no case's own function)");
}

/** The finding of each case of a batch that ran, by case position (undefined: the case is clean). */
export function judgeBatch(target: FuzzTarget, variant: string, printed: PrintedBatch, run: Extract<BatchRun, { kind: "ran" }>): (CaseFinding | undefined)[] {
  const byName = new Map(run.functions.map((f) => [f.name, f]));
  // a batch of one case: a rejection no case owns is that case's
  const unowned = printed.functionNames.length === 1 ? unownedRejection(target, variant, printed, run) : undefined;
  return printed.functionNames.map((name, k) => {
    const failure = run.failures?.get(name);
    if (failure !== undefined) return processFinding(target, variant, failure);
    if (run.invalid !== undefined) return invalidFinding(target, variant, run.invalid);
    const fallback = printed.fallbackNames?.[k];
    const f = byName.get(name) ?? (fallback !== undefined ? byName.get(fallback) : undefined);
    if (f === undefined)
      return { kind: "missing", signature: `${target.name}:missing`, description: `${variantText(target, variant)}: function ${name}${fallback !== undefined ? ` (or ${fallback})` : ""} is missing from the pair the adapter read` };
    if (f.certified) return unowned;
    return rejectedFinding(target, variant, f);
  });
}

/** The finding of output that the producer's own validator rejects (`spirv-val`). */
function invalidFinding(target: FuzzTarget, variant: string, message: string): CaseFinding {
  return { kind: "invalid-output", signature: `${target.name}:invalid-output:${normaliseMessage(message)}`, description: `${variantText(target, variant)}: its output is invalid: ${message}` };
}

/** The finding of a run that failed as a whole. */
export function processFinding(target: FuzzTarget, variant: string, failure: RunFailure): CaseFinding {
  return {
    kind: failure.kind,
    signature: `${target.name}:${failure.kind}:${normaliseMessage(failure.message)}`,
    description: `${variantText(target, variant)}: ${failure.kind}: ${failure.message}`,
  };
}

function variantText(target: FuzzTarget, variant: string): string {
  return target.variants.length > 1 ? `${target.name} (${variant})` : target.name;
}

/**
 * Each case's finding in a batch: one run of the whole batch, and where that fails as a whole
 * (a crash, a timeout, or output the producer's own validator rejects, which names no function),
 * its halves run again, down to the cases that fail alone. A failure that needs cases of both
 * halves shows in neither: the smallest range that still fails is then the finding, carried by
 * its first case. An explicit stack, never recursion.
 */
export async function batchFindings(target: FuzzTarget, variant: string, cases: readonly FuzzCase[], runner: BatchRunner): Promise<{ findings: (CaseFinding | undefined)[]; runs: number; phis?: PhiTally[] }> {
  const findings: (CaseFinding | undefined)[] = new Array(cases.length).fill(undefined);
  // the phi counts of the whole batch's run (the first): bisection runs the same cases again
  let phis: PhiTally[] | undefined;
  const failedAlone = new Uint8Array(cases.length);
  let runs = 0;
  type Item = { run: true; lo: number; hi: number } | { run: false; lo: number; hi: number; finding: CaseFinding };
  const stack: Item[] = [{ run: true, lo: 0, hi: cases.length }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const { lo, hi } = item;
    if (!item.run) {
      // after both halves: if neither failed, the failure needs cases of both
      let any = false;
      for (let k = lo; k < hi && !any; k++) any = failedAlone[k] === 1;
      if (!any) {
        findings[lo] = item.finding;
        failedAlone[lo] = 1;
      }
      continue;
    }
    const part = cases.slice(lo, hi);
    const printed = target.print(part, variant);
    const run = await runner(variant, printed, part, { keepFiles: false });
    runs++;
    if (runs === 1 && run.kind === "ran") phis = run.phis;
    const whole =
      run.kind === "failed" ? processFinding(target, variant, run.failure) : run.invalid !== undefined ? invalidFinding(target, variant, run.invalid) : unownedRejection(target, variant, printed, run);
    if (whole === undefined || hi - lo === 1) {
      if (run.kind === "ran") judgeBatch(target, variant, printed, run).forEach((f, k) => (findings[lo + k] = f));
      else findings[lo] = whole;
      if (whole !== undefined) failedAlone[lo] = 1;
      continue;
    }
    const mid = (lo + hi) >> 1;
    stack.push({ run: false, lo, hi, finding: whole }, { run: true, lo: mid, hi }, { run: true, lo, hi: mid });
  }
  return { findings, runs, ...(phis !== undefined ? { phis } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Shrinking

/** What shrinking made of a finding. */
export interface Shrunk {
  case: FuzzCase;
  finding: CaseFinding;
  /** Shrinking steps that kept the signature. */
  steps: number;
  /** Producer runs spent. */
  runs: number;
}

/** What bounds shrinking: producer runs, and time. */
export interface ShrinkBudget {
  /**
   * Producer runs at most: what decides how far shrinking goes, whatever the machine's load (a
   * candidate beyond it counts as not failing, so fast-check stops with the smallest so far).
   */
  runs: number;
  /** Time at most (ms), a cap for producers much slower than usual. */
  timeLimitMs: number;
}


/**
 * Candidates per producer run while shrinking: a shrink stream's first failing candidate is
 * usually among its first few, and a run's cost grows with its cases, so a handful per run, not
 * a whole batch (the LLVM target's broken-producer tests: 34 s one candidate per run, 17 s with
 * 16, under a load of 4).
 */
export const SHRINK_BATCH = 16;
/** The same for a producer that runs in this process (the React Compiler), where a case costs about as much as a run. */
export const SHRINK_BATCH_IN_PROCESS = 4;

/**
 * Shrinks case `seed`'s finding to a smaller case with the same signature, within `budget`:
 * fast-check's shrinking (fuzz/shrink.ts, `shrinkInBatches`: the first candidate that still
 * fails alike, then its own candidates), the candidates run `batch` to a producer run, each
 * judged alone as in a campaign's batch (bisected where the run fails as a whole). fast-check
 * proposes many candidates that print as the same program (a shrunk style or variable the
 * printer does not show): each printed program runs once. Once the runs or the time are spent,
 * no candidate counts as failing, and the smallest case so far is the result; a run the time
 * limit falls in is finished (its processes and directory end with it) but its answer does not
 * count. Undefined when no smaller case fails alike.
 */
export async function shrinkFinding(
  target: FuzzTarget,
  variant: string,
  arb: fc.Arbitrary<FuzzCase>,
  seed: number,
  signature: string,
  runner: BatchRunner,
  budget: ShrinkBudget,
  batch = SHRINK_BATCH,
): Promise<Shrunk | undefined> {
  const started = performance.now();
  const timeUp = () => performance.now() - started >= budget.timeLimitMs;
  let runs = 0;
  let best: { case: FuzzCase; finding: CaseFinding } | undefined;
  const seen = new Map<string, CaseFinding | undefined>();
  const keyOf = (c: FuzzCase) => JSON.stringify(target.print([c], variant).files);
  const firstFailing = async (candidates: readonly FuzzCase[]): Promise<number> => {
    if (runs >= budget.runs || timeUp()) return -1;
    const keys = candidates.map(keyOf);
    const fresh: FuzzCase[] = [];
    const freshKeys: string[] = [];
    keys.forEach((k, i) => {
      if (!seen.has(k) && !freshKeys.includes(k)) {
        fresh.push(candidates[i]);
        freshKeys.push(k);
      }
    });
    if (fresh.length > 0) {
      const { findings, runs: r } = await batchFindings(target, variant, fresh, runner);
      runs += r;
      // a run the time limit fell in answers too late to count
      if (timeUp()) return -1;
      freshKeys.forEach((k, i) => seen.set(k, findings[i]));
    }
    const j = keys.findIndex((k) => seen.get(k)?.signature === signature);
    if (j >= 0) best = { case: candidates[j], finding: seen.get(keys[j])! };
    return j;
  };
  const shrunk = await shrinkInBatches(arb, generateWithContext(arb, seed), firstFailing, { batch });
  if (best === undefined) return undefined;
  return { case: best.case, finding: best.finding, steps: shrunk.steps, runs };
}

// ---------------------------------------------------------------------------------------------
// Campaigns

/** A finding of a campaign: its signature, the shrunk case, and how often it was hit. */
export interface CampaignFinding {
  signature: string;
  description: string;
  kind: CaseFinding["kind"];
  target: string;
  variant: string;
  /** The campaign's seed and the case's index (`caseSeed(seed, index)` regenerates it). */
  seed: number;
  index: number;
  /** The shrunk case, or the case as found when shrinking did not reproduce it. */
  case: FuzzCase;
  shrinkSteps: number;
  hits: number;
}

export interface CampaignOptions {
  target: FuzzTarget;
  /** Which variants to cycle through (default all of the target's). */
  variants?: readonly string[];
  seed: number;
  maxBlocks: number;
  /** Cases per producer run. */
  batchSize: number;
  /** Stop after this many cases (of this shard), or ... */
  runs?: number;
  /** ... after this long (ms), whichever comes first. */
  timeLimitMs?: number;
  /** Asked before each batch: true ends the campaign there, with what it has (an interrupt). */
  stopRequested?: () => boolean;
  shard?: { index: number; count: number };
  /** Time to shrink one new finding (ms). */
  shrinkTimeMs: number;
  /** Producer runs to shrink one new finding (default `DEFAULT_SHRINK_RUNS`). */
  shrinkRuns?: number;
  runner: BatchRunner;
  /**
   * Signatures already known (a baseline, `--known FILE`): a finding with one of these is
   * counted (`CampaignResult.known`) and nothing more: not shrunk, not reported as new.
   */
  known?: ReadonlySet<string>;
  /** Called with each new finding (signature not seen before in this campaign, nor known), shrunk. */
  onFinding?: (f: CampaignFinding) => void | Promise<void>;
  /** Called after each batch. */
  onProgress?: (p: { cases: number; findings: number; elapsedMs: number }) => void;
}

/** A known finding as a campaign met it. */
export interface KnownHit {
  signature: string;
  description: string;
  hits: number;
}

export interface CampaignResult {
  target: string;
  cases: number;
  /** Producer runs (batches, bisection and shrinking included). */
  runs: number;
  elapsedMs: number;
  /** The new findings: signatures the baseline does not list. */
  findings: CampaignFinding[];
  /** The known findings hit (signatures the baseline lists), with their hits and a description of one. */
  known: KnownHit[];
  /** Case indices run, lowest and highest (for the summary and for merging shards). */
  firstIndex: number;
  lastIndex: number;
  /**
   * Timeouts not confirmed: the case a batch's timeout was bisected to finished in time when run
   * alone, so the batch was slow (the machine's load), and no finding was made of it.
   */
  slowBatches: number;
  /** The phis each oracle placed on the cases' functions, against the minimum (targets with a second oracle; batches that ran whole). */
  phis?: PhiTally[];
}

/**
 * A campaign on one target: batches of consecutive case indices of this shard, cycling the
 * variants batch by batch, until `runs` cases, `timeLimitMs` or `stopRequested`. A signature seen for the first
 * time is shrunk and reported (`onFinding`); later hits only count.
 *
 * With a runner whose runs may overlap (`BatchRunner.overlapping`: processes), the next batches
 * are started before this one is judged, up to that many under way: their producers run on the
 * other cores while this process validates, instead of the two taking turns. Batches are still
 * judged, counted and reported in order, and each batch is what it would be without the overlap
 * (its cases come from their indices), so the findings are the same; a batch once started is
 * always finished and counted.
 */
export async function runCampaign(o: CampaignOptions): Promise<CampaignResult> {
  const start = performance.now();
  const variants = o.variants ?? o.target.variants;
  const arb = caseArbitrary(o.target, o.maxBlocks);
  const shard = o.shard ?? { index: 1, count: 1 };
  const bySignature = new Map<string, CampaignFinding>();
  const knownHits = new Map<string, KnownHit>();
  let cases = 0;
  /** Cases of the batches started (with an overlap, one batch ahead of `cases`). */
  let started = 0;
  let runs = 0;
  let index = 0;
  let batch = 0;
  let first = -1;
  let last = -1;
  let phis: PhiTally[] | undefined;
  let slowBatches = 0;
  const timeUp = () => o.timeLimitMs !== undefined && performance.now() - start >= o.timeLimitMs;
  const enough = () => (o.runs !== undefined && started >= o.runs) || timeUp() || o.stopRequested?.() === true;
  interface Started {
    indices: number[];
    variant: string;
    cases: FuzzCase[];
    result: Promise<{ findings: (CaseFinding | undefined)[]; runs: number; phis?: PhiTally[] }>;
  }
  /** The next batch, started; undefined when the campaign has enough. */
  const startBatch = (): Started | undefined => {
    if (enough()) return undefined;
    const want = o.runs === undefined ? o.batchSize : Math.min(o.batchSize, o.runs - started);
    const indices: number[] = [];
    while (indices.length < want) {
      if (inShard(index, shard)) indices.push(index);
      index++;
    }
    started += indices.length;
    const variant = variants[batch++ % variants.length];
    const batchCases = indices.map((i) => generateCase(arb, caseSeed(o.seed, i)));
    const result = batchFindings(o.target, variant, batchCases, o.runner);
    // awaited in its turn; until then a failure must not count as unhandled
    result.catch(() => undefined);
    return { indices, variant, cases: batchCases, result };
  };
  // batches started and not yet judged, besides the one being judged
  const ahead: Started[] = [];
  const depth = Math.max(1, Math.floor(o.runner.overlapping ?? 1)) - 1;
  try {
    for (;;) {
      const current = ahead.shift() ?? startBatch();
      if (current === undefined) break;
      while (ahead.length < depth) {
        const next = startBatch();
        if (next === undefined) break;
        ahead.push(next);
      }
      const { indices, variant, cases: batchCases } = current;
      const { findings, runs: r, phis: batchPhis } = await current.result;
      if (batchPhis !== undefined) phis = addPhiTallies(phis ?? [], batchPhis);
      runs += r;
      cases += indices.length;
      if (first < 0) first = indices[0];
      last = indices[indices.length - 1];
      for (let k = 0; k < findings.length; k++) {
        const f = findings[k];
        if (f === undefined) continue;
        if (o.known?.has(f.signature) === true) {
          const hit = knownHits.get(f.signature);
          if (hit === undefined) knownHits.set(f.signature, { signature: f.signature, description: f.description, hits: 1 });
          else hit.hits++;
          continue;
        }
        // a hang is a property of one case: a batch that ran past its time while its case alone
        // finishes in time was slow (the machine's load), not a finding
        if (f.kind === "timeout") {
          const alone = await batchFindings(o.target, variant, [batchCases[k]], o.runner);
          runs += alone.runs;
          if (alone.findings[0]?.signature !== f.signature) {
            slowBatches++;
            continue;
          }
        }
        const seen = bySignature.get(f.signature);
        if (seen !== undefined) {
          seen.hits++;
          continue;
        }
        const seed = caseSeed(o.seed, indices[k]);
        const perRun = o.target.runner.kind === "in-process" ? SHRINK_BATCH_IN_PROCESS : SHRINK_BATCH;
        const shrunk = await shrinkFinding(o.target, variant, arb, seed, f.signature, o.runner, { runs: o.shrinkRuns ?? DEFAULT_SHRINK_RUNS, timeLimitMs: o.shrinkTimeMs }, perRun);
        runs += shrunk?.runs ?? 0;
        const found: CampaignFinding = {
          signature: f.signature,
          description: (shrunk?.finding ?? f).description,
          kind: f.kind,
          target: o.target.name,
          variant,
          seed: o.seed,
          index: indices[k],
          case: shrunk?.case ?? batchCases[k],
          shrinkSteps: shrunk?.steps ?? 0,
          hits: 1,
        };
        bySignature.set(f.signature, found);
        await o.onFinding?.(found);
      }
      o.onProgress?.({ cases, findings: bySignature.size, elapsedMs: performance.now() - start });
      // a turn of the event loop between batches (the producers may run synchronously): signals,
      // timers and the caller's stop request get their chance
      if (o.stopRequested !== undefined) await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } finally {
    // a batch started ahead ends before the campaign does, its processes and directory with it,
    // even when judging one failed
    await Promise.allSettled(ahead.map((a) => a.result));
  }
  const known = [...knownHits.values()].sort((a, b) => b.hits - a.hits || (a.signature < b.signature ? -1 : 1));
  return { target: o.target.name, cases, runs, elapsedMs: performance.now() - start, findings: [...bySignature.values()], known, firstIndex: first, lastIndex: last, slowBatches, ...(phis !== undefined ? { phis } : {}) };
}
