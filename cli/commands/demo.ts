import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";
import { readDocumentText, functionName } from "../../io/read.js";
import { formatDocument } from "../../io/write.js";
import { lowerCfg } from "../../io/lower.js";
import { Entry_in_graph, Entry_reaches, Entry_unreachable } from "../../spec/graph_path.js";
import { def_ass_uses, defs_uses_disjoint } from "../../spec/ssa_cfg.js";
import type { FunctionDoc } from "../../io/format.js";
import { constructOne } from "../construct_pipeline.js";
import { reportText, validateDocs } from "../validate_pipeline.js";
import type { SetExit } from "./index.js";

/** The built-in example: the loop of examples/loop.json, shipped with the package. */
export const DEMO_EXAMPLE = fileURLToPath(new URL("../../../examples/loop.json", import.meta.url));

export function registerDemo(program: Command, setExit: SetExit): void {
  program
    .command("demo")
    .description("run the main job on a built-in example: check it, construct SSA, print it")
    .action(() => {
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
      const good = validateDocs([doc], [c.doc], "examples/loop.json", "constructed", []);
      out.push(...indent(reportText(good)));
      const mutant = swapFirstPhi(c.doc);
      out.push("4. The same SSA with the loop phi's two arguments swapped (a classic construction bug):");
      const bad = validateDocs([doc], [mutant.doc], "examples/loop.json", "mutant", []);
      out.push(`   ${mutant.what}`);
      out.push(...indent(reportText(bad).split("\n").filter((l) => !l.includes("holds ")).join("\n")));
      process.stdout.write(out.join("\n") + "\n");
      const expected = checks.every(([, ok]) => ok) && good.every((r) => r.certified) && !bad.every((r) => r.certified);
      setExit(expected ? 0 : 1);
    });
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
