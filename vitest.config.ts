import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // One fixed fast-check seed for the whole suite, printed at the start (FC_SEED overrides it).
    globalSetup: ["test/setup/global.ts"],
    setupFiles: ["test/setup/seed.ts"],
    // Test files run two at a time at least (vitest's default is one fewer than the cores: a
    // single file at a time on 2 cores), at most four (the largest files peak at 1.5 GB each).
    // Each file runs in a process of its own (vitest's forks pool, isolated), so files share
    // nothing but the machine (test/cli/cli.ts runMain changes the working directory of its own
    // process only); the timeouts below, like the fuzz tests' --timeout, are far beyond what a
    // test takes on a loaded machine.
    pool: "forks",
    maxWorkers: Math.min(4, Math.max(2, availableParallelism())),
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
