/**
 * `formal-ssa/arbitraries`: random CFGs as fast-check arbitraries, and properties that put a
 * user's own SSA construction under them with the validator as the oracle. fast-check is a peer
 * dependency: these compose with the user's own `fc`.
 *
 * ```ts
 * import fc from "fast-check";
 * import { certifiedProperty } from "formal-ssa/arbitraries";
 * fc.assert(certifiedProperty((cfg) => myConstruction(cfg)), { seed: 42 });
 * ```
 *
 * A failure shrinks to a small CFG, and its message carries the validator's witnesses.
 */
import fc from "fast-check";
import type { QualityProperty } from "../checks/index.js";
import { assertCertified } from "./assert.js";
import type { CfgDocument, DocumentInput } from "./documents.js";
import { NotCertified } from "./errors.js";
import { reduceInBatches } from "../fuzz/shrink.js";
import { cfgArbitrary, DEFAULT_MAX_BLOCKS, type Shape } from "./campaign/constructors.js";
import type { Report } from "./report.js";
import type { UndefMode } from "./validate.js";

export * from "../fuzz/arbitraries/index.js";
export { cfgArbitrary, DEFAULT_MAX_BLOCKS, DEFAULT_RUNS, MIN_IRREDUCIBLE_BLOCKS, SHAPES, type Shape } from "./campaign/constructors.js";

export interface CertifiedPropertyOptions {
  /** `reducible`: structured programs; `irreducible`: graphs with an irreducible cycle; `any` (default): both. */
  shape?: Shape;
  /** At most this many blocks per CFG (default 12). */
  maxBlocks?: number;
  /** Quality properties the construction must also have (e.g. `pruned`). */
  require?: QualityProperty[];
  /** `refine`: the entry's first statement's definitions are uninitialised content (see `validate`). */
  undef?: UndefMode;
}

/** An SSA construction under test: an original CFG in, its SSA document (object or JSON text) out. */
export type SsaConstruction = (cfg: CfgDocument) => DocumentInput;
export type AsyncSsaConstruction = (cfg: CfgDocument) => DocumentInput | Promise<DocumentInput>;

const cfgs = (o: CertifiedPropertyOptions) => cfgArbitrary(o.shape ?? "any", o.maxBlocks ?? DEFAULT_MAX_BLOCKS);
const validateOptions = (o: CertifiedPropertyOptions) => ({ require: o.require, undef: o.undef, names: { original: "original.json", ssa: "ssa.json" } });

/**
 * The property "`construct` gives a certified translation of every random CFG" (the locale
 * `CFG_SSA_Transformed` and the theorem `equiv`, decided by the validator). For `fc.assert` or
 * `fc.check`; a construction that throws, returns a malformed document, a different graph or an
 * SSA the validator rejects fails it, and the counterexample shrinks.
 */
export function certifiedProperty(construct: SsaConstruction, options: CertifiedPropertyOptions = {}): fc.IPropertyWithHooks<[CfgDocument]> {
  return fc.property(cfgs(options), (cfg) => {
    assertCertified([cfg], construct(cfg), validateOptions(options));
  });
}

/** `certifiedProperty` for a construction that returns a promise (for `await fc.assert(...)`). */
export function asyncCertifiedProperty(construct: AsyncSsaConstruction, options: CertifiedPropertyOptions = {}): fc.IAsyncPropertyWithHooks<[CfgDocument]> {
  return fc.asyncProperty(cfgs(options), async (cfg) => {
    assertCertified([cfg], await construct(cfg), validateOptions(options));
  });
}

/**
 * `fc.assert(certifiedProperty(construct), ...)` with the validator's text in the thrown error's
 * message (fast-check 4 otherwise puts it in the error's `cause`): one line in any test runner.
 * Throws when the construction fails on some CFG, with the shrunk CFG, the seed and the witnesses.
 */
export function assertConstruction(construct: SsaConstruction, options: FuzzConstructionOptions = {}): void {
  fc.assert(certifiedProperty(construct, options), {
    includeErrorInReport: true,
    numRuns: options.runs ?? 100,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
  });
}

export interface FuzzConstructionOptions extends CertifiedPropertyOptions {
  /** Random CFGs to try (default 1000). */
  runs?: number;
  /** fast-check's seed; the same seed repeats the same run (default: random). */
  seed?: number;
}

/** A shrunk counterexample of `fuzzConstruction`. */
export interface ConstructionFinding {
  /** The smallest CFG found that the construction gets wrong. */
  original: CfgDocument;
  /** What the construction gave for it (absent when it threw). */
  output?: DocumentInput;
  /** Why it fails: the validator's text with the witnesses, or the construction's error. */
  message: string;
  /** The validator's report, where the output could be validated. */
  report?: Report;
}

export interface FuzzConstructionResult {
  seed: number;
  /** Random CFGs tried (all `runs` when clean). */
  runs: number;
  /** Shrinking steps to the counterexample: fast-check's, then the reductions (empty blocks contracted, empty statements dropped). */
  shrinks: number;
  finding?: ConstructionFinding;
}

/**
 * The in-process counterpart of `formal-ssa fuzz --constructor`: runs `asyncCertifiedProperty`
 * under fast-check and returns the shrunk counterexample, if any, instead of throwing.
 */
export async function fuzzConstruction(construct: AsyncSsaConstruction, options: FuzzConstructionOptions = {}): Promise<FuzzConstructionResult> {
  const seed = options.seed ?? Math.floor(Math.random() * 0x80000000);
  const details = await fc.check(asyncCertifiedProperty(construct, options), { seed, numRuns: options.runs ?? 1000 });
  const out: FuzzConstructionResult = { seed: details.seed, runs: details.numRuns, shrinks: details.numShrinks };
  if (!details.failed || details.counterexample === null) return out;
  /** The construction's failure on `cfg` (its output, and the error that says why), or undefined when it is certified. */
  const failure = async (cfg: CfgDocument): Promise<{ output?: DocumentInput; error: unknown } | undefined> => {
    let output: DocumentInput | undefined;
    try {
      output = await construct(cfg);
      assertCertified([cfg], output, validateOptions(options));
      return undefined;
    } catch (error) {
      return { ...(output !== undefined ? { output } : {}), error };
    }
  };
  // beyond fast-check's shrinking: empty blocks contracted, empty statements dropped, while it fails
  const reduced = await reduceInBatches(details.counterexample[0], async (cfgs) => ((await failure(cfgs[0])) !== undefined ? 0 : -1), { batch: 1 });
  const original = reduced.value;
  const result = { ...out, shrinks: out.shrinks + reduced.steps };
  const failed = await failure(original);
  if (failed !== undefined) {
    const e = failed.error;
    const message = e instanceof Error ? e.message : String(e);
    return { ...result, finding: { original, ...(failed.output !== undefined ? { output: failed.output } : {}), message, ...(e instanceof NotCertified ? { report: e.report } : {}) } };
  }
  // passed when repeated: a construction that does not always answer the same
  const e = details.errorInstance;
  return { ...result, finding: { original, message: `flaky: failed once, passed when repeated${e instanceof Error ? ` (${e.message})` : ""}` } };
}
