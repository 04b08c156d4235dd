/**
 * An SSA document's debug records (`"debug"`, docs/format.md) in the model: each record at the
 * node its place lowers to, in model ids, for `debug_correct` (checks/debug_info.ts).
 *
 * A record after the first `at` statements of a `stmts` block acts at the end of the node that
 * holds statement `at - 1`'s definitions (`at` 0: the block's phi node); in a `defs`/`uses`
 * block, at the block's one node. Records of one node act in the order of their places, then
 * of the list. A node's statements are one atomic step of the model, so a record written
 * between two statements that lowering put in one node acts after both (docs/debug-info.md).
 */
import { MalformedInput } from "../spec/errors.js";
import { opaque, UNAVAILABLE, type DebugRecord } from "../spec/debug_info.js";
import type { Var } from "../spec/ids.js";
import { FORM_DEFS_USES } from "./columns.js";
import type { DebugDoc } from "./format.js";
import type { LoweredPair } from "./lower.js";
import { show } from "./read.js";

/** The records in model ids, with what messages need. */
export interface LoweredDebug {
  /** The tracked variables (`debug.vars`), as the original's variables. */
  vars: Var[];
  /** Per node, its records in order (a hole: none). */
  records: DebugRecord[][];
  /** Opaque location k's text. */
  opaqueText: string[];
  /** How many records the document has. */
  recordCount: number;
}

/** `debug` of the SSA side of a pair that lowered to one graph. */
export function lowerDebug(pair: Extract<LoweredPair, { ok: true }>, debug: DebugDoc): LoweredDebug {
  const low = pair.ssa;
  const where = `${low.file}: function ${show(low.name)}`;
  const varOf = (name: string): Var => {
    const x = low.varIds.get(name);
    if (x === undefined) throw new MalformedInput(`${where}: "debug": variable ${JSON.stringify(name)} is no variable of the original`);
    return x;
  };
  const vars = debug.vars.map(varOf);
  // most nodes have no record: an array only where one has
  const records: DebugRecord[][] = new Array(pair.transformed.nodeCount);
  const opaqueText: string[] = [];
  const placed = debug.records.map((r, i) => {
    const b = low.blockOf(r.block);
    if (b === undefined) throw new MalformedInput(`${where}: debug record ${i}: block ${JSON.stringify(r.block)} is not a block id`);
    const fn = low.fn;
    let node: number;
    if (fn.blockForm[b] === FORM_DEFS_USES || r.at === 0) node = low.layout.blockFirstNode[b];
    else node = low.layout.stmtDefNode[low.layout.blockFirstStmt[b] + r.at - 1];
    let loc: number;
    if (r.opaque !== undefined) {
      loc = opaque(opaqueText.length);
      opaqueText.push(r.opaque);
    } else if (r.value === null || r.value === undefined) loc = UNAVAILABLE;
    else {
      const v = low.valIds.get(r.value);
      if (v === undefined) throw new MalformedInput(`${where}: debug record ${i}: value ${JSON.stringify(r.value)} is no SSA value of the document`);
      loc = v;
    }
    return { node, b, at: r.at, i, record: { var: varOf(r.var), loc } };
  });
  placed.sort((p, q) => p.b - q.b || p.at - q.at || p.i - q.i);
  for (const p of placed) (records[p.node] ??= []).push(p.record);
  return { vars, records, opaqueText, recordCount: debug.records.length };
}
