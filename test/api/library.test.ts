/**
 * The library as a user calls it (api/index.ts, api/arbitraries.ts, api/llvm.ts): documents as
 * text, objects or function lists; the same report the command line prints, rendered from the
 * report object alone; the typed errors with the command line's messages; the in-process
 * fuzzing entries catching a wrong construction and shrinking it to a small CFG whose message
 * carries the witness.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ADAPTERS,
  adapterFor,
  ALGORITHMS,
  assertCertified,
  check,
  construct,
  formatCheckReport,
  formatDocuments,
  formatReport,
  MalformedInput,
  MINIMIZATIONS,
  NotCertified,
  NotWellFormed,
  parseDocument,
  validate,
  type CfgDocument,
  type FunctionDoc,
  type ModuleDocument,
  type SsaDocument,
} from "../../api/index.js";
import { assertConstruction, asyncCertifiedProperty, certifiedProperty, fuzzConstruction, structuredCfg } from "../../api/arbitraries.js";
import { construct as constructLlvm, validate as validateLlvmText } from "../../api/llvm.js";
import { ensureBuilt, ROOT, runCli, runMain } from "../cli/cli.js";
import { UNDEF_CFG } from "../helpers/documents.js";

const text = (f: string) => readFileSync(join(ROOT, f), "utf8");
const json = <T = unknown>(f: string) => JSON.parse(text(f)) as T;
const noMs = (s: string) => s.replace(/\d+(\.\d+)? ms\b/g, "<t> ms");
const noMsJson = (x: unknown) => JSON.stringify(x, (k, v) => (k === "milliseconds" ? undefined : v));

beforeAll(() => ensureBuilt());

/** A construction with a classic bug: the first phi whose two arguments differ gets them swapped. */
function swapFirstPhi(cfg: CfgDocument): SsaDocument {
  const ssa = construct(cfg, { algorithm: "braun", minimize: "peel" });
  for (const b of ssa.blocks)
    for (const phi of b.phis ?? []) {
      const args = phi.args as string[];
      const j = args.findIndex((a) => a !== args[0]);
      if (j > 0) {
        [args[0], args[j]] = [args[j], args[0]];
        return ssa;
      }
    }
  return ssa;
}

describe("parseDocument: text, objects and lists, with the command line's messages", () => {
  it("text and the parsed object give the same functions; a module and a list of functions too", () => {
    const t = text("examples/diamond.json");
    expect(parseDocument(JSON.parse(t))).toEqual(parseDocument(t));
    const [d] = parseDocument(t);
    const [l] = parseDocument(text("examples/loop.json"));
    const module: ModuleDocument = { format: "formal-ssa/1", functions: [d, l] };
    expect(parseDocument(module)).toEqual([d, l]);
    expect(parseDocument([d, l])).toEqual([d, l]);
  });
  it("a field set to undefined in a program is absent, as in its JSON", () => {
    const [d] = parseDocument(text("examples/diamond.json"));
    expect(parseDocument({ ...d, format: "formal-ssa/1", name: undefined })[0].name).toBeUndefined();
  });
  it("malformed input throws MalformedInput with exactly the line the command line prints (exit 2)", () => {
    const bad = JSON.stringify({ format: "formal-ssa/1", kind: "cfg", entry: "B0", blocks: [{ id: "B0", preds: ["B9"] }] });
    let message = "";
    try {
      parseDocument(bad, { name: "<stdin>" });
    } catch (e) {
      expect(e).toBeInstanceOf(MalformedInput);
      message = (e as Error).message;
    }
    expect(message).toBe('<stdin>: function #0, block B0: predecessor "B9" is not a block id');
    const cli = runCli(["check", "-"], ROOT, bad);
    expect(cli).toEqual({ status: 2, stdout: "", stderr: 'formal-ssa: <stdin>: function #0, block B0: predecessor "B9" is not a block id\n' });
    expect(() => parseDocument("{", { name: "x.json" })).toThrow(/^x\.json: not JSON: line 1, column 2: /);
    expect(() => parseDocument({ format: "formal-ssa/1", kind: "cfg", entry: "B0", blocks: [], extra: 1 } as unknown as FunctionDoc)).toThrow(MalformedInput);
    expect(() => parseDocument({ format: "formal-ssa/1", kind: "cfg", entry: "B0", blocks: [], extra: 1 } as unknown as FunctionDoc)).toThrow('document: function #0: unknown field "extra"');
  });
});

describe("validate, check, construct: the command line's reports", () => {
  it("validate's report is the --json report, and formatReport its text, byte for byte (times aside)", async () => {
    for (const ssa of ["examples/diamond.ssa.json", "examples/diamond.bad.ssa.json"]) {
      const report = validate(text("examples/diamond.json"), json(ssa), { names: { original: "examples/diamond.json", ssa } });
      const cliJson = await runMain(["validate", "examples/diamond.json", ssa, "--json"], ROOT);
      expect(noMsJson(report)).toBe(noMsJson(JSON.parse(cliJson.stdout)));
      expect(noMs(formatReport(report))).toBe(noMs((await runMain(["validate", "examples/diamond.json", ssa], ROOT)).stdout));
    }
  });
  it("check's report and text", async () => {
    for (const f of ["examples/loop.json", "examples/diamond.bad.ssa.json"]) {
      const report = check(text(f), { name: f });
      expect(report.format).toBe("formal-ssa/check@1");
      expect(noMsJson(report)).toBe(noMsJson(JSON.parse((await runMain(["check", f, "--json"], ROOT)).stdout)));
      expect(noMs(formatCheckReport(report))).toBe(noMs((await runMain(["check", f], ROOT)).stdout));
    }
    expect(check(text("examples/loop.json")).verdict).toBe("holds");
    expect(check(text("examples/diamond.bad.ssa.json")).verdict).toBe("fails");
  });
  it("construct: one function gives an SSA document, a module a module; every algorithm and minimisation is certified", () => {
    const cfg = json<CfgDocument>("examples/nested-loops-break.json");
    for (const algorithm of ALGORITHMS)
      for (const minimize of MINIMIZATIONS) {
        const ssa = construct(cfg, { algorithm, minimize });
        expect(ssa.kind).toBe("ssa");
        expect(validate(cfg, ssa).verdict).toBe("certified");
      }
    const cfgs: ModuleDocument = { format: "formal-ssa/1", functions: [cfg, json<FunctionDoc>("examples/loop.json")] };
    const module = construct(cfgs);
    expect(module.functions.map((f) => f.kind)).toEqual(["ssa", "ssa"]);
    expect(formatDocuments(module.functions)).toBe(runCli(["construct", "-"], ROOT, JSON.stringify(cfgs)).stdout);
  });
  it("construct on a CFG that breaks CFG_wf throws NotWellFormed naming the use, unless unchecked", () => {
    const cfg = UNDEF_CFG;
    let error: unknown;
    try {
      construct(cfg, { name: "u.json" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(NotWellFormed);
    const e = error as NotWellFormed;
    expect(e.report.functions[0].properties.def_ass_uses.holds).toBe(false);
    expect(e.message).toBe(
      "u.json: function undef breaks CFG_wf, so no SSA construction would be a valid translation of it (the option unchecked, --unchecked, builds one anyway):\n" +
        "  FAILS  def_ass_uses (1 failure)\n" +
        "           path B0 -> B2: use of x at block B2, statement 0: want a definition on every path from the entry, have none on this path",
    );
    const forced = construct(cfg, { unchecked: true });
    expect(validate(cfg, forced).verdict).toBe("rejected");
  });
  it("unknown options are malformed, like the command line's choices", () => {
    expect(() => construct(json<CfgDocument>("examples/loop.json"), { algorithm: "magic" as never })).toThrow(MalformedInput);
    expect(() => validate(text("examples/loop.json"), text("examples/loop.ssa.json"), { require: ["minimal" as never] })).toThrow(
      'require: unknown quality property "minimal" (choose from pruned, no_trivial_phis, cytronMinimal, no_redundant_set)',
    );
  });
});

describe("assertCertified: for any test runner", () => {
  it("returns the report when certified, throws NotCertified with the witnesses otherwise", () => {
    const cfg = text("examples/diamond.json");
    expect(assertCertified(cfg, text("examples/diamond.ssa.json")).verdict).toBe("certified");
    let error: unknown;
    try {
      assertCertified(cfg, text("examples/diamond.bad.ssa.json"));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(NotCertified);
    const msg = (error as Error).message;
    expect(msg).toContain("FAILS  equiv (1 failure)");
    expect(msg).toContain("path B0 -> B1 -> B3: at the use of x.B3.phi in block B3, statement 0, x was last defined at block B1, statement 0, but x.B3.phi stands for no definition");
    expect(msg).not.toContain("holds ");
    expect((error as NotCertified).report.verdict).toBe("rejected");
  });
  it("the message holds only what fails: no witness of an unrequired quality property strays under another", () => {
    // Aycock-Horspool's crude phis (a dead, trivial phi of c), and x's phi with its arguments
    // swapped: equiv fails, and so do the four quality properties, none of them required
    const cfg = json<CfgDocument>("examples/diamond.json");
    const ssa = construct(cfg, { algorithm: "aycock-horspool", minimize: "none" });
    const phi = ssa.blocks.flatMap((b) => b.phis ?? []).find((p) => p.def.startsWith("x."))!;
    phi.args = [...(phi.args as string[])].reverse();
    const report = validate(cfg, ssa);
    expect(Object.entries(report.functions[0].properties).filter(([, p]) => !p.holds).map(([k]) => k)).toEqual([
      "allUses_def_ass",
      "equiv",
      "pruned",
      "no_trivial_phis",
      "cytronMinimal",
      "no_redundant_set",
    ]);
    const msg = (() => {
      try {
        assertCertified(cfg, ssa);
      } catch (e) {
        return (e as Error).message;
      }
      return "";
    })();
    const lines = msg.split("\n");
    const witnessLines = lines.filter((l) => l.startsWith("           "));
    const failing = Object.entries(report.functions[0].properties).filter(([k, p]) => !p.holds && !["pruned", "no_trivial_phis", "cytronMinimal", "no_redundant_set"].includes(k));
    expect(witnessLines).toEqual(failing.flatMap(([, p]) => p.witness!.map((w) => `           ${w.text}`)));
    expect(msg).not.toMatch(/\d ms\)/);
  });
  it("a required quality property fails it too", () => {
    const cfg = text("examples/irreducible.json");
    const ssa = construct(json<CfgDocument>("examples/irreducible.json"), { algorithm: "functional", minimize: "trivial" });
    expect(() => assertCertified(cfg, ssa)).not.toThrow();
    expect(() => assertCertified(cfg, ssa, { require: ["cytronMinimal"] })).toThrow(/FAILS {2}cytronMinimal/);
  });
});

describe("in-process fuzzing (formal-ssa/arbitraries)", () => {
  const SEED = 42;
  it(`certifiedProperty holds for our own construction (seed ${SEED}, 200 CFGs)`, () => {
    const details = fc.check(certifiedProperty((cfg) => construct(cfg, { algorithm: "cytron", minimize: "none" })), { seed: SEED, numRuns: 200 });
    expect(details.failed).toBe(false);
  });
  it(`catches a construction that swaps phi arguments, shrunk to a small CFG with the witness in the message (seed ${SEED})`, () => {
    const details = fc.check(certifiedProperty(swapFirstPhi), { seed: SEED, numRuns: 300 });
    expect(details.failed).toBe(true);
    const [cfg] = details.counterexample!;
    expect(cfg.blocks.length).toBeLessThanOrEqual(8);
    const message = String((details.errorInstance as Error).message);
    expect(message).toMatch(/FAILS {2}(allUses_def_ass|equiv|conventional)/);
    // fast-check 4 puts the predicate's error in `cause` (test runners show it), or in the message on request
    expect(() => fc.assert(certifiedProperty(swapFirstPhi), { seed: SEED, numRuns: 300, includeErrorInReport: true })).toThrow(/FAILS {2}[\s\S]*path B0/);
    try {
      fc.assert(certifiedProperty(swapFirstPhi), { seed: SEED, numRuns: 300 });
    } catch (e) {
      expect(((e as Error).cause as Error).message).toBe(message);
    }
  });
  it(`assertConstruction: one call, the witness in the thrown message (seed ${SEED})`, () => {
    expect(() => assertConstruction((cfg) => construct(cfg), { seed: SEED, runs: 100 })).not.toThrow();
    expect(() => assertConstruction(swapFirstPhi, { seed: SEED, runs: 300 })).toThrow(/Counterexample[\s\S]*FAILS {2}[\s\S]*path B0/);
  });
  it(`the async property and fuzzConstruction agree (seed ${SEED})`, async () => {
    const asyncWrong = async (cfg: CfgDocument) => swapFirstPhi(cfg);
    await expect(fc.assert(asyncCertifiedProperty(asyncWrong), { seed: SEED, numRuns: 300, includeErrorInReport: true })).rejects.toThrow(/FAILS/);
    const result = await fuzzConstruction(asyncWrong, { seed: SEED, runs: 300 });
    expect(result.seed).toBe(SEED);
    expect(result.finding).toBeDefined();
    const f = result.finding!;
    expect(f.original.blocks.length).toBeLessThanOrEqual(8);
    expect(f.report?.verdict).toBe("rejected");
    expect(f.message).toContain("FAILS");
    // the finding replays: the shrunk CFG and the construction's output are rejected again
    expect(validate(f.original, f.output!).verdict).toBe("rejected");
    const clean = await fuzzConstruction((cfg) => construct(cfg), { seed: SEED, runs: 100 });
    expect(clean.finding).toBeUndefined();
    expect(clean.runs).toBe(100);
  });
  it(`a construction that throws or answers malformed output is caught too (seed ${SEED})`, async () => {
    const thrower = await fuzzConstruction(() => {
      throw new Error("boom");
    }, { seed: SEED, runs: 10 });
    expect(thrower.finding?.message).toBe("boom");
    const junk = await fuzzConstruction(() => "{", { seed: SEED, runs: 10 });
    expect(junk.finding?.message).toMatch(/^ssa\.json: not JSON/);
  });
  it("the arbitraries compose with the user's own fc", () => {
    const sizes = fc.sample(structuredCfg({ maxStatements: 10 }), { seed: 7, numRuns: 5 }).map((c) => c.blocks.length);
    expect(sizes).toEqual(fc.sample(structuredCfg({ maxStatements: 10 }), { seed: 7, numRuns: 5 }).map((c) => c.blocks.length));
  });
});

describe("producers: the registry and formal-ssa/llvm", () => {
  it("the registry finds each adapter by name and by content; exchange-format input has none", () => {
    expect(ADAPTERS.map((a) => a.name)).toEqual(["spirv", "gcc", "hermes", "llvm"]);
    expect(adapterFor("x.ll", "")?.name).toBe("llvm");
    expect(adapterFor("-", "; ModuleID = 'x'\ndefine i32 @f() {")?.name).toBe("llvm");
    expect(adapterFor("x.ll", text("test/fixtures/llvm/loops.before.ll"))?.name).toBe("llvm");
    expect(adapterFor("x.spvasm", "")?.name).toBe("spirv");
    expect(adapterFor("-", text("test/fixtures/spirv/loops.before.spvasm"))?.name).toBe("spirv");
    expect(ADAPTERS.find((a) => a.recognizesBinary?.(new Uint8Array(readFileSync(join(ROOT, "test/fixtures/spirv/loops.before.spv")).subarray(0, 64))))?.name).toBe("spirv");
    expect(adapterFor("-", text("test/fixtures/hermes/loops.v1.ir"))?.name).toBe("hermes");
    expect(adapterFor("-", text("test/fixtures/hermes/loops.legacy.ir"))?.name).toBe("hermes");
    expect(adapterFor("x.json", text("examples/loop.json"))).toBeUndefined();
  });
  it("validate on LLVM texts is the report of `formal-ssa validate before.ll after.ll --json`", async () => {
    const b = "test/fixtures/llvm/loops.before.ll";
    const a = "test/fixtures/llvm/loops.after.ll";
    const report = validateLlvmText(text(b), text(a), { names: { original: b, ssa: a } });
    expect(report.producer).toBe("mem2reg");
    expect(report.verdict).toBe("certified");
    expect(noMsJson(report)).toBe(noMsJson(JSON.parse((await runMain(["validate", b, a, "--json"], ROOT)).stdout)));
    expect(noMs(formatReport(report, { functions: true }))).toBe(noMs((await runMain(["validate", b, a, "--functions"], ROOT)).stdout));
    const module = constructLlvm(text(b), { algorithm: "braun", minimize: "peel" });
    expect(formatDocuments(module.functions)).toBe((await runMain(["construct", b, "--algorithm", "braun", "--minimize", "peel"], ROOT)).stdout);
  });
});
