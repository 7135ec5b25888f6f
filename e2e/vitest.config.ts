import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
    // One browser and one server at a time: the machines are small and the tests share nothing.
    fileParallelism: false,
  },
});
