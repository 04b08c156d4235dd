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
import type { LlvmFunction } from "../../adapters/llvm/ir.js";
import { attachmentsOf, localTokens, mayHaveAttachmentsBeyond, sameSkeleton, shapeOf, SourceText } from "../../adapters/llvm/text.js";
import { ModuleChecker } from "../../adapters/llvm/verify.js";

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
  // each line read alone, by a strict reader of its own (no module around it: no named types)
  const skeleton = (t: string) => {
    const src = new SourceText(t, "t.ll");
    src.reader = new ModuleChecker("t.ll");
    return shapeOf(src, t, 1).skeleton;
  };
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

describe("attachmentsOf: an instruction's metadata attachments by kind", () => {
  const of = (t: string) => Object.fromEntries(attachmentsOf(t));
  it("after the last operand, each after a comma outside brackets and strings", () => {
    expect(of("%r = load i32, i32* %p, align 4, !range !0, !noundef !1")).toEqual({ range: "!0", noundef: "!1" });
    expect(of("br i1 %c, label %a, label %b, !prof !6, !llvm.loop !7")).toEqual({ prof: "!6", "llvm.loop": "!7" });
    // inline nodes, and commas inside them
    expect(of("%x = load i8, i8* %p, !range !{i8 0, i8 2}, !dbg !DILocation(line: 3, scope: !4)")).toEqual({ range: "!{i8 0, i8 2}", dbg: "!DILocation(line: 3, scope: !4)" });
    // `, !` inside strings, brackets and metadata arguments is no attachment
    expect(of('call void asm sideeffect "a, !b", ""(), !srcloc !3')).toEqual({ srcloc: "!3" });
    expect(of("call void @llvm.experimental.noalias.scope.decl(metadata !14)")).toEqual({});
    expect(of("switch i32 %x, label %d [\n i32 0, label %a\n ], !prof !2")).toEqual({ prof: "!2" });
    expect(of("%y = add i32 %a, %b")).toEqual({});
  });

  it("on every instruction line of the fixtures: none but those written (fixture lines with `, !<kind>`)", () => {
    for (const line of lines) {
      const kinds = [...line.matchAll(/, !([A-Za-z_.$-][\w.$-]*) /g)].map((m) => m[1]);
      // a string constant with `, !x ` inside would be counted by the pattern but is no attachment
      if (line.includes('"')) continue;
      // a piece of an instruction written over several lines (`], !dbg !18` closing a switch)
      const count = (re: RegExp) => (line.match(re) ?? []).length;
      if (count(/[([{<]/g) !== count(/[)\]}>]/g)) continue;
      expect({ line, kinds: [...attachmentsOf(line).keys()] }).toEqual({ line, kinds });
    }
  });
});

describe("mayHaveAttachmentsBeyond: the cheap test before attachmentsOf", () => {
  const debug = new Set(["dbg", "DIAssignID"]);
  it("false only where every attachment is of the given kinds (fixture lines, and made-up ones)", () => {
    const made = ["%x = add i32 %a, %b, !dbg !3", "%x = add i32 %a, %b, !dbg !3, !foo2 !4", "%x = load i32, i32* %p, !range !{i32 0, i32 1}", 'call void asm "x, !dbg ", ""(), !srcloc !1', "store i32 0, i32* %p, !DIAssignID !9, !dbg !3"];
    for (const line of [...lines, ...made]) {
      const beyond = [...attachmentsOf(line).keys()].some((k) => !debug.has(k));
      if (beyond) expect({ line, may: mayHaveAttachmentsBeyond(line, debug) }).toEqual({ line, may: true });
    }
    expect(made.map((l) => mayHaveAttachmentsBeyond(l, debug))).toEqual([false, true, true, true, false]);
  });
});

describe("SourceText.instruction: each line, cut in place where it is ASCII, reads as the documented rule says", () => {
  /**
   * The reference, from the documented rule: the line up to the first `;` outside double quotes
   * (no cut after a quote left open), then `trim` (which also drops Unicode blanks).
   */
  function referenceText(line: string): string {
    let quoted = false;
    let cut = line.length;
    for (let j = 0; j < line.length; j++) {
      if (line[j] === '"') quoted = !quoted;
      else if (line[j] === ";" && !quoted) {
        cut = j;
        break;
      }
    }
    return line.slice(0, cut).trim();
  }
  const chars = fc.constantFrom("a", "%", "1", " ", "\t", '"', ";", "=", ",", "\r", "é", "\u00a0", "\u2028", "\v");
  const line = fc.array(chars, { maxLength: 24 }).map((cs) => cs.join(""));

  it("each instruction of a block of random lines, single-line ones and the last (read up to the `}`) alike", () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), fc.boolean(), (lines, crlf) => {
        const nl = crlf ? "\r\n" : "\n";
        const text = ["bb:", ...lines, "}"].join(nl);
        const src = new SourceText(text, "t.ll");
        // one block labelled on line 1, instruction k on line k + 2
        const fn = { blocks: [{ label: "bb", line: 1, succs: [], instrs: lines.map((_, k) => ({ line: k + 2 })) }] } as unknown as LlvmFunction;
        for (let k = 0; k < lines.length; k++) {
          // the last one is read by the general way, up to the `}`; lines after it that are blank read as nothing
          const want = k + 1 < lines.length ? referenceText(lines[k]) : [referenceText(lines[k])].filter((s) => s.length > 0).join(" ");
          expect(src.instruction(fn, 0, k)).toBe(want);
        }
      }),
      { numRuns: 2000, seed: 1979 },
    );
  });
});
