import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  validationMessage,
  type TLang,
  type TLinkCandidate,
  type TListResponse,
  type TMaterialRelation,
  type TPartner,
  type TPartnerOption,
} from '@tracehub/contract';
import { enterprises, ledgerEvents, materialRelations, materials, products } from '../src/db/schema.ts';
import { assertNotReferenced, referencesTo, registerReferenceChecker } from '../src/platform/references.ts';
import { withTenant } from '../src/platform/tenancy.ts';
import { usciOf } from '../src/seed/demo-companies.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, SUPPLIER_UUID, call, useTestApp } from './support/app.ts';
import { memberWith } from './support/accounts.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { download, importAndRun, sheetRows, xlsxOf } from './support/workbooks.ts';

let serial = 0;
const freshUsci = () => usciOf(`91440101MA${String(++serial).padStart(7, '0')}`);

const SUPPLIER = '/materialRelation';
const CLIENT = '/customMaterialRelation';

describe('material code mappings (/basicData/materialRelation, /basicData/custommaterialRelation)', () => {
  const t = useTestApp({ a: AS_AUTO, b: AS_SUPPLIER });
  /** The automaker's supplier (settled: it is the demo supplier) and client, and the supplier's own. */
  let supplier: TPartner;
  let client: TPartner;
  let theirPartner: TPartner;
  let supplierDid: string;

  const post = <T = TMaterialRelation>(path: string, body: unknown, token = t.a, lang?: TLang) =>
    call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });
  const add = async (base: string, body: Record<string, unknown>, token = t.a) =>
    expectOk(await post(`${base}/add`, body, token));
  const page = async (base: string, body: Record<string, unknown> = {}, token = t.a) =>
    expectOk(await post<TListResponse<TMaterialRelation>>(`${base}/page`, { pageSize: 100, ...body }, token));
  const candidates = async (base: string, body: Record<string, unknown>, token = t.a) =>
    expectOk(
      await post<TListResponse<TLinkCandidate>>(`${base}/candidates`, { pageSize: 100, ...body }, token),
    );
  const eventsOf = (id: number) =>
    dbOf(t)
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.subjectType, 'materialRelation'), eq(ledgerEvents.subjectId, String(id))))
      .orderBy(asc(ledgerEvents.id));
  const partner = async (body: Record<string, unknown>, token = t.a) =>
    expectOk(
      await call<TPartner>(t.app, '/partner/add', {
        token,
        body: { partnerType: 'supplier', name: '合作企业', usci: freshUsci(), ...body },
      }),
    );
  /** Materials and products have their own module; the tests write their rows directly. */
  const material = async (
    code: string,
    nature: 'purchased' | 'homemade' = 'purchased',
    enterprise = AUTO_UUID,
  ) =>
    (
      await dbOf(t)
        .insert(materials)
        .values({
          enterpriseUuid: enterprise,
          nature,
          code,
          name: `物料 ${code}`,
          nameEn: `Material ${code}`,
          createdBy: 1,
        })
        .returning()
    )[0]!;
  const product = async (code: string, enterprise = AUTO_UUID) =>
    (
      await dbOf(t)
        .insert(products)
        .values({
          uuid: randomUUID(),
          enterpriseUuid: enterprise,
          code,
          name: `产品 ${code}`,
          batchNo: 'B1',
          createdBy: 1,
        })
        .returning()
    )[0]!;

  beforeAll(async () => {
    const [hengxin] = await dbOf(t).select().from(enterprises).where(eq(enterprises.uuid, SUPPLIER_UUID));
    supplierDid = hengxin!.did!;
    supplier = await partner({ code: 'SUP-HX', name: '恒信动力电池有限公司', usci: hengxin!.usci });
    client = await partner({ code: 'CUS-1', name: '客户甲', partnerType: 'client' });
    theirPartner = await partner({ code: 'SUP-HX', name: '供应商乙' }, t.b);
  });

  it('refuses invalid input with the catalogue messages in zh and en', async () => {
    const cases: [Record<string, unknown>, string, Parameters<typeof validationMessage>[0], object][] = [
      [{ partnerMaterialNo: ' ' }, 'partnerMaterialNo', 'v.required', {}],
      [{ partnerMaterialNo: 'x'.repeat(51) }, 'partnerMaterialNo', 'v.tooLong', { max: 50 }],
      [{ partnerMaterialName: 'n'.repeat(101) }, 'partnerMaterialName', 'v.tooLong', { max: 100 }],
      [{ notes: 'n'.repeat(101) }, 'notes', 'v.tooLong', { max: 100 }],
      [{ partnerId: 'SUP-HX' }, 'partnerId', 'v.type', {}],
    ];
    for (const [overrides, field, key, params] of cases) {
      for (const lang of ['zh', 'en'] as const) {
        const res = await post(
          `${SUPPLIER}/add`,
          { partnerId: supplier.id, partnerMaterialNo: 'M', ...overrides },
          t.a,
          lang,
        );
        const message = validationMessage(key, lang, { field, ...params });
        expectError(res, 'VALIDATION', lang, { detail: message });
        expect(res.body.data).toEqual({ fields: [{ field, message }] });
      }
    }
    // A partner of the other type, or of another enterprise, is no partner of this page.
    for (const lang of ['zh', 'en'] as const) {
      for (const partnerId of [client.id, theirPartner.id, 3_000_000_000]) {
        expectError(
          await post(`${SUPPLIER}/add`, { partnerId, partnerMaterialNo: 'M' }, t.a, lang),
          'PARTNER_UNKNOWN',
          lang,
        );
      }
    }
    expect((await page(SUPPLIER)).total).toBe(0);
  });

  it("creates, edits and deletes a mapping with evidence, showing the settled partner's DID", async () => {
    const created = await add(SUPPLIER, {
      partnerId: supplier.id,
      partnerMaterialNo: ' HX-CELL-01 ',
      partnerMaterialName: '电芯',
    });
    expect(created).toMatchObject({
      direction: 'supplier',
      partnerId: supplier.id,
      partnerCode: 'SUP-HX',
      partnerName: '恒信动力电池有限公司',
      partnerSettled: true,
      partnerDid: supplierDid,
      partnerMaterialNo: 'HX-CELL-01',
      own: null,
    });
    expect(created.chain?.eventType).toBe('materialRelation.created');
    expect(expectOk(await post(`${SUPPLIER}/detail`, { id: created.id }))).toEqual(created);
    // It is not a client mapping.
    expectError(await post(`${CLIENT}/detail`, { id: created.id }), 'NOT_FOUND');

    const other = await partner({ code: 'SUP-2', name: '未入驻供应商' });
    const edited = expectOk(
      await post(`${SUPPLIER}/update`, {
        id: created.id,
        partnerId: other.id,
        partnerMaterialNo: 'HX-CELL-01',
        notes: 'n',
      }),
    );
    expect(edited).toMatchObject({
      partnerCode: 'SUP-2',
      partnerSettled: false,
      partnerDid: null,
      notes: 'n',
    });
    expectOk(
      await post(`${SUPPLIER}/update`, {
        id: created.id,
        partnerId: other.id,
        partnerMaterialNo: 'HX-CELL-01',
        notes: 'n',
      }),
    );
    expectOk(await post(`${SUPPLIER}/delete`, { id: created.id }));
    expectError(await post(`${SUPPLIER}/detail`, { id: created.id }), 'NOT_FOUND');
    const events = await eventsOf(created.id);
    expect(events.map((e) => e.eventType)).toEqual([
      'materialRelation.created',
      'materialRelation.updated',
      'materialRelation.deleted',
    ]);
    expect(events[0]!.payload).toMatchObject({
      partnerCode: 'SUP-HX',
      partnerMaterialNo: 'HX-CELL-01',
      own: null,
    });
    expect(events.every((e) => e.enterpriseUuid === AUTO_UUID)).toBe(true);
    await call(t.app, '/partner/delete', { token: t.a, body: { id: other.id } });
  });

  it("keeps a partner's material number unique per direction, in both languages", async () => {
    const one = await add(SUPPLIER, { partnerId: supplier.id, partnerMaterialNo: 'DUP' });
    const two = await add(SUPPLIER, { partnerId: supplier.id, partnerMaterialNo: 'DUP-2' });
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post(`${SUPPLIER}/add`, { partnerId: supplier.id, partnerMaterialNo: 'DUP' }, t.a, lang),
        'MATERIAL_RELATION_EXISTS',
        lang,
      );
      expectError(
        await post(
          `${SUPPLIER}/update`,
          { id: two.id, partnerId: supplier.id, partnerMaterialNo: 'DUP' },
          t.a,
          lang,
        ),
        'MATERIAL_RELATION_EXISTS',
        lang,
      );
    }
    // The same number of a client, and of another enterprise's supplier, are other mappings.
    const asClient = await add(CLIENT, { partnerId: client.id, partnerMaterialNo: 'DUP' });
    const theirs = await add(SUPPLIER, { partnerId: theirPartner.id, partnerMaterialNo: 'DUP' }, t.b);
    expectOk(await post(`${SUPPLIER}/batchDelete`, { ids: [one.id, two.id] }));
    expectOk(await post(`${CLIENT}/delete`, { id: asClient.id }));
    expectOk(await post(`${SUPPLIER}/delete`, { id: theirs.id }, t.b));
  });

  it('links a supplier mapping to a purchased material on the link page, and unlinks it, with evidence', async () => {
    const bolt = await material('LK-BOLT');
    const nut = await material('LK-NUT');
    const semi = await material('LK-SEMI', 'homemade');
    const foreign = await material('LK-THEIRS', 'purchased', SUPPLIER_UUID);
    const part = await product('LK-PRODUCT');
    const mapping = await add(SUPPLIER, { partnerId: supplier.id, partnerMaterialNo: 'LK-1' });

    // Candidates: the enterprise's purchased materials only, searchable by code and name.
    const all = await candidates(SUPPLIER, { id: mapping.id, code: 'LK-' });
    expect(all.list.map((c) => [c.kind, c.code, c.linked])).toEqual([
      ['material', 'LK-BOLT', false],
      ['material', 'LK-NUT', false],
    ]);
    expect(
      (await candidates(SUPPLIER, { id: mapping.id, name: 'material lk-n' })).list.map((c) => c.code),
    ).toEqual(['LK-NUT']);
    expectError(
      await post(`${SUPPLIER}/candidates`, { id: mapping.id, kind: 'product' }),
      'MATERIAL_RELATION_TARGET_INVALID',
    );

    const linked = expectOk(
      await post(`${SUPPLIER}/link`, { id: mapping.id, kind: 'material', targetId: bolt.id }),
    );
    expect(linked.own).toMatchObject({
      kind: 'material',
      id: bolt.id,
      code: 'LK-BOLT',
      name: '物料 LK-BOLT',
    });
    expect(linked.chain?.eventType).toBe('materialRelation.linked');
    expect((await candidates(SUPPLIER, { id: mapping.id, code: 'LK-' })).list.map((c) => c.linked)).toEqual([
      true,
      false,
    ]);
    // The same link again records nothing; another replaces it.
    expectOk(await post(`${SUPPLIER}/link`, { id: mapping.id, kind: 'material', targetId: bolt.id }));
    const replaced = expectOk(
      await post(`${SUPPLIER}/link`, { id: mapping.id, kind: 'material', targetId: nut.id }),
    );
    expect(replaced.own?.code).toBe('LK-NUT');
    expect((await page(SUPPLIER, { ownCode: 'lk-nut' })).list.map((m) => m.id)).toEqual([mapping.id]);
    expect((await page(SUPPLIER, { linkState: 'linked' })).list.map((m) => m.id)).toEqual([mapping.id]);

    // Not linkable here: a homemade material, a product, another enterprise's material.
    for (const lang of ['zh', 'en'] as const) {
      for (const [kind, targetId] of [
        ['material', semi.id],
        ['product', part.id],
        ['material', foreign.id],
        ['material', 3_000_000_000],
      ] as const) {
        expectError(
          await post(`${SUPPLIER}/link`, { id: mapping.id, kind, targetId }, t.a, lang),
          'MATERIAL_RELATION_TARGET_INVALID',
          lang,
        );
      }
    }
    const unlinked = expectOk(await post(`${SUPPLIER}/unlink`, { id: mapping.id }));
    expect(unlinked.own).toBeNull();
    expectOk(await post(`${SUPPLIER}/unlink`, { id: mapping.id }));
    expect((await page(SUPPLIER, { linkState: 'unlinked' })).list.map((m) => m.id)).toContain(mapping.id);
    const events = await eventsOf(mapping.id);
    expect(events.map((e) => e.eventType)).toEqual([
      'materialRelation.created',
      'materialRelation.linked',
      'materialRelation.linked',
      'materialRelation.unlinked',
    ]);
    expect(events[2]!.payload).toMatchObject({ own: { kind: 'material', id: nut.id, code: 'LK-NUT' } });
    expectOk(await post(`${SUPPLIER}/delete`, { id: mapping.id }));
  });

  it('links a client mapping to a product or a material', async () => {
    const part = await product('CL-PRODUCT');
    const semi = await material('CL-SEMI', 'homemade');
    const mapping = await add(CLIENT, { partnerId: client.id, partnerMaterialNo: 'CL-1' });
    // Products first by default, materials (of any nature) on request.
    expect(
      (await candidates(CLIENT, { id: mapping.id, code: 'CL-' })).list.map((c) => [c.kind, c.code]),
    ).toEqual([['product', 'CL-PRODUCT']]);
    expect(
      (await candidates(CLIENT, { id: mapping.id, code: 'CL-', kind: 'material' })).list.map((c) => [
        c.kind,
        c.code,
      ]),
    ).toEqual([['material', 'CL-SEMI']]);
    const toProduct = expectOk(
      await post(`${CLIENT}/link`, { id: mapping.id, kind: 'product', targetId: part.id }),
    );
    expect(toProduct.own).toMatchObject({ kind: 'product', code: 'CL-PRODUCT', batchNo: 'B1' });
    const toMaterial = expectOk(
      await post(`${CLIENT}/link`, { id: mapping.id, kind: 'material', targetId: semi.id }),
    );
    expect(toMaterial.own).toMatchObject({ kind: 'material', code: 'CL-SEMI' });
    const [row] = await dbOf(t).select().from(materialRelations).where(eq(materialRelations.id, mapping.id));
    expect(row).toMatchObject({ materialId: semi.id, productId: null });
    expectOk(await post(`${CLIENT}/delete`, { id: mapping.id }));
  });

  it('refuses to delete a material, product or partner a mapping names (B2040)', async () => {
    const bolt = await material('REF-BOLT');
    const part = await product('REF-PRODUCT');
    const idle = await material('REF-IDLE');
    const sup = await add(SUPPLIER, { partnerId: supplier.id, partnerMaterialNo: 'REF-1' });
    const cus = await add(CLIENT, { partnerId: client.id, partnerMaterialNo: 'REF-1' });
    expectOk(await post(`${SUPPLIER}/link`, { id: sup.id, kind: 'material', targetId: bolt.id }));
    expectOk(await post(`${CLIENT}/link`, { id: cus.id, kind: 'product', targetId: part.id }));
    const tenant = { enterpriseUuid: AUTO_UUID, userId: 1 };
    const ask = (kind: 'material' | 'product' | 'partner', id: number, enterpriseUuid = AUTO_UUID) =>
      withTenant(dbOf(t), { ...tenant, enterpriseUuid }, (tx) =>
        referencesTo(tx, { enterpriseUuid }, kind, [{ id, code: 'x' }]),
      );
    expect(await ask('material', bolt.id)).toEqual(['materialRelation']);
    expect(await ask('product', part.id)).toEqual(['materialRelation']);
    expect(await ask('partner', supplier.id)).toEqual(['materialRelation']);
    expect(await ask('partner', client.id)).toEqual(['materialRelation']);
    expect(await ask('material', idle.id)).toEqual([]);
    // Another enterprise's records are never found referenced by these mappings.
    expect(await ask('material', bolt.id, SUPPLIER_UUID)).toEqual([]);
    await expect(
      withTenant(dbOf(t), tenant, (tx) =>
        assertNotReferenced(tx, tenant, 'material', [{ id: bolt.id, code: 'REF-BOLT' }]),
      ),
    ).rejects.toMatchObject({ key: 'RECORD_IN_USE', data: { referencedBy: ['materialRelation'] } });
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await call(t.app, '/partner/delete', { token: t.a, lang, body: { id: client.id } }),
        'RECORD_IN_USE',
        lang,
      );
    }
    // Unlinked, the material is free again.
    expectOk(await post(`${SUPPLIER}/unlink`, { id: sup.id }));
    expect(await ask('material', bolt.id)).toEqual([]);

    // A mapping that business data references cannot be deleted either.
    const unregister = registerReferenceChecker(
      'materialRelation',
      'test-receipts',
      async (_db, _t, records) => records.some((r) => r.id === cus.id),
    );
    try {
      for (const lang of ['zh', 'en'] as const) {
        const res = await post(`${CLIENT}/delete`, { id: cus.id }, t.a, lang);
        expectError(res, 'RECORD_IN_USE', lang);
        expect(res.body.data).toEqual({ referencedBy: ['test-receipts'] });
      }
    } finally {
      unregister();
    }
    expectOk(await post(`${SUPPLIER}/delete`, { id: sup.id }));
    expectOk(await post(`${CLIENT}/delete`, { id: cus.id }));
  });

  it('imports mappings with good and bad rows, matching partners by code, and exports them with the own side', async () => {
    await add(SUPPLIER, { partnerId: supplier.id, partnerMaterialNo: 'IMP-EXIST' });
    const header = ['供应商编码', '供应商名称', '供应商物料号', '供应商物料名称', '备注'];
    const done = await importAndRun(t.app, t.runtime.deps, `${SUPPLIER}/importExcel`, {
      token: t.a,
      content: await xlsxOf([
        header,
        ['SUP-HX', '随便写的名称', 'IMP-1', '正极', ''],
        ['SUP-NEW', '新供应商', 'IMP-2', '', '尚无此供应商'],
        ['SUP-HX', '恒信', '', '', '缺物料号'],
        ['', '无编码', 'IMP-3', '', ''],
        ['SUP-HX', '恒信', 'x'.repeat(51), '', ''],
        ['SUP-HX', '恒信', 'IMP-1', '', '文件内重复'],
        ['SUP-HX', '恒信', 'IMP-EXIST', '', '已存在'],
      ]),
    });
    expect(done).toMatchObject({
      status: 'completed',
      importNum: 7,
      successNum: 2,
      defeatNum: 3,
      existNum: 2,
    });
    const listed = await page(SUPPLIER, {
      partnerMaterialNo: 'IMP-',
      sortField: 'partnerMaterialNo',
      sortOrder: 'asc',
    });
    expect(
      listed.list.map((m) => [m.partnerMaterialNo, m.partnerId, m.partnerCode, m.partnerName, m.partnerDid]),
    ).toEqual([
      ['IMP-1', supplier.id, 'SUP-HX', '恒信动力电池有限公司', supplierDid],
      ['IMP-2', null, 'SUP-NEW', '新供应商', null],
      ['IMP-EXIST', supplier.id, 'SUP-HX', '恒信动力电池有限公司', supplierDid],
    ]);
    expect(listed.list[0]!.chain?.eventType).toBe('materialRelation.created');
    const log = await download(t.app, `/import/records/${done.id}/errorLog`, { token: t.a });
    const reasons = new Map((await sheetRows(log.raw)).slice(1).map((r) => [r[0], String(r.at(-1))]));
    expect(reasons.get(4)).toBe(validationMessage('v.required', 'zh', { field: '供应商物料号' }));
    expect(reasons.get(5)).toBe(validationMessage('v.required', 'zh', { field: '供应商编码' }));
    expect(reasons.get(6)).toBe(validationMessage('v.tooLong', 'zh', { field: '供应商物料号', max: 50 }));
    expect(reasons.get(8)).toBe(validationMessage('v.import.exists', 'zh'));

    // The partner created later with that code takes the imported mapping.
    const late = await partner({ code: 'SUP-NEW', name: '新供应商（正式）' });
    const matched = (await page(SUPPLIER, { partnerMaterialNo: 'IMP-2' })).list[0]!;
    expect(matched).toMatchObject({ partnerId: late.id, partnerName: '新供应商（正式）' });
    expect((await page(SUPPLIER, { partnerId: late.id })).total).toBe(1);

    // The export shows the linked own material.
    const bolt = await material('IMP-BOLT');
    expectOk(await post(`${SUPPLIER}/link`, { id: listed.list[0]!.id, kind: 'material', targetId: bolt.id }));
    const exported = await download(t.app, `${SUPPLIER}/export`, {
      token: t.a,
      method: 'POST',
      body: { partnerMaterialNo: 'IMP-', sortField: 'partnerMaterialNo', sortOrder: 'asc' },
      lang: 'en',
    });
    const sheet = await sheetRows(exported.raw);
    expect(sheet[0]!.slice(0, 6)).toEqual([
      'Supplier code',
      'Supplier name',
      'Supplier material number',
      'Supplier material name',
      'Own material code',
      'Own material name',
    ]);
    expect(sheet.slice(1).map((r) => [r[2], r[4] ?? ''])).toEqual([
      ['IMP-1', 'IMP-BOLT'],
      ['IMP-2', ''],
      ['IMP-EXIST', ''],
    ]);
    // The client template names clients.
    const template = await download(t.app, `${CLIENT}/template`, { token: t.a, lang: 'en' });
    expect((await sheetRows(template.raw))[0]).toEqual([
      'Client code',
      'Client name',
      'Client material number',
      'Client material name',
      'Notes',
    ]);
    expectOk(
      await post(`${SUPPLIER}/batchDelete`, {
        ids: (await page(SUPPLIER, { partnerMaterialNo: 'IMP-' })).list.map((m) => m.id),
      }),
    );
    await call(t.app, '/partner/delete', { token: t.a, body: { id: late.id } });
  });

  it('pages, sorts and filters by partner, material number and name', async () => {
    const made = [
      await add(SUPPLIER, { partnerId: supplier.id, partnerMaterialNo: 'PG-B', partnerMaterialName: '电芯' }),
      await add(SUPPLIER, { partnerId: supplier.id, partnerMaterialNo: 'PG-A', partnerMaterialName: '模组' }),
      await add(SUPPLIER, { partnerId: supplier.id, partnerMaterialNo: 'PG-C' }),
    ];
    expect((await page(SUPPLIER, { partnerMaterialNo: 'PG-' })).list.map((m) => m.partnerMaterialNo)).toEqual(
      ['PG-C', 'PG-A', 'PG-B'],
    );
    const second = await page(SUPPLIER, {
      partnerMaterialNo: 'pg-',
      sortField: 'partnerMaterialNo',
      sortOrder: 'desc',
      pageSize: 2,
      pageNo: 2,
    });
    expect(second).toMatchObject({ total: 3, list: [{ partnerMaterialNo: 'PG-A' }] });
    expect(
      (await page(SUPPLIER, { partnerMaterialName: '电' })).list.map((m) => m.partnerMaterialNo),
    ).toEqual(['PG-B']);
    expect((await page(SUPPLIER, { partnerCode: 'sup-hx', partnerMaterialNo: 'PG-' })).total).toBe(3);
    expect((await page(SUPPLIER, { partnerName: '恒信', partnerMaterialNo: 'PG-' })).total).toBe(3);
    expect((await page(CLIENT, { partnerMaterialNo: 'PG-' })).total).toBe(0);
    const options = expectOk(await post<TPartnerOption[]>(`${SUPPLIER}/partnerOptions`, { keyword: '恒信' }));
    expect(options).toEqual([
      { id: supplier.id, code: 'SUP-HX', name: supplier.name, nameEn: '', settled: true },
    ]);
    expect(expectOk(await post<TPartnerOption[]>(`${CLIENT}/partnerOptions`, {})).map((o) => o.code)).toEqual(
      ['CUS-1'],
    );
    expectOk(await post(`${SUPPLIER}/batchDelete`, { ids: made.map((m) => m.id) }));
  });

  it("never shows, changes, links or deletes another enterprise's mappings, on any endpoint", async () => {
    const mine = await add(SUPPLIER, { partnerId: supplier.id, partnerMaterialNo: 'ISO-A' });
    const theirs = await add(SUPPLIER, { partnerId: theirPartner.id, partnerMaterialNo: 'ISO-B' }, t.b);
    const bolt = await material('ISO-BOLT');
    expect((await page(SUPPLIER, { partnerMaterialNo: 'ISO' })).list.map((m) => m.partnerMaterialNo)).toEqual(
      ['ISO-A'],
    );
    expect(
      (await page(SUPPLIER, { partnerMaterialNo: 'ISO' }, t.b)).list.map((m) => m.partnerMaterialNo),
    ).toEqual(['ISO-B']);
    expectError(await post(`${SUPPLIER}/detail`, { id: theirs.id }), 'NOT_FOUND');
    expectError(
      await post(`${SUPPLIER}/update`, { id: theirs.id, partnerId: supplier.id, partnerMaterialNo: 'X' }),
      'NOT_FOUND',
    );
    expectError(await post(`${SUPPLIER}/delete`, { id: theirs.id }), 'NOT_FOUND');
    expectError(await post(`${SUPPLIER}/batchDelete`, { ids: [mine.id, theirs.id] }), 'NOT_FOUND');
    expectError(await post(`${SUPPLIER}/candidates`, { id: theirs.id }), 'NOT_FOUND');
    expectError(
      await post(`${SUPPLIER}/link`, { id: theirs.id, kind: 'material', targetId: bolt.id }),
      'NOT_FOUND',
    );
    expectError(await post(`${SUPPLIER}/unlink`, { id: theirs.id }), 'NOT_FOUND');
    // Their materials are no candidates of mine, and mine none of theirs.
    expectError(
      await post(`${SUPPLIER}/link`, { id: theirs.id, kind: 'material', targetId: bolt.id }, t.b),
      'MATERIAL_RELATION_TARGET_INVALID',
    );
    expect((await candidates(SUPPLIER, { id: theirs.id, code: 'ISO-' }, t.b)).total).toBe(0);
    expect(
      expectOk(await post<TPartnerOption[]>(`${SUPPLIER}/partnerOptions`, {}, t.b)).map((o) => o.id),
    ).toEqual([theirPartner.id]);
    const [row] = await dbOf(t).select().from(materialRelations).where(eq(materialRelations.id, theirs.id));
    expect(row).toMatchObject({
      partnerMaterialNo: 'ISO-B',
      enterpriseUuid: SUPPLIER_UUID,
      materialId: null,
    });
    const exported = await download(t.app, `${SUPPLIER}/export`, {
      token: t.a,
      method: 'POST',
      body: { partnerMaterialNo: 'ISO' },
    });
    expect((await sheetRows(exported.raw)).slice(1).map((r) => r[2])).toEqual(['ISO-A']);

    const tenant = { enterpriseUuid: AUTO_UUID, userId: 1 };
    const seen = await withTenant(dbOf(t), tenant, (tx) =>
      tx.select({ e: materialRelations.enterpriseUuid }).from(materialRelations),
    );
    expect(seen.every((r) => r.e === AUTO_UUID)).toBe(true);
    await expect(
      withTenant(dbOf(t), tenant, (tx) =>
        tx.insert(materialRelations).values({
          enterpriseUuid: SUPPLIER_UUID,
          direction: 'supplier',
          partnerCode: 'X',
          partnerName: 'X',
          partnerMaterialNo: 'RLS',
          createdBy: 1,
        }),
      ),
    ).rejects.toThrow();
    expectOk(await post(`${SUPPLIER}/delete`, { id: mine.id }));
    expectOk(await post(`${SUPPLIER}/delete`, { id: theirs.id }, t.b));
  });

  it('checks the permission codes: viewing needs the page code, linking needs Edit', async () => {
    const viewer = (await memberWith(t, t.a, AUTO_UUID, ['MaterialRelation'])).token;
    const bolt = await material('PERM-BOLT');
    const mapping = await add(SUPPLIER, { partnerId: supplier.id, partnerMaterialNo: 'PERM-1' });
    expect((await page(SUPPLIER, { partnerMaterialNo: 'PERM' }, viewer)).total).toBe(1);
    expect((await candidates(SUPPLIER, { id: mapping.id, code: 'PERM' }, viewer)).total).toBe(1);
    expectError(
      await post(`${SUPPLIER}/link`, { id: mapping.id, kind: 'material', targetId: bolt.id }, viewer),
      'FORBIDDEN',
    );
    expectError(await post(`${SUPPLIER}/unlink`, { id: mapping.id }, viewer), 'FORBIDDEN');
    expectError(await post(`${SUPPLIER}/partnerOptions`, {}, viewer), 'FORBIDDEN');
    expectError(await post(`${CLIENT}/page`, {}, viewer), 'FORBIDDEN');
    const editor = (await memberWith(t, t.a, AUTO_UUID, ['MaterialRelation', 'MaterialRelation:Edit'])).token;
    expect(
      expectOk(
        await post(`${SUPPLIER}/link`, { id: mapping.id, kind: 'material', targetId: bolt.id }, editor),
      ).own?.id,
    ).toBe(bolt.id);
    expectOk(await post(`${SUPPLIER}/delete`, { id: mapping.id }));
  });
});
