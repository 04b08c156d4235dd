/**
 * Certifying a producer of SSA through its adapter (adapters/adapter.ts), the same way for every
 * producer: each function pair the adapter yields is lowered onto one graph and checked like an
 * exchange-format pair (api/validate.ts); on top, the adapter's own checks (LLVM's
 * `same_instructions`) must hold, and the producer's phi count is set against the minimum of
 * braun+peel on the same original CFG, every difference explained. Pairs stream through one at
 * a time, so a function's documents die young; api/node/parallel.ts spreads shares of big
 * inputs over worker threads with the same results.
 */
import type { Adapter, AdapterFailure, FunctionPair, OriginalFunction, SourceInput, SsaForm } from "../adapters/adapter.js";
import { certified, checkSsa, QUALITY, refinementCount, VALIDITY, type QualityProperty, type StrictUses, type Verdict, type Witness } from "../checks/index.js";
import { lowerPair, lowerPairWith, lowerSsa, type LoweredCfg, type LoweredPair, type LoweredSsa } from "../io/lower.js";
import { invariant } from "../spec/errors.js";
import type { Node, Var } from "../spec/ids.js";
import type { Cfg, SsaCfg, Transformed } from "../spec/model.js";
import { peel } from "../impl/peel.js";
import { buildSsa, constructFunctions, type ConstructedFunction, type ConstructRequest } from "./construct.js";
import { place, propertiesJson, refinementText, type FunctionReport, type FunctionStats, type PropertyReport, type RefinementReport, type Report, type WitnessReport } from "./report.js";
import { DEBUG_CORRECT, debugInfoOf } from "./debug_info.js";
import { checkPair, reportOf, requireList, round, sameGraphFailure, ssaNamer, type ValidateOptions } from "./validate.js";

export interface ProducerOptions extends ValidateOptions {
  /** Called after each function, with its name (a progress bar). */
  onFunction?: (name: string) => void;
}

/** Options of the tests: keep each function's model, always construct the minimum. */
export interface DetailOptions extends ProducerOptions {
  /** Keep each function's original and SSA on one graph (`model`), to re-check witnesses. */
  keepModel?: boolean;
  /** Always construct braun+peel for `phis_minimum` (see `minimumPhis`). */
  constructMinimum?: boolean;
  /** The pair's original, lowered already (several SSA forms of one original: a producer's stages). */
  original?: LoweredCfg;
  /** `phis_minimum`, known already (from another SSA form of the same original). */
  minimum?: number;
  /**
   * `false`: a certified function's report names no witnesses, not even those of the quality
   * properties it need not have (a build that keeps only what fails skips writing them).
   */
  certifiedWitnesses?: boolean;
  /**
   * The same pair, lowered and checked already (`PairResult.decided`): a producer's stage that
   * left a function exactly as the stage before it is reported under its own name without being
   * lowered and checked again.
   */
  decided?: Decided;
  /**
   * The quality properties to decide (checks/index.ts `CheckOptions.quality`; default all). The
   * report of a pair checked with fewer names only those: for callers that keep no report of a
   * certified function and check a rejected one again with all of them.
   */
  quality?: readonly QualityProperty[];
}

/** What lowering and checking a pair decided: everything of its report but the words. */
export interface Decided {
  pair: FunctionPair;
  lowered: LoweredPair;
  verdicts: Verdict[];
  stats: { nodes: number; values: number };
  minimum?: number;
}

/** A validated pair with what its report was made from. */
export interface PairResult {
  report: FunctionReport;
  pair: FunctionPair;
  /** The model's verdicts (`same_graph` first; none of the adapter's checks). */
  verdicts: Verdict[];
  model?: Transformed;
  /** For `DetailOptions.decided`. */
  decided: Decided;
}

/** The line of text of a producer check's failure. */
function failureText(f: AdapterFailure, producer: string): string {
  const before = f.places?.before ?? `line ${f.line}`;
  const after = f.after_line !== undefined ? (f.places?.after ?? `line ${f.after_line}`) : undefined;
  return `block ${f.block}, ${before}${after !== undefined ? ` (${after} after ${producer})` : ""}: ${f.message}`;
}

function adapterProperties(pair: Pick<FunctionPair, "checks">, producer: string): Record<string, PropertyReport> {
  const out: Record<string, PropertyReport> = {};
  for (const c of pair.checks)
    out[c.property] =
      c.failures.length === 0
        ? { holds: true }
        : {
            holds: false,
            failures: c.failures.length,
            witness: c.failures.map((f) => ({ text: failureText(f, producer), block: f.block, line: f.line, after_line: f.after_line, message: f.message })),
          };
  return out;
}

function wildcardOf(pair: FunctionPair, orig: LoweredCfg): (x: Var, n: Node) => boolean {
  const keys = new Set<number>();
  const N = orig.cfg.nodeCount;
  for (const u of pair.uninitialised) {
    const x = orig.varIds.get(u.variable);
    const b = orig.blockOf(u.block);
    if (x === undefined || b === undefined) continue;
    keys.add(x * N + orig.layout.stmtDefNode[orig.layout.blockFirstStmt[b] + u.stmt]);
  }
  return (x, n) => keys.has(x * N + n);
}

/** One pair: the adapter's checks, then every property of the model, the phi counts and their explanation. */
export function validatePairDetailed(pair: FunctionPair, producer: string, opts: DetailOptions = {}): PairResult {
  const t0 = performance.now();
  const names = { original: opts.names?.original ?? "before", ssa: opts.names?.ssa ?? "after" };
  const require = opts.require ?? [];
  invariant(opts.decided === undefined || opts.decided.pair === pair, "a decided pair reused for another pair");
  const lowered =
    opts.decided?.lowered ??
    (opts.original !== undefined
      ? lowerPairWith(opts.original, pair.columns?.ssa ?? pair.ssa, names.ssa)
      : lowerPair(pair.columns?.original ?? pair.original, pair.columns?.ssa ?? pair.ssa, names.original, names.ssa, pair.name));
  const own = adapterProperties(pair, producer);
  const ownHold = pair.checks.every((c) => c.failures.length === 0);
  const { blocks, ...producerStats } = pair.stats;
  if (!lowered.ok) {
    const report: FunctionReport = { name: pair.name, verdict: "rejected", properties: { ...own, ...sameGraphFailure(lowered.mismatch) }, stats: { blocks, ...producerStats, phis: pair.phis }, differences: [] };
    return { report, pair, verdicts: [], decided: { pair, lowered, verdicts: [], stats: { nodes: 0, values: 0 } } };
  }
  const undominated = undominatedOn(pair, lowered.ssa);
  const decided: Decided = opts.decided ?? checked(pair, lowered, undominated, opts);
  const { verdicts, stats } = decided;
  const minimum = opts.minimum ?? (decided.minimum ??= minimumPhis(lowered.orig.cfg, lowered.transformed.ssa.phiCount, verdicts, opts));
  const differences = explain(pair, producer, verdicts, lowered.ssa.valNames, minimum, lowered.transformed.ssa);
  // the uses equiv certifies only up to refinement, judged by the producer's semantics
  const judged = opts.undef === "refine" && pair.refinedValue !== undefined;
  const accepted = opts.acceptUnsoundRefinements === true;
  const refined = judged && refinementCount(verdicts) > 0 ? refinementsOf(pair, verdicts, lowered, accepted) : [];
  const unsound = refined.filter((r) => r.unsound !== undefined);
  // the debugger's view, where the producer wrote debug records: decided only on a pairing the producer's checks accept
  const debugDoc = opts.debugInfo === "off" ? undefined : (pair.columns?.ssa.debug ?? pair.ssa.debug);
  const debug = debugDoc !== undefined && ownHold ? debugInfoOf(lowered, debugDoc, ssaNamer(lowered.ssa), wildcardOf(pair, lowered.orig)) : undefined;
  // a use the producer's own rule of dominance rejects is never certified (allUses_def_ass fails there)
  const ok = ownHold && undominated === undefined && certified(verdicts, require) && (unsound.length === 0 || accepted) && debug?.property.holds !== false;
  // a certified function's report names nothing: its namer is only built where a witness needs it
  const namer =
    ok && (opts.certifiedWitnesses === false || verdicts.every((v) => v.witnesses.length === 0 && v.evidence === undefined)) ? undefined : ssaNamer(lowered.ssa);
  // the adapter's properties first, then the model's, in one object (a spread of two ~20-key
  // objects per function showed in the React Compiler logger's profile)
  const properties = namer === undefined ? holdsAll(verdicts, own) : Object.assign(own, propertiesJson(namer, verdicts));
  if (judged) properties[SOUND_REFINEMENT] = soundRefinement(unsound, accepted);
  const confirmed = undominated === undefined ? undefined : undominatedFailures(pair, undominated, verdicts, namer!, properties);
  if (debug !== undefined) properties[DEBUG_CORRECT] = debug.property;
  else if (debugDoc !== undefined) properties[DEBUG_CORRECT] = { holds: false, decided: false };
  if (!ownHold) notDecided(properties, confirmed);
  const report: FunctionReport = {
    name: pair.name,
    verdict: ok ? "certified" : "rejected",
    properties,
    stats: {
      blocks,
      nodes: stats.nodes,
      phis: pair.phis,
      phis_minimum: minimum,
      values: stats.values,
      ...producerStats,
      refinements: refinementCount(verdicts),
      milliseconds: round(performance.now() - t0),
    } as FunctionStats,
    differences,
  };
  if (debug !== undefined) report.debug_info = debug.report;
  if (!ok) report.summary = summaryOf(report, pair, require, names.original);
  if (refined.length > 0) report.refinements = refined;
  return { report, pair, verdicts, decided, ...(opts.keepModel ? { model: lowered.transformed } : {}) };
}

/** Every property of the model on a pair that lowered to one graph. */
function checked(pair: FunctionPair, lowered: Extract<LoweredPair, { ok: true }>, undominated: Undominated | undefined, opts: DetailOptions): Decided {
  const wildcard = opts.undef === "refine" ? wildcardOf(pair, lowered.orig) : undefined;
  const strictUses = pair.exactDefinitions === true ? "all" : undominated?.strict;
  const { verdicts, stats } = checkPair(lowered, { necessaryPaths: opts.necessaryPaths, wildcard, strictUses, quality: opts.quality });
  return { pair, lowered, verdicts, stats: { nodes: stats.nodes ?? 0, values: stats.values ?? 0 } };
}

/**
 * A pair's undominated uses (adapters/adapter.ts `UndominatedUse`) on its lowered SSA: as the
 * checkers' `StrictUses`, and as the keys of the `allUses_def_ass` witnesses at them
 * (`witnessKey`).
 */
interface Undominated {
  strict: StrictUses;
  witnessKeys: Set<string>;
}

/** A path witness's use: `node:value` for a statement's, `phiNode#arg#value` for a phi argument. */
function witnessKey(w: Witness): string | undefined {
  if (w.kind !== "path" || w.val === undefined) return undefined;
  return w.phiArg !== undefined ? `${w.phiArg.node}#${w.phiArg.arg}#${w.val}` : `${w.use}:${w.val}`;
}

function undominatedOn(pair: FunctionPair, low: LoweredSsa): Undominated | undefined {
  const list = pair.undominated ?? [];
  if (list.length === 0) return undefined;
  const { ssa, layout } = low;
  const uses = new Set<string>();
  const phiArgs = new Set<string>();
  const witnessKeys = new Set<string>();
  for (const u of list) {
    const b = low.blockOf(u.block);
    invariant(b !== undefined, `the adapter names an undominated use in block ${u.block}, which the SSA document does not have`);
    if ("stmt" in u) {
      const node = layout.stmtUseNode[layout.blockFirstStmt[b] + u.stmt];
      const val = low.valIds.get(u.value);
      invariant(val !== undefined && u.stmt < layout.blockFirstStmt[b + 1] - layout.blockFirstStmt[b], `the adapter names an undominated use of ${u.value} by statement ${u.stmt} of block ${u.block}, which the SSA document does not have`);
      uses.add(`${node}:${val}`);
      witnessKeys.add(`${node}:${val}`);
    } else {
      const node = layout.blockFirstNode[b];
      const def = low.valIds.get(u.phi);
      let p = ssa.phiStart[node];
      while (p < ssa.phiStart[node + 1] && ssa.phiDef[p] !== def) p++;
      invariant(p < ssa.phiStart[node + 1] && u.arg < ssa.args.count(p), `the adapter names argument ${u.arg} of a phi ${u.phi} in block ${u.block}, which the SSA document does not have`);
      phiArgs.add(`${p}#${u.arg}`);
      witnessKeys.add(`${node}#${u.arg}#${ssa.args.at(p, u.arg)}`);
    }
  }
  return { strict: { use: (n, v) => uses.has(`${n}:${v}`), phiArg: (p, a) => phiArgs.has(`${p}#${a}`) }, witnessKeys };
}

/**
 * `allUses_def_ass` at the uses whose value the producer defines where it does not dominate
 * them: its failures there (what stays decided when a producer check leaves the rest
 * undecided: the adapter found each on the producer's own form, and the model's path shows it).
 * The model gives such a use a value whose definition does not dominate it either, so its
 * `allUses_def_ass` fails there; should it hold all the same, the property is made to fail with
 * the adapter's own words (a function the producer's rule rejects is never certified).
 */
function undominatedFailures(pair: FunctionPair, undominated: Undominated, verdicts: readonly Verdict[], namer: ReturnType<typeof ssaNamer>, properties: Record<string, PropertyReport>): PropertyReport | undefined {
  const defAss = verdicts.find((v) => v.property === "allUses_def_ass")!;
  const at = defAss.witnesses.filter((w) => undominated.witnessKeys.has(witnessKey(w) ?? ""));
  if (at.length > 0) return propertiesJson(namer, [{ ...defAss, failures: at.length, witnesses: at }]).allUses_def_ass;
  if (!defAss.holds) return undefined;
  const list = pair.undominated!;
  const own: PropertyReport = { holds: false, failures: list.length, witness: list.map((u) => ({ text: `block ${u.block}: ${u.message}`, block: u.block, message: u.message })) };
  properties.allUses_def_ass = own;
  return own;
}

/** The properties of the original's graph alone, which no pairing of the producer's instructions affects. */
const ORIGINAL_ONLY = new Set<string>(VALIDITY.slice(0, 4));

/**
 * When a producer check fails (LLVM's `same_instructions`), the SSA document was built from a
 * pairing of the instructions that does not hold, so what the model's properties say of it is
 * not decided either way: they are reported so, with no failures or witnesses of their own. One
 * exception: `confirmed`, the failures of `allUses_def_ass` at uses the producer's own rule of
 * dominance rejects (`undominatedFailures`), stays decided.
 */
function notDecided(properties: Record<string, PropertyReport>, confirmed?: PropertyReport): void {
  const onSsa = (name: string) => ((VALIDITY as readonly string[]).includes(name) && !ORIGINAL_ONLY.has(name)) || (QUALITY as readonly string[]).includes(name) || name === SOUND_REFINEMENT;
  for (const name of Object.keys(properties)) if (onSsa(name)) properties[name] = name === "allUses_def_ass" && confirmed !== undefined ? confirmed : { holds: false, decided: false };
}

/**
 * The producer's property under `--undef refine`: every use that `equiv` certifies only up to
 * refinement (an uninitialised read in the original, some value in the producer's SSA) is a
 * refinement under the producer's own semantics. LLVM: `undef` is refined by a value that cannot
 * be poison, never by one that may be (poison does not refine undef); a JavaScript read of an
 * uninitialised variable is `undefined` (or a ReferenceError), which no other value refines.
 * Each use that is not is a suspected miscompilation, its witness. Such a function is rejected
 * unless `acceptUnsoundRefinements` accepts them knowingly: then the property still fails, marked
 * `accepted`, and the function is certified under that weaker reading.
 */
export const SOUND_REFINEMENT = "sound_refinement";

function soundRefinement(unsound: readonly RefinementReport[], accepted: boolean): PropertyReport {
  if (unsound.length === 0) return { holds: true };
  return {
    holds: false,
    failures: unsound.length,
    witness: unsound.map((r) => ({ text: r.text, use: r.use, ...(r.line !== undefined ? { line: r.line } : {}), value: r.value, have: r.to })),
    ...(accepted ? { accepted: true as const } : {}),
  };
}

/**
 * The uses certified only up to refinement, each with what the producer put there and whether
 * that is a refinement under the producer's semantics (equiv's refined uses: `node:value`).
 */
function refinementsOf(pair: FunctionPair, verdicts: readonly Verdict[], lowered: Extract<LoweredPair, { ok: true }>, accepted: boolean): RefinementReport[] {
  const keys = new Set<string>();
  for (const v of verdicts) for (const k of (v as { refined?: ReadonlySet<string> }).refined ?? []) if (/^\d+:\d+$/.test(k)) keys.add(k);
  if (keys.size === 0) return [];
  const nm = ssaNamer(lowered.ssa);
  const out: RefinementReport[] = [];
  for (const k of keys) {
    const [node, val] = k.split(":").map(Number);
    const name = nm.valName(val);
    const to = pair.refinedValue!(name);
    if (to === undefined) continue;
    const use = place(nm, node, nm.useStmt(node, val));
    const line = pair.sourceLine?.(use.block, use.stmt ?? null);
    const r = { use, ...(line !== undefined ? { line } : {}), value: name, to: to.value, ...(to.unsound !== null ? { unsound: to.unsound } : {}) };
    out.push({ ...r, text: refinementText(r, to.clause, accepted) });
  }
  return out;
}

/** Where a witness points: the use, else its first place. */
function witnessPlace(w: WitnessReport): { block: string; stmt?: number; end?: boolean } | undefined {
  if (w.use !== undefined) return w.use;
  if (Array.isArray(w.at)) return w.at[0];
  if (w.at !== undefined) return w.at;
  return w.original ?? w.ssa ?? undefined;
}

/**
 * One sentence for a rejected function: the first failing property (the producer's checks come
 * first), its first witness, and where that is in the before input: block and line.
 */
function summaryOf(report: FunctionReport, pair: Pick<FunctionPair, "sourceLine">, require: readonly string[], file: string): string {
  for (const [name, p] of Object.entries(report.properties)) {
    if (p.holds || p.decided === false || p.accepted === true || ((QUALITY as readonly string[]).includes(name) && !require.includes(name))) continue;
    const w = p.witness?.[0];
    const of = (p.failures ?? 0) > 1 ? ` (the first of ${p.failures} failures)` : "";
    if (name === SOUND_REFINEMENT && w !== undefined) return `${w.text}${of}`;
    if (w === undefined) return `${name} fails${of}`;
    if (w.message !== undefined) return `${name} fails${of} at ${w.text}`;
    if (w.mismatch !== undefined) return `${name} fails: ${w.mismatch}`;
    const at = witnessPlace(w);
    const line = at === undefined ? undefined : pair.sourceLine?.(at.block, at.end === true || at.stmt === undefined ? null : at.stmt);
    const where = at === undefined ? "" : ` at block ${at.block}${line !== undefined ? `, line ${line} of ${file}` : ""}`;
    return `${name} fails${of}${where}: ${w.text}`;
  }
  return "rejected";
}

/** Verdicts without witnesses as report properties (no namer needed). */
function holdsAll(verdicts: readonly Verdict[], out: Record<string, PropertyReport>): Record<string, PropertyReport> {
  for (let i = 0; i < verdicts.length; i++) {
    const v = verdicts[i];
    out[v.property] = v.holds ? { holds: true } : { holds: false, failures: v.failures, witness: [] };
  }
  return out;
}

/**
 * A producer's SSA after a later pass, on its own (adapters/adapter.ts `SsaForm`): the adapter's
 * checks, then what holds of an SSA CFG alone (`CFG_SSA_wf` and the quality properties that need
 * no original, as `check` decides them). Well-formed ("certified" in the report) when the
 * adapter's checks and every validity property hold; quality is reported, never required (a
 * later pass may leave phis a minimal construction would not place). Nothing is certified about
 * the translation here: there is no original to be equivalent to.
 */
export function checkSsaForm(form: SsaForm, pass: string): FunctionReport {
  const t0 = performance.now();
  const own = adapterProperties(form, pass);
  const ownHold = form.checks.every((c) => c.failures.length === 0);
  const { blocks, ...producerStats } = form.stats;
  const low = lowerSsa(form.ssa, pass, form.name);
  const verdicts = checkSsa(low.ssa);
  const ok = ownHold && certified(verdicts, []);
  const properties = ok && verdicts.every((v) => v.witnesses.length === 0) ? holdsAll(verdicts, own) : Object.assign(own, propertiesJson(ssaNamer(low), verdicts));
  if (!ownHold) notDecided(properties);
  const report: FunctionReport = {
    name: form.name,
    verdict: ok ? "certified" : "rejected",
    properties,
    stats: { blocks, nodes: low.ssa.nodeCount, phis: form.phis, values: low.ssa.valCount, ...producerStats, milliseconds: round(performance.now() - t0) } as FunctionStats,
  };
  if (!ok) report.summary = summaryOf(report, {}, [], pass);
  return report;
}

/** One pair's report. */
export function validatePair(pair: FunctionPair, producer: string, opts: ProducerOptions = {}): FunctionReport {
  return validatePairDetailed(pair, producer, opts).report;
}

/**
 * The fewest phis of any translation of `cfg`: braun+peel's count. When the SSA at hand is
 * certified strictly (no refinement), pruned and free of redundant phi sets, that is its own
 * count (Minimal_SSA, `phi_count_minimal`: such an SSA has the fewest phis of all valid
 * translations, as braun+peel's output does), and the construction is skipped
 * (`constructMinimum` always constructs; the tests compare both).
 */
function minimumPhis(cfg: Cfg, phiCount: number, verdicts: readonly Verdict[], opts: DetailOptions): number {
  const holds = (p: string) => verdicts.find((v) => v.property === p)?.holds === true;
  const exact = certified(verdicts) && refinementCount(verdicts) === 0 && holds("pruned") && holds("no_redundant_set");
  if (exact && opts.constructMinimum !== true) return phiCount;
  return buildSsa(cfg, { algorithm: "braun", minimize: "peel" }).ssa.phiCount;
}

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;

/**
 * Every reason the producer's phi count differs from the minimum: the dead phis it keeps
 * (`pruned` fails for them), and the adapter's differences, each moving the minimum by its
 * `minimumDelta` (LLVM: a phi folded away, equal values merged); what remains is said to be
 * unexplained, unless the adapter says why the count cannot be accounted for.
 */
function explain(pair: FunctionPair, producer: string, verdicts: readonly Verdict[], valNames: readonly string[], minimum: number, ssa: SsaCfg): string[] {
  const out: string[] = [];
  const pruned = verdicts.find((v) => v.property === "pruned");
  const dead = pruned === undefined || pruned.holds ? 0 : pruned.failures;
  const deadVals = new Set(pruned?.witnesses.flatMap((w) => (w.kind === "phi" ? [w.val as number] : [])) ?? []);
  if (dead > 0) {
    const shown = pruned!.witnesses.flatMap((w) => (w.kind === "phi" ? [valNames[w.val]] : []));
    out.push(
      `${plural(dead, "dead phi")} ${producer} keeps (no observed use reads ${dead === 1 ? "it" : "them"}; pruned fails): ${shown.join(", ")}${dead > shown.length ? ", ..." : ""}`,
    );
  }
  let moved = 0;
  for (const d of pair.differences)
    if (d.minimumDelta !== 0) {
      moved += d.minimumDelta;
      out.push(`${d.kind} at block ${d.block}: ${d.detail}`);
    }
  let explained = pair.phis - dead + moved;
  let redundantKept = 0;
  // what is left over may be phis that only pass one value on (trivial phis and redundant phi
  // sets: no_redundant_set fails); peeling the producer's own SSA counts them exactly
  const redundant = verdicts.find((v) => v.property === "no_redundant_set");
  if (pair.unaccountable === undefined && explained !== minimum && redundant !== undefined && !redundant.holds) {
    const kept = new Set<number>();
    for (let p = 0; p < ssa.phiCount; p++) kept.add(ssa.phiDef[p]);
    const peeled = peel(ssa);
    for (let p = 0; p < peeled.phiCount; p++) kept.delete(peeled.phiDef[p]);
    const live = [...kept].filter((v) => !deadVals.has(v)).sort((a, b) => a - b);
    if (live.length > 0) {
      redundantKept = live.length;
      explained -= live.length;
      out.push(
        `${plural(live.length, "redundant phi")} ${producer} keeps (${live.length === 1 ? "it passes" : "they pass"} on a single value; no_redundant_set fails, and peeling removes ${live.length === 1 ? "it" : "them"}): ${live.slice(0, 8).map((v) => valNames[v]).join(", ")}${live.length > 8 ? ", ..." : ""}`,
      );
    }
  }
  if (pair.unaccountable !== undefined) out.push(pair.unaccountable);
  else if (explained !== minimum) {
    const parts = [...new Set(pair.differences.filter((d) => d.minimumDelta !== 0).map((d) => d.kind))].map(
      (k) => `${pair.differences.filter((d) => d.kind === k).reduce((s, d) => s + d.minimumDelta, 0)} ${k}`,
    );
    out.push(`unexplained: ${pair.phis} phis - ${dead} dead${redundantKept > 0 ? ` - ${redundantKept} redundant` : ""}${parts.map((p) => ` + ${p}`).join("")} = ${explained}, but the minimum is ${minimum}`);
  }
  for (const d of pair.differences) if (d.minimumDelta === 0) out.push(`${d.kind} at block ${d.block}: ${d.detail}`);
  return out;
}

/** Each pair's report as soon as it is made (the adapter reads the next function only then). */
/** `producerReports` with each pair and its lowering: what `--emit` writes and a certificate speaks of. */
export function* producerResults(pairs: Iterable<FunctionPair>, producer: string, opts: ProducerOptions = {}): Generator<PairResult> {
  for (const pair of pairs) {
    const r = validatePairDetailed(pair, producer, opts);
    opts.onFunction?.(pair.name);
    yield r;
  }
}

export function* producerReports(pairs: Iterable<FunctionPair>, producer: string, opts: ProducerOptions = {}): Generator<FunctionReport> {
  for (const pair of pairs) {
    const r = validatePair(pair, producer, opts);
    opts.onFunction?.(pair.name);
    yield r;
  }
}

/**
 * Certifies a producer's output through its adapter, function by function: the report of
 * `formal-ssa validate before after --json` (with `producer` set). `undef` defaults to the
 * adapter's (`refine` for LLVM).
 */
export function validateWith(adapter: Adapter, before: SourceInput, after: SourceInput, options: ProducerOptions = {}): Report {
  const { opts, pairs } = producerRun(adapter, before, after, options);
  return reportOf([...producerReports(pairs, adapter.producer, opts)], opts.require as string[], adapter.producer);
}

/**
 * `validateWith`, also giving each function's exchange-format pair as the adapter built it (the
 * original CFG and the producer's SSA, in the report's order): what the explorer draws.
 */
export function validateWithPairs(adapter: Adapter, before: SourceInput, after: SourceInput, options: ProducerOptions = {}): { report: Report; pairs: FunctionPair[] } {
  const { opts, pairs } = producerRun(adapter, before, after, options);
  const results = [...producerResults(pairs, adapter.producer, opts)];
  return { report: reportOf(results.map((r) => r.report), opts.require as string[], adapter.producer), pairs: results.map((r) => r.pair) };
}

/** The options `validate` uses for a producer's input (`undef` the adapter's by default), and the adapter's pairs. */
function producerRun(adapter: Adapter, before: SourceInput, after: SourceInput, options: ProducerOptions): { opts: ProducerOptions; pairs: Iterable<FunctionPair> } {
  const require = requireList(options.require);
  const opts: ProducerOptions = { ...options, require, undef: options.undef ?? adapter.defaultUndef, names: { original: before.name, ssa: after.name } };
  if (options.producerVersion !== undefined) [before, after] = [{ ...before, version: options.producerVersion }, { ...after, version: options.producerVersion }];
  return { opts, pairs: adapter.pairs(before, after) };
}

/** Our SSA of original CFGs from anywhere (an adapter, or a share of its input), each as soon as it is built. */
export function* constructOriginals(
  originals: Iterable<OriginalFunction>,
  file: string,
  options: ConstructRequest & { onFunction?: (name: string) => void } = {},
): Generator<ConstructedFunction> {
  for (const f of originals) {
    const [built] = constructFunctions([f.columns ?? f.original], file, options);
    options.onFunction?.(f.name);
    yield built;
  }
}

/** Our SSA of every function's original CFG in a producer's input, each as soon as it is built. */
export function constructedWith(adapter: Adapter, before: SourceInput, options: ConstructRequest & { onFunction?: (name: string) => void } = {}): Generator<ConstructedFunction> {
  const input = options.producerVersion === undefined ? before : { ...before, version: options.producerVersion };
  return constructOriginals(adapter.originals(input), before.name, options);
}
