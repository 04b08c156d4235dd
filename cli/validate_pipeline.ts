/**
 * Validation as stages: read both files, pair and lower their functions, check, report.
 */
import { certified, checkCfg, checkSsa, checkTransformed, QUALITY, refinementCount, Verdict } from "../checks/index.js";
import type { FunctionDoc } from "../io/format.js";
import { lowerCfg, lowerPairs, lowerSsa, LoweredCfg, LoweredSsa } from "../io/lower.js";
import { functionName } from "../io/read.js";
import type { Node, Var } from "../spec/ids.js";
import type { Places } from "../spec/places.js";
import { FunctionReport, Namer, propertiesJson, Report, REPORT_FORMAT, verdictLines } from "./report.js";

export interface FunctionResult {
  name: string;
  certified: boolean;
  verdicts: Verdict[];
  namer: Namer;
  stats: Record<string, number>;
  /** Set when the two documents do not lower to one graph (property `same_graph`). */
  mismatch?: string;
}

function rowStmt(rows: { start: Int32Array; list: Int32Array }, stmts: Int32Array, n: number, val: number): number | undefined {
  for (let k = rows.start[n]; k < rows.start[n + 1]; k++) if (rows.list[k] === val) return stmts[k] >= 0 ? stmts[k] : undefined;
  return undefined;
}

export function ssaNamer(low: LoweredSsa): Namer {
  return {
    places: low.places,
    valName: (v) => low.valNames[v] ?? `#${v}`,
    varName: (x) => low.varNames[x] ?? `#${x}`,
    valVar: (v) => low.varNames[low.varOf[v]] ?? `#${v}`,
    useStmt: (n, v) => rowStmt(low.ssa.useRows, low.places.useStmt, n, v),
    defStmt: (n, v) => rowStmt(low.ssa.defRows, low.places.defStmt, n, v),
  };
}

export function cfgNamer(low: LoweredCfg): Namer {
  return {
    places: low.places,
    valName: (v) => low.varNames[v] ?? `#${v}`,
    varName: (x) => low.varNames[x] ?? `#${x}`,
    valVar: (v) => low.varNames[v] ?? `#${v}`,
    useStmt: (n, v) => rowStmt(low.cfg.useRows, low.places.useStmt, n, v),
    defStmt: (n, v) => rowStmt(low.cfg.defRows, low.places.defStmt, n, v),
  };
}

function blockCount(p: Places): number {
  return p.blockNames.length;
}

/** `validate`: every function of the original against its SSA translation. */
export function validateDocs(
  orig: FunctionDoc[],
  ssa: FunctionDoc[],
  file: string,
  ssaFile: string,
  require: readonly string[],
  opts: { necessaryPaths?: boolean; undef?: "strict" | "refine" } = {},
): FunctionResult[] {
  return lowerPairs(orig, ssa, file, ssaFile).map((pair): FunctionResult => {
    const t0 = performance.now();
    if (!pair.ok) {
      const namer = cfgNamer(pair.orig);
      const v: Verdict = { property: "same_graph", holds: false, failures: 1, witnesses: [] };
      return { name: pair.orig.name, certified: false, verdicts: [v], namer, stats: { blocks: blockCount(pair.orig.places) }, mismatch: pair.mismatch };
    }
    const wildcard = opts.undef === "refine" ? entryWildcard(pair.orig) : undefined;
    const checked = checkTransformed(pair.transformed, { necessaryPaths: opts.necessaryPaths, wildcard });
    const verdicts = [{ property: "same_graph", holds: true, failures: 0, witnesses: [] }, ...checked];
    const ms = performance.now() - t0;
    const s = pair.transformed.ssa;
    const stats: Record<string, number> = { blocks: blockCount(pair.ssa.places), nodes: s.nodeCount, phis: s.phiCount, values: s.valCount, milliseconds: round(ms) };
    if (wildcard !== undefined) stats.refinements = refinementCount(checked);
    return {
      name: pair.orig.name,
      certified: certified(verdicts, require),
      verdicts,
      namer: ssaNamer(pair.ssa),
      stats,
    };
  });
}

/**
 * `--undef refine` on exchange-format input: the definitions of the entry block's first
 * statement (or of a defs/uses entry block) are uninitialised content, the convention of the
 * AFP While instance and of `fuzz --constructor` (the entry's first statement defines every
 * variable). LLVM input has its own wildcards, the allocas (cli/llvm_pipeline.ts).
 */
function entryWildcard(low: LoweredCfg): (x: Var, n: Node) => boolean {
  const b = low.blockIndex.get(low.doc.entry)!;
  const first = low.layout.blockFirstStmt[b];
  const hasStmts = low.blocks[b].stmts !== undefined && low.blocks[b].stmts!.length > 0;
  const node = hasStmts ? low.layout.stmtDefNode[first] : low.layout.blockFirstNode[b];
  return (_x, n) => n === node;
}

/** `check`: what needs no original: CFG_wf for an original CFG, CFG_SSA_wf and quality for an SSA CFG. */
export function checkDocs(docs: FunctionDoc[], file: string, require: readonly string[]): FunctionResult[] {
  return docs.map((doc, i): FunctionResult => {
    const name = functionName(doc, i);
    const t0 = performance.now();
    if (doc.kind === "cfg") {
      const low = lowerCfg(doc, file, name);
      const verdicts = checkCfg(low.cfg);
      return { name, certified: certified(verdicts, require), verdicts, namer: cfgNamer(low), stats: { blocks: blockCount(low.places), nodes: low.cfg.nodeCount, milliseconds: round(performance.now() - t0) } };
    }
    const low = lowerSsa(doc, file, name);
    const verdicts = checkSsa(low.ssa);
    const s = low.ssa;
    return {
      name,
      certified: certified(verdicts, require),
      verdicts,
      namer: ssaNamer(low),
      stats: { blocks: blockCount(low.places), nodes: s.nodeCount, phis: s.phiCount, values: s.valCount, milliseconds: round(performance.now() - t0) },
    };
  });
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

export function reportJson(results: readonly FunctionResult[]): Report {
  const functions: FunctionReport[] = results.map((r) => {
    const properties = propertiesJson(r.namer, r.verdicts);
    const mismatch = r.mismatch;
    if (mismatch !== undefined) properties.same_graph = { holds: false, failures: 1, witness: [{ mismatch }] };
    return { name: r.name, verdict: r.certified ? "certified" : "rejected", properties, stats: r.stats };
  });
  return { format: REPORT_FORMAT, verdict: results.every((r) => r.certified) ? "certified" : "rejected", functions };
}

export function reportText(results: readonly FunctionResult[], require: readonly string[] = []): string {
  // a required quality property fails like a validity one; the others just say "no"
  const quality = new Set<string>(QUALITY.filter((q) => !require.includes(q)));
  const out: string[] = [];
  for (const r of results) {
    const st = r.stats;
    const size = st.nodes !== undefined ? ` (${st.blocks} blocks, ${st.nodes} nodes${st.phis !== undefined ? `, ${st.phis} phi${st.phis === 1 ? "" : "s"}, ${st.values} values` : ""}, ${st.milliseconds} ms)` : "";
    out.push(`function ${r.name}: ${r.certified ? "certified" : "rejected"}${size}`);
    const mismatch = r.mismatch;
    if (mismatch !== undefined) out.push(`  FAILS  same_graph: ${mismatch}`);
    else out.push(...verdictLines(r.namer, r.verdicts, quality));
  }
  const ok = results.filter((r) => r.certified).length;
  out.push(`${ok === results.length ? "certified" : "rejected"}: ${ok} of ${results.length} function${results.length === 1 ? "" : "s"} certified`);
  return out.join("\n") + "\n";
}
