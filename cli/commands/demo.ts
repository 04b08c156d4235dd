import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";
import { readDocumentText, functionName } from "../../io/read.js";
import { formatDocument } from "../../io/write.js";
import { lowerCfg } from "../../io/lower.js";
import { Entry_in_graph, Entry_reaches, Entry_unreachable } from "../../spec/graph_path.js";
import { def_ass_uses, defs_uses_disjoint } from "../../spec/ssa_cfg.js";
import { constructOne } from "../construct_pipeline.js";
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
          `${c.construction.ssa.phiCount} phis placed, ${c.ssa.phiCount} left after removing trivial ones.`,
      );
      out.push("");
      out.push(formatDocument([c.doc]).trimEnd());
      process.stdout.write(out.join("\n") + "\n");
      setExit(checks.every(([, ok]) => ok) ? 0 : 1);
    });
}
