/**
 * The LLVM adapter: LLVM 14's textual IR before and after `opt -passes=mem2reg`, function by
 * function, as pairs of exchange-format documents (mem2reg.ts says how), behind the shared
 * interface of adapters/adapter.ts. The library entry `formal-ssa/llvm` (api/llvm.ts) validates
 * and constructs with it; the command line picks it for `.ll` files.
 *
 * `--undef refine` is its default: LLVM reads an uninitialised alloca as `undef`, which mem2reg
 * may refine to any value (folding `phi(undef, v)` to `v`, giving a single stored constant to
 * every load); the alloca's definitions are the wildcards.
 */
import type { Adapter, FunctionPair, OriginalFunction, SourceInput } from "../adapter.js";
import { emitLlvm } from "./emit.js";
import { WithDocuments, type AdaptedFunction } from "./mem2reg.js";
import { adaptedFunctions, defines, identVersion, originalFunctions, split, type Defines, type LlvmShare, type ModuleText } from "./stream.js";
import { MalformedInput } from "../../spec/errors.js";

/** The property of mem2reg's own check: nothing changed but what mem2reg may change. */
export const SAME_INSTRUCTIONS = "same_instructions";

/** Differences that move the minimum by one phi each: the model needs a phi mem2reg does without. */
const COUNTED = new Set(["undef fold", "equal values merged"]);

/** Whether a text is LLVM IR, from its first significant characters. */
export function looksLikeLlvm(head: string): boolean {
  const t = head.replace(/^\uFEFF/, "").trimStart();
  if (t.startsWith("{") || t.startsWith("[")) return false;
  return /^(;|source_filename\b|target\b|define\b|declare\b|@|%|!|attributes\b|module\b)/.test(t);
}

/**
 * The `define` lines of each input read so far: a progress bar counts the functions first
 * (`countFunctions`), and the run then cuts the same input at the same lines.
 */
const definesOf = new WeakMap<SourceInput, { text: string; defines: Defines }>();

function definesFor(s: SourceInput): Defines {
  let d = definesOf.get(s);
  if (d === undefined || d.text !== s.text) definesOf.set(s, (d = { text: s.text, defines: defines(s.text) }));
  return d.defines;
}

/** A module with the LLVM release that made it: the user's (`--llvm-version`) over the module's `!llvm.ident`. */
function moduleText(s: SourceInput): ModuleText {
  let llvmVersion = identVersion(s.text);
  if (s.version !== undefined) {
    const major = /^(\d+)(\.\d+)*$/.exec(s.version.trim());
    if (major === null) throw new MalformedInput(`--llvm-version: want a release number such as 14 or 16.0.6, have ${JSON.stringify(s.version)}`);
    llvmVersion = Number(major[1]);
  }
  return { text: s.text, file: s.name, lineOffset: 0, llvmVersion, defines: definesFor(s) };
}

/** One adapted function as the library's pair. */
export function toPair(a: AdaptedFunction): FunctionPair {
  // the documents only when a caller asks (validation lowers the columns), from a prototype's getters
  const fields: Omit<FunctionPair, "original" | "ssa"> = {
    name: a.columns.original.name!,
    columns: a.columns,
    uninitialised: a.uninitialised,
    ...(a.undominated.length > 0 ? { undominated: a.undominated } : {}),
    checks: [{ property: SAME_INSTRUCTIONS, failures: a.failures.map((f) => ({ block: f.block, line: f.line, after_line: f.afterLine, message: f.message })) }],
    phis: a.stats.phis,
    differences: a.differences.map((d) => ({ kind: d.kind, block: d.block, detail: d.detail, minimumDelta: COUNTED.has(d.kind) ? 1 : 0 })),
    ...(a.unpromotable.length > 0
      ? { unaccountable: `mem2reg's count includes phis for ${a.unpromotable.map((n) => `%${n}`).join(", ")}, which no round of promotion makes promotable` }
      : {}),
    stats: { blocks: a.stats.blocks, promoted: a.stats.promoted, unreachable_blocks: a.stats.unreachable_blocks },
    refinedValue: a.refinedValue,
    sourceLine: (block, stmt) => {
      const l = a.lines.get(block);
      return l === undefined ? undefined : stmt === null ? l.end : (l.stmts[stmt] ?? l.label);
    },
    // from the block's first statement (the label's line where it has none) to its terminator
    blockLines: () => Object.fromEntries([...a.lines].map(([block, l]) => [block, [Math.min(l.stmts[0] ?? l.label, l.end), l.end]])),
  };
  return Object.assign(Object.create(WithDocuments.prototype) as WithDocuments, fields) as FunctionPair;
}

function* pairsOf(before: ModuleText, after: ModuleText): Generator<FunctionPair> {
  for (const a of adaptedFunctions(before, after)) yield toPair(a);
}

function* originalsOf(m: ModuleText): Generator<OriginalFunction> {
  yield* originalFunctions(m);
}

export const llvmAdapter: Adapter<LlvmShare> = {
  name: "llvm",
  producer: "mem2reg",
  form: "LLVM IR",
  inputs: "two .ll files (before and after mem2reg)",
  defaultUndef: "refine",
  recognizes: (name, head) => name.endsWith(".ll") || looksLikeLlvm(head),
  pairs: (before, after) => pairsOf(moduleText(before), moduleText(after)),
  originals: (before) => originalsOf(moduleText(before)),
  split: (before, after, k) => split(moduleText(before), after === undefined ? undefined : moduleText(after), k),
  sharePairs: (share) => pairsOf(share.before, share.after!),
  shareOriginals: (share) => originalsOf(share.before),
  countFunctions: (input) => definesFor(input).names.length,

};
