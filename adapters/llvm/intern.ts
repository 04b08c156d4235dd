/**
 * Keywords looked up by range, without copying them: `WordTable` gives the index of a word.
 *
 * The lexer reads a line through its character codes (`codesOf` in read.ts: a byte per
 * character, ASCII as is, anything else 128), and a range `[start, end)` means the same
 * characters in the string and in the codes. A range is hashed in place (`hashRange`) and
 * compared byte by byte with the candidate: no slice per keyword.
 */

/** The hash of the text with codes `b[start, end)`; the scanners compute it the same way as they go. */
export function hashRange(b: Uint8Array, start: number, end: number): number {
  let h = 0;
  for (let i = start; i < end; i++) h = (Math.imul(h, 31) + b[i]) | 0;
  return h;
}

/** Fibonacci hashing: the top `bits` bits of `h` times 2^32/phi, spread over the table. */
function slotOf(h: number, bits: number): number {
  return Math.imul(h, 0x9e3779b1) >>> (32 - bits);
}

/** A fixed set of ASCII words, each with its index in the list given; looked up by range. */
export class WordTable {
  private readonly bits: number;
  /** Per slot the index of a word + 1, 0 for a free slot. */
  private readonly slots: Int32Array;
  private readonly hashes: Int32Array;
  /** The words' codes, one after the other: word i is `codes[starts[i], starts[i + 1])`. */
  private readonly codes: Uint8Array;
  private readonly starts: Int32Array;

  constructor(readonly words: readonly string[]) {
    let bits = 4;
    while (1 << bits < words.length * 4) bits++;
    this.bits = bits;
    this.slots = new Int32Array(1 << bits);
    this.hashes = new Int32Array(1 << bits);
    const all = words.join("");
    this.codes = new Uint8Array(all.length);
    for (let i = 0; i < all.length; i++) this.codes[i] = all.charCodeAt(i);
    this.starts = new Int32Array(words.length + 1);
    const mask = (1 << bits) - 1;
    words.forEach((w, index) => {
      this.starts[index + 1] = this.starts[index] + w.length;
      const h = hashRange(this.codes, this.starts[index], this.starts[index + 1]);
      let i = slotOf(h, bits);
      while (this.slots[i] !== 0) i = (i + 1) & mask;
      this.slots[i] = index + 1;
      this.hashes[i] = h;
    });
  }

  /** The index of the word `b[start, end)`, or -1. */
  find(b: Uint8Array, start: number, end: number): number {
    const h = hashRange(b, start, end);
    const n = end - start;
    const mask = this.slots.length - 1;
    for (let i = slotOf(h, this.bits); ; i = (i + 1) & mask) {
      const k = this.slots[i];
      if (k === 0) return -1;
      if (this.hashes[i] !== h) continue;
      const at = this.starts[k - 1];
      if (this.starts[k] - at !== n) continue;
      let j = 0;
      while (j < n && this.codes[at + j] === b[start + j]) j++;
      if (j === n) return k - 1;
    }
  }
}
