/**
 * Fuzzing throughput: how many random CFGs of about 50 blocks per second one process takes
 * through Braun et al.'s construction with on-the-fly trivial-phi removal (`--algorithm braun
 * --minimize trivial`) and full validation (`checkTransformed`: every validity and quality
 * property), the inner loop of `formal-ssa fuzz`. Target: 1000 cases/s per core.
 *
 *   npx tsc -p tsconfig.build.json && node dist/bench/fuzz_throughput.js [--cases N] [--no-write]
 *
 * Writes bench/fuzz-results.md (a generated file). Inputs are sampled once, up front, with fixed
 * seeds (generation is measured separately: in the fuzzer, fast-check pays it too); a case is
 * lowering + construction + checkTransformed. Every output must be certified, pruned and free
 * of trivial phis, or the benchmark stops. For profiling:
 *
 *   node --cpu-prof --cpu-prof-dir=tmp/prof dist/bench/fuzz_throughput.js --no-write
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { certified, checkTransformed } from "../checks/index.js";
import { def_ass_uses, defs_uses_disjoint, Entry_reaches, Entry_unreachable } from "../checks/cfg_wf.js";
import { SsaIndex } from "../checks/context.js";
import { equiv } from "../checks/equiv.js";
import { cytronMinimal, no_redundant_set, no_trivial_phis, pruned } from "../checks/quality.js";
import { allDefs_disjoint, allUses_def_ass, Entry_no_phis, phis_wf, simpleDefs_phiDefs_disjoint } from "../checks/ssa_wf.js";
import { allDefs_var_disjoint, conventional, oldDefs_def, oldUses_def, phis_same_var } from "../checks/transformed.js";
import type { Verdict } from "../checks/verdict.js";
import { buildSsa } from "../api/construct.js";
import { arbitraryCfg, lowerProgram, structuredProgram } from "../fuzz/arbitraries/index.js";
import type { FunctionDoc } from "../io/format.js";
import { lowerCfg } from "../io/lower.js";
import { Transformed } from "../spec/model.js";

const TARGET = 1000;
const MIN_BLOCKS = 45;
const MAX_BLOCKS = 55;

const args = process.argv.slice(2);
const casesArg = args.indexOf("--cases");
const CASES = casesArg >= 0 ? Number(args[casesArg + 1]) : 3000;
const WRITE = !args.includes("--no-write");

interface Family {
  name: string;
  what: string;
  docs: FunctionDoc[];
  generateMs: number;
}

function sample(arb: fc.Arbitrary<FunctionDoc>, n: number, seed: number): { docs: FunctionDoc[]; ms: number } {
  const t0 = performance.now();
  const docs = fc.sample(arb, { numRuns: n, seed });
  return { docs, ms: performance.now() - t0 };
}

function families(n: number): Family[] {
  const graphs = sample(arbitraryCfg({ minBlocks: MIN_BLOCKS, maxBlocks: MAX_BLOCKS }), n, 1);
  const graphsMixed = sample(arbitraryCfg({ minBlocks: MIN_BLOCKS, maxBlocks: MAX_BLOCKS, blockForm: "mixed" }), n, 2);
  // structured programs of the same size: longer statement lists (4) and a larger budget, kept
  // when the CFG has 45 to 55 blocks (the filter's cost is in the generation time)
  const structured = sample(
    structuredProgram({ maxSequenceLength: 4, maxStatements: 120 })
      .map((p) => lowerProgram(p))
      .filter((d) => d.blocks.length >= MIN_BLOCKS && d.blocks.length <= MAX_BLOCKS),
    n,
    3,
  );
  return [
    { name: "arbitraryCfg", what: `arbitraryCfg({minBlocks: ${MIN_BLOCKS}, maxBlocks: ${MAX_BLOCKS}}): stmts blocks, irreducible cycles, parallel edges`, docs: graphs.docs, generateMs: graphs.ms },
    { name: "arbitraryCfg mixed", what: "the same with `blockForm: \"mixed\"` (defs/uses blocks too)", docs: graphsMixed.docs, generateMs: graphsMixed.ms },
    { name: "structured", what: `structuredProgram({maxSequenceLength: 4, maxStatements: 120}) lowered, ${MIN_BLOCKS} to ${MAX_BLOCKS} blocks`, docs: structured.docs, generateMs: structured.ms },
  ];
}

/** The checkers of checkTransformed, one by one, for the time split (same order and arguments). */
const CHECKERS: [string, (t: Transformed, idx: SsaIndex) => Verdict][] = [
  ["Entry_unreachable, Entry_reaches", (t) => (Entry_unreachable(t.graph), Entry_reaches(t.graph))],
  ["old.defs_uses_disjoint", (t) => defs_uses_disjoint(t.old)],
  ["old.def_ass_uses", (t) => def_ass_uses(t.old)],
  ["phis_wf, simpleDefs_phiDefs_disjoint, Entry_no_phis, defs_uses_disjoint", (t) => (phis_wf(t.ssa), simpleDefs_phiDefs_disjoint(t.ssa), Entry_no_phis(t.ssa), defs_uses_disjoint(t.ssa))],
  ["allDefs_disjoint", (t, idx) => allDefs_disjoint(t.ssa, idx)],
  ["allUses_def_ass", (t, idx) => allUses_def_ass(t.ssa, idx)],
  ["oldDefs_def, oldUses_def", (t) => (oldDefs_def(t), oldUses_def(t))],
  ["phis_same_var, allDefs_var_disjoint", (t) => (phis_same_var(t), allDefs_var_disjoint(t))],
  ["conventional", (t, idx) => conventional(t, idx)],
  ["equiv", (t, idx) => equiv(t, idx)],
  ["pruned, no_trivial_phis", (t, idx) => (pruned(t.ssa, idx), no_trivial_phis(t.ssa, idx))],
  ["cytronMinimal", (t, idx) => cytronMinimal(t, idx)],
  ["no_redundant_set", (t, idx) => no_redundant_set(t.ssa, idx)],
];

interface Measured {
  cases: number;
  /** Per second of this process's CPU time (user + system): what one core does, whatever else runs on the machine. */
  perCpuSecond: number;
  /** Per second of wall-clock time. */
  perSecond: number;
  lowerMs: number;
  constructMs: number;
  checkMs: number;
  blocks: number;
  nodes: number;
  phis: number;
}

function runCase(doc: FunctionDoc): { t: Transformed; lower: number; construct: number; check: number; verdicts: Verdict[] } {
  const t0 = performance.now();
  const low = lowerCfg(doc, "bench.json", "f");
  const t1 = performance.now();
  const b = buildSsa(low.cfg, { algorithm: "braun", minimize: "trivial" });
  const t = new Transformed(low.cfg, b.ssa, b.construction.transformed.varOf);
  const t2 = performance.now();
  const verdicts = checkTransformed(t);
  const t3 = performance.now();
  return { t, lower: t1 - t0, construct: t2 - t1, check: t3 - t2, verdicts };
}

function measure(docs: FunctionDoc[]): Measured {
  let lower = 0;
  let construct = 0;
  let check = 0;
  let blocks = 0;
  let nodes = 0;
  let phis = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (const doc of docs) {
    const r = runCase(doc);
    if (!certified(r.verdicts, ["pruned", "no_trivial_phis"])) throw new Error(`not certified: ${r.verdicts.filter((v) => !v.holds).map((v) => v.property)}`);
    lower += r.lower;
    construct += r.construct;
    check += r.check;
    blocks += doc.blocks.length;
    nodes += r.t.nodeCount;
    phis += r.t.ssa.phiCount;
  }
  const cpu = process.cpuUsage(cpu0);
  const secs = (performance.now() - t0) / 1000;
  const n = docs.length;
  return { cases: n, perCpuSecond: n / ((cpu.user + cpu.system) / 1e6), perSecond: n / secs, lowerMs: lower / n, constructMs: construct / n, checkMs: check / n, blocks: blocks / n, nodes: nodes / n, phis: phis / n };
}

function checkerSplit(docs: FunctionDoc[]): [string, number][] {
  const prepared = docs.map((d) => runCase(d).t);
  const totals = CHECKERS.map(() => 0);
  let index = 0;
  for (const t of prepared) {
    const t0 = performance.now();
    const idx = new SsaIndex(t.ssa);
    index += performance.now() - t0;
    CHECKERS.forEach(([, f], i) => {
      const s = performance.now();
      f(t, idx);
      totals[i] += performance.now() - s;
    });
  }
  const n = prepared.length;
  return [["SsaIndex (shared)", index / n], ...CHECKERS.map(([name], i): [string, number] => [name, totals[i] / n])];
}

const LOAD_BEFORE = os.loadavg()[0].toFixed(1);
const fams = families(CASES);
// warm-up: the JIT compiles the hot paths first
for (const f of fams) measure(f.docs.slice(0, Math.min(300, f.docs.length)));
const rows = fams.map((f) => ({ f, m: measure(f.docs) }));
const split = checkerSplit(fams[0].docs.slice(0, Math.min(1000, fams[0].docs.length)));

const fmt = (x: number, d = 3) => x.toFixed(d);
const lines: string[] = [];
lines.push("<!-- generated by bench/fuzz_throughput.ts (node dist/bench/fuzz_throughput.js); do not edit -->");
lines.push("# Fuzzing throughput");
lines.push("");
lines.push(`Machine: ${os.cpus()[0]?.model ?? "?"} (${os.cpus().length} cores, load average ${LOAD_BEFORE} before and ${os.loadavg()[0].toFixed(1)} after the run), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}.`);
lines.push(`Date: ${new Date().toISOString().slice(0, 10)}. One process, one core; ${CASES} cases per family after a warm-up of 300.`);
lines.push("");
lines.push(
  "A case is what `formal-ssa fuzz` does per CFG for one construction: lower the document, construct SSA with Braun et al.'s algorithm and on-the-fly trivial-phi removal (`braun`, `trivial`), " +
    `and run \`checkTransformed\` (every validity and quality property). Target: ${TARGET} cases/s per core. Generating the CFGs (fast-check) is not in a case; it is listed separately.`,
);
lines.push("");
lines.push("| family | cases/s per core (CPU time) | target | cases/s wall-clock | blocks | nodes | phis | lower ms | construct ms | checkTransformed ms | generate ms | cases/s per core with generation |");
lines.push("| --- | ---: | :---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const { f, m } of rows) {
  const gen = f.generateMs / f.docs.length;
  lines.push(
    `| ${f.name} | ${Math.round(m.perCpuSecond)} | ${m.perCpuSecond >= TARGET ? "met" : "missed"} | ${Math.round(m.perSecond)} | ${fmt(m.blocks, 1)} | ${fmt(m.nodes, 1)} | ${fmt(m.phis, 1)} | ${fmt(m.lowerMs)} | ${fmt(m.constructMs)} | ${fmt(m.checkMs)} | ${fmt(gen)} | ${Math.round(1000 / (1000 / m.perCpuSecond + gen))} |`,
  );
}
lines.push("");
for (const { f } of rows) lines.push(`- ${f.name}: ${f.what}.`);
lines.push("");
lines.push(
  "Cases per core are counted against the process's CPU time (user + system, garbage collector threads included), so that other load on the machine does not count against them; wall-clock rates are beside them. Milliseconds are wall-clock, per case. `generate` is fast-check's sampling of the CFGs (for `structured` it includes the programs rejected by the size filter, which `formal-ssa fuzz` does not have); the last column adds it to a case.",
);
lines.push("");
lines.push(`## Where checkTransformed spends its time (${fams[0].name}, ms per case)`);
lines.push("");
lines.push("| checker | ms | share |");
lines.push("| --- | ---: | ---: |");
const total = split.reduce((a, [, ms]) => a + ms, 0);
for (const [name, ms] of [...split].sort((a, b) => b[1] - a[1])) lines.push(`| ${name} | ${fmt(ms, 4)} | ${Math.round((100 * ms) / total)}% |`);
lines.push("");
const text = `${lines.join("\n")}\n`;
process.stdout.write(text);
if (WRITE) writeFileSync(fileURLToPath(new URL("../../bench/fuzz-results.md", import.meta.url)), text);
