/**
 * Opening an exchange-format document from its bytes: the byte reader (io/bytes_read.ts) builds
 * each function's columns with no object per block; io/read.ts stays the reference for what is
 * malformed and how a message names the place. Where the byte reader finds a document
 * malformed, one small enough to hold as objects (`EXACT_MESSAGE_BYTES`) is read again by the
 * reference reader, whose one-line message is the one given; a larger one gets the byte
 * reader's own line, which names the same place.
 */
import { MalformedInput } from "../spec/errors.js";
import { FastReadError, openColumnar, type ColumnarDocument } from "./bytes_read.js";
import { columnsOf } from "./columns.js";
import { readDocument } from "./read.js";
import { decodeText } from "./text.js";

export type { ColumnarDocument };

/** Up to this many bytes, a malformed document's message comes from the reference reader. */
export const EXACT_MESSAGE_BYTES = 8 << 20;

/** Whether a failure on an input of this size is re-run through the reference reader for its exact message. */
export function exactMessages(bytes: Uint8Array): boolean {
  return bytes.length <= EXACT_MESSAGE_BYTES;
}

/**
 * The document's functions, read one by one on demand. Throws `MalformedInput` (one line) for a
 * malformed document, also from `read(i)` and `name(i)`.
 */
export function openDocument(input: Uint8Array, file: string): ColumnarDocument {
  // only `bytes` holds the document from here on, so that `release` can let go of it
  let bytes: Uint8Array | undefined = input;
  const small = exactMessages(input);
  let doc: ColumnarDocument | undefined;
  const call = <T>(f: (d: ColumnarDocument) => T): T => {
    if (bytes === undefined) throw new Error(`${file}: the document's bytes were released`);
    try {
      return f((doc ??= openColumnar(bytes, file)));
    } catch (e) {
      if (!(e instanceof FastReadError)) throw e;
      if (!small) throw new MalformedInput(e.message);
      // the reference reader throws the exact message; should it read the document after all,
      // it is right (the two readers agree on every test input) and is used from here on
      doc = referenceDocument(bytes, file);
      return f(doc);
    }
  };
  const opened = call((d) => d);
  return {
    module: opened.module,
    count: opened.count,
    name: (i) => call((d) => d.name(i)),
    read: (i) => call((d) => d.read(i)),
    release: () => {
      doc?.release?.();
      doc = undefined;
      bytes = undefined;
    },
  };
}

/** A document read by the reference reader, as columns. */
export function referenceDocument(bytes: Uint8Array, file: string): ColumnarDocument {
  const { functions, module } = readDocument(decodeText(bytes, file), file);
  return {
    module,
    count: functions.length,
    name: (i) => functions[i].name,
    read: (i) => columnsOf(functions[i]),
  };
}

/** `name` of function `i`, or `#i`, as pairing and messages call it. */
export function functionNameAt(doc: ColumnarDocument, i: number): string {
  return doc.name(i) ?? `#${i}`;
}
