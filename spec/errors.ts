/**
 * The kinds of failure, kept apart (STYLE.md 8):
 * - malformed input: `MalformedInput`, one line naming the place, exit code 2;
 * - an input larger than the process can hold: `LimitExceeded`, one line naming the limit and
 *   how to raise it (or to split the input), exit code 2;
 * - a broken locale assumption: not an exception at all, a checker verdict with a witness;
 * - an internal bug: `invariant` throws `InternalError`.
 */

/** A document that cannot be read as the format. `message` is the whole one-line report. */
export class MalformedInput extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MalformedInput";
  }
}

/** An input larger than a limit of the process (a buffer's size, an offset's width, the V8 heap). */
export class LimitExceeded extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LimitExceeded";
  }
}

const GB = 1024 ** 3;
const MB = 1024 ** 2;
/** Bytes in the unit a person reads: `1.5 GB`, `310 MB`. */
export function showBytes(n: number): string {
  return n >= GB ? `${(n / GB).toFixed(1)} GB` : `${Math.ceil(n / MB)} MB`;
}

export class InternalError extends Error {
  constructor(message: string) {
    super(`internal error: ${message}`);
    this.name = "InternalError";
  }
}

/** An invariant of our own code; failing it is a bug in formal-ssa, never in the input. */
export function invariant(cond: unknown, message: string): asserts cond {
  if (!cond) throw new InternalError(message);
}
