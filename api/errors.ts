/**
 * The library's errors, one class per kind of failure (STYLE.md 8). Each carries the message the
 * command line prints, and the report behind it where there is one.
 * - `MalformedInput`: the input cannot be read as its format; one line naming the place
 *   (the command line: exit code 2).
 * - `NotWellFormed`: `construct` on a CFG that breaks an assumption of `CFG_wf`, so that no SSA
 *   construction would be a valid translation (the command line: exit code 1).
 * - `NotCertified`: `assertCertified` on an SSA that is not a certified translation; the message
 *   is the text report's lines with the witnesses.
 * Broken assumptions in `validate` and `check` are not errors: the reports say them by name.
 */
import { MalformedInput } from "../spec/errors.js";
import { formatCheckReport, formatReport, type CheckReport, type Report } from "./report.js";

export { MalformedInput };

/** The failing lines of a text report (verdicts and witnesses), without the lines of what holds. */
function failingLines(text: string): string {
  return text
    .trimEnd()
    .split("\n")
    .filter((l) => !l.startsWith("  holds ") && !l.startsWith("  no    "))
    .join("\n");
}

export class NotWellFormed extends Error {
  /** `where`: the input's name. */
  constructor(
    readonly report: CheckReport,
    where = "document",
  ) {
    const fn = report.functions.find((f) => f.verdict === "fails")?.name ?? "?";
    // the failing properties with their witnesses, without the function's line and the totals
    const lines = failingLines(formatCheckReport(report))
      .split("\n")
      .filter((l) => l.startsWith("  "));
    super(`${where}: function ${fn} breaks CFG_wf, so no SSA construction would be a valid translation of it (the option unchecked, --unchecked, builds one anyway):\n${lines.join("\n")}`);
    this.name = "NotWellFormed";
  }
}

export class NotCertified extends Error {
  constructor(readonly report: Report) {
    super(`the SSA is not a certified translation of the original:\n${failingLines(formatReport(report))}`);
    this.name = "NotCertified";
  }
}
