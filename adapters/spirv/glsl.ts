/**
 * A structured case (fuzz/arbitraries/structured.ts) as one GLSL 4.50 function
 * `int NAME(int p0, int p1)`, for the fuzz target `spirv` (fuzz.ts): glslang compiles it, keeping
 * every local in an `OpVariable` of `Function` storage, for `spirv-opt --ssa-rewrite` to promote.
 *
 * The program's control flow is printed as it is: `if`/`else`, `while`, `do ... while`, `switch`
 * with fallthrough and several labels per case, `break`, `continue`, `return`. Everything else is
 * expression: an assignment `defs := f(uses)` writes each def with the sum of its uses' reads and a
 * constant, a condition compares its uses' sum (or the parameter `p1`) with a constant, a `return`
 * returns its uses' sum (GLSL wants a value), and the function ends by returning the sum of every
 * variable, so each use feeds what the function computes and glslang keeps it.
 *
 * The case's `style` (through `styleChoices`; 0 is all plain) chooses, without changing the control
 * flow:
 * - where each variable lives: a plain `int` local, a component of an `ivec2` or `ivec4` local, or
 *   a member of a local struct. Containers are written and read either through access chains
 *   (`quad0.y = e`, `quad0.y`: the pass leaves such a variable in memory, docs/spirv.md) or as
 *   whole values (`quad0 = mix(quad0, ivec4(e), bvec4(false, true, false, false))`,
 *   `ivec4(quad0).y`: only whole loads and stores, so the pass promotes the vector, one SSA value
 *   for several of the case's variables); structs always take an access chain to read a member;
 * - whether constants come from a pool of two, so that stores on several paths store the same
 *   value (the pass then folds `phi(w, w)` to `w`);
 * - conditions as short-circuit `&&` or `||` (glslang's own `OpPhi`s, before the pass), and
 *   values as conditional expressions `c ? x : y` (glslang's own temporaries and branches);
 * - the values of the case labels, and an extra case label on `default` (two labels sending
 *   control to one block).
 * Uninitialised variables (`uninitialised`) are declared without initializer; a container with
 * one is declared without one too, its other slots written at the start.
 */
import type { Program, Stmt, SwitchStmt } from "../../fuzz/arbitraries/structured.js";
import { styleChoices } from "../fuzz_target.js";

/** The struct type every case's struct locals have: enough members for the default four variables. */
export const GLSL_RECORD_TYPE = "struct Rec { int m0; int m1; int m2; int m3; };";
const RECORD_MEMBERS = 4;

/** Indentation stops growing here, so that the text stays linear in the program's size. */
const MAX_INDENT = 32;

/** GLSL's reserved words a variable of the arbitraries (`a`, ..., `z`, `aa`, ...) could collide with. */
const GLSL_RESERVED = new Set(["do", "if", "in", "out", "for", "int", "asm", "uint", "bool", "void", "true", "else", "case", "flat", "goto", "long", "enum", "lowp", "this", "half", "cast"]);

type ContainerKind = "ivec2" | "ivec4" | "struct";

/** A local that holds several of the case's variables. */
interface Container {
  name: string;
  kind: ContainerKind;
  size: number;
  /** Variable name per slot, or undefined for a slot nobody uses. */
  slots: (string | undefined)[];
  /** Writes through an access chain (`v.y = e`) rather than a whole store. */
  chainWrites: boolean;
  /** Reads through an access chain (`v.y`) rather than a whole load (`ivec4(v).y`); always for a struct. */
  chainReads: boolean;
}

type Storage = { kind: "int"; name: string } | { kind: "slot"; container: Container; slot: number };

const COMPONENTS = ["x", "y", "z", "w"];
/** Where a variable lives, by the style's choice: half of them plain ints, the pass's main work. */
const STORAGE_KINDS = ["int", "int", "int", "ivec2", "ivec4", "struct"] as const;

/** What a printer needs to know of the case's variables and constants while it prints. */
class Printer {
  private readonly storage = new Map<string, Storage>();
  readonly containers: Container[] = [];
  private constant = 0;
  /** Constants cycle through 1..pool (Infinity: all different). */
  private readonly pool: number;
  private readonly labelBase: number;
  private readonly labelStep: number;
  private nextLabel = 0;

  constructor(
    readonly program: Program,
    private readonly choose: (n: number) => number,
  ) {
    // each variable: a plain int, or the next free slot of the last container of a kind
    const open = new Map<ContainerKind, Container>();
    const counts = new Map<ContainerKind, number>();
    for (const v of program.vars) {
      const kind = STORAGE_KINDS[choose(STORAGE_KINDS.length)];
      if (kind === "int") {
        this.storage.set(v, { kind: "int", name: GLSL_RESERVED.has(v) ? `${v}_` : v });
        continue;
      }
      let c = open.get(kind);
      if (c === undefined || c.slots.every((s) => s !== undefined)) {
        const n = counts.get(kind) ?? 0;
        counts.set(kind, n + 1);
        const size = kind === "ivec2" ? 2 : kind === "ivec4" ? 4 : RECORD_MEMBERS;
        c = { name: `${kind === "ivec2" ? "pair" : kind === "ivec4" ? "quad" : "rec"}${n}`, kind, size, slots: new Array<string | undefined>(size).fill(undefined), chainWrites: false, chainReads: true };
        open.set(kind, c);
        this.containers.push(c);
      }
      const slot = c.slots.indexOf(undefined);
      c.slots[slot] = v;
      this.storage.set(v, { kind: "slot", container: c, slot });
    }
    for (const c of this.containers) {
      c.chainWrites = choose(2) === 1;
      c.chainReads = c.kind === "struct" || choose(2) === 1;
    }
    this.pool = choose(2) === 1 ? 2 : Infinity;
    this.labelBase = [0, 1, -3][choose(3)];
    this.labelStep = [1, 3, -1][choose(3)];
  }

  /** The next constant (1, 2, 3, ... or from the pool). */
  k(): number {
    this.constant++;
    return this.pool === Infinity ? this.constant : ((this.constant - 1) % this.pool) + 1;
  }

  /** The next case label's value. */
  label(): number {
    return this.labelBase + this.labelStep * this.nextLabel++;
  }

  /** Whether a switch's `default` gets an extra case label. */
  defaultLabel(): boolean {
    return this.choose(2) === 1;
  }

  read(v: string): string {
    const s = this.storage.get(v);
    if (s === undefined) throw new RangeError(`spirv fuzz printer: variable ${v} is not among the program's variables`);
    if (s.kind === "int") return s.name;
    const c = s.container;
    const part = c.kind === "struct" ? `m${s.slot}` : COMPONENTS[s.slot];
    return c.chainReads ? `${c.name}.${part}` : `${c.kind}(${c.name}).${part}`;
  }

  write(v: string, e: string): string {
    const s = this.storage.get(v);
    if (s === undefined) throw new RangeError(`spirv fuzz printer: variable ${v} is not among the program's variables`);
    if (s.kind === "int") return `${s.name} = ${e};`;
    const c = s.container;
    if (c.kind === "struct") {
      if (c.chainWrites) return `${c.name}.m${s.slot} = ${e};`;
      const members = c.slots.map((_, i) => (i === s.slot ? e : `${c.name}.m${i}`));
      return `${c.name} = Rec(${members.join(", ")});`;
    }
    if (c.chainWrites) return `${c.name}.${COMPONENTS[s.slot]} = ${e};`;
    const mask = c.slots.map((_, i) => String(i === s.slot));
    return `${c.name} = mix(${c.name}, ${c.kind}(${e}), b${c.kind.slice(1)}(${mask.join(", ")}));`;
  }

  /** The sum of the uses' reads and a constant (just the constant without uses). */
  private sum(uses: readonly string[]): string {
    return [...uses.map((u) => this.read(u)), String(this.k())].join(" + ");
  }

  /**
   * An assignment's value: the sum of its uses and a constant, or, by the style's choice, a
   * conditional expression over them (`a > 1 ? a + b + 2 : b + 3`), which glslang compiles to a
   * branch through a temporary local of its own (the pass promotes it) or to `OpSelect`.
   */
  value(uses: readonly string[]): string {
    if (uses.length > 0 && this.choose(4) === 3) return `${this.read(uses[0])} > ${this.k()} ? ${this.sum(uses)} : ${this.sum(uses.slice(-1))}`;
    return this.sum(uses);
  }

  /**
   * A condition on the uses: their sum (or the parameter p1) against a constant, or, by the
   * style's choice, a short-circuit `p1 op K && sum op K` (or `||`): its right side is not
   * trivial, so glslang branches around it and merges the two with an `OpPhi` of its own, before
   * the pass places any.
   */
  condition(uses: readonly string[], op: string): string {
    const lhs = uses.length === 0 ? "p1" : uses.map((u) => this.read(u)).join(" + ");
    const shortCircuit = ["", "&&", "||"][this.choose(3)];
    if (shortCircuit !== "") return `p1 ${op} ${this.k()} ${shortCircuit} ${lhs} + ${this.k()} ${op} ${this.k()}`;
    return `${lhs} ${op} ${this.k()}`;
  }

  /** The switch's selector: the uses' sum, or p1. */
  selector(uses: readonly string[]): string {
    return uses.length === 0 ? "p1" : uses.map((u) => this.read(u)).join(" + ");
  }
}

/** What the printer's stack holds: a statement to print, or a line (a closing brace, a case label). */
type Item = { stmt: Stmt; depth: number } | { line: string; depth: number };

/** The initial value of the i-th variable: from the parameters, so that nothing folds. */
const initialValue = (i: number) => `${i % 2 === 0 ? "p0" : "p1"}${i >= 2 ? ` + ${i}` : ""}`;

/**
 * Whether the printed function returns anywhere but at its end: a `return` other than the body's
 * last top-level statement (glslang drops what follows a top-level `return`, so that one ends the
 * function). spirv-opt 2023.1 inlines no function with such an early return (a block ending in a
 * return that is not the function's last block: `InlinePass::AnalyzeReturns`).
 */
export function hasEarlyReturn(program: Program): boolean {
  const last = program.body.length - 1;
  const stack: Stmt[] = program.body.filter((s, i) => !(i === last && s.kind === "return"));
  while (stack.length > 0) {
    const s = stack.pop()!;
    switch (s.kind) {
      case "return":
        return true;
      case "if":
        stack.push(...s.then, ...s.else);
        break;
      case "while":
      case "doWhile":
        stack.push(...s.body);
        break;
      case "switch":
        for (const k of s.cases) stack.push(...k.body);
        if (s.default !== null) stack.push(...s.default);
        break;
      default:
        break;
    }
  }
  return false;
}

/**
 * The case as the GLSL function `int NAME(int p0, int p1)`, one line per element. `style` 0 prints
 * every variable as a plain `int`. An explicit stack, never recursion.
 */
export function printGlslFunction(name: string, program: Program, uninitialised: readonly string[], style: number): string[] {
  const p = new Printer(program, styleChoices(style));
  const uninit = new Set(uninitialised);
  const out: string[] = [`int ${name}(int p0, int p1) {`];
  const pad = (depth: number) => (depth <= MAX_INDENT ? "  ".repeat(depth) : `${"  ".repeat(MAX_INDENT)}/*${depth}*/ `);

  // declarations: plain ints first, then the containers, with their initial writes
  program.vars.forEach((v, i) => {
    if (p.containers.some((c) => c.slots.includes(v))) return;
    out.push(`  int ${p.read(v)}${uninit.has(v) ? "" : ` = ${initialValue(i)}`};`);
  });
  for (const c of p.containers) {
    const type = c.kind === "struct" ? "Rec" : c.kind;
    const vars = c.slots.filter((s): s is string => s !== undefined);
    if (vars.every((v) => !uninit.has(v))) {
      const parts = c.slots.map((v) => (v === undefined ? "0" : initialValue(program.vars.indexOf(v))));
      out.push(`  ${type} ${c.name} = ${type}(${parts.join(", ")});`);
      continue;
    }
    out.push(`  ${type} ${c.name};`);
    for (const v of vars) if (!uninit.has(v)) out.push(`  ${p.write(v, initialValue(program.vars.indexOf(v)))}`);
  }

  const stack: Item[] = [];
  const pushList = (list: readonly Stmt[], depth: number) => {
    for (let i = list.length - 1; i >= 0; i--) stack.push({ stmt: list[i], depth });
  };
  pushList(program.body, 1);
  while (stack.length > 0) {
    const item = stack.pop()!;
    const at = pad(item.depth);
    if ("line" in item) {
      out.push(at + item.line);
      continue;
    }
    const s = item.stmt;
    switch (s.kind) {
      case "assign":
        for (const d of s.defs) out.push(at + p.write(d, p.value(s.uses)));
        break;
      case "break":
      case "continue":
        out.push(`${at}${s.kind};`);
        break;
      case "return":
        out.push(`${at}return ${p.value(s.uses)};`);
        break;
      case "if":
        out.push(`${at}if (${p.condition(s.cond, ">")}) {`);
        stack.push({ line: "}", depth: item.depth });
        if (s.else.length > 0) {
          pushList(s.else, item.depth + 1);
          stack.push({ line: "} else {", depth: item.depth });
        }
        pushList(s.then, item.depth + 1);
        break;
      case "while":
        out.push(`${at}while (${p.condition(s.cond, "<")}) {`);
        stack.push({ line: "}", depth: item.depth });
        pushList(s.body, item.depth + 1);
        break;
      case "doWhile":
        out.push(`${at}do {`);
        stack.push({ line: `} while (${p.condition(s.cond, "!=")});`, depth: item.depth });
        pushList(s.body, item.depth + 1);
        break;
      case "switch":
        out.push(`${at}switch (${p.selector(s.cond)}) {`);
        pushSwitch(p, s, item.depth, stack, pushList);
        break;
    }
  }
  out.push(`  return ${program.vars.length === 0 ? "0" : program.vars.map((v) => p.read(v)).join(" + ")};`, "}");
  return out;
}

/** Pushes a switch's arms (labels chosen in text order) and its closing brace. */
function pushSwitch(
  p: Printer,
  s: SwitchStmt,
  depth: number,
  stack: Item[],
  pushList: (list: readonly Stmt[], depth: number) => void,
): void {
  const caseLines = s.cases.map((k) => Array.from({ length: k.labels }, () => `case ${p.label()}:`).join(" "));
  const defaultLine = s.default === null ? undefined : p.defaultLabel() ? `case ${p.label()}: default:` : "default:";
  stack.push({ line: "}", depth });
  if (s.default !== null) {
    pushList(s.default, depth + 2);
    stack.push({ line: defaultLine!, depth: depth + 1 });
  }
  for (let k = s.cases.length - 1; k >= 0; k--) {
    pushList(s.cases[k].body, depth + 2);
    stack.push({ line: caseLines[k], depth: depth + 1 });
  }
}
