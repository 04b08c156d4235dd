/**
 * LLVM types for the strict reading (verify.ts), one object per distinct type (`TypeTable`), so
 * that two types are the same exactly when they are the same object, as LLVM's `Type *` are:
 * literal types (`i32`, `{ i32, i8* }`, `[4 x i8]`) by their structure, named structs
 * (`%struct.S`, `%0`) by their name.
 *
 * Pointers are typed (`i32*`, `%struct.S addrspace(1)*`) or opaque (`ptr`), as the module writes
 * them: LLVM 14 reads `ptr` only with `-opaque-pointers` and typed pointers otherwise, and later
 * releases take typed pointer syntax for `ptr`. A module that writes both is malformed (verify.ts
 * decides, at the first pointer of the other kind). Each type knows its text as LLVM prints it,
 * for messages.
 */

export const VOID: number = 0;
export const INT: number = 1;
export const HALF: number = 2;
export const BFLOAT: number = 3;
export const FLOAT: number = 4;
export const DOUBLE: number = 5;
export const X86_FP80: number = 6;
export const FP128: number = 7;
export const PPC_FP128: number = 8;
export const LABEL: number = 9;
export const METADATA: number = 10;
export const X86_MMX: number = 11;
export const X86_AMX: number = 12;
export const TOKEN: number = 13;
/** `ptr`, `ptr addrspace(N)` */
export const PTR: number = 14;
/** `T*`, `T addrspace(N)*` */
export const TYPED_PTR: number = 15;
/** `{ T, ... }`, `<{ T, ... }>` */
export const STRUCT: number = 16;
/** `%name = type { ... }` or `opaque` */
export const NAMED: number = 17;
export const ARRAY: number = 18;
/** `<N x T>`, `<vscale x N x T>` */
export const VECTOR: number = 19;
/** `R (T, ...)` */
export const FUNCTION: number = 20;
/** `target("name", T..., N...)` */
export const TARGET: number = 21;

let nextId = 0;

export class Ty {
  /** Unique per type: the key of the types made of it. */
  readonly id = nextId++;
  /** For `NAMED`: the body, once defined (`null`: `opaque`, or not defined yet). */
  fields: Ty[] | null = null;
  /** For `NAMED`: defined (`type {...}` or `type opaque`) rather than only referred to so far. */
  defined = false;
  /** For `NAMED`: the line of the first reference while it is not defined. */
  firstUse = 0;
  packed = false;
  /**
   * A typed pointer made before the module showed which kind of pointers it writes (an alloca's
   * result before the first pointer type): it stands for `ptr` if the module turns out to write
   * opaque pointers.
   */
  implicit = false;
  /** For `NAMED`: known to be sized (once true, it stays so: types only get defined). */
  sized = false;
  /** `T*` in address space 0, made once (the commonest type of typed-pointer IR: no key to build). */
  pointer: Ty | null = null;
  private printed: string | null = null;
  constructor(
    readonly kind: number,
    /** Named structs: `%name`; other types have their text made when asked (`text`). */
    readonly name: string | null,
    /** `INT`: its width; `ARRAY`/`VECTOR`: the element count; pointers: the address space. */
    readonly n: number = 0,
    /** Pointee, element or return type. */
    readonly elem: Ty | null = null,
    /** Struct fields, function parameters, target type parameters. */
    readonly elems: readonly Ty[] = [],
    /** `FUNCTION`: variadic; `VECTOR`: scalable. */
    readonly flag = false,
  ) {}

  /** The type as LLVM prints it, cut after `TEXT_LIMIT` characters (types nest without limit). */
  get text(): string {
    return (this.printed ??= printType(this));
  }
}

/** How much of a type's text messages show. */
const TEXT_LIMIT = 400;

/** LLVM's text of `t`, without recursion (a stack of what is still to print), at most `TEXT_LIMIT` characters. */
function printType(t: Ty): string {
  let out = "";
  const todo: (Ty | string)[] = [t];
  while (todo.length > 0 && out.length <= TEXT_LIMIT) {
    const x = todo.pop()!;
    if (typeof x === "string") {
      out += x;
      continue;
    }
    if (x.name !== null) {
      out += x.name;
      continue;
    }
    // pushed in reverse: what prints first is popped first
    switch (x.kind) {
      case INT:
        out += `i${x.n}`;
        break;
      case PTR:
        out += x.n === 0 ? "ptr" : `ptr addrspace(${x.n})`;
        break;
      case TYPED_PTR:
        todo.push(x.n === 0 ? "*" : ` addrspace(${x.n})*`, x.elem!);
        break;
      case ARRAY:
        todo.push("]", x.elem!, `[${x.n} x `);
        break;
      case VECTOR:
        todo.push(">", x.elem!, x.flag ? `<vscale x ${x.n} x ` : `<${x.n} x `);
        break;
      case STRUCT: {
        if (x.elems.length === 0) {
          out += x.packed ? "<{}>" : "{}";
          break;
        }
        todo.push(x.packed ? " }>" : " }");
        for (let i = x.elems.length - 1; i >= 0; i--) todo.push(x.elems[i], i === 0 ? (x.packed ? "<{ " : "{ ") : ", ");
        break;
      }
      case FUNCTION: {
        todo.push(")");
        if (x.flag) todo.push(x.elems.length > 0 ? ", ..." : "...");
        for (let i = x.elems.length - 1; i >= 0; i--) todo.push(x.elems[i], i === 0 ? "" : ", ");
        todo.push(" (", x.elem!);
        break;
      }
      case TARGET:
        out += "target(...)";
        break;
    }
  }
  return out.length > TEXT_LIMIT ? `${out.slice(0, TEXT_LIMIT)}...` : out;
}

/** The types of one module, each made once: two types are the same exactly when they are the same object. */
export class TypeTable {
  private readonly made = new Map<string, Ty>();
  readonly named = new Map<string, Ty>();
  readonly numbered = new Map<number, Ty>();
  private readonly ints: Ty[] = [];
  private readonly words: Ty[] = [];

  readonly void = this.word(VOID, "void");
  readonly half = this.word(HALF, "half");
  readonly bfloat = this.word(BFLOAT, "bfloat");
  readonly float = this.word(FLOAT, "float");
  readonly double = this.word(DOUBLE, "double");
  readonly x86_fp80 = this.word(X86_FP80, "x86_fp80");
  readonly fp128 = this.word(FP128, "fp128");
  readonly ppc_fp128 = this.word(PPC_FP128, "ppc_fp128");
  readonly label = this.word(LABEL, "label");
  readonly metadata = this.word(METADATA, "metadata");
  readonly x86_mmx = this.word(X86_MMX, "x86_mmx");
  readonly x86_amx = this.word(X86_AMX, "x86_amx");
  readonly token = this.word(TOKEN, "token");
  readonly i1 = this.int(1);
  readonly i8 = this.int(8);
  readonly i32 = this.int(32);
  readonly i64 = this.int(64);

  private word(kind: number, text: string): Ty {
    const t = new Ty(kind, text);
    this.words.push(t);
    return t;
  }

  /** The type under `key` (its kind and the ids of its parts), made by `build` the first time. */
  private intern(key: string, build: () => Ty): Ty {
    let t = this.made.get(key);
    if (t === undefined) this.made.set(key, (t = build()));
    return t;
  }

  int(bits: number): Ty {
    if (bits < 4096) return (this.ints[bits] ??= new Ty(INT, null, bits));
    return this.intern(`i${bits}`, () => new Ty(INT, null, bits));
  }

  /** `ptr` or `ptr addrspace(N)`. */
  opaquePtr(as: number): Ty {
    return this.intern(`p${as}`, () => new Ty(PTR, null, as));
  }

  /** `T*` or `T addrspace(N)*`. */
  typedPtr(to: Ty, as: number): Ty {
    if (as === 0) return (to.pointer ??= new Ty(TYPED_PTR, null, 0, to));
    return this.intern(`*${as}:${to.id}`, () => new Ty(TYPED_PTR, null, as, to));
  }

  struct(fields: Ty[], packed: boolean): Ty {
    return this.intern(`${packed ? "<" : "{"}${fields.map((f) => f.id).join(",")}`, () => {
      const t = new Ty(STRUCT, null, 0, null, fields);
      t.packed = packed;
      return t;
    });
  }

  array(n: number, of: Ty): Ty {
    return this.intern(`[${n}:${of.id}`, () => new Ty(ARRAY, null, n, of));
  }

  vector(n: number, of: Ty, scalable: boolean): Ty {
    return this.intern(`<${scalable ? "v" : ""}${n}:${of.id}`, () => new Ty(VECTOR, null, n, of, [], scalable));
  }

  fn(ret: Ty, params: Ty[], vararg: boolean): Ty {
    return this.intern(`(${vararg ? "." : ""}${ret.id}:${params.map((p) => p.id).join(",")}`, () => new Ty(FUNCTION, null, 0, ret, params, vararg));
  }

  target(name: string, types: Ty[], ints: number[]): Ty {
    return this.intern(`t${JSON.stringify(name)}:${types.map((t) => t.id).join(",")}:${ints.join(",")}`, () => new Ty(TARGET, null, 0, null, types));
  }

  /** The named struct `%name` (quoted or not as LLVM prints it), made on first mention. */
  namedStruct(name: string, line: number): Ty {
    let t = this.named.get(name);
    if (t === undefined) {
      t = new Ty(NAMED, `%${printedName(name)}`);
      t.firstUse = line;
      this.named.set(name, t);
    }
    return t;
  }

  numberedStruct(n: number, line: number): Ty {
    let t = this.numbered.get(n);
    if (t === undefined) {
      t = new Ty(NAMED, `%${n}`);
      t.firstUse = line;
      this.numbered.set(n, t);
    }
    return t;
  }
}

/** A name as LLVM prints it after its sigil: bare when it can be, else quoted with `\XX` escapes. */
export function printedName(name: string): string {
  if (/^[-a-zA-Z$._][-a-zA-Z$._0-9]*$/.test(name)) return name;
  let out = '"';
  for (const byte of Buffer.from(name, "utf8")) out += byte === 34 || byte === 92 || byte < 32 || byte >= 127 ? `\\${byte.toString(16).toUpperCase().padStart(2, "0")}` : String.fromCharCode(byte);
  return `${out}"`;
}

export function isInteger(t: Ty): boolean {
  return t.kind === INT;
}

export function isFloatingPoint(t: Ty): boolean {
  return t.kind >= HALF && t.kind <= PPC_FP128;
}

export function isPointer(t: Ty): boolean {
  return t.kind === PTR || t.kind === TYPED_PTR;
}

export function isVector(t: Ty): boolean {
  return t.kind === VECTOR;
}

export function isStruct(t: Ty): boolean {
  return t.kind === STRUCT || t.kind === NAMED;
}

export function isAggregate(t: Ty): boolean {
  return t.kind === STRUCT || t.kind === NAMED || t.kind === ARRAY;
}

/** The element type of a vector, or the type itself. */
export function scalarOf(t: Ty): Ty {
  return t.kind === VECTOR ? t.elem! : t;
}

export function isIntOrIntVector(t: Ty): boolean {
  return scalarOf(t).kind === INT;
}

export function isFPOrFPVector(t: Ty): boolean {
  return isFloatingPoint(scalarOf(t));
}

export function isPtrOrPtrVector(t: Ty): boolean {
  return isPointer(scalarOf(t));
}

/** LLVM's `isFirstClassType`: not a function type, not void. */
export function isFirstClass(t: Ty): boolean {
  return t.kind !== FUNCTION && t.kind !== VOID;
}

/** `PointerType::isValidElementType`. */
export function isValidPointee(t: Ty): boolean {
  return t.kind !== VOID && t.kind !== LABEL && t.kind !== METADATA && t.kind !== TOKEN && t.kind !== X86_AMX;
}

/** `ArrayType::isValidElementType` and `StructType::isValidElementType`. */
export function isValidAggregateElement(t: Ty): boolean {
  return t.kind !== VOID && t.kind !== LABEL && t.kind !== METADATA && t.kind !== FUNCTION && t.kind !== TOKEN && t.kind !== X86_AMX && !(t.kind === VECTOR && t.flag);
}

/** `VectorType::isValidElementType`. */
export function isValidVectorElement(t: Ty): boolean {
  return t.kind === INT || isFloatingPoint(t) || isPointer(t);
}

/** `FunctionType::isValidReturnType`. */
export function isValidReturn(t: Ty): boolean {
  return t.kind !== FUNCTION && t.kind !== LABEL && t.kind !== METADATA;
}

/** `FunctionType::isValidArgumentType`. */
export function isValidArgument(t: Ty): boolean {
  return isFirstClass(t);
}

/**
 * `Type::isSized`: has a size in memory. Named structs ask their fields, without recursion (a
 * stack of the structs still to look at), and a struct that contains itself by value is no
 * struct LLVM accepts anyway (it has no size).
 */
export function isSized(t: Ty): boolean {
  const stack: Ty[] = [t];
  const seen = new Set<Ty>();
  while (stack.length > 0) {
    const u = stack.pop()!;
    switch (u.kind) {
      case INT:
      case HALF:
      case BFLOAT:
      case FLOAT:
      case DOUBLE:
      case X86_FP80:
      case FP128:
      case PPC_FP128:
      case X86_MMX:
      case X86_AMX:
      case PTR:
      case TYPED_PTR:
        continue;
      case ARRAY:
      case VECTOR:
        stack.push(u.elem!);
        continue;
      case STRUCT:
        for (const f of u.elems) stack.push(f);
        continue;
      case NAMED:
        if (u.sized) continue;
        if (u.fields === null) return false; // opaque
        if (seen.has(u)) continue;
        seen.add(u);
        for (const f of u.fields) stack.push(f);
        continue;
      case TARGET:
        continue; // their layout is the target's; taken as sized
      default:
        return false;
    }
  }
  // every named struct met is sized: remembered, so that a chain of them is walked once
  for (const u of seen) u.sized = true;
  return true;
}

/** The fields of a struct type (literal or named); null for an opaque one. */
export function structFields(t: Ty): readonly Ty[] | null {
  return t.kind === STRUCT ? t.elems : t.fields;
}
