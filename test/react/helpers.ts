/** Shared by the React Compiler tests: compiling a source with the plugin and capturing its HIR, checking a witness path. */
import { Capture, compileOne, loadCompiler, type CapturedFunction, type CompilerLogger } from "../../api/react_compiler.js";
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
