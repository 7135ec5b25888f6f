import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/**
 * Daily reports (contract monitor.ts): one per enterprise and day, a thin record over the automatic
 * troubleshooting run that judged the day (checking_tasks). The unique (enterprise, day) key is what makes
 * the scheduler idempotent: a restart or a second worker inserts nothing. The run's counts are copied in
 * when it settles, so the list filters and sorts without the run's tables.
 */
export const dailyReports = pgTable(
  'daily_reports',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    /** The day monitored, YYYY-MM-DD (server local day). */
    reportDate: text('report_date').notNull(),
    state: text('state', { enum: ['notValidated', 'normal', 'abnormal'] })
      .notNull()
      .default('notValidated'),
    reason: text('reason', { enum: ['running', 'busy', 'noData', 'failed'] }),
    /** The checking task (and task-kit task) of the run; null while none could be created. */
    checkingTaskId: text('checking_task_id'),
    /**
     * When its current run was created: a run created before the day was over (an on-demand run of today)
     * saw part of the day, so the schedule runs the day again once it is due.
     */
    runStartedAt: timestamp('run_started_at', { withTimezone: true }),
    packageId: text('package_id').notNull(),
    packageVersion: integer('package_version').notNull(),
    packageHash: text('package_hash').notNull(),
    blockHeight: integer('block_height'),
    counts: jsonb('counts').$type<Record<string, number>>(),
    vinAmount: integer('vin_amount').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('daily_reports_enterprise_date_uq').on(t.enterpriseUuid, t.reportDate),
    index('daily_reports_task_idx').on(t.checkingTaskId),
  ],
);
