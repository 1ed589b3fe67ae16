import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks",
    // Two cores: PGlite instances and spawned servers are CPU-bound, more workers only thrash.
    maxWorkers: 2,
    globalSetup: ["tests/support/global-setup.ts"],
    // Request rate limits are on by default (production); tests that are about them turn them on again.
    env: { TDS_RATE_LIMITS: "off" },
  },
});
