/**
 * `formal-ssa fuzz` end to end through the built CLI, with fixed seeds (deterministic): the
 * differential mode is clean on our constructions, the example constructors behave as
 * documented (correct.mjs clean, buggy-braun.mjs caught and shrunk), crashing and garbage
 * constructors are findings, every finding is written and replays with `formal-ssa validate`.
 * The command runs in the test's process (runMain, the program the bin runs); the constructors
 * it runs are processes, with a per-case timeout (`--timeout`) far beyond what any of them takes
 * on a loaded machine, but in the test about timeouts.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, ROOT, runMain } from "./cli.js";

/**
 * The example constructors are Node scripts, started once per CFG: without this machine's extra CA
 * certificates (NODE_EXTRA_CA_CERTS), which they never use and which make each start-up about
 * three times as costly. The command is still an ordinary shell command of the protocol.
 */
const NODE = "env -u NODE_EXTRA_CA_CERTS node";

const run = (...args: string[]) => runMain(args, ROOT);
/** A constructor's per-case timeout where the timeout is not what is tested (the default, 5 s, is 50 times what a case takes on a quiet machine; this is 600 times). */
const MARGIN = ["--timeout", "60000"];
let dir: string;
let n = 0;
const outDir = () => join(dir, `finding-${n++}`);
const SLOW = 600_000;

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "formal-ssa-fuzz-"));
});

interface Doc {
  kind: string;
  blocks: { id: string }[];
}
const readJson = (file: string): Doc => JSON.parse(readFileSync(file, "utf8")) as Doc;
/** The one finding folder a run wrote under `out` (findings go in a folder each). */
function onlyFinding(out: string): string {
  const folders = readdirSync(out);
  expect(folders).toHaveLength(1);
  return join(out, folders[0]);
}

describe("differential mode: our algorithms and minimisations against the theorems", () => {
  for (const shape of ["reducible", "irreducible", "any"]) {
    it(`is clean on 300 ${shape} CFGs (exit 0), and says which seed it used`, async () => {
      const out = outDir();
      const r = await run("fuzz", "--runs", "300", "--seed", "20160301", "--shape", shape, "--out", out);
      expect(r.stderr).toContain("seed 20160301");
      expect(r.stdout).toContain("clean: 300 random CFGs, no finding (seed 20160301)");
      expect(r.status).toBe(0);
      expect(existsSync(out)).toBe(false);
    }, SLOW);
  }
  it("prints a random seed when none is given", async () => {
    const r = await run("fuzz", "--runs", "5", "--out", outDir());
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/seed \d+ \(repeat with --seed \d+\)/);
  });
});

describe("--constructor: the example constructors", () => {
  it("finds the seeded bug of buggy-braun.mjs within 1000 runs and shrinks it to at most 6 blocks; the files replay it", async () => {
    const out = outDir();
    const r = await run("fuzz", "--constructor", `${NODE} examples/constructors/buggy-braun.mjs`, "--runs", "1000", "--seed", "42", ...MARGIN, "--out", out);
    expect(r.stderr).toContain("seed 42");
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^FINDING \[constructor:rejected:phis_wf\]: validity: rejected \(fails phis_wf/);
    const dir = onlyFinding(out);
    expect(dir).toMatch(/constructor-rejected-phis_wf-[0-9a-f]{8}$/);
    const original = readJson(join(dir, "original.json"));
    expect(original.kind).toBe("cfg");
    expect(original.blocks.length).toBeLessThanOrEqual(6);
    expect(readJson(join(dir, "ssa.json")).kind).toBe("ssa");
    const readme = readFileSync(join(dir, "README.txt"), "utf8");
    const validate = `formal-ssa validate ${join(dir, "original.json")} ${join(dir, "ssa.json")}`;
    expect(readme).toContain(validate);
    expect(readme).toContain("validity: rejected");
    expect(readFileSync(join(dir, "report.txt"), "utf8")).toMatch(/FAILS {2}phis_wf/);
    expect(JSON.parse(readFileSync(join(dir, "report.json"), "utf8")).verdict).toBe("rejected");
    // the replay: the validator rejects the written SSA
    const replay = await run("validate", join(dir, "original.json"), join(dir, "ssa.json"));
    expect(replay.status).toBe(1);
    expect(replay.stdout).toContain("FAILS  phis_wf");
  }, SLOW);

  it("a second run never overwrites a finding: the same finding is kept, another one gets a folder of its own", async () => {
    const out = outDir();
    const cmd = `${NODE} examples/constructors/buggy-braun.mjs`;
    const batch = ["--batch", "25"];
    const first = await run("fuzz", "--constructor", cmd, "--runs", "1000", "--seed", "42", ...batch, ...MARGIN, "--out", out);
    const dir = onlyFinding(out);
    const before = readFileSync(join(dir, "README.txt"), "utf8");
    const again = await run("fuzz", "--constructor", cmd, "--runs", "1000", "--seed", "42", ...batch, ...MARGIN, "--out", out);
    expect(again.status).toBe(1);
    expect(again.stdout).toContain(`the same finding is in ${dir} already (kept as it is)`);
    expect(readFileSync(join(dir, "README.txt"), "utf8")).toBe(before);
    // structured CFGs find the same bug on another CFG: a folder of its own beside the first
    const other = await run("fuzz", "--constructor", cmd, "--runs", "1000", "--seed", "42", "--shape", "reducible", ...batch, ...MARGIN, "--out", out);
    expect(other.status).toBe(1);
    const folders = readdirSync(out).sort();
    expect(folders.length).toBe(2);
    expect(readFileSync(join(dir, "README.txt"), "utf8")).toBe(before);
    expect(first.stdout).not.toBe(other.stdout);
  }, SLOW);

  // a process per CFG: the command line's loop, not the construction, is what this tests (the
  // library's properties run thousands of CFGs in-process)
  it("correct.mjs is clean on 50 CFGs of any shape, one process each (exit 0)", async () => {
    const out = outDir();
    const r = await run("fuzz", "--constructor", `${NODE} examples/constructors/correct.mjs`, "--runs", "50", "--seed", "7", ...MARGIN, "--out", out);
    expect(r.stdout).toContain("clean: 50 random CFGs");
    expect(r.status).toBe(0);
    expect(existsSync(out)).toBe(false);
  }, SLOW);
});

describe("--constructor with --batch: N CFGs per run, as one module", () => {
  const wrong = (assume: string) => `${NODE} examples/constructors/wrong-assumptions.mjs --assume ${assume}`;
  it("the preheader-first assumption is caught under --shape reducible within 1000 CFGs and shrunk to at most 4 blocks; the files replay it with the module the constructor was given", async () => {
    const out = outDir();
    const cmd = wrong("preheader-first");
    const r = await run("fuzz", "--constructor", cmd, "--shape", "reducible", "--runs", "1000", "--batch", "100", "--seed", "11", ...MARGIN, "--out", out);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^FINDING \[constructor:rejected:[A-Za-z_]+\]: validity: rejected/);
    expect(r.stderr).toMatch(/fuzz: \d+ random CFGs in [\d.]+ s, \d+ CFGs\/s; shrinking: \d+ steps, \d+ smaller CFGs tried in [\d.]+ s/);
    const dir = onlyFinding(out);
    const original = JSON.parse(readFileSync(join(dir, "original.json"), "utf8")) as { functions: Doc[] };
    expect(original.functions).toHaveLength(1);
    expect(original.functions[0].blocks.length).toBeLessThanOrEqual(4);
    const readme = readFileSync(join(dir, "README.txt"), "utf8");
    expect(readme).toContain(`${cmd} < ${join(dir, "original.json")} > ${join(dir, "ssa.json")}`);
    expect(readme).toContain("with --batch: a module on stdin");
    // the replay, as README.txt says: the constructor again on original.json, then validate
    const again = spawnSync("sh", ["-c", `${cmd} < ${join(dir, "original.json")}`], { cwd: ROOT, encoding: "utf8" });
    expect(again.stdout).toBe(readFileSync(join(dir, "ssa.json"), "utf8"));
    const replay = await run("validate", join(dir, "original.json"), join(dir, "ssa.json"));
    expect(replay.status).toBe(1);
  }, SLOW);
  it("correct.mjs is clean on 600 CFGs of any shape in batches of 50", async () => {
    const out = outDir();
    const r = await run("fuzz", "--constructor", `${NODE} examples/constructors/correct.mjs`, "--runs", "600", "--batch", "50", "--seed", "7", ...MARGIN, "--out", out);
    expect(r.stdout).toContain("clean: 600 random CFGs");
    expect(r.status).toBe(0);
  }, SLOW);
  it("a crash on one CFG of a batch is bisected to that CFG: the finding is the crash, on a CFG with a self-loop", async () => {
    const out = outDir();
    const r = await run("fuzz", "--constructor", `${NODE} test/fixtures/constructors/crash-on-self-loop.mjs`, "--runs", "200", "--batch", "10", "--seed", "3", ...MARGIN, "--out", out);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("FINDING [constructor:crash:exit status N: crash-on-self-loop.mjs: a self-loop]: crash: exit status 3: crash-on-self-loop.mjs: a self-loop");
    const original = JSON.parse(readFileSync(join(onlyFinding(out), "original.json"), "utf8")) as { functions: { blocks: { id: string; preds: string[] }[] }[] };
    expect(original.functions[0].blocks.some((b) => b.preds.includes(b.id))).toBe(true);
    expect(original.functions[0].blocks.length).toBeLessThanOrEqual(3);
  }, SLOW);
});

describe("--constructor: broken commands are findings", () => {
  it("a crash (exit status 3) is a finding, shrunk, with the same files on the same seed", async () => {
    const out1 = outDir();
    const out2 = outDir();
    const cmd = `node -e "process.exit(3)"`;
    const r = await run("fuzz", "--constructor", cmd, "--runs", "20", "--seed", "5", ...MARGIN, "--out", out1);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("FINDING [constructor:crash:exit status N]: crash: exit status 3");
    const dir1 = onlyFinding(out1);
    expect(readFileSync(join(dir1, "README.txt"), "utf8")).toContain(`${cmd} < ${join(dir1, "original.json")}`);
    await run("fuzz", "--constructor", cmd, "--runs", "20", "--seed", "5", ...MARGIN, "--out", out2);
    expect(readFileSync(join(onlyFinding(out2), "original.json"), "utf8")).toBe(readFileSync(join(dir1, "original.json"), "utf8"));
  });
  it("garbage on stdout is a finding (malformed output); validate replays it with exit 2", async () => {
    const out = outDir();
    const r = await run("fuzz", "--constructor", "echo garbage", "--runs", "20", "--seed", "5", ...MARGIN, "--out", out);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^FINDING \[constructor:malformed-output:[^\]]*\]: malformed output/);
    const dir = onlyFinding(out);
    expect((await run("validate", join(dir, "original.json"), join(dir, "ssa.json"))).status).toBe(2);
  });
  it("echoing the CFG back is malformed (not an SSA document); a renamed block is a same_graph mismatch", async () => {
    expect((await run("fuzz", "--constructor", "cat", "--runs", "20", "--seed", "5", ...MARGIN, "--out", outDir())).stdout).toContain('expected an SSA CFG ("kind": "ssa")');
    const r = await run("fuzz", "--constructor", `${NODE} examples/constructors/correct.mjs | sed s/B1/X1/`, "--runs", "50", "--seed", "5", ...MARGIN, "--out", outDir());
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("FINDING [constructor:same_graph]: same_graph");
  }, SLOW);
  it("a constructor that does not answer in time is a finding (--timeout)", async () => {
    const r = await run("fuzz", "--constructor", "sleep 5", "--timeout", "200", "--runs", "3", "--seed", "5", "--out", outDir());
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("FINDING [constructor:timeout]: timeout: no answer within 200 ms");
  }, SLOW);
});

describe("bad usage: exit 2", () => {
  it.each([
    [["--runs", "0"]],
    [["--runs", "many"]],
    [["--seed", "1.5"]],
    [["--shape", "round"]],
    [["--shape", "irreducible", "--max-blocks", "2"]],
    [["--constructor", " "]],
    [["--timeout", "-1"]],
    [["--target", "nosuch"]],
    [["--target", "llvm-mem2reg", "--constructor", "cat"]],
    [["--target", "llvm-mem2reg", "--variant", "17"]],
    [["--target", "llvm-mem2reg", "--shard", "3/2"]],
    [["--target", "llvm-mem2reg", "--time", "0"]],
    [["--target", "llvm-mem2reg", "--shape", "reducible"]],
    [["--shard", "1/2"]],
    [["--batch", "10"]],
    [["--batch", "0", "--constructor", "cat"]],
    [["--time", "10s"]],
    [["--replay", "/nonexistent/finding"]],
  ])("fuzz %j", async (args) => {
    const r = await run("fuzz", ...args);
    expect(r.status).toBe(2);
    expect(r.stderr).not.toBe("");
  });
});
