/**
 * Laws of the CFG arbitraries (fuzz/arbitraries), checked with small checkers written here,
 * independently of the generators and of spec/ and checks/:
 * - determinism: the same seed gives the same CFGs;
 * - well-formedness: unique ids, known preds, an entry without preds, every block reachable,
 *   every use definitely assigned (a fixpoint over blocks and statements), disjoint defs/uses
 *   in `defs`/`uses` form; for every generated and every shrunk CFG;
 * - structured CFGs are reducible (DFS retreating edges against iterative dominators);
 * - the graph arbitrary reaches the interesting shapes (irreducible cycles, parallel edges,
 *   self-loops, chains);
 * - shrinking ends at a handful of blocks and never grows the block count;
 * - lowering uses no recursion: 10^5 nested or sequential statements lower fine.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FunctionDoc } from "../../io/format.js";
import {
  arbitraryCfg,
  formatProgram,
  lowerProgram,
  programSize,
  restrictToDefinitelyAssigned,
  structuredCfg,
  structuredProgram,
  truncateProgram,
} from "../../fuzz/arbitraries/index.js";
import type { BlockForm, CfgConstraints, Program, Stmt, StructuredCfgConstraints } from "../../fuzz/arbitraries/index.js";

const RUNS = 300;

// ---------------------------------------------------------------------------------------------
// An independent well-formedness checker

/** Every violation found, as readable lines; empty when the CFG is well-formed. */
function wellFormednessErrors(doc: FunctionDoc): string[] {
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
function isReducible(doc: FunctionDoc): boolean {
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

function hasSelfLoop(doc: FunctionDoc): boolean {
  return doc.blocks.some((b) => b.preds.includes(b.id));
}
function hasParallelEdge(doc: FunctionDoc): boolean {
  return doc.blocks.some((b) => new Set(b.preds).size !== b.preds.length);
}
/** The longest run of blocks each of which has the previous one as its only predecessor. */
function longestChain(doc: FunctionDoc): number {
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

/** `B0 -> B1 -> B2 -> B1`, `B0 -> B2`: the classic irreducible loop. */
const IRREDUCIBLE: FunctionDoc = {
  format: "formal-ssa/1",
  kind: "cfg",
  entry: "B0",
  blocks: [
    { id: "B0", preds: [], stmts: [] },
    { id: "B1", preds: ["B0", "B2"], stmts: [] },
    { id: "B2", preds: ["B0", "B1"], stmts: [] },
  ],
};

describe("the independent checkers of this file", () => {
  it("tell an irreducible loop from a natural one", () => {
    expect(isReducible(IRREDUCIBLE)).toBe(false);
    // while (a) { }   -- B1 is the header, B2 the body, B3 the exit
    const natural = lowerProgram({ vars: ["a"], body: [{ kind: "while", cond: ["a"], body: [] }] });
    expect(isReducible(natural)).toBe(true);
    expect(wellFormednessErrors(natural)).toEqual([]);
  });

  it("find unreachable blocks, entry preds and uses that are not definitely assigned", () => {
    const bad: FunctionDoc = {
      format: "formal-ssa/1",
      kind: "cfg",
      entry: "B0",
      blocks: [
        { id: "B0", preds: ["B1"], stmts: [] },
        { id: "B1", preds: ["B0"], stmts: [{ defs: [], uses: ["a"] }] },
      ],
    };
    expect(wellFormednessErrors(bad)).toEqual(["entry B0 has preds (Entry_unreachable)"]);
    bad.blocks[0].preds = [];
    expect(wellFormednessErrors(bad)).toEqual(["B1[0]: use of a not definitely assigned"]);
    bad.blocks[1].preds = ["B1"];
    expect(wellFormednessErrors(bad)).toEqual(["B1 is unreachable from the entry (Entry_reaches)"]);
  });
});

// ---------------------------------------------------------------------------------------------
// Structured programs

describe("structuredCfg", () => {
  it("law: the same seed gives the same CFGs", () => {
    const arb = structuredCfg();
    const a = fc.sample(arb, { seed: 4242, numRuns: 100 });
    const b = fc.sample(arb, { seed: 4242, numRuns: 100 });
    expect(b).toEqual(a);
    expect(fc.sample(arb, { seed: 4243, numRuns: 100 })).not.toEqual(a);
  });

  const variants: [string, StructuredCfgConstraints][] = [
    ["defaults", {}],
    ["by-construction", { definiteAssignment: "by-construction" }],
    ["jump-heavy, deep", { maxDepth: 5, maxStatements: 80, weights: { break: 3, continue: 3, while: 4 } }],
    ["use-only statements, one variable", { variableCount: 1, minDefsPerStatement: 0 }],
  ];
  for (const [label, constraints] of variants) {
    it(`law: every generated CFG is well-formed and reducible (${label})`, () => {
      fc.assert(
        fc.property(structuredCfg(constraints), (cfg) => {
          expect(wellFormednessErrors(cfg)).toEqual([]);
          expect(isReducible(cfg)).toBe(true);
          for (const b of cfg.blocks) expect(b.stmts).toBeDefined();
        }),
        { numRuns: RUNS },
      );
    });
  }

  it("law: programs respect maxStatements, put jumps only in loops and nothing after a jump", () => {
    fc.assert(
      fc.property(structuredProgram({ maxStatements: 12, maxDepth: 4, weights: { break: 2, continue: 2 } }), (p) => {
        expect(programSize(p.body)).toBeLessThanOrEqual(12);
        const stack: { list: Stmt[]; inLoop: boolean }[] = [{ list: p.body, inLoop: false }];
        while (stack.length > 0) {
          const { list, inLoop } = stack.pop()!;
          list.forEach((s, i) => {
            if (s.kind === "break" || s.kind === "continue") {
              expect(inLoop).toBe(true);
              expect(i).toBe(list.length - 1);
            }
            if (s.kind === "if") stack.push({ list: s.then, inLoop }, { list: s.else, inLoop });
            if (s.kind === "while") stack.push({ list: s.body, inLoop: true });
          });
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("law: the generated programs use every construct, and statements like x := f(x)", () => {
    const counts = { if: 0, while: 0, break: 0, continue: 0, selfUse: 0 };
    for (const p of fc.sample(structuredProgram(), { seed: 7, numRuns: 300 })) {
      const stack: Stmt[][] = [p.body];
      while (stack.length > 0) {
        for (const s of stack.pop()!) {
          if (s.kind === "assign") {
            if (s.defs.some((v) => s.uses.includes(v))) counts.selfUse++;
          } else counts[s.kind]++;
          if (s.kind === "if") stack.push(s.then, s.else);
          if (s.kind === "while") stack.push(s.body);
        }
      }
    }
    for (const [k, v] of Object.entries(counts)) expect(v, k).toBeGreaterThan(0);
  });

  it("lowers a program with break, continue and dead code to the expected blocks", () => {
    // a := f()
    // while (a) {
    //   if (a) { break; a := f() } else { continue }
    //   b := f()                       -- dead: both branches jump
    // }
    // b := f(a)
    const program: Program = {
      vars: ["a", "b"],
      body: [
        { kind: "assign", defs: ["a"], uses: [] },
        {
          kind: "while",
          cond: ["a"],
          body: [
            {
              kind: "if",
              cond: ["a"],
              then: [{ kind: "break" }, { kind: "assign", defs: ["a"], uses: [] }],
              else: [{ kind: "continue" }],
            },
            { kind: "assign", defs: ["b"], uses: [] },
          ],
        },
        { kind: "assign", defs: ["b"], uses: ["a"] },
      ],
    };
    const cfg = lowerProgram(program, { name: "jumps" });
    expect(cfg.blocks).toEqual([
      { id: "B0", preds: [], stmts: [{ defs: ["a"], uses: [] }, { defs: ["a"], uses: [] }] },
      { id: "B1", preds: ["B0", "B4"], stmts: [{ defs: [], uses: ["a"] }] }, // header; continue from B4
      { id: "B2", preds: ["B1"], stmts: [{ defs: [], uses: ["a"] }] }, // body: the if's condition
      { id: "B3", preds: ["B2"], stmts: [] }, // then: break
      { id: "B4", preds: ["B2"], stmts: [] }, // else: continue
      { id: "B5", preds: ["B1", "B3"], stmts: [{ defs: ["b"], uses: ["a"] }] }, // exit
    ]);
    expect(wellFormednessErrors(cfg)).toEqual([]);
    expect(formatProgram(program).split("\n")[1]).toBe("while (a) {");
    expect(() => lowerProgram({ vars: [], body: [{ kind: "break" }] })).toThrow(RangeError);
  });

  it("law: restrictToDefinitelyAssigned keeps only definitely assigned uses", () => {
    fc.assert(
      fc.property(structuredProgram({ weights: { break: 2, continue: 2 } }), (p) => {
        const cfg = lowerProgram(restrictToDefinitelyAssigned(p), { defineAllAtEntry: false });
        expect(wellFormednessErrors(cfg)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it("law: shrinking a CFG with a loop ends small, every candidate well-formed and reducible", () => {
    // A loop: a block with a predecessor created after it (blocks are numbered in creation order).
    const hasLoop = (cfg: FunctionDoc) => cfg.blocks.some((b, i) => b.preds.some((p) => Number(p.slice(1)) >= i));
    for (const seed of [1, 2, 3, 4, 5]) {
      const broken: string[] = [];
      const failures: number[] = [];
      const out = fc.check(
        fc.property(structuredCfg(), (cfg) => {
          broken.push(...wellFormednessErrors(cfg));
          if (!isReducible(cfg)) broken.push("irreducible");
          const fails = hasLoop(cfg);
          if (fails) failures.push(cfg.blocks.length);
          return !fails;
        }),
        { seed, numRuns: 500 },
      );
      expect(out.failed).toBe(true);
      expect(broken).toEqual([]);
      const cex = out.counterexample![0];
      // `while () {}` has 4 blocks. fast-check cannot hoist a statement out of its parent, so
      // shrinking may stop at `if () {} else { while () {} }` (7) or one more level (10). The
      // block count may also grow on the way: dropping a `break` revives the code after it.
      expect(cex.blocks.length).toBeLessThanOrEqual(10);
      expect(cex.blocks.length).toBeLessThanOrEqual(failures[0]);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Arbitrary graphs

describe("arbitraryCfg", () => {
  it("law: the same seed gives the same CFGs", () => {
    for (const blockForm of ["stmts", "defs-uses", "mixed"] as BlockForm[]) {
      const arb = arbitraryCfg({ blockForm });
      const a = fc.sample(arb, { seed: 2016, numRuns: 100 });
      expect(fc.sample(arb, { seed: 2016, numRuns: 100 })).toEqual(a);
      expect(fc.sample(arb, { seed: 2017, numRuns: 100 })).not.toEqual(a);
    }
  });

  const variants: [string, CfgConstraints][] = [
    ["defaults", {}],
    ["defs-uses", { blockForm: "defs-uses" }],
    ["mixed", { blockForm: "mixed" }],
    ["stmts, by-construction", { definiteAssignment: "by-construction" }],
    ["mixed, by-construction", { blockForm: "mixed", definiteAssignment: "by-construction" }],
    ["large, dense", { minBlocks: 20, maxBlocks: 40, maxExtraPredsPerBlock: 4, density: 1 }],
    ["chains", { chainProbability: 0.9 }],
    ["no variables", { variableCount: 0 }],
  ];
  for (const [label, constraints] of variants) {
    it(`law: every generated CFG is well-formed (${label})`, () => {
      fc.assert(
        fc.property(arbitraryCfg(constraints), (cfg) => {
          expect(wellFormednessErrors(cfg)).toEqual([]);
          expect(cfg.blocks.length).toBeGreaterThanOrEqual(constraints.minBlocks ?? 1);
          expect(cfg.blocks.length).toBeLessThanOrEqual(constraints.maxBlocks ?? 12);
          const form = constraints.blockForm ?? "stmts";
          if (form === "stmts") for (const b of cfg.blocks) expect(b.stmts).toBeDefined();
          if (form === "defs-uses") for (const b of cfg.blocks) expect(b.stmts).toBeUndefined();
        }),
        { numRuns: RUNS },
      );
    });
  }

  it("law: irreducible cycles, parallel edges, self-loops and chains all occur (500 samples)", () => {
    const counts = { irreducible: 0, parallel: 0, selfLoop: 0, chain3: 0, bothForms: 0 };
    for (const cfg of fc.sample(arbitraryCfg({ blockForm: "mixed" }), { seed: 1, numRuns: 500 })) {
      if (!isReducible(cfg)) counts.irreducible++;
      if (hasParallelEdge(cfg)) counts.parallel++;
      if (hasSelfLoop(cfg)) counts.selfLoop++;
      if (longestChain(cfg) >= 3) counts.chain3++;
      if (cfg.blocks.some((b) => b.stmts) && cfg.blocks.some((b) => b.defs)) counts.bothForms++;
    }
    for (const [k, v] of Object.entries(counts)) expect(v, k).toBeGreaterThan(0);
  });

  it("law: shrinking a CFG with a self-loop and >= 3 blocks ends at <= 6 blocks, every candidate well-formed, never growing", () => {
    for (const seed of [42, 43, 44, 45, 46]) {
      const seen: number[] = [];
      const broken: string[] = [];
      const out = fc.check(
        fc.property(arbitraryCfg({ maxBlocks: 30, blockForm: "mixed" }), (cfg) => {
          broken.push(...wellFormednessErrors(cfg));
          const fails = cfg.blocks.length >= 3 && hasSelfLoop(cfg);
          if (fails) seen.push(cfg.blocks.length);
          return !fails;
        }),
        { seed, numRuns: 500 },
      );
      expect(out.failed).toBe(true);
      expect(broken).toEqual([]);
      const cex = out.counterexample![0];
      expect(cex.blocks.length).toBeLessThanOrEqual(6);
      // Each failure after the first is a shrink of the previous one: never more blocks.
      expect(seen[seen.length - 1]).toBe(cex.blocks.length);
      for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeLessThanOrEqual(seen[i - 1]);
    }
  });

  it("law: shrinking an irreducible CFG ends at the 3-block irreducible loop B0 -> B1 <-> B2 <- B0", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const out = fc.check(fc.property(arbitraryCfg({ maxBlocks: 20 }), (cfg) => isReducible(cfg)), { seed, numRuns: 500 });
      expect(out.failed).toBe(true);
      const cex = out.counterexample![0];
      expect(wellFormednessErrors(cex)).toEqual([]);
      expect(cex.blocks.length).toBe(3);
    }
  });

  it("rejects bad constraints with a RangeError naming the knob", () => {
    expect(() => arbitraryCfg({ minBlocks: 0 })).toThrow(/minBlocks/);
    expect(() => arbitraryCfg({ minBlocks: 5, maxBlocks: 4 })).toThrow(/maxBlocks/);
    expect(() => arbitraryCfg({ density: 2 })).toThrow(/density/);
    expect(() => arbitraryCfg({ edgeWeights: { forward: 0, backward: 0, self: 0, parallel: 0 } })).toThrow(/edgeWeights/);
    expect(() => structuredProgram({ maxDefsPerStatement: 0 })).toThrow(/maxDefsPerStatement/);
  });
});

// ---------------------------------------------------------------------------------------------
// No recursion over the program size

describe("lowering at 10^5 statements", () => {
  const N = 100_000;

  it("lowers 10^5 sequential assignments into one block", () => {
    const body: Stmt[] = [];
    for (let i = 0; i < N; i++) body.push({ kind: "assign", defs: [i % 2 === 0 ? "a" : "b"], uses: i === 0 ? [] : ["a"] });
    const cfg = lowerProgram({ vars: ["a", "b"], body });
    expect(cfg.blocks.length).toBe(1);
    expect(cfg.blocks[0].stmts!.length).toBe(N + 1);
    expect(wellFormednessErrors(cfg)).toEqual([]);
  });

  it("lowers, restricts, truncates, measures and prints 10^5 nested loops and ifs with jumps", () => {
    // while (a) { if (b) { a := f(a); <next level> } else { b := f(b); break } ; continue }, 10^5 deep
    let inner: Stmt[] = [{ kind: "assign", defs: ["a"], uses: ["a", "b"] }];
    for (let i = 0; i < N; i++) {
      const level: Stmt =
        i % 2 === 1
          ? { kind: "while", cond: ["a"], body: [...inner, { kind: "continue" }] }
          : { kind: "if", cond: ["b"], then: [{ kind: "assign", defs: ["a"], uses: ["a"] }, ...inner], else: [{ kind: "assign", defs: ["b"], uses: ["b"] }, { kind: "break" }] };
      inner = [level];
    }
    const program: Program = { vars: ["a", "b"], body: inner };
    expect(programSize(program.body)).toBe(1 + 3 * N);
    const cfg = lowerProgram(program);
    expect(cfg.blocks.length).toBeGreaterThan(N);
    expect(wellFormednessErrors(cfg)).toEqual([]);
    const restricted = restrictToDefinitelyAssigned(program);
    expect(wellFormednessErrors(lowerProgram(restricted, { defineAllAtEntry: false }))).toEqual([]);
    expect(programSize(truncateProgram(program.body, N))).toBe(N);
    expect(formatProgram(program).length).toBeGreaterThan(N);
  });
});
