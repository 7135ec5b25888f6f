import type { Page } from 'playwright-core';
// The browser tests' launch (flags of the project's browser checks, no GPU).
import { launchBrowser as launchChromium } from '../../e2e/support/browser.ts';
import { startTracehub } from '../lib/processes.ts';
import type { LedgerFigure } from './ledger.ts';

/** What one page load cost, read from the browser's own resource and paint timings. */
interface LoadFigures {
  requests: number;
  /** Bytes of JavaScript as they crossed the network (compressed) and as the browser ran them. */
  jsEncoded: number;
  jsDecoded: number;
  jsFiles: number;
  /** Requests that went to the network (transferSize > 0): on a return visit, revalidations. */
  fromNetwork: number;
  firstContentfulPaint: number;
}

/** The parts of the browser's timing entries read here (the bench compiles without the DOM library). */
interface Timing {
  name: string;
  startTime: number;
  transferSize: number;
  encodedBodySize: number;
  decodedBodySize: number;
}
interface Timeline {
  getEntriesByType(type: string): Timing[];
  getEntriesByName(name: string): Timing[];
}

async function loadFigures(page: Page): Promise<LoadFigures> {
  return page.evaluate(() => {
    const timeline = (globalThis as unknown as { performance: Timeline }).performance;
    const resources = timeline.getEntriesByType('resource');
    const all = [...timeline.getEntriesByType('navigation'), ...resources];
    const js = resources.filter((r) => new URL(r.name).pathname.endsWith('.js'));
    return {
      requests: all.length,
      jsEncoded: js.reduce((sum, r) => sum + r.encodedBodySize, 0),
      jsDecoded: js.reduce((sum, r) => sum + r.decodedBodySize, 0),
      jsFiles: js.length,
      fromNetwork: all.filter((r) => r.transferSize > 0).length,
      firstContentfulPaint: timeline.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
const ms = (value: number) => `${Math.round(value)} ms`;
/** The median of the runs that produced the figure (a run without a paint entry is left out). */
const median = (values: number[]) => {
  const seen = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return seen[Math.floor(seen.length / 2)] ?? NaN;
};

/**
 * The console's first load in Chromium against the built server (issue 15, item 3): /login cold (bytes of
 * JavaScript compressed, requests, first contentful paint), a return visit (what still goes to the
 * network), and sign-in to the workbench's data for an account with one enterprise. The reference, in the
 * same run and browser: a cold load of /api/health, the smallest document the server sends (one request,
 * no script), which is what any page costs before its own content.
 */
export async function browserScenarios(): Promise<LedgerFigure[]> {
  const server = await startTracehub();
  const browser = await launchChromium();
  try {
    const runs = 5;
    const cold: LoadFigures[] = [];
    const reference: number[] = [];
    const returns: LoadFigures[] = [];
    const signIns: number[] = [];
    for (let i = 0; i < runs; i++) {
      const refContext = await browser.newContext();
      const refPage = await refContext.newPage();
      await refPage.goto(`${server.url}/api/health`, { waitUntil: 'load' });
      reference.push((await loadFigures(refPage)).firstContentfulPaint);
      await refContext.close();

      const context = await browser.newContext({ locale: 'zh-CN' });
      const page = await context.newPage();
      await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
      cold.push(await loadFigures(page));
      await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
      returns.push(await loadFigures(page));

      await page.locator('#login_loginAccount').fill('demo-auto');
      await page.locator('#login_password').fill('Demo@12345');
      const started = Date.now();
      await page.getByTestId('login-submit').click();
      await page.getByTestId('workbench-enterprise').getByText('星河汽车股份有限公司').first().waitFor();
      signIns.push(Date.now() - started);
      await context.close();
    }
    const first = cold[0]!;
    const back = returns[0]!;
    return [
      {
        scenario: '/login cold: JavaScript over the network (compressed; as run)',
        figure: `${kb(first.jsEncoded)} in ${first.jsFiles} files (${kb(first.jsDecoded)} decoded)`,
        reference: 'target ≤ 400 kB compressed',
      },
      {
        scenario: '/login cold: requests',
        figure: String(first.requests),
        reference: '/api/health: 1',
      },
      {
        scenario: `/login cold: first contentful paint (median of ${runs})`,
        figure: ms(median(cold.map((c) => c.firstContentfulPaint))),
        reference: `/api/health cold, same browser: ${ms(median(reference))}; target < 1500 ms`,
      },
      {
        scenario: '/login return visit: requests that went to the network',
        figure: `${back.fromNetwork} of ${back.requests} (hashed assets from the cache, no revalidation)`,
        reference: `cold: ${first.fromNetwork} of ${first.requests}`,
      },
      {
        scenario: `sign-in (one enterprise) to the workbench's data, no reload (median of ${runs})`,
        figure: ms(median(signIns)),
        reference: `first contentful paint of /login: ${ms(median(cold.map((c) => c.firstContentfulPaint)))}`,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
