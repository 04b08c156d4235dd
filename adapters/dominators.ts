/**
 * Dominance between the blocks of one function, for the one check of the producers' own
 * verifiers the adapters need (adapters/llvm/mem2reg.ts, adapters/spirv/pair.ts): a value that
 * replaces a removed load must dominate the load (a phi argument: the end of its predecessor).
 * Adapters may not use graph/, so this is
 * the iterative algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast Dominance Algorithm",
 * 2001) on reverse postorder, then pre/post numbers of the dominator tree for O(1) queries.
 * Unreachable blocks dominate nothing and are dominated by nothing.
 */
export class BlockDominators {
  private readonly pre: Int32Array;
  private readonly post: Int32Array;
  /** Each block's immediate dominator (the entry's is itself; -1: unreachable). */
  readonly idom: Int32Array;

  /**
   * `succs[b]`: successor block indices; block 0 is the entry. Everything per block is in typed
   * arrays (rows of predecessors and of tree children by counting, explicit stacks): an
   * adapter makes one of these per function, and an array per block and per stack entry
   * was most of what this cost on SQLite's 2630 functions.
   */
  constructor(succs: readonly (readonly number[])[]) {
    const n = succs.length;
    // postorder of a depth-first search from the entry (explicit stack: block, next successor)
    const order = new Int32Array(n);
    let reached = 0;
    const seen = new Uint8Array(n);
    const stackB = new Int32Array(n);
    const stackK = new Int32Array(n);
    let sp = 0;
    if (n > 0) {
      stackB[sp++] = 0;
      seen[0] = 1;
    }
    while (sp > 0) {
      const b = stackB[sp - 1];
      const k = stackK[sp - 1];
      const row = succs[b];
      if (k < row.length) {
        stackK[sp - 1] = k + 1;
        const s = row[k];
        if (seen[s] === 0) {
          seen[s] = 1;
          stackB[sp] = s;
          stackK[sp++] = 0;
        }
      } else {
        sp--;
        order[reached++] = b;
      }
    }
    // reverse postorder numbers (-1: unreachable); `order` read backwards is the reverse postorder
    const rpo = new Int32Array(n).fill(-1);
    for (let i = 0; i < reached; i++) rpo[order[reached - 1 - i]] = i;
    // predecessors of every block, from reachable blocks only, as rows
    const predStart = new Int32Array(n + 1);
    for (let b = 0; b < n; b++) if (rpo[b] >= 0) for (const t of succs[b]) predStart[t + 1]++;
    for (let b = 0; b < n; b++) predStart[b + 1] += predStart[b];
    const predList = new Int32Array(predStart[n]);
    const fill = stackK; // free again: the search is over
    for (let b = 0; b < n; b++) fill[b] = predStart[b];
    for (let b = 0; b < n; b++) if (rpo[b] >= 0) for (const t of succs[b]) predList[fill[t]++] = b;
    const idom = new Int32Array(n).fill(-1);
    this.idom = idom;
    if (n > 0) idom[0] = 0;
    for (let changed = true; changed; ) {
      changed = false;
      for (let i = 1; i < reached; i++) {
        const b = order[reached - 1 - i];
        let d = -1;
        for (let k = predStart[b]; k < predStart[b + 1]; k++) {
          const p = predList[k];
          if (idom[p] < 0) continue;
          if (d < 0) d = p;
          else {
            // intersect(p, d)
            let x = p;
            let y = d;
            while (x !== y) {
              while (rpo[x] > rpo[y]) x = idom[x];
              while (rpo[y] > rpo[x]) y = idom[y];
            }
            d = x;
          }
        }
        if (d >= 0 && idom[b] !== d) {
          idom[b] = d;
          changed = true;
        }
      }
    }
    // pre/post numbers of the tree: children as rows, then an explicit stack
    const childStart = new Int32Array(n + 1);
    for (let b = 1; b < n; b++) if (idom[b] >= 0 && rpo[b] >= 0) childStart[idom[b] + 1]++;
    for (let b = 0; b < n; b++) childStart[b + 1] += childStart[b];
    const childList = new Int32Array(childStart[n]);
    for (let b = 0; b < n; b++) fill[b] = childStart[b];
    for (let b = 1; b < n; b++) if (idom[b] >= 0 && rpo[b] >= 0) childList[fill[idom[b]]++] = b;
    this.pre = new Int32Array(n).fill(-1);
    this.post = new Int32Array(n).fill(-1);
    if (n === 0) return;
    let clock = 0;
    sp = 0;
    stackB[sp] = 0;
    stackK[sp++] = childStart[0];
    this.pre[0] = clock++;
    while (sp > 0) {
      const b = stackB[sp - 1];
      const k = stackK[sp - 1];
      if (k < childStart[b + 1]) {
        stackK[sp - 1] = k + 1;
        const c = childList[k];
        this.pre[c] = clock++;
        stackB[sp] = c;
        stackK[sp++] = childStart[c];
      } else {
        sp--;
        this.post[b] = clock++;
      }
    }
  }

  /** Whether block `a` dominates block `b` (reflexive); false for unreachable blocks. */
  dominates(a: number, b: number): boolean {
    if (this.pre[a] < 0 || this.pre[b] < 0) return false;
    return this.pre[a] <= this.pre[b] && this.post[b] <= this.post[a];
  }
}
