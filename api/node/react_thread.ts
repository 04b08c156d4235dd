/**
 * The React Compiler's validating logger in Node: functions are validated on a thread of the
 * logger's own (api/node/react_worker.ts), so that the build's thread pays only for copying the
 * HIR at the three points (flat, in typed arrays: adapters/react-compiler/hir.ts
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
 * waiting (`receiveMessageOnPort`), so findings and `failOnRejection` work during the build. It
 * keeps a copy of every function in flight until the thread answers it, so `report()` never
 * waits long on the thread: while the thread answers it is left to it, and once it has answered
 * nothing for `STEAL_AFTER_MS` the build's thread validates what is still in flight itself, from
 * the last function back, while the thread goes on from the first (an answer for a function
 * done here is dropped). A
 * thread that stopped (its script failed to load, an error escaped it), died without a word or is
 * starved by other work on a busy machine so loses nothing and holds nothing up; a thread's exit
 * is only seen by the event loop, which a build never gives a turn. At the process's exit a
 * logger that handed anything to its thread collects the rest too, so that no finding is lost,
 * and with `failOnRejection` a rejection found after the compiler's last event sets the exit code
 * to 1.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { decodeCaptured, encodeUnit, type CapturedFunction, type EncodedUnit } from "../../adapters/react-compiler/index.js";
import { loggerWith, validateOne, type LoggerOptions, type Validated, type ValidatingLogger, type ValidationBackend } from "../react_logger.js";
import type { ReactOptions, ReactValidator } from "../react_validator.js";

/** Functions handed to the thread and not yet back, past which the build's thread validates the next ones itself. */
export const MAX_BACKLOG = 64;

/**
 * Functions sent to the thread in one message (and answered in one): a message costs both
 * threads a wake-up, more than copying a small function does.
 */
export const BATCH = 8;

/** In `finish`: this long without an answer from the thread, and the build's thread validates the last function in flight itself. */
export const STEAL_AFTER_MS = 20;

/** The options a validation thread takes (no callbacks: those run in the build's thread). */
export type ThreadOptions = Pick<ReactOptions, "require" | "undef" | "necessaryPaths" | "names" | "producerVersion" | "stages" | "eachPass" | "acceptUnsoundRefinements">;

/** What the thread is sent: functions numbered from `first` on, in order. */
export interface ToThread {
  first: number;
  captured: Array<CapturedFunction<EncodedUnit>>;
}

/** An error raised on the thread, as it crosses back. */
export interface ThreadError {
  message: string;
  stack?: string;
}

/** What the thread sends back: the outcomes of the functions numbered from `first` on; or that it stopped. */
export type FromThread = { kind: "validated"; first: number; validated: Array<Validated | { error: ThreadError }> } | { kind: "stopped"; message: string };

/** What `workerData` carries to the thread. */
export interface ThreadData {
  options: ThreadOptions;
  port: MessagePort;
  /** The thread's module, which the bootstrap imports. */
  script: string;
}

/**
 * The thread's first code (CommonJS, run by `eval`): lowers the thread's priority before it loads
 * anything (on Linux, where a thread's nice value is its own; elsewhere the call would lower the
 * whole process's, so it is not made; where it is not permitted, the thread keeps the build's),
 * imports the thread's module, and says so through the port if that fails or an error escapes it
 * later.
 */
const BOOTSTRAP = `
const { workerData } = require("node:worker_threads");
if (process.platform === "linux") try { require("node:os").setPriority(19); } catch {}
const stop = (e) => {
  try { workerData.port.postMessage({ kind: "stopped", message: String((e && e.message) || e) }); } catch {}
};
process.on("uncaughtException", stop);
import(workerData.script).catch(stop);
`;

function revive(v: Validated | { error: ThreadError }): Validated {
  if (!("error" in v) || v.error instanceof Error) return v as Validated;
  const e = new Error(`validating on the logger's thread: ${v.error.message}`);
  if (v.error.stack !== undefined) e.stack = `${e.message}\n(on the thread) ${v.error.stack}`;
  return { error: e };
}

/** Decodes and validates a captured function; an error in either becomes its outcome. */
export function validateEncoded(validator: ReactValidator, c: CapturedFunction<EncodedUnit>): Validated {
  return validateOne(validator, () => decodeCaptured(c));
}

/** How a validation thread is run (the tests change them). */
export interface ThreadLimits {
  /** Functions in flight past which the build's thread validates the next ones itself. */
  backlog: number;
  /** Functions per message. */
  batch: number;
  /** The thread's module (default: react_worker.js beside this one). */
  script?: URL;
}

/** What a validation backend on a thread also tells. */
export interface ThreadBackend extends ValidationBackend<EncodedUnit> {
  /** Functions validated on the thread, and in the build's thread. */
  readonly counts: { thread: number; here: number };
  /** Why the thread stopped, once it has (its functions in flight were then validated here). */
  stopped(): string | undefined;
}

/** Validation on a thread of its own, started with the first function. */
export function threadValidation(validator: ReactValidator, options: ThreadOptions, limits: ThreadLimits = { backlog: MAX_BACKLOG, batch: BATCH }): ThreadBackend {
  let worker: Worker | undefined;
  let port: MessagePort | undefined;
  /** Set when the thread cannot be used (not started, or stopped): everything is validated here. */
  let unavailable = false;
  let stoppedBecause: string | undefined;
  let submitted = 0;
  let handedBack = 0;
  const done = new Map<number, Validated>();
  /** Sent to the thread and not yet answered, by number: validated here if the thread stops. */
  const inFlight = new Map<number, CapturedFunction<EncodedUnit>>();
  /** Submitted for the thread, not yet sent: numbered from `batchFirst` on. */
  let batch: Array<CapturedFunction<EncodedUnit>> = [];
  let batchFirst = 0;
  const counts = { thread: 0, here: 0 };

  const start = (): boolean => {
    if (worker !== undefined) return !unavailable;
    if (unavailable) return false;
    try {
      const channel = new MessageChannel();
      const script = (limits.script ?? new URL("./react_worker.js", import.meta.url)).href;
      const data: ThreadData = { options, port: channel.port2, script };
      worker = new Worker(BOOTSTRAP, { eval: true, workerData: data, transferList: [channel.port2] });
      // what Node says of the thread comes through the event loop, which a build does not run;
      // heard later, an error must not crash the process (the port says it first)
      worker.on("error", () => {});
      worker.unref();
      port = channel.port1;
      port.unref();
      return true;
    } catch (e) {
      unavailable = true;
      stoppedBecause = `the thread could not be started: ${(e as Error).message}`;
      return false;
    }
  };

  const here = (seq: number, c: CapturedFunction<EncodedUnit>) => {
    done.set(seq, validateEncoded(validator, c));
    counts.here++;
  };

  /** The thread stopped: what it had in flight is validated here, in order. */
  const takeOver = (why: string) => {
    unavailable = true;
    stoppedBecause ??= why;
    for (const seq of [...inFlight.keys()].sort((a, b) => a - b)) here(seq, inFlight.get(seq)!);
    inFlight.clear();
  };

  const collect = () => {
    if (port === undefined) return;
    for (let m = receiveMessageOnPort(port); m !== undefined; m = receiveMessageOnPort(port)) {
      const msg = m.message as FromThread;
      if (msg.kind === "validated") {
        for (let k = 0; k < msg.validated.length; k++) {
          const seq = msg.first + k;
          // an answer for a function taken over here meanwhile is dropped
          if (!inFlight.delete(seq)) continue;
          done.set(seq, revive(msg.validated[k]));
          counts.thread++;
        }
      } else takeOver(`the validation thread stopped: ${msg.message}`);
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
    if (unavailable) {
      for (let k = 0; k < batch.length; k++) here(batchFirst + k, batch[k]);
    } else {
      for (let k = 0; k < batch.length; k++) inFlight.set(batchFirst + k, batch[k]);
      // copied, not transferred: the build's thread keeps the function until it is answered
      port!.postMessage({ first: batchFirst, captured: batch } satisfies ToThread);
    }
    batch = [];
  };

  return {
    counts,
    stopped: () => stoppedBecause,
    copy: encodeUnit,
    submit(c) {
      const seq = submitted++;
      if (inFlight.size + batch.length >= limits.backlog) collect();
      if (inFlight.size + batch.length >= limits.backlog || !start()) {
        // validated here, after what waits for the thread, so that reports keep their order
        send();
        here(seq, c);
        return;
      }
      if (batch.length === 0) batchFirst = seq;
      batch.push(c);
      if (batch.length >= limits.batch) send();
    },
    ready,
    finish() {
      send();
      collect();
      // The thread's code is warm and this thread's is not: while the thread answers, it is left to
      // it (a millisecond's sleep between looks); once it has answered nothing for STEAL_AFTER_MS,
      // the last function in flight is validated here, and so on, the thread going on from the first.
      const nap = new Int32Array(new SharedArrayBuffer(4));
      let left = inFlight.size;
      let since = performance.now();
      while (inFlight.size > 0) {
        const now = performance.now();
        if (inFlight.size < left) {
          left = inFlight.size;
          since = now;
        }
        if (unavailable || now - since >= STEAL_AFTER_MS) {
          let last = -1;
          for (const seq of inFlight.keys()) if (seq > last) last = seq;
          const c = inFlight.get(last)!;
          inFlight.delete(last);
          here(last, c);
          left = inFlight.size;
          since = performance.now();
        } else Atomics.wait(nap, 0, 0, 1);
        collect();
      }
      const out = ready();
      if (handedBack !== submitted) throw new Error(`the React Compiler logger lost track of ${submitted - handedBack} function(s)`);
      return out;
    },
  };
}

/** Loggers that handed functions to a thread, collected at the process's exit. */
const atExit = new Set<() => void>();
let exitHook = false;

function collectAtExit(f: () => void): void {
  atExit.add(f);
  if (exitHook) return;
  exitHook = true;
  process.once("exit", () => {
    for (const g of atExit) g();
  });
}

/**
 * The logger of `validatingLogger()` in Node, validating through `threadValidation` (`limits`: for
 * the tests); see api/node/react_compiler.ts.
 */
export function threadLogger(options: LoggerOptions, limits?: ThreadLimits): ValidatingLogger {
  const threadOptions: ThreadOptions = {
    require: options.require,
    undef: options.undef,
    necessaryPaths: options.necessaryPaths,
    names: options.names,
    producerVersion: options.producerVersion,
    stages: options.stages ?? "failing",
    eachPass: options.eachPass,
    acceptUnsoundRefinements: options.acceptUnsoundRefinements,
  };
  let used = false;
  let told = false;
  const warn = options.warn ?? ((line: string) => console.warn(line));
  const logger = loggerWith(options, (validator): ValidationBackend<EncodedUnit> => {
    const backend = threadValidation(validator, threadOptions, limits);
    // nothing is lost when the thread stops (the build's thread validates from then on), but the
    // project is told once, as the build is slower for it
    const tell = <T>(out: T): T => {
      const why = backend.stopped();
      if (why !== undefined && !told) {
        told = true;
        warn(`formal-ssa: ${why}; the React Compiler's functions are validated in the build's thread from here on`);
      }
      return out;
    };
    return {
      copy: backend.copy,
      ready: () => tell(backend.ready()),
      finish: () => tell(backend.finish()),
      submit(c) {
        if (!used) {
          used = true;
          collectAtExit(() => {
            try {
              logger.report();
            } catch (e) {
              process.stderr.write(`formal-ssa: ${(e as Error).message}\n`);
              if (!process.exitCode) process.exitCode = 70;
              return;
            }
            if (options.failOnRejection && logger.hasPendingRejection() && !process.exitCode) process.exitCode = 1;
          });
        }
        backend.submit(c);
      },
    };
  });
  const { hasPendingRejection: _, ...out } = logger;
  return out;
}
