/**
 * What the CFG builders vary besides the shape of the graph: the things real compilers vary and
 * SSA constructors wrongly assume fixed (docs/fuzzing.md, "What the generators vary").
 *
 * - **Predecessor order.** `lowerProgram` lists a loop header's predecessors as the block
 *   before the loop, then the back edges, and a join's predecessors in the order of the
 *   branches. Compilers do not: LLVM lists a loop header's latch first as often as not, and
 *   GCC's edge vectors follow the order edges were made. A constructor that assumes the
 *   preheader comes first puts a loop phi's arguments in the wrong order, and passes every test
 *   that only sees lowered order. `predecessorOrders` draws, for each block, a permutation of
 *   its predecessor list (`permutePredecessors`); it shrinks towards the identity, so a finding
 *   keeps a permutation only where the failure needs one.
 * - **Definite assignment.** With `"mixed"`, each CFG either has the entry define every used
 *   variable first (as the AFP While instance does for Entry) or defines nothing extra and keeps
 *   only the uses that are definitely assigned, so that variables are undefined on some paths
 *   (defined in one branch only, inside a loop only). A phi may then stand only where its
 *   variable is defined on every incoming path; a constructor that places one for every variable
 *   at every join, or that assumes every variable is defined at the entry, is rejected. The draw
 *   shrinks towards entry definitions.
 *
 * Parallel edges, self-loops, critical edges and entries with one or several successors come
 * from the shapes themselves (switch labels, do-while loops, loop exits and switch heads, the
 * statement the program starts with); test/fuzz/variation.test.ts measures how often each occurs.
 */
import fc from "fast-check";
import type { CfgDoc } from "../../io/format.js";
import { biasedBoolean } from "./common.js";

/**
 * How the builders guarantee definite assignment (CFG_wf `defAss`):
 * - `"entry"`: the entry block's first statement defines every used variable;
 * - `"by-construction"`: no entry definitions; a use is kept only where its variable is
 *   definitely assigned, so a variable may be undefined on paths where nothing reads it;
 * - `"mixed"`: either, half of the CFGs each (shrinking towards `"entry"`).
 */
export type CfgDefiniteAssignment = "entry" | "by-construction" | "mixed";

/** Whether the builders permute each block's predecessor list (`"varied"`) or keep the order they make (`"as-built"`). */
export type PredecessorOrder = "varied" | "as-built";

/**
 * Permutation codes per block draw from `[0, PERMUTATION_CODES)`: 120 = 5!, so every order of up
 * to five predecessors is drawn alike, and a block with two predecessors keeps or swaps them
 * with probability one half each.
 */
export const PERMUTATION_CODES = 120;

/** Blocks beyond this index keep their predecessor order (the draw is one integer per block). */
export const MAX_PERMUTED_BLOCKS = 128;

/**
 * One permutation code per block (index = block position), shrinking towards 0, the identity.
 * fast-check's "max" size: the list covers every block of a CFG up to `MAX_PERMUTED_BLOCKS`.
 */
export function predecessorOrders(): fc.Arbitrary<number[]> {
  return fc.array(fc.nat({ max: PERMUTATION_CODES - 1 }), { maxLength: MAX_PERMUTED_BLOCKS, size: "max" });
}

/**
 * `list` in the order of permutation `code` (mod `list.length!`), decoded as a Lehmer code:
 * code 0 is the identity; for two elements, an odd code swaps them.
 */
export function permuteBy<T>(list: readonly T[], code: number): T[] {
  const rest = list.slice();
  const out: T[] = [];
  let c = code;
  // the code's digits in the factorial number system, most significant first
  let f = 1;
  for (let k = 2; k < rest.length; k++) f *= k;
  c %= f * Math.max(1, rest.length);
  for (let n = rest.length; n > 0; n--) {
    const i = Math.floor(c / f);
    c %= f;
    out.push(rest.splice(i, 1)[0]);
    if (n > 1) f /= n - 1;
  }
  return out;
}

/** `doc` with block `k`'s predecessors in the order of `codes[k]` (missing codes: as they are). The graph is the same. */
export function permutePredecessors<D extends CfgDoc>(doc: D, codes: readonly number[]): D {
  if (codes.every((c) => c === 0)) return doc;
  return { ...doc, blocks: doc.blocks.map((b, k) => ((codes[k] ?? 0) === 0 || b.preds.length < 2 ? b : { ...b, preds: permuteBy(b.preds, codes[k]) })) };
}

/** The `"mixed"` draw: true for a CFG without entry definitions (one in two, shrinking towards false). */
export function withoutEntryDefinitions(): fc.Arbitrary<boolean> {
  return biasedBoolean(0.5);
}
