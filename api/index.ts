/**
 * `formal-ssa`: the library. Certify anyone's SSA against its original CFG (`validate`,
 * `assertCertified`), decide what holds of one document (`check`), build SSA by the verified
 * construction or its peers (`construct`), read and write the exchange format
 * (`parseDocument`, `formatDocuments`), render reports (`formatReport`). Every function is pure:
 * no file system, no printing, no exit; `formal-ssa/node` has the file and stream helpers,
 * `formal-ssa/arbitraries` the random CFGs and properties for fast-check, `formal-ssa/llvm` the
 * LLVM adapter.
 */
export {
  ALGORITHMS,
  construct,
  constructTraced,
  MINIMIZATIONS,
  type Algorithm,
  type ConstructRequest,
  type Minimize,
  type TracedConstruction,
  type TraceNames,
  type TraceRequest,
} from "./construct.js";
export {
  formatDocuments,
  FORMAT_VERSION,
  parseDocument,
  type BlockDoc,
  type CfgDocument,
  type Document,
  type DocumentInput,
  type FunctionDoc,
  type ModuleDocument,
  type ParseOptions,
  type PhiDoc,
  type SsaDocument,
  type StmtDoc,
} from "./documents.js";
export { LimitExceeded, MalformedInput, NotCertified, NotWellFormed } from "./errors.js";
export { assertCertified } from "./assert.js";
export {
  CHECK_FORMAT,
  formatCheckReport,
  formatReport,
  REPORT_FORMAT,
  type CheckedFunction,
  type CheckReport,
  type FormatOptions,
  type FunctionReport,
  type FunctionStats,
  type PlaceReport,
  type PropertyReport,
  type Report,
  type WitnessReport,
} from "./report.js";
export { check, validate, type CheckOptions, type UndefMode, type ValidateOptions } from "./validate.js";
export { QUALITY, VALIDITY, type QualityProperty } from "../checks/index.js";
export { ADAPTERS, adapterFor, adapterNamed } from "./adapters.js";
export { constructedWith, validateWith, validateWithPairs, type ProducerOptions } from "./producers.js";
export type { Adapter, AdapterCheck, AdapterFailure, FunctionPair, OriginalFunction, PhiDifference, RefinedValue, SourceInput, StatementPlace } from "../adapters/adapter.js";
export type { FuzzCase, FuzzTarget, PrintedBatch, ProcessRunner, ProcessStep, InProcessRunner } from "../adapters/fuzz_target.js";
export { toDot } from "../io/dot.js";
/** The events of the constructions' optional tracing hook (impl/trace.ts), for callers that step through them (the explorer). */
export type { TraceEvent, Tracer } from "../impl/trace.js";
