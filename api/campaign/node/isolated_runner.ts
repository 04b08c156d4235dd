/**
 * An in-process fuzz runner (the React Compiler's: Babel and the plugin in JavaScript) run in a
 * worker thread of its own, so that a case that makes the producer loop forever or eat all
 * memory is a finding (`timeout`, `crash`) bisected to its case like a process target's, not the
 * end of the campaign: the worker has a heap limit, each batch a time limit, and a worker that
 * fails is thrown away and the next batch starts a fresh one.
 *
 * The worker (isolated_worker.ts) imports `module`, calls its export `factory(options)` for a
 * `BatchRunner`, and answers one batch per message. What crosses the thread is structured-cloned:
 * the printed batch and its cases in, the `BatchRun` out.
 */
import { Worker } from "node:worker_threads";
import { MalformedInput } from "../../../spec/errors.js";
import type { FuzzCase, PrintedBatch } from "../../../adapters/fuzz_target.js";
import type { BatchRun, BatchRunner } from "../producers.js";

/** Heap of the worker (MB): far above what a batch needs (about 250 MB), far below a machine's memory. */
export const WORKER_HEAP_MB = 2048;

export interface IsolatedRunnerOptions {
  /** The module (a file URL) that makes the runner, and its export: `(options) => BatchRunner | Promise<BatchRunner>`. */
  module: string;
  factory: string;
  /** Passed to the factory (structured-cloned). */
  options?: unknown;
  /** A batch of n cases has n times this long (ms): the producer compiles them one after another. */
  timeoutPerCaseMs: number;
  /** The worker's old-generation heap (MB), default `WORKER_HEAP_MB`. */
  heapMb?: number;
  /** What the producer is called in messages (`babel-plugin-react-compiler`). */
  producer: string;
}

type Answer = { id: number; run: BatchRun } | { id: number; error: { name: string; message: string; stack?: string } };

/** A BatchRunner that runs each batch in a worker thread; `close()` ends the worker. */
export function isolatedRunner(o: IsolatedRunnerOptions): BatchRunner & { close(): Promise<void> } {
  let worker: Worker | undefined;
  /** Settles when the current worker has made its runner (or failed to: the first batch then reports it). */
  let ready: Promise<void> = Promise.resolve();
  let next = 0;
  const start = () => {
    const w = new Worker(new URL("./isolated_worker.js", import.meta.url), {
      workerData: { module: o.module, factory: o.factory, options: o.options },
      resourceLimits: { maxOldGenerationSizeMb: o.heapMb ?? WORKER_HEAP_MB },
      // the worker's output is the producer's; its stdout and stderr are not the campaign's
      stdout: true,
      stderr: true,
    });
    w.stdout.resume();
    w.stderr.resume();
    ready = new Promise<void>((resolve) => {
      const onReady = (m: { ready?: boolean }) => {
        if (m.ready !== true) return;
        w.off("message", onReady);
        resolve();
      };
      w.on("message", onReady);
      // a worker that dies while loading: the batch's own listeners report it
      w.once("exit", () => resolve());
    });
    return w;
  };
  const runner = (variant: string, printed: PrintedBatch, cases: readonly FuzzCase[]): Promise<BatchRun> => {
    const w = (worker ??= start());
    const id = next++;
    const limitMs = o.timeoutPerCaseMs * Math.max(1, cases.length);
    return ready.then(() => new Promise<BatchRun>((resolve, reject) => {
      const files = { ...printed.files };
      const finish = (run: BatchRun | Error, discard: boolean) => {
        clearTimeout(timer);
        w.off("message", onMessage);
        w.off("error", onError);
        w.off("exit", onExit);
        if (discard) {
          if (worker === w) worker = undefined;
          void w.terminate();
        }
        if (run instanceof Error) reject(run);
        else resolve(run);
      };
      const onMessage = (a: Answer) => {
        if (a.id !== id) return;
        if ("run" in a) return finish(a.run, false);
        // formal-ssa's own refusal (a release without debugLogIRs) is the caller's error; anything else thrown by the runner is a crash of this batch
        if (a.error.name === "MalformedInput") return finish(new MalformedInput(a.error.message), true);
        finish({ kind: "failed", failure: { kind: "crash", message: `${o.producer}: ${a.error.message.split("\n")[0]}`, ...(a.error.stack !== undefined ? { stderr: a.error.stack } : {}) }, files }, true);
      };
      const onError = (e: Error & { code?: string }) => {
        const message = e.code === "ERR_WORKER_OUT_OF_MEMORY" ? `${o.producer}: out of memory (a heap of ${o.heapMb ?? WORKER_HEAP_MB} MB)` : `${o.producer}: ${e.message.split("\n")[0]}`;
        finish({ kind: "failed", failure: { kind: "crash", message, ...(e.stack !== undefined ? { stderr: e.stack } : {}) }, files }, true);
      };
      const onExit = (code: number) => finish({ kind: "failed", failure: { kind: "crash", message: `${o.producer}: its thread ended (exit code ${code})` }, files }, true);
      const timer = setTimeout(
        () => finish({ kind: "failed", failure: { kind: "timeout", message: `${o.producer}: no answer within ${limitMs} ms (${cases.length} case${cases.length === 1 ? "" : "s"}), stopped` }, files }, true),
        limitMs,
      );
      w.on("message", onMessage);
      w.on("error", onError);
      w.on("exit", onExit);
      // the worker may have died while loading: its exit has been and gone, so ask directly
      if (w.threadId === -1) return onExit(1);
      w.postMessage({ id, variant, printed, cases });
    }));
  };
  const close = async () => {
    const w = worker;
    worker = undefined;
    if (w !== undefined) await w.terminate();
  };
  return Object.assign(runner, { close });
}
