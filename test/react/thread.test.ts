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
import { validatingLogger as inlineLogger, type CompilerEvent, type ReactReport } from "../../api/react_compiler.js";
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

/** Each thread of this process: its id and nice value (Linux). */
function threadNices(): Array<{ tid: number; nice: number }> {
  return readdirSync("/proc/self/task").map((t) => ({ tid: Number(t), nice: Number(readFileSync(`/proc/self/task/${t}/stat`, "utf8").split(") ")[1].split(" ")[16]) }));
}

describe("the validating logger on its own thread (Node)", () => {
  it("reports exactly what the in-thread logger reports, function by function, in the compiler's order (every fixture)", async () => {
    const [{ validatingLogger }, { threadValidation, MAX_BACKLOG }, { loggerWith }] = await Promise.all([nodeEntry(), threadModule(), loggerModule()]);
    const inThread = await buildFixtures(inlineLogger({ warn: () => {} }));
    expect(inThread.summary.compiled).toBeGreaterThan(20);
    expect(inThread.verdict).toBe("certified");
    expect(comparable(await buildFixtures(validatingLogger({ warn: () => {} })))).toEqual(comparable(inThread));
    // the same through the backend, to see where the functions went: fewer than the backlog
    // that would make the build's thread validate, so all to the thread
    expect(inThread.summary.compiled).toBeLessThan(MAX_BACKLOG);
    let backend: ReturnType<typeof threadValidation> | undefined;
    const logger = loggerWith({ warn: () => {} }, (v) => (backend = threadValidation(v, { stages: "failing" })));
    expect(comparable(await buildFixtures(logger))).toEqual(comparable(inThread));
    expect(backend!.counts.here).toBe(0);
    expect(backend!.counts.thread).toBeGreaterThan(0);
  });

  it("with a backlog of one function and messages of one, some functions are validated in the build's thread, and the reports still keep their order", async () => {
    const [{ threadValidation }, { loggerWith }] = await Promise.all([threadModule(), loggerModule()]);
    const inThread = await buildFixtures(inlineLogger({ warn: () => {} }));
    let backend: ReturnType<typeof threadValidation> | undefined;
    const mixed = loggerWith({ warn: () => {} }, (v) => (backend = threadValidation(v, { stages: "failing" }, { backlog: 1, batch: 1 })));
    expect(comparable(await buildFixtures(mixed))).toEqual(comparable(inThread));
    // the thread takes a while to start: the functions compiled meanwhile were validated here
    expect(backend!.counts.here).toBeGreaterThan(0);
    expect(backend!.counts.thread).toBeGreaterThan(0);
    // no thread at all (a backlog of 0): everything in the build's thread, the same report
    let here: ReturnType<typeof threadValidation> | undefined;
    const none = loggerWith({ warn: () => {} }, (v) => (here = threadValidation(v, { stages: "failing" }, { backlog: 0, batch: 1 })));
    expect(comparable(await buildFixtures(none))).toEqual(comparable(inThread));
    expect(here!.counts.thread).toBe(0);
  });

  it.runIf(process.platform === "linux")("the thread runs at nice 19; the build's thread keeps its priority", async () => {
    const { validatingLogger } = await nodeEntry();
    const before = new Set(threadNices().map((t) => t.tid));
    const own = getPriority();
    const logger = validatingLogger({ warn: () => {} });
    await build(SUM_TO, logger);
    expect(logger.report().summary.certified).toBe(1);
    const started = threadNices().filter((t) => !before.has(t.tid));
    // the logger's thread, and none of V8's or Node's own threads, lowered its priority
    expect(started.filter((t) => t.nice === 19)).toHaveLength(1);
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
    const backend = threadValidation(new ReactValidator({ stages: "failing" }), { stages: "failing" });
    // a unit that claims a function and ends: decoding reads past its end
    const broken = { ints: new Int32Array([1]), idents: new Int32Array(0), strings: [] };
    backend.submit({ file: "broken.js", name: "broken", line: 1, column: 0, before: broken, ssa: broken, eliminated: broken });
    const [outcome] = backend.finish();
    expect("error" in outcome).toBe(true);
    expect((outcome as { error: Error }).error.message).toMatch(/^validating on the logger's thread: /);
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
