import { defineConfig } from 'vitest/config';

/** Unit and integration tests of every workspace; browser end-to-end tests have e2e/vitest.config.ts. */
export default defineConfig({
  test: {
    // Server test files each open their own database; two at a time fits the 2-core machines.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/test/**/*.test.ts'] } },
      { test: { name: 'ledger', include: ['packages/ledger/test/**/*.test.ts'], passWithNoTests: true } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          // Removes the migrated PGlite templates of earlier runs (support/app.ts).
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/test/**/*.test.ts'] } },
      { test: { name: 'verify', include: ['apps/verify/test/**/*.test.ts'], testTimeout: 60_000 } },
    ],
  },
});
