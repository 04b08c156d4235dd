/**
 * Text ranges looked up without copying them: `StringTable` gives one string per distinct text
 * the parser keeps (names, types, constants), `WordTable` the index of a keyword.
 *
 * The parser reads a line through its character codes (`codesOf` in cursor.ts: a byte per
 * character, ASCII as is, anything else 128), and a range `[start, end)` means the same
 * characters in the string and in the codes. Why: a module repeats the same few texts hundreds
 * of thousands of times (`i32`, `%0`, `%retval`, `align`). Slicing each occurrence out of the line
 * and hashing the copy (a `Map` or `Set` lookup) costs an allocation per token, and the copies
 * the result keeps are what the garbage collector then moves around. Here a range is hashed as
 * it is scanned or in place (`hashRange`), compared byte by byte with the candidate, and only
 * sliced the first time its text is seen.
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

/**
 * An open-addressing set of strings, looked up by range. It only grows, except that past `limit`
 * entries it starts afresh: a long-lived table must not keep every text it ever saw, and a small
 * one stays in the processor's caches. Forgetting is harmless, the table only saves copies.
 *
 * Layout, for few cache misses per lookup: a slot is four numbers in one typed array (`SLOT`):
 * the hash, 1 + the index of the entry in `strings` (0: a free slot), and where the entry's
 * codes stand in `pool` and how many, so that a candidate is compared without touching the
 * string handed out.
 */
export class StringTable {
  private bits = 0;
  private slots = new Int32Array(0);
  private strings: string[] = [];
  private pool = new Uint8Array(0);
  private poolEnd = 0;

  /** The size the table starts at (log2 of its slots); it grows at half load. */
  private readonly startBits: number;

  /** `startBits`: by default one that suits `limit`. */
  constructor(
    private readonly limit: number,
    startBits = Math.min(15, Math.max(10, 31 - Math.clz32(limit))),
  ) {
    this.startBits = startBits;
    this.clear();
  }

  /**
   * Empties the table. Its arrays are kept while they are of their starting size: a table shared
   * by many parses (parse.ts) starts afresh often, and zeroing small arrays costs less than new ones.
   */
  clear(): void {
    this.bits = this.startBits;
    if (this.slots.length === SLOT << this.bits) this.slots.fill(0);
    else this.slots = new Int32Array(SLOT << this.bits);
    this.strings = [];
    if (this.pool.length === 0 || this.pool.length > 1 << 20) this.pool = new Uint8Array(1 << 16);
    this.poolEnd = 0;
  }

  /**
   * The string `s[start, end)`, whose codes `b[start, end)` are all ASCII (below 128: codes do
   * not tell other characters apart) and have the `hashRange` `h`.
   */
  get(b: Uint8Array, s: string, start: number, end: number, h: number): string {
    const n = end - start;
    if (n <= 0) return "";
    const slots = this.slots;
    const mask = (1 << this.bits) - 1;
    for (let i = slotOf(h, this.bits); ; i = (i + 1) & mask) {
      const at = SLOT * i;
      const id = slots[at + 1] - 1;
      if (id < 0) return this.add(at, b, s, start, end, h);
      if (slots[at] !== h || slots[at + 3] !== n) continue;
      const pool = this.pool;
      const from = slots[at + 2];
      let k = 0;
      while (k < n && pool[from + k] === b[start + k]) k++;
      if (k === n) return this.strings[id];
    }
  }

  /** `get` for a range not hashed yet, of any characters. */
  range(b: Uint8Array, s: string, start: number, end: number): string {
    let h = 0;
    for (let i = start; i < end; i++) {
      const c = b[i];
      if (c >= 128) return s.slice(start, end); // not ASCII: not kept here
      h = (Math.imul(h, 31) + c) | 0; // as hashRange
    }
    return this.get(b, s, start, end, h);
  }

  /** Adds `s[start, end)` in the free slot at `slots[at]`. */
  private add(at: number, b: Uint8Array, s: string, start: number, end: number, h: number): string {
    if (this.strings.length >= this.limit) {
      this.clear();
      return this.get(b, s, start, end, h);
    }
    const text = s.slice(start, end);
    const n = end - start;
    const from = this.poolEnd;
    if (from + n > this.pool.length) {
      const pool = new Uint8Array(Math.max(this.pool.length * 2, from + n));
      pool.set(this.pool);
      this.pool = pool;
    }
    const pool = this.pool;
    for (let k = 0; k < n; k++) pool[from + k] = b[start + k];
    this.poolEnd = from + n;
    this.strings.push(text);
    const slots = this.slots;
    slots[at] = h;
    slots[at + 1] = this.strings.length;
    slots[at + 2] = from;
    slots[at + 3] = n;
    if (this.strings.length * 2 > 1 << this.bits) this.grow();
    return text;
  }

  private grow(): void {
    const old = this.slots;
    this.bits++;
    const slots = new Int32Array(SLOT << this.bits);
    const mask = (1 << this.bits) - 1;
    for (let j = 0; j < old.length; j += SLOT) {
      if (old[j + 1] === 0) continue;
      let i = slotOf(old[j], this.bits);
      while (slots[SLOT * i + 1] !== 0) i = (i + 1) & mask;
      for (let k = 0; k < SLOT; k++) slots[SLOT * i + k] = old[j + k];
    }
    this.slots = slots;
  }
}

/** The numbers per slot of a `StringTable`. */
const SLOT = 4;

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
