/**
 * `equiv`, the semantic equivalence of AFP SSA_Semantics (Fig. 10 of the CC 2016 paper),
 * decided exactly over ALL paths, loops included:
 * ```
 * theorem equiv: [| g |- ns \<Down> s; g |- ns \<Down>s s'; v in uses g (last ns) |] ==> s (var g v) = s' v
 * ```
 * States map a variable (value) to the node of its last definition. For one use `v` at `m`,
 * with `X = var v`, walk the execution backwards from its end. At each node `x`, entered from
 * predecessor `i` (or as the first node, Entry):
 * - `X in oldDefs x` and `v in defs x`: both sides are `x`; this execution agrees.
 * - only one side is defined at `x`: that side is `x`, and the execution disagrees iff the other
 *   side's value after the predecessor can be anything but `x`. Those values are summaries
 *   (below).
 * - neither: both sides come from the predecessor; the SSA side follows phi argument `i`.
 * So disagreement is reachability in the product of nodes and SSA values (the "joint" states
 * `(x, w)`), ending in a one-sided definition whose other side can differ. The one-sided
 * values are least fixpoints over the same product: `ssaOut(x, w)`, the possible `s' w` after
 * `x`, and `origOut_X(x)`, the possible `s X` after `x` (reaching definitions), each abstracted
 * to "none / exactly one node (or None) / several", a lattice of height 3, so every state is
 * revised at most twice. All three are computed on demand from the uses, so the work is
 * proportional to the live ranges involved, not to nodes x values.
 *
 * Nodes equal as nodes, not as occurrences: two visits to one node give equal states, exactly
 * as in the semantics.
 *
 * Undefined reads (`--undef refine`). Given a set of wildcard definitions (a variable and a node
 * defining it in the original: for LLVM, an alloca's uninitialised content), an execution whose
 * last original definition of `X` is a wildcard agrees with ANY SSA outcome, `None` included: a
 * compiler may refine an undefined read to any value. On the original side a wildcard contributes
 * nothing to the summaries (`origOut_X` skips it) and, when it fixes the original side of a joint
 * state, that state agrees. Without wildcards nothing changes (the default, `strict`). The literal
 * counterpart is `equivCounterexample(g, bound, wildcard)` of spec/ssa_semantics.ts. Per use the
 * strict search runs first; only a use it rejects is searched again with wildcards, and a use the
 * second search accepts is a refinement (counted in `refinements`).
 */
import type { Node, Val, Var } from "../spec/ids.js";
import type { Transformed } from "../spec/model.js";
import { shortestPath, SsaIndex } from "./context.js";
import { Failures, Verdict, Witness } from "./verdict.js";

const EMPTY = -3;
const MANY = -2;
/** `None`: not defined on this execution. */
const NONE = -1;

function join(a: number, b: number): number {
  if (a === EMPTY) return b;
  if (b === EMPTY || a === b) return a;
  return MANY;
}

/**
 * A demand-driven least fixpoint over abstract states: each state has local outcomes and
 * dependencies (its value is the join of both). States discovered later never feed earlier
 * ones, so earlier results stay final.
 */
class Fixpoint {
  private val = new Map<number, number>();
  private loc = new Map<number, number>();
  private dep = new Map<number, number[]>();
  private rdep = new Map<number, number[]>();
  constructor(private expand: (key: number) => { local: number; deps: number[] }) {}

  get(key: number): number {
    if (!this.val.has(key)) this.discover(key);
    return this.val.get(key)!;
  }
  local(key: number): number {
    this.get(key);
    return this.loc.get(key)!;
  }
  deps(key: number): number[] {
    this.get(key);
    return this.dep.get(key)!;
  }

  private discover(root: number): void {
    const fresh: number[] = [];
    const stack = [root];
    this.val.set(root, EMPTY);
    while (stack.length > 0) {
      const k = stack.pop()!;
      fresh.push(k);
      const { local, deps } = this.expand(k);
      this.loc.set(k, local);
      this.dep.set(k, deps);
      for (const d of deps) {
        let r = this.rdep.get(d);
        if (!r) this.rdep.set(d, (r = []));
        r.push(k);
        if (!this.val.has(d)) {
          this.val.set(d, EMPTY);
          stack.push(d);
        }
      }
    }
    const work = fresh.slice();
    const queued = new Set(work);
    while (work.length > 0) {
      const k = work.pop()!;
      queued.delete(k);
      let v = this.loc.get(k)!;
      for (const d of this.dep.get(k)!) v = join(v, this.val.get(d)!);
      if (v === this.val.get(k)) continue;
      this.val.set(k, v);
      for (const r of this.rdep.get(k) ?? []) {
        if (!queued.has(r)) {
          queued.add(r);
          work.push(r);
        }
      }
    }
  }
}

/** One execution, from Entry: its nodes and, for each step after the first, the in-edge index used. */
interface Execution {
  nodes: Node[];
  edges: number[];
}

/** Wildcard definitions: `wildcard(X, n)` says that the original's definition of `X` at `n` is uninitialised content. */
export type Wildcard = (x: Var, n: Node) => boolean;

export interface EquivOptions {
  /** `--undef refine`: the original's uninitialised definitions, as a predicate; absent = `strict`. */
  wildcard?: Wildcard;
}

/** The `equiv` verdict, with the number of uses that hold only up to refinement (0 without wildcards). */
export interface EquivVerdict extends Verdict {
  /** With wildcards only (absent in strict mode, so that its verdict is exactly as before): how many uses hold only up to refinement. */
  readonly refinements?: number;
  /** With wildcards only: those uses, `node:val` for an ordinary use, `phi#arg` for a phi argument. */
  readonly refined?: ReadonlySet<string>;
}

export function equiv(t: Transformed, idx = new SsaIndex(t.ssa), opts: EquivOptions = {}): EquivVerdict {
  return new EquivChecker(t, idx, opts.wildcard).run();
}

class EquivChecker {
  private readonly s;
  private readonly g;
  private readonly VALS: number;
  private readonly ssaOut: Fixpoint;
  private readonly origOut = new Map<number, Fixpoint>();
  /** Summaries with wildcards skipped, per variable (refine mode only). */
  private readonly origOutWild = new Map<number, Fixpoint>();
  /** Whether the search running now treats wildcards as such. */
  private wild = false;
  /** Scratch of `search`, reused from use to use. */
  private readonly searchNext = new Map<number, [number, number]>();
  private readonly searchQueue: number[] = [];

  constructor(
    private t: Transformed,
    private idx: SsaIndex,
    private readonly wildcard?: Wildcard,
  ) {
    this.s = t.ssa;
    this.g = t.graph;
    this.VALS = Math.max(1, t.ssa.valCount);
    this.ssaOut = new Fixpoint((key) => this.expandSsa(key));
  }

  private reachable(n: number): boolean {
    return this.idx.dom.isReachable(n);
  }
  private defines(x: number, w: number): boolean {
    return this.s.defRows.has(x, w);
  }
  private origDefines(x: number, X: number): boolean {
    return this.t.old.defRows.has(x, X);
  }
  /** In the running search: `x` defines `X` in the original with uninitialised content. */
  private isWild(x: number, X: number): boolean {
    return this.wild && this.wildcard!(X as Var, x as Node);
  }
  /** The first phi of `x` defining `w` (`phis g (x, w)`), or -1. */
  private phiAt(x: number, w: number): number {
    for (let p = this.s.phiStart[x]; p < this.s.phiStart[x + 1]; p++) if (this.s.phiDef[p] === w) return p;
    return -1;
  }
  /** The SSA value read through in-edge `i` of `x` for `w`, or NONE when the argument is missing. */
  private through(x: number, w: number, i: number): number {
    const p = this.phiAt(x, w);
    if (p < 0) return w;
    return i < this.s.args.count(p) ? this.s.args.at(p, i) : NONE;
  }

  /** ssaOut(x, w): local outcomes and dependencies, key = x * VALS + w. */
  private expandSsa(key: number): { local: number; deps: number[] } {
    const x = Math.floor(key / this.VALS);
    const w = key % this.VALS;
    const sd = this.defines(x, w);
    let local = EMPTY;
    const deps: number[] = [];
    if (x === this.g.Entry) local = join(local, sd ? x : NONE); // ssaBS.empty: Map.empty, phis read None
    const preds = this.g.preds;
    for (let i = 0; i < preds.count(x); i++) {
      const p = preds.at(x, i);
      if (!this.reachable(p)) continue;
      if (sd) local = join(local, x);
      else {
        const a = this.through(x, w, i);
        if (a === NONE) local = join(local, NONE);
        else deps.push(p * this.VALS + a);
      }
    }
    return { local, deps };
  }

  private orig(X: number): Fixpoint {
    const cache = this.wild ? this.origOutWild : this.origOut;
    let f = cache.get(X);
    if (!f) {
      const wild = this.wild;
      f = new Fixpoint((x) => {
        const o = this.origDefines(x, X);
        // a wildcard ends the summary here and contributes no outcome
        if (o && wild && this.wildcard!(X as Var, x as Node)) return { local: EMPTY, deps: [] };
        let local = EMPTY;
        const deps: number[] = [];
        if (x === this.g.Entry) local = join(local, o ? x : NONE);
        const preds = this.g.preds;
        for (let i = 0; i < preds.count(x); i++) {
          const p = preds.at(x, i);
          if (!this.reachable(p)) continue;
          if (o) local = join(local, x);
          else deps.push(p);
        }
        return { local, deps: [...new Set(deps)] };
      });
      cache.set(X, f);
    }
    return f;
  }

  run(): EquivVerdict {
    const f = new Failures("equiv");
    const safe = new Map<number, Set<number>>(); // per variable: joint states known to be safe
    const safeWild = new Map<number, Set<number>>(); // the same with wildcards
    const known = (m: Map<number, Set<number>>, X: number): Set<number> => {
      let k = m.get(X);
      if (!k) m.set(X, (k = new Set()));
      return k;
    };
    const refined = new Set<string>();
    const s = this.s;
    for (let m = 0; m < s.nodeCount; m++) {
      for (let k = s.useRows.start[m]; k < s.useRows.start[m + 1]; k++) {
        const v = s.useRows.list[k];
        const X = this.t.var(v as Val);
        this.wild = false;
        let found = this.search(m, v, X, known(safe, X));
        if (found === undefined) continue;
        if (this.wildcard !== undefined) {
          this.wild = true;
          found = this.search(m, v, X, known(safeWild, X));
          if (found === undefined) {
            refined.add(`${m}:${v}`);
            continue;
          }
        }
        const build = found;
        f.add(() => build());
      }
    }
    this.wild = false;
    if (this.wildcard === undefined) return f.verdict();
    return { ...f.verdict(), refinements: refined.size, refined };
  }

  /**
   * Breadth-first search of the joint states backwards from the use `v` at `m`. Returns
   * undefined if every execution agrees, else a thunk building the witness.
   */
  private search(m: number, v: number, X: number, safe: Set<number>): (() => Witness) | undefined {
    const VALS = this.VALS;
    const start = m * VALS + v;
    if (safe.has(start)) return undefined;
    // joint state -> [the state it leads to toward the use, in-edge index into that state's node];
    // one map and queue serve every search (a search per use allocated them per use), and a
    // witness keeps a copy of the map, since it is built after later searches reuse it
    const next = this.searchNext;
    next.clear();
    next.set(start, [-1, -1]);
    const queue = this.searchQueue;
    queue.length = 0;
    queue.push(start);
    const preds = this.g.preds;
    for (let qi = 0; qi < queue.length; qi++) {
      const key = queue[qi];
      const x = Math.floor(key / VALS);
      const w = key % VALS;
      const o = this.origDefines(x, X);
      if (o && this.isWild(x, X)) continue; // the original's value is uninitialised here: any SSA value agrees
      const sd = this.defines(x, w);
      if (x === this.g.Entry && o !== sd) {
        // the execution that starts here: one side is Entry, the other None
        const trail = new Map(next);
        return () => this.witness(v, trail, key, { nodes: [x as Node], edges: [] }, o ? x : NONE, sd ? x : NONE);
      }
      for (let i = 0; i < preds.count(x); i++) {
        const p = preds.at(x, i);
        if (!this.reachable(p) || (o && sd)) continue;
        const a = sd ? w : this.through(x, w, i);
        if (o || sd || a === NONE) {
          // one side is fixed here (or, for a missing phi argument, None from here on);
          // the execution can disagree iff the other side can be anything else after p
          const must = o || sd ? x : NONE;
          const ssaOpen = o;
          const other = ssaOpen ? this.ssaValue(p, a) : this.orig(X).get(p);
          if (other === EMPTY || other === must) continue;
          const trail = new Map(next);
          return () => {
            const prefix = ssaOpen ? this.ssaPrefix(p, a, must) : this.origPrefix(p, X, must);
            const exec = { nodes: [...prefix.exec.nodes, x as Node], edges: [...prefix.exec.edges, i] };
            return this.witness(v, trail, key, exec, ssaOpen ? x : prefix.outcome, ssaOpen ? prefix.outcome : must);
          };
        }
        const nk = p * VALS + a;
        if (next.has(nk) || safe.has(nk)) continue;
        next.set(nk, [key, i]);
        queue.push(nk);
      }
    }
    for (const k of queue) safe.add(k);
    return undefined;
  }

  /** The abstract value of `s' a` after `p`; NONE-valued when the argument is missing. */
  private ssaValue(p: number, a: number): number {
    return a === NONE ? NONE : this.ssaOut.get(p * this.VALS + a);
  }

  /** An execution reaching `p` after which `s' a` is some outcome other than `avoid`. */
  private ssaPrefix(p: number, a: number, avoid: number): { exec: Execution; outcome: number } {
    if (a === NONE) return { exec: this.anyPath(p), outcome: NONE };
    return this.prefixSearch(p * this.VALS + a, this.ssaOut, avoid, (key, dep) => {
      // dep feeds key through some in-edge of key's node whose read value is dep's value
      const x = Math.floor(key / this.VALS);
      const w = key % this.VALS;
      const preds = this.g.preds;
      for (let i = 0; i < preds.count(x); i++) {
        const q = preds.at(x, i);
        const b = this.through(x, w, i);
        if (b !== NONE && q * this.VALS + b === dep) return i;
      }
      return -1;
    }, (key) => Math.floor(key / this.VALS), (key) => {
      // local outcomes of key, each with how it arises: as the start (edge -1) or via an edge
      const x = Math.floor(key / this.VALS);
      const w = key % this.VALS;
      const sd = this.defines(x, w);
      const out: [number, number][] = [];
      if (x === this.g.Entry) out.push([sd ? x : NONE, -1]);
      const preds = this.g.preds;
      for (let i = 0; i < preds.count(x); i++) {
        if (!this.reachable(preds.at(x, i))) continue;
        if (sd) out.push([x, i]);
        else if (this.through(x, w, i) === NONE) out.push([NONE, i]);
      }
      return out;
    });
  }

  /** An execution reaching `p` after which `s X` is some outcome other than `avoid`. */
  private origPrefix(p: number, X: number, avoid: number): { exec: Execution; outcome: number } {
    return this.prefixSearch(p, this.orig(X), avoid, (key, dep) => this.g.preds.row(key).indexOf(dep as Node), (key) => key, (x) => {
      const o = this.origDefines(x, X);
      const out: [number, number][] = [];
      if (o && this.isWild(x, X)) return out;
      if (x === this.g.Entry) out.push([o ? x : NONE, -1]);
      const preds = this.g.preds;
      for (let i = 0; i < preds.count(x); i++) if (o && this.reachable(preds.at(x, i))) out.push([x, i]);
      return out;
    });
  }

  /**
   * Backwards through a fixpoint's dependencies from `root` to a state with a local outcome
   * other than `avoid`; then the execution that produces it and carries it forward to `root`.
   */
  private prefixSearch(
    root: number,
    fp: Fixpoint,
    avoid: number,
    edgeOf: (key: number, dep: number) => number,
    nodeOf: (key: number) => number,
    locals: (key: number) => [number, number][],
  ): { exec: Execution; outcome: number } {
    const toward = new Map<number, number>([[root, -1]]);
    const queue = [root];
    for (let qi = 0; qi < queue.length; qi++) {
      const key = queue[qi];
      for (const [outcome, edge] of locals(key)) {
        if (outcome === avoid) continue;
        const x = nodeOf(key);
        let exec: Execution;
        if (edge < 0) exec = { nodes: [x as Node], edges: [] };
        else {
          const pre = this.anyPath(this.g.preds.at(x, edge));
          exec = { nodes: [...pre.nodes, x as Node], edges: [...pre.edges, edge] };
        }
        // carry forward along the dependency chain to root
        for (let k = key; toward.get(k)! !== -1; ) {
          const up = toward.get(k)!;
          exec.nodes.push(nodeOf(up) as Node);
          exec.edges.push(edgeOf(up, k));
          k = up;
        }
        return { exec, outcome };
      }
      for (const d of fp.deps(key)) {
        if (toward.has(d)) continue;
        toward.set(d, key);
        queue.push(d);
      }
    }
    throw new Error("internal: equiv summary without a witness");
  }

  /** A shortest path from Entry to `p`, with its in-edge indices. */
  private anyPath(p: number): Execution {
    const nodes = shortestPath(this.g, this.g.Entry, p)!;
    const edges: number[] = [];
    for (let k = 1; k < nodes.length; k++) edges.push(this.g.preds.row(nodes[k]).indexOf(nodes[k - 1]));
    return { nodes, edges };
  }

  /** Completes `exec` (ending at joint state `key`'s node) along the joint search back to the use. */
  private witness(v: number, next: Map<number, [number, number]>, key: number, exec: Execution, orig: number, ssa: number): Witness {
    const nodes = exec.nodes.slice();
    const edges = exec.edges.slice();
    for (let k = key; next.get(k)![0] !== -1; ) {
      const [up, i] = next.get(k)!;
      nodes.push(Math.floor(up / this.VALS) as Node);
      edges.push(i);
      k = up;
    }
    return {
      kind: "equiv",
      path: nodes,
      edges,
      val: v as Val,
      orig: orig === NONE ? null : (orig as Node),
      ssa: ssa === NONE ? null : (ssa as Node),
    };
  }
}


/**
 * `allUses_def_ass` up to refinement (`--undef refine` only): a use of `v` need not be
 * definitely assigned on the paths on which the original's last definition of `var v` is a
 * wildcard (there any outcome is a refinement, `None` included, as in `equiv` above). Each use
 * is first answered by the dominator tree like `allUses_def_ass` (checks/ssa_wf.ts); only a use
 * that fails it is searched backwards, from the use (a phi argument: from the end of its
 * predecessor), stopping at the definition of `v`, at nodes that no path from Entry avoiding it
 * reaches, and at original definitions of `var v`: a wildcard is fine, any other definition, or
 * Entry, is a path on which `v` is undefined although the original's value is not. Such a use
 * fails with that path; a use that fails only strictly is a refinement.
 */
export function allUsesDefAssUpTo(t: Transformed, idx: SsaIndex, wildcard: Wildcard): EquivVerdict {
  const ssa = t.ssa;
  const g = ssa.graph;
  const f = new Failures("allUses_def_ass");
  const dom = idx.dom;
  const preds = g.preds;
  const refined = new Set<string>();
  const mark = new Int32Array(ssa.nodeCount).fill(-1);
  const parent = new Int32Array(ssa.nodeCount);
  let stamp = 0;
  for (let v = 0; v < ssa.valCount; v++) {
    const uses = idx.usesOf(v);
    if (uses.length === 0) continue;
    const defs = idx.defNodes.row(v);
    const X = t.var(v as Val);
    let avoid: Uint8Array | undefined; // nodes some path from Entry reaches without defining v
    for (const u of uses) {
      if (defs.length === 1 && dom.dominates(defs[0], u.node)) continue;
      if (avoid === undefined) {
        avoid = new Uint8Array(ssa.nodeCount);
        const blocked = new Uint8Array(ssa.nodeCount);
        for (const d of defs) blocked[d] = 1;
        if (!blocked[g.Entry]) {
          const stack = [g.Entry as number];
          avoid[g.Entry] = 1;
          while (stack.length > 0) {
            const x = stack.pop()!;
            for (let k = g.succs.start[x]; k < g.succs.start[x + 1]; k++) {
              const y = g.succs.list[k];
              if (blocked[y] || avoid[y]) continue;
              avoid[y] = 1;
              stack.push(y);
            }
          }
        }
      }
      if (defs.length !== 1 && !avoid[u.node]) continue; // as allUses_def_ass decides it
      // backwards from the use; parent[] leads toward the use
      const s = stamp++;
      const start: number[] = [];
      if (u.phi >= 0) start.push(u.node);
      else for (let i = 0; i < preds.count(u.node); i++) start.push(preds.at(u.node, i));
      const stack: number[] = [];
      for (const x of start) {
        if (mark[x] === s) continue;
        mark[x] = s;
        parent[x] = -1;
        stack.push(x);
      }
      let bad = -1;
      while (stack.length > 0 && bad < 0) {
        const x = stack.pop()!;
        if (defs.includes(x as Node) || !avoid[x]) continue;
        if (t.old.defRows.has(x, X)) {
          if (!wildcard(X as Var, x as Node)) bad = x;
          continue;
        }
        if (x === g.Entry) {
          bad = x;
          continue;
        }
        for (let i = 0; i < preds.count(x); i++) {
          const y = preds.at(x, i);
          if (mark[y] === s) continue;
          mark[y] = s;
          parent[y] = x;
          stack.push(y);
        }
      }
      if (bad < 0) {
        refined.add(u.phi >= 0 ? `${u.phi}#${u.arg}` : `${u.node}:${v}`);
        continue;
      }
      const at = bad;
      const chain: number[] = [];
      for (let x = parent[at]; x !== -1; x = parent[x]) chain.push(x);
      if (u.phi < 0) chain.push(u.node);
      const defsOfV = defs;
      f.add(() => ({
        kind: "path",
        path: [...shortestPath(g, g.Entry, at, (n) => defsOfV.includes(n as Node))!, ...chain] as Node[],
        val: v as Val,
        use: u.node,
        phiArg: u.phi >= 0 ? { node: idx.phiNode[u.phi] as Node, arg: u.arg } : undefined,
        at: at === g.Entry && !t.old.defRows.has(at, X) ? undefined : (at as Node),
        want: "a definition on every path from the entry on which the original variable is not uninitialised",
        have: at === g.Entry && !t.old.defRows.has(at, X) ? "none on this path" : "none on this path, where the original defines it in between",
      }));
    }
  }
  return { ...f.verdict(), refinements: refined.size, refined };
}
