/**
 * Dead-phi elimination: keep exactly the phis whose value is `liveVal`.
 *
 * Source: the liveness of pruned SSA, J.-D. Choi, R. Cytron, J. Ferrante, "Automatic
 * construction of sparse data flow evaluation graphs", POPL 1991, here in the value-graph form
 * of the AFP theory SSA_CFG (Ullrich, Lohner, Formal_SSA, 2016):
 * ```
 * inductive liveVal :: 'g => 'val => bool
 *   liveSimple: [| n in set (alpha_n g); val in uses g n |] ==> liveVal g val
 *   livePhi:    [| liveVal g v; phiArg g v v' |] ==> liveVal g v'
 * ```
 * (the literal definition is spec/ssa_cfg.ts `liveVals`). The least set is one traversal of the
 * value graph from the ordinary uses backwards through phi arguments (a worklist, no recursion).
 * The removed phis' values are left without definition, as substAll leaves its removed values;
 * nothing else changes (definitions, uses, arguments of the surviving phis).
 *
 * `phiArg g v v'` goes through `phi g v = phis g (defNode g v, v)`, and `defNode` is the first
 * node (in node order) among all definitions of `v`, simple or phi; on inputs that define a value
 * twice (not `allDefs_disjoint`) that choice is followed exactly, so the result is the literal one
 * on every input.
 *
 * Output in the canonical form of impl/notriv_fast.ts: surviving phis in node order, by value id
 * within a node; use rows deduplicated and sorted; def rows and `valCount` unchanged.
 *
 * Complexity: O(N + values + phis + phi arguments + uses) when each node's phis are already
 * sorted by value (every construction of this folder emits them so); otherwise plus sorting
 * each node's phis.
 */
import type { Val } from "../spec/ids.js";
import { Rows, SsaCfg } from "../spec/model.js";

/** The live values (`liveVal`), as flags indexed by value. */
export function liveValues(ssa: SsaCfg): Uint8Array {
  const N = ssa.nodeCount;
  const VALS = ssa.valCount;
  const inRange = (v: number): boolean => v >= 0 && v < VALS;
  // defNode: the first node defining each value (simple definition or phi)
  const defNode = new Int32Array(VALS).fill(-1);
  for (let n = 0; n < N; n++) {
    for (let k = ssa.defRows.start[n]; k < ssa.defRows.start[n + 1]; k++) {
      const v = ssa.defRows.list[k];
      if (inRange(v) && defNode[v] < 0) defNode[v] = n;
    }
    for (let p = ssa.phiStart[n]; p < ssa.phiStart[n + 1]; p++) {
      const v = ssa.phiDef[p];
      if (inRange(v) && defNode[v] < 0) defNode[v] = n;
    }
  }
  // phi g v: the first phi defining v at defNode v, -1 if none
  const phiOf = new Int32Array(VALS).fill(-1);
  for (let n = 0; n < N; n++)
    for (let p = ssa.phiStart[n]; p < ssa.phiStart[n + 1]; p++) {
      const v = ssa.phiDef[p];
      if (inRange(v) && defNode[v] === n && phiOf[v] < 0) phiOf[v] = p;
    }

  const live = new Uint8Array(VALS);
  const stack = new Int32Array(VALS);
  let sp = 0;
  for (const v of ssa.useRows.list)
    if (inRange(v) && !live[v]) {
      live[v] = 1; // liveSimple
      stack[sp++] = v;
    }
  const { start: as, list: al } = ssa.args;
  while (sp > 0) {
    const p = phiOf[stack[--sp]];
    if (p < 0) continue;
    for (let k = as[p]; k < as[p + 1]; k++) {
      const a = al[k];
      if (inRange(a) && !live[a]) {
        live[a] = 1; // livePhi
        stack[sp++] = a;
      }
    }
  }
  return live;
}

/** Removes every phi whose value is not `liveVal`. See the module comment. */
export function removeDeadPhis(ssa: SsaCfg): SsaCfg {
  const N = ssa.nodeCount;
  const VALS = ssa.valCount;
  const live = liveValues(ssa);
  const isLive = (v: number): boolean => v >= 0 && v < VALS && live[v] === 1;

  // surviving phis, node by node, by value within a node
  const phiStart = new Int32Array(N + 1);
  const keep: number[] = [];
  for (let n = 0; n < N; n++) {
    const from = keep.length;
    let sorted = true;
    for (let p = ssa.phiStart[n]; p < ssa.phiStart[n + 1]; p++) {
      if (!isLive(ssa.phiDef[p])) continue;
      if (keep.length > from && ssa.phiDef[keep[keep.length - 1]] > ssa.phiDef[p]) sorted = false;
      keep.push(p);
    }
    if (!sorted) {
      const seg = keep.slice(from).sort((a, b) => ssa.phiDef[a] - ssa.phiDef[b] || a - b);
      for (let j = 0; j < seg.length; j++) keep[from + j] = seg[j];
    }
    phiStart[n + 1] = keep.length;
  }
  const phiDef = new Int32Array(keep.length);
  const argStart = new Int32Array(keep.length + 1);
  for (let j = 0; j < keep.length; j++) {
    phiDef[j] = ssa.phiDef[keep[j]];
    argStart[j + 1] = argStart[j] + ssa.args.count(keep[j]);
  }
  const args = new Int32Array(argStart[keep.length]);
  for (let j = 0; j < keep.length; j++) args.set(ssa.args.list.subarray(ssa.args.start[keep[j]], ssa.args.start[keep[j] + 1]), argStart[j]);

  return new SsaCfg(ssa.graph, VALS, ssa.defRows, sortedUses(ssa), phiStart, phiDef, new Rows<Val>(argStart, args));
}

/** Every node's uses, deduplicated and sorted. */
function sortedUses(ssa: SsaCfg): Rows<Val> {
  const { start, list } = ssa.useRows;
  const outStart = new Int32Array(start.length);
  const out = new Int32Array(list.length);
  const VALS = ssa.valCount;
  const seenAt = new Int32Array(VALS).fill(-1); // value -> last node listing it
  let w = 0;
  for (let n = 0; n + 1 < start.length; n++) {
    const from = w;
    for (let k = start[n]; k < start[n + 1]; k++) {
      const v = list[k];
      if (v >= 0 && v < VALS) {
        if (seenAt[v] === n) continue;
        seenAt[v] = n;
      } else if (out.subarray(from, w).includes(v)) continue; // out of range: not CFG_SSA, rare
      out[w++] = v;
    }
    if (w - from > 1) out.subarray(from, w).sort();
    outStart[n + 1] = w;
  }
  return new Rows<Val>(outStart, out.slice(0, w));
}
