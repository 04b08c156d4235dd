/**
 * `runMain` (the program run inside the test's process, test/cli/cli.ts) is the bin: on every
 * command, certified, rejected and malformed inputs, bad command lines, help, `-o` and fuzzing
 * findings, it gives the same exit code, standard output and standard error as a process of
 * the built bin (`runCli`), and writes the same files. The tests that use `runMain` rest on it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, ROOT, runCli, runMain } from "./cli.js";

/** Timings aside: milliseconds in reports, the fuzzer's rate line. */
const noTime = (s: string) =>
  s
    .replace(/\d+(\.\d+)? ms\b/g, "<t> ms")
    .replace(/"milliseconds": [\d.]+/g, '"milliseconds": <t>')
    .replace(/in [\d.]+ s, \d+ CFGs\/s/g, "in <t> s, <n> CFGs/s")
    .replace(/tried in [\d.]+ s/g, "tried in <t> s");
const haveGcc = spawnSync(process.env.GCC || "gcc", ["-dumpfullversion"], { encoding: "utf8" }).stdout?.startsWith("12.") === true;

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "formal-ssa-in-process-"));
  writeFileSync(join(dir, "broken.json"), "{ not json");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LLVM = "test/fixtures/llvm";
/** Each command once, each exit code, each way of printing (commander's help and errors, whole texts, documents written as they are made, progress lines). */
const CASES: string[][] = [
  ["demo"],
  ["--help"],
  ["bogus"],
  ["validate", "examples/diamond.json", "examples/diamond.ssa.json"],
  ["validate", "examples/diamond.json", "examples/diamond.bad.ssa.json", "--require", "pruned"],
  ["validate", "examples/diamond.json", "examples/diamond.bad.ssa.json", "--json"],
  ["validate", "examples/diamond.json", "no/such/file.json"],
  ["check", "examples/diamond.bad.ssa.json"],
  ["check", "examples/loop.json", "--json"],
  ["construct", "examples/irreducible.json", "--algorithm", "braun", "--minimize", "peel"],
  ["construct", "examples/loop.ssa.json"],
  ["dot", "examples/loop.ssa.json"],
  ["validate", `${LLVM}/loops.before.ll`, `${LLVM}/loops.after.ll`, "--functions"],
  ["validate", `${LLVM}/uninit.before.ll`, `${LLVM}/uninit.after.ll`, "--undef", "strict"],
  ["construct", `${LLVM}/loops.before.ll`],
  ["fuzz", "--runs", "30", "--seed", "5", "--out", "finding"],
  ["fuzz", "--runs", "0"],
  ["react", "test/react/fixtures/loops.js", "test/react/fixtures/nested.js", "--functions", "--skipped"],
];

describe("runMain gives what the bin's process gives", () => {
  it.each(CASES)("formal-ssa %s", async (...args) => {
    const [spawned, inProcess] = [runCli(args, ROOT), await runMain(args, ROOT)];
    expect(spawned.status).not.toBeNull();
    expect({ ...inProcess, stdout: noTime(inProcess.stdout), stderr: noTime(inProcess.stderr) }).toEqual({ ...spawned, stdout: noTime(spawned.stdout), stderr: noTime(spawned.stderr) });
  });

  it("a malformed file named relative to the working directory, and -o writing a file and nothing on stdout", async () => {
    for (const args of [["check", "broken.json"], ["validate", "broken.json", join(ROOT, "examples/loop.json")]]) expect(await runMain(args, dir)).toEqual(runCli(args, dir));
    for (const args of [
      ["construct", join(ROOT, "examples/nested-loops-break.json"), "--algorithm", "cytron"],
      ["validate", join(ROOT, "examples/diamond.json"), join(ROOT, "examples/diamond.bad.ssa.json"), "--json"],
      ["dot", join(ROOT, "examples/irreducible.json")],
    ]) {
      const spawned = runCli([...args, "-o", "spawned.out"], dir);
      const inProcess = await runMain([...args, "-o", "in-process.out"], dir);
      expect(inProcess).toEqual(spawned);
      expect(inProcess.stdout).toBe("");
      expect(noTime(readFileSync(join(dir, "in-process.out"), "utf8"))).toBe(noTime(readFileSync(join(dir, "spawned.out"), "utf8")));
    }
  });

  it("a fuzzing finding: the same report, and the same files written", async () => {
    const [a, b] = [join(dir, "a"), join(dir, "b")];
    for (const d of [a, b]) rmSync(d, { recursive: true, force: true });
    const args = (d: string) => ["fuzz", "--constructor", "echo garbage", "--runs", "20", "--seed", "5", "--out", d];
    const spawned = runCli(args(a), ROOT);
    const inProcess = await runMain(args(b), ROOT);
    expect(spawned.status).toBe(1);
    expect(noTime(inProcess.stdout)).toBe(noTime(spawned.stdout).replaceAll(a, b));
    expect(noTime(inProcess.stderr)).toBe(noTime(spawned.stderr).replaceAll(a, b));
    expect(inProcess.status).toBe(spawned.status);
    // one finding, in a folder of the same name in both
    const [folder] = readdirSync(a);
    expect(readdirSync(b)).toEqual([folder]);
    expect(readdirSync(join(b, folder))).toEqual(readdirSync(join(a, folder)));
    for (const f of readdirSync(join(a, folder))) expect(noTime(readFileSync(join(b, folder, f), "utf8")), f).toBe(noTime(readFileSync(join(a, folder, f), "utf8")).replaceAll(a, b));
  });

  it.skipIf(!haveGcc)("formal-ssa gcc", async () => {
    const args = ["gcc", "test/fixtures/gcc/loops.c", "--functions"];
    const spawned = runCli(args, ROOT);
    expect(spawned.status).toBe(0);
    expect(noTime((await runMain(args, ROOT)).stdout)).toBe(noTime(spawned.stdout));
  });

  it("standard input stays the process's: runMain refuses -", async () => {
    await expect(runMain(["check", "-"], ROOT)).rejects.toThrow(/use runCli/);
  });
});
