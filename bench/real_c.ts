/**
 * mem2reg certified on a real C program, and the time it takes against opt itself: section 5 of
 * bench/results.md (`npm run bench` calls `realC`), or alone, printed to stdout:
 *
 *   npm run build && node dist/bench/real_c.js [--runs N] [--dir tmp/real-c]
 *
 * The program is SQLite's amalgamation as better-sqlite3 ships it (scripts/fetch-real-c.sh,
 * run here when its files are missing: clang-14 -O0 before, opt -passes=mem2reg after, with and
 * without -g); the opaque-pointer variant is compiled here (`-mllvm -opaque-pointers`, then
 * `opt -opaque-pointers`). Beside it, tree-sitter's runtime and its JavaScript grammar's
 * generated parser (scripts/fetch-tree-sitter.sh, the same three variants). Per variant, in
 * one run and interleaved so that the machine's load falls on all alike, whole processes:
 *   opt -passes=mem2reg before.ll -disable-output
 *   opt -passes=mem2reg before.ll -o /dev/null          (the command as the issue writes it)
 *   formal-ssa validate before.ll after.ll
 *   formal-ssa construct before.ll -o /dev/null
 *   node dist/bench/parse_floor.js before.ll after.ll   (the parser alone: validate's floor)
 *   node dist/bench/adapt_floor.js before.ll after.ll   (the parser and the LLVM adapter, no checks)
 * each N times (default 5): median and fastest wall-clock time, peak memory (from /usr/bin/time
 * when present). Then the verdicts: certified functions of all, every rejected function with the
 * reason the report gives, phi counts against braun+trivial and braun+peel (both counted here, in
 * process, on every function's original CFG: bench/reproductions.ts) with the kinds of difference.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { cpus, loadavg, release, totalmem, type } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, timedProcess } from "./measure.js";
import { braunPhiCounts, type RealCJson } from "./reproductions.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MAIN = join(ROOT, "dist/cli/main.js");
const PARSE_FLOOR = join(ROOT, "dist/bench/parse_floor.js");
const ADAPT_FLOOR = join(ROOT, "dist/bench/adapt_floor.js");
// looked up when used: scripts/fetch-real-c.sh installs Debian's clang-14 and llvm-14 where missing
const which = (cmd: string) => spawnSync("sh", ["-c", cmd], { encoding: "utf8" }).stdout.trim();
const opt = () => which("command -v opt-14 || command -v opt");
const clang = () => which("command -v clang-14 || command -v clang");

/**
 * Validate's time beyond the parse floor, split by the adapter floor (whole processes, medians):
 * the adapter's part, the shared part (lowering, checks, report), and what the 2x target allows.
 */
function beyondFloor(t: Record<string, Timing>): string {
  const parse = median(t["parser alone"].ms);
  const adapt = median(t["parser and adapter"].ms);
  const all = median(t.validate.ms);
  return `beyond the floor: the adapter ${fmt(adapt - parse)} s, lowering, checks and report ${fmt(all - adapt)} s, where 2x allows ${fmt(parse)} s for both`;
}

function sh(cmd: string[], opts: { quiet?: boolean } = {}): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(cmd[0], cmd.slice(1), { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status !== 0 && !opts.quiet) process.stderr.write(r.stderr);
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** One timed whole process from the repository root. */
const timed = (cmd: string[]) => timedProcess(cmd, ROOT);

interface Variant {
  program: string;
  label: string;
  before: string;
  after: string;
  optFlags: string[];
  /** This variant's opt (another LLVM release's), else LLVM 14's. */
  opt?: string;
}

/**
 * SQLite compiled and promoted by LLVM 15 and 16 (scripts/fetch-real-c.sh with LLVM_VERSION=N,
 * which installs Debian's clang-N and llvm-N where missing), each against its own opt: one
 * variant per release (opaque pointers, their default), so that the section stays within minutes.
 */
function laterReleases(DIR: string): Variant[] {
  const out: Variant[] = [];
  for (const n of [15, 16]) {
    const dir = join(DIR, `llvm${n}`);
    const f = (x: string) => join(dir, x);
    if (!existsSync(f("sqlite3.after.ll"))) {
      process.stderr.write(`real_c: compiling sqlite3.c with LLVM ${n} (LLVM_VERSION=${n} scripts/fetch-real-c.sh)\n`);
      if (sh(["env", `LLVM_VERSION=${n}`, "bash", join(ROOT, "scripts/fetch-real-c.sh"), dir]).status !== 0) continue;
    }
    const opt = which(`command -v opt-${n}`);
    if (opt && existsSync(f("sqlite3.after.ll"))) out.push({ program: "SQLite", label: `LLVM ${n}, opaque pointers`, before: f("sqlite3.before.ll"), after: f("sqlite3.after.ll"), optFlags: [], opt });
  }
  return out;
}

function ensureInputs(DIR: string): Variant[] {
  const f = (n: string) => join(DIR, n);
  if (!existsSync(f("sqlite3.before.ll")) || !existsSync(f("sqlite3.g.after.ll"))) {
    process.stderr.write("real_c: fetching and compiling sqlite3.c (scripts/fetch-real-c.sh)\n");
    if (sh(["bash", join(ROOT, "scripts/fetch-real-c.sh"), DIR]).status !== 0) throw new Error("scripts/fetch-real-c.sh failed");
  }
  const CLANG = clang();
  const OPT = opt();
  if (!existsSync(f("sqlite3.ptr.after.ll")) && CLANG && OPT) {
    process.stderr.write("real_c: compiling the opaque-pointer variant\n");
    const cflags = ["-O0", "-Xclang", "-disable-O0-optnone", "-fno-discard-value-names", "-S", "-emit-llvm", "-mllvm", "-opaque-pointers"];
    if (sh([CLANG, ...cflags, f("sqlite3.c"), "-o", f("sqlite3.ptr.before.ll")]).status !== 0) throw new Error("clang failed");
    if (sh([OPT, "-opaque-pointers", "-passes=mem2reg", "-S", f("sqlite3.ptr.before.ll"), "-o", f("sqlite3.ptr.after.ll")]).status !== 0) throw new Error("opt failed");
  }
  const variants = (program: string, stem: string): Variant[] => [
    { program, label: "typed pointers", before: f(`${stem}.before.ll`), after: f(`${stem}.after.ll`), optFlags: [] },
    { program, label: "typed pointers, -g", before: f(`${stem}.g.before.ll`), after: f(`${stem}.g.after.ll`), optFlags: [] },
    ...(existsSync(f(`${stem}.ptr.after.ll`))
      ? [{ program, label: "opaque pointers", before: f(`${stem}.ptr.before.ll`), after: f(`${stem}.ptr.after.ll`), optFlags: ["-opaque-pointers"] }]
      : []),
  ];
  const out = variants("SQLite", "sqlite3");
  if (!existsSync(f("ts-javascript.ptr.after.ll"))) {
    process.stderr.write("real_c: fetching and compiling tree-sitter (scripts/fetch-tree-sitter.sh)\n");
    // SQLite alone still makes the section when tree-sitter cannot be had
    if (sh(["bash", join(ROOT, "scripts/fetch-tree-sitter.sh"), DIR]).status !== 0) return [...out, ...laterReleases(DIR)];
  }
  return [...out, ...laterReleases(DIR), ...variants("tree-sitter runtime", "ts-lib"), ...variants("tree-sitter-javascript parser", "ts-javascript")];
}

const fmt = (ms: number) => (ms / 1000).toFixed(2);
const rel = (p: string) => p.startsWith(ROOT) ? p.slice(ROOT.length) : p;

interface Timing {
  ms: number[];
  mb: number[];
}

export interface RealCOptions {
  runs: number;
  /** Where the program and its IR live (scripts/fetch-real-c.sh fills it). */
  dir: string;
  progress?: (line: string) => void;
}

/**
 * The section: markdown lines (from a `##` heading on) and headline items; or why it was skipped
 * (no opt or clang, or the program could not be fetched).
 */
export function realC(o: RealCOptions): { lines: string[]; headline: string[]; data: RealCJson["variants"] } | { skipped: string } {
  const RUNS = o.runs;
  const DIR = o.dir;
  if (!existsSync(MAIN)) throw new Error("dist/cli/main.js missing: run `npm run build` first");
  const t0 = Date.now();
  const loadStart = loadavg()[0];
  let loadMax = loadStart;
  let variants: Variant[];
  try {
    variants = ensureInputs(DIR);
  } catch (e) {
    return { skipped: `the real C program is not available: ${(e as Error).message} (scripts/fetch-real-c.sh needs network access, and Debian's clang-14 and llvm-14, which it installs where it can)` };
  }
  const OPT = opt();
  const CLANG = clang();
  if (!OPT) return { skipped: "opt not found (apt-get install llvm-14)" };
  const headline: string[] = [];
  const rows: string[] = [];
  const verdicts: string[] = [];
  const data: RealCJson["variants"] = [];
  for (const v of variants) {
    const vopt = v.opt ?? OPT;
    const cmds: Record<string, string[]> = {
      opt: [vopt, ...v.optFlags, "-passes=mem2reg", v.before, "-disable-output"],
      "opt (writing bitcode)": [vopt, ...v.optFlags, "-passes=mem2reg", v.before, "-o", "/dev/null"],
      validate: ["node", MAIN, "validate", v.before, v.after],
      construct: ["node", MAIN, "construct", v.before, "-o", "/dev/null"],
      "parser alone": ["node", PARSE_FLOOR, v.before, v.after],
      "parser and adapter": ["node", ADAPT_FLOOR, v.before, v.after],
    };
    const label: Record<string, string> = {
      opt: `${v.opt !== undefined ? basename(v.opt) : "opt"} ${[...v.optFlags, "-passes=mem2reg"].join(" ")} before.ll -disable-output`,
      "opt (writing bitcode)": `${v.opt !== undefined ? basename(v.opt) : "opt"} ${[...v.optFlags, "-passes=mem2reg"].join(" ")} before.ll -o /dev/null`,
      validate: "formal-ssa validate before.ll after.ll",
      construct: "formal-ssa construct before.ll -o /dev/null",
      "parser alone": "node dist/bench/parse_floor.js before.ll after.ll",
      "parser and adapter": "node dist/bench/adapt_floor.js before.ll after.ll",
    };
    const keys = Object.keys(cmds);
    const t: Record<string, Timing> = Object.fromEntries(keys.map((k) => [k, { ms: [], mb: [] }]));
    let validateOut = "";
    for (let r = 0; r < RUNS + 1; r++) {
      for (const k of keys) {
        o.progress?.(`real C, ${v.program}, ${v.label}: ${k} run ${r + 1} of ${RUNS + 1}`);
        const res = timed(cmds[k]);
        if (k === "validate") validateOut = res.stdout;
        else if (res.status !== 0) throw new Error(`${cmds[k].join(" ")} failed with ${res.status}`);
        if (r === 0) continue; // the first round warms the file cache
        t[k].ms.push(res.ms);
        if (res.mb !== null) t[k].mb.push(res.mb);
        loadMax = Math.max(loadMax, loadavg()[0]);
      }
    }
    const optMs = median(t.opt.ms);
    for (const k of keys) {
      const m = median(t[k].ms);
      const mem = t[k].mb.length > 0 ? `${Math.round(Math.max(...t[k].mb))}` : "n/a";
      rows.push(`| ${v.program}, ${v.label} | \`${label[k]}\` | ${fmt(m)} | ${fmt(Math.min(...t[k].ms))} | ${(m / optMs).toFixed(2)} | ${mem} |`);
    }
    // the verdicts, from the JSON report
    const json = JSON.parse(sh(["node", MAIN, "validate", v.before, v.after, "--json"], { quiet: true }).stdout) as {
      functions: { name: string; verdict: string; stats: Record<string, number>; differences: string[]; properties: Record<string, { holds: boolean; witness?: { message?: string }[] }> }[];
    };
    const fns = json.functions;
    const ok = fns.filter((f) => f.verdict === "certified").length;
    const ratio = (k: string) => (median(t[k].ms) / optMs).toFixed(2);
    headline.push(
      `${v.program} (${v.label}): ${ok} of ${fns.length} functions certified; whole process against opt (${fmt(optMs)} s): validate ${ratio("validate")}x, construct ${ratio("construct")}x (formal-ssa's parser alone on both files: ${ratio("parser alone")}x); target <= 1: ${Number(ratio("validate")) <= 1 && Number(ratio("construct")) <= 1 ? "met" : "**missed**"}; validate against the parse floor: ${(median(t.validate.ms) / median(t["parser alone"].ms)).toFixed(2)}x (target <= 2: ${median(t.validate.ms) <= 2 * median(t["parser alone"].ms) ? "met" : "**missed**"}; ${beyondFloor(t)})`,
    );
    const sum = (k: string) => fns.reduce((a, f) => a + (f.stats[k] ?? 0), 0);
    // braun+trivial is not in validate's report: every function's original CFG, constructed here
    o.progress?.(`real C, ${v.program}, ${v.label}: braun+trivial and braun+peel phi counts`);
    const braun = braunPhiCounts(readFileSync(v.before, "utf8"), v.before);
    data.push({ program: v.program, variant: v.label, functions: fns.length, certified: ok, phis: { mem2reg: sum("phis"), braunTrivial: braun.braunTrivial, braunPeel: braun.braunPeel } });
    const kinds = new Map<string, number>();
    for (const f of fns)
      for (const d of f.differences) {
        const k = d.startsWith("unexplained") ? "unexplained" : /^\d+ dead phi/.test(d) ? "dead phis (functions)" : d.startsWith("mem2reg's count includes") ? "alloca removed that no round promotes (functions)" : d.replace(/ at block.*$/, "");
        kinds.set(k, (kinds.get(k) ?? 0) + 1);
      }
    verdicts.push(`#### ${v.program}, ${v.label}: ${rel(v.before)} (${(statSync(v.before).size / 1e6).toFixed(1)} MB), ${rel(v.after)} (${(statSync(v.after).size / 1e6).toFixed(1)} MB)`, "");
    verdicts.push(
      `- **${ok} of ${fns.length} functions certified** (${sum("blocks")} reachable blocks, ${sum("promoted")} promoted allocas, ${sum("unreachable_blocks")} unreachable blocks left out, ${sum("refinements")} uses certified only up to refinement)`,
      `- phis: mem2reg ${sum("phis")}, braun+trivial ${braun.braunTrivial}, braun+peel ${sum("phis_minimum")}${braun.braunPeel === sum("phis_minimum") ? "" : ` (**${braun.braunPeel} constructed in process**)`}; ${fns.filter((f) => f.stats.phis === f.stats.phis_minimum).length} functions equal; differences: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(", ") || "none"}`,
      `- summary line: \`${validateOut.trim().split("\n").pop()}\``,
    );
    for (const f of fns.filter((x) => x.verdict !== "certified")) {
      const why = (f.properties.same_instructions?.witness ?? []).map((w) => w.message).filter(Boolean);
      const failing = Object.entries(f.properties).filter(([, p]) => !p.holds && (p as { decided?: boolean }).decided !== false).map(([k]) => k);
      verdicts.push(`- rejected \`${f.name}\` (fails ${failing.join(", ")}): ${why[0] ?? "see the report"}`);
    }
    verdicts.push("");
  }
  const loadEnd = loadavg()[0];
  const cpu = cpus();
  const optVersion = sh([OPT, "--version"]).stdout.split("\n").find((l) => /LLVM version/.test(l))?.trim() ?? "?";
  const clangVersion = CLANG ? sh([CLANG, "--version"]).stdout.split("\n")[0].trim() : "?";
  const md = [
    "## 5. Real C programs: mem2reg certified, and timed against opt",
    "",
    `- Program: SQLite's amalgamation \`sqlite3.c\` as the npm package better-sqlite3 ships it (deps/sqlite3/sqlite3.c; ${
      existsSync(join(DIR, "sqlite3.c")) ? readFileSync(join(DIR, "sqlite3.c"), "utf8").split("\n").length - 1 : "?"
    } lines), fetched and compiled by scripts/fetch-real-c.sh: \`clang-14 -O0 -Xclang -disable-O0-optnone -fno-discard-value-names -S -emit-llvm\` (with and without \`-g\`; opaque pointers with \`-mllvm -opaque-pointers\`), then \`opt -passes=mem2reg -S\``,
    ...(existsSync(join(DIR, "tree-sitter.txt"))
      ? [`- Beside it: ${readFileSync(join(DIR, "tree-sitter.txt"), "utf8").trim()}, fetched and compiled the same way by scripts/fetch-tree-sitter.sh`]
      : []),
    ...(variants.some((v) => v.opt !== undefined)
      ? [`- Later releases: SQLite compiled by clang-N and promoted by opt-N for N = ${variants.filter((v) => v.opt !== undefined).map((v) => v.label.replace(/^LLVM (\d+).*$/, "$1")).join(", ")} (\`LLVM_VERSION=N scripts/fetch-real-c.sh\`: opaque pointers, their default), each timed against its own opt`]
      : []),
    `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}, ${Math.round((Date.now() - t0) / 1000)} s in all, ${RUNS} counted runs per command after one uncounted`,
    `- CPU: ${cpu[0]?.model ?? "?"}, ${cpu.length} logical cores; memory ${(totalmem() / 2 ** 30).toFixed(1)} GiB; ${type()} ${release()}`,
    `- Node ${process.version}; ${optVersion}; ${clangVersion}`,
    `- Load average (1 min): ${loadStart.toFixed(2)} at the start, ${loadEnd.toFixed(2)} at the end, at most ${loadMax.toFixed(2)} seen between runs (this benchmark accounts for about 1)`,
    "",
    "Whole processes, wall clock, interleaved (each command in turn, then again), so that load",
    "falls on all alike. `opt ... -disable-output` parses before.ll, runs mem2reg and prints",
    "nothing: the ratios are against it. `opt ... -o /dev/null` is the issue's command as written,",
    "which also writes the bitcode. `validate` parses both files, compares them instruction by",
    "instruction, builds both CFGs per function, decides every validity and quality property, and",
    "counts braun+peel's phis; `construct` parses before.ll and writes our SSA of every function",
    "(exchange format) to /dev/null. `parser alone` (bench/parse_floor.ts) is the floor under",
    "validate: the same reading and parsing of both files, piece by piece, and nothing else.",
    "`parser and adapter` (bench/adapt_floor.ts) reads both files and runs the LLVM adapter on them",
    "as validate does (every pair cut, parsed, compared, modelled, its documents built) and stops",
    "there: it splits validate's time beyond the parse floor into the adapter's part and the part",
    "every producer shares (lowering, the checks, the report), against the 2x target's allowance.",
    "Ratio: median against opt's median. Memory: peak resident set (MB).",
    "",
    "### Time",
    "",
    "| variant | command | median s | fastest s | / opt | peak MB |",
    "| --- | --- | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
    "### Verdicts",
    "",
    ...verdicts,
  ];
  return { lines: md, headline, data };
}

// run alone: the section on stdout
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const flag = (name: string, dflt: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : dflt;
  };
  const r = realC({ runs: Number(flag("--runs", "5")), dir: join(ROOT, flag("--dir", "tmp/real-c")), progress: (l) => process.stderr.write(`${l}\n`) });
  process.stdout.write("skipped" in r ? `skipped: ${r.skipped}\n` : [...r.headline.map((h) => `- ${h}`), "", ...r.lines].join("\n") + "\n");
}
