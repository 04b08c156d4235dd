/**
 * adapters/gcc/tokens.ts's `tokenize` scans character codes, for speed (it cuts every statement
 * of both dumps). Its tokens are those of the definition below, the regular-expression scanner
 * it replaced (kept here as the reference): on every line of the committed GCC dumps and on
 * random statements over GIMPLE's characters.
 */
import fc from "fast-check";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tokenize } from "../../adapters/gcc/tokens.js";
import { ROOT } from "../cli/cli.js";

const NAME_START = /[A-Za-z_$]/;
const NAME_CHAR = /[A-Za-z0-9_$]/;
const DIGIT = /[0-9]/;
const OPERATORS = ["->", "==", "!=", "<=", ">=", "<<", ">>", "&&", "||"];

/** The reference: names (with `.N`/`#N` continuations and `(D)`/`(ab)`), numbers, literals whole, `<retval>`, `={v}` as `=`, two-character operators, else one character. */
function referenceTokens(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === " " || c === "\t") i++;
    else if (NAME_START.test(c)) {
      let j = i + 1;
      for (;;) {
        while (j < text.length && NAME_CHAR.test(text[j])) j++;
        if (j + 1 < text.length && (text[j] === "." || text[j] === "#") && DIGIT.test(text[j + 1])) {
          j++;
          continue;
        }
        break;
      }
      if (text.startsWith("(D)", j)) j += 3;
      if (text.startsWith("(ab)", j)) j += 4;
      out.push(text.slice(i, j));
      i = j;
    } else if (DIGIT.test(c)) {
      let j = i + 1;
      while (j < text.length && (NAME_CHAR.test(text[j]) || text[j] === ".")) j++;
      out.push(text.slice(i, j));
      i = j;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === "\\" ? 2 : 1;
      j = Math.min(j + 1, text.length);
      out.push(text.slice(i, j));
      i = j;
    } else if (text.startsWith("<retval>", i)) {
      out.push("<retval>");
      i += 8;
    } else if (text.startsWith("={v}", i)) {
      out.push("=");
      i += 4;
    } else {
      const op = OPERATORS.find((o) => text.startsWith(o, i));
      out.push(op ?? c);
      i += op?.length ?? 1;
    }
  }
  return out;
}

describe("tokenize: the reference's tokens", () => {
  it("on every line of the committed GCC dumps", () => {
    const dir = join(ROOT, "test/fixtures/gcc");
    let lines = 0;
    for (const f of readdirSync(dir).filter((x) => /\.(cfg|fixup_cfg1|ssa)$/.test(x)))
      for (const line of readFileSync(join(dir, f), "utf8").split("\n")) {
        expect(tokenize(line), `${f}: ${line}`).toEqual(referenceTokens(line));
        lines++;
      }
    expect(lines).toBeGreaterThan(1000);
  });

  it("on random statements over GIMPLE's characters (names, SSA suffixes, literals, operators)", () => {
    const piece = fc.constantFrom("x", "D", ".", "1992", "_5", "(D)", "(ab)", "#0", "<retval>", "={v}", "=", "->", "<", "<<", "<=", ">", "!", "&", "|", "-", " ", "\t", '"', "'", "\\", "$", "{v}", "é", "\u{1F600}", "(", ")", ";", "[", "]", "MEM", "0x1f", "1.5e+3");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (parts) => {
        const s = parts.join("");
        expect(tokenize(s)).toEqual(referenceTokens(s));
      }),
      { numRuns: 3000, seed: 20261128 },
    );
  });
});
