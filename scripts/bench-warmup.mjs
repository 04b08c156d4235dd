#!/usr/bin/env node
// Where `formal-ssa validate before.ll after.ll` spends its time on a real module, beyond what
// `npm run bench` shows (whole processes): the same validation run twice in one process, so the
// second run has V8's optimised code from the first; the difference is the JIT warm-up a
// one-shot process pays. Also the floor of any JavaScript reader: a bare byte-level tokenizer
// over both files.
//
//   npm run build && node scripts/bench-warmup.mjs BEFORE.ll AFTER.ll
//   (e.g. tmp/real-c/sqlite3.before.ll tmp/real-c/sqlite3.after.ll from scripts/fetch-real-c.sh)
//
// Prints the tokenizer's time, both runs' times, and the cumulative time after so many
// functions in each run (the warm-up is the gap; it is largest over the first functions).
import { readFileSync } from "node:fs";

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  console.error("usage: node scripts/bench-warmup.mjs BEFORE.ll AFTER.ll");
  process.exit(2);
}

// the floor: words, quoted strings and punctuation, no structure built
const t0 = performance.now();
let tokens = 0;
let bytes = 0;
for (const f of [before, after]) {
  const b = readFileSync(f);
  bytes += b.length;
  for (let i = 0, n = b.length; i < n; ) {
    const c = b[i];
    if (c === 10 || c === 32 || c === 9) i++;
    else if (c === 59) while (i < n && b[i] !== 10) i++;
    else if (c === 34) {
      i++;
      while (i < n && b[i] !== 34) i++;
      i++;
      tokens++;
    } else if ((c >= 48 && c <= 57) || (c >= 64 && c <= 90) || (c >= 97 && c <= 122) || c === 37 || c === 95 || c === 46 || c === 36 || c === 45) {
      while (i < n) {
        const d = b[i];
        if ((d >= 48 && d <= 57) || (d >= 64 && d <= 90) || (d >= 97 && d <= 122) || d === 37 || d === 95 || d === 46 || d === 36 || d === 45) i++;
        else break;
      }
      tokens++;
    } else {
      i++;
      tokens++;
    }
  }
}
console.log(`tokenizer (read + scan, ${(bytes / 1e6).toFixed(1)} MB, ${tokens} tokens): ${(performance.now() - t0).toFixed(0)} ms`);

const dist = (p) => new URL(`../dist/api/${p}`, import.meta.url).href;
const { validateWith } = await import(dist("producers.js"));
const { llvmAdapter } = await import(dist("llvm.js"));
const { readInput } = await import(dist("node/files.js"));
const tb = readInput(before);
const ta = readInput(after);
const curves = [];
for (let run = 0; run < 2; run++) {
  const start = performance.now();
  const at = [];
  validateWith(llvmAdapter, tb, ta, { onFunction: () => at.push(performance.now() - start) });
  curves.push(at);
  console.log(`validate, run ${run + 1} (${run === 0 ? "cold" : "warm"}): ${(performance.now() - start).toFixed(0)} ms, ${at.length} functions`);
}
const n = curves[0].length;
console.log("functions  cold ms  warm ms  gap ms");
for (const k of [10, 100, 1000, n].filter((k) => k <= n))
  console.log(`${String(k).padStart(9)}  ${curves[0][k - 1].toFixed(0).padStart(7)}  ${curves[1][k - 1].toFixed(0).padStart(7)}  ${(curves[0][k - 1] - curves[1][k - 1]).toFixed(0).padStart(6)}`);
