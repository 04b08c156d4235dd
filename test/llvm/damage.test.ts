/**
 * Differential test against the producer's own parser: real `.ll` pairs (clang 14's output and
 * opt-14's mem2reg of it, test/fixtures/llvm/) damaged at random, one file of the pair at a time,
 * and each damaged file given to `opt-14 -passes=verify` (LLParser, then the verifier) and to our
 * validator. Property: no file that opt rejects is certified; our verdict on it is malformed
 * input (MalformedInput, one line `FILE:LINE: what`) or a rejection. The counts of each verdict
 * are printed. The oracle runs live on every damaged file.
 *
 * DAMAGE_SEED and DAMAGE_COUNT (damages per role) override the fixed seed and count.
 */
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { validate } from "../../api/llvm.js";
import { MalformedInput } from "../../spec/errors.js";
import { damage, pooled, Random, type Damage } from "../helpers/damage.js";

const SEED = Number(process.env.DAMAGE_SEED ?? 20_250_531);
const COUNT = Number(process.env.DAMAGE_COUNT ?? 150);
const OPT = "opt-14";
/** opt processes at a time: each mostly waits on its start-up, so more than the 2 cores. */
const POOL = 4;
/** A directory to write the escaping files to (DAMAGE_DUMP), for a closer look. */
const DUMP = process.env.DAMAGE_DUMP;

const FIXTURES = fileURLToPath(new URL("../fixtures/llvm/", import.meta.url));

/** Every before/after pair of the fixtures: `NAME[.variant].before.ll` with its `.after.ll`. */
interface Pair {
  name: string;
  before: string;
  after: string;
  /** Opaque pointers (`ptr`): made by `opt -opaque-pointers` (fixtures/llvm/README.md), which opt-14 then needs to read them. */
  opaque: boolean;
}

function pairs(): Pair[] {
  const out: Pair[] = [];
  for (const dir of ["", "hand"]) {
    const files = readdirSync(join(FIXTURES, dir)).filter((f) => f.endsWith(".before.ll"));
    for (const f of files.sort()) {
      const stem = f.slice(0, -".before.ll".length);
      const after = join(FIXTURES, dir, `${stem}.after.ll`);
      const before = readFileSync(join(FIXTURES, dir, f), "utf8");
      out.push({ name: join(dir, stem), before, after: readFileSync(after, "utf8"), opaque: /[ (]ptr\b/.test(before) });
    }
  }
  return out;
}

type Verdict = "certified" | "rejected" | "malformed";

/** Our verdict on a pair, in process. */
function ours(before: string, after: string): { verdict: Verdict; message?: string } {
  try {
    const report = validate(before, after, { names: { original: "before.ll", ssa: "after.ll" } });
    return { verdict: report.verdict === "certified" ? "certified" : "rejected" };
  } catch (e) {
    if (e instanceof MalformedInput) return { verdict: "malformed", message: e.message };
    throw e;
  }
}

/**
 * opt's verdict: whether it accepts the text (null: it did not finish within `OPT_SECONDS`; opt-14
 * loops forever on some damage, such as a debug location whose `inlinedAt` is itself), and the
 * first line it wrote.
 */
function opt(text: string, opaque: boolean): Promise<{ ok: boolean | null; says: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(OPT, [...(opaque ? ["-opaque-pointers"] : []), "-passes=verify", "-disable-output", "-"], { stdio: ["pipe", "ignore", "pipe"] });
    let err = "";
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      p.kill("SIGKILL");
    }, OPT_SECONDS * 1000);
    p.stderr.on("data", (d: Buffer) => (err += d.toString()));
    p.on("error", reject);
    p.on("close", (code) => {
      clearTimeout(timer);
      resolve({ ok: hung ? null : code === 0, says: hung ? `did not finish in ${OPT_SECONDS} s` : (err.split("\n").find((l) => l.includes("error")) ?? err.split("\n")[0] ?? "") });
    });
    p.stdin.end(text);
  });
}

/** How long opt may take on one file (it takes 50 ms). */
const OPT_SECONDS = 20;

interface Case {
  pair: string;
  opaque: boolean;
  role: "before" | "after";
  damage: Damage;
  before: string;
  after: string;
}

describe(`damaged .ll files against ${OPT} -passes=verify (seed ${SEED}, ${COUNT} per role)`, () => {
  it("opt-14 is installed", () => {
    const have = spawnSync(OPT, ["--version"]).status === 0;
    if (!have) throw new Error(`${OPT} is missing: apt-get install llvm-14 (Debian; scripts/debian-packages.sh has need_tools)`);
  });

  it("no file that opt rejects is certified", async () => {
    console.log(`damage seed ${SEED} (set DAMAGE_SEED to change it), ${COUNT} damages per role`);
    const rnd = new Random(SEED);
    const all = pairs();
    const cases: Case[] = [];
    for (const role of ["before", "after"] as const)
      for (let k = 0; k < COUNT; k++) {
        const p = rnd.pick(all);
        const d = damage(rnd, role === "before" ? p.before : p.after);
        cases.push({ pair: p.name, opaque: p.opaque, role, damage: d, before: role === "before" ? d.text : p.before, after: role === "after" ? d.text : p.after });
      }
    const oracle = await pooled(cases, POOL, (c) => opt(c.role === "before" ? c.before : c.after, c.opaque));
    const table = new Map<string, number>();
    const escapes: string[] = [];
    const overStrict: string[] = [];
    for (let k = 0; k < cases.length; k++) {
      const c = cases[k];
      const o = oracle[k];
      const v = ours(c.before, c.after);
      const key = `${c.role} ${o.ok === null ? "opt does not finish" : o.ok ? "opt accepts" : "opt rejects"} -> ${v.verdict}`;
      table.set(key, (table.get(key) ?? 0) + 1);
      const where = `${c.pair}.${c.role}.ll line ${c.damage.line} (${c.damage.operator})`;
      if (v.verdict === "malformed") expect(v.message, where).toMatch(/^(before|after)\.ll(:\d+)?: [^\n]+$/);
      if (o.ok === false && v.verdict === "certified") {
        escapes.push(`${where}: certified, opt says ${o.says}`);
        if (DUMP !== undefined) writeFileSync(join(DUMP, `${escapes.length}.${c.role}.ll`), c.role === "before" ? c.before : c.after);
      }
      if (o.ok && v.verdict === "malformed") overStrict.push(`${where}: ${v.message}`);
    }
    const rejected = oracle.filter((o) => o.ok === false).length;
    const hung = oracle.filter((o) => o.ok === null).length;
    console.log(`${cases.length} damaged files, ${OPT} rejects ${rejected}, accepts ${cases.length - rejected - hung}, does not finish on ${hung}`);
    for (const [k, n] of [...table].sort()) console.log(`  ${k}: ${n}`);
    for (const e of escapes) console.log(`ESCAPE ${e}`);
    for (const e of overStrict) console.log(`OVERSTRICT ${e}`);
    expect(escapes).toEqual([]);
  }, 600_000);
});
