/**
 * Theory SSA_Semantics (AFP Formal_SSA; Fig. 10 of the CC 2016 paper), literal and executable.
 *
 * The semantics is abstract: a state maps each variable (or SSA value) to the node of its most
 * recent definition; branch conditions are ignored, so every path from Entry is an execution.
 * The paper names the two relations `sem` and `ssaSem`; the AFP names them `bs` and `ssaBS`.
 *
 * @theory SSA_Semantics
 */
import { path2 } from "./graph_path.js";
import { alpha_n, paths } from "./graph_path.js";
import type { Node, Val, Var } from "./ids.js";
import type { CFG_SSA_Transformed_base } from "./ssa_cfg.js";

/**
 * `type_synonym ('node, 'var) state = "'var ~=> 'node"`: absent key = `None`.
 *
 * @isabelle CFG_SSA_Transformed.state
 */
export type State<K extends number> = ReadonlyMap<K, Node>;

/** `step g m s v == if v in oldDefs g m then Some m else s v` (one node of the original program). */
export function step(g: CFG_SSA_Transformed_base, m: Node, s: State<Var>): State<Var> {
  const out = new Map(s);
  for (const v of g.oldDefs(m)) out.set(v, m);
  return out;
}

/**
 * ```
 * inductive bs :: 'g => 'node list => ('node,'var) state => bool     (written g |- ns \<Down> s)
 *   g |- Entry g-ns->last ns ==> g |- ns \<Down> (fold (step g) ns Map.empty)
 * ```
 * The relation is a function of `ns`: returns its state, or `undefined` if `ns` is no path from Entry.
 *
 * @isabelle CFG_SSA_Transformed.bs
 */
export function sem(g: CFG_SSA_Transformed_base, ns: readonly Node[]): State<Var> | undefined {
  if (ns.length === 0 || !path2(g, g.Entry, ns, ns[ns.length - 1])) return undefined;
  let s: State<Var> = new Map();
  for (const m of ns) s = step(g, m, s);
  return s;
}
/** The AFP's name for {@link sem}. */
export const bs = sem;

/**
 * ```
 * ssaStep g m i s v == if v in defs g m then Some m
 *                      else case phis g (m,v) of Some phiParams => s (phiParams ! i) | None => s v
 * ```
 * All phis of `m` read the pre-state `s` (the state at the end of predecessor `i`).
 */
export function ssaStep(g: CFG_SSA_Transformed_base, m: Node, i: number, s: State<Val>): State<Val> {
  const out = new Map(s);
  for (const [n, v] of g.phiKeys()) {
    if (n !== m) continue;
    const d = s.get(g.phis(m, v)![i]);
    if (d === undefined) out.delete(v);
    else out.set(v, d);
  }
  for (const v of g.defs(m)) out.set(v, m);
  return out;
}

/**
 * ```
 * inductive ssaBS :: 'g => 'node list => ('node,'val) state => bool   (written g |- ns \<Down>s s)
 *   empty: g |- [Entry g] \<Down>s (ssaStep g (Entry g) 0 Map.empty)
 *   snoc:  [| g |- ns \<Down>s s; last ns = old.predecessors g m ! i; m in set (alpha_n g);
 *             i < length (old.predecessors g m) |] ==> g |- (ns @ [m]) \<Down>s (ssaStep g m i s)
 * ```
 * Every state `s` with `g |- ns \<Down>s s`: more than one where the path enters a node through
 * one of several parallel edges (each edge index `i` is a separate derivation).
 *
 * @isabelle ssaBS
 */
export function ssaSem(g: CFG_SSA_Transformed_base, ns: readonly Node[]): State<Val>[] {
  if (ns.length === 0 || ns[0] !== g.Entry) return [];
  let states: State<Val>[] = [ssaStep(g, g.Entry, 0, new Map())];
  for (let k = 1; k < ns.length; k++) {
    const m = ns[k];
    if (!alpha_n(g).includes(m)) return [];
    const preds = g.predecessors(m);
    const next: State<Val>[] = [];
    for (const s of states) for (let i = 0; i < preds.length; i++) if (preds[i] === ns[k - 1]) next.push(ssaStep(g, m, i, s));
    states = next;
  }
  return states;
}
/** The AFP's name for {@link ssaSem}. */
export const ssaBS = ssaSem;

/** A path on which `equiv` fails: at use `v` of `last ns`, `var v` was last defined at `orig`, `v` at `ssa`. */
export interface EquivCounterexample {
  ns: Node[];
  v: Val;
  orig: Node | undefined;
  ssa: Node | undefined;
}

/**
 * `theorem equiv: [| g |- ns \<Down> s; g |- ns \<Down>s s'; v in uses g (last ns) |] ==> s (var g v) = s' v`,
 * checked along every path from Entry with at most `bound` nodes. Returns the first path that
 * breaks it, or `undefined`.
 *
 * `wildcard` (optional; not part of the AFP theory): original definitions holding uninitialised
 * content. A path on which `s (var g v)` is such a definition agrees with any `s' v`, `None`
 * included: `s (var g v) = s' v \/ wildcard (var g v) (the (s (var g v)))`.
 */
export function equivCounterexample(
  g: CFG_SSA_Transformed_base,
  bound: number,
  wildcard?: (x: Var, n: Node) => boolean,
): EquivCounterexample | undefined {
  for (const m of alpha_n(g)) {
    if (g.uses(m).length === 0) continue;
    for (const ns of paths(g, g.Entry, m, bound)) {
      const s = sem(g, ns)!;
      for (const s2 of ssaSem(g, ns)) {
        for (const v of g.uses(m)) {
          const o = s.get(g.var(v));
          if (o !== undefined && wildcard?.(g.var(v), o)) continue;
          if (o !== s2.get(v)) return { ns, v, orig: o, ssa: s2.get(v) };
        }
      }
    }
  }
  return undefined;
}

/**
 * {@link equivCounterexample} as a predicate: theorem `equiv` decided on paths up to `bound` nodes.
 *
 * @isabelle SSA_Semantics.equiv
 */
export function equiv(g: CFG_SSA_Transformed_base, bound: number): boolean {
  return equivCounterexample(g, bound) === undefined;
}
