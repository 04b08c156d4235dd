/**
 * The certificate checker (certificate/recheck.ts) against `validate`, on random CFGs of every
 * shape under every construction, minimised or not, strict and `--undef refine`, and on their
 * mutants (bench/certificate_soundness.ts runs the same at the scale of 10^5 cases):
 * - completeness: every function validate certifies gets a certificate that recheck accepts;
 * - soundness: recheck never accepts a pair validate rejects, whatever certificate it is given:
 *   the valid pair's own certificate reused on mutants of its SSA (swapped phi arguments, a use
 *   pointed at another value, a dropped phi, a definition renamed), certificates forged for the
 *   broken pairs (the emitter run on them), and certificates mutated field by field;
 * - every rejection is one line that starts with the name of the rule that failed.
 */
import fc from "fast-check";
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
    for (const rule of ["allUses_def_ass", "allDefs_disjoint", "conventional", "equiv", "oldUses_correct", "phis_same_var"]) expect(tally.rules[rule] ?? 0).toBeGreaterThan(0);
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
});
