/**
 * The spec map (docs/spec-map.md) is computed from the code by scripts/spec-map.mjs: every
 * catalogued Isabelle name needs a TypeScript mirror and a test (or a stated reason why it is
 * not executable), every `@isabelle` tag must name a catalogued entry, and the committed map
 * must be what the generator writes now (run `npm run spec-map` after changing spec/, checks/,
 * impl/, graph/ or test/).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildSpecMap, OUTPUT, ROOT } from "../../scripts/spec-map.mjs";

describe("spec map", () => {
  const map = buildSpecMap(ROOT);
  it("every catalogued name has a mirror and a test, and every @isabelle tag resolves", () => {
    expect(map.problems).toEqual([]);
    expect(map.missing, "each line names an Isabelle entry without a TypeScript mirror or a test: add one, or give the catalog entry a reason after ||").toEqual([]);
  });
  it("a theorem's mirror is a test that states it or a declaration tagged with it; names marked not executable have a reason", () => {
    for (const [id, row] of map.rows) {
      if (row.entry.notExecutable !== undefined) expect({ id, reason: row.entry.notExecutable.length > 10 }).toEqual({ id, reason: true });
      for (const t of row.statedBy) expect(t.how).toBe("states");
    }
  });
  it("docs/spec-map.md is up to date", () => {
    const committed = readFileSync(join(ROOT, OUTPUT), "utf8");
    // a stale map is not a failure of the code: the generator rewrites it from the code
    if (committed !== map.markdown) {
      const at = [...committed].findIndex((c, i) => c !== map.markdown[i]);
      const line = committed.slice(0, at === -1 ? committed.length : at).split("\n").length;
      expect.fail(`${OUTPUT} is stale (it first differs at line ${line}): run \`npm run spec-map\` to regenerate it, and commit the result`);
    }
  });
});
