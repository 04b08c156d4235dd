/**
 * The tokens of LLVM's textual IR exactly as LLVM's own lexer (llvm/lib/AsmParser/LLLexer.cpp)
 * cuts them, for the strict reading of verify.ts: what LLVM's parser rejects must be rejected
 * here too, so the tokens must be LLVM's, not an approximation (`i32x` is the type `i32` and
 * the word `x`; `%1a` is `%1` and `a`; `nsw.` is the keyword `nsw` and a stray `.`).
 *
 * A token is a kind and a range of the text; names, strings and numbers are read out of the
 * range only where the parser needs them. The text is read through its character codes
 * (`codesOf`: non-ASCII characters are 128, which LLVM's lexer also takes for no letter).
 */
import { MalformedInput } from "../../spec/errors.js";
import { WordTable } from "./intern.js";

export const EOF: number = 0;
export const ERROR: number = 1;
/** `name:`, `"quoted name":`, `-1:`: a block label, or a field label in a metadata node. */
export const LABEL: number = 2;
/** `12:` */
export const LABEL_ID: number = 3;
export const GLOBAL: number = 4;
export const GLOBAL_ID: number = 5;
export const LOCAL: number = 6;
export const LOCAL_ID: number = 7;
/** `$name` */
export const COMDAT: number = 8;
/** `#12` */
export const ATTR_GRP: number = 9;
/** `#` alone (debug records: `#dbg_value`) */
export const HASH: number = 10;
/** `^12` */
export const SUMMARY: number = 11;
/** `!name`, `!DILocation` */
export const MD_VAR: number = 12;
/** `!` alone */
export const EXCLAIM: number = 13;
export const STRING: number = 14;
/** A decimal integer (`neg` when written with `-`), or `s0x`/`u0x` hexadecimal. */
export const INT: number = 15;
/** A decimal floating-point literal, or a hexadecimal one (`0x...`, `0xK...`). */
export const FLOAT: number = 16;
/** A type keyword: `i32` (`intBits`), `void`, `ptr`, ... (`typeWord`). */
export const TYPE: number = 17;
/** A keyword (`kw`: its index in `KEYWORDS`). */
export const KEYWORD: number = 18;
/** `DW_TAG_...`, `DW_ATE_...`, ... (`dwarf`: which family) */
export const DWARF: number = 19;
export const DIFLAG: number = 20;
export const DISPFLAG: number = 21;
export const CHECKSUM_KIND: number = 22;
export const EMISSION_KIND: number = 23;
export const NAME_TABLE_KIND: number = 24;
export const EQUAL: number = 26;
export const COMMA: number = 27;
export const STAR: number = 28;
export const LSQUARE: number = 29;
export const RSQUARE: number = 30;
export const LBRACE: number = 31;
export const RBRACE: number = 32;
export const LESS: number = 33;
export const GREATER: number = 34;
export const LPAREN: number = 35;
export const RPAREN: number = 36;
export const BAR: number = 37;
export const COLON: number = 38;
export const DOTDOTDOT: number = 39;

/** Single-character tokens by code. */
const PUNCT = new Int8Array(128).fill(-1);
PUNCT[61] = EQUAL;
PUNCT[91] = LSQUARE;
PUNCT[93] = RSQUARE;
PUNCT[123] = LBRACE;
PUNCT[125] = RBRACE;
PUNCT[60] = LESS;
PUNCT[62] = GREATER;
PUNCT[40] = LPAREN;
PUNCT[41] = RPAREN;
PUNCT[44] = COMMA;
PUNCT[42] = STAR;
PUNCT[124] = BAR;
PUNCT[58] = COLON;

/** `[-a-zA-Z$._0-9]` */
const LABEL_CHAR = new Uint8Array(256);
/** `[a-zA-Z0-9_]`: where a keyword ends (at the first other label character). */
const KEYWORD_CHAR = new Uint8Array(256);
const ALPHA = new Uint8Array(256);
const DIGIT = new Uint8Array(256);
const HEX = new Uint8Array(256);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[-a-zA-Z$._0-9]/.test(ch)) LABEL_CHAR[c] = 1;
  if (/[a-zA-Z0-9_]/.test(ch)) KEYWORD_CHAR[c] = 1;
  if (/[a-zA-Z]/.test(ch)) ALPHA[c] = 1;
  if (/[0-9]/.test(ch)) DIGIT[c] = 1;
  if (/[0-9a-fA-F]/.test(ch)) HEX[c] = 1;
}
/** `[-a-zA-Z$._]`: the first character of an unquoted name. */
const NAME_START = new Uint8Array(256);
for (let c = 0; c < 128; c++) if (ALPHA[c] === 1 || c === 45 || c === 36 || c === 46 || c === 95) NAME_START[c] = 1;
/** Metadata names also take `\` (escapes). */
const MD_CHAR = LABEL_CHAR.slice();
MD_CHAR[92] = 1;
const MD_START = NAME_START.slice();
MD_START[92] = 1;

/**
 * The keywords of LLVM 14 to 16 and later releases together (a text from any release the adapter
 * reads must be readable; a keyword no release knows is an error). Words that are only
 * attributes are in `ATTRIBUTE_WORDS` of attributes.ts, which are keywords too.
 */
const PLAIN_KEYWORDS = [
  "true", "false", "declare", "define", "global", "constant", "dso_local", "dso_preemptable", "private", "internal",
  "available_externally", "linkonce", "linkonce_odr", "weak", "weak_odr", "appending", "dllimport", "dllexport", "common",
  "default", "hidden", "protected", "unnamed_addr", "local_unnamed_addr", "externally_initialized", "extern_weak",
  "external", "thread_local", "localdynamic", "initialexec", "localexec", "zeroinitializer", "undef", "null", "none",
  "poison", "to", "caller", "within", "from", "tail", "musttail", "notail", "target", "triple", "source_filename",
  "unwind", "deplibs", "datalayout", "volatile", "atomic", "unordered", "monotonic", "acquire", "release", "acq_rel",
  "seq_cst", "syncscope", "nnan", "ninf", "nsz", "arcp", "contract", "reassoc", "afn", "fast", "nuw", "nsw", "nusw",
  "exact", "disjoint", "inbounds", "nneg", "samesign", "inrange", "addrspace", "section", "partition", "code_model",
  "alias", "ifunc", "module", "asm", "sideeffect", "inteldialect", "gc", "prefix", "prologue", "no_sanitize_address",
  "no_sanitize_hwaddress", "sanitize_address_dyninit", "ccc", "fastcc", "coldcc", "cfguard_checkcc", "x86_stdcallcc",
  "x86_fastcallcc", "x86_thiscallcc", "x86_vectorcallcc", "arm_apcscc", "arm_aapcscc", "arm_aapcs_vfpcc",
  "aarch64_vector_pcs", "aarch64_sve_vector_pcs", "aarch64_sme_preservemost_from_x0",
  "aarch64_sme_preservemost_from_x1", "aarch64_sme_preservemost_from_x2", "msp430_intrcc", "avr_intrcc",
  "avr_signalcc", "ptx_kernel", "ptx_device", "spir_kernel", "spir_func", "intel_ocl_bicc", "x86_64_sysvcc", "win64cc",
  "x86_regcallcc", "webkit_jscc", "swiftcc", "swifttailcc", "anyregcc", "preserve_mostcc", "preserve_allcc",
  "preserve_nonecc", "ghccc", "x86_intrcc", "hhvmcc", "hhvm_ccc", "cxx_fast_tlscc", "amdgpu_vs", "amdgpu_ls",
  "amdgpu_hs", "amdgpu_es", "amdgpu_gs", "amdgpu_ps", "amdgpu_cs", "amdgpu_cs_chain", "amdgpu_cs_chain_preserve",
  "amdgpu_kernel", "amdgpu_gfx", "tailcc", "m68k_rtdcc", "graalcc", "riscv_vector_cc", "cc", "c", "attributes", "sync",
  "async", "read", "write", "readwrite", "argmem", "inaccessiblemem", "errnomem", "all", "nan", "snan", "qnan", "inf",
  "pinf", "norm", "nnorm", "pnorm", "nsub", "psub", "zero", "nzero", "pzero", "type", "opaque", "comdat", "any",
  "exactmatch", "largest", "nodeduplicate", "samesize", "eq", "ne", "slt", "sgt", "sle", "sge", "ult", "ugt", "ule", "uge",
  "oeq", "one", "olt", "ogt", "ole", "oge", "ord", "uno", "ueq", "une", "xchg", "nand", "max", "min", "umax", "umin",
  "fmax", "fmin", "fmaximum", "fminimum", "uinc_wrap", "udec_wrap", "usub_cond", "usub_sat", "splat", "vscale", "x",
  "blockaddress", "dso_local_equivalent", "no_cfi", "ptrauth", "distinct", "uselistorder", "uselistorder_bb",
  "personality", "cleanup", "catch", "filter",
  // instructions
  "fneg", "add", "fadd", "sub", "fsub", "mul", "fmul", "udiv", "sdiv", "fdiv", "urem", "srem", "frem", "shl", "lshr",
  "ashr", "and", "or", "xor", "icmp", "fcmp", "phi", "call", "trunc", "zext", "sext", "fptrunc", "fpext", "uitofp",
  "sitofp", "fptoui", "fptosi", "inttoptr", "ptrtoint", "ptrtoaddr", "bitcast", "addrspacecast", "select", "va_arg",
  "ret", "br", "switch", "indirectbr", "invoke", "resume", "unreachable", "callbr", "alloca", "load", "store", "cmpxchg",
  "atomicrmw", "fence", "getelementptr", "extractelement", "insertelement", "shufflevector", "extractvalue",
  "insertvalue", "landingpad", "cleanupret", "catchret", "catchswitch", "catchpad", "cleanuppad", "freeze",
];

/** Attribute keywords (attributes.ts has their grammar). */
export const ATTRIBUTE_WORDS = [
  "align", "allocalign", "allockind", "allocptr", "allocsize", "alwaysinline", "argmemonly", "builtin", "byval", "byref",
  "noundef", "cold", "convergent", "coro_elide_safe", "coro_only_destroy_when_complete", "dead_on_unwind",
  "dead_on_return", "dereferenceable", "dereferenceable_or_null", "disable_sanitizer_instrumentation", "elementtype",
  "fn_ret_thunk_extern", "hot", "hybrid_patchable", "inaccessiblememonly", "inaccessiblemem_or_argmemonly", "inalloca",
  "initializes", "inlinehint", "inreg", "jumptable", "memory", "minsize", "naked", "nest", "noalias", "nobuiltin",
  "nocallback", "nocapture", "captures", "nocreateundeforpoison", "nodivergencesource", "noduplicate", "noext",
  "nofpclass", "nofree", "noimplicitfloat", "noinline", "nonlazybind", "nomerge", "nonnull", "norecurse", "noredzone",
  "noreturn", "nosync", "nocf_check", "noprofile", "skipprofile", "nounwind", "nosanitize_bounds",
  "nosanitize_coverage", "null_pointer_is_valid", "optdebug", "optforfuzzing", "optsize", "optnone", "preallocated",
  "presplitcoroutine", "range", "readnone", "readonly", "returned", "immarg", "returns_twice", "safestack",
  "shadowcallstack", "signext", "alignstack", "speculatable", "ssp", "sspreq", "sspstrong", "strictfp", "sret",
  "sanitize_address", "sanitize_thread", "sanitize_type", "sanitize_memory", "sanitize_hwaddress", "sanitize_memtag",
  "sanitize_numerical_stability", "sanitize_realtime", "sanitize_realtime_blocking", "speculative_load_hardening",
  "swifterror", "swiftself", "swiftasync", "uwtable", "vscale_range", "willreturn", "writable", "writeonly", "zeroext",
  "mustprogress", "nosanitize_address", "nosanitize_hwaddress",
];

/** Every keyword: a token `KEYWORD` carries its index here (`kw`). */
export const KEYWORDS: readonly string[] = [...new Set([...PLAIN_KEYWORDS, ...ATTRIBUTE_WORDS])];
const KEYWORD_TABLE = new WordTable(KEYWORDS);
/** The index of keyword `w` (for the parser's comparisons), checked to exist. */
export function kw(w: string): number {
  const i = KEYWORDS.indexOf(w);
  if (i < 0) throw new Error(`no keyword ${w}`);
  return i;
}

/** Type keywords; a token `TYPE` carries `typeWord`, the index here, or -1 for `iN`. */
export const TYPE_WORDS = ["void", "half", "bfloat", "float", "double", "x86_fp80", "fp128", "ppc_fp128", "label", "metadata", "x86_mmx", "x86_amx", "token", "ptr"];
const TYPE_TABLE = new WordTable(TYPE_WORDS);
export const TW_PTR = TYPE_WORDS.indexOf("ptr");

/** The families of `DW_*` words: `DWARF` tokens carry one in `dwarf`. */
export const DW_FAMILIES = ["TAG", "ATE", "VIRTUALITY", "LANG", "CC", "OP", "MACINFO", "APPLE_ENUM_KIND", "LNAME"];

/** LLVM 14's widest integer type: `IntegerType::MAX_INT_BITS`, 2^24 - 1. */
export const MAX_INT_BITS = (1 << 24) - 1;

export class Lexer {
  s = "";
  b: Uint8Array = new Uint8Array(1);
  pos = 0;
  end = 0;
  /** The line of the text being read (messages: `file:line: what`). */
  line = 0;

  /** The current token: its kind and range `[start, stop)`. */
  kind = EOF;
  start = 0;
  stop = 0;
  /** The end of the token before the current one (what a construct just read spans: from its first token's `start` to here). */
  prevStop = 0;
  /** Names and strings: the range of the contents (no sigil, no quotes, escapes undone by `value()`). */
  vStart = 0;
  vEnd = 0;
  /** Whether the name or label was quoted (its contents may hold escapes). */
  quoted = false;
  /** `*_ID` tokens and `ATTR_GRP`: the number. */
  uint = 0;
  /** `KEYWORD`: index in `KEYWORDS`. */
  kw = -1;
  /** `TYPE`: index in `TYPE_WORDS`, or -1 for an integer type of `intBits` bits. */
  typeWord = -1;
  intBits = 0;
  /** `INT`: written with a leading `-`; `FLOAT`: hexadecimal (`0x`), with its kind letter (`K`, `L`, `M`, `H`, `R`, or `J` for none). */
  neg = false;
  hexKind = 0;
  /** `DWARF`: the family (index in `DW_FAMILIES`). */
  dwarf = -1;
  /**
   * In `memory(argmem: read)` and `captures(ret: address)` a word before a colon is no label
   * (LLVM's `setIgnoreColonInIdentifiers`).
   */
  ignoreColon = false;

  constructor(readonly file: string) {}

  reset(s: string, b: Uint8Array, pos: number, end: number, line: number): void {
    this.s = s;
    this.b = b;
    this.pos = pos;
    this.end = end;
    this.line = line;
    this.ignoreColon = false;
    this.next();
  }

  fail(what: string): never {
    throw new MalformedInput(`${this.file}:${this.line}: ${what}`);
  }

  /** The current token as written, for messages. */
  here(): string {
    if (this.kind === EOF) return "the end of the line";
    const t = this.s.slice(this.start, Math.min(this.stop, this.start + 40));
    return JSON.stringify(t);
  }

  /** The text of the current token's contents (names unescaped). */
  value(): string {
    const raw = this.s.slice(this.vStart, this.vEnd);
    return this.quoted ? unescapeBytes(raw) : raw;
  }

  /** The current token's text as written. */
  text(): string {
    return this.s.slice(this.start, this.stop);
  }

  isKw(k: number): boolean {
    return this.kind === KEYWORD && this.kw === k;
  }

  /** Reads the next token into the fields; returns its kind. */
  next(): number {
    const b = this.b;
    const end = this.end;
    let p = this.pos;
    this.prevStop = this.stop;
    for (;;) {
      // blanks: LLVM skips space, tab, CR, LF and NUL only
      while (p < end) {
        const c = b[p];
        if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0) p++;
        else break;
      }
      if (p >= end) {
        this.start = this.stop = this.pos = end;
        return (this.kind = EOF);
      }
      const c = b[p];
      if (c === 59 /* ; */) {
        // a comment up to the end of the line
        while (p < end && b[p] !== 10 && b[p] !== 13) p++;
        continue;
      }
      if (c === 47 /* / */) {
        if (p + 1 < end && b[p + 1] === 42 /* * */) {
          p = this.skipCComment(p + 2);
          continue;
        }
        p++; // LLVM's lexer skips a lone '/'
        continue;
      }
      this.start = p;
      return (this.kind = this.lexAt(p));
    }
  }

  private skipCComment(p: number): number {
    const b = this.b;
    let depth = 1;
    while (p < this.end) {
      const c = b[p++];
      if (c === 42 && p < this.end && b[p] === 47) {
        p++;
        if (--depth === 0) return p;
      } else if (c === 47 && p < this.end && b[p] === 42) {
        p++;
        depth++;
      }
    }
    this.start = this.end;
    this.fail(`unterminated comment`);
  }

  /** Lexes the token starting at `p` (not blank); sets `stop` and `pos`. */
  private lexAt(p: number): number {
    const b = this.b;
    const c = b[p];
    const punct = c < 128 ? PUNCT[c] : -1;
    if (punct >= 0) {
      this.stop = this.pos = p + 1;
      return punct;
    }
    switch (c) {
      case 37: // %
        return this.lexVar(p, LOCAL, LOCAL_ID);
      case 64: // @
        return this.lexVar(p, GLOBAL, GLOBAL_ID);
      case 34: // "
        return this.lexQuote(p);
      case 33: // !
        return this.lexExclaim(p);
      case 35: // #
        if (p + 1 < this.end && DIGIT[b[p + 1]] === 1) return this.lexUIntID(p, ATTR_GRP);
        this.stop = this.pos = p + 1;
        return HASH;
      case 94: // ^
        return this.lexUIntID(p, SUMMARY);
      case 36: // $
        return this.lexDollar(p);
      case 46: {
        // .
        const tail = this.labelTail(p + 1);
        if (tail >= 0) return this.label(p, tail - 1, tail, false);
        if (p + 2 < this.end && b[p + 1] === 46 && b[p + 2] === 46) {
          this.stop = this.pos = p + 3;
          return DOTDOTDOT;
        }
        return this.error(p + 1);
      }
      case 43: // +
        return this.lexPositive(p);
    }
    if (DIGIT[c] === 1 || c === 45 /* - */) return this.lexDigitOrNegative(p);
    if (ALPHA[c] === 1 || c === 95) return this.lexIdentifier(p);
    return this.error(p + 1);
  }

  private error(to: number): number {
    this.stop = this.pos = to;
    return ERROR;
  }

  /** The end (after the colon) of `[-a-zA-Z$._0-9]*:` at `p`, or -1. */
  private labelTail(p: number): number {
    const b = this.b;
    for (; p < this.end; p++) {
      if (b[p] === 58) return p + 1;
      if (LABEL_CHAR[b[p]] === 0) return -1;
    }
    return -1;
  }

  private label(p: number, vEnd: number, stop: number, quoted: boolean): number {
    this.vStart = quoted ? p + 1 : p;
    this.vEnd = vEnd;
    this.quoted = quoted;
    this.stop = this.pos = stop;
    return LABEL;
  }

  /** A closing quote at or after `from` within the text, or a failure. */
  private closeQuote(from: number, what: string): number {
    const close = this.s.indexOf('"', from);
    if (close < 0 || close >= this.end) {
      this.start = this.end;
      this.fail(`end of ${what} before its closing quote`);
    }
    return close;
  }

  private lexVar(p: number, named: number, numbered: number): number {
    const b = this.b;
    const q = p + 1;
    if (q < this.end && b[q] === 34) {
      const close = this.closeQuote(q + 1, "a quoted name");
      this.vStart = q + 1;
      this.vEnd = close;
      this.quoted = true;
      this.stop = this.pos = close + 1;
      if (this.s.slice(q + 1, close).includes("\\00")) this.fail(`null bytes are not allowed in names`);
      return named;
    }
    if (q < this.end && NAME_START[b[q]] === 1) {
      let e = q + 1;
      while (e < this.end && LABEL_CHAR[b[e]] === 1) e++;
      this.vStart = q;
      this.vEnd = e;
      this.quoted = false;
      this.stop = this.pos = e;
      return named;
    }
    return this.lexUIntID(p, numbered);
  }

  /** `[0-9]+` after a one-character sigil at `p`. */
  private lexUIntID(p: number, kind: number): number {
    const b = this.b;
    let e = p + 1;
    if (e >= this.end || DIGIT[b[e]] === 0) return this.error(p + 1);
    let v = 0;
    while (e < this.end && DIGIT[b[e]] === 1) {
      v = v * 10 + (b[e] - 48);
      e++;
    }
    this.vStart = p + 1;
    this.vEnd = e;
    this.stop = this.pos = e;
    if (v > 0xffffffff) {
      this.start = p;
      this.fail(`invalid value number (too large)`);
    }
    this.uint = v;
    return kind;
  }

  private lexDollar(p: number): number {
    const b = this.b;
    const tail = this.labelTail(p);
    if (tail >= 0) return this.label(p, tail - 1, tail, false);
    const q = p + 1;
    if (q < this.end && b[q] === 34) {
      const close = this.closeQuote(q + 1, "a comdat name");
      this.vStart = q + 1;
      this.vEnd = close;
      this.quoted = true;
      this.stop = this.pos = close + 1;
      return COMDAT;
    }
    if (q < this.end && NAME_START[b[q]] === 1) {
      let e = q + 1;
      while (e < this.end && LABEL_CHAR[b[e]] === 1) e++;
      this.vStart = q;
      this.vEnd = e;
      this.quoted = false;
      this.stop = this.pos = e;
      return COMDAT;
    }
    return this.error(p + 1);
  }

  private lexQuote(p: number): number {
    const close = this.closeQuote(p + 1, "a string");
    this.vStart = p + 1;
    this.vEnd = close;
    this.quoted = true;
    if (close + 1 < this.end && this.b[close + 1] === 58 /* : */) {
      this.stop = this.pos = close + 2;
      if (this.s.slice(p + 1, close).includes("\\00")) this.fail(`null bytes are not allowed in names`);
      return LABEL;
    }
    this.stop = this.pos = close + 1;
    return STRING;
  }

  private lexExclaim(p: number): number {
    const b = this.b;
    const q = p + 1;
    if (q < this.end && MD_START[b[q]] === 1) {
      let e = q + 1;
      while (e < this.end && MD_CHAR[b[e]] === 1) e++;
      this.vStart = q;
      this.vEnd = e;
      this.quoted = true; // `\XX` escapes are undone
      this.stop = this.pos = e;
      return MD_VAR;
    }
    this.stop = this.pos = q;
    return EXCLAIM;
  }

  private lexPositive(p: number): number {
    const b = this.b;
    let e = p + 1;
    if (e >= this.end || DIGIT[b[e]] === 0) return this.error(p + 1);
    while (e < this.end && DIGIT[b[e]] === 1) e++;
    if (e >= this.end || b[e] !== 46) return this.error(p + 1);
    return this.fraction(p, e + 1);
  }

  /** After the `.` of a decimal literal: `[0-9]*([eE][-+]?[0-9]+)?`. */
  private fraction(p: number, e: number): number {
    const b = this.b;
    while (e < this.end && DIGIT[b[e]] === 1) e++;
    if (e < this.end && (b[e] === 101 || b[e] === 69)) {
      if (e + 1 < this.end && DIGIT[b[e + 1]] === 1) e += 1;
      else if (e + 2 < this.end && (b[e + 1] === 45 || b[e + 1] === 43) && DIGIT[b[e + 2]] === 1) e += 2;
      else {
        this.vStart = p;
        this.vEnd = this.stop = this.pos = e;
        this.hexKind = 0;
        return FLOAT;
      }
      while (e < this.end && DIGIT[b[e]] === 1) e++;
    }
    this.vStart = p;
    this.vEnd = this.stop = this.pos = e;
    this.hexKind = 0;
    return FLOAT;
  }

  private lexDigitOrNegative(p: number): number {
    const b = this.b;
    let e = p + 1;
    if (DIGIT[b[p]] === 0 && (e >= this.end || DIGIT[b[e]] === 0)) {
      // `-` not followed by a digit: a label such as `-foo:`, or nothing
      const tail = this.labelTail(e);
      if (tail >= 0) return this.label(p, tail - 1, tail, false);
      return this.error(p + 1);
    }
    while (e < this.end && DIGIT[b[e]] === 1) e++;
    if (DIGIT[b[p]] === 1 && e < this.end && b[e] === 58) {
      // `12:`
      let v = 0;
      for (let i = p; i < e; i++) v = v * 10 + (b[i] - 48);
      this.uint = v;
      this.vStart = p;
      this.vEnd = e;
      this.stop = this.pos = e + 1;
      if (v > 0xffffffff) this.fail(`invalid value number (too large)`);
      return LABEL_ID;
    }
    if (e < this.end && (LABEL_CHAR[b[e]] === 1 || b[e] === 58)) {
      const tail = this.labelTail(e);
      if (tail >= 0) return this.label(p, tail - 1, tail, false);
    }
    if (e >= this.end || b[e] !== 46) {
      if (b[p] === 48 && p + 1 < this.end && b[p + 1] === 120 /* 0x */) return this.lex0x(p);
      this.neg = b[p] === 45;
      this.vStart = p;
      this.vEnd = this.stop = this.pos = e;
      return INT;
    }
    return this.fraction(p, e + 1);
  }

  /** `0x[KLMHR]?[0-9A-Fa-f]+`: a floating-point constant in hexadecimal. */
  private lex0x(p: number): number {
    const b = this.b;
    let e = p + 2;
    let kind = 74; // J: none
    const k = e < this.end ? b[e] : 0;
    if ((k >= 75 && k <= 77) || k === 72 || k === 82) {
      kind = k;
      e++;
    }
    if (e >= this.end || HEX[b[e]] === 0) return this.error(p + 1);
    const digits = e;
    while (e < this.end && HEX[b[e]] === 1) e++;
    this.hexKind = kind;
    this.vStart = digits;
    this.vEnd = this.stop = this.pos = e;
    return FLOAT;
  }

  private lexIdentifier(p: number): number {
    const b = this.b;
    const first = p + 1; // LLVM's StartChar: after the first character
    let q = first;
    let intEnd = b[p] === 105 /* i */ ? -1 : first;
    let keywordEnd = -1;
    for (; q < this.end && LABEL_CHAR[b[q]] === 1; q++) {
      if (intEnd < 0 && DIGIT[b[q]] === 0) intEnd = q;
      if (keywordEnd < 0 && KEYWORD_CHAR[b[q]] === 0) keywordEnd = q;
    }
    if (!this.ignoreColon && q < this.end && b[q] === 58) return this.label(p, q, q + 1, false);
    if (intEnd < 0) intEnd = q;
    if (intEnd !== first) {
      // `i` and digits: an integer type
      let bits = 0;
      for (let i = first; i < intEnd; i++) {
        bits = bits * 10 + (b[i] - 48);
        if (bits > MAX_INT_BITS) break;
      }
      this.stop = this.pos = intEnd;
      if (bits < 1 || bits > MAX_INT_BITS) this.fail(`bitwidth for integer type out of range: ${this.s.slice(p, intEnd)}`);
      this.typeWord = -1;
      this.intBits = bits;
      return TYPE;
    }
    if (keywordEnd < 0) keywordEnd = q;
    this.stop = this.pos = keywordEnd;
    this.vStart = p;
    this.vEnd = keywordEnd;
    const k = KEYWORD_TABLE.find(b, p, keywordEnd);
    if (k >= 0) {
      this.kw = k;
      return KEYWORD;
    }
    const t = TYPE_TABLE.find(b, p, keywordEnd);
    if (t >= 0) {
      this.typeWord = t;
      return TYPE;
    }
    const n = keywordEnd - p;
    if (n > 3 && b[p] === 68 && b[p + 1] === 87 && b[p + 2] === 95 /* DW_ */) {
      for (let f = 0; f < DW_FAMILIES.length; f++) {
        const fam = DW_FAMILIES[f];
        if (n > 4 + fam.length && startsWith(b, p + 3, fam) && b[p + 3 + fam.length] === 95) {
          this.dwarf = f;
          return DWARF;
        }
      }
    }
    if (startsWith(b, p, "DISPFlag")) return DISPFLAG;
    if (startsWith(b, p, "DIFlag")) return DIFLAG;
    if (startsWith(b, p, "CSK_")) return CHECKSUM_KIND;
    const word = this.s.slice(p, keywordEnd);
    if (word === "NoDebug" || word === "FullDebug" || word === "LineTablesOnly" || word === "DebugDirectivesOnly") return EMISSION_KIND;
    if (word === "GNU" || word === "Apple" || word === "None" || word === "Default") return NAME_TABLE_KIND;
    if ((b[p] === 117 || b[p] === 115) && b[p + 1] === 48 && b[p + 2] === 120 && HEX[b[p + 3]] === 1) {
      // `u0x...`, `s0x...`: an integer in hexadecimal
      let e = p + 3;
      while (e < keywordEnd && HEX[b[e]] === 1) e++;
      if (e !== keywordEnd) return this.error(p + 3);
      this.neg = false;
      this.vStart = p;
      this.vEnd = this.stop = this.pos = keywordEnd;
      return INT;
    }
    if (b[p] === 99 && b[p + 1] === 99) {
      // `cc1234` is `cc` and `1234`
      this.stop = this.pos = p + 2;
      this.kw = KW_CC;
      return KEYWORD;
    }
    // no word LLVM knows: an error token (shown whole in messages)
    this.error(p + 1);
    this.stop = keywordEnd;
    return ERROR;
  }
}

const KW_CC = KEYWORDS.indexOf("cc");

function startsWith(b: Uint8Array, p: number, w: string): boolean {
  for (let i = 0; i < w.length; i++) if (b[p + i] !== w.charCodeAt(i)) return false;
  return true;
}

/** LLVM's `UnEscapeLexed`: `\\` is one backslash, `\XX` a byte; the bytes read as UTF-8. */
export function unescapeBytes(raw: string): string {
  if (raw.indexOf("\\") < 0) return raw;
  return Buffer.from(escapedBytes(raw)).toString("utf8");
}

/** The bytes a quoted LLVM string stands for (`c"..."` constants: their length is the array's). */
export function escapedBytes(raw: string): Uint8Array {
  const enc = Buffer.from(raw, "utf8");
  const out: number[] = [];
  for (let i = 0; i < enc.length; i++) {
    const c = enc[i];
    if (c === 92 && i + 1 < enc.length && enc[i + 1] === 92) {
      out.push(92);
      i++;
    } else if (c === 92 && i + 2 < enc.length && HEX[enc[i + 1]] === 1 && HEX[enc[i + 2]] === 1) {
      out.push(parseInt(String.fromCharCode(enc[i + 1], enc[i + 2]), 16));
      i += 2;
    } else out.push(c);
  }
  return Uint8Array.from(out);
}

/** The length in bytes of the string a quoted LLVM string stands for, without building it. */
export function escapedLength(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c === 92 && i + 1 < to && s.charCodeAt(i + 1) === 92) i++;
    else if (c === 92 && i + 2 < to && isHexCode(s.charCodeAt(i + 1)) && isHexCode(s.charCodeAt(i + 2))) i += 2;
    else if (c >= 0x80) {
      // a UTF-8 sequence: 2 to 4 bytes
      if (c < 0x800) n++;
      else if (c >= 0xd800 && c <= 0xdbff) {
        n += 2;
        i++;
      } else n += 2;
    }
    n++;
  }
  return n;
}

function isHexCode(c: number): boolean {
  return c < 128 && HEX[c] === 1;
}
