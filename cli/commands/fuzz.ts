import { join } from "node:path";
import { Command, InvalidArgumentError, Option } from "commander";
import { MalformedInput } from "../../api/errors.js";
import type { Progress } from "../../api/campaign/constructors.js";
import {
  DEFAULT_BATCH,
  DEFAULT_MAX_BLOCKS,
  DEFAULT_OUT,
  DEFAULT_RUNS,
  DEFAULT_SHRINK_MS,
  DEFAULT_SHRINK_RUNS,
  DEFAULT_TIMEOUT_MS,
  FUZZ_TARGETS,
  fuzzTargetNamed,
  MIN_IRREDUCIBLE_BLOCKS,
  parseDuration,
  shellQuote,
  SHAPES,
  TARGETS,
  type Shape,
} from "../../api/campaign/options.js";
import { print, type Io } from "../io.js";
import type { SetExit } from "./exit.js";

interface FuzzFlags {
  runs?: number;
  seed?: number;
  shape: Shape;
  maxBlocks: number;
  out: string;
  /** `--constructor` (stored under another name: a plain object's `constructor` is Object's when the flag is absent). */
  command?: string;
  target?: string;
  timeout: number;
  time?: number;
  /** Cases per producer run (`--target`) or per constructor run (`--constructor`); undefined: not given. */
  batch?: number;
  shard?: { index: number; count: number };
  variant?: string[];
  llvmVersion?: string;
  reactCompiler?: string;
  hermesc?: string;
  shrinkTime: number;
  shrinkRuns: number;
  replay?: string;
  merge?: string[];
  known?: string;
  writeKnown?: string;
  report?: string;
}

/** `I/N` with 1 <= I <= N. */
function shardOf(s: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(s.trim());
  if (m === null || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) throw new InvalidArgumentError("want I/N with 1 <= I <= N (the shard I of N)");
  return { index: Number(m[1]), count: Number(m[2]) };
}

function duration(s: string): number {
  const ms = parseDuration(s);
  if (ms === undefined || ms <= 0) throw new InvalidArgumentError("want a duration: 90s, 10m, 1h30m, or seconds");
  return ms;
}

function integer(min: number, max = Number.MAX_SAFE_INTEGER): (s: string) => number {
  return (s: string) => {
    const n = Number(s);
    if (s.trim() === "" || !Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`want an integer in [${min}, ${max}]`);
    return n;
  };
}

/** `formal-ssa fuzz`: random CFGs against our constructions (differential) or any constructor command. */
export function registerFuzz(program: Command, setExit: SetExit, io: Io): void {
  program
    .command("fuzz")
    .description("fuzz SSA constructors with random CFGs: ours against the theorems, or any command (--constructor); findings are shrunk and written to --out")
    .addOption(new Option("--runs <n>", `random CFGs (cases, with --target) to try (default ${DEFAULT_RUNS}; with --time, until the time is up)`).argParser(integer(1)))
    .addOption(new Option("--seed <s>", "fast-check seed; the same seed repeats the same run (default: random, always printed)").argParser(integer(-0x80000000, 0x7fffffff)))
    .addOption(new Option("--shape <shape>", "reducible: structured programs; irreducible: graphs with an irreducible cycle; any: both kinds").choices([...SHAPES]).default("any"))
    .addOption(new Option("--max-blocks <k>", "at most this many blocks per CFG").argParser(integer(1, 100_000)).default(DEFAULT_MAX_BLOCKS))
    .addOption(new Option("--out <dir>", "where findings are written (with --merge: where the merged findings go)").default(DEFAULT_OUT))
    .addOption(constructorOption())
    .addOption(
      new Option(
        "--target <target>",
        `fuzz a producer: random programs in its own language through it, many to a batch, every function validated as \`formal-ssa validate\` does (${FUZZ_TARGETS.map((t) => `${t.name}: ${t.description}`).join("; ")}); all: every target whose tools are here`,
      ).choices([...TARGETS, "all"]),
    )
    .addOption(new Option("--timeout <ms>", "per case for --constructor, per producer run for --target (react-compiler: per case of a batch)").argParser(integer(1)).default(DEFAULT_TIMEOUT_MS))
    .addOption(new Option("--time <duration>", "with --target: stop after this long (90s, 10m, 1h30m), shared equally by the targets").argParser(duration))
    .addOption(
      new Option("--batch <k>", `with --target: cases per producer run (default ${DEFAULT_BATCH}); with --constructor: CFGs per constructor run, handed to it as one module (default: one CFG per run, as a function document)`).argParser(integer(1, 100_000)),
    )
    .addOption(new Option("--shard <I/N>", "with --target: run only the cases of shard I of N (case indices i with i mod N = I-1), for spreading a campaign over machines").argParser(shardOf))
    .addOption(new Option("--variant <v,...>", "with --target: the producer's configurations to cycle through (llvm-mem2reg: 14,15,16; gcc: O0,O2; spirv: alone,inlined; hermes: simplemem2reg,mem2reg,O); default all").argParser((v) => v.split(",").map((x) => x.trim())))
    .addOption(new Option("--llvm-version <n>", "with --target llvm-mem2reg: the release of opt (14, 15, 16): --variant N"))
    .addOption(new Option("--react-compiler <dir>", "with --target react-compiler: a package directory of babel-plugin-react-compiler to fuzz instead of the installed one"))
    .addOption(new Option("--hermesc <path>", "with --target hermes: the hermesc (Hermes V1) to fuzz instead of the installed hermes-compiler package's"))
    .addOption(new Option("--shrink-runs <n>", "with --target: producer runs to shrink each new finding (how far shrinking goes, whatever the machine's load)").argParser(integer(0)).default(DEFAULT_SHRINK_RUNS))
    .addOption(new Option("--shrink-time <ms>", "with --target: time to shrink each new finding at most").argParser(integer(0)).default(DEFAULT_SHRINK_MS))
    .addOption(new Option("--replay <finding>", "run a producer finding's case (a folder that --target wrote) through its producer again and validate it: exit 1 if the finding is still there, 0 if not"))
    .addOption(new Option("--merge <dirs...>", "merge the findings of several --target campaigns (shards) into --out, one per signature"))
    .addOption(new Option("--report <finding>", "print a finding (a folder that fuzz wrote) as a Markdown bug report ready to paste upstream: title, the versions here that have it and those that do not, the reproducer, the producer's own commands, what happens and should, the witness"))
    .addOption(new Option("--known <file>", "a baseline (formal-ssa/known-findings@1): findings whose signature it lists are counted and shown as known, and the run exits 0 unless a new signature appears; with --merge and --write-known, its entries are kept in the file written"))
    .addOption(new Option("--write-known <file>", "with --merge: also write the merged findings' signatures as a baseline for --known"))
    .action(async (flags: FuzzFlags) => {
      if (flags.report !== undefined) {
        const { reportFinding } = await import("../../api/campaign/node/report.js");
        print(io, await reportFinding(flags.report, { timeoutMs: flags.timeout, ...(flags.reactCompiler !== undefined ? { reactCompilerDir: flags.reactCompiler } : {}), ...(flags.hermesc !== undefined ? { hermesc: flags.hermesc } : {}) }));
        setExit(0);
        return;
      }
      if (flags.replay !== undefined || flags.merge !== undefined || flags.target !== undefined) {
        await producerCommand(flags, setExit, io);
        return;
      }
      const runs = flags.runs ?? DEFAULT_RUNS;
      for (const [flag, given] of [["--time", flags.time], ["--shard", flags.shard], ["--variant", flags.variant], ["--llvm-version", flags.llvmVersion], ["--react-compiler", flags.reactCompiler], ["--hermesc", flags.hermesc]] as const)
        if (given !== undefined) throw new MalformedInput(`${flag}: only with --target`);
      if (flags.batch !== undefined && flags.command === undefined) throw new MalformedInput(`--batch: only with --constructor or --target`);
      if (flags.writeKnown !== undefined) throw new MalformedInput(`--write-known: only with --merge`);
      if (flags.shape === "irreducible" && flags.maxBlocks < MIN_IRREDUCIBLE_BLOCKS)
        throw new MalformedInput(`--max-blocks: an irreducible CFG needs at least ${MIN_IRREDUCIBLE_BLOCKS} blocks, got ${flags.maxBlocks}`);
      if (flags.command !== undefined && flags.command.trim() === "") throw new MalformedInput(`--constructor: empty command`);
      if (flags.command !== undefined && flags.target !== undefined) throw new MalformedInput(`--constructor and --target: give one of them`);
      // loaded here: the fuzzer brings fast-check, which no other command needs
      const { fuzz } = await import("../../api/campaign/constructors.js");
      const { oracleFor, writeFinding } = await import("../../api/campaign/node/constructors.js");
      const known = flags.known === undefined ? undefined : await knownSet(flags.known);
      const seed = flags.seed ?? randomSeed();
      const modules = flags.batch !== undefined;
      const rerun = [
        "formal-ssa fuzz",
        `--seed ${seed}`,
        `--runs ${runs}`,
        `--shape ${flags.shape}`,
        `--max-blocks ${flags.maxBlocks}`,
        ...(flags.command !== undefined ? [`--constructor ${shellQuote(flags.command)}`, `--timeout ${flags.timeout}`] : []),
        ...(modules ? [`--batch ${flags.batch}`] : []),
        ...(flags.known !== undefined ? [`--known ${shellQuote(flags.known)}`] : []),
        ...(flags.out !== DEFAULT_OUT ? [`--out ${shellQuote(flags.out)}`] : []),
      ].join(" ");
      const what =
        flags.command !== undefined
          ? `constructor ${JSON.stringify(flags.command)}${modules ? `, ${flags.batch} CFGs per run` : ""}`
          : "differential: every algorithm and minimisation against the theorems";
      io.stderr.write(`formal-ssa fuzz: seed ${seed} (repeat with --seed ${seed}), ${runs} runs, shape ${flags.shape}, at most ${flags.maxBlocks} blocks, ${what}\n`);

      const meter = new ProgressLine(runs, io.stderr);
      const result = await fuzz({
        runs,
        seed,
        shape: flags.shape,
        maxBlocks: flags.maxBlocks,
        batch: flags.batch ?? 1,
        oracle: oracleFor({ command: flags.command, timeoutMs: flags.timeout, modules }),
        ...(known !== undefined ? { known } : {}),
        onProgress: (p) => meter.update(p),
      });
      meter.done(result);
      const knownLines = result.known.map((k) => `known: ${k.signature}: ${k.hits} hit${k.hits === 1 ? "" : "s"} (${k.description})`);
      const knownTally = known === undefined ? "" : `; ${result.known.length} known finding${result.known.length === 1 ? "" : "s"}, ${result.known.reduce((n, k) => n + k.hits, 0)} hits`;

      if (result.finding === undefined) {
        print(io, [...knownLines, `clean: ${result.cases} random CFGs, no ${known === undefined ? "" : "new "}finding (seed ${seed}${knownTally})`].join("\n") + "\n");
        setExit(0);
        return;
      }
      const f = result.finding;
      const written = writeFinding(f, {
        out: flags.out,
        rerun,
        command: flags.command,
        modules,
        seed,
        foundAt: result.foundAt!,
        shrinkSteps: result.shrinkSteps,
        shrinkTries: result.shrinkTries,
      });
      const blocks = f.original.blocks.length;
      const out = [
        `FINDING${known === undefined ? "" : " (new)"} [${f.signature}]: ${f.description}`,
        `  seed ${seed}, found at random CFG ${result.foundAt}, shrunk in ${result.shrinkSteps} steps (${result.shrinkTries} smaller CFGs tried) to ${blocks} block${blocks === 1 ? "" : "s"}`,
        ...(written.existing ? [`  the same finding is in ${written.dir} already (kept as it is)`] : written.files.map((file) => `  wrote ${file}`)),
        `  replay: see ${join(written.dir, "README.txt")}`,
        `  repeat: ${rerun}`,
        ...knownLines,
      ];
      print(io, `${out.join("\n")}\n`);
      setExit(1);
    });
}

/** The signatures of the baseline in `file` (`--known`). */
async function knownSet(file: string): Promise<ReadonlySet<string>> {
  const { readKnownFile } = await import("../../api/campaign/node/known.js");
  const { knownSignatures } = await import("../../api/campaign/known.js");
  return knownSignatures(readKnownFile(file));
}

function constructorOption(): Option {
  const o = new Option("--constructor <cmd>", "shell command reading a CFG document on stdin and writing its SSA document on stdout");
  o.attributeName = () => "command";
  return o;
}

/** A 31-bit seed, printed so the run can be repeated. */
function randomSeed(): number {
  return Math.floor(Math.random() * 0x80000000);
}

/** One stderr line, rewritten in place on a terminal (at most 10 times a second); elsewhere only the summary. */
class ProgressLine {
  private readonly start = performance.now();
  private last = 0;
  /** When shrinking began: the search's time ends there. */
  private shrinkStart: number | undefined;
  private readonly tty: boolean;
  constructor(
    private readonly runs: number,
    private readonly stderr: Io["stderr"],
  ) {
    this.tty = stderr.isTTY === true;
  }

  private text(p: Progress, now: number): string {
    const secs = ((this.shrinkStart ?? now) - this.start) / 1000;
    const rate = secs > 0 ? Math.round(p.cases / secs) : 0;
    if (p.phase === "search") return `fuzz: ${p.cases}/${this.runs} random CFGs, ${rate} CFGs/s`;
    return `fuzz: finding at random CFG ${p.cases}; shrinking: ${p.shrinkSteps} steps, ${p.shrinkTries} smaller CFGs tried`;
  }

  update(p: Progress): void {
    if (p.phase === "shrink" && this.shrinkStart === undefined) this.shrinkStart = performance.now();
    if (!this.tty) return;
    const now = performance.now();
    if (now - this.last < 100) return;
    this.last = now;
    this.stderr.write(`\r\x1b[K${this.text(p, now)}`);
  }

  /** The summary: generated CFGs and shrink tries counted apart, each with its time. */
  done(r: { cases: number; shrinkTries: number; shrinkSteps: number; finding?: unknown }): void {
    const now = performance.now();
    const searchEnd = this.shrinkStart ?? now;
    const secs = (searchEnd - this.start) / 1000;
    let line = `fuzz: ${r.cases} random CFG${r.cases === 1 ? "" : "s"} in ${secs.toFixed(1)} s, ${secs > 0 ? Math.round(r.cases / secs) : 0} CFGs/s`;
    if (r.finding !== undefined) line += `; shrinking: ${r.shrinkSteps} steps, ${r.shrinkTries} smaller CFGs tried in ${((now - searchEnd) / 1000).toFixed(1)} s`;
    this.stderr.write(this.tty ? `\r\x1b[K${line}\n` : `${line}\n`);
  }
}

/**
 * `formal-ssa fuzz --target T|all`, `--replay FINDING`, `--merge DIR...`: producers through their
 * fuzz targets (api/campaign/node/producers.ts). Each new finding (a signature not seen before in
 * the run) is printed and written to `--out/<signature>/`; the summary table goes to stdout at
 * the end. Exit 1 when anything was found (or a replayed finding is still there), else 0.
 */
/** Without a terminal, a campaign's progress is one line on stderr this often. */
const PROGRESS_LINE_MS = 60_000;

async function producerCommand(flags: FuzzFlags, setExit: SetExit, io: Io): Promise<void> {
  const engine = await import("../../api/campaign/producers.js");
  const node = await import("../../api/campaign/node/producers.js");
  for (const [flag, given] of [["--constructor", flags.command], ["--shape", flags.shape !== "any" ? flags.shape : undefined]] as const)
    if (given !== undefined) throw new MalformedInput(`${flag}: not with --target, --replay or --merge (a target takes the shapes its language has)`);

  if (flags.writeKnown !== undefined && flags.merge === undefined) throw new MalformedInput(`--write-known: only with --merge`);
  if (flags.merge !== undefined) {
    const merged = node.mergeFindings(flags.out, flags.merge);
    if (flags.writeKnown !== undefined) {
      const { readKnownFile, writeKnownFile } = await import("../../api/campaign/node/known.js");
      const written = writeKnownFile(flags.writeKnown, flags.merge, flags.known === undefined ? undefined : readKnownFile(flags.known));
      print(io, `wrote ${flags.writeKnown}: ${written.findings.length} known finding${written.findings.length === 1 ? "" : "s"}\n`);
    }
    for (const r of merged) print(io, `${r.signature}: ${r.hits} hit${r.hits === 1 ? "" : "s"} (${r.description})\n`);
    print(io, `merged ${flags.merge.length} folder${flags.merge.length === 1 ? "" : "s"} into ${flags.out}: ${merged.length} finding${merged.length === 1 ? "" : "s"}\n`);
    setExit(merged.length > 0 ? 1 : 0);
    return;
  }

  if (flags.replay !== undefined) {
    const record = node.readFindingRecord(flags.replay);
    const target = fuzzTargetNamed(record.target);
    if (target === undefined) throw new MalformedInput(`${flags.replay}/finding.json: unknown target ${JSON.stringify(record.target)} (choose from ${TARGETS.join(", ")})`);
    const prepared = await node.prepareTarget(target, [record.variant], { timeoutMs: flags.timeout, reactCompilerDir: flags.reactCompiler, hermesc: flags.hermesc });
    const r = await node.replayFinding(record, target, prepared.runner).finally(() => prepared.close?.());
    print(io, `${r.reproduced ? "still there" : "gone"}: ${r.description}\n  finding: ${record.signature} (${record.version} then; ${prepared.version(record.variant)} now)\n`);
    setExit(r.reproduced ? 1 : 0);
    return;
  }

  const chosen = flags.target === "all" ? FUZZ_TARGETS : [fuzzTargetNamed(flags.target!)!];
  const seed = flags.seed ?? randomSeed();
  const runs = flags.runs ?? (flags.time === undefined ? DEFAULT_RUNS : undefined);
  if (flags.llvmVersion !== undefined && !chosen.some((t) => t.name === "llvm-mem2reg")) throw new MalformedInput(`--llvm-version: only with --target llvm-mem2reg or all`);
  const prepared: Array<{ p: Awaited<ReturnType<typeof node.prepareTarget>>; variants: string[] }> = [];
  for (const target of chosen) {
    const wanted = target.name === "llvm-mem2reg" && flags.llvmVersion !== undefined ? [flags.llvmVersion] : (flags.variant ?? [...target.variants]);
    const variants = flags.target === "all" && flags.variant !== undefined ? wanted.filter((v) => target.variants.includes(v)) : wanted;
    const unknown = variants.filter((v) => !target.variants.includes(v));
    if (unknown.length > 0) throw new MalformedInput(`--variant: ${target.name} has no variant ${unknown.join(", ")} (choose from ${target.variants.join(", ")})`);
    if (variants.length === 0) continue;
    try {
      prepared.push({ p: await node.prepareTarget(target, variants, { timeoutMs: flags.timeout, reactCompilerDir: flags.reactCompiler, hermesc: flags.hermesc }), variants });
    } catch (e) {
      // with `all`, a target whose tools are missing is left out, saying so; alone, it is an error
      if (flags.target !== "all" || !(e instanceof MalformedInput)) throw e;
      io.stderr.write(`formal-ssa fuzz: skipping ${e.message}\n`);
    }
  }
  if (prepared.length === 0) throw new MalformedInput(`--target all: no target can run here`);
  const known = flags.known === undefined ? undefined : await knownSet(flags.known);
  const shard = flags.shard === undefined ? "" : ` --shard ${flags.shard.index}/${flags.shard.count}`;
  const rows: Array<Awaited<ReturnType<typeof engine.runCampaign>> & { variants: string[] }> = [];
  let findings = 0;
  const perTarget = flags.time === undefined ? undefined : flags.time / prepared.length;
  // SIGINT (Ctrl-C) or SIGTERM (a pod evicted, a CI job cancelled): the batches under way end, their
  // findings are written, and the summary says how far the campaign got; a second signal ends the
  // process at once. The producers run in process groups of their own, so a terminal's Ctrl-C
  // does not kill them mid-batch (which would read as a crash).
  let interrupted: string | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted !== undefined) process.exit(signal === "SIGINT" ? 130 : 143);
    interrupted = signal;
    io.stderr.write(`${io.stderr.isTTY === true ? "\r\x1b[K" : ""}formal-ssa fuzz: ${signal}: stopping after the batches under way (again to stop at once)\n`);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    // the header after the handlers: whoever waits for it to signal the campaign finds them there
    // (a signal before them would end the process without its summary)
    io.stderr.write(
      `formal-ssa fuzz: seed ${seed} (repeat with --seed ${seed}), ${runs !== undefined ? `${runs} cases` : ""}${runs !== undefined && flags.time !== undefined ? " or " : ""}${flags.time !== undefined ? `${(flags.time / 1000).toFixed(0)} s` : ""} per target, batches of ${flags.batch ?? DEFAULT_BATCH}, at most ${flags.maxBlocks} blocks${shard}: ${prepared.map((x) => `${x.p.target.name} (${x.variants.join(", ")})`).join(", ")}\n`,
    );
    await runCampaigns();
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    for (const { p } of prepared) await p.close?.();
  }
  async function runCampaigns(): Promise<void> {
    for (const { p, variants } of prepared) {
      if (interrupted !== undefined) break;
      const start = performance.now();
      let lastLine = 0;
      const r = await engine.runCampaign({
        target: p.target,
        variants,
        seed,
        maxBlocks: flags.maxBlocks,
        batchSize: flags.batch ?? DEFAULT_BATCH,
        ...(runs !== undefined ? { runs } : {}),
        ...(perTarget !== undefined ? { timeLimitMs: perTarget } : {}),
        ...(flags.shard !== undefined ? { shard: flags.shard } : {}),
        shrinkTimeMs: flags.shrinkTime,
        shrinkRuns: flags.shrinkRuns,
        stopRequested: () => interrupted !== undefined,
        runner: p.runner,
        ...(known !== undefined ? { known } : {}),
        onFinding: async (f) => {
          findings++;
          const { dir, link } = await node.writeProducerFinding(f, { out: flags.out, target: p.target, runner: p.runner, maxBlocks: flags.maxBlocks, version: p.version(f.variant) });
          print(io, `FINDING${known === undefined ? "" : " (new)"} [${f.signature}]: ${f.description}\n  case ${f.index} of seed ${f.seed}, shrunk in ${f.shrinkSteps} steps to ${f.case.cfg.blocks.length} blocks; wrote ${dir} (replay: formal-ssa fuzz --replay ${shellQuote(dir)})\n  explorer: ${link}\n`);
        },
        onProgress: (q) => {
          const line = `${p.target.name}: ${q.cases} cases, ${q.findings} findings, ${((q.cases * 1000) / Math.max(1, q.elapsedMs)).toFixed(0)} cases/s`;
          if (io.stderr.isTTY === true) io.stderr.write(`\r\x1b[K${line}`);
          else if (q.elapsedMs - lastLine >= PROGRESS_LINE_MS) {
            // a long campaign in a log: a line a minute
            lastLine = q.elapsedMs;
            io.stderr.write(`fuzz: ${line} after ${(q.elapsedMs / 1000).toFixed(0)} s\n`);
          }
        },
      });
      if (io.stderr.isTTY === true) io.stderr.write("\r\x1b[K");
      // hits beyond the first are counted after the finding was written: the record follows
      for (const f of r.findings) if (f.hits > 1) await node.updateHits(flags.out, f);
      rows.push({ ...r, variants, elapsedMs: performance.now() - start });
  }
  }
  const table = node.formatSummary(
    rows.map((r) => ({
      target: r.target,
      variants: r.variants,
      cases: r.cases,
      seconds: r.elapsedMs / 1000,
      casesPerSecond: r.cases / Math.max(0.001, r.elapsedMs / 1000),
      findings: r.findings.length,
      hits: r.findings.reduce((n, f) => n + f.hits, 0),
      firstIndex: r.firstIndex,
      lastIndex: r.lastIndex,
    })),
  );
  print(io, table);
  // the second oracle's comparison: how far each builder's phis are from the minimum on the same cases
  for (const r of rows)
    if (r.phis !== undefined && r.phis.length > 0)
      print(io, `${r.target}: phis on the cases' functions: ${r.phis.map((t) => `${t.label} ${t.placed} in ${t.functions} functions, minimum ${t.minimum}${t.placed === t.minimum ? " (the minimum)" : ` (${t.placed > t.minimum ? "+" : ""}${t.placed - t.minimum})`}`).join("; ")}\n`);
  for (const r of rows)
    if (r.slowBatches > 0)
      print(io, `${r.target}: ${r.slowBatches} timeout${r.slowBatches === 1 ? "" : "s"} not confirmed: the case finished in time alone (a slow run, the machine's load?); not findings. A larger --timeout avoids the reruns\n`);
  if (interrupted !== undefined) print(io, `interrupted by ${interrupted}: the table counts the cases run until then\n`);
  // new findings first, then the known ones with their hits
  const lines: string[] = [];
  for (const r of rows) for (const f of r.findings) lines.push(`new: ${f.signature}: ${f.hits} hit${f.hits === 1 ? "" : "s"}`);
  for (const r of rows) for (const k of r.known) lines.push(`known: ${k.signature}: ${k.hits} hit${k.hits === 1 ? "" : "s"}`);
  if (known !== undefined && lines.length > 0) print(io, `${lines.join("\n")}\n`);
  const knownCount = rows.reduce((n, r) => n + r.known.length, 0);
  const knownTally = known === undefined ? "" : `; ${knownCount} known finding${knownCount === 1 ? "" : "s"}, ${rows.reduce((n, r) => n + r.known.reduce((m, k) => m + k.hits, 0), 0)} hits`;
  const noun = known === undefined ? "finding" : "new finding";
  print(io, findings === 0 ? `clean: no ${noun} (seed ${seed}${shard}${knownTally})\n` : `${findings} ${noun}${findings === 1 ? "" : "s"} in ${flags.out} (seed ${seed}${shard}${knownTally})\n`);
  // a campaign cut short says so to its caller (a shell's 128 + the signal), unless it found something
  setExit(findings > 0 ? 1 : interrupted === "SIGINT" ? 130 : interrupted === "SIGTERM" ? 143 : 0);
}
