/**
 * One rule for dominance, for every producer (LLVM's mem2reg, spirv-opt --ssa-rewrite, GCC's
 * into-SSA, the React Compiler's enterSSA): a use or phi argument whose value, as the producer
 * defines it, does not dominate it (a phi argument: the end of its predecessor) is a rejection,
 * exit 1, by `allUses_def_ass`, decided, with a path from the entry to the use that avoids the
 * definition; never malformed input (exit 2), which stays for what cannot be read (syntax,
 * references to nothing). Each mutant is one edit of a certified fixture's SSA form. Each
 * witness path is checked against the producer's own form, parsed here from its text (LLVM's
 * labels and branches, spirv-dis's OpLabel and branches, GCC's `;; succ:` lines) or read from
 * the compiler's HIR (the React Compiler's terminals), not against the adapter's documents: it
 * starts at the entry, follows edges of the function, ends at the use's block, and never passes
 * the block that defines the value. Under `--undef refine` too: there, a use undefined on a path
 * where the original reads uninitialised content would otherwise count as a refinement.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { FunctionPair } from "../../adapters/adapter.js";
import { llvmAdapter } from "../../adapters/llvm/index.js";
import type { SnapFunction } from "../../adapters/react-compiler/hir.js";
import { validatePairDetailed } from "../../api/producers.js";
import { reactCompilerAdapter } from "../../api/react_compiler.js";
import type { FunctionReport, PropertyReport, Report, WitnessReport } from "../../api/report.js";
import { ensureBuilt, ROOT, runMain, type Run } from "../cli/cli.js";
import { captureFunctions, CHOOSE } from "../react/helpers.js";

const FX = join(ROOT, "test/fixtures");
const fixture = (rel: string) => readFileSync(join(FX, rel), "utf8");
let dir: string;
const file = (name: string, content: string | Uint8Array) => {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
};

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "formal-ssa-dominance-"));
});

/** `text` with `from` (present exactly once) replaced by `to`. */
function edit(text: string, from: string, to: string): string {
  expect(text.split(from).length, `"${from}" is in the text once`).toBe(2);
  return text.replace(from, to);
}

/** A function's control flow as the producer's form has it: its entry, each block's successors, and the block defining each value. */
interface Flow {
  entry: string;
  succs: Map<string, string[]>;
  defBlock: Map<string, string>;
}

/** Why `path` is not a path of `flow` from its entry to `use` that avoids block `def`, or undefined. */
function pathProblem(flow: Flow, path: readonly string[] | undefined, use: string, def: string): string | undefined {
  if (path === undefined || path.length === 0) return "no path";
  if (path[0] !== flow.entry) return `starts at ${path[0]}, not at the entry ${flow.entry}`;
  if (path.at(-1) !== use) return `ends at ${path.at(-1)}, not at the use's block ${use}`;
  for (let k = 1; k < path.length; k++) if (!(flow.succs.get(path[k - 1]) ?? []).includes(path[k])) return `no edge ${path[k - 1]} -> ${path[k]}`;
  if (path.includes(def)) return `passes ${def}, which defines the value`;
  return undefined;
}

/** An LLVM function of a .ll text: its blocks (labels), each block's successors (`label %X` outside phis), where each `%v = ` stands. */
function llvmFlow(text: string, fn: string): Flow {
  const start = text.indexOf(`@${fn}(`);
  const body = text.slice(text.indexOf("{", start) + 1, text.indexOf("\n}", start)).split("\n");
  const flow: Flow = { entry: "", succs: new Map(), defBlock: new Map() };
  let block = "";
  for (const line of body) {
    const label = /^([\w.]+):/.exec(line);
    if (label !== null) {
      block = label[1];
      if (flow.entry === "") flow.entry = block;
      flow.succs.set(block, []);
      continue;
    }
    const def = /^\s+%([\w.]+) = /.exec(line);
    if (def !== null) flow.defBlock.set(def[1], block);
    if (/\bphi\b/.test(line)) continue;
    for (const m of line.matchAll(/label %([\w.]+)/g)) flow.succs.get(block)!.push(m[1]);
  }
  return flow;
}

/** The one function of a spirv-dis text: blocks by label (`%N = OpLabel`, named `N`), successors from the branches, where each `%v = ` stands. */
function spirvFlow(text: string): Flow {
  const flow: Flow = { entry: "", succs: new Map(), defBlock: new Map() };
  let block = "";
  for (const line of text.split("\n")) {
    const label = /^\s*%(\w+) = OpLabel/.exec(line);
    if (label !== null) {
      block = label[1];
      if (flow.entry === "") flow.entry = block;
      flow.succs.set(block, []);
      continue;
    }
    if (block === "") continue;
    const def = /^\s*%(\w+) = /.exec(line);
    if (def !== null) flow.defBlock.set(def[1], block);
    const words = line.trim().split(/\s+/);
    const ids = (ws: string[]) => ws.filter((w) => w.startsWith("%")).map((w) => w.slice(1));
    if (words[0] === "OpBranch") flow.succs.get(block)!.push(...ids(words.slice(1)));
    else if (words[0] === "OpBranchConditional") flow.succs.get(block)!.push(...ids(words.slice(2, 4)));
    else if (words[0] === "OpSwitch") flow.succs.get(block)!.push(...ids(words.slice(2)));
  }
  return flow;
}

/** A function of a GCC dump: `ENTRY` and `bbN` with the successors its `;; succ:` lines list, where each SSA name `x_5 = ` (or `# x_5 = PHI`) stands. */
function gccFlow(text: string, fn: string): Flow {
  const start = text.indexOf(`;; Function ${fn} `);
  const end = text.indexOf(";; Function ", start + 1);
  const lines = text.slice(start, end < 0 ? undefined : end).split("\n");
  const flow: Flow = { entry: "ENTRY", succs: new Map([["ENTRY", []]]), defBlock: new Map() };
  let block = "";
  let inSuccs = false;
  for (const line of lines) {
    const bb = /^;;\s+basic block (\d+)/.exec(line);
    if (bb !== null) {
      block = `bb${bb[1]}`;
      flow.succs.set(block, []);
      inSuccs = false;
      continue;
    }
    if (block === "") continue;
    if (/^;;\s+pred:\s+ENTRY\b/.test(line)) flow.succs.get("ENTRY")!.push(block);
    const succ = /^;;\s+(succ:)?\s+(\d+|EXIT)\b/.exec(line);
    if (succ !== null && (succ[1] !== undefined || inSuccs)) {
      inSuccs = true;
      if (succ[2] !== "EXIT") flow.succs.get(block)!.push(`bb${succ[2]}`);
      continue;
    }
    inSuccs = false;
    const def = /^\s+(?:# )?([\w.]+_\d+) = /.exec(line);
    if (def !== null) flow.defBlock.set(def[1], block);
  }
  return flow;
}

/** The React Compiler's HIR of a function: blocks `bbN`, successors from the terminals. */
function hirFlow(fn: SnapFunction): Flow {
  return { entry: `bb${fn.entry}`, succs: new Map(fn.blocks.map((b) => [`bb${b.id}`, b.terminal.succs.map((s) => `bb${s}`)])), defBlock: new Map() };
}

async function validateJson(before: string, after: string, ...options: string[]): Promise<{ run: Run; report: Report }> {
  const run = await runMain(["validate", before, after, "--json", ...options], ROOT);
  expect(run.stderr).toBe("");
  return { run, report: JSON.parse(run.stdout) as Report };
}

/**
 * The one function of `report` that is rejected is `fn`, by `allUses_def_ass` alone among the
 * validity properties besides those its path makes fail too (`equiv`, `conventional`), decided;
 * the producer's own check holds. Its witnesses, each checked with `check`.
 */
function rejectedByDominance(report: Report, fn: string, also: readonly string[] = []): { f: FunctionReport; witnesses: WitnessReport[] } {
  expect(report.functions.filter((f) => f.verdict !== "certified").map((f) => f.name)).toEqual([fn]);
  const f = report.functions.find((x) => x.name === fn)!;
  const failing = Object.entries(f.properties).filter(([n, p]) => !p.holds && !["pruned", "no_trivial_phis", "cytronMinimal", "no_redundant_set"].includes(n));
  expect(failing.map(([n]) => n).sort()).toEqual(["allUses_def_ass", ...also].sort());
  expect(Object.values(f.properties).some((p: PropertyReport) => p.decided === false)).toBe(false);
  expect(f.properties.same_instructions).toEqual({ holds: true });
  expect(f.summary).toMatch(/^allUses_def_ass fails/);
  return { f, witnesses: f.properties.allUses_def_ass.witness! };
}

describe("LLVM: a removed load's replacement or an argument of mem2reg's phi that does not dominate its use", () => {
  const cases = [
    // the loop's phi takes, from the entry, the sum computed in the body
    { name: "a phi argument from the entry defined in the loop body", fixture: "loops", fn: "sum_for", from: "%s.0 = phi i32 [ 0, %entry ], [ %add, %for.inc ]", to: "%s.0 = phi i32 [ %add, %entry ], [ %add, %for.inc ]", value: "add", phiEnd: "entry", also: ["equiv"] },
    // the join's phi takes, from the else branch, the value computed in the then branch (the arguments swapped)
    { name: "a phi argument defined in the other branch", fixture: "copies", fn: "pick", from: "%t.0 = phi i32 [ %inc, %if.then2 ], [ %div, %if.else ]", to: "%t.0 = phi i32 [ %div, %if.then2 ], [ %inc, %if.else ]", value: "inc", phiEnd: "if.else", also: ["equiv", "conventional"] },
    // the load after the loop reads the sum computed in the body (live across the loop's phi of s: conventional fails too)
    { name: "a load's replacement defined in the loop body", fixture: "loops", fn: "sum_for", from: "ret i32 %s.0", to: "ret i32 %add", value: "add", use: "for.end", also: ["conventional", "equiv"] },
  ];
  for (const c of cases)
    it(`${c.name}: exit 1, allUses_def_ass fails with a path from the entry around the definition`, async () => {
      const after = edit(fixture(`llvm/${c.fixture}.after.ll`), c.from, c.to);
      const { run, report } = await validateJson(join(FX, `llvm/${c.fixture}.before.ll`), file(`${c.fixture}.mutant.ll`, after));
      expect(run.status).toBe(1);
      const { witnesses } = rejectedByDominance(report, `@${c.fn}`, c.also);
      const flow = llvmFlow(after, c.fn);
      const def = flow.defBlock.get(c.value)!;
      expect(def).toBeDefined();
      expect(witnesses).toHaveLength(1);
      const w = witnesses[0];
      const useBlock = c.phiEnd ?? c.use!;
      expect(w.use?.block).toBe(useBlock);
      if (c.phiEnd !== undefined) expect(w.use?.end).toBe(true);
      expect(pathProblem(flow, w.path, useBlock, def)).toBeUndefined();
      // and the text report says it in one line, with the line of the before file
      const text = await runMain(["validate", join(FX, `llvm/${c.fixture}.before.ll`), join(dir, `${c.fixture}.mutant.ll`)], ROOT);
      expect(text.status).toBe(1);
      expect(text.stdout).toMatch(new RegExp(`^function @${c.fn}: rejected: allUses_def_ass fails at block ${useBlock.replace(".", "\\.")}, line \\d+ of `, "m"));
      expect(text.stdout).not.toMatch(/not decided/);
    });

  // x is stored on one branch only; mem2reg gives the join phi(undef, %t). Without the phi, the
  // join reads %t, which the branch defines: invalid IR (LLVM's verifier refuses it), although
  // on the path that skips the branch the original reads x uninitialised, so that the model's
  // undefined value there would pass as a refinement under --undef refine, LLVM's default
  const BEFORE = `define i32 @f(i1 %c, i32 noundef %a) {
entry:
  %x = alloca i32, align 4
  br i1 %c, label %then, label %join

then:
  %t = add i32 %a, 1
  store i32 %t, i32* %x, align 4
  br label %join

join:
  %v = load i32, i32* %x, align 4
  ret i32 %v
}
`;
  // what opt-14 -passes=mem2reg prints
  const AFTER = `define i32 @f(i1 %c, i32 noundef %a) {
entry:
  br i1 %c, label %then, label %join

then:                                             ; preds = %entry
  %t = add i32 %a, 1
  br label %join

join:                                             ; preds = %then, %entry
  %x.0 = phi i32 [ %t, %then ], [ undef, %entry ]
  ret i32 %x.0
}
`;
  it("under --undef refine (the default) too: a read of a value its definition does not dominate is no refinement of an uninitialised read", async () => {
    const before = file("refine.before.ll", BEFORE);
    expect((await runMain(["validate", before, file("refine.after.ll", AFTER)], ROOT)).status).toBe(0);
    const mutant = edit(edit(AFTER, "  %x.0 = phi i32 [ %t, %then ], [ undef, %entry ]\n", ""), "ret i32 %x.0", "ret i32 %t");
    for (const undef of ["refine", "strict"]) {
      const { run, report } = await validateJson(before, file("refine.mutant.ll", mutant), "--undef", undef);
      expect(run.status).toBe(1);
      const { f, witnesses } = rejectedByDominance(report, "@f", undef === "strict" ? ["equiv"] : []);
      // %t cannot be poison: the one thing that rejects the function is where %t is defined
      if (undef === "refine") expect(f.properties.sound_refinement).toEqual({ holds: true });
      expect(pathProblem(llvmFlow(mutant, "f"), witnesses[0].path, "join", "then")).toBeUndefined();
      expect(witnesses[0].path).toEqual(["entry", "join"]);
    }
    // what makes the difference: the adapter's list of uses LLVM's rule rejects; the model alone
    // would excuse this one as a refinement
    const [pair] = [...llvmAdapter.pairs({ text: BEFORE, name: "before.ll" }, { text: mutant, name: "after.ll" })];
    expect(pair.undominated?.map((u) => u.message)).toEqual([expect.stringMatching(/^the load %v is replaced by %t, which does not dominate it \(defined in block %then/)]);
    expect(validatePairDetailed(pair, llvmAdapter.producer, { undef: "refine" }).report.verdict).toBe("rejected");
    expect(validatePairDetailed({ ...pair, undominated: undefined, original: pair.original, ssa: pair.ssa }, llvmAdapter.producer, { undef: "refine" }).report.verdict).toBe("certified");
  });
});

describe("SPIR-V, text and binary: a read or an argument of the pass's phi that does not dominate its use", () => {
  const cases = [
    // the join's phi takes, from the then branch, the value the else branch stores
    { name: "a phi argument defined in the other branch", from: "%98 = OpPhi %int %46 %43 %50 %47", to: "%98 = OpPhi %int %50 %43 %50 %47", value: "50", use: "43", also: ["conventional", "equiv"] },
    // the comparison reads i as the loop's latch computes it for the next iteration, which
    // also stands before its definition in the module (spirv-val: "not defined before its use")
    { name: "a load's replacement defined in the loop's latch", from: "%42 = OpSGreaterThan %bool %86 %int_3", to: "%42 = OpSGreaterThan %bool %54 %int_3", value: "54", use: "39", also: ["conventional", "equiv"] },
  ];
  for (const c of cases)
    it(`${c.name}: exit 1, allUses_def_ass fails with a path from the entry around the definition`, async () => {
      const after = edit(fixture("spirv/loops.after.spvasm"), c.from, c.to);
      const text = file("loops.mutant.spvasm", after);
      const { run, report } = await validateJson(join(FX, "spirv/loops.before.spvasm"), text);
      expect(run.status).toBe(1);
      const { witnesses } = rejectedByDominance(report, "main", c.also);
      const flow = spirvFlow(after);
      expect(flow.defBlock.get(c.value)).toBeDefined();
      expect(witnesses).toHaveLength(1);
      expect(witnesses[0].use?.block).toBe(c.use);
      expect(pathProblem(flow, witnesses[0].path, c.use, flow.defBlock.get(c.value)!)).toBeUndefined();
      // the same module as a binary (spirv-as), against the fixture's binary: the same verdict,
      // its path checked against the binary's own disassembly (the binaries number their ids
      // otherwise than the texts name them; blocks are named after the module before the pass)
      const asm = spawnSync("spirv-as", ["-o", join(dir, "loops.mutant.spv"), text], { encoding: "utf8" });
      expect(asm.status, asm.stderr).toBe(0);
      const bin = await validateJson(join(FX, "spirv/loops.before.spv"), join(dir, "loops.mutant.spv"));
      expect(bin.run.status).toBe(1);
      const binary = rejectedByDominance(bin.report, "main", c.also);
      const dis = spawnSync("spirv-dis", ["--raw-id", join(FX, "spirv/loops.before.spv")], { encoding: "utf8" });
      expect(dis.status, dis.stderr).toBe(0);
      const binFlow = spirvFlow(dis.stdout);
      const w = binary.witnesses[0];
      // the value the binary's witness names is the store of the value the mutant gave (`var.BLOCK.k`): its definition's block
      const defBlock = /^\w+\.(\w+)\.\d+$/.exec(w.use!.value ?? w.value ?? "")?.[1];
      expect(defBlock).toBeDefined();
      expect(pathProblem(binFlow, w.path, w.use!.block, defBlock!)).toBeUndefined();
      expect(w.path!.length).toBe(witnesses[0].path!.length);
    });
});

describe("GCC: an SSA name used, or passed by a phi, where its definition does not dominate", () => {
  const cases = [
    { name: "a PHI argument renamed to the SSA name of a sibling block", fixture: "control", fn: "shadow", from: "# x_1 = PHI <x_4(2), x_5(3)>", to: "# x_1 = PHI <x_5(2), x_5(3)>", value: "x_5", use: "bb2", also: ["equiv"], undef: [] as string[] },
    // (x_5 is then live across x_1's definition too: conventional fails as well)
    { name: "a use renamed to the SSA name of a sibling block", fixture: "control", fn: "shadow", from: "c_6 = c_2(D) + x_1;", to: "c_6 = c_2(D) + x_5;", value: "x_5", use: "bb4", also: ["conventional", "equiv"], undef: [] },
    // on the path that skips the branch x is uninitialised: under --undef refine the model's undefined x_4 there would pass as a refinement
    { name: "under --undef refine, a PHI argument for an uninitialised path renamed to the branch's SSA name", fixture: "uninit", fn: "maybe", from: "# x_1 = PHI <x_3(D)(2), x_4(3)>", to: "# x_1 = PHI <x_4(2), x_4(3)>", value: "x_4", use: "bb2", also: [], undef: ["--undef", "refine"] },
  ];
  for (const c of cases)
    it(`${c.name}: exit 1, allUses_def_ass fails with a path from the entry around the definition`, async () => {
      const after = edit(fixture(`gcc/${c.fixture}.ssa`), c.from, c.to);
      const { run, report } = await validateJson(join(FX, `gcc/${c.fixture}.fixup_cfg1`), file(`${c.fixture}.mutant.ssa`, after), ...c.undef);
      expect(run.status).toBe(1);
      const { witnesses } = rejectedByDominance(report, c.fn, c.also);
      const flow = gccFlow(after, c.fn);
      const def = flow.defBlock.get(c.value)!;
      expect(def).toBeDefined();
      expect(witnesses).toHaveLength(1);
      expect(witnesses[0].use?.block).toBe(c.use);
      expect(pathProblem(flow, witnesses[0].path, c.use, def)).toBeUndefined();
    });
});

describe("the React Compiler: an SSA identifier read, or passed by a phi, where its definition does not dominate", () => {
  it("choose's `return x` re-pointed from the join's phi to the identifier the then branch defines (`x = 1`)", async () => {
    const [c] = await captureFunctions(CHOOSE);
    const copy = structuredClone(c);
    const fn = copy.ssa.functions[0];
    const phi = fn.blocks.flatMap((b) => b.phis)[0];
    // the then branch: the block that is the phi's first predecessor, and the identifier it passes
    const [thenBlock, fromThen] = phi.operands[0];
    const read = fn.blocks.flatMap((b) => b.stmts).find((s) => s.kind === "LoadLocal" && s.uses[0] === phi.def)!;
    expect(read).toBeDefined();
    read.uses[0] = fromThen;
    const staged = reactCompilerAdapter.functions(copy);
    const { pair } = staged[0].stages![0];
    const { report } = validatePairDetailed(pair, "enterSSA");
    expect(report.verdict).toBe("rejected");
    const { witnesses } = rejectedByDominance({ format: "formal-ssa/report@1", verdict: "rejected", functions: [report] } as Report, report.name, ["equiv", "conventional"]);
    const flow = hirFlow(c.ssa.functions[0]);
    const useBlock = `bb${fn.blocks.find((b) => b.stmts.includes(read))!.id}`;
    expect(witnesses).toHaveLength(1);
    expect(witnesses[0].use?.block).toBe(useBlock);
    expect(pathProblem(flow, witnesses[0].path, useBlock, `bb${thenBlock}`)).toBeUndefined();
  });

  it("choose's phi operands swapped, under --undef refine: each predecessor passes the other branch's identifier", async () => {
    const [c] = await captureFunctions(CHOOSE);
    const copy = structuredClone(c);
    const phi = copy.ssa.functions[0].blocks.flatMap((b) => b.phis)[0];
    const [[p0, v0], [p1, v1]] = phi.operands;
    phi.operands = [
      [p0, v1],
      [p1, v0],
    ];
    const { pair } = reactCompilerAdapter.functions(copy)[0].stages![0];
    const { report } = validatePairDetailed(pair, "enterSSA", { undef: "refine" });
    const { witnesses } = rejectedByDominance({ format: "formal-ssa/report@1", verdict: "rejected", functions: [report] } as Report, report.name, ["equiv"]);
    const flow = hirFlow(c.ssa.functions[0]);
    expect(witnesses.map((w) => w.use!.block).sort()).toEqual([`bb${p0}`, `bb${p1}`].sort());
    for (const w of witnesses) expect(pathProblem(flow, w.path, w.use!.block, w.use!.block === `bb${p0}` ? `bb${p1}` : `bb${p0}`)).toBeUndefined();
  });
});

describe("a changed instruction the producer may not touch, given a value that does not dominate it: the pairing's failure, which says it", () => {
  // the values such an instruction uses are not the model's (it sees the variables the producer
  // promotes), so what rests on the pairing is not decided; same_instructions names both what
  // changed and what the producer's verifier would refuse
  it("LLVM: clang's own phi (condexpr's `||`) given, from its predecessor, a value of the other branch", async () => {
    const after = edit(fixture("llvm/condexpr.after.ll"), "%1 = phi i1 [ true, %entry ], [ %0, %land.end ]", "%1 = phi i1 [ true, %entry ], [ %tobool2, %land.end ]");
    const { run, report } = await validateJson(join(FX, "llvm/condexpr.before.ll"), file("condexpr.mutant.ll", after));
    expect(run.status).toBe(1);
    const f = report.functions.find((x) => x.verdict !== "certified")!;
    expect(f.name).toBe("@either");
    expect(f.properties.same_instructions.witness!.map((w) => w.message)).toEqual([
      expect.stringMatching(/^after mem2reg, %tobool2 is used where its definition \(line \d+ after mem2reg\) does not dominate the use: not valid SSA/),
      expect.stringMatching(/^phi %4: the value from %land\.end is %3 before and %tobool2 after mem2reg, which do not correspond$/),
    ]);
    expect(f.properties.allUses_def_ass).toEqual({ holds: false, decided: false });
  });

  it("SPIR-V: a comparison's constant operand replaced by a value of the other branch", async () => {
    const after = edit(fixture("spirv/loops.after.spvasm"), "%42 = OpSGreaterThan %bool %86 %int_3", "%42 = OpSGreaterThan %bool %86 %50");
    const { run, report } = await validateJson(join(FX, "spirv/loops.before.spvasm"), file("loops.changed.spvasm", after));
    expect(run.status).toBe(1);
    const f = report.functions[0];
    expect(f.properties.same_instructions.witness!.map((w) => w.message)).toEqual([
      "%int_3 corresponds to %int_3 elsewhere, but to %50 here: %42 = OpSGreaterThan %bool %40 %int_3 before, %42 = OpSGreaterThan %bool %86 %50 after",
      "the module after the pass is not valid SSA: ID %50 has not been defined before its use in %42 = OpSGreaterThan %bool %86 %50 (spirv-val refuses it)",
    ]);
    expect(f.properties.allUses_def_ass).toEqual({ holds: false, decided: false });
  });
});

describe("the checks of this file can fail", () => {
  it("a path from elsewhere than the entry, over a missing edge, to another block, or through the definition is caught", () => {
    const flow = llvmFlow(fixture("llvm/loops.after.ll"), "sum_for");
    expect(pathProblem(flow, ["entry", "for.cond", "for.end"], "for.end", "for.body")).toBeUndefined();
    expect(pathProblem(flow, ["for.cond", "for.end"], "for.end", "for.body")).toMatch(/not at the entry/);
    expect(pathProblem(flow, ["entry", "for.end"], "for.end", "for.body")).toMatch(/no edge entry -> for.end/);
    expect(pathProblem(flow, ["entry", "for.cond"], "for.end", "for.body")).toMatch(/not at the use's block/);
    expect(pathProblem(flow, ["entry", "for.cond", "for.body", "for.inc", "for.cond", "for.end"], "for.end", "for.body")).toMatch(/passes for.body/);
    expect(pathProblem(spirvFlow(fixture("spirv/loops.after.spvasm")), ["5", "12", "16", "14"], "14", "13")).toBeUndefined();
    expect(pathProblem(spirvFlow(fixture("spirv/loops.after.spvasm")), ["5", "16"], "16", "13")).toMatch(/no edge/);
    expect(pathProblem(gccFlow(fixture("gcc/control.ssa"), "shadow"), ["ENTRY", "bb2", "bb4"], "bb4", "bb3")).toBeUndefined();
    expect(pathProblem(gccFlow(fixture("gcc/control.ssa"), "shadow"), ["ENTRY", "bb3"], "bb3", "bb2")).toMatch(/no edge ENTRY -> bb3/);
  });

  it("a use the adapter lists as undominated is never certified: should the model's allUses_def_ass hold there, it fails with the adapter's words", () => {
    // a straight line: x defined at the entry, read in B1; the adapter says the producer's value does not dominate the read
    const pair: FunctionPair = {
      name: "f",
      original: { kind: "cfg", name: "f", entry: "B0", blocks: [{ id: "B0", preds: [], stmts: [{ defs: ["x"], uses: [] }] }, { id: "B1", preds: ["B0"], stmts: [{ defs: [], uses: ["x"] }] }] },
      ssa: { kind: "ssa", name: "f", entry: "B0", vars: { "x.0": "x" }, blocks: [{ id: "B0", preds: [], stmts: [{ defs: ["x.0"], uses: [] }] }, { id: "B1", preds: ["B0"], stmts: [{ defs: [], uses: ["x.0"] }] }] },
      uninitialised: [],
      undominated: [{ block: "B1", stmt: 0, value: "x.0", message: "the read of x is given %w, defined after it" }],
      checks: [{ property: "same_instructions", failures: [] }],
      phis: 0,
      differences: [],
      stats: { blocks: 2 },
    };
    const { report } = validatePairDetailed(pair, "producer");
    expect(report.verdict).toBe("rejected");
    expect(report.properties.allUses_def_ass).toEqual({ holds: false, failures: 1, witness: [{ text: "block B1: the read of x is given %w, defined after it", block: "B1", message: "the read of x is given %w, defined after it" }] });
    expect(report.summary).toBe("allUses_def_ass fails at block B1: the read of x is given %w, defined after it");
    // without the list, certified
    expect(validatePairDetailed({ ...pair, undominated: undefined }, "producer").report.verdict).toBe("certified");
  });
});

describe("exit 2 stays for what cannot be read", () => {
  it("LLVM: a syntax error; SPIR-V: an id defined nowhere, a truncated binary; GCC: a dump without functions: one line naming the place, no stack trace", async () => {
    const cases: [string, string, RegExp][] = [
      [join(FX, "llvm/loops.before.ll"), file("syntax.after.ll", edit(fixture("llvm/loops.after.ll"), "%add = add nsw i32 %s.0, %i.0", "%add = frobnicate i32 %s.0, %i.0")), /^formal-ssa: .*syntax\.after\.ll:\d+/],
      [join(FX, "spirv/loops.before.spvasm"), file("undefined.after.spvasm", edit(fixture("spirv/loops.after.spvasm"), "%98 = OpPhi %int %46 %43 %50 %47", "%98 = OpPhi %int %46 %43 %nowhere %47")), /^formal-ssa: .*undefined\.after\.spvasm:\d+: ID %nowhere has not been defined/],
      [join(FX, "spirv/loops.before.spv"), file("truncated.after.spv", new Uint8Array(readFileSync(join(FX, "spirv/loops.after.spv")).subarray(0, 402))), /^formal-ssa: .*truncated\.after\.spv/],
      [join(FX, "gcc/loops.fixup_cfg1"), file("empty.ssa", ";; nothing here\n"), /^formal-ssa: /],
    ];
    for (const [before, after, message] of cases) {
      const r = await runMain(["validate", before, after], ROOT);
      expect({ after, status: r.status }).toEqual({ after, status: 2 });
      expect(r.stdout).toBe("");
      expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
  });
});
