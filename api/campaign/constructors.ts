/**
 * Fuzzing SSA constructors with random CFGs: the oracles, and the engine that runs CFGs through
 * an oracle in batches and shrinks the first new finding (fuzz/shrink.ts: fast-check's
 * shrinking, its candidates tried in batches, then the CFG reductions). The oracles:
 *
 * - differential: every algorithm of `ALGORITHMS` with every minimisation of `MINIMIZATIONS` on
 *   the lowered model, each output decided by `checkTransformed`, and the relations the
 *   theorems state between them (`theoremViolation`);
 * - a constructor's output (`ssaViolation`): one SSA document on the same graph that the
 *   validator certifies (validity); malformed output, a different graph or a property that
 *   fails is a finding. `certifiedProperty` makes it a fast-check property of the user's own
 *   function (api/arbitraries.ts); api/campaign/node/constructors.ts runs a command per CFG or
 *   per batch of CFGs instead.
 * Every finding has a signature that shrinking keeps and a baseline can list (`--known`).
 * Producers of SSA are fuzzed through their fuzz targets instead (api/campaign/producers.ts).
 */
import fc from "fast-check";
import { certified, checkTransformed, QUALITY, type QualityProperty, type Verdict } from "../../checks/index.js";
import { steeredCfg, structuredCfgWithin } from "../../fuzz/arbitraries/cases.js";
import { generateWithContext, reduceInBatches, shrinkInBatches } from "../../fuzz/shrink.js";
import { isReducible } from "../../graph/reducible.js";
import { removeDeadPhis } from "../../impl/prune.js";
import { lowerCfg } from "../../io/lower.js";
import { MalformedInput } from "../../spec/errors.js";
import { Transformed } from "../../spec/model.js";
import { ALGORITHMS, buildSsa, MINIMIZATIONS, type Algorithm, type Minimize } from "../construct.js";
import type { CfgDocument, DocumentInput } from "../documents.js";
import type { Report } from "../report.js";
import type { KnownHit } from "./producers.js";
import { caseSeed, normaliseMessage } from "./producers.js";
import { validate } from "../validate.js";

import type { Shape } from "./options.js";

export { DEFAULT_MAX_BLOCKS, DEFAULT_RUNS, MIN_IRREDUCIBLE_BLOCKS, SHAPES, type Shape } from "./options.js";

// ---------------------------------------------------------------------------------------------
// The CFGs

/**
 * The CFGs of a shape, at most `maxBlocks` blocks each:
 * - `reducible`: structured While programs (`structuredProgram`), truncated in preorder to the
 *   longest prefix whose CFG fits, lowered by `lowerProgram` (`stmts` blocks);
 * - `irreducible`: `arbitraryCfg`, steered towards irreducible graphs (more backward edges and
 *   extra in-edges, fewer chains), filtered to the irreducible ones; shrinking keeps the filter,
 *   so the counterexample is irreducible too;
 * - `any`: either of a structured CFG and an unfiltered graph of the steered `arbitraryCfg`
 *   (reducible or not, parallel edges, self-loops).
 * Graphs mix `stmts` and `defs`/`uses` blocks.
 */
export function cfgArbitrary(shape: Shape, maxBlocks: number): fc.Arbitrary<CfgDocument> {
  switch (shape) {
    case "reducible":
      return structuredCfgWithin(maxBlocks);
    case "irreducible":
      return steeredCfg(maxBlocks, "mixed").filter((doc) => !isReducible(lowerCfg(doc, "original.json", "random").cfg.graph));
    case "any":
      return fc.oneof(structuredCfgWithin(maxBlocks), steeredCfg(maxBlocks, "mixed"));
  }
}

// ---------------------------------------------------------------------------------------------
// Findings

/** What went wrong on one CFG. */
export interface Finding {
  /**
   * One bug, one signature: the mode (`constructor`, `differential`), the kind, and what failed
   * (the first failing property, the construction, the message without its numbers and names),
   * e.g. `constructor:rejected:phis_wf`. Shrinking keeps it, and a baseline lists it (`--known`).
   */
  signature: string;
  /** One line: which relation failed. */
  description: string;
  /** The CFG (shrunk, once the run is over). */
  original: CfgDocument;
  /** The offending SSA as the exchange-format text written to ssa.json (raw output of a constructor). */
  ssaText?: string;
  /** Quality properties `validate` must require to replay the finding (`--require`). */
  require: string[];
  /** Differential mode: the construction that produced `ssaText`. */
  construction?: { algorithm: Algorithm; minimize: Minimize };
  /** Differential mode, count relations: the construction the count was compared with. */
  reference?: { algorithm: Algorithm; minimize: Minimize; phis: number };
  /** External mode: a crash, timeout or spawn failure, with the constructor's stderr. */
  process?: { status: number | null; signal: string | null; error?: string; stderr: string };
  /** The validator's report on the offending SSA, where there is one. */
  report?: Report;
}

interface Built {
  algorithm: Algorithm;
  minimize: Minimize;
  phis: number;
  /** Phis left after removing the dead ones (`removeDeadPhis`); `phis` where pruned is promised. */
  livePhis: number;
}

const name = (b: { algorithm: string; minimize: string }) => `${b.algorithm}/${b.minimize}`;
const QUALITY_SET = new Set<string>(QUALITY);
/** The failing properties among `among`, by default the validity ones. */
const failing = (vs: readonly Verdict[], among?: readonly string[]) =>
  vs.filter((v) => !v.holds && (among === undefined ? !QUALITY_SET.has(v.property) : among.includes(v.property))).map((v) => v.property);

/** Aycock and Horspool's crude phase places phis for dead variables too: the one algorithm whose output need not be pruned. */
const UNPRUNED = "aycock-horspool";

/**
 * The quality properties the theorems promise for `algorithm` with `minimize`:
 * `pruned` for every algorithm but aycock-horspool (phis'_pruned, pruned_invariant);
 * `no_trivial_phis` after trivial and peel (not_redundant); `no_redundant_set` and
 * `cytronMinimal` after peel on every CFG (no_redundant_set_minimal), and for Cytron et al.'s
 * construction with any minimisation (minimal by construction); `cytronMinimal` after trivial on
 * reducible CFGs (minimal, reducible_nonredundant_imp_minimal).
 */
export function promisedQuality(algorithm: string, minimize: string, reducible: boolean): string[] {
  const out: string[] = [];
  if (algorithm !== UNPRUNED) out.push("pruned");
  if (minimize !== "none") out.push("no_trivial_phis");
  if (minimize === "peel" || algorithm === "cytron") out.push("cytronMinimal", "no_redundant_set");
  else if (minimize === "trivial" && reducible) out.push("cytronMinimal");
  return out;
}

/**
 * Differential oracle on one CFG: every algorithm and minimisation, each certified with the
 * quality its theorems promise (`promisedQuality`), and the phi counts (phi_count_minimal: a
 * pruned, Cytron-minimal form has the fewest phis of all valid translations): every `peel`
 * result has the same count, Cytron's (when it is an algorithm) too, and on reducible CFGs
 * every `trivial` result as well; no result has fewer. aycock-horspool, which is not pruned,
 * is compared after removing its dead phis (`removeDeadPhis`). Returns the first violation,
 * undefined when all hold.
 */
export function theoremViolation(doc: CfgDocument): Finding | undefined {
  const fnName = doc.name ?? "#0";
  const lowered = lowerCfg(doc, "original.json", fnName);
  const cfg = lowered.cfg;
  const reducible = isReducible(cfg.graph);
  const built: Built[] = [];
  for (const algorithm of ALGORITHMS as readonly Algorithm[]) {
    for (const minimize of MINIMIZATIONS as readonly Minimize[]) {
      const c = { algorithm, minimize };
      let verdicts: Verdict[];
      let phis: number;
      let livePhis: number;
      try {
        const b = buildSsa(cfg, c);
        phis = b.ssa.phiCount;
        livePhis = (algorithm as string) === UNPRUNED ? removeDeadPhis(b.ssa).phiCount : phis;
        verdicts = checkTransformed(new Transformed(cfg, b.ssa, b.construction.transformed.varOf));
      } catch (e) {
        return { signature: `differential:throws:${name(c)}`, description: `${name(c)} throws: ${e instanceof Error ? e.message : String(e)}`, original: doc, require: [], construction: c };
      }
      if (!certified(verdicts)) {
        const fails = failing(verdicts);
        return { signature: `differential:rejected:${name(c)}:${fails[0]}`, description: `validity: ${name(c)} is not certified (fails ${fails.join(", ")})`, original: doc, require: [], construction: c };
      }
      const promised = promisedQuality(algorithm, minimize, reducible);
      const broken = failing(verdicts, promised);
      if (broken.length > 0) {
        const why = minimize === "trivial" && reducible && broken.includes("cytronMinimal") ? " on a reducible CFG" : "";
        return { signature: `differential:quality:${name(c)}:${broken[0]}`, description: `quality: ${name(c)} is not ${broken.join(", not ")}${why}`, original: doc, require: broken, construction: c };
      }
      built.push({ ...c, phis, livePhis });
    }
  }
  const peeled = built.filter((b) => b.minimize === "peel");
  const cytron = built.find((b) => (b.algorithm as string) === "cytron" && b.minimize === "none");
  const ref = cytron ?? peeled.reduce<Built | undefined>((m, b) => (m === undefined || b.livePhis < m.livePhis ? b : m), undefined);
  if (ref === undefined) return undefined;
  const countFinding = (b: Built, relation: string, count: number): Finding => ({
    signature: `differential:${relation.replace(/ \(.*\)$/, "").replace(/ /g, "_")}:${name(b)}`,
    description: `${relation}: ${name(b)} has ${plural(count, "phi")}${count !== b.phis ? " after removing dead ones" : ""}, ${name(ref)} ${ref.phis}`,
    original: doc,
    require: QUALITY.filter((q) => q !== "pruned" || (b.algorithm as string) !== UNPRUNED),
    construction: { algorithm: b.algorithm, minimize: b.minimize },
    reference: { algorithm: ref.algorithm, minimize: ref.minimize, phis: ref.phis },
  });
  for (const b of built) if (b.phis < ref.phis) return countFinding(b, "phi_count_minimal (fewer phis than the minimum)", b.phis);
  const compared = reducible ? built.filter((b) => b.minimize === "peel" || b.minimize === "trivial") : peeled;
  for (const b of compared) {
    if (b.livePhis === ref.phis) continue;
    return countFinding(b, b.minimize === "peel" ? "phi_count_minimal" : "minimal phi count on a reducible CFG", b.livePhis);
  }
  return undefined;
}

/**
 * The oracle of a constructor's output on one CFG: `output` must be one SSA document on the
 * same graph that the validator certifies (validity; `require` adds quality properties).
 */
export function ssaViolation(doc: CfgDocument, output: DocumentInput, require: readonly string[] = []): Finding | undefined {
  const base = { original: doc, ...(typeof output === "string" ? { ssaText: output } : {}), require: [...require] };
  const malformed = (message: string) => ({ ...base, signature: `constructor:malformed-output:${normaliseMessage(message)}`, description: `malformed output: ${message}` });
  let report: Report;
  try {
    report = validate([doc], output, { names: { original: "original.json", ssa: "ssa.json" }, require: require as QualityProperty[] });
  } catch (e) {
    if (e instanceof MalformedInput) return malformed(e.message);
    // not the constructor's fault, but worth the files: formal-ssa failed on this output
    const message = e instanceof Error ? e.message : String(e);
    return { ...base, signature: `constructor:formal-ssa-failed:${normaliseMessage(message)}`, description: `formal-ssa failed on this output: ${message}` };
  }
  if (report.functions.length !== 1) return { ...malformed(`want one function, got ${report.functions.length}`), report };
  const [f] = report.functions;
  if (f.verdict === "certified") return undefined;
  const mismatch = f.properties.same_graph?.witness?.[0]?.mismatch;
  if (mismatch !== undefined) return { ...base, signature: "constructor:same_graph", description: `same_graph: ${mismatch}`, report };
  const fails = Object.entries(f.properties).filter(([p, v]) => !v.holds && (!QUALITY_SET.has(p) || require.includes(p))).map(([p]) => p);
  return { ...base, signature: `constructor:rejected:${fails[0]}`, description: `validity: rejected (fails ${fails.join(", ")})`, report };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// ---------------------------------------------------------------------------------------------
// The run

/**
 * The oracle of a batch of CFGs: a finding for each, or undefined where all is well. With
 * `first`, only the first finding (in CFG order) that `first` accepts is needed: the oracle may
 * stop there and leave the later CFGs undecided (undefined), as shrinking asks.
 */
export type BatchOracle = (docs: readonly CfgDocument[], first?: (f: Finding) => boolean) => (Finding | undefined)[] | Promise<(Finding | undefined)[]>;

export interface FuzzOptions {
  runs: number;
  seed: number;
  shape: Shape;
  maxBlocks: number;
  /** CFGs per call of `oracle` (a constructor run per batch); 1 by default. */
  batch?: number;
  oracle: BatchOracle;
  /**
   * Signatures already known (a baseline, `--known FILE`): a finding with one of these is
   * counted (`FuzzResult.known`) and the run goes on to the first finding that is new.
   */
  known?: ReadonlySet<string>;
  /** Called after every batch of generated cases and of shrink tries. */
  onProgress?: (p: Progress) => void;
}

export interface Progress {
  phase: "search" | "shrink";
  /** Generated CFGs checked so far. */
  cases: number;
  /** Smaller CFGs tried while shrinking and reducing a finding. */
  shrinkTries: number;
  /** Of those, the ones that failed alike and were taken: the steps to the finding. */
  shrinkSteps: number;
}

export interface FuzzResult {
  seed: number;
  /** Generated CFGs checked (all `runs` when no new finding). */
  cases: number;
  /** With a finding: the 1-based number of the generated CFG that failed first. */
  foundAt?: number;
  shrinkTries: number;
  shrinkSteps: number;
  /** The first new finding (a signature the baseline does not list), shrunk. */
  finding?: Finding;
  /** The known findings met, with their hits. */
  known: KnownHit[];
}

/**
 * Random CFGs of `shape` through `oracle`, `batch` at a time, until the first finding whose
 * signature is not `known`; that one is shrunk and reduced (fuzz/shrink.ts) while it fails with
 * the same signature, and asked once more alone for the finding. Case `i` is the first value
 * fast-check generates for `caseSeed(seed, i)`, so a run depends on its seed and its cases alone,
 * whatever the batch. Shrinking is fast-check's (the first failing candidate of each shrink
 * stream), its candidates tried `batch` at a time: the same result as `fc.check` would shrink to.
 */
export async function fuzz(opts: FuzzOptions): Promise<FuzzResult> {
  const arb = cfgArbitrary(opts.shape, opts.maxBlocks);
  const batch = Math.max(1, opts.batch ?? 1);
  const progress: Progress = { phase: "search", cases: 0, shrinkTries: 0, shrinkSteps: 0 };
  const knownHits = new Map<string, KnownHit>();
  const knownList = () => [...knownHits.values()].sort((a, b) => b.hits - a.hits || (a.signature < b.signature ? -1 : 1));
  for (let start = 0; start < opts.runs; start += batch) {
    const values: fc.Value<CfgDocument>[] = [];
    for (let i = start; i < Math.min(opts.runs, start + batch); i++) values.push(generateWithContext(arb, caseSeed(opts.seed, i)));
    const findings = await opts.oracle(values.map((v) => v.value));
    let k = -1;
    for (let j = 0; j < findings.length; j++) {
      const f = findings[j];
      if (f === undefined) continue;
      if (opts.known?.has(f.signature) !== true) {
        k = j;
        break;
      }
      const hit = knownHits.get(f.signature);
      if (hit === undefined) knownHits.set(f.signature, { signature: f.signature, description: f.description, hits: 1 });
      else hit.hits++;
    }
    progress.cases += k < 0 ? values.length : k + 1;
    opts.onProgress?.(progress);
    if (k < 0) continue;
    const signature = findings[k]!.signature;
    progress.phase = "shrink";
    const alike = (f: Finding) => f.signature === signature;
    const failsAlike = async (docs: readonly CfgDocument[]) => {
      const fs = await opts.oracle(docs, alike);
      progress.shrinkTries += docs.length;
      opts.onProgress?.(progress);
      return fs.findIndex((f) => f !== undefined && alike(f));
    };
    const shrunk = await shrinkInBatches(arb, values[k], failsAlike, { batch });
    progress.shrinkSteps += shrunk.steps;
    const reduced = await reduceInBatches(shrunk.value, failsAlike, { batch });
    progress.shrinkSteps += reduced.steps;
    const doc = reduced.value;
    // once more alone: the finding of what it shrank to (and a constructor's output as written)
    let finding = (await opts.oracle([doc]))[0];
    if (finding === undefined || finding.signature !== signature) {
      const mode = signature.slice(0, signature.indexOf(":"));
      finding = { signature: `${mode}:flaky`, description: `flaky: failed once, ${finding === undefined ? "passed" : `failed otherwise (${finding.description})`} when repeated (${findings[k]!.description})`, original: doc, require: [] };
    }
    return { seed: opts.seed, cases: progress.cases, foundAt: start + k + 1, shrinkTries: progress.shrinkTries, shrinkSteps: progress.shrinkSteps, finding, known: knownList() };
  }
  return { seed: opts.seed, cases: progress.cases, shrinkTries: 0, shrinkSteps: 0, known: knownList() };
}

/** The differential oracle on a batch: `theoremViolation` of each CFG. */
export const differentialOracle: BatchOracle = (docs) => docs.map((d) => theoremViolation(d));
