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
import type { CompilerAdapter, FunctionPair, PassForm, StagedFunction } from "../adapter.js";
import type { CapturedFunction } from "./capture.js";
import type { SnapUnit } from "./hir.js";
import { pairsOf } from "./pair.js";
import { passForms, type PassForms } from "./pass_ssa.js";

export { Capture, decodeCaptured, LAST_PASS_BEFORE_SSA, type CapturedFunction, type PipelineValue } from "./capture.js";
export { decodeUnit, encodeUnit, functionPlace, snapshot, type EncodedUnit, type HirFunction, type SnapUnit, type SnapFunction } from "./hir.js";
export { SAME_INSTRUCTIONS } from "./pair.js";
export { CONSISTENT_EDGES, freeIdentifiers, passForms, type PassForms } from "./pass_ssa.js";

/** The stages validated: the pass names of the compiler's pipeline. */
export const STAGES = ["SSA", "EliminateRedundantPhi"] as const;

/**
 * The later passes' forms of every function of a unit, by function name, each pass under its
 * own name (a name the pipeline logs twice gets its position: `PruneMaybeThrows (2)`).
 */
function laterPasses(eliminated: SnapUnit, passes: ReadonlyArray<{ name: string; unit: SnapUnit }>): Map<string, PassForm[]> {
  const out = new Map<string, PassForm[]>();
  const seen = new Map<string, number>();
  let previous: { unit: SnapUnit; forms: PassForms } | undefined;
  for (const p of passes) {
    const times = (seen.get(p.name) ?? 0) + 1;
    seen.set(p.name, times);
    const pass = times === 1 ? p.name : `${p.name} (${times})`;
    const forms = passForms(eliminated, p.unit, previous);
    previous = { unit: p.unit, forms };
    for (const [name, r] of forms) {
      let list = out.get(name);
      if (list === undefined) out.set(name, (list = []));
      list.push("form" in r ? { pass, form: r.form } : { pass, unmappable: r.unmappable });
    }
  }
  return out;
}

function functionsOf(c: CapturedFunction): StagedFunction[] {
  if (c.missing !== undefined) return [{ name: c.name, file: c.file, line: c.line, unmappable: c.missing }];
  const later = c.passes !== undefined ? laterPasses(c.eliminated, c.passes) : undefined;
  return pairsOf(c.before, [c.ssa, c.eliminated]).map((results, i) => {
    const line = c.before.functions[i].line;
    const stages: Array<{ stage: string; pair: FunctionPair }> = [];
    for (const [k, r] of results.entries()) {
      if (r.kind === "unmappable") return { name: r.name, file: c.file, line, unmappable: r.reason };
      stages.push({ stage: STAGES[k], pair: r.pair });
    }
    const name = stages[0].pair.name;
    return { name, file: c.file, line, stages, ...(later !== undefined ? { passes: later.get(name) ?? [] } : {}) };
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
