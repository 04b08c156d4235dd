/**
 * Documents past the size where a malformed one is read again by the reference reader
 * (io/open.ts `EXACT_MESSAGE_BYTES`), at the command line:
 * - `construct`, `validate --json` and `dot` of a 10^5-ifs document (19 MB) give what the object
 *   pipeline gives on the same document;
 * - a malformed one fails with the byte reader's one line naming function and block, exit
 *   code 2, nothing on stdout, and no -o file;
 * - a function too large for the V8 heap that is left fails with one line naming the limit and
 *   the option that raises it, and the option given works.
 * The commands run in the test's process (runMain), but under a heap limit (a process's option).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { constructFunctions } from "../../api/construct.js";
import { validate } from "../../api/validate.js";
import { nIfs } from "../../bench/families.js";
import { toDot } from "../../io/dot.js";
import { EXACT_MESSAGE_BYTES } from "../../io/open.js";
import { formatDocument } from "../../io/write.js";
import { MAIN, ensureBuilt, runMain } from "./cli.js";

let dir: string;
const doc = nIfs(100_000);
const text = JSON.stringify(doc);

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(os.tmpdir(), "formal-ssa-scale-"));
  writeFileSync(join(dir, "ifs.json"), text);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a document past the exact-message size", () => {
  it("is larger than EXACT_MESSAGE_BYTES (so the byte reader's route is the one tested)", () => {
    expect(Buffer.byteLength(text)).toBeGreaterThan(EXACT_MESSAGE_BYTES);
  });
  it("construct, validate --json and dot print what the object pipeline gives", async () => {
    const built = formatDocument(constructFunctions([doc], "ifs.json", { algorithm: "braun" }).map((f) => f.doc));
    const c = await runMain(["construct", "--algorithm", "braun", "ifs.json", "-o", "ifs.ssa.json"], dir);
    expect(c.status).toBe(0);
    expect(readFileSync(join(dir, "ifs.ssa.json"), "utf8")).toBe(built);
    const v = await runMain(["validate", "--json", "ifs.json", "ifs.ssa.json"], dir);
    expect(v.status).toBe(0);
    const strip = (r: unknown) => JSON.parse(JSON.stringify(r, (k, x) => (k === "milliseconds" ? undefined : x)));
    expect(strip(JSON.parse(v.stdout))).toEqual(strip(validate(text, built, { names: { original: "ifs.json", ssa: "ifs.ssa.json" } })));
    const d = await runMain(["dot", "ifs.json"], dir);
    expect(d.status).toBe(0);
    expect(d.stdout).toBe(toDot([doc]));
  });
  it("malformed: one line naming function and block, exit 2, nothing written", async () => {
    // the last block's predecessor renamed to one that does not exist
    const bad = text.replace(/"preds":\["join99999"\]/, `"preds":["nowhere"]`);
    expect(bad).not.toBe(text);
    writeFileSync(join(dir, "bad.json"), bad);
    const c = await runMain(["construct", "bad.json", "-o", "bad.ssa.json"], dir);
    expect(c.status).toBe(2);
    expect(c.stdout).toBe("");
    expect(c.stderr).toBe(`formal-ssa: bad.json: function ifs100000, block return: predecessor "nowhere" is not a block id\n`);
    expect(existsSync(join(dir, "bad.ssa.json"))).toBe(false);
    const v = await runMain(["validate", "bad.json", "ifs.json"], dir);
    expect([v.status, v.stdout, v.stderr.split("\n").length]).toEqual([2, "", 2]);
    expect(v.stderr).toMatch(/^formal-ssa: bad\.json: function ifs100000, block return: /);
  });
  it("files past what one input can be: one line naming the limit, exit 2 (sparse files: no disk used)", async () => {
    const huge = join(dir, "huge.json");
    const r = spawnSync("truncate", ["-s", "5G", huge]);
    expect(r.status).toBe(0);
    const v = await runMain(["validate", "huge.json", "ifs.json"], dir);
    expect([v.status, v.stdout]).toEqual([2, ""]);
    expect(v.stderr).toBe("formal-ssa: huge.json: 5.0 GB is more than one input can be (4.0 GB, the largest buffer Node.js makes, which no option raises): split the module into files of fewer functions\n");
    rmSync(huge);
  });
  it("a function past the V8 heap left: one line with the limit and how to raise it, and the raised limit works", () => {
    const run = (mb: number) =>
      spawnSync(process.execPath, [`--max-old-space-size=${mb}`, MAIN, "construct", "--algorithm", "braun", "ifs.json", "-o", `heap${mb}.json`], { cwd: dir, encoding: "utf8" });
    const small = run(16);
    expect(small.status).toBe(2);
    expect(small.stdout).toBe("");
    const m = /^formal-ssa: ifs\.json: function ifs100000: its \d+ blocks, statements and names need about \d+ MB of V8 heap, more than the \d+ MB this process has left: raise the limit with NODE_OPTIONS=--max-old-space-size=(\d+)\n$/.exec(small.stderr);
    expect(m, small.stderr).not.toBeNull();
    expect(existsSync(join(dir, "heap16.json"))).toBe(false);
    const raised = run(Number(m![1]));
    expect([raised.status, raised.stderr]).toEqual([0, ""]);
  });
});
