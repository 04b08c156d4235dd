/**
 * The fuzz target `react-compiler` (adapters/fuzz_target.ts): a batch of cases as ONE JavaScript
 * module, one top-level `function f<k>(p0, p1)` per case, which the library compiles in one Babel
 * call with babel-plugin-react-compiler (`compilationMode: "all"`, as `validateSources` does;
 * api/campaign/react.ts runs it in this process). The validator names a top-level function by its id,
 * so case k's function is `f<k>`, and the functions nested in it `f<k> > ...`.
 *
 * Each case prints as adapters/javascript_printer.ts prints it (shared with the Hermes target),
 * without its options: `finally` and `for (;;)` are not printed, since the compiler gives up on
 * both (a `Todo` bailout), and a function it gives up on before SSA tests nothing.
 */
import type { FuzzCase, FuzzTarget, PrintedBatch } from "../fuzz_target.js";
import { CasePrinter } from "../javascript_printer.js";

/** The case's function's name: what the validator reports for it (its id). */
export const reactCaseFunction = (k: number): string => `f${k}`;

/** The batch's module: one function per case, in case order. */
export function printReactBatch(cases: readonly FuzzCase[]): PrintedBatch {
  const out: string[] = [`// formal-ssa fuzz --target react-compiler: ${cases.length} random programs, compiled by babel-plugin-react-compiler (compilationMode "all")`];
  const functionNames: string[] = [];
  cases.forEach((c, k) => {
    if (c.kind !== "program") throw new Error(`react-compiler prints structured programs only (case ${k} is a ${c.kind})`);
    const name = reactCaseFunction(k);
    out.push(...new CasePrinter(c, name).print());
    functionNames.push(name);
  });
  return { files: { "case.js": `${out.join("\n")}\n` }, functionNames };
}

export const reactFuzzTarget: FuzzTarget = {
  name: "react-compiler",
  adapter: "react-compiler",
  shapes: "structured",
  variants: ["default"],
  description: 'the React Compiler (babel-plugin-react-compiler): each case a JavaScript function, a batch one module compiled in one Babel call (compilationMode "all"); enterSSA and EliminateRedundantPhi validated against the HIR before SSA, and the HIR after every later pass in SSA checked for CFG_SSA_wf',
  print: (cases) => printReactBatch(cases),
  caseFile: "case.js",
  runner: { kind: "in-process" },
  // the compiler's own errors (invariants) show without formal-ssa; an SSA rejection needs the
  // validator, or the compiler's debugLogIRs, to be seen
  reproduce: () => [
    `node -e 'require("@babel/core").transformFileSync("case.js", { babelrc: false, configFile: false, plugins: [["babel-plugin-react-compiler", { compilationMode: "all", panicThreshold: "all_errors" }]] })'`,
    "formal-ssa react case.js --each-pass --functions",
  ],
};
