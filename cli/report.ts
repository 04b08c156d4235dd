/**
 * Verdicts in the user's terms: block ids, statement indices, value and variable names. Two
 * renderings of one witness: a line of text for people, a JSON object for programs (the report
 * format `formal-ssa/report@1` of FORMAT.md).
 */
import type { Verdict, Witness } from "../checks/verdict.js";
import type { Node } from "../spec/ids.js";
import type { Places } from "../spec/places.js";

export const REPORT_FORMAT = "formal-ssa/report@1";

/** What is needed to name things in one function. */
export interface Namer {
  places: Places;
  valName(v: number): string;
  varName(x: number): string;
  /** The original variable of an SSA value. */
  valVar(v: number): string;
  /** The statement index of the use of `val` at node `n` (undefined for a phi argument or a defs/uses block). */
  useStmt(n: number, val: number): number | undefined;
  defStmt(n: number, val: number): number | undefined;
}

export interface FunctionReport {
  name: string;
  verdict: "certified" | "rejected";
  properties: Record<string, { holds: boolean; failures?: number; witness?: unknown[]; evidence?: unknown[] }>;
  stats: Record<string, number>;
  /** LLVM input: why mem2reg's phi count differs from the minimum. */
  differences?: string[];
}

export interface Report {
  format: string;
  verdict: "certified" | "rejected";
  functions: FunctionReport[];
}

/** A node as `{block, stmt?}`. */
export function place(nm: Namer, n: number, stmt?: number): { block: string; stmt?: number } {
  const b = nm.places.blockNames[nm.places.nodeBlock[n]];
  const s = stmt === undefined ? nm.places.nodeFirstStmt[n] : stmt;
  return s !== undefined && s >= 0 ? { block: b, stmt: s } : { block: b };
}

function placeText(p: { block: string; stmt?: number }): string {
  return p.stmt === undefined ? `block ${p.block}` : `block ${p.block}, statement ${p.stmt}`;
}

/** A node path as block ids: a new entry wherever the path enters a block at its first node or changes block. */
export function blockPath(places: Places, path: readonly number[]): string[] {
  const out: string[] = [];
  for (let k = 0; k < path.length; k++) {
    const n = path[k];
    const b = places.nodeBlock[n];
    const first = places.blockFirstNode[b] === n;
    if (k === 0 || first || places.nodeBlock[path[k - 1]] !== b) out.push(places.blockNames[b]);
  }
  return out;
}

/** The witness as JSON. */
export function witnessJson(nm: Namer, w: Witness): unknown {
  const val = (v: number) => nm.valName(v);
  switch (w.kind) {
    case "node":
      return { at: place(nm, w.node), values: w.vals?.map(val), variables: w.vars?.map((x) => nm.varName(x)), want: w.want, have: w.have };
    case "phi":
      return { at: place(nm, w.node), phi: val(w.val), arg: w.arg, other: w.other === undefined ? undefined : val(w.other), want: w.want, have: w.have };
    case "twice":
      return { value: val(w.val), at: w.nodes.map((n) => place(nm, n, nm.defStmt(n, w.val))) };
    case "unreachable":
      return { blocks: [...new Set(w.nodes.map((n) => nm.places.blockNames[nm.places.nodeBlock[n]]))] };
    case "entryPreds":
      return { preds: w.preds.map((n) => nm.places.blockNames[nm.places.nodeBlock[n]]) };
    case "path":
      return {
        path: blockPath(nm.places, w.path),
        use: w.phiArg
          ? { block: nm.places.blockNames[nm.places.nodeBlock[w.use]], end: true, phi: place(nm, w.phiArg.node, -1), arg: w.phiArg.arg }
          : place(nm, w.use, w.val !== undefined ? nm.useStmt(w.use, w.val) : undefined),
        value: w.val === undefined ? undefined : val(w.val),
        variable: w.var === undefined ? undefined : nm.varName(w.var),
        at: w.at === undefined ? undefined : place(nm, w.at, w.other !== undefined ? nm.defStmt(w.at, w.other) : undefined),
        other: w.other === undefined ? undefined : val(w.other),
        want: w.want,
        have: w.have,
      };
    case "equiv": {
      const m = w.path[w.path.length - 1];
      return {
        path: blockPath(nm.places, w.path),
        use: { ...place(nm, m, nm.useStmt(m, w.val)), value: val(w.val) },
        original: w.orig === null ? null : place(nm, w.orig),
        ssa: w.ssa === null ? null : place(nm, w.ssa),
      };
    }
    case "necessary":
      return {
        phi: val(w.val),
        at: place(nm, w.node),
        necessary: w.necessary,
        paths: w.paths?.map((p) => blockPath(nm.places, p)),
      };
    case "redundantSet":
      return { set: w.set.map(val), outside: w.outside === null ? null : val(w.outside) };
  }
}

/** The witness as one line of text. */
export function witnessText(nm: Namer, w: Witness): string {
  const val = (v: number) => nm.valName(v);
  const at = (n: Node | number, stmt?: number) => placeText(place(nm, n, stmt));
  const wantHave = (want?: string, have?: string) => (want ? `: want ${want}${have ? `, have ${have}` : ""}` : "");
  switch (w.kind) {
    case "node": {
      const what = [w.vals?.length ? `values ${w.vals.map(val).join(", ")}` : "", w.vars?.length ? `variables ${w.vars.map((x) => nm.varName(x)).join(", ")}` : ""]
        .filter(Boolean)
        .join("; ");
      return `${at(w.node)}${what ? ` (${what})` : ""}${wantHave(w.want, w.have)}`;
    }
    case "phi":
      return (
        `phi ${val(w.val)} in ${at(w.node)}` +
        (w.arg !== undefined ? `, argument ${w.arg}${w.other !== undefined ? ` = ${val(w.other)}` : ""}` : w.other !== undefined ? ` (only other argument ${val(w.other)})` : "") +
        wantHave(w.want, w.have)
      );
    case "twice":
      return `${val(w.val)} is defined at ${w.nodes.map((n) => at(n, nm.defStmt(n, w.val))).join(" and at ")}`;
    case "unreachable":
      return `not reachable from the entry: ${[...new Set(w.nodes.map((n) => nm.places.blockNames[nm.places.nodeBlock[n]]))].join(", ")}`;
    case "entryPreds":
      return `the entry has predecessors: ${w.preds.map((n) => nm.places.blockNames[nm.places.nodeBlock[n]]).join(", ")}`;
    case "path": {
      const subject = w.val !== undefined ? val(w.val) : w.var !== undefined ? nm.varName(w.var) : "?";
      const where = w.phiArg
        ? `as argument ${w.phiArg.arg} of the phi in ${at(w.phiArg.node, -1)}, used at the end of block ${nm.places.blockNames[nm.places.nodeBlock[w.use]]}`
        : `at ${at(w.use, w.val !== undefined ? nm.useStmt(w.use, w.val) : undefined)}`;
      return (
        `path ${blockPath(nm.places, w.path).join(" -> ")}: use of ${subject} ${where}` +
        (w.at !== undefined ? `, with ${w.other !== undefined ? `${val(w.other)} defined` : "a definition"} at ${at(w.at)} in between` : "") +
        wantHave(w.want, w.have)
      );
    }
    case "equiv": {
      const m = w.path[w.path.length - 1];
      return (
        `path ${blockPath(nm.places, w.path).join(" -> ")}: at the use of ${val(w.val)} in ${at(m, nm.useStmt(m, w.val))}, ` +
        `${nm.valVar(w.val)} was last defined ${w.orig === null ? "nowhere" : `at ${at(w.orig)}`}, ` +
        `but ${val(w.val)} stands for ${w.ssa === null ? "no definition" : `the definition at ${at(w.ssa)}`}`
      );
    }
    case "necessary":
      return w.necessary
        ? `phi ${val(w.val)} in ${at(w.node)} is necessary` + (w.paths ? `: ${w.paths.map((p) => blockPath(nm.places, p).join(" -> ")).join(" and ")}` : "")
        : `phi ${val(w.val)} in ${at(w.node)} is not necessary: no two definitions of its variable reach it on paths that meet only there`;
    case "redundantSet":
      return `phis {${w.set.map(val).join(", ")}} reference ${w.outside === null ? "no value" : `only ${val(w.outside)}`} outside themselves`;
  }
}

/** One function's verdicts as lines: one per property, failed ones followed by their witnesses. */
export function verdictLines(nm: Namer, verdicts: readonly Verdict[], quality: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const v of verdicts) {
    const tag = v.holds ? "holds " : quality.has(v.property) ? "no    " : "FAILS ";
    out.push(`  ${tag} ${v.property}${v.holds ? "" : ` (${v.failures} ${v.failures === 1 ? "failure" : "failures"})`}`);
    for (const w of v.witnesses) out.push(`           ${witnessText(nm, w)}`);
    if (v.failures > v.witnesses.length) out.push(`           ... and ${v.failures - v.witnesses.length} more`);
    for (const w of v.evidence ?? []) out.push(`           ${witnessText(nm, w)}`);
  }
  return out;
}

export function propertiesJson(nm: Namer, verdicts: readonly Verdict[]): FunctionReport["properties"] {
  const out: FunctionReport["properties"] = {};
  for (const v of verdicts) {
    out[v.property] = v.holds ? { holds: true } : { holds: false, failures: v.failures, witness: v.witnesses.map((w) => witnessJson(nm, w)) };
    if (v.evidence) out[v.property].evidence = v.evidence.map((w) => witnessJson(nm, w));
  }
  return out;
}
