/**
 * Theory Irreducible (AFP Minimal_SSA, Wagner and Lohner; Section 3 of Wagner's thesis),
 * literal and executable: the phi graph induced by a set of phis, redundant sets and redundant
 * SCCs. Its theorem `no_redundant_set_minimal` makes "no redundant set" sufficient for
 * Cytron-minimality on every CFG, reducible or not.
 *
 * Phis are identified with the SSA values they define, as in the theory.
 */
import type { Val } from "./ids.js";
import { allVars, CFG_SSA_base, phi, phiArg } from "./ssa_cfg.js";

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
