/**
 * The explorer's page: one more caller of the library (api/). A program (the While-like language
 * of the arbitraries, `parseProgram`) or an exchange-format document in; the CFG drawn; the
 * construction stepped through with the definition of each step beside it; algorithms compared;
 * an SSA CFG validated with a failed property's witness on the graph. Or a real producer's pair
 * (LLVM IR, SPIR-V text, GCC dumps: producers.ts), validated as the command line validates it,
 * its functions listed with their verdicts, the chosen one drawn. The state (producer, input,
 * SSA, chosen function, algorithm, minimisation, step, witness) lives in the URL's hash.
 */
import {
  ALGORITHMS,
  construct,
  MINIMIZATIONS,
  parseDocument,
  QUALITY,
  validate,
  VALIDITY,
  type Algorithm,
  type BlockDoc,
  type CfgDocument,
  type FunctionDoc,
  type Minimize,
  type PropertyReport,
  type Report,
  type SsaDocument,
  type WitnessReport,
} from "../../api/index.js";
import { lowerProgram, parseProgram } from "../../api/arbitraries.js";
import { definitionOf } from "./catalog.js";
import { examples, type Example } from "./examples.js";
import { decodeHash, encodeHash } from "./link.js";
import { PRODUCERS, producerExamples, producerMode } from "./producers.js";
import { PLANTED_BUG } from "./mutants.js";
import { reactValidator } from "./react_mode.js";
import { pairValidator, Superseded, type PairValidator, type RunSummary } from "./validator.js";
import { drawCfg, type DrawBlock, type Highlight } from "./graph.js";
import { stepsOf, type Step } from "./steps.js";
import { argList, constructTraced, type TracedConstruction } from "./trace.js";

import { Buffer } from "./node_buffer_shim.js";

// the library's Node global (producers' adapters read text as bytes with it)
(globalThis as { Buffer?: unknown }).Buffer ??= Buffer;

// --- state ---------------------------------------------------------------------------------------

interface State {
  /** "" for a program or the exchange format; else a producer of producers.ts, whose before and after texts are `source` and `ssa`. */
  producer: string;
  /** The producer's function shown (its name); "" for the first rejected one, else the first. */
  fn: string;
  /** The React Compiler's mode: also check every later pass in SSA (`--each-pass`). */
  each: boolean;
  /** The React Compiler's mode: validate with a bug planted in enterSSA's output (mutants.ts), the mode's rejected example. */
  bug: boolean;
  /** LLVM: the release whose mem2reg made the after text (`--llvm-version`); "" as the module says. */
  version: string;
  source: string;
  ssa: string;
  algorithm: Algorithm;
  minimize: Minimize;
  /** Trace the literal Isabelle functions (functional, substAll) rather than the efficient refinements. */
  literal: boolean;
  /** 0: the original; 1..n: after event n; n + 1: the result. -1: the last. */
  step: number;
  /** Validation: the selected witness, `property:index`. */
  witness: string;
}

const EXAMPLES = examples();
const DEFAULT: State = { producer: "", fn: "", each: false, bug: false, version: "", source: EXAMPLES[0].source, ssa: "", algorithm: "functional", minimize: "trivial", literal: false, step: 0, witness: "" };

function stateOf(h: URLSearchParams): State {
  const alg = h.get("alg") as Algorithm | null;
  const min = h.get("min") as Minimize | null;
  const step = Number(h.get("step") ?? "0");
  const producer = h.get("p") ?? "";
  return {
    producer: producerMode(producer) !== undefined ? producer : "",
    fn: h.get("fn") ?? "",
    each: h.get("each") === "1",
    bug: h.get("bug") === "swap" && producer === "react",
    version: ["14", "15", "16"].includes(h.get("v") ?? "") ? h.get("v")! : "",
    source: h.get("src") ?? (h.get("big") === "1" ? "" : DEFAULT.source),
    ssa: h.get("ssa") ?? "",
    algorithm: alg !== null && (ALGORITHMS as readonly string[]).includes(alg) ? alg : DEFAULT.algorithm,
    minimize: min !== null && (MINIMIZATIONS as readonly string[]).includes(min) ? min : DEFAULT.minimize,
    literal: h.get("lit") === "1",
    step: Number.isInteger(step) ? step : 0,
    witness: h.get("w") ?? "",
  };
}

/** The most text (both inputs) a link keeps. */
const LINK_TEXT_MAX = 1 << 20;

/** Hashes are written in order: a slower (compressed) one never overwrites a newer state's. */
let hashWrites = 0;

function writeHash(s: State): void {
  const h = new URLSearchParams();
  if (s.producer !== "") h.set("p", s.producer);
  if (s.fn !== "") h.set("fn", s.fn);
  if (s.each) h.set("each", "1");
  if (s.bug && s.producer === "react") h.set("bug", "swap");
  if (s.version !== "") h.set("v", s.version);
  // texts past a megabyte stay out of the URL: encoding them would hold the page up for seconds,
  // and no browser keeps such a URL; the link then says so (big=1)
  if (s.source.length + s.ssa.length > LINK_TEXT_MAX) h.set("big", "1");
  else {
    h.set("src", s.source);
    if (s.ssa !== "") h.set("ssa", s.ssa);
  }
  h.set("alg", s.algorithm);
  h.set("min", s.minimize);
  if (s.literal) h.set("lit", "1");
  h.set("step", String(s.step));
  if (s.witness !== "") h.set("w", s.witness);
  const mine = ++hashWrites;
  void encodeHash(h).then((hash) => {
    if (mine === hashWrites && hash !== location.hash) history.replaceState(null, "", hash);
    document.body.dataset.hash = String(mine);
  });
}

// --- the page ------------------------------------------------------------------------------------

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const sourceBox = $<HTMLTextAreaElement>("source");
const ssaBox = $<HTMLTextAreaElement>("ssa-source");
const exampleSel = $<HTMLSelectElement>("example");
const algSel = $<HTMLSelectElement>("algorithm");
const minSel = $<HTMLSelectElement>("minimize");
const literalBox = $<HTMLInputElement>("literal");
const errorLine = $<HTMLDivElement>("error");
const graphBox = $<HTMLDivElement>("graph");
const stepLabel = $<HTMLSpanElement>("step-label");
const stepInfo = $<HTMLDivElement>("step-info");
const defBox = $<HTMLDivElement>("definition");
const compareBox = $<HTMLDivElement>("compare");
const reportBox = $<HTMLDivElement>("report");
const traceNote = $<HTMLDivElement>("trace-note");
const producerSel = $<HTMLSelectElement>("producer");
const sourceLabel = $<HTMLLabelElement>("source-label");
const ssaLabel = $<HTMLLabelElement>("ssa-label");
const functionsBox = $<HTMLDivElement>("functions");
const PRODUCER_EXAMPLES = producerExamples();
const SOURCE_LABEL = sourceLabel.innerHTML;
const SSA_LABEL = ssaLabel.innerHTML;

for (const e of EXAMPLES) exampleSel.add(new Option(e.label, e.id));
for (const e of PRODUCER_EXAMPLES) exampleSel.add(new Option(e.label, e.id));
producerSel.add(new Option("a program or the exchange format", ""));
// the help's examples: one click loads each (the same as choosing it in the list)
for (const e of PRODUCER_EXAMPLES) {
  const b = document.createElement("button");
  b.textContent = e.label.replace(/ \(.*?\)/g, "");
  b.dataset.example = e.id;
  b.onclick = () => {
    exampleSel.value = e.id;
    exampleSel.dispatchEvent(new Event("change"));
  };
  $("help-examples").appendChild(b);
}
for (const p of PRODUCERS) producerSel.add(new Option(p.label, p.id));
for (const a of ALGORITHMS) algSel.add(new Option(a, a));
for (const m of MINIMIZATIONS) minSel.add(new Option(m, m));

let state = DEFAULT;
let original: CfgDocument | null = null;
let traced: TracedConstruction | null = null;
let steps: Step[] = [];
let report: Report | null = null;
let givenSsa: SsaDocument | null = null;
/** In a producer's mode: its pair validated (each function's verdict and first line), and the function shown. */
let summary: RunSummary | null = null;
/** The shown function's blocks' lines in the before text, and the block chosen (by a click on the graph or the caret in the text). */
let textLines: Record<string, [number, number]> | undefined;
let selectedBlock = "";
/** The shown function's original constructed by braun+peel: the fewest phis, beside the producer's. */
let minimum: SsaDocument | null = null;
let shown = -1;
/** A producer's pair being validated: how far it is. */
let pending: { done: number; total: number } | null = null;
let validator: PairValidator | undefined;
let pairsValidator: PairValidator | undefined;
let reactCompiler: PairValidator | undefined;

/** The function to show first: the state's, else the first rejected, else the first. */
function firstShown(sum: RunSummary): number {
  const named = sum.functions.findIndex((f) => f.name === state.fn);
  return named >= 0 ? named : Math.max(0, sum.functions.findIndex((f) => f.verdict !== "certified"));
}

/** Shows the i-th function of the validated pair: its report and pair, fetched from where it was validated. */
async function showFunction(i: number): Promise<void> {
  shown = i;
  const sum = summary;
  if (sum === null || validator === undefined) return;
  if (sum.functions[i] === undefined) {
    setError(`${producerMode(state.producer)?.names[0] ?? "before"}: no function to validate`);
    render();
    return;
  }
  let f: Awaited<ReturnType<PairValidator["fn"]>>;
  try {
    f = await validator.fn(i);
  } catch (e) {
    setError(message(e));
    render();
    return;
  }
  if (summary !== sum || shown !== i) return; // another pair or function since
  original = asCfg(f.original);
  givenSsa = asSsa(f.ssa);
  textLines = f.lines;
  selectedBlock = "";
  report = { ...sum.report, verdict: f.report.verdict === "certified" ? "certified" : "rejected", functions: [f.report] };
  minimum = null;
  try {
    minimum = construct(original, { algorithm: "braun", minimize: "peel" });
  } catch {
    // an original our construction cannot take (not CFG_wf): the report says why
  }
  traced = null;
  steps = [];
  try {
    traced = constructTraced(original, { algorithm: state.algorithm, minimize: state.minimize, literal: state.literal });
    steps = stepsOf(traced.events, traced.names);
  } catch {
    // stepping through our construction is an extra here: the verdict is the producer's
  }
  render();
}

const asCfg = (f: FunctionDoc): CfgDocument => ({ ...f, format: "formal-ssa/1" }) as CfgDocument;
const asSsa = (f: FunctionDoc): SsaDocument => ({ ...f, format: "formal-ssa/1" }) as SsaDocument;
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The input: a program, or a document (an original CFG, perhaps with an SSA CFG in a module). */
function readInput(text: string): { cfg: CfgDocument; ssa?: SsaDocument } {
  const t = text.trim();
  if (t.startsWith("{") || t.startsWith("[")) {
    const fns = parseDocument(t, { name: "input" });
    const cfg = fns.find((f) => f.kind === "cfg");
    if (cfg === undefined) throw new Error("input: no original CFG (a function with \"kind\": \"cfg\")");
    const ssa = fns.find((f) => f.kind === "ssa");
    return { cfg: asCfg(cfg), ...(ssa !== undefined ? { ssa: asSsa(ssa) } : {}) };
  }
  return { cfg: lowerProgram(parseProgram(t), { name: "program" }) as CfgDocument };
}

const stmtLine = (s: { defs: string[]; uses: string[] }) => (s.defs.length > 0 ? `${s.defs.join(", ")} := f(${s.uses.join(", ")})` : `f(${s.uses.join(", ")})`);
const blockLines = (b: BlockDoc) => [...(b.stmts ?? []).map(stmtLine), ...(b.defs !== undefined || b.uses !== undefined ? [`defs {${(b.defs ?? []).join(", ")}} uses {${(b.uses ?? []).join(", ")}}`] : [])];

function ssaBlocks(doc: SsaDocument): DrawBlock[] {
  const vars = (doc.vars ?? {}) as Record<string, string>;
  return doc.blocks.map((b) => ({ id: b.id, preds: b.preds, phis: (b.phis ?? []).map((p) => ({ def: p.def, args: argList(p, b.preds), variable: vars[p.def] })), lines: blockLines(b) }));
}

function setError(text: string): void {
  errorLine.textContent = text;
  errorLine.hidden = text === "";
}

/** Everything from the state: input read, construction traced, SSA validated. */
function recompute(): void {
  setError("");
  original = null;
  traced = null;
  steps = [];
  report = null;
  givenSsa = null;
  summary = null;
  shown = -1;
  const mode = producerMode(state.producer);
  if (mode !== undefined && state.source === "" && (state.ssa === "" || mode.id === "react")) {
    setError(`paste the two texts (${mode.before}; ${mode.after}) or load both files (a link keeps texts up to ${LINK_TEXT_MAX >> 20} MB)`);
    render();
    return;
  }
  if (mode !== undefined) {
    summary = null;
    pending = { done: 0, total: 0 };
    // the React Compiler's mode compiles in the page (its bundle loads now); producers' pairs go to the worker
    const v = (validator = mode.id === "react" ? (reactCompiler ??= reactValidator(
            () => state.each,
            () => state.bug,
          )) : (pairsValidator ??= pairValidator()));
    document.body.dataset.validator = v.where;
    v.validate(mode.id, state.source, state.ssa, mode.id === "llvm" ? state.version : "", (done, total) => {
      pending = { done, total };
      renderFunctions();
    }).then(
      (sum) => {
        pending = null;
        summary = sum;
        document.body.dataset.validator = v.where;
        render();
        return showFunction(firstShown(sum));
      },
      (e: unknown) => {
        if (e instanceof Superseded) return;
        pending = null;
        setError(message(e));
        render();
      },
    );
    render();
    return;
  }
  try {
    const input = readInput(state.source);
    original = input.cfg;
    givenSsa = state.ssa.trim() !== "" ? asSsa(parseDocument(state.ssa.trim(), { name: "ssa" })[0]) : (input.ssa ?? null);
  } catch (e) {
    setError(message(e));
    render();
    return;
  }
  try {
    traced = constructTraced(original, { algorithm: state.algorithm, minimize: state.minimize, literal: state.literal });
    steps = stepsOf(traced.events, traced.names);
  } catch (e) {
    setError(message(e));
  }
  if (givenSsa !== null) {
    try {
      report = validate(original, givenSsa);
    } catch (e) {
      setError(message(e));
    }
  }
  render();
}

const lastStep = () => steps.length + 1;

function render(): void {
  if (state.step < 0 || state.step > lastStep()) state.step = lastStep();
  writeHash(state);
  traceNote.textContent = traced === null ? "" : `${traced.events.length} events of the library's tracing hook (constructTraced), ${state.literal ? "of the literal Isabelle functions" : "of the efficient refinements"}.`;
  renderCompare();
  renderFunctions();
  renderReport();
  renderGraphAndStep();
}

/** A producer's functions, each with its verdict and first report line; the shown one marked. */
function renderFunctions(): void {
  const mode = producerMode(state.producer);
  sourceLabel.innerHTML = mode === undefined ? SOURCE_LABEL : mode.before;
  ssaLabel.innerHTML = mode === undefined ? SSA_LABEL : mode.after;
  // the React Compiler's mode takes one source: the page makes the SSA
  ssaLabel.hidden = ssaBox.hidden = mode?.id === "react";
  $("each-pass-label").hidden = $("plant-bug-label").hidden = mode?.id !== "react";
  $("llvm-version-label").hidden = mode?.id !== "llvm";
  document.body.dataset.busy = pending === null ? "false" : "true";
  functionsBox.hidden = summary === null && pending === null;
  if (pending !== null) {
    const bar = document.createElement("progress");
    bar.max = Math.max(1, pending.total);
    bar.value = pending.done;
    bar.setAttribute("aria-label", "validation progress");
    functionsBox.dataset.verdict = "";
    functionsBox.replaceChildren(para("div", pending.total === 0 ? "validating..." : `validating: ${pending.done} of ${pending.total} functions`, "hint"), bar);
    return;
  }
  if (summary === null) {
    functionsBox.replaceChildren();
    return;
  }
  const sum = summary;
  const certified = sum.functions.filter((f) => f.verdict === "certified").length;
  const list = document.createElement("ul");
  list.className = "functions";
  sum.functions.forEach((f, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.dataset.function = f.name;
    b.dataset.verdict = f.verdict;
    b.className = `verdict ${f.verdict === "certified" ? "certified" : "rejected"}${i === shown ? " shown" : ""}`;
    b.textContent = `${f.name}: ${f.verdict}`;
    b.title = f.stages === undefined ? f.line : `${f.line}\nstages checked: ${f.stages.join(", ")}`;
    if (f.stages !== undefined) b.dataset.stages = f.stages.join(",");
    b.onclick = () => {
      // the pair is validated already: only the function shown changes
      state = { ...state, fn: f.name, witness: "", step: 0 };
      setError("");
      void showFunction(i);
    };
    li.appendChild(b);
    list.appendChild(li);
  });
  const verdict = sum.report.verdict;
  functionsBox.dataset.verdict = verdict;
  const head = para("div", `${verdict}: ${certified} of ${sum.functions.length} function${sum.functions.length === 1 ? "" : "s"} certified`, `verdict ${verdict === "certified" ? "certified" : "rejected"}`);
  // a verdict on a planted bug must not read as one on the compiler
  const planted = mode?.id === "react" && state.bug ? [para("div", `not the compiler's own output: ${PLANTED_BUG}`, "hint planted")] : [];
  functionsBox.replaceChildren(head, ...planted, list);
}

function renderGraphAndStep(): void {
  document.body.dataset.step = String(state.step);
  document.body.dataset.steps = String(lastStep());
  stepLabel.textContent = original === null ? "" : `step ${state.step} of ${lastStep()}`;
  defBox.replaceChildren();
  if (original === null) {
    graphBox.replaceChildren();
    stepInfo.textContent = "";
    return;
  }
  const witness = selectedWitness();
  if (givenSsa !== null && report !== null) {
    // validating: the given SSA, the selected witness on it
    const hl: Highlight = { ...(witness === null ? {} : witnessHighlight(witness.w)), ...(selectedBlock !== "" ? { selected: selectedBlock } : {}) };
    drawCfg(graphBox, ssaBlocks(givenSsa), hl);
    document.body.dataset.view = "validate";
    stepLabel.textContent = "validating the given SSA (Clear SSA to step through the construction)";
    stepInfo.replaceChildren(para("strong", "Validating the given SSA CFG against the original."), para("span", witness === null ? "Every property holds." : `Witness of ${witness.property}: ${witness.w.text}`));
    if (witness !== null) showDefinition(witness.property.replace(/^old\./, ""));
    return;
  }
  document.body.dataset.view = "construct";
  if (state.step === 0 || traced === null) {
    drawCfg(graphBox, original.blocks.map((b) => ({ id: b.id, preds: b.preds, phis: [], lines: blockLines(b) })));
    stepInfo.replaceChildren(para("strong", "The original CFG."), para("span", "Step forwards to watch the construction place and remove phis."));
  } else if (state.step === lastStep()) {
    drawCfg(graphBox, ssaBlocks(traced.ssa));
    const phis = traced.ssa.blocks.reduce((n, b) => n + (b.phis?.length ?? 0), 0);
    stepInfo.replaceChildren(para("strong", `The result: ${state.algorithm}, minimisation ${state.minimize}, ${phis} phi${phis === 1 ? "" : "s"}.`), para("span", "The SSA CFG the library's construct gives (as formal-ssa construct prints it)."));
  } else {
    const s = steps[state.step - 1];
    const placed = [...s.placed.values()];
    drawCfg(
      graphBox,
      original.blocks.map((b) => ({ id: b.id, preds: b.preds, phis: placed.filter((p) => p.block === b.id).map((p) => ({ def: p.value ?? `${p.variable}.${b.id}.phi`, variable: p.variable })), lines: blockLines(b) })),
      { blocks: new Set(s.blocks) },
    );
    stepInfo.replaceChildren(para("strong", s.title), para("span", s.text));
    showDefinition(s.event.def);
  }
}

function para(tag: "strong" | "span" | "div", text: string, cls?: string): HTMLElement {
  const e = document.createElement(tag === "span" ? "p" : tag);
  e.textContent = text;
  if (cls !== undefined) e.className = cls;
  return e;
}

function showDefinition(def: string): void {
  const d = definitionOf(def);
  const parts: HTMLElement[] = [para("div", `Definition: ${def}`, "def-name")];
  for (const e of d.entries.slice(0, 2)) {
    parts.push(para("div", `${e.kind} ${e.id} (${e.theory}.thy)`, "def-entry"));
    // the statement and, beside it, what the TypeScript is to it (the spec map's status)
    const statement = para("div", e.summary, "isabelle");
    const status = para("div", `status: ${d.statuses[e.id].text}`, "def-status");
    status.dataset.status = d.statuses[e.id].status;
    parts.push(statement, status);
  }
  if (d.entries.length === 0) parts.push(para("div", "A step of the paper's procedure; the AFP has no definition of that name.", "def-entry"));
  const m = d.mirrors[0];
  if (m !== undefined) {
    const role = m.approximates.length > 0 ? "approximated by" : m.standin.length > 0 ? "stood in for by" : m.file.startsWith("checks/") ? "decided by the checker" : "transcribed by";
    parts.push(para("div", `${role} ${m.symbol} (${m.file}:${m.line})`, "def-mirror"));
    if (m.doc !== "") parts.push(para("div", m.doc, "doc"));
  } else if (d.file !== undefined) {
    parts.push(para("div", `in ${d.file.file}`, "def-mirror"));
    parts.push(para("div", d.file.header.slice(0, 1600), "doc"));
  }
  defBox.replaceChildren(...parts);
  defBox.dataset.def = def;
}

function renderCompare(): void {
  if (original === null) {
    compareBox.replaceChildren();
    return;
  }
  const table = document.createElement("table");
  const head = table.insertRow();
  head.insertCell().textContent = "phis";
  for (const m of MINIMIZATIONS) head.insertCell().textContent = m;
  for (const a of ALGORITHMS) {
    const row = table.insertRow();
    row.insertCell().textContent = a;
    for (const m of MINIMIZATIONS) {
      const cell = row.insertCell();
      cell.dataset.algorithm = a;
      cell.dataset.minimize = m;
      try {
        const ssa = construct(original, { algorithm: a, minimize: m });
        cell.textContent = String(ssa.blocks.reduce((n, b) => n + (b.phis?.length ?? 0), 0));
      } catch {
        cell.textContent = "–";
      }
      if (a === state.algorithm && m === state.minimize) cell.className = "current";
      cell.onclick = () => {
        state = { ...state, algorithm: a, minimize: m, step: 0 };
        algSel.value = a;
        minSel.value = m;
        recompute();
      };
    }
  }
  compareBox.replaceChildren(table);
}

// --- validation ----------------------------------------------------------------------------------

/** The properties that fail (not those left undecided because a producer check failed: they have no witness of their own). */
function failing(): [string, PropertyReport][] {
  if (report === null) return [];
  return Object.entries(report.functions[0]?.properties ?? {}).filter(([, p]) => !p.holds && p.decided !== false);
}

/**
 * How a property reads in the list, as the command line's report says it: `holds`, `FAILS`, or
 * `not decided` (it rests on the pairing of the producer's instructions, which a producer check
 * rejects: neither holding nor failing).
 */
function propertyState(p: PropertyReport): { className: string; label: string } {
  if (p.decided === false) return { className: "undecided", label: "not decided" };
  return p.holds ? { className: "holds", label: "holds" } : { className: "fails", label: "FAILS" };
}

/** The model's properties; the others of a producer's report are its own checks (`same_instructions`). */
const MODEL_PROPERTIES: ReadonlySet<string> = new Set<string>([...VALIDITY, ...QUALITY, "sound_refinement"]);

/** The producer checks that failed in a function (what its undecided properties rest on), as the text report names them. */
function failedChecks(properties: Record<string, PropertyReport>): string[] {
  return Object.entries(properties)
    .filter(([name, p]) => !p.holds && !MODEL_PROPERTIES.has(name))
    .map(([name]) => name);
}

function selectedWitness(): { property: string; index: number; w: WitnessReport } | null {
  const fails = failing();
  if (fails.length === 0) return null;
  const [prop, idx] = state.witness.split(":");
  const hit = fails.find(([name]) => name === prop);
  const [name, p] = hit ?? fails.find(([, q]) => (q.witness?.length ?? 0) > 0) ?? fails[0];
  const index = hit !== undefined ? Number(idx) || 0 : 0;
  const w = p.witness?.[index] ?? p.witness?.[0];
  return w === undefined ? null : { property: name, index, w };
}

function witnessHighlight(w: WitnessReport): Highlight {
  const at = Array.isArray(w.at) ? w.at : w.at !== undefined ? [w.at] : [];
  const defs = [w.original?.block, w.ssa?.block, ...at.map((p) => p.block)].filter((b): b is string => b !== undefined);
  return { ...(w.path !== undefined ? { path: w.path } : {}), blocks: new Set([...(w.blocks ?? []), ...(w.path ?? [])]), ...(w.use !== undefined ? { use: w.use.block } : {}), defs };
}

function renderReport(): void {
  if (report === null) {
    reportBox.replaceChildren(givenSsa === null ? para("div", "Paste or load an SSA CFG (or pick a pair of examples) to validate it against the original.", "hint") : para("div", ""));
    reportBox.dataset.verdict = "";
    return;
  }
  const f = report.functions[0];
  reportBox.dataset.verdict = report.verdict;
  const parts: HTMLElement[] = [para("div", `${f.name}: ${f.verdict}`, `verdict ${f.verdict}`)];
  const line = summary?.functions[shown]?.line;
  if (line !== undefined) {
    const l = para("div", line, "report-line");
    l.id = "report-line";
    parts.push(l);
  }
  const sel = selectedWitness();
  const list = document.createElement("ul");
  list.className = "properties";
  const checks = failedChecks(f.properties);
  for (const [name, p] of Object.entries(f.properties)) {
    const li = document.createElement("li");
    li.dataset.property = name;
    const shown = propertyState(p);
    li.className = shown.className;
    li.textContent = `${shown.label}  ${name}${p.failures !== undefined ? ` (${p.failures} failure${p.failures === 1 ? "" : "s"})` : ""}`;
    if (!p.holds && p.witness !== undefined) {
      const wl = document.createElement("ol");
      p.witness.forEach((w, i) => {
        const wi = document.createElement("li");
        wi.className = `witness${sel !== null && sel.property === name && sel.index === i ? " selected" : ""}`;
        wi.dataset.witness = `${name}:${i}`;
        wi.textContent = w.text;
        wi.onclick = () => {
          state = { ...state, witness: `${name}:${i}` };
          render();
        };
        wl.appendChild(wi);
      });
      li.appendChild(wl);
    }
    list.appendChild(li);
  }
  parts.push(list);
  if (Object.values(f.properties).some((p) => p.decided === false)) {
    // as the command line's report says it
    const note = para("div", `not decided: they rest on the pairing of the instructions, which ${checks.join(" and ")} rejects`, "hint");
    note.id = "undecided-note";
    parts.push(note);
  }
  if (sel !== null) {
    const w = sel.w;
    const facts: string[] = [];
    if (w.path !== undefined) facts.push(`path ${w.path.join(" -> ")}`);
    if (w.use !== undefined) facts.push(`use: ${w.use.value ?? w.value ?? ""} at ${w.use.phi !== undefined ? `argument ${w.use.arg} of the phi in ${w.use.phi.block} (end of ${w.use.block})` : `${w.use.block}${w.use.stmt !== undefined ? `, statement ${w.use.stmt}` : ""}`}`);
    if (w.original !== undefined) facts.push(`original definition: ${w.original === null ? "none" : `${w.original.block}${w.original.stmt !== undefined ? `, statement ${w.original.stmt}` : ""}`}`);
    if (w.ssa !== undefined) facts.push(`SSA definition: ${w.ssa === null ? "none" : `${w.ssa.block}${w.ssa.stmt !== undefined ? `, statement ${w.ssa.stmt}` : ""}`}`);
    const box = document.createElement("div");
    box.id = "witness";
    box.dataset.property = sel.property;
    box.dataset.path = (w.path ?? []).join(",");
    box.append(para("strong", `Witness of ${sel.property}`), ...facts.map((t) => para("div", t)));
    parts.push(box);
  }
  const phis = producerPhis(f);
  if (phis !== null) parts.push(phis);
  reportBox.replaceChildren(...parts);
}

/** A phi as a line: `x: x_5 = φ(x_3, x_8)`. */
function phiLines(doc: SsaDocument, block: string): string[] {
  const vars = (doc.vars ?? {}) as Record<string, string>;
  const b = doc.blocks.find((x) => x.id === block);
  return (b?.phis ?? []).map((p) => `${vars[p.def] ?? "?"}: ${p.def} = φ(${argList(p, b!.preds).join(", ")})`);
}

/**
 * A producer's phis beside braun+peel's on the same original (the fewest any valid translation
 * has, Minimal_SSA), block by block, and the report's explanation of every difference.
 */
function producerPhis(f: Report["functions"][number]): HTMLElement | null {
  if (summary === null || givenSsa === null || minimum === null) return null;
  const box = document.createElement("div");
  box.id = "phis";
  const producer = summary.report.producer ?? "the producer";
  box.dataset.phis = String(f.stats.phis ?? "");
  box.dataset.minimum = String(f.stats.phis_minimum ?? "");
  box.append(para("strong", `${producer} placed ${f.stats.phis ?? 0} phi${f.stats.phis === 1 ? "" : "s"}; braun+peel needs ${f.stats.phis_minimum ?? "?"}`));
  const blocks = givenSsa.blocks.map((b) => b.id).filter((id) => phiLines(givenSsa!, id).length > 0 || phiLines(minimum!, id).length > 0);
  if (blocks.length > 0) {
    const table = document.createElement("table");
    table.className = "phi-table";
    const head = table.insertRow();
    for (const t of ["block", producer, "braun+peel"]) head.insertCell().textContent = t;
    for (const id of blocks) {
      const row = table.insertRow();
      row.dataset.block = id;
      row.insertCell().textContent = id;
      row.insertCell().textContent = phiLines(givenSsa, id).join("\n");
      row.insertCell().textContent = phiLines(minimum, id).join("\n");
    }
    box.append(table);
  }
  const diffs = f.differences ?? [];
  if (diffs.length > 0) {
    const list = document.createElement("ul");
    list.className = "differences";
    for (const d of diffs) {
      const li = document.createElement("li");
      li.textContent = d;
      list.appendChild(li);
    }
    box.append(list);
  }
  return box;
}

// --- the producer's text and the graph, linked ---

/** The text's offsets of lines `first` to `last` (1-based). */
function lineOffsets(text: string, first: number, last: number): [number, number] {
  let start = 0;
  for (let l = 1; l < first && start >= 0; l++) start = text.indexOf("\n", start) + 1;
  let end = start;
  for (let l = first; l <= last && end >= 0; l++) {
    const nl = text.indexOf("\n", end);
    end = nl < 0 ? text.length : nl + 1;
  }
  return [start, Math.max(start, end - 1)];
}

/** A block chosen: marked on the graph, and its lines selected in the before text (where the box shows it). */
function selectBlock(id: string): void {
  selectedBlock = id;
  document.body.dataset.selectedBlock = id;
  const lines = textLines?.[id];
  if (lines !== undefined && sourceBox.dataset.kept !== "true") {
    const [start, end] = lineOffsets(sourceBox.value, lines[0], lines[1]);
    sourceBox.focus();
    sourceBox.setSelectionRange(start, end);
    // the selection's first line near the top of the box
    sourceBox.scrollTop = Math.max(0, (lines[0] - 3) * (sourceBox.scrollHeight / Math.max(1, sourceBox.value.split("\n").length)));
  }
  renderGraphAndStep();
}

graphBox.addEventListener("click", (ev) => {
  if (summary === null) return;
  const block = (ev.target as Element).closest("[data-block]")?.getAttribute("data-block");
  if (block !== null && block !== undefined) selectBlock(block);
});

/** The caret in the before text: the block whose lines hold it is marked on the graph. */
function caretToBlock(): void {
  if (summary === null || textLines === undefined || sourceBox.dataset.kept === "true") return;
  const line = sourceBox.value.slice(0, sourceBox.selectionStart).split("\n").length;
  let best: [string, number] | undefined;
  for (const [id, [a, b]] of Object.entries(textLines)) if (a <= line && line <= b && (best === undefined || b - a < best[1])) best = [id, b - a];
  if (best === undefined || best[0] === selectedBlock) return;
  selectedBlock = best[0];
  document.body.dataset.selectedBlock = best[0];
  renderGraphAndStep();
}
sourceBox.addEventListener("click", caretToBlock);
sourceBox.addEventListener("keyup", caretToBlock);

// --- controls ------------------------------------------------------------------------------------

/** Texts longer than this are kept, not shown: a text box laid out with megabytes holds the page up for seconds. */
const SHOW_MAX = 1 << 19;

/** A box shows its text, or says that a long one is loaded (and kept in the state). */
function showText(box: HTMLTextAreaElement, text: string): void {
  const long = text.length > SHOW_MAX;
  box.value = long ? "" : text;
  box.placeholder = long ? `(${(text.length / 2 ** 20).toFixed(1)} MB loaded: too long to show here; type or paste to replace it)` : "";
  box.dataset.kept = long ? "true" : "false";
}

// typing, pasting or clearing replaces a long text the box kept
for (const box of [sourceBox, ssaBox]) box.addEventListener("input", () => (box.dataset.kept = "false"));

/** A box's text: what it shows, or the long text it keeps. */
const boxText = (box: HTMLTextAreaElement, kept: string) => (box.dataset.kept === "true" && box.value === "" ? kept : box.value);

function syncInputs(): void {
  producerSel.value = state.producer;
  $<HTMLInputElement>("each-pass").checked = state.each;
  $<HTMLInputElement>("plant-bug").checked = state.bug;
  $<HTMLSelectElement>("llvm-version").value = state.version;
  showText(sourceBox, state.source);
  showText(ssaBox, state.ssa);
  algSel.value = state.algorithm;
  minSel.value = state.minimize;
  literalBox.checked = state.literal;
  const ex = state.producer === "" ? EXAMPLES.find((e) => e.source === state.source && (e.ssa ?? "") === state.ssa) : PRODUCER_EXAMPLES.find((e) => e.producer === state.producer && e.before === state.source && e.after === state.ssa && (e.bug === true) === (state.producer === "react" && state.bug));
  exampleSel.value = ex?.id ?? "";
}

function load(e: Example): void {
  state = { ...state, producer: "", fn: "", source: e.source, ssa: e.ssa ?? "", step: 0, witness: "" };
  syncInputs();
  recompute();
}

exampleSel.onchange = () => {
  const e = EXAMPLES.find((x) => x.id === exampleSel.value);
  if (e !== undefined) load(e);
  const p = PRODUCER_EXAMPLES.find((x) => x.id === exampleSel.value);
  if (p !== undefined) {
    state = { ...state, producer: p.producer, fn: "", source: p.before, ssa: p.after, bug: p.bug === true, step: 0, witness: "" };
    syncInputs();
    recompute();
  }
};
$<HTMLSelectElement>("llvm-version").onchange = (ev) => {
  state = { ...state, version: (ev.target as HTMLSelectElement).value, fn: "", witness: "", step: 0 };
  recompute();
};
$<HTMLInputElement>("each-pass").onchange = (ev) => {
  state = { ...state, each: (ev.target as HTMLInputElement).checked, fn: "", witness: "", step: 0 };
  recompute();
};
$<HTMLInputElement>("plant-bug").onchange = (ev) => {
  state = { ...state, bug: (ev.target as HTMLInputElement).checked, fn: "", witness: "", step: 0 };
  syncInputs();
  recompute();
};
producerSel.onchange = () => {
  state = { ...state, producer: producerSel.value, fn: "", step: 0, witness: "" };
  recompute();
};
$("run").onclick = () => {
  state = { ...state, source: boxText(sourceBox, state.source), ssa: boxText(ssaBox, state.ssa), fn: "", step: 0, witness: "" };
  recompute();
};
$("validate-result").onclick = () => {
  if (traced === null) return;
  state = { ...state, ssa: JSON.stringify(traced.ssa, null, 1), witness: "" };
  syncInputs();
  recompute();
};
$("clear-ssa").onclick = () => {
  state = { ...state, ssa: "", witness: "" };
  syncInputs();
  recompute();
};
algSel.onchange = minSel.onchange = literalBox.onchange = () => {
  state = { ...state, algorithm: algSel.value as Algorithm, minimize: minSel.value as Minimize, literal: literalBox.checked, step: 0 };
  recompute();
};
const go = (step: number) => {
  state = { ...state, step: Math.max(0, Math.min(lastStep(), step)) };
  render();
};
$("first").onclick = () => go(0);
$("prev").onclick = () => go(state.step - 1);
$("next").onclick = () => go(state.step + 1);
$("last").onclick = () => go(lastStep());
document.addEventListener("keydown", (e) => {
  if (e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement) return;
  if (e.key === "ArrowRight") go(state.step + 1);
  if (e.key === "ArrowLeft") go(state.step - 1);
});
$<HTMLInputElement>("file").onchange = async (ev) => {
  const files = [...((ev.target as HTMLInputElement).files ?? [])];
  const texts = await Promise.all(files.map((f) => f.text()));
  if (producerMode(state.producer) !== undefined && files.length === 2) {
    // a producer's pair: the after file is the one named so (after, .ssa), else the second
    const named = files.findIndex((f) => /after|\.ssa$/.test(f.name));
    const after = named >= 0 ? named : 1;
    state = { ...state, source: texts[1 - after], ssa: texts[after], fn: "", step: 0, witness: "" };
    syncInputs();
    recompute();
    return;
  }
  // one file: the input; two: the original and the SSA (told apart by their kind)
  const kinds = texts.map((t) => {
    try {
      return parseDocument(t, { name: "file" })[0]?.kind;
    } catch {
      return undefined;
    }
  });
  const s = texts.findIndex((_, i) => kinds[i] === "ssa");
  const o = texts.findIndex((_, i) => i !== s);
  state = { ...state, source: o >= 0 ? texts[o] : state.source, ssa: s >= 0 ? texts[s] : "", step: 0, witness: "" };
  syncInputs();
  recompute();
};
/** The state of the URL's hash (a shared link); a hash that does not decode is said, and the default shown. */
async function fromHash(): Promise<void> {
  try {
    state = stateOf(await decodeHash(location.hash));
    syncInputs();
    recompute();
  } catch (e) {
    state = DEFAULT;
    syncInputs();
    recompute();
    setError(message(e));
  }
}

// a link followed or edited by hand (the page's own writes, by replaceState, fire no hashchange)
window.addEventListener("hashchange", () => void fromHash());

void fromHash().then(() => {
  document.body.dataset.ready = "true";
});
