/**
 * An in-process target's runner in a worker thread (api/campaign/node/isolated_runner.ts): a case on which
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
import { caseWith, fakeTarget } from "./fake_target.js";

const { isolatedRunner } = (await import(pathToFileURL(join(ROOT, "dist/api/campaign/node/isolated_runner.js")).href)) as typeof import("../../../api/campaign/node/isolated_runner.js");
const { batchFindings } = (await import(pathToFileURL(join(ROOT, "dist/api/campaign/producers.js")).href)) as typeof import("../../../api/campaign/producers.js");

const target = fakeTarget();

const fixture = pathToFileURL(join(ROOT, "test/fuzz/producers/fixtures/misbehaving_runner.mjs")).href;
const runner = (timeoutPerCaseMs: number) => isolatedRunner({ module: fixture, factory: "makeRunner", options: { name: "fake-producer" }, timeoutPerCaseMs, heapMb: 64, producer: "fake-producer" });
// a certified case takes microseconds: two seconds each is far beyond what load can add
const quick = runner(2000);
// no time limit that running out of memory could meet first
const patient = runner(600_000);
afterAll(async () => {
  await quick.close();
  await patient.close();
});

describe("an in-process producer in a worker thread", () => {
  it("a hang is a timeout on its case; the rest judged", async () => {
    const { findings } = await batchFindings(target, "v", [1, 13, 7].map(caseWith), quick);
    expect(findings.map((f) => f?.kind ?? "-")).toEqual(["-", "timeout", "rejected"]);
    expect(findings[1]!.description).toBe("fake: timeout: fake-producer: no answer within 2000 ms (1 case), stopped");
  }, 120_000);

  it("a heap eaten is a crash (out of memory), a throw a crash with its message: each on its case; the rest judged", async () => {
    const { findings } = await batchFindings(target, "v", [66, 2, 5, 7].map(caseWith), patient);
    expect(findings.map((f) => f?.kind ?? "-")).toEqual(["crash", "-", "crash", "rejected"]);
    expect(findings[0]!.description).toBe("fake: crash: fake-producer: out of memory (a heap of 64 MB)");
    expect(findings[2]!.signature).toBe("fake:crash:fake-producer: fake-producer: boom at N");
  }, 120_000);

  it("after a failure the next batch runs in a fresh worker, and is judged", async () => {
    const { findings } = await batchFindings(target, "v", [1, 2, 7].map(caseWith), quick);
    expect(findings.map((f) => f?.kind ?? "-")).toEqual(["-", "-", "rejected"]);
  }, 60_000);
});
