import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, type TLang } from './support/browser';
import { AUTOMAKER, signIn } from './support/flows';
import { useHarness } from './support/harness';
import { apiToken, post } from './support/api';

const SUPPLIER_UUID = 'e0a1c2d3-0002-4000-8000-000000000002';

// Maps (issue 18 item 4), zh and en, with every request off the console's own origin refused (no network,
// no map keys): the battery maker's shipment on the logistics trajectory map (its curve between the shipping
// and the delivery place), downloaded as a business map; the automaker's suppliers on the supplier map,
// placed where they ship from (the battery maker's Suzhou plant, the mine's site).

const BATTERY = { zh: '恒信动力电池有限公司', en: 'Hengxin Power Battery Co., Ltd.' } as const;
const MINE = { zh: '北辰锂业有限公司', en: 'Beichen Lithium Co., Ltd.' } as const;
const TEXT = {
  zh: { trajectory: '查看所选物流轨迹', download: 'PNG' },
  en: { trajectory: 'Trajectory of the selected', download: 'PNG' },
} as const;

/** Refuses every request leaving the console's origin, and records them: the maps must need none. */
async function offline(page: Page, baseUrl: string): Promise<string[]> {
  const refused: string[] = [];
  const origin = new URL(baseUrl).origin;
  await page.context().route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    refused.push(url);
    return route.abort();
  });
  return refused;
}

describe('maps', () => {
  const h = useHarness({ env: async () => ({ SEED_DEMO_CHAIN: 'true' }) });

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    const text = TEXT[lang];

    it(`draws a shipment's trajectory offline and downloads it as a business map (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      const refused = await offline(page, h.server().baseUrl);
      await signIn(page, 'demo-supplier', BATTERY[lang]);
      await page.goto('/stageLogistics/trans');
      const row = page.locator('tr.ant-table-row').filter({ hasText: 'FY-HX-001' });
      await row.locator('input[type=checkbox]').check();
      await page.getByRole('button', { name: text.trajectory }).click();
      const dialog = page.getByTestId('trajectory-map-dialog');
      const map = dialog.getByTestId('trajectory-map');
      await map.locator('[data-renderer]').waitFor();
      // Both places of the shipment are on the map, and the shipment opens from either.
      await expect.poll(() => map.locator('.map-view-label').count()).toBeGreaterThanOrEqual(2);
      // Chosen by keyboard: the two places are close, and their labels may overlap at this scale.
      await map.locator('.map-view-label').first().focus();
      await page.keyboard.press('Enter');
      await dialog.getByTestId('trajectory-detail').getByText('FY-HX-001').waitFor();
      await screenshot(page, `trajectory-map-${lang}`);

      await dialog.getByTestId('map-download').click();
      const download = page.getByTestId('map-download-dialog');
      await download.getByTestId('map-download-format').getByText(text.download).click();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('.ant-modal').filter({ has: download }).getByTestId('dialog-confirm').click(),
      ]);
      expect(file.suggestedFilename()).toMatch(/\.png$/);

      // The same shipment from its product's page (/product/echoAddress).
      const token = await apiToken(h.server().baseUrl, 'demo-supplier', SUPPLIER_UUID);
      // The shipment's product (made by the first language's run).
      const base = h.server().baseUrl;
      const found = await post<{ list: { id: number }[] }>(
        base,
        '/graph/getProductList',
        { keyword: 'CELL-72' },
        token,
      );
      const product =
        found.list[0] ??
        (await post<{ id: number }>(
          base,
          '/product/addProduct',
          { name: '动力电芯', code: 'CELL-72', batchNo: 'CELL-2026-03', unit: '件' },
          token,
        ));
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await page.goto(`/basicData/product/detail/${product.id}`);
      await page.getByTestId('product-trajectory').click();
      const fromProduct = page.getByTestId('trajectory-map-dialog').last();
      await fromProduct.getByTestId('trajectory-map').locator('[data-renderer]').waitFor();
      await expect.poll(() => fromProduct.locator('.map-view-label').count()).toBeGreaterThanOrEqual(2);
      expect(refused).toEqual([]);
      expect(errors).toEqual([]);
    });

    it(`places the automaker's suppliers on the supplier map offline (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      const refused = await offline(page, h.server().baseUrl);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await page.goto('/visual/chain-d3');
      await page.getByTestId('network-supplier-map').click();
      const dialog = page.getByTestId('supplier-map-dialog');
      const map = dialog.getByTestId('supplier-map');
      await map.locator('[data-renderer]').waitFor();
      await expect
        .poll(() => map.locator('.map-view-label').allTextContents())
        .toEqual(expect.arrayContaining([BATTERY[lang], MINE[lang]]));
      await dialog.getByTestId('supplier-map-legend').waitFor();
      await map.locator('.map-view-label').filter({ hasText: MINE[lang] }).focus();
      await page.keyboard.press('Enter');
      await dialog.getByTestId('supplier-detail').getByText(MINE[lang]).waitFor();
      await screenshot(page, `supplier-map-${lang}`);
      expect(await dialog.getByTestId('supplier-unlocated').count()).toBe(0);
      expect(refused).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
