import { Command, Option } from "commander";
import { QUALITY } from "../../api/index.js";
import { validateC } from "../../api/node/gcc.js";
import type { UndefMode } from "../../api/validate.js";
import { ProgressBar } from "../progress.js";
import type { Io } from "../io.js";
import type { SetExit } from "./exit.js";
import { ACCEPT_UNSOUND_HELP, debugInfoOption, parseRequire, printReport } from "./validate.js";
import type { DebugInfoMode } from "../../api/debug_info.js";

export function registerGcc(program: Command, setExit: SetExit, io: Io): void {
  program
    .command("gcc")
    .description(
      "compile a C file with GCC (gcc -O0 -c -fdump-tree-fixup_cfg1-blocks-uid -fdump-tree-ssa-blocks-uid CFLAGS..., in a temporary directory) and certify its SSA construction on every function, as validate does on the two dumps",
    )
    .argument("<file>", "the C file")
    .argument("[cflags...]", "GCC flags after --, after -O0 (an -O2 among them wins): formal-ssa gcc file.c -- -O2 -Iinclude")
    .option("--json", "print the report as JSON (format formal-ssa/report@1)")
    .option("--require <properties>", `quality properties certification also needs, comma-separated: ${QUALITY.join(", ")}`)
    .option("--necessary-paths", "for cytronMinimal, also show two converging paths for every necessary phi")
    .addOption(new Option("--undef <mode>", "uninitialised reads: strict (default) or refine").choices(["strict", "refine"]))
    .option("--accept-unsound-refinements", ACCEPT_UNSOUND_HELP)
    .addOption(debugInfoOption())
    .option("--functions", "a line for every function, not only for rejected ones")
    .option("--full", "every witness and every phi difference in the text report, not only the first three (--json always has them all)")
    .option("-o, --output <file>", "write the report here instead of standard output")
    .action(
      async (
        file: string,
        cflags: string[],
        opts: { json?: boolean; require?: string; necessaryPaths?: boolean; undef?: UndefMode; acceptUnsoundRefinements?: boolean; debugInfo?: DebugInfoMode; functions?: boolean; full?: boolean; output?: string },
      ) => {
        const report = await validateC(file, cflags, { require: parseRequire(opts.require), necessaryPaths: opts.necessaryPaths, undef: opts.undef, acceptUnsoundRefinements: opts.acceptUnsoundRefinements, debugInfo: opts.debugInfo, progress: new ProgressBar(io.stderr) });
        printReport(report, opts, setExit, io);
      },
    );
}
