/**
 * `formal-ssa fuzz --target`, `--replay` and `--merge` through the command's program (in
 * process): a clean campaign prints its summary table and exits 0; a finding is written to its
 * folder (finding.json, the case in the producer's language, README.txt with the commands that
 * reproduce it) and exits 1; `--replay` runs the case again (exit 1 while the finding is there,
 * 0 once it is gone); the findings of two shards merge into one per signature, hits summed.
 * The finding here is a real one of its kind: opt given 1 ms cannot answer (a timeout), which is
 * how a hang is caught. A campaign sent SIGTERM (the real bin: the test is about the process)
 * ends after its batch with its summary and the signal's exit code.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAIN, ROOT, runMain } from "../../cli/cli.js";

const SEED = String(Number(process.env.FC_SEED ?? 20161017));
const run = (...args: string[]) => runMain(args, ROOT);
const dir = mkdtempSync(join(tmpdir(), "formal-ssa-fuzz-target-"));
const SLOW = 300_000;

describe("formal-ssa fuzz --target llvm-mem2reg", () => {
  it("a clean campaign: the summary table, exit 0, nothing written", async () => {
    const out = join(dir, "clean");
    const r = await run("fuzz", "--target", "llvm-mem2reg", "--variant", "14,16", "--runs", "400", "--batch", "200", "--seed", SEED, "--out", out, "--timeout", "120000");
    expect(r.stderr).toContain(`seed ${SEED}`);
    expect(r.stdout).toMatch(/^target +variants +cases +seconds +cases\/s +findings +hits\nllvm-mem2reg +14,16 +400 /);
    expect(r.stdout).toContain(`clean: no finding (seed ${SEED})`);
    expect(r.status).toBe(0);
    expect(existsSync(out)).toBe(false);
  }, SLOW);

  it("a finding (opt cannot answer within 1 ms): written with its case and commands, exit 1; --replay: still there with the same timeout, gone without", async () => {
    const out = join(dir, "timeouts");
    const r = await run("fuzz", "--target", "llvm-mem2reg", "--variant", "14", "--runs", "4", "--batch", "4", "--seed", SEED, "--out", out, "--timeout", "1", "--shrink-time", "0");
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^FINDING \[llvm-mem2reg:timeout:opt-N: no answer within N ms, killed\]: llvm-mem2reg \(14\): timeout: opt-14: no answer within 1 ms, killed$/m);
    const folders = readdirSync(out);
    expect(folders.length).toBe(1);
    const finding = join(out, folders[0]);
    const record = JSON.parse(readFileSync(join(finding, "finding.json"), "utf8"));
    expect(record).toMatchObject({ format: "formal-ssa/producer-finding@1", target: "llvm-mem2reg", variant: "14", kind: "timeout", seed: Number(SEED) });
    // every case of the batch times out; each hit is confirmed on its case alone, a second 1 ms run
    expect(record.hits).toBeGreaterThanOrEqual(1);
    expect(record.hits).toBeLessThanOrEqual(4);
    expect(record.version).toMatch(/LLVM version 14/);
    expect(readFileSync(join(finding, "before.ll"), "utf8")).toMatch(/^define void @f0\(i32 noundef %p0, i32 noundef %p1\) \{$/m);
    const readme = readFileSync(join(finding, "README.txt"), "utf8");
    expect(readme).toContain("opt-14 -passes=mem2reg -S ./before.ll -o ./after.ll");
    expect(readme).toContain(`formal-ssa fuzz --replay ${finding}`);

    const still = await run("fuzz", "--replay", finding, "--timeout", "1");
    expect(still.stdout).toMatch(/^still there: llvm-mem2reg \(14\): timeout: opt-14: no answer within 1 ms, killed/);
    expect(still.status).toBe(1);
    const gone = await run("fuzz", "--replay", finding, "--timeout", "120000");
    expect(gone.stdout).toMatch(/^gone: clean/);
    expect(gone.status).toBe(0);
  }, SLOW);

  it("two shards: disjoint cases, their findings merged into one per signature with the hits summed", async () => {
    const shards = ["1/2", "2/2"].map((s) => join(dir, `shard-${s.replace("/", "-of-")}`));
    let hits = 0;
    for (const [k, out] of shards.entries()) {
      const r = await run("fuzz", "--target", "llvm-mem2reg", "--variant", "14", "--runs", "3", "--batch", "3", "--seed", SEED, "--shard", `${k + 1}/2`, "--out", out, "--timeout", "1", "--shrink-time", "0");
      expect(r.status).toBe(1);
      expect(r.stdout).toContain(`(seed ${SEED} --shard ${k + 1}/2)`);
      const record = JSON.parse(readFileSync(join(out, readdirSync(out)[0], "finding.json"), "utf8"));
      // case indices of shard 1 are even, of shard 2 odd
      expect(record.index % 2).toBe(k);
      // each case times out, alone too (a timeout is confirmed on its case alone, where a 1 ms
      // limit may also end in a kill the event loop reads first: at least the first case's)
      expect(record.hits).toBeGreaterThanOrEqual(1);
      hits += record.hits;
    }
    const merged = join(dir, "merged");
    const m = await run("fuzz", "--merge", ...shards, "--out", merged);
    expect(m.stdout).toMatch(new RegExp(`^llvm-mem2reg:timeout:opt-N: no answer within N ms, killed: ${hits} hits`, "m"));
    expect(m.stdout).toContain(`merged 2 folders into ${merged}: 1 finding`);
    expect(m.status).toBe(1);
    const folders = readdirSync(merged);
    expect(folders.length).toBe(1);
    expect(JSON.parse(readFileSync(join(merged, folders[0], "finding.json"), "utf8")).hits).toBe(hits);
  }, SLOW);

  it("SIGTERM during a long campaign: the batches under way end, the summary says interrupted with the cases run, exit 143", async () => {
    const out = join(dir, "interrupted");
    const child = spawn(process.execPath, [MAIN, "fuzz", "--target", "llvm-mem2reg", "--variant", "14", "--time", "10m", "--batch", "50", "--seed", SEED, "--out", out], { cwd: ROOT });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    // the header is printed once the target is prepared: the campaign is under way
    const started = new Promise<void>((resolve) => child.stderr.on("data", (d) => ((stderr += d), stderr.includes("per target") && resolve())));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    await started;
    child.kill("SIGTERM");
    const code = await exited;
    expect(stderr).toContain("formal-ssa fuzz: SIGTERM: stopping after the batches under way");
    expect(stdout).toMatch(/^target +variants +cases +seconds +cases\/s +findings +hits\nllvm-mem2reg +14 +\d+ /);
    expect(stdout).toContain("interrupted by SIGTERM: the table counts the cases run until then");
    expect(stdout).toContain(`clean: no finding (seed ${SEED})`);
    expect(code).toBe(143);
  }, SLOW);
});

describe("formal-ssa fuzz --target react-compiler (the compiler in a worker thread)", () => {
  it("a campaign of 40 cases: the summary table counts them all, and the process ends (the worker is closed)", async () => {
    const out = join(dir, "react");
    const r = await run("fuzz", "--target", "react-compiler", "--runs", "40", "--batch", "20", "--seed", SEED, "--out", out, "--shrink-runs", "5");
    expect(r.stdout).toMatch(/^target +variants +cases +seconds +cases\/s +findings +hits\nreact-compiler +default +40 /m);
    // the compiler's own invariants are findings (exit 1); nothing else may end the run
    expect([0, 1]).toContain(r.status);
    expect(r.stdout).not.toMatch(/FINDING \[react-compiler:(crash|timeout|unreadable|missing)/);
  }, SLOW);
});
