/**
 * Certificates of the producers' routes: `validate --emit DIR --certificate FILE` on every LLVM,
 * SPIR-V and GCC fixture pair writes the exchange-format pair as validate read it and the
 * certificate of its certified functions; recheck accepts exactly the functions validate
 * certified (those it rejects, a suspected miscompilation included, get no entry), with the
 * producer's uninitialised definitions stated under `refine`. Names stay unique (C++ overloads).
 * The React Compiler's route: `react --emit DIR --certificate` gives each stage's certificate.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { recheck } from "../../api/certificate.js";
import { validate } from "../../api/validate.js";
import { validateFiles } from "../../api/node/index.js";
import { validateReactFiles } from "../../api/node/react.js";
import { docMutants } from "../../fuzz/mutate_doc.js";
import type { FunctionDoc } from "../../io/format.js";
import { ROOT } from "../cli/cli.js";

const FIX = join(ROOT, "test/fixtures");
const dir = mkdtempSync(join(tmpdir(), "formal-ssa-emit-"));
const pairs = (sub: string, before: RegExp, after: (b: string) => string) =>
  readdirSync(join(FIX, sub))
    .filter((f) => before.test(f))
    .map((f) => ({ name: `${sub}/${f}`, before: join(FIX, sub, f), after: join(FIX, sub, after(f)) }));

const CASES = [
  ...pairs("llvm", /\.before\.ll$/, (f) => f.replace(".before.", ".after.")),
  ...pairs("llvm/hand", /\.before\.ll$/, (f) => f.replace(".before.", ".after.")),
  ...pairs("spirv", /\.before\.spv$/, (f) => f.replace(".before.", ".after.")),
  ...pairs("gcc", /\.fixup_cfg1$/, (f) => f.replace(".fixup_cfg1", ".ssa")),
];

describe("validate --emit --certificate on the producers' fixtures, rechecked", () => {
  it(`${CASES.length} pairs: recheck accepts exactly the functions validate certifies`, async () => {
    let certified = 0;
    let rejected = 0;
    let withPlaces = 0;
    for (const [i, c] of CASES.entries()) {
      const out = join(dir, String(i));
      const report = await validateFiles(c.before, c.after, { emit: out, certificate: true });
      const cert = report.certificate!;
      const re = recheck(readFileSync(join(out, "original.json")), readFileSync(join(out, "ssa.json")), cert);
      // the emitted pair holds every function, in validate's order, under unique names
      expect(re.functions.length, c.name).toBe(report.functions.length);
      const accepted = re.functions.map((f) => f.accepted);
      expect(accepted, `${c.name}: ${JSON.stringify(re.functions.filter((f) => !f.accepted))}`).toEqual(report.functions.map((f) => f.verdict === "certified"));
      certified += accepted.filter(Boolean).length;
      rejected += accepted.filter((a) => !a).length;
      if (cert.undef === "refine") withPlaces += cert.functions.filter((f) => f.uninitialised !== undefined && f.uninitialised.length > 0).length;
    }
    expect(certified).toBeGreaterThan(100);
    expect(rejected).toBeGreaterThan(2); // the hand-written suspected miscompilations and rejected paths
    expect(withPlaces).toBeGreaterThan(20);
  });

  it("the certificate states the producer's uninitialised definitions: with them removed, a function whose SSA reads one is rejected", async () => {
    const out = join(dir, "uninit");
    const report = await validateFiles(join(FIX, "llvm/uninit.before.ll"), join(FIX, "llvm/uninit.after.ll"), { emit: out, certificate: true });
    const cert = report.certificate!;
    const [o, s] = [readFileSync(join(out, "original.json")), readFileSync(join(out, "ssa.json"))];
    expect(recheck(o, s, cert).verdict).toBe("accepted");
    const none = { ...cert, functions: cert.functions.map((f) => ({ ...f, uninitialised: [] })) };
    const again = recheck(o, s, none);
    expect(again.verdict).toBe("rejected");
    expect(again.functions.some((f) => /^(allUses_def_ass|equiv): /.test(f.failure ?? ""))).toBe(true);
  });

  it("with a producer's input, --certificate needs --emit, and --emit needs a producer's input", async () => {
    const ll = join(FIX, "llvm/uninit.before.ll");
    await expect(validateFiles(ll, join(FIX, "llvm/uninit.after.ll"), { certificate: true })).rejects.toThrow(/--certificate: .* give both/);
    const ex = join(ROOT, "examples");
    await expect(validateFiles(join(ex, "loop.json"), join(ex, "loop.ssa.json"), { emit: join(dir, "x") })).rejects.toThrow(/--emit: the inputs are exchange-format documents already/);
  });
});

describe("react --emit --certificate on the React Compiler's fixtures", () => {
  it("each file's two stages: recheck accepts every function validate certifies, and rejects mutants of the stage's SSA", async () => {
    const files = readdirSync(join(ROOT, "test/react/fixtures")).filter((f) => f.endsWith(".js")).map((f) => join(ROOT, "test/react/fixtures", f));
    const out = join(dir, "react");
    const report = await validateReactFiles(files, { emit: out, certificate: true });
    expect(report.functions.filter((f) => f.verdict === "certified").length).toBeGreaterThan(20);
    let accepted = 0;
    let mutantsRejected = 0;
    for (const f of files) {
      const base = join(out, relative(process.cwd(), f));
      const original = readFileSync(`${base}.cfg.json`);
      for (const stage of ["ssa", "eliminated"]) {
        const ssa = readFileSync(`${base}.${stage}.json`);
        const cert = readFileSync(`${base}.${stage}.cert.json`);
        const re = recheck(original, ssa, cert);
        expect(re.verdict, `${f} ${stage}: ${JSON.stringify(re.functions.filter((x) => !x.accepted))}`).toBe("accepted");
        accepted += re.functions.length;
        // the certificate does not carry over to a broken stage
        const module = JSON.parse(ssa.toString()) as { format: string; functions: FunctionDoc[] };
        for (const [k, fn] of module.functions.entries())
          for (const m of docMutants(fn, [0.3, 0.7, 0.1, 0.9, 0.5, 0.2, 0.8, 0.4, 0.6, 0.05])) {
            const mutated = { ...module, functions: module.functions.map((g, j) => (j === k ? { ...m, name: g.name } : g)) };
            const r = validateAgain(original, mutated, cert);
            if (r !== undefined) mutantsRejected += r;
          }
      }
    }
    expect(accepted).toBe(2 * report.functions.filter((f) => f.verdict === "certified").length);
    expect(mutantsRejected).toBeGreaterThan(20);
  });
});

describe("react --emit: files outside the working directory that share a base name", () => {
  it("each gets its own documents and certificates (NAME, NAME.2), none written over", async () => {
    const src = mkdtempSync(join(tmpdir(), "formal-ssa-react-names-"));
    const files = ["a", "b"].map((d, i) => {
      mkdirSync(join(src, d));
      const f = join(src, d, "same.js");
      writeFileSync(f, `export function fn${i}(n) { let s = 0; for (let k = 0; k < n; k++) s += k * ${i + 2}; return s; }\n`);
      return f;
    });
    expect(relative(process.cwd(), files[0]).startsWith("..")).toBe(true);
    const out = join(dir, "react-names");
    const report = await validateReactFiles(files, { emit: out, certificate: true });
    expect(report.functions.map((f) => [f.name, f.verdict])).toEqual([
      ["fn0", "certified"],
      ["fn1", "certified"],
    ]);
    for (const [base, name] of [
      ["same.js", "fn0"],
      ["same.js.2", "fn1"],
    ]) {
      const cfg = JSON.parse(readFileSync(join(out, `${base}.cfg.json`), "utf8")) as { functions: FunctionDoc[] };
      expect(cfg.functions.map((f) => f.name)).toEqual([name]);
      for (const stage of ["ssa", "eliminated"]) {
        const re = recheck(readFileSync(join(out, `${base}.cfg.json`)), readFileSync(join(out, `${base}.${stage}.json`)), readFileSync(join(out, `${base}.${stage}.cert.json`)));
        expect([re.verdict, re.functions.map((f) => f.name)]).toEqual(["accepted", [name]]);
      }
    }
    rmSync(src, { recursive: true, force: true });
  });
});

/** 1 when recheck rejects a mutated stage that validate (strict, as the React route) rejects too; 0 when validate certifies it; throws when recheck accepts a rejected one. */
function validateAgain(original: Buffer, mutated: unknown, cert: Buffer): number | undefined {
  const text = JSON.stringify(mutated);
  let certified: boolean;
  try {
    certified = validate(original.toString(), text).verdict === "certified";
  } catch {
    return undefined; // not even a readable pair (a renamed definition of another variable)
  }
  const re = recheck(original, text, cert);
  if (!certified && re.verdict === "accepted") throw new Error(`recheck accepted a mutant validate rejects`);
  return certified ? 0 : 1;
}
