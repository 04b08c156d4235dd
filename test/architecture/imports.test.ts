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
  adapters: ["adapters", "spec", "io"],
  fuzz: ["fuzz", "spec", "io"],
  api: ["api", "adapters", "impl", "checks", "io", "fuzz", "spec", "graph"],
  cli: ["cli", "api"],
  // the explorer's page (explorer/src, and its vite.config.ts); it may also read the Isabelle catalog of scripts/
  explorer: ["explorer", "api", "scripts"],
};

/** Node's own modules are allowed only here (files, processes, threads, byte decoding; the explorer's build config). */
const NODE_ALLOWED = [/^api\/node\//, /^cli\//, /^io\/text\.ts$/, /^explorer\/vite\.config\.ts$/];

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

  it("the README's layout table names every top-level folder of the code", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const layout = readme.slice(readme.indexOf("## Layout"));
    for (const folder of [...Object.keys(MAY_IMPORT), "test", "bench", "scripts", "schemas", "docs", "examples"]) expect(layout).toContain(`| \`${folder}/\``);
  });
});
