/**
 * recheck against validate on random pairs (docs/certificates.md), the property the tests run
 * (test/certificate/recheck.test.ts) at the scale of a campaign: random CFGs of every shape under
 * every construction and minimisation, strict and `--undef refine`, and their mutants.
 * - completeness: every function validate certifies gets a certificate that recheck accepts (the
 *   pair's own; a mutant certified only up to refinement, its own);
 * - soundness: recheck accepts no pair validate rejects: not with the valid pair's certificate
 *   reused on the mutant, nor with one forged for the broken pair (the emitter run on it), nor
 *   with that one changed field by field.
 * A violation throws, naming it.
 *
 *   npx tsc -p tsconfig.build.json && node dist/bench/certificate_soundness.js [--runs N] [--seed S] [--no-write]
 *
 * Writes bench/certificate-soundness.md (generated).
 */
import fc from "fast-check";
import { writeFileSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { recheck, type Certificate, type FunctionCertificate } from "../api/certificate.js";
import { certificateOfPair } from "../api/certify.js";
import { ALGORITHMS, construct } from "../api/construct.js";
import { cfgArbitrary } from "../api/campaign/constructors.js";
import { validate } from "../api/validate.js";
import type { FunctionDoc } from "../io/format.js";
import { lowerPair } from "../io/lower.js";
import { docMutants } from "../fuzz/mutate_doc.js";

export const pairArbitrary = fc.record({
  undef: fc.constantFrom("strict", "refine" as const),
  cfg: fc.oneof(cfgArbitrary("reducible", 10), cfgArbitrary("any", 10)),
  algorithm: fc.constantFrom(...ALGORITHMS),
  minimize: fc.constantFrom("trivial", "none", "peel" as const),
  pick: fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 10, maxLength: 10 }),
});
export type PairCase = typeof pairArbitrary extends fc.Arbitrary<infer T> ? T : never;

export interface Tally {
  /** Random pairs, all certified (the arbitraries give well-formed CFGs, every construction is valid). */
  certified: number;
  /** Mutants validate certified only up to refinement, whose own certificate recheck accepted. */
  refined: number;
  /** Mutants validate rejects, each rechecked with the valid pair's certificate. */
  mutantsRejected: number;
  /** Certificates forged for rejected pairs, and those changed field by field. */
  forgedRejected: number;
  fieldMutantsRejected: number;
  /** The first rule of each rejection of a mutant. */
  rules: Record<string, number>;
}

export const newTally = (): Tally => ({ certified: 0, refined: 0, mutantsRejected: 0, forgedRejected: 0, fieldMutantsRejected: 0, rules: {} });

/** The certificate the emitter gives a pair whatever validate says of it: what a broken validator would hand out. */
function forged(cfg: FunctionDoc, ssa: FunctionDoc, undef: "strict" | "refine"): Certificate | undefined {
  const pair = lowerPair(cfg, ssa, "original", "ssa", cfg.name ?? "#0");
  return pair.ok ? { format: "formal-ssa/certificate@1", undef, functions: [certificateOfPair(cfg.name ?? "#0", pair)] } : undefined;
}

/** A certificate with one field changed: a parent, or two blocks of the order swapped. */
function mutateCertificate(c: Certificate, pick: readonly number[]): Certificate {
  const f = JSON.parse(JSON.stringify(c.functions[0])) as FunctionCertificate;
  const B = f.dominators.parent.length;
  const at = (k: number, n: number) => Math.floor(pick[k % pick.length] * n);
  if (pick[0] < 0.5) f.dominators.parent[at(1, B)] = at(2, B + 1) - 1;
  else {
    const [i, j] = [at(3, B), at(4, B)];
    [f.dominators.order[i], f.dominators.order[j]] = [f.dominators.order[j], f.dominators.order[i]];
  }
  return { ...c, functions: [f] };
}

const ONE_LINE = /^[A-Za-z_.]+: [^\n]+$/;

function violation(what: string): never {
  throw new Error(`recheck and validate disagree: ${what}`);
}

/** One random pair and its mutants; counts into `tally`, throws on a violation. */
export function certificateCase({ undef, cfg, algorithm, minimize, pick }: PairCase, tally: Tally): void {
  const doc = cfg as FunctionDoc;
  const ssa = construct(doc as never, { algorithm, minimize: minimize as never, unchecked: true }) as FunctionDoc;
  const r = validate(doc, ssa, { certificate: true, undef });
  if (r.verdict !== "certified") violation(`a construction's SSA is rejected: ${r.functions[0].summary ?? ""}`);
  tally.certified++;
  if (r.certificate!.functions.length !== 1 || recheck(doc, ssa, r.certificate).verdict !== "accepted") violation("a certified pair's certificate is not accepted");
  for (const m of docMutants(ssa, pick)) {
    const v = validate(doc, m, { undef, certificate: true });
    if (v.verdict === "certified") {
      if ((v.functions[0].stats.refinements ?? 0) > 0) {
        tally.refined++;
        if (recheck(doc, m, v.certificate).verdict !== "accepted") violation("a mutant certified up to refinement: its certificate is not accepted");
      }
      continue;
    }
    const again = recheck(doc, m, r.certificate);
    const failure = again.functions[0]?.failure ?? "";
    if (again.verdict !== "rejected" || !ONE_LINE.test(failure)) violation(`a mutant validate rejects is accepted with the valid pair's certificate (${again.verdict})`);
    tally.mutantsRejected++;
    const rule = failure.split(":")[0];
    tally.rules[rule] = (tally.rules[rule] ?? 0) + 1;
    const f = forged(doc, m, undef);
    if (f === undefined) continue;
    if (recheck(doc, m, f).verdict !== "rejected") violation("a mutant validate rejects is accepted with a certificate forged for it");
    tally.forgedRejected++;
    if (recheck(doc, m, mutateCertificate(f, pick)).verdict !== "rejected") violation("a mutant validate rejects is accepted with a changed forged certificate");
    tally.fieldMutantsRejected++;
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const runs = Number(opt("--runs") ?? 30000);
  const seed = Number(opt("--seed") ?? 20161017);
  const tally = newTally();
  const t0 = performance.now();
  fc.assert(
    fc.property(pairArbitrary, (c) => certificateCase(c, tally)),
    { numRuns: runs, seed },
  );
  const seconds = (performance.now() - t0) / 1000;
  const cases = tally.certified + tally.refined + tally.mutantsRejected + tally.forgedRejected + tally.fieldMutantsRejected;
  const text = [
    "# Certificates: recheck against validate on random pairs",
    "",
    `Generated by bench/certificate_soundness.ts on ${new Date().toISOString()} (${os.cpus().length} cores, Node ${process.version}): ${runs} random CFGs (fast-check seed ${seed}, at most 10 blocks, every shape, construction and minimisation, strict and --undef refine), ${seconds.toFixed(0)} s. No violation.`,
    "",
    "| what | cases |",
    "| --- | ---: |",
    `| certified pairs: their certificate accepted | ${tally.certified} |`,
    `| mutants certified only up to refinement: their certificate accepted | ${tally.refined} |`,
    `| mutants validate rejects, rechecked with the valid pair's certificate: rejected | ${tally.mutantsRejected} |`,
    `| the same with a certificate forged for them: rejected | ${tally.forgedRejected} |`,
    `| the same with that certificate changed field by field: rejected | ${tally.fieldMutantsRejected} |`,
    `| **all cases** | **${cases}** |`,
    "",
    `The first rule of each rejection of a mutant: ${Object.entries(tally.rules)
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}.`,
    "",
  ].join("\n");
  if (args.includes("--no-write")) process.stdout.write(text);
  else writeFileSync(fileURLToPath(new URL("../../bench/certificate-soundness.md", import.meta.url)), text);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
