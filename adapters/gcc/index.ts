/**
 * The GCC adapter: GCC 12's tree dumps before and after its SSA construction (tree-into-ssa.cc,
 * which runs at every optimisation level, -O0 included), function by function, as pairs of
 * exchange-format documents (pair.ts says how), behind the shared interface of
 * adapters/adapter.ts. The inputs are the dumps of
 *
 *   gcc -O0 -c -fdump-tree-fixup_cfg1-blocks-uid -fdump-tree-ssa-blocks-uid file.c
 *
 * (`file.c.020t.fixup_cfg1` before, the pass right before `ssa`, and `file.c.021t.ssa` after;
 * `-fdump-tree-cfg-blocks-uid`'s earlier `file.c.015t.cfg` serves as the before dump too, except
 * where the passes between change the CFG, as for C++ at -O2). `-blocks` is required (the edges are
 * read from it); `-uid` tells apart variables of one name (a local shadowing another), and
 * without it such a function is not certified.
 *
 * `--undef strict` is its default: GCC reads a variable's uninitialised content as its default
 * definition `x_3(D)`, which is exactly the entry's definition of the model; only a read after
 * a dropped clobber (the variable's scope ended and began again) needs `--undef refine`.
 */
import type { Adapter, FunctionPair, OriginalFunction, SourceInput } from "../adapter.js";
import { MalformedInput } from "../../spec/errors.js";
import { countGimpleFunctions, gimpleDumpName, looksLikeGimpleDump, parseGimpleDump, type GimpleFunction } from "./dump.js";
import { gimpleOriginal, gimplePair } from "./pair.js";

export { SAME_INSTRUCTIONS } from "./pair.js";
export { parseGimpleDump, looksLikeGimpleDump } from "./dump.js";
export type { GimpleDump, GimpleFunction, GimpleBlock, GimpleStmt, GimplePhi } from "./dump.js";

/** GCC's header where it has not set a function's assembler name yet. */
const UNSET_ASM_NAME = "<unset-asm-name>";

/**
 * The functions of the two dumps, paired by assembler name, in the before dump's order; a
 * function whose assembler name one dump leaves unset is paired by its `decl_uid` (the same
 * compilation numbers declarations alike in every dump).
 */
function* pairsOf(beforeInput: SourceInput, afterInput: SourceInput): Generator<FunctionPair> {
  const before = parseGimpleDump(beforeInput.text, beforeInput.name);
  const after = parseGimpleDump(afterInput.text, afterInput.name);
  const byName = new Map<string, GimpleFunction>();
  const byUid = new Map<number, GimpleFunction>();
  for (const f of after.functions) {
    if (f.asmName !== UNSET_ASM_NAME) {
      if (byName.has(f.asmName)) throw new MalformedInput(`${after.file}:${f.line}: function ${f.name}: defined twice`);
      byName.set(f.asmName, f);
    }
    if (f.declUid !== undefined) byUid.set(f.declUid, f);
  }
  const seen = new Set<string>();
  const partners = new Map<GimpleFunction, GimpleFunction>();
  const paired = new Set<GimpleFunction>();
  for (const f of before.functions) {
    if (f.asmName !== UNSET_ASM_NAME) {
      if (seen.has(f.asmName)) throw new MalformedInput(`${before.file}:${f.line}: function ${f.name}: defined twice`);
      seen.add(f.asmName);
    }
    const byAsm = f.asmName !== UNSET_ASM_NAME ? byName.get(f.asmName) : undefined;
    const viaUid = f.declUid !== undefined ? byUid.get(f.declUid) : undefined;
    // by decl_uid only where an assembler name is unset on one side
    const partner = byAsm ?? (viaUid !== undefined && (f.asmName === UNSET_ASM_NAME || viaUid.asmName === UNSET_ASM_NAME) ? viaUid : undefined);
    if (partner === undefined || paired.has(partner)) throw new MalformedInput(`${after.file}: function ${f.name} of ${before.file} (line ${f.line}) is missing`);
    partners.set(f, partner);
    paired.add(partner);
  }
  for (const f of after.functions) if (!paired.has(f)) throw new MalformedInput(`${after.file}:${f.line}: function ${f.name}: not in ${before.file}`);
  for (const f of before.functions) yield gimplePair(f, partners.get(f)!);
}

function* originalsOf(input: SourceInput): Generator<OriginalFunction> {
  for (const f of parseGimpleDump(input.text, input.name).functions) yield { name: f.name, original: gimpleOriginal(f) };
}

export const gccAdapter: Adapter<never> = {
  name: "gcc",
  producer: "gcc into-ssa",
  form: "GCC tree dump",
  inputs: "two GCC tree dumps written with -blocks (gcc -fdump-tree-fixup_cfg1-blocks-uid -fdump-tree-ssa-blocks-uid: file.c.020t.fixup_cfg1 and file.c.021t.ssa)",
  defaultUndef: "strict",
  recognizes: (name, head) => looksLikeGimpleDump(head) || (gimpleDumpName(name) && head.trim() === ""),
  pairs: pairsOf,
  originals: originalsOf,
  split: () => undefined,
  sharePairs: () => [],
  shareOriginals: () => [],
  countFunctions: (input) => countGimpleFunctions(input.text),
};
