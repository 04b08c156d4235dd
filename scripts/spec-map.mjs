/**
 * The spec map: for every name of scripts/isabelle-catalog.mjs (the Isabelle theories Formal_SSA
 * and Minimal_SSA), the TypeScript symbol that mirrors it, its file and line, and the tests that
 * exercise it, computed from the code with the TypeScript compiler API. Writes docs/spec-map.md;
 * exits 1 with one line per name that has no mirror or no test.
 *
 *   node scripts/spec-map.mjs            write docs/spec-map.md, report what is missing
 *   node scripts/spec-map.mjs --check    write nothing; also fail if docs/spec-map.md is stale
 *
 * How a mirror is found (in spec/, checks/, impl/, graph/):
 * - a doc comment tag `@isabelle NAME[, NAME...]` on a declaration; NAME is an entry's id
 *   (`Formal_SSA.CFG_SSA.phis_wf`) or any unique suffix of it (`CFG_SSA.phis_wf`, `phis_wf`);
 * - an exported declaration named as an entry (a prime spelled `Prime`: `defAss'` is
 *   `defAssPrime`) in a file whose header comment says `@theory THEORY...`, for the
 *   definitions, assumptions and locales of those theories;
 * - for a theorem or lemma, also a test that states it: a test whose title names it (see below)
 *   or that carries `// @isabelle NAME`.
 * How tests are found (test/**\/*.test.ts): a test (an `it`/`test` call) exercises an entry when
 * its body uses a mirror of the entry (resolved by the type checker, through the test file's own
 * helper functions), when it carries an `@isabelle` tag for it, or when its title names it: by a
 * distinctive name (one with `_`, `'` or a capital inside, or `Lemma N`) or by `Locale.name`, or,
 * for a plain lower-case name, as `name:`; a name several entries share counts only qualified.
 * A name marked not executable in the catalog needs neither; the map shows the stated reason.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { catalog, THEORIES_WITHOUT_NAMES } from "./isabelle-catalog.mjs";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const OUTPUT = "docs/spec-map.md";
const SOURCE_DIRS = ["spec", "checks", "impl", "graph"];
const TEST_DIR = "test";

/** Every file under `dir` (relative to root) whose name passes `keep`, sorted. */
function walk(root, dir, keep) {
  const out = [];
  const rec = (d) => {
    for (const e of readdirSync(join(root, d), { withFileTypes: true })) {
      const p = `${d}/${e.name}`;
      if (e.isDirectory()) rec(p);
      else if (keep(e.name)) out.push(p);
    }
  };
  if (existsSync(join(root, dir))) rec(dir);
  return out.sort();
}

/** `defAssPrime` -> `defAss'`; `defAssPrimeUses` -> `defAss'Uses`. */
function isabelleSpelling(tsName) {
  return tsName.replace(/Prime/g, "'");
}

/** Resolves `phis_wf`, `CFG_SSA.phis_wf` or a full id to catalog entries (every match). */
function makeResolver(entries) {
  const byKey = new Map();
  const add = (k, e) => byKey.set(k, [...(byKey.get(k) ?? []), e]);
  for (const e of entries) {
    const parts = e.id.split(".");
    // every dotted suffix, with and without a ':lemma' marker
    for (let i = 0; i < parts.length; i++) {
      const k = parts.slice(i).join(".");
      add(k, e);
      if (k.endsWith(":lemma")) add(k.slice(0, -":lemma".length), e);
    }
    if (e.locale !== e.name) add(`${e.theory.replace(/\.thy$/, "")}.${e.name}`, e);
  }
  for (const [k, es] of byKey) byKey.set(k, [...new Set(es)]);
  return (key) => byKey.get(key) ?? [];
}

/** The names of `@isabelle` tags in a comment text: comma or whitespace separated. */
function tagNames(text) {
  const out = [];
  for (const m of text.matchAll(/@isabelle[ \t]+([^\n@]*)/g)) {
    for (const w of m[1].replace(/\*\/.*$/, "").split(/[\s,]+/)) if (w && w !== "*") out.push(w.replace(/[.;]$/, ""));
  }
  return out;
}

function lineOf(sf, pos) {
  return sf.getLineAndCharacterOfPosition(pos).line + 1;
}

/** The name of a top-level declaration statement, or undefined. */
function declName(node) {
  if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isEnumDeclaration(node)) && node.name)
    return node.name.text;
  return undefined;
}

function isExported(node) {
  return (ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export) !== 0;
}

/** Top-level declarations of a file: [nameNode, statement] for functions, classes, interfaces, types, enums, consts. */
function topLevelDecls(sf) {
  const out = [];
  for (const st of sf.statements) {
    const n = declName(st);
    if (n !== undefined) out.push({ name: n, decl: st, stmt: st, exported: isExported(st) });
    else if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) out.push({ name: d.name.text, decl: d, stmt: st, exported: isExported(st) });
    }
  }
  return out;
}

/** The JSDoc text attached to a statement (all of its leading /** comments). */
function docText(sf, stmt) {
  const ranges = ts.getLeadingCommentRanges(sf.text, stmt.getFullStart()) ?? [];
  return ranges.map((r) => sf.text.slice(r.pos, r.end)).filter((c) => c.startsWith("/**")).join("\n");
}

/** The `@theory` names of a file's header comment (the first comment of the file). */
function fileTheories(sf) {
  const ranges = ts.getLeadingCommentRanges(sf.text, 0) ?? [];
  if (ranges.length === 0) return [];
  const text = sf.text.slice(ranges[0].pos, ranges[0].end);
  const out = [];
  for (const m of text.matchAll(/@theory[ \t]+([^\n]*)/g)) for (const w of m[1].split(/[\s,]+/)) if (/^\w+$/.test(w)) out.push(w);
  return out;
}

/**
 * Everything the map says, computed from the code under `root`.
 * @returns {{ entries: any[], rows: Map<string, any>, missing: string[], problems: string[], markdown: string }}
 */
export function buildSpecMap(root = ROOT) {
  const entries = catalog();
  const resolve = makeResolver(entries);
  const problems = [];
  const sourceFiles = SOURCE_DIRS.flatMap((d) => walk(root, d, (f) => f.endsWith(".ts") && !f.endsWith(".d.ts")));
  const testFiles = walk(root, TEST_DIR, (f) => f.endsWith(".test.ts"));
  const program = ts.createProgram(
    [...sourceFiles, ...testFiles].map((f) => join(root, f)),
    { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, noEmit: true, skipLibCheck: true, types: [] },
  );
  const checker = program.getTypeChecker();
  const rel = (sf) => relative(root, sf.fileName).split("\\").join("/");

  /** entry id -> mirrors [{ symbol, file, line, via }] */
  const mirrors = new Map(entries.map((e) => [e.id, []]));
  /** declaration node -> entry ids it mirrors */
  const declEntries = new Map();
  const addMirror = (e, d, sf, via) => {
    const list = mirrors.get(e.id);
    const m = { symbol: d.name, file: rel(sf), line: lineOf(sf, d.decl.getStart(sf)), via };
    if (!list.some((x) => x.file === m.file && x.symbol === m.symbol)) list.push(m);
    declEntries.set(d.decl, [...new Set([...(declEntries.get(d.decl) ?? []), e.id])]);
  };

  for (const f of sourceFiles) {
    const sf = program.getSourceFile(join(root, f));
    if (!sf) continue;
    const theories = fileTheories(sf);
    for (const d of topLevelDecls(sf)) {
      const tagged = tagNames(docText(sf, d.stmt));
      for (const t of tagged) {
        const es = resolve(t);
        if (es.length === 1) addMirror(es[0], d, sf, "tag");
        else problems.push(`${f}:${lineOf(sf, d.decl.getStart(sf))}: @isabelle ${t} ${es.length === 0 ? "names no catalogued entry" : `is ambiguous (${es.map((e) => e.id).join(", ")})`}`);
      }
      if (!d.exported || theories.length === 0) continue;
      const name = isabelleSpelling(d.name);
      const es = entries.filter((e) => e.name === name && theories.includes(e.theory.replace(/\.thy$/, "")) && ["locale", "assumption", "definition"].includes(e.kind));
      if (es.length === 1) addMirror(es[0], d, sf, "name");
    }
  }

  // ---- the source call graph: which top-level declarations each one refers to ----------------
  /** declaration -> the top-level source declarations its text refers to */
  const sourceRefs = new Map();
  const sourceDecls = new Set();
  for (const f of sourceFiles) {
    const sf = program.getSourceFile(join(root, f));
    if (sf) for (const d of topLevelDecls(sf)) sourceDecls.add(d.decl);
  }
  const declsReferencedBy = (node) => {
    const out = new Set();
    const visit = (n) => {
      if (ts.isIdentifier(n)) {
        let sym = checker.getSymbolAtLocation(n);
        if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
        for (const d of sym?.declarations ?? []) {
          if (sourceDecls.has(d)) out.add(d);
          else if (d.parent && sourceDecls.has(d.parent.parent)) out.add(d.parent.parent); // a class member: its class
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
    return out;
  };
  for (const d of sourceDecls) sourceRefs.set(d, declsReferencedBy(d));
  /** the entries a set of source declarations reaches through the call graph */
  const reachedEntries = (decls) => {
    const seen = new Set();
    const stack = [...decls];
    const ids = new Set();
    while (stack.length > 0) {
      const d = stack.pop();
      if (seen.has(d)) continue;
      seen.add(d);
      for (const id of declEntries.get(d) ?? []) ids.add(id);
      for (const x of sourceRefs.get(d) ?? []) stack.push(x);
    }
    return ids;
  };

  // ---- tests -------------------------------------------------------------------------------
  /** entry id -> tests [{ file, line, title, how }] */
  const tests = new Map(entries.map((e) => [e.id, []]));
  /** entry id -> tests that state it (for theorems): by title or tag */
  const stating = new Map(entries.map((e) => [e.id, []]));
  const nameCount = new Map();
  for (const e of entries) nameCount.set(e.name, (nameCount.get(e.name) ?? 0) + 1);

  const titleMatches = (title) => {
    const hits = new Set();
    // qualified: Locale.name or Theory.name (or a full id)
    for (const m of title.matchAll(/[A-Za-z_][\w']*(?:\.[A-Za-z_0-9][\w']*)+/g)) for (const e of resolve(m[0])) hits.add(e);
    for (const m of title.matchAll(/Lemma (\d)\b/g)) for (const e of entries) if (e.name === m[1]) hits.add(e);
    for (const m of title.matchAll(/(?<![\w'.])([A-Za-z_][\w']*)(:?)/g)) {
      const [, word, colon] = m;
      const w = word.replace(/'s$/, "");
      const es = entries.filter((e) => e.name === w);
      if (es.length !== 1) continue;
      const distinctive = /[_']/.test(w) || /.[A-Z]/.test(w);
      if (distinctive || colon === ":") hits.add(es[0]);
    }
    return [...hits];
  };

  const isTestCall = (node) =>
    ts.isCallExpression(node) &&
    ts.isIdentifier(node.expression) &&
    (node.expression.text === "it" || node.expression.text === "test") &&
    node.arguments.length >= 2 &&
    (ts.isStringLiteral(node.arguments[0]) || ts.isNoSubstitutionTemplateLiteral(node.arguments[0]) || ts.isTemplateExpression(node.arguments[0]));

  for (const f of testFiles) {
    const sf = program.getSourceFile(join(root, f));
    if (!sf) continue;
    // module-level declarations of the test file and the mirror declarations each one reaches
    const local = new Map(); // decl node -> Set(entry id)
    const localRefs = new Map(); // decl node -> Set(local decl node)
    const refsOf = (node) => {
      const ids = new Set();
      const locals = new Set();
      const srcs = new Set();
      const visit = (n) => {
        if (ts.isIdentifier(n)) {
          let sym = checker.getSymbolAtLocation(n);
          if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
          for (const d of sym?.declarations ?? []) {
            const es = declEntries.get(d);
            if (es) for (const id of es) ids.add(id);
            if (d.getSourceFile() === sf && local.has(d)) locals.add(d);
            if (sourceDecls.has(d)) srcs.add(d);
            else if (d.parent && sourceDecls.has(d.parent.parent)) srcs.add(d.parent.parent);
          }
        }
        ts.forEachChild(n, visit);
      };
      visit(node);
      return { ids, locals, srcs };
    };
    const localSrcs = new Map(); // decl node -> Set(source decl)
    for (const d of topLevelDecls(sf)) local.set(d.decl, new Set());
    for (const d of topLevelDecls(sf)) {
      const r = refsOf(d.decl);
      local.set(d.decl, r.ids);
      localRefs.set(d.decl, r.locals);
      localSrcs.set(d.decl, r.srcs);
    }
    /** direct: entries the test's own code (and its file's helpers) names; reached: through the source call graph */
    const closure = (r) => {
      const direct = new Set(r.ids);
      const srcs = new Set(r.srcs);
      const seen = new Set();
      const stack = [...r.locals];
      while (stack.length > 0) {
        const d = stack.pop();
        if (seen.has(d)) continue;
        seen.add(d);
        for (const id of local.get(d) ?? []) direct.add(id);
        for (const x of localSrcs.get(d) ?? []) srcs.add(x);
        for (const x of localRefs.get(d) ?? []) stack.push(x);
      }
      const reached = reachedEntries(srcs);
      for (const id of direct) reached.delete(id);
      return { direct, reached };
    };
    const visit = (node) => {
      if (isTestCall(node)) {
        const a0 = node.arguments[0];
        const title = ts.isTemplateExpression(a0) ? a0.getText(sf).slice(1, -1) : a0.text;
        const line = lineOf(sf, node.getStart(sf));
        const t = { file: f, line, title };
        const { direct, reached } = closure(refsOf(node.arguments[1]));
        for (const id of direct) tests.get(id).push({ ...t, how: "uses" });
        for (const id of reached) tests.get(id).push({ ...t, how: "reaches" });
        // the statement's leading comments and the comments inside the test
        let stmt = node;
        while (stmt.parent && !ts.isExpressionStatement(stmt) && !ts.isSourceFile(stmt.parent)) stmt = stmt.parent;
        const comments = (ts.getLeadingCommentRanges(sf.text, stmt.getFullStart()) ?? []).map((c) => sf.text.slice(c.pos, c.end)).join("\n") + "\n" + node.getText(sf).replace(/^[^]*?=>/, "");
        const stated = new Set(titleMatches(title));
        for (const tn of tagNames(comments.split("\n").filter((l) => /\/\/|\/\*|^\s*\*/.test(l)).join("\n"))) {
          const es = resolve(tn);
          if (es.length === 1) stated.add(es[0]);
          else problems.push(`${f}:${line}: @isabelle ${tn} ${es.length === 0 ? "names no catalogued entry" : `is ambiguous (${es.map((e) => e.id).join(", ")})`}`);
        }
        for (const e of stated) {
          stating.get(e.id).push({ ...t, how: "states" });
          tests.get(e.id).push({ ...t, how: "states" });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  // ---- rows, missing -----------------------------------------------------------------------
  const rows = new Map();
  const missing = [];
  const isTheorem = (e) => ["lemma", "theorem", "corollary"].includes(e.kind);
  for (const e of entries) {
    const ms = mirrors.get(e.id);
    const byKey = new Map();
    for (const t of tests.get(e.id)) {
      const k = `${t.file}:${t.line}`;
      const rank = { states: 0, uses: 1, reaches: 2 };
      if (!byKey.has(k) || rank[t.how] < rank[byKey.get(k).how]) byKey.set(k, t);
    }
    const all = [...byKey.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
    // the tests that name or use it; only where there are none, the ones that reach it through the code
    const named = all.filter((t) => t.how !== "reaches");
    const ts_ = named.length > 0 ? named : all;
    const statedBy = ts_.filter((t) => t.how === "states");
    const row = { entry: e, mirrors: ms, tests: ts_, statedBy };
    rows.set(e.id, row);
    if (e.notExecutable) continue;
    const hasMirror = ms.length > 0 || (isTheorem(e) && statedBy.length > 0);
    if (!hasMirror) missing.push(`${e.id} (${e.kind}): no mirror`);
    else if (ts_.length === 0) missing.push(`${e.id} (${e.kind}): no test`);
  }
  return { entries, rows, missing, problems, markdown: render(entries, rows) };
}

// ---- markdown ----------------------------------------------------------------------------

const esc = (s) => s.replace(/\|/g, "\\|").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const code = (s) => "`" + s.replace(/\|/g, "\\|") + "`";
const link = (file, line, text = `${file}:${line}`) => `[${text}](../${file}#L${line})`;

function render(entries, rows) {
  const count = (pred) => entries.filter(pred).length;
  const kinds = ["locale", "assumption", "definition", "lemma", "theorem", "corollary"];
  const out = [];
  out.push("# Spec map");
  out.push("");
  out.push("Generated by `npm run spec-map` (scripts/spec-map.mjs) from the code; do not edit by hand.");
  out.push("Every locale, locale assumption, definition and named theorem or lemma of the AFP entries");
  out.push("Formal_SSA and Minimal_SSA that the reference catalog lists (scripts/isabelle-catalog.mjs), with");
  out.push("the TypeScript that mirrors it and the tests that exercise it. A mirror is found by an");
  out.push("`@isabelle` tag on a declaration or by an Isabelle-named export of a file tagged `@theory`;");
  out.push("a theorem's mirror may be the property test that states it (its title names the theorem).");
  out.push("Tests are found by what their bodies use and by the names their titles and `@isabelle` comments give.");
  out.push("Where the catalog names a lemma without its statement, the statement is the AFP source's.");
  out.push("A name marked not executable shows its reason in the \"where\" column.");
  out.push("");
  out.push("Theories of Formal_SSA for which the reference catalog lists no names (so none appear below):");
  for (const [thy, what] of THEORIES_WITHOUT_NAMES) out.push(`- ${thy}: ${what}.`);
  out.push("");
  out.push("| kind | catalogued | mirrored | not executable |");
  out.push("| --- | --- | --- | --- |");
  for (const k of kinds) {
    const es = entries.filter((e) => e.kind === k);
    if (es.length === 0) continue;
    const mirrored = es.filter((e) => rows.get(e.id).mirrors.length > 0 || rows.get(e.id).statedBy.length > 0).length;
    out.push(`| ${k} | ${es.length} | ${mirrored} | ${es.filter((e) => e.notExecutable).length} |`);
  }
  out.push(`| all | ${entries.length} | ${count((e) => rows.get(e.id).mirrors.length > 0 || rows.get(e.id).statedBy.length > 0)} | ${count((e) => e.notExecutable)} |`);
  out.push("");
  const sessions = [...new Set(entries.map((e) => e.session))];
  for (const s of sessions) {
    out.push(`## ${s}`);
    out.push("");
    const inS = entries.filter((e) => e.session === s);
    const groups = [];
    for (const e of inS) {
      const key = `${e.theory}\u0000${e.locale}`;
      let g = groups.find((x) => x.key === key);
      if (!g) groups.push((g = { key, theory: e.theory, locale: e.locale, entries: [] }));
      g.entries.push(e);
    }
    for (const g of groups) {
      const isLocale = g.entries.some((e) => e.kind === "locale" && e.name === g.locale) || inS.some((e) => e.kind === "locale" && e.name === g.locale);
      out.push(`### ${g.theory}: ${isLocale ? `locale ${code(g.locale)}` : "top level"}`);
      out.push("");
      out.push("| Isabelle name | kind | statement | TypeScript | where | tests |");
      out.push("| --- | --- | --- | --- | --- | --- |");
      for (const e of g.entries) out.push(renderRow(rows.get(e.id)));
      out.push("");
    }
  }
  return out.join("\n");
}

function renderRow({ entry: e, mirrors, tests, statedBy }) {
  const name = e.kind === "locale" ? e.name : /^\d$/.test(e.name) ? `Lemma ${e.name}` : e.name;
  let symbol;
  let where;
  if (mirrors.length > 0) {
    symbol = mirrors.map((m) => code(m.symbol)).join(", ");
    where = mirrors.map((m) => link(m.file, m.line)).join(", ");
  } else if (statedBy.length > 0) {
    symbol = "property test";
    where = statedBy.map((t) => link(t.file, t.line)).join(", ");
  } else if (e.notExecutable) {
    symbol = "none";
    where = `not executable: ${esc(e.notExecutable)}`;
  } else {
    symbol = "**missing**";
    where = "";
  }
  const byFile = new Map();
  for (const t of tests) byFile.set(t.file, [...(byFile.get(t.file) ?? []), t]);
  const testCell = [...byFile]
    .map(([file, ts_]) => {
      const shown = ts_.slice(0, 3).map((t) => link(t.file, t.line, `"${esc(shorten(t.title))}"`) + (t.how === "reaches" ? " (through the code)" : ""));
      const more = ts_.length > 3 ? ` +${ts_.length - 3} more` : "";
      return `${file.replace(/^test\//, "")}: ${shown.join("; ")}${more}`;
    })
    .join("<br>");
  const alias = e.paperName === undefined ? "" : `<br>paper: ${code(e.paperName.replace(/ \(.*$/, ""))} ${esc(e.paperName.replace(/^\S+ /, ""))}`;
  return `| ${code(name)}${alias} | ${e.kind} | ${esc(e.summary)} | ${symbol} | ${where} | ${testCell || (e.notExecutable ? "" : "**none**")} |`;
}

function shorten(s) {
  return s.length > 70 ? `${s.slice(0, 67)}...` : s;
}

// ---- command line ------------------------------------------------------------------------

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes("--check");
  const r = buildSpecMap(ROOT);
  const path = join(ROOT, OUTPUT);
  const stale = !existsSync(path) || readFileSync(path, "utf8") !== r.markdown;
  if (!check) writeFileSync(path, r.markdown);
  const mirrored = [...r.rows.values()].filter((x) => x.mirrors.length > 0 || x.statedBy.length > 0).length;
  const exempt = r.entries.filter((e) => e.notExecutable).length;
  console.log(`${r.entries.length} catalogued names: ${mirrored} mirrored, ${exempt} marked not executable, ${r.missing.length} missing`);
  for (const p of r.problems) console.log(`problem: ${p}`);
  for (const m of r.missing) console.log(`missing: ${m}`);
  if (check && stale) console.log(`${OUTPUT} is not up to date: run npm run spec-map`);
  else if (!check) console.log(`wrote ${OUTPUT}`);
  process.exitCode = r.missing.length > 0 || r.problems.length > 0 || (check && stale) ? 1 : 0;
}
