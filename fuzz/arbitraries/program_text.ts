/**
 * The text of a structured program (structured.ts) read back: `parseProgram(text)` is the
 * inverse of `formatProgram`, so that a program can be typed, pasted or shared as text
 * (`parseProgram(formatProgram(p))` gives `p` back, the variables given; a property test checks
 * it). Grammar, one statement per line or several separated by `;`:
 *
 *   stmt   := [NAMES ":="] NAME "(" [NAMES] ")"        assignment `defs := f(uses)` (any name for f)
 *           | "if" "(" [NAMES] ")" "{" stmts "}" ["else" "{" stmts "}"]
 *           | "while" "(" [NAMES] ")" "{" stmts "}"
 *           | "do" "{" stmts "}" "while" "(" [NAMES] ")"
 *           | "switch" "(" [NAMES] ")" "{" { LABELS stmts } ["default" ":" stmts] "}"
 *           | "break" | "continue" | "return" [NAMES]
 *   LABELS := "case" INT ":" { "case" INT ":" }           on one line: one case with several labels
 *   NAMES  := NAME { "," NAME }
 *
 * A NAME is a letter or `_` then letters, digits and `_`, and not a keyword (`if`, `else`,
 * `while`, `do`, `switch`, `case`, `default`, `break`, `continue`, `return`). Case label numbers
 * are for reading only (as `formatProgram` prints them); labels on one line belong to one case,
 * labels on lines of their own each open a case (an empty case that falls through). Indentation
 * is free, `//` starts a comment to the end of the line, and the depth prefix `formatProgram`
 * writes beyond `MAX_PRINT_INDENT` (`[40] a := f(b)`) is skipped.
 *
 * The program's variables are `options.vars` when given (it must name every variable the text
 * uses), else the variables the text names in the order of `variableName` (shorter first, then
 * alphabetical), which is the generators' order. Errors are `SyntaxError`s of one line:
 * `line L, column C: what is wrong` (both counted from 1).
 */
import type { Program, Stmt, SwitchCase } from "./structured.js";

export interface ParseProgramOptions {
  /** The program's variables, in order (for the entry definitions of `lowerProgram`). */
  vars?: readonly string[];
}

const KEYWORDS = new Set(["if", "else", "while", "do", "switch", "case", "default", "break", "continue", "return"]);

type TokKind = "name" | "int" | "punct" | "end";
interface Tok {
  kind: TokKind;
  text: string;
  line: number;
  col: number;
}

function fail(line: number, col: number, message: string): never {
  throw new SyntaxError(`line ${line}, column ${col}: ${message}`);
}

function tokenize(text: string): Tok[] {
  const toks: Tok[] = [];
  const lines = text.split(/\r\n|\n|\r/);
  for (let l = 0; l < lines.length; l++) {
    const s = lines[l];
    let i = 0;
    // the depth prefix of formatProgram beyond MAX_PRINT_INDENT
    const prefix = /^\s*\[\d+\] /.exec(s);
    if (prefix !== null) i = prefix[0].length;
    while (i < s.length) {
      const c = s[i];
      if (c === " " || c === "\t") {
        i++;
        continue;
      }
      if (c === "/" && s[i + 1] === "/") break;
      const at = { line: l + 1, col: i + 1 };
      if (/[A-Za-z_]/.test(c)) {
        let j = i + 1;
        while (j < s.length && /[A-Za-z0-9_]/.test(s[j])) j++;
        toks.push({ kind: "name", text: s.slice(i, j), ...at });
        i = j;
      } else if (/[0-9]/.test(c)) {
        let j = i + 1;
        while (j < s.length && /[0-9]/.test(s[j])) j++;
        toks.push({ kind: "int", text: s.slice(i, j), ...at });
        i = j;
      } else if (c === ":" && s[i + 1] === "=") {
        toks.push({ kind: "punct", text: ":=", ...at });
        i += 2;
      } else if ("(){},:;".includes(c)) {
        toks.push({ kind: "punct", text: c, ...at });
        i++;
      } else {
        fail(at.line, at.col, `unexpected character ${JSON.stringify(c)}`);
      }
    }
  }
  const last = lines.length;
  toks.push({ kind: "end", text: "end of input", line: last, col: (lines[last - 1] ?? "").length + 1 });
  return toks;
}

const describe = (t: Tok) => (t.kind === "end" ? "the end of the input" : JSON.stringify(t.text));

/** Reads a program written as `formatProgram` writes it; see the file's comment for the grammar. */
export function parseProgram(text: string, options: ParseProgramOptions = {}): Program {
  const toks = tokenize(text);
  let pos = 0;
  const peek = (k = 0) => toks[Math.min(pos + k, toks.length - 1)];
  const next = () => toks[pos < toks.length - 1 ? pos++ : pos];
  const isPunct = (t: Tok, p: string) => t.kind === "punct" && t.text === p;
  const isWord = (t: Tok, w: string) => t.kind === "name" && t.text === w;
  const expect = (p: string, what = JSON.stringify(p)): Tok => {
    const t = next();
    if (!isPunct(t, p)) fail(t.line, t.col, `expected ${what}, found ${describe(t)}`);
    return t;
  };
  const seen = new Map<string, Tok>();
  const name = (): string => {
    const t = next();
    if (t.kind !== "name") fail(t.line, t.col, `expected a variable name, found ${describe(t)}`);
    if (KEYWORDS.has(t.text)) fail(t.line, t.col, `"${t.text}" is a keyword, not a variable name`);
    if (!seen.has(t.text)) seen.set(t.text, t);
    return t.text;
  };
  /** NAMES, possibly none, up to (not including) `close`; no name twice. */
  const names = (close: string): string[] => {
    const out: string[] = [];
    if (isPunct(peek(), close)) return out;
    for (;;) {
      const t = peek();
      const n = name();
      if (out.includes(n)) fail(t.line, t.col, `${n} named twice in one list`);
      out.push(n);
      if (!isPunct(peek(), ",")) return out;
      next();
    }
  };
  const condition = (): string[] => {
    expect("(");
    const c = names(")");
    expect(")", '"," or ")"');
    return c;
  };
  /** Where a jump may go: the enclosing loops and switches, innermost last. */
  const context: ("loop" | "switch")[] = [];
  const endsList = (t: Tok) => t.kind === "end" || isPunct(t, "}") || isWord(t, "case") || isWord(t, "default");
  const block = (ctx?: "loop" | "switch"): Stmt[] => {
    expect("{");
    if (ctx !== undefined) context.push(ctx);
    const body = list(false);
    if (ctx !== undefined) context.pop();
    expect("}", 'a statement or "}"');
    return body;
  };
  const list = (top: boolean): Stmt[] => {
    const out: Stmt[] = [];
    for (;;) {
      while (isPunct(peek(), ";")) next();
      const t = peek();
      if (endsList(t)) {
        if (top && t.kind !== "end") fail(t.line, t.col, `unexpected ${describe(t)}`);
        return out;
      }
      out.push(statement());
    }
  };
  const statement = (): Stmt => {
    const t = peek();
    if (t.kind !== "name") fail(t.line, t.col, `expected a statement, found ${describe(t)}`);
    switch (t.text) {
      case "if": {
        next();
        const cond = condition();
        const then = block();
        let els: Stmt[] = [];
        if (isWord(peek(), "else")) {
          next();
          els = block();
        }
        return { kind: "if", cond, then, else: els };
      }
      case "while": {
        next();
        const cond = condition();
        return { kind: "while", cond, body: block("loop") };
      }
      case "do": {
        next();
        const body = block("loop");
        const w = next();
        if (!isWord(w, "while")) fail(w.line, w.col, `expected "while" after the body of do, found ${describe(w)}`);
        return { kind: "doWhile", body, cond: condition() };
      }
      case "switch": {
        next();
        const cond = condition();
        expect("{");
        context.push("switch");
        const cases: SwitchCase[] = [];
        let dflt: Stmt[] | null = null;
        for (;;) {
          const h = peek();
          if (isPunct(h, "}")) break;
          if (isWord(h, "case")) {
            if (dflt !== null) fail(h.line, h.col, "a case after default (default is the last arm)");
            let labels = 0;
            // labels on the line of the first: one case
            while (isWord(peek(), "case") && (labels === 0 || peek().line === h.line)) {
              next();
              const n = next();
              if (n.kind !== "int") fail(n.line, n.col, `expected a case label number, found ${describe(n)}`);
              expect(":");
              labels++;
            }
            cases.push({ labels, body: list(false) });
          } else if (isWord(h, "default")) {
            if (dflt !== null) fail(h.line, h.col, "a second default");
            next();
            expect(":");
            dflt = list(false);
          } else {
            fail(h.line, h.col, `expected "case", "default" or "}" in a switch, found ${describe(h)}`);
          }
        }
        context.pop();
        expect("}");
        return { kind: "switch", cond, cases, default: dflt };
      }
      case "break":
        next();
        if (context.length === 0) fail(t.line, t.col, "break outside a loop or switch");
        return { kind: "break" };
      case "continue":
        next();
        if (!context.includes("loop")) fail(t.line, t.col, "continue outside a loop");
        return { kind: "continue" };
      case "return": {
        next();
        // `return a, b` reads on its own line only: a name on the next line is a new statement
        const uses = peek().kind === "name" && peek().line === t.line && !KEYWORDS.has(peek().text) ? names("\n") : [];
        return { kind: "return", uses };
      }
      case "else":
        fail(t.line, t.col, '"else" without an if');
      default: {
        if (KEYWORDS.has(t.text)) fail(t.line, t.col, `unexpected ${describe(t)}`);
        // `defs := f(uses)` or `f(uses)`
        let defs: string[] = [];
        if (!isPunct(peek(1), "(")) {
          defs = names(":=");
          expect(":=", '"," or ":="');
        }
        const f = next();
        if (f.kind !== "name") fail(f.line, f.col, `expected a function call such as f(x), found ${describe(f)}`);
        expect("(", '"(" after the function name');
        const uses = names(")");
        expect(")", '"," or ")"');
        return { kind: "assign", defs, uses };
      }
    }
  };
  const body = list(true);
  let vars: string[];
  if (options.vars !== undefined) {
    vars = [...options.vars];
    for (const [v, t] of seen) if (!vars.includes(v)) fail(t.line, t.col, `${v} is not one of the program's variables (${vars.join(", ")})`);
  } else {
    vars = [...seen.keys()].sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  }
  return { vars, body };
}
