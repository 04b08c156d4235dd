/**
 * Names for the values our constructions create, showing variable and defining block:
 * `x.B3` for the definition of `x` in block B3 (`x.B3.2` when the block defines `x` in several
 * statements: statement 2's), `x.B3.phi` for the phi of `x` in B3. A name the user's variables
 * already make ambiguous gets a `#k` suffix, so names are always unique.
 */
import type { Val } from "../spec/ids.js";
import { Def, ValTable } from "../impl/ssa_val.js";
import type { LoweredCfg } from "../io/lower.js";
import { blockOf } from "../spec/places.js";

export function nameValues(low: LoweredCfg, vals: ValTable): string[] {
  const { cfg, places, varNames } = low;
  // how many nodes of each block define each variable
  const B = places.blockCount;
  const defsInBlock = new Map<number, number>(); // variable * B + block -> count
  for (let val = 0; val < vals.count; val++) {
    if (vals.def(val as Val) !== Def.SimpleDef) continue;
    const k = vals.var(val as Val) * B + blockOf(places, vals.node(val as Val));
    defsInBlock.set(k, (defsInBlock.get(k) ?? 0) + 1);
  }
  const taken = new Set<string>();
  const names: string[] = [];
  for (let val = 0 as Val; val < vals.count; val++) {
    const v = vals.var(val);
    const n = vals.node(val);
    const b = blockOf(places, n);
    let name = `${varNames[v]}.${places.blockName(b)}`;
    if (vals.def(val) === Def.PhiDef) name += ".phi";
    else if ((defsInBlock.get(v * B + b) ?? 0) > 1) {
      let stmt = -1;
      for (let k = cfg.defRows.start[n]; k < cfg.defRows.start[n + 1]; k++) if (cfg.defRows.list[k] === v) stmt = places.defStmt[k];
      name += `.${stmt}`;
    }
    let unique = name;
    for (let k = 2; taken.has(unique); k++) unique = `${name}#${k}`;
    taken.add(unique);
    names.push(unique);
  }
  return names;
}
