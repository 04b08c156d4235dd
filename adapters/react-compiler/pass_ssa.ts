/**
 * The HIR after a later pass (ConstantPropagation through PropagateScopeDependenciesHIR: every
 * pass after EliminateRedundantPhi that keeps the HIR in SSA) as an SSA document on its own.
 * Nothing pairs it with an original: what it must satisfy is `CFG_SSA_wf` (every phi with one
 * operand per predecessor, each value defined once, every use definitely assigned, ...), which
 * the library decides as `check` does, with the HIR's own bookkeeping on top
 * (`consistent_edges`). So a pass that deletes an instruction whose value is still read, leaves a
 * phi without an operand for a new predecessor, or moves a read above its definition, is caught
 * at that pass.
 *
 * The document is built as the pairing builds the SSA side (pair.ts): values are identifiers,
 * named as the compiler prints them; a value's variable is its declaration; an instruction is a
 * statement reading its operands and writing its lvalues; a terminal that reads is one more
 * statement; edges are the terminals' successors; blocks no edge reaches are left out. A reactive
 * scope (`scope`, `pruned-scope`: from BuildReactiveScopeTerminalsHIR on) is a jump into its body;
 * its dependencies name variables by declaration, not SSA values, and are not read (hir.ts).
 *
 * What the entry defines, in up to three statements as in the pairing:
 * - the values the function reads and defines nowhere: for a nested function, what its entry
 *   takes from where it is created (the statement creating it reads the same values, so the
 *   enclosing function's document decides that they are defined there); for the compiled
 *   function, only those it read after EliminateRedundantPhi (`allowed`: the identifiers from
 *   before SSA that enterSSA answers reads nothing defines with, which the validation of that
 *   stage certified). A value a later pass reads and nothing defines is defined nowhere, and
 *   `allUses_def_ass` fails there;
 * - a nested function's captured context, and the parameters.
 */
import type { AdapterFailure, SsaForm } from "../adapter.js";
import type { BlockDoc, PhiDoc, StmtDoc } from "../../io/format.js";
import type { SnapFunction, SnapUnit } from "./hir.js";
import { blockName, operandFor, predecessorLists, printed, reachableBlocks, sameMap, sameNumbers, sameSnapshot } from "./pair.js";

/** The adapter's check of a later pass's HIR: its predecessor sets and phi operands agree with its terminals' edges. */
export const CONSISTENT_EDGES = "consistent_edges";

/**
 * Per function of a unit (by index), the identifiers it reads and does not define itself
 * (parameters, captured context, phis, instructions), in order of first read, those its nested
 * functions take where it creates them included: what its entry takes from where it starts.
 * Only reachable blocks count, and a phi's operands only for reachable predecessors. Nested
 * functions come after their parents, so from the last one back (no recursion).
 */
export function freeIdentifiers(unit: SnapUnit): Array<number[] | undefined> {
  const n = unit.functions.length;
  const out: Array<number[] | undefined> = new Array(n).fill(undefined);
  for (let i = n - 1; i >= 0; i--) {
    const fn = unit.functions[i];
    if (fn.unmappable !== undefined) continue;
    const reachable = reachableBlocks(fn);
    const defined = new Set<number>([...fn.params, ...fn.context]);
    for (const b of fn.blocks) {
      if (!reachable.has(b.id)) continue;
      for (const phi of b.phis) defined.add(phi.def);
      for (const s of b.stmts) for (const d of s.defs) defined.add(d);
    }
    const seen = new Set<number>();
    const free: number[] = [];
    const read = (id: number) => {
      if (defined.has(id) || seen.has(id)) return;
      seen.add(id);
      free.push(id);
    };
    for (const b of fn.blocks) {
      if (!reachable.has(b.id)) continue;
      for (const phi of b.phis) for (const [pred, id] of phi.operands) if (reachable.has(pred)) read(id);
      for (const s of b.stmts) {
        for (const u of s.uses) read(u);
        if (s.child !== undefined) for (const u of out[s.child] ?? []) read(u);
      }
      for (const u of b.terminal.uses) read(u);
    }
    out[i] = free;
  }
  return out;
}

/**
 * Every function of a unit after a later pass, as an SSA document on its own (or the reason it
 * cannot be translated), by name. `eliminated` is the unit after EliminateRedundantPhi, whose
 * compiled function's undefined reads are the ones its entry may define (see above).
 */
export function passForms(eliminated: SnapUnit, pass: SnapUnit, previous?: { unit: SnapUnit; forms: PassForms }): PassForms {
  // most passes change nothing the document shows (types, effects, ranges): the forms of the
  // pass before are then this pass's too, and the library checks each form once
  if (previous !== undefined && sameUnit(previous.unit, pass)) return previous.forms;
  const allowed = new Set(freeIdentifiers(eliminated)[0] ?? []);
  const free = freeIdentifiers(pass);
  const out: PassForms = new Map();
  pass.functions.forEach((fn, i) => {
    if (fn.unmappable !== undefined) {
      out.set(fn.name, { unmappable: fn.unmappable });
      return;
    }
    const reads = fn.parent < 0 ? (free[i] ?? []).filter((id) => allowed.has(id)) : (free[i] ?? []);
    out.set(fn.name, { form: formOf(fn, pass, reads, free) });
  });
  return out;
}

/** The forms of a unit's functions after a pass, by name (or why a function cannot be translated). */
export type PassForms = Map<string, { form: SsaForm } | { unmappable: string }>;

/** Whether two snapshots of a unit show the same to the translation: the same functions, blocks and their predecessors, statements and identifiers. */
function sameUnit(a: SnapUnit, b: SnapUnit): boolean {
  if (a.functions.length !== b.functions.length || !sameMap(a.names, b.names) || !sameMap(a.declarations, b.declarations)) return false;
  for (let i = 0; i < a.functions.length; i++) {
    const x = a.functions[i];
    const y = b.functions[i];
    if (x.name !== y.name || x.parent !== y.parent || x.unmappable !== y.unmappable) return false;
    if (x.unmappable === undefined && !sameSnapshot(x, y)) return false;
    // the pairing takes predecessors from before SSA; here each pass's own are the graph
    for (let k = 0; k < x.blocks.length; k++) if (!sameNumbers(x.blocks[k].preds, y.blocks[k].preds)) return false;
  }
  return true;
}

/** One function's document: its entry's definitions, then its reachable blocks in the HIR's order. */
function formOf(fn: SnapFunction, unit: SnapUnit, entryReads: readonly number[], free: ReadonlyArray<number[] | undefined>): SsaForm {
  const failures: AdapterFailure[] = [];
  const preds = predecessorLists(fn, failures);
  const reachable = reachableBlocks(fn);
  const vars: Record<string, string> = Object.create(null) as Record<string, string>;
  const val = (id: number): string => {
    const name = printed(unit.names, id);
    // every SSA identifier renames the variable of its declaration
    vars[name] ??= `${unit.names.get(id) ?? ""}$${unit.declarations.get(id) ?? id}`;
    return name;
  };
  const entry: StmtDoc[] = [];
  for (const ids of [entryReads, fn.context, fn.params]) if (ids.length > 0) entry.push({ defs: ids.map(val), uses: [] });
  const blocks: BlockDoc[] = [];
  let phis = 0;
  let instructions = 0;
  let unreachable = 0;
  for (const b of fn.blocks) {
    if (!reachable.has(b.id)) {
      unreachable++;
      continue;
    }
    const all = preds.get(b.id) ?? [];
    const ps = all.filter((p) => reachable.has(p));
    const phiDocs: PhiDoc[] = [];
    for (const phi of b.phis) {
      phis++;
      const args: string[] = [];
      for (const p of ps) {
        const o = operandFor(phi.operands, p);
        if (o === undefined) failures.push({ block: blockName(b.id), line: b.terminal.line, message: `phi ${printed(unit.names, phi.def)} has no operand for predecessor bb${p}` });
        else args.push(val(o));
      }
      for (const [p] of phi.operands)
        if (!all.includes(p)) failures.push({ block: blockName(b.id), line: b.terminal.line, message: `phi ${printed(unit.names, phi.def)} has an operand for bb${p}, which is not a predecessor` });
      phiDocs.push({ def: val(phi.def), args });
    }
    const stmts: StmtDoc[] = b.id === fn.entry ? [...entry] : [];
    for (const s of b.stmts) {
      instructions++;
      // creating a nested function reads what its entry takes
      const uses = [...s.uses, ...(s.child !== undefined ? (free[s.child] ?? []) : [])];
      stmts.push({ defs: s.defs.map(val), uses: uses.map(val) });
    }
    if (b.terminal.uses.length > 0) stmts.push({ defs: [], uses: b.terminal.uses.map(val) });
    blocks.push({ id: blockName(b.id), preds: ps.map(blockName), phis: phiDocs, stmts });
  }
  return {
    name: fn.name,
    ssa: { kind: "ssa", name: fn.name, entry: blockName(fn.entry), blocks, vars },
    checks: [{ property: CONSISTENT_EDGES, failures }],
    phis,
    stats: { blocks: blocks.length, instructions, unreachable_blocks: unreachable },
  };
}
