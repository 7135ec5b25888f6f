import type { TenantContext } from '../../platform/context.ts';
import type { AppDeps } from '../../platform/context.ts';
import { startPeriodic, type PeriodicJob } from '../../platform/jobs/periodic.ts';
import { wakeTaskWorkers } from '../../platform/tasks/index.ts';
import { withTenant } from '../../platform/tenancy.ts';
import { monitoredEnterprises } from './repo.ts';
import { dayBefore, ensureReport, localDay } from './service.ts';

/*
 * The daily schedule: at MONITOR_DAILY_AT (server local time) the previous day becomes due, and every
 * enterprise monitoring applies to gets its report of it. Idempotent by the reports' unique (enterprise,
 * day) key, so the background processes of a scaled-out deployment may all run it, and a restart repeats
 * nothing; a report whose run could not start (another troubleshooting task was running) is tried again at
 * the next tick.
 */

/** Minutes after local midnight of "HH:MM". */
export function minutesOf(at: string): number {
  const [h, m] = at.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** The latest day whose report is due at `now`: yesterday once today's run time has passed. */
export function dueDay(now: Date, at: string): string {
  const today = localDay(now);
  return dayBefore(today, now.getHours() * 60 + now.getMinutes() >= minutesOf(at) ? 1 : 2);
}

/**
 * Makes the due day's reports (`now` is a parameter so tests fix the clock). Answers, per enterprise, the
 * report's id; an enterprise whose run fails to be created is logged and left for the next tick.
 */
export async function runDailyMonitoring(
  deps: AppDeps,
  now: Date,
  log: { error(obj: unknown, msg: string): void } = { error: () => undefined },
): Promise<Map<string, number>> {
  const day = dueDay(now, deps.config.MONITOR_DAILY_AT);
  const made = new Map<string, number>();
  for (const e of await monitoredEnterprises(deps.db)) {
    const tenant: TenantContext = {
      enterpriseUuid: e.uuid,
      userId: e.adminId,
      permissions: new Set(),
      dataScope: 'company',
      unconfigured: new Set(),
    };
    try {
      const report = await withTenant(deps.db, tenant, (tx) => ensureReport(tx, tenant, day, now));
      made.set(e.uuid, report.id);
    } catch (err) {
      log.error({ err, enterpriseUuid: e.uuid, day }, 'daily monitoring failed');
    }
  }
  wakeTaskWorkers();
  return made;
}

/** Checks every MONITOR_INTERVAL_MS whether a day's reports are due (worker processes). */
export function startDailyMonitoring(
  deps: AppDeps,
  opts: { intervalMs: number; log: { error(obj: unknown, msg: string): void } },
): PeriodicJob {
  return startPeriodic({
    name: 'daily monitoring',
    intervalMs: opts.intervalMs,
    log: opts.log,
    run: () => runDailyMonitoring(deps, new Date(), opts.log),
  });
}
