import { describe, expect, it } from "vitest";
import { MalformedInput } from "../../spec/errors.js";
import { findJsonSyntaxError } from "../../io/json.js";
import { functionName, phiArgList, readDocumentText } from "../../io/read.js";
import { lowerCfg, lowerSsa } from "../../io/lower.js";

const read = (doc: unknown) => readDocumentText(JSON.stringify(doc), "t.json");
const fn = (rest: object) => ({ format: "formal-ssa/1", kind: "ssa", name: "f", entry: "A", ...rest });

describe("reading", () => {
  it("a single document and a module", () => {
    const one = read(fn({ blocks: [{ id: "A", preds: [] }] }));
    expect(one).toEqual([{ kind: "ssa", name: "f", entry: "A", blocks: [{ id: "A", preds: [], stmts: [] }] }]);
    const mod = read({
      format: "formal-ssa/1",
      functions: [
        { kind: "cfg", entry: "A", blocks: [{ id: "A", preds: [], uses: ["x"] }] },
        { format: "formal-ssa/1", kind: "cfg", name: "g", entry: "A", blocks: [{ id: "A", preds: [], defs: ["x"] }] },
      ],
    });
    expect(mod.map(functionName)).toEqual(["#0", "g"]);
    expect(mod[0].blocks[0]).toEqual({ id: "A", preds: [], defs: [], uses: ["x"] });
    expect(mod[1].blocks[0]).toEqual({ id: "A", preds: [], defs: ["x"], uses: [] });
  });

  it("phi args keyed by predecessor are read in preds order", () => {
    const [d] = read(
      fn({
        blocks: [
          { id: "A", preds: [] },
          { id: "B", preds: ["A", "C"], phis: [{ def: "x.1", args: { C: "x.2", A: "x.0" } }] },
          { id: "C", preds: ["B"] },
        ],
      }),
    );
    expect(phiArgList(d.blocks[1].phis![0], d.blocks[1].preds)).toEqual(["x.0", "x.2"]);
  });

  it("names such as __proto__ stay plain data", () => {
    const text = JSON.stringify(fn({ blocks: [{ id: "A", preds: [], stmts: [{ defs: ["__proto__"], uses: [] }] }] }));
    const [d] = readDocumentText(`${text.slice(0, -1)}, "vars": {"__proto__": "x"}}`, "t.json");
    expect(Object.hasOwn(d.vars!, "__proto__")).toBe(true);
    const l = lowerSsa(d, "t.json", "f");
    expect(l.varNames).toEqual(["x"]);
  });

  describe("what breaks only a locale assumption loads fine", () => {
    const cases: Record<string, object> = {
      "a phi args list shorter than preds": fn({
        blocks: [
          { id: "A", preds: [], stmts: [{ defs: ["x.0"], uses: [] }] },
          { id: "B", preds: ["A", "A"], phis: [{ def: "x.1", args: ["x.0"] }] },
        ],
      }),
      "an entry with predecessors": fn({ blocks: [{ id: "A", preds: ["A"] }] }),
      "an unreachable block": fn({ blocks: [{ id: "A", preds: [] }, { id: "B", preds: [] }] }),
      "a value defined twice": fn({ blocks: [{ id: "A", preds: [], stmts: [{ defs: ["x.0"], uses: [] }, { defs: ["x.0"], uses: [] }] }] }),
      "a use not definitely assigned": fn({ blocks: [{ id: "A", preds: [], stmts: [{ defs: [], uses: ["x.0"] }] }] }),
      "defs and uses overlapping in a defs/uses block": fn({ blocks: [{ id: "A", preds: [], defs: ["x.0"], uses: ["x.0"] }] }),
      "a cfg with the same": { format: "formal-ssa/1", kind: "cfg", entry: "A", blocks: [{ id: "A", preds: ["A"], defs: ["x"], uses: ["x"] }] },
    };
    for (const [what, doc] of Object.entries(cases))
      it(what, () => {
        const [d] = read(doc);
        if (d.kind === "cfg") expect(() => lowerCfg(d, "t.json", "f")).not.toThrow();
        else expect(() => lowerSsa(d, "t.json", "f")).not.toThrow();
      });
  });

  it("malformed input throws MalformedInput with a one-line message", () => {
    expect(() => readDocumentText("[]", "t.json")).toThrow(MalformedInput);
    expect(() => read(fn({ blocks: [{ id: "A\nB", preds: [7] }] }))).toThrow(
      new MalformedInput(`t.json: function f, block "A\\nB": "preds"[0] must be a string, not 7`),
    );
  });
});

describe("locating JSON syntax errors", () => {
  const where = (t: string) => {
    const e = findJsonSyntaxError(t);
    return e && `${e.line}:${e.column} ${e.reason}`;
  };
  it("agrees with JSON.parse on what is JSON", () => {
    for (const t of ['{"a": [1, -2.5e3, true, null, "\\u00e9\\n"], "b": {}}', "[]", ' "x" ', "0"]) {
      expect(() => JSON.parse(t)).not.toThrow();
      expect(where(t)).toBeUndefined();
    }
  });
  it("names line, column and what is wrong", () => {
    expect(where('{"a": 1,\n  "b" 2}')).toBe("2:7 expected ':' after an object key, found '2'");
    expect(where("")).toBe("1:1 unexpected end of input");
    expect(where("[1, 2,]")).toBe("1:7 unexpected ']'");
    expect(where('{"a": 1,}')).toBe("1:9 expected a string key, found '}'");
    expect(where('{"a": 1} x')).toBe("1:10 unexpected 'x' after the JSON value");
    expect(where('["a\nb"]')).toBe("1:4 control character in a string (escape it)");
    expect(where('["ab')).toBe("1:2 unterminated string");
    expect(where("[01]")).toBe("1:3 expected ',' or ']', found '1'");
    expect(where("[tru]")).toBe("1:2 unexpected 't'");
    expect(where('["\\x"]')).toBe("1:3 bad escape in a string");
    expect(where("{'a': 1}")).toBe("1:2 expected a string key or '}', found \"'\"".replace("\"'\"", "'''"));
  });
  it("deep nesting needs no deep call stack", () => {
    const t = "[".repeat(200_000) + "]".repeat(199_999);
    expect(where(t)).toBe("1:400000 unexpected end of input");
  });
});
