/**
 * The parts of a SPIR-V module that the adapter reasons about: its functions, their blocks, and
 * where each id is defined and used (structure.ts makes them; ids.ts checks the validator's
 * rules on them). A file of its own so that both can name them without importing each other.
 */
import type { SpvInstruction, SpvModule } from "./module.js";

export interface SpvBlock {
  /** The label's id. */
  readonly label: number;
  /** The `OpLabel` instruction. */
  readonly labelInstruction: SpvInstruction;
  /** The instructions after the label, the terminator last (`OpLine`/`OpNoLine` left out). */
  readonly body: readonly SpvInstruction[];
  /** Successor labels, one per edge of the terminator, in operand order (a switch may name a block twice). */
  readonly succs: readonly number[];
}

export interface SpvFunction {
  /** The `OpFunction` instruction. */
  readonly header: SpvInstruction;
  readonly id: number;
  readonly params: readonly SpvInstruction[];
  readonly blocks: readonly SpvBlock[];
  readonly end: SpvInstruction;
}

export interface ModuleParts {
  readonly module: SpvModule;
  /** Everything before the first `OpFunction`, debug line instructions left out. */
  readonly preamble: readonly SpvInstruction[];
  readonly functions: readonly SpvFunction[];
  /** The instruction defining an id (preamble, parameters, labels and function bodies), if one does. */
  def(id: number): SpvInstruction | undefined;
  /** Whether an instruction uses the id as an operand (result type not counted). */
  used(id: number): boolean;
  /**
   * Whether every instruction that uses the id as an operand is an `OpLoad`, an `OpStore`, an
   * `OpName` or a decoration (`OpDecorate`, `OpDecorateId`): true for an id nothing uses.
   */
  onlyLoadsAndStores(id: number): boolean;
  /** Id -> the `OpName` string, where there is one. */
  readonly names: ReadonlyMap<number, string>;
  /**
   * Per function (by index): its first use whose definition does not dominate it, which
   * spirv-val refuses (ids.ts), or undefined. Reported by the adapter, not refused here.
   */
  readonly undominated: readonly ({ at: SpvInstruction; what: string } | undefined)[];
}
