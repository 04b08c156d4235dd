/** Types of spec-map.mjs, for the test that runs it. */
export interface SpecMapTest {
  file: string;
  line: number;
  title: string;
  how: "states" | "uses" | "reaches";
}
export interface SpecMapRow {
  entry: { id: string; kind: string; notExecutable?: string };
  mirrors: { symbol: string; file: string; line: number; via: string }[];
  tests: SpecMapTest[];
  statedBy: SpecMapTest[];
}
export const ROOT: string;
export const OUTPUT: string;
export function buildSpecMap(root?: string): {
  entries: { id: string; kind: string; notExecutable?: string }[];
  rows: Map<string, SpecMapRow>;
  missing: string[];
  problems: string[];
  markdown: string;
};
