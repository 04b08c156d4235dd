/**
 * Certification inside any test runner (vitest, jest, node:test, mocha): `assertCertified`
 * returns quietly or throws `NotCertified`, whose message is the text report's failing
 * properties with their witnesses.
 */
import type { DocumentInput } from "./documents.js";
import { NotCertified } from "./errors.js";
import type { Report } from "./report.js";
import { validate, type ValidateOptions } from "./validate.js";

/** Throws `NotCertified` (with the report) unless `ssa` is a certified translation of `original`; returns the report. */
export function assertCertified(original: DocumentInput, ssa: DocumentInput, options: ValidateOptions = {}): Report {
  const report = validate(original, ssa, options);
  if (report.verdict !== "certified") throw new NotCertified(report);
  return report;
}
