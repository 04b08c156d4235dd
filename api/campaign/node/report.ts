/**
 * `formal-ssa fuzz --report FINDING`: a finding folder as a bug report ready to paste upstream
 * (api/campaign/report.ts). For a producer's finding the case runs again through every variant
 * whose tools are here (LLVM 14, 15 and 16; GCC at -O0 and -O2; SPIR-V alone and inlined) and,
 * for the React Compiler, through the copy `--react-compiler DIR` gives besides the installed
 * one: each version line goes under "has it" when the same signature comes out, else under
 * "does not". A constructor's finding reports its command and its CFG.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FuzzTarget } from "../../../adapters/fuzz_target.js";
import { MalformedInput } from "../../../spec/errors.js";
import { fuzzTargetNamed, shellQuote } from "../options.js";
import { batchFindings } from "../producers.js";
import { bugReport } from "../report.js";
import { CONSTRUCTOR_FINDING_FORMAT, type ConstructorFindingRecord } from "./constructors.js";
import { prepareTarget, readFindingRecord, stepText, type FindingRecord } from "./producers.js";

/** What the producers are called in a report. */
const PRODUCER: Record<string, string> = {
  "llvm-mem2reg": "LLVM's mem2reg (opt -passes=mem2reg)",
  gcc: "GCC's into-SSA",
  spirv: "SPIRV-Tools' spirv-opt --ssa-rewrite",
  "react-compiler": "babel-plugin-react-compiler",
};

const readIf = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : undefined);

/** The producer's own command lines for a case's files, run in the folder holding them. */
export function producerCommands(target: FuzzTarget, variant: string, files: readonly string[]): string[] {
  if (target.runner.kind === "in-process") return target.reproduce?.(variant, files) ?? [];
  const r = target.runner;
  return [...r.steps(variant, files), ...(r.views?.(variant) ?? []), ...(r.validator !== undefined ? [r.validator(variant, "<after>")] : [])].map((s) => stepText(s, "."));
}

/** The report of the finding in `folder` (Markdown). */
export async function reportFinding(folder: string, o: { timeoutMs: number; reactCompilerDir?: string; hermesc?: string }): Promise<string> {
  const recordFile = join(folder, "finding.json");
  const text = readIf(recordFile);
  if (text === undefined) throw new MalformedInput(`${recordFile}: no finding here (a folder that formal-ssa fuzz wrote holds finding.json)`);
  let format: unknown;
  try {
    format = (JSON.parse(text) as { format?: unknown }).format;
  } catch (e) {
    throw new MalformedInput(`${recordFile}: not JSON (${e instanceof Error ? e.message.split("\n")[0] : String(e)})`);
  }
  if (format === CONSTRUCTOR_FINDING_FORMAT) return constructorReport(folder, JSON.parse(text) as ConstructorFindingRecord);
  return producerReport(folder, readFindingRecord(folder), o);
}

function constructorReport(folder: string, r: ConstructorFindingRecord): string {
  const original = readIf(join(folder, "original.json")) ?? "";
  const command = r.command ?? "formal-ssa construct";
  return bugReport({
    producer: r.command !== undefined ? `the SSA constructor \`${r.command}\`` : "formal-ssa's own constructions",
    signature: r.signature,
    kind: r.kind,
    description: r.description,
    files: { "original.json": original },
    commands: r.command !== undefined ? [`${command} < original.json > ssa.json`, "npx formal-ssa validate original.json ssa.json"] : [],
    have: [],
    haveNot: [],
    witness: readIf(join(folder, "report.txt")),
    check: [`formal-ssa validate ${shellQuote(join(folder, "original.json"))} ${shellQuote(join(folder, "ssa.json"))}`],
  });
}

async function producerReport(folder: string, r: FindingRecord, o: { timeoutMs: number; reactCompilerDir?: string; hermesc?: string }): Promise<string> {
  const target = fuzzTargetNamed(r.target);
  if (target === undefined) throw new MalformedInput(`${folder}/finding.json: unknown target ${JSON.stringify(r.target)}`);
  const printed = target.print([r.case], r.variant);
  const have: string[] = [];
  const haveNot: string[] = [];
  const otherwise: string[] = [];
  // every variant whose tools are here; the React Compiler: the installed copy, and the given one
  const checks: { variant: string; reactCompilerDir?: string }[] = target.variants.map((variant) => ({ variant }));
  if (o.reactCompilerDir !== undefined) checks.push({ variant: r.variant, reactCompilerDir: o.reactCompilerDir });
  for (const c of checks) {
    let prepared;
    try {
      prepared = await prepareTarget(target, [c.variant], { timeoutMs: o.timeoutMs, ...(c.reactCompilerDir !== undefined ? { reactCompilerDir: c.reactCompilerDir } : {}), ...(o.hermesc !== undefined ? { hermesc: o.hermesc } : {}) });
    } catch (e) {
      if (e instanceof MalformedInput) continue; // its tools are not here
      throw e;
    }
    try {
      const { findings } = await batchFindings(target, c.variant, [r.case], prepared.runner);
      // which copy, where two of one release can be compared (the installed one and a given one)
      const copy = o.reactCompilerDir === undefined ? "" : c.reactCompilerDir !== undefined ? ` (${c.reactCompilerDir})` : " (installed)";
      const line = target.variants.length > 1 ? `${prepared.version(c.variant)} (${c.variant})` : `${prepared.version(c.variant)}${copy}`;
      const f = findings[0];
      if (f === undefined) haveNot.push(line);
      else if (f.signature === r.signature) have.push(line);
      else otherwise.push(`${line} (${f.signature})`);
    } finally {
      await prepared.close?.();
    }
  }
  const witness = readIf(join(folder, "report.txt")) ?? readIf(join(folder, "stderr.txt"));
  return bugReport({
    producer: PRODUCER[target.name] ?? target.name,
    signature: r.signature,
    kind: r.kind,
    description: r.description,
    files: printed.files,
    commands: producerCommands(target, r.variant, Object.keys(printed.files)),
    have,
    haveNot,
    otherwise,
    ...(witness !== undefined ? { witness } : {}),
    check: [`formal-ssa fuzz --replay ${shellQuote(folder)}`],
  });
}
