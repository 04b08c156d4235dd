#!/usr/bin/env node
// Parse speed of adapters/llvm/read.ts (with the strict reader, verify.ts) on big modules: the two generated ~20 MB modules of
// scripts/gen-llvm-module.mjs (10^5 blocks in 2*10^4 functions; one function of 10^5 blocks),
// plus any .ll files named on the command line (e.g. the sqlite3 ones of scripts/fetch-real-c.sh).
//
//   npm run build && node scripts/bench-llvm-parse.mjs [FILE.ll ...] [--runs N]
//
// For each file: parseModuleChunks on the file read in 1 MiB chunks, and parseModule on the whole text (reading the
// file not timed), the first run (cold JIT) and the best of N, in MB/s (10^6 bytes per second).
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeLlvmModule } from "./gen-llvm-module.mjs";

const dist = new URL("../dist/adapters/llvm/read.js", import.meta.url);
let parser;
try {
  parser = await import(dist.href);
} catch {
  console.error("bench-llvm-parse: dist/adapters/llvm/read.js missing: run `npm run build` first");
  process.exit(1);
}
const { parseModule, parseModuleChunks } = parser;

/** The file's bytes in chunks of 1 MiB, never all at once. */
function* chunks(path) {
  const fd = openSync(path, "r");
  try {
    const buf = Buffer.allocUnsafe(1 << 20);
    for (let got = readSync(fd, buf); got > 0; got = readSync(fd, buf)) yield buf.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}
const parseModuleFile = (path) => parseModuleChunks(chunks(path), path);

const args = process.argv.slice(2);
let runs = 5;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--runs") runs = Number(args[++i]);
  else files.push(args[i]);
}

const tmp = mkdtempSync(join(tmpdir(), "llvm-bench-"));
try {
  const many = join(tmp, "many.ll");
  const wide = join(tmp, "wide.ll");
  writeLlvmModule(many, { functions: 20000, rounds: 1 });
  writeLlvmModule(wide, { functions: 1, rounds: 33333 });
  console.log(`node ${process.version}, ${runs} runs each\n`);
  console.log("| file | MB | functions | blocks | instructions | streaming first / best MB/s | whole text first / best MB/s |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const [label, path] of [["generated: 2*10^4 functions", many], ["generated: one function, 10^5 blocks", wide], ...files.map((f) => [f, f])]) {
    const mb = statSync(path).size / 1e6;
    const stream = time(() => parseModuleFile(path), runs);
    const text = readFileSync(path, "utf8");
    const whole = time(() => parseModule(text, path), runs);
    const m = stream.result;
    let blocks = 0;
    let instrs = 0;
    for (const f of m.functions) {
      blocks += f.blocks.length;
      for (const b of f.blocks) instrs += b.instrs.length;
    }
    const rate = (ms) => (mb / (ms / 1000)).toFixed(1);
    console.log(
      `| ${label} | ${mb.toFixed(1)} | ${m.functions.length} | ${blocks} | ${instrs} | ` +
        `${rate(stream.first)} / ${rate(stream.best)} | ${rate(whole.first)} / ${rate(whole.best)} |`,
    );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

function time(f, n) {
  let first = 0;
  let best = Infinity;
  let result;
  for (let i = 0; i < n; i++) {
    result = undefined;
    const t0 = performance.now();
    result = f();
    const dt = performance.now() - t0;
    if (i === 0) first = dt;
    best = Math.min(best, dt);
  }
  return { first, best, result };
}
