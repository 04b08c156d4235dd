/**
 * Runs once before the suite: fixes the seed every fast-check property uses unless it names its
 * own, and prints it, so that a failure is reproduced with `FC_SEED=<seed> npx vitest run ...`.
 */
export const DEFAULT_SEED = 20_161_017;

export default function setup(): void {
  const seed = process.env.FC_SEED ?? String(DEFAULT_SEED);
  process.env.FC_SEED = seed;
  console.log(`fast-check seed ${seed} (set FC_SEED to change it)`);
}
