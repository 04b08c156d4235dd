/**
 * The rejected example of each producer, made from a certified pair by one edit of the SSA
 * text. LLVM IR and GCC dumps: the first phi whose first two arguments carry different values
 * gets them swapped (the values trade places, the predecessors stay), the bug the mission names
 * first. SPIR-V: the first phi's first argument becomes another constant of its type, which is
 * well-formed and wrong (a swap would do as well: a phi argument that does not dominate its
 * predecessor is rejected there too, by `allUses_def_ass`, docs/properties.md). The
 * React Compiler's mode has no output text to edit (the page compiles the source), so its
 * rejected example plants the same swap in enterSSA's HIR as the compiler hands it over
 * (`plantSwappedPhi`, through `validateSourcesWith`'s `tamper`). Pure: the explorer's examples,
 * the browser test and the fuzzer's broken-producer tests make the same mutants with it.
 */
import type { CapturedFunction, SnapUnit } from "../../api/react_compiler.js";

/** LLVM IR: `phi T [ %a, %p ], [ %b, %q ]` -> `phi T [ %b, %p ], [ %a, %q ]`. */
function swapLlvm(text: string): string | undefined {
  const m = /phi [^[\n]*\[ ([^,\]]+), ([^\]]+) \], \[ ([^,\]]+), ([^\]]+) \]/.exec(text);
  if (m === null || m[1] === m[3]) return undefined;
  return text.slice(0, m.index) + m[0].replace(`[ ${m[1]}, ${m[2]} ], [ ${m[3]}, ${m[4]} ]`, `[ ${m[3]}, ${m[2]} ], [ ${m[1]}, ${m[4]} ]`) + text.slice(m.index + m[0].length);
}

/** SPIR-V text: `OpPhi %t %a %p ...` -> `OpPhi %t %c %p ...`, `%c` another constant of type `%t`. */
function constantForSpirv(text: string): string | undefined {
  const constants = new Map<string, string[]>();
  for (const m of text.matchAll(/(%\S+) = OpConstant(?:True|False)? (%\S+)/g)) constants.set(m[2], [...(constants.get(m[2]) ?? []), m[1]]);
  const re = /OpPhi (%\S+) (%\S+) /g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const other = (constants.get(m[1]) ?? []).find((c) => c !== m![2]);
    if (other !== undefined) return text.slice(0, m.index) + `OpPhi ${m[1]} ${other} ` + text.slice(m.index + m[0].length);
  }
  return undefined;
}

/** A GCC dump: `# x_1 = PHI <a(2), b(3)>` -> `# x_1 = PHI <b(2), a(3)>`. */
function swapGcc(text: string): string | undefined {
  const re = /# (\S+) = PHI <([^(,>]+)\((\d+)\), ([^(,>]+)\((\d+)\)/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text))
    if (m[2] !== m[4]) return text.slice(0, m.index) + `# ${m[1]} = PHI <${m[4]}(${m[3]}), ${m[2]}(${m[5]})` + text.slice(m.index + m[0].length);
  return undefined;
}

/** The SSA text with its first phi broken as above, and what was done; undefined when no phi fits. */
export function breakFirstPhi(producer: "llvm" | "spirv" | "gcc" | "react", ssaText: string): { text: string; what: string } | undefined {
  if (producer === "react") return undefined; // the page compiles React sources itself: no output to break
  const text = producer === "llvm" ? swapLlvm(ssaText) : producer === "spirv" ? constantForSpirv(ssaText) : swapGcc(ssaText);
  if (text === undefined) return undefined;
  return { text, what: producer === "spirv" ? "a phi's argument replaced by another constant" : "a phi's arguments swapped" };
}

/** The React Compiler's HIR: the first phi of the unit with two different operands gets their values swapped; whether there was one. */
export function swapFirstPhiOperands(unit: SnapUnit): boolean {
  for (const fn of unit.functions)
    for (const b of fn.blocks)
      for (const phi of b.phis)
        if (phi.operands.length === 2 && phi.operands[0][1] !== phi.operands[1][1]) {
          const [[p0, v0], [p1, v1]] = phi.operands;
          phi.operands = [
            [p0, v1],
            [p1, v0],
          ];
          return true;
        }
  return false;
}

/** The planted bug of the React Compiler's rejected example: enterSSA's output with its first phi's operands swapped. */
export function plantSwappedPhi(c: CapturedFunction): void {
  swapFirstPhiOperands(c.ssa);
}

/** What the planted bug does, as the page and the help say it. */
export const PLANTED_BUG = "a bug planted in enterSSA's output: a phi's two operands swapped";
