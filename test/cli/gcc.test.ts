/**
 * `formal-ssa gcc FILE.c [-- CFLAGS]` through the built CLI's program (runMain; the bin as a
 * process where GCC comes from the environment): report, flags after --, exit codes. Skipped
 * where there is no gcc 12.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, ROOT, runMain } from "./cli.js";

const haveGcc = spawnSync(process.env.GCC || "gcc", ["-dumpfullversion"], { encoding: "utf8" }).stdout?.startsWith("12.") === true;
const FX = "test/fixtures/gcc";
const run = (...args: string[]) => runMain(args, ROOT);

describe.skipIf(!haveGcc)("formal-ssa gcc", () => {
  beforeAll(() => ensureBuilt());

  it("certifies every function: validate's summary, exit 0; --functions, --json", async () => {
    const r = await run("gcc", join(FX, "loops.c"));
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("gcc into-ssa placed 11 phis, braun+peel needs 11 (every difference explained); 0 uses certified up to refinement\ncertified: 4 of 4 functions certified\n");
    expect(r.stdout).toBe((await run("validate", join(FX, "loops.fixup_cfg1"), join(FX, "loops.ssa"))).stdout);
    expect((await run("gcc", join(FX, "loops.c"), "--functions")).stdout.match(/^function /gm)).toHaveLength(4);
    const json = JSON.parse((await run("gcc", join(FX, "setjmp.c"), "--json")).stdout);
    expect(json.format).toBe("formal-ssa/report@1");
    expect(json.verdict).toBe("certified");
  });

  it("CFLAGS after --: -O2", async () => {
    const r = await run("gcc", join(FX, "o2.c"), "--functions", "--", "-O2");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/address no longer taken/);
    expect(r.stdout).toMatch(/certified: 11 of 11 functions certified\n$/);
  });

  it("gcc failing or missing: exit 2, one message, nothing on stdout, nothing left in the working directory", async () => {
    const dir = mkdtempSync(join(tmpdir(), "formal-ssa-gcc-cli-"));
    writeFileSync(join(dir, "bad.c"), "int f( { return 1 }\n");
    const bad = await runMain(["gcc", "bad.c"], dir);
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toMatch(/^formal-ssa: gcc failed on bad\.c \(exit 1\):\n {2}bad\.c:1:\d+: error: /);
    expect(readdirSync(dir)).toEqual(["bad.c"]);
    const r = spawnSync(process.execPath, [join(ROOT, "dist/cli/main.js"), "gcc", join(ROOT, FX, "loops.c")], { encoding: "utf8", env: { ...process.env, GCC: "/nonexistent/gcc" } });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("formal-ssa: /nonexistent/gcc not found: formal-ssa gcc needs GCC (apt-get install gcc, or GCC=/path/to/gcc)\n");
  });
});
