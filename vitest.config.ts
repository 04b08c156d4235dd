import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // One fixed fast-check seed for the whole suite, printed at the start (FC_SEED overrides it).
    globalSetup: ["test/setup/global.ts"],
    setupFiles: ["test/setup/seed.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
