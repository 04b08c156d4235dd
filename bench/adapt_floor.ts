/**
 * The second floor under `formal-ssa validate before.ll after.ll`: what parse_floor.ts does
 * (read and parse both files), plus the LLVM adapter's work, and nothing else. Both files are
 * read as `validate` reads them (api/node/files.ts) and handed to the adapter as `validate`
 * hands them (`llvmAdapter.pairs`), which cuts, parses, compares and models every function pair
 * and builds its documents' columns; no pair is lowered onto a graph, checked or reported.
 * bench/real_c.ts times it as a whole process, so that validate's time beyond the parse floor
 * splits into the adapter's part (this minus the parse floor) and the part every producer shares
 * (validate minus this: lowering, the checks, the report).
 *
 *   node dist/bench/adapt_floor.js before.ll after.ll
 *
 * Prints the number of pairs and of `same_instructions` failures (so that the work cannot be
 * optimised away).
 */
import { llvmAdapter } from "../adapters/llvm/index.js";
import { readInput } from "../api/node/files.js";

const [beforeFile, afterFile] = process.argv.slice(2);
if (beforeFile === undefined || afterFile === undefined) {
  process.stderr.write("usage: node dist/bench/adapt_floor.js before.ll after.ll\n");
  process.exit(2);
}
let pairs = 0;
let failures = 0;
for (const pair of llvmAdapter.pairs(readInput(beforeFile), readInput(afterFile))) {
  pairs++;
  for (const c of pair.checks) failures += c.failures.length;
}
process.stdout.write(`${pairs} function pairs adapted, ${failures} same_instructions failures\n`);
