/**
 * `target datalayout = "..."`, checked as LLVM 14's `DataLayout::parseSpecifier`
 * (llvm/lib/IR/DataLayout.cpp) checks it: LLVM's parser rejects a module whose layout string does
 * not parse, so a damaged one is malformed here.
 *
 * The string is specifications separated by `-`, each a letter and fields separated by `:`:
 * `e`/`E` (endianness), `m:X` (mangling: e, l, o, m, w, x, a), `p[AS]:size:abi[:pref[:idx]]`
 * (pointers; sizes in bits), `iN:abi[:pref]`, `fN:...`, `vN:...`, `a:abi[:pref]` (alignments in bits, multiples of
 * 8, powers of two), `n8:16:32` (native integers), `S128` (stack alignment), `Fi8`/`Fn8` (function
 * pointer alignment), `P1`, `A5`, `G1` (program, alloca and globals address spaces), `ni:1:2`
 * (non-integral address spaces), `s...` (ignored). Returns the message of the first problem, or
 * null.
 */
export function dataLayoutError(desc: string): string | null {
  let rest = desc;
  while (rest.length > 0) {
    // split at '-'
    const dash = split(rest, "-");
    if (typeof dash === "string") return dash;
    rest = dash[1];
    const colon = split(dash[0], ":");
    if (typeof colon === "string") return colon;
    let tok = colon[0];
    let fields = colon[1];
    /** The next `:` field of `fields` (LLVM's `::split(Rest, ':', Split)`), or a message. */
    const field = (): string | { value: string } => {
      const s = split(fields, ":");
      if (typeof s === "string") return s;
      fields = s[1];
      return { value: s[0] };
    };
    if (tok === "ni") {
      do {
        const f = field();
        if (typeof f === "string") return f;
        const as = uint(f.value, 32);
        if (as === null) return NOT_A_NUMBER;
        if (as === 0) return "Address space 0 can never be non-integral";
      } while (fields.length > 0);
      continue;
    }
    const specifier = tok[0];
    tok = tok.slice(1);
    switch (specifier) {
      case "s":
      case "E":
      case "e":
        break; // `s` is deprecated and ignored; endianness takes nothing more
      case "p": {
        let as = 0;
        if (tok.length > 0) {
          const v = uint(tok, 32);
          if (v === null) return NOT_A_NUMBER;
          as = v;
        }
        if (as >= 1 << 24) return "Invalid address space, must be a 24bit integer";
        if (fields.length === 0) return "Missing size specification for pointer in datalayout string";
        let f = field();
        if (typeof f === "string") return f;
        const size = uint(f.value, 32); // in bits, not bytes (LLVM 14's `getInt`)
        if (size === null) return NOT_A_NUMBER;
        if (size === 0) return "Invalid pointer size of 0 bytes";
        if (fields.length === 0) return "Missing alignment specification for pointer in datalayout string";
        f = field();
        if (typeof f === "string") return f;
        const abi = bytes(f.value);
        if (typeof abi === "string") return abi;
        if (!isPowerOf2(abi)) return "Pointer ABI alignment must be a power of 2";
        let pref = abi;
        if (fields.length > 0) {
          f = field();
          if (typeof f === "string") return f;
          const p = bytes(f.value);
          if (typeof p === "string") return p;
          if (!isPowerOf2(p)) return "Pointer preferred alignment must be a power of 2";
          pref = p;
          if (fields.length > 0) {
            f = field();
            if (typeof f === "string") return f;
            const idx = uint(f.value, 32);
            if (idx === null) return NOT_A_NUMBER;
            if (idx === 0) return "Invalid index size of 0 bytes";
          }
        }
        if (pref < abi) return "Preferred alignment cannot be less than the ABI alignment";
        break;
      }
      case "i":
      case "v":
      case "f":
      case "a": {
        let size = 0;
        if (tok.length > 0) {
          const v = uint(tok, 32);
          if (v === null) return NOT_A_NUMBER;
          size = v;
        }
        if (specifier === "a" && size !== 0) return "Sized aggregate specification in datalayout string";
        if (fields.length === 0) return "Missing alignment specification in datalayout string";
        let f = field();
        if (typeof f === "string") return f;
        const abi = bytes(f.value);
        if (typeof abi === "string") return abi;
        if (specifier !== "a" && abi === 0) return "ABI alignment specification must be >0 for non-aggregate types";
        if (abi >= 1 << 16) return "Invalid ABI alignment, must be a 16bit integer";
        if (abi !== 0 && !isPowerOf2(abi)) return "Invalid ABI alignment, must be a power of 2";
        let pref = abi;
        if (fields.length > 0) {
          f = field();
          if (typeof f === "string") return f;
          const p = bytes(f.value);
          if (typeof p === "string") return p;
          pref = p;
        }
        if (pref >= 1 << 16) return "Invalid preferred alignment, must be a 16bit integer";
        if (pref !== 0 && !isPowerOf2(pref)) return "Invalid preferred alignment, must be a power of 2";
        if (size >= 1 << 24) return "Invalid bit width, must be a 24bit integer";
        if (pref < abi) return "Preferred alignment cannot be less than the ABI alignment";
        break;
      }
      case "n":
        for (;;) {
          const w = uint(tok, 32);
          if (w === null) return NOT_A_NUMBER;
          if (w === 0) return "Zero width native integer type in datalayout string";
          if (fields.length === 0) break;
          const f = field();
          if (typeof f === "string") return f;
          tok = f.value;
        }
        break;
      case "S": {
        const a = bytes(tok, 64);
        if (typeof a === "string") return a;
        if (a !== 0 && !isPowerOf2(a)) return "Alignment is neither 0 nor a power of 2";
        break;
      }
      case "F": {
        if (tok[0] !== "i" && tok[0] !== "n") return "Unknown function pointer alignment type in datalayout string";
        const a = bytes(tok.slice(1), 64);
        if (typeof a === "string") return a;
        if (a !== 0 && !isPowerOf2(a)) return "Alignment is neither 0 nor a power of 2";
        break;
      }
      case "P":
      case "A":
      case "G": {
        const as = uint(tok, 32);
        if (as === null) return NOT_A_NUMBER;
        if (as >= 1 << 24) return "Invalid address space, must be a 24-bit integer";
        break;
      }
      case "m":
        if (tok.length > 0) return "Unexpected trailing characters after mangling specifier in datalayout string";
        if (fields.length === 0) return "Expected mangling specifier in datalayout string";
        if (fields.length > 1) return "Unknown mangling specifier in datalayout string";
        if (!"elomwxa".includes(fields)) return "Unknown mangling in datalayout string";
        break;
      default:
        return "Unknown specifier in datalayout string";
    }
  }
  return null;
}

const NOT_A_NUMBER = "not a number, or does not fit in an unsigned int";

/** LLVM's `::split`: `[before, after]` of the first `sep`, or a message for an empty side. */
function split(s: string, sep: string): [string, string] | string {
  const at = s.indexOf(sep);
  if (at < 0) return [s, ""];
  const first = s.slice(0, at);
  const second = s.slice(at + 1);
  if (second.length === 0) return "Trailing separator in datalayout string";
  if (first.length === 0) return "Expected token before separator in datalayout string";
  return [first, second];
}

/** `StringRef::getAsInteger(10, unsigned)`: decimal digits only, fitting in `width` bits; else null. */
function uint(s: string, width: 32 | 64): number | null {
  if (!/^[0-9]+$/.test(s)) return null;
  const v = BigInt(s);
  if (v >= 1n << BigInt(width)) return null;
  return Number(v);
}

/** LLVM's `getIntInBytes`: bits, a multiple of 8, as bytes. */
function bytes(s: string, width: 32 | 64 = 32): number | string {
  const v = uint(s, width);
  if (v === null) return NOT_A_NUMBER;
  if (v % 8 !== 0) return "number of bits must be a byte width multiple";
  return v / 8;
}

function isPowerOf2(v: number): boolean {
  return v > 0 && Number.isInteger(Math.log2(v)) && 2 ** Math.log2(v) === v;
}
