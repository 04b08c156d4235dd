/**
 * LLVM's attributes for the strict reading (verify.ts): where each may stand (function,
 * parameter, return value: LLParser's "this attribute does not apply to ..."), what follows it
 * (`align 8`, `dereferenceable(8)`, `byval(%struct.S)`, `allocsize(0, 1)`, ...), and which ones
 * only suit pointers or integers (the verifier's `AttributeFuncs::typeIncompatible`).
 *
 * The table is LLVM 14's (llvm/IR/Attributes.td of llvm-14-dev), with what LLVM 15 and 16 added
 * (`allockind`, `allocalign`, `allocptr`, `memory`, `uwtable(sync)`, ...) and a few of later
 * releases, as the adapter reads the output of all three: a text of one release uses no
 * attribute of another that means something else.
 */

/** What follows the attribute's keyword. */
export const PLAIN = 0;
/** `align 8` or `align(8)` (parameters, returns); `align=8` in an attribute group; functions: `align 8`. */
export const ALIGN = 1;
/** `alignstack(8)`; `alignstack=8` in an attribute group. */
export const ALIGNSTACK = 2;
/** `dereferenceable(8)`: a non-zero count of bytes. */
export const BYTES = 3;
/** `byval(T)`, `sret(T)`, ...: a type in parentheses. */
export const TYPE_ARG = 4;
/** `allocsize(0)`, `allocsize(0, 1)` */
export const ALLOCSIZE = 5;
/** `vscale_range(1)`, `vscale_range(1, 16)` */
export const VSCALE_RANGE = 6;
/** `uwtable`, `uwtable(sync)`, `uwtable(async)` (LLVM 15 on) */
export const UWTABLE = 7;
/** `memory(read)`, `memory(argmem: readwrite, inaccessiblemem: write)` (LLVM 16 on) */
export const MEMORY = 8;
/** `nofpclass(nan inf)` */
export const NOFPCLASS = 9;
/** `allockind("alloc,zeroed")` (LLVM 15 on) */
export const ALLOCKIND = 10;
/** `range(i32 0, 10)` */
export const RANGE = 11;
/** `initializes((0, 4), (8, 12))` */
export const INITIALIZES = 12;
/** `captures(none)`, `captures(ret: address, provenance)` */
export const CAPTURES = 13;
/** `dead_on_return` or `dead_on_return(8)` */
export const OPTIONAL_BYTES = 14;

export const FN = 1;
export const PARAM = 2;
export const RET = 4;

export interface AttributeSpec {
  where: number;
  arg: number;
  /** Only for pointers (`P`) or integers (`I`), or not for `void` (`V`): the verifier's incompatible types. */
  only?: "P" | "I" | "V";
}

const spec = (where: number, arg = PLAIN, only?: "P" | "I" | "V"): AttributeSpec => (only === undefined ? { where, arg } : { where, arg, only });

export const ATTRIBUTES: ReadonlyMap<string, AttributeSpec> = new Map<string, AttributeSpec>([
  ["align", spec(PARAM | RET | FN, ALIGN, "P")],
  ["allocalign", spec(PARAM)],
  ["allockind", spec(FN, ALLOCKIND)],
  ["allocptr", spec(PARAM)],
  ["allocsize", spec(FN, ALLOCSIZE)],
  ["alwaysinline", spec(FN)],
  ["argmemonly", spec(FN)],
  ["builtin", spec(FN)],
  ["byval", spec(PARAM, TYPE_ARG, "P")],
  ["byref", spec(PARAM, TYPE_ARG, "P")],
  ["noundef", spec(PARAM | RET, PLAIN, "V")],
  ["cold", spec(FN)],
  ["convergent", spec(FN)],
  ["coro_elide_safe", spec(FN)],
  ["coro_only_destroy_when_complete", spec(FN)],
  ["dead_on_unwind", spec(PARAM)],
  ["dead_on_return", spec(PARAM, OPTIONAL_BYTES)],
  ["dereferenceable", spec(PARAM | RET, BYTES, "P")],
  ["dereferenceable_or_null", spec(PARAM | RET, BYTES, "P")],
  ["disable_sanitizer_instrumentation", spec(FN)],
  ["elementtype", spec(PARAM, TYPE_ARG, "P")],
  ["fn_ret_thunk_extern", spec(FN)],
  ["hot", spec(FN)],
  ["hybrid_patchable", spec(FN)],
  ["inaccessiblememonly", spec(FN)],
  ["inaccessiblemem_or_argmemonly", spec(FN)],
  ["inalloca", spec(PARAM, TYPE_ARG, "P")],
  ["initializes", spec(PARAM, INITIALIZES)],
  ["inlinehint", spec(FN)],
  ["inreg", spec(PARAM | RET)],
  ["jumptable", spec(FN)],
  ["memory", spec(FN, MEMORY)],
  ["minsize", spec(FN)],
  ["naked", spec(FN)],
  ["nest", spec(PARAM, PLAIN, "P")],
  ["noalias", spec(PARAM | RET, PLAIN, "P")],
  ["nobuiltin", spec(FN)],
  ["nocallback", spec(FN)],
  ["nocapture", spec(PARAM, PLAIN, "P")],
  ["captures", spec(PARAM, CAPTURES)],
  ["nocreateundeforpoison", spec(FN)],
  ["nodivergencesource", spec(FN)],
  ["noduplicate", spec(FN)],
  ["noext", spec(PARAM | RET)],
  ["nofpclass", spec(PARAM | RET, NOFPCLASS)],
  ["nofree", spec(FN | PARAM)],
  ["noimplicitfloat", spec(FN)],
  ["noinline", spec(FN)],
  ["nonlazybind", spec(FN)],
  ["nomerge", spec(FN)],
  ["nonnull", spec(PARAM | RET, PLAIN, "P")],
  ["norecurse", spec(FN)],
  ["noredzone", spec(FN)],
  ["noreturn", spec(FN)],
  ["nosync", spec(FN)],
  ["nocf_check", spec(FN)],
  ["noprofile", spec(FN)],
  ["skipprofile", spec(FN)],
  ["nounwind", spec(FN)],
  ["nosanitize_bounds", spec(FN)],
  ["nosanitize_coverage", spec(FN)],
  ["null_pointer_is_valid", spec(FN)],
  ["optdebug", spec(FN)],
  ["optforfuzzing", spec(FN)],
  ["optsize", spec(FN)],
  ["optnone", spec(FN)],
  ["preallocated", spec(FN | PARAM, TYPE_ARG, "P")],
  ["presplitcoroutine", spec(FN)],
  ["range", spec(PARAM | RET, RANGE)],
  ["readnone", spec(FN | PARAM, PLAIN, "P")],
  ["readonly", spec(FN | PARAM, PLAIN, "P")],
  ["returned", spec(PARAM)],
  ["immarg", spec(PARAM)],
  ["returns_twice", spec(FN)],
  ["safestack", spec(FN)],
  ["shadowcallstack", spec(FN)],
  ["signext", spec(PARAM | RET, PLAIN, "I")],
  ["alignstack", spec(FN | PARAM, ALIGNSTACK)],
  ["speculatable", spec(FN)],
  ["ssp", spec(FN)],
  ["sspreq", spec(FN)],
  ["sspstrong", spec(FN)],
  ["strictfp", spec(FN)],
  ["sret", spec(PARAM, TYPE_ARG, "P")],
  ["sanitize_address", spec(FN)],
  ["sanitize_thread", spec(FN)],
  ["sanitize_type", spec(FN)],
  ["sanitize_memory", spec(FN)],
  ["sanitize_hwaddress", spec(FN)],
  ["sanitize_memtag", spec(FN)],
  ["sanitize_numerical_stability", spec(FN)],
  ["sanitize_realtime", spec(FN)],
  ["sanitize_realtime_blocking", spec(FN)],
  ["speculative_load_hardening", spec(FN)],
  ["swifterror", spec(PARAM, PLAIN, "P")],
  ["swiftself", spec(PARAM)],
  ["swiftasync", spec(PARAM)],
  ["uwtable", spec(FN, UWTABLE)],
  ["vscale_range", spec(FN, VSCALE_RANGE)],
  ["willreturn", spec(FN)],
  ["writable", spec(PARAM)],
  ["writeonly", spec(FN | PARAM)],
  ["zeroext", spec(PARAM | RET, PLAIN, "I")],
  ["mustprogress", spec(FN)],
]);

/** Pairs of function attributes the verifier refuses together. */
export const INCOMPATIBLE_FN_ATTRIBUTES: readonly [string, string][] = [
  ["noinline", "alwaysinline"],
  ["readnone", "readonly"],
  ["readnone", "writeonly"],
  ["readonly", "writeonly"],
  ["readnone", "inaccessiblemem_or_argmemonly"],
  ["readnone", "inaccessiblememonly"],
  ["readnone", "argmemonly"],
];
