/**
 * The construction pipeline as named stages: read, lower, construct, minimise, name, write.
 * Each stage's output is a plain value, so a caller (the CLI, the demo, a test) can stop after
 * any stage and look at it.
 */
import { match } from "ts-pattern";
import { constructAycockHorspool } from "../impl/aycock_horspool.js";
import { constructBraun } from "../impl/braun.js";
import { constructCytron } from "../impl/cytron.js";
import { construct as constructLiteral } from "../impl/construct.js";
import { constructFast } from "../impl/construct_fast.js";
import { peel } from "../impl/peel.js";
import { substAll } from "../impl/notriv.js";
import { substAllFast } from "../impl/notriv_fast.js";
import type { Construction } from "../impl/ssa_val.js";
import type { TraceEvent, Tracer } from "../impl/trace.js";
import { certified, checkCfg } from "../checks/index.js";
import { FORMAT_VERSION, type FunctionDoc } from "../io/format.js";
import { lowerCfg, type FunctionInput, type LoweredCfg } from "../io/lower.js";
import { functionName } from "../io/read.js";
import { renameDocument, writeRenamed, type Renaming, type TextWriter } from "../io/write.js";
import type { BlockIdx, Node, Val, Var } from "../spec/ids.js";
import type { Cfg, SsaCfg } from "../spec/model.js";
import { MalformedInput } from "../spec/errors.js";
import { parseDocumentShape, type CfgDocument, type DocumentInput, type ModuleDocument, type SsaDocument } from "./documents.js";
import { NotWellFormed } from "./errors.js";
import { nameValues } from "./naming.js";
import { propertiesJson } from "./report.js";
import { cfgNamer, checkReportOf } from "./validate.js";

export const ALGORITHMS = ["functional", "braun", "cytron", "aycock-horspool"] as const;
export type Algorithm = (typeof ALGORITHMS)[number];
export const MINIMIZATIONS = ["none", "trivial", "peel"] as const;
export type Minimize = (typeof MINIMIZATIONS)[number];

export interface ConstructOptions {
  algorithm: Algorithm;
  minimize: Minimize;
  /** Receives every step of the construction and the minimisation (impl/trace.ts); absent, it costs nothing. */
  trace?: Tracer;
  /**
   * The literal functions instead of their efficient refinements (same output, tested): the
   * functional construction of impl/construct.ts (exponential: small CFGs only) and `substAll`
   * of impl/notriv.ts, whose trace events are the Isabelle functions' own steps.
   */
  literal?: boolean;
}

export interface ConstructedFunction {
  lowered: LoweredCfg;
  construction: Construction;
  /** The SSA CFG after minimisation. */
  ssa: SsaCfg;
  names: string[];
  /** The SSA document (built on first use). */
  readonly doc: FunctionDoc;
  /** Writes the SSA document's text as `formatDocument` would: alone (`module` false) or as a module entry. */
  write(out: TextWriter, module: boolean): void;
  /** Milliseconds per stage (`write`: naming the values; the document or text is made later). */
  ms: { lower: number; construct: number; minimize: number; write: number };
}

export function constructOne(doc: FunctionInput, file: string, name: string, opts: ConstructOptions): ConstructedFunction {
  return constructLowered(lowerCfg(doc, file, name), opts);
}

/** `constructOne` on a CFG lowered already (timed from its lowering on). */
export function constructLowered(lowered: LoweredCfg, opts: ConstructOptions, t0 = performance.now()): ConstructedFunction {
  const t1 = performance.now();
  const { construction, ssa, ms } = buildSsa(lowered.cfg, opts);
  const t2 = t1 + ms.construct;
  const t3 = t2 + ms.minimize;
  const names = nameValues(lowered, construction.vals);
  const output = ssaOutput(lowered, construction, ssa, names);
  const t4 = performance.now();
  let doc: FunctionDoc | undefined;
  return {
    lowered,
    construction,
    ssa,
    names,
    get doc(): FunctionDoc {
      return (doc ??= output.doc());
    },
    write: output.write,
    ms: { lower: t1 - t0, construct: t2 - t1, minimize: t3 - t2, write: t4 - t3 },
  };
}

/**
 * An algorithm, then a minimisation. `trivial` removes trivial phis: Braun et al.'s own
 * `tryRemoveTrivialPhi` on the fly, `substAll` after the others (for Aycock-Horspool that is
 * their minimisation phase); `peel` then also removes redundant phi SCCs (minimal on every CFG);
 * `none` leaves the algorithm's output as is (for Braun et al., the basic algorithm without
 * `tryRemoveTrivialPhi`; for Aycock-Horspool, the unpruned "really crude" phase; Cytron et al.'s
 * pruned placement is minimal already).
 */
export function buildSsa(cfg: Cfg, opts: ConstructOptions): { construction: Construction; ssa: SsaCfg; ms: { construct: number; minimize: number } } {
  const trace = opts.trace;
  const t0 = performance.now();
  const construction = match(opts.algorithm)
    .with("functional", () => (opts.literal ? constructLiteral(cfg, trace) : constructFast(cfg, trace)))
    .with("braun", () => constructBraun(cfg, { removeTrivial: opts.minimize !== "none", trace }))
    .with("cytron", () => constructCytron(cfg, trace))
    .with("aycock-horspool", () => constructAycockHorspool(cfg, trace))
    .exhaustive();
  const t1 = performance.now();
  const onTheFly = opts.algorithm === "braun";
  const notriv = (s: SsaCfg) => (onTheFly ? s : opts.literal ? substAll(s, trace) : substAllFast(s, trace));
  const ssa = match(opts.minimize)
    .with("none", () => construction.ssa)
    .with("trivial", () => notriv(construction.ssa))
    .with("peel", () => peel(notriv(construction.ssa), trace))
    .exhaustive();
  const t2 = performance.now();
  return { construction, ssa, ms: { construct: t1 - t0, minimize: t2 - t1 } };
}

/** The phis of a block without any (`Renaming.phis`), shared: frozen, as no caller may add to it. */
const NO_PHIS: { def: string; args: string[] }[] = Object.freeze([]) as unknown as { def: string; args: string[] }[];

/** The SSA CFG on the original's blocks and statements: as a document, or written as text. */
export function ssaOutput(
  lowered: LoweredCfg,
  c: Construction,
  ssa: SsaCfg,
  names: readonly string[],
): { doc(): FunctionDoc; write(out: TextWriter, module: boolean): void } {
  const used = new Uint8Array(names.length);
  const note = (val: number) => {
    used[val] = 1;
    return names[val];
  };
  const renaming: Renaming = {
    useValue: (n: Node, v: Var) => {
      for (let k = ssa.useRows.start[n]; k < ssa.useRows.start[n + 1]; k++) {
        const val = ssa.useRows.list[k];
        if (c.vals.var(val as Val) === v) return note(val);
      }
      throw new Error(`no SSA value for ${lowered.varNames[v]} at node ${n}`);
    },
    defValue: (n: Node, v: Var) => {
      for (let k = ssa.defRows.start[n]; k < ssa.defRows.start[n + 1]; k++) {
        const val = ssa.defRows.list[k];
        if (c.vals.var(val as Val) === v) return note(val);
      }
      throw new Error(`no SSA definition of ${lowered.varNames[v]} at node ${n}`);
    },
    phis: (b: BlockIdx) => {
      const n = lowered.places.blockFirstNode[b];
      // most blocks have none: one empty list for them all, not one per block
      if (ssa.phiStart[n] === ssa.phiStart[n + 1]) return NO_PHIS;
      const out: { def: string; args: string[] }[] = [];
      for (let p = ssa.phiStart[n]; p < ssa.phiStart[n + 1]; p++) {
        out.push({ def: note(ssa.phiDef[p]), args: ssa.args.row(p).map(note) });
      }
      return out;
    },
  };
  // the values the document names, in value order (known once every block is renamed)
  function* vars(): Generator<[string, string]> {
    for (let val = 0; val < used.length; val++) if (used[val]) yield [names[val], lowered.varNames[c.vals.var(val as Val)]];
  }
  return {
    doc: () => {
      const doc = renameDocument(lowered, renaming, {});
      // a map of thousands of names: a dictionary from the start (adding keys to `{}` walks V8's hidden-class transitions), and `__proto__` an ordinary key
      const map: Record<string, string> = Object.create(null);
      for (const [k, v] of vars()) map[k] = v;
      doc.vars = map;
      return doc;
    },
    write: (out, module) => writeRenamed(out, lowered, renaming, { [Symbol.iterator]: vars }, undefined, module ? "    " : "", !module),
  };
}

// --- the library's entry ----------------------------------------------------------------------

export interface ConstructRequest {
  /** Default `functional`, the verified construction. */
  algorithm?: Algorithm;
  /** Default `trivial`. */
  minimize?: Minimize;
  /**
   * Construct even where the CFG breaks an assumption of `CFG_wf` (a use not definitely
   * assigned, an unreachable block, an entry with predecessors, defs and uses overlapping in a
   * defs/uses block). The result is then no valid translation; by default such a CFG throws
   * `NotWellFormed` with the failing assumptions and their witnesses.
   */
  unchecked?: boolean;
  /** A producer's version (`--llvm-version`), over what its input says of itself (which allocas mem2reg promotes). */
  producerVersion?: string;
  /** The input's name in messages. */
  name?: string;
}

export function algorithmOf(options: ConstructRequest): ConstructOptions {
  const algorithm = options.algorithm ?? "functional";
  const minimize = options.minimize ?? "trivial";
  if (!(ALGORITHMS as readonly string[]).includes(algorithm)) throw new MalformedInput(`algorithm: unknown ${JSON.stringify(algorithm)} (choose from ${ALGORITHMS.join(", ")})`);
  if (!(MINIMIZATIONS as readonly string[]).includes(minimize)) throw new MalformedInput(`minimize: unknown ${JSON.stringify(minimize)} (choose from ${MINIMIZATIONS.join(", ")})`);
  return { algorithm, minimize };
}

/** The SSA of every function, each checked first for `CFG_wf` unless `unchecked`; `extra`: a tracer, the literal functions. */
export function constructFunctions(docs: readonly FunctionInput[], file: string, options: ConstructRequest = {}, extra: Pick<ConstructOptions, "trace" | "literal"> = {}): ConstructedFunction[] {
  const opts: ConstructOptions = { ...algorithmOf(options), ...extra };
  return docs.map((doc, i) => {
    const name = doc.name ?? `#${i}`;
    if (doc.kind !== "cfg") throw new MalformedInput(`${file}: function ${name}: construct needs an original CFG ("kind": "cfg"), not "${doc.kind}"`);
    const lowered = lowerCfg(doc, file, name);
    if (!options.unchecked) {
      const verdicts = checkCfg(lowered.cfg);
      if (!certified(verdicts)) throw new NotWellFormed(checkReportOf([{ name, kind: "cfg", verdict: "fails", properties: propertiesJson(cfgNamer(lowered), verdicts), stats: { blocks: lowered.places.blockCount, nodes: lowered.cfg.nodeCount } }]), file);
    }
    return constructLowered(lowered, opts);
  });
}

/**
 * SSA for an original CFG by one of the algorithms (impl/), then a minimisation: the output of
 * `formal-ssa construct`, an SSA document on the same blocks and statements with values named
 * after variable and block (`x.B3`, `x.B3.phi`). A module gives a module, one function one SSA
 * document. A CFG that breaks `CFG_wf` throws `NotWellFormed` (see `unchecked`).
 */
export function construct(cfg: CfgDocument, options?: ConstructRequest): SsaDocument;
export function construct(cfg: ModuleDocument | readonly FunctionDoc[], options?: ConstructRequest): ModuleDocument;
export function construct(cfg: DocumentInput, options?: ConstructRequest): SsaDocument | ModuleDocument;
export function construct(cfg: DocumentInput, options: ConstructRequest = {}): SsaDocument | ModuleDocument {
  const file = options.name ?? "document";
  const { functions, module } = parseDocumentShape(cfg, { name: file });
  const built = constructFunctions(functions, file, options).map((f) => f.doc);
  if (module) return { format: FORMAT_VERSION, functions: built.map(({ format: _, ...f }) => f) };
  return { format: FORMAT_VERSION, ...built[0] } as SsaDocument;
}

// --- watching a construction ------------------------------------------------------------------

export interface TraceRequest extends ConstructRequest {
  /**
   * `functional` (and `substAll` after any algorithm but Braun et al.'s): trace the literal
   * functions of the Isabelle equations, where every search and walk starts afresh from its use
   * (exponential: small CFGs only), instead of the efficient refinements, whose searches and
   * walks stop where earlier ones have been (`incremental`, `memo`). The SSA is the same.
   */
  literal?: boolean;
}

/** What a reader needs to name the ids of the events. */
export interface TraceNames {
  /** Node -> its block's id and the index in that block of the first statement it holds (none: the block's phi node, or a block in `defs`/`uses` form). */
  nodes: { block: string; stmt?: number }[];
  /** Variable -> its name. */
  variables: string[];
  /**
   * Value -> its name in `ssa` (`x.B3`, `x.B3.phi`), for every value the construction made: after
   * them the phis Braun et al. removed on the fly (no value of `ssa`), named the same way.
   */
  values: string[];
}

export interface TracedConstruction {
  /** The SSA document, exactly `construct`'s. */
  ssa: SsaDocument;
  /** Every step of the construction, then of the minimisation, in order. */
  events: TraceEvent[];
  names: TraceNames;
}

/**
 * `construct` of one function, with every step it took (the events of impl/trace.ts) and the
 * names of the nodes, variables and values they speak of.
 */
export function constructTraced(cfg: CfgDocument, options: TraceRequest = {}): TracedConstruction {
  const file = options.name ?? "document";
  const { functions, module } = parseDocumentShape(cfg, { name: file });
  if (module || functions.length !== 1) throw new MalformedInput(`${file}: constructTraced takes one function, not a module`);
  const events: TraceEvent[] = [];
  const [f] = constructFunctions(functions, file, options, { trace: (e) => events.push(e), literal: options.literal });
  const { places, varNames, cfg: g } = f.lowered;
  const nodes: { block: string; stmt?: number }[] = [];
  for (let n = 0; n < g.nodeCount; n++) {
    const block = places.blockName(places.nodeBlock[n]);
    const stmt = places.nodeFirstStmt[n];
    nodes.push(stmt >= 0 ? { block, stmt } : { block });
  }
  const values = [...f.names];
  const removed = f.construction.removedVals;
  if (removed !== undefined) {
    const taken = new Set(values);
    for (const name of nameValues(f.lowered, removed)) {
      let unique = name;
      for (let k = 2; taken.has(unique); k++) unique = `${name}#${k}`;
      taken.add(unique);
      values.push(unique);
    }
  }
  return { ssa: { format: FORMAT_VERSION, ...f.doc } as SsaDocument, events, names: { nodes, variables: [...varNames], values } };
}
