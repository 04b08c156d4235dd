/**
 * How a producer of SSA is fuzzed (`formal-ssa fuzz --target T`): random programs from the
 * shared arbitraries (fuzz/arbitraries: structured While programs, and CFGs of any shape for
 * producers whose input language has `goto` or is an IR), printed in the producer's own input
 * language, many to a batch (one C file, one SPIR-V module, one `.ll` module, one Babel call),
 * run through the producer, read back through the adapter and validated exactly as `validate`
 * does. A producer gets a target by adding a printer and a runner to its adapter folder:
 *
 * - the printer (`print`) writes a batch of cases as the files the producer reads, one function
 *   per case, and says which function of the adapter's report is which case;
 * - the runner is either process steps (`ProcessRunner`: argv lists over the batch's files, run
 *   in a temporary directory by api/node, their outputs the before and after forms the adapter
 *   reads) or in-process (`InProcessRunner`: the library runs the producer itself, as for the
 *   React Compiler through Babel).
 *
 * Adapters stay pure: nothing here touches a file or a process. The printers read the shared
 * arbitraries' program types only (type imports of fuzz/, never its code).
 */
import type { FuzzCase } from "../fuzz/arbitraries/cases.js";

/**
 * One random case (fuzz/arbitraries/cases.ts). `program`: a structured While program with its
 * CFG, which every target prints (a structured language from the program, an IR or C with
 * `goto` from the CFG); `cfg`: an original CFG of any shape alone, irreducible ones included,
 * for targets whose language has `goto` or is an IR (`FuzzTarget.shapes === "any"`). The CFG's
 * entry starts with a statement defining every variable: the printer initialises there the
 * variables not in `uninitialised`.
 * `uninitialised`: the variables the printed function does not initialise at its start (C:
 * `int x;`, GLSL: `int x;`, JavaScript: `let x;`), so that some reads see uninitialised content
 * on some path; the others start from the function's parameters. `style`: a number the printer
 * turns into choices of the language's features that do not change the control flow (a vector
 * component or struct member for a variable, a destructuring assignment, a labelled loop, a
 * condition the compiler can fold...), through `styleChoices`; 0, towards which fast-check
 * shrinks, is the plainest printing.
 */
export type { FuzzCase };

/** A batch of cases as the producer's input files. */
export interface PrintedBatch {
  /** File name (no directories) -> content: what the runner's steps read. */
  files: Record<string, string>;
  /** The name the adapter's report gives case k's function (`@f3`, `f3`), for k in case order. */
  functionNames: string[];
  /**
   * Where the producer decides which function holds a case and the printer can only predict it
   * (the SPIR-V inliner copies a case into its wrapper, or leaves it in its own function, which
   * is then removed): the other function, judged when `functionNames[k]` is missing from the pair.
   */
  fallbackNames?: (string | undefined)[];
}

/**
 * One process of a runner: `argv` (program first), where `{dir}` is the run's directory and
 * `{name}` a file name of the batch; stdin from a file of the directory, stdout into one, and
 * stderr into one where the producer writes its output there (hermesc's dumps).
 */
export interface ProcessStep {
  argv: string[];
  stdin?: string;
  stdout?: string;
  stderr?: string;
}

/** A producer run as processes over the printed files. */
export interface ProcessRunner {
  kind: "process";
  /** Programs that must be on PATH (checked once, before the first batch). */
  tools(variant: string): string[];
  /** The producer's run on a batch printed as `files`: its steps in order. */
  steps(variant: string, files: readonly string[]): ProcessStep[];
  /**
   * Steps that make the forms readable for people (the SPIR-V target's disassembly of its
   * binaries), after `steps`: run only when a run's files are kept (a finding's folder), never
   * for judging a batch, which reads the forms themselves.
   */
  views?(variant: string): ProcessStep[];
  /** The before and after forms the steps leave in the directory (a file name, or a pattern for a name the producer chooses, such as a GCC dump). */
  before: string | RegExp;
  after: string | RegExp;
  /**
   * The producer's own validator of its output, where it has one (`spirv-val`): a step whose
   * failure on the after form is a finding of its own kind.
   */
  validator?(variant: string, after: string): ProcessStep;
  /** `PROGRAM --version`-like argv whose first output line names the producer's version. */
  version(variant: string): string[];
  /** The line of that output that names the version, where it is not the first (hermesc's). */
  versionLine?: RegExp;
  /**
   * Where the producer's run takes time in proportion to the batch even when nothing hangs
   * (hermesc printing every pass's IR of every function): each run may take `--timeout` plus
   * this many milliseconds per case of the batch before it is a timeout.
   */
  timePerCaseMs?(variant: string): number;
  /**
   * A second oracle on the same script: another configuration of the producer (Hermes: the other
   * SSA builder), run by `step` into `output` and validated as the first. Both must certify every
   * case: a case the first certifies and the second rejects is a finding whose stage is
   * `label`. The phis each places on the cases' functions are counted against the minimum
   * (`PhiTally`), under `ownLabel` and `label`.
   */
  secondOracle?(variant: string): { ownLabel: string; label: string; step: ProcessStep; output: string } | undefined;
}

/** A producer the library runs in its own process (the React Compiler through Babel). */
export interface InProcessRunner {
  kind: "in-process";
}

export interface FuzzTarget {
  /** `--target` value: `llvm-mem2reg`, `gcc`, `spirv`, `react-compiler`. */
  readonly name: string;
  /** The adapter's registry key (`llvm`), whose `pairs` reads the producer's before and after forms. */
  readonly adapter: string;
  /** What cases it takes: structured programs only, or CFGs of any shape as well. */
  readonly shapes: "structured" | "any";
  /**
   * The producer's configurations a campaign cycles through (LLVM: `14`, `15`, `16`; GCC:
   * `O0`, `O2`; SPIR-V: `alone`, `inlined`); the first is the default.
   */
  readonly variants: readonly string[];
  /** What `--target` help and reports call it. */
  readonly description: string;
  /** The batch's cases as the producer's input files. */
  print(cases: readonly FuzzCase[], variant: string): PrintedBatch;
  readonly runner: ProcessRunner | InProcessRunner;
  /** The file a finding's shrunk case is written to (`case.c`, `case.comp`, `case.js`, `before.ll`). */
  readonly caseFile: string;
  /**
   * For an in-process producer: the shell commands that run it on a batch's files without
   * formal-ssa (a finding's README); a process runner's steps are those commands already.
   */
  reproduce?(variant: string, files: readonly string[]): string[];
  /** The producer's version as the adapter should take it (`SourceInput.version`: LLVM's `--llvm-version`), where the input does not say. */
  inputVersion?(variant: string): string | undefined;
}

/**
 * The choices of a case's `style`, one at a time: a small deterministic generator (xorshift32)
 * seeded by the style, so that one style always prints the same program. Style 0 answers 0 to
 * every question: the plainest printing.
 */
export function styleChoices(style: number): (n: number) => number {
  let s = style >>> 0;
  return (n: number) => {
    if (style === 0 || n <= 1) return 0;
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % n;
  };
}
