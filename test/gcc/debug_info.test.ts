/**
 * GCC's debug binds (`# DEBUG x => x_5`, written by into-SSA at -O1 and up with -g) decided by
 * `debug_correct` (docs/debug-info.md), on the committed dumps of test/fixtures/gcc/debug.c
 * (GCC 12.2 at -O2 -g): every bind holds and the figures are GCC's own; a bind naming the wrong
 * SSA name is rejected with a witness; a dropped bind after a phi is a loss; `--debug-info off`
 * leaves the binds unread; a dump without -g has no debug figures.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validate } from "../../api/gcc.js";
import { formatReport } from "../../api/report.js";
import { ROOT } from "../cli/cli.js";

const FX = join(ROOT, "test/fixtures/gcc");
const read = (file: string) => readFileSync(join(FX, file), "utf8");
const before = read("debug.fixup_cfg1");
const after = read("debug.ssa");
const names = { names: { original: "debug.fixup_cfg1", ssa: "debug.ssa" } };

describe("GCC -O2 -g: debug binds", () => {
  it("the fixture's binds are the shapes the adapter reads", () => {
    expect(after).toMatch(/^ {2}# DEBUG sD\.\d+ => s_\d+$/m);
    expect(after).toMatch(/^ {2}# DEBUG BEGIN_STMT$/m);
    // a phi's bind follows the phis at the block's start
    expect(after).toMatch(/# x?\w+_\d+ = PHI <[^>]*>\n {2}# DEBUG \w+D\.\d+ => \w+_\d+/);
  });

  it("every bind holds; the report ends with the module's debug line", () => {
    const r = validate(before, after, names);
    expect(r.functions.filter((f) => f.verdict !== "certified").map((f) => f.name)).toEqual([]);
    for (const f of r.functions) expect(f.properties.debug_correct).toEqual({ holds: true });
    const sum = r.functions.find((f) => f.name === "sum")!.debug_info!;
    // n (a parameter: its incoming value at the entry), s and i
    expect(sum.per_variable.map((v) => v.variable.replace(/D\.\d+$/, ""))).toEqual(["n", "s", "i"]);
    expect(sum.per_variable.every((v) => v.available === v.points && v.wrong === 0)).toBe(true);
    // sq, scoped in the loop body, has no location where the loop's paths meet: a loss
    const sq = r.functions.find((f) => f.name === "scoped")!.debug_info!.per_variable.find((v) => v.variable.startsWith("sqD."))!;
    expect(sq.available).toBeLessThan(sq.points);
    expect(r.debug_info).toMatchObject({ wrong: 0 });
    expect(r.debug_info!.availability).toBeLessThan(100);
    expect(formatReport(r).trimEnd().split("\n").at(-1)).toMatch(/^debug info: \d+ variables, \d+ records, 0 wrong, availability \d+\.\d% \(exact construction: 100\.0%\)$/);
  });

  it("a bind naming the wrong SSA name is rejected, with the path, the point, the variable, the value shown and the value held", () => {
    // sum's bind after `s_8 = s_3 + i_4` names the value before it
    const m = /^( {2}s_(\d+) = s_(\d+) \+ i_\d+;\n {2}# DEBUG (sD\.\d+)) => s_\2$/m.exec(after);
    expect(m).not.toBeNull();
    const [, head, now, old] = m!;
    const mutant = after.replace(m![0], `${head} => s_${old}`);
    const r = validate(before, mutant, names);
    const f = r.functions.find((x) => x.name === "sum")!;
    expect(f.verdict).toBe("rejected");
    const p = f.properties.debug_correct;
    expect(p.holds).toBe(false);
    const w = p.witness![0];
    expect(w).toMatchObject({ value: `s_${old}`, want: `s_${now}` });
    expect(w.variable).toMatch(/^sD\.\d+$/);
    expect(w.path![0]).toBe("ENTRY");
    expect(w.text).toContain(`the debugger shows ${w.variable} as s_${old}, but ${w.variable} holds s_${now}`);
    expect(f.summary).toMatch(/^debug_correct fails/);
    expect(r.debug_info!.wrong).toBeGreaterThan(0);
    // the other functions are untouched
    expect(r.functions.filter((x) => x.verdict !== "certified").map((x) => x.name)).toEqual(["sum"]);
  });

  it("a bind naming another variable's SSA name is rejected", () => {
    const m = /^( {2}# DEBUG (sD\.\d+)) => s_(\d+)$/m.exec(after);
    const iName = /# DEBUG iD\.\d+ => (i_\d+)/.exec(after)![1];
    const r = validate(before, after.replace(m![0], `${m![1]} => ${iName}`), names);
    const f = r.functions.find((x) => x.name === "sum")!;
    expect(f.verdict).toBe("rejected");
    expect(f.properties.debug_correct.witness![0].text).toContain(`is a value of iD.`);
  });

  it("a bind dropped after a phi is a loss, not a rejection", () => {
    // the loop header's bind of s, after its phi
    const m = /(# s_(\d+) = PHI <[^>]*>\n(?: {2}# [^\n]*\n)*?) {2}# DEBUG sD\.\d+ => s_\2\n/.exec(after);
    expect(m).not.toBeNull();
    const r = validate(before, after.replace(m![0], m![1]), names);
    const f = r.functions.find((x) => x.name === "sum")!;
    expect(f.verdict).toBe("certified");
    const s = f.debug_info!.per_variable.find((v) => v.variable.startsWith("sD."))!;
    expect(s.available).toBeLessThan(s.points);
    expect(s.wrong).toBe(0);
  });

  it("--debug-info off leaves the binds unread; a dump without -g carries none", () => {
    const off = validate(before, after, { ...names, debugInfo: "off" });
    expect(off.debug_info).toBeUndefined();
    expect(off.functions.every((f) => f.properties.debug_correct === undefined && f.debug_info === undefined)).toBe(true);
    const plain = validate(read("o2.fixup_cfg1"), read("o2.ssa"), { names: { original: "o2.fixup_cfg1", ssa: "o2.ssa" } });
    expect(plain.debug_info).toBeUndefined();
    expect(formatReport(plain)).not.toContain("debug info:");
  });
});
