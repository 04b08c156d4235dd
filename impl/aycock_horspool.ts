/**
 * Crude SSA construction: a phi for every variable at every join.
 *
 * Source: J. Aycock, N. Horspool, "Simple generation of static single-assignment form",
 * Compiler Construction (CC) 2000, LNCS 1781. Their "really crude" phase places a phi for every
 * variable in every block and renames; the minimisation phase then deletes phis of the forms
 * `v = phi(v, ..., v)` and `v = phi(v, ..., v, w, ..., w)` until none is left. Only the crude
 * phase is here: the result is valid SSA, neither pruned nor minimal. Minimisation is the
 * caller's: `substAllFast` (impl/notriv_fast.ts) removes exactly those trivial phis, and
 * `removeDeadPhis` (impl/prune.ts) then prunes.
 *
 * Deviations, and why:
 * - Phis only at nodes with at least two predecessors (counted with parallel edges, as
 *   `predecessors` counts them). A phi in a single-predecessor node has one argument and is
 *   removed by the first minimisation step anyway; instead such a node passes on the value at the
 *   end of its predecessor, exactly as the functional construction's `lookupDef` walks
 *   single-predecessor chains. Entry gets no phis (`Entry_no_phis`).
 * - Our exchange format has no `undef` value. The paper's crude phase puts a phi for every
 *   variable at every join even where some predecessor has no value for it; here the phi of `x`
 *   at a join is placed only where `x` is definitely assigned at the end of every predecessor,
 *   otherwise an argument would be undefined and break `allUses_def_ass`. "Definitely assigned"
 *   is the forward must-dataflow `in(n) = /\ out(p)` over the predecessors `p`, `in(Entry) = {}`,
 *   `out(n) = in(n) \/ defs(n)`, solved per variable by a worklist from the optimistic top: the
 *   fact "not definitely assigned" enters at Entry and flows along edges through nodes not
 *   defining the variable, and each node is lowered (and enters the worklist) at most once, so
 *   the fixpoint costs O(N + E) per variable.
 * - Renaming is the forward "current value" propagation over the nodes in DFS preorder (a
 *   single predecessor is always the DFS parent, so it comes first): the value of `x` on entry
 *   to `n` is its phi if it has one, else the value at the end of its only predecessor; at the
 *   end of `n` it is `n`'s definition if any, else the value on entry. Uses read the value on
 *   entry (defs and uses of a node are disjoint). Phi argument `i` is the value at the end of
 *   predecessor `i`. Values are the `ssaVal`s `(x, n, SimpleDef | PhiDef)` of impl/ssa_val.ts,
 *   so the output is comparable with the other constructions value for value.
 * - Garbage in: a use with no value (the input is not definitely assigned) reads
 *   `(x, Entry, PhiDef)`, an Entry phi without arguments, as constructCytron and the functional
 *   construction do; the checkers reject it. Nodes unreachable from Entry get no phis and their
 *   uses are dropped; their definitions keep their values; a phi argument on an edge from an
 *   unreachable predecessor is the phi's own value.
 * - No phi of `x` at a node that defines `x`. A model node is one node of the Isabelle graph,
 *   not a basic block (a block is its phi node followed by statement nodes, io/lower.ts), and
 *   `CFG_SSA_Transformed` requires the values defined at one node to have distinct variables
 *   (`allDefs_var_disjoint`); such a phi would also be dead, since the node's uses are disjoint
 *   from its defs and its definition overwrites the phi.
 * - Every variable gets phis, used or not: that is the crude phase (and what shows its unpruned
 *   nature).
 *
 * Complexity: O(V * (N + E)) time for the dataflow and the propagation (the crude phase places
 * up to V phis at every join, so its output is already that large), O(N + E + output) space;
 * the final numbering O(values log values). No recursion.
 */
import { depthFirst } from "../graph/dfs.js";
import type { Cfg } from "../spec/model.js";
import { assembleFromSlots, entrySlot, SKIP_USE } from "./cytron.js";
import type { Construction } from "./ssa_val.js";
import type { Tracer } from "./trace.js";
import type { Node, Var } from "../spec/ids.js";

/** Positions of a CSR list grouped by entry value: `out[x]` lists every position `k` with `list[k] = x`. */
function positionsByValue(list: Int32Array, count: number): { start: Int32Array; list: Int32Array } {
  const start = new Int32Array(count + 1);
  for (const x of list) start[x + 1]++;
  for (let i = 0; i < count; i++) start[i + 1] += start[i];
  const fill = start.slice(0, count);
  const out = new Int32Array(list.length);
  for (let k = 0; k < list.length; k++) out[fill[list[k]]++] = k;
  return { start, list: out };
}

/** The crude phase of Aycock and Horspool (with the deviations of the module comment). `trace`: one `aycock.phi` event per phi placed. */
export function constructAycockHorspool(g: Cfg, trace?: Tracer): Construction {
  const N = g.nodeCount;
  const V = g.varCount;
  const graph = g.graph;
  const entry = graph.Entry;
  const { start: ps, list: pl } = graph.preds;
  const { start: ss, list: sl } = graph.succs;
  const d = depthFirst(graph.succs, entry);
  const reachable = d.reachable;
  const preorder = d.preorder;
  const D = g.defRows.list.length;

  const defPos = positionsByValue(g.defRows.list, V); // variable -> positions in defRows.list
  const usePos = positionsByValue(g.useRows.list, V); // variable -> positions in useRows.list
  const defNodeOf = new Int32Array(D);
  for (let n = 0; n < N; n++) for (let k = g.defRows.start[n]; k < g.defRows.start[n + 1]; k++) defNodeOf[k] = n;
  const useNodeOf = new Int32Array(g.useRows.list.length);
  for (let n = 0; n < N; n++) for (let k = g.useRows.start[n]; k < g.useRows.start[n + 1]; k++) useNodeOf[k] = n;

  const defStamp = new Int32Array(N).fill(-1); // = x: the node defines x, at slot defSlot
  const defSlot = new Int32Array(N);
  const notDA = new Int32Array(N).fill(-1); // = x: x is not definitely assigned on entry
  const queue = new Int32Array(N);
  const valIn = new Int32Array(N); // slot of x on entry, -1 none
  const valOut = new Int32Array(N); // slot of x at the end, -1 none
  const read = (s: number, x: number): number => (s >= 0 ? s : entrySlot(x));

  const phiNode: number[] = [];
  const phiVar: number[] = [];
  const argStart: number[] = [0];
  const args: number[] = [];
  const useSlot = new Int32Array(g.useRows.list.length).fill(SKIP_USE);

  for (let x = 0; x < V; x++) {
    for (let j = defPos.start[x]; j < defPos.start[x + 1]; j++) {
      const k = defPos.list[j];
      defStamp[defNodeOf[k]] = x;
      defSlot[defNodeOf[k]] = k; // several definitions of x in one node: the last one (not CFG_wf)
    }
    // definite assignment: propagate "not assigned" from Entry through nodes not defining x
    let head = 0;
    let tail = 0;
    notDA[entry] = x;
    queue[tail++] = entry;
    while (head < tail) {
      const n = queue[head++];
      if (defStamp[n] === x) continue; // assigned at the end of n
      for (let k = ss[n]; k < ss[n + 1]; k++) {
        const s = sl[k];
        if (notDA[s] !== x) {
          notDA[s] = x;
          queue[tail++] = s;
        }
      }
    }
    // crude placement and current-value propagation, in DFS preorder
    const firstPhi = phiNode.length;
    for (let i = 0; i < preorder.length; i++) {
      const n = preorder[i];
      let vin: number;
      if (n === entry) vin = -1;
      else if (ps[n + 1] - ps[n] >= 2) {
        if (notDA[n] !== x && defStamp[n] !== x) {
          vin = D + phiNode.length;
          phiNode.push(n);
          phiVar.push(x);
          if (trace !== undefined) trace({ kind: "aycock.phi", def: "AycockHorspool.crude", variable: x as Var, node: n as Node });
        } else vin = -1;
      } else vin = valOut[pl[ps[n]]]; // the only predecessor, the DFS parent
      valIn[n] = vin;
      valOut[n] = defStamp[n] === x ? defSlot[n] : vin;
    }
    for (let j = usePos.start[x]; j < usePos.start[x + 1]; j++) {
      const k = usePos.list[j];
      const n = useNodeOf[k];
      if (reachable[n] === 1) useSlot[k] = read(valIn[n], x);
    }
    for (let q = firstPhi; q < phiNode.length; q++) {
      const n = phiNode[q];
      for (let k = ps[n]; k < ps[n + 1]; k++) {
        const p = pl[k];
        args.push(reachable[p] === 1 ? read(valOut[p], x) : D + q);
      }
      argStart.push(args.length);
    }
  }

  return assembleFromSlots(g, Int32Array.from(phiNode), Int32Array.from(phiVar), Int32Array.from(argStart), Int32Array.from(args), useSlot);
}
