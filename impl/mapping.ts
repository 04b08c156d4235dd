/**
 * HOL-Library's `('k, 'v) mapping` as the code theories use it (Mapping.empty, lookup, update,
 * delete, keys, map_default), and the operations AFP theory Mapping_Exts adds to it, literally:
 * each is its `lift_definition` on the function `'k => 'v option` a mapping stands for.
 *
 * A Mapping is immutable: every update copies (the literal versions are oracles for small
 * inputs; the efficient code uses arrays). Keys are compared by their JSON spelling, so tuples of
 * numbers, such as the phi keys `(node, value)` and SSA values `(var, node, Def)`, are keys.
 *
 * @theory Mapping_Exts
 */

/** An immutable finite map from `K` to `V`: HOL's `('k, 'v) mapping`. */
export class Mapping<K, V> {
  private constructor(private readonly m: ReadonlyMap<string, readonly [K, V]>) {}

  /** `Mapping.empty`. */
  static empty<K, V>(): Mapping<K, V> {
    return new Mapping(new Map());
  }

  /** A mapping with exactly these entries (later entries win, as a fold of `update`). */
  static of<K, V>(entries: Iterable<readonly [K, V]>): Mapping<K, V> {
    const m = new Map<string, readonly [K, V]>();
    for (const [k, v] of entries) m.set(JSON.stringify(k), [k, v]);
    return new Mapping(m);
  }

  /** `Mapping.lookup m k`: `undefined` is `None`. */
  lookup(k: K): V | undefined {
    return this.m.get(JSON.stringify(k))?.[1];
  }

  /** `Mapping.update k v m`. */
  update(k: K, v: V): Mapping<K, V> {
    const m = new Map(this.m);
    m.set(JSON.stringify(k), [k, v]);
    return new Mapping(m);
  }

  /** `Mapping.delete k m`. */
  delete(k: K): Mapping<K, V> {
    const m = new Map(this.m);
    m.delete(JSON.stringify(k));
    return new Mapping(m);
  }

  /** `Mapping.map_default k d f m = Mapping.update k (f (case lookup m k of None => d | Some x => x)) m`. */
  map_default(k: K, d: V, f: (v: V) => V): Mapping<K, V> {
    const old = this.lookup(k);
    return this.update(k, f(old === undefined ? d : old));
  }

  /** `Mapping.keys m`, in insertion order. */
  keys(): K[] {
    return [...this.m.values()].map(([k]) => k);
  }

  /** The entries `(k, the (lookup m k))`, in insertion order. */
  entries(): (readonly [K, V])[] {
    return [...this.m.values()];
  }

  get size(): number {
    return this.m.size;
  }
}

/**
 * `lift_definition mapping_delete_all :: ('a => bool) => ('a,'b) mapping => ('a,'b) mapping
 *    is %P m x. if P x then None else m x`.
 */
export function mapping_delete_all<K, V>(P: (k: K) => boolean, m: Mapping<K, V>): Mapping<K, V> {
  return Mapping.of(m.entries().filter(([k]) => !P(k)));
}

/**
 * `lift_definition map_keys :: ('a => 'b) => ('a,'c) mapping => ('b,'c) mapping
 *    is %f m x. if f -' {x} ~= {} then m (THE k. f -' {x} = {k}) else None`.
 * The preimage is taken over the keys of `m` (elsewhere `m` is None); where it has more than one
 * element `THE` is unspecified, so `f` must be injective on the keys, as `from_sparse` is
 * (`from_sparse_inj`); this function throws otherwise.
 */
export function map_keys<A, B, V>(f: (a: A) => B, m: Mapping<A, V>): Mapping<B, V> {
  const out = m.entries().map(([k, v]) => [f(k), v] as const);
  const r = Mapping.of(out);
  if (r.size !== out.length) throw new Error("map_keys: f is not injective on the keys (THE k is unspecified)");
  return r;
}

/** `lift_definition map_values :: ('a => 'b => 'c option) => ('a,'b) mapping => ('a,'c) mapping is %f m x. Option.bind (m x) (f x)`. */
export function map_values<K, V, W>(f: (k: K, v: V) => W | undefined, m: Mapping<K, V>): Mapping<K, W> {
  const out: (readonly [K, W])[] = [];
  for (const [k, v] of m.entries()) {
    const w = f(k, v);
    if (w !== undefined) out.push([k, w]);
  }
  return Mapping.of(out);
}

/** `lift_definition restrict_mapping :: ('a => 'b) => 'a set => ('a, 'b) mapping is %f. restrict_map (Some o f)`. */
export function restrict_mapping<K, V>(f: (k: K) => V, A: readonly K[]): Mapping<K, V> {
  return Mapping.of(A.map((k) => [k, f(k)] as const));
}

/** `lift_definition mapping_add :: ('a, 'b) mapping => ('a, 'b) mapping => ('a, 'b) mapping is (++)`: m2 wins. */
export function mapping_add<K, V>(m1: Mapping<K, V>, m2: Mapping<K, V>): Mapping<K, V> {
  return Mapping.of([...m1.entries(), ...m2.entries()]);
}

/** `mmap = Mapping.map id`: apply `f` to every value. */
export function mmap<K, V, W>(f: (v: V) => W, m: Mapping<K, V>): Mapping<K, W> {
  return Mapping.of(m.entries().map(([k, v]) => [k, f(v)] as const));
}
