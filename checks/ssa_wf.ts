/**
 * Checkers for the SSA CFG: locales `CFG_SSA` and `CFG_SSA_wf` (AFP SSA_CFG). Exact; linear
 * apart from `allUses_def_ass`, which answers each use by an O(1) dominator-tree query (lemma
 * `defAss_dominating`) and searches only to build a failing use's path.
 *
 * @theory SSA_CFG
 */
import { reachForward } from "../graph/dfs.js";
import type { Node, Val } from "../spec/ids.js";
import type { SsaCfg } from "../spec/model.js";
import { shortestPath, SsaIndex } from "./context.js";
import { Failures, Verdict } from "./verdict.js";

/** `phis_wf: phis g (n,v) = Some args ==> length (predecessors g n) = length args`. */
export function phis_wf(ssa: SsaCfg): Verdict {
  const f = new Failures("phis_wf");
  for (let n = 0; n < ssa.nodeCount; n++) {
    const want = ssa.graph.preds.count(n);
    for (let p = ssa.phiStart[n]; p < ssa.phiStart[n + 1]; p++) {
      const have = ssa.args.count(p);
      if (have !== want)
        f.add({ kind: "phi", node: n as Node, val: ssa.phiDef[p] as Val, want: `${want} arguments (one per predecessor)`, have: `${have}` });
    }
  }
  return f.verdict();
}

/** `simpleDefs_phiDefs_disjoint: n in set (alpha_n g) ==> defs g n Int phiDefs g n = {}`. */
export function simpleDefs_phiDefs_disjoint(ssa: SsaCfg): Verdict {
  const f = new Failures("simpleDefs_phiDefs_disjoint");
  for (let n = 0; n < ssa.nodeCount; n++)
    for (let p = ssa.phiStart[n]; p < ssa.phiStart[n + 1]; p++)
      if (ssa.defRows.has(n, ssa.phiDef[p])) f.add({ kind: "phi", node: n as Node, val: ssa.phiDef[p] as Val, want: "a phi or a simple definition", have: "both" });
  return f.verdict();
}

/**
 * `allDefs_disjoint: [| n ~= m |] ==> allDefs g n Int allDefs g m = {}`: every value is defined
 * in at most one node. (Two phis for one value in one node, which Isabelle's phi map cannot
 * express, the model does not hold: spec/model.ts SsaCfg.)
 */
export function allDefs_disjoint(ssa: SsaCfg, idx = new SsaIndex(ssa)): Verdict {
  const f = new Failures("allDefs_disjoint");
  for (let v = 0; v < ssa.valCount; v++) if (idx.defNodes.count(v) > 1) f.add({ kind: "twice", val: v as Val, nodes: idx.defNodes.row(v) });
  return f.verdict();
}

/** `Entry_no_phis: phis g (Entry g, v) = None`. */
export function Entry_no_phis(ssa: SsaCfg): Verdict {
  const f = new Failures("Entry_no_phis");
  const e = ssa.Entry;
  for (let p = ssa.phiStart[e]; p < ssa.phiStart[e + 1]; p++) f.add({ kind: "phi", node: e, val: ssa.phiDef[p] as Val, want: "no phi at the entry" });
  return f.verdict();
}

/**
 * `allUses_def_ass: [| v in allUses g n; n in set (alpha_n g) |] ==> defAss g n v`, where a phi
 * argument is a use at the end of its predecessor. With one defining node `d` this is
 * `dominates g d n`; with none it holds only for unreachable uses; with several (already an
 * allDefs_disjoint failure) a search from Entry avoiding all of them decides it.
 */
export function allUses_def_ass(ssa: SsaCfg, idx = new SsaIndex(ssa)): Verdict {
  const f = new Failures("allUses_def_ass");
  const dom = idx.dom;
  for (let v = 0; v < ssa.valCount; v++) {
    if (idx.useCount(v) === 0) continue;
    // one definition (the normal case): dominance alone, with no array or closure for the value
    if (idx.defNodes.count(v) === 1) {
      const d = idx.defNodes.at(v, 0);
      let k = idx.useStart[v];
      while (k < idx.useStart[v + 1] && dom.dominates(d, idx.occNode[k])) k++;
      if (k === idx.useStart[v + 1]) continue;
    }
    const defs = idx.defNodes.row(v);
    let ok: (n: number) => boolean;
    if (defs.length === 1) ok = (n) => dom.dominates(defs[0], n);
    else {
      const blocked = new Uint8Array(ssa.nodeCount);
      for (const d of defs) blocked[d] = 1;
      const r = reachForward(ssa.graph, [ssa.Entry], blocked);
      ok = (n) => !r[n];
    }
    // the occurrences' nodes straight from the index: an object each only for a failure
    for (let k = idx.useStart[v]; k < idx.useStart[v + 1]; k++) {
      if (ok(idx.occNode[k])) continue;
      const u = { node: idx.occNode[k] as Node, phi: idx.occPhi[k], arg: idx.occArg[k] };
      f.add(() => ({
        kind: "path",
        path: shortestPath(ssa.graph, ssa.Entry, u.node, (n) => defs.includes(n as Node))!,
        val: v as Val,
        use: u.node,
        phiArg: u.phi >= 0 ? { node: idx.phiNode[u.phi] as Node, arg: u.arg } : undefined,
        want: "a definition on every path from the entry",
        have: defs.length === 0 ? "none: no statement or phi defines it" : "none on this path",
      }));
    }
  }
  return f.verdict();
}
