/**
 * A deliberately broken React Compiler is caught and shrunk: the runner of `react-compiler`
 * (api/campaign/react.ts) with its test hook changing each captured function before validation, as
 * a broken pass would have left it, in a campaign through the engine:
 * - enterSSA's output with a phi's two (different) operands swapped: `equiv` (or the pairing)
 *   rejects the SSA stage;
 * - EliminateRedundantPhi's output with a phi dropped: its readers read nothing;
 * - DeadCodeElimination's output (a later pass, checked on its own) with a phi's operands swapped:
 *   a value is read on a path that does not define it (`allUses_def_ass`).
 * Each finding is `rejected`, at that stage, with a validity property, and shrinks to a small
 * program that still has a phi. A function without a phi is left alone, so it stays certified.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { CapturedFunction, SnapUnit } from "../../../adapters/react-compiler/index.js";
import { reactFuzzTarget } from "../../../adapters/react-compiler/fuzz.js";
import { programSize } from "../../../fuzz/arbitraries/structured.js";
import type { FuzzCase } from "../../../adapters/fuzz_target.js";
import { runCampaign, type BatchRunner } from "../../../api/campaign/producers.js";
import { writeProducerFinding } from "../../../api/campaign/node/producers.js";
import { reactBatchRunner } from "../../../api/campaign/react.js";
import { swapFirstPhiOperands } from "../../../explorer/src/mutants.js";

const SEED = Number(process.env.FC_SEED ?? 20161017);

/** Drops the first phi of the unit. */
function dropFirstPhi(unit: SnapUnit): void {
  for (const fn of unit.functions)
    for (const b of fn.blocks)
      if (b.phis.length > 0) {
        b.phis = b.phis.slice(1);
        return;
      }
}

const BROKEN: Array<{ what: string; tamper: (c: CapturedFunction) => void; stage: string; property: RegExp }> = [
  { what: "enterSSA, then a phi's operands swapped", tamper: (c) => void swapFirstPhiOperands(c.ssa), stage: "SSA", property: /^(equiv|same_instructions|allUses_def_ass)$/ },
  { what: "EliminateRedundantPhi, then a phi dropped", tamper: (c) => dropFirstPhi(c.eliminated), stage: "EliminateRedundantPhi", property: /^(equiv|same_instructions|allUses_def_ass|conventional)$/ },
  {
    what: "DeadCodeElimination, then a phi's operands swapped",
    // a function the compiler gave up on before that pass has no such unit
    tamper: (c) => {
      const dce = c.passes?.find((p) => p.name === "DeadCodeElimination");
      if (dce !== undefined) swapFirstPhiOperands(dce.unit);
    },
    stage: "DeadCodeElimination",
    property: /^allUses_def_ass$/,
  },
];

describe("react-compiler: a broken producer is caught and shrunk", () => {
  for (const { what, tamper, stage, property } of BROKEN)
    it(`${what}: a rejected finding at ${stage}, shrunk to a small program`, async () => {
      const runner = reactBatchRunner({ tamper });
      // what the compiler's own invariants say is react_campaign.test.ts's: here only the broken producer's rejections count
      const rejectionsOnly: BatchRunner = async (variant, printed, cases) => {
        const run = await runner(variant, printed, cases);
        if (run.kind === "ran") for (const [name, failure] of run.failures ?? []) if (failure.kind === "internal-error") run.failures!.delete(name);
        return run;
      };
      const r = await runCampaign({ target: reactFuzzTarget, seed: SEED, maxBlocks: 12, batchSize: 30, runs: 30, shrinkTimeMs: 60_000, runner: rejectionsOnly });
      expect(r.findings.map((x) => x.kind)).toEqual(["rejected"]);
      const f = r.findings[0];
      const [, , at, prop] = f.signature.split(":");
      expect(at).toBe(stage);
      expect(prop).toMatch(property);
      // shrunk: a few statements, a few blocks (still a phi to break)
      expect(f.shrinkSteps).toBeGreaterThan(0);
      const program = (f.case as Extract<FuzzCase, { kind: "program" }>).program;
      expect(programSize(program.body)).toBeLessThanOrEqual(4);
      expect(f.case.cfg.blocks.length).toBeLessThanOrEqual(6);
      if (what !== BROKEN[0].what) return;
      // its folder's explorer link: the page compiles the case's source (every later pass too) and shows its function
      const out = mkdtempSync(join(tmpdir(), "formal-ssa-react-link-"));
      const saved = process.env.FORMAL_SSA_EXPLORER;
      process.env.FORMAL_SSA_EXPLORER = "https://explorer.example/index.html";
      try {
        const { dir, link } = await writeProducerFinding(f, { out, target: reactFuzzTarget, runner: rejectionsOnly, maxBlocks: 12, version: "test" });
        const hash = new URL(link).hash.slice(1);
        const z = new URLSearchParams(hash).get("z");
        const p = z === null ? new URLSearchParams(hash) : new URLSearchParams(inflateRawSync(Buffer.from(z, "base64url")).toString("utf8"));
        expect([p.get("p"), p.get("fn"), p.get("each")]).toEqual(["react", reactFuzzTarget.print([f.case], "default").functionNames[0], "1"]);
        expect(p.get("src")).toBe(readFileSync(join(dir, "case.js"), "utf8"));
      } finally {
        if (saved === undefined) delete process.env.FORMAL_SSA_EXPLORER;
        else process.env.FORMAL_SSA_EXPLORER = saved;
        rmSync(out, { recursive: true, force: true });
      }
    });
});
