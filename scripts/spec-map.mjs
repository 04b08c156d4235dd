/**
 * The spec map: for every name of scripts/isabelle-catalog.mjs (the Isabelle theories Formal_SSA
 * and Minimal_SSA), its status, the TypeScript symbol that mirrors it, its file and line, and the
 * tests that exercise it, computed from the code with the TypeScript compiler API. Writes
 * docs/spec-map.md; prints the tallies per status; exits 1 with one line per name that has no
 * status (no mirror, or no test).
 *
 * Statuses (STATUSES), decided in this order:
 * - not applicable: the catalog gives a reason after `||` (a tautology of this model, or not
 *   about the model at all: the While language, code-generation glue, HOL library lemmas);
 * - property-tested: a theorem, lemma or corollary, stated by a test (its title names it, or an
 *   `@isabelle` comment in it); the map gives each such test's generators (the calls in it that
 *   make a fast-check arbitrary, with their `@bounds` tags and arguments) and its runs;
 * - mirrored: a literal transcription, in spec/ or impl/ (an `@isabelle` tag, or an exported
 *   declaration named as the entry in a file whose header says `@theory`);
 * - approximated: only a declaration tagged `@approximates NAME: the deviation`;
 * - stand-in: only a declaration tagged `@standin NAME: why`, a different function that plays the
 *   entry's role (a checker for a code locale, a construction for the locale that hosts it).
 * A checker of checks/ named as an assumption (or tagged with it) is listed as its checker, not
 * as a transcription: it is held to the literal definition by the agreement tests.
 *
 *   node scripts/spec-map.mjs            write docs/spec-map.md (and the statuses for the explorer,
 *                                        explorer/src/spec_status.ts), report what is missing
 *   node scripts/spec-map.mjs --check    write nothing; also fail if either is stale
 *
 * How a mirror is found (in spec/, checks/, impl/, graph/):
 * - a doc comment tag `@isabelle NAME[, NAME...]` on a declaration; NAME is an entry's id
 *   (`Formal_SSA.CFG_SSA.phis_wf`) or any unique suffix of it (`CFG_SSA.phis_wf`, `phis_wf`);
 *   `@standin NAME[, NAME...]: why` and `@approximates NAME[, NAME...]: deviation` likewise;
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
/** Every name's status as a module, for the explorer's definition panel (written with the map, checked with it). */
export const STATUS_OUTPUT = "explorer/src/spec_status.ts";
const SOURCE_DIRS = ["spec", "checks", "impl", "graph"];
/** The statuses, in the order of the tallies. */
export const STATUSES = ["mirrored", "stand-in", "approximated", "property-tested", "not applicable"];
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

/**
 * The `@standin` and `@approximates` tags of a doc comment: `@standin NAME[, NAME...]: why`, the
 * text running to the next tag or the end of the comment.
 */
export function roleTags(text) {
  const body = text.replace(/\/\*\*|\*\//g, "").split("\n").map((l) => l.replace(/^\s*\*\s?/, "")).join("\n");
  const out = [];
  for (const m of body.matchAll(/@(standin|approximates)[ \t]+([^]*?)(?=\n\s*@\w|$)/g)) {
    const [names, ...why] = m[2].split(":");
    out.push({
      role: m[1] === "standin" ? "stand-in" : "approximation",
      names: names.split(/[\s,]+/).filter((w) => w !== ""),
      why: why.join(":").replace(/\s+/g, " ").trim(),
    });
  }
  return out;
}

/** The `@bounds` text of a doc comment (the first, where the text holds several), or undefined. */
function boundsTag(text) {
  for (const comment of text.split("*/")) {
    const body = comment.replace(/\/\*\*/g, "").split("\n").map((l) => l.replace(/^\s*\*\s?/, "")).join("\n");
    const m = /@bounds[ \t]+([^]*?)(?=\n\s*@\w|$)/.exec(body);
    if (m) return m[1].replace(/\s+/g, " ").trim();
  }
  return undefined;
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
  const addMirror = (e, d, sf, via, role, why) => {
    const list = mirrors.get(e.id);
    const file = rel(sf);
    const m = { symbol: d.name, file, line: lineOf(sf, d.decl.getStart(sf)), via, role: role ?? (file.startsWith("checks/") ? "checker" : "literal"), ...(why ? { why } : {}) };
    if (!list.some((x) => x.file === m.file && x.symbol === m.symbol)) list.push(m);
    declEntries.set(d.decl, [...new Set([...(declEntries.get(d.decl) ?? []), e.id])]);
  };

  for (const f of sourceFiles) {
    const sf = program.getSourceFile(join(root, f));
    if (!sf) continue;
    const theories = fileTheories(sf);
    for (const d of topLevelDecls(sf)) {
      const doc = docText(sf, d.stmt);
      const tagged = tagNames(doc);
      for (const t of tagged) {
        const es = resolve(t);
        if (es.length === 1) addMirror(es[0], d, sf, "tag");
        else problems.push(`${f}:${lineOf(sf, d.decl.getStart(sf))}: @isabelle ${t} ${es.length === 0 ? "names no catalogued entry" : `is ambiguous (${es.map((e) => e.id).join(", ")})`}`);
      }
      for (const { role, names, why } of roleTags(doc)) {
        const at = `${f}:${lineOf(sf, d.decl.getStart(sf))}`;
        if (why.length < 10) problems.push(`${at}: @${role === "stand-in" ? "standin" : "approximates"} ${names.join(", ")} says no why after its names and a colon`);
        for (const t of names) {
          const es = resolve(t);
          if (es.length === 1) addMirror(es[0], d, sf, "tag", role, why);
          else problems.push(`${at}: @${role === "stand-in" ? "standin" : "approximates"} ${t} ${es.length === 0 ? "names no catalogued entry" : `is ambiguous (${es.map((e) => e.id).join(", ")})`}`);
        }
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

  // test helpers (test/**/*.ts that are not tests): the entries a top-level declaration names,
  // directly or through other helpers, so that a test using a helper uses what the helper uses
  const isHelper = (file) => {
    const r = relative(root, file).split("\\").join("/");
    return r.startsWith(`${TEST_DIR}/`) && r.endsWith(".ts") && !r.endsWith(".test.ts");
  };
  const topStatement = (d) => {
    let x = d;
    while (x.parent && !ts.isSourceFile(x.parent)) x = x.parent;
    return x;
  };
  const helperMemo = new Map();
  const helperEntries = (stmt) => {
    const known = helperMemo.get(stmt);
    if (known) return known;
    const ids = new Set();
    helperMemo.set(stmt, ids); // a cycle of helpers ends here
    const visit = (n) => {
      if (ts.isIdentifier(n)) {
        let sym = checker.getSymbolAtLocation(n);
        if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
        for (const d of sym?.declarations ?? []) {
          for (const id of declEntries.get(d) ?? []) ids.add(id);
          if (isHelper(d.getSourceFile().fileName)) {
            const top = topStatement(d);
            if (top !== stmt) for (const id of helperEntries(top)) ids.add(id);
          }
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(stmt);
    return ids;
  };

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
            if (isHelper(d.getSourceFile().fileName)) for (const id of helperEntries(topStatement(d))) ids.add(id);
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
    /**
     * How a test tests: the calls in its body (and in the declarations of its file it reaches)
     * that make a fast-check arbitrary with a function of this project, each with the `@bounds`
     * of that function and the call's arguments; the arbitraries of its file it names, with
     * their `@bounds`; the `numRuns` it gives; whether it runs fast-check at all.
     */
    const testingOf = (body) => {
      const generators = new Map();
      const runs = new Set();
      let fast = false;
      const seen = new Set();
      const isArbitrary = (type) => (type.getSymbol() ?? type.aliasSymbol)?.getName() === "Arbitrary";
      const docOf = (decl) => {
        let st = decl;
        while (st.parent && !ts.isSourceFile(st.parent)) st = st.parent;
        return docText(st.getSourceFile(), st) + "\n" + docText(st.getSourceFile(), decl);
      };
      const addGenerator = (name, decl, args) => {
        const dsf = decl.getSourceFile();
        const where = { file: rel(dsf), line: lineOf(dsf, decl.getStart(dsf)) };
        const key = `${name}${args}`;
        if (!generators.has(key)) generators.set(key, { name, args, bounds: boundsTag(docOf(decl)), ...where });
      };
      const numberOf = (expr) => {
        if (ts.isNumericLiteral(expr)) return Number(expr.text.replace(/_/g, ""));
        if (ts.isIdentifier(expr)) {
          const d = checker.getSymbolAtLocation(expr)?.declarations?.[0];
          if (d && ts.isVariableDeclaration(d) && d.initializer) return numberOf(d.initializer);
        }
        return undefined;
      };
      const walk = (n) => {
        if (ts.isCallExpression(n)) {
          const callee = n.expression.getText(sf);
          if (/^fc\.(assert|check|property|asyncProperty|sample|statistics)$/.test(callee)) fast = true;
          const sig = checker.getResolvedSignature(n);
          const decl = sig?.declaration;
          if (decl && !decl.getSourceFile().fileName.includes("node_modules") && isArbitrary(checker.getReturnTypeOfSignature(sig))) {
            const name = ts.isPropertyAccessExpression(n.expression) ? n.expression.name.text : callee;
            const args = n.arguments.length === 0 ? "()" : `(${n.arguments.map((a) => a.getText(sf)).join(", ").replace(/\s+/g, " ")})`;
            addGenerator(name, decl, args.length > 70 ? `(${args.slice(1, 66)}...)` : args);
          }
        }
        if (ts.isPropertyAssignment(n) && n.name.getText(sf) === "numRuns") {
          const v = numberOf(n.initializer);
          if (v !== undefined) runs.add(v);
        }
        if (ts.isIdentifier(n)) {
          let sym = checker.getSymbolAtLocation(n);
          if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
          for (const d of sym?.declarations ?? []) {
            if (d.getSourceFile() !== sf || !local.has(d) || seen.has(d)) continue;
            seen.add(d);
            // an arbitrary of this file: what it is made of, or itself where it is made of
            // fast-check's own arbitraries only
            const before = generators.size;
            walk(d);
            if (generators.size === before && ts.isVariableDeclaration(d) && isArbitrary(checker.getTypeAtLocation(d.name))) addGenerator(d.name.getText(sf), d, "");
          }
        }
        ts.forEachChild(n, walk);
      };
      walk(body);
      return { generators: [...generators.values()], runs: [...runs].sort((a, b) => a - b), fast };
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
        const testing = stated.size > 0 ? testingOf(node.arguments[1]) : undefined;
        for (const e of stated) {
          stating.get(e.id).push({ ...t, how: "states", testing });
          tests.get(e.id).push({ ...t, how: "states", testing });
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
    const status = statusOf(e, ms, statedBy);
    const row = { entry: e, mirrors: ms, tests: ts_, statedBy, status };
    rows.set(e.id, row);
    if (status === undefined) missing.push(`${e.id} (${e.kind}): no status: ${isTheorem(e) ? "no test states it" : ms.some((m) => m.role === "checker") ? "only a checker (tag a literal mirror @isabelle, or the checker @standin with why)" : "no mirror"}`);
    else if (status !== "not applicable" && ts_.length === 0) missing.push(`${e.id} (${e.kind}): no test`);
  }
  const tallies = Object.fromEntries(STATUSES.map((st) => [st, 0]));
  for (const row of rows.values()) if (row.status !== undefined) tallies[row.status]++;
  // property-tested, but by no test that runs fast-check: checked on hand-made examples only
  tallies.examplesOnly = [...rows.values()].filter((row) => row.status === "property-tested" && row.statedBy.every((t) => !t.testing.fast)).length;
  return { entries, rows, missing, problems, tallies, markdown: render(entries, rows, tallies), statusModule: statusModule(rows) };
}

/** The text of STATUS_OUTPUT. */
function statusModule(rows) {
  const out = [
    "/**",
    " * Generated by `npm run spec-map` (scripts/spec-map.mjs) from the code, with docs/spec-map.md; do",
    " * not edit by hand. Every catalogued Isabelle name's status in the spec map, and the status in",
    " * words with its reason, for the explorer's definition panel.",
    " */",
    "export const SPEC_STATUS: Readonly<Record<string, { status: string; text: string }>> = {",
  ];
  for (const [id, row] of rows) out.push(`  ${JSON.stringify(id)}: { status: ${JSON.stringify(row.status ?? "none")}, text: ${JSON.stringify(statusText(row))} },`);
  out.push("};", "");
  return out.join("\n");
}

/** An entry's status (see the file's comment), or undefined where it has none. */
function statusOf(e, mirrors, statedBy) {
  if (e.notApplicable) return "not applicable";
  if (["lemma", "theorem", "corollary"].includes(e.kind)) return statedBy.length > 0 ? "property-tested" : undefined;
  if (mirrors.some((m) => m.role === "literal")) return "mirrored";
  if (mirrors.some((m) => m.role === "approximation")) return "approximated";
  if (mirrors.some((m) => m.role === "stand-in")) return "stand-in";
  return undefined;
}

// ---- markdown ----------------------------------------------------------------------------

const esc = (s) => s.replace(/\|/g, "\\|").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const code = (s) => "`" + s.replace(/\|/g, "\\|") + "`";
const link = (file, line, text = `${file}:${line}`) => `[${text}](../${file}#L${line})`;

/** What each status means, for the map's header. */
const STATUS_MEANING = {
  mirrored: "a literal transcription: the definition, assumption or locale written out in TypeScript under its name (spec/; the construction theories in impl/)",
  "stand-in": "no transcription: a different function plays the entry's role; the status says which and why",
  approximated: "a transcription that deviates from the definition; the status says how",
  "property-tested": "a theorem, lemma or corollary, stated by tests that check it; \"where\" gives each test, its generators with their bounds, and its runs, or says that it checks hand-made examples only",
  "not applicable": "nothing to execute in this model: a tautology of its representation, or not about the model (the While language, code-generation glue, HOL library lemmas); the reason is given",
};

function render(entries, rows, tallies) {
  const kinds = ["locale", "assumption", "definition", "lemma", "theorem", "corollary"];
  const out = [];
  out.push("# Spec map");
  out.push("");
  out.push("Generated by `npm run spec-map` (scripts/spec-map.mjs) from the code; do not edit by hand.");
  out.push("Every locale, locale assumption, definition and named theorem or lemma of the AFP entries");
  out.push("Formal_SSA and Minimal_SSA that the reference catalog lists (scripts/isabelle-catalog.mjs), with");
  out.push("its status, the TypeScript that mirrors it and the tests that exercise it. A mirror is found by");
  out.push("a tag on a declaration (`@isabelle` for a transcription, `@standin` and `@approximates` with");
  out.push("their reasons) or by an Isabelle-named export of a file tagged `@theory`; a checker of checks/");
  out.push("is marked so (the agreement tests hold it to the transcription). Tests are found by what their");
  out.push("bodies use and by the names their titles and `@isabelle` comments give. Where the catalog names");
  out.push("a lemma without its statement, the statement is the AFP source's. Where the paper names an entry");
  out.push("differently, its name is given below the AFP's.");
  out.push("");
  out.push("Statuses:");
  for (const st of STATUSES) out.push(`- **${st}**: ${STATUS_MEANING[st]}.`);
  out.push("");
  out.push("Theories of Formal_SSA for which the reference catalog lists no names (so none appear below):");
  for (const [thy, what] of THEORIES_WITHOUT_NAMES) out.push(`- ${thy}: ${what}.`);
  out.push("");
  out.push(`| kind | catalogued | ${STATUSES.join(" | ")} |`);
  out.push(`| --- | --- | ${STATUSES.map(() => "---").join(" | ")} |`);
  for (const k of kinds) {
    const es = entries.filter((e) => e.kind === k);
    if (es.length === 0) continue;
    out.push(`| ${k} | ${es.length} | ${STATUSES.map((st) => es.filter((e) => rows.get(e.id).status === st).length).join(" | ")} |`);
  }
  out.push(`| all | ${entries.length} | ${STATUSES.map((st) => tallies[st]).join(" | ")} |`);
  out.push("");
  out.push(`Of the ${tallies["property-tested"]} property-tested names, ${tallies.examplesOnly} are checked on hand-made examples only (no test stating them runs fast-check).`);
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
      out.push("| Isabelle name | kind | statement | status | TypeScript | where | tests |");
      out.push("| --- | --- | --- | --- | --- | --- | --- |");
      for (const e of g.entries) out.push(renderRow(rows.get(e.id)));
      out.push("");
    }
  }
  return out.join("\n");
}

/** The status with its reason, in words (the map's cell, the explorer's line). */
export function statusText(row) {
  const e = row.entry;
  const whys = (role) => [...new Set(row.mirrors.filter((m) => m.role === role).map((m) => `${m.symbol}: ${m.why}`))].join("; ");
  switch (row.status) {
    case "stand-in":
      return `stand-in (${whys("stand-in")})`;
    case "approximated":
      return `approximated (${whys("approximation")})`;
    case "not applicable":
      return `not applicable (${e.notApplicable})`;
    case "property-tested":
      return `property-tested (${plural(row.statedBy.length, "test")})`;
    default:
      return row.status ?? "none";
  }
}

/** A stating test in words: where, on what, how often. */
function testedBy(t) {
  const g = t.testing;
  const gens = g.generators.map((x) => `${code(x.name + x.args)}${x.bounds ? ` (${esc(x.bounds)})` : ` (${link(x.file, x.line, "its definition")})`}`);
  const runs = g.runs.length > 0 ? `, ${g.runs.join(" or ")} runs` : g.fast ? ", fast-check's default 100 runs" : "";
  const on = gens.length > 0 ? `on ${gens.join(", ")}${runs}` : g.fast ? `on fast-check's own arbitraries${runs}` : "on hand-made examples";
  return `${link(t.file, t.line)}: ${on}`;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function renderRow(row) {
  const { entry: e, mirrors, tests, statedBy, status } = row;
  const name = e.kind === "locale" ? e.name : /^\d$/.test(e.name) ? `Lemma ${e.name}` : e.name;
  const roleNote = { literal: "", checker: " (checker)", "stand-in": " (stand-in)", approximation: " (approximation)" };
  const symbol = mirrors.length > 0 ? mirrors.map((m) => code(m.symbol) + roleNote[m.role]).join(", ") : "none";
  let where = mirrors.map((m) => link(m.file, m.line)).join(", ");
  if (status === "property-tested") where = [...statedBy.slice(0, 2).map(testedBy), ...(statedBy.length > 2 ? [`+${statedBy.length - 2} more`] : []), ...(where ? [`bounded predicate: ${where}`] : [])].join("<br>");
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
  const statusCell = status === undefined ? "**none**" : status === "mirrored" ? "mirrored" : esc(statusText(row));
  return `| ${code(name)}${alias} | ${e.kind} | ${esc(e.summary)} | ${statusCell} | ${symbol} | ${where} | ${testCell || (status === "not applicable" ? "" : "**none**")} |`;
}

function shorten(s) {
  return s.length > 70 ? `${s.slice(0, 67)}...` : s;
}

// ---- command line ------------------------------------------------------------------------

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes("--check");
  const r = buildSpecMap(ROOT);
  const outputs = [
    [OUTPUT, r.markdown],
    [STATUS_OUTPUT, r.statusModule],
  ];
  const staleFiles = outputs.filter(([file, text]) => !existsSync(join(ROOT, file)) || readFileSync(join(ROOT, file), "utf8") !== text).map(([file]) => file);
  const stale = staleFiles.length > 0;
  if (!check) for (const [file, text] of outputs) writeFileSync(join(ROOT, file), text);
  const shown = STATUSES.map((st) => `${r.tallies[st]} ${st}${st === "property-tested" ? ` (${r.tallies.examplesOnly} on hand-made examples only)` : ""}`);
  console.log(`${r.entries.length} catalogued names: ${shown.join(", ")}; ${r.missing.length} without a status or a test`);
  for (const p of r.problems) console.log(`problem: ${p}`);
  for (const m of r.missing) console.log(`missing: ${m}`);
  if (check && stale) console.log(`${staleFiles.join(" and ")} ${staleFiles.length > 1 ? "are" : "is"} not up to date: run npm run spec-map`);
  else if (!check) console.log(`wrote ${OUTPUT} and ${STATUS_OUTPUT}`);
  process.exitCode = r.missing.length > 0 || r.problems.length > 0 || (check && stale) ? 1 : 0;
}
