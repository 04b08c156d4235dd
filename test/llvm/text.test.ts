/**
 * adapters/llvm/text.ts: `sameSkeleton`, the one-pass comparison every instruction pair of the
 * validator goes through, agrees with the reference split `localTokens` (equal skeletons, as many
 * names, the names pairwise) on real instruction texts and on perturbed ones; `shapeOf`'s
 * skeletons never hold metadata attachments, wherever the parser stops reading.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { localTokens, sameSkeleton, shapeOf } from "../../adapters/llvm/text.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/llvm/", import.meta.url));

/** The reference: the names paired when the skeletons agree, else null. */
function reference(tb: string, ta: string): string[][] | null {
  const kb = localTokens(tb);
  const ka = localTokens(ta);
  if (kb === null || ka === null || kb.skeleton !== ka.skeleton || kb.names.length !== ka.names.length) return null;
  return kb.names.map((n, k) => [n, ka.names[k]]);
}

function fused(tb: string, ta: string): string[][] | null {
  const pairs: string[][] = [];
  return sameSkeleton(tb, ta, (x, y) => (pairs.push([x, y]), true)) ? pairs : null;
}

/** Instruction lines of the fixtures, trimmed, comments and labels left out. */
const lines = readdirSync(FIXTURES)
  .filter((f) => f.endsWith(".ll"))
  .flatMap((f) => readFileSync(join(FIXTURES, f), "utf8").split("\n"))
  .filter((l) => l.startsWith("  ") && !l.trimStart().startsWith(";"))
  .map((l) => l.trim());

describe("sameSkeleton = localTokens compared", () => {
  it(`on every pair of neighbouring instruction lines of the fixtures (${lines.length} lines)`, () => {
    expect(lines.length).toBeGreaterThan(1000);
    let agreeing = 0;
    for (let k = 0; k + 1 < lines.length; k++) {
      expect(fused(lines[k], lines[k])).toEqual(reference(lines[k], lines[k]));
      const r = reference(lines[k], lines[k + 1]);
      expect({ tb: lines[k], ta: lines[k + 1], r: fused(lines[k], lines[k + 1]) }).toEqual({ tb: lines[k], ta: lines[k + 1], r });
      if (r !== null) agreeing++;
    }
    expect(agreeing).toBeGreaterThan(10);
  });

  it("on perturbed lines: renamed locals, attachments, blanks, strings, cut texts", () => {
    const perturb = fc.constantFrom(
      (s: string) => s.replace(/%([\w.]+)/g, "%r$1"),
      (s: string) => s.replace(/%(\d+)/, "%\"q $1\""),
      (s: string) => `${s}, !dbg !99`,
      (s: string) => `${s}  `,
      (s: string) => s.replace(", !dbg !", ",   !dbg !"),
      (s: string) => s.replace(/, ![\w.]+ ![\d]+/g, ""),
      (s: string) => s.replace(/i32/, "i64"),
      (s: string) => s.replace(/"/, ""),
      (s: string) => s.slice(0, Math.floor(s.length / 2)),
      (s: string) => s.replace(/%/, ""),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: lines.length - 1 }), perturb, perturb, (k, p, q) => {
        const tb = p(lines[k]);
        const ta = q(lines[k]);
        expect(fused(tb, ta)).toEqual(reference(tb, ta));
      }),
      { numRuns: 3000 },
    );
  });
});

describe("shapeOf: attachments are not part of a skeleton", () => {
  const skeleton = (t: string) => shapeOf(t, 1).shape.skeleton;
  it("where the parser skips the rest of an instruction as a whole (landingpad clauses, fence orderings)", () => {
    // rustc -g: opt renumbers the !dbg of a landingpad that has only `cleanup`
    expect(skeleton("%15 = landingpad { i8*, i32 } cleanup, !dbg !2786")).toBe("landingpad { i8*, i32 } cleanup");
    expect(skeleton("%15 = landingpad { i8*, i32 } cleanup, !dbg !2786")).toBe(skeleton("%14 = landingpad { i8*, i32 } cleanup, !dbg !2784"));
    expect(skeleton('%l = landingpad { ptr, i32 } catch ptr @_ZTIi, !dbg !7')).toBe(skeleton('%l = landingpad { ptr, i32 } catch ptr @_ZTIi'));
    expect(skeleton('fence syncscope("singlethread") acquire, !dbg !3')).toBe('fence syncscope("singlethread") acquire');
  });

  it(`on every instruction line of the fixtures that parses alone, with an attachment added (${lines.length} lines)`, () => {
    let parsed = 0;
    for (const line of lines) {
      let plain: string;
      try {
        plain = skeleton(line);
      } catch {
        continue; // a line of a longer instruction
      }
      parsed++;
      expect({ line, s: skeleton(`${line}, !dbg !12345`) }).toEqual({ line, s: plain });
      expect(plain).not.toMatch(/, !(dbg|tbaa|llvm\.loop|noalias|alias\.scope|srcloc|nonnull) !/);
    }
    expect(parsed).toBeGreaterThan(1000);
  });
});
