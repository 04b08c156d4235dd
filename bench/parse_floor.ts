/**
 * The floor under `formal-ssa validate before.ll after.ll` on a big module: the same reading and
 * parsing of both files, read as `validate` reads them (api/node/files.ts) and parsed piece
 * by piece as adapters/llvm/stream.ts does it, and nothing else (no CFG, no comparison, no
 * check). bench/real_c.ts times it as a whole process beside opt, so
 * that the report shows how much of validate's time any certification built on this parser
 * must pay before it decides anything.
 *
 *   node dist/bench/parse_floor.js FILE.ll [FILE.ll ...]
 *
 * Prints the number of functions parsed (so that the work cannot be optimised away).
 */
import { defines, pieces } from "../adapters/llvm/stream.js";
import { hasNumberedTypes } from "../adapters/llvm/text.js";
import { readInput } from "../api/node/files.js";

let functions = 0;
let instructions = 0;
for (const file of process.argv.slice(2)) {
  const { text } = readInput(file);
  const d = defines(text);
  for (const piece of pieces({ text, file, lineOffset: 0 }, d, hasNumberedTypes(text)))
    for (const fn of piece.module.functions) {
      functions++;
      for (const b of fn.blocks) instructions += b.instrs.length;
    }
}
process.stdout.write(`${functions} functions, ${instructions} instructions parsed\n`);
