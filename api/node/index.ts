/**
 * `formal-ssa/node`: the library on files and standard streams, as the command line uses it.
 * Every path may be `-` for standard input; inputs are read strictly as UTF-8; an input in a
 * producer's form (LLVM IR: `.ll`, or by its first bytes) goes through that producer's adapter,
 * big ones spread over worker threads from 4 cores on.
 */
import type { Adapter, SourceInput } from "../../adapters/adapter.js";
import { toDot } from "../../io/dot.js";
import { formatDocument, formatEntries } from "../../io/write.js";
import { MalformedInput } from "../../spec/errors.js";
import { adapterOfInput } from "../adapters.js";
import { constructFunctions, type ConstructRequest } from "../construct.js";
import { parseDocument } from "../documents.js";
import type { ProducerOptions } from "../producers.js";
import type { CheckReport, Report } from "../report.js";
import { check, reportOf, requireList, validate, type CheckOptions } from "../validate.js";
import { readInput, readInputs } from "./files.js";
import { constructInParallel, validateInParallel } from "./parallel.js";

export { readBytes, readInput, readInputs, STDIN_NAME, STDIO, writeOutput } from "./files.js";

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
export async function validateFiles(original: string, ssa: string, options: ProducerOptions & { progress?: ProgressSink } = {}): Promise<Report> {
  const [o, s] = readInputs([original, ssa]);
  const ao = adapterOf(o);
  const as = adapterOf(s);
  if (ao !== as) {
    const [yes, no, adapter] = ao !== undefined ? [o, s, ao] : [s, o, as!];
    throw new MalformedInput(`${no.name}: not ${adapter.form}, but ${yes.name} is: give ${adapter.inputs} or two exchange-format files`);
  }
  const { progress, ...rest } = options;
  if (ao === undefined) return validate(o.text, s.text, { ...rest, names: { original: o.name, ssa: s.name } });
  const require = requireList(options.require);
  const opts: ProducerOptions = { ...rest, require, undef: options.undef ?? ao.defaultUndef, names: { original: o.name, ssa: s.name } };
  const functions = await withProgress(progress, ao.countFunctions(o), "validate", (tick) => validateInParallel(ao, o, s, { ...opts, onFunction: tick }));
  return reportOf(functions, require, ao.producer);
}

/** An input that must be an exchange-format document: a producer's binary is malformed here. */
function documentInput(path: string): SourceInput {
  const input = readInput(path);
  const adapter = input.bytes !== undefined ? adapterOfInput(input) : undefined;
  if (adapter !== undefined) throw new MalformedInput(`${input.name}: ${adapter.form} in binary form, not an exchange-format document (construct reads it)`);
  return input;
}

/** `formal-ssa check FILE`: what holds of an exchange-format document on its own. */
export function checkFile(path: string, options: Omit<CheckOptions, "name"> = {}): CheckReport {
  const input = documentInput(path);
  return check(input.text, { ...options, name: input.name });
}

/**
 * `formal-ssa construct FILE`: the SSA of every function as the text of an exchange-format
 * document (one function) or module; a producer's input (LLVM IR) gives our SSA of the original
 * CFG the adapter reads from it, each function formatted as soon as it is built.
 */
export async function constructFile(path: string, options: ConstructRequest & { progress?: ProgressSink } = {}): Promise<string> {
  const input = readInput(path);
  const { progress, ...rest } = options;
  const adapter = adapterOf(input);
  if (adapter === undefined) return formatDocument(constructFunctions(parseDocument(input.text, { name: input.name }), input.name, rest).map((f) => f.doc));
  const built = await withProgress(progress, adapter.countFunctions(input), "construct", (tick) => constructInParallel(adapter, input, { ...rest, onFunction: tick }));
  return formatEntries(built.entries, built.first);
}

/** `formal-ssa dot FILE`: Graphviz DOT of every function of an exchange-format document. */
export function dotFile(path: string): string {
  const input = documentInput(path);
  return toDot(parseDocument(input.text, { name: input.name }));
}
