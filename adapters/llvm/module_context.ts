/**
 * What the comparison of one function needs from the rest of its module. LLVM prints all of it
 * after the last function, so a function read on its own (stream.ts) does not see it:
 *
 * - Attribute groups (`attributes #0 = { noinline nounwind optnone ... }`). opt runs no
 *   optimisation on an `optnone` function, mem2reg included: the pass manager skips every pass
 *   that is not required (`OptNoneInstrumentation` in LLVM 14 to 16; the legacy pass's
 *   `skipFunction`). clang gives `optnone` at -O0 unless told `-disable-O0-optnone`, and always
 *   under `__attribute__((optnone))` and `#pragma clang optimize off` (tree-sitter's generated
 *   parsers say it for their lexers).
 * - Attribute groups again, as call sites name them (`AttributeGroups` below).
 * - Numbered metadata (`!12 = distinct !{!12, !10, !"f: %p"}`). A call's metadata argument
 *   (`call void @llvm.experimental.noalias.scope.decl(metadata !12)`, which inlining a function
 *   with `restrict` parameters leaves) names a node by its number, and LLVM numbers the nodes
 *   anew each time it prints a module, in the order it meets them. mem2reg deletes promoted loads
 *   and stores with their attachments (`!alias.scope !14, !noalias !15`), so nodes that only
 *   those named are gone after it and the others move up: `!12` before may be `!11` after.
 * - Numbered types (`%0 = type { i32, i32 }`), numbered in the order LLVM meets them as it prints
 *   (`NumberedTypes` below).
 */
import type { LlvmFunction } from "./ir.js";

/** A numbered metadata node's definition: `distinct` or not, and its body (`!{...}`, `!DILocation(...)`). */
export interface MetadataNode {
  distinct: boolean;
  body: string;
}

/** The module-level facts of one module text (a whole module, or what stands outside a share's functions). */
export class ModuleContext {
  private groups: Map<number, string> | undefined;
  private types: Map<number, string> | undefined;
  private optnoneGroups: Set<number> | undefined;
  private metadataLines: MetadataLines | undefined;

  /**
   * `skip`: a range of `text` that holds only functions (from the first `define` to the last
   * function's closing brace), whose lines are not read: the module-wide facts stand outside it.
   */
  constructor(
    private readonly text: string,
    private readonly skip?: TextRange,
  ) {}

  /** Whether opt leaves `fn` alone: `optnone` in its header or in an attribute group it names. */
  optnone(fn: LlvmFunction): boolean {
    if (fn.optnone) return true;
    if (fn.attributeGroups.length === 0) return false;
    this.optnoneGroups ??= optnoneGroups(this.attributeGroups());
    return fn.attributeGroups.some((g) => this.optnoneGroups!.has(g));
  }

  /** `%N = type ...`: N -> the text after `type`, trimmed (`{ i32, %1* }`, `opaque`). */
  numberedTypes(): Map<number, string> {
    if (this.types === undefined) {
      this.types = new Map();
      for (const at of topLevelLines(this.text, "%", this.skip)) {
        const eol = this.text.indexOf("\n", at);
        const line = this.text.slice(at, eol < 0 ? this.text.length : eol);
        const m = /^%(\d+)\s*=\s*type\s+/.exec(line);
        if (m !== null) this.types.set(Number(m[1]), stripComment(line.slice(m[0].length)));
      }
    }
    return this.types;
  }

  /** `attributes #N = { ... }`: N -> the text after `=`, trimmed. */
  attributeGroups(): Map<number, string> {
    if (this.groups === undefined) {
      this.groups = new Map();
      for (const at of topLevelLines(this.text, "attributes #", this.skip)) {
        const eol = this.text.indexOf("\n", at);
        const line = this.text.slice(at, eol < 0 ? this.text.length : eol);
        const m = /^attributes #(\d+)\s*=\s*/.exec(line);
        if (m !== null) this.groups.set(Number(m[1]), line.slice(m[0].length).trimEnd());
      }
    }
    return this.groups;
  }

  /** The definition of `!id`, or undefined where the module has none. */
  metadata(id: number): MetadataNode | undefined {
    this.metadataLines ??= metadataLines(this.text, this.skip);
    const at = this.metadataLines.get(id);
    if (at === undefined) return undefined;
    const eol = this.text.indexOf("\n", at);
    const line = this.text.slice(at, eol < 0 ? this.text.length : eol);
    let body = line.slice(line.indexOf("=") + 1).trim();
    const distinct = body.startsWith("distinct ");
    if (distinct) body = body.slice("distinct ".length).trimStart();
    return { distinct, body };
  }
}

/** A range of a text: `[from, to)`. */
export interface TextRange {
  from: number;
  to: number;
}

/** Top-level lines starting with `prefix`: their offsets (none starting inside `skip`). */
function* topLevelLines(text: string, prefix: string, skip?: TextRange): Generator<number> {
  if (text.startsWith(prefix) && (skip === undefined || skip.from > 0)) yield 0;
  const needle = `\n${prefix}`;
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
    if (skip !== undefined && i + 1 >= skip.from && i + 1 < skip.to) {
      i = skip.to - 2; // the next search starts at skip.to - 1, where a line break may end the range
      continue;
    }
    yield i + 1;
  }
}

/** The groups that say `optnone` (as a word, not inside a string). */
function optnoneGroups(groups: Map<number, string>): Set<number> {
  const out = new Set<number>();
  for (const [id, body] of groups) {
    const unquoted = body.replace(/"(?:[^"\\]|\\.)*"/g, '""');
    if (/(^|[^-\w.$])optnone(?![-\w.$])/.test(unquoted)) out.add(id);
  }
  return out;
}

/** Added to an after group's number that the before version lacks: no before group is numbered so. */
const UNMATCHED = 1_000_000_000;

/**
 * Something the two versions number as they print (attribute groups, unnamed types), decided
 * once: whether they number it alike, so that texts compare as they are (`aligned`).
 */
abstract class NumberedAlike {
  private same: boolean | undefined;

  constructor(
    protected readonly before: ModuleContext,
    protected readonly after: ModuleContext,
  ) {}

  get aligned(): boolean {
    return (this.same ??= this.decideAligned());
  }

  protected abstract decideAligned(): boolean;
}

/**
 * Attribute groups of the two versions. A call site names its attributes by group
 * (`call void @f(i64 %x) #13`), and LLVM numbers the groups anew whenever it prints a module, in
 * the order it meets them: once mem2reg has deleted the calls (lifetime markers of promoted
 * allocas) that met one group first, `#14` before may be `#13` after. LLVM keeps one group per
 * distinct attribute set, so a group is its text: `#N` before and `#M` after are the same
 * attributes iff their definitions read the same.
 */
export class AttributeGroups extends NumberedAlike {
  private toBefore: Map<number, number> | undefined;

  /** Whether every group of the after version has its number of the before version: texts compare as they are. */
  protected decideAligned(): boolean {
    const b = this.before.attributeGroups();
    return [...this.after.attributeGroups()].every(([id, body]) => b.get(id) === body);
  }

  /** An after text with each group named by its before number (a number no group has, where the before version has no such group). */
  translate(text: string): string {
    if (this.toBefore === undefined) {
      const byBody = new Map<string, number>();
      for (const [id, body] of this.before.attributeGroups()) byBody.set(body, id);
      this.toBefore = new Map();
      for (const [id, body] of this.after.attributeGroups()) {
        const b = byBody.get(body);
        if (b !== undefined) this.toBefore.set(id, b);
      }
    }
    if (!text.includes("#")) return text;
    // outside strings only (LLVM escapes a quote inside one as \22)
    return text
      .split('"')
      .map((part, k) => (k % 2 === 1 ? part : part.replace(/#(\d+)/g, (_, m: string) => `#${this.toBefore!.get(Number(m)) ?? UNMATCHED + Number(m)}`)))
      .join('"');
  }
}

/** `!N = ...` lines: N -> offset. */
function metadataLines(text: string, skip?: TextRange): MetadataLines {
  const out = new MetadataLines();
  for (const at of topLevelLines(text, "!", skip)) {
    let j = at + 1;
    let id = 0;
    for (let c = text.charCodeAt(j); c >= 48 && c <= 57; c = text.charCodeAt(++j)) id = id * 10 + (c - 48);
    if (j === at + 1) continue; // named metadata (`!llvm.ident = ...`)
    out.set(id, at);
  }
  return out;
}

/**
 * Node number -> offset of its definition. Printers number nodes densely from 0, so a module
 * with -g (a quarter of a million nodes) keeps them in one typed array, not a map; numbers far
 * beyond the count (hand-written IR) go to a map.
 */
class MetadataLines {
  private dense = new Int32Array(1024).fill(-1);
  private count = 0;
  private readonly sparse = new Map<number, number>();

  set(id: number, at: number): void {
    this.count++;
    if (id >= this.dense.length && id < 4 * (this.count + 1024)) {
      let n = this.dense.length;
      while (n <= id) n *= 2;
      const grown = new Int32Array(n).fill(-1);
      grown.set(this.dense);
      this.dense = grown;
    }
    if (id < this.dense.length) this.dense[id] = at;
    else this.sparse.set(id, at);
  }

  get(id: number): number | undefined {
    if (id >= 0 && id < this.dense.length) {
      const at = this.dense[id];
      return at < 0 ? this.sparse.get(id) : at;
    }
    return this.sparse.get(id);
  }
}

/**
 * Metadata text split at its node references: the text with each `!N` (outside strings and
 * comments) as `!#`, and the Ns in order. `!{!12, !"a"}` -> `!{!#, !"a"}`, [12].
 */
export function metadataRefs(text: string): { skeleton: string; refs: number[] } {
  const refs: number[] = [];
  let skeleton = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const close = text.indexOf('"', i + 1);
      if (close < 0) break;
      i = close;
    } else if (c === 59 /* ; */) {
      skeleton += text.slice(from, i);
      from = text.length;
      break;
    } else if (c === 33 /* ! */) {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
      if (j === i + 1) continue;
      skeleton += text.slice(from, i) + "!#";
      refs.push(Number(text.slice(i + 1, j)));
      from = j;
      i = j - 1;
    }
  }
  skeleton += text.slice(from);
  return { skeleton: skeleton.trimEnd(), refs };
}

/**
 * Which numbered metadata nodes of the two versions are the same node. Two metadata arguments
 * correspond iff they are equal with each node reference replaced by its partner, where the
 * partners form a one-to-one correspondence of the nodes, consistent across every argument
 * compared, between nodes of the same kind (`distinct` or not) whose definitions correspond in the
 * same way. Each reference pair forces its definitions' pairs, so there is nothing to choose: a
 * comparison that fails forces a conflict, and the pairs it had added are taken back. A node of
 * debug information (`!DILocation(...)`) pairs with one of the same kind whatever it says.
 */
export class MetadataCorrespondence {
  private readonly fwd = new Map<number, number>();
  private readonly bwd = new Map<number, number>();

  constructor(
    private readonly before: ModuleContext,
    private readonly after: ModuleContext,
  ) {}

  /** Whether metadata argument `tb` (before) and `ta` (after) correspond; records the pairs they force. */
  same(tb: string, ta: string): boolean {
    const trail: number[] = [];
    const work: number[] = [];
    const ok = this.match(tb, ta, work) && this.close(work, trail);
    if (!ok)
      for (const x of trail) {
        this.bwd.delete(this.fwd.get(x)!);
        this.fwd.delete(x);
      }
    return ok;
  }

  /** The partner of `!x` of the before version so far, if any. */
  partner(x: number): number | undefined {
    return this.fwd.get(x);
  }

  /** Skeletons equal; the reference pairs pushed onto `work` (before, after, ...). */
  private match(tb: string, ta: string, work: number[]): boolean {
    const b = metadataRefs(tb);
    const a = metadataRefs(ta);
    if (b.skeleton !== a.skeleton || b.refs.length !== a.refs.length) return false;
    for (let k = 0; k < b.refs.length; k++) work.push(b.refs[k], a.refs[k]);
    return true;
  }

  private close(work: number[], trail: number[]): boolean {
    while (work.length > 0) {
      const y = work.pop()!;
      const x = work.pop()!;
      const had = this.fwd.get(x);
      if (had !== undefined) {
        if (had !== y) return false;
        continue;
      }
      if (this.bwd.has(y)) return false;
      this.fwd.set(x, y);
      this.bwd.set(y, x);
      trail.push(x);
      const dx = this.before.metadata(x);
      const dy = this.after.metadata(y);
      if (dx === undefined || dy === undefined || dx.distinct !== dy.distinct) return false;
      // debug information (`!DILocation(...)`, `!DISubprogram(...)`) met inside what is compared
      // (a loop's `!llvm.loop` names its source locations) is paired by its kind alone: its
      // content says nothing of what the program computes, and following it would walk the
      // whole debug graph, which opt prints anew (SQLite with -g: 252,564 nodes before, 189,389 after)
      const kx = debugKind(dx.body);
      if (kx !== undefined || debugKind(dy.body) !== undefined) {
        if (kx !== debugKind(dy.body)) return false;
        continue;
      }
      if (!this.match(dx.body, dy.body, work)) return false;
    }
    return true;
  }
}

/** The kind of a specialized debug-information node (`DILocation` of `!DILocation(line: 3, ...)`), else undefined. */
export function debugKind(body: string): string | undefined {
  if (!body.startsWith("!DI")) return undefined;
  const open = body.indexOf("(");
  return open < 0 ? undefined : body.slice(1, open);
}

/** `text` up to a comment (`;` outside strings), trimmed. */
function stripComment(text: string): string {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (c === 59 && !quoted) return text.slice(0, i).trim();
  }
  return text.trim();
}

/** Each `%N` outside strings in `text` (a type, or a skeleton whose values are holes), replaced. */
function replaceNumbered(text: string, f: (n: number) => string): string {
  if (!text.includes("%")) return text;
  return text
    .split('"')
    .map((part, k) => (k % 2 === 1 ? part : part.replace(/%(\d+)\b/g, (_, n: string) => f(Number(n)))))
    .join('"');
}

/**
 * Numbered types of the two versions (`%0 = type { i32, %1* }`). LLVM numbers the unnamed
 * identified types in the order it meets them as it prints, so once mem2reg has deleted the only
 * instructions that met one early (a promoted alloca of that type, its loads and stores), the
 * others move: `%1` before may be `%0` after. An identified type has no name to follow, so types
 * are taken for what they are: two types are the same when their definitions read the same with
 * each numbered type inside replaced by what it is, recursively (the coarsest such partition,
 * by refinement, over both versions at once; named types stand for themselves). Types of equal
 * structure load, store and index alike, so an instruction means the same with either.
 * `canonical` writes a type, or a skeleton, with each numbered type replaced by its class.
 */
export class NumberedTypes extends NumberedAlike {
  private classB: Map<number, number> | undefined;
  private classA: Map<number, number> | undefined;

  /** Whether both versions number the same types alike (or have none): texts compare as they are. */
  protected decideAligned(): boolean {
    const b = this.before.numberedTypes();
    const a = this.after.numberedTypes();
    if (b.size === 0 && a.size === 0) return true;
    this.partition();
    const counts = new Map<number, number>();
    for (const c of this.classB!.values()) counts.set(c, (counts.get(c) ?? 0) + 1);
    return b.size === a.size && [...b.keys()].every((n) => this.classA!.get(n) === this.classB!.get(n) && counts.get(this.classB!.get(n)!) === 1);
  }

  /** `text` of the before (`side` "b") or after version with each numbered type written as its class. */
  canonical(text: string, side: "b" | "a"): string {
    this.partition();
    const classes = side === "b" ? this.classB! : this.classA!;
    return replaceNumbered(text, (n) => {
      const c = classes.get(n);
      return c === undefined ? `%${n}` : `%#${c}`;
    });
  }

  private partition(): void {
    if (this.classB !== undefined) return;
    const sides = [this.before.numberedTypes(), this.after.numberedTypes()].map((types) =>
      [...types].map(([id, body]) => {
        const refs: number[] = [];
        const skeleton = replaceNumbered(body, (n) => {
          refs.push(n);
          return "%#";
        });
        return { id, skeleton, refs };
      }),
    );
    // classes of the current round, by key: shared by both versions so that their numbers compare
    let classOf = sides.map((types) => new Map(types.map((t) => [t.id, -1])));
    let count = -1;
    for (;;) {
      const keys = new Map<string, number>();
      const next = sides.map((types, v) => {
        const m = new Map<number, number>();
        for (const t of types) {
          const key = `${t.skeleton}|${t.refs.map((r) => classOf[v].get(r) ?? `?${r}`).join(",")}`;
          let c = keys.get(key);
          if (c === undefined) keys.set(key, (c = keys.size));
          m.set(t.id, c);
        }
        return m;
      });
      classOf = next;
      // a round that splits no class is the last
      if (keys.size === count) break;
      count = keys.size;
    }
    [this.classB, this.classA] = classOf;
  }
}
