/**
 * Fuzzing SSA constructors with random CFGs, in process: the oracles, and the run under
 * fast-check (`fc.check` with the seed and the number of runs), so that a finding is shrunk to
 * a small CFG before it is reported. The oracles:
 *
 * - differential: every algorithm of `ALGORITHMS` with every minimisation of `MINIMIZATIONS` on
 *   the lowered model, each output decided by `checkTransformed`, and the relations the
 *   theorems state between them (`theoremViolation`);
 * - a constructor's output (`ssaViolation`): one SSA document on the same graph that the
 *   validator certifies (validity); malformed output, a different graph or a property that
 *   fails is a finding. `certifiedProperty` makes it a fast-check property of the user's own
 *   function (api/arbitraries.ts); api/node/fuzz.ts runs a command per case instead;
 * Producers of SSA are fuzzed through their fuzz targets instead, in batches
 * (api/fuzz_producers.ts).
 */
import fc from "fast-check";
import type { Adapter } from "../adapters/adapter.js";
import { certified, checkTransformed, QUALITY, type QualityProperty, type Verdict } from "../checks/index.js";
import { lowerProgram } from "../fuzz/arbitraries/index.js";
import { steeredCfg, structuredWithin } from "../fuzz/arbitraries/cases.js";
import { isReducible } from "../graph/reducible.js";
import { removeDeadPhis } from "../impl/prune.js";
import type { FunctionDoc } from "../io/format.js";
import { lowerCfg } from "../io/lower.js";
import { MalformedInput } from "../spec/errors.js";
import { Transformed } from "../spec/model.js";
import { ALGORITHMS, buildSsa, MINIMIZATIONS, type Algorithm, type Minimize } from "./construct.js";
import type { DocumentInput } from "./documents.js";
import { validateWith } from "./producers.js";
import type { Report } from "./report.js";
import { validate } from "./validate.js";

import type { Shape } from "./fuzz_options.js";

export { DEFAULT_MAX_BLOCKS, DEFAULT_RUNS, MIN_IRREDUCIBLE_BLOCKS, SHAPES, type Shape } from "./fuzz_options.js";

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
export function cfgArbitrary(shape: Shape, maxBlocks: number): fc.Arbitrary<FunctionDoc> {
  const reducible = () => structuredWithin(maxBlocks).map((p) => lowerProgram(p));
  switch (shape) {
    case "reducible":
      return reducible();
    case "irreducible":
      return steeredCfg(maxBlocks).filter((doc) => !isReducible(lowerCfg(doc, "original.json", "random").cfg.graph));
    case "any":
      return fc.oneof(reducible(), steeredCfg(maxBlocks));
  }
}

// ---------------------------------------------------------------------------------------------
// Findings

/** What went wrong on one CFG. */
export interface Finding {
  /** One line: which relation failed. */
  description: string;
  /** The CFG (shrunk, once the run is over). */
  original: FunctionDoc;
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
export function theoremViolation(doc: FunctionDoc): Finding | undefined {
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
        return { description: `${name(c)} throws: ${e instanceof Error ? e.message : String(e)}`, original: doc, require: [], construction: c };
      }
      if (!certified(verdicts))
        return { description: `validity: ${name(c)} is not certified (fails ${failing(verdicts).join(", ")})`, original: doc, require: [], construction: c };
      const promised = promisedQuality(algorithm, minimize, reducible);
      const broken = failing(verdicts, promised);
      if (broken.length > 0) {
        const why = minimize === "trivial" && reducible && broken.includes("cytronMinimal") ? " on a reducible CFG" : "";
        return { description: `quality: ${name(c)} is not ${broken.join(", not ")}${why}`, original: doc, require: broken, construction: c };
      }
      built.push({ ...c, phis, livePhis });
    }
  }
  const peeled = built.filter((b) => b.minimize === "peel");
  const cytron = built.find((b) => (b.algorithm as string) === "cytron" && b.minimize === "none");
  const ref = cytron ?? peeled.reduce<Built | undefined>((m, b) => (m === undefined || b.livePhis < m.livePhis ? b : m), undefined);
  if (ref === undefined) return undefined;
  const countFinding = (b: Built, relation: string, count: number): Finding => ({
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
export function ssaViolation(doc: FunctionDoc, output: DocumentInput, require: readonly string[] = []): Finding | undefined {
  const base = { original: doc, ...(typeof output === "string" ? { ssaText: output } : {}), require: [...require] };
  let report: Report;
  try {
    report = validate([doc], output, { names: { original: "original.json", ssa: "ssa.json" }, require: require as QualityProperty[] });
  } catch (e) {
    if (e instanceof MalformedInput) return { ...base, description: `malformed output: ${e.message}` };
    // not the constructor's fault, but worth the files: formal-ssa failed on this output
    return { ...base, description: `formal-ssa failed on this output: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (report.functions.length !== 1) return { ...base, description: `malformed output: want one function, got ${report.functions.length}`, report };
  const [f] = report.functions;
  if (f.verdict === "certified") return undefined;
  const mismatch = f.properties.same_graph?.witness?.[0]?.mismatch;
  if (mismatch !== undefined) return { ...base, description: `same_graph: ${mismatch}`, report };
  const fails = Object.entries(f.properties).filter(([p, v]) => !v.holds && (!QUALITY_SET.has(p) || require.includes(p))).map(([p]) => p);
  return { ...base, description: `validity: rejected (fails ${fails.join(", ")})`, report };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// ---------------------------------------------------------------------------------------------
// The run

export interface FuzzOptions {
  runs: number;
  seed: number;
  shape: Shape;
  maxBlocks: number;
  /** The oracle of one CFG: a finding, or undefined when all is well. */
  oracle: (doc: FunctionDoc) => Finding | undefined;
  /** Called after every case (generated or shrunk). */
  onCase?: (p: Progress) => void;
}

export interface Progress {
  phase: "search" | "shrink";
  /** Cases run so far, shrinking included. */
  cases: number;
  /** Shrinking steps that failed again (the counterexample got smaller). */
  shrinks: number;
}

export interface FuzzResult {
  seed: number;
  cases: number;
  /** Generated CFGs checked before the finding (all `runs` when clean). */
  runs: number;
  shrinks: number;
  finding?: Finding;
}

export function fuzz(opts: FuzzOptions): FuzzResult {
  const arb = cfgArbitrary(opts.shape, opts.maxBlocks);
  const oracle = opts.oracle;
  const progress: Progress = { phase: "search", cases: 0, shrinks: 0 };
  let last: Finding | undefined;
  const property = fc.property(arb, (doc) => {
    progress.cases++;
    const f = oracle(doc);
    if (f !== undefined) {
      if (progress.phase === "shrink") progress.shrinks++;
      progress.phase = "shrink";
      last = f;
    }
    opts.onCase?.(progress);
    return f === undefined;
  });
  const details = fc.check(property, { seed: opts.seed, numRuns: opts.runs });
  const out: FuzzResult = { seed: details.seed, cases: progress.cases, runs: details.numRuns, shrinks: details.numShrinks };
  if (!details.failed) return out;
  if (details.counterexample === null) throw new Error(`fast-check gave up: ${String(details.errorInstance ?? "no counterexample")}`);
  const [doc] = details.counterexample;
  // the last failing case is the counterexample; otherwise (a flaky constructor) ask again
  let finding = last !== undefined && JSON.stringify(last.original) === JSON.stringify(doc) ? last : oracle(doc);
  if (finding === undefined) {
    const e = details.errorInstance;
    finding = { description: `flaky: failed once, passed when repeated${e instanceof Error ? ` (${e.message})` : ""}`, original: doc, require: [] };
  }
  return { ...out, finding };
}

