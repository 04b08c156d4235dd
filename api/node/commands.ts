/**
 * The commands of `formal-ssa/node` over files and standard streams (validate, check, construct,
 * dot), as the command line uses them. Every path may be `-` for standard input; inputs are read
 * strictly as UTF-8; an input in a producer's form (LLVM IR: `.ll`, or by its first bytes) goes
 * through that producer's adapter, big ones spread over worker threads from 4 cores on.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { Adapter, SourceInput } from "../../adapters/adapter.js";
import type { ColumnarFunction } from "../../io/columns.js";
import { collectText, formatDocument, formatEntries, TextWriter } from "../../io/write.js";
import { MalformedInput } from "../../spec/errors.js";
import { adapterOfInput, binaryAdapterFor } from "../adapters.js";
import { checkBytes, constructBytes, dotBytes, validateBytes, type Hooks } from "../bytes.js";
import type { ConstructRequest } from "../construct.js";
import { LimitExceeded, showBytes } from "../errors.js";
import type { ProducerOptions } from "../producers.js";
import type { CheckReport, FunctionReport, Report } from "../report.js";
import { recheckFunctions, type RecheckReport } from "../../certificate/recheck.js";
import { functionNameAt, openDocument } from "../../io/open.js";
import { CertificateCollector, ProducerPairs } from "../certify.js";
import { producerResults } from "../producers.js";
import { reportOf, requireList, withCertificate, type CertifiedReport, type CheckOptions } from "../validate.js";
import { readAnyInput, readAnyInputs, readBytes, STDIN_NAME, STDIO, writeOutput, type AnyInput } from "./files.js";
import { constructInParallel, validateInParallel, type Jobs } from "./parallel.js";


/** Progress of a long run: a bar on a terminal, say. */
export interface ProgressSink {
  /** Before the first function: how many there are, and what is done to them ("validate"). */
  start(total: number, what: string): void;
  /** After each function. */
  tick(name: string): void;
  /** At the end, also after a failure. */
  stop(): void;
}

/** The adapter of an input, or undefined for the exchange format. */
export function adapterOf(input: SourceInput): Adapter | undefined {
  return adapterOfInput(input);
}

async function withProgress<T>(progress: ProgressSink | undefined, total: number, what: string, run: (tick?: (name: string) => void) => Promise<T>): Promise<T> {
  if (progress === undefined) return run();
  progress.start(total, what);
  try {
    return await run((name) => progress.tick(name));
  } finally {
    progress.stop();
  }
}

/**
 * `formal-ssa validate ORIGINAL SSA`: two exchange-format files, or a producer's before and
 * after forms (both in the same producer's form). `undef` defaults to the producer's.
 */
export async function validateFiles(original: string, ssa: string, options: ProducerOptions & Jobs & { progress?: ProgressSink; certificate?: boolean; emit?: string } = {}): Promise<CertifiedReport> {
  const [x, y] = readAnyInputs([original, ssa]);
  const { progress, emit, jobs, ...rest } = options;
  const producerInput = x.adapter !== undefined || y.adapter !== undefined;
  if (emit !== undefined && !producerInput) throw new MalformedInput(`--emit: the inputs are exchange-format documents already (--emit writes a producer's functions as such)`);
  if (options.certificate && producerInput && emit === undefined)
    throw new MalformedInput(`--certificate: ${nameOf(x.adapter !== undefined ? x : y)} is ${(x.adapter ?? y.adapter)!.form}; a certificate speaks of the exchange-format pair, which --emit DIR writes: give both`);
  if (x.adapter === undefined && y.adapter === undefined) {
    const names = { original: x.name, ssa: y.name };
    return withHooks(progress, "validate", (hooks) => validateBytes(x, y, { ...rest, names }, hooks));
  }
  if (x.adapter === undefined || y.adapter === undefined || x.adapter !== y.adapter) {
    const [yes, no] = x.adapter !== undefined ? [x, y] : [y, x];
    const adapter = yes.adapter!;
    throw new MalformedInput(`${nameOf(no)}: not ${adapter.form}, but ${nameOf(yes)} is: give ${adapter.inputs} or two exchange-format files`);
  }
  const ao = x.adapter;
  const version = options.producerVersion === undefined ? {} : { version: options.producerVersion };
  const [o, s] = [{ ...x.input, ...version }, { ...y.input, ...version }];
  const require = requireList(options.require);
  const opts: ProducerOptions = { ...rest, require, undef: options.undef ?? ao.defaultUndef, names: { original: o.name, ssa: s.name } };
  if (emit !== undefined) return emitPairs(ao, o, s, opts, emit, options.certificate === true, progress);
  const functions = await withProgress(progress, ao.countFunctions(o), "validate", (tick) => validateInParallel(ao, o, s, { ...opts, jobs, onFunction: tick }));
  return reportOf(functions, require, ao.producer);
}

/**
 * `validate --emit DIR [--certificate]` on a producer's input: one function after the other (no
 * worker threads: the pairs are kept), the exchange-format pair written to DIR/original.json and
 * DIR/ssa.json as validate lowered it, and the certificate of the certified functions.
 */
async function emitPairs(adapter: Adapter, o: SourceInput, s: SourceInput, opts: ProducerOptions, dir: string, certificate: boolean, progress: ProgressSink | undefined): Promise<CertifiedReport> {
  const require = opts.require ?? [];
  // certificates are made only when asked for (each needs the function's dominator tree)
  const pairs = new ProducerPairs(true, certificate ? new CertificateCollector(require, opts.undef ?? "strict") : undefined);
  const functions = await withProgress(progress, adapter.countFunctions(o), "validate", async (tick) => {
    const out: FunctionReport[] = [];
    for (const r of producerResults(adapter.pairs(o, s), adapter.producer, { ...opts, onFunction: tick })) {
      out.push(r.report);
      pairs.add(r);
    }
    return out;
  });
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new MalformedInput(`--emit: cannot make the directory ${dir} (${e instanceof Error ? e.message : String(e)})`);
  }
  writeOutput(join(dir, "original.json"), formatDocument(pairs.original));
  writeOutput(join(dir, "ssa.json"), formatDocument(pairs.ssa));
  return withCertificate(reportOf(functions, require, adapter.producer), pairs.collector);
}

/** `formal-ssa recheck ORIGINAL SSA CERTIFICATE`: the independent checker on three files. */
export function recheckFiles(original: string, ssa: string, certificate: string): RecheckReport {
  const paths = [original, ssa, certificate];
  if (paths.filter((p) => p === STDIO).length > 1) throw new MalformedInput(`${STDIO}: standard input can be only one of the inputs`);
  // the documents through the byte reader, straight into columns (the checker's own reading
  // is the reference reader, which a page can run too)
  const [o, s, c] = paths.map(readBytes);
  const name = (p: string) => (p === STDIO ? STDIN_NAME : p);
  const functions = (bytes: Uint8Array, file: string) => {
    const doc = openDocument(bytes, file);
    return Array.from({ length: doc.count }, (_, i) => ({ name: functionNameAt(doc, i), read: () => doc.read(i) }));
  };
  const names = { original: name(original), ssa: name(ssa), certificate: name(certificate) };
  return recheckFunctions(functions(o, names.original), functions(s, names.ssa), c, names);
}

const nameOf = (a: AnyInput): string => (a.adapter === undefined ? a.name : a.input.name);

/** Progress of a run whose total is known once its input is open. */
function withHooks<T>(progress: ProgressSink | undefined, what: string, run: (hooks: Hooks) => T): T {
  if (progress === undefined) return run({ read: heapGuard, released: collectReleased, lowered: collectLowered });
  try {
    return run({ start: (total) => progress.start(total, what), tick: (name) => progress.tick(name), read: heapGuard, released: collectReleased, lowered: collectLowered });
  } finally {
    progress.stop();
  }
}

/** Documents from this size on are collected as soon as they are let go (`collectReleased`). */
export const COLLECT_RELEASED_BYTES = 8 << 20;

let fullCollection: (() => void) | undefined;

/**
 * A full garbage collection once a large document's bytes are let go. Their buffer is an old
 * object by then, freed only by a full collection, which V8 starts by itself only once external
 * memory has grown by 64 MB more: until then the document (18 MB at 10^5 ifs, 186 MB at 10^6)
 * stayed resident under every structure construction and checking build, a third of the peak
 * of `construct` and `validate`. A collection of this small heap takes a few milliseconds.
 *
 * V8 gives scripts a collector only with its flag `--expose-gc`: it is set here, by the
 * program, for the functions of new contexts only (`vm`), so the global scope is unchanged.
 */
function collectReleased(bytes: number): void {
  if (bytes >= COLLECT_RELEASED_BYTES) collect();
}

/** Functions from this many nodes on are collected once lowered and checked (`collectLowered`). */
export const COLLECT_LOWERED_NODES = 1 << 17;

/**
 * A full garbage collection once a large function is lowered and checked, before it is
 * constructed. Lowering's and the checks' scratch arrays (a dozen per node: search stacks,
 * stamps, queues; 12 MB at 10^5 ifs) are garbage by then, but V8 frees them only at its next
 * collection, which construction's own arrays, allocated beside them, do not start: collected,
 * their memory is what construction allocates (the allocator reuses it), not more. 4 MB less
 * peak at 10^5 ifs, for a few milliseconds.
 */
function collectLowered(nodes: number): void {
  if (nodes >= COLLECT_LOWERED_NODES) collect();
}

/** A full garbage collection (see `collectReleased`). */
function collect(): void {
  if (fullCollection === undefined) {
    const own = (globalThis as { gc?: () => void }).gc;
    if (typeof own === "function") fullCollection = own;
    else {
      setFlagsFromString("--expose-gc");
      fullCollection = runInNewContext("gc") as () => void;
    }
  }
  fullCollection();
}

/**
 * V8 heap one function takes while it is lowered, built and checked, per block, statement and
 * name occurrence: about 70 bytes measured on the n-ifs family (construct --algorithm braun, the
 * most), doubled for headroom. Typed arrays live outside the heap and are not counted.
 */
export const HEAP_BYTES_PER_ITEM = 160;

/** `LimitExceeded` where a function would not fit in what is left of the V8 heap (which would end the process with a crash). */
function heapGuard(fn: ColumnarFunction, name: string, file: string): void {
  const items = fn.blockCount + fn.groupStart[fn.blockCount] + fn.occ.length;
  const need = items * HEAP_BYTES_PER_ITEM;
  const { heap_size_limit: limit, used_heap_size: used } = getHeapStatistics();
  if (need <= limit - used) return;
  const raise = Math.ceil((1.5 * (need + used)) / 2 ** 20);
  throw new LimitExceeded(
    `${file}: function ${name}: its ${items} blocks, statements and names need about ${showBytes(need)} of V8 heap, more than the ${showBytes(limit - used)} this process has left: raise the limit with NODE_OPTIONS=--max-old-space-size=${raise}`,
  );
}

/** An input that must be an exchange-format document, as bytes: a producer's binary is malformed here. */
function documentSource(path: string): { name: string; source: { bytes?: Uint8Array } } {
  const name = path === STDIO ? STDIN_NAME : path;
  const bytes = readBytes(path);
  const adapter = binaryAdapterFor(bytes.subarray(0, 64));
  if (adapter !== undefined) throw new MalformedInput(`${name}: ${adapter.form} in binary form, not an exchange-format document (construct reads it)`);
  return { name, source: { bytes } };
}

/** `formal-ssa check FILE`: what holds of an exchange-format document on its own. */
export function checkFile(path: string, options: Omit<CheckOptions, "name"> = {}): CheckReport {
  const { name, source } = documentSource(path);
  return checkBytes(source, { ...options, name }, { read: heapGuard, released: collectReleased });
}

/**
 * `formal-ssa construct FILE`: the SSA of every function as the text of an exchange-format
 * document (one function) or module; a producer's input (LLVM IR) gives our SSA of the original
 * CFG the adapter reads from it, each function formatted as soon as it is built.
 */
export async function constructFile(path: string, options: ConstructRequest & { progress?: ProgressSink } = {}): Promise<string> {
  const chunks: Buffer[] = [];
  const out = new TextWriter((c) => chunks.push(Buffer.from(c)));
  await constructFileTo(path, out, options);
  out.end();
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * `constructFile` written to `out` as it is made (an exchange-format document block by block;
 * nothing is written when it fails). Call `out.end()` after it.
 */
export async function constructFileTo(path: string, out: TextWriter, options: ConstructRequest & Jobs & { progress?: ProgressSink } = {}): Promise<void> {
  const read = readAnyInput(path);
  const { progress, ...rest } = options;
  if (read.adapter === undefined) {
    withHooks(progress, "construct", (hooks) => constructBytes(read, read.name, rest, out, hooks));
    return;
  }
  const { adapter } = read;
  const input = options.producerVersion === undefined ? read.input : { ...read.input, version: options.producerVersion };
  const built = await withProgress(progress, adapter.countFunctions(input), "construct", (tick) => constructInParallel(adapter, input, { ...rest, onFunction: tick }));
  out.text(formatEntries(built.entries, built.first));
}

/** `formal-ssa dot FILE`: Graphviz DOT of every function of an exchange-format document. */
export function dotFile(path: string): string {
  return collectText((out) => dotFileTo(path, out));
}

/** `dotFile` written to `out` as it is made. */
export function dotFileTo(path: string, out: TextWriter): void {
  const { name, source } = documentSource(path);
  dotBytes(source, name, out);
}
