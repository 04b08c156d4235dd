/** Types of isabelle-catalog.mjs. */
export interface CatalogEntry {
  id: string;
  session: string;
  theory: string;
  locale: string;
  name: string;
  kind: string;
  summary: string;
  notExecutable?: string;
}
export const CATALOG_TEXT: string;
/** [theory, what it holds] for the Formal_SSA theories the reference catalog lists no names for. */
export const THEORIES_WITHOUT_NAMES: [string, string][];
export function catalog(): CatalogEntry[];
