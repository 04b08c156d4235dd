/**
 * Where a text stops being JSON. `JSON.parse` reports syntax errors in words that change between
 * V8 versions, sometimes with a position and sometimes with a multi-line quote of the input, so
 * after it fails we scan again ourselves to name a line and column in one stable sentence.
 * The scanner keeps its nesting on an explicit stack: deep input cannot overflow the call stack.
 */

export interface JsonSyntaxError {
  line: number;
  column: number;
  reason: string;
}

type State = "value" | "valueOrClose" | "keyOrClose" | "key" | "colon" | "afterValue" | "end";

const WS = new Set([" ", "\t", "\n", "\r"]);
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

/** The first syntax error of `text`, or undefined if it is well-formed JSON. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const stack: ("{" | "[")[] = [];
  let state: State = "value";
  let i = 0;
  const at = (pos: number, reason: string): JsonSyntaxError => ({ ...lineColumn(text, pos), reason });
  const show = (c: string) => (c >= " " && c !== "\x7f" ? `'${c}'` : JSON.stringify(c));

  for (;;) {
    while (i < text.length && WS.has(text[i])) i++;
    if (i === text.length) return state === "end" ? undefined : at(i, "unexpected end of input");
    const c = text[i];
    switch (state) {
      case "end":
        return at(i, `unexpected ${show(c)} after the JSON value`);
      case "colon":
        if (c !== ":") return at(i, `expected ':' after an object key, found ${show(c)}`);
        i++;
        state = "value";
        continue;
      case "keyOrClose":
      case "key":
        if (c === "}" && state === "keyOrClose") {
          stack.pop();
          i++;
          state = "afterValue";
          break;
        }
        if (c !== '"') return at(i, `expected a string key${state === "keyOrClose" ? " or '}'" : ""}, found ${show(c)}`);
        {
          const err = scanString();
          if (err) return err;
        }
        state = "colon";
        continue;
      case "afterValue": {
        const top = stack[stack.length - 1];
        const close = top === "{" ? "}" : "]";
        if (c === ",") {
          i++;
          state = top === "{" ? "key" : "value";
          continue;
        }
        if (c !== close) return at(i, `expected ',' or '${close}', found ${show(c)}`);
        stack.pop();
        i++;
        break;
      }
      case "value":
      case "valueOrClose":
        if (c === "]" && state === "valueOrClose") {
          stack.pop();
          i++;
          break;
        }
        if (c === "{" || c === "[") {
          stack.push(c);
          i++;
          state = c === "{" ? "keyOrClose" : "valueOrClose";
          continue;
        }
        if (c === '"') {
          const err = scanString();
          if (err) return err;
          break;
        }
        if (c === "-" || (c >= "0" && c <= "9")) {
          NUMBER.lastIndex = i;
          const m = NUMBER.exec(text);
          if (!m) return at(i, "malformed number");
          i += m[0].length;
          break;
        }
        {
          const word = ["true", "false", "null"].find((w) => text.startsWith(w, i));
          if (!word) return at(i, `unexpected ${show(c)}`);
          i += word.length;
        }
        break;
    }
    // a value (or a whole container) just ended
    state = stack.length === 0 ? "end" : "afterValue";
  }

  function scanString(): JsonSyntaxError | undefined {
    const start = i++;
    while (i < text.length) {
      const c = text[i];
      if (c === '"') {
        i++;
        return undefined;
      }
      if (c < " ") return at(i, "control character in a string (escape it)");
      if (c === "\\") {
        const e = text[i + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return at(i, "bad \\u escape in a string");
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else return at(i, "bad escape in a string");
      } else i++;
    }
    return at(start, "unterminated string");
  }
}

function lineColumn(text: string, pos: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let k = text.indexOf("\n"); k >= 0 && k < pos; k = text.indexOf("\n", k + 1)) {
    line++;
    lineStart = k + 1;
  }
  return { line, column: pos - lineStart + 1 };
}
