import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toDot } from "../../io/dot.js";
import type { FunctionDoc } from "../../io/format.js";
import { EXAMPLES, example, examplePath } from "../io/docs.js";
import { ensureBuilt, runMain } from "./cli.js";

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "formal-ssa-dot-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("formal-ssa dot", () => {
  it("prints the loop: blocks with their statements, edges labelled by preds index", async () => {
    const r = await runMain(["dot", examplePath("loop")], dir);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain(`f0b0 [label="B0\\lx :=\\l", peripheries=2];`);
    expect(r.stdout).toContain(`f0b2 [label="B2\\lx := x\\l"];`);
    expect(r.stdout).toContain(`f0b0 -> f0b1 [label="0"];`);
    expect(r.stdout).toContain(`f0b2 -> f0b1 [label="1"];`);
    expect(r.stdout.trimEnd().endsWith("}")).toBe(true);
  });

  it("prints phis in preds order", async () => {
    const r = await runMain(["dot", examplePath("loop.ssa")], dir);
    expect(r.stdout).toContain(`f0b1 [label="B1\\lx.1 = phi(x.0, x.2)\\l:= x.1\\l"];`);
  });

  it("parallel edges appear once per occurrence, each with its own label", async () => {
    const out = (await runMain(["dot", examplePath("parallel-edges")], dir)).stdout;
    expect(out).toContain(`f0b1 -> f0b2 [label="0"];`);
    expect(out).toContain(`f0b0 -> f0b2 [label="1"];`);
    expect(out).toContain(`f0b0 -> f0b2 [label="2"];`);
  });

  it("every example prints, with one edge line per preds entry", async () => {
    for (const name of EXAMPLES) {
      const r = await runMain(["dot", examplePath(name)], dir);
      expect(r.status).toBe(0);
      const edges = example(name).blocks.reduce((k, b) => k + b.preds.length, 0);
      expect(r.stdout.split("\n").filter((l) => l.includes(" -> ")).length).toBe(edges);
    }
  });

  it("escapes quotes, backslashes and control characters; defs/uses blocks show both sets", () => {
    const doc: FunctionDoc = {
      kind: "ssa",
      name: 'say "hi"',
      entry: 'a"b',
      blocks: [{ id: 'a"b', preds: [], defs: ["x\\y"], uses: ["z\n"] }],
    };
    expect(toDot([doc])).toContain(`f0b0 [label="a\\"b\\ldefs: x\\\\y\\luses: z\\\\x0a\\l", peripheries=2];`);
    expect(toDot([doc])).toContain(`label="say \\"hi\\" (ssa)";`);
  });

  it("a module becomes one cluster per function", async () => {
    writeFileSync(join(dir, "m.json"), JSON.stringify({ format: "formal-ssa/1", functions: [example("loop"), { ...example("diamond"), name: undefined }] }));
    const out = (await runMain(["dot", "m.json"], dir)).stdout;
    expect(out).toContain("subgraph cluster_0 {");
    expect(out).toContain("subgraph cluster_1 {");
    expect(out).toContain(`label="#1 (cfg)";`);
    expect(out).toContain(`f1b1 -> f1b3 [label="0"];`);
  });
});

/**
 * Every kind of malformed input: exit code 2, nothing on stdout, exactly one line on stderr
 * naming the place, and no stack trace.
 */
describe("malformed input", () => {
  const V = "formal-ssa/1";
  const cfg = (rest: object = {}) => ({
    format: V,
    kind: "cfg",
    name: "f",
    entry: "A",
    blocks: [
      { id: "A", preds: [], stmts: [{ defs: ["x"], uses: [] }] },
      { id: "B", preds: ["A"], stmts: [{ defs: [], uses: ["x"] }] },
    ],
    ...rest,
  });
  const withBlock = (i: number, block: unknown) => {
    const d = cfg();
    (d.blocks as unknown[])[i] = block;
    return d;
  };
  const ssa = (phi: unknown, preds = ["A", "C"], rest: object = {}) => ({
    format: V,
    kind: "ssa",
    name: "g",
    entry: "A",
    blocks: [
      { id: "A", preds: [], stmts: [{ defs: ["x.0"], uses: [] }] },
      { id: "B", preds, phis: [phi], stmts: [] },
      { id: "C", preds: ["B"], stmts: [] },
    ],
    ...rest,
  });

  const cases: [string, string | object, string][] = [
    ["not JSON", `{"format": "formal-ssa/1",\n  "kind": }`, `not JSON: line 2, column 11: unexpected '}'`],
    ["an empty file", "", `not JSON: line 1, column 1: unexpected end of input`],
    ["a trailing comma", `{"format": "formal-ssa/1",}`, `not JSON: line 1, column 27: expected a string key, found '}'`],
    ["not an object", "[]", `the document is not a JSON object`],
    ["no format", { kind: "cfg" }, `missing "format" (want "formal-ssa/1")`],
    ["an unknown format", cfg({ format: "formal-ssa/2" }), `unknown format "formal-ssa/2" (want "formal-ssa/1")`],
    ["a format that is not a string", cfg({ format: 1 }), `"format" must be a string, not 1`],
    ["a name that is not a string", cfg({ name: 7 }), `function #0: "name" must be a string, not 7`],
    ["an unknown kind", cfg({ kind: "dag" }), `function f: "kind" must be "cfg" or "ssa", not "dag"`],
    ["no kind", cfg({ kind: undefined }), `function f: missing "kind" ("cfg" or "ssa")`],
    ["no entry", cfg({ entry: undefined }), `function f: missing "entry" (the id of the entry block)`],
    ["an entry that is not a string", cfg({ entry: 0 }), `function f: "entry" must be a string, not 0`],
    ["an entry that is not a block id", cfg({ entry: "Z" }), `function f: entry "Z" is not a block id`],
    ["no blocks", cfg({ blocks: undefined }), `function f: missing "blocks"`],
    ["blocks not a list", cfg({ blocks: {} }), `function f: "blocks" must be a list, not an object`],
    ["a block that is not an object", withBlock(0, 1), `function f, block #0: not a JSON object`],
    ["a block without id", withBlock(1, { preds: [] }), `function f, block #1: missing "id"`],
    ["a block id that is not a string", withBlock(1, { id: null, preds: [] }), `function f, block #1: "id" must be a string, not null`],
    ["duplicate block ids", withBlock(1, { id: "A", preds: [] }), `function f, block A: duplicate block id (blocks #0 and #1)`],
    ["a quoted duplicate id", cfg({ entry: "a b", blocks: [{ id: "a b", preds: [] }, { id: "a b", preds: [] }] }), `function f, block "a b": duplicate block id (blocks #0 and #1)`],
    ["an unknown field", withBlock(1, { id: "B", preds: [], stmt: [] }), `function f, block B: unknown field "stmt" (allowed: id, preds, phis, stmts, defs, uses)`],
    ["an unknown function field", cfg({ comment: "x" }), `function f: unknown field "comment" (allowed: format, kind, name, entry, blocks, vars, debug)`],
    ["no preds", withBlock(1, { id: "B" }), `function f, block B: missing "preds" (give [] for none)`],
    ["preds not a list", withBlock(1, { id: "B", preds: "A" }), `function f, block B: "preds" must be a list of strings, not "A"`],
    ["a pred that is not a string", withBlock(1, { id: "B", preds: [1] }), `function f, block B: "preds"[0] must be a string, not 1`],
    ["a pred naming an unknown block", withBlock(1, { id: "B", preds: ["A", "Z"] }), `function f, block B: predecessor "Z" is not a block id`],
    [
      "both stmts and defs",
      withBlock(1, { id: "B", preds: ["A"], stmts: [], defs: [] }),
      `function f, block B: has both "stmts" and "defs" (a block is either statements or one defs/uses node)`,
    ],
    [
      "both stmts and uses",
      withBlock(1, { id: "B", preds: ["A"], stmts: [], uses: ["x"] }),
      `function f, block B: has both "stmts" and "uses" (a block is either statements or one defs/uses node)`,
    ],
    ["stmts not a list", withBlock(1, { id: "B", preds: ["A"], stmts: {} }), `function f, block B: "stmts" must be a list, not an object`],
    ["a statement that is not an object", withBlock(1, { id: "B", preds: ["A"], stmts: [[]] }), `function f, block B, statement 0: not a JSON object`],
    ["a statement without uses", withBlock(1, { id: "B", preds: ["A"], stmts: [{ defs: [] }] }), `function f, block B, statement 0: missing "uses" (give [] for none)`],
    ["a def that is not a string", withBlock(1, { id: "B", preds: ["A"], stmts: [{ defs: ["y", 1], uses: [] }] }), `function f, block B, statement 0: "defs"[1] must be a string, not 1`],
    ["block defs not a list", withBlock(1, { id: "B", preds: ["A"], defs: "x" }), `function f, block B: "defs" must be a list of strings, not "x"`],
    ["block uses with a non-string", withBlock(1, { id: "B", preds: ["A"], uses: [true] }), `function f, block B: "uses"[0] must be a string, not true`],
    ["phis in a cfg document", withBlock(1, { id: "B", preds: ["A"], phis: [], stmts: [] }), `function f, block B: "phis" in a "cfg" document (only "ssa" documents have phis)`],
    ["vars in a cfg document", cfg({ vars: {} }), `function f: "vars" in a "cfg" document (only "ssa" documents map values to variables)`],
    ["phis not a list", ssa({}, ["A"], { blocks: [{ id: "A", preds: [], phis: {} }] }), `function g, block A: "phis" must be a list, not an object`],
    ["a phi that is not an object", ssa("x"), `function g, block B, phi 0: not a JSON object`],
    ["a phi without def", ssa({ args: [] }), `function g, block B, phi 0: missing "def"`],
    ["a phi def that is not a string", ssa({ def: 3, args: [] }), `function g, block B, phi 0: "def" must be a string, not 3`],
    ["a phi without args", ssa({ def: "x.1" }), `function g, block B, phi 0: missing "args"`],
    ["phi args neither list nor object", ssa({ def: "x.1", args: "x.0" }), `function g, block B, phi 0: "args" must be a list or an object keyed by predecessor id, not "x.0"`],
    ["a phi arg that is not a string", ssa({ def: "x.1", args: ["x.0", null] }), `function g, block B, phi 0: "args"[1] must be a string, not null`],
    ["a keyed phi arg that is not a string", ssa({ def: "x.1", args: { A: 1, C: "x.0" } }), `function g, block B, phi 0: "args"["A"] must be a string, not 1`],
    ["phi args keyed by a non-predecessor", ssa({ def: "x.1", args: { A: "x.0", C: "x.0", Z: "x.0" } }), `function g, block B, phi 0: "args" names "Z", which is not a predecessor`],
    ["phi args missing a predecessor", ssa({ def: "x.1", args: { A: "x.0" } }), `function g, block B, phi 0: "args" has no argument for predecessor "C"`],
    [
      "phi args keyed while preds has duplicates",
      ssa({ def: "x.1", args: { A: "x.0" } }, ["A", "A"]),
      `function g, block B, phi 0: "args" is keyed by predecessor, but "preds" lists "A" twice (parallel edges need a list)`,
    ],
    ["vars not an object", ssa({ def: "x.1", args: ["x.0", "x.0"] }, ["A", "C"], { vars: [] }), `function g: "vars" must be an object, not a list`],
    ["a var that is not a string", ssa({ def: "x.1", args: ["x.0", "x.0"] }, ["A", "C"], { vars: { "x.0": 1 } }), `function g: "vars"["x.0"] must be a string, not 1`],
    ["functions not a list", { format: V, functions: {} }, `"functions" must be a list`],
    ["a module with an unknown field", { format: V, functions: [], kind: "cfg" }, `unknown field "kind" (allowed: format, functions)`],
    ["a function that is not an object", { format: V, functions: [cfg(), 5] }, `function #1: not a JSON object`],
    ["an unnamed function", { format: V, functions: [cfg(), { ...cfg(), name: undefined, format: undefined, kind: undefined }] }, `function #1: missing "kind" ("cfg" or "ssa")`],
    ["a function of another format", { format: V, functions: [cfg({ format: "x" })] }, `function f: unknown format "x" (want "formal-ssa/1")`],
  ];

  for (const [what, content, message] of cases)
    it(what, async () => {
      const file = `${what.replace(/\W+/g, "-")}.json`;
      writeFileSync(join(dir, file), typeof content === "string" ? content : JSON.stringify(content));
      const r = await runMain(["dot", file], dir);
      expect({ status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({ status: 2, stdout: "", stderr: `formal-ssa: ${file}: ${message}\n` });
    });

  it("a missing file and a directory", async () => {
    expect(await runMain(["dot", "nope.json"], dir)).toEqual({ status: 2, stdout: "", stderr: "formal-ssa: nope.json: cannot read the file (no such file)\n" });
    mkdirSync(join(dir, "d.json"), { recursive: true });
    expect(await runMain(["dot", "d.json"], dir)).toEqual({ status: 2, stdout: "", stderr: "formal-ssa: d.json: cannot read the file (it is a directory)\n" });
  });
});
