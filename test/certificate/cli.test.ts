/**
 * `formal-ssa validate --certificate` and `formal-ssa recheck` as commands (in-process, the
 * program the bin runs): the certificate written is the library's, examples/diamond.cert.json is
 * what validate writes today, exit codes 0 / 1 / 2, one line for malformed input and for a
 * producer's input without --emit; with it, the pair and the certificate that recheck accepts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validate } from "../../api/validate.js";
import { ROOT, runMain } from "../cli/cli.js";

const ex = (f: string) => join(ROOT, "examples", f);
const dir = mkdtempSync(join(tmpdir(), "formal-ssa-cert-"));

describe("validate --certificate, recheck", () => {
  it("writes the library's certificate; examples/diamond.cert.json is today's; recheck accepts it (exit 0) and rejects the swapped phis (exit 1)", async () => {
    const out = join(dir, "d.cert.json");
    const v = await runMain(["validate", ex("diamond.json"), ex("diamond.ssa.json"), "--certificate", out], ROOT);
    expect(v.status).toBe(0);
    const written = JSON.parse(readFileSync(out, "utf8"));
    const lib = validate(readFileSync(ex("diamond.json"), "utf8"), readFileSync(ex("diamond.ssa.json"), "utf8"), { certificate: true }).certificate;
    expect(written).toEqual(JSON.parse(JSON.stringify(lib)));
    expect(JSON.parse(readFileSync(ex("diamond.cert.json"), "utf8"))).toEqual(written);
    const ok = await runMain(["recheck", ex("diamond.json"), ex("diamond.ssa.json"), out], ROOT);
    expect([ok.status, ok.stdout.trim().split("\n").at(-1)]).toEqual([0, "accepted: 1 of 1 function accepted"]);
    const bad = await runMain(["recheck", ex("diamond.json"), ex("diamond.bad.ssa.json"), out], ROOT);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/: rejected: allUses_def_ass: block "B1", statement 0: /);
  });

  it("the --json report is the library's, certificate left out", async () => {
    const r = await runMain(["validate", ex("loop.json"), ex("loop.ssa.json"), "--certificate", join(dir, "l.cert.json"), "--json"], ROOT);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).not.toHaveProperty("certificate");
  });

  it("malformed: a certificate of another format, a document that is not JSON; a producer's input: one line, exit 2, nothing on stdout", async () => {
    const wrong = join(dir, "wrong.json");
    writeFileSync(wrong, JSON.stringify({ format: "formal-ssa/report@1", functions: [] }));
    const a = await runMain(["recheck", ex("diamond.json"), ex("diamond.ssa.json"), wrong], ROOT);
    expect([a.status, a.stdout, a.stderr.trim().split("\n").length]).toEqual([2, "", 1]);
    expect(a.stderr).toMatch(/wrong\.json: not a certificate/);
    const b = await runMain(["recheck", ex("diamond.json"), ex("README.md"), ex("diamond.cert.json")], ROOT);
    expect([b.status, b.stdout]).toEqual([2, ""]);
    const broken = join(dir, "broken.json");
    writeFileSync(broken, '{"format": "formal-ssa/certificate@1",\n "functions": [}');
    const d = await runMain(["recheck", ex("diamond.json"), ex("diamond.ssa.json"), broken], ROOT);
    expect([d.status, d.stdout, d.stderr.trim()]).toEqual([2, "", `formal-ssa: ${broken}: not JSON: line 2, column 16: unexpected '}'`]);
    const ll = join(ROOT, "test/fixtures/llvm/hand/poison.before.ll");
    const c = await runMain(["validate", ll, join(ROOT, "test/fixtures/llvm/hand/poison.after.ll"), "--certificate", join(dir, "x.json")], ROOT);
    expect([c.status, c.stdout]).toEqual([2, ""]);
    expect(c.stderr).toMatch(/--certificate: .* a certificate speaks of the exchange-format pair, which --emit DIR writes: give both/);
  });

  it("a producer's input with --emit DIR: the pair and its certificate, which recheck accepts", async () => {
    const fx = join(ROOT, "test/fixtures/llvm");
    const out = join(dir, "emit");
    const v = await runMain(["validate", join(fx, "uninit.before.ll"), join(fx, "uninit.after.ll"), "--emit", out, "--certificate", join(out, "cert.json")], ROOT);
    expect(v.status).toBe(0);
    const r = await runMain(["recheck", join(out, "original.json"), join(out, "ssa.json"), join(out, "cert.json")], ROOT);
    expect([r.status, r.stdout.trim().split("\n").at(-1)]).toEqual([0, "accepted: 2 of 2 functions accepted, up to uninitialised reads (--undef refine)"]);
  });

  it("a function without an entry is rejected: the certificate of another pair, or an empty one", async () => {
    const empty = join(dir, "empty.json");
    writeFileSync(empty, JSON.stringify({ format: "formal-ssa/certificate@1", functions: [] }));
    const r = await runMain(["recheck", ex("diamond.json"), ex("diamond.ssa.json"), empty], ROOT);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/rejected: certificate: no entry for this function/);
  });
});
