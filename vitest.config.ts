import { defineConfig } from 'vitest/config';

const E2E = 'packages/web/test/e2e/**/*.test.ts';

// Tests run against the TypeScript sources of every workspace package (the
// "@parlor/source" export condition), so no build is needed to test a change.
//
// Two projects, each one file at a time: the browser tests and everything else. `npm test` runs
// them side by side (test/run-suite.mjs); `npx vitest run <file>` runs the file in its project.
export default defineConfig({
  resolve: { conditions: ['@parlor/source'] },
  ssr: { resolve: { conditions: ['@parlor/source'] } },
  test: {
    // One seed for every property test (test/fast-check-seed.ts): the suite is deterministic.
    setupFiles: ['test/fast-check-seed.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'e2e', include: [E2E], maxWorkers: 1 } },
      { extends: true, test: { name: 'node', include: ['packages/*/test/**/*.test.ts'], exclude: [E2E, '**/node_modules/**'], maxWorkers: 1 } },
    ],
  },
});
