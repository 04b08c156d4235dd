#!/usr/bin/env node
/**
 * Where the memory of `formal-ssa construct --algorithm braun` goes, stage by stage, on one
 * exchange-format document with one function (docs/performance.md, "Documents at scale"):
 * read, open, columns (the bytes let go), lowered, CFG_wf checked, constructed, written. After
 * each stage: resident set, V8 heap, array buffers, and the peak so far.
 *
 *   npm run build && node --expose-gc scripts/scale-memory.mjs DOC.json [--gc]
 *
 * With --gc (and --expose-gc) a full collection runs before each reading, so the figures are
 * what stays alive; without it they include what the collector has not reclaimed yet.
 */
import { readFileSync } from "node:fs";
import { constructLowered } from "../dist/api/construct.js";
import { checkCfg } from "../dist/checks/index.js";
import { lowerCfg } from "../dist/io/lower.js";
import { openDocument } from "../dist/io/open.js";
import { TextWriter } from "../dist/io/write.js";

const file = process.argv[2];
if (file === undefined) {
  process.stderr.write("usage: node --expose-gc scripts/scale-memory.mjs DOC.json [--gc]\n");
  process.exit(2);
}
const collect = process.argv.includes("--gc") && typeof globalThis.gc === "function";
const mb = (x) => (x / 2 ** 20).toFixed(0).padStart(5);
const show = (stage) => {
  if (collect) globalThis.gc();
  const m = process.memoryUsage();
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(`${stage.padEnd(12)} rss ${mb(m.rss)} MB  heap ${mb(m.heapUsed)} MB  buffers ${mb(m.arrayBuffers)} MB  peak ${mb(peak)} MB`);
};
show("start");
const source = { bytes: readFileSync(file) };
show("read");
const doc = openDocument(source.bytes, file);
show("open");
const fn = doc.read(0);
fn.names.detach?.();
doc.release?.();
source.bytes = undefined;
show("columns");
const lowered = lowerCfg(fn, file, doc.name?.(0) ?? "#0");
show("lowered");
checkCfg(lowered.cfg);
show("CFG_wf");
const built = constructLowered(lowered, { algorithm: "braun", minimize: "trivial" });
show("constructed");
let bytes = 0;
const out = new TextWriter((chunk) => (bytes += chunk.length));
built.write(out, false);
out.end();
show("written");
console.log(`${bytes} bytes of SSA document`);
