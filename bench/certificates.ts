/**
 * Certificates against validate (docs/certificates.md), measured on this machine:
 *
 * 1. the paper's n-ifs as exchange-format documents (10^5 ... 10^6 ifs): `formal-ssa validate
 *    --certificate` and `formal-ssa recheck` as whole processes, interleaved, medians; the
 *    fitted exponent of recheck's time, its share of validate's, the certificate's size against
 *    the SSA document's, peak memory;
 * 2. every real corpus at hand (tmp/real-c: SQLite under LLVM 14, 15, 16 and their variants, and
 *    compiled by gcc -O0 and -O2 for its dumps; tmp/spirv-corpus: the SPIR-V shaders; tmp/real-js:
 *    the React Compiler's corpus, both stages): each pair through `validate --emit --certificate`
 *    (in this process, the library's `validateFiles`), then `recheck` on the emitted pair:
 *    recheck must accept exactly the functions validate certified (completeness, and no
 *    acceptance of what validate rejects); for SQLite under LLVM 14 also both as whole processes
 *    on the emitted pair.
 *
 *   npx tsc -p tsconfig.build.json && node dist/bench/certificates.js [--sizes 100000,400000] [--runs 3] [--no-write]
 *
 * Writes bench/certificates.md and bench/certificates.json (generated files).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { recheck } from "../api/certificate.js";
import { GCC_DUMP_FLAGS, validateFiles } from "../api/node/index.js";
import { validateReactFiles } from "../api/node/react.js";
import { corpus } from "./react_corpus.js";
import { construct } from "../api/construct.js";
import { formatDocuments } from "../api/documents.js";
import { nIfs } from "./families.js";
import { fitExponent, median, timedProcess } from "./measure.js";

const args = process.argv.slice(2);
const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const SIZES = (opt("--sizes") ?? "100000,200000,400000,1000000").split(",").map(Number);
const RUNS = Number(opt("--runs") ?? 3);
const WRITE = !args.includes("--no-write");
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CLI = join(ROOT, "dist/cli/main.js");
const FLOOR = join(ROOT, "dist/bench/read_floor.js");
const say = (s: string) => process.stderr.write(`certificates: ${s}\n`);

interface IfsRow {
  ifs: number;
  originalMB: number;
  ssaMB: number;
  certificateMB: number;
  validateMs: number;
  recheckMs: number;
  validatePeakMB: number | null;
  recheckPeakMB: number | null;
  /** The byte reader alone on both documents (bench/read_floor.ts): a floor under recheck. */
  floorMs: number;
}

function ifsSeries(dir: string): IfsRow[] {
  const rows: IfsRow[] = [];
  for (const n of SIZES) {
    say(`n-ifs ${n}`);
    const doc = nIfs(n);
    const [o, s, c] = [join(dir, `ifs${n}.json`), join(dir, `ifs${n}.ssa.json`), join(dir, `ifs${n}.cert.json`)];
    writeFileSync(o, JSON.stringify(doc));
    writeFileSync(s, formatDocuments([construct(doc as never, { algorithm: "braun" }) as never]));
    const v: { ms: number; mb: number | null }[] = [];
    const r: { ms: number; mb: number | null }[] = [];
    const f: number[] = [];
    for (let k = 0; k < RUNS; k++) {
      f.push(timedProcess(["node", FLOOR, o, s], dir).ms);
      const a = timedProcess(["node", CLI, "validate", o, s, "--certificate", c], dir);
      if (a.status !== 0) throw new Error(`validate ifs${n}: exit ${a.status}: ${a.stderr.slice(0, 300)}`);
      v.push(a);
      const b = timedProcess(["node", CLI, "recheck", o, s, c], dir);
      if (b.status !== 0 || !b.stdout.includes("accepted: 1 of 1 function accepted")) throw new Error(`recheck ifs${n}: exit ${b.status}: ${b.stdout.slice(0, 300)}`);
      r.push(b);
    }
    const mb = (f: string) => statSync(f).size / 2 ** 20;
    const peak = (xs: { mb: number | null }[]) => (xs.every((x) => x.mb !== null) ? Math.max(...xs.map((x) => x.mb!)) : null);
    rows.push({ ifs: n, originalMB: mb(o), ssaMB: mb(s), certificateMB: mb(c), validateMs: median(v.map((x) => x.ms)), recheckMs: median(r.map((x) => x.ms)), validatePeakMB: peak(v), recheckPeakMB: peak(r), floorMs: median(f) });
    for (const f of [o, s, c]) rmSync(f);
  }
  return rows;
}

interface CorpusRow {
  corpus: string;
  pairs: number;
  functions: number;
  certified: number;
  accepted: number;
  /** Functions where recheck and validate disagree (must be none). */
  disagreements: string[];
  certificateMB: number;
  ssaMB: number;
}

/** The before/after pairs of a corpus folder: NAME.before.EXT and NAME.after.EXT. */
function pairsIn(folder: string, ext: string): { name: string; before: string; after: string }[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((f) => f.endsWith(`.before.${ext}`) && existsSync(join(folder, f.replace(".before.", ".after."))))
    .sort()
    .map((f) => ({ name: f.replace(`.before.${ext}`, ""), before: join(folder, f), after: join(folder, f.replace(".before.", ".after.")) }));
}

async function corpusRow(corpus: string, pairs: { name: string; before: string; after: string }[], dir: string): Promise<CorpusRow | undefined> {
  if (pairs.length === 0) return undefined;
  const row: CorpusRow = { corpus, pairs: pairs.length, functions: 0, certified: 0, accepted: 0, disagreements: [], certificateMB: 0, ssaMB: 0 };
  for (const [i, p] of pairs.entries()) {
    if (i % 100 === 0) say(`${corpus}: ${i} of ${pairs.length}`);
    const out = join(dir, "emit");
    const report = await validateFiles(p.before, p.after, { emit: out, certificate: true });
    const ssa = readFileSync(join(out, "ssa.json"));
    const re = recheck(readFileSync(join(out, "original.json")), ssa, report.certificate);
    row.functions += report.functions.length;
    row.ssaMB += ssa.length / 2 ** 20;
    row.certificateMB += JSON.stringify(report.certificate).length / 2 ** 20;
    report.functions.forEach((f, k) => {
      const certified = f.verdict === "certified";
      const accepted = re.functions[k]?.accepted === true;
      row.certified += certified ? 1 : 0;
      row.accepted += accepted ? 1 : 0;
      if (certified !== accepted) row.disagreements.push(`${p.name} ${f.name}: validate ${f.verdict}, recheck ${accepted ? "accepted" : re.functions[k]?.failure}`);
    });
  }
  return row;
}

/**
 * The React Compiler on its corpus (tmp/real-js, scripts/fetch-react-corpus.sh), both stages:
 * `react --emit --certificate` through the library, then recheck on each file's two pairs.
 */
async function reactRow(dir: string): Promise<CorpusRow | undefined> {
  if (!existsSync(join(ROOT, "tmp/real-js/lodash-es/package.json"))) return undefined;
  const files = Object.values(corpus()).flat().map((f) => join(ROOT, f));
  say(`React Compiler: ${files.length} files`);
  const out = join(dir, "react");
  const report = await validateReactFiles(files, { emit: out, certificate: true });
  const row: CorpusRow = { corpus: "React Compiler (lodash-es, preact, react-bootstrap; enterSSA and EliminateRedundantPhi)", pairs: 0, functions: 0, certified: 0, accepted: 0, disagreements: [], certificateMB: 0, ssaMB: 0 };
  const verdicts = new Map(report.functions.map((f) => [`${f.file}\u0000${f.name}`, f.verdict]));
  for (const f of new Set(report.functions.map((x) => x.file))) {
    const base = join(out, relative(process.cwd(), f));
    if (!existsSync(`${base}.cfg.json`)) continue;
    for (const stage of ["ssa", "eliminated"]) {
      row.pairs++;
      const ssa = readFileSync(`${base}.${stage}.json`);
      const cert = readFileSync(`${base}.${stage}.cert.json`);
      row.ssaMB += ssa.length / 2 ** 20;
      row.certificateMB += cert.length / 2 ** 20;
      const re = recheck(readFileSync(`${base}.cfg.json`), ssa, cert);
      for (const g of re.functions) {
        // a function's verdict covers both stages; a stage's own certificate covers that stage
        const certified = verdicts.get(`${f}\u0000${g.name}`) === "certified";
        row.functions++;
        row.certified += certified ? 1 : 0;
        row.accepted += g.accepted ? 1 : 0;
        if (certified && !g.accepted) row.disagreements.push(`${f} ${stage} ${g.name}: certified, recheck ${g.failure}`);
      }
    }
  }
  return row;
}

/** GCC's dumps of SQLite before and after into-SSA at -O0 and -O2, compiled here (as `formal-ssa gcc` does) when gcc and sqlite3.c are at hand. */
function gccDumps(realC: string, dir: string): { name: string; before: string; after: string }[] {
  const source = join(realC, "sqlite3.c");
  if (!existsSync(source)) return [];
  const out: { name: string; before: string; after: string }[] = [];
  for (const level of ["-O0", "-O2"]) {
    const work = join(dir, `gcc${level}`);
    mkdirSync(work, { recursive: true });
    say(`gcc ${level} on sqlite3.c`);
    const r = timedProcess(["gcc", level, "-c", ...GCC_DUMP_FLAGS, source, "-dumpdir", `${work}/`, "-dumpbase", "sqlite3.c", "-o", join(dir, "sqlite3.o")], dir);
    if (r.status !== 0) throw new Error(`gcc ${level} on sqlite3.c failed: ${r.stderr.slice(-300)}`);
    out.push({ name: `gcc ${level}`, before: join(work, "sqlite3.c.020t.fixup_cfg1"), after: join(work, "sqlite3.c.021t.ssa") });
  }
  return out.filter((p) => existsSync(p.before) && existsSync(p.after));
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(os.tmpdir(), "formal-ssa-certificates-"));
  try {
    const ifs = ifsSeries(dir);
    const realC = join(ROOT, "tmp/real-c");
    const llvm = [
      ...["sqlite3", "sqlite3.g", "sqlite3.ptr"].map((n) => ({ name: `LLVM 14 ${n}`, before: join(realC, `${n}.before.ll`), after: join(realC, `${n}.after.ll`) })),
      ...["sqlite3", "sqlite3.g", "sqlite3.typed"].map((n) => ({ name: `LLVM 16 ${n}`, before: join(realC, "llvm16", `${n}.before.ll`), after: join(realC, "llvm16", `${n}.after.ll`) })),
    ].filter((p) => existsSync(p.before) && existsSync(p.after));
    const spirv = ["gl-transitions", "lygia"].flatMap((c) => pairsIn(join(ROOT, "tmp/spirv-corpus", c), "spv"));
    const corpora = [
      await corpusRow("SQLite (LLVM mem2reg)", llvm, dir),
      await corpusRow("SQLite (GCC into-SSA, -O0 and -O2)", gccDumps(realC, dir), dir),
      await corpusRow("SPIR-V shaders (spirv-opt --ssa-rewrite)", spirv, dir),
      await reactRow(dir),
    ].filter((r) => r !== undefined);
    // SQLite under LLVM 14, whole processes on the emitted pair
    let sqlite: { validateMs: number; recheckMs: number; floorMs: number; originalMB: number; ssaMB: number } | undefined;
    if (existsSync(join(realC, "sqlite3.before.ll"))) {
      say("SQLite, whole processes");
      const e = join(dir, "sqlite");
      const c = join(dir, "sqlite.cert.json");
      const made = timedProcess(["node", CLI, "validate", join(realC, "sqlite3.before.ll"), join(realC, "sqlite3.after.ll"), "--emit", e, "--certificate", c], dir);
      if (made.status !== 0) throw new Error(`validate sqlite: ${made.stderr.slice(0, 300)}`);
      const v: number[] = [];
      const r: number[] = [];
      const f: number[] = [];
      for (let k = 0; k < RUNS; k++) {
        f.push(timedProcess(["node", FLOOR, join(e, "original.json"), join(e, "ssa.json")], dir).ms);
        v.push(timedProcess(["node", CLI, "validate", join(e, "original.json"), join(e, "ssa.json"), "--undef", "refine"], dir).ms);
        const b = timedProcess(["node", CLI, "recheck", join(e, "original.json"), join(e, "ssa.json"), c], dir);
        if (b.status !== 0) throw new Error(`recheck sqlite: ${b.stdout.slice(-300)}`);
        r.push(b.ms);
      }
      const mb = (x: string) => statSync(join(e, x)).size / 2 ** 20;
      sqlite = { validateMs: median(v), recheckMs: median(r), floorMs: median(f), originalMB: mb("original.json"), ssaMB: mb("ssa.json") };
    }
    const exponent = fitExponent(ifs.map((x) => [x.ifs, x.recheckMs]));
    const beyond = (x: { validateMs: number; recheckMs: number; floorMs: number }) => ((x.recheckMs - x.floorMs) / (x.validateMs - x.floorMs)).toFixed(2);
    const lines = [
      "# Certificates: recheck against validate",
      "",
      `Generated by bench/certificates.ts on ${new Date().toISOString()} (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)} at the end). Whole processes, medians of ${RUNS} interleaved runs.`,
      "",
      "## n-ifs as exchange-format documents",
      "",
      "| ifs | original | SSA | certificate | certificate / SSA | validate --certificate | recheck | recheck / validate | read floor | floor / validate | beyond the floor: recheck / validate | peak validate | peak recheck |",
      "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...ifs.map(
        (x) =>
          `| ${x.ifs} | ${x.originalMB.toFixed(1)} MB | ${x.ssaMB.toFixed(1)} MB | ${x.certificateMB.toFixed(1)} MB | ${(x.certificateMB / x.ssaMB).toFixed(2)} | ${(x.validateMs / 1000).toFixed(2)} s | ${(x.recheckMs / 1000).toFixed(2)} s | ${(x.recheckMs / x.validateMs).toFixed(2)} | ${(x.floorMs / 1000).toFixed(2)} s | ${(x.floorMs / x.validateMs).toFixed(2)} | ${beyond(x)} | ${x.validatePeakMB?.toFixed(0) ?? "?"} MB | ${x.recheckPeakMB?.toFixed(0) ?? "?"} MB |`,
      ),
      "",
      `Fitted exponent of recheck's time over these sizes: ${exponent.toFixed(2)} (target at most 1.1).`,
      "",
      "## Real corpora: completeness and agreement",
      "",
      "| corpus | pairs | functions | certified by validate | accepted by recheck | disagreements | certificates | emitted SSA |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...corpora.map((c) => `| ${c.corpus} | ${c.pairs} | ${c.functions} | ${c.certified} | ${c.accepted} | ${c.disagreements.length} | ${c.certificateMB.toFixed(1)} MB | ${c.ssaMB.toFixed(1)} MB |`),
      ...corpora.flatMap((c) => c.disagreements.slice(0, 10).map((d) => `- ${d}`)),
      "",
      sqlite === undefined
        ? "SQLite is not at hand (scripts/fetch-real-c.sh): no whole-process comparison."
        : `SQLite under LLVM 14, on the pair \`validate --emit\` wrote (${sqlite.originalMB.toFixed(1)} MB and ${sqlite.ssaMB.toFixed(1)} MB), whole processes: \`validate original.json ssa.json --undef refine\` ${(sqlite.validateMs / 1000).toFixed(2)} s, \`recheck\` ${(sqlite.recheckMs / 1000).toFixed(2)} s (${(sqlite.recheckMs / sqlite.validateMs).toFixed(2)} of validate's time; target at most 0.33); the byte reader alone on the pair ${(sqlite.floorMs / 1000).toFixed(2)} s (${(sqlite.floorMs / sqlite.validateMs).toFixed(2)} of validate's time); beyond that floor, recheck / validate ${beyond(sqlite)}.`,
      "",
      "The read floor is a process that reads both documents with the byte reader recheck and validate share (bench/read_floor.ts) and does nothing else: recheck cannot take less. `beyond the floor` divides what recheck spends past it by what validate spends past it: the share recheck would take if reading cost nothing.",
      "",
    ];
    const text = lines.join("\n");
    if (WRITE) {
      writeFileSync(join(ROOT, "bench/certificates.md"), text);
      writeFileSync(join(ROOT, "bench/certificates.json"), `${JSON.stringify({ ifs, exponent, corpora, sqlite }, null, 2)}\n`);
    } else process.stdout.write(text);
    if (corpora.some((c) => c.disagreements.length > 0)) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
