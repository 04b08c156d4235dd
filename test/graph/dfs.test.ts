import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { paths } from "../../spec/graph_path.js";
import type { Graph } from "../../spec/model.js";
import {
  depthFirst,
  dfs,
  isDfsAncestor,
  isRetreatingEdge,
  reachBackward,
  reachesAvoiding,
  reachForward,
} from "../../graph/index.js";
import { reversePostorder } from "../../graph/dfs.js";
import { arbCfg, arbDigraph, arbMask, graphOf, literalReachable, N } from "./arbitrary.js";

const RUNS = { numRuns: 400 };

/** The textbook recursive DFS (fine for 9 nodes): the numbering the iterative one must reproduce. */
function recursiveDfs(g: Graph, root: number) {
  const n = g.nodeCount;
  const pre = new Array<number>(n).fill(-1);
  const post = new Array<number>(n).fill(-1);
  const parent = new Array<number>(n).fill(-1);
  let p = 0;
  let q = 0;
  const visit = (v: number): void => {
    pre[v] = p++;
    for (const w of g.succs.row(v)) {
      if (pre[w] === -1) {
        parent[w] = v;
        visit(w);
      }
    }
    post[v] = q++;
  };
  visit(root);
  return { pre, post, parent };
}

/** Some path from a seed to `x` (at most n nodes suffice) none of whose nodes is blocked. */
function bruteReach(g: Graph, seeds: number[], blocked: Uint8Array, forward: boolean, x: number): boolean {
  for (const s of seeds) {
    const [from, to] = forward ? [s, x] : [x, s];
    for (const ns of paths(g, N(from), N(to), g.nodeCount)) if (ns.every((v) => blocked[v] === 0)) return true;
  }
  return false;
}

describe("dfs", () => {
  it("reversePostorder: the reverse postorder and reachable mask of the full DFS (the recursive one's postorder, reversed)", () => {
    fc.assert(
      fc.property(arbCfg(), (g) => {
        const lean = reversePostorder(g.succs, g.Entry);
        const r = recursiveDfs(g, g.Entry);
        const byPost = r.post.map((p, v) => [p, v]).filter(([p]) => p >= 0).sort((a, b) => b[0] - a[0]).map(([, v]) => v);
        expect(Array.from(lean.rpo)).toEqual(byPost);
        expect(Array.from(lean.reachable)).toEqual(Array.from(dfs(g).reachable));
      }),
      RUNS,
    );
  });
  it("numbers pre/post/parent exactly like the recursive DFS over ascending successors", () => {
    fc.assert(
      fc.property(arbCfg(), (g) => {
        const d = dfs(g);
        const r = recursiveDfs(g, g.Entry);
        expect(Array.from(d.pre)).toEqual(r.pre);
        expect(Array.from(d.post)).toEqual(r.post);
        expect(Array.from(d.parent)).toEqual(r.parent);
      }),
      RUNS,
    );
  });

  it("reachable mask = literal reachability from Entry; orders are consistent permutations of it", () => {
    fc.assert(
      fc.property(arbCfg(), (g) => {
        const d = dfs(g);
        const lit = literalReachable(g);
        expect(Array.from(d.reachable, (b) => b === 1)).toEqual(lit);
        const reached = lit.filter(Boolean).length;
        expect(d.reachedCount).toBe(reached);
        expect(d.preorder.length).toBe(reached);
        for (let i = 0; i < reached; i++) {
          expect(d.pre[d.preorder[i]]).toBe(i);
          expect(d.post[d.postorder[i]]).toBe(i);
          expect(d.rpo[i]).toBe(d.postorder[reached - 1 - i]);
        }
        for (let v = 0; v < g.nodeCount; v++) {
          if (!lit[v]) expect([d.pre[v], d.post[v], d.parent[v]]).toEqual([-1, -1, -1]);
          else if (v !== g.Entry) {
            // a tree edge is a real edge, discovered later, finished earlier
            const p = d.parent[v];
            expect(g.succs.has(p, v)).toBe(true);
            expect(d.pre[p]).toBeLessThan(d.pre[v]);
            expect(d.post[p]).toBeGreaterThan(d.post[v]);
          }
        }
      }),
      RUNS,
    );
  });

  it("retreating edges are exactly the edges into a DFS ancestor, and every cycle has one", () => {
    fc.assert(
      fc.property(arbCfg(), (g) => {
        const d = dfs(g);
        for (let u = 0; u < g.nodeCount; u++) {
          if (!d.reachable[u]) continue;
          for (const v of g.succs.row(u)) {
            let anc = false;
            for (let x = u; x !== -1; x = d.parent[x]) if (x === v) anc = true;
            expect(isRetreatingEdge(d, u, v)).toBe(anc);
            expect(isDfsAncestor(d, v, u)).toBe(anc);
            // a non-retreating edge goes to a vertex finished earlier
            if (!anc) expect(d.post[v]).toBeLessThan(d.post[u]);
          }
        }
      }),
      RUNS,
    );
  });

  it("depthFirst from any root of a general digraph visits what the root reaches", () => {
    fc.assert(
      fc.property(
        arbDigraph().chain((g) => fc.tuple(fc.constant(g), fc.nat({ max: g.nodeCount - 1 }))),
        ([g, root]) => {
          const d = depthFirst(g.succs, root);
          const r = recursiveDfs(g, root);
          expect(Array.from(d.pre)).toEqual(r.pre);
          expect(Array.from(d.post)).toEqual(r.post);
          expect(d.pre[root]).toBe(0);
          expect(d.post[root]).toBe(d.reachedCount - 1);
        },
      ),
      RUNS,
    );
  });

  it("rejects a root that is not a vertex", () => {
    const g = graphOf([[], [0]]);
    expect(() => depthFirst(g.succs, 2)).toThrow(RangeError);
    expect(() => depthFirst(g.succs, -1)).toThrow(RangeError);
  });
});

describe("reachability with blocked nodes", () => {
  const arbCase = arbDigraph().chain((g) =>
    fc.tuple(
      fc.constant(g),
      fc.array(fc.nat({ max: g.nodeCount - 1 }), { maxLength: 3 }),
      arbMask(g.nodeCount),
      fc.boolean(),
    ),
  );

  it("reachForward/reachBackward = some path from/to a seed with no blocked node on it", () => {
    fc.assert(
      fc.property(arbCase, ([g, seeds, blockedRaw, useBlock]) => {
        const blocked = useBlock ? blockedRaw : new Uint8Array(g.nodeCount);
        const fwd = reachForward(g, seeds, useBlock ? blocked : undefined);
        const bwd = reachBackward(g, seeds, useBlock ? blocked : undefined);
        for (let x = 0; x < g.nodeCount; x++) {
          expect(fwd[x] === 1).toBe(bruteReach(g, seeds, blocked, true, x));
          expect(bwd[x] === 1).toBe(bruteReach(g, seeds, blocked, false, x));
        }
      }),
      RUNS,
    );
  });

  it("reachesAvoiding(n, m, k) = some path n..m not containing k", () => {
    fc.assert(
      fc.property(
        arbDigraph().chain((g) =>
          fc.tuple(fc.constant(g), fc.nat({ max: g.nodeCount - 1 }), fc.nat({ max: g.nodeCount - 1 }), fc.nat({ max: g.nodeCount - 1 })),
        ),
        ([g, n, m, k]) => {
          let brute = false;
          for (const ns of paths(g, N(n), N(m), g.nodeCount)) if (!ns.includes(N(k))) brute = true;
          expect(reachesAvoiding(g, n, m, k)).toBe(brute);
        },
      ),
      RUNS,
    );
  });

  it("hand example: a diamond with one arm blocked", () => {
    // 0 -> 1 -> 3, 0 -> 2 -> 3
    const g = graphOf([[], [0], [0], [1, 2]]);
    expect(reachesAvoiding(g, 0, 3, 1)).toBe(true);
    expect(reachForward(g, [0], Uint8Array.from([0, 1, 1, 0]))).toEqual(Uint8Array.from([1, 0, 0, 0]));
    expect(reachBackward(g, [3], Uint8Array.from([0, 1, 0, 0]))).toEqual(Uint8Array.from([1, 0, 1, 1]));
    expect(reachesAvoiding(g, 0, 0, 1)).toBe(true);
    expect(reachesAvoiding(g, 0, 0, 0)).toBe(false);
  });
});
