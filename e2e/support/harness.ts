import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openSession, type TLang, type TSession, type TSessionOptions } from './browser';
import { REPO_ROOT, startServer, type TRunningServer } from './server';

/** What a failed test left: a screenshot of each of its pages and the server's log, for a human to read. */
export const FAILURES_DIR = path.join(REPO_ROOT, '.tmp/e2e-failures');
/** The server's last lines printed with a failure (the whole log is in FAILURES_DIR). */
const LOG_TAIL_LINES = 40;

export interface THarness {
  server: () => TRunningServer;
  /** A fresh browser context (cookies, storage) in the given language; closed after the file. */
  session: (lang: TLang, options?: TSessionOptions) => Promise<TSession>;
  /**
   * `fn` run once per server (its first call's arguments; the later calls get the same promise): data that
   * several tests of a file share, made again on the fresh server that follows a failed test.
   */
  perServer: <A extends unknown[], T>(fn: (...args: A) => Promise<T>) => (...args: A) => Promise<T>;
}

export interface THarnessOptions {
  /** Extra server environment, computed before the server starts (e.g. a chain started for the file). */
  env?: () => Promise<Record<string, string>>;
}

const fileName = (text: string) => text.replace(/[^\w.-]+/g, '_').slice(0, 120);

/** Saves what a failed test's sessions showed and what the server printed, and prints the log's tail. */
async function recordFailure(testName: string, server: TRunningServer, sessions: TSession[]): Promise<void> {
  mkdirSync(FAILURES_DIR, { recursive: true });
  const base = path.join(FAILURES_DIR, `${fileName(testName)}-${Date.now()}`);
  const pages: string[] = [];
  for (const [i, s] of sessions.entries()) {
    await s.page.screenshot({ path: `${base}-page${i}.png`, fullPage: true }).catch(() => undefined);
    // A form that refused to send says why under its fields, which a screenshot may have scrolled away.
    const refused = await s.page
      .locator('.ant-form-item-explain-error')
      .allTextContents()
      .catch(() => []);
    pages.push(
      [`page${i}: ${s.page.url()}`, ...refused.map((r) => `form error: ${r}`), ...s.errors].join('\n'),
    );
  }
  const log = server.output();
  writeFileSync(`${base}-server.log`, log);
  const tail = log.trimEnd().split('\n').slice(-LOG_TAIL_LINES).join('\n');
  console.error(`✖ ${testName}: saved to ${base}-*\n${pages.join('\n')}\nserver log (last lines):\n${tail}`);
}

/**
 * One server with fresh demo data and one browser per test file. After a failed test the server is started
 * again from fresh data, so that a retry (CI) does not meet what the failed try wrote (a code it created
 * would be refused as a duplicate) and later tests do not inherit a half-done flow.
 */
export function useHarness(options: THarnessOptions = {}): THarness {
  let server: TRunningServer | null = null;
  let browser: Browser | null = null;
  const sessions: TSession[] = [];
  // Computed once: a restart after a failure reuses what it set up (e.g. the file's chain).
  let env: Record<string, string> | null = null;
  const start = async () => {
    env ??= options.env ? await options.env() : {};
    server = await startServer(env);
  };
  const closeSessions = async () => {
    for (const s of sessions.splice(0)) await s.context.close().catch(() => undefined);
  };

  beforeAll(async () => {
    await start();
    browser = await launchBrowser();
  });

  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !server) return;
    await recordFailure(task.name, server, sessions);
    await closeSessions();
    await server.stop();
    server = null;
    await start();
  });

  afterAll(async () => {
    await closeSessions();
    await browser?.close();
    await server?.stop();
  });

  return {
    server: () => {
      if (!server) throw new Error('The server is not running');
      return server;
    },
    perServer: (fn) => {
      const made = new WeakMap<TRunningServer, ReturnType<typeof fn>>();
      return (...args) => {
        if (!server) throw new Error('The server is not running');
        const existing = made.get(server);
        if (existing) return existing;
        const result = fn(...args);
        made.set(server, result);
        return result;
      };
    },
    session: async (lang, options) => {
      if (!browser || !server) throw new Error('The harness is not started');
      const session = await openSession(browser, server.baseUrl, lang, options);
      sessions.push(session);
      return session;
    },
  };
}
