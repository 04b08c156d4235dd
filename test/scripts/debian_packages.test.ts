/**
 * scripts/debian-packages.sh, which `npm test` (scripts/setup-test-tools.sh, its pretest) and
 * every script that needs a tool source: a tool on PATH is left alone; a missing one that cannot
 * be installed (here: no apt-get on PATH) stops the script at once with exit 1 and one line
 * naming the tool and the command that installs it, before anything else runs.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = new URL("../..", import.meta.url).pathname;
/** A PATH with only `id` on it: no apt-get, no sudo. */
const bin = mkdtempSync(join(tmpdir(), "formal-ssa-path-"));
symlinkSync(spawnSync("bash", ["-c", "type -P id"], { encoding: "utf8" }).stdout.trim(), join(bin, "id"));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

/** HOME is the empty folder too: bash reads ~/.bashrc when its stdin is a socket, as node's pipes are. */
function needTools(...pairs: string[]) {
  const script = `source "${ROOT}scripts/debian-packages.sh"; need_tools my-script ${pairs.join(" ")}; echo went-on`;
  return spawnSync("/bin/bash", ["-c", script], { encoding: "utf8", env: { PATH: bin, HOME: bin } });
}

describe("need_tools (scripts/debian-packages.sh)", () => {
  it("a tool on PATH is left alone, and the script goes on", () => {
    const r = needTools("id:coreutils");
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("went-on\n");
    expect(r.status).toBe(0);
  });

  it("missing tools that cannot be installed: exit 1 at once, one line naming them, their packages and the command", () => {
    const r = needTools("id:coreutils", "no-such-tool-a:pkg-a", "no-such-tool-b:pkg-b", "no-such-tool-c:pkg-a");
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      "my-script: no-such-tool-a no-such-tool-b no-such-tool-c not found and not installed (apt-get is not available); install the Debian packages pkg-a pkg-b (apt-get install pkg-a pkg-b)\n",
    );
    expect(r.status).toBe(1);
  });
});
