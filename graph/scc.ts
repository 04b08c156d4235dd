/**
 * Strongly connected components.
 *
 * Algorithm: Tarjan, "Depth-first search and linear graph algorithms", SIAM J. Comput. 1(2),
 * 1972 (index/lowlink, one DFS, components popped off a vertex stack). Variant: the recursion
 * is an explicit stack of (vertex, next edge position), so the DFS depth is bounded only by
 * memory; roots are tried in ascending vertex order and edges in row order. An optional mask
 * restricts the graph to the induced subgraph on the masked vertices. O(V + E) time, O(V) space.
 *
 * Output order. Components are numbered `0, 1, ...` in the order Tarjan's algorithm completes
 * them, which is a REVERSE topological order of the condensation: for every edge `u -> v` with
 * `component[u] !== component[v]`, `component[v] < component[u]`. Equivalently a component is
 * emitted before every other component that can reach it (sinks first); iterating the ids
 * downwards from `componentCount - 1` gives a topological order (sources first).
 */
import { Rows } from "../spec/model.js";
import { type Adjacency, vertexCount } from "./dfs.js";

export interface SccResult {
  readonly componentCount: number;
  /** Component id per vertex; `-1` for vertices outside the mask. */
  readonly component: Int32Array;
  /** The members of every component, indexed by component id (reverse topological order). */
  readonly components: Rows<number>;
  /** Per component: 1 iff it contains a cycle, i.e. it has more than one vertex or a self-loop. */
  readonly cyclic: Uint8Array;
}

/**
 * Tarjan's SCCs of the digraph `adj` (successor rows), restricted to `{ v | mask[v] !== 0 }`
 * when a mask is given (edges leaving the subset are ignored). O(V + E), no recursion.
 */
export function stronglyConnectedComponents(adj: Adjacency, mask?: Uint8Array): SccResult {
  const n = vertexCount(adj);
  const { start, list } = adj;
  if (mask !== undefined && mask.length < n) throw new RangeError("scc mask is shorter than the vertex count");
  const inside = (v: number): boolean => mask === undefined || mask[v] !== 0;

  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const tstack = new Int32Array(n); // Tarjan's vertex stack
  let tsp = 0;
  const callV = new Int32Array(n); // the explicit call stack
  const callE = new Int32Array(n);
  let csp = 0;
  const component = new Int32Array(n).fill(-1);
  const compStart: number[] = [0];
  const compList = new Int32Array(n);
  let filled = 0;
  const cyclicList: number[] = [];
  let nextIndex = 0;

  for (let r = 0; r < n; r++) {
    if (index[r] !== -1 || !inside(r)) continue;
    index[r] = low[r] = nextIndex++;
    tstack[tsp++] = r;
    onStack[r] = 1;
    callV[0] = r;
    callE[0] = start[r];
    csp = 1;
    while (csp > 0) {
      const top = csp - 1;
      const v = callV[top];
      const e = callE[top];
      if (e < start[v + 1]) {
        callE[top] = e + 1;
        const w = list[e];
        if (!inside(w)) continue;
        if (index[w] === -1) {
          index[w] = low[w] = nextIndex++;
          tstack[tsp++] = w;
          onStack[w] = 1;
          callV[csp] = w;
          callE[csp] = start[w];
          csp++;
        } else if (onStack[w] === 1 && index[w] < low[v]) {
          low[v] = index[w];
        }
        continue;
      }
      // v is finished
      csp--;
      if (low[v] === index[v]) {
        const id = compStart.length - 1;
        const first = filled;
        let x: number;
        do {
          x = tstack[--tsp];
          onStack[x] = 0;
          component[x] = id;
          compList[filled++] = x;
        } while (x !== v);
        let cyc = filled - first > 1 ? 1 : 0;
        if (cyc === 0) {
          for (let k = start[v], end = start[v + 1]; k < end; k++) {
            if (list[k] === v) {
              cyc = 1;
              break;
            }
          }
        }
        cyclicList.push(cyc);
        compStart.push(filled);
      }
      if (csp > 0) {
        const p = callV[csp - 1];
        if (low[v] < low[p]) low[p] = low[v];
      }
    }
  }
  const components = new Rows<number>(Int32Array.from(compStart), filled === n ? compList : compList.slice(0, filled));
  return { componentCount: cyclicList.length, component, components, cyclic: Uint8Array.from(cyclicList) };
}

/** `stronglyConnectedComponents` on a digraph given as `count` vertices and CSR successor arrays. */
export function stronglyConnectedComponentsCsr(
  count: number,
  succStart: Int32Array,
  succList: Int32Array,
  mask?: Uint8Array,
): SccResult {
  if (succStart.length !== count + 1) throw new RangeError(`succStart has length ${succStart.length}, expected ${count + 1}`);
  return stronglyConnectedComponents({ start: succStart, list: succList }, mask);
}

/**
 * Tarjan's SCCs restricted to a vertex subset, repeatedly, with scratch arrays allocated once:
 * each `run` costs O(subset + edges leaving the subset's vertices), not O(V), which is what the
 * peeling search needs when it recurses on many small working sets.
 */
export class SubsetScc {
  private index: Int32Array;
  private low: Int32Array;
  private onStack: Uint8Array;
  private inSet: Uint8Array;
  private tstack: Int32Array;
  private callV: Int32Array;
  private callE: Int32Array;

  /** `adj` is the default adjacency; `run` may be given another over the same vertex ids. */
  constructor(private adj: Adjacency) {
    const n = vertexCount(adj);
    this.index = new Int32Array(n).fill(-1);
    this.low = new Int32Array(n);
    this.onStack = new Uint8Array(n);
    this.inSet = new Uint8Array(n);
    this.tstack = new Int32Array(n);
    this.callV = new Int32Array(n);
    this.callE = new Int32Array(n);
  }

  /** The SCCs of the subgraph induced by `vertices`, in reverse topological order (sinks first). */
  run(vertices: readonly number[], adj: Adjacency = this.adj): number[][] {
    const { start, list } = adj;
    const { index, low, onStack, inSet, tstack, callV, callE } = this;
    for (let j = 0; j < vertices.length; j++) inSet[vertices[j]] = 1;
    const out: number[][] = [];
    let tsp = 0;
    let next = 0;
    for (let j = 0; j < vertices.length; j++) {
      const r = vertices[j];
      if (index[r] !== -1) continue;
      index[r] = low[r] = next++;
      tstack[tsp++] = r;
      onStack[r] = 1;
      let csp = 0;
      callV[0] = r;
      callE[0] = start[r];
      csp = 1;
      while (csp > 0) {
        const v = callV[csp - 1];
        const e = callE[csp - 1];
        if (e < start[v + 1]) {
          callE[csp - 1] = e + 1;
          const w = list[e];
          if (!inSet[w]) continue;
          if (index[w] === -1) {
            index[w] = low[w] = next++;
            tstack[tsp++] = w;
            onStack[w] = 1;
            callV[csp] = w;
            callE[csp] = start[w];
            csp++;
          } else if (onStack[w] && index[w] < low[v]) low[v] = index[w];
          continue;
        }
        csp--;
        if (csp > 0) {
          const u = callV[csp - 1];
          if (low[v] < low[u]) low[u] = low[v];
        }
        if (low[v] === index[v]) {
          const comp: number[] = [];
          let w: number;
          do {
            w = tstack[--tsp];
            onStack[w] = 0;
            comp.push(w);
          } while (w !== v);
          out.push(comp);
        }
      }
    }
    for (const v of vertices) {
      inSet[v] = 0;
      index[v] = -1;
    }
    return out;
  }
}
