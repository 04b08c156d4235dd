import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { BlockIdx, Node, Var } from "../../spec/ids.js";
import { lowerCfg, lowerPairWith, type LoweredCfg } from "../../io/lower.js";
import { readDocumentText } from "../../io/read.js";
import { formatDocument, renameDocument, type Renaming } from "../../io/write.js";
import { blk, cfgDoc, du, EXAMPLES, example, examplePath } from "./docs.js";

/** Every variable keeps its name: the SSA document is the original relabelled as "ssa". */
const identity = (l: LoweredCfg): Renaming => ({
  useValue: (_n: Node, v: Var) => l.varNames[v],
  defValue: (_n: Node, v: Var) => l.varNames[v],
  phis: () => [],
});
const identityVars = (l: LoweredCfg) => Object.fromEntries(l.varNames.map((x) => [x, x]));

describe("renameDocument", () => {
  for (const name of EXAMPLES)
    it(`${name}: identity renaming lowers back to the same graph and rows`, () => {
      const o = lowerCfg(example(name), `${name}.json`, name);
      const doc = renameDocument(o, identity(o), identityVars(o));
      expect(doc.kind).toBe("ssa");
      expect(doc.blocks.map((b) => [b.id, b.preds])).toEqual(example(name).blocks.map((b) => [b.id, b.preds]));
      const p = lowerPairWith(o, doc, "s.json");
      expect(p.ok).toBe(true);
      if (!p.ok) return;
      expect(p.ssa.ssa.graph).toBe(o.cfg.graph);
      const names = (rows: number[][], of: (x: number) => string) => rows.map((r) => r.map(of));
      expect(names(p.ssa.ssa.defRows.toArrays(), (v) => p.ssa.valNames[v])).toEqual(names(o.cfg.defRows.toArrays(), (v) => o.varNames[v]));
      expect(names(p.ssa.ssa.useRows.toArrays(), (v) => p.ssa.valNames[v])).toEqual(names(o.cfg.useRows.toArrays(), (v) => o.varNames[v]));
      expect(readDocumentText(formatDocument([doc]), "s.json")).toEqual([doc]);
    });

  /** loop, B2: `x := x` reads in node 5 and writes in node 6. */
  it("names each occurrence by the node it was lowered into: defs by the node holding them", () => {
    const o = lowerCfg(example("loop"), "loop.json", "loop");
    const r: Renaming = {
      useValue: (n, v) => `${o.varNames[v]}@${n}`,
      defValue: (n, v) => `${o.varNames[v]}.${n}`,
      phis: (b: BlockIdx) => (b === 1 ? [{ def: `x.2`, args: ["x@1", "x@6"] }] : []),
    };
    const doc = renameDocument(o, r, { "x.1": "x" }, "renamed");
    expect(doc.name).toBe("renamed");
    expect(doc.blocks[2].stmts).toEqual([{ defs: ["x.6"], uses: ["x@5"] }]);
    expect(doc.blocks[1]).toEqual({ id: "B1", preds: ["B0", "B2"], phis: [{ def: "x.2", args: ["x@1", "x@6"] }], stmts: [{ defs: [], uses: ["x@3"] }] });
    expect(doc.vars).toEqual({ "x.1": "x" });
  });

  it("keeps defs/uses blocks in their form, renamed through their one node", () => {
    const o = lowerCfg(cfgDoc([du("B0", [], ["x"], ["y"]), blk("B1", ["B0"], [":= x"])]), "o.json", "f");
    const doc = renameDocument(o, { useValue: (n, v) => `${o.varNames[v]}@${n}`, defValue: (n, v) => `${o.varNames[v]}.${n}`, phis: () => [] }, {});
    expect(doc.blocks[0]).toEqual({ id: "B0", preds: [], defs: ["x.0"], uses: ["y@0"] });
    expect(doc.name).toBe("f");
  });
});

describe("formatDocument", () => {
  it("prints every example exactly as it is stored (so the examples stay in canonical form)", () => {
    for (const name of [...EXAMPLES, "loop.ssa"]) {
      const text = readFileSync(examplePath(name), "utf8");
      expect(formatDocument(readDocumentText(text, name))).toBe(text);
    }
  });

  it("several functions become a module that parses back", () => {
    const docs = [example("loop"), example("loop.ssa"), { ...example("diamond"), name: undefined }];
    delete docs[2].name;
    docs[1].blocks[1].phis = [{ def: "x.1", args: { B0: "x.0", B2: "x.2" } }];
    const text = formatDocument(docs);
    expect(text.endsWith("}\n")).toBe(true);
    expect(JSON.parse(text).functions).toHaveLength(3);
    expect(readDocumentText(text, "m.json")).toEqual(docs);
    expect(text.split("\n").filter((l) => l.includes('"id": ')).length).toBe(4 + 4 + 4);
  });
});
