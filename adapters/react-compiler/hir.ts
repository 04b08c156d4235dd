/**
 * The React Compiler's HIR (babel-plugin-react-compiler, src/HIR/HIR.ts) as far as SSA
 * construction sees it, and a snapshot of it in plain data.
 *
 * The compiler hands its logger the live HIR after every pass (`debugLogIRs`), and later passes
 * mutate it in place: `enterSSA` replaces places, `EliminateRedundantPhi` rewrites identifiers
 * and deletes phis. So the logger copies, inside the callback, exactly what validation needs:
 * per block its predecessors, phis, and per instruction and terminal the identifiers it reads
 * (operands) and writes (lvalues), in the order of the compiler's own visitors
 * (`mapInstructionOperands`, `mapInstructionLValues`, `mapTerminalOperands`: the places enterSSA
 * renames, and no others), and the successors of `eachTerminalSuccessor`. Nested function
 * expressions and object methods are functions of their own in the same snapshot.
 *
 * The types below are structural: formal-ssa does not import the compiler's types, so that the
 * core package never needs it, and every field is checked as it is read. Anything the snapshot
 * cannot map (an instruction or terminal kind it does not know, a place that is not an
 * identifier) makes the function unmappable, with the reason and the place; it is reported,
 * never dropped.
 */

/** `Identifier` (HIR.ts): `id` is unique per SSA value, `declarationId` names the variable. */
export interface HirIdentifier {
  id: number;
  declarationId: number;
  name: { kind: string; value: string } | null;
}

export interface HirPlace {
  kind: "Identifier";
  identifier: HirIdentifier;
}

export interface HirSourceLocation {
  start?: { line: number; column: number };
}

export interface HirInstruction {
  id: number;
  lvalue: HirPlace | null;
  value: { kind: string; loc?: unknown; [field: string]: unknown };
  loc?: unknown;
}

export interface HirTerminal {
  kind: string;
  loc?: unknown;
  [field: string]: unknown;
}

export interface HirPhi {
  place: HirPlace;
  operands: Map<number, HirPlace>;
}

export interface HirBlock {
  id: number;
  kind: string;
  instructions: HirInstruction[];
  terminal: HirTerminal;
  preds: Set<number>;
  phis: Set<HirPhi>;
}

/** `HIRFunction` (HIR.ts). */
export interface HirFunction {
  loc?: unknown;
  id: string | null;
  nameHint?: string | null;
  params: Array<HirPlace | { kind: "Spread"; place: HirPlace }>;
  context: HirPlace[];
  body: { entry: number; blocks: Map<number, HirBlock> };
  env?: { filename?: string | null };
}

/** One statement of a snapshot: an instruction, or a block's terminal (`terminal` set). */
export interface SnapStmt {
  /** The instruction's value kind (`StoreLocal`) or the terminal's kind (`if`). */
  kind: string;
  /** Source line (0 where the compiler made it up). */
  line: number;
  /** Identifier ids read, then written. */
  uses: number[];
  defs: number[];
  /** For FunctionExpression and ObjectMethod: the index of the nested function in the unit. */
  child?: number;
}

export interface SnapPhi {
  def: number;
  /** [predecessor block id, identifier id], in the phi's own order. */
  operands: Array<[number, number]>;
}

export interface SnapBlock {
  id: number;
  kind: string;
  /** The HIR's `preds`, in its order. */
  preds: number[];
  phis: SnapPhi[];
  stmts: SnapStmt[];
  /** The terminal (also the last of `stmts` where it reads anything). */
  terminal: { kind: string; line: number; succs: number[]; uses: number[] };
}

export interface SnapFunction {
  /** The function's name: its id, name hint, or `<anonymous>`, with its enclosing function's for nested ones. */
  name: string;
  line: number;
  column: number;
  entry: number;
  params: number[];
  context: number[];
  blocks: SnapBlock[];
  /** The index of the enclosing function in the unit (-1 for the one the compiler compiles). */
  parent: number;
  /** Why the function cannot be mapped (the first reason, with its place), when it cannot. */
  unmappable?: string;
}

/** One compiled function and every function nested in it, at one point of the pipeline. */
export interface SnapUnit {
  /** Breadth-first: [0] is the compiled function; each nested one comes after its parent (`parent`). */
  functions: SnapFunction[];
  /** identifier id -> declarationId, for every identifier the unit mentions. */
  declarations: Map<number, number>;
  /** identifier id -> printable name (`x`, `#t43`, or "" for a temporary). */
  names: Map<number, string>;
}

/** A value in a message: its `kind`, or its type. */
function describe(x: unknown): string {
  if (x === null || typeof x !== "object") return String(x);
  const kind = (x as { kind?: unknown }).kind;
  return typeof kind === "string" ? `kind ${kind}` : "an object without a kind";
}

/** Thrown inside a snapshot for a construct it cannot map; caught per function. */
class Unmappable extends Error {}

function lineOf(loc: unknown): { line: number; column: number } {
  if (loc !== null && typeof loc === "object") {
    const start = (loc as HirSourceLocation).start;
    if (start !== undefined && typeof start.line === "number") return { line: start.line, column: start.column ?? 0 };
  }
  return { line: 0, column: 0 };
}

/** The reads and writes of one function, copied. */
class Snapshotter {
  readonly declarations = new Map<number, number>();
  readonly names = new Map<number, string>();
  /**
   * Where the statement being read is, for messages: kept as fields and spelled out only when a
   * message needs it (a string per instruction would cost more than the copy itself).
   */
  private atName = "";
  private atBlock = -1;
  private atWhat: "parameters" | "captured context" | "phi" | "instruction" | "terminal" | "" = "";
  private atInstr: HirInstruction | undefined;
  private atTerminal: HirTerminal | undefined;

  private get where(): string {
    const name = this.atName;
    switch (this.atWhat) {
      case "":
        return name;
      case "parameters":
      case "captured context":
        return `${name}, ${this.atWhat}`;
      case "phi":
        return `${name}, bb${this.atBlock}, phi`;
      case "instruction": {
        const instr = this.atInstr!;
        const at = lineOf(instr.loc).line;
        return `${name}, bb${this.atBlock}, instruction [${instr.id}] ${instr.value?.kind}${at > 0 ? ` (line ${at})` : ""}`;
      }
      case "terminal": {
        const t = this.atTerminal!;
        const tline = lineOf(t.loc).line;
        return `${name}, bb${this.atBlock}, terminal ${t.kind}${tline > 0 ? ` (line ${tline})` : ""}`;
      }
    }
  }

  place(p: unknown): number {
    const ident = p !== null && typeof p === "object" ? (p as HirPlace).identifier : undefined;
    if ((p as HirPlace | null)?.kind !== "Identifier" || ident === undefined || typeof ident.id !== "number" || typeof ident.declarationId !== "number")
      throw new Unmappable(`${this.where}: a place that is not an identifier (${describe(p)})`);
    if (!this.declarations.has(ident.id)) {
      this.declarations.set(ident.id, ident.declarationId);
      this.names.set(ident.id, ident.name?.value ?? "");
    }
    return ident.id;
  }

  /** `Place | SpreadPattern` (call arguments, array elements, params). */
  private placeOrSpread(out: number[], p: unknown): void {
    const kind = (p as { kind?: string } | null)?.kind;
    if (kind === "Identifier") out.push(this.place(p));
    else if (kind === "Spread") out.push(this.place((p as { place: unknown }).place));
    else if (kind !== "Hole") throw new Unmappable(`${this.where}: an element of kind ${String(kind)}`);
  }

  /**
   * An optional list of the HIR (absent: empty), read by index: no iterator per element, which
   * the interpreter pays for in a build's first functions (docs/performance.md).
   */
  private array(xs: unknown): any[] {
    if (xs === undefined || xs === null) return [];
    if (!Array.isArray(xs)) throw new Unmappable(`${this.where}: a list that is not an array`);
    return xs;
  }

  /** Every element of an optional list of places. */
  private places(out: number[], xs: unknown): void {
    const a = this.array(xs);
    for (let i = 0; i < a.length; i++) out.push(this.place(a[i]));
  }

  private list(out: number[], xs: unknown): void {
    if (!Array.isArray(xs)) throw new Unmappable(`${this.where}: a list that is not an array`);
    for (let i = 0; i < xs.length; i++) this.placeOrSpread(out, xs[i]);
  }

  private pattern(out: number[], pattern: unknown): void {
    const pat = pattern as { kind?: string; items?: unknown[]; properties?: Array<{ kind: string; place: unknown }> };
    if (pat?.kind === "ArrayPattern") this.list(out, pat.items);
    else if (pat?.kind === "ObjectPattern") {
      const props = pat.properties ?? [];
      for (let i = 0; i < props.length; i++) out.push(this.place(props[i].place));
    }
    else throw new Unmappable(`${this.where}: a destructuring pattern of kind ${String(pat?.kind)}`);
  }

  /** The operands enterSSA renames (`mapInstructionValueOperands`), in its order. */
  operands(v: HirInstruction["value"], out: number[]): void {
    const f = v as Record<string, any>;
    switch (v.kind) {
      case "BinaryExpression":
        out.push(this.place(f.left), this.place(f.right));
        return;
      case "PropertyLoad":
      case "PropertyDelete":
        out.push(this.place(f.object));
        return;
      case "PropertyStore":
        out.push(this.place(f.object), this.place(f.value));
        return;
      case "ComputedLoad":
      case "ComputedDelete":
        out.push(this.place(f.object), this.place(f.property));
        return;
      case "ComputedStore":
        out.push(this.place(f.object), this.place(f.property), this.place(f.value));
        return;
      case "DeclareContext":
      case "DeclareLocal":
        return;
      case "LoadLocal":
      case "LoadContext":
        out.push(this.place(f.place));
        return;
      case "StoreLocal":
      case "StoreGlobal":
      case "Destructure":
      case "UnaryExpression":
      case "TypeCastExpression":
      case "Await":
      case "NextPropertyOf":
      case "PostfixUpdate":
      case "PrefixUpdate":
        out.push(this.place(f.value));
        return;
      case "StoreContext":
        // the context variable's box is read, not written: enterSSA maps it as an operand
        out.push(this.place(f.lvalue?.place), this.place(f.value));
        return;
      case "NewExpression":
      case "CallExpression":
        out.push(this.place(f.callee));
        this.list(out, f.args);
        return;
      case "MethodCall":
        out.push(this.place(f.receiver), this.place(f.property));
        this.list(out, f.args);
        return;
      case "JsxExpression":
        if (f.tag?.kind === "Identifier") out.push(this.place(f.tag));
      {
        const props = this.array(f.props);
        for (let i = 0; i < props.length; i++) {
          const attr = props[i];
          if (attr.kind === "JsxAttribute") out.push(this.place(attr.place));
          else if (attr.kind === "JsxSpreadAttribute") out.push(this.place(attr.argument));
          else throw new Unmappable(`${this.where}: a JSX attribute of kind ${String(attr.kind)}`);
        }
        if (f.children) this.places(out, f.children);
        return;
      }
      case "JsxFragment":
        this.places(out, f.children);
        return;
      case "ObjectExpression": {
        const props = this.array(f.properties);
        for (let i = 0; i < props.length; i++) {
          const prop = props[i];
          if (prop.kind === "ObjectProperty" && prop.key?.kind === "computed") out.push(this.place(prop.key.name));
          out.push(this.place(prop.place));
        }
        return;
      }
      case "ArrayExpression":
        this.list(out, f.elements);
        return;
      case "ObjectMethod":
      case "FunctionExpression":
        this.places(out, f.loweredFunc?.func?.context);
        return;
      case "TaggedTemplateExpression":
        out.push(this.place(f.tag));
        return;
      case "TemplateLiteral":
        this.places(out, f.subexprs);
        return;
      case "GetIterator":
        out.push(this.place(f.collection));
        return;
      case "IteratorNext":
        out.push(this.place(f.iterator), this.place(f.collection));
        return;
      case "StartMemoize":
      {
        const deps = this.array(f.deps);
        for (let i = 0; i < deps.length; i++) if (deps[i].root?.kind === "NamedLocal") out.push(this.place(deps[i].root.value));
        return;
      }
      case "FinishMemoize":
        out.push(this.place(f.decl));
        return;
      case "Debugger":
      case "RegExpLiteral":
      case "MetaProperty":
      case "LoadGlobal":
      case "UnsupportedNode":
      case "Primitive":
      case "JSXText":
        return;
      default:
        throw new Unmappable(`${this.where}: instruction kind ${v.kind}, which this adapter does not know`);
    }
  }

  /** The lvalues enterSSA defines (`mapInstructionLValues`), in its order: the value's, then the instruction's. */
  lvalues(instr: HirInstruction, out: number[]): void {
    const f = instr.value as Record<string, any>;
    switch (instr.value.kind) {
      case "DeclareLocal":
      case "StoreLocal":
        out.push(this.place(f.lvalue?.place));
        break;
      case "Destructure":
        this.pattern(out, f.lvalue?.pattern);
        break;
      case "PostfixUpdate":
      case "PrefixUpdate":
        out.push(this.place(f.lvalue));
        break;
    }
    if (instr.lvalue !== null) out.push(this.place(instr.lvalue));
  }

  /** `eachTerminalSuccessor` and `mapTerminalOperands`. */
  terminal(t: HirTerminal): { succs: number[]; uses: number[] } {
    const f = t as Record<string, any>;
    const succs: number[] = [];
    const uses: number[] = [];
    switch (t.kind) {
      case "goto":
      case "label":
      case "sequence":
      case "try":
      case "scope":
      case "pruned-scope":
        succs.push(f.block);
        break;
      case "if":
      case "branch":
        succs.push(f.consequent, f.alternate);
        break;
      case "switch": {
        const cases = f.cases ?? [];
        for (let i = 0; i < cases.length; i++) succs.push(cases[i].block);
        break;
      }
      case "optional":
      case "ternary":
      case "logical":
      case "while":
        succs.push(f.test);
        break;
      case "do-while":
        succs.push(f.loop);
        break;
      case "for":
      case "for-of":
      case "for-in":
        succs.push(f.init);
        break;
      case "maybe-throw":
        succs.push(f.continuation, f.handler);
        break;
      case "return":
      case "throw":
      case "unreachable":
      case "unsupported":
        break;
      default:
        throw new Unmappable(`${this.where}: terminal kind ${t.kind}, which this adapter does not know`);
    }
    switch (t.kind) {
      case "if":
      case "branch":
        uses.push(this.place(f.test));
        break;
      case "switch": {
        uses.push(this.place(f.test));
        const cases = f.cases ?? [];
        for (let i = 0; i < cases.length; i++) if (cases[i].test !== null) uses.push(this.place(cases[i].test));
        break;
      }
      case "return":
      case "throw":
        uses.push(this.place(f.value));
        break;
      case "try":
        if (f.handlerBinding !== null && f.handlerBinding !== undefined) uses.push(this.place(f.handlerBinding));
        break;
    }
    for (let i = 0; i < succs.length; i++) if (typeof succs[i] !== "number") throw new Unmappable(`${this.where}: a successor that is not a block id`);
    return { succs, uses };
  }

  // One function is copied by three small methods rather than one big one: V8 optimises each on
  // its own, and a big one took its optimising compiler 0.1 s per compilation on the HIR's
  // many shapes (measured with --trace-opt in a build of the bench's corpus).

  /** One block: predecessors, phis, instructions, terminal. */
  private block(id: number, block: HirBlock, name: string, self: number, base: number, pending: Array<[HirFunction, string, number]>): SnapBlock {
    this.atBlock = id;
    const b: SnapBlock = { id, kind: block.kind, preds: [...block.preds], phis: [], stmts: [], terminal: { kind: "", line: 0, succs: [], uses: [] } };
    this.atWhat = "phi";
    // the HIR's sets and maps through forEach, its arrays by index: no iterator per element,
    // which the interpreter pays for in a build's first functions (docs/performance.md)
    block.phis.forEach((phi) => b.phis.push(this.phi(phi)));
    const instructions = block.instructions;
    for (let i = 0; i < instructions.length; i++) b.stmts.push(this.instruction(instructions[i], name, self, base, pending));
    const t = block.terminal;
    this.atWhat = "terminal";
    this.atTerminal = t;
    const { succs, uses } = this.terminal(t);
    b.terminal = { kind: t.kind, line: lineOf(t.loc).line, succs, uses };
    return b;
  }

  private phi(phi: HirPhi): SnapPhi {
    const operands: Array<[number, number]> = [];
    phi.operands.forEach((p, pred) => operands.push([pred, this.place(p)]));
    return { def: this.place(phi.place), operands };
  }

  /** One instruction: what it reads, then writes; a nested function is queued on `pending`. */
  private instruction(instr: HirInstruction, name: string, self: number, base: number, pending: Array<[HirFunction, string, number]>): SnapStmt {
    this.atWhat = "instruction";
    this.atInstr = instr;
    const s: SnapStmt = { kind: instr.value.kind, line: lineOf(instr.loc).line, uses: [], defs: [] };
    this.operands(instr.value, s.uses);
    this.lvalues(instr, s.defs);
    if (instr.value.kind === "FunctionExpression" || instr.value.kind === "ObjectMethod") {
      const inner = (instr.value as { loweredFunc?: { func?: HirFunction } }).loweredFunc?.func;
      if (inner === undefined) throw new Unmappable(`${this.where}: no lowered function`);
      const innerName = inner.id ?? inner.nameHint ?? `<anonymous>:${lineOf(inner.loc).line}:${lineOf(inner.loc).column}`;
      s.child = base + pending.length;
      pending.push([inner, `${name} > ${innerName}`, self]);
    }
    return s;
  }

  /** One function's blocks; nested functions are pushed onto `pending` with their parent. */
  function(fn: HirFunction, name: string, parent: number, self: number, base: number, pending: Array<[HirFunction, string, number]>): SnapFunction {
    const { line, column } = lineOf(fn.loc);
    const out: SnapFunction = { name, line, column, entry: fn.body?.entry, params: [], context: [], blocks: [], parent };
    try {
      this.atName = name;
      this.atWhat = "parameters";
      if (!(fn.body?.blocks instanceof Map)) throw new Unmappable(`${name}: a body without a block map`);
      this.list(out.params, fn.params);
      this.atWhat = "captured context";
      const context = fn.context ?? [];
      for (let i = 0; i < context.length; i++) out.context.push(this.place(context[i]));
      fn.body.blocks.forEach((block, id) => out.blocks.push(this.block(id, block, name, self, base, pending)));
    } catch (e) {
      if (!(e instanceof Unmappable)) throw e;
      out.unmappable = e.message;
      out.blocks = [];
    }
    return out;
  }
}

/** The display name of a compiled function. */
export function functionName(fn: HirFunction): string {
  const { line, column } = lineOf(fn.loc);
  return fn.id ?? fn.nameHint ?? `<anonymous>:${line}:${column}`;
}

/**
 * Copies one compiled function and all functions nested in it, without recursion (an explicit
 * worklist: nesting depth is the input's).
 */
export function snapshot(fn: HirFunction): SnapUnit {
  const s = new Snapshotter();
  const functions: SnapFunction[] = [];
  const queue: Array<[HirFunction, string, number]> = [[fn, functionName(fn), -1]];
  for (let i = 0; i < queue.length; i++) {
    const pending: Array<[HirFunction, string, number]> = [];
    const [f, name, parent] = queue[i];
    // a nested function's index is its place in the queue: after everything queued so far
    functions.push(s.function(f, name, parent, i, queue.length, pending));
    queue.push(...pending);
  }
  return { functions, declarations: s.declarations, names: s.names };
}
