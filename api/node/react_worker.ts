/**
 * The validation thread of the React Compiler's logger in Node (api/node/react_thread.ts): takes
 * captured functions in the order the build compiled them, validates each, and sends its
 * reports back; answers `finish` once everything before it is sent, through the shared flag
 * that the build's thread waits on.
 */
import { workerData } from "node:worker_threads";
import { ReactValidator } from "../react_validator.js";
import { lowerThreadPriority, validateEncoded, type FromThread, type ThreadData, type ToThread } from "./react_thread.js";

const { options, port, finished } = workerData as ThreadData;
lowerThreadPriority();
const validator = new ReactValidator(options);
const flag = new Int32Array(finished);
const send = (m: FromThread) => port.postMessage(m);

port.on("message", (m: ToThread) => {
  if (m.kind === "functions") {
    const out: Extract<FromThread, { kind: "validated" }> = { kind: "validated", first: m.first, validated: [] };
    for (const c of m.captured) {
      const v = validateEncoded(validator, c);
      out.validated.push("error" in v ? { error: { message: v.error.message, stack: v.error.stack } } : v);
    }
    send(out);
  } else {
    send({ kind: "finished", id: m.id });
    Atomics.store(flag, 0, m.id);
    Atomics.notify(flag, 0);
  }
});
