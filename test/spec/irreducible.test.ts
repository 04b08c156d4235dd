import { describe, expect, it } from "vitest";
import { induced_phi_graph, is_scc, redundant_scc, redundant_set, someRedundantSet } from "../../spec/irreducible.js";
import { diamond, irreducible, loop } from "./examples.js";

describe("Irreducible", () => {
  const i = irreducible();
  const V = i.valId;
  const P = [V("x.1"), V("x.2")];
  it("induced_phi_graph has an edge from each phi to its arguments inside P", () => {
    expect(induced_phi_graph(i.t!, P)).toEqual([
      [V("x.1"), V("x.2")],
      [V("x.2"), V("x.1")],
    ]);
    expect(induced_phi_graph(i.t!, [V("x.1")])).toEqual([]);
  });
  it("redundant_set: the pair references only x.0 outside itself; one phi alone references two", () => {
    expect(redundant_set(i.t!, P)).toBe(true);
    expect(redundant_set(i.t!, [V("x.1")])).toBe(false);
    expect(redundant_set(i.t!, [])).toBe(false);
    expect(redundant_set(i.t!, [V("x.0")])).toBe(false); // not a phi
    const l = loop();
    expect(redundant_set(l.t!, [l.valId("x.1")])).toBe(false);
    expect(someRedundantSet(diamond().t!)).toBeUndefined();
    expect(someRedundantSet(i.t!)).toEqual(P);
  });
  it("redundant_scc: the pair is a maximal SCC of the phi graph and redundant", () => {
    expect(redundant_scc(i.t!, P, P)).toBe(true);
    expect(redundant_scc(i.t!, P, [V("x.1")])).toBe(false);
    expect(is_scc(P, induced_phi_graph(i.t!, P), [V("x.1")])).toBe(false);
    expect(is_scc([V("x.1")], [], [V("x.1")])).toBe(true);
  });
});
