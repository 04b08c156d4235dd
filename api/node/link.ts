/**
 * `formal-ssa validate ... --link`: for every rejected function, a link that opens the explorer
 * (explorer/, `npm run build:explorer`) on that function's pair, with its verdict and witness
 * drawn. The whole state is in the link's hash, which a browser never sends to a server: the
 * page's parameters (`p` the producer, `src` and `ssa` the two texts, `fn` the function),
 * plain when short, else raw DEFLATE in base64url behind `#z=` (explorer/src/link.ts reads both).
 *
 * A producer's text pair (LLVM IR, SPIR-V `spirv-dis` text, GCC dumps) goes in whole: the page
 * validates it as validate did and shows the function. An exchange-format pair: the function's
 * two documents only. Where a link cannot be made the line says why: a binary SPIR-V module (the
 * page takes text), a link longer than `LINK_MAX` (open the files in the page instead), no page
 * to link to.
 */
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { deflateRawSync } from "node:zlib";
import { pairDocuments } from "../../io/lower.js";
import { readDocumentText } from "../../io/read.js";
import { formatDocument } from "../../io/write.js";
import { PLAIN_MAX } from "../link_form.js";
import type { Report } from "../report.js";
import { readAnyInputs, STDIO, type AnyInput } from "./files.js";

/** The longest link printed (characters); past it the command says to open the files in the page. */
export const LINK_MAX = 32_768;

/** The built page in this package (`npm run build:explorer`), when it is there. */
const PACKAGE_PAGE = fileURLToPath(new URL("../../../dist-explorer/index.html", import.meta.url));

/** Where links point: `--explorer URL`, else FORMAL_SSA_EXPLORER, else this package's built page; or why there is none. */
export function explorerBase(given?: string): { base: string } | { missing: string } {
  const url = given ?? process.env.FORMAL_SSA_EXPLORER;
  if (url !== undefined && url !== "") return { base: url.replace(/#.*$/, "") };
  if (existsSync(PACKAGE_PAGE)) return { base: pathToFileURL(PACKAGE_PAGE).href };
  return { missing: "no explorer page to link to: build it (npm run build:explorer in formal-ssa's folder) or give --explorer URL" };
}

/** The link to the page with these parameters: plain or compressed, as the page writes its hash; or its length when too long. */
export function explorerLink(base: string, params: Record<string, string>): { url: string } | { tooLong: number } {
  const query = new URLSearchParams(params).toString();
  const hash = query.length + 1 <= PLAIN_MAX ? query : `z=${deflateRawSync(Buffer.from(query, "utf8"), { level: 9 }).toString("base64url")}`;
  const url = `${base}#${hash}`;
  return url.length <= LINK_MAX ? { url } : { tooLong: url.length };
}

/** The two documents of the report's i-th function, each a document of its own, paired as validate pairs them (io/lower.ts `pairDocuments`). */
function pairDocumentsAt(originalText: string, ssaText: string, i: number): { src: string; ssa: string } | undefined {
  try {
    const p = pairDocuments(readDocumentText(originalText, "original"), readDocumentText(ssaText, "ssa"), "original", "ssa")[i];
    return p === undefined ? undefined : { src: formatDocument([p.original]), ssa: formatDocument([p.ssa]) };
  } catch {
    return undefined;
  }
}

/**
 * One line per rejected function of `report` (validate of `original` and `ssa`): `link: NAME:
 * URL`, or why there is no link. `explorer`: the page's URL (`--explorer`).
 */
export function explorerLinks(original: string, ssa: string, report: Report, explorer?: string): string[] {
  const rejected = report.functions.filter((f) => f.verdict !== "certified");
  if (rejected.length === 0) return [];
  const where = explorerBase(explorer);
  if ("missing" in where) return [`link: ${where.missing}`];
  // the inputs are read again (validate let them go): standard input cannot be
  if (original === STDIO || ssa === STDIO) return [`link: no link for standard input: give the files by name`];
  const [x, y] = readAnyInputs([original, ssa]);
  const lines: string[] = [];
  for (const f of rejected) {
    const index = report.functions.indexOf(f);
    let params: Record<string, string> | string;
    if (x.adapter !== undefined) {
      const binary = x.input.bytes !== undefined || y.adapter === undefined || y.input.bytes !== undefined;
      params = binary ? "the explorer takes SPIR-V as spirv-dis text: disassemble both modules (spirv-dis) and validate the texts" : { p: x.adapter.name, src: x.input.text, ssa: y.adapter !== undefined ? y.input.text : "", fn: f.name };
    } else {
      const text = (i: AnyInput) => (i.adapter === undefined ? new TextDecoder().decode(i.bytes) : "");
      const docs = pairDocumentsAt(text(x), text(y), index);
      params = docs === undefined ? "the documents do not read as the report's functions" : docs;
    }
    if (typeof params === "string") {
      lines.push(`link: ${f.name}: no link: ${params}`);
      continue;
    }
    const link = explorerLink(where.base, params);
    lines.push("url" in link ? `link: ${f.name}: ${link.url}` : `link: ${f.name}: no link: it would be ${link.tooLong} characters (at most ${LINK_MAX}); open the explorer and paste the two files there`);
  }
  return lines;
}
