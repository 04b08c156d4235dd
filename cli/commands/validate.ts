import { Command } from "commander";
import { QUALITY } from "../../checks/index.js";
import { readDocumentFile } from "../../io/read.js";
import { MalformedInput } from "../../spec/errors.js";
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
    .description("certify that an SSA CFG is a valid, semantically equivalent translation of its original CFG")
    .argument("<original>", "exchange-format file with the original CFG (kind \"cfg\")")
    .argument("<ssa>", "exchange-format file with the SSA CFG (kind \"ssa\")")
    .option("--json", "print the report as JSON (format formal-ssa/report@1)")
    .option("--require <properties>", `quality properties certification also needs, comma-separated: ${QUALITY.join(", ")}`)
    .option("--necessary-paths", "for cytronMinimal, also show two converging paths for every necessary phi")
    .action((origFile: string, ssaFile: string, opts: { json?: boolean; require?: string; necessaryPaths?: boolean }) => {
      const require = parseRequire(opts.require);
      const results = validateDocs(readDocumentFile(origFile), readDocumentFile(ssaFile), origFile, ssaFile, require, {
        necessaryPaths: opts.necessaryPaths,
      });
      process.stdout.write(opts.json ? JSON.stringify(reportJson(results), null, 2) + "\n" : reportText(results, require));
      setExit(results.every((r) => r.certified) ? 0 : 1);
    });
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
