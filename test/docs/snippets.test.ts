/**
 * Documentation that runs: every `ts` block of the README and of docs/*.md is type-checked
 * (strict) and run, with `formal-ssa` and its subpaths resolved to this repository's entry
 * points as package.json's `exports` name them, built (dist/: the declarations a user's code is
 * checked against, and the code it runs; test/package/ checks the same names from the installed
 * tarball; the sources themselves are type-checked by `npm run typecheck`). A block states its
 * claims with `node:assert`, so a claim that stops being true fails here.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, ROOT } from "../cli/cli.js";

const DOCS = ["README.md", ...readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
const OUT = join(ROOT, "test/docs/.snippets");

/** `formal-ssa` and its subpaths, as the package's `exports` map them (under Node). */
const ENTRIES: Record<string, string> = {
  "formal-ssa": "dist/api/index.js",
  "formal-ssa/arbitraries": "dist/api/arbitraries.js",
  "formal-ssa/llvm": "dist/api/llvm.js",
  "formal-ssa/spirv": "dist/api/spirv.js",
  "formal-ssa/gcc": "dist/api/gcc.js",
  "formal-ssa/hermes": "dist/api/hermes.js",
  "formal-ssa/certificate": "dist/api/certificate.js",
  "formal-ssa/react-compiler": "dist/api/node/react_compiler.js",
  "formal-ssa/node": "dist/api/node/index.js",
};

interface Snippet {
  doc: string;
  index: number;
  line: number;
  file: string;
}

function snippets(): Snippet[] {
  const out: Snippet[] = [];
  for (const doc of DOCS) {
    const text = readFileSync(join(ROOT, doc), "utf8");
    let index = 0;
    for (const m of text.matchAll(/```ts\n([\s\S]*?)```/g)) {
      const line = text.slice(0, m.index).split("\n").length;
      const name = `${doc.replace(/[/.]/g, "_")}_${index}.ts`;
      const file = join(OUT, name);
      const code = m[1].replace(/from "(formal-ssa(?:\/[a-z-]+)?)"/g, (_, spec: string) => {
        const target = ENTRIES[spec];
        if (target === undefined) throw new Error(`${doc}:${line}: unknown entry ${spec}`);
        return `from "${relative(OUT, join(ROOT, target))}"`;
      });
      out.push({ doc, index: index++, line, file: file });
      writeFileSync(file, `// ${doc}, the block at line ${line}\n${code}\nexport {};\n`);
    }
  }
  return out;
}

let all: Snippet[] = [];
beforeAll(() => {
  ensureBuilt();
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  all = snippets();
});
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

describe("the ts blocks of the README and docs/", () => {
  it("exist: the README's API example and the library reference's", () => {
    expect(all.filter((s) => s.doc === "README.md").length).toBeGreaterThanOrEqual(1);
    expect(all.filter((s) => s.doc === "docs/api.md").length).toBeGreaterThanOrEqual(5);
  });

  it("type-check with --strict", () => {
    const tsc = join(ROOT, "node_modules/typescript/bin/tsc");
    const r = spawnSync(
      process.execPath,
      [tsc, "--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--types", "node", "--skipLibCheck", ...all.map((s) => s.file)],
      { cwd: ROOT, encoding: "utf8" },
    );
    expect(r.stdout + r.stderr).toBe("");
    expect(r.status).toBe(0);
  }, 120_000);

  it("run, every claim holding", async () => {
    const failed: string[] = [];
    for (const s of all) {
      try {
        await import(s.file);
      } catch (e) {
        failed.push(`${s.doc}:${s.line}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    expect(failed).toEqual([]);
  }, 120_000);
});
