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
 *
 * States are numbered as they are discovered and kept in typed arrays (a key -> state hash
 * table, values, locals, dependencies as ranges of one list, reverse dependencies as linked
 * cells): on a function of 10^6 nodes the summaries hold millions of states, and a Map entry and
 * two arrays per state were most of a validation's memory.
 */
class Fixpoint {
  private readonly index = new KeyIndex();
  private key = new Float64Array(64);
  private val = new Int32Array(64);
  private loc = new Int32Array(64);
  private depStart = new Int32Array(65);
  private depList = new Int32Array(64);
  private rdepHead = new Int32Array(64);
  private queued = new Uint8Array(64);
  private cellState = new Int32Array(64);
  private cellNext = new Int32Array(64);
  private states = 0;
  private cells = 0;
  private depLength = 0;
  constructor(private expand: (key: number) => { local: number; deps: number[] }) {}

  get(key: number): number {
    let s = this.index.find(key);
    if (s < 0) s = this.discover(key);
    return this.val[s];
  }
  local(key: number): number {
    this.get(key);
    return this.loc[this.index.find(key)];
  }
  deps(key: number): number[] {
    this.get(key);
    const s = this.index.find(key);
    const out: number[] = [];
    for (let k = this.depStart[s]; k < this.depStart[s + 1]; k++) out.push(this.key[this.depList[k]]);
    return out;
  }

  /** A new state for `key`, EMPTY, its dependencies still to come. */
  private add(key: number): number {
    const s = this.states++;
    if (s === this.key.length) this.grow();
    this.index.add(key, s);
    this.key[s] = key;
    this.val[s] = EMPTY;
    this.rdepHead[s] = -1;
    this.queued[s] = 0;
    return s;
  }

  private grow(): void {
    const c = 2 * this.key.length;
    const f64 = (a: Float64Array) => {
      const x = new Float64Array(c);
      x.set(a);
      return x;
    };
    const i32 = (a: Int32Array, n = c) => {
      const x = new Int32Array(n);
      x.set(a);
      return x;
    };
    this.key = f64(this.key);
    this.val = i32(this.val);
    this.loc = i32(this.loc);
    this.depStart = i32(this.depStart, c + 1);
    this.rdepHead = i32(this.rdepHead);
    const q = new Uint8Array(c);
    q.set(this.queued);
    this.queued = q;
  }

  private pushDep(d: number): void {
    if (this.depLength === this.depList.length) {
      const x = new Int32Array(2 * this.depList.length);
      x.set(this.depList);
      this.depList = x;
    }
    this.depList[this.depLength++] = d;
  }

  /** `of` depends on state `s`: a cell in `s`'s reverse list. */
  private pushRdep(s: number, of: number): void {
    if (this.cells === this.cellState.length) {
      const grow = (a: Int32Array) => {
        const x = new Int32Array(2 * a.length);
        x.set(a);
        return x;
      };
      this.cellState = grow(this.cellState);
      this.cellNext = grow(this.cellNext);
    }
    const c = this.cells++;
    this.cellState[c] = of;
    this.cellNext[c] = this.rdepHead[s];
    this.rdepHead[s] = c;
  }

  private discover(root: number): number {
    const first = this.states;
    const r = this.add(root);
    // states are expanded in discovery order, so each one's dependencies are one range of the list
    for (let s = first; s < this.states; s++) {
      const { local, deps } = this.expand(this.key[s]);
      this.loc[s] = local;
      this.depStart[s] = this.depLength;
      for (let j = 0; j < deps.length; j++) {
        const dk = deps[j];
        let d = this.index.find(dk);
        if (d < 0) d = this.add(dk);
        this.pushDep(d);
        this.pushRdep(d, s);
      }
      this.depStart[s + 1] = this.depLength;
    }
    const work: number[] = [];
    for (let s = first; s < this.states; s++) {
      work.push(s);
      this.queued[s] = 1;
    }
    while (work.length > 0) {
      const s = work.pop()!;
      this.queued[s] = 0;
      let v = this.loc[s];
      for (let k = this.depStart[s]; k < this.depStart[s + 1]; k++) v = join(v, this.val[this.depList[k]]);
      if (v === this.val[s]) continue;
      this.val[s] = v;
      for (let c = this.rdepHead[s]; c >= 0; c = this.cellNext[c]) {
        const u = this.cellState[c];
        if (!this.queued[u]) {
          this.queued[u] = 1;
          work.push(u);
        }
      }
    }
    return r;
  }
}

/** Non-negative integer keys (below 2^53) -> state numbers: open addressing in typed arrays. */
class KeyIndex {
  // small to start (8 slots): most indexes hold a few keys, and a typed array this small lives
  // in V8's heap, where a bigger one costs an off-heap allocation the GC must also free
  private keys = new Float64Array(8).fill(-1);
  private ids = new Int32Array(8);
  private size = 0;

  find(key: number): number {
    const mask = this.keys.length - 1;
    for (let h = hashKey(key) & mask; ; h = (h + 1) & mask) {
      const k = this.keys[h];
      if (k === key) return this.ids[h];
      if (k < 0) return -1;
    }
  }

  add(key: number, id: number): void {
    if (2 * (this.size + 1) > this.keys.length) this.rehash();
    const mask = this.keys.length - 1;
    let h = hashKey(key) & mask;
    while (this.keys[h] >= 0) h = (h + 1) & mask;
    this.keys[h] = key;
    this.ids[h] = id;
    this.size++;
  }

  private rehash(): void {
    const keys = this.keys;
    const ids = this.ids;
    this.keys = new Float64Array(2 * keys.length).fill(-1);
    this.ids = new Int32Array(2 * keys.length);
    this.size = 0;
    for (let h = 0; h < keys.length; h++) if (keys[h] >= 0) this.add(keys[h], ids[h]);
  }
}

/** A set of joint states of variables (`base(X) + key`, see `run`): the states a search found safe. */
interface StateSet {
  has(key: number): boolean;
  add(key: number): void;
  /** `add` unless present (one probe, not `has` then `add`). */
  include(key: number): void;
}

/** Slots a cleared `NarrowStateSet` keeps whatever it held (16 KB). */
const KEEP_SLOTS = 1 << 12;

/**
 * `StateSet` of keys below 2^32 - 1 (every key when variables x nodes x values is below that):
 * open addressing on the keys alone, 4 bytes a slot. The safe states of one variable can be
 * nearly every node (the n-ifs family: 4*10^5 of them at 10^5 ifs), and a `KeyIndex` with ids
 * nobody reads took three times this.
 */
class NarrowStateSet implements StateSet {
  private static readonly FREE = 0xffffffff;
  // 16 slots to start, within V8's heap (see KeyIndex): one set per equiv run (two with
  // wildcards), and most functions are small
  private keys = new Uint32Array(16).fill(NarrowStateSet.FREE);
  private size = 0;

  /** Slots held (a shared set lets go of a big function's once it is done). */
  get capacity(): number {
    return this.keys.length;
  }

  /**
   * Empty again, keeping the slots (no allocation, and no growing again from 16 slots in the
   * next function): emptying up to `KEEP_SLOTS` of them is a short fill. A set grown past that
   * by a bigger function than the last starts afresh at twice the last one's size, or
   * `KEEP_SLOTS`: a small function after a big one would otherwise empty all of its slots.
   */
  clear(): void {
    if (this.size === 0) return;
    if (this.keys.length <= KEEP_SLOTS || 8 * this.size >= this.keys.length) this.keys.fill(NarrowStateSet.FREE);
    else {
      let c = KEEP_SLOTS;
      while (c < 2 * this.size) c *= 2;
      this.keys = new Uint32Array(c).fill(NarrowStateSet.FREE);
    }
    this.size = 0;
  }

  has(key: number): boolean {
    const keys = this.keys;
    const mask = keys.length - 1;
    for (let h = hashNarrow(key) & mask; ; h = (h + 1) & mask) {
      const k = keys[h];
      if (k === key) return true;
      if (k === NarrowStateSet.FREE) return false;
    }
  }

  add(key: number): void {
    if (2 * (this.size + 1) > this.keys.length) this.rehash();
    this.place(key);
    this.size++;
  }

  include(key: number): void {
    let keys = this.keys;
    let mask = keys.length - 1;
    let h = hashNarrow(key) & mask;
    for (; keys[h] !== NarrowStateSet.FREE; h = (h + 1) & mask) if (keys[h] === key) return;
    if (2 * (this.size + 1) > keys.length) {
      this.rehash();
      keys = this.keys;
      mask = keys.length - 1;
      for (h = hashNarrow(key) & mask; keys[h] !== NarrowStateSet.FREE; h = (h + 1) & mask);
    }
    keys[h] = key;
    this.size++;
  }

  private place(key: number): void {
    const keys = this.keys;
    const mask = keys.length - 1;
    let h = hashNarrow(key) & mask;
    while (keys[h] !== NarrowStateSet.FREE) h = (h + 1) & mask;
    keys[h] = key;
  }

  private rehash(): void {
    const old = this.keys;
    this.keys = new Uint32Array(2 * old.length).fill(NarrowStateSet.FREE);
    for (let h = 0; h < old.length; h++) if (old[h] !== NarrowStateSet.FREE) this.place(old[h]);
  }
}

/** `StateSet` of any keys (below 2^53). */
class WideStateSet implements StateSet {
  private readonly index = new KeyIndex();
  has(key: number): boolean {
    return this.index.find(key) >= 0;
  }
  add(key: number): void {
    this.index.add(key, 0);
  }
  include(key: number): void {
    if (this.index.find(key) < 0) this.index.add(key, 0);
  }
}

/**
 * The search's table: joint state -> (the state it leads to, in-edge index), entries numbered
 * in insertion order (so they are the breadth-first queue too). `clear` is O(1): slots carry
 * the generation they were filled in.
 */
class SearchTable {
  private slotKey = new Float64Array(128);
  private slotId = new Int32Array(128);
  private slotGen = new Int32Array(128);
  private gen = 1;
  private keys = new Float64Array(64);
  private prevs = new Float64Array(64);
  private edges = new Int32Array(64);
  size = 0;

  /** Slots held (a shared table lets go of a big function's once it is done). */
  get capacity(): number {
    return this.slotKey.length;
  }
  clear(): void {
    this.size = 0;
    this.gen++;
  }
  key(id: number): number {
    return this.keys[id];
  }
  find(key: number): number {
    const mask = this.slotKey.length - 1;
    for (let h = hashKey(key) & mask; this.slotGen[h] === this.gen; h = (h + 1) & mask) if (this.slotKey[h] === key) return this.slotId[h];
    return -1;
  }
  add(key: number, prev: number, edge: number): void {
    if (2 * (this.size + 1) > this.slotKey.length) this.rehash();
    if (this.size === this.keys.length) {
      const c = 2 * this.keys.length;
      const f = (a: Float64Array) => {
        const x = new Float64Array(c);
        x.set(a);
        return x;
      };
      this.keys = f(this.keys);
      this.prevs = f(this.prevs);
      const e = new Int32Array(c);
      e.set(this.edges);
      this.edges = e;
    }
    const id = this.size++;
    this.keys[id] = key;
    this.prevs[id] = prev;
    this.edges[id] = edge;
    this.place(key, id);
  }
  /** `add` unless `key` is in the table already (one probe, not `find` then `add`); whether it added. */
  addIfAbsent(key: number, prev: number, edge: number): boolean {
    const mask = this.slotKey.length - 1;
    for (let h = hashKey(key) & mask; this.slotGen[h] === this.gen; h = (h + 1) & mask) if (this.slotKey[h] === key) return false;
    this.add(key, prev, edge);
    return true;
  }
  /** A copy for a witness: state -> [the state it leads to, in-edge index]. */
  toMap(): Map<number, [number, number]> {
    const m = new Map<number, [number, number]>();
    for (let id = 0; id < this.size; id++) m.set(this.keys[id], [this.prevs[id], this.edges[id]]);
    return m;
  }
  private place(key: number, id: number): void {
    const mask = this.slotKey.length - 1;
    let h = hashKey(key) & mask;
    while (this.slotGen[h] === this.gen) h = (h + 1) & mask;
    this.slotKey[h] = key;
    this.slotId[h] = id;
    this.slotGen[h] = this.gen;
  }
  private rehash(): void {
    const c = 2 * this.slotKey.length;
    this.slotKey = new Float64Array(c);
    this.slotId = new Int32Array(c);
    this.slotGen = new Int32Array(c);
    this.gen = 1;
    for (let id = 0; id < this.size; id++) this.place(this.keys[id], id);
  }
}

/**
 * The search table every checker borrows (a checker's searches run one at a time and a witness
 * keeps a copy of what it needs): most functions are small, and six typed arrays per function
 * showed in the profile. One grown past `SHARED_SEARCH_SLOTS` is let go after its function.
 */
let sharedSearch = new SearchTable();
/** The safe-state sets `run` borrows, strict and with wildcards (see `sharedSearch`). */
const sharedSafe: [NarrowStateSet, NarrowStateSet] = [new NarrowStateSet(), new NarrowStateSet()];
const SHARED_SEARCH_SLOTS = 1 << 16;

/** `hashKey` of a key below 2^32, without the float arithmetic that splits a wider one (the same value). */
function hashNarrow(key: number): number {
  let h = Math.imul(key | 0, 0x9e3779b1);
  h ^= h >>> 15;
  return Math.imul(h, 0x85ebca6b) ^ (h >>> 13);
}

function hashKey(key: number): number {
  const lo = key % 4294967296 | 0;
  const hi = (key / 4294967296) | 0;
  let h = Math.imul(lo ^ Math.imul(hi, 0x27d4eb2d), 0x9e3779b1);
  h ^= h >>> 15;
  return Math.imul(h, 0x85ebca6b) ^ (h >>> 13);
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

/**
 * equiv's search for a use that the SSA CFG does not have: whether on every execution from Entry
 * to the end of node `m`, `s X = s' v` (the theorem's conclusion for a use of `v` as a version of
 * `X` at `m`; `m` may define either side). The debug records' check (debug_info.ts) asks it at
 * every point where a record's value is the debugger's location. Strict, or with wildcards
 * throughout; the states found safe are kept from question to question, as `run` keeps them
 * from use to use.
 */
export class EquivQuery {
  private readonly checker: EquivChecker;
  private readonly safe: StateSet;
  private readonly span: number;
  /** With `wildcard`, an execution whose last original definition of `X` is one agrees with any `s' v` (as `equiv` under `--undef refine`). */
  constructor(t: Transformed, idx = new SsaIndex(t.ssa), wildcard?: Wildcard) {
    this.checker = new EquivChecker(t, idx, wildcard);
    this.checker.wild = wildcard !== undefined;
    this.span = t.ssa.nodeCount * Math.max(1, t.ssa.valCount);
    let vars = t.old.varCount + 2;
    for (let v = 0; v < t.varOf.length; v++) if (t.varOf[v] + 2 > vars) vars = t.varOf[v] + 2;
    this.safe = vars * this.span < 0xffffffff ? new NarrowStateSet() : new WideStateSet();
  }
  /** undefined if every execution ending at `m` has `s X = s' v`; else the `equiv` witness of one that does not. */
  disagreement(m: Node, v: Val, X: Var): Witness | undefined {
    const found = this.checker.search(m, v, X, this.safe, (X + 1) * this.span);
    return found === undefined ? undefined : found();
  }
}

class EquivChecker {
  private readonly s;
  private readonly g;
  private readonly VALS: number;
  /** ssaOut's fixpoint, made on first use: most functions never need it. */
  private ssaOutCache: Fixpoint | undefined;
  private readonly origOut = new Map<number, Fixpoint>();
  /** Summaries with wildcards skipped, per variable (refine mode only). */
  private readonly origOutWild = new Map<number, Fixpoint>();
  /** Whether the search running now treats wildcards as such. */
  wild = false;
  /** Scratch of `search`, reused from use to use. */
  private readonly searchNext = sharedSearch;

  constructor(
    private t: Transformed,
    private idx: SsaIndex,
    private readonly wildcard?: Wildcard,
  ) {
    this.s = t.ssa;
    this.g = t.graph;
    this.VALS = Math.max(1, t.ssa.valCount);
  }

  private get ssaOut(): Fixpoint {
    return (this.ssaOutCache ??= new Fixpoint((key) => this.expandSsa(key)));
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
    // The joint states known to be safe, of every variable in one table (and the same with
    // wildcards in another): state `key` (node * VALS + value) of variable X is `base(X) + key`.
    // One table per variable took a small array each and grew it a doubling at a time: on
    // SQLite's 2630 functions that was 20,000 array allocations per validation, as much time as
    // the searches themselves.
    const span = this.s.nodeCount * this.VALS;
    let vars = 1;
    const varOf = this.t.varOf;
    for (let v = 0; v < varOf.length; v++) if (varOf[v] + 2 > vars) vars = varOf[v] + 2;
    const narrow = vars * span < 0xffffffff;
    // narrow sets are borrowed (`sharedSafe`), emptied first: most functions are small, and a
    // set of their own grew from 16 slots a doubling at a time in each of them
    const borrowed = (k: 0 | 1): StateSet => {
      const set = sharedSafe[k];
      set.clear();
      return set;
    };
    const safe: StateSet = narrow ? borrowed(0) : new WideStateSet();
    let safeWild: StateSet | undefined;
    const refined = new Set<string>();
    const s = this.s;
    for (let m = 0; m < s.nodeCount; m++) {
      for (let k = s.useRows.start[m]; k < s.useRows.start[m + 1]; k++) {
        const v = s.useRows.list[k];
        const X = this.t.var(v as Val);
        const base = (X + 1) * span;
        this.wild = false;
        let found = this.search(m, v, X, safe, base);
        if (found === undefined) continue;
        if (this.wildcard !== undefined) {
          this.wild = true;
          found = this.search(m, v, X, (safeWild ??= narrow ? borrowed(1) : new WideStateSet()), base);
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
    if (this.searchNext.capacity > SHARED_SEARCH_SLOTS) sharedSearch = new SearchTable();
    for (const k of [0, 1] as const) if (sharedSafe[k].capacity > SHARED_SEARCH_SLOTS) sharedSafe[k] = new NarrowStateSet();
    if (this.wildcard === undefined) return f.verdict();
    return { ...f.verdict(), refinements: refined.size, refined };
  }

  /**
   * Breadth-first search of the joint states backwards from the use `v` at `m`. Returns
   * undefined if every execution agrees, else a thunk building the witness.
   */
  search(m: number, v: number, X: number, safe: StateSet, base: number): (() => Witness) | undefined {
    const VALS = this.VALS;
    const start = m * VALS + v;
    if (safe.has(base + start)) return undefined;
    // joint state -> the state it leads to toward the use, and the in-edge index into that
    // state's node; its entries, in insertion order, are the queue. One table serves every
    // search, and a witness keeps a copy of it, since it is built after later searches reuse it
    const next = this.searchNext;
    next.clear();
    next.add(start, -1, -1);
    const preds = this.g.preds;
    for (let qi = 0; qi < next.size; qi++) {
      const key = next.key(qi);
      const x = Math.floor(key / VALS);
      const w = key % VALS;
      const o = this.origDefines(x, X);
      if (o && this.isWild(x, X)) continue; // the original's value is uninitialised here: any SSA value agrees
      const sd = this.defines(x, w);
      if (x === this.g.Entry && o !== sd) {
        // the execution that starts here: one side is Entry, the other None
        const trail = next.toMap();
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
          const trail = next.toMap();
          return () => {
            const prefix = ssaOpen ? this.ssaPrefix(p, a, must) : this.origPrefix(p, X, must);
            const exec = { nodes: [...prefix.exec.nodes, x as Node], edges: [...prefix.exec.edges, i] };
            return this.witness(v, trail, key, exec, ssaOpen ? x : prefix.outcome, ssaOpen ? prefix.outcome : must);
          };
        }
        const nk = p * VALS + a;
        // skipped when this search has it already or an earlier one found it safe (in either order)
        if (safe.has(base + nk)) continue;
        next.addIfAbsent(nk, key, i);
      }
    }
    for (let qi = 0; qi < next.size; qi++) safe.include(base + next.key(qi));
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
 * Uses that no wildcard excuses (`allUsesDefAssUpTo`): where the producer's own value is not
 * defined on every path to the use (its definition does not dominate it, by the producer's
 * rule), the model's "undefined on this path" is no refinement of an uninitialised read but
 * what the producer's SSA does. `use(node, val)`: a statement's use of `val` at `node`;
 * `phiArg(phi, arg)`: argument `arg` of phi `phi` (an index into the SSA's phis), used at the
 * end of its predecessor.
 */
export interface StrictUses {
  use(node: Node, val: Val): boolean;
  phiArg(phi: number, arg: number): boolean;
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
 * fails with that path; a use that fails only strictly is a refinement. A use of `strict` is
 * decided as `allUses_def_ass` decides it, with its witness (a path from Entry avoiding every
 * definition of `v`).
 */
export function allUsesDefAssUpTo(t: Transformed, idx: SsaIndex, wildcard: Wildcard, strict?: StrictUses): EquivVerdict {
  const ssa = t.ssa;
  const g = ssa.graph;
  const f = new Failures("allUses_def_ass");
  const dom = idx.dom;
  const preds = g.preds;
  const refined = new Set<string>();
  // the search's scratch, made when a use first fails the dominator test (most functions have none)
  let mark: Int32Array | undefined;
  let parent: Int32Array | undefined;
  let stamp = 0;
  const { start: defStart, list: defList } = idx.defNodes;
  for (let v = 0; v < ssa.valCount; v++) {
    // the use occurrences and definitions of v straight from the index's columns (no object
    // per occurrence, no array per value: most uses pass the dominator test below)
    const k0 = idx.useStart[v];
    const k1 = idx.useStart[v + 1];
    if (k0 === k1) continue;
    const d0 = defStart[v];
    const d1 = defStart[v + 1];
    const defCount = d1 - d0;
    const isDef = (x: number): boolean => {
      for (let k = d0; k < d1; k++) if (defList[k] === x) return true;
      return false;
    };
    const X = t.var(v as Val);
    let avoid: Uint8Array | undefined; // nodes some path from Entry reaches without defining v
    for (let k = k0; k < k1; k++) {
      if (defCount === 1 && dom.dominates(defList[d0], idx.occNode[k])) continue;
      const u = { node: idx.occNode[k] as Node, phi: idx.occPhi[k], arg: idx.occArg[k] };
      if (avoid === undefined) {
        avoid = new Uint8Array(ssa.nodeCount);
        const blocked = new Uint8Array(ssa.nodeCount);
        for (let k = d0; k < d1; k++) blocked[defList[k]] = 1;
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
      if (defCount !== 1 && !avoid[u.node]) continue; // as allUses_def_ass decides it
      if (strict !== undefined && (u.phi >= 0 ? strict.phiArg(u.phi, u.arg) : strict.use(u.node, v as Val))) {
        // no refinement excuses it: allUses_def_ass's verdict and witness
        if (!avoid[u.node]) continue;
        f.add(() => ({
          kind: "path",
          path: shortestPath(g, g.Entry, u.node, isDef)!,
          val: v as Val,
          use: u.node,
          phiArg: u.phi >= 0 ? { node: idx.phiNode[u.phi] as Node, arg: u.arg } : undefined,
          want: "a definition on every path from the entry",
          have: defCount === 0 ? "none: no statement or phi defines it" : "none on this path",
        }));
        continue;
      }
      // backwards from the use; parent[] leads toward the use
      if (mark === undefined || parent === undefined) {
        mark = new Int32Array(ssa.nodeCount).fill(-1);
        parent = new Int32Array(ssa.nodeCount);
      }
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
        if (isDef(x) || !avoid[x]) continue;
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
      f.add(() => ({
        kind: "path",
        path: [...shortestPath(g, g.Entry, at, isDef)!, ...chain] as Node[],
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
