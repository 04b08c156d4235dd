/**
 * Capturing a function's HIR at the three points that matter, from the compiler logger's
 * `debugLogIRs` (called with the live HIR after each pass of src/Entrypoint/Pipeline.ts):
 * - before SSA: the last pass before `enterSSA` (`MergeConsecutiveBlocks` in every release that
 *   has the logger); its HIR is what enterSSA reads, and the passes after it mutate it;
 * - `SSA`: right after enterSSA;
 * - `EliminateRedundantPhi`: right after the trivial phis are gone.
 * A hir value named `HIR` (the lowering) starts a new function. A function the compiler gives up
 * on between the points is never emitted: the compiler's logger event says why.
 */
import { snapshot, type HirFunction, type SnapUnit } from "./hir.js";

/** The pass whose output enterSSA reads. */
export const LAST_PASS_BEFORE_SSA = "MergeConsecutiveBlocks";

/** What the compiler passes to `debugLogIRs` (CompilerPipelineValue). */
export interface PipelineValue {
  kind: string;
  name: string;
  value: unknown;
}

/** One compiled function (and the functions nested in it) at the three points. */
export interface CapturedFunction {
  /** The file the compiler was compiling, where it knows it. */
  file: string | null;
  name: string;
  line: number;
  column: number;
  before: SnapUnit;
  ssa: SnapUnit;
  eliminated: SnapUnit;
  /** Set when a point was not seen (the function cannot be validated): why. */
  missing?: string;
}

/** Keeps the snapshots of the function being compiled; calls `emit` once all three are taken. */
export class Capture {
  private before: SnapUnit | undefined;
  private ssa: SnapUnit | undefined;
  /** Milliseconds spent copying HIR (the bench sets them against the compiler's time). */
  milliseconds = 0;

  constructor(
    private readonly emit: (f: CapturedFunction) => void,
    private readonly lastPassBeforeSsa: string = LAST_PASS_BEFORE_SSA,
  ) {}

  /** The logger's `debugLogIRs`. */
  readonly debugLogIRs = (v: PipelineValue): void => {
    if (v.kind !== "hir") return;
    if (v.name === "HIR") {
      this.before = undefined;
      this.ssa = undefined;
      return;
    }
    const t0 = performance.now();
    if (v.name === this.lastPassBeforeSsa) this.before = snapshot(v.value as HirFunction);
    else if (v.name === "SSA" && this.before === undefined) {
      // never silently dropped: the function is reported as one that could not be validated
      const ssa = snapshot(v.value as HirFunction);
      const root = ssa.functions[0];
      const fn = v.value as HirFunction;
      this.milliseconds += performance.now() - t0;
      this.emit({
        file: typeof fn.env?.filename === "string" ? fn.env.filename : null,
        name: root.name,
        line: root.line,
        column: root.column,
        before: ssa,
        ssa,
        eliminated: ssa,
        missing: `the compiler logged no ${this.lastPassBeforeSsa} before SSA, so the HIR enterSSA read was not seen`,
      });
      return;
    } else if (v.name === "SSA") this.ssa = snapshot(v.value as HirFunction);
    else if (v.name === "EliminateRedundantPhi" && this.before !== undefined && this.ssa !== undefined) {
      const eliminated = snapshot(v.value as HirFunction);
      const root = this.before.functions[0];
      const fn = v.value as HirFunction;
      const captured: CapturedFunction = {
        file: typeof fn.env?.filename === "string" ? fn.env.filename : null,
        name: root.name,
        line: root.line,
        column: root.column,
        before: this.before,
        ssa: this.ssa,
        eliminated,
      };
      this.before = undefined;
      this.ssa = undefined;
      this.milliseconds += performance.now() - t0;
      this.emit(captured);
      return;
    }
    this.milliseconds += performance.now() - t0;
  };
}
