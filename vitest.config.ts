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
    // expect.poll waits for a page or a worker to get somewhere; vitest's 1 s default is shorter than one
    // HS search with a cold vocabulary on a loaded 2-core machine. A bound on waiting, not a speed check.
    expect: { poll: { timeout: 15_000 } },
    // Request rate limits are on by default (production); tests that are about them turn them on again.
    // The download of every reference table at first start is on by default for `npm start`; tests never
    // reach the publishers (a test that is about the download turns it on against a local server).
    env: { TDS_RATE_LIMITS: "off", TDS_REFERENCE_DOWNLOAD: "off" },
  },
});
