/**
 * The specialized metadata nodes of LLVM's debug information (`!DILocation(line: 3, scope: !5)`)
 * for the strict reading (verify.ts): each node's fields, what each field holds and which are
 * required, as LLVM 14's parser has them (`parseDILocation` and its siblings in LLParser.cpp,
 * which reject an unknown field, a field given twice, a value of the wrong kind and a missing
 * required field), with the fields LLVM 15 and 16 added.
 */

/** A metadata node or `null` (`MDField`). */
export const MD = 0;
/** A metadata node, never `null`. */
export const MD_NOT_NULL = 1;
/** A string (`MDStringField`). */
export const STRING = 2;
/** A string that must not be empty when given (`DIGlobalVariable`'s `name`: required in LLVM 14 and 15, optional in 16). */
export const STRING_NOT_EMPTY = 3;
/** An unsigned integer up to `max`. */
export const UNSIGNED = 4;
/** A signed integer within [`min`, `max`]. */
export const SIGNED = 5;
/** `true` or `false`. */
export const BOOL = 6;
/** Any integer (`DIEnumerator`'s `value`). */
export const APSINT = 7;
/** An unsigned integer or a `DW_TAG_*` name. */
export const TAG = 8;
export const ATE = 9;
export const VIRTUALITY = 10;
export const LANG = 11;
export const CC = 12;
export const MACINFO = 13;
/** `FullDebug`, `NoDebug`, `LineTablesOnly`, `DebugDirectivesOnly`, or a number up to 3. */
export const EMISSION = 14;
/** `GNU`, `None`, `Default`, `Apple`, or a number up to 3. */
export const NAME_TABLE = 15;
/** `DIFlag...` joined by `|`, or numbers. */
export const DIFLAGS = 16;
export const DISPFLAGS = 17;
/** `CSK_MD5`, `CSK_SHA1`, `CSK_SHA256`. */
export const CHECKSUM = 18;
/** A signed integer or a metadata node (`MDSignedOrMDField`). */
export const SIGNED_OR_MD = 19;
/** An unsigned integer or a metadata node. */
export const UNSIGNED_OR_MD = 20;
/** `{ metadata, ... }` (`MDFieldList`). */
export const MD_LIST = 21;
/** A signed integer or a metadata node, never null (`DISubrange`'s `count`). */
export const SIGNED_OR_MD_NOT_NULL = 22;

export interface FieldSpec {
  kind: number;
  required?: boolean;
  min?: bigint;
  max?: bigint;
}

const U16 = 0xffffn;
const U32 = 0xffffffffn;
const U64 = 0xffffffffffffffffn;

const md: FieldSpec = { kind: MD };
const req = (kind: number, max?: bigint): FieldSpec => ({ kind, required: true, ...(max === undefined ? {} : { max }) });
const str: FieldSpec = { kind: STRING };
const bool: FieldSpec = { kind: BOOL };
const uint = (max: bigint): FieldSpec => ({ kind: UNSIGNED, max });
const line: FieldSpec = uint(U32);
const column: FieldSpec = uint(U16);
const tag: FieldSpec = { kind: TAG };
const flags: FieldSpec = { kind: DIFLAGS };
const signedOrMd: FieldSpec = { kind: SIGNED_OR_MD };

const NODES: Record<string, Record<string, FieldSpec>> = {
    DILocation: { line, column, scope: req(MD_NOT_NULL), inlinedAt: md, isImplicitCode: bool },
    DIGlobalVariableExpression: { var: req(MD), expr: req(MD) },
    GenericDINode: { tag: req(TAG), header: str, operands: { kind: MD_LIST } },
    DISubrange: { count: { kind: SIGNED_OR_MD_NOT_NULL, min: -1n, max: 0x7fffffffffffffffn }, lowerBound: signedOrMd, upperBound: signedOrMd, stride: signedOrMd },
    DIGenericSubrange: { count: signedOrMd, lowerBound: signedOrMd, upperBound: signedOrMd, stride: signedOrMd },
    DIEnumerator: { name: req(STRING), value: req(APSINT), isUnsigned: bool },
    DIBasicType: { tag, name: str, size: uint(U64), align: uint(U32), encoding: { kind: ATE }, flags },
    DIStringType: {
      tag, name: str, stringLength: md, stringLengthExpression: md, stringLocationExpression: md, size: uint(U64), align: uint(U32), encoding: { kind: ATE },
    },
    DIDerivedType: {
      tag: req(TAG), name: str, file: md, line, scope: md, baseType: req(MD), size: uint(U64), align: uint(U32), offset: uint(U64), flags,
      extraData: md, dwarfAddressSpace: uint(U32), annotations: md,
    },
    DICompositeType: {
      tag: req(TAG), name: str, file: md, line, scope: md, baseType: md, size: uint(U64), align: uint(U32), offset: uint(U64), flags,
      elements: md, runtimeLang: { kind: LANG }, vtableHolder: md, templateParams: md, identifier: str, discriminator: md,
      dataLocation: md, associated: md, allocated: md, rank: signedOrMd, annotations: md,
    },
    DISubroutineType: { flags, cc: { kind: CC }, types: req(MD) },
    DIFile: { filename: req(STRING), directory: req(STRING), checksumkind: { kind: CHECKSUM }, checksum: str, source: str },
    DICompileUnit: {
      language: req(LANG), file: req(MD_NOT_NULL), producer: str, isOptimized: bool, flags: str, runtimeVersion: uint(U32),
      splitDebugFilename: str, emissionKind: { kind: EMISSION }, enums: md, retainedTypes: md, globals: md, imports: md, macros: md,
      dwoId: uint(U64), splitDebugInlining: bool, debugInfoForProfiling: bool, nameTableKind: { kind: NAME_TABLE },
      rangesBaseAddress: bool, sysroot: str, sdk: str,
    },
    DISubprogram: {
      scope: md, name: str, linkageName: str, file: md, line, type: md, isLocal: bool, isDefinition: bool, scopeLine: line,
      containingType: md, virtuality: { kind: VIRTUALITY }, virtualIndex: uint(U32),
      thisAdjustment: { kind: SIGNED, min: -0x80000000n, max: 0x7fffffffn }, flags, spFlags: { kind: DISPFLAGS }, isOptimized: bool,
      unit: md, templateParams: md, declaration: md, retainedNodes: md, thrownTypes: md, annotations: md, targetFuncName: str,
    },
    DILexicalBlock: { scope: req(MD_NOT_NULL), file: md, line, column },
    DILexicalBlockFile: { scope: req(MD_NOT_NULL), file: md, discriminator: req(UNSIGNED, U32) },
    DICommonBlock: { scope: req(MD), declaration: md, name: str, file: md, line },
    DINamespace: { scope: req(MD), name: str, exportSymbols: bool },
    DIMacro: { type: req(MACINFO), line, name: req(STRING), value: str },
    DIMacroFile: { type: { kind: MACINFO }, line, file: req(MD), nodes: md },
    DIModule: { scope: req(MD), name: req(STRING), configMacros: str, includePath: str, apinotes: str, file: md, line, isDecl: bool },
    DITemplateTypeParameter: { name: str, type: req(MD), defaulted: bool },
    DITemplateValueParameter: { tag, name: str, type: md, defaulted: bool, value: req(MD) },
    DIGlobalVariable: {
      // required in LLVM 14 and 15, optional from 16 on (a string literal's variable has none):
      // the reader takes what any version it reads takes
      name: { kind: STRING_NOT_EMPTY }, scope: md, linkageName: str, file: md, line, type: md, isLocal: bool, isDefinition: bool,
      templateParams: md, declaration: md, align: uint(U32), annotations: md,
    },
    DILocalVariable: { scope: req(MD_NOT_NULL), name: str, arg: uint(U16), file: md, line, type: md, flags, align: uint(U32), annotations: md },
    DILabel: { scope: req(MD_NOT_NULL), name: req(STRING), file: req(MD), line: req(UNSIGNED, U32) },
    DIObjCProperty: { name: str, file: md, line, setter: str, getter: str, attributes: uint(U32), type: md },
    DIImportedEntity: { tag: req(TAG), scope: req(MD), entity: md, file: md, line, name: str, elements: md },
};

/** Per node kind, its fields. */
export const DI_NODES: ReadonlyMap<string, ReadonlyMap<string, FieldSpec>> = new Map(Object.entries(NODES).map(([k, v]) => [k, new Map(Object.entries(v))]));

/** The largest value of each named field kind, where a number stands for the name. */
export const KIND_MAX: Readonly<Record<number, bigint>> = {
  [TAG]: 0xffffn,
  [ATE]: 0xffn,
  [VIRTUALITY]: 2n,
  [LANG]: 0xffffn,
  [CC]: 0xffn,
  [MACINFO]: 0xffn,
  [EMISSION]: 3n,
  [NAME_TABLE]: 3n,
};

export const EMISSION_KINDS: ReadonlySet<string> = new Set(["NoDebug", "FullDebug", "LineTablesOnly", "DebugDirectivesOnly"]);
export const NAME_TABLE_KINDS: ReadonlySet<string> = new Set(["Default", "GNU", "None", "Apple"]);
export const CHECKSUM_KINDS: ReadonlySet<string> = new Set(["CSK_MD5", "CSK_SHA1", "CSK_SHA256"]);
