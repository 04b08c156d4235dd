/**
 * The literal definition of every property the checkers decide (spec/, exact with its default
 * bound), by the name the checkers report, and a tally of how often each came out true and
 * false: the agreement tests print it and require both outcomes, so that "the checker agrees
 * with the definition in both directions" is shown on cases where the definition is false as
 * well as true.
 */
import { Entry_reaches, Entry_unreachable } from "../../spec/graph_path.js";
import { someRedundantSet } from "../../spec/irreducible.js";
import { cytronMinimal } from "../../spec/minimality.js";
import type { Transformed } from "../../spec/model.js";
import * as S from "../../spec/ssa_cfg.js";

/** The literal predicate of each property `checkTransformed` decides exactly (all but `equiv`, whose literal semantics is bounded). */
export const LITERAL: Readonly<Record<string, (t: Transformed) => boolean>> = {
  Entry_unreachable: (t) => Entry_unreachable(t),
  Entry_reaches: (t) => Entry_reaches(t),
  "old.defs_uses_disjoint": (t) => S.defs_uses_disjoint(S.old(t)),
  "old.def_ass_uses": (t) => S.def_ass_uses(S.old(t)),
  phis_wf: (t) => S.phis_wf(t),
  simpleDefs_phiDefs_disjoint: (t) => S.simpleDefs_phiDefs_disjoint(t),
  allDefs_disjoint: (t) => S.allDefs_disjoint(t),
  allUses_def_ass: (t) => S.allUses_def_ass(t),
  Entry_no_phis: (t) => S.Entry_no_phis(t),
  defs_uses_disjoint: (t) => S.defs_uses_disjoint(t),
  oldDefs_def: (t) => S.oldDefs_def(t),
  oldUses_def: (t) => S.oldUses_def(t),
  phis_same_var: (t) => S.phis_same_var(t),
  allDefs_var_disjoint: (t) => S.allDefs_var_disjoint(t),
  conventional: (t) => S.conventional(t),
  pruned: (t) => S.pruned(t),
  no_trivial_phis: (t) => !S.redundant(t),
  cytronMinimal: (t) => cytronMinimal(t),
  no_redundant_set: (t) => someRedundantSet(t) === undefined,
};

/** The least share of the cases in which each property must hold, and fail. */
export const MIN_SHARE = 0.05;

/** Per property, how many cases it held and failed in. */
export class OutcomeTally {
  private readonly counts = new Map<string, { held: number; failed: number }>();
  private cases = 0;
  private readonly notes = new Map<string, number>();

  constructor(readonly properties: readonly string[]) {
    for (const p of properties) this.counts.set(p, { held: 0, failed: 0 });
  }

  /** One case's outcomes. */
  add(outcomes: Readonly<Record<string, boolean>>): void {
    this.cases++;
    for (const p of this.properties) {
      const c = this.counts.get(p)!;
      if (outcomes[p]) c.held++;
      else c.failed++;
    }
  }

  /** Counts something about the cases (irreducible graphs, ...), shown with the table. */
  note(what: string, yes: boolean): void {
    this.notes.set(what, (this.notes.get(what) ?? 0) + (yes ? 1 : 0));
  }

  get total(): number {
    return this.cases;
  }

  noted(what: string): number {
    return this.notes.get(what) ?? 0;
  }

  /** The table: a line per property with its counts and shares. */
  lines(title: string): string[] {
    const pct = (x: number) => `${((100 * x) / Math.max(1, this.cases)).toFixed(1)}%`.padStart(6);
    const out = [`${title}: ${this.cases} cases`];
    for (const [what, n] of this.notes) out.push(`  ${what}: ${n} (${pct(n).trim()})`);
    for (const [p, c] of this.counts) out.push(`  ${p.padEnd(28)} held ${String(c.held).padStart(5)} ${pct(c.held)}   failed ${String(c.failed).padStart(5)} ${pct(c.failed)}`);
    return out;
  }

  /** The properties that held, or failed, in fewer than `MIN_SHARE` of the cases. */
  tooOneSided(): string[] {
    const min = MIN_SHARE * this.cases;
    const out: string[] = [];
    for (const [p, c] of this.counts) {
      if (c.failed < min) out.push(`${p} failed in ${c.failed} of ${this.cases} cases`);
      if (c.held < min) out.push(`${p} held in ${c.held} of ${this.cases} cases`);
    }
    return out;
  }
}
