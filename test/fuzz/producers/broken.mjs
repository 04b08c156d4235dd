#!/usr/bin/env node
// A deliberately broken step after a producer, for the fuzz targets' tests: rewrites the
// producer's output in place (a FILE, or the dump in a DIR).
//   broken.mjs swap-llvm FILE   swaps the first two incoming values of the first phi of LLVM IR
//                               whose two values differ ([ %a, %x ], [ %b, %y ] -> [ %b, %x ], [ %a, %y ])
//   broken.mjs drop-llvm FILE   deletes the first phi of LLVM IR, its uses replaced by its first incoming value
//   broken.mjs swap-spirv FILE  swaps the values of the first two (value, parent) pairs of the first OpPhi of
//                               spirv-dis text whose two values differ and dominate the whole function
//                               (constants, parameters, the entry block's ids: %a %x %b %y -> %b %x %a %y)
//   broken.mjs drop-spirv FILE  deletes the first OpPhi of spirv-dis text, its uses (in its function) replaced by
//                               its first value, and the names and decorations of its id
//   broken.mjs swap-gcc DIR     in GCC's ssa dump in DIR (the file named *.NNNt.ssa), swaps the values of the
//                               first phi whose first two arguments differ (# x_1 = PHI <a_2(3), b_4(5)> ->
//                               # x_1 = PHI <b_4(3), a_2(5)>)
//   broken.mjs drop-gcc DIR     in GCC's ssa dump in DIR, deletes the first phi, its uses in its function's
//                               blocks replaced by its first argument's value
//   broken.mjs swap-hermes DIR  in hermesc's stream of dumps DIR/dump.ir, in the first section after the SSA builder
//                               (`*** AFTER SimpleMem2Reg` or `*** AFTER Mem2Reg`), swaps the first two values of the
//                               first PhiInst whose two differ (`PhiInst (:any) %3: any, %BB1, %9: any, %BB2` ->
//                               `PhiInst (:any) %9: any, %BB1, %3: any, %BB2`)
//   broken.mjs drop-hermes DIR  in the same section, deletes the first PhiInst, its users in its function redirected
//                               to its first value (a load of the slot given the wrong value)
// Anything else it leaves alone, so that a case without a phi stays certified.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [mode, given] = process.argv.slice(2);
if (mode === "swap-hermes" || mode === "drop-hermes") {
  breakHermes(mode, join(given, "dump.ir"));
  process.exit(0);
}
// GCC names its dump after the pass's number: the one file of the directory that ends so
const file = mode.endsWith("-gcc") ? join(given, readdirSync(given).find((f) => /\.[0-9]+t\.ssa$/.test(f))) : given;
const text = readFileSync(file, "utf8");
const lines = text.split("\n");
if (mode === "swap-spirv" || mode === "drop-spirv") {
  breakSpirv(mode);
  writeFileSync(file, lines.join("\n"));
  process.exit(0);
}
const PHI = /^(\s*(%[-\w.$]+) = phi \w+ )\[ ([^,\]]+), ([^\]]+) \], \[ ([^,\]]+), ([^\]]+) \](.*)$/;
/** A GCC phi: `  # x_1 = PHI <a_2(3), b_4(D)(5)>`, its arguments each a value and a block number. */
const GCC_PHI = /^(\s*# (\S+) = PHI <)(.*)>$/;
const gccArgs = (list) => list.split(", ").map((a) => /^(.*)\(([0-9]+)\)$/.exec(a)).map((m) => ({ value: m[1], bb: m[2] }));
if (mode === "swap-gcc" || mode === "drop-gcc") {
  for (let i = 0; i < lines.length; i++) {
    const m = GCC_PHI.exec(lines[i]);
    if (m === null) continue;
    const [, head, name, list] = m;
    const args = gccArgs(list);
    if (mode === "swap-gcc") {
      if (args.length < 2 || args[0].value === args[1].value) continue;
      [args[0].value, args[1].value] = [args[1].value, args[0].value];
      lines[i] = `${head}${args.map((a) => `${a.value}(${a.bb})`).join(", ")}>`;
    } else {
      lines.splice(i, 1);
      // SSA names are per function: only the phi's own function, from its first block on
      // (the declarations of anonymous names stay as they are)
      let start = i - 1;
      while (start > 0 && !lines[start].startsWith(";; Function ")) start--;
      while (start < i && !lines[start].startsWith(";;   basic block ")) start++;
      let end = i;
      while (end < lines.length && !lines[end].startsWith(";; Function ")) end++;
      const use = new RegExp(`(?<![\\w.])${name.replace(/[.$]/g, "\\$&")}(?![\\w])`, "g");
      for (let k = start; k < end; k++) lines[k] = lines[k].replace(use, args[0].value);
    }
    break;
  }
  writeFileSync(file, lines.join("\n"));
  process.exit(0);
}
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

/** Whether id `v` is defined where it dominates every block of the function around line `at`. */
function dominatesAll(at, v) {
  let fn = at;
  while (fn > 0 && !/= OpFunction /.test(lines[fn])) fn--;
  const defines = (k) => lines[k].trimStart().startsWith(`${v} = `);
  // (not an OpUndef: swapping an undefined value with a defined one is another kind of break)
  for (let k = 0; k < fn; k++) if (defines(k)) return !/= OpUndef\b/.test(lines[k]);
  // parameters, then the entry block up to the second label
  let labels = 0;
  for (let k = fn; k < lines.length && !/OpFunctionEnd/.test(lines[k]); k++) {
    if (/= OpLabel\b/.test(lines[k]) && ++labels === 2) return false;
    if (defines(k)) return true;
  }
  return false;
}

/** The SPIR-V modes, on spirv-dis text (friendly names or raw ids). */
function breakSpirv(mode) {
  const PHI = /^(\s*(%[\w.]+) = OpPhi %[\w.]+) (.*)$/;
  for (let i = 0; i < lines.length; i++) {
    const m = PHI.exec(lines[i]);
    if (m === null) continue;
    const [, head, name, rest] = m;
    const operands = rest.trim().split(/\s+/);
    if (mode === "swap-spirv") {
      // only values that dominate every block of the function (module-level ids, parameters,
      // ids of the entry block), so that the swapped module stays valid SPIR-V (spirv-val, and
      // formal-ssa's reading of ids, refuse a value that does not dominate its parent)
      if (operands.length < 4 || operands[0] === operands[2] || !dominatesAll(i, operands[0]) || !dominatesAll(i, operands[2])) continue;
      [operands[0], operands[2]] = [operands[2], operands[0]];
      lines[i] = `${head} ${operands.join(" ")}`;
      return;
    }
    lines.splice(i, 1);
    const id = `${name.replace(/[.$]/g, "\\$&")}(?![\\w.])`;
    const whole = new RegExp(id, "g");
    let start = i - 1;
    while (start > 0 && !/= OpFunction /.test(lines[start])) start--;
    let end = i;
    while (end < lines.length && !/OpFunctionEnd/.test(lines[end])) end++;
    for (let k = start; k < end; k++) lines[k] = lines[k].replace(whole, operands[0]);
    // its name and decorations would name an id that is no longer defined
    for (let k = start - 1; k >= 0; k--) if (/^\s*Op(Name|Decorate|MemberDecorate)\b/.test(lines[k]) && new RegExp(id).test(lines[k])) lines.splice(k, 1);
    return;
  }
}

/** The Hermes modes, on the builder's section of hermesc's stream (see the header). */
function breakHermes(mode, dump) {
  const lines = readFileSync(dump, "utf8").split("\n");
  let k = lines.findIndex((l) => /^\*\*\* AFTER (Simple)?Mem2Reg\b/.test(l));
  if (k < 0) return;
  // `  %13 = PhiInst (:any) undefined: undefined, %BB1, %43: any, %BB6`
  const PHI_INST = /^(\s*(%\d+) = PhiInst \([^)]*\) )(.*)$/;
  for (k++; k < lines.length && !lines[k].startsWith("*** "); k++) {
    const m = PHI_INST.exec(lines[k]);
    if (m === null) continue;
    const [, head, name, list] = m;
    const operands = list.split(", ");
    if (operands.length < 4) continue;
    if (mode === "swap-hermes") {
      if (operands[0] === operands[2]) continue;
      [operands[0], operands[2]] = [operands[2], operands[0]];
      lines[k] = `${head}${operands.join(", ")}`;
    } else {
      const first = operands[0].replace(/: .*$/, "");
      lines.splice(k, 1);
      let start = k - 1;
      while (start > 0 && !/^function /.test(lines[start])) start--;
      let end = k;
      while (end < lines.length && lines[end] !== "function_end") end++;
      const use = new RegExp(`${name}(?!\\d)`, "g");
      for (let j = start; j < end; j++) lines[j] = lines[j].replace(use, first);
    }
    break;
  }
  writeFileSync(dump, lines.join("\n"));
}
