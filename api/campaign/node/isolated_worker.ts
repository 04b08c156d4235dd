/**
 * The worker thread of isolated_runner.ts: makes the runner from `workerData` and answers each
 * batch message with its `BatchRun`, or with the error the runner threw (name and message).
 */
import { parentPort, workerData } from "node:worker_threads";
import type { BatchRunner } from "../producers.js";

const data = workerData as { module: string; factory: string; options?: unknown };
let runner: Promise<BatchRunner> | undefined;
const make = async (): Promise<BatchRunner> => {
  const mod = (await import(data.module)) as Record<string, (options: unknown) => BatchRunner | Promise<BatchRunner>>;
  const factory = mod[data.factory];
  if (typeof factory !== "function") throw new Error(`${data.module} has no export ${data.factory}`);
  return await factory(data.options);
};

// made at once, and said when ready: a batch's time limit counts the producer's work, not the
// loading of its modules (Babel takes a second or more on a loaded machine)
runner = make();
runner.then(
  () => parentPort!.postMessage({ ready: true }),
  () => parentPort!.postMessage({ ready: true }),
);

parentPort!.on("message", async (m: { id: number; variant: string; printed: Parameters<BatchRunner>[1]; cases: Parameters<BatchRunner>[2] }) => {
  try {
    const run = await (await (runner ??= make()))(m.variant, m.printed, m.cases);
    parentPort!.postMessage({ id: m.id, run });
  } catch (e) {
    const error = e instanceof Error ? { name: e.constructor.name, message: e.message, stack: e.stack } : { name: "Error", message: String(e) };
    parentPort!.postMessage({ id: m.id, error });
  }
});
