/**
 * The validation thread of the React Compiler's logger in Node (api/node/react_thread.ts; its
 * bootstrap imports this module): takes captured functions in the order the build compiled them,
 * validates each, and sends its reports back.
 */
import { workerData } from "node:worker_threads";
import { ReactValidator } from "../react_validator.js";
import { validateEncoded, type FromThread, type ThreadData, type ToThread } from "./react_thread.js";

const { options, port } = workerData as ThreadData;
const validator = new ReactValidator(options);
const send = (m: FromThread) => port.postMessage(m);

port.on("message", (m: ToThread) => {
  const out: Extract<FromThread, { kind: "validated" }> = { kind: "validated", first: m.first, validated: [] };
  for (const c of m.captured) {
    const v = validateEncoded(validator, c);
    out.validated.push("error" in v ? { error: { message: v.error.message, stack: v.error.stack } } : v);
  }
  send(out);
});
