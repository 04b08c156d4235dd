/**
 * The definition a construction step is a step of: its entry in the Isabelle catalog
 * (scripts/isabelle-catalog.mjs, the names the spec map accounts for, with their statements),
 * its status in the spec map (spec_status.ts) and the declaration of spec/ or impl/ that mirrors
 * it (file, line, doc comment with the equation), found by the step's `def` (`lookupDef`,
 * `substAll`, `Braun.readVariableRecursive`, ...).
 */
import mirrorData, { type Mirror } from "virtual:spec-mirrors";
import { catalog, type CatalogEntry } from "../../scripts/isabelle-catalog.mjs";
import { SPEC_STATUS } from "./spec_status.js";

/** A catalogued name's status in the spec map (mirrored, stand-in, approximated, property-tested, not applicable), and in words. */
export type Status = { status: string; text: string };

const ENTRIES: CatalogEntry[] = catalog();

/** Where a paper's procedure (not in the AFP) lives in impl/. */
const PROCEDURE_FILES: Record<string, string> = {
  Braun: "impl/braun.ts",
  Cytron: "impl/cytron.ts",
  AycockHorspool: "impl/aycock_horspool.ts",
};

export interface Definition {
  def: string;
  /** Catalog entries named so (a definition first). */
  entries: CatalogEntry[];
  /** Each entry's status in the spec map, by its id. */
  statuses: Record<string, Status>;
  /** Declarations that mirror it, `@isabelle`-tagged ones first. */
  mirrors: Mirror[];
  /** For a paper's procedure with no declaration of its own: the header of the file that has it. */
  file?: { file: string; header: string };
}

const cache = new Map<string, Definition>();

export function definitionOf(def: string): Definition {
  const known = cache.get(def);
  if (known !== undefined) return known;
  const last = def.slice(def.lastIndexOf(".") + 1);
  const qualified = def.includes(".");
  const byId = ENTRIES.filter((e) => e.id.endsWith(`.${def}`) || e.id.endsWith(`.${def}:lemma`));
  const entries = (byId.length > 0 ? byId : ENTRIES.filter((e) => e.name === last)).sort((a, b) => rank(a) - rank(b));
  const tagged = mirrorData.mirrors.filter((m) => [...m.isabelle, ...m.standin, ...m.approximates].some((t) => t === def || t.endsWith(`.${def}`) || (!qualified && t === last) || entries.some((e) => e.id.endsWith(`.${t}`) || e.id === t)));
  const named = mirrorData.mirrors.filter((m) => m.symbol === last && !tagged.includes(m));
  const prefix = def.slice(0, def.indexOf("."));
  const inFile = PROCEDURE_FILES[prefix];
  const mirrors = [...tagged, ...named.filter((m) => inFile === undefined || m.file === inFile)];
  const statuses = Object.fromEntries(entries.map((e) => [e.id, SPEC_STATUS[e.id] ?? { status: "none", text: "not in the spec map" }]));
  const out: Definition = { def, entries, statuses, mirrors };
  if (mirrors.length === 0 && inFile !== undefined) out.file = { file: inFile, header: mirrorData.headers[inFile] ?? "" };
  cache.set(def, out);
  return out;
}

function rank(e: CatalogEntry): number {
  return e.kind === "definition" ? 0 : e.kind === "locale" ? 1 : 2;
}
