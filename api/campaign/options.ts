/**
 * The options of fuzzing and their defaults, apart from api/campaign/constructors.ts so that registering the
 * `fuzz` command (every run of the command line) does not load the fuzzer and fast-check.
 */
import type { FuzzTarget } from "../../adapters/fuzz_target.js";
import { gccFuzzTarget } from "../../adapters/gcc/fuzz.js";
import { llvmFuzzTarget } from "../../adapters/llvm/fuzz.js";
import { reactFuzzTarget } from "../../adapters/react-compiler/fuzz.js";
import { hermesFuzzTarget } from "../../adapters/hermes/fuzz.js";
import { spirvFuzzTarget } from "../../adapters/spirv/fuzz.js";

/** `shape`: which CFGs. */
export const SHAPES = ["reducible", "irreducible", "any"] as const;
export type Shape = (typeof SHAPES)[number];
export const DEFAULT_RUNS = 1000;
export const DEFAULT_MAX_BLOCKS = 12;
export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_OUT = "fuzz-findings";
/** The smallest irreducible CFG: B0 -> B1 <-> B2 <- B0. */
export const MIN_IRREDUCIBLE_BLOCKS = 3;

/** Every producer's fuzz target (adapters/PRODUCER/fuzz.ts), in the order `--target all` runs them. */
export const FUZZ_TARGETS: readonly FuzzTarget[] = [llvmFuzzTarget, gccFuzzTarget, spirvFuzzTarget, reactFuzzTarget, hermesFuzzTarget];

/** The `--target` values. */
export const TARGETS: readonly string[] = FUZZ_TARGETS.map((t) => t.name);

/** The fuzz target called `name`. */
export function fuzzTargetNamed(name: string): FuzzTarget | undefined {
  return FUZZ_TARGETS.find((t) => t.name === name);
}

/** Cases per producer run, by default. */
export const DEFAULT_BATCH = 200;
/** Producer runs to shrink one new finding of a producer campaign: what decides how far it goes, whatever the load. */
export const DEFAULT_SHRINK_RUNS = 300;
/** Time to shrink one new finding of a producer campaign at most (ms): a cap for slow producers. */
export const DEFAULT_SHRINK_MS = 60_000;

/** `90s`, `10m`, `1h30m`, or a number of seconds, in milliseconds (undefined: not a duration). */
export function parseDuration(text: string): number | undefined {
  const t = text.trim();
  if (/^\d+(\.\d+)?$/.test(t)) return Math.round(Number(t) * 1000);
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(t);
  if (m === null || t === "") return undefined;
  return ((Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0)) * 60 + Number(m[3] ?? 0)) * 1000;
}

/** `s` as one shell word (POSIX sh). */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
