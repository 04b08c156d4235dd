/**
 * The page's validation thread (a Web Worker, inlined into the page's script as a blob so that
 * it also starts from file://): a producer's pair is validated off the page's thread, so that a
 * module of SQLite's size (tens of MB of text) leaves the page responsive. It answers with
 * progress after each function, then a summary (each function's name, verdict and first report
 * line); a function's report and pair cross over only when the page shows it.
 */
import { Buffer } from "./node_buffer_shim.js";
import { producerMode, runProducer, type ProducerRun } from "./producers.js";
import { summaryOf, type ValidationAnswer, type ValidationRequest } from "./protocol.js";

(globalThis as { Buffer?: unknown }).Buffer ??= Buffer;

const post = (a: ValidationAnswer) => (self as unknown as { postMessage(a: ValidationAnswer): void }).postMessage(a);
let current: { id: number; run: ProducerRun } | undefined;

self.onmessage = (e: MessageEvent<ValidationRequest>) => {
  const q = e.data;
  if (q.kind === "function") {
    const f = current !== undefined && current.id === q.id ? current.run.functions[q.index] : undefined;
    if (f !== undefined) post({ id: q.id, kind: "function", index: q.index, fn: f });
    return;
  }
  current = undefined;
  const mode = producerMode(q.producer);
  try {
    if (mode === undefined) throw new Error(`no producer ${q.producer}`);
    let last = 0;
    const run = runProducer(mode, q.before, q.after, (done, total) => {
      // at most about a hundred messages for a module of thousands of functions
      if (done === total || done - last >= Math.max(1, Math.floor(total / 100))) {
        last = done;
        post({ id: q.id, kind: "progress", done, total });
      }
    }, q.version);
    current = { id: q.id, run };
    post({ id: q.id, kind: "done", summary: summaryOf(run) });
  } catch (err) {
    post({ id: q.id, kind: "error", message: err instanceof Error ? err.message : String(err) });
  }
};
