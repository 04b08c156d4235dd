/**
 * Laws of the CFG arbitraries (fuzz/arbitraries), checked with the small independent checkers
 * of cfg_checkers.ts (independent of the generators and of spec/ and checks/):
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
import { hasParallelEdge, hasSelfLoop, isReducible, longestChain, wellFormednessErrors } from "./cfg_checkers.js";
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

describe("the independent checkers (cfg_checkers.ts)", () => {
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
    ["switch, do-while and return heavy", { maxStatements: 80, weights: { switch: 4, doWhile: 4, return: 2 }, maxLabelsPerCase: 3 }],
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

  it("law: programs respect maxStatements, put break only in loops and switches, continue only in loops, and nothing after a jump", () => {
    fc.assert(
      fc.property(
        structuredProgram({ maxStatements: 12, maxDepth: 4, weights: { break: 2, continue: 2, return: 2, switch: 2, doWhile: 2 } }),
        (p) => {
          expect(programSize(p.body)).toBeLessThanOrEqual(12);
          const stack: { list: Stmt[]; inLoop: boolean; inSwitch: boolean }[] = [{ list: p.body, inLoop: false, inSwitch: false }];
          while (stack.length > 0) {
            const { list, inLoop, inSwitch } = stack.pop()!;
            list.forEach((s, i) => {
              if (s.kind === "break") expect(inLoop || inSwitch).toBe(true);
              if (s.kind === "continue") expect(inLoop).toBe(true);
              if (s.kind === "break" || s.kind === "continue" || s.kind === "return") expect(i).toBe(list.length - 1);
              if (s.kind === "if") stack.push({ list: s.then, inLoop, inSwitch }, { list: s.else, inLoop, inSwitch });
              if (s.kind === "while" || s.kind === "doWhile") stack.push({ list: s.body, inLoop: true, inSwitch });
              if (s.kind === "switch") {
                for (const k of s.cases) stack.push({ list: k.body, inLoop, inSwitch: true });
                if (s.default !== null) stack.push({ list: s.default, inLoop, inSwitch: true });
              }
            });
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("law: the generated programs use every construct, and statements like x := f(x)", () => {
    const counts = { if: 0, while: 0, doWhile: 0, switch: 0, break: 0, continue: 0, return: 0, selfUse: 0 };
    for (const p of fc.sample(structuredProgram(), { seed: 7, numRuns: 300 })) {
      const stack: Stmt[][] = [p.body];
      while (stack.length > 0) {
        for (const s of stack.pop()!) {
          if (s.kind === "assign") {
            if (s.defs.some((v) => s.uses.includes(v))) counts.selfUse++;
          } else counts[s.kind]++;
          if (s.kind === "if") stack.push(s.then, s.else);
          if (s.kind === "while" || s.kind === "doWhile") stack.push(s.body);
          if (s.kind === "switch") stack.push(...s.cases.map((k) => k.body), ...(s.default === null ? [] : [s.default]));
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
