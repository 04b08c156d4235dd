/**
 * The fuzz target `react-compiler` (adapters/react-compiler/fuzz.ts), its printer:
 * - the printer on hand-made cases: one module, a top-level `function f<k>(p0, p1)` per case,
 *   which Babel parses, with the shape of the case read back from the parsed text (loops, ifs,
 *   switch labels, jumps), and the plainest printing (style 0) exactly as written here;
 * - every style keeps the control flow of its case, and the styles reach every JavaScript feature
 *   the printer offers (labels, `for`, `for...of`, `try`/`catch`, closures, destructuring, `const`,
 *   conditions the compiler can fold);
 * (react_campaign.test.ts runs campaigns through the compiler, react_broken.test.ts breaks it.)
 */
import { describe, expect, it } from "vitest";
import type { FuzzCase } from "../../../adapters/fuzz_target.js";
import { printReactBatch, reactFuzzTarget } from "../../../adapters/react-compiler/fuzz.js";
import { parseProgram } from "../../../fuzz/arbitraries/program_text.js";
import { lowerProgram, type Program, type Stmt } from "../../../fuzz/arbitraries/structured.js";
import { caseArbitrary, caseSeed, generateCase } from "../../../api/campaign/producers.js";
import { loadCompiler } from "../../../api/react_compiler.js";

const SEED = Number(process.env.FC_SEED ?? 20161017);

/** Babel's parser, with no plugin: what the compiler's Babel call reads. */
const { babel } = await loadCompiler();
const parse = (text: string): { program: { body: unknown[] } } =>
  (babel.transformSync(text, { babelrc: false, configFile: false, sourceType: "script", ast: true, code: false }) as { ast: { program: { body: unknown[] } } }).ast;

const caseOf = (text: string, uninitialised: string[] = [], style = 0): Extract<FuzzCase, { kind: "program" }> => {
  const program = parseProgram(text, { vars: ["a", "b", "c"] });
  return { kind: "program", program, cfg: lowerProgram(program), uninitialised, style };
};

/** Every AST node of a parsed text (an explicit stack over the tree), by type. */
function nodes(text: string): Array<{ type: string; [k: string]: unknown }> {
  const ast = parse(text);
  const out: Array<{ type: string; [k: string]: unknown }> = [];
  const stack: unknown[] = [ast];
  while (stack.length > 0) {
    const x = stack.pop();
    if (Array.isArray(x)) stack.push(...x);
    else if (x !== null && typeof x === "object") {
      const n = x as { type?: unknown };
      if (typeof n.type === "string" && !["CommentLine", "CommentBlock"].includes(n.type)) out.push(n as { type: string });
      for (const [k, v] of Object.entries(x)) if (k !== "loc" && k !== "leadingComments" && k !== "trailingComments" && k !== "innerComments") stack.push(v);
    }
  }
  return out;
}

const count = (ns: ReadonlyArray<{ type: string }>, ...types: string[]) => ns.filter((n) => types.includes(n.type)).length;

/** The control flow of a program, counted on the program (not the printer): what every printing must show. */
function shapeOf(p: Program): Record<string, number> {
  const shape = { loops: 0, doWhiles: 0, ifs: 0, switches: 0, arms: 0, breaks: 0, continues: 0, returns: 0 };
  const stack: (readonly Stmt[])[] = [p.body];
  while (stack.length > 0)
    for (const s of stack.pop()!) {
      if (s.kind === "while" || s.kind === "doWhile") {
        shape.loops++;
        if (s.kind === "doWhile") shape.doWhiles++;
        stack.push(s.body);
      } else if (s.kind === "if") {
        shape.ifs++;
        stack.push(s.then, s.else);
      } else if (s.kind === "switch") {
        shape.switches++;
        shape.arms += s.cases.reduce((n, c) => n + c.labels, 0) + (s.default !== null ? 1 : 0);
        for (const c of s.cases) stack.push(c.body);
        if (s.default !== null) stack.push(s.default);
      } else if (s.kind === "break") shape.breaks++;
      else if (s.kind === "continue") shape.continues++;
      else if (s.kind === "return") shape.returns++;
    }
  return shape;
}

/** The same counts on a printed function: the final `return [...]` of every variable (a style) is not the case's. */
function shapeOfText(text: string): Record<string, number> {
  const ns = nodes(text);
  const fn = ns.find((n) => n.type === "FunctionDeclaration") as unknown as { body: { body: Array<{ type: string; argument?: { type: string } }> } };
  const last = fn.body.body.at(-1);
  const added = last?.type === "ReturnStatement" && last.argument?.type === "ArrayExpression" ? 1 : 0;
  return {
    loops: count(ns, "WhileStatement", "DoWhileStatement", "ForStatement", "ForOfStatement"),
    doWhiles: count(ns, "DoWhileStatement"),
    ifs: count(ns, "IfStatement"),
    switches: count(ns, "SwitchStatement"),
    arms: count(ns, "SwitchCase"),
    breaks: count(ns, "BreakStatement"),
    continues: count(ns, "ContinueStatement"),
    returns: count(ns, "ReturnStatement") - added,
  };
}

const HAND_MADE = `
a := f(b)
while (a, c) {
  if (b) { break } else { c := f() }
  a := f(a)
}
do {
  switch (c) {
    case 1: case 2: b := f(c); break
    case 3: continue
    default: a, b := f(b)
  }
} while ()
return a
`;

describe("the printer", () => {
  it("a batch is one module with a top-level function f<k>(p0, p1) per case, named as the validator names them", () => {
    const cases = [caseOf(HAND_MADE, ["c"]), caseOf("a := f(a)"), caseOf("if (a) { b := f(a) }", [], 7)];
    const printed = printReactBatch(cases);
    expect(Object.keys(printed.files)).toEqual(["case.js"]);
    expect(printed.functionNames).toEqual(["f0", "f1", "f2"]);
    const top = (parse(printed.files["case.js"]).program.body as Array<{ type: string; id?: { name: string }; params?: Array<{ name: string }> }>).filter(
      (s) => s.type === "FunctionDeclaration",
    );
    expect(top.map((f) => [f.id!.name, f.params!.map((p) => p.name)])).toEqual([
      ["f0", ["p0", "p1"]],
      ["f1", ["p0", "p1"]],
      ["f2", ["p0", "p1"]],
    ]);
    expect(reactFuzzTarget).toMatchObject({ name: "react-compiler", adapter: "react-compiler", shapes: "structured", runner: { kind: "in-process" }, caseFile: "case.js" });
  });

  it("style 0 prints the plainest JavaScript: let from the parameters, let x; for the uninitialised, every read through g", () => {
    const text = printReactBatch([caseOf(HAND_MADE, ["c"])]).files["case.js"];
    expect(text.split("\n").slice(1).join("\n")).toBe(
      [
        "function f0(p0, p1) {",
        "  let a = p0;",
        "  let b = p1;",
        "  let c;",
        "  a = g(b);",
        "  while (g(a, c)) {",
        "    if (g(b)) {",
        "      break;",
        "    } else {",
        "      c = g();",
        "    }",
        "    a = g(a);",
        "  }",
        "  do {",
        "    switch (g(c)) {",
        "      case 1:",
        "      case 2:",
        "        b = g(c);",
        "        break;",
        "      case 3:",
        "        continue;",
        "      default:",
        "        [a, b] = g(b);",
        "    }",
        "  } while (g());",
        "  return g(a);",
        "}",
        "",
      ].join("\n"),
    );
    // read back from the text: two loops (one do-while), one if, three case labels and a default, two breaks, a continue, a return
    expect(shapeOfText(text)).toEqual({ loops: 2, doWhiles: 1, ifs: 1, switches: 1, arms: 4, breaks: 2, continues: 1, returns: 1 });
    expect(shapeOfText(text)).toEqual(shapeOf(caseOf(HAND_MADE).program));
  });

  it("a variable named like the printer's own names or a JavaScript keyword is renamed, so nothing is shadowed", () => {
    const program = parseProgram("g := f(v)\nin := f(g, in)\nreturn in", { vars: ["g", "v", "in"] });
    const text = printReactBatch([{ kind: "program", program, cfg: lowerProgram(program), uninitialised: [], style: 0 }]).files["case.js"];
    expect(text).toContain("  g_ = g(v_);\n  in_ = g(g_, in_);\n  return g(in_);\n");
    expect(nodes(text).filter((n) => n.type === "CallExpression").map((n) => (n.callee as { name: string }).name)).toEqual(["g", "g", "g"]);
  });

  it("every style keeps the case's control flow, and the styles reach every feature the printer offers", () => {
    const arb = caseArbitrary(reactFuzzTarget, 12);
    const base = [caseOf(HAND_MADE, ["c"]), ...Array.from({ length: 4 }, (_, i) => generateCase(arb, caseSeed(SEED, i)))] as Array<Extract<FuzzCase, { kind: "program" }>>;
    const seen = new Set<string>();
    for (const c of base)
      for (let style = 0; style < 100; style++) {
        const text = printReactBatch([{ ...c, style }]).files["case.js"];
        expect(shapeOfText(text), `style ${style}:\n${text}`).toEqual(shapeOf(c.program));
        const ns = nodes(text);
        if (count(ns, "LabeledStatement") > 0) seen.add("label");
        if (ns.some((n) => (n.type === "BreakStatement" || n.type === "ContinueStatement") && n.label !== null)) seen.add("labelled jump");
        if (count(ns, "ForStatement") > 0) seen.add("for");
        if (count(ns, "ForOfStatement") > 0) seen.add("for-of");
        if (ns.some((n) => n.type === "TryStatement" && (n.handler as { param: unknown }).param !== null)) seen.add("try/catch (e)");
        if (ns.some((n) => n.type === "TryStatement" && (n.handler as { param: unknown }).param === null)) seen.add("try/catch");
        if (ns.some((n) => n.type === "ArrowFunctionExpression" && (n.body as { type: string }).type === "BlockStatement")) seen.add("writing closure");
        if (ns.some((n) => n.type === "ArrowFunctionExpression" && (n.body as { type: string }).type === "Identifier")) seen.add("reading closure");
        if (ns.some((n) => n.type === "AssignmentExpression" && (n.left as { type: string }).type === "ObjectPattern")) seen.add("object destructuring");
        if (ns.some((n) => n.type === "AssignmentExpression" && (n.left as { type: string }).type === "ArrayPattern" && (n.right as { type: string }).type === "ArrayExpression")) seen.add("array destructuring of an array");
        if (ns.some((n) => n.type === "VariableDeclaration" && n.kind === "const" && !(n.declarations as Array<{ id: { name: string } }>)[0].id.name.includes("_"))) seen.add("const");
        if (ns.some((n) => ["IfStatement", "WhileStatement", "DoWhileStatement"].includes(n.type) && ["BooleanLiteral"].includes((n.test as { type: string }).type))) seen.add("literal condition");
        if (ns.some((n) => ["IfStatement", "WhileStatement", "DoWhileStatement", "ForStatement"].includes(n.type) && (n.test as { type: string; name?: string } | null)?.name === "K")) seen.add("constant condition");
      }
    expect([...seen].sort()).toEqual(
      [
        "label",
        "labelled jump",
        "for",
        "for-of",
        "try/catch (e)",
        "try/catch",
        "writing closure",
        "reading closure",
        "object destructuring",
        "array destructuring of an array",
        "const",
        "literal condition",
        "constant condition",
      ].sort(),
    );
  });
});
