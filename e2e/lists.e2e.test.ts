import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot, type TLang } from './support/browser';
import { AUTOMAKER, signIn } from './support/flows';
import { useHarness } from './support/harness';
import { row } from './support/lists';

/*
 * Issue 15, items 1 and 10: a list shows what a person came to read. On a 1440 px desktop the key column
 * and the columns marked important are in view without scrolling and no column's name is cut; a member's
 * column choice survives a reload; on a 390 px phone each row is a card. Read-only dialogs have one Close
 * button, a create dialog keeps its title, placeholders read as sentences, money has two decimals and its
 * currency, codes do not break mid-token.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const RECEIPTS = '/stagePurchase/receipt';
const RECEIPT = 'RK-XH-001';
/** The columns a purchase receipt is read by (the document field table's priority 1, and its evidence). */
const IMPORTANT = ['billNo', 'batchNo', 'vinSn', 'quantity', 'amount', 'chainStatus'];

const TEXT = {
  zh: {
    close: '关闭',
    currency: '请选择币种',
    billNo: '请输入单据编号',
    created: '创建时间',
    email: '邮箱',
    settled: '无需邀请（已入驻）',
  },
  en: {
    close: 'Close',
    currency: 'Select a currency',
    billNo: 'Enter document number',
    created: 'Created',
    email: 'E-mail',
    settled: 'Not needed (settled)',
  },
} as const;

interface TBox {
  id: string;
  left: number;
  right: number;
}

/** The list's header cells, each with its column id and where it is on the screen. */
async function headerBoxes(list: Locator): Promise<TBox[]> {
  return list.locator('thead th[data-column]').evaluateAll((cells) =>
    cells.map((cell) => {
      const box = cell.getBoundingClientRect();
      return { id: cell.getAttribute('data-column') ?? '', left: box.left, right: box.right };
    }),
  );
}

/** Header cells whose name is cut (its text wider than its box), by their text. */
async function clippedHeaders(list: Locator): Promise<string[]> {
  // The text's own extent against its box: a pinned column's shadow makes scrollWidth useless.
  return list.locator('thead th').evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const title = cell.querySelector<HTMLElement>('.ant-table-column-title') ?? cell;
      const text = document.createRange();
      text.selectNodeContents(title);
      const box = title.getBoundingClientRect();
      const padding = title === cell ? parseFloat(getComputedStyle(cell).paddingRight) : 0;
      const cut = title.scrollWidth > title.clientWidth + 1 && title !== cell;
      return cut || text.getBoundingClientRect().right > box.right - padding + 1
        ? [cell.textContent ?? '']
        : [];
    }),
  );
}

/** The ids of the columns shown in view without scrolling: whole, left of the pinned action column. */
async function columnsInView(page: Page, list: Locator): Promise<string[]> {
  const boxes = await headerBoxes(list);
  const actions = boxes.find((b) => b.id === '__actions');
  const limit = Math.min(actions?.left ?? Infinity, page.viewportSize()!.width);
  return boxes.filter((b) => b.id !== '__actions' && b.left >= 0 && b.right <= limit + 1).map((b) => b.id);
}

async function shownColumns(list: Locator): Promise<string[]> {
  return (await headerBoxes(list)).map((b) => b.id);
}

describe('lists that show their data', () => {
  const h = useHarness({ env: async () => ({ SEED_DEMO_CHAIN: 'true' }) });

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    it(`shows a document list's important columns at 1440 px and keeps the member's choice (${lang})`, async () => {
      const { page, errors } = await h.session(lang, { viewport: DESKTOP });
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await page.goto(RECEIPTS);
      const list = page.getByTestId('list-stagePurchase/receipt');
      const receipt = row(list, RECEIPT);
      await receipt.waitFor();
      await screenshot(page, `document-receipt-list-${lang}`);

      // The key column and the important ones are in view, none under the pinned action column.
      expect(await columnsInView(page, list)).toEqual(expect.arrayContaining(IMPORTANT));
      expect((await shownColumns(list))[0]).toBe('billNo');
      expect(await clippedHeaders(list)).toEqual([]);
      // Money with two decimals and its currency; the evidence in words.
      await expect.poll(() => receipt.locator('[data-column="amount"]').textContent()).toBe('312,000.00 CNY');

      // Scrolled right, the number stays pinned at the left.
      await list
        .locator('.ant-table-content, .ant-table-body')
        .first()
        .evaluate((el) => (el.scrollLeft = 2000));
      const pinned = (await headerBoxes(list)).find((b) => b.id === 'billNo')!;
      expect(pinned.left).toBeGreaterThanOrEqual(0);
      expect(pinned.right).toBeLessThan(DESKTOP.width / 2);

      // Column settings: hide the VIN/SN, move the amount before the quantity; both survive a reload.
      await page.getByTestId('column-settings').click();
      const panel = page.getByTestId('column-settings-panel');
      await panel.getByTestId('column-toggle-vinSn').click();
      await panel.getByTestId('column-up-amount').click();
      await expect.poll(() => shownColumns(list)).not.toContain('vinSn');
      await page.reload();
      await row(list, RECEIPT).waitFor();
      const after = await shownColumns(list);
      expect(after).not.toContain('vinSn');
      expect(after.indexOf('amount')).toBeLessThan(after.indexOf('quantity'));
      // Back to the defaults.
      await page.getByTestId('column-settings').click();
      await page.getByTestId('column-settings-reset').click();
      await expect.poll(() => shownColumns(list)).toContain('vinSn');
      await page.getByTestId('column-settings').click();
      await page.getByTestId('column-settings-panel').waitFor({ state: 'hidden' });

      // The record's details: one Close button, its batch number on one line.
      await row(list, RECEIPT).getByTestId('action-view').click();
      const detail = page.getByTestId('document-detail-dialog');
      await detail.getByText('CELL-2026-03').waitFor();
      const modal = page.locator('.ant-modal').filter({ has: detail });
      const buttons = modal.locator('.ant-modal-footer button');
      expect(await buttons.count()).toBe(1);
      expect((await buttons.textContent())?.replace(/\s/g, '')).toBe(TEXT[lang].close.replace(/\s/g, ''));
      const lines = await detail
        .locator('.detail-token', { hasText: 'CELL-2026-03' })
        .first()
        .evaluate((el) => el.getClientRects().length);
      expect(lines).toBe(1);
      await buttons.click();
      await modal.waitFor({ state: 'hidden' });

      // The create dialog: placeholders that read as sentences, a blank currency, its title kept.
      await list.getByTestId('toolbar-create').click();
      const form = page.getByTestId('document-form-dialog');
      const dialog = page.locator('.ant-modal').filter({ has: form });
      const title = await dialog.locator('.ant-modal-title').textContent();
      expect(await form.locator('#document-form-dialog_billNo').getAttribute('placeholder')).toBe(
        TEXT[lang].billNo,
      );
      const currency = form
        .locator('.ant-form-item')
        .filter({ has: page.locator('#document-form-dialog_currency') });
      await expect
        .poll(() => currency.locator('.ant-select').first().textContent())
        .toContain(TEXT[lang].currency);
      await dialog.getByTestId('dialog-confirm').click();
      await form.locator('.ant-form-item-explain-error').first().waitFor();
      expect(await dialog.locator('.ant-modal-title').textContent()).toBe(title);
      await dialog.getByTestId('dialog-cancel').click();
      expect(errors).toEqual([]);
    });

    it(`cuts no column name on the role and member lists; a settled partner needs no invitation (${lang})`, async () => {
      const { page, errors } = await h.session(lang, { viewport: DESKTOP });
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await page.goto('/account/role');
      const roles = page.getByTestId('list-account/role');
      await roles.locator('tbody tr.ant-table-row').first().waitFor();
      await screenshot(page, `role-list-${lang}`);
      expect(await roles.locator('thead th').allTextContents()).toContain(TEXT[lang].created);
      expect(await clippedHeaders(roles)).toEqual([]);

      await page.goto('/account/member');
      const members = page.getByTestId('list-account/member');
      await members.locator('tbody tr.ant-table-row').first().waitFor();
      expect(await members.locator('thead th').allTextContents()).toContain(TEXT[lang].email);
      expect(await clippedHeaders(members)).toEqual([]);

      await page.goto('/basicData/partner');
      const partners = page.getByTestId('list-basicData/partner');
      await row(partners, 'HX-BAT').waitFor();
      await row(partners, 'HX-BAT').getByText(TEXT[lang].settled).waitFor();
      expect(errors).toEqual([]);
    });

    it(`shows a card per row on a 390 px phone (${lang})`, async () => {
      const { page, errors } = await h.session(lang, { viewport: PHONE });
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await page.goto(RECEIPTS);
      const list = page.getByTestId('list-stagePurchase/receipt');
      const card = list.getByTestId('list-card').filter({ hasText: RECEIPT });
      await card.waitFor();
      await screenshot(page, `document-receipt-list-phone-${lang}`);
      expect(await list.locator('table').count()).toBe(0);
      // The number is the card's title; the important fields are its lines; the actions at the bottom.
      expect(await card.locator('.list-card-title').textContent()).toContain(RECEIPT);
      const lines = await card
        .locator('.list-card-line')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-column')));
      expect(lines).toEqual(IMPORTANT.slice(1));
      await card.locator('.list-card-actions').getByTestId('action-view').waitFor();
      // Nothing wider than the phone.
      const box = await card.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      expect(errors).toEqual([]);
    });
  }
});
