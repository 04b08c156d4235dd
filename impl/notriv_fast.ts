/**
 * The worklist refinement of trivial-phi removal: AFP theory Construct_SSA_notriv_code,
 * `substAll_efficient` (catalog section 5.3). Same choice as the literal notriv.ts (the greatest
 * trivial phi key `(node, value)` first), so the output is identical; a property test compares
 * them.
 *
 * State, as in the code theory: the set of trivial phis (a max-heap of keys, re-tested when
 * popped) and `nodes_of_phis` (value -> phis having it as an argument). A step deletes the chosen
 * phi and re-tests only the phis that used the removed value.
 *
 * Deviation: the code theory rewrites every use of the removed value at once (`uses'_codem`,
 * `phis'_codem`) and moves its user records to the substitute. Removing the greatest phi first
 * walks a chain of trivial phis top-down, so on the paper's n-ifs family one use would be
 * rewritten n times: quadratic. Here the composed substitution is a union-find, user records
 * are concatenated as linked lists, and uses and arguments are resolved once, at the end. The
 * chosen phis and the result are the same; the cost is near-linear in phis plus arguments.
 */
import type { Node, Val } from "../spec/ids.js";
import type { SsaCfg } from "../spec/model.js";
import { Substitution } from "./substitution.js";
import type { Tracer } from "./trace.js";

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

/**
 * `substAll` on any SSA CFG, efficiently; `uses'_all`, `phis'_all` as a new SsaCfg. The code
 * theory's `substAll_efficient` (locale `CFG_SSA_Transformed_notriv_base_code`), with the
 * deviation in the header; `substAll_efficient_code` (its result is `substAll`'s) is tested.
 * `trace`: one `substAll.step` event per removed phi, in `substAll`'s order.
 *
 * @approximates substAll_efficient: the same choices and result, but the substitutions are
 * composed in a union-find and uses and arguments resolved once at the end, where the code
 * theory rewrites every use of a removed value at once (quadratic on a chain of trivial phis)
 * @standin CFG_SSA_Transformed_notriv_base_code: the code locale (notriv_base on mappings, with
 * the indices nodes_of_uses' and nodes_of_phis' of impl/notriv_code.ts) is where
 * substAll_efficient is defined; substAllFast is that function in its role
 */
export function substAllFast(base: SsaCfg, trace?: Tracer): SsaCfg {
  const N = base.nodeCount;
  const P = base.phiCount;
  const VALS = base.valCount;
  const phiNode = new Int32Array(P);
  for (let n = 0; n < N; n++) for (let p = base.phiStart[n]; p < base.phiStart[n + 1]; p++) phiNode[p] = n;
  const phiDef = base.phiDef;
  const argStart = base.args.start;
  const args = base.args.list;
  const alive = new Uint8Array(P).fill(1);

  // substNext, composed over all steps
  const subst = new Substitution(VALS);
  const find = (v: number) => subst.find(v);

  // nodes_of_phis per class of values, as linked lists so that a substitution concatenates
  // them in O(1); ordinary uses need no index: they are resolved through `find` at the end
  const head = new Int32Array(VALS).fill(-1);
  const tail = new Int32Array(VALS).fill(-1);
  const entryPhi: number[] = [];
  const entryNext: number[] = [];
  const addUser = (v: number, q: number) => {
    const e = entryPhi.push(q) - 1;
    entryNext.push(-1);
    if (head[v] < 0) head[v] = e;
    else entryNext[tail[v]] = e;
    tail[v] = e;
  };
  for (let p = 0; p < P; p++) {
    let last = -1;
    for (let k = argStart[p]; k < argStart[p + 1]; k++) if (args[k] !== last) addUser((last = args[k]), p);
  }

  const trivialWith = (p: number): number => {
    const v = phiDef[p];
    let other = -1;
    for (let k = argStart[p]; k < argStart[p + 1]; k++) {
      const w = find(args[k]);
      if (w === v) continue;
      if (other === -1) other = w;
      else if (w !== other) return -1;
    }
    return other;
  };

  // trivial phis, keyed (node, value) so that Max is the greatest key
  const key = (p: number) => phiNode[p] * VALS + phiDef[p];
  const heap = new MaxHeap();
  const queued = new Uint8Array(P);
  const enqueueIfTrivial = (p: number) => {
    if (alive[p] && !queued[p] && trivialWith(p) >= 0) {
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
    const by = trivialWith(p); // substitution_code
    if (by < 0) continue; // no longer trivial: only possible on inputs that are not CFG_SSA_wf
    alive[p] = 0;
    if (trace !== undefined) trace({ kind: "substAll.step", def: "substAll", phi: next as Val, node: phiNode[p] as Node, by: by as Val });
    // re-test the live phis that used `next` (triv_phis'), dropping dead entries on the way
    const rn = find(next);
    let kept = -1;
    let keptTail = -1;
    for (let e = head[rn]; e >= 0; ) {
      const after = entryNext[e];
      const q = entryPhi[e];
      if (alive[q]) {
        entryNext[e] = -1;
        if (kept < 0) kept = e;
        else entryNext[keptTail] = e;
        keptTail = e;
      }
      e = after;
    }
    head[rn] = kept;
    tail[rn] = keptTail;
    subst.replace(rn, by); // substNext: next := by, for every later find
    if (kept >= 0) {
      if (head[by] < 0) head[by] = kept;
      else entryNext[tail[by]] = kept;
      tail[by] = keptTail;
      head[rn] = tail[rn] = -1;
    }
    for (let e = kept; e >= 0; e = entryNext[e]) enqueueIfTrivial(entryPhi[e]);
  }

  return subst.apply(base, alive, phiNode);
}
