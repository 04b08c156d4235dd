/**
 * The options of `formal-ssa fuzz` and their defaults, apart from cli/fuzz_pipeline.ts so that
 * registering the command (every run of the CLI) does not load the fuzzer and fast-check.
 */
import { spawnSync } from "node:child_process";

export const SHAPES = ["reducible", "irreducible", "any"] as const;
/** `--target`: what is fuzzed besides our constructions (differential) and `--constructor`. */
export const TARGETS = ["llvm-mem2reg"] as const;
export type Target = (typeof TARGETS)[number];
/** The LLVM optimizer `--target llvm-mem2reg` runs, found on PATH. */
export const OPT = "opt";
export type Shape = (typeof SHAPES)[number];

export const DEFAULT_RUNS = 1000;
export const DEFAULT_MAX_BLOCKS = 12;
export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_OUT = "fuzz-findings";
/** The smallest irreducible CFG: B0 -> B1 <-> B2 <- B0. */
export const MIN_IRREDUCIBLE_BLOCKS = 3;

/** Whether `opt` runs (`--target llvm-mem2reg` needs it on PATH). */
export function hasOpt(): boolean {
  const r = spawnSync(OPT, ["--version"], { encoding: "utf8", timeout: 10_000 });
  return r.error === undefined && r.status === 0;
}

/** `s` as one shell word (POSIX sh). */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
