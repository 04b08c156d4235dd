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
 *
 * @theory Construct_SSA_notriv Construct_SSA_notriv_code
 */
import { produce } from "immer";
import type { Node, Val } from "../spec/ids.js";
import { Rows, SsaCfg, Transformed } from "../spec/model.js";
import type { CFG_SSA_base, CFG_SSA_Transformed_base } from "../spec/ssa_cfg.js";
import { allVars, CFG_SSA_Transformed, isTrivialPhi, redundant, trivial } from "../spec/ssa_cfg.js";
import { the_trivial, trivial_phis as trivial_phis_code } from "../spec/ssa_cfg_code.js";
import type { Tracer } from "./trace.js";

/** The state the fixpoint iterates on: `(uses g, phis g)`; `phis` as key -> arguments. */
export interface State {
  readonly uses: readonly (readonly Val[])[];
  readonly phis: readonly { readonly n: Node; readonly v: Val; readonly args: readonly Val[] }[];
}

/**
 * The SSA CFG with `uses := u`, `phis := p`: Isabelle's `uses(g:=u)`, `phis(g:=p)`, on which the
 * definitions of the locale are evaluated.
 *
 * @standin CFG_SSA_Transformed_notriv_base: the locale fixes chooseNext_all and assumes nothing;
 * its definitions (transcribed in this file) speak of the SSA CFG with a state's uses and phis,
 * which view builds, and chooseNextPrime instantiates chooseNext_all
 */
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
 * `Max (trivial_phis g)` in the lexicographic order of keys `(node, value)`. That is
 * Generic_Interpretation's `uninst_chooseNext u p g == Max (uninst_trivial_phis (const p) g)`.
 *
 * @isabelle uninst_chooseNext
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

/**
 * `cond g == %(u,p). redundant (uses(g:=u)) (phis(g:=p)) g`: some phi is trivial; where it holds,
 * the state satisfies `CFG_SSA_step`'s assumption `redundant g`.
 *
 * @isabelle CFG_SSA_step.redundant
 */
export function cond(base: SsaCfg, s: State): boolean {
  return redundant(view(base, s));
}

/**
 * `substAll g == while (cond g) (step g) (uses g, phis g)` (Fig. 9); its result's uses and phis
 * are `uses'_all g == fst (substAll g)` and `phis'_all g == snd (substAll g)`. `trace`: one
 * `substAll.step` event per step, before it (`chooseNext'` and `substitution` of its state).
 *
 * @isabelle uses'_all, phis'_all
 */
export function substAll(base: SsaCfg, trace?: Tracer): SsaCfg {
  let s = initialState(base);
  while (cond(base, s)) {
    if (trace !== undefined) {
      const g = view(base, s);
      const [node, phi] = chooseNextPrime(g)!;
      trace({ kind: "substAll.step", def: "substAll", phi, node, by: substitution(g) });
    }
    s = step(base, s);
  }
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

// ---------------------------------------------------------------------------------------------
// The locales of Construct_SSA_notriv as predicates, and the code theory's one-step functions
// ---------------------------------------------------------------------------------------------

/** `uses(g:=u)`, `phis(g:=p)` of a whole translation: the original, `defs` and `var` stay. */
export function viewTransformed(t: Transformed, s: State): CFG_SSA_Transformed_base {
  const v = view(t.ssa, s);
  return { ...v, oldDefs: (n) => t.oldDefs(n), oldUses: (n) => t.oldUses(n), var: (x) => t.var(x) };
}

/**
 * Locale assumption `chooseNext_all`: on a redundant translation, the chosen key is in
 * `dom (phis g)` and its value is trivial. Decided for the choice of this file, `chooseNext'`.
 */
export function chooseNext_all(g: CFG_SSA_base, choose: (g: CFG_SSA_base) => readonly [Node, Val] | undefined = chooseNextPrime): boolean {
  if (!redundant(g)) return true;
  const k = choose(g);
  return k !== undefined && g.phis(k[0], k[1]) !== undefined && trivial(g, k[1]);
}

/**
 * Code locale assumption `chooseNext_all_code`: on a redundant translation, the choice is
 * `Max (trivial_phis g)` in the lexicographic order of keys `(node, value)`.
 */
export function chooseNext_all_code(g: CFG_SSA_base, choose: (g: CFG_SSA_base) => readonly [Node, Val] | undefined = chooseNextPrime): boolean {
  const keys = trivial_phis_code(g);
  if (keys.length === 0) return true;
  const max = keys.reduce((a, b) => (b[0] > a[0] || (b[0] === a[0] && b[1] > a[1]) ? b : a));
  const k = choose(g);
  return k !== undefined && k[0] === max[0] && k[1] === max[1];
}

/** `locale CFG_SSA_Transformed_notriv = CFG_SSA_Transformed + notriv_base + chooseNext_all`. */
export function CFG_SSA_Transformed_notriv(g: CFG_SSA_Transformed_base): boolean {
  return CFG_SSA_Transformed(g) && chooseNext_all(g);
}

/**
 * `locale CFG_SSA_Transformed_notriv_linorder = CFG_SSA_Transformed_notriv_base + CFG_SSA_Transformed_notriv`:
 * no assumption of its own; with the `Max` choice also `CFG_SSA_Transformed_notriv_linorder_code`.
 *
 * @standin CFG_SSA_Transformed_notriv_linorder: the locale adds no assumption to
 * CFG_SSA_Transformed_notriv; this predicate is its code variant's, which also asks that
 * chooseNext_all be chooseNext_all_code (the Max choice every construction here makes)
 */
export function CFG_SSA_Transformed_notriv_linorder_code(g: CFG_SSA_Transformed_base): boolean {
  return CFG_SSA_Transformed_notriv(g) && chooseNext_all_code(g);
}

/** `locale CFG_SSA_step = CFG_SSA_Transformed_notriv + fixes g + assumes redundant g`. */
export function CFG_SSA_step(g: CFG_SSA_Transformed_base): boolean {
  return CFG_SSA_Transformed_notriv(g) && redundant(g);
}

/** `inst g u p == CFG_SSA_Transformed_notriv ... (uses(g:=u)) (phis(g:=p)) ... chooseNext_all`. */
export function inst(t: Transformed, s: State): boolean {
  return CFG_SSA_Transformed_notriv(viewTransformed(t, s));
}

/** `inst' g == %(u,p). inst g u p`. */
export function instPrime(t: Transformed): (s: State) => boolean {
  return (s) => inst(t, s);
}

/** `substitution_code g next = the (the_trivial (snd next) (the (phis g next)))`. */
export function substitution_code(g: CFG_SSA_base, next: readonly [Node, Val]): Val {
  const args = g.phis(next[0], next[1])!;
  return the_trivial(next[1], args, 0, args.length) as Val;
}

/** `substNext_code g next == id(snd next := substitution_code g next)`. */
export function substNext_code(g: CFG_SSA_base, next: readonly [Node, Val]): (v: Val) => Val {
  const to = substitution_code(g, next);
  return (v) => (v === next[1] ? to : v);
}

/** `uses'_code g next n == substNext_code g next ' uses g n`. */
export function usesPrime_code(g: CFG_SSA_base, next: readonly [Node, Val], n: Node): Val[] {
  return [...new Set(g.uses(n).map(substNext_code(g, next)))];
}

/**
 * `phis'_code g next == map_values (%(n,v) vs. if v = snd next then None else Some (map (substNext_code g next) vs)) (phis g)`.
 * (Construct_SSA_notriv_code; the Construct_SSA_code name of the same spelling is the construction's phi mapping.)
 *
 * @isabelle CFG_SSA_Transformed_notriv_base_code.phis'_code
 */
export function phisPrime_code(g: CFG_SSA_base, next: readonly [Node, Val]): { n: Node; v: Val; args: Val[] }[] {
  const f = substNext_code(g, next);
  return g.phiKeys().flatMap(([n, v]) => (v === next[1] ? [] : [{ n, v, args: g.phis(n, v)!.map(f) }]));
}

/**
 * `step_code g = (let next = chooseNext' g in (uses'_code g next, phis'_code g next))`, on a state: one step of
 * the code locale `CFG_SSA_step_code`.
 *
 * @standin CFG_SSA_step_code: the locale (CFG_SSA_Transformed_notriv_linorder_code with
 * CFG_SSA_step's assumption redundant g) is where step_code is proved to be step; its
 * assumptions are those of CFG_SSA_step (transcribed above), and step_code stands for its content
 */
export function step_code(base: SsaCfg, s: State): State {
  const g = view(base, s);
  const next = chooseNextPrime(g)!;
  return { uses: s.uses.map((_, n) => usesPrime_code(g, next, n as Node)), phis: phisPrime_code(g, next) };
}

/** `cond_code g = ssa.redundant_code g`, on a state. */
export function cond_code(base: SsaCfg, s: State): boolean {
  return trivial_phis_code(view(base, s)).length > 0;
}
