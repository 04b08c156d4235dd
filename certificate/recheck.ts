/**
 * The independent checker of `formal-ssa/certificate@1` (docs/certificates.md): whether every
 * function of an SSA document is a valid translation of its original (the locale
 * `CFG_SSA_Transformed` of AFP Formal_SSA), hence equivalent (theorem `equiv`), without trusting
 * formal-ssa's checkers: it imports only the exchange-format readers (io/) and the error type. It
 * builds the Isabelle model's nodes itself by FORMAT.md's rule, in typed arrays; the certificate
 * gives the dominator tree and a preorder of it; every other rule is a local scan or a backward
 * walk as long as the live ranges involved. Rules run in the order of validate's report, each
 * under its Isabelle name; the first that fails is the function's one line.
 */
import { MalformedInput } from "../spec/errors.js";
import { columnsOf, FORM_DEFS_USES, type ColumnarFunction } from "../io/columns.js";
import { findJsonSyntaxError } from "../io/json.js";
import { readDocumentText, readDocumentValue } from "../io/read.js";

export const CERTIFICATE_FORMAT = "formal-ssa/certificate@1";

/** The dominance evidence of one function, over the original document's blocks (by index). */
export interface DominanceEvidence {
  /** Each block's parent in the dominator tree; -1 for the entry block. */
  parent: number[];
  /** The blocks in a low-high order of that tree (Georgiadis & Tarjan): a preorder, each block but the entry with an edge from its parent, or with a predecessor before it and one after it outside its subtree. */
  order: number[];
}

/** A definition of the original that a producer reads as uninitialised content (`undef: "refine"`). */
export type UninitialisedPlace = { block: string; stmt: number; variable: string };

export interface FunctionCertificate {
  name: string;
  dominators: DominanceEvidence;
  /** Under `refine`, a producer's uninitialised definitions: part of what is certified, not evidence. Absent: the format's convention (the entry block's first statement's). */
  uninitialised?: UninitialisedPlace[];
}

export interface Certificate {
  format: typeof CERTIFICATE_FORMAT;
  /** Quality properties the certificate also vouches for (those recheck decides: pruned, no_trivial_phis). */
  require?: string[];
  /** `refine`: where the original reads an uninitialised definition, any SSA value is accepted. Default `strict`. */
  undef?: "strict" | "refine";
  functions: FunctionCertificate[];
}

export interface RecheckedFunction {
  name: string;
  accepted: boolean;
  /** How many definitions the certificate states are uninitialised (`uninitialised`), when it states them. */
  uninitialised?: number;
  /** The first rule that fails, with its place: `allUses_def_ass: block "B2", statement 0: ...`. */
  failure?: string;
}

/** `undef` and `require`: what was certified, as the certificate states it (part of the claim, not evidence). */
export type RecheckReport = { format: "formal-ssa/recheck@1"; verdict: "accepted" | "rejected"; undef: "strict" | "refine"; require: string[]; functions: RecheckedFunction[] };

/** What recheck certifies beyond validity; the others cannot be certified cheaply (docs/certificates.md). */
export const RECHECKABLE_QUALITY = ["pruned", "no_trivial_phis"] as const;

/** A document as text, as its UTF-8 bytes, or as a parsed JSON value. */
type Input = string | Uint8Array | unknown;

/** A document's functions by name (`#i` for the i-th unnamed one), each read into columns when asked. */
export type DocumentFunctions = { name: string; read: () => ColumnarFunction }[];

/** A document's functions, read by the reference reader (io/read.ts: pure, so the checker runs in a page too). */
function functionsOf(x: Input, file: string): DocumentFunctions {
  const text = x instanceof Uint8Array ? utf8(x, file) : x;
  const docs = typeof text === "string" ? readDocumentText(text, file) : readDocumentValue(x, file).functions;
  return docs.map((f, i) => ({ name: f.name ?? `#${i}`, read: () => columnsOf(f) }));
}

/**
 * Rechecks every function of `ssa` against `original` with the certificate's evidence. Accepted
 * only when every function of the SSA document has an entry in the certificate and every entry
 * passes every rule. Input that cannot be read (either document, or a certificate that is not
 * of its format) throws `MalformedInput`, with one line naming the place.
 */
export function recheck(original: Input, ssa: Input, certificate: Input, names: { original?: string; ssa?: string; certificate?: string } = {}): RecheckReport {
  return recheckFunctions(functionsOf(original, names.original ?? "original"), functionsOf(ssa, names.ssa ?? "ssa"), certificate, names);
}

/** `recheck` on documents already opened (formal-ssa/node opens files with the byte reader). */
export function recheckFunctions(orig: DocumentFunctions, trans: DocumentFunctions, certificate: Input, names: { original?: string; ssa?: string; certificate?: string } = {}): RecheckReport {
  for (const [doc, file] of [[orig, names.original ?? "original"], [trans, names.ssa ?? "ssa"]] as const) {
    const seen = new Set<string>();
    for (const f of doc) {
      if (seen.has(f.name)) fail0(new MalformedInput(`${file}: function ${JSON.stringify(f.name)}: two functions have this name, so they cannot be paired`));
      seen.add(f.name);
    }
  }
  const cert = readCertificate(certificate, names.certificate ?? "certificate");
  const origByName = new Map(orig.map((f) => [f.name, f]));
  const certByName = new Map(cert.functions.map((f) => [f.name, f]));
  const functions: RecheckedFunction[] = [];
  for (const t of trans) {
    // two single-function files pair whatever their names, as validate pairs them
    const o = orig.length === 1 && trans.length === 1 ? orig[0] : origByName.get(t.name);
    const c = certByName.get(t.name) ?? (cert.functions.length === 1 && trans.length === 1 ? cert.functions[0] : undefined);
    let failure: string | undefined;
    if (o === undefined) failure = `same_graph: the original has no function of this name`;
    else if (c === undefined) failure = `certificate: no entry for this function (validate certifies a function before it gives it one)`;
    else failure = checkFunction(o.read(), t.read(), c, cert.require ?? [], cert.undef === "refine");
    const places = c?.uninitialised === undefined ? {} : { uninitialised: c.uninitialised.length };
    functions.push(failure === undefined ? { name: t.name, accepted: true, ...places } : { name: t.name, accepted: false, ...places, failure });
  }
  const verdict = functions.every((f) => f.accepted) ? "accepted" : "rejected";
  return { format: "formal-ssa/recheck@1", verdict, undef: cert.undef ?? "strict", require: cert.require ?? [], functions };
}

// ---------------------------------------------------------------------------------------------
// Reading the certificate (its JSON Schema is schemas/certificate.json)
const fail0 = (e: Error): never => { throw e; }; // `throw` as an expression
function utf8(bytes: Uint8Array, file: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return fail0(new MalformedInput(`${file}: not UTF-8`));
  }
}

function readCertificate(input: Input, file: string): Certificate {
  let json: unknown = input;
  if (typeof input === "string" || input instanceof Uint8Array) {
    const text = typeof input === "string" ? input : utf8(input, file);
    try {
      json = JSON.parse(text);
    } catch {
      const at = findJsonSyntaxError(text);
      fail0(new MalformedInput(`${file}: not JSON${at === undefined ? "" : `: line ${at.line}, column ${at.column}: ${at.reason}`}`));
    }
  }
  const bad = (what: string): never => fail0(new MalformedInput(`${file}: ${what}`));
  const obj = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
  if (!obj(json) || json.format !== CERTIFICATE_FORMAT) bad(`not a certificate (want "format": "${CERTIFICATE_FORMAT}")`);
  const c = json as Record<string, unknown>;
  if (c.require !== undefined && !(Array.isArray(c.require) && c.require.every((r) => (RECHECKABLE_QUALITY as readonly unknown[]).includes(r))))
    bad(`"require" must list only ${RECHECKABLE_QUALITY.join(", ")}`);
  if (c.undef !== undefined && c.undef !== "strict" && c.undef !== "refine") bad(`"undef" must be "strict" or "refine"`);
  if (!Array.isArray(c.functions)) bad(`"functions" must be a list`);
  const ints = (x: unknown): x is number[] => Array.isArray(x) && x.every((n) => Number.isInteger(n));
  (c.functions as unknown[]).forEach((f, i) => {
    if (!obj(f) || typeof f.name !== "string") bad(`function #${i}: needs a "name"`);
    const d = (f as Record<string, unknown>).dominators;
    const fname = JSON.stringify((f as { name: string }).name);
    if (!obj(d) || !ints(d.parent) || !ints(d.order)) bad(`function ${fname}: "dominators" needs integer lists "parent" and "order"`);
    const u = (f as Record<string, unknown>).uninitialised;
    const place = (x: unknown) => obj(x) && typeof x.block === "string" && Number.isInteger(x.stmt) && typeof x.variable === "string";
    if (u !== undefined && !(Array.isArray(u) && u.every(place))) bad(`function ${fname}: "uninitialised" must list places {"block", "stmt", "variable"}`);
  });
  return c as unknown as Certificate;
}

// ---------------------------------------------------------------------------------------------
// The model, built as FORMAT.md says (independently of io/lower.ts). Rows: row r is `list[start[r] .. start[r + 1])`.
type Rows = { start: Int32Array; list: Int32Array };

/** One function pair on the Isabelle model's nodes. Rows are sets (no repetition within a row). */
interface Model {
  blockName: (b: number) => string; valName: (v: number) => string; varName: (x: number) => string;
  B: number; N: number; entry: number;
  /** Block -> predecessor blocks, in order (phi argument order); block -> its first node, and one more entry at the end. */
  preds: Rows;
  firstNode: Int32Array;
  nodeBlock: Int32Array;
  /** Node -> the statement whose defs or uses it holds first (-1: the phis, or a defs/uses block). */
  nodeStmt: Int32Array;
  oldDefs: Rows; oldUses: Rows; defs: Rows; uses: Rows;
  /** Block -> its phis (`phiOf.start`), each a value (`phiDef`) and its arguments (`args` rows, preds order). */
  phiOf: Rows; phiDef: Int32Array; args: Rows;
  /** Value -> its variable (ids of the original's name table, then variables only `vars` names). */
  varOf: Int32Array;
  keys: number;
  /** The node of the uninitialised definitions by the format's convention: the entry block's first statement's defs, or its only node. */
  wildNode: number;
  /** Statement (the original's, numbered over the function) -> the node of its defs. */
  stmtDefNode: Int32Array;
  /** Block -> its first statement in that numbering; one more entry at the end. */
  firstStmt: Int32Array;
  /** The id of a variable the original names, or -1. */
  varId: (name: string) => number;
  /** The block of an id, or -1. */
  blockId: (name: string) => number;
}

/** A failed rule: `RULE: place: what`. */
class Reject extends Error {}

function fail(rule: string, m: Model | undefined, node: number | undefined, what: string): never {
  let place = "";
  if (m !== undefined && node !== undefined) {
    const stmt = m.nodeStmt[node];
    place = `block ${JSON.stringify(m.blockName(m.nodeBlock[node]))}${stmt >= 0 ? `, statement ${stmt}` : ""}: `;
  }
  throw new Reject(`${rule}: ${place}${what}`);
}

function checkFunction(o: ColumnarFunction, s: ColumnarFunction, c: FunctionCertificate, require: readonly string[], refine: boolean): string | undefined {
  try {
    checkModel(buildModel(o, s), c, require, refine);
    return undefined;
  } catch (e) {
    if (e instanceof Reject) return e.message;
    throw e;
  }
}

/** Rows built in order, in growable typed arrays (millions of entries at 10^6 blocks: no JS arrays of numbers). */
class RowBuilder {
  private starts: Int32Array = new Int32Array(16);
  private items: Int32Array = new Int32Array(16);
  private rows = 0;
  private n = 0;
  push(x: number): void {
    if (this.n === this.items.length) this.items = grow(this.items);
    this.items[this.n++] = x;
  }
  close(): void {
    if (this.rows + 1 === this.starts.length) this.starts = grow(this.starts);
    this.starts[++this.rows] = this.n;
  }
  done(): Rows {
    return { start: this.starts.subarray(0, this.rows + 1), list: this.items.subarray(0, this.n) };
  }
}
function grow(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

function buildModel(o: ColumnarFunction, s: ColumnarFunction): Model {
  const B = o.blockCount;
  const oText = (id: number) => o.names.text(id);
  const sText = (id: number) => s.names.text(id);
  // same_graph: the same blocks (taken in the original's order), preds, forms and statement counts
  if (s.blockCount !== B) fail("same_graph", undefined, undefined, "the two documents have different blocks");
  /** Whether block b of the original and block sb of the SSA have one id: their JSON literals' bytes where both have one, else the decoded names. */
  const sameName = (b: number, sb: number): boolean => {
    const [x, y] = [o.names.literal?.(o.blockName[b]), s.names.literal?.(s.blockName[sb])];
    if (x === undefined || y === undefined) return oText(o.blockName[b]) === sText(s.blockName[sb]);
    if (x.end - x.start !== y.end - y.start) return false;
    for (let k = 0; k < x.end - x.start; k++) if (x.bytes[x.start + k] !== y.bytes[y.start + k]) return false;
    return true;
  };
  const sOf = new Int32Array(B).fill(-1); // original block -> the SSA's
  const toOrig = new Int32Array(B);
  let inOrder = true;
  for (let b = 0; b < B && inOrder; b++) inOrder = sameName(b, b);
  if (inOrder) for (let b = 0; b < B; b++) sOf[b] = toOrig[b] = b;
  else {
    // the SSA lists its blocks in another order: pair them by id
    const blockIndex = new Map<string, number>();
    for (let b = 0; b < B; b++) blockIndex.set(oText(o.blockName[b]), b);
    for (let sb = 0; sb < B; sb++) {
      const b = blockIndex.get(sText(s.blockName[sb]));
      if (b === undefined || sOf[b] >= 0) fail("same_graph", undefined, undefined, `block ${JSON.stringify(sText(s.blockName[sb]))} is not in the original`);
      sOf[b] = sb;
      toOrig[sb] = b;
    }
  }
  if (toOrig[s.entry] !== o.entry) fail("same_graph", undefined, undefined, "the two documents have different entries");
  for (let b = 0; b < B; b++) {
    const sb = sOf[b];
    const n = o.predStart[b + 1] - o.predStart[b];
    let same = s.predStart[sb + 1] - s.predStart[sb] === n && s.blockForm[sb] === o.blockForm[b] && s.groupStart[sb + 1] - s.groupStart[sb] === o.groupStart[b + 1] - o.groupStart[b];
    for (let k = 0; same && k < n; k++) same = toOrig[s.preds[s.predStart[sb] + k]] === o.preds[o.predStart[b] + k];
    if (!same) fail("same_graph", undefined, undefined, `block ${JSON.stringify(oText(o.blockName[b]))} has other preds, another form or another number of statements in the SSA`);
  }

  // var: `vars` first, then positionally (first occurrence wins), then along phis (FORMAT.md).
  // Variables are the original's name ids; one that only `vars` names gets an id after them.
  const V = s.names.count;
  const varOf = new Int32Array(V).fill(-1);
  let keys = o.names.count;
  const extraVars: string[] = [];
  const origId = lookup([...new Set(o.occ)], oText); // the original's variables: the names its statements mention
  const inUse = new Uint8Array(V);
  for (let i = 0; i < s.occ.length; i++) inUse[s.occ[i]] = 1;
  for (let i = 0; s.vars !== undefined && i < s.vars.length; i += 2) {
    if (!inUse[s.vars[i]]) continue; // a value no block mentions is ignored
    const x = sText(s.vars[i + 1]);
    let id = origId(x);
    if (id < 0) id = extraVars.indexOf(x) >= 0 ? o.names.count + extraVars.indexOf(x) : (extraVars.push(x), keys++);
    varOf[s.vars[i]] = id;
  }
  const phiOccs = (f: ColumnarFunction, b: number) => {
    let at = f.occStart[b];
    for (let p = f.phiStart[b]; p < f.phiStart[b + 1]; p++) at += 1 + f.phiArity[p];
    return at;
  };
  for (let b = 0; b < B; b++) {
    const sb = sOf[b];
    let so = phiOccs(s, sb);
    let oo = phiOccs(o, b);
    const pair = (sd: number, od: number, n: number) => {
      for (let k = 0; k < n; k++) if (varOf[s.occ[sd + k]] < 0) varOf[s.occ[sd + k]] = o.occ[od + k];
    };
    for (let g = 0; g < o.groupStart[b + 1] - o.groupStart[b]; g++) {
      const [sd, su] = [s.groupDefs[s.groupStart[sb] + g], s.groupUses[s.groupStart[sb] + g]];
      const [od, ou] = [o.groupDefs[o.groupStart[b] + g], o.groupUses[o.groupStart[b] + g]];
      const setForm = o.blockForm[b] === FORM_DEFS_USES;
      if (!setForm || (sd === 1 && od === 1)) pair(so, oo, Math.min(sd, od));
      if (!setForm || (su === 1 && ou === 1)) pair(so + sd, oo + od, Math.min(su, ou));
      so += sd + su;
      oo += od + ou;
    }
  }
  // along phi links, breadth first from the values known
  const linkCount = new Int32Array(V + 1);
  const eachLink = (f: (d: number, a: number) => void) => {
    for (let sb = 0; sb < B; sb++) {
      let at = s.occStart[sb];
      for (let p = s.phiStart[sb]; p < s.phiStart[sb + 1]; p++) {
        const d = s.occ[at++];
        for (let k = 0; k < s.phiArity[p]; k++) f(d, s.occ[at++]);
      }
    }
  };
  eachLink((d, a) => (linkCount[d + 1]++, linkCount[a + 1]++));
  for (let v = 0; v < V; v++) linkCount[v + 1] += linkCount[v];
  const links = new Int32Array(linkCount[V]);
  const fill = linkCount.slice(0, V);
  eachLink((d, a) => ((links[fill[d]++] = a), (links[fill[a]++] = d)));
  const queue: number[] = [];
  for (let v = 0; v < V; v++) if (varOf[v] >= 0) queue.push(v);
  for (let h = 0; h < queue.length; h++)
    for (let k = linkCount[queue[h]]; k < linkCount[queue[h] + 1]; k++) if (varOf[links[k]] < 0) (varOf[links[k]] = varOf[queue[h]], queue.push(links[k]));
  for (let v = 0; v < V; v++) if (inUse[v] && varOf[v] < 0) fail("var", undefined, undefined, `cannot infer the variable of value ${JSON.stringify(sText(v))}`);

  // nodes: per block a first node (its phis; in a defs/uses block also its defs and uses), then
  // the statements, a new node before a statement that uses a variable defined in the current
  // node or defines one used or defined there, its defs in a node of their own when it uses
  // what it defines; the split follows original variables, on both sides, and must agree
  const S = o.groupStart[B];
  const maxNodes = B + 2 * S;
  const firstNode = new Int32Array(B + 1);
  const nodeBlock = new Int32Array(maxNodes);
  const nodeStmt = new Int32Array(maxNodes).fill(-1);
  const rows = [new RowBuilder(), new RowBuilder(), new RowBuilder(), new RowBuilder()];
  const [oldDefs, oldUses, defs, uses] = rows;
  // stamps: the node where a key (variable) was last defined or used; an id last put in a row
  const keyDef = new Int32Array(keys).fill(-1);
  const keyUse = new Int32Array(keys).fill(-1);
  const inRow = [new Int32Array(o.names.count).fill(-1), new Int32Array(o.names.count).fill(-1), new Int32Array(V).fill(-1), new Int32Array(V).fill(-1)];
  let N = 0;
  const open = () => {
    if (N > 0) for (const r of rows) r.close();
    N++;
  };
  const add = (r: number, from: Int32Array, at: number, n: number) => {
    for (let k = at; k < at + n; k++) {
      const id = from[k];
      if (inRow[r][id] === N - 1) continue;
      inRow[r][id] = N - 1;
      rows[r].push(id);
    }
  };
  /** Whether a key of the items stands in `stamp` for the current node: original keys, or the SSA's through varOf. */
  const any = (items: Int32Array, at: number, n: number, stamp: Int32Array, ssaSide: boolean) => {
    for (let k = at; k < at + n; k++) if (stamp[ssaSide ? varOf[items[k]] : items[k]] === N - 1) return true;
    return false;
  };
  const mark = (items: Int32Array, at: number, n: number, stamp: Int32Array, ssaSide: boolean) => {
    for (let k = at; k < at + n; k++) stamp[ssaSide ? varOf[items[k]] : items[k]] = N - 1;
  };
  const sameSplit = (a: boolean, b: boolean, block: number) => {
    if (a !== b) fail("same_graph", undefined, undefined, `block ${JSON.stringify(oText(o.blockName[block]))}: the SSA's statements fall into other nodes than the original's (their variables differ)`);
    return a;
  };
  let wildNode = -1;
  const stmtDefNode = new Int32Array(S);
  const sKeyDef = new Int32Array(keys).fill(-1);
  const sKeyUse = new Int32Array(keys).fill(-1);
  for (let b = 0; b < B; b++) {
    const sb = sOf[b];
    firstNode[b] = N;
    open();
    nodeBlock[N - 1] = b;
    let oo = phiOccs(o, b);
    let so = phiOccs(s, sb);
    const G = o.groupStart[b + 1] - o.groupStart[b];
    for (let g = 0; g < G; g++) {
      const [od, ou] = [o.groupDefs[o.groupStart[b] + g], o.groupUses[o.groupStart[b] + g]];
      const [sd, su] = [s.groupDefs[s.groupStart[sb] + g], s.groupUses[s.groupStart[sb] + g]];
      const stmt = o.blockForm[b] === FORM_DEFS_USES ? -1 : g;
      if (stmt >= 0) {
        const oSplit = g === 0 || any(o.occ, oo + od, ou, keyDef, false) || any(o.occ, oo, od, keyUse, false) || any(o.occ, oo, od, keyDef, false);
        const sSplit = g === 0 || any(s.occ, so + sd, su, sKeyDef, true) || any(s.occ, so, sd, sKeyUse, true) || any(s.occ, so, sd, sKeyDef, true);
        if (sameSplit(oSplit, sSplit, b)) (open(), (nodeBlock[N - 1] = b));
      }
      if (nodeStmt[N - 1] < 0) nodeStmt[N - 1] = stmt;
      mark(o.occ, oo + od, ou, keyUse, false);
      mark(s.occ, so + sd, su, sKeyUse, true);
      add(1, o.occ, oo + od, ou);
      add(3, s.occ, so + sd, su);
      if (stmt >= 0 && sameSplit(any(o.occ, oo, od, keyUse, false), any(s.occ, so, sd, sKeyUse, true), b)) (open(), (nodeBlock[N - 1] = b), (nodeStmt[N - 1] = stmt));
      mark(o.occ, oo, od, keyDef, false);
      mark(s.occ, so, sd, sKeyDef, true);
      add(0, o.occ, oo, od);
      add(2, s.occ, so, sd);
      if (b === o.entry && g === 0) wildNode = N - 1;
      stmtDefNode[o.groupStart[b] + g] = N - 1;
      oo += od + ou;
      so += sd + su;
    }
  }
  for (const r of rows) r.close();
  firstNode[B] = N;

  // phis, per block of the original's order
  const phiOf = new RowBuilder();
  const argRows = new RowBuilder();
  const phiDef: number[] = [];
  for (let b = 0; b < B; b++) {
    const sb = sOf[b];
    let at = s.occStart[sb];
    for (let p = s.phiStart[sb]; p < s.phiStart[sb + 1]; p++) {
      phiOf.push(phiDef.length);
      phiDef.push(s.occ[at++]);
      for (let k = 0; k < s.phiArity[p]; k++) argRows.push(s.occ[at++]);
      argRows.close();
    }
    phiOf.close();
  }
  return {
    blockName: (b) => oText(o.blockName[b]),
    valName: (v) => sText(v),
    varName: (x) => (x < o.names.count ? oText(x) : extraVars[x - o.names.count]),
    B,
    N,
    entry: o.entry,
    preds: { start: o.predStart, list: o.preds },
    firstNode,
    nodeBlock: nodeBlock.subarray(0, N),
    nodeStmt: nodeStmt.subarray(0, N),
    oldDefs: oldDefs.done(),
    oldUses: oldUses.done(),
    defs: defs.done(),
    uses: uses.done(),
    phiOf: phiOf.done(),
    phiDef: Int32Array.from(phiDef),
    args: argRows.done(),
    varOf,
    keys,
    wildNode: wildNode >= 0 ? wildNode : firstNode[o.entry],
    stmtDefNode,
    firstStmt: o.groupStart,
    varId: origId,
    blockId: lookup(o.blockName, oText, true),
  };
}

/** Name -> its id among `ids` (or, `byIndex`, its index there), by a map built at the first call; -1 for none. */
function lookup(ids: ArrayLike<number>, text: (id: number) => string, byIndex = false): (x: string) => number {
  let map: Map<string, number> | undefined;
  return (x) => (map ??= new Map(Array.from(ids, (id, i) => [text(id), byIndex ? i : id] as [string, number]))).get(x) ?? -1;
}
const has = (r: Rows, row: number, x: number): boolean => {
  for (let k = r.start[row]; k < r.start[row + 1]; k++) if (r.list[k] === x) return true;
  return false;
};

// ---------------------------------------------------------------------------------------------
// The rules
function checkModel(m: Model, c: FunctionCertificate, require: readonly string[], refine: boolean): void {
  const { B, N } = m;
  const lastNode = (b: number) => m.firstNode[b + 1] - 1;
  const isFirst = (n: number) => m.firstNode[m.nodeBlock[n]] === n;
  /** Node-level predecessors: a block's first node has its preds' last nodes, any other node the node before. */
  const forPreds = (n: number, f: (p: number) => void) => {
    if (!isFirst(n)) return f(n - 1);
    const b = m.nodeBlock[n];
    for (let k = m.preds.start[b]; k < m.preds.start[b + 1]; k++) f(lastNode(m.preds.list[k]));
  };
  /** Node-level successors: the next node, or the first nodes of the block's successors (the preds turned around). */
  const succ = invert(m.preds, B, B);
  const forSuccs = (n: number, f: (x: number) => void) => {
    const b = m.nodeBlock[n];
    if (n !== lastNode(b)) return f(n + 1);
    for (let k = succ.start[b]; k < succ.start[b + 1]; k++) f(m.firstNode[succ.list[k]]);
  };
  const entryNode = m.firstNode[m.entry];
  /** allDefs n = defs n Un phiDefs n, one by one. */
  const forAllDefs = (n: number, f: (v: number) => void) => {
    for (let k = m.defs.start[n]; k < m.defs.start[n + 1]; k++) f(m.defs.list[k]);
    if (isFirst(n)) {
      const b = m.nodeBlock[n];
      for (let k = m.phiOf.start[b]; k < m.phiOf.start[b + 1]; k++) f(m.phiDef[m.phiOf.list[k]]);
    }
  };
  const phiBlock = new Int32Array(m.phiDef.length);
  for (let b = 0; b < B; b++) for (let k = m.phiOf.start[b]; k < m.phiOf.start[b + 1]; k++) phiBlock[m.phiOf.list[k]] = b;
  const predCount = (b: number) => m.preds.start[b + 1] - m.preds.start[b];

  // Entry_unreachable (graph_Entry): no edge enters the entry
  if (predCount(m.entry) > 0) fail("Entry_unreachable", m, entryNode, "the entry block has predecessors");
  // Entry_reaches (graph_Entry), and the dominator tree (Georgiadis & Tarjan, TALG 2016): `order`
  // is a preorder of the tree `parent` rooted at the entry; for every edge (u, v), v's parent is an
  // ancestor of u (so a tree ancestor x of a block dominates it: a path entering x's subtree enters
  // at x); `order` is low-high: each block but the entry has an edge from its parent, or preds u
  // before it and w after it outside its subtree (with the parent rule, the tree is the dominator
  // tree). Each block has a pred earlier (parent or u): by induction along `order`, all are reachable.
  const { parent, order } = c.dominators;
  if (parent.length !== B || order.length !== B) fail("Entry_reaches", undefined, undefined, `certificate: the dominator tree must list all ${B} blocks`);
  const pos = new Int32Array(B).fill(-1);
  for (let i = 0; i < B; i++) {
    const b = order[i];
    if (b < 0 || b >= B || pos[b] >= 0) fail("Entry_reaches", undefined, undefined, "certificate: the order is not a permutation of the blocks");
    pos[b] = i;
  }
  if (order[0] !== m.entry || parent[m.entry] !== -1) fail("Entry_reaches", m, entryNode, "certificate: the tree's root must be the entry block, first in the order");
  const stack = new Int32Array(B);
  let top = 0;
  stack[top++] = m.entry;
  for (let i = 1; i < B; i++) {
    const b = order[i];
    while (top > 0 && stack[top - 1] !== parent[b]) top--;
    if (top === 0) fail("Entry_reaches", m, m.firstNode[b], "certificate: the order is not a preorder of the tree (the block's parent is not an open ancestor)");
    stack[top++] = b;
  }
  const size = new Int32Array(B).fill(1);
  for (let i = B - 1; i > 0; i--) size[parent[order[i]]] += size[order[i]];
  const ancestor = (a: number, x: number) => a >= 0 && pos[a] <= pos[x] && pos[x] < pos[a] + size[a];
  for (let b = 0; b < B; b++) {
    let low = false;
    let high = false;
    for (let k = m.preds.start[b]; k < m.preds.start[b + 1]; k++) {
      const u = m.preds.list[k];
      if (!ancestor(parent[b], u)) fail("Entry_reaches", m, m.firstNode[b], `certificate: the edge from block ${JSON.stringify(m.blockName(u))} does not come from below the block's parent in the tree`);
      low ||= u === parent[b] || pos[u] < pos[b];
      high ||= u === parent[b] || pos[u] >= pos[b] + size[b];
    }
    if (b !== m.entry && !(low && high)) fail("Entry_reaches", m, m.firstNode[b], low ? "certificate: the order is not low-high (no edge from the block's parent, and no predecessor after the block outside its subtree)" : "certificate: no predecessor comes earlier in the order (the block may be unreachable)");
  }
  /** Node a dominates node n: a's block is a proper tree ancestor of n's, or the same block with a first. */
  const dominates = (a: number, n: number) => (m.nodeBlock[a] === m.nodeBlock[n] ? a <= n : ancestor(m.nodeBlock[a], m.nodeBlock[n]));

  // old.defs_uses_disjoint (CFG): oldDefs n Int oldUses n = {}
  for (let n = 0; n < N; n++)
    for (let k = m.oldUses.start[n]; k < m.oldUses.start[n + 1]; k++)
      if (has(m.oldDefs, n, m.oldUses.list[k])) fail("old.defs_uses_disjoint", m, n, `${m.varName(m.oldUses.list[k])} is defined and used in one node`);

  // old.def_ass_uses (CFG_wf): every path from Entry to a use of x passes a definition of x (the
  // use's node included). Backwards from the uses, per variable, stopping at definitions: reaching
  // Entry without one is a path without a definition. Each variable's walk marks its nodes.
  const mark = new Int32Array(N).fill(-1);
  const useRows = invert(m.oldUses, m.keys, N);
  const work = new Int32Array(N);
  /** Whether a path from Entry reaches one of the nodes without a definition of x (marked with `stamp`). */
  const undefinedOnSomePath = (from: Int32Array, x: number, stamp: number): boolean => {
    let tail = 0;
    for (const n of from) if (mark[n] !== stamp && !has(m.oldDefs, n, x)) ((mark[n] = stamp), (work[tail++] = n));
    for (let h = 0; h < tail; h++) {
      if (work[h] === entryNode) return true;
      forPreds(work[h], (p) => {
        if (mark[p] !== stamp && !has(m.oldDefs, p, x)) ((mark[p] = stamp), (work[tail++] = p));
      });
    }
    return false;
  };
  for (let x = 0; x < m.keys; x++) {
    const at = useRows.list.subarray(useRows.start[x], useRows.start[x + 1]);
    if (at.length === 0 || !undefinedOnSomePath(at, x, x)) continue;
    // one walk per variable decides it; a second, per use, finds the use to name
    const bad = at.find((n, k) => undefinedOnSomePath(at.subarray(k, k + 1), x, -2 - k))!;
    fail("old.def_ass_uses", m, bad, `a path from the entry reaches this use of ${m.varName(x)} without defining it`);
  }

  // phis_wf (CFG_SSA): as many arguments as predecessors
  for (let p = 0; p < m.phiDef.length; p++)
    if (m.args.start[p + 1] - m.args.start[p] !== predCount(phiBlock[p]))
      fail("phis_wf", m, m.firstNode[phiBlock[p]], `phi ${m.valName(m.phiDef[p])} has ${m.args.start[p + 1] - m.args.start[p]} arguments for ${predCount(phiBlock[p])} predecessors`);
  // simpleDefs_phiDefs_disjoint (CFG_SSA): defs n Int phiDefs n = {}
  for (let p = 0; p < m.phiDef.length; p++)
    if (has(m.defs, m.firstNode[phiBlock[p]], m.phiDef[p])) fail("simpleDefs_phiDefs_disjoint", m, m.firstNode[phiBlock[p]], `${m.valName(m.phiDef[p])} is both a phi and a statement's definition`);
  // allDefs_disjoint (CFG_SSA): no value defined at two nodes
  const defNode = new Int32Array(m.varOf.length).fill(-1);
  for (let n = 0; n < N; n++)
    forAllDefs(n, (v) => {
      if (defNode[v] >= 0 && defNode[v] !== n) fail("allDefs_disjoint", m, n, `${m.valName(v)} is defined at two nodes`);
      defNode[v] = n;
    });
  // allUses_def_ass (CFG_SSA_wf): every use is definitely assigned. A use at n (a phi argument:
  // at the end of its predecessor) whose value's definition dominates n is (every path to n
  // passes the definition); one whose definition does not is rejected.
  for (let n = 0; n < N; n++)
    for (let k = m.uses.start[n]; k < m.uses.start[n + 1]; k++) {
      const v = m.uses.list[k];
      if (!refine && (defNode[v] < 0 || !dominates(defNode[v], n))) fail("allUses_def_ass", m, n, `the use of ${m.valName(v)} is not dominated by its definition`);
    }
  /** Phi argument i of phi p is used at the end of the i-th predecessor of its block. */
  const argNode = (p: number, i: number) => lastNode(m.preds.list[m.preds.start[phiBlock[p]] + i]);
  for (let p = 0; p < m.phiDef.length; p++)
    for (let i = 0; i < m.args.start[p + 1] - m.args.start[p]; i++) {
      const v = m.args.list[m.args.start[p] + i];
      const n = argNode(p, i);
      if (!refine && (defNode[v] < 0 || !dominates(defNode[v], n)))
        fail("allUses_def_ass", m, n, `${m.valName(v)}, read at the end of this block by phi ${m.valName(m.phiDef[p])} of block ${JSON.stringify(m.blockName(phiBlock[p]))}, is not dominated by its definition`);
    }
  // Entry_no_phis (CFG_SSA_wf)
  if (m.phiOf.start[m.entry + 1] > m.phiOf.start[m.entry]) fail("Entry_no_phis", m, entryNode, "the entry block has phis");
  // defs_uses_disjoint (CFG, of the SSA program)
  for (let n = 0; n < N; n++)
    for (let k = m.uses.start[n]; k < m.uses.start[n + 1]; k++) if (has(m.defs, n, m.uses.list[k])) fail("defs_uses_disjoint", m, n, `${m.valName(m.uses.list[k])} is defined and used in one node`);
  // oldDefs_def, oldUses_def (CFG_SSA_Transformed): oldDefs n = var ` defs n, oldUses n = var ` uses n
  const seen = new Int32Array(m.keys).fill(-1);
  const sameSet = (old: Rows, vals: Rows, n: number): boolean => {
    // var ` vals is within old, and old within var ` vals (stamping the variables seen)
    for (let k = vals.start[n]; k < vals.start[n + 1]; k++) {
      const x = m.varOf[vals.list[k]];
      if (!has(old, n, x)) return false;
      seen[x] = n;
    }
    for (let k = old.start[n]; k < old.start[n + 1]; k++) if (seen[old.list[k]] !== n) return false;
    return true;
  };
  for (let n = 0; n < N; n++) if (!sameSet(m.oldDefs, m.defs, n)) fail("oldDefs_def", m, n, "the SSA's definitions are not the original's renamed");
  seen.fill(-1);
  for (let n = 0; n < N; n++) if (!sameSet(m.oldUses, m.uses, n)) fail("oldUses_def", m, n, "the SSA's uses are not the original's renamed");
  // phis_same_var (CFG_SSA_Transformed)
  for (let p = 0; p < m.phiDef.length; p++)
    for (let k = m.args.start[p]; k < m.args.start[p + 1]; k++)
      if (m.varOf[m.args.list[k]] !== m.varOf[m.phiDef[p]])
        fail("phis_same_var", m, m.firstNode[phiBlock[p]], `phi ${m.valName(m.phiDef[p])} has argument ${m.valName(m.args.list[k])} of another variable`);
  // allDefs_var_disjoint (CFG_SSA_Transformed): the values defined at one node have distinct variables
  seen.fill(-1);
  for (let n = 0; n < N; n++)
    forAllDefs(n, (v) => {
      if (seen[m.varOf[v]] === n) fail("allDefs_var_disjoint", m, n, "two values of one variable are defined at this node");
      seen[m.varOf[v]] = n;
    });

  // conventional (CFG_SSA_Transformed): no path from v's definition n to a use of v (not passing
  // n again) passes a definition of another value of var v. Per value: L = the nodes other than
  // n from which a use of v is reachable avoiding n (backwards from the uses); the path's nodes
  // after n are exactly those of L reachable from n's successors inside L; a definition of var v
  // at one of them breaks it. Time: the size of v's live range.
  const defsVar = (n: number, x: number) => {
    let found = false;
    forAllDefs(n, (w) => (found ||= m.varOf[w] === x));
    return found;
  };
  const live = new Int32Array(N).fill(-1);
  const reach = new Int32Array(N).fill(-1);
  const fwd = new Int32Array(N);
  const valUses = invert(m.uses, m.varOf.length, N);
  // phi argument uses by value, at their predecessors' ends
  const argUseStart = new Int32Array(m.varOf.length + 1);
  for (let k = 0; k < m.args.list.length; k++) argUseStart[m.args.list[k] + 1]++;
  for (let v = 0; v < m.varOf.length; v++) argUseStart[v + 1] += argUseStart[v];
  const argUseNode = new Int32Array(m.args.list.length);
  const argFill = argUseStart.slice(0, m.varOf.length);
  for (let p = 0; p < m.phiDef.length; p++) for (let i = 0; i < m.args.start[p + 1] - m.args.start[p]; i++) argUseNode[argFill[m.args.list[m.args.start[p] + i]]++] = argNode(p, i);
  for (let v = 0; v < m.varOf.length; v++) {
    const n = defNode[v];
    if (n < 0) continue; // used nowhere (allUses_def_ass above saw every use)
    let tail = 0;
    const seed = (x: number) => {
      if (x !== n && live[x] !== v) ((live[x] = v), (work[tail++] = x));
    };
    for (let k = valUses.start[v]; k < valUses.start[v + 1]; k++) seed(valUses.list[k]);
    for (let k = argUseStart[v]; k < argUseStart[v + 1]; k++) seed(argUseNode[k]);
    for (let h = 0; h < tail; h++) forPreds(work[h], seed);
    let ft = 0;
    const step = (x: number) => {
      if (live[x] === v && reach[x] !== v) ((reach[x] = v), (fwd[ft++] = x));
    };
    forSuccs(n, step);
    for (let h = 0; h < ft; h++) {
      const x = fwd[h];
      if (defsVar(x, m.varOf[v])) fail("conventional", m, x, `another value of ${m.varName(m.varOf[v])} is defined here, on a path from the definition of ${m.valName(v)} to a use of it`);
      forSuccs(x, step);
    }
  }
  // equiv, strict: every assumption of CFG_SSA_Transformed holds (above: graph_Entry, CFG_wf of
  // the original, CFG_SSA_wf and the five translation assumptions), so Formal_SSA's theorem
  // `equiv`, proved for every instance of that locale, applies; nothing is left to check.
  if (refine) refinedUses(m, phiBlock, argNode, forPreds, wildOf(m, c.uninitialised));

  // quality, when the certificate vouches for it
  if (require.includes("pruned")) {
    // pruned: every phi is liveVal (liveSimple: used by a statement; livePhi: an argument of a live phi)
    const phiOfVal = new Int32Array(m.varOf.length).fill(-1);
    for (let p = 0; p < m.phiDef.length; p++) phiOfVal[m.phiDef[p]] = p;
    const isLive = new Uint8Array(m.varOf.length);
    const queue: number[] = [];
    const reached = (v: number) => !isLive[v] && ((isLive[v] = 1), queue.push(v));
    for (let k = 0; k < m.uses.list.length; k++) reached(m.uses.list[k]);
    for (let h = 0; h < queue.length; h++) {
      const p = phiOfVal[queue[h]];
      if (p >= 0) for (let k = m.args.start[p]; k < m.args.start[p + 1]; k++) reached(m.args.list[k]);
    }
    for (let p = 0; p < m.phiDef.length; p++) if (!isLive[m.phiDef[p]]) fail("pruned", m, m.firstNode[phiBlock[p]], `phi ${m.valName(m.phiDef[p])} is not live`);
  }
  // no_trivial_phis: no phi v whose arguments other than v are one value v' (isTrivialPhi g v v')
  for (let p = 0; p < m.phiDef.length && require.includes("no_trivial_phis"); p++)
    if (new Set(m.args.list.subarray(m.args.start[p], m.args.start[p + 1]).filter((a) => a !== m.phiDef[p])).size === 1)
      fail("no_trivial_phis", m, m.firstNode[phiBlock[p]], `phi ${m.valName(m.phiDef[p])} is trivial`);
}

/**
 * `undef: "refine"`: `allUses_def_ass` and `equiv` up to the uninitialised definitions (those of
 * the wild node), which the theorem does not cover. Each use of v (variable x) demands, on every
 * path to it: the original's last definition of x is the wild node, or it is exactly what v
 * holds (`s x = s' v`, defined). Demands are followed backwards: within a block to the last
 * definition of x (the wild node: met; the SSA's definition there is v: met; another value: a
 * path on which v does not hold x, `equiv` fails); at a block's entry to the end of every
 * predecessor, through v's arguments if v is a phi of the block; at the entry block's start, a
 * path on which x and v are undefined (`allUses_def_ass` fails). A demand is followed once per
 * block end, so the work is that of the live ranges. If no demand fails, each holds on every
 * path, by induction on the path's length (docs/certificates.md).
 */
/** Whether the definition of variable x at node n is uninitialised: at the places the certificate states, or by the format's convention. */
function wildOf(m: Model, places: UninitialisedPlace[] | undefined): (n: number, x: number) => boolean {
  if (places === undefined) return (n) => n === m.wildNode;
  const keys = new Set<number>();
  const vars = new Map<string, number>();
  for (const p of places) {
    const b = m.blockId(p.block);
    if (b < 0 || p.stmt < 0 || p.stmt >= m.firstStmt[b + 1] - m.firstStmt[b]) fail("uninitialised", undefined, undefined, `the certificate names no statement ${p.stmt} of block ${JSON.stringify(p.block)}`);
    if (!vars.has(p.variable)) vars.set(p.variable, m.varId(p.variable));
    const n = m.stmtDefNode[m.firstStmt[b] + p.stmt];
    const x = vars.get(p.variable)!;
    if (!has(m.oldDefs, n, x)) fail("uninitialised", m, n, `the certificate calls a definition of ${p.variable} uninitialised where there is none`);
    keys.add(n * m.keys + x);
  }
  return (n, x) => keys.has(n * m.keys + x);
}

function refinedUses(m: Model, phiBlock: Int32Array, argNode: (p: number, i: number) => number, forPreds: (n: number, f: (p: number) => void) => void, isWild: (n: number, x: number) => boolean): void {
  const K = m.keys;
  // the last node of each block defining each variable (key block * K + x)
  const lastDef = new Map<number, number>();
  for (let n = 0; n < m.N; n++) for (let k = m.oldDefs.start[n]; k < m.oldDefs.start[n + 1]; k++) lastDef.set(m.nodeBlock[n] * K + m.oldDefs.list[k], n);
  const valueAt = (n: number, x: number) => {
    for (let k = m.defs.start[n]; k < m.defs.start[n + 1]; k++) if (m.varOf[m.defs.list[k]] === x) return m.defs.list[k];
    return -1;
  };
  const phiOfVal = new Int32Array(m.varOf.length).fill(-1);
  for (let p = 0; p < m.phiDef.length; p++) phiOfVal[m.phiDef[p]] = p;
  const seen = new Map<number, number[]>();
  const queue: number[] = []; // triples: block, value, the use that demanded it (for messages)
  const atEnd = (b: number, v: number, use: number) => {
    const key = b * K + m.varOf[v];
    const vs = seen.get(key);
    if (vs?.includes(v)) return;
    if (vs === undefined) seen.set(key, [v]);
    else vs.push(v);
    queue.push(b, v, use);
  };
  /** A demand at the definition node n of v's variable: met at the wild node or by v itself. */
  const atDef = (n: number, v: number, use: number) => {
    if (isWild(n, m.varOf[v]) || valueAt(n, m.varOf[v]) === v) return;
    fail("equiv", m, use, `on a path from block ${JSON.stringify(m.blockName(m.nodeBlock[n]))}${m.nodeStmt[n] >= 0 ? `, statement ${m.nodeStmt[n]}` : ""}, where ${m.varName(m.varOf[v])} is last defined, to this use, ${m.valName(v)} does not hold that definition`);
  };
  const atEntry = (b: number, v: number, use: number) => {
    if (b === m.entry) fail("allUses_def_ass", m, use, `${m.valName(v)} is undefined on a path from the entry on which ${m.varName(m.varOf[v])} is not uninitialised`);
    const p = phiOfVal[v] >= 0 && phiBlock[phiOfVal[v]] === b ? phiOfVal[v] : -1;
    let i = 0;
    forPreds(m.firstNode[b], (q) => atEnd(m.nodeBlock[q], p >= 0 ? m.args.list[m.args.start[p] + i++] : v, use));
  };
  // the statements' uses: to the last definition of the variable before them in their block
  const cur = new Int32Array(K).fill(-1);
  const curBlock = new Int32Array(K).fill(-1);
  for (let n = 0; n < m.N; n++) {
    const b = m.nodeBlock[n];
    for (let k = m.uses.start[n]; k < m.uses.start[n + 1]; k++) {
      const v = m.uses.list[k];
      const x = m.varOf[v];
      if (curBlock[x] === b) atDef(cur[x], v, n);
      else atEntry(b, v, n);
    }
    for (let k = m.oldDefs.start[n]; k < m.oldDefs.start[n + 1]; k++) ((cur[m.oldDefs.list[k]] = n), (curBlock[m.oldDefs.list[k]] = b));
  }
  // the phis' arguments, at the end of their predecessors
  for (let p = 0; p < m.phiDef.length; p++) for (let i = 0; i < m.args.start[p + 1] - m.args.start[p]; i++) atEnd(m.nodeBlock[argNode(p, i)], m.args.list[m.args.start[p] + i], argNode(p, i));
  for (let h = 0; h < queue.length; h += 3) {
    const [b, v, use] = [queue[h], queue[h + 1], queue[h + 2]];
    const n = lastDef.get(b * K + m.varOf[v]);
    if (n !== undefined) atDef(n, v, use);
    else atEntry(b, v, use);
  }
}

/** The rows of `rows` turned around: for each id, the rows that hold it. */
function invert(rows: Rows, ids: number, count: number): Rows {
  const start = new Int32Array(ids + 1);
  for (let k = 0; k < rows.start[count]; k++) start[rows.list[k] + 1]++;
  for (let x = 0; x < ids; x++) start[x + 1] += start[x];
  const list = new Int32Array(start[ids]);
  const fill = start.slice(0, ids);
  for (let r = 0; r < count; r++) for (let k = rows.start[r]; k < rows.start[r + 1]; k++) list[fill[rows.list[k]]++] = r;
  return { start, list };
}
