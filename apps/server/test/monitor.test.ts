import { and, eq, sql } from 'drizzle-orm';
import { demoVin } from '../src/seed/demo-supply-chain.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  renderMessage,
  type TCheckFinding,
  type TCheckPackage,
  type TDailyReport,
  type TListResponse,
  type TMessageItem,
  type TMonitorCheckResult,
} from '@tracehub/contract';
import { checkingTasks, dailyReports, messages, users } from '../src/db/schema.ts';
import { runJobsUntilIdle } from '../src/platform/jobs/worker.ts';
import { dayBefore, dayStart, localDay } from '../src/modules/monitor/service.ts';
import { dueDay, runDailyMonitoring } from '../src/modules/monitor/schedule.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, SUPPLIER_UUID, call, useTestApp } from './support/app.ts';
import { memberWith } from './support/accounts.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { seal } from './support/ledger.ts';

// Daily monitoring (modules/monitor): the scheduler with a fixed clock makes one report per enterprise and
// day however often it runs; a report follows its automatic troubleshooting run (normal, abnormal, not
// validated with its reason); an abnormal one tells the responsible members in both languages; every
// endpoint is the caller's enterprise's only and needs the page's code.

const HOUR = 3_600_000;
const today = localDay(new Date());
/** A local clock time on the day after `day`. */
const nextDayAt = (day: string, hours: number) => new Date(dayStart(day) + 24 * HOUR + hours * HOUR);

const vin = demoVin;

describe('daily monitoring (/dailyMonitor)', () => {
  const app = useTestApp(
    { auto: AS_AUTO, supplier: AS_SUPPLIER },
    { SEED_DEMO_CHAIN: 'true', MONITOR_DAILY_AT: '01:00' },
  );
  let standard: TCheckPackage;

  const run = () => runJobsUntilIdle(app.runtime.deps);
  const page = async (token = app.auto, body: Record<string, unknown> = {}) =>
    expectOk(
      await call<TListResponse<TDailyReport>>(app.app, '/dailyMonitor/selectReportPage', {
        token,
        body: { pageSize: 100, ...body },
      }),
    );
  const detail = (reportId: number, token = app.auto) =>
    call<{ report: TDailyReport }>(app.app, '/dailyMonitor/reportDetail', {
      token,
      body: { reportId },
    });
  const checkPage = (body: Record<string, unknown>, token = app.auto) =>
    call<TListResponse<TMonitorCheckResult>>(app.app, '/dailyMonitor/selectCheckPage', { token, body });
  const errors = (body: Record<string, unknown>, token = app.auto) =>
    call<TListResponse<TCheckFinding>>(app.app, '/dailyMonitor/selectErrorPage', { token, body });
  const runNow = (date: string, token = app.auto, lang: 'zh' | 'en' = 'zh') =>
    call<TDailyReport>(app.app, '/dailyMonitor/runNow', { token, body: { date }, lang });
  /** A member with these codes: its token and account id. */
  const accountWith = async (codes: string[]) => {
    const { token, member } = await memberWith(app, app.auto, AUTO_UUID, codes);
    const [user] = await dbOf(app)
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, member.username));
    return { token, userId: user!.id };
  };
  const reportsOf = (enterpriseUuid: string) =>
    dbOf(app).select().from(dailyReports).where(eq(dailyReports.enterpriseUuid, enterpriseUuid));
  /** Moves a document's import time to noon of `day` (the run's scope is the records imported that day). */
  const importedOn = (billNo: string, day: string) =>
    dbOf(app).execute(
      sql`update documents set created_at = ${new Date(dayStart(day) + 12 * HOUR).toISOString()}::timestamptz
          where enterprise_uuid = ${AUTO_UUID} and bill_no = ${billNo}`,
    );

  beforeAll(async () => {
    await seal(app);
    const packages = expectOk(
      await call<TCheckPackage[]>(app.app, '/dataChecking/packages', { token: app.auto }),
    );
    standard = packages.find((p) => p.id === 'standard')!;
  });

  it('knows which day is due at a clock time', () => {
    expect(dueDay(nextDayAt(today, 0.5), '01:00')).toBe(dayBefore(today));
    expect(dueDay(nextDayAt(today, 1), '01:00')).toBe(today);
    expect(dueDay(nextDayAt(today, 23), '01:00')).toBe(today);
  });

  it('makes one report per enterprise and day, however often and however many workers run it', async () => {
    // Before 01:00 tomorrow, yesterday is due: the demo chain was imported today, so it has no data.
    const early = nextDayAt(today, 0.5);
    const first = await runDailyMonitoring(app.runtime.deps, early);
    expect(first.has(AUTO_UUID) && first.has(SUPPLIER_UUID)).toBe(true);
    // Two workers at once, and a restart: nothing new.
    const [a, b] = await Promise.all([
      runDailyMonitoring(app.runtime.deps, early),
      runDailyMonitoring(app.runtime.deps, early),
    ]);
    const again = await runDailyMonitoring(app.runtime.deps, early);
    for (const made of [a, b, again]) expect(made.get(AUTO_UUID)).toBe(first.get(AUTO_UUID));
    const rows = await reportsOf(AUTO_UUID);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reportDate: dayBefore(today), state: 'notValidated', reason: 'noData' });
    expect(rows[0]!.checkingTaskId).toBeNull();

    // After 01:00 today's imports are due: one automatic run, which judges the clean chain normal.
    const later = nextDayAt(today, 2);
    const made = await runDailyMonitoring(app.runtime.deps, later);
    await runDailyMonitoring(app.runtime.deps, later);
    const running = (await reportsOf(AUTO_UUID)).find((r) => r.reportDate === today)!;
    expect(running).toMatchObject({ id: made.get(AUTO_UUID), state: 'notValidated', reason: 'running' });
    await run();
    const automatic = await dbOf(app)
      .select()
      .from(checkingTasks)
      .where(and(eq(checkingTasks.enterpriseUuid, AUTO_UUID), eq(checkingTasks.source, 'automatic')));
    expect(automatic).toHaveLength(1);
    expect(automatic[0]!.id).toBe(running.checkingTaskId);
    const list = await page();
    expect(list.total).toBe(2);
    const report = list.list[0]!;
    expect(report).toMatchObject({
      date: today,
      state: 'normal',
      reason: null,
      packageId: 'standard',
      packageHash: standard.hash,
      counts: { fatal: 0, urgent: 0, minor: 0 },
    });
    expect(report.blockHeight).not.toBeNull();
    expect(report.vinAmount).toBeGreaterThan(0);
    // The list's filters: a date range and a state.
    expect((await page(app.auto, { dateFrom: today, dateTo: today })).list.map((r) => r.date)).toEqual([
      today,
    ]);
    expect((await page(app.auto, { state: 'notValidated' })).list.map((r) => r.date)).toEqual([
      dayBefore(today),
    ]);
    // A normal day tells no one.
    const told = await dbOf(app).select().from(messages).where(eq(messages.type, 'dailyReportAbnormal'));
    expect(told).toHaveLength(0);
  });

  describe('an abnormal day', () => {
    const day = dayBefore(today, 3);
    let report: TDailyReport;
    let holder: { token: string; userId: number };
    let other: { token: string; userId: number };

    beforeAll(async () => {
      holder = await accountWith(['Workbench', 'DailyReport', 'MessageList']);
      other = await accountWith(['Workbench', 'MessageList']);
      // vin-without-production: a vehicle sold that was never built, imported three days ago.
      expectOk(
        await call(app.app, '/internalA/A1-1/add', {
          token: app.auto,
          body: {
            billNo: 'XS-MON-001',
            bizTime: dayStart(day) + 10 * HOUR,
            vinSn: vin(97),
            itemCode: 'XH-EV7',
          },
        }),
      );
      await importedOn('XS-MON-001', day);
      await seal(app);
      const created = expectOk(await runNow(day));
      expect(created).toMatchObject({ date: day, state: 'notValidated', reason: 'running' });
      await run();
      report = expectOk(await detail(created.id)).report;
    });

    it('is abnormal, with counts by level and each check of its run', async () => {
      expect(report.state).toBe('abnormal');
      expect(report.counts.fatal + report.counts.urgent + report.counts.minor).toBeGreaterThan(0);
      const { list: checks, total } = expectOk(await checkPage({ reportId: report.id, pageSize: 100 }));
      const vinCheck = checks.find((c) => c.checkId === 'vin-without-production')!;
      expect(vinCheck).toMatchObject({
        abnormal: 1,
        kind: 'vin',
        kindName: { zh: 'VIN记录', en: 'VIN records' },
      });
      expect(vinCheck.name.en.length).toBeGreaterThan(0);
      // An internal run skips the checks that need suppliers' data: 99 of the package's 100.
      expect(checks.map((c) => c.checkId)).not.toContain('receipt-not-shipped');
      expect(total).toBe(99);
      // Paged, and filtered to the checks with abnormal records, or by level, or to one check.
      expect(expectOk(await checkPage({ reportId: report.id, pageSize: 10, pageNo: 2 })).list).toHaveLength(
        10,
      );
      const abnormal = expectOk(
        await checkPage({ reportId: report.id, abnormal: 'yes', pageSize: 100 }),
      ).list;
      expect(abnormal.length).toBeGreaterThan(0);
      expect(abnormal.every((c) => c.abnormal + c.unknown > 0)).toBe(true);
      const fatal = expectOk(await checkPage({ reportId: report.id, level: 'fatal', pageSize: 100 })).list;
      expect(fatal.every((c) => c.level === 'fatal')).toBe(true);
      expect(
        expectOk(await checkPage({ reportId: report.id, checkId: 'vin-without-production' })).list,
      ).toHaveLength(1);
    });

    it("lists the report's abnormal records, or one check's, with the records they cite", async () => {
      const all = expectOk(await errors({ reportId: report.id, pageSize: 100 })).list;
      expect(all.length).toBeGreaterThan(0);
      expect(all.every((f) => f.outcome === 'fail' || f.outcome === 'unknown')).toBe(true);
      const one = expectOk(await errors({ reportId: report.id, checkId: 'vin-without-production' })).list;
      expect(one).toHaveLength(1);
      expect(one[0]!.subject).toContain(vin(97));
      expect(one[0]!.cited.map((c) => c.label)).toContain('XS-MON-001');
    });

    it('tells the members holding the page and the administrators, in zh and en, linking to the report', async () => {
      const rows = await dbOf(app)
        .select()
        .from(messages)
        .where(and(eq(messages.enterpriseUuid, AUTO_UUID), eq(messages.type, 'dailyReportAbnormal')));
      const recipients = rows.map((r) => r.recipientId);
      expect(recipients).toContain(holder.userId);
      expect(recipients).not.toContain(other.userId);
      expect(rows.length).toBeGreaterThanOrEqual(2); // the holder and the administrator
      // The automatic run itself sends no generic "task finished".
      const generic = await dbOf(app)
        .select()
        .from(messages)
        .where(and(eq(messages.enterpriseUuid, AUTO_UUID), eq(messages.type, 'taskFinished')));
      expect(generic).toHaveLength(0);
      const inbox = expectOk(
        await call<TListResponse<TMessageItem>>(app.app, '/messageInfo/messagePageList', {
          token: holder.token,
          body: {},
        }),
      ).list;
      const message = inbox.find((m) => m.type === 'dailyReportAbnormal')!;
      expect(message.link).toBe(`/dailyMonitor/reportDetail?reportId=${report.id}`);
      const zh = renderMessage(message.type, message.params, 'zh');
      const en = renderMessage(message.type, message.params, 'en');
      expect(zh.title).toBe(`${day} 监控日报异常`);
      expect(en.title).toBe(`Daily report of ${day} is abnormal`);
      expect(zh.body).toContain(`致命 ${report.counts.fatal} 条`);
      expect(en.body).toContain(`${report.counts.fatal} fatal`);
    });

    it("is another enterprise's to neither read nor trigger, endpoint by endpoint", async () => {
      expect((await page(app.supplier)).list.every((r) => r.id !== report.id)).toBe(true);
      expectError(await detail(report.id, app.supplier), 'NOT_FOUND');
      expectError(await checkPage({ reportId: report.id }, app.supplier), 'NOT_FOUND');
      expectError(await errors({ reportId: report.id }, app.supplier), 'NOT_FOUND');
      // runNow names no enterprise: the supplier's run of the day is its own report, the automaker's unmoved.
      const before = (await reportsOf(AUTO_UUID)).find((r) => r.reportDate === day)!;
      const theirs = expectOk(await runNow(day, app.supplier));
      expect(theirs.id).not.toBe(report.id);
      expect((await reportsOf(SUPPLIER_UUID)).map((r) => r.id)).toContain(theirs.id);
      expect((await reportsOf(AUTO_UUID)).find((r) => r.reportDate === day)).toEqual(before);
      await run();
    });

    it('refuses a member without the page, on every endpoint', async () => {
      expectError(
        await call(app.app, '/dailyMonitor/selectReportPage', { token: other.token, body: {} }),
        'FORBIDDEN',
      );
      expectError(await detail(report.id, other.token), 'FORBIDDEN');
      expectError(await checkPage({ reportId: report.id }, other.token), 'FORBIDDEN');
      expectError(await errors({ reportId: report.id }, other.token), 'FORBIDDEN');
      expectError(await runNow(day, other.token), 'FORBIDDEN');
      // The holder reads it.
      expect(expectOk(await detail(report.id, holder.token)).report.id).toBe(report.id);
    });
  });

  it('waits while another troubleshooting task runs, and is tried again once it is over', async () => {
    const day = dayBefore(today, 5);
    expectOk(
      await call(app.app, '/internalA/A1-1/add', {
        token: app.auto,
        body: {
          billNo: 'XS-MON-002',
          bizTime: dayStart(day) + 10 * HOUR,
          vinSn: vin(96),
          itemCode: 'XH-EV7',
        },
      }),
    );
    await importedOn('XS-MON-002', day);
    // A manual task, queued and not yet run.
    expectOk(
      await call(app.app, '/dataChecking/createTask', {
        token: app.auto,
        body: {
          taskType: 'internal',
          dimension: 'time',
          timeBasis: 'import',
          from: dayStart(today),
          to: dayStart(today),
          maxAmount: 100,
          packageId: 'standard',
          checkIds: standard.checkIds,
        },
      }),
    );
    const busy = await runDailyMonitoring(app.runtime.deps, nextDayAt(day, 2));
    const row = (await reportsOf(AUTO_UUID)).find((r) => r.id === busy.get(AUTO_UUID))!;
    expect(row).toMatchObject({
      reportDate: day,
      state: 'notValidated',
      reason: 'busy',
      checkingTaskId: null,
    });
    expect(expectOk(await detail(row.id)).report.reason).toBe('busy');
    await run();
    const retried = await runDailyMonitoring(app.runtime.deps, nextDayAt(day, 3));
    expect(retried.get(AUTO_UUID)).toBe(row.id);
    await run();
    const done = expectOk(await detail(row.id)).report;
    expect(done.state).toBe('abnormal');
    expect(done.checkingTaskId).not.toBeNull();
  });

  it('runs a day again once it is due when its run saw only part of it', async () => {
    const day = dayBefore(today, 7);
    const first = expectOk(await runNow(day));
    await run();
    // As if that run had been made during the day (an on-demand run of "today").
    await dbOf(app)
      .update(dailyReports)
      .set({ runStartedAt: new Date(dayStart(day) + 15 * HOUR) })
      .where(eq(dailyReports.id, first.id));
    await runDailyMonitoring(app.runtime.deps, nextDayAt(day, 2));
    const again = (await reportsOf(AUTO_UUID)).find((r) => r.id === first.id)!;
    expect(again.reason === 'running' || again.reason === 'noData').toBe(true);
    expect(again.runStartedAt?.getTime()).toBe(nextDayAt(day, 2).getTime());
    // Once is enough: the run of the whole day is not repeated.
    await runDailyMonitoring(app.runtime.deps, nextDayAt(day, 3));
    expect((await reportsOf(AUTO_UUID)).find((r) => r.id === first.id)).toEqual(again);
    await run();
  });

  it('refuses a day to come, in zh and en', async () => {
    const tomorrow = localDay(nextDayAt(today, 12));
    expectError(await runNow(tomorrow, app.auto, 'zh'), 'MONITOR_DATE_IN_FUTURE', 'zh');
    expectError(await runNow(tomorrow, app.auto, 'en'), 'MONITOR_DATE_IN_FUTURE', 'en');
    const bad = await runNow('2026-02-30');
    expect(bad.status).toBe(400);
  });
});
