/**
 * Removal of redundant phi SCCs by peeling: Braun, Buchwald, Hack, Leißa, Mallon, Zwinkau,
 * "Simple and Efficient Construction of Static Single Assignment Form", CC 2013, Section 3.2
 * (Algorithm 5), as analysed by M. Wagner, "Minimal Static Single Assignment Form", master's
 * thesis, KIT 2016, Section 4.1, Figure 4.2:
 *
 * ```
 * remove_redundant_phis(phis): for scc in SCCs of the phi graph induced by phis, sinks first:
 *     process_scc(scc)
 * process_scc(scc): outer = operands of scc's phis outside scc; inner = phis with no such operand
 *     if |outer| = 1: replace every phi of scc by that operand
 *     else: remove_redundant_phis(inner)
 * ```
 * Every redundant set contains a redundant SCC (AFP Minimal_SSA, Lemma 1), and a phi with an
 * operand outside a strongly connected set lies in no redundant SCC inside it, so after peeling
 * no redundant set remains, and by `no_redundant_set_minimal` the result is Cytron-minimal on
 * every CFG, reducible or not. Trivial phis are singleton redundant SCCs, so peeling subsumes
 * trivial-phi removal.
 *
 * Deviations: the recursion is an explicit stack of SCC lists, the phi graph of each working set
 * is rebuilt from the current (substituted) operands, and SCCs with no outside operand at all
 * (impossible in definitely assigned SSA) are left alone. Cost O(V^2 + VE) in the phi graph at
 * worst (the ladder of Wagner's Appendix A.3), linear when phi webs are not nested.
 */
import { SubsetScc } from "../graph/scc.js";
import { Rows, SsaCfg } from "../spec/model.js";
import type { Val } from "../spec/ids.js";
import { phiNodes, Substitution } from "./substitution.js";
import type { Tracer } from "./trace.js";

/** `trace`: one `peel.scc` event per strongly connected set examined, with its distinct outside operands (current values). */
export function peel(base: SsaCfg, trace?: Tracer): SsaCfg {
  const P = base.phiCount;
  const subst = new Substitution(base.valCount);
  const alive = new Uint8Array(P).fill(1);
  const phiOfVal = new Int32Array(base.valCount).fill(-1);
  for (let p = P - 1; p >= 0; p--) phiOfVal[base.phiDef[p]] = p;
  const inSet = new Uint8Array(P);
  const local = new Int32Array(P);

  /**
   * The SCCs of the phi graph on `set` (an edge from each phi to the phis among its current
   * operands), sinks first; built on local ids so that a small working set costs little.
   */
  const sccsOf = (set: readonly number[]): number[][] => {
    set.forEach((p, i) => {
      inSet[p] = 1;
      local[p] = i;
    });
    const rows = set.map((p) => {
      const out: number[] = [];
      for (let k = base.args.start[p]; k < base.args.start[p + 1]; k++) {
        const q = phiOfVal[subst.find(base.args.list[k])];
        if (q >= 0 && inSet[q]) out.push(local[q]);
      }
      return out;
    });
    for (const p of set) inSet[p] = 0;
    const g = Rows.from(rows);
    return new SubsetScc(g).run(set.map((_, i) => i)).map((c) => c.map((i) => set[i]));
  };

  const all: number[] = [];
  for (let p = 0; p < P; p++) if (alive[p]) all.push(p);
  // frames of the recursion: the SCCs of one working set, and how many are done
  const stack: { sccs: number[][]; done: number }[] = [{ sccs: sccsOf(all), done: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.done === top.sccs.length) {
      stack.pop();
      continue;
    }
    const members = top.sccs[top.done++];
    for (const p of members) inSet[p] = 1;
    let outer = -1;
    let outerCount = 0;
    const inner: number[] = [];
    const outside = trace === undefined ? undefined : new Set<number>();
    for (const p of members) {
      let inside = true;
      for (let k = base.args.start[p]; k < base.args.start[p + 1]; k++) {
        const a = subst.find(base.args.list[k]);
        const q = phiOfVal[a];
        if (q >= 0 && inSet[q]) continue;
        inside = false;
        outside?.add(a);
        if (outerCount === 0) (outer = a), (outerCount = 1);
        else if (outerCount === 1 && a !== outer) outerCount = 2;
      }
      if (inside) inner.push(p);
    }
    for (const p of members) inSet[p] = 0;
    if (trace !== undefined) trace({ kind: "peel.scc", def: "redundant_scc", phis: members.map((p) => base.phiDef[p] as Val), outside: [...outside!] as Val[], redundant: outerCount === 1 });
    if (outerCount === 1) {
      for (const p of members) {
        alive[p] = 0;
        subst.replace(base.phiDef[p], outer);
      }
    } else if (outerCount === 2 && inner.length > 0) {
      stack.push({ sccs: sccsOf(inner), done: 0 });
    }
  }
  return subst.apply(base, alive, phiNodes(base));
}
