/**
 * The real JavaScript of the React Compiler's benchmark and corpus run: lodash-es (one ES module
 * per function), preact's sources and react-bootstrap's components (one ES module each), fetched
 * by scripts/fetch-react-corpus.sh into tmp/real-js/.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const CORPUS_DIR = join(ROOT, "tmp/real-js");

/** Every .js file under `dir`, sorted (an explicit stack: no recursion). */
function jsFiles(dir: string): string[] {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length > 0) {
    const d = stack.pop()!;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== "node_modules") stack.push(p);
      } else if (e.name.endsWith(".js")) out.push(p);
    }
  }
  return out.sort();
}

/** The corpus's files (fetched when missing), relative to the repository, by library. */
export function corpus(dir = CORPUS_DIR): Record<string, string[]> {
  if (!["lodash-es", "preact", "react-bootstrap"].every((lib) => existsSync(join(dir, lib, "package.json")))) {
    process.stderr.write("react: fetching the corpus (scripts/fetch-react-corpus.sh)\n");
    const r = spawnSync("bash", [join(ROOT, "scripts/fetch-react-corpus.sh"), dir], { stdio: ["ignore", "ignore", "inherit"] });
    if (r.status !== 0) throw new Error("scripts/fetch-react-corpus.sh failed");
  }
  const rel = (p: string) => relative(ROOT, p);
  return {
    "lodash-es 4.18.1": readdirSync(join(dir, "lodash-es"))
      .filter((f) => f.endsWith(".js"))
      .sort()
      .map((f) => rel(join(dir, "lodash-es", f))),
    // the sources, not the bundles in dist/
    "preact 11.2.0": jsFiles(join(dir, "preact"))
      .filter((p) => p.split("/").includes("src"))
      .map(rel),
    // the ES modules (esm/), not the CommonJS copies (cjs/) or the UMD bundle (dist/)
    "react-bootstrap 2.10.10": jsFiles(join(dir, "react-bootstrap", "esm")).map(rel),
  };
}
