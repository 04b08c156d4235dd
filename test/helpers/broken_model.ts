/**
 * Random translations (an original CFG and an SSA CFG on one graph) inside and outside the
 * locale `CFG_SSA_Transformed`, for the tests that hold the checkers to the literal definitions
 * in both directions: every property must come out false in some cases and true in others.
 *
 * The graph: 1..maxNodes nodes, Entry = 0. In about half of the cases a spanning predecessor
 * keeps every node reachable; otherwise some nodes lose theirs (unreachable nodes, and cycles
 * of them). Extra edges add loops, parallel edges and self-loops; in a quarter of the cases an
 * edge runs into Entry; in about half, two nodes entered from different places are joined both
 * ways (an irreducible cycle, unless one of them dominates the other).
 *
 * The original: each node defines, uses or ignores each of 1..maxVars variables; Entry defines
 * every variable in about half of the cases only (else uses need not be definitely assigned),
 * and now and then a node both defines and uses one.
 *
 * The SSA: the functional construction (`constructFast`, which takes any CFG: a use that is not
 * definitely assigned reads a phi at Entry), minimised by `substAllFast` half of the time; or,
 * in a fifth of the cases, a random renaming of the original with phis at random nodes (Entry
 * included), of random arity, with arbitrary arguments. Then up to three defects, each aimed at
 * one assumption or quality property (`DEFECTS`). What the model cannot hold is not made: two
 * phis for one key `(n, v)` (SsaCfg refuses them, as the readers do).
 */
import fc from "fast-check";
import { prng } from "../../bench/families.js";
import { constructFast } from "../../impl/construct_fast.js";
import { substAllFast } from "../../impl/notriv_fast.js";
import type { Val } from "../../spec/ids.js";
import { Cfg, Graph, Rows, SsaCfg, Transformed } from "../../spec/model.js";

export interface BrokenBounds {
  /** Most nodes (default 9). */
  maxNodes?: number;
  /** Most original variables (default 3). */
  maxVars?: number;
}

/** A translation as plain lists, the form the defects edit. */
export interface PlainTransformed {
  preds: number[][];
  oldDefs: number[][];
  oldUses: number[][];
  varCount: number;
  defs: number[][];
  uses: number[][];
  /** Phis in node order, at most one per `(n, v)`. */
  phis: { n: number; v: number; args: number[] }[];
  /** `var g v` of every value `0 .. varOf.length - 1`. */
  varOf: number[];
}

export const DEFECTS = [
  "arity", // a phi gets one argument more or one fewer (phis_wf)
  "entryPhi", // a phi at Entry (Entry_no_phis), its arguments whatever Entry's predecessors are
  "phiAlsoSimple", // a phi's value also a simple definition of its node (simpleDefs_phiDefs_disjoint)
  "defineTwice", // a value defined at a second node (allDefs_disjoint)
  "useAnyValue", // a use or phi argument pointed at any value (allUses_def_ass, conventional, equiv, ...)
  "useOwnDef", // a node uses a value it defines (defs_uses_disjoint)
  "defOtherVar", // a definition replaced by a new value of another variable (oldDefs_def)
  "useOtherVar", // a use pointed at a value of another variable (oldUses_def)
  "argOtherVar", // a phi argument of another variable (phis_same_var)
  "twoVersions", // a node defines a second version of a variable it defines (allDefs_var_disjoint)
  "trivialPhi", // a phi whose arguments are one value, or itself and one value (no_trivial_phis)
  "deadPhi", // a new phi nothing uses (pruned)
  "phiCycle", // two phis referring to each other and one outside value (no_redundant_set)
  "swapArgs", // two arguments of a phi swapped
  "staleUse", // a use pointed at another version of its variable (conventional, allUses_def_ass)
] as const;
export type Defect = (typeof DEFECTS)[number];

/** Builds the model of a plain translation. */
export function toTransformed(p: PlainTransformed): Transformed {
  const g = Graph.fromLists(0, p.preds);
  const old = new Cfg(g, p.varCount, Rows.from(p.oldDefs.map(uniq)), Rows.from(p.oldUses.map(uniq)));
  const N = p.preds.length;
  const phis = [...p.phis].sort((a, b) => a.n - b.n);
  const phiStart = new Int32Array(N + 1);
  for (const ph of phis) phiStart[ph.n + 1]++;
  for (let n = 0; n < N; n++) phiStart[n + 1] += phiStart[n];
  const ssa = new SsaCfg(
    g,
    p.varOf.length,
    Rows.from<Val>(p.defs.map(uniq)),
    Rows.from<Val>(p.uses.map(uniq)),
    phiStart,
    Int32Array.from(phis.map((ph) => ph.v)),
    Rows.from<Val>(phis.map((ph) => ph.args)),
  );
  return new Transformed(old, ssa, Int32Array.from(p.varOf));
}

/** The plain lists of a model translation. */
export function toPlain(t: Transformed): PlainTransformed {
  const s = t.ssa;
  return {
    preds: t.graph.preds.toArrays(),
    oldDefs: t.old.defRows.toArrays(),
    oldUses: t.old.useRows.toArrays(),
    varCount: t.old.varCount,
    defs: s.defRows.toArrays(),
    uses: s.useRows.toArrays(),
    phis: s.phiKeys().map(([n, v]) => ({ n, v, args: [...s.phis(n, v)!] })),
    varOf: Array.from(t.varOf),
  };
}

function uniq(xs: readonly number[]): number[] {
  return [...new Set(xs)];
}

/**
 * The detail choices of one case (which nodes, which values), uniform in [0, 1) from a seed:
 * fast-check's doubles lean towards 0 and the bounds, which would make every "30%" choice
 * nearly certain.
 */
class Choices {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = prng(seed);
  }
  int(n: number): number {
    return Math.min(n - 1, Math.floor(this.next() * n));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** The choices of one case that shape it; the rest come from `seed` (see `Choices`). */
export interface Plan {
  n: number;
  k: number;
  reachable: boolean;
  irreducible: boolean;
  intoEntry: boolean;
  extra: number;
  entryDefinesAll: boolean;
  overlap: boolean;
  ssa: "construct" | "minimised" | "random";
  defects: Defect[];
  seed: number;
}

/** Whether a case gets each defect: one case in eight, each defect on its own. */
const DEFECT_RATE = 0.125;

/** The random choices of one case, drawn uniformly from one seed (fast-check's own integers and booleans lean towards their bounds). */
function plans(b: BrokenBounds): fc.Arbitrary<Plan> {
  const maxNodes = b.maxNodes ?? 9;
  const maxVars = b.maxVars ?? 3;
  return fc.integer().map((seed) => {
    const c = new Choices(seed);
    return {
      n: 1 + c.int(maxNodes),
      k: 1 + c.int(maxVars),
      reachable: c.chance(0.5),
      irreducible: c.chance(0.6),
      intoEntry: c.chance(0.25),
      extra: c.int(4),
      entryDefinesAll: c.chance(0.5),
      overlap: c.chance(0.2),
      ssa: c.chance(0.2) ? "random" : c.chance(0.5) ? "minimised" : "construct",
      defects: DEFECTS.filter(() => c.chance(DEFECT_RATE)),
      seed: Math.floor(c.next() * 2 ** 31),
    };
  });
}

/** The graph and the original CFG of a plan, as plain lists. */
function original(plan: Plan, c: Choices): Pick<PlainTransformed, "preds" | "oldDefs" | "oldUses" | "varCount"> {
  const { n, k } = plan;
  const preds: number[][] = Array.from({ length: n }, () => []);
  // a spanning predecessor before each node, dropped now and then when not all are reachable
  for (let x = 1; x < n; x++) if (plan.reachable || c.chance(0.65)) preds[x].push(c.int(x));
  if (plan.irreducible && n >= 3) {
    // x entered from Entry, y from Entry or another node, and the two joined both ways: an
    // irreducible cycle whenever that other node is reached from Entry avoiding x
    const x = 1 + c.int(n - 1);
    let y = 1 + c.int(n - 2);
    if (y >= x) y++;
    const others = [...Array(n).keys()].filter((z) => z !== x && z !== y);
    preds[x].push(0);
    preds[y].push(c.chance(0.5) ? 0 : c.pick(others));
    preds[y].push(x);
    preds[x].push(y);
  }
  for (let e = 0; e < plan.extra; e++) if (n > 1) preds[1 + c.int(n - 1)].push(c.int(n));
  if (plan.intoEntry) preds[0].push(c.int(n));
  for (const row of preds) row.splice(0, row.length, ...shuffle(row, c));
  const oldDefs: number[][] = [];
  const oldUses: number[][] = [];
  for (let x = 0; x < n; x++) {
    const d: number[] = [];
    const u: number[] = [];
    for (let v = 0; v < k; v++) {
      const r = c.next();
      if ((x === 0 && plan.entryDefinesAll) || r < 0.3) d.push(v);
      else if (r < 0.6) u.push(v);
    }
    oldDefs.push(d);
    oldUses.push(u);
  }
  if (plan.overlap) {
    const x = c.int(n);
    const v = c.int(k);
    if (!oldDefs[x].includes(v)) oldDefs[x].push(v);
    if (!oldUses[x].includes(v)) oldUses[x].push(v);
  }
  return { preds, oldDefs, oldUses, varCount: k };
}

function shuffle<T>(xs: readonly T[], c: Choices): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = c.int(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * A random SSA of the original: every original definition a new value of its variable, every
 * use some value of its variable (now and then of any), phis at random nodes with random arity
 * and arguments.
 */
function randomSsa(o: ReturnType<typeof original>, c: Choices): PlainTransformed {
  const n = o.preds.length;
  const varOf: number[] = [];
  const fresh = (x: number) => varOf.push(x) - 1;
  const defs = o.oldDefs.map((row) => row.map(fresh));
  const phis: PlainTransformed["phis"] = [];
  const phiCount = c.int(4);
  for (let i = 0; i < phiCount; i++) {
    const at = c.chance(0.2) ? 0 : c.int(n);
    phis.push({ n: at, v: fresh(c.int(o.varCount)), args: [] });
  }
  const ofVar = (x: number) => varOf.flatMap((y, v) => (y === x ? [v] : []));
  const someValue = (x: number) => {
    const same = ofVar(x);
    return same.length > 0 && !c.chance(0.15) ? c.pick(same) : c.int(Math.max(1, varOf.length));
  };
  for (const ph of phis) {
    const arity = Math.max(0, o.preds[ph.n].length + (c.chance(0.2) ? (c.chance(0.5) ? 1 : -1) : 0));
    ph.args = Array.from({ length: arity }, () => someValue(varOf[ph.v]));
  }
  if (varOf.length === 0) fresh(0);
  const uses = o.oldUses.map((row) => row.map(someValue));
  return { ...o, defs, uses, phis, varOf };
}

/** Applies one defect to `p` in place; nothing where it does not apply. */
function applyDefect(p: PlainTransformed, d: Defect, c: Choices): void {
  const n = p.preds.length;
  const newValue = (x: number) => p.varOf.push(x) - 1;
  const ofVar = (x: number) => p.varOf.flatMap((y, v) => (y === x ? [v] : []));
  // another variable: one of the original's, or one it does not have (lowering widens the pair's variables so)
  const otherVar = (x: number) => (x + 1 + c.int(p.varCount)) % (p.varCount + 1);
  if (p.varOf.length === 0) newValue(0);
  const defined = p.defs.flatMap((row, x) => row.map((v) => [x, v] as const));
  /** A phi to break: one of the phis, or a new one (at any node, its arguments values of its variable) where there is none. */
  const somePhi = () => {
    if (p.phis.length === 0) {
      const x = c.int(n);
      const X = c.int(p.varCount);
      const same = ofVar(X);
      const v = newValue(X);
      p.phis.push({ n: x, v, args: p.preds[x].map(() => (same.length > 0 ? c.pick(same) : v)) });
    }
    return c.pick(p.phis);
  };
  const useSites: [number[], number][] = [];
  p.uses.forEach((row) => row.forEach((_, i) => useSites.push([row, i])));
  p.phis.forEach((ph) => ph.args.forEach((_, i) => useSites.push([ph.args, i])));
  switch (d) {
    case "arity": {
      const ph = somePhi();
      if (ph.args.length > 0 && c.chance(0.5)) ph.args.splice(c.int(ph.args.length), 1);
      else ph.args.push(ph.args.length > 0 ? c.pick(ph.args) : c.int(p.varOf.length));
      return;
    }
    case "entryPhi": {
      const x = c.int(p.varCount);
      const v = newValue(x);
      const same = ofVar(x);
      const arity = c.chance(0.5) ? p.preds[0].length : c.int(3);
      p.phis.unshift({ n: 0, v, args: Array.from({ length: arity }, () => c.pick(same)) });
      return;
    }
    case "phiAlsoSimple": {
      const ph = somePhi();
      p.defs[ph.n].push(ph.v);
      return;
    }
    case "defineTwice": {
      if (defined.length === 0 || n < 2) return;
      const [x, v] = c.pick(defined);
      p.defs[(x + 1 + c.int(n - 1)) % n].push(v);
      return;
    }
    case "useAnyValue": {
      if (useSites.length === 0) return;
      const [row, i] = c.pick(useSites);
      row[i] = c.int(p.varOf.length);
      return;
    }
    case "useOwnDef": {
      if (defined.length === 0) return;
      const [x, v] = c.pick(defined);
      p.uses[x].push(v);
      return;
    }
    case "defOtherVar": {
      if (defined.length === 0) return;
      const [x, v] = c.pick(defined);
      const w = newValue(otherVar(p.varOf[v]));
      p.defs[x] = p.defs[x].map((y) => (y === v ? w : y));
      return;
    }
    case "useOtherVar": {
      const sites = p.uses.flatMap((row, x) => row.map((_, i) => [x, i] as const));
      if (sites.length === 0) return;
      const [x, i] = c.pick(sites);
      const others = p.varOf.flatMap((y, v) => (y !== p.varOf[p.uses[x][i]] ? [v] : []));
      if (others.length > 0) p.uses[x][i] = c.pick(others);
      return;
    }
    case "argOtherVar": {
      const ph = somePhi();
      const w = newValue(otherVar(p.varOf[ph.v]));
      if (ph.args.length === 0) ph.args.push(w);
      else ph.args[c.int(ph.args.length)] = w;
      return;
    }
    case "twoVersions": {
      if (defined.length === 0) return;
      const [x, v] = c.pick(defined);
      p.defs[x].push(newValue(p.varOf[v]));
      return;
    }
    case "trivialPhi": {
      const ph = somePhi();
      const same = ofVar(p.varOf[ph.v]).filter((v) => v !== ph.v);
      if (same.length === 0) return;
      const w = c.pick(same);
      ph.args = ph.args.map(() => (c.chance(0.3) ? ph.v : w));
      if (ph.args.length > 0 && !ph.args.includes(w)) ph.args[0] = w;
      return;
    }
    case "deadPhi": {
      const joins = [...Array(n).keys()].filter((x) => p.preds[x].length >= 2);
      if (joins.length === 0) return;
      const x = c.pick(joins);
      const X = c.int(p.varCount);
      const same = ofVar(X);
      const v = newValue(X);
      p.phis.push({ n: x, v, args: p.preds[x].map(() => (same.length > 0 ? c.pick(same) : v)) });
      return;
    }
    case "phiCycle": {
      const joins = [...Array(n).keys()].filter((x) => p.preds[x].length >= 2);
      if (joins.length === 0) return;
      const X = c.int(p.varCount);
      const same = ofVar(X);
      const outside = same.length > 0 ? c.pick(same) : newValue(X);
      const x = c.pick(joins);
      const y = c.pick(joins);
      const a = newValue(X);
      const b = newValue(X);
      // a = phi(b, outside, ...) at x; b = phi(a, ...) at y, used somewhere so that it is live
      p.phis.push({ n: x, v: a, args: p.preds[x].map((_, i) => (i === 0 ? b : outside)) });
      p.phis.push({ n: y, v: b, args: p.preds[y].map((_, i) => (i === 0 ? a : c.chance(0.5) ? b : outside)) });
      p.uses[c.int(n)].push(c.chance(0.5) ? a : b);
      return;
    }
    case "swapArgs": {
      const cands = p.phis.filter((ph) => new Set(ph.args).size >= 2);
      if (cands.length === 0) return;
      const ph = c.pick(cands);
      const i = c.int(ph.args.length);
      const j = ph.args.findIndex((a) => a !== ph.args[i]);
      [ph.args[i], ph.args[j]] = [ph.args[j], ph.args[i]];
      return;
    }
    case "staleUse": {
      const sites = useSites.filter(([row, i]) => ofVar(p.varOf[row[i]]).length > 1);
      if (sites.length === 0) return;
      const [row, i] = c.pick(sites);
      row[i] = c.pick(ofVar(p.varOf[row[i]]).filter((v) => v !== row[i]));
      return;
    }
  }
}

/** The case a plan describes. */
function build(plan: Plan): Transformed {
  const c = new Choices(plan.seed);
  const o = original(plan, c);
  let p: PlainTransformed | undefined;
  if (plan.ssa !== "random") {
    const g = Graph.fromLists(0, o.preds);
    const cfg = new Cfg(g, o.varCount, Rows.from(o.oldDefs), Rows.from(o.oldUses));
    try {
      const built = constructFast(cfg);
      const t = plan.ssa === "minimised" ? new Transformed(cfg, substAllFast(built.ssa), built.transformed.varOf) : built.transformed;
      p = toPlain(t);
    } catch {
      // a cycle of single-predecessor nodes that Entry does not reach: lookupDef has no answer
      p = undefined;
    }
  }
  p ??= randomSsa(o, c);
  for (const d of plan.defects) applyDefect(p, d, c);
  const t = toTransformed(p);
  // a counterexample prints as the plain lists it was built from (the model's typed arrays say little)
  const shown = `toTransformed(${JSON.stringify(p)}) /* plan ${JSON.stringify(plan)} */`;
  Object.defineProperty(t, fc.toStringMethod, { value: () => shown });
  return t;
}

/**
 * Random translations as the module comment describes them.
 *
 * @bounds 1 to maxNodes (default 9) nodes, 1 to maxVars (default 3) variables, up to 3 extra
 * edges besides a spanning tree and an irreducible pair; unreachable nodes, edges into Entry,
 * uses not definitely assigned, phis at Entry, of the wrong arity and with arbitrary arguments,
 * each of 15 defects in one case in eight
 */
export function brokenTransformed(b: BrokenBounds = {}): fc.Arbitrary<Transformed> {
  return plans(b).map(build);
}
