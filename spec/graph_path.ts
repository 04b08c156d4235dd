/**
 * Theory Graph_path (AFP Formal_SSA), literal and executable.
 *
 * The locales are parametrised by a graph handle `g`; here one object is one graph, so the
 * handle is dropped: `predecessors g n` becomes `predecessors(g, n)`. `invar g` is always true
 * for an in-memory graph (`invar = const True`, as in Generic_Interpretation).
 *
 * Definitions that quantify over all paths take a `bound`: the longest path (in nodes) that is
 * enumerated. They are the oracles the exact checkers are tested against, written to be
 * obviously correct, not fast. Each says which bound makes it exact.
 *
 * @theory Graph_path
 */
import type { Node } from "./ids.js";

/**
 * locale graph_path_base + graph_Entry_base, for one graph.
 *
 * ```
 * fixes alpha_e :: 'g => ('node * 'edgeD * 'node) set
 *       alpha_n :: 'g => 'node list
 *       invar   :: 'g => bool
 *       inEdges' :: 'g => 'node => ('node * 'edgeD) list
 *       Entry   :: 'g => 'node
 * ```
 * Here `alpha_n g = [0, 1, ..., nodeCount - 1]` and `inEdges' g n` is
 * `[(predecessors g n ! i, i). i <- [0..<length (predecessors g n)]]`: the edge data of an
 * in-edge is its index in the predecessor list, so two parallel edges are two distinct pairs,
 * as `graph_pred_it` asks, and the index is the phi argument position.
 *
 * @isabelle graph_path_base
 */
export interface graph_Entry_base {
  /** `length (alpha_n g)`; the nodes are `0 .. nodeCount - 1`. */
  readonly nodeCount: number;
  /** `Entry g`. */
  readonly Entry: Node;
  /** `predecessors g n = map getFrom (inEdges g n)`, in in-edge order (= phi argument order). */
  predecessors(n: Node): readonly Node[];
}

/** An edge `(from, data, to)`; `data` is the in-edge index of the edge at `to`. */
export type Edge = readonly [from: Node, data: number, to: Node];

/** `alpha_n g`: the node list. */
export function alpha_n(g: graph_Entry_base): Node[] {
  const out: Node[] = [];
  for (let n = 0; n < g.nodeCount; n++) out.push(n as Node);
  return out;
}

/** `n in set (alpha_n g)`. */
export function isNode(g: graph_Entry_base, n: number): n is Node {
  return Number.isInteger(n) && n >= 0 && n < g.nodeCount;
}

/** `inEdges g n = map (%(f,d). (f,d,n)) (inEdges' g n)`. */
export function inEdges(g: graph_Entry_base, n: Node): Edge[] {
  return g.predecessors(n).map((f, d) => [f, d, n] as const);
}

/** `getFrom = fst`: the source of an edge. */
export function getFrom(e: Edge): Node {
  return e[0];
}

/** `getData = fst o snd`: the data of an edge (here its in-edge index). */
export function getData(e: Edge): number {
  return e[1];
}

/** `getTo = snd o snd`: the target of an edge. */
export function getTo(e: Edge): Node {
  return e[2];
}

/** `pred G v = {(v', w). (v', w, v) in edges G}`, for `G = alpha g`. */
export function pred(g: graph_Entry_base, v: Node): [Node, number][] {
  return alpha_e(g)
    .filter((e) => getTo(e) === v)
    .map((e) => [getFrom(e), getData(e)]);
}

/** `alpha g = (| nodes = set (alpha_n g), edges = alpha_e g |)`. */
export function alpha(g: graph_Entry_base): { nodes: Node[]; edges: Edge[] } {
  return { nodes: alpha_n(g), edges: alpha_e(g) };
}

/** `alpha_e g`: every edge of the graph. */
export function alpha_e(g: graph_Entry_base): Edge[] {
  return alpha_n(g).flatMap((n) => inEdges(g, n));
}

/** `predecessors g n = map getFrom (inEdges g n)`. */
export function predecessors(g: graph_Entry_base, n: Node): readonly Node[] {
  return g.predecessors(n);
}

/** `successors g m = [n. n <- alpha_n g, m in set (predecessors g n)]`: in node order, no duplicates. */
export function successors(g: graph_Entry_base, m: Node): Node[] {
  return alpha_n(g).filter((n) => g.predecessors(n).includes(m));
}

/**
 * `inductive path :: 'g => 'node list => bool`
 * ```
 * empty_path: [| n in set (alpha_n g); invar g |] ==> path g [n]
 * Cons_path:  [| path g ns; n' in set (predecessors g (hd ns)) |] ==> path g (n' # ns)
 * ```
 */
export function path(g: graph_Entry_base, ns: readonly number[]): boolean {
  if (ns.length === 0) return false;
  if (!isNode(g, ns[ns.length - 1])) return false;
  for (let i = ns.length - 2; i >= 0; i--) {
    if (!g.predecessors(ns[i + 1] as Node).includes(ns[i] as Node)) return false;
  }
  return true;
}

/**
 * `path2 g n ns m == path g ns /\ n = hd ns /\ m = last ns`, written `g |- n-ns->m`.
 * Both endpoints are included; `[n]` is a path from `n` to `n`.
 */
export function path2(g: graph_Entry_base, n: Node, ns: readonly number[], m: Node): boolean {
  return path(g, ns) && ns[0] === n && ns[ns.length - 1] === m;
}

/**
 * Every `ns` with `g |- n-ns->m` and `length ns <= bound`, depth first. Literal enumeration:
 * exponential in the bound, for small graphs only. An explicit stack keeps the JS stack flat.
 */
export function* paths(g: graph_Entry_base, n: Node, m: Node, bound: number): Generator<Node[]> {
  if (!isNode(g, n) || !isNode(g, m) || bound < 1) return;
  const succ = alpha_n(g).map((x) => successors(g, x));
  const ns: Node[] = [n];
  const next: number[] = [0];
  if (n === m) yield ns.slice();
  while (ns.length > 0) {
    const top = ns.length - 1;
    const s = succ[ns[top]];
    if (ns.length >= bound || next[top] >= s.length) {
      ns.pop();
      next.pop();
      continue;
    }
    const x = s[next[top]++];
    ns.push(x);
    next.push(0);
    if (x === m) yield ns.slice();
  }
}

/** Every path starting at `n` with `length ns <= bound` (any end node). */
export function* pathsFrom(g: graph_Entry_base, n: Node, bound: number): Generator<Node[]> {
  for (const m of alpha_n(g)) yield* paths(g, n, m, bound);
}

/** The bound that makes a quantifier over simple paths exact: no simple path is longer. */
export function simplePathBound(g: graph_Entry_base): number {
  return g.nodeCount;
}

// ---------------------------------------------------------------------------------------------
// locale graph_path: assumptions (graph.finite holds by representation: arrays are finite)
// ---------------------------------------------------------------------------------------------

/** `graph.valid: invar g ==> valid_graph (alpha g)`: both ends of every edge are nodes. */
export function valid(g: graph_Entry_base): boolean {
  return alpha_e(g).every((e) => isNode(g, getFrom(e)) && isNode(g, getTo(e)));
}

/** `nodes_list_it_correct`: `foldri (alpha_n g)` iterates `set (alpha_n g)`, i.e. `distinct (alpha_n g)`. */
export function nodes_list_it_correct(g: graph_Entry_base): boolean {
  const ns = alpha_n(g);
  return new Set(ns).size === ns.length;
}

/**
 * `pred_list_it_correct`: `inEdges' g v` is distinct and its set is `pred (alpha g) v`, for every
 * node `v` (here `inEdges' g v = [(f, d). (f, d, v) <- inEdges g v]`).
 */
export function pred_list_it_correct(g: graph_Entry_base): boolean {
  return alpha_n(g).every((v) => {
    const own = inEdges(g, v).map(([f, d]) => `${f}:${d}`);
    const all = pred(g, v).map(([f, d]) => `${f}:${d}`);
    return new Set(own).size === own.length && own.every((k) => all.includes(k)) && all.every((k) => own.includes(k));
  });
}

/** `locale graph_path`: its assumptions (`graph.finite` holds by representation). */
export function graph_path(g: graph_Entry_base): boolean {
  return valid(g) && nodes_list_it_correct(g) && pred_list_it_correct(g);
}

/** `locale graph_Entry = graph_Entry_base + graph_path` and its three assumptions. */
export function graph_Entry(g: graph_Entry_base, bound = simplePathBound(g)): boolean {
  return graph_path(g) && Entry_in_graph(g) && Entry_unreachable(g) && Entry_reaches(g, bound);
}

// ---------------------------------------------------------------------------------------------
// locale graph_Entry: assumptions
// ---------------------------------------------------------------------------------------------

/** `Entry_in_graph: Entry g in set (alpha_n g)`. */
export function Entry_in_graph(g: graph_Entry_base): boolean {
  return isNode(g, g.Entry);
}

/** `Entry_unreachable: invar g ==> inEdges g (Entry g) = []`. */
export function Entry_unreachable(g: graph_Entry_base): boolean {
  return inEdges(g, g.Entry).length === 0;
}

/**
 * `Entry_reaches: [| n in set (alpha_n g); invar g |] ==> EX ns. g |- Entry g-ns->n`.
 * Exact with the default bound: a reachable node is reachable by a simple path.
 */
export function Entry_reaches(g: graph_Entry_base, bound = simplePathBound(g)): boolean {
  return alpha_n(g).every((n) => !paths(g, g.Entry, n, bound).next().done);
}

// ---------------------------------------------------------------------------------------------
// graph_Entry_base / graph_Entry: definitions
// ---------------------------------------------------------------------------------------------

/**
 * `dominates g n m == m in set (alpha_n g) /\ (ALL ns. g |- Entry g-ns->m --> n in set ns)`.
 * Exact with the default bound: a path avoiding `n` can be shortened to a simple one.
 */
export function dominates(g: graph_Entry_base, n: Node, m: Node, bound = simplePathBound(g)): boolean {
  if (!isNode(g, m)) return false;
  for (const ns of paths(g, g.Entry, m, bound)) if (!ns.includes(n)) return false;
  return true;
}

/** `strict_dom g n m == n ~= m /\ dominates g n m`. */
export function strict_dom(g: graph_Entry_base, n: Node, m: Node, bound = simplePathBound(g)): boolean {
  return n !== m && dominates(g, n, m, bound);
}

/** `dominators g n == {m in set (alpha_n g). dominates g m n}`. */
export function dominators(g: graph_Entry_base, n: Node, bound = simplePathBound(g)): Node[] {
  return alpha_n(g).filter((m) => dominates(g, m, n, bound));
}

/** `isIdom g n m <-> strict_dom g m n /\ (ALL m' in set (alpha_n g). strict_dom g m' n --> dominates g m' m)`. */
export function isIdom(g: graph_Entry_base, n: Node, m: Node, bound = simplePathBound(g)): boolean {
  return (
    strict_dom(g, m, n, bound) &&
    alpha_n(g).every((m2) => !strict_dom(g, m2, n, bound) || dominates(g, m2, m, bound))
  );
}

/** `idom g n == THE m. isIdom g n m`; undefined where no such m exists (Entry, unreachable nodes). */
export function idom(g: graph_Entry_base, n: Node, bound = simplePathBound(g)): Node | undefined {
  const all = alpha_n(g).filter((m) => isIdom(g, n, m, bound));
  return all.length === 1 ? all[0] : undefined;
}

/**
 * `shortestPath g n == LEAST l. EX ns. length ns = l /\ g |- Entry g-ns->n`: the number of
 * nodes on a shortest path from Entry; undefined when `n` is unreachable within the bound.
 */
export function shortestPath(g: graph_Entry_base, n: Node, bound = simplePathBound(g)): number | undefined {
  let best: number | undefined;
  for (const ns of paths(g, g.Entry, n, bound)) if (best === undefined || ns.length < best) best = ns.length;
  return best;
}

/**
 * ```
 * inductive EntryPath :: 'g => 'node list => bool
 *   EntryPath_triv: EntryPath g [n]
 *   EntryPath_snoc: [| EntryPath g ns; shortestPath g m = Suc (shortestPath g (last ns)) |] ==> EntryPath g (ns @ [m])
 * ```
 * A list is derivable iff each element's shortestPath is one more than its predecessor's.
 */
export function EntryPath(g: graph_Entry_base, ns: readonly Node[], bound = simplePathBound(g)): boolean {
  if (ns.length === 0) return false;
  for (let i = 1; i < ns.length; i++) {
    const a = shortestPath(g, ns[i - 1], bound);
    const b = shortestPath(g, ns[i], bound);
    if (a === undefined || b === undefined || b !== a + 1) return false;
  }
  return true;
}
