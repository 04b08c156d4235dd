/**
 * Theory SSA_CFG (AFP Formal_SSA), literal and executable: the input CFG (`CFG_base`, `CFG`,
 * `CFG_wf`), the SSA CFG (`CFG_SSA_base`, `CFG_SSA`, `CFG_SSA_wf_base`, `CFG_SSA_wf`) and the
 * translation between them (`CFG_SSA_Transformed_base`, `CFG_SSA_Transformed`).
 *
 * Locale parameters are interface members; each definition is a function named as in Isabelle
 * (a prime `'` is spelled `Prime`), with the Isabelle statement in its doc comment. Each locale
 * assumption is a boolean function of the same name that decides it literally, quantifying
 * over paths up to a bound where the assumption does.
 *
 * Sets of the model (`defs g n`, `uses g n`) are read-only arrays; order and repetition in
 * them mean nothing.
 *
 * @theory SSA_CFG
 */
import { alpha_n, dominates, graph_Entry, graph_Entry_base, isNode, paths, simplePathBound, successors } from "./graph_path.js";
import type { Node, Val, Var } from "./ids.js";

// =============================================================================================
// locale CFG_base / CFG / CFG_wf: the original program
// =============================================================================================

/**
 * ```
 * locale CFG_base = graph_Entry_base alpha_e alpha_n invar inEdges' Entry +
 *   fixes defs :: 'g => 'node => 'var::linorder set
 *   fixes uses :: 'g => 'node => 'var set
 * ```
 */
export interface CFG_base<V extends number = Var> extends graph_Entry_base {
  defs(n: Node): readonly V[];
  uses(n: Node): readonly V[];
}

/** `vars g == fold (Un) (map (uses g) (alpha_n g)) {}`: only the *used* variables. */
export function vars<V extends number>(g: CFG_base<V>): Set<V> {
  const out = new Set<V>();
  for (const n of alpha_n(g)) for (const v of g.uses(n)) out.add(v);
  return out;
}

/**
 * `defAss' g m v <-> (ALL ns. g |- Entry g-ns->m --> (EX n in set ns. v in defs g n))`.
 * Exact with the default bound: a path without a definition can be shortened to a simple one.
 */
export function defAssPrime<V extends number>(g: CFG_base<V>, m: Node, v: V, bound = simplePathBound(g)): boolean {
  for (const ns of paths(g, g.Entry, m, bound)) if (!ns.some((n) => g.defs(n).includes(v))) return false;
  return true;
}

/** `defAss'Uses g == ALL m in set (alpha_n g). ALL v in uses g m. defAss' g m v`. */
export function defAssPrimeUses<V extends number>(g: CFG_base<V>, bound = simplePathBound(g)): boolean {
  return alpha_n(g).every((m) => g.uses(m).every((v) => defAssPrime(g, m, v, bound)));
}

/** CFG assumption `defs_uses_disjoint: n in set (alpha_n g) ==> defs g n Int uses g n = {}`. */
export function defs_uses_disjoint<V extends number>(g: CFG_base<V>): boolean {
  return alpha_n(g).every((n) => !g.defs(n).some((v) => g.uses(n).includes(v)));
}

/** CFG_wf assumption `def_ass_uses: ALL m in set (alpha_n g). ALL v in uses g m. defAss' g m v`. */
export function def_ass_uses<V extends number>(g: CFG_base<V>, bound = simplePathBound(g)): boolean {
  return defAssPrimeUses(g, bound);
}

/** `locale CFG = CFG_base + graph_Entry` and its assumptions (finiteness and `invar` hold by representation). */
export function CFG<V extends number>(g: CFG_base<V>, bound = simplePathBound(g)): boolean {
  return graph_Entry(g, bound) && defs_uses_disjoint(g);
}

/** `locale CFG_wf = CFG + def_ass_uses`. */
export function CFG_wf<V extends number>(g: CFG_base<V>, bound = simplePathBound(g)): boolean {
  return CFG(g, bound) && def_ass_uses(g, bound);
}

// =============================================================================================
// locale CFG_SSA_base / CFG_SSA: the SSA program
// =============================================================================================

/**
 * ```
 * type_synonym ('node, 'val) phis = "'node * 'val ~=> 'val list"
 * locale CFG_SSA_base = CFG_base alpha_e alpha_n invar inEdges' Entry defs uses +
 *   fixes phis :: 'g => ('node, 'val) phis
 * ```
 * `phis(n, v)` is `phis g (n,v)`: the argument list (in predecessor order) of the phi at `n`
 * defining `v`, or `undefined` for `None`. `phiKeys()` is `dom (phis g)`.
 * `CFG_SSA_wf_base` and `CFG_SSA_ext_base` add no parameters: they are this interface too.
 *
 * @isabelle CFG_SSA_wf_base, CFG_SSA_ext_base
 */
export interface CFG_SSA_base extends CFG_base<Val> {
  phis(n: Node, v: Val): readonly Val[] | undefined;
  phiKeys(): readonly (readonly [Node, Val])[];
}

/** `phiDefs g n == {v. (n,v) in dom (phis g)}`. */
export function phiDefs(g: CFG_SSA_base, n: Node): Val[] {
  return g.phiKeys().filter(([m]) => m === n).map(([, v]) => v);
}

/** `allDefs g n == defs g n Un phiDefs g n`. */
export function allDefs(g: CFG_SSA_base, n: Node): Val[] {
  return union(g.defs(n), phiDefs(g, n));
}

/**
 * ```
 * phiUses g n == UN n' in set (successors g n). UN v' in phiDefs g n'.
 *   snd ` Set.filter (%(n'',v). n'' = n) (set (zip (predecessors g n') (the (phis g (n',v')))))
 * ```
 * Argument `i` of a phi at `n'` is used at the end of `predecessors g n' ! i`, not at `n'`.
 */
export function phiUses(g: CFG_SSA_base, n: Node): Val[] {
  const out: Val[] = [];
  for (const n2 of successors(g, n)) {
    const preds = g.predecessors(n2);
    for (const v2 of phiDefs(g, n2)) {
      const args = g.phis(n2, v2)!;
      // zip truncates to the shorter list, as Isabelle's zip does
      for (let i = 0; i < Math.min(preds.length, args.length); i++) if (preds[i] === n) out.push(args[i]);
    }
  }
  return union(out, []);
}

/** `allUses g n == uses g n Un phiUses g n`. */
export function allUses(g: CFG_SSA_base, n: Node): Val[] {
  return union(g.uses(n), phiUses(g, n));
}

/** `allVars g == UN n in set (alpha_n g). allDefs g n Un allUses g n`. */
export function allVars(g: CFG_SSA_base): Set<Val> {
  const out = new Set<Val>();
  for (const n of alpha_n(g)) for (const v of [...allDefs(g, n), ...allUses(g, n)]) out.add(v);
  return out;
}

/**
 * `defAss g m v <-> (ALL ns. g |- Entry g-ns->m --> (EX n in set ns. v in allDefs g n))`.
 * Exact with the default bound (simple paths suffice).
 */
export function defAss(g: CFG_SSA_base, m: Node, v: Val, bound = simplePathBound(g)): boolean {
  for (const ns of paths(g, g.Entry, m, bound)) if (!ns.some((n) => allDefs(g, n).includes(v))) return false;
  return true;
}

/** CFG_SSA assumption `phis_in_alpha_n: phis g (n,v) = Some vs ==> n in set (alpha_n g)`. */
export function phis_in_alpha_n(g: CFG_SSA_base): boolean {
  return g.phiKeys().every(([n]) => isNode(g, n));
}

/** CFG_SSA assumption `phis_wf: phis g (n,v) = Some args ==> length (predecessors g n) = length args`. */
export function phis_wf(g: CFG_SSA_base): boolean {
  return g.phiKeys().every(([n, v]) => g.phis(n, v)!.length === g.predecessors(n).length);
}

/** CFG_SSA assumption `simpleDefs_phiDefs_disjoint: n in set (alpha_n g) ==> defs g n Int phiDefs g n = {}`. */
export function simpleDefs_phiDefs_disjoint(g: CFG_SSA_base): boolean {
  return alpha_n(g).every((n) => !g.defs(n).some((v) => phiDefs(g, n).includes(v)));
}

/**
 * CFG_SSA assumption
 * `allDefs_disjoint: [| n in set (alpha_n g); m in set (alpha_n g); n ~= m |] ==> allDefs g n Int allDefs g m = {}`.
 */
export function allDefs_disjoint(g: CFG_SSA_base): boolean {
  const nodes = alpha_n(g);
  return nodes.every((n) => nodes.every((m) => n === m || !allDefs(g, n).some((v) => allDefs(g, m).includes(v))));
}

/**
 * `locale CFG_SSA = CFG + CFG_SSA_base` and its assumptions (`phis_finite` holds by representation);
 * `CFG_SSA_ext = CFG_SSA_ext_base + CFG_SSA` adds nothing to it.
 *
 * @isabelle CFG_SSA_ext
 */
export function CFG_SSA(g: CFG_SSA_base, bound = simplePathBound(g)): boolean {
  return CFG(g, bound) && phis_in_alpha_n(g) && phis_wf(g) && simpleDefs_phiDefs_disjoint(g) && allDefs_disjoint(g);
}

// =============================================================================================
// locale CFG_SSA_wf_base / CFG_SSA_wf
// =============================================================================================

/**
 * `defNode g v == hd [n <- alpha_n g. v in allDefs g n]` (code equation `defNode_code`):
 * the first defining node in node order; `undefined` where `v` is defined nowhere (`hd []`).
 */
export function defNode(g: CFG_SSA_base, v: Val): Node | undefined {
  return alpha_n(g).find((n) => allDefs(g, n).includes(v));
}

/** `def_dominates g v' v == dominates g (defNode g v') (defNode g v)`. */
export function def_dominates(g: CFG_SSA_base, v2: Val, v: Val, bound = simplePathBound(g)): boolean {
  const a = defNode(g, v2);
  const b = defNode(g, v);
  return a !== undefined && b !== undefined && dominates(g, a, b, bound);
}

/** `strict_def_dom g v' v == defNode g v' ~= defNode g v /\ def_dominates g v' v`. */
export function strict_def_dom(g: CFG_SSA_base, v2: Val, v: Val, bound = simplePathBound(g)): boolean {
  return defNode(g, v2) !== defNode(g, v) && def_dominates(g, v2, v, bound);
}

/** `phi g v = phis g (defNode g v, v)`. */
export function phi(g: CFG_SSA_base, v: Val): readonly Val[] | undefined {
  const n = defNode(g, v);
  return n === undefined ? undefined : g.phis(n, v);
}

/** `phiArg g v v' == EX vs. phi g v = Some vs /\ v' in set vs`. */
export function phiArg(g: CFG_SSA_base, v: Val, v2: Val): boolean {
  const vs = phi(g, v);
  return vs !== undefined && vs.includes(v2);
}

/**
 * `isTrivialPhi g v v' <-> v' ~= v /\ (case phi g v of Some vs => set vs = {v,v'} \/ set vs = {v'} | None => False)`.
 * The paper (Fig. 8) calls it `trivialPhi`.
 */
export function isTrivialPhi(g: CFG_SSA_base, v: Val, v2: Val): boolean {
  if (v2 === v) return false;
  const vs = phi(g, v);
  if (vs === undefined) return false;
  return setEq(vs, [v, v2]) || setEq(vs, [v2]);
}

/** The paper's name (Fig. 8) for {@link isTrivialPhi}. */
export const trivialPhi = isTrivialPhi;

/** `trivial g v == EX v' in allVars g. isTrivialPhi g v v'`. */
export function trivial(g: CFG_SSA_base, v: Val): boolean {
  for (const v2 of allVars(g)) if (isTrivialPhi(g, v, v2)) return true;
  return false;
}

/** `redundant g == EX v in allVars g. trivial g v`: "there is a trivial phi". */
export function redundant(g: CFG_SSA_base): boolean {
  for (const v of allVars(g)) if (trivial(g, v)) return true;
  return false;
}

/** `defAssUses g == ALL n in set (alpha_n g). ALL v in allUses g n. defAss g n v`. */
export function defAssUses(g: CFG_SSA_base, bound = simplePathBound(g)): boolean {
  return alpha_n(g).every((n) => allUses(g, n).every((v) => defAss(g, n, v, bound)));
}

/**
 * ```
 * inductive liveVal :: 'g => 'val => bool
 *   liveSimple: [| n in set (alpha_n g); val in uses g n |] ==> liveVal g val
 *   livePhi:    [| liveVal g v; phiArg g v v' |] ==> liveVal g v'
 * ```
 * The least set closed under both rules, computed by applying them until nothing changes.
 * `livePhi` quantifies over every value `v'`; `phiArg g v v'` holds exactly for the elements of
 * `phi g v`, so those are the candidates (any value, in `allVars` or not).
 */
export function liveVals(g: CFG_SSA_base): Set<Val> {
  const live = new Set<Val>();
  for (const n of alpha_n(g)) for (const val of g.uses(n)) live.add(val); // liveSimple
  for (let changed = true; changed; ) {
    changed = false;
    for (const v of [...live]) {
      for (const v2 of phi(g, v) ?? []) {
        if (!live.has(v2) && phiArg(g, v, v2)) {
          live.add(v2); // livePhi
          changed = true;
        }
      }
    }
  }
  return live;
}

/** `liveVal g v`: see {@link liveVals}. */
export function liveVal(g: CFG_SSA_base, v: Val): boolean {
  return liveVals(g).has(v);
}

/**
 * ```
 * inductive liveVal' :: 'g => 'val list => bool   (Construct_SSA_notriv, in CFG_SSA_wf)
 *   liveSimple': [| n in set (alpha_n g); val in uses g n |] ==> liveVal' g [val]
 *   livePhi':    [| liveVal' g (v#vs); phiArg g v v' |] ==> liveVal' g (v'#v#vs)
 * ```
 * The list is the witness: its last value is used ordinarily, each earlier one is an argument
 * of the phi after it.
 *
 * @isabelle CFG_SSA_wf.liveVal'
 */
export function liveValPrime(g: CFG_SSA_base, vs: readonly Val[]): boolean {
  if (vs.length === 0) return false;
  const last = vs[vs.length - 1];
  if (!alpha_n(g).some((n) => g.uses(n).includes(last))) return false;
  for (let i = 0; i + 1 < vs.length; i++) if (!phiArg(g, vs[i + 1], vs[i])) return false;
  return true;
}

/** `pruned g = (ALL n in set (alpha_n g). ALL val. val in phiDefs g n --> liveVal g val)`. */
export function pruned(g: CFG_SSA_base): boolean {
  const live = liveVals(g);
  return alpha_n(g).every((n) => phiDefs(g, n).every((v) => live.has(v)));
}

/** CFG_SSA_wf assumption `allUses_def_ass: [| v in allUses g n; n in set (alpha_n g) |] ==> defAss g n v`. */
export function allUses_def_ass(g: CFG_SSA_base, bound = simplePathBound(g)): boolean {
  return defAssUses(g, bound);
}

/** CFG_SSA_wf assumption `Entry_no_phis: phis g (Entry g, v) = None`. */
export function Entry_no_phis(g: CFG_SSA_base): boolean {
  return g.phiKeys().every(([n]) => n !== g.Entry);
}

/** `locale CFG_SSA_wf = CFG_SSA + CFG_SSA_wf_base` and its two assumptions. */
export function CFG_SSA_wf(g: CFG_SSA_base, bound = simplePathBound(g)): boolean {
  return CFG_SSA(g, bound) && allUses_def_ass(g, bound) && Entry_no_phis(g);
}

// =============================================================================================
// locale CFG_SSA_Transformed_base / CFG_SSA_Transformed: original and SSA on one graph
// =============================================================================================

/**
 * ```
 * locale CFG_SSA_Transformed_base =
 *   old: CFG_base alpha_e alpha_n invar inEdges' Entry oldDefs oldUses +
 *   CFG_SSA_wf_base alpha_e alpha_n invar inEdges' Entry defs uses phis
 *   fixes var :: 'g => 'val => 'var
 * ```
 * One graph carries both programs: `defs`/`uses`/`phis` over SSA values, `oldDefs`/`oldUses`
 * over the original variables.
 */
export interface CFG_SSA_Transformed_base extends CFG_SSA_base {
  oldDefs(n: Node): readonly Var[];
  oldUses(n: Node): readonly Var[];
  var(v: Val): Var;
}

/** The `old:` interpretation: the original program on the same graph. */
export function old(g: CFG_SSA_Transformed_base): CFG_base<Var> {
  return {
    nodeCount: g.nodeCount,
    Entry: g.Entry,
    predecessors: (n) => g.predecessors(n),
    defs: (n) => g.oldDefs(n),
    uses: (n) => g.oldUses(n),
  };
}

/** `var g '' A`. */
function image(g: CFG_SSA_Transformed_base, vals: readonly Val[]): Var[] {
  return union(vals.map((v) => g.var(v)), []);
}

/** CFG_SSA_Transformed assumption `oldDefs_def: oldDefs g n = var g '' defs g n`. */
export function oldDefs_def(g: CFG_SSA_Transformed_base): boolean {
  return alpha_n(g).every((n) => setEq(g.oldDefs(n), image(g, g.defs(n))));
}

/** CFG_SSA_Transformed assumption `oldUses_def: n in set (alpha_n g) ==> oldUses g n = var g '' uses g n`. */
export function oldUses_def(g: CFG_SSA_Transformed_base): boolean {
  return alpha_n(g).every((n) => setEq(g.oldUses(n), image(g, g.uses(n))));
}

/**
 * CFG_SSA_Transformed assumption
 * ```
 * conventional: [| g |- n-ns->m; n notin set (tl ns); v in allDefs g n; v in allUses g m;
 *                  x in set (tl ns); v' in allDefs g x |] ==> var g v' ~= var g v
 * ```
 * Exact with the default bound `2 * nodeCount`: a violating path is a simple path from `n` to
 * `x` followed by a simple path from `x` to `m`, both avoiding `n` after the start.
 */
export function conventional(g: CFG_SSA_Transformed_base, bound = 2 * g.nodeCount): boolean {
  for (const n of alpha_n(g)) {
    const defsN = allDefs(g, n);
    if (defsN.length === 0) continue;
    for (const m of alpha_n(g)) {
      const vs = defsN.filter((v) => allUses(g, m).includes(v));
      if (vs.length === 0) continue;
      for (const ns of paths(g, n, m, bound)) {
        const tl = ns.slice(1);
        if (tl.includes(n)) continue;
        for (const x of tl)
          for (const v2 of allDefs(g, x)) for (const v of vs) if (g.var(v2) === g.var(v)) return false;
      }
    }
  }
  return true;
}

/** CFG_SSA_Transformed assumption `phis_same_var: [| phis g (n,v) = Some vs; v' in set vs |] ==> var g v' = var g v`. */
export function phis_same_var(g: CFG_SSA_Transformed_base): boolean {
  return g.phiKeys().every(([n, v]) => g.phis(n, v)!.every((v2) => g.var(v2) === g.var(v)));
}

/**
 * CFG_SSA_Transformed assumption
 * `allDefs_var_disjoint: [| n in set (alpha_n g); v in allDefs g n; v' in allDefs g n; v ~= v' |] ==> var g v' ~= var g v`.
 */
export function allDefs_var_disjoint(g: CFG_SSA_Transformed_base): boolean {
  return alpha_n(g).every((n) => {
    const ds = allDefs(g, n);
    return ds.every((v) => ds.every((v2) => v === v2 || g.var(v2) !== g.var(v)));
  });
}

/**
 * `locale CFG_SSA_Transformed = CFG_SSA_Transformed_base + old: CFG_wf + CFG_SSA_wf` and its five
 * assumptions, literally (exponential: small graphs only).
 */
export function CFG_SSA_Transformed(g: CFG_SSA_Transformed_base, bound = simplePathBound(g)): boolean {
  return (
    CFG_wf(old(g), bound) &&
    CFG_SSA_wf(g, bound) &&
    oldDefs_def(g) &&
    oldUses_def(g) &&
    conventional(g) &&
    phis_same_var(g) &&
    allDefs_var_disjoint(g)
  );
}

// ---------------------------------------------------------------------------------------------

/** `A Un B` of two array-sets, without repetition. */
export function union<T>(a: readonly T[], b: readonly T[]): T[] {
  return [...new Set([...a, ...b])];
}

/** `set a = set b`. */
export function setEq<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.every((x) => b.includes(x)) && b.every((x) => a.includes(x));
}
