/**
 * GCC's SSA construction certified on real C, and validation timed against GCC producing the
 * dumps: section 9 of bench/results.md (`npm run bench` calls `gccSeries`), or alone, printed
 * to stdout:
 *
 *   npm run build && node dist/bench/gcc.js [--runs N] [--dir tmp/real-c] [--tree-sitter DIR] [--levels -O0,-O2]
 *
 * The programs: SQLite's amalgamation (DIR/sqlite3.c, scripts/fetch-real-c.sh), and where its
 * sources are at hand tree-sitter's runtime (lib/src/lib.c) and its JavaScript grammar's
 * generated parser (src/parser.c), the packages of scripts/fetch-tree-sitter.sh, unpacked as
 * `npm pack` and tar leave them: TS/runtime/package and TS/grammar/package (default TS:
 * DIR/gcc/tree-sitter, fetched there when missing and npm can). Per program and level (default
 * -O0), in one run and interleaved so that the machine's load falls on all alike, whole
 * processes:
 *   gcc LEVEL -c FILE -o x.o                                         (the compile alone)
 *   gcc LEVEL -c -fdump-tree-fixup_cfg1-blocks-uid -fdump-tree-ssa-blocks-uid FILE   (the dumps)
 *   formal-ssa validate FILE.020t.fixup_cfg1 FILE.021t.ssa
 *   formal-ssa gcc FILE -- LEVEL                                     (both, in one command)
 * each N times (default 5) after one uncounted round: median and fastest wall-clock time, peak
 * memory (from /usr/bin/time when present). The ratio is validate's median against the median
 * of gcc writing the dumps; the target is at most 1. Then the verdicts: certified functions,
 * GCC's phis against braun+peel's minimum, and the remarks by kind.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { cpus, loadavg, release, totalmem, type } from "node:os";
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { median, timedProcess } from "./measure.js";
import { BASELINE, baselineBuild } from "./baseline.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MAIN = join(ROOT, "dist/cli/main.js");
const DUMP_FLAGS = ["-fdump-tree-fixup_cfg1-blocks-uid", "-fdump-tree-ssa-blocks-uid"];
const RUNTIME = "tree-sitter@0.25.1";
const GRAMMAR = "tree-sitter-javascript@0.25.0";

const timed = timedProcess;

interface Program {
  name: string;
  file: string;
  /** Include directories and other flags the file needs. */
  flags: string[];
  /** What it is, for the report (default: its line count). */
  what?: string;
}

/** tree-sitter's sources under `ts`, fetched there with npm pack when missing; undefined when they cannot be had. */
function treeSitter(ts: string): Program[] | undefined {
  const lib = join(ts, "runtime/package/vendor/tree-sitter/lib");
  const src = join(ts, "grammar/package/src");
  if (!existsSync(join(lib, "src/lib.c")) || !existsSync(join(src, "parser.c"))) {
    process.stderr.write(`gcc: fetching ${RUNTIME} and ${GRAMMAR} into ${ts} (npm pack)\n`);
    for (const [dir, pkg] of [
      ["runtime", RUNTIME],
      ["grammar", GRAMMAR],
    ]) {
      mkdirSync(join(ts, dir), { recursive: true });
      const r = spawnSync("sh", ["-c", `npm pack --silent ${pkg} >/dev/null && tar -xzf ./*.tgz`], { cwd: join(ts, dir), stdio: "ignore" });
      if (r.status !== 0) return undefined;
    }
  }
  return [
    {
      name: "tree-sitter runtime",
      file: join(lib, "src/lib.c"),
      flags: [`-I${join(lib, "include")}`, `-I${join(lib, "src")}`],
      what: `${RUNTIME}, lib.c including src/*.c: ${readdirSync(join(lib, "src")).filter((f) => f.endsWith(".c") && f !== "lib.c").reduce((n, f) => n + readFileSync(join(lib, "src", f), "utf8").split("\n").length - 1, 0)} lines`,
    },
    { name: "tree-sitter-javascript parser", file: join(src, "parser.c"), flags: [`-I${src}`], what: `${GRAMMAR}, src/parser.c` },
  ];
}

const fmt = (ms: number) => (ms / 1000).toFixed(2);
const rel = (p: string) => (p.startsWith(ROOT) ? p.slice(ROOT.length) : p);

export interface GccOptions {
  runs: number;
  /** Where sqlite3.c lives (scripts/fetch-real-c.sh fills it); the dumps are written under DIR/gcc. */
  dir: string;
  /** tree-sitter's unpacked packages (default DIR/gcc/tree-sitter). */
  treeSitter?: string;
  /** Optimisation levels, each a variant (default -O0). */
  levels?: string[];
  progress?: (line: string) => void;
}

interface Timing {
  ms: number[];
  mb: number[];
}

/** The section: markdown lines (from a `##` heading on) and headline items; or why it was skipped. */
export function gccSeries(o: GccOptions): { lines: string[]; headline: string[] } | { skipped: string } {
  if (!existsSync(MAIN)) throw new Error("dist/cli/main.js missing: run `npm run build` first");
  const dir = resolve(o.dir);
  const GCC = process.env.GCC || "gcc";
  const version = spawnSync(GCC, ["--version"], { encoding: "utf8" });
  if (version.error !== undefined || version.status !== 0) return { skipped: `${GCC} not found (apt-get install gcc)` };
  const programs: Program[] = [];
  if (existsSync(join(dir, "sqlite3.c"))) programs.push({ name: "SQLite", file: join(dir, "sqlite3.c"), flags: [] });
  const ts = treeSitter(resolve(o.treeSitter ?? join(dir, "gcc/tree-sitter")));
  if (ts !== undefined) programs.push(...ts);
  if (programs.length === 0) return { skipped: `neither ${join(dir, "sqlite3.c")} (scripts/fetch-real-c.sh) nor tree-sitter's sources are at hand` };
  const levels = o.levels ?? ["-O0"];
  // validate as it was before the speed redesign (issue 32), timed in the same run
  const baseline = baselineBuild(o.progress);
  const t0 = Date.now();
  const loadStart = loadavg()[0];
  let loadMax = loadStart;
  const rows: string[] = [];
  const verdicts: string[] = [];
  const headline: string[] = [];
  for (const p of programs)
    for (const level of levels) {
      const base = basename(p.file);
      const work = join(dir, "gcc", `${base.replace(/\.c$/, "")}${level}`);
      mkdirSync(work, { recursive: true });
      const out = ["-dumpdir", `${work}/`, "-dumpbase", base, "-o", join(work, `${base}.o`)];
      const cfg = join(work, `${base}.020t.fixup_cfg1`);
      const ssa = join(work, `${base}.021t.ssa`);
      const cmds: Record<string, string[]> = {
        "gcc alone": [GCC, level, "-c", ...p.flags, p.file, "-o", join(work, "plain.o")],
        "gcc with dumps": [GCC, level, "-c", ...DUMP_FLAGS, ...p.flags, p.file, ...out],
        validate: ["node", MAIN, "validate", cfg, ssa],
        ...("dir" in baseline ? { "validate, before": ["node", join(baseline.dir, "dist/cli/main.js"), "validate", cfg, ssa] } : {}),
        "formal-ssa gcc": ["node", MAIN, "gcc", p.file, "--", level, ...p.flags],
      };
      const label: Record<string, string> = {
        "gcc alone": `gcc ${level} -c FILE`,
        "gcc with dumps": `gcc ${level} -c ${DUMP_FLAGS.join(" ")} FILE`,
        validate: `formal-ssa validate ${base}.020t.fixup_cfg1 ${base}.021t.ssa`,
        "validate, before": `formal-ssa validate ... as of ${BASELINE}, before the speed redesign`,
        "formal-ssa gcc": `formal-ssa gcc FILE -- ${level}`,
      };
      const keys = Object.keys(cmds);
      const t: Record<string, Timing> = Object.fromEntries(keys.map((k) => [k, { ms: [], mb: [] }]));
      let validateOut = "";
      for (let r = 0; r < o.runs + 1; r++)
        for (const k of keys) {
          o.progress?.(`gcc, ${p.name} ${level}: ${k} run ${r + 1} of ${o.runs + 1}`);
          const res = timed(cmds[k], work);
          if (k === "validate") validateOut = res.stdout;
          // validate exits 1 on a rejected function: the verdicts below say which
          if (res.status !== 0 && !(res.status === 1 && (k.startsWith("validate") || k === "formal-ssa gcc")))
            throw new Error(`${cmds[k].join(" ")} failed with ${res.status}: ${res.stderr.trim().split("\n").slice(0, 3).join(" / ")}`);
          if (r === 0) continue; // the first round warms the file cache
          t[k].ms.push(res.ms);
          if (res.mb !== null) t[k].mb.push(res.mb);
          loadMax = Math.max(loadMax, loadavg()[0]);
        }
      const gccMs = median(t["gcc with dumps"].ms);
      const variant = `${p.name}, ${level}`;
      for (const k of keys) {
        const m = median(t[k].ms);
        const mem = t[k].mb.length > 0 ? `${Math.round(Math.max(...t[k].mb))}` : "n/a";
        rows.push(`| ${variant} | \`${label[k]}\` | ${fmt(m)} | ${fmt(Math.min(...t[k].ms))} | ${(m / gccMs).toFixed(2)} | ${mem} |`);
      }
      const json = JSON.parse(spawnSync("node", [MAIN, "validate", cfg, ssa, "--json"], { encoding: "utf8", maxBuffer: 1 << 30 }).stdout) as {
        functions: { name: string; verdict: string; stats: Record<string, number>; differences: string[]; properties: Record<string, { holds: boolean; witness?: { message?: string }[] }> }[];
      };
      const fns = json.functions;
      const ok = fns.filter((f) => f.verdict === "certified").length;
      const ratio = median(t.validate.ms) / gccMs;
      headline.push(
        `GCC into-ssa, ${variant}: ${ok} of ${fns.length} functions certified; validate ${fmt(median(t.validate.ms))} s against gcc writing the dumps ${fmt(gccMs)} s: ${ratio.toFixed(2)}x, target <= 1: ${ratio <= 1 ? "met" : "**missed**"}`,
      );
      const sum = (k: string) => fns.reduce((a, f) => a + (f.stats[k] ?? 0), 0);
      const kinds = new Map<string, number>();
      for (const f of fns)
        for (const d of f.differences) {
          const k = d.replace(/ at block.*$|:.*$/, "");
          kinds.set(k, (kinds.get(k) ?? 0) + 1);
        }
      verdicts.push(`#### ${variant}: ${rel(cfg)} (${(statSync(cfg).size / 1e6).toFixed(1)} MB), ${rel(ssa)} (${(statSync(ssa).size / 1e6).toFixed(1)} MB)`, "");
      verdicts.push(
        `- **${ok} of ${fns.length} functions certified** (${sum("blocks")} blocks, ${sum("renamed")} variables renamed)`,
        `- phis: GCC ${sum("phis")}, braun+peel ${sum("phis_minimum")}; ${fns.filter((f) => f.stats.phis === f.stats.phis_minimum).length} functions equal; remarks: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(", ") || "none"}`,
        `- summary line: \`${validateOut.trim().split("\n").pop()}\``,
      );
      for (const f of fns.filter((x) => x.verdict !== "certified")) {
        const why = (f.properties.same_instructions?.witness ?? []).map((w) => w.message).filter(Boolean);
        const failing = Object.entries(f.properties).filter(([, q]) => !q.holds).map(([k]) => k);
        verdicts.push(`- rejected \`${f.name}\` (fails ${failing.join(", ")}): ${why[0] ?? "see the report"}`);
      }
      verdicts.push("");
    }
  const loadEnd = loadavg()[0];
  const cpu = cpus();
  const lines = [
    "## 9. GCC: its SSA construction certified on real C, and timed against GCC writing the dumps",
    "",
    `- Programs: ${programs.map((p) => `${p.name} (${rel(p.file)}, ${p.what ?? `${readFileSync(p.file, "utf8").split("\n").length - 1} lines`})`).join("; ")}`,
    `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}, ${Math.round((Date.now() - t0) / 1000)} s in all, ${o.runs} counted runs per command after one uncounted`,
    `- CPU: ${cpu[0]?.model ?? "?"}, ${cpu.length} logical cores; memory ${(totalmem() / 2 ** 30).toFixed(1)} GiB; ${type()} ${release()}`,
    `- Node ${process.version}; ${version.stdout.split("\n")[0].trim()}`,
    `- Load average (1 min): ${loadStart.toFixed(2)} at the start, ${loadEnd.toFixed(2)} at the end, at most ${loadMax.toFixed(2)} seen between runs`,
    "",
    "Whole processes, wall clock, interleaved (each command in turn, then again). `gcc alone`",
    "compiles the file to an object; `gcc with dumps` is the same compile writing the two dumps",
    "validate reads (the ratios are against it); `validate` parses both dumps, compares them",
    "statement by statement, builds both CFGs per function and decides every validity and",
    "quality property; `formal-ssa gcc` is the one command doing both (gcc with dumps into a",
    "temporary directory, then validate). Memory: peak resident set (MB).",
    "dir" in baseline
      ? `\`validate, before\` is the same command built from commit ${BASELINE}, before the speed redesign (issue 32; bench/baseline.ts), timed in the same rounds.`
      : `No \`validate, before\` row: ${baseline.skipped}.`,
    "",
    "### Time",
    "",
    "| variant | command | median s | fastest s | / gcc with dumps | peak MB |",
    "| --- | --- | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
    "### Verdicts",
    "",
    ...verdicts,
  ];
  return { lines, headline };
}

// run alone: the section on stdout
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const flag = (name: string, dflt: string | undefined) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : dflt;
  };
  const r = gccSeries({
    runs: Number(flag("--runs", "5")),
    dir: flag("--dir", join(ROOT, "tmp/real-c"))!,
    treeSitter: flag("--tree-sitter", undefined),
    levels: flag("--levels", "-O0")!.split(","),
    progress: (l) => process.stderr.write(`${l}\n`),
  });
  process.stdout.write("skipped" in r ? `skipped: ${r.skipped}\n` : [...r.headline.map((h) => `- ${h}`), "", ...r.lines].join("\n") + "\n");
}
