/**
 * Small random original CFGs directly in the model (no exchange format in between), for
 * properties that compare algorithms with the literal spec definitions. Node 0 is Entry and
 * defines every variable, so every CFG is definitely assigned (as the AFP While instance makes
 * Entry define every used variable); a random spanning tree keeps every node reachable; extra
 * edges add loops, irreducible cycles, parallel edges and self-loops.
 */
import fc from "fast-check";
import { Cfg, Graph, Rows } from "../../spec/model.js";

export interface ModelConstraints {
  maxNodes?: number;
  maxVars?: number;
  /** extra edges beyond the spanning tree */
  maxExtraEdges?: number;
}

export interface ModelCfgSpec {
  preds: number[][];
  defs: number[][];
  uses: number[][];
  varCount: number;
}

/**
 * The lists of a random model CFG (see the module comment).
 *
 * @bounds 1 to maxNodes (default 7) nodes, 1 to maxVars (default 2) variables, a spanning tree
 * plus up to maxExtraEdges (default 4) edges; every node reachable, no edge into Entry, Entry
 * defining every variable (CFG_wf holds)
 */
export function modelCfgSpec(c: ModelConstraints = {}): fc.Arbitrary<ModelCfgSpec> {
  const maxNodes = c.maxNodes ?? 7;
  const maxVars = c.maxVars ?? 2;
  const maxExtra = c.maxExtraEdges ?? 4;
  return fc
    .record({ n: fc.integer({ min: 1, max: maxNodes }), k: fc.integer({ min: 1, max: maxVars }) })
    .chain(({ n, k }) =>
      fc.record({
        parents: fc.array(fc.nat(), { minLength: n - 1, maxLength: n - 1 }),
        extra: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: n > 1 ? maxExtra : 0 }),
        // per node and variable: 0 nothing, 1 def, 2 use
        occ: fc.array(fc.array(fc.integer({ min: 0, max: 2 }), { minLength: k, maxLength: k }), {
          minLength: n,
          maxLength: n,
        }),
      }).map(({ parents, extra, occ }) => {
        const preds: number[][] = Array.from({ length: n }, () => []);
        parents.forEach((p, i) => preds[i + 1].push(p % (i + 1)));
        for (const [a, b] of extra) {
          const to = 1 + (b % (n - 1));
          preds[to].push(a % n);
        }
        const defs: number[][] = [];
        const uses: number[][] = [];
        for (let x = 0; x < n; x++) {
          const d: number[] = [];
          const u: number[] = [];
          for (let v = 0; v < k; v++) {
            if (x === 0 || occ[x][v] === 1) d.push(v);
            else if (occ[x][v] === 2) u.push(v);
          }
          defs.push(d);
          uses.push(u);
        }
        return { preds, defs, uses, varCount: k };
      }),
    );
}

export function toCfg(s: ModelCfgSpec): Cfg {
  const g = Graph.fromLists(0, s.preds);
  return new Cfg(g, s.varCount, Rows.from(s.defs), Rows.from(s.uses));
}

/**
 * A random model CFG (see the module comment).
 *
 * @bounds 1 to maxNodes (default 7) nodes, 1 to maxVars (default 2) variables, a spanning tree
 * plus up to maxExtraEdges (default 4) edges; every node reachable, no edge into Entry, Entry
 * defining every variable (CFG_wf holds)
 */
export function modelCfg(c: ModelConstraints = {}): fc.Arbitrary<Cfg> {
  return modelCfgSpec(c).map(toCfg);
}
