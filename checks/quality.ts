/**
 * Quality properties: `pruned` (SSA_CFG), `no_trivial_phis` (= not `redundant`, SSA_CFG),
 * `cytronMinimal` (Minimality), `no_redundant_set` (Minimal_SSA, Irreducible).
 *
 * A phi is identified with its value, and `phi g v` is the phi at `defNode g v`, as in Isabelle.
 *
 * @theory SSA_CFG Minimality
 */
import { DomTree, immediateDominators } from "../graph/dominators.js";
import { dominanceFrontiers } from "../graph/frontier.js";
import { SubsetScc } from "../graph/scc.js";
import type { Node, Val } from "../spec/ids.js";
import { Graph, Rows, Transformed, type SsaCfg } from "../spec/model.js";
import { the_trivial } from "../spec/ssa_cfg_code.js";
import { SsaIndex } from "./context.js";
import { Failures, Verdict, Witness } from "./verdict.js";

/** The phi `phi g v` of each value: the phi at `defNode g v` defining `v`, or -1. */
function phiOfValue(ssa: SsaCfg, idx: SsaIndex): Int32Array {
  const out = new Int32Array(ssa.valCount).fill(-1);
  for (let v = 0; v < ssa.valCount; v++) {
    const n = idx.defNode(v);
    if (n < 0) continue;
    for (let p = ssa.phiStart[n]; p < ssa.phiStart[n + 1]; p++) {
      if (ssa.phiDef[p] === v) {
        out[v] = p;
        break;
      }
    }
  }
  return out;
}

/**
 * `pruned g = (ALL n. ALL val. val in phiDefs g n --> liveVal g val)`, with `liveVal` the least
 * set containing every ordinary use and closed under phi arguments: one backward traversal of
 * the value graph, O(values + phi arguments).
 */
export function pruned(ssa: SsaCfg, idx = new SsaIndex(ssa)): Verdict {
  const f = new Failures("pruned");
  if (ssa.phiCount === 0) return f.verdict(); // no phi to be dead
  const phiOf = phiOfValue(ssa, idx);
  const live = new Uint8Array(ssa.valCount);
  const stack: number[] = [];
  for (const v of ssa.useRows.list) if (!live[v]) stack.push(v), (live[v] = 1); // liveSimple
  while (stack.length > 0) {
    const v = stack.pop()!;
    const p = phiOf[v];
    if (p < 0) continue;
    for (let k = ssa.args.start[p]; k < ssa.args.start[p + 1]; k++) {
      const a = ssa.args.list[k];
      if (!live[a]) stack.push(a), (live[a] = 1); // livePhi
    }
  }
  for (let n = 0; n < ssa.nodeCount; n++)
    for (let p = ssa.phiStart[n]; p < ssa.phiStart[n + 1]; p++)
      if (!live[ssa.phiDef[p]]) f.add({ kind: "phi", node: n as Node, val: ssa.phiDef[p] as Val, want: "live (used, directly or through phis, by an ordinary use)", have: "dead" });
  return f.verdict();
}

/**
 * `~ redundant g`, where `redundant g == EX v in allVars g. trivial g v`,
 * `trivial g v == EX v' in allVars g. isTrivialPhi g v v'` and
 * `isTrivialPhi g v v' <-> v' ~= v /\ set (phi g v) in {{v'}, {v, v'}}`. Witness: each trivial
 * phi with its one other argument.
 *
 * The other argument is found as Isabelle's code finds it (`the_trivial`, SSA_CFG_code), and
 * must be in `allVars g`: it always is where `phis_wf` holds (every argument is a use at its
 * predecessor), so `trivial_code` is `trivial` there, but an argument beyond the node's
 * predecessors is used nowhere, and a phi `p = phi(a)` at a node without predecessors (Entry)
 * is not trivial by the definition. Exact on every input.
 */
export function no_trivial_phis(ssa: SsaCfg, idx = new SsaIndex(ssa)): Verdict {
  const f = new Failures("no_trivial_phis");
  if (ssa.phiCount === 0) return f.verdict(); // no phi to be trivial
  const phiOf = phiOfValue(ssa, idx);
  for (let v = 0; v < ssa.valCount; v++) {
    const p = phiOf[v];
    if (p < 0) continue;
    const other = the_trivial(v, ssa.args.list, ssa.args.start[p], ssa.args.start[p + 1]);
    if (other >= 0 && idx.inAllVars(other)) f.add({ kind: "phi", node: idx.phiNode[p] as Node, val: v as Val, other: other as Val, want: "at least two arguments besides itself", have: "trivial" });
  }
  return f.verdict();
}

/**
 * `cytronMinimal g == ALL v in allVars g. phi g v ~= None --> necessaryPhi g (var g v) (defNode g v)`,
 * `necessaryPhi g X z == EX n ns m ms. old.pathsConverge g n ns m ms z /\ X in oldDefs g n /\ X in oldDefs g m`.
 *
 * Decided by dominators: add a new root `r` with an edge to every original definition of `X`
 * (split `z` into an in-half and an out-half, `r` feeding the out-half, when `z` itself defines
 * `X`). Two converging paths from distinct definitions are two paths from `r` to `z`'s in-half
 * that share no node but their ends; by Menger's theorem they exist iff no single node separates
 * `r` from `z`, i.e. iff `r` is the immediate dominator of `z` in that graph. One dominator tree
 * (Lengauer-Tarjan) per variable with phis answers all its phis.
 */
export function cytronMinimal(t: Transformed, idx = new SsaIndex(t.ssa), opts: { paths?: boolean } = {}): Verdict {
  const f = new Failures("cytronMinimal");
  const evidence: Witness[] = [];
  for (const { val, node, necessary } of necessity(t, idx)) {
    if (!necessary) f.add({ kind: "necessary", node, val, necessary: false });
    else if (opts.paths) evidence.push({ kind: "necessary", node, val, necessary: true, paths: convergingPaths(t, t.var(val), node) });
  }
  const v = f.verdict();
  return opts.paths ? { ...v, evidence } : v;
}

/**
 * Two paths witnessing `necessaryPhi g X z`: from two different original definitions of `X` to
 * `z`, of length > 1, sharing no node but `z` (`pathsConverge`). Two augmenting paths of a unit
 * vertex-capacity flow (Ford-Fulkerson on the node-split graph: `u_in -> u_out` of capacity 1,
 * a source feeding the definitions, `z`'s in-half the sink with capacity 2, and, when `z` itself
 * defines `X`, a path allowed to start at `z`'s out-half), then the flow decomposed into paths.
 * O(N + E).
 */
export function convergingPaths(t: Transformed, X: number, z: number): [Node[], Node[]] | undefined {
  const N = t.nodeCount;
  const S = 2 * N;
  const T = 2 * N + 1;
  const to: number[] = [];
  const cap: number[] = [];
  const orig: number[] = [];
  const headOf = new Int32Array(2 * N + 2).fill(-1);
  const nextEdge: number[] = [];
  const add = (a: number, b: number, c: number) => {
    for (const [x, y, k] of [
      [a, b, c],
      [b, a, 0],
    ]) {
      to.push(y);
      cap.push(k);
      orig.push(k);
      nextEdge.push(headOf[x]);
      headOf[x] = to.length - 1;
    }
  };
  const inH = (u: number) => 2 * u;
  const outH = (u: number) => 2 * u + 1;
  for (let u = 0; u < N; u++) {
    if (u !== z) add(inH(u), outH(u), 1);
    if (t.old.defRows.has(u, X)) add(S, u === z ? outH(u) : inH(u), 1);
    for (let k = t.graph.preds.start[u]; k < t.graph.preds.start[u + 1]; k++) add(outH(t.graph.preds.list[k]), inH(u), 1);
  }
  add(inH(z), T, 2);
  for (let round = 0; round < 2; round++) {
    const via = new Int32Array(2 * N + 2).fill(-1);
    const queue = [S];
    via[S] = -2;
    for (let qi = 0; qi < queue.length && via[T] === -1; qi++) {
      const x = queue[qi];
      for (let e = headOf[x]; e >= 0; e = nextEdge[e]) {
        if (cap[e] > 0 && via[to[e]] === -1) {
          via[to[e]] = e;
          queue.push(to[e]);
        }
      }
    }
    if (via[T] === -1) return undefined;
    for (let x = T; x !== S; ) {
      const e = via[x];
      cap[e]--;
      cap[e ^ 1]++;
      x = to[e ^ 1];
    }
  }
  // decompose: follow saturated forward edges (odd-indexed edges are reverses) from the source
  const taken = new Int32Array(to.length);
  const walk = (): Node[] => {
    const nodes: Node[] = [];
    let x = S;
    while (x !== T) {
      let e = headOf[x];
      while (e >= 0 && !(e % 2 === 0 && orig[e] - cap[e] - taken[e] > 0)) e = nextEdge[e];
      taken[e]++;
      x = to[e];
      if (x < 2 * N && x % 2 === 1) nodes.push(((x - 1) / 2) as Node); // entering an out-half: the node is passed
      if (x === T) nodes.push(z as Node);
    }
    return nodes;
  };
  return [walk(), walk()];
}

/** For every phi `phi g v`: whether it is necessary (`necessaryPhi'`). */
export function necessity(t: Transformed, idx = new SsaIndex(t.ssa), opts: { frontiers?: boolean } = {}): { val: Val; node: Node; necessary: boolean }[] {
  const ssa = t.ssa;
  const phiOf = phiOfValue(ssa, idx);
  const byVar = new Map<number, number[]>();
  for (let v = 0; v < ssa.valCount; v++) {
    if (phiOf[v] < 0) continue;
    const X = t.var(v as Val);
    let list = byVar.get(X);
    if (!list) byVar.set(X, (list = []));
    list.push(v);
  }
  const out: { val: Val; node: Node; necessary: boolean }[] = [];
  if (byVar.size === 0) return out;
  const joins = new JoinSets(t.graph, () => idx.dom, opts.frontiers ?? true);
  // the original definitions of the variables with phis, in one pass over the rows (ascending nodes)
  const defsOf = new Map<number, number[]>();
  for (const X of byVar.keys()) defsOf.set(X, []);
  const { start, list } = t.old.defRows;
  for (let n = 0; n < t.nodeCount; n++)
    for (let k = start[n]; k < start[n + 1]; k++) {
      const defs = defsOf.get(list[k]);
      if (defs !== undefined && defs[defs.length - 1] !== n) defs.push(n);
    }
  for (const [X, vals] of byVar) {
    const defs = defsOf.get(X)!;
    const zs = vals.map((v) => idx.defNode(v));
    const necessary = joins.necessaryAt(defs, zs);
    vals.forEach((v, i) => out.push({ val: v as Val, node: zs[i] as Node, necessary: necessary[i] }));
  }
  return out.sort((a, b) => a.node - b.node || a.val - b.val);
}

/**
 * `necessaryPhi g X z` for the definitions `defs` of one variable and several `z`: whether two
 * paths from distinct definitions converge at `z`, i.e. whether `z` is in the join set `J(defs)`.
 *
 * Exact in general by one dominator tree per variable of the graph with a new root before every
 * definition (`augmentedIdom`, see `cytronMinimal`). Most CFGs allow a cheaper exact answer from
 * the one dominator tree of the graph: when Entry has no predecessors, every node is reachable,
 * and the chain of nodes from Entry along which each node has one successor and that successor
 * one predecessor reaches a definition, then `J(defs) = J(defs u {Entry}) = DF+(defs u {Entry})`
 * (Cytron et al. 1991, Lemma 2 and Theorem 1 for a set holding Entry; a path from Entry is
 * forced along the chain to its first definition, and no join lies on the chain, so dropping
 * that prefix leaves converging paths from two definitions). An LLVM function's allocas stand
 * at the head of its entry block, so every promoted variable qualifies. The iterated frontier
 * costs the frontiers it visits instead of a dominator tree of the whole graph per variable.
 */
export class JoinSets {
  private readonly N: number;
  /** Entry, then the forced chain after it (see above); empty when the frontiers do not apply. */
  private readonly chain: number[] = [];
  private df: Rows<Node> | undefined;
  /** Per node, the stamp of the last query that marked it: a definition, queued, in DF+. */
  private readonly mark: Int32Array;
  private readonly queued: Int32Array;
  private readonly inIdf: Int32Array;
  private readonly work: Int32Array;
  private stamp = 0;

  constructor(
    private readonly g: Graph,
    private readonly dom: () => DomTree,
    frontiers: boolean,
  ) {
    this.N = g.nodeCount;
    this.mark = new Int32Array(this.N);
    this.queued = new Int32Array(this.N);
    this.inIdf = new Int32Array(this.N);
    this.work = new Int32Array(this.N);
    if (!frontiers || g.preds.count(g.Entry) > 0 || dom().reachableCount !== this.N) return;
    const succs = g.succs;
    for (let n: number = g.Entry; this.chain.length <= this.N; ) {
      this.chain.push(n);
      if (succs.count(n) !== 1) break;
      const m = succs.at(n, 0);
      if (g.preds.count(m) !== 1) break;
      n = m;
    }
  }

  /** Whether the answer for `defs` comes from the frontiers (a definition on the chain from Entry). */
  usesFrontiers(defs: readonly number[]): boolean {
    return this.chain.some((c) => defs.includes(c));
  }

  necessaryAt(defs: readonly number[], zs: readonly number[]): boolean[] {
    const s = ++this.stamp;
    for (const d of defs) this.mark[d] = s;
    if (this.chain.some((c) => this.mark[c] === s)) return this.byFrontiers(defs, zs);
    const out: boolean[] = [];
    let shared: Int32Array | undefined; // the dominator tree without a split, shared by all z not defining X
    for (const z of zs) {
      if (this.mark[z] === s) out.push(rootDominates(this.g.preds, this.N, defs, z));
      else {
        shared ??= augmentedIdom(this.g.preds, this.N, defs, -1);
        out.push(shared[z] === this.N);
      }
    }
    return out;
  }

  /** `DF+(defs u {Entry})` by the worklist of Cytron et al. (each node queued once), read at `zs`. */
  private byFrontiers(defs: readonly number[], zs: readonly number[]): boolean[] {
    const df = (this.df ??= dominanceFrontiers(this.dom()));
    const s = ++this.stamp;
    let sp = 0;
    for (const d of [...defs, this.g.Entry]) {
      if (this.queued[d] === s) continue;
      this.queued[d] = s;
      this.work[sp++] = d;
    }
    while (sp > 0) {
      const x = this.work[--sp];
      for (let k = df.start[x], e = df.start[x + 1]; k < e; k++) {
        const y = df.list[k];
        if (this.inIdf[y] === s) continue;
        this.inIdf[y] = s;
        if (this.queued[y] !== s) {
          this.queued[y] = s;
          this.work[sp++] = y;
        }
      }
    }
    return zs.map((z) => this.inIdf[z] === s);
  }
}

function rootDominates(preds: Rows<Node>, N: number, defs: readonly number[], z: number): boolean {
  return augmentedIdom(preds, N, defs, z)[N + 1] === N;
}

/**
 * Immediate dominators in the graph plus a root `N` with edges to every node of `defs`. If
 * `split >= 0`, that node's out-edges and the root's edge to it leave from it as usual while its
 * in-edges arrive at a new node `N + 1` instead.
 */
function augmentedIdom(preds: Rows<Node>, N: number, defs: readonly number[], split: number): Int32Array {
  const total = split >= 0 ? N + 2 : N + 1;
  const root = N;
  // predecessor rows (CSR): every node's own, `split`'s moved to N + 1, the root before each definition
  const isDef = new Uint8Array(total);
  for (const d of defs) isDef[d] = 1;
  const at = (x: number) => (x === N + 1 ? split : x === split ? -1 : x); // whose graph preds row x gets
  const pStart = new Int32Array(total + 1);
  for (let x = 0; x < total; x++) {
    const src = at(x);
    pStart[x + 1] = pStart[x] + (src >= 0 && src < N ? preds.count(src) : 0) + (x < N && isDef[x] ? 1 : 0);
  }
  const pList = new Int32Array(pStart[total]);
  const sCount = new Int32Array(total + 1);
  for (let x = 0; x < total; x++) {
    let w = pStart[x];
    const src = at(x);
    if (src >= 0 && src < N) for (let k = preds.start[src]; k < preds.start[src + 1]; k++) (pList[w++] = preds.list[k]), sCount[preds.list[k] + 1]++;
    if (x < N && isDef[x]) (pList[w++] = root), sCount[root + 1]++;
  }
  for (let x = 0; x < total; x++) sCount[x + 1] += sCount[x];
  const sList = new Int32Array(pList.length);
  const fill = sCount.slice(0, total);
  for (let x = 0; x < total; x++) for (let k = pStart[x]; k < pStart[x + 1]; k++) sList[fill[pList[k]]++] = x;
  return immediateDominators(new Rows(sCount, sList), new Rows(pStart, pList), root);
}

/**
 * `~ (EX P. redundant_set g P)`, where a redundant set is a non-empty set of phis referencing at
 * most one value outside itself, that value in `allVars g`. By Lemma 1 of Minimal_SSA every
 * redundant set contains a redundant SCC, and the peeling search of Wagner's thesis (Section
 * 4.1, Fig. 4.2) finds one whenever one exists: in the phi graph restricted to a working set,
 * an SCC with at most one outside argument is redundant; otherwise only its members whose
 * arguments all stay inside it can lie in a redundant SCC within it, so the search continues on
 * them. O(V^2 + VE) in the phi graph at worst (the ladder), linear when phi webs are not nested.
 * Witness: every redundant SCC found, with its outside argument.
 *
 * A phi with an argument outside `allVars g` (one beyond its node's predecessors, where
 * `phis_wf` fails) is in no redundant set: that argument is not a phi of `allVars`, so it lies
 * outside any set holding the phi, and it cannot be the one outside value `v'`, which must be
 * in `allVars`. The search leaves such phis out from the start; the argument above holds in any
 * working set, so the answer is exact on every input.
 */
export function no_redundant_set(ssa: SsaCfg, idx = new SsaIndex(ssa)): Verdict {
  const f = new Failures("no_redundant_set");
  if (ssa.phiCount === 0) return f.verdict(); // no phi, no set of them
  const phiOf = phiOfValue(ssa, idx);
  // vertices: the phis phi g v; edges from a phi to the phis among its arguments
  const phis: number[] = [];
  const vertexOfPhi = new Int32Array(ssa.phiCount).fill(-1);
  for (let v = 0; v < ssa.valCount; v++) if (phiOf[v] >= 0) vertexOfPhi[phiOf[v]] = phis.push(phiOf[v]) - 1;
  const P = phis.length;
  const argVertex = (a: number) => (phiOf[a] >= 0 ? vertexOfPhi[phiOf[a]] : -1);
  const adj = Rows.from(phis.map((p) => ssa.args.row(p).map(argVertex).filter((x) => x >= 0)));
  const scc = new SubsetScc(adj);
  const inC = new Uint8Array(P);
  const start: number[] = [];
  for (let u = 0; u < P; u++) {
    let ok = true;
    for (let k = ssa.args.start[phis[u]]; ok && k < ssa.args.start[phis[u] + 1]; k++) ok = idx.inAllVars(ssa.args.list[k]);
    if (ok) start.push(u);
  }
  const work: number[][] = [start];
  while (work.length > 0) {
    for (const members of scc.run(work.pop()!)) {
      for (const u of members) inC[u] = 1;
      let outside = -1;
      let outsideCount = 0;
      const inner: number[] = [];
      for (const u of members) {
        let allInside = true;
        for (let k = ssa.args.start[phis[u]]; k < ssa.args.start[phis[u] + 1]; k++) {
          const a = ssa.args.list[k];
          const x = argVertex(a);
          if (x >= 0 && inC[x]) continue;
          allInside = false;
          if (outsideCount === 0) (outside = a), (outsideCount = 1);
          else if (outsideCount === 1 && a !== outside) outsideCount = 2;
        }
        if (allInside) inner.push(u);
      }
      for (const u of members) inC[u] = 0;
      if (outsideCount <= 1) {
        f.add({ kind: "redundantSet", set: members.map((u) => ssa.phiDef[phis[u]] as Val), outside: outsideCount === 1 ? (outside as Val) : null });
      } else if (inner.length > 0) work.push(inner);
    }
  }
  return f.verdict();
}
