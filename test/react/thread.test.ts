/**
 * The validating logger as Node imports it (`formal-ssa/react-compiler`'s `node` condition:
 * api/node/react_compiler.ts), which validates on a thread of its own at low priority while the
 * build's thread only copies the HIR. Its contract is the in-thread logger's: the same report,
 * function by function and in the compiler's order; findings through the project's logger;
 * `failOnRejection` failing the build; nothing dropped, errors on the thread included.
 *
 * The thread runs compiled code (dist/api/node/react_worker.js), so these tests load the
 * logger from dist/, which `npm test` builds first; the in-thread logger they compare with is
 * the source's.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { getPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import type { CapturedFunction } from "../../adapters/react-compiler/capture.js";
import type { EncodedUnit } from "../../adapters/react-compiler/hir.js";
import { validatingLogger as inlineLogger, type CompilerEvent, type ReactReport } from "../../api/react_compiler.js";
import type { Validated } from "../../api/react_logger.js";
import type { ValidatedFunction } from "../../api/react_validator.js";
import { build, CHOOSE, SUM_TO, swappingLogger } from "./helpers.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));
const fixture = (f: string) => readFileSync(FIXTURES + f, "utf8");
const FIXTURE_FILES = readdirSync(FIXTURES).filter((f) => f.endsWith(".js"));

const dist = async <T>(rel: string): Promise<T> => (await import(pathToFileURL(join(ROOT, "dist", rel)).href)) as T;
const nodeEntry = () => dist<typeof import("../../api/node/react_compiler.js")>("api/node/react_compiler.js");
const threadModule = () => dist<typeof import("../../api/node/react_thread.js")>("api/node/react_thread.js");
const loggerModule = () => dist<typeof import("../../api/react_logger.js")>("api/react_logger.js");
const validatorModule = () => dist<typeof import("../../api/react_validator.js")>("api/react_validator.js");

/** A report as plain JSON (what a user would write out), to compare two of them. */
const comparable = (r: ReactReport) => JSON.parse(JSON.stringify(r)) as ReactReport;

/** Every fixture compiled in one build (one file each, as Babel sees them), through `logger`; then its report. */
async function buildFixtures(logger: { logEvent(f: string | null, e: CompilerEvent): void; report(): ReactReport }): Promise<ReactReport> {
  for (const f of FIXTURE_FILES) await build(fixture(f), logger as never);
  return logger.report();
}

/** Every function of `text` that reaches SSA, captured flat (encodeUnit), as the thread logger captures it. */
async function captureEncoded(text: string): Promise<Array<CapturedFunction<EncodedUnit>>> {
  const [{ Capture, encodeUnit }, { loadCompiler, compileOne }] = await Promise.all([
    dist<typeof import("../../adapters/react-compiler/index.js")>("adapters/react-compiler/index.js"),
    dist<typeof import("../../api/react_compiler.js")>("api/react_compiler.js"),
  ]);
  const { babel, plugin } = await loadCompiler();
  const out: Array<CapturedFunction<EncodedUnit>> = [];
  const capture = new Capture<EncodedUnit>((c) => out.push(c), undefined, encodeUnit);
  compileOne(babel, plugin, { name: "input.js", text }, { logEvent() {}, debugLogIRs: capture.debugLogIRs });
  return out;
}

/**
 * The outcomes of the first `n` functions handed to `backend`, waiting for them without blocking
 * (the thread answers through the port, read at each `ready()`); `allThread`: until the thread
 * itself answered all of them (no taking over by finish()).
 */
async function answered(backend: { ready(): Validated[]; counts: { thread: number } }, n: number, allThread = false): Promise<Validated[]> {
  const out: Validated[] = [];
  while (out.length < n || (allThread && backend.counts.thread < n)) {
    out.push(...backend.ready());
    if (out.length < n) await new Promise((r) => setTimeout(r, 10));
  }
  return out;
}

/** Each thread of this process: its id and nice value (Linux). */
function threadNices(): Array<{ tid: number; nice: number }> {
  return readdirSync("/proc/self/task").map((t) => ({ tid: Number(t), nice: Number(readFileSync(`/proc/self/task/${t}/stat`, "utf8").split(") ")[1].split(" ")[16]) }));
}

describe("the validating logger on its own thread (Node)", () => {
  it("reports exactly what the in-thread logger reports, function by function, in the compiler's order (every fixture)", async () => {
    const [{ validatingLogger }, { threadValidation }, { loggerWith }] = await Promise.all([nodeEntry(), threadModule(), loggerModule()]);
    const inThread = await buildFixtures(inlineLogger({ warn: () => {} }));
    expect(inThread.summary.compiled).toBeGreaterThan(20);
    expect(inThread.verdict).toBe("certified");
    expect(comparable(await buildFixtures(validatingLogger({ warn: () => {} })))).toEqual(comparable(inThread));
    // the same through the backend: whichever thread validated each function (report() takes
    // over what is still in flight), the report is the same
    let backend: ReturnType<typeof threadValidation> | undefined;
    const logger = loggerWith({ warn: () => {} }, (v) => (backend = threadValidation(v, { stages: "failing" })));
    expect(comparable(await buildFixtures(logger))).toEqual(comparable(inThread));
    expect(backend!.counts.thread + backend!.counts.here).toBeGreaterThan(0);
    expect(backend!.stopped()).toBeUndefined();
  });

  it("with a backlog of one function and messages of one, the build's thread validates some functions, and the reports still keep their order", async () => {
    const [{ threadValidation }, { loggerWith }] = await Promise.all([threadModule(), loggerModule()]);
    const inThread = await buildFixtures(inlineLogger({ warn: () => {} }));
    let backend: ReturnType<typeof threadValidation> | undefined;
    const mixed = loggerWith({ warn: () => {} }, (v) => (backend = threadValidation(v, { stages: "failing" }, { backlog: 1, batch: 1 })));
    expect(comparable(await buildFixtures(mixed))).toEqual(comparable(inThread));
    // the thread takes a while to start: the functions compiled meanwhile were validated here
    expect(backend!.counts.here).toBeGreaterThan(0);
    // no thread at all (a backlog of 0): everything in the build's thread, the same report
    let here: ReturnType<typeof threadValidation> | undefined;
    const none = loggerWith({ warn: () => {} }, (v) => (here = threadValidation(v, { stages: "failing" }, { backlog: 0, batch: 1 })));
    expect(comparable(await buildFixtures(none))).toEqual(comparable(inThread));
    expect(here!.counts.thread).toBe(0);
  });

  it("the thread validates while the build goes on: given time, it answers every function handed to it, and finish() has nothing left to do", async () => {
    const [{ threadValidation }, { ReactValidator }] = await Promise.all([threadModule(), validatorModule()]);
    const backend = threadValidation(new ReactValidator({ stages: "failing" }), { stages: "failing" }, { backlog: 64, batch: 1 });
    const captured = await captureEncoded(CHOOSE + SUM_TO);
    for (const c of captured) backend.submit(c);
    const outcomes = await answered(backend, captured.length);
    expect(backend.counts).toEqual({ thread: 2, here: 0 });
    expect(backend.finish()).toEqual([]);
    expect(outcomes.map((o) => (o as ValidatedFunction).reports.map((r) => [r.name, r.verdict]))).toEqual([[["choose", "certified"]], [["sumTo", "certified"]]]);
  });

  it.runIf(process.platform === "linux")("the thread runs at nice 19; the build's thread keeps its priority", async () => {
    const { validatingLogger } = await nodeEntry();
    const before = new Set(threadNices().map((t) => t.tid));
    const own = getPriority();
    const logger = validatingLogger({ warn: () => {} });
    await build(SUM_TO, logger);
    expect(logger.report().summary.certified).toBe(1);
    // the thread lowers its priority first thing, but on its own time: waited for, without blocking
    let niced: Array<{ tid: number; nice: number }> = [];
    for (let k = 0; k < 3000 && niced.length === 0; k++) {
      niced = threadNices().filter((t) => !before.has(t.tid) && t.nice === 19);
      if (niced.length === 0) await new Promise((r) => setTimeout(r, 10));
    }
    // the logger's thread, and none of V8's or Node's own threads, lowered its priority
    expect(niced).toHaveLength(1);
    expect(threadNices().filter((t) => !before.has(t.tid) && t.nice !== 0 && !niced.some((n) => n.tid === t.tid))).toEqual([]);
    expect(getPriority()).toBe(own);
  });

  it("findings go to the project's logger, and report() waits for the thread: a mutated stage is rejected in both functions", async () => {
    const { validatingLogger } = await nodeEntry();
    const events: CompilerEvent[] = [];
    const logger = validatingLogger({ logger: { logEvent: (_f, e) => events.push(e) } });
    await build(CHOOSE + SUM_TO, swappingLogger(logger));
    const report = logger.report();
    expect(report.verdict).toBe("rejected");
    expect(report.functions.map((f) => [f.name, f.verdict, f.reason?.split(":")[0]])).toEqual([
      ["choose", "rejected", "EliminateRedundantPhi"],
      ["sumTo", "rejected", "EliminateRedundantPhi"],
    ]);
    const findings = events.filter((e) => e.kind === "CompileDiagnostic" && (e.detail as { category?: string } | undefined)?.category === "formal-ssa");
    expect(findings.map((e) => String(e.detail?.reason))).toEqual([expect.stringMatching(/: choose: rejected: /), expect.stringMatching(/: sumTo: rejected: /)]);
  });

  it("an error raised on the thread comes back and is thrown, not dropped", async () => {
    const [{ threadValidation }, { ReactValidator }] = await Promise.all([threadModule(), validatorModule()]);
    const backend = threadValidation(new ReactValidator({ stages: "failing" }), { stages: "failing" }, { backlog: 64, batch: 1 });
    // a unit that claims a function and ends: decoding reads past its end
    const broken = { ints: new Int32Array([1]), idents: new Int32Array(0), strings: [] };
    backend.submit({ file: "broken.js", name: "broken", line: 1, column: 0, before: broken, ssa: broken, eliminated: broken });
    const [outcome] = await answered(backend, 1, true);
    expect(backend.counts).toEqual({ thread: 1, here: 0 });
    expect("error" in outcome).toBe(true);
    expect((outcome as { error: Error }).error.message).toMatch(/^validating on the logger's thread: an encoded HIR unit ends at 1 of its integers/);
  });

  it("a thread that stops (its script fails to load) loses nothing: the build's thread validates what was in flight, and says why", async () => {
    const [{ threadValidation }, { ReactValidator }] = await Promise.all([threadModule(), validatorModule()]);
    const script = join(mkdtempSync(join(tmpdir(), "formal-ssa-thread-")), "broken-worker.mjs");
    writeFileSync(script, 'throw new Error("no validator here");\n');
    const backend = threadValidation(new ReactValidator({ stages: "failing" }), { stages: "failing" }, { backlog: 64, batch: 1, script: pathToFileURL(script) });
    const [c] = await captureEncoded(SUM_TO);
    backend.submit(c);
    // the thread's word that it stopped comes through the port; once heard, what it had is validated here
    const [outcome] = await answered(backend, 1);
    expect(backend.stopped()).toBe("the validation thread stopped: no validator here");
    expect(backend.counts).toEqual({ thread: 0, here: 1 });
    expect((outcome as ValidatedFunction).reports.map((r) => [r.name, r.verdict])).toEqual([["sumTo", "certified"]]);
  });

  it("the logger warns once when its thread stops, and the build's report is whole all the same", async () => {
    const { threadLogger } = await threadModule();
    const script = join(mkdtempSync(join(tmpdir(), "formal-ssa-thread-")), "broken-worker.mjs");
    writeFileSync(script, 'throw new Error("no validator here");\n');
    const warned: string[] = [];
    const logger = threadLogger({ warn: (l) => warned.push(l) }, { backlog: 64, batch: 1, script: pathToFileURL(script) });
    const inThread = await buildFixtures(inlineLogger({ warn: () => {} }));
    let report = await buildFixtures(logger);
    // the thread's word comes through the port whenever the thread gets to run: looked for at each report()
    while (warned.length === 0) {
      await new Promise((r) => setTimeout(r, 10));
      report = logger.report();
    }
    expect(comparable(report)).toEqual(comparable(inThread));
    expect(warned).toEqual(["formal-ssa: the validation thread stopped: no validator here; the React Compiler's functions are validated in the build's thread from here on"]);
  });

  it("a thread that answers nothing does not hold report() up: finish() validates what is in flight in the build's thread", async () => {
    const [{ threadValidation }, { ReactValidator }] = await Promise.all([threadModule(), validatorModule()]);
    const script = join(mkdtempSync(join(tmpdir(), "formal-ssa-thread-")), "silent-worker.mjs");
    // loads, takes the messages and never answers
    writeFileSync(script, 'import { workerData } from "node:worker_threads";\nworkerData.port.on("message", () => {});\n');
    const backend = threadValidation(new ReactValidator({ stages: "failing" }), { stages: "failing" }, { backlog: 64, batch: 1, script: pathToFileURL(script) });
    const captured = await captureEncoded(CHOOSE + SUM_TO);
    for (const c of captured) backend.submit(c);
    const outcomes = backend.finish();
    expect(outcomes.map((o) => (o as ValidatedFunction).reports[0].name)).toEqual(["choose", "sumTo"]);
    expect(backend.counts).toEqual({ thread: 0, here: 2 });
    expect(backend.stopped()).toBeUndefined();
  });

  it("a build that ends without report(): the process exits, the finding is printed, and failOnRejection sets exit code 1", () => {
    const dir = mkdtempSync(join(tmpdir(), "formal-ssa-thread-"));
    const script = join(dir, "build.mjs");
    // one function, its EliminateRedundantPhi stage mutated in the live HIR; no report() call
    writeFileSync(
      script,
      `import { createRequire } from "node:module";
const require = createRequire(${JSON.stringify(join(ROOT, "package.json"))});
const { transformSync } = require("@babel/core");
const plugin = require("babel-plugin-react-compiler").default ?? require("babel-plugin-react-compiler");
const { validatingLogger } = await import(${JSON.stringify(pathToFileURL(join(ROOT, "dist/api/node/react_compiler.js")).href)});
const inner = validatingLogger({ failOnRejection: process.argv[2] === "fail", warn: (l) => process.stderr.write(l + "\\n") });
const logger = {
  logEvent: (f, e) => inner.logEvent(f, e),
  debugLogIRs(v) {
    if (v.kind === "hir" && v.name === "EliminateRedundantPhi")
      for (const [, b] of v.value.body.blocks)
        for (const phi of b.phis) {
          const ops = [...phi.operands];
          if (ops.length === 2) phi.operands = new Map([[ops[0][0], ops[1][1]], [ops[1][0], ops[0][1]]]);
        }
    inner.debugLogIRs(v);
  },
};
transformSync(${JSON.stringify(CHOOSE)}, { filename: "choose.js", babelrc: false, configFile: false, code: false, plugins: [[plugin, { compilationMode: "all", logger }]] });
`,
    );
    for (const mode of ["fail", "warn"]) {
      const r = spawnSync(process.execPath, [script, mode], { encoding: "utf8", timeout: 60_000 });
      expect(r.signal, `${mode}: the process exits by itself (the thread does not keep it alive)`).toBeNull();
      expect(r.stderr).toMatch(/choose\.js:1: choose: rejected: EliminateRedundantPhi: /);
      // failing: thrown out of the compiler's next event if the thread answered in time, else the exit code
      expect(r.status).toBe(mode === "fail" ? 1 : 0);
    }
  });
});
