/**
 * An SSA document's `"debug"` field (docs/format.md, "Debug records"): both readers take it
 * alike (the byte reader through io/columns.ts, the reference reader as objects), refuse the
 * same malformed ones with the same line, and lowering puts each record at its node.
 */
import { describe, expect, it } from "vitest";
import { FastReadError, openColumnar } from "../../io/bytes_read.js";
import { docOf } from "../../io/columns.js";
import { lowerDebug } from "../../io/debug.js";
import { lowerPair } from "../../io/lower.js";
import { readDocument } from "../../io/read.js";
import { formatDocument } from "../../io/write.js";
import { MalformedInput } from "../../spec/errors.js";
import { opaque, UNAVAILABLE } from "../../spec/debug_info.js";

const ORIGINAL = {
  format: "formal-ssa/1",
  kind: "cfg",
  name: "f",
  entry: "B0",
  blocks: [
    { id: "B0", preds: [], stmts: [{ defs: ["x"], uses: [] }, { defs: ["y"], uses: [] }] },
    { id: "B1", preds: ["B0"], defs: ["x"], uses: ["y"] },
  ],
};
const SSA = {
  format: "formal-ssa/1",
  kind: "ssa",
  name: "f",
  entry: "B0",
  blocks: [
    { id: "B0", preds: [], stmts: [{ defs: ["x.0"], uses: [] }, { defs: ["y.0"], uses: [] }] },
    { id: "B1", preds: ["B0"], defs: ["x.1"], uses: ["y.0"] },
  ],
  vars: { "x.0": "x", "y.0": "y", "x.1": "x" },
  debug: {
    vars: ["x", "y"],
    records: [
      { block: "B1", at: 0, var: "x", value: "x.1" },
      { block: "B0", at: 2, var: "y", value: "y.0" },
      { block: "B0", at: 1, var: "x", value: "x.0" },
      { block: "B0", at: 0, var: "x", value: null },
      { block: "B1", at: 0, var: "y", opaque: "D#1" },
    ],
  },
};

function both(doc: unknown): { reference: string; bytes: string } {
  const text = JSON.stringify(doc);
  const message = (run: () => unknown): string => {
    try {
      run();
      return "read";
    } catch (e) {
      if (e instanceof MalformedInput || e instanceof FastReadError) return e.message;
      throw e;
    }
  };
  return {
    reference: message(() => readDocument(text, "f.json")),
    bytes: message(() => openColumnar(new TextEncoder().encode(text), "f.json").read(0)),
  };
}

describe("debug records in the exchange format", () => {
  it("both readers read the field alike", () => {
    const text = JSON.stringify(SSA);
    const ref = readDocument(text, "f.json").functions[0];
    const fast = docOf(openColumnar(new TextEncoder().encode(text), "f.json").read(0));
    expect(ref.debug).toEqual(SSA.debug);
    expect(fast.debug).toEqual(SSA.debug);
  });

  it("the writer writes the field back, and it reads as written", () => {
    const doc = readDocument(JSON.stringify(SSA), "f.json").functions[0];
    const again = readDocument(formatDocument([doc]), "g.json").functions[0];
    expect(again.debug).toEqual(SSA.debug);
  });

  const bad: [string, (d: typeof SSA) => unknown, string][] = [
    ["in a cfg document", () => ({ ...ORIGINAL, debug: { vars: [], records: [] } }), `"debug" in a "cfg" document`],
    ["a block that is none", (d) => ({ ...d, debug: { vars: ["x"], records: [{ block: "B9", at: 0, var: "x", value: null }] } }), `block "B9" is not a block id`],
    ["past the block's statements", (d) => ({ ...d, debug: { vars: ["x"], records: [{ block: "B0", at: 3, var: "x", value: null }] } }), `"at" must be a whole number from 0 to 2`],
    ["at 1 in a defs/uses block", (d) => ({ ...d, debug: { vars: ["x"], records: [{ block: "B1", at: 1, var: "x", value: null }] } }), `"at" must be a whole number from 0 to 0`],
    ["a variable not in vars", (d) => ({ ...d, debug: { vars: ["x"], records: [{ block: "B0", at: 0, var: "y", value: null }] } }), `variable "y" is not among "debug"."vars"`],
    ["value and opaque", (d) => ({ ...d, debug: { vars: ["x"], records: [{ block: "B0", at: 0, var: "x", value: null, opaque: "D#1" }] } }), `needs exactly one of "value"`],
    ["neither", (d) => ({ ...d, debug: { vars: ["x"], records: [{ block: "B0", at: 0, var: "x" }] } }), `needs exactly one of "value"`],
    ["an unknown field", (d) => ({ ...d, debug: { vars: ["x"], records: [{ block: "B0", at: 0, var: "x", value: null, line: 3 }] } }), `unknown field "line"`],
    ["no vars", (d) => ({ ...d, debug: { records: [] } }), `"debug" has no "vars"`],
  ];
  for (const [what, make, message] of bad)
    it(`malformed, one line from both readers: ${what}`, () => {
      const got = both(make(structuredClone(SSA)));
      expect(got.reference).toContain(message);
      expect(got.bytes).toBe(got.reference);
    });

  it("lowering puts each record at the end of its node, in place order", () => {
    const pair = lowerPair(ORIGINAL as never, SSA as never, "o.json", "s.json", "f");
    if (!pair.ok) throw new Error(pair.mismatch);
    const d = lowerDebug(pair, SSA.debug);
    const x = pair.ssa.varIds.get("x")!;
    const y = pair.ssa.varIds.get("y")!;
    const val = (n: string) => pair.ssa.valIds.get(n)!;
    const L = pair.ssa.layout;
    // B0: the phi node, then statements 0 and 1 (one node: neither uses what the other defines)
    const phiNode = L.blockFirstNode[0];
    const stmtNode = L.stmtDefNode[L.blockFirstStmt[0] + 1];
    expect(d.records[phiNode]).toEqual([{ var: x, loc: UNAVAILABLE }]);
    expect(d.records[stmtNode]).toEqual([
      { var: x, loc: val("x.0") },
      { var: y, loc: val("y.0") },
    ]);
    expect(d.records[L.blockFirstNode[1]]).toEqual([
      { var: x, loc: val("x.1") },
      { var: y, loc: opaque(0) },
    ]);
    expect(d.opaqueText).toEqual(["D#1"]);
  });

  it("a value that is none of the document's is malformed, naming the record", () => {
    const pair = lowerPair(ORIGINAL as never, SSA as never, "o.json", "s.json", "f");
    if (!pair.ok) throw new Error(pair.mismatch);
    expect(() => lowerDebug(pair, { vars: ["x"], records: [{ block: "B0", at: 0, var: "x", value: "x.9" }] })).toThrow(/s\.json: function f: debug record 0: value "x\.9" is no SSA value of the document/);
  });
});
