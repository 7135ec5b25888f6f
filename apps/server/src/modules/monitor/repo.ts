import { and, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { EXAMINE_STATUS, MONITOR_PAGE, type TMonitorReason, type TMonitorState } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import {
  dailyReports,
  enterpriseUsers,
  enterprises,
  rolePermissions,
  roles,
  userRoles,
} from '../../db/schema.ts';

/* The daily reports table (db/schema/monitor.ts) and the enterprises and members daily monitoring serves. */

export type ReportRow = typeof dailyReports.$inferSelect;

/**
 * Inserts the day's report unless the enterprise has one: the unique (enterprise, day) key decides, so two
 * workers (or a restart) racing for the same day create one report. Null when it existed.
 */
export async function insertReport(
  tx: Db,
  row: Pick<ReportRow, 'enterpriseUuid' | 'reportDate' | 'packageId' | 'packageVersion' | 'packageHash'>,
): Promise<ReportRow | null> {
  const [inserted] = await tx
    .insert(dailyReports)
    .values({ ...row, state: 'notValidated', reason: 'running' })
    .onConflictDoNothing()
    .returning();
  return inserted ?? null;
}

/**
 * The day's report if it is to run again, locked (skipped while another transaction has it): its run never
 * started or failed for one of `reasons`, or its run, at rest, was created before `dayEnd` (it saw part of
 * the day only).
 */
export async function retryableReport(
  tx: Db,
  enterpriseUuid: string,
  reportDate: string,
  reasons: readonly TMonitorReason[],
  dayEnd: Date,
): Promise<ReportRow | null> {
  const [row] = await tx
    .select()
    .from(dailyReports)
    .where(
      and(
        eq(dailyReports.enterpriseUuid, enterpriseUuid),
        eq(dailyReports.reportDate, reportDate),
        or(
          inArray(dailyReports.reason, [...reasons]),
          and(lt(dailyReports.runStartedAt, dayEnd), sql`${dailyReports.reason} is distinct from 'running'`),
        ),
      ),
    )
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function reportByDate(tx: Db, enterpriseUuid: string, reportDate: string) {
  const [row] = await tx
    .select()
    .from(dailyReports)
    .where(and(eq(dailyReports.enterpriseUuid, enterpriseUuid), eq(dailyReports.reportDate, reportDate)))
    .limit(1);
  return row ?? null;
}

export async function reportById(tx: Db, enterpriseUuid: string, id: number) {
  const [row] = await tx
    .select()
    .from(dailyReports)
    .where(and(eq(dailyReports.enterpriseUuid, enterpriseUuid), eq(dailyReports.id, id)))
    .limit(1);
  return row ?? null;
}

export async function reportOfTask(tx: Db, taskId: string) {
  const [row] = await tx.select().from(dailyReports).where(eq(dailyReports.checkingTaskId, taskId)).limit(1);
  return row ?? null;
}

export async function updateReport(
  tx: Db,
  id: number,
  values: Partial<
    Pick<
      ReportRow,
      'state' | 'reason' | 'checkingTaskId' | 'runStartedAt' | 'counts' | 'vinAmount' | 'blockHeight'
    >
  >,
): Promise<ReportRow> {
  const [row] = await tx
    .update(dailyReports)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(dailyReports.id, id))
    .returning();
  return row!;
}

export async function reportPage(
  tx: Db,
  enterpriseUuid: string,
  f: {
    dateFrom?: string | undefined;
    dateTo?: string | undefined;
    state?: TMonitorState | undefined;
    pageNo: number;
    pageSize: number;
  },
): Promise<{ list: ReportRow[]; total: number }> {
  const where: SQL[] = [eq(dailyReports.enterpriseUuid, enterpriseUuid)];
  // YYYY-MM-DD texts compare as the days they name.
  if (f.dateFrom) where.push(gte(dailyReports.reportDate, f.dateFrom));
  if (f.dateTo) where.push(lte(dailyReports.reportDate, f.dateTo));
  if (f.state) where.push(eq(dailyReports.state, f.state));
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(dailyReports)
    .where(and(...where));
  const list = await tx
    .select()
    .from(dailyReports)
    .where(and(...where))
    .orderBy(desc(dailyReports.reportDate))
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize);
  return { list, total: count?.n ?? 0 };
}

/**
 * The enterprises daily monitoring applies to (platform connection): enabled, the page configured for them,
 * with an enabled administrator, whose account the automatic run is created under.
 */
export async function monitoredEnterprises(db: Db) {
  const admin = sql<number | null>`(select ${enterpriseUsers.userId} from ${enterpriseUsers}
    where ${enterpriseUsers.enterpriseUuid} = ${enterprises.uuid} and ${enterpriseUsers.isAdmin}
      and ${enterpriseUsers.examineStatus} = ${EXAMINE_STATUS.approved} and ${enterpriseUsers.status} = 'enabled'
    order by ${enterpriseUsers.id} limit 1)`;
  const rows = await db
    .select({
      uuid: enterprises.uuid,
      role: enterprises.role,
      businessAttribute: enterprises.businessAttribute,
      adminId: admin,
    })
    .from(enterprises)
    .where(
      and(
        eq(enterprises.status, 'enabled'),
        sql`not (${enterprises.unconfiguredCodes} @> ${JSON.stringify([MONITOR_PAGE])}::jsonb)`,
      ),
    )
    .orderBy(enterprises.id);
  return rows.flatMap((r) => (r.adminId === null ? [] : [{ ...r, adminId: Number(r.adminId) }]));
}

/** The members a report's message goes to: those whose enabled roles hold the page, and the administrators. */
export async function responsibleMembers(tx: Db, enterpriseUuid: string): Promise<number[]> {
  const holders = tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(
      and(
        eq(userRoles.enterpriseUuid, enterpriseUuid),
        eq(roles.status, 'enabled'),
        eq(rolePermissions.code, MONITOR_PAGE),
      ),
    );
  const rows = await tx
    .select({ userId: enterpriseUsers.userId })
    .from(enterpriseUsers)
    .where(
      and(
        eq(enterpriseUsers.enterpriseUuid, enterpriseUuid),
        sql`(${enterpriseUsers.isAdmin} or ${enterpriseUsers.userId} in (${holders}))`,
      ),
    );
  return rows.map((r) => r.userId);
}
