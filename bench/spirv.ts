/**
 * SPIRV-Tools' `spirv-opt --ssa-rewrite` certified on real shaders, and validation timed against
 * the pass: section 7 of bench/results.md (`npm run bench` calls `spirvSeries`), or alone:
 *
 *   npm run build && node dist/bench/spirv.js [--runs N]
 *
 * The corpus: scripts/fetch-spirv-corpus.sh (gl-transitions and lygia, compiled by glslang, each
 * module through two pipelines: `--ssa-rewrite`, and `--inline-entry-points-exhaustive` then
 * `--ssa-rewrite`) into tmp/spirv-corpus/, fetched when missing. Side by side, whole process
 * against whole process, interleaved N times (default 5):
 *   spirv-opt: `spirv-opt --ssa-rewrite BEFORE -o /dev/null` for every module of the corpus, one
 *     process each (as a build runs it), the processes of one shell loop;
 *   formal-ssa: one process that validates every pair of the corpus (bench/spirv_batch.ts: the
 *     library, `formal-ssa/spirv`, reading each pair's files), as a CI job certifies a corpus.
 * And for scale, per module, the command line (`formal-ssa validate before.spv after.spv`, one
 * process each) beside spirv-opt on a fixed sample of modules. Reported: medians, the ratio,
 * peak memory (/usr/bin/time), and the verdicts: functions certified, the phis the pass placed
 * against braun+peel's minimum, and the redundant phis it keeps.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { BASELINE, baselineBuild } from "./baseline.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CORPUS = join(ROOT, "tmp/spirv-corpus");
const BATCH = join(ROOT, "dist/bench/spirv_batch.js");
const MAIN = join(ROOT, "dist/cli/main.js");
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;
const LIBRARIES = ["gl-transitions", "lygia"] as const;
const PIPELINES = [
  { key: "", label: "--ssa-rewrite" },
  { key: ".inl", label: "--inline-entry-points-exhaustive, then --ssa-rewrite" },
] as const;
/** Modules of the per-module sample (every k-th of the corpus, in order). */
const SAMPLE = 40;

interface Pair {
  library: string;
  pipeline: string;
  before: string;
  after: string;
}

function corpus(): Pair[] {
  if (!existsSync(join(CORPUS, "corpus.txt"))) {
    process.stderr.write("spirv: fetching and compiling the corpus (scripts/fetch-spirv-corpus.sh)\n");
    const r = spawnSync("bash", [join(ROOT, "scripts/fetch-spirv-corpus.sh"), CORPUS], { stdio: ["ignore", "ignore", "inherit"] });
    if (r.status !== 0) throw new Error("scripts/fetch-spirv-corpus.sh failed (it needs network access, and Debian's glslang-tools and spirv-tools, which it installs where it can)");
  }
  const out: Pair[] = [];
  for (const library of LIBRARIES)
    for (const f of readdirSync(join(CORPUS, library)).sort()) {
      const m = /^(.*?)(\.inl)?\.before\.spv$/.exec(f);
      if (!m) continue;
      const before = join(CORPUS, library, f);
      out.push({ library, pipeline: m[2] ?? "", before, after: before.replace(/\.before\.spv$/, ".after.spv") });
    }
  return out;
}

interface Timed {
  ms: number;
  mb: number | null;
  stdout: string;
}

function timed(cmd: string[]): Timed {
  const full = TIME ? [TIME, "-f", "%M", ...cmd] : cmd;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(full[0], full.slice(1), { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 28 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd.slice(0, 3).join(" ")} ... failed: ${r.stderr.slice(0, 500)}`);
  const kb = TIME ? Number(r.stderr.trim().split("\n").pop()) : NaN;
  return { ms, mb: Number.isFinite(kb) && kb > 0 ? kb / 1024 : null, stdout: r.stdout };
}

/** One shell process running `spirv-opt --ssa-rewrite` on each module in turn (the list on standard input would be neater; argv keeps it one command). */
const optLoop = (modules: readonly string[]) => [
  "bash",
  "-c",
  'for f in "$@"; do spirv-opt --ssa-rewrite "$f" -o /dev/null || exit 1; done',
  "spirv-opt-loop",
  ...modules,
];
const cliLoop = (pairs: readonly Pair[]) => [
  "bash",
  "-c",
  `while [ $# -gt 0 ]; do "${process.execPath}" "${MAIN}" validate "$1" "$2" >/dev/null || exit 1; shift 2; done`,
  "formal-ssa-loop",
  ...pairs.flatMap((p) => [p.before, p.after]),
];

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mbOf = (ts: readonly Timed[]) => (ts.every((t) => t.mb !== null) ? `${median(ts.map((t) => t.mb!)).toFixed(0)} MB` : "n/a");

export interface SpirvSeriesOptions {
  runs: number;
  progress?: (msg: string) => void;
}

interface Totals {
  pairs: number;
  functions: number;
  certified: number;
  rejected: number;
  phis: number;
  minimum: number;
  redundant: number;
  trivial: number;
  merged: number;
}

/** The section: markdown lines (from a `##` heading on) and headline items; or why it was skipped. */
export function spirvSeries(o: SpirvSeriesOptions): { lines: string[]; headline: string[] } | { skipped: string } {
  const say = o.progress ?? (() => {});
  if (!existsSync(BATCH) || !existsSync(MAIN)) throw new Error("dist/ missing: run `npm run build` first");
  let pairs: Pair[];
  try {
    pairs = corpus();
  } catch (e) {
    return { skipped: (e as Error).message };
  }
  if (spawnSync("sh", ["-c", "command -v spirv-opt"]).status !== 0) return { skipped: "spirv-opt not found (bash scripts/setup-spirv-tools.sh installs it)" };
  const version = spawnSync("spirv-opt", ["--version"], { encoding: "utf8" });
  const optVersion = `${version.stdout}${version.stderr}`.trim().split("\n")[0];
  const batch = (ps: readonly Pair[]) => [process.execPath, BATCH, ...ps.flatMap((p) => [p.before, p.after])];

  // verdicts per library and pipeline (one batch process each)
  const verdicts: Array<{ library: string; pipeline: string; t: Totals }> = [];
  for (const library of LIBRARIES)
    for (const pl of PIPELINES) {
      const ps = pairs.filter((p) => p.library === library && p.pipeline === pl.key);
      verdicts.push({ library, pipeline: pl.label, t: JSON.parse(timed(batch(ps)).stdout) as Totals });
    }
  const all = verdicts.reduce<Totals>(
    (s, v) => {
      for (const k of Object.keys(s) as (keyof Totals)[]) s[k] += v.t[k];
      return s;
    },
    { pairs: 0, functions: 0, certified: 0, rejected: 0, phis: 0, minimum: 0, redundant: 0, trivial: 0, merged: 0 },
  );

  // whole corpus, interleaved; beside it the same batch built from before the speed redesign (issue 32)
  const baseline = baselineBuild(say);
  const beforeBatch = "dir" in baseline && existsSync(join(baseline.dir, "dist/bench/spirv_batch.js")) ? join(baseline.dir, "dist/bench/spirv_batch.js") : undefined;
  const opt: Timed[] = [];
  const ours: Timed[] = [];
  const before: Timed[] = [];
  for (let i = 0; i < o.runs; i++) {
    opt.push(timed(optLoop(pairs.map((p) => p.before))));
    ours.push(timed(batch(pairs)));
    if (beforeBatch !== undefined) before.push(timed([process.execPath, beforeBatch, ...pairs.flatMap((p) => [p.before, p.after])]));
    say(`spirv: run ${i + 1}/${o.runs}: spirv-opt ${opt[i].ms.toFixed(0)} ms, formal-ssa ${ours[i].ms.toFixed(0)} ms`);
  }
  // a sample, one process per module on both sides
  const sample = pairs.filter((_, k) => k % Math.max(1, Math.floor(pairs.length / SAMPLE)) === 0).slice(0, SAMPLE);
  const optSample: Timed[] = [];
  const cliSample: Timed[] = [];
  for (let i = 0; i < Math.min(3, o.runs); i++) {
    optSample.push(timed(optLoop(sample.map((p) => p.before))));
    cliSample.push(timed(cliLoop(sample)));
    say(`spirv: sample run ${i + 1}: spirv-opt ${optSample[i].ms.toFixed(0)} ms, formal-ssa validate ${cliSample[i].ms.toFixed(0)} ms for ${sample.length} modules`);
  }
  const mOpt = median(opt.map((t) => t.ms));
  const mOurs = median(ours.map((t) => t.ms));
  const ratio = mOurs / mOpt;
  const sOpt = median(optSample.map((t) => t.ms));
  const sCli = median(cliSample.map((t) => t.ms));
  const rel = (p: string) => relative(ROOT, p);
  const lines = [
    "## 7. SPIR-V: spirv-opt --ssa-rewrite certified on real shaders, and timed against it",
    "",
    `The corpus of scripts/fetch-spirv-corpus.sh (${rel(CORPUS)}/corpus.txt): gl-transitions 1.71.0 and lygia 1.4.1 compiled by glslang (\`glslangValidator -V\`), ${all.pairs} module pairs in two pipelines, ${all.functions} functions; \`${optVersion}\`.`,
    "",
    "| library | pipeline | modules | functions | certified | rejected | phis by spirv-opt | braun+peel minimum | redundant phis kept | equal values merged |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...verdicts.map((v) => `| ${v.library} | ${v.pipeline} | ${v.t.pairs} | ${v.t.functions} | ${v.t.certified} | ${v.t.rejected} | ${v.t.phis} | ${v.t.minimum} | ${v.t.redundant} | ${v.t.merged} |`),
    `| all | | ${all.pairs} | ${all.functions} | ${all.certified} | ${all.rejected} | ${all.phis} | ${all.minimum} | ${all.redundant} | ${all.merged} |`,
    "",
    `Every phi beyond the minimum is explained: the pass keeps ${all.redundant} redundant phis, phis that only pass on one value (\`no_redundant_set\` fails; peeling the pass's own SSA removes them). ${all.trivial} of them are trivial as they stand in the module, \`%p = OpPhi %t %v %a %p %b\` at a loop header: the pass completed the phi with an argument that was another phi candidate, which became a copy of this one only later, and SPIRV-Tools' \`TryRemoveTrivialPhi\` does not look at the phis that use a phi it removes again (Braun et al.'s tryRemoveTrivialPhi recurses into them: CC 2016, Figure 1); the other ${all.redundant - all.trivial} belong to redundant sets of several phis (phis that together take one value from outside the set, Wagner's redundant sets). The SSA is right, only not minimal, although these CFGs are structured and so reducible, where the algorithm the pass cites is minimal.`,
    "",
    `**Whole corpus, whole process against whole process** (${o.runs} runs each, interleaved; medians): \`spirv-opt --ssa-rewrite\` once per module (${pairs.length} processes of one shell loop) against one formal-ssa process validating every pair (bench/spirv_batch.ts, the library as a CI job uses it).`,
    "",
    "| command | wall ms | peak memory |",
    "| --- | ---: | ---: |",
    `| spirv-opt --ssa-rewrite, ${pairs.length} processes | ${mOpt.toFixed(0)} | ${mbOf(opt)} (one process) |`,
    `| formal-ssa, one process for all ${pairs.length} pairs | ${mOurs.toFixed(0)} | ${mbOf(ours)} |`,
    ...(before.length > 0 ? [`| the same, built from ${BASELINE} (before the speed redesign, bench/baseline.ts) | ${median(before.map((t) => t.ms)).toFixed(0)} | ${mbOf(before)} |`] : [`| (no build from before the speed redesign: ${"skipped" in baseline ? baseline.skipped : "its spirv_batch.js is missing"}) | | |`]),
    "",
    `Ratio: ${ratio.toFixed(2)}. Target: validation no slower than the pass it checks: ${ratio <= 1 ? "met" : "missed"}.`,
    "",
    `One process per module on both sides, for scale (${sample.length} modules, every ${Math.max(1, Math.floor(pairs.length / SAMPLE))}th of the corpus; ${optSample.length} runs, medians): spirv-opt ${sOpt.toFixed(0)} ms, \`formal-ssa validate before.spv after.spv\` ${sCli.toFixed(0)} ms (${(sCli / sOpt).toFixed(1)} times): a Node process's start and module loading (about 0.1 s) weigh more than a shader's validation.`,
  ];
  const headline = [
    `SPIR-V: ${all.certified} of ${all.functions} functions certified (gl-transitions and lygia, both pipelines); phis ${all.phis} by spirv-opt, minimum ${all.minimum}, ${all.redundant} redundant kept (${all.trivial} trivial as they stand); whole corpus formal-ssa / spirv-opt = ${ratio.toFixed(2)} (${mOurs.toFixed(0)} vs ${mOpt.toFixed(0)} ms), target <= 1: ${ratio <= 1 ? "met" : "missed"}`,
  ];
  return { lines, headline };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const runs = args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) : 5;
  const r = spirvSeries({ runs, progress: (m) => process.stderr.write(m + "\n") });
  process.stdout.write(("skipped" in r ? `skipped: ${r.skipped}` : r.lines.join("\n")) + "\n");
}
