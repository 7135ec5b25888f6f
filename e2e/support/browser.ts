import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { REPO_ROOT } from './server';

export const SCREENS_DIR = path.join(REPO_ROOT, '.tmp/screens');
const SETTLE_MS = 400;

export type TLang = 'zh' | 'en';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
    headless: true,
  });
}

export interface TSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/** How a session's browser is set up beyond its language. */
export interface TSessionOptions {
  viewport?: { width: number; height: number };
  /** The browser's time zone (IANA); the machine's by default. */
  timezoneId?: string;
  /** The system's motion setting; "reduce" by default (see openSession). */
  reducedMotion?: 'reduce' | 'no-preference';
}

/** A fresh browser context in the given language (the `locale` cookie), 1440x900 by default. */
export async function openSession(
  browser: Browser,
  baseUrl: string,
  lang: TLang,
  { viewport = { width: 1440, height: 900 }, timezoneId, reducedMotion = 'reduce' }: TSessionOptions = {},
): Promise<TSession> {
  const context = await browser.newContext({
    viewport,
    baseURL: baseUrl,
    // The console honours "reduce motion" (antd's motion off): a click then meets a dialog or a dropdown
    // where it rests. Mid-animation, Playwright's "stable" check can pass on the frames before a zoom or
    // slide starts, and the click lands where the element is not yet (a missed confirm, a wrong option).
    reducedMotion,
    ...(timezoneId ? { timezoneId } : {}),
  });
  // A step may wait up to 60 s (Playwright's default is 30): on a loaded 2-core CI machine a server-made
  // download or a first page of a fresh server took longer than 30 s. A step that passes is not slower.
  context.setDefaultTimeout(60_000);
  await context.addCookies([{ name: 'locale', value: lang, url: baseUrl }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { context, page, errors };
}

/** Saves a full-page screenshot to .tmp/screens/<name>.png for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  // Let dialogs and messages finish their entry animations so the picture shows the settled screen.
  await page.waitForTimeout(SETTLE_MS);
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true });
}
