import { Command, Option } from "commander";
import { QUALITY } from "../../checks/index.js";
import { readDocumentFile } from "../../io/read.js";
import { MalformedInput } from "../../spec/errors.js";
import { validateLlvmFiles } from "../llvm_parallel.js";
import { isLlvmFile, llvmReportJson, llvmReportText, type UndefMode } from "../llvm_pipeline.js";
import { checkDocs, reportJson, reportText, validateDocs } from "../validate_pipeline.js";
import type { SetExit } from "./index.js";

function parseRequire(list: string | undefined): string[] {
  if (!list) return [];
  const names = list.split(",").map((s) => s.trim()).filter(Boolean);
  for (const n of names)
    if (!(QUALITY as readonly string[]).includes(n)) throw new MalformedInput(`--require: unknown quality property ${JSON.stringify(n)} (choose from ${QUALITY.join(", ")})`);
  return names;
}

export function registerValidate(program: Command, setExit: SetExit): void {
  program
    .command("validate")
    .description("certify that an SSA CFG is a valid, semantically equivalent translation of its original CFG (or LLVM IR after mem2reg of LLVM IR before it)")
    .argument("<original>", "exchange-format file with the original CFG (kind \"cfg\"), or LLVM IR before mem2reg (.ll)")
    .argument("<ssa>", "exchange-format file with the SSA CFG (kind \"ssa\"), or LLVM IR after mem2reg (.ll)")
    .option("--json", "print the report as JSON (format formal-ssa/report@1)")
    .option("--require <properties>", `quality properties certification also needs, comma-separated: ${QUALITY.join(", ")}`)
    .option("--necessary-paths", "for cytronMinimal, also show two converging paths for every necessary phi")
    .addOption(
      new Option(
        "--undef <mode>",
        "uninitialised reads: strict (the SSA value must stand for the uninitialised definition) or refine (any value is accepted on such paths); default refine for LLVM input, strict otherwise",
      ).choices(["strict", "refine"]),
    )
    .option("--functions", "LLVM input: a line for every function, not only for rejected ones")
    .action(
      async (origFile: string, ssaFile: string, opts: { json?: boolean; require?: string; necessaryPaths?: boolean; undef?: UndefMode; functions?: boolean }) => {
        const require = parseRequire(opts.require);
        const llvm = [isLlvmFile(origFile), isLlvmFile(ssaFile)];
        if (llvm[0] !== llvm[1])
          throw new MalformedInput(`${llvm[0] ? ssaFile : origFile}: not LLVM IR, but ${llvm[0] ? origFile : ssaFile} is: give two .ll files (before and after mem2reg) or two exchange-format files`);
        if (llvm[0]) {
          const results = await validateLlvmFiles(
            origFile,
            ssaFile,
            { undef: opts.undef ?? "refine", require, necessaryPaths: opts.necessaryPaths },
            { json: opts.json, functions: opts.functions, require },
          );
          process.stdout.write(opts.json ? JSON.stringify(llvmReportJson(results), null, 2) + "\n" : llvmReportText(results));
          setExit(results.every((r) => r.certified) ? 0 : 1);
          return;
        }
        const results = validateDocs(readDocumentFile(origFile), readDocumentFile(ssaFile), origFile, ssaFile, require, {
          necessaryPaths: opts.necessaryPaths,
          undef: opts.undef ?? "strict",
        });
        process.stdout.write(opts.json ? JSON.stringify(reportJson(results), null, 2) + "\n" : reportText(results, require));
        setExit(results.every((r) => r.certified) ? 0 : 1);
      },
    );
  program
    .command("check")
    .description("check what needs no original: CFG_wf of a CFG, or CFG_SSA_wf and the quality properties of an SSA CFG")
    .argument("<file>", "exchange-format file (kind \"cfg\" or \"ssa\")")
    .option("--json", "print the report as JSON")
    .option("--require <properties>", `quality properties the verdict also needs: ${QUALITY.join(", ")}`)
    .action((file: string, opts: { json?: boolean; require?: string }) => {
      const require = parseRequire(opts.require);
      const results = checkDocs(readDocumentFile(file), file, require);
      process.stdout.write(opts.json ? JSON.stringify(reportJson(results), null, 2) + "\n" : reportText(results, require));
      setExit(results.every((r) => r.certified) ? 0 : 1);
    });
}
