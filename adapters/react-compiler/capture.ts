/**
 * Capturing a function's HIR at the three points that matter, from the compiler logger's
 * `debugLogIRs` (called with the live HIR after each pass of src/Entrypoint/Pipeline.ts):
 * - before SSA: the last pass before `enterSSA` (`MergeConsecutiveBlocks` in every release that
 *   has the logger); its HIR is what enterSSA reads, and the passes after it mutate it;
 * - `SSA`: right after enterSSA;
 * - `EliminateRedundantPhi`: right after the trivial phis are gone.
 * A hir value named `HIR` (the lowering) starts a new function. A function the compiler gives up
 * on between the points is never emitted: the compiler's logger event says why.
 *
 * With `eachPass`, also the HIR after every later pass that keeps it in SSA (ConstantPropagation
 * through PropagateScopeDependenciesHIR in 1.0.0): every `hir` value after EliminateRedundantPhi
 * that is the compiled function itself (the compiler logs the functions nested in it too, as
 * `AnalyseFunction (inner)`: those are in the unit already), until the compiler logs something
 * other than HIR (the reactive function), starts another function, or its logger learns that the
 * function is done (`flush`, at the compiler's `CompileSuccess` or error event: a function it
 * gives up on in a later pass is emitted with the passes seen).
 */
import { decodeUnit, functionPlace, snapshot, type EncodedUnit, type HirFunction, type SnapUnit } from "./hir.js";

/** The pass whose output enterSSA reads. */
export const LAST_PASS_BEFORE_SSA = "MergeConsecutiveBlocks";

/** What the compiler passes to `debugLogIRs` (CompilerPipelineValue). */
export interface PipelineValue {
  kind: string;
  name: string;
  value: unknown;
}

/**
 * One compiled function (and the functions nested in it) at the three points, each a `SnapUnit`
 * (or, captured for another thread, an `EncodedUnit`).
 */
export interface CapturedFunction<U = SnapUnit> {
  /** The file the compiler was compiling, where it knows it. */
  file: string | null;
  name: string;
  line: number;
  column: number;
  before: U;
  ssa: U;
  eliminated: U;
  /** Set when a point was not seen (the function cannot be validated): why. */
  missing?: string;
  /**
   * With `eachPass`: the HIR after each pass that follows EliminateRedundantPhi and keeps the HIR
   * in SSA, in pipeline order, each under the name the compiler logs it by.
   */
  passes?: Array<{ name: string; unit: U }>;
}

/** The captured function with its units decoded. */
export function decodeCaptured(c: CapturedFunction<EncodedUnit>): CapturedFunction {
  const before = decodeUnit(c.before);
  const ssa = c.ssa === c.before ? before : decodeUnit(c.ssa);
  const eliminated = c.eliminated === c.ssa ? ssa : decodeUnit(c.eliminated);
  const { passes, ...rest } = c;
  const decoded: CapturedFunction = { ...rest, before, ssa, eliminated };
  if (passes !== undefined) decoded.passes = passes.map((p) => ({ name: p.name, unit: decodeUnit(p.unit) }));
  return decoded;
}

/**
 * Keeps the copies of the function being compiled; calls `emit` once all three are taken.
 * `copy` makes them: `snapshot` (plain data), or `encodeUnit` (flat, to hand to another thread).
 */
export class Capture<U = SnapUnit> {
  private before: U | undefined;
  private ssa: U | undefined;
  /** With `eachPass`: the function captured through EliminateRedundantPhi, collecting its later passes. */
  private pending: { captured: CapturedFunction<U>; passes: Array<{ name: string; unit: U }>; fn: HirFunction } | undefined;
  /** Milliseconds spent copying HIR (the bench sets them against the compiler's time). */
  milliseconds = 0;

  constructor(
    private readonly emit: (f: CapturedFunction<U>) => void,
    private readonly lastPassBeforeSsa: string = LAST_PASS_BEFORE_SSA,
    private readonly copy: (fn: HirFunction) => U = snapshot as unknown as (fn: HirFunction) => U,
    private readonly eachPass = false,
  ) {}

  /**
   * Emits the function whose later passes are being collected, if any: the compiler is done with
   * it (its `CompileSuccess` or error event; the end of a file).
   */
  flush(): void {
    const p = this.pending;
    if (p === undefined) return;
    this.pending = undefined;
    this.emit({ ...p.captured, passes: p.passes });
  }

  /** The logger's `debugLogIRs`. */
  readonly debugLogIRs = (v: PipelineValue): void => {
    if (this.pending !== undefined) {
      // the later passes log the very object that went through SSA; anything else ends them
      if (v.kind === "hir" && v.value === this.pending.fn && v.name !== "HIR") {
        const t0 = performance.now();
        this.pending.passes.push({ name: v.name, unit: this.copy(v.value as HirFunction) });
        this.milliseconds += performance.now() - t0;
        return;
      }
      if (v.kind === "hir" && v.name !== "HIR") return;
      this.flush();
    }
    if (v.kind !== "hir") return;
    if (v.name === "HIR") {
      this.before = undefined;
      this.ssa = undefined;
      return;
    }
    const t0 = performance.now();
    if (v.name === this.lastPassBeforeSsa) this.before = this.copy(v.value as HirFunction);
    else if (v.name === "SSA" && this.before === undefined) {
      // never silently dropped: the function is reported as one that could not be validated
      const fn = v.value as HirFunction;
      const ssa = this.copy(fn);
      this.milliseconds += performance.now() - t0;
      this.emit({
        file: typeof fn.env?.filename === "string" ? fn.env.filename : null,
        ...functionPlace(fn),
        before: ssa,
        ssa,
        eliminated: ssa,
        missing: `the compiler logged no ${this.lastPassBeforeSsa} before SSA, so the HIR enterSSA read was not seen`,
      });
      return;
    } else if (v.name === "SSA") this.ssa = this.copy(v.value as HirFunction);
    else if (v.name === "EliminateRedundantPhi" && this.before !== undefined && this.ssa !== undefined) {
      const fn = v.value as HirFunction;
      const eliminated = this.copy(fn);
      const captured: CapturedFunction<U> = {
        file: typeof fn.env?.filename === "string" ? fn.env.filename : null,
        ...functionPlace(fn),
        before: this.before,
        ssa: this.ssa,
        eliminated,
      };
      this.before = undefined;
      this.ssa = undefined;
      this.milliseconds += performance.now() - t0;
      if (this.eachPass) this.pending = { captured, passes: [], fn };
      else this.emit(captured);
      return;
    }
    this.milliseconds += performance.now() - t0;
  };
}
