import type { Command } from "commander";
import { dotFileTo, outputWriter } from "../../api/node/index.js";
import type { Io } from "../io.js";
import type { SetExit } from "./exit.js";

/** `formal-ssa dot FILE`: Graphviz DOT of every function in FILE. Malformed input propagates to main (exit 2). */
export function registerDot(program: Command, setExit: SetExit, io: Io): void {
  program
    .command("dot")
    .description("print every function of FILE (CFG or SSA CFG) as Graphviz DOT")
    .argument("<file>", "a formal-ssa/1 document or module; - for standard input")
    .option("-o, --output <file>", "write the DOT text here instead of standard output")
    .action((file: string, opts: { output?: string }) => {
      const { out, close } = outputWriter(opts.output, io.stdout);
      dotFileTo(file, out);
      out.end();
      close();
      setExit(0);
    });
}
