/** Shared by the React Compiler tests: compiling a source with the plugin and capturing its HIR, checking a witness path. */
import { Capture, compileOne, loadCompiler, type CapturedFunction, type CompilerLogger, type PipelineValue } from "../../api/react_compiler.js";
import type { FunctionDoc } from "../../io/format.js";
import type { WitnessReport } from "../../api/report.js";

/** Every function the compiler reaches SSA with, captured at the three points (snapshots: plain data). */
export async function captureFunctions(text: string, name = "input.js"): Promise<CapturedFunction[]> {
  const { babel, plugin } = await loadCompiler();
  const out: CapturedFunction[] = [];
  const capture = new Capture((c) => out.push(c));
  const logger: CompilerLogger = { logEvent() {}, debugLogIRs: capture.debugLogIRs };
  compileOne(babel, plugin, { name, text }, logger);
  return out;
}

/**
 * Why a witness's block path is not a path of the original document (or undefined if it is
 * one): it starts at the entry (`fromEntry`), and each block is a predecessor of the next. The
 * report writes a block again only when the path re-enters it, so a repeated block id is a
 * self-loop, which must be an edge too.
 */
export function pathProblem(doc: FunctionDoc, path: readonly string[], fromEntry = true): string | undefined {
  if (path.length === 0) return "empty path";
  if (fromEntry && path[0] !== doc.entry) return `starts at ${path[0]}, not at the entry ${doc.entry}`;
  if (!doc.blocks.some((b) => b.id === path[0])) return `${path[0]} is not a block`;
  const preds = new Map(doc.blocks.map((b) => [b.id, b.preds]));
  for (let k = 1; k < path.length; k++) {
    const p = preds.get(path[k]);
    if (p === undefined) return `${path[k]} is not a block`;
    if (!p.includes(path[k - 1])) return `${path[k - 1]} -> ${path[k]} is not an edge`;
  }
  return undefined;
}

/** The problems of every block path among the witnesses (empty: all are real paths, from the entry unless `fromEntry` is false). */
export function witnessPathProblems(doc: FunctionDoc, witnesses: readonly WitnessReport[], fromEntry = true): string[] {
  const out: string[] = [];
  for (const w of witnesses) {
    if (w.path === undefined) continue;
    const p = pathProblem(doc, w.path, fromEntry);
    if (p !== undefined) out.push(`${w.text}: ${p}`);
  }
  return out;
}

// --- the live HIR, through a logger ---------------------------------------------------------

/** Two small functions with phis (an if-join; a loop), for builds through a logger. */
export const CHOOSE = `function choose(a) {
  let x = 0;
  if (a) {
    x = 1;
  } else {
    x = 2;
  }
  return x;
}
`;

export const SUM_TO = `function sumTo(n) {
  let s = 0;
  for (let i = 0; i < n; i++) {
    s = s + i;
  }
  return s;
}
`;

/** A logger that swaps the operands of every two-operand phi in the compiler's live HIR at EliminateRedundantPhi, then passes the value on. */
export function swappingLogger(inner: CompilerLogger & { debugLogIRs(v: PipelineValue): void }): CompilerLogger {
  return {
    logEvent: (f, e) => inner.logEvent(f, e),
    debugLogIRs(v) {
      if (v.kind === "hir" && v.name === "EliminateRedundantPhi") {
        const blocks = (v.value as { body: { blocks: Map<number, { phis: Set<{ operands: Map<number, unknown> }> }> } }).body.blocks;
        for (const [, b] of blocks)
          for (const phi of b.phis) {
            const ops = [...phi.operands];
            if (ops.length === 2)
              phi.operands = new Map([
                [ops[0][0], ops[1][1]],
                [ops[1][0], ops[0][1]],
              ]);
          }
      }
      inner.debugLogIRs(v);
    },
  };
}

/** Compiles `text` as live.js with the plugin (`compilationMode: "all"`) and the logger given. */
export async function build(text: string, logger: CompilerLogger): Promise<void> {
  const { babel, plugin } = await loadCompiler();
  babel.transformSync(text, { filename: "live.js", babelrc: false, configFile: false, code: false, plugins: [[plugin, { compilationMode: "all", logger }]] });
}
