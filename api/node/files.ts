/**
 * Files and streams around the pure library: inputs read from a path or, for `-`, from
 * standard input (as opt and clang take them), strictly as UTF-8; outputs written to a path or
 * standard output. Every failure to read is `MalformedInput` with one line naming the input.
 */
import { constants as bufferConstants } from "node:buffer";
import { closeSync, fstatSync, openSync, readFileSync, readSync, writeFileSync, writeSync } from "node:fs";
import { LimitExceeded, showBytes } from "../errors.js";
import type { SourceInput } from "../../adapters/adapter.js";
import type { FunctionDoc } from "../../io/format.js";
import { readDocumentText } from "../../io/read.js";
import { decodeText } from "../../io/text.js";
import { MalformedInput } from "../../spec/errors.js";
import { adapterFor, binaryAdapterFor } from "../adapters.js";
import type { Adapter } from "../../adapters/adapter.js";
import { TextWriter } from "../../io/write.js";

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
    // readFileSync stops at 2 GB; a buffer holds up to buffer.constants.MAX_LENGTH (4 GB on 64 bits)
    if ((e as NodeJS.ErrnoException).code === "ERR_FS_FILE_TOO_LARGE" && path !== STDIO) return readLargeFile(path);
    throw new MalformedInput(`${path === STDIO ? STDIN_NAME : path}: cannot read the ${path === STDIO ? "input" : "file"} (${describeIoError(e)})`);
  }
}

/** A file past readFileSync's 2 GB, read in pieces into one buffer; `LimitExceeded` past what a buffer holds. */
function readLargeFile(path: string): Uint8Array {
  const fd = openSync(path, "r");
  try {
    const size = fstatSync(fd).size;
    if (size > bufferConstants.MAX_LENGTH)
      throw new LimitExceeded(
        `${path}: ${showBytes(size)} is more than one input can be (${showBytes(bufferConstants.MAX_LENGTH)}, the largest buffer Node.js makes, which no option raises): split the module into files of fewer functions`,
      );
    const buf = Buffer.allocUnsafe(size);
    for (let off = 0; off < size; ) {
      const n = readSync(fd, buf, off, Math.min(size - off, 1 << 30), off);
      if (n === 0) return buf.subarray(0, off);
      off += n;
    }
    return buf;
  } finally {
    closeSync(fd);
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

/**
 * Where standard output goes instead of the process's (`writeOutput`, `outputWriter`): the
 * command line run inside a test's process hands its collector here. A chunk of bytes is the
 * writer's buffer, valid during the call only: a sink that keeps it copies it.
 */
export type StdoutSink = (chunk: string | Uint8Array) => void;

/** Writes `text` to `path`, or to standard output without one (or for `-`): `stdout` if given, else the process's. */
export function writeOutput(path: string | undefined, text: string, stdout?: StdoutSink): void {
  if (path === undefined || path === STDIO) {
    if (stdout !== undefined) stdout(text);
    else process.stdout.write(text);
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

/** An input as the commands take it: a producer's form with its adapter, or an exchange-format document's bytes (not decoded: io/open.ts reads them). */
export type AnyInput = { adapter: Adapter; input: SourceInput } | { adapter: undefined; name: string; bytes: Uint8Array };

/** `readInput`, leaving an exchange-format document as bytes: a 200 MB document is never one string. */
export function readAnyInput(path: string): AnyInput {
  const name = path === STDIO ? STDIN_NAME : path;
  const bytes = readBytes(path);
  const binary = binaryAdapterFor(bytes.subarray(0, 64));
  if (binary !== undefined) return { adapter: binary, input: { text: "", name, bytes } };
  // adapters recognise text by its name and first 4096 characters (at most 4 bytes each)
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 4 * 4096)).toString("utf8").slice(0, 4096);
  const adapter = adapterFor(name, head);
  if (adapter !== undefined) return { adapter, input: { text: decodeText(bytes, name), name } };
  return { adapter: undefined, name, bytes };
}

/** `readAnyInput` of several paths, at most one of them standard input. */
export function readAnyInputs(paths: readonly string[]): AnyInput[] {
  if (paths.filter((p) => p === STDIO).length > 1) throw new MalformedInput(`${STDIO}: standard input can be only one of the inputs`);
  return paths.map(readAnyInput);
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Descriptors whose reader has gone (a pipe into `head`): nothing more is written to them. */
const closedPipes = new Set<number>();

/**
 * All of `chunk` to `fd`, waiting where a non-blocking pipe is full. A pipe whose reader has
 * gone (EPIPE: `formal-ssa validate ... | head`) takes nothing more, quietly, as Unix tools do:
 * the command goes on and exits as its verdict says.
 */
function writeAll(fd: number, chunk: Uint8Array, name: string): void {
  if (closedPipes.has(fd)) return;
  for (let off = 0; off < chunk.length; ) {
    try {
      off += writeSync(fd, chunk, off, chunk.length - off);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") {
        Atomics.wait(pause, 0, 0, 1);
        continue;
      }
      if (code === "EPIPE") {
        closedPipes.add(fd);
        return;
      }
      throw new MalformedInput(`${name}: cannot write (${describeIoError(e)})`);
    }
  }
}

/**
 * A `TextWriter` onto a path, or standard output without one (or for `-`), written as the text
 * is made: to `sink` if given, else to the process's. The file is created at the first chunk,
 * so a run that fails before writing leaves none; `close` after `end`.
 */
export function outputWriter(path: string | undefined, sink?: StdoutSink): { out: TextWriter; close(): void } {
  const stdout = path === undefined || path === STDIO;
  const name = stdout ? "<stdout>" : path;
  let fd: number | undefined;
  const out = new TextWriter((chunk) => {
    if (stdout && sink !== undefined) {
      sink(chunk);
      return;
    }
    if (fd === undefined) {
      try {
        fd = stdout ? 1 : openSync(path, "w");
      } catch (e) {
        throw new MalformedInput(`${path}: cannot write the file (${describeIoError(e)})`);
      }
    }
    writeAll(fd, chunk, name);
  });
  return {
    out,
    close: () => {
      if (fd !== undefined && !stdout) closeSync(fd);
    },
  };
}
