/**
 * Removal of trivial phis as a fixpoint of single removal steps: Buchwald, Lohner and Ullrich,
 * CC 2016, Section 4.2, Figures 8 and 9; AFP theory Construct_SSA_notriv, locale
 * `CFG_SSA_Transformed_notriv_base` (catalog section 3.5), with `chooseNext_all` instantiated as
 * the code theory does: the greatest trivial phi key `(node, value)` (`uninst_chooseNext`).
 *
 * This is the literal version, for reading next to the paper and as the oracle of the
 * worklist refinement in notriv_fast.ts. It applies to any SSA CFG, not only to the output of
 * our construction: only `uses` and `phis` change, everything else is the input's.
 * One step is an immutable update of the state `(uses, phis)` written with immer.
 */
import { produce } from "immer";
import type { Node, Val } from "../spec/ids.js";
import { Rows, SsaCfg } from "../spec/model.js";
import type { CFG_SSA_base } from "../spec/ssa_cfg.js";
import { allVars, isTrivialPhi, trivial } from "../spec/ssa_cfg.js";

/** The state the fixpoint iterates on: `(uses g, phis g)`; `phis` as key -> arguments. */
export interface State {
  readonly uses: readonly (readonly Val[])[];
  readonly phis: readonly { readonly n: Node; readonly v: Val; readonly args: readonly Val[] }[];
}

/** The SSA CFG with `uses := u`, `phis := p`: Isabelle's `uses(g:=u)`, `phis(g:=p)`. */
export function view(base: SsaCfg, s: State): CFG_SSA_base {
  return {
    nodeCount: base.nodeCount,
    Entry: base.Entry,
    predecessors: (n) => base.predecessors(n),
    defs: (n) => base.defs(n),
    uses: (n) => s.uses[n],
    phis: (n, v) => s.phis.find((p) => p.n === n && p.v === v)?.args,
    phiKeys: () => s.phis.map((p) => [p.n, p.v] as const),
  };
}

/** `trivial_phis g = {(n,v). phis g (n,v) ~= None /\ trivial g v}` */
export function trivial_phis(g: CFG_SSA_base): (readonly [Node, Val])[] {
  return g.phiKeys().filter(([, v]) => trivial(g, v));
}

/**
 * `chooseNext' g == chooseNext_all (uses g) (phis g) g`, instantiated by `chooseNext_all_code`:
 * `Max (trivial_phis g)` in the lexicographic order of keys `(node, value)`.
 */
export function chooseNextPrime(g: CFG_SSA_base): readonly [Node, Val] | undefined {
  let best: readonly [Node, Val] | undefined;
  for (const k of trivial_phis(g)) if (best === undefined || k[0] > best[0] || (k[0] === best[0] && k[1] > best[1])) best = k;
  return best;
}

/** `chooseNext g == snd (chooseNext' g)`: the value of the chosen phi. */
export function chooseNext(g: CFG_SSA_base): Val | undefined {
  return chooseNextPrime(g)?.[1];
}

/** `substitution g == THE v'. isTrivialPhi g (chooseNext g) v'`: the phi's one other argument. */
export function substitution(g: CFG_SSA_base): Val {
  const next = chooseNext(g)!;
  const candidates = [...allVars(g)].filter((v2) => isTrivialPhi(g, next, v2));
  if (candidates.length !== 1) throw new Error("substitution: THE v' is not unique");
  return candidates[0];
}

/** `substNext g == %v. if v = chooseNext g then substitution g else v`. */
export function substNext(g: CFG_SSA_base): (v: Val) => Val {
  const next = chooseNext(g);
  const subst = substitution(g);
  return (v) => (v === next ? subst : v);
}

/** `uses' g n == substNext g ` uses g n` (Fig. 8). */
export function usesPrime(g: CFG_SSA_base, n: Node): Val[] {
  return [...new Set(g.uses(n).map(substNext(g)))];
}

/** `phis' g (n,v) == if v = chooseNext g then None else map_option (map (substNext g)) (phis g (n,v))` (Fig. 8). */
export function phisPrime(g: CFG_SSA_base, n: Node, v: Val): Val[] | undefined {
  return v === chooseNext(g) ? undefined : g.phis(n, v)?.map(substNext(g));
}

/** `step g == %(u,p). (uses', phis')` of `(uses(g:=u), phis(g:=p))`: one removal, as an immutable update. */
export function step(base: SsaCfg, s: State): State {
  const g = view(base, s);
  return produce(s, (d) => {
    d.uses = d.uses.map((_, n) => usesPrime(g, n as Node));
    d.phis = d.phis.flatMap((p) => {
      const args = phisPrime(g, p.n, p.v);
      return args === undefined ? [] : [{ ...p, args }];
    });
  });
}

/** `cond g == %(u,p). redundant (uses(g:=u)) (phis(g:=p)) g`: some phi is trivial. */
export function cond(base: SsaCfg, s: State): boolean {
  return chooseNextPrime(view(base, s)) !== undefined;
}

/** `substAll g == while (cond g) (step g) (uses g, phis g)` (Fig. 9). */
export function substAll(base: SsaCfg): SsaCfg {
  let s = initialState(base);
  while (cond(base, s)) s = step(base, s);
  return fromState(base, s);
}

export function initialState(base: SsaCfg): State {
  const uses: Val[][] = [];
  for (let n = 0 as Node; n < base.nodeCount; n++) uses.push(base.uses(n));
  const phis = base.phiKeys().map(([n, v]) => ({ n, v, args: base.phis(n, v)! }));
  return { uses, phis };
}

/** `uses'_all`, `phis'_all` back into the model: rows sorted, phis of a node by value. */
export function fromState(base: SsaCfg, s: State): SsaCfg {
  const phis = [...s.phis].sort((a, b) => a.n - b.n || a.v - b.v);
  const phiStart = new Int32Array(base.nodeCount + 1);
  for (const p of phis) phiStart[p.n + 1]++;
  for (let n = 0; n < base.nodeCount; n++) phiStart[n + 1] += phiStart[n];
  return new SsaCfg(
    base.graph,
    base.valCount,
    base.defRows,
    Rows.from(s.uses.map((u) => [...u].sort((a, b) => a - b))),
    phiStart,
    Int32Array.from(phis.map((p) => p.v)),
    Rows.from(phis.map((p) => p.args)),
  );
}
