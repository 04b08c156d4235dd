/**
 * hermesc's IR dumps -> sections, functions, blocks and instructions, with the line of each. Two
 * syntaxes (kinds.ts `HermesSyntax`), both from the compiler's IR printer (lib/Utils/Dumper.cpp):
 *
 * Hermes V1 (hermes-compiler 260318099.x), `-dump-ir`, and with `-Xdump-between-passes` one
 * section per pass on standard error (`*** INITIAL STATE`, `*** AFTER SimpleMem2Reg`):
 *
 *   scope %VS1 [n: any]                                  (scopes, skipped)
 *   function f(n: any): any                              (definition kind, name, parameters)
 *   %BB0:
 *     %1 = AllocStackInst (:any) $n: any                 (result, kind, type, operands: value: type)
 *          StoreStackInst %5: any, %1: any              (an instruction without result)
 *     %7 = PhiInst (:any) 0: number, %BB0, %17: number, %BB3
 *   function_end
 *
 * legacy 0.12 (hermes-compiler 0.14.x), `-dump-ir`, and with `-Xdump-before=Mem2Reg
 * -Xdump-after=Mem2Reg` a section per function and pass (`*** BEFORE Function pass Mem2Reg`):
 *
 *   function f#0#1(n)#2                                  (name, scope chain, parameters, scope)
 *   S{f#0#1()#2} = []                                    (scope declarations, skipped)
 *   %BB0:
 *     %5 = StoreStackInst %n, %3                         (every instruction has a result number)
 *     %13 = BinaryOperatorInst '<', %11, %12             (operator in quotes)
 *     %7 = PhiInst 0 : number, %BB1, %27, %BB3           (type labels only where not `any`)
 *   function_end
 *
 * Operands are read with an escape-aware reader: a string literal is `"..."` in which a backslash
 * escapes the next character (the printer writes `\\\"` for a quote, `\\n` for a newline), so a
 * `,` or `%BB1` inside a string is text. An operand is an instruction's result (`%12`), a block
 * (`%BB3`), or anything else, kept as the text of its value without its type label. Instruction
 * and block numbers are the printer's: they are given anew in every dump, so the adapter pairs
 * by position, never by number. `-dump-source-location` lines (`; file:1:2`) are skipped.
 *
 * Malformed text throws `MalformedInput`, one line: `FILE:LINE: what` (with the function where
 * there is one).
 */
import { MalformedInput } from "../../spec/errors.js";
import type { HermesSyntax } from "./kinds.js";

export interface HermesOperand {
  /** The value as written, without its type label (`%12`, `%BB3`, `0`, `"a b"`, `[%VS1.n]`). */
  value: string;
  /** `instr`: another instruction's result; `block`: a block label; `other`: a literal, parameter, variable, function... */
  kind: "instr" | "block" | "other";
  /** The result number (`instr`) or the block number (`block`). */
  n: number;
}

export interface HermesInstr {
  line: number;
  /** The result number, or null (V1 writes no `%N =` for an instruction without a result). */
  result: number | null;
  kind: string;
  /** What stands between the kind and the operands: V1 `[attributes] (:type)`, legacy `'<'`. */
  head: string;
  operands: HermesOperand[];
  /** The line, trimmed (for messages). */
  text: string;
}

export interface HermesBlock {
  /** The printer's number (`%BB3` -> 3), which is only a name within one dump. */
  label: number;
  line: number;
  instrs: HermesInstr[];
}

export interface HermesFunction {
  /** The function's name as reports give it (V1 `f`, `gen 1#`; legacy `f` of `f#0#1(n)#2`). */
  name: string;
  /** The header line as written, up to its parameters: what pairs a function across dumps. */
  key: string;
  /** The definition kind (`function`, `arrow`, `generator inner`, ...). */
  definition: string;
  line: number;
  params: string[];
  blocks: HermesBlock[];
}

export interface HermesSection {
  /** The `*** ` title (`AFTER SimpleMem2Reg`), or null for a dump without titles. */
  title: string | null;
  line: number;
  functions: HermesFunction[];
}

export interface HermesDump {
  file: string;
  syntax: HermesSyntax;
  sections: HermesSection[];
}

const DEFINITION_KINDS = ["function", "base constructor", "derived constructor", "constructor", "arrow", "method", "generator inner"];
const HEADER = new RegExp(`^(${DEFINITION_KINDS.join("|")}) (.*)$`);
const BLOCK = /^%BB(\d+):\s*$/;
/** V1: `  %3 = Kind`, `       Kind`; legacy: `  %3 = Kind`. */
const INSTR = /^\s+(?:%(\d+) = )?([A-Za-z_][A-Za-z0-9_]*)(.*)$/;

/** Whether a text is a hermesc IR dump, from its first characters. */
export function looksLikeHermesDump(head: string): boolean {
  const text = head.replace(/^\uFEFF/, "");
  const first = /^\s*(\S[^\n]*)/.exec(text)?.[1] ?? "";
  if (/^\*\*\* (INITIAL STATE|AFTER \w|BEFORE \w)/.test(first)) return true;
  if (/^scope %VS\d+ \[/.test(first)) return true;
  return HEADER.test(first) && /\(/.test(first) && /\n%BB0:\s*\n/.test(text);
}

/** How many functions a dump holds (for progress), without reading it: the last section's, or the whole text's. */
export function countHermesFunctions(text: string): number {
  return (text.match(/^function_end$/gm) ?? []).length;
}

/** The index after the string literal opening at `i` (`s[i] === '"'`): a backslash escapes the next character. */
function endOfString(s: string, i: number): number {
  let j = i + 1;
  while (j < s.length) {
    const c = s.charCodeAt(j);
    if (c === 92 /* \ */) j += 2;
    else if (c === 34 /* " */) return j + 1;
    else j++;
  }
  return -1;
}

/** The index after the bracket closing the one at `i` (`[`, `(` or `{`), strings inside skipped. */
function endOfBracket(s: string, i: number): number {
  const open = s[i];
  const close = open === "[" ? "]" : open === "(" ? ")" : "}";
  let depth = 0;
  for (let j = i; j < s.length; ) {
    const c = s[j];
    if (c === '"') {
      const e = endOfString(s, j);
      if (e < 0) return -1;
      j = e;
      continue;
    }
    if (c === open) depth++;
    else if (c === close && --depth === 0) return j + 1;
    j++;
  }
  return -1;
}

/** Characters a bare value token stops at. */
const isStop = (c: string) => c === " " || c === "," || c === ":" || c === "\t";

/**
 * The value token at `i`, and where it ends: a string, a quoted name (`%"gen 1#"()`, `$"a b"`),
 * a bracketed or braced group (`[%VS1.n]`, `%S{f#0#1()#2}`), a call-like literal (`type(...)`),
 * `private "x"`, or a bare token.
 */
function readValue(s: string, i: number): number {
  if (s.startsWith("private \"", i)) return endOfString(s, i + 8);
  let j = i;
  for (;;) {
    const c = s[j];
    if (c === undefined) return j;
    if (c === '"') {
      const e = endOfString(s, j);
      if (e < 0) return -1;
      j = e;
      continue;
    }
    if (c === "[" || c === "(" || c === "{") {
      const e = endOfBracket(s, j);
      if (e < 0) return -1;
      j = e;
      continue;
    }
    if (isStop(c)) return j;
    j++;
  }
}

/**
 * The operands of an instruction (the text after its kind and head): values with optional type
 * labels (`: T` in V1, ` : T` in legacy), separated by `, `. Undefined where the text does not
 * read so.
 */
export function readOperands(s: string, params: ReadonlySet<string>): HermesOperand[] | undefined {
  const out: HermesOperand[] = [];
  let i = 0;
  const skip = () => {
    while (s[i] === " " || s[i] === "\t") i++;
  };
  skip();
  if (i >= s.length) return out;
  for (;;) {
    const start = i;
    const end = readValue(s, i);
    if (end < 0 || end === start) return undefined;
    const value = s.slice(start, end);
    i = end;
    skip();
    let typed = false;
    if (s[i] === ":") {
      typed = true;
      i++;
      // a type: up to the next top-level comma (types hold no commas, brackets or strings)
      while (i < s.length && s[i] !== ",") i++;
    }
    out.push(classify(value, typed, params));
    skip();
    if (i >= s.length) return out;
    if (s[i] !== ",") return undefined;
    i++;
    skip();
  }
}

function classify(value: string, typed: boolean, params: ReadonlySet<string>): HermesOperand {
  const c1 = value.charCodeAt(1);
  if (value[0] === "%" && c1 >= 48 && c1 <= 57 && /^%\d+$/.test(value)) return { value, kind: "instr", n: Number(value.slice(1)) };
  // a block has no type label; a parameter named BB3 is written %BB3 too (legacy: without a label where its type is `any`)
  if (value.startsWith("%BB") && !typed && /^%BB\d+$/.test(value) && !params.has(value.slice(1))) return { value, kind: "block", n: Number(value.slice(3)) };
  return { value, kind: "other", n: -1 };
}

/** The name, display name and parameters of a function header (after its definition kind). */
function readHeader(rest: string): { key: string; name: string; params: string[] } | undefined {
  let i = 0;
  if (rest[0] === '"') {
    i = rest.indexOf('"', 1);
    if (i < 0) return undefined;
    i++;
  }
  const open = rest.indexOf("(", i);
  if (open < 0) return undefined;
  const close = endOfBracket(rest, open);
  if (close < 0) return undefined;
  const written = rest.slice(0, open);
  // legacy: `f#0#1` is the name and its scope chain
  const name = written.startsWith('"') ? written.slice(1, written.indexOf('"', 1)) : written.replace(/#\d+(#\d+)*$/, "");
  const params = rest
    .slice(open + 1, close - 1)
    .split(",")
    .map((p) => p.trim().split(/\s*:/)[0].trim())
    .filter((p) => p.length > 0);
  return { key: rest.slice(0, open), name, params };
}

/** Strips a trailing ` // ...` comment (users, textified callee) that stands outside strings. */
function stripComment(s: string): string {
  if (!s.includes("//")) return s;
  for (let j = 0; j < s.length; j++) {
    if (s[j] === '"') {
      const e = endOfString(s, j);
      if (e < 0) return s;
      j = e - 1;
      continue;
    }
    if (s[j] === " " && s.startsWith(" // ", j)) return s.slice(0, j);
  }
  return s;
}

/**
 * Reads a dump. `syntax` is decided by the text: legacy where an instruction without a result is
 * written with one (`%5 = StoreStackInst`) or a header has a scope chain, V1 where a result has a
 * type (`= LoadStackInst (:any)`); a dump whose instructions say neither is read as V1.
 */
export function parseHermesDump(text: string, file: string): HermesDump {
  const lines = text.split("\n");
  const sections: HermesSection[] = [];
  let section: HermesSection | undefined;
  let fn: HermesFunction | undefined;
  let block: HermesBlock | undefined;
  let params = new Set<string>();
  let syntax: HermesSyntax | undefined;
  const fail = (line: number, what: string): never => {
    throw new MalformedInput(`${file}:${line}: ${fn !== undefined ? `function ${fn.name}: ` : ""}${what}`);
  };
  const decide = (s: HermesSyntax, line: number) => {
    if (syntax !== undefined && syntax !== s) fail(line, `${s === "v1" ? "Hermes V1" : "legacy Hermes 0.12"} syntax in a dump read as ${syntax === "v1" ? "Hermes V1" : "legacy Hermes 0.12"} so far`);
    syntax = s;
  };
  for (let k = 0; k < lines.length; k++) {
    const raw = lines[k].endsWith("\r") ? lines[k].slice(0, -1) : lines[k];
    const line = k + 1;
    if (fn !== undefined) {
      if (raw === "function_end") {
        if (fn.blocks.length === 0) fail(line, "no blocks");
        section!.functions.push(fn);
        fn = undefined;
        block = undefined;
        continue;
      }
      const bm = BLOCK.exec(raw);
      if (bm !== null) {
        block = { label: Number(bm[1]), line, instrs: [] };
        if (fn.blocks.some((b) => b.label === block!.label)) fail(line, `block %BB${bm[1]} appears twice`);
        fn.blocks.push(block);
        continue;
      }
      const t = raw.trim();
      if (t === "" || t.startsWith(";")) continue;
      if (block === undefined) {
        // between the header and the first block: scope declarations, `globals = [...]`, `source location: ...`
        if (raw[0] !== " ") continue;
        fail(line, `an instruction before the first block: ${t}`);
      }
      if (raw[0] !== " ") {
        if (raw.startsWith("*** ") || HEADER.test(raw)) fail(line, "the function ends without `function_end`");
        fail(line, `unexpected text in a block: ${t}`);
      }
      const m = INSTR.exec(stripComment(raw));
      if (m === null) fail(line, `not an instruction: ${t}`);
      const result = m![1] === undefined ? null : Number(m![1]);
      let rest = m![3];
      let head = "";
      if (result === null) decide("v1", line);
      const typed = /^( \[[^\]]*\])? \(:[^)]*\)/.exec(rest);
      if (typed !== null) {
        decide("v1", line);
        head = typed[0].trim();
        rest = rest.slice(typed[0].length);
      } else {
        const op = /^ ('[^']*'),?/.exec(rest);
        if (op !== null) {
          head = op[1];
          rest = rest.slice(op[0].length);
        }
      }
      const operands = readOperands(rest, params);
      if (operands === undefined) fail(line, `cannot read the operands of ${m![2]}: ${t}`);
      block!.instrs.push({ line, result, kind: m![2], head, operands: operands!, text: t });
      continue;
    }
    if (raw.startsWith("*** ")) {
      section = { title: raw.slice(4).trim(), line, functions: [] };
      sections.push(section);
      continue;
    }
    if (raw.trim() === "" || raw.startsWith("scope ") || raw.startsWith("globals = ") || raw.startsWith("S{")) continue;
    const hm = HEADER.exec(raw);
    if (hm === null) fail(line, `not a function header: ${raw.trim()}`);
    const h = readHeader(hm![2]);
    if (h === undefined) fail(line, `a function header without its parameters: ${raw.trim()}`);
    if (/\)#\d+/.test(hm![2])) decide("legacy", line);
    if (section === undefined) {
      section = { title: null, line, functions: [] };
      sections.push(section);
    }
    fn = { name: h!.name, key: h!.key, definition: hm![1], line, params: h!.params, blocks: [] };
    params = new Set(h!.params);
    block = undefined;
  }
  if (fn !== undefined) fail(fn.line, "the function ends without `function_end`");
  if (!sections.some((s) => s.functions.length > 0)) {
    if (text.trim() === "") return { file, syntax: syntax ?? "v1", sections: [] };
    throw new MalformedInput(`${file}:1: no function in the dump (a hermesc IR dump starts with \`*** \`, \`scope %VS0 []\` or \`function NAME(...)\`)`);
  }
  return { file, syntax: syntax ?? "v1", sections };
}
