import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERRORS, type TImportRecord, type TListResponse, type TTask } from '@tracehub/contract';
import { jobs, projectCodes, tasks } from '../src/db/schema.ts';
import { importChunkRows } from '../src/platform/imports/job.ts';
import { runJobsUntilIdle } from '../src/platform/jobs/worker.ts';
import { onTaskSettled, taskTransaction, type TaskRow } from '../src/platform/tasks/kit.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, call, useTestApp } from './support/app.ts';
import { memberWithExactCodes } from './support/accounts.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { download, importFile, importRecord, sheetRows, xlsxOf, type Cell } from './support/workbooks.ts';

// The task kit (platform/tasks) through its first kind, imports: statuses and transitions, resuming after
// a crash, the result file, the listener in the status change's transaction, tenancy and page codes.

const IMPORT = '/project/importExcel';
const HEADER = ['项目编号', '备注'];

describe('background tasks (platform/tasks)', () => {
  const t = useTestApp({ admin: AS_AUTO, supplier: AS_SUPPLIER });

  const rows = (prefix: string, n: number): Cell[][] => [
    HEADER,
    ...Array.from({ length: n }, (_, i) => [`${prefix}-${i + 1}`, '']),
  ];
  /** Uploads a project workbook: the import's id is its task's. */
  const upload = async (content: Buffer, token = t.admin) =>
    expectOk(await importFile(t.app, IMPORT, { token, fileName: 'tasks.xlsx', content })).id;
  const task = (id: string, token = t.admin) => call<TTask>(t.app, `/task/${id}`, { token, method: 'GET' });
  const act = (action: 'retry' | 'cancel' | 'withdraw', id: string, token = t.admin, lang?: 'zh' | 'en') =>
    call<TTask>(t.app, `/task/${action}`, { token, body: { id }, ...(lang ? { lang } : {}) });
  const list = (body: Record<string, unknown>, token = t.admin) =>
    call<TListResponse<TTask>>(t.app, '/task/page', { token, body });
  const row = async (id: string) => (await dbOf(t).select().from(tasks).where(eq(tasks.id, id)))[0]!;
  const jobOf = (id: string) => sql`${jobs.payload}->>'taskId' = ${id}`;
  const written = async (prefix: string) =>
    (
      await dbOf(t)
        .select({ n: sql<number>`count(*)::int` })
        .from(projectCodes)
        .where(sql`${projectCodes.code} like ${`${prefix}-%`}`)
    )[0]!.n;
  /** A member of the automaker with exactly these codes (given in the database, as permissions.test does). */
  const member = (codes: string[], dataScope: 'company' | 'account' = 'company') =>
    memberWithExactCodes(t, t.admin, AUTO_UUID, codes, { dataScope });

  it('runs an import as a task: pending, then completed with its progress, listed on its page', async () => {
    const id = await upload(await xlsxOf(rows('TASK-OK', 3)));
    expect(expectOk(await task(id))).toMatchObject({
      id,
      kind: 'import',
      page: 'Project',
      status: 'pending',
      progress: { done: 0, total: 0 },
      reason: null,
      hasResult: false,
      operator: 'demo-auto',
      mine: true,
      startedAt: null,
    });
    await runJobsUntilIdle(t.runtime.deps);
    const done = expectOk(await task(id));
    expect(done).toMatchObject({ status: 'completed', progress: { done: 3, total: 3 }, hasResult: false });
    expect(done.startedAt).not.toBeNull();
    expect(done.finishedAt).toBeGreaterThanOrEqual(done.startedAt!);
    const page = expectOk(await list({ page: 'Project' }));
    expect(page.list.map((x) => x.id)).toContain(id);
    expect(expectOk(await list({ page: 'Project', status: 'pending' })).list.map((x) => x.id)).not.toContain(
      id,
    );
    // The import's own view follows its task.
    expect(await importRecord(t.app, t.admin, id)).toMatchObject({ status: 'completed', successNum: 3 });
  });

  it('fails with a bilingual catalogue reason; retries only a failed or suspended task', async () => {
    const id = await upload(await xlsxOf([['?'], ['x']]));
    // Nothing to retry yet.
    expectError(await act('retry', id), 'TASK_STATE_INVALID');
    await runJobsUntilIdle(t.runtime.deps);
    const failed = expectOk(await task(id));
    expect(failed).toMatchObject({
      status: 'failed',
      reason: {
        code: ERRORS.IMPORT_HEADER_MISMATCH.code,
        zh: ERRORS.IMPORT_HEADER_MISMATCH.zh,
        en: ERRORS.IMPORT_HEADER_MISMATCH.en,
      },
    });
    expectError(await act('withdraw', id), 'TASK_STATE_INVALID');
    // failed -> pending again, with a new run; its import is queued again.
    expect(expectOk(await act('retry', id))).toMatchObject({
      status: 'pending',
      reason: null,
      finishedAt: null,
    });
    expect(await importRecord(t.app, t.admin, id)).toMatchObject({ status: 'queued', errorCode: null });
    expect(await dbOf(t).select().from(jobs).where(jobOf(id))).toHaveLength(2);
    expect(await runJobsUntilIdle(t.runtime.deps)).toBe(1);
    expect(expectOk(await task(id)).status).toBe('failed');
    // A suspended task is retried the same way.
    await dbOf(t).update(tasks).set({ status: 'suspended' }).where(eq(tasks.id, id));
    expect(expectOk(await act('retry', id)).status).toBe('pending');
    await runJobsUntilIdle(t.runtime.deps);
    // A completed one is not retried, nor cancelled.
    const ok = await upload(await xlsxOf(rows('TASK-DONE', 1)));
    await runJobsUntilIdle(t.runtime.deps);
    for (const lang of ['zh', 'en'] as const) {
      expectError(await act('retry', ok, t.admin, lang), 'TASK_STATE_INVALID', lang);
      expectError(await act('cancel', ok, t.admin, lang), 'TASK_STATE_INVALID', lang);
    }
  });

  it('cancels for good: a cancelled task never resumes, and a running one stops at its next checkpoint', async () => {
    // Cancelled before it started: its run does nothing.
    const pending = await upload(await xlsxOf(rows('CANCEL-PENDING', 2)));
    expect(expectOk(await act('cancel', pending))).toMatchObject({
      status: 'cancelled',
      reason: { code: ERRORS.TASK_CANCELLED.code },
    });
    expect(await runJobsUntilIdle(t.runtime.deps)).toBe(1);
    expect(await written('CANCEL-PENDING')).toBe(0);
    expectError(await act('retry', pending), 'TASK_STATE_INVALID');
    expectError(await act('cancel', pending), 'TASK_STATE_INVALID');
    expect(await importRecord(t.app, t.admin, pending)).toMatchObject({
      status: 'failed',
      errorCode: ERRORS.TASK_CANCELLED.code,
    });

    // Underway: the worker stops after the first chunk (as at a shutdown), the task is cancelled, and the
    // resumed run stops at its first checkpoint, writing nothing more.
    const running = await upload(await xlsxOf(rows('CANCEL-RUNNING', 1200)));
    let asked = 0;
    await runJobsUntilIdle(t.runtime.deps, { stopping: () => ++asked > 2 });
    const chunk = importChunkRows(t.runtime.deps.dbKind);
    expect(expectOk(await task(running))).toMatchObject({ status: 'underway', progress: { done: chunk } });
    expect(expectOk(await act('cancel', running)).status).toBe('cancelled');
    expect(await runJobsUntilIdle(t.runtime.deps)).toBe(1);
    expect(await written('CANCEL-RUNNING')).toBe(chunk);
    expect(expectOk(await task(running))).toMatchObject({ status: 'cancelled', progress: { done: chunk } });
    expect((await dbOf(t).select().from(jobs).where(jobOf(running)))[0]).toMatchObject({ status: 'done' });
  });

  it('lets only the creator withdraw a task that has not started', async () => {
    const colleague = await member(['Project', 'Project:BatchUpload']);
    const id = await upload(await xlsxOf(rows('WITHDRAW', 1)));
    for (const lang of ['zh', 'en'] as const)
      expectError(await act('withdraw', id, colleague, lang), 'TASK_NOT_CREATOR', lang);
    expect(expectOk(await act('withdraw', id))).toMatchObject({
      status: 'withdrawn',
      reason: { code: ERRORS.TASK_WITHDRAWN.code },
    });
    await runJobsUntilIdle(t.runtime.deps);
    expect(await written('WITHDRAW')).toBe(0);
    expectError(await act('retry', id), 'TASK_STATE_INVALID');
    // Once started, it can no longer be withdrawn (only cancelled).
    const started = await upload(await xlsxOf(rows('WITHDRAW-LATE', 1200)));
    let asked = 0;
    await runJobsUntilIdle(t.runtime.deps, { stopping: () => ++asked > 2 });
    expectError(await act('withdraw', started), 'TASK_STATE_INVALID');
    await runJobsUntilIdle(t.runtime.deps);
  });

  it('resumes a task whose worker died from its last checkpoint, once its lease has expired', async () => {
    const id = await upload(await xlsxOf(rows('CRASH', 1200)));
    let asked = 0;
    await runJobsUntilIdle(t.runtime.deps, { stopping: () => ++asked > 2 });
    const chunk = importChunkRows(t.runtime.deps.dbKind);
    // As a process that claimed the run and died would leave it: running, its lease fresh, then expired.
    await dbOf(t).update(jobs).set({ status: 'running', attempts: 1, lockedAt: new Date() }).where(jobOf(id));
    expect(await runJobsUntilIdle(t.runtime.deps)).toBe(0);
    expect(expectOk(await task(id))).toMatchObject({ status: 'underway', progress: { done: chunk } });
    await dbOf(t)
      .update(jobs)
      .set({ lockedAt: new Date(Date.now() - t.runtime.deps.config.JOB_LEASE_MS - 1000) })
      .where(jobOf(id));
    expect(await runJobsUntilIdle(t.runtime.deps)).toBe(1);
    expect(expectOk(await task(id))).toMatchObject({
      status: 'completed',
      progress: { done: 1200, total: 1200 },
    });
    expect(await written('CRASH')).toBe(1200);
    expect(await importRecord(t.app, t.admin, id)).toMatchObject({
      processed: 1200,
      successNum: 1200,
      existNum: 0,
    });
    expect((await dbOf(t).select().from(jobs).where(jobOf(id)))[0]).toMatchObject({
      status: 'done',
      attempts: 2,
    });
  });

  it('fails a task whose runs kept dying with the kind reason', async () => {
    const id = await upload(await xlsxOf(rows('DOOMED', 1)));
    await dbOf(t)
      .update(jobs)
      .set({ status: 'running', attempts: 3, lockedAt: new Date(Date.now() - 3_600_000) })
      .where(jobOf(id));
    expect(await runJobsUntilIdle(t.runtime.deps)).toBe(1);
    expect(expectOk(await task(id))).toMatchObject({
      status: 'failed',
      reason: { code: ERRORS.IMPORT_GAVE_UP.code },
    });
  });

  it('stores the result file and downloads it', async () => {
    const id = await upload(
      await xlsxOf([HEADER, ['RESULT-1', 'fine'], ['', 'no code'], ['RESULT-2', 'n'.repeat(101)]]),
    );
    await runJobsUntilIdle(t.runtime.deps);
    const done = expectOk(await task(id));
    expect(done).toMatchObject({
      status: 'completed',
      hasResult: true,
      resultName: '项目编号 错误日志.xlsx',
    });
    const file = await download(t.app, `/task/${id}/result`, { token: t.admin });
    expect(file.status).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain('attachment');
    const sheet = await sheetRows(file.raw);
    expect(sheet.slice(1).map((r) => r[1] ?? '')).toEqual(['', 'RESULT-2']);
    // The import's error log is the same file.
    const log = await download(t.app, `/import/records/${id}/errorLog`, { token: t.admin });
    expect(Buffer.compare(log.raw, file.raw)).toBe(0);
    // A task without a result has none to download.
    const clean = await upload(await xlsxOf(rows('RESULT-CLEAN', 1)));
    await runJobsUntilIdle(t.runtime.deps);
    expectError((await download(t.app, `/task/${clean}/result`, { token: t.admin })).res, 'NOT_FOUND');
  });

  it("keeps another enterprise's task from being read, listed, retried, cancelled or withdrawn", async () => {
    const id = await upload(await xlsxOf([['?'], ['x']]));
    const pending = await upload(await xlsxOf(rows('CROSS', 1)));
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await call(t.app, `/task/${id}`, { token: t.supplier, method: 'GET', lang }),
        'NOT_FOUND',
        lang,
      );
      for (const action of ['retry', 'cancel', 'withdraw'] as const)
        expectError(await act(action, pending, t.supplier, lang), 'NOT_FOUND', lang);
      expectError(
        (await download(t.app, `/task/${id}/result`, { token: t.supplier, lang })).res,
        'NOT_FOUND',
        lang,
      );
    }
    expect(expectOk(await list({ page: 'Project' }, t.supplier)).list.map((x) => x.id)).not.toContain(id);
    expect((await row(pending)).status).toBe('pending');
    await runJobsUntilIdle(t.runtime.deps);
    expect(expectOk(await act('retry', id))).toMatchObject({ status: 'pending' });
    await runJobsUntilIdle(t.runtime.deps);
  });

  it("refuses a member without the page's codes, and keeps others' tasks from an 'account' data permission", async () => {
    const id = await upload(await xlsxOf([['?'], ['x']]));
    await runJobsUntilIdle(t.runtime.deps);
    const workbench = await member(['Workbench']);
    const otherPage = await member(['Product', 'Product:ViewUploadRecords', 'Product:BatchUpload']);
    for (const token of [workbench, otherPage]) {
      for (const lang of ['zh', 'en'] as const) {
        expectError(await call(t.app, `/task/${id}`, { token, method: 'GET', lang }), 'FORBIDDEN', lang);
        expectError(await act('retry', id, token, lang), 'FORBIDDEN', lang);
        expectError(
          await call(t.app, '/task/page', { token, lang, body: { page: 'Project' } }),
          'FORBIDDEN',
          lang,
        );
      }
    }
    // The upload records' viewer sees the task, but acting on it takes BatchUpload.
    const viewer = await member(['Project', 'Project:ViewUploadRecords']);
    expect(expectOk(await task(id, viewer))).toMatchObject({ id, mine: false });
    expectError(await act('retry', id, viewer), 'FORBIDDEN');
    expectError(await act('cancel', id, viewer), 'FORBIDDEN');
    // With the 'account' data permission only its own tasks.
    const own = await member(['Project', 'Project:BatchUpload'], 'account');
    expectError(await task(id, own), 'NOT_FOUND');
    expectError(await act('retry', id, own), 'NOT_FOUND');
    const mine = await upload(await xlsxOf(rows('OWN-TASK', 1)), own);
    const listed = expectOk(await list({ page: 'Project' }, own)).list.map((x) => x.id);
    expect(listed).toContain(mine);
    expect(listed).not.toContain(id);
    await runJobsUntilIdle(t.runtime.deps);
  });

  it('runs onTaskSettled in the transaction of the status change: a listener that throws rolls it back', async () => {
    const seen: TaskRow[] = [];
    const failing = new Set<string>();
    const remove = onTaskSettled(async (tx, settled) => {
      // The listener's reads see the change it is called for: the same transaction.
      const [now] = await tx.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, settled.id));
      expect(now!.status).toBe(settled.status);
      seen.push(settled);
      if (failing.has(settled.id)) throw new Error('listener refuses');
    });
    try {
      const id = await upload(await xlsxOf(rows('LISTENER', 1)));
      failing.add(id);
      expectError(await act('cancel', id), 'INTERNAL');
      expect((await row(id)).status).toBe('pending');
      expect(await importRecord(t.app, t.admin, id)).toMatchObject({ status: 'queued' });
      failing.delete(id);
      // The worker's completion runs it too, in the transaction that completes the task.
      await runJobsUntilIdle(t.runtime.deps);
      expect(seen.filter((s) => s.id === id).map((s) => s.status)).toEqual(['cancelled', 'completed']);
      expect(expectOk(await task(id)).status).toBe('completed');
      const record: TImportRecord = await importRecord(t.app, t.admin, id);
      expect(record.status).toBe('completed');
    } finally {
      remove();
    }
  });

  it("shows a run's progress while its transaction is open, on the embedded database too", async () => {
    // A task underway, and a run holding one transaction of its enterprise across four steps of 150 ms.
    const id = await upload(await xlsxOf(rows('TASK-TX', 1)));
    await dbOf(t).update(tasks).set({ status: 'underway' }).where(eq(tasks.id, id));
    const readings: { done: number; status: string }[] = [];
    let running = true;
    const poll = (async () => {
      while (running) {
        const seen = expectOk(await task(id));
        readings.push({ done: seen.progress.done, status: seen.status });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const wrote = await taskTransaction(
      t.runtime.deps,
      { enterpriseUuid: AUTO_UUID, userId: (await row(id)).createdBy },
      async (run) => {
        for (let done = 1; done <= 8; done++) {
          // 150 ms of statements in the transaction, as a check runs them (no pause of its own between).
          const until = Date.now() + 150;
          while (Date.now() < until) await run.tx.execute(sql`select 1`);
          await run.step({ done, total: 8, phase: 'checking' });
        }
        await run.tx
          .insert(projectCodes)
          .values({ enterpriseUuid: AUTO_UUID, code: 'TASK-TX-RESULT', createdBy: 1 });
        return 'written';
      },
      {
        store: (db, update) =>
          db
            .update(tasks)
            .set({ progressDone: update.done, progressTotal: update.total })
            .where(eq(tasks.id, id))
            .then(() => undefined),
        renew: async () => undefined,
      },
    );
    running = false;
    await poll;
    expect(wrote).toBe('written');
    const [result] = await dbOf(t).select().from(projectCodes).where(eq(projectCodes.code, 'TASK-TX-RESULT'));
    expect(result).toBeDefined();
    // Answered while the run went on (its last step stores 8 before it ends): progress between its ends.
    const midway = readings.filter((r) => r.done > 0 && r.done < 8);
    expect(midway.length).toBeGreaterThan(0);
    expect(midway.every((r) => r.status === 'underway')).toBe(true);
    await dbOf(t).delete(projectCodes).where(eq(projectCodes.code, 'TASK-TX-RESULT'));
  });

  it('rolls back a run whose transaction fails, what its steps wrote on PostgreSQL too', async () => {
    const id = await upload(await xlsxOf(rows('TASK-TX2', 1)));
    const userId = (await row(id)).createdBy;
    await expect(
      taskTransaction(
        t.runtime.deps,
        { enterpriseUuid: AUTO_UUID, userId },
        async (run) => {
          await run.tx
            .insert(projectCodes)
            .values({ enterpriseUuid: AUTO_UUID, code: 'TASK-TX2-LAST', createdBy: userId });
          throw new Error('the run failed');
        },
        { store: async () => undefined, renew: async () => undefined },
      ),
    ).rejects.toThrow('the run failed');
    expect(await dbOf(t).select().from(projectCodes).where(eq(projectCodes.code, 'TASK-TX2-LAST'))).toEqual(
      [],
    );
  });
});
