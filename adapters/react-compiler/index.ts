/**
 * The React Compiler adapter (babel-plugin-react-compiler): its HIR before `enterSSA` (Braun et
 * al. with sealing and incomplete phis), after it, and after `EliminateRedundantPhi`, captured
 * from the compiler's logger (capture.ts) and paired function by function (pair.ts), behind the
 * shared interface of adapters/adapter.ts. It imports neither the compiler nor Babel: the
 * library entry `formal-ssa/react-compiler` (api/react_compiler.ts) runs them.
 *
 * `--undef strict` is its default: enterSSA answers a read that no definition reaches with the
 * variable's identifier from before SSA, one fixed value, so nothing is refined.
 */
import type { CompilerAdapter, FunctionPair, StagedFunction } from "../adapter.js";
import type { CapturedFunction } from "./capture.js";
import { pairsOf } from "./pair.js";

export { Capture, decodeCaptured, LAST_PASS_BEFORE_SSA, type CapturedFunction, type PipelineValue } from "./capture.js";
export { decodeUnit, encodeUnit, snapshot, type EncodedUnit, type HirFunction, type SnapUnit, type SnapFunction } from "./hir.js";
export { SAME_INSTRUCTIONS } from "./pair.js";

/** The stages validated: the pass names of the compiler's pipeline. */
export const STAGES = ["SSA", "EliminateRedundantPhi"] as const;

function functionsOf(c: CapturedFunction): StagedFunction[] {
  if (c.missing !== undefined) return [{ name: c.name, file: c.file, line: c.line, unmappable: c.missing }];
  return pairsOf(c.before, [c.ssa, c.eliminated]).map((results, i) => {
    const line = c.before.functions[i].line;
    const stages: Array<{ stage: string; pair: FunctionPair }> = [];
    for (const [k, r] of results.entries()) {
      if (r.kind === "unmappable") return { name: r.name, file: c.file, line, unmappable: r.reason };
      stages.push({ stage: STAGES[k], pair: r.pair });
    }
    return { name: stages[0].pair.name, file: c.file, line, stages };
  });
}

export const reactCompilerAdapter: CompilerAdapter<CapturedFunction> = {
  name: "react-compiler",
  producer: "enterSSA",
  form: "React Compiler HIR",
  inputs: "JavaScript or TypeScript files, compiled by babel-plugin-react-compiler",
  defaultUndef: "strict",
  stages: STAGES,
  functions: functionsOf,
};
