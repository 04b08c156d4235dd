/**
 * Where each node of the model came from in the user's document, so that every message speaks
 * in block ids and statement indices, never in internal node numbers. Filled by io/ when it
 * lowers a document; read by whoever prints.
 *
 * Lowering (FORMAT.md, "Meaning"): a block in `stmts` form becomes a first node holding its phis
 * and no statement, then a chain of statement nodes; a block in `defs`/`uses` form is one node.
 * The nodes of one block are consecutive: `blockFirstNode[b] .. blockFirstNode[b+1]`.
 */
import type { BlockIdx, Node } from "./ids.js";

export interface Places {
  /** File name as the user gave it. */
  readonly file: string;
  /** Function name (`name` of the document, or `#i` for the i-th function without one). */
  readonly functionName: string;
  /** Number of blocks. */
  readonly blockCount: number;
  /** Block index -> the user's block id (the list is built on first use: a large certified function never needs it). */
  readonly blockNames: readonly string[];
  /** One block's id, without building the list. */
  blockName(b: number): string;
  /** Block index -> its first node; one extra entry at the end (= nodeCount). */
  readonly blockFirstNode: Int32Array;
  /** Node -> block index. */
  readonly nodeBlock: Int32Array;
  /**
   * Node -> the index of the first statement in it, or -1 for the phi node of a `stmts`
   * block and for a block in `defs`/`uses` form.
   */
  readonly nodeFirstStmt: Int32Array;
  /** Statement index of each entry of the model's `defs` rows (parallel to `defRows.list`), -1 where none. */
  readonly defStmt: Int32Array;
  /** Statement index of each entry of the model's `uses` rows (parallel to `useRows.list`), -1 where none. */
  readonly useStmt: Int32Array;
}

/** The block a node belongs to: a binary search of `blockFirstNode`, so that nothing is built for it. */
export function blockOf(places: Places, n: Node): BlockIdx {
  const first = places.blockFirstNode;
  let lo = 0;
  let hi = first.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (first[mid] <= n) lo = mid;
    else hi = mid - 1;
  }
  return lo as BlockIdx;
}

/** `B3` or `B3, statement 2`, for messages. */
export function describeNode(places: Places, n: Node): string {
  const b = places.nodeBlock[n];
  const s = places.nodeFirstStmt[n];
  const name = places.blockNames[b];
  return s >= 0 ? `${name}, statement ${s}` : name;
}

/** The last node of a block: where its successor edges leave from. */
export function blockLastNode(places: Places, b: BlockIdx): Node {
  return (places.blockFirstNode[b + 1] - 1) as Node;
}
