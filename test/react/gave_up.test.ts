/**
 * What `formal-ssa react`, `validateSources` and the validating logger say of the functions the
 * compiler gives up on: before SSA (`skipped`) and after it (`gave_up`), each with the last pass
 * the compiler logged, its event, category and message, and whose fault (`compiler`: an invariant
 * or a crash; `code`: a reason of the code). A function whose SSA is certified and that the
 * compiler then fails on is not a clean success: verdict `compiler-error`, exit code 3 (a
 * rejection still wins: exit 1).
 *
 * The later failure is a reproducer of docs/findings.md that the installed compiler (1.0.0) still
 * fails on: `function f(a) { do { if (a) { break; } return; } while (0); g(); }` ("Expected reactive
 * scope to implicitly break to fallthrough", in BuildReactiveFunction, after
 * PropagateScopeDependenciesHIR); the one before SSA too: `do { try { return; } catch {} } while
 * (true)` ("Expected predecessor N to exist", in PruneMaybeThrows, after the lowering). A crash
 * (`PipelineError`) and another copy of the compiler come from a marked copy of the installed one
 * (test/react/compiler_copy.ts), given by `--react-compiler DIR` and `validatingLogger({ compiler })`.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCompiler, ReactValidator, type CompilerEvent, type ReactReport } from "../../api/react_compiler.js";
import { pluginFromDirectory, validatingLogger } from "../../api/node/react_compiler.js";
import { validatingLogger as inlineOnlyLogger } from "../../api/react_logger.js";
import { MalformedInput } from "../../spec/errors.js";
import { ensureBuilt, runMain } from "../cli/cli.js";
import { COPY_VERSION, MARKED_INVARIANT, markedCompilerCopy, PLANTED_CRASH } from "./compiler_copy.js";

/** Five functions: given up on after SSA (an invariant); compiled; given up on before SSA (an invariant); skipped for `var` (Todo); compiled. */
const SOURCE = [
  "function f(a) { do { if (a) { break; } return; } while (0); g(); }",
  "function plantedCrash(a) { return g(a); }",
  "function early() { do { try { return; } catch {} } while (true); }",
  "function old() { var v = 1; return v; }",
  "function fine(x) { return x + 1; }",
  "",
].join("\n");

/** The finding of docs/findings.md the installed compiler still rejects at DeadCodeElimination (with --each-pass). */
const DCE = "function dce(a) { if (a) { a = 1; } if (false) { g(a); } }\n";

const INVARIANT = "Expected reactive scope to implicitly break to fallthrough";

let dir: string;
let copy: string;
const run = (...args: string[]) => runMain(args, dir);

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "formal-ssa-react-gave-up-"));
  writeFileSync(join(dir, "later.js"), SOURCE);
  writeFileSync(join(dir, "dce.js"), DCE);
  copy = markedCompilerCopy();
});

const SUMMARY_INSTALLED = [
  "1 file: 3 functions reached SSA (2 skipped by the compiler before SSA); 3 certified, 0 rejected, 0 not validated; the compiler gave up on 1 of them after SSA",
  "phis: enterSSA created 0, EliminateRedundantPhi left 0, braun+peel needs 0; 0.0% of enterSSA's phis are redundant",
  "compiler-error: 3 of 3 functions certified; the compiler failed on 2 functions with an error of its own (an invariant or a crash)",
];

describe("formal-ssa react: the functions the compiler gave up on", () => {
  it("a function certified, then given up on after SSA, is listed with the pass and the message; one the compiler failed on before SSA too; exit 3", async () => {
    const r = await run("react", "later.js");
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe(
      [
        `later.js:1: f: certified (enterSSA 0 phis, 0 left by EliminateRedundantPhi, minimum 0); then the compiler gave up after PropagateScopeDependenciesHIR: CompileError (Invariant): ${INVARIANT}`,
        "later.js:3:0: skipped by the compiler after the lowering (HIR): CompileError (Invariant): Expected predecessor 1 to exist",
        ...SUMMARY_INSTALLED,
        "",
      ].join("\n"),
    );
    expect(r.status).toBe(3);
  });

  it("--functions --skipped: every function, and every function skipped before SSA with its pass (none logged for a `var`)", async () => {
    const r = await run("react", "later.js", "--functions", "--skipped");
    expect(r.stdout).toBe(
      [
        `later.js:1: f: certified (enterSSA 0 phis, 0 left by EliminateRedundantPhi, minimum 0); then the compiler gave up after PropagateScopeDependenciesHIR: CompileError (Invariant): ${INVARIANT}`,
        "later.js:2: plantedCrash: certified (enterSSA 0 phis, 0 left by EliminateRedundantPhi, minimum 0)",
        "later.js:5: fine: certified (enterSSA 0 phis, 0 left by EliminateRedundantPhi, minimum 0)",
        "later.js:3:0: skipped by the compiler after the lowering (HIR): CompileError (Invariant): Expected predecessor 1 to exist",
        "later.js:4:0: skipped by the compiler before its first pass: CompileError (Todo): (BuildHIR::lowerStatement) Handle var kinds in VariableDeclaration",
        ...SUMMARY_INSTALLED,
        "",
      ].join("\n"),
    );
    expect(r.status).toBe(3);
  });

  it("--json: the verdict compiler-error, the copy's version, both lists and the counts", async () => {
    const r = await run("react", "later.js", "--json");
    expect(r.status).toBe(3);
    const report = JSON.parse(r.stdout) as ReactReport;
    expect(report.verdict).toBe("compiler-error");
    expect(report.compiler).toEqual({ version: "1.0.0" });
    expect(report.summary).toMatchObject({ files: 1, compiled: 3, skipped: 2, gave_up: 1, compiler_errors: 2, certified: 3, rejected: 0, unmappable: 0 });
    expect(report.gave_up).toEqual([
      { file: "later.js", line: 1, column: 0, name: "f", event: "CompileError", category: "Invariant", pass: "PropagateScopeDependenciesHIR", fault: "compiler", reason: INVARIANT },
    ]);
    expect(report.skipped).toEqual([
      { file: "later.js", line: 3, column: 0, event: "CompileError", category: "Invariant", pass: "HIR", fault: "compiler", reason: "Expected predecessor 1 to exist" },
      { file: "later.js", line: 4, column: 0, event: "CompileError", category: "Todo", fault: "code", reason: "(BuildHIR::lowerStatement) Handle var kinds in VariableDeclaration" },
    ]);
    expect(report.functions.map((f) => [f.name, f.verdict])).toEqual([
      ["f", "certified"],
      ["plantedCrash", "certified"],
      ["fine", "certified"],
    ]);
  });

  it("a function skipped for a reason of the code alone is no compiler error: certified, exit 0, listed with --skipped", async () => {
    writeFileSync(join(dir, "var.js"), "function old() { var v = 1; return v; }\nfunction fine(x) { return x + 1; }\n");
    const r = await run("react", "var.js");
    expect(r.stdout.trimEnd().split("\n").at(-1)).toBe("certified: 1 of 1 function certified");
    expect(r.status).toBe(0);
  });

  it("a rejection wins over a compiler error: exit 1, and the last line still counts the compiler's failures", async () => {
    const r = await run("react", "dce.js", "later.js", "--each-pass");
    expect(r.status).toBe(1);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^dce\.js:1: dce: rejected: DeadCodeElimination: allUses_def_ass fails/);
    expect(lines.at(-1)).toBe("rejected: 3 of 4 functions certified; the compiler failed on 2 functions with an error of its own (an invariant or a crash)");
  });

  it("--react-compiler DIR runs that copy: its version and directory in the report, its own message, and a crash (PipelineError) after SSA", async () => {
    const r = await run("react", "later.js", "--react-compiler", copy);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe(
      [
        `compiler: babel-plugin-react-compiler ${COPY_VERSION} from ${copy}`,
        `later.js:1: f: certified (enterSSA 0 phis, 0 left by EliminateRedundantPhi, minimum 0); then the compiler gave up after PropagateScopeDependenciesHIR: CompileError (Invariant): ${MARKED_INVARIANT}`,
        `later.js:2: plantedCrash: certified (enterSSA 0 phis, 0 left by EliminateRedundantPhi, minimum 0); then the compiler gave up after PropagateScopeDependenciesHIR: PipelineError: ${PLANTED_CRASH}`,
        "later.js:3:0: skipped by the compiler after the lowering (HIR): CompileError (Invariant): Expected predecessor 1 to exist",
        "1 file: 3 functions reached SSA (2 skipped by the compiler before SSA); 3 certified, 0 rejected, 0 not validated; the compiler gave up on 2 of them after SSA",
        "phis: enterSSA created 0, EliminateRedundantPhi left 0, braun+peel needs 0; 0.0% of enterSSA's phis are redundant",
        "compiler-error: 3 of 3 functions certified; the compiler failed on 3 functions with an error of its own (an invariant or a crash)",
        "",
      ].join("\n"),
    );
    expect(r.status).toBe(3);
    const json = JSON.parse((await run("react", "later.js", "--react-compiler", copy, "--json")).stdout) as ReactReport;
    expect(json.compiler).toEqual({ version: COPY_VERSION, directory: copy });
    expect(json.gave_up.map((g) => [g.name, g.event, g.category, g.pass, g.fault, g.reason])).toEqual([
      ["f", "CompileError", "Invariant", "PropagateScopeDependenciesHIR", "compiler", MARKED_INVARIANT],
      ["plantedCrash", "PipelineError", undefined, "PropagateScopeDependenciesHIR", "compiler", PLANTED_CRASH],
    ]);
  });

  it("--react-compiler with a directory that holds no compiler: exit 2, one line naming it", async () => {
    const r = await run("react", "later.js", "--react-compiler", dir);
    expect([r.status, r.stdout, r.stderr]).toEqual([2, "", `formal-ssa: ${dir}: no package.json here (want the directory of an installed babel-plugin-react-compiler, as node_modules/babel-plugin-react-compiler)\n`]);
  });
});

describe("validatingLogger({ compiler }): the copy in a build, and what the compiler gave up on", () => {
  /** A Babel build of SOURCE with the plugin given and the logger, as a project's config has it. */
  async function build(plugin: unknown, logger: ReturnType<typeof validatingLogger>): Promise<ReactReport> {
    const { babel } = await loadCompiler();
    babel.transformSync(SOURCE, { filename: "later.js", babelrc: false, configFile: false, plugins: [[plugin, { compilationMode: "all", panicThreshold: "none", logger }]] });
    return logger.report();
  }

  for (const thread of [true, false])
    it(`${thread ? "on its thread" : "in the build's thread"}: logger.plugin is the copy, the report names it and has its failures`, async () => {
      const logger = validatingLogger({ compiler: copy, thread, warn: () => {} });
      const report = await build(logger.plugin, logger);
      expect(report.compiler).toEqual({ version: COPY_VERSION, directory: copy });
      expect(report.verdict).toBe("compiler-error");
      expect(report.gave_up.map((g) => [g.file.endsWith("later.js"), g.name, g.pass, g.reason])).toEqual([
        [true, "f", "PropagateScopeDependenciesHIR", MARKED_INVARIANT],
        [true, "plantedCrash", "PropagateScopeDependenciesHIR", PLANTED_CRASH],
      ]);
      expect(report.skipped.map((s) => [s.line, s.pass, s.fault])).toEqual([
        [3, "HIR", "compiler"],
        [4, undefined, "code"],
      ]);
    });

  it("a build that runs the installed plugin instead: the report names no copy, and has the installed compiler's message", async () => {
    const logger = validatingLogger({ compiler: copy, warn: () => {} });
    const report = await build((await loadCompiler()).plugin, logger);
    expect(report.compiler).toBeUndefined();
    expect(report.gave_up.map((g) => g.reason)).toEqual([INVARIANT]);
  });

  it("outside Node's entry, a copy is given loaded ({ plugin, version }); a directory there is refused by name", async () => {
    const loaded = pluginFromDirectory(copy);
    const logger = inlineOnlyLogger({ compiler: { plugin: loaded.plugin, version: loaded.version }, warn: () => {} });
    const report = await build(logger.plugin, logger);
    expect(report.compiler).toEqual({ version: COPY_VERSION });
    expect(() => inlineOnlyLogger({ compiler: copy })).toThrow(MalformedInput);
    expect(() => inlineOnlyLogger({ compiler: copy })).toThrow(/a package directory is loaded by formal-ssa\/react-compiler as Node imports it/);
  });
});

describe("ReactValidator: the events of a function given up on (both releases' shapes)", () => {
  const at = (line: number) => ({ start: { line, column: 2 } });
  const hir = (name: string, line: number) => ({ kind: "hir", name, value: { id: `fn${line}`, loc: at(line), env: {}, body: { blocks: new Map() } } });

  it("1.x's category and 19.x's severity; a crash; several details of one function, an invariant among them; the pass and whether SSA was reached", () => {
    const v = new ReactValidator();
    v.currentFile = "x.js";
    const events: Array<[ReturnType<typeof hir> | { kind: "debug"; name: string; value: string } | null, CompilerEvent | null]> = [
      // 1.x: a rule of React after SSA, then (a second detail of the same function) an invariant
      [hir("HIR", 1), null],
      [hir("SSA", 1), null],
      [{ kind: "debug", name: "EnvironmentConfig", value: "" }, null],
      [hir("InferTypes", 1), { kind: "CompileError", fnLoc: at(1), detail: { options: { category: "Hooks", reason: "Hooks must be called at the top level" } } }],
      [null, { kind: "CompileError", fnLoc: at(1), detail: { options: { category: "Invariant", reason: "broken" } } }],
      // 19.x: an invariant before SSA
      [hir("HIR", 5), { kind: "CompileError", fnLoc: at(5), detail: { severity: "Invariant", reason: "Expected predecessor 1 to exist" } }],
      // a crash after SSA
      [hir("SSA", 9), { kind: "PipelineError", fnLoc: at(9), data: "TypeError: x is undefined\n    at somewhere" }],
      // a diagnostic the compilation goes on after, then the function compiled
      [hir("HIR", 12), { kind: "CompileError", fnLoc: null, detail: { options: { category: "Todo", reason: "not a give-up" } } }],
      [null, { kind: "CompileSuccess", fnLoc: at(12) }],
      // skipped by a directive before anything is logged
      [null, { kind: "CompileSkip", fnLoc: at(14), reason: "Skipped due to 'use no memo' directive." }],
    ];
    for (const [value, event] of events) {
      if (value !== null) v.logged(value as never);
      if (event !== null) v.event("x.js", event);
    }
    const r = v.report();
    expect(r.gave_up).toEqual([
      { file: "x.js", line: 1, column: 2, name: "fn1", event: "CompileError", category: "Invariant", pass: "InferTypes", fault: "compiler", reason: "broken" },
      { file: "x.js", line: 9, column: 2, name: "fn9", event: "PipelineError", pass: "SSA", fault: "compiler", reason: "TypeError: x is undefined" },
    ]);
    expect(r.skipped).toEqual([
      { file: "x.js", line: 5, column: 2, event: "CompileError", category: "Invariant", pass: "HIR", fault: "compiler", reason: "Expected predecessor 1 to exist" },
      { file: "x.js", line: 14, column: 2, event: "CompileSkip", fault: "code", reason: "Skipped due to 'use no memo' directive." },
    ]);
    expect(r.summary).toMatchObject({ skipped: 2, gave_up: 2, compiler_errors: 3 });
    expect(r.verdict).toBe("compiler-error");
  });
});
