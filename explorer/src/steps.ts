/**
 * A construction's events as the steps a reader steps through: what each step did, in words
 * (ids named by the trace's names), which blocks it touched, and the phis placed so far.
 */
import type { TraceEvent } from "../../api/index.js";
import type { TraceNames } from "./trace.js";

export interface PlacedPhi {
  variable: string;
  block: string;
  /** The phi's value, where the event names it. */
  value?: string;
}

export interface Step {
  event: TraceEvent;
  title: string;
  text: string;
  /** Blocks the step touched (highlighted). */
  blocks: string[];
  /** The phis placed after this step, by `variable@block`. */
  placed: Map<string, PlacedPhi>;
}

export function stepsOf(events: readonly TraceEvent[], names: TraceNames): Step[] {
  const placed = new Map<string, PlacedPhi>();
  const blockOf = (n: number) => names.node(n).block;
  const at = (n: number) => {
    const p = names.node(n);
    return p.stmt === undefined ? p.block : `${p.block}, statement ${p.stmt}`;
  };
  const place = (variable: string, block: string, value?: string) => placed.set(`${variable}@${block}`, { variable, block, ...(value !== undefined ? { value } : {}) });
  const remove = (val: number) => {
    const p = names.phiPlace(val);
    if (p !== undefined) placed.delete(`${p.variable}@${p.block}`);
    else for (const [k, q] of placed) if (q.value === names.value(val)) placed.delete(k);
  };
  const steps: Step[] = [];
  for (const e of events) {
    let title: string = e.kind;
    let text = "";
    let blocks: string[] = [];
    switch (e.kind) {
      case "phiDefNodes_aux": {
        const v = names.variable(e.variable);
        blocks = [...new Set([...e.visited, ...e.found].map(blockOf))];
        for (const n of e.found) place(v, blockOf(n));
        title = `phiDefNodes_aux: phis for ${v}`;
        text = `Searching backwards from the use of ${v} at ${at(e.from)} (visiting ${e.visited.map(at).join(", ")}), past nodes without a definition of ${v}: every node met with other than one predecessor gets a phi for ${v}: ${e.found.map(blockOf).join(", ") || "none"}.${"incremental" in e && e.incremental ? " (Incremental: the search stops where an earlier one has been.)" : ""}`;
        break;
      }
      case "lookupDef": {
        const v = names.variable(e.variable);
        blocks = [...new Set(e.path.map(blockOf))];
        if (e.phi) place(v, blockOf(e.found));
        title = `lookupDef ${v} at ${at(e.at)}`;
        text = `Walking single-predecessor chains up from ${at(e.at)} (${e.path.map(blockOf).join(" -> ")}): the definition of ${v} is ${e.phi ? "the phi" : "the statement"} at ${at(e.found)}.${"memo" in e && e.memo ? " (Memoised: the walk joins one taken before.)" : ""}`;
        break;
      }
      case "substAll.step": {
        const phi = names.value(e.phi);
        blocks = [blockOf(e.node)];
        remove(e.phi);
        title = `substAll: remove ${phi}`;
        text = `${phi} at ${at(e.node)} is trivial (its arguments are itself and ${names.value(e.by)}): every use of it now uses ${names.value(e.by)}.`;
        break;
      }
      case "braun.fill":
        blocks = [blockOf(e.node)];
        title = `fillBlock ${blockOf(e.node)}`;
        text = `Block ${blockOf(e.node)} is filled: its statements are processed, each use read by readVariable.`;
        break;
      case "braun.seal":
        blocks = [blockOf(e.node)];
        title = `sealBlock ${blockOf(e.node)}`;
        text = `Block ${blockOf(e.node)} is sealed (all its predecessors are known)${e.incomplete.length > 0 ? `: its incomplete phis ${e.incomplete.map(names.value).join(", ")} get their operands` : ""}.`;
        break;
      case "braun.incompletePhi":
      case "braun.phi": {
        const v = names.variable(e.variable);
        const b = blockOf(e.node);
        blocks = [b];
        place(v, b, names.value(e.phi));
        title = `readVariableRecursive: phi ${names.value(e.phi)}`;
        text =
          e.kind === "braun.phi"
            ? `Reading ${v} in ${b}, which has several predecessors: a phi ${names.value(e.phi)} for ${v}, its operands read from each predecessor.`
            : `Reading ${v} in the unsealed block ${b}: an operandless phi ${names.value(e.phi)}, completed when ${b} is sealed.`;
        break;
      }
      case "braun.removeTrivialPhi": {
        const phi = names.value(e.phi);
        const p = names.phiPlace(e.phi);
        if (p !== undefined) blocks = [p.block];
        remove(e.phi);
        title = `tryRemoveTrivialPhi: remove ${phi}`;
        text = `${phi} references only itself and ${names.value(e.by)}: it is replaced by ${names.value(e.by)} everywhere.`;
        break;
      }
      case "peel.scc": {
        const phis = e.phis.map(names.value);
        blocks = [...new Set(e.phis.map((v) => names.phiPlace(v)?.block).filter((b): b is string => b !== undefined))];
        if (e.redundant) for (const v of e.phis) remove(v);
        title = `redundant_scc: ${e.redundant ? "peel" : "keep"} ${phis.join(", ")}`;
        text = `The strongly connected phis ${phis.join(", ")} reference ${e.outside.length === 0 ? "no value" : e.outside.map(names.value).join(", ")} outside themselves: ${e.redundant ? "redundant, removed" : "not redundant, kept"}.`;
        break;
      }
      case "cytron.phi":
      case "aycock.phi": {
        const v = names.variable(e.variable);
        const b = blockOf(e.node);
        blocks = [b];
        place(v, b);
        title = `${e.kind === "cytron.phi" ? "placePhi" : "crude phase"}: phi for ${v} at ${b}`;
        text =
          e.kind === "cytron.phi"
            ? `${b} is in the iterated dominance frontier of the definitions of ${v}, and ${v} is live there: a phi for ${v}.`
            : `${b} is a join: the crude phase puts a phi for ${v} there (every variable, every join).`;
        break;
      }
    }
    steps.push({ event: e, title, text, blocks, placed: new Map(placed) });
  }
  return steps;
}
