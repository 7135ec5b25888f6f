import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  FILE_BIZ_TYPES,
  validationMessage,
  type TCarbonFootprint,
  type TCarbonResult,
  type TLang,
  type TListResponse,
  type TProduct,
} from '@tracehub/contract';
import { ledgerEvents, productCarbon } from '../src/db/schema.ts';
import { withTenant } from '../src/platform/tenancy.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, SUPPLIER_UUID, call, useTestApp } from './support/app.ts';
import { memberWith } from './support/accounts.ts';
import { pdfBytes, pngBytes, sha256, upload } from './support/files.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { seal } from './support/ledger.ts';
import { xlsxOf } from './support/workbooks.ts';

const LCA = 'lcaReport';

describe('carbon footprints (/carbonFootprint)', () => {
  const t = useTestApp({ a: AS_AUTO, b: AS_SUPPLIER });

  const post = <T = TCarbonFootprint>(path: string, body: unknown, token = t.a, lang?: TLang) =>
    call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });
  const product = async (code: string, extra: Record<string, unknown> = {}, token = t.a) =>
    expectOk(await post<TProduct>('/product/addProduct', { name: `产品 ${code}`, code, ...extra }, token));
  /** Per session, a product that LCA reports not uploaded for a given product are filed under. */
  const holders = new Map<string, string>();
  const lcaHolder = async (token = t.a) => {
    const known = holders.get(token);
    if (known) return known;
    const { id } = await product(`LCA-HOLDER-${holders.size + 1}`, {}, token);
    holders.set(token, `Product:${id}`);
    return `Product:${id}`;
  };
  /**
   * Uploads an LCA report (a real PDF, unique content), filed under a product of the caller (`productId`,
   * else its holder product), and answers its key and SHA-256.
   */
  const lcaReport = async (token = t.a, fileName = 'LCA 报告.pdf', productId?: number) => {
    const content = Buffer.concat([pdfBytes(), Buffer.from(`% ${randomBytes(8).toString('hex')}\n`)]);
    const bizNo = productId === undefined ? await lcaHolder(token) : `Product:${productId}`;
    const file = expectOk(await upload(t.app, { token, bizType: LCA, bizNo, fileName, content }));
    return { ...file, sha: sha256(content) };
  };
  const addFootprint = async (productId: number, extra: Record<string, unknown> = {}, token = t.a) => {
    const file = await lcaReport(token, undefined, productId);
    return expectOk(
      await post(
        '/carbonFootprint/addCarbonFootprint',
        {
          productId,
          baseYear: 2024,
          calculationResults: '1234.5',
          fileKey: file.fileKey,
          authenticationOrganization: '中国质量认证中心',
          ...extra,
        },
        token,
      ),
    );
  };
  const history = async (body: Record<string, unknown>, token = t.a) =>
    expectOk(
      await post<TListResponse<TCarbonResult>>(
        '/carbonFootprint/queryCarbonFootprintList',
        { pageSize: 100, ...body },
        token,
      ),
    );
  const current = async (body: Record<string, unknown> = {}, token = t.a) =>
    expectOk(
      await post<TListResponse<TCarbonResult>>(
        '/carbonFootprint/selectCarbonList',
        { pageSize: 100, ...body },
        token,
      ),
    );

  it('takes LCA reports as pdf, doc, docx, xls or xlsx by extension and content, at most 5 MB', async () => {
    expect(FILE_BIZ_TYPES[LCA]).toEqual(['pdf', 'doc', 'docx', 'xls', 'xlsx']);
    const xlsx = await xlsxOf([['LCA'], [1]]);
    const bizNo = await lcaHolder(t.a);
    expectOk(await upload(t.app, { token: t.a, bizType: LCA, bizNo, fileName: 'lca.xlsx', content: xlsx }));
    for (const lang of ['zh', 'en'] as const) {
      for (const [fileName, content] of [
        ['lca.png', pngBytes()],
        ['lca.pdf', Buffer.from('MZ\x90\x00 renamed executable')],
        ['lca.docx', pdfBytes()],
      ] as const) {
        expectError(
          await upload(t.app, { token: t.a, bizType: LCA, bizNo, fileName, content, lang }),
          'FILE_TYPE_INVALID',
          lang,
          { types: 'pdf/doc/docx/xls/xlsx' },
        );
      }
      const big = Buffer.concat([pdfBytes(), randomBytes(5 * 1024 * 1024)]);
      expectError(
        await upload(t.app, { token: t.a, bizType: LCA, bizNo, fileName: 'big.pdf', content: big, lang }),
        'FILE_TOO_LARGE',
        lang,
      );
    }
  });

  it('refuses invalid footprints with the catalogue messages in zh and en', async () => {
    const p = await product('VAL-1');
    const file = await lcaReport();
    const attachment = expectOk(
      await upload(t.app, {
        token: t.a,
        bizType: 'attachment',
        bizNo: `Product:${p.id}`,
        fileName: 'a.pdf',
        content: pdfBytes(),
      }),
    );
    const theirs = await lcaReport(t.b);
    const nextYear = new Date().getFullYear() + 1;
    const base = {
      productId: p.id,
      baseYear: 2024,
      calculationResults: 10,
      fileKey: file.fileKey,
      authenticationOrganization: 'CQC',
    };
    const cases: [Record<string, unknown>, string, Parameters<typeof validationMessage>[0], object][] = [
      [{ baseYear: '20245' }, 'baseYear', 'v.carbon.baseYear', {}],
      [{ baseYear: 999 }, 'baseYear', 'v.carbon.baseYear', {}],
      [{ baseYear: 1899 }, 'baseYear', 'v.carbon.baseYear', {}],
      [{ baseYear: 'abcd' }, 'baseYear', 'v.carbon.baseYear', {}],
      [{ baseYear: 2024.5 }, 'baseYear', 'v.carbon.baseYear', {}],
      [{ baseYear: undefined }, 'baseYear', 'v.carbon.baseYear', {}],
      [{ baseYear: nextYear }, 'baseYear', 'v.carbon.baseYearFuture', {}],
      [{ baseYear: String(nextYear) }, 'baseYear', 'v.carbon.baseYearFuture', {}],
      [{ calculationResults: '1.12345' }, 'calculationResults', 'v.weight.format', {}],
      [{ calculationResults: -1 }, 'calculationResults', 'v.weight.format', {}],
      [{ calculationResults: '1234567890' }, 'calculationResults', 'v.weight.format', {}],
      [{ calculationResults: undefined }, 'calculationResults', 'v.weight.format', {}],
      [{ fileKey: '' }, 'fileKey', 'v.carbon.lcaFile', {}],
      [{ authenticationOrganization: '' }, 'authenticationOrganization', 'v.required', {}],
      [
        { authenticationOrganization: 'x'.repeat(101) },
        'authenticationOrganization',
        'v.tooLong',
        { max: 100 },
      ],
    ];
    for (const [patch, field, key, params] of cases) {
      for (const lang of ['zh', 'en'] as const) {
        const res = await post('/carbonFootprint/addCarbonFootprint', { ...base, ...patch }, t.a, lang);
        const message = validationMessage(key, lang, { field, ...params });
        expectError(res, 'VALIDATION', lang, { detail: message });
        expect(res.body.data).toEqual({ fields: [{ field, message }] });
      }
    }
    // A file that is no LCA report of this enterprise: another business type, another enterprise's, none.
    for (const fileKey of [attachment.fileKey, theirs.fileKey, 'f'.repeat(32)]) {
      for (const lang of ['zh', 'en'] as const) {
        const res = await post('/carbonFootprint/addCarbonFootprint', { ...base, fileKey }, t.a, lang);
        const message = validationMessage('v.carbon.lcaFileInvalid', lang, { field: 'fileKey' });
        expectError(res, 'VALIDATION', lang, { detail: message });
      }
    }
    expect((await history({ productId: p.id })).total).toBe(0);
    // The current year and a result of 9 + 4 digits are fine.
    const ok = await addFootprint(p.id, {
      baseYear: String(nextYear - 1),
      calculationResults: '123456789.1234',
    });
    expect(ok).toMatchObject({ baseYear: nextYear - 1, calculationResults: '123456789.1234' });
  });

  it('uploads footprints with their evidence; the newest is the current one, the others its history', async () => {
    const p = await product('CF-1', { batchNo: 'L1', vinSn: 'SN-1' });
    const file = await lcaReport(t.a, 'LCA-2023.pdf', p.id);
    // A report filed under another product is that product's: it would be read under that product's data
    // permission, so it is not accepted for this one.
    const elsewhere = await lcaReport(t.a, 'LCA-other.pdf');
    for (const lang of ['zh', 'en'] as const) {
      const res = await post(
        '/carbonFootprint/addCarbonFootprint',
        {
          productId: p.id,
          baseYear: '2023',
          calculationResults: '1',
          fileKey: elsewhere.fileKey,
          authenticationOrganization: 'x',
        },
        t.a,
        lang,
      );
      expectError(res, 'VALIDATION', lang, {
        detail: validationMessage('v.carbon.lcaFileInvalid', lang, { field: 'fileKey' }),
      });
    }
    const first = expectOk(
      await post('/carbonFootprint/addCarbonFootprint', {
        productId: p.id,
        baseYear: '2023',
        calculationResults: '1500.2500',
        fileKey: file.fileKey,
        authenticationOrganization: ' 中国质量认证中心 ',
      }),
    );
    expect(first).toMatchObject({
      productId: p.id,
      baseYear: 2023,
      calculationResults: '1500.25',
      lcaFileName: 'LCA-2023.pdf',
      fileKey: file.fileKey,
      lcaFileHash: file.sha,
      authenticationOrganization: '中国质量认证中心',
      operator: 'demo-auto',
    });
    expect(first.chain).toMatchObject({ status: 'pending', eventType: 'product.carbonUploaded' });
    const second = await addFootprint(p.id, { baseYear: 2024, calculationResults: 1400 });

    const detail = expectOk(await post<TProduct>('/product/getProductDetailById', { id: p.id }));
    expect(detail.carbon).toMatchObject({ id: second.id, calculationResults: '1400', baseYear: 2024 });
    const listed = expectOk(
      await post<TListResponse<TProduct>>('/product/selectProductInfo', { code: 'CF-1' }),
    ).list[0]!;
    expect(listed.carbon?.id).toBe(second.id);

    const past = await history({ productId: p.id });
    expect(past.total).toBe(2);
    expect(past.list.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(past.list[1]).toMatchObject({
      productId: p.id,
      name: '产品 CF-1',
      code: 'CF-1',
      productCode: 'CF-1',
      batchNo: 'L1',
      interiorBatchNo: 'L1',
      vinSn: 'SN-1',
      baseYear: 2023,
      calculationResults: '1500.25',
      lcaFileName: 'LCA-2023.pdf',
      fileKey: file.fileKey,
      authenticationOrganization: '中国质量认证中心',
    });
    expect(past.list[1]!.storageDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(
      (await history({ productId: p.id, sortField: 'baseYear', sortOrder: 'asc' })).list.map(
        (r) => r.baseYear,
      ),
    ).toEqual([2023, 2024]);
    expect((await history({ code: 'CF-1', baseYear: 2023 })).list.map((r) => r.id)).toEqual([first.id]);

    // The evidence of an upload: its own subject, the report's SHA-256 as data hash, signed by the enterprise.
    const [event] = await dbOf(t)
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.subjectType, 'productCarbon'), eq(ledgerEvents.subjectId, String(first.id))))
      .orderBy(asc(ledgerEvents.id));
    expect(event).toMatchObject({
      eventType: 'product.carbonUploaded',
      enterpriseUuid: AUTO_UUID,
      dataHash: file.sha,
      leafHash: first.chain!.txHash,
    });
    expect(event!.payload).toEqual({
      productId: p.id,
      productUuid: p.uuid,
      code: 'CF-1',
      batchNo: 'L1',
      vinSn: 'SN-1',
      baseYear: 2023,
      calculationResults: '1500.25',
      lcaFileKey: file.fileKey,
      lcaFileName: 'LCA-2023.pdf',
      lcaFileHash: file.sha,
      authenticationOrganization: '中国质量认证中心',
    });
    expect(event!.signerDid).toMatch(/^did:ethr:/);
    await seal(t);
    expect((await history({ productId: p.id })).list.every((r) => r.chain?.status === 'sealed')).toBe(true);
  });

  it('lists the products that have a footprint with their current one, searched and paged', async () => {
    const with1 = await product('CL-1', { nameEn: 'Seat' });
    const with2 = await product('CL-2');
    await product('CL-3');
    await addFootprint(with1.id, { baseYear: 2022 });
    await addFootprint(with1.id, { baseYear: 2023, calculationResults: 7 });
    await addFootprint(with2.id, { baseYear: 2021 });
    const all = await current({ code: 'CL-' });
    expect(all.total).toBe(2);
    expect(all.list.map((r) => [r.code, r.baseYear, r.calculationResults])).toEqual([
      ['CL-2', 2021, '1234.5'],
      ['CL-1', 2023, '7'],
    ]);
    expect((await current({ code: 'CL-', baseYear: 2022 })).total).toBe(0);
    expect((await current({ code: 'CL-', baseYear: 2023 })).list.map((r) => r.code)).toEqual(['CL-1']);
    expect((await current({ keyword: 'seat' })).list.map((r) => r.code)).toEqual(['CL-1']);
    expect(
      (await current({ code: 'CL-', sortField: 'code', sortOrder: 'asc', pageSize: 1 })).list[0]!.code,
    ).toBe('CL-1');
    const future = Date.now() + 86_400_000;
    expect((await current({ code: 'CL-', createdFrom: future })).total).toBe(0);
    expect((await current({ code: 'CL-', createdTo: future, createdFrom: 0 })).total).toBe(2);
    expectError(
      await post('/carbonFootprint/selectCarbonList', { productId: 3_000_000_000 }),
      'VALIDATION',
      'zh',
      {
        detail: validationMessage('v.tooBig', 'zh', { field: 'productId', max: 2_147_483_647 }),
      },
    );
  });

  it('answers the footprint of a product by code, batch, VIN/SN and storage date (spec 7 query-one calls)', async () => {
    const p = await product('Q-1', { batchNo: 'LOT-A', vinSn: 'SN-Q1' });
    const other = await product('Q-1', { batchNo: 'LOT-B', vinSn: 'SN-Q2' });
    const older = await addFootprint(p.id, { baseYear: 2023, calculationResults: 100 });
    const newer = await addFootprint(p.id, { baseYear: 2024, calculationResults: 90 });
    const otherFootprint = await addFootprint(other.id, { baseYear: 2024, calculationResults: 50 });
    // Upload times as if made on known days (China time).
    const at = (iso: string) => new Date(iso);
    await dbOf(t)
      .update(productCarbon)
      .set({ createdAt: at('2024-03-01T10:00:00+08:00') })
      .where(eq(productCarbon.id, older.id));
    await dbOf(t)
      .update(productCarbon)
      .set({ createdAt: at('2025-06-01T09:00:00+08:00') })
      .where(eq(productCarbon.id, newer.id));
    await dbOf(t)
      .update(productCarbon)
      .set({ createdAt: at('2024-01-01T09:00:00+08:00') })
      .where(eq(productCarbon.id, otherFootprint.id));
    const one = (body: Record<string, unknown>, token = t.a) =>
      post<TCarbonResult | null>('/carbonFootprint/queryCarbonFootprintOne', body, token);

    const now = expectOk(await one({ code: 'Q-1', batchNo: 'LOT-A', vinSn: 'SN-Q1' }));
    expect(now).toMatchObject({
      id: newer.id,
      code: 'Q-1',
      batchNo: 'LOT-A',
      calculationResults: '90',
      storageDate: '2025-06-01',
    });
    expect(expectOk(await one({ code: 'Q-1', batchNo: 'LOT-A', storageDate: '2024-02-29' }))).toBeNull();
    expect(expectOk(await one({ code: 'Q-1', batchNo: 'LOT-A', storageDate: '2024-03-01' }))).toMatchObject({
      id: older.id,
      storageDate: '2024-03-01',
      calculationResults: '100',
    });
    expect(expectOk(await one({ code: 'Q-1', batchNo: 'LOT-A', storageDate: '2025-05-31' }))?.id).toBe(
      older.id,
    );
    expect(expectOk(await one({ code: 'Q-1', batchNo: 'LOT-A', storageDate: '2025-06-01' }))?.id).toBe(
      newer.id,
    );
    // Without batch and VIN/SN the newest footprint of the code wins; a missing match is null.
    expect(expectOk(await one({ code: 'Q-1', storageDate: '2024-02-01' }))?.id).toBe(otherFootprint.id);
    expect(expectOk(await one({ code: 'Q-1' }))?.id).toBe(newer.id);
    expect(expectOk(await one({ code: 'Q-1', vinSn: 'SN-NONE' }))).toBeNull();
    expect(expectOk(await one({ code: 'Q-404' }))).toBeNull();
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post(
          '/carbonFootprint/queryCarbonFootprintOne',
          { code: 'Q-1', storageDate: '2024-02-30' },
          t.a,
          lang,
        ),
        'VALIDATION',
        lang,
        {
          detail: validationMessage('v.date.format', lang, { field: 'storageDate' }),
        },
      );
    }

    const sale = (body: Record<string, unknown>, token = t.a) =>
      post<TCarbonResult | null>('/carbonFootprint/queryCarbonFootprintOneSale', body, token);
    expect(expectOk(await sale({ productCode: 'Q-1', batchNo: 'LOT-B' }))).toMatchObject({
      id: otherFootprint.id,
      productCode: 'Q-1',
      interiorBatchNo: 'LOT-B',
    });
    // The internal batch number stands for the batch when none is given, and is answered as asked.
    expect(
      expectOk(await sale({ productCode: 'Q-1', interiorBatchNo: 'LOT-A', vinSn: 'SN-Q1' })),
    ).toMatchObject({
      id: newer.id,
      batchNo: 'LOT-A',
      interiorBatchNo: 'LOT-A',
    });
    expect(expectOk(await sale({ productCode: 'Q-1', interiorBatchNo: 'LOT-Z' }))).toBeNull();
  });

  it("never shows or changes another enterprise's footprints, on any endpoint", async () => {
    const mine = await product('ISO-C');
    const footprint = await addFootprint(mine.id);
    const theirs = await product('ISO-C', {}, t.b);
    // B cannot upload to A's product, nor use A's report for its own.
    const file = await lcaReport(t.a);
    expectError(
      await post(
        '/carbonFootprint/addCarbonFootprint',
        {
          productId: mine.id,
          baseYear: 2024,
          calculationResults: 1,
          fileKey: (await lcaReport(t.b)).fileKey,
          authenticationOrganization: 'x',
        },
        t.b,
      ),
      'NOT_FOUND',
    );
    expectError(
      await post(
        '/carbonFootprint/addCarbonFootprint',
        {
          productId: theirs.id,
          baseYear: 2024,
          calculationResults: 1,
          fileKey: file.fileKey,
          authenticationOrganization: 'x',
        },
        t.b,
      ),
      'VALIDATION',
      'zh',
      { detail: validationMessage('v.carbon.lcaFileInvalid', 'zh', { field: 'fileKey' }) },
    );
    expect((await current({ code: 'ISO-C' }, t.b)).total).toBe(0);
    expect((await history({ productId: mine.id }, t.b)).total).toBe(0);
    expect((await history({ code: 'ISO-C' }, t.b)).total).toBe(0);
    expect(
      expectOk(await post('/carbonFootprint/queryCarbonFootprintOne', { code: 'ISO-C' }, t.b)),
    ).toBeNull();
    expect(
      expectOk(await post('/carbonFootprint/queryCarbonFootprintOneSale', { productCode: 'ISO-C' }, t.b)),
    ).toBeNull();
    expect((await history({ productId: mine.id })).list.map((r) => r.id)).toEqual([footprint.id]);
    // Row-level security: a tenant transaction sees its own footprints only, and cannot write another's.
    const seen = await withTenant(dbOf(t), { enterpriseUuid: SUPPLIER_UUID, userId: 1 }, (tx) =>
      tx.select({ e: productCarbon.enterpriseUuid }).from(productCarbon),
    );
    expect(seen.every((r) => r.e === SUPPLIER_UUID)).toBe(true);
    await expect(
      withTenant(dbOf(t), { enterpriseUuid: SUPPLIER_UUID, userId: 1 }, (tx) =>
        tx.insert(productCarbon).values({
          enterpriseUuid: AUTO_UUID,
          productId: mine.id,
          baseYear: 2024,
          result: '1',
          lcaFileKey: 'x',
          lcaFileName: 'x',
          lcaFileHash: 'x',
          createdBy: 1,
        }),
      ),
    ).rejects.toThrow();
  });

  it('deletes the footprints with their product; their evidence stays', async () => {
    const p = await product('DEL-C');
    const f = await addFootprint(p.id);
    expectOk(await post<null>('/product/deleteProduct', { id: p.id }));
    expect(await dbOf(t).select().from(productCarbon).where(eq(productCarbon.productId, p.id))).toEqual([]);
    const events = await dbOf(t)
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.subjectType, 'productCarbon'), eq(ledgerEvents.subjectId, String(f.id))));
    expect(events).toHaveLength(1);
  });

  it('checks the permission codes: ViewCarbonData to view, EditProduct (or Product:Edit) to upload', async () => {
    const p = await product('PERM-C');
    const file = await lcaReport(t.a, undefined, p.id);
    const body = {
      productId: p.id,
      baseYear: 2024,
      calculationResults: 1,
      fileKey: file.fileKey,
      authenticationOrganization: 'x',
    };
    const productOnly = (await memberWith(t, t.a, AUTO_UUID, ['Product'])).token;
    const viewer = (await memberWith(t, t.a, AUTO_UUID, ['Product', 'ViewCarbonData'])).token;
    const editor = (await memberWith(t, t.a, AUTO_UUID, ['Product', 'EditProduct'])).token;
    for (const path of ['/carbonFootprint/selectCarbonList', '/carbonFootprint/queryCarbonFootprintList']) {
      expectError(await post(path, {}, productOnly), 'FORBIDDEN');
      expectOk(await post(path, {}, viewer));
    }
    expectError(
      await post('/carbonFootprint/queryCarbonFootprintOne', { code: 'PERM-C' }, productOnly),
      'FORBIDDEN',
    );
    expectError(await post('/carbonFootprint/addCarbonFootprint', body, productOnly), 'FORBIDDEN');
    expectError(await post('/carbonFootprint/addCarbonFootprint', body, viewer), 'FORBIDDEN');
    expectOk(await post('/carbonFootprint/addCarbonFootprint', body, editor));
  });
});
