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
import type { ColumnarFunction } from "../io/columns.js";
import { exactMessages, functionNameAt, openDocument, type ColumnarDocument } from "../io/open.js";
import { decodeText } from "../io/text.js";
import { toDot, writeDotClose, writeDotFunction, writeDotOpen } from "../io/dot.js";
import { MODULE_CLOSE, MODULE_OPEN, TextWriter, formatDocument, formatEntries } from "../io/write.js";
import { MalformedInput } from "../spec/errors.js";
import { algorithmOf, constructFunctions, constructLowered, type ConstructRequest } from "./construct.js";
import { parseDocument } from "./documents.js";
import { NotWellFormed } from "./errors.js";
import { propertiesJson, type FunctionReport, type Report } from "./report.js";
import { cfgNamer, checkReportOf, reportOf, requireList, validate, validatePair, type ValidateOptions } from "./validate.js";

/** Progress: the number of functions once the input is open, then each function's name when it is done. */
export interface Hooks {
  start?(total: number): void;
  /** Each function once it is read, before it is lowered (a place to refuse one too large to hold). */
  read?(fn: ColumnarFunction, name: string, file: string): void;
  tick?(name: string): void;
}

/** What a run writes: text made already, chunks held, or a function that writes as it goes. */
type Output = string | Uint8Array[] | ((w: TextWriter) => void);

function emit(out: TextWriter, written: Output): void {
  if (typeof written === "string") out.text(written);
  else if (typeof written === "function") written(out);
  else for (const c of written) out.bytes(c);
}

/** Runs `fast`; a malformed input small enough is run again through `reference` for its exact message. */
function exactly<T>(inputs: readonly Uint8Array[], fast: () => T, reference: () => T): T {
  try {
    return fast();
  } catch (e) {
    if (e instanceof MalformedInput && inputs.every(exactMessages)) return reference();
    throw e;
  }
}

/**
 * `construct` on an exchange-format document's bytes, written to `out` exactly as
 * `formatDocument` formats `constructFunctions`' documents (one function alone, several as a
 * module).
 */
export function constructBytes(bytes: Uint8Array, file: string, options: ConstructRequest, out: TextWriter, hooks: Hooks = {}): void {
  const opts = algorithmOf(options);
  const held: Uint8Array[] = [];
  const written = exactly<Output>(
    [bytes],
    () => {
      const doc = openDocument(bytes, file);
      hooks.start?.(doc.count);
      if (doc.count === 0) return formatEntries([], undefined);
      const module = doc.count > 1;
      const hold = new TextWriter((c) => held.push(c.slice()));
      let single: ((w: TextWriter) => void) | undefined;
      for (let i = 0; i < doc.count; i++) {
        const t0 = performance.now();
        const name = functionNameAt(doc, i);
        const fn = doc.read(i);
        hooks.read?.(fn, name, file);
        if (fn.kind !== "cfg") throw new MalformedInput(`${file}: function ${name}: construct needs an original CFG ("kind": "cfg"), not "${fn.kind}"`);
        const lowered = lowerCfg(fn, file, name);
        if (!options.unchecked) {
          const verdicts = checkCfg(lowered.cfg);
          if (!certified(verdicts))
            throw new NotWellFormed(checkReportOf([{ name, kind: "cfg", verdict: "fails", properties: propertiesJson(cfgNamer(lowered), verdicts), stats: { blocks: lowered.places.blockCount, nodes: lowered.cfg.nodeCount } }]), file);
        }
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
    () => formatDocument(constructFunctions(parseDocument(decodeText(bytes, file), { name: file }), file, options).map((f) => f.doc)),
  );
  emit(out, written);
}

/**
 * `validate` on two exchange-format documents' bytes: the report of `validate` on their text,
 * the functions read, paired by name, lowered and checked one pair at a time.
 */
export function validateBytes(original: Uint8Array, ssa: Uint8Array, options: ValidateOptions = {}, hooks: Hooks = {}): Report {
  const require = requireList(options.require);
  const file = options.names?.original ?? "original";
  const ssaFile = options.names?.ssa ?? "ssa";
  const opts = { ...options, require };
  return exactly(
    [original, ssa],
    () => {
      const o = openDocument(original, file);
      const s = openDocument(ssa, ssaFile);
      hooks.start?.(o.count);
      const names = (d: ColumnarDocument): string[] => Array.from({ length: d.count }, (_, i) => functionNameAt(d, i));
      const functions: FunctionReport[] = [];
      for (const [i, j] of pairByName(names(o), names(s), file, ssaFile)) {
        const name = functionNameAt(o, i);
        const [fo, fs] = [o.read(i), s.read(j)];
        hooks.read?.(fo, name, file);
        hooks.read?.(fs, name, ssaFile);
        functions.push(validatePair(lowerPair(fo, fs, file, ssaFile, name), opts));
        hooks.tick?.(name);
      }
      return reportOf(functions, require);
    },
    () => validate(decodeText(original, file), decodeText(ssa, ssaFile), options),
  );
}

/**
 * `formal-ssa dot` on a document's bytes, written to `out` as `toDot` writes the document's
 * functions (a module's held until every function has read).
 */
export function dotBytes(bytes: Uint8Array, file: string, out: TextWriter): void {
  const held: Uint8Array[] = [];
  const written = exactly<Output>(
    [bytes],
    () => {
      const doc = openDocument(bytes, file);
      if (doc.count === 1) {
        const fn = doc.read(0);
        return (w: TextWriter) => {
          writeDotOpen(w, 1);
          writeDotFunction(w, fn, functionNameAt(doc, 0), 0, 1);
          writeDotClose(w);
        };
      }
      const hold = new TextWriter((c) => held.push(c.slice()));
      writeDotOpen(hold, doc.count);
      for (let i = 0; i < doc.count; i++) writeDotFunction(hold, doc.read(i), functionNameAt(doc, i), i, doc.count);
      writeDotClose(hold);
      hold.end();
      return held;
    },
    () => toDot(parseDocument(decodeText(bytes, file), { name: file })),
  );
  emit(out, written);
}
