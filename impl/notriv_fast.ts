/**
 * The worklist refinement of trivial-phi removal: AFP theory Construct_SSA_notriv_code,
 * `substAll_efficient` (catalog section 5.3). Same choice as the literal notriv.ts (the greatest
 * trivial phi key `(node, value)` first), so the output is identical; a property test compares
 * them.
 *
 * State, as in the code theory: the set of trivial phis (here a max-heap of keys, re-tested when
 * popped), `nodes_of_uses` (value -> nodes whose ordinary uses contain it) and `nodes_of_phis`
 * (value -> phis having it as an argument). A step deletes the chosen phi, rewrites only the
 * uses and phis recorded for its value, moves those records to the substitute, and re-tests only
 * the phis that used the removed value. Cost: O(sum over removals of the removed value's users),
 * linear on the paper's n-ifs family; no step rescans the program.
 */
import type { Val } from "../spec/ids.js";
import { Rows, SsaCfg } from "../spec/model.js";

/** `the_trivial v vs`: the unique argument other than `v`, if all other arguments equal it. */
export function the_trivial(v: number, args: Int32Array, from: number, to: number): number {
  let other = -1;
  for (let k = from; k < to; k++) {
    const w = args[k];
    if (w === v) continue;
    if (other === -1) other = w;
    else if (w !== other) return -1;
  }
  return other;
}

/** A binary max-heap of numbers. */
class MaxHeap {
  private a: number[] = [];
  get size(): number {
    return this.a.length;
  }
  push(x: number): void {
    const a = this.a;
    a.push(x);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (a[p] >= x) break;
      a[i] = a[p];
      i = p;
    }
    a[i] = x;
  }
  pop(): number {
    const a = this.a;
    const top = a[0];
    const last = a.pop()!;
    if (a.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= a.length) break;
        const c = l + 1 < a.length && a[l + 1] > a[l] ? l + 1 : l;
        if (a[c] <= last) break;
        a[i] = a[c];
        i = c;
      }
      a[i] = last;
    }
    return top;
  }
}

/** `substAll` on any SSA CFG, efficiently; `uses'_all`, `phis'_all` as a new SsaCfg. */
export function substAllFast(base: SsaCfg): SsaCfg {
  const N = base.nodeCount;
  const P = base.phiCount;
  const VALS = base.valCount;
  const phiNode = new Int32Array(P);
  for (let n = 0; n < N; n++) for (let p = base.phiStart[n]; p < base.phiStart[n + 1]; p++) phiNode[p] = n;
  const phiDef = base.phiDef;
  const argStart = base.args.start;
  const args = base.args.list.slice();
  const alive = new Uint8Array(P).fill(1);
  // the phi defining each value (the first, if a broken input defines one twice)
  const phiOf = new Int32Array(VALS).fill(-1);
  for (let p = P - 1; p >= 0; p--) phiOf[phiDef[p]] = p;
  // uses per node, mutable
  const uses: number[][] = [];
  for (let n = 0; n < N; n++) uses.push(Array.from(base.useRows.list.subarray(base.useRows.start[n], base.useRows.start[n + 1])));
  // nodes_of_uses and nodes_of_phis, kept only for phi-defined values (simple ones never go)
  const nodesOfUses: (number[] | undefined)[] = new Array(VALS);
  const nodesOfPhis: (number[] | undefined)[] = new Array(VALS);
  const push = (idx: (number[] | undefined)[], v: number, x: number) => {
    if (phiOf[v] < 0) return;
    (idx[v] ??= []).push(x);
  };
  for (let n = 0; n < N; n++) for (const v of uses[n]) push(nodesOfUses, v, n);
  for (let p = 0; p < P; p++) for (let k = argStart[p]; k < argStart[p + 1]; k++) push(nodesOfPhis, args[k], p);

  // trivial phis, keyed (node, value) so that Max is the greatest key
  const key = (p: number) => phiNode[p] * VALS + phiDef[p];
  const heap = new MaxHeap();
  const queued = new Uint8Array(P);
  const enqueueIfTrivial = (p: number) => {
    if (alive[p] && !queued[p] && the_trivial(phiDef[p], args, argStart[p], argStart[p + 1]) >= 0) {
      queued[p] = 1;
      heap.push(key(p));
    }
  };
  for (let p = 0; p < P; p++) enqueueIfTrivial(p);
  const phiByKey = new Map<number, number>();
  for (let p = 0; p < P; p++) phiByKey.set(key(p), p);

  while (heap.size > 0) {
    const p = phiByKey.get(heap.pop())!;
    queued[p] = 0;
    if (!alive[p]) continue;
    const next = phiDef[p];
    const subst = the_trivial(next, args, argStart[p], argStart[p + 1]); // substitution_code
    if (subst < 0) continue; // no longer trivial: only possible on inputs that are not CFG_SSA_wf
    alive[p] = 0;
    // uses'_codem: rewrite the uses recorded for `next`
    for (const n of nodesOfUses[next] ?? []) {
      const u = uses[n];
      const i = u.indexOf(next);
      if (i < 0) continue; // a stale record: already rewritten
      if (u.includes(subst)) u.splice(i, 1);
      else u[i] = subst;
      push(nodesOfUses, subst, n);
    }
    nodesOfUses[next] = undefined;
    // phis'_codem and triv_phis': rewrite the phis that used `next`, re-test them
    const users = nodesOfPhis[next] ?? [];
    nodesOfPhis[next] = undefined;
    for (const q of users) {
      if (!alive[q]) continue;
      let touched = false;
      for (let k = argStart[q]; k < argStart[q + 1]; k++) {
        if (args[k] === next) {
          args[k] = subst;
          touched = true;
        }
      }
      if (!touched) continue;
      push(nodesOfPhis, subst, q);
      enqueueIfTrivial(q);
    }
  }

  // back into the model: surviving phis in node order, by value within a node
  const order: number[] = [];
  for (let p = 0; p < P; p++) if (alive[p]) order.push(p);
  order.sort((a, b) => phiNode[a] - phiNode[b] || phiDef[a] - phiDef[b]);
  const phiStart = new Int32Array(N + 1);
  for (const p of order) phiStart[phiNode[p] + 1]++;
  for (let n = 0; n < N; n++) phiStart[n + 1] += phiStart[n];
  const newArgs = order.map((p) => Array.from(args.subarray(argStart[p], argStart[p + 1])));
  return new SsaCfg(
    base.graph,
    base.valCount,
    base.defRows,
    Rows.from<Val>(uses.map((u) => u.sort((a, b) => a - b))),
    phiStart,
    Int32Array.from(order, (p) => phiDef[p]),
    Rows.from<Val>(newArgs),
  );
}

