/**
 * The constructions the benchmark compares, one line each: a name for the tables, what runs (for
 * the notes under them), and how the SSA is built from an already lowered original CFG.
 *
 * Every line goes through the command's own pipeline, `buildSsa` of api/construct.ts,
 * so the benchmark measures exactly what `formal-ssa construct --algorithm A --minimize M` runs,
 * with its split into "construct" (the algorithm) and "minimize" (what `M` adds). A new algorithm
 * of the pipeline is one more line here.
 */
import { buildSsa, type Algorithm, type Minimize } from "../api/construct.js";
import type { Construction } from "../impl/ssa_val.js";
import type { Cfg, SsaCfg } from "../spec/model.js";

export interface Built {
  construction: Construction;
  /** The final SSA CFG, after minimisation. */
  ssa: SsaCfg;
  /** Milliseconds: the construction proper, then the minimisation. */
  ms: { construct: number; minimize: number };
}

export interface BenchAlgorithm {
  /** Name in the tables. */
  name: string;
  /** What runs, for the notes under the tables. */
  what: string;
  build: (cfg: Cfg) => Built;
}

/** `buildSsa(cfg, {algorithm, minimize})`, as `formal-ssa construct --algorithm A --minimize M` runs it. */
function pipeline(name: string, algorithm: Algorithm, minimize: Minimize, what: string): BenchAlgorithm {
  return { name, what: `\`--algorithm ${algorithm} --minimize ${minimize}\`: ${what}`, build: (cfg) => buildSsa(cfg, { algorithm, minimize }) };
}

export const BENCH_ALGORITHMS: readonly BenchAlgorithm[] = [
  pipeline("functional+trivial", "functional", "trivial", "constructFast (phiDefNodes + lookupDef, impl/construct_fast.ts), then substAllFast (impl/notriv_fast.ts)"),
  pipeline("braun", "braun", "trivial", "Braun et al. 2013 with tryRemoveTrivialPhi on the fly (impl/braun.ts); nothing after it"),
  pipeline("cytron", "cytron", "none", "constructCytron (impl/cytron.ts): dominator tree, dominance frontiers, liveness-pruned placement, renaming; minimal already, nothing after it"),
  pipeline("aycock-horspool+trivial", "aycock-horspool", "trivial", "constructAycockHorspool (impl/aycock_horspool.ts, the crude phase), then substAllFast, their minimisation (not pruned: dead phis stay)"),
];
