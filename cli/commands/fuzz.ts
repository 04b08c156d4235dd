import { Command, InvalidArgumentError, Option } from "commander";
import { MalformedInput } from "../../api/errors.js";
import type { Progress } from "../../api/fuzz.js";
import {
  DEFAULT_MAX_BLOCKS,
  DEFAULT_OUT,
  DEFAULT_RUNS,
  DEFAULT_TIMEOUT_MS,
  MIN_IRREDUCIBLE_BLOCKS,
  shellQuote,
  SHAPES,
  targetAdapter,
  TARGETS,
  type Shape,
} from "../../api/fuzz_options.js";
import { print, type Io } from "../io.js";
import type { SetExit } from "./exit.js";

interface FuzzFlags {
  runs: number;
  seed?: number;
  shape: Shape;
  maxBlocks: number;
  out: string;
  /** `--constructor` (stored under another name: a plain object's `constructor` is Object's when the flag is absent). */
  command?: string;
  target?: string;
  timeout: number;
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
    .addOption(new Option("--runs <n>", "random CFGs to try").argParser(integer(1)).default(DEFAULT_RUNS))
    .addOption(new Option("--seed <s>", "fast-check seed; the same seed repeats the same run (default: random, always printed)").argParser(integer(-0x80000000, 0x7fffffff)))
    .addOption(new Option("--shape <shape>", "reducible: structured programs; irreducible: graphs with an irreducible cycle; any: both kinds").choices([...SHAPES]).default("any"))
    .addOption(new Option("--max-blocks <k>", "at most this many blocks per CFG").argParser(integer(1, 100_000)).default(DEFAULT_MAX_BLOCKS))
    .addOption(new Option("--out <dir>", "where a finding is written").default(DEFAULT_OUT))
    .addOption(constructorOption())
    .addOption(
      new Option("--target <target>", "a producer: each CFG in its before form through it, the pair validated as `formal-ssa validate` does (llvm-mem2reg: an LLVM function through `opt -passes=mem2reg -S`)").choices([
        ...TARGETS,
      ]),
    )
    .addOption(new Option("--timeout <ms>", "per case, for --constructor and --target").argParser(integer(1)).default(DEFAULT_TIMEOUT_MS))
    .action(async (flags: FuzzFlags) => {
      if (flags.shape === "irreducible" && flags.maxBlocks < MIN_IRREDUCIBLE_BLOCKS)
        throw new MalformedInput(`--max-blocks: an irreducible CFG needs at least ${MIN_IRREDUCIBLE_BLOCKS} blocks, got ${flags.maxBlocks}`);
      if (flags.command !== undefined && flags.command.trim() === "") throw new MalformedInput(`--constructor: empty command`);
      if (flags.command !== undefined && flags.target !== undefined) throw new MalformedInput(`--constructor and --target: give one of them`);
      // loaded here: the fuzzer brings fast-check, which no other command needs
      const { fuzz } = await import("../../api/fuzz.js");
      const { hasProgram, oracleFor, writeFinding } = await import("../../api/node/fuzz.js");
      const target = flags.target === undefined ? undefined : targetAdapter(flags.target)!.fuzzTarget!;
      if (target !== undefined && !hasProgram(target.command[0]))
        throw new MalformedInput(`--target ${target.name}: \`${target.command[0]}\` is not on PATH`);
      const seed = flags.seed ?? randomSeed();
      const rerun = [
        "formal-ssa fuzz",
        `--seed ${seed}`,
        `--runs ${flags.runs}`,
        `--shape ${flags.shape}`,
        `--max-blocks ${flags.maxBlocks}`,
        ...(flags.command !== undefined ? [`--constructor ${shellQuote(flags.command)}`, `--timeout ${flags.timeout}`] : []),
        ...(flags.target !== undefined ? [`--target ${flags.target}`, `--timeout ${flags.timeout}`] : []),
        ...(flags.out !== DEFAULT_OUT ? [`--out ${shellQuote(flags.out)}`] : []),
      ].join(" ");
      const what =
        target !== undefined
          ? `target ${target.name}: ${target.command.join(" ")}, validated`
          : flags.command !== undefined
            ? `constructor ${JSON.stringify(flags.command)}`
            : "differential: every algorithm and minimisation against the theorems";
      io.stderr.write(`formal-ssa fuzz: seed ${seed} (repeat with --seed ${seed}), ${flags.runs} runs, shape ${flags.shape}, at most ${flags.maxBlocks} blocks, ${what}\n`);

      const meter = new ProgressLine(flags.runs, io.stderr);
      const result = fuzz({
        runs: flags.runs,
        seed,
        shape: flags.shape,
        maxBlocks: flags.maxBlocks,
        oracle: oracleFor({ command: flags.command, target: flags.target, timeoutMs: flags.timeout }),
        onCase: (p) => meter.update(p),
      });
      meter.done(result.cases);

      if (result.finding === undefined) {
        print(io, `clean: ${result.runs} random CFGs, no finding (seed ${seed})\n`);
        setExit(0);
        return;
      }
      const f = result.finding;
      const files = writeFinding(f, { dir: flags.out, rerun, command: flags.command, seed, runs: result.runs, shrinks: result.shrinks });
      const out = [
        `FINDING: ${f.description}`,
        `  seed ${seed}, found at random CFG ${result.runs}, shrunk in ${result.shrinks} steps to ${f.original.blocks.length} block${f.original.blocks.length === 1 ? "" : "s"}`,
        ...files.map((file) => `  wrote ${file}`),
        `  replay: see ${files.find((file) => file.endsWith("README.txt"))}`,
        `  repeat: ${rerun}`,
      ];
      print(io, `${out.join("\n")}\n`);
      setExit(1);
    });
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
  private readonly tty: boolean;
  constructor(
    private readonly runs: number,
    private readonly stderr: Io["stderr"],
  ) {
    this.tty = stderr.isTTY === true;
  }

  private text(p: Progress, now: number): string {
    const secs = (now - this.start) / 1000;
    const rate = secs > 0 ? Math.round(p.cases / secs) : 0;
    if (p.phase === "search") return `fuzz: ${p.cases}/${this.runs} cases, ${rate} cases/s`;
    return `fuzz: finding; shrinking: ${p.shrinks} steps, ${p.cases} cases, ${rate} cases/s`;
  }

  update(p: Progress): void {
    if (!this.tty) return;
    const now = performance.now();
    if (now - this.last < 100) return;
    this.last = now;
    this.stderr.write(`\r\x1b[K${this.text(p, now)}`);
  }

  done(cases: number): void {
    const secs = (performance.now() - this.start) / 1000;
    const line = `fuzz: ${cases} cases in ${secs.toFixed(1)} s, ${secs > 0 ? Math.round(cases / secs) : 0} cases/s`;
    this.stderr.write(this.tty ? `\r\x1b[K${line}\n` : `${line}\n`);
  }
}
