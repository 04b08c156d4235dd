/**
 * Theory SSA_CFG_code (AFP Formal_SSA): the executable triviality test the code theories use.
 *
 * @theory SSA_CFG_code
 */
import { alpha_n, graph_Entry_base } from "./graph_path.js";
import type { Node, Val } from "./ids.js";
import type { Rows } from "./model.js";
import type { CFG_base, CFG_SSA_base } from "./ssa_cfg.js";

/**
 * ```
 * the_trivial v vs = (case foldl (%(good,v') w. if w = v then (good,v')
 *                                               else case v' of Some v' => (good /\ w = v', Some v')
 *                                                             | None => (good, Some w))
 *                                (True, None) vs
 *                     of (False, _) => None | (True, v) => v)
 * ```
 * over the slice `args[from .. to)`: the one argument other than `v` if every other argument
 * equals it, else -1 (`None`). `trivial_code v vs = (the_trivial v vs ~= None)`.
 */
export function the_trivial(v: number, args: ArrayLike<number>, from: number, to: number): number {
  let other = -1;
  for (let k = from; k < to; k++) {
    const w = args[k];
    if (w === v) continue;
    if (other === -1) other = w;
    else if (w !== other) return -1;
  }
  return other;
}

// ---------------------------------------------------------------------------------------------
// The Mapping-based definitions of SSA_CFG_code, literally, with JavaScript Maps for `mapping`.
// The model's rows (spec/model.ts) and the checkers' indices (checks/context.ts) are their
// efficient counterparts; these are the oracles.
// ---------------------------------------------------------------------------------------------

/** `Union_of f A == UN (f ' A)`. */
export function Union_of<A, B>(f: (a: A) => readonly B[], A: readonly A[]): B[] {
  return [...new Set(A.flatMap((a) => [...f(a)]))];
}

/** `addN g n == fold (%v. Mapping.map_default v {} (insert n)) (sorted_list_of_set (uses g n))`. */
export function addN<V extends number>(g: CFG_base<V>, n: Node, m: ReadonlyMap<V, ReadonlySet<Node>>): Map<V, Set<Node>> {
  const out = new Map([...m].map(([k, s]) => [k, new Set(s)] as const));
  for (const v of [...new Set(g.uses(n))].sort((a, b) => a - b)) out.set(v, new Set([...(out.get(v) ?? []), n]));
  return out;
}

/** `useNodes_of g = fold (addN g) (alpha_n g) Mapping.empty`: variable -> the nodes using it. */
export function useNodes_of<V extends number>(g: CFG_base<V>): Map<V, Set<Node>> {
  let m = new Map<V, Set<Node>>();
  for (const n of alpha_n(g)) m = addN(g, n, m);
  return m;
}

/** A phi key `(node, value)`; `keyOf` spells it for sets and maps. */
export type PhiKey = readonly [Node, Val];
const keyOf = ([n, v]: PhiKey) => `${n},${v}`;

/** `phis_addN g k = fold (%v. Mapping.map_default v {} (insert k)) (case_option [] id (phis g k))`. */
export function phis_addN(g: CFG_SSA_base, k: PhiKey, m: ReadonlyMap<Val, ReadonlyMap<string, PhiKey>>): Map<Val, Map<string, PhiKey>> {
  const out = new Map([...m].map(([v, s]) => [v, new Map(s)] as const));
  for (const v of g.phis(k[0], k[1]) ?? []) {
    const s = out.get(v) ?? new Map<string, PhiKey>();
    s.set(keyOf(k), k);
    out.set(v, s);
  }
  return out;
}

/** `sorted_list_of_set (dom (phis g))`, lexicographic on `(node, value)`. */
function sortedKeys(g: CFG_SSA_base): PhiKey[] {
  return [...g.phiKeys()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** `phidefNodes g = fold (%(n,v). Mapping.update v n) (sorted_list_of_set (dom (phis g))) Mapping.empty`. */
export function phidefNodes(g: CFG_SSA_base): Map<Val, Node> {
  const m = new Map<Val, Node>();
  for (const [n, v] of sortedKeys(g)) m.set(v, n);
  return m;
}

/** `phiNodes_of g = fold (phis_addN g) (sorted_list_of_set (dom (phis g))) Mapping.empty`: value -> the phi keys using it. */
export function phiNodes_of(g: CFG_SSA_base): Map<Val, Map<string, PhiKey>> {
  let m = new Map<Val, Map<string, PhiKey>>();
  for (const k of sortedKeys(g)) m = phis_addN(g, k, m);
  return m;
}

/** `cache g f == Mapping.tabulate (alpha_n g) f`. */
export function cache<T>(g: graph_Entry_base, f: (n: Node) => T): Map<Node, T> {
  return new Map(alpha_n(g).map((n) => [n, f(n)] as const));
}

/** `usesOf m n == case_option {} id (Mapping.lookup m n)`. */
export function usesOf<T>(m: ReadonlyMap<Node, readonly T[]>, n: Node): readonly T[] {
  return m.get(n) ?? [];
}

/** `trivial_code v vs = (the_trivial v vs ~= None)`. */
export function trivial_code(v: Val, vs: readonly Val[]): boolean {
  return the_trivial(v, vs, 0, vs.length) !== -1;
}

/** `trivial_phis g = Set.filter (%(n,v). trivial_code v (the (Mapping.lookup (phis g) (n,v)))) (Mapping.keys (phis g))`. */
export function trivial_phis(g: CFG_SSA_base): PhiKey[] {
  return g.phiKeys().filter(([n, v]) => trivial_code(v, g.phis(n, v)!));
}

/** `redundant_code g = (trivial_phis g ~= {})`. */
export function redundant_code(g: CFG_SSA_base): boolean {
  return trivial_phis(g).length > 0;
}

/**
 * CFG assumption `uses_in_alpha_n: v in uses g n ==> n in set (alpha_n g)`, on the model's rows:
 * no row of uses beyond the last node.
 *
 * @isabelle CFG.uses_in_alpha_n
 */
export function uses_in_alpha_n(p: { readonly useRows: Rows<number>; readonly nodeCount: number }): boolean {
  return p.useRows.rowCount <= p.nodeCount || p.useRows.toArrays().slice(p.nodeCount).every((r) => r.length === 0);
}

/** CFG_SSA_Transformed_code assumption `dom_uses_in_graph: Mapping.keys (uses g) <= set (alpha_n g)`. */
export function dom_uses_in_graph(ssa: { readonly useRows: Rows<number>; readonly nodeCount: number }): boolean {
  return uses_in_alpha_n(ssa);
}
