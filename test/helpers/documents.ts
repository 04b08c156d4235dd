/** Hand-made documents more than one test file needs. */
import type { CfgDocument } from "../../api/index.js";

/** `c := ...; if (c) x := ...; use x`: the use of `x` is not definitely assigned (CFG_wf's `def_ass_uses` fails on the path B0 -> B2). */
export const UNDEF_CFG: CfgDocument = {
  format: "formal-ssa/1",
  kind: "cfg",
  name: "undef",
  entry: "B0",
  blocks: [
    { id: "B0", preds: [], stmts: [{ defs: ["c"], uses: [] }] },
    { id: "B1", preds: ["B0"], stmts: [{ defs: ["x"], uses: [] }] },
    { id: "B2", preds: ["B0", "B1"], stmts: [{ defs: [], uses: ["x"] }] },
  ],
};
