#!/usr/bin/env node
/**
 * Bundles the packages scripts/fetch-hermes-corpus.sh fetched, as Metro bundles a React Native
 * app's modules: OUTDIR/packages/files.txt lists `package@version path` lines; each package's files
 * become one script, OUTDIR/bundles/NAME.js, with a tiny module registry in front and every file
 * wrapped in `__d(function (global, require, module, exports) { ... }, id)` (ES modules first
 * through Babel's CommonJS transform, as Metro's preset does; async generators, which Hermes V1
 * does not compile, lowered). NAME.legacy.js is the same with classes, class fields, private
 * members and async functions lowered too (Babel's transform-classes, the class feature plugins
 * and transform-async-to-generator), which the legacy 0.12 compiler needs: React Native's Babel
 * preset lowers them for it the same way. Babel is this checkout's @babel/standalone (a devDependency).
 *
 *   node scripts/hermes-bundles.mjs OUTDIR
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const out = process.argv[2];
if (out === undefined) {
  console.error("usage: node scripts/hermes-bundles.mjs OUTDIR");
  process.exit(2);
}
const require = createRequire(import.meta.url);
const babel = require("@babel/standalone");

const esm = /^\s*(import\s|export\s)/m;
// what Hermes V1 does not compile (async generators), and what the legacy 0.12 compiler does not
// (classes and their fields, async functions), lowered as React Native's Babel preset lowers them
const v1Plugins = ["transform-async-generator-functions"];
const legacyPlugins = [
  "transform-async-generator-functions",
  "transform-async-to-generator",
  "transform-class-static-block",
  "transform-class-properties",
  "transform-private-methods",
  "transform-private-property-in-object",
  "transform-classes",
];
const header = `var __modules = {};
function __d(factory, id) { __modules[id] = { factory: factory, module: null }; }
function __r(id) {
  var m = __modules[id];
  if (m.module === null) { m.module = { exports: {} }; m.factory(globalThis, __r, m.module, m.module.exports); }
  return m.module.exports;
}
`;

const byPackage = new Map();
for (const line of readFileSync(join(out, "packages/files.txt"), "utf8").split("\n")) {
  if (line.trim() === "") continue;
  const [spec, path] = line.split(" ");
  const name = spec.slice(0, spec.lastIndexOf("@"));
  if (!byPackage.has(name)) byPackage.set(name, []);
  byPackage.get(name).push(path);
}
mkdirSync(join(out, "bundles"), { recursive: true });
for (const [name, paths] of byPackage) {
  const dir = join(out, "packages", name.replace("/", "+"));
  const modules = [];
  const legacy = [];
  paths.forEach((p, id) => {
    let code = readFileSync(join(dir, p), "utf8");
    if (esm.test(code)) code = babel.transform(code, { plugins: ["transform-modules-commonjs"], sourceType: "module", compact: false, comments: false }).code;
    if (/\basync\s*(function\s*)?\*/.test(code)) code = babel.transform(code, { plugins: v1Plugins, sourceType: "script", compact: false, comments: false }).code;
    modules.push(`__d(function (global, require, module, exports) {\n${code}\n}, ${id});\n`);
    const lowered = babel.transform(code, { plugins: legacyPlugins, sourceType: "script", compact: false, comments: false }).code;
    legacy.push(`__d(function (global, require, module, exports) {\n${lowered}\n}, ${id});\n`);
  });
  const file = name.replace("@", "").replace("/", "-");
  writeFileSync(join(out, "bundles", `${file}.js`), header + modules.join("") + `__r(0);\n`);
  writeFileSync(join(out, "bundles", `${file}.legacy.js`), header + legacy.join("") + `__r(0);\n`);
  console.log(`${name}: ${paths.length} module(s) -> bundles/${file}.js, bundles/${file}.legacy.js`);
}
