import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/*
 * Accessibility checks with axe-core (Deque's rule engine): WCAG 2.1 A and AA rules on the page as it is
 * shown. axe is evaluated through the DevTools protocol, which the page's Content-Security-Policy does not
 * govern, so the console's policy stays as it is served.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface TAxeFinding {
  id: string;
  impact: string;
  help: string;
  /** Where: CSS selectors of the failing elements, and axe's summary of the first one. */
  targets: string[];
  summary: string;
}

/** The serious and critical WCAG 2.1 A/AA findings on the page now. */
export async function seriousFindings(page: Page): Promise<TAxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeResults> } })
      .axe;
    interface AxeResults {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[]; html: string; failureSummary?: string }[];
      }[];
    }
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => `${n.target.map(String).join(' ')}  ${n.html.slice(0, 160)}`),
        summary: v.nodes[0]?.failureSummary ?? '',
      }));
  });
}

/** A readable list of findings for a failing expectation. */
export const describeFindings = (where: string, findings: readonly TAxeFinding[]) =>
  findings
    .map((f) => `${where}: [${f.impact}] ${f.id}: ${f.help}\n  ${f.targets.join('\n  ')}\n  ${f.summary}`)
    .join('\n');
