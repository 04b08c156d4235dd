/**
 * Baselines (`formal-ssa fuzz --known FILE`, `--merge DIR... --write-known FILE`): a campaign
 * whose findings a baseline lists exits 0 and shows them as known; a new signature makes it exit
 * 1, listed first. On the React Compiler with the shipped baseline (examples/known/
 * react-compiler.json, every documented bug of the releases docs/findings.md covers): green on
 * the installed compiler, red on a copy of it with a bug planted in enterSSA. The baseline a merge
 * writes from finding folders (a producer's and a constructor's) makes the same campaigns green.
 * And the reader: every malformed baseline is one line naming the place.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { formatKnown, knownSignatures, mergeKnown, parseKnown } from "../../../api/campaign/known.js";
import { ROOT, runMain } from "../../cli/cli.js";
import { plantedCompiler } from "../../helpers/planted.js";

const run = (...args: string[]) => runMain(args, ROOT);
const dir = mkdtempSync(join(tmpdir(), "formal-ssa-known-"));
const SLOW = 600_000;
const NODE = "env -u NODE_EXTRA_CA_CERTS node";
const SHIPPED = join(ROOT, "examples/known/react-compiler.json");

describe("the reader of baselines", () => {
  const good = { format: "formal-ssa/known-findings@1", findings: [{ signature: "a:b", versions: ["x"] }] };
  it.each([
    ["not json", "{", /^k.json: not JSON \(/],
    ["a list", "[]", /^k.json: want an object \{"format": "formal-ssa\/known-findings@1", "findings": \[\.\.\.\]\}$/],
    ["another format", JSON.stringify({ ...good, format: "x" }), /^k.json: "format": want "formal-ssa\/known-findings@1"$/],
    ["an unknown field", JSON.stringify({ ...good, extra: 1 }), /^k.json: unknown field "extra"$/],
    ["findings not a list", JSON.stringify({ ...good, findings: {} }), /^k.json: "findings": want a list$/],
    ["no signature", JSON.stringify({ ...good, findings: [{ kind: "x" }] }), /^k.json: findings\[0\]: "signature": want a non-empty string$/],
    ["a typo", JSON.stringify({ ...good, findings: [{ signature: "a", versoins: [] }] }), /^k.json: findings\[0\]: unknown field "versoins"$/],
    ["versions not strings", JSON.stringify({ ...good, findings: [{ signature: "a", versions: [1] }] }), /^k.json: findings\[0\]: "versions": want a list of strings$/],
    ["a signature twice", JSON.stringify({ ...good, findings: [{ signature: "a" }, { signature: "a" }] }), /^k.json: findings\[1\]: signature "a" listed twice$/],
  ])("%s: one line naming the place", (_, text, message) => {
    expect(() => parseKnown(text, "k.json")).toThrow(message);
  });
  it("reads what it writes; merging keeps the base's entries, joins versions, sorts by signature", () => {
    const merged = mergeKnown(parseKnown(JSON.stringify(good), "k.json"), [{ signature: "a:b", versions: ["y"] }, { signature: "0:first" }]);
    expect(merged.findings).toEqual([{ signature: "0:first" }, { signature: "a:b", versions: ["x", "y"] }]);
    expect(parseKnown(formatKnown(merged), "again.json")).toEqual(merged);
  });
  it("the shipped React Compiler baseline is valid against schemas/known-findings.json and lists every documented bug", () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, "schemas/known-findings.json"), "utf8")));
    const shipped = JSON.parse(readFileSync(SHIPPED, "utf8"));
    expect(validate(shipped), JSON.stringify(validate.errors)).toBe(true);
    const signatures = knownSignatures(parseKnown(readFileSync(SHIPPED, "utf8"), SHIPPED));
    // docs/findings.md's table: 13 invariants and 2 rejections over the four releases
    expect(signatures.size).toBe(15);
    expect(signatures.has("react-compiler:rejected:DeadCodeElimination:allUses_def_ass")).toBe(true);
    expect(signatures.has("react-compiler:rejected:ConstantPropagation:consistent_edges")).toBe(true);
  });
});

describe("a React Compiler campaign with the shipped baseline", () => {
  it("is green on the installed compiler: every finding known, exit 0", async () => {
    const out = join(dir, "react-green");
    const r = await run("fuzz", "--target", "react-compiler", "--runs", "150", "--seed", "5", "--known", SHIPPED, "--out", out);
    expect(r.stdout).toMatch(/^known: react-compiler:internal-error:babel-plugin-react-compiler: Invariant: Expected consistent kind for destructuring: \d+ hits$/m);
    expect(r.stdout).toMatch(/clean: no new finding \(seed 5; [1-9]\d* known findings, \d+ hits\)/);
    expect(r.stdout).not.toContain("FINDING");
    expect(r.status).toBe(0);
  }, SLOW);
  it("turns red on a planted new bug: the new finding listed first, exit 1", async () => {
    const out = join(dir, "react-red");
    const r = await run("fuzz", "--target", "react-compiler", "--react-compiler", plantedCompiler(), "--runs", "50", "--seed", "5", "--known", SHIPPED, "--shrink-runs", "5", "--out", out);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^FINDING \(new\) \[react-compiler:[^\]]+\]: .*planted: enterSSA gives up/m);
    const lines = r.stdout.split("\n").filter((l) => /^(new|known): /.test(l));
    expect(lines[0]).toMatch(/^new: /);
    expect(r.stdout).toMatch(/^1 new finding in /m);
  }, SLOW);
});

describe("--merge ... --write-known: a baseline from finding folders", () => {
  it("a producer's finding (opt given 1 ms: a timeout) and a constructor's: written, then the same campaigns are green with it", async () => {
    const llvm = join(dir, "llvm");
    const first = await run("fuzz", "--target", "llvm-mem2reg", "--variant", "14", "--runs", "2", "--batch", "2", "--seed", "1", "--timeout", "1", "--shrink-time", "0", "--out", llvm);
    expect(first.status).toBe(1);
    const buggy = ["--constructor", `${NODE} examples/constructors/buggy-braun.mjs`, "--runs", "1000", "--seed", "42", "--batch", "25", "--timeout", "60000"];
    const constructorOut = join(dir, "constructor");
    expect((await run("fuzz", ...buggy, "--out", constructorOut)).status).toBe(1);
    const record = JSON.parse(readFileSync(join(constructorOut, readdirSync(constructorOut)[0], "finding.json"), "utf8"));
    expect(record).toMatchObject({ format: "formal-ssa/constructor-finding@1", target: "constructor", signature: expect.stringMatching(/^constructor:rejected:phis_wf$/) });

    const file = join(dir, "known.json");
    const w = await run("fuzz", "--merge", llvm, constructorOut, "--out", join(dir, "merged"), "--write-known", file);
    expect(w.stdout).toContain(`wrote ${file}: 2 known findings`);
    const known = parseKnown(readFileSync(file, "utf8"), file);
    expect(known.findings.map((f) => f.signature)).toEqual(["constructor:rejected:phis_wf", "llvm-mem2reg:timeout:opt-N: no answer within N ms, killed"]);
    expect(known.findings[1].versions?.[0]).toMatch(/LLVM version 14/);

    const again = await run("fuzz", "--target", "llvm-mem2reg", "--variant", "14", "--runs", "2", "--batch", "2", "--seed", "1", "--timeout", "1", "--known", file, "--out", join(dir, "llvm-again"));
    expect(again.stdout).toMatch(/^known: llvm-mem2reg:timeout:opt-N: no answer within N ms, killed: 2 hits$/m);
    expect(again.status).toBe(0);
    const constructorAgain = await run("fuzz", ...buggy, "--known", file, "--out", join(dir, "constructor-again"));
    expect(constructorAgain.stdout).toMatch(/^known: constructor:rejected:phis_wf: \d+ hits? \(validity: rejected \(fails phis_wf/m);
    expect(constructorAgain.stdout).toMatch(/clean: 1000 random CFGs, no new finding \(seed 42; 1 known finding, \d+ hits\)/);
    expect(constructorAgain.status).toBe(0);

    // an old baseline's entries are kept when it is written again from other folders
    const file2 = join(dir, "known2.json");
    await run("fuzz", "--merge", llvm, "--out", join(dir, "merged2"), "--known", file, "--write-known", file2);
    expect(parseKnown(readFileSync(file2, "utf8"), file2).findings.length).toBe(2);
  }, SLOW);
  it("bad usage: --write-known without --merge, a missing baseline", async () => {
    expect((await run("fuzz", "--write-known", join(dir, "x.json"))).status).toBe(2);
    const missing = await run("fuzz", "--runs", "5", "--known", join(dir, "nosuch.json"));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/nosuch.json: no such baseline file/);
  });
});
