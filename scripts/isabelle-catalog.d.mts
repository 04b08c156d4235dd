/** Types of isabelle-catalog.mjs. */
export interface CatalogEntry {
  id: string;
  session: string;
  theory: string;
  locale: string;
  name: string;
  kind: string;
  summary: string;
  notApplicable?: string;
  /** The CC 2016 paper's name where it differs from the AFP's (an alias, with the figure). */
  paperName?: string;
}
export const CATALOG_TEXT: string;
/** [theory, what it holds] for the Formal_SSA theories the reference catalog lists no names for. */
/** Catalog id -> the paper's name for it, where the paper names it differently. */
export const PAPER_NAMES: Map<string, string>;
export const THEORIES_WITHOUT_NAMES: [string, string][];
export function catalog(): CatalogEntry[];
