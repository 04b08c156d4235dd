/**
 * GIMPLE statements as GCC's pretty printer writes them, cut into tokens for a positional
 * comparison of the two dumps (pair.ts): the into-SSA pass only renames variables, so a
 * statement after it has the same tokens as before except that an occurrence of a renamed
 * variable `x` (or `xD.1981` under `-uid`, or a temporary `D.1992`) has become an SSA name
 * (`x_5`, `x_3(D)`, `x_7(ab)`, `_6`).
 *
 * Tokens: names (`x`, `D.1992`, `iftmp.0`, `gotovar.0D.2043`, `n.2_1`, `<retval>`, with an SSA
 * name's `(D)`/`(ab)` suffix attached), numbers, string and character literals whole, the operators
 * GIMPLE prints (`==`, `->`, `<<`, ...) and single characters. `={v}` (an assignment the operand
 * scanner marked volatile: it runs between the two dumps, so the same statement prints `=` before
 * and `={v}` after) is the token `=`.
 */

const NAME_START = /[A-Za-z_$]/;
/** The result declaration, as GIMPLE prints it. */
const RETVAL = "<retval>";

// character codes, for a scanner that tests codes rather than one-character strings (this is
// GCC's hot path: every statement of both dumps is cut here)
const SPACE = 32;
const TAB = 9;
const DOT = 46;
const HASH = 35;
const QUOTE = 34;
const APOSTROPHE = 39;
const BACKSLASH = 92;
const LESS = 60;
const EQUALS = 61;
const LBRACE = 123;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
/** `[A-Za-z_$]` */
const isNameStart = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
/** `[A-Za-z0-9_$]` */
const isNameChar = (c: number): boolean => isNameStart(c) || isDigit(c);

/** The operator of two characters GIMPLE prints at `i` (`->`, `==`, `!=`, `<=`, `>=`, `<<`, `>>`, `&&`, `||`), or undefined. */
function operatorAt(text: string, i: number, c: number): string | undefined {
  if (i + 1 >= text.length) return undefined;
  const d = text.charCodeAt(i + 1);
  switch (c) {
    case 45: // -
      return d === 62 ? "->" : undefined;
    case 61: // =
      return d === 61 ? "==" : undefined;
    case 33: // !
      return d === 61 ? "!=" : undefined;
    case 60: // <
      return d === 61 ? "<=" : d === 60 ? "<<" : undefined;
    case 62: // >
      return d === 61 ? ">=" : d === 62 ? ">>" : undefined;
    case 38: // &
      return d === 38 ? "&&" : undefined;
    case 124: // |
      return d === 124 ? "||" : undefined;
    default:
      return undefined;
  }
}

export function tokenize(text: string): string[] {
  const out: string[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === SPACE || c === TAB) {
      i++;
      continue;
    }
    if (isNameStart(c)) {
      let j = i + 1;
      for (;;) {
        while (j < n && isNameChar(text.charCodeAt(j))) j++;
        // `.N...` continues a name (`D.1992`, `iftmp.0`, `n.2_1`, `gotovar.0D.2043`); a field access does not;
        // so does `#N` (a C++ parameter pack's element, `__args#0D.69796`)
        if (j + 1 < n && (text.charCodeAt(j) === DOT || text.charCodeAt(j) === HASH) && isDigit(text.charCodeAt(j + 1))) {
          j++;
          continue;
        }
        break;
      }
      if (text.startsWith("(D)", j)) j += 3;
      if (text.startsWith("(ab)", j)) j += 4;
      out.push(text.slice(i, j));
      i = j;
      continue;
    }
    if (isDigit(c)) {
      let j = i + 1;
      while (j < n && (isNameChar(text.charCodeAt(j)) || text.charCodeAt(j) === DOT)) j++;
      out.push(text.slice(i, j));
      i = j;
      continue;
    }
    if (c === QUOTE || c === APOSTROPHE) {
      let j = i + 1;
      while (j < n && text.charCodeAt(j) !== c) j += text.charCodeAt(j) === BACKSLASH ? 2 : 1;
      j = Math.min(j + 1, n);
      out.push(text.slice(i, j));
      i = j;
      continue;
    }
    // the function's result, a register when returned through a hidden pointer (C++'s
    // return-by-invisible-reference): into-SSA renames it like a temporary (`_2(D)`)
    if (c === LESS && text.startsWith(RETVAL, i)) {
      out.push(RETVAL);
      i += RETVAL.length;
      continue;
    }
    if (c === EQUALS && text.charCodeAt(i + 1) === LBRACE && text.startsWith("={v}", i)) {
      out.push("=");
      i += 4;
      continue;
    }
    const op = operatorAt(text, i, c);
    if (op !== undefined) {
      out.push(op);
      i += 2;
      continue;
    }
    out.push(text[i]);
    i++;
  }
  return out;
}

/** An SSA name's parts: `x_5(D)(ab)` -> base `x`, `(D)` or not; undefined for any other token. */
export function ssaName(token: string): { base: string; name: string; isDefault: boolean } | undefined {
  const t = token.endsWith("(ab)") ? token.slice(0, -4) : token;
  const m = /^(.*)_([0-9]+)(\(D\))?$/.exec(t);
  if (m === null) return undefined;
  return { base: m[1], name: t, isDefault: m[3] !== undefined };
}

/**
 * Whether `after` is an SSA name of the variable `before` names: the same base (`x` for `x`,
 * `x` for `xD.1981` under `-uid`, nothing for a temporary `D.1992`).
 */
export function renames(before: string, after: string): boolean {
  const s = ssaName(after);
  if (s === undefined) return false;
  // anonymous (`_2(D)`), or named after the local it stands for where GCC returns that local in place (`r_23(D)`)
  if (before === RETVAL) return true;
  if (!before.startsWith(s.base)) return false;
  const rest = before.slice(s.base.length);
  return rest === "" ? s.base !== "" : /^D\.[0-9]+$/.test(rest);
}

/** Whether a token is a name (a variable, an SSA name, a function, a type, a field). */
export const isName = (t: string): boolean => NAME_START.test(t[0] ?? "") || t === RETVAL;

/**
 * Whether token k stands where a variable can: not a field (`.f`, `->f`) nor a tag
 * (`struct x`).
 */
export function variablePosition(tokens: readonly string[], k: number): boolean {
  const prev = tokens[k - 1];
  return prev !== "." && prev !== "->" && prev !== "struct" && prev !== "union" && prev !== "enum";
}

/**
 * Which token positions of a statement write what they name: the left-hand side of an
 * assignment or call when it is one name (`x = ...`, `x_5 = f (a)`), and the outputs of an
 * `__asm__` (between its first and second top-level `:`). Everything else is read.
 */
export function writtenPositions(tokens: readonly string[]): Set<number> {
  const out = new Set<number>();
  if (tokens[0] === "__asm__") {
    // an output operand is written when it is one name after its constraint (`"=r" o_2`);
    // `"=m" *p_3` writes memory and reads `p_3`
    let depth = 0;
    let section = 0;
    let operandStart = -1;
    for (let k = 1; k < tokens.length; k++) {
      const t = tokens[k];
      const atDepth1 = depth === 1;
      if (t === "(" || t === "[") depth++;
      else if (t === ")" || t === "]") depth--;
      if (atDepth1 && (t === ":" || t === "," || t === ")")) {
        if (section === 1 && operandStart >= 0 && k - operandStart === 2 && tokens[operandStart].startsWith('"') && isName(tokens[operandStart + 1]))
          out.add(operandStart + 1);
        if (t === ":") section++;
        operandStart = k + 1;
      } else if (t === "(" && depth === 1) operandStart = k + 1;
    }
    return out;
  }
  if (tokens[0] === "if" || tokens[0] === "switch" || tokens[0] === "return" || tokens[0] === "goto") return out;
  if (tokens.length >= 2 && tokens[1] === "=" && isName(tokens[0])) out.add(0);
  return out;
}
