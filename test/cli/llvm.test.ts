/**
 * `validate` and `construct` on LLVM IR through the built CLI: reports, exit codes, malformed
 * input. Run in the test's process (runMain), but for the progress bar of a real process's
 * stderr and the worker threads that environment variables read at start-up force (runCli).
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generatePair } from "../llvm/gen_pair.js";
import { ensureBuilt, ROOT, runCli, runMain } from "./cli.js";

let dir: string;
const run = (...args: string[]) => runMain(args, ROOT);
/** The bin as a process of its own. */
const spawn = (...args: string[]) => runCli(args, ROOT);
const FX = "test/fixtures/llvm";
const fx = (name: string) => join(FX, name);
const file = (name: string, content: string) => {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
};

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "formal-ssa-llvm-cli-"));
});

describe("validate before.ll after.ll", () => {
  it("certifies every function: the summary line, exit 0; a line per function with --functions", async () => {
    const r = await run("validate", fx("loops.before.ll"), fx("loops.after.ll"));
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      "mem2reg placed 6 phis, braun+peel needs 6 (every difference explained); 0 uses certified up to refinement; 0 unreachable blocks left out\n" +
        "certified: 3 of 3 functions certified\n",
    );
    const f = await run("validate", fx("loops.before.ll"), fx("loops.after.ll"), "--functions");
    expect(f.status).toBe(0);
    expect(f.stdout).toMatch(/^function @sum_for: certified \(5 blocks, 13 nodes, mem2reg 2 phis, minimum 2, [\d.]+ ms\)$/m);
    expect(f.stdout.match(/^function /gm)).toHaveLength(3);
  });

  it("--json: one entry per function with stats.phis and stats.phis_minimum, same_instructions among the properties", async () => {
    const r = await run("validate", fx("uninit.g.before.ll"), fx("uninit.g.after.ll"), "--json");
    expect(r.status).toBe(0);
    const rep = JSON.parse(r.stdout);
    expect(rep.format).toBe("formal-ssa/report@1");
    expect(rep.functions.map((f: { name: string }) => f.name)).toEqual(["@maybe_uninit", "@last_value"]);
    const [m, l] = rep.functions;
    expect(m.verdict).toBe("certified");
    expect(m.stats).toMatchObject({ phis: 0, phis_minimum: 1, refinements: 1, unreachable_blocks: 0 });
    expect(m.properties.same_instructions).toEqual({ holds: true });
    expect(m.differences[0]).toMatch(/^undef fold at block if.end/);
    expect(l.stats).toMatchObject({ phis: 2, phis_minimum: 2, refinements: 0 });
  });

  it("--undef strict rejects the refinement with a witness (exit 1); refine is the default for LLVM input", async () => {
    const r = await run("validate", fx("uninit.before.ll"), fx("uninit.after.ll"), "--undef", "strict");
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^function @maybe_uninit: rejected/m);
    expect(r.stdout).toMatch(/FAILS {2}equiv \(1 failure\)\n\s+path entry -> if.end: at the use of x.if.then.0 in block if.end, statement 0, x was last defined at block entry, statement \d, but x.if.then.0 stands for no definition/);
    expect(r.stdout).toMatch(/FAILS {2}allUses_def_ass \(1 failure\)\n\s+path entry -> if.end: use of x.if.then.0 at block if.end, statement 0/);
    expect(r.stdout).not.toMatch(/^function @last_value/m);
    expect(r.stdout).toMatch(/rejected: 1 of 2 functions certified\n$/);
    expect((await run("validate", fx("uninit.before.ll"), fx("uninit.after.ll"), "--undef", "refine")).status).toBe(0);
  });

  it("a mutant is rejected with its witnesses and the place of a changed instruction", async () => {
    const after = readFileSync(fx("loops.after.ll"), "utf8")
      .replace("%s.0 = phi i32 [ 0, %entry ], [ %add, %for.inc ]", "%s.0 = phi i32 [ %add, %entry ], [ 0, %for.inc ]")
      .replace("%inc = add nsw i32 %i.0, 1", "%inc = add nsw i32 %i.0, 2");
    const r = await run("validate", fx("loops.before.ll"), file("loops.mutant.ll", after));
    expect(r.status).toBe(1);
    // one sentence first: what is wrong and where
    expect(r.stdout).toMatch(/^function @sum_for: rejected: same_instructions fails at block for.inc, line 32 \(line 22 after mem2reg\): operand 2 of `%inc = add nsw i32 %4, 1` is 1 before and 2 after mem2reg/m);
    expect(r.stdout).toMatch(/FAILS {2}same_instructions \(1 failure\)\n\s+block for.inc, line 32 \(line 22 after mem2reg\): operand 2 of `%inc = add nsw i32 %4, 1` is 1 before and 2 after mem2reg/);
    // the phi's argument for the entry is %add, which does not dominate the entry's end: not a
    // pairing problem but allUses_def_ass's, which stays decided at that use with its path
    expect(r.stdout).toMatch(/FAILS {2}allUses_def_ass \(1 failure\)\n\s+path entry: use of s\.for\.body\.\d as argument 0 of the phi in block for\.cond, used at the end of block entry: want a definition on every path from the entry, have none on this path\n/);
    // what rests on the pairing is not decided, and not reported as failing
    expect(r.stdout).toMatch(/\n {2}not decided: phis_wf, .*\bequiv\b.* \(they rest on the pairing of the instructions, which same_instructions rejects\)\n/);
    expect(r.stdout).not.toMatch(/not decided: [^\n]*allUses_def_ass/);
    expect(r.stdout).not.toMatch(/FAILS {2}equiv/);
    expect(r.stdout).toMatch(/rejected: 2 of 3 functions certified\n$/);
  });

  it("reads UTF-8 text (ASCII files take a faster path): a non-ASCII function name and comment", async () => {
    const before = `; café\ndefine i32 @"café"(i32 %x) {\nentry:\n  %a = alloca i32, align 4\n  store i32 %x, i32* %a, align 4\n  %v = load i32, i32* %a, align 4\n  ret i32 %v\n}\n`;
    const after = `; café\ndefine i32 @"café"(i32 %x) {\nentry:\n  ret i32 %x\n}\n`;
    const r = await run("validate", file("u.before.ll", before), file("u.after.ll", after), "--functions");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^function @"café": certified/m);
    const bad = await run("validate", file("u2.before.ll", before), file("u2.after.ll", after.replace("ret i32 %x", "ret i32 0")), "--functions");
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/^function @"café": rejected/m);
  });

  it("tells LLVM IR by its content when the name does not end in .ll", async () => {
    const b = join(dir, "nested-before.txt");
    const a = join(dir, "nested-after.txt");
    copyFileSync(fx("nested.before.ll"), b);
    copyFileSync(fx("nested.after.ll"), a);
    const r = await run("validate", b, a);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("certified: 1 of 1 function certified");
  });

  it("a generated module of 2*10^4 functions: certified, with the progress bar on stderr", () => {
    const { before, after } = generatePair({ functions: 20000, rounds: 1 });
    const r = spawn("validate", file("big.before.ll", before), file("big.after.ll", after));
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      "mem2reg placed 20000 phis, braun+peel needs 20000 (every difference explained); 0 uses certified up to refinement; 0 unreachable blocks left out\n" +
        "certified: 20000 of 20000 functions certified\n",
    );
    expect(r.stderr).toMatch(/validate \[.*\] \d+\/20000 functions/);
  }, 120_000);
});

describe("worker threads (big modules on 4 or more cores; forced here)", () => {
  it("give the same reports and documents as one thread, malformed input included", async () => {
    const { before, after } = generatePair({ functions: 300, rounds: 3 });
    const b = file("par.before.ll", before);
    const a = file("par.after.ll", after.replace("%add1 = add nsw i32 %n, 1\n", "%add1 = add nsw i32 %n, 7\n").replace("ret i32 %s.2\n}\n\ndefine dso_local i32 @f250", "ret i32 0\n}\n\ndefine dso_local i32 @f250"));
    const noMs = (t: string) => t.replace(/"milliseconds": [\d.]+/g, "").replace(/, [\d.]+ ms\)/g, ")");
    // one thread: the program in this process (the input is below PARALLEL_BYTES); workers: the
    // bin, which reads FORMAL_SSA_PARALLEL_BYTES at start-up
    const both = async (...args: string[]) => {
      const seq = await run(...args);
      process.env.FORMAL_SSA_WORKERS = "3";
      process.env.FORMAL_SSA_PARALLEL_BYTES = "1";
      try {
        return [seq, spawn(...args)];
      } finally {
        delete process.env.FORMAL_SSA_WORKERS;
        delete process.env.FORMAL_SSA_PARALLEL_BYTES;
      }
    };
    const [seq, par] = await both("validate", b, a, "--functions");
    expect(seq.status).toBe(1);
    expect(par.status).toBe(1);
    expect(seq.stdout).toMatch(/rejected: 298 of 300 functions certified/);
    expect(noMs(par.stdout)).toBe(noMs(seq.stdout));
    const [sj, pj] = await both("validate", b, a, "--json");
    expect(noMs(pj.stdout)).toBe(noMs(sj.stdout));
    const [sc, pc] = await both("construct", b);
    expect(pc.status).toBe(0);
    expect(pc.stdout).toBe(sc.stdout);
    const broken = file("par.broken.ll", after.replace("br label %test1\n", ""));
    const [sm, pm] = await both("validate", b, broken);
    expect(pm.status).toBe(2);
    expect(pm.stderr).toBe(sm.stderr);
  }, 120_000);

  it("--jobs N: N threads give the same report and documents as --jobs 1; --jobs takes whole numbers from 1", async () => {
    const { before, after } = generatePair({ functions: 200, rounds: 2 });
    const b = file("jobs.before.ll", before);
    const a = file("jobs.after.ll", after.replace("ret i32 %s.1\n}\n\ndefine dso_local i32 @f150", "ret i32 0\n}\n\ndefine dso_local i32 @f150"));
    const noMs = (t: string) => t.replace(/"milliseconds": [\d.]+/g, "").replace(/, [\d.]+ ms\)/g, ")");
    // the bin reads FORMAL_SSA_PARALLEL_BYTES at start-up: 1 byte puts this small module over it
    process.env.FORMAL_SSA_PARALLEL_BYTES = "1";
    try {
      const one = spawn("validate", b, a, "--functions", "--jobs", "1");
      const three = spawn("validate", b, a, "--functions", "--jobs", "3");
      expect(one.status).toBe(1);
      expect(one.stdout).toMatch(/rejected: 199 of 200 functions certified/);
      expect(three.status).toBe(1);
      expect(noMs(three.stdout)).toBe(noMs(one.stdout));
      expect(spawn("construct", b, "--jobs", "2").stdout).toBe(spawn("construct", b, "--jobs", "1").stdout);
    } finally {
      delete process.env.FORMAL_SSA_PARALLEL_BYTES;
    }
    for (const bad of ["0", "two", "1.5"]) {
      const r = await run("validate", b, a, "--jobs", bad);
      expect(r.status).toBe(2);
      expect(r.stderr).toBe(`formal-ssa: --jobs: want a number of threads, 1 or more, have ${JSON.stringify(bad)}\n`);
    }
  }, 120_000);
});

describe("malformed input: exit 2, one line", () => {
  it("a block without a terminator, naming file and line", async () => {
    const bad = file("bad.ll", "define i32 @f() {\nentry:\n  %x = add i32 1, 2\n}\n");
    const r = await run("validate", bad, fx("loops.after.ll"));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(`formal-ssa: ${bad}:4: block %entry of function @f has no terminator\n`);
  });

  it("functions that do not pair, a missing file, LLVM against JSON", async () => {
    const one = await run("validate", fx("loops.before.ll"), fx("nested.after.ll"));
    expect(one.status).toBe(2);
    expect(one.stderr.trim().split("\n")).toHaveLength(1);
    expect(one.stderr).toMatch(/function @sum_for of .*loops.before.ll \(line \d+\) is missing/);
    const missing = await run("validate", join(dir, "none.ll"), fx("loops.after.ll"));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(`formal-ssa: ${join(dir, "none.ll")}: cannot read the file (no such file)\n`);
    const mixed = await run("validate", fx("loops.before.ll"), "examples/diamond.ssa.json");
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toMatch(/^formal-ssa: examples\/diamond.ssa.json: not LLVM IR, but .*loops.before.ll is/);
    expect((await run("validate", fx("loops.before.ll"), fx("loops.after.ll"), "--undef", "maybe")).status).toBe(2);
  });
});

describe("construct before.ll", () => {
  it("our SSA for every function, in the exchange format, well-formed; --algorithm and --minimize apply", async () => {
    const out = join(dir, "nested.ssa.json");
    const r = await run("construct", fx("nested.before.ll"), "-o", out, "--algorithm", "braun", "--minimize", "peel");
    expect(r.status).toBe(0);
    const doc = JSON.parse(readFileSync(out, "utf8"));
    expect(doc.kind).toBe("ssa");
    expect(doc.name).toBe("@nested");
    expect(doc.blocks.reduce((n: number, b: { phis?: unknown[] }) => n + (b.phis?.length ?? 0), 0)).toBe(7);
    const c = await run("check", out, "--require", "pruned,no_trivial_phis,no_redundant_set");
    expect(c.status).toBe(0);
    const many = await run("construct", fx("condexpr.g.before.ll"));
    expect(JSON.parse(many.stdout).functions.map((f: { name: string }) => f.name)).toEqual(["@pick", "@both", "@either"]);
  });
});

describe("exchange-format input keeps strict by default and accepts --undef refine", () => {
  it("diamond: certified either way", async () => {
    expect((await run("validate", "examples/diamond.json", "examples/diamond.ssa.json", "--undef", "refine")).status).toBe(0);
    const j = JSON.parse((await run("validate", "examples/diamond.json", "examples/diamond.ssa.json", "--undef", "refine", "--json")).stdout);
    expect(j.functions[0].stats.refinements).toBe(0);
    expect(JSON.parse((await run("validate", "examples/diamond.json", "examples/diamond.ssa.json", "--json")).stdout).functions[0].stats.refinements).toBeUndefined();
  });
});

void ROOT;
