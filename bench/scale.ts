/**
 * Section 8 of `npm run bench`: exchange-format documents at scale, whole process. The paper's
 * n-ifs family from 10^5 to 10^6 ifs (3*10^6 blocks) written as documents; per size, as
 * separate processes side by side:
 * - `formal-ssa construct --algorithm braun` of the document (its output is the SSA validated next);
 * - `formal-ssa validate` of the document and that output;
 * - the floor: a process that reads the files and runs JSON.parse (bench/json_floor.ts), once
 *   on the document (under construct) and once on both (under validate).
 * Times are medians of `runs` runs; peak memory is the process's peak resident set
 * (bench/peak_rss.ts). Then one module of 10^7 blocks in 1000 functions, constructed and
 * validated with the default heap. Targets (issue 18) are reported, never asserted.
 */
import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { nIfs, randomCfg } from "./families.js";
import { fitExponent, fmtExp, fmtInt, median } from "./measure.js";

const CLI = fileURLToPath(new URL("../cli/main.js", import.meta.url));
const FLOOR = fileURLToPath(new URL("./json_floor.js", import.meta.url));
const PEAK = fileURLToPath(new URL("./peak_rss.js", import.meta.url));

export interface ScaleOptions {
  sizes: number[];
  runs: number;
  /** Blocks of the many-function module (0: skip it). */
  moduleBlocks: number;
  progress: (msg: string) => void;
}

interface Run {
  seconds: number;
  peakMb: number;
}

/** One process: wall time and peak RSS; exits non-zero only as expected (`ok`). */
function measure(args: string[], dir: string, ok: (code: number) => boolean = (c) => c === 0): Run & { stdout: string } {
  const rssFile = path.join(dir, "rss");
  const t = performance.now();
  const r = spawnSync(process.execPath, ["--import", `file://${PEAK}`, ...args], {
    env: { ...process.env, FORMAL_SSA_PEAK_RSS: rssFile },
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  const seconds = (performance.now() - t) / 1000;
  if (r.status === null || !ok(r.status)) throw new Error(`${args.join(" ")}: exit ${r.status ?? r.signal}: ${(r.stderr ?? "").slice(0, 400)}`);
  return { seconds, peakMb: Number(readFileSync(rssFile, "utf8")) / 1024, stdout: r.stdout };
}

function medianRun(runs: number, f: () => Run): Run {
  const rs = Array.from({ length: runs }, f);
  return { seconds: median(rs.map((r) => r.seconds)), peakMb: Math.max(...rs.map((r) => r.peakMb)) };
}

interface SizeRow {
  n: number;
  blocks: number;
  docMb: number;
  ssaMb: number;
  construct: Run;
  constructFloor: Run;
  validate: Run;
  validateFloor: Run;
}

export function scaleSeries(opts: ScaleOptions): { lines: string[]; headline: string[] } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "formal-ssa-scale-"));
  try {
    // the process's own: construct and validate of a one-block document
    const tiny = path.join(dir, "tiny.json");
    const tinySsa = path.join(dir, "tiny.ssa.json");
    writeFileSync(tiny, JSON.stringify({ format: "formal-ssa/1", kind: "cfg", entry: "B0", blocks: [{ id: "B0", preds: [], stmts: [{ defs: ["x"], uses: [] }] }] }));
    const base = {
      construct: medianRun(opts.runs, () => measure([CLI, "construct", tiny, "-o", tinySsa], dir)).peakMb,
      validate: medianRun(opts.runs, () => measure([CLI, "validate", tiny, tinySsa], dir)).peakMb,
    };
    const rows: SizeRow[] = [];
    for (const n of opts.sizes) {
      const doc = path.join(dir, `ifs${n}.json`);
      const ssa = path.join(dir, `ifs${n}.ssa.json`);
      const d = nIfs(n);
      writeFileSync(doc, JSON.stringify(d));
      const blocks = d.blocks.length;
      opts.progress(`scale: n-ifs ${fmtInt(n)} (${fmtInt(blocks)} blocks, ${(statSync(doc).size / 2 ** 20).toFixed(0)} MB)`);
      const construct = medianRun(opts.runs, () => measure([CLI, "construct", "--algorithm", "braun", doc, "-o", ssa], dir));
      const constructFloor = medianRun(opts.runs, () => measure([FLOOR, doc], dir));
      const validate = medianRun(opts.runs, () => {
        const r = measure([CLI, "validate", doc, ssa], dir);
        if (!r.stdout.includes("certified: 1 of 1 function certified")) throw new Error(`validate ifs${n}: not certified:\n${r.stdout.slice(0, 400)}`);
        return r;
      });
      const validateFloor = medianRun(opts.runs, () => measure([FLOOR, doc, ssa], dir));
      rows.push({ n, blocks, docMb: statSync(doc).size / 2 ** 20, ssaMb: statSync(ssa).size / 2 ** 20, construct, constructFloor, validate, validateFloor });
      rmSync(doc);
      rmSync(ssa);
    }
    const mod = opts.moduleBlocks > 0 ? moduleRun(opts.moduleBlocks, dir, opts.progress) : undefined;
    return report(rows, opts.runs, mod, base);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface ModuleRow {
  functions: number;
  blocks: number;
  docMb: number;
  ssaMb: number;
  construct: Run;
  validate: Run;
  verdict: string;
}

/** A module of `blocks` blocks in functions of 10^4 random blocks over three variables each (loops, irreducible cycles), written function by function. */
function moduleRun(blocks: number, dir: string, progress: (msg: string) => void): ModuleRow {
  const per = 10_000;
  const functions = Math.ceil(blocks / per);
  const doc = path.join(dir, "module.json");
  const ssa = path.join(dir, "module.ssa.json");
  const fd = openSync(doc, "w");
  writeSync(fd, `{"format": "formal-ssa/1", "functions": [\n`);
  let total = 0;
  for (let i = 0; i < functions; i++) {
    const { format: _, ...f } = randomCfg(per, 1000 + i, 3);
    total += f.blocks.length;
    writeSync(fd, `${i > 0 ? ",\n" : ""}${JSON.stringify({ ...f, name: `f${i}` })}`);
  }
  writeSync(fd, "\n]}\n");
  closeSync(fd);
  progress(`scale: a module of ${fmtInt(total)} blocks in ${functions} functions (${(statSync(doc).size / 2 ** 20).toFixed(0)} MB)`);
  const construct = measure([CLI, "construct", "--algorithm", "braun", doc, "-o", ssa], dir);
  const v = measure([CLI, "validate", doc, ssa], dir, (c) => c === 0 || c === 1);
  const verdict = v.stdout.trimEnd().split("\n").at(-1) ?? "";
  const row = { functions, blocks: total, docMb: statSync(doc).size / 2 ** 20, ssaMb: statSync(ssa).size / 2 ** 20, construct, validate: v, verdict };
  rmSync(doc);
  rmSync(ssa);
  return row;
}

function report(rows: SizeRow[], runs: number, mod: ModuleRow | undefined, base: { construct: number; validate: number }): { lines: string[]; headline: string[] } {
  const s = (x: number) => `${x.toFixed(2)} s`;
  const mb = (x: number) => `${x.toFixed(0)} MB`;
  const lines = [
    "## 8. Exchange-format documents at scale: whole process",
    "",
    "`nIfs(n)` written as one document (`JSON.stringify`), then as separate processes: `formal-ssa construct",
    "--algorithm braun DOC -o SSA`, `formal-ssa validate DOC SSA`, and the floor, a process that reads the",
    "files and runs JSON.parse on them (bench/json_floor.ts: the document under construct, both under validate).",
    `Times are medians of ${runs} runs; peak is the process's peak resident set (bench/peak_rss.ts), the`,
    "largest of the runs; `x input` divides it by the bytes the process reads, `net` first takes off the",
    `process's own peak on a one-block document (construct ${mb(base.construct)}, validate ${mb(base.validate)}: Node.js and the loaded code).`,
    "",
    "| n ifs | blocks | document | SSA | construct | peak | x input | net | floor | x floor | validate | peak | x input | net | floor | x floor |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  const ratio = (peak: number, own: number, input: number) => ({ raw: peak / input, net: (peak - own) / input });
  for (const r of rows) {
    const both = r.docMb + r.ssaMb;
    const c = ratio(r.construct.peakMb, base.construct, r.docMb);
    const v = ratio(r.validate.peakMb, base.validate, both);
    lines.push(
      `| ${fmtInt(r.n)} | ${fmtInt(r.blocks)} | ${mb(r.docMb)} | ${mb(r.ssaMb)} | ${s(r.construct.seconds)} | ${mb(r.construct.peakMb)} | ${c.raw.toFixed(2)} | ${c.net.toFixed(2)} | ${s(r.constructFloor.seconds)} | ${(r.construct.seconds / r.constructFloor.seconds).toFixed(2)} | ${s(r.validate.seconds)} | ${mb(r.validate.peakMb)} | ${v.raw.toFixed(2)} | ${v.net.toFixed(2)} | ${s(r.validateFloor.seconds)} | ${(r.validate.seconds / r.validateFloor.seconds).toFixed(2)} |`,
    );
  }
  const headline: string[] = [];
  if (rows.length >= 2) {
    const kc = fitExponent(rows.map((r) => [r.n, r.construct.seconds] as const));
    const kv = fitExponent(rows.map((r) => [r.n, r.validate.seconds] as const));
    const last = rows.at(-1)!;
    const memC = ratio(last.construct.peakMb, base.construct, last.docMb);
    const memV = ratio(last.validate.peakMb, base.validate, last.docMb + last.ssaMb);
    const netC = Math.max(...rows.map((r) => ratio(r.construct.peakMb, base.construct, r.docMb).net));
    const netV = Math.max(...rows.map((r) => ratio(r.validate.peakMb, base.validate, r.docMb + r.ssaMb).net));
    const floorC = Math.max(...rows.map((r) => r.construct.seconds / r.constructFloor.seconds));
    const floorV = Math.max(...rows.map((r) => r.validate.seconds / r.validateFloor.seconds));
    const to = fmtInt(last.n);
    const verdict = (ok: boolean) => (ok ? "met" : "**missed**");
    lines.push(
      "",
      `| target (n-ifs ${fmtInt(rows[0].n)} to ${to}) | construct | validate |`,
      "| --- | ---: | ---: |",
      `| fitted exponent of time against n, at most 1.1 | ${fmtExp(kc)}: ${verdict(kc <= 1.1)} | ${fmtExp(kv)}: ${verdict(kv <= 1.1)} |`,
      `| peak memory at most 3 x the input's bytes, at ${to} ifs | ${memC.raw.toFixed(2)}: ${verdict(memC.raw <= 3)} | ${memV.raw.toFixed(2)}: ${verdict(memV.raw <= 3)} |`,
      `| the same net of the process's own, at every size (largest) | ${netC.toFixed(2)}: ${verdict(netC <= 3)} | ${netV.toFixed(2)}: ${verdict(netV <= 3)} |`,
      `| time at most 2 x the JSON.parse floor, at every size (largest) | ${floorC.toFixed(2)}: ${verdict(floorC <= 2)} | ${floorV.toFixed(2)}: ${verdict(floorV <= 2)} |`,
    );
    headline.push(
      `documents at scale (n-ifs to ${to}): construct exponent ${fmtExp(kc)}, peak ${memC.raw.toFixed(2)} x input (net ${netC.toFixed(2)}), ${floorC.toFixed(2)} x JSON.parse; validate exponent ${fmtExp(kv)}, peak ${memV.raw.toFixed(2)} x input (net ${netV.toFixed(2)}), ${floorV.toFixed(2)} x JSON.parse (targets 1.1, 3, 2)`,
    );
  }
  if (mod !== undefined) {
    lines.push(
      "",
      `A module of ${fmtInt(mod.blocks)} blocks in ${fmtInt(mod.functions)} functions (\`randomCfg(10^4, seed, 3)\` each: three variables, loops and irreducible cycles), ${mb(mod.docMb)}, with the default heap:`,
      "",
      "| step | time | peak | x input |",
      "| --- | ---: | ---: | ---: |",
      `| construct --algorithm braun (${mb(mod.ssaMb)} out) | ${s(mod.construct.seconds)} | ${mb(mod.construct.peakMb)} | ${(mod.construct.peakMb / mod.docMb).toFixed(2)} |`,
      `| validate | ${s(mod.validate.seconds)} | ${mb(mod.validate.peakMb)} | ${(mod.validate.peakMb / (mod.docMb + mod.ssaMb)).toFixed(2)} |`,
      "",
      `validate says: \`${mod.verdict}\``,
    );
    headline.push(`a module of ${fmtInt(mod.blocks)} blocks validates with the default heap in ${s(mod.validate.seconds)} (${mod.verdict})`);
  }
  return { lines, headline };
}

// alone: node dist/bench/scale.js [--quick]
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes("--quick");
  const r = scaleSeries({
    sizes: quick ? [10_000, 100_000] : [100_000, 200_000, 400_000, 1_000_000],
    runs: quick ? 1 : 3,
    moduleBlocks: Number(process.env.SCALE_MODULE_BLOCKS ?? (quick ? 0 : 10_000_000)),
    progress: (m) => process.stderr.write(`${m}\n`),
  });
  process.stdout.write(`${[...r.lines, "", ...r.headline.map((h) => `- ${h}`)].join("\n")}\n`);
}
