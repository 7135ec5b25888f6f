import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { AUTOMAKER, chooseOption, signIn } from './support/flows';
import { useHarness } from './support/harness';
import { dialog, message, row, rowAction } from './support/lists';

/** The shared chooser, with this file's argument order (typed text first). */
const choose = (page: Page, selectId: string, typed: string, label: string) =>
  chooseOption(page, selectId, label, typed);

/** The refused enabling of a rule without factors (B2101, HTTP 409), as the browser logs it. */
const REFUSED_LOG = /Failed to load resource: the server responded with a status of 409/;

const TEXT = {
  zh: {
    created: '规则已创建',
    refused: '请先设置因子再启用该规则！',
    saved: '已保存',
    enabled: '规则已启用',
    china: '中国',
    xinjiang: '新疆维吾尔自治区',
    chinaTyped: '中国',
    xinjiangTyped: '新疆',
    area: '地区：中国 / 新疆维吾尔自治区 / 全部',
    all: '全部',
    country: '缅甸',
    countryTyped: '缅甸',
  },
  en: {
    created: 'Rule created',
    refused: 'Please set factors before enabling this rule!',
    saved: 'Saved',
    enabled: 'Rule enabled',
    china: 'China',
    xinjiang: 'Xinjiang',
    chinaTyped: 'China',
    xinjiangTyped: 'Xinjiang',
    area: 'Area: China / Xinjiang / All',
    all: 'All',
    country: 'Laos',
    countryTyped: 'Laos',
  },
} as const;

describe('risk rules and risk areas (/rule/list, /rule/Factor)', () => {
  const h = useHarness();

  it.each(['zh', 'en'] as const)(
    'creates a rule, is refused enabling it before factors, sets factors and enables it; adds a risk area with province All (%s)',
    async (lang) => {
      const text = TEXT[lang];
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await page.goto('/rule/list');
      const list = page.getByTestId('list-rule/list');
      await list.waitFor();

      const name = `Rule ${lang} ${Date.now() % 100000}`;
      await page.getByTestId('toolbar-create').click();
      const form = dialog(page, 'risk-rule-form-dialog');
      await page.locator('#risk-rule-form-dialog_name').fill(name);
      await page.locator('#risk-rule-form-dialog_notes').fill('e2e');
      await form.getByTestId('dialog-confirm').click();
      await message(page, text.created);

      const rule = row(list, name);
      await rule.waitFor();
      const toggle = rule.locator('.ant-switch');
      await toggle.click();
      await message(page, text.refused);
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await screenshot(page, `risk-enable-refused-${lang}`);

      await rowAction(page, rule, 'factors');
      await page.getByTestId('risk-factor-page').waitFor();
      expect(await page.getByTestId('risk-factor-rule').textContent()).toContain(name);
      await page.getByTestId('risk-factor-add').hover();
      await page.getByTestId('risk-factor-add-area').click();
      const factor = page.getByTestId('risk-factor-0');
      await factor.waitFor();
      const placeId = (await factor.locator('[id$="-place-country"]').first().getAttribute('id')) ?? '';
      const stem = placeId.replace(/-country$/, '');
      await choose(page, `${stem}-country`, text.chinaTyped, text.china);
      await choose(page, `${stem}-province`, text.xinjiangTyped, text.xinjiang);
      await page.getByTestId('risk-factor-save').click();
      await message(page, text.saved);
      await screenshot(page, `risk-factors-${lang}`);

      await page.getByTestId('risk-factor-back').click();
      await list.waitFor();
      await expect.poll(() => rule.textContent()).toContain(text.area);
      await rule.locator('.ant-switch').click();
      await message(page, text.enabled);
      await expect.poll(() => rule.locator('.ant-switch').getAttribute('aria-checked')).toBe('true');
      await screenshot(page, `risk-rules-${lang}`);

      // A risk area: a country (one per language), province and city All.
      await page.getByTestId('risk-tab-areas').click();
      const areas = page.getByTestId('list-rule/list/areas');
      await areas.waitFor();
      await page.getByTestId('toolbar-create').click();
      const areaForm = dialog(page, 'risk-area-form-dialog');
      await choose(page, 'risk-place-country', text.countryTyped, text.country);
      expect(await areaForm.getByTestId('risk-place-province').getAttribute('placeholder')).toContain(
        text.all,
      );
      await areaForm.getByTestId('dialog-confirm').click();
      await message(page, text.saved);
      const area = row(areas, text.country);
      await area.waitFor();
      const cells = await area.locator('td').allTextContents();
      expect(cells.filter((c) => c === text.all).length).toBeGreaterThanOrEqual(2);
      await screenshot(page, `risk-areas-${lang}`);
      // The refused enabling answers 409 (B2101), which the browser logs; nothing else may fail.
      const unexpected = errors.filter((e) => !REFUSED_LOG.test(e));
      expect(unexpected, unexpected.join('\n')).toEqual([]);
    },
  );
});
