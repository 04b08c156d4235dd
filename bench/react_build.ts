/**
 * One build as a project runs it: Babel with babel-plugin-react-compiler over every file given,
 * one process, with the compiler alone (`--mode plain`, a logger that drops events) or with
 * formal-ssa's validating logger as Node imports it from `formal-ssa/react-compiler`
 * (`--mode validate`: validation on the logger's own thread; `--mode inline`: `thread: false`,
 * in the build's thread). bench/react.ts runs it as a whole process and times it; it prints one
 * JSON line: the milliseconds of the compile loop (`report()` included: it waits for the thread),
 * the time spent in the logger's `debugLogIRs` and `logEvent`, the build's thread's time running
 * and waiting for a CPU over the loop (Linux's /proc/self/task/PID/schedstat; null elsewhere),
 * and (validating) the report's summary.
 *
 *   node dist/bench/react_build.js --mode plain|validate|inline FILE...
 */
import { readFileSync } from "node:fs";
import { transformSync } from "@babel/core";
import plugin from "babel-plugin-react-compiler";
import { validatingLogger, type CompilerLogger, type ValidatingLogger } from "../api/node/react_compiler.js";

const args = process.argv.slice(2);
const mode = args[args.indexOf("--mode") + 1];
const files = args.filter((a, i) => a !== "--mode" && args[i - 1] !== "--mode");
if (mode !== "plain" && mode !== "validate" && mode !== "inline") {
  process.stderr.write("usage: node dist/bench/react_build.js --mode plain|validate|inline FILE...\n");
  process.exit(2);
}
const validating: ValidatingLogger | undefined = mode === "plain" ? undefined : validatingLogger({ warn: () => {}, thread: mode === "validate" });
let inLogger = 0;
const logger: CompilerLogger =
  validating === undefined
    ? { logEvent: () => {} }
    : {
        logEvent: (f, e) => {
          const t = performance.now();
          validating.logEvent(f, e);
          inLogger += performance.now() - t;
        },
        debugLogIRs: (v) => {
          const t = performance.now();
          validating.debugLogIRs(v);
          inLogger += performance.now() - t;
        },
      };
/** The build's thread: nanoseconds run, and waited for a CPU while runnable (Linux). */
function schedstat(): [number, number] | null {
  try {
    const [run, wait] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").trim().split(" ").map(Number);
    return [run, wait];
  } catch {
    return null;
  }
}
const s0 = schedstat();
const t0 = performance.now();
for (const f of files)
  transformSync(readFileSync(f, "utf8"), {
    filename: f,
    babelrc: false,
    configFile: false,
    sourceType: "unambiguous",
    plugins: [[plugin, { compilationMode: "all", panicThreshold: "none", logger }]],
  });
const summary = validating?.report().summary;
const ms = performance.now() - t0;
const s1 = schedstat();
const thread = s0 !== null && s1 !== null ? { run: (s1[0] - s0[0]) / 1e6, wait: (s1[1] - s0[1]) / 1e6 } : null;
process.stdout.write(JSON.stringify({ ms, inLogger, thread, summary }) + "\n");
