/**
 * HIR the adapter does not know, and JavaScript Babel cannot parse. `snapshot()` fed hand-made
 * HIR objects (the compiler's shapes: a `Map` of blocks, `Set`s of predecessors and phis) with
 * an unknown instruction kind, an unknown terminal kind, a place that is not an identifier, a
 * body without a block map: the function is unmappable, with a reason naming the function and
 * the construct. Through the adapter and `ReactValidator` such a function is reported with
 * verdict `unmappable` and the report is `incomplete`, never certified, never dropped. A source
 * Babel cannot parse makes `validateSources` throw `MalformedInput` (`NAME:LINE:COL: message`)
 * (and `formal-ssa react` exit 2: cli.test.ts).
 */
import { describe, expect, it } from "vitest";
import type { CapturedFunction } from "../../adapters/react-compiler/capture.js";
import type { HirFunction, HirInstruction, HirPlace, HirTerminal } from "../../adapters/react-compiler/hir.js";
import { MalformedInput } from "../../api/errors.js";
import { validatePairDetailed } from "../../api/producers.js";
import { ReactValidator, reactCompilerAdapter, snapshot, validateSources, type PipelineValue } from "../../api/react_compiler.js";

const place = (id: number, declarationId = id, name: string | null = null): HirPlace => ({
  kind: "Identifier",
  identifier: { id, declarationId, name: name === null ? null : { kind: "named", value: name } },
});
const loc = (line: number, column = 2) => ({ start: { line, column } });

/** `function NAME(a) { INSTRUCTIONS; TERMINAL }`: one block, parameter `a` (identifier `param`, declaration 1). */
function hirFunction(name: string, instructions: HirInstruction[], terminal: HirTerminal, param = 1): HirFunction {
  return {
    id: name,
    loc: loc(3, 0),
    params: [place(param, 1, "a")],
    context: [],
    body: { entry: 0, blocks: new Map([[0, { id: 0, kind: "block", instructions, terminal, preds: new Set<number>(), phis: new Set() }]]) },
    env: { filename: "hand.js" },
  };
}

/**
 * `return a`, before SSA or after it (`ssa`): enterSSA gives every definition, the parameter's
 * included, a new identifier with its declaration's id, as the compiler does (10 more, here).
 */
const identity = (ssa = false) => {
  const k = ssa ? 10 : 0;
  return hirFunction(
    "identity",
    [{ id: 1, lvalue: place(2 + k, 2), value: { kind: "LoadLocal", place: place(1 + k, 1, "a") }, loc: loc(4) }],
    { kind: "return", value: place(2 + k, 2), loc: loc(4) },
    1 + k,
  );
};

const unknownInstruction = () => hirFunction("frob", [{ id: 1, lvalue: place(2), value: { kind: "Frobnicate" }, loc: loc(4) }], { kind: "return", value: place(2), loc: loc(5) });

const unknownTerminal = () => hirFunction("jump", [{ id: 1, lvalue: place(2), value: { kind: "LoadLocal", place: place(1, 1, "a") }, loc: loc(4) }], { kind: "teleport", target: 7, loc: loc(6) });

const notAnIdentifier = () =>
  hirFunction("spready", [{ id: 1, lvalue: place(2), value: { kind: "LoadLocal", place: { kind: "Spread", place: place(1) } }, loc: loc(4) }], { kind: "return", value: place(2), loc: loc(5) });

/** A function captured at the three points (`make(true)` after SSA; the bad ones are equally bad everywhere). */
function captured(make: (ssa?: boolean) => HirFunction): CapturedFunction {
  const fn = make();
  return { file: "hand.js", name: fn.id!, line: 3, column: 0, before: snapshot(make(false)), ssa: snapshot(make(true)), eliminated: snapshot(make(true)) };
}

describe("snapshot(): unknown constructs make the function unmappable, naming it and the construct", () => {
  it("an unknown instruction kind", () => {
    const [f] = snapshot(unknownInstruction()).functions;
    expect(f.name).toBe("frob");
    expect(f.unmappable).toMatch(/^frob, bb0, instruction \[1\] Frobnicate \(line 4\): instruction kind Frobnicate, which this adapter does not know$/);
    expect(f.blocks).toEqual([]);
  });

  it("an unknown terminal kind", () => {
    const [f] = snapshot(unknownTerminal()).functions;
    expect(f.unmappable).toMatch(/^jump, bb0, terminal teleport \(line 6\): terminal kind teleport, which this adapter does not know$/);
  });

  it("a place that is not an identifier (and one whose identifier has no numeric id)", () => {
    const [f] = snapshot(notAnIdentifier()).functions;
    expect(f.unmappable).toMatch(/^spready, bb0, instruction \[1\] LoadLocal \(line 4\): a place that is not an identifier \(kind Spread\)$/);
    const broken = identity();
    broken.body.blocks.get(0)!.terminal.value = { kind: "Identifier", identifier: { id: "2", declarationId: 2, name: null } };
    expect(snapshot(broken).functions[0].unmappable).toMatch(/^identity, bb0, terminal return \(line 4\): a place that is not an identifier \(kind Identifier\)$/);
  });

  it("a parameter that is neither a place nor a spread, and a body without a block map", () => {
    const badParam = identity();
    (badParam.params as unknown[]).push({ kind: "Hole?" });
    expect(snapshot(badParam).functions[0].unmappable).toBe("identity, parameters: an element of kind Hole?");
    const noMap = identity();
    (noMap.body as { blocks: unknown }).blocks = [[0, noMap.body.blocks.get(0)]];
    expect(snapshot(noMap).functions[0].unmappable).toBe("identity: a body without a block map");
  });

  it("a nested function with an unknown construct is unmappable on its own; its parent is mapped", () => {
    const outer = identity();
    const inner = unknownInstruction();
    inner.id = null;
    inner.loc = loc(7, 12);
    outer.body.blocks.get(0)!.instructions.push({ id: 2, lvalue: place(3), value: { kind: "FunctionExpression", loweredFunc: { func: inner } }, loc: loc(7) });
    const unit = snapshot(outer);
    expect(unit.functions.map((f) => [f.name, f.parent, f.unmappable === undefined])).toEqual([
      ["identity", -1, true],
      ["identity > <anonymous>:7:12", 0, false],
    ]);
    expect(unit.functions[1].unmappable).toMatch(/^identity > <anonymous>:7:12, bb0, instruction \[1\] Frobnicate \(line 4\): instruction kind Frobnicate/);
    expect(unit.functions[0].blocks[0].stmts[1].child).toBe(1);
  });

  it("the hand-made HIR the compiler could have made is mapped, and certified at both stages", () => {
    const staged = reactCompilerAdapter.functions(captured(identity));
    expect(staged.map((f) => [f.name, f.unmappable, f.stages?.map((s) => s.stage)])).toEqual([["identity", undefined, ["SSA", "EliminateRedundantPhi"]]]);
    for (const { stage, pair } of staged[0].stages!) expect([stage, validatePairDetailed(pair, stage).report.verdict]).toEqual([stage, "certified"]);
  });
});

describe("through the adapter and ReactValidator: verdict unmappable, report incomplete", () => {
  it("reactCompilerAdapter.functions: the function has no stages, only the reason", () => {
    for (const [make, construct] of [
      [unknownInstruction, "instruction kind Frobnicate"],
      [unknownTerminal, "terminal kind teleport"],
      [notAnIdentifier, "a place that is not an identifier"],
    ] as const) {
      const staged = reactCompilerAdapter.functions(captured(make));
      expect(staged).toHaveLength(1);
      expect(staged[0].stages).toBeUndefined();
      expect(staged[0].unmappable).toContain(make().id!);
      expect(staged[0].unmappable).toContain(construct);
    }
  });

  /** Feeds a validator's capture the pipeline values the compiler would log for one function. */
  function feed(v: ReactValidator, make: (ssa?: boolean) => HirFunction): void {
    const log = (name: string) => v.capture.debugLogIRs({ kind: "hir", name, value: make(name === "SSA" || name === "EliminateRedundantPhi") } satisfies PipelineValue);
    for (const name of ["HIR", "MergeConsecutiveBlocks", "SSA", "EliminateRedundantPhi"]) log(name);
  }

  it("ReactValidator: the unmappable functions are reported with their reason, the mapped one certified, the report incomplete", () => {
    const v = new ReactValidator();
    v.currentFile = "hand.js";
    for (const make of [identity, unknownInstruction, unknownTerminal, notAnIdentifier]) feed(v, make);
    const report = v.report();
    expect(report.functions.map((f) => [f.name, f.verdict])).toEqual([
      ["identity", "certified"],
      ["frob", "unmappable"],
      ["jump", "unmappable"],
      ["spready", "unmappable"],
    ]);
    for (const f of report.functions.slice(1)) {
      expect(f.reason).toMatch(new RegExp(`^${f.name}, bb0, `));
      expect(f.phis).toBeUndefined();
      expect(f.stages).toBeUndefined();
    }
    expect(report.verdict).toBe("incomplete");
    expect(report.summary).toMatchObject({ compiled: 4, certified: 1, rejected: 0, unmappable: 3 });
  });

  it("a function whose HIR before SSA was never logged is reported unmappable, not dropped", () => {
    const v = new ReactValidator();
    v.capture.debugLogIRs({ kind: "hir", name: "HIR", value: identity() });
    v.capture.debugLogIRs({ kind: "hir", name: "SSA", value: identity(true) });
    const report = v.report();
    expect(report.functions).toHaveLength(1);
    expect(report.functions[0]).toMatchObject({ name: "identity", verdict: "unmappable", reason: expect.stringContaining("no MergeConsecutiveBlocks before SSA") });
    expect(report.verdict).toBe("incomplete");
  });
});

describe("JavaScript Babel cannot parse (the command's exit 2: cli.test.ts)", () => {
  const BAD = "function f(a) {\n  let x = ;\n  return x;\n}\n";

  it("validateSources throws MalformedInput with NAME:LINE:COL: message", async () => {
    let thrown: unknown;
    try {
      await validateSources([{ name: "bad.js", text: BAD }]);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(MalformedInput);
    // `;` is at line 2, column 11 (1-based)
    expect((thrown as Error).message).toBe("bad.js:2:11: Unexpected token");
  });
});
