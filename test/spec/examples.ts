/** Hand-made graphs shared by the spec tests, each drawn as its pseudo-program. */
import { cfg, ssa } from "../helpers/build.js";

/**
 * The loop:
 * ```
 * 0: x := ...                      (Entry)
 * 1: while (x) {                   preds [0, 3]      x.1 = phi(x.0, x.3)
 * 2:   use x                       preds [1]
 * 3:   x := ...                    preds [2]
 *    }
 * 4: use x                         preds [1]
 * ```
 */
export function loop() {
  const g = cfg({
    preds: [[], [0, 3], [1], [2], [1]],
    defs: { 0: ["x"], 3: ["x"] },
    uses: { 1: ["x"], 2: ["x"], 4: ["x"] },
  });
  return ssa(g, {
    defs: { 0: ["x.0"], 3: ["x.3"] },
    uses: { 1: ["x.1"], 2: ["x.1"], 4: ["x.1"] },
    phis: { 1: [["x.1", ["x.0", "x.3"]]] },
  });
}

/**
 * The diamond:
 * ```
 * 0: x := ...; y := ...            (Entry)
 * 1: if (y)                        preds [0]
 * 2:   x := ...                    preds [1]
 * 3: else (nothing)                preds [1]
 * 4: use x                         preds [2, 3]     x.4 = phi(x.2, x.0)
 * ```
 */
export function diamond() {
  const g = cfg({
    preds: [[], [0], [1], [1], [2, 3]],
    defs: { 0: ["x", "y"], 2: ["x"] },
    uses: { 1: ["y"], 4: ["x"] },
  });
  return ssa(g, {
    defs: { 0: ["x.0", "y.0"], 2: ["x.2"] },
    uses: { 1: ["y.0"], 4: ["x.4"] },
    phis: { 4: [["x.4", ["x.2", "x.0"]]] },
  });
}

/**
 * An irreducible cycle 1 <-> 2 entered from 0 twice, with a redundant phi pair:
 * ```
 * 0: x := ...                      (Entry)
 * 1: use x                         preds [0, 2]     x.1 = phi(x.0, x.2)
 * 2: use x                         preds [0, 1]     x.2 = phi(x.0, x.1)
 * ```
 * No phi is trivial, but {x.1, x.2} is a redundant set: both may be replaced by x.0.
 */
export function irreducible() {
  const g = cfg({
    preds: [[], [0, 2], [0, 1]],
    defs: { 0: ["x"] },
    uses: { 1: ["x"], 2: ["x"] },
  });
  return ssa(g, {
    defs: { 0: ["x.0"] },
    uses: { 1: ["x.1"], 2: ["x.2"] },
    phis: { 1: [["x.1", ["x.0", "x.2"]]], 2: [["x.2", ["x.0", "x.1"]]] },
  });
}
