/**
 * The certificate checker (certificate/recheck.ts) against `validate`, on random CFGs of every
 * shape and every construction, minimised or not, and on their mutants:
 * - completeness: every function validate certifies gets a certificate that recheck accepts;
 * - soundness: recheck never accepts a pair validate rejects, whatever certificate it is given:
 *   the valid pair's own certificate reused on mutants of its SSA (swapped phi arguments, a use
 *   pointed at another value, a dropped phi, a definition renamed), certificates forged for the
 *   broken pairs (the emitter run on them), and certificates mutated field by field;
 * - every rejection is one line that starts with the name of the rule that failed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recheck, type Certificate, type FunctionCertificate } from "../../api/certificate.js";
import { certificateOfPair } from "../../api/certify.js";
import { ALGORITHMS, construct } from "../../api/construct.js";
import { cfgArbitrary } from "../../api/fuzz.js";
import { validate } from "../../api/validate.js";
import type { FunctionDoc } from "../../io/format.js";
import { lowerPair } from "../../io/lower.js";
import { docMutants } from "../helpers/mutate_doc.js";

type Doc = FunctionDoc & { name?: string };

/** The certificate the emitter gives a pair whatever validate says of it: what a broken validator would hand out. */
function forged(cfg: Doc, ssa: Doc, undef: "strict" | "refine"): Certificate | undefined {
  const pair = lowerPair(cfg, ssa, "original", "ssa", cfg.name ?? "#0");
  return pair.ok ? { format: "formal-ssa/certificate@1", undef, functions: [certificateOfPair(cfg.name ?? "#0", pair)] } : undefined;
}

const RULE_LINE = /^[A-Za-z_.]+: [^\n]+$/;

/** A certificate with one field changed: a parent, or two blocks of the order swapped. */
function mutateCertificate(c: Certificate, pick: number[]): Certificate {
  const f: FunctionCertificate = JSON.parse(JSON.stringify(c.functions[0])) as FunctionCertificate;
  const B = f.dominators.parent.length;
  const at = (k: number, n: number) => Math.floor(pick[k % pick.length] * n);
  if (pick[0] < 0.5) f.dominators.parent[at(1, B)] = at(2, B + 1) - 1;
  else {
    const [i, j] = [at(3, B), at(4, B)];
    [f.dominators.order[i], f.dominators.order[j]] = [f.dominators.order[j], f.dominators.order[i]];
  }
  return { ...c, functions: [f] };
}

const arbitraryPair = fc.record({
  undef: fc.constantFrom("strict", "refine" as const),
  cfg: fc.oneof(cfgArbitrary("reducible", 10), cfgArbitrary("any", 10)),
  algorithm: fc.constantFrom(...ALGORITHMS),
  minimize: fc.constantFrom("trivial", "none", "peel" as const),
  pick: fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 10, maxLength: 10 }),
});

describe("recheck agrees with validate", () => {
  const rules = new Map<string, number>();
  const tally = { refined: 0, certified: 0, rejected: 0, mutants: 0, mutantsRejected: 0, forgedRejected: 0, fieldMutants: 0 };

  it("completeness: every certified function's certificate is accepted; soundness: no certificate makes recheck accept a pair validate rejects", () => {
    fc.assert(
      fc.property(arbitraryPair, ({ undef, cfg, algorithm, minimize, pick }) => {
        const doc = cfg as Doc;
        const ssa = construct(doc as never, { algorithm, minimize: minimize as never, unchecked: true }) as Doc;
        const r = validate(doc, ssa, { certificate: true, undef });
        const pairs: { ssa: Doc; cert: Certificate | undefined }[] = [];
        if (r.verdict === "certified") {
          tally.certified++;
          // strict mode: every certified function is covered
          expect(r.certificate!.functions.length).toBe(1);
          expect(recheck(doc, ssa, r.certificate)).toMatchObject({ verdict: "accepted" });
          for (const m of docMutants(ssa, pick)) pairs.push({ ssa: m, cert: r.certificate });
        } else {
          tally.rejected++;
          expect(r.certificate!.functions).toEqual([]);
          pairs.push({ ssa, cert: forged(doc, ssa, undef) });
        }
        for (const p of pairs) {
          const v = validate(doc, p.ssa, { undef, certificate: true });
          const certified = v.verdict === "certified";
          if (certified && (v.functions[0].stats.refinements ?? 0) > 0) {
            // a mutant certified only up to refinement (it reads an uninitialised definition
            // where the original does): its own certificate is accepted
            tally.refined++;
            expect(recheck(doc, p.ssa, v.certificate)).toMatchObject({ verdict: "accepted" });
          }
          if (p.cert !== undefined) {
            const again = recheck(doc, p.ssa, p.cert);
            if (!certified) {
              tally.mutants++;
              expect(again.verdict).toBe("rejected");
              expect(again.functions[0].failure).toMatch(RULE_LINE);
              tally.mutantsRejected++;
              const rule = again.functions[0].failure!.split(":")[0];
              rules.set(rule, (rules.get(rule) ?? 0) + 1);
            }
          }
          if (certified) continue;
          // a certificate forged for the broken pair, and that one changed field by field
          const f = forged(doc, p.ssa, undef);
          if (f === undefined) continue;
          expect(recheck(doc, p.ssa, f).verdict).toBe("rejected");
          tally.forgedRejected++;
          const fm = mutateCertificate(f, pick);
          tally.fieldMutants++;
          expect(recheck(doc, p.ssa, fm).verdict).toBe("rejected");
        }
      }),
      { numRuns: 1500 },
    );
    // the run exercised both sides
    expect(tally.certified).toBeGreaterThan(300);
    expect(tally.mutantsRejected).toBeGreaterThan(300);
    expect(tally.refined).toBeGreaterThan(30);
    console.log(`recheck: ${JSON.stringify(tally)}; the rules that rejected the mutants: ${JSON.stringify(Object.fromEntries([...rules].sort()))}`);
    // each kind of mistake is caught by the rule about it, not only by one catch-all
    for (const rule of ["allUses_def_ass", "allDefs_disjoint", "conventional", "oldUses_correct", "phis_same_var"]) expect(rules.get(rule) ?? 0).toBeGreaterThan(0);
  });

  it("quality: a certificate that vouches for pruned and no_trivial_phis is accepted exactly where validate certifies them", () => {
    fc.assert(
      fc.property(arbitraryPair, ({ cfg, algorithm, minimize }) => {
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
