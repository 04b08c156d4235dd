/**
 * A GCC tree dump written with `-blocks` (`gcc -fdump-tree-cfg-blocks-uid`,
 * `-fdump-tree-ssa-blocks-uid`, GCC 12) -> its functions, blocks, phis and statements, with the
 * line of each. The dump is GCC's pretty printer (gimple-pretty-print.cc):
 *
 *   ;; Function sum (sum, funcdef_no=0, decl_uid=1979, cgraph_uid=1, symbol_order=0)
 *   (loop and "Merging blocks" notes of the cfg pass)
 *   int sum (int n)                        the signature: the line before `{`
 *   {
 *     int s;                               declarations, up to the first block
 *   ;;   basic block 2, loop depth 0
 *   ;;    pred:       ENTRY                one edge per line, in GCC's order of the block's
 *   ;;                4                    predecessors (the order of phi arguments)
 *     # s_1 = PHI <s_3(2), s_8(3)>          phis (after SSA construction)
 *   <L3>:                                  labels, statements (an `if` takes four lines)
 *     s = s + i;
 *   ;;    succ:       4
 *   }
 *
 * Block 0 is GCC's ENTRY, 1 its EXIT. `-blocks` is required: without it the edges (fallthrough,
 * abnormal edges of setjmp, none after a noreturn call) are not in the text. `-vops` lines
 * (`# VUSE`, `# .MEM_3 = VDEF`, `.MEM` phis) are skipped; `# DEBUG` binds are kept apart from the
 * statements (`binds`, with the number of statements before each); `-details` adds
 * lines starting with `;;` inside a block header, which are skipped too.
 *
 * Malformed text throws `MalformedInput`, one line: `FILE:LINE: function NAME: what`.
 */
import { MalformedInput } from "../../spec/errors.js";

export const ENTRY_BB = 0;
export const EXIT_BB = 1;

export interface GimpleStmt {
  /** The statement's text, its lines joined by one space (an `if` with its gotos). */
  text: string;
  line: number;
}

export interface GimplePhi {
  /** The SSA name it defines, without `(ab)`. */
  def: string;
  /** Per argument: the SSA name without `(ab)` (`x_3(D)` keeps its `(D)`), the predecessor's number. */
  args: Array<{ value: string; bb: number }>;
  line: number;
}

export interface GimpleBlock {
  bb: number;
  line: number;
  /** Predecessor numbers in GCC's order (0 = ENTRY). */
  preds: number[];
  /** Successor numbers (1 = EXIT). */
  succs: number[];
  phis: GimplePhi[];
  /** Virtual-operand phis (`.MEM`), counted, not modelled. */
  virtualPhis: number;
  stmts: GimpleStmt[];
  /** The debug binds `# DEBUG x => v` (-g at -O1 and up), each after the block's first `after` statements. */
  binds: GimpleBind[];
}

/** A debug bind, `# DEBUG xD.5 => x_3`: the variable as the dump names it, the value's text (`NULL`, an SSA name, `D#1`, an expression). */
export interface GimpleBind {
  variable: string;
  value: string;
  after: number;
  line: number;
}

export interface GimpleFunction {
  /** The name as the header gives it first (`sum`). */
  name: string;
  /**
   * The assembler name in the header's parentheses (unique in a translation unit), or
   * `<unset-asm-name>` where GCC had not set it yet when it wrote the dump (an inline function of
   * a system header in the cfg dump at -O2, `putchar`).
   */
  asmName: string;
  /** The declaration's `decl_uid` (unique in one compilation, the same in every dump of it), if the header has it. */
  declUid: number | undefined;
  line: number;
  signature: GimpleStmt;
  decls: GimpleStmt[];
  blocks: GimpleBlock[];
  /** Whether the body has `# DEBUG` lines (binds, or `BEGIN_STMT` markers): the dump was written with -g at -O1 or up. */
  debugLines: boolean;
}

export interface GimpleDump {
  file: string;
  functions: GimpleFunction[];
}

/** `;; Function NAME (ASMNAME, funcdef_no=...`: C++ names hold blanks and parentheses (`first<int, int>`, `S::operator()`). */
const HEADER = /^;; Function (.+) \(([^\s(),]+), funcdef_no=\d+(?:, decl_uid=(\d+))?/;
const BLOCK = /^;;   basic block ([0-9]+)\b/;
const PRED = /^;;    pred:(.*)$/;
const SUCC = /^;;    succ:(.*)$/;
/** A continuation line of an edge list: `;;` and spaces, then an edge. */
const EDGE_MORE = /^;;\s+(ENTRY|EXIT|[0-9]+)\b/;
const PHI = /^\s*# (\S+) = PHI <(.*)>\s*$/;
/** `# DEBUG xD.5 => x_3`; `# DEBUG BEGIN_STMT` and the like have no `=>`. */
const BIND = /^# DEBUG (\S+) => (.*)$/;
// the same tests, the regular expression run only where the line starts as it must (most lines are statements)
const isBlockHeader = (line: string): boolean => line.startsWith(";;   basic block ") && BLOCK.test(line);
const isSucc = (line: string): boolean => line.startsWith(";;    succ:") && SUCC.test(line);
const isFunctionHeader = (line: string): boolean => line.startsWith(";; Function ") && HEADER.test(line);

/** Whether a text is a GCC tree dump, from its first characters. */
export function looksLikeGimpleDump(head: string): boolean {
  return /^\s*;; Function .+ \([^\s(),]+, funcdef_no=/.test(head.replace(/^\uFEFF/, ""));
}

/** Whether a file name is a GCC tree dump's (`file.c.021t.ssa`). */
export const gimpleDumpName = (name: string): boolean => /\.[0-9]{3}t\.[A-Za-z0-9_-]+$/.test(name);

/** How many functions a dump holds (for progress), without reading it. */
export function countGimpleFunctions(text: string): number {
  return (text.match(/^;; Function /gm) ?? []).length;
}

/** The edges of one `pred:`/`succ:` entry: ENTRY -> 0, EXIT -> 1. */
function edgeOf(s: string): number | undefined {
  const m = /^\s*(ENTRY|EXIT|[0-9]+)\b/.exec(s);
  if (m === null) return undefined;
  return m[1] === "ENTRY" ? ENTRY_BB : m[1] === "EXIT" ? EXIT_BB : Number(m[1]);
}

/** A phi's arguments: `x_3(D)(2), x_4(ab)(3)`. */
function phiArgs(text: string): Array<{ value: string; bb: number }> | undefined {
  const out: Array<{ value: string; bb: number }> = [];
  if (text.trim() === "") return out;
  for (const part of text.split(",")) {
    const m = /^\s*(.+?)(?:\(ab\))?\(([0-9]+)\)\s*$/.exec(part);
    if (m === null) return undefined;
    out.push({ value: m[1], bb: Number(m[2]) });
  }
  return out;
}

export function parseGimpleDump(text: string, file: string): GimpleDump {
  const lines = text.split("\n");
  const functions: GimpleFunction[] = [];
  let i = 0;
  const n = lines.length;
  let fn: GimpleFunction | undefined;
  const fail = (line: number, what: string): never => {
    throw new MalformedInput(`${file}:${line}: ${fn !== undefined ? `function ${fn.name}: ` : ""}${what}`);
  };
  while (i < n) {
    const header = HEADER.exec(lines[i]);
    if (header === null) {
      // between functions GCC writes blank lines only (and, for some passes, notes); a function
      // whose header is not read would be left out unseen
      if (lines[i].startsWith(";; Function ")) fail(i + 1, `a function header that does not read as \`;; Function NAME (ASMNAME, funcdef_no=...\`: ${lines[i]}`);
      i++;
      continue;
    }
    fn = { name: header[1], asmName: header[2], declUid: header[3] === undefined ? undefined : Number(header[3]), line: i + 1, signature: { text: "", line: 0 }, decls: [], blocks: [], debugLines: false };
    i++;
    // the signature is the line before the `{` that opens the body
    while (i < n && lines[i] !== "{") {
      if (HEADER.test(lines[i])) fail(i + 1, "no body (`{`) before the next function");
      i++;
    }
    if (i >= n) fail(fn.line, "no body (`{`)");
    let s = i - 1;
    while (s > fn.line - 1 && lines[s].trim() === "") s--;
    if (s <= fn.line - 1) fail(i + 1, "no signature before `{`");
    fn.signature = { text: lines[s].trim(), line: s + 1 };
    i++;
    // declarations, up to the first block
    while (i < n && !BLOCK.test(lines[i]) && lines[i] !== "}") {
      const t = lines[i].trim();
      if (t !== "") {
        if (t.startsWith(";;") || t.startsWith("<bb ")) fail(i + 1, "a block without a `;;   basic block` header: dump with -blocks (gcc -fdump-tree-cfg-blocks-uid -fdump-tree-ssa-blocks-uid)");
        fn.decls.push({ text: t, line: i + 1 });
      }
      i++;
    }
    if (i >= n) fail(fn.line, "the body is not closed (`}`)");
    if (lines[i] === "}" && fn.decls.some((d) => !d.text.endsWith(";")))
      fail(fn.decls.find((d) => !d.text.endsWith(";"))!.line, "a statement outside any block: dump with -blocks (gcc -fdump-tree-cfg-blocks-uid -fdump-tree-ssa-blocks-uid)");
    const seen = new Set<number>();
    while (i < n && lines[i] !== "}") {
      const bm = BLOCK.exec(lines[i]);
      if (bm === null) {
        if (lines[i].trim() === "") {
          i++;
          continue;
        }
        fail(i + 1, `unexpected text between blocks: ${lines[i].trim()}`);
      }
      const block: GimpleBlock = { bb: Number(bm![1]), line: i + 1, preds: [], succs: [], phis: [], virtualPhis: 0, stmts: [], binds: [] };
      if (block.bb < 2 || seen.has(block.bb)) fail(i + 1, `block ${block.bb} ${block.bb < 2 ? "is GCC's ENTRY or EXIT" : "appears twice"}`);
      seen.add(block.bb);
      i++;
      // header: `pred:` and its continuation lines; other `;;` lines (-details) are skipped
      let inPreds = false;
      while (i < n && lines[i].startsWith(";;")) {
        const p = PRED.exec(lines[i]);
        if (p !== null) {
          inPreds = true;
          const e = edgeOf(p[1]);
          if (e !== undefined) block.preds.push(e);
        } else if (inPreds && EDGE_MORE.test(lines[i])) block.preds.push(edgeOf(lines[i].slice(2))!);
        else if (SUCC.test(lines[i])) break;
        else inPreds = false;
        i++;
      }
      if (!inPreds && block.preds.length === 0) fail(block.line, `block ${block.bb} has no \`;;    pred:\` line`);
      // body, up to `succ:`
      while (i < n && !isSucc(lines[i])) {
        const raw = lines[i];
        const t = raw.trim();
        const line = i + 1;
        i++;
        if (t.startsWith("# DEBUG")) {
          fn.debugLines = true;
          const bind = BIND.exec(t);
          // a debug temporary's own bind (`# DEBUG D#1 => ...`) is no variable's
          if (bind !== null && !bind[1].startsWith("D#")) block.binds.push({ variable: bind[1], value: bind[2].trim(), after: block.stmts.length, line });
          continue;
        }
        if (t === "" || t.startsWith("//") || t.startsWith("# VUSE") || (t.startsWith("# .MEM") && /^# \.MEM(_[0-9]+)? = VDEF\b/.test(t))) continue;
        if (raw === "}" || isBlockHeader(raw) || isFunctionHeader(raw)) fail(line, `block ${block.bb} ends without a \`;;    succ:\` line`);
        if (t.startsWith(";;")) continue;
        if (t.startsWith("#")) {
          const pm = PHI.exec(t);
          if (pm === null) fail(line, `unexpected line: ${t}`);
          if (pm![1].startsWith(".MEM")) {
            block.virtualPhis++;
            continue;
          }
          const args = phiArgs(pm![2]);
          if (args === undefined) fail(line, `a phi argument without its predecessor: ${t}`);
          block.phis.push({ def: pm![1].replace(/\(ab\)$/, ""), args: args!, line });
          continue;
        }
        if (t.startsWith("if (")) {
          // `if (c)` / `goto <bb 3>; [INV]` / `else` / `goto <bb 4>; [INV]`
          const rest = [lines[i]?.trim(), lines[i + 1]?.trim(), lines[i + 2]?.trim()];
          if (!/^goto /.test(rest[0] ?? "") || rest[1] !== "else" || !/^goto /.test(rest[2] ?? "")) fail(line, `an \`if\` without its two gotos: ${t}`);
          block.stmts.push({ text: `${t} ${rest.join(" ")}`, line });
          i += 3;
          continue;
        }
        block.stmts.push({ text: t, line });
      }
      if (i >= n) fail(block.line, `block ${block.bb} ends without a \`;;    succ:\` line`);
      // `succ:` and its continuation lines
      const sm = SUCC.exec(lines[i])!;
      const first = edgeOf(sm[1]);
      if (first !== undefined) block.succs.push(first);
      i++;
      while (i < n && EDGE_MORE.test(lines[i]) && !PRED.test(lines[i]) && !BLOCK.test(lines[i])) {
        block.succs.push(edgeOf(lines[i].slice(2))!);
        i++;
      }
      fn.blocks.push(block);
    }
    if (i >= n) fail(fn.line, "the body is not closed (`}`)");
    if (fn.blocks.length === 0) fail(fn.line, "no blocks: dump with -blocks (gcc -fdump-tree-cfg-blocks-uid -fdump-tree-ssa-blocks-uid)");
    for (const b of fn.blocks)
      for (const p of b.preds) if (p !== ENTRY_BB && !seen.has(p)) fail(b.line, `block ${b.bb} names predecessor ${p}, which is no block of the function`);
    functions.push(fn);
    fn = undefined;
    i++;
  }
  return { file, functions };
}
