/**
 * A fuzz target whose "producer" is whatever function of the batch's cases a test gives as its
 * runner: a fake, to test the campaign engine and the runners without a producer. A case is a
 * one-block CFG whose `style` the runner reads to decide how the fake producer behaves.
 */
import type { FuzzCase, FuzzTarget, PrintedBatch } from "../../../adapters/fuzz_target.js";

export function fakeTarget(): FuzzTarget {
  return {
    name: "fake",
    adapter: "none",
    shapes: "structured",
    variants: ["v"],
    description: "fake",
    caseFile: "case.txt",
    print: (cases): PrintedBatch => ({ files: { "cases.txt": cases.map((c) => String(c.style)).join("\n") }, functionNames: cases.map((_, k) => `f${k}`) }),
    runner: { kind: "in-process" },
  };
}

export const caseWith = (style: number): FuzzCase => ({ kind: "cfg", cfg: { kind: "cfg", entry: "B0", blocks: [{ id: "B0", preds: [], stmts: [] }] }, uninitialised: [], style });
