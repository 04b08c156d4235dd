/**
 * The checker is independent of formal-ssa's checkers: with checks/ broken on purpose (its
 * verdict function says every property holds), `validate` certifies broken translations and
 * hands out certificates for them, and `recheck`, which imports nothing from checks/, rejects
 * every one of them by the rule they break.
 */
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { recheck } from "../../api/certificate.js";
import { construct } from "../../api/construct.js";
import { cfgArbitrary } from "../../api/campaign/constructors.js";
import { validate } from "../../api/validate.js";
import { QUALITY } from "../../checks/index.js";
import type { FunctionDoc } from "../../io/format.js";
import { docMutants } from "../../fuzz/mutate_doc.js";

vi.mock("../../checks/index.js", async (load) => {
  const real = await load<typeof import("../../checks/index.js")>();
  return { ...real, certified: () => true };
});

describe("recheck does not rest on checks/", () => {
  it("the broken validator certifies the swapped-phi diamond and gives it a certificate; recheck rejects it (conventional)", () => {
    const cfg = readFileSync(new URL("../../examples/diamond.json", import.meta.url), "utf8");
    const bad = readFileSync(new URL("../../examples/diamond.bad.ssa.json", import.meta.url), "utf8");
    const r = validate(cfg, bad, { certificate: true });
    expect(r.verdict).toBe("certified"); // the sabotage works
    expect(r.certificate!.functions).toHaveLength(1);
    const again = recheck(cfg, bad, r.certificate);
    expect(again.verdict).toBe("rejected");
    expect(again.functions[0].failure).toMatch(/^[A-Za-z_.]+: block "\w+"/);
  });

  it("on random mutants, which the broken validator all certifies, recheck rejects every one whose report shows a failed validity property", () => {
    let rejected = 0;
    fc.assert(
      fc.property(cfgArbitrary("any", 8), fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 10, maxLength: 10 }), (cfg, pick) => {
        const ssa = construct(cfg as never) as FunctionDoc;
        for (const m of docMutants(ssa, pick)) {
          const r = validate(cfg, m, { certificate: true });
          if (r.certificate!.functions.length === 0) continue; // the pair does not even lower to one graph
          const broken = r.functions[0].verdict === "certified";
          expect(broken).toBe(true);
          const reallyHolds = Object.entries(r.functions[0].properties).every(([name, p]) => p.holds || (QUALITY as readonly string[]).includes(name));
          const again = recheck(cfg, m, r.certificate);
          if (!reallyHolds) {
            rejected++;
            expect(again.verdict).toBe("rejected");
          }
        }
      }),
      { numRuns: 300 },
    );
    expect(rejected).toBeGreaterThan(100);
  });
});
