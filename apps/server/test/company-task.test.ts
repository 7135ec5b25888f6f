import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EXAMINE_STATUS,
  type TCheckPackage,
  type TCheckTask,
  type TCheckTaskCreate,
  type TCompanyTask,
  type TCompanyTaskDetail,
  type TCompanyTaskFinding,
  type TCompanyTaskHistory,
  type TListResponse,
} from '@tracehub/contract';
import {
  checkingCompanyTaskFindings,
  checkingCompanyTaskHistory,
  checkingCompanyTasks,
  enterpriseUsers,
  messages,
  partners,
  users,
} from '../src/db/schema.ts';
import type { Db } from '../src/db/client.ts';
import { raiseCompanyTasks } from '../src/modules/checking/company-task.ts';
import { runJobsUntilIdle } from '../src/platform/jobs/worker.ts';
import { withTenant } from '../src/platform/tenancy.ts';
import {
  AS_AUTO,
  AS_SUPPLIER,
  AUTO_UUID,
  MINE_UUID,
  SUPPLIER_UUID,
  call,
  signIn,
  useTestApp,
} from './support/app.ts';
import { memberWithExactCodes } from './support/accounts.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { seal } from './support/ledger.ts';

// Company abnormal-data tasks (modules/checking/company-task.ts): a linked run's failed findings that lie
// with the supplier become its task, seen by both sides; the state machine by HTTP from both sides, with
// its refusals in zh and en; a rerun attaches to the live task; messages to the other side; a third
// enterprise can neither read nor change a task; page codes.

const DAY = 86_400_000;
const now = Date.now();
const t = (daysAgo: number) => now - daysAgo * DAY;
const MISSING_DELIVERY = 'Receipt RK-XH-002 lot BOLT-1: the supplier recorded no matching delivery';

describe('company abnormal-data tasks (/dataChecking/companyTask)', () => {
  const app = useTestApp({ auto: AS_AUTO, supplier: AS_SUPPLIER }, { SEED_DEMO_CHAIN: 'true' });
  let third: string;
  let standard: TCheckPackage;
  let hxBat: number;

  const run = () => runJobsUntilIdle(app.runtime.deps);
  const linkedRun = async () => {
    const created = expectOk(
      await call<TCheckTask>(app.app, '/dataChecking/createTask', {
        token: app.auto,
        body: {
          taskType: 'linked',
          dimension: 'time',
          timeBasis: 'business',
          from: t(30),
          to: now,
          maxAmount: 10_000,
          packageId: 'standard',
          checkIds: standard.checkIds,
          supplierIds: [hxBat],
        } satisfies TCheckTaskCreate,
      }),
    );
    await run();
    return created.id;
  };
  const page = async (token: string, body: Record<string, unknown> = {}) =>
    expectOk(
      await call<TListResponse<TCompanyTask>>(app.app, '/dataChecking/companyTask/page', { token, body }),
    );
  const detail = async (token: string, id: number) =>
    expectOk(
      await call<TCompanyTaskDetail>(app.app, '/dataChecking/companyTask/detail', { token, body: { id } }),
    );
  /** A task's finding lines and its history (lists of their own). */
  const lines = async (token: string, id: number, body: Record<string, unknown> = {}) =>
    expectOk(
      await call<TListResponse<TCompanyTaskFinding>>(app.app, '/dataChecking/companyTask/findingPage', {
        token,
        body: { id, pageSize: 100, ...body },
      }),
    ).list;
  const history = async (token: string, id: number) =>
    expectOk(
      await call<TListResponse<TCompanyTaskHistory>>(app.app, '/dataChecking/companyTask/historyPage', {
        token,
        body: { id, pageSize: 100 },
      }),
    ).list;
  const act = (token: string, action: string, body: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') =>
    call<TCompanyTaskDetail>(app.app, `/dataChecking/companyTask/${action}`, { token, body, lang });
  /** A member of `enterprise` with exactly these codes. */
  const member = (admin: string, enterprise: string, codes: string[]) =>
    memberWithExactCodes(app, admin, enterprise, codes);
  const messagesOf = (enterprise: string, type: string) =>
    dbOf(app)
      .select({ params: messages.params, link: messages.link })
      .from(messages)
      .where(and(eq(messages.enterpriseUuid, enterprise), eq(messages.type, type)));

  beforeAll(async () => {
    // A third enterprise: demo-multi's pending application to the mine approved, as its administrator.
    const [multi] = await dbOf(app)
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'demo-multi'));
    await dbOf(app)
      .update(enterpriseUsers)
      .set({ examineStatus: EXAMINE_STATUS.approved, isAdmin: true })
      .where(and(eq(enterpriseUsers.enterpriseUuid, MINE_UUID), eq(enterpriseUsers.userId, multi!.id)));
    third = await signIn(app.app, 'demo-multi', MINE_UUID);
    await seal(app);
    standard = expectOk(
      await call<TCheckPackage[]>(app.app, '/dataChecking/packages', { token: app.auto }),
    ).find((p) => p.id === 'standard')!;
    const [p] = await dbOf(app)
      .select({ id: partners.id })
      .from(partners)
      .where(and(eq(partners.enterpriseUuid, AUTO_UUID), eq(partners.code, 'HX-BAT')));
    hxBat = p!.id;
  });

  it('raises nothing when the linked run finds nothing of the supplier', async () => {
    await linkedRun();
    expect((await page(app.auto)).total).toBe(0);
    expect((await page(app.supplier)).total).toBe(0);
  });

  let taskId: number;

  it("raises the supplier's task from a linked run with a planted error; both sides see it", async () => {
    // Bolts received from the battery maker, which never recorded their delivery: its fault.
    expectOk(
      await call(app.app, '/stagePurchase/receipt/add', {
        token: app.auto,
        body: {
          billNo: 'RK-XH-002',
          bizTime: t(6),
          partnerCode: 'HX-BAT',
          itemCode: 'XH-BOLT',
          batchNo: 'BOLT-1',
          quantity: 10,
          unit: '件',
        },
      }),
    );
    const runId = await linkedRun();
    const raised = await page(app.auto, { side: 'raised' });
    expect(raised.total).toBe(1);
    const task = raised.list[0]!;
    taskId = task.id;
    expect(task).toMatchObject({
      side: 'benchmark',
      state: 'pending',
      result: null,
      firstRunId: runId,
      openCount: 1,
      fixedCount: 0,
      benchmark: { uuid: AUTO_UUID, name: '星河汽车股份有限公司', nameEn: 'Galaxy Motors Co., Ltd.' },
      company: {
        uuid: SUPPLIER_UUID,
        name: '恒信动力电池有限公司',
        nameEn: 'Hengxin Power Battery Co., Ltd.',
      },
    });
    // Raised by me, not assigned to me; the other way round at the supplier.
    expect((await page(app.auto, { side: 'assigned' })).total).toBe(0);
    const assigned = await page(app.supplier, { side: 'assigned' });
    expect(assigned.list.map((x) => [x.id, x.side])).toEqual([[taskId, 'supplier']]);
    expect((await page(app.supplier, { side: 'raised' })).total).toBe(0);
    expect((await page(app.supplier, { state: 'closed' })).total).toBe(0);

    // The supplier reads the finding lines of its task (message, level, cited records), nothing else.
    expect((await detail(app.supplier, taskId)).task.id).toBe(taskId);
    const seen = await lines(app.supplier, taskId);
    expect(seen.map((f) => [f.checkId, f.state, f.message.en])).toEqual([
      ['receipt-not-shipped', 'open', MISSING_DELIVERY],
    ]);
    expect(seen[0]!.cited.map((c) => c.label)).toEqual(['RK-XH-002']);
    expect((await lines(app.supplier, taskId, { state: 'fixed' })).length).toBe(0);
    expect((await history(app.supplier, taskId)).map((h) => [h.action, h.toState, h.openCount])).toEqual([
      ['raise', 'pending', 1],
    ]);
    // ...but not the benchmark's run or its other findings.
    expectError(
      await call(app.app, '/dataChecking/selectAbnormalPage', {
        token: app.supplier,
        body: { taskId: runId },
      }),
      'NOT_FOUND',
    );

    // The supplier's administrator was told.
    const told = await messagesOf(SUPPLIER_UUID, 'companyTaskRaised');
    expect(told).toHaveLength(1);
    expect(told[0]!.link).toBe(`/dataChecking/checkLog/companyTask?id=${taskId}`);
    expect(told[0]!.params).toMatchObject({ count: 1, benchmarkName: { zh: '星河汽车股份有限公司' } });
  });

  it('a rerun attaches to the live task instead of raising another', async () => {
    const runId = await linkedRun();
    const all = await page(app.auto);
    expect(all.list.map((x) => [x.id, x.lastRunId, x.openCount])).toEqual([[taskId, runId, 1]]);
    expect((await history(app.auto, taskId)).map((h) => h.action)).toEqual(['raise', 'rerun']);
    expect(await messagesOf(SUPPLIER_UUID, 'companyTaskRaised')).toHaveLength(1);
  });

  it('walks the state machine from both sides, refusing in words in zh and en', async () => {
    const id = taskId;
    // The benchmark cannot work the task; the supplier cannot resolve before looking at it.
    expectError(await act(app.auto, 'process', { id }), 'COMPANY_TASK_WRONG_SIDE');
    expectError(await act(app.auto, 'process', { id }, 'en'), 'COMPANY_TASK_WRONG_SIDE', 'en');
    expectError(await act(app.supplier, 'close', { id, result: 'other' }), 'COMPANY_TASK_WRONG_SIDE');
    expectError(await act(app.supplier, 'resolve', { id, result: 'resolved' }), 'COMPANY_TASK_WRONG_STATE');
    expectError(
      await act(app.supplier, 'resolve', { id, result: 'resolved' }, 'en'),
      'COMPANY_TASK_WRONG_STATE',
      'en',
    );

    expect(expectOk(await act(app.supplier, 'troubleshoot', { id })).task.state).toBe('troubleshooting');
    expect(expectOk(await act(app.supplier, 'process', { id, comment: '补录发货单' })).task.state).toBe(
      'processing',
    );
    expectError(await act(app.supplier, 'process', { id }), 'COMPANY_TASK_WRONG_STATE');

    // Resolve: a result must be selected, the comment at most 500 characters.
    expectError(await act(app.supplier, 'resolve', { id }), 'COMPANY_TASK_RESULT_REQUIRED');
    expectError(await act(app.supplier, 'resolve', { id }, 'en'), 'COMPANY_TASK_RESULT_REQUIRED', 'en');
    for (const lang of ['zh', 'en'] as const)
      expectError(
        await act(app.supplier, 'resolve', { id, result: 'resolved', comment: 'x'.repeat(501) }, lang),
        'COMPANY_TASK_COMMENT_TOO_LONG',
        lang,
        { max: 500 },
      );
    const resolved = expectOk(
      await act(app.supplier, 'resolve', { id, result: 'partiallyResolved', comment: '已补录发货记录' }),
    );
    expect(resolved.task).toMatchObject({ state: 'resolved', result: 'partiallyResolved' });

    // The benchmark was told (after the request's transaction).
    await expect
      .poll(async () => (await messagesOf(AUTO_UUID, 'companyTaskAnswered')).length)
      .toBeGreaterThan(0);
    const [answered] = await messagesOf(AUTO_UUID, 'companyTaskAnswered');
    expect(answered!.params).toMatchObject({
      taskId: id,
      status: { en: 'Resolved' },
      comment: '已补录发货记录',
    });

    // The benchmark closes it with its own result.
    expectError(await act(app.auto, 'close', { id }, 'en'), 'COMPANY_TASK_RESULT_REQUIRED', 'en');
    const closed = expectOk(await act(app.auto, 'close', { id, result: 'resolved', comment: 'ok' }));
    expect(closed.task).toMatchObject({ state: 'closed', result: 'resolved' });
    expectError(await act(app.auto, 'close', { id, result: 'resolved' }), 'COMPANY_TASK_WRONG_STATE');

    // Every step a history line: who, what, the result and the comment.
    expect(
      (await history(app.auto, id)).map((h) => [
        h.action,
        h.side,
        h.fromState,
        h.toState,
        h.result,
        h.comment,
        h.actor,
      ]),
    ).toEqual([
      ['raise', 'benchmark', null, 'pending', null, null, 'demo-auto'],
      ['rerun', 'benchmark', 'pending', 'pending', null, null, 'demo-auto'],
      ['troubleshoot', 'supplier', 'pending', 'troubleshooting', null, null, 'demo-supplier'],
      ['process', 'supplier', 'troubleshooting', 'processing', null, '补录发货单', 'demo-supplier'],
      [
        'resolve',
        'supplier',
        'processing',
        'resolved',
        'partiallyResolved',
        '已补录发货记录',
        'demo-supplier',
      ],
      ['close', 'benchmark', 'resolved', 'closed', 'resolved', 'ok', 'demo-auto'],
    ]);
  });

  let second: number;

  it('once closed, a run that still fails raises a new task, which the supplier rejects with a reason', async () => {
    await linkedRun();
    const live = (await page(app.supplier, { side: 'assigned', state: 'pending' })).list;
    expect(live).toHaveLength(1);
    second = live[0]!.id;
    expect(second).not.toBe(taskId);
    expect((await page(app.auto)).total).toBe(2);

    expectError(await act(app.supplier, 'reject', { id: second }), 'COMPANY_TASK_REASON_REQUIRED');
    expectError(
      await act(app.supplier, 'reject', { id: second, comment: '  ' }, 'en'),
      'COMPANY_TASK_REASON_REQUIRED',
      'en',
    );
    const rejected = expectOk(
      await act(app.supplier, 'reject', { id: second, comment: '该批次不是本企业发货' }),
    );
    expect(rejected.task).toMatchObject({ state: 'rejected', result: null });
    expect((await history(app.supplier, second)).at(-1)).toMatchObject({
      action: 'reject',
      comment: '该批次不是本企业发货',
    });
    await expect.poll(async () => (await messagesOf(AUTO_UUID, 'companyTaskAnswered')).length).toBe(2);
    // Still live: a further run attaches to it, and the benchmark ends it.
    await linkedRun();
    expect((await page(app.auto)).total).toBe(2);
    expect(expectOk(await act(app.auto, 'close', { id: second, result: 'notResolved' })).task.state).toBe(
      'closed',
    );
  });

  it('a third enterprise can neither read nor change a task, through any endpoint', async () => {
    expect((await page(third)).total).toBe(0);
    for (const side of ['raised', 'assigned']) expect((await page(third, { side })).total).toBe(0);
    for (const path of ['detail', 'findingPage', 'historyPage'])
      expectError(
        await call(app.app, `/dataChecking/companyTask/${path}`, { token: third, body: { id: taskId } }),
        'NOT_FOUND',
      );
    for (const action of ['troubleshoot', 'process', 'resolve', 'reject', 'close'])
      expectError(await act(third, action, { id: second, result: 'other', comment: 'x' }), 'NOT_FOUND');
    // The rows are untouched.
    const rows = await dbOf(app).select({ state: checkingCompanyTasks.state }).from(checkingCompanyTasks);
    expect(rows.map((r) => r.state)).toEqual(['closed', 'closed']);
  });

  it('a member without the codes is refused; Deal processes, Resolved resolves', async () => {
    // A fresh task to work: reopened by a run once the others are closed.
    await linkedRun();
    const [live] = (await page(app.supplier, { state: 'pending' })).list;
    const id = live!.id;
    const none = await member(app.supplier, SUPPLIER_UUID, []);
    expectError(
      await call(app.app, '/dataChecking/companyTask/page', { token: none, body: {} }),
      'FORBIDDEN',
    );
    for (const path of ['detail', 'findingPage', 'historyPage'])
      expectError(
        await call(app.app, `/dataChecking/companyTask/${path}`, { token: none, body: { id } }),
        'FORBIDDEN',
      );
    const viewer = await member(app.supplier, SUPPLIER_UUID, ['CheckLog']);
    expect((await page(viewer)).total).toBe(3);
    for (const action of ['troubleshoot', 'process', 'resolve', 'reject'])
      expectError(await act(viewer, action, { id, result: 'other', comment: 'x' }), 'FORBIDDEN');
    const dealer = await member(app.supplier, SUPPLIER_UUID, ['CheckLog', 'Deal']);
    expect(expectOk(await act(dealer, 'process', { id })).task.state).toBe('processing');
    expectError(await act(dealer, 'resolve', { id, result: 'resolved' }), 'FORBIDDEN');
    const resolver = await member(app.supplier, SUPPLIER_UUID, ['CheckLog', 'Resolved']);
    expect(expectOk(await act(resolver, 'resolve', { id, result: 'resolved' })).task.state).toBe('resolved');
    // The benchmark's member without Resolved cannot close it.
    const autoViewer = await member(app.auto, AUTO_UUID, ['CheckLog']);
    expectError(await act(autoViewer, 'close', { id, result: 'resolved' }), 'FORBIDDEN');
  });

  it("a run that sees a finding fixed marks the task's line fixed (the supplier's corrected record)", async () => {
    const [live] = (await page(app.auto, { state: 'resolved' })).list;
    const [line] = await dbOf(app)
      .select()
      .from(checkingCompanyTaskFindings)
      .where(eq(checkingCompanyTaskFindings.companyTaskId, live!.id));
    // What run.ts records for a subject that failed before and passes now: outcome pass, state fixed.
    const [me] = await dbOf(app).select({ id: users.id }).from(users).where(eq(users.username, 'demo-auto'));
    const tenant = { enterpriseUuid: AUTO_UUID, userId: me!.id };
    await withTenant(dbOf(app), tenant, (tx) =>
      raiseCompanyTasks(tx, AUTO_UUID, { id: 'run-fixed', userId: me!.id }, [
        {
          enterpriseUuid: AUTO_UUID,
          taskId: 'run-fixed',
          checkId: line!.checkId,
          checkVersion: 1,
          level: line!.level,
          outcome: 'pass',
          state: 'fixed',
          identity: line!.identity,
          subject: line!.subject,
          companyUuid: AUTO_UUID,
          messageZh: line!.messageZh,
          messageEn: line!.messageEn,
          cited: line!.cited,
        },
      ]),
    );
    const d = {
      task: (await detail(app.supplier, live!.id)).task,
      findings: await lines(app.supplier, live!.id),
      history: await history(app.supplier, live!.id),
    };
    expect(d.task).toMatchObject({ openCount: 0, fixedCount: 1, lastRunId: 'run-fixed', state: 'resolved' });
    expect(d.findings.map((f) => f.state)).toEqual(['fixed']);
    expect(d.history.at(-1)).toMatchObject({ action: 'rerun', openCount: 0, fixedCount: 1 });
  });

  it('row-level security: two sides read, a third reads nothing; the supplier cannot touch finding lines or history', async () => {
    const id = async (username: string) =>
      (await dbOf(app).select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
    const as = <T>(enterpriseUuid: string, userId: number, fn: (tx: Db) => Promise<T>) =>
      withTenant(dbOf(app), { enterpriseUuid, userId }, fn);
    const count = (tx: Db) => tx.select({ id: checkingCompanyTasks.id }).from(checkingCompanyTasks);
    expect(await as(MINE_UUID, await id('demo-multi'), count)).toEqual([]);
    const supplierId = await id('demo-supplier');
    expect((await as(SUPPLIER_UUID, supplierId, count)).length).toBe(3);
    expect((await as(AUTO_UUID, await id('demo-auto'), count)).length).toBe(3);
    // The supplier's own write to a finding line changes nothing (the benchmark's run writes them).
    const touched = await as(SUPPLIER_UUID, supplierId, (tx) =>
      tx
        .update(checkingCompanyTaskFindings)
        .set({ state: 'fixed' })
        .returning({ id: checkingCompanyTaskFindings.id }),
    );
    expect(touched).toEqual([]);
    // History is append-only for tenants; a task cannot be raised by the supplier for the benchmark.
    await expect(
      as(SUPPLIER_UUID, supplierId, (tx) => tx.update(checkingCompanyTaskHistory).set({ comment: 'edited' })),
    ).rejects.toThrow();
    await expect(
      as(SUPPLIER_UUID, supplierId, (tx) =>
        tx.insert(checkingCompanyTasks).values({
          enterpriseUuid: AUTO_UUID,
          companyUuid: SUPPLIER_UUID,
          benchmarkName: 'x',
          companyName: 'y',
          firstRunId: 'r',
          lastRunId: 'r',
          maxLevel: 'minor',
        }),
      ),
    ).rejects.toThrow();
  });
});
