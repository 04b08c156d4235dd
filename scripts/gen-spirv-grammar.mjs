#!/usr/bin/env node
// Generates adapters/spirv/grammar.ts, the SPIR-V grammar the SPIR-V readers use, from the JSON
// grammars of Debian's spirv-headers package (/usr/include/spirv/unified1/):
//
//   node scripts/gen-spirv-grammar.mjs [--dir DIR] [--out FILE]
//
// The output is data only, kept compact: per opcode its name and operand kinds with their
// quantifiers (`?`, `*`); per operand kind its category and, for enumerations, every enumerant's
// name, value and parameter kinds; per extended instruction set its import name, its
// instructions' names and numbers, and the operand kinds of those instructions whose operands
// are not all ids. The readers build their lookup tables from it (adapters/spirv/binary.ts).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const DIR = option("--dir", "/usr/include/spirv/unified1");
const OUT = option("--out", join(ROOT, "adapters/spirv/grammar.ts"));

const CORE = "spirv.core.grammar.json";
/**
 * The extended instruction sets: grammar file, the name OpExtInstImport gives the set, and
 * whether that name is matched exactly or as a prefix (as SPIRV-Tools does: `NonSemantic.
 * ClspvReflection.5` and a versioned DebugPrintf). The first seven are required; the others are
 * in the same Debian package and read when present.
 */
const EXT_SETS = [
  ["extinst.glsl.std.450.grammar.json", "GLSL.std.450", "exact", true],
  ["extinst.opencl.std.100.grammar.json", "OpenCL.std", "exact", true],
  ["extinst.debuginfo.grammar.json", "DebugInfo", "exact", true],
  ["extinst.opencl.debuginfo.100.grammar.json", "OpenCL.DebugInfo.100", "exact", true],
  ["extinst.nonsemantic.shader.debuginfo.100.grammar.json", "NonSemantic.Shader.DebugInfo.100", "exact", true],
  ["extinst.nonsemantic.debugprintf.grammar.json", "NonSemantic.DebugPrintf", "prefix", true],
  ["extinst.nonsemantic.clspvreflection.grammar.json", "NonSemantic.ClspvReflection.", "prefix", false],
  ["extinst.spv-amd-gcn-shader.grammar.json", "SPV_AMD_gcn_shader", "exact", false],
  ["extinst.spv-amd-shader-ballot.grammar.json", "SPV_AMD_shader_ballot", "exact", false],
  ["extinst.spv-amd-shader-explicit-vertex-parameter.grammar.json", "SPV_AMD_shader_explicit_vertex_parameter", "exact", false],
  ["extinst.spv-amd-shader-trinary-minmax.grammar.json", "SPV_AMD_shader_trinary_minmax", "exact", false],
];

const missing = [CORE, ...EXT_SETS.filter((s) => s[3]).map((s) => s[0])].filter((f) => !existsSync(join(DIR, f)));
if (missing.length > 0) {
  console.error(`gen-spirv-grammar: ${missing.join(", ")} not found in ${DIR}.`);
  console.error("Install the Debian package spirv-headers (apt-get install spirv-headers), or pass --dir DIR.");
  process.exit(1);
}

const read = (file) => JSON.parse(readFileSync(join(DIR, file), "utf8"));
const core = read(CORE);

function debianVersion() {
  try {
    const v = execFileSync("dpkg-query", ["-W", "-f", "${Version}", "spirv-headers"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    return v === "" ? undefined : v;
  } catch {
    return undefined;
  }
}
const grammarVersion = `${core.major_version}.${core.minor_version} revision ${core.revision}`;
const pkg = debianVersion();
const source = pkg !== undefined ? `Debian spirv-headers ${pkg} (SPIR-V ${grammarVersion})` : `spirv-headers, SPIR-V ${grammarVersion} (no dpkg-query: version from the grammar)`;

const CATEGORIES = new Set(["Id", "ValueEnum", "BitEnum"]);
const LITERALS = new Set(["LiteralInteger", "LiteralString", "LiteralContextDependentNumber", "LiteralExtInstInteger", "LiteralSpecConstantOpInteger"]);

const value = (v) => (typeof v === "string" ? Number.parseInt(v, 16) : v);
const quantified = (o) => `${o.kind}${o.quantifier ?? ""}`;
const kindList = (operands) => (operands ?? []).map(quantified).join(" ");

/** An operand kind: [name, category] or [name, category, bases] or [name, category, enumerants]. */
function kindEntry(k) {
  if (k.category === "Id") return [k.kind, "Id"];
  if (k.category === "Literal") {
    if (!LITERALS.has(k.kind)) throw new Error(`unknown literal kind ${k.kind}`);
    return [k.kind, k.kind];
  }
  if (k.category === "Composite") return [k.kind, "Composite", k.bases.join(" ")];
  if (!CATEGORIES.has(k.category)) throw new Error(`unknown operand kind category ${k.category} of ${k.kind}`);
  const enumerants = k.enumerants.map((e) => {
    const params = kindList(e.parameters);
    return params === "" ? [e.enumerant, value(e.value)] : [e.enumerant, value(e.value), params];
  });
  return [k.kind, k.category, enumerants];
}

const opcodes = core.instructions.map((i) => [i.opcode, i.opname, kindList(i.operands)]);
// aliases (one opcode, two names) must agree on their operands: the readers look operands up by opcode
const byOpcode = new Map();
for (const [code, name, ops] of opcodes) {
  const prior = byOpcode.get(code);
  if (prior !== undefined && prior[1] !== ops) throw new Error(`opcode ${code}: ${prior[0]} and ${name} have different operands`);
  if (prior === undefined) byOpcode.set(code, [name, ops]);
}
const kinds = core.operand_kinds.map(kindEntry);

const extSets = [];
for (const [file, name, match, required] of EXT_SETS) {
  if (!required && !existsSync(join(DIR, file))) continue;
  const g = read(file);
  const instructions = g.instructions.map((i) => {
    const ops = i.operands ?? [];
    // all ids (IdRef, maybe with a quantifier): the readers' default, not written out
    const allIds = ops.every((o) => o.kind === "IdRef");
    return allIds ? [i.opname, i.opcode] : [i.opname, i.opcode, kindList(ops)];
  });
  extSets.push({ name, match, file, instructions, kinds: (g.operand_kinds ?? []).map(kindEntry) });
}

const json = (x) => JSON.stringify(x);
const lines = [];
lines.push(`// Generated by scripts/gen-spirv-grammar.mjs from ${source}, ${DIR}; do not edit.`);
lines.push("// Regenerate with: node scripts/gen-spirv-grammar.mjs");
lines.push("/* eslint-disable */");
lines.push("");
lines.push("/** Where the data comes from. */");
lines.push(`export const GRAMMAR_SOURCE = ${json(source)};`);
lines.push(`export const GRAMMAR_VERSION = ${json({ major: core.major_version, minor: core.minor_version, revision: core.revision })} as const;`);
lines.push("");
lines.push("/**");
lines.push(" * An operand kind: `[name, category]`, `[name, \"Composite\", bases]` (space-separated kinds), or");
lines.push(" * `[name, \"ValueEnum\" | \"BitEnum\", enumerants]`. The category of a literal kind is its own name.");
lines.push(" */");
lines.push("export type SpvKindData =");
lines.push("  | readonly [name: string, category: \"Id\" | \"LiteralInteger\" | \"LiteralString\" | \"LiteralContextDependentNumber\" | \"LiteralExtInstInteger\" | \"LiteralSpecConstantOpInteger\"]");
lines.push("  | readonly [name: string, category: \"Composite\", bases: string]");
lines.push("  | readonly [name: string, category: \"ValueEnum\" | \"BitEnum\", enumerants: readonly SpvEnumerantData[]];");
lines.push("/** An enumerant: name, value (a bit for a BitEnum), and its parameters' kinds (space-separated, with quantifiers). */");
lines.push("export type SpvEnumerantData = readonly [name: string, value: number, parameters?: string];");
lines.push("/** An instruction: opcode, name, operand kinds in order, space-separated, each maybe followed by `?` or `*`. */");
lines.push("export type SpvOpcodeData = readonly [opcode: number, name: string, operands: string];");
lines.push("/** An extended instruction: name, number, and its operand kinds when they are not all `IdRef` (omitted: `IdRef*`). */");
lines.push("export type SpvExtInstData = readonly [name: string, number: number, operands?: string];");
lines.push("export interface SpvExtSetData {");
lines.push("  /** The name OpExtInstImport gives the set, matched exactly or as a prefix. */");
lines.push("  readonly name: string;");
lines.push("  readonly match: \"exact\" | \"prefix\";");
lines.push("  readonly file: string;");
lines.push("  readonly instructions: readonly SpvExtInstData[];");
lines.push("  /** The set's own operand kinds (its operands may also use the core kinds). */");
lines.push("  readonly kinds: readonly SpvKindData[];");
lines.push("}");
lines.push("");
lines.push(`/** The ${opcodes.length} instructions of the core grammar (aliases are separate entries with the same opcode). */`);
lines.push("export const OPCODES: readonly SpvOpcodeData[] = [");
for (const o of opcodes) lines.push(`  ${json(o)},`);
lines.push("];");
lines.push("");
lines.push(`/** The ${kinds.length} operand kinds of the core grammar. */`);
lines.push("export const OPERAND_KINDS: readonly SpvKindData[] = [");
for (const k of kinds) {
  if (k.length < 3 || typeof k[2] === "string") lines.push(`  ${json(k)},`);
  else lines.push(`  [${json(k[0])}, ${json(k[1])}, [${k[2].map(json).join(", ")}]],`);
}
lines.push("];");
lines.push("");
lines.push("/** The extended instruction sets. */");
lines.push("export const EXT_INST_SETS: readonly SpvExtSetData[] = [");
for (const s of extSets) {
  lines.push("  {");
  lines.push(`    name: ${json(s.name)},`);
  lines.push(`    match: ${json(s.match)},`);
  lines.push(`    file: ${json(s.file)},`);
  lines.push(`    instructions: [${s.instructions.map(json).join(", ")}],`);
  const ks = s.kinds.map((k) => (k.length < 3 || typeof k[2] === "string" ? json(k) : `[${json(k[0])}, ${json(k[1])}, [${k[2].map(json).join(", ")}]]`));
  lines.push(`    kinds: [${ks.join(", ")}],`);
  lines.push("  },");
}
lines.push("];");
lines.push("");

writeFileSync(OUT, lines.join("\n"));
console.log(`gen-spirv-grammar: wrote ${relative(process.cwd(), OUT)} (${opcodes.length} opcodes, ${kinds.length} operand kinds, ${extSets.length} extended sets) from ${source}`);
