/**
 * The correctness lemmas of Construct_SSA_notriv_code's incremental step as properties: with
 * user indices that agree with the recomputed ones on phi-defined values (`phi_equiv_mapping`),
 * rewriting only the recorded users gives the non-incremental `uses'_code`/`phis'_code`
 * (impl/notriv.ts), and the updated indices and trivial set agree with recomputing them on the
 * new state. Decided on every state of the removal loop from the construction of small random
 * CFGs (the suite's fixed fast-check seed), for every phi as `next` where the lemma allows it;
 * negative checks show the premises matter.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { construct } from "../../impl/construct.js";
import { Mapping } from "../../impl/mapping.js";
import { chooseNextPrime, cond, initialState, phisPrime_code, State, step, step_code, substitution_code, usesPrime_code, view } from "../../impl/notriv.js";
import {
  codeState,
  nodes_of_phisPrime,
  nodes_of_usesPrime,
  NodesOfPhis,
  NodesOfUses,
  phi_equiv_mapping,
  phiNodes_ofM,
  phisPrime_codem,
  step_codem,
  triv_phisPrime,
  useNodes_ofM,
  usesPrime_codem,
  viewCode,
} from "../../impl/notriv_code.js";
import { alpha_n } from "../../spec/graph_path.js";
import type { Val } from "../../spec/ids.js";
import type { SsaCfg } from "../../spec/model.js";
import type { CFG_SSA_base } from "../../spec/ssa_cfg.js";
import { trivial } from "../../spec/ssa_cfg.js";
import { PhiKey, phidefNodes, trivial_phis } from "../../spec/ssa_cfg_code.js";
import { modelCfg } from "../helpers/random_model.js";

const small = modelCfg({ maxNodes: 6, maxVars: 2, maxExtraEdges: 4 });

/** Every state of the removal loop from the construction: the base, its code state and locale view. */
function forAllStates(f: (base: SsaCfg, g: CFG_SSA_base, s: State) => void): void {
  fc.assert(
    fc.property(small, (cfg) => {
      const base = construct(cfg).transformed.ssa;
      let s = initialState(base);
      for (;;) {
        f(base, view(base, s), s);
        if (!cond(base, s)) break;
        s = step(base, s);
      }
    }),
    { numRuns: 150 },
  );
}

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const canon = <K, V>(m: Mapping<K, readonly V[]>, sortValues = false) =>
  m
    .entries()
    .map(([k, v]) => JSON.stringify([k, sortValues ? v.map((x) => JSON.stringify(x)).sort(order) : v]))
    .sort(order);
/** `phis'_code g next` (impl/notriv.ts) as a mapping. */
const phisCodeM = (g: CFG_SSA_base, next: PhiKey) => Mapping.of(phisPrime_code(g, next).map((p) => [[p.n, p.v] as PhiKey, p.args] as const));
/** The indices with junk for values that are not phi-defined: phi_equiv_mapping ignores them. */
function withJunk<T>(g: CFG_SSA_base, m: Mapping<Val, readonly T[]>, junk: T): Mapping<Val, readonly T[]> {
  const phiVals = new Set(phidefNodes(g).keys());
  let out = m;
  for (const v of [-5, ...m.keys()] as Val[]) if (!phiVals.has(v)) out = out.update(v, [junk]);
  return out;
}

describe("Construct_SSA_notriv_code: the incremental step", () => {
  it("phis'_codem_correct, phi_equiv_mapping: with a phi-user index equivalent to phiNodes_of g, phis'_codem g next (substitution_code g next) = phis'_code g next, for every phi next", () => {
    forAllStates((base, g) => {
      const s = codeState(g);
      for (const nop of [phiNodes_ofM(g), withJunk(g, phiNodes_ofM(g), [0, 0] as unknown as PhiKey)]) {
        expect(phi_equiv_mapping(g, nop, phiNodes_ofM(g))).toBe(true);
        for (const next of g.phiKeys()) expect(canon(phisPrime_codem(s, next, substitution_code(g, next), nop))).toEqual(canon(phisCodeM(g, next)));
      }
      expect(viewCode(base, s).phiKeys()).toEqual(g.phiKeys());
    });
  });
  it("uses'_codem_correct: with a use-node index equivalent to useNodes_of g, usesOf (uses'_codem g next (substitution_code g next) nodes_of_uses) = uses'_code g next", () => {
    forAllStates((_base, g) => {
      const s = codeState(g);
      for (const nou of [useNodes_ofM(g), withJunk(g, useNodes_ofM(g), 0 as never)]) {
        expect(phi_equiv_mapping(g, nou, useNodes_ofM(g))).toBe(true);
        for (const next of g.phiKeys()) {
          const u = usesPrime_codem(s, next, substitution_code(g, next), nou);
          for (const n of alpha_n(g)) expect(new Set(u.lookup(n) ?? [])).toEqual(new Set(usesPrime_code(g, next, n)));
        }
      }
    });
  });
  it("phi_equiv_mapping: an index that misses the users of a phi-defined value is not equivalent, and rewriting with it goes wrong", () => {
    let wrong = 0;
    forAllStates((_base, g) => {
      const s = codeState(g);
      const full = phiNodes_ofM(g);
      for (const next of g.phiKeys()) {
        if ((full.lookup(next[1]) ?? []).every((k) => k[1] === next[1])) continue;
        const lacking: NodesOfPhis = full.delete(next[1]);
        expect(phi_equiv_mapping(g, lacking, full)).toBe(false);
        if (JSON.stringify(canon(phisPrime_codem(s, next, substitution_code(g, next), lacking))) !== JSON.stringify(canon(phisCodeM(g, next)))) wrong++;
      }
    });
    expect(wrong).toBeGreaterThan(0);
  });
  it("triv_phis'_correct, nodes_of_phis'_correct, nodes_of_uses'_correct: after removing a trivial phi, the incremental trivial set and user indices equal the recomputed ones (on phi-defined values)", () => {
    let checked = 0;
    forAllStates((base, g) => {
      const s = codeState(g);
      const nop = phiNodes_ofM(g);
      const nou: NodesOfUses = useNodes_ofM(g);
      const phiVals = [...phidefNodes(g).keys()];
      for (const next of g.phiKeys()) {
        if (!trivial(g, next[1])) continue;
        const sub = substitution_code(g, next);
        const p2 = phisPrime_codem(s, next, sub, nop);
        const u2 = usesPrime_codem(s, next, sub, nou);
        const h = viewCode(base, { uses: u2, phis: p2 });
        const key = (k: PhiKey) => k.join();
        expect(triv_phisPrime(p2, next, trivial_phis(g), nop).map(key).sort(order)).toEqual(trivial_phis(h).map(key).sort(order));
        expect(phi_equiv_mapping(g, nodes_of_phisPrime(next, sub, nop), phiNodes_ofM(h))).toBe(true);
        expect(phi_equiv_mapping(g, nodes_of_usesPrime(next, sub, phiVals, nou), useNodes_ofM(h))).toBe(true);
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(0);
  });
  it("triv_phis': a version that does not re-test the users of the removed phi misses newly trivial phis", () => {
    let missed = 0;
    forAllStates((base, g) => {
      const s = codeState(g);
      const nop = phiNodes_ofM(g);
      for (const next of g.phiKeys()) {
        if (!trivial(g, next[1])) continue;
        const p2 = phisPrime_codem(s, next, substitution_code(g, next), nop);
        const lazy = trivial_phis(g).filter((k) => k.join() !== next.join());
        if (trivial_phis(viewCode(base, { uses: s.uses, phis: p2 })).length !== lazy.length) missed++;
      }
    });
    expect(missed).toBeGreaterThan(0);
  });
  it("step_codem: one step with the indices, at chooseNext', gives the state of step_code", () => {
    forAllStates((base, g, st) => {
      const next = chooseNextPrime(g);
      if (next === undefined) return;
      const s = codeState(g);
      const r = step_codem(s, next, substitution_code(g, next), useNodes_ofM(g), phiNodes_ofM(g));
      const want = step_code(base, st);
      for (const n of alpha_n(g)) expect(new Set(r.uses.lookup(n) ?? [])).toEqual(new Set(want.uses[n]));
      expect(canon(r.phis)).toEqual(canon(Mapping.of(want.phis.map((p) => [[p.n, p.v] as PhiKey, p.args] as const))));
    });
  });
});
