/**
 * Shared by the adapters whose backward value search puts a placeholder where values meet at a
 * block (LLVM's mem2reg.ts, Hermes's search.ts), before it knows whether they differ.
 */

/**
 * Folds the placeholders that merge one value. Placeholder k has the id `first - k` and
 * `args[k]`, one per predecessor. Ignoring itself and the paths that bring no value (`none`), a
 * placeholder that merges a single id stands for that id. This repeats until nothing changes: one
 * placeholder may merge a single value only once another is folded.
 *
 * Returns `find`, the id that an id stands for (a value, or a placeholder that stays), and
 * `folded`, whether placeholder k was folded.
 */
export function foldSingleValuePlaceholders(args: readonly (readonly number[])[], first: number, none: number): { find: (x: number) => number; folded: (k: number) => boolean } {
  const forward = new Map<number, number>();
  const find = (x: number): number => {
    while (forward.has(x)) x = forward.get(x)!;
    return x;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = 0; k < args.length; k++) {
      const self = first - k;
      if (forward.has(self)) continue;
      let only: number | undefined;
      let many = false;
      for (const a of args[k]) {
        const x = find(a);
        if (x === self || x === none) continue;
        if (only === undefined) only = x;
        else if (only !== x) many = true;
      }
      if (!many && only !== undefined) {
        forward.set(self, only);
        changed = true;
      }
    }
  }
  return { find, folded: (k) => forward.has(first - k) };
}
