/**
 * The JSON Schemas of schemas/ (draft 2020-12) against what the project reads and writes.
 *
 * - Each schema compiles with Ajv in strict mode.
 * - format.json: every examples/*.json, the SSA `construct` builds of every example under every
 *   algorithm and minimisation (as objects and as the text `formatDocuments` writes), and 200
 *   random CFGs of the arbitraries (`structuredCfg`, `arbitraryCfg`, fixed seed) with their SSA
 *   validate; documents the reader rejects for what a schema can express (unknown fields, phis
 *   or vars in a cfg, stmts with defs/uses, wrong types, a bad format) are rejected by the schema
 *   as well as by `parseDocument` (`MalformedInput`); what a schema cannot express (unique ids,
 *   preds and entry naming blocks, keyed args matching preds, duplicate keys) the schema accepts
 *   and only the reader rejects.
 * - report.json, check-report.json: every `--json` output of the built CLI (`validate` on
 *   exchange-format pairs, with witnesses, evidence, required quality and a same_graph failure;
 *   `check`; `validate` on every LLVM fixture pair and on a mutant that fails same_instructions)
 *   and the library's report objects (`validate`, `check`, the LLVM `validate`) on the same inputs.
 * - fuzz-finding.json and report.json: a fuzz finding's report.json, malformed and rejected.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import fc from "fast-check";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ALGORITHMS, construct, MINIMIZATIONS, type Algorithm, type Minimize } from "../../api/construct.js";
import { formatDocuments, parseDocument, type CfgDocument, type FunctionDoc, type ModuleDocument } from "../../api/documents.js";
import { MalformedInput } from "../../api/errors.js";
import { validate as validateLlvm } from "../../api/llvm.js";
import { validateSources, type ReactReport } from "../../api/react_compiler.js";
import { withoutTimes, type CheckReport, type Report } from "../../api/report.js";
import { check, validate, type ValidateOptions } from "../../api/validate.js";
import { QUALITY, type QualityProperty } from "../../checks/index.js";
import { arbitraryCfg, structuredCfg } from "../../fuzz/arbitraries/index.js";
import { ensureBuilt, ROOT, runMain } from "../cli/cli.js";

/**
 * The example constructors are Node scripts, started once per CFG: without this machine's extra CA
 * certificates (NODE_EXTRA_CA_CERTS), which they never use and which make each start-up about
 * three times as costly. The command is still an ordinary shell command of the protocol.
 */
const NODE = "env -u NODE_EXTRA_CA_CERTS node";

// --- the schemas ------------------------------------------------------------------------------

const SCHEMAS = ["format", "report", "check-report", "fuzz-finding", "react-report", "certificate", "known-findings"] as const;
type SchemaName = (typeof SCHEMAS)[number];
const schemaText = (name: SchemaName) => readFileSync(join(ROOT, "schemas", `${name}.json`), "utf8");

const ajv = new Ajv2020({ strict: true, allErrors: true });
for (const name of SCHEMAS) ajv.addSchema(JSON.parse(schemaText(name)));
const validators = new Map<SchemaName, ValidateFunction>();
function validator(name: SchemaName): ValidateFunction {
  let v = validators.get(name);
  if (v === undefined) {
    v = ajv.getSchema(JSON.parse(schemaText(name)).$id)!;
    validators.set(name, v);
  }
  return v;
}

/** The schema's complaints about `data`, one line each (none: valid). */
function errors(name: SchemaName, data: unknown): string[] {
  const v = validator(name);
  if (v(data)) return [];
  return (v.errors ?? []).map((e) => `${e.instancePath || "/"}: ${e.message} (${e.schemaPath})`);
}
const expectValid = (name: SchemaName, data: unknown) => expect(errors(name, data)).toEqual([]);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// --- inputs -----------------------------------------------------------------------------------

const SEED = 20240607;
// documents; the certificates beside them (*.cert.json) have a schema of their own, checked below
const EXAMPLES = readdirSync(join(ROOT, "examples"))
  .filter((f) => f.endsWith(".json") && !f.endsWith(".cert.json"))
  .sort();
const example = (f: string): unknown => JSON.parse(readFileSync(join(ROOT, "examples", f), "utf8"));
const exampleText = (f: string): string => readFileSync(join(ROOT, "examples", f), "utf8");
const CFG_EXAMPLES = EXAMPLES.filter((f) => (example(f) as { kind: string }).kind === "cfg");

const LLVM = "test/fixtures/llvm";
const LLVM_PAIRS = readdirSync(join(ROOT, LLVM))
  .filter((f) => f.endsWith(".before.ll"))
  .sort()
  .map((f) => ({ before: join(LLVM, f), after: join(LLVM, f.replace(/\.before\.ll$/, ".after.ll")) }));
/** A real instruction of escape.after.ll, changed: mem2reg must not change `%add`'s constant. */
const MUTATED_LINE = "%add = add nsw i32 %a, 1";

let dir: string;
const tmp = (name: string, content: string): string => {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
};
/** The built CLI's program, in this process (test/cli/in_process.test.ts: what the bin prints). */
const run = (...args: string[]) => runMain(args, ROOT);

/** An SSA document of `construct` as text (`formatDocuments`). */
const ssaText = (cfgFile: string, algorithm: Algorithm, minimize: Minimize): string =>
  formatDocuments([construct(example(cfgFile) as CfgDocument, { algorithm, minimize })]);

/** diamond.ssa.json with the predecessors of its join swapped: no longer the original's graph. */
function swappedPreds(): string {
  const d = example("diamond.ssa.json") as { blocks: { id: string; preds: string[] }[] };
  d.blocks.find((b) => b.id === "B3")!.preds.reverse();
  return JSON.stringify(d);
}

/** diamond.ssa.json with its phi's second argument dropped: phis_wf fails. */
function shortPhi(): string {
  const d = example("diamond.ssa.json") as { blocks: { phis?: { args: string[] }[] }[] };
  d.blocks[3].phis![0].args.pop();
  return JSON.stringify(d);
}

/** A cfg with an unreachable block and a use not definitely assigned: CFG_wf fails twice. */
const BROKEN_CFG = JSON.stringify({
  format: "formal-ssa/1",
  kind: "cfg",
  name: "broken",
  entry: "B0",
  blocks: [
    { id: "B0", preds: [], stmts: [{ defs: [], uses: ["x"] }] },
    { id: "B1", preds: [], stmts: [{ defs: ["y"], uses: [] }] },
  ],
});

/** Every cfg example as one module, and our SSA of it (a module too). */
function moduleOfExamples(): { cfg: string; ssa: string } {
  const functions = CFG_EXAMPLES.map((f) => {
    const { format: _, ...rest } = example(f) as FunctionDoc;
    return rest;
  });
  const cfg: ModuleDocument = { format: "formal-ssa/1", functions };
  return { cfg: JSON.stringify(cfg), ssa: JSON.stringify(construct(cfg, { algorithm: "braun", minimize: "peel" })) };
}

interface ValidateCase {
  name: string;
  /** File names under examples/ or, for generated text, under the temporary directory. */
  original: { file: string; text?: string };
  ssa: { file: string; text?: string };
  require?: QualityProperty[];
  necessaryPaths?: boolean;
  status: number;
  /** What the report must contain, so that the schema is not checked on an empty case. */
  shows?: (r: Report) => void;
}

const ex = (f: string) => ({ file: `examples/${f}` });
const gen = (file: string, text: () => string) => ({ file, text: text() });
const allProperties = (r: Report | CheckReport) => r.functions.flatMap((f) => Object.entries(f.properties));
const failing = (r: Report | CheckReport) => allProperties(r).filter(([, p]) => !p.holds);

const module_ = moduleOfExamples();
const VALIDATE_CASES: ValidateCase[] = [
  { name: "diamond: certified", original: ex("diamond.json"), ssa: ex("diamond.ssa.json"), status: 0 },
  {
    name: "diamond with its phi arguments swapped: rejected, with witnesses",
    original: ex("diamond.json"),
    ssa: ex("diamond.bad.ssa.json"),
    status: 1,
    shows: (r) => expect(failing(r).some(([, p]) => (p.witness ?? []).length > 0)).toBe(true),
  },
  {
    name: "nested-loops-break and its SSA with --necessary-paths: evidence",
    original: ex("nested-loops-break.json"),
    ssa: gen("nested-loops-break.ssa.json", () => ssaText("nested-loops-break.json", "functional", "trivial")),
    necessaryPaths: true,
    status: 0,
    shows: (r) => expect(r.functions[0].properties.cytronMinimal.evidence!.some((w) => w.paths !== undefined)).toBe(true),
  },
  {
    name: "irreducible, minimal SSA, --require pruned,cytronMinimal: certified",
    original: ex("irreducible.json"),
    ssa: gen("irreducible.peel.ssa.json", () => ssaText("irreducible.json", "braun", "peel")),
    require: ["pruned", "cytronMinimal"],
    status: 0,
    shows: (r) => expect(r.require).toEqual(["pruned", "cytronMinimal"]),
  },
  {
    name: "irreducible, unminimised SSA, --require pruned,cytronMinimal: rejected on quality",
    original: ex("irreducible.json"),
    ssa: gen("irreducible.none.ssa.json", () => ssaText("irreducible.json", "aycock-horspool", "none")),
    require: ["pruned", "cytronMinimal"],
    status: 1,
    shows: (r) => expect(failing(r).map(([n]) => n).filter((n) => (QUALITY as readonly string[]).includes(n)).length).toBeGreaterThan(0),
  },
  {
    name: "diamond and an SSA whose join has other preds: same_graph fails",
    original: ex("diamond.json"),
    ssa: gen("diamond.swapped-preds.ssa.json", swappedPreds),
    status: 1,
    shows: (r) => expect(r.functions[0].properties.same_graph.witness![0].mismatch).toMatch(/preds differ/),
  },
  {
    name: "every cfg example as one module against its SSA module: certified",
    original: gen("examples.module.json", () => module_.cfg),
    ssa: gen("examples.module.ssa.json", () => module_.ssa),
    status: 0,
    shows: (r) => expect(r.functions).toHaveLength(CFG_EXAMPLES.length),
  },
];

interface CheckCase {
  name: string;
  input: { file: string; text?: string };
  require?: QualityProperty[];
  status: number;
  shows?: (r: CheckReport) => void;
}

const CHECK_CASES: CheckCase[] = [
  { name: "a cfg example", input: ex("diamond.json"), status: 0, shows: (r) => expect(r.functions[0].kind).toBe("cfg") },
  { name: "an ssa example", input: ex("loop.ssa.json"), status: 0, shows: (r) => expect(r.functions[0].kind).toBe("ssa") },
  {
    name: "a broken cfg: an unreachable block, a use not definitely assigned",
    input: gen("broken.json", () => BROKEN_CFG),
    status: 1,
    shows: (r) => expect(failing(r).map(([n]) => n)).toEqual(["Entry_reaches", "def_ass_uses"]),
  },
  {
    name: "a broken ssa: a phi with too few arguments",
    input: gen("diamond.short-phi.ssa.json", shortPhi),
    status: 1,
    shows: (r) => expect(failing(r).map(([n]) => n)).toContain("phis_wf"),
  },
  {
    name: "an unminimised ssa with --require pruned,no_redundant_set: fails on quality",
    input: gen("irreducible.none.ssa.json", () => ssaText("irreducible.json", "aycock-horspool", "none")),
    require: ["pruned", "no_redundant_set"],
    status: 1,
    shows: (r) => expect(failing(r).map(([n]) => n)).toEqual(["no_redundant_set"]),
  },
  { name: "a module of cfgs", input: gen("examples.module.json", () => module_.cfg), status: 0, shows: (r) => expect(r.functions).toHaveLength(CFG_EXAMPLES.length) },
];

const pathOf = (x: { file: string; text?: string }) => (x.text === undefined ? x.file : join(dir, x.file));
const textOf = (x: { file: string; text?: string }) => x.text ?? readFileSync(join(ROOT, x.file), "utf8");

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "formal-ssa-schemas-"));
  for (const c of VALIDATE_CASES) for (const x of [c.original, c.ssa]) if (x.text !== undefined) tmp(x.file, x.text);
  for (const c of CHECK_CASES) if (c.input.text !== undefined) tmp(c.input.file, c.input.text);
});

// --- the tests --------------------------------------------------------------------------------

describe("the schemas", () => {
  it.each(SCHEMAS)("%s.json compiles in strict mode, with $schema draft 2020-12, $id, title and description", (name) => {
    const s = JSON.parse(schemaText(name));
    expect(s.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(s.$id).toBe(`https://formal-ssa.dev/schemas/${name}.json`);
    expect(typeof s.title).toBe("string");
    expect(typeof s.description).toBe("string");
    // a fresh instance per schema: each compiles on its own (with report.json for the references)
    const own = new Ajv2020({ strict: true });
    if (name === "check-report" || name === "react-report") own.addSchema(JSON.parse(schemaText("report")));
    expect(() => own.compile(s)).not.toThrow();
  });
});

describe("format.json: what the project reads and writes", () => {
  it.each(EXAMPLES)("examples/%s", (f) => {
    expectValid("format", example(f));
  });

  it.each(CFG_EXAMPLES)("our SSA of examples/%s, every algorithm and minimisation, as objects and as formatDocuments text", (f) => {
    for (const algorithm of ALGORITHMS)
      for (const minimize of MINIMIZATIONS) {
        const ssa = construct(example(f) as CfgDocument, { algorithm, minimize });
        expectValid("format", ssa);
        expectValid("format", JSON.parse(formatDocuments([ssa])));
      }
  });

  it("a module, and our SSA of it (a module whose functions have no format)", () => {
    expectValid("format", JSON.parse(module_.cfg));
    expectValid("format", JSON.parse(module_.ssa));
    expect(JSON.parse(module_.ssa).functions[0].format).toBeUndefined();
  });

  it(`200 random CFGs (structuredCfg and arbitraryCfg, seed ${SEED}) and their SSA`, () => {
    const structured = fc.sample(structuredCfg({ maxStatements: 20 }), { seed: SEED, numRuns: 100 });
    const graphs = fc.sample(arbitraryCfg({ maxBlocks: 10, blockForm: "mixed" }), { seed: SEED, numRuns: 100 });
    const cfgs = [...structured, ...graphs];
    expect(cfgs).toHaveLength(200);
    let i = 0;
    for (const cfg of cfgs) {
      expectValid("format", cfg);
      const algorithm = ALGORITHMS[i % ALGORITHMS.length];
      const minimize = MINIMIZATIONS[Math.floor(i / ALGORITHMS.length) % MINIMIZATIONS.length];
      i++;
      const ssa = construct(cfg as CfgDocument, { algorithm, minimize });
      expectValid("format", ssa);
      expectValid("format", JSON.parse(formatDocuments([ssa])));
    }
    // both block forms were seen
    expect(cfgs.some((c) => c.blocks.some((b) => b.defs !== undefined))).toBe(true);
    expect(cfgs.some((c) => c.blocks.some((b) => b.stmts !== undefined))).toBe(true);
  });
});

// --- documents by hand ------------------------------------------------------------------------

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents edited freely, on purpose also into wrong shapes
type Doc = Record<string, any>;
const CFG: Doc = {
  format: "formal-ssa/1",
  kind: "cfg",
  name: "f",
  entry: "B0",
  blocks: [
    { id: "B0", preds: [], stmts: [{ defs: ["x"], uses: [] }] },
    { id: "B1", preds: ["B0", "B1"], stmts: [{ defs: ["x"], uses: ["x"] }] },
    { id: "B2", preds: ["B1"], stmts: [{ defs: [], uses: ["x"] }] },
  ],
};
const SSA: Doc = {
  format: "formal-ssa/1",
  kind: "ssa",
  name: "f",
  entry: "B0",
  blocks: [
    { id: "B0", preds: [], stmts: [{ defs: ["x.0"], uses: [] }] },
    { id: "B1", preds: ["B0", "B1"], phis: [{ def: "x.1", args: ["x.0", "x.2"] }], stmts: [{ defs: ["x.2"], uses: ["x.1"] }] },
    { id: "B2", preds: ["B1"], stmts: [{ defs: [], uses: ["x.1"] }] },
  ],
  vars: { "x.0": "x", "x.1": "x", "x.2": "x" },
};
/** A copy of `base` changed by `f`. */
const edit = (base: Doc, f: (d: Doc) => void): Doc => {
  const d = structuredClone(base);
  f(d);
  return d;
};
const moduleOf = (...functions: unknown[]): Doc => ({ format: "formal-ssa/1", functions });
const { format: _f, ...CFG_FN } = CFG;

/** Readable documents at the edges of the format: both accept them. */
const ACCEPTED: Record<string, Doc> = {
  "a cfg": CFG,
  "an ssa": SSA,
  "an ssa without vars": edit(SSA, (d) => void delete d.vars),
  "a function without a name": edit(CFG, (d) => void delete d.name),
  "a block with none of stmts, defs, uses (empty stmts)": edit(CFG, (d) => void (d.blocks[2] = { id: "B2", preds: ["B1"] })),
  "a block with only defs": edit(CFG, (d) => void (d.blocks[0] = { id: "B0", preds: [], defs: ["x"] })),
  "a block with only uses": edit(CFG, (d) => void (d.blocks[2] = { id: "B2", preds: ["B1"], uses: ["x"] })),
  "a block with defs and uses": edit(CFG, (d) => void (d.blocks[1] = { id: "B1", preds: ["B0", "B1"], defs: ["y"], uses: ["x"] })),
  "phi args keyed by predecessor": edit(SSA, (d) => void (d.blocks[1].phis[0].args = { B1: "x.2", B0: "x.0" })),
  "a phi args list of the wrong length (phis_wf, for the checkers)": edit(SSA, (d) => void d.blocks[1].phis[0].args.pop()),
  "parallel edges, phi args as a list": edit(SSA, (d) => {
    d.blocks[2].preds = ["B1", "B1"];
    d.blocks[2].phis = [{ def: "x.3", args: ["x.1", "x.1"] }];
  }),
  "an empty phis list": edit(SSA, (d) => void (d.blocks[2].phis = [])),
  "an entry with predecessors (Entry_unreachable, for the checkers)": edit(CFG, (d) => void (d.blocks[0].preds = ["B2"])),
  "a module whose functions leave out format": moduleOf(CFG_FN),
  "a module whose functions repeat format": moduleOf(CFG, SSA),
  "an empty module": moduleOf(),
};

/** Documents the reader rejects for reasons the schema expresses too, with the schema's complaint (`PATH: message`). */
const REJECTED: Record<string, [doc: unknown, error: string]> = {
  "not an object": [[CFG], "/: must be object"],
  "null": [null, "/: must be object"],
  "no format": [edit(CFG, (d) => void delete d.format), "/: must have required property 'format'"],
  "a bad format string": [edit(CFG, (d) => void (d.format = "formal-ssa/2")), "/format: must be equal to constant"],
  "a format that is not a string": [edit(CFG, (d) => void (d.format = 1)), "/format: must be equal to constant"],
  "a module without format": [{ functions: [CFG_FN] }, "/: must have required property 'format'"],
  "a module function with another format": [moduleOf(edit(CFG, (d) => void (d.format = "formal-ssa/0"))), "/functions/0/format: must be equal to constant"],
  "an unknown field in a module": [{ ...moduleOf(CFG_FN), version: 1 }, "/: must NOT have additional properties"],
  "functions not a list": [{ format: "formal-ssa/1", functions: {} }, "/functions: must be array"],
  "a function that is not an object": [moduleOf("f"), "/functions/0: must be object"],
  "an unknown field in a function": [edit(CFG, (d) => void (d.comment = "hi")), "/: must NOT have additional properties"],
  "an unknown field in a block (typo stmt)": [edit(CFG, (d) => void (d.blocks[0].stmt = [])), "/blocks/0: must NOT have additional properties"],
  "an unknown field in a statement": [edit(CFG, (d) => void (d.blocks[0].stmts[0].kind = "assign")), "/blocks/0/stmts/0: must NOT have additional properties"],
  "an unknown field in a phi": [edit(SSA, (d) => void (d.blocks[1].phis[0].type = "i32")), "/blocks/1/phis/0: must NOT have additional properties"],
  "phis in a cfg": [edit(CFG, (d) => void (d.blocks[1].phis = [{ def: "x", args: ["x", "x"] }])), "/blocks/1/phis: boolean schema is false"],
  "an empty phis list in a cfg": [edit(CFG, (d) => void (d.blocks[1].phis = [])), "/blocks/1/phis: boolean schema is false"],
  "vars in a cfg": [edit(CFG, (d) => void (d.vars = { x: "x" })), "/vars: boolean schema is false"],
  "a block with stmts and defs": [edit(CFG, (d) => void (d.blocks[0].defs = ["x"])), "/blocks/0/defs: boolean schema is false"],
  "a block with stmts and uses": [edit(CFG, (d) => void (d.blocks[2].uses = [])), "/blocks/2/uses: boolean schema is false"],
  "a phi args list with a number": [edit(SSA, (d) => void (d.blocks[1].phis[0].args = ["x.0", 2])), "/blocks/1/phis/0/args/1: must be string"],
  "phi args a string": [edit(SSA, (d) => void (d.blocks[1].phis[0].args = "x.0")), "/blocks/1/phis/0/args: must match exactly one schema in oneOf"],
  "phi args null": [edit(SSA, (d) => void (d.blocks[1].phis[0].args = null)), "/blocks/1/phis/0/args: must match exactly one schema in oneOf"],
  "keyed phi args with a number": [edit(SSA, (d) => void (d.blocks[1].phis[0].args = { B0: "x.0", B1: 2 })), "/blocks/1/phis/0/args/B1: must be string"],
  "a phi without def": [edit(SSA, (d) => void delete d.blocks[1].phis[0].def), "/blocks/1/phis/0: must have required property 'def'"],
  "a phi without args": [edit(SSA, (d) => void delete d.blocks[1].phis[0].args), "/blocks/1/phis/0: must have required property 'args'"],
  "keyed phi args where preds has duplicates": [
    edit(SSA, (d) => {
      d.blocks[1].preds = ["B0", "B0"];
      d.blocks[1].phis[0].args = { B0: "x.0" };
    }),
    "/blocks/1/preds: must NOT have duplicate items",
  ],
  "phis not a list": [edit(SSA, (d) => void (d.blocks[1].phis = { def: "x.1", args: [] })), "/blocks/1/phis: must be array"],
  "no kind": [edit(CFG, (d) => void delete d.kind), "/: must have required property 'kind'"],
  "an unknown kind": [edit(CFG, (d) => void (d.kind = "llvm")), "/kind: must be equal to one of the allowed values"],
  "no entry": [edit(CFG, (d) => void delete d.entry), "/: must have required property 'entry'"],
  "an entry that is not a string": [edit(CFG, (d) => void (d.entry = 0)), "/entry: must be string"],
  "a name that is not a string": [edit(CFG, (d) => void (d.name = 7)), "/name: must be string"],
  "no blocks": [edit(CFG, (d) => void delete d.blocks), "/: must have required property 'blocks'"],
  "blocks not a list": [edit(CFG, (d) => void (d.blocks = {})), "/blocks: must be array"],
  "no block at all (the entry names none)": [edit(CFG, (d) => void (d.blocks = [])), "/blocks: must NOT have fewer than 1 items"],
  "a block that is not an object": [edit(CFG, (d) => void d.blocks.push("B3")), "/blocks/3: must be object"],
  "a block without id": [edit(CFG, (d) => void delete d.blocks[2].id), "/blocks/2: must have required property 'id'"],
  "a block id that is not a string": [edit(CFG, (d) => void (d.blocks[2].id = 2)), "/blocks/2/id: must be string"],
  "a block without preds": [edit(CFG, (d) => void delete d.blocks[0].preds), "/blocks/0: must have required property 'preds'"],
  "preds not a list": [edit(CFG, (d) => void (d.blocks[2].preds = "B1")), "/blocks/2/preds: must be array"],
  "preds with a number": [edit(CFG, (d) => void (d.blocks[2].preds = [1])), "/blocks/2/preds/0: must be string"],
  "stmts not a list": [edit(CFG, (d) => void (d.blocks[0].stmts = {})), "/blocks/0/stmts: must be array"],
  "a statement without uses": [edit(CFG, (d) => void delete d.blocks[0].stmts[0].uses), "/blocks/0/stmts/0: must have required property 'uses'"],
  "a statement without defs": [edit(CFG, (d) => void delete d.blocks[0].stmts[0].defs), "/blocks/0/stmts/0: must have required property 'defs'"],
  "statement defs not a list": [edit(CFG, (d) => void (d.blocks[0].stmts[0].defs = "x")), "/blocks/0/stmts/0/defs: must be array"],
  "block defs with a number": [edit(CFG, (d) => void (d.blocks[0] = { id: "B0", preds: [], defs: [0] })), "/blocks/0/defs/0: must be string"],
  "vars not an object": [edit(SSA, (d) => void (d.vars = ["x"])), "/vars: must be object"],
  "a vars value that is not a string": [edit(SSA, (d) => void (d.vars["x.0"] = 0)), "/vars/x.0: must be string"],
};

/** Malformed for the reader, beyond what a schema can say: the schema accepts them. */
const BEYOND_SCHEMA: Record<string, string> = {
  "duplicate block ids": JSON.stringify(edit(CFG, (d) => void (d.blocks[2].id = "B1"))),
  "a pred that names no block": JSON.stringify(edit(CFG, (d) => void (d.blocks[2].preds = ["B9"]))),
  "an entry that names no block": JSON.stringify(edit(CFG, (d) => void (d.entry = "B9"))),
  "keyed phi args naming a non-predecessor": JSON.stringify(edit(SSA, (d) => void (d.blocks[1].phis[0].args = { B0: "x.0", B2: "x.2" }))),
  "keyed phi args missing a predecessor": JSON.stringify(edit(SSA, (d) => void (d.blocks[1].phis[0].args = { B0: "x.0" }))),
  "a duplicate key": JSON.stringify(CFG).replace(`"kind":"cfg"`, `"kind":"ssa","kind":"cfg"`),
};

describe("format.json agrees with the reader", () => {
  it.each(Object.keys(ACCEPTED))("both accept: %s", (name) => {
    expectValid("format", ACCEPTED[name]);
    expect(() => parseDocument(ACCEPTED[name] as never, { name: "t.json" })).not.toThrow();
  });

  it.each(Object.keys(REJECTED))("both reject: %s", (name) => {
    const [doc, error] = REJECTED[name];
    expect(errors("format", doc)).toContainEqual(expect.stringMatching(new RegExp(`^${escape(error)}`)));
    expect(() => parseDocument(JSON.stringify(doc), { name: "t.json" })).toThrow(MalformedInput);
    // as a parsed value too, except a list, which parseDocument takes for a list of functions
    if (!Array.isArray(doc)) expect(() => parseDocument(doc as never, { name: "t.json" })).toThrow(MalformedInput);
  });

  it.each(Object.keys(BEYOND_SCHEMA))("only the reader rejects (the schema cannot say it): %s", (name) => {
    const text = BEYOND_SCHEMA[name];
    expectValid("format", JSON.parse(text));
    expect(() => parseDocument(text, { name: "t.json" })).toThrow(MalformedInput);
  });
});

// --- reports ----------------------------------------------------------------------------------

describe("report.json: validate --json and the library's validate", () => {
  const flags = (c: ValidateCase) => [
    ...(c.require ? ["--require", c.require.join(",")] : []),
    ...(c.necessaryPaths ? ["--necessary-paths"] : []),
  ];

  it.each(VALIDATE_CASES.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    const r = await run("validate", pathOf(c.original), pathOf(c.ssa), "--json", ...flags(c));
    expect(r.stderr).toBe("");
    expect(r.status).toBe(c.status);
    const cli = JSON.parse(r.stdout) as Report;
    expectValid("report", cli);
    c.shows?.(cli);

    const opts: ValidateOptions = { require: c.require, necessaryPaths: c.necessaryPaths, names: { original: pathOf(c.original), ssa: pathOf(c.ssa) } };
    const lib = validate(textOf(c.original), textOf(c.ssa), opts);
    expectValid("report", lib);
    c.shows?.(lib);
    expect(lib.verdict).toBe(cli.verdict);
  });

  it.each(LLVM_PAIRS.map((p) => [p.before, p] as const))("LLVM: validate %s and its after.ll: certified", async (_, p) => {
    const r = await run("validate", p.before, p.after, "--json");
    expect(r.status).toBe(0);
    const cli = JSON.parse(r.stdout) as Report;
    expect(cli.producer).toBe("mem2reg");
    expectValid("report", cli);
    const lib = validateLlvm(readFileSync(join(ROOT, p.before), "utf8"), readFileSync(join(ROOT, p.after), "utf8"));
    expectValid("report", lib);
    expect(lib.verdict).toBe("certified");
  });

  it("LLVM: a mutant of escape.after.ll (one add's constant changed) fails same_instructions, witnesses with lines", async () => {
    const after = readFileSync(join(ROOT, LLVM, "escape.after.ll"), "utf8");
    expect(after).toContain(MUTATED_LINE);
    const mutant = tmp("escape.mutant.after.ll", after.replace(MUTATED_LINE, "%add = add nsw i32 %a, 7"));
    const r = await run("validate", join(LLVM, "escape.before.ll"), mutant, "--json");
    expect(r.status).toBe(1);
    for (const rep of [JSON.parse(r.stdout) as Report, validateLlvm(readFileSync(join(ROOT, LLVM, "escape.before.ll"), "utf8"), readFileSync(mutant, "utf8"))]) {
      expectValid("report", rep);
      const same = rep.functions.map((f) => f.properties.same_instructions).find((p) => !p.holds)!;
      expect(same.witness![0]).toMatchObject({ block: expect.any(String), line: expect.any(Number), message: expect.stringContaining("7") });
    }
  });

  it("LLVM: suspected miscompilations (hand/single-store.ll), rejected, and certified under acceptUnsoundRefinements: reports valid", () => {
    const [before, after] = ["before", "after"].map((v) => readFileSync(join(ROOT, LLVM, `hand/single-store.${v}.ll`), "utf8"));
    const rejected = validateLlvm(before, after);
    expect(rejected.verdict).toBe("rejected");
    expectValid("report", rejected);
    const accepted = validateLlvm(before, after, { acceptUnsoundRefinements: true });
    expect(accepted.verdict).toBe("certified");
    expect(accepted.functions.filter((f) => f.properties.sound_refinement?.accepted === true).length).toBe(2);
    expectValid("report", accepted);
    // the schema tells an accepted failure from a plain one in a certified function
    const forged = structuredClone(accepted);
    delete forged.functions.find((f) => f.properties.sound_refinement?.accepted === true)!.properties.sound_refinement.accepted;
    expect(errors("report", forged)).not.toEqual([]);
  });

  it("SPIR-V: validate every fixture pair (binary, both pipelines) and a same_instructions mutant: reports valid", async () => {
    const dir = "test/fixtures/spirv";
    for (const f of readdirSync(join(ROOT, dir)).filter((x) => x.endsWith(".before.spv"))) {
      const r = await run("validate", join(dir, f), join(dir, f.replace(/\.before\.spv$/, ".after.spv")), "--json");
      expect(r.status, f).toBe(0);
      const cli = JSON.parse(r.stdout) as Report;
      expect(cli.producer).toBe("spirv-opt --ssa-rewrite");
      expectValid("report", cli);
    }
    const after = readFileSync(join(ROOT, dir, "loops.after.spvasm"), "utf8");
    const mutant = tmp("loops.mutant.after.spvasm", after.replace("OpIAdd %int %87 %int_2", "OpISub %int %87 %int_2"));
    const r = await run("validate", join(dir, "loops.before.spv"), mutant, "--json");
    expect(r.status).toBe(1);
    const rep = JSON.parse(r.stdout) as Report;
    expectValid("report", rep);
    expect(rep.functions[0].properties.same_instructions.witness![0]).toMatchObject({ line: expect.any(Number), after_line: expect.any(Number) });
  });

  it("LLVM: --undef strict on uninit: rejected with equiv witnesses", async () => {
    const r = await run("validate", join(LLVM, "uninit.before.ll"), join(LLVM, "uninit.after.ll"), "--json", "--undef", "strict");
    expect(r.status).toBe(1);
    const rep = JSON.parse(r.stdout) as Report;
    expectValid("report", rep);
    expect(rep.functions.some((f) => (f.properties.equiv.witness ?? []).length > 0)).toBe(true);
  });
});

describe("check-report.json: check --json and the library's check", () => {
  it.each(CHECK_CASES.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    const r = await run("check", pathOf(c.input), "--json", ...(c.require ? ["--require", c.require.join(",")] : []));
    expect(r.stderr).toBe("");
    expect(r.status).toBe(c.status);
    const cli = JSON.parse(r.stdout) as CheckReport;
    expectValid("check-report", cli);
    c.shows?.(cli);

    const lib = check(textOf(c.input), { require: c.require, name: pathOf(c.input) });
    expectValid("check-report", lib);
    c.shows?.(lib);
    expect(lib.verdict).toBe(cli.verdict);
  });

  it("a report of one kind is not the other (the format fields differ)", () => {
    const rep = validate(exampleText("diamond.json"), exampleText("diamond.ssa.json"));
    const chk = check(exampleText("diamond.json"));
    expect(errors("check-report", rep)).not.toEqual([]);
    expect(errors("report", chk)).not.toEqual([]);
  });
});

describe("react-report.json: formal-ssa react --json and the library's validateSources", () => {
  const source = [
    "function f(a, b) { let x = 0; for (let i = 0; i < a; i++) { if (b) x += i; } const g = () => a + x; return g; }",
    "function h(c) { try { return c(); } catch (e) { return e; } }",
    "function skipped() { var v = 1; return v; }",
  ].join("\n");

  it("the CLI's and the library's reports of a file with nested and skipped functions", async () => {
    const file = tmp("react-schema.js", source);
    const r = await run("react", file, "--json");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const cli = JSON.parse(r.stdout) as ReactReport;
    expectValid("react-report", cli);
    expect(cli.summary.compiled).toBe(3);
    expect(cli.skipped).toHaveLength(1);
    expect(cli.gave_up).toEqual([]);
    const lib = await validateSources([{ text: source, name: file }]);
    expectValid("react-report", lib);
    expect(withoutTimes({ functions: lib.functions.flatMap((f) => Object.values(f.stages ?? {})) })).toEqual(
      withoutTimes({ functions: cli.functions.flatMap((f) => Object.values(f.stages ?? {})) }),
    );
  });

  it("eachPass: a stage per later pass is valid; a certified function with a later pass not certified is not", async () => {
    const r = await validateSources([{ text: source, name: "x.js" }], { eachPass: true });
    expectValid("react-report", r);
    const f = r.functions[0];
    expect(Object.keys(f.stages!)).toContain("PropagateScopeDependenciesHIR");
    const broken = { ...r, functions: [{ ...f, stages: { ...f.stages!, DeadCodeElimination: { ...f.stages!.DeadCodeElimination, verdict: "rejected" } } }] };
    expect(errors("react-report", broken)).toContainEqual(expect.stringMatching(/DeadCodeElimination\/verdict: must be equal to constant/));
  });

  it("the functions the compiler gave up on, before SSA and after (a compiler-error report, exit 3): valid; a certified report with a compiler error, a compiler-error report without one, and an entry without its fault are not", async () => {
    // the do-while reproducer of docs/findings.md that 1.0.0 fails on after SSA, and one it fails on before SSA
    const text = [source, "function later(a) { do { if (a) { break; } return; } while (0); g(); }", "function early() { do { try { return; } catch {} } while (true); }"].join("\n");
    const file = tmp("react-schema-gave-up.js", text);
    const r = await run("react", file, "--json");
    expect(r.status).toBe(3);
    const cli = JSON.parse(r.stdout) as ReactReport;
    expectValid("react-report", cli);
    expect([cli.verdict, cli.summary.skipped, cli.summary.gave_up, cli.summary.compiler_errors, cli.compiler?.version]).toEqual(["compiler-error", 2, 1, 2, "1.0.0"]);
    const lib = await validateSources([{ text, name: "x.js" }]);
    expectValid("react-report", lib);
    expect(errors("react-report", { ...cli, verdict: "certified" })).toContainEqual(expect.stringMatching(/^\/summary\/compiler_errors: must be equal to constant/));
    const clean = await validateSources([{ text: source, name: "x.js" }]);
    expect(errors("react-report", { ...clean, verdict: "compiler-error" })).toContainEqual(expect.stringMatching(/^\/summary\/compiler_errors: must be >= 1/));
    const { fault: _, ...noFault } = cli.gave_up[0];
    expect(errors("react-report", { ...cli, gave_up: [noFault] })).toContainEqual(expect.stringMatching(/^\/gave_up\/0: must have required property 'fault'/));
    expect(errors("react-report", { ...cli, gave_up: [{ ...cli.gave_up[0], event: "PipelineError", fault: "code" }] })).toContainEqual(expect.stringMatching(/^\/gave_up\/0\/fault: must be equal to constant/));
    expect(errors("react-report", { ...cli, compiler: { version: "1.0.0", path: "x" } })).toContainEqual(expect.stringMatching(/^\/compiler: must NOT have additional properties/));
  });

  it("rejects a certified report with a rejected function, and an unmappable function without a reason", async () => {
    const good = await validateSources([{ text: source, name: "x.js" }]);
    expectValid("react-report", good);
    const bad1 = { ...good, functions: good.functions.map((f, i) => (i === 0 ? { ...f, verdict: "rejected", reason: "r" } : f)) };
    expect(errors("react-report", bad1)).not.toEqual([]);
    const bad2 = { ...good, verdict: "incomplete", functions: [{ file: "x.js", name: "u", line: 1, verdict: "unmappable" }] };
    expect(errors("react-report", bad2)).toContainEqual(expect.stringMatching(/must have required property 'reason'/));
  });
});

describe("reports the schemas reject", () => {
  const good = (): Report => validate(exampleText("diamond.json"), exampleText("diamond.bad.ssa.json"));
  /** The first failing property of the first function, and its first witness, as plain records to break. */
  const failingProperty = (r: Report) => Object.values(r.functions[0].properties).find((p) => !p.holds) as unknown as Record<string, unknown>;
  const failingWitness = (r: Report) => (failingProperty(r).witness as Record<string, unknown>[])[0];
  const cases: Record<string, [breakIt: (r: Report) => unknown, error: string]> = {
    "an unknown top-level field": [(r) => Object.assign(r, { extra: 1 }), "/: must NOT have additional properties"],
    "an unknown verdict": [(r) => Object.assign(r, { verdict: "maybe" }), "/verdict: must be equal to one of the allowed values"],
    "an unknown quality property in require": [(r) => Object.assign(r, { require: ["fast"] }), "/require/0: must be equal to one of the allowed values"],
    "a certified report with a rejected function": [(r) => Object.assign(r, { verdict: "certified" }), "/functions/0/verdict: must be equal to constant"],
    "a certified function whose validity property fails": [(r) => Object.assign(r, { verdict: "certified" }, { functions: r.functions.map((f) => ({ ...f, verdict: "certified" })) }), "/functions/0/properties/equiv/holds: must be equal to constant"],
    "a witness without text": [(r) => delete failingWitness(r).text, "/functions/0/properties/allUses_def_ass/witness/0: must have required property 'text'"],
    "a witness with an unknown field": [(r) => Object.assign(failingWitness(r), { note: "x" }), "/functions/0/properties/allUses_def_ass/witness/0: must NOT have additional properties"],
    "a place with a negative statement": [(r) => Object.assign(r.functions[0].properties.equiv.witness![0], { use: { block: "B3", stmt: -1 } }), "/functions/0/properties/equiv/witness/0/use/stmt: must be >= 0"],
    "a failing property without failures": [(r) => delete failingProperty(r).failures, "/functions/0/properties/allUses_def_ass: must have required property 'failures'"],
    "a holding property with failures": [(r) => Object.assign(r.functions[0].properties.same_graph, { failures: 1 }), "/functions/0/properties/same_graph/failures: boolean schema is false"],
    "stats without blocks": [(r) => delete (r.functions[0].stats as Partial<Report["functions"][0]["stats"]>).blocks, "/functions/0/stats: must have required property 'blocks'"],
    "a stat that is not a number": [(r) => Object.assign(r.functions[0].stats, { promoted: "3" }), "/functions/0/stats/promoted: must be number"],
  };
  it.each(Object.keys(cases))("%s", (name) => {
    const r = good();
    expectValid("report", r);
    const [breakIt, error] = cases[name];
    breakIt(r);
    expect(errors("report", r)).toContainEqual(expect.stringMatching(new RegExp(`^${escape(error)}`)));
  });
});

// --- fuzz findings ----------------------------------------------------------------------------

describe("certificate.json: validate's certificates", () => {
  it("the certificates of every example pair, of random CFGs' SSA (with required quality and a function not covered), and none of a broken certificate", () => {
    const v = validator("certificate");
    let checked = 0;
    for (const ex of CFG_EXAMPLES) {
      const cfg = readFileSync(join(ROOT, "examples", ex), "utf8");
      for (const algorithm of ALGORITHMS) {
        const r = validate(cfg, construct(JSON.parse(cfg) as CfgDocument, { algorithm }), { certificate: true, require: ["pruned"] });
        expect(v(r.certificate), JSON.stringify(v.errors)).toBe(true);
        expect(r.certificate!.functions.length).toBeGreaterThan(0);
        checked++;
      }
    }
    // a certified function that needs cytronMinimal is named with its reason
    const cfg = readFileSync(join(ROOT, "examples", CFG_EXAMPLES[0]), "utf8");
    const nc = validate(cfg, construct(JSON.parse(cfg) as CfgDocument), { certificate: true, require: ["cytronMinimal"] }).certificate!;
    expect(nc.not_covered?.length).toBe(1);
    expect(v(nc)).toBe(true);
    expect(checked).toBeGreaterThan(4);
    for (const broken of [{ format: "formal-ssa/certificate@1" }, { format: "formal-ssa/certificate@1", functions: [{ name: "f", dominators: { parent: [0.5], order: [0] } }] }, { format: "x", functions: [] }])
      expect(v(broken)).toBe(false);
  });
});

describe("a fuzz finding's report.json", () => {
  // a per-case timeout (--timeout) far beyond what a constructor takes on a loaded machine
  const fuzz = (out: string, ...args: string[]) => run("fuzz", ...args, "--timeout", "60000", "--out", join(dir, out));
  /** The report.json of the one finding a run wrote under `out` (a folder per finding). */
  const reportJson = (out: string): unknown => {
    const [folder] = readdirSync(join(dir, out));
    return JSON.parse(readFileSync(join(dir, out, folder, "report.json"), "utf8"));
  };

  it("malformed output (constructor `echo not-json`, seed 1): fuzz-finding.json", async () => {
    const r = await fuzz("malformed", "--constructor", "echo not-json", "--runs", "5", "--seed", "1");
    expect(r.status).toBe(1);
    const rep = reportJson("malformed");
    expect(rep).toMatchObject({ format: "formal-ssa/fuzz-finding@1", verdict: "malformed" });
    expectValid("fuzz-finding", rep);
  });

  it("a crash (constructor exits 3 with stderr, seed 1): fuzz-finding.json with the process", async () => {
    const r = await fuzz("crash", "--constructor", "echo oops >&2; exit 3", "--runs", "5", "--seed", "1");
    expect(r.status).toBe(1);
    const rep = reportJson("crash");
    expect(rep).toMatchObject({ verdict: "malformed", process: { status: 3, signal: null, stderr: "oops\n" } });
    expectValid("fuzz-finding", rep);
  });

  it("a rejected SSA (buggy-braun.mjs, seed 42): report.json", async () => {
    const r = await fuzz("rejected", "--constructor", `${NODE} examples/constructors/buggy-braun.mjs`, "--seed", "42", "--runs", "50");
    expect(r.status).toBe(1);
    const rep = reportJson("rejected") as Report;
    expect(rep).toMatchObject({ format: "formal-ssa/report@1", verdict: "rejected" });
    expectValid("report", rep);
    expect(errors("fuzz-finding", rep)).not.toEqual([]);
  });
});
