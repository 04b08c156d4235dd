/**
 * Scaling families of CFGs, as exchange-format documents, for the benchmarks and the scale tests.
 *
 * - `nIfs(n)`: the paper's scaling test (CC 2016, Section 7): `n` consecutive `if (argc) {}`
 *   with `argc` defined at the entry and used by every condition, so it is live across all of
 *   them. Each join gets a phi for `argc` that is trivial; Braun et al. remove all `n` on the fly.
 * - `chain(n)`: `n` blocks, each the only successor of the previous, with a variable defined at
 *   the entry and used in every block: the deepest possible single-predecessor walk.
 */
import type { BlockDoc, FunctionDoc } from "../io/format.js";

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
