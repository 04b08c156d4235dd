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
 * Every pass is a loop over blocks and statements: 10^6 blocks lower without deep calls.
 */
import { MalformedInput, invariant } from "../spec/errors.js";
import type { BlockIdx, Node, Val, Var } from "../spec/ids.js";
import { Cfg, Graph, Rows, SsaCfg, Transformed } from "../spec/model.js";
import type { Places } from "../spec/places.js";
import type { BlockDoc, FunctionDoc } from "./format.js";
import { functionName, phiArgList, show } from "./read.js";

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
  readonly nodeBlock: Int32Array;
  readonly nodeFirstStmt: Int32Array;
}

export interface LoweredCfg {
  doc: FunctionDoc;
  file: string;
  name: string;
  cfg: Cfg;
  places: Places;
  varNames: string[];
  varIds: Map<string, Var>;
  layout: Layout;
  /** The variable of every occurrence, in first-appearance order (see the module comment). */
  occurrences: Int32Array;
  /** The model's blocks (document order), by id. */
  blocks: readonly BlockDoc[];
  blockIndex: Map<string, BlockIdx>;
}

export interface LoweredSsa {
  doc: FunctionDoc;
  file: string;
  name: string;
  ssa: SsaCfg;
  places: Places;
  valNames: string[];
  valIds: Map<string, Val>;
  /** The original's variable names first (when lowered against one), then new ones. */
  varNames: string[];
  varIds: Map<string, Var>;
  /** Value -> index into `varNames`. */
  varOf: Int32Array;
  layout: Layout;
  /** The value of every occurrence, in first-appearance order (see the module comment). */
  occurrences: Int32Array;
  /** The model's blocks: document order, or the original's order when both have the same ids. */
  blocks: readonly BlockDoc[];
  blockIndex: Map<string, BlockIdx>;
}

export type LoweredPair =
  | { ok: true; orig: LoweredCfg; ssa: LoweredSsa; transformed: Transformed }
  | { ok: false; orig: LoweredCfg; mismatch: string };

export function lowerCfg(doc: FunctionDoc, file: string, name: string): LoweredCfg {
  expectKind(doc, "cfg", file, name);
  const blocks = doc.blocks;
  const varIds = new Map<string, Var>();
  const varNames: string[] = [];
  const occ = internNames(blocks, (s) => {
    let v = varIds.get(s);
    if (v === undefined) varIds.set(s, (v = (varNames.push(s) - 1) as Var));
    return v;
  });
  const identity = new Int32Array(varNames.length);
  for (let v = 0; v < identity.length; v++) identity[v] = v;
  const low = layoutBlocks(blocks, occ, identity, varNames.length);
  const blockIndex = indexBlocks(blocks);
  const graph = buildGraph(blocks, blockIndex, low.layout, blockIndex.get(doc.entry)!);
  return {
    doc,
    file,
    name,
    cfg: new Cfg(graph, varNames.length, low.defRows as Rows<Var>, low.useRows as Rows<Var>),
    places: makePlaces(file, name, blocks, low),
    varNames,
    varIds,
    layout: low.layout,
    occurrences: occ,
    blocks,
    blockIndex,
  };
}

export function lowerSsa(doc: FunctionDoc, file: string, name: string, original?: LoweredCfg): LoweredSsa {
  expectKind(doc, "ssa", file, name);
  return lowerSsaInOrder(doc, file, name, original, modelOrder(doc.blocks, original));
}

function lowerSsaInOrder(doc: FunctionDoc, file: string, name: string, original: LoweredCfg | undefined, order: Order): LoweredSsa {
  const blocks = order.blocks;
  const valIds = new Map<string, Val>();
  const valNames: string[] = [];
  const occ = internNames(blocks, (s) => {
    let v = valIds.get(s);
    if (v === undefined) valIds.set(s, (v = (valNames.push(s) - 1) as Val));
    return v;
  });
  const { varOf, varNames, varIds } = resolveVars(doc, order, occ, valIds, valNames, file, name, original);
  const low = layoutBlocks(blocks, occ, varOf, varNames.length);
  const blockIndex = order.onOriginal ? original!.blockIndex : indexBlocks(blocks);
  const graph =
    original !== undefined && sameGraph(original, blocks, doc.entry, low.layout)
      ? original.cfg.graph
      : buildGraph(blocks, blockIndex, low.layout, blockIndex.get(doc.entry)!);

  const n = graph.nodeCount;
  const phiStart = new Int32Array(n + 1);
  const phiDef: number[] = [];
  const args: number[][] = [];
  for (let b = 0; b < blocks.length; b++) {
    for (const phi of blocks[b].phis ?? []) {
      phiDef.push(valIds.get(phi.def)!);
      args.push(phiArgList(phi, blocks[b].preds).map((a) => valIds.get(a)!));
    }
    const first = low.layout.blockFirstNode[b];
    phiStart[first + 1] = phiDef.length;
    for (let m = first + 1; m < low.layout.blockFirstNode[b + 1]; m++) phiStart[m + 1] = phiDef.length;
  }
  const ssa = new SsaCfg(
    graph,
    valNames.length,
    low.defRows as Rows<Val>,
    low.useRows as Rows<Val>,
    phiStart,
    Int32Array.from(phiDef),
    Rows.from<Val>(args),
  );
  return {
    doc,
    file,
    name,
    ssa,
    places: makePlaces(file, name, blocks, low),
    valNames,
    valIds,
    varNames,
    varIds,
    varOf,
    layout: low.layout,
    occurrences: occ,
    blocks,
    blockIndex,
  };
}

/**
 * An original CFG and its SSA translation on one shared `Graph`, or the first reason they do not
 * lower to the same graph. When the SSA names variables the original never mentions,
 * `transformed.old` is the original CFG with its variable count widened to cover them.
 */
export function lowerPair(original: FunctionDoc, ssa: FunctionDoc, file: string, ssaFile: string, name: string): LoweredPair {
  return lowerPairWith(lowerCfg(original, file, name), ssa, ssaFile);
}

/** `lowerPair` against an original lowered already (its `Graph` is the one shared). */
export function lowerPairWith(orig: LoweredCfg, ssa: FunctionDoc, ssaFile: string): LoweredPair {
  const { doc: original, name } = orig;
  expectKind(ssa, "ssa", ssaFile, name);
  const mismatch = (m: string): LoweredPair => ({ ok: false, orig, mismatch: m });
  const order = modelOrder(ssa.blocks, orig);
  if (!order.onOriginal) {
    for (const b of ssa.blocks) if (!orig.blockIndex.has(b.id)) return mismatch(`block ${show(b.id)} is not in the original`);
    const ids = new Set(ssa.blocks.map((b) => b.id));
    for (const b of orig.blocks) if (!ids.has(b.id)) return mismatch(`block ${show(b.id)} of the original is missing in the SSA`);
    invariant(false, "block lists with the same ids not mapped onto each other");
  }
  if (original.entry !== ssa.entry) return mismatch(`entry differs: original ${show(original.entry)}, SSA ${show(ssa.entry)}`);
  const ssaBlocks = order.blocks;
  for (let b = 0; b < orig.blocks.length; b++) {
    const o = orig.blocks[b];
    const s = ssaBlocks[b];
    if (!sameStrings(o.preds, s.preds))
      return mismatch(`block ${show(o.id)}: preds differ: original ${showList(o.preds)}, SSA ${showList(s.preds)}`);
    const os = o.stmts?.length ?? 0;
    const ss = s.stmts?.length ?? 0;
    // an empty stmts block and a defs/uses block are both one node: the same graph
    if ((o.stmts === undefined) !== (s.stmts === undefined) && os + ss > 0)
      return mismatch(`block ${show(o.id)}: ${formOf(o)} in the original, ${formOf(s)} in the SSA`);
    if (os !== ss) return mismatch(`block ${show(o.id)}: ${os} ${os === 1 ? "statement" : "statements"} in the original, ${ss} in the SSA`);
  }
  const low = lowerSsaInOrder(ssa, ssaFile, name, orig, order);
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
  if (original.length === 1 && ssa.length === 1) return [{ name: functionName(original[0], 0), original: original[0], ssa: ssa[0] }];
  const byName = (docs: FunctionDoc[], f: string): Map<string, FunctionDoc> => {
    const m = new Map<string, FunctionDoc>();
    docs.forEach((d, i) => {
      const k = functionName(d, i);
      if (m.has(k)) throw new MalformedInput(`${f}: function ${show(k)}: two functions have this name, so they cannot be paired`);
      m.set(k, d);
    });
    return m;
  };
  const o = byName(original, file);
  const s = byName(ssa, ssaFile);
  for (const k of s.keys()) if (!o.has(k)) throw new MalformedInput(`${ssaFile}: function ${show(k)}: not in the original ${file}`);
  const out: DocPair[] = [];
  for (const [k, d] of o) {
    const t = s.get(k);
    if (t === undefined) throw new MalformedInput(`${ssaFile}: function ${show(k)} of the original ${file} is missing`);
    out.push({ name: k, original: d, ssa: t });
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
 * The node split and the defs/uses rows in one pass. `occ` holds the item (variable or SSA
 * value) of every occurrence in `internNames` order; `keyOf` maps each item to the original
 * variable that decides splits.
 */
function layoutBlocks(blocks: readonly BlockDoc[], occ: Int32Array, keyOf: Int32Array, keyCount: number): LoweredRows {
  const B = blocks.length;
  const blockFirstNode = new Int32Array(B + 1);
  const blockFirstStmt = new Int32Array(B + 1);
  for (let b = 0; b < B; b++) blockFirstStmt[b + 1] = blockFirstStmt[b] + (blocks[b].stmts?.length ?? 0);
  const S = blockFirstStmt[B];
  const stmtUseNode = new Int32Array(S);
  const stmtDefNode = new Int32Array(S);
  // a block has its phi node plus at most two nodes per statement; rows hold at most every occurrence
  const maxNodes = B + 2 * S;
  const nodeBlock = new Int32Array(maxNodes);
  const nodeFirstStmt = new Int32Array(maxNodes);
  const defStart = new Int32Array(maxNodes + 1);
  const useStart = new Int32Array(maxNodes + 1);
  const defList = new Int32Array(occ.length);
  const useList = new Int32Array(occ.length);
  const defStmt = new Int32Array(occ.length);
  const useStmt = new Int32Array(occ.length);
  let nodes = 0;
  let defs = 0;
  let uses = 0;
  // stamps: the node where an item or key was last placed; starting a node resets them all at once
  const itemDefIn = new Int32Array(keyOf.length).fill(-1);
  const itemUseIn = new Int32Array(keyOf.length).fill(-1);
  const keyDefIn = new Int32Array(keyCount).fill(-1);
  const keyUseIn = new Int32Array(keyCount).fill(-1);
  let cur = -1;
  // statements only move forward through nodes, so each node's row entries are contiguous
  const newNode = (b: number, s: number): void => {
    cur = nodes++;
    nodeBlock[cur] = b;
    nodeFirstStmt[cur] = s;
    defStart[cur] = defs;
    useStart[cur] = uses;
  };
  const addUses = (from: number, to: number, s: number): void => {
    for (let k = from; k < to; k++) {
      const item = occ[k];
      keyUseIn[keyOf[item]] = cur;
      if (itemUseIn[item] === cur) continue;
      itemUseIn[item] = cur;
      useList[uses] = item;
      useStmt[uses++] = s;
    }
  };
  const addDefs = (from: number, to: number, s: number): void => {
    for (let k = from; k < to; k++) {
      const item = occ[k];
      keyDefIn[keyOf[item]] = cur;
      if (itemDefIn[item] === cur) continue;
      itemDefIn[item] = cur;
      defList[defs] = item;
      defStmt[defs++] = s;
    }
  };
  const anyKey = (from: number, to: number, stamp: Int32Array): boolean => {
    for (let k = from; k < to; k++) if (stamp[keyOf[occ[k]]] === cur) return true;
    return false;
  };

  let at = 0; // cursor into occ
  for (let b = 0; b < B; b++) {
    blockFirstNode[b] = nodes;
    const block = blocks[b];
    at += phiOccCount(block);
    newNode(b, -1);
    if (block.stmts === undefined) {
      const d = at;
      const u = (at += block.defs!.length);
      at += block.uses!.length;
      addUses(u, at, -1);
      addDefs(d, u, -1);
      continue;
    }
    const phiNode = cur;
    for (let s = 0; s < block.stmts.length; s++) {
      const g = blockFirstStmt[b] + s;
      const d = at;
      const u = (at += block.stmts[s].defs.length);
      const end = (at += block.stmts[s].uses.length);
      if (cur === phiNode || anyKey(u, end, keyDefIn) || anyKey(d, u, keyUseIn) || anyKey(d, u, keyDefIn)) newNode(b, s);
      addUses(u, end, s);
      stmtUseNode[g] = cur;
      // earlier uses in this node share no variable with the defs (else we split above): this
      // asks whether the statement uses what it defines
      if (anyKey(d, u, keyUseIn)) newNode(b, s);
      addDefs(d, u, s);
      stmtDefNode[g] = cur;
    }
  }
  invariant(at === occ.length, "layoutBlocks walked the occurrences out of step with internNames");
  blockFirstNode[B] = nodes;
  defStart[nodes] = defs;
  useStart[nodes] = uses;
  return {
    layout: {
      blockFirstNode,
      blockFirstStmt,
      stmtUseNode,
      stmtDefNode,
      nodeBlock: nodeBlock.slice(0, nodes),
      nodeFirstStmt: nodeFirstStmt.slice(0, nodes),
    },
    defRows: new Rows(defStart.slice(0, nodes + 1), defList.slice(0, defs)),
    useRows: new Rows(useStart.slice(0, nodes + 1), useList.slice(0, uses)),
    defStmt: defStmt.slice(0, defs),
    useStmt: useStmt.slice(0, uses),
  };
}

function buildGraph(blocks: readonly BlockDoc[], blockIndex: Map<string, BlockIdx>, layout: Layout, entry: BlockIdx): Graph {
  const { blockFirstNode, nodeBlock } = layout;
  const n = nodeBlock.length;
  const start = new Int32Array(n + 1);
  for (let m = 0; m < n; m++) {
    const b = nodeBlock[m];
    start[m + 1] = start[m] + (m === blockFirstNode[b] ? blocks[b].preds.length : 1);
  }
  const list = new Int32Array(start[n]);
  for (let m = 0; m < n; m++) {
    const b = nodeBlock[m];
    if (m !== blockFirstNode[b]) list[start[m]] = m - 1;
    else blocks[b].preds.forEach((p, i) => (list[start[m] + i] = blockFirstNode[blockIndex.get(p)! + 1] - 1));
  }
  return new Graph(n, blockFirstNode[entry] as Node, new Rows(start, list));
}

function makePlaces(file: string, functionName: string, blocks: readonly BlockDoc[], low: LoweredRows): Places {
  return {
    file,
    functionName,
    blockNames: blocks.map((b) => b.id),
    blockFirstNode: low.layout.blockFirstNode,
    nodeBlock: low.layout.nodeBlock,
    nodeFirstStmt: low.layout.nodeFirstStmt,
    defStmt: low.defStmt,
    useStmt: low.useStmt,
    blockHasStmts: blocks.map((b) => b.stmts !== undefined),
  };
}

function phiOccCount(b: BlockDoc): number {
  let k = 0;
  for (const phi of b.phis ?? []) k += 1 + (Array.isArray(phi.args) ? phi.args.length : b.preds.length);
  return k;
}

/** Block -> the index of its first occurrence in `internNames` order. */
function blockOccStart(blocks: readonly BlockDoc[]): Int32Array {
  const start = new Int32Array(blocks.length + 1);
  blocks.forEach((b, i) => {
    let k = phiOccCount(b);
    if (b.stmts === undefined) k += b.defs!.length + b.uses!.length;
    else for (const s of b.stmts) k += s.defs.length + s.uses.length;
    start[i + 1] = start[i] + k;
  });
  return start;
}

/**
 * Interns every variable or value name in first-appearance order (see the module comment) and
 * returns the id of each occurrence in that order, which `layoutBlocks` walks again.
 */
function internNames(blocks: readonly BlockDoc[], intern: (name: string) => number): Int32Array {
  const occ = new Int32Array(blockOccStart(blocks)[blocks.length]);
  let k = 0;
  const put = (names: readonly string[]): void => {
    for (const x of names) occ[k++] = intern(x);
  };
  for (const b of blocks) {
    for (const phi of b.phis ?? []) {
      occ[k++] = intern(phi.def);
      put(phiArgList(phi, b.preds));
    }
    if (b.stmts === undefined) {
      put(b.defs!);
      put(b.uses!);
    } else
      for (const s of b.stmts) {
        put(s.defs);
        put(s.uses);
      }
  }
  return occ;
}

function resolveVars(
  doc: FunctionDoc,
  order: Order,
  occ: Int32Array,
  valIds: Map<string, Val>,
  valNames: readonly string[],
  file: string,
  name: string,
  original: LoweredCfg | undefined,
): { varOf: Int32Array; varNames: string[]; varIds: Map<string, Var> } {
  const blocks = order.blocks;
  const varNames = original ? original.varNames.slice() : [];
  const varIds = new Map<string, Var>(original?.varIds ?? []);
  const intern = (x: string): number => {
    let v = varIds.get(x);
    if (v === undefined) varIds.set(x, (v = (varNames.push(x) - 1) as Var));
    return v;
  };
  const n = valNames.length;
  const varOf = new Int32Array(n).fill(-1);
  const vars = doc.vars;
  if (vars !== undefined) for (let v = 0; v < n; v++) if (Object.hasOwn(vars, valNames[v])) varOf[v] = intern(vars[valNames[v]]);

  if (original !== undefined) {
    // positional: walk both occurrence lists; the original's variable ids are ours too
    const oOcc = original.occurrences;
    const oStart = blockOccStart(original.blocks);
    const sStart = blockOccStart(blocks);
    const pair = (s: number, sLen: number, o: number, oLen: number): void => {
      for (let i = 0; i < sLen && i < oLen; i++) if (varOf[occ[s + i]] < 0) varOf[occ[s + i]] = oOcc[o + i];
    };
    for (let b = 0; b < blocks.length; b++) {
      const sb = blocks[b];
      const ob = order.onOriginal ? b : original.blockIndex.get(sb.id);
      if (ob === undefined) continue;
      const obk = original.blocks[ob];
      let s = sStart[b] + phiOccCount(sb);
      let o = oStart[ob] + phiOccCount(obk);
      if (sb.stmts !== undefined && obk.stmts !== undefined) {
        for (let j = 0; j < sb.stmts.length; j++) {
          const [sd, su] = [sb.stmts[j].defs.length, sb.stmts[j].uses.length];
          if (j < obk.stmts.length) {
            const [od, ou] = [obk.stmts[j].defs.length, obk.stmts[j].uses.length];
            pair(s, sd, o, od);
            pair(s + sd, su, o + od, ou);
            o += od + ou;
          }
          s += sd + su;
        }
      } else if (sb.stmts === undefined && obk.stmts === undefined) {
        const [sd, od] = [sb.defs!.length, obk.defs!.length];
        if (sd === 1 && od === 1) pair(s, 1, o, 1);
        if (sb.uses!.length === 1 && obk.uses!.length === 1) pair(s + sd, 1, o + od, 1);
      }
    }
  }

  // a phi and its arguments are versions of one variable: spread known variables along phi links
  const links: (number[] | undefined)[] = new Array(n);
  for (const b of blocks)
    for (const phi of b.phis ?? []) {
      const d = valIds.get(phi.def)!;
      for (const a of phiArgList(phi, b.preds)) {
        const x = valIds.get(a)!;
        (links[d] ??= []).push(x);
        (links[x] ??= []).push(d);
      }
    }
  const queue: number[] = [];
  for (let v = 0; v < n; v++) if (varOf[v] >= 0) queue.push(v);
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head];
    for (const w of links[v] ?? [])
      if (varOf[w] < 0) {
        varOf[w] = varOf[v];
        queue.push(w);
      }
  }

  for (let v = 0; v < n; v++) {
    if (varOf[v] >= 0) continue;
    if (original !== undefined)
      throw new MalformedInput(
        `${file}: function ${show(name)}, ${firstPlace(blocks, valNames[v])}: cannot infer the variable of value ${JSON.stringify(valNames[v])} (give it in "vars")`,
      );
    varOf[v] = intern(valNames[v]);
  }
  return { varOf, varNames, varIds };
}

/** `block B, phi i`, `block B, statement j` or `block B`: where a value first appears. */
function firstPlace(blocks: readonly BlockDoc[], val: string): string {
  for (const b of blocks) {
    const at = `block ${show(b.id)}`;
    const phi = (b.phis ?? []).findIndex((p) => p.def === val || phiArgList(p, b.preds).includes(val));
    if (phi >= 0) return `${at}, phi ${phi}`;
    if (b.stmts === undefined) {
      if (b.defs!.includes(val) || b.uses!.includes(val)) return at;
    } else {
      const s = b.stmts.findIndex((st) => st.defs.includes(val) || st.uses.includes(val));
      if (s >= 0) return `${at}, statement ${s}`;
    }
  }
  invariant(false, `value ${val} appears nowhere`);
}

/** An SSA's blocks in model order; `onOriginal`: in the original's order, with the same ids. */
interface Order {
  blocks: readonly BlockDoc[];
  onOriginal: boolean;
}

/** The original's order when both have exactly the same ids (unique, as validated); else as given. */
function modelOrder(blocks: readonly BlockDoc[], original: LoweredCfg | undefined): Order {
  if (original === undefined || blocks.length !== original.blocks.length) return { blocks, onOriginal: false };
  if (blocks.every((b, i) => b.id === original.blocks[i].id)) return { blocks, onOriginal: true };
  const out: BlockDoc[] = new Array(blocks.length);
  for (const b of blocks) {
    const i = original.blockIndex.get(b.id);
    if (i === undefined) return { blocks, onOriginal: false };
    out[i] = b;
  }
  return { blocks: out, onOriginal: true };
}

/** Whether an SSA laid out as `layout` would have exactly the original's graph. */
function sameGraph(original: LoweredCfg, blocks: readonly BlockDoc[], entry: string, layout: Layout): boolean {
  const o = original.layout;
  if (entry !== original.doc.entry || blocks.length !== original.blocks.length) return false;
  for (let b = 0; b < blocks.length; b++)
    if (blocks[b].id !== original.blocks[b].id || !sameStrings(blocks[b].preds, original.blocks[b].preds)) return false;
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
  for (let blk = 0; blk < orig.blocks.length; blk++) {
    for (let g = a.blockFirstStmt[blk]; g < a.blockFirstStmt[blk + 1]; g++) {
      const s = g - a.blockFirstStmt[blk];
      const at = `block ${show(orig.blocks[blk].id)}, statement ${s}`;
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

function expectKind(doc: FunctionDoc, kind: "cfg" | "ssa", file: string, name: string): void {
  const what = kind === "cfg" ? "an original CFG" : "an SSA CFG";
  if (doc.kind !== kind) throw new MalformedInput(`${file}: function ${show(name)}: expected ${what} ("kind": "${kind}"), found "kind": "${doc.kind}"`);
}

function indexBlocks(blocks: readonly BlockDoc[]): Map<string, BlockIdx> {
  const m = new Map<string, BlockIdx>();
  blocks.forEach((b, i) => m.set(b.id, i as BlockIdx));
  return m;
}

function formOf(b: BlockDoc): string {
  return b.stmts === undefined ? `"defs"/"uses"` : `"stmts"`;
}

function showList(xs: readonly string[]): string {
  return `[${xs.map(show).join(", ")}]`;
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function sameInts(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
