import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  documentFieldLabel,
  documentType,
  ERRORS,
  usciCheckChar,
  validationMessage,
  type TDocumentLabelKey,
} from '@tracehub/contract';
import { screenshot, type TLang } from './support/browser';
import { openSealedRecord } from './support/chain-record';
import { AUTOMAKER, openFromSidebar, signIn } from './support/flows';
import { makePdf } from './support/files';
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
  rows,
  sheetTextRows,
} from './support/lists';
import { post, tokenOf } from './support/api';

const TEXT = {
  zh: {
    receiptMenu: ['采购', '采购入库'],
    deliveryMenu: ['销售', '销售出库'],
    createReceipt: '新增采购入库',
    created: '新增成功',
    deleted: '删除成功',
    attachmentUploaded: '附件上传成功',
    rowHeader: '行号',
  },
  en: {
    receiptMenu: ['Purchase', 'Receipts'],
    deliveryMenu: ['Sales', 'Deliveries'],
    createReceipt: 'Create receipt',
    created: 'Created',
    deleted: 'Deleted',
    attachmentUploaded: 'Attachment uploaded',
    rowHeader: 'Row',
  },
} as const;

const RECEIPT = documentType('PurchaseReceipt');
const DELIVERY = documentType('SaleDelivery');
const RECEIPTS = `list-${RECEIPT.route}`;
const RETURNS = `list-${documentType('PurchaseReturn').route}`;
const DELIVERIES = `list-${DELIVERY.route}`;
const FORM = 'document-form-dialog';
/** The browser logs the refused deletion's answer (B2081 is an HTTP 400). */
const REFUSED_LOG = /Failed to load resource: the server responded with a status of 400/;
/** More returns than the return detail lists (LIMITS.returnBillNumbersShown), so it offers "view more". */
const RETURN_COUNT = 21;

const usciOf = (first17: string) => `${first17}${usciCheckChar(first17) ?? ''}`;

/** A partner of the enterprise, created through the API: documents name their counterparty by its code. */
async function addPartner(
  baseUrl: string,
  token: string,
  partner: { partnerType: 'supplier' | 'client'; code: string; name: string; usci17: string },
): Promise<void> {
  const { usci17, ...rest } = partner;
  await post(baseUrl, '/partner/add', { ...rest, usci: usciOf(usci17) }, token);
}

/** A field's name in the session's language, as templates, lists and forms show it. */
const label = (key: TDocumentLabelKey, lang: TLang, def = RECEIPT) => documentFieldLabel(def, key)[lang];

/** The import template filled with rows under its header: each row's cells by field. */
const filledByField = (
  template: Buffer,
  lang: TLang,
  data: readonly Partial<Record<TDocumentLabelKey, string>>[],
): Promise<Buffer> =>
  filledTemplate(
    template,
    data.map((cells) =>
      Object.fromEntries(
        Object.entries(cells).map(([key, value]) => [label(key as TDocumentLabelKey, lang, DELIVERY), value]),
      ),
    ),
  );

async function formError(page: Page, text: string): Promise<void> {
  await page.getByTestId(FORM).locator('.ant-form-item-explain-error').getByText(text).first().waitFor();
}

/** Chooses an option of the open select or autocomplete dropdown by its text. */
async function chooseOption(page: Page, text: string): Promise<void> {
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
      hasText: text,
    })
    .first()
    .click();
}

describe('documents: purchase receipts with returns, attachments and evidence; sales delivery import', () => {
  const h = useHarness();

  for (const [index, lang] of (['zh', 'en'] as const satisfies readonly TLang[]).entries()) {
    const text = TEXT[lang];
    const LANG = lang.toUpperCase();
    const supplier = {
      code: `SUP-${LANG}`,
      name: lang === 'zh' ? '江南电芯有限公司' : 'Jiangnan Cells Co., Ltd.',
    };
    const client = {
      code: `CLI-${LANG}`,
      name: lang === 'zh' ? '华东整车销售公司' : 'East Vehicle Sales Co.',
    };
    const receiptNo = `RK-${LANG}-001`;

    it(`creates a purchase receipt, shows its returns, attachment and chain record (${lang})`, async () => {
      const { page, context, errors } = await h.session(lang);
      const { baseUrl } = h.server();
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      const token = await tokenOf(context);
      await addPartner(baseUrl, token, {
        partnerType: 'supplier',
        ...supplier,
        usci17: `91320211MA1W3K5${index}1`,
      });

      await openFromSidebar(page, text.receiptMenu);
      const list = page.getByTestId(RECEIPTS);
      await list.waitFor();
      await screenshot(page, `document-receipt-list-empty-${lang}`);

      // Create: the contract's rules of the type refuse a receipt without its required fields.
      await list.getByTestId('toolbar-create').click();
      const form = page.getByTestId(FORM);
      await form.waitFor();
      await page.locator('.ant-modal-title', { hasText: text.createReceipt }).waitFor();
      await page.getByTestId('dialog-confirm').click();
      await formError(page, validationMessage('v.required', lang, { field: label('billNo', lang) }));
      await formError(page, validationMessage('v.required', lang, { field: label('partnerCode', lang) }));
      await formError(page, validationMessage('v.required', lang, { field: label('quantity', lang) }));
      await screenshot(page, `document-receipt-create-errors-${lang}`);

      await form.locator(`#${FORM}_billNo`).fill(receiptNo);
      await form.locator(`#${FORM}_bizTime`).fill('2026/01/15 10:30:00');
      await form.locator(`#${FORM}_bizTime`).press('Enter');
      // The partner picker suggests the enterprise's suppliers.
      await form.locator(`#${FORM}_partnerCode`).fill(supplier.code);
      await chooseOption(page, supplier.name);
      await form.locator(`#${FORM}_itemCode`).fill('M-CELL');
      await form.locator(`#${FORM}_itemName`).fill(lang === 'zh' ? '锂电池电芯' : 'Battery cell');
      await form.locator(`#${FORM}_batchNo`).fill('B-01');
      await form.locator(`#${FORM}_quantity`).pressSequentially('100');
      await form.locator(`#${FORM}_unit`).fill(lang === 'zh' ? '件' : 'pcs');
      await form.locator(`#${FORM}_unitPrice`).pressSequentially('12.5');
      // A price needs its currency; the amount must agree with quantity x price.
      await form.locator(`#${FORM}_amount`).pressSequentially('1300');
      await page.getByTestId('dialog-confirm').click();
      await formError(page, validationMessage('v.document.currencyRequired', lang));
      await formError(page, validationMessage('v.document.amountMismatch', lang));
      await form.locator(`#${FORM}_currency`).click();
      await chooseOption(page, 'CNY');
      await form.locator(`#${FORM}_amount`).fill('1250');
      await screenshot(page, `document-receipt-create-filled-${lang}`);
      await page.getByTestId('dialog-confirm').click();
      await message(page, text.created);
      await form.waitFor({ state: 'detached' });
      const target = row(list, receiptNo);
      await target.waitFor();
      await target.getByText(supplier.name).waitFor();
      await target.getByText('1,250').waitFor();
      await screenshot(page, `document-receipt-list-${lang}`);

      // Returns against the receipt, through the API: more than the return detail shows.
      for (let i = 1; i <= RETURN_COUNT; i++) {
        await post(
          baseUrl,
          `/${documentType('PurchaseReturn').route}/add`,
          {
            billNo: `TH-${LANG}-${String(i).padStart(3, '0')}`,
            bizTime: Date.UTC(2026, 1, i),
            partnerCode: supplier.code,
            itemCode: 'M-CELL',
            batchNo: 'B-01',
            quantity: '1',
            relatedBillNos: [receiptNo],
          },
          token,
        );
      }

      // Its details: every field of the type, and the returns that name it.
      await target.getByTestId('action-view').click();
      const detail = page.getByTestId('document-detail-dialog');
      await detail.getByText(supplier.name).waitFor();
      await detail.getByTestId('document-returns').getByText(`TH-${LANG}-001`).waitFor();
      await screenshot(page, `document-receipt-detail-${lang}`);
      await page.getByTestId('dialog-confirm').click();
      await detail.waitFor({ state: 'detached' });

      // The return detail lists the first 20 numbers and opens the return list for the rest.
      await moreAction(page, target, 'returnDetail');
      const returns = page.getByTestId('return-detail-dialog');
      await returns.getByTestId('return-bill-nos').waitFor();
      expect(await returns.getByTestId('return-bill-nos').locator('.ant-tag').count()).toBe(20);
      await screenshot(page, `document-return-detail-${lang}`);
      await returns.getByTestId('return-view-more').click();
      await page.waitForURL(/\/stagePurchase\/return\?.*relatedBillNo=/);
      const returnList = page.getByTestId(RETURNS);
      await row(returnList, `TH-${LANG}-021`).waitFor();
      expect(await rows(returnList).count()).toBe(10);
      await returnList.getByText(String(RETURN_COUNT)).first().waitFor();
      await screenshot(page, `document-return-list-${lang}`);

      // An attachment, then the record's chain status opens its sealed blockchain record.
      await openFromSidebar(page, text.receiptMenu);
      await target.waitFor();
      await moreAction(page, target, 'uploadAttachment');
      const upload = page.getByTestId('upload-attachment-dialog');
      await upload.waitFor();
      await page
        .getByTestId('attachment-file')
        .locator('input[type=file]')
        .setInputFiles({ name: `receipt-${lang}.pdf`, mimeType: 'application/pdf', buffer: makePdf() });
      await page.getByTestId('attachment-file-chosen').waitFor();
      await page.getByTestId('dialog-confirm').click();
      await message(page, text.attachmentUploaded);
      await upload.waitFor({ state: 'detached' });
      await moreAction(page, target, 'viewAttachments');
      const attachments = page.getByTestId('attachments-dialog');
      await attachments.getByText(`receipt-${lang}.pdf`).waitFor();
      await page.getByTestId('dialog-confirm').click();
      await attachments.waitFor({ state: 'detached' });

      const record = await openSealedRecord(page, target.getByTestId('chain-status-link'));
      await screenshot(page, `document-receipt-chain-${lang}`);
      await page.getByTestId('dialog-confirm').click();
      await record.waitFor({ state: 'detached' });
      expect(errors, errors.join('\n')).toEqual([]);
    });

    it(`imports sales deliveries with refused rows and keeps a delivery with returns (${lang})`, async () => {
      const { page, context, errors } = await h.session(lang);
      const { baseUrl } = h.server();
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      const token = await tokenOf(context);
      await addPartner(baseUrl, token, {
        partnerType: 'client',
        ...client,
        usci17: `91330100MA2H6R8${index}1`,
      });

      await openFromSidebar(page, text.deliveryMenu);
      const list = page.getByTestId(DELIVERIES);
      await list.waitFor();
      await list.getByTestId('toolbar-import').click();
      await page.getByTestId('import-dialog').waitFor();
      await importStep(page, 'choose');
      const template = await downloaded(page, () => page.getByTestId('import-template').click());
      expect(template.name).toMatch(/\.xlsx$/);
      const good = (n: number) => ({
        billNo: `CK-${LANG}-00${n}`,
        bizTime: '2026-02-01 09:00:00',
        partnerCode: client.code,
        itemCode: 'P-SEAT',
        batchNo: `L-${n}`,
        quantity: String(10 * n),
      });
      const file = await filledByField(template.body, lang, [
        good(1),
        good(2),
        { ...good(3), billNo: '' },
        { ...good(4), quantity: 'abc' },
        { ...good(5), partnerCode: 'NO-SUCH' },
      ]);
      await chooseImportFile(page, `deliveries-${lang}.xlsx`, file);
      await page.getByTestId('import-start').click();
      await importStep(page, 'partial');
      expect(await importCount(page, 'success')).toBe(2);
      expect(await importCount(page, 'defeat')).toBe(3);
      expect(await importCount(page, 'total')).toBe(5);
      await screenshot(page, `document-delivery-import-result-${lang}`);

      // The error log lists each refused row by its number, with the reasons.
      const log = await downloaded(page, () => page.getByTestId('import-error-log').click());
      expect(log.name).toMatch(/\.xlsx$/);
      const logged = await sheetTextRows(log.body);
      expect(logged[0]?.[0]).toBe(text.rowHeader);
      const reasons = new Map(logged.slice(1).map((r) => [r[0], r.at(-1)]));
      expect([...reasons.keys()]).toEqual(['4', '5', '6']);
      expect(reasons.get('4')).toContain(
        validationMessage('v.required', lang, { field: label('billNo', lang, DELIVERY) }),
      );
      expect(reasons.get('5')).toContain(
        validationMessage('v.document.decimal', lang, { field: label('quantity', lang, DELIVERY) }),
      );
      expect(reasons.get('6')).toContain(
        validationMessage('v.document.partnerUnknown', lang, { code: 'NO-SUCH' }),
      );
      await page.getByTestId('import-close').click();
      const delivered = row(list, `CK-${LANG}-001`);
      await delivered.waitFor();
      await row(list, `CK-${LANG}-002`).waitFor();
      await screenshot(page, `document-delivery-list-${lang}`);

      // A delivery that a sales return names cannot be deleted: the server's reason is shown.
      await post(
        baseUrl,
        `/${documentType('SaleReturn').route}/add`,
        {
          billNo: `XT-${LANG}-001`,
          bizTime: Date.UTC(2026, 1, 2),
          partnerCode: client.code,
          itemCode: 'P-SEAT',
          batchNo: 'L-1',
          quantity: '2',
          relatedBillNos: [`CK-${LANG}-001`],
        },
        token,
      );
      await delivered.getByTestId('action-delete').click();
      await page.getByTestId('confirm-ok').click();
      await message(page, ERRORS.SALES_RETURNS_EXIST[lang]);
      await delivered.waitFor();
      // One without returns goes.
      await row(list, `CK-${LANG}-002`).getByTestId('action-delete').click();
      await page.getByTestId('confirm-ok').click();
      await message(page, text.deleted);
      await row(list, `CK-${LANG}-002`).waitFor({ state: 'detached' });
      const unexpected = errors.filter((e) => !REFUSED_LOG.test(e));
      expect(unexpected, unexpected.join('\n')).toEqual([]);
    });
  }
});
