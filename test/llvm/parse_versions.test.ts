/**
 * The IR of LLVM 15 and 16 (clang-15/opt-15, clang-16/opt-16: opaque pointers by default, `memory(...)`
 * attributes, `uwtable(sync)`, `allockind`, new atomicrmw operations, `ptr addrspace(N)`) reads
 * as LLVM 14's does: hand-written snippets of that syntax parse the same whole and streamed, with
 * the fields the adapter uses; the instruction comparison pairs their names; and opt-16's mem2reg
 * output of them is certified. The `after` text is `opt-16 -passes=mem2reg -S` of `before`, which
 * is itself `opt-16 -S` of the hand-written text (so that attribute groups are numbered as opt
 * numbers them, as in clang's output).
 */
import { describe, expect, it } from "vitest";
import { parseModule, parseModuleChunks } from "../../adapters/llvm/read.js";
import type { LlvmCall, LlvmFunction, LlvmInstr, LlvmInstrOf } from "../../adapters/llvm/ir.js";
import { sameSkeleton } from "../../adapters/llvm/text.js";
import { chunksOf } from "./chunks.js";
import { validateLlvm } from "./validate.js";

const BEFORE16 = String.raw`; ModuleID = 'new.before.ll'
source_filename = "new.before.ll"

%struct.S = type { ptr, i32 }

@g = dso_local global ptr null, align 8
@arr = dso_local global [4 x i32] zeroinitializer, align 16
@.str = private unnamed_addr constant [3 x i8] c"%d\00", align 1

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @attrs(ptr noundef %p) #0 {
entry:
  %x = alloca i32, align 4
  %q = alloca ptr, align 8
  store ptr %p, ptr %q, align 8
  %0 = load ptr, ptr %q, align 8
  %1 = load i32, ptr %0, align 4
  store i32 %1, ptr %x, align 4
  %2 = load i32, ptr %x, align 4
  %c = call i32 @pure(i32 noundef %2) #2
  %d = call i32 @pure(i32 noundef %c) #7
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %0, ptr align 4 @arr, i64 4, i1 false)
  %call = call i32 (ptr, ...) @printf(ptr noundef @.str, i32 noundef %d)
  %f = freeze i32 %c
  %r = add nsw i32 %f, %2
  ret i32 %r
}

; Function Attrs: memory(argmem: readwrite) uwtable(sync)
define dso_local ptr @ptrs(ptr noundef %s, i64 noundef %i) #1 {
entry:
  %s.addr = alloca ptr, align 8
  %v = alloca ptr addrspace(1), align 8
  store ptr %s, ptr %s.addr, align 8
  store ptr addrspace(1) null, ptr %v, align 8
  %0 = load ptr, ptr %s.addr, align 8
  %a = getelementptr inbounds %struct.S, ptr %0, i32 0, i32 1
  %b = getelementptr inbounds [4 x i32], ptr @arr, i64 0, i64 %i
  %c = getelementptr i8, ptr %a, i64 ptrtoint (ptr getelementptr (i32, ptr null, i32 1) to i64)
  %cmp = icmp eq ptr %c, null
  %1 = load ptr addrspace(1), ptr %v, align 8
  %2 = addrspacecast ptr addrspace(1) %1 to ptr
  %sel = select i1 %cmp, ptr %b, ptr %2
  %fn = call ptr @id(ptr noundef nonnull align 8 dereferenceable(16) %sel, ptr dso_local_equivalent @id, ptr no_cfi @id)
  ret ptr %fn
}

define dso_local i32 @atomics(ptr noundef %p, float %f) {
entry:
  %n = alloca i32, align 4
  store i32 0, ptr %n, align 4
  %0 = atomicrmw uinc_wrap ptr %p, i32 1 seq_cst, align 4
  %1 = atomicrmw fmax ptr @g, float %f monotonic, align 4
  %2 = cmpxchg weak ptr %p, i32 %0, i32 2 syncscope("singlethread") acq_rel monotonic, align 4
  %3 = extractvalue { i32, i1 } %2, 0
  fence syncscope("singlethread") seq_cst
  %4 = load atomic i32, ptr %p seq_cst, align 4
  store i32 %4, ptr %n, align 4
  %nf = fneg float %f
  %5 = load i32, ptr %n, align 4
  %s = add i32 %5, %3
  ret i32 %s
}

define dso_local i32 @asm_and_goto(i32 noundef %x) {
entry:
  %x.addr = alloca i32, align 4
  %y = alloca i32, align 4
  store i32 %x, ptr %x.addr, align 4
  call void asm sideeffect "", "=*m,~{memory}"(ptr elementtype(i32) @arr)
  %0 = load i32, ptr %x.addr, align 4
  %tgt = select i1 true, ptr blockaddress(@asm_and_goto, %l1), ptr blockaddress(@asm_and_goto, %l2)
  indirectbr ptr %tgt, [label %l1, label %l2]

l1:                                               ; preds = %entry
  store i32 1, ptr %y, align 4
  br label %l2

l2:                                               ; preds = %l1, %entry
  %1 = load i32, ptr %y, align 4
  %2 = call i32 @llvm.smax.i32(i32 %0, i32 %1)
  ret i32 %2
}

; Function Attrs: memory(none)
declare i32 @pure(i32 noundef) #2

declare ptr @id(ptr, ptr, ptr)

declare i32 @printf(ptr noundef, ...) #3

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #4

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #5

; Function Attrs: allockind("alloc,uninitialized") allocsize(0)
declare noalias ptr @my_malloc(i64) #6

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" }
attributes #1 = { memory(argmem: readwrite) uwtable(sync) }
attributes #2 = { memory(none) }
attributes #3 = { "frame-pointer"="all" }
attributes #4 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #5 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #6 = { allockind("alloc,uninitialized") allocsize(0) "alloc-family"="malloc" }
attributes #7 = { nounwind willreturn memory(read, argmem: readwrite) }
`;

const AFTER16 = String.raw`; ModuleID = 'canon16.before.ll'
source_filename = "new.before.ll"

%struct.S = type { ptr, i32 }

@g = dso_local global ptr null, align 8
@arr = dso_local global [4 x i32] zeroinitializer, align 16
@.str = private unnamed_addr constant [3 x i8] c"%d\00", align 1

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @attrs(ptr noundef %p) #0 {
entry:
  %0 = load i32, ptr %p, align 4
  %c = call i32 @pure(i32 noundef %0) #2
  %d = call i32 @pure(i32 noundef %c) #7
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %p, ptr align 4 @arr, i64 4, i1 false)
  %call = call i32 (ptr, ...) @printf(ptr noundef @.str, i32 noundef %d)
  %f = freeze i32 %c
  %r = add nsw i32 %f, %0
  ret i32 %r
}

; Function Attrs: memory(argmem: readwrite) uwtable(sync)
define dso_local ptr @ptrs(ptr noundef %s, i64 noundef %i) #1 {
entry:
  %a = getelementptr inbounds %struct.S, ptr %s, i32 0, i32 1
  %b = getelementptr inbounds [4 x i32], ptr @arr, i64 0, i64 %i
  %c = getelementptr i8, ptr %a, i64 ptrtoint (ptr getelementptr (i32, ptr null, i32 1) to i64)
  %cmp = icmp eq ptr %c, null
  %0 = addrspacecast ptr addrspace(1) null to ptr
  %sel = select i1 %cmp, ptr %b, ptr %0
  %fn = call ptr @id(ptr noundef nonnull align 8 dereferenceable(16) %sel, ptr dso_local_equivalent @id, ptr no_cfi @id)
  ret ptr %fn
}

define dso_local i32 @atomics(ptr noundef %p, float %f) {
entry:
  %0 = atomicrmw uinc_wrap ptr %p, i32 1 seq_cst, align 4
  %1 = atomicrmw fmax ptr @g, float %f monotonic, align 4
  %2 = cmpxchg weak ptr %p, i32 %0, i32 2 syncscope("singlethread") acq_rel monotonic, align 4
  %3 = extractvalue { i32, i1 } %2, 0
  fence syncscope("singlethread") seq_cst
  %4 = load atomic i32, ptr %p seq_cst, align 4
  %nf = fneg float %f
  %s = add i32 %4, %3
  ret i32 %s
}

define dso_local i32 @asm_and_goto(i32 noundef %x) {
entry:
  call void asm sideeffect "", "=*m,~{memory}"(ptr elementtype(i32) @arr)
  %tgt = select i1 true, ptr blockaddress(@asm_and_goto, %l1), ptr blockaddress(@asm_and_goto, %l2)
  indirectbr ptr %tgt, [label %l1, label %l2]

l1:                                               ; preds = %entry
  br label %l2

l2:                                               ; preds = %l1, %entry
  %0 = call i32 @llvm.smax.i32(i32 %x, i32 1)
  ret i32 %0
}

; Function Attrs: memory(none)
declare i32 @pure(i32 noundef) #2

declare ptr @id(ptr, ptr, ptr)

declare i32 @printf(ptr noundef, ...) #3

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #4

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #5

; Function Attrs: allockind("alloc,uninitialized") allocsize(0)
declare noalias ptr @my_malloc(i64) #6

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" }
attributes #1 = { memory(argmem: readwrite) uwtable(sync) }
attributes #2 = { memory(none) }
attributes #3 = { "frame-pointer"="all" }
attributes #4 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #5 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #6 = { allockind("alloc,uninitialized") allocsize(0) "alloc-family"="malloc" }
attributes #7 = { nounwind willreturn memory(read, argmem: readwrite) }
`;

/** What clang-16 -g writes: debug intrinsics on opaque pointers, call-site `memory(...)` written inline. */
const DEBUG16 = String.raw`define dso_local i32 @dbg(i32 noundef %a) #0 !dbg !10 {
entry:
  %a.addr = alloca i32, align 4
  %t = alloca ptr, align 8
  store i32 %a, ptr %a.addr, align 4
  call void @llvm.dbg.declare(metadata ptr %a.addr, metadata !15, metadata !DIExpression()), !dbg !16
  call void @llvm.dbg.value(metadata !DIArgList(ptr %t, i32 %a), metadata !17, metadata !DIExpression(DW_OP_LLVM_arg, 0)), !dbg !16
  %0 = load i32, ptr %a.addr, align 4, !dbg !18
  %1 = call i32 @pure(i32 noundef %0) memory(none), !dbg !18
  %2 = call i32 @pure(i32 noundef %1) memory(read, argmem: readwrite) nounwind
  ret i32 %2, !dbg !19
}
declare i32 @pure(i32 noundef) memory(none)
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1
declare void @llvm.dbg.value(metadata, metadata, metadata) #1
attributes #0 = { noinline nounwind uwtable(sync) "frame-pointer"="all" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "d.c", directory: ".")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "dbg", scope: !1, file: !1, line: 1, type: !11, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !13}
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!15 = !DILocalVariable(name: "a", arg: 1, scope: !10, file: !1, line: 1, type: !13)
!16 = !DILocation(line: 1, scope: !10)
!17 = !DILocalVariable(name: "t", scope: !10, file: !1, line: 2, type: !13)
!18 = !DILocation(line: 2, scope: !10)
!19 = !DILocation(line: 3, scope: !10)
`;

const fnOf = (text: string, name: string): LlvmFunction => {
  const f = parseModule(text, "t.ll").functions.find((g) => g.name === name);
  if (f === undefined) throw new Error(`no function ${name}`);
  return f;
};
const all = (f: LlvmFunction): LlvmInstr[] => f.blocks.flatMap((b) => b.instrs);
const ofOp = <K extends LlvmInstr["op"]>(f: LlvmFunction, op: K): LlvmInstrOf<K>[] =>
  all(f).filter((i): i is LlvmInstrOf<K> => i.op === op);

describe("LLVM 15 and 16 syntax", () => {
  it.each([
    ["before", BEFORE16],
    ["after", AFTER16],
    ["-g", DEBUG16],
  ])("the %s module parses the same whole and streamed in chunks", (_, text) => {
    const whole = parseModule(text, "t.ll");
    expect(whole.functions.length).toBeGreaterThan(0);
    const bytes = new TextEncoder().encode(text);
    for (const size of [1, 3, 7, 64]) expect(parseModuleChunks(chunksOf(bytes, size), "t.ll")).toEqual(whole);
  });

  it("reads the functions, blocks and instructions of the before module", () => {
    const m = parseModule(BEFORE16, "t.ll");
    expect(m.functions.map((f) => [f.name, f.params])).toEqual([
      ["attrs", ["p"]],
      ["ptrs", ["s", "i"]],
      ["atomics", ["p", "f"]],
      ["asm_and_goto", ["x"]],
    ]);
    const ptrs = fnOf(BEFORE16, "ptrs");
    expect(ofOp(ptrs, "alloca").map((a) => [a.result, a.type])).toEqual([
      ["s.addr", "ptr"],
      ["v", "ptr addrspace(1)"],
    ]);
    expect(ofOp(ptrs, "load").map((l) => [l.result, l.type, l.operands])).toEqual([
      ["0", "ptr", ["s.addr"]],
      ["1", "ptr addrspace(1)", ["v"]],
    ]);
    expect(ofOp(ptrs, "store")[1]).toMatchObject({ type: "ptr addrspace(1)", value: { kind: "const", text: "null" }, ptr: { kind: "local", name: "v" } });
    const call = ofOp(ptrs, "call")[0];
    expect(call.callee).toBe("id");
    expect(call.args.map((a) => a.value)).toEqual([
      { kind: "local", name: "sel" },
      { kind: "const", text: "dso_local_equivalent @id" },
      { kind: "const", text: "no_cfi @id" },
    ]);
    expect(ofOp(ptrs, "getelementptr").map((g) => g.operands)).toEqual([["0"], ["i"], ["a"]]);

    const atomics = fnOf(BEFORE16, "atomics");
    expect(ofOp(atomics, "atomicrmw").map((i) => i.operands)).toEqual([["p"], ["f"]]);
    expect(ofOp(atomics, "cmpxchg").map((i) => i.operands)).toEqual([["p", "0"]]);
    expect(ofOp(atomics, "load").map((l) => [l.result, l.atomic])).toEqual([
      ["4", true],
      ["5", false],
    ]);

    const attrs = fnOf(BEFORE16, "attrs");
    const calls = ofOp(attrs, "call");
    expect(calls.map((c) => [c.callee, c.intrinsic, c.operands])).toEqual([
      ["pure", null, ["2"]],
      ["pure", null, ["c"]],
      ["llvm.memcpy.p0.p0.i64", "other", ["0"]],
      ["printf", null, ["d"]],
    ]);

    const goto = fnOf(BEFORE16, "asm_and_goto");
    expect(goto.blocks.map((b) => [b.label, b.succs])).toEqual([
      ["entry", ["l1", "l2"]],
      ["l1", ["l2"]],
      ["l2", []],
    ]);
    const asm = ofOp(goto, "call")[0];
    expect(asm.callee).toBeNull();
    expect(asm.args).toEqual([{ type: "ptr", value: { kind: "global", name: "arr" } }]);
  });

  it("reads inline call-site `memory(...)` attributes and debug intrinsics on `ptr`", () => {
    const f = fnOf(DEBUG16, "dbg");
    const calls = ofOp(f, "call") as LlvmCall[];
    expect(calls.map((c) => [c.callee, c.intrinsic, c.debug, c.subject, c.args.length])).toEqual([
      ["llvm.dbg.declare", "dbg.declare", true, "a.addr", 3],
      ["llvm.dbg.value", "dbg.value", true, null, 3],
      ["pure", null, false, null, 1],
      ["pure", null, false, null, 1],
    ]);
    expect(calls[2].operands).toEqual(["0"]);
    expect(calls[3].operands).toEqual(["1"]);
    expect(ofOp(f, "ret")[0].operands).toEqual(["2"]);
  });

  it("compares instructions of the new syntax by their skeletons (the result name aside)", () => {
    const pairs = (b: string, a: string): string[][] | null => {
      const out: string[][] = [];
      return sameSkeleton(b, a, (x, y) => (out.push([x, y]), true)) ? out : null;
    };
    expect(pairs("%c = call i32 @pure(i32 noundef %2) memory(none)", "%c = call i32 @pure(i32 noundef %0) memory(none)")).toEqual([["2", "0"]]);
    expect(pairs("%c = call i32 @pure(i32 noundef %2) memory(none)", "%c = call i32 @pure(i32 noundef %2) memory(read)")).toBeNull();
    expect(pairs("%0 = atomicrmw uinc_wrap ptr %p, i32 1 seq_cst, align 4", "%7 = atomicrmw uinc_wrap ptr %q, i32 1 seq_cst, align 4")).toEqual([["p", "q"]]);
    expect(pairs("%0 = atomicrmw uinc_wrap ptr %p, i32 1 seq_cst, align 4", "%0 = atomicrmw udec_wrap ptr %p, i32 1 seq_cst, align 4")).toBeNull();
    expect(pairs("%1 = load ptr addrspace(1), ptr %v, align 8", "%1 = load ptr addrspace(1), ptr %w, align 8")).toEqual([["v", "w"]]);
    expect(pairs("%1 = load ptr addrspace(1), ptr %v, align 8", "%1 = load ptr addrspace(2), ptr %v, align 8")).toBeNull();
  });

  it("certifies opt-16's mem2reg of the before module, every function", () => {
    const results = validateLlvm(BEFORE16, AFTER16);
    expect(results.map((r) => [r.name, r.certified, r.translation])).toEqual([
      ["@attrs", true, []],
      ["@ptrs", true, []],
      ["@atomics", true, []],
      ["@asm_and_goto", true, []],
    ]);
  });
});
