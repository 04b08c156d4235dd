/**
 * The construction, step by step: the one place that knows where the steps come from. The
 * library's `constructTraced` (api/construct.ts) gives `construct`'s SSA document, every
 * `TraceEvent` of the construction and the minimisation (impl/trace.ts), and the names of the
 * ids those carry (nodes, variables, values); this adapter turns the names into the lookups the
 * steps need.
 */
import { constructTraced as libraryConstructTraced, type Algorithm, type CfgDocument, type Minimize, type PhiDoc, type SsaDocument, type TraceEvent } from "../../api/index.js";

export interface ConstructOptions {
  algorithm: Algorithm;
  minimize: Minimize;
  /** Trace the literal functions of the Isabelle equations (functional, substAll) instead of the efficient refinements. */
  literal?: boolean;
}

/** A node of the model, as the reader sees it: its block (and statement, where it holds one). */
export interface NodePlace {
  block: string;
  stmt?: number;
}

export interface TraceNames {
  node(n: number): NodePlace;
  variable(v: number): string;
  value(v: number): string;
  /** The variable and block of a phi value (named `x.B3.phi`), else undefined. */
  phiPlace(v: number): { variable: string; block: string } | undefined;
}

export interface TracedConstruction {
  ssa: SsaDocument;
  events: TraceEvent[];
  names: TraceNames;
}

/** Value names of phis: `x.B3.phi`, and `x.B3.phi#2` for a second one Braun et al. removed on the fly. */
const PHI_NAME = /^(.*)\.([^.]+)\.phi(?:#\d+)?$/;

export function constructTraced(cfg: CfgDocument, options: ConstructOptions): TracedConstruction {
  const r = libraryConstructTraced(cfg, { algorithm: options.algorithm, minimize: options.minimize, literal: options.literal ?? false });
  const { nodes, variables, values } = r.names;
  const value = (v: number) => values[v] ?? `v${v}`;
  return {
    ssa: r.ssa,
    events: r.events,
    names: {
      node: (n) => nodes[n] ?? { block: `n${n}` },
      variable: (v) => variables[v] ?? `var${v}`,
      value,
      phiPlace: (v) => {
        const m = PHI_NAME.exec(value(v));
        return m === null ? undefined : { variable: m[1], block: m[2] };
      },
    },
  };
}

/** A phi's arguments in `preds` order (the format also allows them keyed by predecessor). */
export function argList(p: PhiDoc, preds: readonly string[]): string[] {
  return Array.isArray(p.args) ? p.args : preds.map((q) => (p.args as Record<string, string>)[q]);
}
