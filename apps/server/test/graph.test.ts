import { and, count, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  TEnterpriseNetwork,
  TFlowEvidence,
  TProductOption,
  TListResponse,
  TNetworkCompany,
  TProductNetwork,
  TProductShipment,
  TProjectCascade,
  TSupplierMapItem,
} from '@tracehub/contract';
import { checkingFindings, checkingTasks, documents, products, tasks } from '../src/db/schema.ts';
import { DEMO_VINS } from '../src/seed/demo-supply-chain.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, SUPPLIER_UUID, call, useTestApp } from './support/app.ts';
import { memberWithExactCodes } from './support/accounts.ts';
import { runStandardCheck } from './support/checking.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { expectProofVerifies, platformPublicKey, proofOf, seal } from './support/ledger.ts';

// The supply-chain network and the product network (issue 18 item 1) on the demo chain: the mine sells ore
// to the battery maker, which delivers cells to the automaker, which fits them into three vehicles. Each
// enterprise sees the chain from where it stands; the networks say of other companies only what a trace
// says (never prices, never their quantities); another enterprise's ids find nothing.

const DAY = 86_400_000;

describe('supply-chain and product networks (/graph)', () => {
  const t = useTestApp({ auto: AS_AUTO, supplier: AS_SUPPLIER }, { SEED_DEMO_CHAIN: 'true' });

  const network = async (token: string, body: Record<string, unknown> = {}) =>
    expectOk(await call<TEnterpriseNetwork>(t.app, '/graph/enterprise', { token, body }));
  const byName = (n: TEnterpriseNetwork, fragment: string): TNetworkCompany | undefined =>
    n.companies.find((c) => c.name.includes(fragment));
  const flowBetween = (n: TEnterpriseNetwork, from: TNetworkCompany, to: TNetworkCompany) =>
    n.flows.find((f) => f.from === from.id && f.to === to.id);

  beforeAll(async () => {
    await seal(t);
  });

  it("draws the automaker's suppliers tier by tier down to the mine, with the flows between them", async () => {
    const n = await network(t.auto);
    const own = n.companies.find((c) => c.own)!;
    expect(own).toMatchObject({ tier: 0, settled: true, kind: 'automaker' });
    const battery = byName(n, '恒信')!;
    const mine = byName(n, '北辰')!;
    expect(battery).toMatchObject({ tier: 1, settled: true, own: false });
    expect(battery.did).toMatch(/^did:/);
    expect(mine).toMatchObject({ tier: 2, kind: 'mineral' });
    expect(n.levelsUp).toBe(2);
    expect(n.truncated).toBe(false);

    const cells = flowBetween(n, battery, own)!;
    expect(cells.matched).toBe(true);
    expect(cells.materials.map((m) => m.itemCode)).toContain('XH-CELL');
    expect(cells.documents.map((d) => d.billNo)).toContain('RK-XH-001');
    expect(cells.documents.some((d) => d.side === 'supplier')).toBe(true);
    // Quantities of the automaker's own receipts only (600 cells received), exact.
    expect(cells.quantities).toContainEqual({ unit: '件', quantity: '600' });
    const ore = flowBetween(n, mine, battery)!;
    expect(ore.matched).toBe(true);
    // The battery maker's and the mine's quantities are theirs: none in the automaker's network.
    expect(ore.quantities).toEqual([]);
    // Never a price or an amount of anyone.
    expect(JSON.stringify(n)).not.toMatch(/312000|unitPrice|amount/);
  });

  it("answers the evidence of a company's flows' documents, each proving on the public ledger", async () => {
    const n = await network(t.auto);
    const battery = byName(n, '恒信')!;
    const listed = n.flows
      .filter((f) => f.from === battery.id || f.to === battery.id)
      .flatMap((f) => f.documents.map((d) => `${f.id}|${d.side}|${d.billNo}`));
    const evidence = expectOk(
      await call<TFlowEvidence[]>(t.app, '/graph/companyEvidence', {
        token: t.auto,
        body: { filters: {}, companyId: battery.id },
      }),
    );
    expect(evidence.map((e) => `${e.flowId}|${e.side}|${e.billNo}`).sort()).toEqual(listed.sort());
    // The automaker's receipt and the battery maker's delivery, both sealed (certified companies).
    expect(evidence.map((e) => e.side).sort()).toEqual(expect.arrayContaining(['client', 'supplier']));
    for (const e of evidence) {
      expect(e.txHash).toMatch(/^[0-9a-f]{64}$/);
      const proof = expectOk(await proofOf(t, e.txHash!));
      expect(proof.block.header.height).toBe(e.blockHeight);
      expectProofVerifies(proof, platformPublicKey(t));
    }
    expect(
      expectOk(
        await call<TFlowEvidence[]>(t.app, '/graph/companyEvidence', {
          token: t.auto,
          body: { filters: {}, companyId: 'c999' },
        }),
      ),
    ).toEqual([]);
  });

  it("draws the battery maker's network both ways: the mine up, the automaker down", async () => {
    const n = await network(t.supplier);
    expect(byName(n, '北辰')?.tier).toBe(1);
    expect(byName(n, '星河')?.tier).toBe(-1);
    expect(n.levelsDown).toBeGreaterThanOrEqual(1);
    const own = n.companies.find((c) => c.own)!;
    expect(flowBetween(n, own, byName(n, '星河')!)?.matched).toBe(true);
  });

  it('filters by tiers, business time, project and product', async () => {
    const oneTier = await network(t.auto, { tiers: 1 });
    expect(oneTier.companies.map((c) => c.tier).sort()).toEqual([0, 1]);
    expect(byName(oneTier, '北辰')).toBeUndefined();

    const span = expectOk(
      await call<{ from: number | null; to: number | null }>(t.app, '/graph/getBizDate', { token: t.auto }),
    );
    expect(span.from).not.toBeNull();
    expect(span.from!).toBeLessThanOrEqual(span.to!);
    const [own] = await dbOf(t)
      .select({ min: sql<string>`min(${documents.bizTime})` })
      .from(documents)
      .where(eq(documents.enterpriseUuid, AUTO_UUID));
    expect(span.from).toBeGreaterThanOrEqual(new Date(own!.min).getTime());

    const future = await network(t.auto, { bizDateFrom: span.to! + DAY });
    expect(future.companies).toHaveLength(1);
    expect(future.flows).toEqual([]);
    const reversed = await call(t.app, '/graph/enterprise', {
      token: t.auto,
      body: { bizDateFrom: span.to, bizDateTo: span.from! - DAY },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.code).toBe('E1001');
    expect(reversed.body.msg).toContain('结束日期不能早于开始日期');

    const cascade = expectOk(
      await call<TProjectCascade>(t.app, '/graph/getEnterpriseProjectCascade', { token: t.auto }),
    );
    const project = cascade.find((p) => p.code === 'XH-EV-2026')!;
    expect(project.products.map((p) => p.code)).toEqual(['XH-EV7']);
    const ofProject = await network(t.auto, { projectCode: 'XH-EV-2026' });
    expect(byName(ofProject, '北辰')?.tier).toBe(2);
    const ofProduct = await network(t.auto, { projectCode: 'XH-EV-2026', productCode: 'XH-EV7' });
    expect(ofProduct.companies.map((c) => c.name).sort()).toEqual(
      ofProject.companies.map((c) => c.name).sort(),
    );
    const unknown = await network(t.auto, { projectCode: 'NO-SUCH-PROJECT' });
    expect(unknown.companies).toHaveLength(1);
  });

  it("shows the newest troubleshooting run's findings about each company, only to members who may read them", async () => {
    await runStandardCheck(t, t.auto, DEMO_VINS);
    const db = dbOf(t);
    const [latest] = await db
      .select({ id: checkingTasks.id })
      .from(checkingTasks)
      .innerJoin(tasks, eq(tasks.id, checkingTasks.id))
      .where(and(eq(checkingTasks.enterpriseUuid, AUTO_UUID), eq(tasks.status, 'completed')))
      .orderBy(desc(tasks.finishedAt))
      .limit(1);
    // A fatal finding about the battery maker in that run.
    await db.insert(checkingFindings).values({
      enterpriseUuid: AUTO_UUID,
      taskId: latest!.id,
      checkId: 'planted',
      checkVersion: 1,
      level: 'fatal',
      outcome: 'fail',
      state: 'new',
      identity: 'planted-finding',
      subject: 'XH-CELL/CELL-2026-03',
      companyUuid: SUPPLIER_UUID,
      messageZh: '测试',
      messageEn: 'test',
      cited: [],
    });
    const [expected] = await db
      .select({ n: count() })
      .from(checkingFindings)
      .where(
        and(
          eq(checkingFindings.taskId, latest!.id),
          eq(checkingFindings.companyUuid, SUPPLIER_UUID),
          eq(checkingFindings.level, 'fatal'),
          eq(checkingFindings.outcome, 'fail'),
        ),
      );
    const n = await network(t.auto);
    expect(byName(n, '恒信')!.findings?.fatal).toBe(expected!.n);
    const withoutCheckLog = await network(await memberWithExactCodes(t, t.auto, AUTO_UUID, ['VisualChain']));
    expect(byName(withoutCheckLog, '恒信')!.findings).toBeNull();
  });

  it("lists the automaker's products and draws a VIN's network to the mine with provable evidence", async () => {
    const page = expectOk(
      await call<TListResponse<TProductOption>>(t.app, '/graph/getProductList', {
        token: t.auto,
        body: { keyword: 'EV7', pageSize: 10 },
      }),
    );
    expect(page.total).toBe(DEMO_VINS.length);
    expect(page.list[0]).toMatchObject({ code: 'XH-EV7' });

    const byProduct = expectOk(
      await call<TProductNetwork>(t.app, '/graph/product', {
        token: t.auto,
        body: { productId: page.list.find((p) => p.vinSn === DEMO_VINS[0])!.id },
      }),
    );
    const byVin = expectOk(
      await call<TProductNetwork>(t.app, '/graph/product', { token: t.auto, body: { vinSn: DEMO_VINS[0] } }),
    );
    expect(byProduct).toEqual(byVin);
    const { trace, evidence } = byVin;
    expect(trace.levels).toBe(2);
    expect(trace.enterprises.map((e) => e.name).join()).toContain('北辰');
    // Every document of every link has its evidence entry, and the sealed ones prove on the public ledger.
    const billNos = new Set(trace.links.flatMap((l) => l.documents.map((d) => d.billNo)));
    expect(new Set(evidence.map((e) => e.billNo))).toEqual(billNos);
    const sealed = evidence.filter((e) => e.txHash !== null);
    expect(sealed.length).toBe(evidence.length);
    expect(new Set(sealed.map((e) => e.enterprise)).size).toBe(trace.enterprises.length);
    for (const e of sealed) {
      const proof = expectOk(await proofOf(t, e.txHash!));
      expect(proof.block.header.height).toBe(e.blockHeight);
      expectProofVerifies(proof, platformPublicKey(t));
    }
  });

  it('places the suppliers on the supplier map where they ship from, and keeps the map to its action code', async () => {
    const items = expectOk(
      await call<TSupplierMapItem[]>(t.app, '/graph/supplierMap', { token: t.auto, body: {} }),
    );
    // The battery maker ships from Suzhou (its shipment FY-HX-001), the mine's place is its mine.
    expect(items.find((i) => i.supplierEnterpriseName.includes('恒信'))).toMatchObject({
      tier: 1,
      address: '江苏省苏州市工业园区',
      latitude: 31.2989,
      longitude: 120.5853,
    });
    expect(items.find((i) => i.supplierEnterpriseName.includes('北辰'))).toMatchObject({
      tier: 2,
      latitude: 30.6586,
      longitude: 104.0647,
    });
    expect(items.every((i) => i.tier > 0)).toBe(true);
    // The battery maker's map has the mine only: its client (the automaker) is not a supplier.
    const theirs = expectOk(
      await call<TSupplierMapItem[]>(t.app, '/graph/supplierMap', { token: t.supplier, body: {} }),
    );
    expect(theirs.map((i) => i.supplierEnterpriseName)).toEqual([expect.stringContaining('北辰')]);
    const chainOnly = await memberWithExactCodes(t, t.auto, AUTO_UUID, ['VisualChain']);
    expectError(await call(t.app, '/graph/supplierMap', { token: chainOnly, body: {} }), 'FORBIDDEN');
    expectError(await call(t.app, '/map/settings', { token: chainOnly, body: {} }), 'FORBIDDEN');
    // Without map services configured the console draws the offline basemap.
    const withMap = await memberWithExactCodes(t, t.auto, AUTO_UUID, [
      'VisualChain',
      'VisualChain:SupplierMap',
    ]);
    expect(expectOk(await call(t.app, '/map/settings', { token: withMap, body: {} }))).toEqual({
      provider: 'offline',
      scriptUrl: '',
      fallbackUrl: '',
      key: '',
    });
  });

  it("answers a product's shipments for its trajectory map, to its own enterprise and the trajectory action only", async () => {
    const product = expectOk(
      await call<{ id: number }>(t.app, '/product/addProduct', {
        token: t.supplier,
        body: { name: '动力电芯', code: 'CELL-72', batchNo: 'CELL-2026-03', unit: '件' },
      }),
    );
    const shipments = expectOk(
      await call<TProductShipment[]>(t.app, '/product/echoAddress', {
        token: t.supplier,
        body: { id: product.id },
      }),
    );
    expect(shipments).toEqual([
      expect.objectContaining({
        billNo: 'FY-HX-001',
        shippingAddress: '江苏省苏州市工业园区',
        deliveryAddress: '上海市嘉定区安亭镇',
        shippingLatitude: 31.2989,
        shippingLongitude: 120.5853,
        deliveryLatitude: 31.2946,
        deliveryLongitude: 121.1648,
      }),
    ]);
    expect(shipments[0]!.checkoutDate).toEqual(expect.any(Number));
    // Another enterprise's product is not found; the action's code is needed.
    expectError(
      await call(t.app, '/product/echoAddress', { token: t.auto, body: { id: product.id } }),
      'NOT_FOUND',
    );
    const productOnly = await memberWithExactCodes(t, t.auto, AUTO_UUID, ['Product']);
    expectError(
      await call(t.app, '/product/echoAddress', { token: productOnly, body: { id: product.id } }),
      'FORBIDDEN',
    );
    const labels = expectOk(
      await call<{ code: string }[]>(t.app, '/product/selectTraceLabelAll', { token: productOnly, body: {} }),
    );
    expect(labels.map((l) => l.code)).toContain('XH-CELL');
  });

  it('answers the tracing objects and refuses a product row without a batch or VIN/SN', async () => {
    const labels = expectOk(
      await call<{ code: string }[]>(t.app, '/graph/getTraceLabelList', { token: t.auto }),
    );
    expect(labels.map((l) => l.code)).toContain('XH-CELL');
    const created = expectOk(
      await call<{ id: number }>(t.app, '/product/addProduct', {
        token: t.auto,
        body: { name: '无批次', code: 'XH-NOLOT', unit: '件' },
      }),
    );
    expectError(
      await call(t.app, '/graph/product', { token: t.auto, body: { productId: created.id } }),
      'GRAPH_PRODUCT_NO_LOT',
    );
  });

  it("finds nothing of another enterprise's: its products, VINs and lots", async () => {
    const [theirs] = await dbOf(t)
      .select({ id: products.id })
      .from(products)
      .where(eq(products.enterpriseUuid, AUTO_UUID))
      .limit(1);
    for (const body of [
      { productId: theirs!.id },
      { vinSn: DEMO_VINS[0] },
      { itemCode: 'XH-CELL', batchNo: 'CELL-2026-03' },
    ])
      expectError(await call(t.app, '/graph/product', { token: t.supplier, body }), 'NOT_FOUND');
    const list = expectOk(
      await call<TListResponse<TProductOption>>(t.app, '/graph/getProductList', {
        token: t.supplier,
        body: { keyword: 'EV7' },
      }),
    );
    expect(list.total).toBe(0);
    const cascade = expectOk(
      await call<TProjectCascade>(t.app, '/graph/getEnterpriseProjectCascade', { token: t.supplier }),
    );
    expect(cascade.map((p) => p.code)).not.toContain('XH-EV-2026');
  });

  it("needs each page's code, and keeps a member with the account data permission to its own records", async () => {
    const chainOnly = await memberWithExactCodes(t, t.auto, AUTO_UUID, ['VisualChain']);
    expectOk(await call(t.app, '/graph/enterprise', { token: chainOnly, body: {} }));
    for (const path of ['/graph/product', '/graph/getProductList', '/graph/getTraceLabelList'])
      expectError(await call(t.app, path, { token: chainOnly, body: { vinSn: DEMO_VINS[0] } }), 'FORBIDDEN');
    const productOnly = await memberWithExactCodes(t, t.auto, AUTO_UUID, ['VisualProduct']);
    for (const path of ['/graph/enterprise', '/graph/getBizDate', '/graph/getEnterpriseProjectCascade'])
      expectError(await call(t.app, path, { token: productOnly, body: {} }), 'FORBIDDEN');

    // The demo's records were created by the administrator: a member seeing only its own sees none of them.
    const ownRecordsOnly = await memberWithExactCodes(
      t,
      t.auto,
      AUTO_UUID,
      ['VisualChain', 'VisualProduct'],
      {
        dataScope: 'account',
      },
    );
    expect((await network(ownRecordsOnly)).companies).toHaveLength(1);
    expectError(
      await call(t.app, '/graph/product', { token: ownRecordsOnly, body: { vinSn: DEMO_VINS[0] } }),
      'NOT_FOUND',
    );
  });
});
