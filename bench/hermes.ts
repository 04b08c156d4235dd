/**
 * Hermes's SSA builders certified on real JavaScript, and validation timed against hermesc:
 * section 11 of bench/results.md (`npm run bench` calls `hermesSeries`), or alone, printed to
 * stdout:
 *
 *   npm run build && node dist/bench/hermes.js [--runs N] [--dir tmp/hermes-corpus] [--only NAME,...]
 *
 * The corpus: the bundles of scripts/fetch-hermes-corpus.sh (DIR/bundles/NAME.js, npm packages a
 * React Native app ships, bundled as Metro does). Per bundle, in one run and interleaved so that
 * the machine's load falls on all alike, whole processes, each N times (default 5) after one
 * uncounted round:
 *   hermesc -O -emit-binary -out x.hbc FILE                       (the build's own compile)
 *   hermesc -dump-ir -Xcustom-opt=simplestackpromotion,simplemem2reg -Xdump-between-passes -w FILE 2> dump.ir
 *                                                                   (the dumps validation reads)
 *   formal-ssa validate dump.ir dump.ir                             (validation alone)
 *   formal-ssa hermes FILE                                          (both, in one command)
 * Reported per bundle and over the corpus (sums of the medians): the ratio of validate to hermesc
 * writing the dumps (target: at most 1, issue 41) and to the build's compile; then the verdicts
 * (functions certified, SimpleMem2Reg's phis against braun+peel's minimum).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg, release, totalmem, type } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { median, timedProcess } from "./measure.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MAIN = join(ROOT, "dist/cli/main.js");
const DUMP_FLAGS = ["-dump-ir", "-Xcustom-opt=simplestackpromotion,simplemem2reg", "-Xdump-between-passes", "-w"];
const KEYS = ["hermesc -O", "hermesc with dumps", "validate", "formal-ssa hermes"] as const;
type Key = (typeof KEYS)[number];

const fmt = (ms: number) => (ms / 1000).toFixed(2);
const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;

/** The installed hermes-compiler's hermesc (Hermes V1), or undefined. */
function installedHermesc(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const bin = join(dirname(require.resolve("hermes-compiler/package.json")), "hermesc/linux64-bin/hermesc");
    return existsSync(bin) ? bin : undefined;
  } catch {
    return undefined;
  }
}

export interface HermesBenchOptions {
  runs: number;
  /** The corpus folder of scripts/fetch-hermes-corpus.sh (its bundles/ holds NAME.js). */
  dir: string;
  only?: string[];
  progress?: (line: string) => void;
}

/** The section: markdown lines (from a `##` heading on) and headline items; or why it was skipped. */
export function hermesSeries(o: HermesBenchOptions): { lines: string[]; headline: string[] } | { skipped: string } {
  if (!existsSync(MAIN)) throw new Error("dist/cli/main.js missing: run `npm run build` first");
  const hermesc = installedHermesc();
  if (hermesc === undefined) return { skipped: "hermes-compiler is not installed (npm install)" };
  const dir = resolve(o.dir);
  const bundlesDir = join(dir, "bundles");
  if (!existsSync(bundlesDir)) return { skipped: `no corpus in ${bundlesDir} (scripts/fetch-hermes-corpus.sh)` };
  const bundles = readdirSync(bundlesDir)
    .filter((f) => f.endsWith(".js") && !f.endsWith(".legacy.js"))
    .map((f) => f.slice(0, -3))
    .filter((n) => o.only === undefined || o.only.includes(n))
    .sort();
  if (bundles.length === 0) return { skipped: `no bundles in ${bundlesDir}` };
  const version = spawnSync(hermesc, ["-version"], { encoding: "utf8" }).stdout.split("\n").find((l) => /release version/.test(l))?.trim() ?? "?";
  const t0 = Date.now();
  const loadStart = loadavg()[0];
  let loadMax = loadStart;
  const rows: string[] = [];
  const totals = new Map<Key, number>(KEYS.map((k) => [k, 0]));
  let functions = 0;
  let certified = 0;
  let phis = 0;
  let minimum = 0;
  const rejected: string[] = [];
  for (const b of bundles) {
    const file = join(bundlesDir, `${b}.js`);
    const work = join(dir, "bench", b);
    mkdirSync(work, { recursive: true });
    const dump = join(work, "dump.ir");
    const cmds: Record<Key, string[]> = {
      "hermesc -O": [hermesc, "-O", "-emit-binary", "-out", join(work, "x.hbc"), "-w", file],
      "hermesc with dumps": ["sh", "-c", `${[hermesc, ...DUMP_FLAGS, file].map(quote).join(" ")} 2> ${quote(dump)}`],
      validate: ["node", MAIN, "validate", dump, dump],
      "formal-ssa hermes": ["node", MAIN, "hermes", file],
    };
    const ms = new Map<Key, number[]>(KEYS.map((k) => [k, []]));
    for (let r = 0; r < o.runs + 1; r++)
      for (const k of KEYS) {
        o.progress?.(`hermes, ${b}: ${k} run ${r + 1} of ${o.runs + 1}`);
        const res = timedProcess(cmds[k], work);
        if (res.status !== 0 && !(res.status === 1 && (k === "validate" || k === "formal-ssa hermes")))
          throw new Error(`${cmds[k].join(" ")} failed with ${res.status}: ${res.stderr.trim().split("\n").slice(0, 3).join(" / ")}`);
        if (r === 0) continue; // the first round warms the file cache
        ms.get(k)!.push(res.ms);
        loadMax = Math.max(loadMax, loadavg()[0]);
      }
    const m = new Map(KEYS.map((k) => [k, median(ms.get(k)!)]));
    for (const k of KEYS) totals.set(k, totals.get(k)! + m.get(k)!);
    const json = JSON.parse(spawnSync("node", [MAIN, "validate", dump, dump, "--json"], { encoding: "utf8", maxBuffer: 1 << 30 }).stdout) as {
      functions: { name: string; verdict: string; summary?: string; stats: Record<string, number> }[];
    };
    const fns = json.functions;
    const ok = fns.filter((f) => f.verdict === "certified").length;
    functions += fns.length;
    certified += ok;
    for (const f of fns) {
      phis += f.stats.phis ?? 0;
      minimum += f.stats.phis_minimum ?? 0;
      if (f.verdict !== "certified") rejected.push(`- ${b}: \`${f.name}\` ${f.verdict}: ${f.summary ?? ""}`);
    }
    const kb = Math.round(statSync(file).size / 1024);
    rows.push(
      `| ${b} | ${kb} | ${fns.length} | ${ok} | ${fmt(m.get("hermesc -O")!)} | ${fmt(m.get("hermesc with dumps")!)} | ${fmt(m.get("validate")!)} | ${fmt(m.get("formal-ssa hermes")!)} | ${(m.get("validate")! / m.get("hermesc with dumps")!).toFixed(2)} | ${(m.get("validate")! / m.get("hermesc -O")!).toFixed(2)} |`,
    );
  }
  const total = (k: Key) => totals.get(k)!;
  const ratio = total("validate") / total("hermesc with dumps");
  const ratioBuild = total("validate") / total("hermesc -O");
  rows.push(
    `| **all ${bundles.length}** | | ${functions} | ${certified} | ${fmt(total("hermesc -O"))} | ${fmt(total("hermesc with dumps"))} | ${fmt(total("validate"))} | ${fmt(total("formal-ssa hermes"))} | ${ratio.toFixed(2)} | ${ratioBuild.toFixed(2)} |`,
  );
  const headline = [
    `Hermes V1 SimpleMem2Reg on ${bundles.length} bundles of real JavaScript: ${certified} of ${functions} functions certified; validate ${fmt(total("validate"))} s against hermesc writing the dumps ${fmt(total("hermesc with dumps"))} s: ${ratio.toFixed(2)}x, target <= 1: ${ratio <= 1 ? "met" : "**missed**"} (against the build's hermesc -O: ${ratioBuild.toFixed(2)}x)`,
  ];
  const cpu = cpus();
  const lines = [
    "## 11. Hermes: its SSA builder certified on real JavaScript, and timed against hermesc",
    "",
    `- Corpus: ${bundles.length} bundles of ${bundlesDir.startsWith(ROOT) ? bundlesDir.slice(ROOT.length) : bundlesDir} (scripts/fetch-hermes-corpus.sh)`,
    `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}, ${Math.round((Date.now() - t0) / 1000)} s in all, ${o.runs} counted runs per command after one uncounted`,
    `- CPU: ${cpu[0]?.model ?? "?"}, ${cpu.length} logical cores; memory ${(totalmem() / 2 ** 30).toFixed(1)} GiB; ${type()} ${release()}`,
    `- Node ${process.version}; hermesc: ${version}`,
    `- Load average (1 min): ${loadStart.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end, at most ${loadMax.toFixed(2)} seen between runs`,
    "",
    "Whole processes, wall clock, medians, interleaved (each command in turn, then again), in",
    "seconds. `hermesc -O` is the build's compile to bytecode; `dumps` is hermesc with the flags",
    "`formal-ssa hermes` runs, printing every function's IR after each of its two passes to",
    "standard error (the ratios are against it, as GCC's series is against gcc writing its dumps);",
    "`validate` reads that stream, pairs every function's instructions before and after",
    "SimpleMem2Reg and decides every validity and quality property; `formal-ssa hermes` does both.",
    "",
    "| bundle | KB | functions | certified | hermesc -O | dumps | validate | formal-ssa hermes | validate / dumps | validate / -O |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
    `Phis: SimpleMem2Reg placed ${phis}, braun+peel's minimum ${minimum} (the differences are explained per function in the reports).`,
    ...(rejected.length > 0 ? ["", "Not certified:", ...rejected] : []),
  ];
  return { lines, headline };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const flag = (name: string, dflt: string | undefined) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : dflt;
  };
  const r = hermesSeries({
    runs: Number(flag("--runs", "5")),
    dir: flag("--dir", join(ROOT, "tmp/hermes-corpus"))!,
    only: flag("--only", undefined)?.split(","),
    progress: (l) => process.stderr.write(`${l}\n`),
  });
  process.stdout.write("skipped" in r ? `skipped: ${r.skipped}\n` : [...r.headline.map((h) => `- ${h}`), "", ...r.lines].join("\n") + "\n");
}
