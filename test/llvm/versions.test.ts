/**
 * LLVM releases: mem2reg's promotability rule changed in LLVM 15, which no longer promotes an
 * alloca loaded with another type than its own (LLVM 14 does, and with opaque pointers puts the
 * stored `ptr` where an `i64` was read: `store atomic ptr`). The release comes from the module's
 * `!llvm.ident` or from `--llvm-version` (over the module); with neither, the after version shows
 * which rule its mem2reg applied. test/fixtures/llvm/versions/load_type.before.ll is clang's shape
 * for `__atomic_store_n` of a function pointer (SQLite's sqlite3_config), hand-written without an
 * ident; load_type.afterN.ll is what opt-N -passes=mem2reg printed for it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { identVersion } from "../../adapters/llvm/stream.js";
import { construct } from "../../api/llvm.js";
import { MalformedInput } from "../../api/errors.js";
import { validateLlvm } from "./validate.js";

const DIR = fileURLToPath(new URL("../fixtures/llvm/", import.meta.url));
const text = (f: string) => readFileSync(DIR + f, "utf8");
const BEFORE = text("versions/load_type.before.ll");
const after = (n: number) => text(`versions/load_type.after${n}.ll`);

function verdict(afterText: string, version?: string) {
  const [r] = validateLlvm(BEFORE, afterText, version === undefined ? {} : { producerVersion: version });
  return { certified: r.certified, messages: r.translation.map((t) => t.message) };
}

describe("the LLVM release: from !llvm.ident or --llvm-version", () => {
  it("clang's !llvm.ident names the release of every committed fixture; a hand-written module has none", () => {
    const fixtures = readdirSync(DIR).filter((f) => f.endsWith(".ll"));
    expect(fixtures.length).toBeGreaterThan(30);
    for (const f of fixtures) expect({ f, v: identVersion(text(f)) }).toEqual({ f, v: 14 });
    expect(identVersion(BEFORE)).toBeUndefined();
    expect(identVersion('!llvm.ident = !{!7}\n!7 = !{!"Debian clang version 16.0.6 (15~deb12u1)"}\n')).toBe(16);
  });

  it("no release known: opt-15's and opt-16's output certified, opt-14's rejected as the miscompile it is", () => {
    expect(verdict(after(15))).toEqual({ certified: true, messages: [] });
    expect(verdict(after(16))).toEqual({ certified: true, messages: [] });
    const r14 = verdict(after(14));
    expect(r14.certified).toBe(false);
    expect(r14.messages.join("\n")).toMatch(/LLVM 14 promotes a load of another type; later releases do not/);
  });

  it("--llvm-version 16: opt-16's output certified; an output that promoted the alloca is rejected, naming the rule", () => {
    expect(verdict(after(16), "16")).toEqual({ certified: true, messages: [] });
    expect(verdict(after(15), "15.0.6")).toEqual({ certified: true, messages: [] });
    const r = verdict(after(14), "16");
    expect(r.certified).toBe(false);
    expect(r.messages).toEqual([expect.stringMatching(/mem2reg removed %\.atomictmp, which no round of promotion makes promotable \(load of another type \(i64\) at line \d+, which LLVM 15 and later do not promote\)/)]);
  });

  it("--llvm-version 14: opt-14's output rejected as LLVM 14's miscompile; opt-16's, which keeps the alloca, rejected too", () => {
    expect(verdict(after(14), "14").messages.join("\n")).toMatch(/LLVM 14 promotes a load of another type/);
    const r = verdict(after(16), "14");
    expect(r.certified).toBe(false);
    expect(r.messages.length).toBeGreaterThan(0);
  });

  it("construct: the variables are the allocas the release promotes", () => {
    const vars = (v?: string) => Object.values(construct(BEFORE, v === undefined ? {} : { producerVersion: v }).functions[0].vars ?? {}).sort();
    // x.addr alone from 15 on (and with no release known, construct takes the later rule); x.addr and .atomictmp under 14
    expect(new Set(vars("16"))).toEqual(new Set(["x.addr"]));
    expect(new Set(vars())).toEqual(new Set(["x.addr"]));
    expect(new Set(vars("14"))).toEqual(new Set(["x.addr", ".atomictmp"]));
  });

  it("a release that is no number is malformed input, one line", () => {
    expect(() => validateLlvm(BEFORE, after(16), { producerVersion: "sixteen" })).toThrow(MalformedInput);
    expect(() => validateLlvm(BEFORE, after(16), { producerVersion: "sixteen" })).toThrow(/^--llvm-version: want a release number such as 14 or 16\.0\.6, have "sixteen"$/);
  });
});
