/**
 * When EliminateRedundantPhi leaves a function exactly as enterSSA built it, the adapter hands
 * the library one pair object for both stages, and the validator lowers and checks it once
 * (`DetailOptions.decided`). These tests hold that shortcut to the long way: the report made
 * from the reused decision is the report of validating the pair from scratch (times aside), and
 * a stage that did change gets a pair of its own.
 */
import { describe, expect, it } from "vitest";
import type { FunctionPair } from "../../adapters/adapter.js";
import { validatePairDetailed } from "../../api/producers.js";
import { reactCompilerAdapter, ReactValidator } from "../../api/react_compiler.js";
import { withoutTimes } from "../../api/report.js";
import { lowerCfg } from "../../io/lower.js";
import { captureFunctions } from "./helpers.js";

// `straight` has no phi at all; `choose`'s one phi (x at the join) is needed; `redundant` has a
// trivial loop phi (`n` is never reassigned in the loop) that EliminateRedundantPhi removes.
const SOURCE = `
function straight(a, b) { const c = a + b; return c * 2; }
function choose(c) { let x; if (c) { x = 1; } else { x = 2; } return x; }
function redundant(n) { let i = 0; while (i < n) { i = i + 1; } return n + i; }
`;

async function staged() {
  const captured = await captureFunctions(SOURCE, "reuse.js");
  return captured.flatMap((c) => reactCompilerAdapter.functions(c));
}

describe("a stage that changed nothing is validated once, and reported as if validated again", () => {
  it("the adapter shares the pair exactly when EliminateRedundantPhi removed nothing", async () => {
    const fs = await staged();
    const shared = Object.fromEntries(fs.map((f) => [f.name, f.stages![0].pair === f.stages![1].pair]));
    expect(shared).toEqual({ straight: true, choose: true, redundant: false });
  });

  it("a report from the reused decision equals the report validated from scratch", async () => {
    for (const f of await staged()) {
      const [built, eliminated] = f.stages!.map((s) => s.pair) as [FunctionPair, FunctionPair];
      const original = lowerCfg(built.original, "before SSA", built.name);
      const names = { original: "before SSA", ssa: "after enterSSA" };
      const first = validatePairDetailed(eliminated, "EliminateRedundantPhi", { original, names });
      const scratch = validatePairDetailed(built, "enterSSA", { original, names }).report;
      const reused = validatePairDetailed(built, "enterSSA", { original, names, decided: built === eliminated ? first.decided : undefined }).report;
      const untimed = (r: typeof scratch) => withoutTimes({ functions: [r] }).functions[0];
      expect(untimed(reused), f.name).toEqual(untimed(scratch));
      expect(reused.verdict).toBe("certified");
    }
  });

  it("a decision is refused for another pair", async () => {
    const [a, b] = (await staged()).map((f) => f.stages![0].pair);
    const decided = validatePairDetailed(a, "enterSSA").decided;
    expect(() => validatePairDetailed(b, "enterSSA", { decided })).toThrow(/decided pair reused for another pair/);
  });

  it("the validator's counts and verdicts do not depend on the shortcut", async () => {
    const v = new ReactValidator();
    for (const c of await captureFunctions(SOURCE, "reuse.js")) v.validateCaptured(c);
    const r = v.report();
    expect(r.functions.map((f) => [f.name, f.verdict, f.phis])).toEqual([
      ["straight", "certified", { created: 0, left: 0, minimum: 0 }],
      ["choose", "certified", { created: 1, left: 1, minimum: 1 }],
      ["redundant", "certified", { created: 2, left: 1, minimum: 1 }],
    ]);
    // both stages are reported in full, under their own names
    for (const f of r.functions) expect(Object.keys(f.stages!)).toEqual(["SSA", "EliminateRedundantPhi"]);
  });
});
