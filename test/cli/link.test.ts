/**
 * `formal-ssa validate ... --link` (api/node/link.ts): a link per rejected function that opens the
 * explorer on it. Each link's hash decodes (raw DEFLATE, base64url, as explorer/src/link.ts reads
 * it) to the page's parameters: the producer, the two texts as given (a producer's pair) or the
 * function's two documents (the exchange format), the function. Where no link can be made the
 * line says why; the options' misuse is one line and exit 2. (test/explorer/browser.test.ts opens
 * such a link in the page.)
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { explorerLinks, LINK_MAX, validateFiles } from "../../api/node/index.js";
import { ROOT, runMain } from "./cli.js";

const FIX = join(ROOT, "test/fixtures");
const BASE = "https://explorer.example/index.html";
let dir: string;

/** The parameters of a link's hash, plain or compressed. */
function paramsOf(url: string): URLSearchParams {
  const hash = new URL(url).hash.slice(1);
  const z = new URLSearchParams(hash).get("z");
  return z === null ? new URLSearchParams(hash) : new URLSearchParams(inflateRawSync(Buffer.from(z, "base64url")).toString("utf8"));
}

/** GCC's loops.c with the first phi's arguments swapped: `sum` is rejected. */
function gccMutant(): [string, string] {
  const before = join(dir, "loops.fixup_cfg1");
  const after = join(dir, "loops.ssa");
  writeFileSync(before, readFileSync(join(FIX, "gcc/loops.fixup_cfg1")));
  const text = readFileSync(join(FIX, "gcc/loops.ssa"), "utf8");
  const broken = text.replace("# s_1 = PHI <s_3(2), s_8(3)>", "# s_1 = PHI <s_8(2), s_3(3)>");
  expect(broken).not.toBe(text);
  writeFileSync(after, broken);
  return [before, after];
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "formal-ssa-link-"));
});

describe("validate --link", () => {
  it("a producer's pair: one line per rejected function, whose link holds the producer, both texts and the function", async () => {
    const [before, after] = gccMutant();
    const r = await runMain(["validate", before, after, "--link", "--explorer", BASE], dir);
    expect(r.status).toBe(1);
    const lines = r.stdout.split("\n").filter((l) => l.startsWith("link: "));
    expect(lines).toHaveLength(1);
    const m = /^link: sum: (\S+)$/.exec(lines[0]);
    expect(m, lines[0]).not.toBeNull();
    expect(m![1].startsWith(`${BASE}#z=`)).toBe(true);
    const p = paramsOf(m![1]);
    expect([p.get("p"), p.get("fn")]).toEqual(["gcc", "sum"]);
    expect(p.get("src")).toBe(readFileSync(before, "utf8"));
    expect(p.get("ssa")).toBe(readFileSync(after, "utf8"));
    // the report comes first, as without --link (times aside)
    const plain = await runMain(["validate", before, after], dir);
    const untimed = (t: string) => t.replace(/[0-9.]+ ms\)/g, "T ms)");
    expect(untimed(r.stdout).startsWith(untimed(plain.stdout))).toBe(true);
  });

  it("an exchange-format pair: the function's two documents", async () => {
    const o = join(ROOT, "examples/diamond.json");
    const s = join(ROOT, "examples/diamond.bad.ssa.json");
    const report = await validateFiles(o, s);
    const [line] = explorerLinks(o, s, report, BASE);
    const url = /(\S+)$/.exec(line)![1]; // the name holds blanks: the link is the last word
    expect(url.startsWith(`${BASE}#`)).toBe(true);
    const p = paramsOf(url);
    expect(p.get("p")).toBeNull();
    expect(JSON.parse(p.get("src")!)).toEqual(JSON.parse(readFileSync(o, "utf8")));
    expect(JSON.parse(p.get("ssa")!)).toEqual(JSON.parse(readFileSync(s, "utf8")));
  });

  it("says why there is no link: too long, standard input, nothing rejected gives no line", async () => {
    // incompressible text in a comment makes the pair too long for a link
    const [before, after] = gccMutant();
    let noise = "";
    let x = 2463534242; // xorshift32, seed fixed
    for (let i = 0; i < 40_000; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      noise += String.fromCharCode(33 + ((x >>> 0) % 90));
    }
    const big = join(dir, "big.fixup_cfg1");
    writeFileSync(big, `${readFileSync(before, "utf8")}\n;; ${noise}\n`);
    const report = await validateFiles(big, after);
    const [line] = explorerLinks(big, after, report, BASE);
    expect(line).toMatch(new RegExp(`^link: sum: no link: it would be \\d+ characters \\(at most ${LINK_MAX}\\); open the explorer and paste the two files there$`));
    expect(explorerLinks("-", after, report, BASE)).toEqual(["link: no link for standard input: give the files by name"]);
    const good = join(dir, "good.ssa");
    writeFileSync(good, readFileSync(join(FIX, "gcc/loops.ssa")));
    expect(explorerLinks(before, good, await validateFiles(before, good), BASE)).toEqual([]);
  });

  it("misused options: one line, exit 2, nothing else printed", async () => {
    const [before, after] = gccMutant();
    const json = await runMain(["validate", before, after, "--link", "--json"], dir);
    expect([json.status, json.stdout]).toEqual([2, ""]);
    expect(json.stderr).toMatch(/^formal-ssa: --link: .*drop --json.*\n$/);
    const alone = await runMain(["validate", before, after, "--explorer", BASE], dir);
    expect([alone.status, alone.stdout, alone.stderr]).toEqual([2, "", "formal-ssa: --explorer: give --link too\n"]);
  });
});
