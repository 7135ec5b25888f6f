import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TCheckFinding, TDailyReport, TListResponse } from '@tracehub/contract';
import { auditLog, documents } from '../src/db/schema.ts';
import { dayBefore, localDay } from '../src/modules/monitor/service.ts';
import { demoVin } from '../src/seed/demo-supply-chain.ts';
import { AS_AUTO, AUTO_UUID, call, useTestApp } from './support/app.ts';
import { dbOf, expectOk } from './support/helpers.ts';

// The demo's daily monitoring (seed/demo-monitoring.ts): a fresh start with the demo chain shows the
// automaker's last week of daily reports, each made by the monitoring's own run over what was imported
// that day: normal, abnormal with its findings, not validated for a day without data, and a finding fixed.

describe('demo daily reports (SEED_DEMO_MONITORING)', () => {
  const app = useTestApp({ auto: AS_AUTO }, { SEED_DEMO_CHAIN: 'true', SEED_DEMO_MONITORING: 'true' });
  const today = localDay(new Date());
  const day = (daysAgo: number) => dayBefore(today, daysAgo);

  const reports = async () =>
    expectOk(
      await call<TListResponse<TDailyReport>>(app.app, '/dailyMonitor/selectReportPage', {
        token: app.auto,
        body: { pageSize: 20 },
      }),
    ).list;

  it('shows the last week, each day judged by its own run', async () => {
    const list = await reports();
    const byDay = new Map(list.map((r) => [r.date, r]));
    expect([6, 5, 4, 3, 2, 1].map((n) => `${day(n)} ${byDay.get(day(n))?.state}`)).toEqual([
      `${day(6)} normal`,
      `${day(5)} normal`,
      `${day(4)} abnormal`,
      `${day(3)} notValidated`,
      `${day(2)} normal`,
      `${day(1)} normal`,
    ]);
    expect(byDay.get(day(3))!.reason).toBe('noData');
    const abnormal = byDay.get(day(4))!;
    expect(abnormal.counts).toMatchObject({ fatal: 1, minor: 2 });
    expect(abnormal.checkingTaskId).not.toBeNull();
    // The day the vehicle was built fixes the day-before's finding.
    expect(byDay.get(day(2))!.counts.fixed).toBe(1);
    // Each run recorded the package and the ledger block it judged against (a day without data had none).
    const judged = list.filter((r) => r.checkingTaskId !== null);
    expect(judged).toHaveLength(5);
    expect(judged.every((r) => r.packageId === 'standard' && r.blockHeight !== null)).toBe(true);
  });

  it("lists the abnormal day's findings, citing the records imported that day", async () => {
    const report = (await reports()).find((r) => r.date === day(4))!;
    const findings = expectOk(
      await call<TListResponse<TCheckFinding>>(app.app, '/dailyMonitor/selectErrorPage', {
        token: app.auto,
        body: { reportId: report.id, pageSize: 20 },
      }),
    ).list;
    expect(findings.map((f) => `${f.checkId} ${f.cited[0]?.label ?? ''}`).sort()).toEqual([
      'material-unknown RK-XH-005',
      'material-unmapped HX-BAT',
      'vin-without-production XS-A-004',
    ]);
    expect(findings.find((f) => f.checkId === 'vin-without-production')!.message.en).toBe(
      `VIN ${demoVin(4)} has no production record and no parts records`,
    );
  });

  it('dates the week as imported on its days, without edits in the audit log', async () => {
    const [receipt] = await dbOf(app)
      .select()
      .from(documents)
      .where(and(eq(documents.enterpriseUuid, AUTO_UUID), eq(documents.billNo, 'RK-XH-005')));
    expect(localDay(receipt!.createdAt)).toBe(day(4));
    const edits = await dbOf(app)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'documents'), eq(auditLog.action, 'update')));
    expect(edits).toEqual([]);
  });
});
