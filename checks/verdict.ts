/**
 * Verdicts and witnesses. One checker per locale assumption or quality property, named as in
 * Isabelle; each returns every failure it finds (a witness each), never only the first.
 * Witnesses are in model ids (nodes, values, variables); render.ts turns them into the user's
 * block ids, statement indices and value names.
 */
import type { Node, Val, Var } from "../spec/ids.js";

/** Path witnesses are costly to build; past this many failures of one property only the count grows. */
export const MAX_WITNESSES = 25;

export type Witness =
  /** A property of one node (and maybe values at it). */
  | { kind: "node"; node: Node; vals?: Val[]; vars?: Var[]; want?: string; have?: string }
  /** A phi (by its node and value), maybe with an argument position. */
  | { kind: "phi"; node: Node; val: Val; arg?: number; want?: string; have?: string; other?: Val }
  /** A value defined in more than one place. */
  | { kind: "twice"; val: Val; nodes: Node[] }
  /** Nodes not reached from Entry. */
  | { kind: "unreachable"; nodes: Node[] }
  /** Edges into Entry. */
  | { kind: "entryPreds"; preds: Node[] }
  /**
   * A path from Entry (or from a definition) that breaks a path property: `use` at the path's
   * last node is the value (or variable) in question; `at` marks an interesting node on it.
   */
  | {
      kind: "path";
      path: Node[];
      val?: Val;
      var?: Var;
      use: Node;
      /** the use is argument `arg` of the phi at `node` (used at the end of the path's last node) */
      phiArg?: { node: Node; arg: number };
      /** an interfering node on the path, and the value it defines */
      at?: Node;
      other?: Val;
      want?: string;
      have?: string;
    }
  /** equiv: along `path`, at the use of `val` in its last node, the variable was last defined at `orig`, the value at `ssa`. */
  | { kind: "equiv"; path: Node[]; edges: number[]; val: Val; orig: Node | null; ssa: Node | null }
  /** cytronMinimal: a phi that is not necessary, or (on request) a necessary one with its converging paths. */
  | { kind: "necessary"; node: Node; val: Val; necessary: boolean; paths?: [Node[], Node[]] }
  /** no_redundant_set: the set and its one outside argument (none if it references nothing outside). */
  | { kind: "redundantSet"; set: Val[]; outside: Val | null };

export interface Verdict {
  readonly property: string;
  readonly holds: boolean;
  /** Total number of failures found (witnesses may be fewer, see MAX_WITNESSES). */
  readonly failures: number;
  readonly witnesses: Witness[];
  /** On request, evidence for what holds (e.g. the converging paths of each necessary phi). */
  readonly evidence?: Witness[];
}

/** Collects failures of one property. */
export class Failures {
  private list: Witness[] = [];
  private count = 0;
  constructor(readonly property: string) {}
  /** Whether another witness is still wanted (its construction may be skipped otherwise). */
  get wantMore(): boolean {
    return this.list.length < MAX_WITNESSES;
  }
  add(w: Witness | (() => Witness)): void {
    this.count++;
    if (this.wantMore) this.list.push(typeof w === "function" ? w() : w);
  }
  verdict(): Verdict {
    return { property: this.property, holds: this.count === 0, failures: this.count, witnesses: this.list };
  }
}
