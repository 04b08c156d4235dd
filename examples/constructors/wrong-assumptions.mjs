#!/usr/bin/env node
// A small SSA constructor for `formal-ssa fuzz --constructor`, correct by default, that can be
// told to make one of the assumptions real SSA constructors wrongly make about their input CFGs
// (`--assume NAME`). Each assumption holds for the CFGs a structured front end lowers in the
// obvious way, and fails for the CFGs real compilers build; formal-ssa's generators break every
// one of them (docs/fuzzing.md, "What the generators vary"), and test/fuzz/assumptions.test.ts
// checks that each is caught, under `--shape reducible` too.
//
// The construction: a phi for every variable at every block with two or more incoming edges
// where the variable is defined on every incoming path (a must-dataflow fixpoint), values
// renamed block by block in reverse postorder. Not pruned, not minimal, but valid: quality is
// not required of a constructor.
//
// --assume NAME (one of ASSUMPTIONS below; none: the correct construction):
//   preheader-first       a loop header lists its entering edges first and its back edges last:
//                         a loop phi's arguments are written in that order, whatever `preds` says
//   preds-in-block-order  a join lists its predecessors in block order: phi arguments in that order
//   no-parallel-edges     no block is a predecessor twice: one phi argument per distinct predecessor
//   no-self-loops         no block is its own predecessor: the self edge's argument is the value
//                         at the block's start (the phi itself), not the value at its end
//   no-critical-edges     the constructor splits critical edges first (a block on every edge from a
//                         block with several successors to one with several predecessors) and
//                         returns the split graph
//   one-entry-successor   the entry falls through to one successor, as GCC's ENTRY_BLOCK does: the
//                         entry's definitions reach only its first successor (in reverse
//                         postorder); elsewhere a variable reads as its initial value `x.0`
//   defined-at-entry      every variable is defined at the entry (value `x.0`), so a phi goes at
//                         every join for every variable, with `x.0` where nothing else reaches
//
// Protocol: one CFG document on stdin (a function, or with `--batch` a module
// {"format": "formal-ssa/1", "functions": [...]}); the SSA document on stdout (a function, or a
// module with the functions in the same order). Standalone: nothing imported from formal-ssa.
//
// Usage: node wrong-assumptions.mjs [--assume NAME] < cfg.json > ssa.json
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

export const ASSUMPTIONS = [
  "preheader-first",
  "preds-in-block-order",
  "no-parallel-edges",
  "no-self-loops",
  "no-critical-edges",
  "one-entry-successor",
  "defined-at-entry",
];

/** The SSA document of one CFG function document, under `assume` (undefined: none). */
export function construct(fn, assume) {
  const blocks = fn.blocks;
  const n = blocks.length;
  const index = new Map(blocks.map((b, i) => [b.id, i]));
  const entry = index.get(fn.entry);
  const preds = blocks.map((b) => b.preds.map((p) => index.get(p)));
  const succs = blocks.map(() => []);
  preds.forEach((ps, b) => ps.forEach((p) => succs[p].push(b)));

  // reverse postorder from the entry (explicit stack); unreachable blocks after, in block order
  const order = [];
  const seen = new Uint8Array(n);
  const stack = [[entry, 0]];
  seen[entry] = 1;
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top[1] < succs[top[0]].length) {
      const s = succs[top[0]][top[1]++];
      if (!seen[s]) {
        seen[s] = 1;
        stack.push([s, 0]);
      }
    } else order.push(stack.pop()[0]);
  }
  order.reverse();
  for (let b = 0; b < n; b++) if (!seen[b]) order.push(b);
  const rpo = new Int32Array(n);
  order.forEach((b, i) => (rpo[b] = i));

  // the statements of a block: `stmts`, or its `defs`/`uses` as one node
  const isStmts = (b) => b.stmts !== undefined || (b.defs === undefined && b.uses === undefined);
  const nodesOf = (b) => (isStmts(b) ? (b.stmts ?? []) : [{ defs: b.defs ?? [], uses: b.uses ?? [] }]);
  const variables = [];
  const known = new Set();
  for (const b of blocks) for (const s of nodesOf(b)) for (const v of [...s.defs, ...s.uses]) if (!known.has(v)) known.add(v), variables.push(v);

  // Whether the edge from pred `p` into block `b` carries the values at p's end. Under
  // one-entry-successor, the entry's edges into any successor but its first carry nothing.
  const firstEntrySucc = order.find((b) => preds[b].includes(entry));
  const carries = (p, b) => !(assume === "one-entry-successor" && p === entry && b !== firstEntrySucc);

  // must-defined at each block's start: the meet over incoming edges, the entry's from nothing
  // (every variable under defined-at-entry)
  const atStart = blocks.map(() => new Set(variables));
  const definedAtEntry = assume === "defined-at-entry" ? new Set(variables) : new Set();
  const atEnd = (b) => {
    const out = new Set(atStart[b]);
    for (const s of nodesOf(blocks[b])) for (const v of s.defs) out.add(v);
    return out;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const b of order) {
      let at;
      if (b === entry) at = new Set(definedAtEntry);
      else {
        at = new Set(variables);
        for (const p of preds[b]) {
          const o = carries(p, b) ? atEnd(p) : new Set();
          for (const v of at) if (!o.has(v)) at.delete(v);
        }
      }
      if (at.size !== atStart[b].size) changed = true;
      atStart[b] = at;
    }
  }

  // values
  const counter = new Map();
  const vars = {};
  const fresh = (v) => {
    const k = (counter.get(v) ?? 0) + 1;
    counter.set(v, k);
    vars[`${v}.${k}`] = v;
    return `${v}.${k}`;
  };
  const initial = (v) => {
    vars[`${v}.0`] = v;
    return `${v}.0`;
  };
  const phis = blocks.map(() => new Map()); // variable -> phi value
  for (const b of order) {
    if (b === entry || preds[b].length < 2) continue;
    // a `defs`/`uses` block is one node, which holds one version of each variable
    // (allDefs_var_disjoint): no phi there for a variable the block defines
    const own = isStmts(blocks[b]) ? new Set() : new Set(blocks[b].defs ?? []);
    for (const v of variables) if (atStart[b].has(v) && !own.has(v)) phis[b].set(v, fresh(v));
  }
  const startValues = blocks.map(() => new Map());
  const endValues = blocks.map(() => new Map());
  const renamed = blocks.map(() => []);
  for (const b of order) {
    const cur = new Map();
    if (b === entry) {
      for (const v of definedAtEntry) cur.set(v, initial(v));
    } else if (phis[b].size > 0 || preds[b].length >= 2) {
      for (const [v, x] of phis[b]) cur.set(v, x);
    } else if (preds[b].length === 1 && carries(preds[b][0], b)) {
      for (const [v, x] of endValues[preds[b][0]]) cur.set(v, x);
    }
    startValues[b] = new Map(cur);
    for (const s of nodesOf(blocks[b])) {
      const uses = s.uses.map((v) => cur.get(v) ?? initial(v));
      const defs = s.defs.map((v) => {
        const x = fresh(v);
        cur.set(v, x);
        return x;
      });
      renamed[b].push({ defs, uses });
    }
    endValues[b] = cur;
  }

  // phi arguments: the value at the end of each incoming edge's block, in `preds` order
  const argOf = (b, p, v) => {
    if (assume === "no-self-loops" && p === b) return startValues[b].get(v);
    return endValues[p].get(v) ?? initial(v);
  };
  const argsOf = (b, v) => {
    let ps = preds[b];
    if (assume === "preheader-first") {
      const back = (p) => rpo[p] >= rpo[b];
      ps = [...ps.filter((p) => !back(p)), ...ps.filter(back)];
    } else if (assume === "preds-in-block-order") ps = [...ps].sort((x, y) => x - y);
    else if (assume === "no-parallel-edges") ps = [...new Set(ps)];
    return ps.map((p) => argOf(b, p, v));
  };

  let outBlocks = blocks.map((blk, b) => {
    const out = { id: blk.id, preds: [...blk.preds] };
    if (phis[b].size > 0) out.phis = [...phis[b]].map(([v, x]) => ({ def: x, args: argsOf(b, v) }));
    if (isStmts(blk)) out.stmts = renamed[b];
    else {
      out.defs = renamed[b][0].defs;
      out.uses = renamed[b][0].uses;
    }
    return out;
  });
  if (assume === "no-critical-edges") {
    const extra = [];
    outBlocks = outBlocks.map((blk, b) => {
      if (preds[b].length < 2) return blk;
      return {
        ...blk,
        preds: blk.preds.map((p, i) => {
          if (succs[preds[b][i]].length < 2) return p;
          const id = `${p}.to.${blk.id}.${i}`;
          extra.push({ id, preds: [p], stmts: [] });
          return id;
        }),
      };
    });
    outBlocks.push(...extra);
  }
  return { format: "formal-ssa/1", kind: "ssa", ...(fn.name !== undefined ? { name: fn.name } : {}), entry: fn.entry, blocks: outBlocks, vars };
}

function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf("--assume");
  const assume = at >= 0 ? args[at + 1] : undefined;
  if (assume !== undefined && !ASSUMPTIONS.includes(assume)) {
    process.stderr.write(`wrong-assumptions.mjs: --assume: want one of ${ASSUMPTIONS.join(", ")}\n`);
    process.exit(2);
  }
  const doc = JSON.parse(readFileSync(0, "utf8"));
  const out = Array.isArray(doc.functions)
    ? { format: "formal-ssa/1", functions: doc.functions.map((f) => { const { format, ...rest } = construct(f, assume); return rest; }) }
    : construct(doc, assume);
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
