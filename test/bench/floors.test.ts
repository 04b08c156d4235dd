/**
 * The two floors under `validate` that bench/real_c.ts times (bench/parse_floor.ts and
 * bench/adapt_floor.ts) do the work they claim: the parse floor parses every function of both
 * files, and the adapter floor adapts every pair `validate` reports and sees the same
 * `same_instructions` failures, so the bench's split of validate's time compares like with like.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, ROOT, runMain } from "../cli/cli.js";

const FIXTURES = join(ROOT, "test/fixtures/llvm");
const BEFORE = join(FIXTURES, "loops.before.ll");
const AFTER = join(FIXTURES, "loops.after.ll");

function floor(script: string, ...files: string[]): string {
  const r = spawnSync(process.execPath, [join(ROOT, "dist/bench", script), ...files], { encoding: "utf8" });
  expect(r.stderr).toBe("");
  expect(r.status).toBe(0);
  return r.stdout.trim();
}

interface JsonReport {
  functions: { name: string; properties: Record<string, { holds: boolean; failures?: number }> }[];
}

async function sameInstructionFailures(before: string, after: string): Promise<{ functions: number; failures: number }> {
  const r = await runMain(["validate", before, after, "--json"], ROOT);
  const report = JSON.parse(r.stdout) as JsonReport;
  let failures = 0;
  for (const f of report.functions) failures += f.properties.same_instructions?.failures ?? 0;
  return { functions: report.functions.length, failures };
}

describe("bench floors", () => {
  beforeAll(() => ensureBuilt());

  it("parse_floor.js parses every function of both files", () => {
    const defines = (f: string) => readFileSync(f, "utf8").split("\n").filter((l) => l.startsWith("define ")).length;
    expect(defines(BEFORE)).toBeGreaterThan(1);
    expect(floor("parse_floor.js", BEFORE, AFTER)).toMatch(new RegExp(`^${defines(BEFORE) + defines(AFTER)} functions, [1-9][0-9]* instructions parsed$`));
  });

  it("adapt_floor.js adapts the pairs validate reports, with the same same_instructions failures", async () => {
    const good = await sameInstructionFailures(BEFORE, AFTER);
    expect(good.failures).toBe(0);
    expect(floor("adapt_floor.js", BEFORE, AFTER)).toBe(`${good.functions} function pairs adapted, 0 same_instructions failures`);

    // an instruction mem2reg may not change, changed: the adapter floor must see it as validate does
    const dir = mkdtempSync(join(tmpdir(), "formal-ssa-floors-"));
    try {
      const mutant = join(dir, "loops.after.ll");
      const text = readFileSync(AFTER, "utf8");
      expect(text).toContain("add nsw");
      writeFileSync(mutant, text.replace("add nsw", "sub nsw"));
      const bad = await sameInstructionFailures(BEFORE, mutant);
      expect(bad.failures).toBeGreaterThan(0);
      expect(floor("adapt_floor.js", BEFORE, mutant)).toBe(`${bad.functions} function pairs adapted, ${bad.failures} same_instructions failures`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
