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
 * Reported: median wall-clock time of the whole process and of the compile loop inside it, the
 * time spent in the logger, the build's thread's time running and waiting for a CPU, CPU time
 * and peak memory (from /usr/bin/time), and the verdicts per library: functions that reached
 * SSA, certified, phis enterSSA created, phis EliminateRedundantPhi left, and braun+peel's minimum.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
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

function build(mode: "plain" | "validate" | "inline", files: readonly string[]): Run {
  const cmd = [process.execPath, BUILD, "--mode", mode, ...files];
  const full = TIME ? [TIME, "-f", "%M %U %S", ...cmd] : cmd;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(full[0], full.slice(1), { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 28 });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`react_build --mode ${mode} failed: ${r.stderr}`);
  const [kb, user, sys] = TIME ? (r.stderr.trim().split("\n").pop() ?? "").split(" ").map(Number) : [NaN, NaN, NaN];
  const out = JSON.parse(r.stdout) as { ms: number; inLogger: number; thread: Run["thread"]; summary?: Summary };
  const cpu = Number.isFinite(user) && Number.isFinite(sys) ? (user + sys) * 1000 : null;
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
  const cpuOf = (rs: Run[]) => (rs.every((r) => r.cpu !== null) ? median(rs.map((r) => r.cpu!)) : null);
  const cpu = (rs: Run[]) => (cpuOf(rs) === null ? "n/a" : `${cpuOf(rs)!.toFixed(0)} ms`);
  const cpuOver = (rs: Run[]) => (cpuOf(plain) !== null && cpuOf(rs) !== null ? pct(cpuOf(rs)! / cpuOf(plain)! - 1) : "");
  const s = validating[0].summary!;
  const lines = [
    "## 6. The React Compiler: its SSA certified, and what validation adds to a build",
    "",
    `${files.length} files of real JavaScript (bench/react_corpus.ts: ${Object.entries(libraries)
      .map(([k, v]) => `${k}, ${v.length} files`)
      .join("; ")}), compiled by Babel with babel-plugin-react-compiler (\`compilationMode: "all"\`), one whole process per build (bench/react_build.ts), ${o.runs} runs each, interleaved; medians.`,
    "",
    "| build | whole process | compile loop | in the logger | build's thread running | build's thread waiting for a CPU | CPU, all threads | peak memory |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| compiler alone | ${m(plain, "wall").toFixed(0)} ms | ${m(plain, "loop").toFixed(0)} ms | - | ${threadOf(plain, "run")} | ${threadOf(plain, "wait")} | ${cpu(plain)} | ${mb(plain)} |`,
    `| compiler + validatingLogger() (validation on its own thread) | ${m(validating, "wall").toFixed(0)} ms | ${m(validating, "loop").toFixed(0)} ms | ${m(validating, "inLogger").toFixed(0)} ms | ${threadOf(validating, "run")} | ${threadOf(validating, "wait")} | ${cpu(validating)} | ${mb(validating)} |`,
    `| validation adds | ${pct(wallOver)} | ${pct(loopOver)} | | | | ${cpuOver(validating)} | |`,
    `| compiler + validatingLogger({ thread: false }) (in the build's thread) | ${m(inline, "wall").toFixed(0)} ms | ${m(inline, "loop").toFixed(0)} ms | ${m(inline, "inLogger").toFixed(0)} ms | ${threadOf(inline, "run")} | ${threadOf(inline, "wait")} | ${cpu(inline)} | ${mb(inline)} |`,
    `| validation adds | ${pct(inlineOver)} | ${pct(inlineLoopOver)} | | | | ${cpuOver(inline)} | |`,
    "",
    "`in the logger` is the time the build's thread spends in the validating logger (`debugLogIRs` and `logEvent`): with the validation thread, copying the HIR at three points and handing it over; in the build's thread, also pairing, lowering, checking and reporting. `build's thread running` and `waiting for a CPU` are the build's thread's own times over the compile loop (Linux's schedstat): on 2 cores the build already keeps both busy (V8's background threads compile Babel and the compiler and collect their garbage), so the validation thread, at the lowest priority, still costs the build some waiting, and V8's background threads compile the validator's own code for it at normal priority. `CPU, all threads` is user + system time of the process (/usr/bin/time).",
    "",
    `Target: validation adds at most ${TARGET * 100}% to the build's time: ${wallOver <= TARGET ? "met" : "missed"} (${pct(wallOver)} whole process, ${pct(loopOver)} compile loop; in the build's thread ${pct(inlineOver)}).`,
    "",
    "| library | files | functions that reached SSA | skipped by the compiler | certified | phis by enterSSA | left by EliminateRedundantPhi | braun+peel minimum |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...verdicts.map(
      (v) =>
        `| ${v.lib} | ${v.files} | ${v.summary.compiled} | ${v.summary.skipped} | ${v.summary.certified} | ${v.summary.phis_created} | ${v.summary.phis_left} | ${v.summary.phis_minimum} |`,
    ),
    `| all | ${files.length} | ${s.compiled} | ${s.skipped} | ${s.certified} | ${s.phis_created} | ${s.phis_left} | ${s.phis_minimum} |`,
    "",
    `${(s.redundant_share * 100).toFixed(1)}% of enterSSA's phis are redundant (removed by EliminateRedundantPhi); ${s.rejected} rejected, ${s.unmappable} not validated.`,
  ];
  const headline = [
    `React Compiler: ${s.certified} of ${s.compiled} functions certified (${files.length} files of ${Object.keys(libraries).map((k) => k.split(" ")[0]).join(", ")}); phis ${s.phis_created} by enterSSA, ${s.phis_left} left, minimum ${s.phis_minimum}; validation adds ${pct(wallOver)} to the build on its own thread, ${pct(inlineOver)} in the build's thread (target ${TARGET * 100}%: ${wallOver <= TARGET ? "met" : "missed"})`,
  ];
  return { lines, headline };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const runs = args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) : 5;
  const r = reactSeries({ runs, progress: (m) => process.stderr.write(m + "\n") });
  process.stdout.write(("skipped" in r ? `skipped: ${r.skipped}` : r.lines.join("\n")) + "\n");
}
