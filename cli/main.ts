#!/usr/bin/env node
/**
 * The `formal-ssa` command: parses arguments, calls the library (api/) and prints. Each
 * subcommand lives in its own module under cli/commands and registers itself here.
 */
import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
import { LimitExceeded, MalformedInput, MissingDependency, NotWellFormed, ToolFailed } from "../api/errors.js";
import { registerCommands } from "./commands/index.js";

export const EXIT_OK = 0;
/** A property failed: rejected, a broken assumption, or a fuzzing finding. */
export const EXIT_REJECTED = 1;
/** Malformed input, a bad command line, or an external tool missing or failing. */
export const EXIT_MALFORMED = 2;
/** A bug in formal-ssa itself. */
export const EXIT_INTERNAL = 70;

/** The package's version, from its package.json (dist/cli/main.js -> ../../package.json). */
function version(): string {
  try {
    return (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

export async function main(argv: readonly string[]): Promise<number> {
  const program = new Command();
  program
    .name("formal-ssa")
    .description("Construct, check and certify SSA form against the verified Formal_SSA model (CC 2016).")
    .version(version(), "-V, --version", "print the version")
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  let code = EXIT_OK;
  registerCommands(program, (c) => {
    code = c;
  });
  try {
    await program.parseAsync(argv as string[], { from: "user" });
  } catch (e) {
    if (e instanceof MalformedInput || e instanceof MissingDependency || e instanceof LimitExceeded || e instanceof ToolFailed) {
      process.stderr.write(`formal-ssa: ${e.message}\n`);
      return EXIT_MALFORMED;
    }
    if (e instanceof NotWellFormed) {
      process.stderr.write(`formal-ssa: ${e.message}\n`);
      return EXIT_REJECTED;
    }
    if (e instanceof CommanderError) {
      if (e.code === "commander.helpDisplayed" || e.code === "commander.version" || e.code === "commander.help") return EXIT_OK;
      return EXIT_MALFORMED;
    }
    const msg = e instanceof Error ? e.message : String(e);
    process.stderr.write(`formal-ssa: internal error: ${msg}\n`);
    if (process.env.FORMAL_SSA_DEBUG) process.stderr.write(`${(e as Error).stack ?? ""}\n`);
    return EXIT_INTERNAL;
  }
  return code;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`formal-ssa: internal error: ${String(e)}\n`);
    process.exitCode = EXIT_INTERNAL;
  },
);
