/**
 * Which definition of a promoted stack slot a value of the after dump stands for: the backward
 * search of the Hermes adapter (pair.ts). A load the SSA builder removed was replaced by a value
 * `w` of the after dump (and a phi it added takes `w` from a predecessor); in the model that use
 * must read an SSA value of the slot's variable, one of its definitions (the slot's allocation,
 * holding `undefined`, or a store) or one of the builder's phis. The search goes back from the
 * use through the original CFG and takes, on every path, the latest definition that produces
 * `w` (stores `w`, or is `w` itself), skipping definitions that produce other values: the model
 * then says what the builder claims, and the checks (`equiv`) judge it, with a path as witness
 * where the claim is wrong. Where several such definitions meet (the builder saw one value, the
 * model has two definitions of it), a phi of the model's own merges them ("equal values merged":
 * the minimum needs it). A path on which `w` is computed anew after the definition that stored it
 * makes the use read a stale `w`: a failure of the translation itself.
 *
 * The same search as the LLVM adapter's (adapters/llvm/mem2reg.ts, section 5), written for the
 * Hermes adapter's own tables: events per variable and block, a memo per (variable, value).
 */

import { foldSingleValuePlaceholders } from "../placeholders.js";

/** What a definition of a variable produces in after-dump terms: a value key, or a removed value not known yet (`?N`). */
export interface SearchTables {
  /** Blocks of the function (indices), reachable predecessors per block, one entry per edge. */
  readonly preds: readonly (readonly number[])[];
  /** Per variable and block: the instruction indices of its definitions there, ascending. */
  events(v: number, b: number): readonly number[] | undefined;
  /** The SSA value of the definition at (b, i) of variable v, if it produces `w`; -1 if not. May bind an unknown value to `w`. */
  produces(v: number, b: number, i: number, w: string): number;
  /** Where after-value `w` is computed, in the before dump's places: block and index (-1: a phi at the block's start); undefined for a constant, parameter or global. */
  computedAt(w: string): { b: number; i: number } | undefined;
  /** If `w` is a phi the builder added for variable v: its block and SSA value. */
  phiOf(w: string, v: number): { b: number; val: number } | undefined;
  /** Whether the builder added a phi for variable v in block b (strict searches stop there). */
  phiIn?(v: number, b: number): boolean;
  /** A new SSA value of the model for variable v at block b, merging equal definitions ("equal values merged"). */
  mergeValue(v: number, w: string, b: number): number;
}

/** The search's answer for one use. */
export type Found =
  | { kind: "value"; val: number }
  /** No definition of v produces `w` on any path. */
  | { kind: "none" }
  /** On some path `w` is computed anew after the definition that stored it. */
  | { kind: "stale" };

const BOT = -1;
const KILL = -2;
/** Scan results besides an SSA value: nothing in the block; `w` recomputed after a producing definition; `w`'s computation with none behind it. */
const PASS = -1;
const KILLED = -2;
const KILL_IN = -3;

interface Web {
  w: string;
  v: number;
  defB: number;
  defI: number;
  phiB: number;
  phiVal: number;
  outScan: Map<number, number>;
  inSet: Map<number, number[]>;
  rep: Map<number, number>;
}

export interface MergePhi {
  v: number;
  b: number;
  val: number;
  args: number[];
}

export class ValueSearch {
  private readonly webs = new Map<string, Web>();
  readonly merges: MergePhi[] = [];
  private readonly mergeAt = new Map<string, MergePhi>();

  /**
   * `strict`: every path's first definition must produce `w` (no definition is skipped, a phi of
   * the variable at a block's start is a definition too): what a phi's arguments must satisfy
   * for the phi to be of that variable, when that is guessed.
   */
  constructor(
    private readonly t: SearchTables,
    private readonly strict = false,
  ) {}

  private web(v: number, w: string): Web {
    const key = `${v}|${w}`;
    let web = this.webs.get(key);
    if (web === undefined) {
      const at = this.t.computedAt(w);
      const phi = this.t.phiOf(w, v);
      web = {
        w,
        v,
        defB: phi === undefined && at !== undefined ? at.b : -1,
        defI: phi === undefined && at !== undefined ? at.i : -2,
        phiB: phi?.b ?? -1,
        phiVal: phi?.val ?? -1,
        outScan: new Map(),
        inSet: new Map(),
        rep: new Map(),
      };
      this.webs.set(key, web);
    }
    return web;
  }

  /** The SSA value of variable v standing for `w` just before instruction `i` of block `b` (i = the block's length: its end). */
  find(v: number, w: string, b: number, i: number): Found {
    const web = this.web(v, w);
    const start = this.scan(web, b, i);
    if (start >= 0) return { kind: "value", val: start };
    if (start === KILLED) return { kind: "stale" };
    const inB = this.solve(web, b);
    const result = start === KILL_IN ? killOf(inB) : inB;
    if (result.includes(KILL)) return { kind: "stale" };
    if (this.strict && result.includes(BOT)) return { kind: "none" };
    const values = result.filter((x) => x >= 0);
    if (values.length === 0) return { kind: "none" };
    if (values.length === 1) return { kind: "value", val: values[0] };
    return { kind: "value", val: this.rep(web, b) };
  }

  /** Any definition of v producing `w` anywhere (for a use no such definition reaches: the checks then show why). */
  anywhere(v: number, w: string, blocks: number): number {
    const phi = this.t.phiOf(w, v);
    if (phi !== undefined) return phi.val;
    for (let b = 0; b < blocks; b++) {
      for (const i of this.t.events(v, b) ?? []) {
        const val = this.t.produces(v, b, i, w);
        if (val >= 0) return val;
      }
    }
    return -1;
  }

  /** A backward scan of block b from before instruction `from`. */
  private scan(web: Web, b: number, from: number): number {
    const ev = this.t.events(web.v, b);
    const dpos = web.defB === b && web.defI < from ? web.defI : -2;
    let k = ev === undefined ? -1 : upperIndex(ev, from) - 1;
    for (; k >= 0; k--) {
      const i = ev![k];
      if (dpos > i) return this.killBehind(web, b, ev!, k);
      const hit = this.t.produces(web.v, b, i, web.w);
      if (hit >= 0) return hit;
      if (this.strict) return KILLED;
    }
    if (dpos >= -1) return this.killBehind(web, b, ev ?? [], k);
    if (web.phiB === b) return web.phiVal;
    if (this.strict && this.t.phiIn?.(web.v, b) === true) return KILLED;
    return PASS;
  }

  private killBehind(web: Web, b: number, ev: readonly number[], k: number): number {
    for (; k >= 0; k--) if (this.t.produces(web.v, b, ev[k], web.w) >= 0) return KILLED;
    return KILL_IN;
  }

  private outScan(web: Web, p: number, length: number): number {
    let s = web.outScan.get(p);
    if (s === undefined) {
      s = this.scan(web, p, length);
      web.outScan.set(p, s);
    }
    return s;
  }

  /** Block lengths are needed for scans from a block's end: the events' own bound (any index above the last). */
  private static readonly END = 1 << 30;

  /** The in-set of block b0 for the web (values, BOT: no producing definition, KILL: stale). */
  private solve(web: Web, b0: number): number[] {
    const have = web.inSet.get(b0);
    if (have !== undefined) return have;
    const preds = this.t.preds;
    // the region: blocks whose in-sets are needed
    const region: number[] = [b0];
    const inRegion = new Set<number>([b0]);
    for (let r = 0; r < region.length; r++)
      for (const p of preds[region[r]]) {
        if (inRegion.has(p) || web.inSet.has(p)) continue;
        const s = this.outScan(web, p, ValueSearch.END);
        if (s === PASS || s === KILL_IN) {
          inRegion.add(p);
          region.push(p);
        }
      }
    const cur = new Map<number, number[]>();
    // the function's start: no definition yet (block 0 may have predecessors too)
    for (const b of region) cur.set(b, b === 0 ? [BOT] : []);
    const succs = new Map<number, number[]>();
    for (const b of region) for (const p of preds[b]) if (inRegion.has(p)) (succs.get(p) ?? succs.set(p, []).get(p)!).push(b);
    const work = [...region];
    const queued = new Set(region);
    while (work.length > 0) {
      const b = work.pop()!;
      queued.delete(b);
      if (preds[b].length === 0) continue;
      let acc = cur.get(b)!;
      for (const p of preds[b]) acc = union(acc, this.outSet(web, p, cur, inRegion));
      if (acc === cur.get(b)) continue;
      cur.set(b, acc);
      for (const d of succs.get(b) ?? [])
        if (!queued.has(d)) {
          queued.add(d);
          work.push(d);
        }
    }
    for (const b of region) web.inSet.set(b, cur.get(b)!);
    return web.inSet.get(b0)!;
  }

  private outSet(web: Web, p: number, cur: Map<number, number[]>, inRegion: Set<number>): number[] {
    const s = this.outScan(web, p, ValueSearch.END);
    if (s >= 0) return [s];
    if (s === KILLED) return [KILL];
    const inP = inRegion.has(p) ? cur.get(p)! : web.inSet.get(p)!;
    return s === PASS ? inP : killOf(inP);
  }

  /**
   * The value at the start of block b0 where several definitions producing `w` meet: a phi of
   * the model's own at every join of the web where two different ones arrive.
   */
  private rep(web: Web, b0: number): number {
    const memo = web.rep.get(b0);
    if (memo !== undefined) return memo;
    const preds = this.t.preds;
    const values = (b: number) => (web.inSet.get(b) ?? []).filter((x) => x >= 0);
    // the blocks behind b0 whose start values are needed
    const need: number[] = [];
    const seen = new Set<number>([b0]);
    const stack = [b0];
    while (stack.length > 0) {
      const b = stack.pop()!;
      need.push(b);
      for (const p of preds[b])
        if (this.outScan(web, p, ValueSearch.END) === PASS && !seen.has(p) && !web.rep.has(p)) {
          seen.add(p);
          stack.push(p);
        }
    }
    const PH = -1000;
    const phiAt = new Map<number, number>();
    const holders: { b: number; args: number[] }[] = [];
    for (const b of need)
      if (preds[b].length >= 2 && values(b).length >= 2) {
        phiAt.set(b, PH - holders.length);
        holders.push({ b, args: [] });
      }
    const startOf = new Map<number, number>();
    const startValue = (b: number): number => {
      const chain: number[] = [];
      let x = b;
      let result: number;
      for (;;) {
        const m = web.rep.get(x) ?? startOf.get(x);
        if (m !== undefined) {
          result = m;
          break;
        }
        const ph = phiAt.get(x);
        if (ph !== undefined) {
          result = ph;
          break;
        }
        const vs = values(x);
        if (preds[x].length !== 1 || x === 0) {
          result = vs.length === 1 ? vs[0] : BOT;
          break;
        }
        chain.push(x);
        const p = preds[x][0];
        const s = this.outScan(web, p, ValueSearch.END);
        if (s >= 0) {
          result = s;
          break;
        }
        if (s !== PASS) {
          result = BOT;
          break;
        }
        x = p;
      }
      startOf.set(x, result);
      for (const c of chain) startOf.set(c, result);
      return result;
    };
    const endValue = (p: number): number => {
      const s = this.outScan(web, p, ValueSearch.END);
      if (s >= 0) return s;
      if (s === PASS) return startValue(p);
      return BOT;
    };
    for (const h of holders) h.args = preds[h.b].map(endValue);
    // placeholders that merge one value (besides themselves and paths without one) are that value
    const { find, folded } = foldSingleValuePlaceholders(holders.map((h) => h.args), PH, BOT);
    const real = new Map<number, MergePhi>();
    for (let k = 0; k < holders.length; k++) {
      const self = PH - k;
      if (folded(k)) continue;
      const b = holders[k].b;
      const key = `${web.v}|${web.w}|${b}`;
      let m = this.mergeAt.get(key);
      if (m === undefined) {
        m = { v: web.v, b, val: this.t.mergeValue(web.v, web.w, b), args: [] };
        this.mergeAt.set(key, m);
        this.merges.push(m);
      }
      real.set(self, m);
    }
    const resolve = (x: number): number => {
      const y = find(x);
      return y <= PH ? real.get(y)!.val : y;
    };
    for (let k = 0; k < holders.length; k++) {
      const m = real.get(PH - k);
      if (m === undefined || m.args.length > 0) continue;
      const fill = values(holders[k].b)[0];
      m.args = holders[k].args.map((x) => {
        const r = resolve(x);
        return r === BOT ? fill : r;
      });
    }
    for (const b of need) {
      const v = startValue(b);
      web.rep.set(b, v === BOT ? BOT : resolve(v));
    }
    return web.rep.get(b0)!;
  }
}

/** The number of elements of ascending `a` below x. */
function upperIndex(a: readonly number[], x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The union of two ascending sets without repeats; `a` itself when `b` adds nothing. */
function union(a: readonly number[], b: readonly number[]): number[] {
  let fresh = false;
  for (const x of b)
    if (!a.includes(x)) {
      fresh = true;
      break;
    }
  if (!fresh) return a as number[];
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}

/** Paths with a definition behind `w`'s recomputation carry a stale value; paths without one stay so. */
function killOf(s: readonly number[]): number[] {
  const out: number[] = [];
  if (s.some((x) => x !== BOT)) out.push(KILL);
  if (s.includes(BOT)) out.push(BOT);
  return out;
}
