/**
 * The LLVM adapter names the values of its SSA document `x.undef`, `x.L.k`, `x.L.fold` and `%p`
 * and makes them distinct with a set only where `valueNamesMayCollide` says two may be equal.
 * Property: where it says they cannot, no choice of labels, statements and phi names makes
 * two of them equal. Names are drawn from a small alphabet rich in dots and `%`, so that the
 * collisions it must foresee are frequent.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { valueNamesMayCollide } from "../../adapters/llvm/mem2reg.js";

const name = fc.string({ unit: fc.constantFrom("a", "b", ".", "%", "1", "0"), minLength: 1, maxLength: 5 });

/** Every name `addVal` would give: per variable its uninitialised value, stores and folds; phis. */
function valueNames(vars: string[], labels: string[], statements: number, phis: string[]): string[] {
  const out: string[] = [];
  for (const x of vars) {
    out.push(`${x}.undef`);
    for (const l of labels) {
      for (let k = 0; k < statements; k++) out.push(`${x}.${l}.${k}`);
      out.push(`${x}.${l}.fold`);
    }
  }
  for (const p of phis) out.push(`%${p}`);
  return out;
}

describe("value names of the LLVM adapter", () => {
  it("distinct wherever valueNamesMayCollide says so (fast-check)", () => {
    let safe = 0;
    let risky = 0;
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { minLength: 1, maxLength: 4 }),
        fc.uniqueArray(name, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 12 }),
        fc.uniqueArray(name, { maxLength: 3 }),
        (vars, labels, statements, phis) => {
          if (valueNamesMayCollide(vars)) {
            risky++;
            return;
          }
          safe++;
          const names = valueNames(vars, labels, statements, phis);
          expect(new Set(names).size).toBe(names.length);
        },
      ),
      { numRuns: 2000 },
    );
    // both answers were met often enough for the property to mean something
    expect(safe).toBeGreaterThan(200);
    expect(risky).toBeGreaterThan(200);
  });

  it("foresees the collisions it must", () => {
    // `a` and `a.b`: `a.b.c.0` is statement 0 of block `b.c` of `a` and of block `c` of `a.b`
    expect(valueNamesMayCollide(["a", "a.b"])).toBe(true);
    expect(new Set(valueNames(["a", "a.b"], ["b.c", "c"], 1, [])).size).toBeLessThan(valueNames(["a", "a.b"], ["b.c", "c"], 1, []).length);
    // a variable named `%x` and the phi `%x.undef`
    expect(valueNamesMayCollide(["%x"])).toBe(true);
    expect(valueNamesMayCollide(["x.addr", "i", "for.body"])).toBe(false);
  });
});
