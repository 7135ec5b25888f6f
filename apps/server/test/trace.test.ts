import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  documentFieldLabel,
  documentFieldsOf,
  documentType,
  type TCertification,
  type TDocumentLabelKey,
  type TListResponse,
  type TMaterial,
  type TMaterialData,
  type TMaterialRelation,
  type TProductData,
  type TProjectCode,
  type TProjectData,
  type TSupplierTier,
  type TTrace,
} from '@tracehub/contract';
import { enterprises, jobs } from '../src/db/schema.ts';
import { usciOf } from '../src/seed/demo-companies.ts';
import { AUTO_UUID, SUPPLIER_UUID, call, signIn, useTestApp } from './support/app.ts';
import { memberWith } from './support/accounts.ts';
import {
  EAST_CHINA,
  LINGNAN,
  companyForm,
  operatorSignIn,
  registerAccount,
  uploadCompanyFiles,
} from './support/company.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { download, importAndRun, sheetRows, xlsxOf, type Cell } from './support/workbooks.ts';
import { MINE_LOT_UP_LINES } from './support/trace-chain.ts';

// A three-tier chain, mine -> tier 2 -> tier 1 -> automaker, built only through the import endpoints the
// console offers (partners, materials, supplier material code mappings, documents of every trace role) by
// four certified enterprises, then traced over HTTP: a VIN down to the mine lot, the mine lot up to every
// VIN, and the /dataManagement drill-down. Rows written straight into tables are trace-walk.test.ts.

type Ent = 'auto' | 't1' | 't2' | 'mine';

/** A price and a note no trace answer may carry. */
const PRICE = 98765.4321;
const NOTE = 'confidential-note';

describe('traceability across a three-tier chain built by imports', () => {
  const t = useTestApp();
  const token = {} as Record<Ent, string>;
  const usci = {} as Record<Ent, string>;
  const nameOf = new Map<string, Ent>();
  const outsiderUsci = usciOf('91110000MA0000T01');

  const post = <T>(ent: Ent, path: string, body: unknown, lang?: 'zh' | 'en') =>
    call<T>(t.app, path, { token: token[ent], body, ...(lang ? { lang } : {}) });

  /** Imports rows (by header name) through a resource's importExcel; every row must be written. */
  async function importRows(ent: Ent, base: string, header: readonly string[], rows: Record<string, Cell>[]) {
    const content = await xlsxOf([header, ...rows.map((r) => header.map((h) => r[h] ?? null))]);
    const record = await importAndRun(t.app, t.runtime.deps, `${base}/importExcel`, {
      token: token[ent],
      content,
    });
    let errors: Cell[][] = [];
    if (record.hasErrorLog) {
      const log = await download(t.app, `/import/records/${record.id}/errorLog`, { token: token[ent] });
      errors = await sheetRows(log.raw);
    }
    // A failed import says why: its error code, and the job's own error when it threw.
    const [job] = await dbOf(t)
      .select({ error: jobs.error })
      .from(jobs)
      .where(sql`${jobs.payload} ->> 'importId' = ${record.id}`);
    expect(
      { status: record.status, successNum: record.successNum, errors, errorCode: record.errorCode, job },
      base,
    ).toEqual({
      status: 'completed',
      successNum: rows.length,
      errors: [],
      errorCode: null,
      job: { error: null },
    });
  }

  /** The template's header row (the import's own column names, in Chinese). */
  async function templateHeader(ent: Ent, base: string): Promise<string[]> {
    const res = await download(t.app, `${base}/template`, { token: token[ent], lang: 'zh' });
    return (await sheetRows(res.raw))[0]!.map(String);
  }

  /** Documents of one type, written by field key and imported under the type's own column names. */
  async function importDocuments(ent: Ent, code: string, rows: Partial<Record<TDocumentLabelKey, Cell>>[]) {
    const def = documentType(code);
    const fields = documentFieldsOf(def);
    const header = fields.map((k) => documentFieldLabel(def, k).zh);
    await importRows(
      ent,
      `/${def.route}`,
      header,
      rows.map((r) => Object.fromEntries(fields.map((k, i) => [header[i]!, r[k] ?? null]))),
    );
  }

  async function importPartners(ent: Ent, rows: { type: '供应商' | '客户'; code: string; usci: string }[]) {
    const header = await templateHeader(ent, '/partner');
    await importRows(
      ent,
      '/partner',
      header,
      rows.map((r) => ({
        合作类型: r.type,
        企业编码: r.code,
        企业名称: `${r.code} 公司`,
        统一社会信用代码: r.usci,
      })),
    );
  }

  /** Own purchased material `ownCode`, mapped to the supplier's material number and linked. */
  async function mapSupplierCode(
    ent: Ent,
    supplierCode: string,
    supplierMaterialNo: string,
    ownCode: string,
  ) {
    await importRows(ent, '/materialData', await templateHeader(ent, '/materialData'), [
      { 物料编号: ownCode, 物料名称: ownCode },
    ]);
    await importRows(ent, '/materialRelation', await templateHeader(ent, '/materialRelation'), [
      { 供应商编码: supplierCode, 供应商名称: `${supplierCode} 公司`, 供应商物料号: supplierMaterialNo },
    ]);
    const material = expectOk(
      await post<TListResponse<TMaterial>>(ent, '/materialData/page', { code: ownCode }),
    ).list[0]!;
    const relation = expectOk(
      await post<TListResponse<TMaterialRelation>>(ent, '/materialRelation/page', { pageSize: 100 }),
    ).list.find((r) => r.partnerMaterialNo === supplierMaterialNo)!;
    expectOk(
      await post(ent, '/materialRelation/link', { id: relation.id, kind: 'material', targetId: material.id }),
    );
  }

  /** A certified enterprise through the console: registration, certification, the operator's approval. */
  async function certified(username: string, company: typeof EAST_CHINA, operator: string) {
    const applicant = await registerAccount(t.app, dbOf(t), username);
    const files = await uploadCompanyFiles(t.app, applicant);
    const submitted = expectOk(
      await call<TCertification>(t.app, '/certification/submit', {
        token: applicant,
        body: companyForm(company, files, { businessAttribute: 'mineral' }),
      }),
    );
    const approved = expectOk(
      await call<TCertification>(t.app, '/operator/certification/approve', {
        token: operator,
        body: { id: submitted.id },
      }),
    );
    return signIn(t.app, username, approved.enterpriseUuid);
  }

  const at = (day: number) => `2026-01-${String(day).padStart(2, '0')} 10:00:00`;
  const priced = { quantity: 1, unitPrice: PRICE, amount: PRICE, currency: 'CNY', notes: NOTE };

  beforeAll(async () => {
    const operator = await operatorSignIn(t.app);
    token.auto = await signIn(t.app, 'demo-auto', AUTO_UUID);
    token.t1 = await signIn(t.app, 'demo-supplier', SUPPLIER_UUID);
    token.t2 = await certified('cathode-admin', EAST_CHINA, operator);
    token.mine = await certified('mine-admin', LINGNAN, operator);
    const rows = await dbOf(t).select().from(enterprises);
    usci.auto = rows.find((r) => r.uuid === AUTO_UUID)!.usci;
    usci.t1 = rows.find((r) => r.uuid === SUPPLIER_UUID)!.usci;
    usci.t2 = EAST_CHINA.usci;
    usci.mine = LINGNAN.usci;
    for (const ent of Object.keys(usci) as Ent[]) nameOf.set(usci[ent], ent);

    await importPartners('mine', [{ type: '客户', code: 'C-T2', usci: usci.t2 }]);
    await importPartners('t2', [
      { type: '供应商', code: 'S-MINE', usci: usci.mine },
      { type: '客户', code: 'C-T1', usci: usci.t1 },
    ]);
    await importPartners('t1', [
      { type: '供应商', code: 'S-T2', usci: usci.t2 },
      { type: '客户', code: 'C-AUTO', usci: usci.auto },
    ]);
    await importPartners('auto', [
      { type: '供应商', code: 'S-T1', usci: usci.t1 },
      { type: '供应商', code: 'S-OUT', usci: outsiderUsci },
    ]);
    // Tier 2 and the automaker name their purchases with their own codes.
    await mapSupplierCode('t2', 'S-MINE', 'LI2CO3', 'T2-LITHIUM');
    await mapSupplierCode('auto', 'S-T1', 'PACK-75', 'A-BATTERY');

    // The mine: its ore lot and site, picked and made into lithium carbonate, delivered to tier 2.
    await importDocuments('mine', 'InternalE2', [
      {
        billNo: 'E2-1',
        bizTime: at(1),
        itemCode: 'ORE',
        batchNo: 'ORE-01',
        siteName: 'Greenbushes',
        siteCountry: 'Australia',
        siteLatitude: '-33.8600',
        siteLongitude: '116.0600',
      },
    ]);
    await importDocuments('mine', 'ProductionStart', [
      { billNo: 'LL-M1', bizTime: at(2), itemCode: 'ORE', batchNo: 'ORE-01', quantity: 100 },
    ]);
    await importDocuments('mine', 'ProductionEnd', [
      {
        billNo: 'WG-M1',
        bizTime: at(3),
        itemCode: 'LI2CO3',
        batchNo: 'LC-01',
        quantity: 10,
        relatedBillNos: 'LL-M1',
      },
    ]);
    await importDocuments('mine', 'SaleDelivery', [
      {
        billNo: 'XS-M1',
        bizTime: at(4),
        partnerCode: 'C-T2',
        itemCode: 'LI2CO3',
        batchNo: 'LC-01',
        ...priced,
      },
    ]);
    // Tier 2 receives it as T2-LITHIUM, makes cathode material and delivers it to tier 1.
    await importDocuments('t2', 'PurchaseReceipt', [
      {
        billNo: 'RK-T2',
        bizTime: at(5),
        partnerCode: 'S-MINE',
        itemCode: 'T2-LITHIUM',
        batchNo: 'LC-01',
        ...priced,
      },
    ]);
    await importDocuments('t2', 'ProductionStart', [
      { billNo: 'LL-T2', bizTime: at(6), itemCode: 'T2-LITHIUM', batchNo: 'LC-01', quantity: 1 },
    ]);
    await importDocuments('t2', 'ProductionEnd', [
      {
        billNo: 'WG-T2',
        bizTime: at(7),
        itemCode: 'NCM811',
        batchNo: 'CAT-01',
        quantity: 5,
        relatedBillNos: 'LL-T2',
      },
    ]);
    await importDocuments('t2', 'SaleDelivery', [
      {
        billNo: 'XS-T2',
        bizTime: at(8),
        partnerCode: 'C-T1',
        itemCode: 'NCM811',
        batchNo: 'CAT-01',
        ...priced,
      },
    ]);
    // Tier 1 receives it under the same code, makes two pack lots of one picking, delivers both.
    await importDocuments('t1', 'PurchaseReceipt', [
      {
        billNo: 'RK-T1',
        bizTime: at(9),
        partnerCode: 'S-T2',
        itemCode: 'NCM811',
        batchNo: 'CAT-01',
        ...priced,
      },
    ]);
    await importDocuments('t1', 'ProductionStart', [
      { billNo: 'LL-T1', bizTime: at(10), itemCode: 'NCM811', batchNo: 'CAT-01', quantity: 1 },
    ]);
    await importDocuments('t1', 'ProductionEnd', [
      {
        billNo: 'WG-T1A',
        bizTime: at(11),
        itemCode: 'PACK-75',
        batchNo: 'PK-01',
        quantity: 1,
        relatedBillNos: 'LL-T1',
      },
      {
        billNo: 'WG-T1B',
        bizTime: at(11),
        itemCode: 'PACK-75',
        batchNo: 'PK-02',
        quantity: 1,
        relatedBillNos: 'LL-T1',
      },
    ]);
    await importDocuments('t1', 'SaleDelivery', [
      {
        billNo: 'XS-T1A',
        bizTime: at(12),
        partnerCode: 'C-AUTO',
        itemCode: 'PACK-75',
        batchNo: 'PK-01',
        ...priced,
      },
      {
        billNo: 'XS-T1B',
        bizTime: at(12),
        partnerCode: 'C-AUTO',
        itemCode: 'PACK-75',
        batchNo: 'PK-02',
        ...priced,
      },
    ]);
    // The automaker: VIN-1 made of pack PK-01 (completion by VIN), VIN-2 with pack PK-02 fitted (B1-1) and
    // sold (A1-1); VIN-1 also carries a seat from a supplier that is not on the platform.
    await importDocuments('auto', 'PurchaseReceipt', [
      {
        billNo: 'RK-A1',
        bizTime: at(13),
        partnerCode: 'S-T1',
        itemCode: 'A-BATTERY',
        batchNo: 'PK-01',
        ...priced,
      },
      {
        billNo: 'RK-A2',
        bizTime: at(13),
        partnerCode: 'S-T1',
        itemCode: 'A-BATTERY',
        batchNo: 'PK-02',
        ...priced,
      },
      {
        billNo: 'RK-A9',
        bizTime: at(13),
        partnerCode: 'S-OUT',
        itemCode: 'A-SEAT',
        batchNo: 'ST-01',
        ...priced,
      },
    ]);
    await importDocuments('auto', 'ProductionStart', [
      { billNo: 'LL-A1', bizTime: at(14), itemCode: 'A-BATTERY', batchNo: 'PK-01', quantity: 1, unit: 'set' },
    ]);
    await importDocuments('auto', 'ProductionEndNew', [
      {
        billNo: 'WG-A1',
        bizTime: at(15),
        itemCode: 'CAR-X',
        vinSn: 'VIN-1',
        quantity: 1,
        relatedBillNos: 'LL-A1',
      },
    ]);
    await importDocuments('auto', 'InternalB11', [
      {
        billNo: 'B11-2',
        bizTime: at(15),
        partnerCode: 'S-T1',
        itemCode: 'A-BATTERY',
        batchNo: 'PK-02',
        vinSn: 'VIN-2',
      },
    ]);
    await importDocuments('auto', 'InternalC11', [
      {
        billNo: 'C11-1',
        bizTime: at(15),
        partnerCode: 'S-OUT',
        itemCode: 'A-SEAT',
        batchNo: 'ST-01',
        vinSn: 'VIN-1',
      },
    ]);
    await importDocuments('auto', 'InternalA11', [
      { billNo: 'A11-2', bizTime: at(16), itemCode: 'CAR-X', vinSn: 'VIN-2' },
    ]);
  });

  /** A trace's links as `from -kind[numbers]-> to`, each lot as `enterprise:item/lot`. */
  function linesOf(trace: TTrace): string[] {
    const label = (id: string) => {
      const n = trace.nodes.find((x) => x.id === id)!;
      return `${nameOf.get(trace.enterprises[n.enterprise]!.usci)}:${n.itemCode}/${n.batchNo || n.vinSn}`;
    };
    return trace.links
      .map(
        (l) => `${label(l.from)} -${l.kind}[${l.documents.map((d) => d.billNo).join(',')}]-> ${label(l.to)}`,
      )
      .sort();
  }

  /** Nothing but link data: no prices, amounts, quantities or notes of anyone. */
  function expectLinkDataOnly(text: string) {
    expect(text).not.toContain('98765');
    expect(text).not.toContain(NOTE);
    expect(text).not.toMatch(/"(amount|unitPrice|quantity|notes|currency|email|phone|contactName)"/);
  }

  it('walks a VIN of the automaker down through every tier to the mine lot', async () => {
    const res = await post<TTrace>('auto', '/trace/vin', { vinSn: 'VIN-1' });
    const trace = expectOk(res);
    expect(linesOf(trace)).toEqual(
      [
        'auto:CAR-X/VIN-1 -consumed[WG-A1,LL-A1]-> auto:A-BATTERY/PK-01',
        'auto:CAR-X/VIN-1 -fitted[C11-1]-> auto:A-SEAT/ST-01',
        'auto:A-BATTERY/PK-01 -supplied[RK-A1,XS-T1A]-> t1:PACK-75/PK-01',
        't1:PACK-75/PK-01 -consumed[WG-T1A,LL-T1]-> t1:NCM811/CAT-01',
        't1:NCM811/CAT-01 -supplied[RK-T1,XS-T2]-> t2:NCM811/CAT-01',
        't2:NCM811/CAT-01 -consumed[WG-T2,LL-T2]-> t2:T2-LITHIUM/LC-01',
        't2:T2-LITHIUM/LC-01 -supplied[RK-T2,XS-M1]-> mine:LI2CO3/LC-01',
        'mine:LI2CO3/LC-01 -consumed[WG-M1,LL-M1]-> mine:ORE/ORE-01',
      ].sort(),
    );
    const node = (id: string) => trace.nodes.find((n) => n.id === id)!;
    expect(trace.ends.map(node)).toMatchObject([
      {
        itemCode: 'ORE',
        batchNo: 'ORE-01',
        tier: 3,
        sites: [{ siteName: 'Greenbushes', siteCountry: 'Australia' }],
      },
    ]);
    expect({ levels: trace.levels, truncated: trace.truncated }).toEqual({ levels: 3, truncated: false });
    expect(trace.enterprises).toEqual([
      {
        name: '星河汽车股份有限公司',
        nameEn: 'Galaxy Motors Co., Ltd.',
        usci: usci.auto,
        did: expect.stringMatching(/^did:/),
        own: true,
      },
      {
        name: '恒信动力电池有限公司',
        nameEn: 'Hengxin Power Battery Co., Ltd.',
        usci: usci.t1,
        did: expect.stringMatching(/^did:/),
        own: false,
      },
      {
        name: EAST_CHINA.name,
        nameEn: EAST_CHINA.englishName,
        usci: usci.t2,
        did: expect.stringMatching(/^did:/),
        own: false,
      },
      {
        name: LINGNAN.name,
        nameEn: LINGNAN.englishName,
        usci: usci.mine,
        did: expect.stringMatching(/^did:/),
        own: false,
      },
    ]);
    expect(trace.gaps).toMatchObject([
      {
        kind: 'unsettled',
        document: { typeCode: 110, billNo: 'RK-A9' },
        supplier: null,
        partnerName: 'S-OUT 公司',
      },
    ]);
    // Document times are the imported wall-clock times (China time).
    const receipt = trace.links.find((l) => l.documents[0]?.billNo === 'RK-A1')!.documents[0]!;
    expect(receipt).toEqual({
      typeCode: 110,
      billNo: 'RK-A1',
      bizTime: Date.parse('2026-01-13T10:00:00+08:00'),
    });
    expectLinkDataOnly(res.text);
  });

  it('walks the mine lot up to every VIN it went into', async () => {
    const res = await post<TTrace>('mine', '/trace/lot', { itemCode: 'ORE', batchNo: 'ORE-01' });
    const trace = expectOk(res);
    expect(linesOf(trace)).toEqual(MINE_LOT_UP_LINES);
    const vins = trace.ends.map((id) => trace.nodes.find((n) => n.id === id)!);
    expect(
      vins.map((n) => [nameOf.get(trace.enterprises[n.enterprise]!.usci), n.vinSn, n.tier]).sort(),
    ).toEqual([
      ['auto', 'VIN-1', 3],
      ['auto', 'VIN-2', 3],
    ]);
    expect(trace.enterprises[0]).toMatchObject({ usci: usci.mine, own: true });
    expectLinkDataOnly(res.text);
  });

  it('starts a trace only from the caller’s own VIN or lot, in both languages', async () => {
    for (const lang of ['zh', 'en'] as const) {
      expectError(await post('t1', '/trace/vin', { vinSn: 'VIN-1' }, lang), 'NOT_FOUND', lang);
      expectError(
        await post('t2', '/trace/lot', { itemCode: 'ORE', batchNo: 'ORE-01' }, lang),
        'NOT_FOUND',
        lang,
      );
      expectError(
        await post('auto', '/dataManagement/supplierPage', { itemCode: 'PACK-75', batchNo: 'PK-01' }, lang),
        'NOT_FOUND',
        lang,
      );
    }
    // Tier 1 may trace its own pack lot: up to the automaker's VIN, and down to the mine.
    const up = expectOk(await post<TTrace>('t1', '/trace/lot', { itemCode: 'PACK-75', batchNo: 'PK-02' }));
    expect(up.ends.map((id) => up.nodes.find((n) => n.id === id)!.vinSn)).toEqual(['VIN-2']);
    // Another enterprise's documents stay out of its own pages.
    const own = expectOk(
      await post<TListResponse<TMaterialData>>('t1', '/dataManagement/materialPage', { vinSn: 'VIN-1' }),
    );
    expect(own).toEqual({ list: [], total: 0 });
  });

  it('needs the DataManagement page code', async () => {
    const clerk = await memberWith(t, token.auto, AUTO_UUID, ['Workbench']);
    expectError(
      await call(t.app, '/trace/vin', { token: clerk.token, body: { vinSn: 'VIN-1' } }),
      'FORBIDDEN',
    );
    expectError(
      await call(t.app, '/dataManagement/projectPage', { token: clerk.token, body: {} }),
      'FORBIDDEN',
    );
    const analyst = await memberWith(t, token.auto, AUTO_UUID, ['DataManagement']);
    expectOk(await call(t.app, '/trace/vin', { token: analyst.token, body: { vinSn: 'VIN-1' } }));
  });

  it('drills down from a project to its products, a VIN’s materials and a lot’s suppliers', async () => {
    const project = expectOk(await post<TProjectCode>('auto', '/project/add', { code: 'PRJ-TRACE' }));
    expectOk(await post<TProjectCode>('auto', '/project/add', { code: 'PRJ-EMPTY' }));
    expectOk(
      await post('auto', '/product/addProduct', {
        name: '轿车 X',
        code: 'CAR-X',
        vinSn: 'VIN-1',
        projectCodeId: project.id,
      }),
    );

    const projects = expectOk(
      await post<TListResponse<TProjectData>>('auto', '/dataManagement/projectPage', { code: 'PRJ-' }),
    );
    expect(projects.list.map((p) => [p.code, p.productCount, p.vinCount])).toEqual([
      ['PRJ-EMPTY', 0, 0],
      ['PRJ-TRACE', 1, 2],
    ]);

    // The product, and the VIN the automaker's vehicle sale records for its code.
    const products = expectOk(
      await post<TListResponse<TProductData>>('auto', '/dataManagement/productPage', {
        projectCodeId: project.id,
      }),
    );
    expect(products.list.map((p) => [p.source, p.code, p.vinSn, p.name])).toEqual([
      ['product', 'CAR-X', 'VIN-1', '轿车 X'],
      ['document', 'CAR-X', 'VIN-2', ''],
    ]);
    expect(products.total).toBe(2);
    const byVin = expectOk(
      await post<TListResponse<TProductData>>('auto', '/dataManagement/productPage', {
        projectCodeId: project.id,
        vinSn: 'vin-2',
      }),
    );
    expect(byVin.list.map((p) => p.vinSn)).toEqual(['VIN-2']);
    // Another enterprise's project is none of the caller's.
    expect(
      expectOk(
        await post<TListResponse<TProductData>>('t1', '/dataManagement/productPage', {
          projectCodeId: project.id,
        }),
      ),
    ).toEqual({ list: [], total: 0 });

    const materials = expectOk(
      await post<TListResponse<TMaterialData>>('auto', '/dataManagement/materialPage', {
        itemCode: 'CAR-X',
        vinSn: 'VIN-1',
      }),
    );
    expect(
      materials.list.map((m) => [m.link, m.itemCode, m.batchNo, m.quantity, m.unit, m.billNo, m.suppliers]),
    ).toEqual([
      [
        'consumed',
        'A-BATTERY',
        'PK-01',
        '1',
        'set',
        'LL-A1',
        [{ code: 'S-T1', name: 'S-T1 公司', nameEn: '', settled: true }],
      ],
      [
        'fitted',
        'A-SEAT',
        'ST-01',
        null,
        '',
        'C11-1',
        [{ code: 'S-OUT', name: 'S-OUT 公司', nameEn: '', settled: false }],
      ],
    ]);

    const tiers = expectOk(
      await post<TListResponse<TSupplierTier>>('auto', '/dataManagement/supplierPage', {
        itemCode: 'A-BATTERY',
        batchNo: 'PK-01',
      }),
    );
    expect(
      tiers.list.map((r) => [
        r.tier,
        nameOf.get(r.supplierUsci),
        r.receipt.billNo,
        r.delivery?.billNo,
        `${r.itemCode}/${r.batchNo}`,
        r.settled,
        r.origin,
      ]),
    ).toEqual([
      [1, 't1', 'RK-A1', 'XS-T1A', 'PACK-75/PK-01', true, false],
      [2, 't2', 'RK-T1', 'XS-T2', 'NCM811/CAT-01', true, false],
      [3, 'mine', 'RK-T2', 'XS-M1', 'LI2CO3/LC-01', true, true],
    ]);
    expect(tiers.list[2]).toMatchObject({ clientName: EAST_CHINA.name, supplierName: LINGNAN.name });
    expectLinkDataOnly(JSON.stringify(tiers));

    const seat = expectOk(
      await post<TListResponse<TSupplierTier>>('auto', '/dataManagement/supplierPage', {
        itemCode: 'A-SEAT',
        batchNo: 'ST-01',
      }),
    );
    expect(seat.list).toMatchObject([
      {
        tier: 1,
        settled: false,
        supplierName: 'S-OUT 公司',
        supplierUsci: '',
        delivery: null,
        receipt: { billNo: 'RK-A9' },
      },
    ]);
  });
});
