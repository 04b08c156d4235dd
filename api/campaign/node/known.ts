/**
 * Baselines on disk (api/campaign/known.ts): reading `--known FILE`, and writing one from
 * campaigns' finding folders (`formal-ssa fuzz --merge DIR... --write-known FILE`), whatever
 * wrote them: a producer's campaign (`--target`) or a constructor's (`--constructor`).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MalformedInput } from "../../../spec/errors.js";
import { formatKnown, mergeKnown, parseKnown, type KnownFinding, type KnownFindings } from "../known.js";

/** The baseline in `file`; a missing or unreadable file is `MalformedInput` naming it. */
export function readKnownFile(file: string): KnownFindings {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new MalformedInput(`${file}: no such baseline file (--known wants a formal-ssa/known-findings@1 file; fuzz --merge DIR... --write-known FILE writes one)`);
  }
  return parseKnown(text, file);
}

/** What every finding.json says of its finding, whichever campaign wrote it. */
interface AnyFindingRecord {
  format: string;
  signature: string;
  description?: string;
  target?: string;
  kind?: string;
  /** A producer's version line. */
  version?: string;
}

/** The known findings of every finding folder directly under each of `dirs` (those holding a finding.json). */
export function knownFromFolders(dirs: readonly string[]): KnownFinding[] {
  const out: KnownFinding[] = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) throw new MalformedInput(`${dir}: no such folder`);
    for (const name of readdirSync(dir).sort()) {
      const file = join(dir, name, "finding.json");
      if (!existsSync(file)) continue;
      let r: AnyFindingRecord;
      try {
        r = JSON.parse(readFileSync(file, "utf8")) as AnyFindingRecord;
      } catch (e) {
        throw new MalformedInput(`${file}: not JSON (${e instanceof Error ? e.message.split("\n")[0] : String(e)})`);
      }
      if (typeof r.signature !== "string" || !/^formal-ssa\/(producer|constructor)-finding@1$/.test(String(r.format)))
        throw new MalformedInput(`${file}: not a finding record (want "format": "formal-ssa/producer-finding@1" or "formal-ssa/constructor-finding@1", and a "signature")`);
      out.push({
        signature: r.signature,
        ...(r.target !== undefined ? { target: r.target } : {}),
        ...(r.kind !== undefined ? { kind: r.kind } : {}),
        ...(r.description !== undefined ? { description: r.description } : {}),
        ...(r.version !== undefined ? { versions: [r.version] } : {}),
      });
    }
  }
  return out;
}

/** Writes the baseline of `dirs`' findings to `file`, `base`'s entries kept; returns it. */
export function writeKnownFile(file: string, dirs: readonly string[], base?: KnownFindings): KnownFindings {
  const known = mergeKnown(base, knownFromFolders(dirs));
  writeFileSync(file, formatKnown(known));
  return known;
}
