/**
 * Mutants of a correct SSA CFG, the mistakes SSA constructors make: swapped phi arguments, a
 * dropped phi whose uses are rerouted, an added phi, a use pointed at another value of the same
 * variable, predecessors reordered without reordering arguments, a value defined twice.
 */
import fc from "fast-check";
import type { Node, Val } from "../../spec/ids.js";
import { Rows, SsaCfg, Transformed } from "../../spec/model.js";

export const MUTATIONS = ["swapArgs", "dropPhi", "addPhi", "retargetUse", "reorderPreds", "defineTwice"] as const;
export type Mutation = (typeof MUTATIONS)[number];

interface Plain {
  defs: number[][];
  uses: number[][];
  phis: { n: number; v: number; args: number[] }[];
  valCount: number;
  varOf: number[];
}

function toPlain(t: Transformed): Plain {
  const s = t.ssa;
  return {
    defs: s.defRows.toArrays(),
    uses: s.useRows.toArrays(),
    phis: s.phiKeys().map(([n, v]) => ({ n, v, args: s.phis(n, v)! })),
    valCount: s.valCount,
    varOf: Array.from(t.varOf),
  };
}

function fromPlain(t: Transformed, p: Plain): Transformed {
  const N = t.nodeCount;
  const phis = [...p.phis].sort((a, b) => a.n - b.n);
  const phiStart = new Int32Array(N + 1);
  for (const ph of phis) phiStart[ph.n + 1]++;
  for (let n = 0; n < N; n++) phiStart[n + 1] += phiStart[n];
  const ssa = new SsaCfg(
    t.graph,
    p.valCount,
    Rows.from<Val>(p.defs.map((r) => [...new Set(r)])),
    Rows.from<Val>(p.uses.map((r) => [...new Set(r)])),
    phiStart,
    Int32Array.from(phis.map((ph) => ph.v)),
    Rows.from<Val>(phis.map((ph) => ph.args)),
  );
  return new Transformed(t.old, ssa, Int32Array.from(p.varOf));
}

/** Applies mutation `m` with choices from `r` (numbers in [0, 1)); undefined if it does not apply. */
export function mutate(t: Transformed, m: Mutation, r: number[]): Transformed | undefined {
  const p = toPlain(t);
  const pick = <T>(xs: readonly T[], k: number): T => xs[Math.floor(r[k % r.length] * xs.length) % xs.length];
  const sameVar = (v: number) => [...Array(p.valCount).keys()].filter((w) => p.varOf[w] === p.varOf[v] && w !== v);
  switch (m) {
    case "swapArgs": {
      const cands = p.phis.filter((ph) => ph.args.length >= 2 && new Set(ph.args).size >= 2);
      if (cands.length === 0) return undefined;
      const ph = pick(cands, 0);
      const i = Math.floor(r[1] * ph.args.length);
      let j = Math.floor(r[2] * ph.args.length);
      if (ph.args[i] === ph.args[j]) j = ph.args.findIndex((a) => a !== ph.args[i]);
      [ph.args[i], ph.args[j]] = [ph.args[j], ph.args[i]];
      break;
    }
    case "dropPhi": {
      if (p.phis.length === 0) return undefined;
      const ph = pick(p.phis, 0);
      const to = pick(ph.args.filter((a) => a !== ph.v).length ? ph.args.filter((a) => a !== ph.v) : [ph.v], 1);
      p.phis = p.phis.filter((x) => x !== ph);
      const sub = (a: number) => (a === ph.v ? to : a);
      p.uses = p.uses.map((u) => u.map(sub));
      for (const x of p.phis) x.args = x.args.map(sub);
      break;
    }
    case "addPhi": {
      const joins = [...Array(t.nodeCount).keys()].filter((n) => t.graph.preds.count(n) >= 2);
      if (joins.length === 0 || p.valCount === 0) return undefined;
      const n = pick(joins, 0);
      const model = pick([...Array(p.valCount).keys()], 1);
      const vals = [model, ...sameVar(model)];
      const v = p.valCount++;
      p.varOf.push(p.varOf[model]);
      p.phis.push({ n, v, args: t.graph.preds.row(n).map((_, i) => pick(vals, 2 + i)) });
      break;
    }
    case "retargetUse": {
      const sites: [number, number][] = [];
      p.uses.forEach((u, n) => u.forEach((_, k) => sites.push([n, k])));
      p.phis.forEach((ph, q) => ph.args.forEach((_, k) => sites.push([-1 - q, k])));
      const ok = sites.filter(([n, k]) => sameVar(n >= 0 ? p.uses[n][k] : p.phis[-1 - n].args[k]).length > 0);
      if (ok.length === 0) return undefined;
      const [n, k] = pick(ok, 0);
      const cur = n >= 0 ? p.uses[n][k] : p.phis[-1 - n].args[k];
      const to = pick(sameVar(cur), 1);
      if (n >= 0) p.uses[n][k] = to;
      else p.phis[-1 - n].args[k] = to;
      break;
    }
    case "reorderPreds": {
      const nodes = [...new Set(p.phis.filter((ph) => ph.args.length >= 2).map((ph) => ph.n))];
      if (nodes.length === 0) return undefined;
      const n = pick(nodes, 0);
      const shift = 1 + Math.floor(r[1] * (t.graph.preds.count(n) - 1));
      for (const ph of p.phis) if (ph.n === n) ph.args = [...ph.args.slice(shift), ...ph.args.slice(0, shift)];
      break;
    }
    case "defineTwice": {
      const defined = p.defs.flatMap((d, n) => d.map((v) => [n, v] as const));
      if (defined.length === 0) return undefined;
      const [, v] = pick(defined, 0);
      const others = defined.filter(([, w]) => w !== v && p.varOf[w] === p.varOf[v]);
      if (others.length > 0) {
        const [n2, w] = pick(others, 1);
        p.defs[n2] = p.defs[n2].map((x) => (x === w ? v : x));
      } else {
        p.defs[pick([...Array(t.nodeCount).keys()], 1)].push(v);
      }
      break;
    }
  }
  return fromPlain(t, p);
}

/**
 * A mutation and its choices.
 *
 * @bounds one of the six MUTATIONS, eight choices in [0, 1)
 */
export function arbMutation(): fc.Arbitrary<{ m: Mutation; r: number[] }> {
  return fc.record({
    m: fc.constantFrom(...MUTATIONS),
    r: fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 8, maxLength: 8 }),
  });
}

export type { Node };
