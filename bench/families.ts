/**
 * Scaling families of CFGs, as exchange-format documents, for the benchmarks and the scale tests.
 *
 * - `nIfs(n)`: the paper's scaling test (CC 2016, Section 7): `n` consecutive `if (argc) {}`
 *   with `argc` defined at the entry and used by every condition, so it is live across all of
 *   them. Each join gets a phi for `argc` that is trivial; Braun et al. remove all `n` on the fly.
 * - `chain(n)`: `n` blocks, each the only successor of the previous, with a variable defined at
 *   the entry and used in every block: the deepest possible single-predecessor walk.
 * - `randomCfg(n, seed)`: random CFGs with loops and some irreducible cycles.
 * - `ladder(steps)`: not a CFG but an SSA CFG, the worst case of peeling (Wagner's thesis).
 */
import type { BlockDoc, FunctionDoc } from "../io/format.js";
import { Graph, Rows, SsaCfg } from "../spec/model.js";

export function nIfs(n: number): FunctionDoc {
  const blocks: BlockDoc[] = [{ id: "entry", preds: [], stmts: [{ defs: ["argc"], uses: [] }] }];
  let prev = "entry";
  for (let i = 0; i < n; i++) {
    const cond = `if${i}`;
    const then = `then${i}`;
    blocks.push({ id: cond, preds: [prev], stmts: [{ defs: [], uses: ["argc"] }] });
    blocks.push({ id: then, preds: [cond], stmts: [] });
    const join = `join${i}`;
    blocks.push({ id: join, preds: [then, cond], stmts: [] });
    prev = join;
  }
  blocks.push({ id: "return", preds: [prev], stmts: [{ defs: [], uses: ["argc"] }] });
  return { format: "formal-ssa/1", kind: "cfg", name: `ifs${n}`, entry: "entry", blocks };
}

export function chain(n: number): FunctionDoc {
  const blocks: BlockDoc[] = [{ id: "B0", preds: [], stmts: [{ defs: ["x"], uses: [] }] }];
  for (let i = 1; i < n; i++) blocks.push({ id: `B${i}`, preds: [`B${i - 1}`], stmts: [{ defs: [], uses: ["x"] }] });
  return { format: "formal-ssa/1", kind: "cfg", name: `chain${n}`, entry: "B0", blocks };
}

/** A small deterministic PRNG (mulberry32), so that benchmark inputs are the same on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A random CFG of `n` blocks: a random spanning tree from the entry (each block's first
 * predecessor is an earlier block, mostly a near one, as in real code) plus back and cross edges
 * on about a third of the blocks, so loops and some irreducible cycles; `vars` variables, each
 * defined at the entry, redefined and used at random.
 */
export function randomCfg(n: number, seed: number, vars = 8): FunctionDoc {
  const rnd = prng(seed);
  const names = Array.from({ length: vars }, (_, i) => `v${i}`);
  const blocks: BlockDoc[] = [{ id: "B0", preds: [], stmts: [{ defs: names.slice(), uses: [] }] }];
  for (let i = 1; i < n; i++) {
    const near = Math.max(0, i - 1 - Math.floor(rnd() * Math.min(i, 8)));
    const preds = [`B${near}`];
    if (rnd() < 0.33 && i > 1) preds.push(`B${1 + Math.floor(rnd() * (n - 1))}`);
    const stmts = [];
    const k = Math.floor(rnd() * 3);
    for (let s = 0; s < k; s++) {
      const u = names[Math.floor(rnd() * vars)];
      const d = names[Math.floor(rnd() * vars)];
      stmts.push(rnd() < 0.5 ? { defs: [d], uses: [u] } : { defs: [], uses: [u] });
    }
    blocks.push({ id: `B${i}`, preds, stmts });
  }
  return { format: "formal-ssa/1", kind: "cfg", name: `random${n}`, entry: "B0", blocks };
}

/**
 * The ladder: the worst case of peeling (M. Wagner, "Minimal Static Single Assignment Form",
 * master's thesis, KIT 2016, Section 4.2, Figure 4.3; the generator `create_ladder_graph(steps)`
 * of its Appendix A.3), as an SSA CFG. Its phi graph, with constants `n0`, `n1`:
 * ```
 * final0 = phi(phi0_{steps-1}, final1)      final1 = phi(phi1_{steps-1}, final0)
 * phi0_k = phi(phi0_{k-1}, final0)          phi1_k = phi(phi1_{k-1}, final1)     (k = 0 .. steps-1)
 *                                           with phi0_{-1} = n0, phi1_{-1} = n1
 * final  = phi(final0, final1)              used once
 * ```
 * `2*steps + 3` phis, none redundant: the big SCC has the two outside operands `n0`, `n1`; each
 * peeling level drops only the two bottom phis (the ones with an outside operand) and finds the
 * rest still one SCC with two outside operands, so there are `steps` levels, each re-examining
 * everything left: Theta(steps^2), and nothing is removed.
 *
 * Peeling (and no_redundant_set) look at the phi graph only. As in the thesis, where every phi
 * sits in the start block, the graph around it is minimal but well-formed for the model: node 0
 * (Entry) defines `n0` (value 0) and `n1` (value 1); node 1 has two parallel in-edges from node 0
 * and holds every phi, so each phi's two arguments match its node's two predecessors
 * (`phis_wf`); node 2 follows node 1 and uses `final`. Definitions are disjoint; the phi
 * arguments that are phis of node 1 itself are not definitely assigned (`allUses_def_ass` fails),
 * which neither peeling nor the redundancy checker looks at.
 * Values: `n0` = 0, `n1` = 1, `final0` = 2, `final1` = 3, `final` = 4, `phi0_k` = 5 + 2k,
 * `phi1_k` = 6 + 2k.
 */
export function ladder(steps: number): SsaCfg {
  if (steps < 1) throw new Error("ladder: at least one step");
  const graph = Graph.fromLists(0, [[], [0, 0], [1]]);
  const phi0 = (k: number) => (k < 0 ? 0 : 5 + 2 * k);
  const phi1 = (k: number) => (k < 0 ? 1 : 6 + 2 * k);
  const last = steps - 1;
  const phiDef: number[] = [2, 3, 4];
  const args: number[][] = [
    [phi0(last), 3],
    [phi1(last), 2],
    [2, 3],
  ];
  for (let k = 0; k < steps; k++) {
    phiDef.push(phi0(k), phi1(k));
    args.push([phi0(k - 1), 2], [phi1(k - 1), 3]);
  }
  const phiCount = phiDef.length;
  return new SsaCfg(
    graph,
    5 + 2 * steps,
    Rows.from([[0, 1], [], []]),
    Rows.from([[], [], [4]]),
    Int32Array.from([0, 0, phiCount, phiCount]),
    Int32Array.from(phiDef),
    Rows.from(args),
  );
}
