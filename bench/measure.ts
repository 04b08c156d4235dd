/**
 * Measuring helpers of the benchmark: medians, the fitted exponent, garbage collection between
 * measurements, progress on stderr, and the machine's description.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";

const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;

/** One timed whole process: wall milliseconds and peak resident memory (MB, from /usr/bin/time where present). */
export function timedProcess(cmd: readonly string[], cwd: string): { ms: number; mb: number | null; status: number | null; stdout: string; stderr: string } {
  const full = TIME ? [TIME, "-f", "%M", ...cmd] : [...cmd];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(full[0], full.slice(1), { cwd, encoding: "utf8", maxBuffer: 1 << 30 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const last = TIME ? (r.stderr.trim().split("\n").pop() ?? "") : "";
  const kb = Number(last);
  return { ms, mb: TIME && Number.isFinite(kb) && kb > 0 ? kb / 1024 : null, status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Least-squares slope of log(time) against log(n) over the points with a positive time: the
 * fitted exponent `k` of `time ~ c * n^k`. NaN with fewer than two points.
 */
export function fitExponent(points: readonly (readonly [number, number])[]): number {
  const pts = points.filter(([n, t]) => n > 0 && t > 0).map(([n, t]) => [Math.log(n), Math.log(t)]);
  if (pts.length < 2) return NaN;
  const mx = pts.reduce((a, p) => a + p[0], 0) / pts.length;
  const my = pts.reduce((a, p) => a + p[1], 0) / pts.length;
  const num = pts.reduce((a, p) => a + (p[0] - mx) * (p[1] - my), 0);
  const den = pts.reduce((a, p) => a + (p[0] - mx) ** 2, 0);
  return num / den;
}

/** The slope between the last two points only: the exponent on the largest decade measured. */
export function lastSlope(points: readonly (readonly [number, number])[]): number {
  const pts = points.filter(([n, t]) => n > 0 && t > 0);
  if (pts.length < 2) return NaN;
  const [n0, t0] = pts[pts.length - 2];
  const [n1, t1] = pts[pts.length - 1];
  return Math.log(t1 / t0) / Math.log(n1 / n0);
}

const gc = (globalThis as { gc?: () => void }).gc;

/** A full collection before a measurement, when node runs with --expose-gc (`npm run bench` does). */
export function collect(): void {
  gc?.();
}

export const gcExposed = gc !== undefined;

/**
 * Repeats a measurement: `run` returns the milliseconds it measured. At least `min` runs, more
 * while the runs so far sum to less than `budgetMs` (up to `max` runs), so that short
 * measurements are not one noisy sample. Returns every measured time, in order.
 */
export function repeat(run: () => number, min: number, budgetMs: number, max: number): number[] {
  const times: number[] = [];
  let sum = 0;
  while (times.length < min || (sum < budgetMs && times.length < max)) {
    const t = run();
    times.push(t);
    sum += t;
  }
  return times;
}

/** The highest 1-minute load average seen at any progress message. */
export let loadMax = os.loadavg()[0];

export function progress(msg: string): void {
  loadMax = Math.max(loadMax, os.loadavg()[0]);
  process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}\n`);
}
const started = performance.now();

export function ms(x: number): string {
  if (!Number.isFinite(x)) return "-";
  if (x >= 100) return x.toFixed(0);
  if (x >= 10) return x.toFixed(1);
  if (x >= 1) return x.toFixed(2);
  return x.toFixed(3);
}

export function fmtExp(x: number): string {
  return Number.isFinite(x) ? x.toFixed(2) : "-";
}

export function fmtInt(n: number): string {
  return n >= 1000 && Math.log10(n) % 1 === 0 ? `10^${Math.log10(n)}` : String(n);
}

/** CPU model, cores, memory, Node, OS: one line each, for the results' header. */
export function machine(): string[] {
  const cpus = os.cpus();
  let model = cpus[0]?.model?.trim() ?? "unknown CPU";
  // virtual machines often report a bare family name ("AMD EPYC"): add what /proc/cpuinfo says
  try {
    const info = readFileSync("/proc/cpuinfo", "utf8");
    const field = (k: string) => new RegExp(`^${k}\\s*:\\s*(.+)$`, "m").exec(info)?.[1]?.trim();
    const ids = [["cpu family", "family"], ["model", "model"], ["stepping", "stepping"]]
      .map(([k, label]) => (field(k) !== undefined ? `${label} ${field(k)}` : ""))
      .filter((x) => x);
    if (ids.length) model += `, ${ids.join(" ")}`;
    if (/^flags\s*:.*\bhypervisor\b/m.test(info)) model += ", virtual machine";
  } catch {
    // not Linux
  }
  const mhz = cpus[0]?.speed ? `, ${cpus[0].speed} MHz` : "";
  return [
    `CPU: ${model} (${cpus.length} logical cores${mhz})`,
    `Memory: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `OS: ${os.type()} ${os.release()} (${os.arch()})`,
    `Node: ${process.version} (V8 ${process.versions.v8})`,
  ];
}

/** `opt --version`'s version line, or undefined when there is no runnable `opt`. */
export function optVersion(opt: string): string | undefined {
  try {
    const out = execFileSync(opt, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    const m = /LLVM version ([0-9][^\s]*)/.exec(out);
    return m ? m[1] : out.split("\n").find((l) => l.trim().length > 0)?.trim();
  } catch {
    return undefined;
  }
}
