import { describe, expect, it } from "vitest";
import { MalformedInput } from "../../spec/errors.js";
import type { FunctionDoc } from "../../io/format.js";
import { lowerPair, lowerPairs, pairDocuments } from "../../io/lower.js";
import { blk, cfgDoc, du, example, ssaDoc } from "./docs.js";

const loop = example("loop");
const loopSsa = example("loop.ssa");
const mismatch = (o: FunctionDoc, s: FunctionDoc) => {
  const p = lowerPair(o, s, "o.json", "s.json", "f");
  return p.ok ? "ok" : p.mismatch;
};
const edit = (f: (d: FunctionDoc) => void): FunctionDoc => {
  const d = structuredClone(loopSsa);
  f(d);
  return d;
};

describe("lowerPair", () => {
  it("the SSA reuses the original's Graph object", () => {
    const p = lowerPair(loop, loopSsa, "loop.json", "loop.ssa.json", "loop");
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.ssa.ssa.graph).toBe(p.orig.cfg.graph);
    expect(p.transformed.graph).toBe(p.orig.cfg.graph);
    expect(p.transformed.old).toBe(p.orig.cfg);
    expect(p.ssa.places.file).toBe("loop.ssa.json");
    // the Transformed view: node 6 (B2's defs) defines x.2, a version of x
    const x2 = p.ssa.valIds.get("x.2")!;
    expect(p.transformed.defs(6 as never)).toEqual([x2]);
    expect(p.transformed.oldDefs(6 as never)).toEqual([p.transformed.var(x2)]);
  });

  it("SSA blocks listed in another order are mapped onto the original's order", () => {
    const s = edit((d) => d.blocks.reverse());
    const p = lowerPair(loop, s, "o.json", "s.json", "f");
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.ssa.ssa.graph).toBe(p.orig.cfg.graph);
    expect(p.ssa.places.blockNames).toEqual(["B0", "B1", "B2", "B3"]);
  });

  it("reports the first difference, one kind at a time", () => {
    expect(mismatch(loop, edit((d) => d.blocks.push({ id: "B7", preds: [], stmts: [] })))).toBe("block B7 is not in the original");
    expect(mismatch(loop, edit((d) => d.blocks.pop()))).toBe("block B3 of the original is missing in the SSA");
    expect(mismatch(loop, edit((d) => (d.entry = "B1")))).toBe("entry differs: original B0, SSA B1");
    expect(mismatch(loop, edit((d) => d.blocks[1].preds.reverse()))).toBe("block B1: preds differ: original [B0, B2], SSA [B2, B0]");
    expect(mismatch(loop, edit((d) => d.blocks[1].stmts!.push({ defs: [], uses: ["x.1"] })))).toBe(
      "block B1: 1 statement in the original, 2 in the SSA",
    );
    expect(mismatch(loop, edit((d) => (d.blocks[3] = du("B3", ["B1"], [], ["x.1"]))))).toBe(
      `block B3: "stmts" in the original, "defs"/"uses" in the SSA`,
    );
    expect(mismatch(loop, edit((d) => (d.vars!["x.2"] = "y")))).toBe(
      `block B2, statement 0: its defs get a node of their own in the original but not in the SSA (nodes split by original variables; check "vars")`,
    );
    const o = cfgDoc([blk("B0", [], ["x :=", "y :="])]);
    expect(mismatch(o, ssaDoc([blk("B0", [], ["x.0 :=", "y.0 :="])], { "x.0": "x", "y.0": "x" }))).toBe(
      `block B0, statement 1: a new node starts here in the SSA but not in the original (nodes split by original variables; check "vars")`,
    );
  });

  it("an empty stmts block and a defs/uses block without defs and uses are the same node", () => {
    const o = cfgDoc([blk("B0", [], [])]);
    expect(mismatch(o, ssaDoc([du("B0", [], [], [])]))).toBe("ok");
  });

  it("the wrong kind on either side is malformed", () => {
    expect(() => lowerPair(loopSsa, loopSsa, "o.json", "s.json", "loop")).toThrow(
      new MalformedInput(`o.json: function loop: expected an original CFG ("kind": "cfg"), found "kind": "ssa"`),
    );
    expect(() => lowerPair(loop, loop, "o.json", "s.json", "loop")).toThrow(
      new MalformedInput(`s.json: function loop: expected an SSA CFG ("kind": "ssa"), found "kind": "cfg"`),
    );
  });
});

describe("pairing the functions of two files", () => {
  const named = (name: string | undefined, d: FunctionDoc): FunctionDoc => {
    const c = structuredClone(d);
    if (name === undefined) delete c.name;
    else c.name = name;
    return c;
  };
  it("by name, in the original's order", () => {
    const p = pairDocuments([named("f", loop), named("g", loop)], [named("g", loopSsa), named("f", loopSsa)], "o.json", "s.json");
    expect(p.map((x) => [x.name, x.original.name, x.ssa.name])).toEqual([
      ["f", "f", "f"],
      ["g", "g", "g"],
    ]);
    expect(lowerPairs([named("f", loop), named("g", loop)], [named("g", loopSsa), named("f", loopSsa)], "o.json", "s.json").map((r) => r.ok)).toEqual([
      true,
      true,
    ]);
  });
  it("by position when unnamed, and one with one whatever the names", () => {
    expect(pairDocuments([named(undefined, loop), named(undefined, loop)], [named(undefined, loopSsa), named(undefined, loopSsa)], "o", "s").map((x) => x.name)).toEqual(["#0", "#1"]);
    expect(pairDocuments([named("a", loop)], [named("b", loopSsa)], "o", "s").map((x) => x.name)).toEqual(["a"]);
  });
  it("lists that do not match are malformed", () => {
    expect(() => pairDocuments([named("f", loop), named("g", loop)], [named("f", loopSsa)], "o.json", "s.json")).toThrow(
      new MalformedInput("s.json: function g of the original o.json is missing"),
    );
    expect(() => pairDocuments([named("f", loop), named("g", loop)], [named("f", loopSsa), named("h", loopSsa)], "o.json", "s.json")).toThrow(
      new MalformedInput("s.json: function h: not in the original o.json"),
    );
    expect(() => pairDocuments([named("f", loop), named("f", loop)], [named("f", loopSsa), named("g", loopSsa)], "o.json", "s.json")).toThrow(
      new MalformedInput("o.json: function f: two functions have this name, so they cannot be paired"),
    );
  });
});
