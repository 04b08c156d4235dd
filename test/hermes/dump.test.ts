/**
 * Reading hermesc's IR dumps (adapters/hermes/dump.ts) and their runs of the SSA pass
 * (adapters/hermes/index.ts): the escape-aware operand reader, both syntaxes, the sections of a
 * stream; and every malformed dump refused with one line naming the file and line.
 */
import { describe, expect, it } from "vitest";
import { parseHermesDump, runsOf, validate, validateDump } from "../../api/hermes.js";
import { readOperands } from "../../adapters/hermes/dump.js";
import { MalformedInput } from "../../api/errors.js";

const ops = (s: string, params: string[] = []) => readOperands(s, new Set(params))!.map((o) => `${o.kind}:${o.value}`);

describe("operands", () => {
  it("a string literal is read to its closing quote, backslashes escaping the next character", () => {
    // the printer writes `\\\"` for a quote and `\\\\` for a backslash: a `,` or `%BB1` inside is text
    expect(ops(' "a\\\\\\"b,c %BB1": string, %3: any')).toEqual(['other:"a\\\\\\"b,c %BB1"', "instr:%3"]);
    expect(ops(' "q\\\\\\"uo\\\\\\\\te\\\\n, %BB1: number": string, %BB2')).toEqual(['other:"q\\\\\\"uo\\\\\\\\te\\\\n, %BB1: number"', "block:%BB2"]);
  });

  it("values of every kind, with V1's and legacy's type labels", () => {
    expect(ops(" %1: environment, undefined: undefined, [%VS1.s]: any")).toEqual(["instr:%1", "other:undefined", "other:[%VS1.s]"]);
    expect(ops(' %"gen 1#"(): functionCode, %VS0: any, $x: any, [HermesBuiltin.spawnAsync]: number')).toEqual(['other:%"gen 1#"()', "other:%VS0", "other:$x", "other:[HermesBuiltin.spawnAsync]"]);
    expect(ops(" 0 : number, %BB1, %27, %BB3")).toEqual(["other:0", "block:%BB1", "instr:%27", "block:%BB3"]);
    expect(ops(" %S{f#0#1()#2}, [x#2@g], -0, 10n, private \"x\"")).toEqual(["other:%S{f#0#1()#2}", "other:[x#2@g]", "other:-0", "other:10n", 'other:private "x"']);
    expect(ops("")).toEqual([]);
  });

  it("a parameter named BB3 is no block (V1: it has a type label; legacy: the header names it)", () => {
    expect(ops(" %BB3: any")).toEqual(["other:%BB3"]);
    expect(ops(" %BB3", ["BB3"])).toEqual(["other:%BB3"]);
    expect(ops(" %BB3")).toEqual(["block:%BB3"]);
  });

  it("what does not read as operands is undefined (an unterminated string, a bracket left open, a missing comma)", () => {
    expect(readOperands(' "abc: string', new Set())).toBeUndefined();
    expect(readOperands(" [%VS1.x: any", new Set())).toBeUndefined();
    expect(readOperands(" %1 %2", new Set())).toBeUndefined();
  });
});

const V1 = `*** INITIAL STATE

scope %VS0 []

function f(n: any): any
%BB0:
  %0 = AllocStackInst (:any) $n: any
  %1 = LoadParamInst (:any) %n: any
       StoreStackInst %1: any, %0: any
  %3 = LoadStackInst (:any) %0: any
       ReturnInst %3: any
function_end

*** AFTER SimpleMem2Reg

function f(n: any): any
%BB0:
  %0 = LoadParamInst (:any) %n: any
       ReturnInst %0: any
function_end
`;

describe("dumps and runs", () => {
  it("a V1 stream: sections, functions, blocks, instructions with and without results", () => {
    const d = parseHermesDump(V1, "s.ir");
    expect(d.syntax).toBe("v1");
    expect(d.sections.map((s) => s.title)).toEqual(["INITIAL STATE", "AFTER SimpleMem2Reg"]);
    const f = d.sections[0].functions[0];
    expect(f).toMatchObject({ name: "f", key: "f", definition: "function", params: ["n"], line: 5 });
    expect(f.blocks[0].instrs.map((i) => [i.result, i.kind, i.head])).toEqual([
      [0, "AllocStackInst", "(:any)"],
      [1, "LoadParamInst", "(:any)"],
      [null, "StoreStackInst", ""],
      [3, "LoadStackInst", "(:any)"],
      [null, "ReturnInst", ""],
    ]);
    expect(runsOf(d)!.map((r) => [r.pass, r.before.length, r.after.length])).toEqual([["SimpleMem2Reg", 1, 1]]);
    expect(validateDump(V1).verdict).toBe("certified");
  });

  it("headers: quoted names, definition kinds of both compilers; legacy names without their scope chains", () => {
    const v1 = parseHermesDump('generator inner "gen 1#"(n: any): any\n%BB0:\n       ReturnInst undefined: undefined\nfunction_end\n', "g.ir");
    expect(v1.sections[0].functions[0]).toMatchObject({ name: "gen 1#", definition: "generator inner", params: ["n"] });
    const legacy = parseHermesDump("function f#0#1(n, m)#2\nS{f#0#1()#2} = []\n%BB0:\n  %0 = ReturnInst %n\nfunction_end\n", "l.ir");
    expect(legacy.syntax).toBe("legacy");
    expect(legacy.sections[0].functions[0]).toMatchObject({ name: "f", key: "f#0#1", params: ["n", "m"] });
  });

  it("a dump of one moment (no titles) is one side; a stream given twice pairs its runs", () => {
    const before = V1.slice(V1.indexOf("function f"), V1.indexOf("*** AFTER"));
    const after = V1.slice(V1.indexOf("*** AFTER") + "*** AFTER SimpleMem2Reg\n".length);
    expect(runsOf(parseHermesDump(before, "b.ir"))).toBeUndefined();
    expect(validate(before, after).verdict).toBe("certified");
    // a plain before dump with the stream as the after dump: its one run's after side
    expect(validate(before, V1).verdict).toBe("certified");
  });
});

describe("malformed dumps: one line naming the place", () => {
  const refused = (run: () => unknown, message: RegExp) => {
    let error: unknown;
    try {
      run();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MalformedInput);
    const text = (error as Error).message;
    expect(text.split("\n")).toHaveLength(1);
    expect(text).toMatch(message);
  };

  it("in a function: no function_end, an unreadable instruction, unreadable operands, an instruction before the first block, a block twice", () => {
    refused(() => parseHermesDump("function f(): any\n%BB0:\n       ReturnInst undefined: undefined\n", "a.ir"), /^a\.ir:1: function f: the function ends without `function_end`$/);
    refused(() => parseHermesDump("function f(): any\n%BB0:\n  %0 = 123\nfunction_end\n", "a.ir"), /^a\.ir:3: function f: not an instruction: %0 = 123$/);
    refused(() => parseHermesDump('function f(): any\n%BB0:\n       ReturnInst "unterminated: string\nfunction_end\n', "a.ir"), /^a\.ir:3: function f: cannot read the operands of ReturnInst: ReturnInst "unterminated: string$/);
    refused(() => parseHermesDump("function f(): any\n  %0 = LoadParamInst (:any) %n: any\n%BB0:\nfunction_end\n", "a.ir"), /^a\.ir:2: function f: an instruction before the first block/);
    refused(() => parseHermesDump("function f(): any\n%BB0:\n       BranchInst %BB0\n%BB0:\n       ReturnInst 1: number\nfunction_end\n", "a.ir"), /^a\.ir:4: function f: block %BB0 appears twice$/);
  });

  it("between functions: not a header; a dump with no function; the two syntaxes in one dump", () => {
    refused(() => parseHermesDump("hello\n", "a.ir"), /^a\.ir:1: not a function header: hello$/);
    refused(() => parseHermesDump("*** INITIAL STATE\n\n", "a.ir"), /^a\.ir:1: no function in the dump/);
    refused(
      () => parseHermesDump("function f(): any\n%BB0:\n       ReturnInst 1: number\nfunction_end\nfunction g#0#1()#2\n%BB0:\n  %0 = ReturnInst 1 : number\nfunction_end\n", "a.ir"),
      /^a\.ir:5: legacy Hermes 0\.12 syntax in a dump read as Hermes V1 so far$/,
    );
  });

  it("runs: the pass's section first, sections with no SSA pass, a legacy BEFORE without its AFTER", () => {
    refused(() => runsOf(parseHermesDump(V1.slice(V1.indexOf("*** AFTER")), "a.ir")), /^a\.ir:1: `\*\*\* AFTER SimpleMem2Reg` is the first section/);
    refused(() => runsOf(parseHermesDump(V1.replace("AFTER SimpleMem2Reg", "AFTER DCE"), "a.ir")), /^a\.ir:1: 2 sections and none of SimpleMem2Reg or Mem2Reg/);
    const legacy = "*** BEFORE Function pass Mem2Reg\n\nfunction f#0#1()#2\n%BB0:\n  %0 = ReturnInst 1 : number\nfunction_end\n";
    refused(() => runsOf(parseHermesDump(legacy, "a.ir")), /^a\.ir:1: `\*\*\* BEFORE Function pass Mem2Reg` is not followed by `\*\*\* AFTER Function pass Mem2Reg`/);
  });

  it("pairing: a function missing after, another in its place, runs that do not match", () => {
    const before = "function f(): any\n%BB0:\n       ReturnInst 1: number\nfunction_end\nfunction g(): any\n%BB0:\n       ReturnInst 2: number\nfunction_end\n";
    const onlyF = "function f(): any\n%BB0:\n       ReturnInst 1: number\nfunction_end\n";
    refused(() => validate(before, onlyF, { names: { original: "b.ir", ssa: "a.ir" } }), /^a\.ir: function g of b\.ir \(line 5\) is missing$/);
    refused(() => validate(before, before.replace("function g", "function h"), { names: { original: "b.ir", ssa: "a.ir" } }), /^a\.ir:5: function h stands where b\.ir has g \(line 5\)$/);
    refused(() => validate(V1 + V1.replace("*** INITIAL STATE", "*** AFTER DCE"), V1, { names: { original: "b.ir", ssa: "a.ir" } }), /^a\.ir: 1 run of the pass, but b\.ir has 2$/);
  });
});
