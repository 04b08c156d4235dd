/**
 * What a function's comparison takes from the rest of its module (adapters/llvm/module_context.ts):
 * whether opt leaves it alone (`optnone`, in its header or its attribute groups), and which
 * metadata node of the after version is which node of the before version, opt having numbered
 * them anew. The correspondence is held to its definition on random metadata graphs: two
 * references correspond iff some bijection between the nodes they reach maps one to the other and
 * keeps every node's kind, text and references in order (enumerated by brute force).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AttributeGroups, MetadataCorrespondence, metadataRefs, ModuleContext, NumberedTypes } from "../../adapters/llvm/module_context.js";
import { headerAttributes, parseModule } from "../../adapters/llvm/read.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/llvm/", import.meta.url));
const fixture = (f: string) => readFileSync(join(FIXTURES, f), "utf8");

describe("optnone", () => {
  it("the header's attribute groups and its own optnone, outside strings and brackets", () => {
    const at = (h: string) => headerAttributes(h, h.indexOf(")") + 1);
    expect(at("define i32 @f(i32 %x) #0")).toEqual({ groups: [0], optnone: false });
    expect(at("define i32 @f(i32 %x) local_unnamed_addr #12 #3 optnone noinline")).toEqual({ groups: [12, 3], optnone: true });
    expect(at('define void @f() section "optnone #4" #1')).toEqual({ groups: [1], optnone: false });
    expect(at("define void @f() personality i8* bitcast (i32 (...)* @__gxx_personality_v0 to i8*) #2")).toEqual({ groups: [2], optnone: false });
    expect(at("define void @f() optnonex")).toEqual({ groups: [], optnone: false });
  });

  it("a function is optnone by its header or by a group that says it as a word", () => {
    const ir = `define void @a() #0 {\nentry:\n  ret void\n}\ndefine void @b() #1 {\nentry:\n  ret void\n}\ndefine void @c() optnone noinline #1 {\nentry:\n  ret void\n}
define void @d() #2 {\nentry:\n  ret void\n}
attributes #0 = { noinline nounwind optnone uwtable }
attributes #1 = { noinline nounwind "optnone"="x" "note"="optnone" }
attributes #2 = { optnone }
`;
    const ctx = new ModuleContext(ir);
    const m = parseModule(ir, "m.ll");
    expect(m.functions.map((f) => ctx.optnone(f))).toEqual([true, false, true, true]);
  });

  it("the optnone fixture: clang's attribute and #pragma clang optimize off, the third function promoted", () => {
    const ir = fixture("optnone.before.ll");
    const ctx = new ModuleContext(ir);
    expect(parseModule(ir, "optnone.before.ll").functions.map((f) => [f.name, ctx.optnone(f)])).toEqual([
      ["kept_in_memory", true],
      ["also_kept", true],
      ["promoted", false],
    ]);
  });
});

describe("metadata references", () => {
  it("split at `!N` outside strings and comments", () => {
    expect(metadataRefs('!{!12, !"a !3", i32 7}')).toEqual({ skeleton: '!{!#, !"a !3", i32 7}', refs: [12] });
    expect(metadataRefs("distinct !{!7, !8} ; !9")).toEqual({ skeleton: "distinct !{!#, !#}", refs: [7, 8] });
    expect(metadataRefs("!DIExpression()")).toEqual({ skeleton: "!DIExpression()", refs: [] });
    expect(metadataRefs("!DILocation(line: 3, scope: !40)")).toEqual({ skeleton: "!DILocation(line: 3, scope: !#)", refs: [40] });
  });

  it("the restrict_inline fixture: opt's new numbers paired with clang's, once and for all", () => {
    const b = new ModuleContext(fixture("restrict_inline.before.ll"));
    const a = new ModuleContext(fixture("restrict_inline.after.ll"));
    const c = new MetadataCorrespondence(b, a);
    // sum_twice's second inlined copy: !14 and !17 before, !13 and !16 after
    expect(c.same("!14", "!13")).toBe(true);
    expect(c.same("!17", "!16")).toBe(true);
    expect(c.partner(15)).toBe(14); // `!15 = distinct !{!15, !16, !"add_into: %out"}`
    expect(c.same("!6", "!6")).toBe(true);
    // a node has one partner: !14 is !13, so neither is anything else
    expect(c.same("!14", "!6")).toBe(false);
    expect(c.same("!21", "!13")).toBe(false);
    // the %out scope list is not the %in one, though both are one distinct scope of add_into
    expect(c.same("!21", "!22")).toBe(false);
    expect(c.partner(21)).toBeUndefined();
    expect(c.partner(22)).toBeUndefined(); // taken back with the failed comparison
    expect(c.same("!21", "!19")).toBe(true);
  });
});

describe("attribute groups and numbered types", () => {
  it("attribute groups: the after version's numbers read as the before version's, by what the groups say", () => {
    const b = new ModuleContext('attributes #0 = { noinline }\nattributes #1 = { nounwind }\nattributes #2 = { "x"="#1" }\n');
    const a = new ModuleContext('attributes #0 = { noinline }\nattributes #1 = { "x"="#1" }\nattributes #2 = { nounwind }\nattributes #3 = { cold }\n');
    const g = new AttributeGroups(b, a);
    expect(g.aligned).toBe(false);
    expect(g.translate('call void @f() #2, !dbg !3 ; "#2"')).toBe('call void @f() #1, !dbg !3 ; "#2"');
    expect(g.translate('call void @f() #1 ; "#1"')).toBe('call void @f() #2 ; "#1"');
    expect(g.translate("call void @f() #3")).toBe("call void @f() #1000000003");
    expect(new AttributeGroups(b, b).aligned).toBe(true);
  });

  it("numbered types: classes by structure over both versions, recursive types included", () => {
    const b = new ModuleContext("%0 = type { i32, i32 }\n%1 = type { i64, %1* }\n%2 = type { i8, %struct.S }\n%3 = type { i64, %3* } ; another list\n");
    const a = new ModuleContext("%0 = type { i64, %0* }\n%1 = type { i8, %struct.S }\n%2 = type { i32, i32 }\n");
    const t = new NumberedTypes(b, a);
    expect(t.aligned).toBe(false);
    const cb = (x: string) => t.canonical(x, "b");
    const ca = (x: string) => t.canonical(x, "a");
    expect(cb("%0")).toBe(ca("%2"));
    expect(cb("%1*")).toBe(ca("%0*"));
    // two list types of the same structure are one class: they load, store and index alike
    expect(cb("%3")).toBe(cb("%1"));
    expect(cb("%2")).toBe(ca("%1"));
    expect(cb("%0")).not.toBe(ca("%0"));
    // `%struct.S` and strings stand for themselves
    expect(cb('%struct.S "%0"')).toBe('%struct.S "%0"');
    expect(new NumberedTypes(a, a).aligned).toBe(true);
    expect(new NumberedTypes(b, b).aligned).toBe(false); // %1 and %3 share a class
    expect(new NumberedTypes(new ModuleContext(""), new ModuleContext("")).aligned).toBe(true);
  });
});

/**
 * A random metadata graph: node i is `distinct` or not, with a body of references and strings,
 * or a debug-information node of some kind (`!DILocation(line: a, scope: !3)`), whose content the
 * correspondence does not follow (debug information is paired by its kind alone).
 */
interface Graph {
  nodes: { distinct: boolean; items: ({ ref: number } | { str: string })[]; debug: string | null }[];
}

const graph = (n: number): fc.Arbitrary<Graph> =>
  fc.record({
    nodes: fc.array(
      fc.record({
        // mostly uniqued nodes alike, so that distinct nodes of equal shape and shared references are common
      distinct: fc.boolean(),
        items: fc.array(fc.oneof(fc.nat({ max: n - 1 }).map((ref) => ({ ref })), fc.constantFrom("a", "a", "a", "b").map((str) => ({ str }))), { maxLength: 3 }),
        debug: fc.constantFrom(null, null, null, "DILocation", "DILocation", "DISubprogram"),
      }),
      { minLength: n, maxLength: n },
    ),
  });

/** The module text of `g` with node i numbered `ids[i]`. */
function moduleOf(g: Graph, ids: number[]): string {
  const lines = g.nodes.map((node, i) => {
    if (node.debug !== null) {
      const fields = node.items.map((x) => ("ref" in x ? `scope: !${ids[x.ref]}` : `name: "${x.str}"`)).join(", ");
      return `!${ids[i]} = ${node.distinct ? "distinct " : ""}!${node.debug}(${fields})`;
    }
    const body = node.items.map((x) => ("ref" in x ? `!${ids[x.ref]}` : `!"${x.str}"`)).join(", ");
    return `!${ids[i]} = ${node.distinct ? "distinct " : ""}!{${body}}`;
  });
  return `define void @f() {\nentry:\n  ret void\n}\n\n${lines.reverse().join("\n")}\n`;
}

/** Nodes reachable from `x` (x included), not through debug-information nodes. */
function reach(g: Graph, x: number): number[] {
  const seen = new Set([x]);
  const stack = [x];
  while (stack.length > 0) {
    const u = stack.pop()!;
    if (g.nodes[u].debug !== null) continue;
    for (const it of g.nodes[u].items)
      if ("ref" in it && !seen.has(it.ref)) {
        seen.add(it.ref);
        stack.push(it.ref);
      }
  }
  return [...seen];
}

function permutations(xs: number[]): number[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
}

/**
 * The definition, by brute force: a bijection from reach(x) onto reach(y), x to y, keeping kinds,
 * texts and references; debug-information nodes onto ones of the same kind (their content aside).
 */
function isomorphic(g: Graph, x: number, y: number): boolean {
  const rx = reach(g, x);
  const ry = reach(g, y);
  if (rx.length !== ry.length) return false;
  return permutations(ry).some((image) => {
    const sigma = new Map(rx.map((u, k) => [u, image[k]]));
    if (sigma.get(x) !== y) return false;
    return rx.every((u) => {
      const a = g.nodes[u];
      const b = g.nodes[sigma.get(u)!];
      if (a.debug !== null || b.debug !== null) return a.debug === b.debug && a.distinct === b.distinct;
      return (
        a.distinct === b.distinct &&
        a.items.length === b.items.length &&
        a.items.every((it, k) => {
          const jt = b.items[k];
          return "ref" in it ? "ref" in jt && sigma.get(it.ref) === jt.ref : "str" in jt && jt.str === it.str;
        })
      );
    });
  });
}

describe("MetadataCorrespondence against its definition (random graphs of at most 5 nodes, renumbered at random)", () => {
  const instance = fc.integer({ min: 1, max: 5 }).chain((n) =>
    fc.record({
      g: graph(n),
      // the after version's numbers: a permutation of 0..n-1, shifted as opt's gaps would shift them
      ids: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
      shift: fc.nat({ max: 20 }),
      x: fc.nat({ max: n - 1 }),
      y: fc.nat({ max: n - 1 }),
    }),
  );

  it("`!x` corresponds to `!y` renumbered iff x's and y's graphs are isomorphic, x to y (both directions)", () => {
    fc.assert(
      fc.property(instance, ({ g, ids, shift, x, y }) => {
        const before = new ModuleContext(moduleOf(g, g.nodes.map((_, i) => i)));
        const after = new ModuleContext(moduleOf(g, ids.map((i) => i + shift)));
        const c = new MetadataCorrespondence(before, after);
        expect(c.same(`!${x}`, `!${ids[y] + shift}`)).toBe(isomorphic(g, x, y));
      }),
      { numRuns: 2000 },
    );
  });

  it("a consistent renumbering: every node corresponds to its own new number, in one correspondence", () => {
    fc.assert(
      fc.property(instance, ({ g, ids, shift }) => {
        const before = new ModuleContext(moduleOf(g, g.nodes.map((_, i) => i)));
        const after = new ModuleContext(moduleOf(g, ids.map((i) => i + shift)));
        const c = new MetadataCorrespondence(before, after);
        for (let i = 0; i < g.nodes.length; i++) expect(c.same(`!${i}`, `!${ids[i] + shift}`)).toBe(true);
        // and inline nodes with references
        expect(c.same(`!{!0, !"a"}`, `!{!${ids[0] + shift}, !"a"}`)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe("ModuleContext.metadata: definitions by number", () => {
  it("dense numbers, numbers far beyond the count, and a range of functions skipped", () => {
    const fn = "define void @f() {\nentry:\n  ret void\n}\n";
    const text = `${fn}!0 = !{}\n!7 = distinct !{!7, !0}\n!3000000 = !{!"far", !0}\n!llvm.ident = !{!0}\n`;
    const m = new ModuleContext(text);
    expect(m.metadata(0)).toEqual({ distinct: false, body: "!{}" });
    expect(m.metadata(7)).toEqual({ distinct: true, body: "!{!7, !0}" });
    expect(m.metadata(3000000)).toEqual({ distinct: false, body: '!{!"far", !0}' });
    expect([1, 8, 2999999, 3000001].map((id) => m.metadata(id))).toEqual([undefined, undefined, undefined, undefined]);
    // a line inside the skipped range reads as nothing, one after it as before
    const inside = `define void @g() {\n!9 = !{}\n}\n!9 = !{!"outside"}\n`;
    expect(new ModuleContext(inside, { from: 0, to: inside.indexOf("\n}") + 2 }).metadata(9)).toEqual({ distinct: false, body: '!{!"outside"}' });
    expect(new ModuleContext(inside).metadata(9)).toEqual({ distinct: false, body: '!{!"outside"}' });
    const onlyInside = `define void @g() {\n!9 = !{}\n}\n`;
    expect(new ModuleContext(onlyInside, { from: 0, to: onlyInside.length }).metadata(9)).toBeUndefined();
    expect(new ModuleContext(onlyInside).metadata(9)).toEqual({ distinct: false, body: "!{}" });
  });
});
