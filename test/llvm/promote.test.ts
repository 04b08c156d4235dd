/**
 * Promotability as LLVM 14's isAllocaPromotable decides it (adapters/llvm/promote.ts), one alloca per
 * rule, against what opt-14 -passes=mem2reg actually did with this function (the after text is
 * its output): promoted are the plain one, the atomically accessed one, the one with lifetime
 * markers through a bitcast, and the one an llvm.assume operand bundle names (the bundle becomes
 * "ignore"); kept are the volatile one, the array behind a zero getelementptr that a bitcast
 * uses, the array behind a non-zero getelementptr, the escaping one, and the one loaded through
 * a bitcast. The pair is certified, so the two sets agree instruction by instruction.
 */
import { describe, expect, it } from "vitest";
import { validateLlvm } from "./validate.js";
import { parseModule } from "../../adapters/llvm/read.js";
import { promotion } from "../../adapters/llvm/promote.js";
import { SourceText } from "../../adapters/llvm/text.js";

const BEFORE = `declare void @llvm.lifetime.start.p0i8(i64, i8* nocapture)
declare void @llvm.lifetime.end.p0i8(i64, i8* nocapture)
declare void @llvm.assume(i1)
declare void @use(i32*)

define i32 @rules(i32 %x, i1 %c) {
entry:
  %plain = alloca i32, align 4
  %atomic = alloca i32, align 4
  %vol = alloca i32, align 4
  %life = alloca i32, align 4
  %gep0 = alloca [2 x i32], align 4
  %gepnz = alloca [2 x i32], align 4
  %escapes = alloca i32, align 4
  %assumed = alloca i32, align 4
  %castused = alloca i32, align 4
  store i32 %x, i32* %plain, align 4
  store atomic i32 %x, i32* %atomic seq_cst, align 4
  store volatile i32 %x, i32* %vol, align 4
  %lc = bitcast i32* %life to i8*
  call void @llvm.lifetime.start.p0i8(i64 4, i8* %lc)
  store i32 1, i32* %life, align 4
  %g0 = getelementptr inbounds [2 x i32], [2 x i32]* %gep0, i64 0, i64 0
  %g0c = bitcast i32* %g0 to i8*
  %gnz = getelementptr inbounds [2 x i32], [2 x i32]* %gepnz, i64 0, i64 1
  store i32 2, i32* %gnz, align 4
  call void @use(i32* %escapes)
  call void @llvm.assume(i1 true) [ "align"(i32* %assumed, i64 4) ]
  store i32 3, i32* %assumed, align 4
  %cu = bitcast i32* %castused to i8*
  %cuv = load i8, i8* %cu, align 1
  br i1 %c, label %then, label %join
then:
  store i32 7, i32* %plain, align 4
  store i32 8, i32* %life, align 4
  br label %join
join:
  %a = load i32, i32* %plain, align 4
  %b = load atomic i32, i32* %atomic seq_cst, align 4
  %v = load volatile i32, i32* %vol, align 4
  %l = load i32, i32* %life, align 4
  call void @llvm.lifetime.end.p0i8(i64 4, i8* %lc)
  %n = load i32, i32* %gnz, align 4
  %e = load i32, i32* %escapes, align 4
  %s = load i32, i32* %assumed, align 4
  %r1 = add i32 %a, %b
  %r2 = add i32 %r1, %v
  %r3 = add i32 %r2, %l
  %r4 = add i32 %r3, %n
  %r5 = add i32 %r4, %e
  %r6 = add i32 %r5, %s
  ret i32 %r6
}
`;

/** `opt-14 -passes=mem2reg -S` of BEFORE. */
const AFTER = `; ModuleID = 'p.ll'
source_filename = "p.ll"

; Function Attrs: argmemonly nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #0

; Function Attrs: argmemonly nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #0

; Function Attrs: inaccessiblememonly nofree nosync nounwind willreturn
declare void @llvm.assume(i1 noundef) #1

declare void @use(i32*)

define i32 @rules(i32 %x, i1 %c) {
entry:
  %vol = alloca i32, align 4
  %gep0 = alloca [2 x i32], align 4
  %gepnz = alloca [2 x i32], align 4
  %escapes = alloca i32, align 4
  %castused = alloca i32, align 4
  store volatile i32 %x, i32* %vol, align 4
  %g0 = getelementptr inbounds [2 x i32], [2 x i32]* %gep0, i64 0, i64 0
  %g0c = bitcast i32* %g0 to i8*
  %gnz = getelementptr inbounds [2 x i32], [2 x i32]* %gepnz, i64 0, i64 1
  store i32 2, i32* %gnz, align 4
  call void @use(i32* %escapes)
  call void @llvm.assume(i1 true) [ "ignore"(i32* undef, i64 4) ]
  %cu = bitcast i32* %castused to i8*
  %cuv = load i8, i8* %cu, align 1
  br i1 %c, label %then, label %join

then:                                             ; preds = %entry
  br label %join

join:                                             ; preds = %then, %entry
  %life.0 = phi i32 [ 8, %then ], [ 1, %entry ]
  %plain.0 = phi i32 [ 7, %then ], [ %x, %entry ]
  %v = load volatile i32, i32* %vol, align 4
  %n = load i32, i32* %gnz, align 4
  %e = load i32, i32* %escapes, align 4
  %r1 = add i32 %plain.0, %x
  %r2 = add i32 %r1, %v
  %r3 = add i32 %r2, %life.0
  %r4 = add i32 %r3, %n
  %r5 = add i32 %r4, %e
  %r6 = add i32 %r5, 3
  ret i32 %r6
}

attributes #0 = { argmemonly nofree nosync nounwind willreturn }
attributes #1 = { inaccessiblememonly nofree nosync nounwind willreturn }
`;

describe("isAllocaPromotable, rule by rule", () => {
  it("promotes exactly what LLVM 14 promotes, and says why the others stay memory", () => {
    const fn = parseModule(BEFORE, "p.ll").functions[0];
    const p = promotion(fn, new SourceText(BEFORE, "p.ll"));
    expect([...p.promoted.keys()].sort()).toEqual(["assumed", "atomic", "life", "plain"]);
    expect(Object.fromEntries(p.kept)).toEqual({
      vol: "volatile store at line 19",
      gep0: "getelementptr at line 23 has a user other than lifetime markers (line 24)",
      gepnz: "getelementptr with a non-zero index at line 25",
      escapes: "passed to a call at line 27",
      castused: "bitcast at line 30 has a user other than lifetime markers (line 31)",
    });
  });

  it("the pair certifies: mem2reg removed and kept the same instructions, and its values are right", () => {
    const [r] = validateLlvm(BEFORE, AFTER, {}, ["p.ll", "p.after.ll"]);
    expect({ certified: r.certified, translation: r.translation }).toEqual({ certified: true, translation: [] });
    expect(r.stats).toMatchObject({ promoted: 4, phis: 2, phis_minimum: 2 });
  });
});
