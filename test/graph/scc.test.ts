import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Graph } from "../../spec/model.js";
import { stronglyConnectedComponents, stronglyConnectedComponentsCsr, type SccResult } from "../../graph/index.js";
import { arbDigraph, arbMask, closure, graphOf } from "./arbitrary.js";

const RUNS = { numRuns: 500 };

/** Every claim of `SccResult` against the brute-force closure of the (masked) graph. */
function checkAgainstBruteForce(g: Graph, r: SccResult, mask?: Uint8Array): void {
  const n = g.nodeCount;
  const inside = (v: number) => mask === undefined || mask[v] !== 0;
  const reach = closure(g, mask);
  const same = (u: number, v: number) => u === v || (reach[u][v] && reach[v][u]);
  for (let u = 0; u < n; u++) {
    if (!inside(u)) {
      expect(r.component[u]).toBe(-1);
      continue;
    }
    expect(r.component[u]).toBeGreaterThanOrEqual(0);
    for (let v = 0; v < n; v++) if (inside(v)) expect(r.component[u] === r.component[v], `${u} ~ ${v}`).toBe(same(u, v));
  }
  // components: a partition of the masked vertices, consistent with `component`
  expect(r.components.rowCount).toBe(r.componentCount);
  expect(r.cyclic.length).toBe(r.componentCount);
  let total = 0;
  for (let c = 0; c < r.componentCount; c++) {
    const members = r.components.row(c);
    expect(members.length).toBeGreaterThan(0);
    total += members.length;
    for (const v of members) expect(r.component[v]).toBe(c);
    // cyclic iff some member reaches itself by a non-empty path (size > 1 or a self-loop)
    expect(r.cyclic[c] === 1).toBe(reach[members[0]][members[0]]);
  }
  expect(total).toBe([...Array(n).keys()].filter(inside).length);
  // reverse topological: a component comes before every other component that can reach it
  for (let u = 0; u < n; u++)
    for (let v = 0; v < n; v++)
      if (inside(u) && inside(v) && reach[u][v] && r.component[u] !== r.component[v])
        expect(r.component[v], `${u} reaches ${v}`).toBeLessThan(r.component[u]);
}

describe("Tarjan's strongly connected components", () => {
  it("components = classes of mutual reachability; ids in reverse topological order; cyclic flags exact", () => {
    fc.assert(
      fc.property(arbDigraph(), (g) => {
        checkAgainstBruteForce(g, stronglyConnectedComponents(g.succs));
      }),
      RUNS,
    );
  });

  it("the same on the subgraph induced by a mask (edges leaving the mask ignored)", () => {
    fc.assert(
      fc.property(
        arbDigraph().chain((g) => fc.tuple(fc.constant(g), arbMask(g.nodeCount))),
        ([g, mask]) => {
          checkAgainstBruteForce(g, stronglyConnectedComponents(g.succs, mask), mask);
        },
      ),
      RUNS,
    );
  });

  it("the CSR entry point and the predecessor rows (the reversed graph) give the same partition", () => {
    fc.assert(
      fc.property(arbDigraph(), (g) => {
        const a = stronglyConnectedComponents(g.succs);
        const b = stronglyConnectedComponentsCsr(g.nodeCount, g.succs.start, g.succs.list);
        expect(b.component).toEqual(a.component);
        // reversing every edge keeps the components and reverses the order of the condensation
        const rev = stronglyConnectedComponents(g.preds);
        expect(rev.componentCount).toBe(a.componentCount);
        for (let u = 0; u < g.nodeCount; u++)
          for (let v = 0; v < g.nodeCount; v++)
            expect(rev.component[u] === rev.component[v]).toBe(a.component[u] === a.component[v]);
      }),
      RUNS,
    );
  });

  it("examples", () => {
    // 0 -> 1 -> 2 -> 1, 2 -> 3, 3 -> 3 ; 4 isolated
    const g = graphOf([[], [0, 2], [1], [2, 3], []]);
    const r = stronglyConnectedComponents(g.succs);
    expect(r.componentCount).toBe(4);
    // sinks first: {3} before {1,2} before {0}
    expect(r.component[3]).toBeLessThan(r.component[1]);
    expect(r.component[1]).toBe(r.component[2]);
    expect(r.component[1]).toBeLessThan(r.component[0]);
    expect(Array.from(r.cyclic)).toEqual([1, 1, 0, 0]);
    expect(r.components.toArrays()).toEqual([[3], [2, 1], [0], [4]]);
    expect(() => stronglyConnectedComponentsCsr(3, new Int32Array(2), new Int32Array(0))).toThrow(RangeError);
  });
});
