/**
 * The options of fuzzing and their defaults, apart from api/fuzz.ts so that registering the
 * `fuzz` command (every run of the command line) does not load the fuzzer and fast-check.
 */
import type { Adapter } from "../adapters/adapter.js";
import { ADAPTERS } from "./adapters.js";

/** `shape`: which CFGs. */
export const SHAPES = ["reducible", "irreducible", "any"] as const;
export type Shape = (typeof SHAPES)[number];
export const DEFAULT_RUNS = 1000;
export const DEFAULT_MAX_BLOCKS = 12;
export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_OUT = "fuzz-findings";
/** The smallest irreducible CFG: B0 -> B1 <-> B2 <- B0. */
export const MIN_IRREDUCIBLE_BLOCKS = 3;

/** The `--target` values: every adapter's fuzz target. */
export const TARGETS: readonly string[] = ADAPTERS.flatMap((a) => (a.fuzzTarget ? [a.fuzzTarget.name] : []));

/** The adapter whose fuzz target is `name`. */
export function targetAdapter(name: string): Adapter | undefined {
  return ADAPTERS.find((a) => a.fuzzTarget?.name === name);
}

/** `s` as one shell word (POSIX sh). */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
