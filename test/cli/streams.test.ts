/**
 * The command line's edges: `--version`; `-` for standard input in every file argument (as opt
 * and clang take it) and `-o` for the output; `construct` on a CFG that breaks CFG_wf (exit 1,
 * naming the use, nothing on stdout) and `--unchecked`; what `check` says holds; bytes that are
 * not UTF-8 and duplicate JSON keys as malformed input (exit 2, one line, no output). What reads
 * standard input, and `--version`, run the bin as a process (`run`); the rest its program in the
 * test's process (`main`, runMain).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { UNDEF_CFG } from "../helpers/documents.js";
import { ensureBuilt, MAIN, ROOT, runCli, runMain } from "./cli.js";

let dir: string;
const run = (args: string[], input?: string | Uint8Array) => runCli(args, ROOT, input);
const main = (args: string[]) => runMain(args, ROOT);
const text = (f: string) => readFileSync(join(ROOT, f), "utf8");
const noMs = (s: string) => s.replace(/\d+(\.\d+)? ms\b/g, "<t> ms").replace(/"milliseconds": [\d.]+/g, "\"milliseconds\": <t>");

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "formal-ssa-streams-"));
});

const UNDEF = JSON.stringify(UNDEF_CFG);

describe("--version", () => {
  it("prints the package's version, exit 0", () => {
    const version = (JSON.parse(text("package.json")) as { version: string }).version;
    for (const flag of ["--version", "-V"]) expect(run([flag])).toEqual({ status: 0, stdout: `${version}\n`, stderr: "" });
  });
});

describe("- is standard input, -o the output", () => {
  it("check, dot, construct and validate read - as a file, with the same output", async () => {
    for (const args of [["check", "examples/loop.json"], ["dot", "examples/loop.json"], ["construct", "examples/loop.json"]]) {
      const file = await main(args);
      const piped = run([args[0], "-"], text(args[1]));
      expect(file.status).toBe(0);
      expect(noMs(piped.stdout)).toBe(noMs(file.stdout));
    }
    const file = await main(["validate", "examples/diamond.json", "examples/diamond.bad.ssa.json"]);
    const piped = run(["validate", "examples/diamond.json", "-"], text("examples/diamond.bad.ssa.json"));
    expect(piped.status).toBe(1);
    expect(noMs(piped.stdout)).toBe(noMs(file.stdout));
    const llvm = run(["validate", "-", "test/fixtures/llvm/loops.after.ll", "--json"], text("test/fixtures/llvm/loops.before.ll"));
    expect(JSON.parse(llvm.stdout).producer).toBe("mem2reg");
    expect(llvm.status).toBe(0);
  });
  it("standard input's messages name <stdin>", () => {
    expect(run(["check", "-"], "{\n  oops\n}")).toEqual({ status: 2, stdout: "", stderr: "formal-ssa: <stdin>: not JSON: line 2, column 3: expected a string key or '}', found 'o'\n" });
  });
  it("a reader that stops early (| head): the rest is dropped quietly, the exit code is the command's own", async () => {
    // a chain of 20,000 blocks: its SSA document and its DOT are far beyond a pipe's buffer
    const blocks = Array.from({ length: 20_000 }, (_, i) => ({ id: `B${i}`, preds: i === 0 ? [] : [`B${i - 1}`], stmts: [{ defs: ["x"], uses: i === 0 ? [] : ["x"] }] }));
    const dir = mkdtempSync(join(tmpdir(), "formal-ssa-pipe-"));
    const doc = join(dir, "chain.json");
    writeFileSync(doc, JSON.stringify({ format: "formal-ssa/1", kind: "cfg", name: "chain", entry: "B0", blocks }));
    for (const args of [["construct", doc], ["dot", doc]]) {
      const child = spawn(process.execPath, [MAIN, ...args], { stdio: ["ignore", "pipe", "pipe"] });
      let err = "";
      child.stderr.on("data", (d) => (err += String(d)));
      // read the first chunk, then go away as head does
      await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
      child.stdout.destroy();
      const code = await new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
      expect([args[0], code, err]).toEqual([args[0], 0, ""]);
    }
  });

  it("two inputs cannot both be standard input", () => {
    const r = run(["validate", "-", "-"], text("examples/diamond.json"));
    expect(r).toEqual({ status: 2, stdout: "", stderr: "formal-ssa: -: standard input can be only one of the inputs\n" });
  });
  it("-o writes the report or document to a file and nothing to stdout", async () => {
    for (const args of [
      ["validate", "examples/diamond.json", "examples/diamond.ssa.json"],
      ["check", "examples/diamond.ssa.json", "--json"],
      ["dot", "examples/diamond.json"],
      ["construct", "examples/diamond.json"],
    ]) {
      const out = join(dir, `${args[0]}.out`);
      const r = await main([...args, "-o", out]);
      expect({ args, status: r.status, stdout: r.stdout }).toEqual({ args, status: 0, stdout: "" });
      expect(noMs(readFileSync(out, "utf8"))).toBe(noMs((await main(args)).stdout));
    }
    const r = await main(["dot", "examples/diamond.json", "-o", join(dir, "no", "such", "dir.dot")]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^formal-ssa: .*dir\.dot: cannot write the file \(no such file\)\n$/);
  });
});

describe("construct on a CFG that breaks CFG_wf", () => {
  it("exit 1, the broken assumption with its witness on stderr, nothing on stdout", () => {
    const r = run(["construct", "-"], UNDEF);
    expect(r).toEqual({
      status: 1,
      stdout: "",
      stderr:
        "formal-ssa: <stdin>: function undef breaks CFG_wf, so no SSA construction would be a valid translation of it (the option unchecked, --unchecked, builds one anyway):\n" +
        "  FAILS  def_ass_uses (1 failure)\n" +
        "           path B0 -> B2: use of x at block B2, statement 0: want a definition on every path from the entry, have none on this path\n",
    });
  });
  it("--unchecked builds it anyway, and validate rejects the result", () => {
    const r = run(["construct", "-", "--unchecked"], UNDEF);
    expect(r.status).toBe(0);
    const cfg = join(dir, "undef.json");
    writeFileSync(cfg, UNDEF);
    expect(run(["validate", cfg, "-"], r.stdout).status).toBe(1);
  });
});

describe("check says what holds", () => {
  it("an original CFG: CFG_wf; an SSA: CFG_SSA_wf, and a required quality property with it", async () => {
    const cfg = await main(["check", "examples/loop.json"]);
    expect(noMs(cfg.stdout).split("\n")[0]).toBe("function loop: x := 0; while (x) { x := x + 1 }; use x: CFG_wf holds (4 blocks, 9 nodes, <t> ms)");
    expect(cfg.stdout.trimEnd().split("\n").at(-1)).toBe("holds: the assumptions hold in 1 of 1 function");
    const bad = await main(["check", "examples/diamond.bad.ssa.json"]);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/: CFG_SSA_wf fails \(/);
    expect(bad.stdout.trimEnd().split("\n").at(-1)).toBe("fails: the assumptions hold in 0 of 1 function");
    expect(bad.stdout).not.toContain("certified");
    const req = await main(["check", "examples/loop.ssa.json", "--require", "pruned"]);
    expect(req.stdout).toMatch(/: CFG_SSA_wf \+ pruned holds \(/);
    expect(JSON.parse((await main(["check", "examples/loop.json", "--json"])).stdout)).toMatchObject({ format: "formal-ssa/check@1", verdict: "holds", functions: [{ kind: "cfg", verdict: "holds" }] });
  });
});

describe("malformed bytes and keys", () => {
  it("a file that is not UTF-8: exit 2, one line with the line and byte offset, nothing on stdout", async () => {
    const bytes = Buffer.concat([Buffer.from('{"format": "formal-ssa/1",\n "name": "'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const f = join(dir, "latin1.json");
    writeFileSync(f, bytes);
    const r = await main(["check", f]);
    expect(r).toEqual({ status: 2, stdout: "", stderr: `formal-ssa: ${f}: not UTF-8: line 2, byte offset 37: incomplete sequence 0xe9 (followed by 0x22, not a continuation byte)\n` });
    expect(run(["construct", "-"], bytes).stderr).toBe("formal-ssa: <stdin>: not UTF-8: line 2, byte offset 37: incomplete sequence 0xe9 (followed by 0x22, not a continuation byte)\n");
    const ll = Buffer.concat([Buffer.from("; ModuleID = 'x'\ndefine void @f() {\n; "), Buffer.from([0xff]), Buffer.from("\nentry:\n  ret void\n}\n")]);
    const before = join(dir, "bad.ll");
    writeFileSync(before, ll);
    const v = await main(["validate", before, before]);
    expect(v.status).toBe(2);
    expect(v.stderr).toBe(`formal-ssa: ${before}: not UTF-8: line 3, byte offset 38: invalid byte 0xff\n`);
  });
  it("a duplicate key: exit 2, naming the line, the column and where", () => {
    const doc = text("examples/diamond.json").replace('"entry": "B0",', '"entry": "B0", "entry": "B1",');
    const r = run(["check", "-"], doc);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^formal-ssa: <stdin>: line 5, column \d+: duplicate key "entry" in the top-level object\n$/);
  });
});
