/**
 * All checkers, grouped as the locales group their assumptions. `validate` certifies a
 * translation: every validity property must hold; quality properties are reported and can be
 * required on top.
 */
import type { Cfg, SsaCfg, Transformed } from "../spec/model.js";
import { def_ass_uses, defs_uses_disjoint, Entry_reaches, Entry_unreachable } from "./cfg_wf.js";
import { SsaIndex } from "./context.js";
import { allUsesDefAssUpTo, equiv, EquivVerdict, StrictUses, Wildcard } from "./equiv.js";
import { cytronMinimal, no_redundant_set, no_trivial_phis, pruned } from "./quality.js";
import { allDefs_disjoint, allUses_def_ass, Entry_no_phis, phis_wf, simpleDefs_phiDefs_disjoint } from "./ssa_wf.js";
import { allDefs_var_disjoint, conventional, oldDefs_def, oldUses_def, phis_same_var } from "./transformed.js";
import type { Verdict } from "./verdict.js";

export * from "./verdict.js";
export { SsaIndex } from "./context.js";
export type { EquivVerdict, StrictUses, Wildcard } from "./equiv.js";

/** The quality properties: reported always, required only on request. */
export const QUALITY = ["pruned", "no_trivial_phis", "cytronMinimal", "no_redundant_set"] as const;
export type QualityProperty = (typeof QUALITY)[number];

/** Validity properties of `validate`, in report order (the original's prefixed `old.` as in Isabelle). */
export const VALIDITY = [
  "Entry_unreachable",
  "Entry_reaches",
  "old.defs_uses_disjoint",
  "old.def_ass_uses",
  "phis_wf",
  "simpleDefs_phiDefs_disjoint",
  "allDefs_disjoint",
  "allUses_def_ass",
  "Entry_no_phis",
  "defs_uses_disjoint",
  "oldDefs_def",
  "oldUses_def",
  "phis_same_var",
  "allDefs_var_disjoint",
  "conventional",
  "equiv",
] as const;

function renamed(v: Verdict, property: string): Verdict {
  return { ...v, property };
}

/**
 * `CFG_wf` of an original CFG.
 *
 * @isabelle CFG_wf
 */
export function checkCfg(g: Cfg): Verdict[] {
  return [Entry_unreachable(g.graph), Entry_reaches(g.graph), defs_uses_disjoint(g), def_ass_uses(g)];
}

/**
 * What needs no original: `CFG_SSA_wf` and the quality properties that are about the SSA alone,
 * decided on the code representation (`CFG_SSA_code`, `CFG_SSA_wf_code`).
 *
 * @standin CFG_SSA_code, CFG_SSA_wf_code: the code locales are CFG_SSA and CFG_SSA_wf with uses
 * and phis as mappings, assuming what those assume; checkSsa decides those assumptions on the
 * model's tables (SsaCfg, in the code theory's shape) with the efficient checkers, which the
 * agreement tests hold to the literal definitions, instead of transcribing the locales
 */
export function checkSsa(ssa: SsaCfg): Verdict[] {
  const idx = new SsaIndex(ssa);
  return [
    Entry_unreachable(ssa.graph),
    Entry_reaches(ssa.graph),
    phis_wf(ssa),
    simpleDefs_phiDefs_disjoint(ssa),
    allDefs_disjoint(ssa, idx),
    allUses_def_ass(ssa, idx),
    Entry_no_phis(ssa),
    defs_uses_disjoint(ssa),
    pruned(ssa, idx),
    no_trivial_phis(ssa, idx),
    no_redundant_set(ssa, idx),
  ];
}

export interface CheckOptions {
  /** With cytronMinimal, the two converging paths of every necessary phi as evidence. */
  necessaryPaths?: boolean;
  /**
   * `--undef refine`: the original's uninitialised definitions. `equiv` and `allUses_def_ass`
   * then accept any SSA value (or none) on paths where the original's value is uninitialised
   * (checks/equiv.ts); absent, both are decided strictly, as Formal_SSA states them.
   */
  wildcard?: Wildcard;
  /**
   * Uses whose failure of `allUses_def_ass` no wildcard excuses (checks/equiv.ts `StrictUses`):
   * those where the producer's own value is not defined on every path to the use; `"all"`:
   * every use, where the SSA's definitions are the producer's own (then `allUses_def_ass` is
   * decided strictly, and only `equiv` takes the wildcards). Only with `wildcard`.
   */
  strictUses?: StrictUses | "all";
  /**
   * The quality properties to decide (default: all four). A caller that keeps no report of a
   * certified function and requires none of them (the React Compiler logger's enterSSA stage)
   * decides only what its verdict and phi counts need; the verdicts then omit the others.
   */
  quality?: readonly QualityProperty[];
}

/**
 * Every property of a translation: validity (VALIDITY order), then quality (QUALITY order, those
 * in `opts.quality` where given); validity is `CFG_SSA_Transformed` on the code representation (`CFG_SSA_Transformed_code`).
 *
 * @standin CFG_SSA_Transformed_code: the code locale is CFG_SSA_Transformed on mappings, plus
 * dom_uses_in_graph; checkTransformed decides its assumptions with the efficient checkers (held
 * to the literal definitions by the agreement tests), and adds what the locale does not assume:
 * the theorem equiv, decided, and the quality properties
 */
export function checkTransformed(t: Transformed, opts: CheckOptions = {}): Verdict[] {
  const idx = new SsaIndex(t.ssa);
  const w = opts.wildcard;
  const verdicts = [
    Entry_unreachable(t.graph),
    Entry_reaches(t.graph),
    renamed(defs_uses_disjoint(t.old), "old.defs_uses_disjoint"),
    renamed(def_ass_uses(t.old), "old.def_ass_uses"),
    phis_wf(t.ssa),
    simpleDefs_phiDefs_disjoint(t.ssa),
    allDefs_disjoint(t.ssa, idx),
    w === undefined || opts.strictUses === "all" ? allUses_def_ass(t.ssa, idx) : allUsesDefAssUpTo(t, idx, w, opts.strictUses),
    Entry_no_phis(t.ssa),
    defs_uses_disjoint(t.ssa),
    oldDefs_def(t),
    oldUses_def(t),
    phis_same_var(t),
    allDefs_var_disjoint(t),
    conventional(t, idx),
    equiv(t, idx, { wildcard: w }),
  ];
  const q = opts.quality;
  if (q === undefined || q.includes("pruned")) verdicts.push(pruned(t.ssa, idx));
  if (q === undefined || q.includes("no_trivial_phis")) verdicts.push(no_trivial_phis(t.ssa, idx));
  if (q === undefined || q.includes("cytronMinimal")) verdicts.push(cytronMinimal(t, idx, { paths: opts.necessaryPaths }));
  if (q === undefined || q.includes("no_redundant_set")) verdicts.push(no_redundant_set(t.ssa, idx));
  return verdicts;
}

/** Certified iff every non-quality property holds and every required quality property holds. */
export function certified(verdicts: readonly Verdict[], require: readonly string[] = []): boolean {
  for (let i = 0; i < verdicts.length; i++) {
    const v = verdicts[i];
    if (!v.holds && !(QUALITY_SET.has(v.property) && !require.includes(v.property))) return false;
  }
  return true;
}

const QUALITY_SET: ReadonlySet<string> = new Set<string>(QUALITY);

/**
 * The uses that `checkTransformed` with a `wildcard` accepted only up to refinement (by `equiv`
 * or `allUses_def_ass`), counted once each; 0 without wildcards.
 */
export function refinementCount(verdicts: readonly Verdict[]): number {
  // most functions refine nothing, and most others in one verdict only: no union for those
  let one: ReadonlySet<string> | undefined;
  let all: Set<string> | undefined;
  for (let i = 0; i < verdicts.length; i++) {
    const r = (verdicts[i] as Partial<EquivVerdict>).refined;
    if (r === undefined || r.size === 0) continue;
    if (one === undefined) one = r;
    else {
      all ??= new Set(one);
      for (const k of r) all.add(k);
    }
  }
  return all?.size ?? one?.size ?? 0;
}
