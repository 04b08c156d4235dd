/**
 * `lowHighOrder` against the definition of Georgiadis and Tarjan (ACM TALG 12(1), 2016): a
 * preorder of the dominator tree D in which every reachable v ≠ Entry has the edge (idom v, v) or
 * predecessors u, w with u < v < w and w not a descendant of v in D.
 *
 * The checkers here share nothing with the implementation: dominance is the fixpoint of the
 * defining equations (Dom(Entry) = {Entry}, Dom(v) = {v} ∪ ⋂ Dom(u) over reachable predecessors),
 * cross-checked against the path-enumerating `dominates` of spec/graph_path.ts on small graphs,
 * and the preorder and low/high conditions are tested literally. The linear checker used at
 * 10^6 nodes is itself checked to reject a corrupted order.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dominates } from "../../spec/graph_path.js";
import { Graph } from "../../spec/model.js";
import { immediateDominators } from "../../graph/dominators.js";
import { lowHighOrder } from "../../graph/low_high.js";
import { arbCfgPreds, graphOf, N } from "./arbitrary.js";

const SEED_SMALL = 20160101;
const SEED_LARGE = 12_2016;

// ---------------------------------------------------------------------------------------------
// the brute-force checker
// ---------------------------------------------------------------------------------------------

/** Reachability from Entry and `dom[a][b]` = a dominates b (both reachable), by the dataflow fixpoint. */
function bruteDominance(g: Graph): { reach: boolean[]; dom: boolean[][] } {
  const n = g.nodeCount;
  const reach = new Array<boolean>(n).fill(false);
  reach[g.Entry] = true;
  for (let changed = true; changed; ) {
    changed = false;
    for (let v = 0; v < n; v++)
      if (!reach[v] && g.predecessors(N(v)).some((u) => reach[u])) {
        reach[v] = true;
        changed = true;
      }
  }
  // Dom(v) as a row of booleans; start from "everything" and shrink to the greatest fixpoint
  const D: boolean[][] = Array.from({ length: n }, (_, v) => Array.from({ length: n }, (_, a) => (v === g.Entry ? a === v : reach[a])));
  for (let changed = true; changed; ) {
    changed = false;
    for (let v = 0; v < n; v++) {
      if (!reach[v] || v === g.Entry) continue;
      for (let a = 0; a < n; a++) {
        if (!D[v][a] || a === v) continue;
        // a ∈ Dom(v) iff a ∈ Dom(u) for every reachable predecessor u
        const keep = g.predecessors(N(v)).every((u) => !reach[u] || D[u][a]);
        if (!keep) {
          D[v][a] = false;
          changed = true;
        }
      }
    }
  }
  const dom = Array.from({ length: n }, (_, a) => Array.from({ length: n }, (_, b) => reach[a] && reach[b] && D[b][a]));
  return { reach, dom };
}

/** `idom` from the dominance relation: the strict dominator dominated by all the others. */
function bruteIdom(g: Graph, reach: boolean[], dom: boolean[][]): number[] {
  const n = g.nodeCount;
  const idom = new Array<number>(n).fill(-1);
  for (let v = 0; v < n; v++) {
    if (!reach[v] || v === g.Entry) continue;
    const strict: number[] = [];
    for (let a = 0; a < n; a++) if (a !== v && dom[a][v]) strict.push(a);
    const d = strict.filter((a) => strict.every((b) => dom[b][a]));
    expect(d.length, `idom of ${v}`).toBe(1);
    idom[v] = d[0];
  }
  return idom;
}

/**
 * Why `order` is not a low-high order of the dominator tree of `g`, or undefined if it is. The
 * tree is recomputed from the definition, not taken from the implementation.
 */
function violation(g: Graph, order: ArrayLike<number>): string | undefined {
  const { reach, dom } = bruteDominance(g);
  const idom = bruteIdom(g, reach, dom);
  const n = g.nodeCount;
  const pos = new Array<number>(n).fill(-1);
  for (let i = 0; i < order.length; i++) {
    const v = order[i];
    if (!(Number.isInteger(v) && v >= 0 && v < n)) return `${v} is not a node`;
    if (!reach[v]) return `${v} is unreachable`;
    if (pos[v] >= 0) return `${v} occurs twice`;
    pos[v] = i;
  }
  for (let v = 0; v < n; v++) if (reach[v] && pos[v] < 0) return `${v} is missing`;
  if (order[0] !== g.Entry) return "Entry does not come first";
  // preorder of D: every subtree {w : v dominates w} is the interval starting at v
  for (let v = 0; v < n; v++) {
    if (!reach[v]) continue;
    const sub: number[] = [];
    for (let w = 0; w < n; w++) if (dom[v][w]) sub.push(pos[w]);
    const lo = Math.min(...sub);
    const hi = Math.max(...sub);
    if (lo !== pos[v] || hi - lo + 1 !== sub.length) return `the subtree of ${v} is not an interval starting at ${v}`;
  }
  // low/high
  for (let v = 0; v < n; v++) {
    if (!reach[v] || v === g.Entry) continue;
    const preds = g.predecessors(N(v)).filter((u) => reach[u]);
    if (preds.includes(N(idom[v]))) continue;
    const low = preds.some((u) => pos[u] < pos[v]);
    const high = preds.some((w) => pos[w] > pos[v] && !dom[v][w]);
    if (!low || !high) return `${v} has no ${low ? "high" : "low"} predecessor`;
  }
  return undefined;
}

function run(g: Graph): Int32Array {
  const idom = immediateDominators(g.succs, g.preds, g.Entry);
  return lowHighOrder(g.succs, g.Entry, idom);
}

// ---------------------------------------------------------------------------------------------
// the linear checker (for 10^6 nodes): preorder by a root-path stack, low/high by positions
// ---------------------------------------------------------------------------------------------

function linearViolation(g: Graph, idom: Int32Array, order: Int32Array): string | undefined {
  const n = g.nodeCount;
  const pos = new Int32Array(n).fill(-1);
  const last = new Int32Array(n).fill(-1); // last position of the subtree
  for (let i = 0; i < order.length; i++) {
    if (pos[order[i]] >= 0) return `${order[i]} occurs twice`;
    pos[order[i]] = i;
  }
  let reachable = 1;
  for (let v = 0; v < n; v++) if (idom[v] >= 0) reachable++;
  if (order.length !== reachable || order[0] !== g.Entry) return "not the reachable nodes with Entry first";
  // a sequence is a preorder of D iff each node's parent is on the root path of its predecessor
  const stack = new Int32Array(order.length);
  let sp = 0;
  stack[sp++] = order[0];
  for (let i = 1; i < order.length; i++) {
    const v = order[i];
    while (sp > 0 && stack[sp - 1] !== idom[v]) last[stack[--sp]] = i - 1;
    if (sp === 0) return `${v} does not follow its dominator's subtree`;
    stack[sp++] = v;
  }
  while (sp > 0) last[stack[--sp]] = order.length - 1;
  for (let v = 0; v < n; v++) {
    if (idom[v] < 0) continue;
    let free = false;
    let low = false;
    let high = false;
    for (const u of g.predecessors(N(v))) {
      if (pos[u] < 0) continue;
      if (u === idom[v]) free = true;
      if (pos[u] < pos[v]) low = true;
      if (pos[u] > last[v]) high = true; // after v and outside its subtree
    }
    if (!free && !(low && high)) return `${v} has no ${low ? "high" : "low"} predecessor`;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// hand cases
// ---------------------------------------------------------------------------------------------

/** The named example: root x, children s1 s2 a b; x->s1, x->s2, s1->a, s2->b, a->b, b->a. */
const X = 0,
  S1 = 1,
  S2 = 2,
  A = 3,
  B = 4;
const named = Graph.fromLists(X, [[], [X], [X], [S1, B], [S2, A]]);

describe("lowHighOrder: hand cases", () => {
  it("the named example (s1 -> a <-> b <- s2): a and b sit between s1 and s2", () => {
    const order = Array.from(run(named));
    expect(violation(named, order)).toBeUndefined();
    expect(order[0]).toBe(X);
    const p = (v: number) => order.indexOf(v);
    // a needs s1 and b on opposite sides, b needs s2 and a: s1, a, b, s2 or its mirror
    expect([p(S1) < p(A) && p(A) < p(B) && p(B) < p(S2), p(S2) < p(B) && p(B) < p(A) && p(A) < p(S1)]).toContain(true);
  });

  it("the checkers reject a corrupted order: [x, s1, b, a, s2] (a and b swapped)", () => {
    expect(violation(named, [X, S1, A, B, S2])).toBeUndefined();
    expect(violation(named, [X, S1, B, A, S2])).toMatch(/no (low|high) predecessor/);
    const idom = immediateDominators(named.succs, named.preds, named.Entry);
    expect(linearViolation(named, idom, Int32Array.from([X, S1, A, B, S2]))).toBeUndefined();
    expect(linearViolation(named, idom, Int32Array.from([X, S1, B, A, S2]))).toMatch(/no (low|high) predecessor/);
    // and a non-preorder: a subtree split (chain 0 -> 1 -> 2 plus 0 -> 3)
    const t = Graph.fromLists(0, [[], [0], [1], [0]]);
    expect(violation(t, [0, 1, 3, 2])).toMatch(/subtree/);
    expect(linearViolation(t, immediateDominators(t.succs, t.preds, 0), Int32Array.from([0, 1, 3, 2]))).toMatch(/subtree/);
  });

  const cases: [string, number[][], number[][]?][] = [
    ["a diamond", [[], [0], [0], [1, 2]]],
    ["a loop 0 -> 1 -> 2 -> 1, 2 -> 3", [[], [0, 2], [1], [2]]],
    ["a two-entry irreducible loop 0 -> {1, 2}, 1 <-> 2", [[], [0, 2], [0, 1], [1, 2]]],
    ["a chain with self-loops and parallel edges", [[], [0, 0, 1], [1, 2, 1], [2, 2]]],
    ["an unreachable cycle feeding the graph", [[], [0, 4], [1, 3], [4], [3]]],
    ["the Fibonacci ladder (every node between its two predecessors)", [[], [0], [0, 1], [2, 1], [3, 2], [4, 3], [5, 4]]],
    ["a single node", [[]]],
  ];
  for (const [name, preds] of cases)
    it(name, () => {
      const g = graphOf(preds);
      expect(violation(g, run(g))).toBeUndefined();
    });

  it("rejects an idom that is not the dominator tree", () => {
    // diamond with idom(3) = 1 claimed instead of 0
    const g = Graph.fromLists(0, [[], [0], [0], [1, 2]]);
    expect(() => lowHighOrder(g.succs, 0, Int32Array.from([-1, 0, 0, 1]))).toThrow();
    // flat claim on a chain: idom(2) = 0, but 1 dominates 2
    const c = Graph.fromLists(0, [[], [0], [1]]);
    expect(() => lowHighOrder(c.succs, 0, Int32Array.from([-1, 0, 0]))).toThrow();
  });
});

// ---------------------------------------------------------------------------------------------
// properties
// ---------------------------------------------------------------------------------------------

describe("lowHighOrder returns a low-high order of the dominator tree (GT 2016, Def.)", () => {
  it(`small flowgraphs (1..9 nodes, irreducible, parallel edges, self-loops, unreachable nodes): 20000 runs, seed ${SEED_SMALL}`, () => {
    fc.assert(
      fc.property(arbCfgPreds({ maxNodes: 9, maxExtraPreds: 3 }), (preds) => {
        const g = graphOf(preds);
        expect(violation(g, run(g))).toBeUndefined();
      }),
      { numRuns: 20000, seed: SEED_SMALL },
    );
  });

  it(`larger dense flowgraphs (up to 40 nodes, up to 7 extra predecessors each): 3000 runs, seed ${SEED_LARGE}`, () => {
    fc.assert(
      fc.property(arbCfgPreds({ maxNodes: 40, maxExtraPreds: 7 }), (preds) => {
        const g = graphOf(preds);
        expect(violation(g, run(g))).toBeUndefined();
      }),
      { numRuns: 3000, seed: SEED_LARGE },
    );
  });

  it("the dataflow dominance of the checker is the literal `dominates` of spec/graph_path.ts (2000 runs)", () => {
    fc.assert(
      fc.property(arbCfgPreds({ maxNodes: 7, maxExtraPreds: 2 }), (preds) => {
        const g = graphOf(preds);
        const { reach, dom } = bruteDominance(g);
        for (let a = 0; a < g.nodeCount; a++)
          for (let b = 0; b < g.nodeCount; b++) if (reach[a] && reach[b]) expect(dom[a][b], `dominates ${a} ${b}`).toBe(dominates(g, N(a), N(b)));
      }),
      { numRuns: 2000, seed: SEED_SMALL },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// scale: nothing recurses with the input's depth
// ---------------------------------------------------------------------------------------------

describe("lowHighOrder at scale, checked linearly", () => {
  const check = (preds: number[][]) => {
    const g = Graph.fromLists(0, preds);
    const idom = immediateDominators(g.succs, g.preds, 0);
    const order = lowHighOrder(g.succs, 0, idom);
    expect(linearViolation(g, idom, order)).toBeUndefined();
    return order;
  };

  it("a chain of 10^6 nodes (dominator tree depth 10^6)", () => {
    const n = 1_000_000;
    const preds: number[][] = new Array(n);
    preds[0] = [];
    for (let i = 1; i < n; i++) preds[i] = [i - 1];
    const order = check(preds);
    expect([order[0], order[n - 1]]).toEqual([0, n - 1]);
  });

  it("the Fibonacci ladder on 10^6 nodes: one flat sibling set, DFS depth and head-tree depth 10^6", () => {
    // 0 -> 1, 0 -> 2, i-1 -> i, i-2 -> i: every node's dominator is 0
    const n = 1_000_000;
    const preds: number[][] = new Array(n);
    preds[0] = [];
    preds[1] = [0];
    preds[2] = [0, 1];
    for (let i = 3; i < n; i++) preds[i] = [i - 1, i - 2];
    check(preds);
  });

  it("2*10^5 nested two-entry irreducible loops (a ladder of 2-cycles closed into one loop)", () => {
    // 0 -> x0, 0 -> y0; x_i <-> y_i; x_i -> x_{i+1}; y_i -> y_{i+1}; x_last -> x_0
    const L = 200_000;
    const x = (i: number) => 1 + 2 * i;
    const y = (i: number) => 2 + 2 * i;
    const preds: number[][] = new Array(1 + 2 * L);
    preds[0] = [];
    for (let i = 0; i < L; i++) {
      preds[x(i)] = [i === 0 ? 0 : x(i - 1), y(i)];
      preds[y(i)] = [i === 0 ? 0 : y(i - 1), x(i)];
    }
    preds[x(0)].push(x(L - 1));
    check(preds);
  });

  it("2*10^5 nested diamonds (dominator tree depth 2*10^5)", () => {
    // d_i -> l_i, d_i -> r_i, l_i -> d_{i+1}, r_i -> d_{i+1}, and a back edge d_last -> d_0
    const L = 200_000;
    const d = (i: number) => 3 * i;
    const preds: number[][] = new Array(3 * L + 1);
    preds[0] = [];
    for (let i = 0; i < L; i++) {
      preds[d(i) + 1] = [d(i)];
      preds[d(i) + 2] = [d(i)];
      preds[d(i + 1)] = [d(i) + 1, d(i) + 2];
    }
    preds[d(1)].push(d(L));
    check(preds);
  });
});
