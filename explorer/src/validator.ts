/**
 * Where the page validates a producer's pair: on its worker (worker.ts) when the browser starts
 * one, else in the page's own thread. Either way a validation gives a summary first (each
 * function's name, verdict and first report line), and a function's report and pair on request,
 * so that a module of thousands of functions does not cross between threads whole. Requests
 * are numbered: answers to an older validation than the latest are dropped.
 */
import { producerMode, runProducer, type ProducerFunction, type ProducerRun } from "./producers.js";
import { summaryOf, type RunSummary, type ValidationAnswer, type ValidationRequest } from "./protocol.js";
import ValidationWorker from "./worker.ts?worker&inline";

export type { RunSummary } from "./protocol.js";

export interface PairValidator {
  /** "worker" or "page": where validation runs. */
  readonly where: "worker" | "page";
  /** Validates; `progress` as functions are done. Rejects with the one-line message of malformed input, or when a newer validation started. */
  validate(producer: string, before: string, after: string, version: string, progress: (done: number, total: number) => void): Promise<RunSummary>;
  /** The i-th function of the latest validation. */
  fn(index: number): Promise<ProducerFunction>;
}

/** A newer validation started: the older one's answer is not wanted. */
export class Superseded extends Error {}

/** The worker if the browser starts one, else the page's thread. */
export function pairValidator(): PairValidator {
  try {
    return onWorker(new ValidationWorker());
  } catch {
    return inPage();
  }
}

function inPage(): PairValidator {
  let run: ProducerRun | undefined;
  return {
    where: "page",
    validate: async (producer, before, after, version) => {
      const mode = producerMode(producer);
      if (mode === undefined) throw new Error(`no producer ${producer}`);
      run = runProducer(mode, before, after, undefined, version);
      return summaryOf(run);
    },
    fn: async (index) => run!.functions[index],
  };
}

function onWorker(w: Worker): PairValidator {
  let latest = 0;
  let waiting: { id: number; resolve: (s: RunSummary) => void; reject: (e: Error) => void; progress: (d: number, t: number) => void } | undefined;
  const fns = new Map<number, (f: ProducerFunction) => void>();
  let fallback: PairValidator | undefined;
  w.onmessage = (e: MessageEvent<ValidationAnswer>) => {
    const a = e.data;
    if (a.id !== latest) return;
    if (a.kind === "progress") waiting?.progress(a.done, a.total);
    else if (a.kind === "done") waiting?.resolve(a.summary);
    else if (a.kind === "error") waiting?.reject(new Error(a.message));
    else fns.get(a.index)?.(a.fn);
    if (a.kind === "function") fns.delete(a.index);
    if (a.kind === "done" || a.kind === "error") waiting = undefined;
  };
  const self: PairValidator = {
    where: "worker",
    validate(producer, before, after, version, progress) {
      if (fallback !== undefined) return fallback.validate(producer, before, after, version, progress);
      waiting?.reject(new Superseded("a newer validation started"));
      const id = ++latest;
      fns.clear();
      return new Promise<RunSummary>((resolve, reject) => {
        waiting = { id, resolve, reject, progress };
        w.postMessage({ id, kind: "validate", producer, before, after, version } satisfies ValidationRequest);
      });
    },
    fn(index) {
      if (fallback !== undefined) return fallback.fn(index);
      return new Promise<ProducerFunction>((resolve) => {
        fns.set(index, resolve);
        w.postMessage({ id: latest, kind: "function", index } satisfies ValidationRequest);
      });
    },
  };
  // a worker that cannot start (a policy forbidding blob scripts): the page's thread from then on
  w.onerror = (ev) => {
    ev.preventDefault();
    w.terminate();
    fallback = inPage();
    (self as { where: string }).where = "page";
    waiting?.reject(new Error("the validation worker failed: validate again (in the page)"));
  };
  return self;
}
