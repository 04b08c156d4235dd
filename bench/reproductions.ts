/**
 * The figures docs/reproductions.md puts beside the published ones (scripts/reproductions.mjs
 * reads them from bench/results.json, which bench/run.ts writes next to results.md):
 *
 * - `redundantPhiShare`: on random irreducible CFGs of the fuzz arbitraries (`arbitraryCfg`),
 *   how many of the phis braun+trivial leaves are redundant, i.e. removed by braun+peel: the
 *   quantity of Wagner's thesis, Section 5.1 (Tables 5.1-5.6 count the phis peeling removes
 *   after trivial phis were removed);
 * - `braunPhiCounts`: braun+trivial's and braun+peel's phi counts over every function's original
 *   CFG of an LLVM module (the allocas mem2reg would promote), for section 5's real C programs.
 *
 * Run alone (small inputs, printed to stdout):
 *
 *   node dist/bench/reproductions.js [--samples N] [--seed S] [--max-blocks B] [FILE.ll ...]
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { llvmAdapter } from "../adapters/llvm/index.js";
import { buildSsa } from "../api/construct.js";
import { arbitraryCfg } from "../fuzz/arbitraries/index.js";
import { isReducible } from "../graph/reducible.js";
import { lowerCfg } from "../io/lower.js";
import type { Cfg } from "../spec/model.js";

/** braun+trivial and braun+peel on one original CFG: their phi counts. */
export function braunCounts(cfg: Cfg): { trivial: number; peel: number } {
  return {
    trivial: buildSsa(cfg, { algorithm: "braun", minimize: "trivial" }).ssa.phiCount,
    peel: buildSsa(cfg, { algorithm: "braun", minimize: "peel" }).ssa.phiCount,
  };
}

export interface RedundantShareOptions {
  /** CFGs drawn (reducible ones are drawn too, and skipped). */
  samples: number;
  /** fast-check seed: the same seed draws the same CFGs. */
  seed: number;
  /** `arbitraryCfg`'s `maxBlocks`. */
  maxBlocks: number;
}

export interface RedundantShare extends RedundantShareOptions {
  /** What was measured, one sentence (for the reports). */
  source: string;
  /** Drawn CFGs that are irreducible (the Isabelle `reducible` fails): the ones counted. */
  irreducible: number;
  /** Irreducible CFGs in which braun+peel removes at least one phi. */
  withRedundant: number;
  /** Phis braun+trivial leaves, summed over the irreducible CFGs. */
  braunTrivial: number;
  /** Phis braun+peel leaves (the minimum), summed over the same CFGs. */
  braunPeel: number;
  /** (braunTrivial - braunPeel) / braunTrivial: the share of braun+trivial's phis that are redundant. */
  share: number;
  /** The largest share in a single CFG. */
  maxShare: number;
}

/**
 * Over `samples` CFGs of `arbitraryCfg({ maxBlocks })` drawn with `seed`, the irreducible ones:
 * the phis braun+trivial leaves, those braun+peel leaves, and the share of the first that the
 * second removes.
 */
export function redundantPhiShare(o: RedundantShareOptions): RedundantShare {
  const docs = fc.sample(arbitraryCfg({ maxBlocks: o.maxBlocks }), { seed: o.seed, numRuns: o.samples });
  let irreducible = 0;
  let withRedundant = 0;
  let braunTrivial = 0;
  let braunPeel = 0;
  let maxShare = 0;
  for (const doc of docs) {
    const { cfg } = lowerCfg(doc, "bench", doc.name ?? "random");
    if (isReducible(cfg.graph)) continue;
    irreducible++;
    const c = braunCounts(cfg);
    braunTrivial += c.trivial;
    braunPeel += c.peel;
    if (c.peel < c.trivial) {
      withRedundant++;
      maxShare = Math.max(maxShare, (c.trivial - c.peel) / c.trivial);
    }
  }
  return {
    ...o,
    source: `${o.samples} CFGs of arbitraryCfg({ maxBlocks: ${o.maxBlocks} }) (fuzz/arbitraries) drawn with seed ${o.seed}, the ${irreducible} irreducible ones counted`,
    irreducible,
    withRedundant,
    braunTrivial,
    braunPeel,
    share: braunTrivial > 0 ? (braunTrivial - braunPeel) / braunTrivial : 0,
    maxShare,
  };
}

export interface BraunPhiCounts {
  functions: number;
  braunTrivial: number;
  braunPeel: number;
}

/** braun+trivial's and braun+peel's phis over every function's original CFG of an LLVM module. */
export function braunPhiCounts(llText: string, name: string): BraunPhiCounts {
  let functions = 0;
  let braunTrivial = 0;
  let braunPeel = 0;
  for (const f of llvmAdapter.originals({ text: llText, name })) {
    const { cfg } = lowerCfg(f.original, name, f.name);
    const c = braunCounts(cfg);
    functions++;
    braunTrivial += c.trivial;
    braunPeel += c.peel;
  }
  return { functions, braunTrivial, braunPeel };
}

// ---------------------------------------------------------------------------------------------
// results.json: what bench/run.ts writes for scripts/reproductions.mjs

/** The n-ifs series: per algorithm, the total (construct + minimize) median per size. */
export interface IfsJson {
  sizes: number[];
  algorithms: {
    name: string;
    /** Milliseconds per size, in the order of `sizes`. */
    ms: number[];
    /** Phis left per size. */
    phis: number[];
    /** Fitted exponents of ms against n: all sizes, sizes up to 10^5, the two largest sizes. */
    exponent: { all: number | null; to1e5: number | null; lastDecade: number | null };
  }[];
}

export interface LadderJson {
  rows: { steps: number; phis: number; phisAfterPeel: number; peelMs: number; noRedundantSet: boolean }[];
  /** Fitted exponent of peel's time against steps, and that of the last doubling. */
  exponent: number | null;
  lastDoubling: number | null;
}

export interface RealCJson {
  /** Why section 5 did not run (quick run, no opt, no program). */
  skipped?: string;
  variants: { program: string; variant: string; functions: number; certified: number; phis: { mem2reg: number; braunTrivial: number; braunPeel: number } }[];
}

export interface ResultsJson {
  schema: "formal-ssa/bench-results/1";
  /** ISO date of the run, to the second. */
  date: string;
  command: string;
  quick: boolean;
  /** `machine()` of bench/measure.ts, one line each, and LLVM's opt. */
  machine: string[];
  nIfs: IfsJson;
  ladder: LadderJson;
  redundantPhis: RedundantShare;
  realC: RealCJson;
}

/** NaN and infinities as null, so that the JSON is plain. */
export const num = (x: number): number | null => (Number.isFinite(x) ? x : null);

// run alone
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const flag = (n: string, d: number) => {
    const i = args.indexOf(n);
    return i >= 0 ? Number(args[i + 1]) : d;
  };
  const files = args.filter((a, i) => !a.startsWith("--") && !(i > 0 && args[i - 1].startsWith("--")));
  const t0 = performance.now();
  const r = redundantPhiShare({ samples: flag("--samples", 500), seed: flag("--seed", 2016), maxBlocks: flag("--max-blocks", 12) });
  process.stdout.write(`${JSON.stringify(r, null, 2)}\n(${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
  for (const f of files) {
    const t1 = performance.now();
    process.stdout.write(`${f}: ${JSON.stringify(braunPhiCounts(readFileSync(f, "utf8"), f))} (${((performance.now() - t1) / 1000).toFixed(1)} s)\n`);
  }
}
