import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { validationMessage } from '@tracehub/contract';
import { screenshot, type TLang } from './support/browser';
import { openSealedRecord } from './support/chain-record';
import { makePng } from './support/certify';
import { AUTOMAKER, openFromSidebar, signIn } from './support/flows';
import { useHarness } from './support/harness';
import {
  chooseImportFile,
  downloaded,
  filledTemplate,
  importCount,
  importStep,
  message,
  moreAction,
  row,
  sheetTextRows,
} from './support/lists';
import { makePdf } from './support/files';

const TEXT = {
  zh: {
    menu: ['基础数据', '物料'],
    homemadeMenu: ['基础数据', '自制半成品'],
    code: '物料编号',
    name: '物料名称',
    weightHeader: '重量（kg）',
    tracingHeader: '是否溯源对象',
    batchHeader: '批次号',
    created: '新增成功',
    qualityAttached: '质检报告已上传，已记录区块链存证',
    rowHeader: '行号',
    stockIn: '完工入库单号',
  },
  en: {
    menu: ['Master Data', 'Materials'],
    homemadeMenu: ['Master Data', 'Homemade Semi-finished Products'],
    code: 'Material code',
    name: 'Material name',
    weightHeader: 'Weight (kg)',
    tracingHeader: 'Tracing object',
    batchHeader: 'Batch number',
    created: 'Created',
    qualityAttached: 'Quality report uploaded and recorded on chain',
    rowHeader: 'Row',
    stockIn: 'Stock-in number',
  },
} as const;

const LIST = 'list-basicData/materialData';

async function formError(page: Page, text: string): Promise<void> {
  await page
    .getByTestId('material-form-dialog')
    .locator('.ant-form-item-explain-error')
    .getByText(text)
    .waitFor();
}

describe('materials: create, bulk import with refused rows, quality report on chain', () => {
  const h = useHarness();

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    const text = TEXT[lang];
    const prefix = `MAT-${lang.toUpperCase()}`;
    const created = `${prefix}-001`;

    it(`creates a material after its validation errors, imports a file with bad rows (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await openFromSidebar(page, text.menu);
      const list = page.getByTestId(LIST);
      await list.waitFor();
      await screenshot(page, `material-list-empty-${lang}`);

      // Create: the contract's rules refuse an empty code and a malformed weight in the browser first.
      await list.getByTestId('toolbar-create').click();
      const form = page.getByTestId('material-form-dialog');
      await form.waitFor();
      await form.locator('#material-form-dialog_weight').fill('12,5kg');
      await page.getByTestId('dialog-confirm').click();
      await formError(page, validationMessage('v.required', lang, { field: text.code }));
      await formError(page, validationMessage('v.required', lang, { field: text.name }));
      await formError(page, validationMessage('v.weight.format', lang));
      await screenshot(page, `material-create-errors-${lang}`);
      // Typing normalises the number: at most 9 integer digits and 4 decimals are kept.
      await form.locator('#material-form-dialog_weight').fill('');
      await form.locator('#material-form-dialog_weight').pressSequentially('1234567890.123456');
      expect(await form.locator('#material-form-dialog_weight').inputValue()).toBe('123456789.1234');
      await form.locator('#material-form-dialog_code').fill(created);
      await form.locator('#material-form-dialog_name').fill(lang === 'zh' ? '锂电池电芯' : 'Battery cell');
      await form.locator('#material-form-dialog_batchNo').fill('B-01');
      await form.locator('#material-form-dialog_tracingObject').click();
      await form.locator('#material-form-dialog_receiptTime').fill('2026/01/15 10:30:00');
      await form.locator('#material-form-dialog_receiptTime').press('Enter');
      await screenshot(page, `material-create-filled-${lang}`);
      await page.getByTestId('dialog-confirm').click();
      await message(page, text.created);
      await form.waitFor({ state: 'detached' });
      const target = row(list, created);
      await target.waitFor();
      await target.getByText('123,456,789.1234').waitFor();
      await target.getByText('2026/01/15 10:30:00').waitFor();

      // Import: the template, filled with good rows and bad ones.
      await list.getByTestId('toolbar-import').click();
      await page.getByTestId('import-dialog').waitFor();
      await importStep(page, 'choose');
      const template = await downloaded(page, () => page.getByTestId('import-template').click());
      expect(template.name).toMatch(/\.xlsx$/);
      const file = await filledTemplate(template.body, [
        { [text.code]: `${prefix}-IMP-1`, [text.name]: 'one', [text.weightHeader]: '1.5' },
        {
          [text.code]: `${prefix}-IMP-2`,
          [text.name]: 'two',
          [text.tracingHeader]: lang === 'zh' ? '是' : 'yes',
        },
        { [text.name]: 'no code' },
        { [text.code]: `${prefix}-IMP-3`, [text.name]: 'heavy', [text.weightHeader]: '-2' },
        { [text.code]: `${prefix}-IMP-4`, [text.name]: 'unsure', [text.tracingHeader]: 'maybe' },
        { [text.code]: created, [text.name]: 'exists', [text.batchHeader]: 'B-01' },
      ]);
      await chooseImportFile(page, `materials-${lang}.xlsx`, file);
      await page.getByTestId('import-start').click();
      await importStep(page, 'partial');
      expect(await importCount(page, 'success')).toBe(2);
      expect(await importCount(page, 'defeat')).toBe(3);
      expect(await importCount(page, 'exist')).toBe(1);
      expect(await importCount(page, 'total')).toBe(6);
      await screenshot(page, `material-import-result-${lang}`);

      // The error log is a workbook listing each refused row by its number, with the reasons.
      const log = await downloaded(page, () => page.getByTestId('import-error-log').click());
      expect(log.name).toMatch(/\.xlsx$/);
      const logged = await sheetTextRows(log.body);
      expect(logged[0]?.[0]).toBe(text.rowHeader);
      const reasons = new Map(logged.slice(1).map((r) => [r[0], r.at(-1)]));
      expect([...reasons.keys()]).toEqual(['4', '5', '6', '7']);
      expect(reasons.get('4')).toBe(validationMessage('v.required', lang, { field: text.code }));
      expect(reasons.get('5')).toBe(validationMessage('v.weight.format', lang));
      expect(reasons.get('6')).toBe(validationMessage('v.type', lang, { field: text.tracingHeader }));
      expect(reasons.get('7')).toBe(validationMessage('v.import.exists', lang));

      await page.getByTestId('import-close').click();
      await row(list, `${prefix}-IMP-1`).waitFor();
      await row(list, `${prefix}-IMP-2`).waitFor();
      await screenshot(page, `material-list-${lang}`);

      // The upload records page lists the import with its result.
      await list.getByTestId('toolbar-uploadRecords').click();
      await page.waitForURL('**/basicData/materialData/uploadOperation');
      const records = page.getByTestId('list-basicData/materialData/uploadOperation');
      await row(records, `materials-${lang}.xlsx`).waitFor();
      await screenshot(page, `material-upload-records-${lang}`);
      await page.getByTestId('page-back').click();
      await list.waitFor();

      // The homemade page is its own list, with the stock-in fields of production completion.
      await openFromSidebar(page, text.homemadeMenu);
      const homemade = page.getByTestId('list-basicData/materialDataIn');
      await homemade.waitFor();
      await homemade.locator('.ant-table-thead').getByText(text.stockIn).waitFor();
      expect(await homemade.getByText(created).count()).toBe(0);
      await screenshot(page, `material-homemade-list-${lang}`);
      expect(errors, errors.join('\n')).toEqual([]);
    });

    it(`attaches a quality report and opens its chain record (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await openFromSidebar(page, text.menu);
      const list = page.getByTestId(LIST);
      const target = row(list, created);
      await target.waitFor();

      await moreAction(page, target, 'qualityReport');
      const dialog = page.getByTestId('quality-upload-dialog');
      await dialog.waitFor();
      // An image is no quality report: refused before anything is sent.
      await page
        .getByTestId('quality-file')
        .locator('input[type=file]')
        .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: makePng(32, 32, [200, 60, 60]) });
      await page.getByTestId('quality-file-problem').waitFor();
      await screenshot(page, `material-quality-refused-${lang}`);
      await page
        .getByTestId('quality-file')
        .locator('input[type=file]')
        .setInputFiles({ name: `quality-${lang}.pdf`, mimeType: 'application/pdf', buffer: makePdf() });
      await page.getByTestId('quality-file-chosen').waitFor();
      await page.getByTestId('dialog-confirm').click();
      await message(page, text.qualityAttached);
      await dialog.waitFor({ state: 'detached' });

      const report = target.getByTestId('quality-report');
      await report.getByText(`quality-${lang}.pdf`).waitFor();
      // Downloading gives the same bytes.
      const saved = await downloaded(page, () => report.getByTestId('quality-report-download').click());
      expect(saved.name).toBe(`quality-${lang}.pdf`);
      expect(saved.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await screenshot(page, `material-quality-${lang}`);

      // The report's chain status opens the blockchain record of its upload.
      const record = await openSealedRecord(page, report.getByTestId('chain-status-link'));
      await screenshot(page, `material-quality-chain-${lang}`);
      await page.getByTestId('dialog-confirm').click();
      await record.waitFor({ state: 'detached' });

      // The details show it too.
      await target.getByTestId('action-view').click();
      const detail = page.getByTestId('material-detail-dialog');
      await detail.getByText(`quality-${lang}.pdf`).waitFor();
      await screenshot(page, `material-detail-${lang}`);
      expect(errors, errors.join('\n')).toEqual([]);
    });
  }
});
