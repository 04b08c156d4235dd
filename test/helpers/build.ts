/**
 * A tiny CFG-building helper for hand-made tests: nodes are numbers, variables and SSA values
 * are names, so a test reads like the paper's figures.
 */
import { Graph, Rows, SsaCfg, Cfg, Transformed } from "../../spec/model.js";
import type { Val, Var } from "../../spec/ids.js";

export interface CfgSpec {
  /** predecessors of node i, in phi-argument order; node 0 is Entry unless `entry` says otherwise */
  preds: number[][];
  entry?: number;
  defs?: Record<number, string[]>;
  uses?: Record<number, string[]>;
}

export interface SsaSpec {
  defs?: Record<number, string[]>;
  uses?: Record<number, string[]>;
  /** node -> [defined value, args] */
  phis?: Record<number, [string, string[]][]>;
  /** value -> variable; by default the part of the name before the first dot */
  vars?: Record<string, string>;
}

export interface Built {
  graph: Graph;
  old: Cfg;
  ssa?: SsaCfg;
  t?: Transformed;
  varId: (name: string) => Var;
  valId: (name: string) => Val;
  valName: (v: number) => string;
}

function rows(count: number, rec: Record<number, string[]> | undefined, id: (s: string) => number): Rows<never> {
  const out: number[][] = [];
  for (let n = 0; n < count; n++) out.push((rec?.[n] ?? []).map(id));
  return Rows.from(out);
}

export function cfg(spec: CfgSpec): Built {
  const graph = Graph.fromLists(spec.entry ?? 0, spec.preds);
  const varNames: string[] = [];
  const varId = (name: string): Var => {
    let i = varNames.indexOf(name);
    if (i < 0) i = varNames.push(name) - 1;
    return i as Var;
  };
  const defs = rows(graph.nodeCount, spec.defs, varId);
  const uses = rows(graph.nodeCount, spec.uses, varId);
  const old = new Cfg(graph, varNames.length, defs, uses);
  return {
    graph,
    old,
    varId,
    valId: () => {
      throw new Error("no SSA");
    },
    valName: String,
  };
}

/** An SSA CFG on the graph of `base`, with `var` taken from `vars` or the name's prefix. */
export function ssa(base: Built, spec: SsaSpec): Built {
  const valNames: string[] = [];
  const valId = (name: string): Val => {
    let i = valNames.indexOf(name);
    if (i < 0) i = valNames.push(name) - 1;
    return i as Val;
  };
  const n = base.graph.nodeCount;
  const defs = rows(n, spec.defs, valId);
  const uses = rows(n, spec.uses, valId);
  const phiStart = new Int32Array(n + 1);
  const phiDef: number[] = [];
  const args: number[][] = [];
  for (let m = 0; m < n; m++) {
    for (const [d, as] of spec.phis?.[m] ?? []) {
      phiDef.push(valId(d));
      args.push(as.map(valId));
    }
    phiStart[m + 1] = phiDef.length;
  }
  const s = new SsaCfg(base.graph, valNames.length, defs, uses, phiStart, Int32Array.from(phiDef), Rows.from(args));
  const varOf = new Int32Array(valNames.length);
  valNames.forEach((v, i) => {
    varOf[i] = base.varId(spec.vars?.[v] ?? v.split(".")[0]);
  });
  // variables first seen here enlarge the old CFG's variable space; rebuild it to keep varCount honest
  const old = new Cfg(base.graph, Math.max(base.old.varCount, ...Array.from(varOf, (x) => x + 1)), base.old.defRows, base.old.useRows);
  return { ...base, old, ssa: s, t: new Transformed(old, s, varOf), valId, valName: (v) => valNames[v] };
}
