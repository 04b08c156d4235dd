/**
 * The independent checker of `formal-ssa/certificate@1` (docs/certificates.md): given an original
 * CFG, its SSA translation (exchange format) and a certificate, it decides whether every function
 * is a valid translation (the locale `CFG_SSA_Transformed` of AFP Formal_SSA) and therefore
 * semantically equivalent (theorem `equiv`), without trusting formal-ssa's checkers: it imports
 * nothing from checks/, impl/ or graph/, only the exchange-format reader and the model's error type.
 *
 * It works on the Isabelle model's nodes, which it builds itself by FORMAT.md's rule (a block's
 * first node holds its phis; statements are grouped into a chain of nodes). The certificate gives
 * what would otherwise need a dominator computation: each block's parent in the dominator tree
 * and a preorder of that tree. Every other rule is decided here by local scans and by backward
 * walks whose length is that of the live ranges involved. Rules run in the order of `validate`'s
 * report; the first that fails ends the function's check with one line naming the block and
 * statement. Every rule names the Isabelle assumption or definition it discharges.
 */
import { MalformedInput } from "../spec/errors.js";
import type { FunctionDoc } from "../io/format.js";
import { phiArgList, readDocumentText, readDocumentValue } from "../io/read.js";

export const CERTIFICATE_FORMAT = "formal-ssa/certificate@1";

/** The dominance evidence of one function, over the original document's blocks (by index). */
export interface DominanceEvidence {
  /** Each block's parent in the dominator tree; -1 for the entry block. */
  parent: number[];
  /** The blocks in a preorder of that tree, each (but the entry) after one of its predecessors. */
  order: number[];
}

export interface FunctionCertificate {
  name: string;
  dominators: DominanceEvidence;
}

export interface Certificate {
  format: typeof CERTIFICATE_FORMAT;
  /** Quality properties the certificate also vouches for (those recheck decides: pruned, no_trivial_phis). */
  require?: string[];
  functions: FunctionCertificate[];
}

export interface RecheckedFunction {
  name: string;
  accepted: boolean;
  /** The first rule that fails, with its place: `allUses_def_ass: block B2, statement 0: ...`. */
  failure?: string;
}

export interface RecheckReport {
  format: "formal-ssa/recheck@1";
  verdict: "accepted" | "rejected";
  functions: RecheckedFunction[];
}

/** What recheck certifies beyond validity; the others cannot be certified cheaply (docs/certificates.md). */
export const RECHECKABLE_QUALITY = ["pruned", "no_trivial_phis"] as const;

type Input = string | unknown;

/**
 * Rechecks every function of `ssa` against `original` with the certificate's evidence. Accepted
 * only when every function of the SSA document has an entry in the certificate and every entry
 * passes every rule. Input that cannot be read (either document, or a certificate that is not
 * of its format) throws `MalformedInput`, with one line naming the place.
 */
export function recheck(original: Input, ssa: Input, certificate: Input, names: { original?: string; ssa?: string; certificate?: string } = {}): RecheckReport {
  const read = (x: Input, file: string): FunctionDoc[] => (typeof x === "string" ? readDocumentText(x, file) : readDocumentValue(x, file).functions);
  const orig = read(original, names.original ?? "original");
  const trans = read(ssa, names.ssa ?? "ssa");
  const cert = readCertificate(certificate, names.certificate ?? "certificate");
  const byName = (docs: FunctionDoc[]) => new Map(docs.map((d, i) => [d.name ?? `#${i}`, d]));
  const origByName = byName(orig);
  const certByName = new Map(cert.functions.map((f) => [f.name, f]));
  const functions: RecheckedFunction[] = [];
  trans.forEach((doc, i) => {
    const name = doc.name ?? `#${i}`;
    // two single-function files pair whatever their names, as validate pairs them
    const o = orig.length === 1 && trans.length === 1 ? orig[0] : origByName.get(name);
    const c = certByName.get(name) ?? (cert.functions.length === 1 && trans.length === 1 ? cert.functions[0] : undefined);
    let failure: string | undefined;
    if (o === undefined) failure = `same_graph: the original has no function of this name`;
    else if (c === undefined) failure = `certificate: no entry for this function (validate certifies a function before it gives it one)`;
    else failure = checkFunction(o, doc, c, cert.require ?? []);
    functions.push(failure === undefined ? { name, accepted: true } : { name, accepted: false, failure });
  });
  return { format: "formal-ssa/recheck@1", verdict: functions.every((f) => f.accepted) ? "accepted" : "rejected", functions };
}

// ---------------------------------------------------------------------------------------------
// Reading the certificate (its JSON Schema is schemas/certificate.json)

function readCertificate(input: Input, file: string): Certificate {
  let json: unknown = input;
  if (typeof input === "string") {
    try {
      json = JSON.parse(input);
    } catch (e) {
      throw new MalformedInput(`${file}: not JSON (${(e instanceof Error ? e.message : String(e)).split("\n")[0]})`);
    }
  }
  const bad = (what: string): never => {
    throw new MalformedInput(`${file}: ${what}`);
  };
  const obj = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
  if (!obj(json) || json.format !== CERTIFICATE_FORMAT) bad(`not a certificate (want "format": "${CERTIFICATE_FORMAT}")`);
  const c = json as Record<string, unknown>;
  if (c.require !== undefined && !(Array.isArray(c.require) && c.require.every((r) => (RECHECKABLE_QUALITY as readonly unknown[]).includes(r))))
    bad(`"require" must list only ${RECHECKABLE_QUALITY.join(", ")}`);
  if (!Array.isArray(c.functions)) bad(`"functions" must be a list`);
  const ints = (x: unknown): x is number[] => Array.isArray(x) && x.every((n) => Number.isInteger(n));
  (c.functions as unknown[]).forEach((f, i) => {
    if (!obj(f) || typeof f.name !== "string") bad(`function #${i}: needs a "name"`);
    const d = (f as Record<string, unknown>).dominators;
    if (!obj(d) || !ints(d.parent) || !ints(d.order)) bad(`function ${JSON.stringify((f as { name: string }).name)}: "dominators" needs integer lists "parent" and "order"`);
  });
  return c as unknown as Certificate;
}

// ---------------------------------------------------------------------------------------------
// The model, built as FORMAT.md says (independently of io/lower.ts)

/** One function pair on the Isabelle model's nodes. Sets are lists without repetition. */
interface Model {
  blockIds: string[];
  entry: number;
  /** Block -> predecessor blocks, in order (phi argument order). */
  preds: number[][];
  /** Block -> its first node; one more entry at the end. */
  firstNode: number[];
  nodeBlock: number[];
  oldDefs: number[][];
  oldUses: number[][];
  defs: number[][];
  uses: number[][];
  /** Node -> the statement its defs and uses came from (-1: phis, or a defs/uses block). */
  nodeStmt: number[];
  /** Phis of each block: the value and its arguments in `preds` order. */
  phis: { def: number; args: number[] }[][];
  varOf: number[];
  valNames: string[];
  varNames: string[];
}

/** A failed rule: `RULE: place: what`. */
class Reject extends Error {}

function fail(rule: string, m: Model | undefined, node: number | undefined, what: string): never {
  let place = "";
  if (m !== undefined && node !== undefined) {
    const b = m.nodeBlock[node];
    place = `block ${JSON.stringify(m.blockIds[b])}${m.nodeStmt[node] >= 0 ? `, statement ${m.nodeStmt[node]}` : ""}: `;
  }
  throw new Reject(`${rule}: ${place}${what}`);
}

function checkFunction(o: FunctionDoc, s: FunctionDoc, c: FunctionCertificate, require: readonly string[]): string | undefined {
  try {
    const m = buildModel(o, s);
    checkModel(m, c, require);
    return undefined;
  } catch (e) {
    if (e instanceof Reject) return e.message;
    throw e;
  }
}

/** Statements of a block as [defs, uses] lists; a defs/uses block is one such pair, marked. */
function statementsOf(b: FunctionDoc["blocks"][number]): { stmts: [string[], string[]][]; setForm: boolean } {
  if (b.stmts !== undefined) return { stmts: b.stmts.map((x) => [x.defs, x.uses]), setForm: false };
  return { stmts: [[b.defs ?? [], b.uses ?? []]], setForm: true };
}

function buildModel(o: FunctionDoc, s: FunctionDoc): Model {
  // same_graph: the same blocks (taken in the original's order), the same preds, the same forms
  const blockIds = o.blocks.map((b) => b.id);
  const index = new Map(blockIds.map((id, i) => [id, i]));
  if (s.blocks.length !== o.blocks.length || s.entry !== o.entry) fail("same_graph", undefined, undefined, "the two documents have different blocks or entries");
  const sBlock: FunctionDoc["blocks"] = new Array(o.blocks.length);
  for (const b of s.blocks) {
    const i = index.get(b.id);
    if (i === undefined) fail("same_graph", undefined, undefined, `block ${JSON.stringify(b.id)} is not in the original`);
    sBlock[i] = b;
  }
  const preds = o.blocks.map((b, i) => {
    const sp = sBlock[i].preds;
    if (sp.length !== b.preds.length || sp.some((p, k) => p !== b.preds[k])) fail("same_graph", undefined, undefined, `block ${JSON.stringify(b.id)} has other preds in the SSA`);
    return b.preds.map((p) => index.get(p)!);
  });
  const origStmts = o.blocks.map(statementsOf);
  const ssaStmts = sBlock.map(statementsOf);
  origStmts.forEach((x, i) => {
    if (x.setForm !== ssaStmts[i].setForm || x.stmts.length !== ssaStmts[i].stmts.length)
      fail("same_graph", undefined, undefined, `block ${JSON.stringify(blockIds[i])} has another form or number of statements in the SSA`);
  });

  // the original's variables, and the SSA values in order of first appearance (phis, then statements)
  const varNames: string[] = [];
  const varIds = new Map<string, number>();
  const varId = (x: string) => varIds.get(x) ?? (varIds.set(x, varNames.length), varNames.push(x) - 1);
  const valNames: string[] = [];
  const valIds = new Map<string, number>();
  const valId = (x: string) => valIds.get(x) ?? (valIds.set(x, valNames.length), valNames.push(x) - 1);
  const oldStmts = origStmts.map((x) => x.stmts.map(([d, u]) => [d.map(varId), u.map(varId)] as [number[], number[]]));
  // an `args` object without some predecessor's key has fewer arguments (phis_wf rejects it)
  const phis = sBlock.map((b, i) => (b.phis ?? []).map((p) => ({ def: valId(p.def), args: phiArgList(p, o.blocks[i].preds).filter((a) => a !== undefined).map(valId) })));
  const newStmts = ssaStmts.map((x) => x.stmts.map(([d, u]) => [d.map(valId), u.map(valId)] as [number[], number[]]));

  // var: `vars` first, then positionally (first occurrence wins), then along phis (FORMAT.md)
  const varOf: number[] = new Array(valNames.length).fill(-1);
  for (const [v, x] of Object.entries(s.vars ?? {})) {
    const id = valIds.get(v);
    if (id !== undefined) varOf[id] = varId(x);
  }
  const pair = (vals: number[], vars: number[]) => {
    for (let k = 0; k < vals.length && k < vars.length; k++) if (varOf[vals[k]] < 0) varOf[vals[k]] = vars[k];
  };
  newStmts.forEach((stmts, b) =>
    stmts.forEach(([d, u], j) => {
      const [od, ou] = oldStmts[b][j];
      if (!ssaStmts[b].setForm) {
        pair(d, od);
        pair(u, ou);
      } else {
        if (d.length === 1 && od.length === 1) pair(d, od);
        if (u.length === 1 && ou.length === 1) pair(u, ou);
      }
    }),
  );
  const links: number[][] = valNames.map(() => []);
  for (const ps of phis) for (const p of ps) for (const a of p.args) (links[p.def].push(a), links[a].push(p.def));
  const queue = varOf.flatMap((x, v) => (x >= 0 ? [v] : []));
  for (let h = 0; h < queue.length; h++) for (const w of links[queue[h]]) if (varOf[w] < 0) (varOf[w] = varOf[queue[h]], queue.push(w));
  const unknown = varOf.indexOf(-1);
  if (unknown >= 0) fail("var", undefined, undefined, `cannot infer the variable of value ${JSON.stringify(valNames[unknown])}`);

  // nodes: per block a first node (its phis; in a defs/uses block also its defs and uses), then
  // the statements, a new node before a statement that uses a variable defined in the current
  // node or defines one used or defined there, its defs in a node of their own when it uses
  // what it defines; the split follows original variables, on both sides
  const m: Model = { blockIds, entry: index.get(o.entry)!, preds, firstNode: [], nodeBlock: [], oldDefs: [], oldUses: [], defs: [], uses: [], nodeStmt: [], phis, varOf, valNames, varNames };
  const split = (stmts: [number[], number[]][], key: (x: number) => number, setForm: boolean, onNode: (stmt: number, part: 0 | 1, node: number, items: number[]) => void): number => {
    let node = 0;
    const defined = new Set<number>();
    const used = new Set<number>();
    const start = () => (node++, defined.clear(), used.clear());
    if (setForm) {
      onNode(-1, 1, 0, stmts[0][1]);
      onNode(-1, 0, 0, stmts[0][0]);
      return 1;
    }
    stmts.forEach(([d, u], j) => {
      if (j === 0 || u.some((x) => defined.has(key(x))) || d.some((x) => used.has(key(x)) || defined.has(key(x)))) start();
      for (const x of u) used.add(key(x));
      onNode(j, 1, node, u);
      if (d.some((x) => used.has(key(x)))) start();
      for (const x of d) defined.add(key(x));
      onNode(j, 0, node, d);
    });
    return node + 1;
  };
  for (let b = 0; b < blockIds.length; b++) {
    const first = m.nodeBlock.length;
    m.firstNode.push(first);
    const origNodes: string[] = [];
    const count = split(oldStmts[b], (x) => x, origStmts[b].setForm, (j, part, node, items) => {
      origNodes.push(`${j}/${part}/${node}`);
      while (m.nodeBlock.length <= first + node) {
        m.nodeBlock.push(b);
        m.nodeStmt.push(-1);
        m.oldDefs.push([]);
        m.oldUses.push([]);
        m.defs.push([]);
        m.uses.push([]);
      }
      if (j >= 0 && m.nodeStmt[first + node] < 0) m.nodeStmt[first + node] = j;
      addAll(part === 0 ? m.oldDefs[first + node] : m.oldUses[first + node], items);
    });
    while (m.nodeBlock.length < first + count) (m.nodeBlock.push(b), m.nodeStmt.push(-1), m.oldDefs.push([]), m.oldUses.push([]), m.defs.push([]), m.uses.push([]));
    let k = 0;
    const ssaCount = split(newStmts[b], (v) => varOf[v], ssaStmts[b].setForm, (j, part, node, items) => {
      if (origNodes[k++] !== `${j}/${part}/${node}`) fail("same_graph", m, first, "the SSA's statements fall into other nodes than the original's (their variables differ)");
      addAll(part === 0 ? m.defs[first + node] : m.uses[first + node], items);
    });
    if (ssaCount !== count) fail("same_graph", m, first, "the SSA's statements fall into other nodes than the original's");
  }
  m.firstNode.push(m.nodeBlock.length);
  return m;
}

function addAll(set: number[], items: readonly number[]): void {
  for (const x of items) if (!set.includes(x)) set.push(x);
}

// ---------------------------------------------------------------------------------------------
// The rules

function checkModel(m: Model, c: FunctionCertificate, require: readonly string[]): void {
  const B = m.blockIds.length;
  const N = m.nodeBlock.length;
  const lastNode = (b: number) => m.firstNode[b + 1] - 1;
  /** Node-level predecessors: a block's first node has its preds' last nodes, any other node the node before. */
  const nodePreds = (n: number): number[] => (m.firstNode[m.nodeBlock[n]] === n ? m.preds[m.nodeBlock[n]].map(lastNode) : [n - 1]);
  const succs: number[][] = Array.from({ length: N }, () => []);
  for (let n = 0; n < N; n++) for (const p of nodePreds(n)) succs[p].push(n);
  const entryNode = m.firstNode[m.entry];
  const phiDefs = (n: number) => (m.firstNode[m.nodeBlock[n]] === n ? m.phis[m.nodeBlock[n]].map((p) => p.def) : []);
  const allDefs = (n: number) => [...m.defs[n], ...phiDefs(n)];

  // Entry_unreachable (graph_Entry): no edge enters the entry
  if (m.preds[m.entry].length > 0) fail("Entry_unreachable", m, entryNode, "the entry block has predecessors");

  // Entry_reaches (graph_Entry), and the dominator tree: `order` is a preorder of the tree given
  // by `parent` rooted at the entry; every block but the entry has a predecessor earlier in it
  // (so, by induction along the order, every block is reachable); for every edge (u, v), v's
  // parent is an ancestor of u (so every ancestor of a block dominates it: a path entering the
  // subtree of x can only enter at x). Linear: one pass over blocks, one over edges.
  const { parent, order } = c.dominators;
  if (parent.length !== B || order.length !== B) fail("Entry_reaches", undefined, undefined, `certificate: the dominator tree must list all ${B} blocks`);
  const pos = new Array<number>(B).fill(-1);
  order.forEach((b, i) => {
    if (b < 0 || b >= B || pos[b] >= 0) fail("Entry_reaches", undefined, undefined, "certificate: the order is not a permutation of the blocks");
    pos[b] = i;
  });
  if (order[0] !== m.entry || parent[m.entry] !== -1) fail("Entry_reaches", m, entryNode, "certificate: the tree's root must be the entry block, first in the order");
  const stack: number[] = [m.entry];
  for (let i = 1; i < B; i++) {
    const b = order[i];
    while (stack.length > 0 && stack[stack.length - 1] !== parent[b]) stack.pop();
    if (stack.length === 0) fail("Entry_reaches", m, m.firstNode[b], "certificate: the order is not a preorder of the tree (the block's parent is not an open ancestor)");
    stack.push(b);
    if (!m.preds[b].some((u) => pos[u] < i)) fail("Entry_reaches", m, m.firstNode[b], "certificate: no predecessor comes earlier in the order (the block may be unreachable)");
  }
  const size = new Array<number>(B).fill(1);
  for (let i = B - 1; i > 0; i--) size[parent[order[i]]] += size[order[i]];
  const ancestor = (a: number, x: number) => pos[a] <= pos[x] && pos[x] < pos[a] + size[a];
  for (let b = 0; b < B; b++)
    for (const u of m.preds[b]) if (!ancestor(parent[b], u)) fail("Entry_reaches", m, m.firstNode[b], `certificate: the edge from block ${JSON.stringify(m.blockIds[u])} does not come from below the block's parent in the tree`);
  /** Node a dominates node n: a's block is a proper tree ancestor of n's, or the same block with a first. */
  const dominates = (a: number, n: number) => (m.nodeBlock[a] === m.nodeBlock[n] ? a <= n : ancestor(m.nodeBlock[a], m.nodeBlock[n]));

  // old.defs_uses_disjoint (CFG): oldDefs n Int oldUses n = {}
  for (let n = 0; n < N; n++) for (const x of m.oldUses[n]) if (m.oldDefs[n].includes(x)) fail("old.defs_uses_disjoint", m, n, `${m.varNames[x]} is defined and used in one node`);

  // old.def_ass_uses (CFG_wf): every path from Entry to a use of x passes a definition of x (the
  // use's node included). Backwards from the uses, per variable, stopping at definitions: reaching
  // Entry without one is a path without a definition.
  const mark = new Int32Array(N).fill(-1);
  const usesOfVar: number[][] = m.varNames.map(() => []);
  for (let n = 0; n < N; n++) for (const x of m.oldUses[n]) usesOfVar[x].push(n);
  /** Whether a path from Entry reaches `from` without a definition of x (nodes marked with `stamp`). */
  const undefinedOnSomePath = (from: number[], x: number, stamp: number): boolean => {
    const work = from.filter((n) => !m.oldDefs[n].includes(x));
    for (const n of work) mark[n] = stamp;
    for (let h = 0; h < work.length; h++) {
      if (work[h] === entryNode) return true;
      for (const p of nodePreds(work[h])) if (mark[p] !== stamp && !m.oldDefs[p].includes(x)) (mark[p] = stamp, work.push(p));
    }
    return false;
  };
  usesOfVar.forEach((at, x) => {
    if (!undefinedOnSomePath(at, x, x)) return;
    // one walk per variable decides it; a second, per use, finds the use to name
    const bad = at.find((n, k) => undefinedOnSomePath([n], x, -2 - k))!;
    fail("old.def_ass_uses", m, bad, `a path from the entry reaches this use of ${m.varNames[x]} without defining it`);
  });

  // phis_wf (CFG_SSA): as many arguments as predecessors
  m.phis.forEach((ps, b) => ps.forEach((p) => p.args.length !== m.preds[b].length && fail("phis_wf", m, m.firstNode[b], `phi ${m.valNames[p.def]} has ${p.args.length} arguments for ${m.preds[b].length} predecessors`)));
  // simpleDefs_phiDefs_disjoint (CFG_SSA): defs n Int phiDefs n = {}
  for (let n = 0; n < N; n++) for (const v of phiDefs(n)) if (m.defs[n].includes(v)) fail("simpleDefs_phiDefs_disjoint", m, n, `${m.valNames[v]} is both a phi and a statement's definition`);
  // allDefs_disjoint (CFG_SSA): no value defined at two nodes
  const defNode = new Array<number>(m.valNames.length).fill(-1);
  for (let n = 0; n < N; n++)
    for (const v of allDefs(n)) {
      if (defNode[v] >= 0 && defNode[v] !== n) fail("allDefs_disjoint", m, n, `${m.valNames[v]} is defined at two nodes`);
      defNode[v] = n;
    }
  // allUses_def_ass (CFG_SSA_wf): every use is definitely assigned. A use at n (a phi argument:
  // at the end of its predecessor) whose value's definition dominates n is (every path to n
  // passes the definition); one whose definition does not is rejected.
  const phiUses: { node: number; val: number; phi?: number; block?: number }[] = [];
  m.phis.forEach((ps, b) => ps.forEach((p) => p.args.forEach((a, i) => phiUses.push({ node: lastNode(m.preds[b][i]), val: a, phi: p.def, block: b }))));
  const allUses: { node: number; val: number; phi?: number; block?: number }[] = [...m.uses.flatMap((vs, n) => vs.map((val) => ({ node: n, val }))), ...phiUses];
  for (const u of allUses) {
    if (defNode[u.val] >= 0 && dominates(defNode[u.val], u.node)) continue;
    const what = u.phi === undefined ? `the use of ${m.valNames[u.val]}` : `${m.valNames[u.val]}, read at the end of this block by phi ${m.valNames[u.phi]} of block ${JSON.stringify(m.blockIds[u.block!])},`;
    fail("allUses_def_ass", m, u.node, `${what} is not dominated by its definition`);
  }
  // Entry_no_phis (CFG_SSA_wf)
  if (m.phis[m.entry].length > 0) fail("Entry_no_phis", m, entryNode, "the entry block has phis");
  // defs_uses_disjoint (CFG, of the SSA program)
  for (let n = 0; n < N; n++) for (const v of m.uses[n]) if (m.defs[n].includes(v)) fail("defs_uses_disjoint", m, n, `${m.valNames[v]} is defined and used in one node`);
  // oldDefs_def, oldUses_def (CFG_SSA_Transformed): oldDefs n = var ` defs n, oldUses n = var ` uses n
  const sameSet = (a: number[], vals: number[]) => {
    const b = vals.map((v) => m.varOf[v]);
    return a.every((x) => b.includes(x)) && b.every((x) => a.includes(x));
  };
  for (let n = 0; n < N; n++) {
    if (!sameSet(m.oldDefs[n], m.defs[n])) fail("oldDefs_correct", m, n, "the SSA's definitions are not the original's renamed");
    if (!sameSet(m.oldUses[n], m.uses[n])) fail("oldUses_correct", m, n, "the SSA's uses are not the original's renamed");
  }
  // phis_same_var (CFG_SSA_Transformed)
  m.phis.forEach((ps, b) =>
    ps.forEach((p) => p.args.forEach((a) => m.varOf[a] !== m.varOf[p.def] && fail("phis_same_var", m, m.firstNode[b], `phi ${m.valNames[p.def]} has argument ${m.valNames[a]} of another variable`))),
  );
  // allDefs_var_disjoint (CFG_SSA_Transformed): the values defined at one node have distinct variables
  for (let n = 0; n < N; n++) {
    const vars = allDefs(n).map((v) => m.varOf[v]);
    if (new Set(vars).size !== vars.length) fail("allDefs_var_disjoint", m, n, "two values of one variable are defined at this node");
  }

  // conventional (CFG_SSA_Transformed): no path from v's definition n to a use of v (not passing
  // n again) passes a definition of another value of var v. Per value: L = the nodes other than
  // n from which a use of v is reachable avoiding n (backwards from the uses); the path's nodes
  // after n are exactly those of L reachable from n's successors inside L; a definition of var v
  // at one of them breaks it. Time: the size of v's live range.
  const defsVar = (n: number, x: number) => allDefs(n).some((w) => m.varOf[w] === x);
  const live = new Int32Array(N).fill(-1);
  const reach = new Int32Array(N).fill(-1);
  const usesOfVal: number[][] = m.valNames.map(() => []);
  for (const u of allUses) usesOfVal[u.val].push(u.node);
  usesOfVal.forEach((at, v) => {
    const n = defNode[v];
    const work = at.filter((x) => x !== n && live[x] !== v);
    for (const x of work) live[x] = v;
    for (let h = 0; h < work.length; h++) for (const p of nodePreds(work[h])) if (p !== n && live[p] !== v) (live[p] = v, work.push(p));
    const fwd = succs[n].filter((x) => live[x] === v && reach[x] !== v);
    for (const x of fwd) reach[x] = v;
    for (let h = 0; h < fwd.length; h++) {
      const x = fwd[h];
      if (defsVar(x, m.varOf[v])) fail("conventional", m, x, `another value of ${m.varNames[m.varOf[v]]} is defined here, on a path from the definition of ${m.valNames[v]} to a use of it`);
      for (const y of succs[x]) if (live[y] === v && reach[y] !== v) (reach[y] = v, fwd.push(y));
    }
  });
  // equiv: every assumption of CFG_SSA_Transformed holds (above: graph_Entry, CFG_wf of the
  // original, CFG_SSA_wf and the five translation assumptions), so Formal_SSA's theorem `equiv`,
  // proved for every instance of that locale, applies; nothing is left to check.

  // quality, when the certificate vouches for it
  if (require.includes("pruned")) {
    // pruned: every phi is liveVal (liveSimple: used by a statement; livePhi: an argument of a live phi)
    const isLive = new Uint8Array(m.valNames.length);
    const work = m.uses.flat().filter((v) => !isLive[v] && (isLive[v] = 1));
    const phiOf = new Map(m.phis.flat().map((p) => [p.def, p]));
    for (let h = 0; h < work.length; h++) for (const a of phiOf.get(work[h])?.args ?? []) if (!isLive[a]) (isLive[a] = 1, work.push(a));
    m.phis.forEach((ps, b) => ps.forEach((p) => !isLive[p.def] && fail("pruned", m, m.firstNode[b], `phi ${m.valNames[p.def]} is not live`)));
  }
  if (require.includes("no_trivial_phis")) {
    // isTrivialPhi g v v': the arguments other than v itself are all one value v'
    m.phis.forEach((ps, b) =>
      ps.forEach((p) => new Set(p.args.filter((a) => a !== p.def)).size === 1 && fail("no_trivial_phis", m, m.firstNode[b], `phi ${m.valNames[p.def]} is trivial`)),
    );
  }
}
