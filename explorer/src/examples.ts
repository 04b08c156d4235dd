/**
 * The examples to pick from: the exchange-format files of examples/ (bundled as text; a file
 * `X.json` with an `X.ssa.json` or `X.bad.ssa.json` beside it is also offered as a pair to
 * validate), and a few programs in the While-like language of the fuzzing arbitraries.
 */
const files = import.meta.glob<string>("../../examples/*.json", { eager: true, query: "?raw", import: "default" });

export interface Example {
  id: string;
  label: string;
  source: string;
  ssa?: string;
}

const byName = new Map(Object.entries(files).map(([path, text]) => [path.slice(path.lastIndexOf("/") + 1), text]));

const PROGRAMS: [string, string, string][] = [
  ["program:loop", "program: the loop (x := 0; while (x) { x := x + 1 }; use x)", "x := f()\nwhile (x) {\n  x := f(x)\n}\nf(x)"],
  [
    "program:nested",
    "program: nested loops with break and continue",
    "i, s := f()\nwhile (i) {\n  j := f(i)\n  do {\n    if (j) {\n      s := f(s, j)\n      continue\n    } else {\n      break\n    }\n  } while (j)\n  i := f(i, s)\n}\nreturn s",
  ],
  [
    "program:switch",
    "program: a switch with fallthrough and two labels on one case",
    "a, b := f()\nswitch (a) {\n  case 0: case 1:\n    b := f(a)\n  case 2:\n    a := f(b)\n    break\n  default:\n    b := f()\n}\nf(a, b)",
  ],
];

export function examples(): Example[] {
  const out: Example[] = [];
  const loop = byName.get("loop.json");
  if (loop !== undefined) out.push({ id: "loop.json", label: "loop.json (the paper's loop example)", source: loop });
  for (const [name, text] of [...byName].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (name.includes(".ssa.") || name === "loop.json") continue;
    out.push({ id: name, label: name, source: text });
  }
  for (const [name, text] of [...byName].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const m = /^(.*?)\.(?:bad\.)?ssa\.json$/.exec(name);
    const original = m === null ? undefined : byName.get(`${m[1]}.json`);
    if (m !== null && original !== undefined) out.push({ id: `${m[1]}.json+${name}`, label: `validate ${name} against ${m[1]}.json`, source: original, ssa: text });
  }
  for (const [id, label, source] of PROGRAMS) out.push({ id, label, source });
  return out;
}
