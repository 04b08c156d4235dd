/**
 * A finding as a bug report ready to paste upstream (`formal-ssa fuzz --report FINDING`): a
 * title; the producer versions that have it and those that do not; the minimal reproducer; the
 * producer's own command lines that show it without formal-ssa; what happens, what should
 * happen, and formal-ssa's witness. Pure: api/campaign/node/report.ts runs the producer for the
 * versions and the witness; scripts/react-known-baseline.mjs writes the React Compiler's reports
 * of docs/findings.md with it.
 */

export interface BugReportInput {
  /** The producer as its users name it (`babel-plugin-react-compiler`, `LLVM's mem2reg (opt)`). */
  producer: string;
  /** The finding's signature (`react-compiler:rejected:DeadCodeElimination:allUses_def_ass`). */
  signature: string;
  /** `rejected`, `crash`, `timeout`, `internal-error`, `invalid-output`, `unreadable`, `missing`. */
  kind: string;
  /** The campaign's one line for it. */
  description: string;
  /** The reproducer's files, name -> text (`case.js`, `before.ll`, `original.json`). */
  files: Record<string, string>;
  /** The shell commands that show it without formal-ssa, run in a folder holding `files`. */
  commands: string[];
  /** Version lines of the releases that have it, and of those checked that do not. */
  have: string[];
  haveNot: string[];
  /** Version lines of the releases that fail on the reproducer with another signature (each with it). */
  otherwise?: string[];
  /** formal-ssa's witness: the validator's report on the pair, or the producer's own message. */
  witness?: string;
  /** The formal-ssa commands that check it (replay, validate). */
  check: string[];
}

/** What each property a producer's output can fail asks of it, in words (docs/format.md, docs/properties.md). */
const SHOULD: Record<string, string> = {
  allUses_def_ass: "every value the pass's output reads (a phi's argument at the end of its predecessor) is defined on every path from the entry to where it is read",
  phis_wf: "every phi has one argument per predecessor of its block, in the predecessors' order",
  equiv: "every use reads the value of its variable's last definition in the input, on every path",
  conventional: "the versions of one variable never overlap: on no path from a value's definition to its use is another version of its variable defined",
  consistent_edges: "every phi names exactly its block's predecessors (no edge from a block that is gone, none missing)",
  same_instructions: "every instruction that is not a promoted variable's load or store is kept as it was",
  same_graph: "the control-flow graph stays as it was",
  sound_refinement: "where the input reads uninitialised content, the output's value is one the input's could be (a value that may be poison is no refinement of undef)",
  allDefs_disjoint: "every value is defined once",
  Entry_no_phis: "the entry block has no phis",
};

/** The property a signature names last (`...:rejected:STAGE:PROPERTY` or `...:rejected:PROPERTY`). */
function propertyOf(signature: string): string | undefined {
  const parts = signature.split(":");
  return parts[1] === "rejected" ? parts[parts.length - 1] : undefined;
}

/** The stage a rejection names (the React Compiler's pass), if any. */
function stageOf(signature: string): string | undefined {
  const parts = signature.split(":");
  return parts[1] === "rejected" && parts.length >= 4 ? parts[2] : undefined;
}

/** The finding's message without its target and kind (`babel-plugin-react-compiler: Invariant: ...`). */
function messageOf(description: string, kind: string): string {
  const i = description.indexOf(`${kind}: `);
  return i < 0 ? description : description.slice(i + kind.length + 2);
}

const fence = (text: string, lang = "") => {
  const ticks = /```/.test(text) ? "````" : "```";
  return `${ticks}${lang}\n${text.replace(/\n+$/, "")}\n${ticks}`;
};

const LANG: Record<string, string> = { js: "js", ll: "llvm", c: "c", comp: "glsl", json: "json" };

/** The report, in Markdown. */
export function bugReport(i: BugReportInput): string {
  const property = propertyOf(i.signature);
  const stage = stageOf(i.signature);
  const said = messageOf(i.description, i.kind);
  // the producer's name once: in the title, not again at the start of its message
  const message = said.startsWith(`${i.producer}: `) ? said.slice(i.producer.length + 2) : said;
  const title =
    i.kind === "rejected"
      ? `${i.producer}: ${stage !== undefined ? `the output of ${stage}` : "its output"} is not valid SSA (${property ?? "rejected"})`
      : i.kind === "timeout"
        ? `${i.producer} does not terminate on a small function`
        : i.kind === "invalid-output"
          ? `${i.producer} writes output its own validator rejects: ${message}`
          : `${i.producer}: ${message}`;
  const what =
    i.kind === "rejected"
      ? `${stage !== undefined ? `After ${stage}, the` : "The"} SSA form of the reproducer's function breaks \`${property}\`: ${message}`
      : i.kind === "internal-error"
        ? `The compiler gives up on the function with an internal error of its own: \`${message}\`.`
        : i.kind === "crash"
          ? `The producer crashes: \`${message}\`.`
          : i.kind === "timeout"
            ? `The producer does not answer: ${message}.`
            : message;
  const should =
    i.kind === "rejected"
      ? `The output of ${stage ?? "the pass"} is a valid SSA translation of its input: ${SHOULD[property ?? ""] ?? `the property \`${property}\` holds (formal-ssa's docs/properties.md)`}.`
      : i.kind === "internal-error" || i.kind === "crash"
        ? "The function compiles (or is skipped with a diagnostic about the code); the compiler's own invariants hold."
        : i.kind === "timeout"
          ? "The producer answers in a bounded time."
          : "The producer's output is valid.";
  const out: string[] = [`## ${title}`, ""];
  out.push(`Found by formal-ssa's fuzzer, which validates the SSA form of every function a producer builds against the Isabelle/HOL model of Buchwald, Lohner and Ullrich (CC 2016); signature \`${i.signature}\`.`, "");
  const otherwise = i.otherwise ?? [];
  out.push(
    `**Versions.** Has it: ${i.have.length > 0 ? i.have.join(", ") : "(none checked)"}.${i.haveNot.length > 0 ? ` Does not: ${i.haveNot.join(", ")}.` : ""}${otherwise.length > 0 ? ` Fails otherwise: ${otherwise.join(", ")}.` : ""}`,
    "",
  );
  out.push("**Reproducer.**", "");
  for (const [name, text] of Object.entries(i.files)) out.push(`\`${name}\`:`, "", fence(text, LANG[name.split(".").pop() ?? ""] ?? ""), "");
  if (i.commands.length > 0) out.push("**To reproduce** (in a folder holding the file above):", "", fence(i.commands.join("\n"), "sh"), "");
  out.push(`**What happens.** ${what}`, "");
  out.push(`**What should happen.** ${should}`, "");
  if (i.witness !== undefined && i.witness.trim() !== "") out.push("**formal-ssa's witness.**", "", fence(i.witness.trim()), "");
  if (i.check.length > 0) out.push("Checked with:", "", fence(i.check.join("\n"), "sh"), "");
  return `${out.join("\n").replace(/\n+$/, "")}\n`;
}
