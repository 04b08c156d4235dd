/** Types of reproductions.mjs, for the test that runs it. */
export interface Work {
  short: string;
  file: string;
  cite: string;
  pages: string;
}
export interface Published {
  id: string;
  work: "cc2016" | "wagner2016";
  where: string;
  page: string | null;
  quote: string;
}
export interface WagnerTable {
  table: string;
  configuration: string;
  suite: string;
  rows: string[];
}
export const ROOT: string;
export const RESULTS: string;
export const OUTPUT: string;
export const WORKS: Record<"cc2016" | "wagner2016", Work>;
export const PUBLISHED: Published[];
export const WAGNER_TABLES: WagnerTable[];
export function plain(quote: string): string;
export function cell(text: unknown): string;
export function shown(p: Published): string;
export function sourceOf(p: Published): string;
export function fitExponent(points: readonly (readonly [number, number])[]): number | null;
export function paperSlope(): number | null;
export function wagnerRow(row: string): { benchmark: string; removed: number; total: number; figure: string };
export function wagnerTotals(): { configuration: string; tables: string[]; removed: number; total: number }[];
export function renderReproductions(results: unknown): string;
export function main(argv?: string[]): number;
