import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LIMITS,
  validationMessage,
  vinCheckDigit,
  type TLang,
  type TListResponse,
  type TProduct,
  type TProductMaterial,
  type TProductOption,
  type TProjectCode,
  type TProjectOption,
} from '@tracehub/contract';
import { enterprises, ledgerEvents, materials, productMaterials, products } from '../src/db/schema.ts';
import { runJobsUntilIdle } from '../src/platform/jobs/worker.ts';
import { registerReferenceChecker } from '../src/platform/references.ts';
import { withTenant } from '../src/platform/tenancy.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, SUPPLIER_UUID, call, useTestApp } from './support/app.ts';
import { createMember, createRole, firstSignIn, memberWith } from './support/accounts.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { seal } from './support/ledger.ts';
import { download, importAndRun, importFile, sheetRows, xlsxOf, type Cell } from './support/workbooks.ts';

/** A VIN with the right check digit (China's WMI 'L' mandates it) and one with a wrong digit. */
function vins(stem: string): { valid: string; wrong: string } {
  const probe = `${stem.slice(0, 8)}0${stem.slice(8)}`;
  const digit = vinCheckDigit(probe);
  const wrongDigit = digit === '1' ? '2' : '1';
  return {
    valid: `${stem.slice(0, 8)}${digit}${stem.slice(8)}`,
    wrong: `${stem.slice(0, 8)}${wrongDigit}${stem.slice(8)}`,
  };
}

describe('products (/basicData/product)', () => {
  /** t.a, t.b: administrators of the automaker (A) and of the supplier (B). */
  const t = useTestApp({ a: AS_AUTO, b: AS_SUPPLIER });
  let autoDid: string;

  const post = <T = TProduct>(path: string, body: unknown, token = t.a, lang?: TLang) =>
    call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });
  const add = async (body: Record<string, unknown>, token = t.a) =>
    expectOk(await post('/product/addProduct', { name: '电池包', ...body }, token));
  const page = async (body: Record<string, unknown> = {}, token = t.a) =>
    expectOk(
      await post<TListResponse<TProduct>>('/product/selectProductInfo', { pageSize: 100, ...body }, token),
    );
  const remove = (id: number, token = t.a) => post<null>('/product/deleteProduct', { id }, token);
  const project = async (code: string, token = t.a) =>
    expectOk(await post<TProjectCode>('/project/add', { code }, token));
  /** Materials are written straight into their table: the product only reads it. */
  const material = async (code: string, enterpriseUuid = AUTO_UUID, batchNo = '') => {
    const [row] = await dbOf(t)
      .insert(materials)
      .values({ enterpriseUuid, nature: 'purchased', code, name: `物料 ${code}`, batchNo, createdBy: 1 })
      .returning();
    return row!;
  };
  /** The evidence of one product, oldest first. */
  const eventsOf = (id: number) =>
    dbOf(t)
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.subjectType, 'product'), eq(ledgerEvents.subjectId, String(id))))
      .orderBy(asc(ledgerEvents.id));

  beforeAll(async () => {
    const [row] = await dbOf(t).select().from(enterprises).where(eq(enterprises.uuid, AUTO_UUID));
    autoDid = row!.did!;
  });

  it('refuses invalid input with the catalogue messages in zh and en', async () => {
    const { wrong } = vins('LSGPC52U6F1234567'.slice(0, 16));
    const cases: [Record<string, unknown>, string, Parameters<typeof validationMessage>[0], object][] = [
      [{ name: '', code: 'C-1' }, 'name', 'v.required', {}],
      [{ name: '  ', code: 'C-1' }, 'name', 'v.required', {}],
      [{ name: 'n', code: '' }, 'code', 'v.required', {}],
      [{ name: 'n', code: 'x'.repeat(51) }, 'code', 'v.tooLong', { max: 50 }],
      [{ name: 'n', code: 'C', batchNo: 'b'.repeat(51) }, 'batchNo', 'v.tooLong', { max: 50 }],
      [{ name: 'n', code: 'C', vinSn: 's'.repeat(51) }, 'vinSn', 'v.tooLong', { max: 50 }],
      [{ name: 'n', code: 'C', weight: '1.12345' }, 'weight', 'v.weight.format', {}],
      [{ name: 'n', code: 'C', weight: '1234567890' }, 'weight', 'v.weight.format', {}],
      [{ name: 'n', code: 'C', weight: -1 }, 'weight', 'v.weight.format', {}],
      [{ name: 'n', code: 'C', weight: '12kg' }, 'weight', 'v.weight.format', {}],
      // 17 letters and digits are a VIN: I, O and Q are not VIN characters, and the check digit must fit.
      [{ name: 'n', code: 'C', vinSn: 'LSGPC52UIAF123456' }, 'vinSn', 'v.vin.format', {}],
      [{ name: 'n', code: 'C', vinSn: wrong }, 'vinSn', 'v.vin.checksum', {}],
      [{ name: 'n', code: 'C', materialIds: 'all' }, 'materialIds', 'v.type', {}],
    ];
    for (const [body, field, key, params] of cases) {
      for (const lang of ['zh', 'en'] as const) {
        const res = await post('/product/addProduct', body, t.a, lang);
        const message = validationMessage(key, lang, { field, ...params });
        expectError(res, 'VALIDATION', lang, { detail: message });
        expect(res.body.data).toEqual({ fields: [{ field, message }] });
      }
    }
    expect((await page()).total).toBe(0);
  });

  it('accepts weights up to 9 integer digits and 4 decimals, kept exact', async () => {
    const big = await add({ code: 'W-1', weight: '123456789.1234' });
    expect(big.weight).toBe('123456789.1234');
    const trimmed = await add({ code: 'W-2', weight: 12.5 });
    expect(trimmed.weight).toBe('12.5');
    const none = await add({ code: 'W-3', weight: '' });
    expect(none.weight).toBeNull();
    const [row] = await dbOf(t).select().from(products).where(eq(products.id, big.id));
    expect(row!.weight).toBe('123456789.1234');
    // Exact values sort as numbers; no weight sorts last going up.
    const sorted = await page({ code: 'W-', sortField: 'weight', sortOrder: 'asc' });
    expect(sorted.list.map((p) => p.code)).toEqual(['W-2', 'W-1', 'W-3']);
    expect(
      expectOk(
        await post<{ deleted: number }>('/product/batchDeleteProduct', {
          ids: [big.id, trimmed.id, none.id],
        }),
      ),
    ).toEqual({ deleted: 3 });
  });

  it('takes a 17-character VIN upper-cased and checked; any other VIN/SN is a serial number as typed', async () => {
    const { valid } = vins('LSGPC52U6F123456');
    const vin = await add({ code: 'V-1', vinSn: valid.toLowerCase() });
    expect(vin.vinSn).toBe(valid);
    // A European VIN: its 9th character is free.
    const eu = await add({ code: 'V-1', vinSn: 'WVWZZZ1KZ6W000001' });
    expect(eu.vinSn).toBe('WVWZZZ1KZ6W000001');
    const sn = await add({ code: 'V-1', vinSn: ' sn-0001/a ' });
    expect(sn.vinSn).toBe('sn-0001/a');
    const sixteen = await add({ code: 'V-1', vinSn: 'abcdefghijklmnop' });
    expect(sixteen.vinSn).toBe('abcdefghijklmnop');
    for (const p of [vin, eu, sn, sixteen]) expectOk(await remove(p.id));
  });

  it('creates, reads, edits and deletes a product with its project, materials and DID, each change with its evidence', async () => {
    const prj = await project('PRJ-P1');
    const m1 = await material('M-1');
    const m2 = await material('M-2');
    const created = await add({
      name: ' 动力电池包 ',
      nameEn: 'Battery pack',
      code: ' BP-1 ',
      batchNo: 'B1',
      vinSn: 'SN-1',
      spec: '75 kWh',
      unit: '套',
      weight: '452.5',
      projectCodeId: prj.id,
      materialIds: [m2.id, m1.id, m2.id],
    });
    expect(created).toMatchObject({
      name: '动力电池包',
      nameEn: 'Battery pack',
      code: 'BP-1',
      batchNo: 'B1',
      vinSn: 'SN-1',
      spec: '75 kWh',
      unit: '套',
      weight: '452.5',
      projectCodeId: prj.id,
      projectNo: 'PRJ-P1',
      carbon: null,
    });
    expect(created.materials.map((m) => m.code)).toEqual(['M-1', 'M-2']);
    expect(created.did).toBe(`${autoDid}/products/${created.uuid}`);
    expect(created.chain).toMatchObject({ status: 'pending', eventType: 'product.created' });
    expect(expectOk(await post('/product/getProductDetailById', { id: created.id }))).toEqual(created);

    const edited = expectOk(
      await post('/product/updateProduct', {
        id: created.id,
        name: '动力电池包',
        nameEn: 'Battery pack',
        code: 'BP-1',
        batchNo: 'B1',
        vinSn: 'SN-1',
        weight: '460',
        materialIds: [m1.id],
      }),
    );
    expect(edited).toMatchObject({ weight: '460', projectCodeId: null, projectNo: null, spec: '', unit: '' });
    expect(edited.materials.map((m) => m.id)).toEqual([m1.id]);
    expect(edited.uuid).toBe(created.uuid);
    expect(edited.did).toBe(created.did);
    expect(edited.chain?.eventType).toBe('product.updated');
    // Nothing changed (the weight as typed differently): nothing recorded.
    expectOk(
      await post('/product/updateProduct', {
        id: created.id,
        name: '动力电池包',
        nameEn: 'Battery pack',
        code: 'BP-1',
        batchNo: 'B1',
        vinSn: 'SN-1',
        weight: 460.0,
        materialIds: [m1.id, m1.id],
      }),
    );
    await seal(t);
    const sealed = expectOk(await post('/product/getProductDetailById', { id: created.id }));
    expect(sealed.chain).toMatchObject({ status: 'sealed', txHash: edited.chain!.txHash });

    expect(expectOk(await remove(created.id))).toBeNull();
    expectError(await post('/product/getProductDetailById', { id: created.id }), 'NOT_FOUND');
    expect(
      await dbOf(t).select().from(productMaterials).where(eq(productMaterials.productId, created.id)),
    ).toEqual([]);
    const events = await eventsOf(created.id);
    expect(events.map((e) => e.eventType)).toEqual(['product.created', 'product.updated', 'product.deleted']);
    expect(events[0]!.payload).toMatchObject({
      uuid: created.uuid,
      did: created.did,
      code: 'BP-1',
      weight: '452.5',
      projectNo: 'PRJ-P1',
      materialIds: [m1.id, m2.id].sort((x, y) => x - y),
    });
    expect(events[1]!.payload).toMatchObject({ weight: '460', projectNo: null, materialIds: [m1.id] });
    expect(events[2]!.payload).toEqual(events[1]!.payload);
    // Every change is signed with the enterprise's key (its DID).
    expect(events.every((e) => e.signerDid === autoDid && e.enterpriseUuid === AUTO_UUID)).toBe(true);
  });

  it('keeps code + batch + VIN/SN unique in its enterprise, on create and on edit, in both languages', async () => {
    const one = await add({ code: 'DUP', batchNo: 'B', vinSn: 'S1' });
    const two = await add({ code: 'DUP', batchNo: 'B', vinSn: 'S2' });
    const three = await add({ code: 'DUP', batchNo: '', vinSn: 'S1' });
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post('/product/addProduct', { name: 'x', code: 'DUP', batchNo: 'B', vinSn: 'S1' }, t.a, lang),
        'PRODUCT_EXISTS',
        lang,
      );
      expectError(
        await post(
          '/product/updateProduct',
          { id: two.id, name: 'x', code: 'DUP', batchNo: 'B', vinSn: 'S1' },
          t.a,
          lang,
        ),
        'PRODUCT_EXISTS',
        lang,
      );
    }
    expect((await eventsOf(two.id)).map((e) => e.eventType)).toEqual(['product.created']);
    // Another enterprise may use the same key.
    const theirs = await add({ code: 'DUP', batchNo: 'B', vinSn: 'S1' }, t.b);
    for (const p of [one, two, three]) expectOk(await remove(p.id));
    expectOk(await remove(theirs.id, t.b));
  });

  it("refuses another enterprise's project code and materials as references, in both languages", async () => {
    const theirProject = await project('PRJ-B', t.b);
    const theirMaterial = await material('MB-1', SUPPLIER_UUID);
    const mine = await material('MA-REF');
    for (const lang of ['zh', 'en'] as const) {
      const res = await post(
        '/product/addProduct',
        { name: 'x', code: 'REF-X', materialIds: [mine.id, theirMaterial.id] },
        t.a,
        lang,
      );
      const message = validationMessage('v.product.materialsInvalid', lang, { field: 'materialIds' });
      expectError(res, 'VALIDATION', lang, { detail: message });
      expect(res.body.data).toEqual({ fields: [{ field: 'materialIds', message }] });
      const byProject = await post(
        '/product/addProduct',
        { name: 'x', code: 'REF-X', projectCodeId: theirProject.id },
        t.a,
        lang,
      );
      expectError(byProject, 'VALIDATION', lang, {
        detail: validationMessage('v.product.projectInvalid', lang, { field: 'projectCodeId' }),
      });
      expectError(
        await post(
          '/product/addProduct',
          { name: 'x', code: 'REF-X', materialIds: [3_000_000_000] },
          t.a,
          lang,
        ),
        'VALIDATION',
        lang,
        { detail: validationMessage('v.product.materialsInvalid', lang, { field: 'materialIds' }) },
      );
    }
    expect((await page({ code: 'REF-X' })).total).toBe(0);
    const ok = await add({ code: 'REF-X', materialIds: [mine.id] });
    expectError(
      await post('/product/updateProduct', {
        id: ok.id,
        name: 'x',
        code: 'REF-X',
        materialIds: [theirMaterial.id],
      }),
      'VALIDATION',
      'zh',
      { detail: validationMessage('v.product.materialsInvalid', 'zh', { field: 'materialIds' }) },
    );
    expectOk(await remove(ok.id));
  });

  it('pages, sorts and searches by keyword, code, name, batch, VIN/SN, project and created time', async () => {
    const prj = await project('PRJ-S');
    const created: TProduct[] = [];
    for (const [code, name, nameEn, batchNo, vinSn] of [
      ['S-B', '电机', 'Motor', 'LOT-1', 'SN-A'],
      ['S-A', '电池', 'Battery', 'LOT-2', 'SN-B'],
      ['S-D', '电控', 'Controller', 'LOT-1', 'SN-C'],
      ['S-C', '座椅', 'Seat', 'LOT-3', 'SN-D'],
    ] as const) {
      created.push(
        await add({ code, name, nameEn, batchNo, vinSn, projectCodeId: code === 'S-D' ? prj.id : null }),
      );
    }
    const all = await page({ code: 'S-' });
    expect(all.total).toBe(4);
    expect(all.list.map((p) => p.code)).toEqual(['S-C', 'S-D', 'S-A', 'S-B']);
    const asc = await page({ code: 's-', sortField: 'code', sortOrder: 'asc', pageSize: 2, pageNo: 2 });
    expect(asc).toMatchObject({ total: 4, list: [{ code: 'S-C' }, { code: 'S-D' }] });
    expect(
      (await page({ code: 'S-', sortField: 'vinSn', sortOrder: 'desc', pageSize: 1 })).list[0]!.code,
    ).toBe('S-C');
    expect((await page({ keyword: 'motor' })).list.map((p) => p.code)).toEqual(['S-B']);
    expect((await page({ keyword: 'SN-C' })).list.map((p) => p.code)).toEqual(['S-D']);
    expect((await page({ name: '电' })).list.map((p) => p.code)).toEqual(['S-D', 'S-A', 'S-B']);
    expect((await page({ batchNo: 'lot-1' })).list.map((p) => p.code)).toEqual(['S-D', 'S-B']);
    expect((await page({ vinSn: 'SN-D' })).list.map((p) => p.code)).toEqual(['S-C']);
    expect((await page({ projectCodeId: prj.id })).list.map((p) => p.code)).toEqual(['S-D']);
    expect((await page({ code: '%' })).total).toBe(0);
    const range = await page({
      code: 'S-',
      createdFrom: created[1]!.createdAt,
      createdTo: created[2]!.createdAt,
    });
    expect(range.list.map((p) => p.code).sort()).toEqual(['S-A', 'S-D']);
    expect((await page({ code: '', sortField: 'enterpriseUuid' })).list[0]!.code).toBe('S-C');
    expectOk(await post('/product/selectProductInfo', { pageSize: 1000 }));
    expectError(await post('/product/selectProductInfo', { pageSize: 1001 }), 'VALIDATION', 'zh', {
      detail: validationMessage('v.tooBig', 'zh', { field: 'pageSize', max: 1000 }),
    });

    // The picker of other pages: code, name, batch and VIN/SN, by code.
    const picker = expectOk(
      await post<TListResponse<TProductOption>>('/graph/getProductList', { keyword: 'S-', pageSize: 3 }),
    );
    expect(picker.total).toBe(4);
    expect(picker.list.map((p) => p.code)).toEqual(['S-A', 'S-B', 'S-C']);
    expect(Object.keys(picker.list[0]!).sort()).toEqual(
      ['batchNo', 'code', 'id', 'name', 'nameEn', 'uuid', 'vinSn'].sort(),
    );
    expect(
      expectOk(await post<TProjectOption[]>('/product/getProjectNo', {})).map((p) => p.projectNo),
    ).toContain('PRJ-S');
    expectOk(
      await post<{ deleted: number }>('/product/batchDeleteProduct', { ids: created.map((p) => p.id) }),
    );
  });

  it('offers the enterprise materials of both natures in the picker, searched by code or name', async () => {
    const m = await material('PICK-1');
    await dbOf(t).insert(materials).values({
      enterpriseUuid: AUTO_UUID,
      nature: 'homemade',
      code: 'PICK-2',
      name: '半成品壳体',
      createdBy: 1,
    });
    await material('PICK-OTHER', SUPPLIER_UUID);
    const found = expectOk(await post<TProductMaterial[]>('/product/materialOptions', { keyword: 'pick' }));
    expect(found.map((o) => [o.code, o.nature])).toEqual([
      ['PICK-1', 'purchased'],
      ['PICK-2', 'homemade'],
    ]);
    expect(
      expectOk(await post<TProductMaterial[]>('/product/materialOptions', { keyword: '壳体' })).map(
        (o) => o.code,
      ),
    ).toEqual(['PICK-2']);
    // The chosen ids come first whatever the keyword; another enterprise's never.
    const chosen = expectOk(
      await post<TProductMaterial[]>('/product/materialOptions', { keyword: 'PICK-2', ids: [m.id] }),
    );
    expect(chosen.map((o) => o.code)).toEqual(['PICK-1', 'PICK-2']);
    expect(
      expectOk(await post<TProductMaterial[]>('/product/materialOptions', { keyword: 'PICK' }, t.b)),
    ).toEqual([expect.objectContaining({ code: 'PICK-OTHER' })]);
  });

  it("never shows, changes or deletes another enterprise's products, on any endpoint", async () => {
    const mine = await add({ code: 'ISO-A' });
    const theirs = await add({ code: 'ISO-B', name: '供应商产品' }, t.b);
    expect((await page({ code: 'ISO' })).list.map((p) => p.code)).toEqual(['ISO-A']);
    expect((await page({ code: 'ISO' }, t.b)).list.map((p) => p.code)).toEqual(['ISO-B']);
    expectError(await post('/product/getProductDetailById', { id: theirs.id }), 'NOT_FOUND');
    expectError(
      await post('/product/updateProduct', { id: theirs.id, name: 'HIJACK', code: 'ISO-B' }),
      'NOT_FOUND',
    );
    expectError(await remove(theirs.id), 'NOT_FOUND');
    expectError(await post('/product/batchDeleteProduct', { ids: [mine.id, theirs.id] }), 'NOT_FOUND');
    expectError(await post('/product/getProductDetailById', { id: 3_000_000_000 }), 'NOT_FOUND');
    const picker = expectOk(
      await post<TListResponse<TProductOption>>('/graph/getProductList', { keyword: 'ISO' }),
    );
    expect(picker.list.map((p) => p.code)).toEqual(['ISO-A']);
    const [row] = await dbOf(t).select().from(products).where(eq(products.id, theirs.id));
    expect(row).toMatchObject({ code: 'ISO-B', name: '供应商产品', enterpriseUuid: SUPPLIER_UUID });
    expect((await eventsOf(theirs.id)).map((e) => e.eventType)).toEqual(['product.created']);
    // The batch delete refused as a whole: mine is still there.
    expectOk(await post('/product/getProductDetailById', { id: mine.id }));

    const exported = await download(t.app, '/product/export', {
      token: t.a,
      method: 'POST',
      body: { code: 'ISO' },
    });
    expect((await sheetRows(exported.raw)).slice(1).map((r) => r[2])).toEqual(['ISO-A']);
    const projects = expectOk(await post<TProjectOption[]>('/product/getProjectNo', {}, t.b));
    expect(projects.every((p) => !p.projectNo.startsWith('PRJ-S'))).toBe(true);
    const records = expectOk(await post<TListResponse<unknown>>('/product/uploadRecord', {}, t.b));
    expect(records.list).toEqual([]);
    expectOk(await remove(mine.id));
    expectOk(await remove(theirs.id, t.b));
  });

  it('keeps products and their tracing materials in their enterprise with row-level security', async () => {
    const m = await material('RLS-M');
    await add({ code: 'RLS-A', materialIds: [m.id] });
    const mb = await material('RLS-MB', SUPPLIER_UUID);
    await add({ code: 'RLS-B', materialIds: [mb.id] }, t.b);
    const tenant = { enterpriseUuid: AUTO_UUID, userId: 1 };
    const seen = await withTenant(dbOf(t), tenant, async (tx) => ({
      products: await tx.select({ e: products.enterpriseUuid }).from(products),
      materials: await tx.select({ e: productMaterials.enterpriseUuid }).from(productMaterials),
    }));
    expect(seen.products.length).toBeGreaterThan(0);
    expect(seen.materials.length).toBeGreaterThan(0);
    for (const rows of Object.values(seen)) expect(rows.every((r) => r.e === AUTO_UUID)).toBe(true);
    await expect(
      withTenant(dbOf(t), tenant, (tx) =>
        tx
          .insert(products)
          .values({ uuid: 'x', enterpriseUuid: SUPPLIER_UUID, name: 'x', code: 'RLS-X', createdBy: 1 }),
      ),
    ).rejects.toThrow();
    const moved = await withTenant(dbOf(t), tenant, (tx) =>
      tx
        .update(products)
        .set({ name: 'hijacked' })
        .where(eq(products.enterpriseUuid, SUPPLIER_UUID))
        .returning(),
    );
    expect(moved).toEqual([]);
  });

  it('keeps a project code or a material that a product uses from being deleted, in both languages', async () => {
    const prj = await project('PRJ-USED');
    const m = await material('M-USED');
    const p = await add({ code: 'USES', projectCodeId: prj.id, materialIds: [m.id] });
    for (const lang of ['zh', 'en'] as const) {
      const res = await post('/project/delete', { id: prj.id }, t.a, lang);
      expectError(res, 'RECORD_IN_USE', lang);
      expect(res.body.data).toEqual({ referencedBy: ['product'] });
      const byMaterial = await post('/materialData/delete', { id: m.id }, t.a, lang);
      expectError(byMaterial, 'RECORD_IN_USE', lang);
      expect(byMaterial.body.data).toEqual({ referencedBy: ['product'] });
    }
    // Another enterprise's product never counts: its checker sees only the deleting enterprise.
    const theirs = await project('PRJ-USED', t.b);
    expectOk(await post('/project/delete', { id: theirs.id }, t.b));
    // Once the product lets go, both can go.
    expectOk(await post('/product/updateProduct', { id: p.id, name: 'x', code: 'USES' }));
    expectOk(await post('/project/delete', { id: prj.id }));
    expectOk(await post('/materialData/delete', { id: m.id }));
    expectOk(await remove(p.id));
  });

  it('refuses to delete a product that business data references (spec 8), one or in a batch', async () => {
    const used = await add({ code: 'REFD-1' });
    const free = await add({ code: 'REFD-2' });
    const unregister = registerReferenceChecker('product', 'test-documents', async (_db, tenant, records) =>
      records.some((r) => r.code === 'REFD-1' && tenant.enterpriseUuid === AUTO_UUID),
    );
    try {
      for (const lang of ['zh', 'en'] as const) {
        const res = await remove(used.id, t.a);
        expectError(res, 'RECORD_IN_USE');
        expectError(await post('/product/deleteProduct', { id: used.id }, t.a, lang), 'RECORD_IN_USE', lang);
        expectError(
          await post('/product/batchDeleteProduct', { ids: [free.id, used.id] }, t.a, lang),
          'RECORD_IN_USE',
          lang,
        );
      }
      expectOk(await post('/product/getProductDetailById', { id: free.id }));
      expect(
        expectOk(await post<{ deleted: number }>('/product/batchDeleteProduct', { ids: [free.id] })),
      ).toEqual({
        deleted: 1,
      });
    } finally {
      unregister();
    }
    expectOk(await remove(used.id));
  });

  it('checks the permission codes: viewing needs Product, each change its own code (spec or generic)', async () => {
    const viewer = (await memberWith(t, t.a, AUTO_UUID, ['Product'])).token;
    const row = await add({ code: 'PERM-1' });
    expect((await page({ code: 'PERM' }, viewer)).total).toBe(1);
    expectError(await post('/product/addProduct', { name: 'x', code: 'PERM-2' }, viewer), 'FORBIDDEN');
    expectError(
      await post('/product/updateProduct', { id: row.id, name: 'x', code: 'PERM-1' }, viewer),
      'FORBIDDEN',
    );
    expectError(await remove(row.id, viewer), 'FORBIDDEN');
    expectError(await post('/product/batchDeleteProduct', { ids: [row.id] }, viewer), 'FORBIDDEN');
    expectError((await download(t.app, '/product/download', { token: viewer })).res, 'FORBIDDEN');
    const spec = (await memberWith(t, t.a, AUTO_UUID, ['Product', 'CreateProduct', 'EditProduct'])).token;
    const generic = (await memberWith(t, t.a, AUTO_UUID, ['Product', 'Product:Create', 'Product:Delete']))
      .token;
    const bySpec = await add({ code: 'PERM-3' }, spec);
    const byGeneric = await add({ code: 'PERM-4' }, generic);
    expectOk(await post('/product/updateProduct', { id: row.id, name: 'by editor', code: 'PERM-1' }, spec));
    expectError(await remove(bySpec.id, spec), 'FORBIDDEN');
    expectOk(await remove(byGeneric.id, generic));
    for (const p of [row, bySpec]) expectOk(await remove(p.id));
  });

  it("shows a member with the 'own account data' scope only the products it created", async () => {
    const others = await add({ code: 'SCOPE-ADMIN' });
    const role = await createRole(t.app, t.a, ['Product', 'CreateProduct', 'DeleteProduct'], {
      dataScope: 'account',
    });
    const member = await createMember(t.app, t.a, [role.id]);
    const token = await firstSignIn(t.app, member, AUTO_UUID);
    const mine = await add({ code: 'SCOPE-OWN' }, token);
    expect((await page({ code: 'SCOPE' }, token)).list.map((p) => p.code)).toEqual(['SCOPE-OWN']);
    expect((await page({ code: 'SCOPE' })).total).toBe(2);
    expectError(await post('/product/getProductDetailById', { id: others.id }, token), 'NOT_FOUND');
    expectError(await remove(others.id, token), 'NOT_FOUND');
    // The natural key is still unique in the whole enterprise.
    expectError(
      await post('/product/addProduct', { name: 'x', code: 'SCOPE-ADMIN' }, token),
      'PRODUCT_EXISTS',
    );
    expectOk(await remove(mine.id, token));
    expectOk(await remove(others.id));
  });

  describe('bulk import and export', () => {
    const HEADER = {
      zh: [
        '产品名称',
        '英文名称',
        '产品编码',
        '批次号',
        '车架号/序列号',
        '描述/规格',
        '单位',
        '重量（kg）',
        '项目编号',
        '溯源物料编码',
      ],
      en: [
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
      ],
    };
    const run = (content: Buffer, lang: TLang = 'zh') =>
      importAndRun(t.app, t.runtime.deps, '/product/importExcel', { token: t.a, content, lang });
    const row = (
      code: string,
      extra: {
        batch?: string;
        vin?: string;
        weight?: Cell;
        project?: string;
        materials?: string;
        name?: string;
      } = {},
    ): Cell[] => [
      extra.name ?? `产品 ${code}`,
      '',
      code,
      extra.batch ?? '',
      extra.vin ?? '',
      '',
      '件',
      extra.weight ?? '',
      extra.project ?? '',
      extra.materials ?? '',
    ];

    it('answers the same template at /product/template and GET /product/download, headers in the language', async () => {
      for (const lang of ['zh', 'en'] as const) {
        const template = await download(t.app, '/product/template', { token: t.a, lang });
        const spec = await download(t.app, '/product/download', { token: t.a, lang });
        expect(template.status).toBe(200);
        expect(spec.headers['content-type']).toContain('spreadsheetml');
        const rows = await sheetRows(spec.raw);
        expect(rows[0]).toEqual(HEADER[lang]);
        expect(rows).toEqual(await sheetRows(template.raw));
      }
    });

    it('writes the valid rows with their project and materials; refuses unknown codes, bad values and existing data', async () => {
      const prj = await project('PRJ-IMP');
      const m1 = await material('IMP-M1');
      const m1b = await material('IMP-M1', AUTO_UUID, 'LOT-2');
      const m2 = await material('IMP-M2');
      await material('IMP-THEIRS', SUPPLIER_UUID);
      await add({ code: 'IMP-OLD', batchNo: 'B' });
      const before = (
        await dbOf(t)
          .select({ n: sql<number>`count(*)::int` })
          .from(ledgerEvents)
      )[0]!.n;
      const content = await xlsxOf([
        HEADER.zh,
        row('IMP-1', { project: 'PRJ-IMP', materials: 'IMP-M1，IMP-M2', weight: 12.5 }),
        row('IMP-2', { batch: 'B', weight: '1.12345' }),
        row('IMP-3', { project: 'PRJ-NONE' }),
        row('IMP-4', { materials: 'IMP-M2, IMP-X, IMP-THEIRS' }),
        row('IMP-OLD', { batch: 'B' }),
        row('IMP-1', { name: 'again' }),
        row('', { name: '' }),
        row('IMP-5', { vin: 'LSGPC52UIAF123456' }),
        row('IMP-6'),
      ]);
      for (const lang of ['zh', 'en'] as const) {
        const done = await run(content, lang);
        expect(done).toMatchObject(
          lang === 'zh'
            ? {
                status: 'completed',
                importNum: 9,
                successNum: 2,
                defeatNum: 5,
                existNum: 2,
                hasErrorLog: true,
              }
            : {
                status: 'completed',
                importNum: 9,
                successNum: 0,
                defeatNum: 5,
                existNum: 4,
                hasErrorLog: true,
              },
        );
        const log = await sheetRows(
          (await download(t.app, `/import/records/${done.id}/errorLog`, { token: t.a })).raw,
        );
        const reasons = new Map(log.slice(1).map((r) => [r[0], String(r[11])]));
        const weight = { zh: '重量（kg）', en: 'Weight (kg)' }[lang];
        expect(reasons.get(3)).toBe(validationMessage('v.weight.format', lang, { field: weight }));
        if (lang === 'zh') {
          expect(reasons.get(4)).toBe(
            validationMessage('v.product.projectUnknown', lang, { code: 'PRJ-NONE' }),
          );
          expect(reasons.get(5)).toBe(
            validationMessage('v.product.materialsUnknown', lang, { codes: 'IMP-X，IMP-THEIRS' }),
          );
        }
        expect(reasons.get(6)).toBe(validationMessage('v.import.exists', lang));
        expect(reasons.get(7)).toBe(validationMessage('v.import.duplicate', lang, { row: 2 }));
        expect(reasons.get(9)).toBe(
          validationMessage('v.vin.format', lang, { field: { zh: '车架号/序列号', en: 'VIN/SN' }[lang] }),
        );
      }
      const written = await page({ code: 'IMP-' });
      expect(written.list.map((p) => p.code).sort()).toEqual(['IMP-1', 'IMP-6', 'IMP-OLD']);
      const imp1 = written.list.find((p) => p.code === 'IMP-1')!;
      expect(imp1).toMatchObject({ projectCodeId: prj.id, projectNo: 'PRJ-IMP', weight: '12.5', unit: '件' });
      expect(imp1.did).toBe(`${autoDid}/products/${imp1.uuid}`);
      // A material code names every material of that code (each batch).
      expect(imp1.materials.map((m) => m.id).sort((x, y) => x - y)).toEqual(
        [m1.id, m1b.id, m2.id].sort((x, y) => x - y),
      );
      // One evidence event per written product, none for refused rows.
      const after = (
        await dbOf(t)
          .select({ n: sql<number>`count(*)::int` })
          .from(ledgerEvents)
      )[0]!.n;
      expect(after - before).toBe(2);
      const [event] = await eventsOf(imp1.id);
      expect(event).toMatchObject({ eventType: 'product.created' });
      expect(event!.payload).toMatchObject({ code: 'IMP-1', projectNo: 'PRJ-IMP' });

      // The export writes what the list finds, with project and material codes.
      const exported = await sheetRows(
        (
          await download(t.app, '/product/export', {
            token: t.a,
            method: 'POST',
            body: { code: 'IMP-1' },
            lang: 'en',
          })
        ).raw,
      );
      expect(exported[0]!.slice(0, 10)).toEqual(HEADER.en);
      expect(exported[1]!.slice(2, 10)).toEqual([
        'IMP-1',
        null,
        null,
        null,
        '件',
        '12.5',
        'PRJ-IMP',
        'IMP-M1,IMP-M2',
      ]);
      await post('/product/batchDeleteProduct', { ids: written.list.map((p) => p.id) });
    });

    it('imports 20,000 products with their project and materials through the job, each with its evidence', async () => {
      await project('PRJ-BULK');
      for (const code of ['BULK-M1', 'BULK-M2']) await material(code);
      const rows: Cell[][] = [HEADER.en];
      for (let i = 1; i <= LIMITS.bulkImportMaxRows; i++) {
        rows.push(
          row(`BULK-${i}`, {
            batch: `L${i % 7}`,
            weight: `${i}.5`,
            project: 'PRJ-BULK',
            materials: 'BULK-M1,BULK-M2',
          }),
        );
      }
      const content = await xlsxOf(rows);
      expect(content.length).toBeLessThan(LIMITS.fileMaxBytes);
      const queued = expectOk(
        await importFile(t.app, '/product/importExcel', { token: t.a, fileName: 'bulk.xlsx', content }),
      );
      const started = performance.now();
      expect(await runJobsUntilIdle(t.runtime.deps)).toBe(1);
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `20,000-product import on ${t.runtime.deps.dbKind}: ${seconds.toFixed(1)} s (${Math.round(LIMITS.bulkImportMaxRows / seconds)} rows/s)`,
      );
      const first = expectOk(
        await call<{ successNum: number }>(t.app, `/import/records/${queued.id}`, {
          token: t.a,
          method: 'GET',
        }),
      );
      expect(first).toMatchObject({ status: 'completed', successNum: 20_000, defeatNum: 0, existNum: 0 });
      const written = await dbOf(t)
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.enterpriseUuid, AUTO_UUID), like(products.code, 'BULK-%')));
      expect(written).toHaveLength(20_000);
      const links = await dbOf(t)
        .select({ n: sql<number>`count(*)::int` })
        .from(productMaterials)
        .where(
          inArray(
            productMaterials.productId,
            written.map((w) => w.id),
          ),
        );
      expect(links[0]!.n).toBe(40_000);
      const events = await dbOf(t)
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerEvents)
        .where(
          and(
            eq(ledgerEvents.eventType, 'product.created'),
            inArray(
              ledgerEvents.subjectId,
              written.map((w) => String(w.id)),
            ),
          ),
        );
      expect(events[0]!.n).toBe(20_000);
      // A page of 1,000 of them, with their materials and project.
      const big = await page({ code: 'BULK-', pageSize: 1000 });
      expect(big.total).toBe(LIMITS.maxCountedTotal);
      expect(big.list).toHaveLength(1000);
      expect(big.list.every((p) => p.projectNo === 'PRJ-BULK' && p.materials.length === 2)).toBe(true);
    }, 600_000);
  });
});
