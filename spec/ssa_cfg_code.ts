/**
 * Theory SSA_CFG_code (AFP Formal_SSA): the executable triviality test the code theories use.
 */

/**
 * ```
 * the_trivial v vs = (case foldl (%(good,v') w. if w = v then (good,v')
 *                                               else case v' of Some v' => (good /\ w = v', Some v')
 *                                                             | None => (good, Some w))
 *                                (True, None) vs
 *                     of (False, _) => None | (True, v) => v)
 * ```
 * over the slice `args[from .. to)`: the one argument other than `v` if every other argument
 * equals it, else -1 (`None`). `trivial_code v vs = (the_trivial v vs ~= None)`.
 */
export function the_trivial(v: number, args: ArrayLike<number>, from: number, to: number): number {
  let other = -1;
  for (let k = from; k < to; k++) {
    const w = args[k];
    if (w === v) continue;
    if (other === -1) other = w;
    else if (w !== other) return -1;
  }
  return other;
}
