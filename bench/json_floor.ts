/**
 * The floor under `construct` and `validate` of exchange-format documents: a process that reads
 * each file and runs JSON.parse on it, and nothing else.
 *
 *   node dist/bench/json_floor.js FILE.json [FILE.json ...]
 */
import { readFileSync } from "node:fs";

let blocks = 0;
for (const file of process.argv.slice(2)) {
  const doc = JSON.parse(readFileSync(file, "utf8")) as { blocks?: unknown[]; functions?: { blocks: unknown[] }[] };
  blocks += doc.blocks?.length ?? (doc.functions ?? []).reduce((k, f) => k + f.blocks.length, 0);
}
process.stdout.write(`${blocks} blocks parsed\n`);
