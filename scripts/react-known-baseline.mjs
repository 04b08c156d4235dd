#!/usr/bin/env node
// Writes examples/known/react-compiler.json: the baseline (`formal-ssa fuzz --known FILE`) of the
// React Compiler releases docs/findings.md covers, and docs/reports/react-compiler/*.md: each
// documented reproducer as a bug report ready to paste upstream (api/campaign/report.ts, as
// `formal-ssa fuzz --report` writes one), with the releases that have it. Each reproducer of docs/findings.md's React
// table runs through each release exactly as `formal-ssa fuzz --target react-compiler` runs a case
// (the fuzz target's runner, one module, the function renamed f0), and the finding's signature is
// the one a campaign gives: so a campaign with this baseline stays green on these known bugs and
// turns red on a new one. A signature lists the releases that show it.
//
//   npm run build && node scripts/react-known-baseline.mjs [--releases-dir DIR]
//
// The releases are installed with npm (`npm install --prefix DIR/V babel-plugin-react-compiler@V`)
// into DIR (default: $TMPDIR/formal-ssa-react-releases), once; 1.0.0 is the installed peer.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const dist = (p) => import(pathToFileURL(join(ROOT, "dist", p)).href);
const { nodeReactBatchRunner } = await dist("api/campaign/node/react.js");
const { judgeBatch } = await dist("api/campaign/producers.js");
const { reactFuzzTarget } = await dist("adapters/react-compiler/fuzz.js");
const { formatKnown, mergeKnown } = await dist("api/campaign/known.js");
const { bugReport } = await dist("api/campaign/report.js");

/** The releases of docs/findings.md ("all four"), newest first; undefined: the installed 1.0.0. */
export const RELEASES = ["1.0.0", "19.1.0-rc.2", "19.0.0-beta-af1b7da-20250417", "19.0.0-beta-b2e8e9c-20241220"];

/** docs/findings.md's React reproducers: the table's column, each a function `f` (the last two from the bench's corpus). */
export const REPRODUCERS = [
  "function f(a) { if (a) { a = 1; } if (false) { g(a); } }",
  "function f() { let c = 2; if (true) {} if (g()) { c = g(); } return c; }",
  "function f() { let a, c; const get = () => c; ({ c, a } = g()); return [a, get]; }",
  "function f() { let c; do { c = g(); } while (g(c)); }",
  "function f(a) { while (g()) { return g(a); } }",
  "function f() { do { try { return; } catch {} } while (true); }",
  "function f() { try { for (let i = 0; true; ) {} } catch {} }",
  "function f() { let c; let d = 4; try { do { try { c = g(); } catch (e1) { g(e1); } } while (d); } catch (e0) { g(e0); } return c; }",
  "function f(a) { while (a) { try { if (true) { break; } a = g(); } catch {} } }",
  "function f(a) { const b = 1; try { if (b) { try { a = 1; } catch {} } } catch {} return a; }",
  "function f(a) { let b = a, c; () => { c = b; }; if (g()) { return g(c); } if (a) { return; } b = 1; }",
  "function f(a) { let b; while (g()) return; if (a) try { return g(b); } catch (e) { g(e); } }",
  "function f(a) { do { if (a) { a = g(); } else { break; } return a(); } while (0); }",
  "function f(a) { do { if (a) { break; } return; } while (0); g(); }",
  // found by `formal-ssa react` in the bench's corpus (preact 11.2.0), minimised by hand
  "function f(p) { let i; for (i in p) { g(i); } }",
  "function f() { try { g(); } catch (e) { return () => e; } }",
];

const args = process.argv.slice(2);
const at = args.indexOf("--releases-dir");
const releasesDir = at >= 0 ? args[at + 1] : join(tmpdir(), "formal-ssa-react-releases");

/** The package directory of release `v`, installed on first use. */
function releaseDir(v) {
  const prefix = join(releasesDir, v);
  const dir = join(prefix, "node_modules", "babel-plugin-react-compiler");
  if (!existsSync(join(dir, "package.json"))) {
    mkdirSync(prefix, { recursive: true });
    execFileSync("npm", ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", `babel-plugin-react-compiler@${v}`], { stdio: "inherit" });
  }
  return dir;
}

const found = [];
/** Per reproducer, per release: the finding (signature, description, witness), or undefined when it compiles and is certified. */
const outcomes = REPRODUCERS.map(() => []);
const installed = JSON.parse(readFileSync(join(ROOT, "node_modules/babel-plugin-react-compiler/package.json"), "utf8")).version;
for (const v of RELEASES) {
  const runner = nodeReactBatchRunner(v === installed ? {} : { reactCompiler: releaseDir(v) });
  const version = `babel-plugin-react-compiler ${v}`;
  for (const [n, source] of REPRODUCERS.entries()) {
    const printed = { files: { "case.js": `${source.replace(/^function f\(/, "function f0(")}\n` }, functionNames: ["f0"] };
    const run = await runner("default", printed, []);
    if (run.kind !== "ran") {
      const signature = `react-compiler:${run.failure.kind}:${run.failure.message}`;
      found.push({ signature, target: "react-compiler", kind: run.failure.kind, description: run.failure.message, versions: [version] });
      outcomes[n].push({ version, signature, kind: run.failure.kind, description: run.failure.message, witness: run.failure.stderr ?? run.failure.message });
      continue;
    }
    const [finding] = judgeBatch(reactFuzzTarget, "default", printed, run);
    if (finding === undefined) {
      outcomes[n].push({ version });
      continue;
    }
    const failure = run.failures?.get("f0");
    const witness = [failure?.message, run.files["report.txt"]].filter((x) => x !== undefined).join("\n");
    outcomes[n].push({ version, signature: finding.signature, kind: finding.kind, description: finding.description, witness: witness.replace(/\bf0\b/g, "f") });
    found.push({
      signature: finding.signature,
      target: "react-compiler",
      kind: finding.kind,
      description: `${finding.description.replace(/^react-compiler: /, "").replace(/\bf0\b/g, "f")}; e.g. ${source}`,
      versions: [version],
      note: "docs/findings.md, React Compiler",
    });
    process.stderr.write(`${v}: ${finding.signature}\n`);
  }
}
const known = mergeKnown(undefined, found);
const out = join(ROOT, "examples/known/react-compiler.json");
writeFileSync(out, formatKnown(known));
process.stderr.write(`wrote ${out}: ${known.findings.length} signatures\n`);

// the reports: each reproducer's signature is the one of the newest release that has a finding on it
const reports = join(ROOT, "docs/reports/react-compiler");
mkdirSync(reports, { recursive: true });
for (const [n, source] of REPRODUCERS.entries()) {
  const first = outcomes[n].find((o) => o.signature !== undefined);
  if (first === undefined) continue;
  const file = join(reports, `${String(n + 1).padStart(2, "0")}.md`);
  const text = bugReport({
    producer: "babel-plugin-react-compiler",
    signature: first.signature,
    kind: first.kind,
    description: first.description.replace(/\bf0\b/g, "f"),
    files: { "case.js": `${source}\n` },
    commands: reactFuzzTarget.reproduce("default", ["case.js"]),
    have: outcomes[n].filter((o) => o.signature === first.signature).map((o) => o.version),
    haveNot: outcomes[n].filter((o) => o.signature === undefined).map((o) => o.version),
    otherwise: outcomes[n].filter((o) => o.signature !== undefined && o.signature !== first.signature).map((o) => `${o.version} (${o.signature})`),
    witness: first.witness,
    check: ["npx formal-ssa react case.js --each-pass --functions"],
  });
  writeFileSync(file, `<!-- generated by scripts/react-known-baseline.mjs; the releases checked: ${RELEASES.join(", ")} -->\n\n${text}`);
  process.stderr.write(`wrote ${file}\n`);
}
