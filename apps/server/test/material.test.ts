import { and, asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  errorMessage,
  validationMessage,
  type TLang,
  type TListResponse,
  type TMaterial,
  type TMaterialOption,
} from '@tracehub/contract';
import { ledgerEvents, materialRelations, materials, productMaterials } from '../src/db/schema.ts';
import { registerReferenceChecker } from '../src/platform/references.ts';
import { withTenant } from '../src/platform/tenancy.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, SUPPLIER_UUID, call, useTestApp } from './support/app.ts';
import { createMember, createRole, firstSignIn, memberWith } from './support/accounts.ts';
import { pdfBytes, pngBytes, sha256, upload, viewFile } from './support/files.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { seal } from './support/ledger.ts';
import { newMaterial } from './support/records.ts';
import { download, importFile, sheetRows, xlsxOf } from './support/workbooks.ts';

const PURCHASED = '/materialData';
const HOMEMADE = '/materialDataIn';

describe('materials (/basicData/materialData and /basicData/materialDataIn)', () => {
  /** t.a, t.b: administrators of the automaker (A) and of the supplier (B). */
  const t = useTestApp({ a: AS_AUTO, b: AS_SUPPLIER });

  const post = <T = TMaterial>(path: string, body: unknown, token = t.a, lang?: TLang) =>
    call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });
  const add = async (body: Record<string, unknown>, base = PURCHASED, token = t.a) =>
    expectOk(await post(`${base}/add`, { name: '物料', ...body }, token));
  const page = async (body: Record<string, unknown> = {}, base = PURCHASED, token = t.a) =>
    expectOk(await post<TListResponse<TMaterial>>(`${base}/page`, { pageSize: 100, ...body }, token));
  const options = async (body: Record<string, unknown>, base = PURCHASED, token = t.a) =>
    expectOk(await post<TMaterialOption[]>(`${base}/options`, body, token));
  /** The evidence of one material, oldest first. */
  const eventsOf = (id: number) =>
    dbOf(t)
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.subjectType, 'material'), eq(ledgerEvents.subjectId, String(id))))
      .orderBy(asc(ledgerEvents.id));
  /**
   * A quality report file uploaded by the caller (bizType 'quality'), filed under the record `bizNo` names
   * (a report is attached only to the record it was filed under), else under a new material of its own.
   */
  const qualityFile = async (token = t.a, fileName = 'report.pdf', content = pdfBytes(), bizNo?: string) => {
    const filedUnder = bizNo ?? (await newMaterial(t.app, token)).bizNo;
    return expectOk(await upload(t.app, { token, bizType: 'quality', bizNo: filedUnder, fileName, content }));
  };

  it('refuses invalid input with the catalogue messages in zh and en, weight included', async () => {
    const weight = 'v.weight.format';
    const cases: [Record<string, unknown>, string, Parameters<typeof validationMessage>[0], object][] = [
      [{ name: 'n' }, 'code', 'v.required', {}],
      [{ code: '  ', name: 'n' }, 'code', 'v.required', {}],
      [{ code: 'x'.repeat(51), name: 'n' }, 'code', 'v.tooLong', { max: 50 }],
      [{ code: 'V-1' }, 'name', 'v.required', {}],
      [{ code: 'V-1', name: 'n', batchNo: 'b'.repeat(51) }, 'batchNo', 'v.tooLong', { max: 50 }],
      [{ code: 'V-1', name: 'n', weight: -1 }, 'weight', weight, {}],
      [{ code: 'V-1', name: 'n', weight: '-0.5' }, 'weight', weight, {}],
      [{ code: 'V-1', name: 'n', weight: '1234567890' }, 'weight', weight, {}],
      [{ code: 'V-1', name: 'n', weight: '1.12345' }, 'weight', weight, {}],
      [{ code: 'V-1', name: 'n', weight: '12kg' }, 'weight', weight, {}],
      [{ code: 'V-1', name: 'n', weight: '1e3' }, 'weight', weight, {}],
      [{ code: 'V-1', name: 'n', tracingObject: 'maybe' }, 'tracingObject', 'v.type', {}],
      [{ code: 'V-1', name: 'n', receiptTime: '2026-01-01' }, 'receiptTime', 'v.type', {}],
      [{ code: 'V-1', name: 'n', description: 'd'.repeat(501) }, 'description', 'v.tooLong', { max: 500 }],
    ];
    for (const [body, field, key, params] of cases) {
      for (const lang of ['zh', 'en'] as const) {
        const res = await post(`${PURCHASED}/add`, body, t.a, lang);
        const message = validationMessage(key, lang, { field, ...params });
        expectError(res, 'VALIDATION', lang, { detail: message });
        expect(res.body.data).toEqual({ fields: [{ field, message }] });
      }
    }
    // The weight rule in words, as the spec states it.
    expect(validationMessage(weight, 'zh')).toBe('请输入不小于 0 的数字，整数最多 9 位，小数最多 4 位');
    expect(validationMessage(weight, 'en')).toBe(
      'Enter a number not less than 0 with at most 9 integer digits and 4 decimals',
    );
    expect((await page({ code: 'V-' })).total).toBe(0);
  });

  it('creates, reads, edits and deletes a material, each change with its evidence', async () => {
    const receiptTime = Date.parse('2026-01-15T02:30:00Z');
    const created = await add({
      code: ' CRUD-1 ',
      name: ' 锂电池电芯 ',
      nameEn: 'Cell',
      tracingObject: true,
      weight: '123456789.1234',
      unit: 'pcs',
      description: 'first',
      supplierMaterialCode: 'SUP-1',
      batchNo: 'B1',
      receiptNo: 'RK-1',
      receiptTime,
    });
    expect(created).toMatchObject({
      nature: 'purchased',
      code: 'CRUD-1',
      name: '锂电池电芯',
      nameEn: 'Cell',
      tracingObject: true,
      // Stored exactly: numeric(13,4), answered as the value.
      weight: '123456789.1234',
      unit: 'pcs',
      supplierMaterialCode: 'SUP-1',
      batchNo: 'B1',
      receiptNo: 'RK-1',
      receiptTime,
      quality: null,
    });
    expect(created.chain).toMatchObject({ status: 'pending', eventType: 'material.created' });
    expect(expectOk(await post(`${PURCHASED}/detail`, { id: created.id }))).toEqual(created);

    const edited = expectOk(
      await post(`${PURCHASED}/update`, {
        id: created.id,
        code: 'CRUD-1',
        name: '锂电池电芯',
        weight: 0.5,
        batchNo: 'B1',
      }),
    );
    expect(edited).toMatchObject({
      weight: '0.5',
      tracingObject: false,
      nameEn: '',
      receiptTime: null,
      supplierMaterialCode: '',
    });
    expect(edited.chain?.eventType).toBe('material.updated');
    // What a write answers (its chain taken from the evidence it appended) is what the detail reads.
    expect(expectOk(await post(`${PURCHASED}/detail`, { id: created.id }))).toEqual(edited);
    // Nothing changed (a weight written differently is the same value): nothing recorded.
    expectOk(
      await post(`${PURCHASED}/update`, {
        id: created.id,
        code: 'CRUD-1',
        name: '锂电池电芯',
        weight: '0.50',
        batchNo: 'B1',
      }),
    );

    await seal(t);
    const sealed = expectOk(await post(`${PURCHASED}/detail`, { id: created.id }));
    expect(sealed.chain).toMatchObject({ status: 'sealed', txHash: edited.chain!.txHash });

    expect(expectOk(await post(`${PURCHASED}/delete`, { id: created.id }))).toBeNull();
    expectError(await post(`${PURCHASED}/detail`, { id: created.id }), 'NOT_FOUND');
    const events = await eventsOf(created.id);
    expect(events.map((e) => e.eventType)).toEqual([
      'material.created',
      'material.updated',
      'material.deleted',
    ]);
    expect(events[0]!.payload).toEqual({
      nature: 'purchased',
      code: 'CRUD-1',
      name: '锂电池电芯',
      nameEn: 'Cell',
      tracingObject: true,
      weight: '123456789.1234',
      unit: 'pcs',
      description: 'first',
      supplierMaterialCode: 'SUP-1',
      batchNo: 'B1',
      receiptNo: 'RK-1',
      receiptTime,
      quality: null,
    });
    expect(events[2]!.payload).toMatchObject({ code: 'CRUD-1', weight: '0.5' });
    expect(events.every((e) => e.enterpriseUuid === AUTO_UUID && e.signerDid?.startsWith('did:ethr:'))).toBe(
      true,
    );
  });

  it('keeps homemade products apart: no supplier code, their own receipt (stock-in) fields', async () => {
    const made = await add(
      { code: 'HM-1', supplierMaterialCode: 'ignored', receiptNo: 'WG-1', receiptTime: 0 },
      HOMEMADE,
    );
    expect(made).toMatchObject({
      nature: 'homemade',
      supplierMaterialCode: '',
      receiptNo: 'WG-1',
      receiptTime: 0,
    });
    expect((await page({ code: 'HM-' }, HOMEMADE)).list.map((m) => m.code)).toEqual(['HM-1']);
    expect((await page({ code: 'HM-' })).total).toBe(0);
    expectOk(await post(`${HOMEMADE}/delete`, { id: made.id }));
  });

  it('keeps nature, code and batch number unique, on create and on edit, in both languages', async () => {
    const one = await add({ code: 'DUP-1', batchNo: 'B1' });
    const two = await add({ code: 'DUP-1', batchNo: 'B2' });
    const noBatch = await add({ code: 'DUP-1' });
    // The same code and batch is another record in the other nature and in another enterprise.
    const homemade = await add({ code: 'DUP-1', batchNo: 'B1' }, HOMEMADE);
    const theirs = await add({ code: 'DUP-1', batchNo: 'B1' }, PURCHASED, t.b);
    for (const lang of ['zh', 'en'] as const) {
      const res = await post(`${PURCHASED}/add`, { code: 'DUP-1', name: 'x', batchNo: 'B1' }, t.a, lang);
      expectError(res, 'MATERIAL_EXISTS', lang);
      expectError(
        await post(`${PURCHASED}/add`, { code: 'DUP-1', name: 'x' }, t.a, lang),
        'MATERIAL_EXISTS',
        lang,
      );
      expectError(
        await post(`${PURCHASED}/update`, { id: two.id, code: 'DUP-1', name: 'x', batchNo: 'B1' }, t.a, lang),
        'MATERIAL_EXISTS',
        lang,
      );
    }
    expect(errorMessage('MATERIAL_EXISTS', 'zh')).toBe('编号与批次号相同的物料已存在');
    expect((await eventsOf(two.id)).map((e) => e.eventType)).toEqual(['material.created']);
    expectOk(await post(`${PURCHASED}/batchDelete`, { ids: [one.id, two.id, noBatch.id] }));
    expectOk(await post(`${HOMEMADE}/delete`, { id: homemade.id }));
    expectOk(await post(`${PURCHASED}/delete`, { id: theirs.id }, t.b));
  });

  it('pages, sorts and searches by code, name, batch, tracing object and times', async () => {
    const made: TMaterial[] = [];
    for (const [code, name, nameEn, weight, tracingObject, receiptTime] of [
      ['S-B', '电芯', 'Cell', '10', true, Date.parse('2026-01-01T00:00:00Z')],
      ['S-A', '外壳', 'Housing', '2.5', false, Date.parse('2026-02-01T00:00:00Z')],
      ['S-D', '电芯模组', 'Cell module', null, true, null],
      ['S-C', '螺栓', 'Bolt', '100', false, Date.parse('2026-03-01T00:00:00Z')],
    ] as const) {
      made.push(await add({ code, name, nameEn, weight, tracingObject, receiptTime, batchNo: `${code}-B` }));
    }
    const all = await page({ code: 'S-' });
    expect(all.total).toBe(4);
    expect(all.list.map((m) => m.code)).toEqual(['S-C', 'S-D', 'S-A', 'S-B']);
    const asc = await page({ code: 's-', sortField: 'code', sortOrder: 'asc', pageSize: 2, pageNo: 2 });
    expect(asc).toMatchObject({ total: 4, list: [{ code: 'S-C' }, { code: 'S-D' }] });
    // Weights sort as numbers (10 < 100), missing ones last in ascending order.
    const byWeight = await page({ code: 'S-', sortField: 'weight', sortOrder: 'asc' });
    expect(byWeight.list.map((m) => m.code)).toEqual(['S-A', 'S-B', 'S-C', 'S-D']);
    expect((await page({ code: 'S-', name: 'cell' })).list.map((m) => m.code)).toEqual(['S-D', 'S-B']);
    expect((await page({ code: 'S-', name: '电芯' })).list.map((m) => m.code)).toEqual(['S-D', 'S-B']);
    expect((await page({ code: 'S-', tracingObject: 'false' })).list.map((m) => m.code)).toEqual([
      'S-C',
      'S-A',
    ]);
    expect((await page({ code: 'S-', tracingObject: true })).total).toBe(2);
    expect((await page({ batchNo: 'S-A-' })).list.map((m) => m.code)).toEqual(['S-A']);
    const receipts = await page({
      code: 'S-',
      receiptFrom: Date.parse('2026-01-15T00:00:00Z'),
      receiptTo: Date.parse('2026-03-01T00:00:00Z'),
    });
    expect(receipts.list.map((m) => m.code)).toEqual(['S-C', 'S-A']);
    const created = await page({
      code: 'S-',
      createdFrom: made[1]!.createdAt,
      createdTo: made[2]!.createdAt,
    });
    expect(created.list.map((m) => m.code).sort()).toEqual(['S-A', 'S-D']);
    expect((await page({ code: '%' })).total).toBe(0);
    expectError(await post(`${PURCHASED}/page`, { pageSize: 1001 }), 'VALIDATION', 'zh', {
      detail: validationMessage('v.tooBig', 'zh', { field: 'pageSize', max: 1000 }),
    });
    expect((await page({ code: 'S-', pageSize: 1000 })).list).toHaveLength(4);

    // Options for pickers: code or name contains the keyword, ordered by code; chosen ids always included.
    const found = await options({ keyword: 'cell' });
    expect(found.map((o) => o.code)).toEqual(['S-B', 'S-D']);
    expect(found[0]).toEqual({
      id: made[0]!.id,
      nature: 'purchased',
      code: 'S-B',
      name: '电芯',
      nameEn: 'Cell',
      batchNo: 'S-B-B',
      tracingObject: true,
    });
    expect((await options({ keyword: 'S-', limit: 2 })).map((o) => o.code)).toEqual(['S-A', 'S-B']);
    const withChosen = await options({ keyword: 'bolt', ids: [made[1]!.id] });
    expect(withChosen.map((o) => o.code)).toEqual(['S-A', 'S-C']);
    expect(await options({ keyword: 'cell' }, HOMEMADE)).toEqual([]);
    expectOk(await post(`${PURCHASED}/batchDelete`, { ids: made.map((m) => m.id) }));
  });

  it("never shows, changes or deletes another enterprise's materials, on any endpoint", async () => {
    const mine = await add({ code: 'ISO-A' });
    const theirs = await add({ code: 'ISO-B' }, PURCHASED, t.b);
    const theirFile = await qualityFile(t.b);
    expect((await page({ code: 'ISO' })).list.map((m) => m.code)).toEqual(['ISO-A']);
    expect((await page({ code: 'ISO' }, PURCHASED, t.b)).list.map((m) => m.code)).toEqual(['ISO-B']);
    expectError(await post(`${PURCHASED}/detail`, { id: theirs.id }), 'NOT_FOUND');
    expectError(await post(`${PURCHASED}/update`, { id: theirs.id, code: 'X', name: 'x' }), 'NOT_FOUND');
    expectError(await post(`${PURCHASED}/delete`, { id: theirs.id }), 'NOT_FOUND');
    expectError(await post(`${PURCHASED}/batchDelete`, { ids: [mine.id, theirs.id] }), 'NOT_FOUND');
    expectError(
      await post(`${PURCHASED}/attachQuality`, { id: theirs.id, fileKey: theirFile.fileKey }),
      'NOT_FOUND',
    );
    // Nor may another enterprise's report be attached to one's own material.
    for (const lang of ['zh', 'en'] as const) {
      const res = await post(
        `${PURCHASED}/attachQuality`,
        { id: mine.id, fileKey: theirFile.fileKey },
        t.a,
        lang,
      );
      const message = validationMessage('v.material.qualityFile', lang, { field: 'fileKey' });
      expectError(res, 'VALIDATION', lang, { detail: message });
    }
    expect((await options({ keyword: 'ISO' })).map((o) => o.code)).toEqual(['ISO-A']);
    expect((await options({ ids: [theirs.id], keyword: 'nothing-matches' })).map((o) => o.code)).toEqual([]);
    expectError(await post(`${PURCHASED}/detail`, { id: 3_000_000_000 }), 'NOT_FOUND');
    const [row] = await dbOf(t).select().from(materials).where(eq(materials.id, theirs.id));
    expect(row).toMatchObject({ code: 'ISO-B', enterpriseUuid: SUPPLIER_UUID, qualityFileKey: null });
    expect((await eventsOf(theirs.id)).map((e) => e.eventType)).toEqual(['material.created']);
    expect(await dbOf(t).select().from(materials).where(eq(materials.id, mine.id))).toHaveLength(1);

    // The export writes only the caller's rows; import records stay in their enterprise.
    const exported = await download(t.app, `${PURCHASED}/export`, {
      token: t.a,
      method: 'POST',
      body: { code: 'ISO' },
    });
    expect((await sheetRows(exported.raw)).slice(1).map((r) => r[0])).toEqual(['ISO-A']);
    const queued = expectOk(
      await importFile(t.app, `${PURCHASED}/importExcel`, {
        token: t.b,
        fileName: 'b.xlsx',
        content: await xlsxOf([
          ['物料编号', '物料名称'],
          ['ISO-B2', 'x'],
        ]),
      }),
    );
    expectError(
      await call(t.app, `/import/records/${queued.id}`, { token: t.a, method: 'GET' }),
      'NOT_FOUND',
    );
    const records = expectOk(await post<TListResponse<{ id: string }>>(`${PURCHASED}/uploadRecord`, {}));
    expect(records.list.map((r) => r.id)).not.toContain(queued.id);

    // Row-level security is the second wall.
    const seen = await withTenant(dbOf(t), { enterpriseUuid: AUTO_UUID, userId: 1 }, (tx) =>
      tx.select({ e: materials.enterpriseUuid }).from(materials),
    );
    expect(seen.every((r) => r.e === AUTO_UUID)).toBe(true);
    await expect(
      withTenant(dbOf(t), { enterpriseUuid: AUTO_UUID, userId: 1 }, (tx) =>
        tx.insert(materials).values({
          enterpriseUuid: SUPPLIER_UUID,
          nature: 'purchased',
          code: 'RLS-X',
          name: 'x',
          createdBy: 1,
        }),
      ),
    ).rejects.toThrow();
    await post(`${PURCHASED}/delete`, { id: mine.id });
    await post(`${PURCHASED}/delete`, { id: theirs.id }, t.b);
  });

  it('separates the natures: MaterialData codes neither read nor change homemade products', async () => {
    const purchasedCodes = [
      'MaterialData',
      ...['Create', 'Edit', 'Delete', 'BatchDelete', 'BatchUpload', 'DownloadTemplate', 'Export'].map(
        (action) => `MaterialData:${action}`,
      ),
      'MaterialData:UploadAffix',
      'MaterialData:ViewUploadRecords',
    ];
    const member = (await memberWith(t, t.a, AUTO_UUID, purchasedCodes)).token;
    const bought = await add({ code: 'NAT-P' });
    const made = await add({ code: 'NAT-H' }, HOMEMADE);

    // Its own page works.
    expect((await page({ code: 'NAT-' }, PURCHASED, member)).list.map((m) => m.code)).toEqual(['NAT-P']);
    const own = await add({ code: 'NAT-P2' }, PURCHASED, member);
    const report = await qualityFile(member, undefined, undefined, `MaterialData:${own.id}`);
    expectOk(await post(`${PURCHASED}/attachQuality`, { id: own.id, fileKey: report.fileKey }, member));

    // Every endpoint of the homemade page refuses it.
    const refused: [string, unknown][] = [
      ['page', {}],
      ['detail', { id: made.id }],
      ['add', { code: 'NAT-H2', name: 'x' }],
      ['update', { id: made.id, code: 'NAT-H', name: 'changed' }],
      ['delete', { id: made.id }],
      ['batchDelete', { ids: [made.id] }],
      ['attachQuality', { id: made.id, fileKey: report.fileKey }],
      ['options', {}],
      ['export', {}],
      ['uploadRecord', {}],
    ];
    for (const [name, body] of refused) {
      for (const lang of ['zh', 'en'] as const) {
        expectError(await post(`${HOMEMADE}/${name}`, body, member, lang), 'FORBIDDEN', lang);
      }
    }
    expectError((await download(t.app, `${HOMEMADE}/template`, { token: member })).res, 'FORBIDDEN');
    expectError(
      await importFile(t.app, `${HOMEMADE}/importExcel`, {
        token: member,
        fileName: 'h.xlsx',
        content: await xlsxOf([
          ['半成品编号', '半成品名称'],
          ['NAT-H3', 'x'],
        ]),
      }),
      'FORBIDDEN',
    );
    // Nor can it reach a homemade product through its own page's endpoints: the page fixes the nature.
    for (const token of [member, t.a]) {
      expectError(await post(`${PURCHASED}/detail`, { id: made.id }, token), 'NOT_FOUND');
      expectError(
        await post(`${PURCHASED}/update`, { id: made.id, code: 'NAT-H', name: 'x' }, token),
        'NOT_FOUND',
      );
      expectError(await post(`${PURCHASED}/delete`, { id: made.id }, token), 'NOT_FOUND');
      expectError(await post(`${PURCHASED}/batchDelete`, { ids: [bought.id, made.id] }, token), 'NOT_FOUND');
      expectError(
        await post(`${PURCHASED}/attachQuality`, { id: made.id, fileKey: report.fileKey }, token),
        'NOT_FOUND',
      );
      expect((await options({ ids: [made.id] }, PURCHASED, token)).map((o) => o.id)).not.toContain(made.id);
    }
    const [stored] = await dbOf(t).select().from(materials).where(eq(materials.id, made.id));
    expect(stored).toMatchObject({ code: 'NAT-H', name: '物料', qualityFileKey: null });
    expect((await eventsOf(made.id)).map((e) => e.eventType)).toEqual(['material.created']);

    // Pages that pick materials read both natures' options, and nothing else of them.
    const picker = (await memberWith(t, t.a, AUTO_UUID, ['MaterialRelation'])).token;
    expect((await options({ keyword: 'NAT-H' }, HOMEMADE, picker)).map((o) => o.code)).toEqual(['NAT-H']);
    expect((await options({ keyword: 'NAT-P' }, PURCHASED, picker)).map((o) => o.code)).toEqual([
      'NAT-P',
      'NAT-P2',
    ]);
    expectError(await post(`${HOMEMADE}/page`, {}, picker), 'FORBIDDEN');
    expectError(await post(`${HOMEMADE}/detail`, { id: made.id }, picker), 'FORBIDDEN');

    // Each change needs its own code.
    const viewer = (await memberWith(t, t.a, AUTO_UUID, ['MaterialDataIn'])).token;
    expect((await page({ code: 'NAT-' }, HOMEMADE, viewer)).total).toBe(1);
    expectError(await post(`${HOMEMADE}/add`, { code: 'NAT-H4', name: 'x' }, viewer), 'FORBIDDEN');
    expectError(
      await post(`${HOMEMADE}/update`, { id: made.id, code: 'NAT-H', name: 'x' }, viewer),
      'FORBIDDEN',
    );
    expectError(await post(`${HOMEMADE}/delete`, { id: made.id }, viewer), 'FORBIDDEN');
    expectError(await post(`${HOMEMADE}/batchDelete`, { ids: [made.id] }, viewer), 'FORBIDDEN');
    expectError(await post(`${HOMEMADE}/attachQuality`, { id: made.id, fileKey: 'x' }, viewer), 'FORBIDDEN');

    expectOk(await post(`${PURCHASED}/batchDelete`, { ids: [bought.id, own.id] }));
    expectOk(await post(`${HOMEMADE}/delete`, { id: made.id }));
  });

  it('attaches a quality report (a real PDF) with its hash and evidence; refuses other types', async () => {
    const target = await add({ code: 'QA-1', batchNo: 'B1' }, HOMEMADE);
    const content = pdfBytes();

    // The upload checks the quality types by extension and content, in both languages.
    for (const lang of ['zh', 'en'] as const) {
      for (const [fileName, bytes] of [
        ['photo.png', pngBytes()],
        ['fake.pdf', pngBytes()],
        ['report.txt', content],
      ] as const) {
        expectError(
          await upload(t.app, {
            token: t.a,
            bizType: 'quality',
            bizNo: `MaterialDataIn:${target.id}`,
            fileName,
            content: bytes,
            lang,
          }),
          'FILE_TYPE_INVALID',
          lang,
          { types: 'doc/docx/xls/xlsx/pdf' },
        );
      }
    }
    // A file uploaded as an ordinary attachment is not a quality report.
    const attachment = expectOk(
      await upload(t.app, {
        token: t.a,
        bizType: 'attachment',
        bizNo: `MaterialDataIn:${target.id}`,
        fileName: 'photo.png',
        content: pngBytes(),
      }),
    );
    for (const lang of ['zh', 'en'] as const) {
      for (const fileKey of [attachment.fileKey, 'f'.repeat(32)]) {
        const res = await post(`${HOMEMADE}/attachQuality`, { id: target.id, fileKey }, t.a, lang);
        const message = validationMessage('v.material.qualityFile', lang, { field: 'fileKey' });
        expectError(res, 'VALIDATION', lang, { detail: message });
        expect(res.body.data).toEqual({ fields: [{ field: 'fileKey', message }] });
      }
    }

    const report = expectOk(
      await upload(t.app, {
        token: t.a,
        bizType: 'quality',
        bizNo: `MaterialDataIn:${target.id}`,
        fileName: '质检报告.pdf',
        content,
      }),
    );
    const attached = expectOk(
      await post(`${HOMEMADE}/attachQuality`, { id: target.id, fileKey: report.fileKey }),
    );
    expect(attached.quality).toMatchObject({
      fileKey: report.fileKey,
      fileName: '质检报告.pdf',
      fileHash: sha256(content),
      chain: { status: 'pending', eventType: 'file.uploaded', subjectId: report.fileKey },
    });
    expect(attached.chain).toMatchObject({ eventType: 'material.qualityAttached' });
    // Attaching the same file again changes nothing.
    expectOk(await post(`${HOMEMADE}/attachQuality`, { id: target.id, fileKey: report.fileKey }));
    const events = await eventsOf(target.id);
    expect(events.map((e) => e.eventType)).toEqual(['material.created', 'material.qualityAttached']);
    expect(events[1]!.dataHash).toBe(sha256(content));
    expect(events[1]!.payload).toMatchObject({
      code: 'QA-1',
      quality: { fileKey: report.fileKey, fileName: '质检报告.pdf', fileHash: sha256(content) },
    });

    // Editing the material keeps its report; the report's file is readable by the enterprise.
    const edited = expectOk(
      await post(`${HOMEMADE}/update`, { id: target.id, code: 'QA-1', name: 'renamed', batchNo: 'B1' }),
    );
    expect(edited.quality?.fileKey).toBe(report.fileKey);
    const viewed = await viewFile(t.app, report.fileKey, t.a);
    expect(viewed.status).toBe(200);
    expect(Buffer.compare(viewed.raw, content)).toBe(0);
    await seal(t);
    const sealed = expectOk(await post(`${HOMEMADE}/detail`, { id: target.id }));
    expect(sealed.quality?.chain).toMatchObject({
      status: 'sealed',
      txHash: attached.quality!.chain!.txHash,
    });

    // A report filed under another record is not this record's: attaching it would let it be read under
    // this record's data permission.
    const elsewhere = await qualityFile(t.a, 'other.pdf');
    for (const lang of ['zh', 'en'] as const) {
      const res = await post(
        `${HOMEMADE}/attachQuality`,
        { id: target.id, fileKey: elsewhere.fileKey },
        t.a,
        lang,
      );
      const message = validationMessage('v.material.qualityFile', lang, { field: 'fileKey' });
      expectError(res, 'VALIDATION', lang, { detail: message });
    }

    // A replacement report is recorded too.
    const second = await qualityFile(
      t.a,
      'report-v2.docx',
      await xlsxOf([['not really a docx']]),
      `MaterialDataIn:${target.id}`,
    );
    const replaced = expectOk(
      await post(`${HOMEMADE}/attachQuality`, { id: target.id, fileKey: second.fileKey }),
    );
    expect(replaced.quality?.fileName).toBe('report-v2.docx');
    expect((await eventsOf(target.id)).map((e) => e.eventType).at(-1)).toBe('material.qualityAttached');
    expectOk(await post(`${HOMEMADE}/delete`, { id: target.id }));
  });

  it('refuses to delete or recode a material business data references (spec 8), in both languages', async () => {
    const used = await add({ code: 'REF-1', batchNo: 'B1' });
    const free = await add({ code: 'REF-2' });
    const seen: number[][] = [];
    const unregister = registerReferenceChecker('material', 'test-products', async (_db, tenant, records) => {
      seen.push(records.map((r) => r.id));
      return tenant.enterpriseUuid === AUTO_UUID && records.some((r) => r.id === used.id);
    });
    try {
      for (const lang of ['zh', 'en'] as const) {
        const res = await post(`${PURCHASED}/delete`, { id: used.id }, t.a, lang);
        expectError(res, 'RECORD_IN_USE', lang);
        expect(res.body.data).toEqual({ referencedBy: ['test-products'] });
        // The batch is refused as a whole: the unreferenced one stays too.
        expectError(
          await post(`${PURCHASED}/batchDelete`, { ids: [free.id, used.id] }, t.a, lang),
          'RECORD_IN_USE',
          lang,
        );
        expectError(
          await post(
            `${PURCHASED}/update`,
            { id: used.id, code: 'REF-1X', name: 'x', batchNo: 'B1' },
            t.a,
            lang,
          ),
          'RECORD_IN_USE',
          lang,
        );
      }
      expect(errorMessage('RECORD_IN_USE', 'en')).toBe(
        'Please delete related processes data in advance, because this product/material/association/company has already been applied to key processes.',
      );
      // Every record of the batch is asked about at once.
      expect(seen.some((ids) => ids.length === 2 && ids.includes(free.id) && ids.includes(used.id))).toBe(
        true,
      );
      // Its other fields may still change.
      expectOk(
        await post(`${PURCHASED}/update`, { id: used.id, code: 'REF-1', name: 'kept', batchNo: 'B1' }),
      );
      expect(await dbOf(t).select().from(materials).where(like(materials.code, 'REF-%'))).toHaveLength(2);
    } finally {
      unregister();
    }
    expect(
      expectOk(await post<{ deleted: number }>(`${PURCHASED}/batchDelete`, { ids: [free.id, used.id] })),
    ).toEqual({
      deleted: 2,
    });
    for (const id of [free.id, used.id]) {
      expect((await eventsOf(id)).map((e) => e.eventType).at(-1)).toBe('material.deleted');
    }
  });

  it('is kept by the real checkers while a product traces it or a code mapping names it', async () => {
    const traced = await add({ code: 'REAL-1' });
    const mapped = await add({ code: 'REAL-2' }, HOMEMADE);
    // Rows as the products and mapping modules write them, inserted directly.
    await dbOf(t)
      .insert(productMaterials)
      .values({ enterpriseUuid: AUTO_UUID, productId: 1, materialId: traced.id });
    const [relation] = await dbOf(t)
      .insert(materialRelations)
      .values({
        enterpriseUuid: AUTO_UUID,
        direction: 'supplier',
        partnerCode: 'SUP-REAL',
        partnerName: 'Supplier',
        partnerMaterialNo: 'SUP-MAT-1',
        materialId: mapped.id,
        createdBy: 1,
      })
      .returning();
    for (const lang of ['zh', 'en'] as const) {
      const one = await post(`${PURCHASED}/delete`, { id: traced.id }, t.a, lang);
      expectError(one, 'RECORD_IN_USE', lang);
      expect(one.body.data).toEqual({ referencedBy: ['product'] });
      const two = await post(`${HOMEMADE}/batchDelete`, { ids: [mapped.id] }, t.a, lang);
      expectError(two, 'RECORD_IN_USE', lang);
      expect(two.body.data).toEqual({ referencedBy: ['materialRelation'] });
    }
    // Another enterprise's references are not this one's.
    const theirs = await add({ code: 'REAL-1' }, PURCHASED, t.b);
    await dbOf(t)
      .insert(productMaterials)
      .values({ enterpriseUuid: AUTO_UUID, productId: 2, materialId: theirs.id });
    expectOk(await post(`${PURCHASED}/delete`, { id: theirs.id }, t.b));

    await dbOf(t).delete(productMaterials).where(eq(productMaterials.enterpriseUuid, AUTO_UUID));
    await dbOf(t).delete(materialRelations).where(eq(materialRelations.id, relation!.id));
    expectOk(await post(`${PURCHASED}/delete`, { id: traced.id }));
    expectOk(await post(`${HOMEMADE}/delete`, { id: mapped.id }));
  });

  it("shows a member with the 'own account data' scope only the materials it created", async () => {
    const others = await add({ code: 'SCOPE-ADMIN' });
    const role = await createRole(
      t.app,
      t.a,
      ['MaterialData', 'MaterialData:Create', 'MaterialData:Delete'],
      {
        dataScope: 'account',
      },
    );
    const member = await createMember(t.app, t.a, [role.id]);
    const token = await firstSignIn(t.app, member, AUTO_UUID);
    const mine = await add({ code: 'SCOPE-OWN' }, PURCHASED, token);
    expect((await page({ code: 'SCOPE' }, PURCHASED, token)).list.map((m) => m.code)).toEqual(['SCOPE-OWN']);
    expect((await options({ keyword: 'SCOPE' }, PURCHASED, token)).map((m) => m.code)).toEqual(['SCOPE-OWN']);
    expect((await page({ code: 'SCOPE' })).total).toBe(2);
    expectError(await post(`${PURCHASED}/detail`, { id: others.id }, token), 'NOT_FOUND');
    expectError(await post(`${PURCHASED}/delete`, { id: others.id }, token), 'NOT_FOUND');
    // The key is still unique in the whole enterprise.
    expectError(await post(`${PURCHASED}/add`, { code: 'SCOPE-ADMIN', name: 'x' }, token), 'MATERIAL_EXISTS');
    expectOk(await post(`${PURCHASED}/delete`, { id: mine.id }, token));
    await post(`${PURCHASED}/delete`, { id: others.id });
  });
});
