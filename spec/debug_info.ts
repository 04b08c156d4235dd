/**
 * The debugger's view of an SSA translation: an EXTENSION of SSA_Semantics, not a transcription.
 * The AFP (Formal_SSA, Minimal_SSA) has no debug information and no name for this property;
 * the names here are formal-ssa's own (docs/debug-info.md).
 *
 * A producer that promotes a variable to SSA values writes debug records (LLVM's
 * `llvm.dbg.value(%v, !x)`, GCC's `# DEBUG x => x_5`): "from here on, the debugger finds `x` in
 * the value `v`". On top of the translation `CFG_SSA_Transformed_base` this adds:
 *
 * - `debugVars`: the variables that have a home in the original (LLVM: an alloca with
 *   `dbg.declare`; GCC: a user variable that into-SSA renames), the ones the debugger shows;
 * - `debugRecords n`: node `n`'s records, in order, each a variable and a location. A location
 *   is an SSA value (`>= 0`), `UNAVAILABLE` (`undef`, `poison`, GCC's `NULL`: "optimised
 *   out"), or an opaque location (`<= OPAQUE_BASE`): one this model cannot judge (a GCC debug
 *   temporary `D#1`, an expression, a `DW_OP_deref`, a fragment), each record its own.
 *
 * Points. A point is a reachable node of the model; its records act at its end, after its phis
 * and its definitions, in their order. The model's node is atomic (a set of defs and uses, the
 * semantics steps it as one), so a point inside a node does not exist here: a record written
 * between two statements of one node acts at the end of that node (docs/debug-info.md says
 * what that leaves out).
 *
 * The debugger's location (`debugLoc`), computed as the compilers' own debug data flow does
 * (LLVM's LiveDebugValues, GCC's var-tracking): a record sets it, it flows along edges, and at
 * a join it keeps a location only where every incoming edge brings the same one, else it is
 * unavailable; at Entry, before any record, it is unavailable. This forward problem over the
 * flat lattice is distributive (every node's transfer is a constant or the identity), so its
 * maximal fixpoint equals the meet over all paths, which is the literal definition below: the
 * location at `p` is `l` iff on EVERY path from Entry to `p` the last record of `x` is `l` and
 * `l` is available. (Join rule: must-agree. A path-wise rule, "the last record on the path
 * taken", would give a location at every point some record reaches on each path; it would call
 * wrong the points where paths disagree and one of their records is stale there, which the
 * must-agree rule reports as unavailable: a loss. The compilers emit what the must-agree rule
 * computes, so that is what a debugger shows.)
 *
 * Correct (`debug_correct`): wherever the location of `x` at `p` is an SSA value `v`, `v` is a
 * value of `x` (`var g v = x`) and on every path `ns` from Entry to `p`,
 * `s x = s' v` for `g |- ns \<Down> s` and `g |- ns \<Down>s s'`: `v` stands for the variable's
 * last definition in the original, as `equiv` asks of a use of `v` at `p`. An unavailable
 * location is never wrong (it is a loss); an opaque one is not covered (never called correct).
 * Where the last definition holds uninitialised content (given as a predicate: an
 * uninitialised local, GCC's clobber at a scope's end), the value is indeterminate and any
 * location is right on that path, as `equiv` under `--undef refine`.
 */
import { alpha_n, paths, simplePathBound } from "./graph_path.js";
import type { Node, Val, Var } from "./ids.js";
import type { CFG_SSA_Transformed_base } from "./ssa_cfg.js";
import { sem, ssaSem } from "./ssa_semantics.js";

/** A location: an SSA value (`>= 0`), `UNAVAILABLE`, or an opaque location (`<= OPAQUE_BASE`). */
export type DebugLocation = number;
/** `undef`, `poison`, `NULL`, or no record yet: the debugger says "optimised out". */
export const UNAVAILABLE = -1;
/** Opaque location `k` (k >= 0) is `OPAQUE_BASE - k`. */
export const OPAQUE_BASE = -2;

/** Opaque location number `k`. */
export function opaque(k: number): DebugLocation {
  return OPAQUE_BASE - k;
}
export function isValueLocation(l: DebugLocation): boolean {
  return l >= 0;
}
export function isOpaque(l: DebugLocation): boolean {
  return l <= OPAQUE_BASE;
}

/** One debug record: from the end of its node on, the debugger finds `var` in `loc`. */
export interface DebugRecord {
  readonly var: Var;
  readonly loc: DebugLocation;
}

/** A translation with the producer's debug records. */
export interface CFG_SSA_Debug_base extends CFG_SSA_Transformed_base {
  /** The variables with a home in the original: the ones the debugger shows. */
  debugVars(): readonly Var[];
  /** Node `n`'s records in their order (acting at the end of `n`). */
  debugRecords(n: Node): readonly DebugRecord[];
}

/** The last record of `x` along `ns` (each node's records in order), `UNAVAILABLE` if none. */
export function lastRecord(g: CFG_SSA_Debug_base, ns: readonly Node[], x: Var): DebugLocation {
  let loc: DebugLocation = UNAVAILABLE;
  for (const n of ns) for (const r of g.debugRecords(n)) if (r.var === x) loc = r.loc;
  return loc;
}

/**
 * `debugLoc g p x`: the location every path from Entry to `p` agrees on (its last record of
 * `x`), or `UNAVAILABLE` where two paths disagree or one has none; `undefined` where `p` is not
 * reached (no point). Exact with the default bound `2 * nodeCount`: a path's last record of `x`
 * is at some node `r` (or there is none); a path whose prefix up to `r` and whose rest after `r`
 * are both simple has the same last record, and a path without a record shortens to a simple
 * one without a record.
 */
export function debugLoc(g: CFG_SSA_Debug_base, p: Node, x: Var, bound = 2 * g.nodeCount): DebugLocation | undefined {
  let out: DebugLocation | undefined;
  for (const ns of paths(g, g.Entry, p, bound)) {
    const l = lastRecord(g, ns, x);
    if (out === undefined) out = l;
    else if (out !== l) out = UNAVAILABLE;
  }
  return out;
}

/**
 * Whether location `v` (an SSA value) of `x` is right at the end of path `ns` from Entry: `v` is
 * a value of `x` and, for the path's states, `s x = s' v` (for every `s'`: parallel edges give
 * more than one derivation), or `s x` is a definition that `uninitialised` names (uninitialised
 * content, or GCC's clobber at the end of a scope: the variable's value is indeterminate, and
 * any value refines it, as under `--undef refine`).
 */
export function debugRightOnPath(g: CFG_SSA_Debug_base, ns: readonly Node[], x: Var, v: Val, uninitialised?: (x: Var, n: Node) => boolean): boolean {
  if (g.var(v) !== x) return false;
  const s = sem(g, ns);
  if (s === undefined) return true; // no path: nothing to be wrong about
  const o = s.get(x);
  if (o !== undefined && uninitialised?.(x, o)) return true; // an indeterminate value: any location refines it
  return ssaSem(g, ns).every((s2) => o === s2.get(v));
}

/** A wrong location: along `ns` (from Entry to the point `last ns`), the debugger shows `shown` for `x`. */
export interface DebugCounterexample {
  ns: Node[];
  x: Var;
  shown: Val;
  /** The node of `x`'s last definition in the original on `ns` (`s x`), undefined if none. */
  orig: Node | undefined;
  /** The node of `shown`'s last definition on `ns` (`s' shown`, the first derivation). */
  ssa: Node | undefined;
}

/**
 * `debug_correct` decided on paths: every point `p` and variable `x` of `debugVars` whose
 * location (`debugLoc`, exact with `locBound`) is a value, that value is right on every path to
 * `p` with at most `bound` nodes. Returns the first wrong one, or undefined.
 */
export function debugCounterexample(g: CFG_SSA_Debug_base, bound: number, locBound = 2 * g.nodeCount, uninitialised?: (x: Var, n: Node) => boolean): DebugCounterexample | undefined {
  for (const p of alpha_n(g)) {
    for (const x of g.debugVars()) {
      const l = debugLoc(g, p, x, locBound);
      if (l === undefined || !isValueLocation(l)) continue;
      const v = l as Val;
      for (const ns of paths(g, g.Entry, p, bound)) {
        if (debugRightOnPath(g, ns, x, v, uninitialised)) continue;
        const s2 = ssaSem(g, ns)[0];
        return { ns, x, shown: v, orig: sem(g, ns)!.get(x), ssa: s2?.get(v) };
      }
    }
  }
  return undefined;
}

/** {@link debugCounterexample} as a predicate (bounded: see there). */
export function debug_correct(g: CFG_SSA_Debug_base, bound: number, uninitialised?: (x: Var, n: Node) => boolean): boolean {
  return debugCounterexample(g, bound, 2 * g.nodeCount, uninitialised) === undefined;
}

/**
 * `debugInScope g p x`: some path from Entry to `p` defines `x` in the original with a
 * definition that `counts` (default: every definition; the adapters leave out uninitialised
 * content): `p` is in `x`'s scope. Exact with the default bound `2 * nodeCount`: a simple path
 * from Entry to the definition, then a simple one on to `p`.
 */
export function debugInScope(g: CFG_SSA_Debug_base, p: Node, x: Var, counts: (n: Node) => boolean = () => true, bound = 2 * g.nodeCount): boolean {
  for (const ns of paths(g, g.Entry, p, bound)) if (ns.some((n) => g.oldDefs(n).includes(x) && counts(n))) return true;
  return false;
}

/**
 * `debugExactAvailable g p x`: every path from Entry to `p` defines `x` in the original
 * (`defAss'`, uninitialised content included). There, and only there, an exact construction's
 * location is available: one that writes a record after every definition and every phi of a
 * minimal SSA form names, on every path, the one value that stands for the last definition.
 */
export function debugExactAvailable(g: CFG_SSA_Debug_base, p: Node, x: Var, bound = simplePathBound(g)): boolean {
  let any = false;
  for (const ns of paths(g, g.Entry, p, bound)) {
    any = true;
    if (!ns.some((n) => g.oldDefs(n).includes(x))) return false;
  }
  return any;
}

/** The translation `t` with per-node records and the variables with a home. */
export class Debugged implements CFG_SSA_Debug_base {
  constructor(
    readonly t: CFG_SSA_Transformed_base,
    readonly vars: readonly Var[],
    /** Per node, its records in order. */
    readonly records: readonly (readonly DebugRecord[])[],
  ) {}
  get nodeCount(): number {
    return this.t.nodeCount;
  }
  get Entry(): Node {
    return this.t.Entry;
  }
  predecessors(n: Node): readonly Node[] {
    return this.t.predecessors(n);
  }
  defs(n: Node): readonly Val[] {
    return this.t.defs(n);
  }
  uses(n: Node): readonly Val[] {
    return this.t.uses(n);
  }
  phis(n: Node, v: Val): readonly Val[] | undefined {
    return this.t.phis(n, v);
  }
  phiKeys(): readonly (readonly [Node, Val])[] {
    return this.t.phiKeys();
  }
  oldDefs(n: Node): readonly Var[] {
    return this.t.oldDefs(n);
  }
  oldUses(n: Node): readonly Var[] {
    return this.t.oldUses(n);
  }
  var(v: Val): Var {
    return this.t.var(v);
  }
  debugVars(): readonly Var[] {
    return this.vars;
  }
  debugRecords(n: Node): readonly DebugRecord[] {
    return this.records[n] ?? [];
  }
}
