/**
 * A campaign of the fuzz target `react-compiler` through the engine (api/fuzz_producers.ts) with
 * its in-process runner (api/react_fuzz.ts) and the installed babel-plugin-react-compiler: a few
 * hundred random cases, two Babel calls, every function validated at enterSSA,
 * EliminateRedundantPhi and every later pass in SSA. Nothing is rejected, nothing is what
 * formal-ssa cannot read, no function is missing; what the compiler's own invariants say of the
 * printed code is an `internal-error` finding (docs/react-compiler.md has the ones found,
 * analysed: the compiler's bugs, not formal-ssa's).
 */
import { describe, expect, it } from "vitest";
import { reactFuzzTarget } from "../../../adapters/react-compiler/fuzz.js";
import { runCampaign } from "../../../api/fuzz_producers.js";
import { reactBatchRunner } from "../../../api/react_fuzz.js";

const SEED = Number(process.env.FC_SEED ?? 20161017);

describe("react-compiler: random programs through babel-plugin-react-compiler, one Babel call per batch", () => {
  it("a campaign of 200 cases: nothing rejected, nothing unreadable, nothing missing; the compiler's own invariants are internal-error findings", async () => {
    const runner = reactBatchRunner();
    const r = await runCampaign({ target: reactFuzzTarget, seed: SEED, maxBlocks: 12, batchSize: 100, runs: 200, shrinkTimeMs: 1, runner });
    expect(r.cases).toBe(200);
    const ours = r.findings.filter((f) => f.kind !== "internal-error");
    expect(ours.map((f) => f.description)).toEqual([]);
    for (const f of r.findings) expect(f.description).toMatch(/^react-compiler: internal-error: babel-plugin-react-compiler: Invariant: /);
    // nearly every case reached SSA and was validated, at every later pass too
    expect(runner.stats.cases).toBeGreaterThanOrEqual(200);
    expect(runner.stats.validated).toBeGreaterThan(0.9 * runner.stats.cases);
    // without eachPass two stages a function; with it, a stage per later pass the function got through
    expect(runner.stats.stages).toBeGreaterThan(10 * runner.stats.functions);
  });
});
