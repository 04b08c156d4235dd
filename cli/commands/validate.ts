import { Command, Option } from "commander";
import { QUALITY } from "../../api/index.js";
import { MalformedInput } from "../../api/errors.js";
import { checkFile, explorerLinks, LINK_MAX, outputWriter, recheckFiles, validateFiles, writeOutput } from "../../api/node/index.js";
import { JOBS_HELP, parseJobs } from "../../api/node/parallel.js";
import { formatCheckReport, formatReport, writeReportJson, type Report } from "../../api/report.js";
import { requireList, type UndefMode } from "../../api/validate.js";
import type { DebugInfoMode } from "../../api/debug_info.js";
import { ProgressBar } from "../progress.js";
import type { Io } from "../io.js";
import type { SetExit } from "./exit.js";

/** `--require a,b`: the quality properties, each checked (a bad one is a command-line error). */
export const parseRequire = (list: string | undefined) =>
  requireList(
    (list ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    "--require",
  );

/** A validate report as `--json` (written function by function) or text, and the exit code of its verdict. */
export function printReport(report: Report, opts: { json?: boolean; functions?: boolean; full?: boolean; output?: string }, setExit: SetExit, io: Io, extraLines: readonly string[] = []): void {
  if (opts.json) {
    const { out, close } = outputWriter(opts.output, io.stdout);
    writeReportJson(out, report);
    out.end();
    close();
  } else writeOutput(opts.output, formatReport(report, { functions: opts.functions, full: opts.full }) + extraLines.map((l) => `${l}\n`).join(""), io.stdout);
  setExit(report.verdict === "certified" ? 0 : 1);
}

/** `--accept-unsound-refinements`, the same for every command that validates a producer. */
export const ACCEPT_UNSOUND_HELP =
  "with --undef refine (the default for LLVM): certify a function even where an uninitialised read became a value that does not refine it under the producer's semantics (LLVM: a value that may be poison, which does not refine undef, as mem2reg 14 to 18 does: llvm/llvm-project#96631; the React Compiler: any value but the undefined JavaScript reads); without it such a use is a suspected miscompilation and rejects the function. Accepted uses are still listed, marked accepted";

/** `--debug-info on|off`, the same for every command that validates. */
export const debugInfoOption = (): Option =>
  new Option(
    "--debug-info <mode>",
    "the debugger's view (docs/debug-info.md): on (default) decides the SSA's debug records wherever the input carries them (debug_correct: a wrong location rejects the function; the report ends with the coverage line `debug info: ...`); off leaves them unread",
  ).choices(["on", "off"]);

export function registerValidate(program: Command, setExit: SetExit, io: Io): void {
  program
    .command("validate")
    .description("certify that an SSA CFG is a valid, semantically equivalent translation of its original CFG (or a producer's output against its input: LLVM IR after mem2reg, a SPIR-V module after spirv-opt --ssa-rewrite)")
    .argument("<original>", "exchange-format file with the original CFG (kind \"cfg\"), LLVM IR before mem2reg (.ll), or a SPIR-V module before spirv-opt --ssa-rewrite (binary .spv or spirv-dis text); - for standard input")
    .argument("<ssa>", "exchange-format file with the SSA CFG (kind \"ssa\"), LLVM IR after mem2reg (.ll), or a SPIR-V module after spirv-opt --ssa-rewrite; - for standard input")
    .option("--json", "print the report as JSON (format formal-ssa/report@1)")
    .option("--require <properties>", `quality properties certification also needs, comma-separated: ${QUALITY.join(", ")}`)
    .option("--necessary-paths", "for cytronMinimal, also show two converging paths for every necessary phi")
    .addOption(
      new Option(
        "--undef <mode>",
        "uninitialised reads: strict (the SSA value must stand for the uninitialised definition) or refine (any value is accepted on such paths); default refine for LLVM input, strict otherwise (SPIR-V included)",
      ).choices(["strict", "refine"]),
    )
    .option("--accept-unsound-refinements", ACCEPT_UNSOUND_HELP)
    .addOption(debugInfoOption())
    .option("--functions", "a producer's input (LLVM, SPIR-V): a line for every function, not only for rejected ones")
    .option("--llvm-version <n>", "LLVM IR: the release of the opt that ran mem2reg (14, 15, 16), over the module's !llvm.ident; its promotion rules decide (without either, the after version shows which rule was applied)")
    .option("--full", "a producer's input: every witness and every phi difference in the text report, not only the first three (--json always has them all)")
    .option("--jobs <n>", JOBS_HELP)
    .option("-o, --output <file>", "write the report here instead of standard output")
    .option("--certificate <file>", "also write the certificate of every certified function here (formal-ssa/certificate@1), which `formal-ssa recheck` re-verifies without formal-ssa's checkers (docs/certificates.md); with a producer's input, together with --emit")
    .option("--emit <dir>", "a producer's input: write every function's exchange-format pair, as validate read it, to DIR/original.json and DIR/ssa.json (what a certificate speaks of)")
    .option("--link", `after the text report, a link per rejected function that opens the explorer on it (its pair, verdict and witness, all in the link's hash, which stays in the browser); past ${LINK_MAX} characters the line says to open the files in the page instead`)
    .option("--explorer <url>", "with --link: the explorer page's URL (default: FORMAL_SSA_EXPLORER, else this package's dist-explorer/index.html, built by npm run build:explorer)")
    .action(
      async (
        original: string,
        ssa: string,
        opts: { json?: boolean; require?: string; necessaryPaths?: boolean; undef?: UndefMode; acceptUnsoundRefinements?: boolean; debugInfo?: DebugInfoMode; functions?: boolean; full?: boolean; llvmVersion?: string; jobs?: string; output?: string; certificate?: string; emit?: string; link?: boolean; explorer?: string },
      ) => {
        if (opts.link && opts.json) throw new MalformedInput("--link: links follow the text report; drop --json (the JSON report names the functions and their inputs)");
        if (opts.explorer !== undefined && !opts.link) throw new MalformedInput("--explorer: give --link too");
        const report = await validateFiles(original, ssa, {
          require: parseRequire(opts.require),
          necessaryPaths: opts.necessaryPaths,
          undef: opts.undef,
          acceptUnsoundRefinements: opts.acceptUnsoundRefinements,
          debugInfo: opts.debugInfo,
          producerVersion: opts.llvmVersion,
          jobs: parseJobs(opts.jobs),
          progress: new ProgressBar(io.stderr),
          certificate: opts.certificate !== undefined,
          emit: opts.emit,
        });
        if (opts.certificate !== undefined) writeOutput(opts.certificate, `${JSON.stringify(report.certificate)}\n`, io.stdout);
        printReport(report, opts, setExit, io, opts.link ? explorerLinks(original, ssa, report, opts.explorer) : []);
      },
    );
  program
    .command("recheck")
    .description("re-verify a certificate of validate (--certificate) with the small independent checker: accepted only if every function of the SSA has an entry that passes every rule (docs/certificates.md)")
    .argument("<original>", "the exchange-format original (kind \"cfg\") the certificate was given for")
    .argument("<ssa>", "the exchange-format SSA translation")
    .argument("<certificate>", "the certificate (formal-ssa/certificate@1)")
    .option("--json", "print the result as JSON (format formal-ssa/recheck@1)")
    .action((original: string, ssa: string, certificate: string, opts: { json?: boolean }) => {
      const r = recheckFiles(original, ssa, certificate);
      const places = (n: number | undefined) => (n === undefined ? "" : ` (${n} definition${n === 1 ? "" : "s"} read as uninitialised, as the certificate states)`);
      const lines = r.functions.map((f) => `function ${f.name}: ${f.accepted ? `accepted${places(f.uninitialised)}` : `rejected: ${f.failure}`}`);
      const accepted = r.functions.filter((f) => f.accepted).length;
      // what was certified is part of the verdict: the certificate's mode and required quality
      const claim = [...(r.undef === "refine" ? ["up to uninitialised reads (--undef refine)"] : []), ...(r.require.length > 0 ? [`with ${r.require.join(", ")}`] : [])];
      lines.push(`${r.verdict}: ${accepted} of ${r.functions.length} function${r.functions.length === 1 ? "" : "s"} accepted${claim.length > 0 ? `, ${claim.join(", ")}` : ""}`);
      writeOutput(undefined, opts.json ? `${JSON.stringify(r, null, 2)}\n` : `${lines.join("\n")}\n`, io.stdout);
      setExit(r.verdict === "accepted" ? 0 : 1);
    });
  program
    .command("check")
    .description("what holds of one document on its own: CFG_wf of a CFG, or CFG_SSA_wf and the quality properties of an SSA CFG")
    .argument("<file>", "exchange-format file (kind \"cfg\" or \"ssa\"); - for standard input")
    .option("--json", "print the report as JSON (format formal-ssa/check@1)")
    .option("--require <properties>", `quality properties the verdict also needs: ${QUALITY.join(", ")}`)
    .option("-o, --output <file>", "write the report here instead of standard output")
    .action((file: string, opts: { json?: boolean; require?: string; output?: string }) => {
      const report = checkFile(file, { require: parseRequire(opts.require) });
      writeOutput(opts.output, opts.json ? `${JSON.stringify(report, null, 2)}\n` : formatCheckReport(report), io.stdout);
      setExit(report.verdict === "holds" ? 0 : 1);
    });
}
