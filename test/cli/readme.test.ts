/**
 * Documentation that runs: every `console` block of the README and of docs/*.md is a list of
 * `$ formal-ssa ...` commands, each followed by its exact output (milliseconds aside). Each is
 * run from the repository root and compared.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runMain } from "./cli.js";

const DOCS = ["README.md", ...readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
const readme = DOCS.map((d) => readFileSync(join(ROOT, d), "utf8")).join("\n");

interface Example {
  args: string[];
  expected: string;
}

function examples(): Example[] {
  const out: Example[] = [];
  for (const block of readme.matchAll(/```console\n([\s\S]*?)```/g)) {
    let current: Example | undefined;
    for (const line of block[1].split("\n")) {
      if (line.startsWith("$ formal-ssa ")) {
        current = { args: line.slice("$ formal-ssa ".length).split(" "), expected: "" };
        out.push(current);
      } else if (current) current.expected += line + "\n";
    }
  }
  return out;
}

const normalize = (s: string) => s.replace(/\d+(\.\d+)? ms\b/g, "<t> ms").trimEnd();

describe("console examples of the README and docs/", () => {
  const all = examples();
  it("there are examples to run", () => {
    expect(all.length).toBeGreaterThanOrEqual(4);
  });
  for (const ex of all) {
    it(`formal-ssa ${ex.args.join(" ")}`, async () => {
      const r = await runMain(ex.args, ROOT);
      expect(normalize(r.stdout)).toBe(normalize(ex.expected));
    });
  }
});
