/**
 * Lowering validated documents into the compact model (spec/model.ts), following FORMAT.md,
 * "Meaning":
 * - a `stmts` block becomes a phi node (its phis, no statement, the block's preds), then a chain
 *   of statement nodes, each with the previous node as only predecessor. A new node starts
 *   before a statement that uses a variable defined earlier in the current node, or defines one
 *   used or defined earlier in it; a statement that uses and defines one variable has its defs
 *   in a new node of their own (which later statements may join);
 * - a `defs`/`uses` block is one node holding its phis, defs and uses;
 * - a block's preds `[P1, P2]` become the first node's preds `[last(P1), last(P2)]`, order and
 *   duplicates (parallel edges) kept; Entry is the first node of the entry block;
 * - the nodes of a block are consecutive, blocks in document order (an SSA lowered against its
 *   original takes the original's block order when both have the same block ids).
 *
 * Splits follow ORIGINAL variables, so an SSA document is lowered after resolving each value's
 * variable: `vars` first, then positionally from the original (the i-th def/use of statement j
 * of block B is the i-th def/use of statement j of block B there, as far as both lists reach;
 * a defs/uses block only where both sides have exactly one def, or one use), then along phis
 * (a phi and its arguments share a variable; known variables spread breadth-first from values
 * in first-appearance order). Without an original, a value still unknown is its own variable,
 * named like the value; with one, it is malformed (the user must give `vars`).
 *
 * Ids are dense in order of first appearance in the model's block order: per block its phis
 * (def, then arguments), then per statement its defs, then its uses. Rows are sets: no
 * duplicate within one node's defs or uses; `defStmt`/`useStmt` give the statement of each
 * row entry (its first occurrence in the node), -1 in a defs/uses block.
 *
 * Lowering works on a function in columns (io/columns.ts): typed arrays and interned names, as
 * the byte reader builds them; a `FunctionDoc` is converted first. Names become strings only
 * where something is named: variables and values (few next to blocks), block ids only when a
 * message or report asks (`places.blockNames` is built on first use).
 *
 * Every pass is a loop over blocks and statements: 10^6 blocks lower without deep calls.
 */
import { MalformedInput, invariant } from "../spec/errors.js";
import type { BlockIdx, Node, Val, Var } from "../spec/ids.js";
import { Cfg, Graph, Rows, SsaCfg, Transformed } from "../spec/model.js";
import type { Places } from "../spec/places.js";
import { columnsOf, FORM_DEFS_USES, type ColumnarFunction, type NameTable } from "./columns.js";
import type { FunctionDoc } from "./format.js";
import { duplicatePhiMessage, functionName, show } from "./read.js";

/** Where each statement landed: the part of lowering that decides the graph. */
export interface Layout {
  /** Block -> first node; one extra entry at the end (= nodeCount). */
  readonly blockFirstNode: Int32Array;
  /** Block -> index of its first statement in the function-wide numbering; one extra entry at the end. */
  readonly blockFirstStmt: Int32Array;
  /** Function-wide statement -> the node holding its uses. */
  readonly stmtUseNode: Int32Array;
  /** Function-wide statement -> the node holding its defs (the next node when it uses what it defines). */
  readonly stmtDefNode: Int32Array;
}

/** What both kinds of lowered function share. */
interface LoweredBase {
  /** The function in columns, blocks in model order. */
  fn: ColumnarFunction;
  file: string;
  name: string;
  places: Places;
  /** The original's variable names first (for an SSA lowered against one), then new ones. */
  varNames: string[];
  varIds: Map<string, Var>;
  layout: Layout;
  /** The block with this id, if any (an index built on first use). */
  blockOf(id: string): BlockIdx | undefined;
}

export interface LoweredCfg extends LoweredBase {
  cfg: Cfg;
  /** The variable of every occurrence, in `fn.occ` order. */
  occurrences: Int32Array;
}

export interface LoweredSsa extends LoweredBase {
  ssa: SsaCfg;
  valNames: string[];
  valIds: Map<string, Val>;
  /** Value -> index into `varNames`. */
  varOf: Int32Array;
  /** The value of every occurrence, in `fn.occ` order. */
  occurrences: Int32Array;
}

export type LoweredPair =
  | { ok: true; orig: LoweredCfg; ssa: LoweredSsa; transformed: Transformed }
  | { ok: false; orig: LoweredCfg; mismatch: string };

/** A function as lowering takes it: a document, or columns. */
export type FunctionInput = FunctionDoc | ColumnarFunction;

function columns(f: FunctionInput): ColumnarFunction {
  return "occ" in f ? f : columnsOf(f);
}

export function lowerCfg(input: FunctionInput, file: string, name: string): LoweredCfg {
  const fn = columns(input);
  expectKind(fn, "cfg", file, name);
  const { names: varNames, occ } = numberOccurrences(fn);
  const varIds = idsOf<Var>(varNames);
  const identity = new Int32Array(varNames.length);
  for (let v = 0; v < identity.length; v++) identity[v] = v;
  const low = layoutBlocks(fn, occ, identity, varNames.length);
  const graph = buildGraph(fn, low.layout);
  return {
    fn,
    file,
    name,
    cfg: new Cfg(graph, varNames.length, low.defRows as Rows<Var>, low.useRows as Rows<Var>),
    places: makePlaces(file, name, fn, low),
    varNames,
    varIds,
    layout: low.layout,
    occurrences: occ,
    blockOf: blockIndexOf(fn),
  };
}

export function lowerSsa(input: FunctionInput, file: string, name: string, original?: LoweredCfg): LoweredSsa {
  const fn = columns(input);
  expectKind(fn, "ssa", file, name);
  return lowerSsaInOrder(modelOrder(fn, original), file, name, original);
}

function lowerSsaInOrder(order: Order, file: string, name: string, original: LoweredCfg | undefined): LoweredSsa {
  const fn = order.fn;
  const { ofName: valOfName, names: valNames, occ } = numberOccurrences(fn);
  const { varOf, varNames, varIds: resolvedVarIds } = resolveVars(order, occ, valOfName, valNames, file, name, original);
  const low = layoutBlocks(fn, occ, varOf, varNames.length);
  const graph = original !== undefined && order.onOriginal && sameGraph(original, fn, low.layout) ? original.cfg.graph : buildGraph(fn, low.layout);

  const n = graph.nodeCount;
  const phiStart = new Int32Array(n + 1);
  const P = fn.phiStart[fn.blockCount];
  const phiDef = new Int32Array(P);
  const argStart = new Int32Array(P + 1);
  for (let p = 0; p < P; p++) argStart[p + 1] = argStart[p] + fn.phiArity[p];
  const argList = new Int32Array(argStart[P]);
  // the phi of each value in the current block (per value: block + 1 and the phi), for the one
  // phi per key (n, v) of Isabelle's phi map: the readers refuse two, adapters' documents come here unread
  let phiIn: Int32Array | undefined;
  for (let b = 0; b < fn.blockCount; b++) {
    let o = fn.occStart[b];
    for (let p = fn.phiStart[b]; p < fn.phiStart[b + 1]; p++) {
      phiDef[p] = occ[o++];
      for (let a = argStart[p]; a < argStart[p + 1]; a++) argList[a] = occ[o++];
      if (fn.phiStart[b + 1] - fn.phiStart[b] < 2) continue;
      phiIn ??= new Int32Array(2 * valNames.length);
      const v = phiDef[p];
      if (phiIn[2 * v] === b + 1)
        throw new MalformedInput(
          `${file}: function ${show(name)}, block ${show(fn.names.text(fn.blockName[b]))}, phi ${p - fn.phiStart[b]}: ${duplicatePhiMessage(valNames[v], phiIn[2 * v + 1])}`,
        );
      phiIn[2 * v] = b + 1;
      phiIn[2 * v + 1] = p - fn.phiStart[b];
    }
    const first = low.layout.blockFirstNode[b];
    phiStart[first + 1] = fn.phiStart[b + 1];
    for (let m = first + 1; m < low.layout.blockFirstNode[b + 1]; m++) phiStart[m + 1] = fn.phiStart[b + 1];
  }
  const ssa = new SsaCfg(graph, valNames.length, low.defRows as Rows<Val>, low.useRows as Rows<Val>, phiStart, phiDef, new Rows<Val>(argStart, argList));
  // the two name maps are built when first asked for: validation never asks
  let valIds: Map<string, Val> | undefined;
  let varIds: Map<string, Var> | undefined;
  return {
    fn,
    file,
    name,
    ssa,
    places: makePlaces(file, name, fn, low),
    valNames,
    get valIds(): Map<string, Val> {
      return (valIds ??= idsOf<Val>(valNames));
    },
    varNames,
    get varIds(): Map<string, Var> {
      return (varIds ??= resolvedVarIds());
    },
    varOf,
    layout: low.layout,
    occurrences: occ,
    blockOf: order.onOriginal ? original!.blockOf : blockIndexOf(fn),
  };
}

/**
 * The names that occur (variables of an original, values of an SSA), numbered in order of first
 * appearance through a name id -> number array, and every occurrence's number.
 */
function numberOccurrences(fn: ColumnarFunction): { ofName: Int32Array; names: string[]; occ: Int32Array } {
  const ofName = new Int32Array(fn.names.count).fill(-1);
  const names: string[] = [];
  const occ = new Int32Array(fn.occ.length);
  for (let k = 0; k < occ.length; k++) {
    const id = fn.occ[k];
    let v = ofName[id];
    if (v < 0) v = ofName[id] = names.push(fn.names.text(id)) - 1;
    occ[k] = v;
  }
  return { ofName, names, occ };
}

/** Name -> its number, for names numbered in order (distinct, as `numberOccurrences` makes them). */
function idsOf<T extends number>(names: readonly string[]): Map<string, T> {
  const ids = new Map<string, T>();
  for (let v = 0; v < names.length; v++) ids.set(names[v], v as T);
  return ids;
}

/**
 * An original CFG and its SSA translation on one shared `Graph`, or the first reason they do not
 * lower to the same graph. When the SSA names variables the original never mentions,
 * `transformed.old` is the original CFG with its variable count widened to cover them.
 */
export function lowerPair(original: FunctionInput, ssa: FunctionInput, file: string, ssaFile: string, name: string): LoweredPair {
  return lowerPairWith(lowerCfg(original, file, name), ssa, ssaFile);
}

/** `lowerPair` against an original lowered already (its `Graph` is the one shared). */
export function lowerPairWith(orig: LoweredCfg, input: FunctionInput, ssaFile: string): LoweredPair {
  const { fn: o, name } = orig;
  const s0 = columns(input);
  expectKind(s0, "ssa", ssaFile, name);
  const mismatch = (m: string): LoweredPair => ({ ok: false, orig, mismatch: m });
  const blockName = (f: ColumnarFunction, b: number): string => f.names.text(f.blockName[b]);
  const order = modelOrder(s0, orig);
  if (!order.onOriginal) {
    for (let b = 0; b < s0.blockCount; b++) if (orig.blockOf(blockName(s0, b)) === undefined) return mismatch(`block ${show(blockName(s0, b))} is not in the original`);
    const ids = new Set<string>();
    for (let b = 0; b < s0.blockCount; b++) ids.add(blockName(s0, b));
    for (let b = 0; b < o.blockCount; b++) if (!ids.has(blockName(o, b))) return mismatch(`block ${show(blockName(o, b))} of the original is missing in the SSA`);
    invariant(false, "block lists with the same ids not mapped onto each other");
  }
  const s = order.fn;
  if (o.entry !== s.entry) return mismatch(`entry differs: original ${show(blockName(o, o.entry))}, SSA ${show(blockName(s, s.entry))}`);
  for (let b = 0; b < o.blockCount; b++) {
    // blocks are in one order, so predecessors compare as block indices
    if (!sameRange(o.preds, o.predStart[b], o.predStart[b + 1], s.preds, s.predStart[b], s.predStart[b + 1])) {
      const list = (f: ColumnarFunction): string => {
        const xs: string[] = [];
        for (let k = f.predStart[b]; k < f.predStart[b + 1]; k++) xs.push(show(blockName(f, f.preds[k])));
        return `[${xs.join(", ")}]`;
      };
      return mismatch(`block ${show(blockName(o, b))}: preds differ: original ${list(o)}, SSA ${list(s)}`);
    }
    const os = o.blockForm[b] === FORM_DEFS_USES ? 0 : o.groupStart[b + 1] - o.groupStart[b];
    const ss = s.blockForm[b] === FORM_DEFS_USES ? 0 : s.groupStart[b + 1] - s.groupStart[b];
    // an empty stmts block and a defs/uses block are both one node: the same graph
    if (o.blockForm[b] !== s.blockForm[b] && os + ss > 0)
      return mismatch(`block ${show(blockName(o, b))}: ${formOf(o, b)} in the original, ${formOf(s, b)} in the SSA`);
    if (os !== ss) return mismatch(`block ${show(blockName(o, b))}: ${os} ${os === 1 ? "statement" : "statements"} in the original, ${ss} in the SSA`);
  }
  const low = lowerSsaInOrder(order, ssaFile, name, orig);
  if (low.ssa.graph !== orig.cfg.graph) return mismatch(splitMismatch(orig, low));
  const old =
    low.varNames.length > orig.varNames.length
      ? new Cfg(orig.cfg.graph, low.varNames.length, orig.cfg.defRows, orig.cfg.useRows)
      : orig.cfg;
  return { ok: true, orig, ssa: low, transformed: new Transformed(old, low.ssa, low.varOf) };
}

/** One original function and its SSA translation, from two files. */
export interface DocPair {
  name: string;
  original: FunctionDoc;
  ssa: FunctionDoc;
}

/**
 * Pairs the functions of two files by name (`#i` for unnamed ones, so those pair by position);
 * two single-function files pair whatever their names. Functions without a partner, or two with
 * one name, are malformed.
 */
export function pairDocuments(original: FunctionDoc[], ssa: FunctionDoc[], file: string, ssaFile: string): DocPair[] {
  const pairs = pairByName(
    original.map((d, i) => functionName(d, i)),
    ssa.map((d, i) => functionName(d, i)),
    file,
    ssaFile,
  );
  return pairs.map(([o, s]) => ({ name: functionName(original[o], o), original: original[o], ssa: ssa[s] }));
}

/**
 * The pairing of `pairDocuments` on function names alone (`#i` for unnamed ones): index pairs
 * `[original, ssa]` in the original's order.
 */
export function pairByName(original: readonly string[], ssa: readonly string[], file: string, ssaFile: string): [number, number][] {
  if (original.length === 1 && ssa.length === 1) return [[0, 0]];
  const byName = (names: readonly string[], f: string): Map<string, number> => {
    const m = new Map<string, number>();
    names.forEach((k, i) => {
      if (m.has(k)) throw new MalformedInput(`${f}: function ${show(k)}: two functions have this name, so they cannot be paired`);
      m.set(k, i);
    });
    return m;
  };
  const o = byName(original, file);
  const s = byName(ssa, ssaFile);
  for (const k of s.keys()) if (!o.has(k)) throw new MalformedInput(`${ssaFile}: function ${show(k)}: not in the original ${file}`);
  const out: [number, number][] = [];
  for (const [k, i] of o) {
    const t = s.get(k);
    if (t === undefined) throw new MalformedInput(`${ssaFile}: function ${show(k)} of the original ${file} is missing`);
    out.push([i, t]);
  }
  return out;
}

/** `pairDocuments`, then `lowerPair` on each pair. */
export function lowerPairs(original: FunctionDoc[], ssa: FunctionDoc[], file: string, ssaFile: string): LoweredPair[] {
  return pairDocuments(original, ssa, file, ssaFile).map((p) => lowerPair(p.original, p.ssa, file, ssaFile, p.name));
}

// ---------------------------------------------------------------------------------------------

interface LoweredRows {
  layout: Layout;
  defRows: Rows<number>;
  useRows: Rows<number>;
  defStmt: Int32Array;
  useStmt: Int32Array;
}

/**
 * The node split and the defs/uses rows. `occ` holds the item (variable or SSA
 * value) of every occurrence in `fn.occ` order; `keyOf` maps each item to the original
 * variable that decides splits.
 */
function layoutBlocks(fn: ColumnarFunction, occ: Int32Array, keyOf: Int32Array, keyCount: number): LoweredRows {
  // two passes over the same split: the first counts nodes and row entries, so that the second
  // fills arrays of exactly that size (no bound-sized arrays to copy and collect: on 3*10^6
  // blocks the bound is 7*10^6 nodes where 4*10^6 are made)
  const count = splitBlocks(fn, occ, keyOf, keyCount, undefined);
  return splitBlocks(fn, occ, keyOf, keyCount, count)!;
}

const NO_INTS = new Int32Array(0);

/**
 * `splitBlocks`'s stamps, shared by every function (a big function's are let go after it). They
 * start big enough for most functions, so that the rare path that replaces them has usually not
 * run by the time V8 optimises `splitBlocks` (code that never ran makes optimised code
 * deoptimise when it first runs, and V8 compile the function again).
 */
const STAMP_START = 4096;
let stampArrays: Int32Array[] = newStamps(STAMP_START);
const STAMP_KEEP = 1 << 16;

function newStamps(n: number): Int32Array[] {
  return [new Int32Array(n), new Int32Array(n), new Int32Array(n), new Int32Array(n)];
}

/** Stamps of at least `n` entries. */
function stampScratch(n: number): void {
  if (n > stampArrays[0].length || (stampArrays[0].length > STAMP_KEEP && n <= STAMP_KEEP)) stampArrays = newStamps(Math.max(STAMP_START, n));
}

/** Sizes of a function's layout. */
interface LayoutCount {
  nodes: number;
  defs: number;
  uses: number;
  /** Made by the counting pass and kept by the filling one (the same either way). */
  blockFirstStmt: Int32Array;
  /** The counting pass's stamps, lent to the filling one (reset there). */
  stamps: Int32Array[];
}

/** The split of `layoutBlocks`: counted only (`sized` undefined), or filled into arrays of the sizes counted. */
function splitBlocks(fn: ColumnarFunction, occ: Int32Array, keyOf: Int32Array, keyCount: number, sized: undefined): LayoutCount;
function splitBlocks(fn: ColumnarFunction, occ: Int32Array, keyOf: Int32Array, keyCount: number, sized: LayoutCount): LoweredRows;
function splitBlocks(fn: ColumnarFunction, occ: Int32Array, keyOf: Int32Array, keyCount: number, sized: LayoutCount | undefined): LayoutCount | LoweredRows {
  const fill = sized !== undefined;
  const B = fn.blockCount;
  const blockFirstNode = new Int32Array(fill ? B + 1 : 0);
  const blockFirstStmt = sized?.blockFirstStmt ?? new Int32Array(B + 1);
  if (!fill)
    for (let b = 0; b < B; b++) blockFirstStmt[b + 1] = blockFirstStmt[b] + (fn.blockForm[b] === FORM_DEFS_USES ? 0 : fn.groupStart[b + 1] - fn.groupStart[b]);
  const S = blockFirstStmt[B];
  // the counting pass fills nothing: it shares one empty array for all of these
  const stmtUseNode = fill ? new Int32Array(S) : NO_INTS;
  const stmtDefNode = fill ? new Int32Array(S) : NO_INTS;
  const N = sized?.nodes ?? 0;
  const defStart = fill ? new Int32Array(N + 1) : NO_INTS;
  const useStart = fill ? new Int32Array(N + 1) : NO_INTS;
  const defList = fill ? new Int32Array(sized.defs) : NO_INTS;
  const useList = fill ? new Int32Array(sized.uses) : NO_INTS;
  const defStmt = fill ? new Int32Array(sized.defs) : NO_INTS;
  const useStmt = fill ? new Int32Array(sized.uses) : NO_INTS;
  let nodes = 0;
  let defs = 0;
  let uses = 0;
  // stamps: the node where an item or key was last placed; starting a node resets them all at
  // once. Both passes number nodes from 0, so the filling pass resets the counting pass's. They
  // are scratch shared by every function (only their first keyOf.length / keyCount entries count)
  const items = keyOf.length;
  if (!fill) stampScratch(Math.max(items, keyCount));
  const [itemDefIn, itemUseIn, keyDefIn, keyUseIn] = stampArrays;
  itemDefIn.fill(-1, 0, items);
  itemUseIn.fill(-1, 0, items);
  keyDefIn.fill(-1, 0, keyCount);
  keyUseIn.fill(-1, 0, keyCount);
  const stamps = stampArrays;
  let cur = -1;
  // statements only move forward through nodes, so each node's row entries are contiguous
  const newNode = (): void => {
    cur = nodes++;
    if (!fill) return;
    defStart[cur] = defs;
    useStart[cur] = uses;
  };
  const addUses = (from: number, to: number, s: number): void => {
    for (let k = from; k < to; k++) {
      const item = occ[k];
      keyUseIn[keyOf[item]] = cur;
      if (itemUseIn[item] === cur) continue;
      itemUseIn[item] = cur;
      if (fill) {
        useList[uses] = item;
        useStmt[uses] = s;
      }
      uses++;
    }
  };
  const addDefs = (from: number, to: number, s: number): void => {
    for (let k = from; k < to; k++) {
      const item = occ[k];
      keyDefIn[keyOf[item]] = cur;
      if (itemDefIn[item] === cur) continue;
      itemDefIn[item] = cur;
      if (fill) {
        defList[defs] = item;
        defStmt[defs] = s;
      }
      defs++;
    }
  };
  const anyKey = (from: number, to: number, stamp: Int32Array): boolean => {
    for (let k = from; k < to; k++) if (stamp[keyOf[occ[k]]] === cur) return true;
    return false;
  };

  for (let b = 0; b < B; b++) {
    if (fill) blockFirstNode[b] = nodes;
    let at = fn.occStart[b];
    for (let p = fn.phiStart[b]; p < fn.phiStart[b + 1]; p++) at += 1 + fn.phiArity[p];
    newNode();
    const g0 = fn.groupStart[b];
    if (fn.blockForm[b] === FORM_DEFS_USES) {
      const d = at;
      const u = at + fn.groupDefs[g0];
      addUses(u, u + fn.groupUses[g0], -1);
      addDefs(d, u, -1);
      continue;
    }
    const phiNode = cur;
    for (let g = g0; g < fn.groupStart[b + 1]; g++) {
      const s = g - g0;
      const gs = blockFirstStmt[b] + s;
      const d = at;
      const u = (at += fn.groupDefs[g]);
      const end = (at += fn.groupUses[g]);
      // the uses, then the defs, each in a new node where needed; one call of newNode for both
      // (a call that never ran when V8 optimises makes it deoptimise: the defs' own node is rare)
      let split = cur === phiNode || anyKey(u, end, keyDefIn) || anyKey(d, u, keyUseIn) || anyKey(d, u, keyDefIn);
      for (let half = 0; half < 2; half++) {
        if (split) newNode();
        if (half === 1) {
          addDefs(d, u, s);
          if (fill) stmtDefNode[gs] = cur;
          break;
        }
        addUses(u, end, s);
        if (fill) stmtUseNode[gs] = cur;
        // earlier uses in this node share no variable with the defs (else we split above): this
        // asks whether the statement uses what it defines
        split = anyKey(d, u, keyUseIn);
      }
    }
    invariant(at === fn.occStart[b + 1], "layoutBlocks walked a block's occurrences out of step with its groups");
  }
  if (!fill) return { nodes, defs, uses, blockFirstStmt, stamps };
  invariant(nodes === sized.nodes && defs === sized.defs && uses === sized.uses, "layoutBlocks: the two passes split differently");
  blockFirstNode[B] = nodes;
  defStart[nodes] = defs;
  useStart[nodes] = uses;
  return {
    layout: { blockFirstNode, blockFirstStmt, stmtUseNode, stmtDefNode },
    defRows: new Rows(defStart, defList),
    useRows: new Rows(useStart, useList),
    defStmt,
    useStmt,
  };
}

function buildGraph(fn: ColumnarFunction, layout: Layout): Graph {
  const { blockFirstNode } = layout;
  const B = fn.blockCount;
  const n = blockFirstNode[B];
  // a block's first node has the block's preds, each later node the node before it
  const start = new Int32Array(n + 1);
  for (let b = 0; b < B; b++)
    for (let m = blockFirstNode[b]; m < blockFirstNode[b + 1]; m++) start[m + 1] = start[m] + (m === blockFirstNode[b] ? fn.predStart[b + 1] - fn.predStart[b] : 1);
  const list = new Int32Array(start[n]);
  for (let b = 0; b < B; b++) {
    const first = blockFirstNode[b];
    for (let k = fn.predStart[b], i = start[first]; k < fn.predStart[b + 1]; k++, i++) list[i] = blockFirstNode[fn.preds[k] + 1] - 1;
    for (let m = first + 1; m < blockFirstNode[b + 1]; m++) list[start[m]] = m - 1;
  }
  return new Graph(n, blockFirstNode[fn.entry] as Node, new Rows(start, list));
}

/**
 * Where each node came from. Node -> block and node -> first statement are built on first use
 * (messages and reports), from the layout: a certified function of 4*10^6 nodes never needs them.
 */
function makePlaces(file: string, functionName: string, fn: ColumnarFunction, low: LoweredRows): Places {
  return new LoweredPlaces(file, functionName, fn, low);
}

/**
 * `makePlaces`'s object: a class, so that the lazy parts are getters of one prototype, not an
 * object literal's own accessors made twice per function.
 */
class LoweredPlaces implements Places {
  private blockNameList: string[] | undefined;
  private nodeBlockCache: Int32Array | undefined;
  private nodeFirstStmtCache: Int32Array | undefined;
  readonly blockCount: number;
  readonly blockFirstNode: Int32Array;
  readonly defStmt: Int32Array;
  readonly useStmt: Int32Array;

  constructor(
    readonly file: string,
    readonly functionName: string,
    private readonly fn: ColumnarFunction,
    private readonly low: LoweredRows,
  ) {
    this.blockCount = fn.blockCount;
    this.blockFirstNode = low.layout.blockFirstNode;
    this.defStmt = low.defStmt;
    this.useStmt = low.useStmt;
  }

  blockName(b: number): string {
    return this.blockNameList?.[b] ?? this.fn.names.text(this.fn.blockName[b]);
  }

  get blockNames(): readonly string[] {
    if (this.blockNameList === undefined) {
      const fn = this.fn;
      const names = new Array<string>(fn.blockCount);
      for (let b = 0; b < fn.blockCount; b++) names[b] = fn.names.text(fn.blockName[b]);
      this.blockNameList = names;
    }
    return this.blockNameList;
  }

  get nodeBlock(): Int32Array {
    if (this.nodeBlockCache === undefined) {
      const { fn, blockFirstNode } = this;
      const nodeBlock = new Int32Array(blockFirstNode[fn.blockCount]);
      for (let b = 0; b < fn.blockCount; b++) nodeBlock.fill(b, blockFirstNode[b], blockFirstNode[b + 1]);
      this.nodeBlockCache = nodeBlock;
    }
    return this.nodeBlockCache;
  }

  get nodeFirstStmt(): Int32Array {
    if (this.nodeFirstStmtCache === undefined) {
      const fn = this.fn;
      const { blockFirstNode, blockFirstStmt, stmtUseNode, stmtDefNode } = this.low.layout;
      // the first statement whose uses or defs a node holds; -1 for phi nodes and defs/uses blocks
      const first = new Int32Array(blockFirstNode[fn.blockCount]).fill(-1);
      for (let b = 0; b < fn.blockCount; b++)
        for (let g = blockFirstStmt[b]; g < blockFirstStmt[b + 1]; g++) {
          if (first[stmtUseNode[g]] < 0) first[stmtUseNode[g]] = g - blockFirstStmt[b];
          if (first[stmtDefNode[g]] < 0) first[stmtDefNode[g]] = g - blockFirstStmt[b];
        }
      this.nodeFirstStmtCache = first;
    }
    return this.nodeFirstStmtCache;
  }
}

/** Look-ups a small function's `blockOf` answers by scanning before it builds its map. */
const BLOCK_SCANS = 4;
const BLOCK_SCAN_MAX = 64;

/** `blockOf` of a lowered function: a map from id to block, built on first use. */
function blockIndexOf(fn: ColumnarFunction): (id: string) => BlockIdx | undefined {
  let index: Map<string, BlockIdx> | undefined;
  let scans = 0;
  return (id) => {
    if (index === undefined && scans < BLOCK_SCANS && fn.blockCount <= BLOCK_SCAN_MAX) {
      // the first few look-ups scan (a producer asks for a block or two per function, mostly
      // the entry): from the end, so that the last of equal ids wins, as in the map
      scans++;
      for (let b = fn.blockCount - 1; b >= 0; b--) if (fn.names.text(fn.blockName[b]) === id) return b as BlockIdx;
      return undefined;
    }
    if (index === undefined) {
      index = new Map();
      for (let b = 0; b < fn.blockCount; b++) index.set(fn.names.text(fn.blockName[b]), b as BlockIdx);
    }
    return index.get(id);
  };
}

/** Where the occurrences of block `b`'s groups start (after its phis). */
function groupOccStart(fn: ColumnarFunction, b: number): number {
  let at = fn.occStart[b];
  for (let p = fn.phiStart[b]; p < fn.phiStart[b + 1]; p++) at += 1 + fn.phiArity[p];
  return at;
}

function resolveVars(
  order: Order,
  occ: Int32Array,
  valOfName: Int32Array,
  valNames: readonly string[],
  file: string,
  name: string,
  original: LoweredCfg | undefined,
): { varOf: Int32Array; varNames: string[]; varIds: () => Map<string, Var> } {
  const fn = order.fn;
  const varNames = original ? original.varNames.slice() : [];
  // the original's variables are looked up in its map, not a copy of it: only new ones go here
  const known = original?.varIds;
  const added = new Map<string, Var>();
  const intern = (x: string): number => {
    let v = known?.get(x) ?? added.get(x);
    if (v === undefined) added.set(x, (v = (varNames.push(x) - 1) as Var));
    return v;
  };
  // the map of the old code: the original's entries, then the new ones, in that order
  const varIds = (): Map<string, Var> => {
    const ids = new Map<string, Var>(known ?? []);
    for (const [x, v] of added) ids.set(x, v);
    return ids;
  };
  const n = valNames.length;
  const varOf = new Int32Array(n).fill(-1);
  if (fn.vars !== undefined) {
    // in value order, as the values first appear (a value `vars` names but no block uses is ignored)
    const given = new Int32Array(n).fill(-1);
    for (let i = 0; i < fn.vars.length; i += 2) {
      const v = valOfName[fn.vars[i]];
      if (v >= 0) given[v] = fn.vars[i + 1];
    }
    for (let v = 0; v < n; v++) if (given[v] >= 0) varOf[v] = intern(fn.names.text(given[v]));
  }

  if (original !== undefined) {
    // positional: walk both occurrence lists; the original's variable ids are ours too
    const o = original.fn;
    const oOcc = original.occurrences;
    const pair = (s: number, sLen: number, at: number, oLen: number): void => {
      for (let i = 0; i < sLen && i < oLen; i++) if (varOf[occ[s + i]] < 0) varOf[occ[s + i]] = oOcc[at + i];
    };
    for (let b = 0; b < fn.blockCount; b++) {
      const ob = order.onOriginal ? b : original.blockOf(fn.names.text(fn.blockName[b]));
      if (ob === undefined) continue;
      let s = groupOccStart(fn, b);
      let at = groupOccStart(o, ob);
      const sForm = fn.blockForm[b];
      const oForm = o.blockForm[ob];
      const sg0 = fn.groupStart[b];
      const og0 = o.groupStart[ob];
      if (sForm !== FORM_DEFS_USES && oForm !== FORM_DEFS_USES) {
        const oCount = o.groupStart[ob + 1] - og0;
        for (let j = 0; j < fn.groupStart[b + 1] - sg0; j++) {
          const [sd, su] = [fn.groupDefs[sg0 + j], fn.groupUses[sg0 + j]];
          if (j < oCount) {
            const [od, ou] = [o.groupDefs[og0 + j], o.groupUses[og0 + j]];
            pair(s, sd, at, od);
            pair(s + sd, su, at + od, ou);
            at += od + ou;
          }
          s += sd + su;
        }
      } else if (sForm === FORM_DEFS_USES && oForm === FORM_DEFS_USES) {
        const [sd, od] = [fn.groupDefs[sg0], o.groupDefs[og0]];
        if (sd === 1 && od === 1) pair(s, 1, at, 1);
        if (fn.groupUses[sg0] === 1 && o.groupUses[og0] === 1) pair(s + sd, 1, at + od, 1);
      }
    }
  }

  // a phi and its arguments are versions of one variable: spread known variables along phi links
  // (nothing to spread in a function without phis)
  if (fn.phiStart[fn.blockCount] > 0) spreadAlongPhis(fn, occ, varOf);

  for (let v = 0; v < n; v++) {
    if (varOf[v] >= 0) continue;
    if (original !== undefined)
      throw new MalformedInput(
        `${file}: function ${show(name)}, ${firstPlace(fn, occ, v)}: cannot infer the variable of value ${JSON.stringify(valNames[v])} (give it in "vars")`,
      );
    varOf[v] = intern(valNames[v]);
  }
  return { varOf, varNames, varIds };
}

/** Known variables spread along phi links, breadth-first from the values in order (`resolveVars`). */
function spreadAlongPhis(fn: ColumnarFunction, occ: Int32Array, varOf: Int32Array): void {
  const n = varOf.length;
  const linkCount = new Int32Array(n + 1);
  forEachPhiLink(fn, occ, (d, x) => {
    linkCount[d + 1]++;
    linkCount[x + 1]++;
  });
  for (let v = 0; v < n; v++) linkCount[v + 1] += linkCount[v];
  const links = new Int32Array(linkCount[n]);
  const fill = linkCount.slice(0, n);
  forEachPhiLink(fn, occ, (d, x) => {
    links[fill[d]++] = x;
    links[fill[x]++] = d;
  });
  const queue = new Int32Array(n);
  let tail = 0;
  for (let v = 0; v < n; v++) if (varOf[v] >= 0) queue[tail++] = v;
  for (let head = 0; head < tail; head++) {
    const v = queue[head];
    for (let k = linkCount[v]; k < linkCount[v + 1]; k++) {
      const w = links[k];
      if (varOf[w] < 0) {
        varOf[w] = varOf[v];
        queue[tail++] = w;
      }
    }
  }
}

/** Every (phi def, argument) pair, in document order. */
function forEachPhiLink(fn: ColumnarFunction, occ: Int32Array, f: (def: number, arg: number) => void): void {
  for (let b = 0; b < fn.blockCount; b++) {
    let o = fn.occStart[b];
    for (let p = fn.phiStart[b]; p < fn.phiStart[b + 1]; p++) {
      const d = occ[o++];
      for (let a = 0; a < fn.phiArity[p]; a++) f(d, occ[o++]);
    }
  }
}

/** `block B, phi i`, `block B, statement j` or `block B`: where a value first appears. */
function firstPlace(fn: ColumnarFunction, occ: Int32Array, val: number): string {
  for (let b = 0; b < fn.blockCount; b++) {
    const at = `block ${show(fn.names.text(fn.blockName[b]))}`;
    let o = fn.occStart[b];
    for (let p = fn.phiStart[b]; p < fn.phiStart[b + 1]; p++) {
      const end = o + 1 + fn.phiArity[p];
      for (; o < end; o++) if (occ[o] === val) return `${at}, phi ${p - fn.phiStart[b]}`;
    }
    for (let g = fn.groupStart[b]; g < fn.groupStart[b + 1]; g++) {
      const end = o + fn.groupDefs[g] + fn.groupUses[g];
      for (; o < end; o++) if (occ[o] === val) return fn.blockForm[b] === FORM_DEFS_USES ? at : `${at}, statement ${g - fn.groupStart[b]}`;
    }
  }
  invariant(false, `value ${val} appears nowhere`);
}

/** An SSA's blocks in model order; `onOriginal`: in the original's order, with the same ids. */
interface Order {
  fn: ColumnarFunction;
  onOriginal: boolean;
}

/** Whether block `a` of `f` and block `b` of `g` have the same id (two name tables). */
function sameBlockName(f: ColumnarFunction, a: number, g: ColumnarFunction, b: number): boolean {
  const x = f.names.literal?.(f.blockName[a]);
  const y = g.names.literal?.(g.blockName[b]);
  if (x !== undefined && y !== undefined) {
    const len = x.end - x.start;
    if (len !== y.end - y.start) return false;
    for (let i = 0; i < len; i++) if (x.bytes[x.start + i] !== y.bytes[y.start + i]) return false;
    return true;
  }
  return f.names.text(f.blockName[a]) === g.names.text(g.blockName[b]);
}

/** The original's order when both have exactly the same ids (unique, as validated); else as given. */
function modelOrder(fn: ColumnarFunction, original: LoweredCfg | undefined): Order {
  if (original === undefined || fn.blockCount !== original.fn.blockCount) return { fn, onOriginal: false };
  let same = true;
  for (let b = 0; same && b < fn.blockCount; b++) same = sameBlockName(fn, b, original.fn, b);
  if (same) return { fn, onOriginal: true };
  const perm = new Int32Array(fn.blockCount); // original block -> SSA block
  for (let b = 0; b < fn.blockCount; b++) {
    const i = original.blockOf(fn.names.text(fn.blockName[b]));
    if (i === undefined) return { fn, onOriginal: false };
    perm[i] = b;
  }
  return { fn: permuteBlocks(fn, perm), onOriginal: true };
}

/** `fn` with its blocks in the order `perm` (new block -> old block). */
function permuteBlocks(fn: ColumnarFunction, perm: Int32Array): ColumnarFunction {
  const B = fn.blockCount;
  const inverse = new Int32Array(B);
  for (let b = 0; b < B; b++) inverse[perm[b]] = b;
  const starts = (start: Int32Array): Int32Array => {
    const out = new Int32Array(B + 1);
    for (let b = 0; b < B; b++) out[b + 1] = out[b] + start[perm[b] + 1] - start[perm[b]];
    return out;
  };
  const gather = (start: Int32Array, newStart: Int32Array, list: Int32Array, map?: Int32Array): Int32Array => {
    const out = new Int32Array(list.length);
    for (let b = 0; b < B; b++)
      for (let k = start[perm[b]], i = newStart[b]; k < start[perm[b] + 1]; k++, i++) out[i] = map === undefined ? list[k] : map[list[k]];
    return out;
  };
  const predStart = starts(fn.predStart);
  const phiStart = starts(fn.phiStart);
  const groupStart = starts(fn.groupStart);
  const occStart = starts(fn.occStart);
  return {
    ...fn,
    blockName: Int32Array.from(perm, (b) => fn.blockName[b]),
    entry: inverse[fn.entry],
    predStart,
    preds: gather(fn.predStart, predStart, fn.preds, inverse),
    blockForm: Uint8Array.from(perm, (b) => fn.blockForm[b]),
    phiStart,
    phiArity: gather(fn.phiStart, phiStart, fn.phiArity),
    groupStart,
    groupDefs: gather(fn.groupStart, groupStart, fn.groupDefs),
    groupUses: gather(fn.groupStart, groupStart, fn.groupUses),
    occStart,
    occ: gather(fn.occStart, occStart, fn.occ),
  };
}

/** Whether an SSA in the original's block order, laid out as `layout`, would have exactly the original's graph. */
function sameGraph(original: LoweredCfg, fn: ColumnarFunction, layout: Layout): boolean {
  const o = original.layout;
  const of = original.fn;
  if (fn.entry !== of.entry || fn.blockCount !== of.blockCount) return false;
  if (!sameInts(fn.predStart, of.predStart) || !sameInts(fn.preds, of.preds)) return false;
  return (
    sameInts(layout.blockFirstNode, o.blockFirstNode) &&
    sameInts(layout.blockFirstStmt, o.blockFirstStmt) &&
    sameInts(layout.stmtUseNode, o.stmtUseNode) &&
    sameInts(layout.stmtDefNode, o.stmtDefNode)
  );
}

/** The first statement whose node placement differs; blocks and statement counts already agree. */
function splitMismatch(orig: LoweredCfg, low: LoweredSsa): string {
  const a = orig.layout;
  const b = low.layout;
  for (let blk = 0; blk < orig.fn.blockCount; blk++) {
    for (let g = a.blockFirstStmt[blk]; g < a.blockFirstStmt[blk + 1]; g++) {
      const s = g - a.blockFirstStmt[blk];
      const at = `block ${show(orig.fn.names.text(orig.fn.blockName[blk]))}, statement ${s}`;
      const why = `(nodes split by original variables; check "vars")`;
      const startsA = s === 0 || a.stmtUseNode[g] !== a.stmtDefNode[g - 1];
      const startsB = s === 0 || b.stmtUseNode[g] !== b.stmtDefNode[g - 1];
      if (startsA !== startsB)
        return `${at}: a new node starts here in the ${startsA ? "original" : "SSA"} but not in the ${startsA ? "SSA" : "original"} ${why}`;
      const ownA = a.stmtDefNode[g] !== a.stmtUseNode[g];
      const ownB = b.stmtDefNode[g] !== b.stmtUseNode[g];
      if (ownA !== ownB)
        return `${at}: its defs get a node of their own in the ${ownA ? "original" : "SSA"} but not in the ${ownA ? "SSA" : "original"} ${why}`;
    }
  }
  invariant(false, "the original and the SSA lower to different graphs with no differing statement");
}

function expectKind(fn: ColumnarFunction, kind: "cfg" | "ssa", file: string, name: string): void {
  const what = kind === "cfg" ? "an original CFG" : "an SSA CFG";
  if (fn.kind !== kind) throw new MalformedInput(`${file}: function ${show(name)}: expected ${what} ("kind": "${kind}"), found "kind": "${fn.kind}"`);
}

function formOf(fn: ColumnarFunction, b: number): string {
  return fn.blockForm[b] === FORM_DEFS_USES ? `"defs"/"uses"` : `"stmts"`;
}

function sameRange(a: Int32Array, a0: number, a1: number, b: Int32Array, b0: number, b1: number): boolean {
  if (a1 - a0 !== b1 - b0) return false;
  for (let i = 0; i < a1 - a0; i++) if (a[a0 + i] !== b[b0 + i]) return false;
  return true;
}

function sameInts(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export type { NameTable };
