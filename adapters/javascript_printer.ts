/**
 * Random JavaScript for the fuzz targets of JavaScript compilers (the React Compiler's,
 * adapters/react-compiler/fuzz.ts, and Hermes's, adapters/hermes/fuzz.ts): one case's structured
 * program (fuzz/arbitraries/structured.ts) as one function, `function NAME(p0, p1) {...}`. Shared
 * by both targets, as the other files at the top of adapters/ are shared by every adapter.
 *
 * Statements: assignments, `if`, `while`, `do`-`while`, `switch` with fallthrough and several
 * labels per case, `break`, `continue`, `return`. Variables are `let`, those of `uninitialised`
 * as `let x;`, the others starting from the parameters. Every assignment reads its uses through a
 * call of an outer function (`g(x, y)`, a global the compiler cannot see into), so that the
 * compiler keeps the reads whatever it proves about the values.
 *
 * The case's `style` (through `styleChoices`; 0 is the plainest printing) picks JavaScript
 * features that keep the control flow of the program, each of which a compiler lowers its own
 * way: `const` for a variable the body never assigns; labelled loops and switches with labelled
 * `break` and `continue`; `for (let i = 0; c; )` and `for...of` for `while`; `try`/`catch` around a
 * statement (exception edges from every instruction that may throw to the handler); closures that
 * read or write a variable (which keeps it in memory: a context variable of the React Compiler, a
 * frame variable of Hermes), also created inside loops; array and object destructuring;
 * conditions the compiler can fold (a literal, or a variable assigned a constant) and constant
 * assignments, so that its later passes have work. Options add what not every compiler takes:
 * `finally` (the React Compiler gives up on it, a `Todo` bailout; Hermes lowers it by copying
 * the finally block onto every way out) and `var` declarations (function-scoped; Hermes stores
 * `undefined` into a `var`'s slot at the function's start).
 */
import type { FuzzCase } from "./fuzz_target.js";
import { styleChoices } from "./fuzz_target.js";
import type { Program, Stmt } from "../fuzz/arbitraries/structured.js";

/** What a compiler's target adds to the common printing (each off by default: the React Compiler's printing). */
export interface JsPrinterOptions {
  /** `try`/`finally` and `try`/`catch`/`finally` besides `try`/`catch`. */
  finally?: boolean;
  /** `var` for some variables (uninitialised ones as `var x;`). */
  varDeclarations?: boolean;
}

/** The outer function every printed read goes through (a global: the compiler cannot see into it). */
export const CALL = "g";

/**
 * Names a variable of a program may not have in the printed function: JavaScript's reserved words
 * (`variableName` reaches some past 26 variables), and the printer's own `g`, `K` and the writing
 * closure's parameter `v`, which a variable of that name would shadow. Such a variable gets `_`.
 */
const RESERVED = new Set(
  "g K v break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof let new null return super switch this throw true try typeof var void while with yield await static implements interface package private protected public arguments eval undefined NaN Infinity".split(
    " ",
  ),
);

/** A break or continue target: a loop or a switch, with its label when it has one. */
interface Target {
  kind: "loop" | "switch";
  label?: string;
}

/** Work of the printer's explicit stack: a line to write, or a statement to print. */
type Work =
  | { kind: "line"; text: string; depth: number }
  | { kind: "stmt"; stmt: Stmt; depth: number; targets: readonly Target[]; noTry?: boolean }
  /** The end of a do-while: its condition, whose choices are made after the body's. */
  | { kind: "do-end"; cond: readonly string[]; depth: number };

/** What the function-level choices decided for one variable. */
interface VariableStyle {
  /** The printed name. */
  name: string;
  /** `const` (initialised and never assigned in the body). */
  constant: boolean;
  /** A closure that reads it (`get_x`), one that writes it (`set_x`). */
  reader: boolean;
  writer: boolean;
}

/** The variables the body's statements assign, and those they mention at all (read or assign). */
function variablesOf(body: readonly Stmt[]): { assigned: Set<string>; mentioned: Set<string> } {
  const assigned = new Set<string>();
  const mentioned = new Set<string>();
  const stack: (readonly Stmt[])[] = [body];
  while (stack.length > 0) {
    for (const s of stack.pop()!) {
      if (s.kind === "assign") for (const d of s.defs) assigned.add(d);
      if (s.kind === "assign") for (const v of [...s.defs, ...s.uses]) mentioned.add(v);
      else if (s.kind === "return") for (const v of s.uses) mentioned.add(v);
      else if (s.kind === "if" || s.kind === "while" || s.kind === "doWhile" || s.kind === "switch") for (const v of s.cond) mentioned.add(v);
      if (s.kind === "if") stack.push(s.then, s.else);
      else if (s.kind === "while" || s.kind === "doWhile") stack.push(s.body);
      else if (s.kind === "switch") {
        for (const c of s.cases) stack.push(c.body);
        if (s.default !== null) stack.push(s.default);
      }
    }
  }
  return { assigned, mentioned };
}

/** Whether control can reach the end of a statement list (structurally: no jump on every path). */
function fallsThrough(list: readonly Stmt[]): boolean {
  // a list's last statement decides; compound statements are treated as falling through unless
  // they are jumps themselves: an over-approximation that only adds an unreachable return
  const last = list[list.length - 1];
  return last === undefined || (last.kind !== "break" && last.kind !== "continue" && last.kind !== "return");
}

/** One case's function. */
export class CasePrinter {
  private readonly choose: (n: number) => number;
  private readonly vars = new Map<string, VariableStyle>();
  private readonly lines: string[] = [];
  private labels = 0;
  private catches = 0;
  private loopValues = 0;
  /** Whether a condition printed `K`, the constant the header then declares. */
  private usesConstant = false;

  constructor(
    private readonly c: Extract<FuzzCase, { kind: "program" }>,
    private readonly name: string,
    private readonly options: JsPrinterOptions = {},
  ) {
    this.choose = styleChoices(c.style);
  }

  print(): string[] {
    const p: Program = this.c.program;
    const uninitialised = new Set(this.c.uninitialised);
    const { assigned, mentioned } = variablesOf(p.body);
    // only the variables the program mentions are declared: a shrunk case prints small
    const vars = p.vars.filter((v) => mentioned.has(v));
    // function-level choices first, in the variables' order
    const header: string[] = [];
    const closures: string[] = [];
    vars.forEach((v, i) => {
      const name = RESERVED.has(v) ? `${v}_` : v;
      const initialised = !uninitialised.has(v);
      const constant = initialised && !assigned.has(v) && this.choose(2) === 1;
      // a closure makes a variable that is assigned a context variable (memory, no phis) in
      // the whole function: rare enough that most cases keep most variables in registers
      const closure = this.choose(10);
      const style: VariableStyle = { name, constant, reader: closure === 1 || closure === 3, writer: !constant && (closure === 2 || closure === 3) };
      this.vars.set(v, style);
      // (a choice only under the option: without it the printing is what it always was)
      const declared = this.options.varDeclarations === true && !constant && this.choose(2) === 1 ? "var" : "let";
      if (!initialised) header.push(`${declared} ${name};`);
      else {
        // from a parameter, or a constant the compiler can propagate
        const init = this.choose(3) === 1 ? String(i + 1) : `p${i % 2}`;
        header.push(`${constant ? "const" : declared} ${name} = ${init};`);
      }
      if (style.reader) closures.push(`const get_${name} = () => ${name};`);
      if (style.writer) closures.push(`const set_${name} = (v) => {`, `  ${name} = v;`, `};`);
    });
    const returnsAll = this.choose(2) === 1 && fallsThrough(p.body);
    this.body(p.body);
    if (returnsAll) this.lines.push(`  return [${vars.map((v) => this.read(v)).join(", ")}];`);
    const constant = this.usesConstant ? ["const K = 1;"] : [];
    return [`function ${this.name}(p0, p1) {`, ...[...header, ...constant, ...closures].map((l) => `  ${l}`), ...this.lines, "}"];
  }

  /** A variable as an expression: itself, or through its reading closure. */
  private read(v: string): string {
    const s = this.vars.get(v)!;
    return s.reader && this.choose(2) === 1 ? `get_${s.name}()` : s.name;
  }

  private nameOf(v: string): string {
    return this.vars.get(v)!.name;
  }

  /** The value an assignment or condition computes from its uses: always through a call, so that every read is kept. */
  private value(uses: readonly string[]): string {
    const reads = uses.map((u) => this.read(u));
    switch (reads.length === 0 ? 0 : this.choose(8)) {
      case 1:
        return `${CALL}(${reads.join(" + ")}${reads.length === 1 ? " + 1" : ""})`;
      case 2:
        // a closure created where the statement runs (in a loop: a new one each time around)
        return `${CALL}(() => ${reads[0]}${reads.length > 1 ? `, ${reads.slice(1).join(", ")}` : ""})`;
      default:
        return `${CALL}(${reads.join(", ")})`;
    }
  }

  /** A condition: a call of its uses, or without uses a literal or a constant the compiler can fold. */
  private condition(uses: readonly string[]): string {
    if (uses.length > 0) return uses.length === 1 && this.choose(2) === 1 ? this.read(uses[0]) : this.value(uses);
    switch (this.choose(4)) {
      case 1:
        return "true";
      case 2:
        return "false";
      case 3:
        this.usesConstant = true;
        return "K";
      default:
        return `${CALL}()`;
    }
  }

  private assignment(defs: readonly string[], uses: readonly string[]): string {
    if (defs.length === 1) {
      const d = this.vars.get(defs[0])!;
      // without uses: sometimes a constant, for the compiler's constant propagation
      const value = uses.length === 0 && this.choose(2) === 1 ? "2" : this.value(uses);
      return d.writer && this.choose(2) === 1 ? `set_${d.name}(${value});` : `${d.name} = ${value};`;
    }
    const names = defs.map((d) => this.nameOf(d));
    switch (this.choose(3)) {
      case 1:
        return `({ ${names.join(", ")} } = ${this.value(uses)});`;
      case 2: {
        // one element per def, the uses shared out among them in order
        const per = Math.ceil(uses.length / defs.length);
        return `[${names.join(", ")}] = [${defs.map((_, i) => this.value(uses.slice(i * per, (i + 1) * per))).join(", ")}];`;
      }
      default:
        return `[${names.join(", ")}] = ${this.value(uses)};`;
    }
  }

  /** A jump to `target`, labelled where the target has a label. */
  private jump(kind: "break" | "continue", target: Target | undefined): string {
    return target?.label !== undefined && this.choose(2) === 0 ? `${kind} ${target.label};` : `${kind};`;
  }

  private body(list: readonly Stmt[]): void {
    const stack: Work[] = [];
    const pushList = (stmts: readonly Stmt[], depth: number, targets: readonly Target[]) => {
      for (let i = stmts.length - 1; i >= 0; i--) stack.push({ kind: "stmt", stmt: stmts[i], depth, targets });
    };
    pushList(list, 1, []);
    while (stack.length > 0) {
      const w = stack.pop()!;
      const pad = "  ".repeat(w.depth);
      if (w.kind === "line") {
        this.lines.push(pad + w.text);
        continue;
      }
      if (w.kind === "do-end") {
        this.lines.push(`${pad}} while (${this.condition(w.cond)});`);
        continue;
      }
      const { stmt: s, depth, targets } = w;
      // a try around the statement: every instruction in it that may throw gets an edge to the handler
      if (w.noTry !== true && this.choose(6) === 1) {
        const e = `e${this.catches++}`;
        const handler = this.choose(2) === 1 ? `catch (${e}) {` : "catch {";
        // under the option: 0 catch, 1 catch and finally, 2 finally alone (a choice only then)
        const form = this.options.finally === true ? this.choose(3) : 0;
        // what comes after the body, pushed first (the stack pops it last): the finally block, which
        // calls out (a statement that may throw, in every copy the compiler makes of it)
        stack.push({ kind: "line", text: "}", depth });
        if (form !== 0) stack.push({ kind: "line", text: `${CALL}();`, depth: depth + 1 }, { kind: "line", text: "} finally {", depth });
        if (form !== 2) stack.push(...(handler.startsWith("catch (") ? [{ kind: "line" as const, text: `${CALL}(${e});`, depth: depth + 1 }] : []), { kind: "line", text: `} ${handler}`, depth });
        stack.push({ ...w, depth: depth + 1, noTry: true }, { kind: "line", text: "try {", depth });
        continue;
      }
      const inner = depth + 1;
      switch (s.kind) {
        case "assign":
          this.lines.push(pad + this.assignment(s.defs, s.uses));
          break;
        case "break": {
          this.lines.push(pad + this.jump("break", targets[targets.length - 1]));
          break;
        }
        case "continue": {
          const loop = targets.findLast((t) => t.kind === "loop");
          this.lines.push(pad + this.jump("continue", loop));
          break;
        }
        case "return":
          this.lines.push(pad + (s.uses.length === 0 ? "return;" : `return ${this.value(s.uses)};`));
          break;
        case "if": {
          const cond = this.condition(s.cond);
          this.lines.push(`${pad}if (${cond}) {`);
          if (s.else.length > 0) {
            stack.push({ kind: "line", text: "}", depth });
            pushList(s.else, inner, targets);
            stack.push({ kind: "line", text: "} else {", depth });
          } else stack.push({ kind: "line", text: "}", depth });
          pushList(s.then, inner, targets);
          break;
        }
        case "while": {
          const form = this.choose(4);
          const label = form === 2 ? `L${this.labels++}` : undefined;
          const target: Target = { kind: "loop", ...(label !== undefined ? { label } : {}) };
          if (form === 3 && s.cond.length === 0) this.lines.push(`${pad}for (const x${this.loopValues++} of ${CALL}()) {`);
          else {
            const cond = this.condition(s.cond);
            if (form === 1) this.lines.push(`${pad}for (let i${this.loopValues++} = 0; ${cond}; ) {`);
            else this.lines.push(`${pad}${label !== undefined ? `${label}: ` : ""}while (${cond}) {`);
          }
          stack.push({ kind: "line", text: "}", depth });
          pushList(s.body, inner, [...targets, target]);
          break;
        }
        case "doWhile": {
          const label = this.choose(2) === 1 ? `L${this.labels++}` : undefined;
          const target: Target = { kind: "loop", ...(label !== undefined ? { label } : {}) };
          this.lines.push(`${pad}${label !== undefined ? `${label}: ` : ""}do {`);
          stack.push({ kind: "do-end", cond: s.cond, depth });
          pushList(s.body, inner, [...targets, target]);
          break;
        }
        case "switch": {
          const label = this.choose(2) === 1 ? `S${this.labels++}` : undefined;
          const target: Target = { kind: "switch", ...(label !== undefined ? { label } : {}) };
          const disc = s.cond.length === 1 && this.choose(2) === 1 ? this.read(s.cond[0]) : this.value(s.cond);
          this.lines.push(`${pad}${label !== undefined ? `${label}: ` : ""}switch (${disc}) {`);
          stack.push({ kind: "line", text: "}", depth });
          const arms: Array<{ head: string[]; body: readonly Stmt[] }> = [];
          let value = 1;
          for (const c of s.cases) {
            const head: string[] = [];
            for (let l = 0; l < c.labels; l++) head.push(`case ${value++}:`);
            arms.push({ head, body: c.body });
          }
          if (s.default !== null) arms.push({ head: ["default:"], body: s.default });
          const within = [...targets, target];
          for (let a = arms.length - 1; a >= 0; a--) {
            pushList(arms[a].body, inner + 1, within);
            for (let h = arms[a].head.length - 1; h >= 0; h--) stack.push({ kind: "line", text: arms[a].head[h], depth: inner });
          }
          break;
        }
      }
    }
  }
}

