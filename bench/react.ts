/**
 * The React Compiler certified on real JavaScript, and what validation adds to a build: section 6
 * of bench/results.md (`npm run bench` calls `reactSeries`), or alone, printed to stdout:
 *
 *   npm run build && node dist/bench/react.js [--runs N]
 *
 * The corpus (bench/react_corpus.ts, fetched by scripts/fetch-react-corpus.sh into tmp/real-js/):
 * lodash-es, preact's sources and react-bootstrap's components, plain ESM as npm ships them. Side by side in one run,
 * interleaved so that the machine's load falls on all alike, N times each (default 5), whole
 * processes (bench/react_build.ts):
 *   Babel + babel-plugin-react-compiler (compilationMode all) over every file, a logger that drops events;
 *   the same with formal-ssa's validating logger as Node imports it (validatingLogger(): on its own thread);
 *   the same validating in the build's thread (validatingLogger({ thread: false })).
 * Reported: the CPU time each build takes, user + system of the whole process (every thread: the
 * logger's validation thread, V8's compiler and collector threads) and of its waited-for
 * children, from /usr/bin/time (without it, from the bench's own children's rusage in
 * /proc/self/stat), and what validation adds to it: the target (at most 10%) is on CPU time, as
 * wall time on a shared 2-core machine varies between runs by more than the validator costs.
 * Per build the median and the range over the runs, and the added CPU of each interleaved run
 * against the compiler alone of the same run (their range is the spread). Besides: median
 * wall-clock time of the whole process and of the compile loop inside it, the time spent in the
 * logger, the build's thread's time running and waiting for a CPU, peak memory, and the
 * verdicts per library: functions that reached SSA, skipped and given up on by the compiler,
 * certified, phis enterSSA created, phis EliminateRedundantPhi left, and braun+peel's minimum.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import type { ReactSummary } from "../api/react_validator.js";
import { corpus, ROOT } from "./react_corpus.js";

const BUILD = join(ROOT, "dist/bench/react_build.js");
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;
const TARGET = 0.1;

type Summary = ReactSummary;

interface Run {
  wall: number;
  loop: number;
  inLogger: number;
  /** The build's thread over the loop: ms running, and waiting for a CPU (Linux). */
  thread: { run: number; wait: number } | null;
  mb: number | null;
  /** CPU time of the process, every thread (user + system, ms): V8's compiler and GC threads included. */
  cpu: number | null;
  summary?: Summary;
}

/**
 * CPU time (user + system, ms) of this process's waited-for children so far, from
 * /proc/self/stat (cutime, cstime, in clock ticks of 10 ms, Linux's USER_HZ); null elsewhere.
 */
function childrenCpu(): number | null {
  try {
    // the fields after the command name, which is in parentheses and may hold spaces
    const stat = readFileSync("/proc/self/stat", "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields 16 and 17 of proc(5), counted from 1 with pid and comm as 1 and 2
    return (Number(f[13]) + Number(f[14])) * 10;
  } catch {
    return null;
  }
}

function build(mode: "plain" | "validate" | "inline", files: readonly string[]): Run {
  const cmd = [process.execPath, BUILD, "--mode", mode, ...files];
  const full = TIME ? [TIME, "-f", "%M %U %S", ...cmd] : cmd;
  const c0 = childrenCpu();
  const t0 = process.hrtime.bigint();
  const r = spawnSync(full[0], full.slice(1), { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 28 });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  const c1 = childrenCpu();
  if (r.status !== 0) throw new Error(`react_build --mode ${mode} failed: ${r.stderr}`);
  const [kb, user, sys] = TIME ? (r.stderr.trim().split("\n").pop() ?? "").split(" ").map(Number) : [NaN, NaN, NaN];
  const out = JSON.parse(r.stdout) as { ms: number; inLogger: number; thread: Run["thread"]; summary?: Summary };
  // /usr/bin/time's user + system: the build process's every thread and its waited-for children
  const cpu = Number.isFinite(user) && Number.isFinite(sys) ? (user + sys) * 1000 : c0 !== null && c1 !== null ? c1 - c0 : null;
  return { wall, loop: out.ms, inLogger: out.inLogger, thread: out.thread, mb: Number.isFinite(kb) && kb > 0 ? kb / 1024 : null, cpu, summary: out.summary };
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pct = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}%`;

export interface ReactSeriesOptions {
  runs: number;
  progress?: (msg: string) => void;
}

/** The section: markdown lines (from a `##` heading on) and headline items; or why it was skipped. */
export function reactSeries(o: ReactSeriesOptions): { lines: string[]; headline: string[] } | { skipped: string } {
  const say = o.progress ?? (() => {});
  let libraries: Record<string, string[]>;
  try {
    libraries = corpus();
  } catch (e) {
    return { skipped: (e as Error).message };
  }
  const files = Object.values(libraries).flat();
  const started = { date: new Date().toISOString().replace(/:\d\d\.\d+Z$/, "Z"), load: loadavg() };
  // per library, the verdicts (one validating build each)
  const verdicts = Object.entries(libraries).map(([lib, fs]) => ({ lib, files: fs.length, summary: build("validate", fs).summary! }));
  const plain: Run[] = [];
  const validating: Run[] = [];
  const inline: Run[] = [];
  for (let i = 0; i < o.runs; i++) {
    plain.push(build("plain", files));
    validating.push(build("validate", files));
    inline.push(build("inline", files));
    say(`react: run ${i + 1}/${o.runs}: compiler ${plain[i].wall.toFixed(0)} ms, validating on its thread ${validating[i].wall.toFixed(0)} ms, in the build's thread ${inline[i].wall.toFixed(0)} ms`);
  }
  const m = (rs: Run[], k: "wall" | "loop" | "inLogger") => median(rs.map((r) => r[k]));
  const wallOver = m(validating, "wall") / m(plain, "wall") - 1;
  const loopOver = m(validating, "loop") / m(plain, "loop") - 1;
  const inlineOver = m(inline, "wall") / m(plain, "wall") - 1;
  const inlineLoopOver = m(inline, "loop") / m(plain, "loop") - 1;
  const threadOf = (rs: Run[], k: "run" | "wait") => (rs.every((r) => r.thread !== null) ? `${median(rs.map((r) => r.thread![k])).toFixed(0)} ms` : "n/a");
  const mb = (rs: Run[]) => (rs.every((r) => r.mb !== null) ? `${median(rs.map((r) => r.mb!)).toFixed(0)} MB` : "n/a");
  // CPU time, the target's measure: per build the median and the range; per run, validation's
  // added CPU against the compiler alone of the same run (interleaved, so under the same load)
  const hasCpu = [...plain, ...validating, ...inline].every((r) => r.cpu !== null);
  const cpus = (rs: Run[]) => rs.map((r) => r.cpu!);
  const cpuCell = (rs: Run[]) => (hasCpu ? `${median(cpus(rs)).toFixed(0)} ms (${Math.min(...cpus(rs)).toFixed(0)} to ${Math.max(...cpus(rs)).toFixed(0)})` : "n/a");
  const cpuOver = (rs: Run[]) => (hasCpu ? median(cpus(rs)) / median(cpus(plain)) - 1 : null);
  const paired = (rs: Run[]) => rs.map((r, i) => r.cpu! / plain[i].cpu! - 1);
  const spread = (rs: Run[]) => (hasCpu ? `${pct(Math.min(...paired(rs)))} to ${pct(Math.max(...paired(rs)))}` : "n/a");
  const cpuOverCell = (rs: Run[]) => (hasCpu ? `${pct(cpuOver(rs)!)} (runs: ${spread(rs)})` : "");
  const threadCpu = cpuOver(validating);
  const inlineCpu = cpuOver(inline);
  const verdict = (x: number | null) => (x === null ? "not measured (no /usr/bin/time, no /proc)" : x <= TARGET ? "met" : "missed");
  const load = (at: readonly number[]) => at.map((x) => x.toFixed(2)).join(", ");
  const s = validating[0].summary!;
  const lines = [
    "## 6. The React Compiler: its SSA certified, and what validation adds to a build",
    "",
    `${files.length} files of real JavaScript (bench/react_corpus.ts: ${Object.entries(libraries)
      .map(([k, v]) => `${k}, ${v.length} files`)
      .join("; ")}), compiled by Babel with babel-plugin-react-compiler (\`compilationMode: "all"\`), one whole process per build (bench/react_build.ts), ${o.runs} runs each, interleaved; medians, and the lowest to the highest of the ${o.runs} runs. Measured ${started.date}, load average (1, 5, 15 min) ${load(started.load)} at the start and ${load(loadavg())} at the end.`,
    "",
    "| build | CPU, user + system, every thread (lowest to highest) | CPU validation adds | whole process (wall) | compile loop (wall) | in the logger | build's thread running | build's thread waiting for a CPU | peak memory |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| compiler alone | ${cpuCell(plain)} | - | ${m(plain, "wall").toFixed(0)} ms | ${m(plain, "loop").toFixed(0)} ms | - | ${threadOf(plain, "run")} | ${threadOf(plain, "wait")} | ${mb(plain)} |`,
    `| compiler + validatingLogger() (validation on its own thread) | ${cpuCell(validating)} | ${cpuOverCell(validating)} | ${m(validating, "wall").toFixed(0)} ms (${pct(wallOver)}) | ${m(validating, "loop").toFixed(0)} ms (${pct(loopOver)}) | ${m(validating, "inLogger").toFixed(0)} ms | ${threadOf(validating, "run")} | ${threadOf(validating, "wait")} | ${mb(validating)} |`,
    `| compiler + validatingLogger({ thread: false }) (in the build's thread) | ${cpuCell(inline)} | ${cpuOverCell(inline)} | ${m(inline, "wall").toFixed(0)} ms (${pct(inlineOver)}) | ${m(inline, "loop").toFixed(0)} ms (${pct(inlineLoopOver)}) | ${m(inline, "inLogger").toFixed(0)} ms | ${threadOf(inline, "run")} | ${threadOf(inline, "wait")} | ${mb(inline)} |`,
    "",
    "`CPU` is user + system time of the whole build process, every thread (the validation thread, V8's compiler and garbage collector threads) and its waited-for children (/usr/bin/time). `CPU validation adds` is the ratio of the medians, then, in parentheses, the lowest and highest of the runs' own ratios, each build against the compiler alone of the same run. Wall times are given besides, with what they add: on a 2-core machine shared with other work they vary between runs by more than the validator costs. `in the logger` is the time the build's thread spends in the validating logger (`debugLogIRs` and `logEvent`): with the validation thread, copying the HIR at three points and handing it over; in the build's thread, also pairing, lowering, checking and reporting. `build's thread running` and `waiting for a CPU` are the build's thread's own times over the compile loop (Linux's schedstat).",
    "",
    `Target: validation adds at most ${TARGET * 100}% CPU time to the build: on its own thread ${verdict(threadCpu)} (${threadCpu === null ? "n/a" : pct(threadCpu)}, runs ${spread(validating)}); in the build's thread ${verdict(inlineCpu)} (${inlineCpu === null ? "n/a" : pct(inlineCpu)}, runs ${spread(inline)}). Wall time: ${pct(wallOver)} whole process on its own thread, ${pct(inlineOver)} in the build's thread.`,
    "",
    "| library | files | functions that reached SSA | skipped by the compiler before SSA | given up on after SSA | compiler errors | certified | phis by enterSSA | left by EliminateRedundantPhi | braun+peel minimum |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...verdicts.map(
      (v) =>
        `| ${v.lib} | ${v.files} | ${v.summary.compiled} | ${v.summary.skipped} | ${v.summary.gave_up} | ${v.summary.compiler_errors} | ${v.summary.certified} | ${v.summary.phis_created} | ${v.summary.phis_left} | ${v.summary.phis_minimum} |`,
    ),
    `| all | ${files.length} | ${s.compiled} | ${s.skipped} | ${s.gave_up} | ${s.compiler_errors} | ${s.certified} | ${s.phis_created} | ${s.phis_left} | ${s.phis_minimum} |`,
    "",
    `${(s.redundant_share * 100).toFixed(1)}% of enterSSA's phis are redundant (removed by EliminateRedundantPhi); ${s.rejected} rejected, ${s.unmappable} not validated. "Given up on after SSA": functions whose SSA was certified and which the compiler then left uncompiled (mostly rules of React it checks in later passes); "compiler errors": functions it gave up on, before SSA or after, with an error of its own (an invariant or a crash; docs/react-compiler.md).`,
  ];
  const headline = [
    `React Compiler: ${s.certified} of ${s.compiled} functions certified (${files.length} files of ${Object.keys(libraries).map((k) => k.split(" ")[0]).join(", ")}); phis ${s.phis_created} by enterSSA, ${s.phis_left} left, minimum ${s.phis_minimum}; the compiler gave up on ${s.gave_up} after SSA, ${s.compiler_errors} with an error of its own; validation adds ${threadCpu === null ? "n/a" : pct(threadCpu)} CPU time to the build on its own thread (runs ${spread(validating)}), ${inlineCpu === null ? "n/a" : pct(inlineCpu)} in the build's thread (target ${TARGET * 100}%: ${verdict(threadCpu)}; wall time ${pct(wallOver)} and ${pct(inlineOver)}; ${o.runs} runs each)`,
  ];
  return { lines, headline };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const runs = args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) : 5;
  const r = reactSeries({ runs, progress: (m) => process.stderr.write(m + "\n") });
  process.stdout.write(("skipped" in r ? `skipped: ${r.skipped}` : r.lines.join("\n")) + "\n");
}
