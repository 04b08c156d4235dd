/**
 * Checkers for the graph and the original CFG: locales `graph_Entry` and `CFG_wf`
 * (AFP Graph_path, SSA_CFG). Each is exact and runs in (near-)linear time.
 *
 * @theory Graph_path SSA_CFG
 */
import { reachForward } from "../graph/dfs.js";
import type { Node, Var } from "../spec/ids.js";
import type { Cfg, Graph, Rows } from "../spec/model.js";
import { Failures, Verdict } from "./verdict.js";
import { shortestPath } from "./context.js";

/** `Entry_unreachable: inEdges g (Entry g) = []`. Witness: the predecessors of Entry. */
export function Entry_unreachable(g: Graph): Verdict {
  const f = new Failures("Entry_unreachable");
  if (g.preds.count(g.Entry) > 0) f.add({ kind: "entryPreds", preds: g.preds.row(g.Entry) });
  return f.verdict();
}

/** `Entry_reaches: n in set (alpha_n g) ==> EX ns. g |- Entry g-ns->n`. Witness: every unreachable node. O(N + E). */
export function Entry_reaches(g: Graph): Verdict {
  const f = new Failures("Entry_reaches");
  const r = reachForward(g, [g.Entry]);
  const missing: Node[] = [];
  for (let n = 0; n < g.nodeCount; n++) if (!r[n]) missing.push(n as Node);
  if (missing.length > 0) f.add({ kind: "unreachable", nodes: missing });
  return f.verdict();
}

/** `defs_uses_disjoint: n in set (alpha_n g) ==> defs g n Int uses g n = {}`, for the original or the SSA CFG. */
export function defs_uses_disjoint(p: { defRows: Rows<number>; useRows: Rows<number>; nodeCount: number }): Verdict {
  const f = new Failures("defs_uses_disjoint");
  for (let n = 0; n < p.nodeCount; n++) {
    const both: number[] = [];
    for (let k = p.defRows.start[n]; k < p.defRows.start[n + 1]; k++) if (p.useRows.has(n, p.defRows.list[k])) both.push(p.defRows.list[k]);
    if (both.length > 0) f.add({ kind: "node", node: n as Node, vals: both as never[], want: "defs and uses disjoint" });
  }
  return f.verdict();
}

/**
 * `def_ass_uses: ALL m in set (alpha_n g). ALL v in uses g m. defAss' g m v`.
 * Per variable `v`: a use at `m` is definitely assigned iff no path from Entry to `m` avoids
 * every definition of `v` (both ends included). A backward search from the uses of `v` through
 * nodes not defining it finds whether Entry is such a start; only then does a forward search
 * from Entry name each use it reaches, with its path. Cost: the variables' def-free regions.
 */
export function def_ass_uses(g: Cfg): Verdict {
  const f = new Failures("def_ass_uses");
  const N = g.nodeCount;
  const V = g.varCount;
  // the nodes using each variable, ascending, as rows (one array per variable showed in profiles)
  const { start: us, list: ul } = g.useRows;
  const userStart = new Int32Array(V + 1);
  for (let k = 0; k < us[N]; k++) userStart[ul[k] + 1]++;
  for (let v = 0; v < V; v++) userStart[v + 1] += userStart[v];
  const users = new Int32Array(userStart[V]);
  const fill = userStart.slice(0, V);
  for (let n = 0; n < N; n++) for (let k = us[n]; k < us[n + 1]; k++) users[fill[ul[k]]++] = n;
  const stamp = new Int32Array(N).fill(-1);
  const queue = new Int32Array(N);
  const preds = g.graph.preds;
  for (let v = 0; v < V; v++) {
    const u0 = userStart[v];
    const u1 = userStart[v + 1];
    if (u0 === u1) continue;
    const defines = (n: number) => g.defRows.has(n, v);
    let head = 0;
    let tail = 0;
    for (let j = u0; j < u1; j++) {
      const u = users[j];
      if (stamp[u] !== v && !defines(u)) {
        stamp[u] = v;
        queue[tail++] = u;
      }
    }
    let entryReached = false;
    while (head < tail && !entryReached) {
      const x = queue[head++];
      if (x === g.Entry) entryReached = true;
      for (let k = preds.start[x]; k < preds.start[x + 1]; k++) {
        const m = preds.list[k];
        if (stamp[m] !== v && !defines(m)) {
          stamp[m] = v;
          queue[tail++] = m;
        }
      }
    }
    if (!entryReached) continue;
    const reached = reachForward(g.graph, [g.Entry], defBlock(N, g, v));
    for (let j = u0; j < u1; j++) {
      const m = users[j];
      if (!reached[m] || defines(m)) continue;
      f.add(() => ({
        kind: "path",
        path: shortestPath(g.graph, g.Entry, m, (n) => defines(n))!,
        var: v as Var,
        use: m as Node,
        want: "a definition on every path from the entry",
        have: "none on this path",
      }));
    }
  }
  return f.verdict();
}

function defBlock(N: number, g: Cfg, v: number): Uint8Array {
  const b = new Uint8Array(N);
  for (let n = 0; n < N; n++) if (g.defRows.has(n, v)) b[n] = 1;
  return b;
}
