/**
 * Independent checkers for the CFG arbitraries' tests (test/fuzz/*.test.ts): written here,
 * independently of the generators and of spec/ and checks/, so that a bug in either is not
 * mirrored by the test that should catch it. Shared by arbitraries.test.ts and
 * structured_more.test.ts.
 */
import type { FunctionDoc } from "../../io/format.js";

// ---------------------------------------------------------------------------------------------
// An independent well-formedness checker

/** Every violation found, as readable lines; empty when the CFG is well-formed. */
export function wellFormednessErrors(doc: FunctionDoc): string[] {
  const errors: string[] = [];
  if (doc.format !== "formal-ssa/1") errors.push(`format is ${doc.format}`);
  if (doc.kind !== "cfg") errors.push(`kind is ${doc.kind}`);
  const index = new Map<string, number>();
  doc.blocks.forEach((b, i) => {
    if (index.has(b.id)) errors.push(`duplicate block id ${b.id}`);
    index.set(b.id, i);
  });
  const entry = index.get(doc.entry);
  if (entry === undefined) return [...errors, `entry ${doc.entry} is not a block`];
  const n = doc.blocks.length;
  const succs: number[][] = Array.from({ length: n }, () => []);
  doc.blocks.forEach((b, i) => {
    for (const p of b.preds) {
      const j = index.get(p);
      if (j === undefined) errors.push(`${b.id}: unknown pred ${p}`);
      else succs[j].push(i);
    }
    const hasStmts = b.stmts !== undefined;
    const hasSets = b.defs !== undefined || b.uses !== undefined;
    if (hasStmts === hasSets) errors.push(`${b.id}: exactly one of stmts or defs/uses expected`);
    if (b.phis !== undefined) errors.push(`${b.id}: phis in an original CFG`);
    const dup = (xs: readonly string[]) => new Set(xs).size !== xs.length;
    for (const [k, s] of (b.stmts ?? []).entries()) {
      if (dup(s.defs) || dup(s.uses)) errors.push(`${b.id}[${k}]: duplicate variable in a statement`);
    }
    if (hasSets) {
      const defs = b.defs ?? [];
      const uses = b.uses ?? [];
      if (dup(defs) || dup(uses)) errors.push(`${b.id}: duplicate variable in defs or uses`);
      for (const v of uses) if (defs.includes(v)) errors.push(`${b.id}: ${v} both defined and used (defs_uses_disjoint)`);
    }
  });
  if (doc.blocks[entry].preds.length > 0) errors.push(`entry ${doc.entry} has preds (Entry_unreachable)`);
  if (errors.length > 0) return errors;

  // Entry_reaches: breadth-first search over successors.
  const seen = new Uint8Array(n);
  const queue = [entry];
  seen[entry] = 1;
  for (let q = 0; q < queue.length; q++) {
    for (const s of succs[queue[q]]) {
      if (seen[s] === 0) {
        seen[s] = 1;
        queue.push(s);
      }
    }
  }
  doc.blocks.forEach((b, i) => {
    if (seen[i] === 0) errors.push(`${b.id} is unreachable from the entry (Entry_reaches)`);
  });
  if (errors.length > 0) return errors;

  // defAss: greatest fixpoint of in(B) = /\ out(P), out(B) = in(B) \/ defs(B), in(entry) = {},
  // by round-robin passes in block order, from all variables; sets are bigint bit masks.
  const bitOf = new Map<string, bigint>();
  const bit = (v: string): bigint => {
    let b = bitOf.get(v);
    if (b === undefined) bitOf.set(v, (b = 1n << BigInt(bitOf.size)));
    return b;
  };
  const mask = (vs: readonly string[]) => vs.reduce((m, v) => m | bit(v), 0n);
  const gen = doc.blocks.map((b) => mask([...(b.defs ?? []), ...(b.stmts ?? []).flatMap((s) => s.defs)]));
  doc.blocks.forEach((b) => mask([...(b.uses ?? []), ...(b.stmts ?? []).flatMap((s) => s.uses)]));
  const all = (1n << BigInt(bitOf.size)) - 1n;
  const predIdx = doc.blocks.map((b) => b.preds.map((p) => index.get(p)!));
  const inSet: bigint[] = doc.blocks.map((_, i) => (i === entry ? 0n : all));
  const outSet: bigint[] = doc.blocks.map((_, i) => (i === entry ? gen[i] : all));
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < n; i++) {
      if (i === entry) continue;
      let inI = all;
      for (const p of predIdx[i]) inI &= outSet[p];
      const outI = inI | gen[i];
      if (inI !== inSet[i] || outI !== outSet[i]) changed = true;
      inSet[i] = inI;
      outSet[i] = outI;
    }
  }
  doc.blocks.forEach((b, i) => {
    let at = inSet[i];
    for (const v of b.uses ?? []) if ((at & bit(v)) === 0n) errors.push(`${b.id}: use of ${v} not definitely assigned`);
    for (const [k, s] of (b.stmts ?? []).entries()) {
      for (const v of s.uses) if ((at & bit(v)) === 0n) errors.push(`${b.id}[${k}]: use of ${v} not definitely assigned`);
      at |= mask(s.defs);
    }
  });
  return errors;
}

// ---------------------------------------------------------------------------------------------
// An independent reducibility test

/**
 * Reducible iff every retreating edge of a DFS from the entry goes to a block that dominates
 * its source. Dominators by the iterative dataflow fixpoint
 * `Dom(entry) = {entry}`, `Dom(n) = {n} \/ /\ Dom(p) over preds p`.
 */
export function isReducible(doc: FunctionDoc): boolean {
  const n = doc.blocks.length;
  const index = new Map(doc.blocks.map((b, i) => [b.id, i] as const));
  const preds = doc.blocks.map((b) => b.preds.map((p) => index.get(p)!));
  const succs: number[][] = Array.from({ length: n }, () => []);
  preds.forEach((ps, i) => ps.forEach((p) => succs[p].push(i)));
  const entry = index.get(doc.entry)!;

  const dom: Set<number>[] = doc.blocks.map((_, i) => (i === entry ? new Set([entry]) : new Set(doc.blocks.map((_, j) => j))));
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < n; i++) {
      if (i === entry) continue;
      const next = new Set<number>(preds[i].length > 0 ? dom[preds[i][0]] : []);
      for (const p of preds[i]) for (const x of [...next]) if (!dom[p].has(x)) next.delete(x);
      next.add(i);
      if (next.size !== dom[i].size) changed = true;
      dom[i] = next;
    }
  }

  // Iterative DFS; an edge to a block on the DFS stack (gray) is retreating.
  const color = new Uint8Array(n); // 0 white, 1 gray, 2 black
  const stack: { node: number; next: number }[] = [{ node: entry, next: 0 }];
  color[entry] = 1;
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.next >= succs[top.node].length) {
      color[top.node] = 2;
      stack.pop();
      continue;
    }
    const s = succs[top.node][top.next++];
    if (color[s] === 1) {
      if (!dom[top.node].has(s)) return false;
    } else if (color[s] === 0) {
      color[s] = 1;
      stack.push({ node: s, next: 0 });
    }
  }
  return true;
}

export function hasSelfLoop(doc: FunctionDoc): boolean {
  return doc.blocks.some((b) => b.preds.includes(b.id));
}
export function hasParallelEdge(doc: FunctionDoc): boolean {
  return doc.blocks.some((b) => new Set(b.preds).size !== b.preds.length);
}
/** The longest run of blocks each of which has the previous one as its only predecessor. */
export function longestChain(doc: FunctionDoc): number {
  const byId = new Map(doc.blocks.map((b) => [b.id, b] as const));
  const next = new Map<string, string>();
  for (const b of doc.blocks) if (b.preds.length === 1 && b.preds[0] !== b.id) next.set(b.preds[0], b.id);
  let best = 0;
  for (const b of doc.blocks) {
    if (b.preds.length === 1) continue; // start chains at blocks that are not in the middle of one
    let len = 1;
    for (let cur = next.get(b.id); cur !== undefined && byId.get(cur)!.preds.length === 1; cur = next.get(cur)) len++;
    best = Math.max(best, len);
  }
  return best;
}
