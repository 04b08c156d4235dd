import { Command, Option } from "commander";
import { QUALITY } from "../../api/index.js";
import { validateReactFiles } from "../../api/node/react.js";
import { writeOutput } from "../../api/node/index.js";
import { formatReactReport } from "../../api/react_compiler.js";
import type { UndefMode } from "../../api/validate.js";
import { ProgressBar } from "../progress.js";
import type { Io } from "../io.js";
import type { SetExit } from "./exit.js";
import { ACCEPT_UNSOUND_HELP, parseRequire } from "./validate.js";

export function registerReact(program: Command, setExit: SetExit, io: Io): void {
  program
    .command("react")
    .description(
      "compile JavaScript or TypeScript with babel-plugin-react-compiler (compilationMode all) and certify, for every function that reaches SSA, the HIR after enterSSA and after EliminateRedundantPhi against the HIR before SSA (--each-pass: and the HIR after every later pass in SSA on its own)",
    )
    .argument("<files...>", "source files (.js, .jsx, .mjs, .ts, .tsx); - for standard input")
    .option("--json", "print the report as JSON (format formal-ssa/react-report@1)")
    .option("--emit <dir>", "write each file's functions in the exchange format: NAME.cfg.json, NAME.ssa.json (enterSSA), NAME.eliminated.json")
    .option("--certificate", "with --emit: also the certificates of both stages' certified functions, NAME.ssa.cert.json and NAME.eliminated.cert.json, which `formal-ssa recheck NAME.cfg.json NAME.ssa.json NAME.ssa.cert.json` re-verifies")
    .option("--require <properties>", `quality properties certification also needs, comma-separated: ${QUALITY.join(", ")}`)
    .addOption(new Option("--undef <mode>", "uninitialised reads: strict (default) or refine").choices(["strict", "refine"]))
    .option("--accept-unsound-refinements", ACCEPT_UNSOUND_HELP)
    .option("--each-pass", "also check the HIR after every later pass that keeps it in SSA (ConstantPropagation through PropagateScopeDependenciesHIR) for well-formed SSA on its own, each pass a stage")
    .option("--functions", "a line for every function, not only for those not certified")
    .option("--skipped", "list the functions the compiler skipped, with its reasons")
    .option("-o, --output <file>", "write the report here instead of standard output")
    .action(
      async (
        files: string[],
        opts: { json?: boolean; emit?: string; certificate?: boolean; require?: string; undef?: UndefMode; acceptUnsoundRefinements?: boolean; eachPass?: boolean; functions?: boolean; skipped?: boolean; output?: string },
      ) => {
        const report = await validateReactFiles(files, {
          require: parseRequire(opts.require),
          undef: opts.undef,
          acceptUnsoundRefinements: opts.acceptUnsoundRefinements,
          eachPass: opts.eachPass,
          emit: opts.emit,
          certificate: opts.certificate,
          progress: new ProgressBar(io.stderr),
        });
        writeOutput(opts.output, opts.json ? `${JSON.stringify(report, null, 2)}\n` : formatReactReport(report, { functions: opts.functions, skipped: opts.skipped }), io.stdout);
        setExit(report.verdict === "certified" ? 0 : 1);
      },
    );
}
