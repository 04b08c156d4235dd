/**
 * The registry of producers: `validate`, `construct` and the command line consult it to find
 * the adapter for an input. Adding a producer is its folder under adapters/ and one line here.
 */
import type { Adapter } from "../adapters/adapter.js";
import { llvmAdapter } from "../adapters/llvm/index.js";

export const ADAPTERS: readonly Adapter[] = [llvmAdapter as Adapter];

/** The adapter registered under `name`. */
export function adapterNamed(name: string): Adapter | undefined {
  return ADAPTERS.find((a) => a.name === name);
}

/** The adapter whose form an input is in (by its name and first bytes), or undefined for the exchange format. */
export function adapterFor(name: string, head: string): Adapter | undefined {
  return ADAPTERS.find((a) => a.recognizes(name, head));
}
