/**
 * What the constructions do, step by step, for a reader who wants to watch them (the explorer
 * steps through these events with the matching definition of spec/ beside each). A construction
 * takes an optional `trace` callback; when it is absent the only cost is a test of `undefined`
 * at each place an event would be made, and no event object is built (`npm run bench` measures
 * the constructions with and without it).
 *
 * Ids are the compact model's (spec/ids.ts): nodes, variables and SSA values as numbers; a
 * reader names them through the lowered CFG's places and value names. Every event names the
 * Isabelle definition or the paper's procedure it is a step of (`def`), as spec-map lists them.
 *
 * Value ids are those of the construction's table of values (`Construction.vals`), which the
 * minimisations after it keep. Braun et al. remove trivial phis before their values are
 * numbered: their events are delivered when the construction ends, a phi that survives under its
 * id in `vals`, a removed one as `vals.count + i`, `i` its index in `Construction.removedVals`
 * (set only when a tracer is given).
 *
 * The literal functional construction (impl/construct.ts) searches and walks afresh from every
 * use, as the equations do. Its efficient refinement (impl/construct_fast.ts) does each search
 * and walk once: a search stops at nodes an earlier search for the same variable entered
 * (`incremental: true`; the union of `found` over a variable's searches is still
 * `phiDefNodes`), and a walk stops at a node an earlier walk passed (`memo: true`; the rest of
 * the way is that walk's, and `found` its answer).
 */
import type { Node, Val, Var } from "../spec/ids.js";

export type TraceEvent =
  /** functional: one search of phiDefNodes_aux from a use of `variable` at `from`, and the phi nodes it found; `visited`: every node it entered, once, in the order first entered. */
  | { kind: "phiDefNodes_aux"; def: "phiDefNodes_aux"; variable: Var; from: Node; visited: Node[]; found: Node[]; incremental?: true }
  /** functional: one walk of lookupDef from `at` up the predecessors to the definition it returns (a node defining `variable`, or a phi node); `path` starts at `at`, each next node the only predecessor of the one before. */
  | { kind: "lookupDef"; def: "lookupDef"; variable: Var; at: Node; path: Node[]; found: Node; phi: boolean; memo?: true }
  /** substAll: one step removing the trivial phi `phi` (at `node`), every use of it replaced by `by`. */
  | { kind: "substAll.step"; def: "substAll"; phi: Val; node: Node; by: Val }
  /** Braun et al.: `node` is filled (its statements processed). */
  | { kind: "braun.fill"; def: "Braun.fillBlock"; node: Node }
  /** Braun et al.: `node` is sealed (no more predecessors); its incomplete phis get their operands. */
  | { kind: "braun.seal"; def: "Braun.sealBlock"; node: Node; incomplete: Val[] }
  /** Braun et al.: an operandless (incomplete) phi for `variable` placed at the unsealed `node`. */
  | { kind: "braun.incompletePhi"; def: "Braun.readVariableRecursive"; variable: Var; node: Node; phi: Val }
  /** Braun et al.: a phi for `variable` placed at the sealed `node` with several predecessors (or at Entry, not defining `variable`: an operandless phi, as the functional construction's). */
  | { kind: "braun.phi"; def: "Braun.readVariableRecursive"; variable: Var; node: Node; phi: Val }
  /** Braun et al.: tryRemoveTrivialPhi replaced `phi` by `by`. */
  | { kind: "braun.removeTrivialPhi"; def: "Braun.tryRemoveTrivialPhi"; phi: Val; by: Val }
  /** peel: one strongly connected set of phis examined; redundant when it references one value outside. */
  | { kind: "peel.scc"; def: "redundant_scc"; phis: Val[]; outside: Val[]; redundant: boolean }
  /** Cytron et al.: a phi for `variable` placed at `node` (iterated dominance frontier, pruned by liveness). */
  | { kind: "cytron.phi"; def: "Cytron.placePhi"; variable: Var; node: Node }
  /** Aycock-Horspool: a phi for `variable` at every join `node` (the crude phase). */
  | { kind: "aycock.phi"; def: "AycockHorspool.crude"; variable: Var; node: Node };

/** Receives each event as it happens (Braun et al.'s: when the construction ends, see above). */
export type Tracer = (event: TraceEvent) => void;
