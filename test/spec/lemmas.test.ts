/**
 * The lemmas of Graph_path, SSA_CFG, Minimality, Serial_Rel and SSA_CFG_code as properties: each
 * test states one Isabelle lemma (named first in its title) and decides it with the literal spec
 * definitions on small random valid translations (the verified construction, its substAll
 * result, peeling and Cytron's construction; reducible and irreducible CFGs).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { construct } from "../../impl/construct.js";
import { constructCytron } from "../../impl/cytron.js";
import { substAllFast } from "../../impl/notriv_fast.js";
import { peel } from "../../impl/peel.js";
import {
  alpha,
  alpha_e,
  alpha_n,
  dominates,
  EntryPath,
  getData,
  getFrom,
  getTo,
  graph_Entry,
  graph_Entry_base,
  graph_path,
  idom,
  inEdges,
  isIdom,
  nodes_list_it_correct,
  path2,
  paths,
  pred,
  pred_list_it_correct,
  predecessors,
  shortestPath,
  strict_dom,
  successors,
  valid,
} from "../../spec/graph_path.js";
import type { Node, Val, Var } from "../../spec/ids.js";
import { cytronMinimal, necessaryPhi, pathsConverge, pathsConvergePrime, phiCount, reducible, serial_on, unnecessaryPhi } from "../../spec/minimality.js";
import { Cfg, Graph, Rows, Transformed } from "../../spec/model.js";
import {
  allDefs,
  allUses,
  allVars,
  CFG,
  CFG_SSA,
  CFG_SSA_Transformed,
  CFG_SSA_wf,
  CFG_wf,
  def_ass_uses,
  def_dominates,
  defAss,
  defAssPrimeUses,
  defAssUses,
  defNode,
  isTrivialPhi,
  liveVal,
  liveValPrime,
  old,
  phi,
  phiArg,
  phiDefs,
  phis_in_alpha_n,
  phiUses,
  redundant,
  trivial,
  vars,
} from "../../spec/ssa_cfg.js";
import {
  cache,
  dom_uses_in_graph,
  phidefNodes,
  phiNodes_of,
  redundant_code,
  the_trivial,
  trivial_code,
  trivial_phis,
  Union_of,
  useNodes_of,
  uses_in_alpha_n,
  usesOf,
} from "../../spec/ssa_cfg_code.js";
import { cfg, ssa } from "../helpers/build.js";
import { modelCfg } from "../helpers/random_model.js";
import { irreducible, loop } from "./examples.js";

const RUNS = { numRuns: 120 };
const small = modelCfg({ maxNodes: 5, maxVars: 2, maxExtraEdges: 3 });

/** A valid translation of a small random CFG, by one of four constructions. */
const translations = fc.record({ g: small, how: fc.integer({ min: 0, max: 3 }) }).map(({ g, how }) => {
  const c = construct(g);
  if (how === 0) return c.transformed;
  if (how === 1) return new Transformed(g, substAllFast(c.ssa), c.transformed.varOf);
  if (how === 2) return new Transformed(g, peel(c.ssa), c.transformed.varOf);
  return constructCytron(g).transformed;
});

function forAll(f: (t: Transformed) => void, runs = RUNS): void {
  fc.assert(fc.property(translations, (t) => {
    f(t);
  }), runs);
}
function forAllGraphs(f: (g: Cfg) => void, runs = RUNS): void {
  fc.assert(fc.property(small, (g) => {
    f(g);
  }), runs);
}
/** Every path of at most `bound` nodes, between any two nodes. */
function allPaths(g: graph_Entry_base, bound: number): Node[][] {
  return alpha_n(g).flatMap((n) => alpha_n(g).flatMap((m) => [...paths(g, n, m, bound)]));
}
const hd = <T>(xs: readonly T[]) => xs[0];
const last = <T>(xs: readonly T[]) => xs[xs.length - 1];
const eqSet = <T>(a: Iterable<T>, b: Iterable<T>) => expect(new Set(a)).toEqual(new Set(b));

describe("Graph_path", () => {
  it("graph_path: valid, nodes_list_it_correct and pred_list_it_correct hold on model graphs; valid fails for an edge from a non-node", () => {
    forAllGraphs((g) => {
      expect(valid(g) && nodes_list_it_correct(g) && pred_list_it_correct(g) && graph_path(g)).toBe(true);
    });
    expect(valid(Graph.fromLists(0, [[], [5]]))).toBe(false);
  });
  it("alpha_n_correct, alpha_n_distinct: alpha_n g is distinct and holds both ends of every edge of alpha_e g (getFrom, getTo)", () => {
    forAllGraphs((g) => {
      expect(new Set(alpha_n(g)).size).toBe(g.nodeCount);
      for (const e of alpha_e(g)) expect(alpha_n(g).includes(getFrom(e)) && alpha_n(g).includes(getTo(e))).toBe(true);
      expect(alpha(g)).toEqual({ nodes: alpha_n(g), edges: alpha_e(g) });
    });
  });
  it("inEdges_correct: set (inEdges g n) = the edges of alpha_e g into n; pred (alpha g) n are their (getFrom, getData)", () => {
    forAllGraphs((g) => {
      for (const n of alpha_n(g)) {
        eqSet(inEdges(g, n).map((e) => e.join()), alpha_e(g).filter((e) => getTo(e) === n).map((e) => e.join()));
        eqSet(pred(g, n).map((p) => p.join()), inEdges(g, n).map((e) => [getFrom(e), getData(e)].join()));
      }
    });
  });
  it("predecessor_is_node, successors_predecessors: n in successors g m <-> m in predecessors g n", () => {
    forAllGraphs((g) => {
      for (const n of alpha_n(g)) {
        for (const p of predecessors(g, n)) expect(alpha_n(g)).toContain(p);
        for (const m of alpha_n(g)) expect(successors(g, m).includes(n)).toBe(predecessors(g, n).includes(m));
      }
    });
  });
  it("path2_nontriv, path2_split, path2_unsnoc, Cons_path2, path2_snoc: splitting and extending paths", () => {
    forAllGraphs((g) => {
      for (const ns of allPaths(g, 4)) {
        const [n, m] = [hd(ns), last(ns)];
        if (n !== m) expect(ns.length).toBeGreaterThan(1);
        for (let i = 0; i < ns.length; i++) expect(path2(g, n, ns.slice(0, i + 1), ns[i]) && path2(g, ns[i], ns.slice(i), m)).toBe(true);
        if (ns.length >= 2) {
          const b = ns.slice(0, -1);
          expect(path2(g, n, b, last(b)) && predecessors(g, m).includes(last(b))).toBe(true);
        }
        for (const p of predecessors(g, n)) expect(path2(g, p, [p, ...ns], m)).toBe(true);
        for (const s of successors(g, m)) expect(path2(g, n, [...ns, s], s)).toBe(true);
      }
    });
  });
  it("path2_app, path2_app': g |- n-ns->m and g |- m-ms->l give g |- n-ns @ tl ms->l and g |- n-butlast ns @ ms->l", () => {
    forAllGraphs((g) => {
      const ps = allPaths(g, 3);
      for (const ns of ps)
        for (const ms of ps) {
          if (hd(ms) !== last(ns)) continue;
          expect(path2(g, hd(ns), [...ns, ...ms.slice(1)], last(ms))).toBe(true);
          expect(path2(g, hd(ns), [...ns.slice(0, -1), ...ms], last(ms))).toBe(true);
        }
    });
  });
  it("simple_path2: every path has a distinct path with the same ends over its nodes, no longer, not revisiting either end", () => {
    forAllGraphs((g) => {
      for (const ns of allPaths(g, 5)) {
        const [n, m] = [hd(ns), last(ns)];
        const simple = [...paths(g, n, m, ns.length)].find(
          (xs) => new Set(xs).size === xs.length && xs.every((x) => ns.includes(x)) && !xs.slice(1).includes(n) && !xs.slice(0, -1).includes(m),
        );
        expect(simple).toBeDefined();
      }
    });
  });
});

describe("graph_Entry", () => {
  it("graph_Entry: every model CFG satisfies it; an unreachable node breaks it", () => {
    forAllGraphs((g) => expect(graph_Entry(g)).toBe(true));
    expect(graph_Entry(Graph.fromLists(0, [[], [0], [2]]))).toBe(false);
  });
  it("Entry_iff_unreachable, Entry_loop: Entry is the only node without predecessors, and no closed path returns to it", () => {
    forAllGraphs((g) => {
      for (const n of alpha_n(g)) expect(predecessors(g, n).length === 0).toBe(n === g.Entry);
      expect([...paths(g, g.Entry, g.Entry, g.nodeCount + 1)]).toEqual([[g.Entry]]);
    });
  });
  it("dominates_refl, dominates_mid, strict_domE: dominance is reflexive; a node between two dominators lies on every path; a strict dominator lies on butlast of every Entry path", () => {
    forAllGraphs((g) => {
      const N = alpha_n(g);
      for (const n of N) expect(dominates(g, n, n)).toBe(true);
      for (const n of N)
        for (const m of N) {
          if (strict_dom(g, n, m)) for (const ns of paths(g, g.Entry, m, g.nodeCount)) expect(ns.slice(0, -1)).toContain(n);
          for (const x of N)
            if (dominates(g, n, x) && dominates(g, x, m)) for (const ns of paths(g, n, m, 4)) expect(ns).toContain(x);
        }
    });
  });
  it("graph_Entry.idom: every node but Entry has its immediate dominator, isIdom g n (idom g n)", () => {
    forAllGraphs((g) => {
      for (const n of alpha_n(g)) if (n !== g.Entry) expect(isIdom(g, n, idom(g, n)!)).toBe(true);
    });
  });
  it("EntryPath: a shortest path from Entry is an EntryPath (shortestPath grows by one per node); a detour is not", () => {
    forAllGraphs((g) => {
      for (const n of alpha_n(g)) {
        const len = shortestPath(g, n)!;
        const sp = [...paths(g, g.Entry, n, len)].find((ns) => ns.length === len)!;
        expect(EntryPath(g, sp)).toBe(true);
      }
    });
    const d = cfg({ preds: [[], [0], [1], [0, 2]] }).graph;
    expect(EntryPath(d, [0, 1, 2, 3] as Node[])).toBe(false);
    expect(EntryPath(d, [0, 3] as Node[])).toBe(true);
  });
});

describe("SSA_CFG: CFG, CFG_wf", () => {
  it("CFG_wf: every model CFG satisfies CFG and CFG_wf (Entry defines every variable); a use missing a definition breaks CFG_wf only", () => {
    forAllGraphs((g) => expect(CFG(g) && CFG_wf(g)).toBe(true));
    const b = cfg({ preds: [[], [0], [0], [1, 2]], defs: { 1: ["x"] }, uses: { 3: ["x"] } });
    expect(CFG(b.old)).toBe(true);
    expect(CFG_wf(b.old)).toBe(false);
  });
  it("defAss'Uses = def_ass_uses; Entry_no_predecessor; uses_in_vars: every used variable is in vars g", () => {
    forAllGraphs((g) => {
      expect(defAssPrimeUses(g)).toBe(def_ass_uses(g));
      expect(predecessors(g, g.Entry)).toEqual([]);
      for (const n of alpha_n(g)) for (const v of g.uses(n)) expect(vars(g).has(v)).toBe(true);
    });
  });
  it("uses_in_alpha_n, dom_uses_in_graph: no row of uses beyond the nodes; a model with one fails", () => {
    forAll((t) => expect(uses_in_alpha_n(t.old) && dom_uses_in_graph(t.ssa)).toBe(true));
    expect(uses_in_alpha_n({ nodeCount: 1, useRows: Rows.from([[], [0]]) })).toBe(false);
  });
});

describe("SSA_CFG: CFG_SSA, CFG_SSA_wf, CFG_SSA_Transformed", () => {
  it("CFG_SSA_Transformed: every construction's output satisfies the literal locale predicate (and CFG_SSA, CFG_SSA_wf, phis_in_alpha_n)", () => {
    forAll((t) => expect(CFG_SSA(t) && CFG_SSA_wf(t) && phis_in_alpha_n(t) && CFG_SSA_Transformed(t)).toBe(true), { numRuns: 60 });
    expect(CFG_SSA_Transformed(loop().t!)).toBe(true);
    const base = cfg({ preds: [[], [0], [1]], defs: { 0: ["x"], 1: ["x"] }, uses: { 2: ["x"] } });
    expect(CFG_SSA_Transformed(ssa(base, { defs: { 0: ["x.0"], 1: ["x.1"] }, uses: { 2: ["x.0"] } }).t!)).toBe(false);
  });
  it("phis_disj, CFG_SSA_wf.phis_phi: a value has at most one phi, and phis g (n,v) = Some vs gives phi g v = Some vs", () => {
    forAll((t) => {
      const keys = t.phiKeys();
      for (const [n, v] of keys) {
        expect(keys.filter(([, w]) => w === v).map(([m]) => m)).toEqual([n]);
        expect(phi(t, v)).toEqual(t.phis(n, v));
      }
    });
  });
  it("phiUsesI, phiUsesE: v in phiUses g n iff some phi at a successor n' has v at an argument position whose predecessor is n", () => {
    forAll((t) => {
      for (const n of alpha_n(t)) {
        const want = new Set<Val>();
        for (const [n2, v2] of t.phiKeys()) t.phis(n2, v2)!.forEach((a, i) => predecessors(t, n2)[i] === n && want.add(a));
        eqSet(phiUses(t, n), want);
      }
    });
  });
  it("defAss_dominating, CFG_SSA_wf.allUses_dominated: defAss g n v <-> some node dominating n defines v; every use is dominated by its defNode", () => {
    forAll((t) => {
      for (const n of alpha_n(t))
        for (const v of allVars(t)) expect(defAss(t, n, v)).toBe(alpha_n(t).some((m) => dominates(t, m, n) && allDefs(t, m).includes(v)));
      for (const n of alpha_n(t)) for (const v of allUses(t, n)) expect(dominates(t, defNode(t, v)!, n)).toBe(true);
    }, { numRuns: 60 });
  });
  it("allVars_in_allDefs, defNode_ex1, CFG_SSA_wf.defNode, defNode_eq: every value is defined at exactly one node, its defNode", () => {
    forAll((t) => {
      for (const v of allVars(t)) {
        const at = alpha_n(t).filter((n) => allDefs(t, n).includes(v));
        expect(at).toEqual([defNode(t, v)]);
      }
    });
  });
  it("defNode_cases, phi_wf, trivial_phi, trivial_in_allVars: a value is a simple def or a phi; phi arguments match the predecessors; trivial values are phis", () => {
    forAll((t) => {
      for (const v of allVars(t)) {
        const n = defNode(t, v)!;
        expect(t.defs(n).includes(v) || phi(t, v) !== undefined).toBe(true);
        if (phi(t, v)) expect(phi(t, v)!.length).toBe(predecessors(t, n).length);
        if (trivial(t, v)) expect(phi(t, v)).toBeDefined();
      }
      for (const [, v] of t.phiKeys()) if (trivial(t, v)) expect(allVars(t).has(v)).toBe(true);
    });
  });
  it("phiArg_in_allVars, phi_no_closed_loop, liveVal_in_allVars: phi arguments are values; no phi has only itself as argument; live values are values", () => {
    forAll((t) => {
      const all = allVars(t);
      for (const [, p] of t.phiKeys()) {
        for (const a of phi(t, p)!) expect(phiArg(t, p, a) && all.has(a)).toBe(true);
        expect(new Set(phi(t, p)!)).not.toEqual(new Set([p]));
      }
      for (const v of all) if (liveVal(t, v)) expect(all.has(v)).toBe(true);
    });
  });
  it("non_dominated_predecessor: every node but Entry has a predecessor it does not dominate", () => {
    forAllGraphs((g) => {
      for (const n of alpha_n(g)) if (n !== g.Entry) expect(predecessors(g, n).some((m) => !dominates(g, n, m))).toBe(true);
    });
  });
  it("defAssUses: holds on every valid translation and fails for a use before its definition", () => {
    forAll((t) => expect(defAssUses(t)).toBe(true));
    const base = cfg({ preds: [[], [0, 2], [1]], defs: { 0: ["x"], 2: ["x"] }, uses: { 1: ["x"] } });
    expect(defAssUses(ssa(base, { defs: { 0: ["x.0"], 2: ["x.2"] }, uses: { 1: ["x.2"] } }).t!)).toBe(false);
  });
  it("liveVal'I, liveVal'D: a value is live iff it heads a liveVal' chain (phi argument links down to an ordinary use)", () => {
    forAll((t) => {
      const all = [...allVars(t)];
      const chains: Val[][] = all.filter((v) => alpha_n(t).some((n) => t.uses(n).includes(v))).map((v) => [v]);
      for (let i = 0; i < chains.length && chains.length < 200; i++)
        for (const a of all) if (phiArg(t, chains[i][0], a) && !chains[i].includes(a)) chains.push([a, ...chains[i]]);
      for (const c of chains) expect(liveValPrime(t, c) && liveVal(t, c[0])).toBe(true);
      for (const v of all) if (liveVal(t, v)) expect(chains.some((c) => c[0] === v)).toBe(true);
    });
  });
  it("phiArg_same_var, defNode_var_disjoint, phiArg_distinct_nodes: phi arguments keep the variable; values sharing a node differ in variable; a phi's other arguments are defined elsewhere", () => {
    forAll((t) => {
      const all = [...allVars(t)];
      for (const p of all)
        for (const q of all) {
          if (phiArg(t, p, q)) expect(t.var(q)).toBe(t.var(p));
          if (p !== q && defNode(t, p) === defNode(t, q)) expect(t.var(p)).not.toBe(t.var(q));
          if (phiArg(t, p, q) && p !== q) expect(defNode(t, p)).not.toBe(defNode(t, q));
        }
    });
  });
  it("simpleDefs_phiDefs_var_disjoint: a node's phis are not for variables it defines", () => {
    forAll((t) => {
      for (const n of alpha_n(t)) for (const v of phiDefs(t, n)) expect(old(t).defs(n)).not.toContain(t.var(v));
    });
  });
  it("liveVal_use_path: a live value reaches a use of its variable on a path with no redefinition after its defNode", () => {
    forAll((t) => {
      for (const v of allVars(t)) {
        if (!liveVal(t, v)) continue;
        const x = t.var(v);
        const d = defNode(t, v)!;
        const ok = alpha_n(t).some((m) => old(t).uses(m).includes(x) && [...paths(t, d, m, t.nodeCount)].some((ns) => ns.slice(1).every((y) => !old(t).defs(y).includes(x))));
        expect(ok).toBe(true);
      }
    });
  });
});

describe("Minimality", () => {
  it("graph_path.pathsConverge', pathsConvergeI: pathsConverge = pathsConverge', and disjoint butlasts of two long paths to z give pathsConverge", () => {
    forAllGraphs((g) => {
      for (const z of alpha_n(g)) {
        const into = alpha_n(g).flatMap((x) => [...paths(g, x, z, 4)]);
        for (const xs of into)
          for (const ys of into) {
            const a = pathsConverge(g, hd(xs), xs, hd(ys), ys, z);
            expect(pathsConvergePrime(g, hd(xs), xs, hd(ys), ys, z)).toBe(a);
            const disjoint = !xs.slice(0, -1).some((x) => ys.slice(0, -1).includes(x));
            if (xs.length > 1 && ys.length > 1 && disjoint) expect(a).toBe(true);
          }
      }
    });
  });
  it("CFG_SSA_Transformed.phiCount: phiCount g = card (dom (phis g)) under allDefs_var_disjoint", () => {
    forAll((t) => expect(phiCount(t)).toBe(t.phiKeys().length));
  });
  it("Lemma 2: of two distinct arguments q, r of a phi p (p, q, r distinct), not both def_dominate p", () => {
    forAll((t) => {
      for (const [, p] of t.phiKeys()) {
        const as = [...new Set(phi(t, p)!)].filter((a) => a !== p);
        for (const q of as) for (const r of as) if (q !== r) expect(def_dominates(t, q, p) && def_dominates(t, r, p)).toBe(false);
      }
    });
  });
  it("nontrivialE: a phi that is not trivial has two arguments r, s with p, r, s distinct", () => {
    forAll((t) => {
      for (const [, p] of t.phiKeys()) if (!trivial(t, p)) expect(new Set(phi(t, p)!.filter((a) => a !== p)).size).toBeGreaterThanOrEqual(2);
    });
  });
  it("convergence_prop, convergence_prop': where necessaryPhi holds at n and a definition-free path leads from n to a use, n has a phi of the variable", () => {
    forAll((t) => {
      for (const n of alpha_n(t))
        for (const x of vars(old(t))) {
          if (!necessaryPhi(t, x as Var, n)) continue;
          const reaches = alpha_n(t).some(
            (m) => old(t).uses(m).includes(x) && [...paths(t, n, m, t.nodeCount)].some((ns) => ns.every((y) => !old(t).defs(y).includes(x))),
          );
          if (reaches) expect(phiDefs(t, n).some((v) => t.var(v) === x)).toBe(true);
        }
    }, { numRuns: 60 });
  });
  it("Lemma 3: an unnecessary phi p that is not trivial has an unnecessary argument q that does not def_dominate p", () => {
    forAll((t) => {
      for (const [, p] of t.phiKeys()) {
        if (!unnecessaryPhi(t, p) || trivial(t, p)) continue;
        expect(phi(t, p)!.some((q) => unnecessaryPhi(t, q) && !def_dominates(t, q, p))).toBe(true);
      }
    }, { numRuns: 60 });
  });
  it("reducible_nonredundant_imp_minimal: a reducible CFG's translation without trivial phis is cytronMinimal", () => {
    forAll((t) => {
      if (reducible(t) && !redundant(t)) expect(cytronMinimal(t)).toBe(true);
    }, { numRuns: 60 });
  });
  it("serial_on_finite_cycle: a serial relation on a finite non-empty set has a cycle", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(fc.tuple(fc.nat(5), fc.nat(5)), { maxLength: 12 }), (k, r) => {
        const A = Array.from({ length: k }, (_, i) => i);
        const rel = r.map(([a, b]) => [a % k, b % k] as const);
        fc.pre(serial_on(A, rel));
        // a walk of k + 1 steps inside A must revisit a node: a cycle
        let x = 0;
        const seen = [x];
        for (let i = 0; i < k; i++) {
          x = rel.find(([a, b]) => a === x && A.includes(b))![1];
          seen.push(x);
        }
        expect(new Set(seen).size).toBeLessThan(seen.length);
      }),
      { numRuns: 200 },
    );
    expect(serial_on([0, 1], [[0, 1]])).toBe(false);
  });
});

describe("SSA_CFG_code", () => {
  it("lookup_useNodes_of, Union_of, cache, usesOf_cache: useNodes_of maps each variable to the nodes using it; usesOf (cache g (uses g)) n = uses g n", () => {
    forAllGraphs((g) => {
      const m = useNodes_of(g);
      for (const v of Union_of((n: Node) => g.uses(n), alpha_n(g))) eqSet(m.get(v)!, alpha_n(g).filter((n) => g.uses(n).includes(v)));
      expect(m.size).toBe(vars(g).size);
      const c = cache(g, (n) => g.uses(n));
      for (const n of alpha_n(g)) expect(usesOf(c, n)).toEqual(g.uses(n));
      expect(usesOf(c, g.nodeCount as Node)).toEqual([]);
    });
  });
  it("keys_phidefNodes, lookup_phiNodes_of, phiDefs_code: the phi indices of the code theory equal their definitions", () => {
    forAll((t) => {
      const keys = t.phiKeys();
      eqSet(phidefNodes(t).keys(), keys.map(([, v]) => v));
      for (const [n, v] of keys) expect(phidefNodes(t).get(v)).toBe(n);
      const users = phiNodes_of(t);
      for (const v of allVars(t))
        eqSet([...(users.get(v)?.values() ?? [])].map((k) => k.join()), keys.filter(([n, p]) => t.phis(n, p)!.includes(v)).map((k) => k.join()));
      for (const n of alpha_n(t)) eqSet(phiDefs(t, n), keys.filter(([m]) => m === n).map(([, v]) => v));
    });
  });
  it("the_trivial_conv, the_trivial_SomeE: the_trivial v vs is the one argument other than v iff there is exactly one", () => {
    fc.assert(
      fc.property(fc.nat(3), fc.array(fc.nat(3), { maxLength: 5 }), (v, vs) => {
        const others = [...new Set(vs.filter((w) => w !== v))];
        const r = the_trivial(v, vs, 0, vs.length);
        expect(r).toBe(others.length === 1 ? others[0] : -1);
        if (r !== -1) expect(new Set(vs).size === 1 || (new Set(vs).size === 2 && vs.includes(v))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
  it("CFG_SSA_wf_code.trivial_code, CFG_SSA_wf_code.trivial_phis, CFG_SSA_wf_code.redundant_code: the code tests equal trivial and redundant", () => {
    forAll((t) => {
      for (const [n, v] of t.phiKeys()) expect(trivial_code(v, t.phis(n, v)!)).toBe(trivial(t, v));
      eqSet(trivial_phis(t).map((k) => k.join()), t.phiKeys().filter(([, v]) => trivial(t, v)).map((k) => k.join()));
      expect(redundant_code(t)).toBe(redundant(t));
    });
    const r = irreducible();
    expect(isTrivialPhi(r.t!, r.valId("x.1"), r.valId("x.0"))).toBe(false);
  });
});
