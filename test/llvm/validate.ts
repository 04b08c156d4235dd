/**
 * LLVM pairs validated in process, with what the tests look into: each function's report, the
 * model's verdicts and model (`keepModel`), and mem2reg's `same_instructions` failures as the
 * adapter found them.
 */
import type { AdapterFailure } from "../../adapters/adapter.js";
import { llvmAdapter, SAME_INSTRUCTIONS } from "../../adapters/llvm/index.js";
import { validatePairDetailed, type DetailOptions } from "../../api/producers.js";
import type { Verdict } from "../../checks/index.js";
import type { Transformed } from "../../spec/model.js";

export interface LlvmFunctionResult {
  name: string;
  certified: boolean;
  verdicts: Verdict[];
  stats: Record<string, number | undefined>;
  differences: string[];
  /** `same_instructions`: the differences mem2reg may not make, with their places. */
  translation: { block: string; line: number; afterLine?: number; message: string }[];
  model?: Transformed;
}

const asTranslation = (f: AdapterFailure) => ({ block: f.block, line: f.line, ...(f.after_line !== undefined ? { afterLine: f.after_line } : {}), message: f.message });

export function validateLlvm(before: string, after: string, opts: DetailOptions = {}, names = ["before.ll", "after.ll"]): LlvmFunctionResult[] {
  const options: DetailOptions = { undef: "refine", ...opts, names: { original: names[0], ssa: names[1] } };
  const version = opts.producerVersion === undefined ? {} : { version: opts.producerVersion };
  return [...llvmAdapter.pairs({ text: before, name: names[0], ...version }, { text: after, name: names[1], ...version })].map((pair) => {
    const r = validatePairDetailed(pair, llvmAdapter.producer, options);
    return {
      name: r.report.name,
      certified: r.report.verdict === "certified",
      verdicts: r.verdicts,
      stats: r.report.stats,
      differences: r.report.differences ?? [],
      translation: (pair.checks.find((c) => c.property === SAME_INSTRUCTIONS)?.failures ?? []).map(asTranslation),
      model: r.model,
    };
  });
}
