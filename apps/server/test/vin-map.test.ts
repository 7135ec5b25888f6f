import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type TCheckPackage,
  type TCheckTask,
  type TCheckTaskCreate,
  type TListResponse,
  type TVinMapRow,
  type TVinMapTree,
} from '@tracehub/contract';
import { mapVins } from '../src/modules/checking/vin-map.ts';
import { runJobsUntilIdle } from '../src/platform/jobs/worker.ts';
import { withTenant } from '../src/platform/tenancy.ts';
import { DEMO_VINS, demoVin } from '../src/seed/demo-supply-chain.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, call, useTestApp } from './support/app.ts';
import { memberWithExactCodes } from './support/accounts.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { seal } from './support/ledger.ts';
import { newPartner } from './support/records.ts';

// The VIN map check and the tracing report (issue 16 items 4 and 7) on the demo chain (mine -> battery
// maker -> automaker): its VINs reach the mine, a source company, so they are complete; planted gaps (a
// part from a supplier not on the platform, a part the settled supplier never shipped, a vehicle without
// production) make VINs uncomplete, named in the tree and the report; the task's VIN amounts agree.

const DAY = 86_400_000;
const now = Date.now();
const t = (daysAgo: number) => now - daysAgo * DAY;

const vin = demoVin;
const NEW_VIN = vin(98);
const [VIN_MOTOR, VIN_BOLT, VIN_CLEAN] = DEMO_VINS as [string, string, string];

describe('VIN map check and tracing report (/dataChecking)', () => {
  const app = useTestApp({ auto: AS_AUTO, supplier: AS_SUPPLIER }, { SEED_DEMO_CHAIN: 'true' });
  let standard: TCheckPackage;
  let cleanTask: TCheckTask;
  let task: TCheckTask;
  let motorSupplier: string;

  const scope = (vins: string[]): Partial<TCheckTaskCreate> => ({
    taskType: 'internal',
    dimension: 'vin',
    vins,
    maxAmount: 10,
    packageId: 'standard',
    checkIds: standard.checkIds,
  });
  const runTask = async (body: Partial<TCheckTaskCreate>) => {
    const created = expectOk(
      await call<TCheckTask>(app.app, '/dataChecking/createTask', { token: app.auto, body }),
    );
    // Before its run completes a task has no map check.
    expectError(
      await call(app.app, '/dataChecking/vinMapPage', { token: app.auto, body: { taskId: created.id } }),
      'CHECK_MAP_NOT_READY',
    );
    await runJobsUntilIdle(app.runtime.deps);
    const done = expectOk(
      await call<TCheckTask>(app.app, '/dataChecking/taskDetail', {
        token: app.auto,
        body: { taskId: created.id },
      }),
    );
    expect(done.task.status).toBe('completed');
    return done;
  };
  const page = async (taskId: string, extra: Record<string, unknown> = {}, token = app.auto) =>
    expectOk(
      await call<TListResponse<TVinMapRow>>(app.app, '/dataChecking/vinMapPage', {
        token,
        body: { taskId, pageSize: 50, ...extra },
      }),
    );
  const tree = async (taskId: string, v: string) =>
    expectOk(
      await call<TVinMapTree>(app.app, '/dataChecking/vinMapTree', {
        token: app.auto,
        body: { taskId, vin: v },
      }),
    );
  const report = (body: Record<string, unknown>, lang: 'zh' | 'en' = 'en', token = app.auto) =>
    app.app.inject({
      method: 'POST',
      url: '/api/dataChecking/exportTracingReport',
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
      payload: body,
    });
  const doc = async (route: string, body: Record<string, unknown>) =>
    expectOk(await call<{ id: number }>(app.app, `/${route}/add`, { token: app.auto, body })).id;
  const member = (codes: string[]) => memberWithExactCodes(app, app.auto, AUTO_UUID, codes);

  beforeAll(async () => {
    await seal(app);
    const packages = expectOk(
      await call<TCheckPackage[]>(app.app, '/dataChecking/packages', { token: app.auto }),
    );
    standard = packages.find((p) => p.id === 'standard')!;
    cleanTask = await runTask(scope(DEMO_VINS));

    // A motor from a supplier not on the platform, fitted into the first VIN.
    const p = await newPartner(app.app, app.auto, 'supplier');
    motorSupplier = `${p.code} 有限公司`;
    await doc('stagePurchase/receipt', {
      billNo: 'RK-VM-MOTOR',
      bizTime: t(6),
      partnerCode: p.code,
      itemCode: 'XH-MOTOR',
      batchNo: 'MOT-VM',
      quantity: 1,
      unit: '件',
    });
    await doc('internalB/B1-1', {
      billNo: 'ZC-VM-MOTOR',
      bizTime: t(5),
      vinSn: VIN_MOTOR,
      partnerCode: p.code,
      itemCode: 'XH-MOTOR',
      batchNo: 'MOT-VM',
      quantity: 1,
      unit: '件',
    });
    // Bolts received from the battery maker (settled), which never recorded shipping them, fitted into the second.
    await doc('stagePurchase/receipt', {
      billNo: 'RK-VM-BOLT',
      bizTime: t(6),
      partnerCode: 'HX-BAT',
      itemCode: 'XH-BOLT',
      batchNo: 'BOLT-VM',
      quantity: 10,
      unit: '件',
    });
    await doc('internalB/B1-1', {
      billNo: 'ZC-VM-BOLT',
      bizTime: t(5),
      vinSn: VIN_BOLT,
      partnerCode: 'HX-BAT',
      itemCode: 'XH-BOLT',
      batchNo: 'BOLT-VM',
      quantity: 4,
      unit: '件',
    });
    // A vehicle sold that was never built.
    await doc('internalA/A1-1', { billNo: 'XS-VM-NEW', bizTime: t(5), vinSn: NEW_VIN, itemCode: 'XH-EV7' });
    await seal(app);
    task = await runTask(scope([...DEMO_VINS, NEW_VIN]));
  });

  it('the demo chain reaches the mine: every VIN complete, and the task counts them so', async () => {
    expect(cleanTask).toMatchObject({ vinAmount: 3, completeVinAmount: 3 });
    const rows = await page(cleanTask.id);
    expect(rows.total).toBe(3);
    expect(rows.list.map((r) => [r.vin, r.complete, r.gapCount, r.abnormal])).toEqual(
      [...DEMO_VINS].sort().map((v) => [v, true, 0, false]),
    );
  });

  it('planted gaps make VINs uncomplete, each gap named; the task amounts come from the same map', async () => {
    expect(task).toMatchObject({ vinAmount: 4, completeVinAmount: 1 });
    const all = await page(task.id);
    const byVin = new Map(all.list.map((r) => [r.vin, r]));
    expect(byVin.get(VIN_CLEAN)).toMatchObject({ complete: true, gapCount: 0, gapKinds: [] });
    expect(byVin.get(VIN_MOTOR)).toMatchObject({ complete: false, gapCount: 1, gapKinds: ['unsettled'] });
    expect(byVin.get(VIN_BOLT)).toMatchObject({ complete: false, gapCount: 1, gapKinds: ['unmatched'] });
    expect(byVin.get(NEW_VIN)!.complete).toBe(false);
    expect([...byVin.get(NEW_VIN)!.gapKinds].sort()).toEqual(['noInputs', 'noProduction']);
    // Validation result (spec 4): abnormal where a failing finding of the run names the VIN (the vehicle
    // never built); the motor's supplier is not on the platform, so its findings are unknown, not failing:
    // that VIN is uncomplete (above) without being abnormal.
    expect(Object.fromEntries(all.list.map((r) => [r.vin, r.abnormal]))).toEqual({
      [VIN_CLEAN]: false,
      [VIN_MOTOR]: false,
      [VIN_BOLT]: false,
      [NEW_VIN]: true,
    });
    // Uncomplete first; the filters.
    expect(all.list[0]!.complete).toBe(false);
    expect((await page(task.id, { status: 'complete' })).list.map((r) => r.vin)).toEqual([VIN_CLEAN]);
    expect((await page(task.id, { status: 'uncomplete' })).total).toBe(3);
    expect((await page(task.id, { vin: NEW_VIN.slice(-6) })).list.map((r) => r.vin)).toEqual([NEW_VIN]);
  });

  it('a VIN as a tree: the branch to the mine complete, the motor branch a gap naming its supplier', async () => {
    const motor = await tree(task.id, VIN_MOTOR);
    expect(motor.complete).toBe(false);
    expect(motor.gapCount).toBe(1);
    const root = motor.nodes.find((n) => n.parent === null)!;
    expect(root).toMatchObject({ vinSn: VIN_MOTOR, own: true, complete: false });
    const motorLot = motor.nodes.find((n) => n.batchNo === 'MOT-VM')!;
    expect(motorLot).toMatchObject({ link: 'fitted', complete: false, parent: root.key });
    expect(motorLot.gaps).toEqual([
      {
        kind: 'unsettled',
        document: expect.objectContaining({ billNo: 'RK-VM-MOTOR' }),
        supplierName: motorSupplier,
        supplierNameEn: '',
      },
    ]);
    // The cells' branch reaches the mine, a source company: complete all the way.
    const mineLot = motor.nodes.find((n) => n.source && !n.repeated)!;
    expect(mineLot).toMatchObject({
      companyName: '北辰锂业有限公司',
      batchNo: 'ORE-2026-01',
      complete: true,
    });
    expect(mineLot.sites.map((s) => s.siteName)).toEqual(['北辰一号锂矿']);
    const cells = motor.nodes.filter((n) => n.batchNo === 'CELL-2026-03' && n.own);
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.every((n) => n.complete)).toBe(true);

    // A lot reached by two paths (picked for the vehicle's completion and fitted into it) is shown twice,
    // the second time without its branches; every key is unique.
    expect(new Set(motor.nodes.map((n) => n.key)).size).toBe(motor.nodes.length);
    const again = motor.nodes.filter((n) => n.repeated);
    expect(again.length).toBeGreaterThan(0);
    for (const n of again) expect(motor.nodes.some((c) => c.parent === n.key)).toBe(false);

    const bolt = await tree(task.id, VIN_BOLT);
    const boltLot = bolt.nodes.find((n) => n.batchNo === 'BOLT-VM')!;
    expect(boltLot.gaps.map((g) => [g.kind, g.supplierName])).toEqual([
      ['unmatched', '恒信动力电池有限公司'],
    ]);

    const built = await tree(task.id, NEW_VIN);
    expect(built.nodes).toHaveLength(1);
    expect(built.nodes[0]!.gaps.map((g) => g.kind).sort()).toEqual(['noInputs', 'noProduction']);

    const clean = await tree(task.id, VIN_CLEAN);
    expect(clean.complete).toBe(true);
    expect(clean.nodes.every((n) => n.complete && n.gaps.length === 0)).toBe(true);
    expect(clean.nodes.some((n) => n.link === 'supplied' && n.companyName === '恒信动力电池有限公司')).toBe(
      true,
    );
  });

  it('exports the tracing report as xlsx: every stage with its document, headers in the language', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const res = await report({ taskId: task.id, vin: VIN_MOTOR, format: 'xlsx' }, lang);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
      const sheet = book.worksheets[0]!;
      const rows: string[][] = [];
      sheet.eachRow((r) =>
        rows.push(
          (r.values as unknown[]).slice(1).map((v) => (v === undefined || v === null ? '' : String(v))),
        ),
      );
      const [header, ...body] = rows;
      expect(header![0]).toBe(lang === 'en' ? 'Tier' : '层级');
      expect(header![6]).toBe(lang === 'en' ? 'Document number' : '单据编号');
      const stage = (s: string) => body.filter((r) => r[2] === s).map((r) => r[6]);
      if (lang === 'en') {
        // One document number per stage, down to the mine.
        expect(stage('Production')).toEqual(expect.arrayContaining(['WG-XH-001', 'WG-HX-001']));
        expect(stage('Fitting')).toEqual(expect.arrayContaining(['ZC-XH-001', 'ZC-VM-MOTOR']));
        expect(stage('Receipt')).toEqual(expect.arrayContaining(['RK-XH-001', 'RK-HX-001']));
        expect(stage('Delivery')).toEqual(expect.arrayContaining(['XS-HX-001', 'CK-ORE-001']));
        expect(stage('Mineral source')).toEqual(['KS-2026-001']);
        const gap = body.find((r) => r[2] === 'Gap')!;
        expect(gap).toEqual(
          expect.arrayContaining([motorSupplier, 'RK-VM-MOTOR', 'Supplier not on the platform']),
        );
        const delivery = body.find((r) => r[6] === 'CK-ORE-001')!;
        expect(delivery[0]).toBe('2');
        expect(delivery[1]).toBe('Beichen Lithium Co., Ltd.');
        // The demo chain is sealed: its documents name their evidence block.
        expect(delivery[8]).toMatch(/^\d+$/);
      } else {
        expect(stage('矿产来源')).toEqual(['KS-2026-001']);
        expect(body.some((r) => r[1] === '北辰锂业有限公司')).toBe(true);
      }
    }
  });

  it('exports the tracing report as PDF: CJK font, the VIN and its document numbers', async () => {
    const res = await report({ taskId: task.id, vin: VIN_MOTOR, format: 'pdf' }, 'zh');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const raw = res.rawPayload;
    expect(raw.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(raw.length).toBeGreaterThan(8_000);
    const text = raw.toString('latin1');
    expect(Number(/\/Type \/Pages\n\/Count (\d+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/SourceHanSansCN/);
    const keywords = /\/Keywords \((vin=[^)]*)\)/.exec(text)?.[1] ?? keywordsRef(text);
    expect(keywords).toContain(`vin=${VIN_MOTOR}`);
    expect(keywords).toContain('status=uncomplete');
    for (const bill of ['RK-VM-MOTOR', 'CK-ORE-001', 'KS-2026-001']) expect(keywords).toContain(bill);
  });

  it("another enterprise cannot read a task's map check, a VIN's tree or its report", async () => {
    expectError(
      await call(app.app, '/dataChecking/vinMapPage', { token: app.supplier, body: { taskId: task.id } }),
      'NOT_FOUND',
    );
    expectError(
      await call(app.app, '/dataChecking/vinMapTree', {
        token: app.supplier,
        body: { taskId: task.id, vin: VIN_CLEAN },
      }),
      'NOT_FOUND',
    );
    const res = await report({ taskId: task.id, vin: VIN_CLEAN, format: 'xlsx' }, 'en', app.supplier);
    expect(res.statusCode).toBe(404);
    // A VIN the task did not map is unknown, even the caller's own.
    expectError(
      await call(app.app, '/dataChecking/vinMapTree', {
        token: app.auto,
        body: { taskId: cleanTask.id, vin: NEW_VIN },
      }),
      'NOT_FOUND',
    );
  });

  it('maps 10,000 VINs in one walk: each step reads the lots of every VIN at once', async () => {
    // 10,000 more vehicles built from the demo's cell lot and fitted with it, copied from the demo's rows.
    const N = 10_000;
    const copy = (bill: string) =>
      dbOf(app).execute(sql`
        insert into documents (enterprise_uuid, doc_type, stage, bill_no, biz_time, partner_id, partner_code,
          partner_name, partner_name_en, item_code, item_name, batch_no, vin_sn, quantity, unit,
          related_bill_nos, extra, created_by)
        select d.enterprise_uuid, d.doc_type, d.stage, d.bill_no || '-S' || g, d.biz_time, d.partner_id,
          d.partner_code, d.partner_name, d.partner_name_en, d.item_code, d.item_name, d.batch_no,
          'LSCALE' || lpad(g::text, 11, '0'), d.quantity, d.unit, d.related_bill_nos, d.extra, d.created_by
        from (select * from documents where enterprise_uuid = ${AUTO_UUID} and bill_no = ${bill} limit 1) d,
          generate_series(1, ${N}) g`);
    await copy('WG-XH-001');
    await copy('ZC-XH-003');
    // Statistics as PostgreSQL's autovacuum keeps them (query-plans.test does the same): without them the
    // planner reads a VIN's rows through the enterprise's type index, once per VIN.
    await dbOf(app).execute(sql`analyze documents`);
    const vins = Array.from({ length: N }, (_, i) => `LSCALE${String(i + 1).padStart(11, '0')}`);
    const tenant = {
      enterpriseUuid: AUTO_UUID,
      userId: 1,
      permissions: new Set<string>(),
      dataScope: 'company' as const,
      unconfigured: new Set<string>(),
    };
    const started = Date.now();
    const map = await withTenant(dbOf(app), tenant, (tx) => mapVins(tx, AUTO_UUID, vins));
    const took = Date.now() - started;
    expect(map).toHaveLength(N);
    expect(map.every((m) => m.complete && m.gapCount === 0)).toBe(true);
    // Set-based: a per-VIN walk would take minutes here.
    expect(took).toBeLessThan(20_000);
  });

  it('a member without CheckLog is refused; the report needs CheckLog:Export', async () => {
    const none = await member([]);
    for (const path of ['vinMapPage', 'vinMapTree', 'exportTracingReport'])
      expectError(
        await call(app.app, `/dataChecking/${path}`, {
          token: none,
          body: { taskId: task.id, vin: VIN_CLEAN, format: 'xlsx' },
        }),
        'FORBIDDEN',
      );
    const viewer = await member(['CheckLog']);
    expect((await page(task.id, {}, viewer)).total).toBe(4);
    expect((await report({ taskId: task.id, vin: VIN_CLEAN, format: 'xlsx' }, 'en', viewer)).statusCode).toBe(
      403,
    );
    const exporter = await member(['CheckLog', 'CheckLog:Export']);
    expect(
      (await report({ taskId: task.id, vin: VIN_CLEAN, format: 'pdf' }, 'en', exporter)).statusCode,
    ).toBe(200);
  });
});

/** The keywords when pdfkit writes them as an indirect object (`/Keywords n 0 R`). */
function keywordsRef(text: string): string {
  const ref = /\/Keywords (\d+) 0 R/.exec(text);
  if (!ref) return '';
  const at = text.indexOf(`\n${ref[1]} 0 obj\n(`);
  return at < 0 ? '' : text.slice(at, text.indexOf(')', at));
}
