import { defineConfig } from 'vitest/config';

const E2E = 'packages/web/test/e2e/**/*.test.ts';

// Tests run against the TypeScript sources of every workspace package (the
// "@parlor/source" export condition), so no build is needed to test a change.
//
// Two projects run side by side, one file at a time each: the browser tests (one Chromium at a
// time: two on two cores starve each other) and everything else (the cluster and store tests
// share one Redis and one PostgreSQL database, so they never overlap either). Most files wait on
// sockets, databases and browsers more than they compute, so the pair fills two cores where one
// file at a time left one idle.
export default defineConfig({
  resolve: { conditions: ['@parlor/source'] },
  ssr: { resolve: { conditions: ['@parlor/source'] } },
  test: {
    // One seed for every property test (test/fast-check-seed.ts): the suite is deterministic.
    setupFiles: ['test/fast-check-seed.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'e2e', include: [E2E], maxWorkers: 1 } },
      { extends: true, test: { name: 'node', include: ['packages/*/test/**/*.test.ts'], exclude: [E2E, '**/node_modules/**'], maxWorkers: 1 } },
    ],
  },
});
