/**
 * SSA values of the constructions, identified as in the AFP theory Construct_SSA:
 * `type_synonym ('node, 'var) ssaVal = "'var * 'node * Def"`, `datatype Def = SimpleDef | PhiDef`,
 * ordered lexicographically with `SimpleDef < PhiDef`.
 *
 * A construction numbers its values densely in exactly that order, so that comparing two value
 * ids compares the Isabelle values, and two constructions of the same CFG that agree on the set
 * of values produce identical arrays.
 */
import type { Node, Val, Var } from "../spec/ids.js";
import { Graph, Rows, SsaCfg, Transformed, Cfg } from "../spec/model.js";

/** `datatype Def = SimpleDef | PhiDef`, with `SimpleDef < PhiDef`.
 *
 * @isabelle CFG_Construct.Def
 */
export const enum Def {
  SimpleDef = 0,
  PhiDef = 1,
}

/** The table of a construction's values, sorted by `(var, node, Def)`. */
export class ValTable {
  constructor(
    /** `(var * nodeCount + node) * 2 + def` per value, ascending. */
    readonly keys: Float64Array,
    readonly nodeCount: number,
  ) {}

  static fromKeys(keys: Iterable<number>, nodeCount: number): ValTable {
    return ValTable.fromOwnKeys(Float64Array.from(keys), nodeCount);
  }

  /** `fromKeys` on an array the caller gives up: sorted in place, with no copy of it. */
  static fromOwnKeys(arr: Float64Array, nodeCount: number): ValTable {
    arr.sort();
    let w = 0;
    for (let i = 0; i < arr.length; i++) if (i === 0 || arr[i] !== arr[i - 1]) arr[w++] = arr[i];
    return new ValTable(w === arr.length ? arr : arr.slice(0, w), nodeCount);
  }

  static key(v: Var, n: Node, def: Def, nodeCount: number): number {
    return (v * nodeCount + n) * 2 + def;
  }

  get count(): number {
    return this.keys.length;
  }
  var(val: Val): Var {
    return Math.floor(this.keys[val] / 2 / this.nodeCount) as Var;
  }
  node(val: Val): Node {
    return (Math.floor(this.keys[val] / 2) % this.nodeCount) as Node;
  }
  def(val: Val): Def {
    return (this.keys[val] % 2) as Def;
  }
  /** The id of `(v, n, def)`, or -1 if the construction has no such value. */
  find(v: Var, n: Node, def: Def): Val {
    const k = ValTable.key(v, n, def, this.nodeCount);
    let lo = 0;
    let hi = this.keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const x = this.keys[mid];
      if (x === k) return mid as Val;
      if (x < k) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1 as Val;
  }
  varOf(): Int32Array {
    const out = new Int32Array(this.count);
    for (let i = 0; i < this.count; i++) out[i] = this.var(i as Val);
    return out;
  }
}

/** What a construction returns: the SSA CFG on the original's graph, and its values. */
export interface Construction {
  readonly old: Cfg;
  readonly ssa: SsaCfg;
  readonly vals: ValTable;
  /** The translation `CFG_SSA_Transformed` instance: original, SSA and `var`. */
  readonly transformed: Transformed;
  /**
   * Braun et al. with a tracer only: the phis removed on the fly, which `vals` lacks, in the same
   * order; trace events name the `i`-th `vals.count + i` (impl/trace.ts).
   */
  readonly removedVals?: ValTable;
}

/** Assembles an SsaCfg from per-node value lists; phis of a node are sorted by value. */
export function buildConstruction(
  old: Cfg,
  vals: ValTable,
  defs: readonly (readonly number[])[],
  uses: readonly (readonly number[])[],
  phisPerNode: readonly (readonly (readonly [Val, readonly number[]])[])[],
): Construction {
  const g: Graph = old.graph;
  const phiStart = new Int32Array(g.nodeCount + 1);
  const phiDef: number[] = [];
  const args: (readonly number[])[] = [];
  for (let n = 0; n < g.nodeCount; n++) {
    const ps = [...phisPerNode[n]].sort((a, b) => a[0] - b[0]);
    for (const [v, as] of ps) {
      phiDef.push(v);
      args.push(as);
    }
    phiStart[n + 1] = phiDef.length;
  }
  const ssa = new SsaCfg(
    g,
    vals.count,
    Rows.from(defs.map((r) => [...r].sort((a, b) => a - b))),
    Rows.from(uses.map((r) => [...new Set(r)].sort((a, b) => a - b))),
    phiStart,
    Int32Array.from(phiDef),
    Rows.from(args),
  );
  return { old, ssa, vals, transformed: new Transformed(old, ssa, vals.varOf()) };
}

/** Sorts each row of a CSR list in place (rows are short). */
export function sortRows(start: Int32Array, list: Int32Array): void {
  for (let i = 0; i + 1 < start.length; i++) if (start[i + 1] - start[i] > 1) list.subarray(start[i], start[i + 1]).sort();
}
