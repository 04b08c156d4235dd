#!/usr/bin/env node
/**
 * The `formal-ssa` bin: the program of cli/program.ts on this process's arguments and streams,
 * its result the exit code.
 */
import { EXIT_INTERNAL, main } from "./program.js";

// standard output's reader gone (`formal-ssa ... | head`): the rest is not wanted, as for any Unix tool
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code !== "EPIPE") throw e;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`formal-ssa: internal error: ${String(e)}\n`);
    process.exitCode = EXIT_INTERNAL;
  },
);
