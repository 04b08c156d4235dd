import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nIfs, prng } from "../../bench/families.js";
import { arbitraryCfg, structuredCfg } from "../../fuzz/arbitraries/index.js";
import { FastReadError, openColumnar, type ColumnarDocument } from "../../io/bytes_read.js";
import { columnsOf, docOf, type ColumnarFunction } from "../../io/columns.js";
import type { FunctionDoc } from "../../io/format.js";
import { readDocument } from "../../io/read.js";
import { decodeText } from "../../io/text.js";
import { MalformedInput } from "../../spec/errors.js";

const FILE = "d.json";
const enc = new TextEncoder();
const bytesOf = (text: string): Uint8Array => enc.encode(text);

type Outcome =
  | { ok: true; module: boolean; names: (string | undefined)[]; docs: FunctionDoc[]; nameCounts: number[] }
  | { ok: false; message: string };

/** io/read.ts on the bytes, through the columns as `columnsOf` builds them. */
function oldRead(bytes: Uint8Array): Outcome {
  try {
    const doc = readDocument(decodeText(bytes, FILE), FILE);
    const columns = doc.functions.map(columnsOf);
    return { ok: true, module: doc.module, names: doc.functions.map((f) => f.name), docs: columns.map(docOf), nameCounts: columns.map((c) => c.names.count) };
  } catch (e) {
    if (!(e instanceof MalformedInput)) throw e;
    return { ok: false, message: e.message };
  }
}

/** Invariants of one function's columns that `docOf` does not show. */
function checkColumns(fn: ColumnarFunction): void {
  const B = fn.blockCount;
  expect(fn.blockName.length).toBe(B);
  for (const a of [fn.predStart, fn.phiStart, fn.groupStart, fn.occStart]) expect(a.length).toBe(B + 1);
  expect(fn.blockForm.length).toBe(B);
  expect(fn.preds.length).toBe(fn.predStart[B]);
  expect(fn.phiArity.length).toBe(fn.phiStart[B]);
  expect(fn.groupDefs.length).toBe(fn.groupStart[B]);
  expect(fn.groupUses.length).toBe(fn.groupStart[B]);
  expect(fn.occ.length).toBe(fn.occStart[B]);
  // per block and per name, the failures are collected and asserted once (an expect per item
  // took seconds on the 10^5-ifs document's 3*10^5 blocks and names)
  const bad: string[] = [];
  for (let b = 0; b < B && bad.length < 10; b++) {
    let k = 0;
    for (let p = fn.phiStart[b]; p < fn.phiStart[b + 1]; p++) k += 1 + fn.phiArity[p];
    for (let g = fn.groupStart[b]; g < fn.groupStart[b + 1]; g++) k += fn.groupDefs[g] + fn.groupUses[g];
    if (fn.occStart[b + 1] - fn.occStart[b] !== k) bad.push(`block ${b}: ${fn.occStart[b + 1] - fn.occStart[b]} occurrences, want ${k}`);
  }
  // one id per name, whatever escapes wrote it; a literal is the name's own JSON text
  const texts = new Set<string>();
  for (let id = 0; id < fn.names.count && bad.length < 10; id++) {
    const t = fn.names.text(id);
    if (texts.has(t)) bad.push(`name ${JSON.stringify(t)} has two ids`);
    texts.add(t);
    const lit = fn.names.literal?.(id);
    if (lit !== undefined) {
      const slice = Buffer.from(lit.bytes.subarray(lit.start, lit.end)).toString("utf8");
      if (slice.includes("\\")) bad.push(`name ${id}: its literal ${slice} has an escape`);
      else if (JSON.parse(slice) !== t) bad.push(`name ${id}: its literal ${slice} is not ${JSON.stringify(t)}`);
    }
  }
  expect(bad).toEqual([]);
}

/** The byte reader on the bytes: openColumnar, then every function's name and columns. */
function fastRead(bytes: Uint8Array, check = true): Outcome {
  let doc: ColumnarDocument;
  try {
    doc = openColumnar(bytes, FILE);
    const names: (string | undefined)[] = [];
    const docs: FunctionDoc[] = [];
    const nameCounts: number[] = [];
    for (let i = 0; i < doc.count; i++) names.push(doc.name(i));
    for (let i = 0; i < doc.count; i++) {
      const fn = doc.read(i);
      if (check) checkColumns(fn);
      expect(fn.name).toBe(names[i]);
      docs.push(docOf(fn));
      nameCounts.push(fn.names.count);
    }
    return { ok: true, module: doc.module, names, docs, nameCounts };
  } catch (e) {
    if (!(e instanceof FastReadError)) throw e;
    expect(e.message.startsWith(`${FILE}: `), e.message).toBe(true);
    expect(e.message.includes("\n"), e.message).toBe(false);
    return { ok: false, message: e.message };
  }
}

/** Both readers agree: both accept with the same functions, or both reject. */
function agree(input: string | Uint8Array): Outcome {
  const bytes = typeof input === "string" ? bytesOf(input) : input;
  const old = oldRead(bytes);
  const fast = fastRead(bytes);
  const show = typeof input === "string" ? input.slice(0, 2000) : `${bytes.length} bytes`;
  if (old.ok !== fast.ok)
    expect.fail(`old ${old.ok ? "accepts" : `rejects (${(old as { message: string }).message})`}, fast ${fast.ok ? "accepts" : `rejects (${(fast as { message: string }).message})`}: ${show}`);
  if (old.ok && fast.ok) {
    expect(fast.module).toBe(old.module);
    expect(fast.docs.length).toBe(old.docs.length);
    expect(fast.names).toEqual(old.names);
    expect(fast.docs).toEqual(old.docs);
    // the same names: each written with or without escapes gets one id
    expect(fast.nameCounts).toEqual(old.nameCounts);
  }
  return fast;
}

function failure(input: string | Uint8Array): string {
  const bytes = typeof input === "string" ? bytesOf(input) : input;
  const old = oldRead(bytes);
  const fast = fastRead(bytes);
  expect(old.ok, "io/read.ts accepts it").toBe(false);
  if (fast.ok) expect.fail(`the byte reader accepts: ${typeof input === "string" ? input : ""}`);
  return fast.message;
}

// ---------------------------------------------------------------------------------------------
// random valid documents

/** Names that stress interning and decoding. */
const NAME_POOL = [
  "B0", "B1", "x", "x.0", "x.1", "y", "__proto__", "constructor", "toString", "hasOwnProperty", "0", "1", "10", "",
  'a"b', "a\\b", "a/b", "tab\there", "line\nbreak", "\u0000", "\u001f", "\u007f", "é", "日本", "😀", "\u2028",
  "\ud800", "\udc00", "a\ud83d", "\ude00b", "\ufeff",
];
const nameArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NAME_POOL) },
  { weight: 2, arbitrary: fc.string({ maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 4 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0xd7f0, max: 0xe010 }).map((c) => String.fromCharCode(c)), maxLength: 3 }) },
);

/** Builds an object with its keys in the order `rnd` picks (integer-like keys go first in JS whatever we do). */
function shuffled(entries: [string, unknown][], rnd: () => number): Record<string, unknown> {
  const e = entries.slice();
  for (let i = e.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [e[i], e[j]] = [e[j], e[i]];
  }
  const o: Record<string, unknown> = {};
  for (const [k, v] of e) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}

interface RawFn {
  kind: "cfg" | "ssa";
  name: string | undefined;
  withFormat: boolean;
  ids: string[];
  entry: number;
  blocks: {
    preds: number[];
    phis: { def: string; args: string[]; keyed: boolean }[];
    form: "stmts" | "defs" | "uses" | "both" | "none";
    stmts: { defs: string[]; uses: string[] }[];
    defs: string[];
    uses: string[];
  }[];
  vars: [string, string][] | undefined;
  seed: number;
}

const rawFnArb: fc.Arbitrary<RawFn> = fc
  .record({
    kind: fc.constantFrom("cfg" as const, "ssa" as const),
    name: fc.option(nameArb, { nil: undefined }),
    withFormat: fc.boolean(),
    ids: fc.uniqueArray(nameArb, { minLength: 1, maxLength: 6 }),
    entry: fc.nat(),
    blocks: fc.array(
      fc.record({
        preds: fc.array(fc.nat(), { maxLength: 4 }),
        // one phi per value in a block (two are malformed: test/io/duplicate_phis.test.ts)
        phis: fc.uniqueArray(fc.record({ def: nameArb, args: fc.array(nameArb, { maxLength: 5 }), keyed: fc.boolean() }), { selector: (p) => p.def, maxLength: 3 }),
        form: fc.constantFrom("stmts" as const, "defs" as const, "uses" as const, "both" as const, "none" as const),
        stmts: fc.array(fc.record({ defs: fc.array(nameArb, { maxLength: 3 }), uses: fc.array(nameArb, { maxLength: 3 }) }), { maxLength: 3 }),
        defs: fc.array(nameArb, { maxLength: 3 }),
        uses: fc.array(nameArb, { maxLength: 3 }),
      }),
      { minLength: 6, maxLength: 6 },
    ),
    vars: fc.option(fc.uniqueArray(fc.tuple(nameArb, nameArb), { selector: (t) => t[0], maxLength: 5 }), { nil: undefined }),
    seed: fc.integer(),
  })
  .map((r) => ({ ...r, blocks: r.blocks.slice(0, r.ids.length) }));

/** A valid function document (as a JSON value) of a raw draw; key orders shuffled. */
function functionOf(r: RawFn): Record<string, unknown> {
  const rnd = prng(r.seed);
  const ids = r.ids;
  const blocks = r.blocks.map((blk, b) => {
    const preds = blk.preds.map((p) => ids[p % ids.length]);
    const distinct = new Set(preds).size === preds.length;
    const e: [string, unknown][] = [
      ["id", ids[b]],
      ["preds", preds],
    ];
    if (r.kind === "ssa" && blk.phis.length > 0)
      e.push([
        "phis",
        blk.phis.map((p) => {
          const args =
            p.keyed && distinct
              ? shuffled(
                  preds.map((q, i) => [q, p.args[i % Math.max(1, p.args.length)] ?? p.def]),
                  rnd,
                )
              : p.args;
          return shuffled([["def", p.def], ["args", args]], rnd);
        }),
      ]);
    if (blk.form === "stmts") e.push(["stmts", blk.stmts.map((s) => shuffled([["defs", s.defs], ["uses", s.uses]], rnd))]);
    if (blk.form === "defs" || blk.form === "both") e.push(["defs", blk.defs]);
    if (blk.form === "uses" || blk.form === "both") e.push(["uses", blk.uses]);
    return shuffled(e, rnd);
  });
  const e: [string, unknown][] = [
    ["kind", r.kind],
    ["entry", ids[r.entry % ids.length]],
    ["blocks", blocks],
  ];
  if (r.name !== undefined) e.push(["name", r.name]);
  if (r.withFormat) e.push(["format", "formal-ssa/1"]);
  if (r.kind === "ssa" && r.vars !== undefined) e.push(["vars", shuffled(r.vars, rnd)]);
  return shuffled(e, rnd);
}

/** A valid document: one function (with "format") or a module. */
const docArb: fc.Arbitrary<unknown> = fc.oneof(
  rawFnArb.map((r) => ({ ...functionOf(r), format: "formal-ssa/1" })),
  fc.tuple(fc.array(rawFnArb, { maxLength: 3 }), fc.boolean()).map(([fns, formatFirst]) => {
    const functions = fns.map(functionOf);
    return formatFirst ? { format: "formal-ssa/1", functions } : { functions, format: "formal-ssa/1" };
  }),
);

/**
 * The text of a value, with some characters of string literals (keys included) written as
 * escapes chosen by `seed`: `\uXXXX` (either case), `\/`, a surrogate pair as two escapes.
 */
function escapeSome(text: string, seed: number, rate: number): string {
  const rnd = prng(seed);
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c !== '"') {
      out += c;
      i++;
      continue;
    }
    out += c;
    i++;
    while (text[i] !== '"') {
      if (text[i] === "\\") {
        const len = text[i + 1] === "u" ? 6 : 2;
        out += text.slice(i, i + len);
        i += len;
        continue;
      }
      const cp = text.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      if (rnd() < rate) {
        if (ch === "/" && rnd() < 0.5) out += "\\/";
        else
          for (let k = 0; k < ch.length; k++) {
            const hex = ch.charCodeAt(k).toString(16).padStart(4, "0");
            out += `\\u${rnd() < 0.5 ? hex : hex.toUpperCase()}`;
          }
      } else out += ch;
      i += ch.length;
    }
    out += '"';
    i++;
  }
  return out;
}

/** The ways a valid value is written. */
const textArb: fc.Arbitrary<string> = fc
  .tuple(docArb, fc.constantFrom("compact", "indent2", "tabs", "escaped", "escaped-all", "bom", "ws"), fc.integer())
  .map(([doc, how, seed]) => {
    switch (how) {
      case "compact":
        return JSON.stringify(doc);
      case "indent2":
        return JSON.stringify(doc, null, 2);
      case "tabs":
        return JSON.stringify(doc, null, "\t").replace(/\n/g, "\r\n");
      case "escaped":
        return escapeSome(JSON.stringify(doc), seed, 0.2);
      case "escaped-all":
        return escapeSome(JSON.stringify(doc, null, 1), seed, 1);
      case "bom":
        return `\ufeff${JSON.stringify(doc, null, 2)}`;
      default:
        return ` \t\r\n${JSON.stringify(doc, null, " \t")}\n\r \t`;
    }
  });

describe("the byte reader agrees with io/read.ts on valid documents", () => {
  it("random documents (modules and single, escapes, unicode, __proto__, phi lists and objects, defs/uses, vars; compact, indented, escaped, BOM): both accept, and docOf(read(i)) equals docOf(columnsOf(old[i])), with module, count and name(i) equal", () => {
    fc.assert(
      fc.property(textArb, (text) => {
        const out = agree(text);
        expect(out.ok, (out as { message?: string }).message).toBe(true);
      }),
      { numRuns: 600 },
    );
  });

  it("arbitraryCfg and structuredCfg documents, as a single function and as a module: the readers agree", () => {
    fc.assert(
      fc.property(fc.oneof(arbitraryCfg({ maxBlocks: 12, blockForm: "mixed" }), structuredCfg({ maxStatements: 15 })), fc.boolean(), (cfg, asModule) => {
        const { format: _format, ...fn } = cfg;
        const text = asModule ? JSON.stringify({ format: "formal-ssa/1", functions: [fn, cfg] }) : JSON.stringify(cfg, null, 2);
        expect(agree(text).ok).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("a name written with escapes and written plainly is one name (ids, literal only for plain writings)", () => {
    const text = `{"format":"formal-ssa/1","kind":"ssa","entry":"A","blocks":[
      {"id":"\\u0041","preds":[],"stmts":[{"defs":["x\\u00e9", "\\ud83d\\ude00", "\\ud800"],"uses":[]}]},
      {"id":"B","preds":["A", "\\u0042"],"stmts":[{"defs":[],"uses":["xé","😀","\\uD800", "\\/"]}]}],
      "vars":{"x\\u00e9":"x","😀":"y","\\ud800":"z","/":"w"}}`;
    agree(text);
    const fn = openColumnar(bytesOf(text), FILE).read(0);
    const ids = new Map<string, number>();
    for (let id = 0; id < fn.names.count; id++) ids.set(fn.names.text(id), id);
    expect([...ids.keys()].sort()).toEqual(["/", "A", "B", "x", "xé", "y", "z", "w", "😀", "\ud800"].sort());
    // "A" was first written with escapes, later plainly: the plain literal is kept
    expect(fn.names.literal!(ids.get("A")!)).toBeDefined();
    expect(fn.names.literal!(ids.get("\ud800")!)).toBeUndefined();
    const lit = fn.names.literal!(ids.get("xé")!)!;
    expect(Buffer.from(lit.bytes.subarray(lit.start, lit.end)).toString()).toBe('"xé"');
  });

  it("input in a Buffer from Node's pool (a view at an offset of a larger ArrayBuffer): the readers agree, literals index that view", () => {
    const text = JSON.stringify({ format: "formal-ssa/1", kind: "cfg", entry: "A", blocks: [{ id: "A", preds: ["A"], stmts: [{ defs: ["x"], uses: ["x"] }] }] });
    const pooled = Buffer.from(text);
    expect(pooled.byteOffset > 0 || pooled.buffer.byteLength > pooled.length).toBe(true);
    expect(agree(pooled).ok).toBe(true);
    const fn = openColumnar(pooled, FILE).read(0);
    for (let id = 0; id < fn.names.count; id++) {
      const lit = fn.names.literal!(id)!;
      expect(lit.bytes.subarray(lit.start, lit.end).toString()).toBe(JSON.stringify(fn.names.text(id)));
    }
  });

  it("keys written with escapes are the keys they decode to; __proto__ is an ordinary name", () => {
    agree(`{"\\u0066ormat":"formal-ssa\\/1","k\\u0069nd":"\\u0073sa","entry":"__proto__","blocks":[{"\\u0069d":"__proto__","pr\\u0065ds":["__proto__"],
      "phis":[{"d\\u0065f":"v","\\u0061rgs":{"__pr\\u006fto__":"__proto__"}}],"st\\u006dts":[]}],"vars":{"__proto__":"__proto__"}}`);
  });

  it("key orders: id last, phis after stmts, uses before defs (in blocks and statements), args objects in any order", () => {
    const text = `{"blocks":[
      {"stmts":[{"uses":["u1","u2"],"defs":["d1"]}],"phis":[{"args":{"C":"c","A":"a"},"def":"p"},{"args":["l1","l2","l3"],"def":"q"}],"preds":["A","C"],"id":"B"},
      {"uses":["u"],"defs":["d1","d2"],"preds":[],"id":"A"},
      {"preds":["B"],"id":"C","uses":["z"]}],
      "vars":{"p":"x","d1":"x"},"entry":"A","kind":"ssa","format":"formal-ssa/1","name":"f"}`;
    const out = agree(text);
    expect(out.ok).toBe(true);
    const fn = (out as { docs: FunctionDoc[] }).docs[0];
    expect(fn.blocks[0]).toEqual({ id: "B", preds: ["A", "C"], phis: [{ def: "p", args: ["a", "c"] }, { def: "q", args: ["l1", "l2", "l3"] }], stmts: [{ defs: ["d1"], uses: ["u1", "u2"] }] });
    expect(fn.blocks[1]).toEqual({ id: "A", preds: [], defs: ["d1", "d2"], uses: ["u"] });
    expect(fn.blocks[2]).toEqual({ id: "C", preds: ["B"], defs: [], uses: ["z"] });
  });

  it("name(i) is the function's name field when a string, else undefined; count and module", () => {
    const text = JSON.stringify({
      format: "formal-ssa/1",
      functions: [
        { kind: "cfg", entry: "A", blocks: [{ id: "A", preds: [] }], name: "late" },
        { name: "f\u00e9", kind: "cfg", entry: "A", blocks: [{ id: "A", preds: [] }] },
        { kind: "cfg", entry: "A", blocks: [{ id: "A", preds: [] }] },
        { name: 3 },
        7,
      ],
    });
    const d = openColumnar(bytesOf(text), FILE);
    expect(d.module).toBe(true);
    expect(d.count).toBe(5);
    expect([0, 1, 2, 3, 4].map((i) => d.name(i))).toEqual(["late", "fé", undefined, undefined, undefined]);
    expect(d.read(1).name).toBe("fé");
    expect(() => d.read(3)).toThrow(/^d\.json: function #3: "name" must be a string/);
    expect(() => d.read(4)).toThrow(/^d\.json: function #4: not a JSON object/);
    const one = openColumnar(bytesOf(JSON.stringify({ format: "formal-ssa/1", kind: "cfg", name: "g", entry: "A", blocks: [{ id: "A", preds: [] }] })), FILE);
    expect([one.module, one.count, one.name(0)]).toEqual([false, 1, "g"]);
    const empty = openColumnar(bytesOf(`{"functions": [], "format": "formal-ssa/1"}`), FILE);
    expect([empty.module, empty.count]).toEqual([true, 0]);
  });
});

// ---------------------------------------------------------------------------------------------
// malformed documents

/** After the JSON value starting at `i` of `t` (a well-formed text), by bracket matching. */
function valueEnd(t: string, i: number): number {
  let depth = 0;
  for (; i < t.length; i++) {
    const c = t[i];
    if (c === '"') {
      i++;
      while (i < t.length && t[i] !== '"') i += t[i] === "\\" ? 2 : 1;
      if (depth === 0) return i + 1;
    } else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) return i + 1;
    } else if (depth === 0 && /[-0-9a-z]/.test(c)) {
      let j = i;
      while (j < t.length && /[-+.0-9a-zE]/.test(t[j])) j++;
      return j;
    }
  }
  return t.length;
}

/** Where string literals start in `t`, and whether each is a key. */
function literals(t: string): { at: number; end: number; key: boolean }[] {
  const out: { at: number; end: number; key: boolean }[] = [];
  for (let i = 0; i < t.length; i++)
    if (t[i] === '"') {
      const at = i;
      i++;
      while (i < t.length && t[i] !== '"') i += t[i] === "\\" ? 2 : 1;
      let j = i + 1;
      while (j < t.length && " \t\r\n".includes(t[j])) j++;
      out.push({ at, end: i + 1, key: t[j] === ":" });
    }
  return out;
}

const KEYS = ["format", "functions", "kind", "name", "entry", "blocks", "vars", "id", "preds", "phis", "stmts", "defs", "uses", "def", "args", "x", "__proto__"];
const VALUES = ["0", "-1.5e3", "null", "true", "[]", "{}", '"cfg"', '"ssa"', '"A"', '"formal-ssa/2"', '["A"]', '{"A":"x"}', "[1]", '[{"defs":[],"uses":[]}]'];

/** One edit of a valid text, chosen by `pick` (numbers in [0, 1)). */
function mutate(t: string, op: number, r1: number, r2: number, r3: number): string {
  const at = (r: number, len = t.length) => Math.floor(r * len);
  const lits = literals(t);
  switch (op) {
    case 0: {
      const i = at(r1);
      return t.slice(0, i) + t.slice(i + 1);
    }
    case 1: {
      const i = at(r1, t.length + 1);
      return t.slice(0, i) + '{}[]",:0 a\\'[at(r2, 11)] + t.slice(i);
    }
    case 2: {
      const i = at(r1);
      const j = at(r2);
      if (i === j) return t.slice(0, i) + t.slice(i + 1);
      const [a, b] = i < j ? [i, j] : [j, i];
      return t.slice(0, a) + t[b] + t.slice(a + 1, b) + t[a] + t.slice(b + 1);
    }
    case 3: {
      // repeat a member of an object: `"k": v` -> `"k": v, "k": v`
      const keys = lits.filter((l) => l.key);
      if (keys.length === 0) return t;
      const k = keys[at(r1, keys.length)];
      const colon = t.indexOf(":", k.end);
      if (colon < 0) return t;
      let v = colon + 1;
      while (v < t.length && " \t\r\n".includes(t[v])) v++;
      const end = valueEnd(t, v);
      return `${t.slice(0, end)}, ${t.slice(k.at, end)}${t.slice(end)}`;
    }
    case 4: {
      // rename a key
      const keys = lits.filter((l) => l.key);
      if (keys.length === 0) return t;
      const k = keys[at(r1, keys.length)];
      return `${t.slice(0, k.at)}"${KEYS[at(r2, KEYS.length)]}"${t.slice(k.end)}`;
    }
    case 5: {
      // replace a string value by another value
      const vals = lits.filter((l) => !l.key);
      if (vals.length === 0) return t;
      const v = vals[at(r1, vals.length)];
      return t.slice(0, v.at) + VALUES[at(r2, VALUES.length)] + t.slice(v.end);
    }
    case 6: {
      // replace any value (after a colon or in a list) by another
      const starts: number[] = [];
      for (let i = 0; i < t.length; i++) if (t[i] === ":" || t[i] === "[" || (t[i] === "," && r3 < 0.5)) starts.push(i + 1);
      if (starts.length === 0) return t;
      let v = starts[at(r1, starts.length)];
      while (v < t.length && " \t\r\n".includes(t[v])) v++;
      if (t[v] === "]" || t[v] === "}" || t[v] === undefined) return t;
      const end = valueEnd(t, v);
      return t.slice(0, v) + VALUES[at(r2, VALUES.length)] + t.slice(end);
    }
    case 7: {
      // remove a member of an object
      const keys = lits.filter((l) => l.key);
      if (keys.length === 0) return t;
      const k = keys[at(r1, keys.length)];
      const colon = t.indexOf(":", k.end);
      if (colon < 0) return t;
      let v = colon + 1;
      while (v < t.length && " \t\r\n".includes(t[v])) v++;
      let end = valueEnd(t, v);
      let start = k.at;
      while (end < t.length && " \t\r\n".includes(t[end])) end++;
      if (t[end] === ",") end++;
      else {
        while (start > 0 && " \t\r\n".includes(t[start - 1])) start--;
        if (t[start - 1] === ",") start--;
      }
      return t.slice(0, start) + t.slice(end);
    }
    case 8: {
      // a string value replaced by another name of the document (a pred, an entry, a key)
      const vals = lits.filter((l) => !l.key);
      if (vals.length < 2) return t;
      const v = vals[at(r1, vals.length)];
      const w = vals[at(r2, vals.length)];
      return t.slice(0, v.at) + t.slice(w.at, w.end) + t.slice(v.end);
    }
    default: {
      // cut the text
      return t.slice(0, at(r1));
    }
  }
}

const mutantArb = fc
  .tuple(textArb, fc.array(fc.tuple(fc.nat(9), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })), { minLength: 1, maxLength: 2 }))
  .map(([t, ops]) => ops.reduce((s, [op, a, b, c]) => mutate(s, op, a, b, c), t));

describe("the byte reader agrees with io/read.ts on malformed documents", () => {
  it("mutants of valid texts (delete, insert one of {}[]\",:0 a\\, swap, repeat a member, rename a key, replace a value, drop a member, cut): fast accepts iff io/read.ts accepts, and then the columns agree", () => {
    let rejected = 0;
    fc.assert(
      fc.property(mutantArb, (t) => {
        if (!agree(t).ok) rejected++;
      }),
      { numRuns: 3000 },
    );
    expect(rejected).toBeGreaterThan(1000);
  });

  it("invalid UTF-8 bytes anywhere: both reject, with decodeText's message", () => {
    const BAD = [[0xff], [0xc0, 0x80], [0x80], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe0, 0x80, 0xaf], [0xf0]];
    fc.assert(
      fc.property(textArb, fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(BAD.length - 1), (text, r, k) => {
        const good = bytesOf(text);
        const i = Math.floor(r * good.length);
        const bytes = new Uint8Array([...good.subarray(0, i), ...BAD[k], ...good.subarray(i)]);
        const message = failure(bytes);
        expect(message).toMatch(/^d\.json: not UTF-8: line \d+, byte offset \d+: /);
        expect(message).toBe(oldRead(bytes).ok ? "" : (oldRead(bytes) as { message: string }).message);
      }),
      { numRuns: 200 },
    );
  });

  it("never throws anything but FastReadError, on random bytes and random JSON", () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 60 }), fc.json().map(bytesOf), fc.jsonValue().map((v) => bytesOf(JSON.stringify({ format: "formal-ssa/1", ...(typeof v === "object" && v !== null && !Array.isArray(v) ? v : { kind: v }) })))), (bytes) => {
        agree(bytes);
      }),
      { numRuns: 500 },
    );
  });

  it("deeply nested JSON (no recursion over the input's depth): the readers agree", () => {
    const deep = "[".repeat(200_000) + "]".repeat(200_000);
    expect(failure(`{"format":"formal-ssa/1","kind":"cfg","entry":"A","blocks":[{"id":"A","preds":[]}],"x":${deep}}`)).toMatch(/unknown field "x"/);
    expect(failure(`{"format":"formal-ssa/1","functions":[${deep}]}`)).toMatch(/function #0: not a JSON object/);
    expect(failure(`{"format":"formal-ssa/1","functions":[${"[".repeat(100_000)}]}`)).toMatch(/^d\.json: not JSON: line 1, column \d+: /);
  });
});

// ---------------------------------------------------------------------------------------------
// one case per rule

const fnText = (members: string): string => `{"format": "formal-ssa/1", "name": "f", ${members}}`;
const ok = `"kind": "ssa", "entry": "B1"`;
const B1 = `{"id": "B1", "preds": []}`;

describe("each malformed rule: FastReadError, one line `FILE: place: what`", () => {
  const cases: [string, string, RegExp][] = [
    // JSON syntax
    ["not JSON: a trailing comma", `{"format": "formal-ssa/1",}`, /^d\.json: not JSON: line 1, column 27: expected a string key/],
    ["not JSON: a bad escape", fnText(`${ok}, "blocks": [{"id": "B\\x", "preds": []}]`), /^d\.json: not JSON: line 1, column \d+: bad escape/],
    ["not JSON: a bad \\u escape", fnText(`${ok}, "blocks": [{"id": "B\\u12G4", "preds": []}]`), /^d\.json: not JSON: .*bad \\u escape/],
    ["not JSON: a control character in a string", fnText(`${ok}, "blocks": [{"id": "B\t1", "preds": []}]`), /^d\.json: not JSON: .*control character/],
    ["not JSON: an unterminated string", `{"format": "formal-ssa/1", "kind": "cf`, /^d\.json: not JSON: line 1, column 36: unterminated string/],
    ["not JSON: a bad number", fnText(`${ok}, "blocks": [${B1}], "x": 01`), /^d\.json: not JSON: /],
    ["not JSON: a bad number in a skipped function", `{"format": "formal-ssa/1", "functions": [{"x": -}]}`, /^d\.json: not JSON: line 1, column 48: malformed number/],
    ["not JSON: a bad literal", `{"format": "formal-ssa/1", "functions": [{"x": nul}]}`, /^d\.json: not JSON: /],
    ["not JSON: text after the value", `${fnText(`${ok}, "blocks": [${B1}]`)} x`, /^d\.json: not JSON: .*after the JSON value/],
    ["not JSON: a second BOM", `\ufeff\ufeff${fnText(`${ok}, "blocks": [${B1}]`)}`, /^d\.json: not JSON: line 1, column 1: /],
    ["not JSON: empty", ``, /^d\.json: not JSON: line 1, column 1: unexpected end of input/],
    ["not JSON: line and column on a later line", `{\n  "format": "formal-ssa/1",\n  "kind": "é€😀" x}`, /^d\.json: not JSON: line 3, column 18: expected .,. or .}., found .x.$/],
    // duplicate keys
    ["duplicate key at the top level", fnText(`${ok}, "kind": "cfg", "blocks": [${B1}]`), /^d\.json: line 1, column \d+: duplicate key "kind" in the top-level object$/],
    ["duplicate key in a block", fnText(`${ok}, "blocks": [{"id": "B1", "preds": [], "id": "B2"}]`), /^d\.json: line 1, column \d+: duplicate key "id" in \/blocks\/0$/],
    ["duplicate key in a statement", fnText(`${ok}, "blocks": [{"id": "B1", "preds": [], "stmts": [{"defs": [], "uses": [], "defs": []}]}]`), /duplicate key "defs" in \/blocks\/0\/stmts\/0$/],
    ["duplicate key in a phi", fnText(`${ok}, "blocks": [{"id": "B1", "preds": [], "phis": [{"def": "a", "args": [], "def": "b"}]}]`), /duplicate key "def" in \/blocks\/0\/phis\/0$/],
    ["duplicate key in phi args (written differently)", fnText(`${ok}, "blocks": [{"id": "B1", "preds": ["B1"], "phis": [{"def": "a", "args": {"B1": "x", "\\u00421": "y"}}]}]`), /duplicate key "B1" in \/blocks\/0\/phis\/0\/args$/],
    ["duplicate key in vars", fnText(`${ok}, "blocks": [${B1}], "vars": {"a": "x", "b": "x", "a": "y"}`), /duplicate key "a" in \/vars$/],
    ["duplicate key in a module's function", `{"format": "formal-ssa/1", "functions": [{"kind": "cfg", "entry": "B1", "blocks": [${B1}], "entry": "B1"}]}`, /duplicate key "entry" in \/functions\/0$/],
    ["duplicate key __proto__", fnText(`${ok}, "blocks": [${B1}], "vars": {"__proto__": "x", "__proto__": "y"}`), /duplicate key "__proto__" in \/vars$/],
    // the top level
    ["the document is not an object", `[1, 2]`, /^d\.json: the document is not a JSON object$/],
    ["missing format", `{"kind": "cfg", "entry": "B1", "blocks": [${B1}]}`, /^d\.json: missing "format"/],
    ["format not a string", `{"format": 1, "kind": "cfg", "entry": "B1", "blocks": [${B1}]}`, /^d\.json: "format" must be a string, not 1$/],
    ["unknown format", `{"format": "formal-ssa/2", "functions": []}`, /^d\.json: unknown format "formal-ssa\/2"/],
    ["a module with another key", `{"format": "formal-ssa/1", "functions": [], "kind": "cfg"}`, /^d\.json: unknown field "kind"/],
    ["functions not a list", `{"format": "formal-ssa/1", "functions": {}}`, /^d\.json: "functions" must be a list/],
    // functions
    ["a function not an object", `{"format": "formal-ssa/1", "functions": [[]]}`, /^d\.json: function #0: not a JSON object$/],
    ["a function's format differs", `{"format": "formal-ssa/1", "functions": [{"format": "formal-ssa/0", "name": "g", "kind": "cfg", "entry": "B1", "blocks": [${B1}]}]}`, /^d\.json: function g: unknown format "formal-ssa\/0"/],
    ["name not a string", `{"format": "formal-ssa/1", "name": null, "kind": "cfg", "entry": "B1", "blocks": [${B1}]}`, /^d\.json: function #0: "name" must be a string, not null$/],
    ["unknown field in a function", fnText(`${ok}, "blocks": [${B1}], "block": []`), /^d\.json: function f: unknown field "block"/],
    ["missing kind", fnText(`"entry": "B1", "blocks": [${B1}]`), /^d\.json: function f: missing "kind"/],
    ["kind neither cfg nor ssa", fnText(`"kind": "SSA", "entry": "B1", "blocks": [${B1}]`), /^d\.json: function f: "kind" must be "cfg" or "ssa", not "SSA"$/],
    ["missing entry", fnText(`"kind": "cfg", "blocks": [${B1}]`), /^d\.json: function f: missing "entry"/],
    ["entry not a string", fnText(`"kind": "cfg", "entry": ["B1"], "blocks": [${B1}]`), /^d\.json: function f: "entry" must be a string, not a list$/],
    ["entry not a block id", fnText(`"kind": "cfg", "entry": "B9", "blocks": [${B1}]`), /^d\.json: function f: entry "B9" is not a block id$/],
    ["missing blocks", fnText(ok), /^d\.json: function f: missing "blocks"$/],
    ["blocks not a list", fnText(`${ok}, "blocks": {}`), /^d\.json: function f: "blocks" must be a list, not an object$/],
    ["vars in a cfg", fnText(`"kind": "cfg", "entry": "B1", "blocks": [${B1}], "vars": {}`), /^d\.json: function f: "vars" in a "cfg" document/],
    ["vars not an object", fnText(`${ok}, "blocks": [${B1}], "vars": []`), /^d\.json: function f: "vars" must be an object, not a list$/],
    ["a vars value not a string", fnText(`${ok}, "blocks": [${B1}], "vars": {"a": 1}`), /^d\.json: function f: "vars"\["a"\] must be a string, not 1$/],
    ["the function name comes after the error", `{"format": "formal-ssa/1", "kind": "cfg", "entry": "B1", "blocks": [{"id": "B1"}], "name": "late one"}`, /^d\.json: function "late one", block B1: missing "preds"/],
    // blocks
    ["a block not an object", fnText(`${ok}, "blocks": [${B1}, "B2"]`), /^d\.json: function f, block #1: not a JSON object$/],
    ["a block without id", fnText(`${ok}, "blocks": [${B1}, {"preds": []}]`), /^d\.json: function f, block #1: missing "id"$/],
    ["a block id not a string", fnText(`${ok}, "blocks": [${B1}, {"id": 2, "preds": []}]`), /^d\.json: function f, block #1: "id" must be a string, not 2$/],
    ["a duplicate block id (written differently)", fnText(`${ok}, "blocks": [${B1}, {"preds": [], "id": "B\\u0031"}]`), /^d\.json: function f, block B1: duplicate block id \(blocks #0 and #1\)$/],
    ["an unknown field in a block", fnText(`${ok}, "blocks": [{"preds": [], "stmt": [], "id": "B2"}]`), /^d\.json: function f, block B2: unknown field "stmt"/],
    ["missing preds", fnText(`${ok}, "blocks": [{"id": "B2"}]`), /^d\.json: function f, block B2: missing "preds"/],
    ["preds not a list", fnText(`${ok}, "blocks": [{"id": "B2", "preds": "B2"}]`), /^d\.json: function f, block B2: "preds" must be a list of strings, not "B2"$/],
    ["a pred not a string", fnText(`${ok}, "blocks": [{"id": "B2", "preds": ["B2", null]}]`), /^d\.json: function f, block B2: "preds"\[1\] must be a string, not null$/],
    ["a pred not a block id", fnText(`${ok}, "blocks": [{"id": "B1", "preds": ["B3"]}, {"id": "B2", "preds": ["B1"]}]`), /^d\.json: function f, block B1: predecessor "B3" is not a block id$/],
    ["phis in a cfg", fnText(`"kind": "cfg", "entry": "B1", "blocks": [${B1}, {"id": "B2", "preds": [], "phis": []}]`), /^d\.json: function f, block B2: "phis" in a "cfg" document/],
    ["phis not a list", fnText(`${ok}, "blocks": [{"id": "B2", "preds": [], "phis": {}}]`), /^d\.json: function f, block B2: "phis" must be a list, not an object$/],
    ["stmts and defs", fnText(`${ok}, "blocks": [{"id": "B2", "preds": [], "stmts": [], "defs": []}]`), /^d\.json: function f, block B2: has both "stmts" and "defs"/],
    ["stmts and uses", fnText(`${ok}, "blocks": [{"id": "B2", "preds": [], "uses": [], "stmts": []}]`), /^d\.json: function f, block B2: has both "stmts" and "uses"/],
    ["stmts not a list", fnText(`${ok}, "blocks": [{"id": "B2", "preds": [], "stmts": {}}]`), /^d\.json: function f, block B2: "stmts" must be a list, not an object$/],
    ["block defs not a list of strings", fnText(`${ok}, "blocks": [{"id": "B2", "preds": [], "defs": ["a", 1]}]`), /^d\.json: function f, block B2: "defs"\[1\] must be a string, not 1$/],
    ["block uses not a list", fnText(`${ok}, "blocks": [{"id": "B2", "preds": [], "uses": "a"}]`), /^d\.json: function f, block B2: "uses" must be a list of strings, not "a"$/],
    ["a block id with a strange name is quoted", fnText(`${ok}, "blocks": [{"id": "B 2\\n", "preds": [], "uses": "a"}]`), /^d\.json: function f, block "B 2\\n": "uses" must be a list/],
    // statements
    ["a statement not an object", fnText(`${ok}, "blocks": [{"id": "B2", "preds": [], "stmts": [{"defs": [], "uses": []}, []]}]`), /^d\.json: function f, block B2, statement 1: not a JSON object$/],
    ["a statement without defs", fnText(`${ok}, "blocks": [{"id": "B2", "preds": [], "stmts": [{"uses": []}]}]`), /^d\.json: function f, block B2, statement 0: missing "defs"/],
    ["a statement without uses", fnText(`${ok}, "blocks": [{"id": "B2", "preds": [], "stmts": [{"defs": []}]}]`), /^d\.json: function f, block B2, statement 0: missing "uses"/],
    ["a statement with another key", fnText(`${ok}, "blocks": [{"id": "B2", "preds": [], "stmts": [{"defs": [], "uses": [], "id": "x"}]}]`), /^d\.json: function f, block B2, statement 0: unknown field "id"/],
    ["a statement's uses element not a string", fnText(`${ok}, "blocks": [{"id": "B2", "preds": [], "stmts": [{"defs": [], "uses": [{}]}]}]`), /^d\.json: function f, block B2, statement 0: "uses"\[0\] must be a string, not an object$/],
    // phis
    ["a phi not an object", fnText(`${ok}, "blocks": [{"id": "B2", "preds": [], "phis": ["a"]}]`), /^d\.json: function f, block B2, phi 0: not a JSON object$/],
    ["a phi without def", fnText(`${ok}, "blocks": [{"id": "B2", "preds": [], "phis": [{"def": "a", "args": []}, {"args": []}]}]`), /^d\.json: function f, block B2, phi 1: missing "def"$/],
    ["a phi def not a string", fnText(`${ok}, "blocks": [{"id": "B2", "preds": [], "phis": [{"def": 1, "args": []}]}]`), /^d\.json: function f, block B2, phi 0: "def" must be a string, not 1$/],
    ["a phi without args", fnText(`${ok}, "blocks": [{"id": "B2", "preds": [], "phis": [{"def": "a"}]}]`), /^d\.json: function f, block B2, phi 0: missing "args"$/],
    ["phi args neither list nor object", fnText(`${ok}, "blocks": [{"id": "B2", "preds": [], "phis": [{"def": "a", "args": "b"}]}]`), /^d\.json: function f, block B2, phi 0: "args" must be a list or an object/],
    ["a phi args element not a string", fnText(`${ok}, "blocks": [{"id": "B2", "preds": ["B2"], "phis": [{"def": "a", "args": [true]}]}]`), /^d\.json: function f, block B2, phi 0: "args"\[0\] must be a string, not true$/],
    ["an args object value not a string", fnText(`${ok}, "blocks": [{"id": "B2", "preds": ["B2"], "phis": [{"def": "a", "args": {"B2": 1}}]}]`), /^d\.json: function f, block B2, phi 0: "args"\["B2"\] must be a string, not 1$/],
    ["an args object with preds listing a block twice", fnText(`${ok}, "blocks": [{"phis": [{"def": "a", "args": {"B2": "x"}}], "id": "B2", "preds": ["B2", "B2"]}]`), /^d\.json: function f, block B2, phi 0: "args" is keyed by predecessor, but "preds" lists "B2" twice/],
    ["an args object naming a non-predecessor", fnText(`${ok}, "blocks": [${B1}, {"id": "B2", "preds": ["B2"], "phis": [{"def": "a", "args": ["x"]}, {"def": "b", "args": {"B2": "x", "B1": "y"}}]}]`), /^d\.json: function f, block B2, phi 1: "args" names "B1", which is not a predecessor$/],
    ["an args object missing a predecessor", fnText(`${ok}, "blocks": [${B1}, {"id": "B2", "preds": ["B2", "B1"], "phis": [{"def": "b", "args": {"B2": "x"}}]}]`), /^d\.json: function f, block B2, phi 0: "args" has no argument for predecessor "B1"$/],
    ["an unknown field in a phi", fnText(`${ok}, "blocks": [{"id": "B2", "preds": [], "phis": [{"def": "a", "args": [], "arg": []}]}]`), /^d\.json: function f, block B2, phi 0: unknown field "arg"/],
  ];
  for (const [rule, text, message] of cases)
    it(`${rule}: ${message.source}`, () => {
      expect(failure(text)).toMatch(message);
    });

  it("not UTF-8: decodeText's message", () => {
    const bytes = bytesOf(fnText(`${ok}, "blocks": [${B1}]`));
    bytes[20] = 0xff;
    expect(failure(bytes)).toBe("d.json: not UTF-8: line 1, byte offset 20: invalid byte 0xff");
  });

  it("what is not malformed reads: phi args lists of any length, empty args objects without preds, an entry with preds", () => {
    for (const text of [
      fnText(`${ok}, "blocks": [{"id": "B1", "preds": ["B1", "B1"], "phis": [{"def": "a", "args": []}, {"def": "b", "args": ["x", "y", "z"]}]}]`),
      fnText(`${ok}, "blocks": [{"id": "B1", "preds": [], "phis": [{"def": "a", "args": {}}]}]`),
      fnText(`${ok}, "blocks": [{"id": "B1", "preds": ["B1"], "defs": ["a", "a"], "uses": ["a"]}], "vars": {}`),
    ])
      expect(agree(text).ok).toBe(true);
  });
});

/** A deterministic SSA function of `n` blocks with many names: phis (lists and objects), statements, defs/uses blocks, vars. */
function bigSsa(n: number, seed: number): Record<string, unknown> {
  const rnd = prng(seed);
  const pick = (k: number) => Math.floor(rnd() * k);
  const id = (b: number) => (b % 7 === 3 ? `blké${b}` : `B${b}`);
  const vars: Record<string, string> = {};
  const value = () => {
    const v = `v${pick(4 * n)}${pick(3) === 0 ? "\u2028" : ""}`;
    vars[v] = `x${pick(50)}`;
    return v;
  };
  const blocks = [];
  for (let b = 0; b < n; b++) {
    const preds = b === 0 ? [] : Array.from({ length: 1 + pick(3) }, () => id(pick(n)));
    const distinct = new Set(preds).size === preds.length;
    const phis = Array.from({ length: pick(3) }, () =>
      distinct && pick(2) === 0 ? { args: Object.fromEntries(preds.map((p) => [p, value()]).reverse()), def: value() } : { def: value(), args: preds.map(value) },
    );
    const block: Record<string, unknown> = pick(2) === 0 ? { id: id(b), preds } : { preds, id: id(b) };
    if (phis.length > 0) block.phis = phis;
    if (pick(3) === 0) {
      block.uses = [value(), value()];
      block.defs = [value()];
    } else block.stmts = Array.from({ length: pick(4) }, () => ({ uses: [value()], defs: [value(), value()] }));
    blocks.push(block);
  }
  return { kind: "ssa", name: `big${seed}`, entry: id(0), blocks, vars };
}

describe("large documents", () => {
  it("a large SSA document without the block count hint (its \"blocks\" key written with an escape), alone and in a module: the readers agree", () => {
    // some characters of names and keys written as escapes too
    const one = escapeSome(JSON.stringify({ format: "formal-ssa/1", ...bigSsa(5000, 1) }), 1, 0.05).replace('"blocks"', '"bl\\u006fcks"');
    expect(one.includes('"blocks"')).toBe(false);
    expect(agree(one).ok).toBe(true);
    const mod = JSON.stringify({ format: "formal-ssa/1", functions: [bigSsa(3000, 2), bigSsa(4000, 3)] }, null, 1);
    expect(agree(mod).ok).toBe(true);
    expect(agree(mod.replace(/"blocks"/g, '"\\u0062locks"')).ok).toBe(true);
  });


  it("a valid function's columns are allocated at their size (openColumnar counts them): no slack to keep, no copy made", () => {
    const exact = (fn: ColumnarFunction): void => {
      for (const [k, a] of Object.entries({ preds: fn.preds, occ: fn.occ, groupDefs: fn.groupDefs, groupUses: fn.groupUses, predStart: fn.predStart, groupStart: fn.groupStart, occStart: fn.occStart }))
        expect(a.buffer.byteLength, k).toBe(a.byteLength);
    };
    // phis (lists and args objects), defs/uses and stmts blocks, vars; alone, indented, and as a module
    const one = JSON.stringify({ format: "formal-ssa/1", ...bigSsa(3000, 4) });
    exact(openColumnar(bytesOf(one), FILE).read(0));
    const mod = openColumnar(bytesOf(JSON.stringify({ format: "formal-ssa/1", functions: [bigSsa(2000, 5), nIfs(3000)] }, null, 2)), FILE);
    exact(mod.read(0));
    exact(mod.read(1));
  });

  it("nIfs(10^5) reads and agrees with io/read.ts", () => {
    const text = JSON.stringify(nIfs(100_000));
    const bytes = bytesOf(text);
    const fn = openColumnar(bytes, FILE).read(0);
    expect(fn.blockCount).toBe(300_002);
    checkColumns(fn);
    const old = readDocument(text, FILE).functions[0];
    expect(docOf(fn)).toEqual(docOf(columnsOf(old)));
  });
});
