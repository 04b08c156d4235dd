import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MalformedInput } from "../../spec/errors.js";
import { readDocumentFile } from "../../api/node/files.js";
import { readDocumentText } from "../../io/read.js";
import { decodeText } from "../../io/text.js";

const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : Buffer.from(p))));
const failure = (b: Uint8Array, file = "f.json"): string => {
  try {
    decodeText(b, file);
  } catch (e) {
    expect(e).toBeInstanceOf(MalformedInput);
    return (e as Error).message;
  }
  throw new Error("decodeText accepted the bytes");
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "formal-ssa-text-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: Uint8Array | string): string => {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
};

const DOC = `{"format": "formal-ssa/1", "kind": "cfg", "name": "NAME", "entry": "A", "blocks": [{"id": "A", "preds": []}]}`;

describe("decodeText", () => {
  it("ASCII, also a view into a larger buffer", () => {
    expect(decodeText(bytes("{}\n"), "f")).toBe("{}\n");
    expect(decodeText(new Uint8Array(0), "f")).toBe("");
    const big = bytes("xx", "abc", "yy");
    expect(decodeText(big.subarray(2, 5), "f")).toBe("abc");
  });

  it("multi-byte UTF-8: é (2 bytes), € (3), 𝄞 (4)", () => {
    const s = "é € 𝄞\nnamé";
    expect(decodeText(bytes(s), "f")).toBe(s);
    const big = bytes([0xff], "é€𝄞", [0xff]);
    expect(decodeText(big.subarray(1, big.length - 1), "f")).toBe("é€𝄞");
  });

  it("a leading BOM stays in the string", () => {
    expect(decodeText(bytes([0xef, 0xbb, 0xbf], "{}"), "f")).toBe("\uFEFF{}");
  });

  // each bad sequence after "ab\ncd" (line 2, byte offset 5) and at the very start
  const cases: [string, number[], string][] = [
    ["a byte that is never UTF-8", [0xff], "invalid byte 0xff"],
    ["a stray continuation byte", [0x80], "unexpected continuation byte 0x80"],
    ["an overlong encoding with 0xc0", [0xc0, 0xaf], "invalid byte 0xc0 (overlong encoding)"],
    ["an overlong 3-byte encoding", [0xe0, 0x80, 0xaf], "overlong encoding 0xe0 0x80 0xaf (U+002F)"],
    ["an encoded surrogate", [0xed, 0xa0, 0x80], "encoded surrogate 0xed 0xa0 0x80 (U+D800)"],
    ["a code point above U+10FFFF", [0xf4, 0x90, 0x80, 0x80], "code point above U+10FFFF: 0xf4 0x90 0x80 0x80 (U+110000)"],
    ["a lead byte without its continuation", [0xe2, 0x82, 0x41], "incomplete sequence 0xe2 0x82 (followed by 0x41, not a continuation byte)"],
  ];
  for (const [what, bad, reason] of cases)
    it(`${what}: ${reason}`, () => {
      expect(failure(bytes("ab\ncd", bad, "ef\n"))).toBe(`f.json: not UTF-8: line 2, byte offset 5: ${reason}`);
      expect(failure(bytes(bad, "\n"))).toBe(`f.json: not UTF-8: line 1, byte offset 0: ${reason}`);
    });

  it("a sequence cut off at the end: truncated", () => {
    expect(failure(bytes("ab\ncd\n€", [0xe2, 0x82]))).toBe(`f.json: not UTF-8: line 3, byte offset 9: truncated sequence 0xe2 0x82 at the end`);
    expect(failure(bytes([0xf0]))).toBe(`f.json: not UTF-8: line 1, byte offset 0: truncated sequence 0xf0 at the end`);
  });

  it("the offset is the start of the bad sequence, after valid multi-byte characters", () => {
    // é is 2 bytes, € 3, 𝄞 4: the 0xff is at 9
    expect(failure(bytes("é€𝄞", [0xff]))).toBe(`f.json: not UTF-8: line 1, byte offset 9: invalid byte 0xff`);
    // the surrogate's lead byte, not its second byte
    expect(failure(bytes("é", [0xed, 0xbf, 0xbf]))).toBe(`f.json: not UTF-8: line 1, byte offset 2: encoded surrogate 0xed 0xbf 0xbf (U+DFFF)`);
    // an excluded form cut short shows the bytes there are
    expect(failure(bytes([0xf0, 0x80]))).toBe(`f.json: not UTF-8: line 1, byte offset 0: overlong encoding 0xf0 0x80`);
  });

  const SEED = 20240611;
  it(`agrees with TextDecoder (fatal, ignoreBOM) and reports the first bad sequence (fast-check, seed ${SEED})`, () => {
    const special = [0x0a, 0x41, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xef, 0xf0, 0xf1, 0xf4, 0xf5, 0xff];
    const leads = [0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5];
    const edges = [0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0];
    const chunk = fc.oneof(
      fc.string({ unit: "binary", maxLength: 6 }).map((s) => new TextEncoder().encode(s)),
      fc.string({ unit: "binary", maxLength: 3 }).map((s) => new TextEncoder().encode(s).subarray(1)),
      fc.uint8Array({ minLength: 1, maxLength: 3 }),
      fc.constantFrom(...special).map((b) => Uint8Array.of(b)),
      // a lead byte and 0 to 3 bytes at the edges of the ranges a second or later byte must be in
      fc
        .tuple(fc.constantFrom(...leads), fc.array(fc.constantFrom(...edges), { maxLength: 3 }))
        .map(([lead, rest]) => Uint8Array.of(lead, ...rest)),
      fc.constant(Uint8Array.of(0xef, 0xbb, 0xbf)),
    );
    const input = fc.array(chunk, { maxLength: 10 }).map((cs) => new Uint8Array(Buffer.concat(cs)));
    let valid = 0;
    let invalid = 0;
    fc.assert(
      fc.property(input, (b) => {
        let want: string | undefined;
        try {
          want = fatal.decode(b);
        } catch {
          want = undefined;
        }
        let got: string | undefined;
        let message: string | undefined;
        try {
          got = decodeText(b, "f");
        } catch (e) {
          expect(e).toBeInstanceOf(MalformedInput);
          message = (e as Error).message;
        }
        expect(message === undefined).toBe(want !== undefined);
        if (want !== undefined) {
          valid++;
          expect(got).toBe(want);
          return;
        }
        invalid++;
        const m = /^f: not UTF-8: line (\d+), byte offset (\d+): [^\n]+$/.exec(message!);
        expect(m, message).not.toBeNull();
        const offset = Number(m![2]);
        expect(offset).toBeLessThan(b.length);
        // the bytes before are UTF-8, and no valid sequence (1 to 4 bytes) starts at the offset
        expect(() => fatal.decode(b.subarray(0, offset))).not.toThrow();
        for (let k = 1; k <= 4 && offset + k <= b.length; k++) expect(() => fatal.decode(b.subarray(offset, offset + k))).toThrow();
        expect(Number(m![1])).toBe(1 + b.subarray(0, offset).filter((x) => x === 0x0a).length);
      }),
      { seed: SEED, numRuns: 3000 },
    );
    // both kinds of input were tried, a fair number of each
    expect(valid).toBeGreaterThan(300);
    expect(invalid).toBeGreaterThan(300);
  });
});

describe("readDocumentFile reads UTF-8 strictly", () => {
  it("a valid non-ASCII file is read as before", () => {
    const p = file("utf8.json", DOC.replace("NAME", "é€𝄞"));
    expect(readDocumentFile(p)[0].name).toBe("é€𝄞");
  });

  it("a BOM file reads as without the BOM, and its errors have the same line and column", () => {
    const bom = [0xef, 0xbb, 0xbf];
    const p = file("bom.json", bytes(bom, DOC));
    expect(readDocumentFile(p)).toEqual(readDocumentText(DOC, p));
    expect(readDocumentText(`\uFEFF${DOC}`, p)).toEqual(readDocumentText(DOC, p));
    const broken = `{"format": "formal-ssa/1",\n  "kind": }`;
    const q = file("bom-broken.json", bytes(bom, broken));
    expect(() => readDocumentFile(q)).toThrow(`${q}: not JSON: line 2, column 11: unexpected '}'`);
    const r = file("bom-broken-line1.json", bytes(bom, `{"kind": }`));
    expect(() => readDocumentFile(r)).toThrow(`${r}: not JSON: line 1, column 10: unexpected '}'`);
  });

  it("invalid UTF-8 is MalformedInput naming the file, line and byte offset", () => {
    // a name ending in the lead byte of é (0xc3 0xa9) alone, then the closing quote
    const [before, after] = DOC.split("NAME");
    const at = Buffer.byteLength(before) + 1;
    const p = file("cut.json", bytes(before, "f", [0xc3], after));
    let err: unknown;
    try {
      readDocumentFile(p);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MalformedInput);
    expect((err as Error).message).toBe(`${p}: not UTF-8: line 1, byte offset ${at}: incomplete sequence 0xc3 (followed by 0x22, not a continuation byte)`);
    // Latin-1 text, the usual way to get there
    const q = file("latin1b.json", Buffer.from(`{\n"name": "caf\u00e9"}`, "latin1"));
    expect(() => readDocumentFile(q)).toThrow(`${q}: not UTF-8: line 2, byte offset 14: incomplete sequence 0xe9 (followed by 0x22, not a continuation byte)`);
  });

  it("an unreadable file: the message is unchanged", () => {
    const p = join(dir, "missing.json");
    expect(() => readDocumentFile(p)).toThrow(`${p}: cannot read the file (no such file)`);
    expect(() => readDocumentFile(dir)).toThrow(`${dir}: cannot read the file (it is a directory)`);
  });
});
