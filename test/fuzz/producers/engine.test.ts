/**
 * The engine of producer campaigns (api/campaign/producers.ts), on fake runners where the answer is
 * known, and on LLVM's mem2reg (opt-14, 15 and 16, which `npm test` installs):
 * - a case is the first value fast-check draws for its seed, so shrinking starts from it;
 * - shards of a campaign are disjoint and together cover every case index;
 * - a batch that fails as a whole is bisected down to the cases that fail alone, and a failure
 *   that needs two cases is carried by the smallest range that still fails;
 * - signatures: the same bug with other numbers and names is one signature;
 * - the real target is clean on random programs under each release, and a deliberately broken
 *   producer (a phi's incoming values swapped, or a phi dropped, after opt) is caught, reported
 *   with the property that fails, and shrunk to a small case.
 */
import fc from "fast-check";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { FuzzCase, FuzzTarget } from "../../../adapters/fuzz_target.js";
import { llvmFuzzTarget } from "../../../adapters/llvm/fuzz.js";
import { batchFindings, caseArbitrary, caseSeed, generateCase, inShard, normaliseMessage, runCampaign, shrinkFinding, type BatchRun, type BatchRunner } from "../../../api/campaign/producers.js";
import { processRunner, writeProducerFinding } from "../../../api/campaign/node/producers.js";
import { caseWith, fakeTarget } from "./fake_target.js";

const SEED = Number(process.env.FC_SEED ?? 20161017);
const BROKEN = fileURLToPath(new URL("./broken.mjs", import.meta.url));

describe("cases", () => {
  it("case i of seed S is the first value fast-check draws for caseSeed(S, i): what shrinking starts from", () => {
    const arb = caseArbitrary(llvmFuzzTarget, 12);
    for (let i = 0; i < 20; i++) {
      const seed = caseSeed(SEED, i);
      const c = generateCase(arb, seed);
      let first: FuzzCase | undefined;
      fc.check(
        fc.property(arb, (x) => {
          first ??= x;
          return false;
        }),
        { seed, numRuns: 1 },
      );
      expect(first).toEqual(c);
      expect(generateCase(arb, seed)).toEqual(c);
    }
  });

  it("every case's CFG starts with a statement that defines every variable, and its uninitialised variables are among them", () => {
    const arb = caseArbitrary(llvmFuzzTarget, 12);
    const kinds = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const c = generateCase(arb, caseSeed(SEED, i));
      kinds.add(c.kind);
      const entry = c.cfg.blocks.find((b) => b.id === c.cfg.entry)!;
      const first = entry.stmts?.[0] ?? { defs: entry.defs ?? [], uses: entry.uses ?? [] };
      const used = new Set(c.cfg.blocks.flatMap((b) => (b.stmts ?? [{ defs: b.defs ?? [], uses: b.uses ?? [] }]).flatMap((s) => s.uses)));
      for (const x of used) expect(first.defs).toContain(x);
      for (const x of c.uninitialised) expect(first.defs).toContain(x);
    }
    expect([...kinds].sort()).toEqual(["cfg", "program"]);
  });

  it("shards are disjoint and cover every index", () => {
    for (const count of [1, 2, 3, 7]) {
      const owners = Array.from({ length: 100 }, (_, i) => Array.from({ length: count }, (_, s) => s + 1).filter((s) => inShard(i, { index: s, count })));
      expect(owners.every((o) => o.length === 1)).toBe(true);
    }
  });
});

describe("bisecting a batch that fails as a whole", () => {
  it("finds exactly the cases that crash alone; rejected functions are judged from one run", async () => {
    // styles 13 crash the producer; style 7 is rejected by the validator
    let runs = 0;
    const runner: BatchRunner = async (_v, printed, cases): Promise<BatchRun> => {
      runs++;
      if (cases.some((c) => c.style === 13)) return { kind: "failed", failure: { kind: "crash", message: "fake: killed by SIGSEGV at 0x1234" }, files: {} };
      return { kind: "ran", files: {}, functions: cases.map((c, k) => ({ name: printed.functionNames[k], certified: c.style !== 7, property: "equiv", summary: "equiv fails" })) };
    };
    const cases = [1, 2, 13, 4, 7, 6, 13, 8].map(caseWith);
    const { findings, runs: reported } = await batchFindings(fakeTarget(), "v", cases, runner);
    expect(findings.map((f) => f?.kind ?? "-")).toEqual(["-", "-", "crash", "-", "rejected", "-", "crash", "-"]);
    expect(findings[2]!.signature).toBe("fake:crash:fake: killed by SIGSEGV at N");
    expect(findings[4]!.signature).toBe("fake:rejected:equiv");
    expect(reported).toBe(runs);
  });

  it("output the producer's validator rejects names no function: bisected like a crash, down to the case whose output is invalid alone", async () => {
    // style 9 makes the whole output invalid (spirv-val's complaint names no case); style 7 is rejected
    const runner: BatchRunner = async (_v, printed, cases): Promise<BatchRun> => ({
      kind: "ran",
      files: {},
      ...(cases.some((c) => c.style === 9) ? { invalid: "fake-val: error: line 12: ID '4' does not dominate its use" } : {}),
      functions: cases.map((c, k) => ({ name: printed.functionNames[k], certified: c.style !== 7, property: "equiv", summary: "equiv fails" })),
    });
    const { findings } = await batchFindings(fakeTarget(), "v", [1, 2, 3, 9, 5, 7, 6, 8].map(caseWith), runner);
    expect(findings.map((f) => f?.kind ?? "-")).toEqual(["-", "-", "-", "invalid-output", "-", "rejected", "-", "-"]);
    expect(findings[3]!.signature).toBe("fake:invalid-output:fake-val: error: line N: ID '…' does not dominate its use");
  });

  it("a rejected function no case owns (a shader's main, charged with the module's preamble) names no case: bisected like invalid output, down to the case that causes it alone", async () => {
    // style 9 makes the pair's extra function `main` rejected; style 7 is rejected itself
    const runner: BatchRunner = async (_v, printed, cases): Promise<BatchRun> => ({
      kind: "ran",
      files: {},
      functions: [
        { name: "main", certified: !cases.some((c) => c.style === 9), property: "same_instructions", summary: "the module's types differ" },
        ...cases.map((c, k) => ({ name: printed.functionNames[k], certified: c.style !== 7, property: "equiv", summary: "equiv fails" })),
      ],
    });
    const { findings } = await batchFindings(fakeTarget(), "v", [1, 2, 3, 9, 5, 7, 6, 8].map(caseWith), runner);
    expect(findings.map((f) => f?.kind ?? "-")).toEqual(["-", "-", "-", "rejected", "-", "rejected", "-", "-"]);
    expect(findings[3]!).toMatchObject({ signature: "fake:rejected:same_instructions", description: expect.stringMatching(/main \(no case's own function\): rejected: the module's types differ/) });
    expect(findings[5]!.signature).toBe("fake:rejected:equiv");
  });

  it("a failure that needs two cases of different halves: the smallest failing range, on its first case", async () => {
    const runner: BatchRunner = async (_v, printed, cases): Promise<BatchRun> => {
      const styles = cases.map((c) => c.style);
      if (styles.includes(3) && styles.includes(5)) return { kind: "failed", failure: { kind: "timeout", message: "fake: no answer" }, files: {} };
      return { kind: "ran", files: {}, functions: cases.map((_, k) => ({ name: printed.functionNames[k], certified: true })) };
    };
    const { findings } = await batchFindings(fakeTarget(), "v", [1, 2, 3, 4, 5, 6, 7, 8].map(caseWith), runner);
    // [0, 8) fails; [0, 4) and [4, 8) pass: the whole batch is the finding, on case 0
    expect(findings.map((f) => f?.kind ?? "-")).toEqual(["timeout", "-", "-", "-", "-", "-", "-", "-"]);
  });
});

describe("timeouts: a hang is one case's", () => {
  const certifiedAll = (printed: { functionNames: string[] }, cases: readonly FuzzCase[]): BatchRun => ({ kind: "ran", files: {}, functions: cases.map((_, k) => ({ name: printed.functionNames[k], certified: true })) });

  it("a batch past its time whose case finishes in time alone is a slow run, counted apart, not a finding", async () => {
    // every batch of more than two cases is "slow"; no case hangs alone
    const runner: BatchRunner = async (_v, printed, cases) => (cases.length > 2 ? { kind: "failed", failure: { kind: "timeout", message: "fake: no answer within 10 ms" }, files: {} } : certifiedAll(printed, cases));
    const r = await runCampaign({ target: fakeTarget(), seed: SEED, maxBlocks: 6, batchSize: 7, runs: 21, shrinkTimeMs: 10_000, shrinkRuns: 4, runner });
    expect(r.findings).toEqual([]);
    // a batch of 7 bisects to two ranges that fail while their halves pass ([0, 3) and [3, 7)),
    // each on its first case, which alone finishes: two unconfirmed timeouts per batch
    expect(r.slowBatches).toBe(6);
  });

  it("a case that hangs alone stays a finding (and its later hits count)", async () => {
    const hangs = (c: FuzzCase) => c.style % 4 === 1;
    const runner: BatchRunner = async (_v, printed, cases) => (cases.some(hangs) ? { kind: "failed", failure: { kind: "timeout", message: "fake: no answer within 10 ms" }, files: {} } : certifiedAll(printed, cases));
    const r = await runCampaign({ target: fakeTarget(), seed: SEED, maxBlocks: 6, batchSize: 7, runs: 42, shrinkTimeMs: 10_000, shrinkRuns: 4, runner });
    expect(r.slowBatches).toBe(0);
    expect(r.findings.map((f) => f.signature)).toEqual(["fake:timeout:fake: no answer within N ms"]);
    expect(hangs(r.findings[0].case)).toBe(true);
  });
});

describe("campaigns whose runs overlap", () => {
  /** A fake producer that answers after a turn of the event loop: style % 5 === 0 is rejected. */
  function slowRunner(overlapping: number) {
    const seen = { inFlight: 0, most: 0, runs: 0, keptFiles: 0 };
    const run = async (_v: string, printed: { functionNames: string[] }, cases: readonly FuzzCase[], options?: { keepFiles?: boolean }): Promise<BatchRun> => {
      seen.runs++;
      if (options?.keepFiles !== false) seen.keptFiles++;
      seen.most = Math.max(seen.most, ++seen.inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      seen.inFlight--;
      return { kind: "ran", files: {}, functions: cases.map((c, k) => ({ name: printed.functionNames[k], certified: c.style % 5 !== 0, property: `equiv${c.style % 3}`, summary: "equiv fails" })) };
    };
    return { runner: Object.assign(run, { overlapping }) as BatchRunner, seen };
  }

  it("start the next batches before judging this one, as many as the runner allows, and find exactly what one batch at a time finds; no run keeps its files", async () => {
    const campaign = (runner: BatchRunner) => runCampaign({ target: fakeTarget(), seed: SEED, maxBlocks: 6, batchSize: 7, runs: 60, shrinkTimeMs: 10_000, shrinkRuns: 4, runner });
    const one = slowRunner(1);
    const two = slowRunner(3);
    const a = await campaign(one.runner);
    const b = await campaign(two.runner);
    expect(one.seen.most).toBe(1);
    expect(two.seen.most).toBe(3);
    expect(one.seen.keptFiles + two.seen.keptFiles).toBe(0);
    const found = (r: typeof a) => r.findings.map((f) => ({ signature: f.signature, index: f.index, hits: f.hits, case: f.case }));
    expect(found(a).length).toBeGreaterThan(1);
    expect(found(b)).toEqual(found(a));
    expect({ cases: b.cases, runs: b.runs, first: b.firstIndex, last: b.lastIndex }).toEqual({ cases: 60, runs: a.runs, first: a.firstIndex, last: a.lastIndex });
  });
});

describe("shrinking cut by its time limit", () => {
  it("returns only once the run under way has ended (its processes and directory go with it), and that run's answer does not count", async () => {
    let inFlight = 0;
    let ended = 0;
    // every case fails alike; the time limit (3 s, far more than starting the first run takes on
    // a loaded machine) falls during the first run, which lasts until 200 ms past it
    const limitMs = 3000;
    const t0 = performance.now();
    const runner: BatchRunner = async (_v, printed, cases): Promise<BatchRun> => {
      inFlight++;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, t0 + limitMs + 200 - performance.now())));
      inFlight--;
      ended++;
      return { kind: "ran", files: {}, functions: cases.map((_, k) => ({ name: printed.functionNames[k], certified: false, property: "equiv", summary: "equiv fails" })) };
    };
    const arb = caseArbitrary(fakeTarget(), 6);
    const shrunk = await shrinkFinding(fakeTarget(), "v", arb, caseSeed(SEED, 0), "fake:rejected:equiv", runner, { runs: 100, timeLimitMs: limitMs });
    expect(inFlight).toBe(0);
    expect(ended).toBe(1);
    expect(shrunk).toBeUndefined();
  });
});

describe("signatures", () => {
  it("numbers, names, paths and quoted text do not split one bug into many", () => {
    expect(normaliseMessage("opt-15: exit status 134: Assertion `V' failed at /tmp/x/y.cpp:123 for %x.12")).toBe(normaliseMessage("opt-15: exit status 134: Assertion `W' failed at /build/z.cpp:9 for %y.3"));
    expect(normaliseMessage("crash one")).not.toBe(normaliseMessage("crash two"));
  });
});

/** llvm-mem2reg with a broken step after opt. */
function broken(mode: "swap-llvm" | "drop-llvm"): FuzzTarget {
  const runner = llvmFuzzTarget.runner;
  if (runner.kind !== "process") throw new Error("llvm-mem2reg runs processes");
  return {
    ...llvmFuzzTarget,
    name: `llvm-mem2reg-${mode}`,
    runner: { ...runner, steps: (variant, files) => [...runner.steps(variant, files), { argv: [process.execPath, BROKEN, mode, "{dir}/after.ll"] }] },
  };
}

describe("llvm-mem2reg: random programs through opt-N -passes=mem2reg, batched", () => {
  it("is clean on 600 cases under LLVM 14, 15 and 16 (200 per batch)", async () => {
    const r = await runCampaign({ target: llvmFuzzTarget, seed: SEED, maxBlocks: 12, batchSize: 200, runs: 600, shrinkTimeMs: 60_000, runner: processRunner(llvmFuzzTarget, 120_000) });
    expect(r.findings.map((f) => f.description)).toEqual([]);
    expect({ cases: r.cases, runs: r.runs }).toEqual({ cases: 600, runs: 3 });
  });

  for (const [mode, property] of [
    // swapped incoming values: a value from the other branch, which does not dominate its edge,
    // fails allUses_def_ass (docs/properties.md, "One rule for dominance"); equal dominance, equiv
    ["swap-llvm", /^(equiv|same_instructions|allUses_def_ass)$/],
    ["drop-llvm", /^(equiv|same_instructions|allUses_def_ass|conventional)$/],
  ] as const) {
    it(`a broken producer (${mode}: opt, then the first phi's ${mode === "swap-llvm" ? "incoming values swapped" : "removal"}) is caught and shrunk`, async () => {
      const target = broken(mode);
      const r = await runCampaign({ target, variants: ["14"], seed: SEED, maxBlocks: 12, batchSize: 100, runs: 100, shrinkTimeMs: 120_000, runner: processRunner(target, 120_000) });
      expect(r.findings.length).toBeGreaterThan(0);
      const f = r.findings[0];
      expect(f.kind).toBe("rejected");
      expect(f.signature.split(":").at(-1)).toMatch(property);
      // shrunk: a small program whose printed function still has a phi
      expect(f.case.cfg.blocks.length).toBeLessThanOrEqual(6);
      if (mode !== "swap-llvm") return;
      // its folder: the explorer's link holds the two forms the run kept and the case's function
      const out = mkdtempSync(join(tmpdir(), "formal-ssa-finding-link-"));
      const saved = process.env.FORMAL_SSA_EXPLORER;
      process.env.FORMAL_SSA_EXPLORER = "https://explorer.example/index.html";
      try {
        const { dir, link } = await writeProducerFinding(f, { out, target, runner: processRunner(target, 120_000), maxBlocks: 12, version: "opt-14" });
        expect(link.startsWith("https://explorer.example/index.html#")).toBe(true);
        const hash = new URL(link).hash.slice(1);
        const z = new URLSearchParams(hash).get("z");
        const p = z === null ? new URLSearchParams(hash) : new URLSearchParams(inflateRawSync(Buffer.from(z, "base64url")).toString("utf8"));
        expect([p.get("p"), p.get("fn")]).toEqual(["llvm", target.print([f.case], "14").functionNames[0]]);
        expect(p.get("src")).toBe(readFileSync(join(dir, "before.ll"), "utf8"));
        expect(p.get("ssa")).toBe(readFileSync(join(dir, "after.ll"), "utf8"));
        expect(readFileSync(join(dir, "README.txt"), "utf8")).toContain(link);
      } finally {
        if (saved === undefined) delete process.env.FORMAL_SSA_EXPLORER;
        else process.env.FORMAL_SSA_EXPLORER = saved;
        rmSync(out, { recursive: true, force: true });
      }
    });
  }
});
