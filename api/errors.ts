/**
 * The library's errors, one class per kind of failure (STYLE.md 8). Each carries the message the
 * command line prints, and the report behind it where there is one.
 * - `MalformedInput`: the input cannot be read as its format; one line naming the place
 *   (the command line: exit code 2).
 * - `NotWellFormed`: `construct` on a CFG that breaks an assumption of `CFG_wf`, so that no SSA
 *   construction would be a valid translation (the command line: exit code 1).
 * - `NotCertified`: `assertCertified` on an SSA that is not a certified translation; the message
 *   is the text report's lines with the witnesses.
 * - `MissingDependency`: an optional peer dependency a feature needs is not installed (the
 *   command line: exit code 2).
 * - `LimitExceeded`: an input larger than the process can hold (a buffer's size, the V8 heap);
 *   one line saying which limit and how to raise it (the command line: exit code 2).
 * - `ToolFailed`: an external program a command runs (gcc for `formal-ssa gcc`) is missing, or
 *   failed on the input: what to install, or the first lines it wrote (the command line: exit
 *   code 2).
 * Broken assumptions in `validate` and `check` are not errors: the reports say them by name.
 */
import { LimitExceeded, MalformedInput, showBytes } from "../spec/errors.js";
import { formatCheckReport, formatReport, withoutTimes, type CheckReport, type Report } from "./report.js";

export { LimitExceeded, MalformedInput, showBytes };

export class NotWellFormed extends Error {
  /** `where`: the input's name. */
  constructor(
    readonly report: CheckReport,
    where = "document",
  ) {
    const fn = report.functions.find((f) => f.verdict === "fails")?.name ?? "?";
    // the failing properties with their witnesses, without the function's line and the totals
    const lines = formatCheckReport(withoutTimes(report), { failingOnly: true })
      .split("\n")
      .filter((l) => l.startsWith("  "));
    super(`${where}: function ${fn} breaks CFG_wf, so no SSA construction would be a valid translation of it (the option unchecked, --unchecked, builds one anyway):\n${lines.join("\n")}`);
    this.name = "NotWellFormed";
  }
}

export class NotCertified extends Error {
  constructor(readonly report: Report) {
    super(`the SSA is not a certified translation of the original:\n${formatReport(withoutTimes(report), { failingOnly: true }).trimEnd()}`);
    this.name = "NotCertified";
  }
}

export class MissingDependency extends Error {
  /** `what`: the feature ("formal-ssa react"); `packages`: what to install. */
  constructor(what: string, packages: readonly string[]) {
    super(`${what} needs the optional peer dependencies ${packages.join(" and ")}: npm install --save-dev ${packages.join(" ")}`);
    this.name = "MissingDependency";
  }
}

export class ToolFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolFailed";
  }
}
