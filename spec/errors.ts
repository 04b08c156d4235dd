/**
 * The three kinds of failure, kept apart (STYLE.md 8):
 * - malformed input: `MalformedInput`, one line naming the place, exit code 2;
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
