/**
 * fuzz/shrink.ts: shrinking in batches gives exactly what fast-check's own shrinking gives, and
 * every reduction of a CFG keeps it well-formed and makes it smaller.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbitraryCfg, structuredCfg } from "../../fuzz/arbitraries/index.js";
import { cfgReductions, contractBlock, generateWithContext, reduceInBatches, shrinkInBatches, withoutEmptyStatements } from "../../fuzz/shrink.js";
import type { CfgDoc } from "../../io/format.js";
import { wellFormednessErrors } from "./cfg_checkers.js";

const SEED = fc.readConfigureGlobal().seed ?? 20161017;

const size = (d: CfgDoc) => d.blocks.length + d.blocks.reduce((n, b) => n + (b.stmts?.length ?? 0), 0);

/** Predicates that fail on some CFGs, for the shrinkers to chase. */
const predicates: [string, (d: CfgDoc) => boolean][] = [
  ["at least 4 blocks and a join", (d) => d.blocks.length >= 4 && d.blocks.some((b) => b.preds.length >= 2)],
  ["a self-loop", (d) => d.blocks.some((b) => b.preds.includes(b.id))],
  ["a block of two statements with a use", (d) => d.blocks.some((b) => (b.stmts?.length ?? 0) >= 2 && b.stmts!.some((s) => s.uses.length > 0))],
];

describe("shrinkInBatches: fast-check's shrinking, its candidates tried many at a time", () => {
  for (const [name, bad] of predicates) {
    for (const [label, arb] of [
      ["arbitraryCfg", arbitraryCfg({ maxBlocks: 12 })],
      ["structuredCfg", structuredCfg()],
    ] as const) {
      it(`${label}, "${name}": the same counterexample as fc.check from the same seed, in batches of 1, 7 and 100`, async () => {
        let compared = 0;
        for (let k = 0; k < 40 && compared < 8; k++) {
          const seed = SEED + k;
          const start = generateWithContext<CfgDoc>(arb, seed);
          if (!bad(start.value)) continue;
          compared++;
          // fast-check's shrinking of the same first value: the property fails where `bad` holds
          const d = fc.check(
            fc.property(arb, (x) => !bad(x)),
            { seed, numRuns: 1 },
          );
          expect(d.failed).toBe(true);
          for (const batch of [1, 7, 100]) {
            const r = await shrinkInBatches(arb, start, (xs) => xs.findIndex(bad), { batch });
            expect(r.value).toEqual(d.counterexample![0]);
            expect(r.steps).toBe(d.numShrinks);
          }
        }
        expect(compared).toBeGreaterThan(0);
      });
    }
  }
  it("stops after maxTries candidates with the smallest failing value so far", async () => {
    const arb = arbitraryCfg({ maxBlocks: 12 });
    let seed = SEED;
    while (!predicates[0][1](generateWithContext<CfgDoc>(arb, seed).value)) seed++;
    const r = await shrinkInBatches(arb, generateWithContext<CfgDoc>(arb, seed), (xs) => xs.findIndex(predicates[0][1]), { batch: 3, maxTries: 5 });
    expect(r.tries).toBeLessThanOrEqual(5);
    expect(predicates[0][1](r.value)).toBe(true);
  });
});

describe("reductions keep a CFG well-formed and make it smaller", () => {
  it("every one-step reduction of 400 random CFGs (graphs and structured programs) is well-formed, has fewer blocks or statements, and the same entry", () => {
    let reductions = 0;
    for (const arb of [arbitraryCfg({ maxBlocks: 12 }), structuredCfg()]) {
      for (const d of fc.sample(arb, { numRuns: 200, seed: SEED })) {
        for (const r of cfgReductions(d)) {
          reductions++;
          expect(wellFormednessErrors(r)).toEqual([]);
          expect(size(r)).toBeLessThan(size(d));
          expect(r.entry).toBe(d.entry);
        }
      }
    }
    expect(reductions).toBeGreaterThan(400);
  });
  it("contracting an empty block with one predecessor moves its out-edges to that predecessor; with one successor, splices its predecessors in its place", () => {
    const doc: CfgDoc = {
      format: "formal-ssa/1",
      kind: "cfg",
      entry: "B0",
      blocks: [
        { id: "B0", preds: [], stmts: [{ defs: ["x"], uses: [] }] },
        { id: "B1", preds: ["B0"], stmts: [] },
        { id: "B2", preds: ["B0", "B1"], stmts: [] },
        { id: "B3", preds: ["B2", "B1"], stmts: [{ defs: [], uses: ["x"] }] },
      ],
    };
    // B1: one predecessor (B0): B2's and B3's edges from B1 come from B0
    expect(contractBlock(doc, 1)!.blocks.map((b) => [b.id, b.preds])).toEqual([
      ["B0", []],
      ["B1", ["B0", "B0"]],
      ["B2", ["B1", "B0"]],
    ]);
    // B2: one successor (B3): its predecessors take its place in B3's list
    expect(contractBlock(doc, 2)!.blocks.map((b) => [b.id, b.preds])).toEqual([
      ["B0", []],
      ["B1", ["B0"]],
      ["B2", ["B0", "B1", "B1"]],
    ]);
    expect(contractBlock(doc, 0)).toBeUndefined(); // the entry
    expect(contractBlock(doc, 3)).toBeUndefined(); // not empty
    expect(withoutEmptyStatements(doc)).toBeUndefined();
  });
  it("reduceInBatches: the empty chain between a definition and its use goes, the use stays", async () => {
    const doc: CfgDoc = {
      format: "formal-ssa/1",
      kind: "cfg",
      entry: "B0",
      blocks: [
        { id: "B0", preds: [], stmts: [{ defs: ["x"], uses: [] }, { defs: [], uses: [] }] },
        { id: "B1", preds: ["B0"], stmts: [] },
        { id: "B2", preds: ["B1"], stmts: [] },
        { id: "B3", preds: ["B2"], stmts: [{ defs: [], uses: ["x"] }] },
      ],
    };
    const usesX = (d: CfgDoc) => d.blocks.some((b) => b.stmts?.some((s) => s.uses.includes("x")) === true);
    for (const batch of [1, 4]) {
      const r = await reduceInBatches(doc, (xs) => xs.findIndex(usesX), { batch });
      expect(r.value.blocks.map((b) => [b.id, b.preds, b.stmts])).toEqual([
        ["B0", [], [{ defs: ["x"], uses: [] }]],
        ["B1", ["B0"], [{ defs: [], uses: ["x"] }]],
      ]);
    }
  });
});
