/**
 * Wrong SSA is rejected, with witnesses that are real. Real functions are compiled by
 * babel-plugin-react-compiler and captured at the three points (MergeConsecutiveBlocks, SSA,
 * EliminateRedundantPhi) as plain-data snapshots; one stage's snapshot is then mutated the way a
 * broken enterSSA or EliminateRedundantPhi would get it wrong, paired by the adapter and
 * validated:
 * (a) the two operands of a two-operand phi swapped,
 * (b) a read re-pointed to an older SSA identifier of the same variable (same declarationId,
 *     defined earlier: definitely assigned, but the wrong value),
 * (c) a phi whose value is read dropped.
 * Each witness is re-checked with the literal spec definitions on the model
 * (test/helpers/witness_check.ts), and each block path in the report is a path of the original
 * document from its entry. Then the live route: the compiler's own HIR mutated at
 * EliminateRedundantPhi before the validating logger sees it fails the build with `SsaRejected`
 * (`failOnRejection`), or, without it, builds and reports the rejection.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { CapturedFunction } from "../../adapters/react-compiler/capture.js";
import type { SnapFunction, SnapPhi, SnapUnit } from "../../adapters/react-compiler/hir.js";
import { QUALITY } from "../../checks/index.js";
import { validatePairDetailed, type PairResult } from "../../api/producers.js";
import {
  reactCompilerAdapter,
  validatingLogger,
  type CompilerEvent,
  type ReactFunctionReport,
} from "../../api/react_compiler.js";
import type { FunctionDoc } from "../../io/format.js";
import { recheck } from "../helpers/witness_check.js";
import { build, captureFunctions, CHOOSE, pathProblem, SUM_TO, swappingLogger, witnessPathProblems } from "./helpers.js";



const NESTED = `function outer(xs) {
  const abs = (v) => {
    let w = v;
    if (w < 0) {
      w = -w;
    }
    return w;
  };
  return xs.map(abs);
}
`;

const STAGE_NAMES = ["SSA", "EliminateRedundantPhi"] as const;
const QUALITY_SET = new Set<string>(QUALITY);

/** The stage's snapshot of a captured function. */
const stageUnit = (c: CapturedFunction, stage: number): SnapUnit => (stage === 0 ? c.ssa : c.eliminated);

/** The identifier ids of a variable (by its printed name) in a unit. */
function idsNamed(unit: SnapUnit, name: string): number[] {
  return [...unit.names].filter(([, n]) => n === name).map(([id]) => id);
}

/** Validates function `index` of a captured unit at one stage, after `mutate` changed that stage's snapshot (a copy). */
function validateMutant(c: CapturedFunction, stage: number, mutate: (fn: SnapFunction, unit: SnapUnit) => void, index = 0): { result: PairResult; original: FunctionDoc } {
  const copy = structuredClone(c);
  const unit = stageUnit(copy, stage);
  mutate(unit.functions[index], unit);
  const staged = reactCompilerAdapter.functions(copy);
  const f = staged[index];
  expect(f.unmappable).toBeUndefined();
  const { pair } = f.stages![stage];
  return { result: validatePairDetailed(pair, STAGE_NAMES[stage], { keepModel: true }), original: pair.original };
}

/** Exchanges the identifiers of a two-operand phi's operands (each predecessor keeps its place); false if they are equal. */
function swapOperands(phi: SnapPhi): boolean {
  if (phi.operands.length !== 2 || phi.operands[0][1] === phi.operands[1][1]) return false;
  const [[p0, v0], [p1, v1]] = phi.operands;
  phi.operands = [
    [p0, v1],
    [p1, v0],
  ];
  return true;
}

/** The validity properties (and the adapter's own checks) that fail. */
function failing(r: PairResult): string[] {
  return Object.entries(r.report.properties)
    .filter(([name, p]) => !p.holds && !QUALITY_SET.has(name))
    .map(([name]) => name)
    .sort();
}

/**
 * Every witness of every failing property re-checks on the model, and every block path is a
 * real path of the original document: from the entry (`conventional`'s from the definition).
 */
function expectRealWitnesses(r: PairResult, original: FunctionDoc, properties: readonly string[]): void {
  for (const property of properties) {
    const v = r.verdicts.find((x) => x.property === property)!;
    expect(v.holds).toBe(false);
    expect(v.witnesses.length).toBeGreaterThan(0);
    for (const w of v.witnesses) expect({ property, problem: recheck(r.model!, v, w) }).toEqual({ property, problem: undefined });
    const reported = r.report.properties[property].witness ?? [];
    expect(reported.length).toBeGreaterThan(0);
    expect(reported.every((w) => w.path !== undefined && w.path.length > 0)).toBe(true);
    expect(witnessPathProblems(original, reported, property !== "conventional")).toEqual([]);
  }
}

describe("mutants of captured SSA are rejected with real witnesses", () => {
  for (const [stage, stageName] of STAGE_NAMES.entries()) {
    it(`${stageName}: unmutated, the captured functions are certified (the baseline the mutants break)`, async () => {
      for (const text of [CHOOSE, SUM_TO, NESTED]) {
        const [c] = await captureFunctions(text);
        for (const [i, f] of reactCompilerAdapter.functions(c).entries()) {
          const { result } = validateMutant(c, stage, () => {}, i);
          expect({ name: f.name, verdict: result.report.verdict }).toEqual({ name: f.name, verdict: "certified" });
        }
      }
    });

    it(`${stageName}: (a) the operands of choose's phi x swapped: allUses_def_ass and equiv fail`, async () => {
      const [c] = await captureFunctions(CHOOSE);
      let swapped = 0;
      const { result, original } = validateMutant(c, stage, (fn) => {
        for (const b of fn.blocks) for (const phi of b.phis) if (swapOperands(phi)) swapped++;
      });
      expect(swapped).toBe(1);
      expect(result.report.verdict).toBe("rejected");
      // each predecessor now passes the other branch's x, defined on no path through it
      expect(failing(result)).toEqual(["allUses_def_ass", "equiv"]);
      expectRealWitnesses(result, original, ["allUses_def_ass", "equiv"]);
      const w = result.report.properties.allUses_def_ass.witness!;
      expect(w.map((x) => x.use?.arg).sort()).toEqual([0, 1]);
      expect(w.every((x) => x.use?.end === true && x.have === "none on this path")).toBe(true);
      // the instructions are untouched: the adapter's own check holds
      expect(result.report.properties.same_instructions.holds).toBe(true);
    });

    it(`${stageName}: (b) sumTo's \`return s\` re-pointed to the identifier of \`let s = 0\`: definitely assigned, so allUses_def_ass holds; equiv and conventional fail`, async () => {
      const [c] = await captureFunctions(SUM_TO);
      const { result, original } = validateMutant(c, stage, (fn, unit) => {
        const s = new Set(idsNamed(unit, "s"));
        // the identifier `let s = 0` defines: the first StoreLocal writing an `s`
        const init = fn.blocks.flatMap((b) => b.stmts).find((st) => st.kind === "StoreLocal" && st.defs.some((d) => s.has(d)))!;
        const older = init.defs.find((d) => s.has(d))!;
        // the read of s in the block that returns
        const exit = fn.blocks.find((b) => b.terminal.kind === "return")!;
        const load = exit.stmts.find((st) => st.kind === "LoadLocal" && s.has(st.uses[0]))!;
        expect(load.uses[0]).not.toBe(older);
        // same variable: the same declarationId
        expect(unit.declarations.get(older)).toBe(unit.declarations.get(load.uses[0]));
        load.uses[0] = older;
      });
      expect(result.report.verdict).toBe("rejected");
      // the old s is read after a newer s is defined: two versions of s live at once (conventional)
      expect(failing(result)).toEqual(["conventional", "equiv"]);
      expect(result.report.properties.allUses_def_ass.holds).toBe(true);
      expectRealWitnesses(result, original, ["conventional", "equiv"]);
      // the witness goes round the loop at least once: s was last defined by `s = s + i`, the SSA says `let s = 0`
      const w = result.report.properties.equiv.witness![0];
      expect(w.original).not.toEqual(w.ssa);
      expect(w.ssa).toEqual({ block: original.entry, stmt: expect.any(Number) });
      expect(new Set(w.path).size).toBeLessThan(w.path!.length);
    });

    it(`${stageName}: (c) choose's phi x dropped while \`return x\` reads it: allUses_def_ass and equiv fail`, async () => {
      const [c] = await captureFunctions(CHOOSE);
      let dropped = 0;
      const { result, original } = validateMutant(c, stage, (fn) => {
        const read = new Set(fn.blocks.flatMap((b) => [...b.stmts, b.terminal].flatMap((st) => st.uses)));
        for (const b of fn.blocks) {
          const before = b.phis.length;
          b.phis = b.phis.filter((phi) => !read.has(phi.def));
          dropped += before - b.phis.length;
        }
      });
      expect(dropped).toBe(1);
      expect(result.report.verdict).toBe("rejected");
      expect(failing(result)).toEqual(["allUses_def_ass", "equiv"]);
      expectRealWitnesses(result, original, ["allUses_def_ass", "equiv"]);
      expect(result.report.properties.allUses_def_ass.witness![0].have).toBe("none: no statement or phi defines it");
      expect(result.report.stats.phis).toBe(0);
    });

    it(`${stageName}: a phi operand keyed by a block that is no predecessor: the adapter's same_instructions names both blocks`, async () => {
      const [c] = await captureFunctions(CHOOSE);
      const { result } = validateMutant(c, stage, (fn) => {
        const phi = fn.blocks.flatMap((b) => b.phis)[0];
        phi.operands[0][0] = fn.entry;
      });
      expect(result.report.verdict).toBe("rejected");
      expect(failing(result)).toContain("same_instructions");
      const messages = result.report.properties.same_instructions.witness!.map((w) => w.message);
      expect(messages).toEqual(
        expect.arrayContaining([expect.stringMatching(/^phi x\$\d+ has no operand for predecessor bb\d+$/), expect.stringMatching(/^phi x\$\d+ has an operand for bb0, which is not a predecessor$/)]),
      );
    });
  }

  it("the path check can fail: a path not from the entry, or over a missing edge, is caught", async () => {
    const [c] = await captureFunctions(CHOOSE);
    const { original } = validateMutant(c, 1, () => {});
    const real = original.blocks.find((b) => b.preds.includes(original.entry))!.id;
    expect(pathProblem(original, [original.entry, real])).toBeUndefined();
    expect(pathProblem(original, [real])).toMatch(/not at the entry/);
    expect(pathProblem(original, [original.entry, real, real])).toMatch(/is not an edge/);
    expect(pathProblem(original, [original.entry, "bb999"])).toMatch(/is not a block/);
  });

  it("a mutant in a nested function rejects that function alone, by its own name; its parent stays certified", async () => {
    const [c] = await captureFunctions(NESTED);
    const names = reactCompilerAdapter.functions(c).map((f) => f.name);
    expect(names).toEqual(["outer", "outer > <anonymous>:2:14"]);
    const inner = validateMutant(
      c,
      1,
      (fn) => {
        for (const b of fn.blocks) for (const phi of b.phis) expect(swapOperands(phi)).toBe(true);
      },
      1,
    );
    expect(inner.result.report.name).toBe("outer > <anonymous>:2:14");
    // w's phi after \`if (w < 0) w = -w\`: the edge from the if now passes -w, defined on no path
    // through it (allUses_def_ass); the edge from the branch passes the old w, read after -w is
    // defined (conventional); and the values are wrong (equiv)
    expect(failing(inner.result)).toEqual(["allUses_def_ass", "conventional", "equiv"]);
    expectRealWitnesses(inner.result, inner.original, ["allUses_def_ass", "conventional", "equiv"]);
    // the same mutation leaves the enclosing function's pair alone
    const copy = structuredClone(c);
    for (const b of copy.eliminated.functions[1].blocks) for (const phi of b.phis) swapOperands(phi);
    const outer = reactCompilerAdapter.functions(copy)[0];
    expect(validatePairDetailed(outer.stages![1].pair, "EliminateRedundantPhi").report.verdict).toBe("certified");
  });
});

// --- the live HIR, through the validating logger ----------------------------------------------

describe("the live HIR mutated at EliminateRedundantPhi, seen by validatingLogger", () => {
  it("failOnRejection: the build throws SsaRejected naming the function", async () => {
    const logger = validatingLogger({ logger: { logEvent() {} }, failOnRejection: true });
    let thrown: unknown;
    try {
      await build(CHOOSE, swappingLogger(logger));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).name).toBe("SsaRejected");
    expect((thrown as Error).message).toContain("choose");
    expect((thrown as { function_: ReactFunctionReport }).function_.verdict).toBe("rejected");
    // enterSSA's own output was fine: the rejection is EliminateRedundantPhi's
    expect((thrown as { function_: ReactFunctionReport }).function_.reason).toMatch(/^EliminateRedundantPhi: allUses_def_ass fails: path /);
  });

  it("without failOnRejection: the build succeeds, report() says rejected, the finding goes to the project's logger, and the witness paths are real", async () => {
    const events: CompilerEvent[] = [];
    const originals = new Map<string, FunctionDoc>();
    const logger = validatingLogger({
      logger: { logEvent: (_f, e) => events.push(e) },
      onDocuments: (_file, name, d) => originals.set(name, d.original),
    });
    await build(CHOOSE + SUM_TO, swappingLogger(logger));
    const report = logger.report();
    expect(report.verdict).toBe("rejected");
    expect(report.functions.map((f) => [f.name, f.verdict])).toEqual([
      ["choose", "rejected"],
      ["sumTo", "rejected"],
    ]);
    expect(report.summary).toMatchObject({ compiled: 2, certified: 0, rejected: 2, unmappable: 0 });
    for (const f of report.functions) {
      // enterSSA's stage is still right; only the mutated stage fails
      expect(f.stages!.SSA.verdict).toBe("certified");
      const elim = f.stages!.EliminateRedundantPhi;
      expect(elim.verdict).toBe("rejected");
      expect(elim.properties.allUses_def_ass.holds).toBe(false);
      // a build decides fewer quality properties, but a rejected function is checked again with all
      for (const stage of [f.stages!.SSA, elim]) for (const q of QUALITY) expect(Object.keys(stage.properties)).toContain(q);
      expect(witnessPathProblems(originals.get(f.name)!, elim.properties.allUses_def_ass.witness!)).toEqual([]);
    }
    const findings = events.filter((e) => e.kind === "CompileDiagnostic" && (e.detail as { category?: string } | undefined)?.category === "formal-ssa");
    expect(findings.map((e) => String(e.detail?.reason))).toEqual([expect.stringMatching(/: choose: rejected: /), expect.stringMatching(/: sumTo: rejected: /)]);
  });

  it("unmutated, the same build through validatingLogger is certified and does not throw", async () => {
    const warned: string[] = [];
    const logger = validatingLogger({ failOnRejection: true, warn: (l) => warned.push(l) });
    await build(CHOOSE + SUM_TO, logger);
    expect(logger.report().verdict).toBe("certified");
    expect(logger.report().summary).toMatchObject({ compiled: 2, certified: 2 });
    expect(warned).toEqual([]);
  });
});

// --- what a closure's entry takes from the function creating it --------------------------------

/** walkAll of the closures fixture (test/react/fixtures/closures.js), from its line to the end of the file. */
const WALK_ALL = (() => {
  const text = readFileSync(fileURLToPath(new URL("./fixtures/closures.js", import.meta.url)), "utf8");
  return text.slice(text.indexOf("function walkAll("));
})();

/** Every function's report at enterSSA's stage, by name, for a captured unit (mutated or not). */
function stageVerdicts(c: CapturedFunction): Map<string, PairResult> {
  const out = new Map<string, PairResult>();
  for (const f of reactCompilerAdapter.functions(c)) out.set(f.name, validatePairDetailed(f.stages![0].pair, "SSA", { keepModel: true }));
  return out;
}

describe("a closure's reads resolved in the function creating it (enterSSA's lookup through the creating block)", () => {
  it("the closure declares g and is created in a loop: enterSSA's phi of g at the enclosing loop header, read by the closure, is certified in both", async () => {
    const [c] = await captureFunctions(WALK_ALL);
    const outer = c.ssa.functions[0];
    // the loop header's phi of the closure's own variable (the compiler's printout shows it too)
    const gPhi = outer.blocks.flatMap((b) => b.phis).find((p) => c.ssa.names.get(p.def) === "g");
    expect(gPhi).toBeDefined();
    const closure = c.ssa.functions[1];
    expect(closure.blocks.some((b) => b.stmts.some((s) => s.uses.includes(gPhi!.def)))).toBe(true);
    for (const [name, r] of stageVerdicts(c)) expect({ name, verdict: r.report.verdict }).toEqual({ name, verdict: "certified" });
  });

  it("the closure's reads of g re-pointed to an identifier nothing defines: the enclosing function, where the closure is created, is rejected with real witnesses", async () => {
    const [c] = await captureFunctions(WALK_ALL);
    const copy = structuredClone(c);
    const unit = copy.ssa;
    const gPhi = unit.functions[0].blocks.flatMap((b) => b.phis).find((p) => unit.names.get(p.def) === "g")!;
    const fresh = Math.max(...unit.declarations.keys()) + 1;
    unit.declarations.set(fresh, unit.declarations.get(gPhi.def)!);
    unit.names.set(fresh, "g");
    const repoint = (ids: number[]) => ids.forEach((id, k) => id === gPhi.def && (ids[k] = fresh));
    for (const b of unit.functions[1].blocks) {
      for (const s of b.stmts) repoint(s.uses);
      for (const phi of b.phis) phi.operands.forEach((o) => o[1] === gPhi.def && (o[1] = fresh));
    }
    const reports = stageVerdicts(copy);
    const outer = reports.get("walkAll")!;
    // the statement creating the closure reads what its entry takes: g$fresh, defined nowhere
    expect(failing(outer)).toEqual(expect.arrayContaining(["allUses_def_ass", "equiv"]));
    expect(outer.report.properties.allUses_def_ass.witness!.some((w) => w.text.includes(`g$${fresh}`))).toBe(true);
    const original = reactCompilerAdapter.functions(copy)[0].stages![0].pair.original;
    expectRealWitnesses(outer, original, ["allUses_def_ass", "equiv"]);
  });

  it("the enclosing loop header's phi of g given another variable's value: rejected there", async () => {
    const [c] = await captureFunctions(WALK_ALL);
    const copy = structuredClone(c);
    const unit = copy.ssa;
    const header = unit.functions[0].blocks.find((b) => b.phis.some((p) => unit.names.get(p.def) === "g"))!;
    const gPhi = header.phis.find((p) => unit.names.get(p.def) === "g")!;
    const other = header.phis.find((p) => p !== gPhi)!; // the iterator temporary's phi
    gPhi.operands[0][1] = other.operands[0][1];
    const outer = stageVerdicts(copy).get("walkAll")!;
    expect(outer.report.verdict).toBe("rejected");
    // a phi of g with an argument of another variable (phis_same_var), and the closure created
    // after the loop header takes a value that is not g's there (equiv, at the creating statement)
    expect(failing(outer)).toEqual(["equiv", "phis_same_var"]);
    const original = reactCompilerAdapter.functions(copy)[0].stages![0].pair.original;
    expectRealWitnesses(outer, original, ["equiv"]);
  });
});
