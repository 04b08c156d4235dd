#!/usr/bin/env node
// Differential check of two builds of formal-ssa on LLVM IR: the same commands on the same files,
// outputs compared byte for byte, timing aside (the JSON report's "milliseconds" fields and the
// text report's per-function "N ms"). Used to check a new reader of .ll files against the one it replaces before that one
// is deleted (issue 42): build the old commit into a directory of its own, then
//
//   node scripts/llvm-differential.mjs OLD/dist/cli/main.js dist/cli/main.js DIR...
//
// Every DIR is searched (not recursively) for pairs NAME.before.ll / NAME.after.ll; per pair it
// runs `validate --json --full`, `validate --functions --full` (the text report) and
// `construct NAME.before.ll` with each build, and compares exit code, standard output and
// standard error. Prints one line per difference and the counts; exit 1 on any difference.
import { spawnSync } from "node:child_process";
import { readdirSync, existsSync } from "node:fs";
import { join } from "node:path";

const [oldCli, newCli, ...dirs] = process.argv.slice(2);
if (oldCli === undefined || newCli === undefined || dirs.length === 0) {
  console.error("usage: node scripts/llvm-differential.mjs OLD_MAIN.js NEW_MAIN.js DIR...");
  process.exit(2);
}

const COMMANDS = [
  (b, a) => ["validate", "--json", "--full", b, a],
  (b, a) => ["validate", "--functions", "--full", b, a],
  (b) => ["construct", b],
];

/** The output without its timing (the JSON report's `"milliseconds": N` fields, the text report's `, N ms)`). */
const untimed = (s) => s.replace(/"milliseconds": [0-9.e+-]+/g, '"milliseconds": T').replace(/, [0-9.]+ ms\)/g, ", T ms)");

function run(cli, args) {
  const r = spawnSync(process.execPath, ["--max-old-space-size=6000", cli, ...args], { encoding: "utf8", maxBuffer: 1 << 30 });
  // the progress bar on standard error shows the seconds elapsed
  return { status: r.status, stdout: untimed(r.stdout), stderr: r.stderr.replace(/\| [0-9]+s \|/g, "| Ts |") };
}

let pairs = 0;
let runs = 0;
let differences = 0;
for (const dir of dirs) {
  if (!existsSync(dir)) {
    console.log(`${dir}: not there, skipped`);
    continue;
  }
  const names = readdirSync(dir).filter((f) => f.endsWith(".before.ll")).map((f) => f.slice(0, -".before.ll".length)).sort();
  for (const name of names) {
    const b = join(dir, `${name}.before.ll`);
    const a = join(dir, `${name}.after.ll`);
    if (!existsSync(a)) continue;
    pairs++;
    for (const command of COMMANDS) {
      const args = command(b, a);
      const x = run(oldCli, args);
      const y = run(newCli, args);
      runs++;
      const same = x.status === y.status && x.stdout === y.stdout && x.stderr === y.stderr;
      if (!same) {
        differences++;
        console.log(`DIFFERENT: ${args.join(" ")} (exit ${x.status} -> ${y.status}, stdout ${x.stdout === y.stdout ? "same" : "differs"}, stderr ${x.stderr === y.stderr ? "same" : "differs"})`);
        if (x.stderr !== y.stderr) console.log(`  old stderr: ${x.stderr.slice(0, 300)}\n  new stderr: ${y.stderr.slice(0, 300)}`);
      }
    }
  }
}
console.log(`${pairs} pairs, ${runs} runs per build, ${differences} differences`);
process.exit(differences === 0 ? 0 : 1);
