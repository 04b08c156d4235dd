/**
 * Differential test against the producer's own tools: the `spirv-dis` texts of the fixtures
 * (test/fixtures/spirv/*.spvasm: glslang's output and `spirv-opt --ssa-rewrite` of it) damaged
 * at random, one file of a pair at a time, and each damaged text given to `spirv-as` then
 * `spirv-val` (SPIRV-Tools' assembler and validator) and to our validator. Property: no text
 * that SPIRV-Tools refuses is certified; our verdict on it is malformed input (MalformedInput,
 * one line `FILE:LINE: what`) or a rejection. The counts of each verdict are printed. The oracle
 * runs live on every damaged text.
 *
 * DAMAGE_SEED and DAMAGE_COUNT (damages per role) override the fixed seed and count.
 */
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { validate } from "../../api/spirv.js";
import { MalformedInput } from "../../spec/errors.js";
import { damage, pooled, Random, type Damage } from "../helpers/damage.js";

const SEED = Number(process.env.DAMAGE_SEED ?? 20_250_531);
const COUNT = Number(process.env.DAMAGE_COUNT ?? 150);
/** Oracle pipelines at a time (two short processes each). */
const POOL = 4;
/** A directory to write the escaping texts to (DAMAGE_DUMP), for a closer look. */
const DUMP = process.env.DAMAGE_DUMP;

const FIXTURES = fileURLToPath(new URL("../fixtures/spirv/", import.meta.url));

interface Pair {
  name: string;
  before: string;
  after: string;
}

function pairs(): Pair[] {
  return readdirSync(FIXTURES)
    .filter((f) => f.endsWith(".before.spvasm"))
    .sort()
    .map((f) => {
      const stem = f.slice(0, -".before.spvasm".length);
      return { name: stem, before: readFileSync(join(FIXTURES, f), "utf8"), after: readFileSync(join(FIXTURES, `${stem}.after.spvasm`), "utf8") };
    });
}

type Verdict = "certified" | "rejected" | "malformed";

function ours(before: string, after: string): { verdict: Verdict; message?: string } {
  try {
    const report = validate(before, after, { names: { original: "before.spvasm", ssa: "after.spvasm" } });
    return { verdict: report.verdict === "certified" ? "certified" : "rejected" };
  } catch (e) {
    if (e instanceof MalformedInput) return { verdict: "malformed", message: e.message };
    throw e;
  }
}

/** SPIRV-Tools' verdict: `spirv-as` assembles the text and `spirv-val` validates the binary (both must succeed), and the first line said. */
function tools(text: string): Promise<{ ok: boolean; says: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn("bash", ["-o", "pipefail", "-c", "spirv-as -o - - | spirv-val -"], { stdio: ["pipe", "pipe", "pipe"] });
    let said = "";
    p.stdout.on("data", (d: Buffer) => (said += d.toString()));
    p.stderr.on("data", (d: Buffer) => (said += d.toString()));
    p.on("error", reject);
    p.on("close", (code) => resolve({ ok: code === 0, says: said.split("\n").find((l) => l.trim() !== "") ?? "" }));
    p.stdin.end(text);
  });
}

interface Case {
  pair: string;
  role: "before" | "after";
  damage: Damage;
  before: string;
  after: string;
}

describe(`damaged spirv-dis texts against spirv-as and spirv-val (seed ${SEED}, ${COUNT} per role)`, () => {
  it("spirv-as and spirv-val are installed", () => {
    for (const tool of ["spirv-as", "spirv-val"])
      if (spawnSync(tool, ["--version"]).status !== 0) throw new Error(`${tool} is missing: bash scripts/setup-spirv-tools.sh (Debian's spirv-tools)`);
  });

  it("no text that SPIRV-Tools refuses is certified", async () => {
    console.log(`damage seed ${SEED} (set DAMAGE_SEED to change it), ${COUNT} damages per role`);
    const rnd = new Random(SEED);
    const all = pairs();
    const cases: Case[] = [];
    for (const role of ["before", "after"] as const)
      for (let k = 0; k < COUNT; k++) {
        const p = rnd.pick(all);
        const d = damage(rnd, role === "before" ? p.before : p.after);
        cases.push({ pair: p.name, role, damage: d, before: role === "before" ? d.text : p.before, after: role === "after" ? d.text : p.after });
      }
    const oracle = await pooled(cases, POOL, (c) => tools(c.role === "before" ? c.before : c.after));
    const table = new Map<string, number>();
    const escapes: string[] = [];
    const overStrict: string[] = [];
    for (let k = 0; k < cases.length; k++) {
      const c = cases[k];
      const o = oracle[k];
      const v = ours(c.before, c.after);
      const key = `${c.role} ${o.ok ? "SPIRV-Tools accept" : "SPIRV-Tools refuse"} -> ${v.verdict}`;
      table.set(key, (table.get(key) ?? 0) + 1);
      const where = `${c.pair}.${c.role}.spvasm line ${c.damage.line} (${c.damage.operator})`;
      if (v.verdict === "malformed") expect(v.message, where).toMatch(/^(before|after)\.spvasm(:\d+)?: [^\n]+$/);
      if (!o.ok && v.verdict === "certified") {
        escapes.push(`${where}: certified, SPIRV-Tools say ${o.says}`);
        if (DUMP !== undefined) writeFileSync(join(DUMP, `${escapes.length}.${c.role}.spvasm`), c.role === "before" ? c.before : c.after);
      }
      if (o.ok && v.verdict === "malformed") overStrict.push(`${where}: ${v.message}`);
    }
    const refused = oracle.filter((o) => !o.ok).length;
    console.log(`${cases.length} damaged texts, SPIRV-Tools refuse ${refused}, accept ${cases.length - refused}`);
    for (const [k, n] of [...table].sort()) console.log(`  ${k}: ${n}`);
    for (const e of escapes) console.log(`ESCAPE ${e}`);
    for (const e of overStrict) console.log(`OVERSTRICT ${e}`);
    expect(escapes).toEqual([]);
  }, 600_000);
});
