/**
 * The explorer: a static page that runs the library (api/) in the browser. `npm run explorer`
 * serves it (vite dev), `npm run build:explorer` writes dist-explorer/, which also works opened
 * from disk (file://): relative `base`, one classic (non-module) script, no preload polyfill,
 * no crossorigin attributes (file:// pages may not load module scripts or CORS requests).
 *
 * `virtual:spec-mirrors` is made here at build time: for every declaration of spec/, impl/,
 * checks/ and graph/ (functions, classes, consts, types, methods), its file, line and doc
 * comment (which carries the Isabelle statement it mirrors) and the Isabelle names of its tags
 * (`@isabelle`, `@standin`, `@approximates`), so that a construction step can show the
 * definition it is a step of. (Each name's status in the spec map comes from
 * src/spec_status.ts, which `npm run spec-map` writes with the map.)
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..");
const SOURCE_DIRS = ["spec", "impl", "checks", "graph"];
const VIRTUAL = "virtual:spec-mirrors";

interface Mirror {
  symbol: string;
  file: string;
  line: number;
  /** Names of its `@isabelle` tags (a transcription). */
  isabelle: string[];
  /** Names of its `@standin` and `@approximates` tags. */
  standin: string[];
  approximates: string[];
  doc: string;
}

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) out.push(...tsFiles(rel));
    else if (e.name.endsWith(".ts") && !e.name.endsWith(".d.ts")) out.push(rel);
  }
  return out.sort();
}

const DECL = /^\s*(?:export\s+)?(?:(?:async|abstract|default|declare)\s+)*(?:function\*?|class|const|let|interface|type)\s+([A-Za-z_$][\w$]*)|^\s*(?:(?:private|public|protected|static|readonly)\s+)*([A-Za-z_$][\w$]*)\s*\([^)]*\)?[^;=]*\{\s*$/;

/** Declarations with their doc comments, and each file's header comment (its first doc comment). */
function scanMirrors(): { mirrors: Mirror[]; headers: Record<string, string> } {
  const mirrors: Mirror[] = [];
  const headers: Record<string, string> = {};
  for (const file of SOURCE_DIRS.flatMap(tsFiles)) {
    const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
    let doc: string[] | null = null;
    let docDone: string | null = null;
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      if (doc === null && /^\s*\/\*\*/.test(l)) doc = [];
      if (doc !== null) {
        doc.push(l.replace(/^\s*\/?\*+\/?\s?/, "").replace(/\s*\*\/\s*$/, ""));
        if (/\*\/\s*$/.test(l)) {
          docDone = doc.join("\n").trim();
          doc = null;
          if (headers[file] === undefined) headers[file] = docDone;
        }
        continue;
      }
      const m = DECL.exec(l);
      if (m !== null && docDone !== null) {
        const symbol = m[1] ?? m[2];
        if (symbol !== undefined && !["if", "for", "while", "switch", "catch", "return"].includes(symbol)) {
          const text = docDone;
          const names = (kind: string) =>
            [...text.matchAll(new RegExp(kind === "isabelle" ? "@isabelle\\s+([^\\n@]+)" : `@${kind}\\s+([^:\\n@]+):`, "g"))].flatMap((t) => t[1].split(",").map((s) => s.trim()).filter((s) => s !== ""));
          const doc = docDone.replace(/\n?@(isabelle|theory)[^\n]*/g, "").replace(/\n?@(standin|approximates)[^@]*/g, "").trim().slice(0, 2400);
          mirrors.push({ symbol, file, line: i + 1, isabelle: names("isabelle"), standin: names("standin"), approximates: names("approximates"), doc });
        }
      }
      if (l.trim() !== "" && !/^\s*(\/\/|@)/.test(l)) docDone = null;
    }
  }
  return { mirrors, headers };
}

/** `virtual:spec-mirrors`: `{ mirrors, headers }` as JSON, made from the sources when the page is built. */
function specMirrors(): Plugin {
  return {
    name: "formal-ssa-spec-mirrors",
    resolveId: (id) => (id === VIRTUAL ? `\0${VIRTUAL}` : null),
    load(id) {
      if (id !== `\0${VIRTUAL}`) return null;
      const { mirrors, headers } = scanMirrors();
      for (const f of SOURCE_DIRS.flatMap(tsFiles)) this.addWatchFile(join(ROOT, f));
      return `export default ${JSON.stringify({ mirrors, headers })};`;
    },
  };
}

/** The built page must open from file://: a classic deferred script, no crossorigin. */
function fileProtocol(): Plugin {
  return {
    name: "formal-ssa-file-protocol",
    apply: "build",
    enforce: "post",
    transformIndexHtml: (html) => html.replace(/<script type="module" crossorigin/g, "<script defer").replace(/ crossorigin/g, ""),
  };
}

export default defineConfig({
  root: HERE,
  base: "./",
  plugins: [specMirrors(), fileProtocol()],
  resolve: {
    // io/text.ts decodes bytes with node:buffer; the page only hands the library text
    alias: { "node:buffer": join(HERE, "src/node_buffer_shim.ts") },
  },
  server: { host: "127.0.0.1", fs: { allow: [ROOT] } },
  preview: { host: "127.0.0.1" },
  build: {
    outDir: relative(HERE, join(ROOT, "dist-explorer")),
    emptyOutDir: true,
    modulePreload: false,
    target: "es2022",
    chunkSizeWarningLimit: 4000,
    rollupOptions: { output: { format: "iife", entryFileNames: "assets/explorer.js", assetFileNames: "assets/[name][extname]" } },
  },
});
