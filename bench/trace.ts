/**
 * What the tracing hook (impl/trace.ts) costs: the constructions on the paper's n-ifs family,
 * untraced (`buildSsa` without `trace`, what `formal-ssa construct` runs) against the same with a
 * tracer that does nothing with the events. Untraced, the hook is one test of `undefined` per
 * place an event would be made; with a tracer, each event is an object (Braun et al. hold theirs
 * until the end, to number their values), which the second column shows.
 *
 * Runs of the two kinds alternate, so that drift of the machine hits both alike; medians.
 *
 *   node --expose-gc dist/bench/trace.js [--quick]
 */
import { fileURLToPath } from "node:url";
import { buildSsa, type Algorithm, type Minimize } from "../api/construct.js";
import type { TraceEvent } from "../impl/trace.js";
import { lowerCfg } from "../io/lower.js";
import type { Cfg } from "../spec/model.js";
import { nIfs } from "./families.js";
import { collect, fmtInt, median, ms } from "./measure.js";

const LINES: readonly { name: string; algorithm: Algorithm; minimize: Minimize }[] = [
  { name: "braun", algorithm: "braun", minimize: "trivial" },
  { name: "functional+trivial", algorithm: "functional", minimize: "trivial" },
];

export interface TraceRow {
  n: number;
  line: string;
  untraced: number;
  traced: number;
  events: number;
  runs: number;
}

function lowered(n: number): Cfg {
  const doc = nIfs(n);
  const cfg = lowerCfg(doc, "bench", doc.name ?? "bench").cfg;
  void cfg.graph.succs;
  return cfg;
}

export function traceSeries(opts: { sizes: readonly number[]; runs: number; progress: (msg: string) => void }): { rows: TraceRow[]; lines: string[]; headline: string[] } {
  // warm-up on a small input: both paths, every line
  const small = lowered(2000);
  const noop = (_: TraceEvent) => {};
  for (let r = 0; r < 30; r++) for (const l of LINES) (buildSsa(small, l), buildSsa(small, { ...l, trace: noop }));
  const rows: TraceRow[] = [];
  for (const n of opts.sizes) {
    collect();
    const cfg = lowered(n);
    for (const l of LINES) {
      let events = 0;
      const count = () => void events++;
      buildSsa(cfg, { ...l, trace: count });
      const plain: number[] = [];
      const traced: number[] = [];
      const time = (trace?: (e: TraceEvent) => void) => {
        collect();
        const b = buildSsa(cfg, { ...l, trace });
        return b.ms.construct + b.ms.minimize;
      };
      time();
      time(noop);
      for (let r = 0; r < opts.runs; r++) {
        plain.push(time());
        traced.push(time(noop));
      }
      const row = { n, line: l.name, untraced: median(plain), traced: median(traced), events, runs: opts.runs };
      rows.push(row);
      opts.progress(`tracing, n-ifs ${fmtInt(n)}, ${l.name}: untraced ${ms(row.untraced)} ms, no-op tracer ${ms(row.traced)} ms (${events} events; medians of ${opts.runs})`);
    }
  }
  const lines = [
    "## Tracing: what the hook costs",
    "",
    "`buildSsa` on n-ifs (construct + minimize, the lowered model), without a tracer (what `formal-ssa construct` runs) and with one that",
    "ignores every event; runs of the two alternate, medians. Without a tracer each place an event would be made is one test of",
    "`undefined`; with one, every event is an object (Braun et al. keep theirs until the end, to number their values).",
    "",
    "| n-ifs | construction | untraced (ms) | no-op tracer (ms) | ratio | events |",
    "| ---: | --- | ---: | ---: | ---: | ---: |",
    ...rows.map((r) => `| ${fmtInt(r.n)} | ${r.line} | ${ms(r.untraced)} | ${ms(r.traced)} | ${(r.traced / r.untraced).toFixed(2)} | ${r.events} |`),
  ];
  const largest = rows.filter((r) => r.n === Math.max(...rows.map((x) => x.n)));
  const headline = largest.map((r) => `tracing hook on n-ifs ${fmtInt(r.n)}, ${r.line}: ${ms(r.untraced)} ms untraced, ${ms(r.traced)} ms with a no-op tracer`);
  return { rows, lines, headline };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes("--quick");
  const res = traceSeries({ sizes: quick ? [10_000] : [10_000, 100_000], runs: quick ? 5 : 11, progress: (m) => process.stderr.write(`${m}\n`) });
  process.stdout.write(res.lines.join("\n") + "\n");
}
