/**
 * Where the command prints. The bin (cli/main.ts) prints on the process's own streams
 * (`processIo()`); a test runs `main` in its own process with sinks that collect what it prints,
 * through the same code otherwise.
 */

export interface Io {
  /**
   * Standard output. Undefined: the process's own, written as api/node writes it (documents and
   * reports made as they are written: synchronously to descriptor 1; whole texts: process.stdout).
   */
  stdout?: (chunk: string | Uint8Array) => void;
  /** Standard error; `isTTY` decides whether progress is drawn in place. */
  stderr: { write(text: string): unknown; readonly isTTY?: boolean };
}

/** The process's own streams, as the bin prints. */
export const processIo = (): Io => ({ stderr: process.stderr });

/** `text` on standard output. */
export function print(io: Io, text: string): void {
  if (io.stdout !== undefined) io.stdout(text);
  else process.stdout.write(text);
}
