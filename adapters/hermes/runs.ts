/**
 * The hermesc command lines whose dumps the adapter reads: the focused pair (the two passes
 * alone, `-Xcustom-opt` in Hermes V1, repeated `-custom-opt` in the legacy 0.12 compiler) and the
 * real `-O` pipeline, where V1 runs SimpleMem2Reg four times (each run is validated on its own
 * input: the section before it). The dumps go to standard error, with hermesc's diagnostics:
 * `-w` keeps its warnings out (errors end the run); `-dump-ir`'s final IR to standard output is
 * not read. Shared by `formal-ssa hermes` (api/node/hermes.ts) and a fuzz
 * target; nothing here runs a process.
 */
import type { HermesSyntax } from "./kinds.js";

/** V1's two SSA builders, as `-Xcustom-opt` names them; the legacy compiler has `mem2reg` only. */
export const HERMES_PASSES = ["simplemem2reg", "mem2reg"] as const;
export type HermesPass = (typeof HERMES_PASSES)[number];

/** `custom`: the promotion and the builder alone; `O`: the real `-O` pipeline. */
export type HermesPipeline = "custom" | "O";

/**
 * The arguments of one hermesc run (before the input files) for a compiler of this syntax:
 * V1 prints every pass's IR (`-Xdump-between-passes`), the legacy compiler the IR before and
 * after each Mem2Reg run of a function. `functions` restricts V1's dumps (legacy dumps all).
 */
export function hermescArgs(compiler: HermesSyntax, pass: HermesPass, pipeline: HermesPipeline, functions?: readonly string[]): string[] {
  // -w: no warnings (an undeclared global) in the stream of dumps
  const only = [...(functions !== undefined && functions.length > 0 && compiler === "v1" ? [`-Xdump-functions=${functions.join(",")}`] : []), "-w"];
  if (compiler === "v1") {
    if (pipeline === "O") return ["-O", ...(pass === "mem2reg" ? ["-Xlegacy-mem2reg"] : []), "-dump-ir", "-Xdump-between-passes", ...only];
    return ["-dump-ir", `-Xcustom-opt=simplestackpromotion,${pass}`, "-Xdump-between-passes", ...only];
  }
  const dumps = ["-dump-ir", "-Xdump-before=Mem2Reg", "-Xdump-after=Mem2Reg", "-w"];
  if (pipeline === "O") return ["-O", ...dumps];
  return ["-custom-opt=simplestackpromotion", "-custom-opt=mem2reg", ...dumps];
}
