/**
 * The certificate checker (certificate/recheck.ts) against `validate`, on random CFGs of every
 * shape under every construction, minimised or not, strict and `--undef refine`, and on their
 * mutants (bench/certificate_soundness.ts runs the same at the scale of 10^5 cases):
 * - completeness: every function validate certifies gets a certificate that recheck accepts;
 * - soundness: recheck never accepts a pair validate rejects, whatever certificate it is given:
 *   the valid pair's own certificate reused on mutants of its SSA (swapped phi arguments, a use
 *   pointed at another value, a dropped phi, a definition renamed), certificates forged for the
 *   broken pairs (the emitter run on them), and certificates mutated field by field;
 * - every rejection is one line that starts with the name of the rule that failed;
 * - the tree is the dominator tree (Georgiadis & Tarjan's theorem: the parent property and a
 *   low-high order certify it): a tree with one block hung from a dominator above its immediate
 *   one is rejected whatever preorder comes with it, and so is a preorder that is only "low".
 */
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { recheck } from "../../api/certificate.js";
import { construct } from "../../api/construct.js";
import { validate } from "../../api/validate.js";
import { certificateCase, newTally, pairArbitrary } from "../../bench/certificate_soundness.js";
import type { FunctionDoc } from "../../io/format.js";

type Doc = FunctionDoc & { name?: string };

describe("recheck agrees with validate", () => {
  it("completeness: every certified function's certificate is accepted; soundness: no certificate makes recheck accept a pair validate rejects", () => {
    const tally = newTally();
    fc.assert(
      fc.property(pairArbitrary, (c) => certificateCase(c, tally)),
      { numRuns: 600 },
    );
    console.log(`recheck: ${JSON.stringify(tally)}`);
    // the run exercised both sides, and each kind of mistake is caught by the rule about it
    expect(tally.certified).toBe(600);
    expect(tally.mutantsRejected).toBeGreaterThan(900);
    expect(tally.refined).toBeGreaterThan(10);
    for (const rule of ["allUses_def_ass", "allDefs_disjoint", "conventional", "equiv", "oldUses_def", "phis_same_var"]) expect(tally.rules[rule] ?? 0).toBeGreaterThan(0);
  });

  it("quality: a certificate that vouches for pruned and no_trivial_phis is accepted exactly where validate certifies them", () => {
    fc.assert(
      fc.property(pairArbitrary, ({ cfg, algorithm, minimize }) => {
        const doc = cfg as Doc;
        const ssa = construct(doc as never, { algorithm, minimize: minimize as never, unchecked: true }) as Doc;
        const base = validate(doc, ssa, { certificate: true });
        if (base.verdict !== "certified") return;
        const require = ["pruned", "no_trivial_phis"] as const;
        const strict = validate(doc, ssa, { require }).verdict === "certified";
        const cert = { ...base.certificate!, require: [...require] };
        expect(recheck(doc, ssa, cert).verdict).toBe(strict ? "accepted" : "rejected");
      }),
      { numRuns: 400 },
    );
  });

  /** The diamond's SSA and its certificate (examples/), the certificate's dominators replaced. */
  const diamond = () => {
    const doc = JSON.parse(readFileSync("examples/diamond.json", "utf8")) as Doc;
    const ssa = construct(doc as never, { algorithm: "braun", minimize: "peel" }) as Doc;
    const cert = validate(doc, ssa, { certificate: true }).certificate!;
    return { doc, ssa, cert, with: (parent: number[], order: number[]) => ({ ...cert, functions: [{ ...cert.functions[0], dominators: { parent, order } }] }) };
  };

  it("the certificate's tree must be the dominator tree: a block hung higher, or an order that is not low-high, is rejected (Entry_reaches)", () => {
    // a chain B0 -> B1 -> B2 with B2's parent claimed to be B0: every ancestor still dominates
    const chain: Doc = { format: "formal-ssa/1", kind: "cfg", entry: "B0", blocks: [
      { id: "B0", preds: [], stmts: [{ defs: ["x"], uses: [] }] },
      { id: "B1", preds: ["B0"], stmts: [{ defs: [], uses: ["x"] }] },
      { id: "B2", preds: ["B1"], stmts: [{ defs: [], uses: ["x"] }] },
    ] } as Doc;
    const ssa = construct(chain as never, { algorithm: "braun", minimize: "peel" }) as Doc;
    const cert = validate(chain, ssa, { certificate: true }).certificate!;
    expect(cert.functions[0].dominators).toEqual({ parent: [-1, 0, 1], order: [0, 1, 2] });
    expect(recheck(chain, ssa, cert).verdict).toBe("accepted");
    for (const order of [[0, 1, 2], [0, 2, 1]]) {
      const flat = { ...cert, functions: [{ ...cert.functions[0], dominators: { parent: [-1, 0, 0], order } }] };
      const r = recheck(chain, ssa, flat);
      expect([r.verdict, r.functions[0].failure]).toEqual(["rejected", expect.stringMatching(/^Entry_reaches: .*low-high|^Entry_reaches: .*earlier/)]);
    }
    // the diamond: B3's predecessors B1 and B2 must stand on both sides of it
    const d = diamond();
    expect(d.cert.functions[0].dominators).toEqual({ parent: [-1, 0, 0, 0], order: [0, 1, 3, 2] });
    expect(recheck(d.doc, d.ssa, d.cert).verdict).toBe("accepted");
    const lowOnly = recheck(d.doc, d.ssa, d.with([-1, 0, 0, 0], [0, 1, 2, 3]));
    expect([lowOnly.verdict, lowOnly.functions[0].failure]).toEqual(["rejected", expect.stringMatching(/^Entry_reaches: .*not low-high/)]);
  });

  it("on random CFGs, every block hung from a proper dominator above its parent is rejected, under two preorders of the changed tree", () => {
    let changed = 0;
    fc.assert(
      fc.property(pairArbitrary, fc.nat(), ({ cfg, algorithm, minimize }, pick) => {
        const doc = cfg as Doc;
        const ssa = construct(doc as never, { algorithm, minimize: minimize as never, unchecked: true }) as Doc;
        const cert = validate(doc, ssa, { certificate: true }).certificate;
        if (cert === undefined) return;
        const { parent } = cert.functions[0].dominators;
        const deep = parent.map((p, b) => (p >= 0 && parent[p] >= 0 ? b : -1)).filter((b) => b >= 0);
        if (deep.length === 0) return;
        const v = deep[pick % deep.length];
        const hung = [...parent];
        hung[v] = parent[parent[v]];
        changed++;
        for (const reversed of [false, true]) {
          // a preorder of the changed tree: children by their place in the certificate's order, or the reverse
          const place = new Map(cert.functions[0].dominators.order.map((b, i) => [b, reversed ? -i : i]));
          const kids = hung.map((_, b) => hung.map((p, c) => (p === b ? c : -1)).filter((c) => c >= 0).sort((x, y) => place.get(x)! - place.get(y)!));
          const order: number[] = [];
          for (const stack = [hung.indexOf(-1)]; stack.length > 0; ) {
            const b = stack.pop()!;
            order.push(b);
            stack.push(...[...kids[b]].reverse());
          }
          const forged = { ...cert, functions: [{ ...cert.functions[0], dominators: { parent: hung, order } }] };
          const r = recheck(doc, ssa, forged);
          expect([r.verdict, r.functions[0].failure?.split(":")[0]]).toEqual(["rejected", "Entry_reaches"]);
        }
      }),
      { numRuns: 500, seed: 20161017 },
    );
    expect(changed).toBeGreaterThan(100);
  });
});
