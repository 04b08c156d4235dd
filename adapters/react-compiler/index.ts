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
import type { CompilerAdapter, StagedFunction } from "../adapter.js";
import type { CapturedFunction } from "./capture.js";
import { pairsOf } from "./pair.js";

export { Capture, LAST_PASS_BEFORE_SSA, type CapturedFunction, type PipelineValue } from "./capture.js";
export { snapshot, type HirFunction, type SnapUnit, type SnapFunction } from "./hir.js";
export { SAME_INSTRUCTIONS } from "./pair.js";

/** The stages validated: the pass names of the compiler's pipeline. */
export const STAGES = ["SSA", "EliminateRedundantPhi"] as const;

function functionsOf(c: CapturedFunction): StagedFunction[] {
  if (c.missing !== undefined) return [{ name: c.name, file: c.file, line: c.line, unmappable: c.missing }];
  const built = pairsOf(c.before, c.ssa);
  const eliminated = pairsOf(c.before, c.eliminated);
  return built.map((r, i) => {
    const e = eliminated[i];
    if (r.kind === "unmappable") return { name: r.name, file: c.file, line: r.line, unmappable: r.reason };
    if (e.kind === "unmappable") return { name: e.name, file: c.file, line: e.line, unmappable: e.reason };
    return {
      name: r.pair.name,
      file: c.file,
      line: c.before.functions[i].line,
      stages: [
        { stage: STAGES[0], pair: r.pair },
        { stage: STAGES[1], pair: e.pair },
      ],
    };
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
