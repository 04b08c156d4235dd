/**
 * A worker thread of api/node/parallel.ts: validates or constructs every function of its share
 * through the adapter named in the job, posting a tick per function and its results at the end.
 * Malformed input is only reported as such: the main thread reruns sequentially for the message.
 */
import { parentPort, workerData } from "node:worker_threads";
import { MalformedInput } from "../../spec/errors.js";
import { adapterNamed } from "../adapters.js";
import { constructOriginals, producerReports } from "../producers.js";
import { buildEntries, type WorkerJob, type WorkerMessage } from "./parallel.js";

const job = workerData as WorkerJob;
const post = (m: WorkerMessage) => parentPort!.postMessage(m);
const onFunction = (fn: string) => post({ type: "tick", fn });
try {
  const adapter = adapterNamed(job.adapter);
  if (adapter === undefined) throw new Error(`no adapter ${job.adapter}`);
  if (job.mode === "validate") {
    post({ type: "validated", reports: [...producerReports(adapter.sharePairs(job.share), adapter.producer, { ...job.opts, onFunction })] });
  } else {
    post({ type: "constructed", built: buildEntries(constructOriginals(adapter.shareOriginals(job.share), job.name, { ...job.opts, onFunction })) });
  }
} catch (e) {
  if (e instanceof MalformedInput) post({ type: "malformed", message: e.message });
  else throw e;
}
