import { Command, Option } from "commander";
import { QUALITY } from "../../api/index.js";
import { validateReactFiles } from "../../api/node/react.js";
import { writeOutput } from "../../api/node/index.js";
import { formatReactReport, type ReactReport } from "../../api/react_compiler.js";
import type { UndefMode } from "../../api/validate.js";
import { ProgressBar } from "../progress.js";
import type { Io } from "../io.js";
import type { SetExit } from "./exit.js";
import { ACCEPT_UNSOUND_HELP, parseRequire } from "./validate.js";

/**
 * The exit code of a report's verdict: 0 certified; 1 rejected or incomplete (as validate: a
 * property fails, or a function could not be validated); 3 compiler-error, every function that
 * reached SSA certified but the compiler gave up on some function with an error of its own (an
 * invariant or a crash), so the build's output lacks its compiled form. Neither a rejection (no
 * property of the SSA fails) nor malformed input (2: the input was read).
 */
export function reactExitCode(verdict: ReactReport["verdict"]): number {
  return verdict === "certified" ? 0 : verdict === "compiler-error" ? 3 : 1;
}

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
    .option("--skipped", "list every function the compiler skipped before SSA, with the pass and its reason (those it failed on with an error of its own, and those it gave up on after SSA, are listed always)")
    .option("--react-compiler <dir>", "the package directory of a copy of babel-plugin-react-compiler to run instead of the installed one (as node_modules/babel-plugin-react-compiler of `npm install --prefix P babel-plugin-react-compiler@VERSION`)")
    .option("-o, --output <file>", "write the report here instead of standard output")
    .action(
      async (
        files: string[],
        opts: { json?: boolean; emit?: string; certificate?: boolean; require?: string; undef?: UndefMode; acceptUnsoundRefinements?: boolean; eachPass?: boolean; functions?: boolean; skipped?: boolean; reactCompiler?: string; output?: string },
      ) => {
        const report = await validateReactFiles(files, {
          require: parseRequire(opts.require),
          undef: opts.undef,
          acceptUnsoundRefinements: opts.acceptUnsoundRefinements,
          eachPass: opts.eachPass,
          emit: opts.emit,
          certificate: opts.certificate,
          reactCompiler: opts.reactCompiler,
          progress: new ProgressBar(io.stderr),
        });
        writeOutput(opts.output, opts.json ? `${JSON.stringify(report, null, 2)}\n` : formatReactReport(report, { functions: opts.functions, skipped: opts.skipped }), io.stdout);
        setExit(reactExitCode(report.verdict));
      },
    );
}
