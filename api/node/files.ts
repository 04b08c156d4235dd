/**
 * Files and streams around the pure library: inputs read from a path or, for `-`, from
 * standard input (as opt and clang take them), strictly as UTF-8; outputs written to a path or
 * standard output. Every failure to read is `MalformedInput` with one line naming the input.
 */
import { readFileSync, writeFileSync } from "node:fs";
import type { SourceInput } from "../../adapters/adapter.js";
import type { FunctionDoc } from "../../io/format.js";
import { readDocumentText } from "../../io/read.js";
import { decodeText } from "../../io/text.js";
import { MalformedInput } from "../../spec/errors.js";
import { binaryAdapterFor } from "../adapters.js";

/** The argument that means standard input (or output). */
export const STDIO = "-";
/** The name messages give standard input. */
export const STDIN_NAME = "<stdin>";

function describeIoError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "no such file";
  if (code === "EISDIR") return "it is a directory";
  if (code === "EACCES") return "permission denied";
  if (code === "EAGAIN") return "standard input is not ready (a terminal in non-blocking mode?)";
  return (e instanceof Error ? e.message : String(e)).split("\n", 1)[0];
}

/** The bytes of a path, or of standard input for `-`. */
export function readBytes(path: string): Uint8Array {
  try {
    return readFileSync(path === STDIO ? 0 : path);
  } catch (e) {
    throw new MalformedInput(`${path === STDIO ? STDIN_NAME : path}: cannot read the ${path === STDIO ? "input" : "file"} (${describeIoError(e)})`);
  }
}

/**
 * An input and the name messages give it: its text (UTF-8, strictly), or its bytes when a
 * producer's binary form starts it (a SPIR-V module's magic number).
 */
export function readInput(path: string): SourceInput {
  const name = path === STDIO ? STDIN_NAME : path;
  const bytes = readBytes(path);
  if (binaryAdapterFor(bytes.subarray(0, 64)) !== undefined) return { text: "", name, bytes };
  return { text: decodeText(bytes, name), name };
}

/** Reads several inputs, at most one of them standard input. */
export function readInputs(paths: readonly string[]): SourceInput[] {
  if (paths.filter((p) => p === STDIO).length > 1) throw new MalformedInput(`${STDIO}: standard input can be only one of the inputs`);
  return paths.map(readInput);
}

/** Writes `text` to `path`, or to standard output without one (or for `-`). */
export function writeOutput(path: string | undefined, text: string): void {
  if (path === undefined || path === STDIO) {
    process.stdout.write(text);
    return;
  }
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new MalformedInput(`${path}: cannot write the file (${describeIoError(e)})`);
  }
}

/** The functions of an exchange-format file (or of standard input for `-`). */
export function readDocumentFile(path: string): FunctionDoc[] {
  const input = readInput(path);
  return readDocumentText(input.text, input.name);
}
