/**
 * `formal-ssa react` through the built CLI's program (runMain, in the test's process): the text
 * summary and exit 0 on a fixture; `--json`
 * (format `formal-ssa/react-report@1`) with the same counts as the library; `--emit DIR`
 * writing `NAME.cfg.json`, `NAME.ssa.json` and `NAME.eliminated.json`, which `formal-ssa
 * validate` certifies on their own; `--functions` and `--skipped` lines; exit 2 on a source
 * Babel cannot parse.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import type { ReactReport } from "../../api/react_compiler.js";
import { ensureBuilt, runMain } from "../cli/cli.js";

const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));
let dir: string;
const run = (...args: string[]) => runMain(args, dir);

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "formal-ssa-react-cli-"));
  for (const f of ["loops.js", "try.js", "nested.js"]) copyFileSync(join(FIXTURES, f), join(dir, f));
  writeFileSync(join(dir, "bad.js"), "function f(a) {\n  let x = ;\n  return x;\n}\n");
});

describe("formal-ssa react", () => {
  it("a fixture: exit 0, the summary lines with the compiler's phi counts (loops.js: 10 created, 6 left)", async () => {
    const r = await run("react", "loops.js");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      [
        "1 file: 3 functions reached SSA (0 skipped by the compiler before SSA); 3 certified, 0 rejected, 0 not validated; the compiler gave up on 0 of them after SSA",
        "phis: enterSSA created 10, EliminateRedundantPhi left 6, braun+peel needs 6; 40.0% of enterSSA's phis are redundant",
        "certified: 3 of 3 functions certified",
        "",
      ].join("\n"),
    );
  });

  it("--functions and --skipped: a line per function, and the function the compiler skipped with its reason", async () => {
    const r = await run("react", "try.js", "--functions", "--skipped");
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "try.js:3: parse: certified (enterSSA 4 phis, 3 left by EliminateRedundantPhi, minimum 3)",
      "try.js:15: progress: certified (enterSSA 3 phis, 2 left by EliminateRedundantPhi, minimum 2)",
      "try.js:28: retry: certified (enterSSA 8 phis, 3 left by EliminateRedundantPhi, minimum 3)",
      expect.stringMatching(/^try\.js:43:0: skipped by the compiler before its first pass: CompileError \(Todo\): .*finalizer/),
    ]);
    expect(lines[4]).toBe("1 file: 3 functions reached SSA (1 skipped by the compiler before SSA); 3 certified, 0 rejected, 0 not validated; the compiler gave up on 0 of them after SSA");
  });

  it("--json parses, is formal-ssa/react-report@1, and carries every function with its stages", async () => {
    const r = await run("react", "nested.js", "--json");
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as ReactReport;
    expect(report.format).toBe("formal-ssa/react-report@1");
    expect(report.producer).toBe("babel-plugin-react-compiler");
    expect(report.verdict).toBe("certified");
    expect(report.functions.map((f) => [f.name, f.verdict, f.phis])).toEqual([
      ["outer", "certified", { created: 5, left: 1, minimum: 1 }],
      ["outer > <anonymous>:4:14", "certified", { created: 1, left: 1, minimum: 1 }],
      ["outer > twice", "certified", { created: 0, left: 0, minimum: 0 }],
      ["outer > <anonymous>:13:4", "certified", { created: 1, left: 1, minimum: 1 }],
    ]);
    for (const f of report.functions) expect(Object.keys(f.stages!)).toEqual(["SSA", "EliminateRedundantPhi"]);
    expect(report.summary).toMatchObject({ files: 1, compiled: 4, certified: 4, phis_created: 7, phis_left: 3, phis_minimum: 3 });
  });

  it("a source Babel cannot parse: exit 2, one line on stderr naming FILE:LINE:COL, nothing on stdout", async () => {
    const r = await run("react", "bad.js");
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("formal-ssa: bad.js:2:11: Unexpected token\n");
    // with a good file first: still exit 2 and no report
    const both = await run("react", "loops.js", "bad.js", "--json");
    expect([both.status, both.stdout, both.stderr]).toEqual([2, "", "formal-ssa: bad.js:2:11: Unexpected token\n"]);
  });

  it("--emit DIR writes the three documents per file, and formal-ssa validate certifies them on their own", async () => {
    const out = join(dir, "emitted");
    const r = await run("react", "loops.js", "--emit", out);
    expect(r.status).toBe(0);
    for (const suffix of ["cfg", "ssa", "eliminated"]) expect(existsSync(join(out, `loops.js.${suffix}.json`))).toBe(true);
    const cfg = JSON.parse(readFileSync(join(out, "loops.js.cfg.json"), "utf8")) as { functions: Array<{ kind: string; name: string }> };
    expect(cfg.functions.map((f) => [f.kind, f.name])).toEqual([
      ["cfg", "sumTo"],
      ["cfg", "collatz"],
      ["cfg", "doubleUntil"],
    ]);
    const eliminated = await run("validate", join(out, "loops.js.cfg.json"), join(out, "loops.js.eliminated.json"));
    expect(eliminated.stderr).toBe("");
    expect(eliminated.status).toBe(0);
    expect(eliminated.stdout).toMatch(/certified: 3 of 3 functions certified/);
    // enterSSA's output too: valid, with trivial phis (a quality property it need not have)
    const ssa = await run("validate", join(out, "loops.js.cfg.json"), join(out, "loops.js.ssa.json"), "--json");
    expect(ssa.status).toBe(0);
    const report = JSON.parse(ssa.stdout) as { verdict: string; functions: Array<{ name: string; properties: Record<string, { holds: boolean }>; stats: { phis: number } }> };
    expect(report.verdict).toBe("certified");
    expect(report.functions.map((f) => [f.name, f.stats.phis, f.properties.no_trivial_phis.holds])).toEqual([
      ["sumTo", 3, false],
      ["collatz", 4, false],
      ["doubleUntil", 3, false],
    ]);
  });
});
