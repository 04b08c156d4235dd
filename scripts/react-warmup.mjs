#!/usr/bin/env node
// Where the validating logger's time goes in a build, beyond what `npm run bench` shows (whole
// builds): the React Compiler's corpus (bench/react_corpus.ts) is compiled once with a logger
// that only captures the HIR (snapshots, as validatingLogger() takes them), then every captured
// function is validated ROUNDS times in one process, as the logger would (ReactValidator, only
// failing functions keep their stage reports). The first round runs the validator's code cold,
// the later ones on V8's optimised code: the difference is the JIT warm-up a build pays once.
//
//   npm run build && node scripts/react-warmup.mjs [ROUNDS] [FILE...]
//   (default: 4 rounds over the bench's corpus, fetched by scripts/fetch-react-corpus.sh)
//
// Prints the capture's time, then each round's time and the functions validated.
import { readFileSync } from "node:fs";
import { corpus } from "../dist/bench/react_corpus.js";
import { Capture, compileOne, loadCompiler, ReactValidator } from "../dist/api/react_compiler.js";

const [roundsArg, ...given] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 4);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error("usage: node scripts/react-warmup.mjs [ROUNDS] [FILE...]");
  process.exit(2);
}
const files = given.length > 0 ? given : Object.values(corpus()).flat();

const { babel, plugin } = await loadCompiler("scripts/react-warmup.mjs");
const captured = [];
const capture = new Capture((c) => captured.push(c));
const logger = { logEvent() {}, debugLogIRs: capture.debugLogIRs };
const t0 = performance.now();
// the command's own compilation (compilationMode "all", panicThreshold "none")
for (const f of files) compileOne(babel, plugin, { name: f, text: readFileSync(f, "utf8") }, logger);
console.log(`${files.length} files compiled in ${(performance.now() - t0).toFixed(0)} ms; capturing the HIR took ${capture.milliseconds.toFixed(0)} ms of it`);
for (let r = 0; r < rounds; r++) {
  const v = new ReactValidator({ stages: "failing" });
  const t = performance.now();
  for (const c of captured) v.validateCaptured(c);
  const s = v.report().summary;
  console.log(`round ${r + 1}: ${(performance.now() - t).toFixed(0)} ms for ${s.compiled} functions (${s.certified} certified)`);
}
