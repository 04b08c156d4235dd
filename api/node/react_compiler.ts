/**
 * `formal-ssa/react-compiler` as Node resolves it (package.json's `node` condition): everything of
 * api/react_compiler.ts, with the validating logger that validates on a thread of its own
 * (api/node/react_thread.ts) in place of the one that validates in the build's thread.
 */
import { validatingLogger as inlineLogger, type LoggerOptions, type ValidatingLogger } from "../react_logger.js";
import { threadLogger } from "./react_thread.js";

export * from "../react_compiler.js";

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
  return options.thread === false || options.onDocuments !== undefined ? inlineLogger(options) : threadLogger(options);
}
