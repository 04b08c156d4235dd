/**
 * The lemmas of Construct_SSA, Construct_SSA_notriv (with the code theory's one-step functions),
 * SSA_Semantics and Minimal_SSA's Irreducible as properties: each test states Isabelle lemmas
 * (named in its title) and decides them with the literal definitions on small random
 * definitely-assigned CFGs, their construction, and every state of the removal loop.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkSsa } from "../../checks/index.js";
import { construct, defsPrime, lookupDef, lookupDefNode, phiDefNodes, phisPrime as phisPrimeConstruct, usesPrime as usesPrimeConstruct, var_ } from "../../impl/construct.js";
import {
  CFG_SSA_step,
  CFG_SSA_Transformed_notriv,
  CFG_SSA_Transformed_notriv_linorder_code,
  chooseNext,
  chooseNext_all,
  chooseNext_all_code,
  chooseNextPrime,
  cond,
  cond_code,
  initialState,
  instPrime,
  phisPrime,
  phisPrime_code,
  State,
  step,
  step_code,
  substAll,
  substitution,
  substitution_code,
  substNext,
  substNext_code,
  usesPrime,
  usesPrime_code,
  viewTransformed,
} from "../../impl/notriv.js";
import { substAllFast } from "../../impl/notriv_fast.js";
import { Def } from "../../impl/ssa_val.js";
import { alpha_n, paths, predecessors } from "../../spec/graph_path.js";
import type { Val } from "../../spec/ids.js";
import {
  condensation_edges,
  condensation_nodes,
  phiSubsets,
  reachable,
  redundant_scc,
  redundant_set,
  someRedundantSet,
  trueArgs,
} from "../../spec/irreducible.js";
import { cytronMinimal, unnecessaryPhi } from "../../spec/minimality.js";
import { Cfg, Transformed } from "../../spec/model.js";
import {
  allDefs,
  allDefs_disjoint,
  allDefs_var_disjoint,
  allUses,
  allUses_def_ass,
  allVars,
  CFG_SSA,
  CFG_SSA_Transformed_base,
  CFG_SSA_wf,
  conventional,
  defNode,
  defs_uses_disjoint,
  Entry_no_phis,
  isTrivialPhi,
  liveVal,
  oldUses_def,
  phi,
  phiArg,
  phis_same_var,
  phis_wf,
  pruned,
  redundant,
  simpleDefs_phiDefs_disjoint,
  strict_def_dom,
  trivial,
  vars,
} from "../../spec/ssa_cfg.js";
import { sem, ssaSem } from "../../spec/ssa_semantics.js";
import { modelCfg } from "../helpers/random_model.js";

const RUNS = { numRuns: 100 };
const small = modelCfg({ maxNodes: 5, maxVars: 2, maxExtraEdges: 3 });

function forAllGraphs(f: (g: Cfg) => void, runs = RUNS): void {
  fc.assert(
    fc.property(small, (g) => {
      f(g);
    }),
    runs,
  );
}

/** Every step of the removal loop from the construction: (t, state before, state after). */
function forAllSteps(f: (t: Transformed, before: CFG_SSA_Transformed_base, after: CFG_SSA_Transformed_base, s: State, s2: State) => void): void {
  forAllGraphs((g) => {
    const t = construct(g).transformed;
    let s = initialState(t.ssa);
    while (cond(t.ssa, s)) {
      const s2 = step(t.ssa, s);
      f(t, viewTransformed(t, s), viewTransformed(t, s2), s, s2);
      s = s2;
    }
  }, { numRuns: 200 });
}

describe("Construct_SSA", () => {
  it("phiDefNodesI, phiDefNodesE, phiDefNode_is_join_node: n in phiDefNodes g v iff n has != 1 predecessors and a definition-free path leads from n to a use of v", () => {
    forAllGraphs((g) => {
      for (const v of vars(g))
        for (const n of alpha_n(g)) {
          const want =
            g.predecessors(n).length !== 1 &&
            alpha_n(g).some((m) => g.uses(m).includes(v) && [...paths(g, n, m, g.nodeCount)].some((ns) => ns.every((x) => !g.defs(x).includes(v))));
          expect(phiDefNodes(g, v).has(n)).toBe(want);
        }
    });
  });
  it("lookupDef_cases, lookupDef_fst, lookupDef_path: lookupDef is the node's own definition, its join, or its one predecessor's, with a definition-free path from lookupDefNode", () => {
    forAllGraphs((g) => {
      for (const n of alpha_n(g))
        for (const v of vars(g)) {
          const r = lookupDef(g, n, v);
          expect(var_(r)).toBe(v);
          if (g.defs(n).includes(v)) expect(r).toEqual([v, n, Def.SimpleDef]);
          else if (g.predecessors(n).length !== 1) expect(r).toEqual([v, n, Def.PhiDef]);
          else expect(r).toEqual(lookupDef(g, g.predecessors(n)[0], v));
          const d = lookupDefNode(g, n, v);
          expect([...paths(g, d, n, g.nodeCount)].some((ns) => ns.slice(1).every((x) => !g.defs(x).includes(v)))).toBe(true);
        }
    });
  });
  it("allUse_lookupDef, PhiDef_defNode_eq: every SSA use at m is lookupDef g m of its variable; the phi (v,n,PhiDef) is defined at n", () => {
    forAllGraphs((g) => {
      const c = construct(g);
      const t = c.transformed;
      for (const m of alpha_n(g)) for (const v of allUses(t, m)) expect(c.vals.find(...lookupDef(g, m, t.var(v)))).toBe(v);
      for (const v of vars(g)) for (const n of phiDefNodes(g, v)) expect(defNode(t, c.vals.find(v, n, Def.PhiDef))).toBe(n);
    });
  });
  it("oldDefs_correct, oldUses_correct, phis'_fst, defs'_uses'_disjoint, phis'_wf: defs' and uses' rename exactly the original's variables; a phi's arguments are its variable's, one per predecessor", () => {
    forAllGraphs((g) => {
      for (const n of alpha_n(g)) {
        expect(new Set(defsPrime(g, n).map(var_))).toEqual(new Set(g.defs(n)));
        expect(new Set(usesPrimeConstruct(g, n).map(var_))).toEqual(new Set(g.uses(n)));
        const ds = defsPrime(g, n).map((x) => x.join());
        expect(usesPrimeConstruct(g, n).some((u) => ds.includes(u.join()))).toBe(false);
        for (const v of vars(g)) {
          const args = phisPrimeConstruct(g, n, [v, n, Def.PhiDef]);
          if (args) {
            expect(args.every((a) => var_(a) === v)).toBe(true);
            expect(args.length).toBe(predecessors(g, n).length);
          }
        }
      }
    });
  });
  it("braun_ssa, braun_ssa_CFG_SSA_wf, CFG_Construct.simpleDefs_phiDefs_disjoint, allDefs'_disjoint, CFG_Construct.conventional, CFG_Construct.allDefs_var_disjoint, def_ass_allUses, Empty_no_phis: the construction is CFG_SSA_wf and conventional", () => {
    forAllGraphs((g) => {
      const t = construct(g).transformed;
      expect(CFG_SSA(t) && CFG_SSA_wf(t)).toBe(true);
      expect(simpleDefs_phiDefs_disjoint(t) && allDefs_disjoint(t) && conventional(t) && allDefs_var_disjoint(t)).toBe(true);
      expect(allUses_def_ass(t) && Entry_no_phis(t)).toBe(true);
    });
  });
});

describe("Construct_SSA_notriv: one removal step", () => {
  it("chooseNext_all, chooseNext_all_code, CFG_SSA_Transformed_notriv, CFG_SSA_Transformed_notriv_linorder_code, CFG_SSA_step: every state of the loop satisfies the locales (CFG_SSA_step while a phi is trivial)", () => {
    forAllSteps((_t, g) => {
      expect(chooseNext_all(g) && chooseNext_all_code(g)).toBe(true);
      expect(CFG_SSA_Transformed_notriv(g) && CFG_SSA_Transformed_notriv_linorder_code(g) && CFG_SSA_step(g)).toBe(true);
    });
  });
  it("CFG_SSA_Transformed_notriv.chooseNext', CFG_SSA_Transformed_notriv.chooseNext, isTrivialPhi_det, CFG_SSA_Transformed_notriv.substitution, substitution_in_allVars: the chosen phi is trivial with exactly one other argument, its substitution", () => {
    forAllSteps((_t, g) => {
      const [n, v] = chooseNextPrime(g)!;
      expect(g.phis(n, v)).toBeDefined();
      expect(chooseNext(g)).toBe(v);
      expect(allVars(g).has(v) && trivial(g, v)).toBe(true);
      expect([...allVars(g)].filter((w) => isTrivialPhi(g, v, w))).toEqual([substitution(g)]);
      expect(allVars(g).has(substitution(g))).toBe(true);
    });
  });
  it("trivialPhi_strict_dom, isTrivialPhi_asymmetric: a trivial phi's replacement strictly dominates it, never the other way round", () => {
    forAllSteps((_t, g) => {
      const all = [...allVars(g)];
      for (const v of all)
        for (const w of all)
          if (isTrivialPhi(g, v, w)) {
            expect(strict_def_dom(g, w, v)).toBe(true);
            expect(isTrivialPhi(g, w, v)).toBe(false);
          }
    });
  });
  it("substAll_wf, step_preserves_inst, step_CFG_SSA_Transformed_notriv, defs_uses_disjoint_inv, simpleDefs_phiDefs_disjoint_inv, allDefs_disjoint_inv, phis_wf_inv, allUses_def_ass_inv, Entry_no_phis_inv, oldUses_inv, conventional_inv, phis_same_var_inv, allDefs_var_disjoint_inv: a step removes a phi and keeps every assumption", () => {
    forAllSteps((t, g, h, _s, s2) => {
      expect(h.phiKeys().length).toBeLessThan(g.phiKeys().length);
      expect(instPrime(t)(s2) && CFG_SSA_Transformed_notriv(h)).toBe(true);
      expect(defs_uses_disjoint(h) && simpleDefs_phiDefs_disjoint(h) && allDefs_disjoint(h) && phis_wf(h)).toBe(true);
      expect(allUses_def_ass(h) && Entry_no_phis(h) && oldUses_def(h) && conventional(h) && phis_same_var(h) && allDefs_var_disjoint(h)).toBe(true);
    });
  });
  it("allUses_narrows, allDefs_narrows, chooseNext_eliminated, substNext_var: after a step, uses are substNext of the old ones, defs shrink, the chosen value is gone, substNext keeps var", () => {
    forAllSteps((_t, g, h) => {
      const f = substNext(g);
      const next = chooseNext(g)!;
      for (const n of alpha_n(g)) {
        const narrowed = new Set(allUses(g, n).map(f));
        for (const u of allUses(h, n)) expect(narrowed.has(u)).toBe(true);
        for (const d of allDefs(h, n)) expect(allDefs(g, n)).toContain(d);
      }
      expect(allDefs(h, defNode(g, next)!)).not.toContain(next);
      for (const v of allVars(g)) expect(g.var(f(v))).toBe(g.var(v));
    });
  });
  it("step_defNode, step_phi, liveVal_inv, pruned_inv: other values keep their defNode, their phi becomes map substNext, liveness and prunedness stay", () => {
    forAllSteps((_t, g, h) => {
      const next = chooseNext(g)!;
      const f = substNext(g);
      for (const v of allVars(g)) {
        if (v === next) continue;
        expect(defNode(h, v)).toBe(defNode(g, v));
        expect(phi(h, v)).toEqual(phi(g, v)?.map(f));
        if (liveVal(g, v)) expect(liveVal(h, v)).toBe(true);
      }
      if (pruned(g)) expect(pruned(h)).toBe(true);
    });
  });
  it("substitution_code_correct, substNext_code_correct, uses'_code_correct, phis'_code_correct, step_code, cond_code: the code theory's step equals the specification's", () => {
    forAllSteps((t, g, _h, s) => {
      const next = chooseNextPrime(g)!;
      expect(substitution_code(g, next)).toBe(substitution(g));
      for (const v of allVars(g)) expect(substNext_code(g, next)(v)).toBe(substNext(g)(v));
      for (const n of alpha_n(g)) expect(usesPrime_code(g, next, n)).toEqual(usesPrime(g, n));
      const p = phisPrime_code(g, next);
      for (const [n, v] of g.phiKeys()) expect(p.find((x) => x.n === n && x.v === v)?.args).toEqual(phisPrime(g, n, v));
      expect(step_code(t.ssa, s)).toEqual(step(t.ssa, s));
      expect(cond_code(t.ssa, s)).toBe(cond(t.ssa, s));
    });
  });
});

describe("Construct_SSA_notriv: the loop", () => {
  it("CFG_SSA_Transformed_notriv.substAll, notriv, not_redundant, substAll_terminates, inst: the loop stops within phiCount steps at a valid translation (inst) without trivial phis", () => {
    forAllGraphs((g) => {
      const t = construct(g).transformed;
      let s = initialState(t.ssa);
      let steps = 0;
      while (cond(t.ssa, s)) {
        s = step(t.ssa, s);
        steps++;
      }
      expect(steps).toBeLessThanOrEqual(t.ssa.phiCount);
      expect(instPrime(t)(s) && !redundant(viewTransformed(t, s))).toBe(true);
      const out = substAll(t.ssa);
      expect(out.phiKeys()).toEqual([...s.phis].sort((a, b) => a.n - b.n || a.v - b.v).map((p) => [p.n, p.v]));
    });
  });
  it("inst': a state whose phi lost an argument is not an instance", () => {
    forAllGraphs((g) => {
      const t = construct(g).transformed;
      const s = initialState(t.ssa);
      const i = s.phis.findIndex((p) => p.args.length > 0);
      if (i < 0) return;
      const broken: State = { uses: s.uses, phis: s.phis.map((p, k) => (k === i ? { ...p, args: p.args.slice(1) } : p)) };
      expect(instPrime(t)(broken)).toBe(false);
    });
  });
  it("substAll_efficient_code: substAll g = the result of substAll_efficient (substAllFast)", () => {
    forAllGraphs((g) => {
      const c = construct(g);
      expect(substAllFast(c.ssa)).toEqual(substAll(c.ssa));
    });
  });
});

describe("SSA_CFG_code", () => {
  it("CFG_SSA_code, CFG_SSA_wf_code: checkSsa, deciding CFG_SSA_wf on the code representation, agrees with the literal CFG_SSA_wf on every state of the loop", () => {
    forAllSteps((t, g, _h, s) => {
      const valid = checkSsa(t.ssa).filter((v) => !["pruned", "no_trivial_phis", "no_redundant_set"].includes(v.property));
      expect(valid.every((v) => v.holds)).toBe(CFG_SSA_wf(g) && CFG_SSA_wf(t));
      expect(s.uses.length).toBe(t.nodeCount);
    });
  });
});

describe("SSA_Semantics", () => {
  it("ssaBS_I, equiv_aux: every Entry path has an SSA execution; a use reached from the path's end without redefinition reads the same definition", () => {
    forAllGraphs((g) => {
      const t = new Transformed(g, substAllFast(construct(g).ssa), construct(g).transformed.varOf);
      for (const last of alpha_n(g))
        for (const ns of paths(g, g.Entry, last, g.nodeCount + 1)) {
          const ss = ssaSem(t, ns);
          expect(ss.length).toBeGreaterThan(0);
          const s = sem(t, ns)!;
          for (const m of alpha_n(g))
            for (const ms of paths(g, last, m, 3))
              for (const v of allUses(t, m)) {
                const clean = ms.slice(1).every((n) => !allDefs(t, n).some((w) => t.var(w) === t.var(v)));
                if (clean) for (const s2 of ss) expect(s.get(t.var(v))).toBe(s2.get(v));
              }
        }
    }, { numRuns: 60 });
  });
});

describe("Minimal_SSA: Irreducible", () => {
  /** Valid translations with few phis (subsets of phis are enumerated). */
  function forAllSmallPhiSets(f: (t: Transformed, sets: Val[][]) => void): void {
    forAllGraphs((g) => {
      const t = construct(g).transformed;
      if (t.phiKeys().length > 6) return;
      f(t, [...phiSubsets(t)]);
    }, { numRuns: 150 });
  }
  it("condensation_nodes, condensation_edges, condensation_acyclic, Ex_condensation_leaf, scc_in_P: the SCCs of induced_phi_graph partition P into an acyclic graph with a leaf", () => {
    forAllSmallPhiSets((t, sets) => {
      for (const P of sets) {
        const nodes = condensation_nodes(t, P);
        const edges = condensation_edges(t, P);
        expect(nodes.flat().sort()).toEqual([...P].sort());
        for (const s of nodes) for (const x of s) expect(P).toContain(x);
        expect(nodes.some((s) => !edges.some(([a]) => a[0] === s[0]))).toBe(true);
        // acyclic: repeatedly removing leaves empties the graph
        let rest = nodes.map((s) => s[0]);
        for (let changed = true; changed; ) {
          const leaves = rest.filter((x) => !edges.some(([a, b]) => a[0] === x && rest.includes(b[0])));
          changed = leaves.length > 0;
          rest = rest.filter((x) => !leaves.includes(x));
        }
        expect(rest).toEqual([]);
      }
    });
  });
  it("Lemma 1, redundant_scc_phis: every redundant set contains a redundant SCC of its phi graph, whose members are phis", () => {
    forAllSmallPhiSets((t, sets) => {
      for (const P of sets) {
        if (!redundant_set(t, P)) continue;
        const sccs = condensation_nodes(t, P);
        expect(sccs.some((s) => redundant_scc(t, P, s))).toBe(true);
        for (const s of sccs) for (const x of s) expect(phi(t, x)).toBeDefined();
      }
    });
  });
  it("reachable, trueArgs, reachable_props, reachable_same_var, phiArg_trancl_same_var, few_preds_redundant: unnecessary phis reachable from phi keep its variable; with fewer than 2 true arguments they form a redundant set", () => {
    forAllGraphs((g) => {
      const t = construct(g).transformed;
      for (const [, p] of t.phiKeys()) {
        const R = reachable(t, p);
        for (const q of R) expect(unnecessaryPhi(t, q) && t.var(q) === t.var(p)).toBe(true);
        for (const q of R) if (q !== p) expect(R.some((r) => phiArg(t, r, q))).toBe(true);
        for (const a of trueArgs(t, p)) expect(t.var(a)).toBe(t.var(p));
        if (unnecessaryPhi(t, p) && trueArgs(t, p).length < 2) expect(redundant_set(t, R)).toBe(true);
      }
    });
  });
  it("phi_node_no_defs: an unnecessary phi does not stand at a node defining its variable", () => {
    forAllGraphs((g) => {
      const t = construct(g).transformed;
      for (const [n, p] of t.phiKeys()) if (unnecessaryPhi(t, p)) expect(t.oldDefs(n)).not.toContain(t.var(p));
    });
  });
  it("no_redundant_SCC_minimal, no_redundant_set_not_redundant: without a redundant set the translation is cytronMinimal and has no trivial phi", () => {
    forAllSmallPhiSets((t) => {
      for (const u of [t, new Transformed(t.old, substAllFast(t.ssa), t.varOf)]) {
        if (someRedundantSet(u) !== undefined) continue;
        expect(cytronMinimal(u) && !redundant(u)).toBe(true);
      }
    });
  });
});

