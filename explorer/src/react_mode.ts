/**
 * The React Compiler in the page: its bundle (react_bundle.ts, assets/react-compiler.js: Babel,
 * the compiler, the library's React validation) is loaded by a script tag the first time the
 * mode is chosen (a classic script: it also loads from file://), then compiles the source in the
 * page's thread. Each function is shown at its first failing stage, else after
 * EliminateRedundantPhi, against its HIR before SSA.
 */
import type { FunctionDoc, FunctionReport } from "../../api/index.js";
import type { ReactReport } from "../../api/react_validator.js";
import type { ProducerFunction } from "./producers.js";
import type { RunSummary } from "./protocol.js";
import type { PairValidator } from "./validator.js";

export interface ReactRun {
  report: ReactReport;
  /** Each function's line of the text report (`formal-ssa react --functions`). */
  lines: string[];
  /** Each validated function's documents, in the order the compiler compiled them. */
  documents: { name: string; original: FunctionDoc; ssa: FunctionDoc; eliminated: FunctionDoc; lines?: Record<string, [number, number]> }[];
}

export interface ReactBundle {
  /** `plantBug`: validate with the planted bug of mutants.ts (`plantSwappedPhi`), the mode's rejected example. */
  validate(name: string, code: string, eachPass: boolean, plantBug?: boolean): ReactRun;
}

/** Where the bundle is, beside the page's own script. */
export const REACT_BUNDLE = "assets/react-compiler.js";
/** The stages a function is shown at, in the compiler's order. */
const STAGES = ["SSA", "EliminateRedundantPhi"] as const;

let loading: Promise<ReactBundle> | undefined;

function loadBundle(): Promise<ReactBundle> {
  const g = globalThis as { formalSsaReact?: ReactBundle };
  if (g.formalSsaReact !== undefined) return Promise.resolve(g.formalSsaReact);
  loading ??= new Promise<ReactBundle>((resolve, reject) => {
    const s = document.createElement("script");
    s.src = REACT_BUNDLE;
    s.onload = () => (g.formalSsaReact !== undefined ? resolve(g.formalSsaReact) : reject(new Error(`${REACT_BUNDLE} loaded but did not start`)));
    s.onerror = () => {
      loading = undefined;
      reject(new Error(`could not load ${REACT_BUNDLE}: the React Compiler mode needs the built page (npm run build:explorer)`));
    };
    document.head.appendChild(s);
  });
  return loading;
}

/** `eachPass`: whether to check every later pass too; `plantBug`: whether to plant mutants.ts's bug; both asked at each validation. */
export function reactValidator(eachPass: () => boolean, plantBug: () => boolean): PairValidator {
  let run: ReactRun | undefined;
  return {
    where: "page",
    async validate(_producer, source) {
      const bundle = await loadBundle();
      run = bundle.validate("input.js", source, eachPass(), plantBug());
      const { functions: _, ...report } = run.report;
      return { report: report as unknown as RunSummary["report"], functions: run.report.functions.map((f, i) => ({ name: f.name, verdict: f.verdict, line: run!.lines[i], stages: Object.keys(f.stages ?? {}) })) };
    },
    async fn(index): Promise<ProducerFunction> {
      const r = run!;
      const f = r.report.functions[index];
      // the k-th function of a name has the k-th documents of that name
      const k = r.report.functions.slice(0, index).filter((g) => g.name === f.name).length;
      const docs = r.documents.filter((d) => d.name === f.name)[k];
      if (f.stages === undefined || docs === undefined) throw new Error(`${f.name}: not validated: ${f.reason ?? "no stages"}`);
      const stage = STAGES.find((s) => f.stages![s]?.verdict === "rejected") ?? "EliminateRedundantPhi";
      const report: FunctionReport = { ...f.stages[stage]!, name: `${f.name} (${stage})` };
      return { report, line: r.lines[index], original: docs.original, ssa: stage === "SSA" ? docs.ssa : docs.eliminated, ...(docs.lines !== undefined ? { lines: docs.lines } : {}) };
    },
  };
}
