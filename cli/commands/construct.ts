import { writeFileSync } from "node:fs";
import { Command, Option } from "commander";
import { readDocumentFile } from "../../io/read.js";
import { formatDocument, formatEntries } from "../../io/write.js";
import { ALGORITHMS, Algorithm, constructAll, MINIMIZATIONS, Minimize } from "../construct_pipeline.js";
import { constructLlvmFile } from "../llvm_parallel.js";
import { isLlvmFile } from "../llvm_pipeline.js";
import type { SetExit } from "./index.js";

export function registerConstruct(program: Command, setExit: SetExit): void {
  program
    .command("construct")
    .description("build SSA for every function of an original CFG file")
    .argument("<cfg>", "exchange-format file with kind \"cfg\" functions, or LLVM IR (.ll): the allocas mem2reg would promote, per function")
    .option("-o, --output <file>", "write the SSA document here instead of stdout")
    .addOption(new Option("--algorithm <name>", "construction algorithm").choices([...ALGORITHMS]).default("functional"))
    .addOption(new Option("--minimize <how>", "none; trivial: remove trivial phis; peel: also remove redundant phi SCCs (minimal on every CFG)").choices([...MINIMIZATIONS]).default("trivial"))
    .action(async (file: string, opts: { output?: string; algorithm: Algorithm; minimize: Minimize }) => {
      let text: string;
      if (isLlvmFile(file)) {
        const built = await constructLlvmFile(file, { algorithm: opts.algorithm, minimize: opts.minimize });
        text = formatEntries(built.entries, built.first);
      } else text = formatDocument(constructAll(readDocumentFile(file), file, { algorithm: opts.algorithm, minimize: opts.minimize }).map((f) => f.doc));
      if (opts.output) writeFileSync(opts.output, text);
      else process.stdout.write(text);
      setExit(0);
    });
}
