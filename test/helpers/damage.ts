/**
 * Random damage of a text file, the way files get damaged by hand and by tools: one character
 * deleted, inserted or replaced, a line duplicated, deleted or swapped with the next one, a number
 * changed (a value number, a metadata id, a type's width, an alignment). The differential tests
 * (test/llvm/damage.test.ts, test/spirv/damage.test.ts) feed the damaged files to the producer's
 * own parser and to ours.
 *
 * Deterministic: `Random` is a small PRNG (mulberry32) from a seed the tests print.
 */

import { MalformedInput } from "../../spec/errors.js";

/** mulberry32: 32 bits of state, enough for a test's stream of choices. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
}

/** What a damage did, for messages: the operator and the line it touched (1-based). */
export interface Damage {
  text: string;
  operator: string;
  line: number;
}

/** Characters a hand or a tool puts in by mistake: the syntax's own punctuation, letters, digits, blanks. */
const NOISE = `%@!#$"'(){}[]<>,=*:;.-_ xiaz019\t`;

/** The lines of `text` that say something (not blank): damage to those is what tests the reader. */
function contentLines(lines: string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < lines.length; i++) if (lines[i].trim() !== "") out.push(i);
  return out;
}

/** The offsets of `text`'s line starts. */
function lineStarts(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) out.push(i + 1);
  return out;
}

function lineAt(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** The runs of decimal digits of `text` that stand alone (not inside a longer word such as `x86_64`'s `86`), with their offsets. */
function numbers(text: string): { at: number; end: number }[] {
  const out: { at: number; end: number }[] = [];
  const re = /\d+/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) out.push({ at: m.index, end: m.index + m[0].length });
  return out;
}

/** A new value for the number `n`: one off, zero, doubled, a power of two, or far away. */
function otherNumber(rnd: Random, n: number): number {
  switch (rnd.int(6)) {
    case 0:
      return n + 1;
    case 1:
      return Math.max(0, n - 1);
    case 2:
      return 0;
    case 3:
      return n * 2 + 1;
    case 4:
      return 1 << rnd.int(12);
    default:
      return rnd.int(200);
  }
}

export const OPERATORS = [
  "delete a character",
  "insert a character",
  "replace a character",
  "duplicate a line",
  "delete a line",
  "swap two lines",
  "change a number",
] as const;

/** One random damage of `text` that changes it (at most a few tries). */
export function damage(rnd: Random, text: string): Damage {
  for (;;) {
    const d = damageOnce(rnd, text);
    if (d.text !== text) return d;
  }
}

function damageOnce(rnd: Random, text: string): Damage {
  const operator = rnd.pick(OPERATORS);
  const lines = text.split("\n");
  const content = contentLines(lines);
  const starts = lineStarts(text);
  switch (operator) {
    case "delete a character":
    case "insert a character":
    case "replace a character": {
      // a character of a content line (not its newline)
      const i = rnd.pick(content);
      const at = starts[i] + rnd.int(Math.max(1, lines[i].length));
      const ch = NOISE[rnd.int(NOISE.length)];
      const t =
        operator === "delete a character"
          ? text.slice(0, at) + text.slice(at + 1)
          : operator === "insert a character"
            ? text.slice(0, at) + ch + text.slice(at)
            : text.slice(0, at) + ch + text.slice(at + 1);
      return { text: t, operator, line: i + 1 };
    }
    case "duplicate a line": {
      const i = rnd.pick(content);
      return { text: [...lines.slice(0, i + 1), lines[i], ...lines.slice(i + 1)].join("\n"), operator, line: i + 1 };
    }
    case "delete a line": {
      const i = rnd.pick(content);
      return { text: [...lines.slice(0, i), ...lines.slice(i + 1)].join("\n"), operator, line: i + 1 };
    }
    case "swap two lines": {
      const k = rnd.int(content.length - 1);
      const i = content[k];
      const j = content[k + 1];
      const out = lines.slice();
      out[i] = lines[j];
      out[j] = lines[i];
      return { text: out.join("\n"), operator, line: i + 1 };
    }
    case "change a number": {
      const ns = numbers(text);
      const { at, end } = rnd.pick(ns);
      const n = Number(text.slice(at, end));
      return { text: text.slice(0, at) + String(otherNumber(rnd, n)) + text.slice(end), operator, line: lineAt(starts, at) };
    }
  }
}

/** `f` on every item, at most `n` at a time (the oracle's processes), results in the items' order. */
export async function pooled<T, R>(items: T[], n: number, f: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const k = next++;
        out[k] = await f(items[k]);
      }
    }),
  );
  return out;
}

/** The message of the malformed input `run` throws (MalformedInput), or "" when it reads; anything else thrown is thrown on. */
export function messageOf(run: () => unknown): string {
  try {
    run();
    return "";
  } catch (e) {
    if (!(e instanceof MalformedInput)) throw e;
    return e.message;
  }
}
