#!/usr/bin/env node
// A deliberately broken step after a producer, for the fuzz targets' tests: rewrites the
// producer's output FILE in place.
//   broken.mjs swap-llvm FILE   swaps the first two incoming values of the first phi of LLVM IR
//                               whose two values differ ([ %a, %x ], [ %b, %y ] -> [ %b, %x ], [ %a, %y ])
//   broken.mjs drop-llvm FILE   deletes the first phi of LLVM IR, its uses replaced by its first incoming value
// Anything else it leaves alone, so that a case without a phi stays certified.
import { readFileSync, writeFileSync } from "node:fs";

const [mode, file] = process.argv.slice(2);
const text = readFileSync(file, "utf8");
const lines = text.split("\n");
const PHI = /^(\s*(%[-\w.$]+) = phi \w+ )\[ ([^,\]]+), ([^\]]+) \], \[ ([^,\]]+), ([^\]]+) \](.*)$/;
for (let i = 0; i < lines.length; i++) {
  const m = PHI.exec(lines[i]);
  if (m === null) continue;
  const [, head, name, v1, b1, v2, b2, rest] = m;
  if (mode === "swap-llvm") {
    if (v1.trim() === v2.trim()) continue;
    lines[i] = `${head}[ ${v2}, ${b1} ], [ ${v1}, ${b2} ]${rest}`;
  } else if (mode === "drop-llvm") {
    lines.splice(i, 1);
    // value names are per function: only the phi's own function
    let start = i - 1;
    while (start > 0 && !lines[start].startsWith("define ")) start--;
    let end = i;
    while (end < lines.length && lines[end] !== "}") end++;
    const use = new RegExp(`${name.replace(/[.$]/g, "\\$&")}(?![-\\w.$])`, "g");
    for (let k = start; k < end; k++) lines[k] = lines[k].replace(use, v1.trim());
  } else {
    process.stderr.write(`broken.mjs: unknown mode ${mode}\n`);
    process.exit(2);
  }
  break;
}
writeFileSync(file, lines.join("\n"));
