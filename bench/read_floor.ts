/**
 * The floor under `recheck` (and `validate`) of exchange-format pairs: a process that reads each
 * file with the byte reader both commands use (io/bytes_read.ts) into columns, every function,
 * and nothing else. Any checker that reads the pair this way takes at least this long.
 *
 *   node dist/bench/read_floor.js FILE.json [FILE.json ...]
 */
import { readFileSync } from "node:fs";
import { openColumnar } from "../io/bytes_read.js";

let blocks = 0;
for (const file of process.argv.slice(2)) {
  const doc = openColumnar(readFileSync(file), file);
  for (let i = 0; i < doc.count; i++) blocks += doc.read(i).blockCount;
}
process.stdout.write(`${blocks} blocks read\n`);
