import { z } from 'zod';
import { ZCheckCounts, ZCheckFinding, ZCheckLevel } from './checking.ts';
import { endpoint } from './endpoint.ts';
import type { TBilingual } from './i18n/lang.ts';
import { listRequest, ZListResponse } from './list.ts';

/*
 * Daily monitoring (spec 2.2 /dailyMonitor, issue 16 item 6): every day a scheduled run checks each
 * enterprise's data of the previous day with its default rule package (the enabled risk rules are one of
 * its checks). A daily report is a thin record over an automatic troubleshooting run (contract checking.ts):
 * the day's scope is the records *imported* that day (created_at), so a record is monitored once, on the
 * day after it arrived, whatever its business date; days are the server's local days.
 */

/** The page of daily monitoring (menu-tree.ts dir 'DailyMonitor'): its code opens every endpoint. */
export const MONITOR_PAGE = 'DailyReport';

/**
 * Spec "Monitoring: not validated, normal, abnormal". notValidated: no finished run judged the day (queued
 * or running, the enterprise busy with another troubleshooting task, the run failed, or no record was
 * imported that day); normal: the run found no failing record; abnormal: at least one.
 */
export const MONITOR_STATES = ['notValidated', 'normal', 'abnormal'] as const;
export type TMonitorState = (typeof MONITOR_STATES)[number];
export const MONITOR_STATE_LABELS: Readonly<Record<TMonitorState, TBilingual>> = {
  notValidated: { zh: '未校验', en: 'Not validated' },
  normal: { zh: '正常', en: 'Normal' },
  abnormal: { zh: '异常', en: 'Abnormal' },
};

/** Why a report is not validated. */
export const MONITOR_REASONS = ['running', 'busy', 'noData', 'failed'] as const;
export type TMonitorReason = (typeof MONITOR_REASONS)[number];
export const MONITOR_REASON_LABELS: Readonly<Record<TMonitorReason, TBilingual>> = {
  running: { zh: '校验进行中', en: 'Validation under way' },
  busy: {
    zh: '企业有进行中的排查任务，稍后自动重试',
    en: 'Another troubleshooting task is running; retried automatically',
  },
  noData: { zh: '当日无导入数据', en: 'No data was imported that day' },
  failed: { zh: '校验任务失败', en: 'The validation run failed' },
};

/** A calendar day YYYY-MM-DD. */
export const ZMonitorDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'v.date.format')
  // A day that exists: 2026-02-30 does not survive the round trip.
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'v.date.format');

export const ZDailyReport = z.object({
  id: z.number().int(),
  date: z.string(),
  state: z.enum(MONITOR_STATES),
  reason: z.enum(MONITOR_REASONS).nullable(),
  /** The automatic troubleshooting run that judged the day (null while none could be created). */
  checkingTaskId: z.string().nullable(),
  packageId: z.string(),
  packageVersion: z.number().int(),
  packageHash: z.string(),
  /** The newest ledger block when the run started (its findings are provable against it). */
  blockHeight: z.number().int().nullable(),
  counts: ZCheckCounts,
  /** VINs the day's records concern. */
  vinAmount: z.number().int(),
  createdAt: z.number().int(),
  /** When the state was last decided (the run settled). */
  updatedAt: z.number().int(),
});
export type TDailyReport = z.infer<typeof ZDailyReport>;

/** One check's results in a report. */
export const ZMonitorCheckResult = z.object({
  /** The report it is a result of. */
  reportId: z.number().int(),
  checkId: z.string(),
  /** Its kind (contract checking.ts ZCheckKindInfo) and the kind's name. */
  kind: z.string(),
  kindName: z.object({ zh: z.string(), en: z.string() }),
  version: z.number().int(),
  level: ZCheckLevel,
  name: z.object({ zh: z.string(), en: z.string() }),
  passed: z.number().int(),
  abnormal: z.number().int(),
  unknown: z.number().int(),
});
export type TMonitorCheckResult = z.infer<typeof ZMonitorCheckResult>;

const ZReportRef = z.object({ reportId: z.coerce.number().int().positive() });

export const monitorEndpoints = {
  page: endpoint({
    method: 'POST',
    path: '/dailyMonitor/selectReportPage',
    input: listRequest({
      dateFrom: ZMonitorDate.optional(),
      dateTo: ZMonitorDate.optional(),
      state: z.enum(MONITOR_STATES).optional(),
    }),
    output: ZListResponse(ZDailyReport),
    auth: 'enterprise',
    permission: MONITOR_PAGE,
    tag: 'dailyMonitor',
    summary: "The enterprise's daily reports, newest day first: state, counts by level, package",
  }),
  detail: endpoint({
    method: 'POST',
    path: '/dailyMonitor/reportDetail',
    input: ZReportRef,
    output: z.object({ report: ZDailyReport }),
    auth: 'enterprise',
    permission: MONITOR_PAGE,
    tag: 'dailyMonitor',
    summary: 'A daily report: state, counts by level, package and block',
  }),
  checkPage: endpoint({
    method: 'POST',
    path: '/dailyMonitor/selectCheckPage',
    input: listRequest({
      reportId: z.coerce.number().int().positive(),
      level: ZCheckLevel.optional(),
      checkId: z.string().min(1).max(64).optional(),
      /** Only the checks with abnormal or unknown records. */
      abnormal: z.enum(['yes']).optional(),
    }),
    output: ZListResponse(ZMonitorCheckResult),
    auth: 'enterprise',
    permission: MONITOR_PAGE,
    tag: 'dailyMonitor',
    summary:
      "Each check of a report's package in its run: passed, abnormal and unknown counts, in the package's order",
  }),
  errorPage: endpoint({
    method: 'POST',
    path: '/dailyMonitor/selectErrorPage',
    input: listRequest({
      reportId: z.coerce.number().int().positive(),
      checkId: z.string().min(1).max(64).optional(),
      level: ZCheckLevel.optional(),
    }),
    output: ZListResponse(ZCheckFinding),
    auth: 'enterprise',
    permission: MONITOR_PAGE,
    tag: 'dailyMonitor',
    summary: "A report's abnormal records (failed or unknown), or one check's, most severe first",
  }),
  runNow: endpoint({
    method: 'POST',
    path: '/dailyMonitor/runNow',
    input: z.object({ date: ZMonitorDate }),
    output: ZDailyReport,
    auth: 'enterprise',
    permission: MONITOR_PAGE,
    tag: 'dailyMonitor',
    summary:
      "Runs the daily monitoring of a day now (today or earlier); a day's report is made once, a day whose run could not start (busy) is tried again",
  }),
};
