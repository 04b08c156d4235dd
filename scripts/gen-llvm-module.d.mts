/** Types of gen-llvm-module.mjs, for the tests that import it. */
export interface GenOptions {
  functions: number;
  rounds: number;
  opaque?: boolean;
}
export function llvmModuleChunks(o: GenOptions): Generator<string>;
export function writeLlvmModule(path: string, o: GenOptions): number;
