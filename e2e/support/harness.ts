import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openSession, type TLang, type TSession, type TSessionOptions } from './browser';
import { startServer, type TRunningServer } from './server';

export interface THarness {
  server: () => TRunningServer;
  /** A fresh browser context (cookies, storage) in the given language; closed after the file. */
  session: (lang: TLang, options?: TSessionOptions) => Promise<TSession>;
}

export interface THarnessOptions {
  /** Extra server environment, computed before the server starts (e.g. a chain started for the file). */
  env?: () => Promise<Record<string, string>>;
}

/** One server with fresh demo data and one browser per test file. */
export function useHarness(options: THarnessOptions = {}): THarness {
  let server: TRunningServer | null = null;
  let browser: Browser | null = null;
  const sessions: TSession[] = [];

  beforeAll(async () => {
    server = await startServer(options.env ? await options.env() : {});
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const s of sessions) await s.context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  return {
    server: () => {
      if (!server) throw new Error('The server is not running');
      return server;
    },
    session: async (lang, options) => {
      if (!browser || !server) throw new Error('The harness is not started');
      const session = await openSession(browser, server.baseUrl, lang, options);
      sessions.push(session);
      return session;
    },
  };
}
