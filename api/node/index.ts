/**
 * `formal-ssa/node`: the library on files and standard streams, as the command line uses it
 * (commands.ts: validate, check, construct and dot over files; files.ts: reading inputs and
 * writing outputs; gcc.ts: running gcc for its dumps). This entry only re-exports, so that no
 * module of api/node imports it back (no import circles).
 */
export { TextWriter } from "../../io/write.js";
export {
  adapterOf,
  checkFile,
  COLLECT_LOWERED_NODES,
  COLLECT_RELEASED_BYTES,
  constructFile,
  constructFileTo,
  dotFile,
  dotFileTo,
  HEAP_BYTES_PER_ITEM,
  recheckFiles,
  validateFiles,
  type ProgressSink,
} from "./commands.js";
export { outputWriter, readAnyInput, readAnyInputs, readBytes, readInput, readInputs, STDIN_NAME, STDIO, writeOutput, type AnyInput } from "./files.js";
export { explorerBase, explorerLink, explorerLinks, LINK_MAX } from "./link.js";
export { GCC_DUMP_FLAGS, validateC, type GccRunOptions } from "./gcc.js";
