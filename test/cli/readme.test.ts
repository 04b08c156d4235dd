/**
 * Documentation that runs: every `console` block of the README is a list of `$ formal-ssa ...`
 * commands, each followed by its exact output (milliseconds aside). Each is run from the
 * repository root and compared.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROOT, runCli } from "./cli.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

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

describe("README console examples", () => {
  const all = examples();
  it("there are examples to run", () => {
    expect(all.length).toBeGreaterThanOrEqual(2);
  });
  for (const ex of all) {
    it(`formal-ssa ${ex.args.join(" ")}`, () => {
      const r = runCli(ex.args, ROOT);
      expect(normalize(r.stdout)).toBe(normalize(ex.expected));
    });
  }
});
