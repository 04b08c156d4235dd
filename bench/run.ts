/**
 * `npm run bench`: the benchmark suite, measured on this machine and written to bench/results.md
 * (`npm run bench -- --quick`: smaller sizes, report on stdout, results.md untouched). Nothing
 * here is asserted in the tests; the tests assert correctness only. Progress goes to stderr.
 *
 * Series:
 * 1. the paper's n-ifs family (CC 2016, Section 7), every construction of bench/algorithms.ts,
 *    timed on the already lowered model;
 * 2. peeling on the ladder, the worst case of Wagner's thesis (Appendix A.3);
 * 3. random CFGs, every construction, then full validation (`checkTransformed`); and on the
 *    irreducible CFGs of the fuzz arbitraries, the share of braun+trivial's phis that braun+peel
 *    removes (bench/reproductions.ts);
 * 4. n-ifs side by side with LLVM's `opt -passes=mem2reg` (bench/llvm.ts), whole process
 *    against whole process and pass against pass;
 * 5. real C programs, SQLite and tree-sitter (bench/real_c.ts, fetched and compiled by
 *    scripts/fetch-real-c.sh and scripts/fetch-tree-sitter.sh into tmp/real-c/): `validate` and
 *    `construct` against `opt -passes=mem2reg`, whole process against whole process, the
 *    parser alone as validate's floor, and the verdicts; full runs only;
 * 6. the React Compiler on real JavaScript, lodash-es, preact and react-bootstrap (bench/react.ts, fetched by
 *    scripts/fetch-react-corpus.sh into tmp/real-js/): a Babel build with the compiler alone
 *    against the same build with the validating logger, whole process against whole process,
 *    and the verdicts with the phi counts;
 * 7. SPIR-V: spirv-opt --ssa-rewrite on real shaders (bench/spirv.ts, gl-transitions and lygia
 *    compiled by scripts/fetch-spirv-corpus.sh into tmp/spirv-corpus/): the verdicts with the phi
 *    counts, and validating the whole corpus in one process against the pass's processes;
 * 8. exchange-format documents at scale (bench/scale.ts): n-ifs from 10^5 to 10^6 ifs, construct
 *    and validate as whole processes beside a JSON.parse floor, with peak memory, and a module of
 *    10^7 blocks validated with the default heap;
 * 9. GCC's SSA construction on SQLite and tree-sitter (bench/gcc.ts): `validate` on GCC's dumps
 *    against gcc writing them, whole process against whole process, and the verdicts; full runs
 *    only;
 * 10. the tracing hook (bench/trace.ts): braun and functional+trivial on n-ifs, untraced against
 *    a no-op tracer;
 * 11. Hermes's SimpleMem2Reg on real JavaScript (bench/hermes.ts, the bundles of
 *    scripts/fetch-hermes-corpus.sh in tmp/hermes-corpus/): `validate` on hermesc's dumps against
 *    hermesc writing them and against the build's `hermesc -O`, whole processes, and the
 *    verdicts; full runs only.
 *
 * Then, each with its own report: fuzzing throughput (bench/fuzz_throughput.ts,
 * bench/fuzz_targets.ts) and certificates (bench/certificates.ts: recheck against validate;
 * bench/certificate_soundness.ts: the completeness and soundness property at scale).
 *
 * Besides the report, the figures docs/reproductions.md compares with the published ones go to
 * bench/results.json (next to the report: FILE.json for `--out FILE.md`; none for stdout), which
 * `npm run reproductions` (scripts/reproductions.mjs) reads.
 *
 * Options: `--quick` (small sizes), `--out FILE` (where the report goes; `-` for stdout).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkTransformed, QUALITY } from "../checks/index.js";
import { no_redundant_set, no_trivial_phis, pruned } from "../checks/quality.js";
import { peel } from "../impl/peel.js";
import type { FunctionDoc } from "../io/format.js";
import { lowerCfg } from "../io/lower.js";
import type { Cfg } from "../spec/model.js";
import { Transformed } from "../spec/model.js";
import { BENCH_ALGORITHMS, type BenchAlgorithm, type Built } from "./algorithms.js";
import { ladder, nIfs, randomCfg } from "./families.js";
import { countPhis, parseTimePasses, timeProcess, writeIfsJson, writeIfsLl } from "./llvm.js";
import { reactSeries } from "./react.js";
import { spirvSeries } from "./spirv.js";
import { scaleSeries } from "./scale.js";
import { realC } from "./real_c.js";
import { gccSeries } from "./gcc.js";
import { hermesSeries } from "./hermes.js";
import { traceSeries } from "./trace.js";
import { num, redundantPhiShare, type RedundantShare, type ResultsJson } from "./reproductions.js";
import { collect, fitExponent, fmtExp, fmtInt, gcExposed, lastSlope, machine, loadMax, median, ms, optVersion, progress, repeat } from "./measure.js";

// ---------------------------------------------------------------------------------------------
// command line

const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const outIdx = argv.indexOf("--out");
const unknown = argv.filter((a, i) => a !== "--quick" && a !== "--out" && !(outIdx >= 0 && i === outIdx + 1));
if (unknown.length > 0 || (outIdx >= 0 && argv[outIdx + 1] === undefined)) {
  process.stderr.write(`usage: npm run bench -- [--quick] [--out FILE|-]${unknown.length ? `\nunknown: ${unknown.join(" ")}` : ""}\n`);
  process.exit(2);
}
const resultsPath = fileURLToPath(new URL("../../bench/results.md", import.meta.url));
const outPath = outIdx >= 0 ? argv[outIdx + 1] : quick ? "-" : resultsPath;
const viaNpm = process.env.npm_lifecycle_event === "bench";
const command = viaNpm ? `npm run bench${argv.length ? ` -- ${argv.join(" ")}` : ""}` : `node ${process.execArgv.join(" ")} dist/bench/run.js ${argv.join(" ")}`.replace(/\s+/g, " ").trim();

const SIZES = quick
  ? { ifs: [100, 1_000, 10_000], ladder: [125, 250, 500, 1000], random: [1_000, 10_000], llvm: [1_000, 10_000] }
  : { ifs: [100, 1_000, 10_000, 100_000, 1_000_000], ladder: [250, 500, 1000, 2000], random: [1_000, 10_000, 100_000], llvm: [1_000, 10_000, 100_000, 1_000_000] };
/** Counted runs per median at least; short runs are repeated while they sum to less than REP_BUDGET_MS, up to MAX_REPS. */
const MIN_REPS = 3;
const REP_BUDGET_MS = 500;
const MAX_REPS = 25;
/** Whole-process runs per size (LLVM series). */
const PROCESS_REPS = 3;
/** A single process run longer than this is killed. */
const PROCESS_TIMEOUT_MS = 180_000;
/** Sizes whose opt run is predicted (linearly from the previous size) to take longer are skipped. */
const OPT_LIMIT_MS = 60_000;

const t0 = performance.now();
const loadStart = os.loadavg()[0];
const out: string[] = [];
const say = (...ls: string[]) => out.push(...ls);

if (!gcExposed) progress("note: run with node --expose-gc (npm run bench does) for a full collection before every measurement");

// ---------------------------------------------------------------------------------------------
// shared pieces

/**
 * Makes a document, lowers it and keeps only the model: neither the document nor the lowering's
 * maps stay reachable, so they are collected and later collections do not trace them (holding the
 * 3*10^6 block objects of nIfs(10^6) alive made constructions on it 1.3 to 3 times slower).
 */
function lowerOnly(make: () => FunctionDoc): { cfg: Cfg; blocks: number; ms: number } {
  let doc: FunctionDoc | undefined = make();
  const blocks = doc.blocks.length;
  const a = performance.now();
  const cfg = lowerCfg(doc, "bench", doc.name ?? "bench").cfg;
  void cfg.graph.succs; // successor rows are computed once and cached: part of lowering, not of any algorithm
  const ms = performance.now() - a;
  doc = undefined;
  collect();
  return { cfg, blocks, ms };
}

interface AlgoTimes {
  construct: number;
  minimize: number;
  total: number;
  reps: number;
  phis: number;
}

/**
 * Median construct, minimize and total (construct + minimize, per run) of `alg` on `cfg`: a full
 * collection, one run that is not counted (the first run on a new input shape pays for the
 * optimising compiler's second thoughts), then at least MIN_REPS counted runs. Also the last result.
 */
function timeAlgorithm(alg: BenchAlgorithm, cfg: Cfg): AlgoTimes & { built: Built } {
  const c: number[] = [];
  const m: number[] = [];
  collect();
  let built = alg.build(cfg);
  const t = repeat(
    () => {
      built = alg.build(cfg);
      c.push(built.ms.construct);
      m.push(built.ms.minimize);
      return built.ms.construct + built.ms.minimize;
    },
    MIN_REPS,
    REP_BUDGET_MS,
    MAX_REPS,
  );
  const reps = t.length;
  return { construct: median(c), minimize: median(m), total: median(t), reps, phis: built.ssa.phiCount, built };
}

/**
 * Until V8's optimising compiler has settled, a run of the same code on the same input can be ten
 * times slower than later ones (measured: braun on 10^3 ifs, 15 ms for the first runs, 1 ms from
 * the eighth on). So every algorithm, the validator and peeling first run for a while on small
 * inputs of every family.
 */
function warmUp(): void {
  progress("warm-up: lowering, every algorithm, the validator and peeling on small inputs");
  for (const make of [() => nIfs(2000), () => randomCfg(2000, 7)]) {
    for (let r = 0; r < 5; r++) lowerOnly(make);
    const { cfg } = lowerOnly(make);
    for (const alg of BENCH_ALGORITHMS) {
      let b = alg.build(cfg);
      for (let r = 0, until = performance.now() + 400; r < 40 && performance.now() < until; r++) b = alg.build(cfg);
      const t = new Transformed(cfg, b.ssa, b.construction.transformed.varOf);
      for (let r = 0, until = performance.now() + 300; r < 20 && performance.now() < until; r++) checkTransformed(t);
    }
  }
  const lad = ladder(150);
  for (let r = 0, until = performance.now() + 300; r < 30 && performance.now() < until; r++) {
    peel(lad);
    no_redundant_set(lad);
  }
}

// ---------------------------------------------------------------------------------------------
// series 1: n-ifs

interface IfsRow {
  n: number;
  blocks: number;
  nodes: number;
  lower: number;
  algs: Map<string, AlgoTimes>;
}

function seriesIfs(): IfsRow[] {
  const rows: IfsRow[] = [];
  for (const n of SIZES.ifs) {
    collect();
    const { cfg, blocks, ms: lower } = lowerOnly(() => nIfs(n));
    progress(`n-ifs ${fmtInt(n)}: ${blocks} blocks, ${cfg.nodeCount} nodes, lowered in ${ms(lower)} ms`);
    const algs = new Map<string, AlgoTimes>();
    for (const alg of BENCH_ALGORITHMS) {
      const { built: _, ...a } = timeAlgorithm(alg, cfg);
      algs.set(alg.name, a);
      progress(`  ${alg.name}: ${ms(a.total)} ms (construct ${ms(a.construct)}, minimize ${ms(a.minimize)}; median of ${a.reps}), ${a.phis} phis left`);
    }
    rows.push({ n, blocks, nodes: cfg.nodeCount, lower, algs });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// series 2: ladder

interface LadderRow {
  steps: number;
  phisBefore: number;
  phisAfter: number;
  peel: number;
  reps: number;
  check: number;
  noRedundant: boolean;
  noTrivial: boolean;
  pruned: boolean;
}

function seriesLadder(): LadderRow[] {
  const rows: LadderRow[] = [];
  for (const steps of SIZES.ladder) {
    const ssa = ladder(steps);
    let after = -1;
    collect();
    peel(ssa); // not counted, as in timeAlgorithm
    const times = repeat(
      () => {
        const a = performance.now();
        after = peel(ssa).phiCount;
        return performance.now() - a;
      },
      MIN_REPS,
      REP_BUDGET_MS,
      MAX_REPS,
    );
    const reps = times.length;
    let nr = no_redundant_set(ssa); // not counted
    const check = median(
      repeat(
        () => {
          const a = performance.now();
          nr = no_redundant_set(ssa);
          return performance.now() - a;
        },
        MIN_REPS,
        REP_BUDGET_MS,
        MAX_REPS,
      ),
    );
    const row: LadderRow = {
      steps,
      phisBefore: ssa.phiCount,
      phisAfter: after,
      peel: median(times),
      reps,
      check,
      noRedundant: nr.holds,
      noTrivial: no_trivial_phis(ssa).holds,
      pruned: pruned(ssa).holds,
    };
    rows.push(row);
    progress(`ladder ${steps}: peel ${ms(row.peel)} ms (median of ${reps}), ${row.phisBefore} -> ${row.phisAfter} phis; no_redundant_set ${nr.holds ? "holds" : "FAILS"} (${ms(check)} ms)`);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// series 3: random CFGs with validation

interface RandomAlgoRow extends AlgoTimes {
  validate: number;
  validateReps: number;
  certified: boolean;
  failed: string[];
  quality: string[];
}

interface RandomRow {
  n: number;
  blocks: number;
  nodes: number;
  lower: number;
  algs: Map<string, RandomAlgoRow>;
}

function seriesRandom(): RandomRow[] {
  const rows: RandomRow[] = [];
  const quality = new Set<string>(QUALITY);
  for (const n of SIZES.random) {
    collect();
    const { cfg, blocks, ms: lower } = lowerOnly(() => randomCfg(n, 42));
    progress(`random ${fmtInt(n)}: ${cfg.nodeCount} nodes, lowered in ${ms(lower)} ms`);
    const algs = new Map<string, RandomAlgoRow>();
    for (const alg of BENCH_ALGORITHMS) {
      const { built, ...a } = timeAlgorithm(alg, cfg);
      const t = new Transformed(cfg, built.ssa, built.construction.transformed.varOf);
      let verdicts = checkTransformed(t); // not counted; its verdicts are the ones reported
      const v = repeat(
        () => {
          const s = performance.now();
          verdicts = checkTransformed(t);
          return performance.now() - s;
        },
        MIN_REPS,
        REP_BUDGET_MS,
        MAX_REPS,
      );
      const reps = v.length;
      const failed = verdicts.filter((x) => !x.holds && !quality.has(x.property)).map((x) => x.property);
      const row: RandomAlgoRow = {
        ...a,
        validate: median(v),
        validateReps: reps,
        certified: failed.length === 0,
        failed,
        quality: verdicts.filter((x) => quality.has(x.property) && x.holds).map((x) => x.property),
      };
      algs.set(alg.name, row);
      progress(`  ${alg.name}: build ${ms(a.total)} ms, ${a.phis} phis, validate ${ms(row.validate)} ms: ${row.certified ? "certified" : `NOT certified (${failed.join(", ")})`}`);
    }
    rows.push({ n, blocks, nodes: cfg.nodeCount, lower, algs });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// series 4: LLVM

interface LlvmRow {
  n: number;
  llMB: number;
  jsonMB: number;
  opt: number;
  optRuns: number[];
  node: number;
  nodeRuns: number[];
  timedReps: number;
  /** mem2reg with the analyses it requests (dominator tree, assumption cache). */
  mem2reg: number;
  /** The dominator tree alone. */
  domTree: number;
  /** mem2reg without the analyses it requests: the promotion proper. */
  promotion: number;
  /** Whether opt's report nests analysis time inside the requesting pass's row (LLVM 14 does). */
  inclusive: boolean;
  parse: number;
  verifier: number;
  passIsolated: boolean;
}

interface LlvmResult {
  opt?: string;
  version?: string;
  skipped?: string;
  smallCheck?: string;
  rows: LlvmRow[];
  notes: string[];
}

/** Finds opt: $FORMAL_SSA_OPT, then `opt` on PATH, then Debian's versioned names. */
function findOpt(): { opt: string; version: string } | undefined {
  const names = [process.env.FORMAL_SSA_OPT, "opt", ...Array.from({ length: 8 }, (_, i) => `opt-${21 - i}`)].filter((x): x is string => !!x);
  for (const name of names) {
    const v = optVersion(name);
    if (v !== undefined) return { opt: name, version: v };
  }
  return undefined;
}

function seriesLlvm(): LlvmResult {
  const found = findOpt();
  if (!found) {
    const msg = "LLVM's `opt` was not found (tried $FORMAL_SSA_OPT, opt, opt-21 .. opt-14): the LLVM comparison is skipped.";
    progress(`note: ${msg}`);
    return { skipped: msg, rows: [], notes: [] };
  }
  const { opt, version } = found;
  const major = Number(/^(\d+)/.exec(version)?.[1] ?? "0");
  const typed = major > 0 && major < 15;
  progress(`LLVM: ${opt}, version ${version}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "formal-ssa-bench-"));
  const mainJs = fileURLToPath(new URL("../cli/main.js", import.meta.url));
  const res: LlvmResult = { opt, version, rows: [], notes: [] };
  try {
    // once: does opt accept our IR, and what does mem2reg leave?
    {
      const small = 10;
      const ll = path.join(dir, `ifs${small}.ll`);
      writeIfsLl(ll, small, typed);
      const r = timeProcess(opt, ["-passes=mem2reg", "-S", ll], PROCESS_TIMEOUT_MS);
      if (!r.ok) {
        const msg = `\`${opt} -passes=mem2reg\` failed on the n-ifs IR (${r.failure}): the LLVM comparison is skipped.`;
        progress(`note: ${msg}`);
        return { ...res, skipped: msg };
      }
      const phis = countPhis(r.stdout);
      const allocas = (r.stdout.match(/\balloca\b/g) ?? []).length;
      const loads = (r.stdout.match(/\bload\b/g) ?? []).length;
      res.smallCheck = `\`${opt} -passes=mem2reg -S\` on ifs${small}: ${phis} phis, ${allocas} allocas and ${loads} loads left (expected 0, 0, 0: argc has one store, which dominates every load, so mem2reg forwards it and needs no phi)`;
      progress(`check: ${res.smallCheck}`);
    }
    let prevOpt: { n: number; ms: number } | undefined;
    for (const n of SIZES.llvm) {
      if (prevOpt && (prevOpt.ms * n) / prevOpt.n > OPT_LIMIT_MS) {
        res.notes.push(`n = ${fmtInt(n)} and larger skipped: opt took ${ms(prevOpt.ms)} ms at n = ${fmtInt(prevOpt.n)}, so about ${((prevOpt.ms * n) / prevOpt.n / 1000).toFixed(0)} s predicted (limit ${OPT_LIMIT_MS / 1000} s).`);
        progress(`llvm ${fmtInt(n)}: skipped (opt predicted over ${OPT_LIMIT_MS / 1000} s)`);
        break;
      }
      const ll = path.join(dir, `ifs${n}.ll`);
      const json = path.join(dir, `ifs${n}.json`);
      writeIfsLl(ll, n, typed);
      writeIfsJson(json, n);
      const llMB = statSync(ll).size / 2 ** 20;
      const jsonMB = statSync(json).size / 2 ** 20;
      progress(`llvm ${fmtInt(n)}: wrote ${llMB.toFixed(1)} MB of IR and ${jsonMB.toFixed(1)} MB of JSON`);
      const optRuns: number[] = [];
      const nodeRuns: number[] = [];
      let failed = "";
      // alternate the two, so that a slow phase of the machine hits both
      for (let r = 0; r < PROCESS_REPS && !failed; r++) {
        const o = timeProcess(opt, ["-passes=mem2reg", ll, "-disable-output"], PROCESS_TIMEOUT_MS);
        if (!o.ok) failed = `opt: ${o.failure}`;
        else optRuns.push(o.wallMs);
        const j = timeProcess(process.execPath, [mainJs, "construct", json, "--algorithm", "braun", "-o", "/dev/null"], PROCESS_TIMEOUT_MS);
        if (!j.ok) failed ||= `formal-ssa: ${j.failure}`;
        else nodeRuns.push(j.wallMs);
        progress(`  run ${r + 1}: opt ${ms(o.wallMs)} ms, formal-ssa construct ${ms(j.wallMs)} ms`);
      }
      if (failed) {
        res.notes.push(`n = ${fmtInt(n)}: ${failed}; larger sizes skipped.`);
        progress(`llvm ${fmtInt(n)}: ${failed}`);
        break;
      }
      // pass against pass: opt's own report, from separate runs with -time-passes
      const optMed = median(optRuns);
      const timedReps = optMed > 10_000 ? 1 : PROCESS_REPS;
      const reports: Map<string, number>[] = [];
      const parses: number[] = [];
      for (let r = 0; r < timedReps; r++) {
        const o = timeProcess(opt, ["-passes=mem2reg", ll, "-disable-output", "-time-passes"], PROCESS_TIMEOUT_MS);
        if (!o.ok) break;
        reports.push(parseTimePasses(o.stderr));
        const p = /([0-9.]+) \(\s*[0-9.]+%\)\s+Parse IR\s*$/m.exec(o.stderr);
        if (p) parses.push(Number(p[1]) * 1000);
      }
      const col = (name: string) => median(reports.map((m) => m.get(name) ?? 0));
      const passIsolated = reports.length > 0 && reports.every((m) => m.has("PromotePass"));
      // Does a pass's row include the analyses it requests? LLVM 14's does (measured: with
      // -passes='function(require<domtree>)' the RequireAnalysisPass row equals the
      // DominatorTreeAnalysis row, and VerifierPass equals VerifierAnalysis, though the pass
      // itself does nothing but request the analysis). Decided per report from the verifier rows.
      const vp = col("VerifierPass");
      const va = col("VerifierAnalysis");
      const inclusive = va > 0 ? vp >= 0.9 * va : col("PromotePass") >= col("DominatorTreeAnalysis");
      const analyses = median(reports.map((m) => [...m].filter(([k]) => k.endsWith("Analysis") && k !== "VerifierAnalysis").reduce((a, [, v]) => a + v, 0)));
      const promote = col("PromotePass");
      const row: LlvmRow = {
        n,
        llMB,
        jsonMB,
        opt: optMed,
        optRuns,
        node: median(nodeRuns),
        nodeRuns,
        timedReps: reports.length,
        mem2reg: passIsolated ? (inclusive ? promote : promote + analyses) : NaN,
        domTree: passIsolated ? col("DominatorTreeAnalysis") : NaN,
        promotion: passIsolated ? (inclusive ? Math.max(0, promote - analyses) : promote) : NaN,
        inclusive,
        parse: parses.length ? median(parses) : NaN,
        verifier: passIsolated ? (inclusive ? Math.max(vp, va) : vp + va) : NaN,
        passIsolated,
      };
      res.rows.push(row);
      progress(`llvm ${fmtInt(n)}: opt ${ms(row.opt)} ms, formal-ssa ${ms(row.node)} ms; mem2reg ${ms(row.mem2reg)} ms, of which dominator tree ${ms(row.domTree)} ms`);
      prevOpt = { n, ms: optMed };
      rmSync(ll, { force: true });
      rmSync(json, { force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return res;
}

// ---------------------------------------------------------------------------------------------
// the report

function reportHeader(opt: LlvmResult, seconds: number, date: string): void {
  say("> **Generated by `npm run bench` (bench/run.ts); do not edit.** Run it again to regenerate.");
  say("");
  say("# Benchmark results");
  say("");
  say(`- Command: \`${command}\`${quick ? " (quick: small sizes only)" : ""}, ${seconds.toFixed(0)} s in all`);
  say(`- Date: ${date}`);
  for (const l of machine()) say(`- ${l}`);
  say(`- LLVM: ${opt.opt ? `\`${opt.opt}\`, LLVM ${opt.version}` : "no `opt` found"}`);
  const cores = os.cpus().length;
  const busy = loadMax > cores;
  say(`- Load average (1 min): ${loadStart.toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} at the end, at most ${loadMax.toFixed(2)} during the run (this benchmark alone accounts for about 1)${busy ? `; above the ${cores} cores: other processes competed for the CPU, so these numbers are noisier and slower than on an idle machine` : ""}`);
  say("");
  say("How to read: all times are wall-clock milliseconds. In-process times (series 1 to 3) come from one");
  say("Node process that first warms up lowering, every algorithm, the validator and peeling on small inputs (V8's");
  say("optimising compiler needs a few runs to settle). Per size and algorithm: a full garbage");
  say(`collection${gcExposed ? "" : " (not this time: node ran without --expose-gc)"}, one run that is not counted, then the median of at least ${MIN_REPS} counted runs (short`);
  say(`runs are repeated while they sum to under ${REP_BUDGET_MS} ms, up to ${MAX_REPS} runs; the count is given). The input document is lowered`);
  say("once per size and only the model is kept, so garbage collection does not trace the document. A fitted");
  say("exponent is the least-squares slope of log(time) against log(n) over the sizes shown; the last-decade");
  say("slope is that of the two largest sizes only. Targets are reported, never asserted.");
}

function reportIfs(rows: IfsRow[]): string[] {
  const headline: string[] = [];
  say("");
  say("## 1. The paper's n-ifs family");
  say("");
  say("`nIfs(n)` of bench/families.ts, the scaling test of CC 2016 (Section 7): `n` consecutive `if (argc) {}`,");
  say("argc defined at the entry and used in every condition and at the return, so it is live across all");
  say("joins; every join's phi for argc is trivial and no phi survives. Measured: the construction on the");
  say("already lowered model (`Cfg`), construct plus minimisation, per run; the lowering (reading the");
  say("document into the model, successor rows included) is the `lower` column, measured once. The");
  say("algorithms:");
  say("");
  for (const a of BENCH_ALGORITHMS) say(`- **${a.name}**: ${a.what}`);
  say("");
  say(`| n | blocks | nodes | lower | ${BENCH_ALGORITHMS.map((a) => a.name).join(" | ")} |`);
  say(`| ---: | ---: | ---: | ---: | ${BENCH_ALGORITHMS.map(() => "---:").join(" | ")} |`);
  for (const r of rows) say(`| ${fmtInt(r.n)} | ${r.blocks} | ${r.nodes} | ${ms(r.lower)} | ${BENCH_ALGORITHMS.map((a) => ms(r.algs.get(a.name)!.total)).join(" | ")} |`);
  say("");
  say("Split of each total (construct + minimize, milliseconds), runs per median, phis left:");
  say("");
  say("| n | algorithm | construct | minimize | total | runs | phis left |");
  say("| ---: | --- | ---: | ---: | ---: | ---: | ---: |");
  for (const r of rows)
    for (const a of BENCH_ALGORITHMS) {
      const t = r.algs.get(a.name)!;
      say(`| ${fmtInt(r.n)} | ${a.name} | ${ms(t.construct)} | ${ms(t.minimize)} | ${ms(t.total)} | ${t.reps} | ${t.phis} |`);
    }
  say("");
  const targets: Record<string, { k: number; upTo: number }> = {
    braun: { k: 1.1, upTo: 1_000_000 },
    cytron: { k: 1.1, upTo: 1_000_000 },
    "functional+trivial": { k: 1.3, upTo: 100_000 },
  };
  const maxN = Math.max(...rows.map((r) => r.n));
  say("Fitted exponents of the total time against n:");
  say("");
  say(`| algorithm | all sizes (to ${fmtInt(maxN)}) | to 10^5 | last decade | target |`);
  say("| --- | ---: | ---: | ---: | --- |");
  for (const a of BENCH_ALGORITHMS) {
    const pts = rows.map((r) => [r.n, r.algs.get(a.name)!.total] as const);
    const all = fitExponent(pts);
    const to5 = fitExponent(pts.filter(([n]) => n <= 100_000));
    const tg = targets[a.name];
    let verdict = "-";
    if (tg) {
      const reached = maxN >= tg.upTo;
      const k = tg.upTo === 100_000 ? to5 : all;
      verdict = `<= ${tg.k} up to ${fmtInt(tg.upTo)}: ${!reached ? `not measured this run (sizes to ${fmtInt(maxN)}): ${fmtExp(k)} so far` : k <= tg.k ? `met (${fmtExp(k)})` : `**missed** (${fmtExp(k)})`}`;
      headline.push(`n-ifs, ${a.name}: fitted exponent ${fmtExp(k)} (to ${fmtInt(Math.min(tg.upTo, maxN))}), target <= ${tg.k}: ${!reached ? "not measured" : k <= tg.k ? "met" : "**missed**"}`);
    } else headline.push(`n-ifs, ${a.name}: fitted exponent ${fmtExp(all)} (to ${fmtInt(maxN)}), no target`);
    say(`| ${a.name} | ${fmtExp(all)} | ${fmtExp(to5)} | ${fmtExp(lastSlope(pts))} | ${verdict} |`);
  }
  const lowerPts = rows.map((r) => [r.n, r.lower] as const);
  say(`| (lower) | ${fmtExp(fitExponent(lowerPts))} | ${fmtExp(fitExponent(lowerPts.filter(([n]) => n <= 100_000)))} | ${fmtExp(lastSlope(lowerPts))} | - |`);
  say("");
  say("At the small sizes the times are fractions of a millisecond and fixed costs (allocating the");
  say("per-node arrays, the first calls) weigh more, which pulls the all-sizes slope below 1; the");
  say("last-decade slope shows the large-n behaviour.");
  return headline;
}

function reportLadder(rows: LadderRow[]): string[] {
  say("");
  say("## 2. Peeling on the ladder");
  say("");
  say("`ladder(steps)` of bench/families.ts, the worst case of peeling from Wagner's thesis (Section 4.2,");
  say("Fig. 4.3; the generator of its Appendix A.3) built directly as an SSA CFG: `2*steps + 3` phis, none");
  say("redundant, and each of the `steps` peeling levels re-examines everything left, so Theta(steps^2).");
  say("`peel` = `peel(ssa)` of impl/peel.ts on it (median of the given runs); `no_redundant_set` =");
  say("the checker of checks/quality.ts on the same input (median as for peel), confirming that nothing is");
  say("redundant; `pruned` and `no_trivial_phis` are checked too.");
  say("");
  say("| steps | phis | phis after peel | peel ms | runs | no_redundant_set | its ms | pruned | no_trivial_phis |");
  say("| ---: | ---: | ---: | ---: | ---: | --- | ---: | --- | --- |");
  const hv = (b: boolean) => (b ? "holds" : "**fails**");
  for (const r of rows) say(`| ${r.steps} | ${r.phisBefore} | ${r.phisAfter}${r.phisAfter === r.phisBefore ? "" : " (**expected all**)"} | ${ms(r.peel)} | ${r.reps} | ${hv(r.noRedundant)} | ${ms(r.check)} | ${hv(r.pruned)} | ${hv(r.noTrivial)} |`);
  const pts = rows.map((r) => [r.steps, r.peel] as const);
  const chk = rows.map((r) => [r.steps, r.check] as const);
  say("");
  say(`Fitted exponent against steps: peel ${fmtExp(fitExponent(pts))} (last doubling ${fmtExp(lastSlope(pts))}), no_redundant_set ${fmtExp(fitExponent(chk))}; 2 is the analysis's Theta(steps^2).`);
  const big = rows.find((r) => r.steps === 2000);
  const allKept = rows.every((r) => r.phisAfter === r.phisBefore && r.noRedundant);
  say("");
  const head: string[] = [];
  if (big) {
    say(`Target: 2000 steps under one second: ${big.peel < 1000 ? "met" : "**missed**"} (${ms(big.peel)} ms). Every phi kept and no_redundant_set holding at every size: ${allKept ? "yes" : "**no**"}.`);
    head.push(`ladder 2000 steps: peel ${ms(big.peel)} ms, target < 1000 ms: ${big.peel < 1000 ? "met" : "**missed**"}; all ${big.phisBefore} phis kept, no_redundant_set ${big.noRedundant ? "holds" : "FAILS"}; exponent ${fmtExp(fitExponent(pts))}`);
  } else {
    const last = rows[rows.length - 1];
    say(`Target (2000 steps under one second) not measured in this run; largest: ${last.steps} steps in ${ms(last.peel)} ms. Every phi kept and no_redundant_set holding at every size: ${allKept ? "yes" : "**no**"}.`);
    head.push(`ladder ${last.steps} steps: peel ${ms(last.peel)} ms (2000 not measured); exponent ${fmtExp(fitExponent(pts))}`);
  }
  return head;
}

function reportRandom(rows: RandomRow[], red: RedundantShare): string[] {
  say("");
  say("## 3. Random CFGs, constructed and validated");
  say("");
  say("`randomCfg(n, 42)` of bench/families.ts: a random spanning tree from the entry plus back and cross");
  say("edges on about a third of the blocks (loops, some irreducible), 8 variables. `build` = construct +");
  say("minimize as in series 1; `validate` = `checkTransformed` (checks/index.ts: every validity property,");
  say("`equiv` included, and the four quality properties) on the result, in memory, excluding lowering.");
  say("`certified` = every validity property holds; `quality` = the quality properties that hold.");
  say("");
  say("| n | nodes | algorithm | build ms | runs | phis | validate ms | runs | certified | quality that holds |");
  say("| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- | --- |");
  for (const r of rows)
    for (const a of BENCH_ALGORITHMS) {
      const x = r.algs.get(a.name)!;
      say(`| ${fmtInt(r.n)} | ${r.nodes} | ${a.name} | ${ms(x.total)} | ${x.reps} | ${x.phis} | ${ms(x.validate)} | ${x.validateReps} | ${x.certified ? "yes" : `**no** (${x.failed.join(", ")})`} | ${x.quality.join(", ") || "none"} |`);
    }
  say("");
  say("Fitted exponents against n:");
  say("");
  say("| algorithm | build | validate |");
  say("| --- | ---: | ---: |");
  const head: string[] = [];
  for (const a of BENCH_ALGORITHMS) {
    const b = fitExponent(rows.map((r) => [r.n, r.algs.get(a.name)!.total] as const));
    const v = fitExponent(rows.map((r) => [r.n, r.algs.get(a.name)!.validate] as const));
    say(`| ${a.name} | ${fmtExp(b)} | ${fmtExp(v)} |`);
  }
  say("");
  say("Redundant phis on irreducible CFGs (bench/reproductions.ts; Wagner's thesis, Section 5.1, counts the");
  say("same on real programs): braun+trivial (`--algorithm braun --minimize trivial`) and braun+peel");
  say(`(\`--minimize peel\`, the minimum) on each of ${red.source}.`);
  say("");
  say("| irreducible CFGs | with a redundant phi | phis braun+trivial | phis braun+peel | redundant share | largest share in one CFG |");
  say("| ---: | ---: | ---: | ---: | ---: | ---: |");
  say(`| ${red.irreducible} | ${red.withRedundant} | ${red.braunTrivial} | ${red.braunPeel} | ${(100 * red.share).toFixed(1)}% | ${(100 * red.maxShare).toFixed(0)}% |`);
  const uncert = rows.flatMap((r) => BENCH_ALGORITHMS.filter((a) => !r.algs.get(a.name)!.certified).map((a) => `${a.name} at ${fmtInt(r.n)}`));
  head.push(`random CFGs: ${uncert.length === 0 ? "every result certified" : `**not certified**: ${uncert.join(", ")}`}; validate exponent ${BENCH_ALGORITHMS.map((a) => `${a.name} ${fmtExp(fitExponent(rows.map((r) => [r.n, r.algs.get(a.name)!.validate] as const)))}`).join(", ")}`);
  head.push(`irreducible random CFGs: ${(100 * red.share).toFixed(1)}% of braun+trivial's phis are redundant (${red.braunTrivial - red.braunPeel} of ${red.braunTrivial}, ${red.withRedundant} of ${red.irreducible} CFGs)`);
  return head;
}

function reportLlvm(res: LlvmResult, ifs: IfsRow[]): string[] {
  say("");
  say("## 4. Side by side with LLVM's mem2reg");
  say("");
  if (res.skipped) {
    say(res.skipped);
    return [`LLVM: ${res.skipped}`];
  }
  say("The same n-ifs functions as LLVM IR (bench/llvm.ts): `define i32 @ifsN(i32 %argc)`, argc stored");
  say("into an alloca at the entry, a load + icmp + br in each `if` block, an empty `then` block, a");
  say("`join` block with the same two in-edges as the exchange-format version, a load in the return block:");
  say("what clang -O0 emits for the C program of the paper. Both files are written to a temporary");
  say("directory before anything is timed.");
  say("");
  if (res.smallCheck) say(`Check: ${res.smallCheck}. Our braun leaves ${ifs[0]?.algs.get("braun")?.phis ?? "?"} phis as well (series 1).`);
  say("");
  say("**(a) Whole process against whole process.** `opt` = wall time of");
  say(`\`${res.opt} -passes=mem2reg FILE.ll -disable-output\` (process start to exit: parse the IR, verify it,`);
  say("mem2reg, verify again: opt verifies its input and adds a verifier pass after the pipeline, together");
  say("a large share of its time here, see `verifier` below); `formal-ssa` = wall time of `node dist/cli/main.js");
  say("construct FILE.json --algorithm braun -o /dev/null` (Node start-up, read and parse the JSON, lower,");
  say("construct, name the values, format and write the SSA document; no validation). Median of");
  say(`${PROCESS_REPS} runs each, alternating. Different work around the construction, so this compares tools,`);
  say("not algorithms.");
  say("");
  say("| n | IR MB | JSON MB | opt ms | formal-ssa ms | formal-ssa / opt |");
  say("| ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const r of res.rows) say(`| ${fmtInt(r.n)} | ${r.llMB.toFixed(1)} | ${r.jsonMB.toFixed(1)} | ${ms(r.opt)} | ${ms(r.node)} | ${(r.node / r.opt).toFixed(2)} |`);
  say("");
  const inclusive = res.rows.every((r) => r.inclusive);
  say("**(b) Pass against pass.** From separate runs of the same opt command with `-time-passes` (median");
  say("of the given runs), the wall-time column of its \"Pass execution timing report\" (new pass manager).");
  if (inclusive) {
    say("In this LLVM a pass's row includes the analyses it requests (with `-passes='function(require<domtree>)'`");
    say("the RequireAnalysisPass row equals the DominatorTreeAnalysis row; VerifierPass equals");
    say("VerifierAnalysis). So: `mem2reg` = the `PromotePass` row, mem2reg including the dominator tree");
    say("and assumption cache it requests; `DomTree` = the `DominatorTreeAnalysis` row, the part of it that");
    say("builds the dominator tree (computed for mem2reg alone here); `promotion` = PromotePass minus the");
    say("analyses, the phi placement and renaming proper.");
  } else {
    say("In this LLVM the rows are exclusive (a pass's timer pauses while an analysis it requests runs):");
    say("`mem2reg` = PromotePass + the analyses it requests; `DomTree` = DominatorTreeAnalysis;");
    say("`promotion` = the PromotePass row, the phi placement and renaming proper.");
  }
  say("`parse` (\"Parse IR\") and `verifier` (the output verifier) are for scale. Against them: our");
  say("`buildSsa` for braun (which needs no dominator tree) and cytron (the algorithm mem2reg implements;");
  say("it builds its own dominator tree and frontiers) on the lowered model, the series 1 medians of the");
  say("same n. Ratios are ours / theirs: below 1, ours is faster. opt reports seconds to four decimals,");
  say("so its columns have a resolution of 0.1 ms (the 10^3 row is at that limit).");
  say("");
  const ours = (n: number, a: string) => ifs.find((r) => r.n === n)?.algs.get(a)?.total ?? NaN;
  say("| n | runs | parse | verifier | mem2reg | DomTree | promotion | braun | braun / mem2reg | braun / promotion | cytron | cytron / mem2reg |");
  say("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  const head: string[] = [];
  const ratio = (x: number, y: number) => (Number.isFinite(x) && Number.isFinite(y) && y > 0 ? (x / y).toFixed(2) : "-");
  for (const r of res.rows) {
    const b = ours(r.n, "braun");
    const c = ours(r.n, "cytron");
    say(`| ${fmtInt(r.n)} | ${r.timedReps} | ${ms(r.parse)} | ${ms(r.verifier)} | ${ms(r.mem2reg)} | ${ms(r.domTree)} | ${ms(r.promotion)} | ${ms(b)} | ${ratio(b, r.mem2reg)} | ${ratio(b, r.promotion)} | ${ms(c)} | ${ratio(c, r.mem2reg)} |`);
    head.push(`LLVM n = ${fmtInt(r.n)}: whole process formal-ssa / opt = ${(r.node / r.opt).toFixed(2)} (${ms(r.node)} vs ${ms(r.opt)} ms); pass: braun / mem2reg = ${ratio(b, r.mem2reg)} (${ms(b)} vs ${ms(r.mem2reg)} ms), braun / promotion without the dominator tree = ${ratio(b, r.promotion)}, cytron / mem2reg = ${ratio(c, r.mem2reg)}`);
  }
  if (res.rows.some((r) => !r.passIsolated)) say("\nWhere a cell is `-`, opt's report had no PromotePass row: the pass could not be isolated.");
  if (res.rows.some((r) => Number.isNaN(ours(r.n, "braun")))) say("\nWhere braun is `-`, series 1 did not measure that n.");
  for (const note of res.notes) say("", note);
  say("");
  say("mem2reg has an easy case here: argc has a single store that dominates every load, which LLVM's");
  say("promoteMemoryToRegister handles without placing any phi (rewriteSingleStoreAlloca). Our");
  say("constructions see the general problem: a variable live across n joins.");
  return head;
}

// ---------------------------------------------------------------------------------------------
// results.json: the figures of docs/reproductions.md (scripts/reproductions.mjs reads them)

function resultsJson(
  date: string,
  llvm: LlvmResult,
  ifs: IfsRow[],
  lad: LadderRow[],
  red: RedundantShare,
  real: { skipped: string } | { data: ResultsJson["realC"]["variants"] },
): ResultsJson {
  const ladderPts = lad.map((r) => [r.steps, r.peel] as const);
  return {
    schema: "formal-ssa/bench-results/1",
    date,
    command,
    quick,
    machine: [...machine(), `LLVM: ${llvm.opt ? `${llvm.opt}, LLVM ${llvm.version}` : "no opt found"}`],
    nIfs: {
      sizes: ifs.map((r) => r.n),
      algorithms: BENCH_ALGORITHMS.map((a) => {
        const pts = ifs.map((r) => [r.n, r.algs.get(a.name)!.total] as const);
        return {
          name: a.name,
          ms: pts.map(([, t]) => t),
          phis: ifs.map((r) => r.algs.get(a.name)!.phis),
          exponent: { all: num(fitExponent(pts)), to1e5: num(fitExponent(pts.filter(([n]) => n <= 100_000))), lastDecade: num(lastSlope(pts)) },
        };
      }),
    },
    ladder: {
      rows: lad.map((r) => ({ steps: r.steps, phis: r.phisBefore, phisAfterPeel: r.phisAfter, peelMs: r.peel, noRedundantSet: r.noRedundant })),
      exponent: num(fitExponent(ladderPts)),
      lastDoubling: num(lastSlope(ladderPts)),
    },
    redundantPhis: red,
    realC: "skipped" in real ? { skipped: real.skipped, variants: [] } : { variants: real.data },
  };
}

// ---------------------------------------------------------------------------------------------

function main(): void {
  progress(`${quick ? "quick run" : "full run"}; report to ${outPath === "-" ? "stdout" : outPath}`);
  warmUp();
  const ifs = seriesIfs();
  const lad = seriesLadder();
  const rnd = seriesRandom();
  progress("redundant phis on irreducible random CFGs: braun+trivial against braun+peel");
  const red = redundantPhiShare({ samples: quick ? 2_000 : 10_000, seed: 2016, maxBlocks: 12 });
  const llvm = seriesLlvm();
  // series 5: a real C program (a full run only: fetching and compiling it takes minutes)
  const real = quick ? { skipped: "not in a quick run (`node dist/bench/real_c.js` runs it alone)" } : realC({ runs: 5, dir: fileURLToPath(new URL("../../tmp/real-c", import.meta.url)), progress });
  // series 6: the React Compiler (quick runs too, with fewer builds)
  const react = reactSeries({ runs: quick ? 2 : 5, progress });
  // series 7: SPIR-V (quick runs too, with fewer runs)
  const spirv = spirvSeries({ runs: quick ? 2 : 5, progress });
  // series 8: exchange-format documents at scale, whole process (quick runs: small sizes, no module)
  const scale = scaleSeries(
    quick ? { sizes: [10_000, 100_000], runs: 1, moduleBlocks: 0, progress } : { sizes: [100_000, 200_000, 400_000, 1_000_000], runs: 3, moduleBlocks: 10_000_000, progress },
  );
  // series 9: GCC on real C (a full run only: a compile of SQLite takes seconds, each of many runs)
  const gcc = quick ? { skipped: "not in a quick run (`node dist/bench/gcc.js` runs it alone)" } : gccSeries({ runs: 5, dir: fileURLToPath(new URL("../../tmp/real-c", import.meta.url)), progress });
  // series 10: the tracing hook
  const trace = traceSeries({ sizes: quick ? [10_000] : [10_000, 100_000], runs: quick ? 5 : 11, progress });
  // series 11: Hermes on real JavaScript (a full run only: the corpus takes minutes per round)
  const hermes = quick ? { skipped: "not in a quick run (`node dist/bench/hermes.js` runs it alone)" } : hermesSeries({ runs: 5, dir: fileURLToPath(new URL("../../tmp/hermes-corpus", import.meta.url)), progress });
  const seconds = (performance.now() - t0) / 1000;
  const date = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  reportHeader(llvm, seconds, date);
  const headAt = out.length;
  const head = [...reportIfs(ifs), ...reportLadder(lad), ...reportRandom(rnd, red), ...reportLlvm(llvm, ifs)];
  say("");
  if ("skipped" in real) {
    say("## 5. Real C programs: mem2reg certified, and timed against opt", "", `Skipped: ${real.skipped}.`);
    head.push(`real C program: skipped (${real.skipped})`);
  } else {
    say(...real.lines);
    head.push(...real.headline);
  }
  say("");
  if ("skipped" in react) {
    say("## 6. The React Compiler: its SSA certified, and what validation adds to a build", "", `Skipped: ${react.skipped}.`);
    head.push(`React Compiler: skipped (${react.skipped})`);
  } else {
    say(...react.lines);
    head.push(...react.headline);
  }
  say("");
  if ("skipped" in spirv) {
    say("## 7. SPIR-V: spirv-opt --ssa-rewrite certified on real shaders, and timed against it", "", `Skipped: ${spirv.skipped}.`);
    head.push(`SPIR-V: skipped (${spirv.skipped})`);
  } else {
    say(...spirv.lines);
    head.push(...spirv.headline);
  }
  say("");
  say(...scale.lines);
  head.push(...scale.headline);
  say("");
  if ("skipped" in gcc) {
    say("## 9. GCC: its SSA construction certified on real C, and timed against GCC writing the dumps", "", `Skipped: ${gcc.skipped}.`);
    head.push(`GCC: skipped (${gcc.skipped})`);
  } else {
    say(...gcc.lines);
    head.push(...gcc.headline);
  }
  say("");
  say(...trace.lines);
  head.push(...trace.headline);
  say("");
  if ("skipped" in hermes) {
    say("## 11. Hermes: its SSA builder certified on real JavaScript, and timed against hermesc", "", `Skipped: ${hermes.skipped}.`);
    head.push(`Hermes: skipped (${hermes.skipped})`);
  } else {
    say(...hermes.lines);
    head.push(...hermes.headline);
  }
  out.splice(headAt, 0, "", "## Headline", "", ...head.map((h) => `- ${h}`));
  const text = out.join("\n") + "\n";
  if (outPath === "-") process.stdout.write(text);
  else {
    writeFileSync(outPath, text);
    const rel = path.relative(process.cwd(), outPath);
    progress(`wrote ${rel && !rel.startsWith("..") ? rel : path.resolve(outPath)}`);
  }
  if (outPath !== "-") {
    const jsonPath = outPath.replace(/(\.md)?$/, ".json");
    writeFileSync(jsonPath, `${JSON.stringify(resultsJson(date, llvm, ifs, lad, red, real), null, 2)}\n`);
    const rel = path.relative(process.cwd(), jsonPath);
    progress(`wrote ${rel && !rel.startsWith("..") ? rel : path.resolve(jsonPath)}`);
  }
  if (quick && outPath === "-") progress("quick run: bench/results.md (from a full run) left as it is");
  progress(`done in ${seconds.toFixed(0)} s`);
  // fuzzing throughput (cases per second with full validation) has its own script and report
  const fuzzArgs = quick ? ["--cases", "300", "--no-write"] : [];
  progress(`fuzz throughput: bench/fuzz_throughput.ts ${fuzzArgs.join(" ")}`);
  spawnSync(process.execPath, [fileURLToPath(new URL("./fuzz_throughput.js", import.meta.url)), ...fuzzArgs], { stdio: "inherit" });
  // every producer's fuzz target, batched, against LLVM one process per case
  const targetArgs = quick ? ["--seconds", "5", "--no-write"] : [];
  progress(`fuzz targets: bench/fuzz_targets.ts ${targetArgs.join(" ")}`);
  spawnSync(process.execPath, [fileURLToPath(new URL("./fuzz_targets.js", import.meta.url)), ...targetArgs], { stdio: "inherit" });
  // certificates: recheck against validate (whole processes on n-ifs, every real corpus at hand),
  // and the completeness and soundness property at the scale of 10^5 cases
  const certArgs = quick ? ["--sizes", "10000,20000", "--runs", "1", "--no-write"] : [];
  progress(`certificates: bench/certificates.ts ${certArgs.join(" ")}`);
  spawnSync(process.execPath, ["--max-old-space-size=6144", fileURLToPath(new URL("./certificates.js", import.meta.url)), ...certArgs], { stdio: "inherit" });
  const soundArgs = quick ? ["--runs", "300", "--no-write"] : [];
  progress(`certificates, soundness: bench/certificate_soundness.ts ${soundArgs.join(" ")}`);
  spawnSync(process.execPath, [fileURLToPath(new URL("./certificate_soundness.js", import.meta.url)), ...soundArgs], { stdio: "inherit" });
}

main();
