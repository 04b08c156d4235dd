import babel from "@babel/core";
import plugin from "babel-plugin-react-compiler";
import { readFileSync } from "node:fs";
import { execSync } from "node:child_process";
const files = execSync("find tmp/real-js -name '*.js' -not -path '*/node_modules/*' | grep -E 'lodash-es/[^/]*\\.js$|preact/.*src/.*\\.js$|react-bootstrap/esm/.*\\.js$'").toString().trim().split("\n");
let last, sawSsa = false;
const counts = {};
const logger = {
  logEvent(f, e) {
    if (e.kind === "CompileError" || e.kind === "PipelineError" || e.kind === "CompileSkip") {
      const cat = e.detail?.options?.category ?? e.detail?.category ?? e.kind;
      const reason = (e.detail?.options?.reason ?? e.detail?.reason ?? e.reason ?? e.data ?? "").split("\n")[0].slice(0, 80);
      const k = `${sawSsa ? "after" : "before"} | ${e.kind} | ${cat} | ${last} | ${reason}`;
      counts[k] = (counts[k] ?? 0) + 1;
    }
    if (e.kind !== "CompileDiagnostic") { sawSsa = false; last = undefined; }
  },
  debugLogIRs(v) { last = v.name; if (v.name === "SSA") sawSsa = true; },
};
for (const file of files) {
  try { babel.transformSync(readFileSync(file, "utf8"), { filename: file, babelrc: false, configFile: false, code: false, sourceType: "unambiguous", parserOpts: { plugins: ["jsx"] }, plugins: [[plugin, { compilationMode: "all", panicThreshold: "none", logger }]] }); } catch (e) { console.log("THROWN", file, e.message.slice(0, 200)); }
}
console.log(files.length);
for (const [k, v] of Object.entries(counts).sort((a, b) => b[1] - a[1])) console.log(v, k);
