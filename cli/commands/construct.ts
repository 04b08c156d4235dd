import { Command, Option } from "commander";
import { ALGORITHMS, MINIMIZATIONS, type Algorithm, type Minimize } from "../../api/construct.js";
import { constructFileTo, outputWriter } from "../../api/node/index.js";
import { JOBS_HELP, parseJobs } from "../../api/node/parallel.js";
import { ProgressBar } from "../progress.js";
import type { Io } from "../io.js";
import type { SetExit } from "./exit.js";

export function registerConstruct(program: Command, setExit: SetExit, io: Io): void {
  program
    .command("construct")
    .description("build SSA for every function of an original CFG file")
    .argument("<cfg>", "exchange-format file with kind \"cfg\" functions, LLVM IR (.ll): the allocas mem2reg would promote, or a SPIR-V module (binary or spirv-dis text): the variables spirv-opt --ssa-rewrite would promote, per function; - for standard input")
    .option("-o, --output <file>", "write the SSA document here instead of standard output")
    .addOption(new Option("--algorithm <name>", "construction algorithm").choices([...ALGORITHMS]).default("functional"))
    .addOption(new Option("--minimize <how>", "none; trivial: remove trivial phis; peel: also remove redundant phi SCCs (minimal on every CFG)").choices([...MINIMIZATIONS]).default("trivial"))
    .option("--unchecked", "construct even when the CFG breaks an assumption of CFG_wf (the output is then no valid translation); without it such a CFG is reported and the exit code is 1")
    .option("--llvm-version <n>", "LLVM IR: the release whose mem2reg rules decide which allocas are variables (14, 15, 16), over the module's !llvm.ident; without either, the rules of 15 and later")
    .option("--jobs <n>", JOBS_HELP)
    .action(async (file: string, opts: { output?: string; algorithm: Algorithm; minimize: Minimize; unchecked?: boolean; llvmVersion?: string; jobs?: string }) => {
      const jobs = parseJobs(opts.jobs);
      const { out, close } = outputWriter(opts.output, io.stdout);
      await constructFileTo(file, out, { algorithm: opts.algorithm, minimize: opts.minimize, unchecked: opts.unchecked, producerVersion: opts.llvmVersion, jobs, progress: new ProgressBar(io.stderr) });
      out.end();
      close();
      setExit(0);
    });
}
