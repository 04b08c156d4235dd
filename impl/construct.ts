/**
 * The functional SSA construction verified by Buchwald, Lohner and Ullrich, "Verified
 * Construction of Static Single Assignment Form", CC 2016, Section 4.1; AFP theory
 * Construct_SSA, locale `CFG_Construct` (catalog section 3.4). This file is the literal
 * version: each function follows its Isabelle equation, to be read next to the paper, and is
 * the oracle for the efficient refinement in construct_fast.ts (same output, tested).
 *
 * Deviation: Isabelle's `phiDefNodes_aux` recurses; here the recursion is an explicit stack
 * of frames with the same meaning (a node is "unvisited" unless it is on the current recursion
 * path), so its depth never touches the JS stack. It still explores every simple path
 * backwards from each use, as the equation does: exponential, for small CFGs.
 *
 * @theory Construct_SSA
 */
import type { Node, Val, Var } from "../spec/ids.js";
import type { Cfg } from "../spec/model.js";
import { vars } from "../spec/ssa_cfg.js";
import { buildConstruction, Construction, Def, ValTable } from "./ssa_val.js";
import type { Tracer } from "./trace.js";

/**
 * An SSA value `(var, node, Def)` before numbering: `ssaVal = 'var * 'node * Def`, whose
 * projections are the abbreviations `var = fst`, `defNode v = fst (snd v)`, `defKind v = snd (snd v)`.
 *
 * @isabelle ssaVal, CFG_Construct.defNode, CFG_Construct.defKind
 */
export type SsaVal = readonly [v: Var, n: Node, def: Def];

/**
 * ```
 * fun phiDefNodes_aux :: 'g => 'var => 'node list => 'node => 'node set where
 *   phiDefNodes_aux g v unvisited n =
 *     (if n notin set unvisited \/ v in defs g n then {}
 *      else fold (Un) [phiDefNodes_aux g v (removeAll n unvisited) m. m <- predecessors g n]
 *                     (if length (predecessors g n) ~= 1 then {n} else {}))
 * ```
 * `unvisited` is given as the set of nodes NOT in it (`visited`), which the recursion extends
 * by `n` for its calls below `n` only. `trace` (not Isabelle's): one `phiDefNodes_aux` event
 * at the end, with every node the recursion entered.
 */
export function phiDefNodes_aux(g: Cfg, v: Var, visited: ReadonlySet<Node>, n: Node, trace?: Tracer): Set<Node> {
  const result = new Set<Node>();
  // frame: the node of one recursive call, and which of its predecessors comes next
  type Frame = { n: Node; next: number };
  const onPath = new Set<Node>(visited);
  const stack: Frame[] = [];
  const entered = trace === undefined ? undefined : new Set<Node>();
  const enter = (x: Node) => {
    if (onPath.has(x) || g.defRows.has(x, v)) return;
    entered?.add(x);
    if (g.preds.count(x) !== 1) result.add(x);
    onPath.add(x); // removeAll x unvisited, for the calls below x
    stack.push({ n: x, next: 0 });
  };
  enter(n);
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.next < g.preds.count(top.n)) {
      enter(g.preds.at(top.n, top.next++));
    } else {
      onPath.delete(top.n);
      stack.pop();
    }
  }
  if (trace !== undefined) trace({ kind: "phiDefNodes_aux", def: "phiDefNodes_aux", variable: v, from: n, visited: [...entered!], found: [...result] });
  return result;
}

/** `phiDefNodes g v == fold (Un) [phiDefNodes_aux g v (alpha_n g) n. n <- alpha_n g, v in uses g n] {}`. */
export function phiDefNodes(g: Cfg, v: Var, trace?: Tracer): Set<Node> {
  const out = new Set<Node>();
  for (let n = 0 as Node; n < g.nodeCount; n++) {
    if (g.useRows.has(n, v)) for (const x of phiDefNodes_aux(g, v, new Set(), n, trace)) out.add(x);
  }
  return out;
}

/**
 * ```
 * function lookupDef :: 'g => 'node => 'var => ('node, 'var) ssaVal where
 *   lookupDef g n v =
 *     (if n notin set (alpha_n g) then undefined
 *      else if v in defs g n then (v,n,SimpleDef)
 *      else case predecessors g n of [m] => lookupDef g m v | _ => (v,n,PhiDef))
 * ```
 * Tail recursion, so a loop is literal. Terminates on CFGs where Entry reaches every node
 * (measure `shortestPath g n`); elsewhere a single-predecessor cycle would loop, so the loop
 * stops after `nodeCount` steps and reports it. `trace`: one `lookupDef` event per walk.
 */
export function lookupDef(g: Cfg, n: Node, v: Var, trace?: Tracer): SsaVal {
  const path: Node[] | undefined = trace === undefined ? undefined : [];
  for (let steps = 0; steps <= g.nodeCount; steps++) {
    path?.push(n);
    if (g.defRows.has(n, v)) {
      if (trace !== undefined) trace({ kind: "lookupDef", def: "lookupDef", variable: v, at: path![0], path: path!, found: n, phi: false });
      return [v, n, Def.SimpleDef];
    }
    if (g.preds.count(n) !== 1) {
      if (trace !== undefined) trace({ kind: "lookupDef", def: "lookupDef", variable: v, at: path![0], path: path!, found: n, phi: true });
      return [v, n, Def.PhiDef];
    }
    n = g.preds.at(n, 0);
  }
  throw new Error("lookupDef: a cycle of single-predecessor nodes (Entry_reaches does not hold)");
}

/**
 * `var g == fst`: the original variable of an SSA value.
 *
 * @isabelle CFG_Construct.var
 */
export function var_(v: SsaVal): Var {
  return v[0];
}

/** `lookupDefNode g n v == defNode (lookupDef g n v)`. */
export function lookupDefNode(g: Cfg, n: Node, v: Var): Node {
  return lookupDef(g, n, v)[1];
}

/** `defs' g n == (%v. (v,n,SimpleDef)) ` defs g n`. */
export function defsPrime(g: Cfg, n: Node): SsaVal[] {
  return g.defs(n).map((v) => [v, n, Def.SimpleDef] as const);
}

/** `uses' g n == lookupDef g n ` uses g n`. */
export function usesPrime(g: Cfg, n: Node, trace?: Tracer): SsaVal[] {
  return g.uses(n).map((v) => lookupDef(g, n, v, trace));
}

/**
 * ```
 * phis' g (n,(v,m,def)) = (if m = n /\ n in phiDefNodes g v /\ v in vars g /\ def = PhiDef
 *                          then Some [lookupDef g m v. m <- predecessors g n] else None)
 * ```
 */
export function phisPrime(g: Cfg, n: Node, [v, m, def]: SsaVal, trace?: Tracer): SsaVal[] | undefined {
  if (m === n && def === Def.PhiDef && vars(g).has(v) && phiDefNodes(g, v, trace).has(n)) {
    return g.predecessors(n).map((p) => lookupDef(g, p, v, trace));
  }
  return undefined;
}

/**
 * The SSA CFG `braun_ssa` of `CFG_Construct`: `defs'`, `uses'`, `phis'` on the original's
 * graph, with `var = fst`. By `braun_ssa_CFG_SSA_Transformed` and `phis'_pruned` it is a valid,
 * conventional and pruned translation whenever the input is `CFG_wf`.
 *
 * `trace` receives the searches of `phiDefNodes_aux` (per variable, from each use) and the walks
 * of `lookupDef` (from each use, then from each predecessor of each phi node), each once.
 *
 * @standin CFG_Construct, CFG_Construct_wf: the locales assume nothing beyond CFG (CFG_wf),
 * which spec/ssa_cfg.ts decides; what they add are the construction's definitions, transcribed
 * in this file, and construct computes the SSA CFG they define
 */
export function construct(g: Cfg, trace?: Tracer): Construction {
  const key = ([v, n, d]: SsaVal) => ValTable.key(v, n, d, g.nodeCount);
  const keys: number[] = [];
  const phiNodesOf = new Map<Var, Set<Node>>();
  for (const v of vars(g)) phiNodesOf.set(v, phiDefNodes(g, v, trace));
  for (let n = 0 as Node; n < g.nodeCount; n++) for (const d of defsPrime(g, n)) keys.push(key(d));
  for (const [v, ns] of phiNodesOf) for (const n of ns) keys.push(key([v, n, Def.PhiDef]));
  // uses' g n, once per node (for the keys, then for the rows)
  const usesOf: SsaVal[][] = [];
  for (let n = 0 as Node; n < g.nodeCount; n++) usesOf.push(usesPrime(g, n, trace));
  // uses' may name values outside defs'/phis' only when the input is not definitely assigned
  for (const us of usesOf) for (const u of us) keys.push(key(u));
  const vals = ValTable.fromKeys(keys, g.nodeCount);
  const id = ([v, n, d]: SsaVal): Val => vals.find(v, n, d);

  const defs: number[][] = [];
  const uses: number[][] = [];
  const phis: [Val, number[]][][] = [];
  for (let n = 0 as Node; n < g.nodeCount; n++) {
    defs.push(defsPrime(g, n).map(id));
    uses.push(usesOf[n].map(id));
    phis.push([]);
  }
  for (const [v, ns] of phiNodesOf) {
    // phis' g (n,(v,n,PhiDef)) = Some [lookupDef g m v. m <- predecessors g n], as n in phiDefNodes g v
    for (const n of ns) phis[n].push([id([v, n, Def.PhiDef]), g.predecessors(n).map((m) => id(lookupDef(g, m, v, trace)))]);
  }
  return buildConstruction(g, vals, defs, uses, phis);
}
