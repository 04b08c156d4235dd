/// <reference path="./env.d.ts" />
/**
 * Real producers' output in the page: a pair of texts (before and after the producer's SSA
 * pass) validated through the producer's adapter, exactly as `formal-ssa validate BEFORE AFTER`
 * validates it (the library's `validateWithPairs`: the same adapter, options and report), with
 * each function's exchange-format pair kept for drawing. The adapters touch no file system, so
 * this runs offline in the browser.
 *
 * Examples, bundled from the test fixtures (test/fixtures/): per producer a certified pair and
 * its mutant with the first phi broken (mutants.ts), which validate rejects; for
 * LLVM also the hand-written pair of suspected miscompilations (poison).
 */
import { adapterNamed } from "../../api/adapters.js";
import { validateWithPairs } from "../../api/producers.js";
import { formatReport, type FunctionReport, type Report } from "../../api/report.js";
import type { FunctionDoc } from "../../api/index.js";
import { breakFirstPhi, PLANTED_BUG } from "./mutants.js";

export type ProducerId = "llvm" | "spirv" | "gcc" | "react";

export interface ProducerMode {
  id: ProducerId;
  label: string;
  /** What the two boxes hold. */
  before: string;
  after: string;
  /** The names the report gives the two inputs (as files of these names would be). */
  names: [string, string];
}

export const PRODUCERS: readonly ProducerMode[] = [
  { id: "llvm", label: "LLVM IR: before and after opt -passes=mem2reg (LLVM 14, 15, 16)", before: "LLVM IR before mem2reg (.ll)", after: "LLVM IR after mem2reg (.ll)", names: ["before.ll", "after.ll"] },
  { id: "spirv", label: "SPIR-V: spirv-dis text before and after spirv-opt --ssa-rewrite", before: "SPIR-V before --ssa-rewrite (spirv-dis text)", after: "SPIR-V after --ssa-rewrite (spirv-dis text)", names: ["before.spvasm", "after.spvasm"] },
  { id: "gcc", label: "GCC: the fixup_cfg1 and ssa tree dumps (-fdump-tree-...-blocks-uid)", before: "GCC's fixup_cfg1 dump (before into-SSA)", after: "GCC's ssa dump (after into-SSA)", names: ["before.fixup_cfg1", "after.ssa"] },
  { id: "react", label: "React Compiler: JavaScript or TypeScript, compiled here by babel-plugin-react-compiler", before: "JavaScript or TypeScript (every function is compiled and its SSA validated)", after: "", names: ["input.js", ""] },
];

export const producerMode = (id: string): ProducerMode | undefined => PRODUCERS.find((p) => p.id === id);

/** One function of a producer's pair: its report, its first report line, and the pair drawn. */
export interface ProducerFunction {
  report: FunctionReport;
  /** The first line of its block in the text report (`formal-ssa validate ... --functions`). */
  line: string;
  original: FunctionDoc;
  ssa: FunctionDoc;
  /** Where each block stands in the before text: its first and last line (1-based), where the producer's form has lines. */
  lines?: Record<string, [number, number]>;
}

export interface ProducerRun {
  report: Report;
  functions: ProducerFunction[];
}

/** Validates a producer's pair, `progress` after each function (`version`: LLVM's `--llvm-version`, "" for none); throws the library's one-line error on malformed input. */
export function runProducer(mode: ProducerMode, before: string, after: string, progress?: (done: number, total: number) => void, version = ""): ProducerRun {
  const adapter = adapterNamed(mode.id);
  if (adapter === undefined) throw new Error(`no adapter named ${mode.id}`);
  const b = { text: before, name: mode.names[0] };
  const total = progress === undefined ? 0 : adapter.countFunctions(b);
  let done = 0;
  const { report, pairs } = validateWithPairs(adapter, b, { text: after, name: mode.names[1] }, {
    ...(progress === undefined ? {} : { onFunction: () => progress(++done, Math.max(total, done)) }),
    ...(version !== "" ? { producerVersion: version } : {}),
  });
  const text = formatReport(report, { functions: true }).split("\n");
  const heads = text.filter((l) => l.startsWith("function "));
  return {
    report,
    functions: report.functions.map((f, i) => ({ report: f, line: heads[i] ?? "", original: pairs[i].original, ssa: pairs[i].ssa, lines: pairs[i].blockLines?.() })),
  };
}

export interface ProducerExample {
  id: string;
  label: string;
  producer: ProducerId;
  before: string;
  after: string;
  /** The React Compiler's rejected example: validated with mutants.ts's planted bug. */
  bug?: true;
}

const fixtures = import.meta.glob<string>(
  ["../../test/fixtures/llvm/condexpr.*.ll", "../../test/fixtures/llvm/hand/poison.*.ll", "../../test/fixtures/spirv/logic.*.spvasm", "../../test/fixtures/gcc/loops.fixup_cfg1", "../../test/fixtures/gcc/loops.ssa", "../../test/react/fixtures/loops.js"],
  { eager: true, query: "?raw", import: "default" },
);
const fixture = (rel: string): string => {
  const hit = Object.entries(fixtures).find(([path]) => path.endsWith(`/test/fixtures/${rel}`) || path.endsWith(`/test/${rel}`));
  if (hit === undefined) throw new Error(`fixture ${rel} not bundled`);
  return hit[1];
};

/** The certified pairs whose mutants are the rejected examples: producer, label, before, after (under test/fixtures/). */
export const PRODUCER_PAIRS: readonly [ProducerId, string, string, string][] = [
  ["llvm", "condexpr.c (clang 14 -O0, mem2reg)", "llvm/condexpr.before.ll", "llvm/condexpr.after.ll"],
  ["spirv", "logic.frag (glslang, --ssa-rewrite)", "spirv/logic.before.spvasm", "spirv/logic.after.spvasm"],
  ["gcc", "loops.c (GCC 12 -O0)", "gcc/loops.fixup_cfg1", "gcc/loops.ssa"],
];

export function producerExamples(): ProducerExample[] {
  const out: ProducerExample[] = [];
  for (const [producer, label, b, a] of PRODUCER_PAIRS) {
    if (producer === "react") continue;
    const before = fixture(b);
    const after = fixture(a);
    out.push({ id: `${producer}:${b}`, label: `${producer}: ${label}, certified`, producer, before, after });
    const mutant = breakFirstPhi(producer, after);
    if (mutant !== undefined) out.push({ id: `${producer}:${b}:broken`, label: `${producer}: ${label}, ${mutant.what} (rejected)`, producer, before, after: mutant.text });
  }
  out.push({ id: "react:loops.js", label: "react: loops.js (three loops; the compiler's SSA, certified)", producer: "react", before: fixture("react/fixtures/loops.js"), after: "" });
  // no known React Compiler bug breaks its SSA: the rejected example is the same source with a bug planted in enterSSA's output
  out.push({ id: "react:loops.js:broken", label: `react: loops.js, ${PLANTED_BUG} (rejected)`, producer: "react", before: fixture("react/fixtures/loops.js"), after: "", bug: true });
  out.push({ id: "llvm:hand/poison", label: "llvm: undef folded into values that may be poison (LLVM 14: suspected miscompilations)", producer: "llvm", before: fixture("llvm/hand/poison.before.ll"), after: fixture("llvm/hand/poison.after.ll") });
  return out;
}
