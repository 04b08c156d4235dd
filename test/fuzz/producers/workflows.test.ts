/**
 * The ready campaign files of examples/ci (a GitHub Actions matrix, a Kubernetes Indexed Job):
 * every `formal-ssa fuzz` command in them, with its variables set as a shard would have them,
 * parses and runs every target (a handful of cases ends it before the time budget) against its
 * baseline (`--known`): exit 0 or 1 (new findings), never 2, a usage error; the merge writes
 * the baseline with the new findings added;
 * the shards take the same seed, and their count matches the matrix or the job's completions.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runMain } from "../../cli/cli.js";

const dir = mkdtempSync(join(tmpdir(), "formal-ssa-workflows-"));
const FILES = { github: "examples/ci/github-fuzz-shards.yml", kubernetes: "examples/ci/k8s-fuzz-job.yaml" } as const;
/** An empty baseline, as a team starts with. */
const EMPTY_KNOWN = '{"format": "formal-ssa/known-findings@1", "findings": []}\n';

/** The `formal-ssa fuzz ...` commands of a file, without what follows `||`. */
function fuzzCommands(text: string): string[] {
  return [...text.matchAll(/npx formal-ssa (fuzz [^|\n]*)/g)].map((m) => m[1].trim());
}

/** A command line split into words, with the shell's double quotes and `$VAR`, `$((...))`, `${{ ... }}` filled in. */
function words(command: string, vars: Record<string, string>): string[] {
  const filled = command
    .replace(/\$\{\{ *matrix\.shard *\}\}/g, vars.shard)
    .replace(/\$\(\(JOB_COMPLETION_INDEX \+ 1\)\)/g, vars.shard)
    .replace(/\$JOB_COMPLETION_INDEX/g, String(Number(vars.shard) - 1))
    .replace(/"?\$(\w+)"?/g, (_, v: string) => vars[v] ?? `$${v}`);
  return filled.split(/\s+/).filter((w) => w !== "");
}

describe("examples/ci: ready campaign files", () => {
  it("GitHub Actions: one shard per matrix entry, one seed, and a merge of their findings", async () => {
    const text = readFileSync(join(ROOT, FILES.github), "utf8");
    const shards = /shard: \[([\d, ]+)\]/.exec(text)![1].split(",").map((s) => s.trim());
    expect(/SHARDS: (\d+)/.exec(text)![1]).toBe(String(shards.length));
    const [campaign, merge] = fuzzCommands(text);
    expect(campaign).toMatch(/--seed "\$SEED" --shard \$\{\{ matrix\.shard \}\}\/\$SHARDS/);
    expect(campaign).toMatch(/--known "\$KNOWN"/);
    const out = join(dir, "gh");
    const known = join(dir, "gh-known.json");
    writeFileSync(known, EMPTY_KNOWN);
    for (const shard of ["1", "2"]) {
      const argv = words(campaign, { shard, SEED: "7", SHARDS: String(shards.length), KNOWN: known }).map((w) => (w === "findings" ? join(out, `shard-${shard}`) : w));
      // the time budget stays; a handful of cases ends it first
      argv.push("--runs", "6", "--batch", "6", "--shrink-runs", "0");
      const r = await runMain(argv, ROOT);
      // 1: findings (the workflow goes on: `|| test $? -eq 1`); never 2, a usage error
      expect({ argv, status: r.status === 1 ? 0 : r.status, stderr: r.stderr.split("\n").filter((l) => l.startsWith("formal-ssa: ")) }).toEqual({ argv, status: 0, stderr: [] });
    }
    expect(merge).toMatch(/^fuzz --merge shards\/\* --out findings --known "\$KNOWN" --write-known findings\/known\.json$/);
    const mergeArgv = words(merge, { KNOWN: known }).map((w) => w.replace(/^findings/, join(out, "merged")).replace(/^shards\/\*$/, join(out, "shard-1")));
    mkdirSync(join(out, "shard-1"), { recursive: true });
    mkdirSync(join(out, "merged"), { recursive: true });
    const m = await runMain(mergeArgv, ROOT);
    expect({ mergeArgv, status: m.status === 1 ? 0 : m.status }).toEqual({ mergeArgv, status: 0 });
    expect(JSON.parse(readFileSync(join(out, "merged", "known.json"), "utf8")).format).toBe("formal-ssa/known-findings@1");
  }, 300_000);

  it("Kubernetes: an Indexed Job whose pod k runs shard k+1 of the completions, one seed", async () => {
    const text = readFileSync(join(ROOT, FILES.kubernetes), "utf8");
    expect(text).toContain("completionMode: Indexed");
    const completions = /completions: (\d+)/.exec(text)![1];
    expect(/name: SHARDS\n\s+value: "(\d+)"/.exec(text)![1]).toBe(completions);
    const [campaign] = fuzzCommands(text);
    expect(campaign).toContain("--known /findings/known.json");
    mkdirSync(join(dir, "k8s"), { recursive: true });
    writeFileSync(join(dir, "k8s", "known.json"), EMPTY_KNOWN);
    const argv = words(campaign, { shard: completions, SEED: "7", SHARDS: completions }).map((w) => w.replace(/^\/findings/, join(dir, "k8s")));
    expect(argv).toContain(`${completions}/${completions}`);
    argv.push("--runs", "6", "--batch", "6", "--shrink-runs", "0");
    const r = await runMain(argv, ROOT);
    expect({ argv, status: r.status === 1 ? 0 : r.status }).toEqual({ argv, status: 0 });
  }, 300_000);
});
