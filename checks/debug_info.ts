/**
 * `debug_correct` (spec/debug_info.ts, an extension: the AFP has no debug information), decided
 * exactly, and the coverage figures beside it.
 *
 * Locations. The debugger's location of every tracked variable at every node is the maximal
 * fixpoint of the forward problem of spec/debug_info.ts: TOP (no path yet) at every node, the
 * entry's in-state unavailable; a node's out-state is the meet of its predecessors' (equal
 * locations stay, different ones become unavailable, TOP is the identity), then its records in
 * order. The lattice is flat, so every entry changes at most twice; the transfer functions are
 * constants and identities (distributive), so the fixpoint is the meet over all paths, which is
 * the literal `debugLoc`. A node left at TOP is unreachable: not a point.
 *
 * Correctness. Where the location of `x` at `p` is an SSA value `v`: a value of another
 * variable is wrong at once (a shortest path to `p` is the witness); otherwise the question "on
 * every execution ending at `p`, `s x = s' v`?" is `equiv`'s, for a use of `v` at `p` that the
 * SSA CFG does not have, and equiv's exact search (`EquivQuery`) answers it with an execution
 * where they differ; uninitialised definitions are its wildcards (an execution whose last
 * definition of `x` is one agrees with any value, as `debugRightOnPath` says). A node that
 * defines neither `x` nor `v` (nor a phi of `v`), whose reached predecessors were all answered
 * right for `v`, is right without a question (the executions to it are those to a predecessor,
 * one step longer, with the same two sides): nodes are taken in reverse postorder, so a block's
 * chain of statement nodes costs one question. Its states found safe are shared between questions, so a function's whole
 * table costs about what `equiv` costs for as many uses.
 *
 * Coverage (like llvm-locstats): per variable, the points in its scope (some path from Entry
 * defines it in the original, uninitialised content left out), those of them where its location
 * is an available value, and those where an exact construction's is (every path defines it:
 * `debugExactAvailable`). Opaque locations are counted apart: not covered.
 */
import { isOpaque, isValueLocation, UNAVAILABLE, type DebugRecord } from "../spec/debug_info.js";
import type { Node, Val, Var } from "../spec/ids.js";
import type { Graph, Transformed } from "../spec/model.js";
import { shortestPath, SsaIndex } from "./context.js";
import { EquivQuery } from "./equiv.js";
import { MAX_WITNESSES } from "./verdict.js";

export const DEBUG_CORRECT = "debug_correct";

/** No path reaches the node yet (the fixpoint's start); left so, the node is unreachable. */
export const TOP = 0x7fffffff;

const RIGHT = 1;
const WRONG = 2;

/** The producer's debug records, in model ids. */
export interface DebugInput {
  /** The variables with a home in the original (tracked). */
  vars: readonly Var[];
  /** Per node, its records in order (acting at the node's end). */
  records: readonly (readonly DebugRecord[])[];
  /**
   * Original definitions holding uninitialised content (an uninitialised local; GCC's clobber at
   * the end of a scope): they put no point in scope, and where one is the variable's last
   * definition on a path, any location is right on that path (the variable's value is
   * indeterminate: any value refines it).
   */
  uninitialised?: (x: Var, n: Node) => boolean;
}

/** A wrong location: along `path` (from Entry; `edges[k]` the in-edge index into `path[k+1]`), at its last node the debugger shows `shown` for `var`. */
export interface DebugWitness {
  path: Node[];
  edges: number[];
  point: Node;
  var: Var;
  shown: Val;
  /** The node of `var`'s last definition in the original on the path (null: none). */
  orig: Node | null;
  /** The node whose definition `shown` holds on the path (null: none). */
  ssa: Node | null;
  /** The SSA value of `var` that `orig` defines: what the variable holds (null: none). */
  held: Val | null;
}

/** One variable's figures: point counts. */
export interface DebugCoverage {
  var: Var;
  /** Points in scope (some path defines the variable, uninitialised content left out). */
  scope: number;
  /** Points in scope whose location is an SSA value. */
  available: number;
  /** Points in scope where an exact construction's location is available (every path defines it). */
  exact: number;
  /** Points in scope whose location is opaque (not covered). */
  notCovered: number;
  /** Points whose location is wrong. */
  wrong: number;
}

export interface DebugVerdict {
  readonly property: typeof DEBUG_CORRECT;
  readonly holds: boolean;
  /** Wrong (point, variable) pairs. */
  readonly failures: number;
  readonly witnesses: DebugWitness[];
  /** Records of tracked variables. */
  readonly records: number;
  readonly coverage: DebugCoverage[];
  /** `node * vars.length + i`: the location of `vars[i]` at the end of `node` (TOP: unreachable). */
  readonly locations: Int32Array;
}

function meet(a: number, b: number): number {
  if (a === TOP) return b;
  if (b === TOP || a === b) return a;
  return UNAVAILABLE;
}

/** Reverse postorder of the nodes reachable from Entry (iterative depth-first search). */
function reversePostorder(g: Graph): Int32Array {
  const succs = g.succs;
  const N = g.nodeCount;
  const seen = new Uint8Array(N);
  const order: number[] = [];
  const stack = [g.Entry as number];
  const next = [succs.start[g.Entry]];
  seen[g.Entry] = 1;
  while (stack.length > 0) {
    const n = stack[stack.length - 1];
    const k = next[next.length - 1];
    if (k < succs.start[n + 1]) {
      next[next.length - 1] = k + 1;
      const s = succs.list[k];
      if (!seen[s]) {
        seen[s] = 1;
        stack.push(s);
        next.push(succs.start[s]);
      }
    } else {
      stack.pop();
      next.pop();
      order.push(n);
    }
  }
  return Int32Array.from(order.reverse());
}

/** The debugger's locations: see the module comment and `DebugVerdict.locations`. */
export function debugLocations(g: Graph, vars: readonly Var[], records: readonly (readonly DebugRecord[])[], rpo = reversePostorder(g)): Int32Array {
  const N = g.nodeCount;
  const T = vars.length;
  const slot = new Map<number, number>();
  vars.forEach((x, i) => slot.set(x, i));
  const out = new Int32Array(N * T).fill(TOP);
  if (T === 0) return out;
  const rank = new Int32Array(N).fill(-1);
  rpo.forEach((n, i) => (rank[n] = i));
  // a worklist in reverse postorder: a bit per rank, scanned from the lowest pending one
  const pending = new Uint8Array(rpo.length).fill(1);
  let low = 0;
  const cur = new Int32Array(T);
  const { start: ps, list: pl } = g.preds;
  const succs = g.succs;
  while (low < rpo.length) {
    if (!pending[low]) {
      low++;
      continue;
    }
    pending[low] = 0;
    const n = rpo[low];
    if (n === g.Entry) cur.fill(UNAVAILABLE);
    else {
      cur.fill(TOP);
      for (let k = ps[n]; k < ps[n + 1]; k++) {
        const p = pl[k];
        if (rank[p] < 0) continue;
        for (let t = 0; t < T; t++) cur[t] = meet(cur[t], out[p * T + t]);
      }
    }
    for (const r of records[n] ?? []) {
      const t = slot.get(r.var);
      if (t !== undefined) cur[t] = r.loc;
    }
    let changed = false;
    for (let t = 0; t < T; t++)
      if (out[n * T + t] !== cur[t]) {
        out[n * T + t] = cur[t];
        changed = true;
      }
    if (!changed) {
      low++;
      continue;
    }
    let back = low + 1;
    for (let k = succs.start[n]; k < succs.start[n + 1]; k++) {
      const r = rank[succs.list[k]];
      pending[r] = 1;
      if (r < back) back = r;
    }
    low = back;
  }
  return out;
}

/** `s x` and `s' v` at the end of an execution (nodes and in-edge indices), by the two semantics. */
function lastDefinitions(t: Transformed, path: readonly Node[], edges: readonly number[], x: Var, v: Val): { orig: Node | null; ssa: Node | null } {
  let orig: Node | null = null;
  let state = new Map<number, Node>();
  path.forEach((n, k) => {
    if (t.old.defRows.has(n, x)) orig = n;
    const next = new Map(state);
    const s = t.ssa;
    for (let p = s.phiStart[n]; p < s.phiStart[n + 1]; p++) {
      const i = k === 0 ? 0 : edges[k - 1];
      const a = i < s.args.count(p) ? state.get(s.args.at(p, i)) : undefined;
      if (a === undefined) next.delete(s.phiDef[p]);
      else next.set(s.phiDef[p], a);
    }
    for (let j = s.defRows.start[n]; j < s.defRows.start[n + 1]; j++) next.set(s.defRows.list[j], n);
    state = next;
  });
  return { orig, ssa: state.get(v) ?? null };
}

/** The value of `x` that `n` defines in the SSA CFG, if any. */
function valueDefinedAt(t: Transformed, n: Node | null, x: Var): Val | null {
  if (n === null) return null;
  const s = t.ssa;
  for (let j = s.defRows.start[n]; j < s.defRows.start[n + 1]; j++) if (t.varOf[s.defRows.list[j]] === x) return s.defRows.list[j] as Val;
  return null;
}

/** `debug_correct` with its witnesses, and the coverage. */
export function debug_correct(t: Transformed, input: DebugInput, idx?: SsaIndex): DebugVerdict {
  const g = t.graph;
  const N = g.nodeCount;
  const vars = input.vars;
  const T = vars.length;
  const rpo = reversePostorder(g);
  const loc = debugLocations(g, vars, input.records, rpo);
  // one buffer each for every variable's scope and exact points
  const scopeBuffer = new Uint8Array(N);
  const exactBuffer = new Uint8Array(N);
  const tracked = new Set<number>(vars);
  let records = 0;
  for (const rs of input.records) for (const r of rs ?? []) if (tracked.has(r.var)) records++;
  const witnesses: DebugWitness[] = [];
  let failures = 0;
  let query: EquivQuery | undefined;
  // per point and tracked variable (as `locations`): whether its value location is right
  const answered = new Int8Array(N * T);
  const coverage: DebugCoverage[] = [];
  const reached = (n: number) => T > 0 && loc[n * T] !== TOP;
  const pathTo = (p: number): { path: Node[]; edges: number[] } => {
    const path = shortestPath(g, g.Entry, p)!;
    const edges: number[] = [];
    for (let k = 1; k < path.length; k++) edges.push(g.preds.row(path[k]).indexOf(path[k - 1]));
    return { path, edges };
  };
  for (let i = 0; i < T; i++) {
    const x = vars[i];
    const cov: DebugCoverage = { var: x, scope: 0, available: 0, exact: 0, notCovered: 0, wrong: 0 };
    const inScope = scopeOf(t, x, reached, input.uninitialised, scopeBuffer);
    const exact = definitelyDefined(t, x, reached, exactBuffer);
    // in reverse postorder, so that a node's predecessors are answered before it (but along back edges)
    for (let r = 0; r < rpo.length; r++) {
      const p = rpo[r];
      const l = loc[p * T + i];
      if (inScope[p]) {
        cov.scope++;
        if (exact[p]) cov.exact++;
        if (isValueLocation(l)) cov.available++;
        else if (isOpaque(l)) cov.notCovered++;
      }
      if (!isValueLocation(l)) continue;
      const v = l as Val;
      let witness: (() => DebugWitness) | undefined;
      if (t.varOf[v] !== x) {
        witness = () => {
          const { path, edges } = pathTo(p);
          const d = lastDefinitions(t, path, edges, x, v);
          return { path, edges, point: p as Node, var: x, shown: v, ...d, held: valueDefinedAt(t, d.orig, x) };
        };
      } else {
        let right: boolean | undefined;
        // a node that changes neither side and whose reached predecessors are all answered right
        // for this value (a statement node's one predecessor, most of them): every execution to
        // it is one to a predecessor and one step that keeps `s x` and `s' v`
        if (p !== g.Entry && keepsBoth(t, p, x, v)) {
          let all = true;
          for (let k = g.preds.start[p]; all && k < g.preds.start[p + 1]; k++) {
            const q = g.preds.list[k];
            if (reached(q) && !(answered[q * T + i] === RIGHT && loc[q * T + i] === v)) all = false;
          }
          if (all) right = true;
        }
        if (right === undefined) {
          query ??= new EquivQuery(t, idx ?? new SsaIndex(t.ssa), input.uninitialised);
          const w = query.disagreement(p as Node, v, x);
          right = w === undefined;
          if (w !== undefined && w.kind === "equiv") {
            const found = { path: w.path, edges: w.edges, point: p as Node, var: x, shown: v, orig: w.orig, ssa: w.ssa, held: valueDefinedAt(t, w.orig, x) };
            witness = () => found;
          }
        }
        answered[p * T + i] = right ? RIGHT : WRONG;
      }
      if (witness === undefined) continue;
      failures++;
      cov.wrong++;
      if (witnesses.length < MAX_WITNESSES) witnesses.push(witness());
    }
    coverage.push(cov);
  }
  return { property: DEBUG_CORRECT, holds: failures === 0, failures, witnesses, records, coverage, locations: loc };
}

/** Whether node `n` defines neither `x` in the original nor `v` in the SSA (by a statement or a phi). */
function keepsBoth(t: Transformed, n: number, x: Var, v: Val): boolean {
  if (t.old.defRows.has(n, x) || t.ssa.defRows.has(n, v)) return false;
  for (let q = t.ssa.phiStart[n]; q < t.ssa.phiStart[n + 1]; q++) if (t.ssa.phiDef[q] === v) return false;
  return true;
}

/** Points reached from an original definition of `x` that is not uninitialised content. */
function scopeOf(t: Transformed, x: Var, reached: (n: number) => boolean, uninitialised: ((x: Var, n: Node) => boolean) | undefined, inScope: Uint8Array): Uint8Array {
  const g = t.graph;
  const N = g.nodeCount;
  inScope.fill(0);
  const stack: number[] = [];
  for (let n = 0; n < N; n++)
    if (reached(n) && t.old.defRows.has(n, x) && !uninitialised?.(x, n as Node)) {
      inScope[n] = 1;
      stack.push(n);
    }
  const succs = g.succs;
  while (stack.length > 0) {
    const n = stack.pop()!;
    for (let k = succs.start[n]; k < succs.start[n + 1]; k++) {
      const s = succs.list[k];
      if (!inScope[s]) {
        inScope[s] = 1;
        stack.push(s);
      }
    }
  }
  return inScope;
}

/** Points where every path from Entry defines `x` in the original (greatest fixpoint, a worklist of nodes turned false). */
function definitelyDefined(t: Transformed, x: Var, reached: (n: number) => boolean, out: Uint8Array): Uint8Array {
  const g = t.graph;
  const N = g.nodeCount;
  for (let n = 0; n < N; n++) out[n] = reached(n) ? 1 : 0;
  const stack: number[] = [];
  // Entry without a definition starts undefined (the path [Entry]); everything else follows
  if (reached(g.Entry) && !t.old.defRows.has(g.Entry, x)) {
    out[g.Entry] = 0;
    stack.push(g.Entry);
  }
  const succs = g.succs;
  while (stack.length > 0) {
    const n = stack.pop()!;
    for (let k = succs.start[n]; k < succs.start[n + 1]; k++) {
      const s = succs.list[k];
      if (out[s] && !t.old.defRows.has(s, x)) {
        out[s] = 0;
        stack.push(s);
      }
    }
  }
  return out;
}
