/**
 * Theory Irreducible (AFP Minimal_SSA, Wagner and Lohner; Section 3 of Wagner's thesis),
 * literal and executable: the phi graph induced by a set of phis, redundant sets and redundant
 * SCCs. Its theorem `no_redundant_set_minimal` makes "no redundant set" sufficient for
 * Cytron-minimality on every CFG, reducible or not.
 *
 * Phis are identified with the SSA values they define, as in the theory.
 *
 * @theory Irreducible
 */
import type { Val } from "./ids.js";
import { unnecessaryPhi } from "./minimality.js";
import { allVars, CFG_SSA_base, CFG_SSA_Transformed_base, phi, phiArg } from "./ssa_cfg.js";

/** `induced_phi_graph g P == {(phi, phi'). phiArg g phi phi'} Int P x P`: edges from a phi to its arguments. */
export function induced_phi_graph(g: CFG_SSA_base, P: readonly Val[]): [Val, Val][] {
  const out: [Val, Val][] = [];
  for (const a of P) for (const b of P) if (phiArg(g, a, b)) out.push([a, b]);
  return out;
}

/**
 * ```
 * redundant_set g P == P ~= {} /\ P <= dom (phi g) /\
 *   (EX v' in allVars g. ALL phi in P. ALL phi'. phiArg g phi phi' --> phi' in P Un {v'})
 * ```
 * A non-empty set of phis that reference at most one value outside the set.
 */
export function redundant_set(g: CFG_SSA_base, P: readonly Val[]): boolean {
  return redundantSetOutside(g, P) !== undefined;
}

/** The `v'` of {@link redundant_set}: the one outside value (any value of allVars if there is none). */
export function redundantSetOutside(g: CFG_SSA_base, P: readonly Val[]): Val | undefined {
  if (P.length === 0) return undefined;
  if (!P.every((p) => phi(g, p) !== undefined)) return undefined;
  for (const v2 of allVars(g)) {
    if (P.every((p) => phi(g, p)!.every((a) => P.includes(a) || a === v2))) return v2;
  }
  return undefined;
}

/** `E^*` over the given carrier: `star[i][j]` iff `carrier[j]` is reachable from `carrier[i]`. */
function reflTransClosure(carrier: readonly Val[], E: readonly (readonly [Val, Val])[]): boolean[][] {
  const k = carrier.length;
  const star = carrier.map((_, i) => carrier.map((__, j) => i === j));
  for (const [a, b] of E) star[carrier.indexOf(a)][carrier.indexOf(b)] = true;
  for (let m = 0; m < k; m++) for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) if (star[i][m] && star[m][j]) star[i][j] = true;
  return star;
}

/**
 * `is_scc E U <-> U x U <= E^* /\ (ALL V. V > U --> ~ (V x V <= E^*))` (CAVA_Automata.Digraph_Basic):
 * a maximal set of mutually reachable vertices. Here `E` is a relation on `carrier`; a vertex
 * outside the carrier has no edges, so it can only extend the empty set, which is therefore never
 * an SCC.
 */
export function is_scc(carrier: readonly Val[], E: readonly (readonly [Val, Val])[], U: readonly Val[]): boolean {
  if (U.length === 0) return false;
  if (!U.every((u) => carrier.includes(u))) return U.length === 1 && !E.some(([a, b]) => a === U[0] || b === U[0]);
  const star = reflTransClosure(carrier, E);
  const ix = (v: Val) => carrier.indexOf(v);
  const mutual = (a: Val, b: Val) => star[ix(a)][ix(b)] && star[ix(b)][ix(a)];
  if (!U.every((a) => U.every((b) => mutual(a, b)))) return false;
  // maximality: no single vertex can be added (a larger V would contain such a vertex)
  return !carrier.some((w) => !U.includes(w) && U.every((u) => mutual(u, w)));
}

/** `redundant_scc g P scc == redundant_set g scc /\ is_scc (induced_phi_graph g P) scc`. */
export function redundant_scc(g: CFG_SSA_base, P: readonly Val[], scc: readonly Val[]): boolean {
  return redundant_set(g, scc) && is_scc(P, induced_phi_graph(g, P), scc);
}

/** Every subset of the phis, for the literal `EX P. redundant_set g P`: exponential, tiny graphs only. */
export function* phiSubsets(g: CFG_SSA_base): Generator<Val[]> {
  const phis = [...new Set(g.phiKeys().map(([, v]) => v))];
  if (phis.length > 20) throw new Error("phiSubsets: too many phis to enumerate");
  for (let mask = 1; mask < 1 << phis.length; mask++) yield phis.filter((_, i) => mask & (1 << i));
}

/** `EX P. redundant_set g P`, literally over all subsets of the phis. */
export function someRedundantSet(g: CFG_SSA_base): Val[] | undefined {
  for (const P of phiSubsets(g)) if (redundant_set(g, P)) return P;
  return undefined;
}

/**
 * `scc_of E v = (THE scc. is_scc E scc /\ v in scc)` (CAVA_Automata.Digraph_Basic) for `E` a
 * relation on `carrier` and `v` in it: the vertices mutually reachable with `v`, in carrier order.
 */
export function scc_of(carrier: readonly Val[], E: readonly (readonly [Val, Val])[], v: Val): Val[] {
  const star = reflTransClosure(carrier, E);
  const i = carrier.indexOf(v);
  return carrier.filter((_, j) => star[i][j] && star[j][i]);
}

/** `condensation_nodes g P == scc_of (induced_phi_graph g P) ' P`: each SCC once, in order of its first member. */
export function condensation_nodes(g: CFG_SSA_base, P: readonly Val[]): Val[][] {
  const E = induced_phi_graph(g, P);
  const out: Val[][] = [];
  for (const p of P) {
    const s = scc_of(P, E, p);
    if (!out.some((t) => t[0] === s[0])) out.push(s);
  }
  return out;
}

/**
 * `condensation_edges g P == ((%(x,y). (scc_of E x, scc_of E y)) ' E) - Id` for
 * `E = induced_phi_graph g P`: the edges between different SCCs, each once.
 */
export function condensation_edges(g: CFG_SSA_base, P: readonly Val[]): [Val[], Val[]][] {
  const E = induced_phi_graph(g, P);
  const out: [Val[], Val[]][] = [];
  for (const [x, y] of E) {
    const a = scc_of(P, E, x);
    const b = scc_of(P, E, y);
    if (a[0] === b[0]) continue;
    if (!out.some(([c, d]) => c[0] === a[0] && d[0] === b[0])) out.push([a, b]);
  }
  return out;
}

/**
 * ```
 * inductive_set reachable :: 'g => 'val => 'val set  (for g phi)
 *   refl: unnecessaryPhi g phi ==> phi in reachable g phi
 *   step: [| phi' in reachable g phi; phiArg g phi' phi''; unnecessaryPhi g phi'' |] ==> phi'' in reachable g phi
 * ```
 * The least set closed under both rules.
 */
export function reachable(g: CFG_SSA_Transformed_base, phi0: Val): Val[] {
  if (!unnecessaryPhi(g, phi0)) return [];
  const out: Val[] = [phi0];
  for (let i = 0; i < out.length; i++) {
    for (const a of phi(g, out[i]) ?? []) if (!out.includes(a) && unnecessaryPhi(g, a)) out.push(a);
  }
  return out;
}

/** `trueArgs g phi == {phi'. phi' notin reachable g phi} Int {phi'. EX phi'' in reachable g phi. phiArg g phi'' phi'}`. */
export function trueArgs(g: CFG_SSA_Transformed_base, phi0: Val): Val[] {
  const R = reachable(g, phi0);
  return [...new Set(R.flatMap((p) => phi(g, p) ?? []))].filter((a) => !R.includes(a));
}
