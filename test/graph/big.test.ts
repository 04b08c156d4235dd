/**
 * 10^6-node graphs: every algorithm must finish without a stack overflow (nothing recurses
 * with the input's depth) and give the values the shapes force.
 */
import { describe, expect, it } from "vitest";
import { Graph } from "../../spec/model.js";
import {
  checkReducible,
  dfs,
  dominanceFrontiers,
  dominatorTree,
  isReducible,
  iteratedDominanceFrontier,
  reachBackward,
  reachesAvoiding,
  stronglyConnectedComponents,
} from "../../graph/index.js";

const N = 1_000_000;

/** 0 -> 1 -> ... -> n-1, then `extra` may add predecessors. */
function chain(extra: (preds: number[][]) => void = () => {}, n = N): Graph {
  const preds: number[][] = new Array(n);
  preds[0] = [];
  for (let i = 1; i < n; i++) preds[i] = [i - 1];
  extra(preds);
  return Graph.fromLists(0, preds);
}

describe("10^6-node graphs", () => {
  it("a chain: DFS depth 10^6, dominator tree depth 10^6, 10^6 singleton components", () => {
    const g = chain();
    const d = dfs(g);
    expect(d.reachedCount).toBe(N);
    expect([d.pre[N - 1], d.post[N - 1], d.post[0], d.parent[N - 1]]).toEqual([N - 1, 0, N - 1, N - 2]);
    expect(d.rpo[0]).toBe(0);
    expect(d.rpo[N - 1]).toBe(N - 1);

    const dt = dominatorTree(g);
    expect([dt.idom[0], dt.idom[1], dt.idom[N / 2], dt.idom[N - 1]]).toEqual([-1, 0, N / 2 - 1, N - 2]);
    expect(dt.depth[N - 1]).toBe(N - 1);
    expect(dt.dominates(0, N - 1)).toBe(true);
    expect(dt.dominates(N / 2, N - 1)).toBe(true);
    expect(dt.dominates(N - 1, N / 2)).toBe(false);
    expect(dt.commonDominator(N - 1, N / 2)).toBe(N / 2);

    const df = dominanceFrontiers(dt);
    expect(df.list.length).toBe(0);

    const s = stronglyConnectedComponents(g.succs);
    expect(s.componentCount).toBe(N);
    expect([s.component[0], s.component[N - 1]]).toEqual([N - 1, 0]); // sinks first
    expect(s.cyclic.every((c) => c === 0)).toBe(true);

    expect(isReducible(g, dt)).toBe(true);
    const blocked = new Uint8Array(N);
    blocked[N / 2] = 1;
    const back = reachBackward(g, [N - 1], blocked);
    expect([back[0], back[N / 2], back[N / 2 + 1], back[N - 1]]).toEqual([0, 0, 1, 1]);
    expect(reachesAvoiding(g, 0, N - 1, 5)).toBe(false);
    expect(reachesAvoiding(g, 6, N - 1, 5)).toBe(true);
  });

  it("every node i >= 1 has a back edge to 1 (and a self-loop on 1): one 10^6-node loop, deep path compression, linear-time DF", () => {
    const g = chain((p) => {
      for (let i = 1; i < N; i++) p[1].push(i);
    });
    const dt = dominatorTree(g);
    expect([dt.idom[1], dt.idom[2], dt.idom[N - 1]]).toEqual([0, 1, N - 2]);
    expect(dt.dominates(1, N - 1)).toBe(true);

    const df = dominanceFrontiers(dt);
    expect(df.row(0)).toEqual([]);
    expect(df.row(1)).toEqual([1]);
    expect(df.row(N - 1)).toEqual([1]);
    expect(df.list.length).toBe(N - 1);
    expect(Array.from(iteratedDominanceFrontier(dt, df, [N - 1, 7]))).toEqual([1]);

    const s = stronglyConnectedComponents(g.succs);
    expect(s.componentCount).toBe(2);
    expect([s.component[0], s.component[1], s.component[N - 1]]).toEqual([1, 0, 0]);
    expect(Array.from(s.cyclic)).toEqual([1, 0]);
    expect(isReducible(g, dt)).toBe(true);
  });

  it("a 10^6-deep loop nest on 2 * 10^6 nodes: back edge M-i -> i for every 1 <= i < M/2", () => {
    const M = 2 * N;
    const g = chain((p) => {
      for (let i = 1; i < M / 2; i++) p[i].push(M - i);
    }, M);
    const d = dfs(g);
    expect(d.reachedCount).toBe(M);
    const dt = dominatorTree(g);
    expect([dt.idom[1], dt.idom[M / 2], dt.idom[M - 1]]).toEqual([0, M / 2 - 1, M - 2]);
    expect(dt.dominates(M / 2 - 1, M / 2 + 1)).toBe(true);
    const s = stronglyConnectedComponents(g.succs);
    expect(s.componentCount).toBe(2);
    expect(s.component[M / 2]).toBe(s.component[1]);
    // the nest restricted to its inner half: nodes M/4 .. 3M/4 form one component again
    const mask = new Uint8Array(M);
    mask.fill(1, M / 4, (3 * M) / 4 + 1);
    const inner = stronglyConnectedComponents(g.succs, mask);
    expect(inner.componentCount).toBe(1);
    expect(inner.components.count(0)).toBe(M / 2 + 1);
    expect(isReducible(g, dt)).toBe(true);
  });

  it("an irreducible 10^6-node loop (entered at 1 and at N-1): the witness is the whole cycle", () => {
    const g = chain((p) => {
      p[1].push(N - 1);
      p[N - 1].push(0);
    });
    const r = checkReducible(g);
    expect(r.reducible).toBe(false);
    if (r.reducible) return;
    expect(r.edge).toEqual([N - 1, 1]);
    expect(r.witness.length).toBe(N);
    expect([r.witness[0], r.witness[1], r.witness[N - 2], r.witness[N - 1]]).toEqual([1, 2, N - 1, 1]);
    let edges = true;
    for (let i = 0; i + 1 < r.witness.length; i++) edges &&= g.succs.has(r.witness[i], r.witness[i + 1]);
    expect(edges).toBe(true);
  });
});
