/**
 * A SPIR-V module as the SPIR-V adapter reads it, in either form: the binary (by its magic
 * number) or the disassembly text of `spirv-dis`. Both readers (binary.ts, text.ts) produce
 * this one structure, so that everything after reading works on words, whatever the form of
 * each input: instructions in module order, each with its opcode and its operand words, and
 * which of those words are ids.
 *
 * Ids are per module. A binary's ids are its own numbers. The disassembly names ids `%12` or,
 * with spirv-dis's friendly names, `%main`, `%float`, `%_ptr_Function_int`: a numeric name keeps
 * its number, and every other name gets a number above all numbers the text uses (in order of
 * first appearance), so the same text always reads to the same module. Ids of two modules are
 * never compared by number: the adapter finds which ids correspond by aligning the modules.
 */

/** One instruction. */
export interface SpvInstruction {
  /** The opcode (SPIR-V's number, e.g. 61 for OpLoad). */
  readonly opcode: number;
  /** The result type id, 0 if the instruction has none. */
  readonly resultType: number;
  /** The result id, 0 if the instruction has none. */
  readonly result: number;
  /**
   * The operand words after the result type and result id, exactly as the binary encodes them
   * (literal strings packed four bytes to a word, nul-terminated; 64-bit literals low word first;
   * enumerants and their parameters in place).
   */
  readonly operands: readonly number[];
  /** For each word of `operands`: whether it is an id (`IdRef`, `IdScope`, `IdMemorySemantics`, ...). */
  readonly isId: readonly boolean[];
  /**
   * Where the instruction is in its input: the 1-based line of the text, or the word offset of
   * its first word in the binary (the header is words 0 to 4).
   */
  readonly at: number;
}

export interface SpvModule {
  /** The input's name in messages (a file name, or `<stdin>`). */
  readonly name: string;
  readonly form: "binary" | "text";
  /** The SPIR-V version, e.g. 0x00010000 for 1.0 (header word 1, or the text's `; Version: 1.0`). */
  readonly version: number;
  /** One more than the largest id (header word 3, or the text's `; Bound:`; for text, at least every id used). */
  readonly bound: number;
  readonly instructions: readonly SpvInstruction[];
  /**
   * How messages name an id: the text's own spelling without `%` (`main`, `12`), or for a binary
   * the `OpName` of the id where it has one, else its number.
   */
  idName(id: number): string;
  /** How messages name the place of an instruction: `line 56` or `word 1234`. */
  place(instruction: SpvInstruction): string;
  /** The instruction in one line of disassembly-like text, for messages: `%51 = OpLoad %int %i_0`. */
  show(instruction: SpvInstruction): string;
}

/** The opcodes the adapter reads by number (SPIR-V 1.6 core grammar). */
export const Op = {
  Nop: 0,
  Undef: 1,
  Name: 5,
  MemberName: 6,
  ExtInstImport: 11,
  ExtInst: 12,
  TypeVoid: 19,
  TypeBool: 20,
  TypeInt: 21,
  TypeFloat: 22,
  TypeVector: 23,
  TypeMatrix: 24,
  TypeImage: 25,
  TypeSampler: 26,
  TypeSampledImage: 27,
  TypeArray: 28,
  TypeRuntimeArray: 29,
  TypeStruct: 30,
  TypePointer: 32,
  TypeFunction: 33,
  Constant: 43,
  Function: 54,
  FunctionParameter: 55,
  FunctionEnd: 56,
  FunctionCall: 57,
  Variable: 59,
  Load: 61,
  Store: 62,
  CopyMemory: 63,
  AccessChain: 65,
  InBoundsAccessChain: 66,
  Decorate: 71,
  MemberDecorate: 72,
  DecorationGroup: 73,
  GroupDecorate: 74,
  GroupMemberDecorate: 75,
  CopyObject: 83,
  Phi: 245,
  LoopMerge: 246,
  SelectionMerge: 247,
  Label: 248,
  Branch: 249,
  BranchConditional: 250,
  Switch: 251,
  Kill: 252,
  Return: 253,
  ReturnValue: 254,
  Unreachable: 255,
  Line: 8,
  NoLine: 317,
  DecorateId: 332,
  DecorateString: 5632,
  MemberDecorateString: 5633,
  TerminateInvocation: 4416,
  IgnoreIntersectionKHR: 4448,
  TerminateRayKHR: 4449,
  EmitMeshTasksEXT: 5294,
} as const;

/** The storage class of function-local variables (`Function`). */
export const FUNCTION_STORAGE = 7;

/** The magic number that starts every SPIR-V binary (in the module's own byte order). */
export const MAGIC = 0x07230203;
