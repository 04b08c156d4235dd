/**
 * Validation of many SPIR-V module pairs in one process, as a CI job certifies a shader corpus
 * with the library (`formal-ssa/spirv`): each pair's files read and validated, nothing kept but
 * the totals. bench/spirv.ts runs it as a whole process and times it; it prints one JSON line
 * with the totals.
 *
 *   node dist/bench/spirv_batch.js BEFORE AFTER [BEFORE AFTER ...]
 */
import { readFileSync } from "node:fs";
import { readSpirv, validate, type SpvModule } from "../api/spirv.js";

const OP_PHI = 245;
/** Phis of a module that name one value besides themselves (trivial as they stand in the module). */
function trivialPhis(m: SpvModule): number {
  let n = 0;
  for (const i of m.instructions) {
    if (i.opcode !== OP_PHI) continue;
    const values = new Set<number>();
    for (let k = 0; k + 1 < i.operands.length; k += 2) if (i.operands[k] !== i.result) values.add(i.operands[k]);
    if (values.size <= 1) n++;
  }
  return n;
}

const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2 !== 0) {
  process.stderr.write("usage: node dist/bench/spirv_batch.js BEFORE AFTER [BEFORE AFTER ...]\n");
  process.exit(2);
}
const totals = { pairs: 0, functions: 0, certified: 0, rejected: 0, phis: 0, minimum: 0, redundant: 0, trivial: 0, merged: 0 };
for (let k = 0; k < args.length; k += 2) {
  const before = new Uint8Array(readFileSync(args[k]));
  const after = new Uint8Array(readFileSync(args[k + 1]));
  const r = validate(before, after, { names: { original: args[k], ssa: args[k + 1] } });
  totals.pairs++;
  // the pass's phis that are trivial as they stand (glslang's own phis are counted before and taken off)
  totals.trivial += trivialPhis(readSpirv({ bytes: after, name: args[k + 1] })) - trivialPhis(readSpirv({ bytes: before, name: args[k] }));
  for (const f of r.functions) {
    totals.functions++;
    if (f.verdict === "certified") totals.certified++;
    else totals.rejected++;
    totals.phis += f.stats.phis ?? 0;
    totals.minimum += f.stats.phis_minimum ?? 0;
    for (const d of f.differences ?? []) {
      const redundant = /^(\d+) redundant phis? /.exec(d);
      if (redundant) totals.redundant += Number(redundant[1]);
      if (d.startsWith("equal values merged")) totals.merged++;
    }
  }
}
process.stdout.write(JSON.stringify(totals) + "\n");
