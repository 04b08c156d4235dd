/**
 * The explorer's React Compiler mode as a script of its own (assets/react-compiler.js, loaded
 * only when the mode is chosen): @babel/standalone, babel-plugin-react-compiler and the library's
 * React validation in one classic script (it loads from file://). The compiler's bundle reaches
 * for a few Node modules; here they are the page's shims (src/node_shims.ts, src/node_buffer_shim.ts).
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const HERE = dirname(fileURLToPath(import.meta.url));
const SHIMS = join(HERE, "src/node_shims.ts");
const BUFFER = join(HERE, "src/node_buffer_shim.ts");

export default defineConfig({
  root: HERE,
  resolve: {
    alias: { path: SHIMS, fs: SHIMS, util: SHIMS, tty: SHIMS, os: SHIMS, crypto: SHIMS, buffer: BUFFER, "node:buffer": BUFFER },
  },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: join(HERE, "..", "dist-explorer", "assets"),
    emptyOutDir: false,
    target: "es2022",
    chunkSizeWarningLimit: 12000,
    lib: { entry: join(HERE, "src/react_bundle.ts"), formats: ["iife"], name: "formalSsaReactBundle", fileName: () => "react-compiler.js" },
  },
});
