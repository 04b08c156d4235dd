import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MalformedInput } from "../../spec/errors.js";
import { findDuplicateKey } from "../../io/json.js";
import { readDocumentFile } from "../../api/node/files.js";
import { readDocumentText } from "../../io/read.js";

// an SSA document touching every kind of object: top level, block, statement, phi (a list and a
// keyed one), "vars"; each case below repeats one key by replacing a piece of it
const DOC = `{
  "format": "formal-ssa/1", "kind": "ssa", "name": "f", "entry": "A",
  "blocks": [
    {"id": "A", "preds": [], "stmts": [{"defs": ["x.0"], "uses": []}]},
    {"id": "B", "preds": ["A", "C"],
     "phis": [{"def": "x.1", "args": ["x.0", "x.2"]}, {"def": "y.1", "args": {"A": "x.0", "C": "x.2"}}]},
    {"id": "C", "preds": ["B"], "stmts": [{"defs": ["x.2"], "uses": ["x.1", "y.1"]}]}
  ],
  "vars": {"x.0": "x", "x.1": "x", "x.2": "x", "y.1": "x"}
}`;

const edit = (from: string, to: string): string => {
  expect(DOC.split(from).length, from).toBe(2);
  return DOC.replace(from, to);
};
const failure = (text: string): string => {
  try {
    readDocumentText(text, "d.json");
  } catch (e) {
    expect(e).toBeInstanceOf(MalformedInput);
    return (e as Error).message;
  }
  throw new Error("read without complaint");
};

describe("duplicate keys are malformed", () => {
  it("the document without duplicates reads", () => {
    expect(readDocumentText(DOC, "d.json")[0].vars).toEqual({ "x.0": "x", "x.1": "x", "x.2": "x", "y.1": "x" });
  });

  const cases: [string, string, string, string][] = [
    ["at the top level", `"entry": "A",\n`, `"entry": "A",\n  "kind": "ssa",\n`, `line 3, column 3: duplicate key "kind" in the top-level object`],
    ["in a block", `"preds": ["B"],`, `"preds": ["B"], "id": "C",`, `line 7, column 33: duplicate key "id" in /blocks/2`],
    ["two phis lists in a block", `"preds": ["A", "C"],\n`, `"preds": ["A", "C"], "phis": [],\n`, `line 6, column 6: duplicate key "phis" in /blocks/1`],
    ["in a phi", `{"def": "y.1",`, `{"def": "y.1", "def": "y.2",`, `line 6, column 70: duplicate key "def" in /blocks/1/phis/1`],
    ["in keyed phi args", `{"A": "x.0", "C": "x.2"}`, `{"A": "x.0", "C": "x.2", "A": "x.2"}`, `line 6, column 103: duplicate key "A" in /blocks/1/phis/1/args`],
    ["in a statement", `"uses": ["x.1", "y.1"]`, `"uses": ["x.1", "y.1"], "uses": []`, `line 7, column 85: duplicate key "uses" in /blocks/2/stmts/0`],
    ["in vars", `"x.2": "x", "y.1"`, `"x.2": "x", "x.1": "y", "y.1"`, `line 9, column 48: duplicate key "x.1" in /vars`],
  ];
  for (const [where, from, to, message] of cases)
    it(`${where}: ${message}`, () => {
      expect(failure(edit(from, to))).toBe(`d.json: ${message}`);
    });

  it("the place is the second occurrence, counted like syntax errors (UTF-16 columns, after a BOM)", () => {
    const text = edit(`"name": "f"`, `"name": "f\u20ac\u{1d11e}", "name": "g"`);
    // the second "name" is after `  "format": "formal-ssa/1", "kind": "ssa", "name": "f€𝄞", ` (𝄞 is two UTF-16 units)
    expect(failure(text)).toBe(`d.json: line 2, column 60: duplicate key "name" in the top-level object`);
    expect(failure(`\uFEFF${text}`)).toBe(`d.json: line 2, column 60: duplicate key "name" in the top-level object`);
  });

  it("in a module: the path starts at the module", () => {
    const text = `{"format": "formal-ssa/1", "functions": [${DOC}, ${edit(`{"id": "A", "preds": []`, `{"id": "A", "preds": [], "preds": []`)}]}`;
    expect(failure(text)).toBe(`d.json: line 13, column 30: duplicate key "preds" in /functions/1/blocks/0`);
  });

  it("through readDocumentFile, and before any other complaint about the document", () => {
    const dir = mkdtempSync(join(tmpdir(), "formal-ssa-dup-"));
    try {
      const p = join(dir, "dup.json");
      writeFileSync(p, `{"format": "formal-ssa/1", "kind": "cfg", "entry": "A", "blocks": [], "kind": "dag"}`);
      expect(() => readDocumentFile(p)).toThrow(new MalformedInput(`${p}: line 1, column 71: duplicate key "kind" in the top-level object`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keys equal after decoding escapes are duplicates", () => {
    expect(failure(edit(`"x.2": "x", "y.1"`, `"x.2": "x", "x\\u002e2": "y", "y.1"`))).toBe(`d.json: line 9, column 48: duplicate key "x.2" in /vars`);
    expect(findDuplicateKey(`{"a": 1, "\\u0061": 2}`)).toEqual({ line: 1, column: 10, key: "a", path: "" });
    expect(findDuplicateKey(`{"\\u0061": 1, "a": 2}`)?.key).toBe("a");
    expect(findDuplicateKey(`{"a\\"b": 1, "a\\u0022b": 2}`)?.key).toBe('a"b');
    expect(findDuplicateKey(`{"\\\\": 1, "\\u005c": 2}`)?.key).toBe("\\");
    expect(findDuplicateKey(`{"\\/": 1, "/": 2}`)?.key).toBe("/");
    // different after decoding: no duplicate
    expect(findDuplicateKey(`{"\\\\": 1, "\\\\\\\\": 2, "\\"": 3, "\\u0062": 4, "a": 5}`)).toBeUndefined();
  });

  it("no false positives: equal keys in different objects, equal strings as values, keys inside strings", () => {
    // every block has "id" and "preds", every statement "defs" and "uses"
    expect(findDuplicateKey(DOC)).toBeUndefined();
    expect(findDuplicateKey(`{"a": {"a": {"a": 1}}, "b": [{"a": 1}, {"a": 2}], "c": {"b": 1}}`)).toBeUndefined();
    expect(findDuplicateKey(`{"a": "a", "b": "a", "c": ["b", "b", "a"]}`)).toBeUndefined();
    expect(findDuplicateKey(`{"a": "\\", \\"a\\": 1", "b": "{\\"b\\": 1, \\"b\\": 2}"}`)).toBeUndefined();
    expect(findDuplicateKey(`{"a": "x\\\\", "b": "\\\\\\\\", "c": {"a": 1}}`)).toBeUndefined();
    expect(findDuplicateKey(`[{}, "a", {}, {"a": 1}, [], {"a": 2}]`)).toBeUndefined();
    // strings after an empty object in an array are values, also where an object was before
    expect(findDuplicateKey(`[{"a": {"b": 1}}, [{}, "b", {}, "b"]]`)).toBeUndefined();
    expect(findDuplicateKey(` \n\t{ "a" : 1 , "b"\n:\n2 }\n`)).toBeUndefined();
  });

  it("objects with many keys (a Set), and objects inside them", () => {
    const many = (n: number, extra = "") =>
      `{${Array.from({ length: n }, (_, i) => `"k${i}": {"k${i}": 1, "a": [{"a": 1, "b": 2}]}`).join(", ")}${extra}}`;
    expect(findDuplicateKey(many(1000))).toBeUndefined();
    for (const n of [2, 8, 9, 10, 100]) {
      const text = many(n, `, "k${n - 1}": 0`);
      expect(findDuplicateKey(text)).toEqual({ line: 1, column: text.lastIndexOf(`"k${n - 1}"`) + 1, key: `k${n - 1}`, path: "" });
      const first = many(n, `, "\\u006b0": 0`);
      expect(findDuplicateKey(first)?.key).toBe("k0");
    }
    // a duplicate inside a member of a large object, after the Set took over
    const inner = `{${Array.from({ length: 20 }, (_, i) => `"k${i}": ${i === 15 ? `{"x": 1, "y": 2, "x": 3}` : "0"}`).join(", ")}}`;
    expect(findDuplicateKey(`[0, ${inner}]`)).toMatchObject({ key: "x", path: "/1/k15" });
  });

  it("the path escapes '~' and '/' (RFC 6901) and is shortened when deep or long", () => {
    expect(findDuplicateKey(`{"a/b~c": [{"x": 1, "x": 2}]}`)?.path).toBe("/a~1b~0c/0");
    const long = "k".repeat(50);
    expect(findDuplicateKey(`{"${long}": {"x": 1, "x": 2}}`)?.path).toBe(`/${"k".repeat(40)}...`);
    expect(failure(`{"${long}": 1, "${long}": 2}`)).toBe(`d.json: line 1, column ${long.length + 9}: duplicate key "${"k".repeat(40)}..." in the top-level object`);
    const deep = (n: number) => `${'{"a": ['.repeat(n)}{"x": 1, "x": 2}${"]}".repeat(n)}`;
    expect(findDuplicateKey(deep(6))?.path).toBe("/a/0/a/0/a/0/a/0/a/0/a/0");
    expect(findDuplicateKey(deep(7))?.path).toBe("/a/0/a/0/a/0/.../a/0/a/0/a/0");
    expect(findDuplicateKey(`${'{"a": ['.repeat(6)}{"b": {"x": 1, "x": 2}}${"]}".repeat(6)}`)?.path).toBe("/a/0/a/0/a/0/.../0/a/0/a/0/b");
  });

  it("deep nesting (10^6 levels) cannot overflow the stack", () => {
    const n = 1_000_000;
    expect(findDuplicateKey(`${"[".repeat(n)}${"]".repeat(n)}`)).toBeUndefined();
    expect(findDuplicateKey(`${'{"a":'.repeat(n)}{"b": 1, "b": 2}${"}".repeat(n)}`)).toEqual({
      line: 1,
      column: 5 * n + 10,
      key: "b",
      path: "/a/a/a/a/a/a/.../a/a/a/a/a/a",
    });
  });

  const SEED = 1729;
  it(`fast-check (seed ${SEED}): none in JSON.stringify's output; an inserted one is found, with its place`, () => {
    const json = fc.jsonValue({ maxDepth: 4 });
    fc.assert(
      fc.property(json, fc.boolean(), (v, pretty) => {
        expect(findDuplicateKey(JSON.stringify(v, null, pretty ? 2 : undefined))).toBeUndefined();
      }),
      { seed: SEED, numRuns: 1000 },
    );

    // an object with a key written a second time (possibly spelled with escapes), inside a
    // random path of arrays and objects
    const step = fc.oneof(fc.nat({ max: 3 }), fc.string({ maxLength: 6 }));
    const spelling = (k: string, escapes: boolean[]): string =>
      `"${k
        .split("")
        .map((c, i) => (escapes[i % escapes.length] ? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}` : JSON.stringify(c).slice(1, -1)))
        .join("")}"`;
    const arb = fc.record({
      object: fc.dictionary(fc.string({ maxLength: 6 }), json, { minKeys: 1, maxKeys: 12 }),
      which: fc.nat(),
      at: fc.nat(),
      escapes: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
      value: json,
      path: fc.array(step, { maxLength: 5 }),
      newlines: fc.boolean(),
    });
    fc.assert(
      fc.property(arb, ({ object, which, at, escapes, value, path, newlines }) => {
        const entries = Object.entries(object).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`);
        const keys = Object.keys(object);
        const k = keys[which % keys.length];
        const pos = (which % keys.length) + 1 + (at % (keys.length - (which % keys.length)));
        const inserted = `${spelling(k, escapes)}: ${JSON.stringify(value)}`;
        entries.splice(pos, 0, inserted);
        const sep = newlines ? ",\n  " : ", ";
        let text = `{${entries.join(sep)}}`;
        let offset = 1 + entries.slice(0, pos).reduce((n, e) => n + e.length + sep.length, 0);
        // wrap, innermost step last
        const pointer: string[] = [];
        for (let d = path.length - 1; d >= 0; d--) {
          const s = path[d];
          const before = typeof s === "number" ? `[${"0, ".repeat(s)}` : `{${s === "z" ? "" : `"z": [1],\n `}${JSON.stringify(s)}: `;
          text = `${before}${text}${typeof s === "number" ? "]" : "}"}`;
          offset += before.length;
          pointer.unshift(typeof s === "number" ? String(s) : s.replace(/~/g, "~0").replace(/\//g, "~1"));
        }
        const lines = text.slice(0, offset).split("\n");
        expect(findDuplicateKey(text)).toEqual({
          line: lines.length,
          column: lines[lines.length - 1].length + 1,
          key: k,
          path: pointer.map((p) => `/${p}`).join(""),
        });
        expect(() => JSON.parse(text)).not.toThrow();
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });
});
