/**
 * Runs once before the suite: fixes the seed every fast-check property uses unless it names its
 * own, and prints it, so that a failure is reproduced with `FC_SEED=<seed> npx vitest run ...`;
 * and brings dist/ up to date if some compiled file is missing or older than its source (as
 * `npm test` does before vitest), once, before test files run side by side: two of them
 * rebuilding dist/ at the same time would read each other's half-written files.
 */
import { ensureBuilt, needsBuild } from "../cli/cli.js";

export const DEFAULT_SEED = 20_161_017;

export default function setup(): void {
  const seed = process.env.FC_SEED ?? String(DEFAULT_SEED);
  process.env.FC_SEED = seed;
  console.log(`fast-check seed ${seed} (set FC_SEED to change it)`);
  if (needsBuild()) {
    console.log("dist/ is missing or older than the sources: building it (tsc -p tsconfig.build.json)");
    ensureBuilt();
  }
}
