/**
 * Reading the exchange format (../shared/FORMAT.md) straight from a file's bytes into columns
 * (io/columns.ts), for documents too large for `JSON.parse` + validation + lowering (which
 * needs ~25x the document's bytes). It accepts exactly what io/read.ts accepts, and the
 * columns it builds are those of `columnsOf` on io/read.ts's result (names may get other ids).
 *
 * - `openColumnar` checks UTF-8 (one `isUtf8` over the input), skips a leading BOM, scans the
 *   top-level object (validating the JSON grammar of everything it skips, with an explicit
 *   stack) and notes each function's byte range and the size of each of its columns (blocks,
 *   preds, occurrences, groups);
 * - `read(i)` parses function i in one pass with a hand-written scanner into typed arrays (of
 *   the size that count implies, else grown by half): no object per block, statement or name,
 *   no string per token. Names (block ids, variables, values) are interned by hashing their
 *   bytes (FNV-1a, open addressing in an Int32Array); a name written with escapes is interned
 *   by its decoded value, as WTF-8 bytes (UTF-8 that also encodes lone surrogates, which
 *   `JSON.parse` keeps), so `"a"` and `"\u0061"` are one name.
 *
 * Errors are `FastReadError`, one line `FILE: function NAME, block ID, statement I: what`,
 * with the place vocabulary of io/read.ts; the place is worked out only when an error happens
 * (a function's name or a block's id may come after the error in the text: then the object is
 * scanned for it). Syntax errors and duplicate keys name a line and a column (UTF-16 units, as
 * io/json.ts counts them). The wording may differ from io/read.ts's: callers wanting its exact
 * messages re-read small files with it.
 *
 * The format nests a fixed few levels, so the function parser is a recursive descent of fixed
 * depth; arbitrary JSON (skipped or malformed) is walked with an explicit stack.
 */
import { FORM_DEFS_USES, FORM_STMTS, type ColumnarFunction, type LiteralSink, type NameTable } from "./columns.js";
import { FORMAT_VERSION, type DebugDoc, type Kind } from "./format.js";
import { findDuplicateKey } from "./json.js";
import { duplicatePhiMessage, readDebugValue, show } from "./read.js";
import { byteSlices, decodeText, isUtf8Bytes, type ByteSlices } from "./text.js";
import { LimitExceeded, MalformedInput, showBytes } from "../spec/errors.js";

/** A document the byte reader cannot read: `message` is one line naming the file and the place. */
export class FastReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FastReadError";
  }
}

/** A document opened by `openColumnar`: its functions are parsed one at a time, on demand. */
export interface ColumnarDocument {
  /** `{"format": ..., "functions": [...]}` rather than a single function document. */
  readonly module: boolean;
  /** Number of functions. */
  readonly count: number;
  /** The i-th function's "name" field if it is a string, else undefined (cheap: scans only that function object's top-level keys). */
  name(i: number): string | undefined;
  /** Parses and validates the i-th function fully (columns are built only now). Throws FastReadError if malformed. */
  read(i: number): ColumnarFunction;
  /**
   * Lets go of the document's bytes, so that they can be collected once the caller drops them
   * too: `read` and `name` fail after it; functions read before keep working once their names
   * are detached (`NameTable.detach`).
   */
  release?(): void;
}

/**
 * Checks UTF-8 and the top level (JSON syntax of the whole document, `"format"`, allowed and
 * duplicate top-level keys), and finds each function's byte range. `file` names the document
 * in messages.
 */
export function openColumnar(bytes: Uint8Array, file: string): ColumnarDocument {
  const n = bytes.length;
  if (n > MAX_BYTES)
    throw new LimitExceeded(`${file}: ${showBytes(n)} is more than one exchange-format file can be (${showBytes(MAX_BYTES)}: offsets are 32-bit integers): split the module into files of fewer functions`);
  if (!isUtf8Bytes(bytes)) {
    try {
      decodeText(bytes, file);
    } catch (e) {
      throw new FastReadError(firstLine(e instanceof Error ? e.message : String(e)));
    }
    throw new FastReadError(`${file}: not UTF-8`);
  }
  const base = n >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const s = new Scanner(bytes, n, file, base);
  const b = bytes;

  let i = s.ws(base);
  if (i >= n) s.syntax(i, "unexpected end of input");
  if (b[i] !== LBRACE) {
    s.end(s.skipValue(i));
    s.fail("the document is not a JSON object");
  }
  const objStart = i;
  const keys = new Map<string, number>(); // key -> where its (first) value starts
  let dup: { pos: number; key: string } | undefined;
  const fnStart = new I32(16);
  const fnEnd = new I32(16);
  /** Per function, what is in its "blocks" list (`ScanCounts`, 4 numbers): to size its columns. */
  const fnCounts = new I32(64);
  let topCounts = Int32Array.of(0, 0, 0, 0);
  const noteCounts = (): void => {
    const { blocks, preds, occ, groups } = s.counts;
    fnCounts.push(blocks);
    fnCounts.push(preds);
    fnCounts.push(occ);
    fnCounts.push(groups);
  };
  let functionsIsList = false;
  i = s.ws(i + 1);
  if (i < n && b[i] === RBRACE) i++;
  else
    for (;;) {
      if (i >= n || b[i] !== QUOTE) s.expected(i, "a string key or '}'");
      const keyEnd = s.skipString(i);
      const key = s.keyText(i, keyEnd);
      const again = keys.has(key);
      if (again && dup === undefined) dup = { pos: i, key };
      i = s.ws(keyEnd);
      if (i >= n || b[i] !== COLON) s.expected(i, "':' after an object key");
      i = s.ws(i + 1);
      if (!again) keys.set(key, i);
      if (key === "functions" && !again && i < n && b[i] === LBRACKET) {
        functionsIsList = true;
        i = s.ws(i + 1);
        if (i < n && b[i] === RBRACKET) i++;
        else
          for (;;) {
            const from = i;
            s.resetCounts();
            i = s.skipValue(i, 2);
            fnStart.push(from);
            fnEnd.push(i);
            noteCounts();
            i = s.ws(i);
            if (i < n && b[i] === COMMA) {
              i = s.ws(i + 1);
              continue;
            }
            if (i < n && b[i] === RBRACKET) {
              i++;
              break;
            }
            s.expected(i, "',' or ']'");
          }
      } else {
        s.resetCounts();
        i = s.skipValue(i, 1);
        if (key === "blocks" && !again) topCounts = Int32Array.of(s.counts.blocks, s.counts.preds, s.counts.occ, s.counts.groups);
      }
      i = s.ws(i);
      if (i < n && b[i] === COMMA) {
        i = s.ws(i + 1);
        if (i >= n || b[i] !== QUOTE) s.expected(i, "a string key");
        continue;
      }
      if (i < n && b[i] === RBRACE) {
        i++;
        break;
      }
      s.expected(i, "',' or '}'");
    }
  const objEnd = i;
  s.end(objEnd);
  if (dup !== undefined) s.duplicateKey(dup.pos, dup.key, "");

  const format = keys.get("format");
  if (format === undefined) s.fail(`missing "format" (want "${FORMAT_VERSION}")`);
  s.checkFormat(format!);
  if (!keys.has("functions")) return new Document(s, false, Int32Array.of(objStart), Int32Array.of(objEnd), topCounts);
  for (const k of keys.keys())
    if (k !== "format" && k !== "functions") s.fail(`unknown field ${JSON.stringify(k)} (allowed: ${MODULE_KEYS.join(", ")})`);
  if (!functionsIsList) s.fail(`"functions" must be a list`);
  return new Document(s, true, fnStart.done(), fnEnd.done(), fnCounts.done());
}

/** The names of a function over its document's bytes; see the module comment. */
export class ByteNames implements NameTable {
  /** Per name: where its bytes are, `[start, end)` of the input (the literal without quotes), or `~start` into `extra`. */
  private starts: Int32Array;
  private ends: Int32Array;
  /**
   * Open addressing with linear probing: per slot its name's hash and its id + 1 (0 for free),
   * side by side so that a probe reads one cache line.
   */
  private table: Int32Array;
  /** Slots - 1 (a power of two - 1). */
  private mask: number;
  private n = 0;
  /** The decoded bytes (WTF-8) of names only ever seen with escapes. */
  private extra: Uint8Array = EMPTY_BYTES;
  private extraLen = 0;
  /** For such a name: where one of its literals starts, to decode it with `JSON.parse`. */
  private escapedAt: Map<number, number> | undefined;
  private buf: ByteSlices;
  /** After `detach`: the names written only with escapes, decoded. */
  private decoded: Map<number, string> | undefined;

  /** `hint`: how many names to expect (the table grows to that at once when it has to grow). */
  constructor(
    public bytes: Uint8Array,
    private readonly hint = 0,
  ) {
    this.buf = byteSlices(bytes);
    const c = Math.max(16, Math.min(hint, START));
    this.starts = new Int32Array(c);
    this.ends = new Int32Array(c);
    let size = 64;
    while (!fits(c, size)) size *= 2;
    this.table = new Int32Array(2 * size);
    this.mask = size - 1;
  }

  get count(): number {
    return this.n;
  }

  text(id: number): string {
    if (!(id >= 0 && id < this.n)) throw new RangeError(`no name ${id}`);
    const s = this.starts[id];
    if (s >= 0) return this.buf.utf8(s, this.ends[id]);
    if (this.decoded !== undefined) return this.decoded.get(id)!;
    const at = this.escapedAt!.get(id)!;
    return JSON.parse(this.buf.utf8(at, literalEnd(this.bytes, at))) as string;
  }

  literal(id: number): { bytes: Uint8Array; start: number; end: number } | undefined {
    if (!(id >= 0 && id < this.n)) return undefined;
    const s = this.starts[id];
    return s >= 0 ? { bytes: this.bytes, start: s - 1, end: this.ends[id] + 1 } : undefined;
  }

  copyLiteral(id: number, sink: LiteralSink): boolean {
    if (!(id >= 0 && id < this.n)) return false;
    const s = this.starts[id];
    if (s < 0) return false;
    sink.copy(this.bytes, s - 1, this.ends[id] + 1);
    return true;
  }

  /** The id of the name written without escapes as `bytes[s..e)`, `h` the FNV-1a hash of those bytes. */
  plain(s: number, e: number, h: number): number {
    h = mix(h);
    const bytes = this.bytes;
    const table = this.table;
    const mask = this.mask;
    const len = e - s;
    let slot = h & mask;
    for (;;) {
      const v = table[2 * slot + 1];
      if (v === 0) break;
      if (table[2 * slot] === h) {
        const id = v - 1;
        const st = this.starts[id];
        if (st >= 0) {
          if (this.ends[id] - st === len) {
            let k = 0;
            while (k < len && bytes[st + k] === bytes[s + k]) k++;
            if (k === len) return id;
          }
        } else if (this.same(id, bytes, s, len)) {
          // seen before only with escapes: from now on it has a literal to copy
          this.starts[id] = s;
          this.ends[id] = e;
          this.escapedAt!.delete(id);
          return id;
        }
      }
      slot = (slot + 1) & mask;
    }
    return this.add(slot, s, e, h);
  }

  /** The id of a name written with escapes, decoded to `src[0..len)` (WTF-8), its literal starting at `at`. */
  escaped(at: number, src: Uint8Array, len: number, h: number): number {
    h = mix(h);
    const table = this.table;
    let slot = h & this.mask;
    for (;;) {
      const v = table[2 * slot + 1];
      if (v === 0) break;
      if (table[2 * slot] === h && this.same(v - 1, src, 0, len)) return v - 1;
      slot = (slot + 1) & this.mask;
    }
    if (this.extraLen + len > this.extra.length) {
      let c = Math.max(64, this.extra.length * 2);
      while (c < this.extraLen + len) c *= 2;
      const x = new Uint8Array(c);
      x.set(this.extra.subarray(0, this.extraLen));
      this.extra = x;
    }
    this.extra.set(src.subarray(0, len), this.extraLen);
    const id = this.add(slot, ~this.extraLen, this.extraLen + len, h);
    this.extraLen += len;
    (this.escapedAt ??= new Map()).set(id, at);
    return id;
  }

  /**
   * Copies every name out of the document's bytes into a buffer of its own (each as its literal,
   * quotes included), so that the document's bytes can be let go: a 200 MB input then costs its
   * names' few MB. Call after `finish`.
   */
  detach(): void {
    if (this.decoded !== undefined) return;
    let size = 0;
    for (let id = 0; id < this.n; id++) if (this.starts[id] >= 0) size += this.ends[id] - this.starts[id] + 2;
    const out = new Uint8Array(size);
    const decoded = new Map<number, string>();
    let at = 0;
    for (let id = 0; id < this.n; id++) {
      const s = this.starts[id];
      if (s < 0) {
        decoded.set(id, this.text(id));
        continue;
      }
      const e = this.ends[id];
      out[at] = 0x22;
      out.set(this.bytes.subarray(s, e), at + 1);
      out[at + 1 + e - s] = 0x22;
      this.starts[id] = at + 1;
      this.ends[id] = at + 1 + e - s;
      at += e - s + 2;
    }
    this.decoded = decoded;
    this.escapedAt = undefined;
    this.extra = EMPTY_BYTES;
    this.bytes = out;
    this.buf = byteSlices(out);
  }

  /** Drops what only interning needs and trims the rest: the table is complete. */
  finish(): void {
    this.starts = trim(this.starts, this.n);
    this.ends = trim(this.ends, this.n);
    this.table = EMPTY_I32;
    this.mask = 0;
  }

  private same(id: number, src: Uint8Array, s: number, len: number): boolean {
    let st = this.starts[id];
    let arr = this.bytes;
    if (st < 0) {
      st = ~st;
      arr = this.extra;
    }
    if (this.ends[id] - st !== len) return false;
    for (let k = 0; k < len; k++) if (arr[st + k] !== src[s + k]) return false;
    return true;
  }

  private add(slot: number, start: number, end: number, h: number): number {
    const id = this.n++;
    if (id === this.starts.length) {
      this.starts = grow(this.starts, id + 1, this.hint);
      this.ends = grow(this.ends, id + 1, this.hint);
    }
    this.starts[id] = start;
    this.ends[id] = end;
    this.table[2 * slot] = h;
    this.table[2 * slot + 1] = id + 1;
    if (!fits(this.n, this.mask + 1)) this.rehash();
    return id;
  }

  private rehash(): void {
    const old = this.table;
    let size = 2 * (this.mask + 1);
    if (this.n < this.hint) while (!fits(this.hint, size)) size *= 2;
    const table = new Int32Array(2 * size);
    const mask = size - 1;
    for (let k = 0; k < old.length; k += 2) {
      const v = old[k + 1];
      if (v === 0) continue;
      const h = old[k];
      let slot = h & mask;
      while (table[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
      table[2 * slot] = h;
      table[2 * slot + 1] = v;
    }
    this.table = table;
    this.mask = mask;
  }
}

// ---------------------------------------------------------------------------------------------

/** Offsets are Int32: larger inputs are refused (io/read.ts cannot read them either: a string that long does not exist in V8). */
const MAX_BYTES = 0x7fff_fff0;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;

const FNV_BASIS = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** What `Scanner.skipValue` counts in a function's blocks. */
interface ScanCounts {
  blocks: number;
  preds: number;
  occ: number;
  groups: number;
}

// the lists of a block, for `skipValue`'s counts
const L_OTHER = 0;
const L_PREDS = 1;
const L_STMTS = 2;
const L_DEFS_USES = 3;
const quoted = (k: string): Uint8Array => Uint8Array.from(`"${k}"`, (c) => c.charCodeAt(0));
const PREDS_KEY = quoted("preds");
const STMTS_KEY = quoted("stmts");
const DEFS_KEY = quoted("defs");
const USES_KEY = quoted("uses");

/** Initial capacity of a column, whatever the size expected. */
const START = 1024;

const EMPTY_BYTES = new Uint8Array(0);
const EMPTY_I32 = new Int32Array(0);

const MODULE_KEYS = ["format", "functions"];
const FUNCTION_KEYS = ["format", "kind", "name", "entry", "blocks", "vars", "debug"];
const BLOCK_KEYS = ["id", "preds", "phis", "stmts", "defs", "uses"];
const STMT_KEYS = ["defs", "uses"];
const PHI_KEYS = ["def", "args"];

// keys of the format's objects, one bit each; 0 is any other key
const K_FORMAT = 1 << 0;
const K_KIND = 1 << 1;
const K_NAME = 1 << 2;
const K_ENTRY = 1 << 3;
const K_BLOCKS = 1 << 4;
const K_VARS = 1 << 5;
const K_ID = 1 << 6;
const K_PREDS = 1 << 7;
const K_PHIS = 1 << 8;
const K_STMTS = 1 << 9;
const K_DEFS = 1 << 10;
const K_USES = 1 << 11;
const K_DEF = 1 << 12;
const K_ARGS = 1 << 13;
const K_DEBUG = 1 << 14;

const KEY_CODES = new Map<string, number>([
  ["format", K_FORMAT],
  ["kind", K_KIND],
  ["name", K_NAME],
  ["entry", K_ENTRY],
  ["blocks", K_BLOCKS],
  ["vars", K_VARS],
  ["id", K_ID],
  ["preds", K_PREDS],
  ["phis", K_PHIS],
  ["stmts", K_STMTS],
  ["defs", K_DEFS],
  ["uses", K_USES],
  ["def", K_DEF],
  ["args", K_ARGS],
  ["debug", K_DEBUG],
]);
const FUNCTION_MASK = K_FORMAT | K_KIND | K_NAME | K_ENTRY | K_BLOCKS | K_VARS | K_DEBUG;
const BLOCK_MASK = K_ID | K_PREDS | K_PHIS | K_STMTS | K_DEFS | K_USES;
const STMT_MASK = K_DEFS | K_USES;
const PHI_MASK = K_DEF | K_ARGS;

/** Keys by length and first byte (all keys are ASCII and distinct in these two): code and bytes. */
const KEY_TABLE: ({ code: number; bytes: Uint8Array } | undefined)[] = new Array(16 * 128);
for (const [k, code] of KEY_CODES) KEY_TABLE[k.length * 128 + k.charCodeAt(0)] = { code, bytes: Uint8Array.from(k, (c) => c.charCodeAt(0)) };

// where an object is, for the JSON pointer of a duplicate key
const W_FUNCTION = 0;
const W_BLOCK = 1;
const W_PHI = 2;
const W_ARGS = 3;
const W_STMT = 4;
const W_VARS = 5;

/**
 * An Int32Array that grows (see `grow`). It starts small even with a large `hint`: a malformed
 * document fails early, before a large guess is allocated.
 */
class I32 {
  a: Int32Array;
  n = 0;
  constructor(private readonly hint: number) {
    this.a = new Int32Array(Math.max(16, Math.min(hint, START)));
  }
  push(v: number): void {
    if (this.n === this.a.length) this.a = grow(this.a, this.n + 1, this.hint);
    this.a[this.n++] = v;
  }
  ensure(size: number): void {
    if (size > this.a.length) this.a = grow(this.a, size, this.hint);
  }
  done(): Int32Array {
    return trim(this.a, this.n);
  }
}

/**
 * `a` with room for `min` elements: `hint` elements when that is enough (the size expected from
 * the first pass, so a large function's columns grow once, to their size), else grown by half
 * (less waste than doubling, same amortized cost).
 */
function grow(a: Int32Array, min: number, hint = 0): Int32Array {
  let c = hint >= min && hint > a.length ? hint : Math.max(16, a.length + (a.length >>> 1));
  while (c < min) c += c >>> 1;
  const x = new Int32Array(c);
  x.set(a);
  return x;
}

/** The first `n` elements: a view when little is wasted, else a copy. */
function trim(a: Int32Array, n: number): Int32Array {
  if (n === a.length) return a;
  return a.length - n <= n >>> 2 ? a.subarray(0, n) : a.slice(0, n);
}

/** Whether `n` names fit in a table of `size` slots (a load of at most 0.65: short probes). */
function fits(n: number, size: number): boolean {
  return 20 * n <= 13 * size;
}

function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

/** The end (after the closing quote) of a well-formed string literal starting at `at`. */
function literalEnd(b: Uint8Array, at: number): number {
  let j = at + 1;
  while (j < b.length && b[j] !== QUOTE) j += b[j] === BACKSLASH ? 2 : 1;
  return j + 1;
}

function firstLine(s: string): string {
  return s.split("\n", 1)[0];
}

/** A character for a message, as io/json.ts shows it. */
function showChar(c: string): string {
  return c >= " " && c !== "\x7f" ? `'${c}'` : JSON.stringify(c);
}

/**
 * Byte-level JSON scanning over `b[0..n)` (the whole input): whitespace, validating skips,
 * and messages (line and column counted from `base`, after a BOM).
 */
class Scanner {
  readonly buf: ByteSlices;
  private stack = new Uint8Array(64);

  constructor(
    readonly b: Uint8Array,
    readonly n: number,
    readonly file: string,
    readonly base: number,
  ) {
    this.buf = byteSlices(b);
  }

  ws(i: number): number {
    const b = this.b;
    const n = this.n;
    while (i < n) {
      const c = b[i];
      if (c > 0x20 || (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09)) break;
      i++;
    }
    return i;
  }

  /** After the string literal at `i` (`b[i]` is a quote), checking escapes and control characters. */
  skipString(i: number): number {
    const b = this.b;
    const n = this.n;
    let j = i + 1;
    for (;;) {
      if (j >= n) this.syntax(i, "unterminated string");
      const c = b[j];
      if (c === QUOTE) return j + 1;
      if (c === BACKSLASH) j = this.escape(j);
      else if (c < 0x20) this.syntax(j, "control character in a string (escape it)");
      else j++;
    }
  }

  /** After the escape at `j` (`b[j]` is a backslash). */
  escape(j: number): number {
    const b = this.b;
    const e = j + 1 < this.n ? b[j + 1] : -1;
    if (e === 0x75 /* u */) {
      if (j + 6 > this.n || (hexDigit(b[j + 2]) | hexDigit(b[j + 3]) | hexDigit(b[j + 4]) | hexDigit(b[j + 5])) < 0)
        this.syntax(j, "bad \\u escape in a string");
      return j + 6;
    }
    if (e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) return j + 2;
    return this.syntax(j, "bad escape in a string");
  }

  skipNumber(i: number): number {
    const b = this.b;
    const n = this.n;
    let j = i;
    if (b[j] === 0x2d) j++;
    if (j < n && b[j] === 0x30) j++;
    else if (j < n && b[j] >= 0x31 && b[j] <= 0x39) {
      j++;
      while (j < n && b[j] >= 0x30 && b[j] <= 0x39) j++;
    } else this.syntax(i, "malformed number");
    if (j < n && b[j] === 0x2e) {
      j++;
      if (!(j < n && b[j] >= 0x30 && b[j] <= 0x39)) this.syntax(i, "malformed number");
      while (j < n && b[j] >= 0x30 && b[j] <= 0x39) j++;
    }
    if (j < n && (b[j] === 0x65 || b[j] === 0x45)) {
      j++;
      if (j < n && (b[j] === 0x2b || b[j] === 0x2d)) j++;
      if (!(j < n && b[j] >= 0x30 && b[j] <= 0x39)) this.syntax(i, "malformed number");
      while (j < n && b[j] >= 0x30 && b[j] <= 0x39) j++;
    }
    return j;
  }

  private word(i: number, w: string): number {
    const b = this.b;
    for (let k = 0; k < w.length; k++) if (i + k >= this.n || b[i + k] !== w.charCodeAt(k)) this.unexpected(i);
    return i + w.length;
  }

  /** What `skipValue` counted (reset by the caller): the sizes of a function's columns. */
  readonly counts: ScanCounts = { blocks: 0, preds: 0, occ: 0, groups: 0 };
  /** Where the last key `skipValue` read starts. */
  private keyAt = -1;
  /** The key of the list being walked at a block's key (`L_PREDS`, ...). */
  private listKey = L_OTHER;
  /** The block last counted as a group, so a block with both "defs" and "uses" counts once. */
  private groupBlock = -1;

  /**
   * After the JSON value at `i` (whitespace first), checking its grammar; any depth. Counts in
   * `counts` the blocks, with `countAt` 1 the objects in the value (a list), with `countAt` 2
   * the objects in the list under the key "blocks" of the value (an object); and in those
   * blocks the entries of their columns: the strings in "preds" lists, the other strings below
   * the blocks' keys (phi defs and arguments, defs, uses: the occurrences), and the groups (the
   * statements, and the blocks with "defs" or "uses"). Exact for a valid function, so that its
   * columns are allocated once, at their size; a malformed one only gets other capacities.
   */
  skipValue(i: number, countAt = -1): number {
    const b = this.b;
    const n = this.n;
    const counts = this.counts;
    let depth = 0;
    let counting = false;
    for (;;) {
      i = this.ws(i);
      if (i >= n) this.syntax(i, "unexpected end of input");
      let c = b[i];
      if (c === QUOTE) {
        i = this.skipString(i);
        // depth countAt + 1 is a block's own strings (its id); below it its lists' entries
        if (counting && depth > countAt + 1) {
          if (depth === countAt + 2 && this.listKey === L_PREDS) counts.preds++;
          else counts.occ++;
        }
      } else if (c === LBRACE || c === LBRACKET) {
        if (depth === countAt - 1) counting = c === LBRACKET && (countAt === 1 || this.isBlocksKey(this.keyAt));
        else if (counting && depth >= countAt && depth <= countAt + 2) this.countOpen(c, depth - countAt);
        i = this.ws(i + 1);
        if (i < n && b[i] === c + 2) i++; // '{' + 2 is '}', '[' + 2 is ']'
        else {
          if (depth === this.stack.length) {
            const s = new Uint8Array(2 * depth);
            s.set(this.stack);
            this.stack = s;
          }
          this.stack[depth++] = c;
          if (c === LBRACE) i = this.keyColon(i, "a string key or '}'");
          continue;
        }
      } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) i = this.skipNumber(i);
      else if (c === 0x74) i = this.word(i, "true");
      else if (c === 0x66) i = this.word(i, "false");
      else if (c === 0x6e) i = this.word(i, "null");
      else this.unexpected(i);
      // a value ended: close what it closes, or go on to the next value
      for (;;) {
        if (depth === 0) return i;
        i = this.ws(i);
        if (i >= n) this.syntax(i, "unexpected end of input");
        c = b[i];
        const open = this.stack[depth - 1];
        if (c === COMMA) {
          i++;
          if (open === LBRACE) i = this.keyColon(this.ws(i), "a string key");
          break;
        }
        if (c === open + 2) {
          depth--;
          i++;
          continue;
        }
        this.expected(i, open === LBRACE ? "',' or '}'" : "',' or ']'");
      }
    }
  }

  /** Starts `counts` anew, for the next value `skipValue` counts in. */
  resetCounts(): void {
    const counts = this.counts;
    counts.blocks = counts.preds = counts.occ = counts.groups = 0;
    this.groupBlock = -1;
  }

  /** `skipValue`'s count of a list or an object opened at `level` 0 (a block), 1 (a block's key) or 2 (in a block's list). */
  private countOpen(c: number, level: number): void {
    const counts = this.counts;
    if (level === 0) {
      if (c === LBRACE) counts.blocks++;
    } else if (level === 1) {
      if (c !== LBRACKET) return;
      const k = (this.listKey = this.listKeyAt(this.keyAt));
      if (k === L_DEFS_USES && this.groupBlock !== counts.blocks) {
        this.groupBlock = counts.blocks;
        counts.groups++;
      }
    } else if (c === LBRACE && this.listKey === L_STMTS) counts.groups++;
  }

  /** Which of a block's lists the key literal at `i` names. */
  private listKeyAt(i: number): number {
    const b = this.b;
    if (i < 0 || i + 1 >= this.n) return L_OTHER;
    const k = b[i + 1];
    if (k === 0x70 /* p */ && this.literalIs(i, PREDS_KEY)) return L_PREDS;
    if (k === 0x73 /* s */ && this.literalIs(i, STMTS_KEY)) return L_STMTS;
    if ((k === 0x64 /* d */ && this.literalIs(i, DEFS_KEY)) || (k === 0x75 /* u */ && this.literalIs(i, USES_KEY))) return L_DEFS_USES;
    return L_OTHER;
  }

  /** Whether the literal at `i` is `w` (its bytes with quotes, written plainly). */
  private literalIs(i: number, w: Uint8Array): boolean {
    if (i + w.length > this.n) return false;
    for (let k = 0; k < w.length; k++) if (this.b[i + k] !== w[k]) return false;
    return true;
  }

  /** A key at `i` and its colon; after them. */
  private keyColon(i: number, what: string): number {
    if (i >= this.n || this.b[i] !== QUOTE) this.expected(i, what);
    this.keyAt = i;
    i = this.ws(this.skipString(i));
    if (i >= this.n || this.b[i] !== COLON) this.expected(i, "':' after an object key");
    return i + 1;
  }

  /** Whether the literal at `i` is `"blocks"` (written plainly). */
  private isBlocksKey(i: number): boolean {
    const b = this.b;
    return i >= 0 && i + 8 <= this.n && b[i + 1] === 0x62 && b[i + 2] === 0x6c && b[i + 3] === 0x6f && b[i + 4] === 0x63 && b[i + 5] === 0x6b && b[i + 6] === 0x73 && b[i + 7] === QUOTE;
  }

  /** Only whitespace from `i` on. */
  end(i: number): void {
    i = this.ws(i);
    if (i < this.n) this.syntax(i, `unexpected ${showChar(this.charAt(i))} after the JSON value`);
  }

  /** A key's text, `b[i..e)` its literal. */
  keyText(i: number, e: number): string {
    for (let k = i + 1; k < e - 1; k++) if (this.b[k] === BACKSLASH) return this.stringAt(i);
    return this.buf.utf8(i + 1, e - 1);
  }

  /** The string literal at `i`, decoded as `JSON.parse` does. */
  stringAt(i: number): string {
    return JSON.parse(this.buf.utf8(i, this.skipString(i))) as string;
  }

  /** The character at `i` (whole, not one UTF-8 byte). */
  charAt(i: number): string {
    const c = this.b[i];
    const len = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    return this.buf.utf8(i, Math.min(i + len, this.n));
  }

  /** What the value at `i` is, in a few words (as io/read.ts says it). */
  brief(i: number): string {
    i = this.ws(i);
    if (i >= this.n) return "nothing";
    const c = this.b[i];
    if (c === LBRACE) return "an object";
    if (c === LBRACKET) return "a list";
    try {
      if (c === QUOTE) {
        const s = this.stringAt(i);
        return s.length <= 20 ? JSON.stringify(s) : "a string";
      }
      if (c === 0x74) return "true";
      if (c === 0x66) return "false";
      if (c === 0x6e) return "null";
      return String(Number(this.buf.latin1(i, this.skipNumber(i))));
    } catch {
      return "a malformed value";
    }
  }

  /**
   * The string value of `key` in the object at `i`, if the object has one: for a place in a
   * message, so never throws.
   */
  stringMember(i: number, key: string): string | undefined {
    try {
      const b = this.b;
      const n = this.n;
      i = this.ws(i);
      if (i >= n || b[i] !== LBRACE) return undefined;
      i = this.ws(i + 1);
      for (;;) {
        if (i >= n || b[i] !== QUOTE) return undefined;
        const e = this.skipString(i);
        const k = this.keyText(i, e);
        i = this.ws(e);
        if (i >= n || b[i] !== COLON) return undefined;
        i = this.ws(i + 1);
        if (k === key) return i < n && b[i] === QUOTE ? this.stringAt(i) : undefined;
        i = this.ws(this.skipValue(i));
        if (i >= n || b[i] !== COMMA) return undefined;
        i = this.ws(i + 1);
      }
    } catch {
      return undefined;
    }
  }

  /** `"format"` at `i` must be the version. */
  checkFormat(i: number): void {
    if (this.b[i] !== QUOTE) this.fail(`"format" must be a string, not ${this.brief(i)}`);
    const f = this.stringAt(i);
    if (f !== FORMAT_VERSION) this.fail(`unknown format ${JSON.stringify(f)} (want "${FORMAT_VERSION}")`);
  }

  fail(what: string, place = ""): never {
    throw new FastReadError(`${this.file}: ${place === "" ? "" : `${place}: `}${what}`);
  }

  syntax(pos: number, reason: string): never {
    const { line, column } = this.lineColumn(pos);
    throw new FastReadError(`${this.file}: not JSON: line ${line}, column ${column}: ${reason}`);
  }

  expected(pos: number, what: string): never {
    if (pos >= this.n) this.syntax(pos, "unexpected end of input");
    return this.syntax(pos, `expected ${what}, found ${showChar(this.charAt(pos))}`);
  }

  unexpected(pos: number): never {
    if (pos >= this.n) this.syntax(pos, "unexpected end of input");
    return this.syntax(pos, `unexpected ${showChar(this.charAt(pos))}`);
  }

  duplicateKey(pos: number, key: string, pointer: string): never {
    const { line, column } = this.lineColumn(pos);
    const k = key.length > 40 ? `${JSON.stringify(key.slice(0, 40)).slice(0, -1)}..."` : JSON.stringify(key);
    const where = pointer === "" ? "the top-level object" : pointer;
    throw new FastReadError(`${this.file}: line ${line}, column ${column}: duplicate key ${k} in ${where}`);
  }

  /** Line (LF bytes before `pos`, from 1) and column (UTF-16 units from the line's start, from 1), counted from `base`. */
  lineColumn(pos: number): { line: number; column: number } {
    const b = this.b;
    pos = Math.min(pos, this.n);
    let line = 1;
    let lineStart = this.base;
    for (let k = b.indexOf(0x0a, this.base); k >= 0 && k < pos; k = b.indexOf(0x0a, k + 1)) {
      line++;
      lineStart = k + 1;
    }
    let column = 1;
    for (let k = lineStart; k < pos; k++) {
      const c = b[k];
      if ((c & 0xc0) !== 0x80) column += c >= 0xf0 ? 2 : 1;
    }
    return { line, column };
  }
}

/** The scanner of a released document: no bytes. */
const RELEASED = new Scanner(new Uint8Array(0), 0, "", 0);

class Document implements ColumnarDocument {
  readonly count: number;
  constructor(
    private scan: Scanner,
    readonly module: boolean,
    private readonly starts: Int32Array,
    private readonly ends: Int32Array,
    /** Per function, its `ScanCounts` (blocks, preds, occ, groups). */
    private readonly counts: Int32Array,
  ) {
    this.count = starts.length;
  }

  name(i: number): string | undefined {
    if (this.scan === RELEASED) throw new Error("the document's bytes were released");
    if (!(Number.isInteger(i) && i >= 0 && i < this.count)) return undefined;
    return this.scan.stringMember(this.starts[i], "name");
  }

  /** Lets go of the document's bytes (`read` and `name` fail after it). */
  release(): void {
    this.scan = RELEASED;
  }

  read(i: number): ColumnarFunction {
    if (this.scan === RELEASED) throw new Error("the document's bytes were released");
    if (!(Number.isInteger(i) && i >= 0 && i < this.count)) throw new FastReadError(`${this.scan.file}: function #${i}: no such function`);
    const s = this.scan;
    return new FunctionReader(s.b, s.file, s.base, this.starts[i], this.ends[i], i, this.module, this.counts.subarray(4 * i, 4 * i + 4)).read();
  }
}

/** Parses one function object, `b[start..end)`, into columns. */
class FunctionReader extends Scanner {
  private i: number;
  private readonly names: ByteNames;

  // columns
  private readonly blockName: I32;
  private readonly predStart: I32;
  private readonly preds: I32;
  private blockForm: Uint8Array;
  private readonly phiStart: I32;
  private readonly phiArity: I32;
  private readonly groupStart: I32;
  private readonly groupDefs: I32;
  private readonly groupUses: I32;
  private readonly occStart: I32;
  private readonly occ: I32;
  private vars: I32 | undefined;

  /** Name id -> block index, -1 where the name is no block's id. */
  private blockOf: Int32Array;
  private readonly blocksHint: number;
  private readonly namesHint: number;
  /** Name id -> the last stamp it got (sets of names without clearing), and a value for it. */
  private stampA = EMPTY_I32;
  private stampB = EMPTY_I32;
  private argValue = EMPTY_I32;
  private stamp = 0;

  // the current block's phis: def, whether `args` is an object, where its args are in `args`
  private readonly phiDef = new I32(16);
  private readonly phiKeyed = new I32(16);
  private readonly phiArgStart = new I32(16);
  private readonly phiArgCount = new I32(16);
  /** Arguments of the current block's phis: name ids, or key/value pairs for an object. */
  private readonly args = new I32(64);
  private readonly tmp = new I32(64);
  private scratch = new Uint8Array(256);

  // the place, for messages
  private block = -1;
  private blockAt = -1;
  private blockId = -1;
  private phi = -1;
  private stmt = -1;

  constructor(
    b: Uint8Array,
    file: string,
    base: number,
    private readonly start: number,
    end: number,
    private readonly index: number,
    private readonly module: boolean,
    /** What `openColumnar` counted in the function (`ScanCounts`: blocks, preds, occ, groups). */
    counted: Int32Array,
  ) {
    super(b, end, file, base);
    this.i = start;
    // capacities: every column exact when the counts are right (a valid function), so each is
    // allocated once at its size and never copied down; else they grow by half. The counts
    // are capped by what the bytes can hold: a valid block takes at least 20 bytes
    // (`{"id":"","preds":[]}`), a list entry 3 (`"",`), a group at least 10 (`"defs":[],`)
    const size = end - start;
    const blocks = Math.min(counted[0], Math.floor(size / 20));
    const names = (this.namesHint = blocks + (blocks >>> 4) + 16);
    this.names = new ByteNames(b, names);
    this.blockName = new I32(blocks);
    this.predStart = new I32(blocks + 1);
    this.preds = new I32(Math.min(counted[1], Math.floor(size / 3)));
    this.blockForm = new Uint8Array(Math.min(blocks, START));
    this.blocksHint = blocks;
    this.phiStart = new I32(blocks + 1);
    this.phiArity = new I32(0);
    this.groupStart = new I32(blocks + 1);
    const groups = Math.min(counted[3], Math.floor(size / 10));
    this.groupDefs = new I32(groups);
    this.groupUses = new I32(groups);
    this.occStart = new I32(blocks + 1);
    this.occ = new I32(Math.min(counted[2], Math.floor(size / 3)));
    this.blockOf = new Int32Array(Math.min(names, START)).fill(-1);
  }

  read(): ColumnarFunction {
    const b = this.b;
    const n = this.n;
    let i = this.ws(this.i);
    if (i >= n || b[i] !== LBRACE) this.fail("not a JSON object");
    this.i = i + 1;
    let seen = 0;
    let kind: Kind | undefined;
    let name: string | undefined;
    let entry = -1;
    let firstPhis = -1;
    let debugAt = -1;
    let debugEnd = -1;
    if (this.open())
      for (;;) {
        const code = this.key(FUNCTION_MASK, FUNCTION_KEYS, seen, W_FUNCTION);
        seen |= code;
        i = this.i;
        const c = b[i];
        switch (code) {
          case K_FORMAT:
            this.checkFormat(i);
            this.i = this.skipString(i);
            break;
          case K_KIND:
            if (c === QUOTE) {
              const k = this.stringAt(i);
              if (k === "cfg" || k === "ssa") kind = k;
            }
            if (kind === undefined) this.fail(`"kind" must be "cfg" or "ssa", not ${this.brief(i)}`);
            this.i = this.skipString(i);
            break;
          case K_NAME:
            if (c !== QUOTE) this.fail(`"name" must be a string, not ${this.brief(i)}`);
            name = this.stringAt(i);
            this.i = this.skipString(i);
            break;
          case K_ENTRY:
            if (c !== QUOTE) this.fail(`"entry" must be a string, not ${this.brief(i)}`);
            entry = this.str();
            break;
          case K_BLOCKS:
            if (c !== LBRACKET) this.fail(`"blocks" must be a list, not ${this.brief(i)}`);
            firstPhis = this.readBlocks();
            break;
          case K_DEBUG:
            // rare and small next to the blocks: parsed as JSON, then read by the reference
            // reader's own function once the blocks are known (both readers accept alike)
            debugAt = i;
            this.i = this.skipValue(i);
            debugEnd = this.i;
            break;
          default: // K_VARS
            if (c !== LBRACE) this.fail(`"vars" must be an object, not ${this.brief(i)}`);
            this.readVars();
        }
        if (!this.next(RBRACE)) break;
      }
    this.end(this.i);

    if (kind === undefined) this.fail(`missing "kind" ("cfg" or "ssa")`);
    if (entry < 0) this.fail(`missing "entry" (the id of the entry block)`);
    if (!(seen & K_BLOCKS)) this.fail(`missing "blocks"`);
    const B = this.blockName.n;
    // predecessors: name ids -> block indices
    const predStart = this.predStart.a;
    const preds = this.preds.a;
    for (let blk = 0; blk < B; blk++)
      for (let k = predStart[blk]; k < predStart[blk + 1]; k++) {
        const p = this.blockIndex(preds[k]);
        if (p < 0) {
          this.at(blk);
          this.fail(`predecessor ${JSON.stringify(this.names.text(preds[k]))} is not a block id`);
        }
        preds[k] = p;
      }
    if (kind === "cfg" && firstPhis >= 0) {
      this.at(firstPhis);
      this.fail(`"phis" in a "cfg" document (only "ssa" documents have phis)`);
    }
    const entryBlock = this.blockIndex(entry);
    if (entryBlock < 0) this.fail(`entry ${JSON.stringify(this.names.text(entry))} is not a block id`);
    if (this.vars !== undefined && kind === "cfg") this.fail(`"vars" in a "cfg" document (only "ssa" documents map values to variables)`);
    const debug = debugAt < 0 ? undefined : this.readDebug(debugAt, debugEnd, kind!, B);

    this.names.finish();
    return {
      kind,
      name,
      names: this.names,
      blockCount: B,
      blockName: this.blockName.done(),
      entry: entryBlock,
      predStart: this.predStart.done(),
      preds: this.preds.done(),
      blockForm: this.blockForm.length - B <= B >>> 2 ? this.blockForm.subarray(0, B) : this.blockForm.slice(0, B),
      phiStart: this.phiStart.done(),
      phiArity: this.phiArity.done(),
      groupStart: this.groupStart.done(),
      groupDefs: this.groupDefs.done(),
      groupUses: this.groupUses.done(),
      occStart: this.occStart.done(),
      occ: this.occ.done(),
      vars: this.vars?.done(),
      ...(debug !== undefined ? { debug } : {}),
    };
  }

  /** `"debug"` (bytes `at .. end`), read by io/read.ts's `readDebugValue` once the blocks are known. */
  private readDebug(at: number, end: number, kind: Kind, blockCount: number): DebugDoc {
    if (kind === "cfg") this.fail(`"debug" in a "cfg" document (only "ssa" documents have debug records)`);
    const text = decodeText(this.b.subarray(at, end), this.file);
    const dup = findDuplicateKey(text);
    if (dup) this.duplicateKey(at, dup.key, `"debug"${dup.path}`);
    const byName = new Map<string, number>();
    for (let blk = 0; blk < blockCount; blk++) byName.set(this.names.text(this.blockName.a[blk]), blk);
    const form = this.blockForm;
    const groups = this.groupStart.a;
    try {
      return readDebugValue(JSON.parse(text), (id) => {
        const blk = byName.get(id);
        if (blk === undefined) return undefined;
        return form[blk] === FORM_DEFS_USES ? 0 : groups[blk + 1] - groups[blk];
      }, this.file, this.stringMember(this.start, "name") ?? `#${this.index}`);
    } catch (e) {
      if (e instanceof MalformedInput) throw new FastReadError(e.message);
      throw e;
    }
  }

  /** The list of blocks at `i`; the first block with phis, or -1. */
  private readBlocks(): number {
    let firstPhis = -1;
    this.i++;
    if (this.openList())
      for (;;) {
        if (this.readBlock() && firstPhis < 0) firstPhis = this.blockName.n - 1;
        if (!this.next(RBRACKET)) break;
      }
    this.block = -1;
    this.blockId = -1;
    // closing entries
    this.predStart.push(this.preds.n);
    this.phiStart.push(this.phiArity.n);
    this.groupStart.push(this.groupDefs.n);
    this.occStart.push(this.occ.n);
    return firstPhis;
  }

  /** One block at `i`; whether it has phis. */
  private readBlock(): boolean {
    const b = this.b;
    const blk = this.blockName.n;
    this.block = blk;
    this.blockAt = this.i;
    this.blockId = -1;
    if (b[this.i] !== LBRACE) this.fail("not a JSON object");
    this.i++;
    const occ0 = this.occ.n;
    this.predStart.push(this.preds.n);
    this.phiStart.push(this.phiArity.n);
    this.groupStart.push(this.groupDefs.n);
    this.occStart.push(occ0);
    this.phiDef.n = this.phiKeyed.n = this.phiArgStart.n = this.phiArgCount.n = this.args.n = 0;
    let seen = 0;
    let id = -1;
    let predCount = 0;
    let defsAt = -1;
    let defsCount = 0;
    let usesAt = -1;
    let usesCount = 0;
    if (this.open())
      for (;;) {
        const code = this.key(BLOCK_MASK, BLOCK_KEYS, seen, W_BLOCK);
        seen |= code;
        const i = this.i;
        const c = b[i];
        switch (code) {
          case K_ID: {
            if (c !== QUOTE) this.fail(`"id" must be a string, not ${this.brief(i)}`);
            id = this.str();
            const first = this.blockIndex(id);
            this.blockId = id;
            if (first >= 0) this.fail(`duplicate block id (blocks #${first} and #${blk})`);
            if (id >= this.blockOf.length) {
              const size = this.namesHint > id ? this.namesHint : this.blockOf.length + (this.blockOf.length >>> 1);
              const x = new Int32Array(Math.max(size, this.names.count, id + 1)).fill(-1);
              x.set(this.blockOf);
              this.blockOf = x;
            }
            this.blockOf[id] = blk;
            break;
          }
          case K_PREDS:
            if (c !== LBRACKET) this.fail(`"preds" must be a list of strings, not ${this.brief(i)}`);
            predCount = this.readNames(this.preds, `"preds"`);
            break;
          case K_PHIS:
            if (c !== LBRACKET) this.fail(`"phis" must be a list, not ${this.brief(i)}`);
            this.readPhis();
            break;
          case K_STMTS:
            if (c !== LBRACKET) this.fail(`"stmts" must be a list, not ${this.brief(i)}`);
            this.readStmts();
            break;
          case K_DEFS:
            if (c !== LBRACKET) this.fail(`"defs" must be a list of strings, not ${this.brief(i)}`);
            defsAt = this.occ.n;
            defsCount = this.readNames(this.occ, `"defs"`);
            break;
          default: // K_USES
            if (c !== LBRACKET) this.fail(`"uses" must be a list of strings, not ${this.brief(i)}`);
            usesAt = this.occ.n;
            usesCount = this.readNames(this.occ, `"uses"`);
        }
        if (!this.next(RBRACE)) break;
      }
    if (id < 0) this.fail(`missing "id"`);
    if (!(seen & K_PREDS)) this.fail(`missing "preds" (give [] for none)`);
    const hasDefs = (seen & K_DEFS) !== 0;
    const hasUses = (seen & K_USES) !== 0;
    if (seen & K_STMTS && (hasDefs || hasUses))
      this.fail(`has both "stmts" and ${hasDefs ? `"defs"` : `"uses"`} (a block is either statements or one defs/uses node)`);
    if (blk === this.blockForm.length) {
      const x = new Uint8Array(this.blocksHint > blk ? this.blocksHint : blk + (blk >>> 1) + 16);
      x.set(this.blockForm);
      this.blockForm = x;
    }
    if (hasDefs || hasUses) {
      this.blockForm[blk] = FORM_DEFS_USES;
      this.groupDefs.push(defsCount);
      this.groupUses.push(usesCount);
      if (hasDefs && hasUses && usesAt < defsAt) this.rotate(usesAt, usesCount, defsCount);
    } else this.blockForm[blk] = FORM_STMTS;
    const hasPhis = (seen & K_PHIS) !== 0;
    if (hasPhis) this.placePhis(occ0, predCount);
    this.blockName.push(id);
    return hasPhis;
  }

  /** `occ[at..)` holds `first` names then `second`: make it `second` then `first`. */
  private rotate(at: number, first: number, second: number): void {
    const occ = this.occ.a;
    this.tmp.n = 0;
    this.tmp.ensure(first);
    this.tmp.a.set(occ.subarray(at, at + first));
    occ.copyWithin(at, at + first, at + first + second);
    occ.set(this.tmp.a.subarray(0, first), at + second);
  }

  private readPhis(): void {
    const b = this.b;
    this.i++;
    if (this.openList())
      for (;;) {
        const p = this.phiDef.n;
        this.phi = p;
        if (b[this.i] !== LBRACE) this.fail("not a JSON object");
        this.i++;
        let seen = 0;
        let def = -1;
        let keyed = 0;
        let argStart = 0;
        let argCount = 0;
        if (this.open())
          for (;;) {
            const code = this.key(PHI_MASK, PHI_KEYS, seen, W_PHI);
            seen |= code;
            const i = this.i;
            const c = b[i];
            if (code === K_DEF) {
              if (c !== QUOTE) this.fail(`"def" must be a string, not ${this.brief(i)}`);
              def = this.str();
            } else {
              argStart = this.args.n;
              if (c === LBRACKET) argCount = this.readNames(this.args, `"args"`);
              else if (c === LBRACE) {
                keyed = 1;
                argCount = this.readArgsObject();
              } else this.fail(`"args" must be a list or an object keyed by predecessor id, not ${this.brief(i)}`);
            }
            if (!this.next(RBRACE)) break;
          }
        if (def < 0) this.fail(`missing "def"`);
        if (!(seen & K_ARGS)) this.fail(`missing "args"`);
        this.phiDef.push(def);
        this.phiKeyed.push(keyed);
        this.phiArgStart.push(argStart);
        this.phiArgCount.push(argCount);
        if (!this.next(RBRACKET)) break;
      }
    this.phi = -1;
  }

  /** An `args` object at `i`: its pairs (key, value) onto `args`; their number. */
  private readArgsObject(): number {
    const b = this.b;
    this.i++;
    const stamp = ++this.stamp;
    let count = 0;
    if (this.open())
      for (;;) {
        const at = this.i;
        const k = this.nameKey();
        this.stamps(k);
        if (this.stampB[k] === stamp) this.duplicateKey(at, this.names.text(k), this.pointer(W_ARGS));
        this.stampB[k] = stamp;
        const i = this.i;
        if (b[i] !== QUOTE) this.fail(`"args"[${JSON.stringify(this.names.text(k))}] must be a string, not ${this.brief(i)}`);
        this.args.push(k);
        this.args.push(this.str());
        count++;
        if (!this.next(RBRACE)) break;
      }
    return count;
  }

  /** The block's phis (defs and arguments in `preds` order) before its statements in `occ`. */
  private placePhis(occ0: number, predCount: number): void {
    const P = this.phiDef.n;
    const preds = this.preds.a;
    const pred0 = this.preds.n - predCount;
    let total = 0;
    let keyed = -1;
    for (let p = 0; p < P; p++) {
      total += 1 + (this.phiKeyed.a[p] ? predCount : this.phiArgCount.a[p]);
      if (keyed < 0 && this.phiKeyed.a[p]) keyed = p;
    }
    const predStamp = ++this.stamp;
    if (keyed >= 0)
      for (let k = pred0; k < pred0 + predCount; k++) {
        const q = preds[k];
        this.stamps(q);
        if (this.stampA[q] === predStamp) {
          this.phi = keyed;
          this.fail(`"args" is keyed by predecessor, but "preds" lists ${JSON.stringify(this.names.text(q))} twice (parallel edges need a list)`);
        }
        this.stampA[q] = predStamp;
      }
    const occ = this.occ;
    occ.ensure(occ.n + total);
    const o = occ.a;
    o.copyWithin(occ0 + total, occ0, occ.n);
    const args = this.args.a;
    let w = occ0;
    for (let p = 0; p < P; p++) {
      o[w++] = this.phiDef.a[p];
      const s = this.phiArgStart.a[p];
      const count = this.phiArgCount.a[p];
      if (!this.phiKeyed.a[p]) {
        for (let k = s; k < s + count; k++) o[w++] = args[k];
        this.phiArity.push(count);
        continue;
      }
      const stamp = ++this.stamp;
      for (let k = s; k < s + 2 * count; k += 2) {
        const key = args[k];
        if (this.stampA[key] !== predStamp) {
          this.phi = p;
          this.fail(`"args" names ${JSON.stringify(this.names.text(key))}, which is not a predecessor`);
        }
        this.stampB[key] = stamp;
        this.argValue[key] = args[k + 1];
      }
      for (let k = pred0; k < pred0 + predCount; k++) {
        const q = preds[k];
        if (this.stampB[q] !== stamp) {
          this.phi = p;
          this.fail(`"args" has no argument for predecessor ${JSON.stringify(this.names.text(q))}`);
        }
        o[w++] = this.argValue[q];
      }
      this.phiArity.push(predCount);
    }
    occ.n += total;
    if (P > 1) {
      // one phi per value in a block (io/read.ts duplicatePhiMessage); argValue is free again
      const stamp = ++this.stamp;
      for (let p = 0; p < P; p++) {
        const def = this.phiDef.a[p];
        this.stamps(def);
        if (this.stampB[def] === stamp) {
          this.phi = p;
          this.fail(duplicatePhiMessage(this.names.text(def), this.argValue[def]));
        }
        this.stampB[def] = stamp;
        this.argValue[def] = p;
      }
    }
  }

  private readStmts(): void {
    const b = this.b;
    this.i++;
    let s = 0;
    if (this.openList())
      for (;;) {
        this.stmt = s;
        if (b[this.i] !== LBRACE) this.fail("not a JSON object");
        this.i++;
        let seen = 0;
        let defsAt = -1;
        let defsCount = 0;
        let usesAt = -1;
        let usesCount = 0;
        if (this.open())
          for (;;) {
            const code = this.key(STMT_MASK, STMT_KEYS, seen, W_STMT);
            seen |= code;
            if (b[this.i] !== LBRACKET) this.fail(`${code === K_DEFS ? `"defs"` : `"uses"`} must be a list of strings, not ${this.brief(this.i)}`);
            if (code === K_DEFS) {
              defsAt = this.occ.n;
              defsCount = this.readNames(this.occ, `"defs"`);
            } else {
              usesAt = this.occ.n;
              usesCount = this.readNames(this.occ, `"uses"`);
            }
            if (!this.next(RBRACE)) break;
          }
        if (defsAt < 0) this.fail(`missing "defs" (give [] for none)`);
        if (usesAt < 0) this.fail(`missing "uses" (give [] for none)`);
        if (usesAt < defsAt) this.rotate(usesAt, usesCount, defsCount);
        this.groupDefs.push(defsCount);
        this.groupUses.push(usesCount);
        s++;
        if (!this.next(RBRACKET)) break;
      }
    this.stmt = -1;
  }

  private readVars(): void {
    const b = this.b;
    this.i++;
    const vars = (this.vars = new I32(64));
    const stamp = ++this.stamp;
    if (this.open())
      for (;;) {
        const at = this.i;
        const k = this.nameKey();
        this.stamps(k);
        if (this.stampB[k] === stamp) this.duplicateKey(at, this.names.text(k), this.pointer(W_VARS));
        this.stampB[k] = stamp;
        const i = this.i;
        if (b[i] !== QUOTE) this.fail(`"vars"[${JSON.stringify(this.names.text(k))}] must be a string, not ${this.brief(i)}`);
        vars.push(k);
        vars.push(this.str());
        if (!this.next(RBRACE)) break;
      }
  }

  /** A list of strings at `i` (`b[i]` is '['): their name ids onto `out`; their number. */
  private readNames(out: I32, what: string): number {
    const b = this.b;
    const n = this.n;
    let i = this.ws(this.i + 1);
    if (i < n && b[i] === RBRACKET) {
      this.i = i + 1;
      return 0;
    }
    let k = 0;
    for (;;) {
      if (i >= n || b[i] !== QUOTE) {
        if (i < n && b[i] !== RBRACKET) this.fail(`${what}[${k}] must be a string, not ${this.brief(i)}`);
        this.unexpected(i);
      }
      this.i = i;
      out.push(this.str());
      k++;
      i = this.ws(this.i);
      if (i < n) {
        const c = b[i];
        if (c === COMMA) {
          i = this.ws(i + 1);
          continue;
        }
        if (c === RBRACKET) {
          this.i = i + 1;
          return k;
        }
      }
      this.expected(i, "',' or ']'");
    }
  }

  /** The string at `i` (`b[i]` is a quote) as a name id; moves past it. */
  private str(): number {
    const b = this.b;
    const n = this.n;
    const s = this.i + 1;
    let j = s;
    let h = FNV_BASIS;
    for (;;) {
      if (j >= n) this.syntax(s - 1, "unterminated string");
      const c = b[j];
      if (c === QUOTE) break;
      if (c === BACKSLASH) return this.escapedStr();
      if (c < 0x20) this.syntax(j, "control character in a string (escape it)");
      h = Math.imul(h ^ c, FNV_PRIME);
      j++;
    }
    this.i = j + 1;
    return this.names.plain(s, j, h);
  }

  /** `str` for a literal with escapes: decoded to WTF-8 in `scratch`. */
  private escapedStr(): number {
    const b = this.b;
    const n = this.n;
    const at = this.i;
    let j = at + 1;
    let out = 0;
    let h = FNV_BASIS;
    let sc = this.scratch;
    for (;;) {
      if (j >= n) this.syntax(at, "unterminated string");
      if (out + 4 > sc.length) {
        const x = new Uint8Array(2 * sc.length);
        x.set(sc);
        sc = this.scratch = x;
      }
      const c = b[j];
      if (c === QUOTE) break;
      if (c === BACKSLASH) {
        const e = j + 1 < n ? b[j + 1] : -1;
        let u: number;
        if (e === 0x75) {
          this.escape(j);
          u = (hexDigit(b[j + 2]) << 12) | (hexDigit(b[j + 3]) << 8) | (hexDigit(b[j + 4]) << 4) | hexDigit(b[j + 5]);
          j += 6;
          if (u >= 0xd800 && u <= 0xdbff && j + 6 <= n && b[j] === BACKSLASH && b[j + 1] === 0x75) {
            const d0 = hexDigit(b[j + 2]);
            const d1 = hexDigit(b[j + 3]);
            const d2 = hexDigit(b[j + 4]);
            const d3 = hexDigit(b[j + 5]);
            const lo = (d0 << 12) | (d1 << 8) | (d2 << 4) | d3;
            if ((d0 | d1 | d2 | d3) >= 0 && lo >= 0xdc00 && lo <= 0xdfff) {
              u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
              j += 6;
            }
          }
        } else {
          j = this.escape(j);
          u = e === 0x62 ? 8 : e === 0x66 ? 12 : e === 0x6e ? 10 : e === 0x72 ? 13 : e === 0x74 ? 9 : e;
        }
        // UTF-8, lone surrogates included (WTF-8)
        if (u < 0x80) {
          sc[out++] = u;
          h = Math.imul(h ^ u, FNV_PRIME);
        } else {
          let x: number;
          if (u < 0x800) {
            x = 0xc0 | (u >> 6);
            sc[out++] = x;
            h = Math.imul(h ^ x, FNV_PRIME);
          } else {
            if (u < 0x10000) {
              x = 0xe0 | (u >> 12);
              sc[out++] = x;
              h = Math.imul(h ^ x, FNV_PRIME);
            } else {
              x = 0xf0 | (u >> 18);
              sc[out++] = x;
              h = Math.imul(h ^ x, FNV_PRIME);
              x = 0x80 | ((u >> 12) & 0x3f);
              sc[out++] = x;
              h = Math.imul(h ^ x, FNV_PRIME);
            }
            x = 0x80 | ((u >> 6) & 0x3f);
            sc[out++] = x;
            h = Math.imul(h ^ x, FNV_PRIME);
          }
          x = 0x80 | (u & 0x3f);
          sc[out++] = x;
          h = Math.imul(h ^ x, FNV_PRIME);
        }
        continue;
      }
      if (c < 0x20) this.syntax(j, "control character in a string (escape it)");
      sc[out++] = c;
      h = Math.imul(h ^ c, FNV_PRIME);
      j++;
    }
    this.i = j + 1;
    return this.names.escaped(at, sc, out, h);
  }

  /** A key that is a name (of `vars` or an `args` object) at `i`, and its colon. */
  private nameKey(): number {
    if (this.i >= this.n || this.b[this.i] !== QUOTE) this.expected(this.i, "a string key");
    const k = this.str();
    this.colon();
    return k;
  }

  /**
   * A key of one of the format's objects at `i`, and its colon: its code, which must be in
   * `mask` and not in `seen` (a duplicate).
   */
  private key(mask: number, allowed: readonly string[], seen: number, where: number): number {
    const b = this.b;
    const at = this.i;
    if (at >= this.n || b[at] !== QUOTE) this.expected(at, "a string key");
    const e = this.skipString(at);
    let code = 0;
    const len = e - at - 2;
    const first = b[at + 1];
    const entry = len < 16 && first < 128 ? KEY_TABLE[len * 128 + first] : undefined;
    if (entry !== undefined) {
      const kb = entry.bytes;
      let k = 1;
      while (k < len && b[at + 1 + k] === kb[k]) k++;
      if (k === len) code = entry.code;
    }
    if (code === 0) {
      const text = this.keyText(at, e);
      code = KEY_CODES.get(text) ?? 0;
      if ((code & mask) === 0) this.fail(`unknown field ${JSON.stringify(text)} (allowed: ${allowed.join(", ")})`);
    } else if ((code & mask) === 0) this.fail(`unknown field ${JSON.stringify(this.keyText(at, e))} (allowed: ${allowed.join(", ")})`);
    if (seen & code) this.duplicateKey(at, this.keyText(at, e), this.pointer(where));
    this.i = e;
    this.colon();
    return code;
  }

  private colon(): void {
    const i = this.ws(this.i);
    if (i >= this.n || this.b[i] !== COLON) this.expected(i, "':' after an object key");
    this.i = this.ws(i + 1);
  }

  /** After an object's '{': whether it has members (then at the first key). */
  private open(): boolean {
    const i = this.ws(this.i);
    if (i < this.n && this.b[i] === RBRACE) {
      this.i = i + 1;
      return false;
    }
    if (i >= this.n || this.b[i] !== QUOTE) this.expected(i, "a string key or '}'");
    this.i = i;
    return true;
  }

  /** After a list's '[': whether it has elements (then at the first). */
  private openList(): boolean {
    const i = this.ws(this.i);
    if (i < this.n && this.b[i] === RBRACKET) {
      this.i = i + 1;
      return false;
    }
    if (i >= this.n) this.syntax(i, "unexpected end of input");
    this.i = i;
    return true;
  }

  /** After a member or element: whether another follows (then at it), or the container closes with `close`. */
  private next(close: number): boolean {
    let i = this.ws(this.i);
    if (i < this.n) {
      const c = this.b[i];
      if (c === COMMA) {
        i = this.ws(i + 1);
        if (close === RBRACE && (i >= this.n || this.b[i] !== QUOTE)) this.expected(i, "a string key");
        if (i >= this.n) this.syntax(i, "unexpected end of input");
        this.i = i;
        return true;
      }
      if (c === close) {
        this.i = i + 1;
        return false;
      }
    }
    return this.expected(i, close === RBRACE ? "',' or '}'" : "',' or ']'");
  }

  private blockIndex(name: number): number {
    return name < this.blockOf.length ? this.blockOf[name] : -1;
  }

  /** Room in the stamp arrays for name `id`. */
  private stamps(id: number): void {
    if (id < this.stampA.length) return;
    const size = Math.max(64, 2 * this.stampA.length, this.names.count, id + 1);
    const a = new Int32Array(size);
    a.set(this.stampA);
    this.stampA = a;
    const s = new Int32Array(size);
    s.set(this.stampB);
    this.stampB = s;
    const v = new Int32Array(size);
    v.set(this.argValue);
    this.argValue = v;
  }

  /** Messages name block `blk` (after the blocks were read). */
  private at(blk: number): void {
    this.block = blk;
    this.blockId = this.blockName.a[blk];
    this.phi = this.stmt = -1;
  }

  /** `function NAME, block ID, phi I` as far as it applies. */
  private place(): string {
    const fn = this.stringMember(this.start, "name");
    const parts = [`function ${show(fn ?? `#${this.index}`)}`];
    if (this.block >= 0) {
      const id = this.blockId >= 0 ? this.names.text(this.blockId) : this.stringMember(this.blockAt, "id");
      parts.push(`block ${show(id ?? `#${this.block}`)}`);
      if (this.phi >= 0) parts.push(`phi ${this.phi}`);
      else if (this.stmt >= 0) parts.push(`statement ${this.stmt}`);
    }
    return parts.join(", ");
  }

  override fail(what: string): never {
    return super.fail(what, this.place());
  }

  /** The JSON pointer of an object of the function. */
  private pointer(where: number): string {
    let p = this.module ? `/functions/${this.index}` : "";
    if (where === W_VARS) return `${p}/vars`;
    if (where === W_FUNCTION) return p;
    p += `/blocks/${this.block}`;
    if (where === W_PHI || where === W_ARGS) p += `/phis/${this.phi}`;
    if (where === W_ARGS) p += "/args";
    if (where === W_STMT) p += `/stmts/${this.stmt}`;
    return p;
  }
}

