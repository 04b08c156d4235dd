// Functions for `formal-ssa react examples/react/shapes.js`: loops with labelled break and
// continue, a switch with fallthrough, a closure over a reassigned variable, try/catch, and
// logical and optional chains. The React Compiler lowers each (compilationMode "all").

export function firstPair(rows, target) {
  let found = null;
  outer: for (let i = 0; i < rows.length; i++) {
    for (let j = 0; j < rows[i].length; j++) {
      if (rows[i][j] === undefined) continue outer;
      if (rows[i][j] === target) {
        found = [i, j];
        break outer;
      }
    }
  }
  return found;
}

export function weight(kind) {
  let w = 0;
  switch (kind) {
    case "heavy":
      w += 10;
    // falls through
    case "medium":
      w += 5;
      break;
    default:
      w = 1;
  }
  return w;
}

export function counter(start) {
  let n = start;
  const next = () => {
    n = n + 1;
    return n;
  };
  return next;
}

export function parse(text, fallback) {
  let value = fallback;
  try {
    value = JSON.parse(text);
  } catch (e) {
    value = fallback ?? e.message;
  }
  return value?.data?.items || [];
}
