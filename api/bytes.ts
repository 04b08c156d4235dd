/**
 * The exchange format from bytes, at scale: `construct` and `validate` on documents read
 * function by function into columns (io/open.ts), never as one object per block, with their
 * output written as it is made (io/write.ts `TextWriter`).
 *
 * Output and failures: a malformed document never leaves partial output. Every function of a
 * one-function document is read and checked before its first byte is written, and then it is
 * written block by block; a module's functions are written, as each is done, into chunks held
 * until the last one is done. A malformed input small enough for the reference reader
 * (`exactMessages`) is run again through the object pipeline, whose message is the one given, so
 * both routes fail with the same line.
 */
import { certified, checkCfg } from "../checks/index.js";
import { lowerCfg, lowerPair, pairByName } from "../io/lower.js";
import { releaseRows, type ColumnarFunction } from "../io/columns.js";
import { exactMessages, functionNameAt, openDocument, type ColumnarDocument } from "../io/open.js";
import { decodeText } from "../io/text.js";
import { toDot, writeDotClose, writeDotFunction, writeDotOpen } from "../io/dot.js";
import { MODULE_CLOSE, MODULE_OPEN, TextWriter, formatDocument, formatEntries } from "../io/write.js";
import { MalformedInput } from "../spec/errors.js";
import { algorithmOf, constructFunctions, constructLowered, type ConstructRequest } from "./construct.js";
import { CertificateCollector } from "./certify.js";
import { parseDocument } from "./documents.js";
import { NotWellFormed } from "./errors.js";
import { propertiesJson, type CheckedFunction, type CheckReport, type FunctionReport, type Report } from "./report.js";
import { cfgNamer, check, checkFunction, checkReportOf, checkRequire, reportOf, requireList, validate, validatePair, withCertificate, type CertifiedReport, type CheckOptions, type ValidateOptions } from "./validate.js";

/** Progress: the number of functions once the input is open, then each function's name when it is done. */
export interface Hooks {
  start?(total: number): void;
  /** Each function once it is read, before it is lowered (a place to refuse one too large to hold). */
  read?(fn: ColumnarFunction, name: string, file: string): void;
  tick?(name: string): void;
  /**
   * A document's bytes (`bytes` of them) were just let go: a place to collect them at once (the
   * command line runs a full collection for a large one; else they stay until V8's next one,
   * through construction and checking).
   */
  released?(bytes: number): void;
  /**
   * A function of `nodes` nodes was lowered and checked, and is about to be constructed: the
   * scratch of lowering and checking is garbage now, a place to collect it before construction
   * allocates its own (the command line does for a large function).
   */
  lowered?(nodes: number): void;
}

/** What a run writes: text made already, chunks held, or a function that writes as it goes. */
type Output = string | Uint8Array[] | ((w: TextWriter) => void);

/** A writer whose chunks are kept (copies: the writer reuses its buffer) until the run is done. */
function holding(): { hold: TextWriter; held: Uint8Array[] } {
  const held: Uint8Array[] = [];
  return { hold: new TextWriter((c) => held.push(new Uint8Array(c))), held };
}

function emit(out: TextWriter, written: Output): void {
  if (typeof written === "string") out.text(written);
  else if (typeof written === "function") written(out);
  else for (const c of written) out.bytes(c);
}

/**
 * A document's bytes in a holder: a run lets go of them (`bytes` set to undefined) once its
 * one function is read, when nothing else holds them either, so that a 200 MB document does
 * not stay in memory through construction and checking.
 */
export interface DocumentBytes {
  bytes?: Uint8Array;
}

/** Runs `fast`; a malformed input small enough (`small`) is run again through `reference` for its exact message. */
function exactly<T>(small: boolean, fast: () => T, reference: () => T): T {
  try {
    return fast();
  } catch (e) {
    if (e instanceof MalformedInput && small) return reference();
    throw e;
  }
}

/**
 * Function `i` of `doc`; when it is the last one and the document's bytes are no longer needed
 * (`keep` false: a large document is never read again for a message, and nothing after the
 * last read of `construct` or `dot` is malformed), the bytes are let go after it: its names are
 * copied out.
 */
function readFunction(doc: ColumnarDocument, i: number, source: DocumentBytes, keep: boolean, hooks: Hooks = {}): ColumnarFunction {
  const fn = doc.read(i);
  if (!keep && i === doc.count - 1) letGo(doc, fn, source, hooks);
  return fn;
}

/** Lets go of a document's bytes: `fn`, the last function read, keeps its names. */
function letGo(doc: ColumnarDocument, fn: ColumnarFunction, source: DocumentBytes, hooks: Hooks): void {
  fn.names.detach?.();
  doc.release?.();
  const size = source.bytes?.length ?? 0;
  source.bytes = undefined;
  hooks.released?.(size);
}

/**
 * `construct` on an exchange-format document's bytes, written to `out` exactly as
 * `formatDocument` formats `constructFunctions`' documents (one function alone, several as a
 * module).
 */
export function constructBytes(source: DocumentBytes, file: string, options: ConstructRequest, out: TextWriter, hooks: Hooks = {}): void {
  const opts = algorithmOf(options);
  const small = exactMessages(source.bytes!);
  const written = exactly<Output>(
    small,
    () => {
      const doc = openDocument(source.bytes!, file);
      hooks.start?.(doc.count);
      if (doc.count === 0) return formatEntries([], undefined);
      const module = doc.count > 1;
      const { hold, held } = holding();
      let single: ((w: TextWriter) => void) | undefined;
      for (let i = 0; i < doc.count; i++) {
        const t0 = performance.now();
        const name = functionNameAt(doc, i);
        const fn = doc.read(i);
        if (fn.kind !== "cfg") throw new MalformedInput(`${file}: function ${name}: construct needs an original CFG ("kind": "cfg"), not "${fn.kind}"`);
        // nothing after the last function's kind is malformed: the bytes can go
        if (i === doc.count - 1) letGo(doc, fn, source, hooks);
        hooks.read?.(fn, name, file);
        const lowered = lowerCfg(fn, file, name);
        if (!options.unchecked) {
          const verdicts = checkCfg(lowered.cfg);
          if (!certified(verdicts))
            throw new NotWellFormed(checkReportOf([{ name, kind: "cfg", verdict: "fails", properties: propertiesJson(cfgNamer(lowered), verdicts), stats: { blocks: lowered.places.blockCount, nodes: lowered.cfg.nodeCount } }]), file);
        }
        hooks.lowered?.(lowered.cfg.nodeCount);
        const built = constructLowered(lowered, opts, t0);
        if (!module)
          single = (w) => {
            built.write(w, false);
            w.text("\n");
          };
        else {
          hold.text(i === 0 ? `${MODULE_OPEN}    ` : ",\n    ");
          built.write(hold, true);
        }
        hooks.tick?.(name);
      }
      if (single !== undefined) return single;
      hold.text(MODULE_CLOSE);
      hold.end();
      return held;
    },
    () => formatDocument(constructFunctions(parseDocument(decodeText(source.bytes!, file), { name: file }), file, options).map((f) => f.doc)),
  );
  emit(out, written);
}

/**
 * `validate` on two exchange-format documents' bytes: the report of `validate` on their text,
 * the functions read, paired by name, lowered and checked one pair at a time.
 */
export function validateBytes(original: DocumentBytes, ssa: DocumentBytes, options: ValidateOptions = {}, hooks: Hooks = {}): CertifiedReport {
  const require = requireList(options.require);
  const file = options.names?.original ?? "original";
  const ssaFile = options.names?.ssa ?? "ssa";
  const opts = { ...options, require };
  const small = exactMessages(original.bytes!) && exactMessages(ssa.bytes!);
  return exactly(
    small,
    () => {
      const o = openDocument(original.bytes!, file);
      const s = openDocument(ssa.bytes!, ssaFile);
      hooks.start?.(o.count);
      const names = (d: ColumnarDocument): string[] => Array.from({ length: d.count }, (_, i) => functionNameAt(d, i));
      const functions: FunctionReport[] = [];
      const collector = options.certificate ? new CertificateCollector(require, options.undef ?? "strict") : undefined;
      for (const [i, j] of pairByName(names(o), names(s), file, ssaFile)) {
        const name = functionNameAt(o, i);
        // a pair is read in order, so the last one read lets go of both documents
        const [fo, fs] = [readFunction(o, i, original, small, hooks), readFunction(s, j, ssa, small, hooks)];
        hooks.read?.(fo, name, file);
        hooks.read?.(fs, name, ssaFile);
        const pair = lowerPair(fo, fs, file, ssaFile, name);
        // lowering read the rows; only a certificate reads the original's again
        if (collector === undefined) {
          releaseRows(fo);
          releaseRows(fs);
        }
        const report = validatePair(pair, opts);
        collector?.add(name, report, pair);
        functions.push(report);
        hooks.tick?.(name);
      }
      return withCertificate(reportOf(functions, require), collector);
    },
    () => validate(decodeText(original.bytes!, file), decodeText(ssa.bytes!, ssaFile), options),
  );
}

/**
 * `formal-ssa dot` on a document's bytes, written to `out` as `toDot` writes the document's
 * functions (a module's held until every function has read).
 */
export function dotBytes(source: DocumentBytes, file: string, out: TextWriter): void {
  const small = exactMessages(source.bytes!);
  const written = exactly<Output>(
    small,
    () => {
      const doc = openDocument(source.bytes!, file);
      if (doc.count === 1) {
        const name = functionNameAt(doc, 0);
        const fn = readFunction(doc, 0, source, false);
        return (w: TextWriter) => {
          writeDotOpen(w);
          writeDotFunction(w, fn, name, 0, 1);
          writeDotClose(w);
        };
      }
      const { hold, held } = holding();
      writeDotOpen(hold);
      for (let i = 0; i < doc.count; i++) writeDotFunction(hold, doc.read(i), functionNameAt(doc, i), i, doc.count);
      writeDotClose(hold);
      hold.end();
      return held;
    },
    () => toDot(parseDocument(decodeText(source.bytes!, file), { name: file })),
  );
  emit(out, written);
}

/**
 * `check` on a document's bytes: the report of `check` on its text, each function read, lowered
 * and checked in turn.
 */
export function checkBytes(source: DocumentBytes, options: CheckOptions = {}, hooks: Hooks = {}): CheckReport {
  const require = checkRequire(options);
  const file = options.name ?? "document";
  const small = exactMessages(source.bytes!);
  return exactly(
    small,
    () => {
      const doc = openDocument(source.bytes!, file);
      hooks.start?.(doc.count);
      const functions: CheckedFunction[] = [];
      for (let i = 0; i < doc.count; i++) {
        const name = functionNameAt(doc, i);
        const fn = readFunction(doc, i, source, small, hooks);
        hooks.read?.(fn, name, file);
        functions.push(checkFunction(fn, name, file, require));
        hooks.tick?.(name);
      }
      return checkReportOf(functions, require);
    },
    () => check(decodeText(source.bytes!, file), options),
  );
}
