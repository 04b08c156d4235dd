/** Types of spec-map.mjs, for the test that runs it and the explorer's build. */
export interface SpecMapTest {
  file: string;
  line: number;
  title: string;
  how: "states" | "uses" | "reaches";
  /** For a test that states the entry: its generators (with their bounds), its runs, whether it runs fast-check. */
  testing?: {
    generators: { name: string; args: string; bounds?: string; file: string; line: number }[];
    runs: number[];
    fast: boolean;
  };
}
export type SpecStatus = "mirrored" | "stand-in" | "approximated" | "property-tested" | "not applicable";
export interface SpecMapRow {
  entry: { id: string; kind: string; notApplicable?: string };
  mirrors: { symbol: string; file: string; line: number; via: string; role: "literal" | "checker" | "stand-in" | "approximation"; why?: string }[];
  tests: SpecMapTest[];
  statedBy: SpecMapTest[];
  /** Undefined: the entry has none (the map fails on it). */
  status?: SpecStatus;
}
export const ROOT: string;
export const OUTPUT: string;
export const STATUS_OUTPUT: string;
export const STATUSES: SpecStatus[];
export function statusText(row: SpecMapRow): string;
export function buildSpecMap(root?: string): {
  entries: { id: string; kind: string; notApplicable?: string }[];
  rows: Map<string, SpecMapRow>;
  missing: string[];
  problems: string[];
  /** Names per status; `examplesOnly`: property-tested names no stating test checks with fast-check. */
  tallies: Record<SpecStatus | "examplesOnly", number>;
  markdown: string;
  /** The text of STATUS_OUTPUT. */
  statusModule: string;
};
