/**
 * Arbitrary CFGs: random graphs, reducible or not, with parallel edges, self-loops and long
 * single-predecessor chains, and definitions and uses sprinkled over the blocks.
 *
 * Construction (all from fast-check combinators, no `chain`): the arbitrary generates the
 * entry's content and a list of block specifications; block `k` (k >= 1) of `n` gets
 * - a spanning-tree edge from an earlier block: `k-1` when it is a chain block, otherwise
 *   `k-1 - (parent mod k)` (small seeds give local edges, as in real code). The tree makes
 *   every block reachable from the entry, whatever the other edges are;
 * - extra in-edges, each one of: forward from `k-2-dist` (clamped to the entry), backward
 *   from `k+1+dist` (clamped to the last block; the last block gets none), a self-loop, or a
 *   parallel copy of one of its predecessors so far. Only the last kind repeats a
 *   predecessor (the others are dropped when they would), so the parallel-edge rate is the
 *   knob's. Chain blocks get none, so a run of chain blocks is a straight line of
 *   single-predecessor blocks;
 * - a rotation of its predecessor list, so the tree edge is not always the first phi argument.
 * The entry (`B0`) never gets a predecessor; with probability `entryAloneProbability` it has one
 * successor, block 1 (its other out-edges leave from block 1 instead). Backward edges close cycles; a backward edge
 * into a block inside a cycle that is also entered elsewhere makes an irreducible cycle.
 *
 * Shrinking is fast-check's: removing a block specification removes a block; edges are
 * relative to their target block and clamped rather than taken modulo the block count, so
 * removing a block far away keeps the edges that matter, and every shrunk value is still a
 * well-formed CFG (the mapping is total). Distances and seeds shrink towards 0 (the tree
 * towards a straight line, edges towards neighbours), edge and statement lists towards empty,
 * `oneof`s towards their first choice (a forward edge, an empty block, a non-chain block).
 * A failing CFG of dozens of blocks typically shrinks to the two or three blocks that matter:
 * "some cycle is irreducible" shrinks to B0 -> B1 <-> B2 <- B0.
 *
 * Definite assignment: with `definiteAssignment: "entry"` the entry block first defines every
 * variable used anywhere, as the AFP While instance does for Entry. With `"by-construction"` the
 * entry defines nothing extra and every use that is not definitely assigned (a must-dataflow
 * fixpoint over the generated graph) is dropped, so variables are undefined on some paths. The
 * default, `"mixed"`, draws one of the two per graph (vary.ts).
 */
import fc from "fast-check";
import type { Arbitrary } from "fast-check";
import { FORMAT_VERSION } from "../../io/format.js";
import type { BlockDoc, CfgDoc, StmtDoc } from "../../io/format.js";
import {
  biasedBoolean,
  checkInteger,
  checkProbability,
  checkWeights,
  orderedSubset,
  PROBABILITY_SCALE,
  variableNames,
  variableSet,
} from "./common.js";
import type { DefiniteAssignment } from "./structured.js";
import { withoutEntryDefinitions, type CfgDefiniteAssignment } from "./vary.js";

/** `stmts` (ordered statements), `defs-uses` (one abstract node per block), or a mix per block. */
export type BlockForm = "stmts" | "defs-uses" | "mixed";

/** Relative weights (integers) of the kinds of extra in-edges of block `k`. */
export interface EdgeWeights {
  /** From an earlier block `k-2-dist` (clamped to the entry; `k-1` is the usual tree edge). */
  forward?: number;
  /** From a later block `k+1+dist` (clamped to the last block; none into the last block): closes a cycle. */
  backward?: number;
  /** From the block itself. */
  self?: number;
  /** A second edge from a block that already is a predecessor. */
  parallel?: number;
}

export interface CfgConstraints {
  /** @defaultValue 1 (the entry alone) */
  minBlocks?: number;
  /**
   * @defaultValue 12: enough for nested and overlapping cycles, few enough that the literal
   * path-enumerating definitions of spec/ stay fast and that a counterexample is readable.
   */
  maxBlocks?: number;
  /**
   * fast-check's size for the list of blocks, i.e. how far towards `maxBlocks` the block
   * count goes (fast-check biases towards small counts either way).
   * @defaultValue "max": `maxBlocks` is honoured as given. With fast-check's own default
   * ("small") an array goes to at most `2 * minLength + 10` elements, so that `maxBlocks: 100`
   * would still give at most 11 blocks; pass "small" or a relative size ("-1", "=") to follow
   * the global `baseSize` instead.
   */
  size?: fc.SizeForArbitrary;
  /**
   * Maximal number of extra in-edges per (non-chain) block, besides its tree edge.
   * @defaultValue 2: with the tree edge a block has 1 to 3 predecessors, about 1.5 on
   * average with fast-check's small-size bias, a bit above real CFGs (~1.3) to get more joins.
   */
  maxExtraPredsPerBlock?: number;
  /**
   * @defaultValue `{forward: 3, backward: 3, self: 1, parallel: 1}`: as many backward as
   * forward edges, so that most graphs have cycles, nested and overlapping ones, and a backward
   * edge into the middle of a cycle entered elsewhere (an irreducible cycle) is common; forward
   * edges make the joins and the second entries of such cycles. Self-loops and parallel edges
   * each come in about one extra edge in eight: a third of all graphs, half of those with 8
   * or more blocks, have a self-loop, and as many a parallel edge.
   */
  edgeWeights?: EdgeWeights;
  /**
   * Probability that a block continues a chain: its only predecessor is the previous block.
   * @defaultValue 0.3: runs of 2-4 single-predecessor blocks are common (Braun's lookup walks
   * such chains; the AFP places phis only at nodes with != 1 predecessors). Raise it (0.9)
   * for long chains.
   */
  chainProbability?: number;
  /**
   * Probability that the entry has a single successor, block 1 (`EntrySpec.alone`).
   * @defaultValue 0.3: forward edges reaching back past the entry are clamped to it, so without
   * this the entry branches in most graphs (and in nearly every irreducible one: the two ways
   * into the cycle); real functions start with a single-successor entry as often as not.
   */
  entryAloneProbability?: number;
  /** @defaultValue "stmts" */
  blockForm?: BlockForm;
  /**
   * Number of variables, named `a`, `b`, `c`, ...
   * @defaultValue 4: few enough that definitions of one variable meet at joins.
   */
  variableCount?: number;
  /**
   * Probability that a block has content (statements, or defs and uses).
   * @defaultValue 0.6: empty blocks are kept common since they are the pure join and
   * pass-through nodes where trivial phis appear.
   */
  density?: number;
  /** @defaultValue 3 */
  maxStatementsPerBlock?: number;
  /**
   * @defaultValue 2: use-only statements, single and double definitions. In `defs-uses`
   * form, a block's defs are the union over its generated statements.
   */
  maxDefsPerStatement?: number;
  /**
   * @defaultValue 2. In `defs-uses` form a block's uses are the union over its generated
   * statements minus its defs (`defs_uses_disjoint`).
   */
  maxUsesPerStatement?: number;
  /**
   * @defaultValue "mixed": half of the graphs have the entry define every used variable, half
   * leave variables undefined on the paths where nothing reads them (see the module comment and
   * vary.ts).
   */
  definiteAssignment?: CfgDefiniteAssignment;
  /** The document's `name`. @defaultValue "random" */
  name?: string;
}

const DEFAULTS = {
  minBlocks: 1,
  maxBlocks: 12,
  maxExtraPredsPerBlock: 2,
  edgeWeights: { forward: 3, backward: 3, self: 1, parallel: 1 },
  chainProbability: 0.3,
  entryAloneProbability: 0.3,
  blockForm: "stmts" as BlockForm,
  variableCount: 4,
  density: 0.6,
  maxStatementsPerBlock: 3,
  maxDefsPerStatement: 2,
  maxUsesPerStatement: 2,
  definiteAssignment: "mixed" as CfgDefiniteAssignment,
  name: "random",
  size: "max" as fc.SizeForArbitrary,
};

type Resolved = Omit<typeof DEFAULTS, "edgeWeights"> & { edgeWeights: Required<EdgeWeights> };

function resolve(c: CfgConstraints): Resolved {
  const r: Resolved = { ...DEFAULTS, ...c, edgeWeights: { ...DEFAULTS.edgeWeights, ...c.edgeWeights } };
  const who = "arbitraryCfg";
  checkInteger(who, "minBlocks", r.minBlocks, 1);
  checkInteger(who, "maxBlocks", r.maxBlocks, r.minBlocks);
  checkInteger(who, "maxExtraPredsPerBlock", r.maxExtraPredsPerBlock, 0);
  checkWeights(who, "edgeWeights", { ...r.edgeWeights });
  checkProbability(who, "chainProbability", r.chainProbability);
  checkProbability(who, "entryAloneProbability", r.entryAloneProbability);
  checkInteger(who, "variableCount", r.variableCount, 0);
  checkProbability(who, "density", r.density);
  checkInteger(who, "maxStatementsPerBlock", r.maxStatementsPerBlock, 0);
  checkInteger(who, "maxDefsPerStatement", r.maxDefsPerStatement, 0);
  checkInteger(who, "maxUsesPerStatement", r.maxUsesPerStatement, 0);
  if (!["stmts", "defs-uses", "mixed"].includes(r.blockForm)) {
    throw new RangeError(`${who}: blockForm must be "stmts", "defs-uses" or "mixed"`);
  }
  if (r.definiteAssignment !== "entry" && r.definiteAssignment !== "by-construction" && r.definiteAssignment !== "mixed") {
    throw new RangeError(`${who}: definiteAssignment must be "entry", "by-construction" or "mixed"`);
  }
  return r;
}

/** One extra in-edge of a block, before it is resolved against the block count. */
export type EdgeSpec =
  | { kind: "forward"; dist: number }
  | { kind: "backward"; dist: number }
  | { kind: "self" }
  | { kind: "parallel"; seed: number };

/** What the arbitrary generates for one block; `buildCfg` turns the list into a CFG. */
export interface BlockSpec {
  /** Tree edge from `k-1 - (parent mod k)`, unless `chain`. */
  parent: number;
  /** Only predecessor is the previous block; `extra` is ignored. */
  chain: boolean;
  extra: EdgeSpec[];
  /** The predecessor list is rotated left by `rotate mod length`. */
  rotate: number;
  /** This block is in `defs`/`uses` form. */
  defsUses: boolean;
  stmts: StmtDoc[];
}

/** The entry's content. */
export interface EntrySpec {
  defsUses: boolean;
  stmts: StmtDoc[];
  /**
   * The entry has one successor, block 1: every other edge out of the entry leaves from block 1
   * instead (block 1's own in-edges from the entry stay).
   */
  alone?: boolean;
}

/**
 * Arbitrary CFGs (see the module comment): `B0` is the entry, no predecessors; every block is
 * reachable from it; every use is definitely assigned; in `defs`/`uses` form a block's defs
 * and uses are disjoint.
 */
export function arbitraryCfg(constraints: CfgConstraints = {}): Arbitrary<CfgDoc> {
  const c = resolve(constraints);
  const vars = variableNames(c.variableCount);
  const stmt: Arbitrary<StmtDoc> = fc.record({
    defs: variableSet(vars, 0, c.maxDefsPerStatement),
    uses: variableSet(vars, 0, c.maxUsesPerStatement),
  });
  const full = Math.round(c.density * PROBABILITY_SCALE);
  const content: Arbitrary<StmtDoc[]> =
    c.maxStatementsPerBlock === 0
      ? fc.constant([])
      : fc.oneof(
          { withCrossShrink: true },
          { arbitrary: fc.constant<StmtDoc[]>([]), weight: PROBABILITY_SCALE - full },
          { arbitrary: fc.array(stmt, { minLength: 1, maxLength: c.maxStatementsPerBlock }), weight: full },
        );
  const form: Arbitrary<boolean> = c.blockForm === "mixed" ? fc.boolean() : fc.constant(c.blockForm === "defs-uses");
  const dist = fc.nat({ max: c.maxBlocks });
  const edge: Arbitrary<EdgeSpec> = fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.record({ kind: fc.constant("forward" as const), dist: dist }), weight: c.edgeWeights.forward },
    { arbitrary: fc.record({ kind: fc.constant("backward" as const), dist: dist }), weight: c.edgeWeights.backward },
    { arbitrary: fc.record({ kind: fc.constant("self" as const) }), weight: c.edgeWeights.self },
    { arbitrary: fc.record({ kind: fc.constant("parallel" as const), seed: fc.nat() }), weight: c.edgeWeights.parallel },
  );
  const block: Arbitrary<BlockSpec> = fc.record({
    parent: fc.nat({ max: c.maxBlocks }),
    chain: biasedBoolean(c.chainProbability),
    extra: fc.array(edge, { maxLength: c.maxExtraPredsPerBlock }),
    rotate: fc.nat(),
    defsUses: form,
    stmts: content,
  });
  const entry: Arbitrary<EntrySpec> = fc.record({ defsUses: form, stmts: content, alone: biasedBoolean(c.entryAloneProbability) });
  const others = fc.array(block, { minLength: c.minBlocks - 1, maxLength: c.maxBlocks - 1, size: c.size });
  const bare: Arbitrary<boolean> =
    c.definiteAssignment === "mixed" ? withoutEntryDefinitions() : fc.constant(c.definiteAssignment === "by-construction");
  return fc.tuple(entry, others, bare).map(([e, bs, noEntryDefs]) =>
    buildCfg(e, bs, {
      vars,
      definiteAssignment: noEntryDefs ? "by-construction" : "entry",
      name: c.name,
    }),
  );
}

export interface BuildOptions {
  /** Variable order for the entry definitions. */
  vars: readonly string[];
  definiteAssignment: DefiniteAssignment;
  name: string;
}

/**
 * The CFG described by an entry and block specifications (see the module comment); total on
 * every input, which is what makes every shrunk value a well-formed CFG. Linear in the size
 * plus one dataflow fixpoint in `by-construction` mode; no recursion.
 */
export function buildCfg(entry: EntrySpec, specs: readonly BlockSpec[], options: BuildOptions): CfgDoc {
  const n = specs.length + 1;
  const preds: number[][] = [[]];
  for (let k = 1; k < n; k++) {
    const s = specs[k - 1];
    if (s.chain) {
      preds.push([k - 1]);
      continue;
    }
    const ps = [k - 1 - (s.parent % k)];
    // Only `parallel` edges repeat a predecessor: the others are dropped when they would.
    const add = (p: number) => {
      if (!ps.includes(p)) ps.push(p);
    };
    for (const e of s.extra) {
      switch (e.kind) {
        case "forward":
          add(Math.max(0, k - 2 - e.dist));
          break;
        case "backward":
          if (k + 1 < n) add(Math.min(n - 1, k + 1 + e.dist));
          break;
        case "self":
          add(k);
          break;
        case "parallel":
          ps.push(ps[e.seed % ps.length]);
          break;
      }
    }
    const r = s.rotate % ps.length;
    preds.push(ps.slice(r).concat(ps.slice(0, r)));
  }
  // an entry alone: its edges into blocks past block 1 leave from block 1, which the entry reaches
  if (entry.alone === true && n > 2) for (let k = 2; k < n; k++) preds[k] = preds[k].map((p) => (p === 0 ? 1 : p));

  // Content: statements, or disjoint defs/uses sets.
  const contents: EntrySpec[] = [entry, ...specs];
  interface Content {
    stmts?: StmtDoc[];
    defs?: string[];
    uses?: string[];
  }
  const blocks: Content[] = contents.map((b, k) => {
    if (!b.defsUses) return { stmts: b.stmts.map((st) => ({ defs: st.defs.slice(), uses: st.uses.slice() })) };
    const defs = unique(b.stmts.flatMap((st) => st.defs));
    const defSet = new Set(defs);
    // The entry's uses would be defined by the entry itself; an abstract node cannot do that.
    const uses = k === 0 ? [] : unique(b.stmts.flatMap((st) => st.uses)).filter((v) => !defSet.has(v));
    return { defs, uses };
  });

  if (options.definiteAssignment === "by-construction") {
    restrictUses(blocks, preds, options.vars);
  } else {
    const used = new Set<string>();
    for (const b of blocks) {
      for (const v of b.uses ?? []) used.add(v);
      for (const st of b.stmts ?? []) for (const v of st.uses) used.add(v);
    }
    const all = orderedSubset(options.vars, used);
    const e = blocks[0];
    if (all.length > 0) {
      if (e.stmts !== undefined) e.stmts.unshift({ defs: all, uses: [] });
      else e.defs = unique([...all, ...(e.defs ?? [])]);
    }
  }

  const docs: BlockDoc[] = blocks.map((b, k) => ({ id: `B${k}`, preds: preds[k].map((p) => `B${p}`), ...b }));
  return { format: FORMAT_VERSION, kind: "cfg", name: options.name, entry: "B0", blocks: docs };
}

function unique(xs: readonly string[]): string[] {
  return [...new Set(xs)];
}

/**
 * Drops every use that is not definitely assigned: the must-dataflow fixpoint
 * `in(B) = /\ out(P) over preds P` (empty at the entry), `out(B) = in(B) \/ defs(B)`, from the
 * top element, with a worklist; then each block's uses are filtered statement by statement
 * (dropping uses changes no definition, so one pass suffices).
 */
function restrictUses(
  blocks: { stmts?: StmtDoc[]; defs?: string[]; uses?: string[] }[],
  preds: readonly (readonly number[])[],
  vars: readonly string[],
): void {
  const n = blocks.length;
  const index = new Map<string, number>();
  for (const v of vars) index.set(v, index.size);
  for (const b of blocks) {
    for (const v of b.defs ?? []) if (!index.has(v)) index.set(v, index.size);
    for (const st of b.stmts ?? []) for (const v of st.defs) if (!index.has(v)) index.set(v, index.size);
  }
  const V = index.size;
  const gen: Uint8Array[] = blocks.map((b) => {
    const g = new Uint8Array(V);
    for (const v of b.defs ?? []) g[index.get(v)!] = 1;
    for (const st of b.stmts ?? []) for (const v of st.defs) g[index.get(v)!] = 1;
    return g;
  });
  const succs: number[][] = Array.from({ length: n }, () => []);
  for (let k = 0; k < n; k++) for (const p of preds[k]) succs[p].push(k);
  const inSets: Uint8Array[] = blocks.map((_, k) => new Uint8Array(V).fill(k === 0 ? 0 : 1));
  const outSets: Uint8Array[] = blocks.map((_, k) => new Uint8Array(V).fill(k === 0 ? 0 : 1));
  const work: number[] = [];
  const queued = new Uint8Array(n);
  for (let k = n - 1; k >= 0; k--) {
    work.push(k);
    queued[k] = 1;
  }
  while (work.length > 0) {
    const k = work.pop()!;
    queued[k] = 0;
    const inK = inSets[k];
    if (k !== 0) {
      inK.fill(1);
      for (const p of preds[k]) {
        const o = outSets[p];
        for (let v = 0; v < V; v++) inK[v] &= o[v];
      }
    }
    const out = outSets[k];
    let changed = false;
    for (let v = 0; v < V; v++) {
      const x = inK[v] | gen[k][v];
      if (x !== out[v]) {
        out[v] = x;
        changed = true;
      }
    }
    if (changed) {
      for (const s of succs[k]) {
        if (queued[s] === 0) {
          queued[s] = 1;
          work.push(s);
        }
      }
    }
  }
  for (let k = 0; k < n; k++) {
    const b = blocks[k];
    const at = inSets[k].slice();
    const has = (v: string) => {
      const i = index.get(v);
      return i !== undefined && at[i] === 1;
    };
    if (b.uses !== undefined) b.uses = b.uses.filter(has);
    for (const st of b.stmts ?? []) {
      st.uses = st.uses.filter(has);
      for (const v of st.defs) at[index.get(v)!] = 1;
    }
  }
}
