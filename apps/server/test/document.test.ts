import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  DOCUMENT_TYPES,
  documentType,
  validationMessage,
  type TDocumentDetail,
  type TDocument,
  type TLang,
  type TListResponse,
  type TReturnDetail,
} from '@tracehub/contract';
import { ledgerEvents } from '../src/db/schema.ts';
import { usciOf } from '../src/seed/demo-companies.ts';
import { AS_AUTO, AS_SUPPLIER, call, useTestApp } from './support/app.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { seal } from './support/ledger.ts';
import { minimalDocument } from './support/records.ts';
import { documentSheet } from './support/document-sheets.ts';
import { download, importAndRun, sheetRows } from './support/workbooks.ts';

let serial = 0;
const freshUsci = () => usciOf(`91310115MA${String(++serial).padStart(7, '0')}`);
const T0 = Date.parse('2026-03-01T08:00:00Z');

describe('business documents (/stagePurchase, /stageProduction, /stageSale, /stageLogistics, /internalA-E)', () => {
  /** t.a, t.b: administrators of the automaker (A) and of the supplier (B). */
  const t = useTestApp({ a: AS_AUTO, b: AS_SUPPLIER });

  const post = <T = TDocumentDetail>(path: string, body: unknown, token = t.a, lang?: TLang) =>
    call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });
  const base = (code: string) => `/${documentType(code).route}`;
  const add = async (code: string, body: Record<string, unknown>, token = t.a) =>
    expectOk(await post(`${base(code)}/add`, { bizTime: T0, ...body }, token));
  const page = async (code: string, body: Record<string, unknown> = {}, token = t.a) =>
    expectOk(await post<TListResponse<TDocument>>(`${base(code)}/page`, { pageSize: 100, ...body }, token));
  const eventsOf = (id: number) =>
    dbOf(t)
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.subjectType, 'document'), eq(ledgerEvents.subjectId, String(id))))
      .orderBy(asc(ledgerEvents.id));
  const addPartner = async (partnerType: 'supplier' | 'client', code: string, token = t.a) =>
    expectOk(
      await call(t.app, '/partner/add', {
        token,
        body: { partnerType, code, name: `${code} 有限公司`, usci: freshUsci() },
      }),
    );

  beforeAll(async () => {
    await addPartner('supplier', 'SUP-1');
    await addPartner('supplier', 'SUP-2');
    await addPartner('client', 'CLI-1');
    await addPartner('supplier', 'SUP-B', t.b);
    await addPartner('client', 'CLI-B', t.b);
  });

  it('serves every type of the catalogue: create, list, detail and the evidence of each', async () => {
    let n = 0;
    for (const def of DOCUMENT_TYPES) {
      if (def.returnOf) continue; // returns need goods first; see below
      const created = await add(
        def.code,
        minimalDocument(def, ++n, def.partner === 'supplier' ? 'SUP-1' : 'CLI-1'),
      );
      expect(created).toMatchObject({ docType: def.code, typeCode: def.typeCode, stage: def.stage });
      const listed = await page(def.code, { billNo: created.billNo });
      expect(listed.list.map((d) => d.id)).toEqual([created.id]);
      const events = await eventsOf(created.id);
      expect(events.map((e) => e.eventType)).toEqual(['document.created']);
      expect(events[0]!.payload).toMatchObject({ docType: def.typeCode, billNo: created.billNo });
    }
    expect(n).toBeGreaterThan(40);
  });

  it('refuses invalid documents with the catalogue messages in zh and en', async () => {
    const cases: [
      string,
      Record<string, unknown>,
      string,
      Parameters<typeof validationMessage>[0],
      object,
    ][] = [
      [
        'PurchaseReceipt',
        { partnerCode: 'SUP-1', itemCode: 'M', batchNo: 'B', quantity: 1 },
        'billNo',
        'v.required',
        {},
      ],
      [
        'PurchaseReceipt',
        { billNo: 'R', partnerCode: 'SUP-1', itemCode: 'M', quantity: 1 },
        'batchNo',
        'v.document.lotRequired',
        {},
      ],
      [
        'PurchaseReceipt',
        { billNo: 'R', itemCode: 'M', batchNo: 'B', quantity: 1 },
        'partnerCode',
        'v.required',
        {},
      ],
      [
        'PurchaseReceipt',
        { billNo: 'R', partnerCode: 'SUP-1', itemCode: 'M', batchNo: 'B', quantity: '1.12345' },
        'quantity',
        'v.document.decimal',
        {},
      ],
      [
        'PurchaseReceipt',
        { billNo: 'R', partnerCode: 'SUP-1', itemCode: 'M', batchNo: 'B', quantity: -1 },
        'quantity',
        'v.document.decimal',
        {},
      ],
      [
        'PurchaseReceipt',
        { billNo: 'R', partnerCode: 'SUP-1', itemCode: 'M', batchNo: 'B', quantity: 2, unitPrice: 3 },
        'currency',
        'v.document.currencyRequired',
        {},
      ],
      [
        'PurchaseReceipt',
        {
          billNo: 'R',
          partnerCode: 'SUP-1',
          itemCode: 'M',
          batchNo: 'B',
          quantity: 2,
          unitPrice: 3,
          amount: 7,
          currency: 'CNY',
        },
        'amount',
        'v.document.amountMismatch',
        {},
      ],
      [
        'PurchaseReceipt',
        { billNo: 'R', partnerCode: 'SUP-1', itemCode: 'M', batchNo: 'B', quantity: 2, currency: 'JPY' },
        'currency',
        'v.invalidOption',
        {},
      ],
      [
        'PurchaseReceipt',
        { billNo: 'R', partnerCode: 'SUP-1', itemCode: 'M', batchNo: 'B', quantity: 2, siteName: 'x' },
        'siteName',
        'v.document.notOfType',
        {},
      ],
      [
        'ProductionStart',
        { billNo: 'P', partnerCode: 'SUP-1', itemCode: 'M', batchNo: 'B', quantity: 2 },
        'partnerCode',
        'v.document.noPartner',
        {},
      ],
      [
        'LogisticsTrans',
        {
          billNo: 'L',
          partnerCode: 'CLI-1',
          shippingAddress: 'a',
          deliveryAddress: 'b',
          checkoutDate: T0,
          shippingLatitude: 91,
          shippingLongitude: 1,
          deliveryLatitude: 1,
          deliveryLongitude: 1,
        },
        'shippingLatitude',
        'v.tooBig',
        { max: 90 },
      ],
      ['InternalA11', { billNo: 'A', itemCode: 'CAR' }, 'vinSn', 'v.required', {}],
    ];
    for (const [code, body, field, key, params] of cases) {
      for (const lang of ['zh', 'en'] as const) {
        const res = await post(`${base(code)}/add`, { bizTime: T0, ...body }, t.a, lang);
        const message = validationMessage(key, lang, { field, ...params });
        expectError(res, 'VALIDATION', lang, { detail: message });
        expect(res.body.data).toEqual({ fields: [{ field, message }] });
      }
    }
    const unknown = await post(`${base('PurchaseReceipt')}/add`, {
      bizTime: T0,
      billNo: 'R-X',
      partnerCode: 'NOPE',
      itemCode: 'M',
      batchNo: 'B',
      quantity: 1,
    });
    expectError(unknown, 'DOCUMENT_PARTNER_UNKNOWN');
    // A client code is not a supplier.
    expectError(
      await post(`${base('PurchaseReceipt')}/add`, {
        bizTime: T0,
        billNo: 'R-X',
        partnerCode: 'CLI-1',
        itemCode: 'M',
        batchNo: 'B',
        quantity: 1,
      }),
      'DOCUMENT_PARTNER_UNKNOWN',
    );
  });

  it('edits, resolves related numbers, refuses duplicates, deletes, and records each change as evidence', async () => {
    const contract = await add('PurchaseContract', {
      billNo: 'PO-9',
      partnerCode: 'SUP-1',
      amount: 500,
      currency: 'USD',
    });
    const receipt = await add('PurchaseReceipt', {
      billNo: 'RK-9',
      partnerCode: 'SUP-1',
      itemCode: 'CELL',
      batchNo: 'L9',
      quantity: '12.5',
      unitPrice: 4,
      amount: 50,
      currency: 'CNY',
      relatedBillNos: ['PO-9', 'PO-UNKNOWN'],
    });
    expect(receipt).toMatchObject({
      quantity: '12.5',
      amount: '50',
      partnerName: 'SUP-1 有限公司',
      partnerSettled: false,
    });
    expect(receipt.related).toEqual([
      { billNo: 'PO-9', docType: 'PurchaseContract', id: contract.id },
      { billNo: 'PO-UNKNOWN', docType: null, id: null },
    ]);
    expectError(
      await post(`${base('PurchaseReceipt')}/add`, {
        bizTime: T0,
        billNo: 'RK-9',
        partnerCode: 'SUP-2',
        itemCode: 'CELL',
        batchNo: 'L9',
        quantity: 1,
      }),
      'DOCUMENT_EXISTS',
    );
    const edited = expectOk(
      await post(`${base('PurchaseReceipt')}/update`, {
        id: receipt.id,
        bizTime: T0,
        billNo: 'RK-9',
        partnerCode: 'SUP-2',
        itemCode: 'CELL',
        batchNo: 'L9',
        quantity: 13,
      }),
    );
    expect(edited).toMatchObject({ partnerCode: 'SUP-2', quantity: '13', amount: null, relatedBillNos: [] });
    await seal(t);
    const detail = expectOk(await post(`${base('PurchaseReceipt')}/detail`, { id: receipt.id }));
    expect(detail.chain).not.toBeNull();
    expect(expectOk(await post(`${base('PurchaseReceipt')}/delete`, { id: receipt.id }))).toBeNull();
    expect((await eventsOf(receipt.id)).map((e) => e.eventType)).toEqual([
      'document.created',
      'document.updated',
      'document.deleted',
    ]);
    expectError(await post(`${base('PurchaseReceipt')}/detail`, { id: receipt.id }), 'NOT_FOUND');
  });

  it("keeps every endpoint of a type to the caller's enterprise", async () => {
    const mine = await add('SaleDelivery', {
      billNo: 'SD-T',
      partnerCode: 'CLI-1',
      itemCode: 'P',
      batchNo: 'B',
      quantity: 1,
    });
    const path = base('SaleDelivery');
    expect((await page('SaleDelivery', {}, t.b)).list.some((d) => d.id === mine.id)).toBe(false);
    expectError(await post(`${path}/detail`, { id: mine.id }, t.b), 'NOT_FOUND');
    expectError(
      await post(
        `${path}/update`,
        {
          id: mine.id,
          bizTime: T0,
          billNo: 'SD-T',
          partnerCode: 'CLI-B',
          itemCode: 'P',
          batchNo: 'B',
          quantity: 2,
        },
        t.b,
      ),
      'NOT_FOUND',
    );
    expectError(await post(`${path}/delete`, { id: mine.id }, t.b), 'NOT_FOUND');
    expectError(await post(`${path}/batchDelete`, { ids: [mine.id] }, t.b), 'NOT_FOUND');
    // A's partner code means nothing to B.
    expectError(
      await post(
        `${path}/add`,
        { bizTime: T0, billNo: 'SD-B', partnerCode: 'CLI-1', itemCode: 'P', batchNo: 'B', quantity: 1 },
        t.b,
      ),
      'DOCUMENT_PARTNER_UNKNOWN',
    );
    const exported = await download(t.app, `${path}/export`, { token: t.b, method: 'POST', body: {} });
    expect((await sheetRows(Buffer.from(exported.raw))).flat()).not.toContain('SD-T');
    await add('PurchaseReceipt', {
      billNo: 'RK-T',
      partnerCode: 'SUP-1',
      itemCode: 'M',
      batchNo: 'B',
      quantity: 1,
    });
    expectError(
      await post(
        '/stagePurchase/return/detailOfReceipt',
        { billNo: 'RK-T', materialsCode: 'M', batchNo: 'B' },
        t.b,
      ),
      'NOT_FOUND',
    );
    expect((await eventsOf(mine.id)).map((e) => e.eventType)).toEqual(['document.created']);
  });

  it('counts returns against their goods: returnable quantity, missing goods, deletion and the return detail', async () => {
    await add('PurchaseReceipt', {
      billNo: 'RK-R',
      partnerCode: 'SUP-1',
      itemCode: 'CELL',
      batchNo: 'LR',
      quantity: 30,
    });
    const ret = (billNo: string, quantity: number, related = ['RK-R'], lot = 'LR') =>
      post(`${base('PurchaseReturn')}/add`, {
        bizTime: T0,
        billNo,
        partnerCode: 'SUP-1',
        itemCode: 'CELL',
        batchNo: lot,
        quantity,
        relatedBillNos: related,
      });
    for (let i = 1; i <= 25; i++) expectOk(await ret(`TH-${String(i).padStart(2, '0')}`, 1));
    expectError(await ret('TH-BIG', 6), 'RETURN_EXCEEDED');
    expectOk(await ret('TH-LAST', 5));
    expectError(await ret('TH-NONE', 1, ['RK-R'], 'OTHER-LOT'), 'RETURN_RECEIPT_MISSING');
    const detail = expectOk(
      await post<TReturnDetail>('/stagePurchase/return/detailOfReceipt', {
        billNo: 'RK-R',
        materialsCode: 'CELL',
        batchNo: 'LR',
      }),
    );
    expect(detail.total).toBe(26);
    expect(detail.returnBillNos).toHaveLength(20);
    expect(detail.returnBillNos[0]).toBe('TH-01');
    expect(detail).toMatchObject({ returnedQuantity: '30', receivedQuantity: '30' });
    const receiptList = await page('PurchaseReceipt', { billNo: 'RK-R' });
    const receiptDetail = expectOk(
      await post(`${base('PurchaseReceipt')}/detail`, { id: receiptList.list[0]!.id }),
    );
    expect(receiptDetail).toMatchObject({ returnCount: 26, returnable: '0' });
    expectError(
      await post(`${base('PurchaseReceipt')}/delete`, { id: receiptList.list[0]!.id }),
      'DOCUMENT_IN_USE',
    );

    // Sales: the spec's messages.
    const delivery = await add('SaleDelivery', {
      billNo: 'SD-R',
      partnerCode: 'CLI-1',
      itemCode: 'PACK',
      batchNo: 'PB',
      quantity: 4,
    });
    const sret = (billNo: string, quantity: number, related: string[]) =>
      post(`${base('SaleReturn')}/add`, {
        bizTime: T0,
        billNo,
        partnerCode: 'CLI-1',
        itemCode: 'PACK',
        batchNo: 'PB',
        quantity,
        relatedBillNos: related,
      });
    for (const lang of ['zh', 'en'] as const) {
      const res = await call(t.app, `${base('SaleReturn')}/add`, {
        token: t.a,
        lang,
        body: {
          bizTime: T0,
          billNo: 'XS-0',
          partnerCode: 'CLI-1',
          itemCode: 'PACK',
          batchNo: 'PB',
          quantity: 1,
          relatedBillNos: ['SD-NONE'],
        },
      });
      expectError(res, 'RETURN_SOURCE_MISSING', lang);
    }
    expectError(await sret('XS-1', 5, ['SD-R']), 'RETURN_EXCEEDED');
    const saleReturn = expectOk(await sret('XS-2', 4, ['SD-R']));
    for (const lang of ['zh', 'en'] as const) {
      const res = await call(t.app, `${base('SaleDelivery')}/delete`, {
        token: t.a,
        lang,
        body: { id: delivery.id },
      });
      expectError(res, 'SALES_RETURNS_EXIST', lang);
    }
    // The delivery's quantity cannot fall below what came back, nor its lot change.
    expectError(
      await post(`${base('SaleDelivery')}/update`, {
        id: delivery.id,
        bizTime: T0,
        billNo: 'SD-R',
        partnerCode: 'CLI-1',
        itemCode: 'PACK',
        batchNo: 'PB',
        quantity: 3,
      }),
      'RETURN_EXCEEDED',
    );
    expectError(
      await post(`${base('SaleDelivery')}/update`, {
        id: delivery.id,
        bizTime: T0,
        billNo: 'SD-R',
        partnerCode: 'CLI-1',
        itemCode: 'PACK',
        batchNo: 'PB2',
        quantity: 4,
      }),
      'SALES_RETURNS_EXIST',
    );
    // Editing the return itself may keep its own quantity (it is not counted twice).
    expectOk(
      await post(`${base('SaleReturn')}/update`, {
        id: saleReturn.id,
        bizTime: T0,
        billNo: 'XS-2',
        partnerCode: 'CLI-1',
        itemCode: 'PACK',
        batchNo: 'PB',
        quantity: 4,
        relatedBillNos: ['SD-R'],
        notes: 'checked',
      }),
    );
    expectOk(await post(`${base('SaleReturn')}/delete`, { id: saleReturn.id }));
    expect(expectOk(await post(`${base('SaleDelivery')}/delete`, { id: delivery.id }))).toBeNull();
  });

  it('imports sales deliveries and returns row by row with the spec reasons and an error log', async () => {
    const content = await documentSheet('SaleDelivery', 'zh', [
      {
        billNo: 'IMP-1',
        bizTime: '2026-03-02 10:00:00',
        partnerCode: 'CLI-1',
        itemCode: 'PACK',
        batchNo: 'I1',
        quantity: 10,
      },
      {
        billNo: 'IMP-2',
        bizTime: '2026-03-02 10:00:00',
        partnerCode: 'NOPE',
        itemCode: 'PACK',
        batchNo: 'I2',
        quantity: 10,
      },
      {
        billNo: 'IMP-3',
        bizTime: '2026-03-02 10:00:00',
        partnerCode: 'CLI-1',
        itemCode: 'PACK',
        quantity: 10,
      },
      {
        billNo: 'IMP-1',
        bizTime: '2026-03-02 10:00:00',
        partnerCode: 'CLI-1',
        itemCode: 'PACK',
        batchNo: 'I1',
        quantity: 10,
      },
      {
        billNo: 'IMP-4',
        bizTime: 'yesterday',
        partnerCode: 'CLI-1',
        itemCode: 'PACK',
        batchNo: 'I4',
        quantity: 10,
      },
    ]);
    const record = await importAndRun(t.app, t.runtime.deps, `${base('SaleDelivery')}/importExcel`, {
      token: t.a,
      content,
    });
    expect(record).toMatchObject({
      status: 'completed',
      importNum: 5,
      successNum: 1,
      defeatNum: 3,
      existNum: 1,
    });
    const log = await download(t.app, `/import/records/${record.id}/errorLog`, { token: t.a });
    const text = (await sheetRows(Buffer.from(log.raw))).flat().join('|');
    expect(text).toContain(validationMessage('v.document.partnerUnknown', 'zh', { code: 'NOPE' }));
    expect(text).toContain(validationMessage('v.document.lotRequired', 'zh'));

    const returns = await documentSheet('SaleReturn', 'en', [
      {
        billNo: 'RI-1',
        bizTime: '2026-03-03',
        partnerCode: 'CLI-1',
        itemCode: 'PACK',
        batchNo: 'I1',
        quantity: 6,
        relatedBillNos: 'IMP-1',
      },
      {
        billNo: 'RI-2',
        bizTime: '2026-03-03',
        partnerCode: 'CLI-1',
        itemCode: 'PACK',
        batchNo: 'I1',
        quantity: 6,
        relatedBillNos: 'IMP-1',
      },
      {
        billNo: 'RI-3',
        bizTime: '2026-03-03',
        partnerCode: 'CLI-1',
        itemCode: 'PACK',
        batchNo: 'I9',
        quantity: 1,
        relatedBillNos: 'IMP-1',
      },
    ]);
    const rrecord = await importAndRun(t.app, t.runtime.deps, `${base('SaleReturn')}/importExcel`, {
      token: t.a,
      content: returns,
      lang: 'en',
    });
    expect(rrecord).toMatchObject({ successNum: 1, defeatNum: 2 });
    const rlog = await download(t.app, `/import/records/${rrecord.id}/errorLog`, { token: t.a, lang: 'en' });
    const rtext = (await sheetRows(Buffer.from(rlog.raw))).flat().join('|');
    expect(rtext).toContain(validationMessage('v.document.returnExceeded', 'en', { left: '4' }));
    expect(rtext).toContain('Unable to import, no sales data found');
    expect((await page('SaleReturn', { billNo: 'RI-' })).list.map((d) => d.billNo)).toEqual(['RI-1']);
  });

  it('exports the list in the request language and guards the partners documents name', async () => {
    const res = await download(t.app, `${base('SaleDelivery')}/export`, {
      token: t.a,
      method: 'POST',
      body: { billNo: 'IMP-1' },
      lang: 'en',
    });
    const rows = await sheetRows(Buffer.from(res.raw));
    expect(rows[0]).toContain('Client code');
    expect(rows.flat()).toContain('IMP-1');
    const partners = expectOk(
      await call<TListResponse<{ id: number; code: string }>>(t.app, '/partner/page', {
        token: t.a,
        body: { code: 'CLI-1' },
      }),
    );
    const cli = partners.list.find((p) => p.code === 'CLI-1')!;
    expectError(await call(t.app, '/partner/delete', { token: t.a, body: { id: cli.id } }), 'RECORD_IN_USE');
  });

  it("suggests the enterprise's partners of the type's side to its forms", async () => {
    const options = (code: string, token = t.a) =>
      post<{ code: string }[]>(`${base(code)}/partnerOptions`, { keyword: 'SUP' }, token).then(expectOk);
    expect((await options('PurchaseReceipt')).map((p) => p.code).sort()).toEqual(['SUP-1', 'SUP-2']);
    expect(await options('SaleDelivery')).toEqual([]);
    expect(await options('ProductionStart')).toEqual([]);
    expect((await options('PurchaseReceipt', t.b)).map((p) => p.code)).toEqual(['SUP-B']);
  });

  it('lists the currencies of documents', async () => {
    const list = expectOk(
      await call<{ code: string }[]>(t.app, '/common/getAllCurrency', { token: t.a, method: 'GET' }),
    );
    expect(list.map((c) => c.code)).toEqual(CURRENCIES.map((c) => c.code));
  });
});
