/**
 * Shrinking a finding when each try is expensive (a process per try), and reducing a CFG
 * further than fast-check's shrinkers can.
 *
 * - `generateWithContext`: the value fast-check generates first for a seed, with the context its
 *   shrinker needs: exactly what `fc.check(property, { seed, numRuns: 1 })` would start
 *   shrinking from.
 * - `shrinkInBatches`: fast-check's shrinking (take the first candidate of the shrink stream that
 *   still fails, then shrink that one, until no candidate fails), with the candidates tried many
 *   at a time: the same result as `fc.check`'s shrinking, in a process run per batch of
 *   candidates instead of one per candidate.
 * - `cfgReductions`, `reduceInBatches`: what fast-check cannot do on a CFG built from a program
 *   or a graph specification: contract an empty block into its only predecessor or successor,
 *   and drop statements that neither define nor use anything. Each reduction keeps the CFG
 *   well-formed (every block reachable from the entry, the entry without predecessors, every use
 *   definitely assigned), so a reduced finding is a finding on a valid input.
 *
 * No recursion: every loop is over an explicit list or stream.
 */
import fc from "fast-check";
import type { BlockDoc, CfgDoc } from "../io/format.js";

/** The value fast-check generates first for `seed`, with its shrinking context. */
export function generateWithContext<T>(arb: fc.Arbitrary<T>, seed: number): fc.Value<T> {
  let captured: fc.Value<T> | undefined;
  // the arbitrary fc.check draws from, recording what it drew; it shrinks as `arb` does
  class Capture extends fc.Arbitrary<T> {
    generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
      captured = arb.generate(mrng, biasFactor);
      return captured;
    }
    canShrinkWithoutContext(value: unknown): value is T {
      return arb.canShrinkWithoutContext(value);
    }
    shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
      return arb.shrink(value, context);
    }
  }
  fc.check(
    fc.property(new Capture(), () => true),
    { seed, numRuns: 1 },
  );
  if (captured === undefined) throw new Error("generateWithContext: fast-check generated nothing");
  return captured;
}

/** The first index of `candidates` that still fails, or -1. */
export type FirstFailing<T> = (candidates: readonly T[]) => number | Promise<number>;

export interface BatchShrinkResult<T> {
  value: T;
  /** Candidates that failed and were taken (the steps to the result). */
  steps: number;
  /** Candidates tried. */
  tries: number;
  /** Calls of `firstFailing` (batches). */
  batches: number;
}

/**
 * The descent both shrinkers make: from `start`, try its candidates in order, up to `batch` per
 * call of `firstFailing`; take the first that still fails and start again from it; stop when none
 * of a value's candidates fails, or after `maxTries` candidates (then the last value taken is the
 * result). `valueOf` is what `firstFailing` is given of a candidate.
 */
async function descend<V, T>(
  start: V,
  candidatesOf: (v: V) => Iterable<V>,
  valueOf: (v: V) => T,
  firstFailing: FirstFailing<T>,
  o: { batch: number; maxTries?: number },
): Promise<{ result: V; steps: number; tries: number; batches: number }> {
  const maxTries = o.maxTries ?? Number.POSITIVE_INFINITY;
  let current = start;
  let steps = 0;
  let tries = 0;
  let batches = 0;
  let descended = true;
  while (descended && tries < maxTries) {
    descended = false;
    const candidates = candidatesOf(current)[Symbol.iterator]();
    for (;;) {
      const chunk: V[] = [];
      while (chunk.length < o.batch && tries + chunk.length < maxTries) {
        const next = candidates.next();
        if (next.done === true) break;
        chunk.push(next.value);
      }
      if (chunk.length === 0) break;
      tries += chunk.length;
      batches++;
      const j = await firstFailing(chunk.map(valueOf));
      if (j >= 0) {
        current = chunk[j];
        steps++;
        descended = true;
        break;
      }
    }
  }
  return { result: current, steps, tries, batches };
}

/**
 * fast-check's shrinking of `start`, trying up to `batch` candidates per call of `firstFailing`,
 * and at most `maxTries` candidates in all (then the smallest value so far is the result).
 */
export async function shrinkInBatches<T>(
  arb: fc.Arbitrary<T>,
  start: fc.Value<T>,
  firstFailing: FirstFailing<T>,
  o: { batch: number; maxTries?: number },
): Promise<BatchShrinkResult<T>> {
  const { result, ...counts } = await descend(start, (v) => arb.shrink(v.value_, v.context), (v) => v.value, firstFailing, o);
  return { value: result.value, ...counts };
}

// ---------------------------------------------------------------------------------------------
// Reducing a CFG

const isEmpty = (b: BlockDoc) => (b.stmts === undefined || b.stmts.length === 0) && (b.defs ?? []).length === 0 && (b.uses ?? []).length === 0;

/** Whether block ids are `B0`, `B1`, ... in order (the generators' ids), which a reduction keeps so. */
const canonicalIds = (doc: CfgDoc) => doc.blocks.every((b, k) => b.id === `B${k}`);

/**
 * `doc` without block `e` (empty, not the entry, not its own predecessor), contracted into its
 * only predecessor or its only successor, or undefined when it has several of each:
 * - one predecessor `p`: every edge out of `e` leaves from `p` instead;
 * - one successor `s`: the edge into `s` from `e` becomes the edges into `e` (in their order,
 *   where `e` stood in `s`'s predecessor list).
 * Paths lose an empty block, so reachability and definite assignment are kept. Canonical ids
 * are renumbered.
 */
export function contractBlock(doc: CfgDoc, e: number): CfgDoc | undefined {
  const blocks = doc.blocks;
  const target = blocks[e];
  if (target.id === doc.entry || !isEmpty(target) || target.preds.includes(target.id)) return undefined;
  const out: { block: number; at: number }[] = [];
  blocks.forEach((b, k) => b.preds.forEach((p, i) => p === target.id && out.push({ block: k, at: i })));
  let replace: (preds: string[]) => string[];
  if (target.preds.length === 1) {
    const p = target.preds[0];
    replace = (preds) => preds.map((x) => (x === target.id ? p : x));
  } else if (out.length === 1) {
    replace = (preds) => preds.flatMap((x) => (x === target.id ? target.preds : [x]));
  } else return undefined;
  const kept = blocks.filter((_, k) => k !== e).map((b) => (b.preds.includes(target.id) ? { ...b, preds: replace(b.preds) } : b));
  if (!canonicalIds(doc)) return { ...doc, blocks: kept };
  const rename = new Map(kept.map((b, k) => [b.id, `B${k}`]));
  const id = (x: string) => rename.get(x) ?? x;
  return { ...doc, entry: id(doc.entry), blocks: kept.map((b) => ({ ...b, id: id(b.id), preds: b.preds.map(id) })) };
}

/** `doc` with the statements of `stmts` blocks that neither define nor use anything dropped (undefined: there are none). */
export function withoutEmptyStatements(doc: CfgDoc): CfgDoc | undefined {
  const empty = (s: { defs: string[]; uses: string[] }) => s.defs.length === 0 && s.uses.length === 0;
  if (!doc.blocks.some((b) => b.stmts?.some(empty) === true)) return undefined;
  return { ...doc, blocks: doc.blocks.map((b) => (b.stmts?.some(empty) === true ? { ...b, stmts: b.stmts.filter((s) => !empty(s)) } : b)) };
}

/**
 * The one-step reductions of `doc`, smallest change first: without its empty statements, then
 * each empty block contracted (last block first, since generators append the blocks a
 * shrunk program no longer needs).
 */
export function cfgReductions(doc: CfgDoc): CfgDoc[] {
  const out: CfgDoc[] = [];
  const noEmpty = withoutEmptyStatements(doc);
  if (noEmpty !== undefined) out.push(noEmpty);
  for (let e = doc.blocks.length - 1; e >= 0; e--) {
    const c = contractBlock(doc, e);
    if (c !== undefined) out.push(c);
  }
  return out;
}

/**
 * Reduces `doc` while it still fails: the first failing one-step reduction is taken and reduced
 * in turn, until none fails (or `maxTries` reductions were tried), `batch` tries per call.
 */
export async function reduceInBatches(
  doc: CfgDoc,
  firstFailing: FirstFailing<CfgDoc>,
  o: { batch: number; maxTries?: number },
): Promise<BatchShrinkResult<CfgDoc>> {
  const { result, ...counts } = await descend(doc, cfgReductions, (d) => d, firstFailing, o);
  return { value: result, ...counts };
}
