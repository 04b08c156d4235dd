/**
 * `formal-ssa hermes FILE.js...` (api/node/hermes.ts, `validateJs`) and `formal-ssa validate` on
 * saved dumps: hermesc (the devDependencies' hermes-compiler, and hermes-compiler 0.14.1 as
 * `hermes-compiler-legacy` through --hermesc) compiles the fixtures' sources with its dumps on and
 * the report is validate's on the committed dumps (made with the same commands); the exit codes
 * and the JSON report are validate's; hermesc failing, missing or given the wrong pass is one
 * line and exit 2; --emit and --certificate work on saved dumps as for the other producers, and
 * recheck accepts the certificate. The bin is spawned only where the test is about the process.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateDump } from "../../api/hermes.js";
import { hermescVersion, installedHermesc, validateJs } from "../../api/node/hermes.js";
import { withoutTimes, type Report } from "../../api/report.js";
import { ROOT, runCli, runMain } from "../cli/cli.js";

const FX = join(ROOT, "test/fixtures/hermes");
const LEGACY = join(ROOT, "node_modules/hermes-compiler-legacy/hermesc/linux64-bin/hermesc");
const read = (file: string) => readFileSync(join(FX, file), "utf8");

describe("formal-ssa hermes: hermesc runs, and its dumps are validated as validate does", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "formal-ssa-hermes-test-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("the installed compiler is Hermes V1; the legacy one says 0.12.0", () => {
    expect(hermescVersion(installedHermesc())).toEqual({ release: "1.0.0", syntax: "v1" });
    expect(hermescVersion(LEGACY)).toEqual({ release: "0.12.0", syntax: "legacy" });
  });

  it("the report is validate's on the committed dumps, for each builder and compiler", async () => {
    // the same report, but for the producer's name (`hermesc 1.0.0 mem2reg` here, `hermesc` from a dump)
    const same = (r: Report, committed: Report) => expect(JSON.parse(JSON.stringify(withoutTimes(r)).replaceAll(r.producer!, "hermesc"))).toEqual(withoutTimes(committed));
    same(await validateJs([join(FX, "loops.js")]), validateDump(read("loops.v1.ir")));
    same(await validateJs([join(FX, "control.js")], { pass: "mem2reg" }), validateDump(read("control.v1-mem2reg.ir")));
    same(await validateJs([join(FX, "memory.legacy.js")], { hermesc: LEGACY }), validateDump(read("memory.legacy.ir")));
    const r = await validateJs([join(FX, "loops.js")]);
    expect(r.producer).toBe("hermesc 1.0.0 simplemem2reg");
    expect((await validateJs([join(FX, "loops.legacy.js")], { hermesc: LEGACY })).producer).toBe("hermesc 0.12.0 mem2reg");
  });

  it("several files: one report, functions named by their file; --pipeline O: every SimpleMem2Reg run", async () => {
    const r = await validateJs([join(FX, "loops.js"), join(FX, "strings.js")]);
    expect(r.verdict).toBe("certified");
    expect(r.functions.map((f) => f.name)).toEqual(expect.arrayContaining([`${join(FX, "loops.js")}: sum`, `${join(FX, "strings.js")}: str`]));
    const o = await validateJs([join(FX, "loops.js")], { pipeline: "O" });
    expect(o.verdict).toBe("certified");
    expect(o.producer).toBe("hermesc 1.0.0 simplemem2reg (-O)");
    expect(o.functions.map((f) => f.name)).toEqual(expect.arrayContaining(["sum (SimpleMem2Reg #1)", "sum (SimpleMem2Reg #4)"]));
  });

  it("text report and exit codes (in process): certified 0, the Mem2Reg finding 1", async () => {
    const ok = await runMain(["hermes", join(FX, "loops.js")], dir);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/^hermesc 1\.0\.0 simplemem2reg placed \d+ phis, braun\+peel needs \d+ \(every difference explained\); 0 uses certified up to refinement; 0 unreachable blocks left out\ncertified: 5 of 5 functions certified\n$/);
    const bad = await runMain(["hermes", "--pass", "mem2reg", join(FX, "deadphi.js")], dir);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/^function f: rejected: conventional fails at block BB\d+, line \d+ of <hermesc deadphi\.js>: path .*\?anon_0_logical\.init as argument 0 of the phi/m);
    expect(bad.stdout).toMatch(/rejected: 1 of 2 functions certified\n$/);
    const json = await runMain(["hermes", "--json", join(FX, "strings.js")], dir);
    const report = JSON.parse(json.stdout) as Report;
    expect(report).toMatchObject({ format: "formal-ssa/report@1", verdict: "certified", producer: "hermesc 1.0.0 simplemem2reg" });
    expect(report.functions.map((f) => f.name)).toEqual(["global", "str", "nums"]);
  });

  it("--keep-dumps: the dump the report's lines name is kept", async () => {
    const keep = join(dir, "dumps");
    const r = await runMain(["hermes", "--pass", "mem2reg", "--keep-dumps", keep, join(FX, "deadphi.js")], dir);
    expect(r.stdout).toMatch(new RegExp(`line \\d+ of ${join(keep, "deadphi.js.ir").replace(/[.\\/]/g, "\\$&")}`));
    expect(readFileSync(join(keep, "deadphi.js.ir"), "utf8")).toBe(read("deadphi.v1-mem2reg.ir"));
  });

  it("hermesc failing on a file, a missing file, a missing hermesc, the legacy compiler with simplemem2reg: exit 2, one line each", async () => {
    const broken = join(dir, "broken.js");
    writeFileSync(broken, "function f( { return 1 }\n");
    const a = await runMain(["hermes", broken], dir);
    expect(a.status).toBe(2);
    expect(a.stderr).toMatch(new RegExp(`^formal-ssa: .*hermesc failed on ${broken.replace(/[.\\/]/g, "\\$&")} \\(exit \\d+\\):\\n {2}.*broken\\.js:1:\\d+: error: `));
    const b = await runMain(["hermes", join(dir, "missing.js")], dir);
    expect(b).toMatchObject({ status: 2, stderr: `formal-ssa: ${join(dir, "missing.js")}: no such file\n` });
    const c = await runMain(["hermes", "--hermesc", join(dir, "no-hermesc"), join(FX, "loops.js")], dir);
    expect(c.status).toBe(2);
    expect(c.stderr).toBe(`formal-ssa: ${join(dir, "no-hermesc")} not found: install hermes-compiler (npm install --save-dev hermes-compiler) or give --hermesc PATH\n`);
    const d = await runMain(["hermes", "--hermesc", LEGACY, "--pass", "simplemem2reg", join(FX, "loops.legacy.js")], dir);
    expect(d).toMatchObject({ status: 2, stderr: "formal-ssa: --pass simplemem2reg: hermesc 0.12.0 is the legacy compiler, whose only SSA builder is mem2reg\n" });
  });

  it("the bin's exit status (a process of its own): 0 certified, 1 rejected, 2 malformed dump", () => {
    expect(runCli(["hermes", join(FX, "loops.js")], dir).status).toBe(0);
    expect(runCli(["hermes", "--pass", "mem2reg", join(FX, "deadphi.js")], dir).status).toBe(1);
    const bad = join(dir, "bad.ir");
    writeFileSync(bad, "*** INITIAL STATE\n\nfunction f(): any\n%BB0:\n       ReturnInst \"open: string\nfunction_end\n");
    const r = runCli(["validate", bad, bad], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`formal-ssa: ${bad}:5: function f: cannot read the operands of ReturnInst: ReturnInst "open: string\n`);
  });
});

describe("formal-ssa validate on saved dumps", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "formal-ssa-hermes-validate-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("a stream given twice, and two plain dumps: the hermesc report", async () => {
    const stream = await runMain(["validate", join(FX, "memory.legacy.ir"), join(FX, "memory.legacy.ir"), "--json"], dir);
    expect(stream.status).toBe(0);
    expect((JSON.parse(stream.stdout) as Report).producer).toBe("hermesc");
    const plain = await runMain(["validate", join(FX, "loops.before.ir"), join(FX, "loops.after.ir"), "--functions"], dir);
    expect(plain.status).toBe(0);
    expect(plain.stdout).toMatch(/^function sum: certified \(8 blocks, 20 nodes, hermesc 7 phis, minimum 7, /m);
  });

  it("--emit and --certificate: the exchange-format pair as validate read it, and a certificate recheck accepts", async () => {
    const out = join(dir, "emit");
    const cert = join(dir, "cert.json");
    const v = await runMain(["validate", join(FX, "loops.v1.ir"), join(FX, "loops.v1.ir"), "--emit", out, "--certificate", cert], dir);
    expect(v.status).toBe(0);
    const original = JSON.parse(readFileSync(join(out, "original.json"), "utf8")) as { functions: { name: string }[] };
    expect(original.functions.map((f) => f.name)).toEqual(["global", "sum", "nested", "whiles", "lets"]);
    const r = await runMain(["recheck", join(out, "original.json"), join(out, "ssa.json"), cert], dir);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^accepted: 5 of 5 functions accepted\n$/m);
    // and the exchange-format pair validates alone, as the producer's report said
    expect((await runMain(["validate", join(out, "original.json"), join(out, "ssa.json")], dir)).status).toBe(0);
  });

  it("a dump beside an exchange-format file: one line naming both", async () => {
    const r = await runMain(["validate", join(FX, "loops.v1.ir"), join(ROOT, "examples/diamond.json")], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^formal-ssa: .*diamond\.json: not hermesc IR dump, but .*loops\.v1\.ir is: give two hermesc IR dumps/);
  });
});
