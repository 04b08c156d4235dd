/**
 * The spec map (docs/spec-map.md) is computed from the code by scripts/spec-map.mjs: every
 * catalogued Isabelle name needs a status (mirrored, stand-in, approximated, property-tested or
 * not applicable) and a test (not applicable names need neither), every tag must name a
 * catalogued entry, and the committed map must be what the generator writes now (run `npm run spec-map` after changing spec/, checks/,
 * impl/, graph/ or test/).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildSpecMap, OUTPUT, ROOT, STATUS_OUTPUT, STATUSES, statusText } from "../../scripts/spec-map.mjs";

describe("spec map", () => {
  const map = buildSpecMap(ROOT);
  it("every catalogued name has a mirror and a test, and every @isabelle tag resolves", () => {
    expect(map.problems).toEqual([]);
    expect(map.missing, "each line names an Isabelle entry without a TypeScript mirror or a test: add one, or give the catalog entry a reason after ||").toEqual([]);
  });
  it("a theorem's mirror is a test that states it or a declaration tagged with it; names marked not executable have a reason", () => {
    for (const [id, row] of map.rows) {
      if (row.entry.notApplicable !== undefined) expect({ id, reason: row.entry.notApplicable.length > 10 }).toEqual({ id, reason: true });
      for (const t of row.statedBy) expect(t.how).toBe("states");
    }
  });
  it("every name has one status, the tallies count them, and each status says what it rests on", () => {
    const counted = Object.fromEntries(STATUSES.map((st) => [st, 0]));
    for (const [id, row] of map.rows) {
      expect({ id, status: STATUSES.includes(row.status!) }).toEqual({ id, status: true });
      counted[row.status!]++;
      const kinds = row.mirrors.map((m) => m.role);
      if (row.status === "mirrored") expect({ id, literal: kinds.includes("literal") }).toEqual({ id, literal: true });
      if (row.status === "stand-in" || row.status === "approximated") expect({ id, why: row.mirrors.every((m) => m.role === "literal" || m.role === "checker" || (m.why ?? "").length > 10) }).toEqual({ id, why: true });
      if (row.status === "property-tested") expect({ id, tested: row.statedBy.length > 0 && row.statedBy.every((t) => t.testing !== undefined) }).toEqual({ id, tested: true });
      expect(statusText(row)).toMatch(new RegExp(`^${row.status}`));
    }
    expect(Object.fromEntries(STATUSES.map((st) => [st, map.tallies[st]]))).toEqual(counted);
    expect(Object.values(counted).reduce((a, b) => a + b, 0)).toBe(map.entries.length);
    // what issue 44 found, by name: the code says so, and the map does
    const status = (name: string) => [...map.rows.values()].find((r) => r.entry.id.endsWith(`.${name}`))!.status;
    for (const name of ["CFG_Construct_linorder", "CFG_SSA_code", "CFG_SSA_step_code", "CFG_SSA_Transformed_code", "CFG_SSA_Transformed_notriv_linorder"]) expect({ name, status: status(name) }).toEqual({ name, status: "stand-in" });
    expect(status("substAll_efficient")).toBe("approximated");
    for (const name of ["nodes_list_it_correct", "pred_list_it_correct"]) expect({ name, status: status(name) }).toEqual({ name, status: "not applicable" });
    expect(status("liveVal")).toBe("mirrored");
  });
  it("docs/spec-map.md and the explorer's statuses (explorer/src/spec_status.ts) are up to date", () => {
    for (const [file, text] of [
      [OUTPUT, map.markdown],
      [STATUS_OUTPUT, map.statusModule],
    ]) {
      const committed = readFileSync(join(ROOT, file), "utf8");
      // a stale map is not a failure of the code: the generator rewrites it from the code
      if (committed !== text) {
        const at = [...committed].findIndex((c, i) => c !== text[i]);
        const line = committed.slice(0, at === -1 ? committed.length : at).split("\n").length;
        expect.fail(`${file} is stale (it first differs at line ${line}): run \`npm run spec-map\` to regenerate it, and commit the result`);
      }
    }
  });
});
