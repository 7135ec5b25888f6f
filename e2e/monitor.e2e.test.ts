import { describe, expect, it } from 'vitest';
import { vinCheckDigit } from '@tracehub/contract';
import { apiToken, post } from './support/api';
import { screenshot, type TLang } from './support/browser';
import { AUTOMAKER, openFromSidebar, signIn } from './support/flows';
import { useHarness } from './support/harness';
import { message } from './support/lists';

// Daily monitoring in the console (zh and en): the demo's week of daily reports (normal, abnormal, not
// validated) as a fresh start shows them; a day monitored now from the list, its report judged abnormal by
// the automatic run, the results by check, one check's abnormal data citing its document, and the report in
// the list with its state and counts.

const AUTO_UUID = 'e0a1c2d3-0001-4000-8000-000000000001';

const TEXT = {
  zh: {
    menu: ['日常监控', '监控日报'],
    started: '已开始监控',
    abnormal: '异常',
    fatal: '致命',
    check: 'VIN缺少生产或零部件记录',
    normal: '正常',
    notValidated: '未校验',
  },
  en: {
    menu: ['Daily Monitoring', 'Daily Reports'],
    started: 'Monitoring started',
    abnormal: 'Abnormal',
    fatal: 'Fatal',
    check: 'VIN without production or parts records',
    normal: 'Normal',
    notValidated: 'Not validated',
  },
} as const;

/** A day in the browser's (and the server's) local time, YYYY-MM-DD: today, or `daysAgo` before it. */
function today(daysAgo = 0): string {
  const d = new Date();
  d.setDate(d.getDate() - daysAgo);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

describe('daily monitoring: monitor a day, its report, results and abnormal data', () => {
  const h = useHarness({ env: async () => ({ SEED_DEMO_CHAIN: 'true', SEED_DEMO_MONITORING: 'true' }) });

  it('plants a vehicle sold without production, imported today', async () => {
    const { baseUrl } = h.server();
    const token = await apiToken(baseUrl, 'demo-auto', AUTO_UUID);
    const draft = 'LGXCE4CB0N0000098';
    const vin = `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
    await post(
      baseUrl,
      '/internalA/A1-1/add',
      { billNo: 'XS-MON-E2E', bizTime: Date.now(), vinSn: vin, itemCode: 'XH-EV7' },
      token,
    );
  });

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    const text = TEXT[lang];

    it(`shows the demo's week of daily reports, each judged by its run (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await openFromSidebar(page, text.menu);
      const list = page.getByTestId('list-dailyMonitor/dailyReport');
      const state = (daysAgo: number) => list.getByTestId(`monitor-state-${today(daysAgo)}`).first();
      await state(4).getByText(text.abnormal, { exact: true }).waitFor();
      await state(5).getByText(text.normal, { exact: true }).waitFor();
      await state(3).getByText(text.notValidated, { exact: true }).waitFor();
      await screenshot(page, `monitor-week-${lang}`);
      expect(errors).toEqual([]);
    });

    it(`monitors today and shows the report, its checks and abnormal data (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await openFromSidebar(page, text.menu);
      await page.waitForURL('**/dailyMonitor/dailyReport');

      // Monitor now: today (the day's report is made once; the second language finds it).
      await page.getByTestId('toolbar-runNow').click();
      const dialog = page.getByTestId('monitor-run-dialog');
      await dialog.waitFor();
      const input = page.locator(
        '.ant-modal [data-testid="monitor-run-day"] input, .ant-modal input[data-testid="monitor-run-day"]',
      );
      await input.first().click();
      await input.first().fill(today());
      await screenshot(page, `monitor-run-${lang}`);
      // Enter takes the typed day and submits the dialog's form.
      await input.first().press('Enter');
      await message(page, text.started);

      // The report: judged abnormal once its run has settled.
      await page.waitForURL('**/dailyMonitor/reportDetail?reportId=*');
      const card = page.getByTestId('monitor-detail-card');
      await card.getByTestId(`monitor-state-${today()}`).getByText(text.abnormal, { exact: true }).waitFor({
        timeout: 30_000,
      });
      const checks = page.getByTestId('list-dailyMonitor/reportDetail/checks');
      await checks.getByText(text.check).waitFor();
      await screenshot(page, `monitor-detail-${lang}`);

      // One check's abnormal data, citing the planted document.
      await page.getByTestId('monitor-check-errors-vin-without-production').click();
      await page.waitForURL('**/dailyMonitor/errorDetail?reportId=*&checkId=vin-without-production');
      const findings = page.getByTestId('list-dailyMonitor/errorDetail');
      await findings.getByText('XS-MON-E2E').waitFor();
      expect(await findings.textContent()).toContain(text.fatal);
      await screenshot(page, `monitor-errors-${lang}`);

      // The list: the day with its state badge and counts.
      await page.goto('/dailyMonitor/dailyReport');
      const list = page.getByTestId('list-dailyMonitor/dailyReport');
      await list.getByTestId(`monitor-state-${today()}`).first().waitFor();
      expect(await list.textContent()).toContain(today());
      await screenshot(page, `monitor-list-${lang}`);
      expect(errors).toEqual([]);
    });
  }
});
