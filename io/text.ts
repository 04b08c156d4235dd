/**
 * Bytes -> text for the exchange format: UTF-8, strictly. Node's `readFileSync(path, "utf8")`
 * replaces every invalid sequence with U+FFFD, so a damaged file would be read as a different
 * document; here it is `MalformedInput`, one line naming the first bad byte:
 *
 *   `FILE: not UTF-8: line L, byte offset N: what is wrong`
 *
 * `N` counts bytes from 0, `L` counts lines (0x0A bytes before `N`) from 1; what is wrong is one
 * of `invalid byte 0xff`, `invalid byte 0xc0 (overlong encoding)`, `unexpected continuation
 * byte 0x80`, `overlong encoding 0xe0 0x80 0xaf (U+002F)`, `encoded surrogate 0xed 0xa0 0x80
 * (U+D800)`, `code point above U+10FFFF: 0xf4 0x90 0x80 0x80 (U+110000)`, `incomplete sequence
 * 0xe2 0x82 (followed by 0x41, not a continuation byte)`, `truncated sequence 0xe2 0x82 at the
 * end`. The offset is where the offending sequence starts: the bytes before it are valid UTF-8,
 * and no valid sequence starts at it. Valid means exactly what WHATWG's fatal UTF-8 decoder
 * (`new TextDecoder("utf-8", { fatal: true })`) accepts, and the text is what it returns with
 * `ignoreBOM: true`: a leading BOM stays in the string (the JSON reader skips it).
 */
import { isAscii, isUtf8 } from "node:buffer";
import { MalformedInput, invariant } from "../spec/errors.js";

/** `bytes` as text; `MalformedInput` naming `file` and the first invalid byte if not UTF-8. */
export function decodeText(bytes: Uint8Array, file: string): string {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // ASCII is latin1 is UTF-8, and latin1 needs no decoding: the common case, much faster
  if (isAscii(buf)) return buf.toString("latin1");
  // Node's validator (simdutf) accepts exactly what the fatal TextDecoder accepts, and
  // validating then decoding is faster than the fatal TextDecoder; toString keeps a BOM
  if (isUtf8(buf)) return buf.toString("utf8");
  const err = firstUtf8Error(bytes);
  invariant(err !== undefined, `${file}: isUtf8 rejects bytes that the UTF-8 scan accepts`);
  throw new MalformedInput(`${file}: not UTF-8: line ${lineOf(bytes, err.offset)}, byte offset ${err.offset}: ${err.reason}`);
}

export interface Utf8Error {
  /** Where the offending sequence starts. */
  offset: number;
  reason: string;
}

/**
 * The first invalid sequence of `bytes` by WHATWG's UTF-8 decoder (Encoding Standard, "UTF-8
 * decoder"): the lead byte fixes the length and the range of the second byte (which excludes
 * overlong forms, surrogates and code points above U+10FFFF); further bytes are 0x80..0xBF.
 */
export function firstUtf8Error(bytes: Uint8Array): Utf8Error | undefined {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    if (b < 0xc0) return { offset: i, reason: `unexpected continuation byte ${hex(b)}` };
    if (b < 0xc2) return { offset: i, reason: `invalid byte ${hex(b)} (overlong encoding)` };
    if (b > 0xf4) return { offset: i, reason: `invalid byte ${hex(b)}` };
    const len = b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
    // the range the second byte must be in; outside it but a continuation byte, it is one of
    // the three forms the ranges exclude
    let lo = 0x80;
    let hi = 0xbf;
    if (b === 0xe0) lo = 0xa0;
    else if (b === 0xed) hi = 0x9f;
    else if (b === 0xf0) lo = 0x90;
    else if (b === 0xf4) hi = 0x8f;
    for (let k = 1; k < len; k++) {
      if (i + k >= n) return { offset: i, reason: `truncated sequence ${hexes(bytes, i, i + k)} at the end` };
      const c = bytes[i + k];
      if (k === 1 ? c >= lo && c <= hi : c >= 0x80 && c <= 0xbf) continue;
      if (c < 0x80 || c > 0xbf)
        return { offset: i, reason: `incomplete sequence ${hexes(bytes, i, i + k)} (followed by ${hex(c)}, not a continuation byte)` };
      // k === 1: an excluded form; show the whole sequence when its bytes are there
      let end = i + 2;
      while (end < i + len && end < n && bytes[end] >= 0x80 && bytes[end] <= 0xbf) end++;
      const seq = hexes(bytes, i, end);
      const cp = end === i + len ? ` (${codePoint(bytes, i, len)})` : "";
      if (b === 0xed) return { offset: i, reason: `encoded surrogate ${seq}${cp}` };
      if (b === 0xf4) return { offset: i, reason: `code point above U+10FFFF: ${seq}${cp}` };
      return { offset: i, reason: `overlong encoding ${seq}${cp}` };
    }
    i += len;
  }
  return undefined;
}

function codePoint(bytes: Uint8Array, i: number, len: number): string {
  let cp = bytes[i] & (0xff >> (len + 1));
  for (let k = 1; k < len; k++) cp = (cp << 6) | (bytes[i + k] & 0x3f);
  return `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}

function lineOf(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let k = bytes.indexOf(0x0a); k >= 0 && k < offset; k = bytes.indexOf(0x0a, k + 1)) line++;
  return line;
}

function hex(b: number): string {
  return `0x${b.toString(16).padStart(2, "0")}`;
}

function hexes(bytes: Uint8Array, from: number, to: number): string {
  const out: string[] = [];
  for (let k = from; k < to; k++) out.push(hex(bytes[k]));
  return out.join(" ");
}

// --- bytes <-> text for the byte reader and the writers: Node's Buffer, kept in this one module ---

/** Decoding slices of one byte array (through one Buffer view over it: Node's decoders are the fastest at hand). */
export interface ByteSlices {
  utf8(start: number, end: number): string;
  latin1(start: number, end: number): string;
}

export function byteSlices(bytes: Uint8Array): ByteSlices {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { utf8: (s, e) => buf.toString("utf8", s, e), latin1: (s, e) => buf.toString("latin1", s, e) };
}

/** Whether `bytes` are valid UTF-8 (as the fatal TextDecoder decides). */
export function isUtf8Bytes(bytes: Uint8Array): boolean {
  return isUtf8(bytes);
}

/** The UTF-8 bytes of `s`. */
export function utf8Bytes(s: string): Uint8Array {
  return Buffer.from(s, "utf8");
}

/** A buffer that strings are encoded into in place: `write` returns the bytes written (at most 3 per UTF-16 unit). */
export interface Utf8Buffer {
  readonly bytes: Uint8Array;
  write(s: string, at: number): number;
}

export function utf8Buffer(size: number): Utf8Buffer {
  const buf = Buffer.allocUnsafe(size);
  return { bytes: buf, write: (s, at) => buf.write(s, at, "utf8") };
}

/** Chunks of UTF-8, joined and decoded. */
export function utf8Text(chunks: readonly Uint8Array[]): string {
  return Buffer.concat(chunks).toString("utf8");
}
