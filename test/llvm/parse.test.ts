import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { parseModule } from "../../adapters/llvm/read.js";
import { parseModuleFile } from "./chunks.js";
import {
  predecessors,
  type LlvmCall,
  type LlvmFunction,
  type LlvmInstr,
  type LlvmInstrOf,
  type LlvmLoad,
  type LlvmModule,
  type LlvmStore,
} from "../../adapters/llvm/ir.js";
import { MalformedInput } from "../../spec/errors.js";
import { llvmModuleChunks } from "../../scripts/gen-llvm-module.mjs";

const FIXTURES = fileURLToPath(new URL("../fixtures/llvm/", import.meta.url));
const fixtureFiles = readdirSync(FIXTURES).filter((f) => f.endsWith(".ll")).sort();
const sources = readdirSync(join(FIXTURES, "src")).filter((f) => f.endsWith(".c")).map((f) => f.slice(0, -2)).sort();
const VARIANTS = ["before", "after", "g.before", "g.after", "ptr.before", "ptr.after"];
/** And clang's default, names discarded: numbered values and blocks, which the shapes below would tell apart. */
const UNNAMED = ["unnamed.before", "unnamed.after"];

const tmp = mkdtempSync(join(tmpdir(), "llvm-parse-test-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const cache = new Map<string, LlvmModule>();
function fixture(name: string): LlvmModule {
  let m = cache.get(name);
  if (m === undefined) {
    m = parseModuleFile(join(FIXTURES, name));
    cache.set(name, m);
  }
  return m;
}
function fn(file: string, name: string): LlvmFunction {
  const f = fixture(file).functions.find((g) => g.name === name);
  if (f === undefined) throw new Error(`no function ${name} in ${file}`);
  return f;
}
function block(f: LlvmFunction, label: string) {
  const b = f.blocks.find((x) => x.label === label);
  if (b === undefined) throw new Error(`no block ${label} in ${f.name}`);
  return b;
}
const all = (f: LlvmFunction): LlvmInstr[] => f.blocks.flatMap((b) => b.instrs);
const ofOp = <K extends LlvmInstr["op"]>(f: LlvmFunction, op: K): LlvmInstrOf<K>[] =>
  all(f).filter((i): i is LlvmInstrOf<K> => i.op === op);
const parse = (text: string) => parseModule(text, "t.ll");
const one = (text: string) => parse(text).functions[0];
const shape = (f: LlvmFunction) => f.blocks.map((b) => [b.label, b.succs]);

/** The message of the MalformedInput that `text` raises, checked to be the same when streamed. */
function malformed(text: string): string {
  let message = "";
  try {
    parse(text);
  } catch (e) {
    expect(e).toBeInstanceOf(MalformedInput);
    message = (e as Error).message;
  }
  expect(message, "expected MalformedInput").not.toBe("");
  expect(message).not.toContain("\n");
  const path = join(tmp, "t.ll");
  writeFileSync(path, text);
  expect(() => parseModuleFile(path, 5)).toThrow(message.replace(/^t\.ll/, path));
  return message;
}

describe("the committed fixtures", () => {
  it("are all there: eight variants of every C source", () => {
    expect(sources.length).toBeGreaterThanOrEqual(10);
    expect(fixtureFiles).toEqual(sources.flatMap((s) => [...VARIANTS, ...UNNAMED].map((v) => `${s}.${v}.ll`)).sort());
  });

  it.each(fixtureFiles)("%s parses, streamed and whole alike, one function per define", (file) => {
    const text = readFileSync(join(FIXTURES, file), "utf8");
    const m = fixture(file);
    expect(parseModule(text, join(FIXTURES, file))).toEqual(m);
    expect(parseModuleFile(join(FIXTURES, file), 64)).toEqual(m); // lines cut across chunks
    expect(m.functions.map((f) => f.name)).toEqual([...text.matchAll(/^define .*?@([\w.]+)\(/gm)].map((x) => x[1]));
  });

  it.each(fixtureFiles)("%s: predecessors agree with LLVM's own '; preds =' comments", (file) => {
    // the parser never reads these comments; here they serve as an independent oracle
    const lines = readFileSync(join(FIXTURES, file), "utf8").split("\n");
    for (const f of fixture(file).functions) {
      const preds = predecessors(f);
      f.blocks.forEach((b, i) => {
        const m = / preds = (.*)$/.exec(lines[b.line - 1]);
        const want = m === null ? [] : m[1].split(", ").map((p) => p.slice(1));
        expect([...preds[i]].sort(), `${file} ${f.name} ${b.label}`).toEqual(want.sort());
      });
    }
  });

  it.each(fixtureFiles)("%s: every operand is a parameter or an instruction result", (file) => {
    for (const f of fixture(file).functions) {
      const defined = new Set([...f.params, ...all(f).flatMap((i) => (i.result === null ? [] : [i.result]))]);
      for (const i of all(f)) for (const o of i.operands) expect(defined.has(o), `${file}:${i.line} ${o}`).toBe(true);
    }
  });

  it.each(sources)("%s: mem2reg, -g and opaque pointers keep the blocks and their successors", (src) => {
    const shapes = VARIANTS.map((v) => fixture(`${src}.${v}.ll`).functions.map((f) => [f.name, f.params, shape(f)]));
    for (const s of shapes.slice(1)) expect(s).toEqual(shapes[0]);
  });
});

describe("hand-checked functions of the fixtures", () => {
  it("escape: the address-taken x keeps its alloca, a.addr and y are promoted", () => {
    const before = fn("escape.before.ll", "escape");
    expect(before.params).toEqual(["a"]);
    expect(before.blocks.map((b) => b.label)).toEqual(["entry"]);
    expect(ofOp(before, "alloca").map((a) => [a.result, a.type])).toEqual([["a.addr", "i32"], ["x", "i32"], ["y", "i32"]]);
    const stores = ofOp(before, "store").map((s) => [s.value, s.ptr, s.type, s.volatile]);
    expect(stores).toEqual([
      [{ kind: "local", name: "a" }, { kind: "local", name: "a.addr" }, "i32", false],
      [{ kind: "local", name: "0" }, { kind: "local", name: "x" }, "i32", false],
      [{ kind: "local", name: "add" }, { kind: "local", name: "y" }, "i32", false],
    ]);
    expect(ofOp(before, "load").map((l) => [l.result, l.type, l.ptr])).toEqual([
      ["0", "i32", { kind: "local", name: "a.addr" }],
      ["1", "i32", { kind: "local", name: "a.addr" }],
      ["2", "i32", { kind: "local", name: "x" }],
      ["3", "i32", { kind: "local", name: "y" }],
    ]);
    const [call] = ofOp(before, "call");
    expect(call).toMatchObject({ callee: "bump", result: null, operands: ["x"], intrinsic: null, debug: false, succs: [] });
    expect(call.args).toEqual([{ type: "i32*", value: { kind: "local", name: "x" } }]);

    const after = fn("escape.after.ll", "escape");
    expect(ofOp(after, "alloca").map((a) => a.result)).toEqual(["x"]);
    expect(ofOp(after, "store").map((s) => s.operands)).toEqual([["a", "x"]]);
    expect(ofOp(after, "add").map((i) => [i.result, i.operands])).toEqual([["add", ["a"]], ["add1", ["0", "add"]]]);
    const ptr = fn("escape.ptr.before.ll", "escape");
    expect(ofOp(ptr, "call")[0].args).toEqual([{ type: "ptr", value: { kind: "local", name: "x" } }]);
  });

  it("escape -g: llvm.dbg.declare calls are kept, flagged, and read no operand", () => {
    const f = fn("escape.g.before.ll", "escape");
    const dbg = ofOp(f, "call").filter((c) => c.debug);
    expect(dbg.map((c) => [c.intrinsic, c.subject, c.operands, c.result])).toEqual([
      ["dbg.declare", "a.addr", [], null],
      ["dbg.declare", "x", [], null],
      ["dbg.declare", "y", [], null],
    ]);
    expect(dbg[0].args.map((a) => a.value)).toEqual([
      { kind: "metadata", text: "i32* %a.addr", locals: ["a.addr"] },
      { kind: "metadata", text: "!15", locals: [] },
      { kind: "metadata", text: "!DIExpression()", locals: [] },
    ]);
    const after = fn("escape.g.after.ll", "escape");
    const values = ofOp(after, "call").filter((c) => c.intrinsic === "dbg.value");
    expect(values.map((c) => c.subject)).toEqual(["a", "add"]);
  });

  it("volatile: the volatile local's loads and stores are flagged, and survive mem2reg", () => {
    for (const file of ["volatile.before.ll", "volatile.after.ll"]) {
      const f = fn(file, "spin");
      const onV = (i: LlvmLoad | LlvmStore) => i.ptr.kind === "local" && i.ptr.name === "v";
      expect(ofOp(f, "load").filter(onV).map((l) => l.volatile)).toEqual([true, true]);
      expect(ofOp(f, "store").filter(onV).map((s) => s.volatile)).toEqual([true, true]);
      expect(ofOp(f, "load").filter((l) => !onV(l)).every((l) => !l.volatile)).toBe(true);
    }
    expect(ofOp(fn("volatile.after.ll", "spin"), "alloca").map((a) => a.result)).toEqual(["v"]);
  });

  it("struct: the struct local stays, reached through getelementptr", () => {
    const f = fn("struct.after.ll", "manhattan");
    expect(ofOp(f, "alloca").map((a) => [a.result, a.type])).toEqual([["p", "%struct.point"]]);
    const geps = ofOp(f, "getelementptr");
    expect(geps.length).toBe(10);
    expect(geps.every((g) => g.operands.length === 1 && g.operands[0] === "p")).toBe(true);
    expect(fn("struct.ptr.after.ll", "manhattan").blocks.length).toBe(5);
  });

  it("switch: fallthrough into a shared block, one block named twice", () => {
    const f = fn("switch.before.ll", "classify");
    expect(f.blocks.length).toBe(6);
    expect(block(f, "entry").succs).toEqual(["sw.default", "sw.bb", "sw.bb1", "sw.bb1", "sw.bb2"]);
    expect(block(f, "sw.bb").succs).toEqual(["sw.bb1"]);
    const preds = predecessors(f);
    expect(preds[f.blocks.findIndex((b) => b.label === "sw.bb1")]).toEqual(["entry", "entry", "sw.bb"]);
    expect(preds[f.blocks.findIndex((b) => b.label === "sw.epilog")]).toEqual(["sw.bb1", "sw.bb2", "sw.default"]);
    const sw = block(f, "entry").instrs.at(-1)!;
    expect(sw).toMatchObject({ op: "switch", operands: ["0"] });
  });

  it("loops after mem2reg: the phis of sum_for and count_while", () => {
    const f = fn("loops.after.ll", "sum_for");
    expect(f.blocks.map((b) => b.label)).toEqual(["entry", "for.cond", "for.body", "for.inc", "for.end"]);
    expect(block(f, "for.cond").succs).toEqual(["for.body", "for.end"]);
    expect(block(f, "for.inc").succs).toEqual(["for.cond"]);
    const phis = ofOp(f, "phi");
    expect(phis.map((p) => [p.result, p.type, p.incoming, p.operands])).toEqual([
      ["s.0", "i32", [{ value: { kind: "const", text: "0" }, block: "entry" }, { value: { kind: "local", name: "add" }, block: "for.inc" }], ["add"]],
      ["i.0", "i32", [{ value: { kind: "const", text: "0" }, block: "entry" }, { value: { kind: "local", name: "inc" }, block: "for.inc" }], ["inc"]],
    ]);
    expect(predecessors(f)[1]).toEqual(["entry", "for.inc"]);
    const w = fn("loops.after.ll", "count_while");
    expect(ofOp(w, "phi").map((p) => [p.result, p.incoming.map((x) => x.block), p.operands])).toEqual([
      ["bits.0", ["entry", "while.body"], ["add"]],
      ["x.addr.0", ["entry", "while.body"], ["x", "shr"]],
    ]);
    expect(fn("loops.before.ll", "digits_do").blocks.map((b) => b.label)).toEqual(["entry", "do.body", "do.cond", "do.end"]);
  });

  it("?:, && and ||: clang's phis at -O0 already, before mem2reg", () => {
    for (const v of ["before", "after"]) {
      const both = fn(`condexpr.${v}.ll`, "both");
      expect(ofOp(both, "phi").map((p) => [p.type, p.incoming])).toEqual([
        ["i1", [{ value: { kind: "const", text: "false" }, block: "entry" }, { value: { kind: "local", name: "tobool1" }, block: "land.rhs" }]],
      ]);
      const either = fn(`condexpr.${v}.ll`, "either");
      expect(ofOp(either, "phi").map((p) => p.incoming.map((x) => x.block))).toEqual([
        ["lor.rhs", "land.rhs"],
        ["entry", "land.end"],
      ]);
    }
    const pick = fn("condexpr.after.ll", "pick");
    expect(ofOp(pick, "phi")[0].operands).toEqual(["a", "b"]);
  });

  it("irreducible: the goto into the loop, phis at both loop entries", () => {
    const f = fn("irreducible.after.ll", "irreducible");
    expect(f.blocks.length).toBe(7);
    expect(block(f, "entry").succs).toEqual(["if.then", "if.end"]);
    expect(block(f, "if.then").succs).toEqual(["inside"]);
    expect(block(f, "inside").succs).toEqual(["while.cond"]);
    expect(ofOp(f, "phi").map((p) => [p.result, p.incoming.map((x) => x.block)])).toEqual([
      ["i.0", ["inside", "if.end"]],
      ["acc.0", ["inside", "if.end"]],
      ["i.1", ["if.then", "while.body"]],
      ["acc.1", ["if.then", "while.body"]],
    ]);
  });

  it("uninitialised: the phi of last_value takes undef from the entry", () => {
    const f = fn("uninit.after.ll", "last_value");
    expect(ofOp(f, "phi")[0].incoming[0]).toEqual({ value: { kind: "const", text: "undef" }, block: "entry" });
    const before = fn("uninit.before.ll", "maybe_uninit");
    expect(ofOp(before, "alloca").map((a) => a.result)).toEqual(["c.addr", "x"]);
  });

  it("early returns and nested loops: block counts and the break/continue edges", () => {
    const find = fn("early_return.after.ll", "find");
    expect(find.blocks.length).toBe(10);
    expect(predecessors(find)[9]).toEqual(["if.then", "if.then3", "for.end"]);
    expect(ofOp(find, "phi")[1].incoming.map((x) => x.value)).toEqual([
      { kind: "const", text: "-2" },
      { kind: "local", name: "i.0" },
      { kind: "const", text: "-1" },
    ]);
    const n = fn("nested.before.ll", "nested");
    expect(n.blocks.length).toBe(17);
    expect(block(n, "if.then").succs).toEqual(["for.inc15"]); // continue of the outer loop
    expect(block(n, "if.then6").succs).toEqual(["for.end"]); // break of the inner loop
    expect(block(n, "if.then13").succs).toEqual(["for.end17"]); // break of the outer loop
    expect(block(n, "for.end17").succs).toEqual([]);
  });
});

describe("terminators", () => {
  it("br, ret, unreachable", () => {
    const f = one(`define void @f(i1 %c) {
entry:
  br i1 %c, label %a, label %a
a:
  br label %b
b:
  unreachable
}`);
    expect(shape(f)).toEqual([["entry", ["a", "a"]], ["a", ["b"]], ["b", []]]);
    expect(f.blocks[0].instrs[0]).toEqual({ op: "br", result: null, operands: ["c"], line: 3, succs: ["a", "a"] });
    expect(predecessors(f)).toEqual([[], ["entry", "entry"], ["a"]]);
  });

  it("switch over several lines, a target named twice, the default first", () => {
    const f = one(`define i32 @f(i32 %v) {
entry:
  switch i32 %v, label %d [
    i32 1, label %a
    i32 2, label %b ; a comment
    i32 -3, label %a
  ]
a:
  ret i32 1
b:
  ret i32 2
d:
  ret i32 0
}`);
    expect(f.blocks[0].succs).toEqual(["d", "a", "b", "a"]);
    expect(f.blocks[0].instrs[0]).toMatchObject({ op: "switch", operands: ["v"], line: 3 });
    expect(f.blocks[1].line).toBe(8);
    expect(predecessors(f)).toEqual([[], ["entry", "entry"], ["entry"], ["entry"]]);
    expect(one(`define void @f(i8 %v) {\nentry:\n  switch i8 %v, label %exit []\nexit:\n  ret void\n}`).blocks[0].succs).toEqual(["exit"]);
  });

  it("indirectbr with blockaddress", () => {
    const f = one(`@tab = global [2 x ptr] [ptr blockaddress(@f, %a), ptr blockaddress(@f, %b)]
define void @f(ptr %p) {
entry:
  call void @g(ptr blockaddress(@f, %a))
  indirectbr ptr %p, [label %a, label %b, label %a]
a:
  ret void
b:
  ret void
}
declare void @g(ptr)`);
    expect(f.blocks[0].succs).toEqual(["a", "b", "a"]);
    expect(f.blocks[0].instrs.map((i) => i.operands)).toEqual([[], ["p"]]);
  });

  it("invoke over two lines, landingpad clauses, resume, and a block called cleanup", () => {
    const f = one(`define i32 @f(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  %call = invoke noundef i32 @g(i32 noundef %x) #3
          to label %cont unwind label %lpad, !dbg !7
cont:
  ret i32 %call
lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
          catch ptr @_ZTIi
          filter [1 x ptr] [ptr @_ZTIi]
  br label %cleanup
cleanup:
  resume { ptr, i32 } %lp
}
declare i32 @__gxx_personality_v0(...)
declare i32 @g(i32)
@_ZTIi = external constant ptr
!7 = !{}`);
    expect(shape(f)).toEqual([["entry", ["cont", "lpad"]], ["cont", []], ["lpad", ["cleanup"]], ["cleanup", []]]);
    const inv = f.blocks[0].instrs[0] as LlvmCall;
    expect(inv).toMatchObject({ op: "invoke", result: "call", callee: "g", operands: ["x"], succs: ["cont", "lpad"], line: 3 });
    expect(f.blocks[2].instrs.map((i) => [i.op, i.line])).toEqual([["landingpad", 8], ["br", 12]]);
    expect(f.blocks[3].instrs[0]).toMatchObject({ op: "resume", operands: ["lp"], succs: [] });
  });

  it("callbr (asm goto) in the LLVM 14 form", () => {
    const f = one(`define i32 @f(i32 %x) {
entry:
  callbr void asm sideeffect "testl $0, $0; jne \${1:l}", "r,i,~{dirflag}"(i32 %x, ptr blockaddress(@f, %yes)) #1
          to label %ft [label %yes, label %no]
ft:
  ret i32 0
yes:
  ret i32 1
no:
  ret i32 2
}`);
    const cb = f.blocks[0].instrs[0] as LlvmCall;
    expect(cb).toMatchObject({ op: "callbr", callee: null, operands: ["x"], succs: ["ft", "yes", "no"], result: null });
    expect(cb.calleeValue.kind).toBe("const");
    expect(f.blocks[0].succs).toEqual(["ft", "yes", "no"]);
  });

  it("Windows EH: catchswitch, catchpad, catchret, cleanuppad, cleanupret, funclet bundles", () => {
    const f = one(`define void @f() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @g()
          to label %done unwind label %dispatch
dispatch:
  %cs = catchswitch within none [label %h1, label %h2] unwind label %clean
h1:
  %p1 = catchpad within %cs [ptr null, i32 64, ptr null]
  call void @h(ptr null) [ "funclet"(token %p1) ]
  catchret from %p1 to label %done
h2:
  %p2 = catchpad within %cs [ptr @ti, i32 0, ptr %slot]
  catchret from %p2 to label %done
clean:
  %c = cleanuppad within none []
  cleanupret from %c unwind to caller
done:
  %slot = alloca i32
  ret void
}
declare i32 @__CxxFrameHandler3(...)
declare void @g()
declare void @h(ptr)
@ti = external constant ptr`);
    expect(shape(f)).toEqual([
      ["entry", ["done", "dispatch"]],
      ["dispatch", ["h1", "h2", "clean"]],
      ["h1", ["done"]],
      ["h2", ["done"]],
      ["clean", []],
      ["done", []],
    ]);
    expect(all(f).map((i) => [i.op, i.operands])).toEqual([
      ["invoke", []],
      ["catchswitch", []],
      ["catchpad", ["cs"]],
      ["call", ["p1"]],
      ["catchret", ["p1"]],
      ["catchpad", ["cs", "slot"]],
      ["catchret", ["p2"]],
      ["cleanuppad", []],
      ["cleanupret", ["c"]],
      ["alloca", []],
      ["ret", []],
    ]);
    const inner = one(`define void @f() personality ptr @p {
entry:
  %cs = catchswitch within none [label %h] unwind to caller
h:
  %p = cleanuppad within %cs []
  cleanupret from %p unwind label %h
}
declare i32 @p(...)`);
    expect(shape(inner)).toEqual([["entry", ["h"]], ["h", ["h"]]]);
  });

  it("ret void, and ret of a function pointer whose type starts with void", () => {
    const f = one(`define void ()* @f(void ()* %g) {
entry:
  ret void ()* %g
}`);
    expect(f.blocks[0].instrs[0]).toMatchObject({ op: "ret", operands: ["g"] });
    expect(one(`define void @f() {\nentry:\n  ret void, !dbg !3\n}\n!3 = !{}`).blocks[0].instrs[0].operands).toEqual([]);
  });
});

describe("names, numbering, values", () => {
  it("numbered values and blocks, the implicit entry block after the parameters", () => {
    const f = one(`define i32 @f(i32, i32 %b) {
  %2 = add i32 %0, %b
  br label %3
3:
  %4 = call i32 @h(i32 %2)
  call i32 @h(i32 %4)
  call void @v()
  br label %6
  ret i32 %5
}
declare i32 @h(i32)
declare void @v()`);
    expect(f.params).toEqual(["0", "b"]);
    // LLVM: %0 the parameter, %1 the entry block, ... an unnamed non-void call takes %5, the block after the br %6
    expect(shape(f)).toEqual([["1", ["3"]], ["3", ["6"]], ["6", []]]);
    expect(all(f).map((i) => i.result)).toEqual(["2", null, "4", "5", null, null, null]);
    expect(f.blocks[0].line).toBe(2);
    const g = one(`define void @g(i32 %0, ptr %1) {\n  br label %3\n3:\n  ret void\n}`);
    expect(shape(g)).toEqual([["2", ["3"]], ["3", []]]);
    // a call returning a function pointer whose type starts with `void` takes a number, a varargs void call does not
    const h = one(`define void @h() {\n  call void ()* @gp()\n  call void (i32, ...) @va(i32 1)\n  ret void\n}\ndeclare void ()* @gp()\ndeclare void @va(i32, ...)`);
    expect(all(h).map((i) => i.result)).toEqual(["1", null, null]);
  });

  it("quoted names for functions, parameters, values and blocks, with escapes", () => {
    const f = one(`define void @"my fn"(i32 %"a b") {
"entry block":
  %"x;y" = add i32 %"a b", 1 ; a comment with "quotes"
  br label %"next\\22one"
"next\\22one":
  %"\\CF\\80" = add i32 %"x;y", 2
  ret void
}`);
    expect(f.name).toBe("my fn");
    expect(f.params).toEqual(["a b"]);
    expect(shape(f)).toEqual([["entry block", ['next"one']], ['next"one', []]]);
    expect(all(f).map((i) => [i.result, i.operands])).toEqual([["x;y", ["a b"]], [null, []], ["π", ["x;y"]], [null, []]]);
  });

  it("constant expressions with commas, nested, and aggregates never count as operands", () => {
    const f = one(`%struct.S = type { i32, i32 }
@.str = private constant [4 x i8] c"a,b\\00"
define i32 @f(i32 %x, %struct.S* %s) {
entry:
  %c = call i32 (i8*, ...) @printf(i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.str, i64 0, i64 0), i32 %x, i8* bitcast (i32 (i32, %struct.S*)* @f to i8*))
  %n = add i32 ptrtoint (i8* getelementptr (i8, i8* bitcast (i32* @g to i8*), i64 add (i64 ptrtoint (i32* @g to i64), i64 1)) to i32), %x
  %a = insertvalue { i32, [2 x i32] } { i32 1, [2 x i32] [i32 2, i32 3] }, i32 %n, 0
  %v = shufflevector <2 x i32> <i32 1, i32 2>, <2 x i32> zeroinitializer, <2 x i32> <i32 1, i32 0>
  %e = extractvalue { i32, [2 x i32] } %a, 1, 0
  %p = getelementptr inbounds %struct.S, %struct.S* %s, i32 0, i32 1
  ret i32 %c
}
@g = global i32 0
declare i32 @printf(i8*, ...)`);
    expect(all(f).map((i) => [i.op, i.result, i.operands])).toEqual([
      ["call", "c", ["x"]],
      ["add", "n", ["x"]],
      ["insertvalue", "a", ["n"]],
      ["shufflevector", "v", []],
      ["extractvalue", "e", ["a"]],
      ["getelementptr", "p", ["s"]],
      ["ret", null, ["c"]],
    ]);
    const call = all(f)[0] as LlvmCall;
    expect(call.type).toBe("i32 (i8*, ...)");
    expect(call.args.map((a) => a.value)).toEqual([
      { kind: "const", text: "getelementptr inbounds ([4 x i8], [4 x i8]* @.str, i64 0, i64 0)" },
      { kind: "local", name: "x" },
      { kind: "const", text: "bitcast (i32 (i32, %struct.S*)* @f to i8*)" },
    ]);
  });

  it("named and numbered types are types, not operands", () => {
    const f = one(`%0 = type { i32 }
%struct.S = type { %0, i32* }
define void @f(%0* %p) {
entry:
  %0 = alloca %0
  %1 = load %struct.S, %struct.S* bitcast (%0* @g to %struct.S*)
  %2 = getelementptr %0, %0* %0, i32 0, i32 0
  store %0 { i32 1 }, %0* %p
  ret void
}
@g = global %0 zeroinitializer`);
    expect(all(f).map((i) => [i.result, i.operands])).toEqual([
      ["0", []],
      ["1", []],
      ["2", ["0"]],
      [null, ["p"]],
      [null, []],
    ]);
    expect((all(f)[0] as { type: string }).type).toBe("%0");
  });

  it("opaque ptr and typed pointers give the same structure", () => {
    const typed = one(`define i32 @f(i32* %p, i32 addrspace(1)* %q) {
entry:
  %a = alloca i32*, align 8
  store i32* %p, i32** %a, align 8
  %b = load i32*, i32** %a, align 8
  %c = load volatile i32, i32* %b, align 4
  %d = load atomic i32, i32 addrspace(1)* %q seq_cst, align 4
  ret i32 %c
}`);
    const opaque = one(`define i32 @f(ptr %p, ptr addrspace(1) %q) {
entry:
  %a = alloca ptr, align 8
  store ptr %p, ptr %a, align 8
  %b = load ptr, ptr %a, align 8
  %c = load volatile i32, ptr %b, align 4
  %d = load atomic i32, ptr addrspace(1) %q seq_cst, align 4
  ret i32 %c
}`);
    const strip = (f: LlvmFunction) => all(f).map((i) => ({ ...i, type: undefined }));
    expect(strip(typed)).toEqual(strip(opaque));
    expect(ofOp(opaque, "load").map((l) => [l.type, l.volatile, l.atomic])).toEqual([
      ["ptr", false, false],
      ["i32", true, false],
      ["i32", false, true],
    ]);
    expect(ofOp(typed, "store")[0].type).toBe("i32*");
  });

  it("lifetime markers, dbg intrinsics and LLVM 17+ debug records", () => {
    const f = one(`define void @f(i32 %a, i32 %b) {
entry:
  %x = alloca i32, align 4
  call void @llvm.lifetime.start.p0(i64 4, ptr %x)
    #dbg_declare(ptr %x, !12, !DIExpression(), !14)
  call void @llvm.dbg.value(metadata !DIArgList(i32 %a, i32 %b), metadata !15, metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value)), !dbg !16
  call void @llvm.dbg.assign(metadata i1 undef, metadata !17, metadata !DIExpression(), metadata !18, metadata ptr %x, metadata !DIExpression())
  #dbg_value(i32 %a, !15, !DIExpression(), !16)
  call void @llvm.lifetime.end.p0(ptr %x)
  call void @llvm.memset.p0.i64(ptr align 4 %x, i8 0, i64 4, i1 false)
  ret void
}
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.assign(metadata, metadata, metadata, metadata, metadata, metadata)
declare void @llvm.lifetime.end.p0(ptr)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
!12 = !{}
!14 = !{}
!15 = !{}
!16 = !{}
!17 = !{}
!18 = distinct !{}`);
    const calls = ofOp(f, "call");
    expect(calls.map((c) => [c.intrinsic, c.debug, c.subject, c.operands])).toEqual([
      ["lifetime.start", false, "x", ["x"]],
      ["dbg.value", true, null, []],
      ["dbg.assign", true, null, []],
      ["lifetime.end", false, "x", ["x"]],
      ["other", false, null, ["x"]],
    ]);
    expect(calls[1].args[0].value).toEqual({ kind: "metadata", text: "!DIArgList(i32 %a, i32 %b)", locals: ["a", "b"] });
    expect(f.blocks[0].instrs.length).toBe(7);
  });

  it("newer syntax: flags, attributes with arguments, operand bundles, fast-math", () => {
    const f = one(`define float @f(i32 %x, ptr %p, float %y) {
entry:
  %a = zext nneg i32 %x to i64
  %c = icmp samesign ult i32 %x, 10
  %g = getelementptr inbounds nuw i8, ptr %p, i64 %a
  %r = call range(i32 0, 10) i32 @h(ptr noundef nonnull align 8 dereferenceable(16) captures(none) initializes((0, 4)) %g, ptr byval(%struct.S) align 8 %p, i32 signext %x) #0 [ "deopt"(i32 %x, ptr %p) ]
  %s = tail call fast float @llvm.fma.f32(float %y, float %y, float 1.0e+00)
  %t = fadd nnan ninf float %s, 0x7FF0000000000000
  %u = select nsz i1 %c, float %t, float %y
  %v = atomicrmw volatile add ptr %p, i32 %x syncscope("agent") seq_cst, align 4
  %w = cmpxchg weak ptr %p, i32 %x, i32 %v acq_rel monotonic, align 4
  fence syncscope("singlethread") acquire
  %z = freeze i32 %x
  %va = va_arg ptr %p, i32
  ret float %u
}
%struct.S = type { i32 }
declare i32 @h(ptr, ptr, i32)
declare float @llvm.fma.f32(float, float, float)`);
    expect(all(f).map((i) => [i.op, i.operands])).toEqual([
      ["zext", ["x"]],
      ["icmp", ["x"]],
      ["getelementptr", ["p", "a"]],
      ["call", ["g", "p", "x", "x", "p"]],
      ["call", ["y", "y"]],
      ["fadd", ["s"]],
      ["select", ["c", "t", "y"]],
      ["atomicrmw", ["p", "x"]],
      ["cmpxchg", ["p", "x", "v"]],
      ["fence", []],
      ["freeze", ["x"]],
      ["va_arg", ["p"]],
      ["ret", ["u"]],
    ]);
    const call = all(f)[3] as LlvmCall;
    expect(call.args.map((a) => a.type)).toEqual(["ptr", "ptr", "i32"]);
  });

  it("indirect calls and inline asm: no callee name, the callee local is an operand", () => {
    const f = one(`define void @f(void (i32)* %fp, i32 %x) {
entry:
  call void %fp(i32 %x)
  %r = call i32 asm "mov $1, $0", "=r,r"(i32 %x)
  ret void
}`);
    const [a, b] = ofOp(f, "call");
    expect([a.callee, a.calleeValue, a.operands]).toEqual([null, { kind: "local", name: "fp" }, ["fp", "x"]]);
    expect([b.callee, b.calleeValue.kind, b.operands, b.result]).toEqual([null, "const", ["x"], "r"]);
  });

  it("declarations, globals, metadata, attributes and comments are skipped", () => {
    const m = parse(`; ModuleID = 'x'
source_filename = "x.c"
target triple = "x86_64-pc-linux-gnu"
%struct.T = type { i32,
  i64 }
$c = comdat any
@g = dso_local global i32 0, align 4, !dbg !0
@s = constant [3 x i8] c"};\\00"
declare void @d(i32) #1
attributes #0 = { noinline "frame-pointer"="all" }
!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!llvm.ident = !{!2}

define void @f() #0 !dbg !5 {
entry:
  uselistorder i32 0, { 1, 0 }
  ret void
}
^0 = module: (path: "x", hash: (0, 0, 0, 0, 0))
!1 = !{}
!2 = !{!"clang; {"}
!5 = !{}`);
    expect(m.functions.map((f) => [f.name, f.line, f.blocks.length])).toEqual([["f", 14, 1]]);
  });
});

describe("malformed modules: one line FILE:LINE: what", () => {
  it("unbalanced braces", () => {
    expect(malformed(`define void @f() {\nentry:\n  ret void\n}\n}`)).toBe(`t.ll:5: unbalanced braces: '}' outside a function`);
    expect(malformed(`define void @f() {\nentry:\n  ret void\n`)).toBe(`t.ll:1: function @f is not closed: no '}' before the end of the file`);
    expect(malformed(`define void @f() {\nentry:\n  ret void\ndefine void @g() {\nentry:\n  ret void\n}`)).toBe(
      `t.ll:1: function @f is not closed: no '}' before line 4`,
    );
    expect(malformed(`define void @f(i32 %v) {\nentry:\n  switch i32 %v, label %entry [\n    i32 0, label %entry\n}`)).toBe(
      `t.ll:3: unbalanced brackets: the instruction is not closed before the '}' of the function`,
    );
    expect(malformed(`define void @f(i32 %v) {\nentry:\n  switch i32 %v, label %entry [\n    i32 0, label %entry\n`)).toBe(
      `t.ll:3: unbalanced brackets: the instruction is not closed before the end of the file`,
    );
    expect(malformed(`@g = global { i32 } { i32 0 }}`)).toBe(`t.ll:1: unbalanced brackets: more closing than opening`);
    expect(malformed(`define void @f() { ret void }`)).toBe(`t.ll:1: the body must start on the line after the '{' of 'define'`);
    expect(malformed(`define void @f()\n`)).toBe(`t.ll:1: 'define' without a body: no '{' before the end of the file`);
  });

  it("instructions and labels outside a function", () => {
    expect(malformed(`source_filename = "x"\n  %x = add i32 1, 2`)).toBe(`t.ll:2: instruction outside a function`);
    expect(malformed(`ret void`)).toBe(`t.ll:1: instruction outside a function`);
    expect(malformed(`entry:\n  ret void`)).toBe(`t.ll:1: block label outside a function`);
    expect(malformed(`#dbg_value(i32 0, !1, !DIExpression(), !2)`)).toBe(`t.ll:1: debug record outside a function`);
    expect(malformed(`frobnicate`)).toBe(`t.ll:1: unexpected "frobnicate" outside a function`);
  });

  it("unknown branch targets and phi blocks", () => {
    expect(malformed(`define void @f() {\nentry:\n  br label %nowhere\n}`)).toBe(`t.ll:3: branch to unknown block %nowhere in function @f`);
    expect(malformed(`define void @f(i1 %c) {\nentry:\n  br i1 %c, label %entry, label %"no where"\n}`)).toBe(
      `t.ll:3: branch to unknown block %"no where" in function @f`,
    );
    expect(malformed(`define i32 @f() {\nentry:\n  br label %a\na:\n  %p = phi i32 [ 0, %entry ], [ 1, %b ]\n  ret i32 %p\n}`)).toBe(
      `t.ll:5: phi names unknown block %b in function @f`,
    );
  });

  it("blocks without terminators, duplicate labels, empty functions", () => {
    expect(malformed(`define void @f() {\nentry:\n  %x = add i32 1, 2\na:\n  ret void\n}`)).toBe(
      `t.ll:4: block %a starts before block %entry ends (it has no terminator)`,
    );
    expect(malformed(`define void @f() {\nentry:\n  %x = add i32 1, 2\n}`)).toBe(`t.ll:4: block %entry of function @f has no terminator`);
    expect(malformed(`define void @f() {\nentry:\n  br label %entry\nentry:\n  ret void\n}`)).toBe(`t.ll:4: duplicate block label %entry in function @f`);
    expect(malformed(`define void @f() {\n}`)).toBe(`t.ll:1: function @f has no blocks`);
  });

  it("unknown instructions and broken operands: the strict reader's messages (LLVM's words)", () => {
    expect(malformed(`define void @f() {\nentry:\n  %x = frobnicate i32 1\n  ret void\n}`)).toBe(`t.ll:3: expected instruction opcode, found "frobnicate"`);
    expect(malformed(`define void @f(ptr %p) {\nentry:\n  store i32 1 ptr %p\n  ret void\n}`)).toBe(`t.ll:3: expected ',' after store operand, found "ptr"`);
    expect(malformed(`define void @f(ptr %p) {\nentry:\n  %x = load ptr %p\n  ret void\n}`)).toBe(`t.ll:3: expected comma after load's type, found "%p"`);
    expect(malformed(`define void @f() {\nentry:\n  br label %"open\n}`)).toBe(`t.ll:3: end of a quoted name before its closing quote`);
    expect(malformed(`define void @f() {\nentry:\n  br lable %entry\n}`)).toBe(`t.ll:3: expected a type, found "lable"`);
  });
});

describe("streaming", () => {
  it("chunk boundaries anywhere, CRLF, a BOM and multi-byte names give the same module", () => {
    const text = `\uFEFF; é\r\ndefine void @"π"(i32 %"ü") {\r\n"ñ":\r\n  %"€" = add i32 %"ü", 1\r\n  ret void\r\n}\r\n`;
    const path = join(tmp, "utf8.ll");
    writeFileSync(path, text);
    const whole = parseModule(text, path);
    expect(whole.functions[0]).toMatchObject({ name: "π", params: ["ü"], blocks: [{ label: "ñ", line: 3 }] });
    expect(whole.functions[0].blocks[0].instrs[0]).toMatchObject({ result: "€", operands: ["ü"] });
    for (const chunk of [1, 2, 3, 5, 7, 64]) expect(parseModuleFile(path, chunk)).toEqual(whole);
  });
});

describe("size: nothing recurses with the input", () => {
  it("one function of 10^5 blocks, streamed and whole alike", () => {
    const text = [...llvmModuleChunks({ functions: 1, rounds: 33333 })].join("");
    const path = join(tmp, "wide.ll");
    writeFileSync(path, text);
    const m = parseModuleFile(path);
    expect(m.functions.length).toBe(1);
    expect(m.functions[0].blocks.length).toBe(100001);
    expect(m.functions[0].blocks.at(-1)!.label).toBe("return");
    expect(JSON.stringify(parseModule(text, path))).toBe(JSON.stringify(m));
    const preds = predecessors(m.functions[0]);
    expect(preds[m.functions[0].blocks.length - 1]).toEqual(["join33332"]);
  });

  it("types and constants nested 10^5 deep", () => {
    const n = 100000;
    const type = "[1 x ".repeat(n) + "i32" + "]".repeat(n);
    // a constant names its elements' types: each level a named struct keeps the text linear
    const types = Array.from({ length: n }, (_, k) => `%T${k} = type { ${k === 0 ? "i32" : `%T${k - 1}`} }`).join("\n");
    const value = Array.from({ length: n - 1 }, (_, k) => `{ %T${n - 2 - k} `).join("") + "{ i32 0 }" + " }".repeat(n - 1);
    const f = one(
      `${types}\ndefine void @f(ptr %p) {\nentry:\n  store ${type} zeroinitializer, ptr %p\n  %x = load ${type}, ptr %p\n  store %T${n - 1} ${value}, ptr %p\n  ret void\n}`,
    );
    expect(all(f).map((i) => i.operands)).toEqual([["p"], ["p"], ["p"], []]);
  });
});
