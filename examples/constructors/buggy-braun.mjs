#!/usr/bin/env node
// buggy-braun.mjs: correct.mjs (Braun et al., CC 2013, on the exchange format formal-ssa/1) with
// ONE seeded bug, for trying out `formal-ssa fuzz --constructor`.
//
// THE SEEDED BUG (in sealBlock): sealing a block is supposed to complete its incomplete phis,
// the operandless phis that readVariable placed while the block was not sealed (Braun et al.,
// Algorithm 4: `for variable in incompletePhis[block]: addPhiOperands(variable, incompletePhis
// [block][variable])`). Filling blocks in reverse postorder, a block is filled before it is
// sealed only when a predecessor comes later, i.e. a loop header with its back edge. This
// version assumes blocks are always sealed before they are filled and completes the phis only
// for blocks that are not filled yet: at a loop header they are never completed and keep no
// operands. Any loop that reads a variable in its header or body shows it: the header's phi
// has no arguments (phis_wf), and the value its uses read stands for no definition (equiv).
// A realistic slip: sealing and incomplete phis around back edges are where real Braun-style
// builders went wrong (e.g. SPIRV-Tools PR #1453, "Fix SSA rewrite for loops with tight back
// edges").
//
// Protocol and usage as correct.mjs: node buggy-braun.mjs < cfg.json > ssa.json
import { readFileSync } from "node:fs";

function fail(message) {
  process.stderr.write(`buggy-braun.mjs: ${message}\n`);
  process.exit(2);
}

// The protocol's input: one function, or with `formal-ssa fuzz --batch` a module of several
// ({"format": "formal-ssa/1", "functions": [...]}), answered with a module of their SSA in order.
const input = JSON.parse(readFileSync(0, "utf8"));
const output = Array.isArray(input.functions)
  ? { format: "formal-ssa/1", functions: input.functions.map((f) => ({ ...construct(f), format: undefined })) }
  : construct(input);
process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);

/** The SSA document of one CFG function document. */
function construct(doc) {
  if (doc.kind !== "cfg") fail(`want "kind": "cfg", got ${JSON.stringify(doc.kind)}`);

  // ---- the CFG -------------------------------------------------------------------------------
  const blocks = doc.blocks;
  const index = new Map(blocks.map((b, i) => [b.id, i]));
  const preds = blocks.map((b) => b.preds.map((p) => index.get(p) ?? fail(`block ${b.id}: unknown pred ${p}`))); // duplicates = parallel edges
  // a block has `stmts`, or `defs` and `uses` (one node); with neither it is an empty `stmts` block
  const isStmts = (b) => b.stmts !== undefined || (b.defs === undefined && b.uses === undefined);
  const succs = blocks.map(() => []);
  preds.forEach((ps, b) => ps.forEach((p) => succs[p].push(b))); // one entry per edge

  const phisAt = blocks.map(() => []); // every phi placed in the block, removed ones included

  // ---- values --------------------------------------------------------------------------------
  // A value is { name, variable } for a definition; a phi also has
  // { block, operands, users, incomplete, replacedBy }.
  const counter = new Map();
  function newValue(variable) {
    const n = (counter.get(variable) ?? 0) + 1;
    counter.set(variable, n);
    return { name: `${variable}.${n}`, variable };
  }
  function newPhi(variable, block) {
    const phi = { ...newValue(variable), block, operands: [], users: [], incomplete: true, replacedBy: null };
    phisAt[block].push(phi);
    return phi;
  }
  /** What a value stands for after trivial phis were replaced. */
  function resolve(v) {
    while (v.replacedBy) v = v.replacedBy;
    return v;
  }

  // ---- Braun et al., Algorithms 1-4 ----------------------------------------------------------
  const currentDef = blocks.map(() => new Map()); // block -> variable -> value
  const sealed = blocks.map(() => false);
  const filled = blocks.map(() => false);
  const filledPreds = blocks.map(() => 0);
  const incompletePhis = blocks.map(() => []); // phis of unsealed blocks, operands pending
  const waiting = []; // phis of sealed blocks whose operands are still to be read

  function writeVariable(variable, block, value) {
    currentDef[block].set(variable, value);
  }

  /** readVariable; a phi it creates in a sealed block gets its operands from completeWaiting(). */
  function readVariable(variable, block) {
    const passed = [];
    const seen = new Set();
    let value;
    for (;;) {
      const local = currentDef[block].get(variable);
      if (local !== undefined) {
        value = local;
        break;
      }
      if (!sealed[block]) {
        // incomplete CFG: an operandless phi, completed when the block is sealed
        value = newPhi(variable, block);
        incompletePhis[block].push(value);
        break;
      }
      if (preds[block].length === 1 && !seen.has(block)) {
        // one predecessor: no phi needed, look there
        seen.add(block);
        passed.push(block);
        block = preds[block][0];
        continue;
      }
      // a join (or the entry, where the variable is undefined): break cycles with a phi
      value = newPhi(variable, block);
      if (preds[block].length > 0) waiting.push(value);
      break;
    }
    writeVariable(variable, block, value);
    for (const b of passed) writeVariable(variable, b, value);
    return value;
  }

  function addPhiOperands(phi) {
    for (const p of preds[phi.block]) {
      const op = readVariable(phi.variable, p);
      phi.operands.push(op);
      if (op.block !== undefined) op.users.push(phi);
    }
    phi.incomplete = false;
    tryRemoveTrivialPhi(phi);
  }

  function completeWaiting() {
    while (waiting.length > 0) addPhiOperands(waiting.pop());
  }

  /** Read a variable and wait until every phi the read created has its operands. */
  function read(variable, block) {
    const v = readVariable(variable, block);
    completeWaiting();
    return v;
  }

  /** A phi whose operands are only itself and one other value `same` is replaced by `same`. */
  function tryRemoveTrivialPhi(first) {
    const work = [first];
    while (work.length > 0) {
      const phi = work.pop();
      if (phi.replacedBy || phi.incomplete) continue; // gone, or not all operands in yet
      let same = null;
      let trivial = true;
      for (const o of phi.operands) {
        const op = resolve(o);
        if (op === same || op === phi) continue; // unique value or self-reference
        if (same !== null) {
          trivial = false; // the phi merges at least two values
          break;
        }
        same = op;
      }
      if (!trivial || same === null) continue; // only self-references: unreachable, keep it
      phi.replacedBy = same; // every use of the phi now means `same`
      // the phi's users may have become trivial
      for (const u of phi.users) {
        if (u === phi) continue;
        if (same.block !== undefined) same.users.push(u);
        work.push(u);
      }
    }
  }

  function sealBlock(block) {
    // SEEDED BUG: the incomplete phis of a block that is filled already (a loop header) are
    // dropped from the list without getting their operands. Correct: always push them.
    if (!filled[block]) for (const phi of incompletePhis[block]) waiting.push(phi);
    incompletePhis[block] = [];
    sealed[block] = true;
    completeWaiting();
  }

  const renamed = blocks.map(() => null); // per block: { stmts } or { defs, uses }, over values

  function fillBlock(b) {
    const block = blocks[b];
    const define = (x) => {
      const v = newValue(x);
      writeVariable(x, b, v);
      return v;
    };
    if (isStmts(block)) {
      // a statement reads its uses first, then writes its defs: x := x + 1 reads the old x
      renamed[b] = { stmts: (block.stmts ?? []).map((s) => ({ uses: s.uses.map((x) => read(x, b)), defs: s.defs.map(define) })) };
    } else {
      const uses = (block.uses ?? []).map((x) => read(x, b));
      renamed[b] = { uses, defs: (block.defs ?? []).map(define) };
    }
    filled[b] = true;
  }

  // Reverse postorder from the entry (an explicit stack), then the unreachable blocks.
  function fillOrder() {
    const entry = index.get(doc.entry);
    if (entry === undefined) fail(`unknown entry ${JSON.stringify(doc.entry)}`);
    const visited = blocks.map(() => false);
    const post = [];
    const stack = [[entry, 0]];
    visited[entry] = true;
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const [b, i] = top;
      if (i < succs[b].length) {
        top[1]++;
        const s = succs[b][i];
        if (!visited[s]) {
          visited[s] = true;
          stack.push([s, 0]);
        }
      } else {
        stack.pop();
        post.push(b);
      }
    }
    const order = post.reverse();
    blocks.forEach((_, b) => visited[b] || order.push(b));
    return order;
  }

  for (const b of fillOrder()) {
    if (!sealed[b] && filledPreds[b] === preds[b].length) sealBlock(b);
    fillBlock(b);
    for (const s of succs[b]) filledPreds[s]++;
    for (const s of succs[b]) if (!sealed[s] && filledPreds[s] === preds[s].length) sealBlock(s);
  }
  blocks.forEach((_, b) => sealed[b] || sealBlock(b));

  // ---- the SSA document ----------------------------------------------------------------------
  const vars = {};
  const nameOf = (v) => {
    const r = resolve(v);
    vars[r.name] = r.variable;
    return r.name;
  };
  const out = {
    format: "formal-ssa/1",
    kind: "ssa",
    ...(doc.name !== undefined ? { name: doc.name } : {}),
    entry: doc.entry,
    blocks: blocks.map((block, b) => {
      const result = { id: block.id, preds: block.preds };
      const phis = phisAt[b].filter((phi) => !phi.replacedBy);
      if (phis.length > 0) result.phis = phis.map((phi) => ({ def: nameOf(phi), args: phi.operands.map(nameOf) }));
      const r = renamed[b];
      if (r.stmts !== undefined) {
        result.stmts = r.stmts.map((s) => ({ defs: s.defs.map(nameOf), uses: s.uses.map(nameOf) }));
      } else {
        result.defs = r.defs.map(nameOf);
        result.uses = r.uses.map(nameOf);
      }
      return result;
    }),
    vars,
  };
  return out;
}
