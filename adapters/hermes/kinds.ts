/**
 * The instruction kinds of Hermes's IR the adapter knows, from `include/hermes/IR/Instrs.def` of
 * the two compilers it reads: Hermes V1 (hermes-compiler 260318099.x, branch
 * 260318099.0.0-stable, "Hermes release version: 1.0.0") and the legacy compiler of
 * hermes-compiler 0.14.x (branch release-v0.14, "Hermes release version: 0.12.0"). The names are
 * the ones the IR printer writes (`Instruction::getName()`: a tagged kind prints its tag, such
 * as `BinaryAddInst`); abstract classes are left out.
 *
 * What the adapter needs to know of a kind:
 * - whether it ends a block, and then its block operands are its successors (`TERMINATOR` in
 *   Instrs.def);
 * - the stack-slot accesses (`AllocStackInst`, `LoadStackInst`, `StoreStackInst`), the frame
 *   accesses (`LoadFrameInst`, `StoreFrameInst`) and `PhiInst`, which the SSA builders change;
 * - for the block-local rules of the passes' extras (pair.ts), whether it is inert: it cannot
 *   throw, cannot run JavaScript (no getter, `valueOf` or call), and reads or writes no memory but
 *   through its own operands. Any other kind is taken to do all of these.
 *
 * Every other instruction must stay as it was, so a kind is only compared: its text, operands
 * mapped. An instruction of a kind in neither list makes its function not covered (a new kind
 * may carry a meaning the comparison does not see, such as a successor or a stack access).
 */

/** The syntax of a dump: Hermes V1 (`%3 = LoadStackInst (:any) %1: any`) or legacy 0.12 (`%3 = LoadStackInst %1`). */
export type HermesSyntax = "v1" | "legacy";

const V1_KINDS = `AddEmptyStringInst AddOwnPrivateFieldInst AllocArrayInst AllocFastArrayInst AllocObjectLiteralInst
AllocStackInst AllocTypedNonEnumObjectInst AllocTypedObjectInst AsInt32Inst AsNumberInst AsNumericInst AsUint32Inst
BinaryAddInst BinaryAndInst BinaryDivideInst BinaryEqualInst BinaryExponentiationInst BinaryGreaterThanInst
BinaryGreaterThanOrEqualInst BinaryInInst BinaryInstanceOfInst BinaryLeftShiftInst BinaryLessThanInst
BinaryLessThanOrEqualInst BinaryModuloInst BinaryMultiplyInst BinaryNotEqualInst BinaryOrInst BinaryPrivateInInst
BinaryRightShiftInst BinaryStrictlyEqualInst BinaryStrictlyNotEqualInst BinarySubtractInst BinaryUnsignedRightShiftInst
BinaryXorInst BranchIfBuiltinInst BranchInst CallBuiltinInst CallInst CatchInst CheckedTypeCastInst CmpBrEqualInst
CmpBrGreaterThanInst CmpBrGreaterThanOrEqualInst CmpBrLessThanInst CmpBrLessThanOrEqualInst CmpBrNotEqualInst
CmpBrStrictlyEqualInst CmpBrStrictlyNotEqualInst CoerceThisNSInst CondBranchInst CreateArgumentsLooseInst
CreateArgumentsStrictInst CreateClassInst CreateFunctionInst CreateGeneratorInst CreatePrivateNameInst CreateRegExpInst
CreateScopeInst CreateThisInst DebuggerInst DeclareGlobalVarInst DefineOwnGetterSetterInst DefineOwnInDenseArrayInst
DefineOwnPropertyInst DeletePropertyLooseInst DeletePropertyStrictInst DirectEvalInst EvalCompilationDataInst FAddInst
FDivideInst FEqualInst FGreaterThanInst FGreaterThanOrEqualInst FLessThanInst FLessThanOrEqualInst FModuloInst
FMultiplyInst FNegate FNotEqualInst FSubtractInst FastArrayAppendInst FastArrayLengthInst FastArrayLoadInst
FastArrayPushInst FastArrayStoreInst GetBuiltinClosureInst GetClosureScopeInst GetConstructedObjectInst
GetNativeRuntimeInst GetNewTargetInst GetNextPNameInst GetPNamesInst GetParentScopeInst GetTemplateObjectInst
HBCCallNInst HBCCallWithArgCountInst HBCCmpBrTypeOfIsInst HBCCreateFunctionEnvironmentInst HBCFCmpBrEqualInst
HBCFCmpBrGreaterThanInst HBCFCmpBrGreaterThanOrEqualInst HBCFCmpBrLessThanInst HBCFCmpBrLessThanOrEqualInst
HBCFCmpBrNotEqualInst HBCProfilePointInst HBCResolveParentEnvironmentInst HBCStringConcatInst ImplicitMovInst
IteratorBeginInst IteratorCloseInst IteratorNextInst LIRAllocObjectFromBufferInst
LIRAllocTypedNonEnumObjectFromBufferInst LIRAllocTypedObjectFromBufferInst LIRDeadValueInst
LIRGetArgumentsLengthInst LIRGetArgumentsPropByValLooseInst LIRGetArgumentsPropByValStrictInst
LIRGetGlobalObjectInst LIRGetThisNSInst LIRLoadConstInst LIRReifyArgumentsLooseInst LIRReifyArgumentsStrictInst
LIRResolveScopeInst LIRSpillMovInst LazyCompilationDataInst LoadFrameInst LoadOwnPrivateFieldInst LoadParamInst
LoadParentNoTrapsInst LoadPropertyInst LoadPropertyWithReceiverInst LoadStackInst MovInst NativeCallInst PhiInst
PrLoadInst PrStoreInst PrivateBrandCheckInst ResolveScopeInst ResumeGeneratorInst ReturnInst SaveAndYieldInst
StoreFrameInst StoreOwnPrivateFieldInst StorePropertyLooseInst StorePropertyStrictInst StorePropertyWithReceiverInst
StoreStackInst StringConcatInst StringSwitchImmInst SwitchInst ThrowIfInst ThrowIfThisInitializedInst ThrowInst
ThrowTypeErrorInst ToPropertyKeyInst TryEndInst TryLoadGlobalPropertyInst TryStartInst TryStoreGlobalPropertyLooseInst
TryStoreGlobalPropertyStrictInst TypeOfInst TypeOfIsInst TypedLoadParentInst UIntSwitchImmInst UnaryBangInst
UnaryDecInst UnaryIncInst UnaryMinusInst UnaryTildeInst UnaryVoidInst UnionNarrowTrustedInst UnreachableInst`;

const V1_TERMINATORS = `BranchIfBuiltinInst BranchInst CmpBrEqualInst CmpBrGreaterThanInst CmpBrGreaterThanOrEqualInst
CmpBrLessThanInst CmpBrLessThanOrEqualInst CmpBrNotEqualInst CmpBrStrictlyEqualInst CmpBrStrictlyNotEqualInst
CondBranchInst GetNextPNameInst GetPNamesInst HBCCmpBrTypeOfIsInst HBCFCmpBrEqualInst HBCFCmpBrGreaterThanInst
HBCFCmpBrGreaterThanOrEqualInst HBCFCmpBrLessThanInst HBCFCmpBrLessThanOrEqualInst HBCFCmpBrNotEqualInst ReturnInst
SaveAndYieldInst StringSwitchImmInst SwitchInst ThrowInst ThrowTypeErrorInst TryEndInst TryStartInst UIntSwitchImmInst
UnreachableInst`;

const LEGACY_KINDS = `AddEmptyStringInst AllocArrayInst AllocObjectInst AllocStackInst AsInt32Inst AsNumberInst
AsNumericInst BinaryOperatorInst BranchInst CallBuiltinInst CallInst CallIntrinsicInst CatchInst CheckHasInstanceInst
CoerceThisNSInst CompareBranchInst CondBranchInst ConstructInst CreateArgumentsInst CreateFunctionInst
CreateGeneratorInst CreateInnerScopeInst CreateRegExpInst CreateScopeInst DebuggerInst DeletePropertyInst
DirectEvalInst GetBuiltinClosureInst GetNewTargetInst GetNextPNameInst GetPNamesInst HBCAllocObjectFromBufferInst
HBCCallDirectInst HBCCallNInst HBCConstructInst HBCCreateEnvironmentInst HBCCreateFunctionInst
HBCCreateGeneratorInst HBCCreateInnerEnvironmentInst HBCCreateThisInst HBCGetArgumentsLengthInst
HBCGetArgumentsPropByValInst HBCGetConstructedObjectInst HBCGetGlobalObjectInst HBCGetThisNSInst HBCLoadConstInst
HBCLoadFromEnvironmentInst HBCLoadParamInst HBCProfilePointInst HBCReifyArgumentsInst HBCResolveEnvironment
HBCSpillMovInst HBCStoreToEnvironmentInst ImplicitMovInst IteratorBeginInst IteratorCloseInst IteratorNextInst
LoadFrameInst LoadPropertyInst LoadStackInst MovInst PhiInst ResumeGeneratorInst ReturnInst SaveAndYieldInst
StartGeneratorInst StoreFrameInst StoreGetterSetterInst StoreNewOwnPropertyInst StoreOwnPropertyInst
StorePropertyInst StoreStackInst SwitchImmInst SwitchInst ThrowIfEmptyInst ThrowIfHasRestrictedGlobalPropertyInst
ThrowInst TryEndInst TryLoadGlobalPropertyInst TryStartInst TryStoreGlobalPropertyInst UnaryOperatorInst
UnreachableInst`;

const LEGACY_TERMINATORS = `BranchInst CheckHasInstanceInst CompareBranchInst CondBranchInst GetNextPNameInst GetPNamesInst
ReturnInst SaveAndYieldInst SwitchImmInst SwitchInst ThrowInst TryStartInst`;

/**
 * Kinds that cannot throw, run JavaScript or touch memory but through their own operands, in
 * both compilers (checked against each kind's `getSideEffect`/`mayWriteMemory` and what it
 * computes: a strict comparison, `!` and `typeof` call no user code; creating a closure, scope or
 * literal only allocates). Legacy `BinaryOperatorInst` and `UnaryOperatorInst` are inert only for
 * the operators in `INERT_OPERATORS`.
 */
const INERT = `AllocStackInst LoadStackInst StoreStackInst LoadFrameInst StoreFrameInst PhiInst MovInst ImplicitMovInst
LoadParamInst GetParentScopeInst CreateScopeInst CreateInnerScopeInst HBCCreateEnvironmentInst
HBCCreateInnerEnvironmentInst CreateFunctionInst CreateGeneratorInst HBCCreateFunctionInst HBCCreateGeneratorInst
GetBuiltinClosureInst GetNewTargetInst GetClosureScopeInst CatchInst UnaryBangInst TypeOfInst UnaryVoidInst
BinaryStrictlyEqualInst BinaryStrictlyNotEqualInst FAddInst FSubtractInst FMultiplyInst FDivideInst FModuloInst
FEqualInst FNotEqualInst FLessThanInst FLessThanOrEqualInst FGreaterThanInst FGreaterThanOrEqualInst FNegate
AllocArrayInst AllocObjectLiteralInst AllocObjectInst CreateRegExpInst`;

/** Legacy operators (`BinaryOperatorInst '==='`) that call no user code and cannot throw. */
const INERT_OPERATORS = new Set(["'==='", "'!=='", "'!'", "'typeof'", "'void'"]);

const set = (s: string) => new Set(s.split(/\s+/).filter(Boolean));

const KINDS: Record<HermesSyntax, ReadonlySet<string>> = { v1: set(V1_KINDS), legacy: set(LEGACY_KINDS) };
const TERMINATORS: Record<HermesSyntax, ReadonlySet<string>> = { v1: set(V1_TERMINATORS), legacy: set(LEGACY_TERMINATORS) };
const INERT_KINDS = set(INERT);

/** Whether the adapter knows the kind in this syntax. */
export const knownKind = (syntax: HermesSyntax, kind: string): boolean => KINDS[syntax].has(kind);

/** Whether a kind ends its block (its block operands are the block's successors). */
export const isTerminator = (syntax: HermesSyntax, kind: string): boolean => TERMINATORS[syntax].has(kind);

/** A primitive literal operand (no object, so no conversion of it runs JavaScript): a number, string, boolean, null or undefined. */
const PRIMITIVE = /^(-?(\d[\d.e+-]*|Infinity|NaN)|"(?:[^"\\]|\\.)*"|true|false|null|undefined)$/;

/** Operators that throw on primitives (`in`, `instanceof` need an object on the right). */
const OBJECT_OPERATORS = new Set(["BinaryInInst", "BinaryInstanceOfInst", "BinaryPrivateInInst", "'in'", "'instanceof'", "'delete'"]);

/**
 * Whether an instruction is inert (see above): `head` is what the printer writes between the kind
 * and the operands (legacy: the operator in quotes). An operator or conversion whose operands are
 * all primitive literals (`-1`, `1 / 0`, `"a" + "b"`) is inert too: converting a primitive runs no
 * JavaScript, and none of them throws on primitives but `in` and `instanceof` (a BigInt literal
 * is not taken as primitive here: mixing it with a number throws).
 */
export function isInert(kind: string, head: string, operands?: readonly { value: string }[]): boolean {
  if (INERT_KINDS.has(kind)) return true;
  if (kind === "BinaryOperatorInst" || kind === "UnaryOperatorInst") {
    if (INERT_OPERATORS.has(head.trim())) return true;
    if (OBJECT_OPERATORS.has(head.trim())) return false;
  } else if (!/^(Binary|Unary)\w+Inst$|^(AsNumber|AsNumeric|AsInt32|AsUint32|AddEmptyString|TypeOf)Inst$/.test(kind) || OBJECT_OPERATORS.has(kind)) return false;
  return operands !== undefined && operands.length > 0 && operands.every((o) => PRIMITIVE.test(o.value));
}

/** Kinds whose pairs the adapter models beyond comparing them. */
export const ALLOC = "AllocStackInst";
export const LOAD = "LoadStackInst";
export const STORE = "StoreStackInst";
export const PHI = "PhiInst";
export const LOAD_FRAME = "LoadFrameInst";
export const STORE_FRAME = "StoreFrameInst";
export const TRY_START = "TryStartInst";
export const TRY_END = "TryEndInst";
export const DIRECT_EVAL = "DirectEvalInst";
