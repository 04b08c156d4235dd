/**
 * The structured language beyond if/while/break/continue: `do { S } while (c)`, early
 * `return` (`return x`), and `switch (c) { case: S ... default: S }` with fallthrough and
 * several labels per case. Checked with the independent checkers of cfg_checkers.ts:
 * - every generated (and every shrunk) CFG is well-formed and reducible, for several knob
 *   settings that stress the new constructs;
 * - every new construct and every CFG shape it is meant to produce occurs (switch fallthrough,
 *   two labels to one block = parallel edges, a join of two labels and a fallthrough,
 *   do-while self-loops, several returns into the one exit block);
 * - hand-written programs lower to exactly the expected blocks and preds;
 * - `restrictToDefinitelyAssigned` drops exactly the uses that are not definitely assigned;
 * - 10^5 nested statements of every kind lower, restrict, truncate, measure and print without
 *   recursion.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FunctionDoc } from "../../io/format.js";
import {
  formatProgram,
  lowerProgram,
  programSize,
  restrictToDefinitelyAssigned,
  structuredCfg,
  structuredProgram,
  truncateProgram,
} from "../../fuzz/arbitraries/index.js";
import type { Program, Stmt, StructuredCfgConstraints } from "../../fuzz/arbitraries/index.js";
import { hasParallelEdge, hasSelfLoop, isReducible, wellFormednessErrors } from "./cfg_checkers.js";

const RUNS = 300;

/** `defs := f(uses)`. */
const as = (defs: string[], uses: string[] = []): Stmt => ({ kind: "assign", defs, uses });
/** A block as `lowerProgram` writes it, statements given as `[defs, uses]` pairs. */
const block = (id: number, preds: number[], stmts: [string[], string[]][] = []) => ({
  id: `B${id}`,
  preds: preds.map((p) => `B${p}`),
  stmts: stmts.map(([defs, uses]) => ({ defs, uses })),
});

/** Every statement list of a program (the body, branches, loop bodies, switch arms). Explicit stack. */
function allLists(body: Stmt[]): Stmt[][] {
  const out: Stmt[][] = [];
  const stack: Stmt[][] = [body];
  while (stack.length > 0) {
    const list = stack.pop()!;
    out.push(list);
    for (const s of list) {
      if (s.kind === "if") stack.push(s.then, s.else);
      if (s.kind === "while" || s.kind === "doWhile") stack.push(s.body);
      if (s.kind === "switch") {
        for (const k of s.cases) stack.push(k.body);
        if (s.default !== null) stack.push(s.default);
      }
    }
  }
  return out;
}
const allStmts = (body: Stmt[]): Stmt[] => allLists(body).flat();
/** Sure to fall through: only assignments (the generator puts no dead code before them). */
const surelyFallsThrough = (list: Stmt[]) => list.every((s) => s.kind === "assign");
const totalUses = (doc: FunctionDoc) => doc.blocks.reduce((n, b) => n + (b.stmts ?? []).reduce((m, s) => m + s.uses.length, 0), 0);

// ---------------------------------------------------------------------------------------------
// Laws of the generator

describe("structuredCfg with do-while, switch and return", () => {
  const variants: [string, StructuredCfgConstraints][] = [
    ["switch-heavy, many labels, all fallthrough", { weights: { switch: 6 }, maxLabelsPerCase: 3, sharedLabelProbability: 0.6, caseBreakProbability: 0 }],
    ["switch-heavy, always break, always default", { weights: { switch: 6 }, caseBreakProbability: 1, switchDefaultProbability: 1 }],
    ["switch-heavy, never default, 5 cases", { weights: { switch: 6 }, switchDefaultProbability: 0, maxSwitchCases: 5, maxStatements: 80 }],
    ["do-while and continue heavy", { weights: { doWhile: 6, continue: 3, break: 2 }, maxDepth: 4, maxStatements: 80 }],
    ["return-heavy", { weights: { return: 4 } }],
    ["only the new constructs", { weights: { if: 0, while: 0, doWhile: 3, switch: 3, return: 2 } }],
    ["by-construction, new constructs heavy", { definiteAssignment: "by-construction", weights: { doWhile: 3, switch: 3, return: 2, continue: 2 } }],
    ["by-construction, one variable, use-only statements", { definiteAssignment: "by-construction", variableCount: 1, minDefsPerStatement: 0, weights: { doWhile: 3, switch: 3 } }],
  ];
  for (const [label, constraints] of variants) {
    it(`law: every generated CFG is well-formed and reducible (${label})`, () => {
      fc.assert(
        fc.property(structuredCfg(constraints), (cfg) => {
          expect(wellFormednessErrors(cfg)).toEqual([]);
          expect(isReducible(cfg)).toBe(true);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it("law: every new construct occurs, with fallthrough, shared labels, no default, and jumps inside switches", () => {
    const counts = {
      doWhile: 0,
      switch: 0,
      returnWithUses: 0,
      bareReturn: 0,
      switchWithoutDefault: 0,
      /** a case with two or more labels: two labels jump to one block */
      twoLabels: 0,
      /** a case (or default) entered by falling through from a case */
      fallthroughIntoCase: 0,
      fallthroughIntoDefault: 0,
      /** a case ending with break */
      caseBreak: 0,
      continueInSwitch: 0,
      returnInLoop: 0,
    };
    for (const p of fc.sample(structuredProgram(), { seed: 11, numRuns: 300 })) {
      const stack: { list: Stmt[]; inLoop: boolean; inSwitch: boolean }[] = [{ list: p.body, inLoop: false, inSwitch: false }];
      while (stack.length > 0) {
        const { list, inLoop, inSwitch } = stack.pop()!;
        for (const s of list) {
          if (s.kind === "doWhile") counts.doWhile++;
          if (s.kind === "return") {
            if (s.uses.length > 0) counts.returnWithUses++;
            else counts.bareReturn++;
            if (inLoop) counts.returnInLoop++;
          }
          if (s.kind === "continue" && inSwitch) counts.continueInSwitch++;
          if (s.kind === "if") stack.push({ list: s.then, inLoop, inSwitch }, { list: s.else, inLoop, inSwitch });
          if (s.kind === "while" || s.kind === "doWhile") stack.push({ list: s.body, inLoop: true, inSwitch: false });
          if (s.kind === "switch") {
            counts.switch++;
            if (s.default === null) counts.switchWithoutDefault++;
            s.cases.forEach((k, i) => {
              if (k.labels >= 2) counts.twoLabels++;
              if (k.body.at(-1)?.kind === "break") counts.caseBreak++;
              if (surelyFallsThrough(k.body)) {
                if (i + 1 < s.cases.length) counts.fallthroughIntoCase++;
                else if (s.default !== null) counts.fallthroughIntoDefault++;
              }
              stack.push({ list: k.body, inLoop, inSwitch: true });
            });
            if (s.default !== null) stack.push({ list: s.default, inLoop, inSwitch: true });
          }
        }
      }
    }
    for (const [k, v] of Object.entries(counts)) expect(v, k).toBeGreaterThan(0);
  });

  it("law: the CFGs have parallel edges, joins of two labels and a fallthrough, self-loops and multi-return exits", () => {
    const counts = { parallel: 0, sharedJoin: 0, selfLoop: 0, exitOfSeveralReturns: 0 };
    for (const p of fc.sample(structuredProgram(), { seed: 12, numRuns: 300 })) {
      const cfg = lowerProgram(p);
      if (hasParallelEdge(cfg)) counts.parallel++;
      // a block reached twice from one block (two labels) and also from another (a fallthrough)
      if (cfg.blocks.some((b) => new Set(b.preds).size !== b.preds.length && new Set(b.preds).size >= 2)) counts.sharedJoin++;
      if (hasSelfLoop(cfg)) counts.selfLoop++;
      // the exit block is created last: no statements, no successors, here two or more preds
      const last = cfg.blocks[cfg.blocks.length - 1];
      const returns = allStmts(p.body).filter((s) => s.kind === "return").length;
      const isSink = !cfg.blocks.some((b) => b.preds.includes(last.id));
      if (returns >= 2 && isSink && last.stmts!.length === 0 && last.preds.length >= 2) counts.exitOfSeveralReturns++;
    }
    for (const [k, v] of Object.entries(counts)) expect(v, k).toBeGreaterThan(0);
  });

  it("law: restrictToDefinitelyAssigned drops exactly the uses that are not definitely assigned", () => {
    // Restriction only drops uses, and cuts dead code as lowering does, so both programs lower
    // to the same graph with the same defs: the dropped uses are the checker's defAss errors.
    fc.assert(
      fc.property(structuredProgram({ weights: { doWhile: 3, switch: 3, return: 2, continue: 2, break: 2 } }), (p) => {
        const raw = lowerProgram(p, { defineAllAtEntry: false });
        const restricted = lowerProgram(restrictToDefinitelyAssigned(p), { defineAllAtEntry: false });
        expect(restricted.blocks.map((b) => b.preds)).toEqual(raw.blocks.map((b) => b.preds));
        expect(wellFormednessErrors(restricted)).toEqual([]);
        const notAssigned = wellFormednessErrors(raw).filter((e) => e.includes("not definitely assigned")).length;
        expect(totalUses(raw) - totalUses(restricted)).toBe(notAssigned);
      }),
      { numRuns: RUNS },
    );
  });

  it("law: truncation keeps case labels and defaults, and counts switches and returns as statements", () => {
    fc.assert(
      fc.property(structuredProgram({ maxStatements: 1000, weights: { switch: 3, doWhile: 3, return: 2 } }), fc.nat(60), (p, m) => {
        const t = truncateProgram(p.body, m);
        expect(programSize(t)).toBe(Math.min(m, programSize(p.body)));
        expect(wellFormednessErrors(lowerProgram({ vars: p.vars, body: t }))).toEqual([]);
        // the prefix property: the untruncated program truncated to its own size is itself
        expect(truncateProgram(p.body, programSize(p.body))).toEqual(p.body);
      }),
      { numRuns: RUNS },
    );
  });

  it("law: shrinking a CFG with a parallel edge ends at a handful of blocks, every candidate well-formed and reducible", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const broken: string[] = [];
      const out = fc.check(
        fc.property(structuredCfg(), (cfg) => {
          broken.push(...wellFormednessErrors(cfg));
          if (!isReducible(cfg)) broken.push("irreducible");
          return !hasParallelEdge(cfg);
        }),
        { seed, numRuns: 500 },
      );
      expect(out.failed).toBe(true);
      expect(broken).toEqual([]);
      // `switch () { case 0: case 1: }` has 3 blocks (head, case, exit); hoisting sheds the ifs
      // and loops around it (seeds 1 to 5 end at 4, 3, 3, 3, 3 blocks; without hoisting they
      // ended at 3, 7, 8, 6 and 10)
      expect(out.counterexample![0].blocks.length).toBeLessThanOrEqual(4);
    }
  });

  it("law: shrinking hoists a failing statement out of every if, loop and switch around it; every candidate is a valid program", () => {
    // fails iff some statement reads and writes d, wherever it is nested
    const readsAndWritesD = (p: Program) => allStmts(p.body).some((s) => s.kind === "assign" && s.defs.includes("d") && s.uses.includes("d"));
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      const invalid: string[] = [];
      const out = fc.check(
        fc.property(structuredProgram(), (p) => {
          try {
            lowerProgram(p); // throws on a break or continue outside what it may leave
          } catch (e) {
            invalid.push(String(e));
          }
          return !readsAndWritesD(p);
        }),
        { seed, numRuns: 1000 },
      );
      expect(out.failed).toBe(true);
      expect(invalid).toEqual([]);
      const body = out.counterexample![0].body;
      // what is left: the statement itself, and at most the assignment the program's core statement shrinks to
      expect({ seed, body: body.filter((s) => s.kind !== "assign") }).toEqual({ seed, body: [] });
      expect(body.length).toBeLessThanOrEqual(2);
    }
  });

  it("rejects bad constraints with a RangeError naming the knob", () => {
    expect(() => structuredProgram({ maxSwitchCases: 0 })).toThrow(/maxSwitchCases/);
    expect(() => structuredProgram({ maxLabelsPerCase: 0 })).toThrow(/maxLabelsPerCase/);
    expect(() => structuredProgram({ sharedLabelProbability: 1.5 })).toThrow(/sharedLabelProbability/);
    expect(() => structuredProgram({ caseBreakProbability: -0.1 })).toThrow(/caseBreakProbability/);
    expect(() => structuredProgram({ switchDefaultProbability: Number.NaN })).toThrow(/switchDefaultProbability/);
    expect(() => structuredProgram({ weights: { doWhile: -1 } })).toThrow(/weights\.doWhile/);
  });
});

// ---------------------------------------------------------------------------------------------
// Hand-written lowerings

describe("lowering do-while, switch and return", () => {
  it("do-while with a straight-line body: the condition ends the header block, a self-loop", () => {
    // a := f()
    // do {
    //   a := f(a)
    // } while (a)
    // b := f(a)
    const program: Program = {
      vars: ["a", "b"],
      body: [as(["a"]), { kind: "doWhile", body: [as(["a"], ["a"])], cond: ["a"] }, as(["b"], ["a"])],
    };
    const cfg = lowerProgram(program, { defineAllAtEntry: false });
    expect(cfg.blocks).toEqual([
      block(0, [], [[["a"], []]]),
      block(1, [0, 1], [[["a"], ["a"]], [[], ["a"]]]), // header = body = latch
      block(2, [1], [[["b"], ["a"]]]), // exit
    ]);
    expect(wellFormednessErrors(cfg)).toEqual([]);
    expect(formatProgram(program)).toBe(["a := f()", "do {", "  a := f(a)", "} while (a)", "b := f(a)"].join("\n"));
  });

  it("do-while with continue and break: continue goes to a latch block, break to the exit", () => {
    // do {
    //   a := f()
    //   if (a) { continue } else { }
    //   if (a) { break } else { }
    //   b := f()
    // } while (a)
    const program: Program = {
      vars: ["a", "b"],
      body: [
        {
          kind: "doWhile",
          body: [
            as(["a"]),
            { kind: "if", cond: ["a"], then: [{ kind: "continue" }], else: [] },
            { kind: "if", cond: ["a"], then: [{ kind: "break" }], else: [] },
            as(["b"]),
          ],
          cond: ["a"],
        },
      ],
    };
    const cfg = lowerProgram(program, { defineAllAtEntry: false });
    expect(cfg.blocks).toEqual([
      block(0, []),
      block(1, [0, 8], [[["a"], []], [[], ["a"]]]), // header, back edge from the latch
      block(2, [1]), // then: continue
      block(3, [1]), // else
      block(4, [3], [[[], ["a"]]]), // join, second if
      block(5, [4]), // then: break
      block(6, [4]), // else
      block(7, [6], [[["b"], []]]), // join
      block(8, [7, 2], [[[], ["a"]]]), // latch: the body's end, then the continue
      block(9, [8, 5]), // exit: the latch, then the break
    ]);
    expect(wellFormednessErrors(cfg)).toEqual([]);
    expect(isReducible(cfg)).toBe(true);
  });

  it("switch with two labels to one block, fallthrough, break and no default", () => {
    // a := f()
    // switch (a) {
    //   case 0: case 1:  -- two labels: the parallel edges B0 -> B1
    //     b := f(a)      -- falls through
    //   case 2:          -- a join of the head and case 0/1's end
    //     a := f(b)
    //     break
    //   case 3:
    //     b := f()       -- falls through to the exit
    // }                  -- no default: the head also jumps to the exit
    // c := f(a, b)
    const program: Program = {
      vars: ["a", "b", "c"],
      body: [
        as(["a"]),
        {
          kind: "switch",
          cond: ["a"],
          cases: [
            { labels: 2, body: [as(["b"], ["a"])] },
            { labels: 1, body: [as(["a"], ["b"]), { kind: "break" }] },
            { labels: 1, body: [as(["b"])] },
          ],
          default: null,
        },
        as(["c"], ["a", "b"]),
      ],
    };
    const cfg = lowerProgram(program); // entry defines a and b: b is not assigned via case 2
    expect(cfg.blocks).toEqual([
      block(0, [], [[["a", "b"], []], [["a"], []], [[], ["a"]]]), // head
      block(1, [0, 0], [[["b"], ["a"]]]), // case 0, case 1
      block(2, [0, 1], [[["a"], ["b"]]]), // case 2: its label, then the fallthrough
      block(3, [0], [[["b"], []]]), // case 3
      block(4, [0, 3, 2], [[["c"], ["a", "b"]]]), // exit: the head, the fallthrough, the break
    ]);
    expect(wellFormednessErrors(cfg)).toEqual([]);
    expect(isReducible(cfg)).toBe(true);
    expect(hasParallelEdge(cfg)).toBe(true);
    expect(formatProgram(program)).toBe(
      [
        "a := f()",
        "switch (a) {",
        "  case 0: case 1:",
        "    b := f(a)",
        "  case 2:",
        "    a := f(b)",
        "    break",
        "  case 3:",
        "    b := f()",
        "}",
        "c := f(a, b)",
      ].join("\n"),
    );
  });

  it("switch in a loop: continue, fallthrough into default, a return, and dead code after a switch that never exits", () => {
    // while (a) {
    //   switch (a) {
    //     case 0:
    //       continue      -- the while's header
    //     case 1:
    //       a := f()      -- falls through into default
    //     default:
    //       return a
    //   }
    //   b := f()          -- dead: no arm leaves the switch
    // }
    const program: Program = {
      vars: ["a", "b"],
      body: [
        {
          kind: "while",
          cond: ["a"],
          body: [
            {
              kind: "switch",
              cond: ["a"],
              cases: [
                { labels: 1, body: [{ kind: "continue" }] },
                { labels: 1, body: [as(["a"])] },
              ],
              default: [{ kind: "return", uses: ["a"] }],
            },
            as(["b"]),
          ],
        },
      ],
    };
    const cfg = lowerProgram(program);
    expect(cfg.blocks).toEqual([
      block(0, [], [[["a"], []]]), // entry definitions (b is dead, never used)
      block(1, [0, 3], [[[], ["a"]]]), // header; the continue
      block(2, [1], [[[], ["a"]]]), // body: the switch head
      block(3, [2]), // case 0: continue
      block(4, [2], [[["a"], []]]), // case 1
      block(5, [2, 4], [[[], ["a"]]]), // default: its edge, then the fallthrough; return a
      block(6, [1]), // the loop's exit: no back edge from the body's end, no break
      block(7, [6, 5]), // the program's exit: the end of the body, then the return
    ]);
    expect(wellFormednessErrors(cfg)).toEqual([]);
    expect(isReducible(cfg)).toBe(true);
    expect(formatProgram(program).split("\n").slice(1, 9)).toEqual([
      "  switch (a) {",
      "    case 0:",
      "      continue",
      "    case 1:",
      "      a := f()",
      "    default:",
      "      return a",
      "  }",
    ]);
  });

  it("break in a switch leaves the switch, continue in it goes to the do-while's latch", () => {
    // do {
    //   switch () {
    //     case 0:
    //       break         -- the switch's exit
    //     default:
    //       continue      -- the latch
    //   }
    //   a := f()
    // } while (a)
    const program: Program = {
      vars: ["a"],
      body: [
        {
          kind: "doWhile",
          body: [
            { kind: "switch", cond: [], cases: [{ labels: 1, body: [{ kind: "break" }] }], default: [{ kind: "continue" }] },
            as(["a"]),
          ],
          cond: ["a"],
        },
      ],
    };
    const cfg = lowerProgram(program);
    expect(cfg.blocks).toEqual([
      block(0, [], [[["a"], []]]),
      block(1, [0, 5], [[[], []]]), // header: the switch head
      block(2, [1]), // case 0: break
      block(3, [1]), // default: continue
      block(4, [2], [[["a"], []]]), // the switch's exit: only the break
      block(5, [4, 3], [[[], ["a"]]]), // latch: the body's end, then the continue
      block(6, [5]), // exit
    ]);
    expect(wellFormednessErrors(cfg)).toEqual([]);
    expect(isReducible(cfg)).toBe(true);
  });

  it("returns jump to one exit block, created last; a bare return has no statement", () => {
    // if (a) { return } else { b := f() }
    // return b
    // a := f()      -- dead
    const program: Program = {
      vars: ["a", "b"],
      body: [
        { kind: "if", cond: ["a"], then: [{ kind: "return", uses: [] }], else: [as(["b"])] },
        { kind: "return", uses: ["b"] },
        as(["a"]),
      ],
    };
    const cfg = lowerProgram(program);
    expect(cfg.blocks).toEqual([
      block(0, [], [[["a", "b"], []], [[], ["a"]]]),
      block(1, [0]), // then: bare return
      block(2, [0], [[["b"], []]]), // else
      block(3, [2], [[[], ["b"]]]), // join: return b
      block(4, [1, 3]), // exit: the returns in order (the body's end is unreachable)
    ]);
    expect(wellFormednessErrors(cfg)).toEqual([]);
    expect(formatProgram(program).split("\n")).toEqual(["if (a) {", "  return", "} else {", "  b := f()", "}", "return b", "a := f()"]);
    // no return, no exit block: programs without the new statements lower as before
    expect(lowerProgram({ vars: ["a"], body: [as(["a"])] }).blocks).toEqual([block(0, [], [[["a"], []]])]);
  });

  it("a do-while whose body never reaches its condition has no latch; a switch without default may have an empty case", () => {
    // do { return } while (a)    -- no latch, no exit: the rest is dead
    // a := f()
    expect(
      lowerProgram({ vars: ["a"], body: [{ kind: "doWhile", body: [{ kind: "return", uses: [] }], cond: ["a"] }, as(["a"])] }).blocks,
    ).toEqual([block(0, []), block(1, [0]), block(2, [1])]);
    // switch () { case 0: case 1: }   -- the smallest parallel edge (one case, two labels)
    expect(lowerProgram({ vars: [], body: [{ kind: "switch", cond: [], cases: [{ labels: 2, body: [] }], default: null }] }).blocks).toEqual([
      block(0, [], [[[], []]]),
      block(1, [0, 0]),
      block(2, [0, 1]),
    ]);
  });

  it("rejects a continue outside a loop, even inside a switch, a break outside loops and switches, and a case without labels", () => {
    const sw = (body: Stmt[], labels = 1): Stmt => ({ kind: "switch", cond: [], cases: [{ labels, body }], default: null });
    expect(() => lowerProgram({ vars: [], body: [sw([{ kind: "continue" }])] })).toThrow(/continue outside a loop/);
    expect(() => lowerProgram({ vars: [], body: [sw([{ kind: "break" }])] })).not.toThrow();
    expect(() => lowerProgram({ vars: [], body: [{ kind: "break" }] })).toThrow(/break outside a loop or switch/);
    expect(() => lowerProgram({ vars: [], body: [sw([], 0)] })).toThrow(/labels/);
  });
});

// ---------------------------------------------------------------------------------------------
// No recursion over the program size

describe("lowering 10^5 nested do-whiles, switches, returns, ifs and whiles", () => {
  it("lowers, restricts, truncates, measures and prints them", () => {
    const N = 100_000;
    // Level i wraps the levels below it, by i mod 4:
    //   0: if (b) { a := f(a); <below> } else { b := f(b); break }      -- leaves the switch of level i+1
    //   1: switch (a) { case 0: case 1: <below>  case 2: return a  default: a := f(a); continue }
    //                                                                      -- falls through; continue: the do-while of level i+1
    //   2: do { <below> } while (a)
    //   3: while (a) { <below>; continue }
    let inner: Stmt[] = [as(["a"], ["a", "b"])];
    let size = 1;
    for (let i = 0; i < N; i++) {
      let level: Stmt;
      switch (i % 4) {
        case 0:
          level = { kind: "if", cond: ["b"], then: [as(["a"], ["a"]), ...inner], else: [as(["b"], ["b"]), { kind: "break" }] };
          size += 4;
          break;
        case 1:
          level = {
            kind: "switch",
            cond: ["a"],
            cases: [
              { labels: 2, body: inner },
              { labels: 1, body: [{ kind: "return", uses: ["a"] }] },
            ],
            default: [as(["a"], ["a"]), { kind: "continue" }],
          };
          size += 4;
          break;
        case 2:
          level = { kind: "doWhile", body: inner, cond: ["a"] };
          size += 1;
          break;
        default:
          level = { kind: "while", cond: ["a"], body: [...inner, { kind: "continue" }] };
          size += 2;
      }
      inner = [level];
    }
    const program: Program = { vars: ["a", "b"], body: inner };
    expect(programSize(program.body)).toBe(size);
    const cfg = lowerProgram(program);
    expect(cfg.blocks.length).toBeGreaterThan(N);
    expect(hasParallelEdge(cfg)).toBe(true);
    expect(wellFormednessErrors(cfg)).toEqual([]);
    const restricted = restrictToDefinitelyAssigned(program);
    expect(wellFormednessErrors(lowerProgram(restricted, { defineAllAtEntry: false }))).toEqual([]);
    expect(programSize(truncateProgram(program.body, N))).toBe(N);
    const text = formatProgram(program);
    // (toEqual would recurse 10^5 deep: compare the printed programs instead)
    expect(formatProgram({ vars: program.vars, body: truncateProgram(program.body, size) })).toBe(text);
    expect(text.length).toBeGreaterThan(N);
    expect(text).toContain("} while (a)");
    expect(text).toContain("case 0: case 1:");
  });
});
