import { describe, expect, it } from 'vitest';
import { vinCheckDigit } from '@tracehub/contract';
import { screenshot, type TLang } from './support/browser';
import { AUTOMAKER, signIn } from './support/flows';
import { useHarness } from './support/harness';

// The supply-chain network and the product network (issue 18 item 1), zh and en, on the demo chain (mine ->
// battery maker -> automaker -> three vehicles): the automaker's network reaches every tier down to the mine,
// a company's panel shows its flows and documents and opens its evidence package, and a vehicle's product
// network lists each document with its on-chain status, whose proof verifies in the browser.

const DRAFT = 'LGXCE4CB0N0000001';
/** The demo's first vehicle (its check digit as the seed computes it). */
const VIN = `${DRAFT.slice(0, 8)}${vinCheckDigit(DRAFT)}${DRAFT.slice(9)}`;

const TEXT = {
  zh: {
    mine: '北辰锂业有限公司',
    battery: '恒信动力电池有限公司',
    tier2: '2级供应商',
    source: '源头（矿产）型',
    list: '列表',
    vinTab: '或输入 VIN/SN',
    sealed: '已存证',
  },
  en: {
    mine: 'Beichen Lithium Co., Ltd.',
    battery: 'Hengxin Power Battery Co., Ltd.',
    tier2: 'Tier 2 supplier',
    source: 'Source (mineral) type',
    list: 'List',
    vinTab: 'or enter a VIN/SN',
    sealed: 'Recorded',
  },
} as const;

describe('supply-chain and product networks', () => {
  const h = useHarness({ env: async () => ({ SEED_DEMO_CHAIN: 'true' }) });

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    const text = TEXT[lang];

    it(`draws the demo chain from the mine to the vehicles and opens a company's panel and evidence (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await page.goto('/visual/chain-d3');
      const canvas = page.getByTestId('network-canvas');
      await canvas.waitFor();
      // The automaker, the battery maker (tier 1) and the mine (tier 2), with the two flows between them.
      await expect.poll(async () => Number(await canvas.getAttribute('data-nodes'))).toBe(3);
      expect(Number(await canvas.getAttribute('data-edges'))).toBe(2);
      const nodes = page.getByTestId('network-node');
      await expect
        .poll(() => nodes.allTextContents())
        .toEqual(expect.arrayContaining([text.mine, text.battery, AUTOMAKER[lang]]));
      await page.getByTestId('network-legend').waitFor();
      await screenshot(page, `chain-network-${lang}`);

      // The mine's panel: its tier and kind, and the ore it supplied.
      await page.getByTestId('network-search').locator('input').fill(text.mine.slice(0, 4));
      await page.locator('.ant-select-item-option').filter({ hasText: text.mine }).click();
      const panel = page.getByTestId('network-company-panel');
      await panel.getByText(text.tier2).waitFor();
      await panel.getByText(text.source).first().waitFor();
      await expect.poll(() => panel.getByTestId('network-flow').count()).toBeGreaterThan(0);
      // Each document of the flow with its evidence: sealed, and its proof verifies in the browser.
      await panel.getByTestId('chain-status-sealed').first().waitFor();
      await screenshot(page, `chain-network-panel-${lang}`);
      await panel.getByTestId('network-verify').first().click();
      const record = page.getByTestId('chain-record-dialog');
      await expect
        .poll(() => record.getByTestId('proof-verdict').getAttribute('class'))
        .toContain('proof-verdict-verified');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      // The battery maker (a direct supplier), chosen by keyboard from the canvas's node list: its panel opens
      // its evidence package export, on it.
      await nodes.filter({ hasText: text.battery }).focus();
      await page.keyboard.press('Enter');
      await panel.getByText(text.battery).first().waitFor();
      await panel.getByTestId('network-export-evidence').click();
      const dialog = page.getByTestId('evidence-company-dialog');
      await dialog.getByText('HX-BAT').waitFor();
      await expect.poll(() => dialog.locator('.ant-table-row-selected').count(), { timeout: 15_000 }).toBe(1);
      expect(await dialog.locator('.ant-table-row-selected').textContent()).toContain('HX-BAT');

      // The list view names the same flows.
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await page.getByTestId('network-view').getByText(text.list).click();
      const list = page.getByTestId('network-list');
      await list.getByText(text.mine).first().waitFor();
      expect(await list.locator('tbody tr.ant-table-row').count()).toBe(2);
      expect(errors).toEqual([]);
    });

    it(`draws a vehicle's product network with each document's verified evidence (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await page.goto('/visual/product');
      await page.getByTestId('product-network-prompt').waitFor();
      await page.getByTestId('product-network-start').getByText(text.vinTab).click();
      await page.getByTestId('product-network-vin').fill(VIN);
      await page.getByTestId('product-network-draw').click();
      const canvas = page.getByTestId('product-network-canvas');
      await canvas.waitFor();
      await expect
        .poll(async () => Number(await canvas.getAttribute('data-nodes')))
        .toBeGreaterThanOrEqual(4);
      await screenshot(page, `product-network-${lang}`);

      await page.getByTestId('product-network-view').getByText(text.list).click();
      const list = page.getByTestId('product-network-list');
      await list.getByText(text.sealed).first().waitFor();
      const rows = list.locator('tbody tr.ant-table-row');
      expect(await rows.count()).toBeGreaterThanOrEqual(3);
      // Every document of the demo chain is sealed; the first one's proof verifies in the browser.
      expect(await list.getByTestId('chain-status-pending').count()).toBe(0);
      await list.getByTestId('product-network-verify').first().click();
      const record = page.getByTestId('chain-record-dialog');
      await expect
        .poll(() => record.getByTestId('proof-verdict').getAttribute('class'))
        .toContain('proof-verdict-verified');
      await screenshot(page, `product-network-proof-${lang}`);
      expect(errors).toEqual([]);
    });
  }
});
