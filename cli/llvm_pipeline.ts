/**
 * LLVM input for `validate` and `construct`: textual IR before and after `opt -passes=mem2reg`
 * (io/llvm/), turned into exchange-format documents per function (io/llvm/mem2reg.ts), then
 * the ordinary stages: lower (io/lower.ts), check (checks/), report. On top of the exchange
 * format's report, per function: the property `same_instructions` (mem2reg changed only what it
 * may change), mem2reg's phi count against the minimum of our braun+peel on the same original
 * CFG, and an explanation of every difference between the two.
 *
 * `--undef refine` is the default here: LLVM reads an uninitialised alloca as `undef`, which
 * mem2reg may refine to any value (folding `phi(undef, v)` to `v`, giving a single stored
 * constant to every load); the alloca's definition is the wildcard of checks/equiv.ts.
 */
import { isAscii } from "node:buffer";
import { createRequire } from "node:module";
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import type cliProgressModule from "cli-progress";
import { certified, checkTransformed, QUALITY, refinementCount, type Verdict } from "../checks/index.js";
import type { FunctionDoc } from "../io/format.js";
import { adaptModule, originalFunction, type AdaptedFunction, type TranslationFailure } from "../io/llvm/mem2reg.js";
import type { LlvmModule } from "../io/llvm/ir.js";
import { parseModule } from "../io/llvm/parse.js";
import { SourceText } from "../io/llvm/text.js";
import { lowerPair, type LoweredCfg } from "../io/lower.js";
import type { Node, Var } from "../spec/ids.js";
import type { Cfg, Transformed } from "../spec/model.js";
import { MalformedInput } from "../spec/errors.js";
import { buildSsa, constructOne, type ConstructedFunction, type ConstructOptions } from "./construct_pipeline.js";
import { propertiesJson, REPORT_FORMAT, verdictLines, type FunctionReport, type Namer, type Report } from "./report.js";
import { cfgNamer, ssaNamer, type FunctionResult } from "./validate_pipeline.js";

export type UndefMode = "strict" | "refine";

/** Whether `file` holds LLVM IR: by its extension, or else by its first significant text. */
export function isLlvmFile(file: string): boolean {
  if (file.endsWith(".ll")) return true;
  let head: string;
  try {
    const fd = openSync(file, "r");
    try {
      const buf = Buffer.alloc(4096);
      head = buf.subarray(0, readSync(fd, buf, 0, buf.length, 0)).toString("utf8");
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
  const t = head.replace(/^\uFEFF/, "").trimStart();
  if (t.startsWith("{") || t.startsWith("[")) return false;
  return /^(;|source_filename\b|target\b|define\b|declare\b|@|%|!|attributes\b|module\b)/.test(t);
}

/** A parsed module with its text (the comparison reads instructions' text back). */
export interface LlvmInput {
  src: SourceText;
  module: LlvmModule;
}

/**
 * A file's text. Compilers print LLVM IR in ASCII (names and strings with other bytes are
 * escaped): such a file becomes a string without UTF-8 decoding, four times faster on big modules.
 */
export function readText(file: string): string {
  const bytes = readFileSync(file);
  return isAscii(bytes) ? bytes.toString("latin1") : bytes.toString("utf8");
}

export function readLlvm(file: string): LlvmInput {
  let text: string;
  try {
    text = readText(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new MalformedInput(`${file}: cannot read the file (${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : String(code ?? e)})`);
  }
  return llvmText(text, file);
}

export function llvmText(text: string, file: string, lineOffset = 0, numberedTypes?: boolean): LlvmInput {
  const module = parseModule(text, file);
  if (lineOffset !== 0)
    for (const fn of module.functions) {
      fn.line += lineOffset;
      for (const b of fn.blocks) {
        b.line += lineOffset;
        for (const i of b.instrs) i.line += lineOffset;
      }
    }
  return { src: new SourceText(text, file, lineOffset, numberedTypes), module };
}

/** cli-progress, loaded when a bar is shown: its load is a tenth of a small run's startup. */
const loadCliProgress = (): typeof cliProgressModule => createRequire(import.meta.url)("cli-progress") as typeof cliProgressModule;

/** A progress bar on stderr for long runs (a TTY, or many functions). */
export class Progress {
  private bar: cliProgressModule.SingleBar | null = null;
  constructor(total: number, what: string, enabled = process.stderr.isTTY === true || total >= MANY_FUNCTIONS) {
    if (!enabled || total === 0) return;
    const cliProgress = loadCliProgress();
    this.bar = new cliProgress.SingleBar(
      {
        stream: process.stderr,
        format: `${what} [{bar}] {value}/{total} functions | {duration_formatted} | {fn}`,
        noTTYOutput: process.stderr.isTTY !== true,
        notTTYSchedule: 2000,
        hideCursor: false,
        clearOnComplete: true,
        etaBuffer: 50,
      },
      cliProgress.Presets.shades_classic,
    );
    this.bar.start(total, 0, { fn: "" });
  }
  tick(fn: string): void {
    this.bar?.increment(1, { fn: fn.length > 40 ? `${fn.slice(0, 37)}...` : fn });
  }
  stop(): void {
    this.bar?.stop();
  }
}

/** Past this many functions the progress bar shows even when stderr is not a terminal. */
export const MANY_FUNCTIONS = 1000;

export interface LlvmFunctionResult extends FunctionResult {
  /** `same_instructions`: the differences mem2reg may not make, with their places. */
  translation: TranslationFailure[];
  /** Why mem2reg's phi count differs from our minimum, one line each. */
  differences: string[];
  /** Blocks of the before file (for places in messages). */
  file: string;
  /** The original CFG and mem2reg's SSA on one graph, with `keepModel`. */
  model?: Transformed;
}

export interface LlvmValidateOptions {
  undef: UndefMode;
  require: readonly string[];
  necessaryPaths?: boolean;
  progress?: boolean;
  /** Keep each function's model (`model`), for tests that re-check witnesses. */
  keepModel?: boolean;
  /** Always construct braun+peel for `phis_minimum` (see `minimumPhis`). */
  constructMinimum?: boolean;
}

/** `validate before.ll after.ll`: every function certified or rejected. */
export function validateLlvm(beforeFile: string, afterFile: string, opts: LlvmValidateOptions): LlvmFunctionResult[] {
  return validateModules(readLlvm(beforeFile), readLlvm(afterFile), opts);
}

/** `validateLlvm` on modules read already (tests pass texts through `llvmText`). */
export function validateModules(before: LlvmInput, after: LlvmInput, opts: LlvmValidateOptions): LlvmFunctionResult[] {
  return eachFunction(before, after, opts, (r) => r);
}

/** Each function validated, then passed through `each` (rendering it lets its documents go). */
export function eachFunction<T>(before: LlvmInput, after: LlvmInput, opts: LlvmValidateOptions, each: (r: LlvmFunctionResult) => T, tick?: (fn: string) => void): T[] {
  const adapted = adaptModule(before.module, after.module, before.src, after.src);
  return eachAdapted(before.module.functions.length, adapted, before.src.file, after.src.file, opts, each, tick);
}

/** `eachFunction` over adapted functions from anywhere (cli/llvm_stream.ts parses them one by one). */
export function eachAdapted<T>(
  count: number,
  functions: Iterable<AdaptedFunction>,
  beforeFile: string,
  afterFile: string,
  opts: LlvmValidateOptions,
  each: (r: LlvmFunctionResult) => T,
  tick?: (fn: string) => void,
): T[] {
  const progress = tick === undefined ? new Progress(count, "validate", opts.progress) : null;
  const out: T[] = [];
  try {
    for (const adapted of functions) {
      out.push(each(validateFunction(adapted, beforeFile, afterFile, opts)));
      progress?.tick(adapted.name);
      tick?.(adapted.name);
    }
  } finally {
    progress?.stop();
  }
  return out;
}

/** The namer of a function whose report has nothing to name. */
const NO_NAMES: Namer = {
  places: {
    file: "",
    functionName: "",
    blockNames: [],
    blockFirstNode: new Int32Array(1),
    nodeBlock: new Int32Array(0),
    nodeFirstStmt: new Int32Array(0),
    defStmt: new Int32Array(0),
    useStmt: new Int32Array(0),
    stmtsForm: [],
  } as unknown as Namer["places"],
  valName: (v) => `#${v}`,
  varName: (x) => `#${x}`,
  valVar: (v) => `#${v}`,
  useStmt: () => undefined,
  defStmt: () => undefined,
};

function wildcardOf(adapted: AdaptedFunction, orig: LoweredCfg): (x: Var, n: Node) => boolean {
  const keys = new Set<number>();
  const N = orig.cfg.nodeCount;
  for (const u of adapted.uninitialised) {
    const x = orig.varIds.get(u.variable);
    const b = orig.blockIndex.get(u.block);
    if (x === undefined || b === undefined) continue;
    const n = orig.layout.stmtDefNode[orig.layout.blockFirstStmt[b] + u.stmt];
    keys.add(x * N + n);
  }
  return (x, n) => keys.has(x * N + n);
}

export function validateFunction(adapted: AdaptedFunction, beforeFile: string, afterFile: string, opts: LlvmValidateOptions): LlvmFunctionResult {
  const t0 = performance.now();
  const name = adapted.original.name!;
  const pair = lowerPair(adapted.original, adapted.ssa, beforeFile, afterFile, name);
  const same: Verdict = { property: "same_instructions", holds: adapted.failures.length === 0, failures: adapted.failures.length, witnesses: [] };
  const base = {
    name,
    translation: adapted.failures,
    file: beforeFile,
  };
  if (!pair.ok) {
    const v: Verdict = { property: "same_graph", holds: false, failures: 1, witnesses: [] };
    return {
      ...base,
      certified: false,
      verdicts: [same, v],
      namer: cfgNamer(pair.orig),
      stats: { blocks: adapted.stats.blocks, unreachable_blocks: adapted.stats.unreachable_blocks, phis: adapted.stats.phis },
      mismatch: pair.mismatch,
      differences: [],
    };
  }
  const wildcard = opts.undef === "refine" ? wildcardOf(adapted, pair.orig) : undefined;
  const verdicts = checkTransformed(pair.transformed, { necessaryPaths: opts.necessaryPaths, wildcard });
  const minimum = minimumPhis(pair.orig.cfg, pair.transformed.ssa.phiCount, verdicts, opts);
  const ms = performance.now() - t0;
  const s = pair.transformed.ssa;
  const phis = adapted.stats.phis;
  const differences = explain(adapted, verdicts, pair.ssa.valNames, phis, minimum);
  const ok = same.holds && certified(verdicts, opts.require);
  // a certified function's report names nothing: drop the lowered documents early (big modules)
  const keepNames = !ok || opts.keepModel === true || verdicts.some((v) => v.evidence !== undefined || v.witnesses.length > 0);
  return {
    ...base,
    certified: ok,
    verdicts: [same, { property: "same_graph", holds: true, failures: 0, witnesses: [] }, ...verdicts],
    namer: keepNames ? ssaNamer(pair.ssa) : NO_NAMES,
    model: opts.keepModel ? pair.transformed : undefined,
    stats: {
      blocks: adapted.stats.blocks,
      nodes: s.nodeCount,
      phis,
      phis_minimum: minimum,
      values: s.valCount,
      promoted: adapted.stats.promoted,
      unreachable_blocks: adapted.stats.unreachable_blocks,
      refinements: refinementCount(verdicts),
      milliseconds: Math.round(ms * 1000) / 1000,
    },
    differences,
  };
}

/**
 * The fewest phis of any translation of `cfg`: braun+peel's count. When the SSA at hand is
 * certified strictly (no refinement), pruned and free of redundant phi sets, that is its own
 * count (Minimal_SSA, `phi_count_minimal`: such an SSA has the fewest phis of all valid
 * translations, as braun+peel's output does), and the construction is skipped;
 * FORMAL_SSA_MINIMUM=construct always constructs (the tests compare both).
 */
function minimumPhis(cfg: Cfg, phiCount: number, verdicts: readonly Verdict[], opts: LlvmValidateOptions): number {
  const holds = (p: string) => verdicts.find((v) => v.property === p)?.holds === true;
  const exact = certified(verdicts) && refinementCount(verdicts) === 0 && holds("pruned") && holds("no_redundant_set");
  if (exact && process.env.FORMAL_SSA_MINIMUM !== "construct" && opts.constructMinimum !== true) return phiCount;
  return buildSsa(cfg, { algorithm: "braun", minimize: "peel" }).ssa.phiCount;
}

/**
 * Every reason mem2reg's phi count (`phis`) differs from the minimum of braun+peel on the same
 * original CFG (`phis_minimum`): mem2reg's dead phis (its liveness counts every load, ours only
 * loads whose value is observed), phis it folded away (`phi(undef, v)`, `phi(w, w)`); what
 * remains unexplained is said so.
 */
function explain(adapted: AdaptedFunction, verdicts: readonly Verdict[], valNames: readonly string[], phis: number, minimum: number): string[] {
  const out: string[] = [];
  const pruned = verdicts.find((v) => v.property === "pruned");
  const dead = pruned === undefined || pruned.holds ? 0 : pruned.failures;
  if (dead > 0) {
    const shown = pruned!.witnesses.flatMap((w) => (w.kind === "phi" ? [valNames[w.val]] : []));
    out.push(
      `${dead} dead phi${dead === 1 ? "" : "s"} mem2reg keeps (no observed load reads ${dead === 1 ? "it" : "them"}; pruned fails): ${shown.join(", ")}${dead > shown.length ? ", ..." : ""}`,
    );
  }
  const merged = adapted.stats.merged;
  const folds = adapted.stats.undef_folds;
  for (const d of adapted.differences) if (d.kind === "undef fold" || d.kind === "equal values merged") out.push(`${d.kind} at block ${d.block}: ${d.detail}`);
  const explained = phis - dead + merged + folds;
  if (adapted.laterRound.length > 0)
    out.push(`mem2reg's count includes phis for ${adapted.laterRound.map((n) => `%${n}`).join(", ")}, promoted in a round after the second, which is not modelled`);
  else if (explained !== minimum)
    out.push(`unexplained: ${phis} phis - ${dead} dead + ${merged} merged + ${folds} undef folds = ${explained}, but the minimum is ${minimum}`);
  for (const d of adapted.differences) if (d.kind !== "undef fold" && d.kind !== "equal values merged") out.push(`${d.kind} at block ${d.block}: ${d.detail}`);
  return out;
}

/** `construct before.ll`: our SSA for every function's original CFG. */
export function constructLlvm(file: string, opts: ConstructOptions & { progress?: boolean }): ConstructedFunction[] {
  return constructModule(readLlvm(file), opts);
}

export function constructModule<T = ConstructedFunction>(
  input: LlvmInput,
  opts: ConstructOptions & { progress?: boolean },
  tick?: (fn: string) => void,
  each: (f: ConstructedFunction) => T = asIs,
): T[] {
  return constructEach(input.module.functions.length, [input], opts, tick, each);
}

/** The default `each` of the construct pipelines: the function itself. */
export const asIs = <T>(f: ConstructedFunction): T => f as T;

/**
 * `constructModule` over modules from anywhere (cli/llvm_stream.ts parses one function each);
 * each function passes through `each` as soon as it is built (formatting it lets its document go).
 */
export function constructEach<T = ConstructedFunction>(
  count: number,
  inputs: Iterable<LlvmInput>,
  opts: ConstructOptions & { progress?: boolean },
  tick?: (fn: string) => void,
  each: (f: ConstructedFunction) => T = asIs,
): T[] {
  const progress = tick === undefined ? new Progress(count, "construct", opts.progress) : null;
  const out: T[] = [];
  try {
    for (const { src, module } of inputs)
      for (const fn of module.functions) {
        const doc: FunctionDoc = originalFunction(fn, src).doc;
        out.push(each(constructOne(doc, src.file, doc.name!, opts)));
        progress?.tick(fn.name);
        tick?.(fn.name);
      }
  } finally {
    progress?.stop();
  }
  return out;
}

// --- reports -----------------------------------------------------------------------------------

/**
 * One function's part of a report, rendered where its names live (a worker thread renders its
 * own functions): the verdict, stats, explanations, its text lines and its JSON entry.
 */
export interface RenderedFunction {
  name: string;
  certified: boolean;
  stats: Record<string, number>;
  differences: string[];
  /** Text report lines (empty for a certified function without `functions`). */
  lines: string[];
  /** JSON report entry, with `json`. */
  json?: FunctionReport;
}

export interface RenderOptions {
  json?: boolean;
  functions?: boolean;
  require?: readonly string[];
}

function plural(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? "" : "s"}`;
}

function translationLine(f: TranslationFailure): string {
  return `block ${f.block}, line ${f.line}${f.afterLine !== undefined ? ` (line ${f.afterLine} after mem2reg)` : ""}: ${f.message}`;
}

export function renderFunction(r: LlvmFunctionResult, opts: RenderOptions): RenderedFunction {
  const out: RenderedFunction = { name: r.name, certified: r.certified, stats: r.stats, differences: r.differences, lines: [] };
  if (opts.json) out.json = functionJson(r);
  else if (!r.certified || opts.functions) out.lines = functionLines(r, opts);
  return out;
}

/** A function's lines: the verdict with its sizes; for a rejected one its failing properties with witnesses; the phi explanations. */
function functionLines(r: LlvmFunctionResult, opts: RenderOptions): string[] {
  const out: string[] = [];
  const quality = new Set<string>(QUALITY.filter((q) => !(opts.require ?? []).includes(q)));
  const st = r.stats;
  const size =
    st.nodes !== undefined
      ? ` (${plural(st.blocks, "block")}, ${plural(st.nodes, "node")}, mem2reg ${plural(st.phis, "phi")}, minimum ${st.phis_minimum}` +
        `${st.refinements ? `, ${plural(st.refinements, "refinement")}` : ""}${st.unreachable_blocks ? `, ${st.unreachable_blocks} unreachable` : ""}, ${st.milliseconds} ms)`
      : "";
  out.push(`function ${r.name}: ${r.certified ? "certified" : "rejected"}${size}`);
  if (!r.certified) {
    if (r.translation.length > 0) {
      out.push(`  FAILS  same_instructions (${plural(r.translation.length, "failure")})`);
      for (const f of r.translation.slice(0, 25)) out.push(`           ${translationLine(f)}`);
      if (r.translation.length > 25) out.push(`           ... and ${r.translation.length - 25} more`);
    }
    if (r.mismatch !== undefined) out.push(`  FAILS  same_graph: ${r.mismatch}`);
    const failing = r.verdicts.filter((v) => !v.holds && v.property !== "same_instructions" && v.property !== "same_graph" && !quality.has(v.property));
    out.push(...verdictLines(r.namer, failing, quality));
  }
  for (const d of r.differences) out.push(`  phis: ${d}`);
  return out;
}

function functionJson(r: LlvmFunctionResult): FunctionReport {
  const properties = propertiesJson(r.namer, r.verdicts);
  properties.same_instructions =
    r.translation.length === 0
      ? { holds: true }
      : { holds: false, failures: r.translation.length, witness: r.translation.map((f) => ({ block: f.block, line: f.line, after_line: f.afterLine, message: f.message })) };
  if (r.mismatch !== undefined) properties.same_graph = { holds: false, failures: 1, witness: [{ mismatch: r.mismatch }] };
  return { name: r.name, verdict: r.certified ? "certified" : "rejected", properties, stats: r.stats, differences: r.differences };
}

/**
 * The text report: the lines of each function shown (always the rejected ones, all with
 * `functions`), then the totals and the summary line.
 */
export function llvmReportText(results: readonly RenderedFunction[]): string {
  const out: string[] = [];
  let phis = 0;
  let minimum = 0;
  let refinements = 0;
  let unreachable = 0;
  let unexplained = 0;
  for (const r of results) {
    const st = r.stats;
    phis += st.phis ?? 0;
    minimum += st.phis_minimum ?? 0;
    refinements += st.refinements ?? 0;
    unreachable += st.unreachable_blocks ?? 0;
    if (r.differences.some((d) => d.startsWith("unexplained"))) unexplained++;
    out.push(...r.lines);
  }
  const ok = results.filter((r) => r.certified).length;
  out.push(
    `mem2reg placed ${plural(phis, "phi")}, braun+peel needs ${minimum}` +
      `${unexplained > 0 ? ` (the difference is unexplained in ${plural(unexplained, "function")})` : " (every difference explained)"}; ` +
      `${plural(refinements, "use")} certified up to refinement; ${plural(unreachable, "unreachable block")} left out`,
  );
  out.push(`${ok === results.length ? "certified" : "rejected"}: ${ok} of ${plural(results.length, "function")} certified`);
  return out.join("\n") + "\n";
}

export function llvmReportJson(results: readonly RenderedFunction[]): Report {
  return {
    format: REPORT_FORMAT,
    verdict: results.every((r) => r.certified) ? "certified" : "rejected",
    functions: results.map((r) => r.json!),
  };
}
