/**
 * `formal-ssa/react-compiler` as Node resolves it (package.json's `node` condition): everything of
 * api/react_compiler.ts, with the validating logger that validates on a thread of its own
 * (api/node/react_thread.ts) in place of the one that validates in the build's thread.
 */
import type { EncodedUnit } from "../../adapters/react-compiler/index.js";
import { loggerWith, validatingLogger as inlineLogger, type LoggerOptions, type ValidatingLogger, type ValidationBackend } from "../react_logger.js";
import { threadValidation, type ThreadOptions } from "./react_thread.js";

export * from "../react_compiler.js";

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
 * A logger for babel-plugin-react-compiler that validates every function's SSA as the compiler
 * builds it, on a thread of its own at low priority (`thread: false`: in the build's thread).
 * Findings (rejected functions, and functions that could not be validated) are passed to
 * `logger.logEvent` as `CompileDiagnostic` events of category `formal-ssa`, or warned when there
 * is no logger, as the thread hands them back: at the compiler's next events, at `report()`, or
 * at the latest at the process's exit. With `failOnRejection`, a rejection throws `SsaRejected`
 * out of the compiler's next event once it is known, and Babel reports a failed build; one known
 * only after the compiler's last event sets the process's exit code to 1.
 */
export function validatingLogger(options: LoggerOptions = {}): ValidatingLogger {
  if (options.thread === false || options.onDocuments !== undefined) return inlineLogger(options);
  const threadOptions: ThreadOptions = {
    require: options.require,
    undef: options.undef,
    necessaryPaths: options.necessaryPaths,
    names: options.names,
    producerVersion: options.producerVersion,
    stages: options.stages ?? "failing",
  };
  let used = false;
  let told = false;
  const warn = options.warn ?? ((line: string) => console.warn(line));
  const logger = loggerWith(options, (validator): ValidationBackend<EncodedUnit> => {
    const backend = threadValidation(validator, threadOptions);
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
