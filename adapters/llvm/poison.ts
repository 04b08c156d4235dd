/**
 * Whether a value of the function after mem2reg may be `poison`, for the uses certified only up
 * to refinement. Before mem2reg, a load of an uninitialised alloca reads `undef`; mem2reg may put
 * another value there (`phi(undef, v)` folded to `v`, a single stored constant or argument given
 * to every load). Replacing `undef` by a value is a refinement only if that value is not
 * `poison`: poison is more undefined than undef. LLVM's own tests record such a fold to a value
 * that may be poison as a known miscompile. So the report separates the refinements to values
 * that cannot be poison from those that may be: the latter are suspected miscompilations.
 *
 * "Cannot be poison" is proved conservatively, never assumed:
 * - constants that are literals (integers, floats, `null`, `true`, `zeroinitializer`, strings),
 *   `undef` itself (undef refines undef), and addresses of globals;
 * - arguments with the `noundef` attribute;
 * - `freeze`, a call whose result is `noundef`, a load with `!noundef` metadata;
 * - phis, `select`, casts, comparisons and arithmetic without poison-generating flags (`nsw`,
 *   `nuw`, `exact`, `inbounds`, fast-math flags), whose operands cannot be poison; shifts only by
 *   a constant amount (a larger amount than the width gives poison, and the width is not checked
 *   here, so a shift by a variable amount may be poison).
 * Anything else may be poison, with the reason (an argument without `noundef`, `add nsw`, a load
 * from memory, a call, ...), given as the chain of operands from the value to it. The answer is
 * the least fixpoint over the whole function, computed once without recursion: a value is never
 * called maybe-poison because its operands are many or deep (a bounded search did so once, and
 * rejected a correct mem2reg; test/fixtures/llvm/hand/poison-chain.*).
 */
import type { LlvmFunction, LlvmInstr } from "./ir.js";
import { llvmName } from "./read.js";
import type { SourceText } from "./text.js";

/** The links of a chain that a reason spells out; a longer chain names how many it skips. */
const SHOWN_LINKS = 8;
/** Operations that, without poison-generating flags, give a defined result from defined operands. */
const PLAIN = new Set([
  "add", "sub", "mul", "and", "or", "xor", "icmp", "fcmp", "select", "phi", "zext", "sext", "trunc", "bitcast", "ptrtoint", "inttoptr",
  "fadd", "fsub", "fmul", "fneg", "fptrunc", "fpext", "sitofp", "uitofp", "getelementptr", "extractvalue", "insertvalue", "extractelement", "insertelement", "addrspacecast",
]);
const POISON_FLAGS = /\b(nsw|nuw|exact|inbounds|nnan|ninf|nsz|arcp|contract|afn|reassoc|fast|disjoint|nneg)\b/;
/** A constant expression in an operand position: an operation's keyword followed by its parenthesis. */
const CONSTANT_EXPRESSION = /\b(getelementptr|ptrtoint|inttoptr|bitcast|addrspacecast|trunc|zext|sext|add|sub|mul|shl|lshr|ashr|and|or|xor|icmp|fcmp|select|extractelement|insertelement|shufflevector)\s*(?:inbounds\s*)?\(/;
const LITERAL = /^(-?\d+|-?\d+\.\d+(e[-+]?\d+)?|0x[0-9A-Fa-f]+|0x[KLMHR][0-9A-Fa-f]+|true|false|null|none|zeroinitializer|undef|c"[^"]*")$/;

/** How one value of the function may be poison: by itself (a reason), or through an operand. */
type Source = { reason: string } | { via: number };

export class PoisonOracle {
  /** The function's values: its instructions with a result, then the arguments their operands name. */
  private readonly index = new Map<string, number>();
  private readonly names: string[] = [];
  private readonly noundef = new Set<string>();
  /** Per value, how it may be poison; undefined when it cannot be. Computed at the first question. */
  private mayBe: (Source | undefined)[] | undefined;

  constructor(
    private readonly fn: LlvmFunction,
    private readonly src: SourceText,
  ) {
    // the parameters' attributes, from the `define` line: `(i32 noundef %x, ptr %p)`
    const header = src.line(fn.line);
    const open = header.indexOf("(", header.indexOf(llvmName("@", fn.name)));
    let depth = 0;
    let start = open + 1;
    for (let k = open; k < header.length && open >= 0; k++) {
      const c = header[k];
      if (c === "(" || c === "[" || c === "{" || c === "<") depth++;
      else if (c === ")" || c === "]" || c === "}" || c === ">") depth--;
      if ((c === "," && depth === 1) || depth === 0) {
        const param = header.slice(start, k);
        const name = /%("[^"]*"|[-A-Za-z$._0-9]+)\s*$/.exec(param)?.[1];
        if (name !== undefined && /\bnoundef\b/.test(param)) this.noundef.add(name.startsWith('"') ? (JSON.parse(name) as string) : name);
        start = k + 1;
        if (depth === 0) break;
      }
    }
  }

  /** Why the value (as written after mem2reg: `%x`, `@g`, `1`) may be poison, or null when it cannot be. */
  mayBePoison(value: string): string | null {
    const text = value.trim();
    if (text.startsWith("%")) {
      const v = this.analysis().index.get(text.startsWith('%"') ? (JSON.parse(text.slice(1)) as string) : text.slice(1));
      // a local the function does not define: an argument (every defined value is numbered)
      if (v === undefined) return this.argument(text.startsWith('%"') ? (JSON.parse(text.slice(1)) as string) : text.slice(1));
      return this.explain(v);
    }
    if (text.startsWith("@")) return null;
    if (text === "poison") return "poison itself";
    if (LITERAL.test(text)) return null;
    return `the constant expression ${text}, which the model does not prove well-defined`;
  }

  private argument(name: string): string | null {
    return this.noundef.has(name) ? null : `the argument ${llvmName("%", name)}, which has no noundef attribute`;
  }

  /**
   * The least fixpoint of "may be poison" over the function's values, in time linear in its
   * instructions and operands: the values that may be poison by themselves (a load, a call, an
   * argument without noundef, a flag, ...) are the sources; a value whose operation passes
   * poison on (plain arithmetic, casts, phis, a shift by a constant) may be poison exactly when
   * one of its operands may be, which a breadth-first walk from the sources along the operands'
   * uses decides. A cycle through phis with no source on it stays defined; each value keeps the
   * operand it was reached from, so that its reason is a chain of real operands to a source.
   */
  private analysis(): { index: Map<string, number>; mayBe: (Source | undefined)[] } {
    if (this.mayBe !== undefined) return { index: this.index, mayBe: this.mayBe };
    const defs: { ins: LlvmInstr; b: number; i: number }[] = [];
    this.fn.blocks.forEach((blk, b) =>
      blk.instrs.forEach((ins, i) => {
        if (ins.result === null || this.index.has(ins.result)) return;
        this.index.set(ins.result, this.names.length);
        this.names.push(ins.result);
        defs.push({ ins, b, i });
      }),
    );
    const number = (name: string): number => {
      let v = this.index.get(name);
      if (v === undefined) {
        v = this.names.length;
        this.index.set(name, v);
        this.names.push(name);
      }
      return v;
    };
    const mayBe: (Source | undefined)[] = [];
    // the uses that pass poison on, as adjacency lists from an operand to its users
    const usersHead: number[] = [];
    const usersNext: number[] = [];
    const usersOf: number[] = [];
    defs.forEach(({ ins, b, i }, v) => {
      const own = this.ownReason(ins, b, i);
      if (own === "passes-on") {
        for (const o of ins.operands) {
          const u = number(o);
          usersOf.push(v);
          usersNext.push(usersHead[u] ?? -1);
          usersHead[u] = usersOf.length - 1;
        }
      } else if (own !== null) mayBe[v] = { reason: own };
    });
    for (let v = defs.length; v < this.names.length; v++) {
      const reason = this.argument(this.names[v]);
      if (reason !== null) mayBe[v] = { reason };
    }
    const queue: number[] = [];
    for (let v = 0; v < this.names.length; v++) if (mayBe[v] !== undefined) queue.push(v);
    for (let head = 0; head < queue.length; head++) {
      const u = queue[head];
      for (let e = usersHead[u] ?? -1; e >= 0; e = usersNext[e]) {
        const user = usersOf[e];
        if (mayBe[user] !== undefined) continue;
        mayBe[user] = { via: u };
        queue.push(user);
      }
    }
    this.mayBe = mayBe;
    return { index: this.index, mayBe };
  }

  /** The chain from the value through the operands it was reached by, to its source's reason. */
  private explain(v: number): string | null {
    const mayBe = this.mayBe!;
    if (mayBe[v] === undefined) return null;
    const links: string[] = [];
    let at = v;
    let skipped = 0;
    for (let s = mayBe[at]!; "via" in s; s = mayBe[at]!) {
      if (links.length < SHOWN_LINKS) links.push(llvmName("%", this.names[at]));
      else skipped++;
      at = s.via;
    }
    const source = (mayBe[at] as { reason: string }).reason;
    if (skipped > 0) links.push(`${skipped} more value${skipped === 1 ? "" : "s"}, computed from ${source}`);
    else links.push(source);
    return links.join(", computed from ");
  }

  /**
   * Why the instruction's result may be poison whatever its local operands are, "passes-on" when
   * it is poison only if one of them is, or null when it cannot be poison at all.
   */
  private ownReason(ins: LlvmInstr, b: number, i: number): string | "passes-on" | null {
    const shown = llvmName("%", ins.result!);
    const text = this.src.instruction(this.fn, b, i);
    const body = text.slice(text.indexOf("=") + 1).trim();
    switch (ins.op) {
      case "freeze":
        return null;
      case "call":
        return /^(tail\s+|musttail\s+|notail\s+)?call\b[^@%(]*\bnoundef\b/.test(body) ? null : `${shown}, the result of a call without noundef`;
      case "load":
        return /!noundef\b/.test(text) ? null : `${shown}, a load from memory, which may hold poison`;
      case "shl":
      case "lshr":
      case "ashr": {
        if (POISON_FLAGS.test(body)) return `${shown} (${ins.op} with a flag that gives poison)`;
        const amount = /,\s*(\S+)\s*$/.exec(body.replace(/,\s*!.*$/, ""))?.[1];
        if (amount === undefined || amount.startsWith("%")) return `${shown}, a shift by a variable amount (too large an amount gives poison)`;
        return "passes-on";
      }
      default:
        if (!PLAIN.has(ins.op)) return `${shown}, the result of ${ins.op}, which the model does not prove well-defined`;
        if (POISON_FLAGS.test(body.split(/[(,]/)[0])) return `${shown} (${body.split(/\s+/).slice(0, 2).join(" ")}: a flag that gives poison)`;
        return this.constants(body, shown) ?? "passes-on";
    }
  }

  /**
   * The operands written as constants in the instruction's text: `poison` itself, or a constant
   * expression (`ptrtoint (ptr @g to i64)`, `getelementptr inbounds (...)`), which the model does
   * not prove well-defined; null when they are literals and globals.
   */
  private constants(body: string, shown: string): string | null {
    const operandsText = body.slice(body.search(/\s/) + 1);
    if (/\bpoison\b/.test(operandsText)) return `${shown}, computed from poison`;
    const expr = CONSTANT_EXPRESSION.exec(operandsText);
    return expr === null ? null : `${shown}, computed from a constant expression (${expr[1]} ...), which the model does not prove well-defined`;
  }
}
