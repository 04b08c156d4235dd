/**
 * `formal-ssa gcc FILE.c [-- CFLAGS]` in process (api/node/gcc.ts, `validateC`): GCC compiles the
 * fixtures' C sources in a temporary directory and the two dumps are validated as `validate`
 * does them; nothing is left beside the source or in the temporary directory; GCC missing or
 * failing is a `ToolFailed` of its own. Skipped where there is no gcc.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validate } from "../../api/gcc.js";
import { ToolFailed, validateC } from "../../api/node/gcc.js";
import { withoutTimes } from "../../api/report.js";
import { ROOT } from "../cli/cli.js";

const FX = join(ROOT, "test/fixtures/gcc");
const haveGcc = spawnSync(process.env.GCC || "gcc", ["-dumpfullversion"], { encoding: "utf8" }).stdout?.startsWith("12.") === true;

describe.skipIf(!haveGcc)("validateC: gcc's dumps of a C file, validated", () => {
  let dir: string;
  let tmp: string;
  const savedTmp = process.env.TMPDIR;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "formal-ssa-gcc-test-"));
    // the temporary directories validateC makes go here, to be seen removed
    tmp = mkdtempSync(join(tmpdir(), "formal-ssa-gcc-tmp-"));
    process.env.TMPDIR = tmp;
  });
  afterAll(() => {
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    rmSync(dir, { recursive: true, force: true });
    rmSync(tmp, { recursive: true, force: true });
  });
  const source = (name: string) => {
    copyFileSync(join(FX, name), join(dir, name));
    return join(dir, name);
  };

  it("the report is validate's on the committed dumps (made with the same flags), and nothing is left behind", async () => {
    for (const [name, flags] of [["loops.c", []], ["setjmp.c", []], ["cxx.cc", ["-O2"]]] as const) {
      const r = await validateC(source(name), flags);
      const base = name.replace(/\.cc?$/, "");
      const committed = validate(readFileSync(join(FX, `${base}.fixup_cfg1`), "utf8"), readFileSync(join(FX, `${base}.ssa`), "utf8"));
      expect(withoutTimes(r)).toEqual(withoutTimes(committed));
      expect(r.verdict).toBe("certified");
    }
    expect(readdirSync(dir).sort()).toEqual(["cxx.cc", "loops.c", "setjmp.c"]);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("CFLAGS after -O0: -O2 wins (o2.c's remarks), -D reaches the preprocessor", async () => {
    const r = await validateC(source("o2.c"), ["-O2"]);
    expect(r.verdict).toBe("certified");
    expect(r.functions.flatMap((f) => f.differences ?? []).join("\n")).toMatch(/address no longer taken/);
    const o0 = await validateC(source("o2.c"));
    expect(o0.verdict).toBe("certified");
    expect(o0.functions.flatMap((f) => f.differences ?? []).join("\n")).not.toMatch(/address no longer taken/);
    await expect(validateC(source("loops.c"), ["-Dsum=renamed_sum"])).resolves.toMatchObject({ functions: expect.arrayContaining([expect.objectContaining({ name: "renamed_sum" })]) });
  });

  it("--require and --undef go through as for validate", async () => {
    const r = await validateC(source("uninit.c"), [], { undef: "refine", require: ["pruned"] });
    expect(r.verdict).toBe("certified");
    expect(r.require).toEqual(["pruned"]);
  });

  it("a file gcc cannot compile: ToolFailed with gcc's first lines; the temporary directory is removed", async () => {
    const bad = join(dir, "bad.c");
    writeFileSync(bad, "int f( { return 1 }\n");
    const err = await validateC(bad).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ToolFailed);
    expect((err as Error).message).toMatch(/^gcc failed on .*bad\.c \(exit 1\):\n {2}.*bad\.c:1:\d+: error: /);
    expect(readdirSync(tmp)).toEqual([]);
    expect((await validateC(join(dir, "missing.c")).catch((e: unknown) => e)) as Error).toBeInstanceOf(ToolFailed);
  });

  it("a unit that defines no function GCC compiles: 0 of 0 certified, not a missing dump; -fsyntax-only still is one", async () => {
    const none = join(dir, "none.c");
    writeFileSync(none, "#if 0\nint f(void) { return 1; }\n#endif\nconst int table[3] = {1, 2, 3};\nstatic inline int unused(int x) { return x + 1; }\n");
    for (const flags of [[], ["-O2"]]) {
      const r = await validateC(none, flags);
      expect({ flags, verdict: r.verdict, functions: r.functions.length }).toEqual({ flags, verdict: "certified", functions: 0 });
    }
    const err = (await validateC(none, ["-fsyntax-only"]).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(ToolFailed);
    expect(err.message).toBe("gcc wrote no fixup_cfg1 dump for none.c (CFLAGS that stop before compiling, such as -E or -fsyntax-only, leave none)");
    expect(readdirSync(tmp)).toEqual([]);
    rmSync(none);
  });

  it("gcc missing: one line saying how to install it", async () => {
    const err = (await validateC(source("loops.c"), [], { gcc: "/nonexistent/gcc-12" }).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(ToolFailed);
    expect(err.message).toBe("/nonexistent/gcc-12 not found: formal-ssa gcc needs GCC (apt-get install gcc, or GCC=/path/to/gcc)");
    expect(readdirSync(tmp)).toEqual([]);
  });
});
