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
