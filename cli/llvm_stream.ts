/**
 * Big LLVM modules one function at a time. Parsing a whole module first keeps every instruction
 * of both versions alive for the whole run, so each young-generation collection copies what the
 * parser just built and the old generation grows to hundreds of MB. Here the text is cut at its
 * `define` lines, and each function of the before version is parsed, paired with the same
 * function of the after version, adapted, checked and rendered before the next one is parsed:
 * what one function needs dies young.
 *
 * Same output as the whole-module pipeline (cli/llvm_pipeline.ts), which stays the reference and
 * takes over whenever the cut does not apply: no `define` at all, functions of the two versions
 * not in the same order or defined twice, or malformed input (so that its one-line message,
 * with the module's line numbers, is exactly the whole-module one).
 */
import { MalformedInput } from "../spec/errors.js";
import type { AdaptedFunction } from "../io/llvm/mem2reg.js";
import { adaptModule } from "../io/llvm/mem2reg.js";
import { hasNumberedTypes } from "../io/llvm/text.js";
import type { ConstructOptions, ConstructedFunction } from "./construct_pipeline.js";
import { asIs, constructEach, constructModule, eachAdapted, eachFunction, llvmText, type LlvmFunctionResult, type LlvmInput, type LlvmValidateOptions } from "./llvm_pipeline.js";

/**
 * The `define` lines of a module: offsets and function names as written, and `lineOf(k)`, the
 * 0-based line of the k-th. Lines are counted on demand (the stream counts each piece's lines
 * as it parses it, so a second pass over the whole text would be wasted).
 */
export interface Defines {
  offsets: number[];
  names: string[];
  lineOf(k: number): number;
}

export function defines(text: string): Defines {
  const offsets: number[] = [];
  const names: string[] = [];
  let at = text.startsWith("define ") ? 0 : text.indexOf("\ndefine ");
  if (at > 0) at++;
  while (at >= 0) {
    offsets.push(at);
    const eol = text.indexOf("\n", at);
    const m = /@("(?:[^"\\]|\\.)*"|[-A-Za-z$._0-9]+)\(/.exec(text.slice(at, eol < 0 ? text.length : eol));
    names.push(m ? m[1] : "");
    const next = text.indexOf("\ndefine ", at);
    at = next < 0 ? -1 : next + 1;
  }
  // newlines counted so far: `line` of them before offset `upTo`
  let upTo = 0;
  let line = 0;
  const lineOf = (k: number): number => {
    const to = offsets[k];
    if (to < upTo) upTo = line = 0;
    for (let i = text.indexOf("\n", upTo); i >= 0 && i < to; i = text.indexOf("\n", i + 1)) line++;
    upTo = to;
    return line;
  };
  return { offsets, names, lineOf };
}

/** A module text (or a share of one, starting at line `lineOffset + 1`) with its `define` lines. */
export interface ModuleText {
  text: string;
  file: string;
  lineOffset: number;
  /** Whether the whole module defines numbered types (pieces do not see the type definitions). */
  numberedTypes?: boolean;
}

/**
 * Each function's piece of `m`, parsed alone: from its `define` line to the next one (what
 * stands between functions, declarations and metadata, is parsed and skipped as usual). The
 * text before the first `define` is parsed first, for its malformed input.
 */
export function* pieces(m: ModuleText, d: Defines, numberedTypes: boolean): Generator<LlvmInput> {
  if (d.offsets[0] > 0) llvmText(m.text.slice(0, d.offsets[0]), m.file, m.lineOffset, numberedTypes);
  let line = m.lineOffset + d.lineOf(0);
  for (let k = 0; k < d.offsets.length; k++) {
    const end = k + 1 < d.offsets.length ? d.offsets[k + 1] : m.text.length;
    const piece = llvmText(m.text.slice(d.offsets[k], end), m.file, line, numberedTypes);
    // the piece ends just after a line break, so the next one starts that many lines further
    line += piece.src.lineCount - 1;
    yield piece;
  }
}

function streamable(d: Defines, other?: Defines): boolean {
  if (d.names.length === 0 || d.names.includes("") || new Set(d.names).size !== d.names.length) return false;
  return other === undefined || (other.names.length === d.names.length && other.names.every((n, i) => n === d.names[i]));
}

/** `validate before.ll after.ll` function by function; `eachFunction` on the whole modules when the cut does not apply. */
export function streamValidate<T>(before: ModuleText, after: ModuleText, opts: LlvmValidateOptions, each: (r: LlvmFunctionResult) => T, tick?: (fn: string) => void): T[] {
  const whole = () =>
    eachFunction(llvmText(before.text, before.file, before.lineOffset, before.numberedTypes), llvmText(after.text, after.file, after.lineOffset, after.numberedTypes), opts, each, tick);
  const db = defines(before.text);
  const da = defines(after.text);
  if (!streamable(db, da)) return whole();
  const ntB = before.numberedTypes ?? hasNumberedTypes(before.text);
  const ntA = after.numberedTypes ?? hasNumberedTypes(after.text);
  function* adapted(): Generator<AdaptedFunction> {
    const pb = pieces(before, db, ntB);
    const pa = pieces(after, da, ntA);
    for (;;) {
      const b = pb.next();
      const a = pa.next();
      if (b.done || a.done) return;
      yield* adaptModule(b.value.module, a.value.module, b.value.src, a.value.src);
    }
  }
  try {
    return eachAdapted(db.names.length, adapted(), before.file, after.file, opts, each, tick);
  } catch (e) {
    if (e instanceof MalformedInput) return whole();
    throw e;
  }
}

/** `construct before.ll` function by function; `constructModule` on the whole module when the cut does not apply. */
export function streamConstruct<T = ConstructedFunction>(
  m: ModuleText,
  opts: ConstructOptions & { progress?: boolean },
  tick?: (fn: string) => void,
  each: (f: ConstructedFunction) => T = asIs,
): T[] {
  const whole = () => constructModule(llvmText(m.text, m.file, m.lineOffset, m.numberedTypes), opts, tick, each);
  const d = defines(m.text);
  if (!streamable(d)) return whole();
  try {
    return constructEach(d.names.length, pieces(m, d, m.numberedTypes ?? hasNumberedTypes(m.text)), opts, tick, each);
  } catch (e) {
    if (e instanceof MalformedInput) return whole();
    throw e;
  }
}
