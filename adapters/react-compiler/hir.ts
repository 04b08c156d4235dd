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

/** The source line of a location (0 where the compiler made it up), without an object per call. */
function lineNumber(loc: unknown): number {
  if (loc !== null && typeof loc === "object") {
    const start = (loc as HirSourceLocation).start;
    if (start !== undefined && typeof start.line === "number") return start.line;
  }
  return 0;
}

function lineOf(loc: unknown): { line: number; column: number } {
  if (loc !== null && typeof loc === "object") {
    const start = (loc as HirSourceLocation).start;
    if (start !== undefined && typeof start.line === "number") return { line: start.line, column: start.column ?? 0 };
  }
  return { line: 0, column: 0 };
}

/**
 * A snapshot in flat form: integers and a string table, which a thread hands to another by
 * transfer (no structured clone of thousands of small objects), written as the HIR is read and
 * read back into a `SnapUnit` by `decodeUnit`. `ints` holds the functions (layout in
 * `decodeUnit`), `idents` three integers per identifier (id, declarationId, name's string).
 */
export interface EncodedUnit {
  ints: Int32Array;
  idents: Int32Array;
  strings: string[];
}

/** `entry` where a function has none (its body is malformed, and it is unmappable). */
const NO_ENTRY = -0x80000000;

/** A growable column of integers. */
class IntColumn {
  data: Int32Array;
  length = 0;
  constructor(size: number) {
    this.data = new Int32Array(size);
  }
  push(x: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = x;
  }
  /** A slot for a list's length, filled by `close` once the list is written. */
  open(): number {
    this.push(0);
    return this.length - 1;
  }
  close(slot: number): void {
    this.data[slot] = this.length - slot - 1;
  }
  copy(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

/**
 * Identifiers already written in the unit being encoded: `stamp[id] === generation` (one table
 * for every unit, cleared by a new generation, instead of a set per unit).
 */
class SeenIds {
  private stamp = new Int32Array(1024);
  private generation = 0;
  next(): void {
    this.generation++;
  }
  /** Whether `id` was seen in this unit; marks it seen. */
  test(id: number): boolean {
    if (id < 0 || id >= 0x4000000) return this.large(id);
    if (id >= this.stamp.length) {
      const bigger = new Int32Array(Math.max(id + 1, this.stamp.length * 2));
      bigger.set(this.stamp);
      this.stamp = bigger;
    }
    if (this.stamp[id] === this.generation) return true;
    this.stamp[id] = this.generation;
    return false;
  }
  /** Ids out of the table's range (not made by the compiler's counter): a set per unit. */
  private other = new Set<number>();
  private otherGeneration = -1;
  private large(id: number): boolean {
    if (this.otherGeneration !== this.generation) {
      this.other.clear();
      this.otherGeneration = this.generation;
    }
    if (this.other.has(id)) return true;
    this.other.add(id);
    return false;
  }
}

/** The columns every unit is written into, then copied out at its size: a pair of arrays per build, not per unit. */
const scratch = { ints: new IntColumn(4096), idents: new IntColumn(1024), seen: new SeenIds() };

/** The reads and writes of one compiled function and the functions nested in it, written flat. */
class Snapshotter {
  readonly ints = scratch.ints;
  readonly idents = scratch.idents;
  readonly strings: string[] = [];
  private readonly stringIds = new Map<string, number>();
  private readonly seen = scratch.seen;
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

  string(text: string): number {
    let k = this.stringIds.get(text);
    if (k === undefined) {
      k = this.strings.length;
      this.strings.push(text);
      this.stringIds.set(text, k);
    }
    return k;
  }

  /** A block id, a successor or a predecessor: an integer, or the function is unmappable. */
  private blockId(x: unknown, what: string): number {
    if (typeof x !== "number" || (x | 0) !== x) throw new Unmappable(`${this.where}: ${what} that is not a block id`);
    return x;
  }

  place(p: unknown): number {
    const ident = p !== null && typeof p === "object" ? (p as HirPlace).identifier : undefined;
    if ((p as HirPlace | null)?.kind !== "Identifier" || ident === undefined || typeof ident.id !== "number" || typeof ident.declarationId !== "number")
      throw new Unmappable(`${this.where}: a place that is not an identifier (${describe(p)})`);
    if ((ident.id | 0) !== ident.id || (ident.declarationId | 0) !== ident.declarationId)
      throw new Unmappable(`${this.where}: an identifier whose ids are not integers (id ${ident.id}, declaration ${ident.declarationId})`);
    if (!this.seen.test(ident.id)) {
      this.idents.push(ident.id);
      this.idents.push(ident.declarationId);
      this.idents.push(this.string(ident.name?.value ?? ""));
    }
    return ident.id;
  }

  private use(p: unknown): void {
    this.ints.push(this.place(p));
  }

  /** `Place | SpreadPattern` (call arguments, array elements, params). */
  private placeOrSpread(p: unknown): void {
    const kind = (p as { kind?: string } | null)?.kind;
    if (kind === "Identifier") this.use(p);
    else if (kind === "Spread") this.use((p as { place: unknown }).place);
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
  private places(xs: unknown): void {
    const a = this.array(xs);
    for (let i = 0; i < a.length; i++) this.use(a[i]);
  }

  private list(xs: unknown): void {
    if (!Array.isArray(xs)) throw new Unmappable(`${this.where}: a list that is not an array`);
    for (let i = 0; i < xs.length; i++) this.placeOrSpread(xs[i]);
  }

  private pattern(pattern: unknown): void {
    const pat = pattern as { kind?: string; items?: unknown[]; properties?: Array<{ kind: string; place: unknown }> };
    if (pat?.kind === "ArrayPattern") this.list(pat.items);
    else if (pat?.kind === "ObjectPattern") {
      const props = pat.properties ?? [];
      for (let i = 0; i < props.length; i++) this.use(props[i].place);
    }
    else throw new Unmappable(`${this.where}: a destructuring pattern of kind ${String(pat?.kind)}`);
  }

  /** The operands enterSSA renames (`mapInstructionValueOperands`), in its order. */
  operands(v: HirInstruction["value"]): void {
    const f = v as Record<string, any>;
    switch (v.kind) {
      case "BinaryExpression":
        this.use(f.left);
        this.use(f.right);
        return;
      case "PropertyLoad":
      case "PropertyDelete":
        this.use(f.object);
        return;
      case "PropertyStore":
        this.use(f.object);
        this.use(f.value);
        return;
      case "ComputedLoad":
      case "ComputedDelete":
        this.use(f.object);
        this.use(f.property);
        return;
      case "ComputedStore":
        this.use(f.object);
        this.use(f.property);
        this.use(f.value);
        return;
      case "DeclareContext":
      case "DeclareLocal":
        return;
      case "LoadLocal":
      case "LoadContext":
        this.use(f.place);
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
        this.use(f.value);
        return;
      case "StoreContext":
        // the context variable's box is read, not written: enterSSA maps it as an operand
        this.use(f.lvalue?.place);
        this.use(f.value);
        return;
      case "NewExpression":
      case "CallExpression":
        this.use(f.callee);
        this.list(f.args);
        return;
      case "MethodCall":
        this.use(f.receiver);
        this.use(f.property);
        this.list(f.args);
        return;
      case "JsxExpression":
        if (f.tag?.kind === "Identifier") this.use(f.tag);
      {
        const props = this.array(f.props);
        for (let i = 0; i < props.length; i++) {
          const attr = props[i];
          if (attr.kind === "JsxAttribute") this.use(attr.place);
          else if (attr.kind === "JsxSpreadAttribute") this.use(attr.argument);
          else throw new Unmappable(`${this.where}: a JSX attribute of kind ${String(attr.kind)}`);
        }
        if (f.children) this.places(f.children);
        return;
      }
      case "JsxFragment":
        this.places(f.children);
        return;
      case "ObjectExpression": {
        const props = this.array(f.properties);
        for (let i = 0; i < props.length; i++) {
          const prop = props[i];
          if (prop.kind === "ObjectProperty" && prop.key?.kind === "computed") this.use(prop.key.name);
          this.use(prop.place);
        }
        return;
      }
      case "ArrayExpression":
        this.list(f.elements);
        return;
      case "ObjectMethod":
      case "FunctionExpression":
        this.places(f.loweredFunc?.func?.context);
        return;
      case "TaggedTemplateExpression":
        this.use(f.tag);
        return;
      case "TemplateLiteral":
        this.places(f.subexprs);
        return;
      case "GetIterator":
        this.use(f.collection);
        return;
      case "IteratorNext":
        this.use(f.iterator);
        this.use(f.collection);
        return;
      case "StartMemoize":
      {
        const deps = this.array(f.deps);
        for (let i = 0; i < deps.length; i++) if (deps[i].root?.kind === "NamedLocal") this.use(deps[i].root.value);
        return;
      }
      case "FinishMemoize":
        this.use(f.decl);
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
  lvalues(instr: HirInstruction): void {
    const f = instr.value as Record<string, any>;
    switch (instr.value.kind) {
      case "DeclareLocal":
      case "StoreLocal":
        this.use(f.lvalue?.place);
        break;
      case "Destructure":
        this.pattern(f.lvalue?.pattern);
        break;
      case "PostfixUpdate":
      case "PrefixUpdate":
        this.use(f.lvalue);
        break;
    }
    if (instr.lvalue !== null) this.use(instr.lvalue);
  }

  /** `eachTerminalSuccessor`, then `mapTerminalOperands`: two lists. */
  terminal(t: HirTerminal): void {
    const f = t as Record<string, any>;
    const w = this.ints;
    const succs = w.open();
    switch (t.kind) {
      case "goto":
      case "label":
      case "sequence":
      case "try":
      case "scope":
      case "pruned-scope":
        w.push(this.blockId(f.block, "a successor"));
        break;
      case "if":
      case "branch":
        w.push(this.blockId(f.consequent, "a successor"));
        w.push(this.blockId(f.alternate, "a successor"));
        break;
      case "switch": {
        const cases = f.cases ?? [];
        for (let i = 0; i < cases.length; i++) w.push(this.blockId(cases[i].block, "a successor"));
        break;
      }
      case "optional":
      case "ternary":
      case "logical":
      case "while":
        w.push(this.blockId(f.test, "a successor"));
        break;
      case "do-while":
        w.push(this.blockId(f.loop, "a successor"));
        break;
      case "for":
      case "for-of":
      case "for-in":
        w.push(this.blockId(f.init, "a successor"));
        break;
      case "maybe-throw":
        w.push(this.blockId(f.continuation, "a successor"));
        w.push(this.blockId(f.handler, "a successor"));
        break;
      case "return":
      case "throw":
      case "unreachable":
      case "unsupported":
        break;
      default:
        throw new Unmappable(`${this.where}: terminal kind ${t.kind}, which this adapter does not know`);
    }
    w.close(succs);
    const uses = w.open();
    switch (t.kind) {
      case "if":
      case "branch":
        this.use(f.test);
        break;
      case "switch": {
        this.use(f.test);
        const cases = f.cases ?? [];
        for (let i = 0; i < cases.length; i++) if (cases[i].test !== null) this.use(cases[i].test);
        break;
      }
      case "return":
      case "throw":
        this.use(f.value);
        break;
      case "try":
        if (f.handlerBinding !== null && f.handlerBinding !== undefined) this.use(f.handlerBinding);
        break;
      // A reactive scope (`scope`, `pruned-scope`: BuildReactiveScopeTerminalsHIR on) reads
      // nothing here. Its dependencies (PropagateScopeDependenciesHIR) name variables by their
      // declaration: the compiled code compares the variable's value where the scope starts,
      // and the identifier recorded may be a later SSA value of it (the phi of a loop inside
      // the scope: test/react/fixtures/scope_loop.js), so they are no SSA uses.
    }
    w.close(uses);
  }

  // One function is copied by three small methods rather than one big one: V8 optimises each on
  // its own, and a big one took its optimising compiler 0.1 s per compilation on the HIR's
  // many shapes (measured with --trace-opt in a build of the bench's corpus).

  /** One block: id, kind, predecessors, phis, instructions, terminal (layout in `decodeUnit`). */
  private block(id: number, block: HirBlock, name: string, self: number, base: number, pending: Array<[HirFunction, string, number]>): void {
    const w = this.ints;
    this.atBlock = id;
    w.push(this.blockId(id, "a block"));
    w.push(this.string(block.kind));
    const preds = w.open();
    // the HIR's sets and maps through forEach, its arrays by index: no iterator per element,
    // which the interpreter pays for in a build's first functions (docs/performance.md)
    block.preds.forEach((p) => w.push(this.blockId(p, "a predecessor")));
    w.close(preds);
    this.atWhat = "phi";
    w.push(block.phis.size);
    block.phis.forEach((phi) => this.phi(phi));
    const instructions = block.instructions;
    w.push(instructions.length);
    for (let i = 0; i < instructions.length; i++) this.instruction(instructions[i], name, self, base, pending);
    const t = block.terminal;
    this.atWhat = "terminal";
    this.atTerminal = t;
    w.push(this.string(t.kind));
    w.push(lineNumber(t.loc));
    this.terminal(t);
  }

  private phi(phi: HirPhi): void {
    const w = this.ints;
    // its operands, then what it defines (the order in which identifiers are first seen)
    w.push(phi.operands.size);
    phi.operands.forEach((p, pred) => {
      w.push(this.blockId(pred, "a phi operand's predecessor"));
      w.push(this.place(p));
    });
    w.push(this.place(phi.place));
  }

  /** One instruction: kind, line, what it reads, then writes, and its nested function (queued on `pending`) or -1. */
  private instruction(instr: HirInstruction, name: string, self: number, base: number, pending: Array<[HirFunction, string, number]>): void {
    const w = this.ints;
    this.atWhat = "instruction";
    this.atInstr = instr;
    w.push(this.string(instr.value.kind));
    w.push(lineNumber(instr.loc));
    const uses = w.open();
    this.operands(instr.value);
    w.close(uses);
    const defs = w.open();
    this.lvalues(instr);
    w.close(defs);
    if (instr.value.kind === "FunctionExpression" || instr.value.kind === "ObjectMethod") {
      const inner = (instr.value as { loweredFunc?: { func?: HirFunction } }).loweredFunc?.func;
      if (inner === undefined) throw new Unmappable(`${this.where}: no lowered function`);
      const innerName = inner.id ?? inner.nameHint ?? `<anonymous>:${lineOf(inner.loc).line}:${lineOf(inner.loc).column}`;
      w.push(base + pending.length);
      pending.push([inner, `${name} > ${innerName}`, self]);
    } else w.push(-1);
  }

  /**
   * One function: name, line, column, entry, parent, why it is unmappable (a string, or -1),
   * parameters, captured context, blocks. Nested functions are pushed onto `pending`. A function
   * found unmappable part way is written again from its reason, with no lists.
   */
  function(fn: HirFunction, name: string, parent: number, self: number, base: number, pending: Array<[HirFunction, string, number]>): void {
    const w = this.ints;
    const { line, column } = lineOf(fn.loc);
    const entry = fn.body?.entry;
    w.push(this.string(name));
    w.push(line);
    w.push(column);
    w.push(typeof entry === "number" && (entry | 0) === entry ? entry : NO_ENTRY);
    w.push(parent);
    const status = w.open();
    const start = w.length;
    try {
      this.atName = name;
      this.atWhat = "parameters";
      if (!(fn.body?.blocks instanceof Map)) throw new Unmappable(`${name}: a body without a block map`);
      const params = w.open();
      this.list(fn.params);
      w.close(params);
      this.atWhat = "captured context";
      const context = fn.context ?? [];
      w.push(context.length);
      for (let i = 0; i < context.length; i++) this.use(context[i]);
      w.push(fn.body.blocks.size);
      fn.body.blocks.forEach((block, id) => this.block(id, block, name, self, base, pending));
      w.data[status] = -1;
    } catch (e) {
      if (!(e instanceof Unmappable)) throw e;
      w.length = start;
      w.data[status] = this.string(e.message);
      w.push(0);
      w.push(0);
      w.push(0);
    }
  }
}

/** The display name of a compiled function. */
export function functionName(fn: HirFunction): string {
  const { line, column } = lineOf(fn.loc);
  return fn.id ?? fn.nameHint ?? `<anonymous>:${line}:${column}`;
}

/** A compiled function's name and where it starts (its snapshot's first function has the same). */
export function functionPlace(fn: HirFunction): { name: string; line: number; column: number } {
  return { name: functionName(fn), ...lineOf(fn.loc) };
}

/**
 * Copies one compiled function and all functions nested in it, flat, without recursion (an
 * explicit worklist: nesting depth is the input's).
 */
export function encodeUnit(fn: HirFunction): EncodedUnit {
  scratch.ints.length = 0;
  scratch.idents.length = 0;
  scratch.seen.next();
  const s = new Snapshotter();
  const queue: Array<[HirFunction, string, number]> = [[fn, functionName(fn), -1]];
  const count = s.ints.open();
  for (let i = 0; i < queue.length; i++) {
    const pending: Array<[HirFunction, string, number]> = [];
    const [f, name, parent] = queue[i];
    // a nested function's index is its place in the queue: after everything queued so far
    s.function(f, name, parent, i, queue.length, pending);
    for (let k = 0; k < pending.length; k++) queue.push(pending[k]);
  }
  s.ints.data[count] = queue.length;
  return { ints: s.ints.copy(), idents: s.idents.copy(), strings: s.strings };
}

/** Reads an encoded unit back (the layout `Snapshotter` writes). */
export function decodeUnit(e: EncodedUnit): SnapUnit {
  const { ints, strings } = e;
  let at = 0;
  const short = () => new Error(`an encoded HIR unit ends at ${ints.length} of its integers, in the middle of a record`);
  const next = (): number => {
    if (at >= ints.length) throw short();
    return ints[at++];
  };
  const list = (): number[] => {
    const n = next();
    if (n < 0 || at + n > ints.length) throw short();
    const out = new Array<number>(n);
    for (let i = 0; i < n; i++) out[i] = ints[at++];
    return out;
  };
  const functions: SnapFunction[] = [];
  const nFunctions = next();
  for (let fi = 0; fi < nFunctions; fi++) {
    const name = strings[next()];
    const line = next();
    const column = next();
    const entry = next();
    const parent = next();
    const status = next();
    const params = list();
    const context = list();
    const blocks: SnapBlock[] = new Array(next());
    for (let bi = 0; bi < blocks.length; bi++) {
      const id = next();
      const kind = strings[next()];
      const preds = list();
      const phis: SnapPhi[] = new Array(next());
      for (let pi = 0; pi < phis.length; pi++) {
        const operands: Array<[number, number]> = new Array(next());
        for (let k = 0; k < operands.length; k++) operands[k] = [next(), next()];
        phis[pi] = { def: next(), operands };
      }
      const stmts: SnapStmt[] = new Array(next());
      for (let si = 0; si < stmts.length; si++) {
        const s: SnapStmt = { kind: strings[next()], line: next(), uses: list(), defs: list() };
        const child = next();
        if (child >= 0) s.child = child;
        stmts[si] = s;
      }
      const terminal = { kind: strings[next()], line: next(), succs: list(), uses: list() };
      blocks[bi] = { id, kind, preds, phis, stmts, terminal };
    }
    const f: SnapFunction = { name, line, column, entry: entry === NO_ENTRY ? (undefined as unknown as number) : entry, params, context, blocks, parent };
    if (status >= 0) f.unmappable = strings[status];
    functions.push(f);
  }
  const declarations = new Map<number, number>();
  const names = new Map<number, string>();
  const idents = e.idents;
  for (let k = 0; k < idents.length; k += 3) {
    declarations.set(idents[k], idents[k + 1]);
    names.set(idents[k], strings[idents[k + 2]]);
  }
  return { functions, declarations, names };
}

/** Copies one compiled function and all functions nested in it, as plain data. */
export function snapshot(fn: HirFunction): SnapUnit {
  return decodeUnit(encodeUnit(fn));
}
