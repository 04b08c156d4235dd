import { Command, Option } from "commander";
import { QUALITY } from "../../api/index.js";
import { validateJs } from "../../api/node/hermes.js";
import type { UndefMode } from "../../api/validate.js";
import { ProgressBar } from "../progress.js";
import type { Io } from "../io.js";
import type { SetExit } from "./exit.js";
import { ACCEPT_UNSOUND_HELP, parseRequire, printReport } from "./validate.js";

export function registerHermes(program: Command, setExit: SetExit, io: Io): void {
  program
    .command("hermes")
    .description(
      "compile JavaScript files with hermesc (the installed hermes-compiler, or --hermesc PATH) with its IR dumps on, and certify its SSA construction on every function, as validate does on the dumps (Hermes V1: SimpleMem2Reg, or --pass mem2reg; the legacy 0.12 compiler: Mem2Reg)",
    )
    .argument("<files...>", "the JavaScript files (each compiled on its own)")
    .option("--hermesc <path>", "the hermesc to run (default: the installed hermes-compiler package's)")
    .addOption(new Option("--pass <pass>", "the SSA builder: simplemem2reg (Hermes V1's default) or mem2reg (the legacy builder; the only one of the 0.12 compiler)").choices(["simplemem2reg", "mem2reg"]))
    .addOption(new Option("--pipeline <pipeline>", "O: the real -O pipeline, every run of the builder validated on its own input (default: the stack promotion and the builder alone)").choices(["O"]))
    .option("--keep-dumps <dir>", "keep hermesc's dumps in DIR (FILE.js.ir), which the report's line numbers then refer to")
    .option("--json", "print the report as JSON (format formal-ssa/report@1)")
    .option("--require <properties>", `quality properties certification also needs, comma-separated: ${QUALITY.join(", ")}`)
    .option("--necessary-paths", "for cytronMinimal, also show two converging paths for every necessary phi")
    .addOption(new Option("--undef <mode>", "uninitialised reads: strict (default) or refine").choices(["strict", "refine"]))
    .option("--accept-unsound-refinements", ACCEPT_UNSOUND_HELP)
    .option("--functions", "a line for every function, not only for rejected ones")
    .option("--full", "every witness and every phi difference in the text report, not only the first three (--json always has them all)")
    .option("-o, --output <file>", "write the report here instead of standard output")
    .action(
      async (
        files: string[],
        opts: {
          hermesc?: string;
          pass?: "simplemem2reg" | "mem2reg";
          pipeline?: "O";
          keepDumps?: string;
          json?: boolean;
          require?: string;
          necessaryPaths?: boolean;
          undef?: UndefMode;
          acceptUnsoundRefinements?: boolean;
          functions?: boolean;
          full?: boolean;
          output?: string;
        },
      ) => {
        const report = await validateJs(files, {
          hermesc: opts.hermesc,
          pass: opts.pass,
          pipeline: opts.pipeline ?? "custom",
          keepDumps: opts.keepDumps,
          require: parseRequire(opts.require),
          necessaryPaths: opts.necessaryPaths,
          undef: opts.undef,
          acceptUnsoundRefinements: opts.acceptUnsoundRefinements,
          progress: new ProgressBar(io.stderr),
        });
        printReport(report, opts, setExit, io);
      },
    );
}
