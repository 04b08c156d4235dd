/**
 * `formal-ssa/certificate`: the independent checker of validate's certificates (certificate/,
 * docs/certificates.md), and the certificate's types. `validate(original, ssa, { certificate:
 * true })` gives the certificate; `recheck(original, ssa, certificate)` re-verifies it without
 * formal-ssa's checkers.
 */
export { CERTIFICATE_FORMAT, RECHECKABLE_QUALITY, recheck } from "../certificate/recheck.js";
export type { Certificate, DominanceEvidence, FunctionCertificate, RecheckedFunction, RecheckReport } from "../certificate/recheck.js";
export type { CertificateDocument, NotCovered } from "./certify.js";
