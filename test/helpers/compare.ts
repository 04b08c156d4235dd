import type { SsaCfg } from "../../spec/model.js";

/** Every array of an SSA CFG, for equality checks between two algorithms. */
export function ssaArrays(s: SsaCfg) {
  return {
    valCount: s.valCount,
    defs: s.defRows.toArrays(),
    uses: s.useRows.toArrays(),
    phiStart: Array.from(s.phiStart),
    phiDef: Array.from(s.phiDef),
    args: s.args.toArrays(),
  };
}
