/**
 * The proof lemmas of SSA_CFG (context CFG_SSA_Transformed), Minimality and Minimal_SSA's
 * Irreducible that the reference catalog names without a statement, as properties, with the
 * statements of the AFP sources (thys/Formal_SSA/SSA_CFG.thy, Minimality.thy,
 * thys/Minimal_SSA/Irreducible.thy). Decided with the literal spec definitions on small random
 * valid translations (the verified construction, its substAll result, peeling and Cytron's
 * construction), the suite's fixed fast-check seed.
 *
 * Existential conclusions ("obtains ... where") are decided by searching simple paths only: a
 * witness path can always be shortened to a simple one over its own nodes with the same ends
 * (`simple_path2`), which keeps every disjointness the statements ask for. Each test also
 * counts the instances whose premises held, so that none passes vacuously.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { construct } from "../../impl/construct.js";
import { constructCytron } from "../../impl/cytron.js";
import { substAllFast } from "../../impl/notriv_fast.js";
import { peel } from "../../impl/peel.js";
import { alpha_n, EntryPath, paths } from "../../spec/graph_path.js";
import type { Node, Val, Var } from "../../spec/ids.js";
import { condensation_edges, condensation_nodes, induced_phi_graph, phiSubsets, reachable } from "../../spec/irreducible.js";
import { pathsConverge, unnecessaryPhi } from "../../spec/minimality.js";
import { Transformed } from "../../spec/model.js";
import { allDefs, allUses, allVars, defNode, old, phiArg } from "../../spec/ssa_cfg.js";
import { modelCfg } from "../helpers/random_model.js";

const small = modelCfg({ maxNodes: 5, maxVars: 2, maxExtraEdges: 3 });
const translations = fc.record({ g: small, how: fc.integer({ min: 0, max: 3 }) }).map(({ g, how }) => {
  const c = construct(g);
  if (how === 0) return c.transformed;
  if (how === 1) return new Transformed(g, substAllFast(c.ssa), c.transformed.varOf);
  if (how === 2) return new Transformed(g, peel(c.ssa), c.transformed.varOf);
  return constructCytron(g).transformed;
});
function forAll(f: (t: Transformed) => void, runs = 100): void {
  fc.assert(fc.property(translations, (t) => f(t)), { numRuns: runs });
}

const tl = <T>(xs: readonly T[]) => xs.slice(1);
const butlast = <T>(xs: readonly T[]) => xs.slice(0, -1);
const last = <T>(xs: readonly T[]) => xs[xs.length - 1];
const disjoint = <T>(a: readonly T[], b: readonly T[]) => !a.some((x) => b.includes(x));
const isPrefix = <T>(p: readonly T[], xs: readonly T[]) => p.length <= xs.length && p.every((x, i) => xs[i] === x);
/** Simple paths from n to m (no node twice). */
const simplePaths = (t: Transformed, n: Node, m: Node) => [...paths(t, n, m, t.nodeCount)].filter((ns) => new Set(ns).size === ns.length);
/** Every path of at most `bound` nodes between any two nodes. */
const allPaths = (t: Transformed, bound: number) => alpha_n(t).flatMap((n) => alpha_n(t).flatMap((m) => [...paths(t, n, m, bound)]));
/** The nodes whose original definitions define `x`. */
const oldDefNodes = (t: Transformed, x: Var) => alpha_n(t).filter((n) => old(t).defs(n).includes(x));
/** Reflexive-transitive closure membership over an edge list. */
function rtrancl(edges: readonly (readonly [Val, Val])[], a: Val, b: Val): boolean {
  const seen = new Set([a]);
  const stack = [a];
  while (stack.length > 0) {
    const x = stack.pop()!;
    for (const [p, q] of edges) if (p === x && !seen.has(q)) seen.add(q), stack.push(q);
  }
  return seen.has(b);
}

describe("SSA_CFG: proof lemmas of CFG_SSA_Transformed", () => {
  it("conventional', conventional'': on a path from a definition of v (not revisiting it) to a use of v, no later node defines a value of v's variable", () => {
    let instances = 0;
    forAll((t) => {
      const all = [...allVars(t)];
      for (const ns of allPaths(t, 4)) {
        const [n, m] = [ns[0], last(ns)];
        if (tl(ns).includes(n)) continue;
        for (const v of allDefs(t, n)) {
          if (!allUses(t, m).includes(v)) continue;
          instances++;
          for (const x of alpha_n(t)) for (const v2 of allDefs(t, x)) if (t.var(v2) === t.var(v)) expect(tl(ns)).not.toContain(x);
          for (const v2 of all) if (t.var(v2) === t.var(v) && defNode(t, v) === n) expect(tl(ns)).not.toContain(defNode(t, v2));
        }
      }
    });
    expect(instances).toBeGreaterThan(0);
  });
  it("oldDef_defAss: every Entry path to a use of v passes an original definition of var v", () => {
    forAll((t) => {
      for (const n of alpha_n(t))
        for (const v of allUses(t, n))
          for (const ns of paths(t, t.Entry, n, t.nodeCount + 1)) expect(ns.some((m) => old(t).defs(m).includes(t.var(v)))).toBe(true);
    });
  });
  it("allDef_path_from_simpleDef: every value's defNode is reached by an EntryPath from an original definition of its variable", () => {
    forAll((t) => {
      for (const v of allVars(t)) {
        const d = defNode(t, v)!;
        const ok = oldDefNodes(t, t.var(v)).some((n) => simplePaths(t, n, d).some((ns) => EntryPath(t, ns)));
        expect(ok).toBe(true);
      }
    });
  });
  it("phiArgs_def_distinct: two different arguments of one phi are defined at different nodes", () => {
    let instances = 0;
    forAll((t) => {
      for (const [, p] of t.phiKeys()) {
        const args = [...new Set(t.phis(defNode(t, p)!, p)!)];
        for (const q of args)
          for (const r of args)
            if (q !== r && phiArg(t, p, q) && phiArg(t, p, r)) {
              instances++;
              expect(defNode(t, q)).not.toBe(defNode(t, r));
            }
      }
    });
    expect(instances).toBeGreaterThan(0);
  });
  it("defUse_paths_disjoint: def-use paths of two different values of one variable share no node", () => {
    let instances = 0;
    forAll((t) => {
      const all = [...allVars(t)];
      /** def-use paths of p: from defNode p, not revisiting it, to a node using p */
      const defUse = (p: Val) => alpha_n(t).filter((n) => allUses(t, n).includes(p)).flatMap((n) => [...paths(t, defNode(t, p)!, n, 4)].filter((ns) => !tl(ns).includes(ns[0])));
      for (const p of all)
        for (const q of all) {
          if (p === q || t.var(p) !== t.var(q)) continue;
          for (const ns of defUse(p))
            for (const ms of defUse(q)) {
              instances++;
              expect(disjoint(ns, ms)).toBe(true);
            }
        }
    }, 60);
    expect(instances).toBeGreaterThan(0);
  });
});

describe("Minimality: proof lemmas", () => {
  it("paths_converge_prefix: two paths x..z, y..z (x != y, longer than 1, neither start on the other's butlast) have prefixes that converge", () => {
    let instances = 0;
    forAll((t) => {
      for (const z of alpha_n(t)) {
        const into = alpha_n(t).flatMap((x) => [...paths(t, x, z, 4)]).filter((xs) => xs.length > 1);
        for (const xs of into)
          for (const ys of into) {
            const [x, y] = [xs[0], ys[0]];
            if (x === y || butlast(ys).includes(x) || butlast(xs).includes(y)) continue;
            instances++;
            let found = false;
            for (let i = 2; i <= xs.length && !found; i++)
              for (let j = 2; j <= ys.length && !found; j++) {
                const [a, b] = [xs.slice(0, i), ys.slice(0, j)];
                if (last(a) === last(b) && pathsConverge(t, x, a, y, b, last(a))) found = isPrefix(a, xs) && isPrefix(b, ys);
              }
            expect(found).toBe(true);
          }
      }
    }, 60);
    expect(instances).toBeGreaterThan(0);
  });
  it("ununnecessaryPhis_disjoint_paths_aux: a value that is not an unnecessary phi is reached from two definitions of its variable by paths with disjoint butlasts", () => {
    forAll((t) => {
      for (const r of allVars(t)) {
        if (unnecessaryPhi(t, r)) continue;
        const into = oldDefNodes(t, t.var(r)).flatMap((n) => simplePaths(t, n, defNode(t, r)!));
        expect(into.some((ns1) => into.some((ns2) => disjoint(butlast(ns1), butlast(ns2))))).toBe(true);
      }
    });
  });
  it("ununnecessaryPhis_disjoint_paths: two such values of one variable at different nodes are reached from definitions by disjoint paths", () => {
    let instances = 0;
    forAll((t) => {
      const ok = [...allVars(t)].filter((r) => !unnecessaryPhi(t, r));
      for (const r of ok)
        for (const s of ok) {
          if (t.var(r) !== t.var(s) || defNode(t, r) === defNode(t, s)) continue;
          instances++;
          const defs = oldDefNodes(t, t.var(r));
          const toR = defs.flatMap((n) => simplePaths(t, n, defNode(t, r)!));
          const toS = defs.flatMap((m) => simplePaths(t, m, defNode(t, s)!));
          expect(toR.some((ns) => toS.some((ms) => disjoint(ns, ms)))).toBe(true);
        }
    }, 60);
    expect(instances).toBeGreaterThan(0);
  });
});

describe("Minimal_SSA Irreducible: proof lemmas", () => {
  /** Valid translations with few phis, with every subset P of their phis. */
  function forAllPhiSets(f: (t: Transformed, P: Val[]) => void): void {
    forAll((t) => {
      if (t.phiKeys().length > 6) return;
      for (const P of phiSubsets(t)) f(t, P);
    }, 100);
  }
  it("condensation_nodes_edges, condensation_edge_impl_path, path_in_condensation_impl_path: condensation edges join SCCs, and a (chain of) condensation edge(s) gives a path in induced_phi_graph between any members", () => {
    let edges = 0;
    forAllPhiSets((t, P) => {
      const nodes = condensation_nodes(t, P).map((s) => [...s].sort((a, b) => a - b).join());
      const E = condensation_edges(t, P);
      const G = induced_phi_graph(t, P);
      for (const [a, b] of E) {
        edges++;
        expect(nodes).toContain([...a].sort((x, y) => x - y).join());
        expect(nodes).toContain([...b].sort((x, y) => x - y).join());
        for (const x of a) for (const y of b) expect(rtrancl(G, x, y)).toBe(true);
      }
      // the transitive closure of the condensation: chains of edges
      const sccOf = (x: Val) => condensation_nodes(t, P).find((s) => s.includes(x))![0];
      const C = E.map(([a, b]) => [a[0], b[0]] as [Val, Val]);
      for (const x of P) for (const y of P) if (sccOf(x) !== sccOf(y) && rtrancl(C, sccOf(x), sccOf(y))) expect(rtrancl(G, x, y)).toBe(true);
    });
    expect(edges).toBeGreaterThan(0);
  });
  it("defNode_differ_aux: a phi reachable (through unnecessary phis) from phi is not defined at the node of another value of phi's variable", () => {
    let instances = 0;
    forAll((t) => {
      const all = [...allVars(t)];
      for (const [, phi] of t.phiKeys())
        for (const ps of reachable(t, phi))
          for (const s of all)
            if (ps !== s && t.var(phi) === t.var(s)) {
              instances++;
              expect(defNode(t, ps)).not.toBe(defNode(t, s));
            }
    });
    expect(instances).toBeGreaterThan(0);
  });
  it("phiArg_disjoint_paths_extend: a definition path to r, disjoint from one to s, extends to the node of a phi with argument r, still disjoint from it (but for its last node)", () => {
    let instances = 0;
    forAll((t) => {
      const all = [...allVars(t)];
      const phis = t.phiKeys().map(([, p]) => p);
      for (const r of all)
        for (const s of all) {
          if (t.var(r) !== t.var(s)) continue;
          const defs = oldDefNodes(t, t.var(r));
          const toR = defs.flatMap((n) => [...paths(t, n, defNode(t, r)!, 4)]);
          const toS = defs.flatMap((m) => [...paths(t, m, defNode(t, s)!, 4)]);
          for (const ns of toR)
            for (const ms of toS) {
              if (!disjoint(ns, ms)) continue;
              for (const phiR of phis) {
                if (!phiArg(t, phiR, r)) continue;
                instances++;
                const target = defNode(t, phiR)!;
                const tails = [...(defNode(t, r) === target ? [[]] : []), ...simplePaths(t, defNode(t, r)!, target).map(tl)];
                expect(tails.some((ext) => disjoint(butlast([...ns, ...ext]), ms) && last([...ns, ...ext]) === target)).toBe(true);
              }
            }
        }
    }, 60);
    expect(instances).toBeGreaterThan(0);
  });
});
