/**
 * The fuzz target `hermes` (adapters/fuzz_target.ts): hermesc's SSA builders on random
 * JavaScript. A batch of cases is one script, `case.js`, one top-level `function f<k>(p0, p1)` per
 * case, printed by the printer the React Compiler's target uses (adapters/javascript_printer.ts)
 * with what Hermes takes besides: `try`/`finally` (IRGen copies the finally block onto every way
 * out of the try) and `var` declarations. hermesc compiles the batch once, with the dumps of
 * `formal-ssa hermes` (runs.ts) going to its standard error, `dump.ir`, which the adapter reads as
 * one stream given twice, exactly as `formal-ssa validate dump.ir dump.ir` does. Variants:
 *
 * - `simplemem2reg`: `hermesc -dump-ir -Xcustom-opt=simplestackpromotion,simplemem2reg
 *   -Xdump-between-passes -w case.js` (Hermes V1's builder, alone);
 * - `mem2reg`: the same with V1's legacy builder;
 * - `O`: `hermesc -O -dump-ir -Xdump-between-passes -w case.js`, the real pipeline, where
 *   SimpleMem2Reg runs several times, each run validated on its own input (the functions of the
 *   first run are the cases'; a rejection in a later run, which names no case, is bisected to
 *   the case that causes it).
 *
 * The second oracle: under `simplemem2reg` and `mem2reg`, the same script is compiled again with
 * the other builder (into `other.ir`), and both must certify every case; the phis each placed on
 * the cases' functions are counted against the minimum, which the campaign's summary prints.
 *
 * A crash, an assertion or a hang of hermesc is a finding of its own kind (the engine's), as is
 * a dump the adapter cannot read. hermesc's dumps are slow to print (every pass's IR of every
 * function: about 6 ms per case for the two passes, 60 ms under -O), so a run may take
 * `--timeout` plus 25 ms per case (250 under -O) before it is a hang. The hermesc run is `hermesc`: api/campaign/node resolves it to
 * the installed hermes-compiler package's binary, or to `formal-ssa fuzz --hermesc PATH`.
 */
import type { FuzzCase, FuzzTarget, PrintedBatch } from "../fuzz_target.js";
import { CasePrinter } from "../javascript_printer.js";
import { hermescArgs, type HermesPass } from "./runs.js";

export const HERMES_FUZZ_VARIANTS = ["simplemem2reg", "mem2reg", "O"] as const;

/** The batch's script, and the stream of dumps hermesc writes for it. */
export const HERMES_FUZZ_FILE = "case.js";
export const HERMES_DUMP_FILE = "dump.ir";
/** The other builder's dumps, the second oracle's (under `simplemem2reg` and `mem2reg`). */
export const HERMES_OTHER_DUMP_FILE = "other.ir";

/** The builders as hermesc's passes name them. */
const BUILDER: Record<string, string> = { simplemem2reg: "SimpleMem2Reg", mem2reg: "Mem2Reg" };

/** The program the steps name, which the node side resolves to a binary. */
export const HERMESC = "hermesc";

/** Case k's function: its name in the dumps (`f3`), and in the first run's report under `O`. */
export const hermesCaseFunction = (k: number, variant: string): string => (variant === "O" ? `f${k} (SimpleMem2Reg #1)` : `f${k}`);

/** The batch's script: one function per case, in case order. */
export function printHermesBatch(cases: readonly FuzzCase[], variant: string): PrintedBatch {
  const out: string[] = [`// formal-ssa fuzz --target hermes: ${cases.length} random programs, compiled by hermesc (${variant})`];
  const functionNames: string[] = [];
  cases.forEach((c, k) => {
    if (c.kind !== "program") throw new Error(`hermes prints structured programs only (case ${k} is a ${c.kind})`);
    out.push(...new CasePrinter(c, `f${k}`, { finally: true, varDeclarations: true }).print());
    functionNames.push(hermesCaseFunction(k, variant));
  });
  return { files: { [HERMES_FUZZ_FILE]: `${out.join("\n")}\n` }, functionNames };
}

/** hermesc's arguments for a variant (V1's syntax: the fuzz target runs Hermes V1). */
export function hermesFuzzArgs(variant: string): string[] {
  if (variant === "O") return hermescArgs("v1", "simplemem2reg", "O");
  if (variant === "simplemem2reg" || variant === "mem2reg") return hermescArgs("v1", variant as HermesPass, "custom");
  throw new Error(`hermes: no variant ${variant} (${HERMES_FUZZ_VARIANTS.join(", ")})`);
}

export const hermesFuzzTarget: FuzzTarget = {
  name: "hermes",
  adapter: "hermes",
  shapes: "structured",
  variants: HERMES_FUZZ_VARIANTS,
  description:
    "Hermes V1's SSA builders (hermesc, the hermes-compiler package or --hermesc PATH): each case a JavaScript function, a batch one script compiled once with its IR dumps; SimpleMem2Reg, the legacy Mem2Reg, or every SimpleMem2Reg run of the -O pipeline",
  print: printHermesBatch,
  caseFile: HERMES_FUZZ_FILE,
  runner: {
    kind: "process",
    tools: () => [HERMESC],
    steps: (variant) => [{ argv: [HERMESC, ...hermesFuzzArgs(variant), `{dir}/${HERMES_FUZZ_FILE}`], stderr: HERMES_DUMP_FILE }],
    before: HERMES_DUMP_FILE,
    after: HERMES_DUMP_FILE,
    version: () => [HERMESC, "-version"],
    versionLine: /Hermes release version/,
    // hermesc prints the IR of every function after every pass, slowly: on the project's 2-core
    // machine a batch of 200 cases took 1.1 s (the two passes) and 12 s (-O, 46 MB of dumps) with
    // nothing else running; four times that per case is allowed beyond --timeout
    timePerCaseMs: (variant) => (variant === "O" ? 250 : 25),
    secondOracle: (variant) => {
      if (variant !== "simplemem2reg" && variant !== "mem2reg") return undefined;
      const other = variant === "simplemem2reg" ? "mem2reg" : "simplemem2reg";
      return {
        ownLabel: BUILDER[variant],
        label: BUILDER[other],
        step: { argv: [HERMESC, ...hermesFuzzArgs(other), `{dir}/${HERMES_FUZZ_FILE}`], stderr: HERMES_OTHER_DUMP_FILE },
        output: HERMES_OTHER_DUMP_FILE,
      };
    },
  },
};
