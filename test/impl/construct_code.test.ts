/**
 * The lemmas of Construct_SSA_code (and the Mapping_Exts operations it uses) as properties: the
 * executable Braun-style reader with its sparse phi map computes exactly the specification's
 * `uses'` and `phis'` (impl/construct.ts), on small random definitely-assigned CFGs, with the
 * suite's fixed fast-check seed. Each statement has a negative check, so that it cannot hold
 * vacuously.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lookupDef, SsaVal, usesPrime } from "../../impl/construct.js";
import {
  aux_1,
  aux_2,
  from_sparse,
  init_state,
  lookup_multimap,
  PhisCode,
  phisPrime_aux,
  phisPrime_code,
  readArgs,
  readVariableRecursive,
  sparse_phis,
  usesPrime_phisPrime,
} from "../../impl/construct_code.js";
import { map_keys, map_values, mapping_add, mapping_delete_all, Mapping, mmap, restrict_mapping } from "../../impl/mapping.js";
import { Def } from "../../impl/ssa_val.js";
import { alpha_n } from "../../spec/graph_path.js";
import type { Node, Var } from "../../spec/ids.js";
import type { Cfg } from "../../spec/model.js";
import { vars } from "../../spec/ssa_cfg.js";
import { modelCfg } from "../helpers/random_model.js";

const RUNS = { numRuns: 150 };
const small = modelCfg({ maxNodes: 6, maxVars: 2, maxExtraEdges: 4 });

/**
 * A graph with a sparse phi map that satisfies snd_readVariableRecursive's premises: keys only
 * at nodes with != 1 predecessors, the Entry key (if any) with no arguments; other arguments
 * are arbitrary (readVariableRecursive must keep them).
 */
const withPhis = fc.record({ g: small, pick: fc.array(fc.nat(3), { minLength: 16, maxLength: 16 }) }).map(({ g, pick }) => {
  let phis: sparse_phis = Mapping.empty();
  let i = 0;
  for (const n of alpha_n(g))
    for (const v of vars(g)) {
      const k = pick[i++ % pick.length];
      if (g.predecessors(n).length === 1 || k === 0) continue;
      const args: SsaVal[] = n === g.Entry || k === 1 ? [] : [[v, n, Def.PhiDef]];
      phis = phis.update([n, v], args);
    }
  return { g, phis };
});

const keyOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** A mapping as a canonical list: equal iff the mappings are equal (keys, values, argument order). */
const canon = <K, V>(m: Mapping<K, V>) => m.entries().map(([k, v]) => JSON.stringify([k, v])).sort(keyOrder);
const valSet = (xs: readonly SsaVal[]) => xs.map((x) => x.join()).sort(keyOrder);

function forAllGraphs(f: (g: Cfg) => void, runs = RUNS): void {
  fc.assert(fc.property(small, (g) => f(g)), runs);
}

describe("Construct_SSA_code: the reader", () => {
  it("fst_readVariableRecursive: at a node, the value read is lookupDef g n v, whatever sparse phis are given", () => {
    let joins = 0;
    fc.assert(
      fc.property(withPhis, ({ g, phis }) => {
        for (const n of alpha_n(g))
          for (const v of vars(g)) {
            const [val] = readVariableRecursive(g, v, n, phis);
            expect(val).toEqual(lookupDef(g, n, v));
            if (val[2] === Def.PhiDef) joins++;
          }
      }),
      RUNS,
    );
    expect(joins).toBeGreaterThan(0); // not only simple definitions were read
  });
  it("snd_readVariableRecursive: the phi map after reading v at n is phis'_aux g v {n} phis; readArgs gives phis'_aux over the list and lookupDef of each", () => {
    let grew = 0;
    fc.assert(
      fc.property(withPhis, fc.array(fc.nat(5), { maxLength: 3 }), ({ g, phis }, picks) => {
        const ms = picks.map((k) => (k % g.nodeCount) as Node);
        for (const n of alpha_n(g))
          for (const v of vars(g)) {
            const after = readVariableRecursive(g, v, n, phis)[1];
            expect(canon(after)).toEqual(canon(phisPrime_aux(g, v, [n], phis)));
            if (after.size > phis.size) grew++;
            const [p, args] = readArgs(g, v, n, phis, ms);
            expect(canon(p)).toEqual(canon(phisPrime_aux(g, v, ms, phis)));
            expect(args).toEqual(ms.map((m) => lookupDef(g, m, v)));
          }
      }),
      RUNS,
    );
    expect(grew).toBeGreaterThan(0);
  });
  it("phis'_aux: a mutant that overwrites existing phis (ignoring Mapping.keys phis) is told apart from the reader", () => {
    const mutant = (g: Cfg, v: Var, ns: Node[], phis: sparse_phis) => phisPrime_aux(g, v, ns, phis.entries().reduce((m, [k]) => m.delete(k), phis));
    let differ = 0;
    fc.assert(
      fc.property(withPhis, ({ g, phis }) => {
        for (const n of alpha_n(g))
          for (const v of vars(g)) {
            const after = readVariableRecursive(g, v, n, phis)[1];
            if (JSON.stringify(canon(after)) !== JSON.stringify(canon(mutant(g, v, [n], phis)))) differ++;
          }
      }),
      RUNS,
    );
    expect(differ).toBeGreaterThan(0);
  });
});

describe("Construct_SSA_code: the construction", () => {
  it("fst_uses'_phis', fst_uses'_phis'_in_alpha_n, aux_1, aux_2, init_state, lookup_multimap: the uses built by the fold are uses' g n at every node, keyed by nodes only", () => {
    forAllGraphs((g) => {
      const [u] = usesPrime_phisPrime(g);
      for (const n of alpha_n(g)) expect(valSet(lookup_multimap(u, n))).toEqual(valSet(usesPrime(g, n)));
      for (const n of u.keys()) expect(alpha_n(g)).toContain(n);
      expect(lookup_multimap(u, g.nodeCount as Node)).toEqual([]);
      // one step of the fold by hand: aux_2 of the last node from init_state is aux_1 over its uses, greatest first
      const last = (g.nodeCount - 1) as Node;
      const byHand = [...new Set(g.uses(last))].sort((a, b) => b - a).reduce((s, v) => aux_1(g, last)(v, s), init_state());
      expect(canon(aux_2(g, last)(init_state())[0])).toEqual(canon(byHand[0]));
    });
  });
  it("snd_uses'_phis', phis'_code, from_sparse: the phi map of the fold, rekeyed by from_sparse, is phis'_code g (same phis, same argument order)", () => {
    let phis = 0;
    forAllGraphs((g) => {
      const [, p] = usesPrime_phisPrime(g);
      const spec = phisPrime_code(g);
      expect(canon(p)).toEqual(canon(spec));
      phis += spec.size;
      for (const [[n, val]] of spec.entries()) expect(from_sparse([n, val[0]])).toEqual([n, val]);
    });
    expect(phis).toBeGreaterThan(0);
  });
  it("snd_uses'_phis': the comparison detects a dropped phi and rotated arguments", () => {
    let detected = 0;
    forAllGraphs((g) => {
      const spec = phisPrime_code(g);
      const entries = spec.entries();
      if (entries.length === 0) return;
      const dropped: PhisCode = spec.delete(entries[0][0]);
      expect(canon(dropped)).not.toEqual(canon(usesPrime_phisPrime(g)[1]));
      const e = entries.find(([, args]) => new Set(args.map((a) => a.join())).size > 1);
      if (e) {
        const swapped = spec.update(e[0], [...e[1].slice(1), e[1][0]]); // rotated: differs unless all equal
        expect(canon(swapped)).not.toEqual(canon(usesPrime_phisPrime(g)[1]));
        detected++;
      }
    });
    expect(detected).toBeGreaterThan(0);
  });
});

describe("Mapping_Exts", () => {
  it("map_keys, map_values, mmap, mapping_delete_all, restrict_mapping, mapping_add: lookups follow the lift_definitions", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(6), fc.nat(9)), { maxLength: 8 }), fc.array(fc.tuple(fc.nat(6), fc.nat(9)), { maxLength: 8 }), (a, b) => {
        const m1 = Mapping.of(a);
        const m2 = Mapping.of(b);
        const f1 = new Map(a);
        const f2 = new Map(b);
        for (let k = 0; k <= 7; k++) {
          expect(map_keys((x: number) => x + 10, m1).lookup(k + 10)).toBe(f1.get(k));
          expect(map_values((x: number, v: number) => (v % 2 === 0 ? v + x : undefined), m1).lookup(k)).toBe(f1.has(k) && f1.get(k)! % 2 === 0 ? f1.get(k)! + k : undefined);
          expect(mmap((v: number) => v * 2, m1).lookup(k)).toBe(f1.has(k) ? f1.get(k)! * 2 : undefined);
          expect(mapping_delete_all((x: number) => x % 3 === 0, m1).lookup(k)).toBe(k % 3 === 0 ? undefined : f1.get(k));
          expect(restrict_mapping((x: number) => x * x, [1, 3, 5]).lookup(k)).toBe([1, 3, 5].includes(k) ? k * k : undefined);
          expect(mapping_add(m1, m2).lookup(k)).toBe(f2.has(k) ? f2.get(k) : f1.get(k));
        }
      }),
      { numRuns: 200 },
    );
    expect(() => map_keys(() => 0, Mapping.of([[1, 1], [2, 2]]))).toThrow();
  });
});
