#!/usr/bin/env node
/**
 * Certifies hermesc on the corpus of scripts/fetch-hermes-corpus.sh (docs/hermes.md, "Real
 * JavaScript"): every bundle under three configurations, each through `validateJs` as
 * `formal-ssa hermes` runs it:
 *
 *   V1 simplemem2reg   formal-ssa hermes NAME.js                        (hermes-compiler 260318099.x)
 *   V1 mem2reg         formal-ssa hermes --pass mem2reg NAME.js
 *   legacy mem2reg     formal-ssa hermes --hermesc LEGACY NAME.legacy.js (hermes-compiler 0.14.x: 0.12.0)
 *
 * and prints per bundle and configuration: functions, certified, rejected, not covered, the
 * builder's phis and braun+peel's minimum, as a Markdown table, then every function not certified
 * with its summary. Needs `npm run build` first (it imports dist/).
 *
 *   node scripts/hermes-corpus.mjs [OUTDIR] [--only NAME,...] [--configs v1-simple,v1-mem2reg,legacy] [--pipeline O]
 */
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const flag = (name) => {
  const k = args.indexOf(name);
  if (k < 0) return undefined;
  const v = args[k + 1];
  args.splice(k, 2);
  return v;
};
const only = flag("--only")?.split(",");
const pipeline = flag("--pipeline") === "O" ? "O" : "custom";
const configNames = flag("--configs")?.split(",");
const out = args[0] ?? join(root, "tmp/hermes-corpus");
const { validateJs } = await import(join(root, "dist/api/node/index.js"));
const require = createRequire(import.meta.url);
const legacy = join(dirname(require.resolve("hermes-compiler-legacy/package.json")), "hermesc/linux64-bin/hermesc");

const configs = [
  { key: "v1-simple", name: "V1 simplemem2reg", file: (n) => `${n}.js`, options: { pass: "simplemem2reg" } },
  { key: "v1-mem2reg", name: "V1 mem2reg", file: (n) => `${n}.js`, options: { pass: "mem2reg" } },
  { key: "legacy", name: "legacy 0.12 mem2reg", file: (n) => `${n}.legacy.js`, options: { hermesc: legacy, pass: "mem2reg" } },
].filter((c) => configNames === undefined || configNames.includes(c.key));
const bundles = readdirSync(join(out, "bundles"))
  .filter((f) => f.endsWith(".js") && !f.endsWith(".legacy.js"))
  .map((f) => f.slice(0, -3))
  .filter((n) => only === undefined || only.includes(n))
  .sort();
const rows = [];
const problems = [];
const totals = new Map(configs.map((c) => [c.name, { functions: 0, certified: 0, rejected: 0, uncovered: 0, phis: 0, minimum: 0, ms: 0, kinds: new Map() }]));
for (const b of bundles)
  for (const c of configs) {
    const t0 = performance.now();
    let report;
    try {
      report = await validateJs([join(out, "bundles", c.file(b))], { ...c.options, pipeline });
    } catch (e) {
      rows.push(`| ${b} | ${c.name} | error: ${String(e.message).split("\n")[0]} | | | | |`);
      problems.push(`${b} / ${c.name}: ${e.message}`);
      continue;
    }
    const ms = performance.now() - t0;
    const fs = report.functions;
    const uncovered = fs.filter((f) => f.verdict === "rejected" && f.properties.covered?.holds === false);
    const rejected = fs.filter((f) => f.verdict === "rejected" && f.properties.covered?.holds !== false);
    const phis = fs.reduce((s, f) => s + (f.stats.phis ?? 0), 0);
    const minimum = fs.reduce((s, f) => s + (f.stats.phis_minimum ?? 0), 0);
    const t = totals.get(c.name);
    for (const f of fs)
      for (const d of f.differences ?? []) {
        // "5 dead phis hermesc 1.0.0 mem2reg keeps (...): %1, ..." (5 phis), "folded phis at block entry: 2 phi(s) ..." (2),
        // "equal values merged at block BB7: ..." (1 place)
        const dead = /^(\d+) dead phis? /.exec(d);
        const at = /^(.*?) at block \S+: (\d+ )?/.exec(d);
        const kind = dead !== null ? "dead phis kept" : at !== null ? at[1] : d;
        const n = dead !== null ? Number(dead[1]) : at?.[2] !== undefined ? Number(at[2]) : 1;
        t.kinds.set(kind, (t.kinds.get(kind) ?? 0) + n);
      }
    t.functions += fs.length;
    t.certified += fs.length - rejected.length - uncovered.length;
    t.rejected += rejected.length;
    t.uncovered += uncovered.length;
    t.phis += phis;
    t.minimum += minimum;
    t.ms += ms;
    rows.push(`| ${b} | ${c.name} | ${fs.length} | ${fs.length - rejected.length - uncovered.length} | ${rejected.length} | ${uncovered.length} | ${phis} / ${minimum} |`);
    for (const f of [...rejected, ...uncovered]) problems.push(`${b} / ${c.name} / ${f.name}: ${f.summary}`);
    process.stderr.write(`${b} ${c.name}: ${fs.length} functions, ${rejected.length} rejected, ${uncovered.length} not covered (${(ms / 1000).toFixed(1)} s)\n`);
  }
console.log(`| bundle | compiler, pass${pipeline === "O" ? " (-O)" : ""} | functions | certified | rejected | not covered | phis / minimum |`);
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
for (const r of rows) console.log(r);
for (const [name, t] of totals) console.log(`| **all** | ${name} | ${t.functions} | ${t.certified} | ${t.rejected} | ${t.uncovered} | ${t.phis} / ${t.minimum} |`);
console.log("");
for (const [name, t] of totals) console.log(`${name}: ${(t.ms / 1000).toFixed(1)} s in all (hermesc and validation)`);
console.log("\nThe differences from braun+peel's phis the reports explain (phis, or places where the model needs a phi the pass does not; slot names: functions):");
for (const [name, t] of totals) console.log(`- ${name}: ${[...t.kinds].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join("; ") || "none"}`);
if (problems.length > 0) {
  console.log("\nNot certified:");
  for (const p of problems) console.log(`- ${p}`);
}
