/**
 * The n-ifs family side by side with LLVM's mem2reg: the same function as LLVM IR text (argc in
 * an alloca, as clang -O0 emits it) and as an exchange-format file, both written to disk, then
 * whole processes timed against each other, and `opt -time-passes`'s own report parsed for the
 * pass alone.
 */
import { spawnSync } from "node:child_process";
import { closeSync, openSync, writeSync } from "node:fs";
import { nIfs } from "./families.js";

/** Buffered text output to a file, so that a file of hundreds of megabytes needs no one string. */
class FileWriter {
  private readonly fd: number;
  private buf: string[] = [];
  private size = 0;
  constructor(path: string) {
    this.fd = openSync(path, "w");
  }
  write(s: string): void {
    this.buf.push(s);
    this.size += s.length;
    if (this.size >= 1 << 22) this.flush();
  }
  private flush(): void {
    if (this.buf.length) writeSync(this.fd, this.buf.join(""));
    this.buf = [];
    this.size = 0;
  }
  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

/**
 * `nIfs(n)` as LLVM IR, block for block: `entry` stores the parameter into `%argc.addr`; block
 * `if<i>` loads it, compares with 0 and branches to `then<i>` or `join<i>`; `then<i>` branches to
 * `join<i>` (preds then, if: the same two in-edges as the exchange-format version); `join<i>`
 * branches on; `return` loads argc and returns it. `typedPointers`: `i32*` (LLVM <= 14 without
 * opaque pointers) or `ptr` (LLVM >= 15).
 */
export function writeIfsLl(path: string, n: number, typedPointers: boolean): void {
  const p = typedPointers ? "i32*" : "ptr";
  const w = new FileWriter(path);
  w.write(`; nIfs(${n}) of bench/families.ts, argc in an alloca\n`);
  w.write(`define i32 @ifs${n}(i32 %argc) {\nentry:\n  %argc.addr = alloca i32\n  store i32 %argc, ${p} %argc.addr\n  br label %${n > 0 ? "if0" : "return"}\n`);
  for (let i = 0; i < n; i++) {
    const next = i + 1 < n ? `if${i + 1}` : "return";
    w.write(
      `if${i}:\n  %v${i} = load i32, ${p} %argc.addr\n  %c${i} = icmp ne i32 %v${i}, 0\n  br i1 %c${i}, label %then${i}, label %join${i}\n` +
        `then${i}:\n  br label %join${i}\njoin${i}:\n  br label %${next}\n`,
    );
  }
  w.write(`return:\n  %r = load i32, ${p} %argc.addr\n  ret i32 %r\n}\n`);
  w.close();
}

/** `nIfs(n)` as an exchange-format file, one block per line. */
export function writeIfsJson(path: string, n: number): void {
  const doc = nIfs(n);
  const w = new FileWriter(path);
  w.write(`{"format": "formal-ssa/1", "kind": "cfg", "name": ${JSON.stringify(doc.name)}, "entry": ${JSON.stringify(doc.entry)}, "blocks": [\n`);
  doc.blocks.forEach((b, i) => w.write((i > 0 ? ",\n" : "") + JSON.stringify(b)));
  w.write("\n]}\n");
  w.close();
}

export interface ProcessRun {
  ok: boolean;
  /** Wall-clock milliseconds from spawn to exit, measured here. */
  wallMs: number;
  stdout: string;
  stderr: string;
  /** Why it failed: exit status, signal, timeout. */
  failure?: string;
}

/** Runs a process to completion and times it (spawn to exit, wall clock). */
export function timeProcess(cmd: string, args: readonly string[], timeoutMs: number): ProcessRun {
  const t0 = performance.now();
  const r = spawnSync(cmd, args as string[], { encoding: "utf8", timeout: timeoutMs, maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "pipe"] });
  const wallMs = performance.now() - t0;
  const stdout = r.stdout ?? "";
  const stderr = r.stderr ?? "";
  if (r.error) return { ok: false, wallMs, stdout, stderr, failure: (r.error as NodeJS.ErrnoException).code === "ETIMEDOUT" ? `timed out after ${timeoutMs / 1000} s` : r.error.message };
  if (r.status !== 0) return { ok: false, wallMs, stdout, stderr, failure: `exit ${r.status ?? r.signal}: ${stderr.trim().split("\n").slice(-3).join(" / ")}` };
  return { ok: true, wallMs, stdout, stderr };
}

/**
 * The rows of `-time-passes`'s "Pass execution timing report" (new pass manager): pass or
 * analysis name -> wall milliseconds. The report's times are exclusive: a pass's timer is paused
 * while an analysis it requests runs, which gets its own row. Empty when no report is found.
 */
export function parseTimePasses(stderr: string): Map<string, number> {
  const out = new Map<string, number>();
  const start = stderr.indexOf("Pass execution timing report");
  if (start < 0) return out;
  const end = stderr.indexOf("===---", stderr.indexOf("Total Execution Time", start) + 1);
  const section = stderr.slice(start, end < 0 ? undefined : end);
  // columns: ---User Time--- --System Time-- --User+System-- ---Wall Time--- --- Name ---,
  // each "seconds (percent%)"; some columns are absent when a clock is unavailable, wall is last
  const row = /^\s*((?:[0-9.]+\s+\(\s*[0-9.]+%\)\s+)+)(\S.*?)\s*$/;
  for (const line of section.split("\n")) {
    const m = row.exec(line);
    if (!m) continue;
    const secs = [...m[1].matchAll(/([0-9.]+)\s+\(/g)].map((x) => Number(x[1]));
    const name = m[2];
    if (name === "Total") continue;
    out.set(name, (out.get(name) ?? 0) + secs[secs.length - 1] * 1000);
  }
  return out;
}

/** The number of `phi` instructions in LLVM IR text. */
export function countPhis(ir: string): number {
  return (ir.match(/=\s*phi\s/g) ?? []).length;
}
