/**
 * What a fuzz campaign's cases cover: for each target, the first N cases of a seed (the cases a
 * campaign of that seed runs first: case i is always the same case), counted by the features of
 * the case (its CFG: irreducible, a cycle, blocks; a structured program's statements: while,
 * do-while, switch with fallthrough or several labels per case, break, continue, return;
 * variables uninitialised on some path) and of the text the target prints for it (the language's
 * own features, by a pattern over the printed function). docs/findings.md reports these next to
 * the campaigns.
 *
 *   npx tsc -p tsconfig.build.json && node dist/bench/fuzz_features.js [--cases N] [--seed TARGET=S ...]
 *
 * Prints a markdown table per target: feature, cases that have it, share.
 */
import { caseArbitrary, caseSeed, generateCase } from "../api/campaign/producers.js";
import { DEFAULT_MAX_BLOCKS, FUZZ_TARGETS } from "../api/campaign/options.js";
import type { FuzzCase } from "../adapters/fuzz_target.js";
import type { Stmt } from "../fuzz/arbitraries/structured.js";
import { isReducible } from "../graph/reducible.js";
import { lowerCfg } from "../io/lower.js";

const args = process.argv.slice(2);
const casesArg = args.indexOf("--cases");
const N = casesArg >= 0 ? Number(args[casesArg + 1]) : 2000;
const seeds = new Map<string, number>();
args.forEach((a, i) => {
  if (a === "--seed") {
    const [t, s] = args[i + 1].split("=");
    seeds.set(t, Number(s));
  }
});

/** Patterns over one case's printed text, per target: the language features the printer used. */
const TEXT_FEATURES: Record<string, Record<string, RegExp>> = {
  "llvm-mem2reg": { "`switch` instruction": /\bswitch i\d+/, "`noundef` parameters": /noundef/ },
  gcc: { "`goto`": /\bgoto\b/, "`switch`": /\bswitch\s*\(/, "`do ... while`": /\bdo\b/, "`for`": /\bfor\s*\(/ },
  spirv: { "`switch`": /\bswitch\s*\(/, "a vector component (`ivec`)": /\bivec[234]\b/, "a struct member": /\.m\d\b/, "`continue`": /\bcontinue;/ },
  "react-compiler": {
    "`try`/`catch`": /\btry\s*\{/,
    "labelled `break`/`continue`": /\b(break|continue)\s+[A-Za-z_]\w*;/,
    "`for ... of`": /\bfor\s*\(\s*(const|let)\s+\w+\s+of\b/,
    "`for (init; cond; )`": /\bfor\s*\([^)]*;/,
    "`switch`": /\bswitch\s*\(/,
    "`do ... while`": /\bdo\s*\{/,
    "a closure (`=>`)": /=>/,
    "destructuring": /^\s*(\[[^\]]*\]|\(\{[^}]*\})\s*=/m,
    "a constant the compiler can fold (`const K`, a literal condition)": /\bconst K\b|\b(if|while)\s*\((true|false|\d+|K)\)/,
  },
};

/** A text feature's row: told apart from the case's own features of the same name. */
const printedName = (name: string) => `${name}, as printed`;

function statements(body: readonly Stmt[], out: Stmt[] = []): Stmt[] {
  // an explicit stack: programs are small, but no recursion on input is the rule here too
  const stack: Stmt[] = [...body].reverse();
  while (stack.length > 0) {
    const s = stack.pop()!;
    out.push(s);
    const kids: Stmt[] = s.kind === "if" ? [...s.then, ...s.else] : s.kind === "while" || s.kind === "doWhile" ? s.body : s.kind === "switch" ? [...s.cases.flatMap((c) => c.body), ...(s.default ?? [])] : [];
    for (let k = kids.length - 1; k >= 0; k--) stack.push(kids[k]);
  }
  return out;
}

function hasCycle(c: FuzzCase): boolean {
  const blocks = c.cfg.blocks;
  const index = new Map(blocks.map((b, k) => [b.id, k]));
  // a predecessor at or after the block in the document's order, or reached again on a DFS: a back edge
  const succs: number[][] = blocks.map(() => []);
  blocks.forEach((b, k) => b.preds.forEach((p) => succs[index.get(p)!].push(k)));
  const state = new Uint8Array(blocks.length);
  const stack: [number, number][] = [[0, 0]];
  state[0] = 1;
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top[1] < succs[top[0]].length) {
      const s = succs[top[0]][top[1]++];
      if (state[s] === 1) return true;
      if (state[s] === 0) {
        state[s] = 1;
        stack.push([s, 0]);
      }
    } else {
      state[top[0]] = 2;
      stack.pop();
    }
  }
  return false;
}

const CASE_FEATURES = [
  "a structured program",
  "a CFG of any shape (labels and jumps)",
  "an irreducible CFG",
  "a loop (a cycle in the CFG)",
  "8 blocks or more",
  "a variable uninitialised on some path",
  "`while`",
  "`do ... while`",
  "a loop with several exits (a `break` or `return` inside)",
  "`switch`",
  "`switch`: several labels on one case",
  "`switch`: a case falling through",
  "`break`",
  "`continue`",
  "`return` inside",
];

function caseFeatures(c: FuzzCase): string[] {
  const f: string[] = [];
  f.push(c.kind === "program" ? "a structured program" : "a CFG of any shape (labels and jumps)");
  if (!isReducible(lowerCfg(c.cfg, "case.json", "case").cfg.graph)) f.push("an irreducible CFG");
  if (hasCycle(c)) f.push("a loop (a cycle in the CFG)");
  if (c.cfg.blocks.length >= 8) f.push("8 blocks or more");
  if (c.uninitialised.length > 0) f.push("a variable uninitialised on some path");
  if (c.kind === "program") {
    const all = statements(c.program.body);
    if (all.some((s) => s.kind === "while")) f.push("`while`");
    if (all.some((s) => s.kind === "doWhile")) f.push("`do ... while`");
    if (all.some((s) => (s.kind === "while" || s.kind === "doWhile") && statements(s.body).some((t) => t.kind === "break" || t.kind === "return"))) f.push("a loop with several exits (a `break` or `return` inside)");
    const switches = all.filter((s) => s.kind === "switch");
    if (switches.length > 0) f.push("`switch`");
    if (switches.some((s) => s.cases.some((a) => a.labels >= 2))) f.push("`switch`: several labels on one case");
    if (switches.some((s) => s.cases.some((a, k) => k + 1 < s.cases.length + (s.default === null ? 0 : 1) && !(a.body.length > 0 && ["break", "continue", "return"].includes(a.body[a.body.length - 1].kind))))) f.push("`switch`: a case falling through");
    if (all.some((s) => s.kind === "break")) f.push("`break`");
    if (all.some((s) => s.kind === "continue")) f.push("`continue`");
    if (all.some((s) => s.kind === "return")) f.push("`return` inside");
  }
  return f;
}

for (const target of FUZZ_TARGETS) {
  const seed = seeds.get(target.name) ?? 20161017;
  const arb = caseArbitrary(target, DEFAULT_MAX_BLOCKS);
  // every feature listed, in a fixed order, those no case has with 0
  const counts = new Map<string, number>(
    [...CASE_FEATURES.filter((f) => target.shapes === "any" || (!f.startsWith("a CFG of any shape") && f !== "an irreducible CFG")), ...Object.keys(TEXT_FEATURES[target.name] ?? {}).map(printedName)].map((f) => [f, 0]),
  );
  const count = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
  for (let i = 0; i < N; i++) {
    const c = generateCase(arb, caseSeed(seed, i));
    for (const f of caseFeatures(c)) {
      if (!counts.has(f)) throw new Error(`bench/fuzz_features.ts: feature ${f} is not in CASE_FEATURES`);
      count(f);
    }
    const printed = target.print([c], target.variants[0]);
    const text = Object.values(printed.files).join("\n");
    for (const [name, re] of Object.entries(TEXT_FEATURES[target.name] ?? {})) if (re.test(text)) count(printedName(name));
    // (text features count the case's printed file: the batch's shared lines, such as SPIR-V's struct type, are in it too)
  }
  process.stdout.write(`\n${target.name} (seed ${seed}, cases 0..${N - 1}; language features as printed for variant ${target.variants[0]})\n\n| feature | cases | share |\n| --- | ---: | ---: |\n`);
  for (const [k, v] of counts) process.stdout.write(`| ${k} | ${v} | ${((100 * v) / N).toFixed(1)}% |\n`);
}
