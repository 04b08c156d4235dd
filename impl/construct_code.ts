/**
 * The executable SSA construction of AFP theory Construct_SSA_code, locale
 * `CFG_Construct_linorder` (catalog section 3.9; Buchwald, Lohner and Ullrich, CC 2016,
 * Section 5): Braun et al.'s `readVariableRecursive` on a complete CFG, threading a sparse phi
 * map keyed by (node, variable) through every read, with a placeholder phi that breaks cycles.
 * The theory proves it computes exactly `uses'` and `phis'` of Construct_SSA (impl/construct.ts).
 *
 * This is the literal version: each function follows its Isabelle equation, including the
 * evaluation order (`readArgs` reads the last predecessor first; `uses'_phis'` folds from the
 * last node, and within a node from the greatest variable), with the immutable mappings of
 * impl/mapping.ts. Recursion is the JavaScript stack's: for small CFGs. Like `lookupDef`, it
 * terminates when Entry reaches every node (`CFG_wf`).
 *
 * @theory Construct_SSA_code
 */
import type { Node, Var } from "../spec/ids.js";
import type { Cfg } from "../spec/model.js";
import { vars } from "../spec/ssa_cfg.js";
import { lookupDef, phiDefNodes_aux, phisPrime, SsaVal } from "./construct.js";
import { map_keys, Mapping } from "./mapping.js";
import { Def } from "./ssa_val.js";

/** `lookup_multimap m k == case_option {} id (Mapping.lookup m k)`. */
export function lookup_multimap<K, T>(m: Mapping<K, readonly T[]>, k: K): readonly T[] {
  return m.lookup(k) ?? [];
}

/** `type_synonym ('n, 'v) sparse_phis = ('n * 'v, ('n, 'v) ssaVal list) mapping`: phis keyed by (node, VARIABLE). */
export type sparse_phis = Mapping<readonly [Node, Var], readonly SsaVal[]>;

/** The SSA uses being built: `('node, ('node, 'var) ssaVal set) mapping`. */
export type UsesMap = Mapping<Node, readonly SsaVal[]>;

/**
 * ```
 * readVariableRecursive g v n phis =
 *   (if v in defs g n then ((v,n,SimpleDef), phis)
 *    else case predecessors g n of
 *      []  => ((v,n,PhiDef), Mapping.update (n,v) [] phis)
 *    | [m] => readVariableRecursive g v m phis
 *    | ms  => (case Mapping.lookup phis (n,v) of
 *                Some _ => ((v,n,PhiDef), phis)
 *              | None => let phis = Mapping.update (n,v) [] phis in
 *                        let (phis,args) = readArgs g v n phis ms in
 *                        ((v,n,PhiDef), Mapping.update (n,v) args phis)))
 * ```
 */
export function readVariableRecursive(g: Cfg, v: Var, n: Node, phis: sparse_phis): readonly [SsaVal, sparse_phis] {
  if (g.defs(n).includes(v)) return [[v, n, Def.SimpleDef], phis];
  const ms = g.predecessors(n);
  if (ms.length === 0) return [[v, n, Def.PhiDef], phis.update([n, v], [])];
  if (ms.length === 1) return readVariableRecursive(g, v, ms[0], phis);
  if (phis.lookup([n, v]) !== undefined) return [[v, n, Def.PhiDef], phis];
  const placeholder = phis.update([n, v], []);
  const [after, args] = readArgs(g, v, n, placeholder, ms);
  return [[v, n, Def.PhiDef], after.update([n, v], args)];
}

/**
 * ```
 * readArgs g v n phis [] = (phis, [])
 * readArgs g v n phis (m#ms) = (let (phis,args) = readArgs g v n phis ms in
 *                               let (v,phis) = readVariableRecursive g v m phis in (phis, v#args))
 * ```
 * The tail is read first; the arguments come out in predecessor order.
 */
export function readArgs(g: Cfg, v: Var, n: Node, phis: sparse_phis, ms: readonly Node[]): readonly [sparse_phis, SsaVal[]] {
  if (ms.length === 0) return [phis, []];
  const [p1, args] = readArgs(g, v, n, phis, ms.slice(1));
  const [val, p2] = readVariableRecursive(g, v, ms[0], p1);
  return [p2, [val, ...args]];
}

/**
 * ```
 * phis'_aux g v ns phis == Mapping.Mapping (%(m,v2).
 *   if v2 = v /\ m in UN (phiDefNodes_aux g v [n <- alpha_n g. (n,v) notin Mapping.keys phis] ' ns) /\ v in vars g
 *   then Some (map (%m. lookupDef g m v) (predecessors g m)) else Mapping.lookup phis (m,v2))
 * ```
 * What reading `v` at the nodes `ns` adds to `phis`: the specification's phis for `v` wherever
 * the backwards search from `ns` reaches without passing a node that already has a phi.
 */
export function phisPrime_aux(g: Cfg, v: Var, ns: readonly Node[], phis: sparse_phis): sparse_phis {
  // [n <- alpha_n g. (n,v) notin Mapping.keys phis], given as its complement (construct.ts)
  const visited = new Set<Node>();
  for (const [n, w] of phis.keys()) if (w === v) visited.add(n);
  let out = phis;
  if (!vars(g).has(v)) return out;
  const reached = new Set<Node>();
  for (const n of ns) for (const m of phiDefNodes_aux(g, v, visited, n)) reached.add(m);
  for (const m of reached) out = out.update([m, v], g.predecessors(m).map((p) => lookupDef(g, p, v)));
  return out;
}

/**
 * ```
 * aux_1 g n = (%v (uses,phis). let (use,phis') = readVariableRecursive g v n phis in
 *                              (Mapping.update n (insert use (lookup_multimap uses n)) uses, phis'))
 * ```
 */
export function aux_1(g: Cfg, n: Node): (v: Var, s: readonly [UsesMap, sparse_phis]) => readonly [UsesMap, sparse_phis] {
  return (v, [uses, phis]) => {
    const [use, phis2] = readVariableRecursive(g, v, n, phis);
    const old = lookup_multimap(uses, n);
    const inserted = old.some((u) => sameVal(u, use)) ? old : [...old, use];
    return [uses.update(n, inserted), phis2];
  };
}

/** `aux_2 g n = foldr (aux_1 g n) (sorted_list_of_set (uses g n))`: the greatest variable is read first. */
export function aux_2(g: Cfg, n: Node): (s: readonly [UsesMap, sparse_phis]) => readonly [UsesMap, sparse_phis] {
  const sorted = [...new Set(g.uses(n))].sort((a, b) => a - b);
  return (s) => foldr(aux_1(g, n), sorted, s);
}

/** `init_state == (Mapping.empty, Mapping.empty)`. */
export function init_state(): readonly [UsesMap, sparse_phis] {
  return [Mapping.empty(), Mapping.empty()];
}

/** `from_sparse == %(n,v). (n,(v,n,PhiDef))`: a sparse key to the key of `phis'` (injective: `from_sparse_inj`). */
export function from_sparse([n, v]: readonly [Node, Var]): readonly [Node, SsaVal] {
  return [n, [v, n, Def.PhiDef]];
}

/** The phi mapping of the construction: `('node, ('node,'var) ssaVal) phis_code`. */
export type PhisCode = Mapping<readonly [Node, SsaVal], readonly SsaVal[]>;

/**
 * Generic_Interpretation's `map_keys_from_sparse == map_keys gen_wf.from_sparse`: the sparse phi
 * map rekeyed by `(node, value)`.
 *
 * @isabelle map_keys_from_sparse
 */
export function map_keys_from_sparse(p: sparse_phis): PhisCode {
  return map_keys(from_sparse, p);
}

/** `uses'_phis' g = (let (u,p) = foldr (aux_2 g) (alpha_n g) init_state in (u, map_keys from_sparse p))`. */
export function usesPrime_phisPrime(g: Cfg): readonly [UsesMap, PhisCode] {
  const nodes: Node[] = [];
  for (let n = 0 as Node; n < g.nodeCount; n++) nodes.push(n);
  const [u, p] = foldr((n: Node, s: readonly [UsesMap, sparse_phis]) => aux_2(g, n)(s), nodes, init_state());
  return [u, map_keys_from_sparse(p)];
}

/**
 * `lift_definition phis'_code :: 'g => ('node, ('node,'var) ssaVal) phis_code is phis'`: the
 * specification's `phis'` (impl/construct.ts) as a mapping. Its keys are `(n, (v,n,PhiDef))` for
 * the nodes and variables where `phis'` is defined; elsewhere `phis'` is None by its equation.
 */
export function phisPrime_code(g: Cfg): PhisCode {
  const out: (readonly [readonly [Node, SsaVal], readonly SsaVal[]])[] = [];
  for (let n = 0 as Node; n < g.nodeCount; n++)
    for (const v of [...vars(g)].sort((a, b) => a - b)) {
      const val: SsaVal = [v, n, Def.PhiDef];
      const args = phisPrime(g, n, val);
      if (args !== undefined) out.push([[n, val], args]);
    }
  return Mapping.of(out);
}

/** `foldr f [x1..xn] s = f x1 (... (f xn s))`. */
function foldr<X, S>(f: (x: X, s: S) => S, xs: readonly X[], s: S): S {
  for (let i = xs.length - 1; i >= 0; i--) s = f(xs[i], s);
  return s;
}

function sameVal(a: SsaVal, b: SsaVal): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}
