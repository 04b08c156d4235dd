/**
 * The progress bar of long runs, on stderr: on a terminal, or from `MANY_FUNCTIONS` functions on
 * (a CI log then gets a line now and then).
 */
import { createRequire } from "node:module";
import type cliProgressModule from "cli-progress";
import type { ProgressSink } from "../api/node/index.js";
import type { Io } from "./io.js";

/** Past this many functions the bar shows even when stderr is not a terminal. */
export const MANY_FUNCTIONS = 1000;

/** cli-progress, loaded when a bar is shown: its load is a tenth of a small run's startup. */
const loadCliProgress = (): typeof cliProgressModule => createRequire(import.meta.url)("cli-progress") as typeof cliProgressModule;

export class ProgressBar implements ProgressSink {
  private bar: cliProgressModule.SingleBar | null = null;
  /** `stream`: where the bar is drawn (standard error). */
  constructor(private readonly stream: Io["stderr"]) {}
  start(total: number, what: string): void {
    const tty = this.stream.isTTY === true;
    if ((!tty && total < MANY_FUNCTIONS) || total === 0) return;
    const cliProgress = loadCliProgress();
    this.bar = new cliProgress.SingleBar(
      {
        stream: this.stream as NodeJS.WritableStream,
        format: `${what} [{bar}] {value}/{total} functions | {duration_formatted} | {fn}`,
        noTTYOutput: !tty,
        notTTYSchedule: 2000,
        hideCursor: false,
        clearOnComplete: true,
        etaBuffer: 50,
      },
      cliProgress.Presets.shades_classic,
    );
    this.bar.start(total, 0, { fn: "" });
  }
  tick(fn: string): void {
    this.bar?.increment(1, { fn: fn.length > 40 ? `${fn.slice(0, 37)}...` : fn });
  }
  stop(): void {
    this.bar?.stop();
    this.bar = null;
  }
}
