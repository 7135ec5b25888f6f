import { describe, expect, it } from 'vitest';
import { vinCheckDigit } from '@tracehub/contract';
import { apiToken, post } from './support/api';
import { SCREENS_DIR, screenshot, type TLang } from './support/browser';
import { AUTOMAKER, signIn } from './support/flows';
import { useHarness } from './support/harness';
import { rows } from './support/lists';

// The workbench dashboard (zh and en): the demo automaker's documents by stage and month, its evidence,
// unread messages; each chart and each figure opens the list it counts (the purchase documents of the
// clicked month, the evidence records, the unread messages).

const AUTO_UUID = 'e0a1c2d3-0001-4000-8000-000000000001';

const TEXT = {
  zh: { documents: '各阶段单据', ledger: '存证上链', purchase: '采购' },
  en: { documents: 'Documents by stage', ledger: 'Evidence on chain', purchase: 'Purchase' },
} as const;

describe('workbench dashboard', () => {
  const h = useHarness({ env: async () => ({ SEED_DEMO_CHAIN: 'true' }) });

  it('runs a troubleshooting task of the demo vehicles, for the findings panel', async () => {
    const { baseUrl } = h.server();
    const token = await apiToken(baseUrl, 'demo-auto', AUTO_UUID);
    const packages = await post<{ id: string; checkIds: string[] }[]>(
      baseUrl,
      '/dataChecking/packages',
      {},
      token,
    );
    const standard = packages.find((p) => p.id === 'standard')!;
    // A vehicle sold without production records: a fatal finding.
    const draft = 'LGXCE4CB0N0000097';
    const vin = `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
    await post(
      baseUrl,
      '/internalA/A1-1/add',
      { billNo: 'XS-DASH-E2E', bizTime: Date.now(), vinSn: vin, itemCode: 'XH-EV7' },
      token,
    );
    const task = await post<{ id: string }>(
      baseUrl,
      '/dataChecking/createTask',
      {
        taskType: 'internal',
        dimension: 'vin',
        vins: [vin],
        maxAmount: 10,
        packageId: 'standard',
        checkIds: standard.checkIds,
      },
      token,
    );
    await expect
      .poll(
        async () =>
          (
            await post<{ task: { status: string } }>(
              baseUrl,
              '/dataChecking/taskDetail',
              { taskId: task.id },
              token,
            )
          ).task.status,
        { timeout: 60_000 },
      )
      .toBe('completed');
  });

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    const text = TEXT[lang];

    it(`shows the charts and opens the lists they count (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      const documents = page.getByTestId('dashboard-documents');
      await documents.getByText(text.documents).waitFor();
      await page.getByTestId('dashboard-ledger').getByText(text.ledger).waitFor();
      await page.getByTestId('dashboard-messages').waitFor();
      // The charts have drawn (a canvas each).
      for (const id of ['dashboard-documents-chart', 'dashboard-ledger-chart'])
        await page.getByTestId(id).locator('canvas').first().waitFor();
      await screenshot(page, `dashboard-${lang}`);
      // The dashboard alone, for the README.
      await page.getByTestId('dashboard').screenshot({ path: `${SCREENS_DIR}/dashboard-panels-${lang}.png` });

      // The purchase stage's figure opens the purchase documents.
      const purchase = page.getByTestId('dashboard-stage-10');
      expect(await purchase.textContent()).toContain(text.purchase);
      await purchase.click();
      await page.waitForURL(/\/stagePurchase\//);
      await rows(page.locator('.ant-table').first()).first().waitFor();

      // The documents chart: a click in the current month's column opens that month's documents.
      await page.goto('/workbench');
      const chart = page.getByTestId('dashboard-documents-chart');
      await chart.locator('canvas').first().waitFor();
      await chart.scrollIntoViewIfNeeded();
      const box = (await chart.boundingBox())!;
      // The last month's column: just left of the grid's right edge (16 px), above the legend.
      await page.mouse.click(box.x + box.width - 40, box.y + box.height / 2);
      await page.waitForURL(/bizFrom=\d+&bizTo=\d+/);
      const from = Number(new URL(page.url()).searchParams.get('bizFrom'));
      const now = new Date();
      expect(from).toBe(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

      // The evidence chart opens the evidence records, the messages figure the message list.
      await page.goto('/workbench');
      const ledger = page.getByTestId('dashboard-ledger-chart');
      await ledger.locator('canvas').first().waitFor();
      await ledger.scrollIntoViewIfNeeded();
      const lbox = (await ledger.boundingBox())!;
      await page.mouse.click(lbox.x + lbox.width - 40, lbox.y + lbox.height / 2);
      await page.waitForURL(/\/chainRecords/);
      await page.goto('/workbench');
      await page.getByTestId('dashboard-messages-link').click();
      await page.waitForURL(/\/message\/list/);

      // The findings chart opens the task's abnormal data.
      await page.goto('/workbench');
      const findings = page.getByTestId('dashboard-findings-chart');
      await findings.locator('canvas').first().waitFor();
      await findings.scrollIntoViewIfNeeded();
      const fbox = (await findings.boundingBox())!;
      await page.mouse.click(fbox.x + 8, fbox.y + 8);
      await page.waitForURL(/\/dataChecking\/checkLog\/detail\?taskId=/);
      expect(errors).toEqual([]);
    });
  }
});
