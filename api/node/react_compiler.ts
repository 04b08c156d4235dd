/**
 * `formal-ssa/react-compiler` as Node resolves it (package.json's `node` condition): everything of
 * api/react_compiler.ts, with the validating logger that validates on a thread of its own
 * (api/node/react_thread.ts) in place of the one that validates in the build's thread.
 */
export * from "../react_compiler.js";
export { validatingLogger } from "./react_thread.js";
