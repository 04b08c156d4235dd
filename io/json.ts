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

/** A key that occurs twice in one object: the second occurrence, and the object's place. */
export interface DuplicateKey {
  /** Of the second occurrence's opening quote, as `findJsonSyntaxError` counts. */
  line: number;
  column: number;
  /** The key, escapes decoded. */
  key: string;
  /**
   * The object holding it, JSON-pointer-like (RFC 6901: `/blocks/3/phis/0`; "" is the top
   * level): shortened for display, keys longer than 40 characters cut and paths deeper than 12
   * given by their first and last 6 steps around `/...`.
   */
  path: string;
}

/** Objects with more keys than this look keys up in a Set, smaller ones in their list. */
const LIST_KEYS = 8;

/**
 * The first key of `text` repeated in its object (by decoded value: `"a"` and `"\u0061"` are
 * the same key), which `JSON.parse` silently drops but for the last. `text` must be JSON (call
 * it after `JSON.parse` succeeded); on other text it returns something or undefined, and ends.
 *
 * One pass with an explicit stack (any depth): per open container its kind and the index of
 * its current element (arrays) or its current key (objects). String values are skipped with
 * `indexOf`; only keys are sliced, into one key stack shared by the open objects (an object's
 * keys lie above its parent's, and are dropped when it closes).
 */
export function findDuplicateKey(text: string): DuplicateKey | undefined {
  const n = text.length;
  /** per open container, outermost first: element index for arrays, -1 for objects */
  const index: number[] = [];
  /** per open object: where its keys start in `keys`, its current key, its Set once large */
  const base: number[] = [];
  const current: string[] = [];
  const sets: (Set<string> | undefined)[] = [];
  const keys: string[] = [];
  let top = 0; // keys in use
  let depth = 0;
  let expectKey = false;

  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      if (!expectKey) {
        // a string value: to the next quote not escaped by an odd run of backslashes
        let j = text.indexOf('"', i + 1);
        while (j > 0 && text.charCodeAt(j - 1) === 0x5c) {
          let k = j - 1;
          while (text.charCodeAt(k - 1) === 0x5c) k--;
          if ((j - k) % 2 === 0) break;
          j = text.indexOf('"', j + 1);
        }
        if (j < 0) return undefined;
        i = j;
        continue;
      }
      // a key: short, so a plain loop that notes escapes
      let j = i + 1;
      let escaped = false;
      for (;;) {
        if (j >= n) return undefined;
        const d = text.charCodeAt(j);
        if (d === 0x22) break;
        if (d === 0x5c) {
          escaped = true;
          j += 2;
        } else j++;
      }
      expectKey = false;
      const key: string = escaped ? JSON.parse(text.slice(i, j + 1)) : text.slice(i + 1, j);
      const o = depth - 1;
      const set = sets[o];
      if (set !== undefined) {
        if (set.has(key)) return duplicate(i, key, o);
        set.add(key);
      } else {
        for (let k = base[o]; k < top; k++) if (keys[k] === key) return duplicate(i, key, o);
        keys[top++] = key;
        if (top - base[o] > LIST_KEYS) {
          sets[o] = new Set(keys.slice(base[o], top));
          top = base[o];
        }
      }
      current[o] = key;
      i = j;
    } else if (c === 0x7b /* { */) {
      index[depth] = -1;
      base[depth] = top;
      sets[depth] = undefined;
      depth++;
      expectKey = true;
    } else if (c === 0x5b /* [ */) {
      index[depth++] = 0;
    } else if (c === 0x2c /* , */) {
      if (depth === 0) continue;
      if (index[depth - 1] < 0) expectKey = true;
      else index[depth - 1]++;
    } else if (c === 0x7d /* } */) {
      if (depth === 0) continue;
      depth--;
      top = base[depth];
      sets[depth] = undefined;
      expectKey = false;
    } else if (c === 0x5d /* ] */) {
      if (depth > 0) depth--;
    }
  }
  return undefined;

  function duplicate(pos: number, key: string, object: number): DuplicateKey {
    const step = (d: number): string => (index[d] >= 0 ? String(index[d]) : escapePointer(clip(current[d])));
    const steps: string[] = [];
    if (object <= 12) for (let d = 0; d < object; d++) steps.push(step(d));
    else {
      for (let d = 0; d < 6; d++) steps.push(step(d));
      steps.push("...");
      for (let d = object - 6; d < object; d++) steps.push(step(d));
    }
    return { ...lineColumn(text, pos), key, path: steps.map((s) => `/${s}`).join("") };
  }
}

function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}...` : s;
}

function escapePointer(s: string): string {
  return s.replace(/~/g, "~0").replace(/\//g, "~1");
}
