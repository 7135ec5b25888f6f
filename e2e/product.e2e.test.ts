import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { validationMessage, type TImportRecord } from '@tracehub/contract';
import { screenshot, type TLang } from './support/browser';
import { AUTOMAKER, chooseOption, openFromSidebar, signIn } from './support/flows';
import { useHarness } from './support/harness';
import { message, moreAction, row, rows } from './support/lists';
import { makePdf } from './support/files';
import { post, tokenOf, type TEnvelope } from './support/api';

const TEXT = {
  zh: {
    menu: ['基础数据', '产品'],
    name: '产品名称',
    weight: '重量（kg）',
    baseYear: '基准年',
    created: '新增成功',
    updated: '修改成功',
    carbonUploaded: '碳足迹上传成功，已记录区块链存证',
    current: '当前',
    perPage: '1000 条/页',
  },
  en: {
    menu: ['Master Data', 'Products'],
    name: 'Product name',
    weight: 'Weight (kg)',
    baseYear: 'Base year',
    created: 'Created',
    updated: 'Saved',
    carbonUploaded: 'Carbon footprint uploaded and recorded on chain',
    current: 'Current',
    perPage: '1000 / page',
  },
} as const;

const LIST = 'list-basicData/product';
const DETAIL = 'detail-basicData/product';
const FORM = 'product-form-dialog';
/** Seeded products: more than the largest page. */
const SEEDED = 1_100;

/**
 * Seeds through the API what the pages pick from: a project code, a material, and SEEDED products by a
 * bulk import (polled until its job is done).
 */
async function seed(baseUrl: string, token: string): Promise<void> {
  await post(baseUrl, '/project/add', { code: 'PRJ-E2E' }, token);
  await post(baseUrl, '/materialData/add', { code: 'E2E-CELL', name: '电芯', nameEn: 'Battery cell' }, token);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Products');
  // Every column of the template, by its English header.
  sheet.addRow([
    'Product name',
    'English name',
    'Product code',
    'Batch number',
    'VIN/SN',
    'Description/specification',
    'Unit',
    'Weight (kg)',
    'Project code',
    'Tracing material codes',
  ]);
  for (let i = 1; i <= SEEDED; i++) {
    const n = String(i).padStart(4, '0');
    sheet.addRow([
      `座椅总成 ${i}`,
      `Seat ${i}`,
      `SEED-${n}`,
      'LOT-1',
      '',
      '',
      '套',
      `${i}.5`,
      'PRJ-E2E',
      'E2E-CELL',
    ]);
  }
  const form = new FormData();
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  form.append('file', new Blob([content]), 'seed.xlsx');
  const response = await fetch(`${baseUrl}/api/product/importExcel`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const queued = (await response.json()) as TEnvelope<TImportRecord>;
  if (queued.code !== '0000') throw new Error(`import: ${queued.msg}`);
  for (let i = 0; i < 240; i++) {
    const record = await fetch(`${baseUrl}/api/import/records/${queued.data.id}`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json() as Promise<TEnvelope<TImportRecord>>);
    if (record.data.status === 'completed' && record.data.successNum === SEEDED) return;
    if (record.data.status === 'completed' || record.data.status === 'failed')
      throw new Error(`seed import: ${JSON.stringify(record.data)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The seed import did not finish');
}

/** The error under a form field, by the field's name. */
const fieldError = (page: Page, name: string) =>
  page.getByTestId(FORM).locator(`.ant-form-item:has(#${FORM}_${name}) .ant-form-item-explain-error`);

describe('products: form, detail page, carbon footprint, search and large pages', () => {
  const h = useHarness();
  const seeded = h.perServer(seed);

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    const text = TEXT[lang];
    const code = `E2E-${lang.toUpperCase()}-1`;

    it(`creates and edits a product, opens its page and uploads its carbon footprint (${lang})`, async () => {
      const { page, context, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await seeded(h.server().baseUrl, await tokenOf(context));
      await openFromSidebar(page, text.menu);
      const list = page.getByTestId(LIST);
      await list.waitFor();
      await row(list, 'SEED-1100').waitFor();

      // The contract's rules refuse a missing name and a weight with 5 decimals in the browser first.
      await list.getByTestId('toolbar-create').click();
      const form = page.getByTestId(FORM);
      await form.waitFor();
      await form.locator(`#${FORM}_code`).fill(code);
      await form.locator(`#${FORM}_weight`).fill('1.12345');
      await page.getByTestId('dialog-confirm').click();
      await fieldError(page, 'name')
        .getByText(validationMessage('v.required', lang, { field: text.name }))
        .waitFor();
      await fieldError(page, 'weight')
        .getByText(validationMessage('v.weight.format', lang, { field: text.weight }))
        .waitFor();
      await screenshot(page, `product-create-errors-${lang}`);

      await form.locator(`#${FORM}_name`).fill('动力电池包');
      await form.locator(`#${FORM}_nameEn`).fill('Battery pack');
      await form.locator(`#${FORM}_batchNo`).fill('B-2026');
      await form.locator(`#${FORM}_vinSn`).fill(`SN-${lang}-0001`);
      await form.locator(`#${FORM}_weight`).fill('452.5');
      await form.locator(`#${FORM}_unit`).fill('套');
      await chooseOption(page, `${FORM}_projectCodeId`, 'PRJ-E2E');
      await chooseOption(page, `${FORM}_materialIds`, 'E2E-CELL', 'CELL');
      await screenshot(page, `product-create-filled-${lang}`);
      await page.getByTestId('dialog-confirm').click();
      await message(page, text.created);
      const created = row(list, code);
      await created.waitFor();
      await created.getByText('452.5').waitFor();

      // Edit: the form opens with the product's values, a weight of 10 integer digits is refused.
      await created.getByTestId('action-edit').click();
      await form.waitFor();
      expect(await form.locator(`#${FORM}_weight`).inputValue()).toBe('452.5');
      await form.locator(`#${FORM}_weight`).fill('1234567890');
      await page.getByTestId('dialog-confirm').click();
      await fieldError(page, 'weight')
        .getByText(validationMessage('v.weight.format', lang, { field: text.weight }))
        .waitFor();
      await form.locator(`#${FORM}_weight`).fill('460.25');
      await page.getByTestId('dialog-confirm').click();
      await message(page, text.updated);
      await created.getByText('460.25').waitFor();
      await screenshot(page, `product-list-${lang}`);

      // The detail page: identity card with the DID, tracing materials, chain status.
      await created.getByTestId('action-view').click();
      await page.waitForURL('**/basicData/product/detail/*');
      const detail = page.getByTestId(DETAIL);
      await detail.getByTestId('product-did').waitFor();
      expect(await detail.getByTestId('product-did').textContent()).toMatch(
        /^did:ethr:.+\/products\/[0-9a-f-]{36}$/,
      );
      await detail.getByTestId('product-materials').getByText('E2E-CELL').waitFor();

      // Upload a carbon footprint from the detail page: a future base year is refused first.
      await detail.getByTestId('action-carbonUpload').click();
      const upload = page.getByTestId('carbon-upload-dialog');
      await upload.waitFor();
      const nextYear = String(new Date().getFullYear() + 1);
      await upload.locator('#carbon-upload-dialog_baseYear').fill(nextYear);
      await upload.locator('#carbon-upload-dialog_calculationResults').fill('1234.5');
      await upload.locator('#carbon-upload-dialog_authenticationOrganization').fill('中国质量认证中心');
      await page.getByTestId('dialog-confirm').click();
      await upload
        .getByText(validationMessage('v.carbon.baseYearFuture', lang, { field: text.baseYear }))
        .waitFor();
      await upload.locator('#carbon-upload-dialog_baseYear').fill('2024');
      await page
        .getByTestId('carbon-lca-file')
        .locator('input[type=file]')
        .setInputFiles({ name: `LCA-${lang}.pdf`, mimeType: 'application/pdf', buffer: makePdf() });
      await page.getByTestId('carbon-lca-file-chosen').waitFor();
      await screenshot(page, `product-carbon-upload-${lang}`);
      await page.getByTestId('dialog-confirm').click();
      await message(page, text.carbonUploaded);
      await upload.waitFor({ state: 'detached' });
      const history = detail.getByTestId('carbon-history');
      await row(history, `LCA-${lang}.pdf`).getByTestId('carbon-current').waitFor();
      await row(history, `LCA-${lang}.pdf`).getByText('1234.5 kgCO2e').waitFor();
      await detail.getByText('1234.5 kgCO2e').first().waitFor();
      await screenshot(page, `product-detail-${lang}`);

      // The product's chain status opens its blockchain record.
      await detail.locator('.detail-card').getByTestId('chain-status-link').click();
      await page.getByTestId('chain-record-dialog').waitFor();
      await screenshot(page, `product-chain-record-${lang}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('chain-record-dialog').waitFor({ state: 'detached' });

      // Back on the list, the "Carbon calculation result" dialog shows the current result.
      await page.getByTestId('page-back').click();
      await list.waitFor();
      await moreAction(page, row(list, code), 'carbonResult');
      const result = page.getByTestId('carbon-result-dialog');
      await result.getByTestId('carbon-result-value').filter({ hasText: '1234.5 kgCO2e' }).waitFor();
      await result.getByText(`LCA-${lang}.pdf`).waitFor();
      await screenshot(page, `product-carbon-result-${lang}`);
      await page.getByTestId('dialog-confirm').click();
      await result.waitFor({ state: 'detached' });
      expect(errors, errors.join('\n')).toEqual([]);
    });

    it(`keeps the search mode, searches and shows 1,000 rows a page (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await openFromSidebar(page, text.menu);
      const list = page.getByTestId(LIST);
      await row(list, code).waitFor();

      // Basic search: one box.
      await list.getByTestId('search-combination-input').fill(code);
      await list.getByTestId('search-combination-input').press('Enter');
      await expect.poll(() => rows(list).count()).toBe(1);

      // Advanced search is kept when the page is left and opened again.
      await list.getByTestId('search-mode-toggle').click();
      await list.getByTestId('search-advanced').waitFor();
      await screenshot(page, `product-search-advanced-${lang}`);
      await row(list, code).getByTestId('action-view').click();
      await page.waitForURL('**/basicData/product/detail/*');
      await page.getByTestId('page-back').click();
      await list.getByTestId('search-advanced').waitFor();
      await page.reload();
      await page.getByTestId(LIST).getByTestId('search-advanced').waitFor();
      await page.getByTestId(LIST).getByTestId('search-reset').click();

      // 1,000 rows a page: the request asks for them and the table holds them (rendered as they scroll).
      const loaded = page.waitForResponse(
        (r) =>
          r.url().endsWith('/api/product/selectProductInfo') && r.request().postDataJSON()?.pageSize === 1000,
      );
      await page.getByTestId(LIST).locator('.ant-pagination-options .ant-select').click();
      await page.locator('.ant-select-item-option', { hasText: text.perPage }).click();
      const answer = (await (await loaded).json()) as TEnvelope<{ list: unknown[]; total: number }>;
      expect(answer.data.list).toHaveLength(1000);
      expect(answer.data.total).toBeGreaterThan(SEEDED);
      await page.getByTestId(LIST).locator('.ant-table-tbody-virtual').waitFor();
      await page.waitForURL(/pageSize=1000/);
      await screenshot(page, `product-list-1000-${lang}`);
      expect(errors, errors.join('\n')).toEqual([]);
    });
  }
});
