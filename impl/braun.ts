/**
 * Braun, Buchwald, Hack, Leißa, Mallon, Zwinkau, "Simple and Efficient Construction of Static
 * Single Assignment Form", CC 2013, Section 2 (Algorithms 1-4), in the form Figure 1 of the
 * CC 2016 paper quotes: `readVariable` with filled and sealed blocks, operandless (incomplete)
 * phis in unsealed blocks completed when the block is sealed, and `tryRemoveTrivialPhi` with the
 * re-check of the removed phi's phi users. Definitions are numbered on the fly
 * (`writeVariable`: `currentDef[variable][block]`).
 *
 * Variant and deviations:
 * - Blocks are the nodes of the Isabelle model, filled in reverse postorder from Entry (as a
 *   front end emits structured code; unreachable nodes after), each sealed as soon as all its
 *   predecessors are filled. A node reads its uses before writing its defs (the model's nodes
 *   have disjoint defs and uses).
 * - Every recursion of the paper (`readVariable` through single predecessors, `addPhiOperands`,
 *   `tryRemoveTrivialPhi` on users) is an explicit stack of frames, so a chain of 10^6 nodes
 *   costs no JS stack.
 * - `tryRemoveTrivialPhi` skips phis whose operands are not all in yet (incomplete ones, and one
 *   whose operands are being read right now): judging a partial operand list could remove a phi
 *   that is not trivial. They are tried when their last operand arrives.
 * - Replacing a phi (`phi.replaceBy(same)`) is a union-find link; every use and operand is
 *   resolved once at the end.
 * - Reading a variable at Entry where it is not defined (input not definitely assigned) yields
 *   the value `(v, Entry, PhiDef)` with an operandless phi at Entry, what the functional
 *   construction produces there, instead of the paper's `Undef`, so that the checkers report it.
 * - `removeTrivial = false` gives the paper's basic algorithm without `tryRemoveTrivialPhi`; its
 *   output equals the functional construction `braun_ssa` value for value (tested).
 *
 * Cost: linear in practice (each (node, variable) pair is read once, then memoised in
 * `currentDef`); phi removal is near-linear thanks to path compression.
 */
import { reversePostorder } from "../graph/dfs.js";
import type { Node, Val, Var } from "../spec/ids.js";
import { Cfg, Rows, SsaCfg, Transformed } from "../spec/model.js";
import { Construction, Def, sortRows, ValTable } from "./ssa_val.js";
import type { TraceEvent, Tracer } from "./trace.js";

/**
 * The frames of the recursions, `FRAME` ints each in one typed array (an object and a stack
 * array per read were most of the young garbage of a construction on 10^6 nodes, and what grew
 * V8's young generation): kind and flags, x, n, phi, next.
 */
const FRAME = 5;
/** readVariable(x, n) */
const F_READ = 0;
/** after readVariable(x, pred) of a single-predecessor node: writeVariable(x, n, result) */
const F_WRITE = 1;
/** addPhiOperands(x, phi) at n: operand `next` is read next */
const F_OPERANDS = 2;
const F_KIND = 3;
/** flag of an operands frame: its operand `next - 1` is being read (the result is the next to append) */
const F_AWAITING = 4;
/** flag of an operands frame: called from readVariable, whose writeVariable follows */
const F_WRITE_BACK = 8;

export interface BraunOptions {
  /** Run tryRemoveTrivialPhi (the paper's full algorithm); false: the basic version. */
  removeTrivial: boolean;
  /**
   * Receives the steps (`braun.*` events of impl/trace.ts), all when the construction ends: value
   * ids are known only then. Absent, each place an event would be made costs one test.
   */
  trace?: Tracer;
}

export function constructBraun(g: Cfg, opts: BraunOptions = { removeTrivial: true }): Construction {
  return new Braun(g, opts).run();
}

class Braun {
  private readonly work = new IntList();
  /** The explicit stack of `exec`: `sp` frames of `FRAME` ints, grown by doubling. */
  private frames = new Int32Array(64 * FRAME);
  private sp = 0;
  private readonly N: number;
  private readonly V: number;
  private readonly sealed: Uint8Array;
  /**
   * Per node, its predecessors filled so far; one extra entry. The one per-node scratch array:
   * first the fill order's search cursors, last the result's `phiStart` (a construction on
   * 4*10^6 nodes allocates a per-node array once, not three times).
   */
  private readonly filledPreds: Int32Array;
  private readonly currentDef: DefTable;
  private readonly incomplete = new Map<number, [number, number][]>();
  // values, numbered as they are created, in typed arrays (sized by `expected`, then grown by
  // doubling): the n-ifs family makes a phi per join, and a JS array (or object) per phi would
  // be most of the heap
  private count = 0;
  private valVar: Int32Array;
  private valNode: Int32Array;
  private valIsPhi: Uint8Array;
  private parent: Int32Array;
  private complete: Uint8Array;
  private alive: Uint8Array;
  // per phi, its operands and its phi users as linked lists: head and tail per value, entries in `cells`
  private opHead: Int32Array;
  private opTail: Int32Array;
  private userHead: Int32Array;
  private userTail: Int32Array;
  private readonly cells: Cells;
  private readonly phiList: IntList;
  /** `opts.trace`, and its events held back with this construction's own value numbers until the end. */
  private readonly trace: Tracer | undefined;
  private readonly events: TraceEvent[] | undefined;

  constructor(
    private readonly g: Cfg,
    private readonly opts: BraunOptions,
  ) {
    this.N = g.nodeCount;
    this.V = g.varCount;
    this.sealed = new Uint8Array(this.N);
    this.filledPreds = new Int32Array(this.N + 1);
    this.currentDef = new DefTable(this.N * this.V);
    const { values, phis, operands } = expected(g);
    this.valVar = new Int32Array(values);
    this.valNode = new Int32Array(values);
    this.valIsPhi = new Uint8Array(values);
    this.parent = new Int32Array(values);
    this.complete = new Uint8Array(values);
    this.alive = new Uint8Array(values);
    this.opHead = new Int32Array(values);
    this.opTail = new Int32Array(values);
    this.userHead = new Int32Array(values);
    this.userTail = new Int32Array(values);
    this.cells = new Cells(operands);
    this.phiList = new IntList(phis);
    this.trace = opts.trace;
    this.events = opts.trace === undefined ? undefined : [];
  }

  private newValue(x: number, n: number, phi: boolean): number {
    const id = this.count++;
    if (id === this.valVar.length) this.growValues();
    this.valVar[id] = x;
    this.valNode[id] = n;
    this.valIsPhi[id] = phi ? 1 : 0;
    this.parent[id] = id;
    this.complete[id] = phi ? 0 : 1;
    this.alive[id] = 1;
    this.opHead[id] = this.opTail[id] = this.userHead[id] = this.userTail[id] = -1;
    if (phi) this.phiList.push(id);
    return id;
  }

  private growValues(): void {
    const c = 2 * this.valVar.length;
    const i32 = (a: Int32Array) => {
      const x = new Int32Array(c);
      x.set(a);
      return x;
    };
    const u8 = (a: Uint8Array) => {
      const x = new Uint8Array(c);
      x.set(a);
      return x;
    };
    this.valVar = i32(this.valVar);
    this.valNode = i32(this.valNode);
    this.valIsPhi = u8(this.valIsPhi);
    this.parent = i32(this.parent);
    this.complete = u8(this.complete);
    this.alive = u8(this.alive);
    this.opHead = i32(this.opHead);
    this.opTail = i32(this.opTail);
    this.userHead = i32(this.userHead);
    this.userTail = i32(this.userTail);
  }

  /** Appends `v` to the list of value `of` (`head`/`tail`: the operand or the user lists). */
  private append(head: Int32Array, tail: Int32Array, of: number, v: number): void {
    const c = this.cells.add(v);
    if (tail[of] < 0) head[of] = c;
    else this.cells.next[tail[of]] = c;
    tail[of] = c;
  }

  private find(v: number): number {
    const parent = this.parent;
    let r = v;
    while (parent[r] !== r) r = parent[r];
    while (parent[v] !== r) {
      const up = parent[v];
      parent[v] = r;
      v = up;
    }
    return r;
  }

  private writeVariable(x: number, n: number, v: number): void {
    this.currentDef.set(n * this.V + x, v);
  }

  private appendOperand(phi: number, v: number): void {
    const r = this.find(v);
    this.append(this.opHead, this.opTail, phi, r);
    if (this.valIsPhi[r]) this.append(this.userHead, this.userTail, r, phi);
  }

  private push(kind: number, x: number, n: number, phi: number): void {
    const at = this.sp++ * FRAME;
    if (at + FRAME > this.frames.length) {
      const grown = new Int32Array(2 * this.frames.length);
      grown.set(this.frames);
      this.frames = grown;
    }
    const fr = this.frames;
    fr[at] = kind;
    fr[at + 1] = x;
    fr[at + 2] = n;
    fr[at + 3] = phi;
    fr[at + 4] = 0;
  }

  /** readVariable(x, n), and addPhiOperands for sealing (`phi` given), on an explicit stack. */
  private exec(x: number, n: number, phi = -1): number {
    const preds = this.g.preds;
    const base = this.sp;
    if (phi < 0) this.push(F_READ, x, n, 0);
    else this.push(F_OPERANDS, x, n, phi);
    let ret = -1;
    while (this.sp > base) {
      // `push` may grow `frames`: read it anew each step, write a frame before pushing over it
      const fr = this.frames;
      const f = (this.sp - 1) * FRAME;
      const flags = fr[f];
      const x = fr[f + 1];
      const n = fr[f + 2];
      switch (flags & F_KIND) {
        case F_READ: {
          this.sp--;
          const hit = this.currentDef.get(n * this.V + x);
          if (hit !== undefined) {
            ret = this.find(hit);
            break;
          }
          if (!this.sealed[n]) {
            // Fig. 1 (2013: Algorithm 2): incomplete CFG, operandless phi, completed at sealing
            const phi = this.newValue(x, n, true);
            let list = this.incomplete.get(n);
            if (!list) this.incomplete.set(n, (list = []));
            list.push([x, phi]);
            if (this.trace !== undefined) this.notePhi(true, x, n, phi);
            this.writeVariable(x, n, phi);
            ret = phi;
            break;
          }
          const count = preds.count(n);
          if (count === 0) {
            // not defined at Entry: the functional construction's (v, Entry, PhiDef)
            const phi = this.newValue(x, n, true);
            this.complete[phi] = 1;
            if (this.trace !== undefined) this.notePhi(false, x, n, phi);
            this.writeVariable(x, n, phi);
            ret = phi;
            break;
          }
          if (count === 1) {
            // Fig. 1: optimize the common case of one predecessor: no phi needed
            this.push(F_WRITE, x, n, 0);
            this.push(F_READ, x, preds.at(n, 0), 0);
            break;
          }
          // Fig. 1: break potential cycles with an operandless phi
          const phi = this.newValue(x, n, true);
          if (this.trace !== undefined) this.notePhi(false, x, n, phi);
          this.writeVariable(x, n, phi);
          this.push(F_OPERANDS | F_WRITE_BACK, x, n, phi);
          break;
        }
        case F_WRITE:
          this.sp--;
          this.writeVariable(x, n, ret);
          break;
        default: {
          // F_OPERANDS
          const phi = fr[f + 3];
          if (flags & F_AWAITING) {
            this.appendOperand(phi, ret);
            fr[f] = flags & ~F_AWAITING;
          }
          const next = fr[f + 4];
          if (next < preds.count(n)) {
            fr[f] |= F_AWAITING;
            fr[f + 4] = next + 1;
            this.push(F_READ, x, preds.at(n, next), 0);
            break;
          }
          this.sp--;
          this.complete[phi] = 1;
          ret = this.opts.removeTrivial ? this.tryRemoveTrivialPhi(phi) : phi;
          if (flags & F_WRITE_BACK) this.writeVariable(x, n, ret);
          break;
        }
      }
    }
    return ret;
  }

  /**
   * Fig. 1, tryRemoveTrivialPhi: if all operands but the phi itself are one value `same`, reroute
   * every use of the phi to `same`, remove it, and try again on its phi users. Returns what the
   * first phi stands for afterwards.
   */
  private tryRemoveTrivialPhi(phi0: number): number {
    const work = this.work;
    work.length = 0;
    work.push(phi0);
    const cells = this.cells;
    while (work.length > 0) {
      const phi = work.pop();
      if (!this.alive[phi] || !this.complete[phi] || this.find(phi) !== phi) continue;
      let same = -1;
      let trivial = true;
      for (let c = this.opHead[phi]; c >= 0; c = cells.next[c]) {
        const op = this.find(cells.val[c]);
        if (op === same || op === phi) continue; // unique value or self-reference
        if (same !== -1) {
          trivial = false; // the phi merges at least two values: not trivial
          break;
        }
        same = op;
      }
      if (!trivial || same === -1) continue; // an operandless phi stays (see the module comment)
      this.alive[phi] = 0;
      this.parent[phi] = same; // phi.replaceBy(same)
      if (this.trace !== undefined) this.note({ kind: "braun.removeTrivialPhi", def: "Braun.tryRemoveTrivialPhi", phi: phi as Val, by: same as Val });
      // the phi's users (but itself) become users of `same`, and are tried again in order
      const from = work.length;
      for (let c = this.userHead[phi]; c >= 0; c = cells.next[c]) {
        const u = cells.val[c];
        if (u === phi) continue;
        work.push(u);
        if (this.valIsPhi[same]) this.append(this.userHead, this.userTail, same, u);
      }
      // recurse for all phi users, which might have become trivial: the first one first
      work.reverse(from);
    }
    return this.find(phi0);
  }

  private seal(n: number): void {
    if (this.sealed[n]) return;
    this.sealed[n] = 1;
    const list = this.incomplete.get(n);
    if (this.trace !== undefined) this.note({ kind: "braun.seal", def: "Braun.sealBlock", node: n as Node, incomplete: list === undefined ? [] : list.map(([, phi]) => phi as Val) });
    if (list === undefined) return;
    for (const [x, phi] of list) this.exec(x, n, phi);
    this.incomplete.delete(n);
  }

  run(): Construction {
    const g = this.g;
    const preds = g.preds;
    const order = fillOrder(g, this.filledPreds);
    this.filledPreds.fill(0);
    const useVal = new Int32Array(g.useRows.list.length);
    const defVal = new Int32Array(g.defRows.list.length);
    const succ = g.graph.succs;
    for (const n of order) {
      if (this.filledPreds[n] === preds.count(n)) this.seal(n);
      for (let k = g.useRows.start[n]; k < g.useRows.start[n + 1]; k++) useVal[k] = this.exec(g.useRows.list[k], n);
      for (let k = g.defRows.start[n]; k < g.defRows.start[n + 1]; k++) {
        const x = g.defRows.list[k];
        defVal[k] = this.newValue(x, n, false);
        this.writeVariable(x, n, defVal[k]);
      }
      if (this.trace !== undefined) this.note({ kind: "braun.fill", def: "Braun.fillBlock", node: n as Node });
      // n is filled: its successors may now be sealed
      for (let e = succ.start[n]; e < succ.start[n + 1]; e++) {
        const s = succ.list[e];
        for (let k = preds.start[s]; k < preds.start[s + 1]; k++) if (preds.list[k] === n) this.filledPreds[s]++;
        if (this.filledPreds[s] === preds.count(s)) this.seal(s);
      }
    }
    for (let n = 0; n < this.N; n++) this.seal(n);
    const c = this.result(useVal, defVal);
    return this.trace === undefined ? c : this.deliver(c, this.trace);
  }

  /** Holds an event back (with this construction's value numbers) until `deliver`. */
  private note(e: TraceEvent): void {
    this.events!.push(e);
  }

  /** A phi made by readVariable: incomplete (unsealed node) or not. A method of its own, so that `exec` stays small. */
  private notePhi(incomplete: boolean, x: number, n: number, phi: number): void {
    this.note(
      incomplete
        ? { kind: "braun.incompletePhi", def: "Braun.readVariableRecursive", variable: x as Var, node: n as Node, phi: phi as Val }
        : { kind: "braun.phi", def: "Braun.readVariableRecursive", variable: x as Var, node: n as Node, phi: phi as Val },
    );
  }

  /**
   * The held-back events, their values renumbered: a value of the result by its id in `vals`, a
   * removed phi as `vals.count + i`, `i` its index in `removedVals` (ordered as `vals` is).
   */
  private deliver(c: Construction, trace: Tracer): Construction {
    const N = this.N;
    const keyOf = (v: number) => ValTable.key(this.valVar[v] as Var, this.valNode[v] as Node, this.valIsPhi[v] ? Def.PhiDef : Def.SimpleDef, N);
    const removedKeys: number[] = [];
    for (let i = 0; i < this.phiList.length; i++) if (!this.alive[this.phiList.at(i)]) removedKeys.push(keyOf(this.phiList.at(i)));
    const removedVals = ValTable.fromKeys(removedKeys, N);
    const id = (v: number): Val => {
      const d = this.valIsPhi[v] ? Def.PhiDef : Def.SimpleDef;
      if (this.alive[v]) return c.vals.find(this.valVar[v] as Var, this.valNode[v] as Node, d);
      return (c.vals.count + removedVals.find(this.valVar[v] as Var, this.valNode[v] as Node, d)) as Val;
    };
    for (const e of this.events!) {
      switch (e.kind) {
        case "braun.incompletePhi":
        case "braun.phi":
          trace({ ...e, phi: id(e.phi) });
          break;
        case "braun.removeTrivialPhi":
          trace({ ...e, phi: id(e.phi), by: id(e.by) });
          break;
        case "braun.seal":
          trace({ ...e, incomplete: e.incomplete.map(id) });
          break;
        default:
          trace(e);
      }
    }
    this.events!.length = 0;
    return { ...c, removedVals };
  }

  /** Values renumbered as the Isabelle `ssaVal`s `(var, node, Def)`, uses and operands resolved. */
  private result(useVal: Int32Array, defVal: Int32Array): Construction {
    const g = this.g;
    const N = this.N;
    const keyOf = (v: number) => ValTable.key(this.valVar[v] as Var, this.valNode[v] as Node, this.valIsPhi[v] ? Def.PhiDef : Def.SimpleDef, N);
    const live = new IntList();
    for (let i = 0; i < this.phiList.length; i++) {
      const p = this.phiList.at(i);
      if (this.alive[p] && this.find(p) === p) live.push(p);
    }
    const keys = new Float64Array(defVal.length + live.length + useVal.length);
    let k = 0;
    for (const v of defVal) keys[k++] = keyOf(v);
    for (let i = 0; i < live.length; i++) keys[k++] = keyOf(live.at(i));
    for (const v of useVal) keys[k++] = keyOf(this.find(v));
    const vals = ValTable.fromOwnKeys(keys, N);
    const id = (v: number): Val => {
      const r = this.find(v);
      return vals.find(this.valVar[r] as Var, this.valNode[r] as Node, this.valIsPhi[r] ? Def.PhiDef : Def.SimpleDef);
    };
    // resolved in place: the raw values are not needed after
    const defList = defVal;
    const useList = useVal;
    for (let k = 0; k < defList.length; k++) defList[k] = id(defList[k]);
    for (let k = 0; k < useList.length; k++) useList[k] = id(useList[k]);
    sortRows(g.defRows.start, defList);
    sortRows(g.useRows.start, useList);
    // live phis ordered by node, then by value id: value ids ascend with (var, node), so sort by (node, id)
    const P = live.length;
    const phiVal = new Int32Array(P);
    const order = new Float64Array(P);
    for (let i = 0; i < P; i++) {
      phiVal[i] = id(live.at(i));
      order[i] = this.valNode[live.at(i)] * vals.count + phiVal[i];
    }
    const byOrder = new Int32Array(P);
    for (let i = 0; i < P; i++) byOrder[i] = i;
    byOrder.sort((a, b) => order[a] - order[b]);
    // the per-node scratch array, done with: filled predecessors are all counted
    const phiStart = this.filledPreds.fill(0);
    for (let i = 0; i < P; i++) phiStart[this.valNode[live.at(i)] + 1]++;
    for (let n = 0; n < N; n++) phiStart[n + 1] += phiStart[n];
    const argStart = new Int32Array(P + 1);
    for (let j = 0; j < P; j++) {
      let len = 0;
      for (let c = this.opHead[live.at(byOrder[j])]; c >= 0; c = this.cells.next[c]) len++;
      argStart[j + 1] = argStart[j] + len;
    }
    const argList = new Int32Array(argStart[P]);
    for (let j = 0, a = 0; j < P; j++) for (let c = this.opHead[live.at(byOrder[j])]; c >= 0; c = this.cells.next[c]) argList[a++] = id(this.cells.val[c]);
    const ssa = new SsaCfg(
      g.graph,
      vals.count,
      new Rows<Val>(g.defRows.start, defList),
      new Rows<Val>(g.useRows.start, useList),
      phiStart,
      Int32Array.from(byOrder, (i) => phiVal[i]),
      new Rows<Val>(argStart, argList),
    );
    return { old: g, ssa, vals, transformed: new Transformed(g, ssa, vals.varOf()) };
  }
}

/**
 * Initial capacities of a construction's tables, exact for the usual case: a phi is made at most
 * once per (node, variable) for a node without exactly one predecessor (a join, a loop header, or
 * Entry for a variable it does not define), with one operand per in-edge. Estimated on a graph
 * of many variables (`V` times the joins) only up to the node and edge count, and grown beyond.
 * Growing by doubling from 16 made two thirds more than the n-ifs family uses, in copies.
 */
function expected(g: Cfg): { values: number; phis: number; operands: number } {
  const preds = g.graph.preds;
  let joins = 0;
  let inEdges = 0;
  for (let n = 0; n < g.nodeCount; n++) {
    const c = preds.count(n);
    if (c !== 1) {
      joins++;
      inEdges += c;
    }
  }
  const phis = Math.max(16, Math.min(joins * g.varCount, g.nodeCount));
  return { values: g.defRows.list.length + phis, phis, operands: Math.max(16, Math.min(inEdges * g.varCount, preds.list.length)) };
}

/** A list of ints in a typed array grown by doubling. */
class IntList {
  private a: Int32Array;
  length = 0;
  constructor(capacity = 16) {
    this.a = new Int32Array(capacity);
  }
  push(v: number): void {
    if (this.length === this.a.length) {
      const x = new Int32Array(2 * this.a.length);
      x.set(this.a);
      this.a = x;
    }
    this.a[this.length++] = v;
  }
  pop(): number {
    return this.a[--this.length];
  }
  at(i: number): number {
    return this.a[i];
  }
  /** Reverses the entries from `from` to the end. */
  reverse(from: number): void {
    this.a.subarray(from, this.length).reverse();
  }
}

/** Cells of linked lists: a value and the next cell (-1 at the end). */
class Cells {
  val: Int32Array;
  next: Int32Array;
  private count = 0;
  constructor(capacity = 16) {
    this.val = new Int32Array(capacity);
    this.next = new Int32Array(capacity);
  }
  add(v: number): number {
    if (this.count === this.val.length) {
      const grow = (a: Int32Array) => {
        const x = new Int32Array(2 * a.length);
        x.set(a);
        return x;
      };
      this.val = grow(this.val);
      this.next = grow(this.next);
    }
    this.val[this.count] = v;
    this.next[this.count] = -1;
    return this.count++;
  }
}

/**
 * `currentDef[variable][block]`, keyed `node * varCount + var`: a flat array while nodes x
 * variables is small enough (the common case, and the paper's n-ifs family), a Map beyond.
 */
class DefTable {
  private static readonly FLAT_LIMIT = 1 << 24;
  private readonly flat: Int32Array | undefined;
  private readonly map: Map<number, number> | undefined;
  constructor(size: number) {
    if (size <= DefTable.FLAT_LIMIT) this.flat = new Int32Array(size).fill(-1);
    else this.map = new Map();
  }
  get(k: number): number | undefined {
    if (this.flat) {
      const v = this.flat[k];
      return v < 0 ? undefined : v;
    }
    return this.map!.get(k);
  }
  set(k: number, v: number): void {
    if (this.flat) this.flat[k] = v;
    else this.map!.set(k, v);
  }
}

/** Reverse postorder from Entry, then the nodes Entry does not reach, in node order. */
function fillOrder(g: Cfg, scratch: Int32Array): Int32Array {
  const d = reversePostorder(g.graph.succs, g.graph.Entry, scratch);
  // every node reached (a well-formed CFG): the order is the search's own array
  if (d.rpo.length === g.nodeCount) return d.rpo;
  const out = new Int32Array(g.nodeCount);
  out.set(d.rpo);
  let k = d.rpo.length;
  for (let n = 0; n < g.nodeCount; n++) if (!d.reachable[n]) out[k++] = n;
  return out;
}

