/**
 * Dense integer ids, branded per kind so that a node is never passed where an SSA value is
 * expected. Every id space is 0..count-1; names live only at the edges (io/, messages).
 */
export type Id<Tag extends string> = number & { readonly __tag: Tag };

/** A node of the Isabelle graph (`'node`): one abstract instruction, not a user block. */
export type Node = Id<"Node">;
/** A variable of the original program (`'var`). */
export type Var = Id<"Var">;
/** An SSA value (`'val`). */
export type Val = Id<"Val">;
/** A phi function, by its position in the SSA CFG's phi table. */
export type PhiId = Id<"Phi">;
/** A user block, by its position in the document's `blocks` list. */
export type BlockIdx = Id<"Block">;

/** The one place where a plain number becomes an id. */
export function id<Tag extends string>(n: number): Id<Tag> {
  return n as Id<Tag>;
}

/** `0, 1, ..., count-1` as ids of one kind. */
export function range<Tag extends string>(count: number): Id<Tag>[] {
  const out: Id<Tag>[] = new Array(count);
  for (let i = 0; i < count; i++) out[i] = i as Id<Tag>;
  return out;
}
