import {
  CHECK_LIMITS,
  enterpriseKind,
  type TCheckCounts,
  type TCheckFinding,
  type TCheckLevel,
  type TCheckScope,
  type TDailyReport,
  type TListRequestBase,
  type TMonitorCheckResult,
  type TMonitorReason,
  type TMonitorState,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  RULE_PACKAGES,
  checkById,
  createTask,
  findingsPage,
  findingsWhere,
  isMandatory,
  kindOf,
  ownEnterprise,
  resultsByCheck,
  rulePackage,
  toFinding,
  type RulePackage,
} from '../checking/public.ts';
import {
  insertReport,
  reportById,
  reportByDate,
  reportPage,
  retryableReport,
  updateReport,
  type ReportRow,
} from './repo.ts';

/*
 * Daily monitoring (contract monitor.ts): a day's report and the automatic troubleshooting run behind it,
 * created once per enterprise and day; the reports, their per-check results and their abnormal records.
 */

const EMPTY_COUNTS: TCheckCounts = { fatal: 0, urgent: 0, minor: 0, unknown: 0, pass: 0, fixed: 0 };

/** The local calendar day of `at`, YYYY-MM-DD (days are the server's local days). */
export function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The instant a local day starts. */
export function dayStart(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).getTime();
}

/** The day after `day`. */
export const dayAfter = (day: string): string => dayBefore(day, -1);

/** The day `days` before `day` (calendar arithmetic, so DST changes do not shift it). */
export function dayBefore(day: string, days = 1): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return localDay(new Date(y, m - 1, d - days));
}

/**
 * The enterprise's default package: the one its kind must run (manufacturing and trading companies, and
 * automakers: the standard package, whose partner-risk check applies the enabled risk rules); a source
 * company, which must run none, the source package.
 */
function defaultPackage(kind: ReturnType<typeof enterpriseKind>): RulePackage {
  return RULE_PACKAGES.find((p) => isMandatory(p, kind)) ?? rulePackage('source') ?? RULE_PACKAGES[0]!;
}

/** The automatic run's scope: the records imported that day, every check of the package. */
function dayScope(day: string, pkg: RulePackage): TCheckScope {
  const from = dayStart(day);
  return {
    taskType: 'internal',
    dimension: 'time',
    supplierIds: [],
    vins: [],
    timeBasis: 'import',
    from,
    to: from,
    maxAmount: CHECK_LIMITS.maxAmount,
    packageId: pkg.id,
    checkIds: [...pkg.checkIds],
  };
}

/**
 * Makes the enterprise's report of `day` in the tenant transaction `tx`, and its run: once. A report that
 * exists is run again only when its run could not start for one of `retry`'s reasons, or when it ran before
 * the day was over (`now` is the clock: tests fix it). The caller wakes the task workers once `tx` has
 * committed.
 */
export async function ensureReport(
  tx: Db,
  tenant: TenantContext,
  day: string,
  now: Date,
  retry: readonly TMonitorReason[] = ['busy'],
): Promise<ReportRow> {
  const own = await ownEnterprise(tx, tenant.enterpriseUuid);
  const pkg = defaultPackage(own ? enterpriseKind(own.role, own.businessAttribute) : null);
  const row =
    (await insertReport(tx, {
      enterpriseUuid: tenant.enterpriseUuid,
      reportDate: day,
      packageId: pkg.id,
      packageVersion: pkg.version,
      packageHash: pkg.hash,
    })) ?? (await retryableReport(tx, tenant.enterpriseUuid, day, retry, new Date(dayStart(dayAfter(day)))));
  if (!row) return (await reportByDate(tx, tenant.enterpriseUuid, day))!;
  try {
    const task = await createTask(tx, tenant, dayScope(day, pkg), 'automatic');
    return await updateReport(tx, row.id, {
      checkingTaskId: task.id,
      runStartedAt: now,
      state: 'notValidated',
      reason: 'running',
    });
  } catch (err) {
    // Nothing was written by a refused creation: the report says why and stays not validated.
    if (err instanceof AppError && err.key === 'CHECK_TASK_RUNNING')
      return updateReport(tx, row.id, { reason: 'busy', runStartedAt: now });
    if (err instanceof AppError && err.key === 'CHECK_NO_PENDING_VIN')
      return updateReport(tx, row.id, { reason: 'noData', runStartedAt: now });
    throw err;
  }
}

/**
 * On-demand run of a day (today or earlier). A report whose run was busy or failed is tried again, and so is
 * today's (the day is not over: its new records are checked too).
 */
export async function runNow(tx: Db, tenant: TenantContext, day: string): Promise<TDailyReport> {
  const now = new Date();
  if (day > localDay(now)) throw new AppError('MONITOR_DATE_IN_FUTURE');
  return present(await ensureReport(tx, tenant, day, now, ['busy', 'failed']));
}

/** The state a finished run gives its report: abnormal with any failing record, else normal. */
export function stateOf(counts: TCheckCounts): TMonitorState {
  return counts.fatal + counts.urgent + counts.minor > 0 ? 'abnormal' : 'normal';
}

export const present = (r: ReportRow): TDailyReport => ({
  id: r.id,
  date: r.reportDate,
  state: r.state,
  reason: r.reason,
  checkingTaskId: r.checkingTaskId,
  packageId: r.packageId,
  packageVersion: r.packageVersion,
  packageHash: r.packageHash,
  blockHeight: r.blockHeight,
  counts: { ...EMPTY_COUNTS, ...(r.counts ?? {}) },
  vinAmount: r.vinAmount,
  createdAt: r.createdAt.getTime(),
  updatedAt: r.updatedAt.getTime(),
});

export async function page(
  tx: Db,
  tenant: TenantContext,
  input: TListRequestBase & {
    dateFrom?: string | undefined;
    dateTo?: string | undefined;
    state?: TMonitorState | undefined;
  },
): Promise<{ list: TDailyReport[]; total: number }> {
  const res = await reportPage(tx, tenant.enterpriseUuid, input);
  return { list: res.list.map(present), total: res.total };
}

async function ownReport(tx: Db, tenant: TenantContext, id: number): Promise<ReportRow> {
  const row = await reportById(tx, tenant.enterpriseUuid, id);
  // Another enterprise's report is unknown, as any other id.
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function detail(tx: Db, tenant: TenantContext, id: number): Promise<{ report: TDailyReport }> {
  return { report: present(await ownReport(tx, tenant, id)) };
}

/**
 * The report's checks (every check of its package an internal run applies) with their results, in the
 * package's order; at most 100 a package, filtered and paged here.
 */
export async function checkPage(
  tx: Db,
  tenant: TenantContext,
  input: TListRequestBase & {
    reportId: number;
    level?: TCheckLevel | undefined;
    checkId?: string | undefined;
    abnormal?: 'yes' | undefined;
  },
): Promise<{ list: TMonitorCheckResult[]; total: number }> {
  const row = await ownReport(tx, tenant, input.reportId);
  const results = row.checkingTaskId
    ? await resultsByCheck(tx, tenant.enterpriseUuid, row.checkingTaskId)
    : new Map<string, { passed: number; abnormal: number; unknown: number }>();
  const all = (rulePackage(row.packageId)?.checkIds ?? []).flatMap((checkId): TMonitorCheckResult[] => {
    const c = checkById(checkId);
    const kind = kindOf(checkId);
    // An internal run skips the checks that need suppliers' data.
    if (!c || !kind || !c.appliesTo.includes('internal')) return [];
    const r = results.get(checkId) ?? { passed: 0, abnormal: 0, unknown: 0 };
    return [
      {
        reportId: row.id,
        checkId,
        kind: kind.id,
        kindName: kind.name,
        version: c.version,
        level: c.level,
        name: c.name,
        ...r,
      },
    ];
  });
  const list = all.filter(
    (c) =>
      (!input.level || c.level === input.level) &&
      (!input.checkId || c.checkId === input.checkId) &&
      (!input.abnormal || c.abnormal + c.unknown > 0),
  );
  const from = (input.pageNo - 1) * input.pageSize;
  return { list: list.slice(from, from + input.pageSize), total: list.length };
}

export async function errorPage(
  tx: Db,
  tenant: TenantContext,
  input: TListRequestBase & {
    reportId: number;
    checkId?: string | undefined;
    level?: TCheckLevel | undefined;
  },
): Promise<{ list: TCheckFinding[]; total: number }> {
  const row = await ownReport(tx, tenant, input.reportId);
  if (!row.checkingTaskId) return { list: [], total: 0 };
  const where = findingsWhere(tenant.enterpriseUuid, {
    taskId: row.checkingTaskId,
    checkId: input.checkId,
    level: input.level,
    outcomes: ['fail', 'unknown'],
  });
  const res = await findingsPage(tx, where, input);
  return { list: res.list.map(toFinding), total: res.total };
}
