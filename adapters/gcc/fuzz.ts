/**
 * The fuzz target `gcc` (adapters/fuzz_target.ts): GCC's own SSA construction (tree-into-ssa.cc),
 * at `-O0` and at `-O2`. A batch of cases is one C file, `cases.c`, one function `f<k>` per
 * case; gcc compiles it once writing the dumps before and after the ssa pass (fixup_cfg1 and
 * ssa, as `formal-ssa gcc` does), and the pair is read back and validated through this
 * adapter exactly as `formal-ssa validate cases.c.020t.fixup_cfg1 cases.c.021t.ssa` does.
 *
 * gcc compiles with `-flto -fno-fat-lto-objects`: its object file is then GIMPLE for a later
 * link-time optimisation, so gcc stops after the passes that run on each function before the
 * whole-program ones (lowering, into-SSA and the early optimisations) and writes no code. The
 * rest (the late GIMPLE passes and the whole back end) was three quarters of gcc's time at -O2
 * and half at -O0, and comes after the dumps: they are GCC's statements for statement as
 * without LTO, except that types print by name alone (`int` for `intD.6`: with LTO, GCC frees
 * the front end's type declarations before the ssa pass), in both dumps alike. What the target
 * gives up is the code generator's crashes, which are no SSA construction's.
 *
 * The printed C:
 * - a `program` case is structured C printed from `c.program` (if, while, do-while, switch
 *   with fallthrough and several labels per case, break, continue, return); statements after
 *   a jump are left out, as the lowering to the case's CFG leaves them out;
 * - a `cfg` case (any CFG, irreducible ones included) is printed from `c.cfg` block by block,
 *   in the CFG's order, with labels and `goto` (and `if (...) goto A; else goto B;`, and a
 *   `switch` of gotos for three or more successors); the entry's first statement, which
 *   defines every variable, is the declarations' initialisers;
 * - variables are locals of one type; those of `c.uninitialised` are declared without an
 *   initializer (GCC reads them as default definitions `x_3(D)`), the others start from the
 *   parameters `p0`, `p1`;
 * - every statement reads its uses and defines its defs through calls of extern functions
 *   (`a = use(K, x, y);`, a second def `b = second(K);`, conditions `if (cond(K, x))`, `switch
 *   (sel(K, x))`, a statement without defs `sink(K, x);`), with a constant K numbering the
 *   statements so that each is told apart in the dumps; the ssa pass runs before any pass
 *   that removes code, and the calls keep the statements past it anyway;
 * - every function is `__attribute__((noipa))` with external linkage: at -O2 GCC neither
 *   inlines, clones (`f3.constprop.0`, `.part.0`, `.isra.0`), merges nor removes it, so that
 *   each case is one function of the dumps under its own name;
 * - `c.style` (through `styleChoices`) varies what does not change the control flow: the
 *   variables' type (`int`, `unsigned`, `long`, `short`, `unsigned char`, `_Bool`, `double`,
 *   `_Complex double`), `void` or `int` functions, how the variables are initialised,
 *   expression forms (a use outside the call, `x += ...`, plain arithmetic, a copy through a
 *   scoped temporary with `__builtin_memcpy`, which -O2 turns into registers before renaming),
 *   conditions (`cond(K, x)`, `use(K, x) > K`, `x < y`), `if` with its branches swapped under
 *   a negated condition, `for (; c; )` for `while`, case values and GNU case ranges, selectors,
 *   and for CFGs a fallthrough instead of a `goto` into the next block, branches on the
 *   parameter, and exits through the noreturn `stop(K)` instead of `return`. Style 0 is the
 *   plainest printing.
 *
 * GCC's CFG is the case's CFG where C can say it: GCC has no parallel edges (two labels of one
 * case are one edge), joins the `return`s of a function into one block, and keeps a block for
 * each `goto` of an `if` or a `case` (with its goto predictor's hint) until after the ssa pass.
 * The oracle does not need them to agree: it reads GCC's own dumps. An irreducible case stays
 * irreducible, a structured one reducible (test/fuzz/producers/gcc.test.ts).
 */
import type { BlockDoc, FunctionDoc, StmtDoc } from "../../io/format.js";
import type { Program, Stmt } from "../../fuzz/arbitraries/structured.js";
import { styleChoices, type FuzzCase, type FuzzTarget, type PrintedBatch } from "../fuzz_target.js";

export const GCC_FUZZ_VARIANTS = ["O0", "O2"] as const;

/** The one C file of a batch. */
export const GCC_FUZZ_FILE = "cases.c";

/**
 * The flags the adapter needs: the dumps right before and right after the ssa pass, with their
 * edges and uids. Before is `fixup_cfg1`, the pass that runs just before `ssa`: the `cfg` dump is
 * earlier, and for C++ at -O2 the passes between (EH lowering's cleanups, `fixup_cfg`) remove and
 * renumber blocks, which is not into-SSA's doing.
 */
export const GCC_DUMP_FLAGS = ["-fdump-tree-fixup_cfg1-blocks-uid", "-fdump-tree-ssa-blocks-uid"] as const;

/** The extern functions through which the statements read and write (see the module comment). */
const PRELUDE = [
  "/* Every read and write goes through a call of these, so that GCC keeps it and its dumps show it. */",
  "extern int use(int, ...);",
  "extern int second(int);",
  "extern int cond(int, ...);",
  "extern int sel(int, ...);",
  "extern void sink(int, ...);",
  "extern void stop(int) __attribute__((noreturn));",
];

/** The names of the printer that a variable's name must not take. */
const TAKEN = new Set(["use", "second", "cond", "sel", "sink", "stop", "p0", "p1"]);
/** C's keywords of at most two letters: a variable named so is renamed. */
const SHORT_KEYWORDS = new Set(["do", "if"]);

/**
 * The variables' types a style picks from, `int` first (style 0): every type GCC keeps in a
 * register, each with what C lets the printer do with it.
 */
const TYPES: readonly VariableType[] = [
  { name: "int", integer: true, selector: true, ordered: true },
  { name: "unsigned", integer: true, selector: true, ordered: true },
  { name: "long", integer: true, selector: true, ordered: true },
  { name: "short", integer: true, selector: true, ordered: true },
  // a lone `_Bool` or `unsigned char` selector would make larger case values dead labels
  { name: "unsigned char", integer: true, selector: false, ordered: true },
  { name: "_Bool", integer: true, selector: false, ordered: true },
  { name: "double", integer: false, selector: false, ordered: true },
  { name: "_Complex double", integer: false, selector: false, ordered: false },
];

interface VariableType {
  name: string;
  /** `^` applies. */
  integer: boolean;
  /** A sum of variables of it may select a `switch` (an integer type whose values the case values fit). */
  selector: boolean;
  /** `<` applies. */
  ordered: boolean;
}

/** What a style chooses for a whole function. */
interface FunctionStyle {
  type: VariableType;
  returnsInt: boolean;
  /** 0: `int a = p0;`; 1: declarations, then `a = p0;`. */
  initialiseLater: boolean;
  /** 0: `p0`; 1: `p0 + K`; 2: `p0 ^ K` (`p0 - K` for a type without `^`). */
  initialiser: number;
  /** CFGs: no `goto` into the block printed next. */
  fallthrough: boolean;
  /** CFGs: branch on the parameter `p1` instead of a call. */
  parameterBranches: boolean;
  /**
   * CFGs: a block without successors ends in a call of the noreturn `stop(K)` instead of
   * `return`, which GCC joins into one return block: then it has no successor in GCC's CFG either.
   */
  noreturnExits: boolean;
}

/** One function being printed: its style, its statement counter K, its lines. */
class FunctionPrinter {
  readonly ask: (n: number) => number;
  readonly style: FunctionStyle;
  /** Numbers the statements (the K of `use(K, ...)`); starts at 1 so that no K is 0. */
  private k = 1;
  /** C name of each variable, in order of first occurrence. */
  readonly names = new Map<string, string>();

  constructor(styleNumber: number) {
    this.ask = styleChoices(styleNumber);
    this.style = {
      type: TYPES[this.ask(TYPES.length)],
      returnsInt: this.ask(2) === 1,
      initialiseLater: this.ask(2) === 1,
      initialiser: this.ask(3),
      fallthrough: this.ask(2) === 1,
      parameterBranches: this.ask(2) === 1,
      noreturnExits: this.ask(2) === 1,
    };
  }

  /** The C name of variable `x`: itself where that is a short plain identifier, else `v<N>_...`. */
  name(x: string): string {
    let n = this.names.get(x);
    if (n === undefined) {
      n = /^[a-z]{1,2}$/.test(x) && !SHORT_KEYWORDS.has(x) && !TAKEN.has(x) ? x : `v${this.names.size}_${x.replace(/[^A-Za-z0-9]/g, "_")}`;
      this.names.set(x, n);
    }
    return n;
  }

  /** The next statement's K. */
  next(): number {
    return this.k++;
  }

  private args(k: number, uses: readonly string[]): string {
    return [String(k), ...uses.map((x) => this.name(x))].join(", ");
  }

  /** `defs := f(uses)` as C statements (one line): reads every use, then defines every def. */
  assignment(defs: readonly string[], uses: readonly string[]): string {
    const k = this.next();
    const u = uses.map((x) => this.name(x));
    if (defs.length === 0) return this.ask(2) === 0 ? `sink(${this.args(k, uses)});` : `(void) use(${this.args(k, uses)});`;
    const d = this.name(defs[0]);
    // the plain call is more likely than each other form; a copy through memory is rarest, as
    // it puts the variable in memory at -O0 for the whole function
    const form = this.ask(8);
    let first: string;
    if (form === 1 && u.length > 0) first = `${d} = use(${this.args(k, uses.slice(0, -1))}) + ${u[u.length - 1]};`;
    else if (form === 2 && uses.includes(defs[0])) first = `${d} += use(${this.args(k, uses.filter((x) => x !== defs[0]))});`;
    else if (form === 3) first = u.length === 0 ? `${d} = ${k};` : `${d} = ${u.join(" + ")} + ${k};`;
    else if (form === 4) {
      // through a temporary in a scope of its own, copied into the variable: from -O1 on the ssa
      // pass makes both registers first (their addresses are taken only for the copy), and the
      // temporary's clobber at the scope's end a GIMPLE_NOP; a `long` temporary (never wider than
      // the variable's 16-byte _Complex double) is read in part where the variable is narrower
      const temporary = this.ask(2) === 1 && this.style.type.name !== "_Complex double" ? "long" : this.style.type.name;
      first = `{ ${temporary} t${k} = use(${this.args(k, uses)}); __builtin_memcpy(&${d}, &t${k}, sizeof ${d}); }`;
    }
    else first = `${d} = use(${this.args(k, uses)});`;
    // a second result of the same call: reads nothing, so that the uses are read before any def
    const rest = defs.slice(1).map((x) => `${this.name(x)} = second(${k});`);
    return [first, ...rest].join(" ");
  }

  /** A condition that reads exactly `uses`. */
  condition(uses: readonly string[]): string {
    const k = this.next();
    const u = uses.map((x) => this.name(x));
    const form = this.ask(3);
    if (form === 1) return `use(${this.args(k, uses)}) > ${k}`;
    if (form === 2 && u.length === 1) return u[0];
    if (form === 2 && u.length >= 2 && this.style.type.ordered) return `${u[0]} < ${u.slice(1).join(" + ")}`;
    return `cond(${this.args(k, uses)})`;
  }

  /** A switch's selector that reads exactly `uses`. */
  selector(uses: readonly string[]): string {
    const k = this.next();
    if (this.ask(2) === 1 && uses.length > 0 && this.style.type.selector) return uses.map((x) => this.name(x)).join(" + ");
    return `sel(${this.args(k, uses)})`;
  }

  /** `count` distinct case values, small and non-negative (so that every type holds them). */
  caseValues(count: number): number[] {
    const form = this.ask(3);
    if (form === 0) return Array.from({ length: count }, (_, i) => i);
    if (form === 1) {
      const base = this.ask(10);
      const step = 1 + this.ask(5);
      return Array.from({ length: count }, (_, i) => base + i * step);
    }
    return Array.from({ length: count }, (_, i) => count - 1 - i);
  }

  /** `return` after reading `uses`. */
  returnStatement(uses: readonly string[]): string {
    const k = this.next();
    if (this.style.returnsInt) return uses.length === 0 ? `return ${k};` : `return use(${this.args(k, uses)});`;
    return uses.length === 0 ? "return;" : `sink(${this.args(k, uses)}); return;`;
  }

  /** What a parameter gives variable number `i` at the start. */
  initialValue(i: number): string {
    const p = `p${i % 2}`;
    const k = this.next();
    if (this.style.initialiser === 1) return `${p} + ${k}`;
    if (this.style.initialiser === 2 && this.style.type.integer) return `${p} ^ ${k}`;
    if (this.style.initialiser === 2) return `${p} - ${k}`;
    return p;
  }

  /**
   * The function around the printed body: its head, one declaration per variable (initialised
   * from the parameters unless uninitialised, or assigned right after the declarations).
   */
  wrap(fname: string, initialised: readonly string[], body: readonly string[]): string[] {
    const init = new Set(initialised);
    const decls: string[] = [];
    const later: string[] = [];
    let i = 0;
    for (const [x, n] of this.names) {
      if (!init.has(x)) {
        decls.push(`  ${this.style.type.name} ${n};`);
        continue;
      }
      const value = this.initialValue(i++);
      if (this.style.initialiseLater) {
        decls.push(`  ${this.style.type.name} ${n};`);
        later.push(`  ${n} = ${value};`);
      } else decls.push(`  ${this.style.type.name} ${n} = ${value};`);
    }
    const head = `__attribute__((noipa)) ${this.style.returnsInt ? "int" : "void"} ${fname} (int p0, int p1)`;
    const tail = this.style.returnsInt ? ["  return 0;"] : [];
    return [head, "{", ...decls, ...later, ...body, ...tail, "}"];
  }
}

/** The statements of a block, a `defs`/`uses` block being one statement. */
function statementsOf(b: BlockDoc): StmtDoc[] {
  if (b.stmts !== undefined) return b.stmts;
  if (b.defs !== undefined || b.uses !== undefined) return [{ defs: b.defs ?? [], uses: b.uses ?? [] }];
  return [];
}

/** The variables the entry's first statement defines (every variable used anywhere). */
function entryDefinitions(cfg: FunctionDoc): string[] {
  const entry = cfg.blocks.find((b) => b.id === cfg.entry);
  return entry === undefined ? [] : (statementsOf(entry)[0]?.defs ?? []);
}

const isJump = (s: Stmt) => s.kind === "break" || s.kind === "continue" || s.kind === "return";

/** A statement list up to its first jump: what follows is dead, and the case's CFG leaves it out. */
function live(list: readonly Stmt[]): readonly Stmt[] {
  const j = list.findIndex(isJump);
  return j < 0 ? list : list.slice(0, j + 1);
}

/** Indentation of nesting level `depth`, capped so that deep programs stay linear in size. */
const MAX_INDENT = 32;
const pad = (depth: number) => "  ".repeat(Math.min(depth, MAX_INDENT));

/** A structured program as C (explicit stack: the depth of nesting never becomes recursion). */
function printProgram(p: FunctionPrinter, program: Program): string[] {
  /** A statement to print, a line of text, or a do-while's closing line with its condition. */
  type Item = { stmt: Stmt; depth: number } | { text: string; depth: number } | { doWhile: readonly string[]; depth: number };
  const out: string[] = [];
  const stack: Item[] = [];
  const pushList = (list: readonly Stmt[], depth: number) => {
    const l = live(list);
    for (let i = l.length - 1; i >= 0; i--) stack.push({ stmt: l[i], depth });
  };
  pushList(program.body, 1);
  while (stack.length > 0) {
    const item = stack.pop()!;
    const ind = pad(item.depth);
    if ("text" in item) {
      out.push(ind + item.text);
      continue;
    }
    if ("doWhile" in item) {
      // printed when its line comes, so that K numbers the statements in source order
      out.push(`${ind}} while (${p.condition(item.doWhile)});`);
      continue;
    }
    const s = item.stmt;
    const d = item.depth;
    switch (s.kind) {
      case "assign":
        out.push(ind + p.assignment(s.defs, s.uses));
        break;
      case "break":
      case "continue":
        out.push(`${ind}${s.kind};`);
        break;
      case "return":
        out.push(ind + p.returnStatement(s.uses));
        break;
      case "if": {
        const c = p.condition(s.cond);
        // swapped: the else branch first, under the negated condition
        const swapped = p.ask(2) === 1;
        const [first, second] = swapped ? [s.else, s.then] : [s.then, s.else];
        out.push(`${ind}if (${swapped ? `!(${c})` : c}) {`);
        stack.push({ text: "}", depth: d });
        if (second.length > 0) {
          pushList(second, d + 1);
          stack.push({ text: "} else {", depth: d });
        }
        pushList(first, d + 1);
        break;
      }
      case "while": {
        const c = p.condition(s.cond);
        out.push(p.ask(2) === 1 ? `${ind}for (; ${c}; ) {` : `${ind}while (${c}) {`);
        stack.push({ text: "}", depth: d });
        pushList(s.body, d + 1);
        break;
      }
      case "doWhile": {
        out.push(`${ind}do {`);
        stack.push({ doWhile: s.cond, depth: d });
        pushList(s.body, d + 1);
        break;
      }
      case "switch": {
        out.push(`${ind}switch (${p.selector(s.cond)}) {`);
        stack.push({ text: "}", depth: d });
        const values = p.caseValues(s.cases.reduce((n, k) => n + k.labels, 0));
        const arms: { labels: string; body: readonly Stmt[] }[] = [];
        let v = 0;
        for (const k of s.cases) {
          const mine = values.slice(v, (v += k.labels));
          // consecutive values of one case as a GNU case range, `case 3 ... 4:`
          const range = mine.length > 1 && mine.every((x, i) => x === mine[0] + i) && p.ask(2) === 1;
          arms.push({ labels: range ? `case ${mine[0]} ... ${mine[mine.length - 1]}:` : mine.map((x) => `case ${x}:`).join(" "), body: k.body });
        }
        if (s.default !== null) arms.push({ labels: "default:", body: s.default });
        for (let a = arms.length - 1; a >= 0; a--) {
          pushList(arms[a].body, d + 2);
          // a label needs a statement after it: an empty arm gets the null statement
          stack.push({ text: live(arms[a].body).length === 0 ? `${arms[a].labels} ;` : arms[a].labels, depth: d + 1 });
        }
        break;
      }
    }
  }
  return out;
}

/** A label for each block id: the id where it is an identifier, else `L<index>`. */
function labelsOf(cfg: FunctionDoc): Map<string, string> {
  return new Map(cfg.blocks.map((b, i) => [b.id, /^[A-Za-z_][A-Za-z0-9_]*$/.test(b.id) ? b.id : `L${i}`]));
}

/**
 * A CFG of any shape as C with labels and `goto`: the blocks in the CFG's order, the entry
 * first; each block's statements, then a jump to its successors (one per `preds` entry of
 * another block, in block order then `preds` order): none `return`, one `goto` (nothing when
 * the style falls through into the block printed next), two `if (...) goto A; else goto B;`,
 * more a `switch` whose default is the first. The entry's first statement defines every
 * variable: the declarations stand for it.
 */
function printCfg(p: FunctionPrinter, cfg: FunctionDoc): string[] {
  const entry = cfg.blocks.find((b) => b.id === cfg.entry);
  const ordered = entry === undefined ? cfg.blocks : [entry, ...cfg.blocks.filter((b) => b !== entry)];
  const succs = new Map<string, string[]>(ordered.map((b) => [b.id, []]));
  for (const b of ordered) for (const q of b.preds) succs.get(q)?.push(b.id);
  const label = labelsOf(cfg);
  // the blocks' text first, then the labels that some jump names
  const blocks: { id: string; lines: string[] }[] = [];
  const targeted = new Set<string>();
  const goto = (id: string) => {
    targeted.add(id);
    return `goto ${label.get(id)};`;
  };
  ordered.forEach((b, i) => {
    const lines: string[] = [];
    const stmts = statementsOf(b);
    for (const s of b === entry ? stmts.slice(1) : stmts) lines.push(`  ${p.assignment(s.defs, s.uses)}`);
    const ss = succs.get(b.id)!;
    const next = ordered[i + 1]?.id;
    const fallsInto = (id: string) => p.style.fallthrough && id === next;
    if (ss.length === 0) lines.push(`  ${p.style.noreturnExits ? `stop(${p.next()});` : p.returnStatement([])}`);
    else if (ss.length === 1) {
      if (!fallsInto(ss[0])) lines.push(`  ${goto(ss[0])}`);
    } else if (ss.length === 2) {
      const k = p.next();
      const c = p.style.parameterBranches ? `p1 < ${k}` : `cond(${k})`;
      lines.push(fallsInto(ss[1]) ? `  if (${c}) ${goto(ss[0])}` : `  if (${c}) ${goto(ss[0])} else ${goto(ss[1])}`);
    } else {
      const k = p.next();
      const values = p.caseValues(ss.length - 1);
      lines.push(`  switch (${p.style.parameterBranches ? "p1" : `sel(${k})`}) {`);
      ss.slice(1).forEach((s, j) => lines.push(`    case ${values[j]}: ${goto(s)}`));
      lines.push(`    default: ${goto(ss[0])}`, "  }");
    }
    blocks.push({ id: b.id, lines });
  });
  const out: string[] = [];
  for (const b of blocks) {
    // a label needs a statement after it: a block that is empty and falls through gets the null statement
    if (targeted.has(b.id)) out.push(b.lines.length === 0 ? ` ${label.get(b.id)}: ;` : ` ${label.get(b.id)}:`);
    out.push(...b.lines);
  }
  return out;
}

/** One case as the C function `fname`. */
export function printCase(c: FuzzCase, fname: string): string[] {
  const p = new FunctionPrinter(c.style);
  // every variable of the CFG gets its C name in order of first occurrence, the entry's first
  for (const b of c.cfg.blocks) for (const s of statementsOf(b)) for (const x of [...s.defs, ...s.uses]) p.name(x);
  const body = c.kind === "program" ? printProgram(p, c.program) : printCfg(p, c.cfg);
  const uninitialised = new Set(c.uninitialised);
  return p.wrap(
    fname,
    entryDefinitions(c.cfg).filter((x) => !uninitialised.has(x)),
    body,
  );
}

/** A batch: one C file, case k the function `f<k>`. */
function printBatch(cases: readonly FuzzCase[], variant: string): PrintedBatch {
  const out = [`/* formal-ssa fuzz --target gcc: ${cases.length} random programs for gcc -${variant} */`, "", ...PRELUDE, ""];
  const functionNames: string[] = [];
  cases.forEach((c, k) => {
    const name = `f${k}`;
    out.push(...printCase(c, name), "");
    functionNames.push(name);
  });
  return { files: { [GCC_FUZZ_FILE]: out.join("\n") }, functionNames };
}

/** The dump files gcc writes for `cases.c` beside `-dumpdir`: `cases.c.020t.fixup_cfg1`, `cases.c.021t.ssa` (the numbers are GCC's pass numbers). */
const dumpFile = (pass: string) => new RegExp(`^${GCC_FUZZ_FILE.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.[0-9]+t\\.${pass}$`);

export const gccFuzzTarget: FuzzTarget = {
  name: "gcc",
  adapter: "gcc",
  shapes: "any",
  variants: GCC_FUZZ_VARIANTS,
  description: "GCC's into-SSA (the ssa pass): each case a C function, a batch one C file through gcc -O0 or -O2 writing the dumps before (fixup_cfg1) and after (ssa) the pass",
  print: printBatch,
  caseFile: GCC_FUZZ_FILE,
  runner: {
    kind: "process",
    tools: () => ["gcc"],
    // -o /dev/null: the object file is not needed, and a binary file would be kept with a finding's texts;
    // -flto -fno-fat-lto-objects: no code generated after the dumps (see the module comment)
    steps: (variant) => [{ argv: ["gcc", `-${variant}`, "-flto", "-fno-fat-lto-objects", "-c", ...GCC_DUMP_FLAGS, `{dir}/${GCC_FUZZ_FILE}`, "-dumpdir", "{dir}/", "-dumpbase", GCC_FUZZ_FILE, "-o", "/dev/null"] }],
    before: dumpFile("fixup_cfg1"),
    after: dumpFile("ssa"),
    version: () => ["gcc", "--version"],
  },
};
