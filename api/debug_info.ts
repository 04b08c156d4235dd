/**
 * The debugger's view in reports: `debug_correct` (checks/debug_info.ts) on a pair whose SSA
 * document carries debug records, as a property with witnesses in the user's terms, and the
 * coverage figures (like llvm-locstats) per function and per module (docs/debug-info.md).
 */
import { debug_correct, type DebugWitness } from "../checks/debug_info.js";
import type { SsaIndex } from "../checks/context.js";
import { lowerDebug } from "../io/debug.js";
import type { DebugDoc } from "../io/format.js";
import type { Layout, LoweredPair } from "../io/lower.js";
import type { Node, Var } from "../spec/ids.js";
import { blockPath, place, type DebugInfoReport, type Namer, type PlaceReport, type PropertyReport, type WitnessReport } from "./report.js";

export const DEBUG_CORRECT = "debug_correct";

/** `--debug-info`: decide the debug records where the input has them (default), or not. */
export type DebugInfoMode = "on" | "off";

/**
 * The point at the end of node `n`: its block and the last statement whose uses or definitions
 * it holds (none: the block's phi node, or a defs/uses block).
 */
function pointOf(nm: Namer, layout: Layout, n: number): PlaceReport {
  const b = nm.places.nodeBlock[n];
  const first = layout.blockFirstStmt[b];
  let last = -1;
  for (let s = first; s < layout.blockFirstStmt[b + 1]; s++) if (layout.stmtDefNode[s] === n || layout.stmtUseNode[s] === n) last = s - first;
  return last < 0 ? { block: nm.places.blockNames[b] } : { block: nm.places.blockNames[b], stmt: last };
}

function pointText(p: PlaceReport): string {
  return p.stmt === undefined ? `block ${p.block}` : `block ${p.block}, after statement ${p.stmt}`;
}

function witnessReport(nm: Namer, layout: Layout, w: DebugWitness): WitnessReport {
  const at = pointOf(nm, layout, w.point);
  const x = nm.varName(w.var);
  const shown = nm.valName(w.shown);
  const held = w.held === null ? undefined : nm.valName(w.held);
  const original = w.orig === null ? null : place(nm, w.orig, w.held === null ? undefined : nm.defStmt(w.orig, w.held));
  const ssa = w.ssa === null ? null : place(nm, w.ssa);
  const placeText = (p: PlaceReport) => (p.stmt === undefined ? `block ${p.block}` : `block ${p.block}, statement ${p.stmt}`);
  const holds =
    nm.valVar(w.shown) !== x
      ? `${shown} is a value of ${nm.valVar(w.shown)}, not of ${x}`
      : `${x} holds ${original === null ? "no definition" : `${held ?? "the definition"} (defined at ${placeText(original)})`}, while ${shown} holds ${ssa === null ? "no definition" : `the one at ${placeText(ssa)}`}`;
  const path = blockPath(nm.places, w.path);
  return {
    text: `at ${pointText(at)} the debugger shows ${x} as ${shown}, but ${holds}: on the path ${path.join(" -> ")}`,
    at,
    path,
    variable: x,
    value: shown,
    have: shown,
    ...(held !== undefined ? { want: held } : {}),
    original,
    ssa,
  };
}

/** `debug_correct` of a pair, as a property, with the function's figures. */
export function debugInfoOf(
  pair: Extract<LoweredPair, { ok: true }>,
  debug: DebugDoc,
  nm: Namer,
  uninitialised?: (x: Var, n: Node) => boolean,
  idx?: SsaIndex,
): { property: PropertyReport; report: DebugInfoReport } {
  const low = lowerDebug(pair, debug);
  const v = debug_correct(pair.transformed, { vars: low.vars, records: low.records, uninitialised }, idx);
  const per_variable = v.coverage.map((c) => ({ variable: nm.varName(c.var), points: c.scope, available: c.available, exact: c.exact, not_covered: c.notCovered, wrong: c.wrong }));
  const sum = (k: "points" | "available" | "exact" | "not_covered") => per_variable.reduce((s, c) => s + c[k], 0);
  const report: DebugInfoReport = {
    variables: low.vars.length,
    records: low.recordCount,
    wrong: v.failures,
    points: sum("points"),
    available: sum("available"),
    exact: sum("exact"),
    not_covered: sum("not_covered"),
    per_variable,
  };
  const property: PropertyReport = v.holds ? { holds: true } : { holds: false, failures: v.failures, witness: v.witnesses.map((w) => witnessReport(nm, pair.ssa.layout, w)) };
  return { property, report };
}
