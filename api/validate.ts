/**
 * Validation of exchange-format documents as stages: parse both inputs, pair their functions by
 * name, lower each pair onto one graph, check every property, report (`formal-ssa/report@1`).
 * `check` does the same for one document on its own (`formal-ssa/check@1`).
 */
import { certified, checkCfg, checkSsa, checkTransformed, QUALITY, refinementCount, type QualityProperty, type StrictUses, type Verdict } from "../checks/index.js";
import type { FunctionDoc } from "../io/format.js";
import { lowerCfg, lowerPair, lowerSsa, pairDocuments, type FunctionInput, type LoweredCfg, type LoweredPair, type LoweredSsa } from "../io/lower.js";
import { functionName } from "../io/read.js";
import { MalformedInput } from "../spec/errors.js";
import type { Node, Var } from "../spec/ids.js";
import { DEBUG_CORRECT, debugInfoOf, type DebugInfoMode } from "./debug_info.js";
import { CertificateCollector, type CertificateDocument } from "./certify.js";
import { parseDocument, type DocumentInput } from "./documents.js";
import { CHECK_FORMAT, debugSummary, propertiesJson, type DebugInfoSummary, REPORT_FORMAT, type CheckedFunction, type CheckReport, type FunctionReport, type FunctionStats, type Namer, type Report } from "./report.js";

export type UndefMode = "strict" | "refine";

export interface ValidateOptions {
  /** Quality properties certification also needs (validity is always needed). */
  require?: readonly QualityProperty[];
  /** cytronMinimal's evidence: two paths converging at every necessary phi. */
  necessaryPaths?: boolean;
  /**
   * Uninitialised reads: `strict` (default for exchange-format input), or `refine`: on paths
   * where the original reads an uninitialised definition, any SSA value is accepted. For an
   * exchange-format document the definitions of the entry block's first statement (or of a
   * defs/uses entry block) are the uninitialised ones.
   */
  undef?: UndefMode;
  /**
   * With `undef: "refine"`, on a producer's output: certify a function even where a use holds
   * only by a value that is not a refinement of the uninitialised read under the producer's
   * semantics (LLVM: a value that may be poison, which does not refine undef, as mem2reg puts
   * there today: llvm/llvm-project#96631; a JavaScript read of `undefined` replaced by another
   * value). Default false: such a use is a suspected miscompilation and the function is rejected
   * (`sound_refinement` fails); with true the property still fails, marked `accepted`.
   */
  acceptUnsoundRefinements?: boolean;
  /** Names of the two inputs in messages (file names at the command line). */
  names?: { original?: string; ssa?: string };
  /**
   * A producer's version (`--llvm-version`), over what its input says of itself: LLVM's mem2reg
   * promotes by rules that changed between releases (docs/llvm.md).
   */
  producerVersion?: string;
  /**
   * Also give the certificate of every certified function (`formal-ssa/certificate@1`,
   * docs/certificates.md), as the report's `certificate`, which `recheck` re-verifies without
   * formal-ssa's checkers. It is not part of the report's JSON format: write it apart.
   */
  certificate?: boolean;
  /**
   * The debugger's view (`debug_correct`, docs/debug-info.md): decided by default wherever the
   * SSA document carries debug records (`"debug"`); `off` leaves them unread.
   */
  debugInfo?: DebugInfoMode;
}

/** A report, with the certificate of its certified functions when `certificate` was asked for. */
export type CertifiedReport = Report & { certificate?: CertificateDocument };

/** A report with its certificate (`certificate: true`). */
export function withCertificate(report: Report, collector: CertificateCollector | undefined): CertifiedReport {
  return collector === undefined ? report : Object.assign(report, { certificate: collector.certificate() });
}

export interface CheckOptions {
  require?: readonly QualityProperty[];
  /** The input's name in messages. */
  name?: string;
}

/** `require` read from a user: every entry a quality property, else malformed. */
export function requireList(require: readonly string[] | undefined, what = "require"): QualityProperty[] {
  const out: QualityProperty[] = [];
  for (const n of require ?? []) {
    if (!(QUALITY as readonly string[]).includes(n)) throw new MalformedInput(`${what}: unknown quality property ${JSON.stringify(n)} (choose from ${QUALITY.join(", ")})`);
    out.push(n as QualityProperty);
  }
  return out;
}

function rowStmt(rows: { start: Int32Array; list: Int32Array }, stmts: Int32Array, n: number, val: number): number | undefined {
  for (let k = rows.start[n]; k < rows.start[n + 1]; k++) if (rows.list[k] === val) return stmts[k] >= 0 ? stmts[k] : undefined;
  return undefined;
}

export function ssaNamer(low: LoweredSsa): Namer {
  return {
    places: low.places,
    valName: (v) => low.valNames[v] ?? `#${v}`,
    varName: (x) => low.varNames[x] ?? `#${x}`,
    valVar: (v) => low.varNames[low.varOf[v]] ?? `#${v}`,
    useStmt: (n, v) => rowStmt(low.ssa.useRows, low.places.useStmt, n, v),
    defStmt: (n, v) => rowStmt(low.ssa.defRows, low.places.defStmt, n, v),
  };
}

export function cfgNamer(low: LoweredCfg): Namer {
  return {
    places: low.places,
    valName: (v) => low.varNames[v] ?? `#${v}`,
    varName: (x) => low.varNames[x] ?? `#${x}`,
    valVar: (v) => low.varNames[v] ?? `#${v}`,
    useStmt: (n, v) => rowStmt(low.cfg.useRows, low.places.useStmt, n, v),
    defStmt: (n, v) => rowStmt(low.cfg.defRows, low.places.defStmt, n, v),
  };
}

export const round = (ms: number): number => Math.round(ms * 1000) / 1000;

/** The properties of a pair that does not lower to one graph. */
export function sameGraphFailure(mismatch: string): FunctionReport["properties"] {
  return { same_graph: { holds: false, failures: 1, witness: [{ text: mismatch, mismatch }] } };
}

const SAME_GRAPH: Verdict = { property: "same_graph", holds: true, failures: 0, witnesses: [] };

/** A pair on one graph, checked: its verdicts (`same_graph` first) and sizes. */
export interface CheckedPair {
  verdicts: Verdict[];
  stats: FunctionStats;
}

/** Every property of a lowered pair, with `wildcard` for `undef: "refine"`. */
export function checkPair(
  pair: Extract<LoweredPair, { ok: true }>,
  opts: { necessaryPaths?: boolean; wildcard?: (x: Var, n: Node) => boolean; strictUses?: StrictUses | "all"; quality?: readonly QualityProperty[] },
): CheckedPair {
  const checked = checkTransformed(pair.transformed, { necessaryPaths: opts.necessaryPaths, wildcard: opts.wildcard, strictUses: opts.strictUses, quality: opts.quality });
  const s = pair.transformed.ssa;
  const stats: FunctionStats = { blocks: pair.ssa.places.blockCount, nodes: s.nodeCount, phis: s.phiCount, values: s.valCount };
  if (opts.wildcard !== undefined) stats.refinements = refinementCount(checked);
  return { verdicts: [SAME_GRAPH, ...checked], stats };
}

/**
 * `undef: "refine"` on exchange-format input: the definitions of the entry block's first
 * statement (or of a defs/uses entry block) are uninitialised content, the convention of the
 * AFP While instance and of `fuzz --constructor` (the entry's first statement defines every
 * variable). Producers name their own (adapters/adapter.ts, `uninitialised`).
 */
function entryWildcard(low: LoweredCfg): (x: Var, n: Node) => boolean {
  const b = low.fn.entry;
  const first = low.layout.blockFirstStmt[b];
  const hasStmts = low.layout.blockFirstStmt[b + 1] > first;
  const node = hasStmts ? low.layout.stmtDefNode[first] : low.layout.blockFirstNode[b];
  return (_x, n) => n === node;
}

/** One pair of functions, lowered (or not) onto one graph, checked and reported. */
export function validatePair(pair: LoweredPair, opts: ValidateOptions = {}): FunctionReport {
  const t0 = performance.now();
  if (!pair.ok) return { name: pair.orig.name, verdict: "rejected", properties: sameGraphFailure(pair.mismatch), stats: { blocks: pair.orig.places.blockCount } };
  const wildcard = opts.undef === "refine" ? entryWildcard(pair.orig) : undefined;
  const { verdicts, stats } = checkPair(pair, { necessaryPaths: opts.necessaryPaths, wildcard });
  const debugDoc = opts.debugInfo === "off" ? undefined : pair.ssa.fn.debug;
  const debug = debugDoc === undefined ? undefined : debugInfoOf(pair, debugDoc, ssaNamer(pair.ssa), wildcard);
  const ms = round(performance.now() - t0);
  const ordered: FunctionStats = { blocks: stats.blocks, nodes: stats.nodes, phis: stats.phis, values: stats.values, milliseconds: ms };
  if (stats.refinements !== undefined) ordered.refinements = stats.refinements;
  const properties = propertiesJson(ssaNamer(pair.ssa), verdicts);
  if (debug !== undefined) properties[DEBUG_CORRECT] = debug.property;
  const ok = certified(verdicts, opts.require ?? []) && debug?.property.holds !== false;
  return { name: pair.orig.name, verdict: ok ? "certified" : "rejected", properties, stats: ordered, ...(debug !== undefined ? { debug_info: debug.report } : {}) };
}

/** Every function of the original against its SSA translation, paired by name. */
export function validateFunctions(orig: FunctionDoc[], ssa: FunctionDoc[], opts: ValidateOptions = {}, collector?: CertificateCollector): FunctionReport[] {
  const file = opts.names?.original ?? "original";
  const ssaFile = opts.names?.ssa ?? "ssa";
  return pairDocuments(orig, ssa, file, ssaFile).map((p) => {
    const pair = lowerPair(p.original, p.ssa, file, ssaFile, p.name);
    const report = validatePair(pair, opts);
    collector?.add(report.name, report, pair);
    return report;
  });
}

/** The module's debug figures, where a function has some. */
function debugField(functions: readonly FunctionReport[]): { debug_info?: DebugInfoSummary } {
  const d = debugSummary(functions);
  return d === undefined ? {} : { debug_info: d };
}

/** The report object of a list of function reports. */
export function reportOf(functions: FunctionReport[], require: readonly string[] = [], producer?: string): Report {
  return {
    format: REPORT_FORMAT,
    verdict: functions.every((f) => f.verdict === "certified") ? "certified" : "rejected",
    ...(producer !== undefined ? { producer } : {}),
    ...(require.length > 0 ? { require: [...require] } : {}),
    ...debugField(functions),
    functions,
  };
}

/**
 * Certifies that `ssa` is a valid, semantically equivalent translation of `original`, function
 * by function (the locale `CFG_SSA_Transformed` and the theorem `equiv`): the report of
 * `formal-ssa validate --json`. Both are exchange-format documents (text, or parsed JSON).
 * Malformed input throws `MalformedInput`; a translation that breaks a property is reported.
 */
export function validate(original: DocumentInput, ssa: DocumentInput, options: ValidateOptions = {}): CertifiedReport {
  const require = requireList(options.require);
  const o = parseDocument(original, { name: options.names?.original ?? "original" });
  const s = parseDocument(ssa, { name: options.names?.ssa ?? "ssa" });
  const collector = options.certificate ? new CertificateCollector(require, options.undef ?? "strict") : undefined;
  return withCertificate(reportOf(validateFunctions(o, s, { ...options, require }, collector), require), collector);
}

/** What needs no original, per function: CFG_wf of an original CFG, CFG_SSA_wf and the quality properties of an SSA CFG. */
export function checkFunctions(docs: FunctionDoc[], opts: CheckOptions = {}): CheckedFunction[] {
  const file = opts.name ?? "document";
  return docs.map((doc, i) => checkFunction(doc, functionName(doc, i), file, opts.require ?? []));
}

/** `checkFunctions` of one function (a document, or columns). */
export function checkFunction(fn: FunctionInput, name: string, file: string, require: readonly QualityProperty[]): CheckedFunction {
  const t0 = performance.now();
  if (fn.kind === "cfg") {
    const low = lowerCfg(fn, file, name);
    const verdicts = checkCfg(low.cfg);
    const stats = { blocks: low.places.blockCount, nodes: low.cfg.nodeCount, milliseconds: round(performance.now() - t0) };
    return { name, kind: "cfg", verdict: certified(verdicts) ? "holds" : "fails", properties: propertiesJson(cfgNamer(low), verdicts), stats };
  }
  const low = lowerSsa(fn, file, name);
  const verdicts = checkSsa(low.ssa);
  const s = low.ssa;
  const stats = { blocks: low.places.blockCount, nodes: s.nodeCount, phis: s.phiCount, values: s.valCount, milliseconds: round(performance.now() - t0) };
  return { name, kind: "ssa", verdict: certified(verdicts, require) ? "holds" : "fails", properties: propertiesJson(ssaNamer(low), verdicts), stats };
}

/** `require` of `check`: quality properties that need no original. */
export function checkRequire(options: CheckOptions): QualityProperty[] {
  const require = requireList(options.require);
  // cytronMinimal is about a translation: it needs the original CFG's definitions
  if (require.includes("cytronMinimal")) throw new MalformedInput(`require: cytronMinimal needs the original CFG: check decides ${QUALITY.filter((q) => q !== "cytronMinimal").join(", ")}; validate decides all four`);
  return require;
}

/** The report object of checked functions. */
export function checkReportOf(functions: CheckedFunction[], require: readonly string[] = []): CheckReport {
  return {
    format: CHECK_FORMAT,
    verdict: functions.every((f) => f.verdict === "holds") ? "holds" : "fails",
    ...(require.length > 0 ? { require: [...require] } : {}),
    functions,
  };
}

/**
 * What holds of one document on its own (`formal-ssa check --json`): for an original CFG the
 * assumptions of `CFG_wf`, for an SSA CFG those of `CFG_SSA_wf` and the quality properties
 * `pruned`, `no_trivial_phis`, `no_redundant_set` (required ones decide the verdict too).
 */
export function check(document: DocumentInput, options: CheckOptions = {}): CheckReport {
  const require = checkRequire(options);
  return checkReportOf(checkFunctions(parseDocument(document, { name: options.name ?? "document" }), { ...options, require }), require);
}
