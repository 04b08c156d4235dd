import { readFileSync } from "node:fs";
import { parseModuleChunks } from "../../adapters/llvm/read.js";
import type { LlvmModule } from "../../adapters/llvm/ir.js";

/** `bytes` cut into chunks of `size` bytes (cutting UTF-8 sequences and lines anywhere). */
export function* chunksOf(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** A file's module parsed from its bytes in chunks of `size` (1 MiB by default). */
export function parseModuleFile(path: string, size = 1 << 20): LlvmModule {
  return parseModuleChunks(chunksOf(readFileSync(path), size), path);
}
