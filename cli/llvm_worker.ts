/**
 * A worker thread of cli/llvm_parallel.ts: parses its share of the module(s), validates or
 * constructs every function in it, and posts a tick per function and its results at the end.
 * Malformed input is only reported as such: the main thread reruns sequentially for the message.
 */
import { parentPort, workerData } from "node:worker_threads";
import { MalformedInput } from "../spec/errors.js";
import { constructPiece, type WorkerJob, type WorkerMessage } from "./llvm_parallel.js";
import { renderFunction } from "./llvm_pipeline.js";
import { streamValidate } from "./llvm_stream.js";

const job = workerData as WorkerJob;
const post = (m: WorkerMessage) => parentPort!.postMessage(m);
const tick = (fn: string) => post({ type: "tick", fn });
const t0 = performance.now();
try {
  if (job.mode === "validate") {
    const results = streamValidate(job.before, job.after, job.opts, (r) => renderFunction(r, job.render), tick);
    post({ type: "validated", results });
  } else {
    post({ type: "constructed", built: constructPiece(job.before, job.opts, tick) });
  }
  if (process.env.FORMAL_SSA_DEBUG) process.stderr.write(`worker ${job.mode}: ${(performance.now() - t0).toFixed(0)} ms, ${job.before.text.length} bytes\n`);
} catch (e) {
  if (e instanceof MalformedInput) post({ type: "malformed", message: e.message });
  else throw e;
}
