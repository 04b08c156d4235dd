/**
 * The checks through the exchange format: random translations inside and outside the locale
 * `CFG_SSA_Transformed` (test/helpers/broken_model.ts: unreachable nodes, edges into Entry,
 * uses not definitely assigned, irreducible cycles, phis at Entry, of the wrong arity, with
 * arbitrary arguments, and defects aimed at each property) are written as an original and an
 * SSA document, one `defs`/`uses` block per node (B0 the entry, blocks in node order; phi
 * arguments as lists, or keyed by predecessor where that is allowed; `vars` for every value).
 * Then:
 * - the byte reader and lowering give back the model the documents were written from (the same
 *   graph, rows, phis and variables, up to the numbering of values and variables);
 * - `validate` (the reference reader, lowering, the checkers, the report) says of every
 *   property what its literal definition says of the model written: `holds` equal, both ways;
 *   for `equiv`, a bounded literal counterexample means `equiv` fails.
 * The run counts, per property, the cases where the definition held and where it failed,
 * prints the table, and fails unless each property failed in at least 5% and held in at least
 * 5% of the cases. (How `stmts` blocks lower to nodes is test/io/lower.test.ts's subject.)
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validate } from "../../api/validate.js";
import { openColumnar } from "../../io/bytes_read.js";
import type { BlockDoc, FunctionDoc, PhiDoc } from "../../io/format.js";
import { lowerPair } from "../../io/lower.js";
import type { Transformed } from "../../spec/model.js";
import { equivCounterexample } from "../../spec/ssa_semantics.js";
import { brokenTransformed, toPlain, type PlainTransformed } from "../helpers/broken_model.js";
import { LITERAL, OutcomeTally } from "../helpers/literal.js";

const RUNS = { numRuns: 400 };
const subjects = fc.tuple(brokenTransformed({ maxNodes: 10, maxVars: 4 }), fc.integer({ min: 0, max: 2 }));

const block = (n: number) => `B${n}`;
const valName = (v: number) => `v${v}`;
const varName = (x: number) => `x${x}`;

/** The two documents of a model translation; `keyed` of 3: how often a phi's arguments are keyed by predecessor (where allowed). */
function documents(p: PlainTransformed, keyed: number): { original: FunctionDoc; ssa: FunctionDoc } {
  const n = p.preds.length;
  const origBlocks: BlockDoc[] = [];
  const ssaBlocks: BlockDoc[] = [];
  const occurs = new Set<number>();
  for (let x = 0; x < n; x++) {
    const preds = p.preds[x].map(block);
    origBlocks.push({ id: block(x), preds, defs: p.oldDefs[x].map(varName), uses: p.oldUses[x].map(varName) });
    const distinct = new Set(preds).size === preds.length;
    const phis: PhiDoc[] = p.phis
      .filter((ph) => ph.n === x)
      .map((ph, i) => {
        for (const v of [ph.v, ...ph.args]) occurs.add(v);
        const asObject = distinct && ph.args.length === preds.length && (i + x) % 3 < keyed;
        return { def: valName(ph.v), args: asObject ? Object.fromEntries(preds.map((q, j) => [q, valName(ph.args[j])])) : ph.args.map(valName) };
      });
    for (const v of [...p.defs[x], ...p.uses[x]]) occurs.add(v);
    ssaBlocks.push({ id: block(x), preds, ...(phis.length > 0 ? { phis } : {}), defs: p.defs[x].map(valName), uses: p.uses[x].map(valName) });
  }
  const vars = Object.fromEntries([...occurs].sort((a, b) => a - b).map((v) => [valName(v), varName(p.varOf[v])]));
  return {
    original: { format: "formal-ssa/1", kind: "cfg", name: "f", entry: block(0), blocks: origBlocks },
    ssa: { format: "formal-ssa/1", kind: "ssa", name: "f", entry: block(0), blocks: ssaBlocks, vars },
  };
}

/** A model's content in names: what the documents say, whatever the ids. */
function named(t: Transformed, val: (v: number) => string, variable: (x: number) => string) {
  const s = t.ssa;
  const set = (xs: readonly number[], f: (x: number) => string) => xs.map(f).sort();
  return {
    preds: t.graph.preds.toArrays(),
    oldDefs: t.old.defRows.toArrays().map((r) => set(r, variable)),
    oldUses: t.old.useRows.toArrays().map((r) => set(r, variable)),
    defs: s.defRows.toArrays().map((r) => set(r, val)),
    uses: s.useRows.toArrays().map((r) => set(r, val)),
    phis: s.phiKeys().map(([n, v]) => [n, val(v), s.phis(n, v)!.map(val)]),
    vars: [...new Set([...s.defRows.list, ...s.useRows.list, ...s.phiDef, ...s.args.list])].map((v) => `${val(v)}: ${variable(t.var(v as never))}`).sort(),
  };
}

const tally = new OutcomeTally([...Object.keys(LITERAL), "equiv (bounded literal)"]);

describe("the checks through the exchange format agree with the literal definitions", () => {
  it("written as documents, read by both readers and lowered, every random translation comes back as written, and validate's verdict on each property is its literal definition's", () => {
    fc.assert(
      fc.property(subjects, ([t, keyed]) => {
        const p = toPlain(t);
        const { original, ssa } = documents(p, keyed);
        const oText = JSON.stringify(original);
        const sText = JSON.stringify(ssa);
        // the byte reader and lowering: the model written
        const bytes = (text: string, file: string) => openColumnar(new TextEncoder().encode(text), file).read(0);
        const pair = lowerPair(bytes(oText, "o.json"), bytes(sText, "s.json"), "o.json", "s.json", "f");
        if (!pair.ok) expect.fail(`same_graph: ${pair.mismatch}`);
        const back = pair.transformed;
        expect(named(back, (v) => pair.ssa.valNames[v], (x) => pair.ssa.varNames[x])).toEqual(named(t, valName, varName));
        // the reference reader, lowering, checkers and report: each property's literal outcome
        const report = validate(oText, sText, { names: { original: "o.json", ssa: "s.json" } });
        const props = report.functions[0].properties;
        expect(props.same_graph).toEqual({ holds: true });
        const outcomes: Record<string, boolean> = {};
        for (const [name, literal] of Object.entries(LITERAL)) {
          outcomes[name] = literal(t);
          expect({ property: name, holds: props[name].holds }).toEqual({ property: name, holds: outcomes[name] });
        }
        const counterexample = equivCounterexample(t, t.nodeCount + 4);
        if (counterexample !== undefined) expect(props.equiv.holds).toBe(false);
        outcomes["equiv (bounded literal)"] = counterexample === undefined;
        tally.add(outcomes);
        tally.note("a phi's arguments keyed by predecessor", ssa.blocks.some((b) => (b.phis ?? []).some((ph) => !Array.isArray(ph.args))));
      }),
      RUNS,
    );
  });
  it("both directions are exercised: every property failed in at least 5% and held in at least 5% of those cases", () => {
    console.log(tally.lines("io/agreement: the literal definitions' outcomes on the documents' model").join("\n"));
    expect(tally.total).toBe(RUNS.numRuns);
    expect(tally.tooOneSided()).toEqual([]);
  });
});
