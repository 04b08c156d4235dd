/**
 * A substitution of SSA values built up by removing phis one (or one set) at a time, as the
 * removal steps of Construct_SSA_notriv (`substNext`) and of peeling do: a union-find in which
 * every removed phi's value points to its replacement. The direction of each link is forced (the
 * removed value must map to its replacement), so only path compression keeps finds short.
 * At the end `apply` rewrites every use and phi argument once.
 */
import type { Val } from "../spec/ids.js";
import { Rows, SsaCfg } from "../spec/model.js";

export class Substitution {
  private readonly parent: Int32Array;

  constructor(valCount: number) {
    this.parent = new Int32Array(valCount);
    for (let v = 0; v < valCount; v++) this.parent[v] = v;
  }

  /** The value `v` now stands for. */
  find(v: number): number {
    const parent = this.parent;
    let r = v;
    while (parent[r] !== r) r = parent[r];
    while (parent[v] !== r) {
      const up = parent[v];
      parent[v] = r;
      v = up;
    }
    return r;
  }

  /** From now on, `removed` stands for `by` (both are resolved first). */
  replace(removed: number, by: number): void {
    const a = this.find(removed);
    const b = this.find(by);
    if (a !== b) this.parent[a] = b;
  }

  /**
   * `base` with the phis not in `alive` deleted and every use and argument resolved: uses
   * deduplicated and sorted per node, surviving phis in node order and by value within a node.
   */
  apply(base: SsaCfg, alive: Uint8Array, phiNode: Int32Array): SsaCfg {
    const N = base.nodeCount;
    const order: number[] = [];
    for (let p = 0; p < base.phiCount; p++) if (alive[p]) order.push(p);
    order.sort((a, b) => phiNode[a] - phiNode[b] || base.phiDef[a] - base.phiDef[b]);
    const phiStart = new Int32Array(N + 1);
    for (const p of order) phiStart[phiNode[p] + 1]++;
    for (let n = 0; n < N; n++) phiStart[n + 1] += phiStart[n];
    const argStart = new Int32Array(order.length + 1);
    let total = 0;
    order.forEach((p, i) => {
      total += base.args.count(p);
      argStart[i + 1] = total;
    });
    const args = new Int32Array(total);
    order.forEach((p, i) => {
      for (let k = 0; k < base.args.count(p); k++) args[argStart[i] + k] = this.find(base.args.at(p, k));
    });
    return new SsaCfg(base.graph, base.valCount, base.defRows, this.resolveRows(base.useRows), phiStart, Int32Array.from(order, (p) => base.phiDef[p]), new Rows<Val>(argStart, args));
  }

  /** Every row through `find`, deduplicated and sorted. */
  resolveRows(rows: Rows<Val>): Rows<Val> {
    const { start, list } = rows;
    const outStart = new Int32Array(start.length);
    const out = new Int32Array(list.length);
    let w = 0;
    for (let n = 0; n + 1 < start.length; n++) {
      const from = w;
      for (let k = start[n]; k < start[n + 1]; k++) {
        const v = this.find(list[k]);
        let dup = false;
        for (let j = from; j < w; j++) if (out[j] === v) dup = true;
        if (!dup) out[w++] = v;
      }
      out.subarray(from, w).sort();
      outStart[n + 1] = w;
    }
    return new Rows<Val>(outStart, out.slice(0, w));
  }
}

/** The node of every phi of `ssa`. */
export function phiNodes(ssa: SsaCfg): Int32Array {
  const out = new Int32Array(ssa.phiCount);
  for (let n = 0; n < ssa.nodeCount; n++) for (let p = ssa.phiStart[n]; p < ssa.phiStart[n + 1]; p++) out[p] = n;
  return out;
}
