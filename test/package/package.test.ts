/**
 * The packed package works for a stranger. Everything else in test/ imports the sources; this
 * test packs the package as `npm publish` would, installs the tarball into a fresh project that
 * has nothing of ours (no devDependencies, no @types/node, no tsconfig of ours), and uses it there
 * only by its package name, the way a user would. It proves, step by step:
 *
 * 0. The checkout. After the build (`npm run build`, the `prepare` script), the bin is executable
 *    and `npx --no-install formal-ssa --version` runs in the checkout, as the README says.
 * 1. Pack. `npm pack` gives a tarball with what a user needs
 *    (LICENSE, README.md, CHANGELOG.md, package.json, the JSON schemas, the compiled entry points
 *    and the bin, every target of `exports`, `main`, `types` and `bin`) and nothing that is ours
 *    alone (tests, benchmarks, scripts, fixtures). The pack runs in a copy of the working tree
 *    (tracked and untracked, not ignored, files; node_modules linked) with `--ignore-scripts`:
 *    instead of a second full build, the copy gets the dist/ that `npm test` has just built from
 *    these sources (the global setup rebuilds it where a compiled file is missing or older than
 *    its source), and only the compiled files whose source is in the copy, so that a file left in
 *    our dist/ by a deleted source cannot leak into the tarball, and a missing one shows. The
 *    `prepare` script is the build (checked), which is what `npm publish` runs.
 * 2. Install. `npm install <tarball>` in an empty `"type": "module"` project succeeds with the
 *    registry's packages only (the dependencies come from npm's cache when `npm ci` has filled it,
 *    `--prefer-offline`, and from the registry otherwise), pulls in none of our devDependencies,
 *    and installs fast-check as the peer dependency it is.
 * 3. Types. A TypeScript file that imports every export of every entry point (the runtime ones
 *    listed by importing the installed entries, the type-only ones named here and checked against
 *    the declarations, so neither list can go stale) and uses some with their types compiles with
 *    `--strict` and `--skipLibCheck false` (our .d.ts are checked too) against `lib: es2022`
 *    without @types/node and without the DOM: the declarations need nothing the user must add.
 * 4. Run. A plain `.mjs` in the project, importing `formal-ssa`, `formal-ssa/arbitraries`,
 *    `formal-ssa/llvm` and `formal-ssa/node` by name, validates the diamond and its good and bad
 *    SSA (verdicts, text report, `NotCertified` with its witness, `MalformedInput`), constructs
 *    SSA with Braun et al. + peel and certifies it, certifies LLVM's mem2reg on a fixture, and
 *    puts a deliberately wrong construction under the exported arbitraries twice: through
 *    `fuzzConstruction` and through `certifiedProperty` with the project's own fast-check (one
 *    fast-check instance, the peer); both must find it, shrink it to a small CFG and name a
 *    witness (and a right construction passes the same property: it is no false alarm). The
 *    bin works through npx (`--version`, with `--` before the command so that npx does not
 *    answer `--version` itself; `demo`), and the schemas resolve as `formal-ssa/schemas/*`.
 * 5. The README's Babel config (`// babel.config.mjs`) runs in the project with the optional peers
 *    installed as the README says: babel-plugin-react-compiler compiles a hook and a component
 *    and the validating logger of `formal-ssa/react-compiler` certifies every function.
 * 6. The temporary directories are removed afterwards.
 *
 * The slow steps (build, install) have generous timeouts and nothing here measures wall-clock
 * time. Child processes get an environment without what `npm test` and vitest set for
 * themselves (`npm_config_call`, `npm_lifecycle_*`, `node_modules/.bin` on PATH, VITEST, ...),
 * which would otherwise change what npm and npx do.
 */
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PKG = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  name: string;
  version: string;
  main: string;
  types: string;
  bin: Record<string, string>;
  scripts: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
/** Per test, and for the setup (pack and install). */
const TIMEOUT = 600_000;
/** Per child process: the setup runs two. */
const CHILD_TIMEOUT = 280_000;

/** The entry points as a user imports them, and the prefix their names get in the generated file. */
const ENTRIES = [
  { spec: "formal-ssa", prefix: "core" },
  { spec: "formal-ssa/arbitraries", prefix: "arb" },
  { spec: "formal-ssa/llvm", prefix: "llvm" },
  { spec: "formal-ssa/spirv", prefix: "spirv" },
  { spec: "formal-ssa/gcc", prefix: "gcc" },
  { spec: "formal-ssa/hermes", prefix: "hermes" },
  { spec: "formal-ssa/react-compiler", prefix: "react" },
  { spec: "formal-ssa/certificate", prefix: "cert" },
  { spec: "formal-ssa/node", prefix: "node" },
] as const;
type Spec = (typeof ENTRIES)[number]["spec"];

/** The type-only exports, by name (checked against the declarations in step 3). */
const TYPE_EXPORTS: Record<Spec, string[]> = {
  "formal-ssa": [
    "Adapter",
    "AdapterCheck",
    "AdapterFailure",
    "Algorithm",
    "BlockDoc",
    "CfgDocument",
    "CheckedFunction",
    "CheckOptions",
    "CheckReport",
    "ConstructRequest",
    "Document",
    "DocumentInput",
    "FormatOptions",
    "FunctionDoc",
    "FunctionPair",
    "FunctionReport",
    "FunctionStats",
    "FuzzCase",
    "FuzzTarget",
    "InProcessRunner",
    "Minimize",
    "ModuleDocument",
    "OriginalFunction",
    "ParseOptions",
    "PhiDifference",
    "PhiDoc",
    "PlaceReport",
    "PrintedBatch",
    "ProcessRunner",
    "ProcessStep",
    "ProducerOptions",
    "PropertyReport",
    "QualityProperty",
    "RefinedValue",
    "Report",
    "SourceInput",
    "SsaDocument",
    "StatementPlace",
    "StmtDoc",
    "TracedConstruction",
    "TraceEvent",
    "TraceNames",
    "Tracer",
    "TraceRequest",
    "UndefMode",
    "ValidateOptions",
    "WitnessReport",
  ],
  "formal-ssa/react-compiler": [
    "Babel",
    "CapturedFunction",
    "CompilerCopy",
    "CompilerEvent",
    "CompilerLogger",
    "HirFunction",
    "LoadedCompiler",
    "LoadedCopy",
    "LoggerOptions",
    "PipelineValue",
    "ReactFormatOptions",
    "ReactFunctionReport",
    "ReactOptions",
    "ReactReport",
    "ReactSummary",
    "SkippedFunction",
    "SnapFunction",
    "SnapUnit",
    "ValidatingLogger",
  ],
  "formal-ssa/arbitraries": [
    "AssignStmt",
    "AsyncSsaConstruction",
    "BlockForm",
    "BlockSpec",
    "BreakStmt",
    "BuildOptions",
    "CertifiedPropertyOptions",
    "CfgConstraints",
    "CfgDefiniteAssignment",
    "ConstructionFinding",
    "ContinueStmt",
    "DefiniteAssignment",
    "DoWhileStmt",
    "EdgeSpec",
    "EdgeWeights",
    "EntrySpec",
    "FuzzConstructionOptions",
    "FuzzConstructionResult",
    "IfStmt",
    "LowerOptions",
    "ParseProgramOptions",
    "PredecessorOrder",
    "Program",
    "ReturnStmt",
    "Shape",
    "SsaConstruction",
    "StatementWeights",
    "Stmt",
    "StructuredCfgConstraints",
    "StructuredProgramConstraints",
    "SwitchCase",
    "SwitchStmt",
    "WhileStmt",
  ],
  "formal-ssa/llvm": ["LlvmOptions"],
  "formal-ssa/spirv": ["SpirvInput", "SpirvOptions", "SpvModule", "SpvInstruction"],
  "formal-ssa/gcc": ["GccOptions", "GimpleDump", "GimpleFunction", "GimpleBlock", "GimpleStmt", "GimplePhi"],
  "formal-ssa/hermes": ["HermesBlock", "HermesDump", "HermesFunction", "HermesInstr", "HermesOperand", "HermesOptions", "HermesPass", "HermesPipeline", "HermesRun", "HermesSection", "HermesSyntax"],
  "formal-ssa/node": ["AnyInput", "GccRunOptions", "HermesRunOptions", "ProgressSink"],
  "formal-ssa/certificate": ["Certificate", "CertificateDocument", "DominanceEvidence", "FunctionCertificate", "NotCovered", "RecheckedFunction", "RecheckReport"],
};

/** What a test, benchmark, script or fixture looks like in the tarball. */
const NOT_FOR_USERS = [/^test\//, /^bench\//, /^scripts\//, /^dist\/bench\//, /^dist\/test\//, /\/fixtures\//, /\.test\./];

// --- child processes ---------------------------------------------------------------------------

/** npm settings from the environment that a user (or CI) meant, as opposed to those `npm run` sets for its scripts. */
const USER_NPM_CONFIG = /^npm_config_(registry|.*:registry|.*:_authtoken|cache|userconfig|globalconfig|cafile|ca|proxy|https_proxy|http_proxy|noproxy|strict_ssl|fetch_retries|fetch_retry_.*|fetch_timeout)$/i;
/** What vitest sets for itself. */
const VITEST_ENV = /^(VITEST.*|__VITEST.*|TEST|MODE|DEV|PROD|SSR|BASE_URL|NODE_ENV|NODE_OPTIONS|INIT_CWD)$/;

/** The environment of a user's shell: ours without what `npm test` and vitest add. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_/i.test(k) && !USER_NPM_CONFIG.test(k)) continue;
    if (VITEST_ENV.test(k)) continue;
    env[k] = v;
  }
  const pathKey = Object.keys(env).find((k) => k.toUpperCase() === "PATH") ?? "PATH";
  env[pathKey] = (env[pathKey] ?? "")
    .split(delimiter)
    .filter((p) => p !== "" && !p.includes(`node_modules${sep}.bin`) && !p.includes("node-gyp-bin"))
    .join(delimiter);
  env.npm_config_loglevel = "error";
  env.npm_config_update_notifier = "false";
  env.npm_config_fund = "false";
  env.npm_config_audit = "false";
  return env;
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const npx = process.platform === "win32" ? "npx.cmd" : "npx";

function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env: childEnv(), encoding: "utf8", maxBuffer: 64 * 1024 * 1024, shell: process.platform === "win32", timeout: CHILD_TIMEOUT });
}

/** One line for an assertion message: the command's status and output. */
function explain(what: string, r: SpawnSyncReturns<string>): string {
  return `${what}: status ${r.status}${r.signal ? `, signal ${r.signal}` : ""}${r.error ? `, ${r.error.message}` : ""}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`;
}

// --- shared state ------------------------------------------------------------------------------

let temp = "";
let source = "";
let packDir = "";
let project = "";
let packResult: SpawnSyncReturns<string> | undefined;
let packed: { filename: string; files: { path: string }[] } | undefined;
let packError = "";
let tarball = "";
let installResult: SpawnSyncReturns<string> | undefined;

/** The tarball, or a failure that says that step 1 did not make one. */
function requireTarball(): string {
  if (tarball === "") throw new Error(`no tarball: npm pack failed (step 1)\n${packError}`);
  return tarball;
}

/** The installed project, or a failure that says that step 2 did not make one. */
function requireInstalled(): string {
  requireTarball();
  if (installResult === undefined || installResult.status !== 0) throw new Error(`the package is not installed: npm install failed (step 2)${installResult ? `\n${explain("npm install", installResult)}` : ""}`);
  return project;
}

/**
 * The working tree without ignored files (so without dist/ and node_modules/), with our
 * node_modules linked for the build. Outside a git checkout: everything but .git, node_modules
 * and dist.
 */
function copyWorkingTree(to: string): void {
  const ls = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (ls.status === 0) {
    for (const file of ls.stdout.split("\0")) {
      if (file === "" || !existsSync(join(ROOT, file))) continue; // deleted in the working tree
      mkdirSync(dirname(join(to, file)), { recursive: true });
      cpSync(join(ROOT, file), join(to, file));
    }
  } else {
    const skip = new Set([".git", "node_modules", "dist"].map((d) => join(ROOT, d)));
    cpSync(ROOT, to, { recursive: true, filter: (from) => !skip.has(from) });
  }
  symlinkSync(join(ROOT, "node_modules"), join(to, "node_modules"), process.platform === "win32" ? "junction" : "dir");
}

/**
 * Our dist/ into the copy `to`, each compiled file (`X.js`, `X.d.ts`, their maps) only where its
 * source `X.ts` is in the copy: what the build of the copy's sources alone makes.
 */
function copyBuild(to: string): void {
  const dist = join(ROOT, "dist");
  const walk = (rel: string): void => {
    for (const entry of readdirSync(join(dist, rel), { withFileTypes: true })) {
      const file = rel === "" ? entry.name : join(rel, entry.name);
      if (entry.isDirectory()) {
        walk(file);
        continue;
      }
      const source = file.replace(/(\.d)?\.ts$|\.js$/, "").replace(/\.(js|d\.ts)\.map$/, "").replace(/\.js$|\.d\.ts$/, "");
      if (!existsSync(join(to, `${source}.ts`))) continue;
      mkdirSync(dirname(join(to, "dist", file)), { recursive: true });
      cpSync(join(dist, file), join(to, "dist", file));
    }
  };
  walk("");
}

beforeAll(() => {
  temp = mkdtempSync(join(tmpdir(), "formal-ssa-package-"));
  source = join(temp, "source");
  packDir = join(temp, "pack");
  project = join(temp, "project");
  for (const d of [source, packDir, project]) mkdirSync(d);
  copyWorkingTree(source);
  copyBuild(source);

  packResult = run(npm, ["pack", "--json", "--ignore-scripts", "--pack-destination", packDir], source);
  if (packResult.status !== 0) {
    packError = explain("npm pack", packResult);
    return;
  }
  try {
    // the JSON is all of stdout; the `prepare` script's banner goes to stderr
    const json = JSON.parse(packResult.stdout.slice(packResult.stdout.indexOf("["))) as { filename: string; files: { path: string }[] }[];
    packed = json[0];
  } catch (e) {
    packError = `npm pack --json: no JSON on stdout (${e instanceof Error ? e.message : String(e)})\n${explain("npm pack", packResult)}`;
    return;
  }
  tarball = join(packDir, packed.filename);
  if (!existsSync(tarball)) {
    packError = `npm pack reported ${packed.filename}, which is not in ${packDir}: ${readdirSync(packDir).join(", ")}`;
    tarball = "";
    return;
  }

  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "formal-ssa-consumer", version: "1.0.0", private: true, type: "module" }, null, 2) + "\n");
  installResult = run(npm, ["install", tarball, "--no-audit", "--no-fund", "--prefer-offline"], project);
}, TIMEOUT);

afterAll(() => {
  if (temp !== "") rmSync(temp, { recursive: true, force: true, maxRetries: 3 });
});

describe("the packed package", () => {
  it(
    "0. the checkout after a build: the bin is executable, and `npx --no-install formal-ssa --version` runs in the checkout",
    () => {
      // the copy holds the build of its sources (npm run build, which is the `prepare` script)
      expect(PKG.scripts.prepare).toBe("npm run build");
      requireTarball();
      const bin = join(source, PKG.bin["formal-ssa"]);
      expect(statSync(bin).mode & 0o111, `${PKG.bin["formal-ssa"]} after the build: mode ${(statSync(bin).mode & 0o777).toString(8)}`).toBe(0o111);
      const version = run(npx, ["--no-install", "--", "formal-ssa", "--version"], source);
      expect(version.status, explain("npx --no-install formal-ssa --version in the checkout", version)).toBe(0);
      expect(version.stdout.trim()).toBe(PKG.version);
    },
    TIMEOUT,
  );

  it(
    "1. npm pack: the tarball has what a user needs and nothing of our tests, benchmarks, scripts or fixtures",
    () => {
      requireTarball();
      const files = packed!.files.map((f) => f.path.replace(/\\/g, "/"));
      const set = new Set(files);

      const ours = files.filter((f) => NOT_FOR_USERS.some((re) => re.test(f)));
      expect(ours, "tests, benchmarks, scripts or fixtures in the tarball").toEqual([]);

      const needed = ["LICENSE", "README.md", "CHANGELOG.md", "package.json", "schemas/format.json", "schemas/report.json", "dist/api/index.js", "dist/api/index.d.ts", "dist/cli/main.js"];
      const missing = needed.filter((f) => !set.has(f));
      expect(missing, `files missing from the tarball: ${missing.join(", ")}${missing.some((f) => !existsSync(join(ROOT, f))) ? ` (not in the working tree: ${missing.filter((f) => !existsSync(join(ROOT, f))).join(", ")})` : ""}`).toEqual([]);

      // every target of exports (conditions `types` and `default`, or a plain string), main, types and bin
      const targets: string[] = [PKG.main, PKG.types, ...Object.values(PKG.bin)];
      for (const [key, value] of Object.entries(PKG.exports)) {
        if (typeof value === "string") targets.push(value);
        else {
          expect(Object.keys(value), `exports["${key}"]: types and default conditions`).toEqual(expect.arrayContaining(["types", "default"]));
          targets.push(value.types, value.default);
        }
      }
      const absent = targets
        .map((t) => t.replace(/^\.\//, ""))
        .filter((t) => {
          if (!t.includes("*")) return !set.has(t);
          const re = new RegExp(`^${t.split("*").map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join("[^]+")}$`);
          return !files.some((f) => re.test(f));
        });
      expect(absent, "targets of exports, main, types or bin that the tarball does not have").toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "2. npm install <tarball> into a fresh project: without our devDependencies, with fast-check as the peer",
    () => {
      requireTarball();
      expect(installResult?.status, installResult ? explain("npm install", installResult) : "npm install did not run").toBe(0);
      const nm = join(project, "node_modules");
      const installed = JSON.parse(readFileSync(join(nm, "formal-ssa", "package.json"), "utf8")) as { version: string };
      expect(installed.version).toBe(PKG.version);

      const devOnly = Object.keys(PKG.devDependencies).filter((d) => !(d in PKG.peerDependencies));
      expect(devOnly).toEqual(expect.arrayContaining(["typescript", "vitest", "@types/node"]));
      for (const dir of [nm, join(nm, "formal-ssa", "node_modules")]) {
        const present = devOnly.filter((d) => existsSync(join(dir, d)));
        expect(present, `devDependencies of ours installed in ${dir}`).toEqual([]);
        const types = existsSync(join(dir, "@types")) ? readdirSync(join(dir, "@types")).map((t) => `@types/${t}`) : [];
        expect(types, `@types packages in ${dir}`).toEqual([]);
      }

      // fast-check: installed once, at the top, as a peer (not by the consumer's package.json)
      const consumer = JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
      expect(Object.keys(consumer.dependencies ?? {})).toEqual(["formal-ssa"]);
      const fcPkg = JSON.parse(readFileSync(join(nm, "fast-check", "package.json"), "utf8")) as { version: string };
      expect(fcPkg.version.split(".")[0], `fast-check ${fcPkg.version} for the peer range ${PKG.peerDependencies["fast-check"]}`).toBe("4");
      expect(existsSync(join(nm, "formal-ssa", "node_modules", "fast-check")), "a second fast-check under formal-ssa").toBe(false);
      const lock = JSON.parse(readFileSync(join(project, "package-lock.json"), "utf8")) as { packages: Record<string, { peer?: boolean; dev?: boolean }> };
      expect(lock.packages["node_modules/fast-check"]?.peer, "fast-check in package-lock.json, marked as a peer").toBe(true);
    },
    TIMEOUT,
  );

  it(
    "3. TypeScript: every export of every entry point imports and type-checks, strict, .d.ts included, without @types/node",
    () => {
      const dir = requireInstalled();

      // ENTRIES are the entry points of exports (besides the schemas and package.json)
      const entryPoints = Object.entries(PKG.exports)
        .filter(([, v]) => typeof v !== "string")
        .map(([k]) => k.replace(/^\./, PKG.name));
      expect(entryPoints, "the entry points of package.json exports, against ENTRIES").toEqual(ENTRIES.map((e) => e.spec));

      // the runtime exports, as Node resolves the entries by name in the project
      writeFileSync(
        join(dir, "exports.mjs"),
        `const out = {};\nfor (const spec of ${JSON.stringify(ENTRIES.map((e) => e.spec))}) out[spec] = Object.keys(await import(spec)).sort();\nconsole.log(JSON.stringify(out));\n`,
      );
      const listed = run(process.execPath, ["exports.mjs"], dir);
      expect(listed.status, explain("node exports.mjs", listed)).toBe(0);
      const runtime = JSON.parse(listed.stdout) as Record<Spec, string[]>;

      // the declarations' exports, values and types, as the compiler sees them from the project
      const declared = declaredExports(dir);
      for (const { spec } of ENTRIES) {
        expect(declared[spec].values, `${spec}: the runtime exports and the declared values differ`).toEqual(runtime[spec]);
        expect(declared[spec].types, `${spec}: the type-only exports differ from TYPE_EXPORTS (update the list)`).toEqual([...TYPE_EXPORTS[spec]].sort());
      }

      const imports = ENTRIES.map(({ spec, prefix }) => {
        const names = [...runtime[spec].map((n) => `${n} as ${prefix}_${n}`), ...TYPE_EXPORTS[spec].map((n) => `type ${n} as ${prefix}_${n}`)];
        return `import {\n  ${names.join(",\n  ")},\n} from "${spec}";`;
      });
      const values = ENTRIES.flatMap(({ spec, prefix }) => runtime[spec].map((n) => `${prefix}_${n}`));
      const diamond = readFileSync(join(ROOT, "examples/diamond.json"), "utf8");
      const source = `${imports.join("\n")}
import fc from "fast-check";

// every runtime export is a value
export const everything: readonly unknown[] = [${values.join(", ")}];

const cfg: core_CfgDocument = ${diamond.trim()};
const ssa: core_SsaDocument = core_construct(cfg, { algorithm: "braun", minimize: "peel" });
const r: core_Report = core_validate(cfg, ssa);
const v: "certified" | "rejected" = r.verdict;
const f: core_FunctionReport | undefined = r.functions[0];
const equiv: boolean | undefined = f?.properties["equiv"]?.holds;
const text: string = core_formatReport(r);
const functions: core_FunctionDoc[] = core_parseDocument(JSON.stringify(cfg));
try {
  core_assertCertified(cfg, ssa);
} catch (e) {
  if (e instanceof core_NotCertified) {
    const again: core_Report = e.report;
    void again;
  }
  if (e instanceof core_MalformedInput) void e.message;
}

const mine: arb_SsaConstruction = (c: core_CfgDocument) => core_construct(c);
const property: fc.IPropertyWithHooks<[core_CfgDocument]> = arb_certifiedProperty(mine, { shape: "reducible", maxBlocks: 8 });
const details: fc.RunDetails<[core_CfgDocument]> = fc.check(property, { seed: 42, numRuns: 1 });
const result: Promise<arb_FuzzConstructionResult> = arb_fuzzConstruction(mine, { seed: 42, runs: 1 });
const finding: arb_ConstructionFinding | undefined = undefined;
const cfgs: fc.Arbitrary<core_CfgDocument> = arb_cfgArbitrary("any", 8);
// the generators' samples go to a construction of one's own as they are, without casts
const own = (c: core_CfgDocument): core_SsaDocument => core_construct(c);
const ownAsProperty: arb_SsaConstruction = own;
const structured: number[] = fc.sample(arb_structuredCfg(), { seed: 1, numRuns: 3 }).map((c) => own(c).blocks.length);
const graphs: core_SsaDocument[] = fc.sample(arb_arbitraryCfg({ maxBlocks: 6 }), { seed: 1, numRuns: 3 }).map(own);
fc.assert(arb_certifiedProperty(ownAsProperty, { shape: "reducible" }), { seed: 1, numRuns: 1 });

const mem2reg: core_Report = llvm_validate("", "", { names: { original: "a.ll", ssa: "b.ll" } });
const ours: core_ModuleDocument = llvm_construct("");

const progress: node_ProgressSink = { start() {}, tick() {}, stop() {} };
const files: Promise<core_Report> = node_validateFiles("a.json", "b.json", { progress });
const dot: string = node_dotFile("a.json");

export const used = [v, equiv, text, functions, details, result, finding, cfgs, structured, graphs, mem2reg, ours, files, dot];
`;
      writeFileSync(join(dir, "index.ts"), source);
      writeFileSync(
        join(dir, "tsconfig.json"),
        JSON.stringify(
          {
            compilerOptions: {
              strict: true,
              noEmit: true,
              module: "nodenext",
              moduleResolution: "nodenext",
              target: "es2022",
              lib: ["es2022"],
              types: [],
              skipLibCheck: false,
            },
            files: ["index.ts"],
          },
          null,
          2,
        ),
      );
      const tsc = run(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], dir);
      expect(tsc.status, explain("tsc --strict --skipLibCheck false (lib es2022, no @types)", tsc)).toBe(0);
    },
    TIMEOUT,
  );

  it(
    "4a. Node: a plain .mjs uses formal-ssa, /arbitraries, /llvm and /node by name",
    () => {
      const dir = requireInstalled();
      const example = (name: string) => readFileSync(join(ROOT, "examples", name), "utf8").trim();
      const fixture = (name: string) => JSON.stringify(readFileSync(join(ROOT, "test/fixtures/llvm", name), "utf8"));
      writeFileSync(
        join(dir, "use.mjs"),
        `import fc from "fast-check";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { assertCertified, construct, formatReport, MalformedInput, NotCertified, parseDocument, validate } from "formal-ssa";
import { certifiedProperty, fuzzConstruction } from "formal-ssa/arbitraries";
import * as llvm from "formal-ssa/llvm";
import { validateFiles } from "formal-ssa/node";

const DIAMOND = ${example("diamond.json")};
const DIAMOND_SSA = ${example("diamond.ssa.json")};
const DIAMOND_BAD = ${example("diamond.bad.ssa.json")};
const LOOPS_BEFORE = ${fixture("loops.before.ll")};
const LOOPS_AFTER = ${fixture("loops.after.ll")};

const caught = (f) => {
  try {
    f();
    return { threw: false };
  } catch (e) {
    return { threw: true, name: e?.name, message: String(e?.message), notCertified: e instanceof NotCertified, malformed: e instanceof MalformedInput, verdict: e?.report?.verdict };
  }
};
const out = {};

const good = validate(DIAMOND, DIAMOND_SSA);
out.good = { verdict: good.verdict, format: good.format, functions: good.functions.length, equiv: good.functions[0].properties.equiv?.holds, phis: good.functions[0].stats.phis };
const bad = validate(DIAMOND, DIAMOND_BAD);
out.bad = { verdict: bad.verdict, text: formatReport(bad) };
out.assertBad = caught(() => assertCertified(DIAMOND, DIAMOND_BAD));
out.assertGood = caught(() => assertCertified(DIAMOND, DIAMOND_SSA));
out.parse = caught(() => parseDocument("{"));

const built = construct(DIAMOND, { algorithm: "braun", minimize: "peel" });
out.construct = { kind: built.kind, phis: built.blocks.flatMap((b) => b.phis ?? []).length, verdict: validate(DIAMOND, built).verdict };

const mem2reg = llvm.validate(LOOPS_BEFORE, LOOPS_AFTER);
out.llvm = { verdict: mem2reg.verdict, producer: mem2reg.producer, functions: mem2reg.functions.map((f) => [f.name, f.verdict]) };

const examples = join(dirname(createRequire(import.meta.url).resolve("formal-ssa/package.json")), "examples");
out.files = (await validateFiles(join(examples, "diamond.json"), join(examples, "diamond.ssa.json"))).verdict;

/** construct, with the first phi's first two arguments swapped where they differ: a wrong SSA construction. */
function wrong(cfg) {
  const ssa = construct(cfg);
  for (const block of ssa.blocks) {
    const phi = block.phis?.[0];
    if (phi === undefined) continue;
    if (Array.isArray(phi.args) && phi.args.length >= 2 && phi.args[0] !== phi.args[1]) [phi.args[0], phi.args[1]] = [phi.args[1], phi.args[0]];
    break;
  }
  return ssa;
}

const fuzzed = await fuzzConstruction(wrong, { seed: 42, runs: 300 });
out.fuzz = { seed: fuzzed.seed, runs: fuzzed.runs, found: fuzzed.finding !== undefined, blocks: fuzzed.finding?.original.blocks.length, message: fuzzed.finding?.message, verdict: fuzzed.finding?.report?.verdict };

const details = fc.check(certifiedProperty(wrong), { seed: 42, numRuns: 300 });
const counterexample = details.counterexample?.[0];
out.property = { failed: details.failed, blocks: counterexample?.blocks.length, message: details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance), notCertified: details.errorInstance instanceof NotCertified };

const right = fc.check(certifiedProperty((cfg) => construct(cfg, { algorithm: "braun", minimize: "peel" })), { seed: 42, numRuns: 100 });
out.right = { failed: right.failed, runs: right.numRuns };

console.log(JSON.stringify(out));
`,
      );
      const used = run(process.execPath, ["use.mjs"], dir);
      expect(used.status, explain("node use.mjs", used)).toBe(0);
      const out = JSON.parse(used.stdout.trim().split("\n").pop()!);

      expect(out.good).toEqual({ verdict: "certified", format: "formal-ssa/report@1", functions: 1, equiv: true, phis: 1 });
      expect(out.bad.verdict).toBe("rejected");
      expect(out.bad.text).toContain("FAILS  equiv");
      expect(out.assertBad).toMatchObject({ threw: true, name: "NotCertified", notCertified: true, verdict: "rejected" });
      expect(out.assertBad.message).toContain("path B0 -> B1 -> B3");
      expect(out.assertGood).toEqual({ threw: false });
      expect(out.parse).toMatchObject({ threw: true, name: "MalformedInput", malformed: true });
      expect(out.parse.message).toMatch(/^document: not JSON: line 1, column 2: \S/);

      expect(out.construct).toEqual({ kind: "ssa", phis: 1, verdict: "certified" });
      expect(out.llvm.verdict, JSON.stringify(out.llvm)).toBe("certified");
      expect(out.llvm.producer).toBe("mem2reg");
      expect(out.llvm.functions.length).toBeGreaterThan(0);
      expect(out.files).toBe("certified");

      // the wrong construction: found by both routes, shrunk, with a witness
      expect(out.fuzz).toMatchObject({ seed: 42, found: true, verdict: "rejected" });
      expect(out.fuzz.blocks).toBeLessThanOrEqual(8);
      expect(out.fuzz.message).toContain("FAILS");
      expect(out.property).toMatchObject({ failed: true, notCertified: true });
      expect(out.property.blocks).toBeLessThanOrEqual(8);
      expect(out.property.message).toContain("FAILS");
      // and the property itself is no false alarm: a right construction passes it
      expect(out.right).toEqual({ failed: false, runs: 100 });
    },
    TIMEOUT,
  );

  it(
    "4b. the bin through npx: --version prints the package's version, demo runs",
    () => {
      const dir = requireInstalled();
      // the bin; `--` so that npx does not take --version for itself
      const version = run(npx, ["--no", "--", "formal-ssa", "--version"], dir);
      expect(version.status, explain("npx formal-ssa --version", version)).toBe(0);
      expect(version.stdout.trim()).toBe(PKG.version);
      const demo = run(npx, ["--no", "--", "formal-ssa", "demo"], dir);
      expect(demo.status, explain("npx formal-ssa demo", demo)).toBe(0);
      expect(demo.stdout).toContain("formal-ssa demo");
    },
    TIMEOUT,
  );

  it(
    "4c. the JSON schemas resolve by name (formal-ssa/schemas/*)",
    () => {
      const dir = requireInstalled();
      writeFileSync(
        join(dir, "schemas.mjs"),
        `import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
const require = createRequire(import.meta.url);
const out = {};
for (const name of ["format.json", "report.json"]) {
  const schema = JSON.parse(readFileSync(require.resolve("formal-ssa/schemas/" + name), "utf8"));
  out[name] = typeof schema === "object" && schema !== null && !Array.isArray(schema);
}
console.log(JSON.stringify(out));
`,
      );
      const schemas = run(process.execPath, ["schemas.mjs"], dir);
      expect(schemas.status, explain("node schemas.mjs", schemas)).toBe(0);
      expect(JSON.parse(schemas.stdout)).toEqual({ "format.json": true, "report.json": true });
    },
    TIMEOUT,
  );

  it(
    "5. the README's Babel config runs in the project: babel-plugin-react-compiler with validatingLogger() from formal-ssa/react-compiler",
    () => {
      const dir = requireInstalled();
      // the optional peers, as the README says to install them
      const peers = run(npm, ["install", "--save-dev", "@babel/core@7", "babel-plugin-react-compiler@1", "--no-audit", "--no-fund", "--prefer-offline"], dir);
      expect(peers.status, explain("npm install @babel/core babel-plugin-react-compiler", peers)).toBe(0);
      const readme = readFileSync(join(ROOT, "README.md"), "utf8");
      const config = /```js\n(\/\/ babel\.config\.mjs\n[\s\S]*?)```/.exec(readme)?.[1];
      expect(config, "a ```js block starting with // babel.config.mjs in the README").toBeDefined();
      writeFileSync(join(dir, "babel.config.mjs"), config!);
      mkdirSync(join(dir, "src"), { recursive: true });
      // a hook and a component, as the compiler's default mode (infer) finds them; react itself is not needed to compile
      writeFileSync(
        join(dir, "src", "counter.js"),
        `import { createElement, useState } from "react";

export function useCounter(start, step) {
  const [count, setCount] = useState(start);
  let label = "none";
  if (count > 10) label = "many";
  else if (count > 0) label = "some";
  const increment = () => setCount(count + (step ?? 1));
  return { count, label, increment };
}

export function Counter({ start, items }) {
  const { count, label, increment } = useCounter(start, 1);
  let total = 0;
  for (const item of items) {
    if (item.hidden) continue;
    total += item.value;
  }
  return createElement("button", { onClick: increment }, label + ": " + count + " / " + total);
}
`,
      );
      writeFileSync(
        join(dir, "build.mjs"),
        `import { transformFileAsync } from "@babel/core";
const out = await transformFileAsync("src/counter.js");
console.log(out.code.includes("_c(") ? "memoized" : "not memoized");
`,
      );
      const build = run(process.execPath, ["build.mjs"], dir);
      expect(build.status, explain("node build.mjs", build)).toBe(0);
      // the compiler did compile (memo cache), and the logger validated all three functions (the arrow too)
      expect(build.stdout.trim()).toBe("memoized");
      expect(build.stderr).toContain("3 functions reached SSA (0 skipped by the compiler before SSA); 3 certified, 0 rejected, 0 not validated; the compiler gave up on 0 of them after SSA");
      expect(build.stderr).toContain("certified: 3 of 3 functions certified");
    },
    TIMEOUT,
  );
});

/** The exports of every entry's declarations, split into values and types, resolved from the project as a user's compiler does. */
function declaredExports(dir: string): Record<Spec, { values: string[]; types: string[] }> {
  const probe = join(dir, "probe-exports.ts");
  writeFileSync(probe, ENTRIES.map(({ spec, prefix }) => `export * as ${prefix} from "${spec}";`).join("\n") + "\n");
  const program = ts.createProgram([probe], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const out = {} as Record<Spec, { values: string[]; types: string[] }>;
  for (const { spec } of ENTRIES) {
    const resolved = ts.resolveModuleName(spec, probe, program.getCompilerOptions(), ts.sys, undefined, undefined, ts.ModuleKind.ESNext).resolvedModule;
    if (resolved === undefined) throw new Error(`TypeScript does not resolve ${spec} from the project`);
    const declaration = program.getSourceFile(resolved.resolvedFileName);
    const symbol = declaration && checker.getSymbolAtLocation(declaration);
    if (symbol === undefined) throw new Error(`no declarations for ${spec} (${resolved.resolvedFileName})`);
    const values: string[] = [];
    const types: string[] = [];
    for (const s of checker.getExportsOfModule(symbol)) {
      const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
      (target.flags & ts.SymbolFlags.Value ? values : types).push(s.name);
    }
    out[spec] = { values: values.sort(), types: types.sort() };
  }
  rmSync(probe);
  return out;
}
