import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Troubleshooting tasks (contract checking.ts): the facts of one run beside its task-kit row (same id):
 * its scope, the rule package it ran (id, version, hash) and the newest ledger block when it started, so
 * any finding can be re-run and proven later; and its results (counts by level, VIN amounts, max level).
 */
export const checkingTasks = pgTable(
  'checking_tasks',
  {
    /** The task kit's task id. */
    id: text('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    taskType: text('task_type', { enum: ['internal', 'linked'] }).notNull(),
    source: text('source', { enum: ['manual', 'automatic'] })
      .notNull()
      .default('manual'),
    /** The check-scope settings as created (contract ZCheckTaskCreate's output). */
    scope: jsonb('scope').$type<Record<string, unknown>>().notNull(),
    packageId: text('package_id').notNull(),
    packageVersion: integer('package_version').notNull(),
    packageHash: text('package_hash').notNull(),
    checkIds: jsonb('check_ids').$type<string[]>().notNull(),
    blockHeight: integer('block_height'),
    counts: jsonb('counts').$type<Record<string, number>>(),
    vinAmount: integer('vin_amount').notNull().default(0),
    completeVinAmount: integer('complete_vin_amount').notNull().default(0),
    maxLevel: text('max_level'),
    createdAt: createdAt(),
  },
  (t) => [index('checking_tasks_enterprise_idx').on(t.enterpriseUuid, t.createdAt)],
);

/**
 * A finding of a task: one check's answer 'fail' or 'unknown' for one subject, or 'pass' with state
 * 'fixed' for a subject that failed in the enterprise's previous run. `identity` = SHA-256 of (check id,
 * subject), the same in every run, which tells new from still open.
 */
export const checkingFindings = pgTable(
  'checking_findings',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    taskId: text('task_id').notNull(),
    checkId: text('check_id').notNull(),
    checkVersion: integer('check_version').notNull(),
    level: text('level', { enum: ['fatal', 'urgent', 'minor'] }).notNull(),
    outcome: text('outcome', { enum: ['pass', 'fail', 'unknown'] }).notNull(),
    state: text('state', { enum: ['new', 'open', 'fixed'] }).notNull(),
    identity: text('identity').notNull(),
    subject: text('subject').notNull(),
    companyUuid: text('company_uuid').notNull(),
    /** VINs the subject concerns (for the complete VIN amount). */
    vins: jsonb('vins').$type<string[]>().notNull().default([]),
    messageZh: text('message_zh').notNull(),
    messageEn: text('message_en').notNull(),
    cited: jsonb('cited').$type<{ type: string; id: number; label: string }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('checking_findings_task_idx').on(t.enterpriseUuid, t.taskId, t.level, t.id),
    index('checking_findings_identity_idx').on(t.enterpriseUuid, t.identity),
  ],
);

/** Passes are kept too: per task and check, how many subjects passed. */
export const checkingPasses = pgTable(
  'checking_passes',
  {
    enterpriseUuid: text('enterprise_uuid').notNull(),
    taskId: text('task_id').notNull(),
    checkId: text('check_id').notNull(),
    passes: integer('passes').notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.checkId] })],
);

/**
 * A company abnormal-data task (contract checking.ts "Company abnormal-data tasks"): the failed findings of
 * a linked run that lie with one settled supplier, seen by the benchmark (`enterprise_uuid`, the enterprise
 * that ran it) and by the supplier (`company_uuid`). One live (not closed) task per pair: a rerun attaches
 * its findings to it instead of raising another (partial unique index). Names are copied at raise time
 * because neither side may read the other's enterprise row.
 */
export const checkingCompanyTasks = pgTable(
  'checking_company_tasks',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    companyUuid: text('company_uuid').notNull(),
    benchmarkName: text('benchmark_name').notNull(),
    benchmarkNameEn: text('benchmark_name_en').notNull().default(''),
    companyName: text('company_name').notNull(),
    companyNameEn: text('company_name_en').notNull().default(''),
    /** The run that raised it, and the newest run that attached findings to it. */
    firstRunId: text('first_run_id').notNull(),
    lastRunId: text('last_run_id').notNull(),
    state: text('state', {
      enum: ['pending', 'troubleshooting', 'processing', 'resolved', 'rejected', 'closed'],
    })
      .notNull()
      .default('pending'),
    result: text('result'),
    maxLevel: text('max_level', { enum: ['fatal', 'urgent', 'minor'] }).notNull(),
    openCount: integer('open_count').notNull().default(0),
    fixedCount: integer('fixed_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('checking_company_tasks_enterprise_idx').on(t.enterpriseUuid, t.updatedAt),
    index('checking_company_tasks_company_idx').on(t.companyUuid, t.updatedAt),
    uniqueIndex('checking_company_tasks_live_idx')
      .on(t.enterpriseUuid, t.companyUuid)
      .where(sql`state <> 'closed'`),
  ],
);

/**
 * The finding lines of a company task: copies of the benchmark's findings (message, level, cited records),
 * because checking_findings is the benchmark's alone and holds findings of other companies too. One line
 * per identity; a rerun marks it open again or fixed.
 */
export const checkingCompanyTaskFindings = pgTable(
  'checking_company_task_findings',
  {
    id: serial('id').primaryKey(),
    companyTaskId: integer('company_task_id').notNull(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    companyUuid: text('company_uuid').notNull(),
    identity: text('identity').notNull(),
    checkId: text('check_id').notNull(),
    level: text('level', { enum: ['fatal', 'urgent', 'minor'] }).notNull(),
    subject: text('subject').notNull(),
    state: text('state', { enum: ['open', 'fixed'] }).notNull(),
    messageZh: text('message_zh').notNull(),
    messageEn: text('message_en').notNull(),
    cited: jsonb('cited').$type<{ type: string; id: number; label: string }[]>().notNull(),
    /** The run that last saw it failing, or that saw it fixed. */
    lastRunId: text('last_run_id').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('checking_company_task_findings_identity_idx').on(t.companyTaskId, t.identity)],
);

/** Every transition of a company task, and every rerun that changed its findings: append-only. */
export const checkingCompanyTaskHistory = pgTable(
  'checking_company_task_history',
  {
    id: serial('id').primaryKey(),
    companyTaskId: integer('company_task_id').notNull(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    companyUuid: text('company_uuid').notNull(),
    /** A state-machine action, or 'raise' / 'rerun' written by a run. */
    action: text('action').notNull(),
    side: text('side', { enum: ['benchmark', 'supplier'] }).notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    result: text('result'),
    comment: text('comment'),
    /** Findings still open and fixed after a run (raise, rerun). */
    openCount: integer('open_count'),
    fixedCount: integer('fixed_count'),
    userId: integer('user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('checking_company_task_history_task_idx').on(t.companyTaskId, t.id)],
);

/**
 * A task's VIN map check (issue 16 item 4): per VIN of its scope, whether every branch of its chain reached
 * a source company when the task ran, and how many gaps it had of which kinds. The task's complete VIN
 * amount counts the complete rows.
 */
export const checkingVinMaps = pgTable(
  'checking_vin_maps',
  {
    enterpriseUuid: text('enterprise_uuid').notNull(),
    taskId: text('task_id').notNull(),
    vin: text('vin').notNull(),
    complete: boolean('complete').notNull(),
    gapCount: integer('gap_count').notNull(),
    gapKinds: jsonb('gap_kinds').$type<string[]>().notNull(),
    /** Validation result (spec 4 "Map check"): a failing finding of the run names this VIN. */
    abnormal: boolean('abnormal').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.vin] }),
    index('checking_vin_maps_task_idx').on(t.enterpriseUuid, t.taskId, t.complete, t.vin),
  ],
);
