/**
 * `validate` and `construct` through an adapter, on big inputs spread over worker threads, for
 * every producer alike: functions are independent, so the adapter cuts its inputs into as many
 * shares of whole functions as there are workers (`Adapter.split`), and each worker validates or
 * constructs its share (api/node/worker.ts); the main thread reports progress and joins the
 * results in the input's order. The output is the same as the sequential run's, which small
 * inputs take, and which any malformed input goes back to, so that its one-line message is
 * exactly the sequential one.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { Adapter, SourceInput } from "../../adapters/adapter.js";
import type { FunctionDoc } from "../../io/format.js";
import { moduleEntry } from "../../io/write.js";
import type { ConstructRequest } from "../construct.js";
import { constructedWith, producerReports, type ProducerOptions } from "../producers.js";
import type { FunctionReport } from "../report.js";
import { MalformedInput } from "../../spec/errors.js";

/** Below this many bytes of input a run stays in one thread (a worker costs ~50 ms to start). */
export const PARALLEL_BYTES = Number(process.env.FORMAL_SSA_PARALLEL_BYTES) || 4 << 20;
/** At most this many workers, and at least this many functions each. */
export const MAX_WORKERS = 8;
export const MIN_FUNCTIONS_PER_WORKER = 64;
/** From this many cores on, big inputs are spread over worker threads. */
export const MIN_CORES = 4;

/** `--jobs N`: at most N threads (1: the run stays in this one); undefined: the default of `workers`. */
export interface Jobs {
  jobs?: number;
}

/** What `--jobs` says in the commands' help. */
export const JOBS_HELP =
  "a producer's input: spread the functions over at most N threads (1: one thread; inputs under 4 MB stay in one); default: one per core from 4 cores on, one thread below (FORMAL_SSA_WORKERS overrides that default); the report is the same either way";

/** `--jobs`'s value: a whole number of threads, 1 or more. */
export function parseJobs(s: string | undefined): number | undefined {
  if (s === undefined) return undefined;
  if (!/^[1-9][0-9]*$/.test(s.trim())) throw new MalformedInput(`--jobs: want a number of threads, 1 or more, have ${JSON.stringify(s)}`);
  return Number(s.trim());
}

/** Producer options a worker can receive (no callbacks). */
export type WorkerOptions = Omit<ProducerOptions, "onFunction">;

/** What a worker gets. */
export type WorkerJob =
  | { mode: "validate"; adapter: string; share: unknown; opts: WorkerOptions }
  | { mode: "construct"; adapter: string; share: unknown; opts: ConstructRequest; name: string };

export type WorkerMessage =
  | { type: "tick"; fn: string }
  | { type: "validated"; reports: FunctionReport[] }
  | { type: "constructed"; built: BuiltDocs }
  | { type: "malformed"; message: string };

/** The SSA documents of some functions as module entries (io/write.ts `formatEntries`), and the first document. */
export interface BuiltDocs {
  entries: string[];
  first: FunctionDoc | undefined;
}

/**
 * How many workers for `functions` functions: `jobs` (`--jobs N`) if given, else
 * `FORMAL_SSA_WORKERS` if set, else one per core from 4 cores on. With 2 vCPUs (the bench VM)
 * two workers each took as long for half of SQLite as one thread for all of it, so below 4 cores
 * the run stays in one thread unless asked (docs/performance.md has the measurements).
 */
function workers(functions: number, jobs: number | undefined): number {
  const env = Number(process.env.FORMAL_SSA_WORKERS);
  const cores = jobs !== undefined ? jobs : Number.isInteger(env) && env > 0 ? env : availableParallelism() >= MIN_CORES ? availableParallelism() : 1;
  return Math.max(1, Math.min(cores, MAX_WORKERS, Math.floor(functions / MIN_FUNCTIONS_PER_WORKER)));
}

/** Runs the jobs in workers; null when one of them met malformed input. */
async function runAll(jobs: WorkerJob[], onFunction: ((name: string) => void) | undefined): Promise<WorkerMessage[] | null> {
  const done = await Promise.all(
    jobs.map(
      (job) =>
        new Promise<WorkerMessage>((resolve, reject) => {
          const w = new Worker(new URL("./worker.js", import.meta.url), { workerData: job });
          w.on("message", (m: WorkerMessage) => {
            if (m.type === "tick") onFunction?.(m.fn);
            else resolve(m);
          });
          w.on("error", reject);
          w.on("exit", (code) => {
            if (code !== 0) reject(new Error(`a worker thread stopped with exit code ${code}`));
          });
        }),
    ),
  );
  return done.some((m) => m.type === "malformed") ? null : done;
}

/** Shares for the workers, or undefined where one thread does it. */
function shares(adapter: Adapter, before: SourceInput, after: SourceInput | undefined, jobs: number | undefined): unknown[] | undefined {
  if (before.text.length + (after?.text.length ?? 0) < PARALLEL_BYTES) return undefined;
  const k = workers(adapter.countFunctions(before), jobs);
  if (k < 2) return undefined;
  const cut = adapter.split(before, after, k);
  return cut !== undefined && cut.shares.length > 1 ? cut.shares : undefined;
}

/** Every function's report, in the input's order; in parallel for big inputs. */
export async function validateInParallel(adapter: Adapter, before: SourceInput, after: SourceInput, options: ProducerOptions & Jobs): Promise<FunctionReport[]> {
  const { jobs, ...opts } = options;
  const { onFunction, ...plain } = opts;
  const sequential = () => [...producerReports(adapter.pairs(before, after), adapter.producer, opts)];
  const cut = shares(adapter, before, after, jobs);
  if (cut === undefined) return sequential();
  const done = await runAll(
    cut.map((share) => ({ mode: "validate", adapter: adapter.name, share, opts: plain })),
    onFunction,
  );
  if (done === null) return sequential();
  return done.flatMap((m) => (m.type === "validated" ? m.reports : []));
}

/** Functions built and each formatted at once (a long run keeps texts, not documents). */
export function buildEntries(functions: Iterable<{ doc: FunctionDoc }>): BuiltDocs {
  let first: FunctionDoc | undefined;
  const entries: string[] = [];
  for (const f of functions) {
    first ??= f.doc;
    entries.push(moduleEntry(f.doc));
  }
  return { entries, first };
}

/** Our SSA of every function of a producer's input, formatted; in parallel for big inputs. */
export async function constructInParallel(adapter: Adapter, before: SourceInput, options: ConstructRequest & Jobs & { onFunction?: (name: string) => void }): Promise<BuiltDocs> {
  const { jobs, ...opts } = options;
  const { onFunction, ...plain } = opts;
  const sequential = () => buildEntries(constructedWith(adapter, before, opts));
  const cut = shares(adapter, before, undefined, jobs);
  if (cut === undefined) return sequential();
  const done = await runAll(
    cut.map((share) => ({ mode: "construct", adapter: adapter.name, share, opts: plain, name: before.name })),
    onFunction,
  );
  if (done === null) return sequential();
  const built = done.flatMap((m) => (m.type === "constructed" ? [m.built] : []));
  return { entries: built.flatMap((b) => b.entries), first: built.find((b) => b.first !== undefined)?.first };
}
