/**
 * Reading a SPIR-V module in either form: the binary when the bytes start with the magic number
 * (either byte order), else the disassembly text of spirv-dis (bytes decoded strictly as UTF-8).
 * `looksLikeSpirv` tells a SPIR-V input from the other inputs the command line takes (the
 * exchange format's JSON, LLVM IR) by its head and name.
 */
import { decodeText } from "../../io/text.js";
import { readBinary } from "./binary.js";
import { MAGIC, type SpvModule } from "./module.js";
import { readText } from "./text.js";

/** Whether `bytes` start with SPIR-V's magic number, in either byte order. */
function hasMagic(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const little = (bytes[0] | (bytes[1] << 8) | (bytes[2] << 16) | (bytes[3] << 24)) >>> 0;
  const big = ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;
  return little === MAGIC || big === MAGIC;
}

/**
 * The module of `input`: `bytes` (binary or text) or `text`. `MalformedInput` naming `name` and
 * the place (`NAME: word N: ...` for a binary, `NAME:LINE: ...` for text) if it is not SPIR-V.
 */
export function readSpirv(input: { bytes?: Uint8Array; text?: string; name: string }): SpvModule {
  const { bytes, text, name } = input;
  if (bytes !== undefined) return hasMagic(bytes) ? readBinary(bytes, name) : readText(decodeText(bytes, name), name);
  if (text !== undefined) return readText(text, name);
  throw new TypeError("readSpirv: give bytes or text");
}

/** The first line of `head` that is neither blank nor a comment other than `; SPIR-V`. */
function firstLine(head: string): string | undefined {
  let from = head.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (from < head.length) {
    let to = head.indexOf("\n", from);
    if (to < 0) to = head.length;
    const line = head.slice(from, to).trim();
    from = to + 1;
    if (line === "") continue;
    if (line.startsWith(";") && !/^;\s*SPIR-V$/.test(line)) continue;
    return line;
  }
  return undefined;
}

/**
 * Whether an input is SPIR-V: a binary's magic number, a name ending in `.spv` or `.spvasm`, or
 * text whose first line that is not blank or another comment is spirv-dis's `; SPIR-V`, an
 * instruction `OpXxx ...` or `%id = OpXxx ...`. JSON (`{`) and LLVM IR (`; ModuleID`,
 * `source_filename = ...`, `%struct.S = type ...`, `define ...`) are never taken for SPIR-V.
 */
export function looksLikeSpirv(name: string, head: Uint8Array | string): boolean {
  if (typeof head !== "string" && hasMagic(head)) return true;
  if (/\.(spv|spvasm)$/i.test(name)) return true;
  let text: string;
  if (typeof head === "string") text = head;
  else {
    // only ASCII matters for the test: undecodable bytes become U+FFFD, which never matches
    text = new TextDecoder("utf-8").decode(head.subarray(0, 4096));
  }
  const line = firstLine(text);
  if (line === undefined) return false;
  return /^;\s*SPIR-V$/.test(line) || /^Op[A-Z][A-Za-z0-9_]*(\s|;|$)/.test(line) || /^%[^\s=;"]+\s*=\s*Op[A-Z][A-Za-z0-9_]*(\s|;|$)/.test(line);
}
