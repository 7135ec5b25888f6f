import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser-test files run at once (E2E_WORKERS, default 1). */
const workers = Math.max(1, Number.parseInt(process.env.E2E_WORKERS ?? '1', 10) || 1);

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A browser on a busy 2-core machine takes seconds where a quiet one takes milliseconds: a condition is
    // polled for up to 15 s (vitest's default is 1 s), as Playwright's own waits allow 30 s.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // One browser and one server at a time by default: the machines are small. The files share nothing, so
    // E2E_WORKERS=n runs n files at once on a machine with the cores for it.
    fileParallelism: workers > 1,
    maxWorkers: workers,
    // On CI a test failing once is run again (as Playwright's own runner does with `retries` on CI): a loaded
    // 2-core runner sometimes misses a 60 s wait that a quiet one meets in 1 s. A real defect fails every try,
    // and each retry is printed, so a flaky test stays visible.
    retry: process.env.CI ? 2 : 0,
  },
});
