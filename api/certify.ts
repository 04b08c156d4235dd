/**
 * Certificates (docs/certificates.md): what `validate` hands over with a certified function so
 * that the independent checker of certificate/ (the entry `formal-ssa/certificate`) can
 * re-verify it in linear time.
 *
 * The evidence is the dominator tree of the function's blocks and a preorder of it in which every
 * block but the entry comes after one of its predecessors: the children of each block are taken in
 * the order in which a depth-first search of the graph first reaches them. Then a block's DFS
 * parent u precedes it: u lies in the subtree of the block's idom, and the sibling subtree holding
 * u is rooted at a dominator of u, which the search reached before u, so before the block.
 */
import { depthFirst } from "../graph/dfs.js";
import { dominatorTree } from "../graph/dominators.js";
import type { LoweredPair } from "../io/lower.js";
import { Graph, Rows } from "../spec/model.js";
import { CERTIFICATE_FORMAT, RECHECKABLE_QUALITY, type Certificate, type FunctionCertificate } from "../certificate/recheck.js";
import type { FunctionPair } from "../adapters/adapter.js";
import type { FunctionDoc } from "../io/format.js";
import type { FunctionReport } from "./report.js";

/** A function `validate` certified that gets no certificate, and why. */
export interface NotCovered {
  name: string;
  reason: string;
}

/** The certificate of a set of functions, with those left out named. */
export type CertificateDocument = Certificate & { not_covered?: NotCovered[] };

/** The dominance evidence of one lowered pair: its blocks' dominator tree and a preorder of it. */
export function certificateOfPair(name: string, pair: Extract<LoweredPair, { ok: true }>): FunctionCertificate {
  const g = pair.transformed.graph;
  const first = pair.orig.layout.blockFirstNode;
  const B = first.length - 1;
  const blockOf = new Int32Array(g.nodeCount);
  for (let b = 0; b < B; b++) for (let n = first[b]; n < first[b + 1]; n++) blockOf[n] = b;
  // the block graph: a block's first node has its predecessors' last nodes as predecessors
  const start = new Int32Array(B + 1);
  for (let b = 0; b < B; b++) start[b + 1] = start[b] + g.preds.count(first[b]);
  const list = new Int32Array(start[B]);
  for (let b = 0; b < B; b++) for (let i = 0; i < g.preds.count(first[b]); i++) list[start[b] + i] = blockOf[g.preds.at(first[b], i)];
  const blocks = new Graph(B, blockOf[g.Entry] as never, new Rows(start, list));
  const dom = dominatorTree(blocks);
  const dfsPre = depthFirst(blocks.succs, blocks.Entry).pre;
  // children by first discovery, then the tree's preorder (iteratively)
  const children: number[][] = Array.from({ length: B }, () => []);
  for (let b = 0; b < B; b++) if (dom.idom[b] >= 0) children[dom.idom[b]].push(b);
  for (const c of children) c.sort((x, y) => dfsPre[x] - dfsPre[y]);
  const order: number[] = [];
  const stack = [blocks.Entry as number];
  while (stack.length > 0) {
    const b = stack.pop()!;
    order.push(b);
    for (let k = children[b].length - 1; k >= 0; k--) stack.push(children[b][k]);
  }
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
 * The exchange-format pair of a producer's function and its certificate, gathered function by
 * function (`--emit DIR` with `--certificate`): the documents as the adapter built them (what
 * validate lowered), named alike, and for a certified function its evidence; under `refine` the
 * certificate states the producer's uninitialised definitions (an empty list: none), which the
 * exchange format cannot say.
 */
export class ProducerPairs {
  readonly original: FunctionDoc[] = [];
  readonly ssa: FunctionDoc[] = [];
  private readonly functions: FunctionCertificate[] = [];
  private readonly notCovered: NotCovered[] = [];
  private readonly names = new Set<string>();
  constructor(
    private readonly require: readonly string[],
    private readonly undef: "strict" | "refine",
    private readonly keepDocuments: boolean,
  ) {}
  add(r: { report: FunctionReport; pair: FunctionPair; decided: { lowered: LoweredPair } }): void {
    // a module pairs its functions by name: overloads (C++'s constructors) get `#2`, `#3`, ...
    const base = r.pair.original.name ?? r.pair.name;
    let name = base;
    // documents written by someone else keep their names (`react --emit`)
    for (let k = 2; this.keepDocuments && this.names.has(name); k++) name = `${base}#${k}`;
    this.names.add(name);
    if (this.keepDocuments) {
      this.original.push({ ...r.pair.original, name });
      this.ssa.push({ ...r.pair.ssa, name });
    }
    const lowered = r.decided.lowered;
    if (r.report.verdict !== "certified" || !lowered.ok) return;
    const why = notCoveredReason(this.require);
    if (why !== undefined) {
      this.notCovered.push({ name, reason: why });
      return;
    }
    const uninitialised = this.undef === "refine" ? { uninitialised: r.pair.uninitialised.map((u) => ({ block: u.block, stmt: u.stmt, variable: u.variable })) } : {};
    this.functions.push({ ...certificateOfPair(name, lowered), ...uninitialised });
  }
  certificate(): CertificateDocument {
    return certificateDocument(this.functions, this.notCovered, this.require, this.undef);
  }
}
