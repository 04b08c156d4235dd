/**
 * `formal-ssa demo`: the main job on the built-in example (examples/loop.json, shipped with the
 * package): its CFG_wf assumptions decided by the literal spec definitions, SSA by the verified
 * construction, the validator on it and on a copy with a classic construction bug.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FunctionDoc } from "../../io/format.js";
import { lowerCfg } from "../../io/lower.js";
import { functionName, readDocumentText } from "../../io/read.js";
import { formatDocument } from "../../io/write.js";
import { Entry_in_graph, Entry_reaches, Entry_unreachable } from "../../spec/graph_path.js";
import { def_ass_uses, defs_uses_disjoint } from "../../spec/ssa_cfg.js";
import { constructOne } from "../construct.js";
import { formatReport } from "../report.js";
import { reportOf, validateFunctions } from "../validate.js";

/** The built-in example: the loop of examples/loop.json, shipped with the package. */
export const DEMO_EXAMPLE = fileURLToPath(new URL("../../../examples/loop.json", import.meta.url));

/** The demo's text, and whether everything came out as it should (the example certified, the mutant rejected). */
export function demo(): { text: string; ok: boolean } {
  const out: string[] = [];
  const text = readFileSync(DEMO_EXAMPLE, "utf8");
  const [doc] = readDocumentText(text, "examples/loop.json");
  const name = functionName(doc, 0);
  out.push(`formal-ssa demo: ${name} (examples/loop.json)`);
  out.push("");
  const lowered = lowerCfg(doc, "examples/loop.json", name);
  const g = lowered.cfg;
  out.push(`1. The original CFG: ${doc.blocks.length} blocks, lowered to ${g.nodeCount} nodes of the Isabelle model.`);
  out.push("   Locale assumptions of CFG_wf, decided by the literal spec definitions:");
  const checks: [string, boolean][] = [
    ["Entry_in_graph", Entry_in_graph(g)],
    ["Entry_unreachable", Entry_unreachable(g)],
    ["Entry_reaches", Entry_reaches(g)],
    ["defs_uses_disjoint", defs_uses_disjoint(g)],
    ["def_ass_uses", def_ass_uses(g)],
  ];
  for (const [p, ok] of checks) out.push(`   ${ok ? "holds " : "FAILS "} ${p}`);
  out.push("");
  const c = constructOne(doc, "examples/loop.json", name, { algorithm: "functional", minimize: "trivial" });
  out.push(
    `2. SSA by the functional construction (phiDefNodes, lookupDef), then substAll: ` +
      `${plural(c.construction.ssa.phiCount, "phi")} placed, ${c.ssa.phiCount} left after removing the trivial ones.`,
  );
  out.push("");
  out.push(formatDocument([c.doc]).trimEnd());
  out.push("");
  out.push("3. The translation validator on the constructed SSA:");
  const names = (ssa: string) => ({ names: { original: "examples/loop.json", ssa } });
  const good = reportOf(validateFunctions([doc], [c.doc], names("constructed")));
  out.push(...indent(formatReport(good)));
  const mutant = swapFirstPhi(c.doc);
  out.push("4. The same SSA with the loop phi's two arguments swapped (a classic construction bug):");
  const bad = reportOf(validateFunctions([doc], [mutant.doc], names("mutant")));
  out.push(`   ${mutant.what}`);
  out.push(...indent(formatReport(bad, { failingOnly: true })));
  const ok = checks.every(([, holds]) => holds) && good.verdict === "certified" && bad.verdict === "rejected";
  return { text: out.join("\n") + "\n", ok };
}

function indent(text: string): string[] {
  return text.trimEnd().split("\n").map((l) => `   ${l}`);
}

/** A copy of `doc` whose first phi with two different arguments has them swapped. */
function swapFirstPhi(doc: FunctionDoc): { doc: FunctionDoc; what: string } {
  const copy: FunctionDoc = structuredClone(doc);
  for (const b of copy.blocks) {
    for (const phi of b.phis ?? []) {
      const args = phi.args as string[];
      const j = args.findIndex((a) => a !== args[0]);
      if (j > 0) {
        [args[0], args[j]] = [args[j], args[0]];
        return { doc: copy, what: `mutant: in block ${b.id}, ${phi.def} = phi(${args.join(", ")})` };
      }
    }
  }
  return { doc: copy, what: "mutant: no phi to swap" };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
