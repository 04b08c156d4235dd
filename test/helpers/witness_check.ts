/**
 * Independent re-checks of checker witnesses, with the literal spec definitions only: a path is
 * a real path of the graph, and the counterexample really breaks the property.
 */
import type { Verdict, Witness } from "../../checks/verdict.js";
import { path2, paths, successors } from "../../spec/graph_path.js";
import type { Node, Val, Var } from "../../spec/ids.js";
import { necessaryPhi } from "../../spec/minimality.js";
import type { Transformed } from "../../spec/model.js";
import { redundant_set } from "../../spec/irreducible.js";
import { allDefs, allUses, allVars, defNode, isTrivialPhi, liveVals, old, phi } from "../../spec/ssa_cfg.js";
import { sem, ssaStep, State } from "../../spec/ssa_semantics.js";

/** Why a witness does not witness its property, or undefined if it does. */
export function recheck(t: Transformed, v: Verdict, w: Witness): string | undefined {
  const g = t;
  switch (v.property) {
    case "Entry_unreachable":
      return w.kind === "entryPreds" && w.preds.length > 0 && w.preds.every((p, i) => g.predecessors(g.Entry)[i] === p) ? undefined : "bad entryPreds";
    case "Entry_reaches":
      return w.kind === "unreachable" && w.nodes.every((n) => paths(g, g.Entry, n, g.nodeCount).next().done) ? undefined : "node reachable";
    case "old.def_ass_uses":
    case "def_ass_uses": {
      if (w.kind !== "path" || w.var === undefined) return "kind";
      const o = old(t);
      if (!path2(g, g.Entry, w.path, w.use)) return "not a path from Entry";
      if (!o.uses(w.use).includes(w.var)) return "no use there";
      return w.path.some((n) => o.defs(n).includes(w.var as Var)) ? "path defines the variable" : undefined;
    }
    case "allUses_def_ass": {
      if (w.kind !== "path" || w.val === undefined) return "kind";
      if (!path2(g, g.Entry, w.path, w.use)) return "not a path from Entry";
      if (!allUses(g, w.use).includes(w.val)) return "no use there";
      return w.path.some((n) => allDefs(g, n).includes(w.val as Val)) ? "path defines the value" : undefined;
    }
    case "conventional": {
      if (w.kind !== "path" || w.val === undefined || w.at === undefined) return "kind";
      const n = w.path[0];
      if (!path2(g, n, w.path, w.use)) return "not a path";
      if (!allDefs(g, n).includes(w.val) || !allUses(g, w.use).includes(w.val)) return "not a def-use path";
      if (w.path.slice(1).includes(n)) return "returns to the definition";
      if (!w.path.slice(1).includes(w.at)) return "marked node not on the path";
      return allDefs(g, w.at).some((x) => t.var(x) === t.var(w.val as Val)) ? undefined : "no interfering definition";
    }
    case "equiv": {
      if (w.kind !== "equiv") return "kind";
      const m = w.path[w.path.length - 1];
      if (!path2(g, g.Entry, w.path, m)) return "not a path from Entry";
      if (!t.uses(m).includes(w.val)) return "no use there";
      const s = sem(t, w.path)!;
      let s2: State<Val> = ssaStep(t, g.Entry, 0, new Map());
      for (let k = 1; k < w.path.length; k++) {
        const i = w.edges[k - 1];
        if (g.predecessors(w.path[k])[i] !== w.path[k - 1]) return "edge index does not match the path";
        s2 = ssaStep(t, w.path[k], i, s2);
      }
      const o = s.get(t.var(w.val)) ?? null;
      const a = s2.get(w.val) ?? null;
      if (o !== w.orig || a !== w.ssa) return `states differ from the witness: orig ${o} ssa ${a}`;
      return o !== a ? undefined : "no disagreement";
    }
    case "pruned":
      return w.kind === "phi" && !liveVals(g).has(w.val) && t.phis(w.node, w.val) !== undefined ? undefined : "phi is live";
    case "no_trivial_phis":
      // `trivial g v == EX v' in allVars g. isTrivialPhi g v v'`: the witness names that v'
      return w.kind === "phi" && w.other !== undefined && isTrivialPhi(g, w.val, w.other) && allVars(g).has(w.other) ? undefined : "not trivial";
    case "cytronMinimal":
      return w.kind === "necessary" && phi(g, w.val) !== undefined && defNode(g, w.val) === w.node && !necessaryPhi(g, t.var(w.val), w.node)
        ? undefined
        : "phi is necessary";
    case "no_redundant_set":
      return w.kind === "redundantSet" && redundant_set(g, w.set) ? undefined : "not a redundant set";
    default:
      return undefined; // node-local properties are rechecked by agreement with the literal predicate
  }
}

export type { Node };
export { successors };
