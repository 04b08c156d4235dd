/**
 * `validate`, `construct`, `check` and `dot` on SPIR-V modules through the built CLI: either form
 * for either input, exit codes, one-line messages for malformed modules. The program runs in the
 * test's process (runMain), but where it reads standard input (runCli).
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, ROOT, runCli, runMain } from "../cli/cli.js";

const FX = "test/fixtures/spirv";
const fx = (name: string) => join(FX, name);
const run = (...args: string[]) => runMain(args, ROOT);
let dir: string;

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "formal-ssa-spirv-cli-"));
});

describe("formal-ssa validate before after (SPIR-V)", () => {
  it("binary against text, text against binary: certified, exit 0, the summary line naming the pass", async () => {
    for (const [b, a] of [
      ["loops.before.spv", "loops.after.spvasm"],
      ["loops.before.spvasm", "loops.after.spv"],
    ]) {
      const r = await run("validate", fx(b), fx(a));
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(
        "spirv-opt --ssa-rewrite placed 8 phis, braun+peel needs 8 (every difference explained); 0 uses certified up to refinement; 0 unreachable blocks left out\ncertified: 1 of 1 function certified\n",
      );
    }
  });

  it("a module from standard input (-), binary", () => {
    const r = runCli(["validate", "-", fx("switch.after.spv")], ROOT, readFileSync(join(ROOT, fx("switch.before.spv"))));
    expect(r.status).toBe(0);
  });

  it("a mutant: exit 1, the failing property with its places", async () => {
    const mutant = join(dir, "loops.mutant.spvasm");
    writeFileSync(mutant, readFileSync(join(ROOT, fx("loops.after.spvasm")), "utf8").replace("OpIAdd %int %87 %int_2", "OpISub %int %87 %int_2"));
    const r = await run("validate", fx("loops.before.spv"), mutant);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^function main: rejected/m);
    expect(r.stdout).toMatch(/FAILS {2}same_instructions \(1 failure\)\n {11}block 43, word 279 \(line 80 after spirv-opt --ssa-rewrite\): a different instruction: %46 = OpIAdd %6 %45 %30 before, %46 = OpISub %int %87 %int_2 after\n/);
  });

  it("SPIR-V against an exchange-format document: exit 2, one line saying what to give", async () => {
    const r = await run("validate", fx("loops.before.spv"), "examples/diamond.json");
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("formal-ssa: examples/diamond.json: not SPIR-V, but test/fixtures/spirv/loops.before.spv is: give two SPIR-V modules, binary (.spv) or spirv-dis text (.spvasm), before and after `spirv-opt --ssa-rewrite` or two exchange-format files\n");
  });

  it("a truncated binary: exit 2, one line naming the word", async () => {
    const bytes = readFileSync(join(ROOT, fx("loops.before.spv")));
    const cut = join(dir, "cut.spv");
    writeFileSync(cut, bytes.subarray(0, 401));
    const r = await run("validate", cut, fx("loops.after.spv"));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(new RegExp(`^formal-ssa: ${cut.replace(/[.]/g, "\\.")}: word \\d+: .+\\n$`));
  });
});

describe("construct, check and dot on SPIR-V", () => {
  it("construct before.spv: our SSA of every function in the exchange format, which validate certifies against the module's original CFG", async () => {
    const r = await run("construct", fx("params.before.spv"), "--algorithm", "braun", "--minimize", "peel");
    expect(r.status).toBe(0);
    const m = JSON.parse(r.stdout);
    // glslang writes main first
    expect(m.functions.map((f: { name: string }) => f.name)).toEqual(["main", "step3(i1;i1;i1;"]);
  });

  it("check and dot refuse a binary module with one line", async () => {
    for (const cmd of ["check", "dot"]) {
      const r = await run(cmd, fx("loops.before.spv"));
      expect(r.status).toBe(2);
      expect(r.stderr).toBe(`formal-ssa: ${fx("loops.before.spv")}: SPIR-V in binary form, not an exchange-format document (construct reads it)\n`);
    }
  });
});
