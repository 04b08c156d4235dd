#!/usr/bin/env node
// `validate` on one pair of .ll files against `opt -passes=mem2reg`, as bench/real_c.ts times it:
// whole processes, interleaved (each round runs every command once, so that the machine's load
// falls on all alike), a first round to warm the file cache that does not count, then the median
// of N rounds. Beside the wall-clock time it reports the processor time (user + system, from
// /usr/bin/time), which a loaded machine disturbs less, and the peak memory.
//
//   node scripts/bench-llvm-validate.mjs BEFORE.ll AFTER.ll [--runs 5] [--opt opt-16] [--jobs 1,2] [--old OLD_MAIN.js]
//
// --old: also time another build's `validate` (e.g. the commit before a change, built elsewhere).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(name);
  if (i < 0) return dflt;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const runs = Number(flag("--runs", "5"));
const opt = flag("--opt", "opt");
const jobs = flag("--jobs", "1").split(",");
const old = flag("--old", undefined);
const [before, after] = args;
if (before === undefined || after === undefined) {
  console.error("usage: node scripts/bench-llvm-validate.mjs BEFORE.ll AFTER.ll [--runs 5] [--opt opt-16] [--jobs 1,2] [--old OLD_MAIN.js]");
  process.exit(2);
}
const MAIN = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
if (!existsSync(MAIN)) throw new Error("dist/cli/main.js missing: run `npm run build` first");

const commands = { [`${opt} -passes=mem2reg before.ll -disable-output`]: [opt, "-passes=mem2reg", before, "-disable-output"] };
if (old !== undefined) commands["validate (old build)"] = ["node", old, "validate", before, after];
for (const j of jobs) commands[`validate --jobs ${j}`] = ["node", MAIN, "validate", before, after, "--jobs", j];

function timed(cmd) {
  const r = spawnSync("/usr/bin/time", ["-f", "%e %U %S %M", ...cmd], { encoding: "utf8", maxBuffer: 1 << 30 });
  const last = r.stderr.trim().split("\n").pop() ?? "";
  const [wall, user, sys, kb] = last.split(" ").map(Number);
  if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd.join(" ")} failed with ${r.status}: ${r.stderr.slice(0, 300)}`);
  return { wall, cpu: user + sys, mb: kb / 1024 };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const keys = Object.keys(commands);
const t = Object.fromEntries(keys.map((k) => [k, { wall: [], cpu: [], mb: [] }]));
const loads = [loadavg()[0]];
for (let r = 0; r <= runs; r++)
  for (const k of keys) {
    const x = timed(commands[k]);
    loads.push(loadavg()[0]);
    if (r === 0) continue;
    t[k].wall.push(x.wall);
    t[k].cpu.push(x.cpu);
    t[k].mb.push(x.mb);
  }
const optKey = keys[0];
const optWall = median(t[optKey].wall);
const optCpu = median(t[optKey].cpu);
console.log(`${before} / ${after}: medians of ${runs} interleaved runs (after one warm-up round), load average ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}`);
console.log("| command | wall s | x opt | cpu s (user+sys) | x opt | peak MB |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
for (const k of keys) {
  const w = median(t[k].wall);
  const c = median(t[k].cpu);
  console.log(`| ${k} | ${w.toFixed(2)} | ${(w / optWall).toFixed(2)} | ${c.toFixed(2)} | ${(c / optCpu).toFixed(2)} | ${median(t[k].mb).toFixed(0)} |`);
}
