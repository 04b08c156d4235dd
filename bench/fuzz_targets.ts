/**
 * Fuzz targets' throughput: cases per second of every producer's fuzz target (`formal-ssa fuzz
 * --target T`), each run as a campaign for a fixed time on this machine, batched as the command
 * runs them (Hermes variant by variant); and, in the same run, the baseline the batches must beat by at least 10 times: LLVM
 * one process per case, as `fuzz --target llvm-mem2reg` ran before targets were batched (each
 * random CFG emitted as one function, `opt-14 -passes=mem2reg -S` on stdin and stdout, the pair
 * validated; case generation included in both).
 *
 *   npx tsc -p tsconfig.build.json && node dist/bench/fuzz_targets.js [--seconds S] [--no-write]
 *
 * Then external constructors (`formal-ssa fuzz --constructor CMD`): examples/constructors/correct.mjs
 * one process per CFG, as the protocol ran before `--batch`, against `--batch 10` and `--batch
 * 100` (target: at least 10 times the CFGs per second with batching), generation, validation and
 * process starts included.
 *
 * Writes bench/fuzz-targets.md and bench/fuzz-targets.json (generated files). A target whose
 * tools are missing here is reported as skipped. Findings during the bench are listed (a bench
 * is no campaign: docs/findings.md reports those).
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { emitLlvm } from "../adapters/llvm/emit.js";
import { llvmAdapter } from "../adapters/llvm/index.js";
import { caseArbitrary, caseSeed, generateCase, runCampaign } from "../api/campaign/producers.js";
import { DEFAULT_BATCH, FUZZ_TARGETS } from "../api/campaign/options.js";
import { fuzz } from "../api/campaign/constructors.js";
import { oracleFor } from "../api/campaign/node/constructors.js";
import { prepareTarget } from "../api/campaign/node/producers.js";
import { validateWith } from "../api/producers.js";
import { MalformedInput } from "../spec/errors.js";

const args = process.argv.slice(2);
const secondsArg = args.indexOf("--seconds");
const SECONDS = secondsArg >= 0 ? Number(args[secondsArg + 1]) : 30;
const WRITE = !args.includes("--no-write");
const SEED = 20161017;
const MAX_BLOCKS = 12;

interface Row {
  target: string;
  variants: string;
  batch: number;
  cases: number;
  seconds: number;
  perSecond: number;
  findings: string[];
  skipped?: string;
}

/** LLVM one process per case, as before batching: the baseline. */
function perCaseBaseline(seconds: number): Row {
  const target = FUZZ_TARGETS.find((t) => t.name === "llvm-mem2reg")!;
  const arb = caseArbitrary(target, MAX_BLOCKS);
  const start = performance.now();
  let cases = 0;
  const findings: string[] = [];
  while (performance.now() - start < seconds * 1000) {
    const c = generateCase(arb, caseSeed(SEED, cases));
    const before = emitLlvm(c.cfg);
    const r = spawnSync("opt-14", ["-passes=mem2reg", "-S"], { input: before, encoding: "utf8", maxBuffer: 1 << 26 });
    if (r.status !== 0) findings.push(`case ${cases}: opt-14 exit ${r.status}`);
    else {
      const report = validateWith(llvmAdapter, { text: before, name: "before.ll", version: "14" }, { text: r.stdout, name: "after.ll", version: "14" });
      if (report.verdict !== "certified") findings.push(`case ${cases}: ${report.functions[0]?.summary ?? "rejected"}`);
    }
    cases++;
  }
  const s = (performance.now() - start) / 1000;
  return { target: "llvm-mem2reg, one opt process per case (before batching)", variants: "14", batch: 1, cases, seconds: s, perSecond: cases / s, findings };
}

/**
 * Targets measured variant by variant: their variants differ in cost by an order of magnitude
 * (Hermes: a builder alone with the second oracle's, against the -O pipeline's every pass).
 */
const PER_VARIANT = new Set(["hermes"]);

async function batched(name: string, seconds: number, variants?: readonly string[]): Promise<Row> {
  const target = FUZZ_TARGETS.find((t) => t.name === name)!;
  const chosen = variants ?? target.variants;
  try {
    const p = await prepareTarget(target, chosen, { timeoutMs: 300_000 });
    const r = await runCampaign({ target, variants: chosen, seed: SEED, maxBlocks: MAX_BLOCKS, batchSize: DEFAULT_BATCH, timeLimitMs: seconds * 1000, shrinkTimeMs: 0, runner: p.runner }).finally(() => p.close?.());
    const s = r.elapsedMs / 1000;
    return { target: name, variants: chosen.join(", "), batch: DEFAULT_BATCH, cases: r.cases, seconds: s, perSecond: r.cases / s, findings: r.findings.map((f) => `${f.signature} (${f.hits} hits)`) };
  } catch (e) {
    if (!(e instanceof MalformedInput)) throw e;
    return { target: name, variants: chosen.join(", "), batch: DEFAULT_BATCH, cases: 0, seconds: 0, perSecond: 0, findings: [], skipped: e.message };
  }
}

interface ConstructorRow {
  batch: number;
  cases: number;
  seconds: number;
  perSecond: number;
  finding?: string;
}

/**
 * The example constructor under `fuzz --constructor`, `batch` CFGs per process (1: a function
 * document per process, the protocol without `--batch`). Node without this machine's extra CA
 * certificates (NODE_EXTRA_CA_CERTS), which triple each start-up here and which a user's machine
 * does not have.
 */
async function externalConstructor(batch: number, runs: number): Promise<ConstructorRow> {
  const command = `env -u NODE_EXTRA_CA_CERTS ${process.execPath} ${fileURLToPath(new URL("../../examples/constructors/correct.mjs", import.meta.url))}`;
  const start = performance.now();
  const r = await fuzz({ runs, seed: SEED, shape: "any", maxBlocks: MAX_BLOCKS, batch, oracle: oracleFor({ command, timeoutMs: 60_000, modules: batch > 1 }) });
  const s = (performance.now() - start) / 1000;
  return { batch, cases: r.cases, seconds: s, perSecond: r.cases / s, ...(r.finding !== undefined ? { finding: r.finding.description } : {}) };
}

async function main(): Promise<void> {
  const date = new Date().toISOString();
  // the machine's load when the run starts: these are rates, and other work on the machine lowers them all
  const load = os.loadavg()[0];
  const rows: Row[] = [];
  process.stderr.write(`fuzz targets: ${SECONDS} s each, seed ${SEED}\n`);
  rows.push(perCaseBaseline(SECONDS));
  for (const t of FUZZ_TARGETS) {
    process.stderr.write(`fuzz targets: ${t.name}\n`);
    if (PER_VARIANT.has(t.name)) for (const v of t.variants) rows.push(await batched(t.name, SECONDS, [v]));
    else rows.push(await batched(t.name, SECONDS));
  }
  process.stderr.write(`fuzz targets: external constructors\n`);
  const external: ConstructorRow[] = [];
  for (const [batch, runs] of [[1, Math.max(50, 10 * SECONDS)], [10, Math.max(200, 40 * SECONDS)], [100, Math.max(1000, 200 * SECONDS)]]) external.push(await externalConstructor(batch, runs));
  const base = rows[0].perSecond;
  const llvm = rows.find((r) => r.target === "llvm-mem2reg")!;
  const lines = [
    "# Fuzz targets: cases per second",
    "",
    `Generated by bench/fuzz_targets.ts on ${date} (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}, load average ${load.toFixed(1)} at the start): each target a campaign of ${SECONDS} s (seed ${SEED}, at most ${MAX_BLOCKS} blocks per case), batches of ${DEFAULT_BATCH} cycling the target's variants; case generation, the producer's runs and the validation of every function included, shrinking off.`,
    "",
    "| target | variants | cases per run | cases | seconds | cases/s | times the per-case baseline | findings |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ...rows.map((r) =>
      r.skipped !== undefined
        ? `| ${r.target} | ${r.variants} | | | | | | skipped: ${r.skipped} |`
        : `| ${r.target} | ${r.variants} | ${r.batch} | ${r.cases} | ${r.seconds.toFixed(1)} | ${r.perSecond.toFixed(1)} | ${(r.perSecond / base).toFixed(1)} | ${r.findings.length === 0 ? "none" : r.findings.join("; ")} |`,
    ),
    "",
    `Batched llvm-mem2reg against one process per case: ${(llvm.perSecond / base).toFixed(1)} times (target: at least 10).`,
    "",
    "## External constructors",
    "",
    `\`formal-ssa fuzz --constructor "node examples/constructors/correct.mjs"\` (seed ${SEED}, shape any, at most ${MAX_BLOCKS} blocks): one process per CFG (no \`--batch\`, a function document on stdin) against \`--batch N\` (a module of N CFGs per process); generation, validation and process starts included.`,
    "",
    "| CFGs per process | CFGs | seconds | CFGs/s | times one process per CFG | finding |",
    "| ---: | ---: | ---: | ---: | ---: | --- |",
    ...external.map((e) => `| ${e.batch} | ${e.cases} | ${e.seconds.toFixed(1)} | ${e.perSecond.toFixed(1)} | ${(e.perSecond / external[0].perSecond).toFixed(1)} | ${e.finding ?? "none"} |`),
    "",
    `With --batch 100: ${(external[2].perSecond / external[0].perSecond).toFixed(1)} times the CFGs per second of one process per CFG (target: at least 10).`,
    "",
  ];
  const text = lines.join("\n");
  process.stdout.write(text);
  if (WRITE) {
    writeFileSync(fileURLToPath(new URL("../../bench/fuzz-targets.md", import.meta.url)), text);
    writeFileSync(fileURLToPath(new URL("../../bench/fuzz-targets.json", import.meta.url)), `${JSON.stringify({ date, seconds: SECONDS, seed: SEED, rows, external }, null, 2)}\n`);
  }
}

await main();
