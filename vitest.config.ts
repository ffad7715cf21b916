import { defineConfig } from 'vitest/config';

// Tests run against the TypeScript sources of every workspace package (the
// "@parlor/source" export condition), so no build is needed to test a change.
export default defineConfig({
  resolve: { conditions: ['@parlor/source'] },
  ssr: { resolve: { conditions: ['@parlor/source'] } },
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    // One seed for every property test (test/fast-check-seed.ts): the suite is deterministic.
    setupFiles: ['test/fast-check-seed.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
