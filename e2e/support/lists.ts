import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { settledDropdown } from './flows';

/*
 * Steps on the shared list pages (apps/web/src/shared/list): their rows, row actions, messages, downloads
 * and the three-step bulk-import dialog, for every resource's browser test.
 */

export function rows(scope: Locator): Locator {
  return scope.locator('.ant-table-tbody tr.ant-table-row');
}

export function row(scope: Locator, text: string): Locator {
  return rows(scope).filter({ hasText: text });
}

/** Waits for a toast message with this text. */
export async function message(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message').getByText(text).first().waitFor();
}

/** The antd dialog that holds the element with this test id (its footer's buttons are outside the element). */
export function dialog(page: Page, testId: string): Locator {
  return page.locator('.ant-modal').filter({ has: page.getByTestId(testId) });
}

/** Clicks a row action, shown in the row or folded into its "More" menu. */
export async function rowAction(page: Page, scope: Locator, key: string): Promise<void> {
  const direct = scope.getByTestId(`action-${key}`);
  if (await direct.count()) await direct.click();
  else await moreAction(page, scope, key);
}

/** Opens a row action folded into the row's "More" menu. */
export async function moreAction(page: Page, scope: Locator, key: string): Promise<void> {
  await scope.getByTestId('action-more').click();
  await (await settledDropdown(page)).getByTestId(`action-${key}`).click();
}

/** Clicks, waits for the browser download it starts, and returns its name and content. */
export async function downloaded(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; body: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), body: readFileSync(path) };
}

/** Loads an xlsx workbook; fails when the bytes are not one. */
export async function workbookOf(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
  return workbook;
}

/**
 * An import template the page downloaded, filled with rows under its header: each row's cells by header text
 * (the session's language; a required column's trailing "*" is not part of it). The example row is replaced.
 */
export async function filledTemplate(
  template: Buffer,
  data: readonly Readonly<Record<string, string>>[],
): Promise<Buffer> {
  const workbook = await workbookOf(template);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('The template has no sheet');
  const columns = new Map<string, number>();
  sheet
    .getRow(1)
    .eachCell((cell, column) => columns.set(String(cell.text).replace(/\*$/, '').trim(), column));
  data.forEach((cells, i) => {
    const target = sheet.getRow(2 + i);
    columns.forEach((column) => (target.getCell(column).value = null));
    for (const [header, value] of Object.entries(cells)) {
      const column = columns.get(header);
      if (!column) throw new Error(`No column ${header} in ${[...columns.keys()].join(', ')}`);
      target.getCell(column).value = value;
    }
    target.commit();
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The first sheet's rows as cell texts. */
export async function sheetTextRows(body: Buffer): Promise<string[][]> {
  const sheet = (await workbookOf(body)).worksheets[0];
  const out: string[][] = [];
  sheet?.eachRow((r) => {
    const cells: string[] = [];
    r.eachCell({ includeEmpty: true }, (cell) => cells.push(String(cell.text)));
    out.push(cells);
  });
  return out;
}

/** A one-column xlsx: a header, then one value per row (a VIN list to upload). */
export async function oneColumnWorkbook(header: string, values: readonly string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of [[header], ...values.map((v) => [v])]) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Chooses the file of the import dialog's first step. */
export async function chooseImportFile(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page
    .getByTestId('import-file')
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: XLSX_TYPE, buffer });
  await page.getByTestId('import-file-chosen').filter({ hasText: name }).waitFor();
}

/** Waits until the import dialog shows a step: choose, running, partial, failed or done. */
export async function importStep(page: Page, step: string): Promise<void> {
  await page.locator(`[data-testid="import-step"][data-step="${step}"]`).waitFor({ timeout: 30_000 });
}

/** A result count of the import dialog: success, defeat, exist or total. */
export async function importCount(page: Page, key: string): Promise<number> {
  return Number(await page.getByTestId(`import-count-${key}`).getAttribute('data-value'));
}

/** Chooses an option of a list's search select (by its label) and searches. */
export async function searchSelect(page: Page, list: Locator, label: string, option: string): Promise<void> {
  await list.locator('.ant-form-item').filter({ hasText: label }).locator('.ant-select').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
  await list.getByTestId('search-submit').click();
}
