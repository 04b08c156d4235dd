/**
 * The in-process runners of the fuzz targets that run inside this process (the React Compiler
 * through Babel), registered with api/node/fuzz_producers.ts when a campaign needs them.
 */
export {};
