/**
 * Certifying GCC's SSA construction (adapters/gcc/, api/gcc.ts) on the committed dumps of
 * test/fixtures/gcc/ (GCC 12.2, `gcc -O0 -fdump-tree-{cfg,fixup_cfg1,ssa}-blocks-uid`, o2.c and
 * the C++ cxx.cc at -O2; the README there says how they were made): every function is certified, against either dump
 * before SSA construction; mutants of the after dump are rejected by the property that names
 * what is wrong, with its witness; malformed dumps throw one line naming file, function and line.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { construct, gccAdapter, parseGimpleDump, validate } from "../../api/gcc.js";
import { adapterFor } from "../../api/adapters.js";
import { constructFile, validateFiles } from "../../api/node/index.js";
import type { FunctionReport } from "../../api/report.js";
import { MalformedInput } from "../../spec/errors.js";
import { ROOT } from "../cli/cli.js";

const FX = join(ROOT, "test/fixtures/gcc");
const SOURCES = ["loops", "control", "memory", "uninit", "setjmp", "o2"];
const read = (file: string) => readFileSync(join(FX, file), "utf8");
const names = (name: string, before = "cfg") => ({ names: { original: `${name}.${before}`, ssa: `${name}.ssa` } });
const fn = (functions: FunctionReport[], name: string) => functions.find((f) => f.name === name)!;
/** The properties that fail (not those left undecided because a producer check failed). */
const failing = (f: FunctionReport) => Object.entries(f.properties).filter(([, p]) => !p.holds && p.decided !== false).map(([k]) => k);

describe("GCC 12 -O0: every fixture function certified", () => {
  for (const name of SOURCES)
    for (const before of ["cfg", "fixup_cfg1"])
      it(`${name}.${before} -> ${name}.ssa, strict and refine`, () => {
        for (const undef of ["strict", "refine"] as const) {
          const r = validate(read(`${name}.${before}`), read(`${name}.ssa`), { ...names(name, before), undef });
          expect(r.functions.filter((f) => f.verdict !== "certified").map((f) => `${f.name}: ${failing(f).join(", ")}`)).toEqual([]);
          expect(r.verdict).toBe("certified");
          // the C source's functions, all of them
          const defined = [...read(`${name}.c`).matchAll(/^\w[\w\s*]*?\b(\w+)\s*\([^;]*\)\s*\{/gm)].map((m) => m[1]);
          expect(r.functions.map((f) => f.name).sort()).toEqual(defined.sort());
        }
      });

  it("cxx.cc (C++ at -O2): a constructor's clobber of *this, the result through <retval>, a parameter pack's args#0", () => {
    const before = read("cxx.fixup_cfg1");
    const after = read("cxx.ssa");
    // the shapes are there
    expect(before).toMatch(/^ {2}MEM\[\(struct __as_base D\.\d+ &\)thisD\.\d+\] = \{CLOBBER\};$/m);
    expect(after).toMatch(/^ {2}MEM\[\(struct __as_base D\.\d+ &\)this_\d+\(D\)\] =\{v\} \{CLOBBER\};$/m);
    expect(before).toMatch(/<retval>/);
    expect(after).not.toMatch(/<retval>/);
    expect(after).toMatch(/pickD\.\d+ \(args#0_\d+\(D\), args#1_\d+\(D\)\)/);
    for (const undef of ["strict", "refine"] as const) {
      const r = validate(before, after, { ...names("cxx", "fixup_cfg1"), undef });
      expect(r.functions.filter((f) => f.verdict !== "certified").map((f) => `${f.name}: ${failing(f).join(", ")}`)).toEqual([]);
      expect(r.functions.map((f) => f.name)).toEqual(expect.arrayContaining(["Status::Status", "Status::~Status", "make", "named", "use_pack", "guarded", "first<int, int>"]));
    }
    // a mutant: the constructor's clobber goes to another object
    const mutant = after.replace(/MEM\[\(struct __as_base D\.(\d+) &\)this_(\d+)\(D\)\] =\{v\} \{CLOBBER\};/, "MEM[(struct __as_base D.$1 &)0B] ={v} {CLOBBER};");
    expect(mutant).not.toBe(after);
    expect(validate(before, mutant, names("cxx", "fixup_cfg1")).verdict).toBe("rejected");
  });

  it("GCC's phis are exactly the minimum, every variable it renames is a variable of the model", () => {
    const r = validate(read("loops.cfg"), read("loops.ssa"), names("loops"));
    for (const f of r.functions) expect(f.stats.phis).toBe(f.stats.phis_minimum);
    expect(fn(r.functions, "sum").stats).toMatchObject({ phis: 2, renamed: 4 });
    // sum: n, s, i and the return temporary D.N; nested: n, m, total, i, j, the temporary
    expect(fn(r.functions, "nested").stats.renamed).toBe(6);
  });

  it("uninitialised reads are GCC's default definitions: the entry's wildcards, parameters not among them", () => {
    const pairs = [...gccAdapter.pairs({ text: read("uninit.cfg"), name: "uninit.cfg" }, { text: read("uninit.ssa"), name: "uninit.ssa" })];
    const maybe = pairs.find((p) => p.name === "maybe")!;
    expect(maybe.uninitialised.map((u) => u.variable)).toEqual([expect.stringMatching(/^xD\.\d+$/), expect.stringMatching(/^D\.\d+$/)]);
    expect(maybe.ssa.blocks.find((b) => b.id === "ENTRY")!.stmts!.map((s) => s.defs[0])).toEqual([expect.stringMatching(/^c_\d+\(D\)$/), expect.stringMatching(/^x_\d+\(D\)$/), expect.stringMatching(/^D\.\d+\(D\)$/)]);
  });

  it("memory stays memory: address-taken, array, struct, volatile and static variables are not variables of the model", () => {
    const pairs = [...gccAdapter.pairs({ text: read("memory.cfg"), name: "memory.cfg" }, { text: read("memory.ssa"), name: "memory.ssa" })];
    const vars = (f: string) => pairs.find((p) => p.name === f)!.original.blocks[0].stmts!.map((s) => s.defs[0].replace(/D\.\d+$/, ""));
    expect(vars("address_taken")).not.toContain("y");
    expect(vars("address_taken")).toContain("z");
    expect(vars("arrays")).not.toContain("a");
    expect(vars("volatiles")).toEqual(expect.arrayContaining(["n", "r"]));
    expect(vars("volatiles")).not.toContain("q");
    expect(vars("asm_outputs")).toContain("o");
  });
});

describe("mutants of the after dump are rejected, with witnesses", () => {
  const loops = read("loops.cfg");
  const ssa = read("loops.ssa");
  const mutate = (from: string, to: string) => {
    expect(ssa).toContain(from);
    return fn(validate(loops, ssa.replace(from, to), names("loops")).functions, "sum");
  };

  it("swapped phi arguments: equiv fails, along a path through the loop", () => {
    const f = mutate("# s_1 = PHI <s_3(2), s_8(3)>", "# s_1 = PHI <s_8(2), s_3(3)>");
    expect(f.verdict).toBe("rejected");
    expect(failing(f)).toEqual(expect.arrayContaining(["equiv", "allUses_def_ass"]));
    expect(failing(f)).not.toContain("same_instructions");
    expect(JSON.stringify(f.properties.equiv.witness)).toContain("s_1");
  });

  it("a use re-pointed to another version: equiv fails at that use", () => {
    const f = mutate("s_8 = s_1 + i_2;", "s_8 = s_3 + i_2;");
    expect(failing(f)).toEqual(expect.arrayContaining(["equiv"]));
    expect(failing(f)).not.toContain("same_instructions");
    expect(JSON.stringify(f.properties.equiv.witness)).toMatch(/use of s_3 in block bb3/);
  });

  it("a dropped phi: its readers read a value nothing defines", () => {
    const f = mutate("  # s_1 = PHI <s_3(2), s_8(3)>\n", "");
    expect(failing(f)).toEqual(expect.arrayContaining(["allUses_def_ass", "equiv"]));
    expect(JSON.stringify(f.properties.allUses_def_ass.witness)).toContain("s_1");
  });

  it("a statement changed beyond renaming: same_instructions names both lines, and nothing else fails", () => {
    const f = mutate("i_9 = i_2 + 1;", "i_9 = i_2 + 2;");
    expect(failing(f)).toEqual(["same_instructions"]);
    // what rests on the pairing is not decided, and says so
    expect(f.properties.equiv).toEqual({ holds: false, decided: false });
    expect(f.summary).toMatch(/^same_instructions fails at block bb3, line \d+/);
    const w = (f.properties.same_instructions.witness as Array<{ text: string; line: number; after_line: number }>)[0];
    expect(w.text).toMatch(/^block bb3, line \d+ \(line \d+ after gcc into-ssa\): the statement differs beyond renaming: `iD\.\d+ = iD\.\d+ \+ 1;` became `i_9 = i_2 \+ 2;`$/);
    expect(ssa.split("\n")[w.after_line - 1].trim()).toBe("i_9 = i_2 + 1;");
  });

  it("an SSA name of another variable: same_instructions fails", () => {
    const f = mutate("s_8 = s_1 + i_2;", "s_8 = s_1 + s_1;");
    expect(failing(f)).toContain("same_instructions");
  });
});

describe("shadowed variables and the predecessor order", () => {
  it("without -uid, two variables of one name are not told apart: same_instructions says to dump with -uid", () => {
    // the -uid dumps with the uids taken out: what `-blocks` alone writes
    const strip = (t: string) => t.replace(/([A-Za-z_][A-Za-z0-9_.]*?)D\.\d+/g, "$1");
    const r = validate(strip(read("control.cfg")), strip(read("control.ssa")), names("control"));
    const shadow = fn(r.functions, "shadow");
    expect(shadow.verdict).toBe("rejected");
    expect(JSON.stringify(shadow.properties.same_instructions.witness)).toMatch(/2 variables are named x: dump with -uid/);
    expect(r.functions.filter((f) => f.verdict === "certified").length).toBe(r.functions.length - 1);
  });

  it("predecessors listed in another order after (a pass between the dumps redirected an edge): read by block, a remark", () => {
    const ssa = read("loops.ssa");
    // swap bb4's predecessor lines and nothing else: the phis name their blocks
    const swapped = ssa.replace(";;    pred:       2\n;;                3\n  # s_1", ";;    pred:       3\n;;                2\n  # s_1");
    expect(swapped).not.toBe(ssa);
    const sum = fn(validate(read("loops.cfg"), swapped, names("loops")).functions, "sum");
    expect(sum.verdict).toBe("certified");
    expect((sum.differences ?? []).join("\n")).toMatch(/predecessor order at block bb4/);
  });
});

describe("GCC 12 -O2: what the ssa pass does beyond renaming from -O1 on (o2.c)", () => {
  const cfg = read("o2.cfg");
  const ssa = read("o2.ssa");
  const one = (after: string, name: string, before = cfg) => fn(validate(before, after, names("o2")).functions, name);
  const witnesses = (f: FunctionReport) => JSON.stringify(f.properties.same_instructions.witness ?? []);

  it("a register's clobber becomes GIMPLE_NOP: missing instead, it is a failure", () => {
    expect(one(ssa, "search").verdict).toBe("certified");
    const lines = ssa.split("\n");
    expect(lines[130].trim()).toBe("GIMPLE_NOP");
    lines.splice(130, 1);
    const f = one(lines.join("\n"), "search");
    expect(failing(f)).toContain("same_instructions");
    expect(witnesses(f)).toMatch(/the clobber of (index|found)D\.\d+ is missing after SSA construction, where GIMPLE_NOP replaces a register's clobber/);
  });

  it("the clobber of an unused temporary is removed (remove_unused_locals); a used variable's clobber must stay", () => {
    const moved = one(ssa, "moved");
    expect(moved.verdict).toBe("certified");
    expect(cfg).toMatch(/ D\.\d+ = \{CLOBBER\(eol\)\};/);
    const f = one(ssa.replace("  qD.2182 ={v} {CLOBBER(eol)};\n", ""), "moved");
    expect(failing(f)).toEqual(["same_instructions"]);
    expect(witnesses(f)).toMatch(/the clobber of qD\.2182 is missing after SSA construction, but qD\.2182 is not renamed and is used/);
  });

  it("MEM <T> [&x] read and written whole becomes x (VIEW_CONVERT_EXPR, a conversion to x's type): a remark; another type is a failure", () => {
    for (const name of ["bits", "signed_bits", "get4"]) {
      const f = one(ssa, name);
      expect(f.verdict).toBe("certified");
      expect((f.differences ?? []).join("\n")).toMatch(/address no longer taken .*execute_update_addresses_taken/);
    }
    // from_bits: u is read whole (a register after), d (a double written as unsigned long) stays memory
    expect(one(ssa, "from_bits").verdict).toBe("certified");
    expect(ssa).toContain("MEM <unsigned long> [(charD.7 * {ref-all})&dD.2196] = _2;");
    const view = one(ssa.replace("_2 = VIEW_CONVERT_EXPR<unsigned long>(d_1(D));\n  u_3", "_2 = VIEW_CONVERT_EXPR<long>(d_1(D));\n  u_3"), "bits");
    expect(failing(view)).toEqual(["same_instructions"]);
    const cast = one(ssa.replace("v_3 = (long long intD.15) _2;", "v_3 = (intD.6) _2;"), "signed_bits");
    expect(failing(cast)).toEqual(["same_instructions"]);
  });

  it("a variable only its clobber mentions (its address was taken in unreachable code) may have a GIMPLE_NOP for its clobber; a used one in memory may not", () => {
    expect(cfg).toMatch(/^ {2}cD\.\d+ = \{CLOBBER\(eol\)\};$/m);
    const dead = ssa.slice(ssa.indexOf(";; Function dead_copy"));
    expect(dead).toMatch(/Now a gimple register: c\n/);
    expect(dead).toMatch(/^ {2}GIMPLE_NOP\n {2}return;$/m);
    expect(one(ssa, "dead_copy").verdict).toBe("certified");
    // q, a struct in memory that is read, keeps its clobber: a GIMPLE_NOP there is a failure
    const f = one(ssa.replace("  qD.2182 ={v} {CLOBBER(eol)};\n", "  GIMPLE_NOP\n"), "moved");
    expect(failing(f)).toEqual(["same_instructions"]);
    expect(witnesses(f)).toMatch(/the clobber of qD\.2182 is a GIMPLE_NOP after SSA construction, but qD\.2182 is not renamed and is used/);
  });

  it("one byte, MEM[(char * {ref-all})&x] without <T> (found by formal-ssa fuzz --target gcc): x, or a view to the type the after dump names", () => {
    expect(cfg).toMatch(/ D\.\d+ = MEM\[\(charD\.7 \* \{ref-all\}\)&cD\.2201\];/);
    expect(ssa).toContain("  _2 = c_1(D);");
    expect(ssa).toContain("  _2 = VIEW_CONVERT_EXPR<unsigned char>(b_1(D));");
    for (const name of ["byte_copy", "bool_copy"]) {
      const f = one(ssa, name);
      expect(f.verdict).toBe("certified");
      expect((f.differences ?? []).join("\n")).toMatch(/address no longer taken .*execute_update_addresses_taken/);
    }
    // the view of another variable, or of nothing renamed, is no rewrite of the access
    expect(failing(one(ssa.replace("_2 = VIEW_CONVERT_EXPR<unsigned char>(b_1(D));", "_2 = VIEW_CONVERT_EXPR<unsigned char>(_3);"), "bool_copy"))).toEqual(["same_instructions"]);
    expect(failing(one(ssa.replace("  _2 = c_1(D);", "  _2 = 0;"), "byte_copy"))).toEqual(["same_instructions"]);
  });

  it("the first bytes of a wider variable read through its address become BIT_FIELD_REF <x, N, 0>; another offset or variable is a failure", () => {
    expect(cfg).toMatch(/ D\.\d+ = MEM <unsigned int> \[\(charD\.7 \* \{ref-all\}\)&dD\.2209\];/);
    for (const name of ["low_half", "low_short"]) {
      const f = one(ssa, name);
      expect(f.verdict).toBe("certified");
      expect((f.differences ?? []).join("\n")).toMatch(/address no longer taken/);
    }
    expect(failing(one(ssa.replace("BIT_FIELD_REF <d_1(D), 32, 0>", "BIT_FIELD_REF <d_1(D), 32, 32>"), "low_half"))).toEqual(["same_instructions"]);
    expect(failing(one(ssa.replace("BIT_FIELD_REF <x_1(D), 16, 0>", "BIT_FIELD_REF <_1, 16, 0>"), "low_short"))).toEqual(["same_instructions"]);
  });

  it("an artificial label renamed between the dumps one to one (fixup_cfg): a remark; not one to one, a failure", () => {
    const control = read("control.ssa").split("\n");
    // classify's default label <L5>: the switch (line 59) and the block it labels (line 97)
    expect(control[58]).toContain("<default: <L5>");
    expect(control[96]).toBe("<L5>:");
    const relabelled = [...control];
    relabelled[58] = control[58].replace("<L5>", "<L9>");
    relabelled[96] = "<L9>:";
    const ok = fn(validate(read("control.cfg"), relabelled.join("\n"), names("control")).functions, "classify");
    expect(ok.verdict).toBe("certified");
    expect((ok.differences ?? []).join("\n")).toMatch(/label renamed at block bb\d+: <L5> is <L9>/);
    relabelled[96] = "<L5>:";
    const bad = fn(validate(read("control.cfg"), relabelled.join("\n"), names("control")).functions, "classify");
    expect(failing(bad)).toEqual(["same_instructions"]);
  });
});

describe("an assembler name GCC had not set yet when it wrote the cfg dump (unset_asm.c, -O2)", () => {
  it("stdio.h's inline putchar is `<unset-asm-name>` in the cfg dump and `putchar` in the ssa dump: paired by decl_uid, certified", () => {
    const cfg = read("unset_asm.cfg");
    expect(cfg).toMatch(/^;; Function putchar \(<unset-asm-name>, funcdef_no=\d+, decl_uid=(\d+),/m);
    const uid = /^;; Function putchar \(<unset-asm-name>, funcdef_no=\d+, decl_uid=(\d+),/m.exec(cfg)![1];
    expect(read("unset_asm.ssa")).toMatch(new RegExp(`^;; Function putchar \\(putchar, funcdef_no=\\d+, decl_uid=${uid},`, "m"));
    for (const before of ["cfg", "fixup_cfg1"]) {
      const r = validate(read(`unset_asm.${before}`), read("unset_asm.ssa"), names("unset_asm", before));
      expect(r.functions.map((f) => [f.name, f.verdict]).sort()).toEqual([
        ["line", "certified"],
        ["putchar", "certified"],
      ]);
    }
  });

  it("an unset assembler name does not pair two functions with different decl_uids", () => {
    const ssa = read("unset_asm.ssa").replace(/^(;; Function putchar \(putchar, funcdef_no=\d+, decl_uid=)(\d+)/m, (_m, head: string, uid: string) => `${head}${Number(uid) + 100000}`);
    expect(() => validate(read("unset_asm.cfg"), ssa, names("unset_asm"))).toThrow(/function putchar of unset_asm\.cfg \(line \d+\) is missing/);
  });
});

describe("malformed dumps: one line naming file, function and line", () => {
  const expectMalformed = (run: () => unknown, pattern: RegExp) => {
    let err: unknown;
    try {
      run();
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MalformedInput);
    const m = (err as Error).message;
    expect(m.split("\n")).toHaveLength(1);
    expect(m).toMatch(pattern);
  };

  it("a block without its succ line", () => {
    const text = read("loops.ssa").replace(/;;    succ:       4\n\n;;   basic block 3/, "\n;;   basic block 3");
    expectMalformed(() => parseGimpleDump(text, "loops.ssa"), /^loops\.ssa:\d+: function sum: block 2 ends without a `;;    succ:` line$/);
  });

  it("a function header that does not read is an error, not a function left out; C++ names with blanks and parentheses read", () => {
    const fnText = (header: string) => `\n${header}\n\nint f (int a)\n{\n;;   basic block 2, loop depth 0\n;;    pred:       ENTRY\n  return a;\n;;    succ:       EXIT\n\n}\n`;
    const cxx = parseGimpleDump(fnText(";; Function S::operator() (_ZN1SclEv, funcdef_no=3, decl_uid=9, cgraph_uid=4, symbol_order=3)") + fnText(";; Function first<int, int> (_Z5firstIJiiEEiDpT_, funcdef_no=4, decl_uid=10, cgraph_uid=5, symbol_order=4)"), "s.cfg");
    expect(cxx.functions.map((f) => [f.name, f.asmName])).toEqual([
      ["S::operator()", "_ZN1SclEv"],
      ["first<int, int>", "_Z5firstIJiiEEiDpT_"],
    ]);
    expectMalformed(() => parseGimpleDump(fnText(";; Function f (f, funcdef_no=0)") + fnText(";; Function g [g]"), "g.cfg"), /^g\.cfg:13: a function header that does not read as `;; Function NAME \(ASMNAME, funcdef_no=\.\.\.`: ;; Function g \[g\]$/);
  });

  it("a dump without -blocks", () => {
    const text = "\n;; Function f (f, funcdef_no=0, decl_uid=1, cgraph_uid=1, symbol_order=0)\n\nint f (int a)\n{\n  int D.1;\n\n  <bb 2> :\n  D.1 = a;\n  return D.1;\n\n}\n";
    expectMalformed(() => parseGimpleDump(text, "f.cfg"), /^f\.cfg:\d+: function f: .*dump with -blocks/);
  });

  it("text between blocks, a phi without its predecessors, a predecessor that is no block", () => {
    const ssa = read("loops.ssa");
    expectMalformed(() => parseGimpleDump(ssa.replace(/\n\n;;   basic block 3/, "\n  stray text\n;;   basic block 3"), "loops.ssa"), /^loops\.ssa:\d+: function sum: unexpected text between blocks: stray text$/);
    expectMalformed(() => parseGimpleDump(ssa.replace("PHI <s_3(2), s_8(3)>", "PHI <s_3, s_8(3)>"), "loops.ssa"), /^loops\.ssa:27: function sum: a phi argument without its predecessor/);
    expectMalformed(() => parseGimpleDump(ssa.replace(";;    pred:       2\n;;                3\n  # s_1", ";;    pred:       2\n;;                77\n  # s_1"), "loops.ssa"), /^loops\.ssa:\d+: function sum: block 4 names predecessor 77/);
  });

  it("a function missing from the after dump", () => {
    const ssa = read("loops.ssa");
    const cut = ssa.slice(0, ssa.indexOf(";; Function countdown"));
    expectMalformed(() => validate(read("loops.cfg"), cut, names("loops")), /^loops\.ssa: function countdown of loops\.cfg \(line \d+\) is missing$/);
  });
});

describe("through the registry and the command line's functions", () => {
  it("a dump is recognised by its header, before LLVM IR (which also starts with `;`)", () => {
    expect(adapterFor("whatever.txt", read("loops.cfg").slice(0, 4096))?.name).toBe("gcc");
    expect(adapterFor("x.c.021t.ssa", "")?.name).toBe("gcc");
    expect(adapterFor("x.ll", "; ModuleID = 'x.c'\n")?.name).toBe("llvm");
  });

  it("validate FILE.cfg FILE.ssa (validateFiles, as the CLI calls it)", async () => {
    const r = await validateFiles(join(FX, "setjmp.cfg"), join(FX, "setjmp.ssa"));
    expect(r.verdict).toBe("certified");
    expect(r.producer).toBe("gcc into-ssa");
    expect(r.functions.map((f) => f.name)).toEqual(["guarded", "computed", "noreturn_call", "unreachable_default"]);
  });

  it("construct FILE.cfg: our SSA over the variables is_gimple_reg would rename (from the before dump alone)", async () => {
    const m = construct(read("loops.cfg"), { name: "loops.cfg" });
    expect(m.functions.map((f) => f.name)).toEqual(["sum", "nested", "collatz", "countdown"]);
    const text = await constructFile(join(FX, "memory.cfg"));
    const doc = JSON.parse(text) as { functions: Array<{ name: string; vars: Record<string, string> }> };
    const vars = (f: string) => new Set(Object.values(doc.functions.find((x) => x.name === f)!.vars).map((v) => v.replace(/D\.\d+$/, "")));
    expect(vars("address_taken").has("y")).toBe(false);
    expect(vars("address_taken").has("z")).toBe(true);
    expect(vars("volatiles").has("q")).toBe(false);
  });
});
