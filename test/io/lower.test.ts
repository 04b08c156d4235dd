import { describe, expect, it } from "vitest";
import type { Node } from "../../spec/ids.js";
import { describeNode } from "../../spec/places.js";
import { FORM_DEFS_USES, FORM_STMTS } from "../../io/columns.js";
import { lowerCfg, lowerSsa, type LoweredCfg } from "../../io/lower.js";
import { readDocumentText } from "../../io/read.js";
import { formatDocument } from "../../io/write.js";
import { blk, cfgDoc, du, example, ssaDoc } from "./docs.js";

const preds = (l: LoweredCfg) => l.cfg.graph.preds.toArrays();
const rows = (l: LoweredCfg) => ({
  defs: l.cfg.defRows.toArrays().map((r) => r.map((v) => l.varNames[v])),
  uses: l.cfg.useRows.toArrays().map((r) => r.map((v) => l.varNames[v])),
});
const lower = (...blocks: Parameters<typeof cfgDoc>[0]) => lowerCfg(cfgDoc(blocks), "t.json", "f");

describe("lowering the examples", () => {
  /**
   * B0: x :=                 n0 (phis) n1
   * B1 <- B0, B2: := x       n2 n3
   * B2 <- B1: x := x         n4 n5 (uses) n6 (defs)
   * B3 <- B1: := x           n7 n8
   */
  it("loop", () => {
    const l = lowerCfg(example("loop"), "loop.json", "loop");
    expect(l.cfg.nodeCount).toBe(9);
    expect(l.cfg.Entry).toBe(0);
    expect(preds(l)).toEqual([[], [0], [1, 6], [2], [3], [4], [5], [3], [7]]);
    expect(rows(l)).toEqual({
      defs: [[], ["x"], [], [], [], [], ["x"], [], []],
      uses: [[], [], [], ["x"], [], ["x"], [], [], ["x"]],
    });
    expect(Array.from(l.places.blockFirstNode)).toEqual([0, 2, 4, 7, 9]);
    expect(Array.from(l.places.nodeBlock)).toEqual([0, 0, 1, 1, 2, 2, 2, 3, 3]);
    expect(Array.from(l.places.nodeFirstStmt)).toEqual([-1, 0, -1, 0, -1, 0, 0, -1, 0]);
    expect(l.places.blockNames).toEqual(["B0", "B1", "B2", "B3"]);
    expect(Array.from(l.fn.blockForm)).toEqual([FORM_STMTS, FORM_STMTS, FORM_STMTS, FORM_STMTS]);
    expect(Array.from(l.places.defStmt)).toEqual([0, 0]);
    expect(Array.from(l.places.useStmt)).toEqual([0, 0, 0]);
    expect(describeNode(l.places, 6 as Node)).toBe("B2, statement 0");
    expect(describeNode(l.places, 4 as Node)).toBe("B2");
  });

  it("diamond: B0's branch on c starts a node after c's definition", () => {
    const l = lowerCfg(example("diamond"), "diamond.json", "diamond");
    expect(preds(l)).toEqual([[], [0], [1], [2], [3], [2], [5], [4, 6], [7]]);
    expect(Array.from(l.places.nodeFirstStmt)).toEqual([-1, 0, 1, -1, 0, -1, 0, -1, 0]);
  });

  /** B4: `j := j; := c`: the use of c joins the node holding j's def (n10). */
  it("nested-loops-break", () => {
    const l = lowerCfg(example("nested-loops-break"), "n.json", "n");
    expect(preds(l)).toEqual([[], [0], [1, 13], [2], [3], [4], [5, 10], [6], [7], [8], [9], [7], [11], [12], [3, 10], [14]]);
    expect(rows(l).defs[10]).toEqual(["j"]);
    expect(rows(l).uses[10]).toEqual(["c"]);
    expect(l.places.nodeFirstStmt[10]).toBe(0);
    const first = l.cfg.useRows.start[10];
    expect(l.places.useStmt[first]).toBe(1);
    expect(rows(l).uses[15]).toEqual(["i", "j"]);
  });

  it("irreducible: B2's two reading statements share one node", () => {
    const l = lowerCfg(example("irreducible"), "i.json", "i");
    expect(preds(l)).toEqual([[], [0], [1], [2, 7], [3], [4], [2, 5], [6], [7], [8]]);
    expect(rows(l).uses[7]).toEqual(["x", "c"]);
    const k = l.cfg.useRows.start[7];
    expect(Array.from(l.places.useStmt.subarray(k, k + 2))).toEqual([0, 1]);
  });

  it("parallel-edges: preds keep order and duplicates", () => {
    const l = lowerCfg(example("parallel-edges"), "p.json", "p");
    expect(preds(l)).toEqual([[], [0], [1], [2], [3], [4, 2, 2], [5]]);
    expect(l.cfg.graph.edgeCount).toBe(8);
  });

  it("self-loop: the edge leaves B1's last node for its first", () => {
    const l = lowerCfg(example("self-loop"), "s.json", "s");
    expect(preds(l)).toEqual([[], [0], [1, 5], [2], [3], [4], [5], [6]]);
    expect(Array.from(l.places.nodeFirstStmt)).toEqual([-1, 0, -1, 0, 0, 1, -1, 0]);
  });

  it("loop.ssa.json on its own lowers to the loop's graph shape", () => {
    const s = lowerSsa(example("loop.ssa"), "loop.ssa.json", "loop");
    expect(s.ssa.graph.preds.toArrays()).toEqual([[], [0], [1, 6], [2], [3], [4], [5], [3], [7]]);
    expect(s.ssa.phiKeys().map(([n, v]) => [n, s.valNames[v]])).toEqual([[2, "x.1"]]);
    expect(s.ssa.phis(2 as Node, s.valIds.get("x.1")!)!.map((v) => s.valNames[v])).toEqual(["x.0", "x.2"]);
    expect(Array.from(s.varOf, (v) => s.varNames[v])).toEqual(["x", "x", "x"]);
  });
});

describe("the split rules", () => {
  const shape = (l: LoweredCfg) => ({ nodes: l.cfg.nodeCount, ...rows(l) });

  it("a statement using a variable defined earlier in the node starts a new node", () => {
    expect(shape(lower(blk("B0", [], ["x :=", ":= x"])))).toEqual({ nodes: 3, defs: [[], ["x"], []], uses: [[], [], ["x"]] });
  });
  it("a statement defining a variable used earlier in the node starts a new node", () => {
    expect(shape(lower(blk("B0", [], [":= x", "x :="])))).toEqual({ nodes: 3, defs: [[], [], ["x"]], uses: [[], ["x"], []] });
  });
  it("a statement defining a variable defined earlier in the node starts a new node", () => {
    expect(shape(lower(blk("B0", [], ["x :=", "x :="])))).toEqual({ nodes: 3, defs: [[], ["x"], ["x"]], uses: [[], [], []] });
  });
  it("a statement using and defining one variable has its defs in the next node", () => {
    const l = lower(blk("B0", [], ["x := x"]));
    expect(shape(l)).toEqual({ nodes: 3, defs: [[], [], ["x"]], uses: [[], ["x"], []] });
    expect(Array.from(l.layout.stmtUseNode)).toEqual([1]);
    expect(Array.from(l.layout.stmtDefNode)).toEqual([2]);
    expect(Array.from(l.places.nodeFirstStmt)).toEqual([-1, 0, 0]);
  });
  it("later statements join the node holding such defs", () => {
    expect(shape(lower(blk("B0", [], ["x := x", "y := z"])))).toEqual({
      nodes: 3,
      defs: [[], [], ["x", "y"]],
      uses: [[], ["x"], ["z"]],
    });
  });
  it("the rules apply literally: a def of a variable used earlier splits even when the statement also uses it", () => {
    // `:= x; x := x`: the second statement defines x, used earlier in the node -> new node; it
    // then uses and defines x -> its defs go one node further
    expect(shape(lower(blk("B0", [], [":= x", "x := x"])))).toEqual({
      nodes: 4,
      defs: [[], [], [], ["x"]],
      uses: [[], ["x"], ["x"], []],
    });
  });
  it("independent statements share one node", () => {
    const l = lower(blk("B0", [], ["x :=", "y := z", ":= z"]));
    expect(shape(l)).toEqual({ nodes: 2, defs: [[], ["x", "y"]], uses: [[], ["z"]] });
    expect(Array.from(l.places.defStmt)).toEqual([0, 1]);
    expect(Array.from(l.places.useStmt)).toEqual([1]);
  });
  it("rows are sets: repeated occurrences in one node appear once, at their first statement", () => {
    const l = lower(blk("B0", [], ["x, x := y, y", ":= y"]));
    expect(shape(l)).toEqual({ nodes: 2, defs: [[], ["x"]], uses: [[], ["y"]] });
    expect(Array.from(l.places.useStmt)).toEqual([0]);
  });
  it("a block with no statements is its phi node; so is a block with none of stmts/defs/uses", () => {
    expect(lower(blk("B0", [], [])).cfg.nodeCount).toBe(1);
    expect(Array.from(lower({ id: "B0", preds: [], stmts: [] }).fn.blockForm)).toEqual([FORM_STMTS]);
  });
  it("a defs/uses block is one node, overlapping defs and uses kept", () => {
    const l = lower(du("B0", [], ["x", "y"], ["x"]), blk("B1", ["B0", "B0"], [":= y"]));
    expect(shape(l)).toEqual({ nodes: 3, defs: [["x", "y"], [], []], uses: [["x"], [], ["y"]] });
    expect(preds(l)).toEqual([[], [0, 0], [1]]);
    expect(Array.from(l.places.defStmt)).toEqual([-1, -1]);
    expect(Array.from(l.places.nodeFirstStmt)).toEqual([-1, -1, 0]);
    expect(Array.from(l.fn.blockForm)).toEqual([FORM_DEFS_USES, FORM_STMTS]);
    expect(describeNode(l.places, 0 as Node)).toBe("B0");
  });
  it("the entry node is the first node of the entry block, wherever that block is listed", () => {
    const l = lowerCfg(cfgDoc([blk("B1", ["B0"], [":= x"]), blk("B0", [], ["x :="])], "B0"), "t.json", "f");
    expect(l.cfg.Entry).toBe(2);
    expect(preds(l)).toEqual([[3], [0], [], [2]]);
  });
  it("SSA splits follow the variables of values, not the values", () => {
    const b = [blk("B0", [], ["x.1 := x.0"])];
    expect(lowerSsa(ssaDoc(b, { "x.0": "x", "x.1": "x" }), "t.json", "f").ssa.nodeCount).toBe(3);
    expect(lowerSsa(ssaDoc(b, { "x.0": "x", "x.1": "y" }), "t.json", "f").ssa.nodeCount).toBe(2);
  });
});

describe("size", () => {
  it("10^6 blocks print, read and lower without deep recursion", () => {
    const n = 1_000_000;
    const blocks = new Array(n);
    blocks[0] = blk("B0", [], ["x :="]);
    for (let i = 1; i < n; i++) blocks[i] = { id: `B${i}`, preds: [`B${i - 1}`], stmts: [{ defs: ["x"], uses: ["x"] }] };
    blocks[1].preds.push(`B${n - 1}`);
    const [doc] = readDocumentText(formatDocument([cfgDoc(blocks)]), "big.json");
    const l = lowerCfg(doc, "big.json", "big");
    expect(l.cfg.nodeCount).toBe(2 + 3 * (n - 1));
    expect(l.cfg.graph.predecessors(2 as Node)).toEqual([1, l.cfg.nodeCount - 1]);
  });
});
