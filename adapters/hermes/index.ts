/**
 * The Hermes adapter: hermesc's IR dumps before and after its SSA construction (Hermes V1's
 * SimpleMem2Reg or legacy Mem2Reg, and the Mem2Reg of the legacy 0.12 compiler of
 * hermes-compiler 0.14.x), function by function, as pairs of exchange-format documents (pair.ts
 * says how), behind the shared interface of adapters/adapter.ts.
 *
 * An input is a dump (dump.ts): plain `-dump-ir` output (one moment), or a stream with titled
 * sections, as hermesc writes to standard error with `-Xdump-between-passes` (V1) or
 * `-Xdump-before=Mem2Reg -Xdump-after=Mem2Reg` (legacy). A stream holds runs of the pass: V1's
 * `*** AFTER SimpleMem2Reg` (or `Mem2Reg`) section after the section before it (several under
 * `-O`), legacy's `BEFORE`/`AFTER Function pass Mem2Reg` sections of each function. The before
 * input gives the before side of its runs (or its functions), the after input the after side,
 * so the same stream may be given twice; runs pair in order. hermes.ts (runs.ts) holds the
 * command lines.
 */
import type { Adapter, FunctionPair, OriginalFunction, SourceInput } from "../adapter.js";
import { MalformedInput } from "../../spec/errors.js";
import { countHermesFunctions, looksLikeHermesDump, parseHermesDump, type HermesDump, type HermesFunction } from "./dump.js";
import { frameVar, hermesOriginal, hermesPair, type ModuleFacts } from "./pair.js";
import { LOAD_FRAME, STORE_FRAME } from "./kinds.js";

export { COVERED, SAME_INSTRUCTIONS, hermesRefinement } from "./pair.js";
export { looksLikeHermesDump, parseHermesDump } from "./dump.js";
export type { HermesDump, HermesFunction, HermesBlock, HermesInstr, HermesOperand, HermesSection } from "./dump.js";
export type { HermesSyntax } from "./kinds.js";
export { HERMES_PASSES, hermescArgs, type HermesPass, type HermesPipeline } from "./runs.js";

/** The passes that build SSA, as section titles name them. */
const SSA_PASSES = new Set(["SimpleMem2Reg", "Mem2Reg"]);

/** One run of the pass: the functions before it and after it. */
export interface HermesRun {
  pass: string;
  before: HermesFunction[];
  after: HermesFunction[];
  /** Where the run's sections start (for messages). */
  line: number;
}

/** The runs of the SSA pass a stream holds; undefined for a dump of one moment (no titles, or one section). */
export function runsOf(dump: HermesDump): HermesRun[] | undefined {
  const { sections } = dump;
  const runs: HermesRun[] = [];
  let titled = false;
  // V1: `*** AFTER SimpleMem2Reg` after the section before the pass
  for (let k = 0; k < sections.length; k++) {
    const t = sections[k].title;
    if (t === null) continue;
    titled = true;
    const v1 = /^AFTER (\w+)$/.exec(t);
    if (v1 !== null && SSA_PASSES.has(v1[1])) {
      if (k === 0) throw new MalformedInput(`${dump.file}:${sections[k].line}: \`*** ${t}\` is the first section: the section before the pass is missing (dump with -Xdump-between-passes)`);
      runs.push({ pass: v1[1], before: sections[k - 1].functions, after: sections[k].functions, line: sections[k - 1].line });
    }
  }
  // legacy: `BEFORE Function pass Mem2Reg` and `AFTER Function pass Mem2Reg`, one function each;
  // a function's n-th pair belongs to run n
  const legacy: { b: HermesFunction; a: HermesFunction; line: number }[] = [];
  for (let k = 0; k < sections.length; k++) {
    const m = /^BEFORE Function pass (\w+)$/.exec(sections[k].title ?? "");
    if (m === null || !SSA_PASSES.has(m[1])) continue;
    const next = sections[k + 1];
    if (next === undefined || next.title !== `AFTER Function pass ${m[1]}`)
      throw new MalformedInput(`${dump.file}:${sections[k].line}: \`*** ${sections[k].title}\` is not followed by \`*** AFTER Function pass ${m[1]}\` (dump with -Xdump-before=${m[1]} -Xdump-after=${m[1]})`);
    if (sections[k].functions.length !== 1 || next.functions.length !== 1 || sections[k].functions[0].key !== next.functions[0].key)
      throw new MalformedInput(`${dump.file}:${next.line}: a function pass's sections before and after hold one function each, the same`);
    legacy.push({ b: sections[k].functions[0], a: next.functions[0], line: sections[k].line });
    k++;
  }
  if (legacy.length > 0) {
    if (runs.length > 0) throw new MalformedInput(`${dump.file}:${legacy[0].line}: a dump with both kinds of sections`);
    const nth = new Map<string, number>();
    for (const p of legacy) {
      const n = nth.get(p.b.key) ?? 0;
      nth.set(p.b.key, n + 1);
      while (runs.length <= n) runs.push({ pass: "Mem2Reg", before: [], after: [], line: p.line });
      runs[n].before.push(p.b);
      runs[n].after.push(p.a);
    }
  }
  if (runs.length > 0) return runs;
  if (!titled || sections.length <= 1) return undefined;
  throw new MalformedInput(
    `${dump.file}:${sections[0].line}: ${sections.length} sections and none of SimpleMem2Reg or Mem2Reg (dump with -Xcustom-opt=simplestackpromotion,simplemem2reg -Xdump-between-passes, or give one moment per file)`,
  );
}

/** One side of an input: its runs' before or after functions, or all its functions. */
function sideOf(dump: HermesDump, runs: HermesRun[] | undefined, side: "before" | "after"): { functions: HermesFunction[]; pass: string; line: number }[] {
  if (runs !== undefined) return runs.map((r) => ({ functions: side === "before" ? r.before : r.after, pass: r.pass, line: r.line }));
  return [{ functions: dump.sections.flatMap((s) => s.functions), pass: "", line: 1 }];
}

/**
 * What the legacy frame rules need of the module: every function's frame accesses and the
 * functions it creates, by name (the printer numbers scopes anew in every dump, so `f#0#1` in one
 * is `f#1#2` in another), over every dump of it in the stream: the union, so that what a pass
 * removed from a function before another's run is still counted (more accesses make the rules
 * stricter, never laxer). Two functions of one name would be one here: `complete` is then false.
 */
export function moduleFacts(functions: readonly HermesFunction[]): ModuleFacts {
  const facts: ModuleFacts = { complete: true, stores: new Map(), loads: new Map(), owner: new Map(), resumable: new Set(), children: new Map() };
  const keys = new Map<string, string>();
  const created = new Set<string>();
  for (const f of functions) {
    // one name, two functions (their headers, without the scope numbers, differ)
    const shape = `${f.definition} ${f.params.join(",")}`;
    const had = keys.get(f.name);
    if (had !== undefined && had !== shape) facts.complete = false;
    keys.set(f.name, shape);
    for (const blk of f.blocks)
      for (const ins of blk.instrs) {
        if (ins.kind === "SaveAndYieldInst" || ins.kind === "ResumeGeneratorInst" || ins.kind === "StartGeneratorInst") facts.resumable.add(f.name);
        for (const o of ins.operands) {
          if (o.kind !== "other") continue;
          // a function created here: `%g#0#1()#3`, `%""#0#1()#2` (legacy), `%g()` (V1)
          const fm = /^%("[^"]*"|[^\s(#]+)(#\d+)*\(\)/.exec(o.value);
          if (fm !== null && /^(Create|HBCCreate)\w*(Function|Generator|Class)Inst$/.test(ins.kind)) {
            const c = fm[1].replace(/^"(.*)"$/, "$1");
            created.add(c);
            (facts.children.get(f.name) ?? facts.children.set(f.name, new Set()).get(f.name)!).add(c);
          }
          if (!o.value.startsWith("[") || (ins.kind !== LOAD_FRAME && ins.kind !== STORE_FRAME)) continue;
          const key = frameVar(o, f.name);
          if (!o.value.includes("@")) facts.owner.set(key, f.name);
          const map = ins.kind === STORE_FRAME ? facts.stores : facts.loads;
          (map.get(key) ?? map.set(key, new Set()).get(key)!).add(f.name);
        }
      }
  }
  // a function created but not in the dump (-Xfunctions-to-dump) leaves what it touches unknown
  for (const c of created) if (!keys.has(c)) facts.complete = false;
  return facts;
}

/** Parses an input once per text (validate gives the same stream twice). */
const parsed = new WeakMap<SourceInput, HermesDump>();
function dumpOf(input: SourceInput): HermesDump {
  let d = parsed.get(input);
  if (d === undefined) parsed.set(input, (d = parseHermesDump(input.text, input.name)));
  return d;
}

function* pairsOf(beforeInput: SourceInput, afterInput: SourceInput): Generator<FunctionPair> {
  const db = dumpOf(beforeInput);
  const da = beforeInput.text === afterInput.text && beforeInput.name === afterInput.name ? db : dumpOf(afterInput);
  if (db.sections.length > 0 && da.sections.length > 0 && db.syntax !== da.syntax)
    throw new MalformedInput(`${da.file}: ${da.syntax === "v1" ? "Hermes V1" : "legacy Hermes 0.12"} syntax, but ${db.file} is ${db.syntax === "v1" ? "Hermes V1" : "legacy Hermes 0.12"}`);
  const rb = runsOf(db);
  const ra = da === db ? rb : runsOf(da);
  const sb = sideOf(db, rb, "before");
  const sa = sideOf(da, ra, "after");
  if (sb.length !== sa.length)
    throw new MalformedInput(`${da.file}: ${sa.length} run${sa.length === 1 ? "" : "s"} of the pass, but ${db.file} has ${sb.length}`);
  const names = sb[0]?.functions.map((f) => f.name) ?? [];
  const module =
    db.syntax === "legacy"
      ? (() => {
          const m = moduleFacts([...sb.flatMap((s) => s.functions), ...sa.flatMap((s) => s.functions)]);
          if (new Set(names).size !== names.length) m.complete = false;
          return m;
        })()
      : undefined;
  for (let r = 0; r < sb.length; r++) {
    const fb = sb[r].functions;
    const fa = sa[r].functions;
    for (let k = 0; k < Math.max(fb.length, fa.length); k++) {
      const x = fb[k];
      const y = fa[k];
      if (y === undefined) throw new MalformedInput(`${da.file}: function ${x.name} of ${db.file} (line ${x.line}) is missing`);
      if (x === undefined) throw new MalformedInput(`${da.file}:${y.line}: function ${y.name} is not in ${db.file}`);
      if (x.key !== y.key) throw new MalformedInput(`${da.file}:${y.line}: function ${y.name} stands where ${db.file} has ${x.name} (line ${x.line})`);
      const name = sb.length > 1 ? `${x.name} (${sb[r].pass || "run"} #${r + 1})` : x.name;
      yield hermesPair(x, y, { syntax: db.syntax, name, module, ...(sb[r].pass !== "" ? { builder: sb[r].pass } : {}) });
    }
  }
}

function* originalsOf(input: SourceInput): Generator<OriginalFunction> {
  const d = dumpOf(input);
  const runs = runsOf(d);
  const side = sideOf(d, runs, "before");
  for (const s of side.slice(0, 1)) for (const f of s.functions) yield { name: f.name, original: hermesOriginal(f, { syntax: d.syntax, name: f.name }) };
}

export const hermesAdapter: Adapter<never> = {
  name: "hermes",
  producer: "hermesc",
  form: "hermesc IR dump",
  inputs:
    "two hermesc IR dumps, before and after its SSA builder (hermesc -dump-ir -Xcustom-opt=simplestackpromotion and ...,simplemem2reg; or one -Xdump-between-passes stream given twice)",
  defaultUndef: "strict",
  recognizes: (_name, head) => looksLikeHermesDump(head),
  pairs: pairsOf,
  originals: originalsOf,
  split: () => undefined,
  sharePairs: () => [],
  shareOriginals: () => [],
  countFunctions: (input) => {
    const d = dumpOf(input);
    const runs = runsOf(d);
    return runs === undefined ? countHermesFunctions(input.text) : runs.reduce((s, r) => s + r.before.length, 0);
  },
};
