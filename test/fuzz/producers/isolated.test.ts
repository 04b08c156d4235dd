/**
 * An in-process target's runner in a worker thread (api/node/isolated_runner.ts): a case on which
 * the producer loops forever is a `timeout`, one on which it eats its heap a `crash` (out of
 * memory), one on which it throws a `crash` with its message; each is bisected to its case, the
 * other cases of the batch are judged, and the next batch runs in a fresh worker. The producer is
 * a fixture (fixtures/misbehaving_runner.mjs) that misbehaves on chosen cases; the runner and the
 * engine are the built ones (dist/), as the CLI runs them.
 */
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../cli/cli.js";
import type { FuzzCase, FuzzTarget, PrintedBatch } from "../../../adapters/fuzz_target.js";

const { isolatedRunner } = (await import(pathToFileURL(join(ROOT, "dist/api/node/isolated_runner.js")).href)) as typeof import("../../../api/node/isolated_runner.js");
const { batchFindings } = (await import(pathToFileURL(join(ROOT, "dist/api/fuzz_producers.js")).href)) as typeof import("../../../api/fuzz_producers.js");

const target: FuzzTarget = {
  name: "fake",
  adapter: "none",
  shapes: "structured",
  variants: ["v"],
  description: "fake",
  caseFile: "case.txt",
  print: (cases): PrintedBatch => ({ files: { "cases.txt": cases.map((c) => String(c.style)).join("\n") }, functionNames: cases.map((_, k) => `f${k}`) }),
  runner: { kind: "in-process" },
};
const caseWith = (style: number): FuzzCase => ({ kind: "cfg", cfg: { kind: "cfg", entry: "B0", blocks: [{ id: "B0", preds: [], stmts: [] }] }, uninitialised: [], style });

const runner = isolatedRunner({
  module: pathToFileURL(join(ROOT, "test/fuzz/producers/fixtures/misbehaving_runner.mjs")).href,
  factory: "makeRunner",
  options: { name: "fake-producer" },
  // a certified case takes microseconds: a second each is far beyond what load can add
  timeoutPerCaseMs: 1000,
  heapMb: 64,
  producer: "fake-producer",
});
afterAll(() => runner.close());

describe("an in-process producer in a worker thread", () => {
  it("a hang is a timeout, a heap eaten a crash (out of memory), a throw a crash: each on its case; the rest judged", async () => {
    const { findings } = await batchFindings(target, "v", [1, 13, 7, 66, 5, 2].map(caseWith), runner);
    expect(findings.map((f) => f?.kind ?? "-")).toEqual(["-", "timeout", "rejected", "crash", "crash", "-"]);
    expect(findings[1]!.description).toBe("fake: timeout: fake-producer: no answer within 1000 ms (1 case), stopped");
    expect(findings[3]!.description).toBe("fake: crash: fake-producer: out of memory (a heap of 64 MB)");
    expect(findings[4]!.signature).toBe("fake:crash:fake-producer: fake-producer: boom at N");
  }, 120_000);

  it("after a failure the next batch runs in a fresh worker, and is judged", async () => {
    const { findings } = await batchFindings(target, "v", [1, 2, 7].map(caseWith), runner);
    expect(findings.map((f) => f?.kind ?? "-")).toEqual(["-", "-", "rejected"]);
  }, 60_000);
});
