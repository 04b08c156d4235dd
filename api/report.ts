/**
 * Verdicts in the user's terms: block ids, statement indices, value and variable names. A
 * witness becomes a JSON object for programs that carries its line of text for people (`text`);
 * the report object (`formal-ssa/report@1`, the output of `validate --json`, schemas/report.json)
 * holds everything the text report prints, which `formatReport` renders from it alone.
 */
import type { Verdict, Witness } from "../checks/verdict.js";
import { QUALITY, VALIDITY } from "../checks/index.js";
import type { Node } from "../spec/ids.js";
import type { Places } from "../spec/places.js";
import type { TextWriter } from "../io/write.js";

/** The model's properties (not a producer's checks): validity, quality, and `sound_refinement`. */
const MODEL: ReadonlySet<string> = new Set<string>([...VALIDITY, ...QUALITY, "sound_refinement"]);

export const REPORT_FORMAT = "formal-ssa/report@1";
export const CHECK_FORMAT = "formal-ssa/check@1";

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

/** A place in a function: a block, and a statement index where it matters. */
export interface PlaceReport {
  block: string;
  stmt?: number;
}

/**
 * A witness in the user's terms. `text` is the line the text report prints; the other fields
 * depend on the property (see schemas/report.json): places (`at`, `use`), values and variables
 * by name, a `path` of block ids from the entry, `want`/`have`, and for a producer's own check
 * (`same_instructions`) the lines of the before and after inputs.
 */
export interface WitnessReport {
  text: string;
  at?: PlaceReport | PlaceReport[];
  path?: string[];
  use?: PlaceReport & { end?: boolean; phi?: PlaceReport; arg?: number; value?: string };
  value?: string;
  values?: string[];
  variable?: string;
  variables?: string[];
  phi?: string;
  arg?: number;
  other?: string;
  want?: string;
  have?: string;
  blocks?: string[];
  preds?: string[];
  original?: PlaceReport | null;
  ssa?: PlaceReport | null;
  necessary?: boolean;
  paths?: string[][];
  set?: string[];
  outside?: string | null;
  /** `same_graph`: why the two documents do not lower to one graph. */
  mismatch?: string;
  /** A producer's check: block, line of the before input, line of the after input, what differs. */
  block?: string;
  line?: number;
  after_line?: number;
  message?: string;
}

/** One property of one function. */
export interface PropertyReport {
  holds: boolean;
  /** How many failures were found (witnesses are kept for the first 25). */
  failures?: number;
  witness?: WitnessReport[];
  /** For a property that holds, evidence on request (`necessaryPaths`: two converging paths per necessary phi). */
  evidence?: WitnessReport[];
  /**
   * `false`: not decided, because it rests on a pairing that a producer check rejects (LLVM: when
   * `same_instructions` fails, the SSA document built from the pairing of the instructions says
   * nothing); `holds` is then false, with no failures or witnesses.
   */
  decided?: false;
  /**
   * `true`: the property fails, and the user accepted that knowingly
   * (`acceptUnsoundRefinements`, `--accept-unsound-refinements`, for `sound_refinement`): the
   * function is certified under the weaker reading the flag names.
   */
  accepted?: true;
}

/** Sizes and counts of one function. */
export interface FunctionStats {
  blocks: number;
  /** Nodes of the Isabelle model the blocks were lowered to. */
  nodes?: number;
  /** Phis of the SSA (for a producer: the phis it placed). */
  phis?: number;
  /** A producer's report: the fewest phis of any translation (braun+peel's count on the same original CFG). */
  phis_minimum?: number;
  values?: number;
  /** Uses certified only up to refinement (`undef: "refine"`). */
  refinements?: number;
  milliseconds?: number;
  /** Producer-specific sizes (LLVM: `promoted`, `unreachable_blocks`). */
  [stat: string]: number | undefined;
}

export interface FunctionReport {
  name: string;
  verdict: "certified" | "rejected";
  /** Keyed by Isabelle name (`old.` for the original's assumptions), in report order. */
  properties: Record<string, PropertyReport>;
  stats: FunctionStats;
  /** A producer's report: why its phi count differs from the minimum, one line each. */
  differences?: string[];
  /**
   * A producer's rejected function: one sentence saying what is wrong and where (the first
   * failure of the first property that fails, with the block and the line of the input).
   */
  summary?: string;
  /**
   * A producer's uses certified only up to refinement (`undef: "refine"`), where the producer
   * says what it put there: the value the uninitialised read was refined to, and whether that is
   * a refinement under the producer's semantics (LLVM: not if it may be poison, which does not
   * refine undef; such a use is a suspected miscompilation and fails `sound_refinement`).
   */
  refinements?: RefinementReport[];
  /** Where the SSA carries debug records: the debugger's view, its figures (docs/debug-info.md). */
  debug_info?: DebugInfoReport;
}

/** One use certified only up to refinement. */
export interface RefinementReport {
  /** The use, in the original. */
  use: PlaceReport;
  /** The line of the producer's before input, where it has lines. */
  line?: number;
  /** The SSA value used there. */
  value: string;
  /** What the producer put there, as its output writes it (LLVM: `1`, `%x`). */
  to: string;
  /**
   * Why `to` is not a refinement of the uninitialised read under the producer's semantics (LLVM:
   * "it may be poison: the argument %x, which has no noundef attribute"): a suspected
   * miscompilation, which fails `sound_refinement`. Absent: it is a refinement.
   */
  unsound?: string;
  /** The line the text report prints for it. */
  text: string;
}

/** The report of `validate` (`--json`): every function certified, or why not. */
export interface Report {
  format: typeof REPORT_FORMAT;
  verdict: "certified" | "rejected";
  /** The producer whose output was validated through an adapter ("mem2reg"); absent for exchange-format input. */
  producer?: string;
  /** Quality properties certification also needed (validity is always needed). */
  require?: string[];
  /** Where a function carries debug records: the module's figures (`debug info: ...` in the text report). */
  debug_info?: DebugInfoSummary;
  functions: FunctionReport[];
}

/** One function of `check`: the assumptions of its locale (CFG_wf or CFG_SSA_wf) and, for SSA, the quality properties. */
export interface CheckedFunction {
  name: string;
  kind: "cfg" | "ssa";
  verdict: "holds" | "fails";
  properties: Record<string, PropertyReport>;
  stats: FunctionStats;
}

/** The report of `check` (`--json`): what holds of documents on their own; nothing is certified without an original. */
export interface CheckReport {
  format: typeof CHECK_FORMAT;
  verdict: "holds" | "fails";
  require?: string[];
  functions: CheckedFunction[];
}

/** One variable's coverage: points of its scope, and where its location is available. */
export interface DebugVariableReport {
  variable: string;
  /** Points in scope: where some path from the entry has defined it (uninitialised content left out). */
  points: number;
  /** Of those, where the debugger's location is an SSA value. */
  available: number;
  /** Of those, where an exact construction's is (every path defines it). */
  exact: number;
  /** Of those, where it is a location formal-ssa does not judge (not covered). */
  not_covered: number;
  /** Points where the location is wrong. */
  wrong: number;
}

/** A function's debug figures. */
export interface DebugInfoReport {
  variables: number;
  records: number;
  /** Wrong (point, variable) pairs. */
  wrong: number;
  points: number;
  available: number;
  exact: number;
  not_covered: number;
  per_variable: DebugVariableReport[];
}

/** A module's: the sums, and the two shares in percent (one decimal). */
export interface DebugInfoSummary {
  variables: number;
  records: number;
  wrong: number;
  points: number;
  available: number;
  exact: number;
  not_covered: number;
  /** available / points, in percent. */
  availability: number;
  /** exact / points, in percent. */
  exact_availability: number;
}

const percent = (part: number, whole: number): number => (whole === 0 ? 100 : Math.round((1000 * part) / whole) / 10);

/** The module's figures from its functions' (undefined where no function has debug records). */
export function debugSummary(functions: readonly { debug_info?: DebugInfoReport }[]): DebugInfoSummary | undefined {
  const all = functions.map((f) => f.debug_info).filter((d): d is DebugInfoReport => d !== undefined);
  if (all.length === 0) return undefined;
  const s = (k: "variables" | "records" | "wrong" | "points" | "available" | "exact" | "not_covered") => all.reduce((t, d) => t + d[k], 0);
  const points = s("points");
  return {
    variables: s("variables"),
    records: s("records"),
    wrong: s("wrong"),
    points,
    available: s("available"),
    exact: s("exact"),
    not_covered: s("not_covered"),
    availability: percent(s("available"), points),
    exact_availability: percent(s("exact"), points),
  };
}

/** A function's coverage in a line: per variable the points with a location, of those in its scope, beside the exact construction's. */
export function debugFunctionLine(d: DebugInfoReport): string {
  const vars = d.per_variable.map((v) => `${v.variable} ${v.available}/${v.points} (exact ${v.exact})${v.wrong > 0 ? `, ${v.wrong} wrong` : ""}${v.not_covered > 0 ? `, ${v.not_covered} not covered` : ""}`);
  return `debug info: ${d.records} records, availability ${percent(d.available, d.points).toFixed(1)}% (exact construction: ${percent(d.exact, d.points).toFixed(1)}%)${vars.length > 0 ? `: ${vars.join("; ")}` : ""}`;
}

/** The text report's line for a module. */
export function debugSummaryLine(d: DebugInfoSummary): string {
  const nc = d.not_covered > 0 ? `, ${d.not_covered} points not covered` : "";
  return `debug info: ${d.variables} variables, ${d.records} records, ${d.wrong} wrong, availability ${d.availability.toFixed(1)}% (exact construction: ${d.exact_availability.toFixed(1)}%)${nc}`;
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

/** The witness as JSON, with its line of text. */
export function witnessJson(nm: Namer, w: Witness): WitnessReport {
  return { text: witnessText(nm, w), ...witnessFields(nm, w) };
}

function witnessFields(nm: Namer, w: Witness): Omit<WitnessReport, "text"> {
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

export function propertiesJson(nm: Namer, verdicts: readonly Verdict[]): Record<string, PropertyReport> {
  const out: Record<string, PropertyReport> = {};
  for (const v of verdicts) {
    out[v.property] = v.holds ? { holds: true } : { holds: false, failures: v.failures, witness: v.witnesses.map((w) => witnessJson(nm, w)) };
    if (v.evidence) out[v.property].evidence = v.evidence.map((w) => witnessJson(nm, w));
  }
  return out;
}

// --- text, rendered from the report objects alone ----------------------------------------------

/** At most this many witnesses per property in the text report of exchange-format input (`--json` keeps them all). */
export const TEXT_WITNESSES = 25;
/**
 * A producer's report names the first few witnesses of each failing property and the first few
 * phi differences, so that a rejected function fits on a screen (`full` shows them all).
 */
export const PRODUCER_TEXT_WITNESSES = 3;

export interface FormatOptions {
  /** A producer's report: a block of lines for every function, not only for rejected ones. */
  functions?: boolean;
  /**
   * Only what fails: the rejected functions with their failing properties and witnesses (a
   * quality property counts only where it is required), and the totals.
   */
  failingOnly?: boolean;
  /** Every witness and every phi difference in the text (`--full`), not only the first few. */
  full?: boolean;
}

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
const INDENT = "           ";
/** `, T ms`, or nothing where the time is not given (a message that must not vary from run to run). */
const time = (st: FunctionStats) => (st.milliseconds === undefined ? "" : `, ${st.milliseconds} ms`);

/** The report without its times: the same text from run to run (error messages, snapshots). */
export function withoutTimes<R extends { functions: { stats: FunctionStats }[] }>(report: R): R {
  return { ...report, functions: report.functions.map((f) => ({ ...f, stats: Object.fromEntries(Object.entries(f.stats).filter(([k]) => k !== "milliseconds")) as FunctionStats })) };
}

/** The lines of one property: its tag and name, then its first `limit` witnesses, how many more, and evidence. */
function propertyLines(name: string, p: PropertyReport, unrequiredQuality: ReadonlySet<string>, limit = TEXT_WITNESSES): string[] {
  const w = p.witness ?? [];
  if (!p.holds && name === "same_graph" && w[0]?.mismatch !== undefined) return [`  FAILS  same_graph: ${w[0].mismatch}`];
  const tag = p.holds ? "holds " : unrequiredQuality.has(name) || p.accepted === true ? "no    " : "FAILS ";
  const failures = p.failures ?? 0;
  const out = [`  ${tag} ${name}${p.holds ? "" : ` (${plural(failures, "failure")}${p.accepted === true ? `, accepted by --accept-unsound-refinements` : ""})`}`];
  const shown = w.slice(0, limit);
  for (const x of shown) out.push(INDENT + x.text);
  if (failures > shown.length) out.push(`${INDENT}... and ${failures - shown.length} more${shown.length < w.length ? " (--full or --json shows them)" : ""}`);
  for (const x of p.evidence ?? []) out.push(INDENT + x.text);
  return out;
}

function unrequired(require: readonly string[] | undefined): Set<string> {
  return new Set<string>(QUALITY.filter((q) => !(require ?? []).includes(q)));
}

/**
 * The text report of `validate`. Exchange-format input: every function with every property.
 * A producer's report: the rejected functions (all with `functions`) with their failing
 * properties and the reasons for their phi counts, then the totals.
 */
export function formatReport(report: Report, options: FormatOptions = {}): string {
  const quality = unrequired(report.require);
  const out: string[] = [];
  const producer = report.producer;
  for (const f of report.functions) {
    const st = f.stats;
    if (producer === undefined) {
      if (options.failingOnly && f.verdict === "certified") continue;
      const size =
        st.nodes !== undefined
          ? ` (${st.blocks} blocks, ${st.nodes} nodes${st.phis !== undefined ? `, ${plural(st.phis, "phi")}, ${st.values} values` : ""}${time(st)})`
          : "";
      out.push(`function ${f.name}: ${f.verdict}${size}`);
      for (const [name, p] of Object.entries(f.properties)) if (!options.failingOnly || (!p.holds && !quality.has(name))) out.push(...propertyLines(name, p, quality));
      if (f.debug_info !== undefined && !options.failingOnly) out.push(`  ${debugFunctionLine(f.debug_info)}`);
      continue;
    }
    const unsound = (f.refinements ?? []).filter((r) => r.unsound !== undefined);
    if (f.verdict === "certified" && !options.functions && unsound.length === 0) continue;
    const size =
      st.nodes !== undefined
        ? `${plural(st.blocks, "block")}, ${plural(st.nodes, "node")}, ${producer} ${plural(st.phis ?? 0, "phi")}${st.phis_minimum !== undefined ? `, minimum ${st.phis_minimum}` : ""}` +
          `${st.refinements ? `, ${plural(st.refinements, "refinement")}` : ""}${st.unreachable_blocks ? `, ${st.unreachable_blocks} unreachable` : ""}${time(st)}`
        : "";
    const limit = options.full ? Infinity : PRODUCER_TEXT_WITNESSES;
    if (f.verdict === "rejected") {
      // one sentence first: what is wrong and where; then the sizes, the failing properties
      // with their first witnesses, and those that rest on what failed
      out.push(`function ${f.name}: rejected: ${f.summary ?? "see below"}`);
      if (size) out.push(`  (${size})`);
      const undecided: string[] = [];
      for (const [name, p] of Object.entries(f.properties)) {
        if (p.decided === false) undecided.push(name);
        else if (!p.holds && !quality.has(name)) out.push(...propertyLines(name, p, quality, limit));
      }
      if (undecided.length > 0) {
        // the producer's checks that failed (the model's properties that stay decided rest on no pairing)
        const failed = Object.entries(f.properties).filter(([n, p]) => !p.holds && p.decided !== false && !quality.has(n) && !MODEL.has(n)).map(([n]) => n);
        out.push(`  not decided: ${undecided.join(", ")} (they rest on the pairing of the instructions, which ${failed.join(" and ")} rejects)`);
      }
    } else out.push(`function ${f.name}: ${f.verdict}${size ? ` (${size})` : ""}`);
    // uses certified only up to refinement: those that are not refinements always (a rejected
    // function shows them as the witnesses of sound_refinement), the others where every
    // function is shown
    const shown = f.verdict === "rejected" && f.properties.sound_refinement?.holds === false && f.properties.sound_refinement.decided !== false;
    const refinements = (f.refinements ?? []).filter((r) => (r.unsound !== undefined && !shown) || (r.unsound === undefined && options.functions));
    for (const r of refinements.slice(0, limit)) out.push(`  ${r.text}`);
    if (refinements.length > limit) out.push(`  ... and ${refinements.length - limit} more refinements (--full or --json shows them)`);
    const differences = f.differences ?? [];
    for (const d of differences.slice(0, limit)) out.push(`  phis: ${d}`);
    if (differences.length > limit) out.push(`  phis: ... and ${differences.length - limit} more (--full or --json shows them)`);
    if (f.debug_info !== undefined && options.functions) out.push(`  ${debugFunctionLine(f.debug_info)}`);
  }
  const n = report.functions.length;
  const ok = report.functions.filter((f) => f.verdict === "certified").length;
  if (producer !== undefined) {
    let phis = 0;
    let minimum = 0;
    let refinements = 0;
    let unsound = 0;
    let accepted = 0;
    let unreachable: number | undefined;
    let unexplained = 0;
    for (const f of report.functions) {
      phis += f.stats.phis ?? 0;
      minimum += f.stats.phis_minimum ?? 0;
      refinements += f.stats.refinements ?? 0;
      const n = (f.refinements ?? []).filter((r) => r.unsound !== undefined).length;
      if (f.properties.sound_refinement?.accepted === true) accepted += n;
      else unsound += n;
      if (f.stats.unreachable_blocks !== undefined) unreachable = (unreachable ?? 0) + f.stats.unreachable_blocks;
      if ((f.differences ?? []).some((d) => d.startsWith("unexplained"))) unexplained++;
    }
    out.push(
      `${producer} placed ${plural(phis, "phi")}, braun+peel needs ${minimum}` +
        `${unexplained > 0 ? ` (the difference is unexplained in ${plural(unexplained, "function")})` : " (every difference explained)"}; ` +
        `${plural(refinements, "use")} certified up to refinement` +
        `${unsound + accepted > 0 ? ` (${[unsound > 0 ? `${unsound} not refinements under ${producer}'s semantics: suspected miscompilations` : "", accepted > 0 ? `${accepted} not refinements, accepted by --accept-unsound-refinements` : ""].filter((x) => x !== "").join("; ")})` : ""}` +
        `${unreachable !== undefined ? `; ${plural(unreachable, "unreachable block")} left out` : ""}`,
    );
  }
  out.push(`${ok === n ? "certified" : "rejected"}: ${ok} of ${plural(n, "function")} certified`);
  const debug = report.debug_info ?? debugSummary(report.functions);
  if (debug !== undefined) out.push(debugSummaryLine(debug));
  return out.join("\n") + "\n";
}

/**
 * One use certified up to refinement, in a line: where, what it was refined to, and the
 * producer's clause on whether that is a refinement (`RefinedValue.clause`).
 */
export function refinementText(r: Omit<RefinementReport, "text">, clause: string, accepted: boolean): string {
  const where = `block ${r.use.block}${r.use.stmt !== undefined ? `, statement ${r.use.stmt}` : ""}${r.line !== undefined ? ` (line ${r.line})` : ""}`;
  const what = `${r.value} is read there uninitialised on some path and became ${r.to}, ${clause}`;
  if (r.unsound === undefined) return `refinement at ${where}: ${what}`;
  return accepted ? `not a refinement, accepted by --accept-unsound-refinements, at ${where}: ${what}` : `suspected miscompilation at ${where}: ${what}`;
}

/** The locale whose assumptions `check` decides for a document of this kind. */
export function localeOf(kind: "cfg" | "ssa"): string {
  return kind === "cfg" ? "CFG_wf" : "CFG_SSA_wf";
}

/** The text report of `check`: per function what was decided and whether it holds, every property (or only what fails), then the totals. */
export function formatCheckReport(report: CheckReport, options: Pick<FormatOptions, "failingOnly"> = {}): string {
  const quality = unrequired(report.require);
  const out: string[] = [];
  for (const f of report.functions) {
    if (options.failingOnly && f.verdict === "holds") continue;
    const st = f.stats;
    const what = [localeOf(f.kind), ...(f.kind === "ssa" ? (report.require ?? []) : [])].join(" + ");
    const size = ` (${st.blocks} blocks, ${st.nodes} nodes${st.phis !== undefined ? `, ${plural(st.phis, "phi")}, ${st.values} values` : ""}${time(st)})`;
    out.push(`function ${f.name}: ${what} ${f.verdict}${size}`);
    for (const [name, p] of Object.entries(f.properties)) if (!options.failingOnly || (!p.holds && !quality.has(name))) out.push(...propertyLines(name, p, quality));
  }
  const n = report.functions.length;
  const ok = report.functions.filter((f) => f.verdict === "holds").length;
  out.push(`${report.verdict}: the assumptions hold in ${ok} of ${plural(n, "function")}`);
  return out.join("\n") + "\n";
}

/**
 * `JSON.stringify(report, null, 2)` and a newline, written function by function: a rejected
 * function with a million-block witness path is one function's text at a time, never the whole
 * report's.
 */
export function writeReportJson(out: TextWriter, report: Report): void {
  // a certificate asked for with the report is written apart (it is not part of the report's format)
  const { functions, certificate: _certificate, ...head } = report as Report & { certificate?: unknown };
  const top = JSON.stringify({ ...head, functions: [] }, null, 2);
  if (functions.length === 0) {
    out.text(`${top}\n`);
    return;
  }
  // the empty list closes the head: `"functions": []\n}`
  out.text(`${top.slice(0, top.length - "[]\n}".length)}[\n`);
  functions.forEach((f, i) => {
    // a nested value is its own text indented by its depth (strings hold no raw newlines)
    out.text(`${i === 0 ? "" : ",\n"}    ${JSON.stringify(f, null, 2).replaceAll("\n", "\n    ")}`);
  });
  out.text(`\n  ]\n}\n`);
}
