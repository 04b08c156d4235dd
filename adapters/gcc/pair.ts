/**
 * One function of a GCC dump before SSA construction (`.cfg` or `.fixup_cfg1`) and the same
 * function after it (`.ssa`, GCC's tree-into-ssa.cc) as a pair of exchange-format documents on
 * the same blocks and statements (docs/gcc.md says it for users).
 *
 * What the pass does, as observed on GCC 12 at -O0 and read in tree-into-ssa.cc: it renames
 * every occurrence of a variable that is a GIMPLE register (a scalar local, parameter or
 * temporary whose address is never taken: `is_gimple_reg`) to an SSA name of it, `x_5` (`_5`
 * for an anonymous temporary `D.1992`), puts pruned phis `# x_1 = PHI <x_3(2), x_4(5)>` at the
 * front of blocks, reads a variable's uninitialised content (and a parameter's incoming value)
 * as its default definition `x_3(D)`, and replaces the clobbers of register variables (`x =
 * {CLOBBER}`: their later reads read the default definition again) by `GIMPLE_NOP`. Its
 * TODO remove_unused_locals then removes the clobbers of variables nothing else mentions. From
 * -O1 on it first makes registers of variables whose address is taken only to access them whole
 * (execute_update_addresses_taken: `MEM <T> [(P)&x]` becomes `x` or `VIEW_CONVERT_EXPR<T>(x)`);
 * and fixup_cfg, between the cfg dump and the pass, may give a block another artificial label.
 * Nothing else changes: the blocks and edges, the statements in order, every other token.
 * Temporaries the gimplifier made SSA names already (`_1`, `n.2_1`) stay as they are.
 *
 * The original CFG. Blocks: GCC's ENTRY (`ENTRY`, where every renamed variable is defined: a
 * parameter by its incoming value, anything else by its uninitialised content, the wildcards of
 * `--undef refine`) and then the dump's blocks (`bbN`) in dump order, preds as GCC lists them.
 * Variables: those the pass renamed, named as the before dump names them (`xD.1981` under
 * `-uid`). Statements: those where a renamed variable occurs, in order; an assignment's
 * left-hand side (and an `__asm__` output) defines, every other occurrence uses. A clobber of a
 * renamed variable defines it (uninitialised content again).
 *
 * The SSA CFG: the same statements with GCC's SSA names, its phis with one argument per
 * predecessor in GCC's order, the ENTRY definitions as the default definitions (`x_3(D)`, or
 * `x(D)` where GCC has none because nothing reads it), the clobbers (GIMPLE_NOP) as `x(clobber)N`.
 * Each SSA name's variable is the before-token it stands in for, position by position; a phi's
 * is that of its arguments and readers (they share one).
 *
 * The check `same_instructions`: block by block, statement by statement, the two dumps agree
 * token for token up to renaming (tokens.ts) and up to the changes above (each a remark where
 * it is not a clobber); an SSA name stands only for a variable with its base name; under `-uid`,
 * no occurrence of a renamed variable is left unrenamed. Every difference is a failure with both
 * lines.
 */
import type { AdapterFailure, FunctionPair, PhiDifference, RefinedValue, StatementPlace } from "../adapter.js";
import type { BlockDoc, DebugDoc, DebugRecordDoc, FunctionDoc, PhiDoc, StmtDoc } from "../../io/format.js";
import { ENTRY_BB, type GimpleBlock, type GimpleFunction, type GimpleStmt } from "./dump.js";
import { isName, renames, ssaName, tokenize, variablePosition, writtenPositions } from "./tokens.js";

export const SAME_INSTRUCTIONS = "same_instructions";

const ENTRY_ID = "ENTRY";
const blockId = (bb: number) => (bb === ENTRY_BB ? ENTRY_ID : `bb${bb}`);

/** A clobber statement: `x = {CLOBBER}` (`={v}` after the operand scanner), any flavour. */
const CLOBBER = /^(\S+) =(?:\{v\})? \{CLOBBER[^}]*\};$/;

/** Whether token k is an artificial label's number: `L55` of `<L55>`. */
const artificialLabel = (tokens: readonly string[], k: number) => tokens[k - 1] === "<" && tokens[k + 1] === ">" && /^L[0-9]+$/.test(tokens[k]);

/** The index of the `>` that closes the `<` at token k. */
function closingAngle(t: readonly string[], k: number): number {
  let j = k + 1;
  for (let depth = 1; j < t.length; j++) {
    if (t[j] === "<") depth++;
    else if (t[j] === ">" && --depth === 0) break;
  }
  return j;
}

/**
 * An access to a variable through its address at token i, `MEM <T> [(P)&x]` (no offset): its
 * type's tokens, the variable, and the index of its `]`. GCC leaves `<T>` out where T has the
 * size of P's target type (tree-pretty-print.cc, dump_mem_ref): `MEM[(char * {ref-all})&x]`
 * reads or writes one byte; the type is then unknown (undefined).
 */
function wholeAccess(t: readonly string[], i: number): { type: string[] | undefined; x: string; end: number } | undefined {
  if (t[i] !== "MEM") return undefined;
  let type: string[] | undefined;
  let k = i + 1;
  if (t[k] === "<") {
    const close = closingAngle(t, k);
    type = t.slice(k + 1, close);
    k = close + 1;
  }
  if (t[k] !== "[" || t[k + 1] !== "(") return undefined;
  k += 1;
  for (let depth = 0; k < t.length; k++) {
    if (t[k] === "(") depth++;
    else if (t[k] === ")" && --depth === 0) break;
  }
  if (t[k + 1] !== "&" || !isName(t[k + 2] ?? "") || t[k + 3] !== "]") return undefined;
  return { type, x: t[k + 2], end: k + 3 };
}

/** What rewrite_stmt leaves in place of a register's clobber. */
const NOP = "GIMPLE_NOP";

/**
 * The variables that occur in a statement other than their own clobbers: those
 * remove_unused_locals (a TODO of the ssa pass) counts as used. A clobber of any other variable
 * is removed after SSA construction, with the variable's declaration.
 */
function usedVariables(fn: GimpleFunction): Set<string> {
  const used = new Set<string>();
  for (const b of fn.blocks)
    for (const s of b.stmts) {
      if (CLOBBER.test(s.text)) continue;
      for (const t of tokenize(s.text)) if (isName(t)) used.add(t);
    }
  return used;
}

/** One occurrence of a variable in a statement: its variable and (after) SSA name. */
interface Occurrence {
  variable: string;
  value: string;
  def: boolean;
}

/** A statement of the model: where it is and what occurs in it. */
interface ModelStmt {
  occurrences: Occurrence[];
  /** Set for a clobber missing after: the variable it clobbers (a register's is uninitialised again). */
  clobber?: string;
  /** Whether a `GIMPLE_NOP` stands in its place after. */
  nop?: boolean;
}

/** Whether a dump was written with `-uid` (names carry `D.N`): then every name is unique. */
export function withUids(fn: GimpleFunction): boolean {
  const t = tokenize(fn.signature.text);
  return t.some((x) => x.startsWith(fn.name) && /^D\.[0-9]+$/.test(x.slice(fn.name.length)));
}

/** The parameters' tokens: the names inside the parenthesis after the function's name. */
function parameterNames(fn: GimpleFunction): Set<string> {
  const t = tokenize(fn.signature.text);
  const out = new Set<string>();
  let k = t.findIndex((x, i) => t[i + 1] === "(" && (x === fn.name || renamesDecl(fn.name, x)));
  if (k < 0) return out;
  let depth = 0;
  for (k = k + 1; k < t.length; k++) {
    if (t[k] === "(") depth++;
    else if (t[k] === ")" && --depth === 0) break;
    else if (isName(t[k])) out.add(t[k]);
  }
  return out;
}

const renamesDecl = (name: string, token: string) => token.startsWith(name) && /^D\.[0-9]+$/.test(token.slice(name.length));

/** The name a declaration line declares: `int x;`, `int a[3];`, `int (*fp) (int);`, `static int t[2] = {...};`. */
export function declaredName(text: string): string | undefined {
  const t = tokenize(text.replace(/\s=\s.*$/, ";"));
  const star = t.findIndex((x, i) => x === "(" && t[i + 1] === "*" && isName(t[i + 2] ?? "") && t[i + 3] === ")");
  if (star >= 0) return t[star + 2];
  let k = t.length - 1;
  if (t[k] === ";") k--;
  while (k >= 0 && t[k] === "]") {
    while (k >= 0 && t[k] !== "[") k--;
    k--;
  }
  return k >= 0 && isName(t[k]) ? t[k] : undefined;
}

class Builder {
  private readonly failures: AdapterFailure[] = [];
  private readonly differences: PhiDifference[] = [];
  /** SSA name -> variable, as occurrences and phis tell. */
  private readonly varOf = new Map<string, string>();
  /** Renamed variables in first-appearance order. */
  private readonly variables: string[] = [];
  private readonly variableSet = new Set<string>();
  /** Per before block (dump order): its model statements. */
  private readonly stmts: ModelStmt[][] = [];
  /** Per before block: after its after block's first k statements, how many model statements (the place of a debug bind). */
  private readonly modelCount: Int32Array[] = [];
  /** Unchanged tokens that name a variable, checked once every renamed variable is known (`-uid` only). */
  private readonly unrenamed: Array<{ token: string; block: number; before: GimpleStmt; after: GimpleStmt }> = [];
  private readonly uids: boolean;
  /** Statements that differ beyond renaming: their place among the block's model statements, and tokens. */
  private readonly changed: Array<{ block: number; stmt: number; before: string[]; after: string[] }> = [];
  private readonly afterByBb = new Map<number, GimpleBlock>();
  /** Artificial labels renamed between the dumps, both ways (`relabel`). */
  private readonly labelAfter = new Map<string, string>();
  private readonly labelBefore = new Map<string, string>();
  private relabelled = false;
  private wholeAccesses = false;

  constructor(
    private readonly before: GimpleFunction,
    private readonly after: GimpleFunction,
  ) {
    this.uids = withUids(before);
    for (const b of after.blocks) this.afterByBb.set(b.bb, b);
  }

  private fail(bb: number, before: GimpleStmt | undefined, after: GimpleStmt | undefined, message: string): void {
    this.failures.push({
      block: blockId(bb),
      line: before?.line ?? this.before.line,
      ...(after !== undefined ? { after_line: after.line } : {}),
      message,
    });
  }

  private variable(v: string): void {
    if (!this.variableSet.has(v)) {
      this.variableSet.add(v);
      this.variables.push(v);
    }
  }

  /** The SSA name `value` stands for `variable`; a second, different variable is a failure. */
  private bind(value: string, variable: string, bb: number, before: GimpleStmt | undefined, after: GimpleStmt | undefined): void {
    const known = this.varOf.get(value);
    if (known === undefined) this.varOf.set(value, variable);
    else if (known !== variable) this.fail(bb, before, after, `${value} stands for ${known} elsewhere but for ${variable} here`);
  }

  /**
   * The artificial label `<Lb>` before is `<La>` after: a pass between the dumps (fixup_cfg,
   * redirecting an edge) may give a block another label. Labels only name blocks, whose edges
   * the dumps list, so a one-to-one renaming of them changes nothing; false where it is not one
   * to one. The first renaming is a remark.
   */
  private relabel(bb: number, b: string, a: string): boolean {
    const known = this.labelAfter.get(b);
    const back = this.labelBefore.get(a);
    if (known !== undefined || back !== undefined) return known === a && back === b;
    this.labelAfter.set(b, a);
    this.labelBefore.set(a, b);
    if (b !== a && !this.relabelled) {
      this.relabelled = true;
      this.differences.push({
        kind: "label renamed",
        block: blockId(bb),
        detail: `<${b}> is <${a}> after SSA construction (a pass between the dumps gave the block another label); labels read one to one`,
        minimumDelta: 0,
      });
    }
    return true;
  }

  /** The tokens of a variable's declared type (`i64D.5389` of `i64D.5389 iValD.24834;`), from the declarations or the parameters. */
  private typeOf(x: string): string[] | undefined {
    for (const d of this.before.decls) {
      if (declaredName(d.text) !== x) continue;
      const t = tokenize(d.text.replace(/\s=\s.*$/, ";"));
      const k = t.indexOf(x);
      return k > 0 && t.length === k + 2 ? t.slice(0, k) : undefined;
    }
    const t = tokenize(this.before.signature.text);
    const k = t.indexOf(x);
    if (k < 0 || (t[k + 1] !== "," && t[k + 1] !== ")")) return undefined;
    let s = k;
    while (s > 0 && t[s - 1] !== "(" && t[s - 1] !== ",") s--;
    return s < k ? t.slice(s, k) : undefined;
  }

  /**
   * From -O1 on, the ssa pass first makes a variable whose address is taken only to access it
   * whole a register (execute_update_addresses_taken): a read `MEM <T> [(P)&x]` becomes `x`, or
   * `VIEW_CONVERT_EXPR<T>(x)` where the types differ (T as the after dump names it where the
   * before dump leaves it out, `MEM[(P)&x]`), or, reading only the first bytes of x,
   * `BIT_FIELD_REF <x, N, 0>` (maybe_rewrite_mem_ref_base; N, T's size in bits, is not checked:
   * the dumps do not give types' sizes); a store `MEM <T> [(P)&x] = v` becomes `x = v`, `x = (Tx)
   * v` or `x = VIEW_CONVERT_EXPR<Tx>(v)`, Tx being x's declared type. The before tokens rewritten
   * so where the after tokens have that form (then compared as any statement), or undefined
   * where there is no such access.
   */
  private addressesTaken(tb: readonly string[], ta: readonly string[]): string[] | undefined {
    const out: string[] = [];
    let rewrote: string | undefined;
    let close = false;
    let j = 0;
    const at = (k: number, seq: readonly string[]) => seq.every((x, n) => ta[k + n] === x);
    for (let i = 0; i < tb.length; ) {
      const m = wholeAccess(tb, i);
      if (m === undefined) {
        out.push(tb[i++]);
        j++;
        continue;
      }
      // the view's type: T, or where the before dump leaves T out, whatever the after dump names
      const view =
        m.type !== undefined ? ["VIEW_CONVERT_EXPR", "<", ...m.type, ">", "("] : ta[j] === "VIEW_CONVERT_EXPR" && ta[j + 1] === "<" ? [...ta.slice(j, closingAngle(ta, j + 1) + 1), "("] : [];
      const store = out.length === 0 && tb[m.end + 1] === "=";
      const field = ["BIT_FIELD_REF", "<"];
      if (view.length > 0 && at(j, view) && renames(m.x, ta[j + view.length] ?? "") && ta[j + view.length + 1] === ")") {
        out.push(...view, m.x, ")");
        j += view.length + 2;
      } else if (!store && at(j, field) && renames(m.x, ta[j + 2] ?? "") && ta[j + 3] === "," && /^[1-9][0-9]*$/.test(ta[j + 4] ?? "") && at(j + 5, [",", "0", ">"])) {
        // the first N bits of x: a read of fewer bytes than x has
        out.push(...field, m.x, ...ta.slice(j + 3, j + 8));
        j += 8;
      } else if (renames(m.x, ta[j] ?? "")) {
        out.push(m.x);
        j++;
      } else {
        // memory still
        out.push(...tb.slice(i, m.end + 1));
        j += m.end + 1 - i;
        i = m.end + 1;
        continue;
      }
      rewrote ??= m.x;
      i = m.end + 1;
      if (out.length === 1 && tb[i] === "=") {
        // a store: the value converted to x's type where GCC says so
        out.push("=");
        i++;
        j++;
        const tx = this.typeOf(m.x);
        if (tx === undefined) continue;
        if (at(j, ["(", ...tx, ")"])) {
          out.push("(", ...tx, ")");
          j += tx.length + 2;
        } else if (at(j, ["VIEW_CONVERT_EXPR", "<", ...tx, ">", "("])) {
          out.push("VIEW_CONVERT_EXPR", "<", ...tx, ">", "(");
          j += tx.length + 4;
          close = true;
        }
      }
    }
    if (rewrote === undefined) return undefined;
    if (close) {
      if (out[out.length - 1] !== ";") return undefined;
      out.splice(out.length - 1, 0, ")");
    }
    if (!this.wholeAccesses) {
      this.wholeAccesses = true;
      this.differences.push({
        kind: "address no longer taken",
        block: ENTRY_ID,
        detail: `${rewrote}'s address is taken only to access it whole or read its first bytes (MEM <T> [&${rewrote}]): the ssa pass makes it a register first (execute_update_addresses_taken, -O1 and up) and renames it`,
        minimumDelta: 0,
      });
    }
    return out;
  }

  /** One statement before against its counterpart after: their occurrences, or a failure. */
  private compare(bb: number, block: number, b: GimpleStmt, a: GimpleStmt): Occurrence[] {
    let tb = tokenize(b.text);
    // a statement the pass left as it was (no variable renamed in it) is cut once: token lists are never changed in place
    const ta = a.text === b.text ? tb : tokenize(a.text);
    if (tb.includes("MEM")) tb = this.addressesTaken(tb, ta) ?? tb;
    const differs = () => {
      this.fail(bb, b, a, `the statement differs beyond renaming: \`${b.text}\` became \`${a.text}\``);
      // the original keeps the statement's occurrences (read once every renamed variable is
      // known), so that the model sees the same original CFG and only this place fails
      this.changed.push({ block, stmt: this.stmts[block].length, before: tb, after: ta });
      return [{ variable: "", value: "", def: false }];
    };
    if (tb.length !== ta.length) return differs();
    const written = writtenPositions(tb);
    const out: Occurrence[] = [];
    for (let k = 0; k < tb.length; k++) {
      if (artificialLabel(tb, k) && artificialLabel(ta, k)) {
        if (!this.relabel(bb, tb[k], ta[k])) return differs();
        continue;
      }
      if (tb[k] === ta[k]) {
        if (this.uids && isName(tb[k]) && variablePosition(tb, k)) this.unrenamed.push({ token: tb[k], block, before: b, after: a });
        continue;
      }
      if (!renames(tb[k], ta[k])) return differs();
      const value = ssaName(ta[k])!.name;
      this.bind(value, tb[k], bb, b, a);
      this.variable(tb[k]);
      // a repeated read of one value is one use; two different values stay two (the checks reject one)
      if (!written.has(k) && out.some((o) => !o.def && o.variable === tb[k] && o.value === value)) continue;
      out.push({ variable: tb[k], value, def: written.has(k) });
    }
    return out;
  }

  /** Statements of one block, paired in order; a clobber missing after is a register's (GIMPLE_NOP in its place) or an unused variable's. */
  private alignBlock(index: number, before: GimpleBlock, after: GimpleBlock | undefined): void {
    const out: ModelStmt[] = [];
    this.stmts[index] = out;
    if (after === undefined) {
      this.fail(before.bb, before.stmts[0], undefined, `block ${before.bb} is missing after SSA construction`);
      return;
    }
    const B = before.stmts;
    const A = after.stmts;
    const counts = new Int32Array(A.length + 1);
    this.modelCount[index] = counts;
    let j = 0;
    for (let i = 0; i < B.length; i++) {
      // only a register's clobber becomes a nop; one through memory (`*this = {CLOBBER}`, which a
      // C++ constructor starts with) stays, renamed (`*this_2(D) ={v} {CLOBBER}`)
      const clobbered = CLOBBER.exec(B[i].text);
      if (clobbered !== null && isName(clobbered[1]) && (j >= A.length || CLOBBER.exec(A[j].text)?.[1] !== clobbered[1])) {
        const nop = j < A.length && A[j].text === NOP;
        out.push({ occurrences: [], clobber: clobbered[1], nop });
        if (nop) counts[++j] = out.length;
        continue;
      }
      if (j >= A.length) {
        this.fail(before.bb, B[i], undefined, `the statement \`${B[i].text}\` is missing after SSA construction`);
        continue;
      }
      const occ = this.compare(before.bb, index, B[i], A[j]);
      if (occ.length > 0) out.push({ occurrences: occ });
      counts[++j] = out.length;
    }
    for (let k = j + 1; k <= A.length; k++) counts[k] = out.length;
    for (; j < A.length; j++) this.fail(before.bb, undefined, A[j], `the statement \`${A[j].text}\` is new after SSA construction`);
  }

  /** Variables of phis: a phi and its arguments share one (union-find over SSA names). */
  private phiVariables(): void {
    const parent = new Map<string, string>();
    const find = (x: string): string => {
      let r = x;
      while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
      // path compression, iteratively
      let y = x;
      while (y !== r) {
        const next = parent.get(y)!;
        parent.set(y, r);
        y = next;
      }
      return r;
    };
    const union = (x: string, y: string) => {
      const rx = find(x);
      const ry = find(y);
      if (rx !== ry) parent.set(rx, ry);
    };
    const phis = this.after.blocks.flatMap((b) => b.phis.map((p) => ({ p, bb: b.bb })));
    for (const { p } of phis) for (const a of p.args) union(p.def, a.value);
    const classVar = new Map<string, string>();
    for (const [value, variable] of this.varOf) {
      if (!parent.has(value)) continue;
      const r = find(value);
      const known = classVar.get(r);
      if (known === undefined) classVar.set(r, variable);
    }
    for (const { p, bb } of phis) {
      const r = find(p.def);
      let variable = classVar.get(r);
      if (variable === undefined) {
        // a web of phis no statement touches (dead): its variable by base name, where one fits
        const base = ssaName(p.def)?.base ?? "";
        const fits = this.variables.filter((v) => renames(v, `${base}_0`));
        if (fits.length === 1) variable = fits[0];
        else {
          const stmt = { text: "", line: p.line };
          this.fail(bb, undefined, stmt, `cannot tell which variable the phi ${p.def} is of`);
          continue;
        }
        classVar.set(r, variable);
      }
      const after = { text: `# ${p.def} = PHI <...>`, line: p.line };
      this.bind(p.def, variable, bb, undefined, after);
      for (const a of p.args) this.bind(a.value, variable, bb, undefined, after);
      if (!renames(variable, `${ssaName(p.def)?.base ?? "?"}_0`)) this.fail(bb, undefined, after, `the phi ${p.def} is not named after its variable ${variable}`);
    }
  }

  pair(): FunctionPair {
    const before = this.before;
    const after = this.after;
    const params = parameterNames(before);
    // parameters first: they are defined at entry in their order
    for (const p of params) this.variable(p);
    before.blocks.forEach((b, i) => this.alignBlock(i, b, this.afterByBb.get(b.bb)));
    const beforeBbs = new Set(before.blocks.map((b) => b.bb));
    for (const b of after.blocks) if (!beforeBbs.has(b.bb)) this.fail(b.bb, undefined, { text: "", line: b.line }, `block ${b.bb} is new after SSA construction`);
    this.phiVariables();
    // variables: the renamed ones (a parameter that is never renamed is memory, or unused)
    const renamed = new Set(this.varOf.values());
    const variables = this.variables.filter((v) => renamed.has(v));
    for (const u of this.unrenamed)
      if (renamed.has(u.token)) this.fail(before.blocks[u.block].bb, u.before, u.after, `${u.token} is renamed elsewhere but not in \`${u.after.text}\``);
    if (!this.uids) this.ambiguousNames(variables, params);
    for (const c of this.changed) this.stmts[c.block][c.stmt] = { occurrences: this.changedOccurrences(c.before, c.after, renamed) };
    // the entry's definitions: GCC's default definition where there is one
    const entryValue = new Map<string, string>();
    for (const [value, variable] of this.varOf) if (value.endsWith("(D)") && !entryValue.has(variable)) entryValue.set(variable, value);
    for (const v of variables) if (!entryValue.has(v)) entryValue.set(v, `${v}(D)`);
    const vars: Record<string, string> = {};
    for (const [value, variable] of this.varOf) vars[value] = variable;
    for (const v of variables) vars[entryValue.get(v)!] = v;

    const uninitialised: StatementPlace[] = [];
    const entryOrig: StmtDoc[] = [];
    const entrySsa: StmtDoc[] = [];
    for (const v of variables) {
      if (!params.has(v)) uninitialised.push({ variable: v, block: ENTRY_ID, stmt: entryOrig.length });
      entryOrig.push({ defs: [v], uses: [] });
      entrySsa.push({ defs: [entryValue.get(v)!], uses: [] });
    }
    const origBlocks: BlockDoc[] = [{ id: ENTRY_ID, preds: [], stmts: entryOrig }];
    const ssaBlocks: BlockDoc[] = [{ id: ENTRY_ID, preds: [], stmts: entrySsa }];
    let phis = 0;
    let used: Set<string> | undefined;
    before.blocks.forEach((b, i) => {
      const id = blockId(b.bb);
      const origStmts: StmtDoc[] = [];
      const ssaStmts: StmtDoc[] = [];
      for (const s of this.stmts[i]) {
        if (s.clobber !== undefined) {
          const where = () => b.stmts.find((x) => CLOBBER.exec(x.text)?.[1] === s.clobber);
          if (!renamed.has(s.clobber)) {
            // memory: its clobber stays. A variable no other statement mentions has nothing to
            // rename: its clobber is removed with it (remove_unused_locals), or, a scalar whose
            // address the ssa pass finds no longer taken (the code taking it was unreachable),
            // it is a register whose clobber is a GIMPLE_NOP; either way no value depends on it
            if ((used ??= usedVariables(before)).has(s.clobber))
              this.fail(b.bb, where(), undefined, `the clobber of ${s.clobber} is ${s.nop ? "a GIMPLE_NOP" : "missing"} after SSA construction, but ${s.clobber} is not renamed and is used`);
            continue;
          }
          if (!s.nop) this.fail(b.bb, where(), undefined, `the clobber of ${s.clobber} is missing after SSA construction, where GIMPLE_NOP replaces a register's clobber`);
          const value = `${s.clobber}(clobber)${uninitialised.length}`;
          vars[value] = s.clobber;
          uninitialised.push({ variable: s.clobber, block: id, stmt: origStmts.length });
          origStmts.push({ defs: [s.clobber], uses: [] });
          ssaStmts.push({ defs: [value], uses: [] });
          continue;
        }
        const uses = s.occurrences.filter((o) => !o.def);
        const defs = s.occurrences.filter((o) => o.def);
        origStmts.push({ defs: defs.map((o) => o.variable), uses: uses.map((o) => o.variable) });
        ssaStmts.push({ defs: defs.map((o) => o.value), uses: uses.map((o) => o.value) });
      }
      origBlocks.push({ id, preds: b.preds.map(blockId), stmts: origStmts });
      const a = this.afterByBb.get(b.bb);
      if (a === undefined) return;
      // GCC names a phi's argument by its predecessor block and has no parallel edges, so the
      // order of a block's predecessors carries nothing: a pass between the two dumps that
      // redirects an edge (fixup_cfg) moves it to the end of the list. The same predecessors in
      // another order are put in the before dump's order, the phis' arguments with them.
      const sameEdges = a.preds.length === b.preds.length && new Set(a.preds).size === a.preds.length && b.preds.every((p) => a.preds.includes(p));
      const preds = sameEdges ? b.preds : a.preds;
      if (sameEdges && a.preds.some((p, k) => p !== b.preds[k]))
        this.differences.push({
          kind: "predecessor order",
          block: id,
          detail: `the dumps list the predecessors in another order (${b.preds.map(blockId).join(", ")} before, ${a.preds.map(blockId).join(", ")} after: a pass between them redirected an edge); read in the before order, each phi argument with its block`,
          minimumDelta: 0,
        });
      const phiDocs: PhiDoc[] = a.phis.map((p) => {
        const args = preds.map((pred) => p.args.find((x) => x.bb === pred)?.value ?? `${p.def}(no argument from ${pred})`);
        if (p.args.length !== a.preds.length || a.preds.some((pred) => !p.args.some((x) => x.bb === pred)))
          this.fail(b.bb, undefined, { text: "", line: p.line }, `the phi ${p.def} has arguments from ${p.args.map((x) => x.bb).join(", ")} but the block's predecessors are ${a.preds.join(", ")}`);
        return { def: p.def, args };
      });
      phis += a.phis.length;
      ssaBlocks.push({ id, preds: preds.map(blockId), phis: phiDocs, stmts: ssaStmts });
    });
    for (const b of after.blocks) if (!beforeBbs.has(b.bb)) ssaBlocks.push({ id: blockId(b.bb), preds: b.preds.map(blockId), stmts: [] });

    const original: FunctionDoc = { kind: "cfg", name: before.name, entry: ENTRY_ID, blocks: origBlocks };
    const ssa: FunctionDoc = { kind: "ssa", name: before.name, entry: ENTRY_ID, blocks: ssaBlocks, vars };
    if (after.debugLines) ssa.debug = this.debugRecords(variables, params, entryValue, entryOrig.length, vars);
    return {
      name: before.name,
      original,
      ssa,
      uninitialised,
      checks: [{ property: SAME_INSTRUCTIONS, failures: this.failures }],
      // every SSA name is defined where GCC defines it (its statement, its phi, ENTRY for `x_3(D)`)
      exactDefinitions: true,
      refinedValue: gimpleRefinement,
      // from the block's `;;   basic block N` header to its last statement
      blockLines: () => Object.fromEntries(before.blocks.map((b) => [blockId(b.bb), [b.line, Math.max(b.line, ...b.stmts.map((s) => s.line))]])),
      phis,
      differences: this.differences,
      stats: { blocks: before.blocks.length, renamed: variables.length, virtual_phis: after.blocks.reduce((s, b) => s + b.virtualPhis, 0) },
    };
  }

  /**
   * The debugger's view (docs/debug-info.md): GCC's binds `# DEBUG x => x_5` as records. The
   * variables with a home are the user variables that into-SSA renames (not its temporaries
   * `D.1992`, nor `<retval>`); a parameter's location at the entry is its incoming value (GCC
   * describes it by the parameter's incoming location, not by a bind), a record after ENTRY's
   * definitions. A bind to `NULL` is unavailable; to an SSA name, that value; to anything else (a
   * debug temporary `D#1`, a constant, an expression), a location formal-ssa does not judge.
   * A bind after the after block's first k statements stands after the model statements made of
   * them (`modelCount`).
   */
  private debugRecords(variables: readonly string[], params: ReadonlySet<string>, entryValue: ReadonlyMap<string, string>, entryStmts: number, vars: Record<string, string>): DebugDoc {
    const tracked = variables.filter(isUserVariable);
    const home = new Set(tracked);
    const records: DebugRecordDoc[] = [];
    for (const p of tracked) if (params.has(p)) records.push({ block: ENTRY_ID, at: entryStmts, var: p, value: entryValue.get(p)! });
    this.before.blocks.forEach((b, i) => {
      const a = this.afterByBb.get(b.bb);
      const counts = this.modelCount[i];
      if (a === undefined || counts === undefined) return;
      for (const bind of a.binds) {
        if (!home.has(bind.variable)) continue;
        const at = counts[Math.min(bind.after, counts.length - 1)];
        const value = bind.value.replace(/\(ab\)$/, "");
        if (value === "NULL") records.push({ block: blockId(b.bb), at, var: bind.variable, value: null });
        // an SSA name of the model, of this variable or (wrongly) of another
        else if (Object.hasOwn(vars, value)) records.push({ block: blockId(b.bb), at, var: bind.variable, value });
        else records.push({ block: blockId(b.bb), at, var: bind.variable, opaque: value });
      }
    });
    return { vars: tracked, records };
  }

  /**
   * A statement that differs beyond renaming: the original's occurrences from the before
   * tokens; the SSA names of the after tokens (those not already in the before statement) in
   * order where they rename them one to one, else a value nothing defines (the checks then fail
   * there too, beside \`same_instructions\`).
   */
  private changedOccurrences(before: string[], after: string[], renamed: ReadonlySet<string>): Occurrence[] {
    const written = writtenPositions(before);
    const orig = before.flatMap((t, k) => (renamed.has(t) && variablePosition(before, k) ? [{ variable: t, def: written.has(k) }] : []));
    const kept = new Set(before);
    const names = after.filter((t) => ssaName(t) !== undefined && !kept.has(t)).map((t) => ssaName(t)!.name);
    const aligned = names.length === orig.length && orig.every((o, i) => renames(o.variable, names[i]));
    return orig.map((o, i) => {
      const value = aligned ? names[i] : `${o.variable}(changed)`;
      if (!this.varOf.has(value)) this.varOf.set(value, o.variable);
      return { ...o, value };
    });
  }

  /**
   * Without `-uid`, two variables of one name (a local shadowing another, or a parameter) are
   * one token in the dump: the pair cannot be told apart, so it is not certified.
   */
  private ambiguousNames(variables: readonly string[], params: ReadonlySet<string>): void {
    const count = new Map<string, number>();
    for (const d of this.before.decls) {
      const name = declaredName(d.text);
      if (name !== undefined) count.set(name, (count.get(name) ?? 0) + 1);
    }
    for (const v of variables) {
      const n = (count.get(v) ?? 0) + (params.has(v) ? 1 : 0);
      if (n > 1)
        this.fail(this.before.blocks[0].bb, this.before.signature, undefined, `${n} variables are named ${v}: dump with -uid (gcc -fdump-tree-cfg-blocks-uid -fdump-tree-ssa-blocks-uid) to tell them apart`);
    }
  }
}

/**
 * A user variable: its name without `-uid`'s `D.N` is a C identifier. GCC's own temporaries
 * (`D.1992`, renamed `_6`) and `<retval>` are not: a debugger shows none of them.
 */
export function isUserVariable(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name.replace(/D\.[0-9]+$/, ""));
}

/** One function before and after GCC's SSA construction as the library's pair. */
export function gimplePair(before: GimpleFunction, after: GimpleFunction): FunctionPair {
  return new Builder(before, after).pair();
}

/**
 * One function's original CFG from the dump before SSA construction alone (for `construct`).
 * Without the after dump, which variables GCC renames is judged from the before dump as
 * `is_gimple_reg` would: declared locals, parameters and `D.N` temporaries that are not
 * static, volatile or aggregates (arrays, structs, unions, complex) and whose address is never
 * taken, that are never clobbered (the gimplifier clobbers only variables in memory) and that
 * never occur but whole (no `x.f`, `x[i]`).
 */
export function gimpleOriginal(fn: GimpleFunction): FunctionDoc {
  const params = parameterNames(fn);
  const candidates = new Set<string>(params);
  const excluded = new Set<string>();
  for (const d of fn.decls) {
    const name = declaredName(d.text);
    if (name === undefined) continue;
    if (/\b(static|extern|volatile|struct|union|complex|vector)\b|\[|__asm__/.test(d.text.replace(/\s=\s.*$/, ""))) excluded.add(name);
    else candidates.add(name);
  }
  const blocks = fn.blocks.map((b) => b.stmts.map((s) => tokenize(s.text)));
  for (const tokens of blocks.flat()) {
    if (tokens.includes("CLOBBER") && isName(tokens[0])) excluded.add(tokens[0]);
    for (let k = 0; k < tokens.length; k++) {
      if (!candidates.has(tokens[k]) || !variablePosition(tokens, k)) continue;
      if (tokens[k - 1] === "&" || tokens[k + 1] === "." || tokens[k + 1] === "[" || tokens[k + 1] === "->") excluded.add(tokens[k]);
    }
  }
  const isVariable = (t: string) => candidates.has(t) && !excluded.has(t);
  const variables = [...new Set([...params, ...candidates])].filter(isVariable);
  const origBlocks: BlockDoc[] = [{ id: ENTRY_ID, preds: [], stmts: variables.map((v) => ({ defs: [v], uses: [] })) }];
  fn.blocks.forEach((b, i) => {
    const stmts: StmtDoc[] = [];
    for (const tokens of blocks[i]) {
      const written = writtenPositions(tokens);
      const defs: string[] = [];
      const uses: string[] = [];
      tokens.forEach((t, k) => {
        if (!isVariable(t) || !variablePosition(tokens, k)) return;
        if (written.has(k)) defs.push(t);
        else if (!uses.includes(t)) uses.push(t);
      });
      if (defs.length + uses.length > 0) stmts.push({ defs, uses });
    }
    origBlocks.push({ id: blockId(b.bb), preds: b.preds.map(blockId), stmts });
  });
  return { kind: "cfg", name: fn.name, entry: ENTRY_ID, blocks: origBlocks };
}

/**
 * Under `--undef refine`, what an uninitialised read became, judged by GCC's semantics: a local's
 * default definition (`x_3(D)`) holds an indeterminate value, which GCC's own passes take to be
 * any value (CCP's UNDEFINED), and GIMPLE has no poison that a value could carry further. So any
 * SSA name refines it. (into-SSA never refines: `--undef strict` is the default.)
 */
export function gimpleRefinement(valueName: string): RefinedValue {
  return { value: valueName, unsound: null, clause: "which refines it: an uninitialised local's default definition is an indeterminate value, which any value refines (GIMPLE has no poison)" };
}
