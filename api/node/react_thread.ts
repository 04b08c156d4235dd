/**
 * The React Compiler's validating logger in Node: functions are validated on a thread of the
 * logger's own (api/node/react_worker.ts), so that the build's thread pays only for copying the
 * HIR at the three points (flat, handed over by transfer: adapters/react-compiler/hir.ts
 * `encodeUnit`).
 *
 * The thread runs at the lowest priority (Linux's nice 19, which Linux keeps per thread): it
 * takes the CPU the build leaves idle and yields whenever the build's own threads (Babel, V8's
 * compilers and collectors) want it, which on two cores is what kept validation within 10% of a
 * build (docs/performance.md). A thread that falls behind, on a machine busy with other work,
 * does not hold the build up: past `MAX_BACKLOG` functions in flight the build's thread
 * validates the next ones itself, and reports still come back in the compiler's order.
 *
 * The build's thread collects what the thread has validated at each compiler event, without
 * waiting (`receiveMessageOnPort`), so findings and `failOnRejection` work during the build;
 * `report()` waits for the rest (`Atomics.wait`). At the process's exit a logger that handed
 * anything to its thread collects the rest too, so that no finding is lost, and with
 * `failOnRejection` a rejection found after the compiler's last event sets the exit code to 1.
 */
import { setPriority } from "node:os";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { decodeCaptured, encodeUnit, type CapturedFunction, type EncodedUnit } from "../../adapters/react-compiler/index.js";
import { validateOne, type Validated, type ValidationBackend } from "../react_logger.js";
import type { ReactOptions, ReactValidator } from "../react_validator.js";

/** Functions handed to the thread and not yet back, past which the build's thread validates the next ones itself. */
export const MAX_BACKLOG = 64;

/**
 * Functions sent to the thread in one message (and answered in one): a message costs both
 * threads a wake-up, more than copying a small function does.
 */
export const BATCH = 8;

/** The options a validation thread takes (no callbacks: those run in the build's thread). */
export type ThreadOptions = Pick<ReactOptions, "require" | "undef" | "necessaryPaths" | "names" | "producerVersion" | "stages">;

/** What the thread is sent: functions numbered from `first` on, in order. */
export type ToThread = { kind: "functions"; first: number; captured: Array<CapturedFunction<EncodedUnit>> } | { kind: "finish"; id: number };

/** An error raised on the thread, as it crosses back. */
export interface ThreadError {
  message: string;
  stack?: string;
}

/** What the thread sends back: the outcomes of the functions numbered from `first` on. */
export type FromThread = { kind: "validated"; first: number; validated: Array<Validated | { error: ThreadError }> } | { kind: "finished"; id: number };

/** What `workerData` carries to the thread. */
export interface ThreadData {
  options: ThreadOptions;
  port: MessagePort;
  /** One Int32: the id of the last `finish` the thread has answered (so that `finish` can wait without an event loop). */
  finished: SharedArrayBuffer;
}

/** The thread lowers its own priority (Linux: per thread; elsewhere the call would lower the whole process's, so it is not made). */
export function lowerThreadPriority(): void {
  if (process.platform !== "linux") return;
  try {
    setPriority(19);
  } catch {
    // not permitted here: the thread runs at the build's priority
  }
}

function revive(v: Validated | { error: ThreadError }): Validated {
  if (!("error" in v) || v.error instanceof Error) return v as Validated;
  const e = new Error(`validating on the logger's thread: ${v.error.message}`);
  if (v.error.stack !== undefined) e.stack = `${e.message}\n(on the thread) ${v.error.stack}`;
  return { error: e };
}

/** The buffers of captures' units, each once (a function whose points were missed has one unit for all three). */
function buffersOf(cs: ReadonlyArray<CapturedFunction<EncodedUnit>>): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const c of cs)
    for (const u of [c.before, c.ssa, c.eliminated]) {
      out.add(u.ints.buffer as ArrayBuffer);
      out.add(u.idents.buffer as ArrayBuffer);
    }
  return [...out];
}

/** Decodes and validates a captured function; an error in either becomes its outcome. */
export function validateEncoded(validator: ReactValidator, c: CapturedFunction<EncodedUnit>): Validated {
  try {
    return validateOne(validator, decodeCaptured(c));
  } catch (e) {
    return { error: e instanceof Error ? e : new Error(String(e)) };
  }
}

/**
 * Validation on a thread of its own, started with the first function. `limits` (for the tests):
 * the backlog past which the build's thread validates, and the functions per message.
 */
export function threadValidation(
  validator: ReactValidator,
  options: ThreadOptions,
  limits = { backlog: MAX_BACKLOG, batch: BATCH },
): ValidationBackend<EncodedUnit> & { readonly counts: { thread: number; here: number } } {
  let worker: Worker | undefined;
  let port: MessagePort | undefined;
  let finished: Int32Array | undefined;
  /** Set when the thread could not be started: everything is validated here. */
  let unavailable = false;
  let submitted = 0;
  let handedBack = 0;
  let sent = 0;
  let answered = 0;
  let finishes = 0;
  const done = new Map<number, Validated>();
  /** Submitted for the thread, not yet sent: numbered from `batchFirst` on. */
  let batch: Array<CapturedFunction<EncodedUnit>> = [];
  let batchFirst = 0;
  /** Functions validated on the thread, and in the build's thread. */
  const counts = { thread: 0, here: 0 };

  const start = (): boolean => {
    if (worker !== undefined) return true;
    if (unavailable) return false;
    try {
      const channel = new MessageChannel();
      const shared = new SharedArrayBuffer(4);
      const data: ThreadData = { options, port: channel.port2, finished: shared };
      worker = new Worker(new URL("./react_worker.js", import.meta.url), { workerData: data, transferList: [channel.port2] });
      worker.unref();
      port = channel.port1;
      port.unref();
      finished = new Int32Array(shared);
      return true;
    } catch {
      unavailable = true;
      return false;
    }
  };

  const collect = () => {
    if (port === undefined) return;
    for (let m = receiveMessageOnPort(port); m !== undefined; m = receiveMessageOnPort(port)) {
      const msg = m.message as FromThread;
      if (msg.kind === "validated") {
        for (let k = 0; k < msg.validated.length; k++) done.set(msg.first + k, revive(msg.validated[k]));
        answered += msg.validated.length;
      }
    }
  };

  const ready = (): Validated[] => {
    collect();
    const out: Validated[] = [];
    for (let v = done.get(handedBack); v !== undefined; v = done.get(handedBack)) {
      done.delete(handedBack++);
      out.push(v);
    }
    return out;
  };

  const send = () => {
    if (batch.length === 0) return;
    port!.postMessage({ kind: "functions", first: batchFirst, captured: batch } satisfies ToThread, buffersOf(batch));
    sent += batch.length;
    counts.thread += batch.length;
    batch = [];
  };

  return {
    counts,
    copy: encodeUnit,
    submit(c) {
      const seq = submitted++;
      if (sent + batch.length - answered >= limits.backlog) collect();
      if (sent + batch.length - answered >= limits.backlog || !start()) {
        // validated here, after what waits for the thread, so that reports keep their order
        send();
        done.set(seq, validateEncoded(validator, c));
        counts.here++;
        return;
      }
      if (batch.length === 0) batchFirst = seq;
      batch.push(c);
      if (batch.length >= limits.batch) send();
    },
    ready,
    finish() {
      if (worker !== undefined) send();
      if (worker !== undefined && answered < sent) {
        const id = ++finishes;
        port!.postMessage({ kind: "finish", id } satisfies ToThread);
        while (Atomics.load(finished!, 0) < id) {
          Atomics.wait(finished!, 0, Atomics.load(finished!, 0), 200);
          if (worker.threadId === -1 && Atomics.load(finished!, 0) < id) {
            collect();
            throw new Error(`the React Compiler logger's validation thread stopped with ${sent - answered} function(s) not validated`);
          }
        }
      }
      const out = ready();
      if (handedBack !== submitted) throw new Error(`the React Compiler logger lost track of ${submitted - handedBack} function(s)`);
      return out;
    },
  };
}
