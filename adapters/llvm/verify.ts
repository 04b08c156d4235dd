/**
 * The strict reading of a module: whatever LLVM's own parser (llvm/lib/AsmParser/LLParser.cpp)
 * rejects is malformed input here too, so that a damaged `.ll` file is never read as something
 * its producer would not have read. read.ts drives it entity by entity as its line machine meets
 * them (top-level entities, function headers, block labels, instructions, the end of each
 * function and of the module); a module read in pieces (stream.ts) goes through one checker, so
 * that what one piece defines answers what another uses. It is the only reader: as it checks an
 * instruction it builds the instruction's model (ir.ts), which the adapter reads.
 *
 * What it checks, as LLVM does:
 * - the tokens (lex.ts) and the grammar of every entity: `source_filename`, `target datalayout`
 *   (datalayout.ts) and `target triple`, type definitions, globals, aliases, declarations,
 *   comdats, attribute groups (attributes.ts), metadata nodes and their debug-information fields
 *   (metadata.ts, dwarf.ts), named metadata, function headers, instructions with their operands,
 *   flags, alignment and metadata attachments;
 * - types: each value used as the type its definition gave it (`'%x' defined with type 'i64' but
 *   expected 'i32'`), constants of their type (`c"..."` of its length, struct and array
 *   constants element by element), what each instruction takes and yields (a load's explicit
 *   type and its pointer's, the types of a call's arguments, a `ret`'s type and the function's,
 *   `getelementptr` indices, casts, ...); typed pointers and `ptr` are not mixed in one module;
 * - names and numbers: a local value or block defined once, unnamed values, blocks and
 *   arguments numbered in sequence (`%0`, `%1`, ...), every local used defined in its function,
 *   every global, named type, comdat and metadata node used defined in the module, a metadata id
 *   or global defined once;
 * - what LLVM's verifier refuses of a module as a whole and that nothing else here would reject:
 *   the module flags (`!llvm.module.flags`), attributes on types they do not suit (`noalias` on
 *   an `i32`), incompatible function attributes, and the verifier's rules on globals' linkage.
 *
 * Nested types, constants and metadata are read without recursion (LLVM recurses): what is still
 * open is a stack of frames (`TypeFrame`, `ValueFrame`, `MdFrame`), so that any nesting reads.
 */
import { MalformedInput } from "../../spec/errors.js";
import type { BlockDominators } from "../dominators.js";
import { ALIGN, ALIGNSTACK, ALLOCKIND, ALLOCSIZE, ATTRIBUTES, BYTES, CAPTURES, FN, INCOMPATIBLE_FN_ATTRIBUTES, INITIALIZES, MEMORY, NOFPCLASS, OPTIONAL_BYTES, PARAM, RANGE, RET, TYPE_ARG, UWTABLE, VSCALE_RANGE } from "./attributes.js";
import { dataLayoutError } from "./datalayout.js";
import { DI_FLAGS, DISP_FLAGS, DW_ATES, DW_CCS, DW_LANGS, DW_MACINFOS, DW_OPS, DW_TAGS, DW_VIRTUALITIES } from "./dwarf.js";
import * as L from "./lex.js";
import { escapedLength, KEYWORDS, kw, Lexer } from "./lex.js";
import { TERMINATOR_OPS, type LlvmArg, type LlvmBlock, type LlvmCall, type LlvmFunction, type LlvmInstr, type LlvmIntrinsic, type LlvmPhi, type LlvmValue } from "./ir.js";
import * as M from "./metadata.js";
import * as T from "./types.js";
import { Ty, TypeTable } from "./types.js";

// keywords the parser asks for by index (lex.ts numbers them)
const K = {
  declare: kw("declare"), define: kw("define"), global: kw("global"), constant: kw("constant"), module: kw("module"),
  asm: kw("asm"), target: kw("target"), triple: kw("triple"), datalayout: kw("datalayout"), source_filename: kw("source_filename"),
  deplibs: kw("deplibs"), type: kw("type"), opaque: kw("opaque"), attributes: kw("attributes"), comdat: kw("comdat"),
  uselistorder: kw("uselistorder"), uselistorder_bb: kw("uselistorder_bb"), distinct: kw("distinct"), null: kw("null"),
  true: kw("true"), false: kw("false"), undef: kw("undef"), poison: kw("poison"), zeroinitializer: kw("zeroinitializer"),
  none: kw("none"), c: kw("c"), x: kw("x"), vscale: kw("vscale"), addrspace: kw("addrspace"), align: kw("align"),
  alignstack: kw("alignstack"), section: kw("section"), partition: kw("partition"), gc: kw("gc"), prefix: kw("prefix"),
  prologue: kw("prologue"), personality: kw("personality"), unnamed_addr: kw("unnamed_addr"),
  local_unnamed_addr: kw("local_unnamed_addr"), externally_initialized: kw("externally_initialized"),
  thread_local: kw("thread_local"), alias: kw("alias"), ifunc: kw("ifunc"), dso_local: kw("dso_local"),
  dso_preemptable: kw("dso_preemptable"), default: kw("default"), hidden: kw("hidden"), protected: kw("protected"),
  dllimport: kw("dllimport"), dllexport: kw("dllexport"), cc: kw("cc"), to: kw("to"), unwind: kw("unwind"),
  caller: kw("caller"), within: kw("within"), from: kw("from"), label: -1, tail: kw("tail"), musttail: kw("musttail"),
  notail: kw("notail"), call: kw("call"), volatile: kw("volatile"), atomic: kw("atomic"), syncscope: kw("syncscope"),
  weak: kw("weak"), inbounds: kw("inbounds"), inrange: kw("inrange"), nuw: kw("nuw"), nsw: kw("nsw"), nusw: kw("nusw"),
  exact: kw("exact"), disjoint: kw("disjoint"), nneg: kw("nneg"), samesign: kw("samesign"), cleanup: kw("cleanup"),
  catch: kw("catch"), filter: kw("filter"), sideeffect: kw("sideeffect"), inteldialect: kw("inteldialect"),
  blockaddress: kw("blockaddress"), dso_local_equivalent: kw("dso_local_equivalent"), no_cfi: kw("no_cfi"),
  splat: kw("splat"), ptrauth: kw("ptrauth"), any: kw("any"), exactmatch: kw("exactmatch"), largest: kw("largest"),
  nodeduplicate: kw("nodeduplicate"), samesize: kw("samesize"), code_model: kw("code_model"),
  no_sanitize_address: kw("no_sanitize_address"), no_sanitize_hwaddress: kw("no_sanitize_hwaddress"),
  sanitize_address_dyninit: kw("sanitize_address_dyninit"), sanitize_memtag: kw("sanitize_memtag"),
  sync: kw("sync"), async: kw("async"), read: kw("read"), write: kw("write"), readwrite: kw("readwrite"),
  argmem: kw("argmem"), inaccessiblemem: kw("inaccessiblemem"), errnomem: kw("errnomem"),
  ret: kw("ret"),
};

const LINKAGES = new Map<string, number>([
  ["private", 1], ["internal", 2], ["weak", 3], ["weak_odr", 4], ["linkonce", 5], ["linkonce_odr", 6],
  ["available_externally", 7], ["appending", 8], ["common", 9], ["extern_weak", 10], ["external", 11],
]);
const L_EXTERNAL = 11;
const L_EXTERN_WEAK = 10;
const L_PRIVATE = 1;
const L_INTERNAL = 2;
const L_APPENDING = 8;
const L_COMMON = 9;

const CALLING_CONVENTIONS = new Set([
  "ccc", "fastcc", "coldcc", "cfguard_checkcc", "x86_stdcallcc", "x86_fastcallcc", "x86_thiscallcc", "x86_vectorcallcc",
  "x86_regcallcc", "arm_apcscc", "arm_aapcscc", "arm_aapcs_vfpcc", "aarch64_vector_pcs", "aarch64_sve_vector_pcs",
  "aarch64_sme_preservemost_from_x0", "aarch64_sme_preservemost_from_x1", "aarch64_sme_preservemost_from_x2",
  "msp430_intrcc", "avr_intrcc", "avr_signalcc", "ptx_kernel", "ptx_device", "spir_kernel", "spir_func", "intel_ocl_bicc",
  "x86_64_sysvcc", "win64cc", "webkit_jscc", "anyregcc", "preserve_mostcc", "preserve_allcc", "preserve_nonecc", "ghccc",
  "swiftcc", "swifttailcc", "x86_intrcc", "hhvmcc", "hhvm_ccc", "cxx_fast_tlscc", "amdgpu_vs", "amdgpu_gfx", "amdgpu_ls",
  "amdgpu_hs", "amdgpu_es", "amdgpu_gs", "amdgpu_ps", "amdgpu_cs", "amdgpu_cs_chain", "amdgpu_cs_chain_preserve",
  "amdgpu_kernel", "tailcc", "m68k_rtdcc", "graalcc", "riscv_vector_cc",
].map(kw));

const FAST_MATH = new Set(["nnan", "ninf", "nsz", "arcp", "contract", "reassoc", "afn", "fast"].map(kw));
const ORDERINGS = new Map<number, number>([["unordered", 1], ["monotonic", 2], ["acquire", 4], ["release", 5], ["acq_rel", 6], ["seq_cst", 7]].map(([w, o]) => [kw(w as string), o as number]));
const O_UNORDERED = 1;
const O_MONOTONIC = 2;
const O_ACQUIRE = 4;
const O_RELEASE = 5;
const O_ACQ_REL = 6;
const ICMP_PREDICATES = new Set(["eq", "ne", "slt", "sgt", "sle", "sge", "ult", "ugt", "ule", "uge"].map(kw));
const FCMP_PREDICATES = new Set(["oeq", "one", "olt", "ogt", "ole", "oge", "ord", "uno", "ueq", "une", "ult", "ugt", "ule", "uge", "true", "false"].map(kw));
const RMW_INT = new Set(["xchg", "add", "sub", "and", "nand", "or", "xor", "max", "min", "umax", "umin", "uinc_wrap", "udec_wrap", "usub_cond", "usub_sat"].map(kw));
const RMW_FP = new Set(["fadd", "fsub", "fmax", "fmin", "fmaximum", "fminimum"].map(kw));
const RMW_XCHG = kw("xchg");

/** Instruction opcodes by keyword index: what `parseInstruction` dispatches on. */
const OP = new Map<number, string>(
  [
    "unreachable", "ret", "br", "switch", "indirectbr", "invoke", "resume", "cleanupret", "catchret", "catchswitch", "catchpad",
    "cleanuppad", "callbr", "fneg", "add", "sub", "mul", "shl", "fadd", "fsub", "fmul", "fdiv", "frem", "sdiv", "udiv", "lshr",
    "ashr", "urem", "srem", "and", "or", "xor", "icmp", "fcmp", "trunc", "zext", "sext", "fptrunc", "fpext", "uitofp", "sitofp",
    "fptoui", "fptosi", "inttoptr", "ptrtoint", "ptrtoaddr", "bitcast", "addrspacecast", "select", "va_arg", "extractelement",
    "insertelement", "shufflevector", "phi", "landingpad", "freeze", "call", "tail", "musttail", "notail", "alloca", "load",
    "store", "cmpxchg", "atomicrmw", "fence", "getelementptr", "extractvalue", "insertvalue",
  ].map((w) => [kw(w), w]),
);

/** Every opcode word, and the call markers that may stand before `call` (read.ts: "instruction outside a function"). */
export const OPCODE_WORDS: ReadonlySet<string> = new Set(OP.values());

const CASTS = new Set(["trunc", "zext", "sext", "fptrunc", "fpext", "uitofp", "sitofp", "fptoui", "fptosi", "inttoptr", "ptrtoint", "ptrtoaddr", "bitcast", "addrspacecast"]);
const INT_BINARY = new Set(["add", "sub", "mul", "shl", "sdiv", "udiv", "lshr", "ashr", "urem", "srem", "and", "or", "xor"]);
const FP_BINARY = new Set(["fadd", "fsub", "fmul", "fdiv", "frem"]);

/** A type still open while `parseType` reads what it contains: a struct, array, vector, function or target type. */
interface TypeFrame {
  kind: number;
  packed: boolean;
  n: number;
  scalable: boolean;
  parts: Ty[];
  ret: Ty | null;
  vararg: boolean;
  name: string;
  ints: number[];
}

function typeFrame(kind: number): TypeFrame {
  return { kind, packed: false, n: 0, scalable: false, parts: [], ret: null, vararg: false, name: "", ints: [] };
}

/** A constant still open while `parseValue` reads its elements or operands. */
interface ValueFrame {
  kind: number;
  /** The type the constant stands for. */
  expected: Ty;
  /** `VF_EXPR`: its opcode. */
  op: string;
  /** The types of its elements or operands so far, and their integer values (where constant integers). */
  parts: Ty[];
  ints: (bigint | null)[];
  zero: boolean;
  /** getelementptr: the source element type; casts: the destination type. */
  source: Ty | null;
  /** extractvalue, insertvalue: the indices. */
  indices: number[] | null;
}

const VF_STRUCT = 0;
const VF_PACKED = 1;
const VF_ARRAY = 2;
const VF_VECTOR = 3;
const VF_EXPR = 4;

function valueFrame(kind: number, expected: Ty, op: string): ValueFrame {
  return { kind, expected, op, parts: [], ints: [], zero: true, source: null, indices: null };
}

/** The opcodes LLVM reads as constant expressions (those of LLVM 14; later releases dropped some, which they reject). */
const CONSTANT_EXPRESSIONS = new Set([
  ...CASTS, ...INT_BINARY, ...FP_BINARY, "icmp", "fcmp", "fneg", "select", "extractvalue", "insertvalue", "getelementptr",
  "shufflevector", "insertelement", "extractelement",
]);

/** A metadata node still open while `readMetadata` reads its operands or fields. */
interface MdFrame {
  kind: number;
  /** `MD_TUPLE`: where its operands are noted (the node kept for the module flags), or null. */
  ops: MdOperand[] | null;
  closed: boolean;
  /** `MD_NODE`: its kind, fields, the fields given so far (with their text), `distinct`. */
  node: string;
  fields: ReadonlyMap<string, M.FieldSpec> | null;
  seen: Map<string, string>;
  distinct: boolean;
  /** The field being read. */
  field: string;
}

/** The nodes whose `scope` and `inlinedAt` LLVM's verifier follows up the chain. */
const SCOPE_NODES: ReadonlySet<string> = new Set(["DILocation", "DILexicalBlock", "DILexicalBlockFile"]);

/**
 * What a metadata number is defined as (`metadataDefinition`): 0 nothing, `MD_TUPLE_DEFINED` a
 * tuple, `MD_SPECIALIZED_DEFINED` a specialized node of unknown kind (one written inline), and
 * from `MD_KIND_BASE` on the specialized node of kind `DI_KINDS[code - MD_KIND_BASE]`.
 */
const MD_TUPLE_DEFINED = 1;
const MD_SPECIALIZED_DEFINED = 2;
const MD_KIND_BASE = 3;
const DI_KINDS: readonly string[] = [...M.DI_NODES.keys()];
const DI_KIND_CODE: ReadonlyMap<string, number> = new Map(DI_KINDS.map((k, i) => [k, MD_KIND_BASE + i]));
/** Past this number, the defined metadata numbers are kept in a map (`mdDefinedSparse`). */
const MD_DENSE = 1 << 22;
/**
 * What the verifier finds when it reads a specialized node as a generic one, by its operands in
 * LLVM 14 (which the text does not show: `DIFile` holds filename, directory, checksum, source):
 * - as an alias scope list, only `!DIExpression()` passes (no operands; every other operand is
 *   a string, null, or a specialized node, none of which is a scope);
 * - as a scope's domain, only a node of one or two strings passes: `DIEnumerator` (its name),
 *   `DIMacro` (name, value);
 * - as an instruction's `!prof`, only a node whose first operand is a string (its name) passes,
 *   since the name is then no `branch_weights`.
 */
const SCOPE_LIST_LIKE_NODES: ReadonlySet<string> = new Set(["DIExpression"]);
const DOMAIN_LIKE_NODES: ReadonlySet<string> = new Set(["DIEnumerator", "DIMacro"]);
const NO_NODES: ReadonlySet<string> = new Set();
const PROF_LIKE_NODES: ReadonlySet<string> = new Set(["DIFile", "DIMacro", "DITemplateTypeParameter", "DITemplateValueParameter", "DIObjCProperty"]);

const MD_ITEM = 0;
const MD_TUPLE = 1;
const MD_NODE = 2;

function mdFrame(kind: number, ops: MdOperand[] | null): MdFrame {
  return { kind, ops, closed: false, node: "", fields: null, seen: new Map(), distinct: false, field: "" };
}

/**
 * An operand of a generic node (`!{i32 7, !"PIC Level", i32 2}`), kept for the verifier's rules
 * on the module flags and on the nodes instructions are annotated with: an integer (`int`, of
 * `bits` bits, unsigned), a string, a node (`node`: its number; below -1 a tuple written inline;
 * -1 a specialized node written inline, such as `!DIExpression()`), `null`, or something else.
 */
export interface MdOperand {
  kind: "int" | "string" | "node" | "null" | "other";
  int?: bigint;
  bits?: number;
  text?: string;
  node?: number;
}

const OTHER_OPERAND: MdOperand = { kind: "other" };
const SPECIALIZED_OPERAND: MdOperand = { kind: "node", node: -1 };
const NULL_OPERAND: MdOperand = { kind: "null" };
/** No operand: what `readMetadata` holds after a `null` operand or a field that is no metadata. */
const NO_OPERAND: MdOperand = { kind: "other" };

/** A global value: its type as a value (a pointer), what it is, where it was defined. */
interface GlobalSym {
  ty: Ty;
  /** `FUNCTION` type of a function, value type of a variable. */
  valueTy: Ty;
  isFunction: boolean;
  defined: boolean;
  /** The line of the first use while not defined, else of the definition. */
  line: number;
  /** A definition with a body (`define`) or an initializer; declarations may be redeclared by nothing. */
  isDeclaration: boolean;
}

/** A local value or block of the function being read. */
interface LocalSym {
  ty: Ty;
  defined: boolean;
  /** The line of the first use while not defined, else of the definition. */
  line: number;
}

interface FunctionState {
  name: string;
  ret: Ty;
  vararg: boolean;
  named: Map<string, LocalSym>;
  numbered: Map<number, LocalSym>;
  next: number;
  /** Locals used before their definition: checked when defined, and at the end of the function. */
  forward: number;
}

/**
 * What a module defines at its top level, for a share of it read in another thread (stream.ts
 * `split`): that thread checks its functions against the module's globals, types and metadata
 * without reading the rest of the module again. Plain data (it is copied to the thread).
 */
/**
 * The attachments whose nodes LLVM's verifier reads (`Verifier::visitInstruction`, and
 * `verifyFunctionMetadata` for `!prof` on a function); a fault in one makes the module invalid.
 * (`!dbg` is not among them: LLVM drops faulty debug information with a warning.)
 */
const A_RANGE = 1;
const A_NONNULL = 2;
const A_ALIGN = 3;
const A_DEREFERENCEABLE = 4;
const A_PROF = 5;
const A_TBAA = 6;
const A_ALIAS_SCOPE = 7;
const A_ANNOTATION = 8;
/** `!prof` on a function (`verifyFunctionMetadata`), and `llvm.experimental.noalias.scope.decl`'s argument. */
const A_FUNCTION_PROF = 9;
const A_SCOPE_DECLARATION = 10;
const ATTACHMENT_KINDS: ReadonlyMap<string, number> = new Map([
  ["range", A_RANGE],
  ["nonnull", A_NONNULL],
  ["align", A_ALIGN],
  ["dereferenceable", A_DEREFERENCEABLE],
  ["dereferenceable_or_null", A_DEREFERENCEABLE],
  ["prof", A_PROF],
  ["tbaa", A_TBAA],
  ["alias.scope", A_ALIAS_SCOPE],
  ["noalias", A_ALIAS_SCOPE],
  ["annotation", A_ANNOTATION],
]);
/** The opcodes of a call (a `tail call` is a `CallInst` to the verifier). */
const CALLS: ReadonlySet<string> = new Set(["call", "tail", "musttail", "notail"]);
/** The instructions a `!tbaa` tag may annotate. */
const TBAA_INSTRUCTIONS: ReadonlySet<string> = new Set(["load", "store", "call", "va_arg", "atomicrmw", "cmpxchg"]);

/** An attachment whose node is checked at the end of the module, when every node has been read. */
interface PendingAttachment {
  kind: number;
  node: number;
  line: number;
  /** The instruction's opcode (calls: `call`), its result's type, its successors (`br`, `switch`, `indirectbr`). */
  op: string;
  ty: Ty;
  successors: number;
  /** `!range`, `!prof`, ...: the name it was written with, for the message. */
  name: string;
}

/** How `parseFnAttributes` reads: an attribute group's body, a function's or call's attributes, a global's. */
const GROUP = 0;
const FN_USE = 1;
const GLOBAL_USE = 2;

/** Function attributes as the verifier's rules on them need them: keyword names, string ones. */
interface FnAttributeSet {
  names: Set<string>;
  strings: [string, string][];
}

/** The boolean string attributes of LLVM 14 (`StrBoolAttr` in Attributes.td): "", "true" or "false". */
const BOOLEAN_STRING_ATTRIBUTES = new Set([
  "less-precise-fpmad",
  "no-infs-fp-math",
  "no-nans-fp-math",
  "no-signed-zeros-fp-math",
  "unsafe-fp-math",
  "no-jump-tables",
  "no-inline-line-tables",
  "profile-sample-accurate",
  "use-sample-profile",
]);

/** String attributes the verifier reads as a 32-bit unsigned decimal (`checkUnsignedBaseTenFuncAttr`). */
const UNSIGNED_STRING_ATTRIBUTES = new Set(["patchable-function-prefix", "patchable-function-entry", "warn-stack-size"]);

/** What the verifier says of a function's string attribute `key`=`value`, or null when it takes it. */
export function stringAttributeProblem(key: string, value: string): string | null {
  if (key === "frame-pointer") return value === "all" || value === "non-leaf" || value === "none" ? null : `invalid value for 'frame-pointer' attribute: ${value}`;
  if (BOOLEAN_STRING_ATTRIBUTES.has(key)) return value === "" || value === "true" || value === "false" ? null : `invalid value for '${key}' attribute: ${value}`;
  if (UNSIGNED_STRING_ATTRIBUTES.has(key)) return /^[0-9]+$/.test(value) && Number(value) <= 0xffffffff ? null : `"${key}" takes an unsigned integer: ${value}`;
  return null;
}

/** One hole of an instruction's shape (text.ts): a value or block operand and where it stands. */
export interface ShapeSpan {
  start: number;
  end: number;
  hole: { kind: "value"; value: LlvmValue } | { kind: "label"; name: string };
}

/** What a shape read returns in place of an instruction (nothing reads it). */
const NO_INSTR: LlvmInstr = { op: "unreachable", result: null, operands: [], line: 0, succs: [] };

export interface ModuleSymbols {
  opaque: boolean | null;
  /** Global name (numbered: `#N`) -> [type text, is a function, value type text]. */
  globals: [string, string, boolean, string][];
  /** `%name = type ...` definitions as written, so that the thread builds the same types. */
  typeDefinitions: string[];
  /** The defined metadata numbers, each `256 * id + what it is` (`metadataDefinition`). */
  metadata: number[];
  comdats: string[];
  /** The attribute groups, as the verifier's rules on a call's attributes need them. */
  attributeGroups: [number, string[], [string, string][]][];
  /** The generic nodes (`!N = !{...}`, and those written inline), for the checks of the attachments in the share's functions. */
  tuples: [number, number, MdOperand[]][];
}

export class ModuleChecker {
  readonly types: TypeTable;
  private readonly lex: Lexer;

  /** 0: no pointer seen yet; 1: typed pointers (`i32*`); 2: opaque (`ptr`). */
  private pointerMode = 0;
  private pointerModeLine = 0;

  private readonly globals = new Map<string, GlobalSym>();
  private readonly numberedGlobals = new Map<number, GlobalSym>();
  private nextGlobalNumber = 0;

  /**
   * The defined metadata numbers and what they are (`MD_*_DEFINED`, 0: not defined): an array
   * for the numbers up to `MD_DENSE` (LLVM numbers them from 0 up), a map past it, where a
   * damaged number such as `!400000000` would otherwise take an array of that size.
   */
  private mdDefined = new Uint8Array(1024);
  private readonly mdDefinedSparse = new Map<number, number>();
  /** Metadata ids used but not (yet) defined -> the line of the first use. */
  private readonly mdForward = new Map<number, number>();
  /** The generic nodes (`!N = !{...}`, and those written inline): their operands and line. */
  private readonly mdTuples = new Map<number, { ops: MdOperand[]; line: number }>();
  /**
   * The `scope` and `inlinedAt` links of debug locations and lexical blocks, by node: LLVM 14's
   * verifier walks them and never returns on a cycle, which is no valid module either.
   */
  private readonly scopeLinks = new Map<number, { to: number[]; line: number }>();
  /** The id of the metadata node being defined, while its fields are read (-1: none). */
  private definingMd = -1;
  private readonly moduleFlags: { ids: number[]; line: number }[] = [];

  private readonly comdats = new Set<string>();
  private readonly comdatForward = new Map<string, number>();

  private fn: FunctionState | null = null;
  /** The line being read (for the line of a definition). */
  private line = 0;

  /**
   * `symbols`: a share of a module read in another thread: the module's top level as the main
   * thread read it (its globals, types, metadata, comdats), whose entities in the share are then
   * not read again (they were checked there).
   */
  constructor(
    readonly file: string,
    symbols?: ModuleSymbols,
    types?: TypeTable,
  ) {
    this.lex = new Lexer(file);
    this.types = types ?? new TypeTable();
    if (symbols !== undefined) this.load(symbols);
  }

  /** Whether the top level was read elsewhere (a share of a module: see the constructor). */
  private shared = false;

  /** Where to collect the type definitions as written, for `symbols` (null: not collected). */
  typeDefinitions: string[] | null = null;

  private fail(what: string, line = this.lex.line): never {
    throw new MalformedInput(`${this.file}:${line}: ${what}`);
  }

  // ===========================================================================================
  // entry points (read.ts)
  // ===========================================================================================

  /** A top-level entity (other than `define`), its lines joined: `s[a, e)` of line `line`, `b` its codes. */
  topLevel(s: string, b: Uint8Array, a: number, e: number, line: number): void {
    const lex: Lexer = this.lex;
    this.line = line;
    lex.reset(s, b, a, e, line);
    if (this.shared) return; // checked where the whole module was read
    this.topLevelEntity();
    if (lex.kind !== L.EOF) lex.fail(`unexpected ${lex.here()} after the end of the ${this.entityWhat}`);
  }

  private entityWhat = "entity";

  /**
   * The header of a `define` (`s[a, e)`, without its `{`): registers the function and starts its
   * body.
   */
  functionHeader(s: string, b: Uint8Array, a: number, e: number, line: number): { name: string; params: string[]; paramsEnd: number } {
    const lex: Lexer = this.lex;
    this.line = line;
    lex.reset(s, b, a, e, line);
    if (!lex.isKw(K.define)) lex.fail(`expected 'define'`);
    this.pastHeader = true;
    lex.next();
    const h = this.parseFunctionHeader(true);
    while (lex.kind === L.MD_VAR) {
      const a = this.parseMetadataAttachment();
      if (a.kind === A_PROF) this.pendAttachment(`f${a.node}`, A_FUNCTION_PROF, a.node, line, "define", this.types.void, "prof");
    }
    if (lex.kind !== L.EOF) lex.fail(`expected '{' in function body, found ${lex.here()}`);
    this.fn = { name: h.name, ret: h.ret, vararg: h.vararg, named: new Map(), numbered: new Map(), next: 0, forward: 0 };
    const params: string[] = [];
    for (const p of h.params) {
      this.defineLocal(p.name, p.number, p.ty, line, "argument");
      params.push(p.name ?? this.numberName(p.number));
    }
    return { name: h.name, params, paramsEnd: this.paramsEnd };
  }

  /**
   * A block label (`name:`, `"a b":`, `12:`), or the start of a block without one (`implicit`:
   * it takes the next number).
   */
  blockLabel(name: string, quoted: boolean, implicit: boolean, line: number): string {
    this.line = line;
    if (implicit) {
      this.defineLocal(null, -1, this.types.label, line, "label");
      return this.numberName(this.fn!.next - 1);
    }
    if (!quoted && isDigits(name)) this.defineLocal(null, Number(name), this.types.label, line, "label");
    else this.defineLocal(name, -1, this.types.label, line, "label");
    return name;
  }

  /** An instruction, its lines joined: `s[a, e)` of line `line` (it may end with a comment). */
  instruction(s: string, b: Uint8Array, a: number, e: number, line: number): LlvmInstr {
    const lex: Lexer = this.lex;
    this.line = line;
    lex.reset(s, b, a, e, line);
    return this.parseInstructionLine();
  }

  /** The `}` of the function: every local it uses must be defined. */
  endFunction(line: number): void {
    const fn = this.fn!;
    if (fn.forward > 0) {
      let first: [string, LocalSym] | null = null;
      for (const [name, sym] of fn.named) if (!sym.defined && (first === null || sym.line < first[1].line)) first = [`%${T.printedName(name)}`, sym];
      for (const [n, sym] of fn.numbered) if (!sym.defined && (first === null || sym.line < first[1].line)) first = [`%${n}`, sym];
      if (first !== null) this.fail(`use of undefined value '${first[0]}' in function @${T.printedName(fn.name)}`, first[1].line);
    }
    this.fn = null;
    void line;
  }

  /** The end of the module: everything used must be defined, and the module flags must be valid. */
  finish(): void {
    let first: [string, number] | null = null;
    const earliest = (what: string, at: number) => {
      if (first === null || at < first[1]) first = [what, at];
    };
    for (const t of this.types.named.values()) if (t.kind === T.NAMED && !t.defined) earliest(`use of undefined type named '${t.text.slice(1)}'`, t.firstUse);
    for (const [n, t] of this.types.numbered) if (t.kind === T.NAMED && !t.defined) earliest(`use of undefined type '%${n}'`, t.firstUse);
    for (const [name, at] of this.comdatForward) earliest(`use of undefined comdat '$${name}'`, at);
    for (const [id, at] of this.mdForward) earliest(`use of undefined metadata '!${id}'`, at);
    for (const [name, g] of this.globals) if (!g.defined) earliest(`use of undefined value '@${T.printedName(name)}'`, g.line);
    for (const [n, g] of this.numberedGlobals) if (!g.defined) earliest(`use of undefined value '@${n}'`, g.line);
    if (first !== null) this.fail(first[0], first[1]);
    this.checkPendingFnAttributes();
    this.checkAttachments();
    this.checkModuleFlags();
    this.checkStringLists();
    this.checkScopeCycles();
  }

  // ===========================================================================================
  // a share of a module (stream.ts `split`)
  // ===========================================================================================

  /** What a thread reading a share of this module needs of its top level (see `ModuleSymbols`). */
  symbols(typeDefinitions: string[]): ModuleSymbols {
    const globals: [string, string, boolean, string][] = [];
    for (const [name, g] of this.globals) if (g.defined) globals.push([name, g.ty.text, g.isFunction, g.valueTy.text]);
    for (const [n, g] of this.numberedGlobals) if (g.defined) globals.push([`#${n}`, g.ty.text, g.isFunction, g.valueTy.text]);
    const metadata: number[] = [];
    for (let i = 0; i < this.mdDefined.length; i++) if (this.mdDefined[i] !== 0) metadata.push(i * 256 + this.mdDefined[i]);
    for (const [i, what] of this.mdDefinedSparse) metadata.push(i * 256 + what);
    return {
      opaque: this.pointerMode === 0 ? null : this.pointerMode === 2,
      globals,
      typeDefinitions,
      metadata,
      comdats: [...this.comdats],
      attributeGroups: [...this.attributeGroups].map(([id, set]) => [id, [...set.names], set.strings]),
      tuples: [...this.mdTuples].map(([id, t]) => [id, t.line, t.ops]),
    };
  }

  private load(sym: ModuleSymbols): void {
    if (sym.opaque !== null) this.pointerMode = sym.opaque ? 2 : 1;
    const lex: Lexer = this.lex;
    for (const def of sym.typeDefinitions) {
      lex.reset(def, codesOfAscii(def), 0, def.length, 0);
      this.topLevelEntity();
    }
    for (const [name, tyText, isFunction, valueText] of sym.globals) {
      const ty = this.typeOfText(tyText);
      const g: GlobalSym = { ty, valueTy: this.typeOfText(valueText), isFunction, defined: true, line: 0, isDeclaration: false };
      if (name.startsWith("#")) this.numberedGlobals.set(Number(name.slice(1)), g);
      else this.globals.set(name, g);
    }
    for (const code of sym.metadata) this.markMetadata(Math.floor(code / 256), code % 256);
    for (const c of sym.comdats) this.comdats.add(c);
    for (const [id, names, strings] of sym.attributeGroups) this.attributeGroups.set(id, { names: new Set(names), strings });
    for (const [id, line, ops] of sym.tuples) {
      this.mdTuples.set(id, { ops, line });
      if (id <= this.nextInlineTuple) this.nextInlineTuple = id - 1;
    }
    this.shared = true;
  }

  private typeOfText(text: string): Ty {
    const lex: Lexer = this.lex;
    lex.reset(text, codesOfAscii(text), 0, text.length, 0);
    return this.parseType(true);
  }

  // ===========================================================================================
  // top-level entities
  // ===========================================================================================

  /**
   * Whether an entity other than `source_filename` and `target …` was read: LLParser reads those
   * first (it needs the data layout before anything else) and refuses them after any other entity.
   */
  private pastHeader = false;

  private topLevelEntity(): void {
    const lex: Lexer = this.lex;
    if (lex.kind === L.KEYWORD && (lex.kw === K.target || lex.kw === K.source_filename)) {
      if (this.pastHeader) lex.fail(`expected top-level entity, found ${lex.here()} (source_filename and target come before every other entity)`);
      return lex.kw === K.target ? this.parseTarget() : this.parseSourceFilename();
    }
    this.pastHeader = true;
    switch (lex.kind) {
      case L.KEYWORD:
        if (lex.kw === K.declare) return this.parseDeclare();
        if (lex.kw === K.attributes) return this.parseAttributeGroup();
        if (lex.kw === K.module) return this.parseModuleAsm();
        if (lex.kw === K.deplibs) return this.parseDeplibs();
        if (lex.kw === K.uselistorder || lex.kw === K.uselistorder_bb) return this.parseUseListOrder();
        break;
      case L.LOCAL:
      case L.LOCAL_ID:
        return this.parseTypeDefinition();
      case L.GLOBAL:
      case L.GLOBAL_ID:
        return this.parseGlobalEntity();
      case L.COMDAT:
        return this.parseComdat();
      case L.EXCLAIM:
        return this.parseStandaloneMetadata();
      case L.MD_VAR:
        return this.parseNamedMetadata();
      case L.SUMMARY:
        return this.skipSummaryEntry();
    }
    lex.fail(`expected top-level entity, found ${lex.here()}`);
  }

  private expect(kind: number, what: string): void {
    const lex: Lexer = this.lex;
    if (lex.kind !== kind) lex.fail(`${what}, found ${lex.here()}`);
    lex.next();
  }

  private expectKw(k: number, what: string): void {
    const lex: Lexer = this.lex;
    if (!lex.isKw(k)) lex.fail(`${what}, found ${lex.here()}`);
    lex.next();
  }

  private eat(kind: number): boolean {
    if (this.lex.kind !== kind) return false;
    this.lex.next();
    return true;
  }

  private eatKw(k: number): boolean {
    if (!this.lex.isKw(k)) return false;
    this.lex.next();
    return true;
  }

  private parseString(what: string): string {
    const lex: Lexer = this.lex;
    if (lex.kind !== L.STRING) lex.fail(`expected ${what} (a string constant), found ${lex.here()}`);
    const v = lex.value();
    lex.next();
    return v;
  }

  private parseTarget(): void {
    const lex: Lexer = this.lex;
    this.entityWhat = "target definition";
    lex.next();
    if (lex.isKw(K.triple)) {
      lex.next();
      this.expect(L.EQUAL, "expected '=' after target triple");
      const triple = this.parseString("the target triple");
      const arch = triple.split("-")[0];
      // opt itself reads the architecture and refuses one it does not know (`unrecognized architecture`)
      if (arch !== "" && !isKnownArchitecture(arch)) lex.fail(`unrecognized architecture '${arch}' in the target triple`);
      return;
    }
    if (lex.isKw(K.datalayout)) {
      lex.next();
      this.expect(L.EQUAL, "expected '=' after target datalayout");
      const layout = this.parseString("the data layout");
      const err = dataLayoutError(layout);
      if (err !== null) lex.fail(`invalid target datalayout: ${err}`);
      return;
    }
    lex.fail(`unknown target property ${lex.here()}`);
  }

  private parseSourceFilename(): void {
    this.entityWhat = "source_filename";
    this.lex.next();
    this.expect(L.EQUAL, "expected '=' after source_filename");
    this.parseString("the source file name");
  }

  private parseModuleAsm(): void {
    const lex: Lexer = this.lex;
    this.entityWhat = "module asm";
    lex.next();
    this.expectKw(K.asm, "expected 'module asm'");
    this.parseString("the module asm");
  }

  private parseDeplibs(): void {
    const lex: Lexer = this.lex;
    this.entityWhat = "deplibs";
    lex.next();
    this.expect(L.EQUAL, "expected '=' after deplibs");
    this.expect(L.LSQUARE, "expected '[' after deplibs =");
    if (this.eat(L.RSQUARE)) return;
    do this.parseString("a library name");
    while (this.eat(L.COMMA));
    this.expect(L.RSQUARE, "expected ']' at end of list");
  }

  private skipSummaryEntry(): void {
    const lex: Lexer = this.lex;
    this.entityWhat = "summary entry";
    lex.ignoreColon = true;
    lex.next();
    this.expect(L.EQUAL, "expected '=' here");
    const w = lex.kind === L.KEYWORD ? KEYWORDS[lex.kw] : lex.kind === L.LABEL ? lex.value() : "";
    if (!["gv", "module", "typeid", "typeidCompatibleVTable", "flags", "blockcount"].includes(w))
      lex.fail(`expected 'gv', 'module', 'typeid', 'typeidCompatibleVTable', 'flags' or 'blockcount' at the start of a summary entry`);
    // the rest is the summary's own grammar, which LLVM skips too without an index: balanced parentheses
    let depth = 0;
    lex.next();
    while (lex.kind !== L.EOF) {
      if (lex.kind === L.LPAREN) depth++;
      else if (lex.kind === L.RPAREN && --depth === 0) {
        lex.next();
        break;
      }
      lex.next();
    }
    lex.ignoreColon = false;
  }

  private parseUseListOrder(): void {
    const lex: Lexer = this.lex;
    this.entityWhat = "uselistorder directive";
    const bb = lex.kw === K.uselistorder_bb;
    lex.next();
    if (bb) {
      if (lex.kind !== L.GLOBAL && lex.kind !== L.GLOBAL_ID) lex.fail(`expected function name in uselistorder_bb`);
      lex.next();
      this.expect(L.COMMA, "expected comma in uselistorder_bb directive");
      if (lex.kind !== L.LOCAL && lex.kind !== L.LOCAL_ID) lex.fail(`expected basic block name in uselistorder_bb`);
      lex.next();
    } else this.parseTypeAndValue();
    this.expect(L.COMMA, "expected comma in uselistorder directive");
    this.parseUseListOrderIndexes();
  }

  private parseUseListOrderIndexes(): void {
    const lex: Lexer = this.lex;
    this.expect(L.LBRACE, "expected '{' here");
    if (lex.kind === L.RBRACE) lex.fail(`expected non-empty list of uselistorder indexes`);
    const seen: number[] = [];
    do seen.push(this.parseUInt32());
    while (this.eat(L.COMMA));
    this.expect(L.RBRACE, "expected '}' here");
    if (seen.length < 2) lex.fail(`expected >= 2 uselistorder indexes`);
    const sorted = [...seen].sort((x, y) => x - y);
    if (sorted.some((v, i) => v !== i)) lex.fail(`expected distinct uselistorder indexes in range [0, size)`);
    if (seen.every((v, i) => v === i)) lex.fail(`expected uselistorder indexes to change the order`);
  }

  // --- types: `%T = type ...` ----------------------------------------------------------------

  private parseTypeDefinition(): void {
    const lex: Lexer = this.lex;
    this.entityWhat = "type definition";
    this.typeDefinitions?.push(lex.s.slice(lex.start, lex.end));
    const line = lex.line;
    const name = lex.kind === L.LOCAL ? lex.value() : null;
    const number = lex.uint;
    const t = name !== null ? this.types.namedStruct(name, line) : this.types.numberedStruct(number, line);
    lex.next();
    this.expect(L.EQUAL, "expected '=' after name");
    this.expectKw(K.type, "expected 'type' after '='");
    if (t.defined) lex.fail(`redefinition of type ${t.text}`);
    if (this.eatKw(K.opaque)) {
      t.defined = true;
      return;
    }
    const opens = lex.kind === L.LBRACE || lex.kind === L.LESS;
    const body = this.parseType(false);
    if (!opens || body.kind !== T.STRUCT) {
      // another type: an alias, which LLVM still reads for old files, if nothing referred to the name before
      if (t.firstUse !== line) lex.fail(`forward references to non-struct type ${t.text}`);
      if (name !== null) this.types.named.set(name, body);
      else this.types.numbered.set(number, body);
      return;
    }
    t.fields = body.elems.slice();
    t.packed = body.packed;
    t.defined = true;
  }

  // --- comdats ----------------------------------------------------------------------------

  private parseComdat(): void {
    const lex: Lexer = this.lex;
    this.entityWhat = "comdat";
    const name = lex.value();
    lex.next();
    this.expect(L.EQUAL, "expected '=' here");
    this.expectKw(K.comdat, "expected comdat keyword");
    if (!(lex.isKw(K.any) || lex.isKw(K.exactmatch) || lex.isKw(K.largest) || lex.isKw(K.nodeduplicate) || lex.isKw(K.samesize)))
      lex.fail(`unknown selection kind ${lex.here()}`);
    lex.next();
    if (this.comdats.has(name)) lex.fail(`redefinition of comdat '$${name}'`);
    this.comdats.add(name);
    this.comdatForward.delete(name);
  }

  private useComdat(name: string): void {
    if (!this.comdats.has(name) && !this.comdatForward.has(name)) this.comdatForward.set(name, this.lex.line);
  }

  // --- attribute groups -------------------------------------------------------------------

  private parseAttributeGroup(): void {
    const lex: Lexer = this.lex;
    this.entityWhat = "attribute group";
    lex.next();
    if (lex.kind !== L.ATTR_GRP) lex.fail(`expected attribute group id, found ${lex.here()}`);
    const id = lex.uint;
    lex.next();
    this.expect(L.EQUAL, "expected '=' here");
    this.expect(L.LBRACE, "expected '{' here");
    const attrs = this.parseFnAttributes(GROUP);
    if (lex.kind !== L.RBRACE) lex.fail(`expected end of attribute group, found ${lex.here()}`);
    lex.next();
    if (attrs.count === 0) lex.fail(`attribute group has no attributes`);
    this.fileAttributeGroup(id, this.groupBeingRead!);
  }

  // --- globals ----------------------------------------------------------------------------

  private parseGlobalEntity(): void {
    const lex: Lexer = this.lex;
    this.entityWhat = "global";
    const line = lex.line;
    let name: string | null = null;
    let number = -1;
    if (lex.kind === L.GLOBAL) name = lex.value();
    else {
      number = lex.uint;
      if (number !== this.nextGlobalNumber) lex.fail(`variable expected to be numbered '@${this.nextGlobalNumber}'`);
    }
    lex.next();
    this.expect(L.EQUAL, "expected '=' in global variable");
    const linkage = this.parseOptionalLinkage();
    this.parseOptionalThreadLocal();
    if (this.eatKw(K.unnamed_addr) || this.eatKw(K.local_unnamed_addr)) {
      // nothing more
    }
    if (lex.isKw(K.alias) || lex.isKw(K.ifunc)) return this.parseAliasOrIfunc(name, number, linkage, line);
    this.checkVisibility(linkage);
    const as = this.parseOptionalAddrSpace();
    this.eatKw(K.externally_initialized);
    let isConstant = false;
    if (lex.isKw(K.constant)) isConstant = true;
    else if (!lex.isKw(K.global)) lex.fail(`expected 'global' or 'constant', found ${lex.here()}`);
    lex.next();
    const ty = this.parseType(false);
    let hasInit = false;
    if (linkage.kind === 0 || (linkage.kind !== L_EXTERNAL && linkage.kind !== L_EXTERN_WEAK)) {
      this.parseGlobalValue(ty);
      hasInit = true;
    }
    if (ty.kind === T.FUNCTION || !T.isValidPointee(ty)) lex.fail(`invalid type for global variable: ${ty.text}`);
    const ptr = this.pointerTo(ty, as);
    this.defineGlobal(name, number, ptr, ty, false, !hasInit, line);
    // the verifier's rules on globals
    if (linkage.kind === L_COMMON) {
      if (isConstant) lex.fail(`'common' global may not be marked constant`);
      if (!this.lastInitWasZero) lex.fail(`'common' global must have a zero initializer`);
    }
    if (linkage.kind === L_APPENDING && ty.kind !== T.ARRAY) lex.fail(`only global arrays can have appending linkage`);
    while (this.eat(L.COMMA)) {
      if (lex.isKw(K.section) || lex.isKw(K.partition)) {
        lex.next();
        this.parseString("a section name");
      } else if (lex.isKw(K.align)) this.parseAlignment();
      else if (lex.isKw(K.code_model)) {
        lex.next();
        const m = this.parseString("a code model");
        if (!["tiny", "small", "kernel", "medium", "large"].includes(m)) lex.fail(`expected global code model string`);
      } else if (lex.kind === L.MD_VAR) this.parseMetadataAttachment();
      else if (lex.isKw(K.no_sanitize_address) || lex.isKw(K.no_sanitize_hwaddress) || lex.isKw(K.sanitize_address_dyninit) || lex.isKw(K.sanitize_memtag)) lex.next();
      else if (lex.isKw(K.comdat)) {
        if (linkage.kind === L_COMMON) lex.fail(`'common' global may not be in a Comdat`);
        this.parseComdatRef(name);
      } else lex.fail(`unknown global variable property ${lex.here()}`);
    }
    this.parseFnAttributes(GLOBAL_USE);
  }

  /** Set by `parseGlobalValue`: whether the initializer was a zero value (`common` globals need one). */
  private lastInitWasZero = false;

  private parseComdatRef(name: string | null): void {
    const lex: Lexer = this.lex;
    lex.next(); // comdat
    if (this.eat(L.LPAREN)) {
      if (lex.kind !== L.COMDAT) lex.fail(`expected comdat variable, found ${lex.here()}`);
      this.useComdat(lex.value());
      lex.next();
      this.expect(L.RPAREN, "expected ')' after comdat var");
    } else {
      if (name === null) lex.fail(`comdat cannot be unnamed`);
      this.useComdat(name);
    }
  }

  private parseAliasOrIfunc(name: string | null, number: number, linkage: { kind: number; local: boolean }, line: number): void {
    const lex: Lexer = this.lex;
    const isAlias = lex.isKw(K.alias);
    lex.next();
    if (isAlias && linkage.kind !== 0 && (linkage.kind === L_APPENDING || linkage.kind === L_COMMON || linkage.kind === L_EXTERN_WEAK || linkage.kind === 7))
      lex.fail(`invalid linkage type for alias`);
    this.checkVisibility(linkage);
    const ty = this.parseType(false);
    this.expect(L.COMMA, "expected comma after alias or ifunc's type");
    const target = this.parseTypeAndValue(true);
    if (!T.isPointer(target)) lex.fail(`An alias or ifunc must have pointer type`);
    const as = target.n;
    const ptr = this.pointerTo(ty, as);
    if (this.pointerMode === 1 && isAlias && target !== ptr) lex.fail(`alias's type ${ty.text} does not match its aliasee's type ${target.text}`);
    while (this.eat(L.COMMA)) {
      if (lex.isKw(K.partition)) {
        lex.next();
        this.parseString("a partition name");
      } else if (!isAlias && lex.kind === L.MD_VAR) this.parseMetadataAttachment();
      else lex.fail(`unknown alias or ifunc property!`);
    }
    this.defineGlobal(name, number, ptr, ty, ty.kind === T.FUNCTION, false, line);
  }

  /** Linkage, preemption, visibility and DLL storage class: `{ kind: 0 }` without a linkage. */
  private linkageVisibility = 0;
  private linkageDll = 0;
  private parseOptionalLinkage(): { kind: number; local: boolean } {
    const lex: Lexer = this.lex;
    let kind = 0;
    if (lex.kind === L.KEYWORD) {
      const l = LINKAGES.get(KEYWORDS[lex.kw]);
      if (l !== undefined) {
        kind = l;
        lex.next();
      }
    }
    let dsoLocal = false;
    if (lex.isKw(K.dso_local)) {
      dsoLocal = true;
      lex.next();
    } else if (lex.isKw(K.dso_preemptable)) lex.next();
    this.linkageVisibility = 0;
    if (lex.isKw(K.default) || lex.isKw(K.hidden) || lex.isKw(K.protected)) {
      this.linkageVisibility = lex.isKw(K.default) ? 0 : 1;
      lex.next();
    }
    this.linkageDll = 0;
    if (lex.isKw(K.dllimport) || lex.isKw(K.dllexport)) {
      this.linkageDll = lex.isKw(K.dllimport) ? 1 : 2;
      lex.next();
    }
    if (dsoLocal && this.linkageDll === 1) lex.fail(`dso_location and DLL-StorageClass mismatch`);
    return { kind, local: kind === L_PRIVATE || kind === L_INTERNAL };
  }

  private checkVisibility(linkage: { local: boolean }): void {
    if (linkage.local && this.linkageVisibility !== 0) this.lex.fail(`symbol with local linkage must have default visibility`);
    if (linkage.local && this.linkageDll !== 0) this.lex.fail(`symbol with local linkage cannot have a DLL storage class`);
  }

  private parseOptionalThreadLocal(): void {
    const lex: Lexer = this.lex;
    if (!this.eatKw(K.thread_local)) return;
    if (this.eat(L.LPAREN)) {
      const w = lex.kind === L.KEYWORD ? KEYWORDS[lex.kw] : "";
      if (w !== "localdynamic" && w !== "initialexec" && w !== "localexec") lex.fail(`expected localdynamic, initialexec or localexec`);
      lex.next();
      this.expect(L.RPAREN, "expected ')' after thread local model");
    }
  }

  private parseOptionalAddrSpace(): number {
    const lex: Lexer = this.lex;
    if (!this.eatKw(K.addrspace)) return 0;
    this.expect(L.LPAREN, "expected '(' in address space");
    let as = 0;
    if (lex.kind === L.STRING) {
      const s = lex.value();
      if (s !== "A" && s !== "G" && s !== "P") lex.fail(`invalid symbolic addrspace '${s}'`);
      lex.next();
    } else {
      as = this.parseUInt32();
      if (as >= 1 << 24) lex.fail(`invalid address space, must be a 24-bit integer`);
    }
    this.expect(L.RPAREN, "expected ')' in address space");
    return as;
  }

  /**
   * The pointer type to `ty` in address space `as`, in the module's kind of pointers. Before the
   * module has written a pointer type it is not known which kind that is: the pointer is typed,
   * and marked `implicit`, so that it stands for `ptr` once the module turns out to write those
   * (`same`).
   */
  private pointerTo(ty: Ty, as: number): Ty {
    if (this.pointerMode === 2) return this.types.opaquePtr(as);
    const t = this.types.typedPtr(ty, as);
    if (this.pointerMode === 0) t.implicit = true;
    return t;
  }

  /** Whether `a` and `b` are the same type (an implicit typed pointer is `ptr` in a module of opaque pointers). */
  private same(a: Ty, b: Ty): boolean {
    if (a === b) return true;
    return this.pointerMode === 2 && T.isPointer(a) && T.isPointer(b) && a.n === b.n && (a.implicit || b.implicit);
  }

  private defineGlobal(name: string | null, number: number, ty: Ty, valueTy: Ty, isFunction: boolean, isDeclaration: boolean, line: number): void {
    const lex: Lexer = this.lex;
    if (name === null) {
      if (number < 0) number = this.nextGlobalNumber;
      const old = this.numberedGlobals.get(number);
      if (old !== undefined) {
        if (old.defined && this.shared) return;
        if (old.defined) lex.fail(`redefinition of global '@${number}'`);
        if (!this.same(old.ty, ty)) lex.fail(`forward reference and definition of global '@${number}' have different types: used as '${old.ty.text}', defined as '${ty.text}'`);
      }
      this.numberedGlobals.set(number, { ty, valueTy, isFunction, defined: true, line, isDeclaration });
      this.nextGlobalNumber = number + 1;
      return;
    }
    const old = this.globals.get(name);
    if (old !== undefined) {
      if (old.defined && this.shared) return; // a share's function, known from the module's top level
      if (old.defined) lex.fail(isFunction && old.isFunction ? `function @${T.printedName(name)} is defined twice (first at line ${old.line})` : `redefinition of global '@${T.printedName(name)}'`);
      if (!this.same(old.ty, ty))
        lex.fail(`forward reference and definition of '@${T.printedName(name)}' have different types: used as '${old.ty.text}', defined as '${ty.text}'`);
    }
    this.globals.set(name, { ty, valueTy, isFunction, defined: true, line, isDeclaration });
  }

  /** A use of a global as a value of type `ty`. */
  private useGlobal(name: string | null, number: number, ty: Ty): GlobalSym {
    const lex: Lexer = this.lex;
    if (!T.isPointer(ty)) lex.fail(`global variable reference must have pointer type, not '${ty.text}'`);
    const map = name === null ? this.numberedGlobals : this.globals;
    const key = name === null ? number : name;
    let g = (map as Map<string | number, GlobalSym>).get(key);
    if (g === undefined) {
      g = { ty, valueTy: ty, isFunction: false, defined: false, line: lex.line, isDeclaration: true };
      (map as Map<string | number, GlobalSym>).set(key, g);
    } else if (!this.same(g.ty, ty)) lex.fail(`'${shownName("@", name, number)}' defined with type '${g.ty.text}' but expected '${ty.text}'`);
    return g;
  }

  // --- declare / define headers ---------------------------------------------------------

  private parseDeclare(): void {
    const lex: Lexer = this.lex;
    this.entityWhat = "declaration";
    lex.next();
    while (lex.kind === L.MD_VAR) if (this.parseMetadataAttachment().kind === A_PROF) lex.fail(`function declaration may not have a !prof attachment`);
    this.parseFunctionHeader(false);
  }

  /** `FunctionHeader` after `define`/`declare`: registers the function, returns what its body needs. */
  private parseFunctionHeader(isDefine: boolean): { name: string; ret: Ty; vararg: boolean; params: { name: string | null; number: number; ty: Ty }[] } {
    const lex: Lexer = this.lex;
    const line = lex.line;
    const linkage = this.parseOptionalLinkage();
    switch (linkage.kind) {
      case 0:
      case L_EXTERNAL:
        break;
      case L_EXTERN_WEAK:
        if (isDefine) lex.fail(`invalid linkage for function definition`);
        break;
      case L_APPENDING:
      case L_COMMON:
        lex.fail(`invalid function linkage type`);
        break;
      default:
        if (!isDefine) lex.fail(`invalid linkage for function declaration`);
    }
    this.checkVisibility(linkage);
    this.parseOptionalCallingConv();
    const retAttrs = this.parseParamAttributes(RET);
    const ret = this.parseType(true);
    if (!T.isValidReturn(ret)) lex.fail(`invalid function return type ${ret.text}`);
    this.checkAttributesSuit(retAttrs, ret, "return value");
    let name: string;
    let number = -1;
    if (lex.kind === L.GLOBAL) name = lex.value();
    else if (lex.kind === L.GLOBAL_ID) {
      number = lex.uint;
      if (!this.shared && number !== this.nextGlobalNumber) lex.fail(`function expected to be numbered '@${this.nextGlobalNumber}'`);
      name = String(number);
    } else lex.fail(`expected function name, found ${lex.here()}`);
    lex.next();
    if (lex.kind !== L.LPAREN) lex.fail(`expected '(' in function argument list, found ${lex.here()}`);
    const params = this.parseArgumentList(true);
    this.paramsEnd = lex.prevStop;
    if (this.eatKw(K.unnamed_addr) || this.eatKw(K.local_unnamed_addr)) {
      // nothing more
    }
    const as = this.parseOptionalAddrSpace();
    const fnAttrs = this.parseFnAttributes(FN_USE);
    if (this.eatKw(K.section)) this.parseString("a section name");
    if (this.eatKw(K.partition)) this.parseString("a partition name");
    if (lex.isKw(K.comdat)) this.parseComdatRef(number >= 0 ? null : name);
    if (lex.isKw(K.align)) this.parseAlignment();
    if (this.eatKw(K.gc)) this.parseString("a garbage collector name");
    if (this.eatKw(K.prefix)) this.parseTypeAndValue(true);
    if (this.eatKw(K.prologue)) this.parseTypeAndValue(true);
    if (this.eatKw(K.personality)) this.parseTypeAndValue(true);
    if (fnAttrs.names.has("builtin")) lex.fail(`'builtin' attribute not valid on function`);
    const ty = this.types.fn(ret, params.list.map((p) => p.ty), params.vararg);
    const seen = new Set<string>();
    for (const p of params.list) {
      if (p.name === null) continue;
      if (seen.has(p.name)) lex.fail(`redefinition of argument '%${T.printedName(p.name)}'`);
      seen.add(p.name);
    }
    this.checkFunctionAttributes(fnAttrs.names, params.list, ret);
    const sret = params.list.findIndex((p) => p.attrs.has("sret"));
    if (sret === 0 && ret.kind !== T.VOID) lex.fail(`functions with 'sret' argument must return void`);
    if (ret.kind === T.X86_MMX || params.list.some((p) => p.ty.kind === T.METADATA))
      if (!name.startsWith("llvm.")) lex.fail(`function ${T.printedName(name)} takes metadata or returns x86_mmx but is no intrinsic`);
    this.defineGlobal(number >= 0 ? null : name, number, this.pointerTo(ty, as), ty, true, !isDefine, line);
    return { name, ret, vararg: params.vararg, params: params.list };
  }

  private parseOptionalCallingConv(): void {
    const lex: Lexer = this.lex;
    if (lex.kind !== L.KEYWORD) return;
    if (lex.kw === K.cc) {
      lex.next();
      this.parseUInt32();
      return;
    }
    if (CALLING_CONVENTIONS.has(lex.kw)) lex.next();
  }

  /** `( [Type ParamAttrs [%name]] (, ...)* [, ...] )` of a function header or function type. */
  private parseArgumentList(named: boolean): { list: { name: string | null; number: number; ty: Ty; attrs: Set<string> }[]; vararg: boolean } {
    const lex: Lexer = this.lex;
    this.expect(L.LPAREN, "expected '(' in the argument list");
    const list: { name: string | null; number: number; ty: Ty; attrs: Set<string> }[] = [];
    let vararg = false;
    let next = 0;
    if (lex.kind !== L.RPAREN)
      do {
        if (this.eat(L.DOTDOTDOT)) {
          vararg = true;
          break;
        }
        const ty = this.parseType(false);
        const attrs = this.parseParamAttributes(PARAM);
        if (ty.kind === T.VOID) lex.fail(`argument can not have void type`);
        let name: string | null = null;
        let number = -1;
        if (lex.kind === L.LOCAL) {
          if (!named) lex.fail(`argument name invalid in function type`);
          name = lex.value();
          lex.next();
        } else {
          if (lex.kind === L.LOCAL_ID) {
            if (!named) lex.fail(`argument name invalid in function type`);
            if (lex.uint !== next) lex.fail(`argument expected to be numbered '%${next}'`);
            lex.next();
          }
          number = next++;
        }
        if (!T.isValidArgument(ty)) lex.fail(`invalid type for function argument: ${ty.text}`);
        if (!named && attrs.names.size > 0) lex.fail(`argument attributes invalid in function type`);
        this.checkAttributesSuit(attrs, ty, "parameter");
        list.push({ name, number, ty, attrs: attrs.names });
      } while (this.eat(L.COMMA));
    this.expect(L.RPAREN, "expected ')' at end of argument list");
    return { list, vararg };
  }

  // ===========================================================================================
  // types
  // ===========================================================================================

  /** A type; `void` only where `allowVoid` (function results). Nested types are read without recursion. */
  parseType(allowVoid: boolean): Ty {
    const lex: Lexer = this.lex;
    const types = this.types;
    let stack: TypeFrame[] | null = null;
    let t: Ty;
    start: for (;;) {
      // the start of a type: a whole one, or an opening whose contents come next
      let bare = false; // `ptr` takes no suffix but a function type's parameters
      switch (lex.kind) {
        case L.TYPE:
          if (lex.typeWord === L.TW_PTR) {
            this.pointerKind(2);
            lex.next();
            t = types.opaquePtr(this.parseOptionalAddrSpace());
            if (lex.kind === L.STAR) lex.fail(`ptr* is invalid - use ptr instead`);
            bare = true;
          } else {
            t = lex.typeWord < 0 ? types.int(lex.intBits) : this.simpleType(lex.typeWord);
            lex.next();
          }
          break;
        case L.LOCAL:
          t = types.namedStruct(lex.value(), lex.line);
          lex.next();
          break;
        case L.LOCAL_ID:
          t = types.numberedStruct(lex.uint, lex.line);
          lex.next();
          break;
        case L.LBRACE:
          lex.next();
          if (this.eat(L.RBRACE)) {
            t = types.struct([], false);
            break;
          }
          (stack ??= []).push(typeFrame(T.STRUCT));
          continue start;
        case L.LSQUARE:
          lex.next();
          (stack ??= []).push(this.sequenceFrame(false));
          continue start;
        case L.LESS:
          lex.next();
          if (lex.kind === L.LBRACE) {
            lex.next();
            if (this.eat(L.RBRACE)) {
              this.expect(L.GREATER, "expected '>' at end of packed struct");
              t = types.struct([], true);
              break;
            }
            const f = typeFrame(T.STRUCT);
            f.packed = true;
            (stack ??= []).push(f);
            continue start;
          }
          (stack ??= []).push(this.sequenceFrame(true));
          continue start;
        case L.KEYWORD:
          if (lex.kw === K.target) {
            lex.next();
            this.expect(L.LPAREN, "expected '(' in target extension type");
            const f = typeFrame(T.TARGET);
            f.name = this.parseString("the target type's name");
            if (this.targetParameters(f)) {
              (stack ??= []).push(f);
              continue start;
            }
            t = types.target(f.name, f.parts, f.ints);
            break;
          }
          lex.fail(`expected a type, found ${lex.here()}`);
          break;
        default:
          lex.fail(`expected a type, found ${lex.here()}`);
      }
      // `t` is complete: its suffixes, then the type it completes
      for (;;) {
        if (!bare && lex.kind === L.STAR) {
          this.checkPointerTo(t);
          this.pointerKind(1);
          t = types.typedPtr(t, 0);
          lex.next();
          continue;
        }
        if (!bare && lex.isKw(K.addrspace)) {
          this.checkPointerTo(t);
          const as = this.parseOptionalAddrSpace();
          if (lex.kind !== L.STAR) lex.fail(`expected '*' in address space`);
          this.pointerKind(1);
          t = types.typedPtr(t, as);
          lex.next();
          continue;
        }
        if (lex.kind === L.LPAREN) {
          bare = false;
          if (!T.isValidReturn(t)) lex.fail(`invalid function return type ${t.text}`);
          lex.next();
          if (this.eat(L.RPAREN)) {
            t = types.fn(t, [], false);
            continue;
          }
          if (this.eat(L.DOTDOTDOT)) {
            this.expect(L.RPAREN, "expected ')' at end of argument list");
            t = types.fn(t, [], true);
            continue;
          }
          const f = typeFrame(T.FUNCTION);
          f.ret = t;
          (stack ??= []).push(f);
          continue start;
        }
        if (stack === null || stack.length === 0) break start;
        bare = false;
        const f = stack[stack.length - 1];
        switch (f.kind) {
          case T.STRUCT:
            if (t.kind === T.VOID) lex.fail(`void type only allowed for function results`);
            if (!T.isValidAggregateElement(t)) lex.fail(`invalid element type for struct: ${t.text}`);
            f.parts.push(t);
            if (this.eat(L.COMMA)) continue start;
            this.expect(L.RBRACE, "expected '}' at end of struct");
            if (f.packed) this.expect(L.GREATER, "expected '>' at end of packed struct");
            stack.pop();
            t = types.struct(f.parts, f.packed);
            continue;
          case T.ARRAY:
          case T.VECTOR: {
            const vector = f.kind === T.VECTOR;
            this.expect(vector ? L.GREATER : L.RSQUARE, "expected end of sequential type");
            if (t.kind === T.VOID) lex.fail(`void type only allowed for function results`);
            if (vector && !T.isValidVectorElement(t)) lex.fail(`invalid vector element type: ${t.text}`);
            if (!vector && !T.isValidAggregateElement(t)) lex.fail(`invalid array element type: ${t.text}`);
            stack.pop();
            t = vector ? types.vector(f.n, t, f.scalable) : types.array(f.n, t);
            continue;
          }
          case T.FUNCTION:
            if (lex.kind === L.STRING || (lex.kind === L.KEYWORD && ATTRIBUTES.has(KEYWORDS[lex.kw]))) lex.fail(`argument attributes invalid in function type`);
            if (lex.kind === L.LOCAL || lex.kind === L.LOCAL_ID) lex.fail(`argument name invalid in function type`);
            if (t.kind === T.VOID) lex.fail(`argument can not have void type`);
            if (!T.isValidArgument(t)) lex.fail(`invalid type for function argument: ${t.text}`);
            f.parts.push(t);
            if (this.eat(L.COMMA)) {
              if (!this.eat(L.DOTDOTDOT)) continue start;
              f.vararg = true;
            }
            this.expect(L.RPAREN, "expected ')' at end of argument list");
            stack.pop();
            t = types.fn(f.ret!, f.parts, f.vararg);
            continue;
          default:
            // target("name", T, ..., N, ...)
            f.parts.push(t);
            if (this.targetParameters(f)) continue start;
            stack.pop();
            t = types.target(f.name, f.parts, f.ints);
            continue;
        }
      }
    }
    if (!allowVoid && t.kind === T.VOID) lex.fail(`void type only allowed for function results`);
    return t;
  }

  /** After `[` or `<`: `[vscale x] N x`, the frame of the array or vector whose element type follows. */
  private sequenceFrame(vector: boolean): TypeFrame {
    const lex: Lexer = this.lex;
    const f = typeFrame(vector ? T.VECTOR : T.ARRAY);
    if (vector && lex.isKw(K.vscale)) {
      lex.next();
      this.expectKw(K.x, "expected 'x' after vscale");
      f.scalable = true;
    }
    if (lex.kind !== L.INT || lex.neg || lex.s.charCodeAt(lex.start) > 57) lex.fail(`expected number in address space`);
    const n = intValue(lex);
    if (n > U64) lex.fail(`expected number in address space`);
    lex.next();
    this.expectKw(K.x, "expected 'x' after element count");
    if (vector) {
      if (n === 0n) lex.fail(`zero element vector is illegal`);
      if (n > 0xffffffffn) lex.fail(`size too large for vector`);
    }
    f.n = Number(n);
    return f;
  }

  /**
   * The parameters of a target extension type after its name or a type parameter: true when a
   * type parameter follows (the lexer on it), false when the closing `)` was read.
   */
  private targetParameters(f: TypeFrame): boolean {
    const lex: Lexer = this.lex;
    while (this.eat(L.COMMA)) {
      if (lex.kind === L.INT) f.ints.push(this.parseUInt32());
      else if (f.ints.length > 0) lex.fail(`expected uint32 param`);
      else return true;
    }
    this.expect(L.RPAREN, "expected ')' in target extension type");
    return false;
  }

  private checkPointerTo(t: Ty): void {
    const lex: Lexer = this.lex;
    if (t.kind === T.LABEL) lex.fail(`basic block pointers are invalid`);
    if (t.kind === T.VOID) lex.fail(`pointers to void are invalid - use i8* instead`);
    if (!T.isValidPointee(t)) lex.fail(`pointer to this type is invalid: ${t.text}`);
  }

  /** Notes which kind of pointers the module writes (1 typed, 2 opaque); both is malformed. */
  private pointerKind(kind: number): void {
    if (this.pointerMode === kind) return;
    if (this.pointerMode === 0) {
      this.pointerMode = kind;
      this.pointerModeLine = this.lex.line;
      return;
    }
    this.lex.fail(
      kind === 2
        ? `opaque pointer type 'ptr' in a module with typed pointers (the first at line ${this.pointerModeLine}): LLVM 14 reads one kind or the other, never both`
        : `typed pointer type in a module with opaque pointers ('ptr' first at line ${this.pointerModeLine}): LLVM reads one kind or the other, never both`,
    );
  }

  private simpleType(w: number): Ty {
    const types = this.types;
    return [
      types.void, types.half, types.bfloat, types.float, types.double, types.x86_fp80, types.fp128, types.ppc_fp128, types.label,
      types.metadata, types.x86_mmx, types.x86_amx, types.token,
    ][w];
  }

  // ===========================================================================================
  // numbers
  // ===========================================================================================

  private parseUInt32(): number {
    const v = this.parseUInt64();
    if (v > 0xffffffffn) this.lex.fail(`expected 32-bit integer (too large)`);
    return Number(v);
  }

  private parseUInt64(): bigint {
    const lex: Lexer = this.lex;
    if (lex.kind !== L.INT || lex.neg) lex.fail(`expected integer, found ${lex.here()}`);
    const v = intValue(lex);
    if (v < 0n) lex.fail(`expected integer, found ${lex.here()}`);
    lex.next();
    return v;
  }

  /** `align N` at `align`: a power of two no larger than LLVM's limit (2^32). */
  private parseAlignment(allowParens = false): void {
    const lex: Lexer = this.lex;
    lex.next(); // align
    const parens = allowParens && this.eat(L.LPAREN);
    const at = lex.line;
    const v = this.parseUInt64();
    if (parens) this.expect(L.RPAREN, "expected ')'");
    if (v === 0n || (v & (v - 1n)) !== 0n) this.fail(`alignment is not a power of two: ${v}`, at);
    if (v > 1n << 32n) this.fail(`huge alignments are not supported yet: ${v}`, at);
  }

  // ===========================================================================================
  // values
  // ===========================================================================================

  /** Set by `parseValue`: an integer constant's value (else null), and whether the value is a constant, and a zero one. */
  private vInt: bigint | null = null;
  private vConst = false;
  private vZero = false;

  /** `Type Value`: its type. `constant`: no local may stand there (initializers, prefix data, ...). */
  private parseTypeAndValue(constant = false): Ty {
    const t = this.parseType(false);
    this.parseValue(t, !constant);
    return t;
  }

  /** A global's initializer of type `ty`. */
  private parseGlobalValue(ty: Ty): void {
    this.parseValue(ty, false);
    this.lastInitWasZero = this.vZero;
  }

  /**
   * A value of type `ty` (LLParser's `parseValID` and `convertValIDToValue`). Aggregate constants
   * and constant expressions nest: they are read without recursion, a stack of the ones still
   * open. `locals`: a local value may stand here (not inside a constant).
   */
  private parseValue(ty: Ty, locals: boolean): void {
    const lex: Lexer = this.lex;
    let stack: ValueFrame[] | null = null;
    let expected = ty;
    let result: Ty;
    start: for (;;) {
      this.vInt = null;
      this.vConst = true;
      this.vZero = false;
      if (expected.kind === T.FUNCTION) lex.fail(`functions are not values, refer to them as pointers`);
      switch (lex.kind) {
        case L.LOCAL:
        case L.LOCAL_ID:
          if (!locals || this.fn === null || (stack !== null && stack.length > 0)) lex.fail(`invalid use of function-local name ${lex.here()}`);
          if (lex.kind === L.LOCAL) {
            const name = lex.value();
            this.useLocal(name, -1, expected);
            this.noteLocal(name, expected);
          } else {
            this.useLocal(null, lex.uint, expected);
            this.noteLocal(this.writtenNumber(), expected);
          }
          this.vConst = false;
          lex.next();
          break;
        case L.GLOBAL:
          this.useGlobal((this.lastGlobal = lex.value()), -1, expected);
          lex.next();
          break;
        case L.GLOBAL_ID:
          this.lastGlobal = this.numberName(lex.uint);
          this.useGlobal(null, lex.uint, expected);
          lex.next();
          break;
        case L.INT:
          if (expected.kind !== T.INT) lex.fail(`integer constant must have integer type, not '${expected.text}'`);
          this.vInt = BigInt.asIntN(expected.n, intValue(lex));
          this.vZero = this.vInt === 0n;
          lex.next();
          break;
        case L.FLOAT:
          this.checkFloat(expected);
          lex.next();
          break;
        case L.KEYWORD: {
          const f = this.keywordValue(expected);
          if (f === null) break;
          (stack ??= []).push(f);
          expected = this.parseType(false);
          continue start;
        }
        case L.LBRACE:
        case L.LSQUARE:
        case L.LESS: {
          const open = lex.kind;
          lex.next();
          let kind = open === L.LBRACE ? VF_STRUCT : open === L.LSQUARE ? VF_ARRAY : VF_VECTOR;
          if (open === L.LESS && lex.kind === L.LBRACE) {
            lex.next();
            kind = VF_PACKED;
          }
          const f = valueFrame(kind, expected, "");
          if (lex.kind === (kind === VF_ARRAY ? L.RSQUARE : kind === VF_VECTOR ? L.GREATER : L.RBRACE)) {
            this.closeAggregateBracket(f);
            result = this.closeAggregate(f);
            break;
          }
          (stack ??= []).push(f);
          expected = this.parseType(false);
          continue start;
        }
        default:
          lex.fail(`expected value token, found ${lex.here()}`);
      }
      result = expected;
      // a value of type `result` is complete: an element or operand of the innermost open constant
      for (;;) {
        if (stack === null || stack.length === 0) return;
        const f = stack[stack.length - 1];
        f.parts.push(result);
        f.ints.push(this.vConst ? this.vInt : null);
        f.zero &&= this.vZero;
        if (f.kind === VF_EXPR ? this.nextOperand(f) : this.nextElement(f)) {
          expected = this.parseType(false);
          continue start;
        }
        stack.pop();
        result = f.kind === VF_EXPR ? this.closeExpression(f) : this.closeAggregate(f);
      }
    }
  }

  /** After an element of an aggregate constant: true when another follows (after its comma), else its closing bracket is read. */
  private nextElement(f: ValueFrame): boolean {
    if (this.eat(L.COMMA)) return true;
    this.closeAggregateBracket(f);
    return false;
  }

  private closeAggregateBracket(f: ValueFrame): void {
    switch (f.kind) {
      case VF_STRUCT:
        return this.expect(L.RBRACE, "expected end of struct constant");
      case VF_PACKED:
        this.expect(L.RBRACE, "expected end of packed struct");
        return this.expect(L.GREATER, "expected end of constant");
      case VF_ARRAY:
        return this.expect(L.RSQUARE, "expected end of array constant");
      default:
        return this.expect(L.GREATER, "expected end of constant");
    }
  }

  /** The type of a complete aggregate constant checked against the type it stands for: that type. */
  private closeAggregate(f: ValueFrame): Ty {
    const lex: Lexer = this.lex;
    const ty = f.expected;
    const elems = f.parts;
    if (f.kind === VF_STRUCT || f.kind === VF_PACKED) {
      const packed = f.kind === VF_PACKED;
      const fields = T.isStruct(ty) ? T.structFields(ty) : null;
      if (fields === null) lex.fail(`constant expression type mismatch: a struct constant for type '${ty.text}'`);
      if (fields.length !== elems.length) lex.fail(`initializer with struct type has wrong # elements`);
      if (ty.packed !== packed) lex.fail(`packed'ness of initializer and type don't match`);
      for (let i = 0; i < elems.length; i++) if (!this.same(elems[i], fields[i])) lex.fail(`element ${i} of struct initializer doesn't match struct element type`);
    } else if (f.kind === VF_ARRAY) {
      if (elems.length === 0) {
        if (ty.kind !== T.ARRAY || ty.n !== 0) lex.fail(`invalid empty array initializer for '${ty.text}'`);
      } else {
        if (!T.isFirstClass(elems[0])) lex.fail(`invalid array element type: ${elems[0].text}`);
        for (let i = 1; i < elems.length; i++) if (elems[i] !== elems[0]) lex.fail(`array element #${i} is not of type '${elems[0].text}'`);
        const got = this.types.array(elems.length, elems[0]);
        if (!this.same(got, ty)) this.mismatch(got, ty);
      }
    } else {
      if (elems.length === 0) lex.fail(`constant vector must not be empty`);
      if (!T.isValidVectorElement(elems[0])) lex.fail(`vector elements must have integer, pointer or floating point type`);
      for (let i = 1; i < elems.length; i++) if (elems[i] !== elems[0]) lex.fail(`vector element #${i} is not of type '${elems[0].text}'`);
      const got = this.types.vector(elems.length, elems[0], false);
      if (!this.same(got, ty)) this.mismatch(got, ty);
    }
    this.vInt = null;
    this.vConst = true;
    this.vZero = f.zero;
    return ty;
  }

  private mismatch(got: Ty, want: Ty): never {
    this.lex.fail(`constant expression type mismatch: got type '${got.text}' but expected '${want.text}'`);
  }

  /**
   * A keyword where a value of type `ty` stands: a literal (`true`, `null`, `c"..."`, ...), read
   * whole (null returned), or a constant expression, whose frame is returned with the lexer on
   * its first operand's type.
   */
  private keywordValue(ty: Ty): ValueFrame | null {
    const lex: Lexer = this.lex;
    const k = lex.kw;
    switch (k) {
      case K.true:
      case K.false:
        if (ty !== this.types.i1) this.mismatch(this.types.i1, ty);
        this.vInt = k === K.true ? -1n : 0n;
        this.vZero = k === K.false;
        lex.next();
        return null;
      case K.null:
        if (!T.isPointer(ty)) lex.fail(`null must be a pointer type, not '${ty.text}'`);
        this.vZero = true;
        lex.next();
        return null;
      case K.undef:
      case K.poison:
        if (!T.isFirstClass(ty) || ty.kind === T.LABEL) lex.fail(`invalid type for ${KEYWORDS[k]} constant: '${ty.text}'`);
        lex.next();
        return null;
      case K.zeroinitializer:
        if (!T.isFirstClass(ty) || ty.kind === T.LABEL || ty.kind === T.METADATA) lex.fail(`invalid type for null constant: '${ty.text}'`);
        this.vZero = true;
        lex.next();
        return null;
      case K.none:
        if (ty.kind !== T.TOKEN) lex.fail(`invalid type for none constant: '${ty.text}'`);
        lex.next();
        return null;
      case K.c: {
        lex.next();
        if (lex.kind !== L.STRING) lex.fail(`expected string, found ${lex.here()}`);
        const got = this.types.array(escapedLength(lex.s, lex.vStart, lex.vEnd), this.types.i8);
        if (got !== ty) this.mismatch(got, ty);
        lex.next();
        return null;
      }
      case K.asm:
        lex.fail(`inline asm may only be called`);
        break;
      case K.blockaddress:
        lex.next();
        this.expect(L.LPAREN, "expected '(' in block address expression");
        if (lex.kind !== L.GLOBAL && lex.kind !== L.GLOBAL_ID) lex.fail(`expected function name in blockaddress`);
        lex.next();
        this.expect(L.COMMA, "expected comma in block address expression");
        if (lex.kind !== L.LOCAL && lex.kind !== L.LOCAL_ID) lex.fail(`expected basic block name in blockaddress`);
        lex.next();
        this.expect(L.RPAREN, "expected ')' in block address expression");
        if (!T.isPointer(ty)) lex.fail(`type of blockaddress must be a pointer and not '${ty.text}'`);
        return null;
      case K.dso_local_equivalent:
      case K.no_cfi:
        lex.next();
        if (lex.kind !== L.GLOBAL && lex.kind !== L.GLOBAL_ID) lex.fail(`expected global value name in ${KEYWORDS[k]}`);
        if (lex.kind === L.GLOBAL) this.useGlobal(lex.value(), -1, ty);
        else this.useGlobal(null, lex.uint, ty);
        lex.next();
        return null;
      case K.splat:
      case K.ptrauth:
        lex.next();
        this.expect(L.LPAREN, `expected '(' after ${KEYWORDS[k]}`);
        return valueFrame(VF_EXPR, ty, KEYWORDS[k]);
    }
    const op = OP.get(k);
    if (op === undefined || !CONSTANT_EXPRESSIONS.has(op)) lex.fail(`expected value token, found ${lex.here()}`);
    lex.next();
    const f = valueFrame(VF_EXPR, ty, op);
    if (op === "zext" || op === "uitofp") this.eatKw(K.nneg);
    if (op === "trunc" || op === "add" || op === "sub" || op === "mul" || op === "shl") while (this.eatKw(K.nuw) || this.eatKw(K.nsw));
    if (op === "sdiv" || op === "udiv" || op === "lshr" || op === "ashr") this.eatKw(K.exact);
    if (op === "or") this.eatKw(K.disjoint);
    if (op === "icmp" || op === "fcmp") {
      if (op === "icmp") this.eatKw(K.samesign);
      const preds = op === "icmp" ? ICMP_PREDICATES : FCMP_PREDICATES;
      if (lex.kind !== L.KEYWORD || !preds.has(lex.kw)) lex.fail(`expected ${op} predicate (e.g. '${op === "icmp" ? "eq" : "oeq"}'), found ${lex.here()}`);
      lex.next();
    }
    if (op === "getelementptr") {
      while (this.eatKw(K.inbounds) || this.eatKw(K.nusw) || this.eatKw(K.nuw));
      if (this.eatKw(K.inrange)) {
        this.expect(L.LPAREN, "expected '('");
        if (lex.kind !== L.INT) lex.fail(`expected integer`);
        lex.next();
        this.expect(L.COMMA, "expected ','");
        if (lex.kind !== L.INT) lex.fail(`expected integer`);
        lex.next();
        this.expect(L.RPAREN, "expected ')'");
      }
    }
    this.expect(L.LPAREN, `expected '(' in ${op} constantexpr`);
    if (op === "getelementptr") {
      f.source = this.parseType(false);
      this.expect(L.COMMA, "expected comma after getelementptr's type");
    }
    return f;
  }

  /** After an operand of a constant expression: true when another follows (the lexer on its type), else its end is read. */
  private nextOperand(f: ValueFrame): boolean {
    const lex: Lexer = this.lex;
    const op = f.op;
    if (CASTS.has(op)) {
      this.expectKw(K.to, "expected 'to' in constantexpr cast");
      f.source = this.parseType(false);
    } else if (op === "extractvalue" || (op === "insertvalue" && f.parts.length === 2)) {
      f.indices = this.parseIndexList();
    } else if (op !== "splat" && this.eat(L.COMMA)) {
      if (op === "getelementptr") this.eatKw(K.inrange); // LLVM 14 marks one index so
      return true;
    }
    this.expect(L.RPAREN, `expected ')' in ${op} constantexpr`);
    void lex;
    return false;
  }

  /** A complete constant expression: checks its operands as LLVM does; its type checked against the expected one. */
  private closeExpression(f: ValueFrame): Ty {
    const lex: Lexer = this.lex;
    const op = f.op;
    const ops = f.parts;
    let got: Ty;
    const need = (n: number) => {
      if (ops.length !== n) lex.fail(`expected ${n} operand${n === 1 ? "" : "s"} to ${op}`);
    };
    if (CASTS.has(op)) {
      need(1);
      if (!this.castIsValid(op, ops[0], f.source!)) lex.fail(`invalid cast opcode for cast from '${ops[0].text}' to '${f.source!.text}'`);
      got = f.source!;
    } else if (INT_BINARY.has(op) || FP_BINARY.has(op)) {
      need(2);
      if (ops[0] !== ops[1]) lex.fail(`operands of constexpr must have same type`);
      if (FP_BINARY.has(op) ? !T.isFPOrFPVector(ops[0]) : !T.isIntOrIntVector(ops[0]))
        lex.fail(`constexpr requires ${FP_BINARY.has(op) ? "fp" : "integer or integer vector"} operands`);
      got = ops[0];
    } else
      switch (op) {
        case "icmp":
        case "fcmp":
          need(2);
          if (ops[0] !== ops[1]) lex.fail(`compare operands must have the same type`);
          if (op === "fcmp" ? !T.isFPOrFPVector(ops[0]) : !T.isIntOrIntVector(ops[0]) && !T.isPtrOrPtrVector(ops[0])) lex.fail(`invalid operands to ${op}`);
          got = this.compareResult(ops[0]);
          break;
        case "fneg":
          need(1);
          if (!T.isFPOrFPVector(ops[0])) lex.fail(`constexpr requires fp operands`);
          got = ops[0];
          break;
        case "select": {
          need(3);
          const why = this.selectInvalid(ops[0], ops[1], ops[2]);
          if (why !== null) lex.fail(why);
          got = ops[1];
          break;
        }
        case "extractvalue": {
          need(1);
          if (!T.isAggregate(ops[0])) lex.fail(`extractvalue operand must be aggregate type`);
          const t = this.extractValueType(ops[0], f.indices!);
          if (t === null) lex.fail(`invalid indices for extractvalue`);
          got = t;
          break;
        }
        case "insertvalue": {
          need(2);
          if (!T.isAggregate(ops[0])) lex.fail(`insertvalue operand must be aggregate type`);
          const t = this.extractValueType(ops[0], f.indices!);
          if (t === null) lex.fail(`invalid indices for insertvalue`);
          if (t !== ops[1]) lex.fail(`insertvalue operand and field disagree in type: '${ops[1].text}' instead of '${t.text}'`);
          got = ops[0];
          break;
        }
        case "getelementptr":
          if (ops.length === 0) lex.fail(`base of getelementptr must be a pointer`);
          got = this.gepResult(f.source!, ops[0], ops.slice(1).map((t, i) => ({ ty: t, int: f.ints[i + 1] })));
          break;
        case "splat":
          need(1);
          if (f.expected.kind !== T.VECTOR) lex.fail(`vector constant must have vector type`);
          if (ops[0] !== f.expected.elem) this.mismatch(ops[0], f.expected.elem!);
          got = f.expected;
          break;
        case "ptrauth":
          if (ops.length < 2 || !T.isPointer(ops[0])) lex.fail(`constant ptrauth base pointer must be a pointer`);
          got = ops[0];
          break;
        default:
          got = this.vectorOpResult(op, ops);
      }
    if (!this.same(got, f.expected)) this.mismatch(got, f.expected);
    this.vInt = null;
    this.vConst = true;
    this.vZero = false;
    return f.expected;
  }

  /** A floating-point literal of type `ty` (LLVM 14: decimal and `0x` literals are doubles, narrowed only where exact). */
  private checkFloat(ty: Ty): void {
    const lex: Lexer = this.lex;
    if (!T.isFloatingPoint(ty)) lex.fail(`floating point constant invalid for type '${ty.text}'`);
    const kind = lex.hexKind;
    const bad = () => lex.fail(`floating point constant invalid for type '${ty.text}'`);
    const wrongType = () => lex.fail(`floating point constant does not have type '${ty.text}'`);
    if (kind === 0 || kind === 74 /* J: double bits */) {
      let v: number;
      if (kind === 0) v = Number(lex.s.slice(lex.vStart, lex.vEnd));
      else {
        const hex = lex.s.slice(lex.vStart, lex.vEnd);
        if (hex.length > 16) lex.fail(`constant bigger than 64 bits detected`);
        const bits = BigInt(`0x${hex}`);
        const buf = new DataView(new ArrayBuffer(8));
        buf.setBigUint64(0, bits);
        v = buf.getFloat64(0);
        if (Number.isNaN(v) && ty.kind !== T.DOUBLE) {
          // a NaN's payload must survive narrowing
          const mantissa = bits & 0xfffffffffffffn;
          const keep = ty.kind === T.FLOAT ? 29n : ty.kind === T.HALF ? 42n : 45n;
          if ((mantissa & ((1n << keep) - 1n)) !== 0n) bad();
          return;
        }
      }
      switch (ty.kind) {
        case T.DOUBLE:
          return;
        case T.FLOAT:
          if (!Number.isNaN(v) && Math.fround(v) !== v) bad();
          return;
        case T.HALF:
          if (!Number.isNaN(v) && !isExactHalf(v)) bad();
          return;
        case T.BFLOAT:
          if (!Number.isNaN(v) && !isExactBFloat(v)) bad();
          return;
        default:
          wrongType(); // a double for x86_fp80, fp128, ppc_fp128
      }
    }
    // `0xK` x86_fp80, `0xL` fp128, `0xM` ppc_fp128, `0xH` half, `0xR` bfloat: exactly that type
    const want = kind === 75 ? T.X86_FP80 : kind === 76 ? T.FP128 : kind === 77 ? T.PPC_FP128 : kind === 72 ? T.HALF : T.BFLOAT;
    if (ty.kind !== want) wrongType();
  }

  /** The result type of a getelementptr on `base` of element type `source`, after checking it as LLVM does. */
  private gepResult(source: Ty, base: Ty, indices: { ty: Ty; int: bigint | null }[]): Ty {
    const lex: Lexer = this.lex;
    if (!T.isPtrOrPtrVector(base)) lex.fail(`base of getelementptr must be a pointer`);
    const basePtr = T.scalarOf(base);
    if (basePtr.kind === T.TYPED_PTR && basePtr.elem !== source)
      lex.fail(`explicit pointee type doesn't match operand's pointee type (${source.text} vs ${basePtr.elem!.text})`);
    let width = base.kind === T.VECTOR ? base.n : 0;
    let scalable = base.kind === T.VECTOR && base.flag;
    for (const i of indices) {
      if (!T.isIntOrIntVector(i.ty)) lex.fail(`getelementptr index must be an integer`);
      if (i.ty.kind === T.VECTOR) {
        if (width !== 0 && width !== i.ty.n) lex.fail(`getelementptr vector index has a wrong number of elements`);
        width = i.ty.n;
        scalable = i.ty.flag;
      }
    }
    if (indices.length > 0 && !T.isSized(source)) lex.fail(`base element of getelementptr must be sized`);
    let t: Ty | null = source;
    for (let k = 1; k < indices.length && t !== null; k++) t = this.indexInto(t, indices[k]);
    if (t === null) lex.fail(`invalid getelementptr indices`);
    const ptr = this.pointerTo(t, basePtr.n);
    return width !== 0 ? this.types.vector(width, ptr, scalable) : ptr;
  }

  /** The element of aggregate `t` that index `i` selects (`GetElementPtrInst::getTypeAtIndex`), or null. */
  private indexInto(t: Ty, i: { ty: Ty; int: bigint | null }): Ty | null {
    if (t.kind === T.STRUCT || t.kind === T.NAMED) {
      const fields = T.structFields(t);
      if (fields === null) return null;
      // a struct's index is a constant i32 (or a vector of them) within the fields
      if (T.scalarOf(i.ty) !== this.types.i32 || i.int === null) return null;
      if (i.int < 0n || i.int >= BigInt(fields.length)) return null;
      return fields[Number(i.int)];
    }
    if (t.kind === T.ARRAY || t.kind === T.VECTOR) return t.elem;
    return null;
  }

  /** `extractvalue`'s indices into `agg`, or null where they do not select a field. */
  private extractValueType(agg: Ty, idx: number[]): Ty | null {
    let t: Ty = agg;
    for (const i of idx) {
      if (t.kind === T.ARRAY) {
        if (i >= t.n) return null;
        t = t.elem!;
      } else if (t.kind === T.STRUCT || t.kind === T.NAMED) {
        const f = T.structFields(t);
        if (f === null || i >= f.length) return null;
        t = f[i];
      } else return null;
    }
    return t;
  }

  /** `, uint32, ...` of extractvalue and insertvalue (at least one). */
  private parseIndexList(): number[] {
    const lex: Lexer = this.lex;
    if (lex.kind !== L.COMMA) lex.fail(`expected ',' as start of index list`);
    const idx: number[] = [];
    while (lex.kind === L.COMMA) {
      lex.next();
      if (lex.kind === L.MD_VAR) {
        if (idx.length === 0) lex.fail(`expected index`);
        this.ateExtraComma = true;
        return idx;
      }
      idx.push(this.parseUInt32());
    }
    return idx;
  }

  /** Set where an instruction's grammar ate the comma before its metadata attachments. */
  private ateExtraComma = false;

  private compareResult(a: Ty): Ty {
    return a.kind === T.VECTOR ? this.types.vector(a.n, this.types.i1, a.flag) : this.types.i1;
  }

  /** `SelectInst::areInvalidOperands`. */
  private selectInvalid(c: Ty, a: Ty, b: Ty): string | null {
    if (a !== b) return "both values to select must have same type";
    if (a.kind === T.TOKEN) return "select values cannot have token type";
    if (c.kind === T.VECTOR) {
      if (c.elem !== this.types.i1) return "vector select condition element type must be i1";
      if (a.kind !== T.VECTOR) return "selected values for vector select must be vectors";
      if (a.n !== c.n || a.flag !== c.flag) return "vector select requires selected vectors to have the same vector length as select condition";
    } else if (c !== this.types.i1) return "select condition must be i1 or <n x i1>";
    return null;
  }

  /** shufflevector, insertelement, extractelement: operand checks and result type. */
  private vectorOpResult(op: string, ops: Ty[]): Ty {
    const lex: Lexer = this.lex;
    if (op === "extractelement") {
      if (ops.length !== 2) lex.fail(`expected two operands to extractelement`);
      if (ops[0].kind !== T.VECTOR || !T.isInteger(ops[1])) lex.fail(`invalid extractelement operands`);
      return ops[0].elem!;
    }
    if (op === "insertelement") {
      if (ops.length !== 3) lex.fail(`expected three operands to insertelement`);
      if (ops[0].kind !== T.VECTOR || ops[1] !== ops[0].elem || !T.isInteger(ops[2])) lex.fail(`invalid insertelement operands`);
      return ops[0];
    }
    if (ops.length !== 3) lex.fail(`expected three operands to shufflevector`);
    const [a, b, mask] = ops;
    if (a.kind !== T.VECTOR || a !== b || mask.kind !== T.VECTOR || mask.elem !== this.types.i32 || (a.flag !== mask.flag))
      lex.fail(`invalid shufflevector operands`);
    return this.types.vector(mask.n, a.elem!, mask.flag);
  }

  /** `CastInst::castIsValid`. */
  private castIsValid(op: string, src: Ty, dst: Ty): boolean {
    if (!T.isFirstClass(src) || !T.isFirstClass(dst) || T.isAggregate(src) || T.isAggregate(dst)) return false;
    const sv = src.kind === T.VECTOR;
    const dv = dst.kind === T.VECTOR;
    if (sv !== dv && op !== "bitcast") return false;
    if (sv && dv && op !== "bitcast" && (src.n !== dst.n || src.flag !== dst.flag)) return false;
    const s = T.scalarOf(src);
    const d = T.scalarOf(dst);
    switch (op) {
      case "trunc":
        return s.kind === T.INT && d.kind === T.INT && s.n > d.n;
      case "zext":
      case "sext":
        return s.kind === T.INT && d.kind === T.INT && s.n < d.n;
      case "fptrunc":
        return T.isFloatingPoint(s) && T.isFloatingPoint(d) && fpBits(s) > fpBits(d);
      case "fpext":
        return T.isFloatingPoint(s) && T.isFloatingPoint(d) && fpBits(s) < fpBits(d);
      case "uitofp":
      case "sitofp":
        return s.kind === T.INT && T.isFloatingPoint(d);
      case "fptoui":
      case "fptosi":
        return T.isFloatingPoint(s) && d.kind === T.INT;
      case "ptrtoint":
      case "ptrtoaddr":
        return T.isPointer(s) && d.kind === T.INT;
      case "inttoptr":
        return s.kind === T.INT && T.isPointer(d);
      case "addrspacecast":
        if (!T.isPointer(s) || !T.isPointer(d) || s.n === d.n) return false;
        return s.kind !== T.TYPED_PTR || d.kind !== T.TYPED_PTR || s.elem === d.elem;
      case "bitcast": {
        const sp = T.isPointer(s);
        const dp = T.isPointer(d);
        if (sp !== dp) return false;
        if (!sp) return primitiveBits(src) !== 0 && primitiveBits(src) === primitiveBits(dst);
        if (s.n !== d.n) return false;
        if (sv && dv) return src.n === dst.n && src.flag === dst.flag;
        if (sv) return src.n === 1 && !src.flag;
        if (dv) return dst.n === 1 && !dst.flag;
        return true;
      }
    }
    return false;
  }

  // --- locals -----------------------------------------------------------------------------

  /** A use of a local value or block as type `ty`. */
  private useLocal(name: string | null, number: number, ty: Ty): void {
    const fn = this.fn!;
    const lex: Lexer = this.lex;
    const sym = name === null ? fn.numbered.get(number) : fn.named.get(name);
    if (sym !== undefined) {
      if (this.same(sym.ty, ty)) return;
      // the name as printed only for a message (a regular expression and a string per use otherwise)
      const shown = shownName("%", name, number);
      if (ty.kind === T.LABEL) lex.fail(`'${shown}' is not a basic block`);
      lex.fail(`'${shown}' defined with type '${sym.ty.text}' but expected '${ty.text}'`);
    }
    if (!T.isFirstClass(ty)) lex.fail(`invalid use of a non-first-class type '${ty.text}'`);
    const fwd: LocalSym = { ty, defined: false, line: lex.line };
    if (name === null) fn.numbered.set(number, fwd);
    else fn.named.set(name, fwd);
    fn.forward++;
  }

  /**
   * Defines a local: an argument, block or instruction result. `name` null: numbered, as
   * `number`, or the next number when that is -1; what: for messages.
   */
  private defineLocal(name: string | null, number: number, ty: Ty, line: number, what: string): void {
    const fn = this.fn!;
    let sym: LocalSym | undefined;
    if (name === null) {
      if (number < 0) number = fn.next;
      else if (number !== fn.next) this.fail(`${what} expected to be numbered '${what === "label" ? "" : "%"}${fn.next}'`, line);
      fn.next = number + 1;
      sym = fn.numbered.get(number);
    } else sym = fn.named.get(name);
    if (sym !== undefined) {
      // the name as printed only for a message (see useLocal)
      if (sym.defined) this.fail(`multiple definition of local value named '${shownName("%", name, number).slice(1)}'`, line);
      if (!this.same(sym.ty, ty))
        this.fail(ty.kind === T.LABEL || sym.ty.kind === T.LABEL
          ? `'${shownName("%", name, number)}' is used as ${sym.ty.kind === T.LABEL ? "a block" : `a value of type '${sym.ty.text}'`} (line ${sym.line}) but defined as ${ty.kind === T.LABEL ? "a block" : `a value of type '${ty.text}'`}`
          : `${what} forward referenced with type '${sym.ty.text}' (line ${sym.line}), defined with type '${ty.text}'`, line);
      sym.defined = true;
      sym.line = line;
      fn.forward--;
      return;
    }
    const def: LocalSym = { ty, defined: true, line };
    if (name === null) fn.numbered.set(number, def);
    else fn.named.set(name, def);
  }

  // ===========================================================================================
  // metadata
  // ===========================================================================================

  private markMetadata(id: number, what: number): void {
    if (id >= MD_DENSE) {
      this.mdDefinedSparse.set(id, what);
      return;
    }
    if (id >= this.mdDefined.length) {
      const grown = new Uint8Array(Math.min(MD_DENSE, Math.max(this.mdDefined.length * 2, id + 1)));
      grown.set(this.mdDefined);
      this.mdDefined = grown;
    }
    this.mdDefined[id] = what;
  }

  /** What metadata number `id` is (see `MD_TUPLE_DEFINED`), 0 when it is not defined. */
  private metadataDefinition(id: number): number {
    if (id < 0) return id === -1 ? MD_SPECIALIZED_DEFINED : MD_TUPLE_DEFINED;
    if (id >= MD_DENSE) return this.mdDefinedSparse.get(id) ?? 0;
    return id < this.mdDefined.length ? this.mdDefined[id] : 0;
  }

  private isMetadataDefined(id: number): boolean {
    return this.metadataDefinition(id) !== 0;
  }

  /** A reference `!N` (the lexer on `N`). */
  private useMetadataId(): number {
    const lex: Lexer = this.lex;
    if (lex.kind !== L.INT || lex.neg) lex.fail(`expected metadata node number, found ${lex.here()}`);
    const id = this.parseUInt32();
    if (!this.isMetadataDefined(id) && !this.mdForward.has(id)) this.mdForward.set(id, lex.line);
    return id;
  }

  /** `!N = [distinct] !{...}` or `!N = [distinct] !DIKind(...)`. */
  private parseStandaloneMetadata(): void {
    const lex: Lexer = this.lex;
    this.entityWhat = "metadata node";
    lex.next();
    if (lex.kind !== L.INT || lex.neg) lex.fail(`expected metadata node number, found ${lex.here()}`);
    const id = this.parseUInt32();
    this.expect(L.EQUAL, "expected '=' here");
    if (lex.kind === L.TYPE) lex.fail(`unexpected type in metadata definition`);
    const distinct = this.eatKw(K.distinct);
    const line = lex.line;
    let what = MD_TUPLE_DEFINED;
    if (lex.kind === L.MD_VAR) {
      what = DI_KIND_CODE.get(lex.value()) ?? MD_SPECIALIZED_DEFINED;
      this.definingMd = id;
      this.parseSpecializedNode(distinct);
      this.definingMd = -1;
    } else {
      this.expect(L.EXCLAIM, "Expected '!' here");
      if (lex.kind !== L.LBRACE) lex.fail(`expected '{' here, found ${lex.here()}`);
      const ops: MdOperand[] = [];
      this.parseMdNodeVector(ops);
      this.mdTuples.set(id, { ops, line });
    }
    if (this.isMetadataDefined(id)) lex.fail(`Metadata id is already used: !${id}`);
    this.markMetadata(id, what);
    this.mdForward.delete(id);
  }

  /** `!name = !{!0, !1}` */
  private parseNamedMetadata(): void {
    const lex: Lexer = this.lex;
    this.entityWhat = "named metadata";
    const name = lex.value();
    const line = lex.line;
    lex.next();
    this.expect(L.EQUAL, "expected '=' here");
    this.expect(L.EXCLAIM, "Expected '!' here");
    this.expect(L.LBRACE, "Expected '{' here");
    const ids: number[] = [];
    if (lex.kind !== L.RBRACE)
      do {
        if (lex.kind === L.MD_VAR && lex.value() === "DIExpression") {
          this.parseSpecializedNode(false);
          ids.push(-1);
        } else if (lex.kind === L.MD_VAR && lex.value() === "DIArgList") lex.fail(`found DIArgList outside of function`);
        else {
          this.expect(L.EXCLAIM, "Expected '!' here");
          ids.push(this.useMetadataId());
        }
      } while (this.eat(L.COMMA));
    this.expect(L.RBRACE, "expected end of metadata node");
    if (name === "llvm.module.flags") this.moduleFlags.push({ ids, line });
    if (name === "llvm.ident" || name === "llvm.commandline") this.stringLists.push({ name, ids, line });
    if (name === "llvm.ident" && ids.length > 0 && this.identNode < 0) this.identNode = ids[0];
  }

  /** The first node of `!llvm.ident` (clang's version string), for the release's rules. */
  private identNode = -1;
  /** `!llvm.ident` and `!llvm.commandline`: lists of nodes that each hold one string. */
  private readonly stringLists: { name: string; ids: number[]; line: number }[] = [];

  /** Numbers below -1 for the tuples written inline (`!range !{i32 0, i32 10}`), kept in `mdTuples`. */
  private nextInlineTuple = -2;

  private inlineTuple(ops: MdOperand[]): MdOperand {
    const id = this.nextInlineTuple--;
    this.mdTuples.set(id, { ops, line: this.lex.line });
    return { kind: "node", node: id };
  }

  private linkScope(from: number, to: number): void {
    let l = this.scopeLinks.get(from);
    if (l === undefined) this.scopeLinks.set(from, (l = { to: [], line: this.lex.line }));
    l.to.push(to);
  }

  /** The verifier's rules on `!llvm.ident` and `!llvm.commandline`: each entry a node of one string. */
  private checkStringLists(): void {
    for (const { name, ids, line } of this.stringLists)
      for (const id of ids) {
        const node = id < 0 ? undefined : this.mdTuples.get(id);
        if (node === undefined || node.ops.length !== 1) this.fail(`incorrect number of operands in ${name} metadata: !${id}`, node?.line ?? line);
        if (node.ops[0].kind !== "string") this.fail(`invalid value for ${name} metadata entry operand (the operand should be a string): !${id}`, node.line);
      }
  }

  /** A cycle of `scope`/`inlinedAt` links (see `scopeLinks`): found by a walk with an explicit stack. */
  private checkScopeCycles(): void {
    const state = new Map<number, number>(); // 1: on the walk's path, 2: done
    for (const start of this.scopeLinks.keys()) {
      if (state.has(start)) continue;
      const stack: [number, number][] = [[start, 0]];
      state.set(start, 1);
      while (stack.length > 0) {
        const top = stack[stack.length - 1];
        const links = this.scopeLinks.get(top[0])?.to ?? [];
        if (top[1] < links.length) {
          const next = links[top[1]++];
          const s = state.get(next);
          if (s === 1) this.fail(`the scope and inlinedAt links of !${next} lead back to it: LLVM's verifier never returns on such a cycle`, this.scopeLinks.get(next)!.line);
          if (s === undefined) {
            state.set(next, 1);
            stack.push([next, 0]);
          }
        } else {
          state.set(top[0], 2);
          stack.pop();
        }
      }
    }
  }

  /**
   * Metadata (LLParser's `parseMetadata`): `!N`, `!"string"`, `!{...}`, `!DIKind(...)`,
   * `!DIArgList(...)` (in a function), or `T v` (a value as metadata). `ops`: where to note what
   * it was (the operands of a node kept for the module flags). Nested nodes are read without
   * recursion (`readMetadata`).
   */
  private parseMetadata(locals: boolean, ops: MdOperand[] | null): void {
    this.readMetadata(locals, ops, MD_ITEM, false);
  }

  /** `{ [null | metadata] (, ...)* }` at `{`, each operand noted in `ops` (when given). */
  private parseMdNodeVector(ops: MdOperand[] | null): void {
    this.readMetadata(false, ops, MD_TUPLE, false);
  }

  /** `!DIKind(field: value, ...)` at its name. */
  private parseSpecializedNode(distinct: boolean): void {
    this.readMetadata(false, null, MD_NODE, distinct);
  }

  /**
   * The metadata at hand, of the form `what`: any item (`MD_ITEM`), a tuple's `{...}`
   * (`MD_TUPLE`), or a specialized node (`MD_NODE`). Tuples and nodes hold metadata: those still
   * open are a stack, never a recursion. `ops` notes the operands of the outermost tuple, or the
   * item itself.
   */
  private readMetadata(locals: boolean, ops: MdOperand[] | null, what: number, distinct: boolean): void {
    const lex: Lexer = this.lex;
    const stack: MdFrame[] = [];
    let item: MdOperand = OTHER_OPERAND;
    if (what === MD_TUPLE) {
      this.expect(L.LBRACE, "expected '{' here");
      const f = mdFrame(MD_TUPLE, ops);
      if (!this.firstElement(f)) {
        if (f.closed) return;
        item = NO_OPERAND;
      }
      stack.push(f);
    } else if (what === MD_NODE) {
      const f = this.openNode(distinct);
      if (f === null) return;
      stack.push(f);
      if (!this.startField(f)) item = NO_OPERAND;
    }
    start: for (;;) {
      if (item !== NO_OPERAND || stack.length === 0) {
        // an item starts here
        item = OTHER_OPERAND;
        if (lex.kind === L.MD_VAR) {
          const name = lex.value();
          if (name === "DIArgList") {
            if (!locals || stack.length > 0) lex.fail(`found DIArgList outside of function`);
            this.parseDIArgList();
          } else if (name === "DIExpression") {
            lex.next();
            this.parseDIExpressionBody();
            item = SPECIALIZED_OPERAND;
          } else {
            const f = this.openNode(false);
            if (f !== null) {
              stack.push(f);
              if (this.startField(f)) continue start;
              item = NO_OPERAND;
            }
          }
        } else if (lex.kind !== L.EXCLAIM) {
          // a value as metadata: `i32 7`, `ptr @g`, `i32 %x` (in a function)
          if (lex.kind !== L.TYPE && lex.kind !== L.LOCAL && lex.kind !== L.LOCAL_ID && lex.kind !== L.LBRACE && lex.kind !== L.LSQUARE && lex.kind !== L.LESS && !lex.isKw(K.target))
            lex.fail(`expected metadata operand, found ${lex.here()}`);
          const t = this.parseType(false);
          if (stack.length === 0) {
            this.mdValueFrom = lex.start;
            this.mdValueFirst = lex.kind;
          }
          if (t.kind === T.METADATA) lex.fail(`invalid metadata-value-metadata roundtrip`);
          this.parseValue(t, locals && stack.length === 0);
          // (the value as LLVM's `getLimitedValue` reads it: unsigned)
          item = this.vInt !== null && t.kind === T.INT ? { kind: "int", int: BigInt.asUintN(t.n, this.vInt), bits: t.n } : OTHER_OPERAND;
        } else {
          lex.next();
          if (lex.kind === L.STRING) {
            item = { kind: "string", text: lex.value() };
            lex.next();
          } else if (lex.kind === L.LBRACE) {
            lex.next();
            const f = mdFrame(MD_TUPLE, []);
            if (this.firstElement(f)) {
              stack.push(f);
              continue start;
            }
            if (!f.closed) {
              stack.push(f);
              item = NO_OPERAND;
            } else item = this.inlineTuple([]);
          } else item = { kind: "node", node: this.useMetadataId() };
        }
      }
      // `item` is complete (or, NO_OPERAND, a frame's null operand or scalar field): the next step of the innermost open node
      for (;;) {
        if (stack.length === 0) {
          if (what === MD_ITEM) ops?.push(item);
          return;
        }
        const f = stack[stack.length - 1];
        if (f.kind === MD_TUPLE) {
          if (item !== NO_OPERAND && f.ops !== null) f.ops.push(item);
          if (this.eat(L.COMMA)) {
            if (this.eatKw(K.null)) {
              if (f.ops !== null) f.ops.push(NULL_OPERAND);
              item = NO_OPERAND;
              continue;
            }
            item = OTHER_OPERAND;
            continue start;
          }
          this.expect(L.RBRACE, "expected end of metadata node");
        } else {
          if (item.kind === "node" && item.node! >= 0 && stack.length === 1 && this.definingMd >= 0 && (f.field === "scope" || f.field === "inlinedAt") && SCOPE_NODES.has(f.node))
            this.linkScope(this.definingMd, item.node!);
          if (this.eat(L.COMMA)) {
            if (this.startField(f)) {
              item = OTHER_OPERAND;
              continue start;
            }
            item = NO_OPERAND;
            continue;
          }
          this.closeNode(f);
        }
        stack.pop();
        if (stack.length === 0 && what !== MD_ITEM) return;
        // a node written inline, now an operand of the node around it (or the item read)
        item = f.kind === MD_TUPLE ? this.inlineTuple(f.ops ?? []) : SPECIALIZED_OPERAND;
      }
    }
  }

  /** After a tuple's `{`: true when an operand that is metadata follows, false when the tuple closed or its first operand is `null`. */
  private firstElement(f: MdFrame): boolean {
    const lex: Lexer = this.lex;
    if (lex.kind === L.RBRACE) {
      lex.next();
      f.closed = true;
      return false;
    }
    if (this.eatKw(K.null)) {
      f.ops?.push(NULL_OPERAND);
      return false;
    }
    return true;
  }

  /** `!DIKind(` at the kind: the node's frame, or null for `()` (checked and closed). */
  private openNode(distinct: boolean): MdFrame | null {
    const lex: Lexer = this.lex;
    const kind = lex.value();
    const fields = M.DI_NODES.get(kind);
    if (fields === undefined) lex.fail(`expected metadata type, found ${lex.here()}`);
    if (kind === "DICompileUnit" && !distinct) lex.fail(`missing 'distinct', required for !DICompileUnit`);
    lex.next();
    this.expect(L.LPAREN, "expected '(' here");
    const f = mdFrame(MD_NODE, null);
    f.node = kind;
    f.fields = fields;
    f.distinct = distinct;
    if (lex.kind === L.RPAREN) {
      this.closeNode(f);
      return null;
    }
    return f;
  }

  /**
   * A field of node `f`: its label, then a scalar value (read here: false), or metadata (true:
   * the lexer on it).
   */
  private startField(f: MdFrame): boolean {
    const lex: Lexer = this.lex;
    if (lex.kind !== L.LABEL || lex.quoted) lex.fail(`expected field label here, found ${lex.here()}`);
    const name = lex.value();
    const spec = f.fields!.get(name);
    if (spec === undefined) lex.fail(`invalid field '${name}' of !${f.node}`);
    if (f.seen.has(name)) lex.fail(`field '${name}' cannot be specified more than once`);
    f.field = name;
    lex.next();
    const metadata =
      spec.kind === M.MD || spec.kind === M.MD_NOT_NULL || ((spec.kind === M.SIGNED_OR_MD || spec.kind === M.SIGNED_OR_MD_NOT_NULL || spec.kind === M.UNSIGNED_OR_MD) && lex.kind !== L.INT);
    if (metadata && !lex.isKw(K.null)) {
      f.seen.set(name, "!");
      return true;
    }
    f.seen.set(name, this.parseScalarField(name, spec));
    return false;
  }

  /** The `)` of node `f`: its required fields and the checks across fields. */
  private closeNode(f: MdFrame): void {
    const lex: Lexer = this.lex;
    if (lex.kind !== L.RPAREN) lex.fail(`expected ')' here, found ${lex.here()}`);
    const kind = f.node;
    const seen = f.seen;
    for (const [name, spec] of f.fields!) if (spec.required === true && !seen.has(name)) lex.fail(`missing required field '${name}' of !${kind}`);
    lex.next();
    if (kind === "DIFile" && seen.has("checksumkind") !== seen.has("checksum")) lex.fail(`'checksumkind' and 'checksum' must be provided together`);
    if (kind === "DIEnumerator" && seen.get("isUnsigned") === "true" && seen.get("value")!.startsWith("-")) lex.fail(`unsigned enumerator with negative value`);
    if (kind === "DISubprogram" && !f.distinct) {
      const sp = seen.get("spFlags");
      const definition = sp !== undefined ? /DISPFlagDefinition/.test(sp) || (/^\d+$/.test(sp) && (Number(sp) & 8) !== 0) : seen.get("isDefinition") !== "false";
      if (definition) lex.fail(`missing 'distinct', required for !DISubprogram that is a Definition`);
    }
  }

  /** A field's value that is no metadata (or `null`): its text as written (for the checks across fields). */
  private parseScalarField(name: string, spec: M.FieldSpec): string {
    const lex: Lexer = this.lex;
    const start = lex.start;
    const intField = (max: bigint) => {
      if (lex.kind !== L.INT || lex.neg) lex.fail(`expected unsigned integer, found ${lex.here()}`);
      const v = intValue(lex);
      if (v > max) lex.fail(`value for '${name}' too large, limit is ${max}`);
      lex.next();
    };
    const named = (valid: ReadonlySet<string>, what: string, token: number) => {
      if (lex.kind === L.INT) return intField(M.KIND_MAX[spec.kind]);
      if (lex.kind !== token) lex.fail(`expected ${what}, found ${lex.here()}`);
      if (!valid.has(lex.text())) lex.fail(`invalid ${what} '${lex.text()}'`);
      lex.next();
    };
    switch (spec.kind) {
      case M.MD:
      case M.SIGNED_OR_MD:
      case M.UNSIGNED_OR_MD:
        if (lex.isKw(K.null)) {
          lex.next();
          break;
        }
        this.signedField(name, spec);
        break;
      case M.MD_NOT_NULL:
      case M.SIGNED_OR_MD_NOT_NULL:
        if (lex.isKw(K.null)) lex.fail(`'${name}' cannot be null`);
        this.signedField(name, spec);
        break;
      case M.STRING:
      case M.STRING_NOT_EMPTY: {
        if (lex.kind !== L.STRING) lex.fail(`expected string constant, found ${lex.here()}`);
        if (spec.kind === M.STRING_NOT_EMPTY && lex.vStart === lex.vEnd) lex.fail(`'${name}' cannot be empty`);
        lex.next();
        break;
      }
      case M.UNSIGNED:
        intField(spec.max!);
        break;
      case M.SIGNED: {
        if (lex.kind !== L.INT) lex.fail(`expected signed integer, found ${lex.here()}`);
        const v = intValue(lex);
        if (v < spec.min!) lex.fail(`value for '${name}' too small, limit is ${spec.min}`);
        if (v > spec.max!) lex.fail(`value for '${name}' too large, limit is ${spec.max}`);
        lex.next();
        break;
      }
      case M.BOOL:
        if (!lex.isKw(K.true) && !lex.isKw(K.false)) lex.fail(`expected 'true' or 'false', found ${lex.here()}`);
        lex.next();
        break;
      case M.APSINT:
        if (lex.kind !== L.INT) lex.fail(`expected integer, found ${lex.here()}`);
        lex.next();
        break;
      case M.TAG:
        named(DW_TAGS, "DWARF tag", L.DWARF);
        break;
      case M.ATE:
        named(DW_ATES, "DWARF type attribute encoding", L.DWARF);
        break;
      case M.VIRTUALITY:
        named(DW_VIRTUALITIES, "DWARF virtuality code", L.DWARF);
        break;
      case M.LANG:
        named(DW_LANGS, "DWARF language", L.DWARF);
        break;
      case M.CC:
        named(DW_CCS, "DWARF calling convention", L.DWARF);
        break;
      case M.MACINFO:
        named(DW_MACINFOS, "DWARF macinfo type", L.DWARF);
        break;
      case M.EMISSION:
        named(M.EMISSION_KINDS, "emission kind", L.EMISSION_KIND);
        break;
      case M.NAME_TABLE:
        named(M.NAME_TABLE_KINDS, "nameTable kind", L.NAME_TABLE_KIND);
        break;
      case M.CHECKSUM:
        if (lex.kind !== L.CHECKSUM_KIND || !M.CHECKSUM_KINDS.has(lex.text())) lex.fail(`invalid checksum kind ${lex.here()}`);
        lex.next();
        break;
      case M.DIFLAGS:
      case M.DISPFLAGS: {
        const sp = spec.kind === M.DISPFLAGS;
        do {
          if (lex.kind === L.INT && !lex.neg) {
            this.parseUInt32();
            continue;
          }
          if (lex.kind !== (sp ? L.DISPFLAG : L.DIFLAG)) lex.fail(`expected debug info flag, found ${lex.here()}`);
          if (!(sp ? DISP_FLAGS : DI_FLAGS).has(lex.text())) lex.fail(`invalid ${sp ? "subprogram " : ""}debug info flag '${lex.text()}'`);
          lex.next();
        } while (this.eat(L.BAR));
        break;
      }
      case M.MD_LIST:
        this.parseMdNodeVector(null);
        break;
    }
    return lex.s.slice(start, lex.start).trim().replace(/,$/, "").trim();
  }

  /** The integer of a field that takes an integer or metadata (the lexer on the integer). */
  private signedField(name: string, spec: M.FieldSpec): void {
    const lex: Lexer = this.lex;
    if (lex.kind !== L.INT) lex.fail(`expected metadata or an integer for '${name}', found ${lex.here()}`);
    const v = intValue(lex);
    if (spec.kind === M.UNSIGNED_OR_MD) {
      if (lex.neg) lex.fail(`expected unsigned integer`);
      if (v > U64) lex.fail(`value for '${name}' too large, limit is ${U64}`);
    } else {
      const min = spec.min ?? -(1n << 63n);
      const max = spec.max ?? (1n << 63n) - 1n;
      if (v < min) lex.fail(`value for '${name}' too small, limit is ${min}`);
      if (v > max) lex.fail(`value for '${name}' too large, limit is ${max}`);
    }
    lex.next();
  }

  /** `!DIArgList(T v, ...)` in a function. */
  private parseDIArgList(): void {
    const lex: Lexer = this.lex;
    lex.next();
    this.expect(L.LPAREN, "expected '(' here");
    if (lex.kind !== L.RPAREN)
      do {
        const t = this.parseType(false);
        if (t.kind === T.METADATA) lex.fail(`invalid metadata-value-metadata roundtrip`);
        this.readValue(t);
      } while (this.eat(L.COMMA));
    this.expect(L.RPAREN, "expected ')' here");
  }

  /** `(op, ...)` of a `!DIExpression`. */
  private parseDIExpressionBody(): void {
    const lex: Lexer = this.lex;
    this.expect(L.LPAREN, "expected '(' here");
    if (lex.kind !== L.RPAREN)
      do {
        if (lex.kind === L.DWARF) {
          const w = lex.text();
          if (lex.dwarf === 5 /* OP */) {
            if (!DW_OPS.has(w)) lex.fail(`invalid DWARF op '${w}'`);
          } else if (lex.dwarf === 1 /* ATE */) {
            if (!DW_ATES.has(w)) lex.fail(`invalid DWARF attribute encoding '${w}'`);
          } else lex.fail(`expected unsigned integer, found ${lex.here()}`);
          lex.next();
          continue;
        }
        if (lex.kind !== L.INT || lex.neg) lex.fail(`expected unsigned integer, found ${lex.here()}`);
        if (intValue(lex) > U64) lex.fail(`element too large, limit is ${U64}`);
        lex.next();
      } while (this.eat(L.COMMA));
    this.expect(L.RPAREN, "expected ')' here");
  }

  /**
   * `!kind !N` (or an inline node) of an instruction, a global or a function. Returns the kind
   * among those whose nodes the verifier reads (`ATTACHMENT_KINDS`, else 0; never `!dbg`, whose
   * faults LLVM forgives by dropping the debug information), and the node (`MdOperand.node`).
   */
  private parseMetadataAttachment(): { kind: number; node: number; name: string } {
    const lex: Lexer = this.lex;
    if (lex.kind !== L.MD_VAR) lex.fail(`expected metadata after comma, found ${lex.here()}`);
    // `!dbg`, by far the most frequent, is told by its bytes without making the name
    const b = lex.b;
    const dbg = lex.vEnd - lex.vStart === 3 && b[lex.vStart] === 100 && b[lex.vStart + 1] === 98 && b[lex.vStart + 2] === 103;
    const name = dbg ? "dbg" : lex.value();
    const kind = dbg ? 0 : (ATTACHMENT_KINDS.get(name) ?? 0);
    lex.next();
    return { kind, node: this.parseMdNode(), name };
  }

  /** `!N`, `!{...}` or `!DIKind(...)` (LLParser's `parseMDNode`): the node (`MdOperand.node`). */
  private parseMdNode(): number {
    const lex: Lexer = this.lex;
    if (lex.kind === L.MD_VAR) {
      this.parseSpecializedNode(false);
      return -1;
    }
    this.expect(L.EXCLAIM, "expected '!' here");
    if (lex.kind === L.LBRACE) {
      const ops: MdOperand[] = [];
      this.parseMdNodeVector(ops);
      return this.inlineTuple(ops).node!;
    }
    return this.useMetadataId();
  }

  // --- the nodes instructions are annotated with -------------------------------------

  /** The `successors` of the instruction being read (`br`, `switch`, `indirectbr`), for `!prof`. */
  private successors = 0;

  /** Attachments to check in `finish`, once per node and what the check depends on. */
  private readonly pendingAttachments = new Map<string, PendingAttachment>();

  private pendAttachment(key: string, kind: number, node: number, line: number, op: string, ty: Ty, name = ""): void {
    if (!this.pendingAttachments.has(key)) this.pendingAttachments.set(key, { kind, node, line, op, ty, successors: this.successors, name });
  }

  /**
   * An attachment `!name node` of an instruction `op` whose result has type `ty`: what the
   * verifier says of the instruction at once, what it says of the node once it is read.
   */
  private instructionAttachment(kind: number, node: number, name: string, op: string, ty: Ty, line: number): void {
    switch (kind) {
      case A_RANGE:
        if (op !== "load" && op !== "call" && op !== "invoke") this.fail(`Ranges are only for loads, calls and invokes! (!range on ${op})`, line);
        this.pendAttachment(`r${node}:${ty.id}`, kind, node, line, op, ty, "range");
        return;
      case A_NONNULL:
        if (!T.isPointer(ty)) this.fail(`nonnull applies only to pointer types (!nonnull on ${op})`, line);
        if (op !== "load") this.fail(`nonnull applies only to load instructions, use attributes for calls or invokes (!nonnull on ${op})`, line);
        return;
      case A_ALIGN:
        if (!T.isPointer(ty)) this.fail(`align applies only to pointer types (!align on ${op})`, line);
        if (op !== "load") this.fail(`align applies only to load instructions, use attributes for calls or invokes (!align on ${op})`, line);
        this.pendAttachment(`a${node}`, kind, node, line, op, ty, "align");
        return;
      case A_DEREFERENCEABLE:
        if (!T.isPointer(ty)) this.fail(`dereferenceable, dereferenceable_or_null apply only to pointer types (!${name} on ${op})`, line);
        if (op !== "load" && op !== "inttoptr") this.fail(`dereferenceable, dereferenceable_or_null apply only to load and inttoptr instructions, use attributes for calls or invokes (!${name} on ${op})`, line);
        this.pendAttachment(`d${node}`, kind, node, line, op, ty, name);
        return;
      case A_PROF:
        this.pendAttachment(`p${node}:${op}:${this.successors}`, kind, node, line, op, ty, "prof");
        return;
      case A_TBAA:
        if (!TBAA_INSTRUCTIONS.has(op)) this.fail(`This instruction shall not have a TBAA access tag! (${op})`, line);
        this.pendAttachment(`t${node}`, kind, node, line, op, ty, "tbaa");
        return;
      case A_ALIAS_SCOPE:
        this.pendAttachment(`s${node}`, kind, node, line, op, ty, name);
        return;
      case A_ANNOTATION:
        this.pendAttachment(`n${node}`, kind, node, line, op, ty, "annotation");
        return;
    }
  }

  /** `call void @llvm.experimental.noalias.scope.decl(metadata !N)`: `!N` lists one scope. */
  private noAliasScopeDeclaration(arg: MdOperand, line: number): void {
    if (arg.kind !== "node") this.fail(`!id.scope.list must point to an MDNode (llvm.experimental.noalias.scope.decl)`, line);
    this.pendAttachment(`D${arg.node}`, A_SCOPE_DECLARATION, arg.node!, line, "call", this.types.void, "id.scope.list");
  }

  /** Whether node `id` is a specialized node of one of `kinds`, or one written inline (not told: taken). */
  private isSpecializedOf(id: number, kinds: ReadonlySet<string>): boolean {
    const what = this.metadataDefinition(id);
    return what === MD_SPECIALIZED_DEFINED || (what >= MD_KIND_BASE && kinds.has(DI_KINDS[what - MD_KIND_BASE]));
  }

  /** The operands of node `id` when it is a tuple; null for a specialized node (`!DIFile(...)`). */
  private tupleOps(id: number): MdOperand[] | null {
    return this.mdTuples.get(id)?.ops ?? null;
  }

  /** The verifier's rules on the nodes of the pending attachments: the first fault, at its instruction. */
  private checkAttachments(): void {
    const scalarCache = new Map<number, boolean>();
    const baseCache = new Map<number, BaseSummary>();
    for (const a of this.pendingAttachments.values()) {
      const ops = this.tupleOps(a.node);
      const where = a.node >= 0 ? `!${a.name} !${a.node}` : `!${a.name}`;
      let problem: string | null = null;
      if (ops === null) {
        // a specialized node: its operands are never integer constants, never a tuple
        if (a.kind === A_RANGE) problem = "The lower limit must be an integer!";
        else if (a.kind === A_ALIGN) problem = "align metadata value must be an i64!";
        else if (a.kind === A_DEREFERENCEABLE) problem = "dereferenceable, dereferenceable_or_null metadata value must be an i64!";
        else if (a.kind === A_ANNOTATION) problem = "annotation must be a tuple";
        else if (a.kind === A_FUNCTION_PROF) problem = "!prof of a function must be a tuple starting with 'function_entry_count'";
        else if (a.kind === A_PROF && !this.isSpecializedOf(a.node, PROF_LIKE_NODES)) problem = "expected string with name of the !prof annotation";
        else if (a.kind === A_ALIAS_SCOPE && !this.isSpecializedOf(a.node, SCOPE_LIST_LIKE_NODES)) problem = "a debug-information node is no list of alias scopes";
        else if (a.kind === A_SCOPE_DECLARATION && !this.isSpecializedOf(a.node, NO_NODES)) problem = "!id.scope.list must point to a list with a single scope";
        // (!tbaa reads a specialized node's own operands: not followed)
      } else
        switch (a.kind) {
          case A_RANGE:
            problem = rangeProblem(ops, a.ty);
            break;
          case A_ALIGN:
            if (ops.length !== 1) problem = "align takes one operand!";
            else if (ops[0].kind !== "int" || ops[0].bits !== 64) problem = "align metadata value must be an i64!";
            else {
              const v = ops[0].int!;
              if (v === 0n || (v & (v - 1n)) !== 0n) problem = "align metadata value must be a power of 2!";
              else if (v > 1n << 32n) problem = "alignment is larger that implementation defined limit";
            }
            break;
          case A_DEREFERENCEABLE:
            if (ops.length !== 1) problem = "dereferenceable, dereferenceable_or_null take one operand!";
            else if (ops[0].kind !== "int" || ops[0].bits !== 64) problem = "dereferenceable, dereferenceable_or_null metadata value must be an i64!";
            break;
          case A_PROF:
            problem = profProblem(ops, a.op, a.successors);
            break;
          case A_FUNCTION_PROF:
            problem = functionProfProblem(ops);
            break;
          case A_TBAA:
            problem = this.tbaaProblem(a.node, ops, scalarCache, baseCache);
            break;
          case A_ALIAS_SCOPE:
            problem = this.scopeListProblem(ops);
            break;
          case A_SCOPE_DECLARATION:
            problem = ops.length !== 1 ? "!id.scope.list must point to a list with a single scope" : this.scopeListProblem(ops);
            break;
          case A_ANNOTATION:
            if (ops.length < 1) problem = "annotation must have at least one operand";
            else if (ops.some((o) => o.kind !== "string")) problem = "operands must be strings";
            break;
        }
      if (problem !== null) this.fail(`${problem} (${where})`, a.line);
    }
  }

  /** `Verifier::visitAliasScopeListMetadata`: a list of scopes, each with its domain. */
  private scopeListProblem(list: MdOperand[]): string | null {
    for (const op of list) {
      if (op.kind !== "node") return "scope list must consist of MDNodes";
      const scope = this.tupleOps(op.node!);
      // (a specialized node's operands never make a scope: a count other than 2 or 3, or no name or self first, or no node second)
      if (scope === null) return "a debug-information node is no alias scope";
      if (scope.length < 2 || scope.length > 3) return "scope must have two or three operands";
      if (!(isNode(scope[0], op.node!) || scope[0].kind === "string")) return "first scope operand must be self-referential or string";
      if (scope.length === 3 && scope[2].kind !== "string") return "third scope operand must be string (if used)";
      if (scope[1].kind !== "node") return "second scope operand must be MDNode";
      const domain = this.tupleOps(scope[1].node!);
      if (domain === null) {
        if (this.isSpecializedOf(scope[1].node!, DOMAIN_LIKE_NODES)) continue;
        return "a debug-information node is no alias scope domain";
      }
      if (domain.length < 1 || domain.length > 2) return "domain must have one or two operands";
      if (!(isNode(domain[0], scope[1].node!) || domain[0].kind === "string")) return "first domain operand must be self-referential or string";
      if (domain.length === 2 && domain[1].kind !== "string") return "second domain operand must be string (if used)";
    }
    return null;
  }

  /**
   * `TBAAVerifier::visitTBAAMetadata` on access tag `tag`: the tag's fields, then the path from
   * its base type down to the access type, each step through a base node the verifier checks
   * (`verifyTBAABaseNode`). A loop, as LLVM's (which stops on a cycle); null when LLVM takes it
   * or stops without a fault (a base node of two operands that is no scalar type).
   */
  private tbaaProblem(tag: number, md: MdOperand[], scalarCache: Map<number, boolean>, baseCache: Map<number, BaseSummary>): string | null {
    void tag;
    if (md.length < 3 || md[0].kind !== "node") return "Old-style TBAA is no longer allowed, use struct-path TBAA instead";
    let base: number | null = md[0].node!;
    const accessType = md[1].kind === "node" ? md[1].node! : null;
    const accessOps = accessType === null ? null : this.tupleOps(accessType);
    if (accessType !== null && accessOps === null) return null; // a specialized node: not followed
    const newFormat = accessOps !== null && accessOps.length >= 3 && accessOps[0].kind === "node";
    if (newFormat) {
      if (md.length !== 4 && md.length !== 5) return "Access tag metadata must have either 4 or 5 operands";
      if (md[3].kind !== "int") return "Access size field must be a constant";
    } else if (md.length >= 5) return "Struct tag metadata must have either 3 or 4 operands";
    const immutable = newFormat ? 4 : 3;
    if (md.length === immutable + 1) {
      const f = md[immutable];
      if (f.kind !== "int") return "Immutability tag on struct tag metadata must be a constant";
      if (f.int !== 0n && f.int !== 1n) return "Immutability part of the struct tag metadata must be either 0 or 1";
    }
    if (accessType === null) return "Malformed struct tag metadata: base and access-type should be non-null and point to Metadata nodes";
    if (!newFormat && !this.isScalarTbaaNode(accessType, scalarCache)) return "Access type node must be a valid scalar type";
    if (md[2].kind !== "int") return "Offset must be constant integer";
    let offset = md[2].int!;
    const offsetBits = md[2].bits!;
    let seenAccessType = false;
    const path = new Set<number>();
    for (;;) {
      const baseOps: MdOperand[] | null = base === null ? null : this.tupleOps(base);
      if (base === null || baseOps === null) {
        if (base !== null) return null; // a specialized node: not followed
        break;
      }
      if (baseOps.length < 2) break; // the root
      if (path.has(base)) return "Cycle detected in struct path";
      path.add(base);
      const summary = this.tbaaBaseSummary(base, baseOps, newFormat, scalarCache, baseCache);
      if (summary.problem !== null) return summary.problem;
      if (summary.invalid) return null; // LLVM stops here without a message
      if (base === accessType) seenAccessType = true;
      if ((this.isScalarTbaaNode(base, scalarCache) || base === accessType) && offset !== 0n) return "Offset not zero at the point of scalar access";
      if (!(summary.bits === offsetBits || (summary.bits === 0 && offset === 0n) || (newFormat && summary.bits === -1)))
        return "Access bit-width not the same as description bit-width";
      if (newFormat && seenAccessType) break;
      // getFieldNodeFromTBAABaseNode
      if (baseOps.length === 2) {
        base = baseOps[1].node!;
        continue;
      }
      const first = newFormat ? 3 : 1;
      const step = newFormat ? 3 : 2;
      let field = -1;
      for (let i = first; i < baseOps.length && field < 0; i += step)
        if (baseOps[i + 1].int! > offset) {
          if (i === first) return "Could not find TBAA parent in struct type node";
          field = i - step;
        }
      if (field < 0) field = baseOps.length - step;
      offset = BigInt.asUintN(offsetBits, offset - baseOps[field + 1].int!);
      // (LLVM casts the field to a node: what is none makes it fail)
      if (baseOps[field].kind !== "node") return "the TBAA access path leads to an operand that is no node";
      base = baseOps[field].node!;
    }
    if (!seenAccessType) return "Did not see access type in access path!";
    return null;
  }

  /** `isValidScalarTBAANode`: a string, then a parent that is the root or a scalar type (a loop over parents). */
  private isScalarTbaaNode(id: number, cache: Map<number, boolean>): boolean {
    const known = cache.get(id);
    if (known !== undefined) return known;
    const visited = new Set<number>();
    let node = id;
    let result = false;
    for (;;) {
      const ops = this.tupleOps(node);
      if (ops === null || (ops.length !== 2 && ops.length !== 3) || ops[0].kind !== "string") break;
      if (ops.length === 3 && !(ops[2].kind === "int" && ops[2].int === 0n)) break;
      if (ops[1].kind !== "node" || visited.has(ops[1].node!)) break;
      const parent = ops[1].node!;
      visited.add(parent);
      const parentOps = this.tupleOps(parent);
      if (parentOps === null) break;
      if (parentOps.length < 2) {
        result = true;
        break;
      }
      node = parent;
    }
    cache.set(id, result);
    return result;
  }

  /** `verifyTBAABaseNode`: whether the base node is valid, the width of its offsets, the fault it reports. */
  private tbaaBaseSummary(id: number, ops: MdOperand[], newFormat: boolean, scalarCache: Map<number, boolean>, cache: Map<number, BaseSummary>): BaseSummary {
    const known = cache.get(id);
    if (known !== undefined) return { ...known, problem: null }; // reported once, where first met
    let s: BaseSummary;
    if (ops.length === 2) s = this.isScalarTbaaNode(id, scalarCache) ? { invalid: false, bits: 0, problem: null } : { invalid: true, bits: -1, problem: null };
    else s = tbaaStructSummary(ops, newFormat);
    cache.set(id, s);
    return s;
  }

  /** The verifier's rules on `!llvm.module.flags` (`Verifier::visitModuleFlag`). */
  private checkModuleFlags(): void {
    if (this.moduleFlags.length === 0) return;
    const seen = new Map<string, MdOperand>();
    const requirements: { flag: string; value: MdOperand; line: number }[] = [];
    // LLVM 15 added `Min` (8); 14 knows 1 (Error) to 7 (Max)
    const last = this.identVersion() === 14 ? 7n : 8n;
    for (const flags of this.moduleFlags)
      for (const id of flags.ids) {
        let line = flags.line;
        const node = id < 0 ? undefined : this.mdTuples.get(id);
        const ops = node?.ops;
        const where = `module flag !${id}`;
        if (ops === undefined || ops.length !== 3) this.fail(`incorrect number of operands in ${where}`, node?.line ?? line);
        line = node!.line;
        const [behavior, key, value] = ops;
        if (behavior.kind !== "int") this.fail(`invalid behavior operand in ${where} (expected constant integer)`, line);
        const b = behavior.int!;
        if (b < 1n || b > last) this.fail(`invalid behavior operand in ${where} (unexpected constant ${b})`, line);
        if (key.kind !== "string") this.fail(`invalid ID operand in ${where} (expected metadata string)`, line);
        const name = key.text!;
        if (b === 7n || b === 8n) {
          if (value.kind !== "int") this.fail(`invalid value for '${b === 7n ? "max" : "min"}' module flag ${name} (expected constant integer)`, line);
        } else if (b === 3n) {
          const pair = value.kind === "node" ? this.mdTuples.get(value.node!)?.ops : undefined;
          if (pair === undefined || pair.length !== 2) this.fail(`invalid value for 'require' module flag ${name} (expected metadata pair)`, line);
          if (pair[0].kind !== "string") this.fail(`invalid value for 'require' module flag ${name} (first value operand should be a string)`, line);
          requirements.push({ flag: pair[0].text!, value: pair[1], line });
        } else if (b === 5n || b === 6n) {
          if (value.kind !== "node" && value.kind !== "other") this.fail(`invalid value for 'append'-type module flag ${name} (expected a metadata node)`, line);
        }
        if (b !== 3n) {
          if (seen.has(name)) this.fail(`module flag identifiers must be unique (or of 'require' type): ${name}`, line);
          seen.set(name, value);
        }
        if ((name === "wchar_size" || name === "SemanticInterposition") && value.kind !== "int") this.fail(`${name} metadata requires constant integer argument`, line);
      }
    for (const r of requirements) {
      const v = seen.get(r.flag);
      if (v === undefined) this.fail(`invalid requirement on flag ${r.flag}, flag is not present in module`, r.line);
      if (v.kind !== r.value.kind || v.int !== r.value.int || v.text !== r.value.text || v.node !== r.value.node)
        this.fail(`invalid requirement on flag ${r.flag}, flag does not have the required value`, r.line);
    }
  }

  /** The clang release that wrote the module, from `!llvm.ident` (undefined when it does not say). */
  private identVersion(): number | undefined {
    const ops = this.identNode < 0 ? undefined : this.mdTuples.get(this.identNode)?.ops;
    const text = ops?.[0]?.kind === "string" ? ops[0].text! : "";
    const m = /clang version (\d+)/.exec(text);
    return m === null ? undefined : Number(m[1]);
  }

  // ===========================================================================================
  // attributes
  // ===========================================================================================

  /**
   * Function attributes (`nounwind "frame-pointer"="all" #0`), or an attribute group's body
   * (`use` GROUP: `align=8`, no `#N`). Stops at the first word that is no attribute (an error in a
   * group). Returns how many it read and the names of the keyword attributes. The verifier's rules
   * on a function's or a call's attributes (`use` FN_USE) look at them together with the groups
   * they name: checked here when there is no group, else at the end of the module (`finish`), when
   * every group has been read.
   */
  private parseFnAttributes(use: number): { count: number; names: Set<string> } {
    const lex: Lexer = this.lex;
    const inGroup = use === GROUP;
    const line = lex.line;
    const names = new Set<string>();
    let strings: [string, string][] | null = null;
    let groups: number[] | null = null;
    let count = 0;
    for (;;) {
      if (lex.kind === L.RBRACE && inGroup) break;
      if (lex.kind === L.STRING) {
        const key = lex.value();
        lex.next();
        const value = this.eat(L.EQUAL) ? this.parseString("an attribute value") : "";
        (strings ??= []).push([key, value]);
        count++;
        continue;
      }
      if (lex.kind === L.ATTR_GRP) {
        if (inGroup) lex.fail(`cannot have an attribute group reference in an attribute group`);
        (groups ??= []).push(lex.uint);
        lex.next();
        count++;
        continue;
      }
      const spec = lex.kind === L.KEYWORD ? ATTRIBUTES.get(KEYWORDS[lex.kw]) : undefined;
      if (spec === undefined) {
        if (inGroup) lex.fail(`unterminated attribute group: ${lex.here()} is no attribute`);
        break;
      }
      const name = KEYWORDS[lex.kw];
      if ((spec.where & FN) === 0) lex.fail(`this attribute does not apply to functions: ${name}`);
      this.parseAttributeArgument(name, spec.arg, inGroup);
      names.add(name);
      count++;
    }
    if (inGroup) this.groupBeingRead = { names, strings: strings ?? [] };
    else if (use === FN_USE) {
      const own: FnAttributeSet = { names, strings: strings ?? [] };
      if (groups === null) this.checkFnAttributeSet(own, line);
      else {
        // most calls say only `#N`: one pending check for all of them
        const key = groups.join(",") + (names.size === 0 && strings === null ? "" : `|${[...names].join(",")}|${JSON.stringify(strings)}`);
        if (!this.pendingFnAttributes.has(key)) this.pendingFnAttributes.set(key, { own, groups, line });
      }
    }
    return { count, names };
  }

  /**
   * The verifier's rules on the attributes of a function or a call (`Verifier::verifyFunctionAttrs`):
   * no two incompatible ones, and the values of the string attributes it knows.
   */
  private checkFnAttributeSet(set: FnAttributeSet, line: number): void {
    for (const [a, b] of INCOMPATIBLE_FN_ATTRIBUTES) if (set.names.has(a) && set.names.has(b)) this.fail(`attributes '${a} and ${b}' are incompatible`, line);
    for (const [key, value] of set.strings) {
      const problem = stringAttributeProblem(key, value);
      if (problem !== null) this.fail(problem, line);
    }
  }

  /** The attribute group being read (`parseAttributeGroup` files it under its number). */
  private groupBeingRead: FnAttributeSet | null = null;
  private readonly attributeGroups = new Map<number, FnAttributeSet>();
  /** Function and call attributes that name groups, to check in `finish`; by what they say. */
  private readonly pendingFnAttributes = new Map<string, { own: FnAttributeSet; groups: number[]; line: number }>();

  /** LLParser merges the attributes of groups of the same number. */
  private fileAttributeGroup(id: number, set: FnAttributeSet): void {
    const known = this.attributeGroups.get(id);
    if (known === undefined) this.attributeGroups.set(id, set);
    else {
      for (const n of set.names) known.names.add(n);
      known.strings.push(...set.strings);
    }
  }

  private checkPendingFnAttributes(): void {
    for (const { own, groups, line } of this.pendingFnAttributes.values()) {
      const names = new Set(own.names);
      const strings = [...own.strings];
      for (const g of groups) {
        const set = this.attributeGroups.get(g);
        if (set === undefined) continue; // LLParser accepts a group that is never defined
        for (const n of set.names) names.add(n);
        strings.push(...set.strings);
      }
      this.checkFnAttributeSet({ names, strings }, line);
    }
  }

  /** Parameter or return attributes (`where`: `PARAM` or `RET`), up to the first word that is none. */
  private parseParamAttributes(where: number): { names: Set<string>; types: Map<string, Ty> } {
    const lex: Lexer = this.lex;
    const names = new Set<string>();
    const types = new Map<string, Ty>();
    for (;;) {
      if (lex.kind === L.STRING) {
        lex.next();
        if (this.eat(L.EQUAL)) this.parseString("an attribute value");
        continue;
      }
      const spec = lex.kind === L.KEYWORD ? ATTRIBUTES.get(KEYWORDS[lex.kw]) : undefined;
      if (spec === undefined) break;
      const name = KEYWORDS[lex.kw];
      if ((spec.where & where) === 0) lex.fail(`this attribute does not apply to ${where === PARAM ? "parameters" : "return values"}: ${name}`);
      const t = this.parseAttributeArgument(name, spec.arg, false);
      if (t !== null) types.set(name, t);
      names.add(name);
    }
    return { names, types };
  }

  /** What follows an attribute's keyword (the lexer on it); the type of a type attribute. */
  private parseAttributeArgument(name: string, arg: number, inGroup: boolean): Ty | null {
    const lex: Lexer = this.lex;
    switch (arg) {
      case ALIGN:
        if (inGroup) {
          lex.next();
          this.expect(L.EQUAL, "expected '=' here");
          this.parseUInt32();
        } else this.parseAlignment(true);
        return null;
      case ALIGNSTACK: {
        lex.next();
        let v: number;
        if (inGroup) {
          this.expect(L.EQUAL, "expected '=' here");
          v = this.parseUInt32();
        } else {
          this.expect(L.LPAREN, "expected '('");
          v = this.parseUInt32();
          this.expect(L.RPAREN, "expected ')'");
        }
        if (v === 0 || (v & (v - 1)) !== 0) lex.fail(`stack alignment is not a power of two`);
        return null;
      }
      case BYTES:
      case OPTIONAL_BYTES: {
        lex.next();
        if (!this.eat(L.LPAREN)) {
          if (arg === OPTIONAL_BYTES) return null;
          lex.fail(`expected '('`);
        }
        const v = this.parseUInt64();
        this.expect(L.RPAREN, "expected ')'");
        if (v === 0n) lex.fail(`${name} bytes must be non-zero`);
        return null;
      }
      case TYPE_ARG: {
        lex.next();
        this.expect(L.LPAREN, "expected '('");
        const t = this.parseType(false);
        this.expect(L.RPAREN, "expected ')'");
        return t;
      }
      case ALLOCSIZE: {
        lex.next();
        this.expect(L.LPAREN, "expected '('");
        const a = this.parseUInt32();
        if (this.eat(L.COMMA)) {
          const b = this.parseUInt32();
          if (a === b) lex.fail(`'allocsize' indices can't refer to the same parameter`);
        }
        this.expect(L.RPAREN, "expected ')'");
        return null;
      }
      case VSCALE_RANGE: {
        lex.next();
        this.expect(L.LPAREN, "expected '('");
        const min = this.parseUInt32();
        let max = min;
        if (this.eat(L.COMMA)) max = this.parseUInt32();
        this.expect(L.RPAREN, "expected ')'");
        if (max !== 0 && min > max) lex.fail(`'vscale_range' minimum cannot be greater than maximum`);
        return null;
      }
      case UWTABLE:
        lex.next();
        if (this.eat(L.LPAREN)) {
          if (!lex.isKw(K.sync) && !lex.isKw(K.async)) lex.fail(`expected unwind table kind`);
          lex.next();
          this.expect(L.RPAREN, "expected ')'");
        }
        return null;
      case ALLOCKIND: {
        lex.next();
        this.expect(L.LPAREN, "expected '('");
        const kinds = this.parseString("the allockind value");
        for (const k of kinds.split(",")) if (!["alloc", "realloc", "free", "uninitialized", "zeroed", "aligned"].includes(k)) lex.fail(`unknown allockind ${k}`);
        this.expect(L.RPAREN, "expected ')'");
        return null;
      }
      case MEMORY: {
        lex.ignoreColon = true;
        lex.next();
        this.expect(L.LPAREN, "expected '('");
        for (;;) {
          if (lex.isKw(K.argmem) || lex.isKw(K.inaccessiblemem) || lex.isKw(K.errnomem)) {
            lex.next();
            this.expect(L.COLON, "expected ':' after location");
          }
          if (!lex.isKw(K.none) && !lex.isKw(K.read) && !lex.isKw(K.write) && !lex.isKw(K.readwrite)) lex.fail(`expected access kind (none, read, write, readwrite)`);
          lex.next();
          if (lex.kind === L.RPAREN) break;
          this.expect(L.COMMA, "unterminated memory attribute");
        }
        lex.ignoreColon = false;
        lex.next();
        return null;
      }
      case CAPTURES:
      case NOFPCLASS:
      case RANGE:
      case INITIALIZES: {
        // attributes of later releases: their parenthesized argument, balanced
        lex.ignoreColon = true;
        lex.next();
        if (lex.kind !== L.LPAREN) lex.fail(`expected '('`);
        let depth = 0;
        do {
          if (lex.kind === L.LPAREN) depth++;
          else if (lex.kind === L.RPAREN) depth--;
          else if (lex.kind === L.EOF) lex.fail(`expected ')'`);
          lex.next();
        } while (depth > 0);
        lex.ignoreColon = false;
        return null;
      }
      default:
        lex.next();
        return null;
    }
  }

  /** The verifier's `typeIncompatible`: pointer-only attributes on a non-pointer, and so on. */
  private checkAttributesSuit(attrs: { names: Set<string>; types: Map<string, Ty> }, ty: Ty, what: string): void {
    for (const name of attrs.names) {
      const only = ATTRIBUTES.get(name)?.only;
      if (only === undefined) continue;
      if ((only === "P" && !T.isPointer(ty)) || (only === "I" && ty.kind !== T.INT) || (only === "V" && ty.kind === T.VOID))
        this.lex.fail(`attribute '${name}' applied to incompatible type '${ty.text}' of a ${what}`);
    }
    // byval(T) and friends name the pointee of a typed pointer
    if (ty.kind === T.TYPED_PTR)
      for (const [name, t] of attrs.types) if (name !== "elementtype" && t !== ty.elem) this.lex.fail(`attribute '${name}' type does not match parameter: ${t.text} for ${ty.text}`);
  }

  /** The verifier's checks of a function's attributes against its parameters. */
  private checkFunctionAttributes(fnAttrs: Set<string>, params: { ty: Ty; attrs: Set<string> }[], ret: Ty): void {
    void fnAttrs;
    void ret;
    const lex: Lexer = this.lex;
    let sret = 0;
    for (const p of params) {
      if (p.attrs.has("sret")) sret++;
      const exclusive = ["byval", "inalloca", "preallocated", "inreg", "nest", "byref", "sret"].filter((a) => p.attrs.has(a));
      if (exclusive.length > 1 && !(exclusive.length === 2 && exclusive.includes("inreg") && exclusive.includes("sret")))
        lex.fail(`attributes '${exclusive.join(", ")}' are incompatible`);
      if (p.attrs.has("elementtype")) lex.fail(`attribute 'elementtype' can only be applied to intrinsics and inline asm`);
    }
    if (sret > 1) lex.fail(`cannot have multiple 'sret' parameters`);
  }

  // ===========================================================================================
  // instructions
  // ===========================================================================================

  /** The result of the instruction being read, for the rule that only phis may use their own value. */
  private selfName: string | null = null;
  private selfNumber = -1;

  /** `[%name =] opcode ... [, !kind !N ...]` */
  private parseInstructionLine(): LlvmInstr {
    const lex: Lexer = this.lex;
    const line = lex.line;
    let name: string | null = null;
    let number = -1;
    let named = false;
    let written: string | null = null;
    if (lex.kind === L.LOCAL || lex.kind === L.LOCAL_ID) {
      if (lex.kind === L.LOCAL) name = lex.value();
      else {
        number = lex.uint;
        written = this.writtenNumber();
      }
      named = true;
      lex.next();
      this.expect(L.EQUAL, "expected '=' after instruction name");
    }
    if (lex.kind !== L.KEYWORD || !OP.has(lex.kw)) lex.fail(`expected instruction opcode, found ${lex.here()}`);
    const op = OP.get(lex.kw)!;
    this.selfName = name;
    this.selfNumber = named && name === null ? number : -1;
    this.ateExtraComma = false;
    lex.next();
    this.successors = 0;
    this.ops.length = 0;
    this.labelOps.length = 0;
    this.built = null;
    const result = this.parseInstructionBody(op);
    if (this.holes !== null) return NO_INSTR; // a shape (`readShape`): the operands are all it wants
    if (this.ateExtraComma || this.eat(L.COMMA)) {
      do {
        const a = this.parseMetadataAttachment();
        if (a.kind !== 0) this.instructionAttachment(a.kind, a.node, a.name, CALLS.has(op) ? "call" : op, result, line);
      } while (this.eat(L.COMMA));
    }
    if (lex.kind !== L.EOF) lex.fail(`unexpected ${lex.here()} after the instruction`);
    this.selfName = null;
    this.selfNumber = -1;
    let resultName: string | null = null;
    if (result.kind === T.VOID) {
      if (named) lex.fail(`instructions returning void cannot have a name`);
    } else {
      this.defineLocal(name, name === null ? number : -1, result, line, "instruction");
      resultName = name ?? written ?? this.numberName(this.fn!.next - 1);
    }
    return this.model(op, resultName, line);
  }

  // ===========================================================================================
  // the instruction model (ir.ts), built as an instruction is read
  // ===========================================================================================

  /** The locals the instruction reads, in order (`LlvmInstrBase.operands`), and the blocks it names (labels). */
  private readonly ops: string[] = [];
  private readonly labelOps: string[] = [];
  /** Where the locals go instead of `ops` while a metadata argument is read (they are no operands). */
  private mdLocals: string[] | null = null;
  /** The instruction's own fields, for the kinds that have some (alloca, load, store, phi, calls), else null. */
  private built: LlvmInstr | null = null;
  /** The last local and global read, by name; the first token and start of the last value read (`readValue`). */
  private lastLocal = "";
  private lastGlobal = "";
  private vFrom = 0;
  private vFirst = 0;
  /** Where the parameter list of the last function header ends (read.ts reads the attributes after it). */
  private paramsEnd = 0;
  /** Decimal names (`%12` -> `12`), made once each. */
  private readonly numberNames: string[] = [];

  private numberName(v: number): string {
    if (v >= 4096) return String(v);
    const names = this.numberNames;
    while (names.length <= v) names.push(String(names.length));
    return names[v];
  }

  /** The name of the `LOCAL_ID` at hand as written: `%00` stays `00` (the model keeps names as written). */
  private writtenNumber(): string {
    const lex: Lexer = this.lex;
    return lex.b[lex.start + 1] === 48 /* 0 */ && lex.stop - lex.start > 2 ? lex.s.slice(lex.start + 1, lex.stop) : this.numberName(lex.uint);
  }

  private noteLocal(name: string, ty: Ty): void {
    this.lastLocal = name;
    if (ty.kind === T.LABEL) this.labelOps.push(name);
    else (this.mdLocals ?? this.ops).push(name);
  }

  /** The text since `from` up to the end of the last token read (a type or value as written). */
  private since(from: number): string {
    return this.lex.s.slice(from, this.lex.prevStop);
  }

  /** A value of type `t` (of any instruction, phis included), noted for `lastValue` and as a hole of a shape. */
  private readValue(t: Ty): void {
    const lex: Lexer = this.lex;
    this.vFrom = lex.start;
    this.vFirst = lex.kind;
    this.parseValue(t, true);
    if (this.holes !== null) this.holes.push({ start: this.vFrom, end: lex.prevStop, hole: { kind: "value", value: this.lastValue() } });
  }

  /** The last value `readValue` read, as the model has it. */
  private lastValue(): LlvmValue {
    switch (this.vFirst) {
      case L.LOCAL:
      case L.LOCAL_ID:
        return { kind: "local", name: this.lastLocal };
      case L.GLOBAL:
      case L.GLOBAL_ID:
        return { kind: "global", name: this.lastGlobal };
      case L.EXCLAIM:
      case L.MD_VAR:
        return { kind: "metadata", text: this.since(this.vFrom), locals: [] };
      default:
        return { kind: "const", text: this.since(this.vFrom) };
    }
  }

  /** A block operand's value (its `label` type read): the block, and a hole of a shape. */
  private labelValue(t: Ty): void {
    const lex: Lexer = this.lex;
    const from = lex.start;
    this.parseValue(t, true);
    if (this.holes !== null) this.holes.push({ start: from, end: lex.prevStop, hole: { kind: "label", name: this.lastLocal } });
  }

  /** A `metadata` argument after its type: as written, with the locals it wraps (no operands). */
  private metadataArgument(ops: MdOperand[] | null): LlvmValue {
    const lex: Lexer = this.lex;
    const from = lex.start;
    const first = lex.kind;
    const whole = first === L.EXCLAIM || (first === L.MD_VAR && lex.value() !== "DIArgList");
    const locals: string[] = [];
    this.mdLocals = locals;
    this.mdValueFrom = -1;
    try {
      this.parseMetadata(true, ops);
    } finally {
      this.mdLocals = null;
    }
    const text = this.since(from);
    if (this.holes !== null) {
      // as a value: `!12`, `!DIExpression()` whole; `i32 %x` its value; `!DIArgList(...)` its values (readValue)
      if (whole) this.holes.push({ start: from, end: lex.prevStop, hole: { kind: "value", value: { kind: "metadata", text, locals: [] } } });
      else if (this.mdValueFrom >= 0) {
        this.vFrom = this.mdValueFrom;
        this.vFirst = this.mdValueFirst;
        this.holes.push({ start: this.vFrom, end: lex.prevStop, hole: { kind: "value", value: this.lastValue() } });
      }
    }
    return { kind: "metadata", text, locals };
  }

  /** Where the value of a metadata argument `T v` starts, and its first token (-1: none). */
  private mdValueFrom = -1;
  private mdValueFirst = 0;

  /** The instruction just read as the model has it. */
  private model(op: string, result: string | null, line: number): LlvmInstr {
    const ops = this.ops;
    const operands = ops.length === 0 ? [] : ops.slice();
    const b = this.built;
    if (b !== null) {
      b.result = result;
      b.operands = operands;
      b.line = line;
      return b;
    }
    if (TERMINATOR_OPS.has(op)) return { op: op as "br", result, operands, line, succs: this.labelOps.slice() };
    return { op: op as "add", result, operands, line };
  }

  // ===========================================================================================
  // the shape of an instruction (text.ts `shapeOf`): its values and blocks, where they stand
  // ===========================================================================================

  /** The holes of the shape being read, or null (no shape is being read). */
  private holes: ShapeSpan[] | null = null;
  /** The checker that reads shapes for this module (`shapeSpans`): made on the first use. */
  private shapeReader: ModuleChecker | null = null;

  /**
   * Where the values and blocks of an instruction's text stand (valid text, as the module read
   * it: its result and metadata attachments aside, every operand a hole). Read by a checker of
   * its own, which shares this module's types: what it notes of the text's uses is thrown away.
   */
  shapeSpans(s: string, line: number): ShapeSpan[] {
    const r = (this.shapeReader ??= new ModuleChecker(this.file, undefined, this.types));
    r.pointerMode = this.pointerMode;
    return r.readShape(s, line);
  }

  private readShape(s: string, line: number): ShapeSpan[] {
    this.globals.clear();
    this.numberedGlobals.clear();
    this.mdForward.clear();
    this.pendingFnAttributes.clear();
    this.fn = { name: "", ret: this.types.void, vararg: false, named: new Map(), numbered: new Map(), next: 0, forward: 0 };
    const holes: ShapeSpan[] = [];
    this.holes = holes;
    try {
      this.lex.reset(s, codesOfAscii(s), 0, s.length, line);
      this.parseInstructionLine();
    } finally {
      this.holes = null;
      this.fn = null;
    }
    return holes;
  }

  /** Checks that the instruction does not use its own result (the verifier: only phis may). */
  private notSelf(): void {
    const lex: Lexer = this.lex;
    if (lex.kind === L.LOCAL && this.selfName !== null && lex.value() === this.selfName) lex.fail(`only PHI nodes may reference their own value`);
    if (lex.kind === L.LOCAL_ID && this.selfNumber >= 0 && lex.uint === this.selfNumber) lex.fail(`only PHI nodes may reference their own value`);
  }

  /** An operand `T v` of a non-phi instruction: its type. */
  private operand(): Ty {
    const t = this.parseType(false);
    this.notSelf();
    this.readValue(t);
    return t;
  }

  /** An operand `v` of type `t` of a non-phi instruction. */
  private operandOf(t: Ty): void {
    this.notSelf();
    this.readValue(t);
  }

  /** `label %bb` (the `label` type and a block). */
  private blockOperand(): void {
    const lex: Lexer = this.lex;
    const t = this.parseType(false);
    if (t.kind !== T.LABEL) {
      this.parseValue(t, true);
      lex.fail(`expected a basic block`);
    }
    if (lex.kind !== L.LOCAL && lex.kind !== L.LOCAL_ID) lex.fail(`expected a basic block, found ${lex.here()}`);
    this.labelValue(t);
  }

  private eatFastMath(): boolean {
    let any = false;
    while (this.lex.kind === L.KEYWORD && FAST_MATH.has(this.lex.kw)) {
      this.lex.next();
      any = true;
    }
    return any;
  }

  /** `, align N` (and `, addrspace(N)` for allocas) before the metadata attachments. */
  private parseOptionalCommaAlign(): boolean {
    const lex: Lexer = this.lex;
    let align = false;
    while (lex.kind === L.COMMA) {
      lex.next();
      if (lex.kind === L.MD_VAR) {
        this.ateExtraComma = true;
        return align;
      }
      if (!lex.isKw(K.align)) lex.fail(`expected metadata or 'align', found ${lex.here()}`);
      this.parseAlignment();
      align = true;
    }
    return align;
  }

  /** `[syncscope("...")] ordering` of an atomic instruction: the ordering. */
  private parseScopeAndOrdering(): number {
    const lex: Lexer = this.lex;
    if (this.eatKw(K.syncscope)) {
      this.expect(L.LPAREN, "Expected '(' in syncscope");
      this.parseString("a synchronization scope name");
      this.expect(L.RPAREN, "Expected ')' in syncscope");
    }
    return this.parseOrdering();
  }

  private parseOrdering(): number {
    const lex: Lexer = this.lex;
    const o = lex.kind === L.KEYWORD ? ORDERINGS.get(lex.kw) : undefined;
    if (o === undefined) lex.fail(`Expected ordering on atomic instruction, found ${lex.here()}`);
    lex.next();
    return o;
  }

  /** A pointer operand `T* %p` whose pointee must be `t` with typed pointers. */
  private checkPointee(what: string, ptr: Ty, t: Ty): void {
    if (ptr.kind === T.TYPED_PTR && ptr.elem !== t) this.lex.fail(`${what} (${t.text} vs ${ptr.elem!.text})`);
  }

  private parseInstructionBody(op: string): Ty {
    const lex: Lexer = this.lex;
    const types = this.types;
    const fn = this.fn!;
    switch (op) {
      case "unreachable":
        return types.void;
      case "ret": {
        const t = this.parseType(true);
        if (t.kind === T.VOID) {
          if (fn.ret.kind !== T.VOID && this.holes === null) lex.fail(`value doesn't match function result type '${fn.ret.text}'`);
          return types.void;
        }
        this.operandOf(t);
        if (!this.same(t, fn.ret) && this.holes === null) lex.fail(`value doesn't match function result type '${fn.ret.text}'`);
        return types.void;
      }
      case "br": {
        const t = this.parseType(false);
        if (t.kind === T.LABEL) {
          this.labelValue(t);
          this.successors = 1;
          return types.void;
        }
        this.successors = 2;
        this.operandOf(t);
        if (t !== types.i1) lex.fail(`branch condition must have 'i1' type`);
        this.expect(L.COMMA, "expected ',' after branch condition");
        this.blockOperand();
        this.expect(L.COMMA, "expected ',' after true destination");
        this.blockOperand();
        return types.void;
      }
      case "switch": {
        const t = this.operand();
        this.expect(L.COMMA, "expected ',' after switch condition");
        this.blockOperand();
        this.expect(L.LSQUARE, "expected '[' with switch table");
        this.successors = 1;
        if (t.kind !== T.INT) lex.fail(`switch condition must have integer type`);
        const seen = new Set<bigint>();
        while (lex.kind !== L.RSQUARE) {
          const ct = this.parseType(false);
          this.readValue(ct);
          if (!this.vConst || this.vInt === null) lex.fail(`case value is not a constant integer`);
          if (ct !== t) lex.fail(`switch constants must all be same type as switch value`);
          if (seen.has(this.vInt)) lex.fail(`duplicate case value in switch`);
          seen.add(this.vInt);
          this.successors++;
          this.expect(L.COMMA, "expected ',' after case value");
          this.blockOperand();
        }
        lex.next();
        return types.void;
      }
      case "indirectbr": {
        const t = this.operand();
        this.expect(L.COMMA, "expected ',' after indirectbr address");
        this.expect(L.LSQUARE, "expected '[' with indirectbr");
        if (!T.isPointer(t)) lex.fail(`indirectbr address must have pointer type`);
        if (lex.kind !== L.RSQUARE)
          do {
            this.blockOperand();
            this.successors++;
          } while (this.eat(L.COMMA));
        this.expect(L.RSQUARE, "expected ']' at end of block list");
        return types.void;
      }
      case "resume":
        this.operand();
        return types.void;
      case "cleanupret":
        this.expectKw(K.from, "expected 'from' after cleanupret");
        this.readValue(types.token);
        this.expectKw(K.unwind, "expected 'unwind' in cleanupret");
        if (this.eatKw(K.to)) this.expectKw(K.caller, "expected 'caller' in cleanupret");
        else this.blockOperand();
        return types.void;
      case "catchret":
        this.expectKw(K.from, "expected 'from' after catchret");
        this.readValue(types.token);
        this.expectKw(K.to, "expected 'to' in catchret");
        this.blockOperand();
        return types.void;
      case "catchswitch":
        this.expectKw(K.within, "expected 'within' after catchswitch");
        if (!lex.isKw(K.none) && lex.kind !== L.LOCAL && lex.kind !== L.LOCAL_ID) lex.fail(`expected scope value for catchswitch`);
        this.readValue(types.token);
        this.expect(L.LSQUARE, "expected '[' with catchswitch labels");
        do this.blockOperand();
        while (this.eat(L.COMMA));
        this.expect(L.RSQUARE, "expected ']' after catchswitch labels");
        this.expectKw(K.unwind, "expected 'unwind' after catchswitch scope");
        if (this.eatKw(K.to)) this.expectKw(K.caller, "expected 'caller' in catchswitch");
        else this.blockOperand();
        return types.token;
      case "catchpad":
      case "cleanuppad": {
        this.expectKw(K.within, `expected 'within' after ${op}`);
        if ((op === "catchpad" || !lex.isKw(K.none)) && lex.kind !== L.LOCAL && lex.kind !== L.LOCAL_ID) lex.fail(`expected scope value for ${op}`);
        this.readValue(types.token);
        this.expect(L.LSQUARE, "expected '[' in catchpad/cleanuppad");
        let first = true;
        while (lex.kind !== L.RSQUARE) {
          if (!first) this.expect(L.COMMA, "expected ',' in argument list");
          first = false;
          const t = this.parseType(false);
          if (t.kind === T.METADATA) this.metadataArgument(null);
          else this.readValue(t);
        }
        lex.next();
        return types.token;
      }
      case "fneg": {
        this.eatFastMath();
        const t = this.operand();
        if (!T.isFPOrFPVector(t)) lex.fail(`invalid operand type for instruction`);
        return t;
      }
      case "icmp":
      case "fcmp": {
        if (op === "icmp") this.eatKw(K.samesign);
        else this.eatFastMath();
        const preds = op === "icmp" ? ICMP_PREDICATES : FCMP_PREDICATES;
        if (lex.kind !== L.KEYWORD || !preds.has(lex.kw)) lex.fail(`expected ${op} predicate (e.g. '${op === "icmp" ? "eq" : "oeq"}'), found ${lex.here()}`);
        lex.next();
        const t = this.operand();
        this.expect(L.COMMA, "expected ',' after compare value");
        this.operandOf(t);
        if (op === "fcmp" ? !T.isFPOrFPVector(t) : !T.isIntOrIntVector(t) && !T.isPtrOrPtrVector(t)) lex.fail(`${op} requires ${op === "fcmp" ? "floating point" : "integer"} operands`);
        return this.compareResult(t);
      }
      case "select": {
        this.eatFastMath();
        const c = this.operand();
        this.expect(L.COMMA, "expected ',' after select condition");
        const a = this.operand();
        this.expect(L.COMMA, "expected ',' after select value");
        const b = this.operand();
        const why = this.selectInvalid(c, a, b);
        if (why !== null) lex.fail(why);
        return a;
      }
      case "va_arg": {
        this.operand();
        this.expect(L.COMMA, "expected ',' after vaarg operand");
        const t = this.parseType(false);
        if (!T.isFirstClass(t)) lex.fail(`va_arg requires operand with first class type`);
        return t;
      }
      case "extractelement":
      case "insertelement":
      case "shufflevector": {
        const ops = [this.operand()];
        const n = op === "extractelement" ? 2 : 3;
        while (ops.length < n) {
          this.expect(L.COMMA, `expected ',' after ${op} operand`);
          ops.push(this.operand());
        }
        return this.vectorOpResult(op, ops);
      }
      case "phi":
        return this.parsePhi();
      case "landingpad": {
        const t = this.parseType(false);
        this.eatKw(K.cleanup);
        while (lex.isKw(K.catch) || lex.isKw(K.filter)) {
          const isCatch = lex.isKw(K.catch);
          lex.next();
          const ct = this.parseType(false);
          this.parseValue(ct, true);
          if (isCatch === (ct.kind === T.ARRAY)) lex.fail(`'${isCatch ? "catch" : "filter"}' clause has an invalid type`);
          if (!this.vConst) lex.fail(`clause argument must be a constant`);
        }
        return t;
      }
      case "freeze":
        return this.operand();
      case "call":
      case "tail":
      case "musttail":
      case "notail":
        if (op !== "call") this.expectKw(K.call, "expected 'tail call', 'musttail call', or 'notail call'");
        return this.parseCall("call");
      case "invoke":
      case "callbr":
        return this.parseCall(op);
      case "alloca":
        return this.parseAlloca();
      case "load":
        return this.parseLoad();
      case "store":
        return this.parseStore();
      case "cmpxchg":
        return this.parseCmpXchg();
      case "atomicrmw":
        return this.parseAtomicRmw();
      case "fence": {
        const o = this.parseScopeAndOrdering();
        if (o === O_UNORDERED) lex.fail(`fence cannot be unordered`);
        if (o === O_MONOTONIC) lex.fail(`fence cannot be monotonic`);
        return types.void;
      }
      case "getelementptr": {
        while (this.eatKw(K.inbounds) || this.eatKw(K.nusw) || this.eatKw(K.nuw));
        const source = this.parseType(false);
        this.expect(L.COMMA, "expected comma after getelementptr's type");
        const base = this.operand();
        const indices: { ty: Ty; int: bigint | null }[] = [];
        while (this.eat(L.COMMA)) {
          if (lex.kind === L.MD_VAR) {
            this.ateExtraComma = true;
            break;
          }
          const t = this.operand();
          indices.push({ ty: t, int: this.vConst ? this.vInt : null });
        }
        return this.gepResult(source, base, indices);
      }
      case "extractvalue": {
        const agg = this.operand();
        const idx = this.parseIndexList();
        if (!T.isAggregate(agg)) lex.fail(`extractvalue operand must be aggregate type`);
        const t = this.extractValueType(agg, idx);
        if (t === null) lex.fail(`invalid indices for extractvalue`);
        return t;
      }
      case "insertvalue": {
        const agg = this.operand();
        this.expect(L.COMMA, "expected comma after insertvalue operand");
        const v = this.operand();
        const idx = this.parseIndexList();
        if (!T.isAggregate(agg)) lex.fail(`insertvalue operand must be aggregate type`);
        const t = this.extractValueType(agg, idx);
        if (t === null) lex.fail(`invalid indices for insertvalue`);
        if (t !== v) lex.fail(`insertvalue operand and field disagree in type: '${v.text}' instead of '${t.text}'`);
        return agg;
      }
    }
    if (CASTS.has(op)) {
      if (op === "zext" || op === "uitofp") this.eatKw(K.nneg);
      if (op === "trunc") while (this.eatKw(K.nuw) || this.eatKw(K.nsw));
      if (op === "fptrunc" || op === "fpext" || op === "sitofp" || op === "uitofp") this.eatFastMath();
      const src = this.operand();
      this.expectKw(K.to, "expected 'to' after cast value");
      const dst = this.parseType(false);
      if (!this.castIsValid(op, src, dst)) lex.fail(`invalid cast opcode for cast from '${src.text}' to '${dst.text}'`);
      return dst;
    }
    if (INT_BINARY.has(op)) {
      if (op === "add" || op === "sub" || op === "mul" || op === "shl") while (this.eatKw(K.nuw) || this.eatKw(K.nsw));
      if (op === "sdiv" || op === "udiv" || op === "lshr" || op === "ashr") this.eatKw(K.exact);
      if (op === "or") this.eatKw(K.disjoint);
      const t = this.operand();
      this.expect(L.COMMA, "expected ',' in arithmetic operation");
      this.operandOf(t);
      if (!T.isIntOrIntVector(t)) lex.fail(`invalid operand type for instruction`);
      return t;
    }
    // fadd, fsub, fmul, fdiv, frem
    this.eatFastMath();
    const t = this.operand();
    this.expect(L.COMMA, "expected ',' in arithmetic operation");
    this.operandOf(t);
    if (!T.isFPOrFPVector(t)) lex.fail(`invalid operand type for instruction`);
    return t;
  }

  private parsePhi(): Ty {
    const lex: Lexer = this.lex;
    const fmf = this.eatFastMath();
    const typeFrom = lex.start;
    const t = this.parseType(false);
    const type = this.since(typeFrom);
    const incoming: LlvmPhi["incoming"] = [];
    if (!T.isFirstClass(t)) lex.fail(`phi node must have first class type`);
    if (fmf && !T.isFPOrFPVector(t)) lex.fail(`fast-math-flags specified for phi without floating-point scalar or vector return type`);
    let first = true;
    for (;;) {
      if (first) {
        if (lex.kind !== L.LSQUARE) break;
        first = false;
      } else if (!this.eat(L.COMMA)) break;
      if (lex.kind === L.MD_VAR) {
        this.ateExtraComma = true;
        break;
      }
      this.expect(L.LSQUARE, "expected '[' in phi value list");
      this.readValue(t);
      const value = this.lastValue();
      this.expect(L.COMMA, "expected ',' after insertelement value");
      if (lex.kind !== L.LOCAL && lex.kind !== L.LOCAL_ID) lex.fail(`expected a basic block, found ${lex.here()}`);
      this.parseValue(this.types.label, true); // the block of a pair: no operand, no hole
      incoming.push({ value, block: this.labelOps.pop()! });
      this.expect(L.RSQUARE, "expected ']' in phi value list");
    }
    this.built = { op: "phi", result: null, operands: NO_OPERANDS, line: 0, type, incoming } satisfies LlvmPhi;
    return t;
  }

  private parseAlloca(): Ty {
    const lex: Lexer = this.lex;
    this.eatKw(kw("inalloca"));
    this.eatKw(kw("swifterror"));
    const typeFrom = lex.start;
    const t = this.parseType(false);
    const type = this.since(typeFrom);
    let count: LlvmValue | null = null;
    if (t.kind === T.FUNCTION || !T.isValidPointee(t)) lex.fail(`invalid type for alloca: ${t.text}`);
    let as = 0;
    let align = false;
    if (this.eat(L.COMMA)) {
      if (lex.isKw(K.align)) {
        this.parseAlignment();
        align = true;
        as = this.parseOptionalCommaAddrSpace();
      } else if (lex.isKw(K.addrspace)) as = this.parseOptionalAddrSpace();
      else if (lex.kind === L.MD_VAR) this.ateExtraComma = true;
      else {
        const n = this.operand();
        count = this.lastValue();
        if (n.kind !== T.INT) lex.fail(`element count must have integer type`);
        if (this.eat(L.COMMA)) {
          if (lex.isKw(K.align)) {
            this.parseAlignment();
            align = true;
            as = this.parseOptionalCommaAddrSpace();
          } else if (lex.isKw(K.addrspace)) as = this.parseOptionalAddrSpace();
          else if (lex.kind === L.MD_VAR) this.ateExtraComma = true;
          else lex.fail(`expected metadata or 'align', found ${lex.here()}`);
        }
      }
    }
    if (!align && !T.isSized(t)) lex.fail(`Cannot allocate unsized type ${t.text}`);
    this.built = { op: "alloca", result: null, operands: NO_OPERANDS, line: 0, type, count };
    return this.pointerTo(t, as);
  }

  /** `, addrspace(N)` after an alloca's alignment (or the metadata attachments). */
  private parseOptionalCommaAddrSpace(): number {
    const lex: Lexer = this.lex;
    let as = 0;
    while (lex.kind === L.COMMA) {
      lex.next();
      if (lex.kind === L.MD_VAR) {
        this.ateExtraComma = true;
        return as;
      }
      if (!lex.isKw(K.addrspace)) lex.fail(`expected metadata or 'addrspace', found ${lex.here()}`);
      as = this.parseOptionalAddrSpace();
    }
    return as;
  }

  private parseLoad(): Ty {
    const lex: Lexer = this.lex;
    const atomic = this.eatKw(K.atomic);
    const volatile = this.eatKw(K.volatile);
    const typeFrom = lex.start;
    const t = this.parseType(false);
    const type = this.since(typeFrom);
    this.expect(L.COMMA, "expected comma after load's type");
    const p = this.operand();
    this.built = { op: "load", result: null, operands: NO_OPERANDS, line: 0, type, ptr: this.lastValue(), volatile, atomic };
    const ordering = atomic ? this.parseScopeAndOrdering() : 0;
    const align = this.parseOptionalCommaAlign();
    if (!T.isPointer(p) || !T.isFirstClass(t)) lex.fail(`load operand must be a pointer to a first class type`);
    this.checkPointee("explicit pointee type doesn't match operand's pointee type", p, t);
    if (atomic && !align) lex.fail(`atomic load must have explicit non-zero alignment`);
    if (ordering === O_RELEASE || ordering === O_ACQ_REL) lex.fail(`atomic load cannot use Release ordering`);
    if (!align && !T.isSized(t)) lex.fail(`loading unsized types is not allowed`);
    return t;
  }

  private parseStore(): Ty {
    const lex: Lexer = this.lex;
    const atomic = this.eatKw(K.atomic);
    const volatile = this.eatKw(K.volatile);
    const typeFrom = lex.start;
    const t = this.parseType(false);
    const type = this.since(typeFrom);
    this.operandOf(t);
    const value = this.lastValue();
    this.expect(L.COMMA, "expected ',' after store operand");
    const p = this.operand();
    this.built = { op: "store", result: null, operands: NO_OPERANDS, line: 0, type, value, ptr: this.lastValue(), volatile, atomic };
    const ordering = atomic ? this.parseScopeAndOrdering() : 0;
    const align = this.parseOptionalCommaAlign();
    if (!T.isPointer(p)) lex.fail(`store operand must be a pointer`);
    if (!T.isFirstClass(t)) lex.fail(`store operand must be a first class value`);
    this.checkPointee("stored value and pointer type do not match", p, t);
    if (atomic && !align) lex.fail(`atomic store must have explicit non-zero alignment`);
    if (ordering === O_ACQUIRE || ordering === O_ACQ_REL) lex.fail(`atomic store cannot use Acquire ordering`);
    if (!align && !T.isSized(t)) lex.fail(`storing unsized types is not allowed`);
    return this.types.void;
  }

  private parseCmpXchg(): Ty {
    const lex: Lexer = this.lex;
    this.eatKw(K.weak);
    this.eatKw(K.volatile);
    const p = this.operand();
    this.expect(L.COMMA, "expected ',' after cmpxchg address");
    const cmp = this.operand();
    this.expect(L.COMMA, "expected ',' after cmpxchg cmp operand");
    const nw = this.operand();
    const success = this.parseScopeAndOrdering();
    const failure = this.parseOrdering();
    this.parseOptionalCommaAlign();
    if (success === O_UNORDERED || success === O_MONOTONIC - 2) lex.fail(`invalid cmpxchg success ordering`);
    if (success === O_UNORDERED) lex.fail(`invalid cmpxchg success ordering`);
    if (failure === O_UNORDERED || failure === O_RELEASE || failure === O_ACQ_REL) lex.fail(`invalid cmpxchg failure ordering`);
    if (!T.isPointer(p)) lex.fail(`cmpxchg operand must be a pointer`);
    this.checkPointee("compare value and pointer type do not match", p, cmp);
    if (cmp !== nw) lex.fail(`compare value and new value type do not match`);
    if (!T.isFirstClass(nw)) lex.fail(`cmpxchg operand must be a first class value`);
    return this.types.struct([cmp, this.types.i1], false);
  }

  private parseAtomicRmw(): Ty {
    const lex: Lexer = this.lex;
    this.eatKw(K.volatile);
    if (lex.kind !== L.KEYWORD || (!RMW_INT.has(lex.kw) && !RMW_FP.has(lex.kw))) lex.fail(`expected binary operation in atomicrmw, found ${lex.here()}`);
    const operation = lex.kw;
    lex.next();
    const p = this.operand();
    this.expect(L.COMMA, "expected ',' after atomicrmw address");
    const v = this.operand();
    const ordering = this.parseScopeAndOrdering();
    this.parseOptionalCommaAlign();
    if (ordering === O_UNORDERED) lex.fail(`atomicrmw cannot be unordered`);
    if (!T.isPointer(p)) lex.fail(`atomicrmw operand must be a pointer`);
    this.checkPointee("atomicrmw value and pointer type do not match", p, v);
    if (operation === RMW_XCHG) {
      if (v.kind !== T.INT && !T.isFloatingPoint(v) && !T.isPointer(v)) lex.fail(`atomicrmw xchg operand must be an integer, floating point, or pointer type`);
    } else if (RMW_FP.has(operation)) {
      if (!T.isFloatingPoint(v)) lex.fail(`atomicrmw ${KEYWORDS[operation]} operand must be a floating point type`);
    } else if (v.kind !== T.INT) lex.fail(`atomicrmw ${KEYWORDS[operation]} operand must be an integer`);
    const bits = primitiveBits(v) || (T.isPointer(v) ? 64 : 0);
    if (bits < 8 || (bits & (bits - 1)) !== 0) lex.fail(`atomicrmw operand must be power-of-two byte-sized integer`);
    return v;
  }

  /** `call`, `invoke`, `callbr` after the opcode (and `tail`): the result type. */
  private parseCall(op: "call" | "invoke" | "callbr"): Ty {
    const lex: Lexer = this.lex;
    const types = this.types;
    const fmf = op === "call" && this.eatFastMath();
    this.parseOptionalCallingConv();
    const retAttrs = this.parseParamAttributes(RET);
    const as = this.parseOptionalAddrSpace();
    const typeFrom = lex.start;
    const retType = this.parseType(true);
    const type = this.since(typeFrom);
    // the callee's local goes first among the operands, though read last
    const calleeAt = this.ops.length;
    const modelArgs: LlvmArg[] = [];
    // the callee, read after the arguments' types are known (LLVM keeps it as a ValID)
    const calleeStart = lex.start;
    const calleeLine = lex.line;
    this.skipCallee();
    const calleeEnd = lex.start;
    // arguments
    this.expect(L.LPAREN, "expected '(' in call");
    const args: Ty[] = [];
    const firstMetadata: MdOperand[] = [];
    let first = true;
    while (lex.kind !== L.RPAREN) {
      if (!first) this.expect(L.COMMA, "expected ',' in argument list");
      first = false;
      if (lex.kind === L.DOTDOTDOT) {
        lex.next();
        if (lex.kind !== L.RPAREN) lex.fail(`expected ')' at end of argument list`);
        break;
      }
      const argFrom = lex.start;
      const t = this.parseType(false);
      const argType = this.since(argFrom);
      if (!T.isValidArgument(t)) lex.fail(`invalid type for function argument: ${t.text}`);
      if (t.kind === T.METADATA) modelArgs.push({ type: argType, value: this.metadataArgument(args.length === 0 ? firstMetadata : null) });
      else {
        const attrs = this.parseParamAttributes(PARAM);
        this.operandOf(t);
        modelArgs.push({ type: argType, value: this.lastValue() });
        this.checkAttributesSuit(attrs, t, "call argument");
      }
      args.push(t);
    }
    lex.next();
    this.parseFnAttributes(FN_USE);
    if (lex.kind === L.LSQUARE) this.parseOperandBundles();
    if (op === "invoke") {
      this.expectKw(K.to, "expected 'to' in invoke");
      this.blockOperand();
      this.expectKw(K.unwind, "expected 'unwind' in invoke");
      this.blockOperand();
    } else if (op === "callbr") {
      this.expectKw(K.to, "expected 'to' in callbr");
      this.blockOperand();
      this.expect(L.LSQUARE, "expected '[' in callbr");
      if (lex.kind !== L.RSQUARE)
        do this.blockOperand();
        while (this.eat(L.COMMA));
      this.expect(L.RSQUARE, "expected ']' at end of block list");
    }
    // the function type: written, or made of the return type and the arguments
    let fnTy: Ty;
    if (retType.kind === T.FUNCTION) fnTy = retType;
    else {
      if (!T.isValidReturn(retType)) lex.fail(`Invalid result type for LLVM function`);
      fnTy = types.fn(retType, args, false);
    }
    this.checkAttributesSuit(retAttrs, fnTy.elem!, "return value");
    // the callee as a pointer to that function type
    const after = lex.start;
    const afterKind = lex.kind;
    lex.pos = calleeStart;
    lex.line = calleeLine;
    lex.next();
    let calleeValue: LlvmValue;
    if (lex.isKw(K.asm)) {
      this.skipInlineAsm();
      calleeValue = { kind: "const", text: this.since(calleeStart) };
      if (this.holes !== null) this.holes.push({ start: calleeStart, end: lex.prevStop, hole: { kind: "value", value: calleeValue } });
    } else {
      this.notSelf();
      this.readValue(this.pointerTo(fnTy, as));
      calleeValue = this.lastValue();
      if (calleeValue.kind === "local") this.ops.splice(calleeAt, 0, this.ops.pop()!);
    }
    if (lex.start !== calleeEnd) lex.fail(`unexpected ${lex.here()} after the callee`);
    if (firstMetadata.length === 1 && lex.s.slice(calleeStart, calleeEnd).trim() === "@llvm.experimental.noalias.scope.decl") this.noAliasScopeDeclaration(firstMetadata[0], calleeLine);
    lex.pos = after;
    lex.next();
    if (lex.kind !== afterKind) lex.fail(`internal: callee re-read out of step`);
    // arguments against the parameters
    const params = fnTy.elems;
    if (args.length < params.length) lex.fail(`not enough parameters specified for call`);
    if (args.length > params.length && !fnTy.flag) lex.fail(`too many arguments specified`);
    for (let i = 0; i < params.length; i++) if (!this.same(args[i], params[i])) lex.fail(`argument ${i} is not of expected type '${params[i].text}' but '${args[i].text}'`);
    if (fmf && !T.isFPOrFPVector(fnTy.elem!)) lex.fail(`fast-math-flags specified for call without floating-point scalar or vector return type`);
    this.built = callModel(op, type, calleeValue, modelArgs, op === "call" ? [] : this.labelOps.slice());
    return fnTy.elem!;
  }

  /** Steps over a callee (a value of any form) to the `(` of the arguments. */
  private skipCallee(): void {
    const lex: Lexer = this.lex;
    let depth = 0;
    // a `(` right after a keyword at the top level opens a constant expression's operands
    // (`bitcast (...)`, `getelementptr inbounds (...)`), not the arguments
    let afterKeyword = false;
    for (;;) {
      if (lex.kind === L.EOF) lex.fail(`expected '(' in call`);
      if (depth === 0 && lex.kind === L.LPAREN && !afterKeyword) return;
      if (depth === 0) afterKeyword = lex.kind === L.KEYWORD;
      if (lex.kind === L.LPAREN || lex.kind === L.LSQUARE || lex.kind === L.LBRACE || lex.kind === L.LESS) depth++;
      else if (lex.kind === L.RPAREN || lex.kind === L.RSQUARE || lex.kind === L.RBRACE || lex.kind === L.GREATER) depth--;
      lex.next();
    }
  }

  /** `asm [sideeffect] [alignstack] [inteldialect] [unwind] "code", "constraints"` */
  private skipInlineAsm(): void {
    const lex: Lexer = this.lex;
    lex.next();
    this.eatKw(K.sideeffect);
    this.eatKw(K.alignstack);
    this.eatKw(K.inteldialect);
    this.eatKw(K.unwind);
    this.parseString("the inline asm");
    this.expect(L.COMMA, "expected comma in inline asm expression");
    this.parseString("the inline asm constraints");
  }

  /** `[ "tag"(T v, ...), ... ]` */
  private parseOperandBundles(): void {
    const lex: Lexer = this.lex;
    lex.next();
    let n = 0;
    while (lex.kind !== L.RSQUARE) {
      if (n > 0) this.expect(L.COMMA, "expected ',' in input list");
      this.parseString("an operand bundle tag");
      this.expect(L.LPAREN, "expected '(' in operand bundle");
      let k = 0;
      while (lex.kind !== L.RPAREN) {
        if (k++ > 0) this.expect(L.COMMA, "expected ',' in input list");
        const t = this.parseType(false);
        if (t.kind === T.METADATA) this.metadataArgument(null);
        else this.operandOf(t);
      }
      lex.next();
      n++;
    }
    if (n === 0) lex.fail(`operand bundle set must not be empty`);
    lex.next();
  }
}

// ===========================================================================================
// helpers
// ===========================================================================================

/** What a built instruction has until `model` gives it its own. */
const NO_OPERANDS: string[] = [];

const INTRINSICS: LlvmIntrinsic[] = ["lifetime.start", "lifetime.end", "dbg.declare", "dbg.value", "dbg.assign", "dbg.label"];

/** The kind of an `llvm.*` callee: `llvm.dbg.value` and `llvm.dbg.value.x` are `dbg.value`. */
function intrinsicKind(callee: string): LlvmIntrinsic {
  for (const k of INTRINSICS)
    if (callee.startsWith(k, 5) && (callee.length === 5 + k.length || callee.charCodeAt(5 + k.length) === 46 /* . */)) return k;
  return "other";
}

/** A call's model (ir.ts `LlvmCall`): its intrinsic and the local it is about, from its callee and arguments. */
function callModel(op: string, type: string, calleeValue: LlvmValue, args: LlvmArg[], succs: string[]): LlvmCall {
  const callee = calleeValue.kind === "global" ? calleeValue.name : null;
  let intrinsic: LlvmIntrinsic | null = null;
  let subject: string | null = null;
  const debug = callee !== null && callee.startsWith("llvm.dbg.");
  if (callee !== null && callee.startsWith("llvm.")) {
    intrinsic = intrinsicKind(callee);
    if (intrinsic === "lifetime.start" || intrinsic === "lifetime.end") {
      const last = args.length > 0 ? args[args.length - 1].value : null;
      if (last?.kind === "local") subject = last.name;
    } else if (debug && args.length > 0) {
      const first = args[0].value;
      if (first.kind === "metadata" && first.locals.length === 1 && first.text.charCodeAt(0) !== 33 /* ! */ && !first.text.startsWith("DIArgList"))
        subject = first.locals[0];
    }
  }
  return { op: op as LlvmCall["op"], result: null, operands: NO_OPERANDS, line: 0, type, callee, calleeValue, args, intrinsic, debug, subject, succs };
}

const U64 = 0xffffffffffffffffn;

function isDigits(s: string): boolean {
  return s.length > 0 && /^[0-9]+$/.test(s);
}

/** The value of an `INT` token: decimal (signed) or `u0x`/`s0x` hexadecimal. */
function intValue(lex: Lexer): bigint {
  const s = lex.s;
  const a = lex.vStart;
  const e = lex.vEnd;
  const c = s.charCodeAt(a);
  if ((c === 117 || c === 115) && s.charCodeAt(a + 1) === 48) {
    const v = BigInt(`0x${s.slice(a + 3, e)}`);
    if (c === 117) return v;
    // s0x: the value's own bits, signed
    const bits = BigInt(4 * (e - a - 3));
    const active = v === 0n ? 0n : BigInt(v.toString(2).length);
    return active === bits && bits > 0n ? v - (1n << bits) : v;
  }
  if (e - a < 16) return BigInt(Number(s.slice(a, e)));
  return BigInt(s.slice(a, e));
}

/** `v` as an integer of `bits` bits, signed (LLVM truncates integer constants to their type). */
function truncate(v: bigint, bits: number): bigint {
  return BigInt.asIntN(bits, v);
}

function fpBits(t: Ty): number {
  switch (t.kind) {
    case T.HALF:
    case T.BFLOAT:
      return 16;
    case T.FLOAT:
      return 32;
    case T.DOUBLE:
      return 64;
    case T.X86_FP80:
      return 80;
    default:
      return 128;
  }
}

/** `Type::getPrimitiveSizeInBits`: integers, floating point, vectors of them, x86_mmx; 0 for the rest. */
function primitiveBits(t: Ty): number {
  if (t.kind === T.INT) return t.n;
  if (T.isFloatingPoint(t)) return fpBits(t);
  if (t.kind === T.X86_MMX) return 64;
  if (t.kind === T.X86_AMX) return 8192;
  if (t.kind === T.VECTOR) return t.n * primitiveBits(t.elem!);
  return 0;
}

/** Whether a finite double is exactly a half-precision value. */
function isExactHalf(v: number): boolean {
  if (!Number.isFinite(v)) return true;
  if (v === 0) return true;
  const a = Math.abs(v);
  if (a > 65504) return false;
  // the smallest subnormal is 2^-24: the value must be a multiple of it with an 11-bit significand
  const e = Math.max(Math.floor(Math.log2(a)), -14);
  const scaled = a / 2 ** (e - 10);
  return Number.isInteger(scaled) && scaled < 2048;
}

/** Whether a finite double is exactly a bfloat value (a float whose low 16 bits are 0). */
function isExactBFloat(v: number): boolean {
  if (Math.fround(v) !== v) return false;
  const f = new Float32Array([v]);
  return (new Uint32Array(f.buffer)[0] & 0xffff) === 0;
}

/**
 * Whether `arch`, the first part of a target triple, is an architecture LLVM's `Triple::parseArch`
 * knows (LLVM 14's names, with LLVM 15's `dxil` and LLVM 16's `loongarch32`/`loongarch64`): opt
 * refuses a module of another (`unrecognized architecture`), though its parser reads any string.
 * ARM's versioned names (`armv7a`, `thumbv7m`) follow ARM's own pattern, approximated here.
 */
function isKnownArchitecture(arch: string): boolean {
  if (ARCHITECTURES.has(arch) || arch.startsWith("kalimba")) return true;
  return /^(arm|thumb)(eb)?v\d+(\.\d+)?(-?[amr]|e-?m|-?m\.(base|main)|t|te|tej|k|kz|t2|ve|s|hl)?(eb)?$/.test(arch) || /^iwmmxt2?$/.test(arch);
}

const ARCHITECTURES = new Set([
  "unknown", "i386", "i486", "i586", "i686", "i786", "i886", "i986", "amd64", "x86_64", "x86_64h", "powerpc", "powerpcspe", "ppc",
  "ppc32", "powerpcle", "ppcle", "ppc32le", "powerpc64", "ppu", "ppc64", "powerpc64le", "ppc64le", "xscale", "xscaleeb",
  "aarch64", "aarch64_be", "aarch64_32", "arc", "arm64", "arm64_32", "arm64e", "arm", "armeb", "thumb", "thumbeb", "avr",
  "m68k", "msp430", "mips", "mipseb", "mipsallegrex", "mipsisa32r6", "mipsr6", "mipsel", "mipsallegrexel", "mipsisa32r6el",
  "mipsr6el", "mips64", "mips64eb", "mipsn32", "mipsisa64r6", "mips64r6", "mipsn32r6", "mips64el", "mipsn32el",
  "mipsisa64r6el", "mips64r6el", "mipsn32r6el", "r600", "amdgcn", "riscv32", "riscv64", "hexagon", "s390x", "systemz",
  "sparc", "sparcel", "sparcv9", "sparc64", "tce", "tcele", "xcore", "nvptx", "nvptx64", "le32", "le64", "amdil",
  "amdil64", "hsail", "hsail64", "spir", "spir64", "spirv32", "spirv64", "lanai", "renderscript32", "renderscript64",
  "shave", "ve", "wasm32", "wasm64", "csky", "bpf", "bpfel", "bpfeb", "bpf_le", "bpf_be", "dxil", "loongarch32", "loongarch64",
]);

/** The codes of an ASCII text (`codesOf` for texts the checker makes itself). */
function codesOfAscii(s: string): Uint8Array {
  const b = new Uint8Array(s.length + 1);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    b[i] = c < 128 ? c : 128;
  }
  return b;
}

/**
 * What LLVM's verifier checks of a function's blocks, on the function as the line machine read it
 * (read.ts): the entry block has no predecessors; phis stand at the top of their block, with one
 * incoming pair per edge from a predecessor (`PHI node entries do not match predecessors!`).
 * `labels`: block name -> index. What a phi's values are, and whether each use is dominated by its
 * definition, are the adapter's and the model's to decide (`dominanceViolation`): a function
 * whose SSA is wrong there is rejected with a witness, as any SSA construction's mistake.
 */
export function checkFunctionBlocks(fn: LlvmFunction, labels: ReadonlyMap<string, number>, fail: (line: number, what: string) => never): void {
  const blocks = fn.blocks;
  const n = blocks.length;
  const where = `function @${T.printedName(fn.name)}`;
  let preds: number[][] | null = null;
  for (let b = 0; b < n; b++) {
    const instrs = blocks[b].instrs;
    if (instrs[0].op !== "phi" && b > 0) continue;
    if (preds === null) {
      preds = Array.from({ length: n }, () => []);
      for (let p = 0; p < n; p++) for (const t of blocks[p].succs) preds[labels.get(t)!].push(p);
      if (preds[0].length > 0) fail(blocks[0].line, `entry block of ${where} must not have predecessors (block ${blocks[preds[0][0]].label} branches to it)`);
    }
    let pastPhis = false;
    for (const instr of instrs) {
      if (instr.op !== "phi") {
        pastPhis = true;
        continue;
      }
      if (pastPhis) fail(instr.line, `PHI nodes not grouped at top of basic block ${blocks[b].label} of ${where}`);
      checkPhiEntries(instr, preds[b], labels, blocks, fail, where);
    }
  }
  // a phi after the first instruction of a block that starts with none
  for (let b = 0; b < n; b++) {
    const instrs = blocks[b].instrs;
    if (instrs[0].op === "phi") continue;
    for (let i = 1; i < instrs.length; i++) if (instrs[i].op === "phi") fail(instrs[i].line, `PHI nodes not grouped at top of basic block ${blocks[b].label} of ${where}`);
  }
}

/**
 * The first use in `fn` that its definition does not dominate (LLVM's verifier: `Instruction does
 * not dominate all uses!`), or null: a use must come after its definition in the same block, or
 * stand in a block the definition's block dominates; a phi uses its value at the end of the
 * incoming block. Uses in unreachable blocks are dominated by anything, as LLVM has it. A
 * function's own SSA values, which the model does not see: the adapter rejects a function where
 * one is not dominated (its original is then not valid IR).
 */
export function dominanceViolation(
  fn: LlvmFunction,
  labels: ReadonlyMap<string, number>,
  /** The function's block dominators, made on the first call and the same object after (the adapter's, shared with its other questions of dominance). */
  blockDominators: () => BlockDominators,
): { block: number; line: number; name: string; defLine: number } | null {
  const blocks = fn.blocks;
  const n = blocks.length;
  // where each result is defined: block * SLOT + index
  const def = new Map<string, number>();
  for (let b = 0; b < n; b++) {
    const instrs = blocks[b].instrs;
    for (let i = 0; i < instrs.length; i++) {
      const r = instrs[i].result;
      if (r !== null) def.set(r, b * SLOT + i);
    }
  }
  const dominators = blockDominators;
  const reachable = (b: number) => b === 0 || dominators().dominates(0, b);
  for (let b = 0; b < n; b++) {
    const instrs = blocks[b].instrs;
    for (let i = 0; i < instrs.length; i++) {
      const instr = instrs[i];
      if (instr.op === "phi") {
        for (const inc of instr.incoming) {
          if (inc.value.kind !== "local") continue;
          const d = def.get(inc.value.name);
          if (d === undefined) continue; // an argument
          const from = labels.get(inc.block)!;
          const db = Math.floor(d / SLOT);
          if (db === from || !reachable(from) || dominators().dominates(db, from)) continue;
          return { block: b, line: instr.line, name: inc.value.name, defLine: blocks[db].instrs[d % SLOT].line };
        }
        continue;
      }
      for (const name of instr.operands) {
        const d = def.get(name);
        if (d === undefined) continue;
        const db = Math.floor(d / SLOT);
        if (db === b ? d % SLOT < i || !reachable(b) : !reachable(b) || dominators().dominates(db, b)) continue;
        return { block: b, line: instr.line, name, defLine: blocks[db].instrs[d % SLOT].line };
      }
    }
  }
  return null;
}

/** A local or global as LLVM prints it in a message: `%7`, `%x`, `%"a b"`, `@g` (`name` null: numbered). */
function shownName(sigil: "%" | "@", name: string | null, number: number): string {
  return name === null ? `${sigil}${number}` : `${sigil}${T.printedName(name)}`;
}

/** Positions in `dominanceViolation`: block * SLOT + index. */
const SLOT = 1 << 26;

/** A phi's incoming blocks against its block's predecessors: the same blocks, as often. */
function checkPhiEntries(
  phi: LlvmPhi, preds: readonly number[], labels: ReadonlyMap<string, number>, blocks: readonly LlvmBlock[], fail: (line: number, what: string) => never, where: string,
): void {
  const inc = phi.incoming;
  if (inc.length !== preds.length)
    fail(phi.line, `PHINode should have one entry for each predecessor of its parent basic block: ${inc.length} entries, ${preds.length} predecessors (${where})`);
  if (inc.length === 0) return;
  const a = inc.map((x) => labels.get(x.block)!).sort((x, y) => x - y);
  const b = [...preds].sort((x, y) => x - y);
  for (let k = 0; k < a.length; k++)
    if (a[k] !== b[k]) fail(phi.line, `PHI node entries do not match predecessors: ${blocks[a[k]].label} is ${b.includes(a[k]) ? "named more often than it branches here" : "no predecessor"} (${where})`);
}

/** What `verifyTBAABaseNode` finds of a base node: invalid or not, its offsets' width (-1: none), the fault it reports. */
interface BaseSummary {
  invalid: boolean;
  bits: number;
  problem: string | null;
}

/** `verifyTBAABaseNodeImpl` on a struct type node (more than two operands). */
function tbaaStructSummary(ops: MdOperand[], newFormat: boolean): BaseSummary {
  const invalid = (problem: string): BaseSummary => ({ invalid: true, bits: -1, problem });
  if (newFormat ? ops.length % 3 !== 0 : ops.length % 2 !== 1) return invalid(newFormat ? "Access tag nodes must have the number of operands that is a multiple of 3!" : "Struct tag nodes must have an odd number of operands!");
  if (newFormat && ops[1].kind !== "int") return invalid("Type size nodes must be constants!");
  if (!newFormat && ops[0].kind !== "string") return invalid("Struct tag nodes have a string as their first operand");
  let problem: string | null = null;
  let previous: bigint | null = null;
  let bits = -1;
  const first = newFormat ? 3 : 1;
  const step = newFormat ? 3 : 2;
  for (let i = first; i < ops.length; i += step) {
    const field = ops[i];
    const offset = ops[i + 1];
    if (field.kind !== "node") {
      problem ??= "Incorrect field entry in struct type node!";
      continue;
    }
    if (offset.kind !== "int") {
      problem ??= "Offset entries must be constants!";
      continue;
    }
    if (bits === -1) bits = offset.bits!;
    if (offset.bits !== bits) {
      problem ??= "Bitwidth between the offsets and struct type entries must match";
      continue;
    }
    if (previous !== null && previous > offset.int!) problem ??= "Offsets must be increasing!";
    previous = offset.int!;
    if (newFormat && ops[i + 2].kind !== "int") {
      problem ??= "Member size entries must be constants!";
      continue;
    }
  }
  return problem === null ? { invalid: false, bits, problem: null } : invalid(problem);
}

/** Whether operand `op` is node `id` itself (a scope or domain that names itself). */
function isNode(op: MdOperand, id: number): boolean {
  return op.kind === "node" && op.node === id;
}

/**
 * `Verifier::visitRangeMetadata` on a `!range` node of an instruction of type `ty`: pairs of
 * integers of that type, each a non-empty, non-full range (`ConstantRange`), in increasing
 * signed order, neither overlapping nor touching the previous one (nor, past two, the first).
 */
function rangeProblem(ops: MdOperand[], ty: Ty): string | null {
  if (ops.length % 2 !== 0) return "Unfinished range!";
  if (ops.length < 2) return "It should have at least one range!";
  let last: [bigint, bigint] | null = null;
  let firstRange: [bigint, bigint] | null = null;
  let bits = 0;
  for (let i = 0; i < ops.length; i += 2) {
    const lo = ops[i];
    const hi = ops[i + 1];
    if (lo.kind !== "int") return "The lower limit must be an integer!";
    if (hi.kind !== "int") return "The upper limit must be an integer!";
    if (hi.bits !== lo.bits || ty.kind !== T.INT || ty.n !== lo.bits) return "Range types must match instruction type!";
    bits = lo.bits!;
    const cur: [bigint, bigint] = [lo.int!, hi.int!];
    const max = (1n << BigInt(bits)) - 1n;
    if (cur[0] === cur[1] && (cur[0] === 0n || cur[0] === max)) return "Range must not be empty!";
    if (last !== null) {
      if (!rangesDisjoint(cur, last, max)) return "Intervals are overlapping";
      if (!(BigInt.asIntN(bits, cur[0]) > BigInt.asIntN(bits, last[0]))) return "Intervals are not in order";
      if (cur[1] === last[0] || cur[0] === last[1]) return "Intervals are contiguous";
    }
    firstRange ??= cur;
    last = cur;
  }
  if (ops.length > 4 && firstRange !== null && last !== null) {
    if (!rangesDisjoint(firstRange, last, (1n << BigInt(bits)) - 1n)) return "Intervals are overlapping";
    if (firstRange[1] === last[0] || firstRange[0] === last[1]) return "Intervals are contiguous";
  }
  return null;
}

/**
 * Whether `ConstantRange::intersectWith` of the two ranges `[lo, hi)` (unsigned, `hi < lo`
 * wrapping round; `lo == hi` the empty set at 0, the full set at `max`) is the empty set: LLVM's
 * case analysis, which for a `lo == hi` elsewhere (no set LLVM builds) answers as LLVM does.
 */
function rangesDisjoint(a: [bigint, bigint], b: [bigint, bigint], max: bigint): boolean {
  const empty = (r: [bigint, bigint]) => r[0] === r[1] && r[0] === 0n;
  const full = (r: [bigint, bigint]) => r[0] === r[1] && r[0] === max;
  const wrapped = (r: [bigint, bigint]) => r[0] > r[1];
  // the result `ConstantRange(l, u)` is empty only as l == u == 0
  const made = (l: bigint, u: bigint) => l === u && l === 0n;
  let x = a;
  let y = b;
  if (empty(x) || full(y)) return empty(x);
  if (empty(y) || full(x)) return empty(y);
  if (!wrapped(x) && wrapped(y)) [x, y] = [y, x];
  const [xl, xu] = x;
  const [yl, yu] = y;
  if (!wrapped(x) && !wrapped(y)) {
    if (xl < yl) {
      if (xu <= yl) return true;
      if (xu < yu) return made(yl, xu);
      return false; // y itself, not empty
    }
    if (xu < yu) return false; // x itself
    if (xl < yu) return made(xl, yu);
    return true;
  }
  if (wrapped(x) && !wrapped(y)) {
    if (yl < xu) {
      if (yu < xu) return false;
      if (yu <= xl) return made(yl, xu);
      return false; // the preferred of two non-empty ranges
    }
    if (yl < xl) {
      if (yu <= xl) return true;
      return made(xl, yu);
    }
    return false;
  }
  // both wrapped
  if (yu < xu) {
    if (yl < xu) return false;
    if (yl < xl) return made(xl, yu);
    return false;
  }
  if (yu <= xl) {
    if (yl < xl) return false;
    return made(yl, xu);
  }
  return false;
}

/** `Verifier::visitProfMetadata` on the `!prof` node of instruction `op` with `successors` successors. */
function profProblem(ops: MdOperand[], op: string, successors: number): string | null {
  if (ops.length < 2) return "!prof annotations should have no less than 2 operands";
  if (ops[0].kind === "null") return "first operand should not be null";
  if (ops[0].kind !== "string") return "expected string with name of the !prof annotation";
  if (ops[0].text !== "branch_weights") return null;
  if (op === "invoke") {
    if (ops.length !== 2 && ops.length !== 3) return "Wrong number of InvokeInst branch_weights operands";
  } else {
    let expected: number;
    if (op === "br" || op === "switch" || op === "indirectbr") expected = successors;
    else if (op === "call") expected = 1;
    else if (op === "select") expected = 2;
    else return "!prof branch_weights are not allowed for this instruction";
    if (ops.length !== 1 + expected) return "Wrong number of operands";
  }
  for (let i = 1; i < ops.length; i++) {
    if (ops[i].kind === "null") return "second operand should not be null";
    if (ops[i].kind !== "int") return "!prof brunch_weights operand is not a const int";
  }
  return null;
}

/** `Verifier::verifyFunctionMetadata` on a function's `!prof` node. */
function functionProfProblem(ops: MdOperand[]): string | null {
  if (ops.length < 2) return "!prof annotations should have no less than 2 operands";
  if (ops[0].kind === "null") return "first operand should not be null";
  if (ops[0].kind !== "string") return "expected string with name of the !prof annotation";
  if (ops[0].text !== "function_entry_count" && ops[0].text !== "synthetic_function_entry_count") return "first operand should be 'function_entry_count' or 'synthetic_function_entry_count'";
  if (ops[1].kind === "null") return "second operand should not be null";
  // a constant (`ConstantAsMetadata`): an integer or another value
  if (ops[1].kind !== "int" && ops[1].kind !== "other") return "expected integer argument to function_entry_count";
  return null;
}
