import { describe, expect, it } from "vitest";
import {
  alpha_e,
  dominates,
  dominators,
  isIdom,
  Entry_in_graph,
  Entry_reaches,
  Entry_unreachable,
  idom,
  inEdges,
  path,
  path2,
  paths,
  predecessors,
  shortestPath,
  strict_dom,
  successors,
} from "../../spec/graph_path.js";
import type { Node } from "../../spec/ids.js";
import { cfg } from "../helpers/build.js";
import { diamond, loop } from "./examples.js";

const N = (n: number) => n as Node;

describe("graph_path_base", () => {
  const { graph: g } = loop();
  it("inEdges carry the in-edge index as edge data, in predecessor order", () => {
    expect(inEdges(g, N(1))).toEqual([
      [0, 0, 1],
      [3, 1, 1],
    ]);
    expect(inEdges(g, N(0))).toEqual([]);
    expect(alpha_e(g)).toHaveLength(5);
  });
  it("predecessors keep order and parallel edges; successors are distinct in node order", () => {
    const p = cfg({ preds: [[], [0, 0], [1]] }).graph;
    expect(predecessors(p, N(1))).toEqual([0, 0]);
    expect(successors(p, N(0))).toEqual([1]);
    expect(successors(g, N(1))).toEqual([2, 4]);
    expect(successors(g, N(4))).toEqual([]);
  });
  it("path: non-empty, forward edges, both endpoints included", () => {
    expect(path(g, [0])).toBe(true);
    expect(path(g, [0, 1, 2, 3, 1, 4])).toBe(true);
    expect(path(g, [])).toBe(false);
    expect(path(g, [0, 2])).toBe(false);
    expect(path(g, [1, 0])).toBe(false);
    expect(path(g, [7])).toBe(false);
  });
  it("path2 g n ns m fixes both endpoints", () => {
    expect(path2(g, N(0), [0, 1, 4], N(4))).toBe(true);
    expect(path2(g, N(1), [0, 1, 4], N(4))).toBe(false);
    expect(path2(g, N(0), [0, 1, 4], N(1))).toBe(false);
    expect(path2(g, N(1), [1], N(1))).toBe(true);
  });
  it("paths enumerates exactly the paths up to the bound", () => {
    const all = [...paths(g, N(0), N(4), 6)];
    expect(all).toEqual([
      [0, 1, 2, 3, 1, 4],
      [0, 1, 4],
    ]);
    expect(all.every((ns) => path2(g, N(0), ns, N(4)))).toBe(true);
    expect([...paths(g, N(0), N(4), 2)]).toEqual([]);
  });
});

describe("graph_Entry assumptions", () => {
  it("hold on the loop", () => {
    const { graph: g } = loop();
    expect(Entry_in_graph(g)).toBe(true);
    expect(Entry_unreachable(g)).toBe(true);
    expect(Entry_reaches(g)).toBe(true);
  });
  it("Entry_unreachable fails when Entry has a predecessor", () => {
    expect(Entry_unreachable(cfg({ preds: [[1], [0]] }).graph)).toBe(false);
  });
  it("Entry_reaches fails on an unreachable node", () => {
    expect(Entry_reaches(cfg({ preds: [[], [0], [2]] }).graph)).toBe(false);
  });
  it("Entry_in_graph fails for an entry outside the nodes", () => {
    expect(Entry_in_graph(cfg({ preds: [[]], entry: 3 }).graph)).toBe(false);
  });
});

describe("dominates", () => {
  const { graph: g } = diamond();
  it("is reflexive and follows all paths from Entry", () => {
    expect(dominates(g, N(4), N(4))).toBe(true);
    expect(dominates(g, N(1), N(4))).toBe(true);
    expect(dominates(g, N(2), N(4))).toBe(false);
    expect(dominates(g, N(3), N(4))).toBe(false);
    expect(strict_dom(g, N(1), N(1))).toBe(false);
    expect(strict_dom(g, N(0), N(1))).toBe(true);
  });
  it("idom and shortestPath", () => {
    expect(idom(g, N(4))).toBe(1);
    expect(idom(g, N(0))).toBeUndefined();
    expect(shortestPath(g, N(4))).toBe(4);
  });
  it("every node dominates an unreachable node (no path from Entry)", () => {
    const u = cfg({ preds: [[], [0], [2]] }).graph;
    expect(dominates(u, N(1), N(2))).toBe(true);
  });
});

describe("dominators and isIdom", () => {
  const { graph: g } = diamond();
  it("dominators g n lists every node dominating n", () => {
    expect(dominators(g, N(4))).toEqual([0, 1, 4]);
    expect(dominators(g, N(0))).toEqual([0]);
  });
  it("isIdom g n m holds for the closest strict dominator only", () => {
    expect(isIdom(g, N(4), N(1))).toBe(true);
    expect(isIdom(g, N(4), N(0))).toBe(false);
    expect(isIdom(g, N(4), N(4))).toBe(false);
  });
});
