/**
 * Theory Minimality (AFP Formal_SSA), literal and executable: Cytron et al.'s path convergence,
 * necessary phis, Cytron-minimality, reducibility, the phi count.
 *
 * The definitions of trivial phis (`isTrivialPhi`, `trivial`, `redundant`) live in SSA_CFG,
 * as in Isabelle; they are re-exported here because the paper presents them with minimality.
 *
 * @theory Minimality
 */
import { alpha_n, dominates, graph_Entry_base, path2, paths } from "./graph_path.js";
import type { Node, Val, Var } from "./ids.js";
import { allVars, CFG_SSA_Transformed_base, defNode, old, phi } from "./ssa_cfg.js";

export { isTrivialPhi, trivialPhi, trivial, redundant } from "./ssa_cfg.js";

/**
 * ```
 * pathsConverge g x xs y ys z == g |- x-xs->z /\ g |- y-ys->z /\ length xs > 1 /\ length ys > 1 /\ x ~= y /\
 *   (ALL j in {0..< length xs}. ALL k in {0..<length ys}. xs ! j = ys ! k --> j = length xs - 1 \/ k = length ys - 1)
 * ```
 */
export function pathsConverge(
  g: graph_Entry_base,
  x: Node,
  xs: readonly Node[],
  y: Node,
  ys: readonly Node[],
  z: Node,
): boolean {
  if (!(path2(g, x, xs, z) && path2(g, y, ys, z) && xs.length > 1 && ys.length > 1 && x !== y)) return false;
  for (let j = 0; j < xs.length; j++)
    for (let k = 0; k < ys.length; k++)
      if (xs[j] === ys[k] && !(j === xs.length - 1 || k === ys.length - 1)) return false;
  return true;
}

/**
 * ```
 * pathsConverge' g x xs y ys z == g |- x-xs->z /\ g |- y-ys->z /\ length xs > 1 /\ length ys > 1 /\ x ~= y /\
 *   set (butlast xs) Int set (butlast ys) = {}
 * ```
 * Equivalent to {@link pathsConverge} (lemma `pathsConverge'`).
 */
export function pathsConvergePrime(
  g: graph_Entry_base,
  x: Node,
  xs: readonly Node[],
  y: Node,
  ys: readonly Node[],
  z: Node,
): boolean {
  if (!(path2(g, x, xs, z) && path2(g, y, ys, z) && xs.length > 1 && ys.length > 1 && x !== y)) return false;
  const bx = xs.slice(0, -1);
  return !ys.slice(0, -1).some((n) => bx.includes(n));
}

/**
 * `reducible g == ALL n ns. g |- n-ns->n --> (EX m in set ns. ALL n in set ns. dominates g m n)`.
 * Exact with the default bound `nodeCount + 1`: a closed path is a chain of simple cycles each
 * sharing a node with the ones before; if each has a dominating node, the one of them highest
 * in the (totally ordered) dominators of a shared node dominates the union.
 */
export function reducible(g: graph_Entry_base, bound = g.nodeCount + 1): boolean {
  const dom = domMatrix(g);
  for (const n of alpha_n(g)) {
    for (const ns of paths(g, n, n, bound)) {
      if (!ns.some((m) => ns.every((x) => dom[m][x]))) return false;
    }
  }
  return true;
}

/** `dominates g a b` for all pairs, literal. */
function domMatrix(g: graph_Entry_base): boolean[][] {
  return alpha_n(g).map((a) => alpha_n(g).map((b) => dominates(g, a, b)));
}

/**
 * ```
 * necessaryPhi g v z == EX n ns m ms. old.pathsConverge g n ns m ms z /\ v in oldDefs g n /\ v in oldDefs g m
 * ```
 * Exact with the default bound `nodeCount + 1`: each converging path can be shortened to a
 * simple path, or to a simple cycle through `z` when it starts at `z`.
 */
export function necessaryPhi(g: CFG_SSA_Transformed_base, v: Var, z: Node, bound = g.nodeCount + 1): boolean {
  return necessaryPhiWitness(g, v, z, bound) !== undefined;
}

/** The two converging paths of {@link necessaryPhi}, if any. */
export function necessaryPhiWitness(
  g: CFG_SSA_Transformed_base,
  v: Var,
  z: Node,
  bound = g.nodeCount + 1,
): { n: Node; ns: Node[]; m: Node; ms: Node[] } | undefined {
  const o = old(g);
  const defining = alpha_n(g).filter((n) => o.defs(n).includes(v));
  for (const n of defining) {
    for (const ns of paths(g, n, z, bound)) {
      if (ns.length <= 1) continue;
      for (const m of defining) {
        if (m === n) continue;
        for (const ms of paths(g, m, z, bound)) if (pathsConverge(g, n, ns, m, ms, z)) return { n, ns, m, ms };
      }
    }
  }
  return undefined;
}

/** `necessaryPhi' g val == necessaryPhi g (var g val) (defNode g val)`. */
export function necessaryPhiPrime(g: CFG_SSA_Transformed_base, val: Val, bound = g.nodeCount + 1): boolean {
  const z = defNode(g, val);
  return z !== undefined && necessaryPhi(g, g.var(val), z, bound);
}

/** `unnecessaryPhi g val == phi g val ~= None /\ ~ necessaryPhi' g val`. */
export function unnecessaryPhi(g: CFG_SSA_Transformed_base, val: Val, bound = g.nodeCount + 1): boolean {
  return phi(g, val) !== undefined && !necessaryPhiPrime(g, val, bound);
}

/** `cytronMinimal g == ALL v in allVars g. phi g v ~= None --> necessaryPhi' g v`. */
export function cytronMinimal(g: CFG_SSA_Transformed_base, bound = g.nodeCount + 1): boolean {
  for (const v of allVars(g)) if (phi(g, v) !== undefined && !necessaryPhiPrime(g, v, bound)) return false;
  return true;
}

/**
 * `phiCount g = card ((%(n,v). (n, var g v)) ` dom (phis g))`; equal to `card (dom (phis g))`
 * under `allDefs_var_disjoint` (lemma `phiCount`).
 */
export function phiCount(g: CFG_SSA_Transformed_base): number {
  return new Set(g.phiKeys().map(([n, v]) => `${n}:${g.var(v)}`)).size;
}

/**
 * Theory Serial_Rel: `serial_on A r` - every element of `A` has an `r`-successor in `A`. With
 * `serial_on_finite_cycle`, the minimality proof's source of cycles.
 *
 * @isabelle Serial_Rel.serial_on
 */
export function serial_on<T>(A: readonly T[], r: readonly (readonly [T, T])[]): boolean {
  return A.every((a) => r.some(([x, y]) => x === a && A.includes(y)));
}
