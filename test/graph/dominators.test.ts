import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { idom as literalIdom, strict_dom } from "../../spec/graph_path.js";
import { Graph, Rows } from "../../spec/model.js";
import { dominatorTree, immediateDominators } from "../../graph/index.js";
import { arbCfg, arbDigraph, graphOf, literalDominance, literalReachable, N } from "./arbitrary.js";

const RUNS = { numRuns: 400 };

describe("dominatorTree agrees with the literal definitions of spec/graph_path.ts", () => {
  it("dominates(a, b) = literal dominates g a b for every ordered pair (both directions), unreachable nodes included", () => {
    fc.assert(
      fc.property(arbCfg(), (g) => {
        const dt = dominatorTree(g);
        const lit = literalDominance(g);
        for (let a = 0; a < g.nodeCount; a++)
          for (let b = 0; b < g.nodeCount; b++) {
            expect(dt.dominates(a, b), `dominates ${a} ${b}`).toBe(lit[a][b]);
            expect(dt.dominates(b, a), `dominates ${b} ${a}`).toBe(lit[b][a]);
          }
      }),
      RUNS,
    );
  });

  it("dominatesReachable(a, b) = literal dominance with both nodes reachable; strictlyDominates = literal strict_dom", () => {
    fc.assert(
      fc.property(arbCfg(), (g) => {
        const dt = dominatorTree(g);
        const lit = literalDominance(g);
        const reach = literalReachable(g);
        for (let a = 0; a < g.nodeCount; a++)
          for (let b = 0; b < g.nodeCount; b++) {
            expect(dt.dominatesReachable(a, b)).toBe(reach[a] && reach[b] && lit[a][b]);
            expect(dt.strictlyDominates(a, b)).toBe(strict_dom(g, N(a), N(b)));
            expect(dt.strictlyDominatesReachable(a, b)).toBe(a !== b && reach[a] && reach[b] && lit[a][b]);
          }
      }),
      RUNS,
    );
  });

  it("idom(n) = literal idom g n on every reachable node (-1 for Entry); -1 on every unreachable node", () => {
    fc.assert(
      fc.property(arbCfg(), (g) => {
        const dt = dominatorTree(g);
        const reach = literalReachable(g);
        for (let n = 0; n < g.nodeCount; n++) {
          if (reach[n]) {
            expect(dt.idom[n], `idom ${n}`).toBe(literalIdom(g, N(n)) ?? -1);
            expect(dt.idomOf(n)).toBe(literalIdom(g, N(n)));
          } else {
            expect(dt.idom[n]).toBe(-1);
            expect(dt.idomOf(n)).toBeUndefined();
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("tree shape: children invert idom, depth = idom depth + 1, preorder lists dominators first", () => {
    fc.assert(
      fc.property(arbCfg(), (g) => {
        const dt = dominatorTree(g);
        const reach = literalReachable(g);
        const kids: number[][] = Array.from({ length: g.nodeCount }, () => []);
        for (let n = 0; n < g.nodeCount; n++) if (dt.idom[n] >= 0) kids[dt.idom[n]].push(n);
        expect(dt.children.toArrays()).toEqual(kids);
        const seen = new Set<number>();
        for (const v of dt.preorder) {
          if (v !== g.Entry) expect(seen.has(dt.idom[v])).toBe(true);
          seen.add(v);
        }
        expect(seen.size).toBe(reach.filter(Boolean).length);
        for (let n = 0; n < g.nodeCount; n++) {
          if (!reach[n]) expect([dt.depth[n], dt.pre[n], dt.post[n]]).toEqual([-1, -1, -1]);
          else expect(dt.depth[n]).toBe(n === g.Entry ? 0 : dt.depth[dt.idom[n]] + 1);
        }
      }),
      RUNS,
    );
  });

  it("commonDominator(a, b) = the deepest node dominating both (reachable a, b)", () => {
    fc.assert(
      fc.property(arbCfg(), (g) => {
        const dt = dominatorTree(g);
        const lit = literalDominance(g);
        const reach = literalReachable(g);
        for (let a = 0; a < g.nodeCount; a++)
          for (let b = 0; b < g.nodeCount; b++) {
            if (!reach[a] || !reach[b]) {
              expect(dt.commonDominator(a, b)).toBeUndefined();
              continue;
            }
            const common: number[] = [];
            for (let m = 0; m < g.nodeCount; m++) if (reach[m] && lit[m][a] && lit[m][b]) common.push(m);
            // the common dominators form a chain; the deepest is dominated by all of them
            const deepest = common.find((m) => common.every((x) => lit[x][m]));
            expect(dt.commonDominator(a, b)).toBe(deepest);
          }
      }),
      RUNS,
    );
  });

  it("immediateDominators works from any root of a general digraph (root may have predecessors)", () => {
    fc.assert(
      fc.property(
        arbDigraph(7).chain((g) => fc.tuple(fc.constant(g), fc.nat({ max: g.nodeCount - 1 }))),
        ([h, root]) => {
          // the same graph re-rooted: the literal definitions take Entry from the graph
          const g = new Graph(h.nodeCount, N(root), h.preds);
          const idom = immediateDominators(g.succs, g.preds, root);
          const reach = literalReachable(g);
          for (let n = 0; n < g.nodeCount; n++) expect(idom[n]).toBe(reach[n] ? (literalIdom(g, N(n)) ?? -1) : -1);
          const dt = dominatorTree(g);
          const lit = literalDominance(g);
          for (let a = 0; a < g.nodeCount; a++) for (let b = 0; b < g.nodeCount; b++) expect(dt.dominates(a, b)).toBe(lit[a][b]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("dominatorTree examples", () => {
  it("a loop with an exit: 0 -> 1 -> 2 -> 3 -> 1, 1 -> 4", () => {
    const g = graphOf([[], [0, 3], [1], [2], [1]]);
    const dt = dominatorTree(g);
    expect(Array.from(dt.idom)).toEqual([-1, 0, 1, 2, 1]);
    expect(dt.children.toArrays()).toEqual([[1], [2, 4], [3], [], []]);
    expect(dt.dominates(1, 3)).toBe(true);
    expect(dt.dominates(3, 1)).toBe(false);
    expect(dt.dominates(2, 4)).toBe(false);
  });

  it("unreachable nodes: dominated by everything (literal), by nothing (reachable variant)", () => {
    // 2 and 3 form an unreachable cycle
    const g = graphOf([[], [0], [3], [2]]);
    const dt = dominatorTree(g);
    expect(Array.from(dt.idom)).toEqual([-1, 0, -1, -1]);
    expect(dt.dominates(1, 2)).toBe(true);
    expect(dt.dominates(3, 2)).toBe(true);
    expect(dt.dominates(2, 1)).toBe(false);
    expect(dt.dominatesReachable(1, 2)).toBe(false);
    expect(dt.dominatesReachable(2, 2)).toBe(false);
    expect(dt.dominates(1, 7)).toBe(false); // not a node
    expect(dt.reachableCount).toBe(2);
  });

  it("the Lengauer–Tarjan paper's example flowgraph (Fig. 1)", () => {
    // R=0 A=1 B=2 C=3 D=4 E=5 F=6 G=7 H=8 I=9 J=10 K=11 L=12
    const succ: number[][] = [
      [1, 2, 3], // R -> A B C
      [4], // A -> D
      [1, 4, 5], // B -> A D E
      [6, 7], // C -> F G
      [12], // D -> L
      [8], // E -> H
      [9], // F -> I
      [9, 10], // G -> I J
      [5, 11], // H -> E K
      [11], // I -> K
      [9], // J -> I
      [0, 9], // K -> R I
      [8], // L -> H
    ];
    const preds: number[][] = succ.map(() => []);
    succ.forEach((ws, v) => ws.forEach((w) => preds[w].push(v)));
    const g = Graph.fromLists(0, preds);
    const dt = dominatorTree(g);
    // the paper's table: idom(R)=-, A..L = R R R R R C C R R G R D
    expect(Array.from(dt.idom)).toEqual([-1, 0, 0, 0, 0, 0, 3, 3, 0, 0, 7, 0, 4]);
    expect(immediateDominators(Rows.from(succ), Rows.from(preds), 0)).toEqual(dt.idom);
  });
});
