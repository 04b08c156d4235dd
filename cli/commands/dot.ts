import type { Command } from "commander";
import { toDot } from "../../io/dot.js";
import { readDocumentFile } from "../../io/read.js";
import type { SetExit } from "./index.js";

/** `formal-ssa dot FILE`: Graphviz DOT of every function in FILE. Malformed input propagates to main (exit 2). */
export function registerDot(program: Command, setExit: SetExit): void {
  program
    .command("dot")
    .description("print every function of FILE (CFG or SSA CFG) as Graphviz DOT")
    .argument("<file>", "a formal-ssa/1 document or module")
    .action((file: string) => {
      process.stdout.write(toDot(readDocumentFile(file)));
      setExit(0);
    });
}
