/**
 * `node:buffer` in the browser, for the one library module that imports it (io/text.ts, which
 * decodes bytes). The explorer hands the library text only; these two answer as Node's do.
 */
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
