/**
 * Two phis of one block defining one value: Isabelle's `phis g` is a map from `(node, value)` to
 * the arguments, so no locale assumption speaks of a second phi for a key, and the checkers
 * treated it unalike (allDefs_disjoint reported it, allDefs_var_disjoint and recheck too, the
 * literal definitions saw only the first). Decided: malformed where it is read, one line naming
 * the place, exit 2 (the reference reader, the byte reader, and lowering for documents that no
 * reader read: the adapters'); the model (SsaCfg) does not hold it. The same value defined by
 * phis of two different blocks is well-formed, and allDefs_disjoint reports it.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validate } from "../../api/validate.js";
import { openColumnar } from "../../io/bytes_read.js";
import type { FunctionDoc } from "../../io/format.js";
import { lowerSsa } from "../../io/lower.js";
import { readDocumentText } from "../../io/read.js";
import { Graph, Rows, SsaCfg } from "../../spec/model.js";
import { InternalError, MalformedInput } from "../../spec/errors.js";
import { runMain } from "../cli/cli.js";

const ORIGINAL: FunctionDoc = {
  format: "formal-ssa/1",
  kind: "cfg",
  name: "f",
  entry: "B0",
  blocks: [
    { id: "B0", preds: [], stmts: [{ defs: ["x"], uses: [] }] },
    { id: "B1", preds: ["B0", "B1"], stmts: [{ defs: [], uses: ["x"] }] },
  ],
};

/** The loop's SSA with the header's phi given twice (second arguments differing, or the same). */
function ssa(second: string[], block = "B1"): FunctionDoc {
  const phis = [{ def: "x.1", args: ["x.0", "x.1"] }];
  return {
    format: "formal-ssa/1",
    kind: "ssa",
    name: "f",
    entry: "B0",
    blocks: [
      { id: "B0", preds: [], ...(block === "B0" ? { phis: [{ def: "x.1", args: second }] } : {}), stmts: [{ defs: ["x.0"], uses: [] }] },
      { id: "B1", preds: ["B0", "B1"], phis: block === "B1" ? [...phis, { def: "x.1", args: second }] : phis, stmts: [{ defs: [], uses: ["x.1"] }] },
    ],
  };
}

const LINE = `s.json: function f, block B1, phi 1: defines "x.1" again, as phi 0 of this block does (one phi per value and block: phis g is a map from (node, value))`;

describe("two phis for one key (n, v)", () => {
  it("the reference reader refuses them, naming the block and the phi", () => {
    for (const second of [["x.0", "x.0"], ["x.0", "x.1"]]) expect(() => readDocumentText(JSON.stringify(ssa(second)), "s.json")).toThrow(new MalformedInput(LINE));
  });
  it("the byte reader refuses them with the same line", () => {
    const doc = openColumnar(new TextEncoder().encode(JSON.stringify(ssa(["x.0", "x.0"]))), "s.json");
    expect(() => doc.read(0)).toThrow(LINE);
  });
  it("lowering refuses them in a document no reader read (an adapter's), with the same line", () => {
    expect(() => lowerSsa(ssa(["x.0", "x.0"]), "s.json", "f")).toThrow(new MalformedInput(LINE));
  });
  it("the model does not hold them: SsaCfg's constructor refuses them as an internal error", () => {
    const g = Graph.fromLists(0, [[], [0, 1]]);
    const make = (defs: number[]) => new SsaCfg(g, 2, Rows.empty(2), Rows.empty(2), Int32Array.from([0, 0, defs.length]), Int32Array.from(defs), Rows.from(defs.map(() => [0, 1])));
    expect(() => make([1, 1])).toThrow(InternalError);
    expect(make([0, 1]).phiCount).toBe(2);
  });
  it("validate and formal-ssa validate: malformed, one line, exit 2", async () => {
    const text = JSON.stringify(ssa(["x.0", "x.0"]));
    expect(() => validate(JSON.stringify(ORIGINAL), text, { names: { original: "o.json", ssa: "s.json" } })).toThrow(new MalformedInput(LINE));
    const dir = mkdtempSync(join(tmpdir(), "formal-ssa-dup-phis-"));
    writeFileSync(join(dir, "o.json"), JSON.stringify(ORIGINAL));
    writeFileSync(join(dir, "s.json"), text);
    const r = await runMain(["validate", "o.json", "s.json"], dir);
    expect({ status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({ status: 2, stdout: "", stderr: `formal-ssa: ${LINE}\n` });
  });
  it("one value defined by phis of two different blocks is well-formed: allDefs_disjoint reports it", () => {
    const r = validate(JSON.stringify(ORIGINAL), JSON.stringify(ssa(["x.0"], "B0")));
    expect(r.functions[0].properties.allDefs_disjoint.holds).toBe(false);
  });
});
