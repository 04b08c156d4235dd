/**
 * The explorer in a real browser: built with vite (explorer/vite.config.ts) into a temporary
 * folder, opened from disk (file://, as a person opening dist-explorer/index.html would) in
 * Debian's headless chromium driven by playwright-core. It steps through the construction of
 * the paper's loop example to the end and checks the phis drawn against the library's
 * `construct` on the same input; it loads examples/diamond.bad.ssa.json against
 * examples/diamond.json and checks that the witness path of the first failing property is the
 * one highlighted. For each producer (LLVM IR, SPIR-V text, GCC dumps) it loads the page's
 * examples and compares what the page shows with the library entry the command line calls
 * (`formal-ssa validate BEFORE AFTER --functions`), run here in Node on the same texts: every
 * function's verdict and first report line; for a rejected one the witness highlighted; the
 * link (the URL's hash) opening the same view. Screenshots go to test-artifacts/explorer/
 * (gitignored).
 *
 * Chromium: /usr/bin/chromium (CHROMIUM_PATH overrides; scripts/setup-chromium.sh installs it,
 * and CI runs that). Without it the test fails, unless FORMAL_SSA_SKIP_BROWSER=1 says to skip.
 * Every wait is for a selector or state of the page, never a fixed time.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { inflateRawSync } from "node:zlib";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { construct, validate, type CfgDocument, type SsaDocument } from "../../api/index.js";
import { validate as validateGcc } from "../../api/gcc.js";
import { validate as validateLlvm } from "../../api/llvm.js";
import { explorerLink, explorerLinks, validateFiles } from "../../api/node/index.js";
import { loadCompiler, validateSources, validateSourcesWith } from "../../api/react_compiler.js";
import { breakFirstPhi, PLANTED_BUG, plantSwappedPhi } from "../../explorer/src/mutants.js";
import { functionLine } from "../../api/react_validator.js";
import { formatReport, type Report } from "../../api/report.js";
import { validate as validateSpirv } from "../../api/spirv.js";
import { PRODUCER_PAIRS, producerMode, type ProducerId } from "../../explorer/src/producers.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SKIP = process.env.FORMAL_SSA_SKIP_BROWSER === "1";
const ARTIFACTS = join(ROOT, "test-artifacts", "explorer");
/** How long the page may take to show a state: far beyond what it takes, also with the other test files running beside this one on a loaded machine. */
const WAIT = { timeout: 60_000 };
/** In the page (evaluated there; this file is typed without the DOM): the last step is shown. */
const AT_LAST = "document.body.dataset.step === document.body.dataset.steps";

/** The page's state in a URL: its hash's parameters, plain or compressed (`#z=`: raw DEFLATE, base64url; explorer/src/link.ts). */
function hashParams(url: string): URLSearchParams {
  const h = new URLSearchParams(new URL(url).hash.slice(1));
  const z = h.get("z");
  return z === null ? h : new URLSearchParams(inflateRawSync(Buffer.from(z, "base64url")).toString("utf8"));
}

const example = (name: string) => JSON.parse(readFileSync(join(ROOT, "examples", name), "utf8"));

/** The phis of an SSA document as the page draws them: block, value, arguments in preds order. */
function phisOf(doc: SsaDocument): string[] {
  return doc.blocks.flatMap((b) => (b.phis ?? []).map((p) => `${b.id} ${p.def} = phi(${(p.args as string[]).join(", ")})`)).sort();
}

async function drawnPhis(page: Page): Promise<string[]> {
  return (await page.$$eval("#graph [data-phi]", (els) => els.map((e) => `${e.getAttribute("data-block")} ${e.getAttribute("data-phi")} = phi(${(e.getAttribute("data-args") ?? "").split(",").join(", ")})`))).sort();
}

describe.skipIf(SKIP)("the explorer in headless chromium", () => {
  let out: string;
  let profile: string;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`chromium not found at ${CHROMIUM}: run scripts/setup-chromium.sh (apt-get install chromium), set CHROMIUM_PATH, or FORMAL_SSA_SKIP_BROWSER=1 to skip this test`);
    out = mkdtempSync(join(tmpdir(), "formal-ssa-explorer-"));
    profile = mkdtempSync(join(tmpdir(), "formal-ssa-chromium-"));
    await build({ configFile: join(ROOT, "explorer", "vite.config.ts"), logLevel: "warn", build: { outDir: out, emptyOutDir: true } });
    await build({ configFile: join(ROOT, "explorer", "vite.react.config.ts"), logLevel: "warn", build: { outDir: join(out, "assets"), emptyOutDir: false } });
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1500, height: 1000 },
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    page = await context.newPage();
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    mkdirSync(ARTIFACTS, { recursive: true });
  });

  afterAll(async () => {
    await context?.close();
    for (const d of [out, profile]) if (d !== undefined) rmSync(d, { recursive: true, force: true });
  });

  it("opens from file:// with the paper's loop example, and its construction stepped to the end draws construct's phis", async () => {
    await page.goto(pathToFileURL(join(out, "index.html")).href);
    await page.waitForSelector("body[data-ready=true]", WAIT);
    expect(await page.inputValue("#example")).toBe("loop.json");
    await page.waitForSelector('#graph [data-block="B3"]', WAIT);
    const last = Number(await page.getAttribute("body", "data-steps"));
    expect(last).toBeGreaterThan(1);
    expect(await page.$$("#graph [data-phi]")).toHaveLength(0); // step 0: the original
    // each step's definition: every catalogued entry it shows has its spec-map status beside its statement
    const statuses = new Map<string, string[]>();
    for (let k = 1; k <= last; k++) {
      await page.click("#next");
      await page.waitForSelector(`body[data-step="${k}"]`, WAIT);
      if (k === last) continue;
      const def = await page.getAttribute("#definition", "data-def");
      expect(def).toMatch(/\w/);
      const shown = await page.$$eval("#definition > div", (els) => els.map((e) => [e.className, e.textContent ?? "", e.getAttribute("data-status") ?? ""]));
      const entries = shown.filter(([c, text]) => c === "def-entry" && !/AFP has no definition/.test(text)).length;
      const status = shown.filter(([c]) => c === "def-status");
      expect({ def, statuses: status.length }).toEqual({ def, statuses: entries });
      for (const [i, [c, text, st]] of shown.entries()) {
        if (c !== "def-status") continue;
        expect(shown[i - 1][0]).toBe("isabelle"); // right after the Isabelle statement
        expect(text).toMatch(new RegExp(`^status: ${st}`));
      }
      statuses.set(def!, status.map(([, , st]) => st));
    }
    console.log(`explorer definition statuses: ${[...statuses].map(([d, st]) => `${d}: ${st.join(", ")}`).join("; ")}`);
    expect(statuses.get("lookupDef")).toEqual(["mirrored"]);
    const loop = example("loop.json") as CfgDocument;
    const expected = phisOf(construct(loop, { algorithm: "functional", minimize: "trivial" }));
    expect(expected).toEqual(["B1 x.B1.phi = phi(x.B0, x.B2)"]);
    expect(await drawnPhis(page)).toEqual(expected);
    // edge indices: B1's preds are [B0, B2]
    expect(await page.$$eval('#graph .edge[data-to="B1"]', (es) => es.map((e) => `${e.getAttribute("data-from")}:${e.getAttribute("data-index")}`).sort())).toEqual(["B0:0", "B2:1"]);
    const shot = join(ARTIFACTS, "loop-end.png");
    await page.screenshot({ path: shot, fullPage: true });
    console.log(`explorer screenshot: ${shot}`);

    // another algorithm, from the URL's state as shared: braun without minimisation, at its last step
    await page.selectOption("#algorithm", "braun");
    await page.selectOption("#minimize", "none");
    await page.click("#last");
    await page.waitForFunction(`${AT_LAST} && location.hash.includes("alg=braun")`, undefined, WAIT);
    expect(await drawnPhis(page)).toEqual(phisOf(construct(loop, { algorithm: "braun", minimize: "none" })));
    const shared = page.url();
    const again = await context.newPage();
    await again.goto(shared);
    await again.waitForSelector("body[data-ready=true]", WAIT);
    expect(await again.getAttribute("body", "data-step")).toBe(await page.getAttribute("body", "data-step"));
    expect(await drawnPhis(again)).toEqual(await drawnPhis(page));
    await again.close();
    expect(errors).toEqual([]);
  });

  it("validates diamond.bad.ssa.json against diamond.json and highlights the witness path", async () => {
    await page.selectOption("#example", "diamond.json+diamond.bad.ssa.json");
    await page.waitForSelector("#report[data-verdict=rejected]", WAIT);
    const report = validate(example("diamond.json"), example("diamond.bad.ssa.json"));
    const [property, failed] = Object.entries(report.functions[0].properties).find(([, p]) => !p.holds && (p.witness?.length ?? 0) > 0)!;
    const witness = failed.witness![0];
    expect(witness.path).toBeDefined();
    await page.waitForSelector(`#witness[data-property="${property}"]`, WAIT);
    expect(await page.getAttribute("#witness", "data-path")).toBe(witness.path!.join(","));
    const onPath = await page.$$eval("#graph .block.on-path", (es) => es.map((e) => e.getAttribute("data-block")).sort());
    expect(onPath).toEqual([...new Set(witness.path!)].sort());
    const pathEdges = await page.$$eval("#graph .edge.on-path", (es) => es.map((e) => `${e.getAttribute("data-from")}->${e.getAttribute("data-to")}`).sort());
    expect(pathEdges).toEqual(witness.path!.slice(1).map((b, i) => `${witness.path![i]}->${b}`).sort());
    // the use is named, and the failing properties are the library's
    expect(await page.textContent("#witness")).toContain("use:");
    const fails = await page.$$eval("#report li.fails[data-property]", (es) => es.map((e) => e.getAttribute("data-property")));
    expect(fails).toEqual(Object.entries(report.functions[0].properties).filter(([, p]) => !p.holds).map(([n]) => n));

    // the equiv witness: its path, the use's block and the definitions
    const equiv = report.functions[0].properties.equiv.witness![0];
    await page.click('#report [data-witness="equiv:0"]');
    await page.waitForSelector('#witness[data-property="equiv"]', WAIT);
    expect(await page.$$eval("#graph .block.on-path", (es) => es.map((e) => e.getAttribute("data-block")).sort())).toEqual([...new Set(equiv.path!)].sort());
    expect(await page.getAttribute("#graph .block.use", "data-block")).toBe(equiv.use!.block);
    const shot = join(ARTIFACTS, "diamond-witness.png");
    await page.screenshot({ path: shot, fullPage: true });
    console.log(`explorer screenshot: ${shot}`);
    expect(errors).toEqual([]);
  });

  it("validates each producer's examples as the command line does (verdicts, first lines), highlights a rejected function's witness, and a link reopens the view", async () => {
    type PairProducer = Exclude<ProducerId, "react">;
    const validators: Record<PairProducer, (b: string, a: string, o: { names: { original: string; ssa: string } }) => Report> = { llvm: validateLlvm, spirv: validateSpirv, gcc: validateGcc };
    const fixture = (rel: string) => readFileSync(join(ROOT, "test/fixtures", rel), "utf8");
    const cases: { id: string; producer: PairProducer; before: string; after: string }[] = [];
    for (const [producer, , b, a] of PRODUCER_PAIRS as readonly [PairProducer, string, string, string][]) {
      cases.push({ id: `${producer}:${b}`, producer, before: fixture(b), after: fixture(a) });
      cases.push({ id: `${producer}:${b}:broken`, producer, before: fixture(b), after: breakFirstPhi(producer, fixture(a))!.text });
    }
    cases.push({ id: "llvm:hand/poison", producer: "llvm", before: fixture("llvm/hand/poison.before.ll"), after: fixture("llvm/hand/poison.after.ll") });
    expect(await page.$$eval("#example option", (os) => os.map((o) => o.value).filter((v) => /^(llvm|spirv|gcc):/.test(v)))).toEqual(cases.map((c) => c.id));
    expect(await page.$$eval("#example option", (os) => os.map((o) => o.value).filter((v) => v.startsWith("react:")))).toEqual(["react:loops.js", "react:loops.js:broken"]);
    const rejectedSeen = new Set<PairProducer>();
    let differencesSeen = 0;
    for (const c of cases) {
      const mode = producerMode(c.producer)!;
      const report = validators[c.producer](c.before, c.after, { names: { original: mode.names[0], ssa: mode.names[1] } });
      // a line's time (`, 2.1 ms)`) is the one thing that differs from run to run
      const untimed = (l: string | null) => (l ?? "").replace(/, [0-9.]+ ms\)$/, ")");
      const lines = formatReport(report, { functions: true }).split("\n").filter((l) => l.startsWith("function ")).map(untimed);
      const expected = report.functions.map((f, i) => [f.name, f.verdict, lines[i]]);
      await page.selectOption("#example", c.id);
      await page.waitForSelector(`#functions[data-verdict="${report.verdict}"] button[data-function="${report.functions[0].name}"]`, WAIT);
      const shown = await page.$$eval("#functions button", (bs) => bs.map((b) => [b.getAttribute("data-function"), b.getAttribute("data-verdict"), b.getAttribute("title")]));
      expect(shown.map(([n, v, l]) => [n, v, untimed(l)]), c.id).toEqual(expected);
      // the shown function's phis: the producer's count and braun+peel's, and every difference explained as the report does
      const shownName = await page.getAttribute("#functions button.shown", "data-function");
      const shownReport = report.functions.find((f) => f.name === shownName)!;
      await page.waitForSelector(`#phis[data-phis="${shownReport.stats.phis}"]`, WAIT);
      expect(await page.getAttribute("#phis", "data-minimum"), c.id).toBe(String(shownReport.stats.phis_minimum));
      expect(await page.$$eval("#phis .differences li", (es) => es.map((e) => e.textContent)), c.id).toEqual(shownReport.differences ?? []);
      differencesSeen += (shownReport.differences ?? []).length;
      // side by side: as many phis in each column as the report counts
      const columns = await page.$$eval("#phis .phi-table tr:not(:first-child)", (rows) => rows.map((r) => [...r.querySelectorAll("td")].slice(1).map((td) => (td.textContent === "" ? 0 : td.textContent!.split("\n").length))));
      expect([columns.reduce((n, r) => n + r[0], 0), columns.reduce((n, r) => n + r[1], 0)], c.id).toEqual([shownReport.stats.phis, shownReport.stats.phis_minimum]);
      const rejected = report.functions.find((f) => f.verdict !== "certified");
      if (rejected === undefined) {
        expect(await page.getAttribute("#report", "data-verdict"), c.id).toBe("certified");
        continue;
      }
      rejectedSeen.add(c.producer);
      // the first rejected function is shown, with its first report line and its witness on the graph
      expect(untimed(await page.textContent("#report-line")), c.id).toBe(lines[report.functions.indexOf(rejected)]);
      const [property, failed] = Object.entries(rejected.properties).find(([, p]) => !p.holds && (p.witness?.length ?? 0) > 0)!;
      await page.waitForSelector(`#witness[data-property="${property}"]`, WAIT);
      const path = failed.witness![0].path ?? [];
      expect(await page.getAttribute("#witness", "data-path"), c.id).toBe(path.join(","));
      expect(await page.$$eval("#graph .block.on-path", (es) => es.map((e) => e.getAttribute("data-block")).sort()), c.id).toEqual([...new Set(path)].sort());
      const shot = join(ARTIFACTS, `producer-${c.id.replace(/[^\w.-]+/g, "_")}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      console.log(`explorer screenshot: ${shot}`);
      // the link: the same producer, texts and function, in a new page
      const again = await context.newPage();
      await again.goto(page.url());
      await again.waitForSelector(`#functions button.shown[data-function="${rejected.name}"]`, WAIT);
      expect(await again.textContent("#report-line")).toBe(await page.textContent("#report-line"));
      expect(await again.getAttribute("#witness", "data-path")).toBe(path.join(","));
      await again.close();
    }
    expect([...rejectedSeen].sort()).toEqual(["gcc", "llvm", "spirv"]);
    expect(differencesSeen).toBeGreaterThan(0);
    // choosing another function draws it
    await page.click('#functions button[data-function="@plain_add"]');
    await page.waitForSelector('#functions button.shown[data-function="@plain_add"]', WAIT);
    expect(await page.getAttribute("#report", "data-verdict")).toBe("certified");
    // the link holds the chosen function (compressed: the pair is long)
    expect(new URL(page.url()).hash.startsWith("#z=")).toBe(true);
    await expect.poll(() => hashParams(page.url()).get("fn"), WAIT).toBe("@plain_add");
    expect(hashParams(page.url()).get("p")).toBe("llvm");
    // LLVM's release (--llvm-version) is part of the state and of the validation
    {
      const c = cases.find((x) => x.id === "llvm:hand/poison")!;
      const mode = producerMode("llvm")!;
      const r16 = validateLlvm(c.before, c.after, { names: { original: mode.names[0], ssa: mode.names[1] }, producerVersion: "16" });
      const lines16 = formatReport(r16, { functions: true }).split("\n").filter((l) => l.startsWith("function ")).map((l) => l.replace(/, [0-9.]+ ms\)$/, ")"));
      await page.selectOption("#example", c.id);
      await page.waitForSelector('#functions button[data-function="@frozen"]', WAIT);
      await page.selectOption("#llvm-version", "16");
      await page.waitForFunction(`[...document.querySelectorAll("#functions button")].map((b) => b.title.replace(/, [0-9.]+ ms\\)$/, ")")).join("\\n") === ${JSON.stringify(lines16.join("\n"))}`, undefined, WAIT);
      await expect.poll(() => hashParams(page.url()).get("v"), WAIT).toBe("16");
      await page.selectOption("#llvm-version", "");
    }
    // the before text and the graph are linked: a block clicked selects its lines, the caret in a block's lines marks it
    const selected = () => page.evaluate<string>(`(() => { const b = document.querySelector("#source"); return b.value.slice(b.selectionStart, b.selectionEnd); })()`);
    await page.selectOption("#example", "gcc:gcc/loops.fixup_cfg1");
    await page.waitForSelector('#functions button.shown[data-function="sum"]', WAIT);
    await page.click('#graph g.block[data-block="bb3"]');
    await page.waitForSelector('body[data-selected-block="bb3"] #graph g.block.selected[data-block="bb3"]', WAIT);
    expect((await selected()).split("\n")[0]).toMatch(/^;;\s+basic block 3\b/);
    await page.evaluate(`(() => { const b = document.querySelector("#source"); const at = b.value.indexOf(";;   basic block 4", b.value.indexOf(";; Function sum ")); b.setSelectionRange(at + 2, at + 2); b.dispatchEvent(new KeyboardEvent("keyup")); })()`);
    await page.waitForSelector('body[data-selected-block="bb4"]', WAIT);
    await page.selectOption("#example", "llvm:llvm/condexpr.before.ll");
    await page.waitForSelector('#functions button.shown[data-function="@pick"]', WAIT);
    const llvmBlock = (await page.$$eval("#graph g.block", (gs) => gs.map((g) => g.getAttribute("data-block"))))[1]!;
    await page.click(`#graph g.block[data-block="${llvmBlock}"]`);
    await page.waitForSelector(`body[data-selected-block="${llvmBlock}"]`, WAIT);
    const text = fixture("llvm/condexpr.before.ll");
    const start = await page.evaluate<number>(`document.querySelector("#source").selectionStart`);
    // the selection starts at the block's first instruction, right under its label
    expect(text.slice(0, start).split("\n").at(-2)).toMatch(new RegExp(`^${llvmBlock.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:`));
    expect((await selected()).length).toBeGreaterThan(0);
    await page.selectOption("#example", "spirv:spirv/logic.before.spvasm");
    await page.waitForSelector('#functions button.shown[data-function="main"]', WAIT);
    await page.click('#graph g.block[data-block="16"]');
    await page.waitForSelector('body[data-selected-block="16"]', WAIT);
    expect((await selected()).split("\n")[0].trim()).toBe("%16 = OpLabel");
    // the help's one-click examples, and the function list by keyboard
    await page.click("#help summary");
    await page.click('#help-examples button[data-example="gcc:gcc/loops.fixup_cfg1:broken"]');
    await page.waitForSelector('#functions button.shown[data-function="sum"][data-verdict="rejected"]', WAIT);
    await page.focus('#functions button[data-function="nested"]');
    await page.keyboard.press("Enter");
    await page.waitForSelector('#functions button.shown[data-function="nested"]', WAIT);
    await page.waitForSelector("#report[data-verdict=certified]", WAIT);
    // the links validate --link prints open the same views: a producer's pair, an exchange-format pair
    const files = mkdtempSync(join(tmpdir(), "formal-ssa-links-"));
    const before = join(files, "loops.fixup_cfg1");
    const after = join(files, "loops.ssa");
    writeFileSync(before, fixture("gcc/loops.fixup_cfg1"));
    writeFileSync(after, breakFirstPhi("gcc", fixture("gcc/loops.ssa"))!.text);
    const pageUrl = pathToFileURL(join(out, "index.html")).href;
    const gccReport = await validateFiles(before, after);
    const diamond = [join(ROOT, "examples/diamond.json"), join(ROOT, "examples/diamond.bad.ssa.json")] as const;
    for (const [o, s, fn] of [[before, after, "sum"], [...diamond, undefined]] as const) {
      const report = o === before ? gccReport : await validateFiles(o, s);
      const lines = explorerLinks(o, s, report, pageUrl);
      expect(lines).toHaveLength(1);
      const linked = await context.newPage();
      await linked.goto(/(\S+)$/.exec(lines[0])![1]);
      await linked.waitForSelector("#report[data-verdict=rejected]", WAIT);
      if (fn !== undefined) await linked.waitForSelector(`#functions button.shown[data-function="${fn}"]`, WAIT);
      const rejected = report.functions.find((f) => f.verdict !== "certified")!;
      const [property] = Object.entries(rejected.properties).find(([, p]) => !p.holds && (p.witness?.length ?? 0) > 0)!;
      await linked.waitForSelector(`#witness[data-property="${property}"]`, WAIT);
      await linked.close();
    }
    // LLVM's links: what the command line calls "not decided" is shown so, never as FAILS (a
    // genuine pairing failure: condexpr's first phi swapped gives two loads values of other
    // variables); a phi argument that does not dominate its edge fails allUses_def_ass, decided
    const llvmBefore = join(files, "condexpr.before.ll");
    writeFileSync(llvmBefore, fixture("llvm/condexpr.before.ll"));
    const swapped = join(files, "condexpr.after.ll");
    writeFileSync(swapped, breakFirstPhi("llvm", fixture("llvm/condexpr.after.ll"))!.text);
    const loopsBefore = join(files, "loops.before.ll");
    writeFileSync(loopsBefore, fixture("llvm/loops.before.ll"));
    const undominated = join(files, "loops.after.ll");
    writeFileSync(undominated, fixture("llvm/loops.after.ll").replace("%s.0 = phi i32 [ 0, %entry ], [ %add, %for.inc ]", "%s.0 = phi i32 [ %add, %entry ], [ %add, %for.inc ]"));
    for (const [o, s, fn] of [[llvmBefore, swapped, "@pick"], [loopsBefore, undominated, "@sum_for"]] as const) {
      const report = await validateFiles(o, s);
      const rejected = report.functions.find((f) => f.verdict !== "certified")!;
      expect(rejected.name).toBe(fn);
      const entries = Object.entries(rejected.properties);
      const undecided = entries.filter(([, p]) => p.decided === false).map(([n]) => n);
      const fails = entries.filter(([, p]) => !p.holds && p.decided !== false).map(([n]) => n);
      if (o === llvmBefore) {
        expect(fails).toEqual(["same_instructions"]);
        expect(undecided).toContain("equiv");
      } else {
        expect(undecided).toEqual([]);
        expect(fails).toContain("allUses_def_ass");
      }
      const lines = explorerLinks(o, s, report, pageUrl);
      expect(lines).toHaveLength(1);
      const linked = await context.newPage();
      await linked.goto(/(\S+)$/.exec(lines[0])![1]);
      await linked.waitForSelector(`#functions button.shown[data-function="${fn}"]`, WAIT);
      await linked.waitForSelector("#report[data-verdict=rejected] li[data-property]", WAIT);
      const shown = await linked.$$eval("#report li[data-property]", (es) => es.map((e) => [e.getAttribute("data-property"), e.className, (e.textContent ?? "").split("  ")[0]]));
      expect(shown.filter(([, c]) => c === "undecided").map(([n, , label]) => [n, label])).toEqual(undecided.map((n) => [n, "not decided"]));
      expect(shown.filter(([, c]) => c === "fails").map(([n, , label]) => [n, label])).toEqual(fails.map((n) => [n, "FAILS"]));
      // the undecided ones look apart: not the red of what fails; and why, as the command line says it
      if (undecided.length === 0) expect(await linked.$("#undecided-note")).toBeNull();
      else {
        expect(await linked.textContent("#undecided-note")).toBe("not decided: they rest on the pairing of the instructions, which same_instructions rejects");
        const colors = await linked.evaluate<string[][]>(`[...document.querySelectorAll("#report li.undecided, #report li.fails")].map((e) => [e.className, getComputedStyle(e).color])`);
        expect(new Set(colors.filter(([c]) => c === "undecided").map(([, color]) => color)).has(colors.find(([c]) => c === "fails")![1])).toBe(false);
      }
      // the witness shown is of a property that fails, not of one left undecided
      const [property] = entries.find(([, p]) => !p.holds && p.decided !== false && (p.witness?.length ?? 0) > 0)!;
      await linked.waitForSelector(`#witness[data-property="${property}"]`, WAIT);
      const shot = join(ARTIFACTS, `link-${fn.slice(1)}.png`);
      await linked.screenshot({ path: shot, fullPage: true });
      await linked.close();
    }
    rmSync(files, { recursive: true, force: true });
    // back to programs for the next test
    await page.selectOption("#producer", "");
    await page.waitForSelector("#functions[hidden]", { ...WAIT, state: "attached" });
    expect(errors).toEqual([]);
  });

  it("compiles a React source in the page (its bundle loaded only now) and validates every function as formal-ssa react does", async () => {
    const source = readFileSync(join(ROOT, "test/react/fixtures/loops.js"), "utf8");
    const expected = await validateSources([{ text: source, name: "input.js" }]);
    expect(expected.functions.length).toBeGreaterThan(1);
    expect(await page.$$eval("script", (ss) => ss.some((x) => (x.getAttribute("src") ?? "").includes("react-compiler")))).toBe(false);
    await page.selectOption("#example", "react:loops.js");
    await page.waitForSelector(`#functions[data-verdict="${expected.verdict}"] button`, WAIT);
    expect(await page.$$eval("script", (ss) => ss.some((x) => (x.getAttribute("src") ?? "").includes("react-compiler")))).toBe(true);
    const shown = await page.$$eval("#functions button", (bs) => bs.map((b) => [b.getAttribute("data-function"), b.getAttribute("data-verdict"), b.getAttribute("title")!.split("\n")[0], b.getAttribute("data-stages")]));
    expect(shown).toEqual(expected.functions.map((f) => [f.name, f.verdict, functionLine(f), Object.keys(f.stages!).join(",")]));
    // the shown function drawn at its last stage, with the report of that stage
    const first = expected.functions[0];
    await page.waitForSelector(`#report[data-verdict="${first.stages!.EliminateRedundantPhi.verdict}"]`, WAIT);
    expect(await page.$$eval("#graph [data-phi]", (es) => es.length)).toBe(first.phis!.left);
    expect(await page.isHidden("#ssa-source")).toBe(true);
    // the source and the graph are linked: a block clicked selects its lines (within the function), and the caret there marks it
    const blocks = await page.$$eval("#graph g.block", (gs) => gs.map((g) => g.getAttribute("data-block")!));
    const target = blocks.find((b) => b !== "bb0") ?? blocks[0];
    await page.click(`#graph g.block[data-block="${target}"]`);
    await page.waitForSelector(`body[data-selected-block="${target}"]`, WAIT);
    const [selStart, selEnd] = await page.evaluate<[number, number]>(`[document.querySelector("#source").selectionStart, document.querySelector("#source").selectionEnd]`);
    expect(selEnd).toBeGreaterThan(selStart);
    const firstLine = source.slice(0, selStart).split("\n").length;
    expect(firstLine).toBeGreaterThanOrEqual(first.line);
    await page.click(`#graph g.block[data-block="${blocks[0]}"]`);
    await page.waitForSelector(`body[data-selected-block="${blocks[0]}"]`, WAIT);
    await page.evaluate(`(() => { const b = document.querySelector("#source"); b.setSelectionRange(${selStart}, ${selStart}); b.dispatchEvent(new KeyboardEvent("keyup")); })()`);
    await page.waitForSelector(`body[data-selected-block="${target}"]`, WAIT);
    // every later pass too: the lines of formal-ssa react --each-pass
    const each = await validateSources([{ text: source, name: "input.js" }], { eachPass: true });
    expect(Object.keys(each.functions[0].stages ?? {}).length).toBeGreaterThan(2);
    await page.check("#each-pass");
    await page.waitForSelector(`#functions button[data-stages="${Object.keys(each.functions[0].stages!).join(",")}"]`, WAIT);
    expect(await page.$$eval("#functions button", (bs) => bs.map((b) => [b.getAttribute("data-verdict"), b.getAttribute("data-stages")]))).toEqual(each.functions.map((f) => [f.verdict, Object.keys(f.stages!).join(",")]));
    await page.uncheck("#each-pass");
    // a link as a React Compiler finding makes it (api/campaign/node/producers.ts): the source, a function, the per-pass check
    const second = expected.functions[1].name;
    const made = explorerLink(pathToFileURL(join(out, "index.html")).href, { p: "react", src: source, fn: second, each: "1" });
    expect("url" in made).toBe(true);
    const linked = await context.newPage();
    await linked.goto((made as { url: string }).url);
    await linked.waitForSelector(`#functions button.shown[data-function="${second}"]`, WAIT);
    expect(await linked.isChecked("#each-pass")).toBe(true);
    await linked.close();
    await page.bringToFront();
    // the mode's rejected example: the same source, validated with a bug planted in enterSSA's
    // output (mutants.ts), rejected as the library rejects it with that planted bug, the
    // SSA stage drawn with its witness, and said not to be the compiler's own output
    const planted = validateSourcesWith(await loadCompiler(), [{ text: source, name: "input.js" }], { tamper: plantSwappedPhi });
    const broken = planted.functions.find((f) => f.verdict === "rejected")!;
    expect(broken.stages!.SSA.verdict).toBe("rejected");
    await page.selectOption("#example", "react:loops.js:broken");
    await page.waitForSelector(`#functions[data-verdict="rejected"] button`, WAIT);
    expect(await page.isChecked("#plant-bug")).toBe(true);
    expect(await page.$$eval("#functions button", (bs) => bs.map((b) => [b.getAttribute("data-function"), b.getAttribute("data-verdict"), b.getAttribute("title")!.split("\n")[0]]))).toEqual(planted.functions.map((f) => [f.name, f.verdict, functionLine(f)]));
    expect(await page.textContent("#functions .planted")).toContain(PLANTED_BUG);
    await page.waitForSelector(`#functions button.shown[data-function="${broken.name}"]`, WAIT);
    await page.waitForSelector(`#report[data-verdict="rejected"]`, WAIT);
    const [property, failed] = Object.entries(broken.stages!.SSA.properties).find(([, p]) => !p.holds && (p.witness?.length ?? 0) > 0)!;
    const path = failed.witness![0].path ?? [];
    expect(path.length).toBeGreaterThan(0);
    await page.waitForSelector(`#witness[data-property="${property}"]`, WAIT);
    expect(await page.getAttribute("#witness", "data-path")).toBe(path.join(","));
    expect(await page.$$eval("#graph .block.on-path", (es) => es.map((e) => e.getAttribute("data-block")).sort())).toEqual([...new Set(path)].sort());
    // its link keeps the planted bug
    const bugLink = await context.newPage();
    await bugLink.goto(page.url());
    await bugLink.waitForSelector(`#functions[data-verdict="rejected"] button.shown[data-function="${broken.name}"]`, WAIT);
    expect(await bugLink.isChecked("#plant-bug")).toBe(true);
    await bugLink.close();
    await page.bringToFront();
    await page.screenshot({ path: join(ARTIFACTS, "producer-react-rejected.png"), fullPage: true });
    // the flag is the React Compiler mode's: another producer's link never carries it
    expect(hashParams(page.url()).get("bug")).toBe("swap");
    await page.selectOption("#producer", "llvm");
    await expect.poll(() => hashParams(page.url()).get("p"), WAIT).toBe("llvm");
    expect(hashParams(page.url()).get("bug")).toBeNull();
    await page.selectOption("#example", "react:loops.js");
    await page.waitForSelector(`#functions[data-verdict="${expected.verdict}"] button`, WAIT);
    const shot = join(ARTIFACTS, "producer-react.png");
    await page.screenshot({ path: shot, fullPage: true });
    console.log(`explorer screenshot: ${shot}`);
    expect(errors).toEqual([]);
  });

  it("validates a module of SQLite's size (16 MB of LLVM IR) on its worker while the page keeps answering", async () => {
    // condexpr.c's three functions, copied under new names until the two files hold 16 MB
    const grow = (text: string, copies: number) => {
      const first = text.indexOf("define ");
      const last = text.lastIndexOf("\n}\n") + 3;
      const body = text.slice(first, last);
      const parts: string[] = [text.slice(0, last)];
      for (let k = 1; k < copies; k++) parts.push(`\n${body.replace(/@(pick|both|either)\b/g, `@$1.${k}`)}`);
      parts.push(text.slice(last));
      return parts.join("");
    };
    const fixture = (rel: string) => readFileSync(join(ROOT, "test/fixtures/llvm", rel), "utf8");
    const copies = 3600;
    const before = grow(fixture("condexpr.before.ll"), copies);
    const after = grow(fixture("condexpr.after.ll"), copies);
    expect(before.length + after.length).toBeGreaterThan(16e6);
    const files = mkdtempSync(join(tmpdir(), "formal-ssa-big-"));
    writeFileSync(join(files, "big.before.ll"), before);
    writeFileSync(join(files, "big.after.ll"), after);
    await page.selectOption("#producer", "llvm");
    await page.setInputFiles("#file", [join(files, "big.before.ll"), join(files, "big.after.ll")]);
    await page.waitForSelector("body[data-busy=true]", { ...WAIT, state: "attached" });
    expect(await page.getAttribute("body", "data-validator")).toBe("worker");
    // while the worker validates, the page's thread answers: a script run in the page, and a
    // task it queues, see the validation still under way (a thread busy validating would answer
    // only once done). The page is brought to the front: a background page's frames wait.
    await page.bringToFront();
    const answered = await page.evaluate<string>("new Promise((resolve) => setTimeout(() => resolve(document.body.dataset.busy), 0))");
    expect(answered).toBe("true");
    expect(await page.evaluate<string>("new Promise((resolve) => requestAnimationFrame(() => resolve(document.body.dataset.busy)))")).toBe("true");
    await page.waitForSelector("#functions progress", { ...WAIT, state: "attached" });
    await page.waitForSelector("body[data-busy=false] #functions[data-verdict=certified]", { timeout: 300_000 });
    expect(await page.$$eval("#functions button", (bs) => bs.length)).toBe(3 * copies);
    expect(await page.textContent("#functions .verdict")).toBe(`certified: ${3 * copies} of ${3 * copies} functions certified`);
    rmSync(files, { recursive: true, force: true });
    // back to a program for the next test
    await page.selectOption("#example", "loop.json");
    await page.waitForSelector('#graph [data-block="B3"]', WAIT);
    expect(await page.inputValue("#producer")).toBe("");
    expect(errors).toEqual([]);
  });

  it("every text on the page is readable: contrast at least 4.5:1 against its background (WCAG AA), in each view", async () => {
    // in the page: each element with text of its own, its colour against the first opaque background behind it
    const CONTRAST = `(() => {
      const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
      const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
      const bg = (e) => { for (let x = e; x; x = x.parentElement) { const c = rgb(getComputedStyle(x).backgroundColor); if (c.length === 3 || (c.length === 4 && c[3] === 1)) return c.slice(0, 3); } return [255, 255, 255]; };
      const out = [];
      for (const e of document.querySelectorAll("body *")) {
        if (e.closest("svg") || e.closest("[hidden]") || !e.getClientRects().length) continue;
        if (![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== "")) continue;
        const st = getComputedStyle(e);
        const fg = rgb(st.color);
        const alpha = (fg[3] ?? 1) * Number(st.opacity);
        const back = bg(e);
        const front = fg.slice(0, 3).map((v, i) => v * alpha + back[i] * (1 - alpha));
        const [a, b] = [lum(front), lum(back)].sort((p, q) => q - p);
        const ratio = (a + 0.05) / (b + 0.05);
        if (ratio < 4.5) out.push(e.tagName + "." + e.className + " " + JSON.stringify(e.textContent.trim().slice(0, 30)) + " " + ratio.toFixed(2));
      }
      return out;
    })()`;
    for (const id of ["loop.json", "gcc:gcc/loops.fixup_cfg1:broken", "diamond.json+diamond.bad.ssa.json"]) {
      await page.selectOption("#example", id);
      await page.waitForSelector("#report[data-verdict]", { ...WAIT, state: "attached" });
      expect(await page.evaluate<string[]>(CONTRAST), id).toEqual([]);
    }
    await page.selectOption("#example", "loop.json");
    await page.waitForSelector('#graph [data-block="B3"]', WAIT);
  });

  it("reads a typed program and says where a syntax error is", async () => {
    await page.fill("#source", "x := f()\nwhile (x) {\n  x := f(x\n}");
    await page.fill("#ssa-source", "");
    await page.click("#run");
    await page.waitForSelector("#error:not([hidden])", WAIT);
    expect(await page.textContent("#error")).toBe('line 4, column 1: expected "," or ")", found "}"');
    await page.fill("#source", "x := f()\nwhile (x) {\n  x := f(x)\n}\nf(x)");
    await page.click("#run");
    await page.waitForSelector("#error[hidden]", { ...WAIT, state: "attached" });
    await page.click("#last");
    await page.waitForFunction(AT_LAST, undefined, WAIT);
    expect((await drawnPhis(page)).length).toBe(1);
    expect(errors).toEqual([]);
  });
});
