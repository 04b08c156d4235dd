/**
 * Certificates (docs/certificates.md): what `validate` hands over with a certified function so
 * that the independent checker of certificate/ (the entry `formal-ssa/certificate`) can
 * re-verify it in linear time.
 *
 * The evidence is the dominator tree of the function's blocks and a low-high order of it
 * (Georgiadis and Tarjan): a preorder in which every block but the entry has an edge from its
 * immediate dominator, or a predecessor before it and one after it outside its subtree
 * (graph/low_high.ts makes it, in O(E log V)). With it recheck verifies in linear time that the
 * tree is the dominator tree.
 */
import { dominatorTree } from "../graph/dominators.js";
import { lowHighOrder } from "../graph/low_high.js";
import { requireRows } from "../io/columns.js";
import type { LoweredPair } from "../io/lower.js";
import { Graph, Rows } from "../spec/model.js";
import { CERTIFICATE_FORMAT, RECHECKABLE_QUALITY, type Certificate, type FunctionCertificate } from "../certificate/recheck.js";
import type { FunctionPair, StatementPlace } from "../adapters/adapter.js";
import type { FunctionDoc } from "../io/format.js";
import type { FunctionReport } from "./report.js";

/** A function `validate` certified that gets no certificate, and why. */
export interface NotCovered {
  name: string;
  reason: string;
}

/** The certificate of a set of functions, with those left out named. */
export type CertificateDocument = Certificate & { not_covered?: NotCovered[] };

/** The dominance evidence of one lowered pair: its blocks' dominator tree and a low-high order of it. */
export function certificateOfPair(name: string, pair: Extract<LoweredPair, { ok: true }>): FunctionCertificate {
  // the block graph as the document gives it (blocks in model order, preds as block indices)
  const fn = pair.orig.fn;
  requireRows(fn, "a certificate");
  const B = fn.blockCount;
  const blocks = new Graph(B, fn.entry as never, new Rows(fn.predStart, fn.preds));
  const dom = dominatorTree(blocks);
  const order = Array.from(lowHighOrder(blocks.succs, blocks.Entry, dom.idom));
  return { name, dominators: { parent: Array.from(dom.idom), order } };
}

/** Why a certified function gets no certificate, or undefined when it gets one. */
export function notCoveredReason(require: readonly string[]): string | undefined {
  const beyond = require.filter((q) => !(RECHECKABLE_QUALITY as readonly string[]).includes(q));
  if (beyond.length > 0) return `requires ${beyond.join(", ")}, which certificates do not cover (docs/certificates.md)`;
  return undefined;
}

export function certificateDocument(functions: FunctionCertificate[], notCovered: NotCovered[], require: readonly string[], undef: "strict" | "refine"): CertificateDocument {
  const req = require.filter((q) => (RECHECKABLE_QUALITY as readonly string[]).includes(q));
  return {
    format: CERTIFICATE_FORMAT,
    ...(req.length > 0 ? { require: req } : {}),
    ...(undef === "refine" ? { undef } : {}),
    functions,
    ...(notCovered.length > 0 ? { not_covered: notCovered } : {}),
  };
}

/**
 * The certificate of validated functions, gathered as they are validated: a certified function's
 * evidence (under `refine` with the producer's uninitialised definitions, which the exchange
 * format cannot say: an empty list is none), or why it gets none.
 */
export class CertificateCollector {
  private readonly functions: FunctionCertificate[] = [];
  private readonly notCovered: NotCovered[] = [];
  constructor(
    private readonly require: readonly string[],
    private readonly undef: "strict" | "refine",
  ) {}
  add(name: string, report: FunctionReport, lowered: LoweredPair, uninitialised?: readonly StatementPlace[]): void {
    if (report.verdict !== "certified" || !lowered.ok) return;
    const why = notCoveredReason(this.require);
    if (why !== undefined) {
      this.notCovered.push({ name, reason: why });
      return;
    }
    const places = this.undef === "refine" && uninitialised !== undefined ? { uninitialised: uninitialised.map((u) => ({ block: u.block, stmt: u.stmt, variable: u.variable })) } : {};
    this.functions.push({ ...certificateOfPair(name, lowered), ...places });
  }
  certificate(): CertificateDocument {
    return certificateDocument(this.functions, this.notCovered, this.require, this.undef);
  }
}

/**
 * A producer's functions as exchange-format pairs (`--emit DIR`), as validate lowered them, and
 * with `certificate` their certificate. A module pairs its functions by name: overloads (C++'s
 * constructors) get `#2`, `#3`, ...; documents written by someone else keep their names
 * (`react --emit`, `keepDocuments` false).
 */
export class ProducerPairs {
  readonly original: FunctionDoc[] = [];
  readonly ssa: FunctionDoc[] = [];
  private readonly names = new Set<string>();
  constructor(
    private readonly keepDocuments: boolean,
    readonly collector?: CertificateCollector,
  ) {}
  add(r: { report: FunctionReport; pair: FunctionPair; decided: { lowered: LoweredPair } }): void {
    const base = r.pair.original.name ?? r.pair.name;
    let name = base;
    for (let k = 2; this.keepDocuments && this.names.has(name); k++) name = `${base}#${k}`;
    this.names.add(name);
    if (this.keepDocuments) {
      this.original.push({ ...r.pair.original, name });
      this.ssa.push({ ...r.pair.ssa, name });
    }
    this.collector?.add(name, r.report, r.decided.lowered, r.pair.uninitialised);
  }
}
