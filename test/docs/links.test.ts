/**
 * Every reference the documentation makes points at something: in the README, docs/, examples/
 * and schemas/, every relative Markdown link names a file or folder of the repository, every
 * `#anchor` a heading of the file it points into (GitHub's slugs), every relative path written
 * out (`../x/y.md`) exists, and every section cited by name (`(below, "Fuzzing the producers")`,
 * `the README's "Exchange format"`, `see "X"`, `section "X"`) is a heading of the file it names.
 * So a reader who follows them from the repository or the package alone never lands on nothing.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../cli/cli.js";

/** The files whose references are checked: the README, and every Markdown, JSON, script and YAML file under docs/, examples/, schemas/. */
function documents(): string[] {
  const out = [join(ROOT, "README.md")];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(md|json|mjs|ya?ml)$/.test(name)) out.push(p);
    }
  };
  for (const d of ["docs", "examples", "schemas"]) walk(join(ROOT, d));
  return out;
}

/** GitHub's heading anchors of a Markdown file: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (m === null) continue;
    const slug = m[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const k = seen.get(slug) ?? 0;
    seen.set(slug, k + 1);
    out.add(k === 0 ? slug : `${slug}-${k}`);
  }
  return out;
}

/**
 * The section titles of a Markdown file: its headings, and the bold lead-ins that open a paragraph
 * or a list item (`**Shrinking.** ...`), inline code marks and the closing period dropped.
 */
function headings(markdown: string): Set<string> {
  const out = new Set<string>();
  for (const line of markdown.split("\n")) {
    const h = /^#{1,6}\s+(.*?)\s*$/.exec(line)?.[1] ?? /^(?:[-*]\s+)?\*\*([^*]+?)\.?\*\*/.exec(line)?.[1];
    if (h !== undefined) out.add(h.replace(/`/g, ""));
  }
  return out;
}

/** Whether `path` is in the repository (a path that leaves it exists only on the machine it was written on). */
const inside = (path: string) => path.startsWith(join(resolve(ROOT), "/"));

interface Broken {
  file: string;
  reference: string;
  why: string;
}

function check(file: string): Broken[] {
  const text = readFileSync(file, "utf8");
  const here = dirname(file);
  const rel = relative(ROOT, file);
  const broken: Broken[] = [];
  const markdown = file.endsWith(".md");
  // Markdown links, outside code blocks
  const prose = markdown ? text.replace(/```[\s\S]*?```/g, "") : "";
  for (const m of prose.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
    const target = m[1];
    if (/^[a-z]+:/i.test(target)) continue; // http:, https:, mailto:
    const [path, anchor] = target.split("#");
    const to = path === "" ? file : resolve(here, path);
    if (!inside(to) || !existsSync(to)) {
      broken.push({ file: rel, reference: target, why: "no such file in the repository" });
      continue;
    }
    if (anchor !== undefined && to.endsWith(".md") && !anchors(readFileSync(to, "utf8")).has(anchor)) broken.push({ file: rel, reference: target, why: `no heading #${anchor} in ${relative(ROOT, to)}` });
  }
  // relative paths written out (in prose, code spans, comments and JSON strings alike)
  for (const m of text.matchAll(/(?:^|[\s`'"])((?:\.\.\/)+[\w.@-]+(?:\/[\w.@-]+)*\.(?:md|json|ts|mjs|sh|ya?ml))/gm)) {
    const to = resolve(here, m[1]);
    if (!inside(to) || !existsSync(to)) broken.push({ file: rel, reference: m[1], why: "no such file in the repository" });
  }
  // sections cited by name: in this file, or in the README where the README is named
  for (const m of text.matchAll(/(README's |README, )?(\(below, |\(above, |[Ss]ection |see )?\\?"([A-Z][^"\\]{2,80})\\?"(?: section)?/g)) {
    const citesSection = m[1] !== undefined || m[2] !== undefined || m[0].endsWith(" section");
    if (!citesSection) continue;
    const where = m[1] !== undefined ? join(ROOT, "README.md") : file;
    if (!where.endsWith(".md") || !headings(readFileSync(where, "utf8")).has(m[3])) broken.push({ file: rel, reference: `"${m[3]}"`, why: `no such section in ${relative(ROOT, where)}` });
  }
  return broken;
}

describe("every reference of the documentation points at something", () => {
  it("relative links, their anchors, written-out paths and sections cited by name, in the README, docs/, examples/ and schemas/", () => {
    const files = documents();
    expect(files.length).toBeGreaterThan(30);
    expect(files.flatMap(check)).toEqual([]);
  });
  it("the checker catches what it is for: a missing file, a missing anchor, a path out of the repository, a missing section", () => {
    const dir = join(ROOT, "test-artifacts", "links");
    mkdirSync(dir, { recursive: true });
    const probe = join(dir, "probe.md");
    writeFileSync(
      probe,
      [
        "# Probe",
        "[fine](../../docs/fuzzing.md#what-the-generators-vary) and [here](#probe).",
        "[gone](../../docs/nosuch.md), [no anchor](../../docs/fuzzing.md#nosuch).",
        "The complete definition is `../../../shared/FORMAT.md`.",
        'See the README\'s "Exchange format", and (below, "Nothing here").',
      ].join("\n"),
    );
    try {
      expect(check(probe).map((b) => b.reference)).toEqual(["../../docs/nosuch.md", "../../docs/fuzzing.md#nosuch", "../../../shared/FORMAT.md", '"Exchange format"', '"Nothing here"']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
