/**
 * The tracing hook (impl/trace.ts): what each event says is checked against the graph and the
 * constructions' own results, on random CFGs, and tracing changes no result.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSsa, ALGORITHMS, MINIMIZATIONS, constructTraced } from "../../api/construct.js";
import { construct as constructApi } from "../../api/index.js";
import { structuredCfg } from "../../fuzz/arbitraries/index.js";
import { constructAycockHorspool } from "../../impl/aycock_horspool.js";
import { constructBraun } from "../../impl/braun.js";
import { construct, lookupDef, phiDefNodes } from "../../impl/construct.js";
import { constructFast } from "../../impl/construct_fast.js";
import { constructCytron } from "../../impl/cytron.js";
import { substAll } from "../../impl/notriv.js";
import { substAllFast } from "../../impl/notriv_fast.js";
import { peel } from "../../impl/peel.js";
import type { Construction } from "../../impl/ssa_val.js";
import type { TraceEvent } from "../../impl/trace.js";
import type { Node, Val, Var } from "../../spec/ids.js";
import type { Cfg, SsaCfg } from "../../spec/model.js";
import type { CfgDocument } from "../../api/documents.js";
import { ssaArrays } from "../helpers/compare.js";
import { modelCfg } from "../helpers/random_model.js";

const RUNS = { numRuns: 300 };

type Of<K extends TraceEvent["kind"]> = Extract<TraceEvent, { kind: K }>;
function record<T>(run: (trace: (e: TraceEvent) => void) => T): { result: T; events: TraceEvent[] } {
  const events: TraceEvent[] = [];
  const result = run((e) => events.push(e));
  return { result, events };
}
const only = <K extends TraceEvent["kind"]>(events: TraceEvent[], kind: K): Of<K>[] => events.filter((e): e is Of<K> => e.kind === kind);
const sorted = (xs: Iterable<number>) => [...xs].sort((a, b) => a - b);
const key = (...xs: number[]) => xs.join(",");
/** (variable, node) of every phi of an SSA CFG, as keys. */
const placedPhis = (c: Construction): string[] => c.ssa.phiKeys().map(([n, v]) => key(c.vals.var(v), n)).sort();
const phiVals = (s: SsaCfg): number[] => sorted(s.phiDef);

describe("tracing changes no result", () => {
  it("buildSsa with a tracer gives the same construction and SSA as without, every algorithm and minimisation (and the literal functions)", () => {
    fc.assert(
      fc.property(modelCfg({ maxNodes: 9, maxVars: 3 }), fc.constantFrom(...ALGORITHMS), fc.constantFrom(...MINIMIZATIONS), (g, algorithm, minimize) => {
        const plain = buildSsa(g, { algorithm, minimize });
        const traced = record((trace) => buildSsa(g, { algorithm, minimize, trace }));
        expect(ssaArrays(traced.result.ssa)).toEqual(ssaArrays(plain.ssa));
        expect(ssaArrays(traced.result.construction.ssa)).toEqual(ssaArrays(plain.construction.ssa));
        expect(Array.from(traced.result.construction.vals.keys)).toEqual(Array.from(plain.construction.vals.keys));
        if (algorithm === "functional" && g.nodeCount <= 7) {
          const literal = record((trace) => buildSsa(g, { algorithm, minimize, trace, literal: true }));
          expect(ssaArrays(literal.result.ssa)).toEqual(ssaArrays(plain.ssa));
        }
      }),
      RUNS,
    );
  });
  it("the literal construct and substAll with a tracer equal themselves without one", () => {
    fc.assert(
      fc.property(modelCfg({ maxNodes: 7, maxVars: 2 }), (g) => {
        const c = construct(g);
        const t = record((trace) => construct(g, trace)).result;
        expect(ssaArrays(t.ssa)).toEqual(ssaArrays(c.ssa));
        expect(ssaArrays(record((trace) => substAll(c.ssa, trace)).result)).toEqual(ssaArrays(substAll(c.ssa)));
      }),
      { numRuns: 150 },
    );
  });
});

describe("functional construction: phiDefNodes_aux and lookupDef events", () => {
  /** The checks common to the literal construction and its refinement. */
  function checkLookups(g: Cfg, c: Construction, events: TraceEvent[], literal: boolean): void {
    const placed = new Set(placedPhis(c));
    const looks = only(events, "lookupDef");
    expect(looks.length).toBeGreaterThanOrEqual(g.useRows.list.length);
    for (const e of looks) {
      // a real path of single predecessors, from `at`
      expect(e.path[0]).toBe(e.at);
      for (let i = 0; i + 1 < e.path.length; i++) {
        expect(g.preds.count(e.path[i])).toBe(1);
        expect(g.defRows.has(e.path[i], e.variable)).toBe(false);
        expect(g.preds.at(e.path[i], 0)).toBe(e.path[i + 1]);
      }
      const last = e.path[e.path.length - 1];
      if (e.memo) {
        expect(literal).toBe(false);
        // the rest of the way is an earlier walk's: single predecessors from `last` to `found`
        let x = last;
        for (let steps = 0; x !== e.found; steps++) {
          expect(steps).toBeLessThan(g.nodeCount);
          expect(g.preds.count(x)).toBe(1);
          expect(g.defRows.has(x, e.variable)).toBe(false);
          x = g.preds.at(x, 0);
        }
      } else expect(last).toBe(e.found);
      // ending at a definition of the variable, or at a phi node the construction placed
      if (e.phi) {
        expect(g.defRows.has(e.found, e.variable)).toBe(false);
        expect(placed.has(key(e.variable, e.found))).toBe(true);
      } else expect(g.defRows.has(e.found, e.variable)).toBe(true);
      // and it is lookupDef's answer
      const [, n, d] = lookupDef(g, e.at, e.variable);
      expect([n, d === 1]).toEqual([e.found, e.phi]);
    }
    // one walk per use (then per phi argument): every use is looked up
    const usesLooked = new Set(looks.map((e) => key(e.at, e.variable)));
    for (let n = 0 as Node; n < g.nodeCount; n++) for (const v of g.uses(n)) expect(usesLooked.has(key(n, v))).toBe(true);
  }

  function foundByVariable(events: TraceEvent[]): Map<number, Set<number>> {
    const out = new Map<number, Set<number>>();
    for (const e of only(events, "phiDefNodes_aux")) {
      const s = out.get(e.variable) ?? new Set<number>();
      for (const n of e.found) s.add(n);
      out.set(e.variable, s);
    }
    return out;
  }

  it("literal: every lookupDef path is a path of single predecessors ending at a definition or a placed phi; the phi nodes the searches from the uses of a variable found are phiDefNodes", () => {
    fc.assert(
      fc.property(modelCfg({ maxNodes: 8, maxVars: 3 }), (g) => {
        const { result: c, events } = record((trace) => construct(g, trace));
        checkLookups(g, c, events, true);
        const found = foundByVariable(events);
        for (let v = 0 as Var; v < g.varCount; v++) expect(sorted(found.get(v) ?? [])).toEqual(sorted(phiDefNodes(g, v)));
        // one search per use, and each one's found nodes are its visited nodes without one predecessor
        const searches = only(events, "phiDefNodes_aux");
        expect(searches.length).toBe(g.useRows.list.length);
        for (const e of searches) {
          expect(e.incremental).toBeUndefined();
          expect(g.useRows.has(e.from, e.variable)).toBe(true);
          expect(new Set(e.visited).size).toBe(e.visited.length);
          expect(sorted(e.found)).toEqual(sorted(e.visited.filter((n) => g.preds.count(n) !== 1)));
          for (const n of e.visited) expect(g.defRows.has(n, e.variable)).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it("constructFast: the same, with searches that stop where earlier ones of the variable have been (disjoint visits, same union) and walks that stop at memoised nodes", () => {
    fc.assert(
      fc.property(modelCfg({ maxNodes: 9, maxVars: 3 }), (g) => {
        const { result: c, events } = record((trace) => constructFast(g, trace));
        checkLookups(g, c, events, false);
        const found = foundByVariable(events);
        const literal = record((trace) => construct(g, trace)).events;
        for (let v = 0 as Var; v < g.varCount; v++) {
          expect(sorted(found.get(v) ?? [])).toEqual(sorted(phiDefNodes(g, v)));
          const mine = only(events, "phiDefNodes_aux").filter((e) => e.variable === v);
          const visits = mine.flatMap((e) => e.visited);
          expect(new Set(visits).size).toBe(visits.length); // each node entered once per variable
          const theirs = only(literal, "phiDefNodes_aux").filter((e) => e.variable === v);
          expect(sorted(visits)).toEqual(sorted(new Set(theirs.flatMap((e) => e.visited))));
          for (const e of mine) expect(e.incremental).toBe(true);
        }
      }),
      RUNS,
    );
  });
});

/** Replays substAll.step events on `base`: each removed phi must be trivial (one value besides itself, `by`) when removed. */
function replaySteps(base: SsaCfg, steps: Of<"substAll.step">[]): Set<number> {
  const subst = new Map<number, number>();
  const find = (v: number): number => {
    while (subst.has(v)) v = subst.get(v)!;
    return v;
  };
  const removed = new Set<number>();
  for (const e of steps) {
    expect(removed.has(e.phi)).toBe(false);
    const args = base.phis(e.node, e.phi);
    expect(args).toBeDefined();
    const others = new Set(args!.map(find).filter((a) => a !== e.phi));
    expect([...others]).toEqual([e.by]);
    subst.set(e.phi, e.by);
    removed.add(e.phi);
  }
  return removed;
}

describe("substAll: one step event per removed trivial phi", () => {
  it("substAllFast: as many events as phis removed, each phi trivial when removed, and exactly the phis removed", () => {
    fc.assert(
      fc.property(modelCfg({ maxNodes: 10, maxVars: 3 }), fc.boolean(), (g, aycock) => {
        const base = (aycock ? constructAycockHorspool(g) : constructFast(g)).ssa;
        const { result, events } = record((trace) => substAllFast(base, trace));
        const steps = only(events, "substAll.step");
        expect(steps.length).toBe(events.length);
        expect(steps.length).toBe(base.phiCount - result.phiCount);
        const removed = replaySteps(base, steps);
        const left = new Set(result.phiDef);
        expect(sorted(removed)).toEqual(phiVals(base).filter((v) => !left.has(v)));
      }),
      RUNS,
    );
  });
  it("the literal substAll steps through the same phis, in the same order, as substAllFast", () => {
    fc.assert(
      fc.property(modelCfg({ maxNodes: 8, maxVars: 2 }), (g) => {
        const base = constructFast(g).ssa;
        const literal = record((trace) => substAll(base, trace));
        const fast = record((trace) => substAllFast(base, trace));
        expect(literal.events).toEqual(fast.events);
        replaySteps(base, only(literal.events, "substAll.step"));
      }),
      { numRuns: 150 },
    );
  });
});

describe("Braun et al.: fill, seal, phis and removals", () => {
  it("every node is filled once and sealed once; every incomplete phi is completed by a later seal of its node; the phis made less the ones removed are the result's", () => {
    fc.assert(
      fc.property(modelCfg({ maxNodes: 10, maxVars: 3 }), fc.boolean(), (g, removeTrivial) => {
        const { result: c, events } = record((trace) => constructBraun(g, { removeTrivial, trace }));
        const fills = only(events, "braun.fill").map((e) => e.node);
        const seals = only(events, "braun.seal").map((e) => e.node);
        expect(sorted(fills)).toEqual(Array.from({ length: g.nodeCount }, (_, i) => i));
        expect(sorted(seals)).toEqual(Array.from({ length: g.nodeCount }, (_, i) => i));
        events.forEach((e, i) => {
          if (e.kind !== "braun.incompletePhi") return;
          const seal = events.findIndex((s) => s.kind === "braun.seal" && s.node === e.node);
          expect(seal).toBeGreaterThan(i);
          expect((events[seal] as Of<"braun.seal">).incomplete).toContain(e.phi);
        });
        // every value an event names: one of the result, or a removed phi
        const V = c.vals.count;
        const removedCount = c.removedVals?.count ?? 0;
        const made = [...only(events, "braun.phi"), ...only(events, "braun.incompletePhi")];
        expect(new Set(made.map((e) => e.phi)).size).toBe(made.length);
        for (const e of made) {
          const table = e.phi < V ? c.vals : c.removedVals!;
          const id = (e.phi < V ? e.phi : e.phi - V) as Val;
          expect([table.var(id), table.node(id), table.def(id)]).toEqual([e.variable, e.node, 1]);
        }
        const removed = only(events, "braun.removeTrivialPhi");
        if (!removeTrivial) expect(removed).toEqual([]);
        expect(sorted(removed.map((e) => e.phi))).toEqual(Array.from({ length: removedCount }, (_, i) => V + i));
        expect(sorted(made.map((e) => e.phi).filter((p) => p < V))).toEqual(phiVals(c.ssa));
        expect(made.length).toBe(c.ssa.phiCount + removedCount);
        for (const e of removed) expect(e.by).not.toBe(e.phi);
      }),
      RUNS,
    );
  });
});

describe("peeling: one event per strongly connected set examined", () => {
  it("the redundant sets are exactly the phis peel removed, each with one outside operand", () => {
    fc.assert(
      fc.property(modelCfg({ maxNodes: 10, maxVars: 3 }), fc.boolean(), (g, trivialFirst) => {
        const c = constructFast(g).ssa;
        const base = trivialFirst ? substAllFast(c) : c;
        const { result, events } = record((trace) => peel(base, trace));
        const sccs = only(events, "peel.scc");
        expect(sccs.length).toBe(events.length);
        const redundant = sccs.filter((e) => e.redundant);
        for (const e of redundant) expect(e.outside.length).toBe(1);
        for (const e of sccs.filter((s) => !s.redundant)) expect(e.outside.length).not.toBe(1);
        const removed = redundant.flatMap((e) => e.phis);
        expect(new Set(removed).size).toBe(removed.length);
        const left = new Set(result.phiDef);
        expect(sorted(removed)).toEqual(phiVals(base).filter((v) => !left.has(v)));
      }),
      RUNS,
    );
  });
});

describe("Cytron et al. and Aycock-Horspool: the phis placed", () => {
  it("the phi events are exactly the phis of the output, once each", () => {
    fc.assert(
      fc.property(modelCfg({ maxNodes: 10, maxVars: 3 }), (g) => {
        const cy = record((trace) => constructCytron(g, trace));
        const ah = record((trace) => constructAycockHorspool(g, trace));
        const ev = (events: TraceEvent[]) => events.map((e) => ("variable" in e && "node" in e ? key(e.variable, e.node) : e.kind)).sort();
        expect(ev(cy.events)).toEqual(placedPhis(cy.result));
        expect(ev(ah.events)).toEqual(placedPhis(ah.result));
        expect(cy.events.every((e) => e.kind === "cytron.phi")).toBe(true);
        expect(ah.events.every((e) => e.kind === "aycock.phi")).toBe(true);
      }),
      RUNS,
    );
  });
});

describe("constructTraced (the library's entry)", () => {
  it("gives construct's SSA document, and names every node, variable and value its events speak of", () => {
    fc.assert(
      fc.property(structuredCfg({ maxStatements: 12 }), fc.constantFrom(...ALGORITHMS), fc.constantFrom(...MINIMIZATIONS), (doc, algorithm, minimize) => {
        const cfg = doc as CfgDocument;
        const t = constructTraced(cfg, { algorithm, minimize });
        expect(t.ssa).toEqual(constructApi(cfg, { algorithm, minimize }));
        const blocks = new Set(cfg.blocks.map((b) => b.id));
        for (const n of t.names.nodes) expect(blocks.has(n.block)).toBe(true);
        expect(new Set(t.names.values).size).toBe(t.names.values.length);
        // every value of the document is named as the document names it
        const docValues = new Set(Object.keys(t.ssa.vars ?? {}));
        for (const name of docValues) expect(t.names.values).toContain(name);
        for (const e of t.events) {
          if ("node" in e) expect(e.node).toBeLessThan(t.names.nodes.length);
          if ("variable" in e) expect(e.variable).toBeLessThan(t.names.variables.length);
          const vals = e.kind === "braun.seal" ? e.incomplete : e.kind === "peel.scc" ? [...e.phis, ...e.outside] : "phi" in e && typeof e.phi === "number" ? [e.phi, ...("by" in e ? [e.by] : [])] : [];
          for (const v of vals) expect(t.names.values[v]).toBeDefined();
          // a phi an event names is named after its variable and block
          if ((e.kind === "braun.phi" || e.kind === "braun.incompletePhi") && t.names.nodes[e.node].stmt === undefined)
            expect(t.names.values[e.phi].startsWith(`${t.names.variables[e.variable]}.${t.names.nodes[e.node].block}.phi`)).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });
  it("literal: the functional construction's own searches, each from its use afresh", () => {
    const cfg: CfgDocument = {
      format: "formal-ssa/1",
      kind: "cfg",
      entry: "B0",
      blocks: [
        { id: "B0", preds: [], stmts: [{ defs: ["x"], uses: [] }] },
        { id: "B1", preds: ["B0", "B2"], stmts: [{ defs: [], uses: ["x"] }] },
        { id: "B2", preds: ["B1"], stmts: [{ defs: ["x"], uses: ["x"] }] },
        { id: "B3", preds: ["B1"], stmts: [{ defs: [], uses: ["x"] }] },
      ],
    };
    const lit = constructTraced(cfg, { literal: true, minimize: "none" });
    const fast = constructTraced(cfg, { minimize: "none" });
    expect(lit.ssa).toEqual(fast.ssa);
    const searches = lit.events.filter((e) => e.kind === "phiDefNodes_aux");
    expect(searches.length).toBe(3);
    for (const e of searches) expect(e.found.map((n) => lit.names.nodes[n].block)).toEqual(["B1"]);
    expect(fast.events.filter((e) => e.kind === "phiDefNodes_aux").every((e) => e.incremental)).toBe(true);
  });
});
