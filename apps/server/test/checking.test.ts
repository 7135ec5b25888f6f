import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ERRORS,
  type TCheckFinding,
  type TCheckPackage,
  type TCheckTask,
  type TCheckTaskCreate,
  type TListResponse,
  type TTask,
} from '@tracehub/contract';
import { checkingTasks, enterprises, partners } from '../src/db/schema.ts';
import { runJobsUntilIdle } from '../src/platform/jobs/worker.ts';
import { DEMO_VINS, demoVin } from '../src/seed/demo-supply-chain.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, SUPPLIER_UUID, call, useTestApp } from './support/app.ts';
import { memberWithExactCodes } from './support/accounts.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { seal } from './support/ledger.ts';
import { newPartner } from './support/records.ts';

// Data troubleshooting (modules/checking): the clean demo chain gives no finding; each check finds the
// error planted for it on the demo chain (and nothing else is found); missing supplier data is 'unknown';
// findings keep their identity across runs; the creation rules in both languages; the task's states;
// tenancy and page codes.

const DAY = 86_400_000;
const now = Date.now();
const t = (daysAgo: number) => now - daysAgo * DAY;

const vin = demoVin;
const NEW_VIN = vin(99);

describe('data troubleshooting (/dataChecking)', () => {
  const app = useTestApp({ auto: AS_AUTO, supplier: AS_SUPPLIER }, { SEED_DEMO_CHAIN: 'true' });
  let standard: TCheckPackage;
  let hxBat: number;

  const create = (body: Partial<TCheckTaskCreate>, token = app.auto, lang: 'zh' | 'en' = 'zh') =>
    call<TCheckTask>(app.app, '/dataChecking/createTask', { token, body, lang });
  const detail = (taskId: string, token = app.auto) =>
    call<TCheckTask>(app.app, '/dataChecking/taskDetail', { token, body: { taskId } });
  const abnormal = async (taskId: string, extra: Record<string, unknown> = {}) =>
    expectOk(
      await call<TListResponse<TCheckFinding>>(app.app, '/dataChecking/selectAbnormalPage', {
        token: app.auto,
        body: { taskId, pageSize: 100, ...extra },
      }),
    ).list;
  const run = () => runJobsUntilIdle(app.runtime.deps);
  /** A member of the automaker with exactly these codes. */
  const member = async (codes: string[]) => ({
    token: await memberWithExactCodes(app, app.auto, AUTO_UUID, codes),
  });
  const vinScope = (vins: string[]): Partial<TCheckTaskCreate> => ({
    taskType: 'internal',
    dimension: 'vin',
    vins,
    maxAmount: 10,
    packageId: 'standard',
    checkIds: standard.checkIds,
  });
  const timeScope = (): Partial<TCheckTaskCreate> => ({
    taskType: 'internal',
    dimension: 'time',
    timeBasis: 'business',
    from: t(30),
    to: now,
    maxAmount: 10_000,
    packageId: 'standard',
    checkIds: standard.checkIds,
  });
  /** Creates a task, runs it to completion and answers it with its findings. */
  const runTask = async (body: Partial<TCheckTaskCreate>, token = app.auto) => {
    const created = expectOk(await create(body, token));
    await run();
    const done = expectOk(await detail(created.id, token));
    expect(done.task.status).toBe('completed');
    return done;
  };
  const doc = async (route: string, body: Record<string, unknown>) =>
    expectOk(await call<{ id: number }>(app.app, `/${route}/add`, { token: app.auto, body })).id;
  const failing = (list: TCheckFinding[]) =>
    list
      .filter((f) => f.outcome !== 'pass')
      .map((f) => `${f.checkId} ${f.outcome} ${f.subject}`)
      .sort();

  beforeAll(async () => {
    // The demo chain's evidence sealed: the clean chain has no unsealed record.
    await seal(app);
    const packages = expectOk(
      await call<TCheckPackage[]>(app.app, '/dataChecking/packages', { token: app.auto }),
    );
    standard = packages.find((p) => p.id === 'standard')!;
    const [p] = await dbOf(app)
      .select({ id: partners.id })
      .from(partners)
      .where(and(eq(partners.enterpriseUuid, AUTO_UUID), eq(partners.code, 'HX-BAT')));
    hxBat = p!.id;
  });

  it('lists the rule packages, hashed, mandatory for the automaker, with their checks', async () => {
    expect(standard.mandatory).toBe(true);
    expect(standard.hash).toMatch(/^[0-9a-f]{64}$/);
    // Spec 9: up to 100 checks a task; the standard package has them all, each with its own identity.
    expect(standard.checkIds).toHaveLength(100);
    expect(new Set(standard.checkIds).size).toBe(100);
    const rules = expectOk(
      await call<{
        kinds: { id: string; name: { zh: string; en: string } }[];
        checks: {
          id: string;
          kind: string;
          version: number;
          level: string;
          name: { zh: string; en: string };
        }[];
      }>(app.app, '/dataChecking/ruleDetail', { token: app.auto, body: { packageId: 'standard' } }),
    );
    expect(rules.checks.map((c) => c.id)).toEqual(standard.checkIds);
    expect(rules.checks.every((c) => c.version >= 1 && c.name.en.length > 0 && c.name.zh.length > 0)).toBe(
      true,
    );
    // Every check is named apart in both languages, and belongs to one of the package's kinds.
    expect(new Set(rules.checks.map((c) => c.name.zh)).size).toBe(100);
    expect(new Set(rules.checks.map((c) => c.name.en)).size).toBe(100);
    expect(rules.checks.every((c) => rules.kinds.some((k) => k.id === c.kind))).toBe(true);
    expect(rules.kinds.length).toBeGreaterThanOrEqual(8);
    // The source package is optional for the battery maker (a manufacturer runs the standard one whole).
    const forSupplier = expectOk(
      await call<TCheckPackage[]>(app.app, '/dataChecking/packages', { token: app.supplier }),
    );
    expect(forSupplier.find((p) => p.id === 'source')!.mandatory).toBe(false);
  });

  it('lists the direct suppliers a linked task can compare with, settled or not', async () => {
    const list = expectOk(
      await call<{ id: number; code: string; settled: boolean }[]>(app.app, '/dataChecking/suppliers', {
        token: app.auto,
        body: {},
      }),
    );
    expect(list.find((p) => p.code === 'HX-BAT')).toMatchObject({ id: hxBat, settled: true });
    // Only the caller's own partners: the battery maker's supplier is the mine.
    const theirs = expectOk(
      await call<{ code: string }[]>(app.app, '/dataChecking/suppliers', { token: app.supplier, body: {} }),
    );
    expect(theirs.map((p) => p.code)).toEqual(['BC-LI']);
  });

  it('finds nothing on the clean demo chain: by VIN, by time, linked, and at the battery maker', async () => {
    const byVin = await runTask(vinScope(DEMO_VINS));
    expect(failing(await abnormal(byVin.id))).toEqual([]);
    expect(byVin).toMatchObject({
      vinAmount: 3,
      completeVinAmount: 3,
      maxLevel: null,
      packageHash: standard.hash,
      queueStatus: 'executed',
      dataStatus: 'completed',
    });
    expect(byVin.counts.pass).toBeGreaterThan(0);
    expect(byVin.blockHeight).not.toBeNull();

    const byTime = await runTask(timeScope());
    expect(failing(await abnormal(byTime.id))).toEqual([]);

    const linked = await runTask({ ...timeScope(), taskType: 'linked', supplierIds: [hxBat] });
    expect(failing(await abnormal(linked.id))).toEqual([]);
    expect(linked.compared.map((c) => c.code)).toEqual(['HX-BAT']);

    const atSupplier = await runTask({ ...timeScope(), from: t(42), to: t(12) }, app.supplier);
    expect(atSupplier.counts).toMatchObject({ fatal: 0, urgent: 0, minor: 0, unknown: 0 });
  });

  describe('each planted error is found, and nothing else', () => {
    let uncertified: { id: number; code: string };
    let originId: number;
    let lateId: number;

    beforeAll(async () => {
      // vin-without-production: a vehicle sold that was never built nor fitted with parts.
      await doc('internalA/A1-1', {
        billNo: 'XS-VIN-099',
        bizTime: t(5),
        vinSn: NEW_VIN,
        itemCode: 'XH-EV7',
      });
      // lot-balance: 400 more cells picked from a lot of 600 (300 picked, 5 returned already).
      await doc('stageProduction/start', {
        billNo: 'LL-XH-002',
        bizTime: t(5),
        itemCode: 'XH-CELL',
        batchNo: 'CELL-2026-03',
        quantity: 400,
        unit: '件',
      });
      // material-unmapped: bolts received from the battery maker, with no mapping of its code.
      await doc('stagePurchase/receipt', {
        billNo: 'RK-XH-002',
        bizTime: t(6),
        partnerCode: 'HX-BAT',
        itemCode: 'XH-BOLT',
        batchNo: 'BOLT-1',
        quantity: 10,
        unit: '件',
      });
      // dates-out-of-order: bolts picked a day before they were received.
      lateId = await doc('stageProduction/start', {
        billNo: 'LL-XH-003',
        bizTime: t(7),
        itemCode: 'XH-BOLT',
        batchNo: 'BOLT-1',
        quantity: 5,
        unit: '件',
      });
      // supplier-uncertified + high-cost part without source: a motor from a supplier not on the platform,
      // fitted into the first VIN (9000 a piece against the cells' 520).
      const p = await newPartner(app.app, app.auto, 'supplier');
      uncertified = { id: p.id, code: p.code };
      await doc('stagePurchase/receipt', {
        billNo: 'RK-XH-003',
        bizTime: t(6),
        partnerCode: p.code,
        itemCode: 'XH-MOTOR',
        batchNo: 'MOT-1',
        quantity: 3,
        unit: '件',
        unitPrice: 9000,
        amount: 27000,
        currency: 'CNY',
      });
      await doc('internalB/B1-1', {
        billNo: 'ZC-XH-101',
        bizTime: t(5),
        vinSn: DEMO_VINS[0],
        partnerCode: p.code,
        itemCode: 'XH-MOTOR',
        batchNo: 'MOT-1',
        quantity: 1,
        unit: '件',
      });
      await seal(app);
      // supplier-in-risk-area: the battery maker operates in Xinjiang, the demo's risk area (its rule and area).
      await dbOf(app)
        .update(enterprises)
        .set({
          operationAddress: { country: 'CN', province: '新疆维吾尔自治区', city: '乌鲁木齐市', address: '1' },
        })
        .where(eq(enterprises.uuid, SUPPLIER_UUID));
      // attachment-missing + record-unsealed: a certificate of origin without its paper, not sealed yet.
      originId = await doc('stagePurchase/origin', {
        billNo: 'YC-XH-001',
        bizTime: t(4),
        partnerCode: 'HX-BAT',
        itemCode: 'XH-CELL',
        originCountry: '中国',
      });
    });

    it('by time: every internal check finds its planted error, with the records it cites', async () => {
      const task = await runTask(timeScope());
      const list = await abnormal(task.id);
      const origin = (prefix: string) =>
        `${prefix}:${list.find((f) => f.cited[0]?.id === originId)!.cited[0]!.type}/YC-XH-001/${originId}`;
      expect(failing(list)).toEqual(
        [
          `vin-without-production fail vin:${NEW_VIN}`,
          'lot-balance fail lot:XH-CELL/CELL-2026-03',
          `material-unmapped fail mapping:${hxBat}/XH-BOLT`,
          `material-unmapped fail mapping:${uncertified.id}/XH-MOTOR`,
          // Bolts and motors are no materials of the automaker's master data.
          'material-unknown fail material:XH-BOLT',
          'material-unknown fail material:XH-MOTOR',
          `dates:picked-before-in fail dates:${list.find((f) => f.checkId === 'dates:picked-before-in')!.cited[0]!.type}/LL-XH-003/${lateId}`,
          `attachment-missing:PurchaseOrigin fail ${origin('attachment')}`,
          `record-unsealed:purchase fail ${origin('sealed')}`,
          `supplier-uncertified fail supplier:${uncertified.id}`,
          `high-cost-part-without-source fail part:${DEMO_VINS[0]}/XH-MOTOR/MOT-1`,
          // The battery maker is in Xinjiang: the rule's area factor and the risk area both flag it.
          `risk:area fail risk:${hxBat}`,
          `risk:risk-area fail risk:${hxBat}`,
          `risk:area unknown risk:${uncertified.id}`,
          `risk:risk-area unknown risk:${uncertified.id}`,
          // The certificate says China; the risk area is one province of it: not known well enough.
          `risk:origin-country unknown ${origin('origin')}`,
        ].sort(),
      );
      // The supplier not on the platform has no known place: unknown, never a pass.
      expect(
        list.filter(
          (f) => f.outcome === 'unknown' && f.checkId.startsWith('risk:') && f.subject.startsWith('risk:'),
        ),
      ).toHaveLength(2);
      expect(list.find((f) => f.checkId === 'risk:area' && f.outcome === 'fail')!.message.en).toMatch(
        /Xinjiang/,
      );
      // Counts by level, the highest level, and the VINs left incomplete (the new one and the first).
      expect(task.counts).toMatchObject({ fatal: 1, urgent: 7, minor: 5, unknown: 3 });
      expect(task.maxLevel).toBe('fatal');
      expect(task.vinAmount).toBe(4);
      expect(task.completeVinAmount).toBe(2);
      const balance = list.find((f) => f.checkId === 'lot-balance')!;
      expect(balance.message.en).toBe('Lot XH-CELL/CELL-2026-03: 705 left it but only 600 came in');
      // The check is named in both languages, not only by its id.
      expect(balance.checkName).toEqual({ zh: '数量不平衡', en: 'Quantities do not balance' });
      expect(balance.cited.map((c) => c.label)).toEqual(
        expect.arrayContaining(['RK-XH-001', 'TH-XH-001', 'LL-XH-001', 'LL-XH-002']),
      );
      expect(balance.state).toBe('new');
    });

    it("linked: a receipt the supplier never shipped fails; an unsettled supplier's is unknown", async () => {
      const task = await runTask({
        ...timeScope(),
        taskType: 'linked',
        supplierIds: [hxBat, uncertified.id],
        checkIds: standard.checkIds,
      });
      const list = await abnormal(task.id);
      const shipped = list.filter((f) => f.checkId === 'receipt-not-shipped');
      expect(shipped.map((f) => `${f.outcome} ${f.subject}`).sort()).toEqual([
        'fail received:RK-XH-002/XH-BOLT/BOLT-1',
        'unknown received:RK-XH-003/XH-MOTOR/MOT-1',
      ]);
      // The fault lies with the supplier: its company is named.
      expect(shipped.find((f) => f.outcome === 'fail')!.companyUuid).toBe(SUPPLIER_UUID);
      // Unknown: the unsettled supplier's receipt, and its place (the area checks of the risk rules).
      expect((await abnormal(task.id, { outcome: 'unknown' })).map((f) => f.checkId).sort()).toEqual([
        'receipt-not-shipped',
        'risk:area',
        'risk:origin-country',
        'risk:risk-area',
      ]);
      expect(task.counts.unknown).toBe(4);
    });

    it('keeps identities across runs: still open, and fixed once sealed', async () => {
      await seal(app);
      const task = await runTask(timeScope());
      const list = await abnormal(task.id);
      const unsealed = list.filter((f) => f.checkId === 'record-unsealed:purchase');
      expect(unsealed.map((f) => `${f.outcome} ${f.state}`)).toEqual(['pass fixed']);
      expect(unsealed[0]!.message.en).toMatch(/YC-XH-001/);
      expect(task.counts.fixed).toBe(1);
      const open = list.filter((f) => f.outcome === 'fail');
      expect(open.every((f) => f.state === 'open')).toBe(true);
      expect(open).toHaveLength(12);
    });

    it('exports the abnormal data as xlsx in the language of the request', async () => {
      const [task] = expectOk(
        await call<TListResponse<TCheckTask>>(app.app, '/dataChecking/selectTaskPage', {
          token: app.auto,
          body: {},
        }),
      ).list;
      for (const lang of ['zh', 'en'] as const) {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/dataChecking/exportAbnormal',
          headers: { authorization: `Bearer ${app.auto}`, 'accept-language': lang },
          payload: { taskId: task!.id },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('spreadsheetml');
        expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
      }
    });
  });

  describe('creation rules (spec 5, 8) in both languages', () => {
    for (const lang of ['zh', 'en'] as const) {
      it(`refuses what spec 5 refuses (${lang})`, async () => {
        expectError(
          await create({ ...timeScope(), taskType: 'linked' }, app.auto, lang),
          'CHECK_NO_COMPANY',
          lang,
        );
        expectError(await create({ ...timeScope(), checkIds: [] }, app.auto, lang), 'CHECK_NO_RULE', lang);
        expectError(
          await create({ ...timeScope(), from: t(40) }, app.auto, lang),
          'CHECK_SPAN_TOO_LONG',
          lang,
          {
            days: 31,
          },
        );
        expectError(
          await create(
            { ...timeScope(), checkIds: Array.from({ length: 101 }, (_, i) => `c${i}`) },
            app.auto,
            lang,
          ),
          'CHECK_TOO_MANY_CHECKS',
          lang,
          { max: 100 },
        );
        expectError(
          await create({ ...timeScope(), checkIds: standard.checkIds.slice(1) }, app.auto, lang),
          'CHECK_PACKAGE_MANDATORY',
          lang,
        );
        expectError(await create(vinScope([vin(777)]), app.auto, lang), 'CHECK_NO_PENDING_VIN', lang);
        expectError(await create(vinScope([]), app.auto, lang), 'CHECK_VINS_REQUIRED', lang);
        expectError(
          await create({ ...vinScope([vin(1), vin(2)]), maxAmount: 1 }, app.auto, lang),
          'CHECK_VINS_OVER_AMOUNT',
          lang,
          { max: 1 },
        );
        expectError(
          await create({ ...timeScope(), to: t(31) }, app.auto, lang),
          'CHECK_TIME_RANGE_REQUIRED',
          lang,
        );
        expectError(
          await create({ ...timeScope(), taskType: 'linked', supplierIds: [999_999] }, app.auto, lang),
          'NOT_FOUND',
          lang,
        );
        expect((await create({ ...timeScope(), maxAmount: 10_001 }, app.auto, lang)).body.code).toBe(
          ERRORS.VALIDATION.code,
        );
        expect((await create({ ...timeScope(), maxAmount: 0 }, app.auto, lang)).body.code).toBe(
          ERRORS.VALIDATION.code,
        );
      });
    }

    it("refuses a second task while one runs, with the spec's message in both languages", async () => {
      const first = expectOk(await create(vinScope(DEMO_VINS)));
      expectError(await create(timeScope(), app.auto, 'zh'), 'CHECK_TASK_RUNNING', 'zh');
      expectError(await create(timeScope(), app.auto, 'en'), 'CHECK_TASK_RUNNING', 'en');
      expect(ERRORS.CHECK_TASK_RUNNING.en).toBe(
        'Tasks cannot be created repeatedly for companies with a running task',
      );
      expect(ERRORS.CHECK_NO_PENDING_VIN.en).toBe('No pending VIN data');
      await run();
      expect(expectOk(await detail(first.id)).task.status).toBe('completed');
    });
  });

  describe('states: both readings, cancel, restart, failure with a reason and retry', () => {
    it('a cancelled task reads interrupted and can be restarted as a new task', async () => {
      const task = expectOk(await create(vinScope(DEMO_VINS)));
      expect([task.queueStatus, task.dataStatus]).toEqual(['queuing', 'toExtract']);
      expectOk(await call<TTask>(app.app, '/task/cancel', { token: app.auto, body: { id: task.id } }));
      const cancelled = expectOk(await detail(task.id));
      expect([cancelled.task.status, cancelled.queueStatus, cancelled.dataStatus]).toEqual([
        'cancelled',
        'interrupted',
        'failure',
      ]);
      const again = expectOk(
        await call<TCheckTask>(app.app, '/dataChecking/restartTask', {
          token: app.auto,
          body: { taskId: task.id },
        }),
      );
      expect(again.id).not.toBe(task.id);
      expect(again.scope.vins).toEqual(DEMO_VINS);
      expectError(
        await call(app.app, '/dataChecking/restartTask', { token: app.auto, body: { taskId: again.id } }),
        'CHECK_TASK_NOT_RESTARTABLE',
      );
      await run();
      expect(expectOk(await detail(again.id)).task.status).toBe('completed');
    });

    it('fails with a reason when its package changed, and a retry after the fix completes', async () => {
      const task = expectOk(await create(vinScope(DEMO_VINS)));
      await dbOf(app)
        .update(checkingTasks)
        .set({ packageHash: 'changed' })
        .where(eq(checkingTasks.id, task.id));
      await run();
      const failed = expectOk(await detail(task.id));
      expect([failed.task.status, failed.queueStatus, failed.dataStatus]).toEqual([
        'failed',
        'failed',
        'failure',
      ]);
      expect(failed.task.reason).toEqual({
        code: ERRORS.CHECK_PACKAGE_UNKNOWN.code,
        zh: ERRORS.CHECK_PACKAGE_UNKNOWN.zh,
        en: ERRORS.CHECK_PACKAGE_UNKNOWN.en,
      });
      await dbOf(app)
        .update(checkingTasks)
        .set({ packageHash: standard.hash })
        .where(eq(checkingTasks.id, task.id));
      expectOk(await call<TTask>(app.app, '/task/retry', { token: app.auto, body: { id: task.id } }));
      const queued = expectOk(await detail(task.id));
      expect([queued.queueStatus, queued.dataStatus]).toEqual(['toBeExecuted', 'toExtract']);
      await run();
      expect(expectOk(await detail(task.id)).task.status).toBe('completed');
    });
  });

  describe('tenancy and page codes', () => {
    it("another enterprise can neither read nor change the automaker's tasks", async () => {
      const [task] = expectOk(
        await call<TListResponse<TCheckTask>>(app.app, '/dataChecking/selectTaskPage', {
          token: app.auto,
          body: {},
        }),
      ).list;
      expectError(await detail(task!.id, app.supplier), 'NOT_FOUND');
      expectError(
        await call(app.app, '/dataChecking/selectAbnormalPage', {
          token: app.supplier,
          body: { taskId: task!.id },
        }),
        'NOT_FOUND',
      );
      expectError(
        await call(app.app, '/dataChecking/restartTask', { token: app.supplier, body: { taskId: task!.id } }),
        'NOT_FOUND',
      );
      expectError(
        await call(app.app, '/task/cancel', { token: app.supplier, body: { id: task!.id } }),
        'NOT_FOUND',
      );
      const theirs = expectOk(
        await call<TListResponse<TCheckTask>>(app.app, '/dataChecking/selectTaskPage', {
          token: app.supplier,
          body: {},
        }),
      );
      expect(theirs.list.every((x) => x.benchmark.uuid === SUPPLIER_UUID)).toBe(true);
    });

    it('a member without the page code is refused; one with the page but not Checking cannot create', async () => {
      const none = await member([]);
      for (const path of [
        'selectTaskPage',
        'packages',
        'ruleDetail',
        'suppliers',
        'createTask',
        'exportAbnormal',
      ])
        expectError(
          await call(app.app, `/dataChecking/${path}`, { token: none.token, body: {} }),
          'FORBIDDEN',
        );
      const viewer = await member(['CheckLog']);
      expectOk(await call(app.app, '/dataChecking/selectTaskPage', { token: viewer.token, body: {} }));
      expectError(await create(timeScope(), viewer.token), 'FORBIDDEN');
      expectError(
        await call(app.app, '/dataChecking/suppliers', { token: viewer.token, body: {} }),
        'FORBIDDEN',
      );
    });
  });
});
