/**
 * Small pieces shared by the CFG builders of this folder (structured.ts, graphs.ts): variable
 * names, probability knobs turned into fast-check weights, constraint checks. Internal: the
 * public API is re-exported by index.ts.
 */
import fc from "fast-check";

/**
 * fast-check's `oneof` takes integer weights; a probability knob `p` becomes the weights
 * `round(p * PROBABILITY_SCALE)` and `PROBABILITY_SCALE - round(p * PROBABILITY_SCALE)`.
 */
export const PROBABILITY_SCALE = 1000;

/**
 * The name of variable `i`: `a`, `b`, ..., `z`, `aa`, `ab`, ... (bijective base 26), so that a
 * shrunk counterexample reads like a textbook example. Names never contain `.`, which FORMAT.md
 * uses in SSA value names (`x.0`).
 */
export function variableName(i: number): string {
  let n = i + 1;
  let s = "";
  while (n > 0) {
    n -= 1;
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26);
  }
  return s;
}

/** The first `count` variable names, in order. */
export function variableNames(count: number): string[] {
  const names: string[] = new Array(count);
  for (let i = 0; i < count; i++) names[i] = variableName(i);
  return names;
}

/** `true` with probability `p`; shrinks towards `false` (the first arbitrary of the oneof). */
export function biasedBoolean(p: number): fc.Arbitrary<boolean> {
  const yes = Math.round(p * PROBABILITY_SCALE);
  // withCrossShrink: without it a oneof never shrinks from one of its arbitraries to another
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant(false), weight: PROBABILITY_SCALE - yes },
    { arbitrary: fc.constant(true), weight: yes },
  );
}

/**
 * A set of at most `max` (at least `min`) distinct variables out of `vars`, as a list in
 * generation order. Shrinks by dropping variables and by moving towards the first names.
 */
export function variableSet(vars: readonly string[], min: number, max: number): fc.Arbitrary<string[]> {
  const hi = Math.min(max, vars.length);
  const lo = Math.min(min, hi);
  if (hi === 0) return fc.constant([]);
  return fc.uniqueArray(fc.constantFrom(...vars), { minLength: lo, maxLength: hi });
}

/** Throws a RangeError naming the knob unless `value` is an integer in `[min, max]`. */
export function checkInteger(owner: string, knob: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${owner}: ${knob} must be an integer in [${min}, ${max}], got ${value}`);
  }
}

/** Throws a RangeError naming the knob unless `value` is a probability. */
export function checkProbability(owner: string, knob: string, value: number): void {
  if (!(value >= 0 && value <= 1)) {
    throw new RangeError(`${owner}: ${knob} must be a probability in [0, 1], got ${value}`);
  }
}

/** Throws a RangeError naming the knob unless every weight is a non-negative integer and one is positive. */
export function checkWeights(owner: string, knob: string, weights: Record<string, number>): void {
  let total = 0;
  for (const [k, w] of Object.entries(weights)) {
    if (!Number.isInteger(w) || w < 0) {
      throw new RangeError(`${owner}: ${knob}.${k} must be a non-negative integer, got ${w}`);
    }
    total += w;
  }
  if (total <= 0) throw new RangeError(`${owner}: ${knob} must have a positive weight`);
}

/** `vars` restricted to the names in `used`, in the order of `vars`, then any others sorted. */
export function orderedSubset(vars: readonly string[], used: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const known = new Set(vars);
  for (const v of vars) if (used.has(v)) out.push(v);
  const extra: string[] = [];
  for (const v of used) if (!known.has(v)) extra.push(v);
  extra.sort();
  return out.concat(extra);
}
