/**
 * The fast paths of the parser (`quickParse` in adapters/llvm/instr.ts) against the generic one
 * (`parseInstruction`), line by line: wherever the fast path reads an instruction, the generic
 * speculative read must give the same instruction (the same JSON, so the same properties in the
 * same order) and set the cursor's `resultNumber`, `unnamed`, `terminator` and `restEnd` the same
 * way. The fast path may give up on anything (null); it must never throw, and never accept a line
 * that the generic read gives up on. Lines: every line of the fixtures, lines written here for
 * the forms the fast paths read or refuse, and pseudo-random mutations of all of them (blanks,
 * comments, quotes, brackets, flags, quoted names, dropped or doubled tokens).
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Cursor, GIVE_UP, codesOf, isBlank } from "../../adapters/llvm/cursor.js";
import { StringTable } from "../../adapters/llvm/intern.js";
import { parseInstruction, quickParse } from "../../adapters/llvm/instr.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/llvm/", import.meta.url));
const fixtureLines = readdirSync(FIXTURES)
  .filter((f) => f.endsWith(".ll"))
  .sort()
  .flatMap((f) => readFileSync(FIXTURES + f, "utf8").split("\n"));

/** Forms the fast paths read, and forms next to them that they must refuse or read alike. */
const WRITTEN = [
  "%0 = load i32, i32* %op.addr, align 4",
  "%1 = load i8*, i8** %p, align 8, !tbaa !5",
  "%v = load volatile i32, ptr %p",
  "%v = load atomic i32, ptr %p seq_cst, align 4",
  "%v = load <2 x i32>, <2 x i32>* %p",
  "%v = load { i32, [2 x i8] }, ptr %p",
  "%v = load i32 (i8*)*, i32 (i8*)** %fp",
  "%v = load i32, i32 addrspace(1)* %p",
  "%v = load ptr addrspace(1), ptr %p",
  "%v = load %struct.S*, %struct.S** %p",
  '%v = load %"struct.a b"*, ptr %p',
  '%v = load i32, ptr %"a b"',
  "%v = load i32, ptr @g",
  '%v = load i32, ptr @"g x"',
  "%v = load i32, i32* getelementptr inbounds (%struct.S, %struct.S* @s, i32 0, i32 1), align 4",
  "%v = load i32, ptr getelementptr inbounds nuw inrange(-8, 16) (i8, ptr @s, i64 8)",
  "%v = load i32, ptr null",
  "%v = load i32, ptr %p, align 4 ; comment",
  "%v = load i32, ptr %p, align 4 ; %x",
  "%v = load i32, ptr %p, align 4 %q",
  "%v = load i32, ptr %p %q",
  "%v = load i32 ptr %p",
  "%v = load i32,",
  "%v = load",
  "%v =load i32,ptr %p",
  "%v\t=\tload\ti32,\tptr\t%p",
  "%v = load i32, i32 * %p",
  "%v = load i32*, i32 ** %p",
  "%v = load i32, ptr %p, align 4, !dbg !7",
  "%v = load i32, ptr %p, !range !{i32 0, i32 1}",
  "%v = load i32, ptr %p, align 4, !x !\"s\"",
  "%007 = load i32, ptr %p",
  "%123456789012345678901 = load i32, ptr %p",
  "%0x = load i32, ptr %p",
  "%-1 = load i32, ptr %p",
  "%v = load i0, ptr %p",
  "%v = load i032, ptr %p",
  "%v = load i129, ptr %p",
  "%v = load i32x, ptr %p",
  "%v = load target(\"x\"), ptr %p",
  "%v = load x86_fp80, ptr %p",
  "store i32 0, i32* %retval, align 4",
  "store i32 %x, ptr %p",
  "store i64 -1, ptr %p",
  "store double 1.000000e+00, ptr %p",
  "store double 0x7FF8000000000000, ptr %p",
  "store i8* null, i8** %p",
  "store i1 true, ptr %p",
  "store i32 undef, ptr %p",
  "store i32 poison, ptr %p",
  "store { i32, i32 } zeroinitializer, ptr %p",
  "store { i32, i32 } { i32 1, i32 2 }, ptr %p",
  "store [2 x i8] c\"ab\", ptr %p",
  "store i32 s0x12, ptr %p",
  "store ptr dso_local_equivalent @f, ptr %p",
  "store ptr blockaddress(@f, %bb), ptr %p",
  "store volatile i32 1, ptr %p",
  "store atomic i32 1, ptr %p release, align 4",
  "store i32 %x, ptr %p, align 4 ; (",
  "store i32 %x ptr %p",
  "store i32 %x,",
  "store i32 asm \"\", \"\", ptr %p",
  "%a = alloca i32, align 4",
  "%a = alloca i32",
  "%a = alloca i32, i32 %n, align 4",
  "%a = alloca i32, i64 4",
  "%a = alloca [4 x i8], align 1",
  "%a = alloca %struct.S, align 8",
  "%a = alloca i32, addrspace(5)",
  "%a = alloca inalloca i32",
  "%a = alloca i32, align 4, !dbg !3",
  "%p = phi i32 [ %a, %bb1 ], [ 0, %bb2 ]",
  "%p = phi i32 [ %a, %bb1 ],[ 0, %bb2 ]",
  "%p = phi i32 [ %a, %bb1 ], [ 0, %bb2 ], !dbg !4",
  '%p = phi i32 [ %a, %"b b" ]',
  "%p = phi i32 [ %a, %bb1 ] [ 0, %bb2 ]",
  "%p = phi i32 [ %a %bb1 ]",
  "%p = phi fast double [ %a, %bb1 ]",
  "%p = phi i32",
  "br label %exit",
  "br label %12",
  'br label %"a b"',
  "br i1 %c, label %a, label %b",
  "br i1 true, label %a, label %b",
  "br i1 %c, label %a, label %b, !prof !1",
  "br i1 %c, label %a label %b",
  "br i1 %c, label %a,",
  "br label",
  "br %a",
  "ret void",
  "ret void, !dbg !5",
  "ret void ; c",
  "ret i32 %x",
  "ret i32 0",
  "ret { i32, i32 } { i32 1, i32 2 }",
  "ret void ()* %f",
  "ret ptr %p, !dbg !5",
  "ret",
  "%c = icmp slt i32 %0, 0",
  "%c = icmp eq ptr %a, null",
  "%c = fcmp fast olt double %a, %b",
  "%c = icmp slt i32 %0",
  "%s = add nsw i32 %a, %b",
  "%s = add nuw nsw i64 %a, 1",
  "%s = sub i32 0, %b",
  "%s = xor i1 %a, true",
  "%s = fadd double %a, 1.0e+00",
  "%s = add i32 %a %b",
  "%s = add <2 x i32> %a, <i32 1, i32 2>",
  "%z = zext i32 %a to i64",
  "%z = zext nneg i32 %a to i64",
  "%z = sext i8 %a to i32, !dbg !2",
  "%z = bitcast i8* %a to i32*",
  "%z = ptrtoint ptr %a to i64",
  "%z = bitcast i32 (i8*)* @f to i8*",
  "%z = zext i32 %a i64",
  "%z = zext i32 %a too i64",
  "%z = trunc i64 %a to",
  "%g = getelementptr inbounds [10 x i8], [10 x i8]* @statMutex, i64 0, i64 %idxprom",
  "%g = getelementptr inbounds %struct.S, %struct.S* %s, i32 0, i32 1",
  "%g = getelementptr i8, ptr %p, i64 %i",
  "%g = getelementptr inbounds nuw i8, ptr %p, i64 1, !dbg !3",
  "%g = getelementptr inbounds i8, ptr %p, i64 1, align 4",
  "%g = getelementptr inbounds i8, ptr %p, i64 1 ; x",
  "%g = getelementptr inbounds i8, ptr %p,",
  "%g = getelementptr inbounds i8 ptr %p",
  "%g = getelementptr inrange(0, 8) i8, ptr %p",
  "%g = getelementptr inbounds <2 x i8>, <2 x ptr> %p, <2 x i64> <i64 0, i64 1>",
  "%call = call i32 @sqlite3MisuseError(i32 noundef 25452)",
  "%call = call i32 @f()",
  "%call = call i32 @f( )",
  "call void @g(i8* noundef %p) #5",
  "call void @g(ptr nonnull align 8 dereferenceable(16) %p)",
  "call void @g(ptr align 8 %p, i64 24, i1 false)",
  "call void @llvm.memcpy.p0.p0.i64(ptr align 8 %0, ptr align 8 %1, i64 24, i1 false)",
  "call void @llvm.lifetime.start.p0(i64 4, ptr %x)",
  "call void @llvm.lifetime.end.p0i8(i64 4, i8* %x) #3",
  "call void @llvm.dbg.declare(metadata ptr %x, metadata !5, metadata !DIExpression()), !dbg !7",
  "call void @llvm.dbg.declare(metadata i32* %x.addr, metadata !5078, metadata !DIExpression()), !dbg !5079",
  "call void @llvm.dbg.value(metadata i32 0, metadata !5, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 32))",
  "call void @llvm.dbg.value(metadata ptr undef, metadata !5, metadata !DIExpression())",
  "call void @llvm.dbg.value(metadata ptr @g, metadata !5, metadata !DIExpression())",
  "call void @llvm.dbg.value(metadata !DIArgList(i32 %a, i32 %b), metadata !5, metadata !DIExpression())",
  "call void @llvm.dbg.value(metadata !{}, metadata !5, metadata !DIExpression())",
  'call void @llvm.dbg.value(metadata !"s", metadata !5, metadata !DIExpression())',
  "call void @llvm.dbg.value(metadata ! 5, metadata !5, metadata !DIExpression())",
  'call void @llvm.dbg.declare(metadata ptr %"a b", metadata !5, metadata !DIExpression())',
  "call void @llvm.dbg.label(metadata !12)",
  "call void @f(metadata i32 %a)",
  "%call = call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([4 x i8], [4 x i8]* @.str, i64 0, i64 0), i32 noundef %x)",
  "%call = call i32 (ptr, ...) @printf(ptr noundef @.str, ...)",
  "%call = call i32 %fp(i32 %x)",
  "%call = call i32 bitcast (i32 (...)* @f to i32 ()*)()",
  "%call = call i32 asm sideeffect \"x\", \"=r\"()",
  "%call = call fastcc noundef zeroext i1 @f(i32 signext %x)",
  "%call = call i32 @f(i32 %x) #0, !dbg !5",
  "%call = call i32 @f(i32 %x) nounwind memory(none)",
  '%call = call i32 @f(i32 %x) "attr"',
  '%call = call i32 @f(i32 "a"="b" %x)',
  '%call = call i32 @f(i32 %x) [ "deopt"(i32 %y) ]',
  "%call = tail call i32 @f(i32 %x)",
  "%call = musttail call i32 @f(i32 %x)",
  "%call = call i32 @f(i32 %x",
  "%call = call i32 @f(i32 %x) to label %a",
  "%call = call i32 @f(i32 %x,)",
  "%call = call i32 @f(i32 %x) ; (",
  "%call = call i32 @f(i32 byval(%struct.S) align 8 %x)",
  "%call = call i32 @f(i32 align %x)",
  "%call = call void (i8*) @f(i8* %x)",
  "%call = call { i32, i32 } @f()",
  "%call = call void ()* @f()",
  "call void @f() #0",
  "call void @f() # 0",
  "call void @f() #",
  "call i32 @f()",
  "%x = select i1 %c, i32 1, i32 0",
  "%x = fneg double %a",
  "switch i32 %a, label %d [ i32 0, label %a ]",
  "unreachable",
  "fence seq_cst",
  "%x = extractvalue { i32, i32 } %a, 0",
  "%x = landingpad { ptr, i32 } cleanup",
];

let seed = 20240531;
function rnd(n: number): number {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return (seed >>> 8) % n;
}

const INSERTS = ["%", '"', "(", ")", "[", "]", "{", "}", "<", ">", ",", "*", ";", "!", "#", "=", " ", "\t", "x", "0", "-", ".", "@", "i", "8", ":", "\\", "é", "+", "\r"];
const WORDS = [
  "volatile ", "atomic ", "inbounds ", "nsw ", "fast ", "align 4 ", "noundef ", "to ", "label ", "void ", "ptr ", "i32 ", "addrspace(1) ",
  "#0 ", "null ", "undef ", "getelementptr ", "inrange ", "(", "...", "metadata ", "!dbg !5", 'c"x" ', "x86_fp80 ", 'target("a") ', "tail ",
];

/** One or two pseudo-random changes of `s`. */
function mutate(s: string): string {
  return rnd(9) === 0 ? change(change(s)) : change(s);
}

/** A pseudo-random change of `s` of one of a few kinds. */
function change(s: string): string {
  const p = rnd(s.length + 1);
  const blanks: number[] = [];
  for (let i = 0; i < s.length; i++) if (s[i] === " ") blanks.push(i);
  const tokens = [...s.matchAll(/[\w.%@*]+/g)];
  switch (rnd(8)) {
    case 0: {
      if (blanks.length === 0) return s;
      const i = blanks[rnd(blanks.length)];
      return s.slice(0, i) + ["", "  ", "\t", " \t "][rnd(4)] + s.slice(i + 1);
    }
    case 1:
      return s + [" ; c", ";", " ;(", ' ; "', "  ; [x", ";%", " ", "\t"][rnd(8)];
    case 2:
      return s.slice(0, p) + INSERTS[rnd(INSERTS.length)] + s.slice(p);
    case 3:
      return s.slice(0, p) + s.slice(p + 1);
    case 4: {
      const names = [...s.matchAll(/%[-\w.$]+/g)];
      if (names.length === 0) return s;
      const x = names[rnd(names.length)];
      return `${s.slice(0, x.index)}%"${x[0].slice(1)}"${s.slice(x.index + x[0].length)}`;
    }
    case 5: {
      if (blanks.length === 0) return s;
      const i = blanks[rnd(blanks.length)] + 1;
      return s.slice(0, i) + WORDS[rnd(WORDS.length)] + s.slice(i);
    }
    case 6: {
      if (tokens.length === 0) return s;
      const x = tokens[rnd(tokens.length)];
      return `${s.slice(0, x.index)}${x[0]} ${s.slice(x.index)}`;
    }
    default: {
      if (tokens.length === 0) return s;
      const x = tokens[rnd(tokens.length)];
      return s.slice(0, x.index) + s.slice(x.index + x[0].length);
    }
  }
}

const cursor = new Cursor("t.ll", new StringTable(1 << 12));

/**
 * Reads `line` (a raw source line, as the line machine hands it to the fast path: from its first
 * non-blank to its trimmed end) both ways. Returns whether the fast path read it; a difference
 * is returned as a message.
 */
function compare(line: string): { quick: boolean; difference?: string } {
  const codes = codesOf(line);
  let a = 0;
  while (a < line.length && isBlank(codes[a])) a++;
  let e = line.length;
  while (e > a && isBlank(codes[e - 1])) e--;
  if (a === e) return { quick: false };
  const c = cursor;
  c.reset(line, 7, a, e, codes);
  let quick;
  try {
    quick = quickParse(c);
  } catch (err) {
    return { quick: false, difference: `the fast path threw ${String(err)}` };
  }
  if (quick === null) return { quick: false };
  const fast = [JSON.stringify(quick), c.resultNumber, c.unnamed, c.terminator, c.restEnd];
  c.reset(line, 7, a, e, codes);
  c.speculative = true;
  try {
    const generic = parseInstruction(c);
    const slow = [JSON.stringify(generic), c.resultNumber, c.unnamed, c.terminator, c.restEnd];
    if (JSON.stringify(slow) !== JSON.stringify(fast)) return { quick: true, difference: `fast ${JSON.stringify(fast)}, generic ${JSON.stringify(slow)}` };
  } catch (err) {
    return { quick: true, difference: `the generic read ${err === GIVE_UP ? "gives up" : `fails: ${String(err)}`}` };
  } finally {
    c.speculative = false;
  }
  return { quick: true };
}

function differences(lines: string[]): { read: number; differences: string[] } {
  let read = 0;
  const found: string[] = [];
  for (const line of lines) {
    const r = compare(line);
    if (r.quick) read++;
    if (r.difference !== undefined && found.length < 10) found.push(`${JSON.stringify(line)}: ${r.difference}`);
  }
  return { read, differences: found };
}

describe("the fast paths read what the generic parser reads, the same way", () => {
  it("every line of the fixtures", () => {
    const r = differences(fixtureLines);
    expect(r.differences).toEqual([]);
    expect(r.read).toBeGreaterThan(1000); // the fast paths do read most instructions
  });

  it("the lines written here", () => {
    const r = differences(WRITTEN);
    expect(r.differences).toEqual([]);
    expect(r.read).toBeGreaterThan(60);
  });

  it("mutations of those lines", () => {
    const instructions = [...WRITTEN, ...fixtureLines.filter((l) => /^\s+[%a-z]/.test(l))];
    const mutants: string[] = [];
    for (const l of instructions) for (let k = 0; k < 12; k++) mutants.push(mutate(l));
    const r = differences(mutants);
    expect(r.differences).toEqual([]);
    expect(r.read).toBeGreaterThan(mutants.length / 10);
  });
});
