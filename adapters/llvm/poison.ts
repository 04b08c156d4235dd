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
 * from memory, a call, ...). The proof follows operands to a bounded depth (`MAX_DEPTH`), so no
 * recursion grows with the input; beyond it a value counts as one that may be poison.
 */
import type { LlvmFunction, LlvmInstr } from "./ir.js";
import { llvmName } from "./parse.js";
import type { SourceText } from "./text.js";

const MAX_DEPTH = 24;
/** Values looked at for one question at most (a shared operand may be looked at again). */
const MAX_STEPS = 4096;
/** Operations that, without poison-generating flags, give a defined result from defined operands. */
const PLAIN = new Set([
  "add", "sub", "mul", "and", "or", "xor", "icmp", "fcmp", "select", "phi", "zext", "sext", "trunc", "bitcast", "ptrtoint", "inttoptr",
  "fadd", "fsub", "fmul", "fneg", "fptrunc", "fpext", "sitofp", "uitofp", "getelementptr", "extractvalue", "insertvalue", "extractelement", "insertelement", "addrspacecast",
]);
const POISON_FLAGS = /\b(nsw|nuw|exact|inbounds|nnan|ninf|nsz|arcp|contract|afn|reassoc|fast|disjoint|nneg)\b/;
/** A constant expression in an operand position: an operation's keyword followed by its parenthesis. */
const CONSTANT_EXPRESSION = /\b(getelementptr|ptrtoint|inttoptr|bitcast|addrspacecast|trunc|zext|sext|add|sub|mul|shl|lshr|ashr|and|or|xor|icmp|fcmp|select|extractelement|insertelement|shufflevector)\s*(?:inbounds\s*)?\(/;
const LITERAL = /^(-?\d+|-?\d+\.\d+(e[-+]?\d+)?|0x[0-9A-Fa-f]+|0x[KLMHR][0-9A-Fa-f]+|true|false|null|none|zeroinitializer|undef|c"[^"]*")$/;

export class PoisonOracle {
  private readonly where = new Map<string, { b: number; i: number }>();
  private readonly noundef = new Set<string>();
  private readonly memo = new Map<string, string | null>();
  /** The values being decided (a cycle through a phi comes back to one of them). */
  private readonly open = new Set<string>();
  private steps = 0;

  constructor(
    private readonly fn: LlvmFunction,
    private readonly src: SourceText,
  ) {
    fn.blocks.forEach((blk, b) => blk.instrs.forEach((ins, i) => ins.result !== null && this.where.set(ins.result, { b, i })));
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
    this.steps = 0;
    return this.why(value.trim(), 0);
  }

  private why(text: string, depth: number): string | null {
    if (text.startsWith("%")) return this.local(text.startsWith('%"') ? (JSON.parse(text.slice(1)) as string) : text.slice(1), depth);
    if (text.startsWith("@")) return null;
    if (text === "poison") return "poison itself";
    if (LITERAL.test(text)) return null;
    return `the constant expression ${text}, which the model does not prove well-defined`;
  }

  private local(name: string, depth: number): string | null {
    const known = this.memo.get(name);
    if (known !== undefined) return known;
    const shown = llvmName("%", name);
    const at = this.where.get(name);
    if (at === undefined) return this.noundef.has(name) ? null : `the argument ${shown}, which has no noundef attribute`;
    if (depth >= MAX_DEPTH || ++this.steps > MAX_STEPS) return `${shown}, whose operands are too many or too deep to follow`;
    // a value reached again around a loop (a phi): defined unless something else on the cycle
    // may be poison, which that other operand decides
    if (this.open.has(name)) return null;
    this.open.add(name);
    const r = this.instruction(this.fn.blocks[at.b].instrs[at.i], at, shown, depth);
    this.open.delete(name);
    // "may be poison" holds whatever was assumed of the open values; "cannot be" is kept only
    // once nothing is open (it may rest on an assumption about a value still being decided)
    if (r !== null || this.open.size === 0) this.memo.set(name, r);
    return r;
  }

  private instruction(ins: LlvmInstr, at: { b: number; i: number }, shown: string, depth: number): string | null {
    const text = this.src.instruction(this.fn, at.b, at.i);
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
        return this.operands(ins, shown, depth);
      }
      default:
        if (!PLAIN.has(ins.op)) return `${shown}, the result of ${ins.op}, which the model does not prove well-defined`;
        if (POISON_FLAGS.test(body.split(/[(,]/)[0])) return `${shown} (${body.split(/\s+/).slice(0, 2).join(" ")}: a flag that gives poison)`;
        return this.constants(body, shown) ?? this.operands(ins, shown, depth);
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

  /** Null when no local operand may be poison. */
  private operands(ins: LlvmInstr, shown: string, depth: number): string | null {
    for (const o of ins.operands) {
      const r = this.local(o, depth + 1);
      if (r !== null) return `${shown}, computed from ${r}`;
    }
    return null;
  }
}
