/**
 * `formal-ssa fuzz --report FINDING`: a finding folder as a Markdown bug report ready to paste
 * upstream (api/campaign/report.ts, api/campaign/node/report.ts): the title, the versions here
 * that have it and those that do not, the reproducer, the producer's own commands, what happens
 * and should, the witness. On a React Compiler finding (a bug planted in a copy of the compiler:
 * the copy has it, the installed compiler does not), a constructor's finding, and the pure
 * builder on a fixed input.
 */
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bugReport } from "../../../api/campaign/report.js";
import { ROOT, runMain } from "../../cli/cli.js";
import { PLANTED_MESSAGE, plantedCompiler } from "../../helpers/planted.js";

const run = (...args: string[]) => runMain(args, ROOT);
const dir = mkdtempSync(join(tmpdir(), "formal-ssa-report-"));
const SLOW = 600_000;

describe("bugReport", () => {
  it("a rejection: title, versions, reproducer, commands, what happens and should, witness, in that order", () => {
    const text = bugReport({
      producer: "babel-plugin-react-compiler",
      signature: "react-compiler:rejected:DeadCodeElimination:allUses_def_ass",
      kind: "rejected",
      description: "react-compiler: DeadCodeElimination: f: rejected: a value read where nothing defines it",
      files: { "case.js": "function f(a) {}\n" },
      commands: ["node build.js case.js"],
      have: ["babel-plugin-react-compiler 1.0.0"],
      haveNot: ["babel-plugin-react-compiler 0.9"],
      otherwise: ["babel-plugin-react-compiler 0.8 (react-compiler:crash:x)"],
      witness: "FAILS  allUses_def_ass",
      check: ["formal-ssa react case.js"],
    });
    expect(text).toBe(
      [
        "## babel-plugin-react-compiler: the output of DeadCodeElimination is not valid SSA (allUses_def_ass)",
        "",
        "Found by formal-ssa's fuzzer, which validates the SSA form of every function a producer builds against the Isabelle/HOL model of Buchwald, Lohner and Ullrich (CC 2016); signature `react-compiler:rejected:DeadCodeElimination:allUses_def_ass`.",
        "",
        "**Versions.** Has it: babel-plugin-react-compiler 1.0.0. Does not: babel-plugin-react-compiler 0.9. Fails otherwise: babel-plugin-react-compiler 0.8 (react-compiler:crash:x).",
        "",
        "**Reproducer.**",
        "",
        "`case.js`:",
        "",
        "```js",
        "function f(a) {}",
        "```",
        "",
        "**To reproduce** (in a folder holding the file above):",
        "",
        "```sh",
        "node build.js case.js",
        "```",
        "",
        "**What happens.** After DeadCodeElimination, the SSA form of the reproducer's function breaks `allUses_def_ass`: a value read where nothing defines it",
        "",
        "**What should happen.** The output of DeadCodeElimination is a valid SSA translation of its input: every value the pass's output reads (a phi's argument at the end of its predecessor) is defined on every path from the entry to where it is read.",
        "",
        "**formal-ssa's witness.**",
        "",
        "```",
        "FAILS  allUses_def_ass",
        "```",
        "",
        "Checked with:",
        "",
        "```sh",
        "formal-ssa react case.js",
        "```",
        "",
      ].join("\n"),
    );
  });
});

describe("formal-ssa fuzz --report FINDING", () => {
  it("a React Compiler finding: the copy given has it, the installed compiler does not; the reproducer and the commands that show it", async () => {
    const planted = plantedCompiler();
    const out = join(dir, "react");
    const found = await run("fuzz", "--target", "react-compiler", "--react-compiler", planted, "--runs", "20", "--seed", "5", "--shrink-runs", "5", "--out", out);
    expect(found.status).toBe(1);
    const [folder] = readdirSync(out);
    const r = await run("fuzz", "--report", join(out, folder), "--react-compiler", planted);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^## babel-plugin-react-compiler: PipelineError: Error: ${PLANTED_MESSAGE}\\n`));
    expect(r.stdout).toContain(`**Versions.** Has it: babel-plugin-react-compiler 1.0.0 (${planted}). Does not: babel-plugin-react-compiler 1.0.0 (installed).`);
    expect(r.stdout).toMatch(/`case\.js`:\n\n```js\n[\s\S]*function f0\(/);
    expect(r.stdout).toContain('require("@babel/core").transformFileSync("case.js"');
    expect(r.stdout).toContain("**What happens.** The producer crashes:");
    expect(r.stdout).toContain(`formal-ssa fuzz --replay ${join(out, folder)}`);
  }, SLOW);
  it("a constructor's finding: the command and the CFG, the validator's report as the witness", async () => {
    const out = join(dir, "constructor");
    const cmd = "env -u NODE_EXTRA_CA_CERTS node examples/constructors/buggy-braun.mjs";
    expect((await run("fuzz", "--constructor", cmd, "--runs", "1000", "--seed", "42", "--batch", "25", "--timeout", "60000", "--out", out)).status).toBe(1);
    const [folder] = readdirSync(out);
    const r = await run("fuzz", "--report", join(out, folder));
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^## the SSA constructor \`${cmd}\`: its output is not valid SSA \\(phis_wf\\)\\n`));
    expect(r.stdout).toContain(`${cmd} < original.json > ssa.json`);
    expect(r.stdout).toMatch(/\*\*formal-ssa's witness\.\*\*\n\n```\n\$ formal-ssa validate [\s\S]*FAILS {2}phis_wf/);
  }, SLOW);
  it("no finding there: one line, exit 2", async () => {
    const r = await run("fuzz", "--report", join(dir, "nosuch"));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/nosuch\/finding\.json: no finding here/);
  });
});
