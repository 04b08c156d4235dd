/**
 * `node:buffer` in the browser. The library reaches Node's `Buffer` in a few places (io/text.ts
 * decoding bytes; the LLVM adapter's cursor and lexer reading a text as bytes and decoding
 * escaped names), as the global Node provides. The page installs this subset as that global
 * (main.ts) and aliases `node:buffer` here (vite.config.ts): allocating, UTF-8 and latin1 to and
 * from strings, views over an ArrayBuffer, concat, write. Invalid UTF-8 decodes with U+FFFD, as
 * Node's does.
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8");

export function isAscii(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b >= 0x80) return false;
  return true;
}

export function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

type Encoding = "utf8" | "utf-8" | "latin1";

export class Buffer extends Uint8Array {
  static allocUnsafe(n: number): Buffer {
    return new Buffer(n);
  }

  static allocUnsafeSlow(n: number): Buffer {
    return new Buffer(n);
  }

  static override from(x: unknown, offsetOrEncoding?: unknown, length?: number): Buffer {
    if (typeof x === "string") {
      if (offsetOrEncoding !== undefined && offsetOrEncoding !== "utf8" && offsetOrEncoding !== "utf-8") throw new Error(`Buffer shim: encoding ${String(offsetOrEncoding)}`);
      const bytes = encoder.encode(x);
      return new Buffer(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    if (x instanceof ArrayBuffer) {
      const offset = typeof offsetOrEncoding === "number" ? offsetOrEncoding : 0;
      return new Buffer(x, offset, length ?? x.byteLength - offset);
    }
    const src = x as ArrayLike<number>;
    const out = new Buffer(src.length);
    out.set(src);
    return out;
  }

  static concat(chunks: readonly Uint8Array[]): Buffer {
    const out = new Buffer(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }

  override toString(encoding: Encoding = "utf8", start = 0, end = this.length): string {
    const part = this.subarray(start, end);
    if (encoding === "latin1") {
      let s = "";
      for (let i = 0; i < part.length; i += 8192) s += String.fromCharCode(...part.subarray(i, i + 8192));
      return s;
    }
    return decoder.decode(part);
  }

  /** Writes `s` as UTF-8 at `offset`; the number of bytes written. */
  write(s: string, offset = 0): number {
    return encoder.encodeInto(s, this.subarray(offset)).written;
  }
}
