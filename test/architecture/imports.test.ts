/**
 * The layout shows the architecture, and imports point one way (README, "Layout"):
 * cli -> api -> (adapters, impl, checks, io, fuzz) -> spec and graph; the explorer (a web page) is
 * one more caller of the library, like cli. Every import of every
 * source file is read and its folder checked against what the importing folder may use; impl/,
 * checks/ and the adapters do not import each other, and no adapter imports another; the pure
 * layers touch no Node module (the library's functions are pure: files, streams, processes and
 * threads are api/node's). Also: every folder the rules name exists, and the README's layout
 * table names every top-level source folder.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Folder -> the folders its files may import (itself included). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  spec: ["spec"],
  graph: ["graph", "spec"],
  io: ["io", "spec"],
  impl: ["impl", "spec", "graph"],
  checks: ["checks", "spec", "graph"],
  // fuzz/ for the types of the cases a fuzz target prints only (checked below: `import type`)
  adapters: ["adapters", "spec", "io", "fuzz"],
  fuzz: ["fuzz", "spec", "io"],
  // the certificate checker trusts only the exchange-format reader and the model's error type (below)
  certificate: ["certificate", "spec", "io"],
  api: ["api", "adapters", "impl", "checks", "io", "fuzz", "spec", "graph", "certificate"],
  cli: ["cli", "api"],
  // the explorer's page (explorer/src, and its vite.config.ts); it may also read the Isabelle catalog of scripts/
  explorer: ["explorer", "api", "scripts"],
};

/** Node's own modules are allowed only here (files, processes, threads, byte decoding; the explorer's two build configs). */
const NODE_ALLOWED = [/^api\/node\//, /^api\/campaign\/node\//, /^cli\//, /^io\/text\.ts$/, /^explorer\/vite(\.react)?\.config\.ts$/];

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(ROOT, dir))) {
    const rel = `${dir}/${e}`;
    if (statSync(join(ROOT, rel)).isDirectory()) out.push(...sources(rel));
    else if (e.endsWith(".ts") && !e.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

/** Every module specifier a file imports or re-exports, static or dynamic (type-only ones too). */
function specifiers(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)"/gms)) out.push(m[1]);
  for (const m of text.matchAll(/^\s*import\s+"([^"]+)"/gm)) out.push(m[1]);
  for (const m of text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) out.push(m[1]);
  return out;
}

const FILES = Object.keys(MAY_IMPORT).flatMap(sources);
const topOf = (rel: string) => rel.split("/")[0];

/** Every source file of the code, the bench and the tests (fixtures left out), for the circle check. */
const CIRCLE_FILES = [...FILES, ...sources("bench"), ...sources("test").filter((f) => !f.startsWith("test/fixtures/"))];

/** File -> the files it imports (relative specifiers, `.js` resolved to the `.ts` source), type-only imports and re-exports included. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const spec of specifiers(readFileSync(join(ROOT, file), "utf8"))) {
      if (!spec.startsWith(".")) continue;
      const target = relative(ROOT, resolve(dirname(join(ROOT, file)), spec)).split(sep).join("/").replace(/\.js$/, ".ts");
      if (known.has(target)) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/**
 * Each import circle once, as a closed path of files (first = last): the strongly connected
 * components of the import graph with more than one file, or one file importing itself (Tarjan,
 * with an explicit stack), each shown as a shortest circle through its first file.
 */
function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1];
      const succ = graph.get(top.node) ?? [];
      if (top.next < succ.length) {
        const m = succ[top.next++];
        if (!index.has(m)) {
          index.set(m, counter);
          low.set(m, counter++);
          stack.push(m);
          onStack.add(m);
          work.push({ node: m, next: 0 });
        } else if (onStack.has(m)) low.set(top.node, Math.min(low.get(top.node)!, index.get(m)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let m: string;
        do {
          m = stack.pop()!;
          onStack.delete(m);
          component.push(m);
        } while (m !== top.node);
        const selfLoop = (graph.get(top.node) ?? []).includes(top.node);
        if (component.length > 1 || selfLoop) components.push(component.sort());
      }
    }
  }
  // a shortest circle through each component's first file (breadth-first inside the component)
  return components
    .map((component) => {
      const inside = new Set(component);
      const start = component[0];
      const parent = new Map<string, string>();
      const queue = [...(graph.get(start) ?? []).filter((m) => inside.has(m))];
      for (const m of queue) if (!parent.has(m)) parent.set(m, start);
      for (let k = 0; k < queue.length && !parent.has(start); k++)
        for (const m of graph.get(queue[k]) ?? []) if (inside.has(m) && !parent.has(m)) (parent.set(m, queue[k]), queue.push(m));
      const path = [start];
      for (let at = parent.get(start)!; at !== start; at = parent.get(at)!) path.push(at);
      path.push(start);
      return [start, ...path.slice(1, -1).reverse(), start];
    })
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

describe("imports point one way", () => {
  it(`every source file (${FILES.length}) imports only from the folders its own folder may use`, () => {
    const bad: string[] = [];
    for (const file of FILES) {
      const from = topOf(file);
      for (const spec of specifiers(readFileSync(join(ROOT, file), "utf8"))) {
        if (!spec.startsWith(".")) continue;
        const target = relative(ROOT, resolve(dirname(join(ROOT, file)), spec)).split(sep).join("/");
        const to = topOf(target);
        if (!MAY_IMPORT[from].includes(to)) bad.push(`${file} imports ${target} (${from}/ may import ${MAY_IMPORT[from].join(", ")})`);
        // one adapter never imports another: only what all adapters share (the files at the top of
        // adapters/: the interface, dominators) and its own folder
        if (from === "adapters" && to === "adapters") {
          const own = file.split("/")[1];
          const their = target.split("/")[1];
          const shared = target.split("/").length === 2;
          if (!shared && their !== own && file.split("/").length > 2) bad.push(`${file} imports another adapter's ${target}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it("adapters take only types from fuzz/ (the cases their fuzz targets print), never its code: fast-check is not theirs", () => {
    const bad: string[] = [];
    for (const file of FILES.filter((f) => topOf(f) === "adapters")) {
      const text = readFileSync(join(ROOT, file), "utf8");
      for (const m of text.matchAll(/^\s*(import|export)(\s+type)?\s[^;]*?\sfrom\s+"([^"]+)"/gms)) {
        const target = relative(ROOT, resolve(dirname(join(ROOT, file)), m[3])).split(sep).join("/");
        if (topOf(target) === "fuzz" && m[2] === undefined) bad.push(`${file} imports code from ${target}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("the pure layers import no Node module (only api/node, cli and io/text.ts do)", () => {
    const bad: string[] = [];
    for (const file of FILES)
      for (const spec of specifiers(readFileSync(join(ROOT, file), "utf8")))
        if (spec.startsWith("node:") && !NODE_ALLOWED.some((r) => r.test(file))) bad.push(`${file} imports ${spec}`);
    expect(bad).toEqual([]);
  });

  it("the checker of this test sees real imports: a file of each folder imports something, cli only the library", () => {
    for (const folder of Object.keys(MAY_IMPORT)) expect(FILES.some((f) => topOf(f) === folder && specifiers(readFileSync(join(ROOT, f), "utf8")).length > 0)).toBe(true);
    const cliTargets = FILES.filter((f) => topOf(f) === "cli").flatMap((f) =>
      specifiers(readFileSync(join(ROOT, f), "utf8"))
        .filter((s) => s.startsWith("."))
        .map((s) => topOf(relative(ROOT, resolve(dirname(join(ROOT, f)), s)).split(sep).join("/"))),
    );
    expect(new Set(cliTargets)).toEqual(new Set(["cli", "api"]));
  });

  it(`no import circles: the files of the code, the bench and the tests (${CIRCLE_FILES.length}) import each other as a DAG`, () => {
    expect(importCircles(importGraph(CIRCLE_FILES)).map((c) => c.join(" -> "))).toEqual([]);
  });

  it("the circle finder finds circles: a two-file circle, a longer one, a self-import, and none in a DAG", () => {
    const g = (edges: Record<string, string[]>) => new Map(Object.entries(edges));
    expect(importCircles(g({ "a.ts": ["b.ts"], "b.ts": ["a.ts"], "c.ts": ["a.ts"] }))).toEqual([["a.ts", "b.ts", "a.ts"]]);
    expect(importCircles(g({ "a.ts": ["b.ts"], "b.ts": ["c.ts"], "c.ts": ["a.ts"], "d.ts": [] }))).toEqual([["a.ts", "b.ts", "c.ts", "a.ts"]]);
    expect(importCircles(g({ "a.ts": ["a.ts"] }))).toEqual([["a.ts", "a.ts"]]);
    expect(importCircles(g({ "a.ts": ["b.ts", "c.ts"], "b.ts": ["c.ts"], "c.ts": [] }))).toEqual([]);
  });

  it("the certificate checker stands alone: it imports only the reference reader of the exchange format (io/read.ts) and its columns, and the model's error type, none of which touches Node (so it runs in a page), and stays small (at most 800 lines)", () => {
    const files = FILES.filter((f) => topOf(f) === "certificate");
    expect(files.length).toBeGreaterThan(0);
    const targets = new Set(
      files.flatMap((f) =>
        specifiers(readFileSync(join(ROOT, f), "utf8"))
          .filter((s) => s.startsWith("."))
          .map((s) => relative(ROOT, resolve(dirname(join(ROOT, f)), s)).split(sep).join("/"))
          .filter((t) => topOf(t) !== "certificate"),
      ),
    );
    expect([...targets].sort()).toEqual(["io/columns.js", "io/json.js", "io/read.js", "spec/errors.js"]);
    const lines = files.reduce((n, f) => n + readFileSync(join(ROOT, f), "utf8").split("\n").length, 0);
    expect(lines).toBeLessThanOrEqual(800);
  });

  it("the README's layout table names every top-level folder of the code", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const layout = readme.slice(readme.indexOf("## Layout"));
    for (const folder of [...Object.keys(MAY_IMPORT), "test", "bench", "scripts", "schemas", "docs", "examples"]) expect(layout).toContain(`| \`${folder}/\``);
  });
});
