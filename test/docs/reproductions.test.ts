/**
 * docs/reproductions.md is written by scripts/reproductions.mjs from bench/results.json (which
 * `npm run bench` writes). Here the generator runs in-process on a small fixture
 * (test/fixtures/bench/results.json): every topic's table, the published figures with their
 * sources, our figures with the bench's date, and the sentence on agreement. The published
 * figures the script quotes must be exactly those of test/fixtures/bench/paper-quotes.json, copied
 * verbatim from the text versions of the two works with file and line; where the paper files are
 * present (/work/shared/papers, or $FORMAL_SSA_PAPERS), each must stand verbatim on its line.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cell, OUTPUT, plain, PUBLISHED, renderReproductions, RESULTS, ROOT, shown, sourceOf, WAGNER_TABLES, wagnerRow, wagnerTotals, WORKS } from "../../scripts/reproductions.mjs";

const fixture = (f: string) => JSON.parse(readFileSync(join(ROOT, "test/fixtures/bench", f), "utf8"));
const results = fixture("results.json");
const quotes: { id: string; file: string; line: number; source: string; text: string }[] = fixture("paper-quotes.json").quotes;
const PAPERS = process.env.FORMAL_SSA_PAPERS ?? "/work/shared/papers";

/** The page's section from its heading to the next heading of the same or a higher level. */
function section(page: string, heading: string): string {
  const start = page.indexOf(`${heading}\n`);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const level = heading.indexOf(" ");
  const rest = page.slice(start + heading.length);
  const next = rest.search(new RegExp(`\\n#{1,${level}} `));
  return next < 0 ? rest : rest.slice(0, next);
}

/** The table row (a line of the page) whose first cell is `first`. */
function rowOf(text: string, first: string): string {
  const line = text.split("\n").find((l) => l.startsWith(`| ${first} |`));
  expect(line, `a row "${first}"`).toBeDefined();
  return line!;
}

describe("docs/reproductions.md (scripts/reproductions.mjs)", () => {
  const page = renderReproductions(results);

  it("quotes exactly the published figures of the fixture, each verbatim from its work", () => {
    const ours = [
      ...PUBLISHED.map((p) => ({ id: p.id, file: WORKS[p.work].file, text: p.quote })),
      ...WAGNER_TABLES.flatMap((t) => t.rows.map((r) => ({ id: `table-${t.table}-${r.split("\t")[0]}`, file: WORKS.wagner2016.file, text: r }))),
    ];
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(ours.sort(byId)).toEqual(quotes.map(({ id, file, text }) => ({ id, file, text })).sort(byId));
    for (const q of quotes) expect(q.source.startsWith(WORKS.cc2016.short) || q.source.startsWith(WORKS.wagner2016.short), q.id).toBe(true);
  });

  it.runIf(Object.values(WORKS).every((w) => existsSync(join(PAPERS, w.file))))("every quote stands verbatim on its line of the paper text files", () => {
    const files = new Map(Object.values(WORKS).map((w) => [w.file, readFileSync(join(PAPERS, w.file), "utf8").split("\n")]));
    for (const q of quotes) expect(files.get(q.file)![q.line - 1], `${q.id} at ${q.file}:${q.line}`).toContain(q.text);
  });

  it("the Wagner tables' last column is phis removed / phis, and their sums are as the page says", () => {
    expect(wagnerRow(WAGNER_TABLES.find((t) => t.table === "5.2")!.rows.find((r) => r.startsWith("bzip2\t"))!)).toMatchObject({ removed: 187, total: 965, figure: "187/965" });
    expect(WAGNER_TABLES.map((t) => `${t.table}:${t.rows.length}`)).toEqual(["5.1:15", "5.2:12", "5.3:5", "5.4:15", "5.5:12", "5.6:5"]);
    expect(wagnerTotals()).toEqual([
      { configuration: "fully optimized", tables: ["5.1", "5.2", "5.3"], removed: 800, total: 114237 },
      { configuration: "essential optimizations only", tables: ["5.4", "5.5", "5.6"], removed: 1783, total: 171061 },
    ]);
  });

  it("renders LaTeX of the text versions as plain text", () => {
    expect(plain("For our extracted code, this results in  $\\mathcal{O}(n \\cdot \\log(n)^2)$ .")).toBe("For our extracted code, this results in O(n · log(n)^2).");
    expect(plain("for 100, 200, . . . , 10000 *if* statements")).toBe("for 100, 200, ..., 10000 *if* statements");
    expect(cell("O(|V|^2 + |V||E|)")).toBe("O(\\|V\\|^2 + \\|V\\|\\|E\\|)");
  });

  it("every published figure appears on the page with its source; every row of ours names the bench's date", () => {
    for (const p of PUBLISHED.filter((x) => x.id !== "peel-ladder")) {
      const line = page.split("\n").find((l) => l.includes(shown(p)));
      expect(line, p.id).toBeDefined();
      expect(line, p.id).toContain(sourceOf(p));
    }
    expect(page).toContain("`ir_graph *create_ladder_graph(int steps) {`");
    for (const p of PUBLISHED) expect(sourceOf(p)).toMatch(p.work === "cc2016" ? /^CC 2016, (Section 7|Table 1)/ : /^Wagner 2016, .*, pp?\. \d+/);
    expect(page.match(/\| ours \(bench 2026-01-02T03:04:05Z\) \|/g)).toHaveLength(4);
    expect(page).toContain("fixture of test/docs/reproductions.test.ts (not a bench run)");
    expect(page).toContain("- CPU: Fixture CPU (2 logical cores)");
  });

  it("1. n-ifs: the paper's fit as a power law, our exponents over its range, the ratio at 10^4, and the verdict", () => {
    const s = section(page, "## 1. The n-ifs scaling test (CC 2016, Section 7)");
    expect(s).toContain("n · log(n)^2 over their sizes has k = 1.27.");
    expect(rowOf(s, "trivial phis, removed on the fly")).toContain("phis left at every n: 0 for functional+trivial, braun, cytron, aycock-horspool+trivial");
    expect(rowOf(s, "expected runtime")).toContain("braun: fitted exponent 0.50 over n = 100, 10^3, 10^4 (last decade 0.85)");
    expect(rowOf(s, "extracted code (functional)")).toContain("functional+trivial: k = 0.74 over their range");
    expect(rowOf(s, "Cytron et al. and the validator")).toContain("cytron: k = 0.64 over their range");
    expect(rowOf(s, "time at 10000 ifs")).toContain("functional+trivial 11.6 ms, cytron 4.53 ms (ratio 2.56; theirs 0.56 / 0.82 = 0.68), braun 3.98 ms");
    expect(s).toContain("**Agrees in shape**: over the paper's range our fitted exponents are at most 0.74");
    expect(s).toContain("does not carry over (2.56 for us, 0.68 for them");
  });

  it("2a. peeling's worst case: exponent against the bound, the generator, the time near 700 phis", () => {
    const s = section(page, "### 2a. The worst case of peeling");
    expect(rowOf(s, "worst-case complexity")).toContain("fitted exponent of peel's time against steps: 1.95 (last doubling 1.98), steps 250, 500, 1000");
    expect(rowOf(s, "worst-case complexity")).toContain("O(\\|V\\|^2 + \\|V\\|\\|E\\|)");
    expect(rowOf(s, "the worst-case graph")).toContain("250 steps 503, 500 steps 1003, 1000 steps 2003");
    expect(rowOf(s, "its generator")).toContain("Wagner 2016, Appendix A.3 (Code Used for Worst-Case Example), p. 83");
    expect(rowOf(s, "time on a worst case of that size")).toContain("1003 phis (500 steps): 23.9 ms; 2003 phis (1000 steps): 94.6 ms");
    expect(s).toContain("**Agrees**: our peel grows with exponent 1.95");
  });

  it("2b. redundant phis: the thesis's tables summed, ours on random irreducible CFGs and on real C, and the verdict", () => {
    const s = section(page, "### 2b. Redundant phis left after trivial-phi removal");
    expect(rowOf(s, "real programs, fully optimised")).toContain("Tables 5.1-5.3 summed: 800/114237 (0.70%)");
    expect(rowOf(s, "real programs, essential optimisations only")).toContain("Tables 5.4-5.6 summed: 1783/171061 (1.04%)");
    expect(rowOf(s, "real programs, essential optimisations only")).toContain("clang -O0: SQLite: 0.05% (4 of 7792); tree-sitter runtime: 0.00% (0 of 863)");
    expect(rowOf(s, "the largest share in one benchmark")).toContain("Table 5.2, bzip2: 187/965 (19.4%)");
    expect(rowOf(s, "irreducible CFGs alone")).toContain("random irreducible CFGs: 30.1% (666 of 2214 phis; 167 of 312 CFGs have one; at most 100% in one CFG)");
    expect(rowOf(s, "essential optimizations only")).toContain("cpython* 1055/19973 (Table 5.6)");
    expect(s).toContain("**Agrees where the inputs are alike, and the random figure is not a reproduction**");
    expect(s).toContain("at most 32.3% in one: bzip2, Table 5.5");
  });

  it("3. real C: mem2reg, braun+trivial and braun+peel per variant, against the paper's 0.15%", () => {
    const s = section(page, "## 3. Phi counts on real C programs: mem2reg, braun+trivial, braun+peel");
    expect(rowOf(s, "braun+trivial against the minimum")).toContain("SQLite: 0.05% more; tree-sitter runtime: 0.00% more");
    expect(s).toContain("| SQLite | typed pointers | 2630 | 2630 | 7765 | 7792 | 7788 | +4 (0.05%) | -23 (-0.30%) |");
    expect(s).toContain("| SQLite | opaque pointers | 2630 | 2629 | 7765 | 7792 | 7788 | +4 (0.05%) | -23 (-0.30%) |");
    expect(s).toContain("| tree-sitter runtime | typed pointers | 522 | 522 | 861 | 863 | 863 | +0 (0.00%) | -2 (-0.23%) |");
    expect(s).toContain("**Agrees**: like the paper's 0.15% more than Cytron et al.'s");
  });

  it.runIf(existsSync(join(ROOT, RESULTS)))("docs/reproductions.md is what the generator writes from bench/results.json", () => {
    const want = renderReproductions(JSON.parse(readFileSync(join(ROOT, RESULTS), "utf8")));
    const have = existsSync(join(ROOT, OUTPUT)) ? readFileSync(join(ROOT, OUTPUT), "utf8") : "";
    // a stale page is not a failure of the code: the generator rewrites it from the bench's figures
    if (have !== want) expect.fail(`${OUTPUT} is ${have ? "stale" : "missing"}: run \`npm run reproductions\` after \`npm run bench\`, and commit the result`);
  });

  it("says what was not measured instead of inventing it: no real C, no 10^4, a disagreeing exponent", () => {
    const r = structuredClone(results);
    r.realC = { skipped: "not in a quick run", variants: [] };
    r.quick = true;
    r.nIfs.sizes = [100, 1000];
    for (const a of r.nIfs.algorithms) {
      a.ms = a.ms.slice(0, 2);
      a.phis = a.phis.slice(0, 2);
    }
    r.ladder.exponent = 2.6;
    const p = renderReproductions(r);
    expect(p).toContain("(**quick run**: small sizes only, section 5 of the bench skipped)");
    expect(p).toContain("n = 10^4 not measured");
    expect(p).toContain("Real C programs not measured in this run: not in a quick run.");
    expect(p).toContain("**Not compared on real programs in this run** (not in a quick run)");
    expect(p).toContain("**Does not agree**: exponent 2.60 against the analysis's 2");
    expect(() => renderReproductions({ ...r, schema: "other" })).toThrow(/schema/);
  });
});
