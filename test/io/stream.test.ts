/**
 * The exchange format at scale, against the object pipeline it replaces on the command line:
 * - `construct` from bytes writes, block by block, exactly the text `formatDocument` gives the
 *   documents of `constructFunctions` (one function alone, a module as a module), for every
 *   algorithm and minimisation;
 * - `validate` from bytes gives exactly the report of `validate` on the text, function by
 *   function, certified or rejected (mutants);
 * - `check` from bytes gives exactly the report of `check` on the text;
 * - `dot` from bytes writes exactly `toDot`;
 * - the report streamed function by function is `JSON.stringify(report, null, 2)`;
 * - a malformed document fails with the reference reader's one line, and nothing is written.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkBytes, constructBytes, dotBytes, validateBytes } from "../../api/bytes.js";
import { ALGORITHMS, MINIMIZATIONS, constructFunctions } from "../../api/construct.js";
import { check, validate } from "../../api/validate.js";
import { writeReportJson } from "../../api/report.js";
import { arbitraryCfg, structuredCfg } from "../../fuzz/arbitraries/index.js";
import { toDot } from "../../io/dot.js";
import type { FunctionDoc } from "../../io/format.js";
import { collectText, formatDocument, TextWriter } from "../../io/write.js";
import { LimitExceeded, MalformedInput } from "../../spec/errors.js";
import { openColumnar } from "../../io/bytes_read.js";
import { nIfs } from "../../bench/families.js";
import { certificateOfPair } from "../../api/certify.js";
import { releaseRows, type ColumnarFunction } from "../../io/columns.js";
import { writeDotFunction } from "../../io/dot.js";
import { lowerPair } from "../../io/lower.js";
import { renameDocument } from "../../io/write.js";

const cfgs: fc.Arbitrary<FunctionDoc> = fc.oneof(
  structuredCfg({ maxStatements: 20 }),
  arbitraryCfg({ maxBlocks: 10, blockForm: "stmts" }),
  arbitraryCfg({ maxBlocks: 10, blockForm: "defs-uses" }),
  arbitraryCfg({ maxBlocks: 10, blockForm: "mixed" }),
);

/** One function, or a module of up to four named ones. */
const documents: fc.Arbitrary<FunctionDoc[]> = fc.oneof(
  cfgs.map((d) => [d]),
  fc.array(cfgs, { minLength: 0, maxLength: 4 }).map((ds) => ds.map((d, i) => ({ ...d, name: `f${i}` }))),
);

const bytesOf = (text: string): { bytes: Uint8Array } => ({ bytes: new TextEncoder().encode(text) });
const textOf = (docs: FunctionDoc[], module: boolean): string =>
  module ? JSON.stringify({ format: "formal-ssa/1", functions: docs.map(({ format: _, ...d }) => d) }) : JSON.stringify({ format: "formal-ssa/1", ...docs[0] });

/** Small chunks, so that writing across chunk boundaries is exercised. */
function written(write: (out: TextWriter) => void): string {
  const chunks: Buffer[] = [];
  const out = new TextWriter((c) => chunks.push(Buffer.from(c)), 64);
  write(out);
  out.end();
  return Buffer.concat(chunks).toString("utf8");
}

describe("construct from bytes, written as it is made", () => {
  it("the same text as formatDocument of constructFunctions, for every algorithm and minimisation (300 random documents, modules included)", () => {
    fc.assert(
      fc.property(documents, fc.constantFrom(...ALGORITHMS), fc.constantFrom(...MINIMIZATIONS), fc.boolean(), (docs, algorithm, minimize, asModule) => {
        const module = asModule || docs.length !== 1;
        const text = textOf(docs, module);
        const options = { algorithm, minimize, unchecked: true };
        const want = formatDocument(constructFunctions(docs, "in.json", options).map((f) => f.doc));
        expect(written((out) => constructBytes(bytesOf(text), "in.json", options, out))).toBe(want);
      }),
      { numRuns: 300 },
    );
  });
  it("names that need escapes and non-ASCII names come out as formatDocument writes them", () => {
    const doc: FunctionDoc = {
      kind: "cfg",
      name: "f\"\\n",
      entry: "é0",
      blocks: [
        { id: "é0", preds: [], stmts: [{ defs: ["x\u2028", "__proto__"], uses: [] }] },
        { id: "b\"1", preds: ["é0", "b\"1"], stmts: [{ defs: ["x\u2028"], uses: ["x\u2028", "__proto__"] }] },
      ],
    };
    const text = JSON.stringify({ format: "formal-ssa/1", ...doc });
    const want = formatDocument(constructFunctions([doc], "in.json", { algorithm: "braun" }).map((f) => f.doc));
    expect(written((out) => constructBytes(bytesOf(text), "in.json", { algorithm: "braun" }, out))).toBe(want);
  });
});

describe("a module held until its last function is done", () => {
  it("construct and dot of a module whose output spans many chunks: the same text as the object pipeline (the held chunks are copies)", () => {
    const docs = [nIfs(4000), nIfs(3000), nIfs(5000)].map((d, i) => ({ ...d, name: `f${i}` }));
    const text = textOf(docs, true);
    const want = formatDocument(constructFunctions(docs, "m.json", { algorithm: "braun" }).map((f) => f.doc));
    expect(want.length).toBeGreaterThan(2 << 20);
    expect(written((out) => constructBytes(bytesOf(text), "m.json", { algorithm: "braun" }, out))).toBe(want);
    expect(written((out) => dotBytes(bytesOf(text), "m.json", out))).toBe(toDot(docs));
  });
});

describe("validate from bytes", () => {
  it("the same report as validate on the text, certified translations and mutants alike (200 random documents)", () => {
    const verdicts = { certified: 0, rejected: 0 };
    fc.assert(
      fc.property(documents.filter((d) => d.length > 0), fc.nat(), (docs, pick) => {
        const module = docs.length !== 1;
        const original = textOf(docs, module);
        const built = constructFunctions(docs, "o.json", { algorithm: "braun", minimize: "none", unchecked: true }).map((f) => f.doc);
        // a mutant: one use renamed to the first value defined, where there is one
        const victim = built[pick % built.length];
        for (const b of victim.blocks) {
          const s = b.stmts?.find((st) => st.uses.length > 0);
          const first = victim.blocks.flatMap((x) => x.stmts ?? []).find((st) => st.defs.length > 0)?.defs[0];
          if (s !== undefined && first !== undefined && pick % 2 === 0) {
            s.uses[0] = first;
            break;
          }
        }
        const ssa = textOf(built, module);
        const names = { original: "o.json", ssa: "s.json" };
        const strip = (r: ReturnType<typeof validate>) => JSON.parse(JSON.stringify(r, (k, v) => (k === "milliseconds" ? undefined : v)));
        const report = validateBytes(bytesOf(original), bytesOf(ssa), { names });
        expect(strip(report)).toEqual(strip(validate(original, ssa, { names })));
        verdicts[report.verdict]++;
      }),
      { numRuns: 200 },
    );
    // both kinds of report were compared
    expect(verdicts.certified).toBeGreaterThan(20);
    expect(verdicts.rejected).toBeGreaterThan(20);
  });
  it("the report written function by function is JSON.stringify(report, null, 2) and a newline", () => {
    fc.assert(
      fc.property(documents, (docs) => {
        const text = textOf(docs, docs.length !== 1);
        const built = formatDocument(constructFunctions(docs, "o.json", { unchecked: true }).map((f) => f.doc));
        const report = validate(text, built, { require: ["pruned"] });
        expect(written((out) => writeReportJson(out, report))).toBe(`${JSON.stringify(report, null, 2)}\n`);
      }),
      { numRuns: 100 },
    );
  });
});

describe("check from bytes", () => {
  it("the same report as check on the text, for original CFGs and constructed SSA alike (100 random documents)", () => {
    fc.assert(
      fc.property(documents.filter((d) => d.length > 0), fc.boolean(), (docs, ssa) => {
        const module = docs.length !== 1;
        const text = ssa ? textOf(constructFunctions(docs, "c.json", { algorithm: "braun", minimize: "none", unchecked: true }).map((f) => f.doc), module) : textOf(docs, module);
        const strip = (r: unknown) => JSON.parse(JSON.stringify(r, (k, v) => (k === "milliseconds" ? undefined : v)));
        expect(strip(checkBytes(bytesOf(text), { name: "c.json", require: ["pruned"] }))).toEqual(strip(check(text, { name: "c.json", require: ["pruned"] })));
      }),
      { numRuns: 100 },
    );
  });
});

describe("dot from bytes", () => {
  it("the same text as toDot (100 random documents)", () => {
    fc.assert(
      fc.property(documents.filter((d) => d.length > 0), (docs) => {
        const text = textOf(docs, docs.length !== 1);
        expect(written((out) => dotBytes(bytesOf(text), "in.json", out))).toBe(toDot(docs));
      }),
      { numRuns: 100 },
    );
  });
});

describe("limits", () => {
  it("a document past 32-bit offsets is LimitExceeded with the limit and what to do (2 GB of zeros, never touched)", () => {
    expect(() => openColumnar(new Uint8Array(0x7fff_fff1), "big.json")).toThrow(
      new LimitExceeded("big.json: 2.0 GB is more than one exchange-format file can be (2.0 GB: offsets are 32-bit integers): split the module into files of fewer functions"),
    );
  });
});

describe("malformed input: the reference reader's line, and nothing written", () => {
  const good = { kind: "cfg", name: "g", entry: "B0", blocks: [{ id: "B0", preds: [], stmts: [] }] };
  const bad = { kind: "cfg", name: "h", entry: "B0", blocks: [{ id: "B0", preds: ["B9"], stmts: [] }] };
  const module = JSON.stringify({ format: "formal-ssa/1", functions: [good, good, bad].map((f, i) => ({ ...f, name: `${f.name}${i}` })) });
  it("construct of a module whose last function is malformed writes nothing", () => {
    let bytes = 0;
    const out = new TextWriter((c) => (bytes += c.length), 16);
    expect(() => constructBytes(bytesOf(module), "m.json", {}, out)).toThrow(new MalformedInput(`m.json: function h2, block B0: predecessor "B9" is not a block id`));
    out.end();
    expect(bytes).toBe(0);
  });
  it("dot and validate fail with the same line", () => {
    expect(() => collectText((out) => dotBytes(bytesOf(module), "m.json", out))).toThrow(new MalformedInput(`m.json: function h2, block B0: predecessor "B9" is not a block id`));
    expect(() => validateBytes(bytesOf(module), bytesOf(module), { names: { original: "m.json", ssa: "s.json" } })).toThrow(
      new MalformedInput(`m.json: function h2, block B0: predecessor "B9" is not a block id`),
    );
  });
});

describe("validate from bytes lets go of the columns' rows once a pair is lowered (io/columns.ts releaseRows)", () => {
  // nIfs(20) and its SSA by braun, as exchange-format texts
  const original = formatDocument([nIfs(20)]);
  const ssa = formatDocument(constructFunctions([nIfs(20)], "o.json", { algorithm: "braun", minimize: "none", unchecked: true }).map((f) => f.doc));
  const names = { original: "o.json", ssa: "s.json" };
  const readFunctions = (certificate: boolean) => {
    const read: ColumnarFunction[] = [];
    const report = validateBytes(bytesOf(original), bytesOf(ssa), { names, certificate }, { read: (fn) => read.push(fn) });
    return { read, report };
  };

  it("without a certificate both functions' rows are released after lowering, and the report is validate's", () => {
    const { read, report } = readFunctions(false);
    expect(read.length).toBe(2);
    for (const fn of read) {
      expect(fn.rowsReleased).toBe(true);
      expect(fn.preds.length + fn.occ.length + fn.groupStart.length).toBe(0);
      // what a report still reads stays: names, block names, entry, counts
      expect(fn.names.text(fn.blockName[fn.entry])).toBe(nIfs(20).entry);
    }
    expect(report.verdict).toBe("certified");
    const strip = (r: unknown) => JSON.parse(JSON.stringify(r, (k, v) => (k === "milliseconds" ? undefined : v)));
    expect(strip(report)).toEqual(strip(validate(original, ssa, { names })));
  });

  it("with a certificate the rows stay (the certificate reads the original's predecessors)", () => {
    const { read, report } = readFunctions(true);
    expect(read.every((fn) => fn.rowsReleased !== true)).toBe(true);
    expect(report.certificate?.functions.length).toBe(1);
  });

  it("what reads rows refuses a released function instead of reading empty rows: DOT, writing, a certificate", () => {
    const [fo, fs] = [openColumnar(new TextEncoder().encode(original), "o.json").read(0), openColumnar(new TextEncoder().encode(ssa), "s.json").read(0)];
    const pair = lowerPair(fo, fs, "o.json", "s.json", "f");
    if (!pair.ok) throw new Error(pair.mismatch);
    releaseRows(fo);
    expect(() => writeDotFunction(new TextWriter(() => {}), fo, "f", 0, 1)).toThrow(/^internal: DOT reads the rows of a function whose rows were released/);
    expect(() => certificateOfPair("f", pair)).toThrow(/^internal: a certificate reads the rows/);
    expect(() => renameDocument(pair.orig, { defValue: () => "x", useValue: () => "x", phiValue: () => "x" } as never, {})).toThrow(/^internal: writing a function reads the rows/);
  });
});
