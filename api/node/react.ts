/**
 * `formal-ssa react FILES`: the React Compiler's SSA of every function in source files, with a
 * progress bar and the exchange-format documents written out on request (`--emit DIR`: for each
 * file `NAME.cfg.json`, `NAME.ssa.json` after enterSSA and `NAME.eliminated.json` after
 * EliminateRedundantPhi, so that `formal-ssa validate NAME.cfg.json NAME.ssa.json` and every
 * other command work on them).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { MalformedInput } from "../../spec/errors.js";
import { reactCompilerAdapter } from "../../adapters/react-compiler/index.js";
import { CertificateCollector, ProducerPairs } from "../certify.js";
import { emittedModules, validateSourcesWith, type ReactOptions, type ReactReport } from "../react_compiler.js";
import { loadReactCompiler } from "./react_compiler.js";
import { readInputs, STDIN_NAME } from "./files.js";
import type { ProgressSink } from "./commands.js";

/** Where a file's documents go under `dir`: its path relative to the working directory, or (outside it) its base name. */
function emitBase(dir: string, file: string): string {
  const rel = file === STDIN_NAME ? "stdin" : relative(process.cwd(), resolve(file));
  return join(dir, rel.startsWith("..") || isAbsolute(rel) ? basename(file) : rel);
}

/**
 * `reactCompiler`: the package directory of a copy of babel-plugin-react-compiler to run instead of
 * the installed one (`--react-compiler DIR`); the report names the copy either way (`compiler`).
 */
export async function validateReactFiles(
  paths: readonly string[],
  options: ReactOptions & { progress?: ProgressSink; emit?: string; certificate?: boolean; reactCompiler?: string } = {},
): Promise<ReactReport> {
  if (options.certificate && options.emit === undefined) throw new MalformedInput(`--certificate: a certificate speaks of the exchange-format pair, which --emit DIR writes: give both`);
  const compiler = await loadReactCompiler(options.reactCompiler);
  const sources = readInputs(paths);
  const emitted = options.emit !== undefined ? emittedModules() : undefined;
  // per file, the certificates of its two stages (enterSSA's and EliminateRedundantPhi's pairs)
  const certificates = new Map<string, { built: ProducerPairs; eliminated: ProducerPairs }>();
  const onStages: ReactOptions["onStages"] = (file, stages) => {
    let c = certificates.get(file);
    const undef = options.undef ?? reactCompilerAdapter.defaultUndef;
    const collector = () => new ProducerPairs(false, new CertificateCollector(options.require ?? [], undef));
    if (c === undefined) certificates.set(file, (c = { built: collector(), eliminated: collector() }));
    c.built.add(stages.built);
    c.eliminated.add(stages.eliminated);
  };
  options.progress?.start(sources.length, "react");
  let report: ReactReport;
  try {
    report = validateSourcesWith(compiler, sources, { ...options, onFile: (name) => options.progress?.tick(name), ...(emitted ? { onDocuments: emitted.add } : {}), ...(options.certificate ? { onStages } : {}) });
  } finally {
    options.progress?.stop();
  }
  // files outside the working directory go under their base names: a second one of a name gets `.2`, and so on
  const bases = new Set<string>();
  if (emitted !== undefined)
    for (const [file, m] of emitted.modules) {
      let base = emitBase(options.emit!, file);
      for (let k = 2; bases.has(base); k++) base = `${emitBase(options.emit!, file)}.${k}`;
      bases.add(base);
      try {
        mkdirSync(dirname(base), { recursive: true });
        writeFileSync(`${base}.cfg.json`, emitted.text(m.original));
        writeFileSync(`${base}.ssa.json`, emitted.text(m.ssa));
        writeFileSync(`${base}.eliminated.json`, emitted.text(m.eliminated));
        const c = certificates.get(file);
        if (c !== undefined) {
          writeFileSync(`${base}.ssa.cert.json`, `${JSON.stringify(c.built.collector!.certificate())}\n`);
          writeFileSync(`${base}.eliminated.cert.json`, `${JSON.stringify(c.eliminated.collector!.certificate())}\n`);
        }
      } catch (e) {
        throw new MalformedInput(`${base}: cannot write the documents (${(e as Error).message.split("\n")[0]})`);
      }
    }
  return report;
}
