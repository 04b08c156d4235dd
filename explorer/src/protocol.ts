/**
 * What the page and its validation worker (worker.ts) say to each other: a validation's summary
 * (each function's name, verdict and first report line), then a function's report and pair on
 * request. Requests are numbered; answers to an older validation than the latest are dropped.
 */
import type { Report } from "../../api/index.js";
import type { ProducerFunction, ProducerRun } from "./producers.js";

export interface FunctionSummary {
  name: string;
  verdict: string;
  line: string;
  /** The React Compiler's mode: the stages (passes) checked, in order. */
  stages?: string[];
}

export interface RunSummary {
  /** The report without its functions. */
  report: Omit<Report, "functions">;
  functions: FunctionSummary[];
}

export type ValidationRequest = { id: number; kind: "validate"; producer: string; before: string; after: string; version: string } | { id: number; kind: "function"; index: number };

export type ValidationAnswer =
  | { id: number; kind: "progress"; done: number; total: number }
  | { id: number; kind: "done"; summary: RunSummary }
  | { id: number; kind: "function"; index: number; fn: ProducerFunction }
  | { id: number; kind: "error"; message: string };

export function summaryOf(run: ProducerRun): RunSummary {
  const { functions: _, ...report } = run.report;
  return { report, functions: run.functions.map((f) => ({ name: f.report.name, verdict: f.report.verdict, line: f.line })) };
}

