import type { TInput, api } from '@tracehub/contract';

/** Query keys of daily monitoring (/dailyMonitor). */
export const monitorKeys = {
  all: ['monitor'] as const,
  list: (request: TInput<typeof api.monitor.page>) => [...monitorKeys.all, 'list', request] as const,
  report: (reportId: number) => [...monitorKeys.all, 'report', reportId] as const,
  errors: (request: TInput<typeof api.monitor.errorPage>) => [...monitorKeys.all, 'errors', request] as const,
  checks: (request: TInput<typeof api.monitor.checkPage>) => [...monitorKeys.all, 'checks', request] as const,
};

/** Routes of the page and its hidden pages (menu-tree.ts dir 'DailyMonitor'). */
export const MONITOR_ROUTES = {
  list: '/dailyMonitor/dailyReport',
  detail: (reportId: number) => `/dailyMonitor/reportDetail?reportId=${reportId}`,
  errors: (reportId: number, checkId?: string) =>
    `/dailyMonitor/errorDetail?reportId=${reportId}${checkId ? `&checkId=${encodeURIComponent(checkId)}` : ''}`,
};

/** A positive integer id of a query parameter, or null. */
export function idParam(value: string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}
