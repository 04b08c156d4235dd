/**
 * `validate` and `construct` on big LLVM modules, spread over worker threads: functions are
 * independent, so the module text is cut at `define` lines into as many contiguous shares as
 * there are cores (balanced by size), and each worker parses, adapts, checks and renders its
 * share (cli/llvm_worker.ts); the main thread shows the progress bar and joins the results in
 * the module's order. The output is the same as the sequential run's, which small modules take,
 * and which any malformed input goes back to, so that its one-line message is exactly the
 * sequential one.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { FunctionDoc } from "../io/format.js";
import { MalformedInput } from "../spec/errors.js";
import { hasNumberedTypes } from "../io/llvm/text.js";
import { moduleEntry } from "../io/write.js";
import { defines, streamConstruct, streamValidate, type Defines, type ModuleText } from "./llvm_stream.js";
import {
  Progress,
  readLlvm,
  readText,
  renderFunction,
  type LlvmValidateOptions,
  type RenderedFunction,
  type RenderOptions,
} from "./llvm_pipeline.js";
import type { ConstructOptions } from "./construct_pipeline.js";

/** Below this many bytes of LLVM text a module is done in one thread (a worker costs ~50 ms to start). */
export const PARALLEL_BYTES = Number(process.env.FORMAL_SSA_PARALLEL_BYTES) || 4 << 20;
/** At most this many workers, and at least this many functions each. */
export const MAX_WORKERS = 8;
export const MIN_FUNCTIONS_PER_WORKER = 64;

/** What a worker gets. */
export type WorkerJob =
  | { mode: "validate"; before: Piece; after: Piece; opts: LlvmValidateOptions; render: RenderOptions }
  | { mode: "construct"; before: Piece; opts: ConstructOptions };

/** A share of a module: text from a `define` line on, and its place in the file. */
export type Piece = ModuleText;

export type WorkerMessage =
  | { type: "tick"; fn: string }
  | { type: "validated"; results: RenderedFunction[] }
  | { type: "constructed"; built: BuiltDocs }
  | { type: "malformed"; message: string };

/** Cuts the function list into `k` contiguous shares of about equal text size: share i is [cuts[i], cuts[i+1]). */
function cuts(offsets: number[], size: number, k: number): number[] {
  const out = [0];
  const first = offsets[0];
  for (let i = 1; i < k; i++) {
    const target = first + ((size - first) * i) / k;
    let j = out[out.length - 1] + 1;
    while (j < offsets.length && offsets[j] < target) j++;
    if (j >= offsets.length) break;
    out.push(j);
  }
  out.push(offsets.length);
  return out;
}

function pieceOf(file: string, text: string, d: Defines, from: number, to: number): Piece {
  const start = d.offsets[from];
  const end = to < d.offsets.length ? d.offsets[to] : text.length;
  // the type definitions stand before the first function, outside every share but the first
  return { file, text: text.slice(start, end), lineOffset: d.lineOf(from), numberedTypes: hasNumberedTypes(text) };
}

/**
 * How many workers: `FORMAL_SSA_WORKERS` if set, else one per core from 4 cores on. With 2 vCPUs
 * (the bench VM) two workers each took as long for half of sqlite3 as one thread for all of it,
 * so below 4 cores the run stays in one thread.
 */
function workers(functions: number): number {
  const env = Number(process.env.FORMAL_SSA_WORKERS);
  const cores = Number.isInteger(env) && env > 0 ? env : availableParallelism() >= MIN_CORES ? availableParallelism() : 1;
  return Math.max(1, Math.min(cores, MAX_WORKERS, Math.floor(functions / MIN_FUNCTIONS_PER_WORKER)));
}

/** From this many cores on, big modules are spread over worker threads. */
export const MIN_CORES = 4;

function read(file: string): string {
  try {
    return readText(file);
  } catch {
    readLlvm(file); // throws the sequential reader's one-line message
    throw new MalformedInput(`${file}: cannot read the file`);
  }
}

/** Runs the jobs in workers; null when one of them met malformed input. */
async function runAll(jobs: WorkerJob[], total: number, what: string, progressOn: boolean | undefined): Promise<WorkerMessage[] | null> {
  const progress = new Progress(total, what, progressOn);
  try {
    const done = await Promise.all(
      jobs.map(
        (job) =>
          new Promise<WorkerMessage>((resolve, reject) => {
            const w = new Worker(new URL("./llvm_worker.js", import.meta.url), { workerData: job });
            w.on("message", (m: WorkerMessage) => {
              if (m.type === "tick") progress.tick(m.fn);
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
  } finally {
    progress.stop();
  }
}

/** `validate before.ll after.ll`, rendered per function; in parallel for big modules. */
export async function validateLlvmFiles(beforeFile: string, afterFile: string, opts: LlvmValidateOptions, render: RenderOptions): Promise<RenderedFunction[]> {
  const tb = read(beforeFile);
  const ta = read(afterFile);
  const whole = (t: string, file: string): ModuleText => ({ text: t, file, lineOffset: 0 });
  const sequential = () => streamValidate(whole(tb, beforeFile), whole(ta, afterFile), opts, (r) => renderFunction(r, render));
  if (tb.length + ta.length < PARALLEL_BYTES) return sequential();
  const db = defines(tb);
  const da = defines(ta);
  const k = workers(db.offsets.length);
  // shares pair by position: the same functions in the same order on both sides
  if (k < 2 || db.names.length !== da.names.length || db.names.some((n, i) => n !== da.names[i])) return sequential();
  const c = cuts(db.offsets, tb.length, k);
  const jobs: WorkerJob[] = [];
  for (let i = 0; i + 1 < c.length; i++)
    jobs.push({ mode: "validate", before: pieceOf(beforeFile, tb, db, c[i], c[i + 1]), after: pieceOf(afterFile, ta, da, c[i], c[i + 1]), opts: { ...opts, progress: false }, render });
  const done = await runAll(jobs, db.offsets.length, "validate", opts.progress);
  if (done === null) return sequential();
  return done.flatMap((m) => (m.type === "validated" ? m.results : []));
}

/** The SSA documents of a module's functions as module entries (io/write.ts `formatEntries`), and the first document. */
export interface BuiltDocs {
  entries: string[];
  first: FunctionDoc | undefined;
}

/** Every function of a module piece built, each formatted at once (cli/llvm_worker.ts too). */
export function constructPiece(m: ModuleText, opts: ConstructOptions & { progress?: boolean }, tick?: (fn: string) => void): BuiltDocs {
  let first: FunctionDoc | undefined;
  const entries = streamConstruct(m, opts, tick, (f) => {
    first ??= f.doc;
    return moduleEntry(f.doc);
  });
  return { entries, first };
}

/** `construct before.ll`: the SSA documents of every function, formatted; in parallel for big modules. */
export async function constructLlvmFile(file: string, opts: ConstructOptions & { progress?: boolean }): Promise<BuiltDocs> {
  const text = read(file);
  const sequential = () => constructPiece({ text, file, lineOffset: 0 }, opts);
  if (text.length < PARALLEL_BYTES) return sequential();
  const d = defines(text);
  const k = workers(d.offsets.length);
  if (k < 2) return sequential();
  const c = cuts(d.offsets, text.length, k);
  const jobs: WorkerJob[] = [];
  for (let i = 0; i + 1 < c.length; i++) jobs.push({ mode: "construct", before: pieceOf(file, text, d, c[i], c[i + 1]), opts: { algorithm: opts.algorithm, minimize: opts.minimize } });
  const done = await runAll(jobs, d.offsets.length, "construct", opts.progress);
  if (done === null) return sequential();
  const built = done.flatMap((m) => (m.type === "constructed" ? [m.built] : []));
  return { entries: built.flatMap((b) => b.entries), first: built.find((b) => b.first !== undefined)?.first };
}
