/**
 * Mutants of an SSA document in the exchange format: the mistakes SSA constructors make (swapped
 * phi arguments, a dropped phi, a use or a phi argument pointed at another value, a definition
 * renamed to an existing value). `pick` (numbers in [0, 1)) chooses the places, so that a
 * fast-check run shrinks and replays them.
 */
import type { FunctionDoc } from "../io/format.js";

type Doc = FunctionDoc;

/** Mutants of an SSA document: the mistakes SSA constructors make, at the level of the exchange format. */
export function docMutants(ssa: Doc, pick: readonly number[]): Doc[] {
  const out: Doc[] = [];
  const copy = (): Doc => JSON.parse(JSON.stringify(ssa)) as Doc;
  const at = (k: number, n: number) => Math.floor(pick[k % pick.length] * n);
  const values = new Set<string>();
  for (const b of ssa.blocks) {
    for (const p of b.phis ?? []) values.add(p.def);
    for (const s of b.stmts ?? []) s.defs.forEach((d) => values.add(d));
    (b.defs ?? []).forEach((d) => values.add(d));
  }
  const vals = [...values];
  const phiBlocks = ssa.blocks.map((b, i) => [b, i] as const).filter(([b]) => (b.phis ?? []).length > 0);
  if (phiBlocks.length > 0) {
    // swapped phi arguments
    const [, bi] = phiBlocks[at(0, phiBlocks.length)];
    const m = copy();
    const phi = m.blocks[bi].phis![at(1, m.blocks[bi].phis!.length)];
    if (Array.isArray(phi.args) && phi.args.length >= 2) {
      const i = at(2, phi.args.length);
      const j = (i + 1) % phi.args.length;
      [phi.args[i], phi.args[j]] = [phi.args[j], phi.args[i]];
      out.push(m);
    }
    // a dropped phi (its uses left pointing at nothing)
    const d = copy();
    d.blocks[bi].phis!.splice(at(3, d.blocks[bi].phis!.length), 1);
    out.push(d);
  }
  /** A statement's use (or def) at the `site`-th place pointed at the `value`-th value. */
  const retarget = (field: "uses" | "defs", site: number, value: number) => {
    const sites = ssa.blocks.flatMap((b, i) => (b.stmts ?? []).flatMap((s, j) => s[field].map((_, k) => [i, j, k] as const)));
    if (sites.length === 0 || vals.length < 2) return;
    const [i, j, k] = sites[at(site, sites.length)];
    const m = copy();
    m.blocks[i].stmts![j][field][k] = vals[at(value, vals.length)];
    out.push(m);
  };
  // a use pointed at another value
  retarget("uses", 4, 5);
  // a phi argument pointed at another value
  if (phiBlocks.length > 0 && vals.length > 1) {
    const [, bi] = phiBlocks[at(6, phiBlocks.length)];
    const m = copy();
    const phi = m.blocks[bi].phis![0];
    if (Array.isArray(phi.args) && phi.args.length > 0) {
      phi.args[at(7, phi.args.length)] = vals[at(5, vals.length)];
      out.push(m);
    }
  }
  // a definition renamed to an existing value (defined twice)
  retarget("defs", 8, 9);
  return out;
}

