/**
 * The commands end to end through the built CLI's program, run in the test's process (runMain:
 * what the bin runs and prints): outputs, exit codes, malformed input.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { nIfs } from "../../bench/families.js";
import { ensureBuilt, ROOT, runMain } from "./cli.js";

let dir: string;
const run = (...args: string[]) => runMain(args, ROOT);
const file = (name: string, content: unknown) => {
  const p = join(dir, name);
  writeFileSync(p, typeof content === "string" ? content : JSON.stringify(content));
  return p;
};

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "formal-ssa-cli-"));
});

describe("demo", () => {
  it("checks, constructs, certifies the SSA and rejects the mutant with witnesses; exit 0", async () => {
    const r = await run("demo");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("holds  def_ass_uses");
    expect(r.stdout).toContain("certified: 1 of 1 function certified");
    expect(r.stdout).toContain("rejected: 0 of 1 function certified");
    expect(r.stdout).toMatch(/FAILS {2}equiv \(\d+ failures?\)\n\s+path B0 -> B1/);
  });
});

describe("construct", () => {
  it("--minimize none keeps braun_ssa's trivial phis, trivial removes them; -o writes the file", async () => {
    const cfg = file("ifs.json", nIfs(50));
    const none = JSON.parse((await run("construct", cfg, "--minimize", "none")).stdout);
    expect(none.blocks.flatMap((b: { phis?: unknown[] }) => b.phis ?? [])).toHaveLength(50);
    const out = join(dir, "ifs.ssa.json");
    expect((await run("construct", cfg, "-o", out)).status).toBe(0);
    const triv = JSON.parse(readFileSync(out, "utf8"));
    expect(triv.blocks.flatMap((b: { phis?: unknown[] }) => b.phis ?? [])).toHaveLength(0);
    expect((await run("validate", cfg, out, "--require", "pruned,no_trivial_phis,cytronMinimal,no_redundant_set")).status).toBe(0);
  });
  it("works on multi-function files, and validate pairs the functions by name", async () => {
    const a = JSON.parse(readFileSync(join(ROOT, "examples/loop.json"), "utf8"));
    const b = JSON.parse(readFileSync(join(ROOT, "examples/irreducible.json"), "utf8"));
    delete a.format;
    delete b.format;
    const mod = file("module.json", { format: "formal-ssa/1", functions: [a, b] });
    const out = join(dir, "module.ssa.json");
    expect((await run("construct", mod, "-o", out)).status).toBe(0);
    const ssa = JSON.parse(readFileSync(out, "utf8"));
    expect(ssa.functions.map((f: { kind: string }) => f.kind)).toEqual(["ssa", "ssa"]);
    const v = await run("validate", mod, out);
    expect(v.status).toBe(0);
    expect(v.stdout).toContain("certified: 2 of 2 functions certified");
  });
  it("an SSA document is not a construction input: one line, exit 2", async () => {
    const r = await run("construct", "examples/loop.ssa.json");
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain('construct needs an original CFG ("kind": "cfg")');
  });
});

describe("validate", () => {
  it("certified: exit 0; rejected: exit 1", async () => {
    expect((await run("validate", "examples/diamond.json", "examples/diamond.ssa.json")).status).toBe(0);
    expect((await run("validate", "examples/diamond.json", "examples/diamond.bad.ssa.json")).status).toBe(1);
  });
  it("--json prints the report format with every property and the stats", async () => {
    const r = await run("validate", "examples/diamond.json", "examples/diamond.bad.ssa.json", "--json");
    const rep = JSON.parse(r.stdout);
    expect(rep.format).toBe("formal-ssa/report@1");
    expect(rep.verdict).toBe("rejected");
    const f = rep.functions[0];
    expect(f.verdict).toBe("rejected");
    expect(Object.keys(f.stats).sort()).toEqual(["blocks", "milliseconds", "nodes", "phis", "values"]);
    expect(f.properties.conventional).toEqual({ holds: true });
    expect(f.properties.equiv.holds).toBe(false);
    expect(f.properties.equiv.witness[0]).toEqual({
      text: "path B0 -> B1 -> B3: at the use of x.B3.phi in block B3, statement 0, x was last defined at block B1, statement 0, but x.B3.phi stands for no definition",
      path: ["B0", "B1", "B3"],
      use: { block: "B3", stmt: 0, value: "x.B3.phi" },
      original: { block: "B1", stmt: 0 },
      ssa: null,
    });
  });
  it("--require adds quality properties; an unknown one is a command-line error", async () => {
    const ssa = join(dir, "irr.ssa.json");
    expect((await run("construct", "examples/irreducible.json", "-o", ssa)).status).toBe(0);
    expect((await run("validate", "examples/irreducible.json", ssa)).status).toBe(0);
    const strict = await run("validate", "examples/irreducible.json", ssa, "--require", "cytronMinimal");
    expect(strict.status).toBe(1);
    expect(strict.stdout).toMatch(/FAILS  cytronMinimal \(2 failures\)/);
    expect((await run("validate", "examples/irreducible.json", ssa)).stdout).toMatch(/no {5}cytronMinimal/);
    const bad = await run("validate", "examples/irreducible.json", ssa, "--require", "minimal");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('formal-ssa: --require: unknown quality property "minimal" (choose from pruned, no_trivial_phis, cytronMinimal, no_redundant_set)\n');
  });
  it("an SSA on another graph is rejected by same_graph", async () => {
    const ssa = JSON.parse(readFileSync(join(ROOT, "examples/diamond.ssa.json"), "utf8"));
    ssa.blocks[3].preds = ["B2", "B1"];
    const r = await run("validate", "examples/diamond.json", file("other.json", ssa));
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("FAILS  same_graph: block B3: preds differ: original [B0, B1]".replace("[B0, B1]", "[B1, B2]"));
  });
  it("malformed input: exit 2, one line naming the file, no output", async () => {
    const r = await run("validate", "examples/diamond.json", file("broken.json", "{ not json"));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^formal-ssa: .*broken\.json: not JSON: line 1, column \d+: .*\n$/);
  });
});

describe("check", () => {
  it("an SSA alone: CFG_SSA_wf and quality, exit 1 on the mutant", async () => {
    const r = await run("check", "examples/diamond.bad.ssa.json");
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("FAILS  allUses_def_ass (2 failures)");
    expect(r.stdout).not.toContain("equiv");
  });
  it("an original CFG: its CFG_wf assumptions", async () => {
    const r = await run("check", "examples/loop.json");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("holds  def_ass_uses");
  });
  it("a use that is not definitely assigned is reported with its path", async () => {
    const cfg = file("undef.json", {
      format: "formal-ssa/1",
      kind: "cfg",
      name: "undef",
      entry: "B0",
      blocks: [
        { id: "B0", preds: [], stmts: [] },
        { id: "B1", preds: ["B0"], stmts: [{ defs: ["x"], uses: [] }] },
        { id: "B2", preds: ["B0", "B1"], stmts: [{ defs: [], uses: ["x"] }] },
      ],
    });
    const r = await run("check", cfg);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("FAILS  def_ass_uses (1 failure)\n           path B0 -> B2: use of x at block B2, statement 0");
  });
});

describe("validate --necessary-paths", () => {
  it("shows two converging paths for each necessary phi, in text and JSON", async () => {
    const ssa = join(dir, "nested.ssa.json");
    expect((await run("construct", "examples/nested-loops-break.json", "-o", ssa)).status).toBe(0);
    const r = await run("validate", "examples/nested-loops-break.json", ssa, "--necessary-paths");
    expect(r.stdout).toContain("phi j.B3.phi in block B3 is necessary: B4 -> B3 and B2 -> B3");
    const j = JSON.parse((await run("validate", "examples/nested-loops-break.json", ssa, "--necessary-paths", "--json")).stdout);
    const ev = j.functions[0].properties.cytronMinimal.evidence;
    expect(ev.length).toBe(4);
    expect(ev.every((e: { paths: string[][] }) => e.paths.length === 2)).toBe(true);
  });
});
