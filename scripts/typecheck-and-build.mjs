#!/usr/bin/env node
// `npm test`'s first step: the type check of everything (tests included) and the build of dist/
// at the same time, one per core: the two tsc runs are independent, and on a 2-core machine
// side by side they take about as long as the longer one instead of both. Each one's output is
// printed when it ends; the step fails when either fails.
import { spawn } from "node:child_process";

const run = (script) =>
  new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => resolve({ script, code, out }));
  });

const results = await Promise.all([run("typecheck"), run("build")]);
let failed = false;
for (const { script, code, out } of results) {
  if (out.trim() !== "") process.stdout.write(`> ${script}\n${out}${out.endsWith("\n") ? "" : "\n"}`);
  if (code !== 0) {
    failed = true;
    process.stderr.write(`npm run ${script}: exit ${code}\n`);
  }
}
process.exit(failed ? 1 : 0);
