/**
 * The SPIR-V adapter: a module before and after `spirv-opt --ssa-rewrite` (SPIRV-Tools'
 * SSARewritePass, Braun et al.'s algorithm over a finished CFG), function by function, as pairs
 * of exchange-format documents, behind the shared interface of adapters/adapter.ts. Either input
 * may be the binary or the disassembly text of `spirv-dis` (read.ts); structure.ts says which
 * variables the pass promotes, align.ts checks that nothing else changed (`same_instructions`),
 * pair.ts maps the pass's values onto the model.
 *
 * `--undef strict` is its default: the pass gives a read that no store reaches an `OpUndef` of
 * the variable's type, and keeps `phi(undef, v)` (its trivial-phi removal does not fold undef),
 * so every read is exactly a definition of the original. `--undef refine` accepts any value
 * where the original reads a variable's uninitialised content.
 */
import type { Adapter, AdapterFailure, FunctionPair, OriginalFunction, SourceInput } from "../adapter.js";
import { MalformedInput } from "../../spec/errors.js";
import { align, beforeOnly, type AlignFailure } from "./align.js";
import { MAGIC, Op, type SpvModule } from "./module.js";
import { FunctionPairing } from "./pair.js";
import { looksLikeSpirv, readSpirv } from "./read.js";
import type { Undominated } from "./ids.js";
import { functionVariables, partsOf, type ModuleParts } from "./structure.js";

export { SAME_INSTRUCTIONS } from "./pair.js";
export { readSpirv, looksLikeSpirv } from "./read.js";
export type { SpvModule, SpvInstruction } from "./module.js";

function moduleOf(input: SourceInput): SpvModule {
  return readSpirv({ ...(input.bytes !== undefined ? { bytes: input.bytes } : { text: input.text }), name: input.name });
}

function partsOfModule(m: SpvModule): ModuleParts {
  // the readers' own form of a place: `NAME:LINE: what` for text, `NAME: word OFFSET: what` for a binary
  return partsOf(m, (at, what) => {
    if (at === undefined) throw new MalformedInput(`${m.name}: ${what}`);
    throw new MalformedInput(m.form === "text" ? `${m.name}:${at.at}: ${what}` : `${m.name}: word ${at.at}: ${what}`);
  });
}

/** A failure of the alignment, in the adapter's terms (places in both inputs). */
function adapterFailure(f: AlignFailure, before: ModuleParts, after: ModuleParts, firstBlock: string): AdapterFailure {
  const B = before.module;
  const A = after.module;
  return {
    block: f.label !== 0 ? B.idName(f.label) : firstBlock,
    line: f.before?.at ?? 1,
    ...(f.after !== undefined ? { after_line: f.after.at } : {}),
    places: { ...(f.before !== undefined ? { before: B.place(f.before) } : {}), ...(f.after !== undefined ? { after: A.place(f.after) } : {}) },
    message: `${f.fn < 0 ? "module preamble: " : ""}${f.message}`,
  };
}

/**
 * A function of the module before the pass that is not valid SSA itself (a use its definition
 * does not dominate, which spirv-val refuses): the pass had no valid input, so no pairing of the
 * two can be certified. The model sees only the promoted variables, not the module's own values,
 * so this is the adapter's failure (as LLVM's adapter has it), not `allUses_def_ass`'s.
 */
function notSsaBefore(before: ModuleParts, f: ModuleParts["functions"][number], u: Undominated): AdapterFailure {
  const B = before.module;
  const block = f.blocks.find((b) => b.body.includes(u.at)) ?? f.blocks[0];
  return { block: B.idName(block.label), line: u.at.at, places: { before: B.place(u.at) }, message: `the module before the pass is not valid SSA: ${u.what} (spirv-val refuses it)` };
}

/**
 * A use in the pass's output that its definition does not dominate, outside the reads the model
 * sees (`notSsaBefore`'s counterpart), placed at its block: the block of the function before the
 * pass at the same position (the alignment pairs blocks so), by its label.
 */
function notSsaAfter(before: ModuleParts, fb: ModuleParts["functions"][number], after: ModuleParts, fa: ModuleParts["functions"][number], u: Undominated): AdapterFailure {
  const k = Math.max(0, fa.blocks.findIndex((b) => b.body.includes(u.at)));
  const label = (fb.blocks[k] ?? fb.blocks[0]).labelInstruction;
  return {
    block: before.module.idName(label.result),
    line: label.at,
    after_line: u.at.at,
    places: { before: before.module.place(label), after: after.module.place(u.at) },
    message: `the module after the pass is not valid SSA: ${u.what} (spirv-val refuses it)`,
  };
}

/** The functions with a body (imported declarations have none). */
const withBody = (parts: ModuleParts) => parts.functions.map((f, i) => ({ f, i })).filter(({ f }) => f.blocks.length > 0);

function* pairsOf(beforeInput: SourceInput, afterInput: SourceInput): Generator<FunctionPair> {
  const before = partsOfModule(moduleOf(beforeInput));
  const after = partsOfModule(moduleOf(afterInput));
  const promoted = before.functions.map((f) => functionVariables(before, f).promoted);
  const alignment = align(before, after, promoted);
  const fns = withBody(before);
  for (const [k, { f, i }] of fns.entries()) {
    const firstBlock = before.module.idName(f.blocks[0].label);
    // failures of the preamble go with the first function: the module as a whole differs
    const mine = alignment.failures.filter((x) => x.fn === i || (x.fn < 0 && k === 0)).map((x) => adapterFailure(x, before, after, firstBlock));
    const invalid = before.undominated[i];
    if (invalid === undefined) {
      const pair = new FunctionPairing(before, after, alignment, i, mine).pair();
      // where the pairing failed and no read the model sees is undominated, a use of the pass's
      // output that is (in a changed instruction, whose values the model does not see) is said too
      const output = after.undominated[i];
      const failures = pair.checks[0].failures;
      if (output !== undefined && failures.length > 0 && pair.undominated === undefined) failures.push(notSsaAfter(before, f, after, after.functions[i], output));
      yield pair;
      continue;
    }
    // the reads the pairing finds undominated say nothing sure where the original is not SSA
    // itself (a removed load stands where the original reads it, which its users need not be
    // dominated by): the pairing fails, and they are not reported
    mine.push(notSsaBefore(before, f, invalid));
    const { undominated: _unsure, ...pair } = new FunctionPairing(before, after, alignment, i, mine).pair();
    yield pair;
  }
}

function* originalsOf(input: SourceInput): Generator<OriginalFunction> {
  const before = partsOfModule(moduleOf(input));
  const promoted = before.functions.map((f) => functionVariables(before, f).promoted);
  const alignment = beforeOnly(before, promoted);
  for (const { i } of withBody(before)) {
    const original = new FunctionPairing(before, before, alignment, i, []).original();
    yield { name: original.name!, original };
  }
}

/** `OpFunction`s of an input, counted without reading it (for progress). */
function countFunctions(input: SourceInput): number {
  const b = input.bytes;
  if (b !== undefined && b.length >= 20 && b.length % 4 === 0) {
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    const little = view.getUint32(0, true) === MAGIC;
    let n = 0;
    for (let w = 5; w < b.length / 4; ) {
      const word = view.getUint32(4 * w, little);
      if ((word & 0xffff) === Op.Function) n++;
      const count = word >>> 16;
      if (count === 0) break;
      w += count;
    }
    return n;
  }
  return (input.text.match(/\bOpFunction(?![A-Za-z])/g) ?? []).length;
}

export const spirvAdapter: Adapter<never> = {
  name: "spirv",
  producer: "spirv-opt --ssa-rewrite",
  form: "SPIR-V",
  inputs: "two SPIR-V modules, binary (.spv) or spirv-dis text (.spvasm), before and after `spirv-opt --ssa-rewrite`",
  defaultUndef: "strict",
  recognizes: (name, head) => looksLikeSpirv(name, head),
  // the binary form only: a text module goes through `recognizes` like any text
  recognizesBinary: (head) => head.length >= 4 && (new DataView(head.buffer, head.byteOffset, 4).getUint32(0, true) === MAGIC || new DataView(head.buffer, head.byteOffset, 4).getUint32(0, false) === MAGIC),
  pairs: pairsOf,
  originals: originalsOf,
  split: () => undefined,
  sharePairs: () => [],
  shareOriginals: () => [],
  countFunctions,
};
