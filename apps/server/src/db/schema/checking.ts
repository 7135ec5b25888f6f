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
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.vin] }),
    index('checking_vin_maps_task_idx').on(t.enterpriseUuid, t.taskId, t.complete, t.vin),
  ],
);
