/**
 * Baselines of campaigns: the findings a team already knows (`formal-ssa fuzz --known FILE`), so
 * that a fuzz job in CI turns red only on a new one. A baseline is a JSON document,
 * `formal-ssa/known-findings@1` (schemas/known-findings.json):
 *
 * ```json
 * {
 *   "format": "formal-ssa/known-findings@1",
 *   "findings": [
 *     { "signature": "react-compiler:rejected:DeadCodeElimination:allUses_def_ass",
 *       "target": "react-compiler", "kind": "rejected",
 *       "description": "...", "versions": ["babel-plugin-react-compiler 1.0.0"],
 *       "note": "docs/findings.md" }
 *   ]
 * }
 * ```
 *
 * Only `signature` matters to a campaign: a finding whose signature a baseline lists is counted
 * and shown as known, and nothing else is done with it (no shrinking, no folder). The other
 * fields are for people. `formal-ssa fuzz --merge DIR... --write-known FILE` writes one from
 * campaigns' finding folders (with `--known OLD`, OLD's entries kept). Pure: the reading and
 * writing of files is the caller's.
 */
import { MalformedInput } from "../../spec/errors.js";

export const KNOWN_FORMAT = "formal-ssa/known-findings@1";

/** One known finding. */
export interface KnownFinding {
  /** The finding's signature, exactly as a campaign gives it (`target:kind:...`). */
  signature: string;
  /** The fuzz target (`llvm-mem2reg`, `react-compiler`, ...), `constructor` or `differential`. */
  target?: string;
  /** `rejected`, `crash`, `timeout`, `internal-error`, ... */
  kind?: string;
  /** One line for people: what the finding is. */
  description?: string;
  /** The producer versions it was seen on (the version lines campaigns print). */
  versions?: string[];
  /** Where it is reported or explained (an issue, docs/findings.md). */
  note?: string;
}

export interface KnownFindings {
  format: typeof KNOWN_FORMAT;
  findings: KnownFinding[];
}

const FIELDS: Record<keyof KnownFinding, "string" | "strings"> = {
  signature: "string",
  target: "string",
  kind: "string",
  description: "string",
  versions: "strings",
  note: "string",
};

/** A baseline from its text; anything else is `MalformedInput` with one line naming `file` and the place. */
export function parseKnown(text: string, file: string): KnownFindings {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new MalformedInput(`${file}: not JSON (${e instanceof Error ? e.message.split("\n")[0] : String(e)})`);
  }
  const bad = (where: string, what: string): never => {
    throw new MalformedInput(`${file}: ${where}${what}`);
  };
  if (typeof json !== "object" || json === null || Array.isArray(json)) bad("", `want an object {"format": "${KNOWN_FORMAT}", "findings": [...]}`);
  const doc = json as Record<string, unknown>;
  for (const k of Object.keys(doc)) if (k !== "format" && k !== "findings") bad("", `unknown field ${JSON.stringify(k)}`);
  if (doc.format !== KNOWN_FORMAT) bad("", `"format": want "${KNOWN_FORMAT}"`);
  if (!Array.isArray(doc.findings)) bad("", `"findings": want a list`);
  const seen = new Set<string>();
  const findings = (doc.findings as unknown[]).map((f, i) => {
    const at = `findings[${i}]: `;
    if (typeof f !== "object" || f === null || Array.isArray(f)) bad(at, "want an object with a \"signature\"");
    const entry = f as Record<string, unknown>;
    for (const [k, v] of Object.entries(entry)) {
      const type = FIELDS[k as keyof KnownFinding];
      if (type === undefined) bad(at, `unknown field ${JSON.stringify(k)}`);
      if (type === "string" && typeof v !== "string") bad(at, `"${k}": want a string`);
      if (type === "strings" && !(Array.isArray(v) && v.every((x) => typeof x === "string"))) bad(at, `"${k}": want a list of strings`);
    }
    if (typeof entry.signature !== "string" || entry.signature === "") bad(at, `"signature": want a non-empty string`);
    if (seen.has(entry.signature as string)) bad(at, `signature ${JSON.stringify(entry.signature)} listed twice`);
    seen.add(entry.signature as string);
    return entry as unknown as KnownFinding;
  });
  return { format: KNOWN_FORMAT, findings };
}

/** The signatures a baseline lists. */
export function knownSignatures(known: KnownFindings | undefined): ReadonlySet<string> {
  return new Set((known?.findings ?? []).map((f) => f.signature));
}

/**
 * `base`'s entries and `more`, one entry per signature (an entry of `base` kept as it is, its
 * versions joined with the new ones), sorted by signature.
 */
export function mergeKnown(base: KnownFindings | undefined, more: readonly KnownFinding[]): KnownFindings {
  const bySignature = new Map<string, KnownFinding>();
  for (const f of base?.findings ?? []) bySignature.set(f.signature, { ...f });
  for (const f of more) {
    const old = bySignature.get(f.signature);
    if (old === undefined) {
      bySignature.set(f.signature, { ...f });
      continue;
    }
    const versions = [...new Set([...(old.versions ?? []), ...(f.versions ?? [])])];
    if (versions.length > 0) old.versions = versions;
  }
  const findings = [...bySignature.values()].sort((a, b) => (a.signature < b.signature ? -1 : a.signature > b.signature ? 1 : 0));
  return { format: KNOWN_FORMAT, findings };
}

/** The baseline's text: stable field order, one finding per block, a final newline. */
export function formatKnown(known: KnownFindings): string {
  const order: (keyof KnownFinding)[] = ["signature", "target", "kind", "description", "versions", "note"];
  const entries = known.findings.map((f) => {
    const o: Record<string, unknown> = {};
    for (const k of order) if (f[k] !== undefined) o[k] = f[k];
    return o;
  });
  return `${JSON.stringify({ format: KNOWN_FORMAT, findings: entries }, null, 2)}\n`;
}
