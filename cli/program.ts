/**
 * The `formal-ssa` command: parses arguments, calls the library (api/) and prints. Each
 * subcommand lives in its own module under cli/commands and registers itself here. The bin
 * (cli/main.ts) runs `main` on the process's arguments and streams; tests run it in their own
 * process too (test/cli/cli.ts), with sinks for what it prints.
 */
import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
import { LimitExceeded, MalformedInput, MissingDependency, NotWellFormed, ToolFailed } from "../api/errors.js";
import { registerCommands } from "./commands/index.js";
import { processIo, type Io } from "./io.js";

export const EXIT_OK = 0;
/** A property failed: rejected, a broken assumption, or a fuzzing finding. */
export const EXIT_REJECTED = 1;
/** Malformed input, a bad command line, or an external tool missing or failing. */
export const EXIT_MALFORMED = 2;
/**
 * `react`: every function that reached SSA is certified, but the compiler gave up on some function
 * with an error of its own (an invariant or a crash); cli/commands/react.ts `reactExitCode`.
 */
export const EXIT_COMPILER_ERROR = 3;
/** A bug in formal-ssa itself. */
export const EXIT_INTERNAL = 70;

/** The package's version, from its package.json (dist/cli/program.js -> ../../package.json). */
function version(): string {
  try {
    return (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

/** The command on `argv` (the arguments after the program's name), printing on `io`; the exit code. */
export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  const program = new Command();
  program
    .name("formal-ssa")
    .description("Construct, check and certify SSA form against the verified Formal_SSA model (CC 2016).")
    .version(version(), "-V, --version", "print the version")
    .exitOverride()
    .configureOutput({ ...(io.stdout !== undefined ? { writeOut: io.stdout } : {}), writeErr: (s) => io.stderr.write(s) });
  let code = EXIT_OK;
  registerCommands(
    program,
    (c) => {
      code = c;
    },
    io,
  );
  try {
    await program.parseAsync(argv as string[], { from: "user" });
  } catch (e) {
    if (e instanceof MalformedInput || e instanceof MissingDependency || e instanceof LimitExceeded || e instanceof ToolFailed) {
      io.stderr.write(`formal-ssa: ${e.message}\n`);
      return EXIT_MALFORMED;
    }
    if (e instanceof NotWellFormed) {
      io.stderr.write(`formal-ssa: ${e.message}\n`);
      return EXIT_REJECTED;
    }
    if (e instanceof CommanderError) {
      if (e.code === "commander.helpDisplayed" || e.code === "commander.version" || e.code === "commander.help") return EXIT_OK;
      return EXIT_MALFORMED;
    }
    const msg = e instanceof Error ? e.message : String(e);
    io.stderr.write(`formal-ssa: internal error: ${msg}\n`);
    if (process.env.FORMAL_SSA_DEBUG) io.stderr.write(`${(e as Error).stack ?? ""}\n`);
    return EXIT_INTERNAL;
  }
  return code;
}
