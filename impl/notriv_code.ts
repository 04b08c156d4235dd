/**
 * The incremental removal step of AFP theory Construct_SSA_notriv_code, locale
 * `CFG_SSA_Transformed_notriv_base_code` (catalog sections 3.10 and 5.3): uses and phis as
 * mappings, and the reverse indices `nodes_of_uses` (value -> nodes using it) and `nodes_of_phis`
 * (value -> phi keys having it as an argument) that let one step touch only the users of the
 * removed phi instead of the whole program. `substAll_efficient` (impl/notriv_fast.ts) is the
 * loop over these; impl/notriv.ts has the non-incremental `uses'_code`/`phis'_code` they refine.
 *
 * Literal versions, on the immutable mappings of impl/mapping.ts; sets are arrays without
 * duplicates, `sorted_list_of_set` sorts them (phi keys lexicographically).
 *
 * @theory Construct_SSA_notriv_code
 */
import type { Node, Val } from "../spec/ids.js";
import type { SsaCfg } from "../spec/model.js";
import type { CFG_SSA_base } from "../spec/ssa_cfg.js";
import { PhiKey, phidefNodes, phiNodes_of, trivial_code, useNodes_of } from "../spec/ssa_cfg_code.js";
import { Mapping } from "./mapping.js";

/** The code locale's state: `uses :: ('node, 'val set) mapping`, `phis :: ('node, 'val) phis_code`. */
export interface CodeState {
  readonly uses: Mapping<Node, readonly Val[]>;
  readonly phis: Mapping<PhiKey, readonly Val[]>;
}
/** `nodes_of_uses :: ('val, 'node set) mapping`. */
export type NodesOfUses = Mapping<Val, readonly Node[]>;
/** `nodes_of_phis :: ('val, ('node * 'val) set) mapping`. */
export type NodesOfPhis = Mapping<Val, readonly PhiKey[]>;

/** `cache g (uses g)` and the phis as a mapping: the code state of an SSA CFG. */
export function codeState(g: CFG_SSA_base): CodeState {
  const uses: (readonly [Node, readonly Val[]])[] = [];
  for (let n = 0 as Node; n < g.nodeCount; n++) uses.push([n, [...new Set(g.uses(n))]]);
  return { uses: Mapping.of(uses), phis: Mapping.of(g.phiKeys().map((k) => [k, g.phis(k[0], k[1])!] as const)) };
}

/** The locale's view of a code state: `usesOf o uses`, `%g. Mapping.lookup (phis g)`. */
export function viewCode(base: SsaCfg, s: CodeState): CFG_SSA_base {
  return {
    nodeCount: base.nodeCount,
    Entry: base.Entry,
    predecessors: (n) => base.predecessors(n),
    defs: (n) => base.defs(n),
    uses: (n) => [...(s.uses.lookup(n) ?? [])],
    phis: (n, v) => s.phis.lookup([n, v]),
    phiKeys: () => s.phis.keys(),
  };
}

/** `ssa.useNodes_of g` as a mapping. */
export function useNodes_ofM(g: CFG_SSA_base): NodesOfUses {
  return Mapping.of([...useNodes_of(g)].map(([v, ns]) => [v, sortNodes(ns)] as const));
}

/** `ssa.phiNodes_of g` as a mapping. */
export function phiNodes_ofM(g: CFG_SSA_base): NodesOfPhis {
  return Mapping.of([...phiNodes_of(g)].map(([v, ks]) => [v, sortKeys(ks.values())] as const));
}

/**
 * ```
 * uses'_codem g next next' nodes_of_uses =
 *   fold (%n. Mapping.update n (Set.insert next' (Set.remove (snd next) (the (Mapping.lookup (uses g) n)))))
 *        (sorted_list_of_set (case_option {} id (Mapping.lookup nodes_of_uses (snd next))))
 *        (uses g)
 * ```
 */
export function usesPrime_codem(s: CodeState, next: PhiKey, nextPrime: Val, nodes_of_uses: NodesOfUses): Mapping<Node, readonly Val[]> {
  let out = s.uses;
  for (const n of sortNodes(nodes_of_uses.lookup(next[1]) ?? [])) {
    const removed = s.uses.lookup(n)!.filter((v) => v !== next[1]);
    out = out.update(n, removed.includes(nextPrime) ? removed : [...removed, nextPrime]);
  }
  return out;
}

/**
 * ```
 * nodes_of_uses' g next next' phiVals nodes_of_uses =
 *   (let users = case_option {} id (Mapping.lookup nodes_of_uses (snd next)) in
 *    if next' in phiVals then Mapping.map_default next' {} (%ns. ns Un users) (Mapping.delete (snd next) nodes_of_uses)
 *    else Mapping.delete (snd next) nodes_of_uses)
 * ```
 */
export function nodes_of_usesPrime(next: PhiKey, nextPrime: Val, phiVals: readonly Val[], nodes_of_uses: NodesOfUses): NodesOfUses {
  const users = nodes_of_uses.lookup(next[1]) ?? [];
  const deleted = nodes_of_uses.delete(next[1]);
  if (!phiVals.includes(nextPrime)) return deleted;
  return deleted.map_default(nextPrime, [], (ns) => sortNodes([...ns, ...users]));
}

/**
 * ```
 * phis'_codem g next next' nodes_of_phis =
 *   fold (%n. Mapping.update n (List.map (id(snd next := next')) (the (Mapping.lookup (phis g) n))))
 *        (sorted_list_of_set (case_option {} (Set.remove next) (Mapping.lookup nodes_of_phis (snd next))))
 *        (Mapping.delete next (phis g))
 * ```
 */
export function phisPrime_codem(s: CodeState, next: PhiKey, nextPrime: Val, nodes_of_phis: NodesOfPhis): Mapping<PhiKey, readonly Val[]> {
  let out = s.phis.delete(next);
  const users = (nodes_of_phis.lookup(next[1]) ?? []).filter((k) => !sameKey(k, next));
  for (const k of sortKeys(users)) out = out.update(k, s.phis.lookup(k)!.map((v) => (v === next[1] ? nextPrime : v)));
  return out;
}

/**
 * ```
 * nodes_of_phis' g next next' nodes_of_phis =
 *   (let old_phis = Set.remove next (case_option {} id (Mapping.lookup nodes_of_phis (snd next)));
 *        nop = Mapping.delete (snd next) nodes_of_phis
 *    in Mapping.map_default next' {} (%ns. (Set.remove next ns) Un old_phis) nop)
 * ```
 */
export function nodes_of_phisPrime(next: PhiKey, nextPrime: Val, nodes_of_phis: NodesOfPhis): NodesOfPhis {
  const old_phis = (nodes_of_phis.lookup(next[1]) ?? []).filter((k) => !sameKey(k, next));
  const nop = nodes_of_phis.delete(next[1]);
  return nop.map_default(nextPrime, [], (ns) => sortKeys([...ns.filter((k) => !sameKey(k, next)), ...old_phis]));
}

/**
 * ```
 * triv_phis' g next triv_phis nodes_of_phis =
 *   (Set.remove next triv_phis) Un
 *   (Set.filter (%n. ssa.trivial_code (snd n) (the (Mapping.lookup (phis g) n)))
 *               (case_option {} (Set.remove next) (Mapping.lookup nodes_of_phis (snd next))))
 * ```
 * `phis` is the state's after the step (`substAll_efficient` passes `const p'`).
 */
export function triv_phisPrime(phis: Mapping<PhiKey, readonly Val[]>, next: PhiKey, triv_phis: readonly PhiKey[], nodes_of_phis: NodesOfPhis): PhiKey[] {
  const users = (nodes_of_phis.lookup(next[1]) ?? []).filter((k) => !sameKey(k, next));
  const retested = users.filter((k) => trivial_code(k[1], phis.lookup(k)!));
  return sortKeys([...triv_phis.filter((k) => !sameKey(k, next)), ...retested]);
}

/** `step_codem g next next' nodes_of_uses nodes_of_phis = (uses'_codem g next next' nodes_of_uses, phis'_codem g next next' nodes_of_phis)`. */
export function step_codem(s: CodeState, next: PhiKey, nextPrime: Val, nodes_of_uses: NodesOfUses, nodes_of_phis: NodesOfPhis): CodeState {
  return { uses: usesPrime_codem(s, next, nextPrime, nodes_of_uses), phis: phisPrime_codem(s, next, nextPrime, nodes_of_phis) };
}

/**
 * `g |- nou1 ~phi nou2 == ALL v in Mapping.keys (ssa.phidefNodes g).
 *     case_option {} id (Mapping.lookup nou1 v) = case_option {} id (Mapping.lookup nou2 v)`:
 * two user indices agree (as sets) on every phi-defined value of `g`.
 */
export function phi_equiv_mapping<T>(g: CFG_SSA_base, nou1: Mapping<Val, readonly T[]>, nou2: Mapping<Val, readonly T[]>): boolean {
  const asSet = (xs: readonly T[] | undefined) => JSON.stringify([...new Set((xs ?? []).map((x) => JSON.stringify(x)))].sort());
  return [...phidefNodes(g).keys()].every((v) => asSet(nou1.lookup(v)) === asSet(nou2.lookup(v)));
}

function sameKey(a: PhiKey, b: PhiKey): boolean {
  return a[0] === b[0] && a[1] === b[1];
}
function sortNodes(ns: Iterable<Node>): Node[] {
  return [...new Set(ns)].sort((a, b) => a - b);
}
/** `sorted_list_of_set` of phi keys: distinct, lexicographic on (node, value). */
function sortKeys(ks: Iterable<PhiKey>): PhiKey[] {
  const m = new Map<string, PhiKey>();
  for (const k of ks) m.set(`${k[0]},${k[1]}`, k);
  return [...m.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}
