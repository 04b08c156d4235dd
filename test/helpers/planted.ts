/**
 * A copy of the installed babel-plugin-react-compiler whose enterSSA throws: a new bug, planted,
 * for the tests of baselines and reports. It lives inside the checkout (test-artifacts/, ignored
 * by git), where its own dependencies resolve from the project's node_modules as they would in a
 * user's project; made once per process.
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../cli/cli.js";

export const PLANTED_MESSAGE = "planted: enterSSA gives up";

export function plantedCompiler(): string {
  const copy = join(ROOT, "test-artifacts", "planted-react-compiler", "node_modules", "babel-plugin-react-compiler");
  const index = join(copy, "dist/index.js");
  if (existsSync(index) && readFileSync(index, "utf8").includes(PLANTED_MESSAGE)) return copy;
  cpSync(join(ROOT, "node_modules/babel-plugin-react-compiler"), copy, { recursive: true });
  const text = readFileSync(index, "utf8");
  const planted = text.replace("function enterSSA(func) {", `function enterSSA(func) {\n  throw new Error(${JSON.stringify(PLANTED_MESSAGE)});`);
  if (planted === text) throw new Error("plantedCompiler: no enterSSA in the installed babel-plugin-react-compiler");
  writeFileSync(index, planted);
  return copy;
}
