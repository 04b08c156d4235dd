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

  /** `succs[b]`: successor block indices; block 0 is the entry. */
  constructor(succs: readonly (readonly number[])[]) {
    const n = succs.length;
    // reverse postorder by an explicit stack
    const order: number[] = [];
    const state = new Uint8Array(n);
    const stack: [number, number][] = [[0, 0]];
    state[0] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const [b, k] = top;
      if (k < succs[b].length) {
        top[1]++;
        const s = succs[b][k];
        if (state[s] === 0) {
          state[s] = 1;
          stack.push([s, 0]);
        }
      } else {
        stack.pop();
        order.push(b);
      }
    }
    order.reverse();
    const rpo = new Int32Array(n).fill(-1);
    order.forEach((b, i) => (rpo[b] = i));
    const preds: number[][] = Array.from({ length: n }, () => []);
    for (let b = 0; b < n; b++) if (rpo[b] >= 0) for (const s of succs[b]) preds[s].push(b);
    const idom = new Int32Array(n).fill(-1);
    idom[0] = 0;
    const intersect = (a: number, b: number): number => {
      while (a !== b) {
        while (rpo[a] > rpo[b]) a = idom[a];
        while (rpo[b] > rpo[a]) b = idom[b];
      }
      return a;
    };
    for (let changed = true; changed; ) {
      changed = false;
      for (let i = 1; i < order.length; i++) {
        const b = order[i];
        let d = -1;
        for (const p of preds[b]) {
          if (idom[p] < 0) continue;
          d = d < 0 ? p : intersect(p, d);
        }
        if (d >= 0 && idom[b] !== d) {
          idom[b] = d;
          changed = true;
        }
      }
    }
    // pre/post numbers of the tree
    const children: number[][] = Array.from({ length: n }, () => []);
    for (let b = 1; b < n; b++) if (idom[b] >= 0 && rpo[b] >= 0) children[idom[b]].push(b);
    this.pre = new Int32Array(n).fill(-1);
    this.post = new Int32Array(n).fill(-1);
    let clock = 0;
    const walk: [number, number][] = [[0, 0]];
    this.pre[0] = clock++;
    while (walk.length > 0) {
      const top = walk[walk.length - 1];
      const [b, k] = top;
      if (k < children[b].length) {
        top[1]++;
        const c = children[b][k];
        this.pre[c] = clock++;
        walk.push([c, 0]);
      } else {
        walk.pop();
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
