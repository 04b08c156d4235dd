/**
 * The registry of producers: `validate`, `construct` and the command line consult it to find
 * the adapter for an input. Adding a producer is its folder under adapters/ and one line here.
 */
import type { Adapter } from "../adapters/adapter.js";
import { gccAdapter } from "../adapters/gcc/index.js";
import { hermesAdapter } from "../adapters/hermes/index.js";
import { llvmAdapter } from "../adapters/llvm/index.js";
import { spirvAdapter } from "../adapters/spirv/index.js";

/**
 * In the order inputs are tried: SPIR-V's text and a GCC tree dump start with a `;` comment,
 * which LLVM IR may too, so they come first (a dump's `;; Function NAME (NAME, funcdef_no=`
 * header is no SPIR-V); a hermesc dump starts with `*** `, `scope %VS` or `function NAME(`
 * and a first block `%BB0:`, which no other form does.
 */
export const ADAPTERS: readonly Adapter[] = [spirvAdapter as Adapter, gccAdapter as Adapter, hermesAdapter as Adapter, llvmAdapter as Adapter];

/** The adapter registered under `name`. */
export function adapterNamed(name: string): Adapter | undefined {
  return ADAPTERS.find((a) => a.name === name);
}

/** The adapter whose form an input is in (by its name and first bytes), or undefined for the exchange format. */
export function adapterFor(name: string, head: string): Adapter | undefined {
  return ADAPTERS.find((a) => a.recognizes(name, head));
}

/** The adapter whose binary form an input's first bytes are (a SPIR-V module), if any. */
export function binaryAdapterFor(head: Uint8Array): Adapter | undefined {
  return ADAPTERS.find((a) => a.recognizesBinary?.(head) === true);
}

/** The adapter of an input read already: by its bytes where it has them, else by its name and text. */
export function adapterOfInput(input: { name: string; text: string; bytes?: Uint8Array }): Adapter | undefined {
  if (input.bytes !== undefined) return binaryAdapterFor(input.bytes.subarray(0, 64));
  return adapterFor(input.name, input.text.slice(0, 4096));
}
